"""The groups of the benchmark suite: each builds its workloads, times them in interleaved rounds
(:mod:`timing`) and fills in its figures of :class:`suite.Results`.

* ``engines``: OpenSpiel's tarok, our random full deals through the public API (``CLASSIC`` and
  ``EXTENDED``), our batch playouts (both) and the minimal engine of ``floor.py``, every engine
  once per round. Each round gives each engine's rate, and each ratio is taken within the round
  (ours ÷ OpenSpiel's, ours ÷ the minimal engine's); the figure is the median of the ratios.
* ``calls``: ``apply``, ``legal_actions()``, ``result()``, ``view(player)``, the samples and
  the document round trip, each on a batch of new objects that the round's untimed setup
  makes, once per round.
* ``import``: ``python -X importtime -c "import strohmandeln"`` in fresh interpreters.
* ``memory``: bytes per ``apply`` under :mod:`tracemalloc` (not timed).
* ``perft``: the stored counts, checked every round, and leaf nodes per second.
"""

from __future__ import annotations

import gc
import os
import random
import re
import subprocess
import sys
import tempfile
import tracemalloc
from collections.abc import Callable, Sequence
from typing import Any

import floor
import perft
from suite import (
    Positions,
    Results,
    Route,
    apply_each,
    decisions,
    legal_actions_of,
    load_openspiel,
    mid_game,
    openspiel_random_games,
    play_playouts,
    play_random_deals,
    play_rollouts,
    rebuild,
    replay,
    replayed_playouts,
    rollout_starts,
    result_of,
    round_trip_each,
    sample_again_each,
    sample_each,
    sample_positions,
    view_each,
    views_of,
)
from timing import CLOCK, WALL, Workload, interleaved, ratios, worst

from strohmandeln import CLASSIC, EXTENDED, GameState, RuleSet
from strohmandeln.sampling import Sampler
from strohmandeln.serialization import from_dict, to_dict

#: The seed of the work of every round: each round does the same work.
SEED = 0


# ----------------------------------------------------------------------------------------------
# The engines


def _deals(rules: RuleSet, deals: int) -> Workload:
    return Workload(f"deals_{rules.name}", lambda _: play_random_deals(rules, deals, SEED))


def _playouts(rules: RuleSet, calls: int, deals: int) -> Workload:
    """``calls`` calls of ``playouts(rules, deals, rng)`` (seeds 0, 1, ...), each timed alone: the
    actions of each are counted from its final states' histories after the clock stops, and the
    final states dropped before the next call."""
    return Workload(
        f"playouts_{rules.name}",
        lambda seed: play_playouts(rules, deals, seed),
        setup=lambda: range(SEED, SEED + calls),
        units=lambda _, finals: decisions(finals),
        split=True,
    )


def _rollouts(rules: RuleSet, states: int) -> Workload:
    """One call of ``playouts_from`` on ``states`` mid-game states of ``rules`` (the same states
    every round; they are immutable): the actions counted from the histories after the clock."""
    starts = rollout_starts(rules, states, SEED + 1)
    before = decisions(starts)
    return Workload(
        f"rollouts_{rules.name}",
        lambda _: play_rollouts(starts, SEED),
        units=lambda _, finals: decisions(finals) - before,
    )


def check_playouts(deals: int = 20) -> None:
    """``playouts`` gives the deals its documented loop gives, and their histories count the
    actions that loop applied (so the batch's count of actions is right).

    :raises AssertionError: if not.
    """
    for rules in (CLASSIC, EXTENDED):
        finals, actions = replayed_playouts(rules, deals, SEED)
        batch = play_playouts(rules, deals, SEED)
        assert batch == finals, f"playouts({rules.name}) differs from its documented loop"
        assert decisions(batch) == actions, f"playouts({rules.name}): the histories do not count the actions"


