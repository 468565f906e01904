"""Scoring a deal: the base game line and every bonus, itemised (R17–R25).

:meth:`GameState.result() <strohmandeln.GameState.result>` returns a :class:`DealResult`: the
exact card points, who won the card play (or that it was drawn), and a list of
:class:`ScoreLine` values — first the base game line, then each bonus — each naming the seat it
scores for, its value, the ruling that produced it and the deal's multiplier (R26). The signed
totals of the two seats always sum to zero (R24).

Everything is driven by the rule set's :class:`~strohmandeln.ScoringTable`; no preset is
special-cased.

>>> from strohmandeln import CLASSIC, deal
>>> state = deal(CLASSIC, dealer=0, rng=11)
>>> while not state.is_terminal:
...     state = state.apply(state.legal_actions()[-1])
>>> result = state.result()
>>> sum(result.totals), sum(line.points for line in result.lines if line.player == 0) - sum(
...     line.points for line in result.lines if line.player == 1) == result.totals[0]
(0, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final

import attrs

from . import _engine as E
from .actions import Announcement, Call
from .cards import DECK_54, MOND, SKUS
from .errors import Reason, SerializationError
from .points import CardPoints
from .rules import Bonus, ScoringTable, UndertakenDraw, ValatReplaces

if TYPE_CHECKING:
    from .state import GameState

__all__ = ["DealResult", "ScoreLine", "score"]

#: The kind of the base game line.
GAME: Final = "game"

_RULE_OF: Final = {
    Bonus.TRULL_ANNOUNCED: "R17",
    Bonus.FOUR_KINGS_ANNOUNCED: "R17",
    Bonus.TRULL_IN_TRICKS: "R20",
    Bonus.FOUR_KINGS_IN_TRICKS: "R20",
    Bonus.PAGAT: "R19",
    Bonus.UHU: "R19",
    Bonus.KAKADU: "R19",
    Bonus.QUAPIL: "R19",
    Bonus.ROSTOPSCHIN: "R18",
    Bonus.VALAT: "R21",
    Bonus.MONDFANG: "R23",
}


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

    @property
    def triggers_doubling(self) -> bool:
        """Whether this deal makes later deals count double (R26): a drawn card play or 0 : 0.

        >>> from strohmandeln import CLASSIC, Pass, deal
        >>> state = deal(CLASSIC, dealer=0, rng=48).apply(Pass()).apply(Pass())   # a simple game
        >>> while not state.is_terminal:
        ...     state = state.apply(state.legal_actions()[0])
        >>> result = state.result()
        >>> print(*result.card_points, result.drawn, result.triggers_doubling)
        34⅔ 35⅓ True True
        """
        return self.void is None and (self.drawn or self.totals == (0, 0))

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
    def from_dict(cls, data: object) -> DealResult:
        """Rebuild a result from :meth:`to_dict`'s form, checking every field and the sums.

        :raises SerializationError: on anything malformed or inconsistent.

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
        d = _mapping(data, "result")
        try:
            lines = tuple(_line_from(x) for x in _list(d, "lines", 64))
            thirds = _list(d, "card_points_thirds", 2)
            totals = _list(d, "totals", 2)
            result = cls(
                rules=_typed(d, "rules", str),
                dealer=_seat(d.get("dealer")),
                void=_opt(d, "void", str),
                undertaker=None if d.get("undertaker") is None else _seat(d.get("undertaker")),
                doubled=_typed(d, "doubled", bool),
                card_points=(CardPoints(_int(thirds[0])), CardPoints(_int(thirds[1]))),
                card_play_winner=None if d.get("card_play_winner") is None else _seat(d.get("card_play_winner")),
                drawn=_typed(d, "drawn", bool),
                lines=lines,
                multiplier=_int(d.get("multiplier")),
                totals=(_int(totals[0]), _int(totals[1])),
            )
        except IndexError:
            raise SerializationError(Reason.MALFORMED_DOCUMENT, "result: a list is too short") from None
        if result.void not in (None, "folded", "thrown_in"):
            raise SerializationError(Reason.MALFORMED_DOCUMENT, "result: unknown void reason")
        if sum(result.totals) != 0 or result.totals[0] != _net(result.lines, 0):
            raise SerializationError(Reason.MALFORMED_DOCUMENT, "result: totals do not add up")
        return result

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


