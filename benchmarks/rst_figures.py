"""Print the figures of a benchmark run as the reStructuredText substitutions that close
``docs/performance.rst``, so that the page's figures are copied from a run, not typed.

Usage::

    python benchmarks/run.py --json run.json
    python benchmarks/rst_figures.py run.json [PREFIX]

Paste the output over the block of that build at the end of the page (the comment line names the
build and the commit): the page takes the pure build's figures with the prefix ``p_`` and the
compiled build's with ``c_`` (``|p_apply|``, ``|c_apply|``). For every measured figure of the run's JSON (``figure["key"]``, see
``benchmarks/suite.py``) it prints:

* ``|key|``: the median of the rounds (rates, bytes and nodes whole, times and ratios to two
  decimals, times under 1 µs to three; the document round trip in ms, perft leaf nodes/s in
  millions);
* ``|key_low|`` and ``|key_high|``: the spread of the rounds, where there were rounds;
* ``|r_key|``: how many times the running build's target is met, for a figure with a target;
* ``|key_load|``: its load indicator (wall-clock ÷ CPU time, median of the rounds), where it was
  timed on the CPU clock;

``|speedup|``, the batch playouts' actions per second over the random deals' (``CLASSIC``),
``|build|``, the build that ran (``compiled`` or ``pure``), ``|cpu|``, its processor, ``|load|``,
the run's load indicator (the highest of its figures'), and ``|quiet|``, whether the run was
quiet enough to be judged on its targets (``quiet`` or ``loaded``). The comment line above the
block names the build, the commit, the processor and the load, so that the page says where
its figures come from.
"""

from __future__ import annotations

import json
import sys
from typing import Any

#: the figures measured in µs that the page gives in ms
_IN_MS = frozenset({"round_trip"})


def _text(key: str, unit: str, value: float) -> str:
    if key == "perft_nodes":
        return f"{value / 1e6:.2f} million"
    if key in _IN_MS:
        value /= 1000
    whole = unit.endswith("/s") or unit == "bytes"
    return f"{value:,.{0 if whole else 3 if abs(value) < 1 and unit == 'µs' else 2}f}"


def substitutions(run: dict[str, Any], prefix: str = "") -> list[str]:
    """The substitution lines for the run's JSON document, each name after ``prefix``."""
    measured = {figure["key"]: figure for figure in run["figures"] if figure["measured"] is not None and figure["unit"]}
    if "openspiel" not in measured or "perft_nodes" not in measured:
        raise SystemExit(
            "the page takes a run with the OpenSpiel comparison and perft (python benchmarks/run.py --json PATH)"
        )
    build = run.get("build", run["machine"].get("build", "pure"))
    loads = [figure["load"] for figure in measured.values() if figure.get("load") is not None]
    load = run.get("load") or (max(loads) if loads else None)
    quiet = run.get("gated", load is not None and load <= run.get("load_limit", 1.10))
    cpu = run["machine"].get("cpu", "unknown")
    lines = [
        f".. The figures of one run (``python benchmarks/run.py --json``) of the {build} build "
        f"at commit {run['machine']['commit']}, on {cpu}, load indicator "
        f"{'unknown' if load is None else f'{load:.2f}'} ({'quiet' if quiet else 'loaded'}):",
        "",
    ]

    def line(name: str, text: str) -> None:
        lines.append(f".. |{prefix}{name}| replace:: {text}")

    line("build", build)
    line("cpu", cpu)
    line("load", "unknown" if load is None else f"{load:.2f}")
    line("quiet", "quiet" if quiet else "loaded")
    for key, figure in measured.items():
        line(key, _text(key, figure["unit"], figure["measured"]))
        if figure["low"] is not None and figure["high"] is not None and figure.get("values"):
            line(f"{key}_low", _text(key, figure["unit"], figure["low"]))
            line(f"{key}_high", _text(key, figure["unit"], figure["high"]))
        if figure["ratio"] is not None:
            line(f"r_{key}", f"{figure['ratio']:.2f}")
        if figure.get("load") is not None:
            line(f"{key}_load", f"{figure['load']:.2f}")
    if "playouts_actions_classic" in measured and "actions_classic" in measured:
        # how many times as fast the batch playouts are as the loop of apply, CLASSIC
        speedup = measured["playouts_actions_classic"]["measured"] / measured["actions_classic"]["measured"]
        line("speedup", f"{speedup:.1f}")
    return lines


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as file:
        run = json.load(file)
    print("\n".join(substitutions(run, argv[2] if len(argv) == 3 else "")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
