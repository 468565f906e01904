"""What the kernel needs of a rule set, computed once per rule set (R1-R12, R17, R18).

:func:`rule_data` gives the one :class:`RuleData` of a :class:`~strohmandeln.RuleSet`: its deck as
a mask, the deal layout of R6 as deck positions, the card values of R2/R4 and every option the
hot path asks about, as plain attributes. Equal rule sets share one object.

An option keeps its :class:`~strohmandeln.RuleSet` name on its way in (one mapping, no aliases):
a flag is the option's name, followed by the value it tests where the option is a choice, and a
scoring bonus is the :class:`~strohmandeln.Bonus` value it tests.

============================  ==================================================
flag                          is ``True`` when
============================  ==================================================
``fold_without_tarock``       ``rules.fold_without_tarock`` (R7)
``undertaker_doubling``       ``rules.undertaker_doubling`` (R10)
``both_pass_throw_in``        ``rules.both_pass is BothPass.THROW_IN`` (R9)
``first_lead_undertaker``     ``rules.first_lead is FirstLead.UNDERTAKER`` (R5)
``last_card_hidden``          ``rules.last_card is LastCard.HIDDEN`` (R12)
``trull_announced``           ``rules.scoring.has(Bonus.TRULL_ANNOUNCED)`` (R17)
``four_kings_announced``      ``rules.scoring.has(Bonus.FOUR_KINGS_ANNOUNCED)`` (R17)
``rostopschin``               ``rules.scoring.has(Bonus.ROSTOPSCHIN)`` (R18)
============================  ==================================================
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Final

from .._base.masks import KINGS, TRULL, XVII, XVIII
from ..cards import DECK_54
from ..rules import BothPass, Bonus, FirstLead, LastCard, RuleSet
from .bonuses import CHECKS, RULE_OF, Check

#: Bits per chunk of :meth:`RuleData.thirds_of`'s tables (seven chunks cover 54 cards).
_CHUNK: Final = 8


class RuleData:
    """A rule set compiled for the kernel; never changed after construction."""

    __slots__ = (
        "rules",
        "deck_mask",
        "card_count",
        "tricks",
        "winning_points",
        "last_card_hidden",
        "fold_without_tarock",
        "undertaker_doubling",
        "both_pass_throw_in",
        "first_lead_undertaker",
        "trull_announced",
        "four_kings_announced",
        "rostopschin",
        "variants",
        "call_cards",
        "ann_cards",
        "thirds",
        "total_thirds",
        "_chunks",
        "scoring",
        "bonus_checks",
        "hand_size",
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
        scoring = rules.scoring
        #: the rule set this data was compiled from (an equal one may use it too)
        self.rules = rules
        self.deck_mask: int = sum(1 << c.index for c in deck.cards)
        self.card_count: int = deck.card_count
        self.tricks: int = deck.trick_count
        self.winning_points: int = deck.winning_points
        self.last_card_hidden: bool = rules.last_card is LastCard.HIDDEN
        self.fold_without_tarock: bool = rules.fold_without_tarock
        self.undertaker_doubling: bool = rules.undertaker_doubling
        self.both_pass_throw_in: bool = rules.both_pass is BothPass.THROW_IN
        self.first_lead_undertaker: bool = rules.first_lead is FirstLead.UNDERTAKER
        self.trull_announced: bool = scoring.has(Bonus.TRULL_ANNOUNCED)
        self.four_kings_announced: bool = scoring.has(Bonus.FOUR_KINGS_ANNOUNCED)
        self.rostopschin: bool = scoring.has(Bonus.ROSTOPSCHIN)
        #: whether plays can carry announcements (R17) or calls (R18) at all
        self.variants: bool = self.trull_announced or self.four_kings_announced or self.rostopschin
        #: the cards a call needs among the legal cards (R18), 0 without Rostopschin
        self.call_cards: int = (1 << XVII | 1 << XVIII) if self.rostopschin else 0
        #: the sets an announcement needs whole in the hand (R17), 0 without announcements
        self.ann_cards: int = (TRULL if self.trull_announced else 0) | (KINGS if self.four_kings_announced else 0)
        #: each card's value in thirds (R2, R4), by card index
        self.thirds: tuple[int, ...] = tuple(deck.counting.thirds(c) for c in DECK_54)
        self.total_thirds: int = sum(self.thirds[c.index] for c in deck.cards)
        chunks: list[list[int]] = []
        for k in range(0, 54, _CHUNK):
            table = [0] * (1 << _CHUNK)
            for b in range(1, 1 << _CHUNK):
                low = b & -b
                i = k + low.bit_length() - 1
                table[b] = table[b ^ low] + (self.thirds[i] if i < 54 else 0)
            chunks.append(table)
        self._chunks: tuple[list[int], ...] = tuple(chunks)
        #: the scoring table (R17-R26), and its bonuses as (check, value, kind, ruling), in
        #: the table's order (:mod:`._core.bonuses`)
        self.scoring = scoring
        self.bonus_checks: tuple[tuple[Check, int, str, str], ...] = tuple(
            (CHECKS[bonus], value, bonus.value, RULE_OF[bonus]) for bonus, value in scoring.bonuses
        )
        self.hand_size: int = sum(deck.hand_packets)
        self.strohmann_sizes: tuple[int, int, int] = deck.strohmann_sizes
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
        #: per role (0 Elder, 1 dealer): the deck positions of the dealt hand
        self.hand_positions: tuple[tuple[int, ...], tuple[int, ...]] = (tuple(hand_positions[0]), tuple(hand_positions[1]))
        #: per role: each Strohmann's deck positions as (first, end)
        self.pile_slices: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]] = (
            tuple(pile_slices[0]),
            tuple(pile_slices[1]),
        )
        #: the canonical index of the deck's k-th card
        self.deck_index: tuple[int, ...] = tuple(c.index for c in deck.cards)
        #: whether the deck's k-th card is card k (the 54-card deck)
        self.identity: bool = self.deck_index == tuple(range(len(self.deck_index)))
        # For dealing in C-level steps: the cards at each role's hand positions, each role's
        # three Strohmänner as slices of a deck order, and all of each role's Strohmann cards.
        self.hand_getters: tuple[Any, Any] = (itemgetter(*hand_positions[0]), itemgetter(*hand_positions[1]))
        self.pile_getters: tuple[Any, Any] = tuple(  # type: ignore[assignment]
            itemgetter(*(slice(a, b) for a, b in pile_slices[role])) for role in (0, 1)
        )
        self.pile_card_getters: tuple[Any, Any] = tuple(  # type: ignore[assignment]
            itemgetter(*(k for a, b in pile_slices[role] for k in range(a, b))) for role in (0, 1)
        )

    def thirds_of(self, mask: int) -> int:
        """The card points of ``mask`` in thirds (R2, R4)."""
        t = self._chunks
        return (
            t[0][mask & 255]
            + t[1][mask >> 8 & 255]
            + t[2][mask >> 16 & 255]
            + t[3][mask >> 24 & 255]
            + t[4][mask >> 32 & 255]
            + t[5][mask >> 40 & 255]
            + t[6][mask >> 48 & 255]
        )

    def layout(self, dealer: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], tuple[tuple[int, ...], ...]]:
        """R6's layout by seat for ``dealer``: the deck positions of each seat's hand, and of
        each Strohmann (seat * 3 + k), top first."""
        roles = (1, 0) if dealer == 0 else (0, 1)  # seat -> role (0 = Elder, 1 = dealer)
        hands = (self.hand_positions[roles[0]], self.hand_positions[roles[1]])
        piles = tuple(tuple(range(a, b)) for role in roles for a, b in self.pile_slices[role])
        return hands, piles


_DATA: dict[RuleSet, RuleData] = {}
#: The last rule data asked for (``None`` before the first).
_last: RuleData | None = None
#: More rule sets than a program plays with; past it the memo starts again.
_MAX_DATA: Final = 256


def rule_data(rules: RuleSet) -> RuleData:
    """The :class:`RuleData` of ``rules`` (one per rule set; equal rule sets share it)."""
    global _last
    last = _last
    if last is not None and last.rules is rules:  # (the common case: one rule set, deal after deal)
        return last
    data = _DATA.get(rules)
    if data is None:
        if len(_DATA) >= _MAX_DATA:
            _DATA.clear()
        data = _DATA[rules] = RuleData(rules)
    _last = data
    return data
