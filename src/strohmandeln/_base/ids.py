"""Ids chosen by a server — a match id, a request id — as documents and functions take them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, Final

from . import args, checked

#: An id chosen by a server (a match id, a request id): 1 to 64 letters, digits and ``. _ : -``.
ID_PATTERN: Final = r"^[A-Za-z0-9._:-]{1,64}$"
ID_RE: Final = re.compile(ID_PATTERN[:-1] + r"\Z")


def identifier(x: object, path: str) -> str:
    """An id of :data:`ID_PATTERN` read from a document."""
    value = checked.text(x, path, 64)
    if not ID_RE.match(value):
        raise checked.fail(path, "expected 1 to 64 letters, digits and . _ : -")
    return value


def id_argument(value: object, name: str) -> str:
    """An id of :data:`ID_PATTERN` given to a function (an :class:`~strohmandeln.ArgumentError`
    otherwise)."""
    plain = args.text(value, name, 64)
    if not ID_RE.match(plain):
        raise args.bad_value(name, "1 to 64 letters, digits and . _ : -", plain)
    return plain


class Ident(checked.Kind):
    """An id chosen by a server (:data:`ID_PATTERN`)."""

    def typed(self, name: str, value: Any) -> Any:
        plain = args.plain_text(value)
        if plain is None:
            raise args.wrong_type(name, "a str", value)
        return plain

    def problems(self, name: str, value: Any) -> Iterator[str]:
        if type(value) is not str or not ID_RE.match(value):
            yield f"the {name} must be 1 to 64 letters, digits and . _ : -"

    def load(self, x: object, path: str) -> Any:
        return identifier(x, path)