def _net(lines: tuple[ScoreLine, ...], player: int) -> int:
    return sum(line.points if line.player == player else -line.points for line in lines)


def score(state: GameState, multiplier: int = 1) -> DealResult:
    """Score a terminal state (R17–R25) with the deal's ``multiplier`` (R26).

    Prefer :meth:`GameState.result`; a :class:`~strohmandeln.Match` passes the multiplier.

    >>> from strohmandeln import CLASSIC, deal
    >>> state = deal(CLASSIC, dealer=0, rng=11)
    >>> while not state.is_terminal:
    ...     state = state.apply(state.legal_actions()[-1])
    >>> once, twice = score(state), score(state, multiplier=2)
    >>> twice.totals == (2 * once.totals[0], 2 * once.totals[1]), twice.multiplier
    (True, 2)
    """
    d = state._d
    rules = d.rules
    table = rules.scoring
    w = (state._w0, state._w1)
    points = (CardPoints(d.thirds_of(w[0])), CardPoints(d.thirds_of(w[1])))
    void = state.void_reason
    if void is not None:
        return DealResult(
            rules=rules.name,
            dealer=d.dealer,
            void=void.value,
            undertaker=None,
            doubled=False,
            card_points=points,
            card_play_winner=None,
            drawn=False,
            lines=(),
            multiplier=multiplier,
            totals=(0, 0),
        )
    need = rules.deck.winning_points
    rounded = (points[0].rounded, points[1].rounded)
    undertaker = state.undertaker
    lines: list[ScoreLine] = []

    def line(kind: str, player: int, value: int, rule: str, description: str) -> None:
        lines.append(ScoreLine(kind, player, value, multiplier, rule, description))

    winner: int | None
    drawn = False
    if undertaker is None:
        winner = 0 if rounded[0] >= need else 1 if rounded[1] >= need else None
        if winner is None:
            drawn = True
        else:
            major = table.simple_won_major is not None and rounded[winner] >= table.major_points
            value = table.simple_won_major if major and table.simple_won_major is not None else table.simple_won
            text = f"simple game won with {rounded[winner]}" + (" (Grand Point)" if major else "")
            line(GAME, winner, value, "R22" if major else "R9", text)
    else:
        defender = 1 - undertaker
        factor = 2 if state.doubled else 1
        doubled = ", doubled" if state.doubled else ""
        if rounded[undertaker] >= need:
            winner = undertaker
            major = table.undertaken_won_major is not None and rounded[undertaker] >= table.major_points
            value = table.undertaken_won_major if major and table.undertaken_won_major is not None else table.undertaken_won
            text = f"undertaken game won with {rounded[undertaker]}" + (" (Grand Point)" if major else "") + doubled
            line(GAME, undertaker, value * factor, "R22" if major else "R8", text)
        elif rounded[defender] < need and table.undertaken_draw is UndertakenDraw.DRAW:
            winner = None
            drawn = True
        else:
            winner = defender
            major = table.undertaken_lost_major is not None and rounded[defender] >= table.defender_major_points
            value = table.undertaken_lost_major if major and table.undertaken_lost_major is not None else table.undertaken_lost
            text = f"undertaken game lost with {rounded[undertaker]}" + (" (Grand Point)" if major else "") + doubled
            line(GAME, defender, value * factor, "R22" if major else "R25", text)

    if table.bonuses:
        plan = _plan(table)
        tricks: list[int] = E.walk(state._tricks) if plan.needs_tricks else []  # type: ignore[assignment]
        calls = state._calls
        for check, value, kind, rule in plan.entries:
            for player, text in check(calls, w, tricks):
                line(kind, player, value, rule, text)

        if table.valat_replaces is not ValatReplaces.NOTHING:
            valat = [ln for ln in lines if ln.kind == _VALAT]
            if valat:
                if table.valat_replaces is ValatReplaces.GAME:
                    lines = [ln for ln in lines if ln.kind != GAME]
                else:
                    lines = valat
    final = tuple(lines)
    net0 = _net(final, 0)
    return DealResult(
        rules=rules.name,
        dealer=d.dealer,
        void=None,
        undertaker=undertaker,
        doubled=state.doubled,
        card_points=points,
        card_play_winner=winner,
        drawn=drawn,
        lines=final,
        multiplier=multiplier,
        totals=(net0, -net0),
    )


