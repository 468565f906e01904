"""Messages between a game server and its clients: read, checked and answered — still without I/O.

A client sends its move as a small JSON message: the match, the seat it plays, the match's move
number it answers (:attr:`Session.move_number <strohmandeln.session.Session.move_number>`), the
action in the notation and a request id of its own choosing, which every reply echoes:

.. code-block:: json

   {"format": 1, "type": "move", "match": "m-17", "seat": 1, "move_number": 0,
    "action": "pass", "request_id": "r-1"}

:func:`read_move` reads such text (or bytes) from the network into a checked, frozen
:class:`Move`, and refuses anything else with a :class:`MessageError` whose reason and message are
safe to send back: text over :data:`MAX_MESSAGE_JSON` characters (``too_large``), what is not
strict JSON — ``NaN``, ``Infinity``, a field given twice — or not exactly these fields
(``malformed_document``), a move number that is missing, ``null``, a boolean or text
(``bad_move_number``), an action that is not in the notation (``invalid_action``). The error keeps
the message's request id whenever one could be read. :func:`submit` applies the move to the
match's :class:`~strohmandeln.session.Session` for the seat of the connection it came from
(``not_your_seat`` for another, ``match_over`` once the match is over, and every refusal of
:meth:`Session.submit <strohmandeln.session.Session.submit>`); :func:`unknown_match` is the
refusal of a match the server does not have. :func:`accepted` and :func:`refusal` are the replies,
both with the request id. Each message has a JSON Schema (:mod:`strohmandeln.schemas`: ``move``,
``accepted``, ``refusal``).

>>> import strohmandeln as sm
>>> from strohmandeln import messages
>>> from strohmandeln.session import Session
>>> session = Session.start(sm.CLASSIC, secret=bytes(16), match_id="m-17")   # seat 1 speaks first
>>> text = '{"format":1,"type":"move","match":"m-17","seat":1,"move_number":0,"action":"pass","request_id":"r-1"}'
>>> move = messages.read_move(text)
>>> move.action, move.request_id
(Pass(), 'r-1')
>>> session = messages.submit(session, move, seat=1)
>>> messages.accepted(move, session.move_number)
{'format': 1, 'type': 'accepted', 'match': 'm-17', 'request_id': 'r-1', 'move_number': 1}
>>> for text in (text, text.replace('"move_number":0', '"move_number":null'), text.replace("pass", "I pass")):
...     try:
...         messages.submit(session, messages.read_move(text), seat=1)
...     except sm.StrohmandelnError as error:
...         print(messages.refusal(error, "r-1")["reason"], "|", error)
stale_move | a move for move 0, but the match is at move 1
bad_move_number | move_number: expected the match's move number (a whole number), not null
invalid_action | action: not an action: 'I pass'
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Final, final

import attrs

from ._base import args, checked, ids, jsontext
from ._core.declared import Document, Field, integer, ref
from ._core.readers import read_action
from .actions import Action, Double, Fold, Keep, NoDouble, Pass, Play, Take
from .errors import IllegalActionError, Reason, SerializationError, StrohmandelnError
from .session import Session

__all__ = ["ID_PATTERN", "MAX_MESSAGE_JSON", "MAX_REQUEST_NUMBER", "MessageError", "Move", "accepted", "move_from_dict", "read_move", "refusal", "submit", "unknown_match"]

#: The longest message :func:`read_move` reads by default, in characters (or bytes): a move
#: message with the longest ids and action is under 300.
MAX_MESSAGE_JSON: Final = 1_000
#: What a match id and a request id given as text may hold: 1 to 64 letters, digits and
#: ``. _ : -`` (a UUID fits; nothing in it needs escaping in JSON, a log line or a message).
ID_PATTERN: Final = ids.ID_PATTERN
#: The largest request id given as a number: the largest integer every JSON reader keeps exact.
MAX_REQUEST_NUMBER: Final = 2**53 - 1
_ID: Final = ids.ID_RE
_ACTIONS: Final = (Play, Fold, Keep, Take, Pass, Double, NoDouble)


class MessageError(SerializationError):
    """A client's message that cannot be read (:func:`read_move`): its reason and message are
    safe to send back (:func:`refusal`), and :attr:`request_id` is the message's request id if
    one could be read (else ``None``).

    >>> try:
    ...     read_move('{"request_id": 7, "seat": 0}')
    ... except MessageError as error:
    ...     print(error.request_id, error.reason.value, "|", error)
    7 malformed_document | document: missing field 'format'

    :raises ArgumentTypeError: if ``reason`` is not a :class:`~strohmandeln.Reason`, ``message``
        not a text or ``request_id`` neither ``None``, a text nor a whole number.
    :raises ArgumentValueError: for a request id that is no id (:data:`ID_PATTERN`,
        :data:`MAX_REQUEST_NUMBER`).
    """

    #: The request id of the message refused, if one could be read from it (else ``None``).
    request_id: str | int | None

    def __init__(self, reason: Reason, message: str, *, request_id: str | int | None = None) -> None:
        super().__init__(reason, message)
        self.request_id = None if request_id is None else _request_id(request_id)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.reason, self.message, self.request_id))


def _rebuild(reason: Reason, message: str, request_id: str | int | None) -> MessageError:
    return MessageError(reason, message, request_id=request_id)


def _identifier(value: object, name: str) -> str:
    """A match id or a request id given as text (:data:`ID_PATTERN`)."""
    return ids.id_argument(value, name)


def _request_id(value: object, name: str = "request_id") -> str | int:
    """A request id: an id as text, or a whole number from 0 to :data:`MAX_REQUEST_NUMBER`."""
    if type(value) is not bool and args.whole(value) is not None:
        return args.count(value, name, most=MAX_REQUEST_NUMBER)
    if args.plain_text(value) is None:
        raise args.wrong_type(name, "a text or a whole number", value)
    return _identifier(value, name)


def _match(value: object) -> str:
    return _identifier(value, "match")


def _seat(value: object) -> int:
    return args.seat(value, "seat")


def _move_number(value: object) -> int:
    return args.count(value, "move_number", most=checked.MAX_COUNT)


def _action(value: object) -> Action:
    if type(value) not in _ACTIONS:
        raise args.wrong_type("action", "an action", value)
    return value  # type: ignore[return-value]


def _any_request_id(value: object) -> str | int:
    return _request_id(value)


def _id_schema(numbers: bool = False) -> dict[str, Any]:
    """The schema of a match id, or of a request id (``numbers``: a whole number too)."""
    text = {"type": "string", "pattern": ID_PATTERN}
    return {"anyOf": [text, integer(0, MAX_REQUEST_NUMBER)]} if numbers else text


def _number_schema(what: str) -> Callable[[], dict[str, Any]]:
    return lambda: {**integer(0, checked.MAX_COUNT), "description": what}


#: The fields of a move's message, each declared once (``_core.declared``): the writer
#: (:meth:`Move.to_dict`), the reader's field sets (:func:`move_from_dict`) and the JSON Schema
#: (``strohmandeln.schemas``) are made from it. (The reader takes a missing ``move_number`` to
#: refuse it with a reason of its own, ``bad_move_number``: the rule next to the declaration.)
MOVE_DOCUMENT: Final = Document(
    "move",
    (
        Field("match", _id_schema, "x.match"),
        Field("seat", lambda: ref("seat"), "x.seat"),
        Field("move_number", _number_schema("the match's move number the move answers (required)"), "x.move_number"),
        Field("action", lambda: ref("action"), "str(x.action)"),
        Field("request_id", lambda: _id_schema(True), "x.request_id"),
    ),
)
#: The fields of the reply to an accepted move, declared once (written from ``(move, number)``).
ACCEPTED_DOCUMENT: Final = Document(
    "accepted",
    (
        Field("match", _id_schema, "x[0].match"),
        Field("request_id", lambda: _id_schema(True), "x[0].request_id"),
        Field("move_number", _number_schema("the match's move number after the move"), "x[1]"),
    ),
)
_REQUIRED, _OPTIONAL = MOVE_DOCUMENT.keys()
#: What the reader must find, and what it may: ``move_number`` is looked for by its own check.
_READ_REQUIRED: Final = tuple(name for name in _REQUIRED if name != "move_number")
_READ_OPTIONAL: Final = (*_OPTIONAL, "move_number")


@final  # (a subclass is no value of it: _base.args.instance refuses one)
@attrs.frozen(kw_only=True)
class Move:
    """A client's move, read and checked (:func:`read_move`), or made to be sent
    (:meth:`to_json`).

    >>> import strohmandeln as sm
    >>> move = Move(match="m-17", seat=1, move_number=0, action=sm.Pass(), request_id=1)
    >>> read_move(move.to_json()) == move
    True

    :raises ArgumentTypeError: for a field of the wrong type.
    :raises ArgumentValueError: for a match or request id that is no id (:data:`ID_PATTERN`), a
        seat that is not 0 or 1 (``bad_seat``) or a negative move number.
    """

    #: The match the move is for: the server's id of it.
    match: str = attrs.field(converter=_match)
    #: The seat the client plays (the server checks it is the connection's: :func:`submit`).
    seat: int = attrs.field(converter=_seat)
    #: The match's move number the move answers (:attr:`Session.move_number
    #: <strohmandeln.session.Session.move_number>`).
    move_number: int = attrs.field(converter=_move_number)
    #: The action.
    action: Action = attrs.field(converter=_action)
    #: The client's id of the message, echoed by the replies: text (:data:`ID_PATTERN`) or a
    #: whole number.
    request_id: str | int = attrs.field(converter=_any_request_id)

    def to_dict(self) -> dict[str, Any]:
        """The move's message, as a JSON-compatible ``dict``.

        >>> import strohmandeln as sm
        >>> Move(match="m", seat=0, move_number=4, action=sm.Play(sm.Card.parse("XXI")), request_id="a").to_dict()
        {'format': 1, 'type': 'move', 'match': 'm', 'seat': 0, 'move_number': 4, 'action': 'XXI', 'request_id': 'a'}
        """
        return MOVE_DOCUMENT.write(self)

    def to_json(self) -> str:
        """:meth:`to_dict` as compact JSON text (what a client sends)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))


