"""Exact minimax over the rest of a card play, on card points (R2, R4, R15) or on the deal's
final score in game points (R17-R26): the search of :func:`strohmandeln.analysis.solve`.

:func:`values` values every legal action of the seat to move. The search runs on the record's
masks as local variables, a trick at a time: the leader's legal cards and then the follower's
come from the one pipeline of :mod:`._core.plays` (:func:`~._core.plays.lead_plays`,
:func:`~._core.plays.answer_plays`, with the announcements and calls of
:func:`~._core.plays.variant_info`), the trick's winner from the engine's table (R15) and what a
Strohmann card uncovers from the deal (R11, R12, every face-down card being known to the
search); only the taking of a card and the packing of a trick are written again, as in the batch
playouts. The score of a finished line is :func:`~._core.scoring.result_of_parts`'s, the one
scorer of the library.

**The search.** Alpha-beta with a transposition table of bounds keyed at the start of each
trick, the table's best card tried first and the others strongest first; each root action is
valued by MTD(f) — null-window searches that close in on its exact value from the previous
action's — sharing the table.

* *On card points* the value of a position is what seat 0 wins from now on, so positions with
  the same cards left in the same places merge, however the cards already played were split.
* *On game points* the value is the final score, which depends on the past as well. The key
  adds what the scorer reads of it: seat 0's card points, which of the cards whose winner a check
  reads he won (:data:`~._core.bonuses.WON_CARDS`: the Trull, the Kings, the Sküs and the XXI),
  whether each seat won a trick (Valat), the calls field, and each trick played during the search
  that a check reads, with its number — a bird's own trick (the last four) if it holds the bird,
  the trick of a Ross call and the next, the Sküs's trick (:data:`~._core.bonuses.TRICK_CARDS`).
  No check reads the other tricks, and those before the search are the same for every line.
  Announcements and calls are searched as moves of their own.
* *Equivalent cards*: of two hand cards of one seat that are next to each other among the cards
  still in play, of one class and worth the same, only the higher is searched (never one a bonus
  names, on game points): they win and lose the same tricks.

``tests/test_analysis.py`` checks both against a plain minimax through the public API on random
positions of every preset, in both builds.
"""

from __future__ import annotations

from typing import Any, Final

from .._base.masks import BIT, FOLLOW_MASK
from ..actions import PLAIN, Action
from ..rules import Bonus
from .bonuses import TRICK_CARDS, WON_CARDS
from .deal import Deal
from .formats import C_ROSS, CARD, I_STROHMANN, INFO_MASK, L_INFO, L_STROHMANN, T_FOLLOWED_INFO, T_LED_INFO
from .plays import answer_plays, lead_plays, variant_info
from .ruledata import RuleData
from .record import AUC, CALLS, DEAL, H0, H1, LEAD, LEGAL, LMASK, NTR, T0, T1, TRICKS, TURN, W0, W1, Record
from .scoring import result_of_parts
from .tables import TRICK_OUTCOME

_INF: Final = 1 << 14
#: Bounds in the table: ``lo + _OFF | (hi + _OFF) << 16 | (card + 1) << 32``.
_OFF: Final = 1 << 15
_LOW: Final = 0xFFFF
_PLAIN: Final = PLAIN
_OUTCOME: Final = TRICK_OUTCOME
#: A move: the card, its play info from bit ``_INFO`` and the calls field after it from ``_CALLS``.
_INFO: Final = 6
_CALLS: Final = 11


def values(c: Record, game: bool) -> tuple[int, list[tuple[Action, int]], int]:
    """The seat to move in the card play of ``c``, each of his legal actions (in their order)
    with its value with best play by both sides afterwards — his net game points at the end of
    the deal (multiplier 1) if ``game``, else his card points at the end of the deal in thirds
    (those won already included; a play's announcements and call do not change them) — and the
    number of positions searched."""
    search = _Search(c, game)
    p: int = c[TURN]
    legal: tuple[Any, ...] = c[LEGAL]
    out: list[tuple[Action, int]] = []
    guess = 0
    plain: dict[int, int] = {}
    for action in legal:
        i: int = action.card.index
        if not game and i in plain:  # (a variant: the same card points as its plain play)
            out.append((action, plain[i]))
            continue
        v = search.root_value(action, guess)
        guess = v
        plain[i] = v
        out.append((action, v))
    if game:
        return p, [(a, v if p == 0 else -v) for a, v in out], search.nodes
    d: Deal = c[DEAL]
    data = d.data
    w0: int = c[W0]
    w1: int = c[W1]
    remaining = data.thirds_of(data.deck_mask & ~(w0 | w1))
    mine = data.thirds_of(w0 if p == 0 else w1)
    return p, [(a, mine + (v if p == 0 else remaining - v)) for a, v in out], search.nodes


