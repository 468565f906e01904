"""How fast is the exact solver? ``analysis.solve`` on positions with a given number of tricks left.

The positions are the start of a trick in deals that the heuristic player plays against itself
(the auction as it goes; CLASSIC and EXTENDED in turn), ``--positions`` of them per count of
tricks left. Each is solved on game points (the default unit) and on card points; the figures
are the median, the 90th percentile and the largest of the thread CPU times per position, and the
median number of positions searched, with the load indicator (the run's wall time over its CPU
time: near 1 on a quiet machine). Run it niced on a shared machine::

    nice python benchmarks/solver.py                      # 6, 8 and 10 tricks left, 40 positions each
    nice python benchmarks/solver.py --tricks 8 --positions 100 --json solver.json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence

import strohmandeln as sm
from strohmandeln.analysis import Unit, solve
from strohmandeln.players import HeuristicPlayer


def positions(left: int, count: int, seed: int) -> list[sm.GameState]:
    """``count`` positions at the start of a trick with ``left`` tricks to play."""
    rng = random.Random(f"solver {seed} {left}")
    player = HeuristicPlayer()
    out: list[sm.GameState] = []
    k = 0
    while len(out) < count:
        rules = (sm.CLASSIC, sm.EXTENDED)[k % 2]
        state = sm.deal(rules, dealer=k // 2 % 2, rng=rng)
        k += 1
        goal = rules.deck.trick_count - left
        while not state.is_terminal and (state.phase is not sm.Phase.PLAY or state.trick_number < goal):
            state = state.apply(player(state))
        if not state.is_terminal and not state.current_trick:
            out.append(state)
    return out


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(states: Sequence[sm.GameState], unit: Unit) -> dict[str, float]:
    """The thread CPU time of solving each position (ms): median, 90th percentile, largest; the
    median of the positions searched."""
    times: list[float] = []
    nodes: list[int] = []
    for state in states:
        start = time.thread_time()
        values = solve(state, unit=unit)
        times.append((time.thread_time() - start) * 1000)
        nodes.append(values.nodes)
    return {
        "median_ms": statistics.median(times),
        "p90_ms": percentile(times, 0.9),
        "max_ms": max(times),
        "median_nodes": statistics.median(nodes),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tricks", type=int, nargs="+", default=[6, 8, 10], help="tricks left (default 6 8 10)")
    parser.add_argument("--positions", type=int, default=40, help="positions per count (default 40)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", default=None, help="write the figures to this file too")
    options = parser.parse_args(argv)
    build = "compiled" if sm.COMPILED else "pure"
    figures: dict[str, object] = {"build": build, "positions": options.positions}
    for left in options.tricks:
        states = positions(left, options.positions, options.seed)
        wall, cpu = time.perf_counter(), time.process_time()
        for unit in Unit:
            row = measure(states, unit)
            figures[f"{left}_{unit.value}"] = row
            print(
                f"{build}, {left} tricks left, {unit.value.replace('_', ' ')}: median {row['median_ms']:.2f} ms,"
                f" 90% {row['p90_ms']:.2f} ms, largest {row['max_ms']:.1f} ms; {row['median_nodes']:.0f} positions searched (median)"
            )
        load = (time.perf_counter() - wall) / max(time.process_time() - cpu, 1e-9)
        figures[f"{left}_load"] = load
        print(f"  ({len(states)} positions; load, wall / CPU: {load:.2f})")
    if options.json:
        with open(options.json, "w", encoding="utf-8") as out:
            json.dump(figures, out, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
