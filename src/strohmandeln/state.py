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
from typing import TYPE_CHECKING, Any, ClassVar, Final

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
#: The legal actions of the phases other than the card play, by the phase's id (an enum
#: member's hash and its ``value`` are Python-level calls; ``id`` is not).
_DECISIONS: Final[dict[int, tuple[Action, ...]]] = {
    id(_FOLD): _FOLD_ACTIONS,
    id(_AUCTION): _AUCTION_ACTIONS,
    id(_DOUBLING): _DOUBLING_ACTIONS,
    id(_FINISHED): (),
    id(_VOID): (),
}
_ACTION_TYPES: Final = (Play, Fold, Keep, Take, Pass, Double, NoDouble)
#: The kinds of action each phase takes, by the phase's id.
_EXPECTED: Final[dict[int, tuple[type, ...]]] = {
    **{key: tuple(type(a) for a in actions) for key, actions in _DECISIONS.items() if actions},
    id(_PLAY): (Play,),
}
_FOLLOW = E.FOLLOW_MASK
_CLASS = E.CLASS
_TAROCKS = E.TAROCKS
#: The bit of each announcement in a seat's two bits of the calls field (R17).
ANN_BIT: Final = {Announcement.TRULL: 1, Announcement.FOUR_KINGS: 2}
#: The cards of the announcements of a seat's two bits (R17).
ANN_CARDS: Final = (0, E.TRULL, E.KINGS, E.TRULL | E.KINGS)
_ANN_BITS: Final = {
    frozenset(): 0,
    frozenset({Announcement.TRULL}): 1,
    frozenset({Announcement.FOUR_KINGS}): 2,
    frozenset({Announcement.TRULL, Announcement.FOUR_KINGS}): 3,
}

#: The fields of a state (``GameState._c``): the deal, the phase, the seat to act (-1: none),
#: the hands, the face-up Strohmann tops and the cards won of seats 0 and 1, the lead (-1, or
#: the led card | from_strohmann << 6 | announcement bits << 7 | call << 9), the number of
#: completed tricks, the calls (announcement bits, 2 per seat, | (Ross trick * 2 + seat + 1)
#: << 4), the auction's outcome (undertaker or -1, doubled, void reason), and three cons lists:
#: the actions, the packed tricks and the packed Strohmann events; and the legal actions of
#: the seat to act, found when the state is made (see GameState.legal_actions).
_Core = tuple[
    E.Deal,
    Phase,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    tuple[int, bool, "VoidReason | None"],
    Any,
    Any,
    Any,
    "tuple[Action, ...]",
]
#: The names of the fields of ``_c``, in order (each is a private property of GameState).
CORE_FIELDS: Final = (
    "_d", "_phase", "_turn", "_h0", "_h1", "_t0", "_t1", "_w0", "_w1",
    "_lead", "_ntr", "_calls", "_auc", "_hist", "_tricks", "_events", "_legal",
)
#: Positions in ``GameState._c`` of the fields that scoring and analysis read directly, without
#: the private properties (a test checks that each names its field in CORE_FIELDS).
F_DEAL: Final = 0
F_TURN: Final = 2
F_H0: Final = 3
F_H1: Final = 4
F_T0: Final = 5
F_T1: Final = 6
F_W0: Final = 7
F_W1: Final = 8
F_LEAD: Final = 9
F_NTR: Final = 10
F_CALLS: Final = 11
F_AUC: Final = 12
F_TRICKS: Final = 14
_NO_AUCTION: Final[tuple[int, bool, None]] = (-1, False, None)
_player_view: Callable[[GameState, int | None], PlayerView] | None = None  # views.player_view, imported on first use
_score: Callable[[GameState], DealResult] | None = None  # scoring._score, imported on first use
_W0, _W1, _W2, _W3 = E.WIDE_PLAYS
_FOLLOW_PLAYS = E.FOLLOW_PLAYS
_FOLLOW_SHIFT = E.FOLLOW_SHIFT
_TRULL = E.TRULL
_KINGS = E.KINGS
_XVII_BIT: Final = 1 << E.XVII
_XVIII_BIT: Final = 1 << E.XVIII
_PLAIN = PLAIN
# A completed trick is packed as leader | led card << 1 | followed card << 7 | winner << 13 |
# leader's info << 14 | follower's info << 19 (info = from_strohmann | announcements << 1 |
# call << 3), mostly straight from _TRICK below.
#: ``_LEAD_PACK[follower][lead]``: the leader's part of a packed trick, from the lead field
_LEAD_PACK: Final = tuple(tuple((1 - p) | (lead & 63) << 1 | (lead >> 6) << 14 for lead in range(1 << 11)) for p in (0, 1))


