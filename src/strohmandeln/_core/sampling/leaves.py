"""The exact count of a player's view: every choice for the unseen last cards, weighted.

A player's view has one unknown first hand (D: the opponent's dealt or set-up hand), at most
three unseen last cards of the opponent (H, one place each) and the face-down places (F). Given
which free cards may lie in D, in F and in each H place (:mod:`.constraints`), the free cards
fall into *kinds* that count alike for the rest of the deal: H only, D only, D or F (*flexible*),
F only — split into the cards of a *minimum* and others where D must hold at least so many of
them and that can bind: R7's "at least one tarock in D", or for a position before its first
trick, the tarocks and Kings its Strohmänner lost (R11, :mod:`strohmandeln._core.possible`). A *leaf*
gives each H place the cards of one kind it may be; its weight is the number of ways to pick
distinct cards for the H places from those sets, times the number of ways to complete D and F
with the rest (:func:`ways`). The weights sum to the number of deals (D as a set of cards, F as
a set: times ``n_down!`` for its order).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from ..._base.masks import TAROCKS
from .constraints import inconsistent

#: The leaves: the cumulative weights, and each leaf's card sets for the H places.
Leaves = tuple[list[int], list[tuple[int, ...]]]

# What a card of a kind takes off the counts of :func:`ways`, one byte each: (cards that fit only
# an H place, cards that fit only D, the tarocks among them, flexible cards, the others among
# them).
_H_ONLY: Final = 1
_D_ONLY: Final = 1 << 8
_D_TAROCK: Final = 1 << 8 | 1 << 16
_FLEX: Final = 1 << 24
_FLEX_OTHER: Final = 1 << 24 | 1 << 32


def leaves(free: int, in_d: int, in_f: int, in_h: Sequence[int], n_hand: int, need: int = 0, mask: int = TAROCKS) -> Leaves:
    """Every leaf (module docstring) with cumulative weights, in a fixed order; D holds at least
    ``need`` cards of ``mask`` among its ``n_hand`` cards (R7: one tarock).

    ``in_d``, ``in_f`` and ``in_h[j]`` are the free cards that fit D, F and the j-th H place.
    Where the minimum cannot fail (enough of its cards fit only D, whatever the H places take),
    the kinds are not split.

    :raises StateError: if no deal is left.
    """
    not_f = free & ~in_f
    d_only = not_f & in_d
    h_only = not_f ^ d_only
    flex = free & in_f & in_d
    f_only = free & in_f & ~in_d
    n0 = h_only.bit_count()
    if need and (d_only & mask).bit_count() - len(in_h) >= need:
        need = 0  # (at most len(in_h) of them go to H: D keeps enough)
    if not need and n0 > len(in_h):
        raise inconsistent("the observed plays leave no possible deal")
    if not need and len(in_h) <= 1:  # (the most common cases: the same leaves, found directly)
        return _plain(in_h, h_only, d_only, flex, f_only, n_hand)
    if need:
        split: tuple[tuple[int, int], ...] = (
            (h_only, _H_ONLY),
            (d_only & mask, _D_TAROCK),
            (d_only & ~mask, _D_ONLY),
            (flex & mask, _FLEX),
            (flex & ~mask, _FLEX_OTHER),
            (f_only, 0),
        )
        counts = (n0, d_only.bit_count(), (d_only & mask).bit_count(), flex.bit_count(), (flex & ~mask).bit_count())
    else:
        split = ((h_only, _H_ONLY), (d_only, _D_ONLY), (flex, _FLEX), (f_only, 0))
        counts = (n0, d_only.bit_count(), 0, flex.bit_count(), 0)
    if not in_h:  # (the one leaf of no unseen last card)
        w = ways(counts, 0, need, n_hand)
        if not w:
            raise inconsistent("the observed plays leave no possible deal")
        return [w], [()]
    totals, choices = _weighed(split, in_h, counts, need, n_hand)
    if not totals:
        raise inconsistent("the observed plays leave no possible deal")
    return totals, choices


def _plain(in_h: Sequence[int], h_only: int, d_only: int, flex: int, f_only: int, n_hand: int) -> Leaves:
    """The leaves of no H place, or of one that may be the cards ``in_h[0]``, without R7: D takes
    the cards that fit only D and ``r`` of the flexible ones; a card of a kind that fits only D
    taken by the H place leaves D one more flexible card to take, a flexible one leaves one
    fewer to take from (:func:`ways`)."""
    fx = flex.bit_count()
    r = n_hand - d_only.bit_count()
    if not in_h:
        if not 0 <= r <= fx:
            raise inconsistent("the observed plays leave no possible deal")
        return [math.comb(fx, r)], [()]
    kinds: tuple[tuple[int, int, int], ...]  # (its cards of a kind, cards D takes, of how many)
    if h_only:  # the card that fits only the H place is it
        kinds = ((h_only & in_h[0], r, fx),)
    else:
        a = in_h[0]
        kinds = ((d_only & a, r + 1, fx), (flex & a, r, fx - 1), (f_only & a, r, fx))
    totals: list[int] = []
    choices: list[tuple[int, ...]] = []
    total = 0
    for cards, x, y in kinds:
        if cards and 0 <= x <= y:
            total += cards.bit_count() * math.comb(y, x)
            totals.append(total)
            choices.append((cards,))
    if not total:
        raise inconsistent("the observed plays leave no possible deal")
    return totals, choices


def _weighed(split: tuple[tuple[int, int], ...], in_h: Sequence[int], counts: tuple[int, int, int, int, int], need: int, n_hand: int) -> Leaves:
    """The leaves of one to three H places with their cumulative weights (leaves of weight 0
    left out), from the kinds ``split`` (cards, what a card of the kind takes off); each place
    takes its kinds in that order, the last place's first."""
    totals: list[int] = []
    choices: list[tuple[int, ...]] = []
    total = 0
    if len(in_h) == 1:
        a = in_h[0]
        n0 = counts[0]
        for mask, taken in split:
            if mask & a and taken & 255 == n0:  # (else a card that fits only H is left: no way)
                w = ways(counts, taken, need, n_hand)
                if w:
                    total += (mask & a).bit_count() * w
                    totals.append(total)
                    choices.append((mask & a,))
        return totals, choices
    # Per H place: (its cards of a kind, how many, what a card of it takes off), for each kind
    # it may be.
    slots: list[list[tuple[int, int, int]]] = []
    for a in in_h:
        slot = []
        for mask, taken in split:
            if mask & a:
                slot.append((mask & a, (mask & a).bit_count(), taken))
        slots.append(slot)
    completions: dict[int, int] = {}
    for s1, c1, t1 in slots[0]:
        for s2, c2, t2 in slots[1]:
            n12 = c1 * c2 - (s1 & s2).bit_count()  # distinct cards (of different kinds, always)
            for s3, c3, t3 in slots[2] if len(slots) == 3 else _NO_THIRD:
                key = t1 + t2 + t3
                known = completions.get(key)
                w = ways(counts, key, need, n_hand) if known is None else known
                completions[key] = w
                if not w:
                    continue
                if s3 < 0:
                    n = n12
                else:
                    n = n12 * c3 - (s1 & s3).bit_count() * c2 - (s2 & s3).bit_count() * c1 + 2 * (s1 & s2 & s3).bit_count()
                if n:
                    total += n * w
                    totals.append(total)
                    choices.append((s1, s2) if s3 < 0 else (s1, s2, s3))
    return totals, choices


#: The third place of two: none (a leaf of two places goes through the loop once).
_NO_THIRD: Final = ((-1, 1, 0),)


def ways(counts: tuple[int, int, int, int, int], taken: int, need: int, n_hand: int) -> int:
    """The ways to complete D and F once the H places took the cards whose kinds sum to
    ``taken`` (:data:`_H_ONLY` …), of the ``counts`` of the free cards: those that fit only an
    H place (none may be left), those that fit only D (D takes them all) and the cards of the
    minimum among them, the flexible ones (D takes the rest of its ``n_hand`` places from them,
    F the others) and the others among them. Where the cards of the minimum that fit only D are
    fewer than ``need``, only the ways with enough flexible ones in D count (R7: a tarock)."""
    n0, fd, fdt, fx, fxo = counts
    if n0 != taken & 255:
        return 0
    r = n_hand - fd + (taken >> 8 & 255)
    fx -= taken >> 24 & 255
    if r < 0 or r > fx:
        return 0
    short = need - fdt + (taken >> 16 & 255)
    if short > 0:
        others = fxo - (taken >> 32 & 255)
        return sum(math.comb(fx - others, j) * math.comb(others, r - j) for j in range(short, min(fx - others, r) + 1))
    return math.comb(fx, r)
