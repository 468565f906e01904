"""The places of a sampled deal, and which of them are free.

A view of a dealt deal has the places of its deck order, laid out by R6
(:meth:`~strohmandeln._core.ruledata.RuleData.layout`); a view of a position has the places of its
set-up — each seat's set-up hand, then each Strohmann as it was set up, top first — which
:func:`set_up` works out from the view. Every card seen turned stays in its place (R11, R12); the
free places are the unknown hands (the opponent's for a player, both for a spectator), the last
cards taken up unseen (R12) and the face-down cards. :class:`PlayerPlaces` and
:class:`SpectatorPlaces` are what the two kinds of model draw into.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from ...rules import RuleSet
from ..formats import CARD, E_CARD, E_PILE, E_TO_HAND, E_TRICK, HIDDEN_CARD, L_STROHMANN, T_FOLLOWED, T_LED, T_WINNER
from ..history import ANNOUNCEMENTS
from ..possible import set_up_voids, uncovered_need
from ..record import walk
from ..ruledata import RuleData, rule_data
from ..seen import Seen
from ..seen import events as seen_events
from ..seen import piles as seen_piles
from ..setup import Announced, GivenTrick, described
from .constraints import PILE_OF_BITS, Facts, inconsistent
from .draw import bits

#: A function that takes the places of a deal (card indices, a tuple) out of the list of its known
#: cards (-1 where free) followed by the drawn cards: a first hand's in canonical order, the
#: face-down cards and the unseen last cards (:func:`placer`).
Placer = Callable[[list[int]], tuple[int, ...]]


class PlayerPlaces:
    """The places of a player's view: the known card of each (-1 where free), the free cards, and
    the free places — the opponent's first hand (``n_hand`` places), ``n_down`` face-down places
    and each unseen last card's place (``hidden``, in event order) — with the :data:`Placer` of
    their drawn cards; for a position, each Strohmann's places as ``(first, end)``."""

    __slots__ = ("fixed", "free", "n_hand", "n_down", "hidden", "place", "piles")

    def __init__(
        self, fixed: list[int], free: int, n_hand: int, n_down: int, hidden: list[int], place: Placer, piles: tuple[tuple[int, int], ...]
    ) -> None:
        self.fixed = fixed
        self.free = free
        self.n_hand = n_hand
        self.n_down = n_down
        self.hidden = hidden
        self.place = place
        self.piles = piles


class SpectatorPlaces:
    """The places of a spectator's view: the known card of each (-1 where free), the free cards,
    each seat's first-hand places, the place and Strohmann of each unseen last card (in event
    order), the face-down places, and the cards each seat took up in the open (R11, R12)."""

    __slots__ = ("fixed", "free", "hands", "hidden", "hidden_piles", "down", "taken")

    def __init__(
        self,
        fixed: list[int],
        free: int,
        hands: tuple[tuple[int, ...], tuple[int, ...]],
        hidden: list[int],
        hidden_piles: list[int],
        down: tuple[int, ...],
        taken: tuple[int, int],
    ) -> None:
        self.fixed = fixed
        self.free = free
        self.hands = hands
        self.hidden = hidden
        self.hidden_piles = hidden_piles
        self.down = down
        self.taken = taken


# --------------------------------------------------------------------------------------------
# A dealt deal: the positions of its deck order (R6)


class DeckPlaces:
    """The deck positions of a rule set's deck for one dealer, as runs and ranges (R6)."""

    __slots__ = ("rules", "size", "n_hand", "hand_runs", "hand_sources", "starts", "ends", "pile_cards", "start_sum", "deck_mask")

    def __init__(self, rules: RuleSet, dealer: int) -> None:
        data = rule_data(rules)
        hands, piles = data.layout(dealer)
        self.rules = rules
        self.size = data.card_count
        self.n_hand = len(hands[0])
        #: per seat: his dealt hand's positions as runs ``(first, last + 1)``
        self.hand_runs = (_runs(hands[0]), _runs(hands[1]))
        #: per seat: the start of a :func:`_deck_placer`'s sources, his hand's places taken from
        #: the items after the known places
        self.hand_sources = (_hand_source(self.size, hands[0]), _hand_source(self.size, hands[1]))
        #: per Strohmann (seat * 3 + k, and a seventh, empty one for a bad event): its first
        #: position and its end
        self.starts = tuple([pile[0] for pile in piles]) + (0,)
        self.ends = tuple([pile[-1] + 1 for pile in piles]) + (0,)
        self.pile_cards = sum(len(pile) for pile in piles)
        self.start_sum = sum(self.starts)
        self.deck_mask = data.deck_mask


