"""Rule sets: the deck, every option of the rulings, and the scoring table, as frozen values.

A :class:`RuleSet` is an ordinary immutable value built from keyword-only options; the seven
presets (:data:`CLASSIC`, :data:`EXTENDED`, :data:`BECK`, :data:`ZWANZIGERRUFEN_40`,
:data:`MAYR_SEDLACZEK`, :data:`FURR`, :data:`STRAMANDL`) are such values, and a house rule is
another one (``attrs.evolve(CLASSIC, last_card=LastCard.SHOWN, name="our table")``). Nothing in
the library asks *which* preset it plays: every difference lives in these fields.

>>> from strohmandeln import CLASSIC, EXTENDED, Bonus
>>> CLASSIC.deck.card_count, CLASSIC.scoring.undertaken_won, CLASSIC.scoring.undertaken_lost
(54, 3, 4)
>>> EXTENDED.scoring.value_of(Bonus.ROSTOPSCHIN), CLASSIC.scoring.value_of(Bonus.ROSTOPSCHIN)
(1, None)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any, Final

import attrs

from .cards import DECK_40, DECK_54, Card
from ._core import checked
from .errors import Reason, RuleSetError, StrohmandelnError
from .points import Counting

__all__ = [
    "BECK",
    "CLASSIC",
    "EXTENDED",
    "FURR",
    "MAYR_SEDLACZEK",
    "PRESETS",
    "STRAMANDL",
    "ZWANZIGERRUFEN_40",
    "BothPass",
    "Bonus",
    "Deck",
    "DrawDoubling",
    "FirstLead",
    "LastCard",
    "RuleSet",
    "ScoringTable",
    "UndertakenDraw",
    "ValatReplaces",
]


class Deck(enum.Enum):
    """The two packs (R1, R4) with their deal layout (R6) and counting (R2, R4).

    >>> Deck.FULL_54.card_count, Deck.SHORT_40.card_count, CLASSIC.deck is Deck.FULL_54
    (54, 40, True)
    """

    #: 54 cards: hands of 15 in packets of five, three Strohmänner of four each; 70 points.
    FULL_54 = "54"
    #: 40 cards (Zwanzigerrufen): hands of 10, Strohmänner of 4, 3 and 3; 88 points.
    SHORT_40 = "40"

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards of the deck in canonical order.

        >>> Deck.SHORT_40.cards[:3], Deck.SHORT_40.cards[-1]
        ((Card.parse('I'), Card.parse('IIII'), Card.parse('V')), Card.parse('♦K'))
        """
        return DECK_54 if self is Deck.FULL_54 else DECK_40

    @property
    def card_count(self) -> int:
        """54 or 40.

        >>> Deck.FULL_54.card_count
        54
        """
        return len(self.cards)

    @property
    def hand_packets(self) -> tuple[int, ...]:
        """Sizes of the hand packets each player receives in turn, Elder first (R6).

        >>> Deck.FULL_54.hand_packets, Deck.SHORT_40.hand_packets
        ((5, 5, 5), (5, 5))
        """
        return (5, 5, 5) if self is Deck.FULL_54 else (5, 5)

    @property
    def strohmann_sizes(self) -> tuple[int, int, int]:
        """Sizes of Strohmann 1, 2 and 3 (R6).

        >>> Deck.FULL_54.strohmann_sizes, Deck.SHORT_40.strohmann_sizes
        ((4, 4, 4), (4, 3, 3))
        """
        return (4, 4, 4) if self is Deck.FULL_54 else (4, 3, 3)

    @property
    def counting(self) -> Counting:
        """How card points are counted (R2 or R4).

        >>> Deck.FULL_54.counting, Deck.SHORT_40.counting
        (<Counting.IN_THREES: 'in_threes'>, <Counting.SIMPLE_SUM: 'simple_sum'>)
        """
        return Counting.IN_THREES if self is Deck.FULL_54 else Counting.SIMPLE_SUM

    @property
    def total_points(self) -> int:
        """All card points of the deck: 70 or 88.

        >>> Deck.FULL_54.total_points, Deck.SHORT_40.total_points
        (70, 88)
        """
        return 70 if self is Deck.FULL_54 else 88

    @property
    def winning_points(self) -> int:
        """Rounded points (R3) that win the card play: 36 (i.e. 35⅔, "35 and 2 cards") or 45.

        >>> Deck.FULL_54.winning_points, Deck.SHORT_40.winning_points
        (36, 45)
        """
        return 36 if self is Deck.FULL_54 else 45

    @property
    def trick_count(self) -> int:
        """27 or 20 tricks (R15).

        >>> Deck.FULL_54.trick_count, Deck.SHORT_40.trick_count
        (27, 20)
        """
        return self.card_count // 2


