"""The result of a deal: its score lines and totals (R17-R26).

:class:`DealResult` and :class:`ScoreLine` are the values :meth:`GameState.result
<strohmandeln.GameState.result>` and :func:`~strohmandeln.score` return. They are documented in
:mod:`strohmandeln.scoring`, and importable from there and from :mod:`strohmandeln`; they are
defined here, below the states that make them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final, final

import attrs

from ._base import args, checked
from .errors import ArgumentValueError, Reason, SerializationError, StateError, StrohmandelnError, quoted
from .points import CardPoints
from .presets import PRESETS
from .rules import Bonus, Deck, RuleSet

__all__ = ["DealResult", "ScoreLine"]

#: The kind of the base game line.
GAME: Final = "game"
#: The bound of a result's numbers (game points, stakes, totals): below 10⁹ in magnitude.
_BOUND: Final = 10**9 - 1


class OneOf(checked.Kind):
    """One of the texts ``values`` (or ``None``, if ``optional``): a line's kind, a void reason."""

    def __init__(self, values: tuple[str, ...], *, optional: bool = False) -> None:
        self.values, self.optional = values, optional

    def problems(self, name: str, value: Any) -> Iterator[str]:
        if not (value is None and self.optional) and value not in self.values:
            yield f"{name} must be one of {', '.join(self.values)}{' or None' if self.optional else ''}"

    def typed(self, name: str, value: Any) -> Any:
        if value is None and self.optional:
            return None
        return args.text(value, name, checked.MAX_TEXT)

    def load(self, x: object, path: str) -> Any:
        if x is None and self.optional:
            return None
        value = checked.text(x, path)
        if value not in self.values:
            raise checked.fail(path, f"unknown {quoted(value, 30)}")
        return value


class Thirds(checked.Whole):
    """Card points (:class:`~strohmandeln.CardPoints`), written as their whole number of thirds."""

    def problems(self, name: str, value: Any) -> Iterator[str]:
        if type(value) is not CardPoints:
            yield f"{name} must be CardPoints"
        else:
            yield from super().problems(name, value.thirds)

    def typed(self, name: str, value: Any) -> Any:
        return args.instance(value, CardPoints, name)

    def dump(self, value: Any) -> Any:
        return value.thirds

    def load(self, x: object, path: str) -> Any:
        return CardPoints(checked.integer(x, path, self.lo, self.hi))


class Lines(checked.Nested):
    """A result's score lines: a tuple of :class:`ScoreLine`, written as a list of objects."""

    most: Final = 64

    def problems(self, name: str, value: Any) -> Iterator[str]:
        if len(value) > self.most:
            yield f"{name} must hold at most {self.most} lines"

    def typed(self, name: str, value: Any) -> Any:
        if type(value) is not tuple:
            raise args.wrong_type(name, "a tuple of ScoreLine", value)
        for i, line in enumerate(value):
            args.instance(line, ScoreLine, f"{name}[{i}]")
        return value

    def dump(self, value: Any) -> Any:
        return [checked.to_fields(line) for line in value]

    def load(self, x: object, path: str) -> Any:
        return tuple(checked.from_fields(self.cls, line, f"{path}[{i}]") for i, line in enumerate(checked.items(x, path, self.most)))


def _kind(kind: checked.Kind, key: str | None = None) -> dict[str, Any]:
    if key is not None:
        kind.key = key
    return {checked.KIND: kind}


_SEAT: Final = _kind(checked.Whole(0, 1, "seat"))
_SEAT_OR_NONE: Final = _kind(checked.Whole(0, 1, "seat", optional=True))
_STAKES: Final = _kind(checked.Whole(1, _BOUND, "stakes"))


