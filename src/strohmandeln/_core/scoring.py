"""Scoring a finished deal: the base game line and every bonus, itemised (R17-R26).

:func:`result_of` is :meth:`GameState.result <strohmandeln.GameState.result>` and
:func:`strohmandeln.score`. Everything comes from the rule set's
:class:`~strohmandeln.ScoringTable` (through :class:`~strohmandeln._core.ruledata.RuleData`); no
preset is special-cased.
"""

from __future__ import annotations

from typing import Any, Final

from ..errors import Reason, StateError
from ..points import CardPoints
from ..results import GAME, DealResult, ScoreLine, net_points, scored
from ..rules import Bonus, RuleSet, UndertakenDraw, ValatReplaces
from .record import AUC, CALLS, DEAL, NTR, TRICKS, W0, W1, Record
from .ruledata import RuleData, rule_data

def result_of(c: Record, multiplier: int) -> DealResult:
    """The result of a finished (or void) deal's record with the deal's ``multiplier`` (R26),
    unchecked: the caller checks the phase and the multiplier."""
    d = c[DEAL]
    return result_of_parts(d.data, d.rules.name, d.dealer, c[W0], c[W1], c[AUC], c[CALLS], c[TRICKS], c[NTR], multiplier)


def result_by(c: Record, multiplier: int, rules: RuleSet) -> DealResult:
    """The result of a finished (or void) deal's record scored by the table of ``rules``
    (:func:`result_under`; the deal's own if ``rules`` equals them), unchecked as
    :func:`result_of`."""
    d = c[DEAL]
    if rules == d.rules:
        return result_of(c, multiplier)
    return result_under(d.rules, rules, d.dealer, c[W0], c[W1], c[AUC], c[CALLS], c[TRICKS], c[NTR], multiplier)


def result_under(
    played: RuleSet, rules: RuleSet, dealer: int, w0: int, w1: int, auc: Any, calls: int, tricks: Any, ntr: int, multiplier: int
) -> DealResult:
    """The result of a finished (or void) deal played under ``played``, scored by the table of
    ``rules`` (R17-R26): the same cards won, tricks, auction, announcements and calls. What the
    other rules do not have scores nothing: an announcement or a call their table has no bonus
    for, a doubling where they have none (R10: the game counts once); a bonus of theirs whose
    announcement or call the deal's rules did not allow scores for nobody. A deal of another
    deck cannot be scored so (``wrong_rules``)."""
    if rules.deck is not played.deck:
        raise StateError(
            Reason.WRONG_RULES,
            f"a deal of the {played.deck.card_count}-card deck cannot be scored under rules of the "
            f"{rules.deck.card_count}-card deck ({rules.name})",
        )
    data = rule_data(rules)
    u, doubled, void = auc
    if doubled and not data.undertaker_doubling:
        auc = (u, False, void)
    return result_of_parts(data, rules.name, dealer, w0, w1, auc, calls, tricks, ntr, multiplier)


def result_of_parts(
    data: RuleData, name: str, dealer: int, w0: int, w1: int, auc: Any, calls: int, tricks: Any, ntr: int, multiplier: int
) -> DealResult:
    """:func:`result_of` from the parts of a finished deal that it reads — all public once the
    deal is over, so a view scores its deal too (:func:`strohmandeln._core.seen.result`)."""
    # This runs once per deal of every simulation, so it shares its card points and score lines
    # (see _card_points and _line below).
    thirds0 = data.thirds_of(w0)
    # Once the two seats' cards make up the deck (every finished deal), seat 1 has the rest.
    thirds1 = data.total_thirds - thirds0 if w0 | w1 == data.deck_mask and not w0 & w1 else data.thirds_of(w1)
    points = (_card_points(thirds0), _card_points(thirds1))
    u, doubled, void = auc
    if void is not None:
        return scored(name, dealer, void.value, None, False, points, None, False, (), multiplier, (0, 0))
    table = data.scoring
    need = data.winning_points
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

    if data.bonus_checks:
        for check, value, kind, rule in data.bonus_checks:
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
    net0 = net_points(final, 0)
    return scored(name, dealer, None, undertaker, doubled, points, winner, drawn, final, multiplier, (net0, -net0))


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