def _trick_row(p: int, lead: int) -> tuple[tuple[int, int, bool, int], ...]:
    """``_TRICK[p][lead]``: for each card the follower ``p`` may play on the lead field ``lead``."""
    led = lead & 63
    if led >= 54:  # no such card
        return ()
    row = []
    for f in range(54):
        follower_wins = (E.CLASS[f] == E.CLASS[led] and f > led) or (E.CLASS[f] == 0 and E.CLASS[led] != 0)
        w = p if follower_wins else 1 - p
        row.append((w, E.BIT[led] | E.BIT[f], E.CLASS[f] == E.CLASS[led], _LEAD_PACK[p][lead] | f << 7 | w << 13))
    return tuple(row)


#: ``_TRICK[follower][lead][played]``, for a lead field below 128 (a plain lead, from the hand or
#: from a Strohmann): what the trick's second card means (R14, R15) — the winner's seat (the
#: second card wins with a higher card of the same class, the tarocks or the led suit, or with
#: any tarock on a suit card), the mask of the two cards, whether the second card is of the led
#: class, and the packed trick without the follower's info (about 1.6 MB).
_TRICK: Final = tuple(tuple(_trick_row(p, lead) for lead in range(128)) for p in (0, 1))
_BIT: Final = E.BIT


def _call_play(index: int, code: int) -> Play:
    play = _PLAYS[index][0][code]
    assert play is not None
    return play


#: The plays with a call and no announcement (R18).
_ROSS: Final[tuple[Play, ...]] = (_call_play(E.XVII, 1),)
_TOPSCHIN: Final[tuple[Play, ...]] = (_call_play(E.XVIII, 2),)


def _after_deal(d: E.Deal) -> tuple[Phase, int]:
    """The first phase and the seat to act: a tarockless hand may fold first (R7)."""
    if d.rules.fold_without_tarock:
        if not d.hands[d.elder] & _TAROCKS:
            return _FOLD, d.elder
        if not d.hands[d.dealer] & _TAROCKS:
            return _FOLD, d.dealer
    return _AUCTION, d.elder


