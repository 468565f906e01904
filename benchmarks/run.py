"""The benchmark suite of issue 6: every speed target, the OpenSpiel comparison and deep perft.

Run it with ``nox -s bench`` or, after ``pip install -e .[bench]``, with::

    python benchmarks/run.py                # the full run (about half a minute)
    python benchmarks/run.py --quick        # a smoke run: fewer repeats, perft to depth 5
    python benchmarks/run.py --json out.json

It prints one row per figure — measured value, target, ratio and status — and the machine, and
exits with status 1 when a figure misses its target by more than 20% (a time above 1.2 × its
target, a rate below 0.8 × its target) or a perft count differs from ``tests/data/perft.json``.

How each figure is measured (every figure is the median over ``--repeats`` runs; single process;
the garbage collector stays on, as it is for a bot):

* *random full deals*: ``deal(rules, dealer=k % 2, rng=rng)``, then at every decision (fold,
  auction, card play) a uniformly random choice among ``legal_actions()`` applied with
  ``apply``, then ``result()``. Actions are the decisions applied; dealing is not one.
* *legal_actions* and *apply*: on every play-phase position of random ``CLASSIC`` and
  ``EXTENDED`` deals. A state caches its legal actions, so each run times ``legal_actions()``
  once on fresh state objects, rebuilt untimed by applying the same action to their parent
  again. ``apply`` is timed with the action the random game chose there.
* *view*, *sample*, *round trip*: through ``GameState.view``, ``strohmandeln.sampling`` and
  ``strohmandeln.serialization`` when they exist; otherwise the row says "not available".
* *memory per apply*: with :mod:`tracemalloc`, the bytes still allocated after ``apply`` with the
  successors kept alive (the new state and everything it newly references), averaged over all
  positions. Temporaries freed inside ``apply`` are not counted; the mean peak during one
  ``apply`` (the new state included) is reported apart.
* *OpenSpiel*: the same random-playout loop over ``pyspiel.load_game("tarok")`` (a three- or
  four-player game; three are loaded), counting its players' decisions; the ratio is our
  ``CLASSIC`` actions per second divided by its actions per second, the median over pairs of
  alternating runs of the two engines.
* *perft*: the stored deals at ``--perft-depth``, leaf nodes per second with bulk counting of
  the last ply (see ``benchmarks/perft.py``).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import importlib.metadata
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Final

import perft

import strohmandeln
from strohmandeln import CLASSIC, EXTENDED, Action, GameState, Phase, RuleSet, deal

ROOT: Final = Path(__file__).resolve().parent.parent
#: A figure fails the run when it misses its target by more than this fraction.
TOLERANCE: Final = 0.20

perf_counter = time.perf_counter


# ----------------------------------------------------------------------------------------------
# Figures and the table


@dataclass
class Figure:
    """One row of the table."""

    key: str
    label: str
    unit: str
    #: The target, or None for a figure reported for information.
    target: float | None
    #: Whether more is better (a rate) or less is better (a time, a size).
    higher_is_better: bool
    measured: float | None = None
    low: float | None = None
    high: float | None = None
    #: Why there is no measurement, or an extra remark.
    note: str = ""
    #: A failure that is not a miss of a target (a wrong perft count).
    broken: bool = False
    #: Text to show instead of the measured number.
    shown: str = ""

    @property
    def ratio(self) -> float | None:
        """How many times the target is met: 1.0 or more meets it."""
        if self.measured is None or self.target is None or self.measured <= 0:
            return None
        return self.measured / self.target if self.higher_is_better else self.target / self.measured

    @property
    def status(self) -> str:
        if self.broken:
            return "FAIL"
        if self.shown:
            return "OK"
        if self.measured is None:
            return "error" if self.note.startswith("error") else "n/a"
        if self.target is None:
            return "info"
        ratio = self.ratio
        assert ratio is not None
        if ratio >= 1.0:
            return "OK"
        return "MISS >20%" if self.fails else "MISS"

    @property
    def fails(self) -> bool:
        """Whether this figure fails the run."""
        if self.broken:
            return True
        if self.measured is None or self.target is None:
            return False
        if self.higher_is_better:
            return self.measured < self.target * (1 - TOLERANCE)
        return self.measured > self.target * (1 + TOLERANCE)


def _number(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    if unit in ("µs", "×") or abs(value) < 100:
        text = f"{value:,.2f}"
    else:
        text = f"{value:,.0f}"
    return f"{text} {unit}".rstrip()


def table(figures: Sequence[Figure]) -> str:
    header = ("figure", "measured", "target", "ratio", "status", "spread (min-max)")
    rows = [header]
    for f in figures:
        if f.target is None:
            target = "-"
        else:
            target = ("≥ " if f.higher_is_better else "≤ ") + _number(f.target, f.unit)
        spread = "-" if f.low is None or f.high is None else f"{_number(f.low, '')} - {_number(f.high, '')}"
        if f.shown:
            measured = f.shown
        elif f.measured is not None:
            measured = _number(f.measured, f.unit)
        else:
            measured = "not available" if f.note.startswith("not available") else "n/a"
        ratio = "-" if f.ratio is None else f"{f.ratio:.2f}"
        rows.append((f.label, measured, target, ratio, f.status, spread))
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = []
    for n, row in enumerate(rows):
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
        lines.append(" | ".join(cells))
        if n == 0:
            lines.append("-+-".join("-" * w for w in widths))
    return "\n".join(lines)


def _measure(figure: Figure, runs: Sequence[float]) -> None:
    figure.measured = statistics.median(runs)
    figure.low = min(runs)
    figure.high = max(runs)


# ----------------------------------------------------------------------------------------------
# The machine


def machine() -> dict[str, str]:
    """The platform, the CPU model, the interpreter and the code measured."""
    cpu = platform.processor() or "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    info = {
        "platform": platform.platform(),
        "cpu": cpu,
        "cpus": str(os.cpu_count()),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "strohmandeln": strohmandeln.__version__,
    }
    try:
        commit = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True, timeout=10, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(ROOT), "status", "--porcelain", "--", "src"], capture_output=True, text=True, timeout=10, check=True
        ).stdout.strip()
        info["commit"] = commit + (" (src/ modified)" if dirty else "")
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        info["open-spiel"] = importlib.metadata.version("open-spiel")
    except importlib.metadata.PackageNotFoundError:
        info["open-spiel"] = "not installed"
    return info


# ----------------------------------------------------------------------------------------------
# Workloads


def random_deals(rules: RuleSet, deals: int, seed: int) -> tuple[float, int]:
    """Play ``deals`` random deals through the public API: (seconds, actions applied)."""
    rng = random.Random(seed)
    choice = rng.choice
    actions = 0
    started = perf_counter()
    for k in range(deals):
        state = deal(rules, dealer=k & 1, rng=rng)
        while not state.is_terminal:
            state = state.apply(choice(state.legal_actions()))
            actions += 1
        state.result()
    return perf_counter() - started, actions


@dataclass
class Positions:
    """Play-phase positions of random deals.

    ``routes[i]`` is (parent, action) with ``parent.apply(action)`` equal to position ``i``, so a
    fresh object of that position (with nothing cached) costs one untimed ``apply``;
    ``moves[i]`` is (position, the action the random game applied there).
    """

    routes: list[tuple[GameState, Action]] = field(default_factory=list)
    moves: list[tuple[GameState, Action]] = field(default_factory=list)
    #: (parent, action) of finished deals, as ``routes``.
    finished_routes: list[tuple[GameState, Action]] = field(default_factory=list)

    def fresh(self) -> list[GameState]:
        return [parent.apply(action) for parent, action in self.routes]

    def fresh_finished(self) -> list[GameState]:
        return [parent.apply(action) for parent, action in self.finished_routes]


def sample_positions(deals_per_preset: int, seed: int) -> Positions:
    rng = random.Random(seed)
    out = Positions()
    for rules in (CLASSIC, EXTENDED):
        for k in range(deals_per_preset):
            state = deal(rules, dealer=k & 1, rng=rng)
            while not state.is_terminal:
                action = rng.choice(state.legal_actions())
                nxt = state.apply(action)
                if nxt.phase is Phase.PLAY:
                    out.routes.append((state, action))
                if state.phase is Phase.PLAY:
                    out.moves.append((state, action))
                if nxt.phase is Phase.FINISHED:
                    out.finished_routes.append((state, action))
                state = nxt
    assert len(out.routes) == len(out.moves)
    return out


def time_legal_actions(positions: Positions) -> float:
    """µs per ``legal_actions()`` on fresh states."""
    states = positions.fresh()
    started = perf_counter()
    for state in states:
        state.legal_actions()
    return (perf_counter() - started) / len(states) * 1e6


def time_apply(positions: Positions) -> float:
    """µs per ``apply`` of the action the random game chose."""
    moves = positions.moves
    started = perf_counter()
    for state, action in moves:
        state.apply(action)
    return (perf_counter() - started) / len(moves) * 1e6


def memory_per_apply(positions: Positions) -> tuple[float, float]:
    """(bytes retained per apply, mean peak during one apply) under tracemalloc.

    The peak is measured from just before the call and so includes the retained new state.
    """
    moves = positions.moves
    kept: list[GameState | None] = [None] * len(moves)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for i, (state, action) in enumerate(moves):
            kept[i] = state.apply(action)
        retained = (tracemalloc.get_traced_memory()[0] - before) / len(moves)
        peaks = 0
        sample = moves[:2000]
        for state, action in sample:
            tracemalloc.reset_peak()
            current = tracemalloc.get_traced_memory()[0]
            successor = state.apply(action)
            peaks += tracemalloc.get_traced_memory()[1] - current
            del successor
        return retained, peaks / len(sample)
    finally:
        tracemalloc.stop()


# -- the APIs of issue 4, found at run time --------------------------------------------------


def find_view() -> Callable[[GameState, int], Any] | str:
    view = getattr(GameState, "view", None)
    if view is None:
        return "not available (no GameState.view)"
    method: Callable[[GameState, int], Any] = view
    return method


def find_sampler(view_of: Callable[[GameState, int], Any], probe: GameState) -> tuple[str, Callable[[Any, random.Random], Any]] | str:
    """The sampling call, tried on ``probe``'s view; its text, or why there is none."""
    try:
        sampling = importlib.import_module("strohmandeln.sampling")
    except ImportError:
        return "not available (no strohmandeln.sampling)"
    fn = getattr(sampling, "sample", None)
    if fn is None:
        return "not available (no strohmandeln.sampling.sample)"
    view = view_of(probe, _to_act(probe))
    candidates: list[tuple[str, Callable[[Any, random.Random], Any]]] = [
        ("strohmandeln.sampling.sample(view, rng)", lambda v, r: fn(v, r)),
        ("strohmandeln.sampling.sample(view, rng=rng)", lambda v, r: fn(v, rng=r)),
    ]
    errors = []
    for text, call in candidates:
        try:
            sampled = call(view, random.Random(0))
        except Exception as error:  # noqa: BLE001 - an API still being written: report, do not fail
            errors.append(f"{text}: {type(error).__name__}: {error}")
            continue
        if isinstance(sampled, GameState):
            return text, call
        errors.append(f"{text} returned {type(sampled).__name__}, not a GameState")
    return "error (" + "; ".join(errors)[:200] + ")"