_VALAT: Final = Bonus.VALAT.value


class _Plan:
    """A scoring table's bonuses, prepared once: (bonus, value, kind, rule) and what they need."""

    __slots__ = ("entries", "needs_tricks", "table")

    def __init__(self, table: ScoringTable) -> None:
        self.table = table
        self.entries = tuple((_CHECKS[b], v, b.value, _RULE_OF[b]) for b, v in table.bonuses)
        self.needs_tricks = any(
            b.bird_trick_from_end is not None or b in (Bonus.ROSTOPSCHIN, Bonus.MONDFANG) for b, _ in table.bonuses
        )


_PLANS: dict[int, _Plan] = {}


def _plan(table: ScoringTable) -> _Plan:
    plan = _PLANS.get(id(table))
    if plan is None or plan.table is not table:
        if len(_PLANS) > 256:
            _PLANS.clear()
        plan = _PLANS[id(table)] = _Plan(table)
    return plan


#: bird -> (card index, position of its trick counted from the end)
_BIRD: Final = {b: (b.required_cards[0].index, b.bird_trick_from_end) for b in Bonus if b.bird_trick_from_end}
_Check = Callable[[int, tuple[int, int], list[int]], list[tuple[int, str]]]


class _Raw:
    """A packed trick, unpacked just enough for scoring."""

    __slots__ = ("number", "leader", "cards", "winner", "calls")

    def __init__(self, t: int) -> None:
        self.leader = t & 1
        self.cards = (t >> 1 & 63, t >> 7 & 63)
        self.winner = t >> 13 & 1
        self.calls = (t >> 17 & 3, t >> 22 & 3)

    def owner(self, card: int) -> int:
        return self.leader if self.cards[0] == card else 1 - self.leader


def _announced(k: int, name: str) -> _Check:
    def check(calls: int, won: tuple[int, int], tricks: list[int]) -> list[tuple[int, str]]:
        return [(player, name) for player in (0, 1) if calls >> (2 * player + k) & 1]

    return check


def _in_tricks(mask: int, name: str) -> _Check:
    def check(calls: int, won: tuple[int, int], tricks: list[int]) -> list[tuple[int, str]]:
        return [(player, name) for player in (0, 1) if won[player] & mask == mask]

    return check


def _bird(bonus: Bonus) -> _Check:
    bird, from_end = _BIRD[bonus]
    name = bonus.value.capitalize()
    card = DECK_54[bird]

    def check(calls: int, won: tuple[int, int], tricks: list[int]) -> list[tuple[int, str]]:
        number = len(tricks) - from_end  # 0-based index of the bird's trick
        if number < 0:
            return []
        trick = _Raw(tricks[number])
        if bird not in trick.cards:
            return []
        owner = trick.owner(bird)
        if trick.winner == owner:
            return [(owner, f"{name}: {card} won trick {number + 1}")]
        return [(1 - owner, f"{name} captured: {card} beaten in trick {number + 1}")]

    return check


def _check_rostopschin(calls: int, won: tuple[int, int], tricks: list[int]) -> list[tuple[int, str]]:
    ross = calls >> 4
    return _rostopschin(tricks, (ross - 1) >> 1) if ross else []


def _check_valat(calls: int, won: tuple[int, int], tricks: list[int]) -> list[tuple[int, str]]:
    return [(player, "Valat: every trick") for player in (0, 1) if won[player] and not won[1 - player]]


def _check_mondfang(calls: int, won: tuple[int, int], tricks: list[int]) -> list[tuple[int, str]]:
    for number, packed in enumerate(tricks, 1):
        if (packed >> 1 & 63) == _SKUS or (packed >> 7 & 63) == _SKUS:
            trick = _Raw(packed)
            if _MOND in trick.cards:
                return [(trick.winner, f"Mondfang: Sküs took the XXI in trick {number}")]
            return []
    return []


def _bonus_winners(bonus: Bonus, calls: int, won: tuple[int, int], tricks: list[int]) -> list[tuple[int, str]]:
    """The seats a bonus scores for, each with a description (``tricks``: the packed tricks)."""
    return _CHECKS[bonus](calls, won, tricks)