@attrs.frozen
class ScoreLine:
    """One line of a score sheet: ``points`` game points for ``player``, paid by the other seat.

    :raises ArgumentTypeError: for a field of the wrong type.
    :raises ArgumentValueError: with reason ``bad_value`` for a kind that is neither ``"game"``
        nor a bonus's, a value or multiplier out of range, or an over-long text.

    >>> line = ScoreLine("pagat", 0, 1, 2, "R19", "Pagat: I won trick 27")
    >>> line.points, line.bonus, line.player
    (2, <Bonus.PAGAT: 'pagat'>, 0)
    """

    #: ``"game"`` for the base line, else the bonus's value (``"pagat"``, ``"valat"``, …).
    kind: str = attrs.field(metadata=_kind(OneOf((GAME, *(b.value for b in Bonus)))))
    #: The seat the line scores for.
    player: int = attrs.field(metadata=_SEAT)
    #: Game points before the multiplier.
    value: int = attrs.field(metadata=_kind(checked.Whole(0, _BOUND, "game points")))
    #: The deal's multiplier (R26; 1 outside doubled deals).
    multiplier: int = attrs.field(metadata=_STAKES)
    #: The ruling that produced the line (``"R22"``).
    rule: str = attrs.field(metadata=_kind(checked.Text(0, 8)))
    #: A short English description.
    description: str = attrs.field(metadata=_kind(checked.Text(0, 200)))

    def __attrs_post_init__(self) -> None:
        problem = checked.refused(self)
        if problem is not None:
            raise ArgumentValueError(Reason.BAD_VALUE, problem)

    @property
    def points(self) -> int:
        """``value × multiplier``: what the line is worth in this deal.

        >>> ScoreLine("game", 1, 4, 2, "R25", "undertaken game lost with 34").points
        8
        """
        return self.value * self.multiplier

    @property
    def bonus(self) -> Bonus | None:
        """The :class:`~strohmandeln.Bonus` of a bonus line; ``None`` for the base line.

        >>> ScoreLine("valat", 0, 12, 1, "R21", "Valat").bonus, ScoreLine("game", 0, 3, 1, "R8", "won").bonus
        (<Bonus.VALAT: 'valat'>, None)
        """
        return None if self.kind == GAME else Bonus(self.kind)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-compatible form.

        >>> ScoreLine("pagat", 0, 1, 1, "R19", "Pagat: I won trick 27").to_dict()["kind"]
        'pagat'
        """
        return checked.to_fields(self)


@final  # (a subclass is no value of it: _base.args.instance refuses one)
@attrs.frozen
class DealResult:
    """The itemised result of one deal (R24).

    A result is checked when it is made, as its document is when it is loaded (so that every
    result that is made loads from its document): the sums, the card points of a deck, the lines
    of a scoring, and for a preset's name the values of the preset's table.

    :raises ArgumentTypeError: for a field of the wrong type.
    :raises ArgumentValueError: with reason ``bad_value`` for fields that no scoring gives.

    The last two tricks of an undertaken game, set up as a position: seat 0 brings the Pagat home
    but loses the game with 34⅓.

    >>> from strohmandeln import CLASSIC, parse_action
    >>> from strohmandeln.positions import position
    >>> state = position(CLASSIC, hands=("I ♥K", "♥4 ♥Q"), won=("XXI Sküs ♠K ♦K ♣K ♥1", ""),
    ...                  rest_to=1, leader=0, undertaker=0)
    >>> for text in ("♥K", "♥4", "I", "♥Q"):
    ...     state = state.apply(parse_action(text))
    >>> result = state.result()
    >>> print(result)
    classic: undertaken by seat 0; card points 34⅓ : 35⅔ (34 : 36), card play won by seat 1
      seat 1  +4   undertaken game lost with 34 (R25)
      seat 0  +1   Pagat: I won trick 27 (R19)
      total   seat 0: -3   seat 1: +3
    >>> result.card_play_winner, result.drawn, result.totals, [line.kind for line in result.lines]
    (1, False, (-3, 3), ['game', 'pagat'])
    """

    #: The rule set's name.
    rules: str = attrs.field(metadata=_kind(checked.Text(1, checked.MAX_TEXT)))
    #: The dealer's seat.
    dealer: int = attrs.field(metadata=_SEAT)
    #: ``None`` for a played deal; ``"folded"`` or ``"thrown_in"`` for a void one (R7, R9).
    void: str | None = attrs.field(metadata=_kind(OneOf(("folded", "thrown_in"), optional=True)))
    #: The undertaker, or ``None`` (simple game, or void).
    undertaker: int | None = attrs.field(metadata=_SEAT_OR_NONE)
    #: Whether the undertaker was doubled (R10).
    doubled: bool = attrs.field(metadata=_kind(checked.Flag()))
    #: Card points of seat 0 and seat 1 (written as their thirds).
    card_points: tuple[CardPoints, CardPoints] = attrs.field(
        metadata=_kind(checked.Pair(Thirds(0, 3 * max(d.total_points for d in Deck), "thirds")), "card_points_thirds")
    )
    #: The seat that won the card play; ``None`` when drawn or void.
    card_play_winner: int | None = attrs.field(metadata=_SEAT_OR_NONE)
    #: Whether the card play was drawn (R25): neither reached the threshold, or Beck's 35:35.
    drawn: bool = attrs.field(metadata=_kind(checked.Flag()))
    #: The score lines: base game line first, then bonuses.
    lines: tuple[ScoreLine, ...] = attrs.field(metadata=_kind(Lines(ScoreLine)))
    #: The multiplier of the deal (R26).
    multiplier: int = attrs.field(metadata=_STAKES)
    #: The signed total of seat 0 and seat 1; they sum to zero.
    totals: tuple[int, int] = attrs.field(metadata=_kind(checked.Pair(checked.Whole(-_BOUND, _BOUND, "game points"))))

    def __attrs_post_init__(self) -> None:
        problem = checked.refused(self) or _inconsistency(self)
        if problem is None:
            known = PRESETS.get(self.rules)
            problem = None if known is None else _off_table(self, known)
        if problem is None and (sum(self.totals) != 0 or self.totals[0] != net_points(self.lines, 0)):
            problem = "totals do not add up"
        if problem is not None:
            raise ArgumentValueError(Reason.BAD_VALUE, problem)

    @property
    def is_void(self) -> bool:
        """Whether the deal was folded or thrown in.

        >>> from strohmandeln import CLASSIC, DECK_54, Fold, compose_order, deal
        >>> order = compose_order(CLASSIC, dealer=0, hands=((), DECK_54[22:37]))  # Elder: no tarock
        >>> result = deal(CLASSIC, dealer=0, order=order).apply(Fold()).result()
        >>> result.is_void, result.void, result.totals
        (True, 'folded', (0, 0))
        """
        return self.void is not None

    def doubles_later_deals(self, rules: RuleSet) -> bool:
        """Whether this deal makes later deals count double under ``rules`` (R26): a drawn card
        play always; a tie — a played deal whose totals are 0 : 0 after the bonuses — only where
        ``rules.scoring.tie_doubles`` says so (the [000] presets). How many later deals, and by
        how much, is ``rules.scoring.draw_doubling`` (:class:`~strohmandeln.Match` applies it).

        >>> from strohmandeln import CLASSIC, STRAMANDL, Pass, deal
        >>> state = deal(CLASSIC, dealer=0, rng=48).apply(Pass()).apply(Pass())   # a simple game
        >>> while not state.is_terminal:
        ...     state = state.apply(state.legal_actions()[0])
        >>> result = state.result()
        >>> print(*result.card_points, result.drawn, result.doubles_later_deals(CLASSIC))
        34⅔ 35⅓ True True

        :raises StateError: ``wrong_rules`` if ``rules`` is not the rule set the deal was scored by
           (by name).
        :raises ArgumentTypeError: if ``rules`` is not a :class:`~strohmandeln.RuleSet`.
        """
        if args.instance(rules, RuleSet, "rules").name != self.rules:
            raise StateError(Reason.WRONG_RULES, f"a result of the {quoted(self.rules, 30)} rules")
        if self.void is not None:
            return False
        return self.drawn or (rules.scoring.tie_doubles and self.totals == (0, 0))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-compatible form (see :meth:`from_dict`).

        >>> from strohmandeln import CLASSIC, deal
        >>> state = deal(CLASSIC, dealer=0, rng=11)
        >>> while not state.is_terminal:
        ...     state = state.apply(state.legal_actions()[-1])
        >>> doc = state.result().to_dict()
        >>> sorted(doc)[:5], sum(doc["card_points_thirds"]), sum(doc["totals"])
        (['card_play_winner', 'card_points_thirds', 'dealer', 'doubled', 'drawn'], 210, 0)
        """
        return checked.to_fields(self)

    @classmethod
    def from_dict(cls, data: object, rules: RuleSet | None = None) -> DealResult:
        """Rebuild a result from :meth:`to_dict`'s form, checking every field and the sums.

        A result is also checked against its rule set — ``rules`` if given, else the preset its
        ``rules`` field names: the card points make up that rule set's deck, the game line has
        a value of its table (doubled for a doubled undertaken game, R10) and every bonus line
        is a bonus of the table with the table's value. A result of a custom rule set loaded
        without ``rules`` gets only the checks that hold for every rule set.

        :raises SerializationError: on anything malformed or inconsistent.
        :raises ArgumentTypeError: if ``rules`` is neither ``None`` nor a
            :class:`~strohmandeln.RuleSet`.

        >>> from strohmandeln import CLASSIC, SerializationError, deal
        >>> state = deal(CLASSIC, dealer=0, rng=11)
        >>> while not state.is_terminal:
        ...     state = state.apply(state.legal_actions()[-1])
        >>> doc = state.result().to_dict()
        >>> DealResult.from_dict(doc) == state.result()
        True
        >>> doc["totals"] = [5, -5]
        >>> try:
        ...     DealResult.from_dict(doc)
        ... except SerializationError as error:
        ...     print(error.reason.value, "|", error)
        malformed_document | result: totals do not add up
        """
        if rules is not None:
            args.instance(rules, RuleSet, "rules")
        try:
            result: DealResult = checked.from_fields(cls, data, "result")
        except SerializationError as error:
            if error.reason is not Reason.BAD_VALUE:
                raise
            raise SerializationError(Reason.MALFORMED_DOCUMENT, error.message) from None
        if rules is not None:
            problem = _off_table(result, rules)
            if rules.name != result.rules:
                problem = f"a result of the {result.rules[:30]!r} rules, not of {rules.name[:30]!r}"
            if problem:
                raise SerializationError(Reason.MALFORMED_DOCUMENT, f"result: {problem}")
        return result

    def __repr__(self) -> str:
        game = f"void={self.void}" if self.void is not None else f"undertaker={self.undertaker}"  # (one line; str() itemises)
        return f"<DealResult {self.rules} {game} totals={self.totals} lines={len(self.lines)}>"

    def __str__(self) -> str:
        seat_name = ("seat 0", "seat 1")
        if self.void is not None:
            return f"{self.rules}: deal void ({self.void.replace('_', ' ')}), no score"
        if self.undertaker is None:
            game = "simple game"
        else:
            game = f"undertaken by {seat_name[self.undertaker]}" + (", doubled" if self.doubled else "")
        p0, p1 = self.card_points
        head = f"{self.rules}: {game}; card points {p0} : {p1} ({p0.rounded} : {p1.rounded})"
        if self.drawn:
            head += ", card play drawn"
        elif self.card_play_winner is not None:
            head += f", card play won by {seat_name[self.card_play_winner]}"
        if self.multiplier != 1:
            head += f"; counts ×{self.multiplier}"
        rows = [head]
        for line in self.lines:
            rows.append(f"  {seat_name[line.player]}  +{line.points:<3} {line.description} ({line.rule})")
        rows.append(f"  total   seat 0: {self.totals[0]:+d}   seat 1: {self.totals[1]:+d}")
        return "\n".join(rows)


