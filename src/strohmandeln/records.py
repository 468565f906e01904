r"""A compact, human-readable text record of a deal or a match.

A deal record names the rule set, the dealer and the deck order, then lists the actions, one
token each, in the notation of :mod:`strohmandeln.actions` (``take``, ``pass``, ``XXI``,
``♥K+trull``, ``XVII!ross``). Loading deals the order and replays every token through the rules,
so a wrong record is refused at the first bad token, with its number and why.

The format, line by line (``#`` starts a comment that runs to the end of its line; blank lines
are ignored; tokens are separated by white space)::

    strohmandeln-deal 1            the format and its version
    rules classic@8a01bd3b1751     a preset's name and digest, or a rule set as one line of JSON
    dealer 0                       the dealer's seat (R5)
    order XIV ♥K ♣7 …              the deck order, top card first (R6): every card once
    pass pass                      the actions, one token each, over as many lines as you like
    ♣7 ♣K
    …

:func:`dumps` writes the decisions on one line and each trick on its own line. A match record is
a header and the deals of the match, each introduced by ``deal N``::

    strohmandeln-match 1
    rules classic@8a01bd3b1751
    first-dealer 0
    deal 1
    dealer 0
    order …
    pass pass ♣7 ♣K …
    deal 2
    …

Card notation may be Unicode (``♥K``, ``Sküs``) or ASCII (``hK``, ``Skus``); ``dumps(...,
ascii=True)`` writes ASCII.

>>> import random
>>> from strohmandeln import CLASSIC, deal
>>> state = deal(CLASSIC, dealer=1, rng=4)
>>> rng = random.Random(2)
>>> while not state.is_terminal:
...     state = state.apply(rng.choice(state.legal_actions()))
>>> text = dumps(state)
>>> text.splitlines()[:3]
['strohmandeln-deal 1', 'rules classic@8a01bd3b1751', 'dealer 1']
>>> loads(text) == state
True
>>> text.splitlines()[4:6]                 # the auction, then the first trick
['take', 'V II']
>>> try:
...     loads(text.replace("\nV II\n", "\nII V\n"))   # the wrong seat leads
... except RecordError as error:
...     print(error.token, error.cause.value, "|", error)
2 card_not_available | line 6, token 2 'II': card_not_available: seat 0 does not hold II (hand or face-up Strohmann top)
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, Final

from ._base import args
from ._base.checked import MAX_DEALS, MAX_MULTIPLIER
from .actions import Action, Play, parse_action
from .cards import Card
from .errors import RECORD_REPLY_FIELDS, NotationError, Reason, SerializationError, StateError, StrohmandelnError, a_type, quoted
from .dealing import deal
from .match import Match
from .presets import PRESETS, rules_from_dict, rules_ref
from .rules import RuleSet
from .state import GameState

__all__ = ["RecordError", "dumps", "dumps_match", "loads", "loads_match"]

#: The version of the record format.
VERSION: Final = 1
_DEAL_MAGIC: Final = "strohmandeln-deal"
_MATCH_MAGIC: Final = "strohmandeln-match"
#: The longest record :func:`loads` reads, in characters (a deal record is under 500).
MAX_RECORD: Final = 1_000_000
#: The longest record :func:`loads_match` reads, in characters: room for a match of 10,000 deals
#: (about 400 characters each), as many as a match document holds.
MAX_MATCH_RECORD: Final = 8_000_000
_MAX_TOKENS: Final = 256


class RecordError(SerializationError):
    """A text record that cannot be loaded; its reason is ``invalid_record`` (or ``too_large``).

    ``line`` is the 1-based line of the problem; ``token`` the 1-based number of the bad action
    token within its deal (``None`` when the header is at fault); ``cause`` the reason of the
    underlying refusal (for example ``must_follow_suit`` or ``invalid_card``).

    >>> try:
    ...     loads("strohmandeln-deal 1\\nrules classic\\ndealer 2\\n")
    ... except RecordError as error:
    ...     print(error.line, error.token, error.cause.value, "|", error)
    3 None bad_seat | line 3: dealer must be 0 or 1, not '2'
    >>> issubclass(RecordError, SerializationError)
    True

    :raises ArgumentTypeError: if ``reason`` or ``cause`` is not a :class:`~strohmandeln.Reason`,
        ``message`` not a text, ``line`` or ``token`` not a whole number.
    :raises ArgumentValueError: for a negative line or a token below 1.
    """

    line: int
    token: int | None
    cause: Reason

    def __init__(
        self, message: str, *, line: int, token: int | None = None, cause: Reason = Reason.INVALID_RECORD, reason: Reason = Reason.INVALID_RECORD
    ) -> None:
        super().__init__(reason, message)
        if type(cause) is not Reason:
            raise args.wrong_type("cause", "a Reason", cause)
        self.line = args.count(line, "line")
        self.token = None if token is None else args.count(token, "token", least=1)
        self.cause = cause

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.message, self.line, self.token, self.cause, self.reason))

    def to_dict(self) -> dict[str, Any]:
        """The error's JSON form, with the line, token number and underlying cause.

        >>> try:
        ...     loads("strohmandeln-deal 2\\n")
        ... except RecordError as error:
        ...     data = error.to_dict()
        >>> data["reason"], data["line"], data["token"], data["cause"]
        ('invalid_record', 1, None, 'unsupported_version')
        """
        data = super().to_dict()
        data.update({name: write(self) for name, (_, write) in RECORD_REPLY_FIELDS.items()})
        return data


def _rebuild(message: str, line: int, token: int | None, cause: Reason, reason: Reason) -> RecordError:
    return RecordError(message, line=line, token=token, cause=cause, reason=reason)


#: The keys of a record's lines, each declared once: the writers and the readers use these names
#: (a deal's lines: its dealer, its stakes when not 1, its deck order, then its actions; a match's:
#: its first dealer, then each deal's number and lines).
_RULES: Final = "rules"
_DEALER: Final = "dealer"
_MULTIPLIER: Final = "multiplier"
_ORDER: Final = "order"
_FIRST_DEALER: Final = "first-dealer"
_DEAL: Final = "deal"


# --------------------------------------------------------------------------------------------
# Writing


def _rules_line(rules: RuleSet) -> str:
    preset = PRESETS.get(rules.name)
    if preset is not None and preset == rules:
        return f"{_RULES} {rules_ref(rules)}"  # (pinned to the preset's values: presets.rules_ref)
    # ASCII JSON, with "#" escaped too: a record's line ends at a comment sign or a line break,
    # and a rule set's name or source may hold either (or U+2028 and the like).
    return f"{_RULES} " + json.dumps(rules.to_dict(), ensure_ascii=True, separators=(",", ":")).replace("#", "\\u0023")


def _card_text(card: Card, ascii: bool) -> str:
    return card.ascii if ascii else str(card)


def _action_text(action: Action, ascii: bool) -> str:
    return action.ascii if ascii and isinstance(action, Play) else str(action)


def _deal_lines(state: GameState, ascii: bool, stakes: bool = True) -> list[str]:
    """A deal's lines; ``stakes``: with its multiplier when it is not 1 (a match's deals have
    the match's, which its record implies)."""
    if state.order is None:
        raise SerializationError(
            Reason.NO_DECK_SOURCE, "a record needs a dealt state; a position has no deck order (use serialization.to_dict)"
        )
    lines = [f"{_DEALER} {state.dealer}"]
    if stakes and state.multiplier != 1:
        lines.append(f"{_MULTIPLIER} {state.multiplier}")
    lines.append(f"{_ORDER} " + " ".join(_card_text(c, ascii) for c in state.order))
    history = state.history
    first_play = next((i for i, a in enumerate(history) if isinstance(a, Play)), len(history))
    if first_play:
        lines.append(" ".join(_action_text(a, ascii) for a in history[:first_play]))
    plays = history[first_play:]
    for i in range(0, len(plays), 2):
        lines.append(" ".join(_action_text(a, ascii) for a in plays[i : i + 2]))
    return lines


