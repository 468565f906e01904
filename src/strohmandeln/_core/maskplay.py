"""The mutable-mask card-play engine: random playouts with the card play on local masks.

This is the engine of the batch playouts (:mod:`strohmandeln.playouts`) and of the search's
rollouts (:func:`strohmandeln.analysis.search`), written for the compiled build: the card play
is one loop over local ``int`` masks, with no record, state object or tuple of legal actions made
between two cards, and no call but the generator's ``random()`` once per card (where an
announcement or a call may go with a legal card, the pipeline's functions say which, below).
In the interpreter the table-driven loop of :mod:`._core.playout` is faster, so the batch entry
points at the end of this module choose the engine by the build (:data:`COMPILED`); both give
the same records.

**The choice.** At every decision the action taken is ``legal[int(random() * len(legal))]`` of
the legal actions ``legal`` that the checked engine (:class:`~._core.engine.KernelState`) gives
there. Before the card play (a fold, the auction, the doubling: a handful of decisions) the
checked engine's own step for a legal decision makes each (what ``apply`` calls). In the card play:

* when the seat's legal actions are his plain plays only — no announcement (R17) or call (R18)
  can go with any of his legal cards, which :func:`~._core.plays.lead_plays` and
  :func:`~._core.plays.answer_plays` test the same way — they are the plain plays of the legal
  cards in canonical (increasing index) order, so the ``k``-th is the ``k``-th lowest set bit of
  the mask of legal cards, whose count is its population count: the engine finds the mask by
  R13 and R14 (:func:`legal_cards`, from the tiers :mod:`._core.duty` declares) and takes that
  bit, and builds no action at all;
* where only a call may go with a legal card (R18: Ross with XVII; Topschin with a led XVIII,
  where :func:`~._core.plays.topschin_allowed`), the legal actions are those plain plays followed
  by Ross, then Topschin, as :func:`~._core.plays.vary` orders them: an index past the plain
  plays is the call, whose effect :func:`~._core.plays.variant_info` works out, as ``apply`` does;
* where an announcement may go with one (R17: a whole Trull or four Kings in the hand, not yet
  announced, :func:`~._core.plays.announcement_options`), it takes the action from the tuple the
  checked pipeline builds (:func:`~._core.plays.lead_plays`, :func:`~._core.plays.answer_plays`)
  and reads its announcements and call with :func:`~._core.plays.variant_info`.

The card then moves as in :meth:`KernelState.apply <._core.engine.KernelState.apply>`: out of the
hand or off a face-up Strohmann top (R13), the trick decided by :data:`~._base.masks.BEATS`
(R15, the arithmetic the engine's :data:`~._core.tables.TRICK_OUTCOME` table is built from), the
cards below a played Strohmann card uncovered from the deal's ``uncover`` chains (R11, R12), the
trick packed into the record's cons list of tricks.

**Equivalence.** For every record ``c`` and generator state, :func:`play_out` returns the record,
field for field, that a loop of ``apply`` of ``legal[int(random() * len(legal))]`` from ``c``
reaches, and the number of actions that loop applies; it draws from the generator exactly as that
loop does. ``tests/test_maskplay.py`` checks this over random deals of every preset (hypothesis
and a fixed corpus), from fresh deals and from states in the middle of a deal, in both builds.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from .._base.masks import BEATS, BIT, KINGS, TRULL, XVII, XVIII
from ..actions import INTERNED, PLAIN
from ..rules import RuleSet
from ..table import Phase
from .deal import Deal
from .deal import shuffled_deal, uncovered
from .duty import ANY_CLASS, CLASS_UNION, TIER_CARDS
from .engine import _decide
from .formats import CALL_ROSS, CALL_TOPSCHIN, CARD, I_STROHMANN, L_INFO, L_STROHMANN, T_FOLLOWED, T_FOLLOWED_INFO, T_LED, T_LED_INFO, T_WINNER
from .plays import announcement_options, answer_plays, lead_plays, topschin_allowed, variant_info
from .playout import play_out as play_out_tables
from .record import LEGAL, PHASE, TURN, Record, initial

#: A source of uniform floats in [0, 1): ``random.Random.random``.
Uniform = Callable[[], float]

#: Whether this module runs compiled (its file is then an extension module): the batch entry
#: points below then play with :func:`play_out`, else with the table-driven loop of
#: :mod:`._core.playout`, which the interpreter runs faster (the same records, bit for bit).
COMPILED: Final = not __file__.endswith(".py")

_PLAY: Final = Phase.PLAY
_FINISHED: Final = Phase.FINISHED
_PLAIN: Final = PLAIN
_BEATS: Final = BEATS
_BIT: Final = BIT
#: R14's first two tiers for each led card, as card masks (:data:`._core.duty.TIER_CARDS`; the
#: last tier of every led card is any card, which needs no mask).
_TIER0: Final = tuple(tiers[0] for tiers in TIER_CARDS)
_TIER1: Final = tuple(tiers[1] for tiers in TIER_CARDS)
if any(len(tiers) > 3 or tiers[-1] != CLASS_UNION[ANY_CLASS] for tiers in TIER_CARDS):  # pragma: no cover
    raise ImportError("maskplay reads R14 as at most three tiers, the last any card")
_TRULL: Final = TRULL
_KINGS: Final = KINGS
_XVII_BIT: Final = BIT[XVII]
_XVIII_BIT: Final = BIT[XVIII]
#: The interned plays with a call (R18): Ross with XVII, Topschin with XVIII.
_ROSS: Final[Any] = INTERNED[XVII][0][CALL_ROSS]
_TOPSCHIN: Final[Any] = INTERNED[XVIII][0][CALL_TOPSCHIN]
# The population count's masks (54-bit masks: every value stays a small int when compiled).
_M1: Final = 0x55555555555555
_M2: Final = 0x33333333333333
_M4: Final = 0x0F0F0F0F0F0F0F


def legal_cards(avail: int, lead: int) -> int:
    """The cards a seat with the available cards ``avail`` (hand and face-up tops) may play: any
    on a lead (R13, ``lead`` -1), else those of R14's first tier that holds one of them
    (:mod:`._core.duty`: the led class, then the tarocks on a led suit, then any card) — the
    cards of :func:`~._core.plays.answer_plays` and :func:`~._core.duty.allowed`."""
    if lead < 0:
        return avail
    led = lead & CARD
    return avail & _TIER0[led] or avail & _TIER1[led] or avail


def popcount(m: int) -> int:
    """The number of cards of the mask ``m`` (bits 0-53)."""
    x = m - (m >> 1 & _M1)
    x = (x & _M2) + (x >> 2 & _M2)
    x = (x + (x >> 4)) & _M4
    x += x >> 8
    x += x >> 16
    x += x >> 32
    return x & 127


def play_out(c: Record, random: Uniform) -> tuple[Record, int]:
    """The final record of a random playout from ``c``, and the number of actions taken (see the
    module docstring)."""
    actions = 0
    while c[PHASE] is not _PLAY:  # a fold, the auction, the doubling (R7-R10)
        if c[TURN] < 0:
            return c, actions
        legal: tuple[Any, ...] = c[LEGAL]
        c = _decide(c, legal[int(random() * len(legal))])  # (a legal decision: apply's own step)
        actions += 1
    return play_cards(c, random, actions)


def play_cards(c: Record, random: Uniform, actions: int) -> tuple[Record, int]:
    """The card play of :func:`play_out` (R13-R18), from the record ``c`` of a moment of it, after
    ``actions`` actions."""
    # (typed for the compiled build, whose arithmetic on them is then native)
    d: Deal
    p: int
    h0: int
    h1: int
    t0: int
    t1: int
    w0: int
    w1: int
    lead: int
    ntr: int
    calls: int
    d, _, p, h0, h1, t0, t1, w0, w1, lead, ntr, calls, auc, hist, tricks, events, _, _ = c
    uncover = d.uncover
    vary0: bool = d.may_vary[0]
    vary1: bool = d.may_vary[1]
    call_cards: int = d.call_cards
    ann_cards: int = d.ann_cards
    total: int = d.tricks
    leadbit: int = _BIT[lead & CARD] if lead >= 0 else 0
    while True:
        if p == 0:
            hand = h0
            avail = h0 | t0
            may = vary0
        else:
            hand = h1
            avail = h1 | t1
            may = vary1
        # R13, R14: the legal cards (as legal_cards, written out: no call per card)
        if lead < 0:
            m = avail
        else:
            m = avail & _TIER0[lead & CARD]
            if not m:
                m = avail & _TIER1[lead & CARD]
                if not m:
                    m = avail
        info = 0
        bit: int
        i: int
        extra = 0  # (the calls after the plain plays, where no announcement may go with them)
        if may and (m & call_cards or (ann_cards and (hand & _TRULL == _TRULL or hand & _KINGS == _KINGS))):
            whole = ann_cards and (hand & _TRULL == _TRULL or hand & _KINGS == _KINGS)
            if whole and announcement_options(d, hand, calls, p):
                # An announcement may go with a legal card: the pipeline's actions.
                legal: tuple[Any, ...] = (
                    lead_plays(d, p, hand, avail, ntr, calls)[1] if lead < 0 else answer_plays(d, p, hand, avail, lead, ntr, calls)[1]
                )
                action: Any = legal[int(random() * float(len(legal)))]
                i = action.card.index
                bit = _BIT[i]
                if action is not _PLAIN[i]:
                    info, calls = variant_info(d, p, hand, lead, ntr, calls, action)
                extra = -1
            elif m & call_cards:
                # R18 only: the plain plays, then Ross with XVII, then Topschin with XVIII where
                # allowed (the order of plays.vary).
                if m & _XVII_BIT:
                    extra = 1
                if m & _XVIII_BIT and topschin_allowed(lead, ntr, calls, p):
                    extra |= 2
        if extra >= 0:
            # The plain plays of the cards of m, in increasing order: the k-th set bit.
            x = m - (m >> 1 & _M1)
            x = (x & _M2) + (x >> 2 & _M2)
            x = (x + (x >> 4)) & _M4
            x += x >> 8
            x += x >> 16
            x += x >> 32
            n = x & 127
            k = int(random() * float(n + (extra & 1) + (extra >> 1)))
            if k < n:
                while k:
                    m &= m - 1
                    k -= 1
                bit = m & -m
                i = bit.bit_length() - 1
            else:  # a call: Ross first, if it is legal (R18)
                action = _ROSS if k == n and extra & 1 else _TOPSCHIN
                i = action.card.index
                bit = _BIT[i]
                info, calls = variant_info(d, p, hand, lead, ntr, calls, action)
        actions += 1
        if lead < 0:  # a lead (R13): from the hand, else from a face-up Strohmann top
            lead = i | info << L_INFO if info else i
            leadbit = bit
            if p == 0:
                if h0 & bit:
                    h0 ^= bit
                else:
                    t0 ^= bit
                    lead |= L_STROHMANN
                p = 1
            else:
                if h1 & bit:
                    h1 ^= bit
                else:
                    t1 ^= bit
                    lead |= L_STROHMANN
                p = 0
            continue
        # The second card completes the trick (R15).
        led = lead & CARD
        if p == 0:
            if h0 & bit:
                h0 ^= bit
            else:
                t0 ^= bit
                info |= I_STROHMANN
        elif h1 & bit:
            h1 ^= bit
        else:
            t1 ^= bit
            info |= I_STROHMANN
        leader = 1 - p
        winner = p if _BEATS[led] & bit else leader
        if winner:
            w1 |= leadbit | bit
        else:
            w0 |= leadbit | bit
        packed = leader | led << T_LED | i << T_FOLLOWED | winner << T_WINNER
        ntr += 1
        # A card played from a Strohmann uncovers the one below it (R11, R12), the leader's first.
        if lead & L_STROHMANN or info & I_STROHMANN:
            h0, h1, t0, t1, events = uncovered(
                uncover[led] if lead & L_STROHMANN else None, uncover[i] if info & I_STROHMANN else None, ntr, h0, h1, t0, t1, events
            )
        if lead > CARD or info:  # (the cards' info: from a Strohmann, announcements, call)
            packed |= (lead >> L_INFO) << T_LED_INFO | info << T_FOLLOWED_INFO
        tricks = (tricks, packed)
        if ntr == total:
            return (d, _FINISHED, -1, h0, h1, t0, t1, w0, w1, -1, ntr, calls, auc, hist, tricks, events, (), 0), actions
        # The winner leads the next trick (R15).
        p = winner
        lead = -1


# --- the batch entry points -----------------------------------------------------------------


def fastest(c: Record, random: Uniform) -> tuple[Record, int]:
    """:func:`play_out` in the compiled build, the table-driven loop of :mod:`._core.playout` in
    the interpreter: the same final record and count of actions, by the faster engine."""
    if COMPILED:
        return play_out(c, random)
    return play_out_tables(c, random)


def deal_out(rules: RuleSet, dealer: int, rng: random.Random) -> tuple[Record, int]:
    """A deal shuffled with ``rng`` (as :func:`strohmandeln.deal` shuffles with ``rng=``) and
    played out at random with ``rng.random``: its final record, and the number of actions taken."""
    return fastest(initial(shuffled_deal(rules, dealer, rng.random)), rng.random)


def deals_out(rules: RuleSet, count: int, first_dealer: int, rng: random.Random) -> list[Record]:
    """The final records of ``count`` deals out of :func:`deal_out`, the dealer alternating from
    ``first_dealer``."""
    uniform = rng.random
    out: list[Record] = []
    for k in range(count):
        c = initial(shuffled_deal(rules, first_dealer ^ (k & 1), uniform))
        out.append(play_out(c, uniform)[0] if COMPILED else play_out_tables(c, uniform)[0])
    return out


def plays_out(records: list[Record], random: Uniform) -> list[Record]:
    """The final records of random playouts of ``records``, one after the other with the same
    ``random``: ``[fastest(c, random)[0] for c in records]``."""
    if COMPILED:
        return [play_out(c, random)[0] for c in records]
    return [play_out_tables(c, random)[0] for c in records]
