"""The sampler's models of a view: what its public history implies about the hidden cards, and
draws from them (see :mod:`strohmandeln.sampling` for what is sampled and how).

:func:`model` works out the model of a :class:`~strohmandeln._core.seen.Seen` (and keeps it on it);
its ``draw`` gives the places of a deck order (or of a position) and the dealt hands, and
:func:`record` the record of the sample.
"""

from __future__ import annotations

import bisect
import itertools
import math
import operator
import random
from collections.abc import Sequence
from typing import Any, Final, NamedTuple

from ...actions import Announcement, Fold, Keep, Play
from ...cards import DECK_54, Card
from ...errors import Reason, StateError
from ...rules import Deck, RuleSet
from ...table import Phase
from ..deal import Deal
from ..formats import E_CARD_FIELD, HIDDEN_CARD
from ..masks import BIT, CLASS, SUIT_MASKS, TAROCKS, cards_of
from ..engine import step
from ..record import Record, assemble, initial, walk
from ..ruledata import rule_data
from ..seen import Seen, actors, history, play_actors
from ..seen import events as seen_events
from ..seen import piles as seen_piles
from ..setup import ANN_CARDS, Description, build, described, start

_INF: Final = 1 << 30
_D: Final = 0  # group kinds
_H: Final = 1
_F: Final = 2


def _inconsistent(why: str) -> StateError:
    return StateError(Reason.MALFORMED_DOCUMENT, f"no deal is consistent with this view: {why}")


def model(s: Seen, budget: int | None = None) -> _Exact | _Spectator | _PositionModel:
    """What the view implies about its hidden cards, worked out on first use and cached on it.

    ``budget``: at most this many states of a spectator's exact count (:class:`_Spread`), or a
    :class:`StateError` with reason ``too_large``; unbounded by default (the loader of views
    passes :data:`CHECK_BUDGET`).
    """
    cached = s.memo
    if cached is None:
        if s.dealt:
            cached = _build_exact(s) if s.player >= 0 else _build_spectator(s, budget=budget)
        else:
            cached = _build_position(s) if s.player >= 0 else _build_position_spectator(s, budget)
        s.memo = cached
    return cached  # type: ignore[no-any-return]


#: The states of a spectator's exact count that loading a view may spend on checking it (at
#: most about a second on the project's machine; the views of real play need at most about
#: 2,000). Sampling a view has no such bound.
CHECK_BUDGET: Final = 100_000


# --------------------------------------------------------------------------------------------
# The layout of a deal: which deck positions are whose (R6)

_LAYOUTS: dict[tuple[Deck, int], tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]] = {}


