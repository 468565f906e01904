"""Exact minimax over the rest of a card play: on card points (R2, R4, R15), the search of
:func:`strohmandeln.analysis.solve`; on game points (R17-R26), of
:func:`strohmandeln.analysis.solve_game`."""

from __future__ import annotations

from typing import Final

from .._base.masks import bits
from ..actions import PLAIN, Action
from .engine import KernelState, replayed
from .record import DEAL, H0, H1, LEAD, T0, T1, TURN, W0, W1, Record
from .scoring import result_of

_INF: Final = 1 << 20


def solve(c: Record) -> tuple[int, list[tuple[int, int]], int]:
    """The seat to move in the card play of ``c``, each legal card with what it gains him from
    now on with best play by both sides (in thirds, canonical order), and the positions visited."""
    data = c[DEAL].data
    search = _Search(data.thirds)
    p = c[TURN]
    remaining = data.thirds_of(data.deck_mask & ~(c[W0] | c[W1]))
    values: list[tuple[int, int]] = []
    state = replayed(c)
    for i in bits(state._legal_mask()):
        child = state.apply(PLAIN[i])
        v = search.gain0(state, child) + search.value(child, -_INF, _INF)
        values.append((i, v if p == 0 else remaining - v))
    return p, values, search.nodes


class _Search:
    """Alpha-beta on seat 0's card points from now on; seat 0 maximises, seat 1 minimises."""

    __slots__ = ("thirds", "table", "nodes")

    def __init__(self, thirds: tuple[int, ...]) -> None:
        self.thirds = thirds
        self.table: dict[tuple[int, ...], tuple[int, int]] = {}
        self.nodes = 0

    def gain0(self, before: KernelState, after: KernelState) -> int:
        """Seat 0's card points won between two consecutive states (a completed trick)."""
        new = after._c[W0] & ~before._c[W0]
        th = self.thirds
        total = 0
        while new:
            low = new & -new
            total += th[low.bit_length() - 1]
            new ^= low
        return total

    def value(self, s: KernelState, alpha: int, beta: int) -> int:
        c = s._c
        turn = c[TURN]
        if turn < 0:
            return 0
        self.nodes += 1
        key = (c[H0], c[H1], c[T0], c[T1], c[LEAD], turn, c[W0] | c[W1])
        entry = self.table.get(key)
        if entry is not None:
            lo, hi = entry
            if lo == hi or lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            alpha = max(alpha, lo)
            beta = min(beta, hi)
        a0, b0 = alpha, beta
        maximise = turn == 0
        best = -_INF if maximise else _INF
        # Strong cards first: they decide tricks and cut the search sooner.
        for i in reversed(bits(s._legal_mask())):
            child = s.apply(PLAIN[i])
            g = self.gain0(s, child)
            v = g + self.value(child, alpha - g, beta - g)
            if maximise:
                if v > best:
                    best = v
                    if best > alpha:
                        alpha = best
            else:
                if v < best:
                    best = v
                    if best < beta:
                        beta = best
            if alpha >= beta:
                break
        lo, hi = entry if entry is not None else (-_INF, _INF)
        if best <= a0:
            hi = min(hi, best)
        elif best >= b0:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.table[key] = (lo, hi)
        return best


def solve_game(c: Record) -> tuple[int, list[tuple[Action, int]], int]:
    """The seat to move in the card play of ``c``, each legal action (announcements and calls
    included) with his net game points at the end of the deal with best play by both sides
    (every bonus scored, multiplier 1), and the positions visited."""
    p = c[TURN]
    search = _GameSearch()
    state = replayed(c)
    values = []
    for action in state.legal_actions():
        v = search.value(state.apply(action), -_INF, _INF)
        values.append((action, v if p == 0 else -v))
    return p, values, search.nodes


class _GameSearch:
    """Alpha-beta on seat 0's net game points at the end of the deal (the deal's score is zero
    sum: seat 1 minimises it). A bonus may depend on the order of the tricks (R18, R19, R23),
    so positions are not merged: the search is meant for the last few tricks."""

    __slots__ = ("nodes",)

    def __init__(self) -> None:
        self.nodes = 0

    def value(self, s: KernelState, alpha: int, beta: int) -> int:
        c = s._c
        turn = c[TURN]
        if turn < 0:
            return result_of(c, 1).totals[0]
        self.nodes += 1
        maximise = turn == 0
        best = -_INF if maximise else _INF
        # (strong cards first, as on card points; each card's variants after its plain play)
        for action in reversed(s.legal_actions()):
            v = self.value(s.apply(action), alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    alpha = max(alpha, best)
            elif v < best:
                best = v
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best
