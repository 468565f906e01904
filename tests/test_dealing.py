"""Dealing from explicit deck orders and from a caller's random generator (R5, R6)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from helpers import card, cards, scripted_order
from hypothesis import given
from hypothesis import strategies as st

from strohmandeln import (
    ArgumentTypeError,
    ArgumentValueError,
    BECK,
    CLASSIC,
    DECK_40,
    DECK_54,
    ZWANZIGERRUFEN_40,
    Card,
    DeckError,
    Phase,
    Reason,
    RuleSet,
    StrohmandelnError,
    compose_order,
    deal,
    deal_layout,
    shuffled_order,
)


def _expected_54(order: Sequence[Card], dealer: int) -> tuple[list[list[Card]], list[list[list[Card]]]]:
    """R6 for 54 cards, written out by position: E5 D5 E5 D5 E5 D5, then E4 D4 E4 D4 E4 D4."""
    elder = 1 - dealer
    hands: list[list[Card]] = [[], []]
    hands[elder] = [*order[0:5], *order[10:15], *order[20:25]]
    hands[dealer] = [*order[5:10], *order[15:20], *order[25:30]]
    piles: list[list[list[Card]]] = [[], []]
    piles[elder] = [list(order[30:34]), list(order[38:42]), list(order[46:50])]
    piles[dealer] = [list(order[34:38]), list(order[42:46]), list(order[50:54])]
    return hands, piles


def _expected_40(order: Sequence[Card], dealer: int) -> tuple[list[list[Card]], list[list[list[Card]]]]:
    """R6 for 40 cards: E5 D5 E5 D5, then E4 D4 E3 D3 E3 D3."""
    elder = 1 - dealer
    hands: list[list[Card]] = [[], []]
    hands[elder] = [*order[0:5], *order[10:15]]
    hands[dealer] = [*order[5:10], *order[15:20]]
    piles: list[list[list[Card]]] = [[], []]
    piles[elder] = [list(order[20:24]), list(order[28:31]), list(order[34:37])]
    piles[dealer] = [list(order[24:28]), list(order[31:34]), list(order[37:40])]
    return hands, piles


def _check_layout(rules: RuleSet, order: Sequence[Card], dealer: int) -> None:
    expect = _expected_54 if rules.deck.card_count == 54 else _expected_40
    hands, piles = expect(order, dealer)
    got_hands, got_piles = deal_layout(rules, order, dealer=dealer)
    for seat in (0, 1):
        assert list(got_hands[seat]) == hands[seat]
        assert [list(p) for p in got_piles[seat]] == piles[seat]
    state = deal(rules, dealer=dealer, order=order)
    assert state.dealer == dealer and state.elder == 1 - dealer
    assert state.order == tuple(order)
    for seat in (0, 1):
        assert state.hand(seat) == tuple(sorted(hands[seat]))
        assert state.strohmann_tops(seat) == ()
        for k, pile in enumerate(piles[seat]):
            view = state.strohmann(seat, k)
            assert view.face_up is None
            assert view.face_down == len(pile)


@pytest.mark.parametrize("dealer", [0, 1])
def test_R6_layout_54_from_canonical_order(dealer: int) -> None:
    """R6: 54 cards: hands in packets of five, Elder first; then six packets of four, Elder first."""
    _check_layout(CLASSIC, DECK_54, dealer)
    hands, piles = deal_layout(CLASSIC, DECK_54, dealer=dealer)
    elder = 1 - dealer
    assert hands[elder][:5] == cards("I II III IIII V")
    assert hands[dealer][:5] == cards("VI VII VIII IX X")
    assert hands[elder][10:] == cards("XXI Sküs ♣7 ♣8 ♣9")
    assert hands[dealer][10:] == cards("♣10 ♣J ♣C ♣Q ♣K")
    assert piles[elder] == (cards("♠7 ♠8 ♠9 ♠10"), cards("♥4 ♥3 ♥2 ♥1"), cards("♦4 ♦3 ♦2 ♦1"))
    assert piles[dealer] == (cards("♠J ♠C ♠Q ♠K"), cards("♥J ♥C ♥Q ♥K"), cards("♦J ♦C ♦Q ♦K"))


@pytest.mark.parametrize("dealer", [0, 1])
def test_R6_layout_40_from_canonical_order(dealer: int) -> None:
    """R6: 40 cards: hands E5 D5 E5 D5, then packets E4 D4 E3 D3 E3 D3."""
    _check_layout(ZWANZIGERRUFEN_40, DECK_40, dealer)
    hands, piles = deal_layout(ZWANZIGERRUFEN_40, DECK_40, dealer=dealer)
    elder = 1 - dealer
    assert [len(h) for h in hands] == [10, 10]
    assert [len(p) for p in piles[elder]] == [4, 3, 3]
    assert [len(p) for p in piles[dealer]] == [4, 3, 3]
    assert piles[elder][0] == cards("♣10 ♣J ♣C ♣Q")
    assert piles[dealer][0] == cards("♣K ♠10 ♠J ♠C")
    assert piles[elder][1] == cards("♠Q ♠K ♥1")
    assert piles[dealer][1] == cards("♥J ♥C ♥Q")
    assert piles[elder][2] == cards("♥K ♦1 ♦J")
    assert piles[dealer][2] == cards("♦C ♦Q ♦K")


@given(st.permutations(DECK_54), st.sampled_from([0, 1]))
def test_R6_layout_54_from_any_order(order: list[Card], dealer: int) -> None:
    """R6: the layout of any 54-card order, position by position."""
    _check_layout(CLASSIC, order, dealer)


@given(st.permutations(DECK_40), st.sampled_from([0, 1]))
def test_R6_layout_40_from_any_order(order: list[Card], dealer: int) -> None:
    """R6: the layout of any 40-card order, position by position."""
    _check_layout(ZWANZIGERRUFEN_40, order, dealer)


@pytest.mark.parametrize("dealer", [0, 1])
def test_R5_elder_is_the_non_dealer_and_speaks_first(dealer: int) -> None:
    """R5: Elder is the non-dealer and is the first to act in the auction."""
    state = deal(BECK, dealer=dealer, order=DECK_54)
    assert state.dealer == dealer
    assert state.elder == 1 - dealer
    assert state.phase is Phase.AUCTION
    assert state.current_player == state.elder


@pytest.mark.parametrize(("rules", "deck"), [(CLASSIC, DECK_54), (ZWANZIGERRUFEN_40, DECK_40)])
@given(data=st.data())
def test_R6_compose_order_inverts_the_layout(rules: RuleSet, deck: tuple[Card, ...], data: st.DataObject) -> None:
    """R6: ``compose_order`` of a full layout gives back the deck order that deals it."""
    order = data.draw(st.permutations(deck))
    dealer = data.draw(st.sampled_from([0, 1]))
    hands, piles = deal_layout(rules, order, dealer=dealer)
    assert compose_order(rules, dealer=dealer, hands=hands, strohmaenner=piles) == tuple(order)


def test_R6_compose_order_places_partial_specifications_and_fills_canonically() -> None:
    """R6: given cards go to the given places (top first); the rest follow in canonical order."""
    order = scripted_order(
        CLASSIC,
        dealer=0,
        hands=("♥K", "Sküs XXI"),
        strohmaenner=(("", "", "♣7 ♣8"), ("XX", "", "")),
    )
    assert sorted(order) == list(DECK_54)
    hands, piles = deal_layout(CLASSIC, order, dealer=0)
    assert card("♥K") in hands[0]
    assert {card("Sküs"), card("XXI")} <= set(hands[1])
    assert piles[0][2][:2] == cards("♣7 ♣8")
    assert piles[1][0][0] is card("XX")
    assert order[30] is card("XX")  # seat 1 is Elder: the first packet of four is his Strohmann 0
    assert order[0:2] == cards("Sküs XXI")  # Elder's first hand cards
    rest = [c for c in order if c not in cards("♥K Sküs XXI ♣7 ♣8 XX")]
    assert rest == sorted(rest)


@pytest.mark.parametrize(
    ("kwargs", "reason"),
    [
        ({"hands": (cards("XXI"), cards("XXI"))}, Reason.DUPLICATE_CARD),
        ({"hands": (cards("XXI"), ()), "strohmaenner": (((), (), ()), ((card("XXI"),), (), ()))}, Reason.DUPLICATE_CARD),
        ({"hands": (DECK_54[:16], ())}, Reason.WRONG_DECK_SIZE),
        ({"strohmaenner": ((cards("I II III IIII V"), (), ()), ((), (), ()))}, Reason.WRONG_DECK_SIZE),
        ({"strohmaenner": (((), (), (), ()), ((), (), ()))}, Reason.WRONG_DECK_SIZE),
        ({"hands": (("XXI",), ())}, Reason.WRONG_TYPE),
        ({"hands": ((), (), ())}, Reason.BAD_SEAT),
        # what is not a sequence where one is expected (a mapping once raised KeyError)
        ({"hands": {"a": 1, "b": 2}}, Reason.WRONG_TYPE),
        ({"strohmaenner": None}, Reason.WRONG_TYPE),
        ({"hands": ("XXI", ())}, Reason.WRONG_TYPE),
        ({"hands": (None, ())}, Reason.WRONG_TYPE),
        ({"hands": ({"XXI": 1}, ())}, Reason.WRONG_TYPE),
        ({"strohmaenner": ({0: (), 1: ()}, ((), (), ()))}, Reason.WRONG_TYPE),
        ({"strohmaenner": ((5, (), ()), ((), (), ()))}, Reason.WRONG_TYPE),
    ],
)
def test_R6_compose_order_refuses_impossible_layouts(kwargs: dict[str, Any], reason: Reason) -> None:
    """R6: ``compose_order`` refuses duplicates and overfull places with ``DeckError``; what is
    not a card, a container of cards or a pair of them is a wrong type (``ArgumentTypeError``),
    a pair of another length a wrong value (``ArgumentValueError``, ``bad_seat``)."""
    expected = ArgumentTypeError if reason is Reason.WRONG_TYPE else ArgumentValueError if reason is Reason.BAD_SEAT else DeckError
    with pytest.raises(expected) as info:
        compose_order(CLASSIC, dealer=0, **kwargs)
    assert info.value.reason is reason


def test_R6_compose_order_takes_a_hand_as_a_set() -> None:
    """R6: a hand is a set of cards, so a set (or frozenset) will do for one; piles are ordered
    (top first) and must be sequences."""
    order = compose_order(CLASSIC, dealer=0, hands=(frozenset(cards("XXI Sküs")), set()))
    hands, _ = deal_layout(CLASSIC, order, dealer=0)
    assert set(cards("XXI Sküs")) <= set(hands[0])
    assert order == compose_order(CLASSIC, dealer=0, hands=(cards("XXI Sküs"), ()))  # canonical order
    with pytest.raises(ArgumentTypeError) as info:
        compose_order(CLASSIC, dealer=0, strohmaenner=((frozenset(cards("XXI I")), (), ()), ((), (), ())))  # type: ignore[arg-type]
    assert info.value.reason is Reason.WRONG_TYPE


def test_R4_compose_order_refuses_cards_outside_the_40_card_deck() -> None:
    """R4, R6: II is not in the 40-card deck."""
    with pytest.raises(DeckError) as info:
        compose_order(ZWANZIGERRUFEN_40, dealer=0, hands=(cards("II"), ()))
    assert info.value.reason is Reason.CARD_NOT_IN_DECK
    with pytest.raises(DeckError) as info:
        compose_order(ZWANZIGERRUFEN_40, dealer=0, strohmaenner=(((), (), ()), ((), cards("XX XIX XVIII XVII"), ())))
    assert info.value.reason is Reason.WRONG_DECK_SIZE


# -- invalid deck orders ------------------------------------------------------------------------


def _replace(order: Sequence[object], position: int, value: object) -> list[object]:
    out = list(order)
    out[position] = value
    return out


@pytest.mark.parametrize(
    ("rules", "order", "reason"),
    [
        (CLASSIC, list(DECK_54[:53]), Reason.WRONG_DECK_SIZE),
        (CLASSIC, [*DECK_54, DECK_54[0]], Reason.WRONG_DECK_SIZE),
        (CLASSIC, [], Reason.WRONG_DECK_SIZE),
        (CLASSIC, list(DECK_40), Reason.WRONG_DECK_SIZE),
        (ZWANZIGERRUFEN_40, list(DECK_54), Reason.WRONG_DECK_SIZE),
        (CLASSIC, _replace(DECK_54, 53, DECK_54[0]), Reason.DUPLICATE_CARD),
        (ZWANZIGERRUFEN_40, _replace(DECK_40, 39, DECK_40[5]), Reason.DUPLICATE_CARD),
        (ZWANZIGERRUFEN_40, _replace(DECK_40, 3, card("II")), Reason.CARD_NOT_IN_DECK),
        (ZWANZIGERRUFEN_40, _replace(DECK_40, 22, card("♣7")), Reason.CARD_NOT_IN_DECK),
        (CLASSIC, _replace(DECK_54, 7, "XXI"), Reason.WRONG_TYPE),
        (CLASSIC, _replace(DECK_54, 0, None), Reason.WRONG_TYPE),
        (CLASSIC, _replace(DECK_54, 0, 20), Reason.WRONG_TYPE),
        (CLASSIC, " ".join(str(c) for c in DECK_54), Reason.WRONG_TYPE),
        (CLASSIC, 54, Reason.WRONG_TYPE),
    ],
    ids=[
        "53-cards",
        "55-cards",
        "empty",
        "40-for-54",
        "54-for-40",
        "duplicate-54",
        "duplicate-40",
        "II-in-40",
        "c7-in-40",
        "text-item",
        "none-item",
        "int-item",
        "text-order",
        "int-order",
    ],
)
def test_R6_invalid_deck_orders_raise_deck_error(rules: RuleSet, order: Any, reason: Reason) -> None:
    """R6: an order that is not a permutation of exactly the rule set's deck raises ``DeckError``;
    one that is not a sequence of cards at all, ``ArgumentTypeError`` (naming the place)."""
    expected = ArgumentTypeError if reason is Reason.WRONG_TYPE else DeckError
    with pytest.raises(expected) as info:
        deal(rules, dealer=0, order=order)
    assert info.value.reason is reason
    assert isinstance(info.value, TypeError if reason is Reason.WRONG_TYPE else ValueError)
    assert isinstance(info.value, StrohmandelnError)
    with pytest.raises(expected) as info:
        deal_layout(rules, order, dealer=0)
    assert info.value.reason is reason


def test_R6_both_or_neither_order_and_rng_raise_deck_error() -> None:
    """R6: give exactly one of ``order`` and ``rng``; the library never shuffles on its own."""
    with pytest.raises(DeckError) as info:
        deal(CLASSIC, dealer=0)
    assert info.value.reason is Reason.NO_DECK_SOURCE
    with pytest.raises(DeckError) as info:
        deal(CLASSIC, dealer=0, order=DECK_54, rng=1)
    assert info.value.reason is Reason.NO_DECK_SOURCE


@pytest.mark.parametrize("rng", [True, "seed", 1.5, random])
def test_R6_bad_rng_is_a_wrong_type(rng: Any) -> None:
    """R6: the rng must be a ``random.Random`` or an integer seed."""
    with pytest.raises(ArgumentTypeError) as info:
        deal(CLASSIC, dealer=0, rng=rng)
    assert info.value.reason is Reason.WRONG_TYPE


@pytest.mark.parametrize(("dealer", "reason"), [(2, Reason.BAD_SEAT), (-1, Reason.BAD_SEAT), (True, Reason.WRONG_TYPE), ("0", Reason.WRONG_TYPE), (None, Reason.WRONG_TYPE), (0.0, Reason.WRONG_TYPE)])
def test_R5_bad_dealer_seat_is_refused(dealer: Any, reason: Reason) -> None:
    """R5: the dealer is seat 0 or 1: another whole number is a wrong value, anything else a
    wrong type."""
    with pytest.raises(ArgumentValueError if reason is Reason.BAD_SEAT else ArgumentTypeError) as info:
        deal(CLASSIC, dealer=dealer, rng=1)
    assert info.value.reason is reason


def test_deal_refuses_a_non_rule_set() -> None:
    """``deal`` needs a RuleSet: a preset's name is a wrong type."""
    bad: Any = "classic"
    with pytest.raises(ArgumentTypeError) as info:
        deal(bad, dealer=0, rng=1)
    assert str(info.value) == "rules must be a RuleSet, not a str"