class FirstLead(enum.Enum):
    """Who leads to the first trick (R5).

    >>> CLASSIC.first_lead, FURR.first_lead
    (<FirstLead.ELDER: 'elder'>, <FirstLead.UNDERTAKER: 'undertaker'>)
    """

    #: Elder (the non-dealer) leads, whoever undertook ([000][001][004]).
    ELDER = "elder"
    #: The undertaker leads; Elder when both passed (Furr).
    UNDERTAKER = "undertaker"


class BothPass(enum.Enum):
    """What happens when both players pass (R9).

    >>> import attrs
    >>> old_books = attrs.evolve(CLASSIC, name="old books", both_pass=BothPass.THROW_IN)
    >>> CLASSIC.both_pass, old_books.both_pass
    (<BothPass.SIMPLE_GAME: 'simple_game'>, <BothPass.THROW_IN: 'throw_in'>)
    """

    #: A simple game is played (classic, extended, Štrámandl, Beck).
    SIMPLE_GAME = "simple_game"
    #: The deal is thrown in and the next dealer deals (the "old books" rule of [000]).
    THROW_IN = "throw_in"


class LastCard(enum.Enum):
    """Whether the last card of a Strohmann is shown before it is taken up (R12).

    >>> CLASSIC.last_card, LastCard("shown")
    (<LastCard.HIDDEN: 'hidden'>, <LastCard.SHOWN: 'shown'>)
    """

    #: Taken into the hand unseen by the opponent (Beck, Mayr & Sedlaczek; the default).
    HIDDEN = "hidden"
    #: Turned and shown first, then taken up.
    SHOWN = "shown"


class UndertakenDraw(enum.Enum):
    """What a 35:35 card play means in an undertaken game (R25).

    >>> CLASSIC.scoring.undertaken_draw, BECK.scoring.undertaken_draw
    (<UndertakenDraw.LOSS: 'loss'>, <UndertakenDraw.DRAW: 'draw'>)
    """

    #: The undertaker needs the winning threshold; 35 loses (every preset but Beck).
    LOSS = "loss"
    #: 35:35 is a draw in every game, only bonuses are scored (Beck).
    DRAW = "draw"


class ValatReplaces(enum.Enum):
    """What a Valat replaces (R21).

    >>> import attrs
    >>> table = attrs.evolve(CLASSIC.scoring, valat_replaces=ValatReplaces.GAME)
    >>> CLASSIC.scoring.valat_replaces, table.valat_replaces
    (<ValatReplaces.NOTHING: 'nothing'>, <ValatReplaces.GAME: 'game'>)
    """

    #: Valat is added to the base value and the other bonuses (the default).
    NOTHING = "nothing"
    #: Valat instead of the base game line.
    GAME = "game"
    #: Valat alone: every other line of both players is dropped.
    GAME_AND_BONUSES = "game_and_bonuses"