class GameState(E.ValueByKey):
    """One moment of a deal: an immutable value.

    Seats are 0 and 1. Build the first state with :func:`strohmandeln.deal`; get the next with
    :meth:`apply`. Two states are equal when they have the same rule set, deck order, dealer and
    history of actions (and, for a set-up position, the same position).

    >>> from strohmandeln import CLASSIC, DECK_54, deal, Pass
    >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
    >>> state.apply(Pass()) == deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass())
    True
    >>> state.is_terminal
    False
    >>> while not state.is_terminal:
    ...     state = state.apply(state.legal_actions()[0])
    >>> state.is_terminal, state.phase, isinstance(state, GameState)
    (True, <Phase.FINISHED: 'finished'>, True)
    """

    # The whole state is one tuple, ``_c`` (see ``_Core``): apply() unpacks it in one step and
    # builds the successor's in one step, which is far cheaper in CPython than copying a dozen
    # slots. The private properties below name its fields for the rest of the library.
    __slots__ = ("_c",)

    _c: _Core

    def __init__(self) -> None:
        raise TypeError("use strohmandeln.deal() to create a GameState")

    @classmethod
    def _initial(cls, deal: E.Deal) -> GameState:
        phase, turn = _after_deal(deal)
        h0, h1 = deal.hands
        s: GameState = _LiveState()
        s._c = (deal, phase, turn, h0, h1, 0, 0, 0, 0, -1, 0, 0, _NO_AUCTION, None, None, None, _DECISIONS[id(phase)])
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
        s: GameState = _LiveState() if turn >= 0 else _FinalState()
        c = (deal, phase, turn, hands[0], hands[1], tops[0], tops[1], won[0], won[1], lead, ntr, calls, auc, hist, tricks, events)
        s._c = (*c, _legal_of(c))
        return s

    # The fields of ``_c``, by name, for the library's other modules (read only).

    @property
    def _d(self) -> E.Deal:
        return self._c[0]

    @property
    def _phase(self) -> Phase:
        return self._c[1]

    @property
    def _turn(self) -> int:
        """The seat to act, -1 when nobody is."""
        return self._c[2]

    @property
    def _h0(self) -> int:
        return self._c[3]

    @property
    def _h1(self) -> int:
        return self._c[4]

    @property
    def _t0(self) -> int:
        """The face-up Strohmann tops of seat 0."""
        return self._c[5]

    @property
    def _t1(self) -> int:
        return self._c[6]

    @property
    def _w0(self) -> int:
        """The cards seat 0 has won in tricks."""
        return self._c[7]

    @property
    def _w1(self) -> int:
        return self._c[8]

    @property
    def _lead(self) -> int:
        """-1, or the led card | from_strohmann << 6 | announcement bits << 7 | call << 9."""
        return self._c[9]

    @property
    def _ntr(self) -> int:
        """The number of completed tricks."""
        return self._c[10]

    @property
    def _calls(self) -> int:
        """Announcement bits (2 per seat) | (Ross trick * 2 + seat + 1) << 4."""
        return self._c[11]

    @property
    def _auc(self) -> tuple[int, bool, VoidReason | None]:
        """The undertaker (-1: none), whether doubled, and the void reason."""
        return self._c[12]

    @property
    def _hist(self) -> Any:
        """The decisions before the card play (fold, auction, doubling) as a cons list; the
        plays are in ``_tricks`` and ``_lead`` (see :func:`actions_of`)."""
        return self._c[13]

    @property
    def _tricks(self) -> Any:
        """The packed completed tricks as a cons list."""
        return self._c[14]

    @property
    def _events(self) -> Any:
        """The packed Strohmann events as a cons list."""
        return self._c[15]

    @property
    def _legal(self) -> tuple[Action, ...]:
        """The legal actions of the seat to act (see :meth:`legal_actions`)."""
        return self._c[16]

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
        return self._c[1]

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the deal is over.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.current_player
        1
        """
        t = self._c[2]
        return None if t < 0 else t

    #: Whether the deal is over (finished or void); see the example above. A class attribute, so
    #: that reading it costs no call: every state is an instance of one of two private subclasses,
    #: for deals in progress and for finished or void deals, which set it
    #: (``isinstance(state, GameState)`` holds for every state).
    is_terminal: ClassVar[bool] = False

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
        c = self._c
        return actions_of(c[13], c[14], c[0].setup_tricks, c[9])

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
        pid = _pile(player, index)
        pile = self._d.piles[pid]
        gone = self._h0 | self._h1 | self._t0 | self._t1 | self._w0 | self._w1
        if self._lead >= 0:
            gone |= 1 << (self._lead & 63)
        tops = self._tops(pid // 3)
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
        global _score
        if not self.is_terminal:
            raise StateError(Reason.NOT_FINISHED, "the deal is not over yet")
        if _score is None:
            from .scoring import _score as score

            _score = score
        return _score(self)

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
        They are found when the state is made, so this returns the same tuple every time.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> actions = state.legal_actions()
        >>> len(actions), str(actions[0]), str(actions[-1])     # 18 cards, and with +trull
        (36, 'I', '♦4+trull')
        """
        return self._c[16]

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
        """The mask of the cards the seat to act may play (R13, R14)."""
        c = self._c
        avail = (c[3] | c[5]) if c[2] == 0 else (c[4] | c[6])
        lead = c[9]
        if lead < 0:
            return avail
        f = avail & _FOLLOW[lead & 63]
        if f:
            return f
        return (avail & _TAROCKS) or avail

    def _ann_options(self, p: int) -> int:
        """The announcements seat ``p`` may make with his next play (R17): bit 0 Trull, bit 1
        the four Kings (held in the hand and not yet announced)."""
        c = self._c
        return _ann_options(c[0], c[3] if p == 0 else c[4], c[11], p)

    def _topschin_allowed(self, p: int) -> bool:
        """Whether seat ``p`` may lead XVIII with Topschin now (R18): his called XVII won the
        previous trick."""
        c = self._c
        return _topschin_allowed(c[9], c[10], c[11], p)

    # ------------------------------------------------------------------------------------------
    # Applying actions

    def apply(self, action: Action, player: int | None = None) -> GameState:
        """The state after ``action`` by the player to act; this state is unchanged.

        Every action is checked. The plays that :meth:`legal_actions` and
        :func:`~strohmandeln.parse_action` return are interned objects and take the fastest
        path (recognised by identity, the card checked against the seat's masks), as do the
        decisions :meth:`legal_actions` returns; an equal action built by hand is accepted too,
        after a fuller check.

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
        d, phase, p, h0, h1, t0, t1, w0, w1, lead, ntr, calls, auc, hist, tricks, events, now = self._c
        legal: tuple[Action, ...]  # the successor's legal actions
        # The hot path takes the interned plain plays that legal_actions() and parse_action()
        # return, identified by identity; everything else is checked in full by _check first.
        if phase is _PLAY and player is None:
            try:  # (identity with an interned play also says it is a Play, of the exact type)
                i = action.card.index  # type: ignore[union-attr]
                plain = action is _PLAIN[i]
            except Exception:  # not a play, or a malformed card: _check says why
                plain = False
        elif player is None and now and (action is now[0] or action is now[-1]):
            # A decision that legal_actions() returned (each phase before the play has two,
            # interned): identity says it is legal here.
            return self._apply_decision(action)
        else:
            plain = False
        if plain:
            info = 0
        else:
            self._check(action, player, cards=False)
            if not isinstance(action, Play):
                return self._apply_decision(action)
            # A play that is not interned and plain: a copy, or one with announcements or a
            # call. The card first, then the rest, in the order _refusal explains refusals.
            card = action.card
            if type(card) is not Card or not self._legal_mask() & _BIT[card.index]:
                raise self._refusal(action, p)
            i = card.index
            ann = action.announcements
            if action.call is None and type(ann) is frozenset and not ann:
                action = _PLAIN[i]
                info = 0
            else:
                info, calls = self._variant_info(action, p, i, calls)
        bit = _BIT[i]
        if lead < 0:  # a lead: any card of the hand or a face-up Strohmann top (R13)
            code = i | info << 6 if info else i  # the lead field, but for from_strohmann
            # ``(x := m ^ bit) < m`` tests and removes the card in one big-int operation.
            if p == 0:
                if (x := h0 ^ bit) < h0:
                    h0 = x
                elif (x := t0 ^ bit) < t0:
                    t0 = x
                    code |= 64
                else:
                    raise self._refusal(action, p)
                q = 1
                h = h1
                m = h1 | t1
            else:
                if (x := h1 ^ bit) < h1:
                    h1 = x
                elif (x := t1 ^ bit) < t1:
                    t1 = x
                    code |= 64
                else:
                    raise self._refusal(action, p)
                q = 0
                h = h0
                m = h0 | t0
            # The follower's legal actions: the led class, else a tarock, else any card (R14).
            table = _FOLLOW_PLAYS[i]
            if table is not None and (suit := m >> _FOLLOW_SHIFT[i] & 255):
                legal = table[suit]
                m = 0  # no call goes with a suit card
            elif m & _TAROCKS:
                m &= _TAROCKS
                legal = _W0[m & 16383] + _W1[m >> 14]  # (the tarocks are cards 0-21)
            else:
                lo = m & 0xFFFFFFF
                hi = m >> 28
                legal = _W0[lo & 16383] + _W1[lo >> 14] + _W2[hi & 8191] + _W3[hi >> 13]
            if d.may_vary[q]:  # (as _vary, whose only call here is Ross: Topschin needs a lead)
                if d.ann_cards and (h & _TRULL == _TRULL or h & _KINGS == _KINGS):
                    legal = _vary(d, legal, m, h, q, calls, code, ntr)
                elif m & d.call_cards & _XVII_BIT:
                    legal = legal + _ROSS
            n: GameState = _LiveState()
            n._c = (d, _PLAY, q, h0, h1, t0, t1, w0, w1, code, ntr, calls, auc, hist, tricks, events, legal)
            return n
        # The follower: the led class if he can, else a tarock if he can, else anything (R14).
        if lead < 128:
            winner, pair, same, pack = _TRICK[p][lead][i]
        else:  # the lead carried an announcement or a call: its info from the lead field
            winner, pair, same, pack = _TRICK[p][lead & 63][i]
            pack |= _LEAD_PACK[p][lead] ^ _LEAD_PACK[p][lead & 63]
        if not same:
            li = lead & 63
            avail = (h0 | t0) if p == 0 else (h1 | t1)
            if avail & _FOLLOW[li] or (_CLASS[i] and avail & _TAROCKS):
                raise self._refusal(action, p)
        if p == 0:
            if (x := h0 ^ bit) < h0:
                h0 = x
            elif (x := t0 ^ bit) < t0:
                t0 = x
                info |= 1
            else:
                raise self._refusal(action, p)
        elif (x := h1 ^ bit) < h1:
            h1 = x
        elif (x := t1 ^ bit) < t1:
            t1 = x
            info |= 1
        else:
            raise self._refusal(action, p)
        # The trick is complete (R15).
        if winner:
            w1 |= pair
        else:
            w0 |= pair
        ntr += 1
        # A card played from a Strohmann uncovers the one below it (R11, R12), the leader's
        # first; the uncovering's event says whose pile it is.
        if lead & 64 or info & 1:
            for u in (d.uncover[lead & 63] if lead & 64 else None, d.uncover[i] if info & 1 else None):
                if u is None:
                    continue
                ha, ta, e, more = u
                if e & 1:
                    if ha:
                        h1 |= ha
                    if ta:
                        t1 |= ta
                else:
                    if ha:
                        h0 |= ha
                    if ta:
                        t0 |= ta
                events = (events, e | ntr << 11)
                while more is not None:  # cards taken into the hand: the next card turned too
                    events = (events, more[2] | ntr << 11)
                    more = more[3]
        tricks = (tricks, pack | info << 19 if info else pack)
        if ntr == d.tricks:
            n = _FinalState()
            n._c = (d, _FINISHED, -1, h0, h1, t0, t1, w0, w1, -1, ntr, calls, auc, hist, tricks, events, ())
            return n
        # The winner leads: his legal actions are all his cards (R13).
        m = (h1 | t1) if winner else (h0 | t0)
        lo = m & 0xFFFFFFF
        hi = m >> 28
        legal = _W0[lo & 16383] + _W1[lo >> 14] + _W2[hi & 8191] + _W3[hi >> 13]
        if d.may_vary[winner]:  # (as _vary, with the common calls inline)
            h = h1 if winner else h0
            if d.ann_cards and (h & _TRULL == _TRULL or h & _KINGS == _KINGS):
                legal = _vary(d, legal, m, h, winner, calls, -1, ntr)
            elif vm := m & d.call_cards:
                if vm == _XVII_BIT:  # Ross alone
                    legal = legal + _ROSS
                elif vm != _XVIII_BIT or calls >> 4:  # XVII and XVIII, or Topschin may be due
                    legal = _vary(d, legal, m, h, winner, calls, -1, ntr)
                # (XVIII alone before any Ross: no call goes with it)
        n = _LiveState()
        n._c = (d, _PLAY, winner, h0, h1, t0, t1, w0, w1, -1, ntr, calls, auc, hist, tricks, events, legal)
        return n

    def _variant_info(self, action: Play, p: int, i: int, calls: int) -> tuple[int, int]:
        """The info bits of a play with announcements or a call, and the new calls; refused
        if not allowed (R17, R18)."""
        ann_bits, code = _variant_codes(action)
        if ann_bits:
            if ann_bits & self._ann_options(p) != ann_bits:
                raise self._refusal(action, p)
            calls |= ann_bits << (2 * p)
        if code:
            if not self._c[0].rostopschin:
                raise self._refusal(action, p)
            if code == 1:  # Ross
                if i != E.XVII:
                    raise self._refusal(action, p)
                calls = (calls & 15) | ross_calls(self._c[10], p)
            elif i != E.XVIII or not self._topschin_allowed(p):
                raise self._refusal(action, p)
        return ann_bits << 1 | code << 3, calls

    def _with(self, phase: Phase, turn: int, auc: tuple[int, bool, VoidReason | None], hist: Any) -> GameState:
        """This state with a new phase, seat to act, auction outcome and history."""
        c = self._c
        n: GameState = _LiveState() if turn >= 0 else _FinalState()
        n._c = (c[0], phase, turn, c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10], c[11], auc, hist, c[14], c[15], _DECISIONS[id(phase)])
        return n

    def _apply_decision(self, action: Action) -> GameState:
        c = self._c
        d = c[0]
        phase = c[1]
        p = c[2]
        auc = c[12]
        hist = (c[13], action)
        if phase is _FOLD:
            if type(action) is Fold:
                return self._with(_VOID, -1, (-1, False, VoidReason.FOLDED), hist)
            # Keep: a tarockless dealer is asked after Elder (R7 details).
            if p == d.elder and not d.hands[d.dealer] & _TAROCKS:
                return self._with(_FOLD, d.dealer, auc, hist)
            return self._with(_AUCTION, d.elder, auc, hist)
        if phase is _AUCTION:
            if type(action) is Take:
                auc = (p, False, None)
                if d.rules.undertaker_doubling:
                    return self._with(_DOUBLING, 1 - p, auc, hist)
                return self._start_play(auc, hist)
            if p == d.elder:
                return self._with(_AUCTION, d.dealer, auc, hist)
            if d.rules.both_pass is BothPass.THROW_IN:
                return self._with(_VOID, -1, (-1, False, VoidReason.THROWN_IN), hist)
            return self._start_play(auc, hist)
        # doubling (R10)
        return self._start_play((auc[0], type(action) is Double, None), hist)

    def _start_play(self, auc: tuple[int, bool, VoidReason | None], hist: Any) -> GameState:
        """Uncover the Strohmänner (R11, R12; Elder first, left to right) and begin play (R5)."""
        c = self._c
        d = c[0]
        h0_add, h1_add, t0_add, t1_add, events = d.start  # found when the deal was made
        und = auc[0]
        turn = first_leader(d.rules, d.dealer, und)
        n: GameState = _LiveState()
        fields = (d, _PLAY, turn, c[3] | h0_add, c[4] | h1_add, c[5] | t0_add, c[6] | t1_add, c[7], c[8], c[9], c[10], c[11], auc, hist, c[14], events)
        n._c = fields + (_legal_of(fields),)
        return n

    # ------------------------------------------------------------------------------------------
    # Refusals

    def _check(self, action: object, player: int | None, cards: bool = True) -> None:
        """Raise the refusal of ``action`` (by ``player``, if given), if any; with
        ``cards=False`` a play's card, announcements and call are left to the caller."""
        c = self._c
        phase = c[1]
        turn = c[2]
        if player is not None:
            if type(player) is not int or player not in (0, 1):
                raise IllegalActionError(Reason.BAD_SEAT, f"no seat {player!r}; seats are 0 and 1")
            if turn >= 0 and player != turn:
                raise IllegalActionError(Reason.NOT_YOUR_TURN, f"seat {player} may not act: seat {turn} is to act")
        if type(action) not in _ACTION_TYPES:  # subclasses too: they equal no legal action
            raise IllegalActionError(Reason.NOT_AN_ACTION, f"not an action: {action!r:.60}")
        if type(action) is Play and (why := _malformed(action)):
            # (before anything formats or compares it: its parts may be any objects)
            raise IllegalActionError(Reason.NOT_AN_ACTION, f"not an action: a play with {why}")
        if turn < 0:
            raise IllegalActionError(Reason.GAME_OVER, f"the deal is over ({phase.value}); no {action} now")
        expected = _EXPECTED[id(phase)]
        if not isinstance(action, expected):
            wanted = " or ".join(str(k()) if k is not Play else "a card" for k in expected)
            raise IllegalActionError(Reason.WRONG_PHASE, f"{action} is not possible in the {phase.value} phase; expected {wanted}")
        if cards and isinstance(action, Play):
            if action not in self.legal_actions():
                raise self._refusal(action, turn)

    def _refusal(self, action: Action, p: int) -> IllegalActionError:
        d = self._d
        if not isinstance(action, Play):
            return IllegalActionError(Reason.NOT_AN_ACTION, f"not a play: {action!r:.60}")
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
        # The history as the state holds it (the decisions, the packed tricks and the lead
        # field: the same history gives the same fields in the same deal, and the fields give
        # the history back, see actions_of), which hashes in C; a position's set-up tricks are
        # part of it.
        c = self._c
        d = c[0]
        order = None if d.order_index is None else tuple(d.order_index)
        return (d.rules, order, d.dealer, d.piles, d.hands, c[13], c[14], c[9])

    def __repr__(self) -> str:
        who = "-" if self._turn < 0 else str(self._turn)
        return (
            f"<GameState {self._d.rules.name} dealer={self._d.dealer} phase={self._phase.value} "
            f"tricks={self._ntr} to_act={who}>"
        )

    def __iter__(self) -> Iterator[Any]:  # pragma: no cover - guard against accidental unpacking
        raise TypeError("GameState is not iterable")


