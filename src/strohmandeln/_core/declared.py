"""The fields of the action, state, position, view and match documents, each declared once.

Each :class:`Field` says everything of one field of one object of a document: its name, its
JSON Schema piece (its kind and bounds), the format in which it appeared, whether a reader must
find it, and how the writer writes it (an expression of what the object is written from; it
gives :data:`ABSENT` where the field is left out, and a field with a ``default`` is left out at
it: the format policy). A :class:`Document` lists the fields of one object in the order the
writer writes them; from it come the writer (``Document.write``, generated from the fields'
expressions), the readers' field sets (:meth:`Document.keys`, for :func:`._base.checked.header`
and :func:`._base.checked.obj`) and the schema's ``properties`` and ``required``
(:meth:`Document.properties`, :meth:`Document.schema`, read by :mod:`strohmandeln.schemas`; the
TypedDicts are generated from the schemas). The rules that tie one field to another — a state
gives a position *or* a dealer and a deck order, a position's view says how many set-up tricks
were won cards — are the writers' here, the readers' in :mod:`._core.documents` and the
schema's in :mod:`strohmandeln.schemas`.

The rule sets, results, score lines and a session's standing declare their fields on their
classes (:mod:`._base.checked`'s field kinds); this module is for the documents of values that
the kernel packs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Final

from .._base import checked
from ..presets import rules_ref
from ..rules import Deck
from ..table import Phase, VoidReason
from .formats import (
    CARD,
    E_CARD,
    E_HIDDEN,
    E_STROHMANN,
    E_TO_HAND,
    E_TRICK,
    HIDDEN_CARD,
    I_STROHMANN,
    INFO_MASK,
    L_INFO,
    L_STROHMANN,
    T_FOLLOWED,
    T_FOLLOWED_INFO,
    T_LED,
    T_LED_INFO,
    T_WINNER,
    announced,
)
from .history import ANNOUNCEMENTS
from .record import DEAL, walk
from .seen import Seen, decision_seats, events, piles
from .seen import result as result_of_view
from .setup import describe
from .words import CARD_WORDS, PLAY_WORDS, action_word, action_words, card_words, event_objects, history_words, pile_objects, play_word, trick_objects

Schema = dict[str, Any]

#: What a writer gives for a field it leaves out of this document.
ABSENT: Final[Any] = object()

# --- the building blocks of the schema pieces ------------------------------------------------


def ref(name: str) -> Schema:
    """A reference to a definition of :mod:`strohmandeln.schemas` (``seat``, ``card`` …)."""
    return {"$ref": f"#/$defs/{name}"}


def or_null(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


def integer(lo: int, hi: int) -> Schema:
    return {"type": "integer", "minimum": lo, "maximum": hi}


def listed(items: Schema, most: int, *, least: int = 0, unique: bool = False) -> Schema:
    # (the length before the items: a validator that stops at the first error reads no more of
    # an overlong list than its length)
    out: Schema = {"type": "array", **({"minItems": least} if least else {}), "maxItems": most, "items": items}
    if unique:
        out["uniqueItems"] = True
    return out


def pair(item: Schema) -> Schema:
    """A list of exactly two items, one per seat."""
    return listed(item, 2, least=2)


def enum(values: Iterator[str] | list[str] | tuple[str, ...]) -> Schema:
    return {"enum": list(values)}


def obj(properties: dict[str, Schema], required: tuple[str, ...] | list[str] | None = None, **more: Any) -> Schema:
    """An object with these fields and no others; all of them required unless ``required`` says."""
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties if required is None else required),
        "additionalProperties": False,
        **more,
    }


# --- fields and documents --------------------------------------------------------------------


class Field:
    """One field of one object of a document (see the module). ``write`` is the writer's
    expression of the field's value in terms of ``x``, what the object is written from (a
    Python expression over this module's names: the writer of the object is generated from its
    fields' expressions, as fast as a dict written out by hand). ``news`` says what news
    (:mod:`strohmandeln.news`) carries of a view's field in a deal: ``"moment"``, the whole field
    (it describes the moment), ``"grows"``, what it gained (it only grows), or ``""``, nothing (it
    never changes in a deal)."""

    __slots__ = ("name", "schema", "write", "required", "default", "since", "news")

    def __init__(
        self,
        name: str,
        schema: Callable[[], Schema],
        write: str,
        *,
        required: bool = True,
        default: int | None = None,
        since: int = 1,
        news: str = "",
    ) -> None:
        self.name, self.schema, self.write = name, schema, write
        self.required, self.default, self.since, self.news = required, default, since, news

    def but(self, *, required: bool) -> Field:
        """This field, required or not as another object of a document has it."""
        return Field(self.name, self.schema, self.write, required=required, default=self.default, since=self.since, news=self.news)


class Document:
    """The fields of one object of a document, in the order the writer writes them; ``head``: a
    whole document (``format`` and ``type`` first, ``type`` being ``name``); ``let``: the
    assignments, in terms of ``x``, of names that the fields' expressions read (each worked out
    once)."""

    def __init__(self, name: str, fields: tuple[Field, ...], *, head: bool = True, let: tuple[str, ...] = ()) -> None:
        self.name, self.fields, self.head, self.let = name, fields, head, let
        self._keys: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {}
        #: The object of a value: each field's value, but the absent fields (a writer gives
        #: :data:`ABSENT`: a required field's never does) and those at their default.
        self.write: Callable[[Any], dict[str, Any]] = _writer(self, let)

    def keys(self, format_: int = checked.FORMAT) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The fields a reader must find in an object of the format ``format_`` and those it may
        find besides (none that appeared in a later format)."""
        found = self._keys.get(format_)
        if found is None:
            known = [f for f in self.fields if f.since <= format_]
            found = self._keys[format_] = (tuple(f.name for f in known if f.required), tuple(f.name for f in known if not f.required))
        return found

    def properties(self) -> dict[str, Schema]:
        """Each field's schema piece, by name, in order."""
        return {f.name: f.schema() for f in self.fields}

    def schema(self, **more: Any) -> Schema:
        """The object's schema (for a whole document, with ``format`` and ``type``): its fields
        and no others, those a reader must find required; ``more`` adds keywords."""
        head: Schema = {"format": {"const": checked.FORMAT}, "type": {"const": self.name}} if self.head else {}
        required, _ = self.keys()
        return obj({**head, **self.properties()}, required=(*head, *required), **more)


