"""Print the figures of a benchmark run as the reStructuredText substitutions that close
``docs/performance.rst``, so that the page's figures are copied from a run, not typed.

Usage::

    python benchmarks/run.py --json run.json
    python benchmarks/rst_figures.py run.json [PREFIX]                    # print the block
    python benchmarks/rst_figures.py run.json PREFIX --page docs/performance.rst   # write it there

The page takes the pure build's figures with the prefix ``p_`` and the compiled build's with
``c_`` (``|p_apply|``, ``|c_apply|``). With ``--page``, the block of that prefix (its comment line,
which names the build, the commit, the processor and the load, and every substitution of the
prefix after it) is replaced in the page by the run's; without, paste the output over it. For every measured figure of the run's JSON (``figure["key"]``, see
``benchmarks/suite.py``) it prints:

* ``|key|``: the median of the rounds (rates, bytes and nodes whole, times and ratios to two
  decimals, times under 1 µs to three; the document round trip in ms, perft leaf nodes/s in
  millions);
* ``|key_low|`` and ``|key_high|``: the spread of the rounds, where there were rounds;
* ``|r_key|``: how many times the running build's target is met, for a figure with a target;
* ``|key_load|``: its load indicator (wall-clock ÷ CPU time, median of the rounds), where it was
  timed on the CPU clock;
* the load sensitivity of a ratio, from its own rounds: ``|key_at_quiet|``, the median of its
  rounds whose load indicator was at most :data:`QUIET` (``|key_at_quiet_n|`` of them), and
  ``|key_at_load|``, the median of those at :data:`LOADED` or more (``|key_at_load_n|``, at a
  median load of ``|key_at_load_load|``); "none" where the run had no such round;

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
#: the highest load indicator of a quiet round, and the lowest of a loaded one
QUIET = 1.10
LOADED = 1.50


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    n = len(ordered)
    return ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2


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
        loads = figure.get("loads") or []
        if figure["unit"] == "×" and loads and len(loads) == len(figure.get("values") or []):
            pairs = list(zip(figure["values"], loads))
            quiet = [v for v, load in pairs if load <= QUIET]
            loaded = [(v, load) for v, load in pairs if load >= LOADED]
            line(f"{key}_at_quiet", _text(key, "×", _median(quiet)) if quiet else "none")
            line(f"{key}_at_quiet_n", str(len(quiet)))
            line(f"{key}_at_load", _text(key, "×", _median([v for v, _ in loaded])) if loaded else "none")
            line(f"{key}_at_load_n", str(len(loaded)))
            line(f"{key}_at_load_load", f"{_median([load for _, load in loaded]):.2f}" if loaded else "none")
    if "playouts_actions_classic" in measured and "actions_classic" in measured:
        # how many times as fast the batch playouts are as the loop of apply, CLASSIC
        speedup = measured["playouts_actions_classic"]["measured"] / measured["actions_classic"]["measured"]
        line("speedup", f"{speedup:.1f}")
    return lines


def replaced(page: str, block: list[str], prefix: str) -> str:
    """The page with its block of substitutions of ``prefix`` replaced by ``block`` (the block is
    the comment line that opens it, the blank line after it and every ``.. |PREFIX...|`` line up to
    the next line that is none of these)."""
    lines = page.split("\n")
    mark = f".. |{prefix}"
    starts = [
        k
        for k, line in enumerate(lines)
        if line.startswith(".. The figures of one run") and any(x.startswith(mark) for x in lines[k + 1 : k + 4])
    ]
    if len(starts) != 1:
        raise SystemExit(f"the page has {len(starts)} blocks of figures with the prefix {prefix!r}, not one")
    start = end = starts[0]
    end += 1
    while end < len(lines) and (lines[end].startswith(mark) or not lines[end].strip()):
        end += 1
    while end > start + 1 and not lines[end - 1].strip():  # (the blank lines after it stay)
        end -= 1
    return "\n".join(lines[:start] + block + lines[end:])


def main(argv: list[str]) -> int:
    page = None
    if "--page" in argv:
        at = argv.index("--page")
        if at + 1 >= len(argv):
            print(__doc__, file=sys.stderr)
            return 2
        page = argv[at + 1]
        argv = argv[:at] + argv[at + 2 :]
    if len(argv) not in (2, 3) or (page is not None and len(argv) != 3):
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as file:
        run = json.load(file)
    prefix = argv[2] if len(argv) == 3 else ""
    block = substitutions(run, prefix)
    if page is None:
        print("\n".join(block))
        return 0
    with open(page, encoding="utf-8") as file:
        text = file.read()
    with open(page, "w", encoding="utf-8") as file:
        file.write(replaced(text, block, prefix))
    print(f"{len(block) - 2} figures of the {run.get('build', 'pure')} build written to {page}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