# Every state is an instance of one of two private subclasses of GameState (whose own
# constructor refuses, as users must call deal()): they take object's C-level __init__, so that
# ``_LiveState()`` creates a state in one call, cheaper than ``object.__new__(GameState)``.


class _LiveState(GameState):
    """A state of a deal in progress (internal; a :class:`GameState` in every respect, and its
    repr says so)."""

    __slots__ = ()
    __init__ = object.__init__


class _FinalState(GameState):
    """A state of a finished or void deal: ``is_terminal`` is true (internal; a
    :class:`GameState` in every other respect, and its repr says so)."""

    __slots__ = ()
    __init__ = object.__init__

    is_terminal: ClassVar[bool] = True


def _legal_of(c: tuple[Any, ...]) -> tuple[Action, ...]:
    """The legal actions of the seat to act in the state whose fields (``_Core`` without the
    last) are ``c``: every legal action once, in a stable order (R13, R14, R17, R18).

    :meth:`GameState.apply` finds the same for its successors inline; this serves the other
    ways states are made.
    """
    d, phase, p, h0, h1, t0, t1, _w0, _w1, lead, ntr, calls = c[:12]
    if phase is not _PLAY:
        return _DECISIONS[id(phase)]
    if p == 0:
        h = h0
        m = h0 | t0
    else:
        h = h1
        m = h1 | t1
    legal: tuple[Play, ...]
    if lead < 0:  # any card (R13)
        legal = _lead_plays(m)
    else:  # the led class, else a tarock, else any card (R14)
        li = lead & 63
        table = _FOLLOW_PLAYS[li]
        if table is not None and (suit := m >> _FOLLOW_SHIFT[li] & 255):
            legal = table[suit]
            m = 0  # no call goes with a suit card
        elif m & _TAROCKS:
            m &= _TAROCKS
            legal = _W0[m & 16383] + _W1[m >> 14]  # (the tarocks are cards 0-21)
        else:
            legal = _lead_plays(m)
    if d.may_vary[p]:
        return _vary(d, legal, m, h, p, calls, lead, ntr)
    return legal