#: The deck places of each compiled rule set (one per rule set, :func:`~.ruledata.rule_data`)
#: and dealer, kept.
_DECKS: dict[tuple[RuleData, int], DeckPlaces] = {}


def deck_places(rules: RuleSet, dealer: int) -> DeckPlaces:
    """The :class:`DeckPlaces` of a rule set and dealer (kept)."""
    key = (rule_data(rules), dealer)
    found = _DECKS.get(key)
    if found is None:
        if len(_DECKS) >= 64:
            _DECKS.clear()
        found = _DECKS[key] = DeckPlaces(rules, dealer)
    return found


def _hand_source(size: int, hand: tuple[int, ...]) -> list[int]:
    """The places of a deck order of ``size`` places, each from itself but the places ``hand``,
    from ``size`` on."""
    source = list(range(size))
    for k, pos in enumerate(hand, size):
        source[pos] = k
    return source


def _runs(positions: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Increasing positions as runs ``(first, last + 1)`` of consecutive ones."""
    runs: list[tuple[int, int]] = []
    for pos in positions:
        if runs and runs[-1][1] == pos:
            runs[-1] = (runs[-1][0], pos + 1)
        else:
            runs.append((pos, pos + 1))
    return tuple(runs)


#: Per deal and viewer (keyed by the identity of the cons list of the events of the uncovering,
#: which every later state of the deal shares): the places of the deck order with his dealt
#: hand and the cards turned at the uncovering filled in (with room for bad events), the next
#: place of each Strohmann and the cards turned.
_UNCOVERED: dict[int, tuple[Any, int, DeckPlaces, list[int], list[int], int]] = {}


def _uncovered(s: Seen, node: Any) -> tuple[DeckPlaces, list[int], list[int], int]:
    """The deck places, the known card of each place, the next place of each Strohmann and the
    cards turned, for the viewer's dealt hand and the events ``node`` (the uncovering; ``None``
    for none). Kept per deal and viewer once the card play began (the lists are shared: copy
    them to change them)."""
    own = s.own
    key = id(node) << 1 | s.player
    entry = _UNCOVERED.get(key)
    if entry is not None and entry[0] is node and entry[1] == own and node is not None:
        return entry[2], entry[3], entry[4], entry[5]
    deck = deck_places(s.rules, s.dealer)
    if own.bit_count() != deck.n_hand:
        raise inconsistent("the viewer's dealt hand has the wrong size")
    fixed = [-1] * (deck.size + 64)  # (room for a view's bad events: the counts find them later)
    cards = bits(own)
    i = 0
    for a, b in deck.hand_runs[s.player]:
        j = i + b - a
        fixed[a:b] = cards[i:j]
        i = j
    at = list(deck.starts)
    seen = 0
    # (the state's own events: no card is hidden, and no Strohmann turns more than it holds;
    # the counts of :func:`player_deal_places` would find it anyway)
    for e in walk(node):
        pid = PILE_OF_BITS[e & E_PILE]
        pos = at[pid]
        at[pid] = pos + 1
        card = e >> E_CARD & CARD
        fixed[pos] = card
        seen |= 1 << card
    if node is not None:  # the card play began: this part of the deal stays
        if len(_UNCOVERED) >= 256:
            _UNCOVERED.clear()
        _UNCOVERED[key] = (node, own, deck, fixed, at, seen)
    return deck, fixed, at, seen


_PLACERS: dict[tuple[Any, ...], Placer] = {}


def _deck_placer(deck: DeckPlaces, q: int, at: list[int], hidden: list[int]) -> Placer:
    """The :data:`Placer` of a deck order whose free places are ``q``'s dealt hand, each
    Strohmann's places from its next place ``at`` on and the places ``hidden`` (kept by this
    shape)."""
    key = (deck, q, *at, *hidden)
    get = _PLACERS.get(key)
    if get is None:
        source = deck.hand_sources[q].copy()
        k = deck.size + deck.n_hand
        for a, b in zip(at[:6], deck.ends):
            if a < b:
                source[a:b] = range(k, k + b - a)
                k += b - a
        for pos in hidden:
            source[pos] = k
            k += 1
        if len(_PLACERS) >= 1024:
            _PLACERS.clear()
        get = _PLACERS[key] = placer(source)
    return get


def placer(source: list[int]) -> Placer:
    """The :data:`Placer` that takes place ``i`` from item ``source[i]`` of its list."""
    if len(source) >= 2:
        get: Placer = operator.itemgetter(*source)
        return get
    return lambda cards: tuple([cards[i] for i in source])


def player_deal_places(s: Seen) -> PlayerPlaces:
    """The places of a player's view of a dealt deal.

    The known places start from the viewer's dealt hand (in canonical order within his hand's
    places) and the cards turned when the Strohmänner were uncovered: both are the same for the
    whole card play of a deal (:func:`_uncovered`)."""
    p = s.player
    rest: list[int] = []  # the events after the uncovering
    prefix: Any = s.evc
    while prefix is not None and prefix[1] >> E_TRICK:
        prefix, e = prefix
        rest.append(e)
    rest.reverse()
    if s.evs:
        rest += s.evs
    deck, fixed, at, seen = _uncovered(s, prefix)
    fixed = fixed.copy()
    at = at.copy()
    ends = deck.ends
    hidden: list[int] = []  # the places of the unseen last cards
    for e in rest:
        pid = PILE_OF_BITS[e & E_PILE]
        pos = at[pid]
        at[pid] = pos + 1
        card = e >> E_CARD & CARD
        if card != HIDDEN_CARD:
            fixed[pos] = card
            seen |= 1 << card
        elif pos + 1 != ends[pid]:
            raise inconsistent("only a last card is taken up unseen")
        elif e & 1 == p:
            raise inconsistent("the viewer's own last card is hidden from him")
        else:
            hidden.append(pos)
    if any(map(operator.gt, at, ends)):
        raise inconsistent("more cards turned than a Strohmann holds")
    del fixed[deck.size :]
    n_turned = sum(at) - deck.start_sum
    if seen.bit_count() != n_turned - len(hidden) or s.own & seen:
        raise inconsistent("a card is seen twice")
    known = s.own | seen
    if known & ~deck.deck_mask:
        raise inconsistent("a card is not in the deck")
    free = deck.deck_mask & ~known
    n_down = deck.pile_cards - n_turned
    if deck.n_hand + len(hidden) + n_down != free.bit_count():
        raise inconsistent("the free cards do not fill the free places")
    return PlayerPlaces(fixed, free, deck.n_hand, n_down, hidden, _deck_placer(deck, 1 - p, at, hidden), ())


def spectator_deal_places(s: Seen) -> SpectatorPlaces:
    """The places of a spectator's view of a dealt deal."""
    data = rule_data(s.rules)
    hands, piles = data.layout(s.dealer)
    return _spectator_places(s, hands, piles, [-1] * data.card_count, 0, [0] * 6)