# -- shuffled deals -----------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [CLASSIC, ZWANZIGERRUFEN_40])
def test_R6_same_seed_gives_the_same_deal(rules: RuleSet) -> None:
    """R6: a deal is reproducible: the same seed (or an equally seeded Random) gives the same deal."""
    a = deal(rules, dealer=0, rng=12345)
    b = deal(rules, dealer=0, rng=12345)
    c = deal(rules, dealer=0, rng=random.Random(12345))
    assert a == b == c
    assert a.order == b.order == c.order
    assert hash(a) == hash(b)
    assert a.order is not None and sorted(a.order) == list(rules.deck.cards)
    assert deal(rules, dealer=0, rng=12346).order != a.order


def test_R6_a_random_instance_is_used_and_advanced() -> None:
    """R6: a caller's ``random.Random`` is used, so successive deals from it differ."""
    rng = random.Random(7)
    first = deal(CLASSIC, dealer=0, rng=rng)
    second = deal(CLASSIC, dealer=0, rng=rng)
    assert first.order != second.order
    again = random.Random(7)
    assert deal(CLASSIC, dealer=0, rng=again).order == first.order
    assert deal(CLASSIC, dealer=0, rng=again).order == second.order


def test_R6_library_never_uses_global_randomness() -> None:
    """R6: dealing neither reads nor advances the global ``random`` state."""
    random.seed(1)
    before = random.getstate()
    a = deal(CLASSIC, dealer=0, rng=99)
    shuffled_order(CLASSIC, 99)
    assert random.getstate() == before
    random.seed(2)
    assert deal(CLASSIC, dealer=0, rng=99).order == a.order


def test_R6_shuffled_order_is_a_permutation_of_the_deck() -> None:
    """R6: ``shuffled_order`` permutes exactly the rule set's deck."""
    for rules in (CLASSIC, ZWANZIGERRUFEN_40):
        order = shuffled_order(rules, random.Random(3))
        assert sorted(order) == list(rules.deck.cards)
        assert deal(rules, dealer=1, order=order).order == order
