"""Hypothesis properties of scoring and matches over random deals of every preset (R24, R26).

Random deals are played with *every* kind of legal action — folds, takes, doubles, announcements
(R17) and calls (R18) included — and scored by the library; each result is checked for the zero
sum (R24), for lines that add up to the totals, for a lossless ``to_dict``/``from_dict`` round
trip, and against :mod:`scripted`'s independent scorer, which recomputes trick winners, card points
and every line of RULINGS' preset table from the tricks alone.
"""

from __future__ import annotations

import json
import random

import attrs
from hypothesis import given
from hypothesis import strategies as st
from helpers import valat_rules
from scripted import TABLES, Table, expected_lines, judge, lines_of, outcome, totals_of, with_valat

from strohmandeln import (
    BECK,
    CLASSIC,
    EXTENDED,
    FURR,
    MAYR_SEDLACZEK,
    PRESETS,
    STRAMANDL,
    BothPass,
    DealResult,
    DrawDoubling,
    GameState,
    Match,
    RuleSet,
    ValatReplaces,
    deal,
)


#: Every preset and a few rule sets derived from them, each with its independent table.
RULE_SETS: tuple[tuple[RuleSet, Table], ...] = (
    *((rules, TABLES[name]) for name, rules in PRESETS.items()),
    (attrs.evolve(CLASSIC, name="classic_doubling", undertaker_doubling=True), TABLES["classic"]),
    (attrs.evolve(EXTENDED, name="extended_doubling", undertaker_doubling=True), TABLES["extended"]),
    (attrs.evolve(FURR, name="furr_doubling", undertaker_doubling=True), TABLES["furr"]),
    (attrs.evolve(BECK, name="beck_throw_in", both_pass=BothPass.THROW_IN), TABLES["beck"]),
    (attrs.evolve(STRAMANDL, name="stramandl_fold", fold_without_tarock=True), TABLES["stramandl"]),
    (valat_rules(EXTENDED, ValatReplaces.GAME), with_valat(TABLES["extended"], "game")),
    (valat_rules(MAYR_SEDLACZEK, ValatReplaces.GAME_AND_BONUSES), with_valat(TABLES["mayr_sedlaczek"], "game_and_bonuses")),
)

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def random_deal(rules: RuleSet, dealer: int, seed: int, *, calls: bool = True) -> GameState:
    """A shuffled deal played to its end by uniformly random legal actions (announcements and calls too)."""
    rng = random.Random(seed)
    state = deal(rules, dealer=dealer, rng=rng)
    while not state.is_terminal:
        actions = state.legal_actions()
        if not calls:
            plain = [a for a in actions if not getattr(a, "announcements", None) and getattr(a, "call", None) is None]
            actions = tuple(plain) or actions
        state = state.apply(rng.choice(actions))
    return state


def _check_sums(result: DealResult) -> None:
    assert sum(result.totals) == 0
    mine = sum(ln.points for ln in result.lines if ln.player == 0)
    theirs = sum(ln.points for ln in result.lines if ln.player == 1)
    assert result.totals[0] == mine - theirs
    assert all(ln.points == ln.value * ln.multiplier and ln.value >= 0 for ln in result.lines)


@given(seed=seeds, dealer=st.sampled_from([0, 1]))
def test_R24_every_preset_every_random_deal_scores_and_sums_to_zero(seed: int, dealer: int) -> None:
    """R24: every finished (or void) random deal of every preset and variant has a result; its
    totals sum to zero and equal the itemised lines: totals[0] == Σ seat 0 − Σ seat 1."""
    for rules, _ in RULE_SETS:
        state = random_deal(rules, dealer, seed)
        result = state.result()
        _check_sums(result)
        assert result.rules == rules.name and result.dealer == dealer
        assert str(result)


