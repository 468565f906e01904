"""Exact minimax over the last tricks, checked against [001]'s end-game and a plain search."""

from __future__ import annotations

import random

import pytest

import strohmandeln as sm
from strohmandeln import CLASSIC, Card, CardPoints, GameState, Play
from strohmandeln import analysis
from strohmandeln.analysis import solve
from strohmandeln.positions import position
from strohmandeln.sampling import sample


def end_game() -> GameState:
    """[001], "Závěrečné hry": A (seat 0) holds honér, kaval, 9, 7; B holds dáma, kluk, 10, 8; A leads."""
    return position(CLASSIC, hands=("♣K ♣C ♣9 ♣7", "♣Q ♣J ♣10 ♣8"), rest_to=1, leader=0)


def test_001_leading_the_9_gains_one_point_more_than_the_7() -> None:
    solution = solve(end_game())
    values = dict(solution.values)
    nine, seven = values[Play(Card.parse("♣9"))], values[Play(Card.parse("♣7"))]
    assert nine == CardPoints(25) and str(nine) == "8⅓"  # K, C, J and the 10 or 8
    assert seven == CardPoints(22) and str(seven) == "7⅓"
    assert nine.thirds - seven.thirds == 3  # exactly one point
    assert solution.player == 0 and Play(Card.parse("♣9")) in solution.best_plays
    assert solution.gain == CardPoints(25)
    assert solution.points == end_game().card_points(0) + CardPoints(25)


def test_001_the_opponents_side() -> None:
    """B's best reply to the 9 keeps him to 4⅓; to the 7 he makes 5⅓ ([001]'s numbers)."""
    state = end_game()
    after_nine = state.apply(sm.parse_action("♣9"))
    after_seven = state.apply(sm.parse_action("♣7"))
    assert solve(after_nine).gain == CardPoints(13)  # 4⅓
    assert solve(after_seven).gain == CardPoints(16)  # 5⅓
    # B takes the 7 with the Jack and leads the 8, as [001] plays it
    assert Play(Card.parse("♣J")) in solve(after_seven).best_plays


def brute(state: GameState) -> int:
    """Seat 0's card points from now on with best play, by plain minimax."""
    if state.is_terminal:
        return 0
    values = []
    for action in state.legal_actions():
        if not isinstance(action, Play) or action.announcements or action.call:
            continue
        child = state.apply(action)
        gained = child.card_points(0).thirds - state.card_points(0).thirds
        values.append(gained + brute(child))
    return max(values) if state.current_player == 0 else min(values)


@pytest.mark.parametrize("seed", range(12))
def test_solve_agrees_with_plain_minimax(seed: int) -> None:
    rng = random.Random(seed)
    rules = [CLASSIC, sm.EXTENDED, sm.ZWANZIGERRUFEN_40][seed % 3]
    state = sm.deal(rules, dealer=seed % 2, rng=seed)
    while not state.is_terminal and state.rules.deck.trick_count - state.trick_number > 4:
        state = state.apply(rng.choice(state.legal_actions()))
    if state.is_terminal:
        return
    if seed % 2:
        state = state.apply(rng.choice(state.legal_actions()))  # mid-trick too
    solution = solve(state)
    p = state.current_player
    assert p is not None
    expected = brute(state)
    remaining = 3 * rules.deck.total_points - state.card_points(0).thirds - state.card_points(1).thirds
    assert solution.gain.thirds == (expected if p == 0 else remaining - expected)
    assert solution.points == state.card_points(p) + solution.gain
    for play, value in solution.values:
        child = state.apply(play)
        gained = child.card_points(0).thirds - state.card_points(0).thirds
        seat0 = gained + brute(child)
        assert value.thirds == (seat0 if p == 0 else remaining - seat0)


def test_solve_a_sampled_end_game() -> None:
    """Determinization: a bot samples the hidden cards, then solves with full information."""
    rng = random.Random(3)
    state = sm.deal(CLASSIC, dealer=0, rng=9)
    while state.trick_number < 21:
        state = state.apply(rng.choice(state.legal_actions()))
    view = state.view(state.current_player)
    for _ in range(3):
        guess = sample(view, rng)
        solution = solve(guess)
        assert set(solution.best_plays) <= set(view.legal_actions())


def test_solve_outside_the_card_play() -> None:
    with pytest.raises(sm.StateError) as info:
        solve(sm.deal(CLASSIC, dealer=0, rng=1))
    assert info.value.reason is sm.Reason.WRONG_PHASE
    finished = position(CLASSIC, hands=("", ""), rest_to=0, leader=0)
    solution = solve(finished)
    assert solution.gain == CardPoints(0) and solution.best_plays == () and solution.values == ()
    with pytest.raises(TypeError):
        solve("state")  # type: ignore[arg-type]



def _minimax_score(state: sm.GameState, seat: int) -> int:
    """The reference: every line of play to the end through the public API, seat 0 maximising
    its final total and seat 1 minimising it; ``seat``'s total."""
    if state.is_terminal:
        return state.result().totals[seat]
    values = [_minimax_score(state.apply(action), 0) for action in state.legal_actions()]
    best = max(values) if state.current_player == 0 else min(values)
    return best if seat == 0 else -best


@pytest.mark.parametrize("rules", list(sm.PRESETS.values()), ids=list(sm.PRESETS))
def test_solve_game_is_minimax_on_the_final_score(rules: sm.RuleSet) -> None:
    """Issue 22: solve_game answers in game points — every legal action's value is the final
    score with best play by both sides, as a plain minimax over every line through the public
    API finds it, bonuses included (end-games of random deals of every preset)."""
    checked = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = sm.deal(rules, dealer=seed % 2, rng=rng)
        while not state.is_terminal and (state.phase is not sm.Phase.PLAY or state.trick_number < rules.deck.trick_count - 3 or state.current_trick):
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal:
            continue
        solution = analysis.solve_game(state)
        p = state.current_player
        assert solution.player == p
        for action, value in solution.values:
            assert p is not None and value == _minimax_score(state.apply(action), p)
        assert [a for a, _ in solution.values] == list(state.legal_actions())
        assert solution.score == max(v for _, v in solution.values)
        assert set(solution.best_actions) == {a for a, v in solution.values if v == solution.score}
        checked += 1
    assert checked >= 4


def test_solve_game_of_a_finished_deal_and_outside_the_card_play() -> None:
    state = sm.deal(sm.CLASSIC, dealer=0, rng=4)
    with pytest.raises(sm.StateError) as info:
        analysis.solve_game(state)
    assert info.value.reason is sm.Reason.WRONG_PHASE
    rng = random.Random(4)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    if state.phase is sm.Phase.FINISHED:
        assert analysis.solve_game(state).score == state.result().totals[0]
    with pytest.raises(TypeError):
        analysis.solve_game("state")  # type: ignore[arg-type]
