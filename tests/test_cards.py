"""Cards, decks and the card notation (R1, R4)."""

from __future__ import annotations

import copy
import pickle

import pytest

import strohmandeln as sm
from strohmandeln import (
    ArgumentTypeError,
    ArgumentValueError,
    DECK_40,
    DECK_54,
    MOND,
    PAGAT,
    SKUS,
    Card,
    NotationError,
    Rank,
    Reason,
    StrohmandelnError,
    Suit,
    cards_from_text,
    cards_to_text,
)

CANONICAL_54 = (
    "I II III IIII V VI VII VIII IX X XI XII XIII XIV XV XVI XVII XVIII XIX XX XXI Sküs "
    "♣7 ♣8 ♣9 ♣10 ♣J ♣C ♣Q ♣K ♠7 ♠8 ♠9 ♠10 ♠J ♠C ♠Q ♠K "
    "♥4 ♥3 ♥2 ♥1 ♥J ♥C ♥Q ♥K ♦4 ♦3 ♦2 ♦1 ♦J ♦C ♦Q ♦K"
)
CANONICAL_40 = (
    "I IIII V VI VII VIII IX X XI XII XIII XIV XV XVI XVII XVIII XIX XX XXI Sküs "
    "♣10 ♣J ♣C ♣Q ♣K ♠10 ♠J ♠C ♠Q ♠K ♥1 ♥J ♥C ♥Q ♥K ♦1 ♦J ♦C ♦Q ♦K"
)


# -- R1: the 54-card deck -----------------------------------------------------------------------


def test_R1_deck_54_has_54_distinct_cards_in_documented_canonical_order() -> None:
    """R1: 22 tarocks I…XXI and Sküs, then clubs, spades, hearts, diamonds, lowest to King."""
    assert len(DECK_54) == 54
    assert len(set(DECK_54)) == 54
    assert cards_to_text(DECK_54) == CANONICAL_54
    assert [c.index for c in DECK_54] == list(range(54))
    assert list(DECK_54) == sorted(DECK_54)
    assert all(Card.from_index(i) is c for i, c in enumerate(DECK_54))


def test_R1_deck_54_has_22_tarocks_and_four_suits_of_eight() -> None:
    """R1: 22 tarocks; four suits of eight cards each."""
    tarocks = [c for c in DECK_54 if c.is_tarock]
    assert len(tarocks) == 22
    assert [c.rank for c in tarocks] == list(range(1, 23))
    for suit in Suit:
        suit_cards = [c for c in DECK_54 if c.suit is suit]
        assert len(suit_cards) == 8
        assert [Rank(c.rank) for c in suit_cards] == sorted(Rank)


def test_R1_black_suits_rank_K_Q_C_J_10_9_8_7_red_suits_K_Q_C_J_1_2_3_4() -> None:
    """R1: black pips 10 9 8 7, red pips 1 (ace, the highest pip) 2 3 4; higher index = higher card."""
    for suit, labels in (
        (Suit.CLUBS, "K Q C J 10 9 8 7"),
        (Suit.SPADES, "K Q C J 10 9 8 7"),
        (Suit.HEARTS, "K Q C J 1 2 3 4"),
        (Suit.DIAMONDS, "K Q C J 1 2 3 4"),
    ):
        ranked = sorted((c for c in DECK_54 if c.suit is suit), reverse=True)
        assert [str(c)[1:] for c in ranked] == labels.split()
        assert [Rank(c.rank).label(suit) for c in ranked] == labels.split()
    assert Rank.FIRST.label(Suit.HEARTS) == "1"
    assert Rank.FIRST.label(Suit.SPADES) == "10"
    assert Rank.FOURTH.label(Suit.DIAMONDS) == "4"
    assert Rank.FOURTH.label(Suit.CLUBS) == "7"


def test_R1_card_values() -> None:
    """R1: Sküs, XXI, I and Kings 5; Queens 4; Knights 3; Jacks 2; every other card 1."""
    expected = {"Sküs": 5, "XXI": 5, "I": 5, "K": 5, "Q": 4, "C": 3, "J": 2}
    for c in DECK_54:
        text = str(c)
        key = text if c.is_tarock else text[1:]
        assert c.value == expected.get(key, 1), text
    assert sum(c.value for c in DECK_54) == 70 + 36  # 70 points plus 2/3 of a point per card


