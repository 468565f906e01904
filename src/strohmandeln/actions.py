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
from typing import Any, ClassVar, Final, NoReturn, Self, Union

import attrs

from ._base import args
from .cards import DECK_54, Card
from .errors import NotationError, Reason, ValueLookup, quoted, shown

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


class Announcement(enum.Enum, metaclass=ValueLookup):
    """Combinations announced while held in the hand (R17).

    >>> play = parse_action("Sküs+trull")
    >>> Announcement.TRULL in play.announcements, str(Play(Card.parse("♥K"), {Announcement.FOUR_KINGS}))
    (True, '♥K+kings')
    """

    #: Sküs, XXI and I together in the hand.
    TRULL = "trull"
    #: All four Kings in the hand.
    FOUR_KINGS = "kings"


class Call(enum.Enum, metaclass=ValueLookup):
    """The calls of Rostopschin (R18).

    >>> parse_action("XVII!ross").call, str(Play(Card.parse("XVIII"), call=Call.TOPSCHIN))
    (<Call.ROSS: 'ross'>, 'XVIII!topschin')
    """

    #: Said with a play of XVII.
    ROSS = "ross"
    #: Said with the lead of XVIII in the trick after the called XVII won.
    TOPSCHIN = "topschin"


def _announcement_bits(value: object) -> int:
    """The announcement bits (R17) of a collection of :class:`Announcement` members; anything
    else is refused."""
    if type(value) is frozenset and not value:
        return 0
    bits = 0
    for item in args.items(value, "announcements", sets=True, iterable=True):
        if type(item) is not Announcement:
            raise args.wrong_type("announcements", "a collection of Announcement members (holding only those)", item)
        bits |= _ANN_BIT[item]
    return bits


class Play:
    """Play ``card`` (from the hand or the face-up top of a Strohmann, R13).

    :param announcements: announcements made with this play (R17), a collection of
        :class:`Announcement` members.
    :param call: ``Call.ROSS`` with XVII, ``Call.TOPSCHIN`` with a led XVIII (R18).

    A play names only the card: where it lies (hand or Strohmann) follows from the state (R13).
    Plays are immutable values, equal when their parts are equal. Parts of the wrong type are
    refused here, so that no malformed play ever reaches a state; a well-formed play the rules
    forbid (a call on the wrong card, say) is a play, refused when applied. Every legal
    combination of parts is one interned object: building one costs a lookup, and ``apply``
    recognises it by identity.

    >>> play = Play(Card.parse("XXI"))
    >>> play, str(play), play == parse_action("xxi"), play is parse_action("xxi")
    (Play(card=Card.parse('XXI'), announcements=frozenset(), call=None), 'XXI', True, True)
    >>> str(Play(Card.parse("Sküs"), announcements=[Announcement.TRULL]))
    'Sküs+trull'
    >>> try:
    ...     Play("XXI")
    ... except TypeError as error:
    ...     print(error.reason.value, "|", error)
    wrong_type | card must be a Card, not a str

    :raises ArgumentTypeError: if ``card`` is not a :class:`~strohmandeln.Card`,
        ``announcements`` not a collection of :class:`Announcement` members (a text is none),
        or ``call`` neither ``None`` nor a :class:`Call`.
    """

    __slots__ = ("card", "announcements", "call", "_hash")
    __match_args__ = ("card", "announcements", "call")

    card: Card
    announcements: frozenset[Announcement]
    call: Call | None
    _hash: int

    def __new__(cls, card: Card, announcements: Iterable[Announcement] = frozenset(), call: Call | None = None) -> Play:
        if type(card) is not Card:
            raise args.wrong_type("card", "a Card", card)
        bits = _announcement_bits(announcements)
        if call is None:
            code = 0
        elif type(call) is Call:
            code = 1 if call is Call.ROSS else 2
        else:
            raise args.wrong_type("call", "None or a Call", call)
        if cls is Play:
            interned = INTERNED[card.index][bits][code]
            if interned is not None:
                return interned
        return cls._make(card, _ANN_SUBSETS[bits], call)

    @classmethod
    def _make(cls, card: Card, announcements: frozenset[Announcement], call: Call | None) -> Play:
        """A new play of these (checked) parts."""
        self = object.__new__(cls)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "announcements", announcements)
        object.__setattr__(self, "call", call)
        object.__setattr__(self, "_hash", hash((cls, card, announcements, call)))
        return self

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise attrs.exceptions.FrozenInstanceError()

    def __delattr__(self, name: str) -> NoReturn:
        raise attrs.exceptions.FrozenInstanceError()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Play)
        return self is other or (
            self.card is other.card and self.announcements == other.announcements and self.call is other.call
        )

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"{type(self).__name__}(card={self.card!r}, announcements={self.announcements!r}, call={self.call!r})"

    def __str__(self) -> str:
        text = str(self.card)
        if Announcement.TRULL in self.announcements:
            text += "+trull"
        if Announcement.FOUR_KINGS in self.announcements:
            text += "+kings"
        if self.call is not None:
            text += "!" + self.call.value
        return text

    @property
    def ascii(self) -> str:
        """The notation with the card in ASCII (``hK+kings``).

        >>> parse_action("♥K+kings").ascii, parse_action("Sküs").ascii
        ('hK+kings', 'Skus')
        """
        return self.card.ascii + str(self)[len(str(self.card)) :]

    def __reduce__(self) -> tuple[Any, ...]:
        # Unpickling builds the play again: an interned one comes back as itself, so that a state
        # sent to another process keeps apply's fast path (a play of a subclass stays of its class).
        return (type(self), (self.card, self.announcements, self.call))

    def __copy__(self) -> Play:
        return self

    def __deepcopy__(self, memo: object) -> Play:
        return self


