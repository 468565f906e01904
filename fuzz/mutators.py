"""Structure-aware mutators for the fuzzer: they change a document's tree or a record's tokens
instead of its bytes, so that most mutants still parse and reach the checks behind the parser.

libFuzzer's byte mutations alone rarely keep a JSON document well-formed, and a record whose
header is broken is refused at its first line. Each mutator here picks, from the ``seed``
libFuzzer gives it (so a mutation can be replayed), one change of the structure — a value
replaced by a boundary value, a string or a number of another document, a key dropped or
renamed, a list item repeated, moved or dropped, a value wrapped in a list; a token dropped,
repeated, swapped or replaced by a token of another record, a line dropped or repeated — and
falls back to the byte mutation ``fallback`` (``atheris.Mutate``) for some of the time and for
input that does not parse. They import neither atheris nor the library.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Final

#: A byte mutation: ``(data, max_size) -> data`` (``atheris.Mutate``).
ByteMutator = Callable[[bytes, int], bytes]

#: Values at the edges of what the loaders check: types, bounds, sizes.
_EDGES: Final[tuple[object, ...]] = (
    None, True, False, 0, 1, -1, 2, 3, 14, 15, 59, 64, 70, 2**31, 2**63, 10**30, -(10**30), 0.5, 1e308, -0.0,
    "", " ", "x", "None", "null", "0", "-1", "\u0000", "Sküs", "XXI", "I", "♥K", "take", "pass", "fold", "keep",
    "double", "no-double", "classic", "custom", "state", "view", "match", "result", "rules", "action",
    "ä" * 70, "X" * 1000, [], {}, [None], [[]], {"": None}, [0, 1], ["XXI", "XXI"],
    # text that repr() writes four to ten times as long, that is no UTF-8, that splits lines
    "\x00" * 45, "\U000e0001" * 45, "I+" + "\x7f" * 60, "\ud800", "XXI\ud800", "a\u2028b", "\x85", "\ufeffXXI",
)  # fmt: skip


#: The most changes one mutation makes, and the largest tree it changes further.
_MAX_STEPS: Final = 5
_MAX_NODES: Final = 20_000


class Pool:
    """The strings, numbers and keys found in a corpus: material for replacements."""

    def __init__(self, values: Iterable[object] = (), keys: Iterable[str] = (), tokens: Iterable[str] = ()) -> None:
        self.values = list(dict.fromkeys(v for v in values if not isinstance(v, (list, dict))))
        self.keys = sorted(set(keys))
        self.tokens = sorted(set(tokens))

    @classmethod
    def of_corpus(cls, directories: Iterable[Path]) -> Pool:
        """The pool of every file in ``directories`` (JSON documents and text records)."""
        values: list[object] = []
        keys: set[str] = set()
        tokens: set[str] = set()
        for directory in directories:
            if not directory.is_dir():
                continue
            for path in sorted(directory.iterdir()):
                if not path.is_file() or path.stat().st_size > 1_000_000:
                    continue
                text = path.read_bytes().decode("utf-8", errors="replace")
                tokens.update(text.split())
                try:
                    doc = json.loads(text)
                except (ValueError, RecursionError):
                    continue
                for _, node in _nodes(doc):
                    if isinstance(node, dict):
                        keys.update(k for k in node if isinstance(k, str))
                    elif not isinstance(node, list):
                        values.append(node)
        return cls(values, keys, tokens)


def _edge(rng: random.Random) -> object:
    """A boundary value, copied: a list or object of :data:`_EDGES` must not be changed in place
    (or put into itself) by a later step."""
    return copy.deepcopy(rng.choice(_EDGES))


def _nodes(doc: object, path: tuple[object, ...] = ()) -> Iterable[tuple[tuple[object, ...], object]]:
    """Every node of a JSON tree with its path (keys and indexes), the root first."""
    stack: list[tuple[tuple[object, ...], object]] = [(path, doc)]
    while stack:
        at, node = stack.pop()
        yield at, node
        if isinstance(node, dict):
            stack.extend(((*at, k), v) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend(((*at, i), v) for i, v in enumerate(node))


def _replace(doc: object, path: tuple[object, ...], value: object) -> object:
    if not path:
        return value
    parent: Any = doc
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    return doc


def _changed(node: object, pool: Pool, rng: random.Random) -> object:
    """A new value for ``node``: a change of the same kind, or anything."""
    choice = rng.random()
    if isinstance(node, bool) or node is None or choice < 0.2:
        return _edge(rng)
    if isinstance(node, int):
        if choice < 0.3 and pool.values:
            return rng.choice(pool.values)
        return rng.choice((node + 1, node - 1, -node, node * 2, node + 2**32, _edge(rng)))
    if isinstance(node, str):
        if choice < 0.6 and pool.values:
            return rng.choice(pool.values)
        if choice < 0.7:
            return node.upper() if rng.random() < 0.5 else node.lower()
        if choice < 0.8 and node:
            k = rng.randrange(len(node))
            return node[:k] + node[k + 1 :]
        return node + rng.choice(("+trull", "!ross", "+kings", " ", "I", "x", node))
    if isinstance(node, list):
        items = list(node)
        if not items or choice < 0.3:
            items.insert(rng.randrange(len(items) + 1), rng.choice(pool.values) if pool.values else _edge(rng))
        elif choice < 0.5:
            del items[rng.randrange(len(items))]
        elif choice < 0.65:
            k = rng.randrange(len(items))
            items.insert(k, copy.deepcopy(items[k]))
        elif choice < 0.8:
            i, j = rng.randrange(len(items)), rng.randrange(len(items))
            items[i], items[j] = items[j], items[i]
        elif choice < 0.9:
            del items[rng.randrange(len(items)) :]
        else:
            rng.shuffle(items)
        return items
    if isinstance(node, dict):
        entries = dict(node)
        if entries and choice < 0.4:
            del entries[rng.choice(sorted(entries))]
        elif entries and choice < 0.6 and pool.keys:
            old = rng.choice(sorted(entries))
            entries[rng.choice(pool.keys)] = entries.pop(old)
        elif pool.keys:
            entries[rng.choice(pool.keys)] = rng.choice(pool.values) if pool.values else None
        return entries
    return _edge(rng)


def mutate_json(data: bytes, max_size: int, seed: int, pool: Pool, fallback: ByteMutator) -> bytes:
    """Change one node of a JSON document (a few times over), or fall back to ``fallback``."""
    rng = random.Random(seed)
    if rng.random() < 0.25:
        return fallback(data, max_size)
    try:
        doc = json.loads(data.decode("utf-8", errors="replace"))
    except (ValueError, RecursionError):
        return fallback(data, max_size)
    for _ in range(min(_MAX_STEPS, 1 + int(rng.expovariate(1.0)))):
        nodes = list(itertools.islice(_nodes(doc), _MAX_NODES + 1))
        if len(nodes) > _MAX_NODES:  # (splices may double a document at each step)
            break
        path, node = rng.choice(nodes)
        if rng.random() < 0.1:  # a node moved onto another's place (a splice inside the document)
            value: object = json.loads(json.dumps(rng.choice(nodes)[1]))
        elif rng.random() < 0.05:
            value = [node] if rng.random() < 0.5 else {rng.choice(pool.keys) if pool.keys else "": node}
        else:
            value = _changed(node, pool, rng)
        doc = _replace(doc, path, value)
    try:
        text = json.dumps(doc, ensure_ascii=rng.random() < 0.1, separators=(",", ":") if rng.random() < 0.9 else (", ", ": "))
    except (ValueError, RecursionError):
        return fallback(data, max_size)
    out = text.encode("utf-8", errors="backslashreplace")  # (a lone surrogate stays a \u escape)
    return out if len(out) <= max_size else fallback(data, max_size)


def mutate_record(data: bytes, max_size: int, seed: int, pool: Pool, fallback: ByteMutator) -> bytes:
    """Change a token or a line of a text record (a few times over), or fall back."""
    rng = random.Random(seed)
    if rng.random() < 0.25:
        return fallback(data, max_size)
    lines = [line.split(" ") for line in data.decode("utf-8", errors="replace").split("\n")]
    for _ in range(min(_MAX_STEPS, 1 + int(rng.expovariate(1.0)))):
        if not lines:
            lines = [[]]
        row = lines[rng.randrange(len(lines))]
        choice = rng.random()
        if choice < 0.1 and len(lines) > 1:
            del lines[rng.randrange(len(lines))]
        elif choice < 0.2:
            k = rng.randrange(len(lines))
            lines.insert(rng.randrange(len(lines) + 1), list(lines[k]))
        elif choice < 0.25:
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif not row or choice < 0.45:
            token = rng.choice(pool.tokens) if pool.tokens and rng.random() < 0.8 else str(_edge(rng))
            row.insert(rng.randrange(len(row) + 1), token)
        elif choice < 0.6:
            row[rng.randrange(len(row))] = rng.choice(pool.tokens) if pool.tokens else "x"
        elif choice < 0.7:
            del row[rng.randrange(len(row))]
        elif choice < 0.8:
            i, j = rng.randrange(len(row)), rng.randrange(len(row))
            row[i], row[j] = row[j], row[i]
        elif choice < 0.9:
            k = rng.randrange(len(row))
            row.insert(k, row[k])
        else:
            k = rng.randrange(len(row))
            row[k] = row[k] + rng.choice(("+trull", "+kings", "!ross", "!topschin", "#", "1", ""))
    out = "\n".join(" ".join(row) for row in lines).encode()
    return out if len(out) <= max_size else fallback(data, max_size)


#: The pieces notation is made of, for :func:`mutate_notation`: suit symbols and letters, ranks,
#: Roman numerals and their letters, the tarock names, the suffixes and words, separators, and
#: characters that case-fold, normalize or split unexpectedly.
_NOTATION_PIECES: Final[tuple[str, ...]] = (
    "♥", "♦", "♠", "♣", "h", "d", "s", "c", "H", "D", "S", "C", "K", "Q", "C", "J", "1", "2", "3", "4",
    "7", "8", "9", "10", "I", "V", "X", "XX", "XXI", "IIII", "IV", "T22", "T", "22", "Sküs", "Skus", "sküs",
    "Mond", "Pagat", "+trull", "+kings", "+", "!ross", "!topschin", "!", "take", "pass", "fold", "keep",
    "double", "no-double", "-", "kings", "queens", " ", ",", "  ", "\t", "\n", "ü", "u\u0308", "ß", "\u0130",
    "\u212a", "Ⅻ", "\u200b", "\ufeff", "\x00", "\x7f", "\U000e0001", "\ud800",
)  # fmt: skip


def mutate_notation(data: bytes, max_size: int, seed: int, pool: Pool, fallback: ByteMutator) -> bytes:
    """Splice the pieces of notation into a card, an action or a list of cards: insert, replace,
    drop, repeat or swap a piece, change a letter's case, join two corpus tokens; or fall back."""
    rng = random.Random(seed)
    if rng.random() < 0.2:
        return fallback(data, max_size)
    text = data.decode("utf-8", errors="replace")
    for _ in range(min(_MAX_STEPS, 1 + int(rng.expovariate(1.0)))):
        at = rng.randrange(len(text) + 1)
        piece = rng.choice(_NOTATION_PIECES) if not pool.tokens or rng.random() < 0.7 else rng.choice(pool.tokens)
        choice = rng.random()
        if choice < 0.35 or not text:
            text = text[:at] + piece + text[at:]
        elif choice < 0.55:
            text = text[:at] + piece + text[at + rng.randint(1, 4) :]
        elif choice < 0.7:
            text = text[:at] + text[at + rng.randint(1, 4) :]
        elif choice < 0.8:
            span = text[at : at + rng.randint(1, 6)]
            text = text[:at] + span + span + text[at:]
        elif choice < 0.9 and at < len(text):
            text = text[:at] + text[at].swapcase() + text[at + 1 :]
        else:
            words = text.split(" ")
            rng.shuffle(words)
            text = " ".join(words) if rng.random() < 0.5 else "".join(words)
    out = text.encode("utf-8", errors="surrogatepass")
    return out if len(out) <= max_size else fallback(data, max_size)


#: The structure-aware mutator of each target that has one.
MUTATORS: Final[dict[str, Callable[[bytes, int, int, Pool, ByteMutator], bytes]]] = {
    "json": mutate_json,
    "record": mutate_record,
    "session": mutate_json,
    "notation": mutate_notation,
    "message": mutate_json,
}
