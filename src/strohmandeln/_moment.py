"""What a state and a view both say about a moment of a deal, written once.

:class:`~strohmandeln.GameState` holds the kernel's record of a moment (:mod:`._core.record`),
:class:`~strohmandeln.PlayerView` the kernel's projection of it for one viewer
(:mod:`._core.seen`). Most of their accessors answer the same question the same way — the deal,
the auction, the card play, a seat's tricks and Strohmänner — so :class:`Moment`, the base of
both, defines them once over a few reads (``_m_*``) that each class makes of its own
representation. Each class binds the accessors it documents by name (``rules = Moment.rules``),
so that its reference page lists them where they belong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._base import args
from ._core.formats import announced
from ._core.history import ANNOUNCEMENTS, actions_of, lead_play, ply_of, tricks_of
from ._core.masks import cards_of
from .actions import Action, Announcement, Play
from .cards import DECK_54, Card
from .points import CardPoints
from .rules import RuleSet
from .table import Phase, StrohmannPile, Trick, VoidReason

__all__ = ["Moment"]

_PLAY = Phase.PLAY
_PLAYED = (Phase.PLAY, Phase.FINISHED)


class Moment:
    """The accessors a :class:`~strohmandeln.GameState` and a :class:`~strohmandeln.PlayerView`
    share (module docstring). A subclass provides the reads below; the accessors never ask for
    more than the viewer of a view may know."""

    __slots__ = ()

    if TYPE_CHECKING:
        # The reads a subclass makes of its representation (properties and methods there).
        #: the deal's static part: ``rules``, ``dealer``, ``multiplier``, ``data`` (its RuleData)
        _m_deal: Any
        #: the auction's outcome: (undertaker or -1, doubled, void reason or None)
        _m_auc: tuple[int, bool, VoidReason | None]
        _m_phase: Phase
        #: the seat to act, -1 when nobody is
        _m_turn: int
        #: the open trick's packed lead, -1 when none (:data:`._core.formats.LEAD`)
        _m_lead: int
        _m_ntr: int
        #: the packed calls (:data:`._core.formats.CALLS`)
        _m_calls: int

        #: the decisions before the card play and the packed tricks, as cons lists
        _m_hist: Any
        _m_tricks: Any
        #: the set-up tricks of a position (0 for a dealt deal)
        _m_setup: int

        def _m_cached(self, name: str, make: Any) -> Any:
            """``make(self)``, or what it gave before (a view keeps what it works out)."""

        def _m_tops(self, p: int) -> int:
            """Seat ``p``'s face-up Strohmann tops, a mask."""

        def _m_won(self, p: int) -> int:
            """The cards in seat ``p``'s tricks, a mask."""

        def _m_pile(self, p: int, k: int) -> tuple[int, int]:
            """Strohmann ``k`` of seat ``p``: its face-up top (-1: none) and face-down count."""

    # The deal and the auction

    @property
    def rules(self) -> RuleSet:
        """The rule set of the deal.

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.rules.name, state.view(1).rules is CLASSIC
        ('classic', True)
        """
        rules: RuleSet = self._m_deal.rules
        return rules

    @property
    def dealer(self) -> int:
        """The dealer's seat.

        >>> from strohmandeln import CLASSIC, DECK_54, deal
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.dealer, state.view(1).dealer
        (0, 0)
        """
        dealer: int = self._m_deal.dealer
        return dealer

    @property
    def elder(self) -> int:
        """Elder (Vorhand, the non-dealer): speaks first and leads by default (R5).

        >>> from strohmandeln import CLASSIC, DECK_54, deal
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.elder, state.current_player, state.view(0).elder
        (1, 1, 1)
        """
        dealer: int = self._m_deal.dealer
        return 1 - dealer

    @property
    def void_reason(self) -> VoidReason | None:
        """Why the deal is void, or ``None``.

        >>> from strohmandeln import CLASSIC, Fold, deal
        >>> state = deal(CLASSIC, dealer=0, rng=842)     # seat 1 holds no tarock and may fold (R7)
        >>> state.phase.value, state.current_player, state.void_reason
        ('fold', 1, None)
        >>> state.apply(Fold()).void_reason, state.apply(Fold()).view(0).void_reason
        (<VoidReason.FOLDED: 'folded'>, <VoidReason.FOLDED: 'folded'>)
        """
        return self._m_auc[2]

    @property
    def undertaker(self) -> int | None:
        """The seat that took the game (R8), or ``None`` (no one yet, or a simple game).

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, Take, deal
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state.apply(Pass()).apply(Take()).undertaker, state.apply(Take()).view(0).undertaker
        (0, 1)
        >>> print(state.apply(Pass()).apply(Pass()).view(0).undertaker)
        None
        """
        u = self._m_auc[0]
        return None if u < 0 else u

    @property
    def doubled(self) -> bool:
        """Whether the undertaker's game was doubled (R10).

        >>> import attrs
        >>> from strohmandeln import CLASSIC, DECK_54, Double, Take, deal
        >>> rules = attrs.evolve(CLASSIC, name="doubling", undertaker_doubling=True)
        >>> state = deal(rules, dealer=0, order=DECK_54).apply(Take())
        >>> state.doubled, state.view(1).doubled, state.apply(Double()).view(1).doubled
        (False, False, True)
        """
        return self._m_auc[1]

    @property
    def is_simple_game(self) -> bool:
        """Whether the card play is a simple game (both passed, R9).

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> state.is_simple_game, state.view(1).is_simple_game
        (True, True)
        """
        return self._m_auc[0] < 0 and self._m_phase in _PLAYED

    @property
    def multiplier(self) -> int:
        """The deal's stakes: how many times its score counts (R26). A deal dealt by a
        :class:`~strohmandeln.Match` (:meth:`Match.deal <strohmandeln.Match.deal>`) carries the
        match's multiplier, which :meth:`GameState.result <strohmandeln.GameState.result>`
        applies; 1 otherwise. A view says the stakes of its deal.

        >>> from strohmandeln import CLASSIC, deal
        >>> deal(CLASSIC, dealer=0, rng=1).multiplier, deal(CLASSIC, dealer=0, rng=1, multiplier=2).view(0).multiplier
        (1, 2)
        """
        multiplier: int = self._m_deal.multiplier
        return multiplier

    # The history and the card play (public)

    @property
    def ply(self) -> int:
        """The move number: how many actions were applied since the deal (or the position's
        set-up), ``len(history)``. A server sends it with every view, and a client sends it back
        with its move: ``apply(action, player=seat, expected_ply=ply)`` refuses a stale or
        replayed move with reason ``stale_move``.

        >>> from strohmandeln import CLASSIC, deal, Pass, Take, IllegalActionError
        >>> state = deal(CLASSIC, dealer=0, rng=1)
        >>> state.ply, state.apply(Pass()).ply, state.apply(Pass()).view(0).ply
        (0, 1, 1)
        >>> after = state.apply(Pass(), player=1, expected_ply=0)
        >>> try:
        ...     after.apply(Take(), player=0, expected_ply=0)     # the same message again
        ... except IllegalActionError as error:
        ...     print(error.reason.value, "|", error)
        stale_move | a move for move 0, but the deal is at move 1
        """
        return ply_of(self._m_hist, self._m_ntr, self._m_setup, self._m_lead)

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the deal, in order (all actions are public; a position's
        set-up tricks are not among them).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action, Pass
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> state = state.apply(Pass()).apply(Pass())            # a simple game
        >>> state = state.apply(parse_action("♠7")).apply(parse_action("♠J"))
        >>> [str(a) for a in state.history]
        ['pass', 'pass', '♠7', '♠J']
        >>> state.view(1).history[:2]
        (Pass(), Pass())
        """
        actions: tuple[Action, ...] = self._m_cached("history", _history)
        return actions

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
        >>> [(t.number, t.winner, [str(p) for p in t.plays]) for t in state.view(1).tricks]
        [(1, 0, ['♠7', '♠J'])]
        """
        tricks: tuple[Trick, ...] = self._m_cached("tricks", _tricks)
        return tricks

    @property
    def trick_number(self) -> int:
        """The number of completed tricks.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> for text in "pass pass ♠7 ♠J".split():             # a simple game, one trick
        ...     state = state.apply(parse_action(text))
        >>> state.trick_number, state.view(1).trick_number
        (1, 1)
        """
        return self._m_ntr

    @property
    def current_trick(self) -> tuple[Play, ...]:
        """The plays of the trick in progress (none or the lead).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> for text in "pass pass XXI XX ♠7".split():
        ...     state = state.apply(parse_action(text))
        >>> state.current_trick[0].card, [str(play) for play in state.view(1).current_trick]
        (Card.parse('♠7'), ['♠7'])
        """
        lead = self._m_lead
        return () if lead < 0 else (lead_play(lead),)

    @property
    def leader(self) -> int | None:
        """The seat that leads (or led) the current trick, during play.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> for text in "pass pass ♠7 ♠J".split():             # a simple game, one trick
        ...     state = state.apply(parse_action(text))
        >>> state.leader                                         # the ♠J won
        0
        >>> view = state.apply(parse_action("♦J")).view(1)
        >>> view.leader, view.current_player
        (0, 1)
        """
        if self._m_phase is not _PLAY:
            return None
        turn = self._m_turn
        return 1 - turn if self._m_lead >= 0 else turn

    def won_cards(self, player: int) -> tuple[Card, ...]:
        """The cards in ``player``'s tricks, in canonical order (public).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> for text in "pass pass ♠7 ♠J".split():             # a simple game, one trick
        ...     state = state.apply(parse_action(text))
        >>> state.won_cards(0)
        (Card.parse('♠7'), Card.parse('♠J'))
        >>> state.view(1).won_cards(0) == state.won_cards(0), state.view(1).won_cards(1)
        (True, ())

        :raises ArgumentTypeError: if ``player`` is not a whole number.
        :raises ArgumentValueError: with reason ``bad_seat`` if it is not 0 or 1.
        """
        return cards_of(self._m_won(args.seat(player)))

    def card_points(self, player: int) -> CardPoints:
        """The exact card points in ``player``'s tricks so far (R2, R4).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> for text in "pass pass ♠7 ♠J".split():             # a simple game, one trick
        ...     state = state.apply(parse_action(text))
        >>> print(state.card_points(0), state.view(1).card_points(1))   # ⅓ + 1⅓, and none
        1⅔ 0

        :raises ArgumentTypeError: if ``player`` is not a whole number.
        :raises ArgumentValueError: with reason ``bad_seat`` if it is not 0 or 1.
        """
        thirds: int = self._m_deal.data.thirds_of(self._m_won(args.seat(player)))
        return CardPoints(thirds)

    def announcements(self, player: int) -> frozenset[Announcement]:
        """The announcements ``player`` has made (R17).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> for text in "pass pass I+trull".split():    # Elder (seat 1) holds I, XXI and Sküs
        ...     state = state.apply(parse_action(text))
        >>> state.announcements(1)
        frozenset({<Announcement.TRULL: 'trull'>})
        >>> sorted(a.value for a in state.view(0).announcements(1)), state.view(0).announcements(0)
        (['trull'], frozenset())

        :raises ArgumentTypeError: if ``player`` is not a whole number.
        :raises ArgumentValueError: with reason ``bad_seat`` if it is not 0 or 1.
        """
        return ANNOUNCEMENTS[announced(self._m_calls, args.seat(player))]

    # Strohmänner (public)

    def strohmann_tops(self, player: int) -> tuple[Card, ...]:
        """The face-up top cards of ``player``'s Strohmänner, in canonical order (public).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> for text in "pass pass".split():                   # a simple game
        ...     state = state.apply(parse_action(text))
        >>> [str(c) for c in state.strohmann_tops(1)]
        ['♠7', '♥4', '♦4']
        >>> state.apply(parse_action("♠7")).view(0).strohmann_tops(1)   # the ♠7 was led from Strohmann 0
        (Card.parse('♥4'), Card.parse('♦4'))

        :raises ArgumentTypeError: if ``player`` is not a whole number.
        :raises ArgumentValueError: with reason ``bad_seat`` if it is not 0 or 1.
        """
        return cards_of(self._m_tops(args.seat(player)))

    def strohmann(self, player: int, index: int) -> StrohmannPile:
        """Strohmann ``index`` (0, 1, 2 from the left) of ``player``: its face-up top and
        face-down count.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)        # an unshuffled deck
        >>> for text in "pass pass".split():                   # a simple game
        ...     state = state.apply(parse_action(text))
        >>> state.strohmann(1, 0)
        StrohmannPile(face_up=Card.parse('♠7'), face_down=3)
        >>> view = state.apply(parse_action("♠7")).view(0)
        >>> view.strohmann(1, 0)                    # its next card turns after the trick (R11)
        StrohmannPile(face_up=None, face_down=3)

        :raises ArgumentTypeError: if ``player`` or ``index`` is not a whole number.
        :raises ArgumentValueError: with reason ``bad_seat`` or ``bad_strohmann`` if one is out of range.
        """
        top, down = self._m_pile(args.seat(player), args.strohmann(index))
        return StrohmannPile(None if top < 0 else DECK_54[top], down)

    def strohmaenner(self, player: int) -> tuple[StrohmannPile, StrohmannPile, StrohmannPile]:
        """All three Strohmänner of ``player``.

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass())
        >>> [pile.face_down for pile in state.strohmaenner(0)]
        [3, 3, 3]
        >>> [(str(pile.face_up), pile.face_down) for pile in state.view(1).strohmaenner(0)]
        [('♠J', 3), ('♥J', 3), ('♦J', 3)]

        :raises ArgumentTypeError: if ``player`` is not a whole number.
        :raises ArgumentValueError: with reason ``bad_seat`` if it is not 0 or 1.
        """
        return (self.strohmann(player, 0), self.strohmann(player, 1), self.strohmann(player, 2))


def _history(m: Moment) -> tuple[Action, ...]:
    return actions_of(m._m_hist, m._m_tricks, m._m_setup, m._m_lead)


def _tricks(m: Moment) -> tuple[Trick, ...]:
    return tricks_of(m._m_tricks)
