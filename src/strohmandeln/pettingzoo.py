"""A PettingZoo environment: Strohmandeln as an AEC game for multi-agent learning (optional
extra ``pettingzoo``: ``pip install "strohmandeln[pettingzoo]"``; the library itself never
imports it).

Two agents, ``player_0`` and ``player_1`` (the seats), take turns as the rules say. Each
observation is the view's vector (:func:`strohmandeln.encoding.observation`, a NumPy ``int8``
array of :data:`~strohmandeln.encoding.OBSERVATION_SIZE` small whole numbers), and each agent's
``info["action_mask"]`` is 1 for each legal action of the rule set's
:class:`~strohmandeln.encoding.ActionSpace` (all 0 for the agent not to act). Rewards come at the
end of the deal: its game points (0 for a void deal).

:func:`env` wraps the bare environment (:class:`raw_env`) as PettingZoo wraps its own classic
games: an illegal action ends the deal with ``illegal_reward`` for the agent that chose it (a
warning says so), an action outside the space is refused, and calling ``step`` before ``reset``
is PettingZoo's own error.

>>> from strohmandeln.pettingzoo import env
>>> game = env(preset="classic")
>>> game.reset(seed=7)
>>> observation, reward, termination, truncation, info = game.last()
>>> int(info["action_mask"].sum()), observation.shape, observation.dtype, game.agent_selection
(2, (471,), dtype('int8'), 'player_1')

**Reset.** ``reset(seed=s)`` deals from a generator seeded with ``s``, seat 0 dealing, so the same
seed gives the same episode; ``reset()`` deals the next deal from the same generator, the dealer
alternating. ``options`` may choose ``"dealer"`` (0 or 1), a deck ``"order"`` (top card first),
or ``"rules"``: a rule set with the same actions as the environment's (a scoring or house-rule
variant of its preset); other keys are left alone (PettingZoo's own test passes one). The
library's :class:`~strohmandeln.GameState` is the bare environment's ``game_state``, for
debugging (it holds hidden cards: do not feed it to a bot).
"""

from __future__ import annotations

import random
from typing import Any, Final

import numpy as np
from gymnasium import spaces  # type: ignore[import-untyped,import-not-found,unused-ignore]
from gymnasium.utils import EzPickle  # type: ignore[import-untyped,import-not-found,unused-ignore]
from pettingzoo import AECEnv  # type: ignore[import-untyped,import-not-found,unused-ignore]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped,import-not-found,unused-ignore]

from ._base import args
from ._core.observe import mask_bytes
from .errors import ArgumentValueError, Reason
from .dealing import deal
from .encoding import OBSERVATION_SIZE, ActionSpace, observation_bytes, points_bound, preset
from .rules import RuleSet
from .state import GameState

__all__ = ["StrohmandelnEnv", "env", "raw_env"]

_AGENTS: Final = ("player_0", "player_1")


def _seat(agent: object) -> int:
    """The seat of an agent's name, ``"player_0"`` or ``"player_1"``."""
    name = args.text(agent, "agent", 64)
    if name not in _AGENTS:
        raise args.bad_value("agent", "'player_0' or 'player_1'", name)
    return _AGENTS.index(name)


def env(preset: str = "classic", render_mode: str | None = None, illegal_reward: float | None = None) -> Any:
    """The environment of the preset ``preset`` (a key of :data:`strohmandeln.PRESETS`), wrapped
    as PettingZoo's classic games are: an illegal action ends the deal with ``illegal_reward``
    (by default the lowest game points a deal can score) for the agent that chose it.

    :raises ArgumentTypeError: if ``preset`` or ``render_mode`` is not a text, or
        ``illegal_reward`` not a number.
    :raises ArgumentValueError: with reason ``bad_value`` for a name of no preset, a render
        mode other than ``None`` and ``"ansi"``.
    """
    if illegal_reward is not None and (not args.is_a(illegal_reward, (int, float)) or args.is_a(illegal_reward, bool)):
        raise args.wrong_type("illegal_reward", "None or a number", illegal_reward)
    bare = raw_env(preset=preset, render_mode=render_mode)
    penalty = -bare.utility_bound if illegal_reward is None else illegal_reward
    wrapped = wrappers.TerminateIllegalWrapper(bare, illegal_reward=penalty)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)



