"""Gymnasium environments: one seat of Strohmandeln against a fixed opponent, alone or many games at
once (optional extra ``gymnasium``: ``pip install "strohmandeln[gymnasium]"``; the library
itself never imports it).

:class:`StrohmandelnEnv` is a single-agent environment: the agent holds seat 0 of a deal of the
preset, and the opponent — a player of :mod:`strohmandeln.players` (by default a
:class:`~strohmandeln.players.RandomPlayer`), or any function from a
:class:`~strohmandeln.PlayerView` to a legal action — plays seat 1 from its own view inside
:meth:`~StrohmandelnEnv.step`. The dealer is drawn for each deal (``options={"dealer": 0}``
chooses it), so the agent plays both Elder and dealer.

* **Observations** are the agent's view as the vector of
  :func:`strohmandeln.encoding.observation` (an ``int8`` array of
  :data:`~strohmandeln.encoding.OBSERVATION_SIZE` entries, ``Box(0, 54)``).
* **Actions** are the numbers of :class:`strohmandeln.encoding.ActionSpace` (``Discrete``);
  ``info["action_mask"]`` and :meth:`~StrohmandelnEnv.action_masks` (the method MaskablePPO of
  sb3-contrib asks for) say which are legal.
* **Rewards** come at the end of the deal: the agent's game points (0 for a void deal). An
  illegal action ends the deal with ``illegal_reward`` (by default the lowest game points a deal
  can score; ``info["illegal_action"]`` is then true), so that a learner that ignores the mask
  is penalised, not stopped.
* **Seeding**: ``reset(seed=s)`` seeds the deals and the default opponent: the same seed plays the
  same episode for the same actions.

>>> import gymnasium
>>> from strohmandeln.gymnasium import ENV_ID, StrohmandelnEnv
>>> env = gymnasium.make(ENV_ID, preset="classic")          # or StrohmandelnEnv("classic")
>>> observation, info = env.reset(seed=1)
>>> observation.shape, int(info["action_mask"].sum()) > 0
((471,), True)

:class:`StrohmandelnVectorEnv` plays ``num_envs`` such games in one process and answers with NumPy
arrays: observations ``(num_envs, OBSERVATION_SIZE)``, rewards, terminations and truncations
``(num_envs,)``, and ``infos["action_mask"]`` ``(num_envs, actions)``. A finished game starts the
next deal in the same step (Gymnasium's ``SAME_STEP`` autoreset): its reward and termination
are the finished deal's, its observation and mask the new deal's, and ``infos["final_obs"]``
holds the last observation of the finished one (where ``infos["_final_obs"]`` is true).

>>> from strohmandeln.gymnasium import StrohmandelnVectorEnv
>>> envs = StrohmandelnVectorEnv("classic", num_envs=4)
>>> observations, infos = envs.reset(seed=1)
>>> observations.shape, infos["action_mask"].shape
((4, 471), (4, 220))
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, Final

import gymnasium  # type: ignore[import-untyped,import-not-found,unused-ignore]
import numpy as np
from gymnasium import spaces  # type: ignore[import-untyped,import-not-found,unused-ignore]
from gymnasium.vector import AutoresetMode, VectorEnv  # type: ignore[import-untyped,import-not-found,unused-ignore]
from gymnasium.vector.utils import batch_space  # type: ignore[import-untyped,import-not-found,unused-ignore]

from ._base import args
from ._core.observe import mask_bytes
from .actions import Action
from .dealing import deal
from .errors import ArgumentValueError, IllegalActionError, Reason
from .encoding import OBSERVATION_SIZE, ActionSpace, observation_bytes, points_bound, preset
from .knowledge import PlayerView
from .players import RandomPlayer
from .state import GameState

__all__ = ["ENV_ID", "StrohmandelnEnv", "StrohmandelnVectorEnv"]

#: An opponent: a function from its view to a legal action (a player of :mod:`strohmandeln.players`).
Opponent = Callable[[PlayerView], Action]
# (the signatures spell the opponent's type out, for the API reference)

#: The agent's seat; the opponent holds the other.
_AGENT: Final = 0


class _Game:
    """One game of the agent against the opponent: the deals, the opponent's moves and the
    reward (what both environments share)."""

    __slots__ = ("rules", "space", "actions", "by_id", "opponent", "random", "rng", "penalty", "state")

    def __init__(self, rules_name: str, opponent: Callable[[PlayerView], Action] | None, illegal_reward: float | None) -> None:
        if opponent is not None and not callable(opponent):
            raise args.wrong_type("opponent", "None or a player (a function of a PlayerView)", opponent)
        self.rules = preset(rules_name)
        self.space = ActionSpace(self.rules)
        self.actions = self.space.actions
        self.by_id = {id(action): i for i, action in enumerate(self.actions)}
        self.rng = random.Random()
        #: the default opponent draws from the game's generator, reseeded with it
        self.random = opponent is None
        self.opponent: Opponent = RandomPlayer(self.rng) if opponent is None else opponent
        self.penalty = -float(points_bound(self.rules)) if illegal_reward is None else _reward(illegal_reward)
        self.state: GameState | None = None

    def seed(self, seed: int) -> None:
        self.rng.seed(seed)

    def new_deal(self, dealer: int | None) -> GameState:
        """A new deal, played by the opponent up to the agent's first decision (dealt again if
        it ends before: the opponent may fold, R7)."""
        while True:
            state = deal(self.rules, dealer=self.rng.getrandbits(1) if dealer is None else dealer, rng=self.rng)
            state = self.opponent_moves(state)
            if not state.is_terminal:
                self.state = state
                return state

    def opponent_moves(self, state: GameState) -> GameState:
        """``state`` after the opponent's moves, up to the agent's turn or the end."""
        while state.current_player == 1 - _AGENT:
            if self.random:  # (RandomPlayer's draw from the state's legal actions: those of its view)
                legal = state.legal_actions()
                action = legal[int(self.rng.random() * len(legal))]
            else:
                action = self.opponent(state.view(1 - _AGENT))
            state = state.apply(action)  # (the opponent's turn: no seat to check)
        return state

    def move(self, action: int) -> tuple[GameState, float, bool]:
        """The agent's action ``action`` and the opponent's answers: the state, the reward, and
        whether the action was illegal (which ends the deal)."""
        state = self.state
        assert state is not None
        if not 0 <= action < len(self.actions):  # (a whole number: the environments' step says)
            return state, self.penalty, True
        try:
            state = state.apply(self.actions[action])  # (the agent's turn: no seat to check)
        except IllegalActionError:
            return state, self.penalty, True
        state = self.opponent_moves(state)
        self.state = state
        if not state.is_terminal:
            return state, 0.0, False
        if state.void_reason is not None:
            return state, 0.0, False
        return state, float(state.result().totals[_AGENT]), False

    def observation(self) -> bytes:
        state = self.state
        assert state is not None
        return observation_bytes(state.view(_AGENT))

    def mask(self) -> bytearray:
        """The agent's legal-action mask now (all 0 once the deal is over)."""
        state = self.state
        assert state is not None
        return mask_bytes(state.legal_actions(), self.by_id, len(self.actions))