def _lead_plays(m: int) -> tuple[Play, ...]:
    """The plain plays of the cards of ``m``, in canonical order, from the chunk tables."""
    # (two 28-bit halves first: operations on one-digit ints are cheaper in CPython)
    lo = m & 0xFFFFFFF
    hi = m >> 28
    return _W0[lo & 16383] + _W1[lo >> 14] + _W2[hi & 8191] + _W3[hi >> 13]


def _vary(d: E.Deal, plain: tuple[Play, ...], m: int, h: int, p: int, calls: int, lead: int, ntr: int) -> tuple[Action, ...]:
    """The plain plays ``plain`` of seat ``p`` (``m``: the mask of their cards, ``h``: his hand)
    with the announcements (R17) and calls (R18) he may add to them, in a state with the given
    calls, lead and number of tricks. (``apply`` has these tests inline, and adds Ross alone
    itself; a property test checks that both agree.)"""
    if d.ann_cards and (h & _TRULL == _TRULL or h & _KINGS == _KINGS):  # an announcement may be open
        return _with_variants(d, plain, m, h, p, calls, lead, ntr)
    if m & d.call_cards:  # calls alone (R18)
        return plain + _call_plays(m, p, calls, lead, ntr)
    return plain


def _ann_options(d: E.Deal, h: int, calls: int, p: int) -> int:
    """The announcements seat ``p`` (hand ``h``) may make with his next play (R17): bit 0
    Trull, bit 1 the four Kings (held in the hand and not yet announced)."""
    if not d.ann_cards:
        return 0
    done = calls >> (2 * p)
    opts = 0
    if d.ann_trull and not done & 1 and h & _TRULL == _TRULL:
        opts |= 1
    if d.ann_kings and not done & 2 and h & _KINGS == _KINGS:
        opts |= 2
    return opts


