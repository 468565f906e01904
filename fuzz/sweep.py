"""A sweep of hostile values through every field of every corpus document: the fuzzer's
systematic companion.

Coverage-guided fuzzing finds its way into the loaders' branches, but reaches a given field with
a given bad value only by chance. The sweep is exhaustive over a fixed grid instead: for every
JSON document of ``fuzz/corpus/json/`` and ``fuzz/corpus/session/``, every field (every key of
every object; the first, a middle and the last item of every list) is replaced in turn by each of
:data:`HOSTILE` — wrong types, numbers at and past every bound, huge and deep values, text that
is long, unprintable or no Unicode — and each object also gets an unknown field and loses each
of its fields. Each mutant goes through :func:`fuzz.targets.check`, the judge of the fuzzer and
of the replay tests: accepted and round-tripping, or refused with a library error and a bounded
message. A session mutant is judged as the session target judges it, signed again too, so that
the checks behind the signature see it.

Run from the repository root (``nox -s fuzz`` runs it first)::

    python -m fuzz.sweep                 # every document: a few minutes
    python -m fuzz.sweep --every 20      # every 20th document (the tests run a slice like it)

The exit status is 1 if a mutant crashed; each crash is printed with its document and field.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

from fuzz.targets import Crash, check

HERE: Final = Path(__file__).resolve().parent

#: The values each field takes in turn.
HOSTILE: Final[tuple[object, ...]] = (
    None, True, 0, -1, 1, 2, 54, 2**31, 2**63, -(2**63), 10**40, 0.5, 1e308, -0.0,
    "", "x", "X" * 100_000, "\x00" * 40, "\ud800", "XXI\ufeff", "classic", "♥K!ross+trull",
    [], [None], [[[[[[[[[[[[]]]]]]]]]]]], ["XXI"] * 300, {}, {"format": 1}, {"": [1]},
)  # fmt: skip
#: Values JSON can carry but Python's json module cannot write, by their text: nesting deeper
#: than any loader needs (refused, not recursed into without end) and a number of 5,000 digits
#: (over Python's limit on converting whole numbers from text).
RAW: Final[dict[str, str]] = {
    "a list nested 5000 deep": "[" * 5000 + "]" * 5000,
    "a number of 5000 digits": "9" * 5000,
}
_MARK: Final = "\u0001raw\u0001"


def _paths(node: object, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The paths of the fields to sweep: every key of every object, and the first, a middle and
    the last item of every list."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield (*path, key)
            yield from _paths(value, (*path, key))
    elif isinstance(node, list) and node:
        for index in sorted({0, len(node) // 2, len(node) - 1}):
            yield (*path, index)
            yield from _paths(node[index], (*path, index))


def _at(doc: object, path: tuple[Any, ...]) -> Any:
    for step in path:
        doc = doc[step]  # type: ignore[index]
    return doc


def mutants(doc: object, values: tuple[object, ...] = (*HOSTILE, *RAW)) -> Iterator[tuple[str, bytes]]:
    """Every mutant of ``doc`` the sweep tries — each field replaced by each of ``values`` (a
    key of :data:`RAW` stands for its text), removed, and each object with an unknown field:
    (a description, its JSON text in UTF-8)."""
    for path in list(_paths(doc)):
        where = "/".join(map(str, path))
        for value in values:
            mutant = json.loads(json.dumps(doc))
            raw = RAW.get(value) if isinstance(value, str) else None
            _at(mutant, path[:-1])[path[-1]] = _MARK if raw is not None else value
            text = json.dumps(mutant, ensure_ascii=False)
            if raw is not None:
                text = text.replace(json.dumps(_MARK), raw)
            yield f"{where} = {value if raw is not None else repr(value)[:30]}", text.encode("utf-8", errors="surrogatepass")
        mutant = json.loads(json.dumps(doc))
        del _at(mutant, path[:-1])[path[-1]]
        yield f"{where} removed", json.dumps(mutant, ensure_ascii=False).encode()
    for path in [(), *(p for p in _paths(doc) if isinstance(_at(doc, p), dict))]:
        mutant = json.loads(json.dumps(doc))
        _at(mutant, path)["unknown_field"] = 1
        yield f"{'/'.join(map(str, path)) or 'document'} + unknown field", json.dumps(mutant, ensure_ascii=False).encode()


def sweep(every: int = 1, out: Any = sys.stdout) -> tuple[int, list[str]]:
    """Sweep every ``every``-th document of the corpus; (mutants checked, crash descriptions)."""
    checked, crashes = 0, []
    for target in ("json", "session", "message"):
        files = sorted(p for p in (HERE / "corpus" / target).iterdir() if p.suffix == ".json")[::every]
        for path in files:
            doc = json.loads(path.read_text(encoding="utf-8"))
            for description, data in mutants(doc):
                checked += 1
                try:
                    check(target, data)
                except Crash as crash:
                    crashes.append(f"{target}/{path.name}: {description}: {crash.key}: {str(crash)[:200]}")
                    print(f"CRASH {crashes[-1]}", file=out, flush=True)
    return checked, crashes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--every", type=int, default=1, help="sweep every N-th document (default: all)")
    options = parser.parse_args(argv)
    checked, crashes = sweep(max(options.every, 1))
    print(f"sweep: {checked} mutants checked, {len(crashes)} crashes")
    return 1 if crashes else 0


if __name__ == "__main__":
    raise SystemExit(main())
