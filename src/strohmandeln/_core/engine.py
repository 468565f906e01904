"""The state objects of the kernel: the legal actions, and applying an action (R7-R18).

:class:`KernelState` holds a record (:mod:`._core.record`) and has the two methods every simulation
calls: :meth:`~KernelState.legal_actions`, which works out the seat's legal actions (the pipeline
of :mod:`._core.plays`: its card stages are here, the rest there) on first request and keeps
them, and :meth:`~KernelState.apply`, which checks an action and makes the next state; the old
one is never changed. A play that ``legal_actions`` returned (an interned object) is recognised by
identity and its card by the legal cards, which is the fast path of every simulation.

:class:`strohmandeln.GameState` is the public subclass; the kernel replays documents and samples
with its own (:func:`step`).
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, Self

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # (mypyc reads the marker when it compiles; at run time it is never called)
    from .nocompile import mypyc_attr  # type: ignore[assignment]

from .._base.args import whole, wrong_type
from .._base.masks import BIT, TAROCKS
from ..actions import PLAIN, Action, Double, Fold, Keep, NoDouble, Pass, Play, Take
from ..errors import IllegalActionError, Reason, shown
from .history import ply_of_record
from ..table import Phase, VoidReason
from .formats import CARD, I_STROHMANN, L_INFO, L_STROHMANN, T_FOLLOWED_INFO, T_LED_INFO
from .tables import TRICK_OUTCOME
from .plays import answer_plays, lead_plays, play_refusal, variant_info
from .record import AUC, CALLS, DEAL, DECISIONS, EVENTS, H0, H1, HIST, LEAD, LEGAL, LMASK, NTR, PHASE, T0, T1, TRICKS, TURN, UNDERTAKER, W0, W1, Record
from .deal import Deal, uncovered
from .ruledata import RuleData

_FOLD: Final = Phase.FOLD
_AUCTION: Final = Phase.AUCTION
_DOUBLING: Final = Phase.DOUBLING
_PLAY: Final = Phase.PLAY
_FINISHED: Final = Phase.FINISHED
#: (a module constant: compiled code reads an imported name from the module's dict at every use)
_PLAIN: Final = PLAIN
_VOID: Final = Phase.VOID
#: The ids of the action types (a set of ints: a type of the caller's is never hashed or compared).
_ACTION_TYPES: Final = frozenset(id(t) for t in (Play, Fold, Keep, Take, Pass, Double, NoDouble))
#: The kinds of action each phase takes, by the phase's id.
_EXPECTED: Final[dict[int, tuple[type, ...]]] = {
    **{key: tuple(type(a) for a in actions) for key, actions in DECISIONS.items() if actions},
    id(_PLAY): (Play,),
}


@mypyc_attr(allow_interpreted_subclasses=True)  # (GameState, in state.py, is not compiled)
class KernelState:
    """A state object: the record of one moment of a deal (:mod:`._core.record`) and the methods
    every simulation calls.

    A state of a deal in progress makes the next one of its own class; a concrete class names
    in ``_final`` the class of the finished or void states it makes, whose instances set
    ``is_terminal`` — a class attribute, which costs no call to read.
    """

    __slots__ = ("_c",)

    _c: Record
    #: Whether the deal is over (finished or void).
    is_terminal: ClassVar[bool] = False
    #: The class of the finished or void states made from states of this class.
    _final: ClassVar[type[KernelState]]

    @property
    def phase(self) -> Phase:
        """The current :class:`~strohmandeln.Phase`.

        >>> from strohmandeln import CLASSIC, DECK_54, deal
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.phase
        <Phase.AUCTION: 'auction'>
        """
        phase: Phase = self._c[PHASE]
        return phase

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the deal is over.

        >>> from strohmandeln import CLASSIC, DECK_54, deal
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.current_player
        1
        """
        turn: int = self._c[TURN]
        return None if turn < 0 else turn

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
        return self._c[LEGAL]  # type: ignore[no-any-return]

    def apply(self, action: object, player: object = None, expected_ply: object = None) -> Self:
        """The state after ``action`` by the player to act; this state is unchanged.

        Every action is checked. The plays that :meth:`legal_actions` and
        :func:`~strohmandeln.parse_action` return are interned objects and take the fastest
        path (recognised by identity, the card checked against the legal cards), as do the
        decisions :meth:`legal_actions` returns; an equal action built by hand is accepted too,
        after a fuller check.

        :param player: if given, the seat that claims to act; a server passes it so that a move
            out of turn is refused with reason ``not_your_turn``.
        :param expected_ply: if given, the move number the sender saw (:attr:`ply`); a server
            passes it so that a stale or replayed move is refused with reason ``stale_move``
            before anything else is checked.
        :raises IllegalActionError: with a machine-readable :class:`~strohmandeln.Reason` if the
            action is not legal here: any value that is no action has reason ``not_an_action``,
            a whole number that is no seat ``bad_seat``, another move number ``stale_move``.
        :raises ArgumentTypeError: if ``player`` or ``expected_ply`` is not a whole number (a
            text, a float, a ``bool``); :meth:`why_illegal` and :meth:`is_legal` raise it too.

        >>> from strohmandeln import CLASSIC, deal, Pass
        >>> state = deal(CLASSIC, dealer=0, rng=1)
        >>> after = state.apply(Pass())
        >>> state.history, after.history
        ((), (Pass(),))
        """
        c = self._c
        n: KernelState
        # (typed for the compiled build, whose arithmetic on them is then native; the
        # interpreter reads no annotation of a local)
        d: Deal
        p: int
        h0: int
        h1: int
        t0: int
        t1: int
        w0: int
        w1: int
        lead: int
        ntr: int
        calls: int
        lmask: int
        # (the record's fields, in the order of record.FIELDS: the hot path reads them all at once
        # and builds the next record in the same order)
        d, phase, p, h0, h1, t0, t1, w0, w1, lead, ntr, calls, auc, hist, tricks, events, now, lmask = c
        if expected_ply is not None:
            check_ply(c, expected_ply)
        # The hot path: an interned plain play (what legal_actions() and parse_action() return,
        # recognised by identity) of a legal card.
        if phase is _PLAY and player is None:
            # (only a Play's card is read here: anything else may be an object of any kind,
            # whose attributes are never asked for; check() says what it is)
            if type(action) is Play:
                i: int = action.card.index
                bit = BIT[i]
                fast = action is _PLAIN[i] and lmask & bit
            else:
                fast = False
        elif player is None and now and (action is now[0] or action is now[-1]):
            # A decision that legal_actions() returned: identity says it is legal here.
            return self._made(_decide(c, action))  # type: ignore[no-any-return]
        else:
            fast = False
        info = 0
        if not fast:
            check(c, action, player)
            if not isinstance(action, Play):
                return self._made(_decide(c, action))  # type: ignore[no-any-return]
            i = action.card.index
            bit = BIT[i]
            hand, tops = (h0, t0) if p == 0 else (h1, t1)
            if not lmask & bit:
                raise play_refusal(d, p, hand, tops, lead, ntr, calls, action, lmask)
            if action is not _PLAIN[i]:
                info, calls = variant_info(d, p, hand, lead, ntr, calls, action)
        if lead < 0:  # a lead (R13): from the hand, else from a face-up Strohmann top
            code = i | info << L_INFO if info else i
            if p == 0:
                if h0 & bit:
                    h0 ^= bit
                else:
                    t0 ^= bit
                    code |= L_STROHMANN
                m, legal = answer_plays(d, 1, h1, h1 | t1, code, ntr, calls)
                n = type(self)()
                n._c = (d, _PLAY, 1, h0, h1, t0, t1, w0, w1, code, ntr, calls, auc, hist, tricks, events, legal, m)
                return n
            if h1 & bit:
                h1 ^= bit
            else:
                t1 ^= bit
                code |= L_STROHMANN
            m, legal = answer_plays(d, 0, h0, h0 | t0, code, ntr, calls)
            n = type(self)()
            n._c = (d, _PLAY, 0, h0, h1, t0, t1, w0, w1, code, ntr, calls, auc, hist, tricks, events, legal, m)
            return n
        # The second card completes the trick (R15).
        led = lead & CARD
        if p == 0:
            if h0 & bit:
                h0 ^= bit
            else:
                t0 ^= bit
                info |= I_STROHMANN
        elif h1 & bit:
            h1 ^= bit
        else:
            t1 ^= bit
            info |= I_STROHMANN
        winner, pair, packed = TRICK_OUTCOME[p][led << 6 | i]
        if winner:
            w1 |= pair
        else:
            w0 |= pair
        ntr += 1
        # A card played from a Strohmann uncovers the one below it (R11, R12), the leader's first;
        # the uncovering's event says whose pile it is.
        if lead & L_STROHMANN or info & I_STROHMANN:
            h0, h1, t0, t1, events = uncovered(
                d.uncover[led] if lead & L_STROHMANN else None, d.uncover[i] if info & I_STROHMANN else None, ntr, h0, h1, t0, t1, events
            )
        if lead > CARD or info:  # (the cards' info: from a Strohmann, announcements, call)
            packed |= (lead >> L_INFO) << T_LED_INFO | info << T_FOLLOWED_INFO
        tricks = (tricks, packed)
        if ntr == d.tricks:
            n = self._final()
            n._c = (d, _FINISHED, -1, h0, h1, t0, t1, w0, w1, -1, ntr, calls, auc, hist, tricks, events, (), 0)
            return n  # type: ignore[return-value]  # (the final class of this one)
        # The winner leads the next trick (R15).
        if winner:
            m, legal = lead_plays(d, 1, h1, h1 | t1, ntr, calls)
        else:
            m, legal = lead_plays(d, 0, h0, h0 | t0, ntr, calls)
        n = type(self)()
        n._c = (d, _PLAY, winner, h0, h1, t0, t1, w0, w1, -1, ntr, calls, auc, hist, tricks, events, legal, m)
        return n

    def _made(self, c: Record) -> Any:
        """The state object of a record made from this state's."""
        n = type(self)() if c[TURN] >= 0 else self._final()
        n._c = c
        return n

    def is_legal(self, action: object, player: object = None, expected_ply: object = None) -> bool:
        """Whether ``action`` may be applied now (by ``player``, if given: as :meth:`apply` and
        :meth:`why_illegal` take it; a seat that is not to act may apply nothing).

        :raises ArgumentTypeError: if ``player`` or ``expected_ply`` is not a whole number.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> state.is_legal(parse_action("♠7")), state.is_legal(parse_action("♠J"))
        (True, False)
        >>> state.is_legal(parse_action("♠7"), player=1), state.is_legal(parse_action("♠7"), player=0)
        (True, False)
        """
        return self.why_illegal(action, player, expected_ply) is None

    def why_illegal(self, action: object, player: object = None, expected_ply: object = None) -> IllegalActionError | None:
        """``None`` if ``action`` is legal (for ``player``, if given), else the error apply would raise.

        :raises ArgumentTypeError: if ``player`` or ``expected_ply`` is not a whole number.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> state.why_illegal(parse_action("♠J")).reason
        <Reason.CARD_NOT_AVAILABLE: 'card_not_available'>
        """
        c = self._c
        try:
            if expected_ply is not None:
                check_ply(c, expected_ply)
            check(c, action, player)
            if isinstance(action, Play):
                d, p, lead, ntr, calls = c[DEAL], c[TURN], c[LEAD], c[NTR], c[CALLS]
                hand, tops = (c[H0], c[T0]) if p == 0 else (c[H1], c[T1])
                i = action.card.index
                if not c[LMASK] >> i & 1:
                    return play_refusal(d, p, hand, tops, lead, ntr, calls, action, c[LMASK])
                if action is not _PLAIN[i]:
                    variant_info(d, p, hand, lead, ntr, calls, action)
        except IllegalActionError as error:
            return error
        return None

    def _legal_mask(self) -> int:
        """The cards the seat to act may play (0 outside the card play)."""
        return self._c[LMASK]  # type: ignore[no-any-return]