_SKUS: Final = SKUS.index
_MOND: Final = MOND.index
_CHECKS: Final[dict[Bonus, _Check]] = {
    Bonus.TRULL_ANNOUNCED: _announced(0, "Trull in the hand, announced"),
    Bonus.FOUR_KINGS_ANNOUNCED: _announced(1, "Four Kings in the hand, announced"),
    Bonus.TRULL_IN_TRICKS: _in_tricks(E.TRULL, "Trull in the tricks"),
    Bonus.FOUR_KINGS_IN_TRICKS: _in_tricks(E.KINGS, "Four Kings in the tricks"),
    Bonus.PAGAT: _bird(Bonus.PAGAT),
    Bonus.UHU: _bird(Bonus.UHU),
    Bonus.KAKADU: _bird(Bonus.KAKADU),
    Bonus.QUAPIL: _bird(Bonus.QUAPIL),
    Bonus.ROSTOPSCHIN: _check_rostopschin,
    Bonus.VALAT: _check_valat,
    Bonus.MONDFANG: _check_mondfang,
}
_ROSS: Final = 1
_TOPSCHIN: Final = 2


def _rostopschin(packed: list[int], k: int) -> list[tuple[int, str]]:
    """Score the Ross called in trick ``k`` (0-based) (R18)."""
    tricks = [_Raw(t) for t in packed[k : k + 2]]
    if tricks:
        trick = tricks[0]
        for position in (0, 1):
            if trick.calls[position] != _ROSS:
                continue
            caller = trick.leader if position == 0 else 1 - trick.leader
            number = k + 1
            if trick.winner != caller:
                return [(1 - caller, f"Rostopschin lost: the called XVII lost trick {number}")]
            if len(tricks) < 2:
                return [(1 - caller, "Rostopschin lost: no trick after the called XVII")]
            after = tricks[1]
            if after.leader != caller or after.cards[0] != E.XVIII or after.calls[0] != _TOPSCHIN:
                return [(1 - caller, f"Rostopschin lost: XVIII not led with Topschin in trick {number + 1}")]
            if after.winner != caller:
                return [(1 - caller, f"Rostopschin lost: the called XVIII lost trick {number + 1}")]
            return [(caller, f"Rostopschin: XVII and XVIII won tricks {number} and {number + 1}")]
    return []


# --- small checked readers for from_dict ----------------------------------------------------


def _mapping(data: object, what: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise SerializationError(Reason.MALFORMED_DOCUMENT, f"{what}: expected an object")
    return data


def _typed(d: Mapping[str, Any], key: str, kind: type) -> Any:
    value = d.get(key)
    if type(value) is not kind:
        raise SerializationError(Reason.MALFORMED_DOCUMENT, f"{key}: expected {kind.__name__}")
    return value


def _opt(d: Mapping[str, Any], key: str, kind: type) -> Any:
    value = d.get(key)
    if value is not None and type(value) is not kind:
        raise SerializationError(Reason.MALFORMED_DOCUMENT, f"{key}: expected {kind.__name__} or null")
    return value


def _int(value: object) -> int:
    if type(value) is not int or not -10**9 < value < 10**9:
        raise SerializationError(Reason.MALFORMED_DOCUMENT, "expected a whole number")
    return value


def _seat(value: object) -> int:
    if type(value) is not int or value not in (0, 1):
        raise SerializationError(Reason.MALFORMED_DOCUMENT, "expected a seat, 0 or 1")
    return value


def _list(d: Mapping[str, Any], key: str, limit: int) -> list[Any]:
    value = d.get(key)
    if not isinstance(value, list):
        raise SerializationError(Reason.MALFORMED_DOCUMENT, f"{key}: expected a list")
    if len(value) > limit:
        raise SerializationError(Reason.TOO_LARGE, f"{key}: more than {limit} items")
    return value


def _line_from(data: object) -> ScoreLine:
    d = _mapping(data, "line")
    kind = _typed(d, "kind", str)
    if kind != GAME and kind not in {b.value for b in Bonus}:
        raise SerializationError(Reason.MALFORMED_DOCUMENT, f"line: unknown kind {kind[:30]!r}")
    return ScoreLine(
        kind=kind,
        player=_seat(d.get("player")),
        value=_int(d.get("value")),
        multiplier=_int(d.get("multiplier")),
        rule=_typed(d, "rule", str)[:8],
        description=_typed(d, "description", str)[:200],
    )