def net_points(lines: tuple[ScoreLine, ...], player: int) -> int:
    """The net game points of ``player`` over ``lines``."""
    net = 0
    for line in lines:  # (a loop: a generator costs more than the one or two lines of a deal)
        net += line.points if line.player == player else -line.points
    return net



#: The card points of a whole deck, in thirds (R2, R4).
_DECK_THIRDS: Final = frozenset(3 * deck.total_points for deck in Deck)


def _inconsistency(r: DealResult) -> str | None:
    """What no scoring produces in a loaded result, if anything (R22–R26)."""
    if not 1 <= len(r.rules) <= 64:
        return "a rule set's name has 1 to 64 characters"
    if r.multiplier < 1 or any(line.multiplier != r.multiplier for line in r.lines):
        return "the multiplier is at least 1 and the same on every line"
    if any(line.value < 0 for line in r.lines):
        return "a line's value is at least 0"
    kinds = [line.kind for line in r.lines]
    if len(set(kinds)) != len(kinds) or GAME in kinds[1:]:
        return "each line is given once, the base line first"
    p0, p1 = (points.thirds for points in r.card_points)
    if r.doubled and r.undertaker is None:
        return "only an undertaker's game is doubled (R10)"
    if r.void is not None:
        if r.lines or r.undertaker is not None or r.card_play_winner is not None or r.drawn or p0 or p1:
            return "a void deal has no card play and no score"
        return None
    if p0 < 0 or p1 < 0 or p0 + p1 not in _DECK_THIRDS:
        return "the card points do not add up to a deck's"
    if r.drawn == (r.card_play_winner is not None):
        return "a card play is either drawn or won by a seat"
    return None


