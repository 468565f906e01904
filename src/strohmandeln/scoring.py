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

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs

from . import _engine as E
from .actions import Announcement, Call
from .cards import DECK_54, MOND, SKUS
from .errors import Reason, SerializationError, StateError
from .points import CardPoints
from .rules import Bonus, Deck, UndertakenDraw, ValatReplaces
from .state import F_AUC, F_CALLS, F_DEAL, F_NTR, F_TRICKS, F_W0, F_W1, GameState

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
        unknown = [str(k)[:30] for k in d if k not in _RESULT_FIELDS]
        if unknown:
            raise SerializationError(Reason.MALFORMED_DOCUMENT, f"result: unknown field {unknown[0]!r}")
        if result.void not in (None, "folded", "thrown_in"):
            raise SerializationError(Reason.MALFORMED_DOCUMENT, "result: unknown void reason")
        problem = _inconsistency(result)
        if problem:
            raise SerializationError(Reason.MALFORMED_DOCUMENT, f"result: {problem}")
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
    net = 0
    for line in lines:  # (a loop: a generator costs more than the one or two lines of a deal)
        net += line.points if line.player == player else -line.points
    return net


def score(state: GameState, multiplier: int = 1) -> DealResult:
    """Score a terminal state (R17–R25) with the deal's ``multiplier`` (R26).

    Prefer :meth:`GameState.result`; a :class:`~strohmandeln.Match` passes the multiplier.

    :raises StateError: with reason ``not_finished`` while the deal goes on.
    :raises TypeError: if ``state`` is not a state or ``multiplier`` not an int.
    :raises ValueError: if ``multiplier`` is below 1.

    >>> from strohmandeln import CLASSIC, deal
    >>> state = deal(CLASSIC, dealer=0, rng=11)
    >>> while not state.is_terminal:
    ...     state = state.apply(state.legal_actions()[-1])
    >>> once, twice = score(state), score(state, multiplier=2)
    >>> twice.totals == (2 * once.totals[0], 2 * once.totals[1]), twice.multiplier
    (True, 2)
    >>> score(deal(CLASSIC, dealer=0, rng=11))
    Traceback (most recent call last):
    ...
    strohmandeln.errors.StateError: the deal is not over yet
    """
    if not isinstance(state, GameState):
        raise TypeError(f"score() takes a GameState, not {type(state).__name__}")
    if not state.is_terminal:
        raise StateError(Reason.NOT_FINISHED, "the deal is not over yet")
    if type(multiplier) is not int:
        raise TypeError(f"the multiplier must be an int, not {type(multiplier).__name__}")
    if multiplier < 1:
        raise ValueError(f"the multiplier must be at least 1, not {multiplier}")
    return _score(state, multiplier)


def _score(state: GameState, multiplier: int = 1) -> DealResult:
    """:func:`score` of a terminal state and an int multiplier of at least 1, unchecked (what
    :meth:`GameState.result` calls)."""
    # This runs once per deal of every simulation, so it reads the state's field tuple directly
    # and shares its card points and score lines (see _card_points and _line below).
    c = state._c
    d = c[F_DEAL]
    plan = _plan(d)
    w0 = c[F_W0]
    w1 = c[F_W1]
    thirds0 = d.thirds_of(w0)
    # Once the two seats' cards make up the deck (every finished deal), seat 1 has the rest.
    thirds1 = plan.total - thirds0 if w0 | w1 == plan.deck and not w0 & w1 else d.thirds_of(w1)
    points = (_card_points(thirds0), _card_points(thirds1))
    u, doubled, void = c[F_AUC]
    if void is not None:
        return DealResult(plan.name, d.dealer, void.value, None, False, points, None, False, (), multiplier, (0, 0))
    table = plan.table
    need = plan.need
    rounded = (points[0].rounded, points[1].rounded)
    undertaker = None if u < 0 else u
    lines: list[ScoreLine] = []

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
            lines.append(_line(GAME, winner, value, multiplier, "R22" if major else "R9", text))
    else:
        defender = 1 - undertaker
        factor = 2 if doubled else 1
        doubled_text = ", doubled" if doubled else ""
        if rounded[undertaker] >= need:
            winner = undertaker
            major = table.undertaken_won_major is not None and rounded[undertaker] >= table.major_points
            value = table.undertaken_won_major if major and table.undertaken_won_major is not None else table.undertaken_won
            text = f"undertaken game won with {rounded[undertaker]}" + (" (Grand Point)" if major else "") + doubled_text
            lines.append(_line(GAME, undertaker, value * factor, multiplier, "R22" if major else "R8", text))
        elif rounded[defender] < need and table.undertaken_draw is UndertakenDraw.DRAW:
            winner = None
            drawn = True
        else:
            winner = defender
            major = table.undertaken_lost_major is not None and rounded[defender] >= table.defender_major_points
            value = table.undertaken_lost_major if major and table.undertaken_lost_major is not None else table.undertaken_lost
            text = f"undertaken game lost with {rounded[undertaker]}" + (" (Grand Point)" if major else "") + doubled_text
            lines.append(_line(GAME, defender, value * factor, multiplier, "R22" if major else "R25", text))

    if plan.entries:
        calls = c[F_CALLS]
        tricks = c[F_TRICKS]
        ntr = c[F_NTR]
        for check, value, kind, rule in plan.entries:
            found = check(calls, w0, w1, tricks, ntr)
            if found:  # rarely: most bonuses score for nobody
                for player, text in found:
                    lines.append(_line(kind, player, value, multiplier, rule, text))

        if table.valat_replaces is not ValatReplaces.NOTHING:
            valat = [ln for ln in lines if ln.kind == _VALAT]
            if valat:
                if table.valat_replaces is ValatReplaces.GAME:
                    lines = [ln for ln in lines if ln.kind != GAME]
                else:
                    lines = valat
    final = tuple(lines)
    net0 = _net(final, 0)
    return DealResult(plan.name, d.dealer, None, undertaker, doubled, points, winner, drawn, final, multiplier, (net0, -net0))


