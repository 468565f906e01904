"""The benchmark suite of issue 6: its figures, targets, workloads and report.

The timing is done by `pytest-benchmark <https://pytest-benchmark.readthedocs.io>`_ in
``benchmarks/test_bench.py``, one test per timed figure; ``benchmarks/conftest.py`` holds the
options and prints the report; ``benchmarks/run.py`` (and ``nox -s bench``) runs them. This module
has what those share, and nothing here times anything:

* :class:`Figure` (one row of the table: target, tolerance rule, status) and :func:`table`;
* :class:`Settings` and :data:`SIZES` (the full and the quick run);
* the workloads, each a plain function that a benchmark round calls once;
* :class:`Results`, the session's registry of figures, which renders the report and the JSON.

A figure fails the run when it misses its target by more than :data:`TOLERANCE` (a time above
1.2 × its target, a rate below 0.8 × its target), or when a perft count differs from
``tests/data/perft.json``.
"""

from __future__ import annotations

import gc
import importlib
import importlib.metadata
import os
import platform
import random
import statistics
import subprocess
import time
import tracemalloc
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Final

from perft import PerftRun

import strohmandeln
from strohmandeln import CLASSIC, EXTENDED, Action, GameState, Phase, RuleSet, deal
from strohmandeln.sampling import sample
from strohmandeln.serialization import from_dict, to_dict
from strohmandeln._core.plays import legal_plays
from strohmandeln.state import record_of
from strohmandeln.views import PlayerView

ROOT: Final = Path(__file__).resolve().parent.parent
#: A figure fails the run when it misses its target by more than this fraction.
TOLERANCE: Final = 0.20


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
    #: How the figure is measured, or why there is no measurement.
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

    def set_values(self, values: Sequence[float]) -> None:
        """The median of ``values``, and their spread."""
        self.measured = statistics.median(values)
        self.low = min(values)
        self.high = max(values)

    def set_rate(self, seconds: Sequence[float], count: float) -> None:
        """``count`` things done in each round of ``seconds``: things per second."""
        self.set_values([count / s for s in seconds])

    def set_time(self, seconds: Sequence[float], calls: int) -> None:
        """``calls`` calls made in each round of ``seconds``: µs per call."""
        self.set_values([s / calls * 1e6 for s in seconds])

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "ratio": self.ratio, "status": self.status}