def _spectator_places(
    s: Seen, hands: tuple[tuple[int, ...], tuple[int, ...]], piles: tuple[tuple[int, ...], ...], fixed: list[int], known: int, turned: list[int]
) -> SpectatorPlaces:
    """The places of a spectator's view, with the places ``hands`` and ``piles`` (each Strohmann's,
    top first), the cards ``known`` already in ``fixed`` and ``turned[pid]`` places of each
    Strohmann known: each event turns the next place of its Strohmann."""
    hidden: list[int] = []
    hidden_piles: list[int] = []
    taken = [0, 0]
    for e in seen_events(s):
        pid = PILE_OF_BITS[e & E_PILE]
        if pid > 5 or turned[pid] >= len(piles[pid]):
            raise inconsistent("more cards turned than a Strohmann holds")
        pos = piles[pid][turned[pid]]
        turned[pid] += 1
        card = e >> E_CARD & CARD
        if card == HIDDEN_CARD:
            if turned[pid] != len(piles[pid]):
                raise inconsistent("only a last card is taken up unseen")
            hidden.append(pos)
            hidden_piles.append(pid)
            continue
        bit = 1 << card
        if known & bit:
            raise inconsistent("a card is seen twice")
        known |= bit
        fixed[pos] = card
        if e & E_TO_HAND:
            taken[e & 1] |= bit
    deck_mask = rule_data(s.rules).deck_mask
    if known & ~deck_mask:
        raise inconsistent("a card is not in the deck")
    free = deck_mask & ~known
    down = tuple(pos for pid in range(6) for pos in piles[pid][turned[pid] :])
    if len(hands[0]) + len(hands[1]) + len(hidden) + len(down) != free.bit_count():
        raise inconsistent("the free cards do not fill the free places")
    return SpectatorPlaces(fixed, free, hands, hidden, hidden_piles, down, (taken[0], taken[1]))


# --------------------------------------------------------------------------------------------
# A position: its set-up, worked out from the view