def _writer(document: Document, let: tuple[str, ...]) -> Callable[[Any], dict[str, Any]]:
    """The writer of ``document``, generated from its fields' expressions: a dict of the fields
    up to the first that may be left out, then each field in turn (a field left out is never
    put in, which costs less than taking it out)."""
    fields = document.fields
    first = next((i for i, f in enumerate(fields) if not f.required or f.default is not None), len(fields))
    head = [f'"format": {checked.FORMAT}', f'"type": {document.name!r}'] if document.head else []
    lines = ["def write(x):", *(f"    {line}" for line in let)]
    lines.append(f"    out = {{{', '.join([*head, *(f'{f.name!r}: {f.write}' for f in fields[:first])])}}}")
    for f in fields[first:]:
        if f.required and f.default is None:
            lines.append(f"    out[{f.name!r}] = {f.write}")
            continue
        lines.append(f"    given = {f.write}")
        keep = [*([] if f.required else ["given is not ABSENT"]), *([] if f.default is None else [f"given != {f.default!r}"])]
        lines.append(f"    if {' and '.join(keep)}:")
        lines.append(f"        out[{f.name!r}] = given")
    made: dict[str, Any] = {}
    exec(compile("\n".join([*lines, "    return out"]), f"<the writer of {document.name}>", "exec"), globals(), made)
    writer: Callable[[Any], dict[str, Any]] = made["write"]
    return writer


def _const(schema: Schema) -> Callable[[], Schema]:
    return lambda: schema


_SEAT: Final = _const(ref("seat"))
_SEAT_OR_NULL: Final = _const(ref("seat_or_null"))
_FLAG: Final = _const({"type": "boolean"})
_MOST_TRICKS: Final = max(deck.trick_count for deck in Deck)


def _cards(most: int, *, unique: bool = False) -> Callable[[], Schema]:
    return lambda: listed(ref("card"), most, unique=unique)


def _names(cards: Any) -> list[str]:
    return [CARD_WORDS[card.index] for card in cards]


def _announced(calls: Any) -> list[str]:
    return sorted(a.value for a in calls)


#: The announcements of each pair of announcement bits (R17), as written.
_ANNOUNCED: Final = tuple(tuple(_announced(calls)) for calls in ANNOUNCEMENTS)


# --- actions ---------------------------------------------------------------------------------

ACTION: Final = Document("action", (Field("action", _const(ref("action")), "str(x)"),))


# --- positions (the set-up of a state that was not dealt) ------------------------------------
# (the writers read describe()'s tuple, in its order)

_TRICK_CARD: Final = {"anyOf": [ref("card"), {"enum": ["XVII!ross", "XVIII!topschin"]}]}