def dumps(state: GameState, *, ascii: bool = False) -> str:
    """The record of a dealt state (finished or not): header and actions.

    >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
    >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
    >>> for text in "pass pass XXI XX".split():
    ...     state = state.apply(parse_action(text))
    >>> text = dumps(state)
    >>> lines = text.splitlines()
    >>> lines[:3], lines[3][:20], lines[4:]
    (['strohmandeln-deal 1', 'rules classic@8a01bd3b1751', 'dealer 0'], 'order I II III IIII ', ['pass pass', 'XXI XX'])
    >>> "Sküs" in text, "Skus" in dumps(state, ascii=True)
    (True, True)

    :param ascii: write cards in ASCII notation (``hK``, ``Skus``).
    :raises SerializationError: for a state set up as a position (it has no deck order).
    :raises ArgumentTypeError: if ``state`` is not a :class:`~strohmandeln.GameState` or
        ``ascii`` not a ``bool``.
    """
    args.instance(state, GameState, "state")
    ascii = args.flag(ascii, "ascii")
    lines = [f"{_DEAL_MAGIC} {VERSION}", _rules_line(state.rules), *_deal_lines(state, ascii)]
    return "\n".join(lines) + "\n"


def dumps_match(match: Any, *, ascii: bool = False) -> str:
    """The record of a :class:`~strohmandeln.Match`: its rule set, first dealer and every deal.

    >>> from strohmandeln import CLASSIC, Fold, Match, deal
    >>> folded = deal(CLASSIC, dealer=0, rng=842).apply(Fold())     # seat 1 had no tarock (R7)
    >>> match = Match.start(CLASSIC, first_dealer=0).record(folded)
    >>> lines = dumps_match(match).splitlines()
    >>> lines[:5], lines[6:]
    (['strohmandeln-match 1', 'rules classic@8a01bd3b1751', 'first-dealer 0', 'deal 1', 'dealer 0'], ['fold'])

    :raises ArgumentTypeError: if ``match`` is not a :class:`~strohmandeln.Match` or ``ascii``
        not a ``bool``.
    """
    args.instance(match, Match, "match")
    ascii = args.flag(ascii, "ascii")
    lines = [f"{_MATCH_MAGIC} {VERSION}", _rules_line(match.rules), f"{_FIRST_DEALER} {match.first_dealer}"]
    for number, state in enumerate(match.deals, 1):
        lines.append(f"{_DEAL} {number}")
        lines.extend(_deal_lines(state, ascii, stakes=False))
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------------------------
# Reading