def find_round_trip(probe: GameState) -> tuple[str, Callable[[GameState], Any]] | str:
    """The serialization round trip, tried on ``probe``; its text, or why there is none."""
    candidates: list[tuple[str, Callable[[GameState], Any]]] = []
    try:
        ser = importlib.import_module("strohmandeln.serialization")
    except ImportError:
        ser = None
    if ser is not None and hasattr(ser, "to_dict") and hasattr(ser, "from_dict"):
        candidates.append(
            ("strohmandeln.serialization.from_dict(strohmandeln.serialization.to_dict(state))", lambda s: ser.from_dict(ser.to_dict(s)))
        )
    if ser is not None and hasattr(ser, "state_to_dict") and hasattr(ser, "state_from_dict"):
        candidates.append(
            (
                "strohmandeln.serialization.state_from_dict(strohmandeln.serialization.state_to_dict(state))",
                lambda s: ser.state_from_dict(ser.state_to_dict(s)),
            )
        )
    if hasattr(GameState, "to_dict") and hasattr(GameState, "from_dict"):
        candidates.append(
            ("GameState.from_dict(state.to_dict())", lambda s: getattr(GameState, "from_dict")(getattr(s, "to_dict")()))
        )
    if not candidates:
        return "not available (no strohmandeln.serialization)"
    errors = []
    for text, call in candidates:
        try:
            back = call(probe)
        except ImportError as error:
            errors.append(f"{text}: {type(error).__name__}: {error}")
            if len(candidates) == 1:
                return f"not available ({errors[0]})"
            continue
        except Exception as error:  # noqa: BLE001 - an API still being written: report, do not fail
            errors.append(f"{text}: {type(error).__name__}: {error}")
            continue
        if back == probe:
            return text, call
        errors.append(f"{text} did not give an equal state back")
    return "error (" + "; ".join(errors)[:200] + ")"