class SetUp:
    """What the public parts of a view of a position say about its set-up (:func:`set_up`)."""

    __slots__ = ("won", "described", "tops", "turned", "seen", "leader", "announced", "voids", "need")

    def __init__(
        self,
        won: tuple[int, int],
        given: tuple[list[int], tuple[GivenTrick, ...]],
        tops: list[int],
        turned: list[list[int]],
        seen: int,
        leader: int,
        announced: Announced,
        voids: tuple[int, int] = (0, 0),
        need: tuple[int, int] = (0, 0),
    ) -> None:
        #: the cards of each seat's set-up tricks
        self.won = won
        #: the set-up tricks as a position gives them (:func:`~strohmandeln._core.setup.described`)
        self.described = given
        #: per Strohmann: its set-up top, or -1 for an empty one
        self.tops = tops
        #: per Strohmann: the cards turned since, in order (HIDDEN_CARD where unseen)
        self.turned = turned
        #: the tops and the cards seen turned
        self.seen = seen
        #: the seat that led first after the set-up
        self.leader = leader
        #: each seat's set-up announcements (R17)
        self.announced = announced
        #: per seat: the cards his set-up hand cannot hold (R14 on the set-up tricks given card
        #: by card, :func:`~strohmandeln._core.possible.set_up_voids`)
        self.voids = voids
        #: per seat: the tarocks and Kings his set-up hand holds at least, for a set-up before
        #: the first trick (R11, R12, :func:`~strohmandeln._core.possible.uncovered_need`)
        self.need = need


def set_up(s: Seen, facts: Facts) -> SetUp:
    """The set-up of a view of a position, from its public parts.

    A position's Strohmänner are not those of a deck order: each is worked out from the view.
    Every card turned from a Strohmann is one event after the trick in which its owner played
    the card above it from that Strohmann (R11, R12, R15), so a Strohmann's set-up top is the
    card its owner played from a Strohmann in the trick before its first event (or its top now,
    or the card he led from it if that trick is not complete), and its set-up size is its top, its
    events and its face-down cards now.
    """
    setup = s.setup
    packed: list[int] = walk(s.tricks)
    won = [0, 0]
    for t in packed[:setup]:
        won[t >> T_WINNER & 1] |= 1 << (t >> T_LED & CARD) | 1 << (t >> T_FOLLOWED & CARD)
    if won[0] & won[1]:
        raise inconsistent("a card is seen twice")
    tops, turned = _tops_and_turns(s, facts)
    seen = 0
    for pid in range(6):
        if tops[pid] >= 0:
            for c in [tops[pid], *turned[pid]]:
                if c != HIDDEN_CARD:
                    if seen >> c & 1:
                        raise inconsistent("a card is seen twice")
                    seen |= 1 << c
    if seen & (won[0] | won[1]):
        raise inconsistent("a card is seen twice")
    # The first leader after the set-up (as :func:`~strohmandeln._core.setup.start` gives it).
    if len(packed) > setup:
        leader = packed[setup] & 1
    elif s.lead >= 0:
        leader = 1 - s.turn
    else:
        leader = max(s.turn, 0)
    announced = (ANNOUNCEMENTS[facts.setup_ann[0]], ANNOUNCEMENTS[facts.setup_ann[1]])
    # Each Strohmann's size at the set-up: its top, the cards turned since and those face down.
    sizes = [1 + len(turned[pid]) + down if tops[pid] >= 0 else 0 for pid, (_, down) in enumerate(seen_piles(s))]
    if not 0 <= s.setup_won <= setup:
        raise inconsistent("more set-up tricks given as won cards than set-up tricks")
    voids = set_up_voids(s.data, packed[s.setup_won : setup], sizes)
    need = (uncovered_need(s.data, sizes, 0), uncovered_need(s.data, sizes, 1)) if not setup else (0, 0)
    return SetUp((won[0], won[1]), described(packed[:setup], s.setup_won), tops, turned, seen, leader, announced, voids, need)


def _tops_and_turns(s: Seen, facts: Facts) -> tuple[list[int], list[list[int]]]:
    """Each Strohmann's set-up top (-1: empty) and the cards turned from it since (HIDDEN_CARD
    where unseen), from the events, the plays from a Strohmann and the Strohmänner now."""
    turned: list[list[int]] = [[], [], [], [], [], []]
    tops = [-1] * 6
    for e in seen_events(s):
        pid = PILE_OF_BITS[e & E_PILE]
        if pid == 6:
            raise inconsistent("a card turned from no Strohmann")
        if not turned[pid]:
            top = facts.from_pile.get((e >> E_TRICK) << 1 | (e & 1), -1)
            if top < 0:
                raise inconsistent("a Strohmann card turned after a trick that played nothing from it")
            tops[pid] = top
        turned[pid].append(e >> E_CARD & CARD)
    # A card led from a Strohmann is still in the trick: its Strohmann shows no top yet.
    led = s.lead & CARD if s.lead >= 0 and s.lead & L_STROHMANN else -1
    for pid, (top_now, down_now) in enumerate(seen_piles(s)):
        if not turned[pid]:
            if top_now < 0 and down_now and led >= 0 and pid // 3 == 1 - s.turn:
                top_now, led = led, -1
            tops[pid] = top_now
        if tops[pid] < 0:
            if down_now:
                raise inconsistent("a Strohmann with face-down cards and no top")
        elif down_now and turned[pid][-1:] == [HIDDEN_CARD]:
            raise inconsistent("only a last card is taken up unseen")
    return tops, turned


