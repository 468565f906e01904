"""A player's view: what one player (or a spectator) knows of a deal (R11, R12).

:class:`PlayerView` is the public face of the kernel's projection of a state (:mod:`._core.seen`),
made by :meth:`GameState.view <strohmandeln.GameState.view>`. It is documented in
:mod:`strohmandeln.views` and importable from there; it is defined here, below the states."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn, final

from ._base import args
from ._core import seen
from ._core.history import event_of
from ._core.masks import cards_of
from ._core.seen import Seen
from ._moment import Moment
from .actions import Action, Double, Fold, Keep, NoDouble, Pass, Play, Take
from .cards import Card
from .table import HiddenTurn, Phase, StrohmannTurn, _Pictured

# PlayerView is public as strohmandeln.views.PlayerView (its __module__, set below): this module
# defines it, strohmandeln.views lists it.
__all__: list[str] = []

#: The writer of a view's document, once imported (:meth:`PlayerView.to_dict`).
_WRITER: list[Callable[[Seen], dict[str, Any]] | None] = [None]
_ACTION_TYPES = (Play, Fold, Keep, Take, Pass, Double, NoDouble)


@final  # (a subclass is no value of it: _base.args.instance refuses one)
class PlayerView(_Pictured, Moment):
    """Everything one player (or a spectator) knows at one moment of a deal: an immutable value.

    Build it with :meth:`GameState.view <strohmandeln.GameState.view>`. The accessors mirror
    :class:`~strohmandeln.GameState`'s where the answer is known to the viewer, and refuse what
    they cannot use as its accessors do. Two views are equal when they hold the same knowledge.

    :raises ArgumentError: from an accessor, for a ``player``, ``index``, ``ply`` or ``dealt_only`` it cannot use.

    Both players pass; seat 1 (Elder) leads the simple game:

    >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
    >>> state = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass())
    >>> view = state.view(1); view
    <PlayerView player=1 classic phase=play tricks=0 to_act=1>
    >>> view.hand == state.hand(1), view.hand_size(0), view == state.view(1), view == state.view(0)
    (True, 15, True, False)
    """

    __slots__ = ("_s", "_memo")

    _s: Seen
    _memo: dict[str, Any]

    def __init__(self, seen: object = None) -> None:
        """Views come from ``GameState.view`` and :meth:`from_dict` (it takes the kernel's projection)."""
        if type(seen) is not Seen:
            raise args.wrong_type("seen", "the kernel's projection (make a view with state.view(player))", seen)
        object.__setattr__(self, "_s", seen)
        object.__setattr__(self, "_memo", {})

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError("PlayerView is immutable")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError("PlayerView is immutable")

    # The reads of the projection that the accessors shared with GameState make (strohmandeln._moment).
    _m_deal = property(lambda self: self._s)
    _m_auc = property(lambda self: self._s.auc)
    _m_phase = property(lambda self: self._s.phase)
    _m_turn = property(lambda self: self._s.turn)
    _m_lead = property(lambda self: self._s.lead)
    _m_ntr = property(lambda self: self._s.ntr)
    _m_calls = property(lambda self: self._s.calls)
    _m_hist = property(lambda self: self._s.hist)
    _m_tricks = property(lambda self: self._s.tricks)
    _m_setup = property(lambda self: self._s.setup)

    def _m_cached(self, name: str, make: Any) -> Any:
        value = self._memo.get(name)
        if value is None:
            value = self._memo[name] = make(self)
        return value

    def _m_tops(self, p: int) -> int:
        return self._s.tops[p]

    def _m_won(self, p: int) -> int:
        return self._s.won[p]

    def _m_pile(self, p: int, k: int) -> tuple[int, int]:
        piles: tuple[tuple[int, int], ...] = self._cached("piles", seen.piles)
        return piles[3 * p + k]

    def _cached(self, name: str, make: Any) -> Any:
        """A derived value, worked out once (from the view's own fields: nothing else changes)."""
        value = self._memo.get(name)
        if value is None:
            value = self._memo[name] = make(self._s)
        return value

    @property
    def player(self) -> int | None:
        """The viewer's seat, or ``None`` for a spectator.

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> view.player, view.is_spectator
        (1, False)
        >>> print(deal(CLASSIC, dealer=0, order=DECK_54).view(None).player)
        None
        """
        p = self._s.player
        return None if p < 0 else p

    @property
    def is_spectator(self) -> bool:
        """Whether this is the spectator view (public information only).

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> view.is_spectator
        False
        >>> deal(CLASSIC, dealer=0, order=DECK_54).view(None).is_spectator
        True
        """
        return self._s.player < 0

    # The deal and the auction (public)

    rules = Moment.rules
    dealer = Moment.dealer
    elder = Moment.elder

    @property
    def dealt(self) -> bool:
        """Whether the deal was dealt from a deck order (``False`` for a position, see
        :mod:`strohmandeln.positions`).

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> view.dealt
        True
        >>> from strohmandeln.positions import position
        >>> position(CLASSIC, hands=("♣K", "♣Q"), rest_to=0, leader=0).view(0).dealt
        False
        """
        return self._s.dealt

    @property
    def phase(self) -> Phase:
        """The current :class:`~strohmandeln.Phase`.

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> view.phase
        <Phase.PLAY: 'play'>
        """
        return self._s.phase

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the deal is over.

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> view.current_player                  # Elder leads the simple game
        1
        """
        t = self._s.turn
        return None if t < 0 else t

    @property
    def is_terminal(self) -> bool:
        """Whether the deal is over.

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> view.is_terminal
        False
        """
        return self._s.turn < 0

    void_reason = Moment.void_reason
    undertaker = Moment.undertaker
    doubled = Moment.doubled
    is_simple_game = Moment.is_simple_game
    history = Moment.history
    multiplier = Moment.multiplier
    ply = Moment.ply

    @property
    def actors(self) -> tuple[int, ...]:
        """The seat that took each action of :attr:`history` (public: everyone sees who acts).

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> view.actors                          # Elder speaks first, then the dealer
        (1, 0)
        """
        return self._cached("actors", seen.actors)  # type: ignore[no-any-return]

    # The card play (public)

    trick_number = Moment.trick_number
    tricks = Moment.tricks
    current_trick = Moment.current_trick
    leader = Moment.leader

    @property
    def events(self) -> tuple[StrohmannTurn | HiddenTurn, ...]:
        """Every Strohmann turn in order; the opponent's unseen last cards (R12) are
        :class:`HiddenTurn`.

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> [str(turn.card) for turn in view.events]    # the tops turned when the play began (R11)
        ['♠7', '♥4', '♦4', '♠J', '♥J', '♦J']
        """
        events: tuple[StrohmannTurn | HiddenTurn, ...] = self._cached(
            "events", lambda s: tuple(event_of(e) for e in seen.events(s))
        )
        return events

    def events_since(self, ply: int) -> tuple[StrohmannTurn | HiddenTurn, ...]:
        """The :attr:`events` after move ``ply``: with ``history[ply:]``, a client's news since."""
        return tuple(event_of(e) for e in seen.events_since(self._s, ply))

    won_cards = Moment.won_cards
    card_points = Moment.card_points
    announcements = Moment.announcements

    # Cards: hands and Strohmänner

    @property
    def hand(self) -> tuple[Card, ...]:
        """The viewer's own hand, in canonical order (empty for a spectator).

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> view.hand[:3], len(view.hand)
        ((Card.parse('I'), Card.parse('II'), Card.parse('III')), 15)
        """
        return cards_of(self._s.hand)

    @property
    def dealt_hand(self) -> tuple[Card, ...]:
        """The viewer's hand as dealt (R6), before anything was taken up or played (empty for a
        spectator).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
        >>> for text in "pass pass XXI XX ♠7".split():
        ...     state = state.apply(parse_action(text))
        >>> view = state.view(1)
        >>> len(view.dealt_hand), len(view.hand)
        (15, 14)
        >>> sorted(set(view.dealt_hand) - set(view.hand))   # the XXI went into the first trick
        [Card.parse('XXI')]
        """
        return cards_of(self._s.own)

    def hand_size(self, player: int) -> int:
        """How many cards ``player`` holds in his hand (public).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
        >>> for text in "pass pass XXI XX ♠7".split():
        ...     state = state.apply(parse_action(text))
        >>> view = state.view(1)
        >>> view.hand_size(0), view.hand_size(1)
        (14, 14)
        """
        return self._s.sizes[args.seat(player)]

    def known_hand(self, player: int) -> tuple[Card, ...]:
        """The cards of ``player``'s hand that the viewer knows: his whole hand for the viewer
        himself, else the cards taken up in the open (R11) and not yet played.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
        >>> for text in "pass pass XXI XX ♠7".split():
        ...     state = state.apply(parse_action(text))
        >>> view = state.view(1)
        >>> view.known_hand(1) == view.hand, view.known_hand(0)   # seat 0 took up nothing yet
        (True, ())
        """
        return cards_of(self._s.known[args.seat(player)])

    def unknown_hand_count(self, player: int) -> int:
        """How many of ``player``'s hand cards the viewer does not know.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
        >>> for text in "pass pass XXI XX ♠7".split():
        ...     state = state.apply(parse_action(text))
        >>> view = state.view(1)
        >>> view.unknown_hand_count(0), view.unknown_hand_count(1)
        (14, 0)
        """
        p = args.seat(player)
        return self._s.sizes[p] - self._s.known[p].bit_count()

    strohmann_tops = Moment.strohmann_tops
    strohmann = Moment.strohmann
    strohmaenner = Moment.strohmaenner

    def unseen_cards(self) -> tuple[Card, ...]:
        """The cards of the deck whose place the viewer does not know: the unknown hand cards of
        the other player(s), his unseen last cards and every face-down Strohmann card — the cards
        a sampler (:mod:`strohmandeln.sampling`) distributes.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
        >>> for text in "pass pass XXI XX ♠7".split():
        ...     state = state.apply(parse_action(text))
        >>> view = state.view(1)
        >>> unseen = view.unseen_cards()
        >>> face_down = sum(pile.face_down for seat in (0, 1) for pile in view.strohmaenner(seat))
        >>> len(unseen), view.hand_size(0) + face_down          # seat 0's hand and the face-down cards
        (32, 32)
        >>> set(unseen) & set(view.hand + view.won_cards(1))
        set()
        """
        return cards_of(seen.unseen(self._s))

    # Acting

    def legal_actions(self) -> tuple[Action, ...]:
        """The viewer's legal actions if it is his turn, else ``()`` (always for a spectator).

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> [str(a) for a in view.legal_actions()[:3]], len(view.legal_actions())
        (['I', 'II', 'III'], 36)
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass())
        >>> state.view(0).legal_actions()           # seat 0 is not to act
        ()
        """
        return self._s.legal

    def is_legal(self, action: object) -> bool:
        """Whether ``action`` is one of :meth:`legal_actions` (any value; it raises nothing).

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> from strohmandeln import parse_action
        >>> view.is_legal(parse_action("XXI")), view.is_legal(parse_action("XX")), view.is_legal("XXI")
        (True, False, False)
        """
        legal = self._s.legal
        if any(action is a for a in legal):
            return True
        # (only actions are compared: the comparisons of a client's objects may do anything)
        return type(action) in _ACTION_TYPES and action in legal

    def to_dict(self) -> dict[str, Any]:
        """The JSON-compatible form of the view (see :mod:`strohmandeln.serialization`).

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> doc = view.to_dict(); doc["type"], doc["player"], doc["hand_sizes"], doc["strohmaenner"][0][0]
        ('view', 1, [15, 15], {'face_up': '♠J', 'face_down': 3})
        """
        write = _WRITER[0]
        if write is None:  # (imported on first use: play needs no documents)
            from ._core.documents import view_document

            write = _WRITER[0] = view_document
        return write(self._s)

    @staticmethod
    def from_dict(data: object, *, dealt_only: bool = False) -> PlayerView:
        """Load a view from :meth:`to_dict`'s form, checking that some deal produces it (or some
        position, refused as ``not_dealt`` with ``dealt_only=True``, as in ``GameState.from_dict``).

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> PlayerView.from_dict(view.to_dict()) == view
        True

        :raises SerializationError: if the document is malformed or no deal is consistent with it.
        """
        from ._core.documents import view_seen  # (on first use: play needs no documents)
        return PlayerView(view_seen(data, args.flag(dealt_only, "dealt_only")))

    @staticmethod
    def from_trusted_dict(data: object, *, dealt_only: bool = False) -> PlayerView:
        """Load a view from :meth:`to_dict`'s form *without* checking that some deal produces
        it: for a client that trusts its server (it sent the document over a connection the
        client trusts). Each field is read and checked as :meth:`from_dict` reads it — anything
        malformed, out of range or of the wrong type is refused with the same
        :class:`~strohmandeln.SerializationError` and reason, and a position's view with
        ``dealt_only=True`` as ``not_dealt`` — but the fields are not checked against one another
        or against the rules: a view a server could not have sent may load. On every document a
        server writes, the view is the one :meth:`from_dict` loads, in under a third of its time in
        the pure build and about a fifth in the compiled one (the performance page's *On a game
        server's path*).

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, SerializationError, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> PlayerView.from_trusted_dict(view.to_dict()) == view == PlayerView.from_dict(view.to_dict())
        True
        >>> try:
        ...     PlayerView.from_trusted_dict({**view.to_dict(), "hand": ["XXV"]})
        ... except SerializationError as error:
        ...     print(error.reason.value, "|", error)
        invalid_card | hand[0]: not a card: 'XXV'

        :raises SerializationError: if the document is malformed.
        """
        from ._core.trusted import trusted_seen  # (on first use: play needs no documents)
        return PlayerView(trusted_seen(data, args.flag(dealt_only, "dealt_only")))

    def __eq__(self, other: object) -> bool:
        if type(other) is not PlayerView:
            return NotImplemented
        return self is other or seen.key(self._s) == seen.key(other._s)

    def __hash__(self) -> int:
        return hash(seen.key(self._s))

    def __copy__(self, memo: object = None) -> PlayerView:  # (immutable: a copy is itself)
        return self

    __deepcopy__ = __copy__

    def __repr__(self) -> str:
        s = self._s
        who = "spectator" if s.player < 0 else f"player={s.player}"
        to_act = "-" if s.turn < 0 else str(s.turn)
        return f"<PlayerView {who} {s.rules.name} phase={s.phase.value} tricks={s.ntr} to_act={to_act}>"

    def __reduce__(self) -> tuple[Any, ...]:
        return (PlayerView, (self._s,))


# Users import the class from strohmandeln or strohmandeln.views, where it is documented: that is
# the module it reports (and where pickle finds it).
PlayerView.__module__ = "strohmandeln.views"


def seen_of(view: PlayerView) -> Seen:
    """The kernel's projection a view holds (for the library's own modules; not public API)."""
    return view._s