def _spaces(space: ActionSpace) -> tuple[Any, Any]:
    return spaces.Box(low=0, high=54, shape=(OBSERVATION_SIZE,), dtype=np.int8), spaces.Discrete(space.size)


def _reward(value: object) -> float:
    """A reward given as an argument: a finite number (not a ``bool``)."""
    if args.is_a(value, bool) or not args.is_a(value, (int, float)):
        raise args.wrong_type("illegal_reward", "None or a number", value)
    try:
        number = float(value)  # type: ignore[arg-type]
    except OverflowError:
        number = math.inf
    if not math.isfinite(number):
        raise ArgumentValueError(Reason.BAD_VALUE, "illegal_reward must be a finite number")
    return number


def _seed(value: object) -> int | None:
    """A seed of a reset: ``None`` or a whole number of at least 0 (as Gymnasium takes it)."""
    return None if value is None else args.count(value, "seed")


def _dealer(options: object) -> int | None:
    """The dealer of a reset's ``options`` (``None``: drawn)."""
    if options is None:
        return None
    given = args.names(options, "options")
    if given is None:
        raise args.wrong_type("options", "None or a dict", options)
    return args.seat_or_none(given.get("dealer"), "options['dealer']")


def _render_mode(value: object) -> str | None:
    if value is not None and args.text(value, "render_mode", 64) != "ansi":
        raise args.bad_value("render_mode", "None or 'ansi'", value)
    return value  # type: ignore[return-value]


