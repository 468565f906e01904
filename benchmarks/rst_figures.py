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

#: the figures on the page (each a substitution of its key's name) and their decimals
_DECIMALS: dict[str, int] = dict.fromkeys(("deals_classic", "actions_classic", "deals_extended", "actions_extended"), 0)
_DECIMALS |= dict.fromkeys(("legal_actions", "legal_scratch", "apply", "view", "sample", "round_trip"), 2)
_DECIMALS |= {"memory": 0, "openspiel": 0, "deal": 2, "result": 2, "sample_again": 2, "memory_peak": 0, "peer_ratio": 2}

#: the figures measured in µs that the page gives in ms
_IN_MS = frozenset({"round_trip"})

#: figures whose ratio to the target has a substitution of its own (``r_<key>``)
_RATIOS = (
    "deals_classic",
    "actions_classic",
    "deals_extended",
    "actions_extended",
    "legal_actions",
    "apply",
    "view",
    "sample",
    "round_trip",
    "memory",
)


def substitutions(run: dict[str, Any]) -> list[str]:
    """The substitution lines for the run's JSON document."""
    figures = {figure["key"]: figure for figure in run["figures"] if figure.get("measured") is not None}
    missing = sorted({*_DECIMALS, "perft_nodes"} - figures.keys())
    if missing:
        raise SystemExit(
            f"the run lacks {', '.join(missing)}: the page takes a run with the OpenSpiel comparison"
            " and perft (python benchmarks/run.py --json PATH)"
        )
    lines = [f".. The figures of one full run (``python benchmarks/run.py --json``) at commit {run['machine']['commit']}:", ""]

    def line(name: str, text: str) -> None:
        lines.append(f".. |{name}| replace:: {text}")

    for key, decimals in _DECIMALS.items():
        value = figures[key]["measured"] / (1000 if key in _IN_MS else 1)
        line(key, f"{value:,.{decimals}f}")
        if key in _RATIOS:
            line(f"r_{key}", f"{figures[key]['ratio']:.2f}")
    line("perft_nodes", f"{figures['perft_nodes']['measured'] / 1e6:.2f} million")
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