class _Lines:
    """The meaningful lines of a record: (line number, text without comment), non-empty."""

    def __init__(self, text: object, limit: int = MAX_RECORD) -> None:
        plain = args.plain_text(text)
        if plain is None:
            raise RecordError(f"a record is text, not {a_type(text)}", line=0)
        text = plain
        if len(text) > limit:
            raise RecordError(f"a record is at most {limit} characters", line=0, reason=Reason.TOO_LARGE)
        self.items: list[tuple[int, str]] = []
        for number, raw in enumerate(text.splitlines(), 1):
            body = raw.split("#", 1)[0].strip()
            if body:
                self.items.append((number, body))
        self.pos = 0

    def peek(self) -> tuple[int, str] | None:
        return self.items[self.pos] if self.pos < len(self.items) else None

    def take(self, key: str) -> tuple[int, str]:
        """The value of the next line, which must start with ``key``."""
        item = self.peek()
        if item is None:
            last = self.items[-1][0] if self.items else 0
            raise RecordError(f"line {last + 1}: expected '{key} …', the record ends", line=last + 1)
        number, body = item
        word, _, value = body.partition(" ")
        if word != key:
            raise RecordError(f"line {number}: expected '{key} …', not {quoted(body)}", line=number)
        self.pos += 1
        return number, value.strip()


def _magic(lines: _Lines, magic: str) -> None:
    number, version = lines.take(magic)
    if version != str(VERSION):
        raise RecordError(
            f"line {number}: version {quoted(version, 20)} is not supported (this library reads {VERSION})",
            line=number,
            cause=Reason.UNSUPPORTED_VERSION,
        )


def _rules(lines: _Lines) -> RuleSet:
    number, value = lines.take(_RULES)
    try:
        if value.startswith("{"):
            try:
                data = json.loads(value)
            except (ValueError, RecursionError):
                raise RecordError(f"line {number}: the rule set is not valid JSON", line=number) from None
            return rules_from_dict(data)
        return rules_from_dict(value)
    except SerializationError as error:
        if isinstance(error, RecordError):
            raise
        raise RecordError(f"line {number}: {error.message}", line=number, cause=error.reason) from None


def _seat(lines: _Lines, key: str) -> int:
    number, value = lines.take(key)
    if value not in ("0", "1"):
        raise RecordError(f"line {number}: {key} must be 0 or 1, not {quoted(value, 20)}", line=number, cause=Reason.BAD_SEAT)
    return int(value)


