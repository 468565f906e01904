"""The kernel's single calls beside OpenSpiel's ``apply_action`` (issue 34).

``python benchmarks/kernel_calls.py [--rounds N] [--views N]`` prints, per call, the median
microseconds per call over the rounds and the median, round by round, of its ratio to one
``apply_action`` of OpenSpiel's tarok (``pyspiel.load_game("tarok", {"players": 3})``) on the
same thread in the same round:

* ``apply``: ``state.apply(action)`` on play-phase states of random ``CLASSIC`` deals, the action
  a random game chose;
* ``first_sample``: ``Sampler(view).sample(rng)`` on a new view of a new replay of each of the
  mid-game positions of :func:`suite.mid_game` (the player to act's: nothing is reused from an
  earlier round);
* ``sampler_model`` and ``first_draw``: the two halves of a first sample, ``Sampler(view)`` (what
  the view's history implies about the hidden cards) and then the first ``sampler.sample(rng)``
  (a draw and the record of a full state), on new views;
* ``sample_again``: ``sampler.sample(rng)`` on samplers that sampled once already;
* ``information_state_key``: :func:`strohmandeln.encoding.information_state_key` of new views.

The timing is :mod:`timing`'s: thread CPU time, the workloads interleaved in rounds in one
process, an untimed set-up per round. The load indicator is wall-clock ÷ thread CPU time of the
whole run (about 1 on an idle machine; above 1.5 the figures are of a busy one).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from suite import load_openspiel, mid_game, replay, views_of  # noqa: E402
from timing import Workload, interleaved, ratios  # noqa: E402

from strohmandeln import CLASSIC, GameState, PlayerView, deal  # noqa: E402
from strohmandeln.actions import Action  # noqa: E402
from strohmandeln.encoding import information_state_key  # noqa: E402
from strohmandeln.sampling import Sampler  # noqa: E402

SEED = 20261202


def play_moves(deals: int, seed: int) -> list[tuple[GameState, Action]]:
    """Every card-play state of ``deals`` random ``CLASSIC`` deals with the action played there
    (a state keeps nothing it works out, so the same states serve every round)."""
    rng = random.Random(seed)
    out: list[tuple[GameState, Action]] = []
    for k in range(deals):
        state = deal(CLASSIC, dealer=k & 1, rng=rng)
        while not state.is_terminal:
            action = rng.choice(state.legal_actions())
            if state.phase.value == "play":
                out.append((state, action))
            state = state.apply(action)
    return out


def openspiel_moves(game: Any, games: int, seed: int) -> list[tuple[Any, int]]:
    """Clones of every decision state of ``games`` random tarok games with the action taken."""
    rng = random.Random(seed)
    out: list[tuple[Any, int]] = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            action = rng.choice(state.legal_actions())
            out.append((state.clone(), action))
            state.apply_action(action)
    return out


def _apply_all(moves: Sequence[tuple[GameState, Action]]) -> int:
    for state, action in moves:
        state.apply(action)
    return len(moves)


def _openspiel_all(moves: Sequence[tuple[Any, int]]) -> int:
    for state, action in moves:
        state.apply_action(action)
    return len(moves)


def _first_samples(prepared: tuple[list[PlayerView], random.Random]) -> int:
    views, rng = prepared
    for view in views:
        Sampler(view).sample(rng)
    return len(views)


def _models(views: Sequence[PlayerView]) -> int:
    for view in views:
        Sampler(view)
    return len(views)


def _again(prepared: tuple[list[Sampler], random.Random]) -> int:
    samplers, rng = prepared
    for sampler in samplers:
        sampler.sample(rng)
    return len(samplers)


def _keys(views: Sequence[PlayerView]) -> int:
    for view in views:
        information_state_key(view)
    return len(views)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--views", type=int, default=60, help="mid-game positions sampled per round")
    parser.add_argument("--deals", type=int, default=20, help="random deals whose card plays are applied")
    ns = parser.parse_args(argv)
    game = load_openspiel()
    if isinstance(game, str):
        raise SystemExit(f"OpenSpiel is needed for the ratios: {game}")
    moves = play_moves(ns.deals, SEED)
    middle = mid_game(ns.views, seed=12)

    def fresh_views() -> list[PlayerView]:
        return views_of([replay(state) for state in middle])

    def samplers() -> tuple[list[Sampler], random.Random]:
        made = [Sampler(view) for view in fresh_views()]
        for sampler in made:
            sampler.sample(random.Random(SEED + 1))
        return made, random.Random(SEED)

    workloads = [
        Workload("openspiel_apply_action", _openspiel_all, lambda: openspiel_moves(game, 60, SEED), lambda p, r: int(r)),
        Workload("apply", _apply_all, lambda: moves),
        Workload("first_sample", _first_samples, lambda: (fresh_views(), random.Random(SEED))),
        Workload("sampler_model", _models, fresh_views),
        Workload("first_draw", _again, lambda: ([Sampler(view) for view in fresh_views()], random.Random(SEED))),
        Workload("sample_again", _again, samplers),
        Workload("information_state_key", _keys, fresh_views),
    ]
    wall, cpu = time.perf_counter(), time.process_time()
    timed = interleaved(workloads, ns.rounds)
    load = (time.perf_counter() - wall) / max(time.process_time() - cpu, 1e-9)
    base = timed["openspiel_apply_action"].micros()
    print(f"{ns.rounds} rounds; load indicator wall/CPU = {load:.2f}")
    print(f"{'call':24} {'µs/call (median, min-max)':>28} {'÷ apply_action (median, min-max)':>34}")
    for name, rounds in timed.items():
        micros = rounds.micros()
        ratio = ratios(micros, base)
        print(
            f"{name:24} {statistics.median(micros):10.2f} ({min(micros):.2f}-{max(micros):.2f})"
            f"{statistics.median(ratio):14.1f} ({min(ratio):.1f}-{max(ratio):.1f})"
        )


if __name__ == "__main__":
    main()
