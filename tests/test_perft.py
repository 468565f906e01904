"""Perft for cards (issue 6): stored counts, checked against the library and a reference generator.

``perft(d)`` is the number of distinct sequences of ``d`` played cards from the first lead, after
the auction. A play's announcement (R17) and call (R18) variants are one card and count once.
The fixed deals and their counts are in ``tests/data/perft.json``; ``benchmarks/perft.py --write``
regenerates them and ``benchmarks/perft.py`` checks the deep ones.

The oracle is a tiny reference move generator written here from the rulings alone — R6 (the deal
layout), R11/R12 (uncovering, the last card), R13 (playable cards), R14 (following), R15 (the
trick and turning the next card) — on plain lists and sets of :class:`~strohmandeln.Card`. It uses
nothing of the library but the card values and, to set up a deal, the deck order text.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final, TypedDict

import pytest

from strohmandeln import (
    DECK_54,
    PRESETS,
    Card,
    FirstLead,
    GameState,
    Phase,
    Play,
    Rank,
    cards_from_text,
    cards_to_text,
    deal,
    deal_layout,
    parse_action,
)

DATA: Final = Path(__file__).parent / "data" / "perft.json"
#: Library perft is checked against the stored counts up to this depth.
FAST_DEPTH: Final = 5
#: The reference generator's counts are compared with the stored ones up to this depth ...
REFERENCE_DEPTH: Final = 5
#: ... and its positions with the library's, node by node, up to this one.
WALK_DEPTH: Final = 4

_PLAIN: Final[dict[Card, Play]] = {card: Play(card) for card in DECK_54}


class PerftEntry(TypedDict):
    name: str
    rules: str
    dealer: int
    auction: list[str]
    order: str
    note: str
    counts: list[int]


def _load() -> list[PerftEntry]:
    doc: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    assert doc["format"] == 1
    entries: list[PerftEntry] = doc["deals"]
    return entries


ENTRIES: Final = _load()


def _ids(entry: PerftEntry) -> str:
    return entry["name"]


def start_position(entry: PerftEntry) -> GameState:
    state = deal(PRESETS[entry["rules"]], dealer=entry["dealer"], order=cards_from_text(entry["order"]))
    for token in entry["auction"]:
        state = state.apply(parse_action(token))
    assert state.phase is Phase.PLAY
    return state


# ----------------------------------------------------------------------------------------------
# The library's perft


def legal_cards(state: GameState) -> set[Card]:
    """The distinct cards among the legal actions (a card's variants count once)."""
    cards: set[Card] = set()
    for action in state.legal_actions():
        assert isinstance(action, Play)
        cards.add(action.card)
    return cards


def perft(state: GameState, depth: int) -> int:
    if depth == 0:
        return 1
    cards = legal_cards(state)
    if depth == 1:
        return len(cards)
    return sum(perft(state.apply(_PLAIN[card]), depth - 1) for card in cards)


# ----------------------------------------------------------------------------------------------
# The reference move generator (R6, R11–R15), independent of the library's state


#: R6: hand packets and Strohmann sizes, dealt Elder first, by deck size.
_LAYOUT: Final = {54: ((5, 5, 5), (4, 4, 4)), 40: ((5, 5), (4, 3, 3))}


def reference_layout(order: list[Card], dealer: int) -> tuple[list[list[Card]], list[list[list[Card]]]]:
    """R6: hands and Strohmänner (top card first) by seat, dealt from ``order``."""
    elder = 1 - dealer
    hand_packets, pile_sizes = _LAYOUT[len(order)]
    hands: list[list[Card]] = [[], []]
    piles: list[list[list[Card]]] = [[], []]
    pos = 0
    for size in hand_packets:
        for seat in (elder, dealer):
            hands[seat] += order[pos : pos + size]
            pos += size
    for size in pile_sizes:
        for seat in (elder, dealer):
            piles[seat].append(order[pos : pos + size])
            pos += size
    assert pos == len(order)
    return hands, piles


def _is_tarock(card: Card) -> bool:
    return card.suit is None


def _beats(led: Card, other: Card) -> bool:
    """R15: whether ``other``, played to the lead ``led``, wins the trick."""
    if _is_tarock(other):
        return not _is_tarock(led) or other.rank > led.rank
    return not _is_tarock(led) and other.suit == led.suit and other.rank > led.rank


class Reference:
    """A position of the card play as plain lists and sets."""

    __slots__ = ("hands", "down", "tops", "to_play", "lead")

    def __init__(
        self,
        hands: list[set[Card]],
        down: list[list[list[Card]]],
        tops: list[list[Card | None]],
        to_play: int,
        lead: tuple[int, Card, int | None] | None,
    ) -> None:
        #: The hand of each seat.
        self.hands = hands
        #: The face-down cards of each Strohmann of each seat, the next to turn first.
        self.down = down
        #: The face-up top of each Strohmann of each seat, or None.
        self.tops = tops
        self.to_play = to_play
        #: The lead of the trick in progress: (leader, card, Strohmann it came from or None).
        self.lead = lead

    @classmethod
    def start(cls, order: list[Card], dealer: int) -> Reference:
        """After the auction: uncover every Strohmann (R11, R12); Elder leads (R5)."""
        hands, piles = reference_layout(order, dealer)
        ref = cls([set(h) for h in hands], [[list(p) for p in s] for s in piles], [[None] * 3, [None] * 3], 1 - dealer, None)
        for seat in (1 - dealer, dealer):
            for k in range(3):
                ref.turn(seat, k)
        return ref

    def copy(self) -> Reference:
        return Reference(
            [set(h) for h in self.hands],
            [[list(p) for p in s] for s in self.down],
            [list(t) for t in self.tops],
            self.to_play,
            self.lead,
        )

    def turn(self, seat: int, k: int) -> None:
        """R11, R12: turn Strohmann ``k``'s next card; tarocks and Kings (and a last card) go to
        the hand and the next is turned; any other suit card stays face up."""
        pile = self.down[seat][k]
        while pile:
            card = pile.pop(0)
            if not pile or _is_tarock(card) or card.rank == Rank.KING:
                self.hands[seat].add(card)
            else:
                self.tops[seat][k] = card
                return

    def available(self, seat: int) -> set[Card]:
        """R13: the hand and the face-up tops."""
        return self.hands[seat] | {t for t in self.tops[seat] if t is not None}

    def legal(self) -> set[Card]:
        """R14: follow the led suit (hand or face-up top), else a tarock, else anything; a tarock
        lead is answered with a tarock if possible."""
        available = self.available(self.to_play)
        if self.lead is None:
            return available
        led = self.lead[1]
        if _is_tarock(led):
            same = {c for c in available if _is_tarock(c)}
        else:
            same = {c for c in available if c.suit == led.suit}
        if same:
            return same
        return {c for c in available if _is_tarock(c)} or available

    def play(self, card: Card) -> Reference:
        """The position after ``card`` (R15 when it completes the trick)."""
        new = self.copy()
        seat = new.to_play
        source: int | None = None
        if card in new.hands[seat]:
            new.hands[seat].remove(card)
        else:
            source = new.tops[seat].index(card)
            new.tops[seat][source] = None
        if new.lead is None:
            new.lead = (seat, card, source)
            new.to_play = 1 - seat
            return new
        leader, led, led_source = new.lead
        # R15: each Strohmann whose top was played in the trick turns its next card.
        if led_source is not None:
            new.turn(leader, led_source)
        if source is not None:
            new.turn(seat, source)
        new.lead = None
        new.to_play = seat if _beats(led, card) else leader
        return new


def reference_perft(ref: Reference, depth: int) -> int:
    if depth == 0:
        return 1
    cards = ref.legal()
    if depth == 1:
        return len(cards)
    return sum(reference_perft(ref.play(card), depth - 1) for card in cards)


def _reference_start(entry: PerftEntry) -> Reference:
    assert PRESETS[entry["rules"]].first_lead is FirstLead.ELDER  # R5: Elder leads, whoever took
    return Reference.start(list(cards_from_text(entry["order"])), entry["dealer"])


def _disagreement(state: GameState, ref: Reference) -> str | None:
    """What the library and the reference see differently in this position, if anything."""
    for seat in (0, 1):
        if set(state.hand(seat)) != ref.hands[seat]:
            return f"hand of seat {seat}: library {cards_to_text(state.hand(seat))}, reference {cards_to_text(sorted(ref.hands[seat]))}"
        for k in range(3):
            pile = state.strohmann(seat, k)
            if (pile.face_up, pile.face_down) != (ref.tops[seat][k], len(ref.down[seat][k])):
                return (
                    f"Strohmann {k} of seat {seat}: library {pile.face_up} over {pile.face_down}, "
                    f"reference {ref.tops[seat][k]} over {len(ref.down[seat][k])}"
                )
    if state.current_player != ref.to_play:
        return f"to play: library {state.current_player}, reference {ref.to_play}"
    if legal_cards(state) != ref.legal():
        return (
            f"legal cards: library {cards_to_text(sorted(legal_cards(state)))}, "
            f"reference {cards_to_text(sorted(ref.legal()))}"
        )
    return None


def _walk(state: GameState, ref: Reference, depth: int, path: list[Card]) -> Iterator[str]:
    """Every disagreement in the tree below, as 'after <cards>: <what>'."""
    problem = _disagreement(state, ref)
    if problem is not None:
        yield f"after [{cards_to_text(path)}]: {problem}"
        return
    if depth == 0:
        return
    for card in sorted(legal_cards(state)):
        yield from _walk(state.apply(_PLAIN[card]), ref.play(card), depth - 1, [*path, card])


# ----------------------------------------------------------------------------------------------
# The tests


def test_perft_data_covers_both_decks_r4_r6() -> None:
    """At least five fixed deals, with both decks, counted at least to depth 6."""
    assert len(ENTRIES) >= 5
    assert {PRESETS[e["rules"]].deck.card_count for e in ENTRIES} == {54, 40}
    assert all(len(e["counts"]) >= 6 for e in ENTRIES)
    assert len({e["order"] for e in ENTRIES}) == len(ENTRIES)


@pytest.mark.parametrize("entry", ENTRIES, ids=_ids)
def test_perft_counts_r13_r14_r15(entry: PerftEntry) -> None:
    """The library's perft matches the stored counts at the fast depths."""
    state = start_position(entry)
    depth = min(FAST_DEPTH, len(entry["counts"]))
    assert [perft(state, d) for d in range(1, depth + 1)] == entry["counts"][:depth]


@pytest.mark.parametrize("entry", ENTRIES, ids=_ids)
def test_reference_layout_r6(entry: PerftEntry) -> None:
    """R6: the reference deals the same hands and Strohmänner as :func:`deal_layout`."""
    order = list(cards_from_text(entry["order"]))
    hands, piles = reference_layout(order, entry["dealer"])
    lib_hands, lib_piles = deal_layout(PRESETS[entry["rules"]], order, dealer=entry["dealer"])
    assert [list(h) for h in lib_hands] == hands
    assert [[list(p) for p in s] for s in lib_piles] == piles


@pytest.mark.parametrize("entry", ENTRIES, ids=_ids)
def test_reference_perft_agrees_r11_r12_r13_r14_r15(entry: PerftEntry) -> None:
    """The reference generator counts what the library counts (depths 1–4), and what is stored."""
    ref = _reference_start(entry)
    counts = [reference_perft(ref, d) for d in range(1, REFERENCE_DEPTH + 1)]
    state = start_position(entry)
    library = [perft(state, d) for d in range(1, WALK_DEPTH + 1)]
    assert counts[:WALK_DEPTH] == library, f"deck order {entry['order']}"
    assert counts == entry["counts"][:REFERENCE_DEPTH], f"deck order {entry['order']}"


@pytest.mark.parametrize("entry", ENTRIES, ids=_ids)
def test_reference_tree_agrees_r11_r12_r13_r14_r15(entry: PerftEntry) -> None:
    """Node by node to the walk depth: the same hands, Strohmänner, player and legal cards."""
    problems = list(_walk(start_position(entry), _reference_start(entry), WALK_DEPTH, []))
    assert not problems, f"{entry['name']} (deck order {entry['order']}): {problems[:3]}"


@pytest.mark.parametrize("rules", ["classic", "extended", "zwanzigerrufen40"])
def test_reference_agrees_on_random_deals_r11_r12_r13_r14_r15(rules: str) -> None:
    """Whole random deals, every position compared with the reference, to the last trick."""
    rng = random.Random(f"perft-{rules}")
    for n in range(20):
        dealer = n % 2
        state = deal(PRESETS[rules], dealer=dealer, rng=rng)
        if state.phase is not Phase.AUCTION:  # a tarockless hand (R7): nothing to compare
            continue
        order = state.order
        assert order is not None
        state = state.apply(parse_action("pass")).apply(parse_action("take"))
        ref = Reference.start(list(order), dealer)
        path: list[Card] = []
        while not state.is_terminal:
            problem = _disagreement(state, ref)
            assert problem is None, f"deck order {cards_to_text(order)}, dealer {dealer}, after [{cards_to_text(path)}]: {problem}"
            card = rng.choice(sorted(ref.legal()))
            path.append(card)
            state = state.apply(_PLAIN[card])
            ref = ref.play(card)
        assert not any(ref.hands) and not any(any(p) for s in ref.down for p in s)
