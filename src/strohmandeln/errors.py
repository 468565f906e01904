"""The library's exceptions.

Every refusal raised by :mod:`strohmandeln` is a :class:`StrohmandelnError`. Each carries a
machine-readable :class:`Reason` (a string enum, safe to send over the wire) and a short human
message. Subclasses split the errors by cause, the way python-chess separates invalid syntax from
illegal moves:

* :class:`NotationError` — text that is not a card, action or record (also a :class:`ValueError`);
* :class:`IllegalActionError` — a well-formed action that the rules forbid in this state (R13–R18);
* :class:`DeckError` — a deck order or a set-up that does not fit the rule set's deck (R6);
* :class:`RuleSetError` — a rule set whose parts contradict each other;
* :class:`StateError` — a question the state cannot answer yet (for example the result of an
  unfinished deal);
* :class:`SerializationError` — a document that cannot be loaded;
* :class:`ArgumentError` — an argument of the wrong type (:class:`ArgumentTypeError`, also a
  :class:`TypeError`) or value (:class:`ArgumentValueError`, also a :class:`ValueError`).

>>> from strohmandeln import Card, NotationError
>>> try:
...     Card.parse("XXIII")
... except NotationError as error:
...     print(error.reason.value, "|", error)
invalid_card | not a card: 'XXIII'

.. _errors-policy:

**The policy: what is refused how.** Every public function, constructor and method refuses what
it cannot use before it does any work, with one of these errors — never an error of its insides
(``AttributeError``, ``KeyError``, ``IndexError``, ``RecursionError``), in the pure and the
compiled build alike. Its docstring's ``:raises:`` lists them.

* **A client's input is judged, whatever it is.** Three kinds of argument are what a game server
  passes on from a client, and any Python value is refused there by what it should have been:
  the *move* of :meth:`~strohmandeln.GameState.apply`, :meth:`~strohmandeln.GameState.why_illegal`
  and :meth:`~strohmandeln.GameState.is_legal` (an :class:`IllegalActionError`; a value that is
  no action has reason ``not_an_action``), *notation* text (:meth:`Card.parse
  <strohmandeln.Card.parse>`, :func:`~strohmandeln.parse_action`, :func:`~strohmandeln.cards_from_text`,
  the text records: a :class:`NotationError`), and *documents* (the ``from_dict`` and
  ``from_json`` loaders: a :class:`SerializationError`).
* **Any other argument of the wrong type** is an :class:`ArgumentTypeError` with reason
  ``wrong_type``, the same everywhere: a preset's name where a :class:`~strohmandeln.RuleSet`
  belongs, a text where a seat, a count or a move number belongs. It is a :class:`TypeError`
  too, so that both ``except TypeError`` and ``except StrohmandelnError`` catch it. A *whole
  number* is an ``int`` or an integer of another library that Python can use as an index
  (NumPy's, :func:`operator.index`), never a ``bool``, a float or a text; a container is read
  item by item, and an item of the wrong type is refused by its place (``order[3]``), as is a
  container whose own iteration fails. The value types are final (:func:`typing.final`): a value
  of a subclass of one, whose attributes could answer anything, is of the wrong type too; a
  generator of a subclass of :class:`random.Random` is drawn from through its ``random()`` and
  ``getrandbits()``, each draw checked. The move checks *raise* it for a ``player`` or an
  ``expected_ply`` that is no whole number (even ``why_illegal``, which returns the refusals of
  moves); a member of an enumeration looked up by what is no text or whole number
  (``Suit([])``, :class:`ValueLookup`) gets it too.
* **An argument of the right type and a wrong value** is refused by what it describes: a deck
  order, the cards of a set-up (:class:`DeckError`), a rule set (:class:`RuleSetError`), a seat
  that may not move (:class:`IllegalActionError`, in the three move checks, which *return* it from
  ``why_illegal``); any other — a seat or Strohmann number out of range, a count below its
  least, a text or count above its cap (:ref:`the caps <errors-caps>`) — is an
  :class:`ArgumentValueError` (reason ``bad_seat``, ``bad_strohmann``, ``bad_value`` or
  ``too_large``), a :class:`ValueError` too.
* **A message is short and built by the library.** It names the argument, what it should be and,
  of what came, at most a short text or a small number: never the ``repr`` or
  ``str`` of an object of the caller, nor its length or its equality — an object of any class
  is only asked what it is (its type, read from the type itself) and, where a whole number
  belongs, :func:`operator.index`. Messages are at most :data:`MAX_MESSAGE` characters.

>>> import strohmandeln as sm
>>> try:
...     sm.deal("classic", dealer=0, rng=1)
... except TypeError as error:
...     print(type(error).__name__, error.reason.value, "|", error)
ArgumentTypeError wrong_type | rules must be a RuleSet, not a str
>>> try:
...     sm.deal(sm.CLASSIC, dealer=2, rng=1)
... except ValueError as error:
...     print(type(error).__name__, error.reason.value, "|", error)
ArgumentValueError bad_seat | dealer must be seat 0 or 1, not 2
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable
from typing import Any, Final

__all__ = [
    "MAX_MESSAGE",
    "ArgumentError",
    "ArgumentTypeError",
    "ArgumentValueError",
    "DeckError",
    "IllegalActionError",
    "NotationError",
    "Reason",
    "RuleSetError",
    "SerializationError",
    "StateError",
    "StrohmandelnError",
    "ValueLookup",
]


class ValueLookup(enum.EnumType):
    """The metaclass of the library's enumerations: a member looked up by its value
    (``Suit(2)``, ``Reason("game_over")``) is found as the standard library finds it, but what
    names no member is refused by the library's errors, without hashing, comparing or writing the
    repr of what was given (the standard lookup does all three): an
    :class:`ArgumentValueError` (reason ``bad_value``) for a text or whole number of no member,
    an :class:`ArgumentTypeError` for anything else. A member's value is a text or a whole
    number (an integer of another library too, :func:`operator.index`; never a ``bool``).

    >>> from strohmandeln import Suit
    >>> Suit(2), Reason("game_over")
    (<Suit.HEARTS: 2>, <Reason.GAME_OVER: 'game_over'>)
    >>> for value in (9, [[]]):
    ...     try:
    ...         Suit(value)
    ...     except (TypeError, ValueError) as error:
    ...         print(type(error).__name__, "|", error)
    ArgumentValueError | 9 is the value of no Suit
    ArgumentTypeError | Suit() takes the value of a member, not a list
    """

    def __call__(cls, value: Any, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs:
            members = cls.__dict__.get("_member_map_")
            if not members or set(kwargs) - _FUNCTIONAL_KEYWORDS or len(args) > len(_FUNCTIONAL_KEYWORDS):
                # (the functional API, Enum("Name", "A B"), or a keyword the language refuses)
                return super().__call__(value, *args, **kwargs)
            if (args[0] if args else kwargs.get("names")) is not None:  # (an enumeration with members cannot be extended)
                raise ArgumentTypeError(Reason.WRONG_TYPE, f"{_CLASS_NAME.__get__(cls)}() takes the value of a member, and no names")
        if type(value) is cls:
            return value
        key = _lookup_key(value)
        member = None if key is None else cls.__dict__["_value2member_map_"].get(key)
        if member is not None:
            return member
        name = _CLASS_NAME.__get__(cls)
        if key is None:
            raise ArgumentTypeError(Reason.WRONG_TYPE, f"{name}() takes the value of a member, not {a_type(value)}")
        raise ArgumentValueError(Reason.BAD_VALUE, f"{shown(key)} is the value of no {name}")


#: The keywords of the standard library's functional API of an enumeration (``names`` first):
#: with ``names`` not given, a call is a lookup by value.
_FUNCTIONAL_KEYWORDS: Final = frozenset({"names", "module", "qualname", "type", "start", "boundary"})


def _lookup_key(value: object) -> str | int | None:
    """``value`` as a key of a lookup by value: a plain text or int, or ``None``."""
    kind = type(value)
    if kind is str or kind is int:
        return value  # type: ignore[return-value]
    if issubclass(kind, str):
        return str.__str__(value)
    if issubclass(kind, (bool, float, complex, bytes, bytearray)):
        return None
    try:
        if not hasattr(kind, "__index__"):
            return None
        number = operator.index(value)  # type: ignore[arg-type]
    except Exception:  # (the __index__ of an object of any type)
        return None
    return None if type(number) is bool else int(number)


class Reason(enum.StrEnum, metaclass=ValueLookup):
    """Why the library refused something: a stable, machine-readable code.

    The values are lower-case ASCII strings and never change between releases; new codes may be
    added.

    >>> Reason.MUST_FOLLOW_SUIT == "must_follow_suit", Reason("not_your_turn")
    (True, <Reason.NOT_YOUR_TURN: 'not_your_turn'>)
    """

    # notation
    INVALID_CARD = "invalid_card"
    INVALID_ACTION = "invalid_action"
    INVALID_RECORD = "invalid_record"
    # actions
    WRONG_PHASE = "wrong_phase"
    NOT_YOUR_TURN = "not_your_turn"
    GAME_OVER = "game_over"
    NOT_AN_ACTION = "not_an_action"
    CARD_NOT_IN_DECK = "card_not_in_deck"
    CARD_NOT_AVAILABLE = "card_not_available"
    #: Used for set-up positions only: a card placed face up that R11 would have taken up.
    #: Play refuses a face-down card as ``card_not_available``, so as not to reveal it.
    CARD_FACE_DOWN = "card_face_down"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    MUST_FOLLOW_SUIT_FROM_STROHMANN = "must_follow_suit_from_strohmann"
    MUST_PLAY_TAROCK = "must_play_tarock"
    ANNOUNCEMENT_NOT_ALLOWED = "announcement_not_allowed"
    CALL_NOT_ALLOWED = "call_not_allowed"
    # decks
    WRONG_DECK_SIZE = "wrong_deck_size"
    DUPLICATE_CARD = "duplicate_card"
    NO_DECK_SOURCE = "no_deck_source"
    BAD_SEAT = "bad_seat"
    BAD_STROHMANN = "bad_strohmann"
    # rule sets
    INCONSISTENT_RULES = "inconsistent_rules"
    # states
    NOT_FINISHED = "not_finished"
    #: No longer raised: what is not a state where one belongs is ``wrong_type``, as every
    #: argument of the wrong type is (the code stays: codes never change).
    NOT_A_STATE = "not_a_state"
    WRONG_RULES = "wrong_rules"
    # serialization
    MALFORMED_DOCUMENT = "malformed_document"
    UNSUPPORTED_VERSION = "unsupported_version"
    TOO_LARGE = "too_large"
    #: A document of a position (set up, not dealt), refused by a loader called with
    #: ``dealt_only=True``: nothing replays it from a deck order.
    NOT_DEALT = "not_dealt"
    #: A move sent for another moment of the deal than the present one: ``apply(...,
    #: expected_ply=)`` with a move number that is not the state's :attr:`~strohmandeln.GameState.ply`
    #: (a stale or replayed message).
    STALE_MOVE = "stale_move"
    #: A deal recorded into a match at other stakes than the match's next deal (R26).
    WRONG_STAKES = "wrong_stakes"
    #: A session document whose signature is not the one of its content under the server's key
    #: (:class:`~strohmandeln.session.Session`): changed, or signed by another key.
    BAD_SIGNATURE = "bad_signature"
    # arguments
    #: An argument of the wrong type (:class:`ArgumentTypeError`): a text where a rule set, a
    #: seat or a move number belongs, a float or a ``bool`` where a whole number belongs.
    WRONG_TYPE = "wrong_type"
    #: An argument of the right type whose value the function cannot take (a count below its
    #: least, the same card twice, a name that names nothing; :class:`ArgumentValueError`).
    BAD_VALUE = "bad_value"
    # game servers
    #: A move sent to a server without a match-wide move number, or with one that is no whole
    #: number (missing, ``null``, a boolean, text): :meth:`Session.submit
    #: <strohmandeln.session.Session.submit>` and :mod:`strohmandeln.messages` require it.
    BAD_MOVE_NUMBER = "bad_move_number"
    #: A client's message for a seat that its connection does not hold.
    NOT_YOUR_SEAT = "not_your_seat"
    #: A client's message for a match the server does not have.
    UNKNOWN_MATCH = "unknown_match"
    #: A move, or a next deal, in a match that is over (:attr:`Session.is_over
    #: <strohmandeln.session.Session.is_over>`: its length or target score is reached).
    MATCH_OVER = "match_over"
    #: A session document, or a mark, of another match than the one asked for: a document stored
    #: under the wrong match, or a mark of another match (:meth:`Session.check
    #: <strohmandeln.session.Session.check>`).
    WRONG_MATCH = "wrong_match"
    #: A session older than a move the server has acknowledged: its move number is before the
    #: acknowledged mark's (a database restored from a backup, a replica that lags).
    ROLLED_BACK = "rolled_back"
    #: A session that is not the one whose move the server acknowledged: at the mark's move
    #: number, or later in its deal, it holds other actions or other deals.
    DIVERGED = "diverged"


#: The longest message of an error, in characters: a longer one is cut, ending in "…".
MAX_MESSAGE: Final = 500

#: The ``__name__`` of a class, read from ``type`` itself: a metaclass of the caller's cannot
#: change what it gives (or make it fail).
_CLASS_NAME: Final = type.__dict__["__name__"]


def type_name(value: object) -> str:
    """The name of the type of ``value``, for a message: read from its type (which no object can
    fake, unlike its ``__class__``) and cut to 40 characters.

    >>> class Mine: pass
    >>> type_name(Mine()), type_name(3), type_name(type("A" * 100, (), {})())[-3:]
    ('Mine', 'int', 'AA…')
    """
    name: str = _CLASS_NAME.__get__(type(value))
    return name if len(name) <= 40 else name[:39] + "…"


def quoted(text: str, limit: int = 40) -> str:
    """A client's text quoted for a message: its repr, cut to about ``limit`` characters with
    "…" (a character may take ten to write, ``'\\U000e0001'``: the repr is cut, not only the
    text). A text of a subclass of ``str`` is quoted as the plain text it holds; anything else
    is described (:func:`shown`).

    >>> quoted("XXI"), quoted("A" * 100, 10), quoted("\\x00" * 30, 10), quoted(0)
    ("'XXI'", "'AAAAAAAAA…'", "'\\\\x00\\\\x00\\\\…'", '0')
    """
    if type(text) is not str:
        if not issubclass(type(text), str):
            return shown(text)
        text = str.__str__(text)  # (the plain text: a subclass's own methods are never called)
    r = repr(text[: limit + 1])
    return r if len(text) <= limit and len(r) <= limit + 2 else r[:limit] + "…'"


def shown(value: object, limit: int = 20) -> str:
    """A short description of a value a caller or a client sent, safe to put in a message: an
    int of at most nine digits, a float, or a text of at most ``limit`` characters as its repr,
    anything else by its type's name (:func:`type_name`). The repr of an arbitrary object may
    be huge, fail, or recurse without end, and its other methods may do anything: this calls
    none of them.

    >>> shown(7), shown("XXI"), shown("A" * 1000), shown(10**5000), shown([[]] * 3), shown(object())
    ('7', "'XXI'", 'a str of 1000 characters', 'a large int', 'a list', 'an object')
    """
    kind = type(value)
    if kind is int:
        return repr(value) if -(10**9) < value < 10**9 else "a large int"  # type: ignore[operator]
    if kind is str:
        return quoted(value, limit) if len(value) <= limit else f"a str of {len(value)} characters"  # type: ignore[arg-type]
    if value is None or kind is bool or kind is float:
        return repr(value)
    return a_type(value)


def a_type(value: object) -> str:
    """The name of the type of ``value`` with its article, for a message: ``'a list'``,
    ``'an int'`` (``None`` is ``'None'``).

    >>> a_type([]), a_type(1), a_type(None)
    ('a list', 'an int', 'None')
    """
    if value is None:
        return "None"
    name = type_name(value)
    return ("an " if name[:1] in "aeiouAEIOU" else "a ") + name


class StrohmandelnError(Exception):
    """Base class of every error the library raises on purpose.

    :param reason: the machine-readable cause.
    :param message: one line for humans (cut to :data:`MAX_MESSAGE` characters; a character that
        UTF-8 cannot encode, a lone surrogate, is written as its escape, so that :meth:`to_dict` can
        always be sent).

    Catch it to handle every refusal of the library in one place:

    >>> import strohmandeln as sm
    >>> for text in ("XXIII", "♥K+nothing"):
    ...     try:
    ...         sm.parse_action(text)
    ...     except sm.StrohmandelnError as error:
    ...         print(type(error).__name__, error.reason.value)
    NotationError invalid_action
    NotationError invalid_action
    """

    reason: Reason
    message: str

    def __init__(self, reason: Reason, message: str) -> None:
        if type(reason) is not Reason:
            raise ArgumentTypeError(Reason.WRONG_TYPE, f"reason must be a Reason, not {shown(reason)}")
        if type(message) is not str:
            if not issubclass(type(message), str):
                raise ArgumentTypeError(Reason.WRONG_TYPE, f"message must be a str, not {shown(message)}")
            message = str.__str__(message)
        if not message.isascii():  # (a lone surrogate cannot be sent as UTF-8: it is written as its escape)
            try:
                message.encode("utf-8")
            except UnicodeEncodeError:
                message = message.encode("utf-8", "backslashreplace").decode("utf-8")
        if len(message) > MAX_MESSAGE:
            message = message[: MAX_MESSAGE - 1] + "…"
        super().__init__(message)
        self.reason = reason
        self.message = message

    def to_dict(self) -> dict[str, Any]:
        """A JSON-compatible description, for a game server's reply.

        >>> StrohmandelnError(Reason.GAME_OVER, "the deal is over").to_dict()
        {'error': 'StrohmandelnError', 'reason': 'game_over', 'message': 'the deal is over'}
        """
        return {name: write(self) for name, (_, write) in REPLY_FIELDS.items()}

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.reason, self.message))


class NotationError(StrohmandelnError, ValueError):
    """Text that cannot be read as a card, an action or a record.

    >>> from strohmandeln import Card
    >>> try:
    ...     Card.parse("♥10")                      # red suits have no 10 (R1)
    ... except NotationError as error:
    ...     print(error.reason.value, isinstance(error, ValueError))
    invalid_card True
    """


class IllegalActionError(StrohmandelnError):
    """An action the rules do not allow in this state.

    >>> from strohmandeln import CLASSIC, Take, deal
    >>> state = deal(CLASSIC, dealer=0, rng=7)           # seat 1 (Elder) speaks first
    >>> try:
    ...     state.apply(Take(), player=0)
    ... except IllegalActionError as error:
    ...     print(error.to_dict())
    {'error': 'IllegalActionError', 'reason': 'not_your_turn', 'message': 'seat 0 may not act: seat 1 is to act'}
    """


class DeckError(StrohmandelnError, ValueError):
    """A deck order or deal request that does not fit the rule set.

    >>> from strohmandeln import CLASSIC, DECK_54, deal
    >>> try:
    ...     deal(CLASSIC, dealer=0, order=(DECK_54[0],) + DECK_54[:53])
    ... except DeckError as error:
    ...     print(error.reason.value, "|", error)
    duplicate_card | position 1: I appears twice
    """


class RuleSetError(StrohmandelnError, ValueError):
    """A rule set whose options contradict each other.

    >>> import attrs
    >>> from strohmandeln import ZWANZIGERRUFEN_40, Bonus
    >>> try:
    ...     attrs.evolve(ZWANZIGERRUFEN_40, scoring=attrs.evolve(ZWANZIGERRUFEN_40.scoring, bonuses={Bonus.UHU: 1}))
    ... except RuleSetError as error:
    ...     print(error.reason.value, "|", error)
    inconsistent_rules | rule set 'zwanzigerrufen40': bonus uhu needs II, which the 40-card deck lacks
    """


class StateError(StrohmandelnError):
    """A question the state cannot answer in its current phase.

    >>> from strohmandeln import CLASSIC, deal
    >>> try:
    ...     deal(CLASSIC, dealer=0, rng=7).result()
    ... except StateError as error:
    ...     print(error.reason.value, "|", error)
    not_finished | the deal is not over yet
    """


class SerializationError(StrohmandelnError, ValueError):
    """A document (dictionary or text record) that cannot be loaded.

    >>> from strohmandeln import serialization
    >>> try:
    ...     serialization.from_json('{"format": 2, "type": "state"}')
    ... except SerializationError as error:
    ...     print(error.reason.value)
    unsupported_version
    """


class ArgumentError(StrohmandelnError):
    """An argument a program passed that the function cannot take: of the wrong type
    (:class:`ArgumentTypeError`) or of the right type and a wrong value
    (:class:`ArgumentValueError`). See :ref:`the policy <errors-policy>` for which arguments are
    refused so and which by the error of what they describe.

    >>> import strohmandeln as sm
    >>> try:
    ...     sm.deal(sm.CLASSIC, dealer=0, rng=1).hand("0")
    ... except sm.ArgumentError as error:
    ...     print(error.to_dict())
    {'error': 'ArgumentTypeError', 'reason': 'wrong_type', 'message': 'player must be a seat (0 or 1), not a str'}
    """


class ArgumentTypeError(ArgumentError, TypeError):
    """An argument of the wrong type, reason ``wrong_type``: also a :class:`TypeError`.

    >>> import strohmandeln as sm
    >>> try:
    ...     sm.score(sm.CLASSIC)
    ... except TypeError as error:
    ...     print(error.reason.value, "|", error)
    wrong_type | state must be a GameState or a PlayerView, not a RuleSet
    """


class ArgumentValueError(ArgumentError, ValueError):
    """An argument of the right type with a value the function cannot take: also a
    :class:`ValueError`. The reason says which: ``bad_seat``, ``bad_strohmann``, ``bad_value``,
    or ``too_large`` for a text or count above its cap.

    >>> import strohmandeln as sm
    >>> try:
    ...     sm.deal(sm.CLASSIC, dealer=0, rng=1).strohmann(0, 3)
    ... except ValueError as error:
    ...     print(error.reason.value, "|", error)
    bad_strohmann | index must be a Strohmann's number (0, 1 or 2), not 3
    """


# --- an error's reply: its fields, declared once ----------------------------------------------

#: The class of the error of a text record, and of a message (named here: the records and the
#: messages stand above this module).
RECORD_ERROR: Final = "RecordError"
MESSAGE_ERROR: Final = "MessageError"
#: A field of an error's reply: its JSON Schema piece and its writer (of the error).
ReplyField = tuple[Callable[[], dict[str, Any]], Callable[[Any], Any]]


def _reasons() -> dict[str, Any]:
    return {"enum": [r.value for r in Reason]}


#: The fields of an error's reply (:meth:`StrohmandelnError.to_dict`), in order, each with its
#: JSON Schema piece (:mod:`strohmandeln.schemas` builds the reply's schema from them) and its
#: writer; the error's class is one of this module's, a text record's or a message's.
REPLY_FIELDS: Final[dict[str, ReplyField]] = {
    "error": (lambda: {"enum": [*(n for n in __all__ if n.endswith("Error")), RECORD_ERROR, MESSAGE_ERROR]}, lambda e: type(e).__name__),
    "reason": (_reasons, lambda e: e.reason.value),
    "message": (lambda: {"type": "string"}, lambda e: e.message),
}
#: The fields that the error of a text record (:class:`strohmandeln.records.RecordError`) adds to
#: its reply, and that no other error's reply has, likewise.
RECORD_REPLY_FIELDS: Final[dict[str, ReplyField]] = {
    "line": (lambda: {"type": "integer", "minimum": 0}, lambda e: e.line),
    "token": (lambda: {"anyOf": [{"type": "integer", "minimum": 1}, {"type": "null"}]}, lambda e: e.token),
    "cause": (_reasons, lambda e: e.cause.value),
}
