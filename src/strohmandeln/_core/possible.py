"""Whether a position could come from a deal: what R11, R12 and R14 say about its set-up.

:func:`.setup.build` checks that a position's cards add up; this module checks what the rules of
uncovering (R11, R12) and following (R14) say about a seat's *hand* at the position, which the
counts alone do not see. Each check refuses only what no deal produces; where a deal might
explain the position, it accepts — the set-up leaves much unsaid (a set-up trick does not say
whether a card came from the hand or a Strohmann, nor when each Strohmann card was turned).

**R14 on the set-up tricks given card by card.** In such a trick the follower played a card of
another class than the led one: he had none of the led class in his hand nor on a face-up
Strohmann top, and if he played a suit on a suit, no tarock either (the *lacked* cards,
:func:`~strohmandeln._core.duty.lacked`, the inverse of R14's one declaration). What
was his hand then? His hand at the position and the cards he played in the later set-up tricks
came from his hand then, from a later take-up (R11: a tarock or a King turned up; R12: the last
card of a Strohmann, whatever it is), or from a Strohmann top; and a Strohmann only ever loses
cards. So, for the follower:

* a Strohmann of his that still holds all the cards it was dealt (R6; a *full* one) lost none:
  its top has lain face up since the uncovering, so a lacked top refuses the position;
* if all three of his Strohmänner are full, he never took a card up nor played one from a
  Strohmann: every card of his hand at the position and every card he played in a later set-up
  trick was in his hand then — a lacked one refuses the position;
* else, if none of his Strohmänner is empty, he never took up a last card (R12): every card of
  his hand at the position that is neither a tarock nor a King was in his hand then (it was
  dealt to him) — a lacked one refuses the position;
* else (a Strohmann of his is empty) nothing is decided: any card of his hand may be the last
  card of that Strohmann, taken up after the trick. Counting arguments (more hearts in his hand
  than the cards gone from his Strohmänner could explain) are not made, so that every check here
  is one of single cards, which the sampler can respect (:func:`set_up_voids`).

Tricks given only as won cards (``won``) are paired by the set-up, not played: they say nothing.

**R11 before the first trick.** A position with no set-up trick is the moment after the
uncovering. A Strohmann that holds fewer cards than it was dealt lost only cards turned up and
taken into the hand: tarocks and Kings (R11), and, if it is empty, its last card whatever it is
(R12). So its owner's hand holds at least as many tarocks and Kings as his Strohmänner lost
(an empty one: all but its last card) — :func:`uncovered_need`; with that many, a deal exists
(those cards were on top of the Strohmänner, the rest was dealt to the hand).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._base.masks import TAKE_UP, bits, lowest
from ..cards import DECK_54
from ..errors import DeckError, Reason
from .duty import TIER_CARDS, lacked, reason, tier_of
from .formats import CARD, T_FOLLOWED, T_LED, trick_followed, trick_led
from .ruledata import RuleData


def pile_state(data: RuleData, sizes: Sequence[int], seat: int) -> tuple[bool, bool]:
    """Whether all of ``seat``'s Strohmänner hold the cards they were dealt, and whether none of
    them is empty (``sizes``: each Strohmann's cards, seat * 3 + k)."""
    full = True
    filled = True
    for k in range(3):
        n = sizes[3 * seat + k]
        if n != data.strohmann_sizes[k]:
            full = False
        if n == 0:
            filled = False
    return full, filled


def _answer(data: RuleData, t: int, sizes: Sequence[int]) -> tuple[int, int, int, bool]:
    """What the packed set-up trick ``t`` given card by card says of its follower (module
    docstring): his seat, the cards he showed he lacked (R14), those of them his hand at the
    position cannot hold, and whether all his Strohmänner are full (then his later set-up plays
    cannot hold them either); ``sizes``: each Strohmann's cards at the position."""
    f = 1 - (t & 1)
    gone = lacked(trick_led(t), trick_followed(t))
    if not gone:
        return f, 0, 0, False
    full, filled = pile_state(data, sizes, f)
    return f, gone, gone if full else gone & ~TAKE_UP if filled else 0, full


def set_up_voids(data: RuleData, given: Sequence[int], sizes: Sequence[int]) -> tuple[int, int]:
    """Per seat: the cards his hand at the position cannot hold, by R14 on the packed set-up
    tricks ``given`` card by card (module docstring; ``sizes``: each Strohmann's cards at the
    position)."""
    out = [0, 0]
    for t in given:
        f, _, void, _ = _answer(data, t, sizes)
        out[f] |= void
    return out[0], out[1]


def uncovered_need(data: RuleData, sizes: Sequence[int], seat: int) -> int:
    """The tarocks and Kings ``seat``'s hand holds at least at a position with no set-up trick:
    one for each card his Strohmänner lost, but the last card of an empty one (R11, R12)."""
    need = 0
    for k in range(3):
        dealt = data.strohmann_sizes[k]
        n = sizes[3 * seat + k]
        need += dealt - n if n else max(dealt - 1, 0)
    return need


def check(data: RuleData, hands: Sequence[int], piles: Sequence[Sequence[int]], given: Sequence[int], ntr: int) -> None:
    """Refuse a position that no deal produces by R11, R12 or R14 (module docstring): its hands
    (card masks), Strohmänner (card indices, top first, seat * 3 + k), packed set-up tricks
    given card by card and number of set-up tricks.

    :raises DeckError: ``must_follow_suit``, ``must_follow_suit_from_strohmann`` or
        ``must_play_tarock`` for a set-up trick that broke R14; ``wrong_deck_size`` for a
        Strohmann that lost cards before the first trick that no take-up explains.
    """
    sizes = [len(pile) for pile in piles]
    for i, t in enumerate(given):
        f, gone, void, full = _answer(data, t, sizes)
        if not gone:
            continue
        led = trick_led(t)
        where = f"tricks[{i}]: seat {f} answered {DECK_54[led]} with {DECK_54[trick_followed(t)]}"
        for k in range(3):
            pile = piles[3 * f + k]
            if pile and len(pile) == data.strohmann_sizes[k] and 1 << pile[0] & gone:
                raise DeckError(
                    Reason.MUST_FOLLOW_SUIT_FROM_STROHMANN,
                    f"{where}, but {DECK_54[pile[0]]} lay face up on his Strohmann {k}, which has lost no card since (R14)",
                )
        if not void:
            continue
        if full:
            later = 0
            for u in given[i + 1 :]:
                later |= 1 << (u >> (T_FOLLOWED if u & 1 != f else T_LED) & CARD)
            bad = (hands[f] | later) & void
            why = "his Strohmänner have lost no card, so it was in his hand then"
        else:
            bad = hands[f] & void
            why = "none of his Strohmänner is empty, so it was dealt to his hand (R11, R12)"
        if bad:
            tier = min(tier_of(led, c) for c in bits(bad))  # (the first tier he broke: R14's reason)
            card = lowest(bad & TIER_CARDS[led][tier])
            raise DeckError(reason(led, tier), f"{where} while holding {DECK_54[card]}: {why} (R14)")
    if ntr:
        return
    for s in (0, 1):
        need = uncovered_need(data, sizes, s)
        have = (hands[s] & TAKE_UP).bit_count()
        if have < need:
            raise DeckError(
                Reason.WRONG_DECK_SIZE,
                f"before the first trick, seat {s}'s Strohmänner lack {need} turned-up tarocks or Kings "
                f"(R11, R12), but his hand holds {have}",
            )