class StrohmandelnEnv(gymnasium.Env):  # type: ignore[misc,unused-ignore]  # (untyped where Gymnasium is older)
    """Seat 0 of a deal of ``preset`` (a key of :data:`strohmandeln.PRESETS`) against
    ``opponent`` (see the module description); ``render_mode`` ``"ansi"`` renders the deal as text.

    :raises ArgumentTypeError: for an argument of the wrong type (a ``preset`` or
        ``render_mode`` that is no text, an ``opponent`` that is no function, an
        ``illegal_reward`` that is no number, a ``seed`` or an action that is no whole number,
        ``options`` that are no dict).
    :raises ArgumentValueError: for a name of no preset, a render mode other than ``None`` and
        ``"ansi"``, a reward that is not finite, a negative seed, a dealer that is not 0 or 1.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        preset: str = "classic",
        opponent: Callable[[PlayerView], Action] | None = None,
        *,
        illegal_reward: float | None = None,
        render_mode: str | None = None,
    ) -> None:
        render_mode = _render_mode(render_mode)
        self._game = _Game(preset, opponent, illegal_reward)
        self.rules = self._game.rules
        self.space = self._game.space
        self.observation_space, self.action_space = _spaces(self.space)
        self.render_mode = render_mode
        self._over = True

    @property
    def game_state(self) -> GameState | None:
        """The library's state of the deal (it holds hidden cards: for debugging, not for a bot)."""
        return self._game.state

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """A new deal, up to the agent's first decision: its observation and info (the mask).
        ``seed`` seeds the deals and the default opponent; ``options={"dealer": d}`` chooses the
        dealer (else it is drawn)."""
        seed = _seed(seed)
        dealer = _dealer(options)
        super().reset(seed=seed)
        if seed is not None:
            self._game.seed(seed)
        self._game.new_deal(dealer)
        self._over = False
        return self._observe(), self._info(False)

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The agent's action (a number of the action space) and the opponent's answers: the
        observation, the reward, whether the deal is over, ``False`` (never truncated) and the
        info (the mask, and whether the action was illegal).

        :raises RuntimeError: after the end of the deal, until :meth:`reset`.
        """
        if self._over:
            raise RuntimeError("the deal is over: call reset() first")
        state, reward, illegal = self._game.move(_action(action))
        self._over = illegal or state.is_terminal
        return self._observe(), reward, self._over, False, self._info(illegal)

    def action_masks(self) -> Any:
        """The legal actions of the agent now, as booleans (for MaskablePPO)."""
        if self._game.state is None or self._over:
            return np.zeros(self.space.size, bool)
        return np.frombuffer(self._game.mask(), np.int8).astype(bool)

    def _observe(self) -> Any:
        return np.frombuffer(self._game.observation(), np.int8)

    def _info(self, illegal: bool) -> dict[str, Any]:
        mask = np.frombuffer(self._game.mask(), np.int8)
        return {"action_mask": mask, "illegal_action": illegal}

    def render(self) -> str | None:
        """The agent's view as a line of text (``render_mode`` ``"ansi"``), else ``None``."""
        state = self._game.state
        if self.render_mode is None or state is None:
            return None
        view = state.view(_AGENT)
        hand = " ".join(str(card) for card in view.hand)
        trick = " ".join(str(play) for play in view.current_trick)
        return f"{self.rules.name}, {view.phase.value}, trick {view.trick_number + 1}: hand {hand} | led {trick or '-'}"


def _action(value: object) -> int:
    """An action's number (a whole number; one out of the space is illegal, not refused)."""
    number = value if type(value) is int else args.whole(value)
    if number is None:
        raise args.wrong_type("action", "an action's number (a whole number)", value)
    return number


def _actions(values: object, count: int) -> list[int]:
    """The actions of ``count`` games: an array or a sequence of whole numbers."""
    try:
        array = np.asarray(values)
    except Exception as error:  # (an object of any kind, read by NumPy)
        raise args.wrong_type("actions", f"{count} action numbers", values) from error
    if array.shape != (count,) and array.size != count:
        raise ArgumentValueError(Reason.BAD_VALUE, f"actions must hold one action number for each of the {count} games")
    if array.dtype.kind not in "iu":
        raise args.wrong_type("actions", f"{count} whole numbers (an integer array)", values)
    return [int(x) for x in array.reshape(count).tolist()]


#: The most games one :class:`StrohmandelnVectorEnv` plays (each holds a deal, its buffers and a
#: player; a learning run uses a few hundred to a few thousand).
MAX_ENVS: Final = 65_536


