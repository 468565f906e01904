"""Checked readers of untrusted JSON values, shared by every document loader.

Each reader takes a value of a parsed JSON document and the path of its field (``"deals[3].order"``)
and returns it typed, or raises :class:`~strohmandeln.SerializationError` with reason
``malformed_document`` (or ``too_large``) and a short message naming the path. No message echoes
more than a bounded piece of the input.

The readers of cards and actions, which need the value types above this module, are the
kernel's (``_core.documents``: ``read_card``, ``read_cards``, ``read_action``).

The field kinds at the end (:class:`Kind` and its subclasses) pair such a reader with the writer
and the check of one field of a frozen attrs class, so that a class can derive all three from its
fields.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Any, Final, TypeVar

import attrs

from ..errors import Reason, SerializationError, StrohmandelnError, quoted, shown, type_name
from .args import MAX_MULTIPLIER as _MAX_MULTIPLIER
from .args import flag, foreign_key, instance, plain_text, whole, wrong_type
from .args import member as member_of

#: The version of the documents the library writes: the newest it reads.
FORMAT: Final = 1
#: The earliest version of the documents the library reads: every format of its major version
#: from this one to :data:`FORMAT` is read (the format policy, docs/guide_server.rst).
EARLIEST_FORMAT: Final = 1
#: The longest list a document may hold (actions, events, tricks …); a deal has at most 59
#: actions.
MAX_ITEMS: Final = 256
#: The most deals a match document may hold.
MAX_DEALS: Final = 10_000
#: The highest stakes of a deal a document or record may name (R26): an argument's too.
MAX_MULTIPLIER: Final = _MAX_MULTIPLIER
#: The longest notation string (a card, an action, a name) a document may hold.
MAX_TEXT: Final = 64
#: The highest count a session document may hold (deals recorded, the running score's magnitude,
#: the deals still to count double).
MAX_COUNT: Final = 10**10
#: The shortest and longest dealing secret and signing key of a session, in bytes.
SECRET_SIZES: Final[tuple[int, int]] = (16, 64)
#: The largest JSON text ``from_json`` reads by default, in characters: room for a match of
#: :data:`MAX_DEALS` deals (about 6 million); a server should pass its own, smaller limit.
MAX_JSON: Final = 16_000_000

E = TypeVar("E")


def fail(path: str, message: str, reason: Reason = Reason.MALFORMED_DOCUMENT) -> SerializationError:
    """The error of the field at ``path``."""
    return SerializationError(reason, f"{path}: {message}" if path else message)


def kind(x: object) -> str:
    """The JSON kind of a value, for messages (of a value of another kind, its type's name)."""
    if x is None:
        return "null"
    names = {bool: "a boolean", int: "a number", float: "a number", str: "text", list: "a list", dict: "an object"}
    found = names.get(type(x)) if type(type(x)) is type else None  # (a type of the caller's is never hashed)
    return found if found is not None else type_name(x)


def name(key: object) -> str:
    """A field name of a document, quoted and cut for messages."""
    return quoted(key) if type(key) is str else repr(kind(key))


def plain_dict(x: object) -> dict[Any, Any] | None:
    """``x`` as a plain dict if it is one (of a subclass too: a copy of what it holds, made without
    calling the subclass's methods), else ``None``."""
    if type(x) is dict:
        return x
    if issubclass(type(x), dict):
        return dict(dict.items(x))  # type: ignore[arg-type]  # (its storage, read by dict's own view)
    return None


def plain_object(x: object, path: str) -> dict[str, Any] | None:
    """``x`` as a plain dict if it is one (as :func:`plain_dict`), its keys all plain text, else
    ``None``. A key of another kind — a subclass of ``str`` too — is refused as an unknown field
    at ``path`` before any key is compared with anything (:func:`.args.foreign_key`)."""
    if issubclass(type(x), dict):
        bad = foreign_key(x)  # type: ignore[arg-type]  # (before a subclass's copy hashes them)
        if bad:
            raise fail(path or "document", f"unknown field {name(bad[0])}")
    return plain_dict(x)


def plain_list(x: object) -> list[Any] | None:
    """``x`` as a plain list if it is one (of a subclass too, as :func:`plain_dict`), else ``None``."""
    if type(x) is list:
        return x
    if issubclass(type(x), list):
        return list.copy(x)  # type: ignore[arg-type]
    return None


#: The required and the allowed fields of objects, by their tuples (:func:`obj`).
_FIELD_SETS: Final[dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[frozenset[str], frozenset[str]]]] = {}