class DrawDoubling(enum.Enum):
    """How later deals are doubled after a drawn card play or a 0 : 0 deal (R26).

    >>> [PRESETS[name].scoring.draw_doubling.value for name in ("classic", "beck", "stramandl")]
    ['next_round', 'next_deal', 'until_decided']
    """

    #: The next round of two deals counts double; a draw inside it adds a round ([000]).
    NEXT_ROUND = "next_round"
    #: Each consecutive draw doubles again (×2, ×4, …) until a deal is won ([001]).
    UNTIL_DECIDED = "until_decided"
    #: The next deal counts double (Beck [004]).
    NEXT_DEAL = "next_deal"
    #: No doubling.
    NONE = "none"


class Bonus(enum.Enum):
    """Every bonus the scoring tables know (R17–R23).

    >>> [bonus.value for bonus in Bonus if EXTENDED.scoring.has(bonus)]
    ['trull_in_tricks', 'four_kings_in_tricks', 'pagat', 'uhu', 'kakadu', 'rostopschin', 'valat']
    """

    #: Trull (Sküs, XXI, I) announced while held in the hand (R17).
    TRULL_ANNOUNCED = "trull_announced"
    #: All four Kings announced while held in the hand (R17).
    FOUR_KINGS_ANNOUNCED = "four_kings_announced"
    #: Sküs, XXI and I in one player's tricks at the end (R20).
    TRULL_IN_TRICKS = "trull_in_tricks"
    #: All four Kings in one player's tricks at the end (R20).
    FOUR_KINGS_IN_TRICKS = "four_kings_in_tricks"
    #: I wins the last trick; beaten there, it scores for the opponent (R19).
    PAGAT = "pagat"
    #: II wins the second-last trick (R19).
    UHU = "uhu"
    #: III wins the third-last trick (R19).
    KAKADU = "kakadu"
    #: IIII wins the fourth-last trick (R19).
    QUAPIL = "quapil"
    #: XVII ("Ross!") and XVIII ("Topschin!") win two consecutive tricks, called (R18).
    ROSTOPSCHIN = "rostopschin"
    #: One player wins every trick (R21).
    VALAT = "valat"
    #: The Sküs captures the XXI in one trick (R23).
    MONDFANG = "mondfang"

    @property
    def required_cards(self) -> tuple[Card, ...]:
        """The cards the bonus needs in the deck.

        >>> Bonus.ROSTOPSCHIN.required_cards, Bonus.VALAT.required_cards
        ((Card.parse('XVII'), Card.parse('XVIII')), ())
        """
        return tuple(Card.tarock(n) for n in _REQUIRED[self])

    @property
    def bird_trick_from_end(self) -> int | None:
        """For a bird: 1 for the last trick, 2 for the second-last, …; ``None`` otherwise.

        >>> Bonus.PAGAT.bird_trick_from_end, Bonus.QUAPIL.bird_trick_from_end, Bonus.VALAT.bird_trick_from_end
        (1, 4, None)
        """
        return _BIRDS.get(self)


_REQUIRED: Final = {
    Bonus.TRULL_ANNOUNCED: (1, 21, 22),
    Bonus.FOUR_KINGS_ANNOUNCED: (),
    Bonus.TRULL_IN_TRICKS: (1, 21, 22),
    Bonus.FOUR_KINGS_IN_TRICKS: (),
    Bonus.PAGAT: (1,),
    Bonus.UHU: (2,),
    Bonus.KAKADU: (3,),
    Bonus.QUAPIL: (4,),
    Bonus.ROSTOPSCHIN: (17, 18),
    Bonus.VALAT: (),
    Bonus.MONDFANG: (21, 22),
}
_BIRDS: Final = {Bonus.PAGAT: 1, Bonus.UHU: 2, Bonus.KAKADU: 3, Bonus.QUAPIL: 4}


