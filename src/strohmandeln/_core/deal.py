"""The static data of one deal: who holds what at the start, and what each Strohmann card
uncovers (R6, R11, R12).

A :class:`Deal` is shared by every state of its deal and never changed after construction. It is
made either from a deck order by R6's layout (:meth:`Deal.dealt`) or from a position's hands and
Strohmänner (:mod:`strohmandeln._core.setup`), and it works out, once, what turning up each
Strohmann card brings (the card below it turns in its turn, R11; a pile's last card goes to the
hand, shown or not, R12) and the uncovering before the first lead.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain, repeat
from operator import call, itemgetter
from typing import Any, Final

from .._base.masks import BIT, KINGS, TAKE_UP, TAROCKS, TRULL
from ..cards import DECK_54, Card
from ..errors import DeckError, Reason, shown
from ..rules import RuleSet
from .formats import E_CARD, E_HIDDEN, E_STROHMANN, E_TO_HAND, E_TRICK
from .ruledata import RuleData, rule_data
from .tables import TRICK_OUTCOME
from .tables import build as build_tables

#: What uncovering a Strohmann card brings (R11, R12): the cards that go to its owner's hand
#: (a mask), the card that stays face up (a mask, or 0), the card's event (packed without its
#: trick), and, if the card went to the hand, the uncovering of the card below it, whose events
#: follow (a chain: the masks of its first link include the others'). (A tuple of any length
#: to the compiler: it unboxes a fixed-length tuple type into a C struct at every read and boxes
#: it again at every store.)
Uncover = tuple[Any, ...]


def _event(pid: int, card: int) -> int:
    """The packed event of ``card`` turned on Strohmann ``pid`` (seat * 3 + k)."""
    return pid // 3 | pid % 3 << E_STROHMANN | card << E_CARD


# By Strohmann (seat * 3 + k), then card: the uncovering of a card that stays face up (None for
# the cards taken into the hand, R11), the event of a card taken into the hand, and the
# uncovering of a pile's last card, shown or hidden (R12).
_FACE_UP: Final[tuple[tuple[Uncover | None, ...], ...]] = tuple(
    tuple(None if TAKE_UP >> c & 1 else (0, 1 << c, _event(pid, c), None) for c in range(54)) for pid in range(6)
)
_TAKEN_EVENT: Final = tuple(tuple(_event(pid, c) | E_TO_HAND for c in range(54)) for pid in range(6))
_LAST_SHOWN: Final[tuple[tuple[Uncover, ...], ...]] = tuple(
    tuple((1 << c, 0, _event(pid, c) | E_TO_HAND, None) for c in range(54)) for pid in range(6)
)
_LAST_HIDDEN: Final[tuple[tuple[Uncover, ...], ...]] = tuple(
    tuple((1 << c, 0, _event(pid, c) | E_TO_HAND | E_HIDDEN, None) for c in range(54)) for pid in range(6)
)
#: The Strohmänner of each seat, Elder's first (the order of the uncovering before the first
#: lead, R11), by dealer.
_START_PILES: Final = (((3, 4, 5), (0, 1, 2)), ((0, 1, 2), (3, 4, 5)))


#: The attributes of a :class:`Deal` (its ``__slots__``; a compiled class has none to read).
FIELDS: Final = (
    "rules",
    "data",
    "_order",
    "order_index",
    "dealer",
    "elder",
    "hands",
    "piles",
    "uncover",
    "start",
    "may_vary",
    "lasts",
    "setup_tricks",
    "setup_won",
    "deck_mask",
    "tricks",
    "rostopschin",
    "call_cards",
    "ann_cards",
    "multiplier",
)


class Deal:
    """The static data of one deal; never changed after construction."""

    __slots__ = FIELDS

    def __init__(
        self,
        rules: RuleSet,
        data: RuleData,
        order_index: tuple[int, ...] | None,
        dealer: int,
        hands: tuple[int, int],
        piles: tuple[tuple[int, ...], ...],
        order: tuple[Card, ...] | None = None,
        setup_tricks: int = 0,
        setup_won: int = 0,
        reach: tuple[int, int] | None = None,
        multiplier: int = 1,
    ) -> None:  # (the hot caller, dealt_with, passes every argument by position)
        """``order_index``: the deck order as card indices (``None`` for a position, whose hands
        and Strohmänner are given); ``setup_tricks``: a position's tricks, which are not part of
        its history, the first ``setup_won`` of them given as won cards (:mod:`._core.setup`);
        ``reach``: the cards each seat holds or will turn up, where the caller knows them;
        ``multiplier``: the deal's stakes (R26: a match's doubled deal counts 2, …)."""
        if not TRICK_OUTCOME:  # (the first deal of the process builds the card play's tables)
            build_tables()
        self.rules = rules
        self.data = data
        self._order = order
        self.order_index = order_index
        self.dealer = dealer
        self.elder = 1 - dealer
        self.hands: tuple[int, ...] = hands  # (of any length: indexed by seat)
        #: seat * 3 + k -> the card indices of Strohmann k of the seat, top first
        self.piles = piles
        self.setup_tricks = setup_tricks
        self.setup_won = setup_won
        #: how many times the deal's score counts (R26), set by a match
        self.multiplier = multiplier
        self.deck_mask = data.deck_mask
        self.tricks = data.tricks
        self.rostopschin = data.rostopschin
        self.call_cards = data.call_cards
        self.ann_cards = data.ann_cards
        # What turning up each Strohmann card brings, found once per deal: for every pile,
        # bottom card first, the uncovering of each card, which is what playing the card above
        # it brings; each pile's top gives the uncovering before the first lead (R11, R12).
        uncover: list[Uncover | None] = [None] * 54
        last = _LAST_HIDDEN if data.last_card_hidden else _LAST_SHOWN
        events: Any = None  # the events of the uncovering before the first lead, as a cons list
        added = []  # (to the hand, face up, last cards) of Elder, then of the dealer
        for seat_piles in _START_PILES[dealer]:
            ha = ta = la = 0
            for pid in seat_piles:
                pile = piles[pid]
                if not pile:
                    continue
                la |= BIT[pile[-1]]
                face_up = _FACE_UP[pid]  # None for a tarock or a King: it goes to the hand
                taken = _TAKEN_EVENT[pid]
                if len(pile) == 4:  # (unrolled: every pile of the 54-card deck)
                    c0, c1, c2, c3 = pile
                    uncover[c2] = below = last[pid][c3]  # the last card goes to the hand (R12)
                    uncover[c1] = below = face_up[c2] or (BIT[c2] | below[0], below[1], taken[c2], below)
                    uncover[c0] = below = face_up[c1] or (BIT[c1] | below[0], below[1], taken[c1], below)
                    below = face_up[c0] or (BIT[c0] | below[0], below[1], taken[c0], below)
                else:
                    below = last[pid][pile[-1]]
                    for c in pile[-2::-1]:
                        uncover[c] = below
                        below = face_up[c] or (BIT[c] | below[0], below[1], taken[c], below)
                ha |= below[0]
                ta |= below[1]
                events = (events, below[2])
                link = below[3]
                while link is not None:
                    events = (events, link[2])
                    link = link[3]
            added.append((ha, ta, la))
        (he, te, le), (hd, td, ld) = added
        #: what playing each Strohmann card but a pile's last uncovers (R11, R12)
        self.uncover = uncover
        #: the uncovering before the first lead: cards added to the hands and to the face-up
        #: tops of seats 0 and 1, and the events (R11)
        self.start: tuple[int, int, int, int, Any] = (hd, he, td, te, events) if dealer == 0 else (he, hd, te, td, events)
        #: per seat: the last card of each of his Strohmänner (R12: taken up unseen under
        #: ``hidden``), as a mask
        self.lasts: tuple[int, ...] = (ld, le) if dealer == 0 else (le, ld)
        # Whether each seat can ever announce or call: the cards he holds or will turn up.
        if data.variants:
            if reach is None:
                reach = (
                    hands[0] | sum(BIT[c] for c in chain.from_iterable(piles[:3])),
                    hands[1] | sum(BIT[c] for c in chain.from_iterable(piles[3:])),
                )
            #: per seat: whether any play of his in this deal can carry an announcement or a call
            self.may_vary: tuple[bool, ...] = (_may_vary(data, reach[0]), _may_vary(data, reach[1]))
        else:
            self.may_vary = (False, False)

    @classmethod
    def dealt(cls, rules: RuleSet, idx: tuple[int, ...], dealer: int, order: tuple[Card, ...] | None = None, multiplier: int = 1) -> Deal:
        """The deal of the deck order ``idx`` (card indices, top first) by R6's layout."""
        data = rule_data(rules)
        return cls.dealt_with(data, rules, idx, dealer, order, multiplier)

    @classmethod
    def dealt_with(
        cls, data: RuleData, rules: RuleSet, idx: tuple[int, ...], dealer: int, order: tuple[Card, ...] | None = None, multiplier: int = 1
    ) -> Deal:
        """:meth:`dealt`, with the rule set's data at hand."""
        # (``itemgetter(*cards)(BIT)`` is the cheapest C-level way to the bits of many cards)
        get_e, get_d = data.hand_getters
        hand_e: int = sum(itemgetter(*get_e(idx))(BIT))
        get_pe, get_pd = data.pile_getters
        piles_e: tuple[tuple[int, ...], ...] = get_pe(idx)
        piles_d: tuple[tuple[int, ...], ...] = get_pd(idx)
        if data.variants:  # what each seat holds or will turn up (every card is dealt)
            get_ce, get_cd = data.pile_card_getters
            reach_e: int = hand_e | sum(itemgetter(*get_ce(idx))(BIT))
            reach_d = data.deck_mask ^ reach_e
            hand_d = reach_d ^ sum(itemgetter(*get_cd(idx))(BIT))
            reach = (reach_d, reach_e) if dealer == 0 else (reach_e, reach_d)
        else:
            hand_d = sum(itemgetter(*get_d(idx))(BIT))
            reach = None
        if dealer == 0:
            return cls(rules, data, idx, 0, (hand_d, hand_e), piles_d + piles_e, order, 0, 0, reach, multiplier)
        return cls(rules, data, idx, 1, (hand_e, hand_d), piles_e + piles_d, order, 0, 0, reach, multiplier)

    def stamped(self, multiplier: int) -> Deal:
        """This deal with the stakes ``multiplier`` (R26)."""
        hands = (self.hands[0], self.hands[1])
        return Deal(self.rules, self.data, self.order_index, self.dealer, hands, self.piles, self._order, self.setup_tricks, self.setup_won, None, multiplier)

    def __reduce__(self) -> tuple[Any, ...]:
        # (the rule data and the tables are rebuilt, not pickled)
        return (
            _unpickle_deal,
            (self.rules, self.order_index, self.dealer, self.hands, self.piles, self._order, self.setup_tricks, self.setup_won, self.multiplier),
        )

    @property
    def order(self) -> tuple[Card, ...] | None:
        """The deck order as cards, or ``None`` for a position."""
        if self._order is not None:
            return self._order
        if self.order_index is None:
            return None
        return tuple([DECK_54[i] for i in self.order_index])

    def key(self) -> tuple[object, ...]:
        """What makes two deals the same (for the equality of states)."""
        return (self.rules, self.order_index, self.dealer, self.piles, self.hands, self.setup_tricks, self.setup_won, self.multiplier)