def time_calls(items: Sequence[Any], call: Callable[[Any], Any]) -> float:
    """µs per ``call(item)`` over ``items``."""
    started = perf_counter()
    for item in items:
        call(item)
    return (perf_counter() - started) / len(items) * 1e6


# -- OpenSpiel --------------------------------------------------------------------------------


def load_openspiel() -> Any | str:
    """OpenSpiel's tarok game, or why it cannot be loaded."""
    try:
        pyspiel = importlib.import_module("pyspiel")
    except ImportError:
        return "not available (open-spiel is not installed; pip install open-spiel)"
    try:
        return pyspiel.load_game("tarok", {"players": 3, "rng_seed": 0})
    except Exception as error:  # noqa: BLE001 - report, do not fail
        return f"error ({type(error).__name__}: {error})"


def openspiel_random_games(game: Any, games: int, seed: int) -> tuple[float, int]:
    """Play ``games`` random games of OpenSpiel's tarok: (seconds, decisions applied).

    The same loop as :func:`random_deals`: a uniformly random choice among ``legal_actions()``
    at every decision, ``apply_action``, then ``returns()``. The deal is one chance node with a
    single outcome (OpenSpiel shuffles inside it); like our ``deal()``, it is not counted.
    """
    rng = random.Random(seed)
    choice = rng.choice
    actions = 0
    started = perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
                actions += 1
        state.returns()
    return perf_counter() - started, actions