class _Decision:
    """A decision before the card play: a value without parts, so every decision of one kind is
    equal to every other (and ``Fold()`` is the one interned ``Fold``). Immutable; a subclass
    of a decision makes new objects, which equal only their own kind."""

    __slots__ = ()
    __match_args__ = ()
    #: The decision's notation.
    _text: ClassVar[str]

    def __new__(cls) -> Self:
        interned = _DECISION_OF.get(cls)  # (filled below, once each kind has its object)
        return interned if interned is not None else object.__new__(cls)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise attrs.exceptions.FrozenInstanceError()

    def __delattr__(self, name: str) -> NoReturn:
        raise attrs.exceptions.FrozenInstanceError()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return True

    def __hash__(self) -> int:
        return hash((self.__class__.__name__, "decision"))

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def __str__(self) -> str:
        return self._text

    def __reduce__(self) -> tuple[Any, ...]:
        # A pickled decision comes back as the interned object, as a play does (Play.__reduce__),
        # so that a state sent to another process keeps apply's fast path for its legal actions.
        return (_unpickle_decision, (type(self),))

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self


class Fold(_Decision):
    """Fold a deal without a tarock in the hand (R7): the deal is void, the same dealer deals.

    >>> Fold(), str(Fold()), parse_action("fold") == Fold()
    (Fold(), 'fold', True)
    """

    __slots__ = ()
    _text = "fold"


class Keep(_Decision):
    """Decline to fold a tarockless hand (R7).

    >>> str(Keep()), parse_action("KEEP")
    ('keep', Keep())
    """

    __slots__ = ()
    _text = "keep"


class Take(_Decision):
    """Undertake the game ("Ich nehme auf", R8).

    >>> from strohmandeln import CLASSIC, deal
    >>> state = deal(CLASSIC, dealer=0, rng=7).apply(Take())   # Elder (seat 1) takes
    >>> state.undertaker, str(Take())
    (1, 'take')
    """

    __slots__ = ()
    _text = "take"


class Pass(_Decision):
    """Pass in the auction ("Weiter", R8).

    >>> from strohmandeln import CLASSIC, deal
    >>> state = deal(CLASSIC, dealer=0, rng=7).apply(Pass()).apply(Pass())   # a simple game
    >>> state.is_simple_game, str(Pass())
    (True, 'pass')
    """

    __slots__ = ()
    _text = "pass"


class Double(_Decision):
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

    __slots__ = ()
    _text = "double"


class NoDouble(_Decision):
    """Let the undertaker's game stand undoubled (R10).

    >>> str(NoDouble()), parse_action("no-double"), parse_action("nodouble")
    ('no-double', NoDouble(), NoDouble())
    """

    __slots__ = ()
    _text = "no-double"


#: The interned decision of each decision type (``Fold()`` returns it); filled below.
_DECISION_OF: Final[dict[type, Any]] = {}

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