POSITION: Final = Document(
    "position",
    (
        Field("hands", _const(pair(listed(ref("card"), 54))), "[_names(h) for h in x[0]]"),
        Field("strohmaenner", _const(pair(listed(listed(ref("card"), 8), 3))), "[[_names(p) for p in ps] for ps in x[1]]"),
        Field("won", _const(pair(listed(ref("card"), 54))), "[_names(w) for w in x[2]]"),
        Field(
            "tricks",
            _const(listed({"type": "array", "minItems": 3, "maxItems": 3, "prefixItems": [ref("seat"), _TRICK_CARD, _TRICK_CARD]}, 64)),
            "[[first, str(a), str(b)] for first, a, b in x[3]]",
            required=False,
        ),
        Field("leader", _SEAT, "x[4]"),
        Field("dealer", _SEAT, "x[5]"),
        Field("undertaker", _SEAT_OR_NULL, "x[6]"),
        Field("doubled", _FLAG, "x[7]"),
        Field("announcements", _const(pair(listed(ref("announcement"), 2))), "[_announced(a) for a in x[8]]"),
    ),
    head=False,
    let=("x = describe(x)",),
)


# --- states (of a record) and the deals of a match -------------------------------------------


#: The names the fields of a record's documents read: its deal and the deal's deck order.
_DEAL_OF_RECORD: Final = ("deal = x[DEAL]", "order = deal.order")
#: A dealt state's dealer and deck order (a position's state has neither), and its actions.
DEALER: Final = Field("dealer", _SEAT, "ABSENT if order is None else deal.dealer", required=False)
ORDER: Final = Field("order", _cards(64), "ABSENT if order is None else _names(order)", required=False)
ACTIONS: Final = Field("actions", _const(listed(ref("action"), checked.MAX_ITEMS)), "action_words(x)")
#: The stakes of a deal (R26), written when not 1 (the documents of plain deals stay as they were).
MULTIPLIER: Final = Field("multiplier", _const(ref("multiplier")), "deal.multiplier", required=False, default=1)
_RULES_REF: Final = _const(ref("rules"))

STATE: Final = Document(
    "state",
    (
        Field("rules", _RULES_REF, "rules_ref(deal.rules)"),
        DEALER,
        ORDER,
        Field("position", _const(ref("position")), "ABSENT if order is not None else POSITION.write(x)", required=False),
        ACTIONS,
        MULTIPLIER,
    ),
    let=_DEAL_OF_RECORD,
)
#: A deal of a match (the record of its state): always dealt, at the match's stakes.
MATCH_DEAL: Final = Document("match_deal", (DEALER.but(required=True), ORDER.but(required=True), ACTIONS), head=False, let=_DEAL_OF_RECORD)


def _deals(match: Any) -> list[dict[str, Any]]:
    return [MATCH_DEAL.write(state._c) for state in match.deals]


#: A match (of :class:`strohmandeln.Match`): its rule set, first dealer and deals.
MATCH: Final = Document(
    "match",
    (
        Field("rules", _RULES_REF, "rules_ref(x.rules)"),
        Field("first_dealer", _SEAT, "x.first_dealer"),
        Field("deals", lambda: listed(MATCH_DEAL.schema(), checked.MAX_DEALS), "_deals(x)"),
    ),
)


# --- views (of a Seen) -----------------------------------------------------------------------

#: A completed trick (of its packed value; the plays' notation by table, :mod:`._core.words`).
TRICK: Final = Document(
    "trick",
    (
        Field("leader", _SEAT, "x & 1"),
        Field("plays", _const(pair(ref("play"))), "[PLAY_WORDS[(x >> T_LED & CARD) << 4 | led >> 1], PLAY_WORDS[(x >> T_FOLLOWED & CARD) << 4 | followed >> 1]]"),
        Field("from_strohmann", _const(pair({"type": "boolean"})), "[led & I_STROHMANN != 0, followed & I_STROHMANN != 0]"),
        Field("winner", _SEAT, "x >> T_WINNER & 1"),
    ),
    head=False,
    let=("led = x >> T_LED_INFO & INFO_MASK", "followed = x >> T_FOLLOWED_INFO & INFO_MASK"),
)
#: The trick being played (of a Seen whose lead is set).
CURRENT_TRICK: Final = Document(
    "current_trick",
    (
        Field("leader", _SEAT, "1 - x.turn"),
        Field("play", _const(ref("play")), "play_word(x.lead & CARD, x.lead >> L_INFO)"),
        Field("from_strohmann", _FLAG, "x.lead & L_STROHMANN != 0"),
    ),
    head=False,
)
#: A Strohmann turn (of its packed event; a card hidden from the viewer is ``null``, and such a
#: turn always went to the hand unseen, R12: :class:`~strohmandeln.views.HiddenTurn`).
EVENT: Final = Document(
    "event",
    (
        Field("player", _SEAT, "x & 1"),
        Field("strohmann", _const(integer(0, 2)), "x >> E_STROHMANN & 3"),
        Field("card", _const({**or_null(ref("card")), "description": "null: taken up unseen (R12)"}), "None if card == HIDDEN_CARD else CARD_WORDS[card]"),
        Field("to_hand", _FLAG, "card == HIDDEN_CARD or x & E_TO_HAND != 0"),
        Field("hidden", _FLAG, "card == HIDDEN_CARD or x & E_HIDDEN != 0"),
        Field("after_trick", _const(integer(0, _MOST_TRICKS)), "x >> E_TRICK"),
    ),
    head=False,
    let=("card = x >> E_CARD & CARD",),
)
#: A Strohmann (of a pair of its top card, or -1, and its face-down count).
STROHMANN: Final = Document(
    "strohmann",
    (
        Field("face_up", _const(or_null(ref("card"))), "None if x[0] < 0 else CARD_WORDS[x[0]]"),
        Field("face_down", _const(integer(0, max(max(d.strohmann_sizes) for d in Deck))), "x[1]"),
    ),
    head=False,
)


