"""Run the benchmark suite of issue 6: every speed target, the OpenSpiel comparison and deep perft.

Run it with ``nox -s bench`` or, after ``pip install -e .[bench]``, with::

    python benchmarks/run.py                # the full run
    python benchmarks/run.py --quick        # a smoke run: fewer rounds, perft to depth 5
    python benchmarks/run.py --no-peer --json out.json

This is a thin wrapper: the suite is ``benchmarks/test_bench.py``, timed by pytest-benchmark
(see its docstring for how each figure is measured), with the options, the table and the exit
status in ``benchmarks/conftest.py`` and the workloads in ``benchmarks/suite.py``. This script
runs ``pytest`` on it with the suite's own configuration (``benchmarks/pytest.ini``), turning
``--quick``, ``--rounds N``, ``--perft-depth N``, ``--no-peer`` and ``--json PATH`` into
``--bench-quick`` and so on; any other argument goes to pytest as it is (``-k perft``,
``--bench-quick``, ``--benchmark-json raw.json``, ...).

It prints pytest-benchmark's tables of round times, then one row per figure — measured value,
target, ratio, status and spread — and the machine, and exits with status 1 when a figure misses
its target by more than 20% (a time above 1.2 × its target, a rate below 0.8 × its target) or a
perft count differs from ``tests/data/perft.json``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

import pytest

HERE: Final = Path(__file__).resolve().parent


def pytest_args(argv: Sequence[str] | None = None) -> list[str]:
    """The arguments of ``pytest`` for the options of this script."""
    parser = argparse.ArgumentParser(
        description="The strohmandeln benchmark suite (issue 6). Other arguments are passed to pytest.", allow_abbrev=False
    )
    parser.add_argument("--quick", action="store_true", help="a smoke run: fewer rounds, smaller samples, perft depth 5")
    parser.add_argument("--rounds", "--repeats", type=int, metavar="N", help="timed rounds per figure (the median is reported)")
    parser.add_argument("--perft-depth", type=int, metavar="N", help="perft depth to check (0 skips perft; default 6)")
    parser.add_argument("--no-peer", action="store_true", help="skip the OpenSpiel comparison")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the figures and the machine as JSON")
    parser.add_argument("--quiet", action="store_true", help="print only pytest's summary and the table of figures")
    args, rest = parser.parse_known_args(argv)
    out = ["-c", str(HERE / "pytest.ini"), "--rootdir", str(HERE)]
    if args.quick:
        out.append("--bench-quick")
    if args.rounds is not None:
        out += ["--bench-rounds", str(args.rounds)]
    if args.perft_depth is not None:
        out += ["--bench-perft-depth", str(args.perft_depth)]
    if args.no_peer:
        out.append("--bench-no-peer")
    if args.json is not None:
        out += ["--bench-json", str(args.json.resolve())]
    if args.quiet:
        out += ["-q", "--benchmark-quiet"]
    return [*out, *rest, str(HERE)]


def main(argv: Sequence[str] | None = None) -> int:
    return int(pytest.main(pytest_args(argv)))


if __name__ == "__main__":
    sys.exit(main())