def uncovered(u: Any, v: Any, ntr: int, h0: int, h1: int, t0: int, t1: int, events: Any) -> tuple[int, int, int, int, Any]:
    """The hands, the tops and the events once trick ``ntr`` is complete, when a card of it came
    from a Strohmann (R11, R12): ``u`` is what the leader's card uncovers, ``v`` what the
    follower's does (``Deal.uncover`` of each, ``None`` for a card from a hand), the leader's
    first. Each link of a chain puts its cards in its seat's hand or on top, with its event; a
    card taken into the hand turns the next one too. (Every engine completes a trick this way:
    ``engine``, ``playout``, ``maskplay``.)"""
    if u is None:
        u, v = v, None
    while u is not None:
        ha: int
        ta: int
        e: int
        ha, ta, e, more = u
        if e & 1:
            h1 |= ha
            t1 |= ta
        else:
            h0 |= ha
            t0 |= ta
        events = (events, e | ntr << E_TRICK)
        while more is not None:  # cards taken into the hand: the next card turned too
            events = (events, more[2] | ntr << E_TRICK)
            more = more[3]
        u, v = v, None
    return h0, h1, t0, t1, events


def _may_vary(data: RuleData, reach: int) -> bool:
    """Whether a seat who can only ever hold the cards ``reach`` can ever announce (R17) or
    call (R18) under the rule set."""
    return bool(
        (data.call_cards and reach & data.call_cards)
        or (data.trull_announced and reach & TRULL == TRULL)
        or (data.four_kings_announced and reach & KINGS == KINGS)
    )