def measure_engines(results: Results) -> None:
    s = results.settings
    game = load_openspiel() if s.peer else "not measured (--no-peer)"
    peer = not isinstance(game, str)
    if isinstance(game, str):
        for key in (
            "openspiel",
            "ratio_classic",
            "ratio_extended",
            "playouts_ratio_classic",
            "playouts_ratio_extended",
            "rollouts_ratio_classic",
            "rollouts_ratio_extended",
        ):
            results[key].note = game
    check_playouts()
    assert floor.check_against_library(50, seed=3) == 50 * 54, "the minimal engine differs from the library"
    workloads = [
        _deals(CLASSIC, s.deals),
        _deals(EXTENDED, s.deals),
        _playouts(CLASSIC, s.playout_calls, s.playout_deals),
        _playouts(EXTENDED, s.playout_calls, s.playout_deals),
        _rollouts(CLASSIC, s.playout_deals),
        _rollouts(EXTENDED, s.playout_deals),
        Workload("floor", lambda _: floor.floor_random_deals(s.floor_deals, SEED), units=lambda _, __: s.floor_deals),
    ]
    if peer:
        workloads.insert(0, Workload("openspiel", lambda _: openspiel_random_games(game, s.openspiel_games, SEED)))
    timed = interleaved(workloads, s.rounds)
    deals = {"deals": s.deals, "playouts": s.playout_calls * s.playout_deals}
    for kind in ("deals", "playouts"):
        for rules in (CLASSIC, EXTENDED):
            name = f"{kind}_{rules.name}"
            prefix = "" if kind == "deals" else "playouts_"
            rounds = timed[name]
            results[f"{prefix}actions_{rules.name}"].set_values(rounds.rates())
            results[f"{prefix}actions_{rules.name}"].set_loads(rounds.loads())
            results[f"{prefix}deals_{rules.name}"].set_values([deals[kind] / t for t in rounds.seconds])
            results[f"{prefix}deals_{rules.name}"].set_loads(rounds.loads())
            if peer:
                results[f"{prefix}ratio_{rules.name}"].set_values(ratios(rounds.rates(), timed["openspiel"].rates()))
                results[f"{prefix}ratio_{rules.name}"].set_loads(worst(rounds.loads(), timed["openspiel"].loads()))
    for rules in (CLASSIC, EXTENDED):
        rounds = timed[f"rollouts_{rules.name}"]
        results[f"rollouts_actions_{rules.name}"].set_values(rounds.rates())
        results[f"rollouts_actions_{rules.name}"].set_loads(rounds.loads())
        if peer:
            results[f"rollouts_ratio_{rules.name}"].set_values(ratios(rounds.rates(), timed["openspiel"].rates()))
            results[f"rollouts_ratio_{rules.name}"].set_loads(worst(rounds.loads(), timed["openspiel"].loads()))
    results["rollouts_ratio_classic"].note = (
        f"(both presets) actions/s of one call of playouts_from(states, rng) a round on {s.playout_deals} states at the "
        "first lead of the seventh trick of random deals (a search's rollouts), ÷ OpenSpiel's in the same round"
    )
    ours = [s.deals / t for t in timed["deals_classic"].seconds]
    theirs = timed["floor"].rates()
    results["floor"].set_values(theirs)
    results["floor"].set_loads(timed["floor"].loads())
    results["floor_ratio"].set_values(ratios(ours, theirs))
    results["floor_ratio"].set_loads(worst(timed["deals_classic"].loads(), timed["floor"].loads()))
    results["floor"].note = "benchmarks/floor.py: the card play only, mutable, unchecked (no auction, bonuses, views)"
    if peer:
        results["openspiel"].set_values(timed["openspiel"].rates())
        results["openspiel"].set_loads(timed["openspiel"].loads())
        results["openspiel"].note = (
            'pyspiel.load_game("tarok", {"players": 3, "rng_seed": 0}), rng.choice(legal_actions()) at '
            "each of its players' decisions (counted; chance nodes are not)"
        )
    results["ratio_classic"].note = (
        "(both presets) our actions/s ÷ OpenSpiel's in the same round; the loop: deal(rules, dealer=k % 2, rng=rng), "
        "rng.choice(state.legal_actions()) and apply at every decision, then result()"
    )
    results["playouts_ratio_classic"].note = (
        f"(both presets) actions/s of {s.playout_calls} calls of playouts(rules, {s.playout_deals}, rng) a round, each timed "
        "alone, ÷ OpenSpiel's in the same round; actions counted after the clock stops (len(final.history) "
        "of each final state)"
    )
    results.details.append(
        f"engines: per round {s.openspiel_games:,} OpenSpiel games, {s.deals:,} deals of each preset through the "
        f"public API, {s.playout_calls} × playouts of {s.playout_deals} deals of each, {s.floor_deals:,} deals of the "
        "minimal engine"
    )