def read_move(text: str | bytes, *, max_length: int = MAX_MESSAGE_JSON) -> Move:
    """The move of a client's message: JSON text (or UTF-8 bytes) of at most ``max_length``
    characters, read strictly (no ``NaN`` or ``Infinity``, no field twice) and checked
    (:func:`move_from_dict`).

    >>> try:
    ...     read_move('{"format":1,"type":"move","request_id":"r-9","request_id":"r-9"}')
    ... except MessageError as error:
    ...     print(error.reason.value, "|", error)
    malformed_document | document: the field 'request_id' is given twice

    :raises MessageError: ``too_large`` for longer text, ``malformed_document`` for what is not
        strict JSON, and as :func:`move_from_dict`.
    :raises ArgumentTypeError: if ``max_length`` is not a whole number.
    :raises ArgumentValueError: if it is negative.
    """
    try:
        data = jsontext.parse_json(text, max_length, strict=True)
    except SerializationError as error:
        raise MessageError(error.reason, error.message) from None
    return move_from_dict(data)


def move_from_dict(data: object) -> Move:
    """The move of a client's message already parsed from JSON: exactly the fields of a move
    (:meth:`Move.to_dict`), each checked.

    :raises MessageError: ``bad_move_number`` for a move number that is missing, ``null``, a
        boolean, text or any but a whole number from 0 to 10,000,000,000;
        ``invalid_action`` (or ``too_large``) for an action that is not in the notation;
        ``malformed_document`` for any other field missing, unknown or wrong (a seat but 0 or 1,
        an id but :data:`ID_PATTERN`), ``unsupported_version`` for another format.
    """
    try:
        found = checked.plain_object(data, "document")
    except SerializationError as error:  # (a field name that is no text)
        raise MessageError(error.reason, error.message) from None
    request_id = None
    if found is not None and "request_id" in found:
        try:
            request_id = _request_id(found["request_id"])
        except StrohmandelnError:
            pass  # (refused below, as the field it is)
    try:
        d = checked.header(data, "move", _READ_REQUIRED, _READ_OPTIONAL)
        return Move(
            match=_read_id(d["match"], "match"),
            seat=checked.seat(d["seat"], "seat"),
            move_number=_read_move_number(d),
            action=read_action(d["action"], "action"),
            request_id=_read_id(d["request_id"], "request_id", numbers=True),
        )
    except SerializationError as error:
        raise MessageError(error.reason, error.message, request_id=request_id) from None