_VALAT: Final = Bonus.VALAT.value



# --- building the result objects cheaply -----------------------------------------------------
#
# attrs' generated __init__ of a frozen slotted class stores each field through a bound
# ``object.__setattr__``, so building a result's objects was a good part of what scoring a deal
# cost. CardPoints and ScoreLine are frozen values without an identity of their own, so score()
# shares equal ones: card points from a table by thirds, score lines from a memo keyed by all
# six fields (tests/test_scoring_fast.py compares the results with the constructors' over
# random deals of every preset).

#: ``CardPoints(t)`` for every total of thirds a deck can give (54 cards: 210, 40 cards: 264).
_CARD_POINTS: Final = tuple(CardPoints(t) for t in range(265))


def _card_points(thirds: int) -> CardPoints:
    """``CardPoints(thirds)``, shared for every possible total (thirds are never negative)."""
    return _CARD_POINTS[thirds] if thirds < 265 else CardPoints(thirds)


_LINES: dict[tuple[str, int, int, int, str, str], ScoreLine] = {}
#: More distinct lines than all presets' deals produce (each deal type has a few hundred).
_MAX_LINES: Final = 4096


def _line(kind: str, player: int, value: int, multiplier: int, rule: str, description: str) -> ScoreLine:
    """``ScoreLine(kind, player, value, multiplier, rule, description)``, shared between results."""
    key = (kind, player, value, multiplier, rule, description)
    line = _LINES.get(key)
    if line is None:
        if len(_LINES) >= _MAX_LINES:
            _LINES.clear()
        line = _LINES[key] = ScoreLine(*key)
    return line


# --- the bonuses -----------------------------------------------------------------------------

#: A bonus check: (calls, cards won by seat 0, by seat 1, the packed tricks as a cons list with
#: the last trick outermost, the number of tricks) -> the seats it scores for, each with a
#: description; an empty tuple when it scores for nobody, which is by far the common case.
#:
#: The checks look at as few tricks as they can, from the last one back, and so lean on what
#: every state the library builds (by play, from a position, a document or a sample) holds:
#: the cons list has one packed trick per completed trick, no card is in two tricks, and a
#: trick's cards are among its winner's won cards.
_Check = Callable[[int, int, int, Any, int], Sequence[tuple[int, str]]]


class _Plan:
    """What scoring needs of a rule set, prepared once: its name, the deck's cards and their
    thirds, the winning threshold, the scoring table and its bonuses as (check, value, kind,
    rule)."""

    __slots__ = ("deck", "entries", "name", "need", "rules", "table", "total")

    def __init__(self, deal: E.Deal) -> None:
        self.rules = rules = deal.rules
        self.name = rules.name
        self.deck = deal.deck_mask
        self.total = deal.thirds_of(self.deck)
        self.need = rules.deck.winning_points
        self.table = table = rules.scoring
        self.entries = tuple((_CHECKS[b], v, b.value, _RULE_OF[b]) for b, v in table.bonuses)


_PLANS: dict[int, _Plan] = {}


def _plan(deal: E.Deal) -> _Plan:
    """The plan of the deal's rule set (cached by identity; the plan keeps its rule set alive)."""
    rules = deal.rules
    plan = _PLANS.get(id(rules))
    if plan is None or plan.rules is not rules:
        if len(_PLANS) > 256:
            _PLANS.clear()
        plan = _PLANS[id(rules)] = _Plan(deal)
    return plan


#: bird -> (card index, position of its trick counted from the end)
_BIRD: Final = {b: (b.required_cards[0].index, b.bird_trick_from_end) for b in Bonus if b.bird_trick_from_end}


def _announced(k: int, name: str) -> _Check:
    both = 1 << k | 1 << (2 + k)  # the announcement's bit of seat 0 and of seat 1

    def check(calls: int, w0: int, w1: int, tricks: Any, ntr: int) -> Sequence[tuple[int, str]]:
        if not calls & both:
            return ()
        return [(player, name) for player in (0, 1) if calls >> (2 * player + k) & 1]

    return check