def _bonus_pairs(value: Mapping[Bonus, int] | Iterable[tuple[Bonus, int]]) -> tuple[tuple[Bonus, int], ...]:
    try:
        items = list(value.items() if isinstance(value, Mapping) else value)
    except TypeError:
        raise RuleSetError(Reason.INCONSISTENT_RULES, "bonuses must be a mapping or pairs of (Bonus, value)") from None
    pairs: dict[Bonus, int] = {}
    for item in items:
        try:
            bonus_value, points = item
            bonus = Bonus(bonus_value)
        except (TypeError, ValueError):
            raise RuleSetError(Reason.INCONSISTENT_RULES, f"not a bonus and its value: {item!r:.40}") from None
        if bonus in pairs:
            raise RuleSetError(Reason.INCONSISTENT_RULES, f"bonus {bonus.value} is given twice")
        pairs[bonus] = points
    order = list(Bonus)
    return tuple(sorted(pairs.items(), key=lambda kv: order.index(kv[0])))


@attrs.frozen(kw_only=True, cache_hash=True)
class ScoringTable:
    """The game values of a rule set: base table, bonuses, draws, Valat, match doubling.

    Every value is in game points, before the deal's multiplier (R26) and the undertaker's
    doubling (R10, which doubles the base line only). A ``*_major`` value of ``None`` means the
    table has no such cell.

    The table is checked when a :class:`RuleSet` is built from it (against that rule set's deck).

    >>> table = ScoringTable(simple_won=2, undertaken_won=3, undertaken_lost=4, bonuses={Bonus.PAGAT: 1})
    >>> table.bonuses, table.simple_won_major, table.draw_doubling
    (((<Bonus.PAGAT: 'pagat'>, 1),), None, <DrawDoubling.NEXT_ROUND: 'next_round'>)
    """

    #: A simple game (both passed), won.
    simple_won: int
    #: A simple game won with at least :attr:`major_points` (Grand Point, R22).
    simple_won_major: int | None = None
    #: An undertaken game won by the undertaker.
    undertaken_won: int
    #: An undertaken game won by the undertaker with at least :attr:`major_points` (R22).
    undertaken_won_major: int | None = None
    #: An undertaken game lost by the undertaker (paid to the defender).
    undertaken_lost: int
    #: An undertaken game lost while the defender reached :attr:`defender_major_points` (R22).
    undertaken_lost_major: int | None = None
    #: Rounded card points (R3) of the winner that make a major win: 45 ([000], Furr).
    major_points: int = 45
    #: Rounded card points of a winning defender that make a major win: 45 in [000]'s extended
    #: table ("undertaker less than 26"), 44 in Furr's.
    defender_major_points: int = 45
    #: What 35:35 (44:44) means in an undertaken game (R25).
    undertaken_draw: UndertakenDraw = UndertakenDraw.LOSS
    #: The bonuses in force and their values, in :class:`Bonus` order.
    bonuses: tuple[tuple[Bonus, int], ...] = attrs.field(default=(), converter=_bonus_pairs)
    #: What a Valat replaces (R21).
    valat_replaces: ValatReplaces = ValatReplaces.NOTHING
    #: How deals are doubled after draws and 0 : 0 deals (R26).
    draw_doubling: DrawDoubling = DrawDoubling.NEXT_ROUND

    def value_of(self, bonus: Bonus) -> int | None:
        """The bonus's value, or ``None`` if it is not in force.

        >>> CLASSIC.scoring.value_of(Bonus.VALAT), CLASSIC.scoring.value_of(Bonus.UHU)
        (12, None)
        """
        for b, v in self.bonuses:
            if b is bonus:
                return v
        return None

    def has(self, bonus: Bonus) -> bool:
        """Whether the bonus is in force.

        >>> BECK.scoring.has(Bonus.MONDFANG), CLASSIC.scoring.has(Bonus.MONDFANG)
        (True, False)
        """
        return self.value_of(bonus) is not None


