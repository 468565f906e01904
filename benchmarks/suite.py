"""The benchmark suite's figures, targets, sizes and workloads, and its report.

``benchmarks/run.py`` runs the suite (see its docstring), ``benchmarks/measure.py`` times the
workloads of this module in interleaved rounds (``benchmarks/timing.py``), and this module has
what they share; nothing here times anything:

* :class:`Figure` (one row of the table: the targets of both builds, the tolerance rule, the
  status), :func:`catalogue` and :func:`table`;
* :class:`Settings` and :data:`SIZES` (the full and the quick run);
* the workloads, plain functions that do one batch of work (also used by ``instructions.py``
  and ``floor.py``);
* :class:`Results`, the figures of one run, which renders the report and the JSON.

A figure fails the run when it misses its target by more than :data:`TOLERANCE` (a time above
1.2 × its target, a rate or ratio below 0.8 × its target), or when a perft count differs from
``tests/data/perft.json``. Every timed figure carries its *load indicator* (the median over its
rounds of wall-clock time ÷ CPU time, the higher of the two engines' for a ratio); a run whose
load indicator exceeds :data:`LOAD_LIMIT` anywhere is *loaded*, and its targets are not gated:
the report says so and ``run.py`` exits with status 3 (a perft count is still checked). The targets differ by build (:data:`strohmandeln.COMPILED`); a run
checks those of the build it runs.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import os
import platform
import random
import statistics
import subprocess
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Final

from perft import PerftRun

import strohmandeln
from strohmandeln import CLASSIC, EXTENDED, Action, GameState, Phase, RuleSet, deal
from strohmandeln.playouts import playouts, playouts_from
from strohmandeln.sampling import Sampler
from strohmandeln.serialization import from_dict, to_dict
from strohmandeln.views import PlayerView

ROOT: Final = Path(__file__).resolve().parent.parent
#: A figure fails the run when it misses its target by more than this fraction.
TOLERANCE: Final = 0.20
#: The highest load indicator (wall ÷ CPU time, median of the rounds) of a run that is gated on
#: its targets: above it, other processes held the CPUs while the figures were timed.
LOAD_LIMIT: Final = 1.10
#: The build that runs: "compiled" (the kernel compiled with mypyc) or "pure".
BUILD: Final = "compiled" if strohmandeln.COMPILED else "pure"


# ----------------------------------------------------------------------------------------------
# Figures and the table


@dataclass
class Figure:
    """One row of the table."""

    key: str
    label: str
    unit: str
    #: The target of each build, or None for a figure reported for information.
    target_compiled: float | None
    target_pure: float | None
    #: Whether more is better (a rate, a ratio) or less is better (a time, a size).
    higher_is_better: bool
    #: Which group of the run measures it (``run.py -k`` selects groups).
    group: str
    measured: float | None = None
    low: float | None = None
    high: float | None = None
    #: The value of each round, in order (empty for a figure measured once).
    values: list[float] = field(default_factory=list)
    #: How the figure is measured, or why there is no measurement.
    note: str = ""
    #: A failure that is not a miss of a target (a wrong perft count).
    broken: bool = False
    #: Text to show instead of the measured number.
    shown: str = ""
    #: The load indicator: the median over the rounds of wall-clock ÷ CPU time (for a ratio, the
    #: higher of its two workloads' in each round), or None (not timed on the CPU clock).
    load: float | None = None
    #: The load indicator of each round, in order.
    loads: list[float] = field(default_factory=list)

    @property
    def target(self) -> float | None:
        """The target of the build that runs."""
        return self.target_compiled if strohmandeln.COMPILED else self.target_pure

    @property
    def ratio(self) -> float | None:
        """How many times the target is met: 1.0 or more meets it."""
        target = self.target
        if self.measured is None or target is None or self.measured <= 0:
            return None
        return self.measured / target if self.higher_is_better else target / self.measured

    @property
    def fails(self) -> bool:
        """Whether this figure fails the run: a miss by more than :data:`TOLERANCE`."""
        if self.broken:
            return True
        target = self.target
        if self.measured is None or target is None:
            return False
        if self.higher_is_better:
            return self.measured < target * (1 - TOLERANCE)
        return self.measured > target * (1 + TOLERANCE)

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

    def set_values(self, values: Sequence[float]) -> None:
        """The values of the rounds: their median is the figure, their min and max its spread."""
        self.values = list(values)
        self.measured = statistics.median(values)
        self.low = min(values)
        self.high = max(values)

    def set_loads(self, loads: Sequence[float]) -> None:
        """The load indicator of each round (their median is the figure's)."""
        self.loads = list(loads)
        self.load = statistics.median(loads)

    @property
    def loaded(self) -> bool:
        """Whether the figure was timed on a loaded machine (:data:`LOAD_LIMIT`)."""
        return self.load is not None and self.load > LOAD_LIMIT

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "target": self.target, "ratio": self.ratio, "status": self.status}