def _result(s: Seen) -> Any:
    finished = result_of_view(s)
    return ABSENT if finished is None else finished.to_dict()


VIEW: Final = Document(
    "view",
    (
        Field("rules", _RULES_REF, "rules_ref(x.rules)"),
        Field("dealer", _SEAT, "x.dealer"),
        Field("player", _const({**ref("seat_or_null"), "description": "the viewer; null for a spectator"}), "None if x.player < 0 else x.player"),
        Field("dealt", _const({"type": "boolean", "description": "false for a view of a set-up position"}), "x.dealt"),
        Field("phase", lambda: enum([p.value for p in Phase]), "x.phase._value_", news="moment"),
        Field("current_player", _SEAT_OR_NULL, "None if x.turn < 0 else x.turn", news="moment"),
        Field("undertaker", _SEAT_OR_NULL, "None if x.auc[0] < 0 else x.auc[0]", news="moment"),
        Field("doubled", _FLAG, "x.auc[1]", news="moment"),
        Field("void_reason", lambda: or_null(enum([r.value for r in VoidReason])), "None if x.auc[2] is None else x.auc[2]._value_", news="moment"),
        Field(
            "history",
            _const(listed({"type": "array", "minItems": 2, "maxItems": 2, "prefixItems": [ref("seat"), ref("action")]}, checked.MAX_ITEMS)),
            "history_words(decisions, decision_seats(x, decisions), x.tricks, x.setup, x.lead, x.turn)",
            news="grows",
        ),
        Field("tricks", lambda: listed(TRICK.schema(), _MOST_TRICKS), "trick_objects(x.tricks)", news="grows"),
        # a position's view: how many of its set-up tricks it gave as won cards (a dealt one: none)
        Field(
            "setup_won",
            _const({**integer(0, _MOST_TRICKS), "description": "a position's view: how many of its set-up tricks the position gave as won cards"}),
            "ABSENT if x.dealt else x.setup_won",
            required=False,
        ),
        Field("current_trick", lambda: or_null(CURRENT_TRICK.schema()), "None if x.lead < 0 else CURRENT_TRICK.write(x)", news="moment"),
        Field("events", lambda: listed(EVENT.schema(), 64), "event_objects(packed_events)", news="grows"),
        Field("hand", _cards(32, unique=True), "card_words(x.hand)", news="moment"),
        Field("hand_sizes", _const(pair(integer(0, 54))), "list(x.sizes)", news="moment"),
        Field("known_hands", _const(pair(listed(ref("card"), 54, unique=True))), "[card_words(x.known[0]), card_words(x.known[1])]", news="moment"),
        Field("strohmaenner", lambda: pair(listed(STROHMANN.schema(), 3, least=3)), "pile_objects(piles(x, packed_events))", news="moment"),
        Field("announcements", _const(pair(listed(ref("announcement"), 2))), "[list(_ANNOUNCED[announced(x.calls, 0)]), list(_ANNOUNCED[announced(x.calls, 1)])]", news="moment"),
        Field("legal_actions", _const(listed(ref("action"), checked.MAX_ITEMS, unique=True)), "[action_word(a) for a in x.legal]", news="moment"),
        Field("multiplier", _const(ref("multiplier")), "x.multiplier", required=False, default=1),
        Field("result", _const({**ref("result"), "description": "the deal's result, once it is over"}), "_result(x)", required=False),
    ),
    let=(
        "decisions = walk(x.hist)",
        "packed_events = events(x)",
    ),
)

#: The documents and objects declared here, by name.
DOCUMENTS: Final = {d.name: d for d in (ACTION, STATE, POSITION, VIEW, TRICK, CURRENT_TRICK, EVENT, STROHMANN, MATCH, MATCH_DEAL)}
