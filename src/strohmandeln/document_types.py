"""The documents as :class:`typing.TypedDict` shapes, for code that types against them.

A server or client written in Python that handles the JSON documents itself — a message read with
:func:`json.loads` before it is loaded, a view taken apart to draw a table — can name their shapes
here: ``cast(ViewDocument, json.loads(text))``. Each shape has exactly the fields of its JSON
Schema (:mod:`strohmandeln.schemas`), those the schema requires as required keys, and its
enumerations as :data:`~typing.Literal` types; the test suite compares them with the schemas field
by field. A shape says nothing of ranges, lengths or notation, and casting checks nothing: validate
with the schema, or load the document, before you trust it.

>>> import json
>>> from typing import cast
>>> from strohmandeln import CLASSIC, deal, serialization
>>> view = cast(ViewDocument, json.loads(serialization.to_json(deal(CLASSIC, dealer=0, rng=7).view(1))))
>>> view["phase"], view["hand_sizes"], view["strohmaenner"][0][0]
('auction', [15, 15], {'face_up': None, 'face_down': 4})
"""

# (no "from __future__ import annotations": Python 3.11's TypedDict reads NotRequired only from
# evaluated annotations, and would take every key of a shape for required)
from typing import Literal, NotRequired, TypedDict

__all__ = [
    "AcceptedDocument",
    "ActionDocument",
    "AnnouncementName",
    "BonusName",
    "CurrentTrickDocument",
    "DealResultFields",
    "ErrorDocument",
    "EventDocument",
    "MatchDealDocument",
    "MatchDocument",
    "MoveDocument",
    "NewsDocument",
    "PositionDocument",
    "PresetName",
    "RefusalDocument",
    "ResultDocument",
    "RuleSetDocument",
    "RulesDocument",
    "RulesRef",
    "ScoreLineDocument",
    "ScoringDocument",
    "SessionDocument",
    "StateDocument",
    "StrohmannDocument",
    "TrickDocument",
    "ViewDocument",
    "VoidReasonName",
]

#: A bonus's name (:class:`~strohmandeln.rules.Bonus`).
BonusName = Literal[
    "trull_announced", "four_kings_announced", "trull_in_tricks", "four_kings_in_tricks", "pagat", "uhu", "kakadu", "quapil",
    "rostopschin", "valat", "mondfang",
]  # fmt: skip
#: An announcement (:class:`~strohmandeln.actions.Announcement`).
AnnouncementName = Literal["trull", "kings"]
#: Why a deal is void (:class:`~strohmandeln.table.VoidReason`).
VoidReasonName = Literal["folded", "thrown_in"]


class ScoringDocument(TypedDict):
    """A rule set's ``scoring`` (:class:`~strohmandeln.rules.ScoringTable`)."""

    simple_won: int
    simple_won_major: NotRequired[int | None]
    undertaken_won: int
    undertaken_won_major: NotRequired[int | None]
    undertaken_lost: int
    undertaken_lost_major: NotRequired[int | None]
    major_points: NotRequired[int]
    defender_major_points: NotRequired[int]
    undertaken_draw: NotRequired[Literal["loss", "draw"]]
    bonuses: NotRequired[dict[BonusName, int]]
    valat_replaces: NotRequired[Literal["nothing", "game", "game_and_bonuses"]]
    draw_doubling: NotRequired[Literal["next_round", "until_decided", "next_deal", "none"]]
    tie_doubles: NotRequired[bool]


class _RuleSetFields(TypedDict):
    name: str
    deck: NotRequired[Literal["54", "40"]]
    first_lead: NotRequired[Literal["elder", "undertaker"]]
    fold_without_tarock: NotRequired[bool]
    both_pass: NotRequired[Literal["simple_game", "throw_in"]]
    undertaker_doubling: NotRequired[bool]
    last_card: NotRequired[Literal["hidden", "shown"]]
    scoring: ScoringDocument
    source: NotRequired[str]


class RuleSetDocument(_RuleSetFields):
    """A rule set in full inside another document (:meth:`RuleSet.to_dict
    <strohmandeln.rules.RuleSet.to_dict>`), with ``format`` and ``type`` or without."""

    format: NotRequired[Literal[1]]
    type: NotRequired[Literal["rules"]]


class RulesDocument(_RuleSetFields):
    """A rule set's document (:func:`~strohmandeln.serialization.rules_to_dict`)."""

    format: Literal[1]
    type: Literal["rules"]


#: The name of a preset (:data:`~strohmandeln.presets.PRESETS`).
PresetName = Literal["classic", "extended", "beck", "zwanzigerrufen40", "mayr_sedlaczek", "furr", "stramandl"]
#: A rule set inside another document: a preset's name, or the rule set in full.
RulesRef = PresetName | RuleSetDocument


class ActionDocument(TypedDict):
    """An action's document (:func:`~strohmandeln.serialization.action_to_dict`)."""

    format: Literal[1]
    type: Literal["action"]
    action: str


class PositionDocument(TypedDict):
    """A state's ``position``, for a state set up with :mod:`strohmandeln.positions`."""

    hands: list[list[str]]
    strohmaenner: list[list[list[str]]]
    won: list[list[str]]
    #: ``[leader, led card, followed card]``.
    tricks: NotRequired[list[list[int | str]]]
    leader: int
    dealer: int
    undertaker: int | None
    doubled: bool
    announcements: list[list[AnnouncementName]]


class StateDocument(TypedDict):
    """A state's document (:meth:`GameState.to_dict <strohmandeln.state.GameState.to_dict>`):
    ``dealer`` and ``order``, or ``position``."""

    format: Literal[1]
    type: Literal["state"]
    rules: RulesRef
    dealer: NotRequired[int]
    order: NotRequired[list[str]]
    position: NotRequired[PositionDocument]
    actions: list[str]
    multiplier: NotRequired[int]


