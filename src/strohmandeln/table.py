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
from typing import Any

import attrs

from ._base.masks import follower_wins
from .actions import Play
from .cards import Card

__all__ = ["HiddenTurn", "Phase", "StrohmannPile", "StrohmannTurn", "Trick", "VoidReason", "card_strength", "trick_winner"]


def trick_winner(led: Card, followed: Card) -> Card:
    """R15: the card that wins a trick in which ``followed`` was played on the lead ``led`` — a
    higher card of the led class (the tarocks, or the led suit), or any tarock on a suit card;
    else the led card.

    >>> from strohmandeln import Card
    >>> pairs = [("♥Q", "♥K"), ("♥K", "I"), ("♥K", "♠K"), ("XXI", "Sküs"), ("XXI", "♥K")]
    >>> [str(trick_winner(Card.parse(a), Card.parse(b))) for a, b in pairs]
    ['♥K', 'I', '♥K', 'Sküs', 'XXI']

    :raises TypeError: if either is not a :class:`~strohmandeln.Card`.
    :raises ValueError: if they are the same card.
    """
    if not isinstance(led, Card) or not isinstance(followed, Card):
        raise TypeError("trick_winner() takes two cards")
    if led is followed:
        raise ValueError(f"a trick has two different cards, not {led} twice")
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

    :raises TypeError: if ``card`` is not a :class:`~strohmandeln.Card`.
    """
    if not isinstance(card, Card):
        raise TypeError("card_strength() takes a card")
    return 101 + card.index if card.suit is None else 1 + (card.index - 22) % 8


class Phase(enum.Enum):
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


class VoidReason(enum.Enum):
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
    """

    #: 1 for the first trick.
    number: int
    #: The seat that led.
    leader: int
    #: The leader's play and the follower's play.
    plays: tuple[Play, Play]
    #: Whether each card was the face-up top of a Strohmann (else it came from the hand).
    from_strohmann: tuple[bool, bool]
    #: The seat that won the trick.
    winner: int

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
        """
        return self.plays[0 if player == self.leader else 1]


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
    """

    #: The owner of the Strohmann.
    player: int
    #: Which Strohmann: 0, 1, 2 for the first (leftmost), second and third.
    strohmann: int
    #: The card (the true card; see ``hidden``).
    card: Card
    #: Whether the card went into the hand (a tarock, a King or a last card) or stays face up.
    to_hand: bool
    #: Whether the card was taken up without being shown (R12).
    hidden: bool
    #: The number of tricks completed when it was turned: 0 for the uncovering before play.
    after_trick: int


@attrs.frozen
class StrohmannPile:
    """What lies on a Strohmann now: the face-up top (if any) and the face-down cards below.

    >>> from strohmandeln import CLASSIC, DECK_54, deal, Pass
    >>> deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).strohmann(0, 2)
    StrohmannPile(face_up=Card.parse('♦J'), face_down=3)"""

    #: The face-up top card, playable by its owner (R13), or ``None``.
    face_up: Card | None
    #: How many cards lie face down (unknown to everyone).
    face_down: int


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
    """

    #: The owner of the Strohmann.
    player: int
    #: Which Strohmann: 0, 1, 2.
    strohmann: int
    #: The number of tricks completed when the card was taken up.
    after_trick: int

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
