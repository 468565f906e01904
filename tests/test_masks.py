"""The card masks of the base (``strohmandeln._base.masks``) know the canonical order by numbers,
not by importing the cards, which stand above them: each constant equals what the cards say."""

from __future__ import annotations

import itertools

from strohmandeln import DECK_54, Card, Rank, Suit
from strohmandeln._base import masks
from strohmandeln._core.masks import cards_of


def _mask(cards: object) -> int:
    return sum(1 << card.index for card in cards)  # type: ignore[attr-defined]


def test_the_masks_are_the_cards_sets() -> None:
    assert masks.CARDS == len(DECK_54) == 54
    assert [card.index for card in DECK_54] == list(range(54))
    assert masks.TAROCKS == _mask(c for c in DECK_54 if c.is_tarock)
    assert masks.SUIT_MASKS == tuple(_mask(c for c in DECK_54 if c.suit is suit) for suit in Suit)
    assert masks.KINGS == _mask(c for c in DECK_54 if c.is_king) == _mask(c for c in DECK_54 if c.rank == Rank.KING and c.suit is not None)
    assert masks.TRULL == _mask(c for c in DECK_54 if c.is_trull)
    assert masks.TAKE_UP == _mask(c for c in DECK_54 if c.is_tarock or c.is_king)
    assert masks.BIT == tuple(1 << c.index for c in DECK_54)


def test_the_named_cards_are_at_their_indices() -> None:
    named = {"PAGAT": "I", "XVII": "XVII", "XVIII": "XVIII", "MOND": "XXI", "SKUS": "Sküs"}
    for constant, notation in named.items():
        assert getattr(masks, constant) == Card.parse(notation).index, constant


def test_the_classes_are_the_tarocks_and_the_suits() -> None:
    suits = list(Suit)
    assert masks.CLASS == tuple(0 if c.suit is None else 1 + suits.index(c.suit) for c in DECK_54)
    assert masks.CLASS_MASKS == (masks.TAROCKS, *masks.SUIT_MASKS)
    assert masks.FOLLOW_MASK == tuple(_mask(d for d in DECK_54 if d.suit is c.suit) for c in DECK_54)


def test_beats_is_r15_on_every_pair_of_cards() -> None:
    """R15 written from the cards' attributes: a higher card of the led class (tarocks by their
    number, a suit's cards by their rank), or any tarock on a suit card."""
    for led, followed in itertools.permutations(DECK_54, 2):
        if followed.is_tarock != led.is_tarock:
            wins = followed.is_tarock
        else:
            wins = followed.suit is led.suit and int(followed.rank) > int(led.rank)
        assert masks.follower_wins(led.index, followed.index) is wins, (led, followed)
        assert bool(masks.BEATS[led.index] >> followed.index & 1) is wins


def test_bits_lowest_and_cards_of() -> None:
    some = [Card.parse(n) for n in ("I", "XXI", "♣K", "♦1", "♦K")]
    mask = _mask(some)
    assert masks.bits(mask) == sorted(c.index for c in some)
    assert masks.bits(0) == []
    assert masks.lowest(mask) == 0 and masks.lowest(1 << 53) == 53
    assert cards_of(mask) == tuple(sorted(some))
    assert cards_of((1 << 54) - 1) == DECK_54
