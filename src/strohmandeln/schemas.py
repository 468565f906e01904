"""JSON Schemas (draft 2020-12) of every document the library writes.

:mod:`strohmandeln.serialization` writes rule sets, actions, states, views, deal results and
matches as JSON documents, and :meth:`StrohmandelnError.to_dict
<strohmandeln.errors.StrohmandelnError.to_dict>` writes a server's error reply. A client written
in another language, or a server that checks a document before it loads it, can validate them
with these schemas and any JSON Schema validator. The schemas are built here from the library's
own values — its cards, enumerations, presets, rule-set fields and the loaders' limits — so they
cannot drift from what the library writes; the test suite validates the library's output over
random deals of every preset against them with an independent validator (``jsonschema``), and
checks that documents the loaders refuse for their shape are refused by the schemas too.

:func:`schema` returns one schema as a new ``dict`` (change it as you like); :func:`dumps` as
JSON text, for a file of your own. Nothing is read or written: the schemas are built from Python
values.

>>> from strohmandeln import schemas
>>> schemas.NAMES
('rules', 'action', 'state', 'view', 'result', 'match', 'session', 'error', 'move', 'accepted', 'refusal', 'news')
>>> doc = schemas.schema("action")
>>> doc["$schema"], doc["required"]
('https://json-schema.org/draft/2020-12/schema', ['format', 'type', 'action'])
>>> schemas.schema("state")["properties"]["actions"]["maxItems"]
256

A schema checks a document's *shape*: its fields, their types, enumerations, card and action
notation, the ranges of its numbers and the lengths of its lists and strings. It cannot replay a
deal: whether the actions are legal, whether a view is one some deal produces, whether a result
adds up — the loaders check that (see the page :doc:`/schemas` of the documentation).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any, Final

import attrs

from . import errors, messages, news
from ._base import args, checked, ids
from .actions import Announcement, Double, Fold, Keep, NoDouble, Pass, Take
from .cards import DECK_54
from ._core.declared import ACTION, MATCH, POSITION, STATE, VIEW, enum, integer, listed, obj, or_null, pair, ref
from ._core.documents import ActionsKind
from .match import Standing
from .presets import PRESETS, RulesKind, rules_ref
from .results import DealResult, Lines, OneOf
from .session import DOCUMENT_FIELDS, OPTIONAL_FIELDS
from .rules import Bonus, Deck, RuleSet, ScoringTable
from .table import Phase

__all__ = ["DIALECT", "NAMES", "dumps", "schema"]

#: The JSON Schema dialect of every schema: draft 2020-12.
DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"
#: The names of the schemas: the ``"type"`` of each document, and ``"error"`` for an error reply.
NAMES: Final = ("rules", "action", "state", "view", "result", "match", "session", "error", "move", "accepted", "refusal", "news")

Schema = dict[str, Any]

# ---------------------------------------------------------------------------------------------
# Building blocks


_ref, _or_null, _integer, _list, _pair, _enum, _object = ref, or_null, integer, listed, pair, enum, obj


# The notation patterns are ECMA-262 regular expressions, anchored (^…$) as JSON Schema has them
# (a validator that runs them with Python's re also lets "$" match before a final line break).

#: The canonical notation of a card (the ``str`` of every card of the 54-card pack).
_CARD_PATTERN: Final = r"(?:I{1,4}|VI{0,3}|IX|XI{0,3}|XIV|XVI{0,3}|XIX|XXI?|Sküs|[♣♠](?:[789]|10|[JCQK])|[♥♦][1-4JCQK])"
#: A play in canonical notation: a card, its announcements (Trull before Kings) and a call.
_ANY_PLAY_PATTERN: Final = rf"^{_CARD_PATTERN}(?:\+trull)?(?:\+kings)?(?:!(?:ross|topschin))?$"
#: A play some rules allow: a Rostopschin call only on XVII (Ross) and XVIII (Topschin) (R18).
_PLAY_PATTERN: Final = (
    rf"^(?:{_CARD_PATTERN}(?:\+trull)?(?:\+kings)?|XVII(?:\+trull)?(?:\+kings)?!ross|XVIII(?:\+trull)?(?:\+kings)?!topschin)$"
)

#: The tricks of a deal with each pack (R15).
_TRICKS: Final = {deck: deck.trick_count for deck in Deck}
_DEFAULT_DECK: Final = attrs.fields(RuleSet).deck.default


def _preset_refs(names: list[str]) -> list[str]:
    """The references of these presets in a document: pinned (what the library writes) and bare."""
    return [*(str(rules_ref(PRESETS[name])) for name in names), *names]


def _is_deck(deck: Deck) -> Schema:
    """A rule set in a document (a preset's reference or a rule set in full) on ``deck``."""
    names = _preset_refs([name for name, rules in PRESETS.items() if rules.deck is deck])
    full: Schema = {"type": "object", "properties": {"deck": {"const": deck.value}}}
    if deck is not _DEFAULT_DECK:
        full["required"] = ["deck"]
    return {"anyOf": [_enum(names), full]} if names else full


def _deck_card(deck: Deck) -> str:
    """The definition of a card of ``deck``: ``card`` for the whole pack, else its own."""
    return "card" if deck.cards == DECK_54 else f"card_of_{deck.value}"


def _cards_of(deck: Deck) -> Callable[[], Schema]:
    return lambda: _enum([str(card) for card in deck.cards])


def _by_deck(field: str, then: Callable[[Deck], Schema]) -> list[Schema]:
    """For each pack, what a document whose rule set (at ``field``) plays with it must hold."""
    return [{"if": {"properties": {field: _is_deck(deck)}, "required": [field]}, "then": then(deck)} for deck in Deck]


# ---------------------------------------------------------------------------------------------
# Rule sets: read from the fields of RuleSet and ScoringTable, each of which declares its kind


def _kind(kind: checked.Kind) -> Schema:
    """The schema of one field of a rule set, by its kind."""
    if isinstance(kind, checked.Choice):
        return _enum([member.value for member in kind.choices])
    if isinstance(kind, checked.Flag):
        return {"type": "boolean"}
    if isinstance(kind, checked.Whole):
        whole = _integer(kind.lo, kind.hi)
        if kind.lo == 0 and kind.hi == 1 and kind.unit == "seat":
            return _ref("seat_or_null") if kind.optional else _ref("seat")
        return {**whole, "type": ["integer", "null"]} if kind.optional else whole
    if isinstance(kind, checked.Text):
        return {"type": "string", **({"minLength": kind.shortest} if kind.shortest else {}), "maxLength": kind.longest}
    if isinstance(kind, Lines):
        return _list(_fields(kind.cls), kind.most)
    if isinstance(kind, checked.Nested):
        return _fields(kind.cls)
    if isinstance(kind, checked.Pair):
        return _pair(_kind(kind.item))
    if isinstance(kind, ids.Ident):
        return {"type": "string", "pattern": ids.ID_PATTERN}
    if isinstance(kind, checked.Hex):
        return {"type": "string", "pattern": f"^(?:[0-9a-f]{{2}}){{{kind.shortest},{kind.longest}}}$"}
    if isinstance(kind, OneOf):
        return _or_null(_enum(kind.values)) if kind.optional else _enum(kind.values)
    if isinstance(kind, RulesKind):
        return _ref("rules")
    if isinstance(kind, ActionsKind):
        return _actions()
    if isinstance(kind, checked.Counts):
        return _object({key.value: _integer(kind.lo, kind.hi) for key in kind.keys}, required=())
    raise TypeError(f"no schema for the field kind {type(kind).__name__}")  # pragma: no cover - every kind is above


def _fields(cls: type[Any]) -> Schema:
    """The object of a class whose fields declare their kinds (the loader's :func:`from_fields`)."""
    required, _ = checked.document_fields(cls)
    return _object({checked.key_of(f): _kind(checked.kind_of(f)) for f in attrs.fields(cls)}, required=required)


def _deck_limits(deck: Deck) -> Schema:
    """What a rule set on ``deck`` must hold: thresholds in card points between the deck's winning
    points and its total (R3, R22) and only bonuses whose cards the deck has (R4)."""
    thresholds: dict[str, Schema] = {}
    for field in attrs.fields(ScoringTable):
        kind = checked.kind_of(field)
        if isinstance(kind, checked.Whole) and kind.unit == "card points":
            thresholds[field.name] = {"minimum": deck.winning_points, "maximum": deck.total_points}
    bonuses = [b.value for b in Bonus if all(card in deck.cards for card in b.required_cards)]
    scoring = {"properties": {**thresholds, "bonuses": {"propertyNames": _enum(bonuses)}}}
    return {"properties": {"scoring": scoring}}


def _rule_set() -> Schema:
    """A rule set in full: :meth:`RuleSet.to_dict`, or a rules document (with ``format`` and
    ``type``, which the loaders accept wherever a rule set stands)."""
    body = _fields(RuleSet)
    body["properties"] = {"format": {"const": checked.FORMAT}, "type": {"const": "rules"}, **body["properties"]}
    body["dependentRequired"] = {"format": ["type"], "type": ["format"]}
    body["allOf"] = [
        {"if": {"properties": {"deck": {"const": deck.value}}, **({} if deck is _DEFAULT_DECK else {"required": ["deck"]})}, "then": _deck_limits(deck)}
        for deck in Deck
    ]
    return body


# ---------------------------------------------------------------------------------------------
# The definitions the documents share; each schema carries those it uses under "$defs"


def _result() -> Schema:
    """A deal's result: read from the fields of DealResult and ScoreLine, each of which declares
    its kind."""
    return _fields(DealResult)


def _position() -> Schema:
    return POSITION.schema()


_DEFS: Final[dict[str, Callable[[], Schema]]] = {
    "seat": lambda: _integer(0, 1),
    "seat_or_null": lambda: _or_null(_ref("seat")),
    "card": lambda: {
        "type": "string",
        "pattern": f"^{_CARD_PATTERN}$",
        "description": "a card: the tarocks I, II, III, IIII, V … XXI, Sküs; ♣ and ♠ 7, 8, 9, 10, J, C, Q, K; ♥ and ♦ 4, 3, 2, 1, J, C, Q, K",
    },
    **{_deck_card(deck): _cards_of(deck) for deck in Deck if _deck_card(deck) != "card"},
    "action": lambda: {
        "anyOf": [_ref("decision"), {"type": "string", "pattern": _ANY_PLAY_PATTERN}],
        "description": "an action in notation: a decision, or a card with its announcements and a call",
    },
    "decision": lambda: _enum([str(a) for a in (Take(), Pass(), Fold(), Keep(), Double(), NoDouble())]),
    "play": lambda: {"type": "string", "pattern": _PLAY_PATTERN, "description": "a play that some rules allow (R17, R18)"},
    "announcement": lambda: _enum([a.value for a in Announcement]),
    "multiplier": lambda: {**_integer(1, checked.MAX_MULTIPLIER), "description": "the deal's stakes (R26), written when not 1"},
    "rules": lambda: {
        "anyOf": [{**_enum(_preset_refs(list(PRESETS))), "description": "a preset's name, pinned to its digest (name@digest)"}, _ref("rule_set")]
    },
    "rule_set": _rule_set,
    "result": _result,
    "position": _position,
}


def _refs(value: object) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "$ref" and isinstance(item, str):
                yield item.rpartition("/")[2]
            else:
                yield from _refs(item)
    elif isinstance(value, list):
        for item in value:
            yield from _refs(item)


def _document(name: str, title: str, description: str, body: Schema) -> Schema:
    """A whole schema: its dialect, id and title, the body, and every definition it uses."""
    defs: dict[str, Schema] = {}
    todo = list(_refs(body))
    while todo:
        key = todo.pop()
        if key not in defs:
            defs[key] = _DEFS[key]()
            todo.extend(_refs(defs[key]))
    out = {"$schema": DIALECT, "$id": f"urn:strohmandeln:format-{checked.FORMAT}:{name}", "title": title, "description": description, **body}
    if defs:
        out["$defs"] = {key: defs[key] for key in _DEFS if key in defs}
    return out


def _head(kind: str) -> dict[str, Schema]:
    return {"format": {"const": checked.FORMAT}, "type": {"const": kind}}


def _actions() -> Schema:
    return _list(_ref("action"), checked.MAX_ITEMS)


def _order(deck: Deck) -> Schema:
    """A deck order of ``deck``: each of its cards once (R6)."""
    n = deck.card_count
    return {"properties": {"order": {"minItems": n, "maxItems": n, "items": _ref(_deck_card(deck)), "uniqueItems": True}}}



# ---------------------------------------------------------------------------------------------
# The documents


def _rules_document() -> Schema:
    body: Schema = {"$ref": "#/$defs/rule_set", "required": ["format", "type"]}
    return _document("rules", "A rule set", "serialization.rules_to_dict: a rule set in full.", body)


def _action_document() -> Schema:
    body = ACTION.schema()
    return _document("action", "An action", "serialization.action_to_dict: one action in notation.", body)


def _state_document() -> Schema:
    body = STATE.schema(
        oneOf=[
            {"required": ["dealer", "order"], "not": {"required": ["position"]}},
            {"required": ["position"], "not": {"anyOf": [{"required": ["dealer"]}, {"required": ["order"]}]}},
        ],
        allOf=_by_deck("rules", _order),
    )
    description = "GameState.to_dict: the rule set, the dealer and the deck order (or a position) and the actions."
    return _document("state", "A state", description, body)


def _view_document() -> Schema:
    over = [Phase.FINISHED.value, Phase.VOID.value]

    def by_deck(deck: Deck) -> Schema:
        n = _TRICKS[deck]
        return {"properties": {"tricks": {"maxItems": n}, "events": {"items": {"properties": {"after_trick": {"maximum": n}}}}}}

    body = VIEW.schema(
        allOf=[
            # a spectator holds no hand and has no actions; only a deal that is over has a result
            {"if": {"properties": {"player": {"type": "null"}}}, "then": {"properties": {"hand": {"maxItems": 0}, "legal_actions": {"maxItems": 0}}}},
            {"if": {"not": {"properties": {"phase": _enum(over)}}}, "then": {"not": {"required": ["result"]}}},
            # a position's view says how many set-up tricks were won cards; a dealt one has none
            {
                "if": {"properties": {"dealt": {"const": False}}},
                "then": {"required": ["setup_won"]},
                "else": {"not": {"required": ["setup_won"]}},
            },
            *_by_deck("rules", by_deck),
        ],
    )
    description = "PlayerView.to_dict: what one player (or a spectator) knows; hidden cards are left out or null."
    return _document("view", "A view", description, body)


def _result_document() -> Schema:
    body = _result()
    body["properties"] = {**_head("result"), **body["properties"]}
    body["required"] = ["format", "type", *body["required"]]
    return _document("result", "A deal's result", "serialization.result_to_dict: the score lines and totals of one deal.", body)


def _match_document() -> Schema:
    def by_deck(deck: Deck) -> Schema:
        return {"properties": {"deals": {"items": _order(deck)}}}

    body = MATCH.schema(allOf=_by_deck("rules", by_deck))
    return _document("match", "A match", "serialization.match_to_dict: the rule set, the first dealer and every deal.", body)


def _session_document() -> Schema:
    """A session: the fields of its standing (Standing declares their kinds) and those of its
    own (session.DOCUMENT_FIELDS; the length and the target only when the match has them)."""
    standing = _fields(Standing)
    own = {name: _kind(kind) for name, kind in DOCUMENT_FIELDS.items()}
    own["length"]["description"] = "the deals played that end the match"
    own["target"]["description"] = "the score that ends the match"
    own["match"]["description"] = "the match id the server chose (left out: derived from the secret)"
    required = ["format", "type", *standing["required"], *(k for k in own if k not in OPTIONAL_FIELDS)]
    body = _object({**_head("session"), **standing["properties"], **own}, required=required)
    description = "Session.to_dict: a match on a server, signed with the server's key (the deal in progress as its actions)."
    return _document("session", "A session", description, body)


def _error_document() -> Schema:
    """An error's reply: the fields of every error's (errors.REPLY_FIELDS), and those that only a
    text record's error gives, and always gives (errors.RECORD_REPLY_FIELDS)."""
    common, record = errors.REPLY_FIELDS, errors.RECORD_REPLY_FIELDS
    body = _object(
        {name: piece() for name, (piece, _) in {**common, **record}.items()},
        required=tuple(common),
        allOf=[
            {
                "if": {"properties": {"error": {"const": errors.RECORD_ERROR}}},
                "then": {"required": list(record)},
                "else": {"properties": {name: False for name in record}},
            }
        ],
    )
    return _document("error", "An error reply", "StrohmandelnError.to_dict: a machine-readable refusal.", body)


def _message_id(numbers: bool = False) -> Schema:
    """A match id or a request id of a message (:mod:`strohmandeln.messages`)."""
    text = {"type": "string", "pattern": messages.ID_PATTERN}
    return {"anyOf": [text, _integer(0, messages.MAX_REQUEST_NUMBER)]} if numbers else text


def _move_document() -> Schema:
    body = messages.MOVE_DOCUMENT.schema()
    return _document("move", "A client's move", "messages.Move.to_dict: a move of a seat, for a match and its move number.", body)


def _accepted_document() -> Schema:
    body = messages.ACCEPTED_DOCUMENT.schema()
    return _document("accepted", "An accepted move", "messages.accepted: the reply to an accepted move.", body)


def _refusal_document() -> Schema:
    body = {k: v for k, v in _error_document().items() if k in ("type", "properties", "required", "additionalProperties", "allOf")}
    body["properties"] = {**_head("refusal"), "request_id": _or_null(_message_id(True)), **body["properties"]}
    body["required"] = ["format", "type", "request_id", *body["required"]]
    return _document("refusal", "A refused message", "messages.refusal: an error reply with the request id it answers.", body)


def _news_document() -> Schema:
    view = _view_document()["properties"]
    fields = {"player": view["player"], "since": _integer(0, checked.MAX_ITEMS), **{k: view[k] for k in ("history", "tricks", "events", *news.MOMENT_FIELDS, "result")}}
    body = _object({**_head("news"), **fields}, required=[*_head("news"), *fields][:-1])
    return _document("news", "News of a view", "news.news_since: what a seat learned since a move of the deal.", body)


_BUILDERS: Final[dict[str, Callable[[], Schema]]] = {
    "rules": _rules_document,
    "action": _action_document,
    "state": _state_document,
    "view": _view_document,
    "result": _result_document,
    "match": _match_document,
    "session": _session_document,
    "error": _error_document,
    "move": _move_document,
    "accepted": _accepted_document,
    "refusal": _refusal_document,
    "news": _news_document,
}


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema of the documents named ``name`` (one of :data:`NAMES`), as a new ``dict``.

    >>> view = schema("view")
    >>> view["properties"]["phase"]
    {'enum': ['fold', 'auction', 'doubling', 'play', 'finished', 'void']}
    >>> view["$defs"]["seat"], view["$defs"]["announcement"]
    ({'type': 'integer', 'minimum': 0, 'maximum': 1}, {'enum': ['trull', 'kings']})

    :raises ArgumentTypeError: if ``name`` is not a text.
    :raises ArgumentValueError: with reason ``bad_value`` for another name.
    """
    builder = _BUILDERS.get(args.text(name, "name", 64))
    if builder is None:
        raise args.bad_value("name", f"the name of a schema ({', '.join(NAMES)})", name)
    return builder()


def dumps(name: str) -> str:
    """:func:`schema` as JSON text, indented, card symbols kept: for a file of your own
    (``python -c "from strohmandeln.schemas import dumps; print(dumps('view'))" > view.json``).

    >>> json.loads(dumps("action")) == schema("action")
    True

    :raises ArgumentError: as :func:`schema`.
    """
    return json.dumps(schema(name), ensure_ascii=False, indent=2)