@attrs.frozen(kw_only=True, cache_hash=True)
class RuleSet:
    """A complete set of rules: deck, options of R5–R12 and the scoring table.

    Build one with keyword arguments, or derive one from a preset with :func:`attrs.evolve`. The
    constructor refuses contradictory parts with :class:`~strohmandeln.RuleSetError`.

    >>> import attrs
    >>> from strohmandeln import CLASSIC, LastCard
    >>> house = attrs.evolve(CLASSIC, name="house", last_card=LastCard.SHOWN)
    >>> house.last_card, house == CLASSIC
    (<LastCard.SHOWN: 'shown'>, False)
    """

    #: A short identifier (used in records); presets use their lower-case names.
    name: str = "custom"
    #: The pack and its layout (R1, R4, R6).
    deck: Deck = Deck.FULL_54
    #: Who leads to the first trick (R5).
    first_lead: FirstLead = FirstLead.ELDER
    #: R7: a player without a tarock among his dealt hand cards may fold before the auction.
    fold_without_tarock: bool = False
    #: R9: what happens when both pass.
    both_pass: BothPass = BothPass.SIMPLE_GAME
    #: R10: the undertaker's opponent may double the base value.
    undertaker_doubling: bool = False
    #: R12: whether the last card of a Strohmann is shown before it is taken up.
    last_card: LastCard = LastCard.HIDDEN
    #: The game values (R17–R26).
    scoring: ScoringTable
    #: Where the rule set comes from, for the documentation.
    source: str = ""

    def __attrs_post_init__(self) -> None:
        problems = list(_problems(self))
        if problems:
            raise RuleSetError(Reason.INCONSISTENT_RULES, f"rule set {self.name!r}: " + "; ".join(problems))

    @property
    def counting(self) -> Counting:
        """The counting method of the deck.

        >>> CLASSIC.counting, ZWANZIGERRUFEN_40.counting
        (<Counting.IN_THREES: 'in_threes'>, <Counting.SIMPLE_SUM: 'simple_sum'>)
        """
        return self.deck.counting

    def to_dict(self) -> dict[str, Any]:
        """A JSON-compatible description of every field.

        >>> CLASSIC.to_dict()["scoring"]["bonuses"]["pagat"]
        1
        """
        s = self.scoring
        return {
            "name": self.name,
            "deck": self.deck.value,
            "first_lead": self.first_lead.value,
            "fold_without_tarock": self.fold_without_tarock,
            "both_pass": self.both_pass.value,
            "undertaker_doubling": self.undertaker_doubling,
            "last_card": self.last_card.value,
            "source": self.source,
            "scoring": {
                "simple_won": s.simple_won,
                "simple_won_major": s.simple_won_major,
                "undertaken_won": s.undertaken_won,
                "undertaken_won_major": s.undertaken_won_major,
                "undertaken_lost": s.undertaken_lost,
                "undertaken_lost_major": s.undertaken_lost_major,
                "major_points": s.major_points,
                "defender_major_points": s.defender_major_points,
                "undertaken_draw": s.undertaken_draw.value,
                "bonuses": {b.value: v for b, v in s.bonuses},
                "valat_replaces": s.valat_replaces.value,
                "draw_doubling": s.draw_doubling.value,
            },
        }


#: The largest game value of a score line or bonus (a bound that documents can be checked against).
MAX_GAME_POINTS: Final = 1_000_000