def _deal(lines: _Lines, rules: RuleSet, *, stop: str | None = None) -> GameState:
    dealer = _seat(lines, _DEALER)
    multiplier = 1
    item = lines.peek()
    if stop is None and item is not None and item[1].partition(" ")[0] == _MULTIPLIER:  # (R26; not in a match)
        number, value = lines.take(_MULTIPLIER)
        if not (value.isascii() and value.isdigit()) or len(value) > 8 or not 1 <= int(value) <= MAX_MULTIPLIER:
            raise RecordError(f"line {number}: multiplier must be a whole number from 1, not {quoted(value, 20)}", line=number)
        multiplier = int(value)
    number, value = lines.take(_ORDER)
    tokens = value.split()
    if len(tokens) > 64:
        raise RecordError(f"line {number}: too many cards in the order", line=number, cause=Reason.WRONG_DECK_SIZE)
    cards = []
    for k, token in enumerate(tokens, 1):
        try:
            cards.append(Card.parse(token))
        except NotationError:
            raise RecordError(f"line {number}: card {k} of the order, {quoted(token, 20)}, is not a card", line=number, cause=Reason.INVALID_CARD) from None
    try:
        state = deal(rules, dealer=dealer, order=cards, multiplier=multiplier)
    except StrohmandelnError as error:
        raise RecordError(f"line {number}: {error.message}", line=number, cause=error.reason) from None
    count = 0
    while True:
        item = lines.peek()
        if item is None or (stop is not None and item[1].partition(" ")[0] == stop):
            return state
        lines.pos += 1
        line, body = item
        for token in body.split():
            count += 1
            if count > _MAX_TOKENS:
                raise RecordError(f"line {line}: more than {_MAX_TOKENS} actions", line=line, token=count, reason=Reason.TOO_LARGE)
            try:
                action = parse_action(token)
            except NotationError as error:
                raise RecordError(
                    f"line {line}, token {count} {quoted(token, 20)}: {error.message}", line=line, token=count, cause=error.reason
                ) from None
            try:
                state = state.apply(action)
            except StrohmandelnError as error:
                raise RecordError(
                    f"line {line}, token {count} {quoted(token, 20)}: {error.reason.value}: {error.message}",
                    line=line,
                    token=count,
                    cause=error.reason,
                ) from None


def _end(lines: _Lines) -> None:
    item = lines.peek()
    if item is not None:  # pragma: no cover - _deal reads to the end
        raise RecordError(f"line {item[0]}: unexpected {quoted(item[1])}", line=item[0])


def loads(text: str) -> GameState:
    """Replay a deal record (:func:`dumps`) through the rules.

    >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
    >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
    >>> for text in "pass pass XXI XX".split():
    ...     state = state.apply(parse_action(text))
    >>> text = dumps(state)
    >>> loads(text) == state
    True
    >>> try:
    ...     loads(text.replace("XXI XX", "XX XXI"))     # seat 1 leads, and the XX is seat 0's
    ... except RecordError as error:
    ...     print(error.line, error.token, error.cause.value)
    6 3 card_not_available

    :raises RecordError: (a :class:`~strohmandeln.SerializationError` with reason
        ``invalid_record``) naming the line, the first bad token's number and why.
    """
    lines = _Lines(text)
    _magic(lines, _DEAL_MAGIC)
    rules = _rules(lines)
    state = _deal(lines, rules)
    _end(lines)
    return state


def loads_match(text: str) -> Any:
    """Replay a match record (:func:`dumps_match`): every deal, recorded into a
    :class:`~strohmandeln.Match` (which checks the dealers and rescores).

    >>> from strohmandeln import CLASSIC, Fold, Match, deal
    >>> folded = deal(CLASSIC, dealer=0, rng=842).apply(Fold())     # seat 1 had no tarock (R7)
    >>> match = Match.start(CLASSIC, first_dealer=0).record(folded)
    >>> loaded = loads_match(dumps_match(match))
    >>> loaded == match, loaded.deals[0].void_reason.value
    (True, 'folded')

    Loading takes time linear in the number of deals (:meth:`Match.record_all
    <strohmandeln.Match.record_all>`).

    :raises RecordError: naming the deal, the line and the bad token; with reason ``too_large``
        for a record of more than ``MAX_MATCH_RECORD`` (8,000,000) characters or more than
        ``serialization.MAX_DEALS`` (10,000) deals (the bound of a match document),
        refused before any deal is replayed.
    """
    lines = _Lines(text, MAX_MATCH_RECORD)
    _magic(lines, _MATCH_MAGIC)
    rules = _rules(lines)
    match = Match.start(rules, first_dealer=_seat(lines, _FIRST_DEALER))
    # At most MAX_DEALS deals, as in a match document; refused before any is replayed.
    headers = [number for number, body in lines.items[lines.pos :] if body.partition(" ")[0] == _DEAL]
    if len(headers) > MAX_DEALS:
        line = headers[MAX_DEALS]
        raise RecordError(f"line {line}: a match record holds at most {MAX_DEALS} deals", line=line, reason=Reason.TOO_LARGE)
    expected = number = 0

    def states() -> Iterator[GameState]:  # (replayed one by one as the match records them)
        nonlocal expected, number
        while lines.peek() is not None:
            expected += 1
            number, value = lines.take(_DEAL)
            if value != str(expected):
                raise RecordError(f"line {number}: expected 'deal {expected}'", line=number)
            try:
                yield _deal(lines, rules, stop=_DEAL)
            except RecordError as error:
                raise RecordError(
                    f"deal {expected}, {error.message}", line=error.line, token=error.token, cause=error.cause, reason=error.reason
                ) from None

    try:
        return match.record_all(states())
    except StateError as error:
        raise RecordError(f"deal {expected} (line {number}): {error.message}", line=number, cause=error.reason) from None
