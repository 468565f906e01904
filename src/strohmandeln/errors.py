"""The library's exceptions.

Every refusal raised by :mod:`strohmandeln` is a :class:`StrohmandelnError`. Each carries a
machine-readable :class:`Reason` (a string enum, safe to send over the wire) and a short human
message. Subclasses split the errors by cause, the way python-chess separates invalid syntax from
illegal moves:

* :class:`NotationError` — text that is not a card, action or record (also a :class:`ValueError`);
* :class:`IllegalActionError` — a well-formed action that the rules forbid in this state (R13–R18);
* :class:`DeckError` — a deck order that is not a permutation of the rule set's deck (R6);
* :class:`RuleSetError` — a rule set whose parts contradict each other;
* :class:`StateError` — a question the state cannot answer yet (for example the result of an
  unfinished deal);
* :class:`SerializationError` — a document that cannot be loaded.

>>> from strohmandeln import Card, NotationError
>>> try:
...     Card.parse("XXIII")
... except NotationError as error:
...     print(error.reason.value, "|", error)
invalid_card | not a card: 'XXIII'
"""

from __future__ import annotations

import enum
from typing import Any

__all__ = [
    "DeckError",
    "IllegalActionError",
    "NotationError",
    "Reason",
    "RuleSetError",
    "SerializationError",
    "StateError",
    "StrohmandelnError",
]


class Reason(enum.StrEnum):
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


def quoted(text: str, limit: int = 40) -> str:
    """A client's text quoted for a message: its repr, cut to about ``limit`` characters with
    "…" (a character may take ten to write, ``'\\U000e0001'``: the repr is cut, not only the
    text).

    >>> quoted("XXI"), quoted("A" * 100, 10), quoted("\\x00" * 30, 10)
    ("'XXI'", "'AAAAAAAAA…'", "'\\\\x00\\\\x00\\\\…'")
    """
    r = repr(text[: limit + 1])
    return r if len(text) <= limit and len(r) <= limit + 2 else r[:limit] + "…'"


def shown(value: object, limit: int = 20) -> str:
    """A short description of a value a caller or a client sent, safe to put in a message: an
    int of at most nine digits or a text of at most ``limit`` characters as its repr, anything
    else by its type name. (The repr of an arbitrary object may be huge, fail, or recurse without
    end; this never builds one.)

    >>> shown(7), shown("XXI"), shown("A" * 1000), shown(10**5000), shown([[]] * 3)
    ('7', "'XXI'", 'a str of 1000 characters', 'a large int', 'a list')
    """
    kind = type(value)
    if kind is int:
        return repr(value) if -(10**9) < value < 10**9 else "a large int"  # type: ignore[operator]
    if kind is str:
        return quoted(value, limit) if len(value) <= limit else f"a str of {len(value)} characters"  # type: ignore[arg-type]
    if value is None or kind is bool:
        return repr(value)
    return f"a {kind.__name__}"


class StrohmandelnError(Exception):
    """Base class of every error the library raises on purpose.

    :param reason: the machine-readable cause.
    :param message: one line for humans.

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
        super().__init__(message)
        self.reason = reason
        self.message = message

    def to_dict(self) -> dict[str, Any]:
        """A JSON-compatible description, for a game server's reply.

        >>> StrohmandelnError(Reason.GAME_OVER, "the deal is over").to_dict()
        {'error': 'StrohmandelnError', 'reason': 'game_over', 'message': 'the deal is over'}
        """
        return {"error": type(self).__name__, "reason": self.reason.value, "message": self.message}

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
