"""Dealing from an explicit deck order or from a caller's random generator (R5, R6).

The deck order decides the whole deal (R6). With 54 cards, counting from the top of the deck:
hands are dealt in packets of five, Elder first (E5 D5 E5 D5 E5 D5, fifteen each); then six
packets of four, Elder first (E D E D E D), each player's first, second and third packet being
his Strohmänner 0, 1 and 2. With 40 cards: hands E5 D5 E5 D5 (ten each), then packets E4 D4 E3
D3 E3 D3. A packet keeps the deck's order, so its first card is its top card, the one turned
first. Elder is the non-dealer.

The library never uses global randomness: a shuffled deal needs a :class:`random.Random` or a
seed from the caller.

>>> from strohmandeln import CLASSIC, DECK_54, deal
>>> state = deal(CLASSIC, dealer=1, order=DECK_54)       # canonical order, unshuffled
>>> [str(c) for c in state.hand(0)][:5]                  # seat 0 is Elder: cards 1-5, 11-15, 21-25
['I', 'II', 'III', 'IIII', 'V']
>>> deal(CLASSIC, dealer=0, rng=42) == deal(CLASSIC, dealer=0, rng=42)
True
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence, Set

from ._base import args
from ._core import record
from ._core.deal import Deal, checked_order, shuffled, shuffled_deal
from ._core.ruledata import rule_data
from .cards import Card
from .errors import ArgumentValueError, DeckError, Reason
from .rules import RuleSet
from .state import GameState, state_of

__all__ = ["compose_order", "deal", "deal_layout", "shuffled_order"]


def shuffled_order(rules: RuleSet, rng: random.Random | int) -> tuple[Card, ...]:
    """A shuffled deck order of the rule set's deck, from ``rng`` (a Random or an int seed).

    Dealing the order gives the same deal as dealing with the same seed.

    >>> from strohmandeln import CLASSIC, ZWANZIGERRUFEN_40
    >>> order = shuffled_order(CLASSIC, 42)
    >>> len(order), sorted(order) == sorted(CLASSIC.deck.cards), len(shuffled_order(ZWANZIGERRUFEN_40, 42))
    (54, True, 40)
    >>> deal(CLASSIC, dealer=0, order=order).hand(1) == deal(CLASSIC, dealer=0, rng=42).hand(1)
    True

    :raises ArgumentTypeError: if ``rules`` is not a :class:`~strohmandeln.RuleSet` or ``rng``
        neither a :class:`random.Random` nor a whole number.
    """
    cards = args.instance(rules, RuleSet, "rules").deck.cards
    return tuple([cards[k] for k in shuffled(len(cards), args.generator(rng).random)])


def _validate_order(rules: RuleSet, order: object) -> tuple[Card, ...]:
    """A deck order of ``rules``: a sequence of cards (R6)."""
    cards = args.items(order, "order", 64)
    for position, card in enumerate(cards):
        if type(card) is not Card:
            raise args.wrong_type(f"order[{position}]", "a Card", card)
    return checked_order(rules, cards)


def deal_layout(
    rules: RuleSet, order: Sequence[Card], *, dealer: int
) -> tuple[tuple[tuple[Card, ...], tuple[Card, ...]], tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]]:
    """Where every card of ``order`` goes (R6): ``(hands, strohmaenner)`` indexed by seat.

    ``strohmaenner[seat][k]`` is Strohmann ``k`` of ``seat``, top card first.

    >>> from strohmandeln import ZWANZIGERRUFEN_40, DECK_40
    >>> hands, piles = deal_layout(ZWANZIGERRUFEN_40, DECK_40, dealer=0)
    >>> [len(h) for h in hands], [[len(p) for p in s] for s in piles]
    ([10, 10], [[4, 3, 3], [4, 3, 3]])

    :raises DeckError: if the order is not a permutation of the deck.
    :raises ArgumentTypeError: if ``rules`` is not a :class:`~strohmandeln.RuleSet`, ``order``
        not a sequence of cards or ``dealer`` not a whole number.
    :raises ArgumentValueError: with reason ``bad_seat`` if the dealer is not 0 or 1.
    """
    args.instance(rules, RuleSet, "rules")
    dealer = args.seat(dealer, "dealer")
    cards = _validate_order(rules, order)
    hand_positions, pile_positions = rule_data(rules).layout(dealer)
    hands = tuple(tuple(cards[i] for i in positions) for positions in hand_positions)
    piles = tuple(tuple(cards[i] for i in pile) for pile in pile_positions)
    return (hands[0], hands[1]), (piles[:3], piles[3:])


def _cards_of(value: object, name: str, limit: int, *, sets: bool = False) -> tuple[Card, ...]:
    """The cards of a container argument (a set's in canonical order, so that it gives the same
    deck order every time)."""
    cards = args.items(value, name, limit, sets=sets)
    for i, card in enumerate(cards):
        if type(card) is not Card:
            raise args.wrong_type(f"{name}[{i}]", "a Card", card)
    return tuple(sorted(cards)) if type(value) is not list and type(value) is not tuple and args.is_a(value, Set) else cards


def deal(
    rules: RuleSet,
    *,
    dealer: int = 0,
    order: Sequence[Card] | None = None,
    rng: random.Random | int | None = None,
    multiplier: int = 1,
) -> GameState:
    """The first state of a deal.

    :param rules: the rule set (a preset or your own).
    :param dealer: the dealer's seat, 0 or 1; the other seat is Elder (R5).
    :param order: an explicit deck order, top card first: a permutation of exactly
        ``rules.deck.cards`` (R6).
    :param rng: a :class:`random.Random` or an integer seed to shuffle with, if no ``order``.
    :param multiplier: the deal's stakes, how many times its score counts (R26):
        :meth:`Match.deal <strohmandeln.Match.deal>` passes the match's.
    :raises DeckError: if the order is not a permutation of the deck, or if both or neither of
        ``order`` and ``rng`` are given (reason ``no_deck_source``).
    :raises ArgumentTypeError: if ``rules`` is not a :class:`~strohmandeln.RuleSet`, ``order``
        not a sequence of cards, ``rng`` neither a :class:`random.Random` nor a whole number,
        or ``dealer`` or ``multiplier`` not a whole number.
    :raises ArgumentValueError: with reason ``bad_seat`` if the dealer is not 0 or 1,
        ``bad_value`` for a multiplier below 1, ``too_large`` above
        :data:`~strohmandeln.limits.MAX_MULTIPLIER` (2²⁰).

    >>> import random
    >>> from strohmandeln import CLASSIC, DECK_54, DeckError
    >>> state = deal(CLASSIC, dealer=0, rng=random.Random(7))
    >>> state.dealer, state.elder, len(state.hand(0)), len(state.hand(1))
    (0, 1, 15, 15)
    >>> try:
    ...     deal(CLASSIC, dealer=0, order=DECK_54[:53])
    ... except DeckError as error:
    ...     print(error.reason.value)
    wrong_deck_size
    """
    args.instance(rules, RuleSet, "rules")
    dealer = args.seat(dealer, "dealer")
    stakes = args.stakes(multiplier)
    if order is None and rng is None:
        raise DeckError(Reason.NO_DECK_SOURCE, "give a deck order or an rng: the library never shuffles on its own")
    if order is not None and rng is not None:
        raise DeckError(Reason.NO_DECK_SOURCE, "give a deck order or an rng, not both")
    if order is not None:
        cards = _validate_order(rules, order)
        return state_of(record.initial(Deal.dealt(rules, tuple([c.index for c in cards]), dealer, cards, stakes)))
    return state_of(record.initial(shuffled_deal(rules, dealer, args.generator(rng).random, stakes)))


def compose_order(
    rules: RuleSet,
    *,
    dealer: int,
    hands: Sequence[Collection[Card]] = ((), ()),
    strohmaenner: Sequence[Sequence[Sequence[Card]]] = (((), (), ()), ((), (), ())),
) -> tuple[Card, ...]:
    """The deck order that deals the given cards to the given places (the inverse of R6).

    ``hands[seat]`` holds cards that must be in that seat's hand (a list, tuple or set: a set's
    cards take the hand's places in canonical order); ``strohmaenner[seat][k]`` lists the top
    cards of Strohmann ``k`` of that seat, top first. Places left open are filled with the
    remaining cards in canonical order. Scenario tests and puzzles use it to set up a deal.

    :raises DeckError: if a card is given twice, is not in the deck, or a place is overfull.
    :raises ArgumentTypeError: if ``rules`` is not a :class:`~strohmandeln.RuleSet`, ``dealer``
        not a whole number, or ``hands`` and ``strohmaenner`` not pairs of containers of cards
        (a hand may be a set).
    :raises ArgumentValueError: with reason ``bad_seat`` for a dealer that is no seat or a pair
        of another length.

    >>> from strohmandeln import CLASSIC, Card, deal
    >>> order = compose_order(CLASSIC, dealer=0, strohmaenner=((), ((Card.parse("XXI"),), (), ())))
    >>> order[30]                      # seat 1 is Elder: his Strohmann 0 is the first packet of four
    Card.parse('XXI')
    """
    deck = args.instance(rules, RuleSet, "rules").deck
    dealer = args.seat(dealer, "dealer")
    hand_slots, pile_positions = rule_data(rules).layout(dealer)
    pile_slots = (pile_positions[:3], pile_positions[3:])
    slots: list[Card | None] = [None] * deck.card_count
    used: set[Card] = set()
    valid = set(deck.cards)

    def place(card: Card, position: int) -> None:
        if card not in valid:
            raise DeckError(Reason.CARD_NOT_IN_DECK, f"{card} is not in the {deck.card_count}-card deck")
        if card in used:
            raise DeckError(Reason.DUPLICATE_CARD, f"{card} is given twice")
        used.add(card)
        slots[position] = card

    hands_of = args.pair(hands, "hands")
    piles_of = args.pair(strohmaenner, "strohmaenner")
    for seat in (0, 1):
        hand = _cards_of(hands_of[seat], f"hands[{seat}]", 54, sets=True)
        if len(hand) > len(hand_slots[seat]):
            raise DeckError(Reason.WRONG_DECK_SIZE, f"seat {seat}'s hand holds {len(hand_slots[seat])} cards")
        for card, position in zip(hand, hand_slots[seat]):
            place(card, position)
        try:
            piles = args.items(piles_of[seat], f"strohmaenner[{seat}]", 3)
        except ArgumentValueError:
            raise DeckError(Reason.WRONG_DECK_SIZE, "each seat has three Strohmänner") from None
        for k, given in enumerate(piles):
            pile = _cards_of(given, f"strohmaenner[{seat}][{k}]", 54)
            if len(pile) > len(pile_slots[seat][k]):
                raise DeckError(Reason.WRONG_DECK_SIZE, f"Strohmann {k} holds {len(pile_slots[seat][k])} cards")
            for card, position in zip(pile, pile_slots[seat][k]):
                place(card, position)
    rest = iter(c for c in deck.cards if c not in used)
    return tuple(card if card is not None else next(rest) for card in slots)
