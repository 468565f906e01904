"""The deal as a sequence of immutable states (R5–R18).

A :class:`GameState` is created by :func:`strohmandeln.deal`; :meth:`GameState.apply` returns the
next state and never changes the old one. Uncovering the Strohmänner (R11, R12) and turning their
next cards after a trick (R15) happen inside :meth:`~GameState.apply` and are recorded as public
:class:`StrohmannTurn` events.

>>> from strohmandeln import CLASSIC, deal, Phase
>>> state = deal(CLASSIC, dealer=0, rng=7)
>>> state.phase, state.current_player == state.elder
(<Phase.AUCTION: 'auction'>, True)
>>> while not state.is_terminal:
...     state = state.apply(state.legal_actions()[0])
>>> len(state.tricks), state.card_points(0) + state.card_points(1)
(27, CardPoints(thirds=210))
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Final

import attrs

from . import _engine as E
from .actions import (
    _PLAYS,
    PLAIN,
    DOUBLE,
    FOLD,
    KEEP,
    NO_DOUBLE,
    PASS,
    TAKE,
    Action,
    Announcement,
    Call,
    Double,
    Fold,
    Keep,
    NoDouble,
    Pass,
    Play,
    Take,
)
from .cards import DECK_54, Card
from .errors import IllegalActionError, Reason, StateError
from .points import CardPoints
from .rules import BothPass, FirstLead, RuleSet

if TYPE_CHECKING:
    from .scoring import DealResult
    from .views import PlayerView

__all__ = ["GameState", "Phase", "StrohmannPile", "StrohmannTurn", "Trick", "VoidReason"]


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


def _phase_legal(*actions: Action) -> tuple[Action, ...]:
    return actions


_FOLD_ACTIONS: Final = _phase_legal(FOLD, KEEP)
_AUCTION_ACTIONS: Final = _phase_legal(TAKE, PASS)
_DOUBLING_ACTIONS: Final = _phase_legal(DOUBLE, NO_DOUBLE)

_FOLD = Phase.FOLD
_AUCTION = Phase.AUCTION
_DOUBLING = Phase.DOUBLING
_PLAY = Phase.PLAY
_FINISHED = Phase.FINISHED
_VOID = Phase.VOID
_FOLLOW = E.FOLLOW_MASK
_TAROCKS = E.TAROCKS
_CALL_CODE: Final = {None: 0, Call.ROSS: 1, Call.TOPSCHIN: 2}
_ANN_BITS: Final = {
    frozenset(): 0,
    frozenset({Announcement.TRULL}): 1,
    frozenset({Announcement.FOUR_KINGS}): 2,
    frozenset({Announcement.TRULL, Announcement.FOUR_KINGS}): 3,
}

_new = object.__new__
_player_view: Callable[[GameState, int | None], PlayerView] | None = None  # views.player_view, imported on first use
_all_plays = E.all_plays
_TAROCK_LOW = E.TAROCK_LOW
_TAROCK_HIGH = E.TAROCK_HIGH
_SUIT_PLAYS = E.SUIT_PLAYS
_TRULL = E.TRULL
_KINGS = E.KINGS
_XVII_XVIII: Final = 1 << E.XVII | 1 << E.XVIII
_PLAIN = PLAIN
#: ``_FOLLOWER_WINS[led << 6 | played]``: whether the second card of a trick beats the first (R15):
#: a higher card of the same class (tarocks, or the led suit), or any tarock on a suit card.
_FOLLOWER_WINS: Final = [
    led < 54 and f < 54 and ((E.CLASS[f] == E.CLASS[led] and f > led) or (E.CLASS[f] == 0 and E.CLASS[led] != 0))
    for led in range(64)
    for f in range(64)
]


class GameState(E.ValueByKey):
    """One moment of a deal: an immutable value.

    Seats are 0 and 1. Build the first state with :func:`strohmandeln.deal`; get the next with
    :meth:`apply`. Two states are equal when they have the same rule set, deck order, dealer and
    history of actions.

    >>> from strohmandeln import CLASSIC, DECK_54, deal, Pass
    >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
    >>> state.apply(Pass()) == deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass())
    True
    """

    __slots__ = (
        "_d",
        "_phase",
        "_turn",
        "_h0",
        "_h1",
        "_t0",
        "_t1",
        "_w0",
        "_w1",
        "_lead",
        "_ntr",
        "_tricks",
        "_events",
        "_hist",
        "_calls",
        "_auc",
        "_legal",
    )

    _d: E.Deal
    _phase: Phase
    _turn: int  # -1 when nobody is to act
    _h0: int
    _h1: int
    _t0: int  # face-up Strohmann tops of seat 0
    _t1: int
    _w0: int  # cards won in tricks
    _w1: int
    _lead: int  # -1, or the leader's card | from_strohmann<<6 | announcements<<7 | call<<9
    _ntr: int  # completed tricks
    _tricks: Any  # cons list of packed tricks
    _events: Any  # cons list of packed Strohmann events
    _hist: Any  # cons list of actions
    _calls: int  # announcement bits (2 per seat) | (Ross trick*2 + seat + 1) << 4
    _auc: tuple[int, bool, VoidReason | None]  # undertaker (-1: none), doubled, void reason
    _legal: tuple[Action, ...] | None

    def __init__(self) -> None:
        raise TypeError("use strohmandeln.deal() to create a GameState")

    @classmethod
    def _initial(cls, deal: E.Deal) -> GameState:
        s: GameState = _new(cls)
        s._d = deal
        s._h0, s._h1 = deal.hands
        s._t0 = s._t1 = s._w0 = s._w1 = 0
        s._lead = -1
        s._ntr = 0
        s._tricks = s._events = s._hist = None
        s._calls = 0
        s._auc = (-1, False, None)
        s._legal = None
        s._phase, s._turn = s._after_deal()
        return s

    @classmethod
    def _assemble(
        cls,
        deal: E.Deal,
        *,
        phase: Phase,
        turn: int,
        hands: tuple[int, int],
        tops: tuple[int, int],
        won: tuple[int, int],
        lead: int,
        ntr: int,
        tricks: Any,
        events: Any,
        hist: Any,
        calls: int,
        auc: tuple[int, bool, VoidReason | None],
    ) -> GameState:
        """A state from its parts, without replaying (internal: sampling and positions).

        The caller vouches that the parts are those the rules would produce.
        """
        s: GameState = _new(cls)
        s._d = deal
        s._phase = phase
        s._turn = turn
        s._h0, s._h1 = hands
        s._t0, s._t1 = tops
        s._w0, s._w1 = won
        s._lead = lead
        s._ntr = ntr
        s._tricks = tricks
        s._events = events
        s._hist = hist
        s._calls = calls
        s._auc = auc
        s._legal = None
        return s

    def _copy(self) -> GameState:
        n: GameState = _new(GameState)
        n._d = self._d
        n._phase = self._phase
        n._turn = self._turn
        n._h0 = self._h0
        n._h1 = self._h1
        n._t0 = self._t0
        n._t1 = self._t1
        n._w0 = self._w0
        n._w1 = self._w1
        n._lead = self._lead
        n._ntr = self._ntr
        n._tricks = self._tricks
        n._events = self._events
        n._hist = self._hist
        n._calls = self._calls
        n._auc = self._auc
        n._legal = None
        return n

    # ------------------------------------------------------------------------------------------
    # The public face

    @property
    def rules(self) -> RuleSet:
        """The rule set of the deal.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.rules.name
        'classic'
        """
        return self._d.rules

    @property
    def dealer(self) -> int:
        """The dealer's seat.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.dealer
        0
        """
        return self._d.dealer

    @property
    def elder(self) -> int:
        """Elder (Vorhand, the non-dealer): speaks first and leads by default (R5).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.elder, state.current_player
        (1, 1)
        """
        return self._d.elder

    @property
    def order(self) -> tuple[Card, ...] | None:
        """The deck order the deal was dealt from (first card = top of the deck), if any.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.order[:3]
        (Card.parse('I'), Card.parse('II'), Card.parse('III'))
        """
        return self._d.order

    @property
    def phase(self) -> Phase:
        """The current :class:`Phase`.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.phase
        <Phase.AUCTION: 'auction'>
        """
        return self._phase

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the deal is over.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.current_player
        1
        """
        t = self._turn
        return None if t < 0 else t

    @property
    def is_terminal(self) -> bool:
        """Whether the deal is over (finished or void).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.is_terminal
        False
        """
        return self._turn < 0

    @property
    def void_reason(self) -> VoidReason | None:
        """Why the deal is void, or ``None``.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.void_reason is None
        True
        """
        return self._auc[2]

    @property
    def undertaker(self) -> int | None:
        """The seat that took the game (R8), or ``None`` (no one yet, or a simple game).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.apply(Pass()).apply(parse_action("take")).undertaker
        0
        """
        u = self._auc[0]
        return None if u < 0 else u

    @property
    def doubled(self) -> bool:
        """Whether the undertaker's game was doubled (R10).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.apply(parse_action("take")).doubled
        False
        """
        return self._auc[1]

    @property
    def is_simple_game(self) -> bool:
        """Whether the card play is a simple game (both passed, R9).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> state.is_simple_game
        True
        """
        return self._auc[0] < 0 and self._phase in (_PLAY, _FINISHED)

    @property
    def trick_number(self) -> int:
        """The number of completed tricks.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> state = state.apply(parse_action("♠7")).apply(parse_action("♠J"))
        >>> state.trick_number
        1
        """
        return self._ntr

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the deal, in order.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> state = state.apply(parse_action("♠7")).apply(parse_action("♠J"))
        >>> [str(a) for a in state.history]
        ['pass', 'pass', '♠7', '♠J']
        """
        return tuple(E.walk(self._hist))  # type: ignore[arg-type]

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> state = state.apply(parse_action("♠7")).apply(parse_action("♠J"))
        >>> trick = state.tricks[0]
        >>> trick.cards, trick.winner, trick.from_strohmann
        ((Card.parse('♠7'), Card.parse('♠J')), 0, (True, True))
        """
        return tuple(_unpack_trick(n + 1, packed) for n, packed in enumerate(E.walk(self._tricks)))  # type: ignore[arg-type]

    @property
    def current_trick(self) -> tuple[Play, ...]:
        """The plays of the trick in progress (none or the lead).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> state.apply(parse_action("♠7")).current_trick[0].card
        Card.parse('♠7')
        """
        lead = self._lead
        if lead < 0:
            return ()
        return (_unpack_play(lead & 63, lead >> 6),)

    @property
    def leader(self) -> int | None:
        """The seat that leads (or led) the current trick, during play.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> state = state.apply(parse_action("♠7")).apply(parse_action("♠J"))
        >>> state.leader                                         # the ♠J won
        0
        """
        if self._phase is not _PLAY:
            return None
        return 1 - self._turn if self._lead >= 0 else self._turn

    @property
    def events(self) -> tuple[StrohmannTurn, ...]:
        """Every card turned up from a Strohmann, in order (R11, R12, R15).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> event = state.events[0]                                # Elder uncovers first
        >>> event.player, event.strohmann, event.card, event.to_hand
        (1, 0, Card.parse('♠7'), False)
        """
        return tuple(_unpack_event(e) for e in E.walk(self._events))  # type: ignore[arg-type]

    def hand(self, player: int) -> tuple[Card, ...]:
        """The cards in ``player``'s hand, in canonical order.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> [str(c) for c in state.hand(0)][:5]
        ['VI', 'VII', 'VIII', 'IX', 'X']
        """
        return E.cards_of(self._hand(_seat(player)))

    def strohmann_tops(self, player: int) -> tuple[Card, ...]:
        """The face-up top cards of ``player``'s Strohmänner, in canonical order.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> [str(c) for c in state.strohmann_tops(1)]
        ['♠7', '♥4', '♦4']
        """
        return E.cards_of(self._tops(_seat(player)))

    def available(self, player: int) -> tuple[Card, ...]:
        """The cards ``player`` could play (hand and face-up tops), in canonical order (R13).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> len(state.available(1)), len(state.hand(1))
        (18, 15)
        """
        p = _seat(player)
        return E.cards_of(self._hand(p) | self._tops(p))

    def strohmann(self, player: int, index: int) -> StrohmannPile:
        """Strohmann ``index`` (0, 1, 2 from the left) of ``player``: its top and face-down count.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> state.strohmann(1, 0)
        StrohmannPile(face_up=Card.parse('♠7'), face_down=3)
        """
        p = _seat(player)
        if type(index) is not int or not 0 <= index <= 2:
            raise StateError(Reason.BAD_STROHMANN, f"no Strohmann {index!r:.20}; they are numbered 0, 1, 2")
        pile = self._d.piles[3 * p + index]
        gone = self._h0 | self._h1 | self._t0 | self._t1 | self._w0 | self._w1
        if self._lead >= 0:
            gone |= 1 << (self._lead & 63)
        tops = self._tops(p)
        face_up = None
        down = 0
        for c in pile:
            if tops >> c & 1:
                face_up = DECK_54[c]
            elif not gone >> c & 1:
                down += 1
        if self._phase in (_FOLD, _AUCTION, _DOUBLING) or self._auc[2] is not None:
            down = len(pile)
        return StrohmannPile(face_up, down)

    def strohmaenner(self, player: int) -> tuple[StrohmannPile, StrohmannPile, StrohmannPile]:
        """All three Strohmänner of ``player``.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> [pile.face_down for pile in state.strohmaenner(0)]
        [3, 3, 3]
        """
        return (self.strohmann(player, 0), self.strohmann(player, 1), self.strohmann(player, 2))

    def won_cards(self, player: int) -> tuple[Card, ...]:
        """The cards in ``player``'s tricks, in canonical order.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> state = state.apply(parse_action("♠7")).apply(parse_action("♠J"))
        >>> state.won_cards(0)
        (Card.parse('♠7'), Card.parse('♠J'))
        """
        return E.cards_of(self._w0 if _seat(player) == 0 else self._w1)

    def card_points(self, player: int) -> CardPoints:
        """The exact card points in ``player``'s tricks so far (R2, R4).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> state = state.apply(parse_action("♠7")).apply(parse_action("♠J"))
        >>> print(state.card_points(0))                         # ⅓ + 1⅓
        1⅔
        """
        return CardPoints(self._d.thirds_of(self._w0 if _seat(player) == 0 else self._w1))

    def announcements(self, player: int) -> frozenset[Announcement]:
        """The announcements ``player`` has made (R17).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> state = state.apply(parse_action("I+trull"))     # Elder holds I, XXI and Sküs
        >>> state.announcements(1)
        frozenset({<Announcement.TRULL: 'trull'>})
        """
        bits = self._calls >> (2 * _seat(player)) & 3
        return frozenset(a for k, a in enumerate((Announcement.TRULL, Announcement.FOUR_KINGS)) if bits >> k & 1)

    def result(self) -> DealResult:
        """The itemised result of the finished (or void) deal (R24).

        :raises StateError: with reason ``not_finished`` while the deal goes on.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.result()
        Traceback (most recent call last):
        ...
        strohmandeln.errors.StateError: the deal is not over yet
        """
        from .scoring import score

        if not self.is_terminal:
            raise StateError(Reason.NOT_FINISHED, "the deal is not over yet")
        return score(self)

    def view(self, player: int | None) -> PlayerView:
        """What ``player`` knows of this state; ``None`` gives the spectator view (public
        information only). See :mod:`strohmandeln.views`.

        >>> from strohmandeln import CLASSIC, DECK_54, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).view(1)
        >>> view.hand == deal(CLASSIC, dealer=0, order=DECK_54).hand(1), view.known_hand(0)
        (True, ())
        """
        global _player_view
        make = _player_view
        if make is None:
            from .views import player_view

            make = _player_view = player_view
        return make(self, player)

    def to_dict(self) -> dict[str, Any]:
        """The JSON-compatible form: rule set, dealer, deck order and actions (see
        :mod:`strohmandeln.serialization`).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, Pass
        >>> document = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).to_dict()
        >>> document["actions"], document["dealer"]
        (['pass'], 0)
        """
        from .serialization import state_to_dict

        return state_to_dict(self)

    @staticmethod
    def from_dict(data: object) -> GameState:
        """Rebuild a state from :meth:`to_dict`'s form by replaying its actions.

        :raises SerializationError: if the document is malformed or an action is illegal.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, Pass, GameState
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass())
        >>> GameState.from_dict(state.to_dict()) == state
        True
        """
        from .serialization import state_from_dict

        return state_from_dict(data)

    # ------------------------------------------------------------------------------------------
    # Legal actions

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the player to act, each exactly once, in a stable order.

        In play: the plain play of each legal card in canonical order, then the variants with
        announcements (R17) and calls (R18) where they are allowed. Empty when the deal is over.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> actions = state.legal_actions()
        >>> len(actions), str(actions[0]), str(actions[-1])     # 18 cards, and with +trull
        (36, 'I', '♦4+trull')
        """
        legal = self._legal
        if legal is not None:
            return legal
        phase = self._phase
        if phase is _PLAY:
            p = self._turn
            if p == 0:
                h = self._h0
                avail = h | self._t0
            else:
                h = self._h1
                avail = h | self._t1
            lead = self._lead
            if lead < 0:
                m = avail
                legal = _all_plays(avail)
            else:
                li = lead & 63
                if li >= 22:
                    shift = 22 + ((li - 22) & ~7)
                    m = avail >> shift & 255
                    if m:
                        legal = _SUIT_PLAYS[(li - 22) >> 3][m]
                        m <<= shift
                    else:
                        m = avail & _TAROCKS
                        legal = _TAROCK_LOW[m & 2047] + _TAROCK_HIGH[m >> 11] if m else _all_plays(avail)
                        m = m or avail
                else:
                    m = avail & _TAROCKS
                    legal = _TAROCK_LOW[m & 2047] + _TAROCK_HIGH[m >> 11] if m else _all_plays(avail)
                    m = m or avail
            d = self._d
            if (d.rostopschin and m & _XVII_XVIII) or (
                (d.ann_trull and h & _TRULL == _TRULL) or (d.ann_kings and h & _KINGS == _KINGS)
            ):
                legal = self._with_variants(legal, m, p)
        elif phase is _AUCTION:
            legal = _AUCTION_ACTIONS
        elif phase is _FOLD:
            legal = _FOLD_ACTIONS
        elif phase is _DOUBLING:
            legal = _DOUBLING_ACTIONS
        else:
            legal = ()
        self._legal = legal
        return legal

    def is_legal(self, action: object) -> bool:
        """Whether ``action`` may be applied now.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> state.is_legal(parse_action("♠7")), state.is_legal(parse_action("♠J"))
        (True, False)
        """
        return self.why_illegal(action) is None

    def why_illegal(self, action: object, player: int | None = None) -> IllegalActionError | None:
        """``None`` if ``action`` is legal (for ``player``, if given), else the error apply would raise.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> state.why_illegal(parse_action("♠J")).reason
        <Reason.CARD_NOT_AVAILABLE: 'card_not_available'>
        """
        try:
            self._check(action, player)
        except IllegalActionError as error:
            return error
        return None

    def _legal_mask(self) -> int:
        p = self._turn
        avail = (self._h0 | self._t0) if p == 0 else (self._h1 | self._t1)
        lead = self._lead
        if lead < 0:
            return avail
        f = avail & _FOLLOW[lead & 63]
        if f:
            return f
        return (avail & _TAROCKS) or avail

    def _ann_options(self, p: int) -> int:
        d = self._d
        if not (d.ann_trull or d.ann_kings):
            return 0
        h = self._h0 if p == 0 else self._h1
        done = self._calls >> (2 * p)
        opts = 0
        if d.ann_trull and not done & 1 and h & E.TRULL == E.TRULL:
            opts |= 1
        if d.ann_kings and not done & 2 and h & E.KINGS == E.KINGS:
            opts |= 2
        return opts

    def _topschin_allowed(self, p: int) -> bool:
        ross = self._calls >> 4
        return self._lead < 0 and ross > 0 and (ross - 1) >> 1 == self._ntr - 1 and (ross - 1) & 1 == p

    def _with_variants(self, plain: tuple[Play, ...], m: int, p: int) -> tuple[Action, ...]:
        """Add the announcement (R17) and call (R18) variants to the plain plays."""
        d = self._d
        opts = self._ann_options(p)
        ross = d.rostopschin and m >> E.XVII & 1
        top = d.rostopschin and m >> E.XVIII & 1 and self._topschin_allowed(p)
        if not (opts or ross or top):
            return plain
        extra: list[Play] = []
        subsets = [b for b in (1, 2, 3) if b & opts == b]
        for bits in subsets:
            for play in plain:
                extra.append(_PLAYS[play.card.index][bits][0])  # type: ignore[arg-type]
        if ross:
            extra.extend(_PLAYS[E.XVII][bits][1] for bits in [0, *subsets])  # type: ignore[misc]
        if top:
            extra.extend(_PLAYS[E.XVIII][bits][2] for bits in [0, *subsets])  # type: ignore[misc]
        return plain + tuple(extra)

    # ------------------------------------------------------------------------------------------
    # Applying actions

    def apply(self, action: Action, player: int | None = None) -> GameState:
        """The state after ``action`` by the player to act; this state is unchanged.

        :param player: if given, the seat that claims to act; a server passes it so that a move
            out of turn is refused with reason ``not_your_turn``.
        :raises IllegalActionError: with a machine-readable :class:`~strohmandeln.Reason` if the
            action is not legal here.

        >>> from strohmandeln import CLASSIC, deal, Pass
        >>> state = deal(CLASSIC, dealer=0, rng=1)
        >>> after = state.apply(Pass())
        >>> state.history, after.history
        ((), (Pass(),))
        """
        if player is not None or self._phase is not _PLAY or type(action) is not Play:
            self._check(action, player)
            if type(action) is not Play:
                return self._apply_decision(action)
        # The hot path: one card played (R13-R15). Everything below is checked here, once.
        card = action.card
        if type(card) is not Card:
            raise IllegalActionError(Reason.NOT_AN_ACTION, f"not a card: {card!r:.60}")
        i = card.index
        bit = 1 << i
        p = self._turn
        lead = self._lead
        if p == 0:
            h = self._h0
            t = self._t0
        else:
            h = self._h1
            t = self._t1
        avail = h | t
        if lead >= 0:
            legal = (avail & _FOLLOW[lead & 63]) or (avail & _TAROCKS) or avail
        else:
            legal = avail
        if not legal & bit:
            raise self._refusal(action, p)
        calls = self._calls
        if action is _PLAIN[i]:
            info = 0
        else:
            ann_bits, code = _variant_codes(action)
            if ann_bits:
                if ann_bits & self._ann_options(p) != ann_bits:
                    raise self._refusal(action, p)
                calls |= ann_bits << (2 * p)
            if code:
                if not self._d.rostopschin:
                    raise self._refusal(action, p)
                if code == 1:  # Ross
                    if i != E.XVII:
                        raise self._refusal(action, p)
                    calls = (calls & 15) | ((self._ntr << 1 | p) + 1) << 4
                elif i != E.XVIII or not self._topschin_allowed(p):
                    raise self._refusal(action, p)
            info = ann_bits << 1 | code << 3
        if h & bit:
            h ^= bit
        else:
            t ^= bit
            info |= 1
        n: GameState = _new(GameState)
        d = n._d = self._d
        n._hist = (self._hist, action)
        n._auc = self._auc
        n._calls = calls
        n._legal = None
        n._phase = _PLAY
        if lead < 0:
            n._lead = i | info << 6
            n._turn = 1 - p
            if p == 0:
                n._h0 = h
                n._t0 = t
                n._h1 = self._h1
                n._t1 = self._t1
            else:
                n._h1 = h
                n._t1 = t
                n._h0 = self._h0
                n._t0 = self._t0
            n._w0 = self._w0
            n._w1 = self._w1
            n._ntr = self._ntr
            n._tricks = self._tricks
            n._events = self._events
            return n
        # The follower completes the trick (R15).
        li = lead & 63
        winner = p if _FOLLOWER_WINS[li << 6 | i] else 1 - p
        if p == 0:
            h0 = h
            t0 = t
            h1 = self._h1
            t1 = self._t1
        else:
            h0 = self._h0
            t0 = self._t0
            h1 = h
            t1 = t
        if winner == 0:
            n._w0 = self._w0 | bit | 1 << li
            n._w1 = self._w1
        else:
            n._w0 = self._w0
            n._w1 = self._w1 | bit | 1 << li
        ntr = self._ntr + 1
        events = self._events
        if lead & 64:  # the leader's card came from a Strohmann: turn its next card
            c = d.nxt[li]
            if c >= 0:
                if p == 1:
                    h0, t0, events = d.turn_up(0, c, h0, t0, events, ntr)
                else:
                    h1, t1, events = d.turn_up(1, c, h1, t1, events, ntr)
        if info & 1:
            c = d.nxt[i]
            if c >= 0:
                if p == 0:
                    h0, t0, events = d.turn_up(0, c, h0, t0, events, ntr)
                else:
                    h1, t1, events = d.turn_up(1, c, h1, t1, events, ntr)
        n._h0 = h0
        n._h1 = h1
        n._t0 = t0
        n._t1 = t1
        n._events = events
        n._tricks = (self._tricks, (1 - p) | li << 1 | i << 7 | winner << 13 | (lead >> 6) << 14 | info << 19)
        n._ntr = ntr
        n._lead = -1
        if ntr == d.tricks:
            n._phase = _FINISHED
            n._turn = -1
        else:
            n._turn = winner
        return n

    def _apply_decision(self, action: Action) -> GameState:
        d = self._d
        n = self._copy()
        n._hist = (self._hist, action)
        phase = self._phase
        p = self._turn
        und, dbl, _ = self._auc
        if phase is _FOLD:
            if type(action) is Fold:
                n._phase = _VOID
                n._turn = -1
                n._auc = (-1, False, VoidReason.FOLDED)
                return n
            # Keep: a tarockless dealer is asked after Elder (R7 details).
            if p == d.elder and not d.hands[d.dealer] & _TAROCKS:
                n._turn = d.dealer
            else:
                n._phase = _AUCTION
                n._turn = d.elder
            return n
        if phase is _AUCTION:
            if type(action) is Take:
                n._auc = (p, False, None)
                if d.rules.undertaker_doubling:
                    n._phase = _DOUBLING
                    n._turn = 1 - p
                    return n
                return n._start_play()
            if p == d.elder:
                n._turn = d.dealer
                return n
            if d.rules.both_pass is BothPass.THROW_IN:
                n._phase = _VOID
                n._turn = -1
                n._auc = (-1, False, VoidReason.THROWN_IN)
                return n
            return n._start_play()
        # doubling (R10)
        n._auc = (und, type(action) is Double, None)
        return n._start_play()

    def _start_play(self) -> GameState:
        """Uncover the Strohmänner (R11, R12; Elder first, left to right) and begin play (R5)."""
        d = self._d
        events = self._events
        h = [self._h0, self._h1]
        t = [self._t0, self._t1]
        for p in (d.elder, d.dealer):
            for k in range(3):
                pile = d.piles[3 * p + k]
                if pile:
                    h[p], t[p], events = d.turn_up(p, pile[0], h[p], t[p], events, 0)
        self._h0, self._h1 = h
        self._t0, self._t1 = t
        self._events = events
        self._phase = _PLAY
        und = self._auc[0]
        if d.rules.first_lead is FirstLead.UNDERTAKER and und >= 0:
            self._turn = und
        else:
            self._turn = d.elder
        return self

    def _after_deal(self) -> tuple[Phase, int]:
        d = self._d
        if d.rules.fold_without_tarock:
            if not d.hands[d.elder] & _TAROCKS:
                return _FOLD, d.elder
            if not d.hands[d.dealer] & _TAROCKS:
                return _FOLD, d.dealer
        return _AUCTION, d.elder

    # ------------------------------------------------------------------------------------------
    # Refusals

    def _check(self, action: object, player: int | None) -> None:
        if player is not None:
            if type(player) is not int or player not in (0, 1):
                raise IllegalActionError(Reason.BAD_SEAT, f"no seat {player!r}; seats are 0 and 1")
            if self._turn >= 0 and player != self._turn:
                raise IllegalActionError(
                    Reason.NOT_YOUR_TURN, f"seat {player} may not act: seat {self._turn} is to act"
                )
        if not isinstance(action, (Play, Fold, Keep, Take, Pass, Double, NoDouble)):
            raise IllegalActionError(Reason.NOT_AN_ACTION, f"not an action: {action!r:.60}")
        if self._turn < 0:
            raise IllegalActionError(Reason.GAME_OVER, f"the deal is over ({self._phase.value}); no {action} now")
        phase = self._phase
        expected = {
            _FOLD: (Fold, Keep),
            _AUCTION: (Take, Pass),
            _DOUBLING: (Double, NoDouble),
            _PLAY: (Play,),
        }[phase]
        if not isinstance(action, expected):
            wanted = " or ".join(str(k()) if k is not Play else "a card" for k in expected)
            raise IllegalActionError(Reason.WRONG_PHASE, f"{action} is not possible in the {phase.value} phase; expected {wanted}")
        if isinstance(action, Play):
            if action not in self.legal_actions():
                raise self._refusal(action, self._turn)

    def _refusal(self, action: Play, p: int) -> IllegalActionError:
        d = self._d
        card = action.card
        if not isinstance(card, Card):
            return IllegalActionError(Reason.NOT_AN_ACTION, f"not a card: {card!r:.60}")
        i = card.index
        bit = 1 << i
        h, t = (self._h0, self._t0) if p == 0 else (self._h1, self._t1)
        avail = h | t
        if not d.deck_mask & bit:
            return IllegalActionError(Reason.CARD_NOT_IN_DECK, f"{card} is not in the {d.rules.deck.card_count}-card deck")
        if not avail & bit:
            # One refusal for every card he cannot play, face-down Strohmann cards included:
            # nobody, not even their owner, may learn what lies face down (R11).
            return IllegalActionError(Reason.CARD_NOT_AVAILABLE, f"seat {p} does not hold {card} (hand or face-up Strohmann top)")
        lead = self._lead
        if lead >= 0 and not (self._legal_mask() & bit):
            led = DECK_54[lead & 63]
            follow = _FOLLOW[lead & 63]
            if avail & follow:
                if led.is_tarock:
                    return IllegalActionError(Reason.MUST_PLAY_TAROCK, f"{led} was led: answer with a tarock, not {card}")
                if h & follow:
                    return IllegalActionError(Reason.MUST_FOLLOW_SUIT, f"{led} was led: follow suit, not {card}")
                tops = ", ".join(str(c) for c in E.cards_of(t & follow))
                return IllegalActionError(
                    Reason.MUST_FOLLOW_SUIT_FROM_STROHMANN,
                    f"{led} was led and {tops} lies face up on your Strohmann: follow suit with it, not {card} (R14)",
                )
            return IllegalActionError(Reason.MUST_PLAY_TAROCK, f"{led} was led and you cannot follow: play a tarock, not {card}")
        bits, _ = _variant_codes(action) if isinstance(action, Play) else (0, 0)
        if bits:
            opts = self._ann_options(p)
            bad = [a for k, a in enumerate((Announcement.TRULL, Announcement.FOUR_KINGS)) if bits >> k & 1 and not opts >> k & 1]
            if bad:
                why = _announcement_why(self, p, bad[0])
                return IllegalActionError(Reason.ANNOUNCEMENT_NOT_ALLOWED, f"cannot announce {bad[0].value} with {card}: {why}")
        if action.call is not None:
            return IllegalActionError(Reason.CALL_NOT_ALLOWED, f"cannot call {action.call.value} with {card}: {_call_why(self, action, p)}")
        return IllegalActionError(Reason.NOT_AN_ACTION, f"{action} is not legal here")

    # ------------------------------------------------------------------------------------------
    # Value semantics

    def _hand(self, p: int) -> int:
        return self._h0 if p == 0 else self._h1

    def _tops(self, p: int) -> int:
        return self._t0 if p == 0 else self._t1

    def _key(self) -> tuple[object, ...]:
        d = self._d
        order = None if d.order_index is None else tuple(d.order_index)
        return (d.rules, order, d.dealer, d.piles, d.hands, self.history)

    def __repr__(self) -> str:
        who = "-" if self._turn < 0 else str(self._turn)
        return (
            f"<GameState {self._d.rules.name} dealer={self._d.dealer} phase={self._phase.value} "
            f"tricks={self._ntr} to_act={who}>"
        )

    def __iter__(self) -> Iterator[Any]:  # pragma: no cover - guard against accidental unpacking
        raise TypeError("GameState is not iterable")


def _variant_codes(action: Play) -> tuple[int, int]:
    """The announcement bits and call code of a play; malformed values are refused."""
    try:
        ann_bits = _ANN_BITS.get(action.announcements)
        code = _CALL_CODE.get(action.call)
    except TypeError:  # unhashable values
        ann_bits = code = None
    if ann_bits is None or code is None:
        raise IllegalActionError(
            Reason.NOT_AN_ACTION,
            f"malformed announcements or call: {action.announcements!r:.40} {action.call!r:.20}",
        )
    return ann_bits, code


def _seat(player: object) -> int:
    if type(player) is not int or player not in (0, 1):
        raise IllegalActionError(Reason.BAD_SEAT, f"no seat {player!r}; seats are 0 and 1")
    return player


def _unpack_play(card: int, info: int) -> Play:
    play = _PLAYS[card][info >> 1 & 3][info >> 3 & 3]
    assert play is not None
    return play


def _unpack_trick(number: int, packed: int) -> Trick:
    leader = packed & 1
    li = packed >> 1 & 63
    fi = packed >> 7 & 63
    linfo = packed >> 14 & 31
    finfo = packed >> 19 & 31
    return Trick(
        number=number,
        leader=leader,
        plays=(_unpack_play(li, linfo), _unpack_play(fi, finfo)),
        from_strohmann=(bool(linfo & 1), bool(finfo & 1)),
        winner=packed >> 13 & 1,
    )


def _unpack_event(packed: int) -> StrohmannTurn:
    return StrohmannTurn(
        player=packed & 1,
        strohmann=packed >> 1 & 3,
        card=DECK_54[packed >> 3 & 63],
        to_hand=bool(packed >> 9 & 1),
        hidden=bool(packed >> 10 & 1),
        after_trick=packed >> 11,
    )


def _announcement_why(state: GameState, p: int, ann: Announcement) -> str:
    d = state._d
    enabled = d.ann_trull if ann is Announcement.TRULL else d.ann_kings
    if not enabled:
        return f"the {d.rules.name} rules have no announced {ann.value}"
    if state._calls >> (2 * p) & (1 if ann is Announcement.TRULL else 2):
        return "already announced"
    return "you do not hold all its cards in your hand (R17)"


def _call_why(state: GameState, action: Play, p: int) -> str:
    d = state._d
    if not d.rostopschin:
        return f"the {d.rules.name} rules have no Rostopschin"
    if action.call is Call.ROSS:
        return "Ross goes only with XVII (R18)"
    if action.card.index != E.XVIII:
        return "Topschin goes only with XVIII (R18)"
    if state._lead >= 0:
        return "Topschin goes only with a led XVIII (R18)"
    return "Topschin needs your called XVII to have won the previous trick (R18)"