def _read_id(x: object, path: str, *, numbers: bool = False) -> Any:
    """An id of a message (a request id may be a whole number too)."""
    if numbers and type(x) is int:
        return checked.integer(x, path, 0, MAX_REQUEST_NUMBER)
    if numbers and type(x) is not str:
        raise checked.fail(path, f"expected text or a whole number, not {checked.kind(x)}")
    value = checked.text(x, path)
    if not _ID.match(value):
        raise checked.fail(path, "expected 1 to 64 letters, digits and . _ : -")
    return value


def _read_move_number(d: dict[str, Any]) -> int:
    """The match's move number of a message: required, a whole number."""
    if "move_number" not in d:
        raise checked.fail("document", "missing field 'move_number' (the match's move number)", Reason.BAD_MOVE_NUMBER)
    x = d["move_number"]
    if type(x) is not int or not 0 <= x <= checked.MAX_COUNT:
        got = "a whole number out of range" if type(x) is int else checked.kind(x)
        why = f"expected the match's move number (a whole number), not {got}"
        raise checked.fail("move_number", why, Reason.BAD_MOVE_NUMBER)
    return x


def submit(session: Session, move: Move, *, seat: int) -> Session:
    """The session after ``move``, sent on the connection of ``seat``: refused as
    ``wrong_match`` if the move names another match than the session's (:attr:`Session.match_id
    <strohmandeln.session.Session.match_id>`: the server looked up the wrong session), as
    ``not_your_seat`` if the move is for the other seat, else as :meth:`Session.submit
    <strohmandeln.session.Session.submit>` (``match_over``, ``stale_move``, the rules' own).
    The server looks the session up by ``move.match`` first (:func:`unknown_match`).

    :raises IllegalActionError: ``wrong_match``, ``not_your_seat``, and as :meth:`Session.submit
        <strohmandeln.session.Session.submit>`.
    :raises ArgumentTypeError: if ``session`` is not a :class:`~strohmandeln.session.Session`,
        ``move`` not a :class:`Move` or ``seat`` not a whole number.
    :raises ArgumentValueError: with reason ``bad_seat`` if ``seat`` is not 0 or 1.
    """
    args.instance(session, Session, "session")
    args.instance(move, Move, "move")
    connection = args.seat(seat, "seat")
    if move.match != session.match_id:
        raise IllegalActionError(Reason.WRONG_MATCH, f"a move for match {move.match!r}, not for this session's match")
    if move.seat != connection:
        raise IllegalActionError(Reason.NOT_YOUR_SEAT, f"a move for seat {move.seat} on the connection of seat {connection}")
    return session.submit(move.action, player=connection, move_number=move.move_number)


