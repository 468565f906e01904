"""R14, the duty to follow, declared once: the rule, its explanation and its inverse.

A follower answers from the first of these *tiers* that holds a card he may play (one in his hand
or face up on one of his Strohmänner, R13):

1. the led class — the tarocks, or the led suit;
2. the tarocks, if a suit was led;
3. any card.

:data:`TIERS` declares it, for each led card, as sets of classes (bit ``k``: class ``k`` of
:data:`~strohmandeln._base.masks.CLASS`, bit 0 the tarocks). Every other use of R14 is derived
from that one declaration:

* **the rule** — :func:`allowed`: the cards a follower may play; the card play's tables
  (:data:`strohmandeln._core.tables.DUTY`, read by :func:`strohmandeln._core.plays.answer_plays`)
  are built from the same tiers;
* **the explanation** — :func:`binding`: the tier that bound a follower, whose :func:`reason`
  a refusal names (:func:`strohmandeln._core.plays.play_refusal`, and the set-up check of
  :func:`strohmandeln._core.possible.check`);
* **the inverse** — :func:`lacked_classes`: what a follower who played a card of a later tier
  showed he did not have, every card of the tiers before it (the sampler's
  :data:`strohmandeln._core.sampling.constraints.LACKED`, and :func:`lacked` for
  :mod:`strohmandeln._core.possible`).
"""

from __future__ import annotations

from typing import Final

from .._base.masks import CARDS, CLASS, CLASS_MASKS
from ..errors import Reason

#: Every class: the last tier, any card.
ANY_CLASS: Final = (1 << len(CLASS_MASKS)) - 1
#: The tarocks' class bit.
TAROCK_CLASS: Final = 1 << 0
#: ``CLASS_UNION[classes]``: the cards of a set of classes (bit ``k``: class ``k``).
CLASS_UNION: Final = tuple(sum(m for k, m in enumerate(CLASS_MASKS) if classes >> k & 1) for classes in range(ANY_CLASS + 1))


def _tiers(led: int) -> tuple[int, ...]:
    """R14: the tiers a follower answers ``led`` from, in order (module docstring)."""
    own = 1 << CLASS[led]
    return (own, ANY_CLASS) if own == TAROCK_CLASS else (own, TAROCK_CLASS, ANY_CLASS)


#: ``TIERS[led]``: R14's tiers for the led card ``led``, as class sets, in order.
TIERS: Final = tuple(_tiers(led) for led in range(CARDS))
#: ``TIER_CARDS[led]``: the same tiers as card masks.
TIER_CARDS: Final = tuple(tuple(CLASS_UNION[t] for t in tiers) for tiers in TIERS)


def binding(led: int, avail: int) -> int:
    """The tier (an index of ``TIERS[led]``) that binds a follower of ``led`` who may play the
    cards ``avail``: the first that holds one of them (the last, any card, when he has one)."""
    for k, cards in enumerate(TIER_CARDS[led]):
        if avail & cards:
            return k
    return len(TIERS[led]) - 1


def allowed(led: int, avail: int) -> int:
    """R14: the cards of ``avail`` a follower of ``led`` may play: those of the binding tier."""
    return avail & TIER_CARDS[led][binding(led, avail)]


def tier_of(led: int, card: int) -> int:
    """The first tier of ``led`` that holds the card ``card`` (an index of ``TIERS[led]``)."""
    bit = 1 << CLASS[card]
    for k, tier in enumerate(TIERS[led]):
        if tier & bit:
            return k
    raise AssertionError("R14's last tier holds every class")


def lacked_classes(led: int, followed: int) -> int:
    """The classes a follower who answered ``led`` with ``followed`` showed he lacked (R14): those
    of every tier before the first that holds ``followed`` (0 for a card of the led class)."""
    out = 0
    for tier in TIERS[led][: tier_of(led, followed)]:
        out |= tier
    return out


def lacked(led: int, followed: int) -> int:
    """The cards of :func:`lacked_classes`."""
    return CLASS_UNION[lacked_classes(led, followed)]


def reason(led: int, tier: int) -> Reason:
    """The refusal of a card outside the binding tier ``tier`` of ``led``: ``must_follow_suit``
    where the led suit bound him, else ``must_play_tarock`` (a tarock led, or a suit he lacks).
    Where the led suit lies face up on his Strohmann only, the caller says so
    (``must_follow_suit_from_strohmann``)."""
    return Reason.MUST_FOLLOW_SUIT if TIERS[led][tier] != TAROCK_CLASS else Reason.MUST_PLAY_TAROCK
