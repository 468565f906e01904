"""Scoring a finished deal by another rule set's table (issue 33): ``state.result(rules=OTHER)``
and ``score(state, rules=OTHER)``, nothing replayed.

The independent check: where the deal's history is legal under the other rules too (the same
deck order dealt under them and every action applied through their rules), the rescored result
is exactly the result of that replay. Where it is not, the documented reading holds: the cards,
tricks, auction, announcements and calls stay as they were, and what the other rules do not have
scores nothing.
"""

from __future__ import annotations

import itertools
import zlib
from collections.abc import Callable

import attrs
import pytest

import strohmandeln as sm
from strohmandeln import CLASSIC, EXTENDED, PRESETS, ZWANZIGERRUFEN_40, Bonus, deal
from strohmandeln.playouts import playouts

PAIRS = [(a, b) for a, b in itertools.product(sorted(PRESETS), repeat=2) if PRESETS[a].deck is PRESETS[b].deck]


def _replayed_under(state: sm.GameState, rules: sm.RuleSet) -> sm.GameState | None:
    """The deal dealt from the same order under ``rules`` with the same actions, or ``None`` if
    an action is not legal there."""
    assert state.order is not None
    again = deal(rules, dealer=state.dealer, order=state.order, multiplier=state.multiplier)
    try:
        for action in state.history:
            again = again.apply(action)
    except sm.IllegalActionError:
        return None
    return again


@pytest.mark.parametrize(("played", "scored"), PAIRS, ids=[f"{a}-by-{b}" for a, b in PAIRS])
def test_a_deal_scored_by_another_rule_set_is_the_deal_played_under_it(played: str, scored: str) -> None:
    """Per ordered pair of presets of one deck: 60 random deals of ``played`` scored by
    ``scored``'s table equal the same deals replayed under ``scored`` wherever the replay is
    legal (at least a few are, for every pair), and hold what every result holds otherwise."""
    rules, other = PRESETS[played], PRESETS[scored]
    replayed = 0
    # (a seed of the pair that every process agrees on: hash() of a text changes with PYTHONHASHSEED)
    for state in playouts(rules, 60, zlib.crc32(f"{played} by {scored}".encode())):
        result = state.result(rules=other)
        assert result == sm.score(state, rules=other) == sm.score(state.view(0), rules=other) == sm.score(state.view(None), rules=other)
        assert result.rules == other.name and result.card_points == state.result().card_points
        assert sum(result.totals) == 0 and result.multiplier == state.multiplier
        assert (result.void is None) is (state.void_reason is None)
        again = _replayed_under(state, other)
        if again is not None:
            replayed += 1
            assert result == again.result(), (played, scored, state.history)
        if played == scored:
            assert result == state.result()
    assert replayed >= 5


def test_the_deals_own_rules_or_an_equal_set_score_as_the_deal() -> None:
    state = playouts(EXTENDED, 1, 3)[0]
    equal = attrs.evolve(EXTENDED)
    assert equal is not EXTENDED and state.result(rules=equal) == state.result(rules=EXTENDED) == state.result()


def test_another_deck_is_refused_clearly() -> None:
    """The 40-card preset cannot score a 54-card deal (other cards), nor the other way round."""
    for rules, other in ((CLASSIC, ZWANZIGERRUFEN_40), (ZWANZIGERRUFEN_40, CLASSIC)):
        state = playouts(rules, 1, 5)[0]
        asks: list[Callable[[], object]] = [
            lambda: state.result(rules=other),
            lambda: sm.score(state, rules=other),
            lambda: sm.score(state.view(1), rules=other),
        ]
        for ask in asks:
            with pytest.raises(sm.StateError) as info:
                ask()
            assert info.value.reason is sm.Reason.WRONG_RULES
            assert str(info.value).startswith(f"a deal of the {rules.deck.card_count}-card deck cannot be scored")