def _problems(rules: RuleSet) -> Iterable[str]:
    if not isinstance(rules.name, str) or not rules.name or len(rules.name) > 64:
        yield "the name must be 1 to 64 characters"
    if not isinstance(rules.source, str) or len(rules.source) > 1000:
        yield "the source must be text of at most 1,000 characters"
    field: str
    kind: type[enum.Enum]
    for field, kind in (
        ("deck", Deck),
        ("first_lead", FirstLead),
        ("both_pass", BothPass),
        ("last_card", LastCard),
    ):
        if not isinstance(getattr(rules, field), kind):
            yield f"{field} must be a {kind.__name__}"
    for field in ("fold_without_tarock", "undertaker_doubling"):
        if not isinstance(getattr(rules, field), bool):
            yield f"{field} must be True or False"
    s = rules.scoring
    if not isinstance(s, ScoringTable):
        yield "scoring must be a ScoringTable"
        return
    if not isinstance(rules.deck, Deck):
        return
    deck = set(rules.deck.cards)
    for name in ("simple_won", "undertaken_won", "undertaken_lost"):
        value = getattr(s, name)
        if type(value) is not int or not 0 <= value <= MAX_GAME_POINTS:
            yield f"{name} must be a whole number of game points, 0 to {MAX_GAME_POINTS:,}"
    for name in ("simple_won_major", "undertaken_won_major", "undertaken_lost_major"):
        value = getattr(s, name)
        if value is not None and (type(value) is not int or not 0 <= value <= MAX_GAME_POINTS):
            yield f"{name} must be None or a whole number of game points, 0 to {MAX_GAME_POINTS:,}"
    total = rules.deck.total_points
    for name in ("major_points", "defender_major_points"):
        value = getattr(s, name)
        if type(value) is not int or not rules.deck.winning_points <= value <= total:
            yield f"{name} must lie between the winning threshold {rules.deck.winning_points} and the deck total {total}"
    for bonus, value in s.bonuses:
        if type(value) is not int or not 0 <= value <= MAX_GAME_POINTS:
            yield f"bonus {bonus.value} needs a whole value, 0 to {MAX_GAME_POINTS:,}"
        missing = [str(c) for c in bonus.required_cards if c not in deck]
        if missing:
            yield f"bonus {bonus.value} needs {', '.join(missing)}, which the {rules.deck.card_count}-card deck lacks"
    for name, kind in (
        ("undertaken_draw", UndertakenDraw),
        ("valat_replaces", ValatReplaces),
        ("draw_doubling", DrawDoubling),
    ):
        if not isinstance(getattr(s, name), kind):
            yield f"scoring.{name} must be a {kind.__name__}"


# ---------------------------------------------------------------------------------------------
# Presets (the table of RULINGS.md)

_CLASSIC_BONUSES: Final = {
    Bonus.TRULL_ANNOUNCED: 1,
    Bonus.FOUR_KINGS_ANNOUNCED: 1,
    Bonus.PAGAT: 1,
    Bonus.VALAT: 12,
}

#: [000]'s classic variant: announced Trull and Four Kings in the hand, Pagat, Valat; 2 / 3 / 4.
CLASSIC: Final = RuleSet(
    name="classic",
    fold_without_tarock=True,
    scoring=ScoringTable(simple_won=2, undertaken_won=3, undertaken_lost=4, bonuses=_CLASSIC_BONUSES),
    source="[000] Rules for Strohmandeln, classic variant",
)

#: [000]'s extended variant: Grand Point in the base table, bonuses in the tricks, birds,
#: Rostopschin, Valat.
EXTENDED: Final = RuleSet(
    name="extended",
    fold_without_tarock=True,
    scoring=ScoringTable(
        simple_won=1,
        simple_won_major=2,
        undertaken_won=3,
        undertaken_won_major=4,
        undertaken_lost=4,
        undertaken_lost_major=5,
        major_points=45,
        defender_major_points=45,
        bonuses={
            Bonus.TRULL_IN_TRICKS: 1,
            Bonus.FOUR_KINGS_IN_TRICKS: 1,
            Bonus.PAGAT: 1,
            Bonus.UHU: 1,
            Bonus.KAKADU: 1,
            Bonus.ROSTOPSCHIN: 1,
            Bonus.VALAT: 12,
        },
    ),
    source="[000] Rules for Strohmandeln, extended variant",
)

#: Beck (1972) as given by [004]: 1 / 2 / 3, 35:35 a draw in every game, announced Trull and
#: Four Kings, Pagat, Mondfang; the next deal doubles after a draw.
BECK: Final = RuleSet(
    name="beck",
    scoring=ScoringTable(
        simple_won=1,
        undertaken_won=2,
        undertaken_lost=3,
        undertaken_draw=UndertakenDraw.DRAW,
        bonuses={Bonus.TRULL_ANNOUNCED: 1, Bonus.FOUR_KINGS_ANNOUNCED: 1, Bonus.PAGAT: 1, Bonus.MONDFANG: 1},
        draw_doubling=DrawDoubling.NEXT_DEAL,
    ),
    source="[004] Beck (1972), Tarock complet; scoring table and further scoring options",
)

