"""A PettingZoo environment: Strohmandeln as an AEC game for multi-agent learning (optional
extra ``pettingzoo``: ``pip install "strohmandeln[pettingzoo]"``; the library itself never
imports it).

Two agents, ``player_0`` and ``player_1`` (the seats), take turns as the rules say. Each
observation is a dict: ``observation``, the view's vector (:func:`strohmandeln.encoding.observation`,
:data:`~strohmandeln.encoding.OBSERVATION_SIZE` small whole numbers), and ``action_mask``, 1 for
each legal action of the rule set's :class:`~strohmandeln.encoding.ActionSpace`. Rewards come at
the end of the deal: its game points (0 for a void deal).

>>> from strohmandeln.pettingzoo import env
>>> game = env(preset="classic")
>>> game.reset(seed=7)
>>> agent = game.agent_selection
>>> observation, reward, termination, truncation, info = game.last()
>>> int(observation["action_mask"].sum()), len(observation["observation"]), agent
(2, 471, 'player_1')

Each :meth:`~StrohmandelnEnv.reset` deals a new deal from ``seed`` (or from the environment's
generator, seeded once), the dealer alternating; ``info["state"]`` and the attribute
``game_state`` are the library's :class:`~strohmandeln.GameState`, for debugging (it holds
hidden cards: do not feed it to a bot).
"""

from __future__ import annotations

import random
from typing import Any, Final

import numpy as np
from gymnasium import spaces  # type: ignore[import-untyped,import-not-found,unused-ignore]
from pettingzoo import AECEnv  # type: ignore[import-untyped,import-not-found,unused-ignore]

from .dealing import deal
from .encoding import OBSERVATION_SIZE, ActionSpace, observation
from .presets import PRESETS
from .rules import RuleSet
from .state import GameState

__all__ = ["StrohmandelnEnv", "env"]

_AGENTS: Final = ("player_0", "player_1")


def env(preset: str = "classic", render_mode: str | None = None) -> StrohmandelnEnv:
    """A new environment of the preset ``preset`` (a name of :data:`strohmandeln.PRESETS`)."""
    return StrohmandelnEnv(preset=preset, render_mode=render_mode)


class StrohmandelnEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of a preset; ``render_mode`` ``"ansi"`` renders the deal as text."""

    metadata: Final = {"name": "strohmandeln_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, preset: str = "classic", render_mode: str | None = None) -> None:
        super().__init__()
        if preset not in PRESETS:
            raise ValueError(f"no preset named {preset!r}; presets: {', '.join(PRESETS)}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.rules: RuleSet = PRESETS[preset]
        self.space = ActionSpace(self.rules)
        self.render_mode = render_mode
        self.possible_agents = list(_AGENTS)
        self.agents: list[str] = []
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=0, high=54, shape=(OBSERVATION_SIZE,), dtype=np.int8),
                    "action_mask": spaces.Box(low=0, high=1, shape=(self.space.size,), dtype=np.int8),
                }
            )
            for agent in _AGENTS
        }
        self.action_spaces = {agent: spaces.Discrete(self.space.size) for agent in _AGENTS}
        self._rng = random.Random()
        self._deals = 0
        self.game_state: GameState | None = None

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.game_state = deal(self.rules, dealer=self._deals % 2, rng=self._rng)
        self._deals += 1
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        state = self.game_state
        assert state is not None
        player = state.current_player
        if player is not None:
            self.agent_selection = _AGENTS[player]
        for agent in self.agents:
            self.infos[agent] = {"state": state}

    def observe(self, agent: str) -> dict[str, Any]:
        state = self.game_state
        assert state is not None
        view = state.view(_AGENTS.index(agent))
        return {
            "observation": np.asarray(observation(view), dtype=np.int8),
            "action_mask": np.asarray(self.space.mask(view), dtype=np.int8),
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        assert state is not None and action is not None
        self._cumulative_rewards[agent] = 0.0
        state = self.game_state = state.apply(self.space.decode(action), player=_AGENTS.index(agent))
        self.rewards = {a: 0.0 for a in self.agents}
        if state.is_terminal:
            totals = (0, 0) if state.void_reason is not None else state.result().totals
            self.rewards = {_AGENTS[p]: float(totals[p]) for p in (0, 1)}
            self.terminations = {a: True for a in self.agents}
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def render(self) -> str:
        state = self.game_state
        if state is None:
            return "no deal yet"
        lines = [f"{self.rules.name}, {state.phase.value}, {len(state.history)} actions"]
        for p in (0, 1):
            hand = " ".join(str(card) for card in state.hand(p))
            lines.append(f"  seat {p}: {hand}")
        if state.current_trick:
            lines.append("  trick: " + " ".join(str(play) for play in state.current_trick))
        return "\n".join(lines)

    def close(self) -> None:
        pass
