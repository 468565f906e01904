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
>>> doc["format"], doc["type"], doc["rules"], doc["actions"]
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
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from .actions import Action, Announcement, Call, Double, Fold, Keep, NoDouble, Pass, Play, Take, parse_action
from .cards import DECK_54, Card
from .errors import NotationError, Reason, SerializationError, StrohmandelnError
from .rules import (
    MAX_GAME_POINTS,
    PRESETS,
    BothPass,
    Bonus,
    Deck,
    DrawDoubling,
    FirstLead,
    LastCard,
    RuleSet,
    ScoringTable,
    UndertakenDraw,
    ValatReplaces,
)
from .state import ANN_BIT, GameState, Phase, VoidReason

if TYPE_CHECKING:
    from .views import PlayerView

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

#: The version of the documents this module writes and reads.
FORMAT: Final = 1
#: The longest list a document may hold (actions, events, tricks …); a deal has at most 59
#: actions.
MAX_ITEMS: Final = 256
#: The most deals a match document may hold.
MAX_DEALS: Final = 10_000
#: The longest notation string (a card, an action, a name) a document may hold.
MAX_TEXT: Final = 64
#: The largest JSON text :func:`from_json` reads by default, in characters: room for a match of
#: :data:`MAX_DEALS` deals (about 6 million); a server should pass its own, smaller limit.
MAX_JSON: Final = 16_000_000


# --------------------------------------------------------------------------------------------
# Checked readers


def _fail(path: str, message: str, reason: Reason = Reason.MALFORMED_DOCUMENT) -> SerializationError:
    return SerializationError(reason, f"{path}: {message}" if path else message)