#: [000]'s last section: the classic game with the 40-card deck of Zwanzigerrufen (R4).
ZWANZIGERRUFEN_40: Final = RuleSet(
    name="zwanzigerrufen40",
    deck=Deck.SHORT_40,
    fold_without_tarock=True,
    scoring=ScoringTable(simple_won=2, undertaken_won=3, undertaken_lost=4, bonuses=_CLASSIC_BONUSES),
    source="[000] Rules for Strohmandeln, variant rules with 40 cards",
)

#: Mayr & Sedlaczek (2008) as given by [004]: 2 / 3 / 4, bonuses in the tricks, four birds, Valat.
MAYR_SEDLACZEK: Final = RuleSet(
    name="mayr_sedlaczek",
    scoring=ScoringTable(
        simple_won=2,
        undertaken_won=3,
        undertaken_lost=4,
        bonuses={
            Bonus.TRULL_IN_TRICKS: 1,
            Bonus.FOUR_KINGS_IN_TRICKS: 1,
            Bonus.PAGAT: 1,
            Bonus.UHU: 1,
            Bonus.KAKADU: 1,
            Bonus.QUAPIL: 1,
            Bonus.VALAT: 12,
        },
    ),
    source="[004] Mayr & Sedlaczek (2008), Die Strategie des Tarockspiels",
)

#: Furr (2009) per [004]'s prose: Mayr & Sedlaczek's bonuses without Quapil, plus the major wins
#: (declarer 45, defender 44) and Rostopschin; the undertaker leads.
FURR: Final = RuleSet(
    name="furr",
    first_lead=FirstLead.UNDERTAKER,
    scoring=ScoringTable(
        simple_won=2,
        undertaken_won=3,
        undertaken_won_major=4,
        undertaken_lost=4,
        undertaken_lost_major=5,
        major_points=45,
        defender_major_points=44,
        bonuses={
            Bonus.TRULL_IN_TRICKS: 1,
            Bonus.FOUR_KINGS_IN_TRICKS: 1,
            Bonus.PAGAT: 1,
            Bonus.UHU: 1,
            Bonus.KAKADU: 1,
            Bonus.ROSTOPSCHIN: 1,
            Bonus.VALAT: 12,
        },
    ),
    source="[004] Furr (2009), Tarocchi; the prose, where it differs from the table",
)

#: Petr Zachar's Štrámandl [001]: 2 / 3 / 4, announced Trull and Four Kings, Pagat, Valat;
#: draws double the next game until one is decided.
STRAMANDL: Final = RuleSet(
    name="stramandl",
    scoring=ScoringTable(
        simple_won=2,
        undertaken_won=3,
        undertaken_lost=4,
        bonuses=_CLASSIC_BONUSES,
        draw_doubling=DrawDoubling.UNTIL_DECIDED,
    ),
    source="[001] Petr Zachar, Štrámandl (2006)",
)

#: Every preset by name.
PRESETS: Final[Mapping[str, RuleSet]] = {
    r.name: r for r in (CLASSIC, EXTENDED, BECK, ZWANZIGERRUFEN_40, MAYR_SEDLACZEK, FURR, STRAMANDL)
}


# ---------------------------------------------------------------------------------------------
# Documents

_RULE_FIELDS: Final = ("name", "deck", "first_lead", "fold_without_tarock", "both_pass", "undertaker_doubling", "last_card", "source", "scoring")
_SCORING_FIELDS: Final = (
    "simple_won",
    "simple_won_major",
    "undertaken_won",
    "undertaken_won_major",
    "undertaken_lost",
    "undertaken_lost_major",
    "major_points",
    "defender_major_points",
    "undertaken_draw",
    "bonuses",
    "valat_replaces",
    "draw_doubling",
)
_POINTS: Final = MAX_GAME_POINTS