def _number(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    if abs(value) < 1:
        text = f"{value:.3f}"
    elif unit in ("µs", "×", "ms") or abs(value) < 100:
        text = f"{value:,.2f}"
    else:
        text = f"{value:,.0f}"
    return f"{text} {unit}".rstrip()


def table(figures: Sequence[Figure]) -> str:
    """The figures as a text table: measured (median of the rounds), the running build's target,
    how many times it is met, the status and the spread (min-max) of the rounds."""
    header = ("figure", "median", "load", f"target ({BUILD})", "× target", "status", "spread (min - max)")
    rows = [header]
    for f in figures:
        target = f.target
        goal = "-" if target is None else ("≥ " if f.higher_is_better else "≤ ") + _number(target, f.unit)
        spread = "-" if f.low is None or f.high is None or f.low == f.high else f"{_number(f.low, '')} - {_number(f.high, '')}"
        if f.shown:
            measured = f.shown
        elif f.measured is not None:
            measured = _number(f.measured, f.unit)
        else:
            measured = "not available" if f.note.startswith("not available") else "n/a"
        ratio = "-" if f.ratio is None else f"{f.ratio:.2f}"
        load = "-" if f.load is None else f"{f.load:.2f}" + ("!" if f.loaded else "")
        rows.append((f.label, measured, load, goal, ratio, f.status, spread))
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = []
    for n, row in enumerate(rows):
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
        lines.append(" | ".join(cells))
        if n == 0:
            lines.append("-+-".join("-" * w for w in widths))
    return "\n".join(lines)


#: The groups of a run, in order: what ``run.py -k`` selects.
GROUPS: Final = ("engines", "calls", "memory", "import", "perft")


def catalogue(settings: Settings) -> dict[str, Figure]:
    """Every figure of the table, in its order, not yet measured."""
    e, c = "engines", "calls"
    figures = [
        # The engines, in interleaved rounds: our public API, our batch playouts, OpenSpiel's
        # tarok and the minimal engine of floor.py.
        Figure("ratio_classic", "random full deals ÷ OpenSpiel, classic", "×", 1.5, 0.7, True, e),
        Figure("ratio_extended", "random full deals ÷ OpenSpiel, extended", "×", 1.5, 0.7, True, e),
        Figure("playouts_ratio_classic", "batch playouts ÷ OpenSpiel, classic", "×", 8.0, 1.0, True, e),
        Figure("playouts_ratio_extended", "batch playouts ÷ OpenSpiel, extended", "×", 8.0, 1.0, True, e),
        Figure("rollouts_ratio_classic", "  rollouts from mid-game states ÷ OpenSpiel, classic", "×", None, None, True, e),
        Figure("rollouts_ratio_extended", "  rollouts from mid-game states ÷ OpenSpiel, extended", "×", None, None, True, e),
        Figure("openspiel", "  OpenSpiel tarok (C++), same loop", "actions/s", None, None, True, e),
        Figure("actions_classic", "  random full deals, classic", "actions/s", None, None, True, e),
        Figure("deals_classic", "  random full deals, classic", "deals/s", None, None, True, e),
        Figure("actions_extended", "  random full deals, extended", "actions/s", None, None, True, e),
        Figure("deals_extended", "  random full deals, extended", "deals/s", None, None, True, e),
        Figure("playouts_actions_classic", "  batch playouts, classic", "actions/s", None, None, True, e),
        Figure("playouts_deals_classic", "  batch playouts, classic", "deals/s", None, None, True, e),
        Figure("playouts_actions_extended", "  batch playouts, extended", "actions/s", None, None, True, e),
        Figure("playouts_deals_extended", "  batch playouts, extended", "deals/s", None, None, True, e),
        Figure("rollouts_actions_classic", "  rollouts from mid-game states, classic", "actions/s", None, None, True, e),
        Figure("rollouts_actions_extended", "  rollouts from mid-game states, extended", "actions/s", None, None, True, e),
        Figure("floor", "  minimal bitmask engine (floor.py)", "deals/s", None, None, True, e),
        Figure("floor_ratio", "  random full deals, classic ÷ minimal engine", "×", None, None, True, e),
        # Calls on fresh objects, in interleaved rounds.
        Figure("apply", "apply(Play(...)), fresh state", "µs", 0.5, 1.5, False, c),
        Figure("legal_actions", "legal_actions(), fresh state", "µs", 0.1, 0.2, False, c),
        Figure("sample", "first hidden-card sample, mid-game", "µs", 20.0, 50.0, False, c),
        Figure("sample_again", "  another sample, same Sampler", "µs", None, None, False, c),
        Figure("sample_spectator", "  first sample of a spectator's view", "µs", None, None, False, c),
        Figure("result", "  result() of a finished deal", "µs", None, None, False, c),
        Figure("view", "  view(player)", "µs", None, None, False, c),
        Figure("round_trip", "  from_dict(to_dict(finished deal))", "µs", None, None, False, c),
        Figure("import", "import strohmandeln (cumulative)", "ms", 60.0, 60.0, False, "import"),
        Figure("memory", "  memory allocated per apply (retained)", "bytes", None, None, False, "memory"),
        Figure("memory_peak", "  peak during one apply, new state incl.", "bytes", None, None, False, "memory"),
    ]
    if settings.perft_depth > 0:
        figures += [
            Figure("perft_counts", f"perft counts, depth {settings.perft_depth}", "", None, None, True, "perft"),
            Figure("perft_nodes", "  perft leaf nodes/s", "nodes/s", None, None, True, "perft"),
        ]
    return {f.key: f for f in figures}


# ----------------------------------------------------------------------------------------------
# The machine


def machine() -> dict[str, str]:
    """The build, the interpreter, the platform, the CPU and the code measured."""
    cpu = platform.processor() or "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    info = {
        "build": BUILD,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "cpu": f"{cpu} ({os.cpu_count()} logical CPUs)",
        "strohmandeln": f"{strohmandeln.__version__} from {Path(strohmandeln.__file__).parent}",
        "commit": "unknown (not a git checkout)",
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
# Settings


@dataclass(frozen=True)
class Settings:
    """The size of a run."""

    #: Interleaved rounds of the engines and of the calls; each figure is their median.
    rounds: int
    #: Random deals of each preset in one round of the public-API loop.
    deals: int
    #: Calls of ``playouts`` of each preset in one round, each timed alone ...
    playout_calls: int
    #: ... and the deals of each call.
    playout_deals: int
    #: OpenSpiel games in one round.
    openspiel_games: int
    #: Deals of the minimal engine in one round.
    floor_deals: int
    #: Random deals of each preset whose play positions ``apply`` and ``legal_actions`` time.
    position_deals: int
    #: Mid-game views, each sampled in one round (a first sample, and another).
    sample_views: int
    #: Mid-game spectator views sampled in one round.
    spectator_views: int
    #: Finished deals serialized and read back in one round.
    round_trips: int
    #: Fresh interpreters whose ``import strohmandeln`` is timed.
    import_runs: int
    #: Perft depth to check; 0 skips perft.
    perft_depth: int
    #: Rounds of perft over every stored deal (each checks the counts).
    perft_rounds: int
    #: Whether to run OpenSpiel's tarok.
    peer: bool


SIZES: Final = {
    # (many short rounds rather than a few long ones: the shorter a round, the closer in time the
    # engines it compares run, and the more rounds the median has)
    "full": Settings(
        rounds=101,
        deals=600,
        playout_calls=12,
        playout_deals=100,
        openspiel_games=8000,
        floor_deals=1200,
        position_deals=100,
        sample_views=300,
        spectator_views=50,
        round_trips=150,
        import_runs=11,
        perft_depth=6,
        perft_rounds=3,
        peer=True,
    ),
    "quick": Settings(
        rounds=25,
        deals=200,
        playout_calls=4,
        playout_deals=100,
        openspiel_games=2500,
        floor_deals=400,
        position_deals=30,
        sample_views=100,
        spectator_views=15,
        round_trips=40,
        import_runs=7,
        perft_depth=5,
        perft_rounds=3,
        peer=True,
    ),
}


# ----------------------------------------------------------------------------------------------
# Workloads: each does one batch of work and times nothing itself.


def play_random_deals(rules: RuleSet, deals: int, seed: int) -> int:
    """Play ``deals`` random deals through the public API; the number of actions applied.

    ``deal(rules, dealer=k % 2, rng=rng)``, then at every decision (fold, auction, doubling, card
    play) ``rng.choice(state.legal_actions())`` applied with ``apply``, then ``result()``.
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


def play_playouts(rules: RuleSet, deals: int, seed: int) -> list[GameState]:
    """``playouts(rules, deals, random.Random(seed))``: the final states of ``deals`` random deals."""
    return playouts(rules, deals, random.Random(seed))


def rollout_starts(rules: RuleSet, count: int, seed: int) -> list[GameState]:
    """The states of ``count`` random deals of ``rules`` at the first lead of their seventh trick
    (a search's rollouts start from such sampled worlds; deals that end sooner are skipped)."""
    rng = random.Random(seed)
    out: list[GameState] = []
    k = 0
    while len(out) < count:
        state = deal(rules, dealer=k & 1, rng=rng)
        k += 1
        while not state.is_terminal and not (state.phase is Phase.PLAY and state.trick_number == 6):
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal:
            out.append(state)
    return out


def play_rollouts(states: Sequence[GameState], seed: int) -> list[GameState]:
    """``playouts_from(states, random.Random(seed))``: their final states."""
    return playouts_from(states, random.Random(seed))


def decisions(finals: Sequence[GameState]) -> int:
    """The decisions (actions applied) of finished deals: the length of their histories."""
    return sum([len(final.history) for final in finals])


def replayed_playouts(rules: RuleSet, deals: int, seed: int) -> tuple[list[GameState], int]:
    """What :func:`play_playouts` should give, made by hand through the public API with the
    choice ``playouts`` documents (``legal[int(rng.random() * len(legal))]``): the final states
    and the number of actions applied (to check the batch and its count)."""
    rng = random.Random(seed)
    finals = []
    actions = 0
    for k in range(deals):
        state = deal(rules, dealer=k & 1, rng=rng)
        while not state.is_terminal:
            legal = state.legal_actions()
            state = state.apply(legal[int(rng.random() * len(legal))])
            actions += 1
        finals.append(state)
    return finals, actions


def deal_many(rules: RuleSet, deals: int, seed: int) -> None:
    """``deals`` calls of ``deal(rules, dealer=k % 2, rng=rng)``."""
    rng = random.Random(seed)
    for k in range(deals):
        deal(rules, dealer=k & 1, rng=rng)


#: (parent, action): ``parent.apply(action)`` makes a new object of a position.
Route = tuple[GameState, Action]


@dataclass
class Positions:
    """The positions of random ``CLASSIC`` and ``EXTENDED`` deals, kept as routes so that each
    round can make new objects of them (with nothing cached) by one untimed ``apply``.

    ``plays[i]`` is (parent, action, played): ``parent.apply(action)`` is the ``i``-th play-phase
    position, and ``played`` the action the random game applied there.
    """

    deals: int = 0
    plays: list[tuple[GameState, Action, Action]] = field(default_factory=list)
    #: Routes to finished deals.
    finished: list[Route] = field(default_factory=list)

    def routes(self) -> list[Route]:
        """Routes to every play-phase position."""
        return [(parent, action) for parent, action, _ in self.plays]


def rebuild(routes: Sequence[Route]) -> list[GameState]:
    """New state objects, with nothing cached, of the positions the routes lead to."""
    return [parent.apply(action) for parent, action in routes]


def replay(state: GameState) -> GameState:
    """A new state of the same moment, dealt again from its deck order and replayed: it shares
    no object with ``state`` (so nothing the library keeps per deal is reused)."""
    assert state.order is not None
    again = deal(state.rules, dealer=state.dealer, order=state.order)
    for action in state.history:
        again = again.apply(action)
    return again


def sample_positions(deals_per_preset: int, seed: int) -> Positions:
    """Every play-phase position and every finished deal of random ``CLASSIC`` and ``EXTENDED``
    deals."""
    rng = random.Random(seed)
    out = Positions(deals=2 * deals_per_preset)
    for rules in (CLASSIC, EXTENDED):
        for k in range(deals_per_preset):
            state = deal(rules, dealer=k & 1, rng=rng)
            route: Route | None = None
            while not state.is_terminal:
                action = rng.choice(state.legal_actions())
                if state.phase is Phase.PLAY and route is not None:
                    out.plays.append((route[0], route[1], action))
                nxt = state.apply(action)
                route = (state, action)
                state = nxt
            assert route is not None
            out.finished.append(route)
    return out


def mid_game(count: int, seed: int) -> list[GameState]:
    """One position from the middle third of the card play of each of ``count`` random deals
    (``CLASSIC`` and ``EXTENDED`` in turn; void deals are skipped), drawn at random."""
    rng = random.Random(seed)
    out: list[GameState] = []
    k = 0
    while len(out) < count:
        rules = (CLASSIC, EXTENDED)[k & 1]
        tricks = rules.deck.trick_count
        state = deal(rules, dealer=k >> 1 & 1, rng=rng)
        k += 1
        middle: list[GameState] = []
        while not state.is_terminal:
            if state.phase is Phase.PLAY and tricks // 3 <= state.trick_number < 2 * tricks // 3:
                middle.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
        if middle:
            out.append(rng.choice(middle))
    return out


def apply_each(moves: Sequence[Route]) -> None:
    """``apply`` of the action the random game chose, on each position."""
    for state, action in moves:
        state.apply(action)


def legal_actions_of(states: Sequence[GameState]) -> None:
    """``legal_actions()`` once on each state."""
    for state in states:
        state.legal_actions()


def result_of(states: Sequence[GameState]) -> None:
    """``result()`` of each finished deal."""
    for state in states:
        state.result()


def view_each(pairs: Sequence[tuple[GameState, int | None]]) -> None:
    """``state.view(player)`` of each (state, player)."""
    for state, player in pairs:
        state.view(player)


def views_of(states: Sequence[GameState], spectator: bool = False) -> list[PlayerView]:
    """The view of the player to act of each state (or a spectator's view of it)."""
    return [state.view(None if spectator else state.current_player) for state in states]


def sample_each(views: Sequence[PlayerView], rng: random.Random) -> None:
    """A first sample of each view: ``Sampler(view).sample(rng)``."""
    for view in views:
        Sampler(view).sample(rng)


def sample_again_each(samplers: Sequence[Sampler], rng: random.Random) -> None:
    """Another sample from each sampler: ``sampler.sample(rng)``."""
    for sampler in samplers:
        sampler.sample(rng)


def round_trip_each(states: Sequence[GameState]) -> None:
    """``from_dict(to_dict(state))`` of each state."""
    for state in states:
        from_dict(to_dict(state))


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

    The same loop as :func:`play_random_deals`: ``rng.choice(state.legal_actions())`` at every
    decision, ``apply_action``, then ``returns()``. The deal is a chance node (OpenSpiel shuffles
    inside it); like our ``deal()``, it is not counted.
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
# The figures of one run


class Results:
    """The figures of one run, filled in by ``measure.py``, and the report on them."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.figures = catalogue(settings)
        self.perft_runs: list[PerftRun] = []
        #: Lines printed under the table (sizes of the workloads, perft deal by deal).
        self.details: list[str] = []
        #: The groups that ran.
        self.groups: list[str] = []
        self.seconds = 0.0
        self.info = machine()

    def __getitem__(self, key: str) -> Figure:
        return self.figures[key]

    def add_perft(self, runs: Sequence[PerftRun], seconds: Sequence[float]) -> None:
        """The perft checks of every round (``runs`` of all rounds, ``seconds`` per round)."""
        self.perft_runs = list(runs)
        counts, nodes = self.figures["perft_counts"], self.figures["perft_nodes"]
        wrong = [r for r in runs if r["counted"] != r["expected"]]
        for r in wrong:
            self.details.append(f"perft {r['name']} depth {r['depth']}: {r['counted']:,}, stored {r['expected']:,}: MISMATCH")
        deals = {r["name"] for r in runs}
        bad = {r["name"] for r in wrong}
        depths = "/".join(str(d) for d in sorted({r["depth"] for r in runs}))
        counts.label = f"perft counts, depth {depths}"
        counts.measured = float(len(deals) - len(bad))
        counts.shown = f"{len(deals) - len(bad)} of {len(deals)} deals match"
        counts.broken = bool(bad)
        per_round = sum(r["counted"] for r in runs) / len(seconds)
        nodes.set_values([per_round / s for s in seconds])
        nodes.note = f"{len(deals)} stored deals at depth {depths} per round, {len(seconds)} rounds; bulk-counted last ply"

    def ordered(self) -> list[Figure]:
        """The figures of the groups that ran, in the order of the table."""
        for figure in self.figures.values():
            if figure.measured is None and not figure.note:
                figure.note = "not measured"
        return [f for f in self.figures.values() if f.group in self.groups]

    def failing(self) -> list[Figure]:
        return [f for f in self.ordered() if f.fails]

    def loaded(self) -> list[Figure]:
        """The figures with a target that were timed on a loaded machine (load indicator above
        :data:`LOAD_LIMIT`): a figure reported for information judges nothing, so a run of such
        figures alone (``-k perft``: the counts, and their rate) is judged on its counts."""
        return [f for f in self.ordered() if f.loaded and f.target is not None]

    def load(self) -> float | None:
        """The run's load indicator: the highest of its figures'."""
        loads = [f.load for f in self.ordered() if f.load is not None]
        return max(loads) if loads else None

    def gated(self) -> bool:
        """Whether the run may be judged on its targets: no figure was timed under load."""
        return not self.loaded()

    def exit_status(self, report_only: bool = False) -> int:
        """0 for a pass (or a report-only run), 1 for a miss by more than 20% or a wrong perft
        count, 3 for a loaded run, which is not judged on its targets (a wrong perft count is
        still 1)."""
        if report_only:
            return 0
        if any(f.broken for f in self.ordered()):
            return 1
        if not self.gated():
            return 3
        return 1 if self.failing() else 0

    def report(self, gated: bool = True) -> list[str]:
        """The header with the build and the machine, the table, the notes and the verdict (of a
        gated run: whether it fails; else what missed, reported only)."""
        figures = self.ordered()
        s = self.settings
        lines = [
            f"strohmandeln benchmarks: {self.info['build']} build, {self.info['python']}, commit {self.info['commit']}",
            *(f"  {key:13} {value}" for key, value in self.info.items() if key not in ("build", "python", "commit")),
            f"  timing        thread CPU time (time.thread_time), garbage collector on; "
            + (f"{s.rounds} interleaved rounds of the engines and of the calls; " if {"engines", "calls"} & set(self.groups) else "")
            + f"{self.seconds:.0f} s in all",
            "",
            *table(figures).splitlines(),
            "",
            "median: of the rounds (a ratio: of the per-round ratios); load: wall-clock ÷ CPU time, median of "
            f"the rounds (a ratio: the higher of its two engines'; ! above {LOAD_LIMIT:.2f}, a loaded machine); "
            "× target: how many times the target is met (≥ 1.00 meets it); "
            + ("a miss by more than 20% fails the run." if gated else "this run reports the misses and fails on none (--report-only)."),
            *(f"  {f.label.strip()}: {f.note}" for f in figures if f.note),
            *(f"  {line}" for line in self.details),
        ]
        failing = self.failing()
        loaded = self.loaded()
        broken = [f for f in figures if f.broken]
        if loaded and gated:
            load = self.load()
            lines.append(
                f"verdict: NOT GATED: a loaded run (load indicator up to {load:.2f} > {LOAD_LIMIT:.2f} in "
                f"{len(loaded)} figure(s)): the targets are judged only on a quiet machine; rerun when it is"
                + (f"; and FAILED ({', '.join(f.label.strip() for f in broken)})" if broken else "")
            )
        elif failing and not gated:
            missed = ", ".join(f.label.strip() for f in failing)
            lines.append(f"verdict: not gated (--report-only); {len(failing)} figure(s) more than 20% off their targets: {missed}")
        elif failing:
            lines.append(f"verdict: FAILED ({', '.join(f.label.strip() for f in failing)})")
        else:
            lines.append(f"verdict: every figure of the {BUILD} build within 20% of its target")
        return lines

    def as_json(self) -> dict[str, Any]:
        return {
            "build": BUILD,
            "machine": self.info,
            "settings": asdict(self.settings),
            "groups": self.groups,
            "timing": "thread CPU time (time.thread_time), interleaved rounds, garbage collector on",
            "tolerance": TOLERANCE,
            "load_limit": LOAD_LIMIT,
            "load": self.load(),
            "gated": self.gated(),
            "seconds": self.seconds,
            "figures": [f.as_json() for f in self.ordered()],
            "perft": self.perft_runs,
        }
