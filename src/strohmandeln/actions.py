"""Actions: one small value type per kind of decision.

* the tarockless fold decision (R7): :class:`Fold`, :class:`Keep`;
* the auction (R8): :class:`Take` ("Ich nehme auf", Czech *flek*), :class:`Pass`;
* doubling the undertaker (R10): :class:`Double`, :class:`NoDouble`;
* play (R13–R18): :class:`Play`, a card with the announcements (R17) and the call (R18) made
  with it.

Actions are immutable and hashable; ``str()`` is their notation and :func:`parse_action` reads
it back: ``take``, ``pass``, ``fold``, ``keep``, ``double``, ``no-double``, and for a play the
card's notation followed by ``+trull``, ``+kings`` and ``!ross`` or ``!topschin``.

>>> from strohmandeln import parse_action, Play, Card, Announcement, Call
>>> parse_action("♥K+trull")
Play(card=Card.parse('♥K'), announcements=frozenset({<Announcement.TRULL: 'trull'>}), call=None)
>>> str(Play(Card.parse("XVII"), call=Call.ROSS)), str(parse_action("Take"))
('XVII!ross', 'take')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any, Final, Union

import attrs

from .cards import DECK_54, Card
from .errors import NotationError, Reason

__all__ = [
    "Action",
    "Announcement",
    "Call",
    "Double",
    "Fold",
    "Keep",
    "NoDouble",
    "Pass",
    "Play",
    "Take",
    "parse_action",
]


class Announcement(enum.Enum):
    """Combinations announced while held in the hand (R17).

    >>> play = parse_action("Sküs+trull")
    >>> Announcement.TRULL in play.announcements, str(Play(Card.parse("♥K"), {Announcement.FOUR_KINGS}))
    (True, '♥K+kings')
    """

    #: Sküs, XXI and I together in the hand.
    TRULL = "trull"
    #: All four Kings in the hand.
    FOUR_KINGS = "kings"


class Call(enum.Enum):
    """The calls of Rostopschin (R18).

    >>> parse_action("XVII!ross").call, str(Play(Card.parse("XVIII"), call=Call.TOPSCHIN))
    (<Call.ROSS: 'ross'>, 'XVIII!topschin')
    """

    #: Said with a play of XVII.
    ROSS = "ross"
    #: Said with the lead of XVIII in the trick after the called XVII won.
    TOPSCHIN = "topschin"


def _announcements(value: Iterable[Announcement]) -> frozenset[Announcement]:
    if isinstance(value, frozenset):
        return value
    return frozenset(Announcement(a) for a in value)


@attrs.frozen(cache_hash=True)
class Play:
    """Play ``card`` (from the hand or the face-up top of a Strohmann, R13).

    :param announcements: announcements made with this play (R17).
    :param call: ``Call.ROSS`` with XVII, ``Call.TOPSCHIN`` with a led XVIII (R18).

    A play names only the card: where it lies (hand or Strohmann) follows from the state (R13).

    >>> play = Play(Card.parse("XXI"))
    >>> play, str(play), play == parse_action("xxi")
    (Play(card=Card.parse('XXI'), announcements=frozenset(), call=None), 'XXI', True)
    >>> str(Play(Card.parse("Sküs"), announcements=[Announcement.TRULL]))
    'Sküs+trull'
    """

    card: Card
    announcements: frozenset[Announcement] = attrs.field(default=frozenset(), converter=_announcements)
    call: Call | None = None

    def __str__(self) -> str:
        text = str(self.card)
        if Announcement.TRULL in self.announcements:
            text += "+trull"
        if Announcement.FOUR_KINGS in self.announcements:
            text += "+kings"
        if self.call is not None:  # (a call built by hand may be anything: shown as it is)
            text += "!" + (self.call.value if isinstance(self.call, Call) else repr(self.call))
        return text

    @property
    def ascii(self) -> str:
        """The notation with the card in ASCII (``hK+kings``).

        >>> parse_action("♥K+kings").ascii, parse_action("Sküs").ascii
        ('hK+kings', 'Skus')
        """
        return self.card.ascii + str(self)[len(str(self.card)) :]

    def __reduce__(self) -> tuple[Any, ...]:
        # A pickled play comes back as the interned object where there is one, so that a state
        # sent to another process keeps apply's fast path for the plays of its legal actions
        # (a play of a subclass stays of its class).
        if type(self) is not Play:
            return (type(self), (self.card, self.announcements, self.call))
        return (_unpickle_play, (self.card, self.announcements, self.call))


def _reduce_decision(self: object) -> tuple[Any, ...]:
    # A pickled decision comes back as the interned object, as a play does (Play.__reduce__),
    # so that a state sent to another process keeps apply's fast path for its legal actions.
    return (_unpickle_decision, (type(self),))


@attrs.frozen
class Fold:
    """Fold a deal without a tarock in the hand (R7): the deal is void, the same dealer deals.

    >>> Fold(), str(Fold()), parse_action("fold") == Fold()
    (Fold(), 'fold', True)
    """

    def __str__(self) -> str:
        return "fold"

    __reduce__ = _reduce_decision


@attrs.frozen
class Keep:
    """Decline to fold a tarockless hand (R7).

    >>> str(Keep()), parse_action("KEEP")
    ('keep', Keep())
    """

    def __str__(self) -> str:
        return "keep"

    __reduce__ = _reduce_decision


@attrs.frozen
class Take:
    """Undertake the game ("Ich nehme auf", R8).

    >>> from strohmandeln import CLASSIC, deal
    >>> state = deal(CLASSIC, dealer=0, rng=7).apply(Take())   # Elder (seat 1) takes
    >>> state.undertaker, str(Take())
    (1, 'take')
    """

    def __str__(self) -> str:
        return "take"

    __reduce__ = _reduce_decision


@attrs.frozen
class Pass:
    """Pass in the auction ("Weiter", R8).

    >>> from strohmandeln import CLASSIC, deal
    >>> state = deal(CLASSIC, dealer=0, rng=7).apply(Pass()).apply(Pass())   # a simple game
    >>> state.is_simple_game, str(Pass())
    (True, 'pass')
    """

    def __str__(self) -> str:
        return "pass"

    __reduce__ = _reduce_decision


@attrs.frozen
class Double:
    """Double the undertaker's game (R10).

    Only offered where the rule set has ``undertaker_doubling=True``, right after a take.

    >>> import attrs
    >>> from strohmandeln import CLASSIC, deal
    >>> rules = attrs.evolve(CLASSIC, name="doubling", undertaker_doubling=True)
    >>> state = deal(rules, dealer=0, rng=7).apply(Take())
    >>> state.phase.value, state.legal_actions()
    ('doubling', (Double(), NoDouble()))
    >>> state.apply(Double()).doubled
    True
    """

    def __str__(self) -> str:
        return "double"

    __reduce__ = _reduce_decision


@attrs.frozen
class NoDouble:
    """Let the undertaker's game stand undoubled (R10).

    >>> str(NoDouble()), parse_action("no-double"), parse_action("nodouble")
    ('no-double', NoDouble(), NoDouble())
    """

    def __str__(self) -> str:
        return "no-double"

    __reduce__ = _reduce_decision


#: Any action.
Action = Union[Play, Fold, Keep, Take, Pass, Double, NoDouble]

FOLD: Final = Fold()
KEEP: Final = Keep()
TAKE: Final = Take()
PASS: Final = Pass()
DOUBLE: Final = Double()
NO_DOUBLE: Final = NoDouble()

_WORDS: Final[dict[str, Action]] = {
    "fold": FOLD,
    "keep": KEEP,
    "take": TAKE,
    "pass": PASS,
    "double": DOUBLE,
    "no-double": NO_DOUBLE,
    "nodouble": NO_DOUBLE,
}


#: The interned decision of each decision type.
_DECISION_OF: Final[dict[type, Action]] = {type(action): action for action in _WORDS.values()}


def _unpickle_decision(kind: type[Action]) -> Action:
    """The interned decision of this type (see ``_reduce_decision``), or a new one of a subclass."""
    action = _DECISION_OF.get(kind)
    return action if action is not None else kind()  # type: ignore[call-arg]


# Interned plays: every card with each announcement subset; calls only where they can exist.
_ANN_SUBSETS: Final[tuple[frozenset[Announcement], ...]] = (
    frozenset(),
    frozenset({Announcement.TRULL}),
    frozenset({Announcement.FOUR_KINGS}),
    frozenset({Announcement.TRULL, Announcement.FOUR_KINGS}),
)
#: _PLAYS[index][ann_bits][call_code] (call_code 0 none, 1 Ross (XVII only), 2 Topschin (XVIII only))
_PLAYS: Final[tuple[tuple[tuple[Play | None, ...], ...], ...]] = tuple(
    tuple(
        (
            Play(card, ann),
            Play(card, ann, Call.ROSS) if card.index == 16 else None,
            Play(card, ann, Call.TOPSCHIN) if card.index == 17 else None,
        )
        for ann in _ANN_SUBSETS
    )
    for card in DECK_54
)
#: The plain play of each card.
PLAIN: Final[tuple[Play, ...]] = tuple(row[0][0] for row in _PLAYS)  # type: ignore[misc]


def _unpickle_play(card: Card, announcements: frozenset[Announcement], call: Call | None) -> Play:
    """The interned play of these parts if there is one (see :meth:`Play.__reduce__`), else a new one."""
    try:
        bits = _ANN_SUBSETS.index(announcements)
        code = (None, Call.ROSS, Call.TOPSCHIN).index(call)
        play = _PLAYS[card.index][bits][code] if type(card) is Card else None
    except (ValueError, TypeError, AttributeError, IndexError):  # not a legal combination
        play = None
    if play is None or play.card is not card:
        return Play(card, announcements, call)
    return play


def parse_action(text: str) -> Action:
    """Read an action from its notation.

    :raises NotationError: with reason ``invalid_action`` (or ``invalid_card``).

    >>> parse_action("no-double"), parse_action("XVIII!topschin")
    (NoDouble(), Play(card=Card.parse('XVIII'), announcements=frozenset(), call=<Call.TOPSCHIN: 'topschin'>))
    """
    if not isinstance(text, str):
        raise NotationError(Reason.INVALID_ACTION, f"not an action: {text!r} (expected text)")
    raw = text.strip()
    if len(raw) > 64:
        raise NotationError(Reason.INVALID_ACTION, f"not an action: {raw[:40]!r}…")
    word: Action | None = _WORDS.get(raw.casefold())
    if word is not None:
        return word
    body, bang, call_text = raw.partition("!")
    parts = body.split("+")
    # The card first, so that text with no card in it is refused as such.
    try:
        card = Card.parse(parts[0])
    except NotationError:
        raise NotationError(Reason.INVALID_ACTION, f"not an action: {raw!r}") from None
    announcements: set[Announcement] = set()
    for part in parts[1:]:
        key = part.strip().casefold()
        if not key:
            raise NotationError(Reason.INVALID_ACTION, f"an announcement's name is missing after '+' in {raw!r}")
        key = {"fourkings": "kings", "four-kings": "kings", "four_kings": "kings", "könige": "kings"}.get(key, key)
        try:
            ann = Announcement(key)
        except ValueError:
            raise NotationError(Reason.INVALID_ACTION, f"unknown announcement {part!r} in {raw!r}") from None
        if ann in announcements:
            raise NotationError(Reason.INVALID_ACTION, f"announcement {part!r} repeated in {raw!r}")
        announcements.add(ann)
    call: Call | None = None
    if bang:
        key = call_text.strip().casefold()
        if not key:
            raise NotationError(Reason.INVALID_ACTION, f"a call's name is missing after '!' in {raw!r}")
        try:
            call = Call(key)
        except ValueError:
            raise NotationError(Reason.INVALID_ACTION, f"unknown call {call_text!r} in {raw!r}") from None
    bits = (Announcement.TRULL in announcements) | (Announcement.FOUR_KINGS in announcements) << 1
    code = 0 if call is None else (1 if call is Call.ROSS else 2)
    play = _PLAYS[card.index][bits][code]
    if play is None:
        assert call is not None
        return Play(card, frozenset(announcements), call)
    return play
