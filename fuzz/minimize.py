"""Shrink a crash input while it still crashes the same way (the same :attr:`Crash.key
<fuzz.targets.Crash>`).

The fuzzer keeps going after a crash (it records the input and looks for others), so libFuzzer
never minimizes one; this does, outside the fuzzer, with :func:`fuzz.targets.check`. A JSON
document is shrunk as a tree first (entries and items dropped, values made trivial), then any
input line by line, token by token and character by character (delta debugging).

>>> def judge(data: bytes) -> str | None:
...     return "has x" if b"x" in data else None
>>> shrink(b"aaa x bbb", judge, "has x", seconds=5)
b'x'
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

from fuzz.targets import Crash, check

__all__ = ["crash_key", "minimize", "shrink"]

Judge = Callable[[bytes], "str | None"]


def crash_key(target: str, data: bytes) -> str | None:
    """The key of the crash ``data`` causes in ``target``, or ``None`` if it does not crash."""
    try:
        check(target, data)
    except Crash as crash:
        return crash.key
    return None


def minimize(target: str, data: bytes, *, seconds: float = 30.0) -> bytes:
    """The smallest input found within ``seconds`` that crashes ``target`` as ``data`` does."""
    key = crash_key(target, data)
    if key is None:
        return data
    return shrink(data, lambda candidate: crash_key(target, candidate), key, seconds=seconds)


def shrink(data: bytes, judge: Judge, key: str, *, seconds: float) -> bytes:
    """Shrink ``data`` while ``judge`` gives ``key`` for it."""
    deadline = time.monotonic() + seconds
    best = data
    try:
        doc = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):
        doc = None
    if isinstance(doc, (dict, list)):
        best = _shrink_tree(doc, best, judge, key, deadline)
    text = best.decode("utf-8", errors="replace")
    if text.encode() != best:  # (an input that is not UTF-8 is shrunk as it is decoded)
        if judge(text.encode()) != key:
            return best
        best = text.encode()
    for split, join in (("\n", "\n"), (" ", " "), ("", "")):
        best = _ddmin(best, split, join, judge, key, deadline)
    return best


def _dump(doc: object) -> bytes | None:
    try:
        return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode()
    except (ValueError, RecursionError):
        return None


def _candidates(doc: Any) -> Iterator[Any]:
    """Smaller trees: each entry or item dropped, each value made trivial, one at a time."""
    if isinstance(doc, dict):
        for k in list(doc):
            yield {key: value for key, value in doc.items() if key != k}
        for k, v in doc.items():
            for smaller in _candidates(v):
                yield {**doc, k: smaller}
    elif isinstance(doc, list):
        for i in range(len(doc)):
            yield doc[:i] + doc[i + 1 :]
        for i, v in enumerate(doc):
            for smaller in _candidates(v):
                yield [*doc[:i], smaller, *doc[i + 1 :]]
    elif isinstance(doc, str) and len(doc) > 1:
        yield doc[: len(doc) // 2]
    elif isinstance(doc, int) and not isinstance(doc, bool) and abs(doc) > 1:
        yield doc // 2


def _shrink_tree(doc: Any, best: bytes, judge: Judge, key: str, deadline: float) -> bytes:
    improved = True
    while improved and time.monotonic() < deadline:
        improved = False
        for candidate in _candidates(doc):
            if time.monotonic() > deadline:
                break
            data = _dump(candidate)
            if data is not None and len(data) < len(best) and judge(data) == key:
                doc, best, improved = candidate, data, True
                break
    return best


def _ddmin(data: bytes, split: str, join: str, judge: Judge, key: str, deadline: float) -> bytes:
    """Delta debugging over the parts of ``data`` split at ``split`` ("" : characters)."""
    text = data.decode("utf-8", errors="replace")
    parts = list(text) if split == "" else text.split(split)
    chunk = max(1, len(parts) // 2)
    while chunk >= 1 and time.monotonic() < deadline:
        start, removed = 0, False
        while start < len(parts) and time.monotonic() < deadline:
            candidate = parts[:start] + parts[start + chunk :]
            encoded = join.join(candidate).encode()
            if candidate and judge(encoded) == key:
                parts, removed = candidate, True
            else:
                start += chunk
        if not removed:
            chunk //= 2
    return join.join(parts).encode()