def _in_tricks(mask: int, name: str) -> _Check:
    def check(calls: int, w0: int, w1: int, tricks: Any, ntr: int) -> Sequence[tuple[int, str]]:
        if w0 & mask != mask and w1 & mask != mask:
            return ()
        return [(player, name) for player, won in ((0, w0), (1, w1)) if won & mask == mask]

    return check


def _bird(bonus: Bonus) -> _Check:
    bird, from_end = _BIRD[bonus]
    name = bonus.value.capitalize()
    card = str(DECK_54[bird])
    skip = range(from_end - 1)

    def check(calls: int, w0: int, w1: int, tricks: Any, ntr: int) -> Sequence[tuple[int, str]]:
        node = tricks  # the cons list starts at the last trick: step back to the bird's
        for _ in skip:
            if node is None:
                return ()
            node = node[0]
        if node is None:
            return ()
        t = node[1]
        lead = t >> 1 & 63
        if lead != bird and t >> 7 & 63 != bird:
            return ()
        number = ntr - from_end  # 0-based index of the bird's trick
        owner = t & 1 if lead == bird else 1 - (t & 1)
        if t >> 13 & 1 == owner:
            return ((owner, f"{name}: {card} won trick {number + 1}"),)
        return ((1 - owner, f"{name} captured: {card} beaten in trick {number + 1}"),)

    return check


def _check_rostopschin(calls: int, w0: int, w1: int, tricks: Any, ntr: int) -> Sequence[tuple[int, str]]:
    ross = calls >> 4
    if not ross:
        return ()
    k = (ross - 1) >> 1  # the 0-based trick of the Ross call
    later = ntr - 1 - k  # the tricks completed after it
    if later < 0:
        return ()
    node = tricks  # the last trick's node: step back to the trick after the Ross trick, if any
    for _ in range(later - 1):
        node = node[0]
    after = None
    if later:
        after = node[1]
        node = node[0]
    return _rostopschin(node[1], after, k)


def _check_valat(calls: int, w0: int, w1: int, tricks: Any, ntr: int) -> Sequence[tuple[int, str]]:
    if w0 and w1:
        return ()
    return [(player, "Valat: every trick") for player, won, lost in ((0, w0, w1), (1, w1, w0)) if won and not lost]


def _check_mondfang(calls: int, w0: int, w1: int, tricks: Any, ntr: int) -> Sequence[tuple[int, str]]:
    # A trick's cards go to its winner: unless one seat won both the Sküs and the XXI, no trick
    # held both (about half the deals end here). Else find the Sküs's (only) trick.
    if w0 & _SKUS_AND_MOND != _SKUS_AND_MOND and w1 & _SKUS_AND_MOND != _SKUS_AND_MOND:
        return ()
    node = tricks  # stepping back from the last trick
    number = ntr
    while node is not None:
        node, packed = node
        lead = packed >> 1 & 63
        follow = packed >> 7 & 63
        if lead == _SKUS or follow == _SKUS:
            if lead == _MOND or follow == _MOND:
                return ((packed >> 13 & 1, f"Mondfang: Sküs took the XXI in trick {number}"),)
            return ()
        number -= 1
    return ()


_SKUS: Final = SKUS.index
_MOND: Final = MOND.index
_SKUS_AND_MOND: Final = 1 << _SKUS | 1 << _MOND
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


def _rostopschin(packed: int, after: int | None, k: int) -> Sequence[tuple[int, str]]:
    """Score the Ross called in trick ``k`` (0-based), ``packed``; ``after`` is the next trick,
    ``None`` if there is none (R18).

    A packed trick is leader | lead << 1 | follow << 7 | winner << 13, with the call of the
    lead at bit 17 and of the follow at bit 22 (see :mod:`strohmandeln._engine`).
    """
    leader = packed & 1
    if packed >> 17 & 3 == _ROSS:
        caller = leader
    elif packed >> 22 & 3 == _ROSS:
        caller = 1 - leader
    else:
        return ()
    number = k + 1
    if packed >> 13 & 1 != caller:
        return ((1 - caller, f"Rostopschin lost: the called XVII lost trick {number}"),)
    if after is None:
        return ((1 - caller, "Rostopschin lost: no trick after the called XVII"),)
    if after & 1 != caller or after >> 1 & 63 != E.XVIII or after >> 17 & 3 != _TOPSCHIN:
        return ((1 - caller, f"Rostopschin lost: XVIII not led with Topschin in trick {number + 1}"),)
    if after >> 13 & 1 != caller:
        return ((1 - caller, f"Rostopschin lost: the called XVIII lost trick {number + 1}"),)
    return ((caller, f"Rostopschin: XVII and XVIII won tricks {number} and {number + 1}"),)


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


_RESULT_FIELDS: Final = frozenset(
    ("rules", "dealer", "void", "undertaker", "doubled", "card_points_thirds", "card_play_winner", "drawn", "lines", "multiplier", "totals")
)
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

