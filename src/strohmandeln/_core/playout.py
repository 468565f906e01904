"""Random playouts in one loop of the kernel: the engine of :mod:`strohmandeln.playouts`.

At every decision the loop takes the legal action at index ``int(random() * n)`` of the ``n``
legal actions. The decisions before the card play (a handful) go through
:func:`~._core.engine.step`. The card play runs here on the record's fields as local variables:
no record, state object or Python-level call is made for the moments in between. Its legal
actions come from the one pipeline of :mod:`._core.plays` (:func:`~._core.plays.lead_plays`,
:func:`~._core.plays.answer_plays`, :func:`~._core.plays.variant_info`), the winner of a trick
from the engine's table (R15) and what a Strohmann card uncovers from the deal (R11, R12); only
the bookkeeping of :meth:`KernelState.apply <._core.engine.KernelState.apply>` — take the card,
pack the trick — is written again here, and the tests check, over random deals of every preset,
that the final record is field for field the one a loop of ``apply`` makes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from .._base.masks import BIT
from ..actions import PLAIN
from ..rules import RuleSet
from ..table import Phase
from .deal import Deal, shuffled_deal, uncovered
from .engine import step
from .formats import CARD, I_STROHMANN, L_INFO, L_STROHMANN, T_FOLLOWED_INFO, T_LED_INFO
from .plays import answer_plays, lead_plays, variant_info
from .record import PHASE, TURN, Record, initial
from .tables import TRICK_OUTCOME

#: A source of uniform floats in [0, 1): ``random.Random.random``.
Uniform = Callable[[], float]

_PLAY: Final = Phase.PLAY
_FINISHED: Final = Phase.FINISHED
_PLAIN: Final = PLAIN


def play_out(c: Record, random: Uniform) -> tuple[Record, int]:
    """The final record of a random playout from ``c``, and the number of actions taken."""
    actions = 0
    while c[PHASE] is not _PLAY:  # a fold, the auction, the doubling (R7-R10)
        if c[TURN] < 0:
            return c, actions
        legal: tuple[Any, ...] = c[16]
        c = step(c, legal[int(random() * len(legal))])
        actions += 1
    return _play_cards(c, random, actions)


def _play_cards(c: Record, random: Uniform, actions: int) -> tuple[Record, int]:
    """The card play of :func:`play_out` (R13-R18), from the record ``c`` of a moment of it."""
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
    legal: tuple[Any, ...]
    d, _, p, h0, h1, t0, t1, w0, w1, lead, ntr, calls, auc, hist, tricks, events, legal, _ = c
    uncover = d.uncover
    while True:
        nf = float(len(legal))  # (native arithmetic when compiled)
        action: Any = legal[int(random() * nf)]  # (a Play: only plays are legal now)
        actions += 1
        i: int = action.card.index
        bit = BIT[i]
        info = 0
        if action is not _PLAIN[i]:  # with announcements or a call (R17, R18)
            info, calls = variant_info(d, p, h0 if p == 0 else h1, lead, ntr, calls, action)
        if lead < 0:  # a lead (R13): from the hand, else from a face-up Strohmann top
            lead = i | info << L_INFO if info else i
            if p == 0:
                if h0 & bit:
                    h0 ^= bit
                else:
                    t0 ^= bit
                    lead |= L_STROHMANN
                p = 1
                legal = answer_plays(d, 1, h1, h1 | t1, lead, ntr, calls)[1]
            else:
                if h1 & bit:
                    h1 ^= bit
                else:
                    t1 ^= bit
                    lead |= L_STROHMANN
                p = 0
                legal = answer_plays(d, 0, h0, h0 | t0, lead, ntr, calls)[1]
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
        winner: int
        pair: int
        packed: int
        winner, pair, packed = TRICK_OUTCOME[p][led << 6 | i]
        if winner:
            w1 |= pair
        else:
            w0 |= pair
        ntr += 1
        # A card played from a Strohmann uncovers the one below it (R11, R12), the leader's first.
        if lead & L_STROHMANN or info & I_STROHMANN:
            h0, h1, t0, t1, events = uncovered(
                uncover[led] if lead & L_STROHMANN else None, uncover[i] if info & I_STROHMANN else None, ntr, h0, h1, t0, t1, events
            )
        if lead > CARD or info:  # (the cards' info: from a Strohmann, announcements, call)
            packed |= (lead >> L_INFO) << T_LED_INFO | info << T_FOLLOWED_INFO
        tricks = (tricks, packed)
        if ntr == d.tricks:
            return (d, _FINISHED, -1, h0, h1, t0, t1, w0, w1, -1, ntr, calls, auc, hist, tricks, events, (), 0), actions
        # The winner leads the next trick (R15).
        p = winner
        lead = -1
        if winner:
            legal = lead_plays(d, 1, h1, h1 | t1, ntr, calls)[1]
        else:
            legal = lead_plays(d, 0, h0, h0 | t0, ntr, calls)[1]


def deal_out(rules: RuleSet, dealer: int, random: Uniform) -> tuple[Record, int]:
    """A deal shuffled with ``random`` (as :func:`strohmandeln.deal` shuffles with ``rng=``) and
    played out at random: its final record, and the number of actions taken."""
    return play_out(initial(shuffled_deal(rules, dealer, random)), random)
