"""Cards, suits, ranks, decks and the card notation (R1, R4).

There are exactly 54 :class:`Card` objects, created once when the module is imported; every
constructor (:meth:`Card.parse`, :meth:`Card.tarock`, :meth:`Card.suit_card`) returns one of them,
so cards compare by identity, hash cheaply and can be used as dictionary keys.

**Canonical order.** ``card.index`` numbers the cards 0…53 in the order the library uses
everywhere (decks, bit masks, sorting): the tarocks from I (Pagat) up to XXI (Mond) and Sküs
(indices 0…21), then the suits clubs ♣, spades ♠, hearts ♥, diamonds ♦, each from its lowest card
up to its King (clubs 22…29, spades 30…37, hearts 38…45, diamonds 46…53). Sorting cards sorts them
in this order; :data:`DECK_54` and :data:`DECK_40` list them in it.

**Notation.** ``str(card)`` is the Unicode form: tarocks by Roman numeral (``I`` … ``IIII``, ``V``
… ``XXI``) and ``Sküs``; a suit card is its suit symbol followed by its rank: ``♥K``, ``♠Q``,
``♦C`` (the Knight, *Cavall*), ``♣J``, and the pips ``♣10 ♣9 ♣8 ♣7`` in black suits and ``♥1 ♥2
♥3 ♥4`` in red ones (the red ``1`` is the ace, the highest pip). :attr:`Card.ascii` is the ASCII
form, with the suit letters ``c s h d`` (``hK``, ``c10``) and ``Skus``. :meth:`Card.parse` reads
both forms in any letter case, rank before or after the suit, and the usual aliases (``Mond``,
``Pagat``, ``Skus``, ``Gstiess``, ``IV``, ``T1`` … ``T22``, ``hA`` for the red ace, ``♥B``/``hV``
for a Jack…), as well as the spelled-out :attr:`Card.name` (``Tarock XVII``, ``Queen of hearts``).

A card's name is one word: white space around it is ignored, inside it only in a spelled-out
name (single spaces, as :attr:`Card.name` writes them, and ``Tarock 17``), so that ``"X X I"``
is no card (:func:`cards_from_text` reads it as X, X and I). A suit letter (``c s h d``) goes
with a rank's symbol (``hK``, ``Kh``, ``c10``), a suit's word with a rank's symbol or word
(``heartK``, ``kingheart``): ``kings``, ``queens``, ``jacks`` and ``knights`` name no card
(``kings`` is the announcement of the four Kings, :mod:`strohmandeln.actions`).

>>> from strohmandeln import Card
>>> Card.parse("xxi") is Card.parse("Mond") is Card.tarock(21)
True
>>> Card.parse("hk"), str(Card.parse("K♥")), Card.parse("♣10").ascii
(Card.parse('♥K'), '♥K', 'c10')
>>> sorted([Card.parse("Sküs"), Card.parse("♦4"), Card.parse("I")])
[Card.parse('I'), Card.parse('Sküs'), Card.parse('♦4')]
"""

from __future__ import annotations

import enum
import unicodedata
from collections.abc import Iterable
from typing import Any, Final, NoReturn, Self, final

from ._base import args
from .errors import ArgumentTypeError, NotationError, Reason, ValueLookup, quoted, shown

__all__ = [
    "DECK_40",
    "DECK_54",
    "SKUS",
    "MOND",
    "PAGAT",
    "Card",
    "Rank",
    "Suit",
    "cards_from_text",
    "cards_to_text",
]


