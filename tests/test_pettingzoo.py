"""The PettingZoo environment (issue 22): PettingZoo's api_test, masks and rewards."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test  # type: ignore[import-untyped]  # noqa: E402

import strohmandeln as sm  # noqa: E402
from strohmandeln.encoding import ActionSpace, observation  # noqa: E402
from strohmandeln.pettingzoo import env  # noqa: E402


@pytest.mark.parametrize("preset", ["classic", "extended", "beck", "zwanzigerrufen40"])
def test_pettingzoo_api_test(preset: str) -> None:
    api_test(env(preset=preset), num_cycles=200, verbose_progress=False)


def test_masks_observations_and_rewards_are_the_librarys() -> None:
    game = env(preset="extended")
    space = ActionSpace(sm.EXTENDED)
    rng = np.random.default_rng(1)
    for seed in range(4):
        game.reset(seed=seed)
        final_rewards: dict[str, float] = {}
        for agent in game.agent_iter():
            obs, reward, termination, truncation, info = game.last()
            state: sm.GameState = info["state"]
            if termination or truncation:
                final_rewards[agent] = reward
                game.step(None)
                continue
            seat = int(agent[-1])
            assert state.current_player == seat
            assert list(obs["action_mask"]) == space.mask(state)
            assert list(obs["observation"]) == observation(state.view(seat))
            game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        final = game.game_state
        assert final is not None and final.is_terminal
        expected = (0, 0) if final.void_reason is not None else final.result().totals
        assert final_rewards == {"player_0": float(expected[0]), "player_1": float(expected[1])}


def test_the_same_seed_deals_the_same_deal() -> None:
    first, second = env(), env()
    first.reset(seed=5)
    second.reset(seed=5)
    assert first.game_state == second.game_state
    with pytest.raises(ValueError):
        env(preset="poker")
