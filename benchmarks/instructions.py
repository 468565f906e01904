"""Count the interpreter's machine instructions per unit of work, under valgrind.

Timings on a shared machine move with its load, by up to half within one run and more from day
to day (see the performance page); a count of instructions does not. This script is how the
performance page's instruction counts are made, and the way to compare two versions of the
engine on a noisy machine::

    python benchmarks/instructions.py                        # every workload, 200 units each
    python benchmarks/instructions.py sample_first --count 100
    python benchmarks/instructions.py --list

Each workload runs twice in a child process under ``valgrind --tool=cachegrind``, with the same
preparation and warm-up (positions, views, a few units with other seeds) for twice ``--count``
units, once running half of them and once all; the difference of the two totals divided by the
count is the figure (the two processes differ in nothing else, so their start-up and exit cancel
out).
``--cache`` also simulates the caches and counts the reads and writes that miss the first-level
data cache (D1, 32 KiB on the project's machine): these, not the instructions, are where a
state-building engine loses time against a mutating one (see the performance page).
``PYTHONHASHSEED`` is fixed, so a run repeats to within a fraction of a percent. Valgrind is a
system tool, not a Python package: the script says so and exits with status 2 if it is missing.
It is not part of the timed suite or of CI (a run takes about a minute per workload).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

HERE: Final = Path(__file__).resolve().parent


#: A workload's preparation: units prepared -> a function that runs the first k of them.
Prepare = Callable[[int], Callable[[int], object]]


def _deals(rules_name: str) -> Prepare:
    def prepare(count: int) -> Callable[[int], object]:
        from suite import play_random_deals

        import strohmandeln

        rules = getattr(strohmandeln, rules_name)
        play_random_deals(rules, 20, 99)  # (warm-up: other deals)
        return lambda k: play_random_deals(rules, k, 0)

    return prepare


def _deal(count: int) -> Callable[[int], object]:
    from suite import deal_many

    from strohmandeln import CLASSIC

    deal_many(CLASSIC, 20, 99)
    return lambda k: deal_many(CLASSIC, k, 0)


def _floor(count: int) -> Callable[[int], object]:
    from floor import floor_random_deals

    floor_random_deals(20, 99)
    return lambda k: floor_random_deals(k, 0)


def _sample(again: bool) -> Prepare:
    def prepare(count: int) -> Callable[[int], object]:
        from suite import rebuild, sample_each, sample_positions, views_of

        positions = sample_positions(max(40, count // 3), 0)
        middle = positions.middle(count)
        assert len(middle) == count, "fewer mid-game positions than units"
        sample_each(views_of(rebuild(middle)), random.Random(99))  # (warm-up: other views)
        views = views_of(rebuild(middle))
        if again:
            sample_each(views, random.Random(98))
        return lambda k: sample_each(views[:k], random.Random(1))

    return prepare


#: name -> (what one unit is, its preparation)
WORKLOADS: Final[dict[str, tuple[str, Prepare]]] = {
    "deals_classic": ("a random full CLASSIC deal through the public API (as the timed suite)", _deals("CLASSIC")),
    "deals_extended": ("a random full EXTENDED deal through the public API", _deals("EXTENDED")),
    "deal": ("deal(CLASSIC, dealer=k % 2, rng=rng) alone", _deal),
    "floor": ("a random deal of the minimal bitmask engine (benchmarks/floor.py)", _floor),
    "sample_first": ("a first sample of a new view of a mid-game position", _sample(again=False)),
    "sample_again": ("another sample of a view sampled once already", _sample(again=True)),
}


def child(name: str, count: int, run: int) -> None:
    """Prepare the workload for ``count`` units, and run ``run`` of them."""
    sys.path.insert(0, str(HERE))
    WORKLOADS[name][1](count)(run)


def counts(name: str, count: int, run: int, cache: bool) -> tuple[int, int | None]:
    """The instructions valgrind counts for a child process of the workload, and its misses of
    the first-level data cache if ``cache``."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    command = [
        "valgrind",
        "--tool=cachegrind",
        f"--cache-sim={'yes' if cache else 'no'}",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        str(Path(__file__).resolve()),
        "--child",
        name,
        "--count",
        str(count),
        "--run",
        str(run),
    ]
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    refs = re.search(r"I\s+refs:\s*([\d,]+)", done.stderr)
    misses = re.search(r"D1\s+misses:\s*([\d,]+)", done.stderr)
    if done.returncode != 0 or refs is None or (cache and misses is None):
        raise SystemExit(f"valgrind failed on {name} (status {done.returncode}):\n{done.stderr[-2000:]}")
    return _number(refs.group(1)), _number(misses.group(1)) if cache and misses is not None else None


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Instructions per unit of work, counted by valgrind.", allow_abbrev=False)
    parser.add_argument("workloads", nargs="*", metavar="WORKLOAD", help="the workloads to count (default: all)")
    parser.add_argument("--count", type=int, default=200, metavar="N", help="units counted per workload (default 200)")
    parser.add_argument("--cache", action="store_true", help="also count the misses of the first-level data cache (slower)")
    parser.add_argument("--list", action="store_true", help="list the workloads and exit")
    parser.add_argument("--child", metavar="WORKLOAD", help=argparse.SUPPRESS)
    parser.add_argument("--run", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        child(args.child, args.count, args.run)
        return 0
    if args.list:
        for name, (unit, _) in WORKLOADS.items():
            print(f"{name:15} {unit}")
        return 0
    unknown = [name for name in args.workloads if name not in WORKLOADS]
    if unknown or args.count < 1:
        parser.error(f"unknown workload {unknown[0]!r} (see --list)" if unknown else "--count must be at least 1")
    if shutil.which("valgrind") is None:
        print("valgrind is not on the PATH: install it (for example apt-get install valgrind)", file=sys.stderr)
        return 2
    for name in args.workloads or list(WORKLOADS):
        base, base_misses = counts(name, 2 * args.count, args.count, args.cache)
        total, total_misses = counts(name, 2 * args.count, 2 * args.count, args.cache)
        line = f"{name:15} {(total - base) / args.count:12,.0f} instructions"
        if base_misses is not None and total_misses is not None:
            line += f" {(total_misses - base_misses) / args.count:9,.0f} D1 misses"
        print(f"{line} per unit ({args.count} units: {WORKLOADS[name][0]})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
