"""The benchmark's load indicator (issue 34 item 3): beside every timed figure, and no gating on a
loaded run.

The benchmark itself is not run here (it takes minutes and its figures depend on the machine);
these tests build the report of a run from made-up rounds and check what it says and how it exits,
and that the figures the performance page copies carry their load.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import module_from_file

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
if str(BENCH) not in sys.path:  # (the benchmark's modules import each other by name)
    sys.path.insert(0, str(BENCH))

suite: Any = module_from_file(BENCH / "suite.py")
timing: Any = module_from_file(BENCH / "timing.py")
rst: Any = module_from_file(BENCH / "rst_figures.py")


def a_run(load: float, ratio: float = 9.0) -> Any:
    """The results of an engines run whose every round had the load indicator ``load``."""
    results = suite.Results(suite.SIZES["quick"])
    results.groups.append("engines")
    for key in ("ratio_classic", "ratio_extended", "playouts_ratio_classic", "playouts_ratio_extended"):
        results[key].set_values([ratio] * 5)
        results[key].set_loads([load, load, 1.0, load, load])
    results["openspiel"].set_values([700_000.0] * 5)
    results["openspiel"].set_loads([load] * 5)
    return results


def test_the_rounds_keep_wall_time_beside_cpu_time() -> None:
    """``interleaved`` records each workload's wall-clock seconds; its load indicator is wall ÷
    CPU, about 1 for a process that had the CPU (and never below the clocks' resolution)."""
    spin = timing.Workload("spin", lambda _: sum(range(20_000)) and 1)
    rounds = timing.interleaved([spin], 3)["spin"]
    assert len(rounds.walls) == len(rounds.seconds) == 3
    assert all(load > 0.5 for load in rounds.loads())
    assert timing.worst([1.0, 2.0], [1.5, 1.2]) == [1.5, 2.0]


def test_a_quiet_run_is_gated_on_its_targets() -> None:
    quiet = a_run(1.02)
    assert quiet.gated() and quiet.load() == pytest.approx(1.02)
    assert not quiet.failing() and quiet.exit_status() == 0  # (above every build's targets)
    missed = a_run(1.02, ratio=0.3)  # (far below every build's targets)
    assert missed.failing() and missed.exit_status() == 1
    assert missed.exit_status(report_only=True) == 0


def test_a_loaded_run_is_reported_but_not_gated() -> None:
    loaded = a_run(1.8, ratio=0.3)
    assert not loaded.gated() and loaded.load() == pytest.approx(1.8)
    assert loaded.exit_status() == 3 and loaded.exit_status(report_only=True) == 0
    report = loaded.report()
    assert report[-1].startswith("verdict: NOT GATED: a loaded run (load indicator up to 1.80")
    row = next(line for line in report if line.startswith("batch playouts ÷ OpenSpiel, classic"))
    assert "1.80!" in row  # (the load beside the ratio, marked)
    assert loaded.as_json()["gated"] is False


def test_a_loaded_run_of_figures_without_targets_is_judged_on_its_counts() -> None:
    """CI's ``-k perft`` step on a loaded machine: the counts decide, the rate beside them is
    information (it has no target), so the run is gated and passes, or fails on a wrong count."""
    results = suite.Results(suite.SIZES["quick"])
    results.groups.append("perft")
    rate = next(f for f in results.ordered() if f.target is None and f.group == "perft" and f.key != "perft_counts")
    rate.set_values([3e6] * 3)
    rate.set_loads([2.3] * 3)
    results["perft_counts"].measured = 6.0
    assert rate.loaded and results.gated() and results.exit_status() == 0
    results["perft_counts"].broken = True
    assert results.exit_status() == 1


def test_a_wrong_perft_count_fails_a_loaded_run_too() -> None:
    loaded = a_run(1.8)
    loaded["perft_counts"].broken = True
    loaded.groups.append("perft")
    assert loaded.exit_status() == 1


def test_the_page_figures_carry_the_load_and_the_processor() -> None:
    run = a_run(1.8).as_json()
    run["figures"].append({**run["figures"][0], "key": "perft_nodes", "unit": "nodes/s", "measured": 1e6, "load": None, "ratio": None})
    lines = rst.substitutions(json.loads(json.dumps(run)), "c_")
    text = "\n".join(lines)
    assert "load indicator 1.80 (loaded)" in lines[0] and run["machine"]["cpu"] in lines[0]
    assert ".. |c_playouts_ratio_classic_load| replace:: 1.80" in text
    assert ".. |c_quiet| replace:: loaded" in text and ".. |c_load| replace:: 1.80" in text
    # (the load sensitivity, from the rounds: four at 1.8, one at 1.0)
    assert ".. |c_playouts_ratio_classic_at_quiet_n| replace:: 1" in text
    assert ".. |c_playouts_ratio_classic_at_load_n| replace:: 4" in text
    assert ".. |c_playouts_ratio_classic_at_load_load| replace:: 1.80" in text


def test_the_script_writes_the_block_of_its_prefix_into_the_page() -> None:
    """``--page``: the block of the prefix is replaced, the other build's and the text kept."""
    page = "\n".join(
        [
            "Text |c_load|.",
            "",
            ".. The figures of one run (old) of the pure build:",
            "",
            ".. |p_load| replace:: 1.00",
            "",
            ".. The figures of one run (old) of the compiled build:",
            "",
            ".. |c_load| replace:: 9.99",
            ".. |c_old| replace:: gone",
            "",
        ]
    )
    block = [".. The figures of one run (new) of the compiled build:", "", ".. |c_load| replace:: 1.80"]
    out = rst.replaced(page, block, "c_").split("\n")
    assert out[:6] == page.split("\n")[:6]
    assert out[6:] == [*block, ""]
    with pytest.raises(SystemExit):
        rst.replaced(page, block, "x_")
