"""Print the figures of a benchmark run as the reStructuredText substitutions that close
``docs/performance.rst``, so that the page's table is copied from a run, not typed.

Usage::

    python benchmarks/run.py --json run.json
    python benchmarks/rst_figures.py run.json

Paste the output over the block at the end of the page (the comment line names the commit).
"""

from __future__ import annotations

import json
import sys
from typing import Any

#: the figures measured in µs that the page gives in ms
_IN_MS = frozenset({"round_trip"})


def substitutions(run: dict[str, Any]) -> list[str]:
    """The substitution lines for the run's JSON document: ``|key|`` for every measured figure
    (rates and bytes whole, times and ratios to two decimals) and ``|r_key|`` for every figure
    with a target, plus the page's perft rate in millions and the spread of the CLASSIC deals."""
    settings = run["settings"]
    if not settings["peer"] or not settings["perft_depth"]:
        raise SystemExit("the page takes a run with the OpenSpiel comparison and perft (python benchmarks/run.py --json PATH)")
    lines = [f".. The figures of one full run (``python benchmarks/run.py --json``) at commit {run['machine']['commit']}:", ""]

    def line(name: str, text: str) -> None:
        lines.append(f".. |{name}| replace:: {text}")

    figures = {figure["key"]: figure for figure in run["figures"] if figure["measured"] is not None and figure["unit"]}
    for key, figure in figures.items():
        if key == "perft_nodes":
            line(key, f"{figure['measured'] / 1e6:.2f} million")
            continue
        whole = figure["unit"].endswith("/s") or figure["unit"] == "bytes"
        line(key, f"{figure['measured'] / (1000 if key in _IN_MS else 1):,.{0 if whole else 2}f}")
        if figure["ratio"] is not None and key != "peer_ratio":  # (the ratio is the figure itself)
            line(f"r_{key}", f"{figure['ratio']:.2f}")
    line("deals_classic_low", f"{figures['deals_classic']['low']:,.0f}")
    line("deals_classic_high", f"{figures['deals_classic']['high']:,.0f}")
    return lines


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as file:
        run = json.load(file)
    print("\n".join(substitutions(run)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