def obj(x: object, path: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """An object with the ``required`` fields and no fields but those and the ``optional`` ones."""
    where = path or "document"
    d = plain_object(x, where)
    if d is None:
        raise fail(where, f"expected an object, not {kind(x)}")
    return _fields(d, where, required, optional)


def _fields(d: dict[str, Any], where: str, required: tuple[str, ...], optional: tuple[str, ...]) -> dict[str, Any]:
    """``d`` (a plain dict whose keys are plain text) if it has the ``required`` fields and no
    fields but those and the ``optional`` ones."""
    if len(required) + len(optional) > 8:  # (a document's fields: compared as sets, kept by their tuples)
        sets = _FIELD_SETS.get((required, optional))
        if sets is None:
            if len(_FIELD_SETS) >= 256:
                _FIELD_SETS.clear()
            sets = _FIELD_SETS[required, optional] = (frozenset(required), frozenset((*required, *optional)))
        keys = d.keys()
        if keys >= sets[0] and keys <= sets[1]:
            return d
    for k in d:
        if k not in required and k not in optional:
            raise fail(where, f"unknown field {name(k)}")
    for k in required:
        if k not in d:
            raise fail(where, f"missing field {k!r}")
    return d


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
    """Text of at most ``limit`` characters (of a subclass of ``str``, the plain text it holds)."""
    if type(x) is not str:
        if not issubclass(type(x), str):
            raise fail(path, f"expected text, not {kind(x)}")
        x = str.__str__(x)
    if len(x) > limit:
        raise fail(path, f"text longer than {limit} characters", Reason.TOO_LARGE)
    try:
        x.encode("utf-8")
    except UnicodeEncodeError:  # (a lone surrogate: JSON can carry one, no text can hold it)
        raise fail(path, "not valid Unicode text (a lone surrogate)") from None
    return x


def items(x: object, path: str, limit: int = MAX_ITEMS) -> list[Any]:
    """A list of at most ``limit`` items."""
    got = plain_list(x)
    if got is None:
        raise fail(path, f"expected a list, not {kind(x)}")
    if len(got) > limit:
        raise fail(path, f"more than {limit} items", Reason.TOO_LARGE)
    return got


#: The members of enumerations by their values (:func:`member`).
_MEMBERS: Final[dict[type[Any], dict[object, Any]]] = {}


def member(enum: type[E], x: object, path: str) -> E:
    """The member of an enumeration with the value ``x``."""
    if type(x) is str:
        table = _MEMBERS.get(enum)
        if table is None:
            table = _MEMBERS[enum] = {m.value: m for m in enum}  # type: ignore[attr-defined]
        got: E | None = table.get(x)
        if got is not None:
            return got
    value = text(x, path)
    try:
        return enum(value)  # type: ignore[call-arg]
    except ValueError:
        allowed = ", ".join(repr(m.value) for m in enum)  # type: ignore[attr-defined]
        raise fail(path, f"{quoted(value, 30)} is not one of {allowed}") from None


def header(x: object, kind_: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """A document of type ``kind_`` in this library's format, with these fields."""
    plain = plain_object(x, "document")
    if plain is None:
        raise fail("document", f"expected an object, not {kind(x)}")
    if "format" not in plain:
        raise fail("document", "missing field 'format'")
    version(plain["format"])
    d = _fields(plain, "document", ("format", "type", *required), optional)
    if type(d["type"]) is not str or d["type"] != kind_:
        raise fail("type", f"expected {kind_!r}, not {name(d['type'])}")
    return d


def version(x: object) -> int:
    """The ``format`` of a document, one this library reads: a later one is refused with
    ``unsupported_version`` naming the formats it reads (a release that reads the later format
    loads it), an earlier one than any of this major version likewise."""
    if type(x) is not int:
        raise fail("format", f"expected a whole number, not {kind(x)}")
    if not EARLIEST_FORMAT <= x <= FORMAT:
        shown = x if abs(x) < 10**9 else "…"
        reads = f"format {FORMAT}" if EARLIEST_FORMAT == FORMAT else f"formats {EARLIEST_FORMAT} to {FORMAT}"
        later = f": a later release that reads format {shown} loads it" if x > FORMAT else ""
        raise fail("format", f"format {shown} is not supported (this library reads {reads}){later}", Reason.UNSUPPORTED_VERSION)
    return x


def head(kind_: str) -> dict[str, Any]:
    """The ``format`` and ``type`` fields of a document of type ``kind_``."""
    return {"format": FORMAT, "type": kind_}


# ---------------------------------------------------------------------------------------------
# Field kinds: the fields of a frozen attrs class (a rule set, its scoring table) each carry a
# Kind in their metadata, so that the class's consistency check, its JSON form and its loader are
# loops over attrs.fields() and a field is declared in one place only.

#: The key of a field's :class:`Kind` in its ``metadata``: ``attrs.field(metadata={KIND: Flag()})``.
KIND: Final = "strohmandeln.kind"


class Kind:
    """What the values of one field are: what is wrong with a value (for the consistency check of
    its class), how a value is written in JSON types, and how one is read from a document."""

    #: A document must give the field even though the constructor has a default for it.
    required: bool = False
    #: The format in which the field appeared: a document of an earlier format may not give it.
    since: int = 1
    #: The field's name in a document, where it is not the attribute's.
    key: str | None = None

    def problems(self, name: str, value: Any) -> Iterator[str]:
        """What is wrong with ``value`` as the field ``name``; nothing if it fits."""
        raise NotImplementedError

    def typed(self, name: str, value: Any) -> Any:
        """``value`` as the field keeps it (a whole number of another library as an ``int``, a
        text of a subclass of ``str`` as a plain one), or :class:`~strohmandeln.ArgumentTypeError`
        if it is of the wrong type (:mod:`strohmandeln.errors`'s policy); its range is
        :meth:`problems`'s."""
        return value

    def dump(self, value: Any) -> Any:
        """``value`` in JSON types."""
        return value

    def load(self, x: object, path: str) -> Any:
        """The value of the JSON value ``x`` at ``path``, as far as the field alone can tell."""
        raise NotImplementedError


class Choice(Kind):
    """A member of an enumeration, written as its value."""

    def __init__(self, choices: type[enum.Enum]) -> None:
        self.choices = choices

    def problems(self, name: str, value: Any) -> Iterator[str]:
        if type(value) is not self.choices:
            yield f"{name} must be a {self.choices.__name__}"

    def typed(self, name: str, value: Any) -> Any:
        return value if type(value) is self.choices else member_of(self.choices, value, name)

    def dump(self, value: Any) -> Any:
        return value.value

    def load(self, x: object, path: str) -> Any:
        return member(self.choices, x, path)


class Flag(Kind):
    """``True`` or ``False``."""

    def problems(self, name: str, value: Any) -> Iterator[str]:
        if type(value) is not bool:
            yield f"{name} must be True or False"

    def typed(self, name: str, value: Any) -> Any:
        return flag(value, name)

    def load(self, x: object, path: str) -> Any:
        return boolean(x, path)


class Whole(Kind):
    """A whole number of ``unit`` from ``lo`` to ``hi``; if ``optional``, ``None`` too."""

    def __init__(self, lo: int, hi: int, unit: str, *, optional: bool = False, required: bool = False) -> None:
        self.lo, self.hi, self.unit, self.optional, self.required = lo, hi, unit, optional, required

    def problems(self, name: str, value: Any) -> Iterator[str]:
        if not (value is None and self.optional) and not (type(value) is int and self.lo <= value <= self.hi):
            either = "None or " if self.optional else ""
            yield f"{name} must be {either}a whole number of {self.unit}, {self.lo:,} to {self.hi:,}"

    def typed(self, name: str, value: Any) -> Any:
        if type(value) is int or (value is None and self.optional):
            return value
        number = whole(value)
        if number is None:
            raise wrong_type(name, f"{'None or ' if self.optional else ''}a whole number of {self.unit}", value)
        return number

    def load(self, x: object, path: str) -> Any:
        return None if x is None and self.optional else integer(x, path, self.lo, self.hi)


class Text(Kind):
    """Text of ``shortest`` to ``longest`` characters."""

    def __init__(self, shortest: int, longest: int, *, required: bool = False) -> None:
        self.shortest, self.longest, self.required = shortest, longest, required

    def typed(self, name: str, value: Any) -> Any:
        plain = plain_text(value)
        if plain is None:
            raise wrong_type(name, "a str", value)
        return plain

    def problems(self, name: str, value: Any) -> Iterator[str]:
        if type(value) is not str or not self.shortest <= len(value) <= self.longest:
            size = f"{self.shortest} to {self.longest:,}" if self.shortest else f"text of at most {self.longest:,}"
            yield f"the {name} must be {size} characters"

    def load(self, x: object, path: str) -> Any:
        return text(x, path, self.longest)


class Pair(Kind):
    """Two values of the kind ``item``, one per seat: a tuple, written as a list of two."""

    def __init__(self, item: Kind, *, required: bool = False) -> None:
        self.item, self.required = item, required

    def problems(self, name: str, value: Any) -> Iterator[str]:
        if type(value) is not tuple or len(value) != 2:
            yield f"{name} must be a pair, one value per seat"
            return
        for i, x in enumerate(value):
            yield from self.item.problems(f"{name}[{i}]", x)

    def typed(self, name: str, value: Any) -> Any:
        if type(value) is tuple and len(value) == 2 and type(value[0]) is int and type(value[1]) is int:
            return value  # (the common case, as the library makes it)
        if type(value) is not tuple and type(value) is not list:
            raise wrong_type(name, "a pair (a tuple)", value)
        return tuple(self.item.typed(f"{name}[{i}]", x) for i, x in enumerate(value[:3]))

    def dump(self, value: Any) -> Any:
        return [self.item.dump(x) for x in value]

    def load(self, x: object, path: str) -> Any:
        pair = items(x, path, 2)
        if len(pair) != 2:
            raise fail(path, "expected two values, one per seat")
        return (self.item.load(pair[0], f"{path}[0]"), self.item.load(pair[1], f"{path}[1]"))


class Hex(Kind):
    """``shortest`` to ``longest`` bytes, written as lower-case hexadecimal text."""

    def __init__(self, shortest: int, longest: int) -> None:
        self.shortest, self.longest = shortest, longest

    def problems(self, name: str, value: Any) -> Iterator[str]:
        if type(value) is not bytes or not self.shortest <= len(value) <= self.longest:
            yield f"the {name} must be {self.shortest} to {self.longest} bytes"

    def dump(self, value: Any) -> Any:
        return value.hex()

    def load(self, x: object, path: str) -> Any:
        value = text(x, path, 2 * self.longest)
        try:
            raw = bytes.fromhex(value)
        except ValueError:
            raise fail(path, "expected hexadecimal digits") from None
        if len(raw) < self.shortest or raw.hex() != value:
            raise fail(path, f"expected {self.shortest} to {self.longest} bytes in lower-case hexadecimal digits")
        return raw


class Nested(Kind):
    """A value of another class whose fields have kinds, written as an object of its own."""

    def __init__(self, cls: type[Any]) -> None:
        self.cls = cls

    def problems(self, name: str, value: Any) -> Iterator[str]:
        if type(value) is self.cls:
            yield from field_problems(value, f"{name}.")
        else:
            yield f"{name} must be a {self.cls.__name__}"

    def typed(self, name: str, value: Any) -> Any:
        return instance(value, self.cls, name)

    def dump(self, value: Any) -> Any:
        return to_fields(value)

    def load(self, x: object, path: str) -> Any:
        return from_fields(self.cls, x, path)


class Counts(Kind):
    """Whole numbers from ``lo`` to ``hi`` by members of an enumeration, held as ``(member,
    number)`` pairs and written as an object ``{"value": number}``; ``what`` names a member."""

    def __init__(self, keys: type[enum.Enum], lo: int, hi: int, what: str) -> None:
        self.keys, self.lo, self.hi, self.what = keys, lo, hi, what

    def problems(self, name: str, value: Any) -> Iterator[str]:
        for key, number in value:
            if type(number) is not int or not self.lo <= number <= self.hi:
                yield f"{self.what} {key.value} needs a whole value, {self.lo:,} to {self.hi:,}"

    def typed(self, name: str, value: Any) -> Any:
        out = []
        for key, number in value:  # (pairs of a member and a value, as the field's converter made them)
            fixed = number if type(number) is int else whole(number)
            if fixed is None:
                raise wrong_type(f"{name}[{key.value}]", "a whole number", number)
            out.append((key, fixed))
        return tuple(out)

    def dump(self, value: Any) -> Any:
        return {key.value: number for key, number in value}

    def load(self, x: object, path: str) -> Any:
        if not isinstance(x, dict):
            raise fail(path, f"expected an object, not {kind(x)}")
        if len(x) > len(self.keys):
            raise fail(path, f"more than {len(self.keys)} fields", Reason.TOO_LARGE)
        # A key is checked before its number, so the number's path names a member, never raw input.
        return {member(self.keys, k, path): integer(v, f"{path}.{k}", self.lo, self.hi) for k, v in x.items()}


def kind_of(field: attrs.Attribute[Any]) -> Kind:
    """The kind of a field."""
    found: Kind = field.metadata[KIND]
    return found


def key_of(field: attrs.Attribute[Any]) -> str:
    """The name of a field in a document."""
    return kind_of(field).key or field.name


def typed_fields(value: Any) -> None:
    """Give each field of the frozen attrs instance ``value`` its kind's type
    (:meth:`Kind.typed`): the first of the wrong type raises
    :class:`~strohmandeln.ArgumentTypeError`."""
    for field in attrs.fields(type(value)):
        given = getattr(value, field.name)
        fixed = kind_of(field).typed(field.name, given)
        if fixed is not given:
            object.__setattr__(value, field.name, fixed)


def field_problems(value: Any, prefix: str = "") -> Iterator[str]:
    """What is wrong with each field of ``value``, by its kind."""
    for field in attrs.fields(type(value)):
        yield from kind_of(field).problems(prefix + field.name, getattr(value, field.name))


def to_fields(value: Any) -> dict[str, Any]:
    """The fields of ``value`` in JSON types, in the order of the fields: every field a document
    must give, and each other one only where it is not at its default (the format policy: a
    field added later, at its default, leaves the documents as an earlier release writes and
    reads them)."""
    out = {}
    for field in attrs.fields(type(value)):
        kind_ = kind_of(field)
        given = getattr(value, field.name)
        if field.default is attrs.NOTHING or kind_.required or given != field.default:
            out[kind_.key or field.name] = kind_.dump(given)
    return out


def full_fields(value: Any) -> dict[str, Any]:
    """Every field of ``value`` in JSON types, its defaults too (as a nested value's): for tables
    that show every field (the documentation's), never for a document."""
    out = {}
    for field in attrs.fields(type(value)):
        kind_ = kind_of(field)
        given = getattr(value, field.name)
        out[kind_.key or field.name] = full_fields(given) if isinstance(kind_, Nested) and not isinstance(given, tuple) else kind_.dump(given)
    return out


def document_fields(cls: type[Any], format_: int = FORMAT) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The fields a document of ``cls`` (of the format ``format_``) must give — those without a
    default and the ``required`` ones — and all those it may give: none that appeared in a
    later format."""
    fields = [f for f in attrs.fields(cls) if kind_of(f).since <= format_]
    required = tuple(key_of(f) for f in fields if f.default is attrs.NOTHING or kind_of(f).required)
    return required, tuple(key_of(f) for f in fields)


def unchecked(cls: type[E], **fields: Any) -> E:
    """A value of the frozen attrs class ``cls`` with these fields (all of them), made without
    its constructor's checks: for values the library derives from checked ones (a match after
    one more deal, a session after one more action), whose checks would cost as much as the
    work. Never for a value of the caller's."""
    value = object.__new__(cls)
    for name_, given in fields.items():
        object.__setattr__(value, name_, given)
    return value


def refused(value: Any) -> str | None:
    """What is wrong with the fields of ``value`` by their kinds, in one bounded message, or
    ``None`` (each field's type first: :func:`typed_fields`)."""
    typed_fields(value)
    problems = list(field_problems(value))
    return "; ".join(problems)[:300] if problems else None


def from_fields(cls: type[Any], x: object, path: str) -> Any:
    """The ``cls`` of a document: no unknown or missing field, each field read by its kind, a
    missing optional one left to its default. A refusal of the constructor becomes the document's
    error, with the same reason and message, at ``path``."""
    d = obj(x, path, *document_fields(cls))
    return made(cls, read_fields(cls, d, path), path)


def read_fields(cls: type[Any], d: dict[str, Any], path: str) -> dict[str, Any]:
    """The fields of ``cls`` that the checked object ``d`` gives, each read by its kind (by
    attribute name)."""
    prefix = f"{path}." if path else ""
    values = {}
    for f in attrs.fields(cls):
        key = key_of(f)
        if key in d:
            values[f.name] = kind_of(f).load(d[key], prefix + key)
    return values


def made(cls: type[Any], values: dict[str, Any], path: str) -> Any:
    """``cls(**values)``: a refusal of the constructor becomes the document's error, with the
    same reason and message, at ``path``."""
    try:
        return cls(**values)
    except StrohmandelnError as error:
        raise fail(path, error.message, error.reason) from None
