"""A minimal bitmask engine for the random-playout loop: what pure Python does at best (issue 6).

Issue 6 measured "a throwaway bitmask engine without bidding, bonuses or validation" on the
project's machine kind, and set the library's targets against it. This module is such an engine,
kept beside the benchmark so that the comparison is made in the same run, on the same host, in
alternating rounds (machines of this kind differ by more than twice from day to day, so figures
from different runs do not compare):

* it plays only the card play of a 54-card deal laid out as R6 says, Elder leading the first
  trick (no fold, auction, doubling, announcements or calls, R7-R10, R17, R18);
* one function plays a whole deal with a mutable state (hands and face-up Strohmann tops as
  card masks, the Strohmänner as lists), offering each seat the cards R13 and R14 allow as a
  tuple of card indices from chunk tables, chosen with ``random.Random.choice`` as in our loop;
* it turns Strohmann cards as R11 and R12 say (tarocks and Kings, and a pile's last card, go to
  the hand), decides each trick by R15 and counts each seat's card points (in thirds) at the end;
* it checks nothing: a wrong card is not refused, and nothing is immutable.

It uses only the public card data (indices, suits, ranks, values) and the deck's packet sizes,
not the library's engine. :func:`check_against_library` plays random deals of the same function
beside the library's ``CLASSIC`` and requires the same legal cards at every play and the same
card points; the benchmark runs that check before timing it.

Usage::

    python benchmarks/floor.py                          # check it against the library, then time both (CPU time)
    python benchmarks/floor.py --check 300 --check-only # only the check (CI runs it)
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Final

from strohmandeln import CLASSIC, DECK_54, GameState, Keep, Pass, Phase, Play, deal

_SUIT_ORDER: Final = sorted({c.suit for c in DECK_54 if c.suit is not None}, key=lambda s: s.value)
#: Per card: its class (0 for tarocks, 1-4 for the suits in their order).
_CLASS: Final[tuple[int, ...]] = tuple(0 if c.suit is None else 1 + _SUIT_ORDER.index(c.suit) for c in DECK_54)
#: Per card: its strength within its class (R15).
_STRENGTH: Final[tuple[int, ...]] = tuple(int(c.rank) for c in DECK_54)
_CLASS_MASK: Final[tuple[int, ...]] = tuple(sum(1 << c.index for c in DECK_54 if _CLASS[c.index] == k) for k in range(5))
#: Per card: the mask of the cards of its class (what a follower must play if he can, R14).
_FOLLOW: Final[tuple[int, ...]] = tuple(_CLASS_MASK[_CLASS[i]] for i in range(54))
_TAROCKS: Final = _CLASS_MASK[0]
#: Per card: whether it is taken into the hand when turned from a Strohmann (R11).
_TAKE_UP: Final[tuple[bool, ...]] = tuple(c.suit is None or c.is_king for c in DECK_54)
#: Per card: its card points in thirds (counting by threes: the value less two thirds, R2).
_THIRDS: Final[tuple[int, ...]] = tuple(3 * c.value - 2 for c in DECK_54)
#: Per pair of cards ``lead << 6 | follow``: whether the follower wins the trick (R15).
_FOLLOWER_WINS: Final[tuple[bool, ...]] = tuple(
    a < 54 and b < 54 and ((_CLASS[b] == _CLASS[a] and _STRENGTH[b] > _STRENGTH[a]) or (_CLASS[b] == 0 and _CLASS[a] != 0))
    for a in range(64)
    for b in range(64)
)


def _chunk(bits: int, shift: int) -> list[tuple[int, ...]]:
    return [tuple(shift + i for i in range(bits) if m >> i & 1) for m in range(1 << bits)]


# The card indices of a mask, as a tuple, from four chunk tables (cards 0-13, 14-27, 28-40, 41-53).
_C0: Final = _chunk(14, 0)
_C1: Final = _chunk(14, 14)
_C2: Final = _chunk(13, 28)
_C3: Final = _chunk(13, 41)


def _cards(m: int) -> tuple[int, ...]:
    lo = m & 0xFFFFFFF
    hi = m >> 28
    return _C0[lo & 16383] + _C1[lo >> 14] + _C2[hi & 8191] + _C3[hi >> 13]


def _layout(dealer: int) -> tuple[tuple[tuple[int, int, int], ...], tuple[tuple[int, int], ...]]:
    """R6: (seat, first, end) deck positions of the hand packets, dealt Elder first, and
    (first, end) of each Strohmann, seat 0's three first (Strohmann ``seat * 3 + k``)."""
    deck = CLASSIC.deck
    elder = 1 - dealer
    pos = 0
    hands = []
    for size in deck.hand_packets:
        for seat in (elder, dealer):
            hands.append((seat, pos, pos + size))
            pos += size
    piles: list[list[tuple[int, int]]] = [[], []]
    for size in deck.strohmann_sizes:
        for seat in (elder, dealer):
            piles[seat].append((pos, pos + size))
            pos += size
    return tuple(hands), tuple(piles[0] + piles[1])


