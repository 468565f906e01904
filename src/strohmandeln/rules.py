"""Rule sets: the deck, every option of the rulings, and the scoring table, as frozen values.

A :class:`RuleSet` is an ordinary immutable value built from keyword-only options; the seven
presets (:mod:`strohmandeln.presets`) are such values, and a house rule is
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
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Final, final

import attrs

from .cards import DECK_40, DECK_54, Card
from ._base import args, checked
from .errors import ArgumentValueError, Reason, RuleSetError, ValueLookup, quoted
from .points import Counting

__all__ = [
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


class Deck(enum.Enum, metaclass=ValueLookup):
    """The two packs (R1, R4) with their deal layout (R6) and counting (R2, R4).

    >>> from strohmandeln import CLASSIC
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
        """Sizes of Strohmann 0, 1 and 2 (R6).

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


class FirstLead(enum.Enum, metaclass=ValueLookup):
    """Who leads to the first trick (R5).

    >>> from strohmandeln import CLASSIC, FURR
    >>> CLASSIC.first_lead, FURR.first_lead
    (<FirstLead.ELDER: 'elder'>, <FirstLead.UNDERTAKER: 'undertaker'>)
    """

    #: Elder (the non-dealer) leads, whoever undertook ([000][001][004]).
    ELDER = "elder"
    #: The undertaker leads; Elder when both passed (Furr).
    UNDERTAKER = "undertaker"


class BothPass(enum.Enum, metaclass=ValueLookup):
    """What happens when both players pass (R9).

    >>> from strohmandeln import CLASSIC
    >>> import attrs
    >>> old_books = attrs.evolve(CLASSIC, name="old books", both_pass=BothPass.THROW_IN)
    >>> CLASSIC.both_pass, old_books.both_pass
    (<BothPass.SIMPLE_GAME: 'simple_game'>, <BothPass.THROW_IN: 'throw_in'>)
    """

    #: A simple game is played (classic, extended, Štrámandl, Beck).
    SIMPLE_GAME = "simple_game"
    #: The deal is thrown in, then the deal passes as usual ([000]'s old books, Bamberger in [004]).
    THROW_IN = "throw_in"


class LastCard(enum.Enum, metaclass=ValueLookup):
    """Whether the last card of a Strohmann is shown before it is taken up (R12).

    >>> from strohmandeln import CLASSIC
    >>> CLASSIC.last_card, LastCard("shown")
    (<LastCard.HIDDEN: 'hidden'>, <LastCard.SHOWN: 'shown'>)
    """

    #: Taken into the hand unseen by the opponent (Beck, Mayr & Sedlaczek; the default).
    HIDDEN = "hidden"
    #: Turned and shown first, then taken up.
    SHOWN = "shown"


class UndertakenDraw(enum.Enum, metaclass=ValueLookup):
    """What a 35:35 card play means in an undertaken game (R25).

    >>> from strohmandeln import BECK, CLASSIC
    >>> CLASSIC.scoring.undertaken_draw, BECK.scoring.undertaken_draw
    (<UndertakenDraw.LOSS: 'loss'>, <UndertakenDraw.DRAW: 'draw'>)
    """

    #: The undertaker needs the winning threshold; 35 loses (every preset but Beck).
    LOSS = "loss"
    #: 35:35 is a draw in every game, only bonuses are scored (Beck).
    DRAW = "draw"


class ValatReplaces(enum.Enum, metaclass=ValueLookup):
    """What a Valat replaces (R21).

    >>> from strohmandeln import CLASSIC
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


class DrawDoubling(enum.Enum, metaclass=ValueLookup):
    """How long later deals count double after a drawn card play (or a tie, where the table's
    :attr:`~ScoringTable.tie_doubles` says so) (R26).

    >>> from strohmandeln import PRESETS
    >>> [PRESETS[name].scoring.draw_doubling.value for name in ("classic", "beck", "stramandl")]
    ['next_round', 'next_deal', 'until_decided']
    """

    #: The next round of two deals counts double; a draw inside it adds a round ([000]).
    NEXT_ROUND = "next_round"
    #: Each consecutive draw doubles again (×2, ×4, …) until a deal is won ([001]).
    UNTIL_DECIDED = "until_decided"
    #: The next deal counts double ([004]: Beck, Mayr & Sedlaczek, Furr).
    NEXT_DEAL = "next_deal"
    #: No doubling.
    NONE = "none"