def ross_calls(trick: int, p: int) -> int:
    """The calls field's record of seat ``p``'s Ross in trick ``trick`` (0-based, R18)."""
    return ((trick << 1 | p) + 1) << 4


def first_leader(rules: RuleSet, dealer: int, undertaker: int) -> int:
    """The seat that leads the first trick (R5): Elder, or the undertaker (``-1``: none) where
    the rules say so."""
    return undertaker if rules.first_lead is FirstLead.UNDERTAKER and undertaker >= 0 else 1 - dealer


def _topschin_allowed(lead: int, ntr: int, calls: int, p: int) -> bool:
    """Whether seat ``p`` may lead XVIII with Topschin (R18): his called XVII won the previous
    trick."""
    ross = calls >> 4
    return lead < 0 and ross > 0 and (ross - 1) >> 1 == ntr - 1 and (ross - 1) & 1 == p


def _call_plays(m: int, p: int, calls: int, lead: int, ntr: int) -> tuple[Play, ...]:
    """The calls seat ``p`` may make without an announcement (R18; ``m``: the mask of the legal
    cards): Ross with XVII, Topschin with a led XVIII after his called XVII won."""
    ross = _ROSS if m & _XVII_BIT else ()
    if m & _XVIII_BIT and _topschin_allowed(lead, ntr, calls, p):
        return ross + _TOPSCHIN
    return ross


