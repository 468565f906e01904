"""How strong is the search player? Duplicate deals against another player, seats swapped.

Each deal is dealt once from the run's seed and played twice: the search player in seat 0 and
the opponent in seat 1, then the other way round, so that the cards even out. The figure is the
search player's mean game points per game (its net score of the deal, as ``result()`` counts it,
multiplier 1; a folded or thrown-in deal counts 0) with a 95% interval. The interval is taken
over the deals, each deal's two games together (the pair is the unit of a duplicate match:
the two games of a deal are not independent).

Speed is the search player's decisions per second of thread CPU time (every decision it was
asked for, and those it searched — more than one legal action), with the load indicator: the
run's wall time over its CPU time (near 1 on a quiet machine; figures from a run far above it
are not to be quoted). Run it niced on a shared machine::

    nice python benchmarks/strength.py                         # 200 deals, CLASSIC, the defaults
    nice python benchmarks/strength.py --deals 50 --samples 32 --solve-tricks 7
    nice python benchmarks/strength.py --rules extended --opponent random --json out.json

It is not part of CI (400 games take minutes); ``tests/test_search.py`` plays a few deals.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass

import strohmandeln as sm
from strohmandeln.players import HeuristicPlayer, Player, RandomPlayer, SearchPlayer


@dataclass
class Report:
    """The figures of one run."""

    build: str
    rules: str
    opponent: str
    deals: int
    samples: int | None
    solve_tricks: int
    seconds: float | None
    #: the search player's mean game points per game and the 95% interval
    mean: float
    low: float
    high: float
    #: its mean card points per game
    card_points: float
    #: the games it won on the deal's score, drew and lost
    won: int
    drawn: int
    lost: int
    decisions: int
    searched: int
    #: the search player's thread CPU time, and the whole run's wall and CPU time
    cpu: float
    run_wall: float
    run_cpu: float

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.cpu if self.cpu else math.inf

    @property
    def searched_per_second(self) -> float:
        return self.searched / self.cpu if self.cpu else math.inf

    @property
    def load(self) -> float:
        return self.run_wall / self.run_cpu if self.run_cpu else math.nan

    def text(self) -> str:
        budget = f"{self.samples} samples" if self.samples else ""
        if self.seconds:
            budget += f"{', ' if budget else ''}{self.seconds * 1000:g} ms"
        return (
            f"{self.build} build, {self.rules}, search player ({budget}, solver from {self.solve_tricks} tricks left)"
            f" vs {self.opponent}, {self.deals} deals = {2 * self.deals} games\n"
            f"  game points per game: {self.mean:+.2f} [95%: {self.low:+.2f}, {self.high:+.2f}]"
            f"   card points per game: {self.card_points:.2f}   won/drawn/lost: {self.won}/{self.drawn}/{self.lost}\n"
            f"  decisions: {self.decisions} ({self.searched} searched), {self.decisions_per_second:.0f}/s"
            f" ({self.searched_per_second:.0f} searched/s) of thread CPU time; load (wall / CPU) {self.load:.2f}"
        )


class Timed:
    """A player wrapped to count its decisions and the thread CPU time they take."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.decisions = 0
        self.searched = 0
        self.cpu = 0.0

    def __call__(self, state: sm.GameState | sm.PlayerView) -> sm.Action:
        view = state.view(state.current_player) if isinstance(state, sm.GameState) else state
        start = time.thread_time()
        action = self.player(view)
        self.cpu += time.thread_time() - start
        self.decisions += 1
        self.searched += len(view.legal_actions()) > 1
        return action


def play(state: sm.GameState, players: Sequence[Callable[[sm.GameState], sm.Action]]) -> sm.GameState:
    """The deal played to its end, each seat by its player."""
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        state = state.apply(players[seat](state), player=seat)
    return state


def interval(pairs: Sequence[float]) -> tuple[float, float, float]:
    """The mean of the per-deal means and its 95% interval (normal, over the deals)."""
    mean = statistics.fmean(pairs)
    if len(pairs) < 2:
        return mean, -math.inf, math.inf
    half = 1.96 * statistics.stdev(pairs) / math.sqrt(len(pairs))
    return mean, mean - half, mean + half


def run(
    rules: sm.RuleSet, deals: int, seed: int, samples: int | None, solve_tricks: int, seconds: float | None, opponent: str, progress: bool
) -> Report:
    clock = time.thread_time if seconds else None
    searcher = Timed(SearchPlayer(seed, samples=samples, solve_tricks=solve_tricks, clock=clock, seconds=seconds))
    other: Player = HeuristicPlayer() if opponent == "heuristic" else RandomPlayer(random.Random(seed))
    pairs: list[float] = []
    card_points: list[int] = []
    outcome = {1: 0, 0: 0, -1: 0}
    wall = time.perf_counter()
    cpu = time.process_time()
    deal_rng = random.Random(f"strength {seed}")
    for k in range(deals):
        start = sm.deal(rules, dealer=k % 2, rng=deal_rng)
        pair = 0
        for me in (0, 1):
            players = [searcher, other] if me == 0 else [other, searcher]
            final = play(start, players)  # type: ignore[arg-type]
            score = final.result().totals[me]
            pair += score
            card_points.append(final.card_points(me).thirds)
            outcome[(score > 0) - (score < 0)] += 1
        pairs.append(pair / 2)
        if progress:
            mean, low, high = interval(pairs)
            print(f"\r{k + 1}/{deals} deals: {mean:+.2f} [{low:+.2f}, {high:+.2f}]", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    cpu = time.process_time() - cpu
    wall = time.perf_counter() - wall
    mean, low, high = interval(pairs)
    return Report(
        build="compiled" if sm.COMPILED else "pure",
        rules=rules.name,
        opponent=opponent,
        deals=deals,
        samples=samples,
        solve_tricks=solve_tricks,
        seconds=seconds,
        mean=mean,
        low=low,
        high=high,
        card_points=statistics.fmean(card_points) / 3,
        won=outcome[1],
        drawn=outcome[0],
        lost=outcome[-1],
        decisions=searcher.decisions,
        searched=searcher.searched,
        cpu=searcher.cpu,
        run_wall=wall,
        run_cpu=cpu,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="classic", choices=sorted(sm.PRESETS), help="the preset (default classic)")
    parser.add_argument("--deals", type=int, default=200, help="deals, each played twice (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed: the deals and the player's (default 1)")
    parser.add_argument("--samples", type=int, default=24, help="sampled deals per decision (default 24; 0: by time only)")
    parser.add_argument("--solve-tricks", type=int, default=6, help="the exact solver from this many tricks left (default 6)")
    parser.add_argument("--ms", type=float, default=None, help="a time budget per decision, in ms of thread CPU time")
    parser.add_argument("--opponent", default="heuristic", choices=("heuristic", "random"))
    parser.add_argument("--json", default=None, help="write the figures to this file too")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    options = parser.parse_args(argv)
    report = run(
        sm.PRESETS[options.rules],
        options.deals,
        options.seed,
        options.samples or None,
        options.solve_tricks,
        options.ms / 1000 if options.ms else None,
        options.opponent,
        not options.quiet and sys.stderr.isatty(),
    )
    print(report.text())
    if options.json:
        figures = {**asdict(report), "decisions_per_second": report.decisions_per_second, "load": report.load}
        with open(options.json, "w", encoding="utf-8") as out:
            json.dump(figures, out, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