class _ReplayedFinal(KernelState):
    __slots__ = ()
    is_terminal: ClassVar[bool] = True


class Replayed(KernelState):
    """The kernel's own state objects, for replays (:func:`step`) and searches."""

    __slots__ = ()


Replayed._final = _ReplayedFinal
_ReplayedFinal._final = _ReplayedFinal


def replayed(c: Record) -> KernelState:
    """A kernel state object of the record ``c``."""
    s: KernelState = _ReplayedFinal() if c[TURN] < 0 else Replayed()
    s._c = c
    return s


def step(c: Record, action: object, player: object = None) -> Record:
    """The record after ``action`` (by ``player``, if given) in the record ``c``; raises its
    refusal (the kernel's replays of documents and samples)."""
    return replayed(c).apply(action, player)._c


def check_ply(c: Record, expected: object) -> None:
    """Refuse a move sent for another moment than the record's (``stale_move``)."""
    ply = ply_of_record(c)
    number = expected if type(expected) is int else whole(expected)
    if number is None:  # (a text, a float, a bool: no move number at all)
        raise wrong_type("expected_ply", "a move number (a whole number)", expected)
    if number != ply:
        sent = f"move {number}" if -1_000_000_000 < number < 1_000_000_000 else "a move number out of range"
        raise IllegalActionError(Reason.STALE_MOVE, f"a move for {sent}, but the deal is at move {ply}")