class Bonus(enum.Enum, metaclass=ValueLookup):
    """Every bonus the scoring tables know (R17–R23).

    >>> from strohmandeln import EXTENDED
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


# Every bonus is listed, so that a new one cannot forget its cards (the tarocks by number).
_REQUIRED: Final = {
    Bonus.TRULL_ANNOUNCED: (1, 21, 22), Bonus.FOUR_KINGS_ANNOUNCED: (), Bonus.TRULL_IN_TRICKS: (1, 21, 22),
    Bonus.FOUR_KINGS_IN_TRICKS: (), Bonus.PAGAT: (1,), Bonus.UHU: (2,), Bonus.KAKADU: (3,), Bonus.QUAPIL: (4,),
    Bonus.ROSTOPSCHIN: (17, 18), Bonus.VALAT: (), Bonus.MONDFANG: (21, 22),
}
_BIRDS: Final = {Bonus.PAGAT: 1, Bonus.UHU: 2, Bonus.KAKADU: 3, Bonus.QUAPIL: 4}


# ---------------------------------------------------------------------------------------------
# Fields: each field declares its kind (checked.Kind) once; to_dict, from_dict and the per-field
# part of the consistency check are loops over attrs.fields().

#: The largest game value of a score line or bonus (a bound that documents can be checked against).
MAX_GAME_POINTS: Final = 1_000_000


class _Threshold(checked.Whole):
    """Rounded card points (R3) of a major win (R22); :func:`_problems` checks them against the deck."""


_GAME_POINTS: Final = {checked.KIND: checked.Whole(0, MAX_GAME_POINTS, "game points")}
_CELL: Final = {checked.KIND: checked.Whole(0, MAX_GAME_POINTS, "game points", optional=True)}
_THRESHOLD: Final = {checked.KIND: _Threshold(0, MAX_GAME_POINTS, "card points")}
_FLAG: Final = {checked.KIND: checked.Flag()}
_BONUSES: Final = {checked.KIND: checked.Counts(Bonus, 0, MAX_GAME_POINTS, "bonus")}


def _choice(choices: type[enum.Enum]) -> dict[str, checked.Kind]:
    return {checked.KIND: checked.Choice(choices)}


def _bonus_pairs(value: Mapping[Bonus, int] | Iterable[tuple[Bonus, int]]) -> tuple[tuple[Bonus, int], ...]:
    """The bonuses of a table: a mapping or pairs of a :class:`Bonus` (or its value) and its
    game value, in :class:`Bonus` order (the values are checked by the field's kind)."""
    # (a dict's pairs read from its storage: no key is hashed before it is checked as a Bonus)
    items = tuple(dict.items(value)) if issubclass(type(value), dict) else args.items(value, "bonuses", len(Bonus), sets=True, iterable=True)  # type: ignore[arg-type]
    if len(items) > len(Bonus):
        raise ArgumentValueError(Reason.TOO_LARGE, f"bonuses must hold at most {len(Bonus)} bonuses")
    pairs: dict[Bonus, int] = {}
    for i, item in enumerate(items):
        pair = args.items(item, f"bonuses[{i}]", 2)
        if len(pair) != 2:
            raise ArgumentValueError(Reason.BAD_VALUE, f"bonuses[{i}] must be a pair of a Bonus and its value")
        bonus = args.member(Bonus, pair[0], f"bonuses[{i}][0]")
        if bonus in pairs:
            raise RuleSetError(Reason.INCONSISTENT_RULES, f"bonus {bonus.value} is given twice")
        pairs[bonus] = pair[1]
    return tuple((bonus, pairs[bonus]) for bonus in Bonus if bonus in pairs)


@final  # (a subclass is no value of it: _base.args.instance refuses one)
@attrs.frozen(kw_only=True, cache_hash=True)
class ScoringTable:
    """The game values of a rule set: base table, bonuses, draws, Valat, match doubling.

    Every value is in game points, before the deal's multiplier (R26) and the undertaker's
    doubling (R10, which doubles the base line only). A ``*_major`` value of ``None`` means the
    table has no such cell.

    The table's values are checked when it is made, their types and ranges (what a document can
    hold, so that the table can be written and read back), and against the deck when a
    :class:`RuleSet` is built from it (its major thresholds).

    :raises ArgumentTypeError: for a field of the wrong type (a value that is no whole number,
        bonuses that are neither a mapping nor pairs).
    :raises ArgumentValueError: for a text that names no member or bonus, or more bonuses than
        there are.
    :raises RuleSetError: with reason ``inconsistent_rules`` for a bonus given twice, or a value
        outside its range (game points from 0 to 1,000,000).

    >>> table = ScoringTable(simple_won=2, undertaken_won=3, undertaken_lost=4, bonuses={Bonus.PAGAT: 1})
    >>> table.bonuses, table.simple_won_major, table.draw_doubling
    (((<Bonus.PAGAT: 'pagat'>, 1),), None, <DrawDoubling.NEXT_ROUND: 'next_round'>)
    """

    #: A simple game (both passed), won.
    simple_won: int = attrs.field(metadata=_GAME_POINTS)
    #: A simple game won with at least :attr:`major_points` (Grand Point, R22).
    simple_won_major: int | None = attrs.field(default=None, metadata=_CELL)
    #: An undertaken game won by the undertaker.
    undertaken_won: int = attrs.field(metadata=_GAME_POINTS)
    #: An undertaken game won by the undertaker with at least :attr:`major_points` (R22).
    undertaken_won_major: int | None = attrs.field(default=None, metadata=_CELL)
    #: An undertaken game lost by the undertaker (paid to the defender).
    undertaken_lost: int = attrs.field(metadata=_GAME_POINTS)
    #: An undertaken game lost while the defender reached :attr:`defender_major_points` (R22).
    undertaken_lost_major: int | None = attrs.field(default=None, metadata=_CELL)
    #: Rounded card points (R3) of the winner that make a major win: 45 ([000], Furr).
    major_points: int = attrs.field(default=45, metadata=_THRESHOLD)
    #: Rounded card points of a winning defender that make a major win: 45 in [000]'s extended
    #: table ("undertaker less than 26"), 44 in Furr's.
    defender_major_points: int = attrs.field(default=45, metadata=_THRESHOLD)
    #: What 35:35 (44:44) means in an undertaken game (R25).
    undertaken_draw: UndertakenDraw = attrs.field(default=UndertakenDraw.LOSS, metadata=_choice(UndertakenDraw))
    #: The bonuses in force and their values, in :class:`Bonus` order.
    bonuses: tuple[tuple[Bonus, int], ...] = attrs.field(default=(), converter=_bonus_pairs, metadata=_BONUSES)
    #: What a Valat replaces (R21).
    valat_replaces: ValatReplaces = attrs.field(default=ValatReplaces.NOTHING, metadata=_choice(ValatReplaces))
    #: How long later deals count double after a trigger (R26).
    draw_doubling: DrawDoubling = attrs.field(default=DrawDoubling.NEXT_ROUND, metadata=_choice(DrawDoubling))
    #: R26: whether a tie — a played deal whose totals are 0 : 0 after the bonuses, [000]'s start
    #: of a Nullrunde — triggers doubled deals as a drawn card play does ([000]; not [001], [004]).
    tie_doubles: bool = attrs.field(default=False, metadata=_FLAG)

    def __attrs_post_init__(self) -> None:
        checked.typed_fields(self)
        problems = list(checked.field_problems(self))  # (the ranges: a deck's thresholds are RuleSet's to check)
        if problems:
            raise RuleSetError(Reason.INCONSISTENT_RULES, "scoring table: " + "; ".join(problems))

    def value_of(self, bonus: Bonus) -> int | None:
        """The bonus's value, or ``None`` if it is not in force.

        >>> from strohmandeln import CLASSIC
        >>> CLASSIC.scoring.value_of(Bonus.VALAT), CLASSIC.scoring.value_of("uhu")
        (12, None)

        :raises ArgumentTypeError: if ``bonus`` is neither a :class:`Bonus` nor its value.
        :raises ArgumentValueError: with reason ``bad_value`` for a text that names no bonus.
        """
        if type(bonus) is not Bonus:
            bonus = args.member(Bonus, bonus, "bonus")
        return next((points for b, points in self.bonuses if b is bonus), None)

    def has(self, bonus: Bonus) -> bool:
        """Whether the bonus is in force.

        >>> from strohmandeln import BECK, CLASSIC
        >>> BECK.scoring.has(Bonus.MONDFANG), CLASSIC.scoring.has(Bonus.MONDFANG)
        (True, False)

        :raises ArgumentError: as :meth:`value_of`.
        """
        return self.value_of(bonus) is not None

    def __repr__(self) -> str:
        return (
            f"<ScoringTable simple_won={self.simple_won} undertaken_won={self.undertaken_won} "
            f"undertaken_lost={self.undertaken_lost} bonuses={len(self.bonuses)}>"
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-compatible description of every field: the ``scoring`` of :meth:`RuleSet.to_dict <strohmandeln.rules.RuleSet.to_dict>`.

        >>> from strohmandeln import BECK
        >>> BECK.scoring.to_dict()["bonuses"]
        {'trull_announced': 1, 'four_kings_announced': 1, 'pagat': 1, 'mondfang': 1}
        """
        return checked.to_fields(self)

    @classmethod
    def from_dict(cls, data: object, path: str = "scoring") -> ScoringTable:
        """The table of a :meth:`to_dict` description, like :meth:`RuleSet.from_dict <strohmandeln.rules.RuleSet.from_dict>`; it requires
        ``simple_won``, ``undertaken_won`` and ``undertaken_lost``.

        >>> ScoringTable.from_dict({"simple_won": 1, "undertaken_won": 2, "undertaken_lost": 3}).major_points
        45

        :raises SerializationError: for a malformed description, at ``path``.
        :raises ArgumentTypeError: if ``path`` is not a text (``too_large`` over 1,000 characters).
        """
        path = args.text(path, "path", 1000)
        table: ScoringTable = checked.from_fields(cls, data, path)
        return table


@final  # (a subclass is no value of it: _base.args.instance refuses one)
@attrs.frozen(kw_only=True, cache_hash=True)
class RuleSet:
    """A complete set of rules: deck, options of R5–R12 and the scoring table.

    Build one with keyword arguments, or derive one from a preset with :func:`attrs.evolve`. The
    constructor refuses contradictory parts with :class:`~strohmandeln.RuleSetError`.

    :raises ArgumentTypeError: for a part of the wrong type (a name that is no text, a deck that
        is neither a :class:`Deck` nor its value, a scoring that is no :class:`ScoringTable`).
    :raises ArgumentValueError: for the value of no member (``deck="52"``).
    :raises RuleSetError: with reason ``inconsistent_rules`` for parts out of range or that
        contradict each other (a name of no or too many characters, a threshold outside the
        deck's points, a bonus whose cards the deck lacks).

    >>> import attrs
    >>> from strohmandeln import CLASSIC, LastCard
    >>> house = attrs.evolve(CLASSIC, name="house", last_card=LastCard.SHOWN)
    >>> house.last_card, house == CLASSIC
    (<LastCard.SHOWN: 'shown'>, False)
    """

    #: A short identifier (used in records); presets use their lower-case names.
    name: str = attrs.field(default="custom", metadata={checked.KIND: checked.Text(1, 64, required=True)})
    #: The pack and its layout (R1, R4, R6).
    deck: Deck = attrs.field(default=Deck.FULL_54, metadata=_choice(Deck))
    #: Who leads to the first trick (R5).
    first_lead: FirstLead = attrs.field(default=FirstLead.ELDER, metadata=_choice(FirstLead))
    #: R7: a player without a tarock among his dealt hand cards may fold before the auction.
    fold_without_tarock: bool = attrs.field(default=False, metadata=_FLAG)
    #: R9: what happens when both pass.
    both_pass: BothPass = attrs.field(default=BothPass.SIMPLE_GAME, metadata=_choice(BothPass))
    #: R10: the undertaker's opponent may double the base value.
    undertaker_doubling: bool = attrs.field(default=False, metadata=_FLAG)
    #: R12: whether the last card of a Strohmann is shown before it is taken up.
    last_card: LastCard = attrs.field(default=LastCard.HIDDEN, metadata=_choice(LastCard))
    #: The game values (R17–R26).
    scoring: ScoringTable = attrs.field(metadata={checked.KIND: checked.Nested(ScoringTable)})
    #: Where the rule set comes from, for the documentation.
    source: str = attrs.field(default="", metadata={checked.KIND: checked.Text(0, 1000)})

    def __attrs_post_init__(self) -> None:
        checked.typed_fields(self)
        problems = list(_problems(self))
        if problems:
            raise RuleSetError(Reason.INCONSISTENT_RULES, f"rule set {quoted(self.name, 30)}: " + "; ".join(problems))

    @property
    def counting(self) -> Counting:
        """The counting method of the deck.

        >>> from strohmandeln import CLASSIC, ZWANZIGERRUFEN_40
        >>> CLASSIC.counting, ZWANZIGERRUFEN_40.counting
        (<Counting.IN_THREES: 'in_threes'>, <Counting.SIMPLE_SUM: 'simple_sum'>)
        """
        return self.deck.counting

    def __repr__(self) -> str:
        custom = label(self) != self.name
        return f"<RuleSet {label(self)}: {self.deck.value} cards>" if custom else f"<RuleSet {self.name}>"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-compatible description of every field.

        >>> from strohmandeln import CLASSIC
        >>> CLASSIC.to_dict()["scoring"]["bonuses"]["pagat"]
        1
        """
        return checked.to_fields(self)

    @classmethod
    def from_dict(cls, data: object, path: str = "rules") -> RuleSet:
        """The rule set of a :meth:`to_dict` description: ``name`` and ``scoring`` are required,
        missing options take the defaults. Raises :class:`~strohmandeln.SerializationError` naming
        the path of what is malformed (or inconsistent, with reason ``inconsistent_rules``).

        >>> RuleSet.from_dict({"name": "x", "scoring": {"simple_won": 1}})
        Traceback (most recent call last):
        strohmandeln.errors.SerializationError: rules.scoring: missing field 'undertaken_won'

        :raises SerializationError: for a malformed or inconsistent description, at ``path``.
        :raises ArgumentTypeError: if ``path`` is not a text (``too_large`` over 1,000 characters).
        """
        path = args.text(path, "path", 1000)
        rules: RuleSet = checked.from_fields(cls, data, path)
        return rules


#: The presets by name, as :mod:`strohmandeln.presets` names them when it is imported (it is built
#: of this module's classes, so this module cannot import it).
_PRESETS: Final[dict[str, RuleSet]] = {}


def name_presets(presets: Mapping[str, RuleSet]) -> None:
    """Make :func:`label` know ``presets`` (for :mod:`strohmandeln.presets`; not public API)."""
    _PRESETS.update(presets)


def label(rules: RuleSet) -> str:
    """A rule set in a few words, for the short reprs of the values that hold one: a preset's
    name, or the name of any other rule set marked ``(custom)``.

    >>> import attrs
    >>> from strohmandeln import CLASSIC
    >>> label(CLASSIC), label(attrs.evolve(CLASSIC, name="house")), CLASSIC
    ('classic', 'house (custom)', <RuleSet classic>)
    """
    preset = _PRESETS.get(rules.name)
    return rules.name if preset is rules or preset == rules else f"{rules.name} (custom)"


def _problems(rules: RuleSet) -> Iterator[str]:
    """What is wrong with a rule set: each field by its kind, then the parts against the deck —
    the major thresholds between its winning points and its total (R3, R22: 36 to 70 with 54
    cards, 45 to 88 with 40) and the cards each bonus needs (R4: no II or III with 40 cards)."""
    yield from checked.field_problems(rules)
    deck, table = rules.deck, rules.scoring
    if not isinstance(deck, Deck) or not isinstance(table, ScoringTable):
        return
    low, high = deck.winning_points, deck.total_points
    for field in attrs.fields(ScoringTable):
        value = getattr(table, field.name)
        if isinstance(checked.kind_of(field), _Threshold) and type(value) is int and not low <= value <= high:
            yield f"{field.name} must lie between the winning threshold {low} and the deck total {high}"
    for bonus, _ in table.bonuses:
        missing = [str(card) for card in bonus.required_cards if card not in deck.cards]
        if missing:
            yield f"bonus {bonus.value} needs {', '.join(missing)}, which the {deck.card_count}-card deck lacks"
