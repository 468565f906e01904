"""Monte-Carlo statistics in parallel: how often does an undertaker win, by hand strength?

Usage: ``python examples/simulate.py [deals] [workers]`` (defaults: 2000 deals, 2 workers).

[000]'s tactics section says a game may be undertaken with 20 to 25 points of "safe tricks" in
the hand (Sküs, Mond, Pagat, Kings, and Queens backed by their King or by a suit of three or
more cards, as :func:`strohmandeln.players.safe_trick_points` counts them): risky near 20,
promising from 25.
Here Elder always takes, whatever his hand, and both seats play the heuristic player; the table
shows the undertaker's share of won card plays by his safe-trick points before the uncovering.
The deals are split into chunks of seeds and played in worker processes with
``concurrent.futures``; each chunk has its own seeded random generator, so the run is
reproducible whatever the number of workers.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import strohmandeln as sm
from strohmandeln.players import HeuristicPlayer, safe_trick_points

BUCKETS = ((0, 10), (10, 15), (15, 20), (20, 25), (25, 30), (30, 71))


def bucket_of(points: int) -> tuple[int, int]:
    return next(b for b in BUCKETS if b[0] <= points < b[1])


def run_chunk(seed: int, deals: int) -> tuple[Counter[tuple[int, int]], Counter[tuple[int, int]]]:
    """Play ``deals`` deals from ``seed``; count deals and undertaker wins per bucket."""
    rng = random.Random(seed)
    player = HeuristicPlayer()
    played: Counter[tuple[int, int]] = Counter()
    won: Counter[tuple[int, int]] = Counter()
    for number in range(deals):
        state = sm.deal(sm.CLASSIC, dealer=number % 2, rng=rng)
        while state.phase is sm.Phase.FOLD:
            state = state.apply(sm.Keep())
        elder = state.elder
        bucket = bucket_of(safe_trick_points(state.hand(elder)).rounded)
        state = state.apply(sm.Take())
        while not state.is_terminal:
            state = state.apply(player(state))
        played[bucket] += 1
        won[bucket] += state.result().card_play_winner == elder
    return played, won


def main(deals: int = 2000, workers: int = 2) -> None:
    chunk = 250
    seeds = [(1000 + k, min(chunk, deals - k * chunk)) for k in range((deals + chunk - 1) // chunk)]
    played: Counter[tuple[int, int]] = Counter()
    won: Counter[tuple[int, int]] = Counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for p, w in pool.map(run_chunk, *zip(*seeds)):
            played.update(p)
            won.update(w)
    print(f"{deals} deals, classic rules, Elder always undertakes, heuristic play on both sides")
    print(f"{'safe-trick points':>18} {'deals':>6} {'undertaker won':>15}")
    for low, high in BUCKETS:
        n = played[(low, high)]
        share = f"{100 * won[(low, high)] / n:.0f} %" if n else "-"
        label = f"{low}-{high - 1}" if high < 71 else f"{low}+"
        print(f"{label:>18} {n:>6} {share:>15}")
    print("[000]: undertaking is risky near 20 points of safe tricks and promising from 25.")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(int(args[0]) if args else 2000, int(args[1]) if len(args) > 1 else 2)
