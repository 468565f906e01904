"""The private fast core: bit masks, lookup tables and the static data of one deal.

Cards are bits: card ``index`` is bit ``1 << index`` (see :mod:`strohmandeln.cards` for the
canonical order). A set of cards is an ``int``. Within the tarocks and within each suit a higher
index is a higher card, so "the highest card of a set" is ``mask.bit_length() - 1``.

Nothing here is public API; the public types in :mod:`strohmandeln.state` wrap it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from operator import itemgetter
from typing import Any, Final

from .actions import PLAIN, Play
from .cards import DECK_54, Card, Rank
from .rules import Bonus, LastCard, RuleSet

TAROCKS: Final = (1 << 22) - 1
#: ``BIT[i] == 1 << i``
BIT: Final = tuple(1 << i for i in range(54))
SUIT_MASKS: Final = tuple(0xFF << (22 + 8 * s) for s in range(4))
KINGS: Final = sum(1 << (22 + 8 * s + Rank.KING - 1) for s in range(4))
TRULL: Final = (1 << 0) | (1 << 20) | (1 << 21)
#: Cards taken into the hand when turned up from a Strohmann (R11): tarocks and Kings.
TAKE_UP: Final = TAROCKS | KINGS
#: Whether each card is taken into the hand when turned up from a Strohmann (R11).
TAKEN_UP: Final = tuple(bool(TAKE_UP >> i & 1) for i in range(54))
#: The "class" of each card: 0 for tarocks, 1…4 for the suits.
CLASS: Final = tuple(0 if i < 22 else 1 + (i - 22) // 8 for i in range(54))
#: For each card, the mask of the cards that follow it (its suit, or all tarocks).
FOLLOW_MASK: Final = tuple(TAROCKS if i < 22 else SUIT_MASKS[(i - 22) // 8] for i in range(54))
XVII: Final = 16
XVIII: Final = 17

# Packed trick: leader | lead<<1 | follow<<7 | winner<<13 | lead_info<<14 | follow_info<<19,
# where info = from_strohmann | announcement_bits<<1 | call<<3.
# Packed event: player | strohmann<<1 | card<<3 | to_hand<<9 | hidden<<10 | trick<<11.


def mask_of(cards: object) -> int:
    """The mask of an iterable of cards (no validation)."""
    m = 0
    for c in cards:  # type: ignore[attr-defined]
        m |= 1 << c.index
    return m


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, in canonical order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(DECK_54[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


# --- plain plays by structure: tables indexed by chunks of a mask ---------------------------


def _table(base: int, bits: int) -> list[tuple[Play, ...]]:
    """``table[b]``: the plain plays of the cards ``base + k`` for the set bits ``k`` of ``b``."""
    table: list[tuple[Play, ...]] = [()] * (1 << bits)
    for b in range(1, 1 << bits):
        high = b.bit_length() - 1
        table[b] = table[b ^ (1 << high)] + (PLAIN[base + high],)
    return table


#: Plain plays by the four chunks of 14, 14, 13 and 13 bits of the whole mask (cards 0–13,
#: 14–27, 28–40, 41–53): a lead's plays in four look-ups, an answer in tarocks in two. (About
#: 5 MB; built in ~15 ms.)
WIDE_PLAYS: Final = (_table(0, 14), _table(14, 14), _table(28, 13), _table(41, 13))
#: Plain plays of each suit by its 8-bit chunk.
SUIT_PLAYS: Final = tuple(_table(22 + 8 * s, 8) for s in range(4))
#: For a led card: the plays of its class by the class's chunk (None for tarocks), and the
#: chunk's shift (R14's "follow suit" is one look-up).
FOLLOW_PLAYS: Final = tuple(None if i < 22 else SUIT_PLAYS[(i - 22) >> 3] for i in range(54))
FOLLOW_SHIFT: Final = tuple(0 if i < 22 else 22 + ((i - 22) & ~7) for i in range(54))


class RuleData:
    """What the hot path needs of a rule set, computed once per rule set."""

    __slots__ = (
        "deck_mask",
        "tricks",
        "hidden_last",
        "ann_trull",
        "ann_kings",
        "rostopschin",
        "variants",
        "call_cards",
        "ann_cards",
        "thirds",
        "thirds_chunks",
        "hand_packets",
        "strohmann_sizes",
        "hand_positions",
        "pile_slices",
        "deck_index",
        "identity",
        "hand_getters",
        "pile_getters",
        "pile_card_getters",
    )

    def __init__(self, rules: RuleSet) -> None:
        deck = rules.deck
        self.deck_mask = mask_of(deck.cards)
        self.tricks = deck.trick_count
        self.hidden_last = rules.last_card is LastCard.HIDDEN
        scoring = rules.scoring
        self.ann_trull = scoring.has(Bonus.TRULL_ANNOUNCED)
        self.ann_kings = scoring.has(Bonus.FOUR_KINGS_ANNOUNCED)
        self.rostopschin = scoring.has(Bonus.ROSTOPSCHIN)
        #: whether plays can carry announcements or calls at all
        self.variants = self.ann_trull or self.ann_kings or self.rostopschin
        #: prefilters for them: a call needs XVII or XVIII among the legal cards, an
        #: announcement one of these sets whole in the hand (the Trull, the four Kings); 0 when
        #: the rule set has none
        self.call_cards = (1 << XVII | 1 << XVIII) if self.rostopschin else 0
        self.ann_cards = (TRULL if self.ann_trull else 0) | (KINGS if self.ann_kings else 0)
        self.thirds = tuple(deck.counting.thirds(c) for c in DECK_54)
        self.thirds_chunks = _thirds_chunks(deck.counting)
        self.hand_packets = deck.hand_packets
        self.strohmann_sizes = deck.strohmann_sizes
        # R6's layout as deck positions, by role: 0 = Elder, 1 = dealer.
        hand_positions: tuple[list[int], list[int]] = ([], [])
        pile_slices: tuple[list[tuple[int, int]], list[tuple[int, int]]] = ([], [])
        pos = 0
        for size in deck.hand_packets:
            for role in (0, 1):
                hand_positions[role].extend(range(pos, pos + size))
                pos += size
        for size in deck.strohmann_sizes:
            for role in (0, 1):
                pile_slices[role].append((pos, pos + size))
                pos += size
        self.hand_positions = (tuple(hand_positions[0]), tuple(hand_positions[1]))
        self.pile_slices = (tuple(pile_slices[0]), tuple(pile_slices[1]))
        #: the canonical index of the deck's k-th card
        self.deck_index = tuple(c.index for c in deck.cards)
        #: whether the deck's k-th card is card k (the 54-card deck)
        self.identity = self.deck_index == tuple(range(len(self.deck_index)))
        # For dealing in C-level steps: the cards at the hand positions of each role, and each
        # role's three Strohmänner as slices of a deck order (a tuple of three tuples).
        self.hand_getters = tuple(itemgetter(*hand_positions[role]) for role in (0, 1))
        self.pile_getters = tuple(itemgetter(*(slice(a, b) for a, b in pile_slices[role])) for role in (0, 1))
        #: each role's Strohmann cards, all three piles together
        self.pile_card_getters = tuple(itemgetter(*(k for a, b in pile_slices[role] for k in range(a, b))) for role in (0, 1))


_CHUNK_BITS: Final = 11
_THIRDS_CHUNKS: dict[object, tuple[list[int], ...]] = {}


def _thirds_chunks(counting: object) -> tuple[list[int], ...]:
    tables = _THIRDS_CHUNKS.get(counting)
    if tables is None:
        th = [counting.thirds(c) for c in DECK_54]  # type: ignore[attr-defined]
        built = []
        for k in range(5):
            table = [0] * (1 << _CHUNK_BITS)
            for b in range(1, 1 << _CHUNK_BITS):
                low = b & -b
                index = k * _CHUNK_BITS + low.bit_length() - 1
                table[b] = table[b ^ low] + (th[index] if index < 54 else 0)
            built.append(table)
        tables = _THIRDS_CHUNKS[counting] = tuple(built)
    return tables


_RULE_DATA: dict[int, tuple[RuleSet, RuleData]] = {}


def rule_data(rules: RuleSet) -> RuleData:
    """The cached :class:`RuleData` of ``rules`` (keyed by identity; the rule set is kept alive)."""
    entry = _RULE_DATA.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    data = RuleData(rules)
    if len(_RULE_DATA) > 256:
        _RULE_DATA.clear()
    _RULE_DATA[id(rules)] = (rules, data)
    return data


def seat_layout(rules: RuleSet, dealer: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[range, ...], ...]]:
    """R6's layout by seat: the deck positions of each seat's hand, and of each of his
    Strohmänner (top first)."""
    data = rule_data(rules)
    roles = (1, 0) if dealer == 0 else (0, 1)  # seat -> role (0 = Elder, 1 = dealer)
    hands = tuple(data.hand_positions[role] for role in roles)
    piles = tuple(tuple(range(a, b) for a, b in data.pile_slices[role]) for role in roles)
    return hands, piles


#: What uncovering a Strohmann card brings (R11, R12): the cards that go to its owner's hand,
#: the card that stays face up (a mask, or 0), the card's event (packed without the trick
#: number), and, if it went to the hand, the uncovering of the card below it, whose events
#: follow (a chain; the masks of the first link already include the others').
Uncover = tuple[int, int, int, Any]


def _event(pid: int, card: int) -> int:
    """The packed event of ``card`` turned on pile ``pid`` (player * 3 + Strohmann)."""
    return pid // 3 | pid % 3 << 1 | card << 3


# By pile (player * 3 + Strohmann), then card: the uncovering of a card that stays face up
# (None for the cards taken into the hand, R11), the event of a card taken into the hand, and
# the uncovering of the last card of a pile, seen or hidden (R12).
_FACE_UP: Final[tuple[tuple[Uncover | None, ...], ...]] = tuple(
    tuple(None if TAKEN_UP[c] else (0, 1 << c, _event(pid, c), None) for c in range(54)) for pid in range(6)
)
_TAKEN_EVENT: Final = tuple(tuple(_event(pid, c) | 512 for c in range(54)) for pid in range(6))
_LAST_SEEN: Final[tuple[tuple[Uncover, ...], ...]] = tuple(
    tuple((1 << c, 0, _event(pid, c) | 512, None) for c in range(54)) for pid in range(6)
)
_LAST_HIDDEN: Final[tuple[tuple[Uncover, ...], ...]] = tuple(
    tuple((1 << c, 0, _event(pid, c) | 1536, None) for c in range(54)) for pid in range(6)
)
#: The piles of each seat, Elder's first (the order of the uncovering before the first lead,
#: R11), by dealer.
_START_PILES: Final = (((3, 4, 5), (0, 1, 2)), ((0, 1, 2), (3, 4, 5)))


class Deal:
    """The static data of one deal: rule set, deck order, dealer, Strohmann contents.

    Shared by every state of the deal; never changed after construction.
    """

    __slots__ = (
        "rules",
        "_order",
        "order_index",
        "dealer",
        "elder",
        "hands",
        "piles",
        "uncover",
        "start",
        "deck_mask",
        "tricks",
        "hidden_last",
        "ann_trull",
        "ann_kings",
        "rostopschin",
        "call_cards",
        "ann_cards",
        "may_vary",
        "thirds",
        "thirds_chunks",
        "setup_tricks",
        "setup_won",
    )

    rules: RuleSet
    _order: tuple[Card, ...] | None
    #: the deck order as card indices, or None for a set-up position
    order_index: tuple[int, ...] | None
    dealer: int
    elder: int
    hands: tuple[int, int]
    #: player * 3 + k -> the card indices of Strohmann k of the player, top first
    piles: tuple[tuple[int, ...], ...]
    #: for every Strohmann card but the last of its pile: what playing it uncovers (R11, R12)
    uncover: list[Uncover | None]
    #: the uncovering before the first lead (R11): cards added to the hands and to the face-up
    #: tops of seats 0 and 1, and the events (a cons list)
    start: tuple[int, int, int, int, Any]
    deck_mask: int
    tricks: int
    hidden_last: bool
    ann_trull: bool
    ann_kings: bool
    rostopschin: bool
    call_cards: int
    ann_cards: int
    #: per seat: whether any of his plays in this deal can carry an announcement or a call
    may_vary: tuple[bool, ...]
    thirds: tuple[int, ...]
    thirds_chunks: tuple[list[int], ...]
    #: the tricks a position was set up with (:mod:`strohmandeln.positions`): they are not part
    #: of the history; 0 for a dealt deal
    setup_tricks: int
    #: how many of them a position gave as won cards (:func:`strohmandeln.positions._described`)
    setup_won: int

    def __init__(
        self,
        rules: RuleSet,
        order: tuple[Card, ...] | None,
        dealer: int,
        hands: tuple[int, int],
        piles: tuple[tuple[int, ...], ...],
        *,
        order_index: Sequence[int] | None = None,
    ) -> None:
        if order_index is None and order is not None:
            order_index = [c.index for c in order]
        self._fill(rule_data(rules), rules, order, order_index, dealer, hands, piles)

    @classmethod
    def dealt(cls, rules: RuleSet, data: RuleData, idx: tuple[int, ...], dealer: int, order: tuple[Card, ...] | None) -> Deal:
        """The deal of the deck order ``idx`` (card indices, top first) by R6's layout, built
        with as few Python-level steps as possible (it runs once per simulated deal)."""
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
        else:
            hand_d = sum(itemgetter(*get_d(idx))(BIT))
            reach_e = reach_d = 0
        self: Deal = object.__new__(cls)
        if dealer == 0:
            self._fill(data, rules, order, idx, 0, (hand_d, hand_e), piles_d + piles_e, (reach_d, reach_e))
        else:
            self._fill(data, rules, order, idx, 1, (hand_e, hand_d), piles_e + piles_d, (reach_e, reach_d))
        return self

    def _fill(
        self,
        data: RuleData,
        rules: RuleSet,
        order: tuple[Card, ...] | None,
        order_index: Sequence[int] | None,
        dealer: int,
        hands: tuple[int, int],
        piles: tuple[tuple[int, ...], ...],
        reach: tuple[int, int] | None = None,
    ) -> None:
        """Set every field (``reach``: the cards each seat holds or will turn up, if known).

        What turning up each Strohmann card brings (R11, R12), found once per deal: for
        every pile, bottom card first, the result of uncovering it, which is what playing the
        card above it brings; each pile's top gives the uncovering before the first lead.
        """
        uncover: list[Uncover | None] = [None] * 54
        last = _LAST_HIDDEN if data.hidden_last else _LAST_SEEN
        events: Any = None  # the uncovering before the first lead (R11)
        added = []  # (to the hand, face up) of Elder, then of the dealer
        for seat_piles in _START_PILES[dealer]:
            ha = ta = 0
            for pid in seat_piles:
                pile = piles[pid]
                face_up = _FACE_UP[pid]  # None for a tarock or a King: it goes to the hand, the next card turns
                taken = _TAKEN_EVENT[pid]
                if len(pile) == 4:  # (unrolled: every pile of the 54-card deck)
                    c0, c1, c2, c3 = pile
                    uncover[c2] = below = last[pid][c3]  # the last card goes to the hand (R12)
                    uncover[c1] = below = face_up[c2] or (BIT[c2] | below[0], below[1], taken[c2], below)
                    uncover[c0] = below = face_up[c1] or (BIT[c1] | below[0], below[1], taken[c1], below)
                    below = face_up[c0] or (BIT[c0] | below[0], below[1], taken[c0], below)
                elif pile:
                    below = last[pid][pile[-1]]
                    for c in pile[-2::-1]:
                        uncover[c] = below
                        below = face_up[c] or (BIT[c] | below[0], below[1], taken[c], below)
                else:
                    continue
                ha |= below[0]
                ta |= below[1]
                events = (events, below[2])
                link = below[3]
                while link is not None:
                    events = (events, link[2])
                    link = link[3]
            added.append((ha, ta))
        (he, te), (hd, td) = added
        self.uncover = uncover
        self.start = (hd, he, td, te, events) if dealer == 0 else (he, hd, te, td, events)
        # Whether each seat can ever announce or call: the cards he holds or will turn up.
        if data.variants:
            if reach is None:
                bits = BIT.__getitem__
                reach = (
                    hands[0] | sum(map(bits, chain.from_iterable(piles[:3]))),
                    hands[1] | sum(map(bits, chain.from_iterable(piles[3:]))),
                )
            self.may_vary = (_may_vary(data, reach[0]), _may_vary(data, reach[1]))
        else:
            self.may_vary = (False, False)
        self.rules = rules
        self._order = order
        self.order_index = None if order_index is None else tuple(order_index)  # free for a tuple
        self.dealer = dealer
        self.elder = 1 - dealer
        self.hands = hands
        self.piles = piles
        self.deck_mask = data.deck_mask
        self.tricks = data.tricks
        self.hidden_last = data.hidden_last
        self.ann_trull = data.ann_trull
        self.ann_kings = data.ann_kings
        self.rostopschin = data.rostopschin
        self.call_cards = data.call_cards
        self.ann_cards = data.ann_cards
        self.thirds = data.thirds
        self.thirds_chunks = data.thirds_chunks
        self.setup_tricks = 0
        self.setup_won = 0

    @property
    def order(self) -> tuple[Card, ...] | None:
        """The deck order as cards (built on first use), or ``None`` for a set-up position."""
        order = self._order
        if order is None and self.order_index is not None:
            order = self._order = tuple([DECK_54[i] for i in self.order_index])
        return order

    def thirds_of(self, mask: int) -> int:
        """The card points of ``mask`` in thirds."""
        t0, t1, t2, t3, t4 = self.thirds_chunks
        return (
            t0[mask & 2047]
            + t1[mask >> 11 & 2047]
            + t2[mask >> 22 & 2047]
            + t3[mask >> 33 & 2047]
            + t4[mask >> 44 & 2047]
        )


def _may_vary(data: RuleData, reach: int) -> bool:
    """Whether a seat who can only ever hold the cards ``reach`` can ever announce (R17) or
    call (R18) under the rule set."""
    return bool(
        (data.call_cards and reach & data.call_cards)
        or (data.ann_trull and reach & TRULL == TRULL)
        or (data.ann_kings and reach & KINGS == KINGS)
    )


class ValueByKey:
    """Value semantics for immutable objects defined by ``_key()``: equality, hashing, and
    copies that return the object itself."""

    __slots__ = ()

    def _key(self) -> tuple[object, ...]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __copy__(self) -> ValueByKey:
        return self

    def __deepcopy__(self, memo: object) -> ValueByKey:
        return self


def walk(cons: object) -> list[object]:
    """The items of a cons list ``(((None, a), b), c)`` in order: ``[a, b, c]``."""
    out: list[object] = []
    node: Any = cons
    while node is not None:
        node, item = node
        out.append(item)
    out.reverse()
    return out
