"""The benchmarks of issue 6, timed by pytest-benchmark: one test per timed figure.

Run them with ``python benchmarks/run.py`` or ``nox -s bench`` (see ``benchmarks/run.py``);
``python -m pytest`` at the root never collects them.

Each test times whole *rounds* with ``benchmark.pedantic``: a round is one call of a workload of
:mod:`suite` over a batch (500 random deals, every sampled play position, ...), so the timer's own
cost is negligible, and objects that must be new (states with nothing cached, new views) are
built by the round's untimed ``setup``. A figure is the median of the rounds (pytest-benchmark's
``stats``) in its unit: a rate is the batch divided by a round's seconds, a time per call a
round's seconds divided by the calls in it; the spread of the table is that of the rounds. Every
timed test first runs one untimed warm-up round. The garbage collector stays on, as it is for a
bot.

Tests do not assert targets: they fill in the session's figures (:class:`suite.Results`), and
``conftest.py`` prints the table and fails the session on a miss by more than 20%. Only a wrong
perft count fails its test as well.

What a round is, figure by figure:

* *random full deals*: ``deal(rules, dealer=k % 2, rng=rng)``, then at every decision (fold,
  auction, card play) a uniformly random choice among ``legal_actions()`` applied with
  ``apply``, then ``result()``; the same seeded deals every round. Actions are the decisions
  applied; dealing is not one. *deal() alone*: the same number of ``deal`` calls.
* *legal_actions*, *view* and *result()*: once on every play-phase position (every finished
  deal, for ``result()``) of random ``CLASSIC`` and ``EXTENDED`` deals, on fresh state objects
  (a fresh object is cold in the CPU's caches, as in a real playout), which the round's setup
  rebuilds by applying the same action to their parent again. A state's legal actions are
  found when it is made, so *apply* includes that work; *from scratch* times the general
  function that finds them from a state's fields, on the same positions. *apply*: with the
  action the random game chose there.
* *sample*: ``strohmandeln.sampling.sample(view, rng)`` once on each of new views of positions
  from the middle third of their deals (so the figure includes whatever a first sample
  prepares); *another sample*: on views sampled once already in the setup.
* *round trip*: ``from_dict(to_dict(state))`` of fresh finished deals.
* *memory per apply*: :func:`suite.memory_per_apply` under tracemalloc, not timed.
* *OpenSpiel*: the same random-playout loop over ``pyspiel.load_game("tarok")`` (three
  players), counting its players' decisions. Its rounds alternate with rounds of our
  ``CLASSIC`` deals in one benchmark, and each pair gives one ratio of actions per second.
* *perft*: each stored deal at the deep depth, one round each; leaf nodes per second with bulk
  counting of the last ply (see ``perft.py``).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

import floor
import perft
import pytest
from suite import (
    Positions,
    Results,
    Route,
    Settings,
    apply_each,
    deal_many,
    legal_actions_of,
    legal_from_scratch,
    load_openspiel,
    memory_per_apply,
    openspiel_random_games,
    play_random_deals,
    rebuild,
    result_of,
    round_trip_each,
    sample_each,
    view_each,
    views_of,
)

from strohmandeln import CLASSIC, EXTENDED, GameState, RuleSet
from strohmandeln.serialization import from_dict, to_dict

T = TypeVar("T")
#: The seed of the random deals of a round; every round plays the same deals.
SEED = 0
Setup = Callable[[], tuple[tuple[Any, ...], dict[str, Any]]]


class _Stats(Protocol):
    #: The seconds of each timed round, in order (divided by the iterations, always 1 here).
    data: list[float]


class _Metadata(Protocol):
    stats: _Stats


class Benchmark(Protocol):
    """What these tests use of pytest-benchmark's ``benchmark`` fixture (which is untyped)."""

    #: None until the benchmark has run, and when benchmarks are disabled.
    stats: _Metadata | None
    extra_info: dict[str, Any]

    def pedantic(
        self,
        target: Callable[..., T],
        args: tuple[Any, ...] = (),
        kwargs: dict[str, Any] | None = None,
        setup: Setup | None = None,
        rounds: int = 1,
        warmup_rounds: int = 0,
        iterations: int = 1,
    ) -> T: ...


def timed(
    benchmark: Benchmark,
    target: Callable[..., T],
    *,
    batch: str,
    rounds: int,
    args: tuple[Any, ...] = (),
    setup: Setup | None = None,
    warmup_rounds: int = 1,
) -> tuple[T, list[float]]:
    """Time ``rounds`` calls of ``target`` with pytest-benchmark: its last result and the seconds of each."""
    benchmark.extra_info["round"] = batch
    result = benchmark.pedantic(target, args=args, setup=setup, rounds=rounds, warmup_rounds=warmup_rounds, iterations=1)
    if benchmark.stats is None:
        pytest.skip("not timed (benchmarks are disabled)")
    return result, list(benchmark.stats.stats.data)


def fresh(routes: Sequence[Route]) -> Setup:
    """A round's setup that rebuilds the positions, as new objects with nothing cached."""
    return lambda: ((rebuild(routes),), {})