def _layout(deck: Deck, dealer: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """``(hand_positions[seat], pile_positions[seat*3+k])`` of the deck order (R6)."""
    key = (deck, dealer)
    cached = _LAYOUTS.get(key)
    if cached is None:
        elder = 1 - dealer
        hands: list[list[int]] = [[], []]
        piles: list[list[tuple[int, ...]]] = [[], []]
        pos = 0
        for size in deck.hand_packets:
            for seat in (elder, dealer):
                hands[seat].extend(range(pos, pos + size))
                pos += size
        for size in deck.strohmann_sizes:
            for seat in (elder, dealer):
                piles[seat].append(tuple(range(pos, pos + size)))
                pos += size
        cached = _LAYOUTS[key] = ((tuple(hands[0]), tuple(hands[1])), tuple(piles[0]) + tuple(piles[1]))
    return cached


# --------------------------------------------------------------------------------------------
# The model of a player's view: one unknown hand, exactly uniform


class _Exact(NamedTuple):
    """Everything a player's view implies about its free cards, as card masks; built once per view
    (:func:`_build_exact`) and cached on it.

    The free places are the opponent's dealt hand (D), his unseen last cards (H, one place each,
    in event order) and the face-down places (F).
    """

    viewer: int
    fixed: list[int]  # card index per deck position, -1 where free
    free: int
    own: int  # the viewer's dealt hand
    n_dealt: int  # the size of a dealt hand
    hidden: list[int]  # the position of each unseen last card, in event order
    place: Any  # a deck order out of ``fixed`` + D + face-down cards + unseen last cards (:func:`_placer`)
    forced: int  # the free cards that fit D but not F (or only an H place)
    flex: int  # the free cards that fit D and F
    in_d: int  # the free cards that fit D, F, each H place
    in_f: int
    in_h: list[int]
    tar2: bool  # R7: D holds at least one tarock
    totals: list[int]  # the leaves (:func:`_leaves`, without R7's tarock) with cumulative weights
    choices: list[tuple[int, ...]]
    strict: list[Any]  # the leaves with R7's tarock (totals, choices), once needed
    played: int  # the cards the opponent played from the hand
    events: Any  # the events before the first unseen card, as a cons list
    suffix: tuple[int, ...]  # the events from the first unseen card on

    def draw(self, rng: random.Random) -> tuple[tuple[int, ...], list[int]]:
        """A deck order (card indices) drawn as the module docstring says, and the dealt hands.

        Where R7 wants a tarock in D, a draw from the leaves without that constraint is kept
        only if D has one (rejection keeps the draw uniform); after eight misses, the draw uses
        the leaves that count the constraint exactly (slower to build, so built only then).
        """
        rnd = rng.random
        viewer, fixed, free, own, n_dealt, hidden, place, forced, flex, in_d, in_f, _, tar2, totals, choices = self[:15]
        for _ in range(8):
            # The unseen last cards: a leaf, then distinct cards of its sets, uniformly (start
            # again on a repeat).
            chosen = choices[0] if len(choices) == 1 else choices[bisect.bisect_right(totals, _below(totals[-1], rnd))]
            drawn, picked = _draw_distinct(chosen, rnd)
            # D takes the rest of the cards that fit only D (the leaf leaves none that fits only
            # an unseen place) and r of the flexible ones, uniformly: a partial Fisher-Yates
            # shuffle puts them first (or the cards it leaves, if those are fewer).
            dealt = forced & ~picked
            cards = _bits(flex & ~picked)
            r = n_dealt - dealt.bit_count()
            n = len(cards)
            if r >= n:
                dealt |= flex & ~picked
                cards = []
            elif r > 0:
                k = n - r if 2 * r > n else r
                for i in range(k):
                    j = i + int(rnd() * (n - i))
                    cards[i], cards[j] = cards[j], cards[i]
                if k == r:
                    dealt |= sum(map(_BIT.__getitem__, cards[:k]))
                    del cards[:k]
                else:
                    dealt |= sum(map(_BIT.__getitem__, cards[k:]))
                    del cards[k:]
            if not tar2 or dealt & _TAROCKS:
                break
        else:
            drawn, picked, dealt = self._strict(rnd)
            cards = _bits(flex & ~picked & ~dealt)
        # F: the flexible cards D left and the cards that fit only F, shuffled (Fisher-Yates).
        only_f = free & in_f & ~in_d & ~picked
        down = cards + _bits(only_f) if only_f else cards
        for i in range(len(down) - 1, 0, -1):
            j = int(rnd() * (i + 1))
            down[i], down[j] = down[j], down[i]
        # D in canonical order, the face-down cards, the unseen last cards: into their places.
        places: tuple[int, ...] = place(fixed + _bits(dealt) + down + drawn)
        hands = [own, own]
        hands[1 - viewer] = dealt
        return places, hands

    def _strict(self, rnd: Any) -> tuple[list[int], int, int]:
        """The unseen last cards (a list, and as a mask) and D, drawn from the leaves that count
        R7's tarock in D exactly."""
        if not self.strict:
            self.strict.extend(_leaves(self.free, self.in_d, self.in_f, self.in_h, True, self.n_dealt))
        totals, choices = self.strict
        chosen = choices[0] if len(choices) == 1 else choices[bisect.bisect_right(totals, _below(totals[-1], rnd))]
        drawn, picked = _draw_distinct(chosen, rnd)
        forced = self.forced & ~picked
        flex = self.flex & ~picked
        r = self.n_dealt - forced.bit_count()
        if forced & _TAROCKS:
            return drawn, picked, forced | _subset(flex, r, rnd)
        # R7: at least one tarock among the flexible cards D takes; j of them with weight
        # C(tarocks, j) * C(others, r - j).
        tarocks = flex & _TAROCKS
        others = flex ^ tarocks
        nt = tarocks.bit_count()
        nn = others.bit_count()
        weights = [math.comb(nt, j) * math.comb(nn, r - j) for j in range(1, min(nt, r) + 1)]
        pick = _below(sum(weights), rnd)
        j = 1
        for w in weights:
            if pick < w:
                break
            pick -= w
            j += 1
        return drawn, picked, forced | _subset(tarocks, j, rnd) | _subset(others, r - j, rnd)

    def assemble(self, s: Seen, places: Sequence[int], dealt: list[int]) -> Record:
        """The state that dealing the deck order ``places`` and replaying the view's history
        produces."""
        p = self.viewer
        q = 1 - p
        rules = s.rules
        deal = Deal.dealt(rules, tuple(places), s.dealer)
        events = self.events
        hand = dealt[q]
        hidden = self.hidden
        if hidden:
            # The unseen last cards, now known: fill them into the events (R12).
            cards = [places[pos] for pos in hidden]
            k = 0
            for e in self.suffix:
                if e >> 3 & 63 == HIDDEN_CARD:
                    card = cards[k]
                    k += 1
                    e = (e & ~E_CARD_FIELD) | card << 3
                    hand |= 1 << card
                events = (events, e)
        # His hand: the dealt cards and unseen last cards he has not played, and the cards he
        # took up in the open and has not played (which the view knows).
        hand = hand & ~self.played | s.known[q]
        return _state_of(s, deal, (s.hand, hand) if p == 0 else (hand, s.hand), events)


def _subset(mask: int, k: int, rnd: Any) -> int:
    """A uniformly random ``k``-subset of the cards of ``mask``."""
    if k <= 0:
        return 0
    cards = _bits(mask)
    n = len(cards)
    if k >= n:
        return mask
    flip = 2 * k > n  # draw the cards left out instead
    if flip:
        k = n - k
    out = 0
    for i in range(k):  # a partial Fisher-Yates shuffle
        j = i + int(rnd() * (n - i))
        c = cards[j]
        cards[j] = cards[i]
        out |= 1 << c
    return mask & ~out if flip else out


#: The cards of each set of classes (bit 0: tarocks, bits 1-4: the suits).
_CLASS_UNION: Final = tuple(sum(m for k, m in enumerate((TAROCKS, *SUIT_MASKS)) if bits >> k & 1) for bits in range(32))
#: ``_VOID[led | followed << 6]``: the classes a follower shows he lacks (R14): the led class if
#: he played another one, and the tarocks too if he played a suit on a suit.
_VOID: Final = tuple(
    0 if led > 53 or f > 53 or CLASS[led] == CLASS[f] else 1 << CLASS[led] | (1 if CLASS[led] and CLASS[f] else 0)
    for f in range(64)
    for led in range(64)
)
_TAROCKS: Final = TAROCKS
_BIT: Final = BIT
#: A packed event's Strohmann (seat*3+k) by its low three bits; 6 for no Strohmann.
_PID: Final = tuple((b & 1) * 3 + (b >> 1) if b >> 1 < 3 else 6 for b in range(8))


class _Lay:
    """The layout of a rule set's deck for one dealer, as the exact model needs it (R6)."""

    __slots__ = ("rules", "size", "n_dealt", "hand_runs", "starts", "ends", "pile_cards", "start_sum", "deck_mask")

    def __init__(self, rules: RuleSet, dealer: int) -> None:
        data = rule_data(rules)
        elder = 1 - dealer
        self.rules = rules
        self.size = len(data.deck_index)
        self.n_dealt = len(data.hand_positions[0])
        #: per seat: its dealt hand's positions as runs ``(first, last + 1)``
        self.hand_runs = tuple(_runs(data.hand_positions[0 if seat == elder else 1]) for seat in (0, 1))
        ranges = tuple(data.pile_slices[0 if seat == elder else 1][k] for seat in (0, 1) for k in range(3))
        #: per Strohmann (seat*3+k, and a seventh, empty one for a bad event): first position, end
        self.starts = tuple(a for a, _ in ranges) + (0,)
        self.ends = tuple(b for _, b in ranges) + (0,)
        self.pile_cards = sum(b - a for a, b in ranges)
        self.start_sum = sum(self.starts)
        self.deck_mask = data.deck_mask


_LAYS: dict[int, _Lay] = {}


def _lay(rules: RuleSet, dealer: int) -> _Lay:
    key = id(rules) << 1 | dealer
    lay = _LAYS.get(key)
    if lay is None or lay.rules is not rules:
        if len(_LAYS) >= 64:
            _LAYS.clear()
        lay = _LAYS[key] = _Lay(rules, dealer)
    return lay


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
_UNCOVERED: dict[int, tuple[Any, int, int, _Lay, list[int], list[int], int, int]] = {}


def _uncovered(s: Seen, node: Any) -> tuple[_Lay, list[int], list[int], int, int]:
    """The layout, the places, the next place of each Strohmann and the cards turned of the deal
    up to the events ``node`` (the uncovering; ``None`` for none), and R7 for the opponent's dealt
    hand (:func:`_fold_exact`). Cached per deal and viewer once the card play began (the lists
    are shared: copy them to change them)."""
    own = s.own
    p = s.player
    key = id(node) << 1 | p
    entry = _UNCOVERED.get(key)
    if entry is not None and entry[0] is node and entry[1] == own and node is not None:
        return entry[3], entry[4], entry[5], entry[6], entry[7]
    lay = _lay(s.rules, s.dealer)
    if own.bit_count() != lay.n_dealt:
        raise _inconsistent("the viewer's dealt hand has the wrong size")
    fixed = [-1] * (lay.size + 64)
    cards = _bits(own)
    i = 0
    for a, b in lay.hand_runs[p]:
        j = i + b - a
        fixed[a:b] = cards[i:j]
        i = j
    at = list(lay.starts)
    seen = 0
    pid_of = _PID
    events: list[int] = walk(node)
    limit = len(fixed)
    for e in events:
        pid = pid_of[e & 7]
        pos = at[pid]
        at[pid] = pos + 1
        card = e >> 3 & 63
        if card == HIDDEN_CARD or pos >= limit:  # not in a view's own cons list
            raise _inconsistent("more cards turned than a Strohmann holds")
        fixed[pos] = card
        seen |= 1 << card
    tarock = _fold_exact(s, 1 - p) if s.rules.fold_without_tarock else 0
    if node is not None:  # the card play began: the fold decisions are over (R7)
        if len(_UNCOVERED) >= 256:
            _UNCOVERED.clear()
        _UNCOVERED[key] = (node, own, p, lay, fixed, at, seen, tarock)
    return lay, fixed, at, seen, tarock


_PLACERS: dict[tuple[Any, ...], Any] = {}


def _placer(lay: _Lay, q: int, at: list[int], hidden: list[int]) -> Any:
    """The function that takes a deck order (card indices, as a tuple) out of the list of the
    known places (-1 where free) followed by the cards of the opponent's dealt hand in
    canonical order, the face-down cards and the unseen last cards, for the free places of
    ``q``'s dealt hand, of each Strohmann from its next place ``at`` on and ``hidden`` (cached
    by this shape)."""
    key = (lay, q, *at, *hidden)
    get = _PLACERS.get(key)
    if get is None:
        size = lay.size
        source = list(range(size))
        k = size
        for a, b in lay.hand_runs[q]:
            source[a:b] = range(k, k + b - a)
            k += b - a
        for a, b in zip(at[:6], lay.ends):
            if a < b:
                source[a:b] = range(k, k + b - a)
                k += b - a
        for pos in hidden:
            source[pos] = k
            k += 1
        if len(_PLACERS) >= 1024:
            _PLACERS.clear()
        get = _PLACERS[key] = operator.itemgetter(*source)
    return get


def _build_exact(s: Seen) -> _Exact:
    p = s.player
    q = 1 - p
    # Every card seen turned stays in its place; the unseen ones are free places (R11, R12).
    # The places of the deck order start from the viewer's dealt hand (in canonical order
    # within his hand's places) and the cards turned when the Strohmänner were uncovered: both
    # are the same for the whole card play of a deal (:func:`_uncovered`).
    pid_of = _PID
    own = s.own
    cons = s.evc
    rest: list[int] = []  # the events after the uncovering, latest first
    prefix: Any = cons
    while prefix is not None and prefix[1] >> 11:
        prefix, e = prefix
        rest.append(e)
    rest.reverse()
    suffix = s.evs
    if suffix:
        rest += suffix
    lay, fixed, at, seen, tarock = _uncovered(s, prefix)
    fixed = fixed.copy()
    at = at.copy()
    size = lay.size
    ends = lay.ends
    unseen: list[tuple[int, int, int]] = []  # (Strohmann, position, event)
    for e in rest:
        pid = pid_of[e & 7]
        pos = at[pid]
        at[pid] = pos + 1
        card = e >> 3 & 63
        if card == HIDDEN_CARD:
            unseen.append((pid, pos, e))
        else:
            fixed[pos] = card
            seen |= 1 << card
    if any(map(operator.gt, at, ends)):
        raise _inconsistent("more cards turned than a Strohmann holds")
    del fixed[size:]
    hidden: list[int] = []  # the positions of the unseen last cards
    takes: list[int] = []  # the tricks completed when each was taken up
    for pid, pos, e in unseen:
        if pos + 1 != ends[pid]:
            raise _inconsistent("only a last card is taken up unseen")
        if e & 1 == p:
            raise _inconsistent("the viewer's own last card is hidden from him")
        hidden.append(pos)
        takes.append(e >> 11)
    n_turned = sum(at) - lay.start_sum
    if seen.bit_count() != n_turned - len(hidden):
        raise _inconsistent("a card is seen twice")
    n_dealt = lay.n_dealt
    if own & seen:
        raise _inconsistent("a card is seen twice")
    deck_mask = lay.deck_mask
    known = own | seen
    if known & ~deck_mask:
        raise _inconsistent("a card is not in the deck")
    free = deck_mask & ~known
    n_down = lay.pile_cards - n_turned
    if n_dealt + len(hidden) + n_down != free.bit_count():
        raise _inconsistent("the free cards do not fill the free places")
    played, in_d, in_f, in_h = _what_the_plays_say(s, free, takes, n_down)
    if tarock == 1:
        in_d &= ~_TAROCKS
    totals, choices = _leaves(free, in_d, in_f, in_h, False, n_dealt)
    # The events of the sampled state: the view's own cons list up to the first unseen card,
    # then its events from there on with the cards filled in (:meth:`_Exact.assemble`).
    return _Exact(
        p,
        fixed,
        free,
        own,
        n_dealt,
        hidden,
        _placer(lay, q, at, hidden),
        free & ~in_f,
        free & in_d & in_f,
        in_d,
        in_f,
        in_h,
        tarock == 2,
        totals,
        choices,
        [],
        played,
        cons,
        suffix,
    )


def _what_the_plays_say(s: Seen, free: int, takes: list[int], n_down: int) -> tuple[int, int, int, list[int]]:
    """Where each free card of a player's view may go, from what the played tricks say (R14,
    R17): ``(played, in_d, in_f, in_h)`` — the cards the opponent played from the hand, and the
    free cards that fit his first hand (D, dealt or set up), a face-down place (F) and each of his
    unseen last cards (H, taken up after the tricks ``takes``). A position's set-up tricks
    (:mod:`strohmandeln.positions`) were not played and say nothing.
    """
    p = s.player
    q = 1 - p
    # What the plays say (R14, R17): the cards he played from the hand, his voids and his
    # announcements. The tricks are a cons list, walked from the last one back.
    void_of = _VOID
    played = 0  # in the current trick and the tricks walked so far
    announced_back: list[tuple[int, int]] = []  # (tricks after it, cards)
    voids_back: list[tuple[int, int, int]] = []  # (tricks after it, classes shown void in, played after it)
    lead = s.lead
    if lead >= 0:
        if s.turn == p:  # he led
            if not lead & 64:
                played = 1 << (lead & 63)
            if lead & 384:
                announced_back.append((-1, ANN_CARDS[lead >> 7 & 3]))
        elif s.turn != q:
            raise _inconsistent("a card led with nobody to follow")
    later = [played]  # later[i]: what he played from the hand after the last i tricks began
    node: Any = s.tricks
    left = s.ntr - s.setup  # (a position's set-up tricks say nothing)
    while node is not None and left:
        left -= 1
        node, t = node
        if t & 1 == q:  # he led
            if not t & 0x1C000:  # from the hand, no announcement
                played |= 1 << (t >> 1 & 63)
            else:
                if t & 0x18000:
                    announced_back.append((len(later) - 1, ANN_CARDS[t >> 15 & 3]))
                if not t & 0x4000:
                    played |= 1 << (t >> 1 & 63)
        else:
            classes = void_of[t >> 1 & 4095]
            if classes:
                voids_back.append((len(later) - 1, classes, played))
            if not t & 0x380000:  # from the hand, no announcement
                played |= 1 << (t >> 7 & 63)
            else:
                if t & 0x300000:
                    announced_back.append((len(later) - 1, ANN_CARDS[t >> 20 & 3]))
                if not t & 0x80000:
                    played |= 1 << (t >> 7 & 63)
        later.append(played)
    # In trick numbers (1 for the first): his voids in order, with what he had played from the
    # hand by then, and his announcements.
    ntr = s.setup + len(later) - 1
    voids = [(ntr - b, classes, played & ~after) for b, classes, after in reversed(voids_back)] if voids_back else []
    announced = [(ntr - b, cards) for b, cards in announced_back] if announced_back else []
    # Where each free card may go (module docstring).
    owned = played
    for _, cards_ in announced:
        owned |= cards_
    owned &= free  # the cards he had in the hand at some moment
    unowned = free & ~owned
    # D: a class he showed void in holds only cards he played before the first such trick.
    void_classes = 0
    early = 0
    for _, classes, before in voids:
        new = classes & ~void_classes
        if new:
            early |= before & _CLASS_UNION[new]
            void_classes |= new
    in_d = (free & ~_CLASS_UNION[void_classes]) | (early & free)
    # H: a card taken up after trick T: not one he played or announced by then; a class he
    # showed void in after T holds only cards he played before that trick.
    in_h: list[int] = []
    for take in takes:
        gone = played & ~later[ntr - min(take, ntr)]
        for when, cards_ in announced:
            if when <= take:
                gone |= cards_
        ok = owned & ~gone
        void_classes = 0
        early = 0
        for when, classes, before in voids:
            if when > take:
                new = classes & ~void_classes
                if new:
                    early |= before & ok & _CLASS_UNION[new]
                    void_classes |= new
        in_h.append(((unowned | ok) & ~_CLASS_UNION[void_classes]) | early)
    in_f = unowned if n_down else 0
    return played, in_d, in_f, in_h


def _leaves(free: int, in_d: int, in_f: int, in_h: list[int], tar2: bool, n_dealt: int) -> tuple[list[int], list[tuple[int, ...]]]:
    """Every choice of *kinds* for the unseen last cards, with cumulative weights: the number of
    complete deals that begin with it.

    ``in_d``, ``in_f`` and ``in_h[j]`` are the free cards that fit D, F and the j-th unseen card.
    A kind is a set of free cards that count alike for the rest of the deal: H only, D only, D
    or F, F only (split into tarocks and others where R7's "at least one tarock" can bind). A
    choice gives each unseen card the cards of its kind it may be; its weight is the number of
    ways to pick distinct cards from them (inclusion-exclusion over the places that share a
    kind) times the number of ways to complete D and F with the rest (:func:`_ways`).
    """
    flex, d_only, h_only = _kinds(free, in_d, in_f)
    k = len(in_h)
    n0 = h_only.bit_count()
    fd = d_only.bit_count()
    fx = flex.bit_count()
    if tar2 and (d_only & _TAROCKS).bit_count() <= k:
        return _leaves_strict(free, in_d, in_f, in_h, n_dealt)
    # D takes r more of the fx flexible cards (R7's tarock, if wanted, cannot fail here).
    comb = math.comb
    if n0 > k:
        raise _inconsistent("the observed plays leave no possible deal")
    r = n_dealt - fd
    totals: list[int] = []
    choices: list[tuple[int, ...]] = []
    total = 0
    if k == 0:
        if 0 <= r <= fx:
            total = comb(fx, r)
            totals.append(total)
            choices.append(())
    elif k == 1:
        a = in_h[0]
        if n0:  # the card that fits only the unseen place is it
            if h_only & a and 0 <= r <= fx:
                total = comb(fx, r)
                totals.append(total)
                choices.append((h_only & a,))
        else:
            for s1, x, y in ((d_only & a, r + 1, fx), (flex & a, r, fx - 1), (free & in_f & ~in_d & a, r, fx)):
                if s1 and 0 <= x <= y:
                    total += s1.bit_count() * comb(y, x)
                    totals.append(total)
                    choices.append((s1,))
    else:
        # Per unseen card: (its cards of a kind, how many, the kind: what a card of it
        # takes off n0, adds to r, takes off fx).
        f_only = free & in_f & ~in_d
        slots = []
        for a in in_h:
            slot = []
            for mask, kind in ((h_only, _K_H), (d_only, _K_D), (flex, _K_X), (f_only, _K_F)):
                mask &= a
                if mask:
                    slot.append((mask, mask.bit_count(), kind))
            slots.append(slot)
        if k == 2:
            for s1, c1, k1 in slots[0]:
                h1, d1, x1 = k1
                for s2, c2, k2 in slots[1]:
                    rr = r + d1 + k2[1]
                    xx = fx - x1 - k2[2]
                    if h1 + k2[0] == n0 and 0 <= rr <= xx:
                        n = c1 * c2
                        if k1 is k2:  # distinct cards of the same kind
                            n -= (s1 & s2).bit_count()
                        if n:
                            total += n * comb(xx, rr)
                            totals.append(total)
                            choices.append((s1, s2))
        else:  # at most three Strohmänner
            for s1, c1, k1 in slots[0]:
                for s2, c2, k2 in slots[1]:
                    n12 = c1 * c2
                    if k1 is k2:
                        n12 -= (s1 & s2).bit_count()
                    h12 = k1[0] + k2[0]
                    r12 = r + k1[1] + k2[1]
                    x12 = fx - k1[2] - k2[2]
                    for s3, c3, k3 in slots[2]:
                        rr = r12 + k3[1]
                        xx = x12 - k3[2]
                        if h12 + k3[0] == n0 and 0 <= rr <= xx:
                            n = n12 * c3
                            if k1 is k3:
                                n -= (s1 & s3).bit_count() * c2
                            if k2 is k3:
                                n -= (s2 & s3).bit_count() * c1
                                if k1 is k2:
                                    n += 2 * (s1 & s2 & s3).bit_count()
                            if n:
                                total += n * comb(xx, rr)
                                totals.append(total)
                                choices.append((s1, s2, s3))
    if not total:
        raise _inconsistent("the observed plays leave no possible deal")
    return totals, choices


def _leaves_strict(free: int, in_d: int, in_f: int, in_h: list[int], n_dealt: int) -> tuple[list[int], list[tuple[int, ...]]]:
    """:func:`_leaves` where R7 wants a tarock in D and the unseen cards might take all the
    tarocks that fit only D: the kinds are split into tarocks and others."""
    flex, d_only, h_only = _kinds(free, in_d, in_f)
    k = len(in_h)
    n0 = h_only.bit_count()
    fd = d_only.bit_count()
    fx = flex.bit_count()
    tar2 = True
    fdt = (d_only & _TAROCKS).bit_count()
    fxo = (flex & ~_TAROCKS).bit_count()
    totals: list[int] = []
    choices: list[tuple[int, ...]] = []
    total = 0
    if k == 0:
        total = _ways(n0, fd, fdt, fx, fxo, tar2, n_dealt)
        totals.append(total)
        choices.append(())
    else:
        # The kinds: (cards, what one card takes off (n0, fd, fdt, fx, fxo)).
        if tar2:
            kinds = [
                (h_only, (1, 0, 0, 0, 0)),
                (d_only & _TAROCKS, (0, 1, 1, 0, 0)),
                (d_only & ~_TAROCKS, (0, 1, 0, 0, 0)),
                (flex & _TAROCKS, (0, 0, 0, 1, 0)),
                (flex & ~_TAROCKS, (0, 0, 0, 1, 1)),
                (free & ~in_d & in_f, (0, 0, 0, 0, 0)),
            ]
        else:
            kinds = [
                (h_only, (1, 0, 0, 0, 0)),
                (d_only, (0, 1, 0, 0, 0)),
                (flex, (0, 0, 0, 1, 0)),
                (free & ~in_d & in_f, (0, 0, 0, 0, 0)),
            ]
        # Per unseen card: (its cards of a kind, how many, the kind as a digit in base 4, what
        # one card of it takes off).
        slots = []
        for a in in_h:
            slot = []
            for kind, (mask, delta) in enumerate(kinds):
                mask &= a
                if mask:
                    slot.append((mask, mask.bit_count(), 1 << 2 * kind, delta))
            slots.append(slot)
        # The completions by how many cards of each kind the unseen ones take (base 4).
        ways_of: dict[int, int] = {}
        if k == 1:
            for s1, c1, _, (a0, a1, a2, a3, a4) in slots[0]:
                w = _ways(n0 - a0, fd - a1, fdt - a2, fx - a3, fxo - a4, tar2, n_dealt)
                if w:
                    total += c1 * w
                    totals.append(total)
                    choices.append((s1,))
        elif k == 2:
            for s1, c1, e1, (a0, a1, a2, a3, a4) in slots[0]:
                for s2, c2, e2, (b0, b1, b2, b3, b4) in slots[1]:
                    key = e1 + e2
                    got = ways_of.get(key)
                    if got is None:
                        got = ways_of[key] = _ways(n0 - a0 - b0, fd - a1 - b1, fdt - a2 - b2, fx - a3 - b3, fxo - a4 - b4, tar2, n_dealt)
                    if got:
                        n = c1 * c2
                        if e1 == e2:  # distinct cards of the same kind
                            n -= (s1 & s2).bit_count()
                        if n:
                            total += n * got
                            totals.append(total)
                            choices.append((s1, s2))
        else:  # at most three Strohmänner
            for s1, c1, e1, (a0, a1, a2, a3, a4) in slots[0]:
                for s2, c2, e2, (b0, b1, b2, b3, b4) in slots[1]:
                    n12 = c1 * c2
                    if e1 == e2:
                        n12 -= (s1 & s2).bit_count()
                    x0, x1, x2, x3, x4 = n0 - a0 - b0, fd - a1 - b1, fdt - a2 - b2, fx - a3 - b3, fxo - a4 - b4
                    for s3, c3, e3, (g0, g1, g2, g3, g4) in slots[2]:
                        key = e1 + e2 + e3
                        got = ways_of.get(key)
                        if got is None:
                            got = ways_of[key] = _ways(x0 - g0, x1 - g1, x2 - g2, x3 - g3, x4 - g4, tar2, n_dealt)
                        if got:
                            n = n12 * c3
                            if e1 == e3:
                                n -= (s1 & s3).bit_count() * c2
                            if e2 == e3:
                                n -= (s2 & s3).bit_count() * c1
                                if e1 == e2:
                                    n += 2 * (s1 & s2 & s3).bit_count()
                            if n:
                                total += n * got
                                totals.append(total)
                                choices.append((s1, s2, s3))
    if not total:
        raise _inconsistent("the observed plays leave no possible deal")
    return totals, choices


#: The kinds of free cards for :func:`_leaves`: what a card of each takes off the cards that fit
#: only an unseen place, adds to the flexible cards D takes, takes off the flexible cards.
_K_H: Final = (1, 0, 0)
_K_D: Final = (0, 1, 0)
_K_X: Final = (0, 0, 1)
_K_F: Final = (0, 0, 0)


def _ways(n0: int, fd: int, fdt: int, fx: int, fxo: int, tar2: bool, n_dealt: int) -> int:
    """The ways to complete D and F once the unseen last cards are chosen: none while one of the
    ``n0`` cards that fit only an unseen place is left; else D takes the ``fd`` cards that fit
    only D (``fdt`` of them tarocks) and ``r`` of the ``fx`` that fit D or F (with a tarock, if
    ``tar2`` and none of the ``fd`` is one: less the ways with only the ``fxo`` others); F the
    rest."""
    r = n_dealt - fd
    if n0 or r < 0 or r > fx:
        return 0
    if tar2 and not fdt:
        return math.comb(fx, r) - math.comb(fxo, r)
    return math.comb(fx, r)


def _fold_exact(s: Seen, seat: int) -> int:
    """:func:`_fold_constraint` without the history where the view alone tells (R7)."""
    if s.phase is Phase.FOLD and s.turn == seat:
        return 1
    first = s.asked
    if first == seat:
        return 1  # asked first: he has decided, or decides now
    if first < 0 or seat == 1 - s.dealer:
        return 2  # nobody asked, or Elder (always checked first) not asked
    return _fold_constraint(s, seat)  # the dealer, after Elder was asked


# --------------------------------------------------------------------------------------------
# The model of a view of a position: exactly uniform, for a player and for a spectator


#: Set-up tricks as :class:`~strohmandeln.positions.Position` gives them: each seat's won cards (as
#: masks) and the tricks given card by card.
_Described = tuple[list[int], tuple[tuple[int, Card | Play, Card | Play], ...]]


class _PositionModel(NamedTuple):
    """A view of a position (:mod:`strohmandeln.positions`): the model of its free cards over the
    places of the position rather than of a deck order — an :class:`_Exact` for a player's view
    (:func:`_build_position`), a :class:`_Spectator` for a spectator's (:func:`_build_position_spectator`)
    — and what the position was set up with.

    The places: the unknown set-up hands (D), then each Strohmann as it was set up, top first (the
    top, the cards turned since, the face-down places F and the place of an unseen last card H).
    """

    model: _Exact | _Spectator
    piles: tuple[tuple[int, int], ...]  # per Strohmann (seat*3+k): its places (first, end)
    setup: _Described  # the set-up tricks as a Position gives them: (won cards per seat, tricks)
    leader: int  # the seat that led first after the set-up
    announced: tuple[frozenset[Announcement], frozenset[Announcement]]  # each seat's set-up announcements
    played: tuple[int, int]  # the cards each seat played from the hand since the set-up

    def draw(self, rng: random.Random) -> tuple[Sequence[int], list[int]]:
        """The places of the position (card indices) and the set-up hands, drawn by the model."""
        return self.model.draw(rng)

    def build(self, s: Seen, places: Sequence[int], hands: list[int]) -> Record:
        """The record that setting up the drawn position and replaying the view's history gives."""
        piles = tuple(tuple(places[a:b]) for a, b in self.piles)
        start = (hands[0], hands[1])
        won = self.setup[0]
        rules = s.rules
        deal = Deal(
            rules,
            rule_data(rules),
            None,
            s.dealer,
            start,
            piles,
            setup_tricks=s.setup,
            setup_won=(won[0].bit_count() + won[1].bit_count()) // 2,
        )
        # The events, each unseen last card (the last card of its Strohmann) filled in (R12),
        # and the hands now: the set-up hand and the cards taken up, less the cards played.
        evs: Any = None
        taken = [0, 0]
        for e in seen_events(s):
            card = e >> 3 & 63
            if card == HIDDEN_CARD:
                card = piles[_PID[e & 7]][-1]
                e = (e & ~E_CARD_FIELD) | card << 3
            if e & 0x200:
                taken[e & 1] |= 1 << card
            evs = (evs, e)
        h0, h1 = ((start[x] | taken[x]) & ~self.played[x] for x in (0, 1))
        return _state_of(s, deal, (h0, h1), evs)

    def description(self, s: Seen, places: Sequence[int], hands: list[int]) -> Description:
        """The description of the drawn position (:mod:`strohmandeln._core.setup`)."""
        piles = tuple(tuple([DECK_54[c] for c in places[a:b]]) for a, b in self.piles)
        und, doubled, _ = s.auc
        won, tricks = self.setup
        return (
            (cards_of(hands[0]), cards_of(hands[1])),
            (piles[:3], piles[3:]),
            (cards_of(won[0]), cards_of(won[1])),
            tricks,
            self.leader,
            s.dealer,
            None if und < 0 else und,
            doubled,
            self.announced,
        )


class _SetUp(NamedTuple):
    """What the public parts of a view of a position say about its set-up (:func:`_set_up`)."""

    won: tuple[int, int]  # the cards of each seat's set-up tricks
    described: _Described  # the set-up tricks as a Position gives them (:func:`positions._described`)
    tops: list[int]  # per Strohmann: its set-up top, or -1 for an empty one
    turned: list[list[int]]  # per Strohmann: the cards turned since, in order (HIDDEN_CARD if unseen)
    seen: int  # the tops and the cards seen turned
    unseen: list[int]  # the Strohmann of each unseen last card, in event order
    takes: list[int]  # the tricks completed when each was taken up
    played: tuple[int, int]  # the cards each seat played from the hand
    leader: int
    announced: tuple[frozenset[Announcement], frozenset[Announcement]]


def _set_up(s: Seen) -> _SetUp:
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
        won[t >> 13 & 1] |= 1 << (t >> 1 & 63) | 1 << (t >> 7 & 63)
    from_pile: dict[tuple[int, int], int] = {}  # (trick number, seat): the card he played from a Strohmann
    played = [0, 0]
    for n, t in enumerate(packed[setup:], setup + 1):
        for seat, card, flag in ((t & 1, t >> 1 & 63, t >> 14 & 1), (1 - (t & 1), t >> 7 & 63, t >> 19 & 1)):
            if flag:
                from_pile[n, seat] = card
            else:
                played[seat] |= 1 << card
    lead = s.lead
    if lead >= 0 and not lead & 64:
        played[1 - s.turn] |= 1 << (lead & 63)
    turned: list[list[int]] = [[], [], [], [], [], []]
    tops = [-1] * 6
    takes: list[int] = []
    unseen: list[int] = []
    for e in seen_events(s):
        pid = _PID[e & 7]
        if pid == 6:
            raise _inconsistent("a card turned from no Strohmann")
        if not turned[pid]:
            top = from_pile.get((e >> 11, e & 1), -1)
            if top < 0:
                raise _inconsistent("a Strohmann card turned after a trick that played nothing from it")
            tops[pid] = top
        card = e >> 3 & 63
        if card == HIDDEN_CARD:
            takes.append(e >> 11)
            unseen.append(pid)
        turned[pid].append(card)
    # A card led from a Strohmann is still in the trick: its Strohmann shows no top yet.
    led = lead & 63 if lead >= 0 and lead & 64 else -1
    seen = 0
    for pid, (top_now, down_now) in enumerate(seen_piles(s)):
        if not turned[pid]:
            if top_now < 0 and down_now and led >= 0 and pid // 3 == 1 - s.turn:
                top_now, led = led, -1
            tops[pid] = top_now
        if tops[pid] < 0:
            if down_now:
                raise _inconsistent("a Strohmann with face-down cards and no top")
            continue
        if down_now and turned[pid][-1:] == [HIDDEN_CARD]:
            raise _inconsistent("only a last card is taken up unseen")
        for c in [tops[pid], *turned[pid]]:
            if c != HIDDEN_CARD:
                if seen >> c & 1:
                    raise _inconsistent("a card is seen twice")
                seen |= 1 << c
    if seen & (won[0] | won[1]) or won[0] & won[1]:
        raise _inconsistent("a card is seen twice")
    plays = [a for a in history(s) if isinstance(a, Play)]
    leader, announced = start(packed, setup, lead, s.turn, s.calls, plays, play_actors(s))
    return _SetUp((won[0], won[1]), described(packed[:setup]), tops, turned, seen, unseen, takes, (played[0], played[1]), leader, announced)


def _set_up_piles(su: _SetUp, s: Seen, first: int) -> tuple[list[int], list[tuple[int, int]], int]:
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


def _build_position(s: Seen) -> _PositionModel:
    """The model of a player's view of a position: as :func:`_build_exact`, with the opponent's
    set-up hand as D and no R7."""
    p = s.player
    su = _set_up(s)
    if any(pid // 3 == p for pid in su.unseen):
        raise _inconsistent("the viewer's own last card is hidden from him")
    own = s.own
    won = su.won
    known = su.seen
    if own & (known | won[0] | won[1]):
        raise _inconsistent("a card is seen twice")
    known |= own | won[0] | won[1]
    deck_mask = rule_data(s.rules).deck_mask
    if known & ~deck_mask:
        raise _inconsistent("a card is not in the deck")
    free = deck_mask & ~known
    n_hidden = len(su.unseen)
    layout, piles, n_down = _set_up_piles(su, s, 0)
    n_d = free.bit_count() - n_down - n_hidden
    if n_d < 0:
        raise _inconsistent("the free cards do not fill the free places")
    piles = [(a + n_d, b + n_d) for a, b in piles]  # (the places of D come first)
    played, in_d, in_f, in_h = _what_the_plays_say(s, free, su.takes, n_down)
    # R17: the cards of an announcement he made by the set-up were in his hand then.
    held = _announced_cards(su.announced[1 - p]) & free
    if held:
        in_f &= ~held
        in_h = [h & ~held for h in in_h]
    totals, choices = _leaves(free, in_d, in_f, in_h, False, n_d)
    if not totals or totals[-1] <= 0:
        raise _inconsistent("no set-up hand fits the plays")
    # Where the drawn cards go: the places are ``fixed`` (the known cards), then D in canonical
    # order, the face-down cards and the unseen last cards (as :meth:`_Exact.draw` lists them).
    fixed = [-1] * n_d + [c if c != HIDDEN_CARD else -1 for c in layout]
    size = len(fixed)
    source = list(range(size))
    k = size
    for pos in range(n_d):
        source[pos] = k
        k += 1
    for pos in range(n_d, size):
        if layout[pos - n_d] == -1:
            source[pos] = k
            k += 1
    hidden = [piles[pid][1] - 1 for pid in su.unseen]  # (a last card: the end of its Strohmann)
    for pos in hidden:
        source[pos] = k
        k += 1
    getter = tuple(source)

    def place(cards: list[int]) -> tuple[int, ...]:
        return tuple([cards[i] for i in getter])

    exact = _Exact(
        p,
        fixed,
        free,
        own,
        n_d,
        hidden,
        place,
        free & ~in_f,
        free & in_d & in_f,
        in_d,
        in_f,
        in_h,
        False,
        totals,
        choices,
        [],
        played,
        None,
        (),
    )
    return _PositionModel(exact, tuple(piles), su.described, su.leader, su.announced, su.played)


def _build_position_spectator(s: Seen, budget: int | None = None) -> _PositionModel:
    """The model of a spectator's view of a position: as :func:`_build_spectator`, with the set-up
    hands as D (their sizes: the cards in the hand now and played from it, less those taken up)."""
    su = _set_up(s)
    taken = [0, 0]
    for e in seen_events(s):
        if e & 0x200:
            taken[e & 1] += 1
    sizes = [s.sizes[x] + su.played[x].bit_count() - taken[x] for x in (0, 1)]
    if min(sizes) < 0:
        raise _inconsistent("more cards taken up than held")
    hands = (tuple(range(sizes[0])), tuple(range(sizes[0], sizes[0] + sizes[1])))
    _, piles, _ = _set_up_piles(su, s, sizes[0] + sizes[1])
    # Each Strohmann's top is known; the spectator's model places the cards turned since below it.
    fixed = [-1] * piles[-1][1]
    for (a, b), top in zip(piles, su.tops):
        if a < b:
            fixed[a] = top
    pile_positions = tuple(tuple(range(a, b)) for a, b in piles)
    turned = [1 if a < b else 0 for a, b in piles]
    tops = sum(1 << c for c in su.tops if c >= 0)
    held = (_announced_cards(su.announced[0]), _announced_cards(su.announced[1]))
    model = _build_spectator(s, (hands, pile_positions, fixed, tops | su.won[0] | su.won[1], turned), held, budget)
    return _PositionModel(model, tuple(piles), su.described, su.leader, su.announced, su.played)


# --------------------------------------------------------------------------------------------
# The model of a spectator's view: two unknown hands, exactly uniform


class _Group:
    """Free places that accept the same cards: a dealt hand, one unseen last card, or the
    face-down cards."""

    __slots__ = ("kind", "seat", "positions", "take", "tarock")

    def __init__(self, kind: int, seat: int, positions: tuple[int, ...], take: int = 0) -> None:
        self.kind = kind
        self.seat = seat
        self.positions = positions
        self.take = take  # for an unseen last card: the tricks completed when it was taken up
        self.tarock = 0  # for a dealt hand (R7): 0 no constraint, 1 none allowed, 2 at least one


class _Spectator:
    """Everything a spectator's view implies about its free cards (two unknown hands); built once per
    view and cached on it."""

    __slots__ = (
        "size",
        "fixed",
        "groups",
        "types",
        "played",
        "taken",
        "hidden_piles",
        "pile_positions",
        "own_mask",
        "prefix",
        "suffix",
        "spreads",
        "budget",
    )

    size: int
    fixed: list[int]  # card index per deck position, -1 where free
    groups: list[_Group]
    types: list[tuple[int, bool, list[int]]]  # (allowed group bits, is tarock, cards)
    played: tuple[int, int]  # cards each seat played from the hand
    taken: tuple[int, int]  # cards each seat took up openly or (the viewer's own) unseen
    hidden_piles: list[int]  # pile of each masked event, in event order
    pile_positions: tuple[tuple[int, ...], ...]
    own_mask: int
    prefix: Any  # the events before the first unseen one, as a cons list
    suffix: tuple[int, ...]  # the events from the first unseen one on
    spreads: list[_Spread | None]  # the deals counted without and with R7's tarocks apart (built when needed)
    budget: int | None  # at most this many states for each count (:func:`_model`)

    def draw(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """A deck order (card indices) drawn as the module docstring says, and the dealt hands."""
        rnd = rng.random
        chosen = self._draw_groups(rnd)
        places = list(self.fixed)
        hands = [self.own_mask, self.own_mask]
        for group, cards in zip(self.groups, chosen):
            if group.kind == _F:
                cards = _shuffled(cards, rnd)
            elif group.kind == _D:
                cards.sort()  # (a dealt hand's places in canonical order, as for a player's view)
                m = 0
                for c in cards:
                    m |= 1 << c
                hands[group.seat] = m
            for pos, c in zip(group.positions, cards):
                places[pos] = c
        return places, hands

    def _draw_groups(self, rnd: Any) -> list[list[int]]:
        """The free cards of each group, uniformly among all deals (:class:`_Spread`).

        Where R7 wants a tarock in a dealt hand, a draw that counts tarocks like other cards is
        kept only if each such hand has one (rejection keeps the draw uniform); after eight
        misses, the draw counts them apart (slower to build, so built only then).
        """
        plain, strict = self.spreads
        if strict is None:
            if plain is None:
                plain = self.spreads[0] = _Spread(self.groups, self.types, False, self.budget)
                if not plain.total:
                    raise _inconsistent("the observed plays leave no possible deal")
            wants = [g for g, group in enumerate(self.groups) if group.kind == _D and group.tarock == 2]
            for _ in range(8):
                chosen = plain.draw(rnd)
                if all(any(_TAROCKS >> c & 1 for c in chosen[g]) for g in wants):
                    return chosen
            strict = self.spreads[1] = _Spread(self.groups, self.types, True, self.budget)
            if not strict.total:
                raise _inconsistent("the observed plays leave no possible deal")
        return strict.draw(rnd)

    # -- the state -----------------------------------------------------------------------------

    def assemble(self, s: Seen, places: Sequence[int], dealt: list[int]) -> Record:
        """The state that dealing the deck order ``places`` and replaying the view's history
        produces."""
        rules = s.rules
        deal = Deal.dealt(rules, tuple(places), s.dealer)
        piles = deal.piles
        # The unseen last cards, now known: fill them into the events (R12).
        events = self.prefix
        taken = self.taken
        if self.suffix:
            taken0, taken1 = taken
            hidden = iter(self.hidden_piles)
            for e in self.suffix:
                if e >> 3 & 63 == HIDDEN_CARD:
                    card = piles[next(hidden)][-1]
                    e = (e & ~(63 << 3)) | card << 3
                    if e & 1:
                        taken1 |= 1 << card
                    else:
                        taken0 |= 1 << card
                events = (events, e)
            taken = (taken0, taken1)
        played = self.played
        p = s.player
        hands = (
            s.hand if p == 0 else (dealt[0] | taken[0]) & ~played[0],
            s.hand if p == 1 else (dealt[1] | taken[1]) & ~played[1],
        )
        return _state_of(s, deal, hands, events)


def _below(n: int, rnd: Any) -> int:
    """A uniform integer in ``[0, n)`` from ``random()`` calls (exact for any ``n``)."""
    if n < 1 << 52:
        return min(int(rnd() * n), n - 1)
    # Big weights: draw 52 bits at a time and reject the unfair tail.
    bits = n.bit_length()
    while True:
        x = 0
        got = 0
        while got < bits:
            x = x << 52 | int(rnd() * (1 << 52))
            got += 52
        x >>= got - bits
        if x < n:
            return x


def _shuffled(cards: list[int], rnd: Any) -> list[int]:
    """``cards`` in uniform random order (sorted by independent uniform keys)."""
    keyed = sorted(zip([rnd() for _ in cards], cards))
    return [c for _, c in keyed]


#: C(n, k) for every count of cards a deck can have
_BINOMIAL: Final = tuple(tuple(math.comb(n, k) for k in range(n + 1)) for n in range(65))
_ROOM_BITS: Final = 6  # bits per group of free places in a packed room (at most 54 places)
_SLOT: Final = 0  # kinds of steps of :class:`_Spread`: some cards to a group
_ONES: Final = 1  # a card to each of some places of one card (or just the type's end)
#: the ordered choices of k of n cards: n! / (n - k)!
_FALLING: Final = tuple(tuple(math.perm(n, k) for k in range(n + 1)) for n in range(65))
_NONE_ON: Final[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = ((), (), ())  # a state of :class:`_Spread` that leads to no deal


def _type_order(kind: tuple[int, bool, list[int]]) -> tuple[int, int]:
    """The order in which :class:`_Spread` walks the types: those that may go to the fewest
    groups first, then the smaller (so that the walk's states spread out late)."""
    return kind[0].bit_count(), len(kind[2])


class _Spread:
    """Every way to spread a spectator's free cards over the groups of free places, counted
    exactly, and uniform draws from them.

    The free cards come in *types*: cards that may go to the same groups (with ``r7``, also
    alike in being tarocks or not, for the dealt hands that must hold a tarock). Unseen last
    cards that the same types may be are one group of their number. One group, the largest, is
    the *last*: its room follows from the cards not yet placed, so it is not part of the state.
    The deals are counted by a walk over the types, in *steps*: for each type, one that chooses
    which of its places of one card it fills (``k`` of its ``left`` cards, in ``left! / (left -
    k)!`` ways), then one per other group but the last that it may go to (``x`` of its cards,
    in ``C(left, x)`` ways); the type's last step puts its other cards in the last group. The
    state of the walk is the step, the type's cards left, the room left in each group but the
    last, and (with ``r7``) which dealt hands that must hold a tarock have one. The completions
    of each state are counted once (from the last step back, pruned where the types to come
    cannot fill a group) and kept with the choices that lead on. A draw walks the steps from
    the first, picks each choice with weight (its ways) × (its completions) and deals out the
    type's cards, shuffled, in that order: every deal is drawn with probability 1 / (all
    deals).
    """

    __slots__ = ("steps", "cards", "split", "supply", "members", "n_view", "last", "need", "tables", "start", "total", "budget")

    def __init__(self, groups: list[_Group], types: list[tuple[int, bool, list[int]]], r7: bool, budget: int | None = None) -> None:
        #: at most this many states, or a StateError with reason ``too_large`` (None: no bound)
        self.budget = budget
        need = sum(1 << g for g, group in enumerate(groups) if group.kind == _D and group.tarock == 2) if r7 else 0
        if not need:  # (tarocks and other cards of the same groups count alike)
            merged: dict[int, list[int]] = {}
            for allowed, _, cards in types:
                merged.setdefault(allowed, []).extend(cards)
            types = [(allowed, False, cards) for allowed, cards in merged.items()]
        # Unseen last cards that the same types may be are one group of their number here: each
        # spread of it stands for the same number of deals (the draw deals its cards to their
        # places in random order).
        #: the groups of the view in each group here
        self.members: list[list[int]] = []
        self.n_view = len(groups)
        where = [0] * len(groups)
        same: dict[tuple[int, ...], int] = {}
        for g, group in enumerate(groups):
            column = tuple([allowed >> g & 1 for allowed, _, _ in types]) if group.kind == _H else None
            b = same.get(column, -1) if column is not None else -1
            if b < 0:
                b = len(self.members)
                self.members.append([])
                if column is not None:
                    same[column] = b
            self.members[b].append(g)
            where[g] = b

        def regroup(bits: int) -> int:
            out = 0
            for g, b in enumerate(where):
                if bits >> g & 1:
                    out |= 1 << b
            return out

        types = [(regroup(allowed), tarock, cards) for allowed, tarock, cards in types]
        n_groups = len(self.members)
        #: the dealt hands that must hold a tarock (R7), as group bits (none without ``r7``)
        self.need = regroup(need)
        size = [sum(len(groups[g].positions) for g in members) for members in self.members]
        last = self.last = max(range(n_groups), key=size.__getitem__, default=-1)
        # The types, those with the fewest groups first: their cards, whether they may go to
        # more than one group, and what the types from each on can still fill (per group but
        # the last, packed as a room; in the last group; the tarocks R7 wants).
        ordered = sorted(types, key=_type_order)
        self.cards = [cards for _, _, cards in ordered] + [[]]
        self.split = [allowed.bit_count() > 1 and len(cards) > 1 for allowed, _, cards in ordered]
        supply = [(0, 0, 0)] * (len(ordered) + 1)
        for t in range(len(ordered) - 1, -1, -1):
            allowed, tarock, cards = ordered[t]
            room, in_last, tarocks = supply[t + 1]
            for g in range(n_groups):
                if g != last and allowed >> g & 1:
                    room += min(len(cards), 63) << _ROOM_BITS * g
            if allowed >> last & 1:
                in_last += len(cards)
            supply[t] = (room, in_last, tarocks | (allowed & self.need if tarock else 0))
        self.supply = supply
        # The steps of each type: one for its unseen last cards of one place each (which of
        # them it fills), then one per other group but the last that it may go to, the last
        # step also putting the type's other cards in the last group (a type that may go to
        # the last group only has one step that does just that). Each step: (its kind, the
        # group, the shift of its room, whether a card there is a tarock R7 wants, the shifts
        # of the rooms of the type's groups after it, the type, the cards of the types after
        # it, whether the step ends the type, whether the type may go to the last group,
        # whether a card there is a tarock R7 wants, (group, shift) of the places of one card).
        single = [len(m) == 1 and groups[m[0]].kind == _H and size[b] == 1 for b, m in enumerate(self.members)]
        steps: list[tuple[int, int, int, bool, tuple[int, ...], int, int, bool, bool, bool, tuple[tuple[int, int], ...]]] = []
        rest = sum(len(cards) for cards in self.cards)
        for t, (allowed, tarock, cards) in enumerate(ordered):
            rest -= len(cards)
            may = bool(allowed >> last & 1)
            fills_last = bool(tarock and self.need >> last & 1)
            mine = [g for g in range(n_groups) if g != last and allowed >> g & 1 and not single[g]]
            ones = tuple((g, _ROOM_BITS * g) for g in range(n_groups) if g != last and allowed >> g & 1 and single[g])
            if ones:
                later = tuple(_ROOM_BITS * h for h in mine)
                steps.append((_ONES, -1, 0, False, later, t, rest, not mine, may, fills_last, ones))
            for k, g in enumerate(mine):
                later = tuple(_ROOM_BITS * h for h in mine[k + 1 :])
                steps.append((_SLOT, g, _ROOM_BITS * g, bool(tarock and self.need >> g & 1), later, t, rest, k == len(mine) - 1, may, fills_last, ()))
            if not mine and not ones:
                steps.append((_ONES, -1, 0, False, (), t, rest, True, may, fills_last, ()))
        self.steps = steps
        room = 0
        for g in range(n_groups):
            if g != last:
                room |= size[g] << _ROOM_BITS * g
        #: per state (:func:`_state_key`): the cumulative weights of its choices, the state each
        #: leads to, and what it places (:meth:`_moves`); none where none leads on
        self.tables: dict[int, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = {}
        left = len(self.cards[0])
        self.start = _state_key(0, left, room, 0)
        spreads = self._count(0, left, room, sum(size) - (size[last] if last >= 0 else 0), 0, self.start)
        #: the number of deals (each spread of a group of unseen last cards stands for its
        #: places' orders)
        self.total = spreads * math.prod(math.factorial(len(members)) for members in self.members)

    def _count(self, i: int, left: int, room: int, total_room: int, given: int, key: int) -> int:
        """The deals from step ``i`` (state ``key``) on, with ``left`` cards of its type to place
        and ``room`` (``total_room`` in all) in the groups but the last.

        (States and choices are packed into ints, which the garbage collector does not track: a
        table of tuples of them would cost a program with many live objects far more time.)
        """
        steps = len(self.steps)
        if i == steps:
            return 1 if not room and given & self.need == self.need else 0
        table = self.tables.get(key)
        if table is not None:
            return table[0][-1] if table[0] else 0
        totals: list[int] = []
        children: list[int] = []
        placed: list[int] = []
        total = 0
        j = i + 1
        for what, ways, l2, r2, t2, g2 in self._moves(i, left, room, total_room, given):
            child = _state_key(j, l2, r2, g2)
            n = self._count(j, l2, r2, t2, g2, child)
            if n:
                total += ways * n
                totals.append(total)
                children.append(child)
                placed.append(what)
        self.tables[key] = (tuple(totals), tuple(children), tuple(placed)) if total else _NONE_ON
        if self.budget is not None and len(self.tables) > self.budget:
            raise StateError(Reason.TOO_LARGE, f"counting the deals of this view takes more than {self.budget:,} steps")
        return total

    def _moves(self, i: int, left: int, room: int, total_room: int, given: int) -> list[tuple[int, int, int, int, int, int]]:
        """The choices at step ``i`` that the rooms and R7 allow: what it places (the cards in
        its group, or the places of one card it fills, as group bits), in how many ways, and
        the next step's cards left, room, room in all and tarocks given."""
        kind, g, shift, fills, later, t, rest, ends, may, fills_last, ones = self.steps[i]
        # What the type's later steps can take: the room of its other groups, and of the last
        # group the cards not yet placed less the room of the others.
        takes = left + rest - total_room if may else 0
        for h in later:
            takes += room >> h & 63
        options: list[tuple[int, int, int]] = []  # (what it places, cards, room taken)
        binomial = _BINOMIAL[left]
        if kind == _SLOT:
            here = room >> shift & 63
            # At least what the types after this one cannot fill there, and what the type's
            # later steps cannot take.
            low = max(0, here - (self.supply[t + 1][0] >> shift & 63), left - takes)
            for x in range(low, min(here, left) + 1):
                options.append((x, x, x << shift))
        else:
            # The places of one card still empty: those the types after this one cannot fill
            # must be filled now; of the others, any as long as the type's cards go round.
            supply = self.supply[t + 1][0]
            must = taken = 0
            free: list[tuple[int, int]] = []
            for h, sh in ones:
                if room >> sh & 1:
                    if supply >> sh & 63:
                        free.append((1 << h, 1 << sh))
                    else:
                        must |= 1 << h
                        taken += 1 << sh
            n_must = must.bit_count()
            for n in range(max(0, left - takes - n_must), min(len(free), left - n_must) + 1):
                for chosen in itertools.combinations(free, n):
                    mask = must
                    off = taken
                    for bit, unit in chosen:
                        mask |= bit
                        off += unit
                    options.append((mask, n + n_must, off))
        out = []
        nxt = len(self.cards[t + 1]) if ends else 0
        for what, x, off in options:
            ways = binomial[x] if kind == _SLOT else _FALLING[left][x]
            now = given | (1 << g) if fills and x else given
            after = room - off
            after_total = total_room - x
            if ends:  # the type's other cards go to the last group, where the types after it leave room
                if left - x:
                    if not may:
                        continue
                    if fills_last:
                        now |= 1 << self.last
                if rest < after_total or not self._can_fill(t + 1, after, rest - after_total, now):
                    continue
                out.append((what, ways, nxt, after, after_total, now))
            else:
                out.append((what, ways, left - x, after, after_total, now))
        return out

    def _can_fill(self, t: int, room: int, in_last: int, given: int) -> bool:
        """Whether the types from ``t`` on may fill ``room`` and ``in_last`` places of the last
        group, as far as each group alone tells, and give the tarocks R7 still wants."""
        supply, last_supply, tarocks = self.supply[t]
        if in_last > last_supply or (self.need & ~given & ~tarocks):
            return False
        while room:
            if (room & 63) > (supply & 63):
                return False
            room >>= _ROOM_BITS
            supply >>= _ROOM_BITS
        return True

    def draw(self, rnd: Any) -> list[list[int]]:
        """The cards of each group, drawn uniformly among all deals (in no particular order
        within a group)."""
        out: list[list[int]] = [[] for _ in self.members]
        tables = self.tables
        key = self.start
        split = self.split
        last = out[self.last] if out else []
        pool = self.cards[0]
        at = 0
        fresh = True  # (at the first step of a type)
        for kind, g, _, _, _, t, _, ends, _, _, _ in self.steps:
            if fresh:
                pool = _shuffled(pool, rnd) if split[t] else pool
                fresh = False
            totals, children, placed = tables[key]
            k = 0 if len(totals) == 1 else bisect.bisect_right(totals, _below(totals[-1], rnd))
            key = children[k]
            what = placed[k]
            if kind == _SLOT:
                if what:
                    out[g] += pool[at : at + what]
                    at += what
            else:
                while what:  # one card to each place it fills
                    low = what & -what
                    out[low.bit_length() - 1].append(pool[at])
                    at += 1
                    what ^= low
            if ends:
                if at < len(pool):
                    last += pool[at:]
                pool = self.cards[t + 1]
                at = 0
                fresh = True
        if len(out) == self.n_view:
            return out
        mine: list[list[int]] = [[] for _ in range(self.n_view)]
        for members, cards in zip(self.members, out):
            if len(members) == 1:
                mine[members[0]] = cards
            else:  # one card for each unseen place, in random order
                for g, c in zip(members, _shuffled(cards, rnd)):
                    mine[g].append(c)
        return mine


def _state_key(i: int, left: int, room: int, given: int) -> int:
    """A state of :class:`_Spread`, packed into an int: the step, the cards of its type left, the
    room (six bits per group) and the dealt hands given a tarock (a bit per group)."""
    return ((i << 6 | left) << 60 | room) << 10 | given


# --------------------------------------------------------------------------------------------
# Building the spectator's model from a view


#: The places of a position for :func:`_build_spectator`: the hand places of each seat, the places of
#: each Strohmann (seat*3+k, top first), the known card of each place (-1 where free), the mask
#: of the known cards, and how many places of each Strohmann are taken (1 for its top, if any).
_SpectatorLayout = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], list[int], int, list[int]]


def _build_spectator(
    s: Seen, layout: _SpectatorLayout | None = None, held: tuple[int, int] = (0, 0), budget: int | None = None
) -> _Spectator:
    """The model of a spectator's view of a dealt state, or of a position with the places of
    ``layout`` and the cards of each seat's set-up announcements ``held`` (:func:`_build_position_spectator`)."""
    rules: RuleSet = s.rules
    deck = rules.deck
    unknown = (0, 1)
    if layout is None:
        hand_positions, pile_positions = _layout(deck, s.dealer)
        fixed = [-1] * deck.card_count
        known = 0
        turned = [0] * 6
    else:
        hand_positions, pile_positions, fixed, known, turned = layout
    size = len(fixed)
    m = _Spectator()
    m.size = size
    m.pile_positions = pile_positions
    m.own_mask = 0
    # Every card seen turned stays in its place; the unseen ones are free places (R11, R12).
    hidden: list[tuple[int, int, int]] = []  # seat, position, tricks completed when taken
    m.hidden_piles = []
    taken = [0, 0]
    for e in seen_events(s):
        pid = (e & 1) * 3 + (e >> 1 & 3)
        if pid > 5 or turned[pid] >= len(pile_positions[pid]):
            raise _inconsistent("more cards turned than a Strohmann holds")
        pos = pile_positions[pid][turned[pid]]
        turned[pid] += 1
        card = e >> 3 & 63
        if card == HIDDEN_CARD:
            if turned[pid] != len(pile_positions[pid]):
                raise _inconsistent("only a last card is taken up unseen")
            hidden.append((e & 1, pos, e >> 11))
            m.hidden_piles.append(pid)
            continue
        bit = 1 << card
        if known & bit:
            raise _inconsistent("a card is seen twice")
        known |= bit
        fixed[pos] = card
        if e & 0x200:
            taken[e & 1] |= bit
    deck_mask = rule_data(rules).deck_mask
    if known & ~deck_mask:
        raise _inconsistent("a card is not in the deck")
    free = deck_mask & ~known
    # The groups of free places.
    groups: list[_Group] = []
    for seat in unknown:
        groups.append(_Group(_D, seat, hand_positions[seat]))
    for seat, pos, take in hidden:
        groups.append(_Group(_H, seat, (pos,), take))
    down = tuple(pos for pid in range(6) for pos in pile_positions[pid][turned[pid] :])
    if down:
        groups.append(_Group(_F, -1, down))
    if sum(len(g.positions) for g in groups) != free.bit_count():
        raise _inconsistent("the free cards do not fill the free places")
    # What the plays say (R14, R17): cards played from the hand, voids, announcements.
    played_at: list[dict[int, int]] = [{}, {}]
    announced_at: list[dict[int, int]] = [{}, {}]
    voids: list[list[list[int]]] = [[[], [], [], [], []], [[], [], [], [], []]]  # trick numbers per seat, class
    played = [0, 0]

    def note(seat: int, card: int, info: int, trick: int) -> None:
        if not info & 1:
            played[seat] |= 1 << card
            played_at[seat][card] = trick
        if info & 6:
            bits = info >> 1 & 3
            for c in (_TRULL if bits & 1 else ()) + (_KINGS if bits & 2 else ()):
                announced_at[seat].setdefault(c, trick)

    trick = s.setup  # (a position's set-up tricks were not played: they say nothing)
    cls_of = CLASS
    for packed in walk(s.tricks)[trick:]:
        t: int = packed
        trick += 1
        leader = t & 1
        note(leader, t >> 1 & 63, t >> 14 & 31, trick)
        card = t >> 7 & 63
        note(1 - leader, card, t >> 19 & 31, trick)
        led_cls = cls_of[t >> 1 & 63]
        cls = cls_of[card]
        if cls != led_cls:  # R14: the follower could not follow, nor trump if he played a suit
            voids[1 - leader][led_cls].append(trick)
            if cls and led_cls:
                voids[1 - leader][0].append(trick)
    if s.lead >= 0:
        note(1 - s.turn, s.lead & 63, s.lead >> 6 & 31, trick + 1)
    for x in (0, 1):  # R17: a position's set-up announcements: their cards were in the hand by then
        for c in _bits(held[x] & free):
            announced_at[x].setdefault(c, s.setup)
    m.played = (played[0], played[1])
    m.taken = (taken[0], taken[1])
    # R7: who was asked whether to fold, and who would have been.
    if rules.fold_without_tarock and s.dealt:  # (a position has no auction)
        for g in groups:
            if g.kind == _D:
                g.tarock = _fold_constraint(s, g.seat)
    # The types: free cards that may go to the same groups.
    kinds: dict[tuple[int, bool], list[int]] = {}
    involved = [set(played_at[x]) | set(announced_at[x]) for x in (0, 1)]
    owned = 0
    for x in unknown:
        for c in involved[x]:
            owned |= 1 << c
    owned &= free
    # Cards nobody played from the hand or announced: their class decides where they may go.
    for cls in range(5):
        cards = _bits(free & ~owned & _CLASS_MASKS[cls])
        if cards:
            allowed = _allowed(groups, voids, _INF, _INF, cls, -1)
            kinds.setdefault((allowed, cls == 0), []).extend(cards)
    for c in _bits(owned):
        cls = CLASS[c]
        owner = unknown[0] if c in involved[unknown[0]] else unknown[-1]
        stop = played_at[owner].get(c, _INF)
        allowed = _allowed(groups, voids, stop, min(stop, announced_at[owner].get(c, _INF)), cls, owner)
        kinds.setdefault((allowed, cls == 0), []).append(c)
    m.types = [(allowed, tarock, cards) for (allowed, tarock), cards in kinds.items()]
    m.groups = groups
    m.fixed = fixed
    prefix: Any = None
    k = 0
    for e in seen_events(s):
        if e >> 3 & 63 == HIDDEN_CARD:
            break
        prefix = (prefix, e)
        k += 1
    m.prefix = prefix
    m.suffix = seen_events(s)[k:]
    m.spreads = [None, None]
    m.budget = budget
    return m


def _allowed(groups: list[_Group], voids: list[list[list[int]]], stop: int, needed: int, cls: int, owner: int) -> int:
    """The groups a free card of class ``cls`` may go to (bit g for group g), by the constraints
    of the module docstring: ``owner`` is the seat that played it from the hand (in trick
    ``stop``) or announced it (it was in his hand by trick ``needed``), or -1."""
    allowed = 0
    for g, group in enumerate(groups):
        if group.kind == _F:
            if owner < 0:
                allowed |= 1 << g
            continue
        seat = group.seat
        if owner >= 0 and seat != owner:
            continue
        tricks = voids[seat][cls]  # the tricks in which the seat showed he had no such card
        if group.kind == _D:
            if group.tarock == 1 and cls == 0:
                continue
            if not tricks or tricks[0] >= stop:
                allowed |= 1 << g
        elif group.take < needed:
            i = bisect.bisect_right(tricks, group.take)
            if i == len(tricks) or tricks[i] >= stop:
                allowed |= 1 << g
    return allowed


_TRULL: Final = (0, 20, 21)
_KINGS: Final = tuple(22 + 8 * x + 7 for x in range(4))


def _fold_constraint(s: Seen, seat: int) -> int:
    """R7 for ``seat``'s dealt hand: 1 if he was asked (no tarock), 2 if he would have been asked
    but was not (at least one tarock), 0 if nothing is known."""
    decided = history(s)[:2]  # fold decisions come first (R7)
    seats = actors(s)[:2]
    asked = any(isinstance(a, (Fold, Keep)) and x == seat for a, x in zip(decided, seats))
    if s.phase is Phase.FOLD and s.turn == seat:
        asked = True
    if asked:
        return 1
    elder = 1 - s.dealer
    if seat == elder:
        return 2  # Elder is always checked first
    first = s.asked
    if first < 0:
        return 2
    if first == elder and decided and isinstance(decided[0], Keep):
        return 2  # Elder kept, so the dealer was checked next
    return 0


def _chunk_tables() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The set bits of each 9-bit chunk of a card mask, as card indices (six chunks cover 54)."""
    first: list[tuple[int, ...]] = [()] * 512
    for b in range(1, 512):
        low = b & -b
        first[b] = (low.bit_length() - 1, *first[b ^ low])
    return tuple(tuple([tuple([c + 9 * k for c in bits]) for bits in first]) for k in range(6))


_B0, _B1, _B2, _B3, _B4, _B5 = _chunk_tables()
_CLASS_MASKS: Final = (TAROCKS, *SUIT_MASKS)



def _state_of(s: Seen, deal: Deal, hands: tuple[int, int], events: Any) -> Record:
    """The full record with the view's public parts, the sampled deal, hands and events."""
    return assemble(
        deal,
        phase=s.phase,
        turn=s.turn,
        hands=hands,
        tops=s.tops,
        won=s.won,
        lead=s.lead,
        ntr=s.ntr,
        tricks=s.tricks,
        events=events,
        hist=s.hist,
        calls=s.calls,
        auc=s.auc,
    )


def _kinds(free: int, in_d: int, in_f: int) -> tuple[int, int, int]:
    """The free cards that may go to D or F (flexible), to D only, and to neither (H only)."""
    not_f = free & ~in_f
    d_only = not_f & in_d
    return free & in_f & in_d, d_only, not_f ^ d_only


def _draw_distinct(masks: Sequence[int], rnd: Any) -> tuple[list[int], int]:
    """One card from each mask, all different, uniformly among such choices (by rejection):
    the cards in order, and as a mask."""
    if len(masks) == 1:
        pool = _bits(masks[0])
        c = pool[int(rnd() * len(pool))]
        return [c], 1 << c
    pools = [_bits(mask) for mask in masks]
    drawn: list[int] = []
    picked = 0
    while len(drawn) < len(pools):
        picked = 0
        drawn = []
        for pool in pools:
            c = pool[int(rnd() * len(pool))]
            if picked >> c & 1:
                break
            picked |= 1 << c
            drawn.append(c)
    return drawn, picked


def _announced_cards(announced: frozenset[Announcement]) -> int:
    """The cards of the announcements ``announced`` (R17)."""
    return ANN_CARDS[sum(_ANN_BIT[a] for a in announced)]


_ANN_BIT: Final = {Announcement.TRULL: 1, Announcement.FOUR_KINGS: 2}


def _bits(mask: int) -> list[int]:
    """The indices of the set bits of a card mask, in increasing order."""
    if mask >> 54:
        out: list[int] = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out
    return [
        *_B0[mask & 511],
        *_B1[mask >> 9 & 511],
        *_B2[mask >> 18 & 511],
        *_B3[mask >> 27 & 511],
        *_B4[mask >> 36 & 511],
        *_B5[mask >> 45],
    ]


# --------------------------------------------------------------------------------------------
# The sample's record


def record_of_sample(s: Seen, m: Any, places: Sequence[int], hands: list[int]) -> Record:
    """The record of a drawn sample, assembled from the view's public parts and the drawn cards."""
    if isinstance(m, _PositionModel):
        return m.build(s, places, hands)
    result: Record = m.assemble(s, places, hands)
    return result


def replayed(s: Seen, m: Any, places: Sequence[int], hands: list[int]) -> Record:
    """The same record, built through the rules: the drawn deck order dealt (or the drawn
    position set up) and the view's history replayed."""
    if isinstance(m, _PositionModel):
        hands_, strohmaenner, won, tricks, leader, dealer, undertaker, doubled, announced = m.description(s, places, hands)
        c = build(
            s.rules,
            hands=hands_,
            strohmaenner=strohmaenner,
            won=won,
            rest_to=None,
            tricks=tricks,
            leader=leader,
            dealer=dealer,
            undertaker=undertaker,
            doubled=doubled,
            announcements=announced,
        )
    else:
        c = initial(Deal.dealt(s.rules, tuple(places), s.dealer))
    for action in history(s):
        c = step(c, action)
    return c


def is_position(m: Any) -> bool:
    """Whether a model is of a view of a position (whose samples have no deck order)."""
    return isinstance(m, _PositionModel)
