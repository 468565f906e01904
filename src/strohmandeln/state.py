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

from typing import TYPE_CHECKING, Any, ClassVar, Final, Self

from ._base import args
from ._core import history, record, scoring, seen
from ._core.engine import KernelState
from ._core.formats import announced
from ._core.masks import cards_of
from ._core.record import Record
from .actions import Action, Announcement, Play
from .cards import DECK_54, Card
from .errors import ArgumentTypeError, IllegalActionError, Reason, StateError
from .knowledge import PlayerView
from .points import CardPoints
from .results import DealResult
from .rules import RuleSet
from .table import Phase, StrohmannPile, StrohmannTurn, Trick, VoidReason, _Pictured, card_strength, trick_winner

__all__ = ["GameState", "Phase", "StrohmannPile", "StrohmannTurn", "Trick", "VoidReason", "card_strength", "trick_winner"]

_PLAY: Final = Phase.PLAY
_FINISHED: Final = Phase.FINISHED
_turn_of: Final = record.turn_of


class GameState(_Pictured, KernelState):
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

    # A state holds the kernel's record of its moment (:mod:`strohmandeln._core.record`), and
    # the kernel's class gives it apply() and legal_actions(); this class is its public face.
    # Every state is an instance of one of two private subclasses, for deals in progress and for
    # finished or void ones, so that ``is_terminal`` is a class attribute.
    __slots__ = ()

    def __init__(self) -> None:
        raise ArgumentTypeError(Reason.WRONG_TYPE, "use strohmandeln.deal() to create a GameState")

    if TYPE_CHECKING:
        # The kernel's methods take any object and refuse what is not an action or a seat (their
        # callers may pass untrusted values, and a compiled kernel checks annotated types itself);
        # for a type checker, these are what a caller should pass.
        def apply(self, action: Action, player: int | None = None, expected_ply: int | None = None) -> Self: ...  # type: ignore[override]

        def why_illegal(  # type: ignore[override]
            self, action: object, player: int | None = None, expected_ply: int | None = None
        ) -> IllegalActionError | None: ...

        def is_legal(self, action: object, player: int | None = None, expected_ply: int | None = None) -> bool: ...  # type: ignore[override]

    # ------------------------------------------------------------------------------------------
    # The deal and the auction

    @property
    def rules(self) -> RuleSet:
        """The rule set of the deal.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.rules.name
        'classic'
        """
        return record.deal(self._c).rules

    @property
    def dealer(self) -> int:
        """The dealer's seat.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.dealer
        0
        """
        return record.deal(self._c).dealer

    @property
    def elder(self) -> int:
        """Elder (Vorhand, the non-dealer): speaks first and leads by default (R5).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.elder, state.current_player
        (1, 1)
        """
        return record.deal(self._c).elder

    @property
    def order(self) -> tuple[Card, ...] | None:
        """The deck order the deal was dealt from (first card = top of the deck), if any.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.order[:3]
        (Card.parse('I'), Card.parse('II'), Card.parse('III'))
        """
        return record.deal(self._c).order

    phase = KernelState.phase
    current_player = KernelState.current_player

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
        return record.auction(self._c)[2]

    @property
    def undertaker(self) -> int | None:
        """The seat that took the game (R8), or ``None`` (no one yet, or a simple game).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.apply(Pass()).apply(parse_action("take")).undertaker
        0
        """
        u = record.auction(self._c)[0]
        return None if u < 0 else u

    @property
    def doubled(self) -> bool:
        """Whether the undertaker's game was doubled (R10).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.apply(parse_action("take")).doubled
        False
        """
        return record.auction(self._c)[1]

    @property
    def is_simple_game(self) -> bool:
        """Whether the card play is a simple game (both passed, R9).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> state.is_simple_game
        True
        """
        return record.auction(self._c)[0] < 0 and record.phase(self._c) in (_PLAY, _FINISHED)

    # ------------------------------------------------------------------------------------------
    # The card play

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
        return record.trick_count(self._c)

    @property
    def ply(self) -> int:
        """The move number: how many actions were applied since the deal (or the position's
        set-up), ``len(history)``. A server sends it with every view, and a client sends it back
        with its move: ``apply(action, player=seat, expected_ply=ply)`` refuses a stale or
        replayed move with reason ``stale_move``.

        >>> from strohmandeln import CLASSIC, deal, Pass, Take, IllegalActionError
        >>> state = deal(CLASSIC, dealer=0, rng=1)
        >>> state.ply, state.apply(Pass()).ply
        (0, 1)
        >>> after = state.apply(Pass(), player=1, expected_ply=0)
        >>> try:
        ...     after.apply(Take(), player=0, expected_ply=0)     # the same message again
        ... except IllegalActionError as error:
        ...     print(error.reason.value, "|", error)
        stale_move | a move for move 0, but the deal is at move 1
        """
        return history.ply_of_record(self._c)

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
        return history.of_record(self._c)

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
        return history.tricks_of_record(self._c)

    @property
    def current_trick(self) -> tuple[Play, ...]:
        """The plays of the trick in progress (none or the lead).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> state.apply(parse_action("♠7")).current_trick[0].card
        Card.parse('♠7')
        """
        lead = record.lead_of(self._c)
        return () if lead < 0 else (history.lead_play(lead),)

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
        if record.phase(self._c) is not _PLAY:
            return None
        turn = record.turn(self._c)
        return 1 - turn if record.lead_of(self._c) >= 0 else turn

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
        return history.events_of(self._c)

    def hand(self, player: int) -> tuple[Card, ...]:
        """The cards in ``player``'s hand, in canonical order.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> [str(c) for c in state.hand(0)][:5]
        ['VI', 'VII', 'VIII', 'IX', 'X']

        :raises ArgumentTypeError: if ``player`` is not a whole number.
        :raises ArgumentValueError: with reason ``bad_seat`` if it is not 0 or 1.
        """
        return cards_of(record.seat(self._c, args.seat(player))[0])

    def strohmann_tops(self, player: int) -> tuple[Card, ...]:
        """The face-up top cards of ``player``'s Strohmänner, in canonical order.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> [str(c) for c in state.strohmann_tops(1)]
        ['♠7', '♥4', '♦4']

        :raises ArgumentTypeError: if ``player`` is not a whole number.
        :raises ArgumentValueError: with reason ``bad_seat`` if it is not 0 or 1.
        """
        return cards_of(record.seat(self._c, args.seat(player))[1])

    def available(self, player: int) -> tuple[Card, ...]:
        """The cards ``player`` could play (hand and face-up tops), in canonical order (R13).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> len(state.available(1)), len(state.hand(1))
        (18, 15)

        :raises ArgumentTypeError: if ``player`` is not a whole number.
        :raises ArgumentValueError: with reason ``bad_seat`` if it is not 0 or 1.
        """
        hand, tops, _ = record.seat(self._c, args.seat(player))
        return cards_of(hand | tops)

    def strohmann(self, player: int, index: int) -> StrohmannPile:
        """Strohmann ``index`` (0, 1, 2 from the left) of ``player``: its top and face-down count.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> state.strohmann(1, 0)
        StrohmannPile(face_up=Card.parse('♠7'), face_down=3)

        :raises ArgumentTypeError: if ``player`` or ``index`` is not a whole number.
        :raises ArgumentValueError: with reason ``bad_seat`` or ``bad_strohmann`` if one is out of range.
        """
        top, down = record.pile(self._c, args.seat(player), args.strohmann(index))
        return StrohmannPile(None if top < 0 else DECK_54[top], down)

    def strohmaenner(self, player: int) -> tuple[StrohmannPile, StrohmannPile, StrohmannPile]:
        """All three Strohmänner of ``player``.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> [pile.face_down for pile in state.strohmaenner(0)]
        [3, 3, 3]

        :raises ArgumentTypeError: if ``player`` is not a whole number.
        :raises ArgumentValueError: with reason ``bad_seat`` if it is not 0 or 1.
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

        :raises ArgumentTypeError: if ``player`` is not a whole number.
        :raises ArgumentValueError: with reason ``bad_seat`` if it is not 0 or 1.
        """
        return cards_of(record.seat(self._c, args.seat(player))[2])

    def card_points(self, player: int) -> CardPoints:
        """The exact card points in ``player``'s tricks so far (R2, R4).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> state = state.apply(parse_action("♠7")).apply(parse_action("♠J"))
        >>> print(state.card_points(0))                         # ⅓ + 1⅓
        1⅔

        :raises ArgumentTypeError: if ``player`` is not a whole number.
        :raises ArgumentValueError: with reason ``bad_seat`` if it is not 0 or 1.
        """
        won = record.seat(self._c, args.seat(player))[2]
        return CardPoints(record.deal(self._c).data.thirds_of(won))

    def announcements(self, player: int) -> frozenset[Announcement]:
        """The announcements ``player`` has made (R17).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> state = state.apply(parse_action("I+trull"))     # Elder holds I, XXI and Sküs
        >>> state.announcements(1)
        frozenset({<Announcement.TRULL: 'trull'>})

        :raises ArgumentTypeError: if ``player`` is not a whole number.
        :raises ArgumentValueError: with reason ``bad_seat`` if it is not 0 or 1.
        """
        return history.ANNOUNCEMENTS[announced(record.calls_of(self._c), args.seat(player))]

    # ------------------------------------------------------------------------------------------
    # Conveniences: the result, a view, the document

    @property
    def multiplier(self) -> int:
        """The deal's stakes: how many times its score counts (R26). A deal dealt by a
        :class:`~strohmandeln.Match` (:meth:`Match.deal <strohmandeln.Match.deal>`) carries the
        match's multiplier, which :meth:`result` applies; 1 otherwise.

        >>> from strohmandeln import CLASSIC, deal
        >>> deal(CLASSIC, dealer=0, rng=1).multiplier, deal(CLASSIC, dealer=0, rng=1, multiplier=2).multiplier
        (1, 2)
        """
        return record.multiplier_of(self._c)

    def result(self, *, multiplier: int | None = None, rules: RuleSet | None = None) -> DealResult:
        """The itemised result of the finished (or void) deal (R24), every line counted
        :attr:`multiplier` times (R26; see :class:`~strohmandeln.Match`), or ``multiplier``
        times if it is given.

        With ``rules``, the deal is scored by another rule set's table, nothing replayed: the
        same cards won, tricks, auction, announcements and calls (the rule set must have the
        same deck). What the other rules do not have scores nothing — an announcement or a call
        their table has no bonus for, a doubling where they have none (R10: the game counts
        once) — and a bonus of theirs that needed an announcement or a call the deal's rules
        did not allow scores for nobody (no one could make it). A simple game stays one where
        the other rules would have thrown the deal in (R9), and a void deal is void under any.

        :raises StateError: with reason ``not_finished`` while the deal goes on, ``wrong_rules``
            for ``rules`` of another deck (a 54-card deal under the 40-card preset).
        :raises ArgumentTypeError: if ``multiplier`` is not a whole number (``True`` neither) or
            ``rules`` not a :class:`~strohmandeln.RuleSet`.
        :raises ArgumentValueError: if ``multiplier`` is below 1 (``bad_value``) or above
            :data:`~strohmandeln.limits.MAX_MULTIPLIER` (``too_large``).

        >>> from strohmandeln import BECK, CLASSIC, DECK_54, ZWANZIGERRUFEN_40, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.result()
        Traceback (most recent call last):
        ...
        strohmandeln.errors.StateError: the deal is not over yet
        >>> while not state.is_terminal:
        ...     state = state.apply(state.legal_actions()[0])
        >>> state.result().totals, state.result(rules=BECK).totals, state.result(rules=BECK).rules
        ((4, -4), (3, -3), 'beck')
        >>> state.result(rules=ZWANZIGERRUFEN_40)
        Traceback (most recent call last):
        ...
        strohmandeln.errors.StateError: a deal of the 54-card deck cannot be scored under rules of the 40-card deck (zwanzigerrufen40)
        """
        if multiplier is None:
            multiplier = record.multiplier_of(self._c)
        elif type(multiplier) is not int or multiplier != 1:
            multiplier = args.stakes(multiplier)
        if rules is not None:
            args.instance(rules, RuleSet, "rules")
        if not self.is_terminal:
            raise StateError(Reason.NOT_FINISHED, "the deal is not over yet")
        if rules is None:
            return scoring.result_of(self._c, multiplier)
        return scoring.result_by(self._c, multiplier, rules)

    def view(self, player: int | None) -> PlayerView:
        """What ``player`` knows of this state; ``None`` gives the spectator view (public
        information only). See :mod:`strohmandeln.views`.

        >>> from strohmandeln import CLASSIC, DECK_54, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).view(1)
        >>> view.hand == deal(CLASSIC, dealer=0, order=DECK_54).hand(1), view.known_hand(0)
        (True, ())

        :raises ArgumentTypeError: if ``player`` is neither ``None`` nor a whole number.
        :raises ArgumentValueError: with reason ``bad_seat`` if it is not 0 or 1.
        """
        return PlayerView(seen.project(self, None if player is None else args.seat(player)))

    def to_dict(self) -> dict[str, Any]:
        """The JSON-compatible form: rule set, dealer, deck order and actions (see
        :mod:`strohmandeln.serialization`).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, Pass
        >>> document = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).to_dict()
        >>> document["actions"], document["dealer"]
        (['pass'], 0)
        """
        from ._core import documents  # (on first use: playing needs no document codec)

        return documents.state_document(self._c)

    @staticmethod
    def from_dict(data: object, *, dealt_only: bool = False) -> GameState:
        """Rebuild a state from :meth:`to_dict`'s form by replaying its actions.

        A game server that accepts only deals dealt from a deck order and replayed passes
        ``dealt_only=True``: a position's document (:mod:`strohmandeln.positions`), which
        describes where the cards lie rather than how they got there, is then refused with
        reason ``not_dealt``.

        :raises SerializationError: if the document is malformed or an action is illegal.
        :raises ArgumentTypeError: if ``dealt_only`` is not a ``bool``.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, Pass, GameState
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass())
        >>> GameState.from_dict(state.to_dict()) == state
        True
        """
        from ._core import documents  # (on first use: playing needs no document codec)

        return state_of(documents.state_record(data, args.flag(dealt_only, "dealt_only")))

    # ------------------------------------------------------------------------------------------
    # Legal actions and applying actions (the kernel's: see _core.engine.KernelState)

    legal_actions = KernelState.legal_actions
    is_legal = KernelState.is_legal
    why_illegal = KernelState.why_illegal
    apply = KernelState.apply

    # ------------------------------------------------------------------------------------------
    # Value semantics

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self is other or record.key(self._c) == record.key(other._c)

    def __hash__(self) -> int:
        return hash(record.key(self._c))

    def __copy__(self) -> GameState:
        return self

    def __deepcopy__(self, memo: object) -> GameState:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (state_of, (self._c,))

    def __repr__(self) -> str:
        c = self._c
        turn = record.turn(c)
        rules = record.deal(c).rules
        return (
            f"<GameState {rules.name} dealer={record.deal(c).dealer} phase={record.phase(c).value} "
            f"tricks={record.trick_count(c)} to_act={'-' if turn < 0 else turn}>"
        )

    def __iter__(self) -> Any:  # pragma: no cover - guard against accidental unpacking
        raise TypeError("GameState is not iterable")


# Every state is an instance of one of two private subclasses of GameState (whose own
# constructor refuses, as users must call deal()): they take object's C-level __init__, so that
# ``_LiveState()`` creates a state in one call.


class _FinalState(GameState):
    """A state of a finished or void deal: ``is_terminal`` is true (internal; a
    :class:`GameState` in every other respect, and its repr says so)."""

    __slots__ = ()
    __init__ = object.__init__

    is_terminal: ClassVar[bool] = True


class _LiveState(GameState):
    """A state of a deal in progress (internal; a :class:`GameState` in every respect, and its
    repr says so)."""

    __slots__ = ()
    __init__ = object.__init__


_LiveState._final = _FinalState._final = _FinalState


def state_of(c: Record) -> GameState:
    """The state of a kernel record: how :func:`~strohmandeln.deal`, positions, samples and
    documents make their states (for the library's own modules; not part of the public API)."""
    s: GameState = _LiveState() if _turn_of(c) >= 0 else _FinalState()
    s._c = c
    return s


def record_of(state: GameState) -> Record:
    """The kernel record of a state (for the library's own modules; not part of the public API)."""
    return state._c
