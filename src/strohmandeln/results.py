"""The result of a deal: its score lines and totals (R17-R26).

:class:`DealResult` and :class:`ScoreLine` are the values :meth:`GameState.result
<strohmandeln.GameState.result>` and :func:`~strohmandeln.score` return. They are documented in
:mod:`strohmandeln.scoring`, and importable from there and from :mod:`strohmandeln`; they are
defined here, below the states that make them.
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from ._base import args, checked
from .errors import Reason, SerializationError, StateError, quoted
from .points import CardPoints
from .presets import PRESETS
from .rules import Bonus, Deck, RuleSet

__all__ = ["DealResult", "ScoreLine"]

#: The kind of the base game line.
GAME: Final = "game"


@attrs.frozen
class ScoreLine:
    """One line of a score sheet: ``points`` game points for ``player``, paid by the other seat.

    >>> line = ScoreLine("pagat", 0, 1, 2, "R19", "Pagat: I won trick 27")
    >>> line.points, line.bonus, line.player
    (2, <Bonus.PAGAT: 'pagat'>, 0)
    """

    #: ``"game"`` for the base line, else the bonus's value (``"pagat"``, ``"valat"``, …).
    kind: str
    #: The seat the line scores for.
    player: int
    #: Game points before the multiplier.
    value: int
    #: The deal's multiplier (R26; 1 outside doubled deals).
    multiplier: int
    #: The ruling that produced the line (``"R22"``).
    rule: str
    #: A short English description.
    description: str

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
        return attrs.asdict(self)


@attrs.frozen
class DealResult:
    """The itemised result of one deal (R24).

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
    rules: str
    #: The dealer's seat.
    dealer: int
    #: ``None`` for a played deal; ``"folded"`` or ``"thrown_in"`` for a void one (R7, R9).
    void: str | None
    #: The undertaker, or ``None`` (simple game, or void).
    undertaker: int | None
    #: Whether the undertaker was doubled (R10).
    doubled: bool
    #: Card points of seat 0 and seat 1.
    card_points: tuple[CardPoints, CardPoints]
    #: The seat that won the card play; ``None`` when drawn or void.
    card_play_winner: int | None
    #: Whether the card play was drawn (R25): neither reached the threshold, or Beck's 35:35.
    drawn: bool
    #: The score lines: base game line first, then bonuses.
    lines: tuple[ScoreLine, ...]
    #: The multiplier of the deal (R26).
    multiplier: int
    #: The signed total of seat 0 and seat 1; they sum to zero.
    totals: tuple[int, int]

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
        return {
            "rules": self.rules,
            "dealer": self.dealer,
            "void": self.void,
            "undertaker": self.undertaker,
            "doubled": self.doubled,
            "card_points_thirds": [p.thirds for p in self.card_points],
            "card_play_winner": self.card_play_winner,
            "drawn": self.drawn,
            "lines": [line.to_dict() for line in self.lines],
            "multiplier": self.multiplier,
            "totals": list(self.totals),
        }

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
        d = checked.obj(data, "result", _RESULT_FIELDS)
        thirds = _pair(d["card_points_thirds"], "result.card_points_thirds")
        totals = _pair(d["totals"], "result.totals")
        result = cls(
            rules=checked.text(d["rules"], "result.rules"),
            dealer=checked.seat(d["dealer"], "result.dealer"),
            void=None if d["void"] is None else checked.text(d["void"], "result.void"),
            undertaker=checked.opt_seat(d["undertaker"], "result.undertaker"),
            doubled=checked.boolean(d["doubled"], "result.doubled"),
            card_points=(CardPoints(_number(thirds[0])), CardPoints(_number(thirds[1]))),
            card_play_winner=checked.opt_seat(d["card_play_winner"], "result.card_play_winner"),
            drawn=checked.boolean(d["drawn"], "result.drawn"),
            lines=tuple(_line_from(x, f"result.lines[{i}]") for i, x in enumerate(checked.items(d["lines"], "result.lines", 64))),
            multiplier=_number(d["multiplier"]),
            totals=(_number(totals[0]), _number(totals[1])),
        )
        if result.void not in (None, "folded", "thrown_in"):
            raise SerializationError(Reason.MALFORMED_DOCUMENT, "result: unknown void reason")
        problem = _inconsistency(result)
        if problem is None:
            if rules is not None and rules.name != result.rules:
                problem = f"a result of the {result.rules[:30]!r} rules, not of {rules.name[:30]!r}"
            else:
                known = rules if rules is not None else PRESETS.get(result.rules)
                problem = None if known is None else _off_table(result, known)
        if problem:
            raise SerializationError(Reason.MALFORMED_DOCUMENT, f"result: {problem}")
        if sum(result.totals) != 0 or result.totals[0] != net_points(result.lines, 0):
            raise SerializationError(Reason.MALFORMED_DOCUMENT, "result: totals do not add up")
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
    net = 0
    for line in lines:  # (a loop: a generator costs more than the one or two lines of a deal)
        net += line.points if line.player == player else -line.points
    return net



_RESULT_FIELDS: Final = (
    "rules", "dealer", "void", "undertaker", "doubled", "card_points_thirds", "card_play_winner", "drawn", "lines", "multiplier", "totals",
)  # fmt: skip
_LINE_FIELDS: Final = ("kind", "player", "value", "multiplier", "rule", "description")


def _number(value: object) -> int:
    if type(value) is not int or not -(10**9) < value < 10**9:
        raise SerializationError(Reason.MALFORMED_DOCUMENT, "result: expected a whole number")
    return value


def _pair(value: object, path: str) -> list[Any]:
    pair = checked.items(value, path, 2)
    if len(pair) != 2:
        raise checked.fail(path, "expected two numbers")
    return pair
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


def _line_from(data: object, path: str) -> ScoreLine:
    d = checked.obj(data, path, _LINE_FIELDS)
    kind = checked.text(d["kind"], f"{path}.kind")
    if kind != GAME and kind not in {b.value for b in Bonus}:
        raise checked.fail(f"{path}.kind", f"unknown kind {quoted(kind, 30)}")
    return ScoreLine(
        kind=kind,
        player=checked.seat(d["player"], f"{path}.player"),
        value=_number(d["value"]),
        multiplier=_number(d["multiplier"]),
        rule=checked.text(d["rule"], f"{path}.rule", 8),
        description=checked.text(d["description"], f"{path}.description", 200),
    )