# ----------------------------------------------------------------------------------------------
# The run


@dataclass
class Settings:
    repeats: int
    deals: int
    position_deals: int
    sample_views: int
    round_trips: int
    openspiel_games: int
    perft_depth: int
    peer: bool


class Suite:
    """One run of every figure, section by section, in the order of the table."""

    def __init__(self, settings: Settings, log: Callable[[str], None]) -> None:
        self.settings = settings
        self.repeats = settings.repeats
        self.log = log
        self.figures: dict[str, Figure] = {}

    def add(self, figure: Figure) -> Figure:
        self.figures[figure.key] = figure
        return figure

    def run(self) -> list[Figure]:
        self.full_deals()
        positions = sample_positions(self.settings.position_deals, seed=12345)
        self.log(f"{len(positions.moves):,} play positions from {2 * self.settings.position_deals} random deals")
        self.core(positions)
        self.information(positions)
        self.memory(positions)
        self.peer()
        self.perft()
        return list(self.figures.values())

    def full_deals(self) -> None:
        """Random full deals through the public API, and the cost of dealing alone."""
        deals = self.settings.deals
        for rules in (CLASSIC, EXTENDED):
            deals_fig = self.add(Figure(f"deals_{rules.name}", f"random full deals, {rules.name}", "deals/s", 10_000, True))
            actions_fig = self.add(Figure(f"actions_{rules.name}", f"  same loop, {rules.name}", "actions/s", 500_000, True))
            random_deals(rules, max(20, deals // 10), seed=-1)  # warm up
            deal_rates, action_rates = [], []
            for r in range(self.repeats):
                seconds, actions = random_deals(rules, deals, seed=r)
                deal_rates.append(deals / seconds)
                action_rates.append(actions / seconds)
            _measure(deals_fig, deal_rates)
            _measure(actions_fig, action_rates)
            self.log(f"{rules.name}: {deals_fig.measured:,.0f} deals/s, {actions_fig.measured:,.0f} actions/s")
        deal_fig = self.add(Figure("deal", "  deal(CLASSIC, rng=rng) alone", "µs", None, False))
        deal_runs = []
        for r in range(self.repeats):
            rng = random.Random(r)
            started = perf_counter()
            for k in range(deals):
                deal(CLASSIC, dealer=k & 1, rng=rng)
            deal_runs.append((perf_counter() - started) / deals * 1e6)
        _measure(deal_fig, deal_runs)

    def core(self, positions: Positions) -> None:
        """legal_actions and apply on sampled positions, and result() of finished deals."""
        legal_fig = self.add(Figure("legal_actions", "legal_actions(), fresh state", "µs", 1.5, False))
        _measure(legal_fig, [time_legal_actions(positions) for _ in range(self.repeats)])
        apply_fig = self.add(Figure("apply", "apply(Play(...))", "µs", 2.0, False))
        _measure(apply_fig, [time_apply(positions) for _ in range(self.repeats)])
        result_fig = self.add(Figure("result", "  result() of a finished deal", "µs", None, False))
        _measure(result_fig, [time_calls(positions.fresh_finished(), GameState.result) for _ in range(self.repeats)])

    def information(self, positions: Positions) -> None:
        """Views, sampling and serialization (issue 4), where they exist."""
        view_fig = self.add(Figure("view", "view(player)", "µs", 10.0, False))
        sample_fig = self.add(Figure("sample", "one hidden-card sample, mid-game", "µs", 50.0, False))
        trip_fig = self.add(Figure("round_trip", "from_dict(to_dict(finished deal))", "µs", 1000.0, False))
        view_of = find_view()
        if isinstance(view_of, str):
            view_fig.note = sample_fig.note = view_of
        else:
            view_fig.note = "state.view(player), player = the one to act"
            _guarded(view_fig, lambda: [time_calls(positions.fresh(), lambda s: view_of(s, _to_act(s))) for _ in range(self.repeats)])
            tricks = (CLASSIC.deck.trick_count, EXTENDED.deck.trick_count)
            mid = [s for s in positions.fresh() if min(tricks) // 3 <= s.trick_number < 2 * max(tricks) // 3]
            mid = random.Random(7).sample(mid, min(self.settings.sample_views, len(mid)))
            sampler = find_sampler(view_of, mid[0])
            if isinstance(sampler, str):
                sample_fig.note = sampler
            else:
                sample_fig.note, sample = sampler

                again_fig = self.add(Figure("sample_again", "  another sample from the same view", "µs", None, False))
                again: list[float] = []

                def sample_runs() -> list[float]:
                    runs = []
                    for r in range(self.repeats):
                        rng = random.Random(r)
                        views = [view_of(s, _to_act(s)) for s in mid]
                        runs.append(time_calls(views, lambda v: sample(v, rng)))
                        again.append(time_calls(views, lambda v: sample(v, rng)))
                    return runs

                _guarded(sample_fig, sample_runs)
                if sample_fig.measured is not None:
                    _measure(again_fig, again)
        finished = positions.fresh_finished()[: self.settings.round_trips]
        trip = find_round_trip(finished[0])
        if isinstance(trip, str):
            trip_fig.note = trip
        else:
            trip_fig.note, round_trip = trip
            _guarded(trip_fig, lambda: [time_calls(finished, round_trip) for _ in range(self.repeats)])

    def memory(self, positions: Positions) -> None:
        memory_fig = self.add(Figure("memory", "memory allocated per apply (retained)", "bytes", 1024, False))
        peak_fig = self.add(Figure("memory_peak", "  peak during one apply, new state incl.", "bytes", None, False))
        memory_fig.measured, peak_fig.measured = memory_per_apply(positions)

    def peer(self) -> None:
        """OpenSpiel's tarok in the same loop; the ratio of our actions/s to theirs."""
        theirs_fig = self.add(Figure("openspiel", "OpenSpiel tarok (C++), same loop", "actions/s", None, True))
        ratio_fig = self.add(Figure("peer_ratio", "our actions/s ÷ OpenSpiel's (classic)", "×", 1.0, True))
        game = load_openspiel() if self.settings.peer else "not measured (--no-peer)"
        if isinstance(game, str):
            theirs_fig.note = ratio_fig.note = game
            return
        games = self.settings.openspiel_games
        openspiel_random_games(game, max(20, games // 10), seed=-1)  # warm up
        # Runs of both engines alternate and each pair gives one ratio, so that a change in the
        # machine's load during the run moves both sides of a ratio alike.
        rates, ratios = [], []
        for r in range(self.repeats):
            seconds, actions = openspiel_random_games(game, games, seed=r)
            ours_seconds, ours_actions = random_deals(CLASSIC, self.settings.deals, seed=1000 + r)
            rates.append(actions / seconds)
            ratios.append((ours_actions / ours_seconds) / rates[-1])
        _measure(theirs_fig, rates)
        _measure(ratio_fig, ratios)
        ratio_fig.note = "median of the ratios of alternating runs of both engines"
        self.log(f"OpenSpiel tarok: {theirs_fig.measured:,.0f} actions/s")

    def perft(self) -> None:
        """The stored perft counts at the deep depth, once, and the leaf nodes per second."""
        if self.settings.perft_depth <= 0:
            return
        runs = perft.check(self.settings.perft_depth)
        wrong = [run for run in runs if run["counted"] != run["expected"]]
        depths = "/".join(str(d) for d in sorted({run["depth"] for run in runs}))
        counts_fig = self.add(Figure("perft_counts", f"perft counts, depth {depths}", "", None, True))
        counts_fig.measured = float(len(runs) - len(wrong))
        counts_fig.shown = f"{len(runs) - len(wrong)} of {len(runs)} deals match"
        counts_fig.broken = bool(wrong)
        for run in wrong:
            self.log(f"PERFT MISMATCH {run['name']} depth {run['depth']}: counted {run['counted']:,}, stored {run['expected']:,}")
        nodes_fig = self.add(Figure("perft_nodes", f"perft leaf nodes/s ({len(runs)} deals, one run)", "nodes/s", None, True))
        nodes_fig.measured = sum(run["counted"] for run in runs) / sum(run["seconds"] for run in runs)
        for run in runs:
            self.log(f"perft {run['name']} depth {run['depth']}: {run['counted']:,} in {run['seconds']:.2f} s")


def _to_act(state: GameState) -> int:
    player = state.current_player
    assert player is not None
    return player


def _guarded(figure: Figure, runs: Callable[[], list[float]]) -> None:
    """Measure ``figure`` from ``runs()``; an API still being written is reported, not fatal."""
    try:
        _measure(figure, runs())
    except Exception as error:  # noqa: BLE001
        figure.measured = None
        figure.note = f"error ({type(error).__name__}: {error})"[:160]


SIZES: Final = {
    "full": Settings(
        repeats=9, deals=500, position_deals=100, sample_views=300, round_trips=100, openspiel_games=6000, perft_depth=6, peer=True
    ),
    "quick": Settings(
        repeats=3, deals=100, position_deals=20, sample_views=50, round_trips=20, openspiel_games=500, perft_depth=5, peer=True
    ),
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The strohmandeln benchmark suite (issue 6).")
    parser.add_argument("--quick", action="store_true", help="a smoke run: fewer repeats, smaller samples, perft depth 5")
    parser.add_argument("--repeats", type=int, help="runs per figure (the median is reported)")
    parser.add_argument("--perft-depth", type=int, help="perft depth to check (0 skips perft; default 6)")
    parser.add_argument("--no-peer", action="store_true", help="skip the OpenSpiel comparison")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the figures and the machine as JSON")
    parser.add_argument("--quiet", action="store_true", help="print only the table")
    args = parser.parse_args(argv)
    settings = SIZES["quick" if args.quick else "full"]
    if args.repeats is not None:
        settings = replace(settings, repeats=max(1, args.repeats))
    if args.perft_depth is not None:
        settings = replace(settings, perft_depth=args.perft_depth)
    if args.no_peer:
        settings = replace(settings, peer=False)

    def log(text: str) -> None:
        if not args.quiet:
            print(text, file=sys.stderr, flush=True)

    info = machine()
    started = perf_counter()
    figures = Suite(settings, log).run()
    elapsed = perf_counter() - started
    print()
    print(f"strohmandeln benchmarks: median of {settings.repeats} runs per figure, {elapsed:.0f} s in all")
    for key, value in info.items():
        print(f"  {key:13} {value}")
    print()
    print(table(figures))
    print()
    print("ratio: how many times the target is met (≥ 1.00 meets it); a run fails on a miss by more than 20%.")
    for f in figures:
        if f.note:
            print(f"  {f.label.strip()}: {f.note}")
    failing = [f for f in figures if f.fails]
    if args.json:
        doc = {"machine": info, "settings": asdict(settings), "figures": [{**asdict(f), "ratio": f.ratio, "status": f.status} for f in figures]}
        args.json.write_text(json.dumps(doc, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    if failing:
        print(f"FAILED: {', '.join(f.label.strip() for f in failing)}")
        return 1
    print("all figures within 20% of their targets")
    return 0


if __name__ == "__main__":
    sys.exit(main())
