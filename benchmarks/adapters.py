"""The adapters' speed: OpenSpiel, PettingZoo and Gymnasium on the library, beside OpenSpiel's tarok.

Run it after ``pip install -e ".[bench,openspiel,pettingzoo,gymnasium]"`` (for the compiled build,
with the Python of a virtual environment that has the compiled wheel and those extras)::

    python benchmarks/adapters.py            # the full run (a few minutes)
    python benchmarks/adapters.py --quick    # a smoke run (seconds)
    python benchmarks/adapters.py --json out.json

**How it times.** As the suite does (``benchmarks/timing.py``): this thread's CPU time
(:func:`time.thread_time`), the garbage collector on, in rounds; every round runs OpenSpiel's
tarok (the same loop as the suite's) and every adapter workload once, in an order that turns by
one place each round, after an untimed warm-up round, and each round does the same seeded work.
Beside CPU time each workload's wall-clock time is taken: *load* is wall ÷ CPU (about 1 on a
quiet machine; 2 when another process holds the core half the time). Each figure is the median
over the rounds (the spread min-max beside it), the ratio to tarok taken round by round. As
machines differ, each figure is also given *scaled* to tarok at 770,000 actions/s (what issue 32's
quiet machine ran it at): a rate times 770,000 ÷ tarok's rate of the same round, a time times
tarok's rate ÷ 770,000 — an estimate, which assumes both slow down alike.

The workloads:

* ``pyspiel``: random games of ``python_strohmandeln`` (``classic``) through the pyspiel API,
  the loop of OpenSpiel's tarok (``rng.choice(state.chance_outcomes())`` at a chance node,
  ``rng.choice(state.legal_actions())`` at a decision, ``apply_action``, ``returns()``); as for
  tarok, only decisions count as actions (the 54 chance nodes of a deal are timed, not counted).
* ``ismcts``: OpenSpiel's ``ISMCTSBot`` (40 simulations a move, ``uct_c`` 2) with the library's
  :class:`~strohmandeln.openspiel.PlayoutEvaluator` and :class:`~strohmandeln.openspiel.Resampler`
  playing seat 0 of whole deals against :class:`~strohmandeln.players.HeuristicPlayer`: its
  simulations (40 per move with more than one legal action) per second of the whole run.
* ``pettingzoo``: random agents on ``strohmandeln.pettingzoo.env()`` (the wrapped environment):
  ``agent_iter``, ``last()``, a uniform choice among ``np.flatnonzero(info["action_mask"])`` with a
  :class:`random.Random`, ``step``; episodes per second.
* ``pettingzoo_raw``: the same loop on the bare ``raw_env`` (no PettingZoo wrappers; for
  scale: the wrappers forward every attribute through three objects). No target.
* ``pettingzoo_ceiling``: the same loop on an environment that does nothing (a fixed observation
  and mask, 56 steps an episode, about a deal's) under the same three PettingZoo wrappers as
  ``env()``: what the wrappers alone allow, the ceiling of any wrapped environment. No target.
* ``vector``: :class:`~strohmandeln.gymnasium.StrohmandelnVectorEnv`, 256 games, random masked
  actions (``argmax(random × mask)`` per game, in NumPy) against the default random opponent;
  steps (agent actions, summed over the games) per second.
* ``key``: :func:`strohmandeln.encoding.information_state_key` of the views of the player to act
  at every card-play moment of 40 random deals; microseconds per key.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]
from open_spiel.python.algorithms import ismcts  # type: ignore[import-untyped,import-not-found,unused-ignore]
from suite import openspiel_random_games

import strohmandeln as sm
from strohmandeln.encoding import information_state_key
from strohmandeln.gymnasium import StrohmandelnVectorEnv
from strohmandeln.openspiel import GAME_NAME, PlayoutEvaluator, Resampler, from_state
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped,import-not-found,unused-ignore]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped,import-not-found,unused-ignore]

from strohmandeln.pettingzoo import env as pettingzoo_env
from strohmandeln.pettingzoo import raw_env
from strohmandeln.players import HeuristicPlayer

#: OpenSpiel's tarok on the quiet machine of issue 32 (actions/s), for the scaled figures.
TAROK_QUIET = 770_000.0
#: The targets of issue 32 (compiled build): (figure, unit, target, higher is better).
TARGETS = {
    "pyspiel": ("random actions through the pyspiel API ÷ tarok", "×", 0.25, True),
    "ismcts": ("ISMCTSBot simulations/s, library evaluator", "sims/s", 2500.0, True),
    "pettingzoo": ("PettingZoo random agents", "episodes/s", 1000.0, True),
    "pettingzoo_raw": ("PettingZoo random agents, raw_env (no target)", "episodes/s", 0.0, True),
    "pettingzoo_ceiling": ("PettingZoo wrappers around a do-nothing env (no target)", "episodes/s", 0.0, True),
    "vector": ("vector env, 256 games, random masked actions", "steps/s", 50000.0, True),
    "key": ("information_state_key", "µs", 3.0, False),
}


@dataclass
class Work:
    """One workload: ``run(prepared)`` is timed, ``setup()`` is not; ``run`` returns its units."""

    name: str
    run: Callable[[Any], int]
    setup: Callable[[], Any] = lambda: None
    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    units: list[int] = field(default_factory=list)


def rounds(works: list[Work], count: int) -> None:
    """``count`` rounds of every workload (an untimed warm-up first), the order turning each round."""
    n = len(works)
    for r in range(-1, count):
        turn = r % n
        for work in works[turn:] + works[:turn]:
            prepared = work.setup()
            gc.collect()
            wall, cpu = time.perf_counter(), time.thread_time()
            units = work.run(prepared)
            cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
            if r >= 0:
                work.cpu.append(cpu)
                work.wall.append(wall)
                work.units.append(units)


# -- the workloads ---------------------------------------------------------------------------


def pyspiel_games(game: Any, games: int) -> int:
    return openspiel_random_games(game, games, 0)


def ismcts_deals(deals: int, simulations: int) -> int:
    """Deals of ISMCTS (seat 0) against the heuristic player (seat 1); the simulations run."""
    game = pyspiel.load_game(GAME_NAME, {"preset": "classic"})
    bot = ismcts.ISMCTSBot(
        game=game, evaluator=PlayoutEvaluator(random.Random(1)), uct_c=2.0, max_simulations=simulations, random_state=np.random.RandomState(1)
    )
    bot.set_resampler(Resampler(1))
    heuristic = HeuristicPlayer()
    space = game.space
    total = 0
    for k in range(deals):
        state = from_state(sm.deal(sm.CLASSIC, dealer=k % 2, rng=k), game)
        while not state.is_terminal():
            library_state = state.strohmandeln_state()
            assert library_state is not None
            if state.current_player() == 0:
                if len(state.legal_actions()) > 1:
                    total += simulations
                state.apply_action(bot.step(state))
            else:
                state.apply_action(space.encode(heuristic(library_state.view(1))))
    return total


class Nothing(AECEnv):  # type: ignore[misc,unused-ignore]
    """An AEC environment that does nothing: two agents, a fixed observation and mask, ``steps``
    agent steps an episode. Under PettingZoo's wrappers, the ceiling of any wrapped environment."""

    metadata: dict[str, Any] = {"name": "nothing_v0", "is_parallelizable": False, "render_modes": []}

    def __init__(self, steps: int = 56) -> None:
        super().__init__()
        self.possible_agents = ["player_0", "player_1"]
        self._steps = steps
        self._observation = np.zeros(8, dtype=np.int8)
        self._mask = np.ones(4, dtype=np.int8)
        self._spaces = {a: spaces.Box(0, 1, (8,), np.int8) for a in self.possible_agents}
        self._actions = {a: spaces.Discrete(4) for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Box:
        return self._spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._actions[agent]

    def observe(self, agent: str) -> Any:
        return self._observation

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.agents = list(self.possible_agents)
        self.done = 0
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = dict(self.rewards)
        self.terminations = {a: False for a in self.agents}
        self.truncations = dict(self.terminations)
        self.infos = {a: {"action_mask": self._mask} for a in self.agents}
        self.agent_selection = "player_0"

    def step(self, action: Any) -> None:
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        self.done += 1
        if self.done >= self._steps:
            self.terminations = {a: True for a in self.agents}
        self.agent_selection = "player_1" if self.agent_selection == "player_0" else "player_0"


def nothing_wrapped() -> Any:
    """:class:`Nothing` under the three wrappers of ``strohmandeln.pettingzoo.env()``."""
    wrapped = wrappers.TerminateIllegalWrapper(Nothing(), illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def pettingzoo_episodes(episodes: int, wrapped: bool = True, make: Callable[[], Any] | None = None) -> int:
    game = make() if make is not None else pettingzoo_env() if wrapped else raw_env()
    rng = random.Random(0)
    for k in range(episodes):
        game.reset(seed=k)
        for _ in game.agent_iter():
            _, _, termination, truncation, info = game.last()
            if termination or truncation:
                game.step(None)
                continue
            legal = np.flatnonzero(info["action_mask"])
            game.step(legal[int(rng.random() * len(legal))])
    return episodes


def vector_steps(envs: StrohmandelnVectorEnv, steps: int) -> int:
    choose = np.random.default_rng(0)
    _, infos = envs.reset(seed=0)
    for _ in range(steps):
        masks = infos["action_mask"]
        _, _, _, _, infos = envs.step(np.argmax(choose.random(masks.shape) * masks, axis=1))
    return steps * envs.num_envs


def play_views(deals: int) -> list[sm.PlayerView]:
    rng = random.Random(3)
    views = []
    for k in range(deals):
        state = sm.deal(sm.CLASSIC, dealer=k % 2, rng=rng)
        while not state.is_terminal:
            if state.phase is sm.Phase.PLAY:
                views.append(state.view(state.current_player))
            legal = state.legal_actions()
            state = state.apply(legal[int(rng.random() * len(legal))])
    return views


def keys_of(views: list[sm.PlayerView]) -> int:
    for view in views:
        information_state_key(view)
    return len(views)


# -- the report --------------------------------------------------------------------------------


def spread(values: list[float]) -> tuple[float, float, float]:
    return statistics.median(values), min(values), max(values)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="a smoke run: 2 rounds of small batches")
    parser.add_argument("--rounds", type=int, default=None, help="rounds (default 7, quick 2)")
    parser.add_argument("--json", metavar="PATH", help="write the figures and their rounds here")
    args = parser.parse_args(argv)
    quick = args.quick
    count = args.rounds or (2 if quick else 7)
    tarok = pyspiel.load_game("tarok", {"players": 3, "rng_seed": 0})
    ours = pyspiel.load_game(GAME_NAME, {"preset": "classic"})
    envs = StrohmandelnVectorEnv("classic", num_envs=256, copy=False)
    views = play_views(4 if quick else 40)
    works = [
        Work("tarok", lambda _: openspiel_random_games(tarok, 100 if quick else 2500, 0)),
        Work("pyspiel", lambda _: pyspiel_games(ours, 4 if quick else 100)),
        Work("ismcts", lambda _: ismcts_deals(1, 8 if quick else 40)),
        Work("pettingzoo", lambda _: pettingzoo_episodes(4 if quick else 200)),
        Work("pettingzoo_raw", lambda _: pettingzoo_episodes(4 if quick else 200, wrapped=False)),
        Work("pettingzoo_ceiling", lambda _: pettingzoo_episodes(4 if quick else 200, make=nothing_wrapped)),
        Work("vector", lambda _: vector_steps(envs, 4 if quick else 120)),
        Work("key", lambda _: keys_of(views)),
    ]
    rounds(works, count)
    by_name = {work.name: work for work in works}
    base = by_name["tarok"]
    tarok_rates = [u / c for u, c in zip(base.units, base.cpu)]
    print(f"strohmandeln {sm.__version__}, the {'compiled' if sm.COMPILED else 'pure'} build; Python {sys.version.split()[0]}")
    print(f"{count} rounds; CPU time of this thread; load = wall ÷ CPU")
    print(f"  OpenSpiel tarok: {spread(tarok_rates)[0]:,.0f} actions/s (load {spread([w / c for w, c in zip(base.wall, base.cpu)])[0]:.2f})")
    out: dict[str, Any] = {"build": "compiled" if sm.COMPILED else "pure", "rounds": count, "quick": quick, "figures": {}}
    missed = 0
    for name, (label, unit, target, higher) in TARGETS.items():
        work = by_name[name]
        rates = [u / c for u, c in zip(work.units, work.cpu)]
        if name == "pyspiel":
            values = [rate / t for rate, t in zip(rates, tarok_rates)]
        elif name == "key":
            values = [c / u * 1e6 for u, c in zip(work.units, work.cpu)]
        else:
            values = rates
        load = [w / c for w, c in zip(work.wall, work.cpu)]
        if name == "pyspiel":
            scaled = values
        elif name == "key":
            scaled = [v * t / TAROK_QUIET for v, t in zip(values, tarok_rates)]
        else:
            scaled = [v * TAROK_QUIET / t for v, t in zip(values, tarok_rates)]
        median, low, high = spread(values)
        met = median >= target if higher else median <= target
        missed += not met
        print(
            f"  {label:50s} {median:>11,.3f} {unit:10s} [{low:,.3f} - {high:,.3f}]  scaled {spread(scaled)[0]:>11,.3f}"
            f"  target {'≥' if higher else '≤'} {target:g}  load {spread(load)[0]:.2f}  {'ok' if met else 'MISSED'}"
        )
        out["figures"][name] = {"label": label, "unit": unit, "median": median, "rounds": values, "scaled": scaled, "load": load, "target": target, "met": met}
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(out, handle, indent=1)
    print(f"{len(TARGETS) - missed} of {len(TARGETS)} targets met (the targets are the compiled build's)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
