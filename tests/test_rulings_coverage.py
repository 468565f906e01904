"""Every ruling R1…R26 of RULINGS.md is stated in the rules reference and named by a test."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULINGS = [f"R{n}" for n in range(1, 27)]


def _names_and_docstrings() -> str:
    """Test function names and their docstrings across the suite."""
    chunks: list[str] = []
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name.startswith(
                ("test", "Test")
            ):
                chunks.append(node.name)
                chunks.append(ast.get_docstring(node) or "")
    return "\n".join(chunks)


@pytest.mark.parametrize("ruling", RULINGS)
def test_every_ruling_is_named_by_a_test(ruling: str) -> None:
    """A test name or docstring names the ruling (``R7``, ``test_R7_…``)."""
    text = _names_and_docstrings()
    assert re.search(rf"(?<![A-Za-z0-9]){ruling}(?![0-9])", text), f"no test names {ruling}"


@pytest.mark.parametrize("ruling", RULINGS)
def test_every_ruling_is_stated_in_the_rules_reference(ruling: str) -> None:
    """docs/rules.rst states each ruling and names it."""
    text = (ROOT / "docs" / "rules.rst").read_text(encoding="utf-8")
    assert re.search(rf"(?<![A-Za-z0-9]){ruling}(?![0-9])", text), f"docs/rules.rst does not state {ruling}"