class TrickDocument(TypedDict):
    """A trick of a view."""

    leader: int
    plays: list[str]
    from_strohmann: list[bool]
    winner: int


class CurrentTrickDocument(TypedDict):
    """The lead of the trick in progress, in a view."""

    leader: int
    play: str
    from_strohmann: bool


class EventDocument(TypedDict):
    """A Strohmann turned or taken up, in a view; ``card`` is ``None`` when taken up unseen."""

    player: int
    strohmann: int
    card: str | None
    to_hand: bool
    hidden: bool
    after_trick: int


class StrohmannDocument(TypedDict):
    """A Strohmann in a view: its face-up card and the number of cards under it."""

    face_up: str | None
    face_down: int


class ScoreLineDocument(TypedDict):
    """A line of a result."""

    kind: Literal["game"] | BonusName
    player: int
    value: int
    multiplier: int
    rule: str
    description: str


class DealResultFields(TypedDict):
    """A result without ``format`` and ``type``: a finished view's ``result``."""

    rules: str
    dealer: int
    void: VoidReasonName | None
    undertaker: int | None
    doubled: bool
    card_points_thirds: list[int]
    card_play_winner: int | None
    drawn: bool
    lines: list[ScoreLineDocument]
    multiplier: int
    totals: list[int]


class ResultDocument(DealResultFields):
    """A result's document (:func:`~strohmandeln.serialization.result_to_dict`)."""

    format: Literal[1]
    type: Literal["result"]


class ViewDocument(TypedDict):
    """A view's document (:meth:`PlayerView.to_dict <strohmandeln.views.PlayerView.to_dict>`)."""

    format: Literal[1]
    type: Literal["view"]
    rules: RulesRef
    dealer: int
    player: int | None
    dealt: bool
    phase: Literal["fold", "auction", "doubling", "play", "finished", "void"]
    current_player: int | None
    undertaker: int | None
    doubled: bool
    void_reason: VoidReasonName | None
    #: ``[seat, action]``.
    history: list[list[int | str]]
    tricks: list[TrickDocument]
    current_trick: CurrentTrickDocument | None
    events: list[EventDocument]
    hand: list[str]
    hand_sizes: list[int]
    known_hands: list[list[str]]
    strohmaenner: list[list[StrohmannDocument]]
    announcements: list[list[AnnouncementName]]
    legal_actions: list[str]
    multiplier: NotRequired[int]
    result: NotRequired[DealResultFields]
    #: A position's view only (``"dealt": false``): its set-up tricks given as won cards.
    setup_won: NotRequired[int]


class MatchDealDocument(TypedDict):
    """A deal of a match."""

    dealer: int
    order: list[str]
    actions: list[str]


class MatchDocument(TypedDict):
    """A match's document (:func:`~strohmandeln.serialization.match_to_dict`)."""

    format: Literal[1]
    type: Literal["match"]
    rules: RulesRef
    first_dealer: int
    deals: list[MatchDealDocument]


class SessionDocument(TypedDict):
    """A session's document (:meth:`Session.to_dict <strohmandeln.session.Session.to_dict>`),
    signed with the server's key."""

    format: Literal[1]
    type: Literal["session"]
    rules: RulesRef
    first_dealer: int
    next_dealer: int
    scores: list[int]
    doubled_deals: int
    factor: int
    deals_recorded: int
    deals_played: int
    secret: str
    history: str
    actions: list[str]
    signature: str
    move_number: NotRequired[int]
    length: NotRequired[int]
    target: NotRequired[int]


class ErrorDocument(TypedDict):
    """An error reply (:meth:`StrohmandelnError.to_dict
    <strohmandeln.errors.StrohmandelnError.to_dict>`); ``line``, ``token`` and ``cause`` only
    from a :class:`~strohmandeln.records.RecordError`."""

    error: str
    reason: str
    message: str
    line: NotRequired[int]
    token: NotRequired[int | None]
    cause: NotRequired[str]


class MoveDocument(TypedDict):
    """A client's move (:meth:`Move.to_dict <strohmandeln.messages.Move.to_dict>`)."""

    format: Literal[1]
    type: Literal["move"]
    match: str
    seat: int
    move_number: int
    action: str
    request_id: str | int


class AcceptedDocument(TypedDict):
    """The reply to an accepted move (:func:`strohmandeln.messages.accepted`)."""

    format: Literal[1]
    type: Literal["accepted"]
    match: str
    request_id: str | int
    move_number: int


class RefusalDocument(TypedDict):
    """The reply to a refused message (:func:`strohmandeln.messages.refusal`): an error reply
    with the request id it answers."""

    format: Literal[1]
    type: Literal["refusal"]
    request_id: str | int | None
    error: str
    reason: str
    message: str
    line: NotRequired[int]
    token: NotRequired[int | None]
    cause: NotRequired[str]


class NewsDocument(TypedDict):
    """What a seat learned since a move of the deal (:func:`strohmandeln.news.news_since`)."""

    format: Literal[1]
    type: Literal["news"]
    player: int | None
    since: int
    #: ``[seat, action]``.
    history: list[list[int | str]]
    tricks: list[TrickDocument]
    events: list[EventDocument]
    phase: Literal["fold", "auction", "doubling", "play", "finished", "void"]
    current_player: int | None
    undertaker: int | None
    doubled: bool
    void_reason: VoidReasonName | None
    current_trick: CurrentTrickDocument | None
    hand: list[str]
    hand_sizes: list[int]
    known_hands: list[list[str]]
    strohmaenner: list[list[StrohmannDocument]]
    announcements: list[list[AnnouncementName]]
    legal_actions: list[str]
    result: NotRequired[DealResultFields]
