"""The PettingZoo environment (issues 22, 32): PettingZoo's api_test and seed_test without
warnings, wrapped as PettingZoo's own classic games, reproducible resets, the library's masks,
observations and rewards."""

from __future__ import annotations

import pickle
import warnings

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]  # noqa: E402
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]  # noqa: E402

import strohmandeln as sm  # noqa: E402
from strohmandeln.encoding import ActionSpace, observation  # noqa: E402
from strohmandeln.pettingzoo import env, raw_env  # noqa: E402


@pytest.mark.parametrize("preset", ["classic", "extended", "beck", "zwanzigerrufen40"])
def test_pettingzoo_api_test_and_seed_test_pass_without_warnings(preset: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        api_test(env(preset=preset), num_cycles=200, verbose_progress=False)
        seed_test(lambda: env(preset=preset), num_cycles=100)


def test_it_is_wrapped_as_pettingzoos_own_games(caplog: pytest.LogCaptureFixture) -> None:
    """env() is raw_env under TerminateIllegal, AssertOutOfBounds and OrderEnforcing; step before
    reset is PettingZoo's own error; an illegal action ends the deal for the agent that chose it."""
    game = env()
    assert isinstance(game, wrappers.OrderEnforcingWrapper) and isinstance(game.unwrapped, raw_env)
    with pytest.raises(AssertionError, match="reset"):
        game.step(0)
    game.reset(seed=3)
    _, _, _, _, info = game.last()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    agent = game.agent_selection
    game.step(illegal)
    assert "Illegal move" in caplog.text
    assert all(game.terminations.values())
    assert game.rewards[agent] == -game.unwrapped.utility_bound
    fresh = env()
    fresh.reset(seed=1)
    with pytest.raises(AssertionError, match="action"):
        fresh.step(10**6)
    assert pickle.loads(pickle.dumps(game.unwrapped)).rules is sm.CLASSIC


def test_masks_observations_and_rewards_are_the_librarys() -> None:
    game = env(preset="extended")
    space = ActionSpace(sm.EXTENDED)
    rng = np.random.default_rng(1)
    for seed in range(3):
        game.reset(seed=seed)
        final_rewards: dict[str, float] = {}
        for agent in game.agent_iter():
            obs, reward, termination, truncation, info = game.last()
            state: sm.GameState = game.unwrapped.game_state
            if termination or truncation:
                final_rewards[agent] = reward
                game.step(None)
                continue
            seat = int(agent[-1])
            assert state.current_player == seat
            assert list(info["action_mask"]) == space.mask(state)
            assert not game.infos[f"player_{1 - seat}"]["action_mask"].any()
            assert obs.dtype == np.int8 and list(obs) == observation(state.view(seat))
            assert list(game.observe(f"player_{1 - seat}")) == observation(state.view(1 - seat))
            game.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        final = game.unwrapped.game_state
        assert final is not None and final.is_terminal
        expected = (0, 0) if final.void_reason is not None else final.result().totals
        assert final_rewards == {"player_0": float(expected[0]), "player_1": float(expected[1])}


def _episode(game: object, seed: int | None, options: dict[str, object] | None = None) -> list[object]:
    game.reset(seed=seed, options=options)  # type: ignore[attr-defined]
    return [game.unwrapped.game_state.dealer, game.unwrapped.game_state.order]  # type: ignore[attr-defined]


def test_reset_with_a_seed_reproduces_the_episode_and_options_choose_the_deal() -> None:
    first, second = env(), env()
    assert _episode(first, 11) == _episode(first, 11) == _episode(second, 11)
    assert _episode(first, None)[0] == 1 and _episode(first, None)[0] == 0  # the dealer alternates
    assert _episode(first, 11, {"dealer": 1})[0] == 1
    order = sm.shuffled_order(sm.CLASSIC, 4)
    assert _episode(first, None, {"order": order, "dealer": 0}) == [0, order]
    variant = __import__("attrs").evolve(sm.CLASSIC, name="house")
    first.reset(seed=1, options={"rules": variant})
    assert first.unwrapped.game_state.rules is variant
    with pytest.raises(ValueError):
        first.reset(options={"rules": sm.BECK})
    with pytest.raises(sm.ArgumentValueError):  # (a seat out of range, as everywhere)
        first.reset(options={"dealer": 2})
    with pytest.raises(ValueError, match="did you mean 'zwanzigerrufen40'"):
        env(preset="ZWANZIGERRUFEN_40")
    with pytest.raises(ValueError):
        env(preset="poker")