def fold_asked(deal: Deal) -> int:
    """R7: the seat first asked whether to fold (no tarock in his dealt hand, Elder before the
    dealer), or -1; a position has no auction."""
    if not deal.data.fold_without_tarock or deal.order_index is None:
        return -1
    if not deal.hands[deal.elder] & TAROCKS:
        return deal.elder
    if not deal.hands[deal.dealer] & TAROCKS:
        return deal.dealer
    return -1


def checked_order(rules: RuleSet, cards: list[Any] | tuple[Any, ...]) -> tuple[Card, ...]:
    """A deck order (top card first) that is a permutation of the rule set's deck (R6), or the
    :class:`~strohmandeln.DeckError` that says where it is not."""
    expected = rules.deck.card_count
    if len(cards) != expected:
        raise DeckError(Reason.WRONG_DECK_SIZE, f"a deck order needs {expected} cards, got {len(cards)}")
    deck = rule_data(rules).deck_mask
    seen = 0
    for position, card in enumerate(cards):
        if type(card) is not Card:
            raise DeckError(Reason.INVALID_CARD, f"position {position}: not a card: {shown(card)}")
        bit = 1 << card.index
        if not deck & bit:
            raise DeckError(Reason.CARD_NOT_IN_DECK, f"position {position}: {card} is not in the {expected}-card deck")
        if seen & bit:
            raise DeckError(Reason.DUPLICATE_CARD, f"position {position}: {card} appears twice")
        seen |= bit
    return tuple(cards)