@given(seed=seeds, dealer=st.sampled_from([0, 1]), calls=st.booleans())
def test_R17_to_R25_results_agree_with_the_independent_scorer(seed: int, dealer: int, calls: bool) -> None:
    """R17–R25: the library's lines, card points, winner and draw equal those recomputed from the
    tricks by the independent transcription of RULINGS' tables."""
    for rules, table in RULE_SETS:
        state = random_deal(rules, dealer, seed, calls=calls)
        result = state.result()
        if state.void_reason is not None:
            assert result.is_void and result.lines == () and result.totals == (0, 0)
            continue
        found = outcome(state)
        winner, drawn, _ = judge(table, found)
        info = f"{rules.name} seed={seed} dealer={dealer}\n{result}"
        assert lines_of(result) == expected_lines(table, found), info
        assert result.totals == totals_of(lines_of(result)), info
        assert (result.card_points[0].thirds, result.card_points[1].thirds) == found.thirds, info
        assert sum(found.thirds) == (264 if found.deck40 else 210)
        assert result.card_play_winner == winner and result.drawn is drawn, info


@given(seed=seeds, dealer=st.sampled_from([0, 1]))
def test_R24_result_round_trips_through_to_dict(seed: int, dealer: int) -> None:
    """R24: ``DealResult.from_dict(result.to_dict()) == result``, also through JSON text."""
    for rules, _ in RULE_SETS:
        result = random_deal(rules, dealer, seed).result()
        assert DealResult.from_dict(result.to_dict()) == result
        assert DealResult.from_dict(json.loads(json.dumps(result.to_dict()))) == result


def _model_multipliers(mode: DrawDoubling, deals: list[tuple[bool, bool]]) -> list[int]:
    """R26 as RULINGS states it, for (void, trigger) per deal: the multiplier of each played deal."""
    pending, factor, out = 0, 1, []
    for void, trigger in deals:
        if void:  # neither triggers nor uses up
            continue
        out.append(factor if mode is DrawDoubling.UNTIL_DECIDED else (2 if pending else 1))
        if mode is DrawDoubling.UNTIL_DECIDED:
            factor = factor * 2 if trigger else 1
        elif mode is DrawDoubling.NEXT_ROUND:
            pending = max(pending - 1, 0) + (2 if trigger else 0)
        elif mode is DrawDoubling.NEXT_DEAL:
            pending = max(pending - 1, 0) + (1 if trigger else 0)
    return out


@given(
    index=st.integers(min_value=0, max_value=len(RULE_SETS) - 1),
    first_dealer=st.sampled_from([0, 1]),
    deal_seeds=st.lists(seeds, min_size=1, max_size=8),
)
def test_R26_R5_R7_R9_random_matches_follow_the_rulings(index: int, first_dealer: int, deal_seeds: list[int]) -> None:
    """R26 with R5/R7/R9: over random deals the multipliers follow the doubling option (triggers judged
    independently: a drawn card play, or 0 : 0 totals where the table counts a tie), void deals change nothing, folds redeal
    with the same dealer, and the running scores are the sums of the deals' totals."""
    rules, table = RULE_SETS[index]
    match = Match.start(rules, first_dealer=first_dealer)
    facts: list[tuple[bool, bool]] = []
    for seed in deal_seeds:
        dealer = match.next_dealer
        rng = random.Random(seed)
        state = match.deal(rng=rng)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        before = match
        match = match.record(state)
        result = match.results[-1]
        if state.void_reason is not None:
            facts.append((True, False))
            assert match.scores == before.scores
            assert match.next_dealer == (dealer if state.void_reason.value == "folded" else 1 - dealer)
            continue
        found = outcome(state)
        _, drawn, _ = judge(table, found)
        unmultiplied = expected_lines(table, found)
        tie = totals_of(unmultiplied) == (0, 0) and rules.scoring.tie_doubles  # (R26 as amended)
        facts.append((False, drawn or tie))
        assert match.next_dealer == 1 - dealer
        assert lines_of(result) == expected_lines(table, found, result.multiplier)
    played = [r.multiplier for r in match.results if not r.is_void]
    assert played == _model_multipliers(rules.scoring.draw_doubling, facts)
    assert sum(match.scores) == 0
    assert match.scores[0] == sum(r.totals[0] for r in match.results)
    assert [r.dealer for r in match.results] == [s.dealer for s in match.deals]