_LAYOUTS: Final = (_layout(0), _layout(1))
_TRICKS: Final = CLASSIC.deck.trick_count


def _turn(pile: list[int], seat: int, hand: list[int], tops: list[int]) -> int:
    """Turn the next cards of a Strohmann (its top is its last item) as R11 and R12 say: tarocks,
    Kings and the last card go to the hand, the first other card lies face up; that card, or -1."""
    while pile:
        c = pile.pop()
        if not pile or _TAKE_UP[c]:
            hand[seat] |= 1 << c
        else:
            tops[seat] |= 1 << c
            return c
    return -1


def play_deal(order: Sequence[int], dealer: int, choose: Callable[[tuple[int, ...]], int]) -> list[int]:
    """Play out the deal of the deck order ``order`` (card indices, R6) by ``dealer``, ``choose``
    picking each card among the legal ones (R13, R14); the cards each seat won (masks)."""
    hands_at, piles_at = _LAYOUTS[dealer]
    hand = [0, 0]
    for seat, a, b in hands_at:
        for c in order[a:b]:
            hand[seat] |= 1 << c
    tops = [0, 0]
    pile_of = [-1] * 54  # the Strohmann of each face-up top
    piles = []
    for pid, (a, b) in enumerate(piles_at):
        pile = list(order[a:b])
        pile.reverse()
        piles.append(pile)
        c = _turn(pile, pid // 3, hand, tops)
        if c >= 0:
            pile_of[c] = pid
    won = [0, 0]
    s = 1 - dealer  # Elder leads the first trick (R5)
    # (the lead and the follow are written out alike on purpose: a call per card would cost the
    # floor a good part of its speed)
    for _ in range(_TRICKS):
        avail = hand[s] | tops[s]
        lo = avail & 0xFFFFFFF
        hi = avail >> 28
        a = choose(_C0[lo & 16383] + _C1[lo >> 14] + _C2[hi & 8191] + _C3[hi >> 13])
        bit_a = 1 << a
        if hand[s] & bit_a:
            hand[s] ^= bit_a
        else:
            tops[s] ^= bit_a
        f = 1 - s
        avail = hand[f] | tops[f]
        m = avail & _FOLLOW[a] or avail & _TAROCKS or avail  # R14
        lo = m & 0xFFFFFFF
        hi = m >> 28
        b = choose(_C0[lo & 16383] + _C1[lo >> 14] + _C2[hi & 8191] + _C3[hi >> 13])
        bit_b = 1 << b
        if hand[f] & bit_b:
            hand[f] ^= bit_b
        else:
            tops[f] ^= bit_b
        w = f if _FOLLOWER_WINS[a << 6 | b] else s  # R15
        won[w] |= bit_a | bit_b
        # The Strohmann cards played are uncovered after the trick, the leader's first (R11).
        for c in (a, b):
            pid = pile_of[c]
            if pid >= 0:
                pile_of[c] = -1
                top = _turn(piles[pid], pid // 3, hand, tops)
                if top >= 0:
                    pile_of[top] = pid
        s = w
    return won


def points(won: int) -> int:
    """The card points of the cards ``won``, in thirds."""
    lo = won & 0xFFFFFFF
    hi = won >> 28
    return sum(map(_THIRDS.__getitem__, _C0[lo & 16383] + _C1[lo >> 14] + _C2[hi & 8191] + _C3[hi >> 13]))


def floor_random_deals(deals: int, seed: int) -> int:
    """``deals`` random deals of the minimal engine, as :func:`suite.play_random_deals` plays
    ours (a shuffled deck, ``dealer = k % 2``, a uniformly random legal card at every play, the
    card points at the end); the number of cards played."""
    rng = random.Random(seed)
    choice = rng.choice
    shuffle = rng.shuffle
    order = list(range(54))
    for k in range(deals):
        shuffle(order)
        w0, w1 = play_deal(order, k & 1, choice)
        points(w0)
        points(w1)
    return deals * 2 * _TRICKS


def check_against_library(deals: int, seed: int) -> int:
    """Play ``deals`` random deals of the minimal engine beside the library's ``CLASSIC`` (the
    same deck order and dealer; keep and pass through R7 and R8) and require the same legal cards
    at every play and the same card points; the number of plays compared.

    :raises AssertionError: at the first difference.
    """
    rng = random.Random(seed)
    compared = 0
    for k in range(deals):
        order = list(range(54))
        rng.shuffle(order)
        dealer = k & 1
        state: GameState = deal(CLASSIC, dealer=dealer, order=[DECK_54[i] for i in order])
        while state.phase is not Phase.PLAY:
            state = state.apply(next(a for a in state.legal_actions() if isinstance(a, (Keep, Pass))))

        def choose(legal: tuple[int, ...]) -> int:
            nonlocal state, compared
            theirs = sorted({a.card.index for a in state.legal_actions() if isinstance(a, Play)})
            assert sorted(legal) == theirs, f"deal {k}, trick {state.trick_number}: {_names(legal)} != {_names(theirs)}"
            c = rng.choice(legal)
            state = state.apply(Play(DECK_54[c]))
            compared += 1
            return c

        won = play_deal(order, dealer, choose)
        assert state.is_terminal, f"deal {k}: the library's deal is not over"
        for p in (0, 1):
            assert points(won[p]) == state.card_points(p).thirds, f"deal {k}: card points of seat {p}"
    return compared


def _names(cards: Sequence[int]) -> str:
    return " ".join(str(DECK_54[i]) for i in cards)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=2000, help="deals per timed run")
    parser.add_argument("--check", type=int, default=200, metavar="N", help="deals checked against the library first")
    parser.add_argument("--check-only", action="store_true", help="only check (exit status 1 on a difference)")
    args = parser.parse_args(argv)
    try:
        print(f"checked against the library: {check_against_library(args.check, 1)} plays alike in {args.check} deals")
    except AssertionError as error:
        print(f"the minimal engine differs from the library: {error}", file=sys.stderr)
        return 1
    if args.check_only:
        return 0
    from suite import play_random_deals

    # (thread CPU time, the two engines in turn, as the suite times them: benchmarks/timing.py)
    for _ in range(3):
        t = time.thread_time()
        floor_random_deals(args.deals, 0)
        floor = args.deals / (time.thread_time() - t)
        t = time.thread_time()
        play_random_deals(CLASSIC, args.deals, 0)
        ours = args.deals / (time.thread_time() - t)
        print(f"minimal engine {floor:8,.0f} deals/s   ours (CLASSIC, public API) {ours:8,.0f} deals/s   ratio {ours / floor:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