def _with_variants(
    d: E.Deal, plain: tuple[Play, ...], m: int, h: int, p: int, calls: int, lead: int, ntr: int
) -> tuple[Action, ...]:
    """Add the announcement (R17) and call (R18) variants to the plain plays (``m``: the mask of
    the legal cards)."""
    call_plays = _call_plays(m, p, calls, lead, ntr) if d.rostopschin else ()
    opts = _ann_options(d, h, calls, p)
    if not opts:
        return plain + call_plays
    extra: list[Play] = []
    subsets = [b for b in (1, 2, 3) if b & opts == b]
    for bits in subsets:
        for play in plain:
            extra.append(_PLAYS[play.card.index][bits][0])  # type: ignore[arg-type]
    for call in call_plays:  # each call alone, then with each announcement it may carry
        code = 1 if call.call is Call.ROSS else 2
        extra.extend(_PLAYS[call.card.index][bits][code] for bits in [0, *subsets])  # type: ignore[misc]
    return plain + tuple(extra)


def _malformed(action: Play) -> str | None:
    """What is wrong with the parts of a play built by hand, if anything: a card that is not a
    :class:`Card`, announcements that are not a frozenset of :class:`Announcement`, a call that is
    not a :class:`Call`."""
    if type(action.card) is not Card:
        return f"a card that is not a card ({type(action.card).__name__})"
    ann = action.announcements
    if type(ann) is not frozenset or any(type(a) is not Announcement for a in ann):
        return f"announcements that are not a set of announcements ({type(ann).__name__})"
    call = action.call
    if call is not None and type(call) is not Call:
        return f"a call that is not a call ({type(call).__name__})"
    return None


