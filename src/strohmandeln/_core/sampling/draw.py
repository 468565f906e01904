"""Uniform draws with the caller's generator: integers, subsets, orders and distinct cards.

Every draw of the sampler goes through ``rnd``, the caller's :meth:`random.Random.random`; the
library never uses global randomness. The card lists here are card indices in increasing order
(as :func:`~strohmandeln._base.masks.bits` gives them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..._base.masks import BIT

#: The caller's ``random.Random().random``.
Rnd = Callable[[], float]


def _chunk_tables() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The set bits of each 9-bit chunk of a card mask, as card indices (six chunks cover 54)."""
    first: list[tuple[int, ...]] = [()] * 512
    for b in range(1, 512):
        low = b & -b
        first[b] = (low.bit_length() - 1, *first[b ^ low])
    return tuple(tuple([tuple([c + 9 * k for c in chunk]) for chunk in first]) for k in range(6))


_B0, _B1, _B2, _B3, _B4, _B5 = _chunk_tables()


def bits(mask: int) -> list[int]:
    """:func:`strohmandeln._base.masks.bits` of a card mask (bits 0 to 53): its card indices in
    increasing order, by table per 9-bit chunk (a few times faster on the many cards of the
    sampler's draws)."""
    return [
        *_B0[mask & 511],
        *_B1[mask >> 9 & 511],
        *_B2[mask >> 18 & 511],
        *_B3[mask >> 27 & 511],
        *_B4[mask >> 36 & 511],
        *_B5[mask >> 45],
    ]


def below(n: int, rnd: Rnd) -> int:
    """A uniform integer in ``[0, n)`` from ``random()`` calls (exact for any ``n``)."""
    if n < 1 << 52:
        return min(int(rnd() * n), n - 1)
    # Big weights: draw 52 bits at a time and reject the unfair tail.
    width = n.bit_length()
    while True:
        x = 0
        got = 0
        while got < width:
            x = x << 52 | int(rnd() * (1 << 52))
            got += 52
        x >>= got - width
        if x < n:
            return x


def in_random_order(cards: list[int], rnd: Rnd) -> list[int]:
    """``cards`` in uniform random order, as a new list (sorted by independent uniform keys; the
    spectator's draws)."""
    keyed = sorted(zip([rnd() for _ in cards], cards))
    return [c for _, c in keyed]


def shuffle(cards: list[int], rnd: Rnd) -> None:
    """Put ``cards`` in uniform random order in place (Fisher-Yates, from the end; a player's
    draws)."""
    for i in range(len(cards) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


def subset(mask: int, k: int, rnd: Rnd) -> int:
    """A uniformly random ``k``-subset of the cards of ``mask``."""
    if k <= 0:
        return 0
    cards = bits(mask)
    n = len(cards)
    if k >= n:
        return mask
    flip = 2 * k > n  # draw the cards left out instead
    if flip:
        k = n - k
    out = 0
    for i in range(k):  # a partial Fisher-Yates shuffle
        j = i + int(rnd() * (n - i))
        c = cards[j]
        cards[j] = cards[i]
        out |= 1 << c
    return mask & ~out if flip else out


def take_some(cards: list[int], r: int, rnd: Rnd) -> int:
    """``r`` of ``cards`` (0 < r < len), uniformly, as a mask; ``cards`` keeps the others.

    A partial Fisher-Yates shuffle puts the chosen ones first (or the ones it leaves, if those
    are fewer)."""
    n = len(cards)
    k = n - r if 2 * r > n else r
    for i in range(k):
        j = i + int(rnd() * (n - i))
        cards[i], cards[j] = cards[j], cards[i]
    if k == r:
        chosen = sum(map(BIT.__getitem__, cards[:k]))
        del cards[:k]
    else:
        chosen = sum(map(BIT.__getitem__, cards[k:]))
        del cards[k:]
    return chosen


def distinct(masks: Sequence[int], rnd: Rnd) -> tuple[list[int], int]:
    """One card from each mask, all different, uniformly among such choices (by rejection):
    the cards in order, and as a mask."""
    if len(masks) == 1:
        pool = bits(masks[0])
        c = pool[int(rnd() * len(pool))]
        return [c], 1 << c
    pools = [bits(mask) for mask in masks]
    drawn: list[int] = []
    picked = 0
    while len(drawn) < len(pools):
        picked = 0
        drawn = []
        for pool in pools:
            c = pool[int(rnd() * len(pool))]
            if picked >> c & 1:
                break
            picked |= 1 << c
            drawn.append(c)
    return drawn, picked