class Suit(enum.IntEnum, metaclass=ValueLookup):
    """The four suits, in canonical order. Clubs and spades are black, hearts and diamonds red.

    >>> [suit.symbol for suit in Suit], Card.parse("♦K").suit
    (['♣', '♠', '♥', '♦'], <Suit.DIAMONDS: 3>)
    """

    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3

    @property
    def symbol(self) -> str:
        """The Unicode symbol: ``♣ ♠ ♥ ♦``.

        >>> Suit.HEARTS.symbol
        '♥'
        """
        return "♣♠♥♦"[self]

    @property
    def letter(self) -> str:
        """The ASCII letter of the notation: ``c s h d``.

        >>> Suit.SPADES.letter
        's'
        """
        return "cshd"[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red; their pips rank 1 (ace) 2 3 4, highest first.

        >>> Suit.DIAMONDS.is_red, Suit.CLUBS.is_red
        (True, False)
        """
        return self >= Suit.HEARTS


class Rank(enum.IntEnum, metaclass=ValueLookup):
    """The rank of a suit card, higher value = stronger card.

    The four pips are named by their place because their labels depend on the colour: ``FIRST``
    is the black 10 and the red 1 (ace), ``SECOND`` the black 9 and red 2, ``THIRD`` the black 8
    and red 3, ``FOURTH`` the black 7 and red 4. In the 40-card deck (R4) the ``FIRST`` pip is the
    only pip of its suit, the *Glatze*.

    >>> Card.parse("♥1").rank == Rank.FIRST, Card.parse("♣10").rank == Rank.FIRST
    (True, True)
    >>> Rank.KING > Rank.QUEEN > Rank.KNIGHT > Rank.JACK > Rank.FIRST > Rank.FOURTH
    True
    """

    FOURTH = 1
    THIRD = 2
    SECOND = 3
    FIRST = 4
    JACK = 5
    KNIGHT = 6
    QUEEN = 7
    KING = 8

    def label(self, suit: Suit) -> str:
        """The rank's notation in ``suit``: ``K Q C J`` or a pip number.

        >>> Rank.FIRST.label(Suit.HEARTS), Rank.FIRST.label(Suit.CLUBS)
        ('1', '10')

        :raises ArgumentTypeError: if ``suit`` is neither a :class:`Suit` nor a whole number.
        :raises ArgumentValueError: with reason ``bad_value`` for the value of no suit.
        """
        suit = args.member(Suit, suit, "suit")
        if self >= Rank.JACK:
            return "JCQK"[self - Rank.JACK]
        if suit.is_red:
            return str(5 - self)
        return str(6 + self)


_ROMAN: Final = (
    "I II III IIII V VI VII VIII IX X XI XII XIII XIV XV XVI XVII XVIII XIX XX XXI".split()
)

#: Card values of R1, for suit ranks FOURTH … KING.
_SUIT_VALUES: Final = (1, 1, 1, 1, 2, 3, 4, 5)


@final  # (a subclass is no value of it: _base.args.instance refuses one)
class Card:
    """One card of the 54-card Industrie-und-Glück pack (R1).

    Do not instantiate; use :meth:`parse`, :meth:`tarock`, :meth:`suit_card` or the decks.

    Attributes:
        index: the place in the canonical order, 0…53.
        suit: the :class:`Suit`, or ``None`` for a tarock.
        rank: for a tarock its number 1…22 (22 is the Sküs); for a suit card a :class:`Rank`.
        value: the card value of R1 (5 for Sküs, XXI, I and Kings; 4, 3, 2 for Queens, Knights,
            Jacks; 1 for every other card), before counting in threes.

    >>> mond = Card.parse("XXI")
    >>> mond.index, mond.suit, mond.rank, mond.value, mond.is_trull
    (20, None, 21, 5, True)
    >>> queen = Card.parse("♠Q")
    >>> queen.suit, queen.rank == Rank.QUEEN, queen.value, str(queen), queen.ascii
    (<Suit.SPADES: 1>, True, 4, '♠Q', 'sQ')
    """

    __slots__ = ("index", "suit", "rank", "value", "_text", "_ascii")

    index: int
    suit: Suit | None
    rank: int
    value: int
    _text: str
    _ascii: str

    def __new__(cls, *arguments: Any, **keywords: Any) -> Card:  # noqa: D102
        raise ArgumentTypeError(Reason.WRONG_TYPE, "Card cannot be instantiated; use Card.parse(), Card.tarock() or Card.suit_card()")

    @classmethod
    def _make(cls, index: int, suit: Suit | None, rank: int, value: int, text: str, ascii_: str) -> Card:
        card: Card = object.__new__(cls)
        for name, val in (
            ("index", index),
            ("suit", suit),
            ("rank", rank),
            ("value", value),
            ("_text", text),
            ("_ascii", ascii_),
        ):
            object.__setattr__(card, name, val)
        return card

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_card_by_index, (self.index,))

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self

    # -- construction -------------------------------------------------------------------------

    @staticmethod
    def parse(text: str) -> Card:
        """Read a card from its notation (Unicode or ASCII, any case, common aliases).

        :raises NotationError: with reason ``invalid_card`` if ``text`` names no card (any value
            that is no text, too), ``too_large`` if it is longer than
            :data:`~strohmandeln.limits.MAX_NOTATION` (256) characters.

        >>> Card.parse("Pagat"), Card.parse("skus"), Card.parse("d1")
        (Card.parse('I'), Card.parse('Sküs'), Card.parse('♦1'))
        """
        plain = args.plain_text(text)
        if plain is None:
            raise NotationError(Reason.INVALID_CARD, f"not a card: {shown(text)} (expected text)")
        if len(plain) > args.MAX_NOTATION:
            raise NotationError(Reason.TOO_LARGE, f"not a card: a text of {len(plain):,} characters")
        table = _PARSE or _fill_parse_table()
        card = table.get(" ".join(unicodedata.normalize("NFC", plain).casefold().split()))
        if card is None:
            raise NotationError(Reason.INVALID_CARD, f"not a card: {quoted(plain)}")
        return card

    @staticmethod
    def tarock(number: int) -> Card:
        """The tarock with this number, 1 (Pagat) … 21 (Mond), 22 for the Sküs.

        :raises ArgumentTypeError: if ``number`` is not a whole number.
        :raises ArgumentValueError: with reason ``bad_value`` if it is not 1 to 22.

        >>> Card.tarock(22)
        Card.parse('Sküs')
        """
        n = args.count(number, "number", least=1, most=22)
        return _CARDS[n - 1]

    @staticmethod
    def suit_card(suit: Suit, rank: Rank) -> Card:
        """The suit card of this suit and rank (members, or their values).

        :raises ArgumentTypeError: if ``suit`` or ``rank`` is neither a member nor a whole number.
        :raises ArgumentValueError: with reason ``bad_value`` if it is the value of no member.

        >>> Card.suit_card(Suit.HEARTS, Rank.FIRST), Card.suit_card(0, 8)
        (Card.parse('♥1'), Card.parse('♣K'))
        """
        s = args.member(Suit, suit, "suit")
        r = args.member(Rank, rank, "rank")
        return _CARDS[22 + 8 * s + r - 1]

    @staticmethod
    def from_index(index: int) -> Card:
        """The card at ``index`` of the canonical order (0…53).

        :raises ArgumentTypeError: if ``index`` is not a whole number.
        :raises ArgumentValueError: with reason ``bad_value`` if it is not 0 to 53.

        >>> Card.from_index(0), Card.from_index(21), Card.from_index(53)
        (Card.parse('I'), Card.parse('Sküs'), Card.parse('♦K'))
        """
        return _CARDS[args.count(index, "index", most=53)]

    # -- properties ---------------------------------------------------------------------------

    @property
    def is_tarock(self) -> bool:
        """Whether the card is a tarock (trump).

        >>> Card.parse("Sküs").is_tarock, Card.parse("♥K").is_tarock
        (True, False)
        """
        return self.suit is None

    @property
    def is_king(self) -> bool:
        """Whether the card is a King.

        >>> Card.parse("♣K").is_king, Card.parse("♣Q").is_king
        (True, False)
        """
        return self.suit is not None and self.rank == Rank.KING

    @property
    def is_trull(self) -> bool:
        """Whether the card is one of the three honours of the Trull: Sküs, XXI, I.

        >>> [card.is_trull for card in cards_from_text("Sküs XXI XX I")]
        [True, True, False, True]
        """
        return self.suit is None and self.rank in (1, 21, 22)

    @property
    def ascii(self) -> str:
        """The ASCII notation: ``XXI``, ``Skus``, ``hK``, ``c10``.

        >>> [card.ascii for card in cards_from_text("XXI Sküs ♥K ♣10")]
        ['XXI', 'Skus', 'hK', 'c10']
        """
        return self._ascii

    @property
    def name(self) -> str:
        """A spelled-out English name: ``'Tarock XVII'``, ``'Queen of hearts'``, ``'Sküs'``.

        >>> [card.name for card in cards_from_text("XVII I ♥Q ♦1")]
        ['Tarock XVII', 'Tarock I (Pagat)', 'Queen of hearts', 'Ace of diamonds']
        """
        if self.suit is None:
            if self.rank == 22:
                return "Sküs"
            nick = {1: " (Pagat)", 21: " (Mond)"}.get(self.rank, "")
            return f"Tarock {self._text}{nick}"
        rank = Rank(self.rank)
        word = {8: "King", 7: "Queen", 6: "Knight", 5: "Jack"}.get(rank, rank.label(self.suit))
        if word == "1":
            word = "Ace"  # the red 1
        return f"{word} of {self.suit.name.lower()}"

    # -- comparison and text ------------------------------------------------------------------

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Card):
            return bool(self.index < other.index)
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, Card):
            return bool(self.index <= other.index)
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, Card):
            return bool(self.index > other.index)
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, Card):
            return bool(self.index >= other.index)
        return NotImplemented

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"


def _card_by_index(index: int) -> Card:
    return _CARDS[index]


def _build() -> tuple[Card, ...]:
    cards: list[Card] = []
    for number in range(1, 23):
        text = "Sküs" if number == 22 else _ROMAN[number - 1]
        ascii_ = "Skus" if number == 22 else text
        value = 5 if number in (1, 21, 22) else 1
        cards.append(Card._make(number - 1, None, number, value, text, ascii_))
    for suit in Suit:
        for rank in Rank:
            label = rank.label(suit)
            cards.append(
                Card._make(
                    len(cards), suit, int(rank), _SUIT_VALUES[rank - 1], suit.symbol + label, suit.letter + label
                )
            )
    return tuple(cards)


_CARDS: Final = _build()


def _build_parse_table() -> dict[str, Card]:
    table: dict[str, Card] = {}

    def add(key: str, card: Card) -> None:
        key = key.casefold()
        assert table.get(key, card) is card, key  # no spelling may name two cards
        table[key] = card

    for number in range(1, 22):
        card = _CARDS[number - 1]
        add(_ROMAN[number - 1], card)
        add(f"T{number}", card)
        for space in ("", " "):
            add(f"Tarock{space}{number}", card)
            add(f"Tarock{space}{_ROMAN[number - 1]}", card)
    add("IV", _CARDS[3])
    add("TarockIV", _CARDS[3])
    add("Tarock IV", _CARDS[3])
    for card in _CARDS:  # the spelled-out names ("Tarock I (Pagat)", "Queen of hearts")
        add(card.name, card)
    for alias in ("Sküs", "Skus", "Sküss", "Skys", "Skis", "Škýz", "Skyz", "Gstieß", "Gstiess", "Excuse", "T22"):
        add(alias, _CARDS[21])
    for alias, number in (("Mond", 21), ("Moon", 21), ("Pagat", 1), ("Pagát", 1), ("Uhu", 2), ("Kakadu", 3), ("Quapil", 4)):
        add(alias, _CARDS[number - 1])

    suit_tokens = {
        Suit.CLUBS: ("♣", "♧", "c", "clubs", "club", "kreuz", "treff"),
        Suit.SPADES: ("♠", "♤", "s", "spades", "spade", "pik", "pique"),
        Suit.HEARTS: ("♥", "♡", "h", "hearts", "heart", "herz", "coeur"),
        Suit.DIAMONDS: ("♦", "♢", "d", "diamonds", "diamond", "karo", "carreau"),
    }
    for suit, tokens in suit_tokens.items():
        for rank in Rank:
            card = _CARDS[22 + 8 * suit + rank - 1]
            rank_tokens = [rank.label(suit)]
            rank_tokens += {
                Rank.KING: ["king", "könig", "konig", "r"],
                Rank.QUEEN: ["queen", "dame"],
                Rank.KNIGHT: ["knight", "cavall", "caval", "reiter", "kavall", "n"],
                Rank.JACK: ["jack", "bube", "b", "v", "valet"],
            }.get(rank, [])
            if suit.is_red and rank == Rank.FIRST:
                rank_tokens += ["a", "ace", "ass"]
            for s in tokens:
                for r in rank_tokens:
                    if len(s) == 1 and s.isascii() and len(r) > 2:
                        continue  # a suit letter goes with a rank's symbol: "kings" is no card
                    add(s + r, card)
                    add(r + s, card)
    return table


#: Every spelling of every card (casefolded), filled on the first parse.
_PARSE: Final[dict[str, Card]] = {}


def _fill_parse_table() -> dict[str, Card]:
    _PARSE.update(_build_parse_table())
    return _PARSE

#: The 54-card deck of R1 in canonical order.
DECK_54: Final[tuple[Card, ...]] = _CARDS

#: The 40-card deck of R4 (Zwanzigerrufen): 20 tarocks without II and III, and in each suit
#: K, Q, C, J and the *Glatze* (♣10, ♠10, ♥1, ♦1), in canonical order.
DECK_40: Final[tuple[Card, ...]] = tuple(
    c for c in _CARDS if (c.suit is None and c.rank not in (2, 3)) or (c.suit is not None and c.rank >= Rank.FIRST)
)

#: The Sküs, the highest tarock.
SKUS: Final = _CARDS[21]
#: Tarock XXI, the Mond.
MOND: Final = _CARDS[20]
#: Tarock I, the Pagat.
PAGAT: Final = _CARDS[0]


def cards_from_text(text: str) -> tuple[Card, ...]:
    """Parse cards separated by white space or commas.

    :raises NotationError: with reason ``invalid_card`` at the first word that names no card
        (or for a value that is no text), ``too_large`` for a text longer than
        :data:`~strohmandeln.limits.MAX_CARD_TEXT` (10,000) characters, refused before it
        is read.

    >>> cards_from_text("Sküs XXI, ♥K ♥Q")
    (Card.parse('Sküs'), Card.parse('XXI'), Card.parse('♥K'), Card.parse('♥Q'))
    """
    plain = args.plain_text(text)
    if plain is None:
        raise NotationError(Reason.INVALID_CARD, f"not card text: {shown(text)}")
    if len(plain) > args.MAX_CARD_TEXT:
        raise NotationError(Reason.TOO_LARGE, f"card text is at most {args.MAX_CARD_TEXT:,} characters, not {len(plain):,}")
    return tuple([Card.parse(token) for token in plain.replace(",", " ").split()])


def cards_to_text(cards: Iterable[Card], *, ascii: bool = False) -> str:
    """Write cards in notation, separated by single spaces.

    :raises ArgumentTypeError: if ``cards`` is not an iterable of cards or ``ascii`` not a bool.
    :raises ArgumentValueError: with reason ``too_large`` if it holds more than
        :data:`~strohmandeln.limits.MAX_CONTAINER` (10,000) cards.

    >>> cards_to_text(cards_from_text("hk XXI"), ascii=True)
    'hK XXI'
    """
    if args.flag(ascii, "ascii"):
        return " ".join([card._ascii for card in checked_cards(cards)])
    return " ".join([card._text for card in checked_cards(cards)])


def checked_cards(cards: object, name: str = "cards") -> tuple[Card, ...]:
    """The items of ``cards`` (any iterable, :func:`~strohmandeln._base.args.items`), each
    checked to be a :class:`Card` (internal: for the functions that take cards from a program).

    :raises ArgumentTypeError: at the first item that is not a card.
    """
    got = args.items(cards, name, iterable=True)
    for i, card in enumerate(got):
        if type(card) is not Card:
            raise args.wrong_type(f"{name}[{i}]", "a Card", card)
    return got
