"""The OpenSpiel adapter (issue 22): OpenSpiel's own checks and bots on python_strohmandeln."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import strohmandeln as sm  # noqa: E402
from strohmandeln.encoding import ActionSpace, observation  # noqa: E402
from strohmandeln.openspiel import GAME_NAME, StrohmandelnState  # noqa: E402


@pytest.mark.parametrize("preset", ["classic", "extended", "beck", "zwanzigerrufen40"])
def test_openspiel_random_sim_test(preset: str) -> None:
    """OpenSpiel's own consistency check: random games, clones, serialization, observers."""
    game = pyspiel.load_game(GAME_NAME, {"preset": preset, "dealer": 1})
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def _dealt(game: Any, seed: int, actions: int) -> Any:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
    for _ in range(actions):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_adapter_plays_the_librarys_deal() -> None:
    """Actions, returns, tensors and strings are the library's: ActionSpace numbers, the deal's
    game points, the view's observation vector and JSON document."""
    game = pyspiel.load_game(GAME_NAME, {"preset": "classic"})
    space = ActionSpace(sm.CLASSIC)
    assert game.num_distinct_actions() == space.size
    for seed in range(4):
        state = _dealt(game, seed, 30)
        ours: sm.GameState = state.strohmandeln_state()
        assert state.legal_actions() == sorted(space.legal_ids(ours))
        for player in (0, 1):
            assert state.observation_tensor(player) == pytest.approx(observation(ours.view(player)))
            assert state.information_state_string(player) == sm.serialization.to_json(ours.view(player))
        while not state.is_terminal():
            state.apply_action(random.Random(seed).choice(state.legal_actions()))
        final = state.strohmandeln_state()
        expected = [0.0, 0.0] if final.void_reason is not None else [float(t) for t in final.result().totals]
        assert state.returns() == expected


def test_resampling_keeps_the_players_information_state() -> None:
    """resample_from_infostate draws a deal the player cannot tell from the true one: his
    information state string and tensor are unchanged, and the history is the same."""
    game = pyspiel.load_game(GAME_NAME, {"preset": "extended"})
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for seed in range(4):
        state = _dealt(game, seed, 20)
        if state.is_terminal():
            continue
        player = state.current_player()
        for _ in range(3):
            other = state.resample_from_infostate(player, sampler)
            assert isinstance(other, StrohmandelnState)
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.information_state_tensor(player) == state.information_state_tensor(player)
            assert other.strohmandeln_state().history == state.strohmandeln_state().history  # type: ignore[union-attr]


def test_openspiel_bots_play_it() -> None:
    """OpenSpiel's ISMCTS (which resamples information states) and MCTS bots play deals."""
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

    game = pyspiel.load_game(GAME_NAME, {"preset": "classic"})
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = (
        ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0, max_simulations=8, random_state=rng),
        mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator, random_state=rng),
    )
    for first in (0, 1):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(int(rng.choice([o for o, _ in state.chance_outcomes()])))
            else:
                state.apply_action(bots[(state.current_player() + first) % 2].step(state))
        assert sum(state.returns()) == 0


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(Exception, match="must be a preset.s name"):
        pyspiel.load_game(GAME_NAME, {"preset": "poker"})
