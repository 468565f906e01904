"""Exact counting of card points (R2, R3, R4)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from helpers import cards

from strohmandeln import (
    DECK_40,
    DECK_54,
    Card,
    CardPoints,
    Counting,
    Deck,
    card_thirds,
)

# -- R2: counting in threes ---------------------------------------------------------------------


def test_R2_deck_54_totals_exactly_70_points() -> None:
    """R2: the 54-card deck totals exactly 70 points, i.e. 210 thirds."""
    assert card_thirds(DECK_54) == 210
    points = CardPoints.of(DECK_54)
    assert points == CardPoints(210)
    assert points.fraction == Fraction(70)
    assert str(points) == "70"
    assert points.rounded == 70
    assert Deck.FULL_54.total_points == 70


def test_R2_source_example_king_knight_xiii_is_7() -> None:
    """R2 ([004]): a group of King + Knight + XIII counts 5 + 3 + 1 − 2 = 7 points exactly."""
    for text in ("♥K ♥C XIII", "♣K ♠C XIII", "XIII ♦C ♦K"):
        points = CardPoints.of(cards(text))
        assert points.thirds == 21
        assert points.fraction == 7
        assert str(points) == "7"


def test_R2_source_hand_estimate_19_2_thirds() -> None:
    """R2 ([000] tactics): Sküs, Mond, ♥K, ♥Q, ♣Q make 19⅔ points."""
    points = CardPoints.of(cards("Sküs Mond ♥K ♥Q ♣Q"))
    assert points.fraction == Fraction(59, 3)
    assert str(points) == "19⅔"
    assert points.as_cards() == "19 and 2 cards"


def test_R2_source_hand_estimate_24() -> None:
    """R2 ([000] tactics): Sküs, Pagat, ♠K, ♠Q, ♣K, ♥Q make 24 points."""
    points = CardPoints.of(cards("Sküs Pagat ♠K ♠Q ♣K ♥Q"))
    assert points.fraction == 24
    assert str(points) == "24"
    assert points.as_cards() == "24"


def test_R2_fraction_method_of_the_source() -> None:
    """R2 ([000]): Sküs, XXI, I and Kings 4⅓; Queens 3⅓; Knights 2⅓; Jacks 1⅓; others ⅓."""
    expected = {5: Fraction(13, 3), 4: Fraction(10, 3), 3: Fraction(7, 3), 2: Fraction(4, 3), 1: Fraction(1, 3)}
    for c in DECK_54:
        assert CardPoints.of([c]).fraction == expected[c.value]
        assert Counting.IN_THREES.thirds(c) == 3 * c.value - 2


@pytest.mark.parametrize(
    ("thirds", "text", "spoken"),
    [
        (107, "35⅔", "35 and 2 cards"),
        (106, "35⅓", "35 and 1 card"),
        (105, "35", "35"),
        (0, "0", "0"),
        (1, "⅓", "0 and 1 card"),
        (2, "⅔", "0 and 2 cards"),
        (210, "70", "70"),
        (134, "44⅔", "44 and 2 cards"),
    ],
)
def test_R2_formatting(thirds: int, text: str, spoken: str) -> None:
    """R2: ``35⅔`` and ``35 and 2 cards`` — the fraction and the way players say it."""
    points = CardPoints(thirds)
    assert str(points) == text
    assert points.as_cards() == spoken
    assert points.whole == thirds // 3
    assert points.leftover_cards == thirds % 3


def test_R2_points_are_exact_never_floats() -> None:
    """R2: points are whole thirds and Fractions; no float appears."""
    points = CardPoints.of(cards("♥K ♥Q"))
    assert isinstance(points.thirds, int)
    assert isinstance(points.fraction, Fraction)
    assert points.fraction == Fraction(23, 3)
    assert CardPoints(1) + CardPoints(2) == CardPoints(3)
    assert CardPoints(106) < CardPoints(107)


def _in_threes_by_groups(values: list[int]) -> int:
    """[000]'s method, in thirds: groups of three count their values minus 2; leftovers −⅔ each."""
    full = len(values) - len(values) % 3
    total = 0
    for start in range(0, full, 3):
        total += 3 * (sum(values[start : start + 3]) - 2)
    total += sum(3 * v - 2 for v in values[full:])
    return total


@given(st.permutations(DECK_54), st.integers(min_value=0, max_value=54))
def test_R2_thirds_formula_equals_counting_in_groups_of_three(order: list[Card], n: int) -> None:
    """R2: (sum of values) − ⅔·n equals "groups of three minus 2, leftover cards −⅔ each", for any pile."""
    pile = order[:n]
    values = [c.value for c in pile]
    by_formula = card_thirds(pile)
    assert by_formula == 3 * sum(c.value for c in pile) - 2 * len(pile)
    assert by_formula == _in_threes_by_groups(values)
    assert CardPoints.of(pile).fraction == sum((Fraction(c.value) - Fraction(2, 3) for c in pile), Fraction(0))