#: The interned decision of each decision type (``Fold()`` returns it).
_DECISION_OF.update({type(action): action for action in _WORDS.values()})


def _unpickle_decision(kind: type[_Decision]) -> _Decision:
    """The interned decision of this type, or a new one of a subclass (``kind()`` gives either)."""
    return kind()


_ANN_BIT: Final = {Announcement.TRULL: 1, Announcement.FOUR_KINGS: 2}
#: The announcement sets, by their bits (R17): bit 0 the Trull, bit 1 the four Kings.
_ANN_SUBSETS: Final[tuple[frozenset[Announcement], ...]] = (
    frozenset(),
    frozenset({Announcement.TRULL}),
    frozenset({Announcement.FOUR_KINGS}),
    frozenset({Announcement.TRULL, Announcement.FOUR_KINGS}),
)
#: The interned plays: ``INTERNED[card index][announcement bits][call code]`` (call code 0 none,
#: 1 Ross (XVII only), 2 Topschin (XVIII only); ``None`` where no such play can be legal). Every
#: :class:`Play` of these parts is this object.
INTERNED: Final[tuple[tuple[tuple[Play | None, ...], ...], ...]] = tuple(
    tuple(
        (
            Play._make(card, ann, None),
            Play._make(card, ann, Call.ROSS) if card.index == 16 else None,
            Play._make(card, ann, Call.TOPSCHIN) if card.index == 17 else None,
        )
        for ann in _ANN_SUBSETS
    )
    for card in DECK_54
)
#: The plain play of each card, by card index.
PLAIN: Final[tuple[Play, ...]] = tuple(row[0][0] for row in INTERNED)  # type: ignore[misc]


def parse_action(text: str) -> Action:
    """Read an action from its notation.

    :raises NotationError: with reason ``invalid_action`` (or ``invalid_card``) for text that
        is no action and any value that is no text, ``too_large`` for a text longer than
        :data:`~strohmandeln.limits.MAX_NOTATION` (256) characters.

    >>> parse_action("no-double"), parse_action("XVIII!topschin")
    (NoDouble(), Play(card=Card.parse('XVIII'), announcements=frozenset(), call=<Call.TOPSCHIN: 'topschin'>))
    """
    plain = args.plain_text(text)
    if plain is None:
        raise NotationError(Reason.INVALID_ACTION, f"not an action: {shown(text)} (expected text)")
    if len(plain) > args.MAX_NOTATION:
        raise NotationError(Reason.TOO_LARGE, f"not an action: a text of {len(plain):,} characters")
    raw = plain.strip()
    if len(raw) > 64:
        raise NotationError(Reason.INVALID_ACTION, f"not an action: {quoted(raw)}")
    word: Action | None = _WORDS.get(raw.casefold())
    if word is not None:
        return word
    body, bang, call_text = raw.partition("!")
    parts = body.split("+")
    # The card first, so that text with no card in it is refused as such.
    try:
        card = Card.parse(parts[0])
    except NotationError:
        raise NotationError(Reason.INVALID_ACTION, f"not an action: {quoted(raw)}") from None
    announcements: set[Announcement] = set()
    for part in parts[1:]:
        key = part.strip().casefold()
        if not key:
            raise NotationError(Reason.INVALID_ACTION, f"an announcement's name is missing after '+' in {quoted(raw)}")
        key = {"fourkings": "kings", "four-kings": "kings", "four_kings": "kings", "könige": "kings"}.get(key, key)
        try:
            ann = Announcement(key)
        except ValueError:
            raise NotationError(Reason.INVALID_ACTION, f"unknown announcement {quoted(part)} in {quoted(raw)}") from None
        if ann in announcements:
            raise NotationError(Reason.INVALID_ACTION, f"announcement {quoted(part)} repeated in {quoted(raw)}")
        announcements.add(ann)
    call: Call | None = None
    if bang:
        key = call_text.strip().casefold()
        if not key:
            raise NotationError(Reason.INVALID_ACTION, f"a call's name is missing after '!' in {quoted(raw)}")
        try:
            call = Call(key)
        except ValueError:
            raise NotationError(Reason.INVALID_ACTION, f"unknown call {quoted(call_text)} in {quoted(raw)}") from None
    return Play(card, frozenset(announcements), call)