def _number(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    if unit in ("µs", "×") or abs(value) < 100:
        text = f"{value:,.2f}"
    else:
        text = f"{value:,.0f}"
    return f"{text} {unit}".rstrip()


def table(figures: Sequence[Figure]) -> str:
    """The figures as a text table: measured, target, ratio, status and spread."""
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


def catalogue(settings: Settings) -> dict[str, Figure]:
    """Every figure of the table, in its order, not yet measured."""
    figures = [
        Figure("deals_classic", "random full deals, classic", "deals/s", 10_000, True),
        Figure("actions_classic", "  same loop, classic", "actions/s", 500_000, True),
        Figure("deals_extended", "random full deals, extended", "deals/s", 10_000, True),
        Figure("actions_extended", "  same loop, extended", "actions/s", 500_000, True),
        Figure("deal", "  deal(CLASSIC, rng=rng) alone", "µs", None, False),
        Figure(
            "legal_actions",
            "legal_actions(), fresh state",
            "µs",
            1.5,
            False,
            note="found when the state is made (apply includes it): legal_actions() returns them",
        ),
        Figure(
            "legal_scratch",
            "  legal actions worked out from scratch",
            "µs",
            None,
            False,
            note="the general function states other than apply's successors use, on the same positions",
        ),
        Figure("apply", "apply(Play(...))", "µs", 2.0, False),
        Figure("result", "  result() of a finished deal", "µs", None, False),
        Figure("view", "view(player)", "µs", 10.0, False, note="state.view(player), player = the one to act"),
        Figure("sample", "one hidden-card sample, mid-game", "µs", 50.0, False, note="strohmandeln.sampling.sample(view, rng)"),
        Figure("sample_again", "  another sample from the same view", "µs", None, False),
        Figure(
            "sample_spectator",
            "  a first sample of a spectator's view",
            "µs",
            None,
            False,
            note="sample(state.view(None), rng): both hands unseen, exactly uniform (counted on the first sample)",
        ),
        Figure("sample_spectator_again", "  another sample from the spectator's view", "µs", None, False),
        Figure(
            "round_trip",
            "from_dict(to_dict(finished deal))",
            "µs",
            1000.0,
            False,
            note="strohmandeln.serialization.from_dict(strohmandeln.serialization.to_dict(state))",
        ),
        Figure("memory", "memory allocated per apply (retained)", "bytes", 1024, False),
        Figure("memory_peak", "  peak during one apply, new state incl.", "bytes", None, False),
        Figure("openspiel", "OpenSpiel tarok (C++), same loop", "actions/s", None, True),
        Figure("peer_ratio", "our actions/s ÷ OpenSpiel's (classic)", "×", 1.0, True),
        Figure("floor", "minimal bitmask engine, same loop", "deals/s", None, True),
        Figure("floor_ratio", "our deals/s ÷ the minimal engine's (classic)", "×", None, True),
    ]
    if settings.perft_depth > 0:
        figures += [
            Figure("perft_counts", f"perft counts, depth {settings.perft_depth}", "", None, True),
            Figure("perft_nodes", "perft leaf nodes/s", "nodes/s", None, True),
        ]
    return {f.key: f for f in figures}


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
    for package in ("pytest-benchmark", "open-spiel"):
        try:
            info[package] = importlib.metadata.version(package)
        except importlib.metadata.PackageNotFoundError:
            info[package] = "not installed"
    return info


# ----------------------------------------------------------------------------------------------
# Settings


@dataclass(frozen=True)
class Settings:
    """The size of a run."""

    #: Timed rounds per figure (pytest-benchmark's ``rounds``); each figure is their median.
    rounds: int
    #: Random deals played in one round of the full-deal figures.
    deals: int
    #: Random deals of each of ``CLASSIC`` and ``EXTENDED`` whose play positions are timed.
    position_deals: int
    #: Mid-game views sampled in one round.
    sample_views: int
    #: Finished deals serialized and read back in one round.
    round_trips: int
    #: OpenSpiel games in one of its rounds (ours play ``deals`` deals).
    openspiel_games: int
    #: Perft depth to check; 0 skips perft.
    perft_depth: int
    #: Whether to run the OpenSpiel comparison.
    peer: bool


SIZES: Final = {
    "full": Settings(
        rounds=25, deals=500, position_deals=100, sample_views=300, round_trips=100, openspiel_games=6000, perft_depth=6, peer=True
    ),
    "quick": Settings(
        rounds=7, deals=100, position_deals=20, sample_views=50, round_trips=20, openspiel_games=500, perft_depth=5, peer=True
    ),
}


# ----------------------------------------------------------------------------------------------
# Workloads: each is what one timed round runs. They time nothing themselves.


def play_random_deals(rules: RuleSet, deals: int, seed: int) -> int:
    """Play ``deals`` random deals through the public API; the number of actions applied.

    ``deal(rules, dealer=k % 2, rng=rng)``, then at every decision (fold, auction, card play) a
    uniformly random choice among ``legal_actions()`` applied with ``apply``, then ``result()``.
    Dealing is not an action.
    """
    rng = random.Random(seed)
    choice = rng.choice
    actions = 0
    for k in range(deals):
        state = deal(rules, dealer=k & 1, rng=rng)
        while not state.is_terminal:
            state = state.apply(choice(state.legal_actions()))
            actions += 1
        state.result()
    return actions


def deal_many(rules: RuleSet, deals: int, seed: int) -> None:
    """``deals`` calls of ``deal(rules, dealer=k % 2, rng=rng)``."""
    rng = random.Random(seed)
    for k in range(deals):
        deal(rules, dealer=k & 1, rng=rng)


Route = tuple[GameState, Action]


@dataclass
class Positions:
    """Play-phase positions of random deals.

    ``routes[i]`` is (parent, action) with ``parent.apply(action)`` equal to position ``i``, so a
    fresh object of that position (with nothing cached) costs one untimed ``apply``;
    ``moves[i]`` is (position, the action the random game applied there).
    """

    deals: int = 0
    routes: list[Route] = field(default_factory=list)
    moves: list[Route] = field(default_factory=list)
    #: (parent, action) of finished deals, as ``routes``.
    finished_routes: list[Route] = field(default_factory=list)

    def fresh(self) -> list[GameState]:
        return rebuild(self.routes)

    def fresh_finished(self) -> list[GameState]:
        return rebuild(self.finished_routes)

    def middle(self, count: int, seed: int = 7) -> list[Route]:
        """Routes to ``count`` positions from the middle third of their deals, drawn at random."""
        tricks = (CLASSIC.deck.trick_count, EXTENDED.deck.trick_count)
        low, high = min(tricks) // 3, 2 * max(tricks) // 3
        mid = [route for route, (state, _) in zip(self.routes, self.moves) if low <= state.trick_number < high]
        return random.Random(seed).sample(mid, min(count, len(mid)))


def rebuild(routes: Iterable[Route]) -> list[GameState]:
    """New state objects, with nothing cached, of the positions the routes lead to."""
    return [parent.apply(action) for parent, action in routes]


def sample_positions(deals_per_preset: int, seed: int) -> Positions:
    """Every play-phase position of random ``CLASSIC`` and ``EXTENDED`` deals."""
    rng = random.Random(seed)
    out = Positions(deals=2 * deals_per_preset)
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


def legal_actions_of(states: Sequence[GameState]) -> None:
    """``legal_actions()`` once on each state (fresh objects, rebuilt by the round's setup)."""
    for state in states:
        state.legal_actions()


def legal_from_scratch(states: Sequence[GameState]) -> None:
    """The legal actions worked out from each state's fields by the general function (the
    work ``apply`` does inline for its successor)."""
    for state in states:
        c = record_of(state)
        p = c[2]
        legal_plays(c[0], p, c[3 + p], c[5 + p], c[9], c[10], c[11])


def apply_each(moves: Sequence[Route]) -> None:
    """``apply`` of the action the random game chose at each position."""
    for state, action in moves:
        state.apply(action)


def result_of(states: Sequence[GameState]) -> None:
    """``result()`` of each finished deal."""
    for state in states:
        state.result()


def views_of(states: Sequence[GameState], spectator: bool = False) -> list[PlayerView]:
    """The view of the player to act, of each state (or a spectator's view of it)."""
    return [state.view(None if spectator else state.current_player) for state in states]


def view_each(states: Sequence[GameState]) -> None:
    """``view(player)`` of each state, for the player to act."""
    for state in states:
        state.view(state.current_player)


def sample_each(views: Sequence[PlayerView], rng: random.Random) -> None:
    """One hidden-card sample from each view."""
    for view in views:
        sample(view, rng)


def round_trip_each(states: Sequence[GameState]) -> None:
    """``from_dict(to_dict(state))`` of each state."""
    for state in states:
        from_dict(to_dict(state))


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


# -- OpenSpiel --------------------------------------------------------------------------------


def load_openspiel() -> Any | str:
    """OpenSpiel's tarok game (three players; it has no two-player form), or why it cannot be loaded."""
    try:
        pyspiel = importlib.import_module("pyspiel")
    except ImportError:
        return "not available (open-spiel is not installed; pip install open-spiel)"
    try:
        return pyspiel.load_game("tarok", {"players": 3, "rng_seed": 0})
    except Exception as error:  # noqa: BLE001 - report, do not fail
        return f"error ({type(error).__name__}: {error})"


def openspiel_random_games(game: Any, games: int, seed: int) -> int:
    """Play ``games`` random games of OpenSpiel's tarok; the number of decisions applied.

    The same loop as :func:`play_random_deals`: a uniformly random choice among
    ``legal_actions()`` at every decision, ``apply_action``, then ``returns()``. The deal is one
    chance node with a single outcome (OpenSpiel shuffles inside it); like our ``deal()``, it is
    not counted.
    """
    rng = random.Random(seed)
    choice = rng.choice
    actions = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
                actions += 1
        state.returns()
    return actions


# ----------------------------------------------------------------------------------------------
# The session's figures


class Results:
    """The figures of one run, filled in by the benchmarks, and the report on them."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.figures = catalogue(settings)
        self.perft_runs: list[PerftRun] = []
        #: Lines printed under the table (sizes of the workloads, perft deal by deal).
        self.details: list[str] = []
        self.started = time.perf_counter()
        #: Whether a benchmark of this session asked for a figure (not so under --collect-only).
        self.used = False
        self._info: dict[str, str] | None = None

    @property
    def info(self) -> dict[str, str]:
        """The machine (see :func:`machine`), found once."""
        if self._info is None:
            self._info = machine()
        return self._info

    def __getitem__(self, key: str) -> Figure:
        self.used = True
        return self.figures[key]

    def add_perft(self, run: PerftRun) -> None:
        """One stored deal counted at one depth (``run["seconds"]`` is 0 when it was not timed)."""
        self.used = True
        self.perft_runs.append(run)
        ok = run["counted"] == run["expected"]
        text = f"perft {run['name']} depth {run['depth']}: {run['counted']:,}"
        text += "" if ok else f" MISMATCH, stored {run['expected']:,}"
        self.details.append(text + (f" in {run['seconds']:.2f} s" if run["seconds"] > 0 else ""))
        counts = self.figures["perft_counts"]
        nodes = self.figures["perft_nodes"]
        runs = self.perft_runs
        matching = sum(r["counted"] == r["expected"] for r in runs)
        depths = "/".join(str(d) for d in sorted({r["depth"] for r in runs}))
        counts.label = f"perft counts, depth {depths}"
        counts.measured = float(matching)
        counts.shown = f"{matching} of {len(runs)} deals match"
        counts.broken = matching < len(runs)
        timed = [r for r in runs if r["seconds"] > 0]
        if timed:
            nodes.label = f"perft leaf nodes/s ({len(timed)} deals, one run)"
            nodes.measured = sum(r["counted"] for r in timed) / sum(r["seconds"] for r in timed)

    def ordered(self) -> list[Figure]:
        """The figures in the order of the table; unmeasured ones say so."""
        for figure in self.figures.values():
            if figure.measured is None and not figure.note.startswith(("not ", "error")):
                figure.note = "not measured (its benchmark was deselected, skipped or failed)"
        return list(self.figures.values())

    def failing(self) -> list[Figure]:
        return [f for f in self.figures.values() if f.fails]

    def report(self) -> list[str]:
        """The header with the machine, the table, the notes and the verdict."""
        figures = self.ordered()
        elapsed = time.perf_counter() - self.started
        lines = [
            f"strohmandeln benchmarks: median of {self.settings.rounds} pytest-benchmark rounds per figure, "
            f"{elapsed:.0f} s in all",
            *(f"  {key:16} {value}" for key, value in self.info.items()),
            "",
            *table(figures).splitlines(),
            "",
            "ratio: how many times the target is met (≥ 1.00 meets it); a run fails on a miss by more than 20%.",
            *(f"  {f.label.strip()}: {f.note}" for f in figures if f.note),
            *(f"  {line}" for line in self.details),
        ]
        failing = self.failing()
        if failing:
            lines.append(f"FAILED: {', '.join(f.label.strip() for f in failing)}")
        else:
            lines.append("all figures within 20% of their targets")
        return lines

    def as_json(self) -> dict[str, Any]:
        return {
            "machine": self.info,
            "settings": asdict(self.settings),
            "figures": [f.as_json() for f in self.ordered()],
            "perft": self.perft_runs,
        }