# ----------------------------------------------------------------------------------------------
# Random full deals


@pytest.mark.benchmark(group="1 random full deals")
@pytest.mark.parametrize("rules", [CLASSIC, EXTENDED], ids=lambda rules: str(rules.name))
def test_random_deals(benchmark: Benchmark, rules: RuleSet, settings: Settings, results: Results) -> None:
    deals = settings.deals
    actions, seconds = timed(
        benchmark, play_random_deals, args=(rules, deals, SEED), batch=f"{deals} deals", rounds=settings.rounds
    )
    results[f"deals_{rules.name}"].set_rate(seconds, deals)
    results[f"actions_{rules.name}"].set_rate(seconds, actions)


@pytest.mark.benchmark(group="1 random full deals")
def test_deal(benchmark: Benchmark, settings: Settings, results: Results) -> None:
    deals = settings.deals
    _, seconds = timed(benchmark, deal_many, args=(CLASSIC, deals, SEED), batch=f"{deals} deals", rounds=settings.rounds)
    results["deal"].set_time(seconds, deals)


# ----------------------------------------------------------------------------------------------
# legal_actions, apply, result and view on the play positions of random deals


#: The figures timed once on each of some fresh states: (figure, workload, which positions).
PER_STATE: list[tuple[str, Callable[[Sequence[GameState]], object], str]] = [
    ("legal_actions", legal_actions_of, "routes"),
    ("legal_scratch", legal_from_scratch, "routes"),
    ("result", result_of, "finished_routes"),
    ("view", view_each, "routes"),
]


@pytest.mark.benchmark(group="2 play positions")
@pytest.mark.parametrize(("key", "workload", "which"), PER_STATE, ids=[key for key, _, _ in PER_STATE])
def test_per_state(
    benchmark: Benchmark,
    positions: Positions,
    settings: Settings,
    results: Results,
    key: str,
    workload: Callable[[Sequence[GameState]], object],
    which: str,
) -> None:
    routes: list[Route] = getattr(positions, which)
    calls = len(routes)
    _, seconds = timed(benchmark, workload, setup=fresh(routes), batch=f"{calls} fresh states", rounds=settings.rounds)
    results[key].set_time(seconds, calls)


@pytest.mark.benchmark(group="2 play positions")
def test_apply(benchmark: Benchmark, positions: Positions, settings: Settings, results: Results) -> None:
    calls = len(positions.moves)
    _, seconds = timed(benchmark, apply_each, args=(positions.moves,), batch=f"{calls} positions", rounds=settings.rounds)
    results["apply"].set_time(seconds, calls)


# ----------------------------------------------------------------------------------------------
# Sampling and serialization


def _sample_setup(middle: Sequence[Route], sampled_before: bool, spectator: bool = False) -> Setup:
    """New views of the positions (so a first sample prepares whatever it prepares), a new rng."""
    seeds = itertools.count()

    def setup() -> tuple[tuple[Any, ...], dict[str, Any]]:
        views = views_of(rebuild(middle), spectator)
        rng = random.Random(next(seeds))
        if sampled_before:
            sample_each(views, rng)
        return (views, rng), {}

    return setup


@pytest.mark.benchmark(group="3 sampling and serialization")
@pytest.mark.parametrize("spectator", (False, True), ids=("player", "spectator"))
@pytest.mark.parametrize("again", (False, True), ids=("first", "again"))
def test_sample(benchmark: Benchmark, positions: Positions, settings: Settings, results: Results, spectator: bool, again: bool) -> None:
    """A first sample of new views (the player's to act, or a spectator's), or another sample of
    views sampled once before."""
    middle = positions.middle(settings.sample_views)
    whose = "spectators' views" if spectator else "views" if again else "new views"
    batch = f"{len(middle)} {whose}" + (" sampled once before" if again else "")
    _, seconds = timed(benchmark, sample_each, setup=_sample_setup(middle, again, spectator), batch=batch, rounds=settings.rounds)
    key = "sample" + ("_spectator" if spectator else "") + ("_again" if again else "")
    results[key].set_time(seconds, len(middle))


@pytest.mark.benchmark(group="3 sampling and serialization")
def test_round_trip(benchmark: Benchmark, positions: Positions, settings: Settings, results: Results) -> None:
    finished = positions.finished_routes[: settings.round_trips]
    probe = rebuild(finished[:1])[0]
    assert from_dict(to_dict(probe)) == probe, "the round trip does not give an equal state back"
    _, seconds = timed(
        benchmark, round_trip_each, setup=fresh(finished), batch=f"{len(finished)} finished deals", rounds=settings.rounds
    )
    results["round_trip"].set_time(seconds, len(finished))


# ----------------------------------------------------------------------------------------------
# Memory (tracemalloc; not timed, so not a pytest-benchmark test)


def test_memory(positions: Positions, results: Results) -> None:
    retained, peak = memory_per_apply(positions.moves)
    results["memory"].measured = retained
    results["memory_peak"].measured = peak


