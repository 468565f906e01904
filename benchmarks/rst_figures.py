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

#: figure key -> (substitution name, unit conversion factor, decimals)
_VALUES: dict[str, tuple[str, float, int]] = {
    "deals_classic": ("deals_classic", 1.0, 0),
    "actions_classic": ("actions_classic", 1.0, 0),
    "deals_extended": ("deals_extended", 1.0, 0),
    "actions_extended": ("actions_extended", 1.0, 0),
    "legal_actions": ("legal_actions", 1.0, 2),
    "legal_scratch": ("legal_scratch", 1.0, 2),
    "apply": ("apply", 1.0, 2),
    "view": ("view", 1.0, 2),
    "sample": ("sample", 1.0, 2),
    "round_trip": ("round_trip", 1e-3, 2),  # µs in the run, ms on the page
    "memory": ("memory", 1.0, 0),
    "openspiel": ("openspiel", 1.0, 0),
    "deal": ("deal", 1.0, 2),
    "result": ("result", 1.0, 2),
    "sample_again": ("sample_again", 1.0, 2),
    "memory_peak": ("memory_peak", 1.0, 0),
    "peer_ratio": ("peer_ratio", 1.0, 2),
}

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
    missing = sorted({*_VALUES, "perft_nodes"} - figures.keys())
    if missing:
        raise SystemExit(
            f"the run lacks {', '.join(missing)}: the page takes a run with the OpenSpiel comparison"
            " and perft (python benchmarks/run.py --json PATH)"
        )
    lines = [f".. The figures of one full run (``python benchmarks/run.py --json``) at commit {run['machine']['commit']}:", ""]

    def line(name: str, text: str) -> None:
        lines.append(f".. |{name}| replace:: {text}")

    for key, (name, factor, decimals) in _VALUES.items():
        line(name, f"{figures[key]['measured'] * factor:,.{decimals}f}")
        if key in _RATIOS:
            line(f"r_{name}", f"{figures[key]['ratio']:.2f}")
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
