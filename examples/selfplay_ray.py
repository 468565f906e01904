"""Self-play at scale with Ray: the same script on a laptop and on a cluster.

Usage::

    python examples/selfplay_ray.py                          # a small run on this machine
    python examples/selfplay_ray.py --deals 1000000 --rules classic,extended,beck
    python examples/selfplay_ray.py --address auto --deals 50000000   # on a Ray cluster

It needs Ray (``pip install "strohmandeln[ray]"``; without it, it says so and does nothing). Without ``--address it starts Ray on this
machine (``ray.init()``, one worker per core); with ``--address auto`` (or ``ray://host:10001``)
it joins a running cluster, whose workers must have strohmandeln installed — the docs
(:doc:`/guide_bot`, "Self-play at scale") say how.

What it measures: how a house rule changes the game when both seats play the same bot. For each
rule set it plays ``--deals`` deals of :class:`~strohmandeln.players.HeuristicPlayer` against
itself and reports how often a deal is played, undertaken and won by the undertaker, how often
it ends in a Valat or a draw, the mean points a deal moves and the dealer's edge.

The work is cut into chunks of ``--chunk`` deals. Chunk ``k`` of a rule set plays from its own
generator, seeded from ``--seed``, the rule set's name and ``k`` only, so the statistics are the
same bit for bit whatever the number of workers, the machine, and the order in which chunks
finish. Each worker returns the counts of its chunk; the driver merges them as they arrive and
draws a progress bar. The plain ``concurrent.futures`` version of such a run,
``examples/simulate.py``, needs nothing but the standard library and stays the default for one
machine.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import strohmandeln as sm
from strohmandeln.players import HeuristicPlayer


@dataclass
class Stats:
    """The counts of some deals of one rule set; :meth:`merge` adds another chunk's."""

    deals: int = 0
    counts: Counter[str] = field(default_factory=Counter)
    #: the sum of each seat's score, by role
    dealer_points: int = 0
    moved_points: int = 0

    def merge(self, other: Stats) -> None:
        self.deals += other.deals
        self.counts.update(other.counts)
        self.dealer_points += other.dealer_points
        self.moved_points += other.moved_points


def play_chunk(rules_name: str, seed: int, chunk: int, deals: int) -> Stats:
    """Play ``deals`` deals of heuristic self-play under the preset ``rules_name``: chunk
    ``chunk`` of the run of ``seed``."""
    rules = sm.PRESETS[rules_name]
    rng = random.Random(f"{seed}/{rules_name}/{chunk}")  # (a str seed: the same on every machine)
    player = HeuristicPlayer()
    stats = Stats()
    for number in range(deals):
        state = sm.deal(rules, dealer=number % 2, rng=rng)
        while not state.is_terminal:
            state = state.apply(player(state.view(state.current_player)))
        result = state.result()
        stats.deals += 1
        if result.is_void:
            stats.counts["void"] += 1
            continue
        stats.counts["played"] += 1
        stats.dealer_points += result.totals[state.dealer]
        stats.moved_points += abs(result.totals[0])
        if result.undertaker is not None:
            stats.counts["undertaken"] += 1
            stats.counts["undertaker won"] += result.card_play_winner == result.undertaker
        stats.counts["valat"] += any(line.bonus is sm.Bonus.VALAT for line in result.lines)
        stats.counts["drawn"] += result.drawn
    return stats


def progress(done: int, total: int, started: float, tty: bool) -> None:
    """A progress bar on standard error: redrawn in place on a terminal, a line a quarter in a
    log."""
    if tty:
        filled = 30 * done // total
        rate = done / max(time.monotonic() - started, 1e-9)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} chunks, {rate:.1f}/s")
        if done == total:
            sys.stderr.write("\n")
    elif done == total or 4 * done // total != 4 * (done - 1) // total:
        sys.stderr.write(f"{done}/{total} chunks done\n")
    sys.stderr.flush()


def run(ray: Any, rules_names: list[str], deals: int, chunk: int, seed: int) -> dict[str, Stats]:
    """Fan the chunks out to Ray's workers and merge their counts as they finish."""
    remote_chunk = ray.remote(play_chunk)
    pending: dict[Any, str] = {}
    for name in rules_names:
        for k, start in enumerate(range(0, deals, chunk)):
            pending[remote_chunk.remote(name, seed, k, min(chunk, deals - start))] = name
    stats = {name: Stats() for name in rules_names}
    total, started, tty = len(pending), time.monotonic(), sys.stderr.isatty()
    waiting = list(pending)
    while waiting:
        ready, waiting = ray.wait(waiting, num_returns=1)
        for ref in ready:
            stats[pending[ref]].merge(ray.get(ref))
        progress(total - len(waiting), total, started, tty)
    return stats


def report(stats: dict[str, Stats]) -> None:
    def share(count: int, of: int) -> str:
        return f"{100 * count / of:5.1f} %" if of else "    -  "

    print(f"{'rules':<18}{'deals':>9}{'played':>9}{'undertaken':>12}{'won':>9}{'Valat':>9}{'drawn':>9}{'moved':>8}{'dealer':>8}")
    for name, s in stats.items():
        c, played = s.counts, s.counts["played"]
        print(
            f"{name:<18}{s.deals:>9}{share(played, s.deals):>9}{share(c['undertaken'], played):>12}"
            f"{share(c['undertaker won'], c['undertaken']):>9}{share(c['valat'], played):>9}{share(c['drawn'], played):>9}"
            f"{s.moved_points / max(played, 1):>8.2f}{s.dealer_points / max(played, 1):>+8.2f}"
        )
    print("won: the undertaker won the card play; moved: mean points a played deal moves; dealer: his mean score.")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=400, help="deals per rule set (default 400)")
    parser.add_argument("--chunk", type=int, default=50, help="deals per task (default 50)")
    parser.add_argument("--rules", default="classic,extended", help="presets, comma-separated")
    parser.add_argument("--seed", type=int, default=2026, help="the run's seed (default 2026)")
    parser.add_argument("--address", default=None, help='a Ray cluster to join ("auto", "ray://host:10001")')
    parser.add_argument("--cpus", type=int, default=None, help="workers of a local Ray (default: one per core)")
    options = parser.parse_args(argv)
    names = options.rules.split(",")
    unknown = [name for name in names if name not in sm.PRESETS]
    if unknown or options.deals < 1 or options.chunk < 1:
        parser.error(f"presets are {', '.join(sm.PRESETS)}; deals and chunk are positive" if unknown else "deals and chunk are positive")
    try:
        ray = importlib.import_module("ray")  # (an optional extra: imported only here)
    except ImportError:
        # (not an error: the extra is optional, and scripts that run every example, such as the
        # release checks, install none; CI installs it and checks that Ray imports first)
        print('skipped: this example needs Ray (pip install "strohmandeln[ray]")', file=sys.stderr)
        return
    if options.address is None:  # this machine: a local Ray, started and stopped by the script
        ray.init(num_cpus=options.cpus, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
    else:  # a running cluster (its workers need strohmandeln: see the docs)
        ray.init(address=options.address, logging_level="ERROR")
    try:
        workers = int(ray.cluster_resources().get("CPU", 1))
        print(f"{options.deals} deals of heuristic self-play per rule set, in chunks of {options.chunk}, on {workers} Ray CPUs")
        stats = run(ray, names, options.deals, options.chunk, options.seed)
    finally:
        ray.shutdown()
    report(stats)


if __name__ == "__main__":
    main()
