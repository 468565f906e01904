"""What one player knows: per-player and spectator views of a deal.

Strohmandeln hides cards from everyone, the owner included: a player knows his own hand, every
card turned up from a Strohmann (R11) except the last cards the *opponent* takes up unseen (R12's
default), and every card played. Nobody knows the face-down Strohmann cards, his own included.

:meth:`GameState.view(player) <strohmandeln.GameState.view>` returns a :class:`PlayerView`: an
immutable value holding exactly that knowledge — the player's own hand; for both players the
face-up Strohmann tops, the number of face-down cards per Strohmann, the hand cards known to the
viewer (the opponent's cards taken up in the open) and the hand sizes; the auction, the
announcements, the calls, every trick and every public Strohmann turn; whose turn it is and, if it
is the viewer's, the legal actions. ``state.view(None)`` (or :func:`spectator_view`) is the
*spectator* view: public information only. Two states that differ only in cards hidden from a
player give equal views for that player, so a server can send a view (:meth:`PlayerView.to_dict`)
without leaking anything.

>>> from strohmandeln import CLASSIC, deal
>>> state = deal(CLASSIC, dealer=0, rng=7)
>>> while state.trick_number < 3:
...     state = state.apply(state.legal_actions()[0])
>>> view = state.view(1)
>>> view.hand == state.hand(1), view.hand_size(0) == len(state.hand(0))
(True, True)
>>> set(view.known_hand(0)) <= set(state.hand(0))       # only what seat 0 took up in the open
True
>>> [pile.face_down for pile in view.strohmaenner(0)] == [p.face_down for p in state.strohmaenner(0)]
True
>>> view.legal_actions() == (state.legal_actions() if state.current_player == 1 else ())
True
"""

from __future__ import annotations

from typing import Any, Final, NoReturn

import attrs

from . import _engine as E
from .actions import Action, Announcement, Fold, Keep, Pass, Play, Take
from .cards import DECK_54, Card
from .points import CardPoints
from .rules import RuleSet
from .state import (
    GameState,
    Phase,
    StrohmannPile,
    StrohmannTurn,
    Trick,
    VoidReason,
    _malformed,
    _pile,
    _seat,
    _unpack_event,
    _unpack_play,
    _unpack_trick,
    actions_of,
)

__all__ = ["HiddenTurn", "PlayerView", "player_view", "spectator_view"]

#: The card field of a packed event whose card the viewer does not know.
HIDDEN_CARD: Final = 63
_CARD_FIELD: Final = 63 << 3
#: The cons list of a view's events where it does not have one (a pickled view; a document's view
#: while it is checked has none at all).
NO_CONS: Final = object()


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


def _unpack_seen(packed: int) -> StrohmannTurn | HiddenTurn:
    if packed >> 3 & 63 == HIDDEN_CARD:
        return HiddenTurn(player=packed & 1, strohmann=packed >> 1 & 3, after_trick=packed >> 11)
    return _unpack_event(packed)


_new = object.__new__


