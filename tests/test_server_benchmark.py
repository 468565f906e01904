"""benchmarks/server.py --page: each build's figures go into the performance page between its
markers, the other build's kept; the page's table shows measured figures only."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from helpers import module_from_file

ROOT = Path(__file__).resolve().parent.parent
server = module_from_file(ROOT / "benchmarks" / "server.py")


def figures(build: str, view: float) -> dict[str, Any]:
    return {
        "build": build,
        "load": 1.04,
        "moves": 300,
        "rounds": 9,
        "python": "3.11.7",
        "commit": "abc1234",
        "date": "2026-12-02",
        "micros": {"view.to_dict (both seats, per view)": {"median": view, "min": view, "max": view, "load": 1.02}},
    }


def test_each_build_writes_its_column_and_keeps_the_others(tmp_path: Path) -> None:
    page = tmp_path / "performance.rst"
    page.write_text(f"Before\n\n{server.BEGIN}\n{server.END}\n\nAfter\n", encoding="utf-8")
    server.write_page(page, figures("pure", 25.0))
    server.write_page(page, figures("compiled", 9.5))
    server.write_page(page, figures("pure", 24.0))  # (a later run of a build replaces its column)
    text = page.read_text(encoding="utf-8")
    assert text.startswith("Before\n\n") and text.endswith(f"{server.END}\n\nAfter\n")
    assert text.count(server.KEPT) == 2 and "25.0" not in text
    row = text.split("   * - view.to_dict (both seats, per view)\n")[1].splitlines()[:3]
    assert row == ["     - 24.0 (1.02)", "     - 9.5 (1.02)", "     - ≤ 30"]
    assert "the pure build at commit abc1234" in text and "the compiled build at commit abc1234" in text


def test_the_page_in_the_docs_has_the_markers_and_a_column_per_build() -> None:
    text = (ROOT / "docs" / "performance.rst").read_text(encoding="utf-8")
    block = text.split(server.BEGIN)[1].split(server.END)[0]
    kept = [line for line in block.splitlines() if line.startswith(server.KEPT)]
    assert len(kept) == 2 and '"build":"pure"' in kept[0] and '"build":"compiled"' in kept[1]


def test_a_page_of_one_build_has_a_column_for_it_only(tmp_path: Path) -> None:
    page = tmp_path / "performance.rst"
    page.write_text(f"{server.BEGIN}\n{server.END}\n", encoding="utf-8")
    server.write_page(page, figures("compiled", 9.5))
    text = page.read_text(encoding="utf-8")
    assert ":widths: 40 20 15" in text and "pure build" not in text and "     - compiled build" in text
