"""What happens at the table: the phases of a deal, its tricks, the cards turned up from the
Strohmänner and what lies on them (R5-R15).

These are the small immutable values that states and views hand out (:attr:`GameState.tricks
<strohmandeln.GameState.tricks>`, :attr:`~strohmandeln.GameState.events`,
:meth:`~strohmandeln.GameState.strohmann` …). They are defined here, below the states and views
that build them, and importable from :mod:`strohmandeln` and :mod:`strohmandeln.state` as well.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, Final, TypeVar, final

import attrs

from ._base import args
from ._base.masks import follower_wins
from .actions import Play
from .cards import Card
from .errors import ArgumentValueError, Reason, ValueLookup

__all__ = ["HiddenTurn", "Phase", "StrohmannPile", "StrohmannTurn", "Trick", "VoidReason", "card_strength", "trick_winner"]


def trick_winner(led: Card, followed: Card) -> Card:
    """R15: the card that wins a trick in which ``followed`` was played on the lead ``led`` — a
    higher card of the led class (the tarocks, or the led suit), or any tarock on a suit card;
    else the led card.

    >>> from strohmandeln import Card
    >>> pairs = [("♥Q", "♥K"), ("♥K", "I"), ("♥K", "♠K"), ("XXI", "Sküs"), ("XXI", "♥K")]
    >>> [str(trick_winner(Card.parse(a), Card.parse(b))) for a, b in pairs]
    ['♥K', 'I', '♥K', 'Sküs', 'XXI']

    :raises ArgumentTypeError: if either is not a :class:`~strohmandeln.Card`.
    :raises ArgumentValueError: with reason ``bad_value`` if they are the same card.
    """
    if type(led) is not Card:
        raise args.wrong_type("led", "a Card", led)
    if type(followed) is not Card:
        raise args.wrong_type("followed", "a Card", followed)
    if led is followed:
        raise ArgumentValueError(Reason.BAD_VALUE, f"a trick has two different cards, not {led} twice")
    return followed if follower_wins(led.index, followed.index) else led


def card_strength(card: Card) -> int:
    """A sort key of the cards by their power in a trick (R15): every tarock above every suit
    card, from I (101) up to the Sküs (122); a suit card by its place in its suit, from the
    lowest pip (1) up to the King (8). Cards of two suits are equally strong by it: neither
    beats the other, and the led one wins (:func:`trick_winner`).

    >>> from strohmandeln import cards_from_text
    >>> [card_strength(card) for card in cards_from_text("Sküs I ♥K ♥4 ♥1 ♣10 ♣7")]
    [122, 101, 8, 1, 4, 4, 1]
    >>> [str(card) for card in sorted(cards_from_text("♥1 XX ♥K ♥4"), key=card_strength, reverse=True)]
    ['XX', '♥K', '♥1', '♥4']

    :raises ArgumentTypeError: if ``card`` is not a :class:`~strohmandeln.Card`.
    """
    if type(card) is not Card:
        raise args.wrong_type("card", "a Card", card)
    return 101 + card.index if card.suit is None else 1 + (card.index - 22) % 8



#: The most tricks of a deal (54 cards: 27).
_TRICKS = 27


def _whole(value: object, name: str, lo: int, hi: int) -> int:
    """A whole-number field from ``lo`` to ``hi`` (:mod:`strohmandeln.errors`'s policy: a text, a
    float or a ``bool`` is a wrong type)."""
    if type(value) is int and lo <= value <= hi:
        return value
    number = args.count(value, name, least=lo)
    if number > hi:
        raise args.bad_value(name, f"{lo} to {hi}", number)
    return number


def _seat(value: object, name: str) -> int:
    return value if type(value) is int and (value == 0 or value == 1) else args.seat(value, name)


def _flag(value: object, name: str) -> bool:
    return value if value is True or value is False else args.flag(value, name)


def _number(value: object) -> int:
    return _whole(value, "number", 1, _TRICKS)


def _after_trick(value: object) -> int:
    return _whole(value, "after_trick", 0, _TRICKS)


def _strohmann(value: object) -> int:
    return _whole(value, "strohmann", 0, 2)


def _face_down(value: object) -> int:
    return _whole(value, "face_down", 0, 4)


def _leader(value: object) -> int:
    return _seat(value, "leader")


def _winner(value: object) -> int:
    return _seat(value, "winner")


def _player(value: object) -> int:
    return _seat(value, "player")


def _to_hand(value: object) -> bool:
    return _flag(value, "to_hand")


def _hidden(value: object) -> bool:
    return _flag(value, "hidden")


def _card(value: object) -> Card:
    if type(value) is Card:
        return value
    raise args.wrong_type("card", "a Card", value)


def _face_up(value: object) -> Card | None:
    if value is None or type(value) is Card:
        return value
    raise args.wrong_type("face_up", "None or a Card", value)


def _plays(value: object) -> tuple[Play, Play]:
    if type(value) is tuple and len(value) == 2 and type(value[0]) is Play and type(value[1]) is Play:
        plays: tuple[Play, Play] = value
    else:
        a, b = args.pair(value, "plays")
        for i, play in enumerate((a, b)):
            if type(play) is not Play:
                raise args.wrong_type(f"plays[{i}]", "a Play", play)
        plays = (a, b)
    if plays[0].card is plays[1].card:
        raise ArgumentValueError(Reason.BAD_VALUE, f"a trick has two different cards, not {plays[0].card} twice")
    return plays


def _flags(value: object) -> tuple[bool, bool]:
    if type(value) is tuple and len(value) == 2 and type(value[0]) is bool and type(value[1]) is bool:
        return value
    a, b = args.pair(value, "from_strohmann")
    return (args.flag(a, "from_strohmann[0]"), args.flag(b, "from_strohmann[1]"))


class Phase(enum.Enum, metaclass=ValueLookup):
    """The phases of a deal. Uncovering the Strohmänner is automatic and never a phase of its own.

    >>> from strohmandeln import CLASSIC, DECK_54, deal
    >>> deal(CLASSIC, dealer=0, order=DECK_54).phase
    <Phase.AUCTION: 'auction'>"""

    #: R7: a player without a tarock in his dealt hand decides whether to fold.
    FOLD = "fold"
    #: R8: Elder, then the dealer, take or pass.
    AUCTION = "auction"
    #: R10: the undertaker's opponent decides whether to double.
    DOUBLING = "doubling"
    #: R13–R15: the card play.
    PLAY = "play"
    #: All tricks are played; :meth:`GameState.result` scores the deal.
    FINISHED = "finished"
    #: The deal was folded (R7) or thrown in (R9): no card play, no score.
    VOID = "void"


class VoidReason(enum.Enum, metaclass=ValueLookup):
    """Why a deal is void.

    >>> import attrs
    >>> from strohmandeln import CLASSIC, DECK_54, BothPass, deal, Pass
    >>> old_books = attrs.evolve(CLASSIC, name="old_books", both_pass=BothPass.THROW_IN)
    >>> deal(old_books, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).void_reason
    <VoidReason.THROWN_IN: 'thrown_in'>"""

    #: A tarockless player folded (R7); the same dealer deals again.
    FOLDED = "folded"
    #: Both passed under R9's throw-in option; the next dealer deals.
    THROWN_IN = "thrown_in"


@final  # (a subclass is no value of it: _base.args.instance refuses one)
@attrs.frozen
class Trick:
    """A completed trick (R15).

    ``plays`` and ``from_strohmann`` are in playing order, the leader's first.

    >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
    >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
    >>> for text in ("pass", "pass", "♠7", "♠J"):
    ...     state = state.apply(parse_action(text))
    >>> trick = state.tricks[0]
    >>> trick.number, trick.leader, trick.winner, str(trick.play_of(0))
    (1, 1, 0, '♠J')

    :raises ArgumentTypeError: for a field of the wrong type (a number or seat that is no whole
        number, plays that are not two :class:`~strohmandeln.Play` values, flags not ``bool``).
    :raises ArgumentValueError: for a number outside 1 to 27, a seat that is not 0 or 1
        (``bad_seat``), one card twice, or a winner that R15 does not give the trick to.
    """

    #: 1 for the first trick.
    number: int = attrs.field(converter=_number)
    #: The seat that led.
    leader: int = attrs.field(converter=_leader)
    #: The leader's play and the follower's play.
    plays: tuple[Play, Play] = attrs.field(converter=_plays)
    #: Whether each card was the face-up top of a Strohmann (else it came from the hand).
    from_strohmann: tuple[bool, bool] = attrs.field(converter=_flags)
    #: The seat that won the trick.
    winner: int = attrs.field(converter=_winner)

    def __repr__(self) -> str:
        plays = " ".join(str(play) for play in self.plays)
        return f"<Trick {self.number} leader={self.leader} plays=[{plays}] winner={self.winner}>"

    def __attrs_post_init__(self) -> None:
        led, followed = self.plays[0].card, self.plays[1].card
        if self.winner != (self.leader if not follower_wins(led.index, followed.index) else 1 - self.leader):
            raise ArgumentValueError(Reason.BAD_VALUE, f"winner: R15 gives the trick of {led} and {followed} to the other seat")

    @property
    def cards(self) -> tuple[Card, Card]:
        """The two cards, the leader's first.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
        >>> for text in ("pass", "pass", "♠7", "♠J"):
        ...     state = state.apply(parse_action(text))
        >>> state.tricks[0].cards
        (Card.parse('♠7'), Card.parse('♠J'))
        """
        return (self.plays[0].card, self.plays[1].card)

    def play_of(self, player: int) -> Play:
        """The play of ``player`` in this trick.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
        >>> for text in ("pass", "pass", "♠7", "♠J"):
        ...     state = state.apply(parse_action(text))
        >>> str(state.tricks[0].play_of(1)), str(state.tricks[0].play_of(0))
        ('♠7', '♠J')

        :raises ArgumentTypeError: if ``player`` is not a whole number.
        :raises ArgumentValueError: with reason ``bad_seat`` if it is not 0 or 1.
        """
        return self.plays[0 if args.seat(player) == self.leader else 1]


@final  # (a subclass is no value of it: _base.args.instance refuses one)
@attrs.frozen
class StrohmannTurn:
    """One card turned up from a Strohmann (R11, R12, R15): a public event.

    ``card`` is the card turned. If ``hidden`` is true, the card was the last of its Strohmann,
    taken into the hand without being shown (R12's default): only its owner knows it, and
    per-player views replace it by ``None`` for everyone else.

    >>> from strohmandeln import CLASSIC, DECK_54, deal, Pass
    >>> state = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass())
    >>> state.events[0]
    StrohmannTurn(player=1, strohmann=0, card=Card.parse('♠7'), to_hand=False, hidden=False, after_trick=0)

    :raises ArgumentTypeError: for a field of the wrong type.
    :raises ArgumentValueError: for a value no deal gives: a seat that is not 0 or 1, a
        Strohmann not 0 to 2, a trick count not 0 to 27, a card turned unseen that stays face up
        (R12), a tarock or King that stays face up (R11).
    """

    #: The owner of the Strohmann.
    player: int = attrs.field(converter=_player)
    #: Which Strohmann: 0, 1, 2 for the first (leftmost), second and third.
    strohmann: int = attrs.field(converter=_strohmann)
    #: The card (the true card; see ``hidden``).
    card: Card = attrs.field(converter=_card)
    #: Whether the card went into the hand (a tarock, a King or a last card) or stays face up.
    to_hand: bool = attrs.field(converter=_to_hand)
    #: Whether the card was taken up without being shown (R12).
    hidden: bool = attrs.field(converter=_hidden)
    #: The number of tricks completed when it was turned: 0 for the uncovering before play.
    after_trick: int = attrs.field(converter=_after_trick)

    def __attrs_post_init__(self) -> None:
        if self.hidden and not self.to_hand:
            raise ArgumentValueError(Reason.BAD_VALUE, "a card taken up unseen goes into the hand (R12): hidden needs to_hand")
        if not self.to_hand and (self.card.is_tarock or self.card.is_king):
            raise ArgumentValueError(Reason.BAD_VALUE, f"{self.card} turned up goes into the hand (R11): it needs to_hand")


@final  # (a subclass is no value of it: _base.args.instance refuses one)
@attrs.frozen
class StrohmannPile:
    """What lies on a Strohmann now: the face-up top (if any) and the face-down cards below.

    >>> from strohmandeln import CLASSIC, DECK_54, deal, Pass
    >>> deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).strohmann(0, 2)
    StrohmannPile(face_up=Card.parse('♦J'), face_down=3)

    :raises ArgumentTypeError: for a field of the wrong type.
    :raises ArgumentValueError: for a face-down count outside 0 to 4 (a Strohmann is dealt at
        most four cards, R6).
    """

    #: The face-up top card, playable by its owner (R13), or ``None``.
    face_up: Card | None = attrs.field(converter=_face_up)
    #: How many cards lie face down (unknown to everyone).
    face_down: int = attrs.field(converter=_face_down)


@final  # (a subclass is no value of it: _base.args.instance refuses one)
@attrs.frozen
class HiddenTurn:
    """A Strohmann turn whose card the viewer does not know (R12's default ``hidden``).

    It stands in a view where the state has a :class:`~strohmandeln.StrohmannTurn` with
    ``hidden=True`` of the *other* player: the last card of one of his Strohmänner went into his
    hand unseen. ``card`` is ``None``; the other attributes are those of the real turn.

    After four tricks both diamond Strohmänner are down to their last cards, which go into the
    hands unseen: seat 1 learns that seat 0 took one up, not that it is the ♦K.

    >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
    >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
    >>> for text in "pass pass I XX ♦J ♦4 ♦C ♦3 ♦Q ♦2".split():
    ...     state = state.apply(parse_action(text))
    >>> state.events[-2]
    StrohmannTurn(player=0, strohmann=2, card=Card.parse('♦K'), to_hand=True, hidden=True, after_trick=4)
    >>> turn = state.view(1).events[-2]
    >>> turn
    HiddenTurn(player=0, strohmann=2, after_trick=4)
    >>> turn.player, turn.strohmann, turn.after_trick, turn.card
    (0, 2, 4, None)
    >>> state.view(0).events[-2] == state.events[-2]      # the owner knows his card
    True

    :raises ArgumentTypeError: for a field of the wrong type.
    :raises ArgumentValueError: for a seat, Strohmann or trick count out of range.
    """

    #: The owner of the Strohmann.
    player: int = attrs.field(converter=_player)
    #: Which Strohmann: 0, 1, 2.
    strohmann: int = attrs.field(converter=_strohmann)
    #: The number of tricks completed when the card was taken up.
    after_trick: int = attrs.field(converter=_after_trick)

    @property
    def card(self) -> None:
        """Unknown to the viewer: always ``None``.

        >>> HiddenTurn(player=0, strohmann=2, after_trick=4).card is None
        True
        """
        return None

    @property
    def to_hand(self) -> bool:
        """A last card always goes into the hand (R12).

        >>> HiddenTurn(player=0, strohmann=2, after_trick=4).to_hand
        True
        """
        return True

    @property
    def hidden(self) -> bool:
        """Always ``True``.

        >>> HiddenTurn(player=0, strohmann=2, after_trick=4).hidden
        True
        """
        return True


_NEW: Final = object.__new__
_SET: Final = object.__setattr__
T = TypeVar("T")


def made(cls: type[T], *values: object) -> T:
    """A value of one of this module's classes from fields in their order that the kernel has
    worked out from its records (internal: a deal's tricks and turns are made so, without the
    checks of the public constructors, which the values of play always pass —
    ``tests/test_value_roundtrips.py`` makes every trick and turn of random deals again through
    them)."""
    value = _NEW(cls)
    for name, field in zip(_FIELD_NAMES[cls], values):
        _SET(value, name, field)
    return value


#: The field names of each class, in order, for :func:`made`.
_FIELD_NAMES: Final[dict[type, tuple[str, ...]]] = {
    cls: tuple(f.name for f in attrs.fields(cls)) for cls in (Trick, StrohmannTurn, StrohmannPile, HiddenTurn)
}


# ------------------------------------------------------------------------------------------------
# How a state or a view shows itself


#: The drawings :class:`_Pictured` calls: ``"text"`` (:func:`strohmandeln.pictures.text`) and
#: ``"svg"`` (:func:`strohmandeln.svg.table`). They stand above the states and views they draw,
#: so the package (``strohmandeln/__init__.py``, above everything) hands them in, importing them
#: on first use; this module, below the states, imports nothing of theirs.
PICTURES: dict[str, Callable[[Any], str]] = {}


class _Pictured:
    """The pictures of a :class:`~strohmandeln.GameState` and a :class:`~strohmandeln.PlayerView`
    (their base): ``str()`` is the text picture of the table, and a notebook (IPython, Jupyter)
    shows the SVG picture, 720 pixels wide. ``repr()`` stays the short line of each class."""

    __slots__ = ()

    def __str__(self) -> str:
        """The text picture of the table (:func:`strohmandeln.pictures.text`)."""
        return PICTURES.get("text", repr)(self)

    def _repr_svg_(self) -> str:
        """The SVG picture a notebook shows (:func:`strohmandeln.svg.table`, 720 pixels wide)."""
        return PICTURES.get("svg", repr)(self)