@given(st.lists(st.sampled_from(DECK_54), unique=True), st.lists(st.sampled_from(DECK_54), unique=True))
def test_R2_card_points_are_additive_over_disjoint_piles(a: list[Card], b: list[Card]) -> None:
    """R2: the points of two disjoint piles add up to the points of their union."""
    left = a
    right = [c for c in b if c not in a]
    assert CardPoints.of(left) + CardPoints.of(right) == CardPoints.of(left + right)


# -- R3: rounding -------------------------------------------------------------------------------


@pytest.mark.parametrize(("thirds", "rounded"), [(105, 35), (106, 35), (107, 36), (0, 0), (1, 0), (2, 1), (3, 1)])
def test_R3_one_third_rounds_down_two_thirds_round_up(thirds: int, rounded: int) -> None:
    """R3: ⅓ rounds down, ⅔ rounds up: 35⅓ → 35, 35⅔ → 36."""
    assert CardPoints(thirds).rounded == rounded


@given(st.integers(min_value=0, max_value=264))
def test_R3_rounding_is_to_the_nearest_point(thirds: int) -> None:
    """R3: the rounded points are the nearest whole number (a third is never a tie)."""
    points = CardPoints(thirds)
    assert points.rounded == round(Fraction(thirds, 3))
    assert abs(points.fraction - points.rounded) <= Fraction(1, 3)


def test_R3_thresholds_in_thirds() -> None:
    """R3: winning needs 36 rounded (≥ 35⅔ = 107 thirds); 45 rounded is ≥ 44⅔ (134); < 26 is ≤ 25⅓ (76)."""
    assert Deck.FULL_54.winning_points == 36
    assert CardPoints(107).rounded >= 36 > CardPoints(106).rounded
    assert CardPoints(134).rounded >= 45 > CardPoints(133).rounded
    assert CardPoints(76).rounded < 26 <= CardPoints(77).rounded
    # a draw of the card play: 35:35 or 34⅔:35⅓
    assert CardPoints(105).rounded == CardPoints(105).rounded == 35
    assert CardPoints(104).rounded == CardPoints(106).rounded == 35
    assert 104 + 106 == 210


# -- R4: simple addition with 40 cards ----------------------------------------------------------


def test_R4_deck_40_totals_88_points() -> None:
    """R4: with the 40-card deck counting is simple addition; the deck totals 88 (264 thirds)."""
    assert card_thirds(DECK_40, Counting.SIMPLE_SUM) == 264
    points = CardPoints.of(DECK_40, Counting.SIMPLE_SUM)
    assert points.fraction == 88
    assert str(points) == "88"
    assert Deck.SHORT_40.total_points == 88
    assert Deck.SHORT_40.winning_points == 45
    assert Deck.SHORT_40.counting is Counting.SIMPLE_SUM
    assert Deck.FULL_54.counting is Counting.IN_THREES


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("♣K", 5),
        ("♠Q", 4),
        ("♥C", 3),
        ("♦J", 2),
        ("♣10", 0),
        ("♠10", 0),
        ("♥1", 0),
        ("♦1", 0),
        ("Sküs", 5),
        ("XXI", 5),
        ("I", 5),
        ("IIII", 1),
        ("XVII", 1),
    ],
)
def test_R4_zwanzigerrufen_card_values(text: str, points: int) -> None:
    """R4: K 5, Q 4, C 3, J 2, Glatze 0, Trull cards 5, other tarocks 1 — no ⅔ deduction."""
    assert CardPoints.of(cards(text), Counting.SIMPLE_SUM).fraction == points


@given(st.lists(st.sampled_from(DECK_40), unique=True))
def test_R4_simple_sum_is_the_plain_sum_of_values(chosen: list[Card]) -> None:
    """R4: every pile of the 40-card deck counts the plain sum of its card values (whole points)."""
    expected = sum(0 if c.suit is not None and c.rank <= 4 else c.value for c in chosen)
    points = CardPoints.of(chosen, Counting.SIMPLE_SUM)
    assert points.thirds == 3 * expected
    assert points.leftover_cards == 0


def test_card_thirds_refuses_what_is_not_a_card_or_a_counting() -> None:
    """A bad argument is refused with a clear TypeError, never an AttributeError or KeyError; a
    counting may also be given by its value."""
    assert card_thirds(DECK_40, "simple_sum") == card_thirds(DECK_40, Counting.SIMPLE_SUM) == 264  # type: ignore[arg-type]
    for bad_cards in ([1, 2], "XXI", b"x", [DECK_54[0], None]):
        with pytest.raises(TypeError, match="must be a Card|must be an iterable"):
            card_thirds(bad_cards)  # type: ignore[arg-type]
    bad_types: list[object] = [None, [], 1.5]
    for bad_type in bad_types:
        with pytest.raises(TypeError, match="counting must be a Counting"):
            card_thirds(DECK_54, bad_type)  # type: ignore[arg-type]
    for bad_value in ("thirds", 3):  # (of the right type: no counting's value)
        with pytest.raises(ValueError, match="counting must be a Counting"):
            card_thirds(DECK_54, bad_value)  # type: ignore[arg-type]