# ----------------------------------------------------------------------------------------------
# OpenSpiel's tarok in the same loop


@pytest.mark.benchmark(group="4 OpenSpiel comparison (alternating rounds)")
def test_openspiel(benchmark: Benchmark, settings: Settings, results: Results) -> None:
    """Rounds alternate between OpenSpiel's tarok and our ``CLASSIC``, and each pair gives one
    ratio of actions per second, so that a change in the machine's load during the run moves both
    sides of a ratio alike; the figure is the median of those ratios."""
    theirs, ratio = results["openspiel"], results["peer_ratio"]
    game = load_openspiel() if settings.peer else "not measured (--bench-no-peer)"
    if isinstance(game, str):
        theirs.note = ratio.note = game
        pytest.skip(game)
    games, deals = settings.openspiel_games, settings.deals
    engines: tuple[Callable[[], int], Callable[[], int]] = (
        lambda: openspiel_random_games(game, games, SEED),
        lambda: play_random_deals(CLASSIC, deals, SEED),
    )
    turns = itertools.count()
    actions: list[int] = []

    def setup() -> tuple[tuple[Any, ...], dict[str, Any]]:
        return (engines[next(turns) % 2],), {}

    def run(engine: Callable[[], int]) -> None:
        actions.append(engine())

    openspiel_random_games(game, max(20, games // 10), seed=-1)  # warm up both
    play_random_deals(CLASSIC, max(20, deals // 10), seed=-1)
    _, seconds = timed(
        benchmark,
        run,
        setup=setup,
        batch=f"{games} OpenSpiel games or {deals} of our deals",
        rounds=2 * settings.rounds,
        warmup_rounds=0,
    )
    rates = [count / s for count, s in zip(actions, seconds, strict=True)]
    theirs_rates, our_rates = rates[0::2], rates[1::2]
    theirs.set_values(theirs_rates)
    ratio.set_values([ours / them for ours, them in zip(our_rates, theirs_rates, strict=True)])
    ratio.note = "median of the ratios of alternating runs of both engines"


# ----------------------------------------------------------------------------------------------
# A minimal pure-Python engine in the same loop


@pytest.mark.benchmark(group="5 minimal engine comparison (alternating rounds)")
def test_floor(benchmark: Benchmark, settings: Settings, results: Results) -> None:
    """Rounds alternate between the minimal bitmask engine of ``floor.py`` (card play only, no
    checks) and our ``CLASSIC``, as in the OpenSpiel comparison; the engine is first checked
    against the library (the same legal cards at every play of 50 deals)."""
    floor_rate, ratio = results["floor"], results["floor_ratio"]
    assert floor.check_against_library(50, seed=3) == 50 * 54
    deals = settings.deals
    engines: tuple[Callable[[], int], Callable[[], int]] = (
        lambda: floor.floor_random_deals(deals, SEED),
        lambda: play_random_deals(CLASSIC, deals, SEED),
    )
    turns = itertools.count()

    def setup() -> tuple[tuple[Any, ...], dict[str, Any]]:
        return (engines[next(turns) % 2],), {}

    floor.floor_random_deals(max(20, deals // 10), seed=-1)  # warm up both
    play_random_deals(CLASSIC, max(20, deals // 10), seed=-1)
    _, seconds = timed(benchmark, lambda engine: engine(), setup=setup, batch=f"{deals} deals of either engine", rounds=2 * settings.rounds, warmup_rounds=0)
    rates = [deals / s for s in seconds]
    floor_rate.set_values(rates[0::2])
    floor_rate.note = "benchmarks/floor.py: the card play only, mutable, unchecked (no auction, bonuses, views)"
    ratio.set_values([ours / them for ours, them in zip(rates[1::2], rates[0::2], strict=True)])
    ratio.note = "median of the ratios of alternating runs of both engines"


# ----------------------------------------------------------------------------------------------
# Perft


PERFT = perft.load()


@pytest.mark.benchmark(group="5 perft: one round per deal")
@pytest.mark.parametrize("entry", PERFT, ids=[entry["name"] for entry in PERFT])
def test_perft(benchmark: Benchmark, entry: perft.PerftEntry, settings: Settings, results: Results) -> None:
    """The stored count at the deep depth, timed once; leaf nodes per second with bulk counting."""
    if settings.perft_depth <= 0:
        pytest.skip("perft not checked (--bench-perft-depth 0)")
    depth = min(settings.perft_depth, len(entry["counts"]))
    state = perft.start_position(entry)
    benchmark.extra_info["round"] = f"perft({depth})"
    counted = benchmark.pedantic(perft.perft, args=(state, depth), rounds=1, iterations=1)
    expected = entry["counts"][depth - 1]
    seconds = benchmark.stats.stats.data[0] if benchmark.stats is not None else 0.0
    results.add_perft({"name": entry["name"], "depth": depth, "expected": expected, "counted": counted, "seconds": seconds})
    assert counted == expected, f"perft({depth}) of {entry['name']}: counted {counted:,}, stored {expected:,}"