def test_R1_trull_is_skus_mond_pagat() -> None:
    """R1: the three honours (Sküs, XXI, I) are the Trull."""
    assert {c for c in DECK_54 if c.is_trull} == {SKUS, MOND, PAGAT}
    assert SKUS is Card.tarock(22) and MOND is Card.tarock(21) and PAGAT is Card.tarock(1)
    assert max(c for c in DECK_54 if c.is_tarock) is SKUS


def test_R1_kings_and_tarock_flags() -> None:
    """R1: four Kings, the tarocks have no suit."""
    assert [str(c) for c in DECK_54 if c.is_king] == ["♣K", "♠K", "♥K", "♦K"]
    assert all(c.suit is None for c in DECK_54 if c.is_tarock)
    assert all(c.suit is not None for c in DECK_54 if not c.is_tarock)
    assert [s.is_red for s in Suit] == [False, False, True, True]


# -- R4: the 40-card deck -----------------------------------------------------------------------


def test_R4_deck_40_has_20_tarocks_without_II_and_III_and_K_Q_C_J_glatze() -> None:
    """R4: 20 tarocks (I, IIII … XXI, Sküs) and K Q C J plus the Glatze ♣10 ♠10 ♥1 ♦1 per suit."""
    assert len(DECK_40) == 40
    assert len(set(DECK_40)) == 40
    assert cards_to_text(DECK_40) == CANONICAL_40
    assert list(DECK_40) == sorted(DECK_40)
    assert set(DECK_40) <= set(DECK_54)
    assert Card.parse("II") not in DECK_40 and Card.parse("III") not in DECK_40
    assert sum(1 for c in DECK_40 if c.is_tarock) == 20
    glatzen = [c for c in DECK_40 if c.suit is not None and c.rank == Rank.FIRST]
    assert cards_to_text(glatzen) == "♣10 ♠10 ♥1 ♦1"


# -- R1, R4: notation ---------------------------------------------------------------------------


@pytest.mark.parametrize("c", DECK_54, ids=[c.ascii for c in DECK_54])
def test_R1_notation_round_trips_for_every_card(c: Card) -> None:
    """R1: ``Card.parse(str(c))`` and ``Card.parse(c.ascii)`` give the card back, in any case."""
    assert Card.parse(str(c)) is c
    assert Card.parse(c.ascii) is c
    for text in (str(c), c.ascii):
        assert Card.parse(text.lower()) is c
        assert Card.parse(text.upper()) is c
        assert Card.parse(f"  {text} ") is c
    assert c.ascii.isascii()
    assert repr(c) == f"Card.parse({str(c)!r})"
    assert eval(repr(c), {"Card": Card}) is c


@pytest.mark.parametrize("c", [c for c in DECK_54 if c.suit is not None], ids=lambda c: c.ascii)
def test_R1_suit_cards_parse_rank_before_suit(c: Card) -> None:
    """R1 notation: ``K♥`` and ``Kh`` name the same card as ``♥K`` and ``hK``."""
    assert Card.parse(str(c)[1:] + str(c)[0]) is c
    assert Card.parse(c.ascii[1:] + c.ascii[0]) is c


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Mond", "XXI"),
        ("mond", "XXI"),
        ("MOND", "XXI"),
        ("Pagat", "I"),
        ("pagat", "I"),
        ("Sküs", "Sküs"),
        ("Skus", "Sküs"),
        ("SKÜS", "Sküs"),
        ("skus", "Sküs"),
        ("Gstieß", "Sküs"),
        ("Gstiess", "Sküs"),
        ("Excuse", "Sküs"),
        ("IV", "IIII"),
        ("iv", "IIII"),
        ("IIII", "IIII"),
        ("T17", "XVII"),
        ("xvii", "XVII"),
        ("Tarock XVII", "XVII"),
        ("hA", "♥1"),
        ("♥A", "♥1"),
        ("dA", "♦1"),
        ("♥B", "♥J"),
        ("hV", "♥J"),
        ("h1", "♥1"),
        ("d4", "♦4"),
        ("c10", "♣10"),
        ("10c", "♣10"),
        ("s7", "♠7"),
        ("K♥", "♥K"),
        ("hk", "♥K"),
        ("HK", "♥K"),
        ("♡K", "♥K"),
        ("♧Q", "♣Q"),
        ("sC", "♠C"),
    ],
)
def test_R1_notation_accepts_aliases_and_case(text: str, expected: str) -> None:
    """R1 notation: Unicode and ASCII forms, any case, and the usual aliases (Mond, Pagat, Skus, IV…)."""
    assert Card.parse(text) is Card.parse(expected)