def unknown_match(move: Move) -> IllegalActionError:
    """The refusal of a move for a match the server does not have (reason ``unknown_match``),
    to raise or to send (:func:`refusal`).

    >>> import strohmandeln as sm
    >>> error = unknown_match(Move(match="m-404", seat=0, move_number=0, action=sm.Pass(), request_id=3))
    >>> refusal(error, 3)
    {'format': 1, 'type': 'refusal', 'request_id': 3, 'error': 'IllegalActionError', 'reason': 'unknown_match', 'message': "no match 'm-404'"}

    :raises ArgumentTypeError: if ``move`` is not a :class:`Move`.
    """
    return IllegalActionError(Reason.UNKNOWN_MATCH, f"no match {args.instance(move, Move, 'move').match!r}")


def accepted(move: Move, move_number: int) -> dict[str, Any]:
    """The reply to an accepted ``move``: its match and request id, and the match's move number
    now (the session's after the move: :attr:`Session.move_number
    <strohmandeln.session.Session.move_number>`), the one the next move is sent with.

    :raises ArgumentTypeError: if ``move`` is not a :class:`Move` or ``move_number`` not a whole
        number.
    :raises ArgumentValueError: if ``move_number`` is negative or above 10,000,000,000.
    """
    args.instance(move, Move, "move")
    number = args.count(move_number, "move_number", most=checked.MAX_COUNT)
    return ACCEPTED_DOCUMENT.write((move, number))


def refusal(error: StrohmandelnError, request_id: str | int | None = None) -> dict[str, Any]:
    """The reply to a refused message: the error's JSON form (:meth:`StrohmandelnError.to_dict
    <strohmandeln.errors.StrohmandelnError.to_dict>`, safe to send: the library's messages speak
    only of what the sender may know) with the request id it answers — ``request_id``, or the
    one a :class:`MessageError` could read, or ``null``.

    >>> try:
    ...     read_move('{"format": 1, "type": "move", "request_id": "r-2", "seat": 7}')
    ... except MessageError as error:
    ...     print(refusal(error))
    {'format': 1, 'type': 'refusal', 'request_id': 'r-2', 'error': 'MessageError', 'reason': 'malformed_document', 'message': "document: missing field 'match'"}

    :raises ArgumentTypeError: if ``error`` is not a library error, or ``request_id`` neither
        ``None``, a text nor a whole number.
    :raises ArgumentValueError: for a request id that is no id (:data:`ID_PATTERN`,
        :data:`MAX_REQUEST_NUMBER`).
    """
    args.instance(error, StrohmandelnError, "error")
    rid = _request_id(request_id) if request_id is not None else error.request_id if isinstance(error, MessageError) else None
    return {**checked.head("refusal"), "request_id": rid, **error.to_dict()}