class raw_env(AECEnv, EzPickle):  # type: ignore[misc]  # noqa: N801 (PettingZoo's name)
    """The bare AEC environment of a preset; ``render_mode`` ``"ansi"`` renders the deal as text.

    Its methods refuse what they cannot use with the library's errors (:mod:`strohmandeln.errors`):

    :raises ArgumentTypeError: for an argument of the wrong type: a ``preset``, ``render_mode``
        or ``agent`` that is not a text, a ``seed`` that is no whole number, ``options`` not a
        dict, a ``step`` of ``None`` for an agent that is not done.
    :raises ArgumentValueError: for a name of no preset or agent, a render mode other than
        ``None`` and ``"ansi"``, ``options["rules"]`` of other actions.
    :raises IllegalActionError: for the number of no action (``not_an_action``) or of an
        action the rules forbid.
    """

    metadata: Final = {"name": "strohmandeln_v1", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, preset: str = "classic", render_mode: str | None = None) -> None:
        EzPickle.__init__(self, preset, render_mode)
        super().__init__()
        rules = _preset(preset)
        if render_mode is not None and args.text(render_mode, "render_mode", 64) != "ansi":
            raise args.bad_value("render_mode", "None or 'ansi'", render_mode)
        self.rules: RuleSet = rules
        self.space = ActionSpace(rules)
        #: The most game points a deal can score, either way.
        self.utility_bound = float(points_bound(rules))
        self.render_mode = render_mode
        self.possible_agents = list(_AGENTS)
        self.agents: list[str] = []
        observation_space = spaces.Box(low=0, high=54, shape=(OBSERVATION_SIZE,), dtype=np.int8)
        self.observation_spaces = {agent: observation_space for agent in _AGENTS}
        self.action_spaces = {agent: spaces.Discrete(self.space.size) for agent in _AGENTS}
        # (the kernel's legal actions are the space's own values, found by id)
        self._by_id = {id(action): i for i, action in enumerate(self.space.actions)}
        self._no_actions = np.zeros(self.space.size, np.int8)
        self._no_actions.flags.writeable = False
        self._rng = random.Random()
        self._dealer = 0
        self._deal_space = self.space
        self._seen: tuple[GameState | None, int, Any] = (None, -1, None)
        self.game_state: GameState | None = None

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[_AGENTS[_seat(agent)]]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[_AGENTS[_seat(agent)]]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if options is not None and not args.is_a(options, dict):
            raise args.wrong_type("options", "None or a dict", options)
        if seed is not None:
            self._rng = random.Random(args.count(seed, "seed", least=-(2**63)))
            self._dealer = 0
        options = args.names(options, "options") or {}
        dealer = options.get("dealer", self._dealer)
        rules = options.get("rules", self.rules)
        space = self.space
        if rules is not self.rules:
            space = ActionSpace(args.instance(rules, RuleSet, "options['rules']"))
            if space.actions != self.space.actions:
                raise ArgumentValueError(Reason.BAD_VALUE, "options['rules'] must be a RuleSet with the environment's actions (a variant of its preset)")
        self._deal_space = space
        order = options.get("order")
        if order is not None:
            state = deal(rules, dealer=dealer, order=order)
        else:
            state = deal(rules, dealer=dealer, rng=self._rng)
        self._dealer = 1 - state.dealer
        self.game_state = state
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select(state)

    def _select(self, state: GameState) -> None:
        """The agent to act, and each agent's action mask."""
        player = state.current_player
        if player is None:
            self.infos = {agent: {"action_mask": self._no_actions} for agent in _AGENTS}
            return
        self.agent_selection = _AGENTS[player]
        mask = np.frombuffer(mask_bytes(state.legal_actions(), self._by_id, self.space.size), np.int8)
        self.infos = {_AGENTS[player]: {"action_mask": mask}, _AGENTS[1 - player]: {"action_mask": self._no_actions}}

    def observe(self, agent: str) -> Any:
        state = self.game_state
        seat = _seat(agent)
        seen_state, seen_seat, seen = self._seen
        if seen_state is state and seen_seat == seat:
            return seen
        assert state is not None
        vector = np.frombuffer(observation_bytes(state.view(seat)), np.int8)
        self._seen = (state, seat, vector)
        return vector

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        assert state is not None
        if action is None:
            raise args.wrong_type("action", "an action's number (None only for an agent that is done)", action)
        self._cumulative_rewards[agent] = 0.0
        state = self.game_state = state.apply(self._deal_space.decode(action))  # (agent_selection is the seat to act)
        if state.is_terminal:
            totals = (0, 0) if state.void_reason is not None else state.result().totals
            self.rewards = {_AGENTS[p]: float(totals[p]) for p in (0, 1)}
            self.terminations = {a: True for a in self.agents}
        else:
            rewards = self.rewards
            rewards["player_0"] = rewards["player_1"] = 0.0
        self._select(state)
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
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

    def __str__(self) -> str:
        return str(self.metadata["name"])


#: The bare environment under the name the docs use.
StrohmandelnEnv = raw_env


def _preset(name: str) -> RuleSet:
    return preset(name)
