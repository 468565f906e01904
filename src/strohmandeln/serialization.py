"""JSON-compatible documents for rule sets, actions, states, views, results and matches.

Every document is a ``dict`` of JSON types only (``str``, ``int``, ``bool``, ``None``, ``list``,
``dict``) with a ``"format"`` version (currently ``1``) and a ``"type"``. A *state* is stored as
what determines it — rule set, dealer, deck order and the actions — and loading replays the
actions through the rules, so a loaded state is always a state the rules can reach. A *view*
(:mod:`strohmandeln.views`) is stored with everything the viewer knows; loading it checks that
some deal produces exactly that view. Rule sets appear as a preset's name (``"classic"``) or as
the full :meth:`RuleSet.to_dict <strohmandeln.RuleSet.to_dict>` form.

Loaders are safe for untrusted input: anything malformed, truncated, inconsistent or hostile
(wrong types, unknown cards, duplicate cards, illegal action sequences, huge lengths) raises
:class:`~strohmandeln.SerializationError` with a machine-readable reason — ``malformed_document``,
``unsupported_version``, ``too_large``, or the reason of the rule that was broken (for example
``duplicate_card`` or ``must_follow_suit``) — and a message naming the field.

>>> import strohmandeln as sm
>>> state = sm.deal(sm.CLASSIC, dealer=0, rng=3).apply(sm.Pass())
>>> doc = to_dict(state)
>>> doc["format"], doc["type"], doc["rules"].split("@")[0], doc["actions"]
(1, 'state', 'classic', ['pass'])
>>> from_dict(doc) == state
True
>>> doc["actions"] = ["pass", "XXI"]
>>> try:
...     from_dict(doc)
... except sm.SerializationError as error:
...     print(error.reason.value, "|", error)
wrong_phase | actions[1] 'XXI': XXI is not possible in the auction phase; expected take or pass
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any, Final

from ._base import args, checked, jsontext
from ._core.declared import ACTION, MATCH, MATCH_DEAL
from ._core.documents import dealt_record, replay
from ._core.readers import read_action
from .actions import Action, Double, Fold, Keep, NoDouble, Pass, Play, Take, parse_action
from .errors import SerializationError, StateError, StrohmandelnError
from .knowledge import PlayerView
from .match import Match
from .results import DealResult
from .presets import rules_from_dict
from .rules import RuleSet
from .state import GameState, state_of

__all__ = [
    "FORMAT",
    "action_from_dict",
    "action_to_dict",
    "from_dict",
    "from_json",
    "match_from_dict",
    "match_to_dict",
    "result_from_dict",
    "result_to_dict",
    "rules_from_dict",
    "rules_to_dict",
    "state_from_dict",
    "state_to_dict",
    "to_dict",
    "to_json",
    "view_from_dict",
    "view_to_dict",
]

_fail: Final = checked.fail

#: The version of the documents this module writes and reads.
FORMAT: Final = checked.FORMAT
#: The longest list a document may hold (actions, events, tricks …); a deal has at most 59
#: actions.
MAX_ITEMS: Final = checked.MAX_ITEMS
#: The most deals a match document may hold.
MAX_DEALS: Final = checked.MAX_DEALS
#: The longest notation string (a card, an action, a name) a document may hold.
MAX_TEXT: Final = checked.MAX_TEXT
#: The largest JSON text :func:`from_json` reads by default, in characters: room for a match of
#: :data:`MAX_DEALS` deals (about 6 million); a server should pass its own, smaller limit.
MAX_JSON: Final = checked.MAX_JSON


# --------------------------------------------------------------------------------------------
# Rule sets


def rules_to_dict(rules: RuleSet) -> dict[str, Any]:
    """The full document of a rule set (every field; see :meth:`RuleSet.to_dict <strohmandeln.rules.RuleSet.to_dict>`).

    >>> from strohmandeln import CLASSIC
    >>> rules_from_dict(rules_to_dict(CLASSIC)) == CLASSIC
    True

    :raises ArgumentTypeError: if ``rules`` is not a :class:`~strohmandeln.RuleSet`.
    """
    return {**checked.head("rules"), **args.instance(rules, RuleSet, "rules").to_dict()}


# --------------------------------------------------------------------------------------------
# Actions


def action_to_dict(action: Action) -> dict[str, Any]:
    """An action's document: its notation (``take``, ``XXI``, ``♥K+trull``, ``XVII!ross``).

    >>> action_to_dict(parse_action("XVII!ross"))
    {'format': 1, 'type': 'action', 'action': 'XVII!ross'}

    :raises ArgumentTypeError: if ``action`` is not an action.
    """
    if type(action) not in _ACTION_TYPES:  # (a subclass's attributes and str may say anything)
        raise args.wrong_type("action", "an action", action)
    return ACTION.write(action)


def action_from_dict(data: object) -> Action:
    """The action of an :func:`action_to_dict` document.

    >>> action_from_dict({"format": 1, "type": "action", "action": "♥K+trull"})
    Play(card=Card.parse('♥K'), announcements=frozenset({<Announcement.TRULL: 'trull'>}), call=None)
    >>> action_from_dict(action_to_dict(Pass()))
    Pass()

    :raises SerializationError: if the document is malformed or its action no action.
    """
    d = checked.header(data, "action", *ACTION.keys())
    return read_action(d["action"], "action")


# --------------------------------------------------------------------------------------------
# States and views


def state_to_dict(state: GameState) -> dict[str, Any]:
    """A state's document: rule set, dealer, deck order and actions — or, for a state set up with
    :mod:`strohmandeln.positions`, the position instead of the deck order.

    >>> from strohmandeln import CLASSIC, DECK_54, deal
    >>> doc = state_to_dict(deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()))
    >>> doc["type"], doc["rules"][:8], doc["dealer"], doc["order"][:3], doc["actions"]
    ('state', 'classic@', 0, ['I', 'II', 'III'], ['pass'])

    :raises ArgumentTypeError: if ``state`` is not a :class:`~strohmandeln.GameState`.
    """
    return args.instance(state, GameState, "state").to_dict()


def state_from_dict(data: object, *, dealt_only: bool = False) -> GameState:
    """Rebuild a state by dealing its deck order (or setting up its position, unless
    ``dealt_only``: see :meth:`GameState.from_dict <strohmandeln.GameState.from_dict>`) and
    replaying its actions through the rules.

    >>> from strohmandeln import CLASSIC, DECK_54, deal
    >>> state = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass())
    >>> state_from_dict(state_to_dict(state)) == state
    True
    >>> doc = state_to_dict(state)
    >>> doc["actions"].append("XX")             # seat 1 leads, and the XX is seat 0's
    >>> try:
    ...     state_from_dict(doc)
    ... except SerializationError as error:
    ...     print(error.reason.value)
    card_not_available

    :raises SerializationError: if anything is malformed or an action is illegal (the reason is
        the rule's, e.g. ``must_follow_suit``, and the message names the action).
    """
    return GameState.from_dict(data, dealt_only=dealt_only)


def view_to_dict(view: PlayerView) -> dict[str, Any]:
    """A view's document: everything the viewer knows, ready to send to him (see
    :class:`~strohmandeln.views.PlayerView`). Hidden cards appear as ``null``.

    >>> from strohmandeln import CLASSIC, DECK_54, deal
    >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
    >>> doc = view_to_dict(view)
    >>> doc["type"], doc["player"], doc["phase"], doc["history"]
    ('view', 1, 'play', [[1, 'pass'], [0, 'pass']])
    >>> doc["hand"][:3], doc["known_hands"][0], doc["strohmaenner"][0][0]
    (['I', 'II', 'III'], [], {'face_up': '♠J', 'face_down': 3})

    :raises ArgumentTypeError: if ``view`` is not a :class:`~strohmandeln.views.PlayerView`.
    """
    return args.instance(view, PlayerView, "view").to_dict()


def view_from_dict(data: object, *, dealt_only: bool = False) -> PlayerView:
    """Load a view, checking that some deal produces exactly this view (or some position,
    unless ``dealt_only``).

    The check deals a consistent deck order (:mod:`strohmandeln.sampling`), replays the history
    through the rules and compares every field.

    >>> from strohmandeln import CLASSIC, DECK_54, deal
    >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
    >>> view_from_dict(view_to_dict(view)) == view
    True
    >>> doc = view_to_dict(view)
    >>> doc["hand_sizes"] = [14, 15]             # no deal gives seat 0 fewer cards before a trick
    >>> try:
    ...     view_from_dict(doc)
    ... except SerializationError as error:
    ...     print(error.reason.value)
    malformed_document

    A view of a position (``"dealt": false``, :mod:`strohmandeln.positions`) is checked the same
    way, with a consistent position set up in place of a deck order (one that a deal can give:
    R11, R12, R14 on its set-up); its document also says how many of the set-up tricks its
    position gave as won cards (``"setup_won"``), which tell nothing of R14, unlike tricks given
    card by card.

    :raises SerializationError: if the document is malformed or no deal or position produces it.
    """
    return PlayerView.from_dict(data, dealt_only=dealt_only)


# --------------------------------------------------------------------------------------------
# Results and matches


def result_to_dict(result: DealResult) -> dict[str, Any]:
    """A deal result's document (:meth:`DealResult.to_dict <strohmandeln.scoring.DealResult.to_dict>`
    with ``format`` and ``type``).

    >>> import random
    >>> from strohmandeln import CLASSIC, DECK_54, deal, score
    >>> state, rng = deal(CLASSIC, dealer=0, order=DECK_54), random.Random(1)
    >>> while not state.is_terminal:
    ...     state = state.apply(rng.choice(state.legal_actions()))
    >>> doc = result_to_dict(score(state))
    >>> doc["type"], doc["undertaker"], doc["card_play_winner"], doc["totals"]
    ('result', 1, 0, [3, -3])

    :raises ArgumentTypeError: if ``result`` is not a :class:`~strohmandeln.scoring.DealResult`.
    """
    return {**checked.head("result"), **args.instance(result, DealResult, "result").to_dict()}


def result_from_dict(data: object, rules: RuleSet | None = None) -> DealResult:
    """The :class:`~strohmandeln.scoring.DealResult` of a :func:`result_to_dict` document,
    checked against ``rules`` or the preset it names (:meth:`DealResult.from_dict
    <strohmandeln.scoring.DealResult.from_dict>`).

    >>> import random
    >>> from strohmandeln import CLASSIC, DECK_54, deal, score
    >>> state, rng = deal(CLASSIC, dealer=0, order=DECK_54), random.Random(1)
    >>> while not state.is_terminal:
    ...     state = state.apply(rng.choice(state.legal_actions()))
    >>> result = result_from_dict(result_to_dict(score(state)))
    >>> result == score(state), result.totals
    (True, (3, -3))

    :raises SerializationError: if the document is malformed, inconsistent or not of ``rules``.
    :raises ArgumentTypeError: if ``rules`` is neither ``None`` nor a :class:`~strohmandeln.RuleSet`.
    """
    if rules is not None:
        args.instance(rules, RuleSet, "rules")
    plain = checked.plain_object(data, "document")
    if plain is None:
        raise _fail("document", f"expected an object, not {checked.kind(data)}")
    data = plain
    extra = tuple(k for k in data if k not in ("format", "type"))
    d = checked.header(data, "result", (), tuple(k for k in extra if type(k) is str))
    body = {k: v for k, v in d.items() if k not in ("format", "type")}
    try:
        return DealResult.from_dict(body, rules)
    except SerializationError:
        raise
    except StrohmandelnError as error:
        raise _fail("result", error.message, error.reason) from None


def match_to_dict(match: Match) -> dict[str, Any]:
    """A match's document: the rule set, the first dealer and every deal's deck order and
    actions. Loading replays every deal and rescores the match.

    >>> import random
    >>> from strohmandeln import CLASSIC, DECK_54, deal, score
    >>> state, rng = deal(CLASSIC, dealer=0, order=DECK_54), random.Random(1)
    >>> while not state.is_terminal:
    ...     state = state.apply(rng.choice(state.legal_actions()))
    >>> from strohmandeln import Match
    >>> doc = match_to_dict(Match.start(CLASSIC, first_dealer=0).record(state))
    >>> doc["type"], doc["rules"][:8], doc["first_dealer"], len(doc["deals"])
    ('match', 'classic@', 0, 1)
    >>> sorted(doc["deals"][0])
    ['actions', 'dealer', 'order']

    :raises ArgumentTypeError: if ``match`` is not a :class:`~strohmandeln.Match`.
    """
    return MATCH.write(args.instance(match, Match, "match"))


def match_from_dict(data: object) -> Match:
    """Rebuild a :class:`~strohmandeln.Match` by replaying and recording each of its deals.

    The match is scored by the rules its document holds, never by others: a rule set in full is
    read as written, and a preset's reference is pinned to the digest of the preset's values
    (``"classic@…"``), so a document whose preset has changed since it was written is
    **refused** (``wrong_rules``), never rescored under the preset's new values (a bare name,
    written by hand, means the preset of this release).

    >>> import random
    >>> from strohmandeln import CLASSIC, DECK_54, deal, score
    >>> state, rng = deal(CLASSIC, dealer=0, order=DECK_54), random.Random(1)
    >>> while not state.is_terminal:
    ...     state = state.apply(rng.choice(state.legal_actions()))
    >>> from strohmandeln import Match
    >>> match = Match.start(CLASSIC, first_dealer=0).record(state)
    >>> loaded = match_from_dict(match_to_dict(match))
    >>> loaded == match, loaded.scores
    (True, (3, -3))

    :raises SerializationError: if the document is malformed, its preset has changed
        (``wrong_rules``), or a deal cannot be replayed or recorded (the path names it).
    """
    d = checked.header(data, "match", *MATCH.keys())
    rules = rules_from_dict(d["rules"])
    try:
        match = Match.start(rules, first_dealer=checked.seat(d["first_dealer"], "first_dealer"))
    except StrohmandelnError as error:  # pragma: no cover - checked above
        raise _fail("first_dealer", error.message, error.reason) from None
    raw_deals = checked.items(d["deals"], "deals", MAX_DEALS)
    at = "deals"

    def states() -> Iterator[GameState]:  # (replayed one by one as the match records them)
        nonlocal at
        for i, raw in enumerate(raw_deals):
            at = p = f"deals[{i}]"
            o = checked.obj(raw, p, *MATCH_DEAL.keys())
            first = dealt_record(rules, checked.seat(o["dealer"], f"{p}.dealer"), o["order"], f"{p}.order")
            yield state_of(replay(first, o["actions"], f"{p}.actions"))

    try:
        return match.record_all(states())
    except StateError as error:
        raise _fail(at, error.message, error.reason) from None


# --------------------------------------------------------------------------------------------
# Any document


def to_dict(obj: object) -> dict[str, Any]:
    """The document of a rule set, an action, a state, a view, a deal result or a match.

    >>> from strohmandeln import CLASSIC, DECK_54, deal
    >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
    >>> [to_dict(obj)["type"] for obj in (CLASSIC, Pass(), state, state.view(1))]
    ['rules', 'action', 'state', 'view']
    >>> to_dict(Pass())
    {'format': 1, 'type': 'action', 'action': 'pass'}

    :raises ArgumentTypeError: for a value of any other type.
    """
    if args.is_a(obj, RuleSet):
        return rules_to_dict(obj)  # type: ignore[arg-type]
    if args.is_a(obj, GameState):
        return state_to_dict(obj)  # type: ignore[arg-type]
    if args.is_a(obj, PlayerView):
        return view_to_dict(obj)  # type: ignore[arg-type]
    if args.is_a(obj, DealResult):
        return result_to_dict(obj)  # type: ignore[arg-type]
    if args.is_a(obj, Match):
        return match_to_dict(obj)  # type: ignore[arg-type]
    if type(obj) in _ACTION_TYPES:
        return action_to_dict(obj)  # type: ignore[arg-type]
    raise args.wrong_type("obj", "a rule set, an action, a state, a view, a deal result or a match", obj)


_ACTION_TYPES: Final = (Play, Fold, Keep, Take, Pass, Double, NoDouble)


_LOADERS: Final[dict[str, Callable[[object], Any]]] = {
    "rules": rules_from_dict,
    "action": action_from_dict,
    "state": state_from_dict,
    "view": view_from_dict,
    "result": result_from_dict,
    "match": match_from_dict,
}


def from_dict(data: object, *, dealt_only: bool = False) -> Any:
    """Load any document of this module, by its ``"type"``; ``dealt_only`` refuses a state or
    view of a position (:func:`state_from_dict`, :func:`view_from_dict`; a match's deals are
    always dealt).

    >>> from strohmandeln import CLASSIC, DECK_54, deal
    >>> state = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass())
    >>> from_dict(to_dict(state)) == state, from_dict(to_dict(CLASSIC)) == CLASSIC
    (True, True)
    >>> try:
    ...     from_dict({"format": 1, "type": "card"})
    ... except SerializationError as error:
    ...     print(error)
    type: expected one of rules, action, state, view, result, match

    :raises SerializationError: if the document is malformed, of another type or refused by its
        loader.
    :raises ArgumentTypeError: if ``dealt_only`` is not a ``bool``.
    """
    dealt_only = args.flag(dealt_only, "dealt_only")
    plain = checked.plain_object(data, "document")
    if plain is None:
        raise _fail("document", f"expected an object, not {checked.kind(data)}")
    data = plain
    kind = data.get("type")
    loader = _LOADERS.get(kind) if type(kind) is str else None
    if loader is None:
        if "format" in data and type(data["format"]) is int and data["format"] != FORMAT:
            checked.header(data, "", ())  # reports the unsupported version
        raise _fail("type", f"expected one of {', '.join(_LOADERS)}")
    if dealt_only is True and kind in ("state", "view"):
        return (state_from_dict if kind == "state" else view_from_dict)(data, dealt_only=True)
    return loader(data)


def to_json(obj: object) -> str:
    """:func:`to_dict` as JSON text (UTF-8 card symbols kept).

    >>> to_json(parse_action("♥K+trull"))
    '{"format":1,"type":"action","action":"♥K+trull"}'

    :raises ArgumentTypeError: as :func:`to_dict`.
    """
    return json.dumps(to_dict(obj), ensure_ascii=False, separators=(",", ":"))


def from_json(text: str | bytes, *, max_length: int = MAX_JSON, dealt_only: bool = False) -> Any:
    """Parse JSON text and load the document (:func:`from_dict`, with ``dealt_only``); refuses
    over-long or deeply nested text with :class:`~strohmandeln.SerializationError` instead of
    crashing.

    >>> from strohmandeln import CLASSIC, DECK_54, deal
    >>> state = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass())
    >>> from_json(to_json(state)) == state
    True
    >>> from_json('{"format":1,"type":"action","action":"XXI"}')
    Play(card=Card.parse('XXI'), announcements=frozenset(), call=None)
    >>> try:
    ...     from_json("[" * 100_000)
    ... except SerializationError as error:
    ...     print(error.reason.value, "|", error)
    too_large | document: nested too deeply

    :raises SerializationError: as :func:`from_dict`; ``too_large`` for text longer than
        ``max_length``.
    :raises ArgumentTypeError: if ``max_length`` is not a whole number or ``dealt_only`` not a
        ``bool``.
    :raises ArgumentValueError: if ``max_length`` is negative.
    """
    dealt_only = args.flag(dealt_only, "dealt_only")
    return from_dict(jsontext.parse_json(text, max_length), dealt_only=dealt_only)
