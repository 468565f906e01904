"""Run the benchmark suite: the speed targets of both builds, the OpenSpiel comparison and perft.

Run it with ``nox -s bench`` or, after ``pip install -e .[bench]``, with::

    python benchmarks/run.py                # the full run (about 3-4 minutes)
    python benchmarks/run.py --quick        # a smoke run (under a minute): fewer rounds, smaller batches, perft depth 5
    python benchmarks/run.py --no-peer --json out.json
    python benchmarks/run.py -k perft       # only the groups named (engines, calls, memory, import, perft)

The compiled build (the kernel compiled with mypyc) is measured the same way, from its wheel
installed in a virtual environment of its own::

    nox -s bench_compiled                   # builds the wheel (STROHMANDELN_COMPILE=1), installs it, runs this
    nox -s bench_compiled -- --quick        # options after -- go to this script

or by hand: ``STROHMANDELN_COMPILE=1 pip wheel . --no-deps -w DIR``, install ``DIR/*.whl`` and
``open-spiel`` in a fresh venv, and run this script with that venv's Python (outside ``src/``'s
reach: the script imports whatever ``strohmandeln`` the interpreter has). The header says which
build ran (:data:`strohmandeln.COMPILED`), and the table checks only that build's targets.

**How it times** (``benchmarks/timing.py``): on this thread's CPU time (:func:`time.thread_time`),
never on wall-clock time, with the garbage collector on (an untimed ``gc.collect()`` before each
batch only levels the heap). Work is done in *rounds*: a group's workloads (a batch each: a few
hundred deals, an ``apply`` on every one of ten thousand new state objects that the round's
untimed setup makes, ...) each run once per round, in an order that turns every round, after one
untimed warm-up round; every round does the same seeded work. Each figure is the median of its
rounds, and the table gives their spread (min-max). The engines that are compared — OpenSpiel's tarok,
our public-API loop, our batch playouts, the minimal engine of ``floor.py`` — run in the same
rounds in this process, and each ratio is taken round by round (ours ÷ OpenSpiel's of the same
round), so that the machine's load moves both sides of a ratio alike; the figure is the median
of those ratios. The one figure on another clock is the import time: what ``python -X importtime
-c "import strohmandeln"`` reports in fresh interpreters (the median of several, with the
bytecode cached). What each figure counts is printed under the table (``benchmarks/measure.py``
has the groups, ``benchmarks/suite.py`` the figures, targets and workloads).

The run exits with status 1 when a figure misses its target by more than 20% (a time above 1.2 ×
its target, a rate or ratio below 0.8 × its target) or a perft count differs from
``tests/data/perft.json``; a figure of a group that did not run (``-k``, ``--no-peer``) does not
count.

**The load indicator.** Beside every timed figure the table gives its load indicator: the
wall-clock time ÷ the CPU time of its batches (median of the rounds; for a ratio, the higher of
its two engines' in each round). About 1.0 means the process had the CPU whenever it wanted it; on
a machine shared with other work it rises, and the figures move with it even on the CPU clock
(the neighbours' cache traffic, the clock speed). A run where a figure's load indicator exceeds
``LOAD_LIMIT`` (1.10, ``benchmarks/suite.py``) is *loaded*: its figures are reported, marked
``!``, but it is not judged on its targets — the verdict says so and the exit status is 3 (a
wrong perft count still fails with 1). ``--report-only`` exits 0 whatever the figures. ``--json PATH`` writes the figures, each with the values of its rounds, the settings and
the machine; ``benchmarks/rst_figures.py PATH`` turns that into the performance page's figures.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from measure import (
    measure_calls,
    measure_engines,
    measure_import,
    measure_memory,
    measure_perft,
    positions_for,
)
from suite import GROUPS, SIZES, Positions, Results, Settings, catalogue


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="The strohmandeln benchmark suite.", allow_abbrev=False)
    parser.add_argument("--quick", action="store_true", help="a smoke run: fewer rounds, smaller batches, perft depth 5")
    parser.add_argument(
        "--rounds", "--repeats", type=int, metavar="N", help="interleaved rounds of the engines and the calls (default 101, quick 25)"
    )
    parser.add_argument("--perft-depth", type=int, metavar="N", help="perft depth to check (0 skips perft; default 6, quick 5)")
    parser.add_argument("--no-peer", action="store_true", help="skip OpenSpiel's tarok (and so the ratios to it)")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the figures, their rounds and the machine as JSON")
    parser.add_argument("--quiet", action="store_true", help="print only the report (no progress on stderr)")
    parser.add_argument(
        "--report-only",
        action="store_true",
        help="report the figures without gating on them: a miss is reported as such, the exit status is 0 (CI's shared machine)",
    )
    parser.add_argument(
        "-k",
        dest="select",
        action="append",
        default=[],
        metavar="WORDS",
        help=f"run only the groups whose name or one of whose figures' keys contains one of the words "
        f"(comma- or space-separated; the groups: {', '.join(GROUPS)})",
    )
    args = parser.parse_args(argv)
    if args.rounds is not None and args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.perft_depth is not None and args.perft_depth < 0:
        parser.error("--perft-depth must be 0 or more")
    return args


def settings_of(args: argparse.Namespace) -> Settings:
    settings = SIZES["quick" if args.quick else "full"]
    if args.rounds is not None:
        settings = replace(settings, rounds=args.rounds)
    if args.perft_depth is not None:
        settings = replace(settings, perft_depth=args.perft_depth)
    if args.no_peer:
        settings = replace(settings, peer=False)
    return settings


def selected(settings: Settings, select: Sequence[str]) -> list[str]:
    """The groups to run, in their order."""
    words = [w for text in select for w in text.replace(",", " ").split() if w not in ("or", "and")]
    figures = catalogue(settings).values()
    groups = [g for g in GROUPS if g != "perft" or settings.perft_depth > 0]
    if not words:
        return groups
    return [g for g in groups if any(w in g or any(w in f.key for f in figures if f.group == g) for w in words)]


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    settings = settings_of(args)
    results = Results(settings)
    groups = selected(settings, args.select)
    if not groups:
        print(f"no group matches -k {' '.join(args.select)} (the groups: {', '.join(GROUPS)})", file=sys.stderr)
        return 2
    started = time.perf_counter()
    positions: Positions | None = None

    def say(text: str) -> None:
        if not args.quiet:
            print(f"[{time.perf_counter() - started:5.0f} s] {text}", file=sys.stderr, flush=True)

    say(f"{results.info['build']} build, {results.info['python']}; groups: {', '.join(groups)}")
    for group in groups:
        say(f"{group} ...")
        if group == "engines":
            measure_engines(results)
        elif group == "calls":
            # (built after the engines ran, so that their garbage collections do not walk them)
            positions = positions or positions_for(results)
            measure_calls(results, positions)
        elif group == "import":
            measure_import(results)
        elif group == "memory":
            positions = positions or positions_for(results)
            measure_memory(results, positions)
            positions = None
        elif group == "perft":
            measure_perft(results)
        results.groups.append(group)
    results.seconds = time.perf_counter() - started
    say("done")
    print("\n".join(results.report(gated=not args.report_only)))
    if args.json is not None:
        args.json.write_text(json.dumps(results.as_json(), ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        print(f"figures written to {args.json}")
    return results.exit_status(args.report_only)


if __name__ == "__main__":
    sys.exit(main())