def _unpickle_deal(
    rules: RuleSet,
    order_index: tuple[int, ...] | None,
    dealer: int,
    hands: tuple[int, int],
    piles: tuple[tuple[int, ...], ...],
    order: tuple[Card, ...] | None,
    setup_tricks: int,
    setup_won: int,
    multiplier: int = 1,
) -> Deal:
    return Deal(rules, rule_data(rules), order_index, dealer, hands, piles, order, setup_tricks, setup_won, None, multiplier)


def shuffled(n: int, random: Callable[[], float]) -> list[int]:
    """A uniformly shuffled order of ``range(n)`` drawn with ``random`` (uniform floats in [0, 1)):
    ``n`` uniform keys, drawn first, then sorted (ties have probability about 2**-53 per pair).
    Every shuffled deal of the library is drawn here."""
    # (cheaper than random.shuffle's call per card in CPython: map draws the keys in C, and the
    # sort compares floats in C)
    keys = list(map(call, repeat(random, n)))
    return sorted(range(n), key=keys.__getitem__)


def shuffled_deal(rules: RuleSet, dealer: int, random: Callable[[], float], multiplier: int = 1) -> Deal:
    """A deal of ``rules`` by ``dealer`` from a deck order shuffled with ``random``
    (:func:`shuffled`), at the stakes ``multiplier``."""
    data = rule_data(rules)
    index = data.deck_index
    positions = shuffled(len(index), random)
    idx = tuple(positions) if data.identity else tuple(map(index.__getitem__, positions))
    return Deal.dealt_with(data, rules, idx, dealer, None, multiplier)
