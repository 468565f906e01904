"""The Gymnasium environments (issue 32): one seat against a fixed opponent, Gymnasium's own
checker without warnings, reproducible seeds, the library's rewards; the vectorized form game for
game the single one."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import strohmandeln as sm  # noqa: E402
from strohmandeln.encoding import ActionSpace, observation  # noqa: E402
from strohmandeln.gymnasium import ENV_ID, StrohmandelnEnv, StrohmandelnVectorEnv  # noqa: E402
from strohmandeln.players import HeuristicPlayer  # noqa: E402


@pytest.mark.parametrize("preset", ["classic", "zwanzigerrufen40"])
def test_gymnasiums_checker_passes_without_warnings(preset: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(gymnasium.make(ENV_ID, preset=preset, render_mode="ansi").unwrapped)
        check_env(StrohmandelnEnv(preset, HeuristicPlayer()), skip_render_check=True)


def _play(env: Any, seed: int, choose: random.Random) -> list[tuple[Any, ...]]:
    """An episode of random legal actions: (observation, reward, terminated) at every step."""
    obs, info = env.reset(seed=seed)
    out: list[tuple[Any, ...]] = [(obs.tobytes(), 0.0, False)]
    done = False
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, done, truncated, info = env.step(int(legal[int(choose.random() * len(legal))]))
        assert not truncated
        out.append((obs.tobytes(), reward, done))
    return out


def test_an_episode_is_the_librarys_deal_against_the_opponent() -> None:
    """Observations are seat 0's view, masks its legal actions, the reward its game points; the
    opponent plays from seat 1's view; the same seed replays the episode."""
    seen: list[object] = []

    def opponent(view: sm.PlayerView) -> sm.Action:
        seen.append(view)
        return HeuristicPlayer()(view)

    env = StrohmandelnEnv("extended", opponent)
    space = ActionSpace(sm.EXTENDED)
    choose = random.Random(1)
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        done = False
        reward = 0.0
        while not done:
            state = env.game_state
            assert state is not None and state.current_player == 0
            assert list(obs) == observation(state.view(0)) and list(info["action_mask"]) == space.mask(state)
            assert (env.action_masks() == info["action_mask"].astype(bool)).all()
            legal = np.flatnonzero(info["action_mask"])
            obs, reward, done, _, info = env.step(legal[int(choose.random() * len(legal))])
        final = env.game_state
        assert final is not None and final.is_terminal and not info["action_mask"].any()
        assert reward == (0.0 if final.void_reason is not None else float(final.result().totals[0]))
    assert seen and all(isinstance(view, sm.PlayerView) and view.player == 1 for view in seen)
    plain = StrohmandelnEnv("classic")
    assert _play(plain, 5, random.Random(2)) == _play(StrohmandelnEnv("classic"), 5, random.Random(2))
    assert _play(plain, 5, random.Random(2)) != _play(plain, 6, random.Random(2))


def test_options_illegal_actions_and_refusals() -> None:
    env = StrohmandelnEnv("classic")
    for dealer in (0, 1):
        env.reset(seed=3, options={"dealer": dealer})
        assert env.game_state is not None and env.game_state.dealer == dealer
    obs, info = env.reset(seed=4)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert done and info["illegal_action"] and reward == -sm.encoding.points_bound(sm.CLASSIC)
    with pytest.raises(RuntimeError):
        env.step(0)
    with pytest.raises(ValueError, match="did you mean"):
        StrohmandelnEnv("ZWANZIGERRUFEN_40")
    with pytest.raises(ValueError):
        StrohmandelnVectorEnv("classic", num_envs=0)


def test_the_vectorized_environment_is_the_single_one_game_for_game() -> None:
    """Game k of the vector, seeded with seed + k, plays as a single environment seeded so; a
    finished game starts its next deal in the same step, its last observation in final_obs."""
    n = 5
    envs = StrohmandelnVectorEnv("classic", num_envs=n)
    singles = [StrohmandelnEnv("classic") for _ in range(n)]
    observations, infos = envs.reset(seed=10)
    assert observations.shape == (n, len(observation(sm.deal(sm.CLASSIC, dealer=0, rng=1).view(0))))
    assert observations.dtype == np.int8 and infos["action_mask"].dtype == np.int8
    single_obs = [env.reset(seed=10 + k) for k, env in enumerate(singles)]
    for k in range(n):
        assert (single_obs[k][0] == observations[k]).all()
    choose = np.random.default_rng(0)
    ended = 0
    for _ in range(80):
        masks = infos["action_mask"]
        actions = np.argmax(choose.random(masks.shape) * masks, axis=1)
        observations, rewards, terminations, truncations, infos = envs.step(actions)
        assert rewards.shape == terminations.shape == truncations.shape == (n,)
        for k, env in enumerate(singles):
            obs, reward, done, _, info = env.step(int(actions[k]))
            assert reward == rewards[k] and done == terminations[k]
            if done:
                ended += 1
                assert infos["_final_obs"][k] and (infos["final_obs"][k] == obs).all()
                obs, info = env.reset()
            assert (obs == observations[k]).all() and (info["action_mask"] == infos["action_mask"][k]).all()
    assert ended >= n
    assert (envs.action_masks() == infos["action_mask"].astype(bool)).all()
    vectorized = gymnasium.make_vec(ENV_ID, num_envs=3, preset="beck")
    assert isinstance(vectorized, StrohmandelnVectorEnv) and vectorized.reset(seed=1)[0].shape[0] == 3