def check(c: Record, action: object, player: object) -> None:
    """Raise the refusal of ``action`` (by ``player``, if given) that does not depend on its
    card: the seat, the kind of action, the phase (R16). A play's card, announcements and call
    are the pipeline's (:meth:`KernelState.why_illegal` covers both)."""
    phase = c[PHASE]
    turn = c[TURN]
    if player is not None:
        if type(player) is not int or player not in (0, 1):
            number = whole(player)
            if number is None:  # (a program's mistake, raised: the seat of a move is the server's)
                raise wrong_type("player", "a seat (0 or 1)", player)
            if number != 0 and number != 1:
                raise IllegalActionError(Reason.BAD_SEAT, f"no seat {shown(number)}; seats are 0 and 1")
            player = number
        if turn >= 0 and player != turn:
            raise IllegalActionError(Reason.NOT_YOUR_TURN, f"seat {player} may not act: seat {turn} is to act")
    if id(type(action)) not in _ACTION_TYPES:  # subclasses too: they equal no legal action
        raise IllegalActionError(Reason.NOT_AN_ACTION, f"not an action: {shown(action)}")
    if turn < 0:
        raise IllegalActionError(Reason.GAME_OVER, f"the deal is over ({phase.value}); no {action} now")
    expected = _EXPECTED[id(phase)]
    if not isinstance(action, expected):
        wanted = " or ".join(str(k()) if k is not Play else "a card" for k in expected)
        raise IllegalActionError(Reason.WRONG_PHASE, f"{action} is not possible in the {phase.value} phase; expected {wanted}")


