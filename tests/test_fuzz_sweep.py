"""A slice of the sweep of hostile values (fuzz/sweep.py) on every run: every field of a view in
mid-play, a match, a position, a result and a session replaced in turn by each hostile value,
removed, and joined by an unknown field — each mutant accepted and round-tripping, or refused
with a library error and a bounded message (the judge of the fuzzer, fuzz/targets.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # (the fuzz package lives at the root, next to src/ and tests/)
    sys.path.insert(0, str(ROOT))

from fuzz.sweep import RAW, mutants  # noqa: E402
from fuzz.targets import check  # noqa: E402

DOCUMENTS = (
    "json/view-classic-mid-play-seat1.json",
    "json/match-stramandl.json",
    "json/position-tricks-view-seat0.json",
    "json/result-classic.json",
    "session/session-stramandl-3-deals.json",
)


#: A value of each kind the full sweep tries (wrong type, past a bound, huge, no Unicode, deep).
VALUES: tuple[object, ...] = (None, True, -1, 2**63, 0.5, "", "X" * 100_000, "\ud800", [], {"format": 1}, *RAW)


@pytest.mark.parametrize("name", DOCUMENTS)
def test_every_field_takes_every_hostile_value(name: str) -> None:
    path = ROOT / "fuzz" / "corpus" / name
    doc = json.loads(path.read_text(encoding="utf-8"))
    outcomes = [check(path.parent.name, data) for _, data in mutants(doc, VALUES)]
    # (the sweep must reach the loaders: most mutants are refused, a few — a value the field
    # also allows — accepted)
    assert len(outcomes) > 50 and outcomes.count("refused") > len(outcomes) // 2