def test_R4_glatze_notation() -> None:
    """R4: the Glatzen are written ♣10 ♠10 ♥1 ♦1 (ASCII c10 s10 h1 d1)."""
    assert [c.ascii for c in DECK_40 if c.suit is not None and c.rank == Rank.FIRST] == ["c10", "s10", "h1", "d1"]


@pytest.mark.parametrize(
    "text",
    ["XXIII", "", "   ", "♥5", "h10", "c1", "♣4", "♠A", "Joker", "XXI XX", "K", "♥", "0", "T23", "T0", "IIIII", "hKK"],
)
def test_R1_bad_card_text_raises_notation_error_naming_the_text(text: str) -> None:
    """R1 notation: anything else raises ``NotationError`` (reason ``invalid_card``) naming the text."""
    with pytest.raises(NotationError) as info:
        Card.parse(text)
    assert info.value.reason is Reason.INVALID_CARD
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, StrohmandelnError)


@pytest.mark.parametrize("value", [42, None, b"XXI", 3.0])
def test_R1_parsing_a_non_string_raises_notation_error(value: object) -> None:
    """R1 notation: a non-string is refused with ``invalid_card``, not a TypeError."""
    with pytest.raises(NotationError) as info:
        Card.parse(value)  # type: ignore[arg-type]
    assert info.value.reason is Reason.INVALID_CARD


@pytest.mark.parametrize(("number", "reason"), [(0, Reason.BAD_VALUE), (23, Reason.TOO_LARGE), (-1, Reason.BAD_VALUE), ("XXI", Reason.WRONG_TYPE), (1.0, Reason.WRONG_TYPE), (True, Reason.WRONG_TYPE)])
def test_R1_tarock_by_bad_number_is_refused(number: object, reason: Reason) -> None:
    """R1: ``Card.tarock`` accepts only the whole numbers 1 … 22."""
    with pytest.raises(ArgumentTypeError if reason is Reason.WRONG_TYPE else ArgumentValueError) as info:
        Card.tarock(number)  # type: ignore[arg-type]
    assert info.value.reason is reason


@pytest.mark.parametrize(("index", "error"), [(-1, ValueError), (54, ValueError), ("0", TypeError), (None, TypeError)])
def test_R1_from_index_out_of_range_is_refused(index: object, error: type[Exception]) -> None:
    """R1: ``Card.from_index`` accepts only 0 … 53."""
    with pytest.raises(error):
        Card.from_index(index)  # type: ignore[arg-type]


def test_R1_suit_card_constructor() -> None:
    """R1: ``Card.suit_card`` returns the singleton; a rank or suit that names no member is a
    wrong value, one that is no whole number a wrong type."""
    assert Card.suit_card(Suit.HEARTS, Rank.FIRST) is Card.parse("♥1")
    assert Card.suit_card(Suit.CLUBS, Rank.KING) is Card.parse("♣K")
    with pytest.raises(ArgumentValueError):
        Card.suit_card(Suit.CLUBS, 9)  # type: ignore[arg-type]
    with pytest.raises(ArgumentValueError):
        Card.suit_card(7, Rank.KING)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        Card.suit_card(Suit.CLUBS, 8.0)  # type: ignore[arg-type]