def _obj(x: object, path: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    if not isinstance(x, dict):
        raise _fail(path or "document", f"expected an object, not {_kind(x)}")
    if len(x) > len(required) + len(optional):
        unknown = [k for k in x if k not in required and k not in optional]
        raise _fail(path or "document", f"unknown fields {[str(k)[:MAX_TEXT] for k in unknown[:5]]}")
    for k in x:
        if not isinstance(k, str) or (k not in required and k not in optional):
            raise _fail(path or "document", f"unknown field {str(k)[:MAX_TEXT]!r}")
    for k in required:
        if k not in x:
            raise _fail(path or "document", f"missing field {k!r}")
    return x


def _kind(x: object) -> str:
    if x is None:
        return "null"
    return {bool: "a boolean", int: "a number", float: "a number", str: "text", list: "a list", dict: "an object"}.get(
        type(x), type(x).__name__
    )


def _int(x: object, path: str, lo: int, hi: int) -> int:
    if type(x) is not int:
        raise _fail(path, f"expected a whole number, not {_kind(x)}")
    if not lo <= x <= hi:
        raise _fail(path, f"{x if abs(x) < 10**9 else '…'} is not between {lo} and {hi}")
    return x


def _seat(x: object, path: str) -> int:
    return _int(x, path, 0, 1)


def _opt_seat(x: object, path: str) -> int | None:
    return None if x is None else _seat(x, path)


def _bool(x: object, path: str) -> bool:
    if type(x) is not bool:
        raise _fail(path, f"expected true or false, not {_kind(x)}")
    return x


def _str(x: object, path: str, limit: int = MAX_TEXT) -> str:
    if not isinstance(x, str):
        raise _fail(path, f"expected text, not {_kind(x)}")
    if len(x) > limit:
        raise _fail(path, f"text longer than {limit} characters", Reason.TOO_LARGE)
    return x


def _list(x: object, path: str, limit: int = MAX_ITEMS) -> list[Any]:
    if not isinstance(x, list):
        raise _fail(path, f"expected a list, not {_kind(x)}")
    if len(x) > limit:
        raise _fail(path, f"more than {limit} items", Reason.TOO_LARGE)
    return x


def _enum(kind: Any, x: object, path: str) -> Any:
    text = _str(x, path)
    try:
        return kind(text)
    except ValueError:
        allowed = ", ".join(repr(m.value) for m in kind)
        raise _fail(path, f"{text!r} is not one of {allowed}") from None


def _card(x: object, path: str) -> Card:
    text = _str(x, path)
    try:
        return Card.parse(text)
    except NotationError as error:
        raise _fail(path, error.message, error.reason) from None


def _cards(x: object, path: str, limit: int = 54) -> list[Card]:
    return [_card(c, f"{path}[{i}]") for i, c in enumerate(_list(x, path, limit))]


def _action(x: object, path: str) -> Action:
    text = _str(x, path)
    try:
        return parse_action(text)
    except NotationError as error:
        raise _fail(path, error.message, error.reason) from None


def _header(x: object, kind: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    if not isinstance(x, dict):
        raise _fail("document", f"expected an object, not {_kind(x)}")
    if "format" not in x:
        raise _fail("document", "missing field 'format'")
    version = x["format"]
    if type(version) is not int:
        raise _fail("format", f"expected a whole number, not {_kind(version)}")
    if version != FORMAT:
        shown = version if abs(version) < 10**9 else "…"
        raise _fail("format", f"format {shown} is not supported (this library reads format {FORMAT})", Reason.UNSUPPORTED_VERSION)
    d = _obj(x, "document", ("format", "type", *required), optional)
    if d["type"] != kind:
        raise _fail("type", f"expected {kind!r}, not {str(d['type'])[:MAX_TEXT]!r}")
    return d


def _head(kind: str) -> dict[str, Any]:
    return {"format": FORMAT, "type": kind}


# --------------------------------------------------------------------------------------------
# Rule sets


def _rules_ref(rules: RuleSet) -> str | dict[str, Any]:
    """A preset's name, or the full form of any other rule set."""
    preset = PRESETS.get(rules.name)
    return rules.name if preset is not None and preset == rules else rules.to_dict()


def rules_to_dict(rules: RuleSet) -> dict[str, Any]:
    """The full document of a rule set (every field; see :meth:`RuleSet.to_dict`).

    >>> from strohmandeln import CLASSIC
    >>> rules_from_dict(rules_to_dict(CLASSIC)) == CLASSIC
    True
    """
    return {**_head("rules"), **rules.to_dict()}


_RULE_FIELDS: Final = ("name", "deck", "first_lead", "fold_without_tarock", "both_pass", "undertaker_doubling", "last_card", "source", "scoring")
_SCORING_FIELDS: Final = (
    "simple_won",
    "simple_won_major",
    "undertaken_won",
    "undertaken_won_major",
    "undertaken_lost",
    "undertaken_lost_major",
    "major_points",
    "defender_major_points",
    "undertaken_draw",
    "bonuses",
    "valat_replaces",
    "draw_doubling",
)
_POINTS: Final = MAX_GAME_POINTS  # (the rule set's own bound)


def rules_from_dict(data: object, path: str = "rules") -> RuleSet:
    """A rule set from a preset's name or a full description (:func:`rules_to_dict`, or
    :meth:`RuleSet.to_dict` without ``format`` and ``type``). Missing options take the
    :class:`~strohmandeln.RuleSet` defaults.

    >>> rules_from_dict("beck").name
    'beck'
    """
    if isinstance(data, str):
        name = _str(data, path)
        preset = PRESETS.get(name)
        if preset is None:
            raise _fail(path, f"no preset named {name!r}; presets: {', '.join(PRESETS)}")
        return preset
    if isinstance(data, dict) and "format" in data:
        d = _header(data, "rules", ("name", "scoring"), _RULE_FIELDS)
    else:
        d = _obj(data, path, ("name", "scoring"), _RULE_FIELDS)
    s = _obj(d["scoring"], f"{path}.scoring", ("simple_won", "undertaken_won", "undertaken_lost"), _SCORING_FIELDS)
    sp = f"{path}.scoring"
    table: dict[str, Any] = {}
    kind: Any
    for key in ("simple_won", "undertaken_won", "undertaken_lost", "major_points", "defender_major_points"):
        if key in s:
            table[key] = _int(s[key], f"{sp}.{key}", 0, _POINTS)
    for key in ("simple_won_major", "undertaken_won_major", "undertaken_lost_major"):
        if key in s:
            table[key] = None if s[key] is None else _int(s[key], f"{sp}.{key}", 0, _POINTS)
    for key, kind in (("undertaken_draw", UndertakenDraw), ("valat_replaces", ValatReplaces), ("draw_doubling", DrawDoubling)):
        if key in s:
            table[key] = _enum(kind, s[key], f"{sp}.{key}")
    if "bonuses" in s:
        raw = s["bonuses"]
        if not isinstance(raw, dict):
            raise _fail(f"{sp}.bonuses", f"expected an object, not {_kind(raw)}")
        if len(raw) > len(Bonus):
            raise _fail(f"{sp}.bonuses", "too many bonuses", Reason.TOO_LARGE)
        table["bonuses"] = {
            _enum(Bonus, name, f"{sp}.bonuses"): _int(value, f"{sp}.bonuses.{str(name)[:MAX_TEXT]}", 0, _POINTS)
            for name, value in raw.items()
        }
    options: dict[str, Any] = {"name": _str(d["name"], f"{path}.name")}
    for key, kind in (("deck", Deck), ("first_lead", FirstLead), ("both_pass", BothPass), ("last_card", LastCard)):
        if key in d:
            options[key] = _enum(kind, d[key], f"{path}.{key}")
    for key in ("fold_without_tarock", "undertaker_doubling"):
        if key in d:
            options[key] = _bool(d[key], f"{path}.{key}")
    if "source" in d:
        options["source"] = _str(d["source"], f"{path}.source", 1000)
    try:
        return RuleSet(scoring=ScoringTable(**table), **options)
    except StrohmandelnError as error:
        raise _fail(path, error.message, error.reason) from None


# --------------------------------------------------------------------------------------------
# Actions


def action_to_dict(action: Action) -> dict[str, Any]:
    """An action's document: its notation (``take``, ``XXI``, ``♥K+trull``, ``XVII!ross``).

    >>> action_to_dict(parse_action("XVII!ross"))
    {'format': 1, 'type': 'action', 'action': 'XVII!ross'}
    """
    return {**_head("action"), "action": str(action)}


def action_from_dict(data: object) -> Action:
    """The action of an :func:`action_to_dict` document.

    >>> action_from_dict({"format": 1, "type": "action", "action": "♥K+trull"})
    Play(card=Card.parse('♥K'), announcements=frozenset({<Announcement.TRULL: 'trull'>}), call=None)
    >>> action_from_dict(action_to_dict(Pass()))
    Pass()
    """
    d = _header(data, "action", ("action",))
    return _action(d["action"], "action")


# --------------------------------------------------------------------------------------------
# States


def state_to_dict(state: GameState) -> dict[str, Any]:
    """A state's document: rule set, dealer, deck order and actions — or, for a state set up with
    :mod:`strohmandeln.positions`, the position instead of the deck order.

    >>> from strohmandeln import CLASSIC, DECK_54, deal
    >>> doc = state_to_dict(deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()))
    >>> doc["type"], doc["rules"], doc["dealer"], doc["order"][:3], doc["actions"]
    ('state', 'classic', 0, ['I', 'II', 'III'], ['pass'])
    """
    doc = {**_head("state"), "rules": _rules_ref(state.rules)}
    if state.order is None:
        from .positions import Position

        doc["position"] = _position_to_dict(Position.of(state))
    else:
        doc["dealer"] = state.dealer
        doc["order"] = [str(c) for c in state.order]
    doc["actions"] = [str(a) for a in state.history]
    return doc


def state_from_dict(data: object) -> GameState:
    """Rebuild a state by dealing its deck order (or setting up its position) and replaying its
    actions through the rules.

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
    d = _header(data, "state", ("rules", "actions"), ("dealer", "order", "position"))
    rules = rules_from_dict(d["rules"])
    if "position" in d:
        if "order" in d or "dealer" in d:
            raise _fail("document", "give a position or a dealer and a deck order, not both")
        state = _position_from_dict(d["position"], rules)
    else:
        if "order" not in d or "dealer" not in d:
            raise _fail("document", "missing field 'order' or 'dealer'")
        state = _deal(rules, _seat(d["dealer"], "dealer"), d["order"], "order")
    return _replay(state, d["actions"], "actions")


def _deal(rules: RuleSet, dealer: int, order: object, path: str) -> GameState:
    from .dealing import deal

    cards = _cards(order, path, 64)
    try:
        return deal(rules, dealer=dealer, order=cards)
    except StrohmandelnError as error:
        raise _fail(path, error.message, error.reason) from None


def _replay(state: GameState, actions: object, path: str) -> GameState:
    for i, raw in enumerate(_list(actions, path)):
        action = _action(raw, f"{path}[{i}]")
        try:
            state = state.apply(action)
        except StrohmandelnError as error:
            raise _fail(f"{path}[{i}] {str(raw)!r}", error.message, error.reason) from None
    return state


_POSITION_FIELDS: Final = ("hands", "strohmaenner", "won", "leader", "dealer", "undertaker", "doubled", "announcements")


def _position_to_dict(position: Any) -> dict[str, Any]:
    return {
        "hands": [[str(c) for c in h] for h in position.hands],
        "strohmaenner": [[[str(c) for c in pile] for pile in piles] for piles in position.strohmaenner],
        "won": [[str(c) for c in w] for w in position.won],
        "tricks": [[leader, str(a), str(b)] for leader, a, b in position.tricks],
        "leader": position.leader,
        "dealer": position.dealer,
        "undertaker": position.undertaker,
        "doubled": position.doubled,
        "announcements": [sorted(a.value for a in anns) for anns in position.announcements],
    }


def _trick_card(x: object, path: str) -> Card | Play:
    """A card of a set-up trick: its notation, or a play's with a Rostopschin call (R18)."""
    text = _str(x, path)
    if "!" not in text:
        return _card(text, path)
    play = _action(text, path)
    if not isinstance(play, Play) or play.announcements:
        raise _fail(path, f"expected a card or a card with a call, not {text[:40]!r}")
    return play


def _position_from_dict(data: object, rules: RuleSet) -> GameState:
    from .positions import Position

    d = _obj(data, "position", _POSITION_FIELDS, ("tricks",))
    tricks = []
    for i, t in enumerate(_list(d.get("tricks", []), "position.tricks", 64)):
        item = _list(t, f"position.tricks[{i}]", 3)
        if len(item) != 3:
            raise _fail(f"position.tricks[{i}]", "expected [leader, led card, followed card]")
        tricks.append((_seat(item[0], f"position.tricks[{i}][0]"), _trick_card(item[1], f"position.tricks[{i}][1]"), _trick_card(item[2], f"position.tricks[{i}][2]")))
    hands = _list(d["hands"], "position.hands", 2)
    won = _list(d["won"], "position.won", 2)
    piles = _list(d["strohmaenner"], "position.strohmaenner", 2)
    anns = _list(d["announcements"], "position.announcements", 2)
    if not len(hands) == len(won) == len(piles) == len(anns) == 2:
        raise _fail("position", "give hands, won, strohmaenner and announcements for two seats")
    announcements = []
    for s in (0, 1):
        got = set()
        for i, a in enumerate(_list(anns[s], f"position.announcements[{s}]", 2)):
            got.add(_enum(Announcement, a, f"position.announcements[{s}][{i}]"))
        announcements.append(frozenset(got))
    try:
        return Position(
            rules=rules,
            hands=(_cards(hands[0], "position.hands[0]"), _cards(hands[1], "position.hands[1]")),
            strohmaenner=tuple(
                tuple(_cards(p, f"position.strohmaenner[{s}][{k}]", 8) for k, p in enumerate(_list(piles[s], f"position.strohmaenner[{s}]", 3)))
                for s in (0, 1)
            ),
            won=(_cards(won[0], "position.won[0]"), _cards(won[1], "position.won[1]")),
            tricks=tuple(tricks),
            leader=_seat(d["leader"], "position.leader"),
            dealer=_seat(d["dealer"], "position.dealer"),
            undertaker=_opt_seat(d["undertaker"], "position.undertaker"),
            doubled=_bool(d["doubled"], "position.doubled"),
            announcements=(announcements[0], announcements[1]),
        ).state()
    except StrohmandelnError as error:
        raise _fail("position", error.message, error.reason) from None


# --------------------------------------------------------------------------------------------
# Views

_VIEW_FIELDS: Final = (
    "rules",
    "dealer",
    "player",
    "dealt",
    "phase",
    "current_player",
    "undertaker",
    "doubled",
    "void_reason",
    "history",
    "tricks",
    "current_trick",
    "events",
    "hand",
    "hand_sizes",
    "known_hands",
    "strohmaenner",
    "announcements",
    "legal_actions",
)


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
    """
    current = None
    if view._lead >= 0:
        play = view.current_trick[0]
        current = {"leader": view.leader, "play": str(play), "from_strohmann": bool(view._lead >> 6 & 1)}
    return {
        **_head("view"),
        "rules": _rules_ref(view.rules),
        "dealer": view.dealer,
        "player": view.player,
        "dealt": view.dealt,
        "phase": view.phase.value,
        "current_player": view.current_player,
        "undertaker": view.undertaker,
        "doubled": view.doubled,
        "void_reason": None if view.void_reason is None else view.void_reason.value,
        "history": [[seat, str(action)] for seat, action in zip(view.actors, view.history)],
        "tricks": [
            {
                "leader": t.leader,
                "plays": [str(t.plays[0]), str(t.plays[1])],
                "from_strohmann": list(t.from_strohmann),
                "winner": t.winner,
            }
            for t in view.tricks
        ],
        "current_trick": current,
        "events": [
            {
                "player": e.player,
                "strohmann": e.strohmann,
                "card": None if e.card is None else str(e.card),
                "to_hand": e.to_hand,
                "hidden": e.hidden,
                "after_trick": e.after_trick,
            }
            for e in view.events
        ],
        "hand": [str(c) for c in view.hand],
        "hand_sizes": [view.hand_size(0), view.hand_size(1)],
        "known_hands": [[str(c) for c in view.known_hand(s)] for s in (0, 1)],
        "strohmaenner": [
            [{"face_up": None if p.face_up is None else str(p.face_up), "face_down": p.face_down} for p in view.strohmaenner(s)]
            for s in (0, 1)
        ],
        "announcements": [sorted(a.value for a in view.announcements(s)) for s in (0, 1)],
        "legal_actions": [str(a) for a in view.legal_actions()],
    }


_CALL_CODE: Final = {None: 0, Call.ROSS: 1, Call.TOPSCHIN: 2}


def _play_info(play: Play, from_strohmann: bool) -> int:
    bits = (Announcement.TRULL in play.announcements) | (Announcement.FOUR_KINGS in play.announcements) << 1
    return int(from_strohmann) | bits << 1 | _CALL_CODE[play.call] << 3


def view_from_dict(data: object) -> PlayerView:
    """Load a view, checking that some deal produces exactly this view.

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
    way, with a consistent position set up in place of a deck order.

    :raises SerializationError: if the document is malformed or no deal or position produces it.
    """
    from . import _engine as E
    from .sampling import CHECK_BUDGET, _generator, _model, _PositionModel
    from .views import HIDDEN_CARD, PlayerView  # noqa: F811

    d = _header(data, "view", _VIEW_FIELDS)
    rules = rules_from_dict(d["rules"])
    dealer = _seat(d["dealer"], "dealer")
    player = _opt_seat(d["player"], "player")
    dealt = _bool(d["dealt"], "dealt")
    phase = _enum(Phase, d["phase"], "phase")
    turn = _opt_seat(d["current_player"], "current_player")
    undertaker = _opt_seat(d["undertaker"], "undertaker")
    doubled = _bool(d["doubled"], "doubled")
    void = None if d["void_reason"] is None else _enum(VoidReason, d["void_reason"], "void_reason")
    seats: list[int] = []
    hist: Any = None
    for i, item in enumerate(_list(d["history"], "history")):
        pair = _list(item, f"history[{i}]", 2)
        if len(pair) != 2:
            raise _fail(f"history[{i}]", "expected [seat, action]")
        seats.append(_seat(pair[0], f"history[{i}][0]"))
        hist = (hist, _action(pair[1], f"history[{i}][1]"))
    tricks: Any = None
    raw_tricks = _list(d["tricks"], "tricks", rules.deck.trick_count)
    for i, t in enumerate(raw_tricks):
        p = f"tricks[{i}]"
        o = _obj(t, p, ("leader", "plays", "from_strohmann", "winner"))
        plays = _list(o["plays"], f"{p}.plays", 2)
        flags = _list(o["from_strohmann"], f"{p}.from_strohmann", 2)
        if len(plays) != 2 or len(flags) != 2:
            raise _fail(p, "a trick has two plays")
        a, b = (_action(x, f"{p}.plays[{k}]") for k, x in enumerate(plays))
        if not isinstance(a, Play) or not isinstance(b, Play):
            raise _fail(p, "a trick holds plays of cards")
        fa, fb = (_bool(x, f"{p}.from_strohmann[{k}]") for k, x in enumerate(flags))
        info_a, info_b = _play_info(a, fa), _play_info(b, fb)
        leader = _seat(o["leader"], f"{p}.leader")
        winner = _seat(o["winner"], f"{p}.winner")
        tricks = (tricks, leader | a.card.index << 1 | b.card.index << 7 | winner << 13 | info_a << 14 | info_b << 19)
    lead = -1
    if d["current_trick"] is not None:
        o = _obj(d["current_trick"], "current_trick", ("leader", "play", "from_strohmann"))
        play = _action(o["play"], "current_trick.play")
        if not isinstance(play, Play):
            raise _fail("current_trick.play", "expected a play of a card")
        _seat(o["leader"], "current_trick.leader")
        lead = play.card.index | _play_info(play, _bool(o["from_strohmann"], "current_trick.from_strohmann")) << 6
    events: list[int] = []
    for i, e in enumerate(_list(d["events"], "events", 64)):
        p = f"events[{i}]"
        o = _obj(e, p, ("player", "strohmann", "card", "to_hand", "hidden", "after_trick"))
        card = HIDDEN_CARD if o["card"] is None else _card(o["card"], f"{p}.card").index
        events.append(
            _seat(o["player"], f"{p}.player")
            | _int(o["strohmann"], f"{p}.strohmann", 0, 2) << 1
            | card << 3
            | _bool(o["to_hand"], f"{p}.to_hand") << 9
            | _bool(o["hidden"], f"{p}.hidden") << 10
            | _int(o["after_trick"], f"{p}.after_trick", 0, rules.deck.trick_count) << 11
        )
    hand = 0
    for c in _cards(d["hand"], "hand", 32):
        hand |= 1 << c.index
    asked = -1
    for action, seat in zip(E.walk(hist), seats):
        if isinstance(action, (Fold, Keep)):
            asked = seat
            break
    else:
        if phase is Phase.FOLD and turn is not None:
            asked = turn
    # A position's view: its set-up tricks are those before the plays of its history; its
    # Strohmänner and set-up announcements are the document's (R17).
    setup = calls = 0
    piles: tuple[tuple[int, int], ...] = ()
    sizes = (0, 0)
    if not dealt:
        n_plays = len(seats)
        if any(not isinstance(action, Play) for action in E.walk(hist)):
            raise _fail("history", "a position's history holds only plays")
        played = n_plays - (lead >= 0)
        setup = len(raw_tricks) - played // 2
        if played % 2 or setup < 0:
            raise _fail("history", "the plays do not match the tricks")
        pile_list: list[tuple[int, int]] = []
        for s, seat_piles in enumerate(_list(d["strohmaenner"], "strohmaenner", 2)):
            for k, pile in enumerate(_list(seat_piles, f"strohmaenner[{s}]", 3)):
                o = _obj(pile, f"strohmaenner[{s}][{k}]", ("face_up", "face_down"))
                top = -1 if o["face_up"] is None else _card(o["face_up"], f"strohmaenner[{s}][{k}].face_up").index
                pile_list.append((top, _int(o["face_down"], f"strohmaenner[{s}][{k}].face_down", 0, rules.deck.card_count)))
        if len(pile_list) != 6:
            raise _fail("strohmaenner", "each seat has three Strohmänner")
        piles = tuple(pile_list)
        raw_sizes = _list(d["hand_sizes"], "hand_sizes", 2)
        if len(raw_sizes) != 2:
            raise _fail("hand_sizes", "expected two hand sizes")
        sizes = (_int(raw_sizes[0], "hand_sizes[0]", 0, 54), _int(raw_sizes[1], "hand_sizes[1]", 0, 54))
        for s, names in enumerate(_list(d["announcements"], "announcements", 2)):
            for i, name in enumerate(_list(names, f"announcements[{s}]", 2)):
                ann = _enum(Announcement, name, f"announcements[{s}][{i}]")
                calls |= ANN_BIT[ann] << (2 * s)
    # A provisional view from the document's own words, to draw a consistent deal from (its
    # plays are those of its tricks and current trick; the replay below checks them all).
    decisions: Any = None
    for action in E.walk(hist):
        if not isinstance(action, Play):
            decisions = (decisions, action)
    view: PlayerView = object.__new__(PlayerView)
    fields = {
        "_player": -1 if player is None else player,
        "_rules": rules,
        "_dealer": dealer,
        "_dealt": dealt,
        "_phase": phase,
        "_turn": -1 if turn is None else turn,
        "_auc": (-1 if undertaker is None else undertaker, doubled, void),
        "_calls": calls,
        "_lead": lead,
        "_ntr": len(raw_tricks),
        "_hist": decisions,
        "_setup": setup,
        "_tricks": tricks,
        "_events": tuple(events),
        "_hand": hand,
        "_tops": (0, 0),
        "_won": (0, 0),
        "_known": (0, 0),
        "_sizes": sizes,
        "_piles": piles,
        "_asked": asked,
        "_legal": (),
        "_cache": {},
    }
    for name, value in fields.items():
        object.__setattr__(view, name, value)
    try:
        model = _model(view, CHECK_BUDGET)  # (a spectator's view: a bounded count)
        places, hands = model.draw(_generator(0))
        if isinstance(model, _PositionModel):
            state = model.build(view, places, hands, True)
        else:
            order = [DECK_54[c] for c in places]
            from .dealing import deal

            state = deal(rules, dealer=dealer, order=order)
            for i, action in enumerate(E.walk(hist)):
                state = state.apply(action)  # type: ignore[arg-type]
        real = state.view(player)
    except StrohmandelnError as error:
        if error.reason is Reason.TOO_LARGE:  # (the bounded count of a spectator's view)
            raise _fail("document", f"too costly to check: {error.message}", error.reason) from None
        raise _fail("document", f"no deal produces this view ({error.message})", error.reason) from None
    except (IndexError, KeyError, ValueError, StopIteration, RecursionError) as error:  # pragma: no cover - defensive
        raise _fail("document", f"no deal produces this view ({type(error).__name__})") from None
    expected = view_to_dict(real)
    for key in expected:
        if key != "rules" and not _same(expected[key], d[key]):
            raise _fail(key, "does not match the rest of the view")
    return real


def _same(ours: object, theirs: object) -> bool:
    """Equality of JSON values that also tells ``1`` from ``true`` and ``1.0`` (recursing only
    as deep as ``ours``)."""
    if type(ours) is not type(theirs):
        return False
    if isinstance(ours, list):
        assert isinstance(theirs, list)
        return len(ours) == len(theirs) and all(_same(a, b) for a, b in zip(ours, theirs))
    if isinstance(ours, dict):
        assert isinstance(theirs, dict)
        return ours.keys() == theirs.keys() and all(_same(v, theirs[k]) for k, v in ours.items())
    return ours == theirs


# --------------------------------------------------------------------------------------------
# Results and matches


def result_to_dict(result: Any) -> dict[str, Any]:
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
    """
    return {**_head("result"), **result.to_dict()}


def result_from_dict(data: object) -> Any:
    """The :class:`~strohmandeln.scoring.DealResult` of a :func:`result_to_dict` document.

    >>> import random
    >>> from strohmandeln import CLASSIC, DECK_54, deal, score
    >>> state, rng = deal(CLASSIC, dealer=0, order=DECK_54), random.Random(1)
    >>> while not state.is_terminal:
    ...     state = state.apply(rng.choice(state.legal_actions()))
    >>> result = result_from_dict(result_to_dict(score(state)))
    >>> result == score(state), result.totals
    (True, (3, -3))
    """
    from .scoring import DealResult

    if not isinstance(data, dict):
        raise _fail("document", f"expected an object, not {_kind(data)}")
    extra = tuple(k for k in data if k not in ("format", "type"))
    d = _header(data, "result", (), tuple(k for k in extra if isinstance(k, str)))
    body = {k: v for k, v in d.items() if k not in ("format", "type")}
    try:
        return DealResult.from_dict(body)
    except SerializationError:
        raise
    except StrohmandelnError as error:
        raise _fail("result", error.message, error.reason) from None
    except (KeyError, TypeError, IndexError, ValueError, AttributeError, RecursionError) as error:
        raise _fail("result", f"malformed result ({type(error).__name__})") from None


def match_to_dict(match: Any) -> dict[str, Any]:
    """A match's document: the rule set, the first dealer and every deal's deck order and
    actions. Loading replays every deal and rescores the match.

    >>> import random
    >>> from strohmandeln import CLASSIC, DECK_54, deal, score
    >>> state, rng = deal(CLASSIC, dealer=0, order=DECK_54), random.Random(1)
    >>> while not state.is_terminal:
    ...     state = state.apply(rng.choice(state.legal_actions()))
    >>> from strohmandeln import Match
    >>> doc = match_to_dict(Match.start(CLASSIC, first_dealer=0).record(state))
    >>> doc["type"], doc["rules"], doc["first_dealer"], len(doc["deals"])
    ('match', 'classic', 0, 1)
    >>> sorted(doc["deals"][0])
    ['actions', 'dealer', 'order']
    """
    deals = []
    for state in match.deals:
        doc = state_to_dict(state)
        del doc["format"], doc["type"], doc["rules"]
        deals.append(doc)
    return {**_head("match"), "rules": _rules_ref(match.rules), "first_dealer": match.first_dealer, "deals": deals}


def match_from_dict(data: object) -> Any:
    """Rebuild a :class:`~strohmandeln.Match` by replaying and recording each of its deals.

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
    """
    from .match import Match

    d = _header(data, "match", ("rules", "first_dealer", "deals"))
    rules = rules_from_dict(d["rules"])
    try:
        match = Match.start(rules, first_dealer=_seat(d["first_dealer"], "first_dealer"))
    except StrohmandelnError as error:  # pragma: no cover - checked above
        raise _fail("first_dealer", error.message, error.reason) from None
    for i, raw in enumerate(_list(d["deals"], "deals", MAX_DEALS)):
        p = f"deals[{i}]"
        o = _obj(raw, p, ("dealer", "order", "actions"))
        state = _replay(_deal(rules, _seat(o["dealer"], f"{p}.dealer"), o["order"], f"{p}.order"), o["actions"], f"{p}.actions")
        try:
            match = match.record(state)
        except StrohmandelnError as error:
            raise _fail(p, error.message, error.reason) from None
    return match


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
    """
    from .match import Match
    from .scoring import DealResult
    from .views import PlayerView

    if isinstance(obj, RuleSet):
        return rules_to_dict(obj)
    if isinstance(obj, GameState):
        return state_to_dict(obj)
    if isinstance(obj, PlayerView):
        return view_to_dict(obj)
    if isinstance(obj, DealResult):
        return result_to_dict(obj)
    if isinstance(obj, Match):
        return match_to_dict(obj)
    if isinstance(obj, (Play, Fold, Keep, Take, Pass, Double, NoDouble)):
        return action_to_dict(obj)
    raise TypeError(f"cannot serialize {type(obj).__name__}")


_LOADERS: Final[dict[str, Callable[[object], Any]]] = {
    "rules": rules_from_dict,
    "action": action_from_dict,
    "state": state_from_dict,
    "view": view_from_dict,
    "result": result_from_dict,
    "match": match_from_dict,
}


def from_dict(data: object) -> Any:
    """Load any document of this module, by its ``"type"``.

    >>> from strohmandeln import CLASSIC, DECK_54, deal
    >>> state = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass())
    >>> from_dict(to_dict(state)) == state, from_dict(to_dict(CLASSIC)) == CLASSIC
    (True, True)
    >>> try:
    ...     from_dict({"format": 1, "type": "card"})
    ... except SerializationError as error:
    ...     print(error)
    type: expected one of rules, action, state, view, result, match
    """
    if not isinstance(data, dict):
        raise _fail("document", f"expected an object, not {_kind(data)}")
    kind = data.get("type")
    loader = _LOADERS.get(kind) if isinstance(kind, str) else None
    if loader is None:
        if "format" in data and type(data["format"]) is int and data["format"] != FORMAT:
            _header(data, "", ())  # reports the unsupported version
        raise _fail("type", f"expected one of {', '.join(_LOADERS)}")
    return loader(data)


def to_json(obj: object) -> str:
    """:func:`to_dict` as JSON text (UTF-8 card symbols kept).

    >>> to_json(parse_action("♥K+trull"))
    '{"format":1,"type":"action","action":"♥K+trull"}'
    """
    return json.dumps(to_dict(obj), ensure_ascii=False, separators=(",", ":"))


def from_json(text: str | bytes, *, max_length: int = MAX_JSON) -> Any:
    """Parse JSON text and load the document (:func:`from_dict`); refuses over-long or deeply
    nested text with :class:`~strohmandeln.SerializationError` instead of crashing.

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
    """
    if type(max_length) is not int or max_length < 0:
        raise TypeError(f"max_length must be a whole number of characters, not {max_length!r:.20}")
    if not isinstance(text, (str, bytes)):
        raise _fail("document", f"expected JSON text, not {_kind(text)}")
    if len(text) > max_length:
        raise _fail("document", f"longer than {max_length} characters", Reason.TOO_LARGE)
    try:
        data = json.loads(text)
    except RecursionError:
        raise _fail("document", "nested too deeply", Reason.TOO_LARGE) from None
    except ValueError as error:
        raise _fail("document", f"not JSON: {str(error)[:80]}") from None
    return from_dict(data)