class StrohmandelnVectorEnv(VectorEnv):  # type: ignore[misc,unused-ignore]
    """``num_envs`` games of :class:`StrohmandelnEnv` in one process, answered with NumPy arrays
    (see the module description). The observations and masks are written into buffers NumPy
    reads in place (no Python list of them is made); ``copy=False`` returns those buffers
    themselves, which the next step overwrites.

    ``opponent`` is one player for every game (by default each game has a random player of its
    own); ``make_opponent``, a function of the game's number, makes each game's own instead.

    :raises ArgumentTypeError: as :class:`StrohmandelnEnv`, and for a ``make_opponent`` that is
        no function, a ``copy`` that is no ``bool``, actions that are not whole numbers.
    :raises ArgumentValueError: as :class:`StrohmandelnEnv`, and for ``num_envs`` below 1 or
        above ``MAX_ENVS`` (65,536), seeds or actions not one for each game.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(
        self,
        preset: str = "classic",
        num_envs: int = 256,
        opponent: Callable[[PlayerView], Action] | None = None,
        *,
        make_opponent: Callable[[int], Callable[[PlayerView], Action]] | None = None,
        illegal_reward: float | None = None,
        copy: bool = True,
    ) -> None:
        num_envs = args.count(num_envs, "num_envs", least=1, most=MAX_ENVS)
        if make_opponent is not None and not callable(make_opponent):
            raise args.wrong_type("make_opponent", "None or a function of the game's number", make_opponent)
        self.copy = args.flag(copy, "copy")
        self.num_envs = num_envs
        self._games = [
            _Game(preset, make_opponent(k) if make_opponent is not None else opponent, illegal_reward) for k in range(num_envs)
        ]
        self.space = self._games[0].space
        self.rules = self._games[0].rules
        self.single_observation_space, self.single_action_space = _spaces(self.space)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        size = self.space.size
        self._obs_buffer = bytearray(num_envs * OBSERVATION_SIZE)
        self._mask_buffer = bytearray(num_envs * size)
        self._final_buffer = bytearray(num_envs * OBSERVATION_SIZE)
        self._observations = np.frombuffer(self._obs_buffer, np.int8).reshape(num_envs, OBSERVATION_SIZE)
        self._masks = np.frombuffer(self._mask_buffer, np.int8).reshape(num_envs, size)
        self._final = np.frombuffer(self._final_buffer, np.int8).reshape(num_envs, OBSERVATION_SIZE)
        self._started = False

    def reset(self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """New deals in every game; ``seed`` seeds game ``k`` with ``seed + k`` (or takes a list
        of seeds); ``options={"dealer": d}`` chooses every dealer."""
        dealer = _dealer(options)
        if seed is not None:
            if args.is_a(seed, (list, tuple)):
                seeds = [args.count(s, f"seed[{k}]") for k, s in enumerate(args.items(seed, "seed", self.num_envs))]
            else:
                first = args.count(seed, "seed")
                seeds = [first + k for k in range(self.num_envs)]
            if len(seeds) != self.num_envs:
                raise ArgumentValueError(Reason.BAD_VALUE, f"give one seed for each of the {self.num_envs} games")
            for game, s in zip(self._games, seeds):
                game.seed(s)
        for k, game in enumerate(self._games):
            game.new_deal(dealer)
            self._write(k, game)
        self._started = True
        return self._answer(self._observations), {"action_mask": self._answer(self._masks)}

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """One action of each game's agent (an array of ``num_envs`` numbers): the observations,
        rewards, terminations, truncations (never) and infos, as arrays (see the module
        description for a game that ends).

        :raises RuntimeError: before :meth:`reset`.
        """
        if not self._started:
            raise RuntimeError("call reset() before step()")
        chosen = _actions(actions, self.num_envs)
        rewards = np.zeros(self.num_envs, np.float64)
        terminations = np.zeros(self.num_envs, bool)
        ended = np.zeros(self.num_envs, bool)
        final = self._final_buffer
        size = OBSERVATION_SIZE
        for k, game in enumerate(self._games):
            state, reward, illegal = game.move(chosen[k])
            if illegal or state.is_terminal:
                rewards[k] = reward
                terminations[k] = ended[k] = True
                final[k * size : (k + 1) * size] = game.observation()
                game.new_deal(None)
            self._write(k, game)
        infos: dict[str, Any] = {"action_mask": self._answer(self._masks)}
        if ended.any():
            infos["final_obs"] = self._final.copy()
            infos["_final_obs"] = ended
        truncations = np.zeros(self.num_envs, bool)
        return self._answer(self._observations), rewards, terminations, truncations, infos

    def action_masks(self) -> Any:
        """The legal actions of every game now, as booleans ``(num_envs, actions)``."""
        return self._masks.astype(bool)

    def _write(self, k: int, game: _Game) -> None:
        """Game ``k``'s observation and mask into the buffers."""
        size = OBSERVATION_SIZE
        self._obs_buffer[k * size : (k + 1) * size] = game.observation()
        n = len(game.actions)
        self._mask_buffer[k * n : (k + 1) * n] = game.mask()

    def _answer(self, array: Any) -> Any:
        return array.copy() if self.copy else array


#: The id of the environments with Gymnasium's registry (``gymnasium.make(ENV_ID,
#: preset="classic")``, ``gymnasium.make_vec(ENV_ID, num_envs=256)``).
ENV_ID: Final = "strohmandeln/Strohmandeln-v0"
if ENV_ID not in gymnasium.registry:
    gymnasium.register(
        id=ENV_ID,
        entry_point=f"{__name__}:StrohmandelnEnv",
        vector_entry_point=f"{__name__}:StrohmandelnVectorEnv",
        disable_env_checker=False,
    )