class PlayerView(E.ValueByKey):
    """Everything one player (or a spectator) knows at one moment of a deal: an immutable value.

    Build it with :meth:`GameState.view <strohmandeln.GameState.view>`. The accessors mirror
    :class:`~strohmandeln.GameState`'s where the answer is known to the viewer. Two views are equal
    when they hold the same knowledge.

    Both players pass; seat 1 (Elder) leads the simple game:

    >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
    >>> state = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass())
    >>> view = state.view(1)
    >>> view
    <PlayerView player=1 classic phase=play tricks=0 to_act=1>
    >>> view.hand == state.hand(1), view.hand_size(0)
    (True, 15)
    >>> view.strohmann_tops(0)
    (Card.parse('♠J'), Card.parse('♥J'), Card.parse('♦J'))
    >>> view == state.view(1), view == state.view(0)
    (True, False)
    """

    __slots__ = (
        "_player",
        "_rules",
        "_dealer",
        "_dealt",
        "_phase",
        "_turn",
        "_auc",
        "_calls",
        "_lead",
        "_ntr",
        "_hist",
        "_setup",
        "_tricks",
        "_events_v",
        "_evc",
        "_evs",
        "_hand",
        "_own_v",
        "_tops",
        "_won",
        "_known",
        "_sizes",
        "_piles_v",
        "_asked",
        "_legal",
        "_cache",
    )

    _player: int  # -1 for a spectator
    _rules: RuleSet
    _dealer: int
    _dealt: bool  # whether the deal has a deck order (False for positions)
    _phase: Phase
    _turn: int
    _auc: tuple[int, bool, VoidReason | None]
    _calls: int
    _lead: int
    _ntr: int
    _hist: Any  # cons list of the decisions before the play (shared with the state: public)
    _setup: int  # a position's set-up tricks, not part of the history (0 for a dealt state)
    _tricks: Any  # cons list of packed tricks (public)
    _events_v: tuple[int, ...]  # see _events
    _evc: Any  # the events before the first one hidden from the viewer: the state's own cons list
    _evs: tuple[int, ...]  # the events from the first one hidden from the viewer on (hidden cards masked)
    _hand: int  # the viewer's hand (0 for a spectator)
    _own_v: int  # see _own
    _tops: tuple[int, int]
    _won: tuple[int, int]
    _known: tuple[int, int]  # hand cards known to the viewer, per seat
    _sizes: tuple[int, int]  # hand sizes
    _piles_v: tuple[tuple[int, int], ...]  # see _piles
    _asked: int  # the seat first asked whether to fold (R7), or -1
    _legal: tuple[Action, ...]
    _cache: dict[str, Any]

    def __init__(self) -> None:
        raise TypeError("use GameState.view() to create a PlayerView")

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError("PlayerView is immutable")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError("PlayerView is immutable")

    # Fields built on first use, from the public parts of the view alone (``object.__setattr__``
    # sets them, as it sets the other fields).

    @property
    def _events(self) -> tuple[int, ...]:
        """The packed events, hidden cards replaced by :data:`HIDDEN_CARD`."""
        try:
            return self._events_v
        except AttributeError:
            walked: list[int] = E.walk(self._evc)  # type: ignore[assignment]
            value = tuple(walked) + self._evs
            object.__setattr__(self, "_events_v", value)
            return value

    @_events.setter
    def _events(self, value: tuple[int, ...]) -> None:
        object.__setattr__(self, "_events_v", value)

    @property
    def _piles(self) -> tuple[tuple[int, int], ...]:
        """Per Strohmann (seat*3+k): the face-up card index or -1, the face-down count."""
        try:
            return self._piles_v
        except AttributeError:
            value = _event_piles(self)
            object.__setattr__(self, "_piles_v", value)
            return value

    @_piles.setter
    def _piles(self, value: tuple[tuple[int, int], ...]) -> None:
        object.__setattr__(self, "_piles_v", value)

    @property
    def _own(self) -> int:
        """The viewer's dealt hand (0 for a spectator)."""
        try:
            return self._own_v
        except AttributeError:
            value = _dealt_mask(self, self._player) if self._player >= 0 else 0
            object.__setattr__(self, "_own_v", value)
            return value

    @_own.setter
    def _own(self, value: int) -> None:
        object.__setattr__(self, "_own_v", value)

    # ------------------------------------------------------------------------------------------
    # Who is looking

    @property
    def player(self) -> int | None:
        """The viewer's seat, or ``None`` for a spectator.

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> view.player, view.is_spectator
        (1, False)
        >>> print(spectator_view(deal(CLASSIC, dealer=0, order=DECK_54)).player)
        None
        """
        return None if self._player < 0 else self._player

    @property
    def is_spectator(self) -> bool:
        """Whether this is the spectator view (public information only).

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> view.is_spectator
        False
        >>> spectator_view(deal(CLASSIC, dealer=0, order=DECK_54)).is_spectator
        True
        """
        return self._player < 0

    # ------------------------------------------------------------------------------------------
    # The deal and the auction (public)

    @property
    def rules(self) -> RuleSet:
        """The rule set of the deal.

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> view.rules is CLASSIC
        True
        """
        return self._rules

    @property
    def dealer(self) -> int:
        """The dealer's seat.

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> view.dealer
        0
        """
        return self._dealer

    @property
    def elder(self) -> int:
        """Elder, the non-dealer (R5).

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> view.elder
        1
        """
        return 1 - self._dealer

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
        return self._dealt

    @property
    def phase(self) -> Phase:
        """The current :class:`~strohmandeln.Phase`.

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> view.phase
        <Phase.PLAY: 'play'>
        """
        return self._phase

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the deal is over.

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> view.current_player                  # Elder leads the simple game
        1
        """
        return None if self._turn < 0 else self._turn

    @property
    def is_terminal(self) -> bool:
        """Whether the deal is over.

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> view.is_terminal
        False
        """
        return self._turn < 0

    @property
    def void_reason(self) -> VoidReason | None:
        """Why the deal is void, or ``None``.

        >>> from strohmandeln import CLASSIC, Fold, deal
        >>> state = deal(CLASSIC, dealer=0, rng=842)     # seat 1 holds no tarock and may fold (R7)
        >>> state.phase.value, state.current_player
        ('fold', 1)
        >>> state.apply(Fold()).view(0).void_reason
        <VoidReason.FOLDED: 'folded'>
        """
        return self._auc[2]

    @property
    def undertaker(self) -> int | None:
        """The seat that took the game (R8), or ``None``.

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, Take, deal
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
        >>> state.apply(Take()).view(0).undertaker
        1
        >>> print(state.apply(Pass()).apply(Pass()).view(0).undertaker)
        None
        """
        u = self._auc[0]
        return None if u < 0 else u

    @property
    def doubled(self) -> bool:
        """Whether the undertaker's game was doubled (R10).

        >>> import attrs
        >>> from strohmandeln import CLASSIC, DECK_54, Double, Take, deal
        >>> rules = attrs.evolve(CLASSIC, name="doubling", undertaker_doubling=True)
        >>> state = deal(rules, dealer=0, order=DECK_54).apply(Take())
        >>> state.view(1).doubled, state.apply(Double()).view(1).doubled
        (False, True)
        """
        return self._auc[1]

    @property
    def is_simple_game(self) -> bool:
        """Whether the card play is a simple game (both passed, R9).

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> view.is_simple_game
        True
        """
        return self._auc[0] < 0 and self._phase in (Phase.PLAY, Phase.FINISHED)

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action so far, in order (all actions are public).

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> view.history
        (Pass(), Pass())
        """
        cached = self._cache.get("history")
        if cached is None:
            cached = self._cache["history"] = actions_of(self._hist, self._tricks, self._setup, self._lead)
        return cached

    @property
    def actors(self) -> tuple[int, ...]:
        """The seat that took each action of :attr:`history` (public: everyone sees who acts).

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> view.actors                          # Elder speaks first, then the dealer
        (1, 0)
        """
        cached = self._cache.get("actors")
        if cached is None:
            cached = self._cache["actors"] = _actors(self)
        return cached

    # ------------------------------------------------------------------------------------------
    # The card play (public)

    @property
    def trick_number(self) -> int:
        """The number of completed tricks.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
        >>> for text in "pass pass XXI XX ♠7".split():
        ...     state = state.apply(parse_action(text))
        >>> view = state.view(1)
        >>> view.trick_number
        1
        """
        return self._ntr

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
        >>> for text in "pass pass XXI XX ♠7".split():
        ...     state = state.apply(parse_action(text))
        >>> view = state.view(1)
        >>> [(t.number, t.winner, [str(p) for p in t.plays]) for t in view.tricks]
        [(1, 1, ['XXI', 'XX'])]
        """
        cached = self._cache.get("tricks")
        if cached is None:
            cached = self._cache["tricks"] = tuple(
                _unpack_trick(n + 1, packed) for n, packed in enumerate(E.walk(self._tricks))  # type: ignore[arg-type]
            )
        return cached

    @property
    def current_trick(self) -> tuple[Play, ...]:
        """The plays of the trick in progress (none or the lead).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
        >>> for text in "pass pass XXI XX ♠7".split():
        ...     state = state.apply(parse_action(text))
        >>> view = state.view(1)
        >>> [str(play) for play in view.current_trick]
        ['♠7']
        """
        lead = self._lead
        return () if lead < 0 else (_unpack_play(lead & 63, lead >> 6),)

    @property
    def leader(self) -> int | None:
        """The seat that leads (or led) the current trick, during play.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
        >>> for text in "pass pass XXI XX ♠7".split():
        ...     state = state.apply(parse_action(text))
        >>> view = state.view(1)
        >>> view.leader, view.current_player
        (1, 0)
        """
        if self._phase is not Phase.PLAY:
            return None
        return 1 - self._turn if self._lead >= 0 else self._turn

    @property
    def events(self) -> tuple[StrohmannTurn | HiddenTurn, ...]:
        """Every Strohmann turn in order; the opponent's unseen last cards (R12) are
        :class:`HiddenTurn`.

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> [str(turn.card) for turn in view.events]    # the tops turned when the play began (R11)
        ['♠7', '♥4', '♦4', '♠J', '♥J', '♦J']
        """
        cached = self._cache.get("events")
        if cached is None:
            cached = self._cache["events"] = tuple(_unpack_seen(e) for e in self._events)
        return cached

    def won_cards(self, player: int) -> tuple[Card, ...]:
        """The cards in ``player``'s tricks (public).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
        >>> for text in "pass pass XXI XX ♠7".split():
        ...     state = state.apply(parse_action(text))
        >>> view = state.view(1)
        >>> view.won_cards(1), view.won_cards(0)
        ((Card.parse('XX'), Card.parse('XXI')), ())
        """
        return E.cards_of(self._won[_seat(player)])

    def card_points(self, player: int) -> CardPoints:
        """The card points in ``player``'s tricks so far (R2, R4).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
        >>> for text in "pass pass XXI XX ♠7".split():
        ...     state = state.apply(parse_action(text))
        >>> view = state.view(1)
        >>> print(view.card_points(1), view.card_points(0))
        4⅔ 0
        """
        mask = self._won[_seat(player)]
        thirds = E.rule_data(self._rules).thirds
        return CardPoints(sum(thirds[c.index] for c in E.cards_of(mask)))

    def announcements(self, player: int) -> frozenset[Announcement]:
        """The announcements ``player`` has made (R17).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
        >>> for text in "pass pass I+trull".split():    # seat 1 announces the Trull with the Pagat
        ...     state = state.apply(parse_action(text))
        >>> view = state.view(0)
        >>> sorted(a.value for a in view.announcements(1)), view.announcements(0)
        (['trull'], frozenset())
        """
        bits = self._calls >> (2 * _seat(player)) & 3
        return frozenset(a for k, a in enumerate((Announcement.TRULL, Announcement.FOUR_KINGS)) if bits >> k & 1)

    # ------------------------------------------------------------------------------------------
    # Cards: hands and Strohmänner

    @property
    def hand(self) -> tuple[Card, ...]:
        """The viewer's own hand, in canonical order (empty for a spectator).

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> view.hand[:3], len(view.hand)
        ((Card.parse('I'), Card.parse('II'), Card.parse('III')), 15)
        """
        return E.cards_of(self._hand)

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
        return E.cards_of(self._own)

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
        return self._sizes[_seat(player)]

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
        return E.cards_of(self._known[_seat(player)])

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
        p = _seat(player)
        return self._sizes[p] - self._known[p].bit_count()

    def strohmann_tops(self, player: int) -> tuple[Card, ...]:
        """The face-up top cards of ``player``'s Strohmänner (public).

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
        >>> for text in "pass pass XXI XX ♠7".split():
        ...     state = state.apply(parse_action(text))
        >>> view = state.view(1)
        >>> view.strohmann_tops(1)                  # the ♠7 was led from Strohmann 0
        (Card.parse('♥4'), Card.parse('♦4'))
        """
        return E.cards_of(self._tops[_seat(player)])

    def strohmann(self, player: int, index: int) -> StrohmannPile:
        """Strohmann ``index`` (0, 1, 2) of ``player``: its face-up top and face-down count.

        >>> from strohmandeln import CLASSIC, DECK_54, deal, parse_action
        >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
        >>> for text in "pass pass XXI XX ♠7".split():
        ...     state = state.apply(parse_action(text))
        >>> view = state.view(1)
        >>> view.strohmann(1, 0)                    # its next card turns after the trick (R11)
        StrohmannPile(face_up=None, face_down=3)
        >>> view.strohmann(0, 0)
        StrohmannPile(face_up=Card.parse('♠J'), face_down=3)
        """
        top, down = self._piles[_pile(player, index)]
        return StrohmannPile(None if top < 0 else DECK_54[top], down)

    def strohmaenner(self, player: int) -> tuple[StrohmannPile, StrohmannPile, StrohmannPile]:
        """All three Strohmänner of ``player``.

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> [(str(pile.face_up), pile.face_down) for pile in view.strohmaenner(0)]
        [('♠J', 3), ('♥J', 3), ('♦J', 3)]
        """
        return (self.strohmann(player, 0), self.strohmann(player, 1), self.strohmann(player, 2))

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
        seen = self._known[0] | self._known[1] | self._won[0] | self._won[1] | self._tops[0] | self._tops[1]
        if self._lead >= 0:
            seen |= 1 << (self._lead & 63)
        deck = E.rule_data(self._rules).deck_mask
        return E.cards_of(deck & ~seen)

    # ------------------------------------------------------------------------------------------
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
        return self._legal

    def is_legal(self, action: object) -> bool:
        """Whether ``action`` is one of :meth:`legal_actions`.

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> from strohmandeln import parse_action
        >>> view.is_legal(parse_action("XXI")), view.is_legal(parse_action("XX")), view.is_legal("XXI")
        (True, False, False)
        """
        if type(action) is Play and _malformed(action):  # (its parts may be any objects)
            return False
        try:
            return action in self._legal
        except TypeError:  # an unhashable or incomparable object
            return False

    # ------------------------------------------------------------------------------------------
    # Serialization

    def to_dict(self) -> dict[str, Any]:
        """The JSON-compatible form of the view (see :mod:`strohmandeln.serialization`).

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> doc = view.to_dict()
        >>> doc["type"], doc["player"], doc["hand_sizes"], doc["strohmaenner"][0][0]
        ('view', 1, [15, 15], {'face_up': '♠J', 'face_down': 3})
        """
        from .serialization import view_to_dict

        return view_to_dict(self)

    @staticmethod
    def from_dict(data: object) -> PlayerView:
        """Load a view from :meth:`to_dict`'s form, checking that some deal produces it.

        >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
        >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
        >>> PlayerView.from_dict(view.to_dict()) == view
        True

        :raises SerializationError: if the document is malformed or no deal is consistent with it.
        """
        from .serialization import view_from_dict

        return view_from_dict(data)

    # ------------------------------------------------------------------------------------------
    # Value semantics

    def _key(self) -> tuple[object, ...]:
        return (
            self._player,
            self._rules,
            self._dealer,
            self._dealt,
            self._phase,
            self._turn,
            self._auc,
            self._calls,
            self._lead,
            self._ntr,
            self.history,
            tuple(E.walk(self._tricks)),
            self._events,
            self._hand,
            self._tops,
            self._won,
            self._known,
            self._sizes,
            self._piles,
            self._asked,
            self._legal,
        )

    def __repr__(self) -> str:
        who = "spectator" if self._player < 0 else f"player={self._player}"
        to_act = "-" if self._turn < 0 else str(self._turn)
        return f"<PlayerView {who} {self._rules.name} phase={self._phase.value} tricks={self._ntr} to_act={to_act}>"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (tuple(getattr(self, name) for name in _FIELDS),))


_FIELDS: Final = tuple(name[:-2] if name.endswith("_v") else name for name in PlayerView.__slots__ if name not in ("_cache", "_evc", "_evs"))


def _restore(values: tuple[Any, ...]) -> PlayerView:
    """Unpickle a view (its fields were a view's to begin with)."""
    v: PlayerView = object.__new__(PlayerView)
    for name, value in zip(_FIELDS, values):
        object.__setattr__(v, name, value)
    object.__setattr__(v, "_evc", NO_CONS)
    object.__setattr__(v, "_evs", ())
    object.__setattr__(v, "_cache", {})
    return v


class _Builder(PlayerView):
    """A view under construction: the same layout as :class:`PlayerView` with plain attribute
    assignment (much faster than ``object.__setattr__``); it becomes a :class:`PlayerView` at
    the end of :func:`player_view` by a change of class."""

    __slots__ = ()
    # Both, so that attribute assignment takes CPython's generic fast path.
    __setattr__ = object.__setattr__  # type: ignore[assignment]
    __delattr__ = object.__delattr__  # type: ignore[assignment]


def player_view(state: GameState, player: int | None) -> PlayerView:
    """What ``player`` knows of ``state`` (``None``: a spectator); see :meth:`GameState.view`.

    >>> from strohmandeln import CLASSIC, DECK_54, deal
    >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
    >>> player_view(state, 1) == state.view(1)
    True
    >>> player_view(state, 0).hand == state.hand(0), player_view(state, None).is_spectator
    (True, True)
    """
    p = -1 if player is None else _seat(player)
    d = state._d
    info = _DEAL_INFO.get(d)
    if info is None:
        info = _deal_info(d)
    hide0, hide1, last0, last1, asked, dealt, masks = info
    h0 = state._h0
    h1 = state._h1
    t0 = state._t0
    t1 = state._t1
    w0 = state._w0
    w1 = state._w1
    lead = state._lead
    turn = state._turn
    v: _Builder = _new(_Builder)
    # The events, with the unseen last cards of everyone but the viewer hidden (R12): a pile's
    # last card is turned (and taken up unseen) once everything else on the pile is gone. The
    # events before the first hidden one are the state's own cons list; those from it on are
    # copied with the cards masked.
    events = state._events
    masked: tuple[int, ...] = ()
    if (last0 and p != 0) or (last1 and p != 1):
        up = h0 | h1 | t0 | t1 | w0 | w1
        if lead >= 0:
            up |= 1 << (lead & 63)
        hide = (0 if p == 0 else last0 & up) | (0 if p == 1 else last1 & up)
        if hide:
            left = hide.bit_count()  # one event per last card taken up
            out = []
            while left and events is not None:
                events, e = events
                if e & 0x400 and e & 1 != p:
                    e |= _CARD_FIELD
                    left -= 1
                out.append(e)
            out.reverse()
            masked = tuple(out)
    v._evc = events
    v._evs = masked
    if not dealt:
        # A position's Strohmänner need not match its events: count their cards (R11, R15).
        up = h0 | h1 | t0 | t1 | w0 | w1
        if lead >= 0:
            up |= 1 << (lead & 63)
        tops = t0 | t1
        v._piles_v = tuple([((tops & m).bit_length() - 1, (m & ~up).bit_count()) for m in masks])
    v._player = p
    v._rules = d.rules
    v._dealer = d.dealer
    v._dealt = dealt
    v._phase = state._phase
    v._turn = turn
    v._auc = state._auc
    v._calls = state._calls
    v._lead = lead
    v._ntr = state._ntr
    v._hist = state._hist
    v._setup = d.setup_tricks
    v._tricks = state._tricks
    # Known hand cards: the viewer's whole hand; of the others, the cards taken up in the open
    # (neither dealt nor a last card, R11, R12).
    if p == 0:
        v._hand = h0
        v._known = (h0, h1 & ~hide1)
    elif p == 1:
        v._hand = h1
        v._known = (h0 & ~hide0, h1)
    else:
        v._hand = 0
        v._known = (h0 & ~hide0, h1 & ~hide1)
    if dealt:  # a position's is worked out from its history when asked for (:func:`_dealt_mask`)
        v._own_v = d.hands[p] if p >= 0 else 0
    v._tops = (t0, t1)
    v._won = (w0, w1)
    v._sizes = (h0.bit_count(), h1.bit_count())
    v._asked = asked
    v._legal = state.legal_actions() if p == turn and p >= 0 else ()
    v._cache = {}
    v.__class__ = PlayerView  # type: ignore[assignment]
    return v


#: Per deal: (what the other seat cannot know of seat 0's hand, of seat 1's: the dealt hand and,
#: under R12's ``hidden``, the last card of each Strohmann; seat 0's last Strohmann cards under
#: ``hidden``, seat 1's; the seat first asked whether to fold or -1; whether the deal has a deck
#: order; the mask of each Strohmann).
_DealInfo = tuple[int, int, int, int, int, bool, tuple[int, ...]]
_DEAL_INFO: dict[E.Deal, _DealInfo] = {}


def _deal_info(d: E.Deal) -> _DealInfo:
    if len(_DEAL_INFO) >= 256:
        _DEAL_INFO.clear()
    masks, lasts = _pile_masks(d)
    last0 = last1 = 0
    if d.hidden_last:
        last0 = lasts[0] | lasts[1] | lasts[2]
        last1 = lasts[3] | lasts[4] | lasts[5]
    asked = -1
    if d.rules.fold_without_tarock and d.order_index is not None:  # (a position has no auction)
        if not d.hands[d.elder] & E.TAROCKS:
            asked = d.elder
        elif not d.hands[d.dealer] & E.TAROCKS:
            asked = d.dealer
    info = _DEAL_INFO[d] = (d.hands[0] | last0, d.hands[1] | last1, last0, last1, asked, d.order_index is not None, masks)
    return info


def _event_piles(view: PlayerView) -> tuple[tuple[int, int], ...]:
    """The Strohmänner of a dealt view from its public events: every card turned from a pile is
    one event, so its face-down count is its size less its events; its face-up top, if any, is
    its last card turned, while that card is a top (R11, R15)."""
    sizes = E.rule_data(view._rules).strohmann_sizes
    count = [0, 0, 0, 0, 0, 0, 0, 0]  # by the low three bits of an event: seat | Strohmann << 1
    last = [-1, -1, -1, -1, -1, -1, -1, -1]
    for e in view._events:
        k = e & 7
        count[k] += 1
        last[k] = e >> 3 & 63
    t0, t1 = view._tops
    out = []
    for k, tops, size in ((0, t0, sizes[0]), (2, t0, sizes[1]), (4, t0, sizes[2]), (1, t1, sizes[0]), (3, t1, sizes[1]), (5, t1, sizes[2])):
        c = last[k]
        out.append((c if c >= 0 and tops >> c & 1 else -1, size - count[k]))
    return tuple(out)


def _pile_masks(d: E.Deal) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per Strohmann of a deal: the mask of its cards and of its last card."""
    masks = tuple(sum(1 << c for c in pile) for pile in d.piles)
    lasts = tuple(1 << pile[-1] if pile else 0 for pile in d.piles)
    return masks, lasts


def spectator_view(state: GameState) -> PlayerView:
    """The public information of ``state`` (what a spectator at the table sees).

    >>> from strohmandeln import CLASSIC, deal
    >>> view = spectator_view(deal(CLASSIC, dealer=0, rng=1))
    >>> view.is_spectator, view.hand, view.legal_actions()
    (True, (), ())
    """
    return player_view(state, None)


# --------------------------------------------------------------------------------------------
# Derived knowledge (shared with the sampler)


def _synthetic_tricks(view: PlayerView) -> int:
    """How many leading tricks of the view were set up by a position rather than played
    (:mod:`strohmandeln.positions`); 0 for a dealt state."""
    return view._setup


def _play_actors(view: PlayerView) -> list[int]:
    """The seat of every play of the history, in order (R15: the leader, then the follower)."""
    out: list[int] = []
    for packed in E.walk(view._tricks)[_synthetic_tricks(view) :]:
        leader = packed & 1  # type: ignore[operator]
        out.append(leader)
        out.append(1 - leader)
    if view._lead >= 0:
        out.append(1 - view._turn)
    return out


def _actors(view: PlayerView) -> tuple[int, ...]:
    """The seat of each action in the history, from public information only."""
    history = view.history
    elder = 1 - view._dealer
    out: list[int] = []
    i = 0
    n = len(history)
    # R7: the seat first asked, then (after Elder keeps) the dealer.
    if i < n and isinstance(history[i], (Fold, Keep)):
        out.append(view._asked if view._asked >= 0 else elder)
        i += 1
        if i < n and isinstance(history[i], (Fold, Keep)):
            out.append(view._dealer)
            i += 1
    # R8, R10: Elder speaks first; doubling is the undertaker's opponent's.
    seat = elder
    taker = -1
    while i < n and not isinstance(history[i], Play):
        action = history[i]
        if isinstance(action, (Take, Pass)):
            out.append(seat)
            if isinstance(action, Take):
                taker = seat
            seat = view._dealer
        else:
            out.append(1 - taker if taker >= 0 else view._dealer)
        i += 1
    out.extend(_play_actors(view))
    return tuple(out)


def _dealt_mask(view: PlayerView, p: int) -> int:
    """Seat ``p``'s dealt hand (or starting hand of a position), for a view whose viewer is ``p``."""
    played = 0
    for packed in E.walk(view._tricks)[_synthetic_tricks(view) :]:
        t: int = packed  # type: ignore[assignment]
        if t & 1 == p:
            card, from_strohmann = t >> 1 & 63, t >> 14 & 1
        else:
            card, from_strohmann = t >> 7 & 63, t >> 19 & 1
        if not from_strohmann:  # a face-up Strohmann top was never part of the hand
            played |= 1 << card
    if view._lead >= 0 and view._turn != p and not view._lead >> 6 & 1:
        played |= 1 << (view._lead & 63)
    turned = 0
    for e in view._events:
        if e & 1 == p:
            turned |= 1 << (e >> 3 & 63)
    return (view._hand | played) & ~turned
