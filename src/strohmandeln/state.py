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

from typing import TYPE_CHECKING, Any, ClassVar, Final, NoReturn, Self

from ._base import args
from ._core import history, record, scoring, seen
from ._core.engine import KernelState
from ._core.masks import cards_of
from ._core.record import Record
from ._moment import Moment
from .actions import Action
from .cards import Card
from .errors import ArgumentTypeError, IllegalActionError, Reason, StateError
from .knowledge import PlayerView
from .results import DealResult
from .rules import RuleSet
from .table import Phase, StrohmannPile, StrohmannTurn, Trick, VoidReason, _Pictured, card_strength, trick_winner

__all__ = ["GameState", "Phase", "StrohmannPile", "StrohmannTurn", "Trick", "VoidReason", "card_strength", "trick_winner"]

_PLAY: Final = Phase.PLAY
_FINISHED: Final = Phase.FINISHED
_turn_of: Final = record.turn_of


class _NoSignature:
    """A class attribute ``__signature__`` for a class that users do not call: reading it raises
    ``ValueError``, which :func:`inspect.signature` passes on and :func:`help` takes for "no
    signature" (instead of the ``() -> None`` of a constructor that refuses every call)."""

    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def __get__(self, obj: object, owner: object = None) -> NoReturn:
        raise ValueError(f"{self._name} is not made by calling it (see its docstring)")


class GameState(_Pictured, Moment, KernelState):
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

    #: A state is made by :func:`~strohmandeln.deal` (and positions, documents, samples), never by
    #: calling the class: ``inspect.signature(GameState)`` says so, and ``help()`` shows no call.
    __signature__ = _NoSignature("GameState")

    # The reads of the record that the accessors shared with PlayerView make (strohmandeln._moment).
    _m_deal = property(lambda self: record.deal(self._c))
    _m_auc = property(lambda self: record.auction(self._c))
    _m_phase = property(lambda self: record.phase(self._c))
    _m_turn = property(lambda self: record.turn(self._c))
    _m_lead = property(lambda self: record.lead_of(self._c))
    _m_ntr = property(lambda self: record.trick_count(self._c))
    _m_calls = property(lambda self: record.calls_of(self._c))
    _m_hist = property(lambda self: record.hist_of(self._c))
    _m_tricks = property(lambda self: record.tricks_of(self._c))
    _m_setup = property(lambda self: record.deal(self._c).setup_tricks)

    def _m_cached(self, name: str, make: Any) -> Any:
        return make(self)  # (a state keeps nothing it works out: it is cheap to hold)

    def _m_tops(self, p: int) -> int:
        return record.seat(self._c, p)[1]

    def _m_won(self, p: int) -> int:
        return record.seat(self._c, p)[2]

    def _m_pile(self, p: int, k: int) -> tuple[int, int]:
        return record.pile(self._c, p, k)

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

    rules = Moment.rules
    dealer = Moment.dealer
    elder = Moment.elder

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
    #: The subclasses a state may be of (set below, once they are made: ``_base.args.is_a``).
    __sealed__: ClassVar[tuple[type, ...]]

    void_reason = Moment.void_reason
    undertaker = Moment.undertaker
    doubled = Moment.doubled
    is_simple_game = Moment.is_simple_game

    # ------------------------------------------------------------------------------------------
    # The card play

    trick_number = Moment.trick_number
    ply = Moment.ply
    history = Moment.history
    tricks = Moment.tricks
    current_trick = Moment.current_trick
    leader = Moment.leader

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

    strohmann_tops = Moment.strohmann_tops

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

    strohmann = Moment.strohmann
    strohmaenner = Moment.strohmaenner
    won_cards = Moment.won_cards
    card_points = Moment.card_points
    announcements = Moment.announcements

    # ------------------------------------------------------------------------------------------
    # Conveniences: the result, a view, the document

    multiplier = Moment.multiplier

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
        reason ``not_dealt``. A position's document that leaves no card to play (a finished deal
        claimed by its set-up alone, which no history proves) is refused so in any case.

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
#: A state is of one of the two: a subclass of GameState of anybody else's is no state for the
#: library's checks (``_base.args.is_a``: its attributes may answer anything, or raise).
GameState.__sealed__ = (_LiveState, _FinalState)

# What a user sees of a state's class is GameState's: ``type(state).__name__``, its qualified
# name and module (the two subclasses are how a state is made, not a second kind of state; their
# docstrings are GameState's for help(type(state))).
for _kind in (_LiveState, _FinalState):
    _kind.__name__ = _kind.__qualname__ = "GameState"
    _kind.__module__ = GameState.__module__
    _kind.__doc__ = GameState.__doc__
del _kind


def state_of(c: Record) -> GameState:
    """The state of a kernel record: how :func:`~strohmandeln.deal`, positions, samples and
    documents make their states (for the library's own modules; not part of the public API)."""
    s: GameState = _LiveState() if _turn_of(c) >= 0 else _FinalState()
    s._c = c
    return s


def record_of(state: GameState) -> Record:
    """The kernel record of a state (for the library's own modules; not part of the public API)."""
    return state._c