def _variant_codes(action: Play) -> tuple[int, int]:
    """The announcement bits and call code of a play; malformed values are refused."""
    call = action.call
    # (an enum member's hash is a Python-level call: the call is found by identity)
    code = 0 if call is None else 1 if call is Call.ROSS else 2 if call is Call.TOPSCHIN else None
    try:
        ann_bits = _ANN_BITS.get(action.announcements)
    except TypeError:  # unhashable values
        ann_bits = None
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


def _pile(player: object, index: object) -> int:
    """The pile number (player * 3 + Strohmann) of Strohmann ``index`` of ``player``, both checked."""
    p = _seat(player)
    if type(index) is not int or not 0 <= index <= 2:
        raise StateError(Reason.BAD_STROHMANN, f"no Strohmann {index!r:.20}; they are numbered 0, 1, 2")
    return 3 * p + index


def _unpack_play(card: int, info: int) -> Play:
    play = _PLAYS[card][info >> 1 & 3][info >> 3 & 3]
    assert play is not None
    return play


def actions_of(hist: Any, tricks: Any, setup: int, lead: int) -> tuple[Action, ...]:
    """The history of actions: the decisions of the cons list ``hist``, then the two plays of
    each packed trick of the cons list ``tricks`` but its first ``setup`` (a position's set-up
    tricks, :mod:`strohmandeln.positions`), then the lead field's play, if any.

    (A state keeps its plays only in its tricks and its lead, so that a play adds no cell to a
    history list; views keep the same fields.)
    """
    out: list[Any] = E.walk(hist)
    t: Any
    for t in E.walk(tricks)[setup:]:
        if t & 0xF78000:  # an announcement or a call (the info fields but from_strohmann)
            out += (_PLAYS[t >> 1 & 63][t >> 15 & 3][t >> 17 & 3], _PLAYS[t >> 7 & 63][t >> 20 & 3][t >> 22 & 3])
        else:
            out += (_PLAIN[t >> 1 & 63], _PLAIN[t >> 7 & 63])
    if lead >= 0:
        out.append(_unpack_play(lead & 63, lead >> 6))
    return tuple(out)


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
    if state._calls >> (2 * p) & ANN_BIT[ann]:
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
