"""The search player of :mod:`strohmandeln.players` against the heuristic player, on duplicate deals.

Usage: ``python examples/search_vs_heuristic.py [deals] [samples] [ms]`` (defaults: 4 deals,
each played twice; 8 samples per decision; no time budget). With ``ms``, each decision also
stops sampling after that many milliseconds of this thread's CPU time — the clock is the
caller's (:func:`time.thread_time` here): the library reads none.

Each deal is played twice from the same first state, the seats swapped, so that the cards even
out. The script prints every game's score for the search player, the mean, and what one of its
decisions looked like: the value of each legal action on the sampled deals
(:func:`strohmandeln.analysis.search`). A few deals say little about strength: the benchmark
``benchmarks/strength.py`` plays 400 games for the figure of the bot guide.
"""

from __future__ import annotations

import random
import sys
import time

import strohmandeln as sm
from strohmandeln.analysis import search
from strohmandeln.players import HeuristicPlayer, Player, SearchPlayer


def main(deals: int = 4, samples: int = 8, ms: float | None = None) -> None:
    clock = time.thread_time if ms else None
    searcher = SearchPlayer(seed=2026, samples=samples, clock=clock, seconds=ms / 1000 if ms else None)
    heuristic: Player = HeuristicPlayer()
    rng = random.Random(2026)
    scores: list[int] = []
    decisions = 0
    cpu = 0.0
    for number in range(deals):
        first = sm.deal(sm.CLASSIC, dealer=number % 2, rng=rng)
        for me in (0, 1):
            state = first
            while not state.is_terminal:
                seat = state.current_player
                assert seat is not None
                if seat == me:
                    start = time.thread_time()
                    action = searcher(state.view(seat))
                    cpu += time.thread_time() - start
                    decisions += 1
                else:
                    action = heuristic(state)
                state = state.apply(action, player=seat)
            result = state.result()
            scores.append(result.totals[me])
            took = "took the game" if result.undertaker == me else "the other took" if result.undertaker is not None else "simple game"
            print(f"deal {number + 1}, search player in seat {me}: {result.totals[me]:+d} ({took}, {result.card_points[me]} card points)")
    print(f"search player vs heuristic, {len(scores)} games: {sum(scores) / len(scores):+.2f} game points per game")
    print(f"{decisions} decisions, {decisions / max(cpu, 1e-9):.0f} per second of CPU time ({'compiled' if sm.COMPILED else 'pure'} build)")

    # One decision, looked at: Elder's auction in the first deal.
    view = sm.deal(sm.CLASSIC, dealer=0, rng=random.Random(2026)).view(1)
    values = search(view, random.Random(1), samples=4 * samples)
    print(f"\nElder's hand: {sm.cards_to_text(view.hand)}")
    for action, value in values.values:
        print(f"  {str(action):<5} {float(value):+.2f} game points on average over {values.samples} sampled deals")
    print(f"  the search player would {values.best}")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(
        int(args[0]) if args else 4,
        int(args[1]) if len(args) > 1 else 8,
        float(args[2]) if len(args) > 2 else None,
    )