def test_R1_cards_are_singletons_hashable_and_immutable() -> None:
    """R1: every way to name a card returns the same object; cards cannot be changed or created."""
    assert Card.parse("XXI") is Card.parse("Mond") is Card.tarock(21) is Card.from_index(20) is MOND
    assert hash(Card.parse("♥K")) == hash(Card.suit_card(Suit.HEARTS, Rank.KING))
    assert len({Card.parse(c.ascii) for c in DECK_54} | set(DECK_54)) == 54
    with pytest.raises(AttributeError):
        MOND.rank = 22
    with pytest.raises(AttributeError):
        MOND.value = 0
    with pytest.raises(AttributeError):
        del MOND.rank
    with pytest.raises(TypeError):
        Card()
    assert MOND.rank == 21 and MOND.value == 5


@pytest.mark.parametrize("c", DECK_54, ids=[c.ascii for c in DECK_54])
def test_R1_cards_survive_pickle_and_copy_as_the_same_object(c: Card) -> None:
    """R1: pickling, ``copy`` and ``deepcopy`` return the very same card object."""
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(c, protocol)) is c
    assert copy.copy(c) is c
    assert copy.deepcopy(c) is c
    assert copy.deepcopy([c, (c,)])[0] is c


def test_R1_cards_sort_in_canonical_order_and_compare_only_with_cards() -> None:
    """R1: cards order by canonical index; comparing with other types is refused."""
    assert sorted(cards_from_text("♦4 Sküs I ♣7")) == list(cards_from_text("I Sküs ♣7 ♦4"))
    assert Card.parse("I") < Card.parse("II") <= Card.parse("II")
    assert Card.parse("♦K") > Card.parse("♣7") >= Card.parse("♣7")
    assert Card.parse("I") != Card.parse("II")
    with pytest.raises(TypeError):
        _ = Card.parse("I") < 3


def test_R1_card_names() -> None:
    """R1: spelled-out English names."""
    assert Card.parse("XVII").name == "Tarock XVII"
    assert Card.parse("I").name == "Tarock I (Pagat)"
    assert Card.parse("XXI").name == "Tarock XXI (Mond)"
    assert Card.parse("Sküs").name == "Sküs"
    assert Card.parse("♥Q").name == "Queen of hearts"
    assert Card.parse("♣10").name == "10 of clubs"


def test_R1_cards_from_and_to_text_round_trip() -> None:
    """R1 notation: lists of cards, separated by spaces or commas, in both forms."""
    assert cards_from_text(cards_to_text(DECK_54)) == DECK_54
    assert cards_from_text(cards_to_text(DECK_54, ascii=True)) == DECK_54
    assert cards_from_text("Sküs, XXI ,♥K") == (SKUS, MOND, Card.parse("♥K"))
    assert cards_from_text("") == ()
    with pytest.raises(NotationError) as info:
        cards_from_text("XXI XXII")
    assert info.value.reason is Reason.INVALID_CARD
    assert "XXII" in str(info.value)


def test_cards_to_text_refuses_what_is_not_a_card() -> None:
    """Integers or the characters of a string are not written as if they were cards."""
    for bad in ([1, 2], "XXI", [DECK_54[0], None]):
        with pytest.raises(ArgumentTypeError, match="must be a Card|must be an iterable"):
            cards_to_text(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["kings", "queens", "jacks", "knights", "Kings", "hking", "X X I", "XX I", "S k ü s", "♥ K", "T 17"])
def test_notation_refuses_plural_rank_words_and_spaces_inside_a_name(text: str) -> None:
    """Issue 24 (7): a suit letter goes only with a rank's symbol, so the rank words' plurals
    (``kings`` is the announcement) name no card; white space inside a name is no part of it,
    as :func:`cards_from_text` splits on it."""
    with pytest.raises(NotationError):
        Card.parse(text)
    with pytest.raises(NotationError):
        sm.parse_action(text)


@pytest.mark.parametrize("card", DECK_54, ids=str)
def test_a_cards_spelled_out_name_reads_back(card: Card) -> None:
    """The spelled-out name reads back as its card, with any letter case and runs of spaces."""
    assert Card.parse(card.name) is card
    assert Card.parse("  " + card.name.upper().replace(" ", "   ") + " ") is card


def test_cards_from_text_and_parse_agree_on_spaces() -> None:
    assert [str(c) for c in cards_from_text("X X I")] == ["X", "X", "I"]
    assert str(Card.parse(" XXI\t")) == "XXI"