class _Search:
    """The search of one position: seat 0 maximises, seat 1 minimises; on card points the value
    is seat 0's card points won from a position on, on game points seat 0's final score."""

    def __init__(self, c: Record, game: bool) -> None:
        d: Deal = c[DEAL]
        self.c = c
        self.d = d
        self.game = game
        self.uncover: list[Any] = d.uncover
        self.thirds: tuple[int, ...] = d.data.thirds
        self.tricks: int = d.tricks
        self.table: dict[Any, int] = {}
        self.leaves: dict[Any, int] = {}
        self.nodes = 0
        self.auc: Any = c[AUC]
        # (on card points the calls never matter: the variants of a card gain what it gains)
        self.vary: bool = game and (d.may_vary[0] or d.may_vary[1])
        special = 0
        won = 0
        keep = 0
        tricks = d.tricks
        birds = [0] * (tricks + 1)
        ross = False
        mondfang = 0
        if game:
            for bonus, _ in d.data.scoring.bonuses:
                cards = TRICK_CARDS[bonus]
                special |= cards
                won |= WON_CARDS[bonus]
                # What the checks read of a trick (bonuses.py): a bird the trick it must win,
                # Rostopschin the trick of the call and the next, Mondfang the Sküs's trick.
                from_end = bonus.bird_trick_from_end
                if from_end is not None and from_end <= tricks:
                    birds[tricks - from_end] |= cards
                elif bonus is Bonus.ROSTOPSCHIN:
                    ross = True
                elif cards:
                    mondfang |= cards
            keep = special | won | d.ann_cards | d.call_cards
        self.data: RuleData = d.data
        self.deck: int = d.deck_mask
        #: by trick number, the birds whose trick it is; whether a Ross call's tricks and the
        #: Sküs's (its Mondfang) are read; the cards whose winner is read (game points)
        self.birds: list[int] = birds
        self.ross: bool = ross
        self.mondfang: int = mondfang
        self.won: int = won
        #: the cards never merged with an equivalent one: on game points, every bonus's
        self.keep: int = keep

    # --- the root ----------------------------------------------------------------------------

    def root_value(self, action: Any, guess: int) -> int:
        """Seat 0's value after the root's ``action`` (MTD(f) from ``guess``)."""
        lo = -_INF
        hi = _INF
        g = guess
        while lo < hi:
            beta = g + 1 if g == lo else g
            g = self.root_bound(action, beta - 1, beta)
            if g < beta:
                hi = g
            else:
                lo = g
        return g

    def root_bound(self, action: Any, alpha: int, beta: int) -> int:
        """Alpha-beta on the value after the root's ``action`` (fail-soft)."""
        c = self.c
        d = self.d
        p: int = c[TURN]
        h0: int = c[H0]
        h1: int = c[H1]
        t0: int = c[T0]
        t1: int = c[T1]
        lead: int = c[LEAD]
        ntr: int = c[NTR]
        calls: int = c[CALLS]
        i: int = action.card.index
        info = 0
        if action is not _PLAIN[i]:
            info, calls = variant_info(d, p, h0 if p == 0 else h1, lead, ntr, calls, action)
        if lead >= 0:
            return self.finish(p, i, info, lead, h0, h1, t0, t1, ntr, calls, c[W0], c[W1], c[TRICKS], 0, alpha, beta)
        return self.led(p, i, info, calls, h0, h1, t0, t1, ntr, c[W0], c[W1], c[TRICKS], 0, alpha, beta)

    # --- a trick ------------------------------------------------------------------------------

    def lead(
        self, p: int, h0: int, h1: int, t0: int, t1: int, ntr: int, calls: int, w0: int, w1: int, tricks: Any, digest: int, alpha: int, beta: int
    ) -> int:
        """Seat 0's value of the start of a trick that ``p`` leads (fail-soft alpha-beta)."""
        self.nodes += 1
        game = self.game
        if game:
            key: Any = (h0, h1, t0, t1, p, self.data.thirds_of(w0), w0 & self.won, w0 == 0, w1 == 0, calls, digest)
        else:
            key = (h0, h1, t0, t1, p)
        table = self.table
        entry = table.get(key)
        first = -1
        if entry is not None:
            lo = (entry & _LOW) - _OFF
            hi = (entry >> 16 & _LOW) - _OFF
            if lo >= beta:
                return lo
            if hi <= alpha or lo == hi:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
            first = (entry >> 32) - 1
        else:
            lo = -_INF
            hi = _INF
        d = self.d
        live = self.deck & ~(w0 | w1)
        if p == 0:
            m, legal = lead_plays(d, 0, h0, h0 | t0, ntr, calls)
            hand = h0
        else:
            m, legal = lead_plays(d, 1, h1, h1 | t1, ntr, calls)
            hand = h1
        nplain = m.bit_count()
        m = _distinct(m, hand, live, self.thirds, self.keep)
        maximise = p == 0
        best = -_INF if maximise else _INF
        best_card = -1
        a = alpha
        b = beta
        # The table's best card first, then the others strongest first, then the variants.
        for move in self.moves(p, hand, -1, ntr, calls, m, legal, nplain, first):
            i = move & CARD
            v = self.led(p, i, move >> _INFO & INFO_MASK, move >> _CALLS, h0, h1, t0, t1, ntr, w0, w1, tricks, digest, a, b)
            if maximise:
                if v > best:
                    best = v
                    best_card = i
                    if v > a:
                        a = v
            elif v < best:
                best = v
                best_card = i
                if v < b:
                    b = v
            if a >= b:
                break
        if best <= alpha:
            if best < hi:
                hi = best
        elif best >= beta:
            if best > lo:
                lo = best
        else:
            lo = hi = best
        table[key] = (lo + _OFF) | (hi + _OFF) << 16 | (best_card + 1) << 32
        return best

    def answer(
        self, q: int, lead: int, h0: int, h1: int, t0: int, t1: int, ntr: int, calls: int, w0: int, w1: int, tricks: Any, digest: int, alpha: int, beta: int
    ) -> int:
        """Seat 0's value once ``lead`` is led and ``q`` is to answer it."""
        d = self.d
        if q == 0:
            m, legal = answer_plays(d, 0, h0, h0 | t0, lead, ntr, calls)
        else:
            m, legal = answer_plays(d, 1, h1, h1 | t1, lead, ntr, calls)
        maximise = q == 0
        best = -_INF if maximise else _INF
        hand = h0 if q == 0 else h1
        nplain = m.bit_count()
        m = _distinct(m, hand, self.deck & ~(w0 | w1), self.thirds, self.keep)
        for move in self.moves(q, hand, lead, ntr, calls, m, legal, nplain, -1):
            v = self.finish(q, move & CARD, move >> _INFO & INFO_MASK, lead, h0, h1, t0, t1, ntr, move >> _CALLS, w0, w1, tricks, digest, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best

    def moves(self, p: int, hand: int, lead: int, ntr: int, calls: int, m: int, legal: tuple[Any, ...], nplain: int, first: int) -> list[int]:
        """The moves of seat ``p`` to search, each ``card | info << _INFO | calls << _CALLS``
        (the play info and the calls field after it): the cards of ``m`` — ``first`` first, then
        the strongest first — and on game points each variant of the legal actions after their
        ``nplain`` plain plays (announcements and calls, R17, R18)."""
        out = _order(m, first)
        if calls:
            out = [i | calls << _CALLS for i in out]
        if self.vary and len(legal) > nplain:
            d = self.d
            action: Any
            for action in legal[nplain:]:
                info, ncalls = variant_info(d, p, hand, lead, ntr, calls, action)
                out.append(action.card.index | info << _INFO | ncalls << _CALLS)
        return out

    def led(
        self, p: int, i: int, info: int, calls: int, h0: int, h1: int, t0: int, t1: int, ntr: int, w0: int, w1: int, tricks: Any, digest: int, alpha: int, beta: int
    ) -> int:
        """Seat 0's value once ``p`` leads card ``i`` (with ``info``; ``calls`` after it): from
        the hand, else from a face-up Strohmann top (R13)."""
        bit = BIT[i]
        code = i | info << L_INFO
        if p == 0:
            if h0 & bit:
                h0 ^= bit
            else:
                t0 ^= bit
                code |= L_STROHMANN
        elif h1 & bit:
            h1 ^= bit
        else:
            t1 ^= bit
            code |= L_STROHMANN
        return self.answer(1 - p, code, h0, h1, t0, t1, ntr, calls, w0, w1, tricks, digest, alpha, beta)

    def finish(
        self,
        q: int,
        i: int,
        info: int,
        lead: int,
        h0: int,
        h1: int,
        t0: int,
        t1: int,
        ntr: int,
        calls: int,
        w0: int,
        w1: int,
        tricks: Any,
        digest: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Seat 0's value once ``q`` plays card ``i`` (with ``info``) on ``lead``: the trick
        is complete (R15), the Strohmänner uncover (R11, R12) and the winner leads."""
        bit = BIT[i]
        if q == 0:
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
        led = lead & CARD
        winner: int
        pair: int
        packed: int
        winner, pair, packed = _OUTCOME[q][led << 6 | i]
        if winner:
            w1 |= pair
        else:
            w0 |= pair
        if lead & L_STROHMANN:
            u: Any = self.uncover[led]
            if u is not None:
                if u[2] & 1:
                    h1 |= u[0]
                    t1 |= u[1]
                else:
                    h0 |= u[0]
                    t0 |= u[1]
        if info & I_STROHMANN:
            u = self.uncover[i]
            if u is not None:
                if u[2] & 1:
                    h1 |= u[0]
                    t1 |= u[1]
                else:
                    h0 |= u[0]
                    t0 |= u[1]
        if self.game:
            if lead > CARD or info:
                packed |= (lead >> L_INFO) << T_LED_INFO | info << T_FOLLOWED_INFO
            if pair & (self.birds[ntr] | self.mondfang) or self.ross and _ross_trick(calls, ntr):
                digest = digest << 29 | ntr << 24 | packed
            tricks = (tricks, packed)
            if ntr + 1 == self.tricks:
                return self.leaf(w0, w1, calls, tricks, digest)
            return self.lead(winner, h0, h1, t0, t1, ntr + 1, calls, w0, w1, tricks, digest, alpha, beta)
        gain = 0
        if not winner:
            gain = self.thirds[led] + self.thirds[i]
        if ntr + 1 == self.tricks:
            return gain
        return gain + self.lead(winner, h0, h1, t0, t1, ntr + 1, calls, w0, w1, tricks, digest, alpha - gain, beta - gain)

    def leaf(self, w0: int, w1: int, calls: int, tricks: Any, digest: int) -> int:
        """Seat 0's final score of a finished line (the scorer's, remembered by what it reads)."""
        key = (self.data.thirds_of(w0), w0 & self.won, w0 == 0, w1 == 0, calls, digest)
        v = self.leaves.get(key)
        if v is None:
            d = self.d
            result = result_of_parts(d.data, d.rules.name, d.dealer, w0, w1, self.auc, calls, tricks, self.tricks, 1)
            v = self.leaves[key] = result.totals[0]
        return v


def _order(m: int, first: int) -> list[int]:
    """The cards of ``m``: ``first`` first (if it is one of them), then strongest first."""
    out: list[int] = []
    if first >= 0 and m >> first & 1:
        out.append(first)
        m ^= BIT[first]
    while m:
        i = m.bit_length() - 1
        out.append(i)
        m ^= BIT[i]
    return out



#: The cards of each card's class above it.
_ABOVE: Final = tuple(FOLLOW_MASK[i] & ~((2 << i) - 1) for i in range(54))


def _distinct(m: int, hand: int, live: int, thirds: tuple[int, ...], keep: int) -> int:
    """The cards of ``m`` less each hand card whose next higher card still in play (``live``,
    the led card included) is another hand card of ``m`` worth as much: the two are
    interchangeable — they win and lose the same tricks and count the same — so only the higher
    is searched (never a card of ``keep``, nor a face-up Strohmann card, which uncovers the next)."""
    mine = m & hand & ~keep
    rest = mine
    out = m
    while rest:
        low = rest & -rest
        rest ^= low
        x = low.bit_length() - 1
        above = live & _ABOVE[x]
        if above:
            nxt = above & -above
            if nxt & mine and thirds[nxt.bit_length() - 1] == thirds[x]:
                out ^= low
    return out


def _ross_trick(calls: int, ntr: int) -> bool:
    """Whether trick ``ntr`` (0-based) is the trick of the Ross call recorded in ``calls`` or the
    next (R18: the tricks the Rostopschin's check reads)."""
    ross = calls >> C_ROSS  # (the calls field: (trick << 1 | seat) + 1 of the call, 0 for none)
    return ross > 0 and 0 <= ntr - ((ross - 1) >> 1) <= 1