def _off_table(r: DealResult, rules: RuleSet) -> str | None:
    """What the rule set ``rules`` cannot have scored in a result, if anything (R2, R8-R10,
    R17-R24)."""
    if r.void is not None:
        return None
    total = 3 * rules.deck.total_points
    if r.card_points[0].thirds + r.card_points[1].thirds != total:
        return f"the card points do not add up to the {rules.deck.card_count}-card deck's {total // 3}"
    table = rules.scoring
    if r.undertaker is None:
        games = {table.simple_won, table.simple_won_major}
    else:
        factor = 2 if r.doubled else 1
        games = {v * factor for v in (table.undertaken_won, table.undertaken_won_major, table.undertaken_lost, table.undertaken_lost_major) if v is not None}
    for line in r.lines:
        if line.kind == GAME:
            if line.value not in games:
                return f"the {rules.name} table has no game worth {line.value}"
            continue
        value = table.value_of(Bonus(line.kind))
        if value is None:
            return f"the {rules.name} rules have no {line.kind} bonus"
        if line.value != value:
            return f"the {line.kind} bonus is worth {value} in the {rules.name} table, not {line.value}"
    return None


def scored(*values: Any) -> DealResult:
    """``DealResult(*values)`` without the checks: the kernel's result of a deal it scored
    (its scoring makes only results that pass them; tests/test_scoring_fast.py compares). Each
    field is stored through its slot, as fast as attrs' own ``__init__`` would."""
    result = _new(DealResult)
    for store, value in zip(_STORES, values):
        store(result, value)
    return result


_new: Final = object.__new__
#: The store of each field's slot, in the order of the fields.
_STORES: Final = tuple(getattr(DealResult, field.name).__set__ for field in attrs.fields(DealResult))
