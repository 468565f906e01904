"""Move numbers (issue 22): GameState.ply and PlayerView.ply, and apply(expected_ply=), which
refuses a stale or replayed move with reason stale_move."""

from __future__ import annotations

import random

import pytest

import strohmandeln as sm
from strohmandeln import PRESETS, Reason
from strohmandeln.positions import position


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_ply_is_the_number_of_actions_in_states_and_views(rules: sm.RuleSet) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = sm.deal(rules, dealer=seed % 2, rng=rng)
        while True:
            assert state.ply == len(state.history) == state.view(0).ply == state.view(None).ply
            if state.is_terminal:
                break
            state = state.apply(rng.choice(state.legal_actions()), expected_ply=state.ply)
    puzzle = position(sm.CLASSIC, hands=("♣K ♣C", "♣Q ♣J"), tricks=[(0, "♥K", "XX")], rest_to=0, leader=1)
    assert puzzle.ply == 0 and puzzle.apply(puzzle.legal_actions()[0]).ply == 1  # (set-up tricks are no moves)


def test_a_stale_or_replayed_move_is_refused_as_such() -> None:
    """The same message applied twice, or a move for an older moment, is refused with
    stale_move — before the seat, the phase or the card is looked at (a replayed card would
    otherwise read as card_not_available, and a replayed decision as wrong_phase)."""
    rng = random.Random(5)
    state = sm.deal(sm.CLASSIC, dealer=0, rng=rng)
    while not state.is_terminal:
        seat, ply = state.current_player, state.ply
        action = rng.choice(state.legal_actions())
        after = state.apply(action, player=seat, expected_ply=ply)
        for stale in (ply, ply - 1, ply + 2):
            if stale < 0:
                continue
            error = after.why_illegal(action, player=seat, expected_ply=stale)
            assert error is not None and error.reason is Reason.STALE_MOVE, error
            assert not after.is_legal(action, player=seat, expected_ply=stale)
            with pytest.raises(sm.IllegalActionError) as info:
                after.apply(action, player=seat, expected_ply=stale)
            assert info.value.reason is Reason.STALE_MOVE
            assert f"move {stale}" in info.value.message and f"at move {ply + 1}" in info.value.message
        state = after


@pytest.mark.parametrize("bad", ["1", "3", 1.0, True, [1]], ids=["text", "text of the move", "float", "bool", "list"])
def test_a_move_number_that_is_no_whole_number_is_a_wrong_type(bad: object) -> None:
    """Issue 33: a move number sent as text (or a float, a bool) is no move number at all:
    refused as a wrong type by all three move checks, never read as another move ("a move for
    move '1', but the deal is at move 1")."""
    state = sm.deal(sm.CLASSIC, dealer=0, rng=1).apply(sm.Pass())
    assert state.ply == 1
    for check in (state.apply, state.why_illegal, state.is_legal):
        with pytest.raises(sm.ArgumentTypeError) as info:
            check(state.legal_actions()[0], expected_ply=bad)  # type: ignore[arg-type]
        assert info.value.reason is Reason.WRONG_TYPE and isinstance(info.value, TypeError)
        assert str(info.value).startswith("expected_ply must be a move number") and len(info.value.message) < 100


def test_a_huge_move_number_is_stale() -> None:
    state = sm.deal(sm.CLASSIC, dealer=0, rng=1).apply(sm.Pass())
    with pytest.raises(sm.IllegalActionError) as info:
        state.apply(state.legal_actions()[0], expected_ply=10**5000)
    assert info.value.reason is Reason.STALE_MOVE and str(info.value) == "a move for a move number out of range, but the deal is at move 1"


def test_a_move_number_of_another_library_is_taken() -> None:
    class Integer:
        def __index__(self) -> int:
            return 1

    state = sm.deal(sm.CLASSIC, dealer=0, rng=1).apply(sm.Pass())
    assert state.apply(state.legal_actions()[0], expected_ply=Integer()) == state.apply(state.legal_actions()[0])  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_events_since_a_move_are_the_events_a_client_has_not_seen(rules: sm.RuleSet) -> None:
    """Issue 22: a server sends a client who saw move k the history after k and
    ``view.events_since(k)``: exactly the events of the present view that the view at move k
    did not have, for every viewer and every pair of moments."""
    rng = random.Random(11)
    states = [sm.deal(rules, dealer=1, rng=rng)]
    while not states[-1].is_terminal:
        states.append(states[-1].apply(rng.choice(states[-1].legal_actions())))
    for seat in (0, 1, None):
        views = [state.view(seat) for state in states]
        for now in views[:: max(len(views) // 12, 1)] + [views[-1]]:
            for before in views[: now.ply + 1 : 3]:
                assert now.events_since(before.ply) == now.events[len(before.events) :]
                assert now.history[before.ply :] == now.history[len(before.history) :]
    with pytest.raises(TypeError):
        views[-1].events_since("3")  # type: ignore[arg-type]