def _decide(c: Record, action: Any) -> Record:
    """The record after a decision before the card play (R7-R10)."""
    d, phase, p = c[DEAL], c[PHASE], c[TURN]
    auc = c[AUC]
    hist = (c[HIST], action)
    if phase is _FOLD:
        if type(action) is Fold:
            return _with(c, _VOID, -1, (-1, False, VoidReason.FOLDED), hist)
        # Keep: a tarockless dealer is asked after Elder (R7).
        if p == d.elder and not d.hands[d.dealer] & TAROCKS:
            return _with(c, _FOLD, d.dealer, auc, hist)
        return _with(c, _AUCTION, d.elder, auc, hist)
    if phase is _AUCTION:
        if type(action) is Take:
            auc = (p, False, None)
            if d.data.undertaker_doubling:
                return _with(c, _DOUBLING, 1 - p, auc, hist)
            return _start_play(c, auc, hist)
        if p == d.elder:
            return _with(c, _AUCTION, d.dealer, auc, hist)
        if d.data.both_pass_throw_in:
            return _with(c, _VOID, -1, (-1, False, VoidReason.THROWN_IN), hist)
        return _start_play(c, auc, hist)
    # doubling (R10)
    return _start_play(c, (auc[UNDERTAKER], type(action) is Double, None), hist)


def _with(c: Record, phase: Phase, turn: int, auc: tuple[int, bool, VoidReason | None], hist: Any) -> Record:
    """The record with a new phase, seat to act, auction outcome and history (before the play)."""
    return (c[DEAL], phase, turn) + c[H0:AUC] + (auc, hist, c[TRICKS], c[EVENTS], DECISIONS[id(phase)], 0)


def _start_play(c: Record, auc: tuple[int, bool, VoidReason | None], hist: Any) -> Record:
    """Uncover the Strohmänner (R11, R12; Elder first, left to right) and begin the play: Elder
    leads, or the undertaker where the rules say so (R5)."""
    d = c[DEAL]
    h0_add, h1_add, t0_add, t1_add, events = d.start  # found when the deal was made
    turn = first_leader(d.data, d.dealer, auc[UNDERTAKER])
    h0, h1, t0, t1 = c[H0] | h0_add, c[H1] | h1_add, c[T0] | t0_add, c[T1] | t1_add
    m, legal = lead_plays(d, 0, h0, h0 | t0, c[NTR], c[CALLS]) if turn == 0 else lead_plays(d, 1, h1, h1 | t1, c[NTR], c[CALLS])
    return (d, _PLAY, turn, h0, h1, t0, t1, c[W0], c[W1], c[LEAD], c[NTR], c[CALLS], auc, hist, c[TRICKS], events, legal, m)


def first_leader(data: RuleData, dealer: int, undertaker: int) -> int:
    """R5: the seat that leads the first trick: Elder, or the undertaker (-1: none) where the
    rules say so."""
    return undertaker if data.first_lead_undertaker and undertaker >= 0 else 1 - dealer