def test_a_running_deal_is_not_scored_by_any_rules() -> None:
    state = deal(CLASSIC, dealer=0, rng=1)
    asks: list[Callable[[], object]] = [lambda: state.result(rules=EXTENDED), lambda: sm.score(state.view(0), rules=EXTENDED)]
    for ask in asks:
        with pytest.raises(sm.StateError) as info:
            ask()
        assert info.value.reason is sm.Reason.NOT_FINISHED


def _announced_deal() -> sm.GameState:
    """A CLASSIC deal in which a Trull or the four Kings were announced (R17)."""
    for state in playouts(CLASSIC, 400, 11):
        if state.announcements(0) or state.announcements(1):
            return state
    raise AssertionError("no announcement in 400 random deals")  # pragma: no cover


def test_an_announcement_the_other_table_has_no_bonus_for_scores_nothing() -> None:
    """R17: EXTENDED has no announced Trull or Kings (it scores them in the tricks, R20): an
    announcement of a CLASSIC deal scores nothing by its table — its own bonuses, found in the
    tricks, do — and the game line is EXTENDED's."""
    state = _announced_deal()
    own = {line.bonus for line in state.result().lines}
    assert own & {Bonus.TRULL_ANNOUNCED, Bonus.FOUR_KINGS_ANNOUNCED}
    rescored = state.result(rules=EXTENDED)
    kinds = {line.bonus for line in rescored.lines}
    assert not kinds & {Bonus.TRULL_ANNOUNCED, Bonus.FOUR_KINGS_ANNOUNCED}
    assert all(line.bonus is None or EXTENDED.scoring.has(line.bonus) for line in rescored.lines)


def test_a_bonus_that_needs_an_announcement_the_deal_could_not_make_scores_for_nobody() -> None:
    """CLASSIC announces the Trull; a deal of EXTENDED, which has no announcements, scored by
    CLASSIC's table: no announced bonus, whoever held the Trull."""
    for state in playouts(EXTENDED, 60, 2):
        lines = state.result(rules=CLASSIC).lines
        assert not any(line.bonus in (Bonus.TRULL_ANNOUNCED, Bonus.FOUR_KINGS_ANNOUNCED) for line in lines)


def test_a_doubling_the_other_rules_do_not_have_counts_once() -> None:
    """R10: a doubled game scored by rules without doubling counts its game line once, as an
    undoubled one; by rules with doubling, twice."""
    doubling = attrs.evolve(CLASSIC, name="doubling", undertaker_doubling=True)
    state = deal(doubling, dealer=0, rng=4).apply(sm.Take()).apply(sm.Double())
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    assert state.doubled
    doubled, once = state.result(), state.result(rules=CLASSIC)
    game = [line for line in doubled.lines if line.kind == "game"]
    game_once = [line for line in once.lines if line.kind == "game"]
    assert game and game_once and game[0].value == 2 * game_once[0].value
    assert once.doubled is False and doubled.doubled is True


def test_a_void_deal_is_void_by_any_rules() -> None:
    """R7, R9: a folded deal has no card play to score: void under any table of its deck."""
    folded = deal(CLASSIC, dealer=0, rng=842).apply(sm.Fold())  # (seat 1 holds no tarock, R7)
    assert folded.void_reason is sm.VoidReason.FOLDED
    for name in ("beck", "extended", "stramandl"):
        result = folded.result(rules=PRESETS[name])
        assert result.void == "folded" and result.totals == (0, 0) and result.rules == name


def test_the_rules_argument_is_checked_as_every_argument() -> None:
    state = playouts(CLASSIC, 1, 1)[0]
    with pytest.raises(sm.ArgumentTypeError, match="rules must be a RuleSet, not a str"):
        state.result(rules="beck")  # type: ignore[arg-type]
    with pytest.raises(sm.ArgumentTypeError):
        sm.score(state, rules=PRESETS)  # type: ignore[arg-type]