# ----------------------------------------------------------------------------------------------
# Calls on fresh objects


def _fresh_moves(plays: Sequence[tuple[GameState, Any, Any]]) -> Callable[[], list[Route]]:
    return lambda: [(parent.apply(action), played) for parent, action, played in plays]


def _fresh(routes: Sequence[Route]) -> Callable[[], list[GameState]]:
    return lambda: rebuild(routes)


def _with_player(routes: Sequence[Route]) -> Callable[[], list[tuple[GameState, int | None]]]:
    def setup() -> list[tuple[GameState, int | None]]:
        states = rebuild(routes)
        return [(state, state.current_player) for state in states]

    return setup


def _first_samples(states: Sequence[GameState], spectator: bool) -> Callable[[], tuple[list[Any], random.Random]]:
    """New views of new replays of the positions (nothing kept from an earlier round), a new rng."""
    return lambda: (views_of([replay(state) for state in states], spectator), random.Random(SEED))


def _samplers(states: Sequence[GameState]) -> Callable[[], tuple[list[Sampler], random.Random]]:
    """Samplers of new views that have sampled once already, and a new rng."""

    def setup() -> tuple[list[Sampler], random.Random]:
        samplers = [Sampler(view) for view in views_of([replay(state) for state in states])]
        sample_again_each(samplers, random.Random(SEED + 1))
        return samplers, random.Random(SEED)

    return setup


def _count(prepared: Any, _: object) -> int:
    return len(prepared[0] if isinstance(prepared, tuple) else prepared)


def measure_calls(results: Results, positions: Positions) -> None:
    s = results.settings
    routes = positions.routes()
    finished = positions.finished[: s.round_trips]
    probe = rebuild(finished[:1])[0]
    assert from_dict(to_dict(probe)) == probe, "the round trip does not give an equal state back"
    middle = mid_game(s.sample_views, seed=12)
    spectators = middle[: s.spectator_views]
    workloads = [
        Workload("apply", apply_each, _fresh_moves(positions.plays), _count),
        Workload("legal_actions", legal_actions_of, _fresh(routes), _count),
        Workload("result", result_of, _fresh(positions.finished), _count),
        Workload("view", view_each, _with_player(routes), _count),
        Workload("sample", lambda p: sample_each(*p), _first_samples(middle, False), _count),
        Workload("sample_again", lambda p: sample_again_each(*p), _samplers(middle), _count),
        Workload("sample_spectator", lambda p: sample_each(*p), _first_samples(spectators, True), _count),
        Workload("round_trip", round_trip_each, _fresh(finished), _count),
    ]
    timed = interleaved(workloads, s.rounds)
    for key, rounds in timed.items():
        results[key].set_values(rounds.micros())
        results[key].set_loads(rounds.loads())
    results["apply"].note = (
        "state.apply(action) with the action a random game chose, on new state objects of every "
        "play-phase position (made by the round's untimed setup)"
    )
    results["legal_actions"].note = "state.legal_actions() on new state objects of the same positions"
    results["sample"].note = (
        "Sampler(view).sample(rng) on a new view of a new replay of each position (one per deal, "
        "the player to act's), so nothing from an earlier round is reused"
    )
    results["sample_again"].note = "sampler.sample(rng) on Samplers of the same views that sampled once already"
    results["view"].note = "state.view(player) of the player to act, on new state objects"
    results.details.append(
        f"calls: {len(routes):,} play positions and {len(positions.finished):,} finished deals of "
        f"{positions.deals} random deals; {len(middle)} mid-game views ({len(spectators)} spectators'); "
        f"{len(finished)} round trips"
    )


# ----------------------------------------------------------------------------------------------
# Import time