def _set_up_piles(su: SetUp, s: Seen, first: int) -> tuple[list[int], list[tuple[int, int]], int]:
    """The places of the Strohmänner as set up, from place ``first`` on: the known cards (-1 for
    a face-down place, HIDDEN_CARD for an unseen last card), each Strohmann's (first, end), and
    the number of face-down places."""
    layout: list[int] = []
    piles: list[tuple[int, int]] = []
    n_down = 0
    for pid, (_, down_now) in enumerate(seen_piles(s)):
        a = first + len(layout)
        if su.tops[pid] >= 0:
            layout.append(su.tops[pid])
            layout.extend(su.turned[pid])
            layout.extend([-1] * down_now)
            n_down += down_now
        piles.append((a, first + len(layout)))
    return layout, piles, n_down


def player_position_places(s: Seen, su: SetUp, facts: Facts) -> PlayerPlaces:
    """The places of a player's view of a position: the opponent's set-up hand first, then each
    Strohmann as set up."""
    p = s.player
    if any(seat == p for seat, _, _ in facts.unseen):
        raise inconsistent("the viewer's own last card is hidden from him")
    won = su.won
    known = su.seen
    if s.own & (known | won[0] | won[1]):
        raise inconsistent("a card is seen twice")
    known |= s.own | won[0] | won[1]
    deck_mask = rule_data(s.rules).deck_mask
    if known & ~deck_mask:
        raise inconsistent("a card is not in the deck")
    free = deck_mask & ~known
    layout, piles, n_down = _set_up_piles(su, s, 0)
    n_hand = free.bit_count() - n_down - len(facts.unseen)
    if n_hand < 0:
        raise inconsistent("the free cards do not fill the free places")
    piles = [(a + n_hand, b + n_hand) for a, b in piles]  # (the places of the hand come first)
    # The known cards, then the hand in canonical order, the face-down cards and the unseen
    # last cards (the last card of its Strohmann).
    fixed = [-1] * n_hand + [c if c != HIDDEN_CARD else -1 for c in layout]
    size = len(fixed)
    source = list(range(size))
    k = size
    for pos in range(n_hand):
        source[pos] = k
        k += 1
    for pos in range(n_hand, size):
        if layout[pos - n_hand] == -1:
            source[pos] = k
            k += 1
    hidden = [piles[pid][1] - 1 for _, pid, _ in facts.unseen]
    for pos in hidden:
        source[pos] = k
        k += 1
    return PlayerPlaces(fixed, free, n_hand, n_down, hidden, placer(source), tuple(piles))


def spectator_position_places(s: Seen, su: SetUp, facts: Facts) -> tuple[SpectatorPlaces, tuple[tuple[int, int], ...]]:
    """The places of a spectator's view of a position, and each Strohmann's ``(first, end)``.

    The set-up hands come first; their sizes are the cards in the hand now and played from it,
    less those taken up."""
    taken = [0, 0]
    for e in seen_events(s):
        if e & E_TO_HAND:
            taken[e & 1] += 1
    n0, n1 = (s.sizes[x] + facts.seats[x].played.bit_count() - taken[x] for x in (0, 1))
    if n0 < 0 or n1 < 0:
        raise inconsistent("more cards taken up than held")
    hands = (tuple(range(n0)), tuple(range(n0, n0 + n1)))
    _, piles, _ = _set_up_piles(su, s, n0 + n1)
    # Each Strohmann's top is known; the cards turned since lie below it.
    fixed = [-1] * piles[-1][1]
    for (a, b), top in zip(piles, su.tops):
        if a < b:
            fixed[a] = top
    places = tuple(tuple(range(a, b)) for a, b in piles)
    turned = [1 if a < b else 0 for a, b in piles]
    tops = sum(1 << c for c in su.tops if c >= 0)
    return _spectator_places(s, hands, places, fixed, tops | su.won[0] | su.won[1], turned), tuple(piles)
