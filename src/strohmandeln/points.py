"""Exact card points (R2, R3, R4).

Card points are kept as whole numbers of *thirds* of a point, so that counting is exact and never
uses floats. With the 54-card deck a pile of ``n`` cards is worth its summed card values minus
two thirds per card (R2) — the same as "counting in threes, two off per group" and as the
fraction method of the rules (Sküs, XXI, I and Kings 4⅓, Queens 3⅓, Knights 2⅓, Jacks 1⅓, every
other card ⅓). The whole deck comes to exactly 70 points (210 thirds). The 40-card deck of the
Zwanzigerrufen variant counts by simple addition (R4): K 5, Q 4, C 3, J 2, *Glatze* 0, Trull cards
5, other tarocks 1 — 88 points in all, still stored in thirds.

Players state results as whole points and leftover cards: "35 and 2 cards" is 35⅔, and rounds to
36 (R3: ⅓ rounds down, ⅔ rounds up).

>>> from strohmandeln import CardPoints, Counting, cards_from_text
>>> hand = cards_from_text("Sküs XXI ♥K ♥Q ♣Q")        # [000]'s first hand estimate
>>> print(CardPoints.of(hand))
19⅔
>>> CardPoints.of(cards_from_text("♥K ♥C XIII")).rounded   # [004]: King + Knight + XIII = 7
7
>>> CardPoints(107).as_cards(), CardPoints(107).rounded
('35 and 2 cards', 36)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final, final

import attrs

from .cards import DECK_54, Card, checked_cards
from ._base import args
from .errors import Reason, ValueLookup

if TYPE_CHECKING:
    from fractions import Fraction

__all__ = ["CardPoints", "Counting", "card_thirds"]


class Counting(enum.Enum, metaclass=ValueLookup):
    """How card points are counted.

    >>> from strohmandeln import CLASSIC, ZWANZIGERRUFEN_40
    >>> CLASSIC.counting, ZWANZIGERRUFEN_40.counting
    (<Counting.IN_THREES: 'in_threes'>, <Counting.SIMPLE_SUM: 'simple_sum'>)
    """

    #: R2: each card is worth its value minus ⅔ (counting in threes). 54 cards: 70 points.
    IN_THREES = "in_threes"
    #: R4: simple addition with the Zwanzigerrufen values (Glatze 0). 40 cards: 88 points.
    SIMPLE_SUM = "simple_sum"

    def thirds(self, card: Card) -> int:
        """One card's worth in thirds of a point under this counting method.

        >>> Counting.IN_THREES.thirds(Card.parse("Sküs")), Counting.SIMPLE_SUM.thirds(Card.parse("♥1"))
        (13, 0)

        :raises ArgumentTypeError: if ``card`` is not a :class:`~strohmandeln.Card`.
        """
        if type(card) is not Card:
            raise args.wrong_type("card", "a Card", card)
        return _THIRDS[self][card.index]


def _simple_sum_value(card: Card) -> int:
    if card.suit is None:
        return card.value
    if card.rank <= 4:  # pips; only the Glatze (FIRST) is in the 40-card deck, and it counts 0
        return 0
    return card.value


_THIRDS: Final[dict[Counting, tuple[int, ...]]] = {
    Counting.IN_THREES: tuple(3 * c.value - 2 for c in DECK_54),
    Counting.SIMPLE_SUM: tuple(3 * _simple_sum_value(c) for c in DECK_54),
}


def card_thirds(cards: Iterable[Card], counting: Counting = Counting.IN_THREES) -> int:
    """The exact worth of ``cards`` in thirds of a point.

    :raises ArgumentTypeError: if ``cards`` is not an iterable of cards, or ``counting`` is not
        a :class:`Counting` (or its value).
    :raises ArgumentValueError: with reason ``bad_value`` for a text that names no counting,
        ``too_large`` for more than :data:`~strohmandeln.limits.MAX_CONTAINER` (10,000) cards.

    >>> from strohmandeln import DECK_54, DECK_40
    >>> card_thirds(DECK_54), card_thirds(DECK_40, Counting.SIMPLE_SUM)
    (210, 264)
    """
    kind = args.member(Counting, counting, "counting")
    table = _THIRDS[kind]
    return sum(table[card.index] for card in checked_cards(cards))


_FRACTIONS: Final = {0: "", 1: "⅓", 2: "⅔"}
_FRACTIONS_ASCII: Final = {0: "", 1: " 1/3", 2: " 2/3"}


def _thirds(value: object) -> int:
    """The thirds of a :class:`CardPoints`: a whole number (an ``int``, or NumPy's), never a
    float, a text or a ``bool``, of at most :data:`~strohmandeln.limits.MAX_THIRDS`."""
    if type(value) is int and -args.MAX_THIRDS <= value <= args.MAX_THIRDS:
        return value
    number = args.whole(value)
    if number is None:
        raise args.wrong_type("thirds", "a whole number of thirds", value)
    if not -args.MAX_THIRDS <= number <= args.MAX_THIRDS:
        raise args.bad_value("thirds", f"at most {args.MAX_THIRDS:,} in magnitude", number, Reason.TOO_LARGE)
    return number


@final  # (a subclass is no value of it: _base.args.instance refuses one)
@attrs.frozen(order=True)
class CardPoints:
    """An exact amount of card points, stored as whole thirds.

    ``str()`` writes it with a fraction (``35⅔``); :meth:`as_cards` the way players say it
    (``35 and 2 cards``); :attr:`rounded` is R3's whole number (⅓ down, ⅔ up).

    >>> points = CardPoints(107)
    >>> print(points, "|", points.as_cards(), "|", points.rounded)
    35⅔ | 35 and 2 cards | 36
    >>> CardPoints(104) + CardPoints(106) == CardPoints(210), CardPoints(106) < CardPoints(107)
    (True, True)

    Thirds are whole numbers only: a float, a text or a ``bool`` is refused (a NumPy integer is
    taken as the ``int`` it is).

    >>> for wrong in (1.5, "7", True):
    ...     try:
    ...         CardPoints(wrong)
    ...     except TypeError as error:
    ...         print(error.reason.value, "|", error)
    wrong_type | thirds must be a whole number of thirds, not a float
    wrong_type | thirds must be a whole number of thirds, not a str
    wrong_type | thirds must be a whole number of thirds, not a bool

    :raises ArgumentTypeError: if ``thirds`` is not a whole number.
    :raises ArgumentValueError: with reason ``too_large`` beyond
        :data:`~strohmandeln.limits.MAX_THIRDS` (10¹²) in magnitude.
    """

    thirds: int = attrs.field(converter=_thirds)

    @classmethod
    def of(cls, cards: Iterable[Card], counting: Counting = Counting.IN_THREES) -> CardPoints:
        """The card points of a collection of cards.

        >>> from strohmandeln import DECK_40, cards_from_text
        >>> print(CardPoints.of(cards_from_text("♥K ♥C XIII")))     # 5 + 3 + 1 − 2
        7
        >>> CardPoints.of(DECK_40, Counting.SIMPLE_SUM).rounded     # R4: 88 in all
        88

        :raises ArgumentError: as :func:`card_thirds`.
        """
        return cls(card_thirds(cards, counting))

    @property
    def fraction(self) -> Fraction:
        """The points as a :class:`~fractions.Fraction`.

        >>> CardPoints(107).fraction
        Fraction(107, 3)
        """
        from fractions import Fraction  # (on first use: fractions imports decimal, which is slow)

        return Fraction(self.thirds, 3)

    @property
    def rounded(self) -> int:
        """Whole points as players state them (R3): ⅓ rounds down, ⅔ rounds up.

        >>> [CardPoints(t).rounded for t in (105, 106, 107)]
        [35, 35, 36]
        """
        return (self.thirds + 1) // 3

    @property
    def whole(self) -> int:
        """The whole points, without the leftover thirds (35 for 35⅔).

        >>> CardPoints(107).whole, CardPoints(106).whole
        (35, 35)
        """
        return self.thirds // 3

    @property
    def leftover_cards(self) -> int:
        """The leftover cards of the spoken form: 2 for 35⅔ ("35 and 2 cards").

        >>> CardPoints(107).leftover_cards, CardPoints(105).leftover_cards
        (2, 0)
        """
        return self.thirds % 3

    def as_cards(self) -> str:
        """The spoken form: ``'35'``, ``'35 and 1 card'``, ``'35 and 2 cards'``.

        >>> [CardPoints(t).as_cards() for t in (105, 106, 107)]
        ['35', '35 and 1 card', '35 and 2 cards']
        """
        whole, rest = divmod(self.thirds, 3)
        if rest == 0:
            return str(whole)
        return f"{whole} and {rest} card{'s' if rest == 2 else ''}"

    @property
    def ascii(self) -> str:
        """The points as ``str()`` writes them, in ASCII: ``'35 2/3'`` for ``'35⅔'``.

        >>> [CardPoints(t).ascii for t in (107, 105, 2, -4)]
        ['35 2/3', '35', '2/3', '-1 1/3']
        """
        return self._written(_FRACTIONS_ASCII)

    def _written(self, fractions: dict[int, str]) -> str:
        sign = "-" if self.thirds < 0 else ""
        whole, rest = divmod(abs(self.thirds), 3)
        if whole == 0 and rest:
            return sign + fractions[rest].lstrip()
        return f"{sign}{whole}{fractions[rest]}"

    def __str__(self) -> str:
        return self._written(_FRACTIONS)

    def __add__(self, other: CardPoints) -> CardPoints:
        if not isinstance(other, CardPoints):
            return NotImplemented
        return CardPoints(self.thirds + other.thirds)

    def __sub__(self, other: CardPoints) -> CardPoints:
        """The difference, for margins (it may be negative).

        >>> print(CardPoints(107) - CardPoints(103)), print(CardPoints(103) - CardPoints(107))
        1⅓
        -1⅓
        (None, None)
        """
        if not isinstance(other, CardPoints):
            return NotImplemented
        return CardPoints(self.thirds - other.thirds)