_IMPORT_LINE = re.compile(r"^import time:\s*(\d+)\s*\|\s*(\d+)\s*\|\s*strohmandeln\s*$", re.MULTILINE)


def import_time(env: dict[str, str]) -> float:
    """The cumulative import time of ``strohmandeln`` in a fresh interpreter, in ms."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import strohmandeln"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=120,
    )
    found = _IMPORT_LINE.search(done.stderr)
    if found is None:
        raise RuntimeError(f"no import time of strohmandeln in:\n{done.stderr[-2000:]}")
    return int(found.group(2)) / 1000


def measure_import(results: Results) -> None:
    """``python -X importtime -c "import strohmandeln"`` in fresh interpreters: the median
    cumulative time. The bytecode is cached first (one untimed import writes it to a directory of
    its own, as pip's install compiles it), so that no run compiles the sources."""
    runs = results.settings.import_runs
    with tempfile.TemporaryDirectory(prefix="strohmandeln-pycache-") as cache:
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPROFILEIMPORTTIME")}
        env["PYTHONPYCACHEPREFIX"] = cache
        import_time(env)  # (writes the bytecode)
        results["import"].set_values([import_time(env) for _ in range(runs)])
    results["import"].note = (
        f'median of {runs} fresh interpreters, python -X importtime -c "import strohmandeln" '
        "(its own clock, wall time), bytecode cached"
    )


# ----------------------------------------------------------------------------------------------
# Memory


def memory_per_apply(moves: Sequence[Route]) -> tuple[float, float]:
    """(bytes retained per apply, mean peak during one apply) under tracemalloc; not timed.

    The bytes still allocated after ``apply`` with the successors kept alive (the new state and
    everything it newly references), averaged over all positions; temporaries freed inside
    ``apply`` are not counted. The peak is measured from just before the call and so includes the
    retained new state.
    """
    kept: list[GameState | None] = [None] * len(moves)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for i, (state, action) in enumerate(moves):
            kept[i] = state.apply(action)
        retained = (tracemalloc.get_traced_memory()[0] - before) / len(moves)
        peaks = 0
        some = moves[:2000]
        for state, action in some:
            tracemalloc.reset_peak()
            current = tracemalloc.get_traced_memory()[0]
            successor = state.apply(action)
            peaks += tracemalloc.get_traced_memory()[1] - current
            del successor
        return retained, peaks / len(some)
    finally:
        tracemalloc.stop()


def measure_memory(results: Results, positions: Positions) -> None:
    retained, peak = memory_per_apply(_fresh_moves(positions.plays)())
    results["memory"].measured = retained
    results["memory_peak"].measured = peak
    results["memory"].note = "tracemalloc, every play position once (not timed)"


# ----------------------------------------------------------------------------------------------
# Perft


def measure_perft(results: Results) -> None:
    """Every stored deal at the depth (or its deepest stored one), every round; each round's
    counts are checked, and its leaf nodes per second of thread CPU time recorded."""
    s = results.settings
    entries = perft.load()
    starts = [perft.start_position(entry) for entry in entries]
    runs: list[perft.PerftRun] = []
    seconds: list[float] = []
    loads: list[float] = []
    for _ in range(s.perft_rounds):
        total = wall = 0.0
        for entry, state in zip(entries, starts, strict=True):
            depth = min(s.perft_depth, len(entry["counts"]))
            gc.collect()
            began = WALL()
            start = CLOCK()
            counted = perft.perft(state, depth)
            elapsed = CLOCK() - start
            wall += WALL() - began
            total += elapsed
            expected = entry["counts"][depth - 1]
            runs.append({"name": entry["name"], "depth": depth, "expected": expected, "counted": counted, "seconds": elapsed})
        seconds.append(total)
        loads.append(wall / max(total, 1e-9))
    results.add_perft(runs, seconds)
    results["perft_nodes"].set_loads(loads)


# ----------------------------------------------------------------------------------------------


def positions_for(results: Results) -> Positions:
    """Every play position of random ``CLASSIC`` and ``EXTENDED`` deals (built untimed)."""
    return sample_positions(results.settings.position_deals, seed=12345)

