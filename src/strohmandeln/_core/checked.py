"""Checked readers of untrusted JSON values, shared by every document loader.

Each reader takes a value of a parsed JSON document and the path of its field (``"deals[3].order"``)
and returns it typed, or raises :class:`~strohmandeln.SerializationError` with reason
``malformed_document`` (or ``too_large``) and a short message naming the path. No message echoes
more than a bounded piece of the input.
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

from ..actions import Action, parse_action
from ..cards import Card
from ..errors import NotationError, Reason, SerializationError

#: The version of the documents the library writes and reads.
FORMAT: Final = 1
#: The longest list a document may hold (actions, events, tricks …); a deal has at most 59
#: actions.
MAX_ITEMS: Final = 256
#: The most deals a match document may hold.
MAX_DEALS: Final = 10_000
#: The longest notation string (a card, an action, a name) a document may hold.
MAX_TEXT: Final = 64
#: The largest JSON text ``from_json`` reads by default, in characters: room for a match of
#: :data:`MAX_DEALS` deals (about 6 million); a server should pass its own, smaller limit.
MAX_JSON: Final = 16_000_000

E = TypeVar("E")


def fail(path: str, message: str, reason: Reason = Reason.MALFORMED_DOCUMENT) -> SerializationError:
    """The error of the field at ``path``."""
    return SerializationError(reason, f"{path}: {message}" if path else message)


def kind(x: object) -> str:
    """The JSON kind of a value, for messages."""
    if x is None:
        return "null"
    names = {bool: "a boolean", int: "a number", float: "a number", str: "text", list: "a list", dict: "an object"}
    return names.get(type(x), type(x).__name__)


def name(key: object) -> str:
    """A field name of a document, cut to :data:`MAX_TEXT` characters, for messages."""
    return repr(key[:MAX_TEXT] if isinstance(key, str) else kind(key))


def obj(x: object, path: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """An object with the ``required`` fields and no fields but those and the ``optional`` ones."""
    where = path or "document"
    if not isinstance(x, dict):
        raise fail(where, f"expected an object, not {kind(x)}")
    for k in x:
        if not isinstance(k, str) or (k not in required and k not in optional):
            raise fail(where, f"unknown field {name(k)}")
    for k in required:
        if k not in x:
            raise fail(where, f"missing field {k!r}")
    return x


def integer(x: object, path: str, lo: int, hi: int) -> int:
    """A whole number from ``lo`` to ``hi``."""
    if type(x) is not int:
        raise fail(path, f"expected a whole number, not {kind(x)}")
    if not lo <= x <= hi:
        raise fail(path, f"{x if abs(x) < 10**9 else '…'} is not between {lo} and {hi}")
    return x


def seat(x: object, path: str) -> int:
    """A seat, 0 or 1."""
    return integer(x, path, 0, 1)


def opt_seat(x: object, path: str) -> int | None:
    """A seat or null."""
    return None if x is None else seat(x, path)


def boolean(x: object, path: str) -> bool:
    """``true`` or ``false``."""
    if type(x) is not bool:
        raise fail(path, f"expected true or false, not {kind(x)}")
    return x


def text(x: object, path: str, limit: int = MAX_TEXT) -> str:
    """Text of at most ``limit`` characters."""
    if not isinstance(x, str):
        raise fail(path, f"expected text, not {kind(x)}")
    if len(x) > limit:
        raise fail(path, f"text longer than {limit} characters", Reason.TOO_LARGE)
    return x


def items(x: object, path: str, limit: int = MAX_ITEMS) -> list[Any]:
    """A list of at most ``limit`` items."""
    if not isinstance(x, list):
        raise fail(path, f"expected a list, not {kind(x)}")
    if len(x) > limit:
        raise fail(path, f"more than {limit} items", Reason.TOO_LARGE)
    return x


def member(enum: type[E], x: object, path: str) -> E:
    """The member of an enumeration with the value ``x``."""
    value = text(x, path)
    try:
        return enum(value)  # type: ignore[call-arg]
    except ValueError:
        allowed = ", ".join(repr(m.value) for m in enum)  # type: ignore[attr-defined]
        raise fail(path, f"{value!r} is not one of {allowed}") from None


def card(x: object, path: str) -> Card:
    """A card in notation."""
    value = text(x, path)
    try:
        return Card.parse(value)
    except NotationError as error:
        raise fail(path, error.message, error.reason) from None


def cards(x: object, path: str, limit: int = 54) -> list[Card]:
    """A list of cards in notation."""
    return [card(c, f"{path}[{i}]") for i, c in enumerate(items(x, path, limit))]


def action(x: object, path: str) -> Action:
    """An action in notation."""
    value = text(x, path)
    try:
        return parse_action(value)
    except NotationError as error:
        raise fail(path, error.message, error.reason) from None


def header(x: object, kind_: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """A document of type ``kind_`` in this library's format, with these fields."""
    if not isinstance(x, dict):
        raise fail("document", f"expected an object, not {kind(x)}")
    if "format" not in x:
        raise fail("document", "missing field 'format'")
    version = x["format"]
    if type(version) is not int:
        raise fail("format", f"expected a whole number, not {kind(version)}")
    if version != FORMAT:
        shown = version if abs(version) < 10**9 else "…"
        raise fail("format", f"format {shown} is not supported (this library reads format {FORMAT})", Reason.UNSUPPORTED_VERSION)
    d = obj(x, "document", ("format", "type", *required), optional)
    if d["type"] != kind_:
        raise fail("type", f"expected {kind_!r}, not {name(d['type'])}")
    return d


def head(kind_: str) -> dict[str, Any]:
    """The ``format`` and ``type`` fields of a document of type ``kind_``."""
    return {"format": FORMAT, "type": kind_}