def _member(kind: Any, x: object, path: str) -> Any:
    return checked.member(kind, x, path)


def rules_ref(rules: RuleSet) -> str | dict[str, Any]:
    """A rule set in a document: a preset's name, or the full form of any other rule set.

    >>> rules_ref(CLASSIC), rules_ref(attrs.evolve(CLASSIC, name="house"))["name"]
    ('classic', 'house')
    """
    preset = PRESETS.get(rules.name)
    return rules.name if preset is not None and preset == rules else rules.to_dict()


def rules_from_dict(data: object, path: str = "rules") -> RuleSet:
    """A rule set from a preset's name or a full description (:func:`rules_to_dict`, or
    :meth:`RuleSet.to_dict` without ``format`` and ``type``). Missing options take the
    :class:`~strohmandeln.RuleSet` defaults.

    >>> rules_from_dict("beck").name
    'beck'
    >>> rules_from_dict(CLASSIC.to_dict()) == CLASSIC
    True
    """
    if isinstance(data, str):
        name = checked.text(data, path)
        preset = PRESETS.get(name)
        if preset is None:
            raise checked.fail(path, f"no preset named {name!r}; presets: {', '.join(PRESETS)}")
        return preset
    if isinstance(data, dict) and "format" in data:
        d = checked.header(data, "rules", ("name", "scoring"), _RULE_FIELDS)
    else:
        d = checked.obj(data, path, ("name", "scoring"), _RULE_FIELDS)
    s = checked.obj(d["scoring"], f"{path}.scoring", ("simple_won", "undertaken_won", "undertaken_lost"), _SCORING_FIELDS)
    sp = f"{path}.scoring"
    table: dict[str, Any] = {}
    kind: Any
    for key in ("simple_won", "undertaken_won", "undertaken_lost", "major_points", "defender_major_points"):
        if key in s:
            table[key] = checked.integer(s[key], f"{sp}.{key}", 0, _POINTS)
    for key in ("simple_won_major", "undertaken_won_major", "undertaken_lost_major"):
        if key in s:
            table[key] = None if s[key] is None else checked.integer(s[key], f"{sp}.{key}", 0, _POINTS)
    for key, kind in (("undertaken_draw", UndertakenDraw), ("valat_replaces", ValatReplaces), ("draw_doubling", DrawDoubling)):
        if key in s:
            table[key] = _member(kind, s[key], f"{sp}.{key}")
    if "bonuses" in s:
        raw = s["bonuses"]
        if not isinstance(raw, dict):
            raise checked.fail(f"{sp}.bonuses", f"expected an object, not {checked.kind(raw)}")
        if len(raw) > len(Bonus):
            raise checked.fail(f"{sp}.bonuses", "too many bonuses", Reason.TOO_LARGE)
        table["bonuses"] = {
            _member(Bonus, name, f"{sp}.bonuses"): checked.integer(value, f"{sp}.bonuses.{str(name)[:64]}", 0, _POINTS)
            for name, value in raw.items()
        }
    options: dict[str, Any] = {"name": checked.text(d["name"], f"{path}.name")}
    for key, kind in (("deck", Deck), ("first_lead", FirstLead), ("both_pass", BothPass), ("last_card", LastCard)):
        if key in d:
            options[key] = _member(kind, d[key], f"{path}.{key}")
    for key in ("fold_without_tarock", "undertaker_doubling"):
        if key in d:
            options[key] = checked.boolean(d[key], f"{path}.{key}")
    if "source" in d:
        options["source"] = checked.text(d["source"], f"{path}.source", 1000)
    try:
        return RuleSet(scoring=ScoringTable(**table), **options)
    except StrohmandelnError as error:
        raise checked.fail(path, error.message, error.reason) from None


# --------------------------------------------------------------------------------------------
# Actions


