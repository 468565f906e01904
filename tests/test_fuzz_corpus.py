"""The fuzzing corpus and the crash inputs, replayed on every run (fuzz/README.md).

Every file of ``fuzz/corpus/<target>/`` (valid documents, records and notation of every preset
and option set, written by ``fuzz/make_corpus.py``) and every crash input the fuzzer found,
kept in ``fuzz/crashes/<target>/`` as a regression case, goes through
:func:`fuzz.targets.check` — the judge the fuzzer itself uses: the loaders accept it (and the
value round-trips) or refuse it with a :class:`~strohmandeln.StrohmandelnError` whose message is
bounded; anything else fails.

A crash input the library does not handle yet is listed in :data:`KNOWN_CRASHES` and expected to
fail (strictly: once the library is fixed its test passes, fails as XPASS, and the entry goes).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # (the fuzz package lives at the root, next to src/ and tests/)
    sys.path.insert(0, str(ROOT))

from fuzz.targets import TARGETS, Crash, check  # noqa: E402

FUZZ = ROOT / "fuzz"

#: Crash inputs the library still mishandles, by path under fuzz/crashes/ (``"json/name"``): the
#: exception they raise. (None now: the thirteen inputs in fuzz/crashes/ — messages made long by
#: quoting unprintable client text, lone surrogates accepted in text that cannot be written back
#: as UTF-8 — are handled since the library quotes client text with ``errors.quoted``.)
KNOWN_CRASHES: dict[str, str] = {}


def _inputs(kind: str) -> list[Path]:
    return sorted(
        path
        for path in (FUZZ / kind).glob("*/*")
        if path.is_file() and not path.name.startswith(".") and path.name != "README.md"
    )


def _case(path: Path) -> object:
    name = path.relative_to(FUZZ / "crashes").as_posix() if path.is_relative_to(FUZZ / "crashes") else None
    marks = []
    if name is not None and name in KNOWN_CRASHES:
        marks.append(pytest.mark.xfail(raises=Crash, strict=True, reason=KNOWN_CRASHES[name]))
    return pytest.param(path, id=path.relative_to(FUZZ).as_posix(), marks=marks)


@pytest.mark.parametrize("path", [_case(path) for path in _inputs("corpus")])
def test_corpus_file_is_accepted(path: Path) -> None:
    """A seed is a valid input: some loader of its target accepts it (and it round-trips)."""
    assert check(path.parent.name, path.read_bytes()) == "accepted"


@pytest.mark.parametrize("path", [_case(path) for path in _inputs("crashes")])
def test_crash_input_is_handled(path: Path) -> None:
    """A crash the fuzzer found: it is now accepted or refused properly."""
    assert check(path.parent.name, path.read_bytes()) in ("accepted", "refused")


@pytest.mark.parametrize("target", sorted(TARGETS))
def test_every_target_has_a_corpus(target: str) -> None:
    corpus = [path for path in _inputs("corpus") if path.parent.name == target]
    assert len(corpus) >= 10, f"fuzz/corpus/{target}/ holds {len(corpus)} files: run python -m fuzz.make_corpus"
    assert (FUZZ / "crashes" / target).is_dir(), f"fuzz/crashes/{target}/ is missing"


def test_every_input_belongs_to_a_target() -> None:
    for kind in ("corpus", "crashes"):
        assert {path.parent.name for path in _inputs(kind)} <= set(TARGETS), f"fuzz/{kind}/ has a directory that is no target"


def test_known_crashes_exist() -> None:
    for name in KNOWN_CRASHES:
        assert (FUZZ / "crashes" / name).is_file(), f"KNOWN_CRASHES names fuzz/crashes/{name}, which is gone"
