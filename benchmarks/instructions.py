"""Count the interpreter's machine instructions per unit of work, under valgrind.

Timings on a shared machine move with its load, by up to half within one run and more from day
to day (see the performance page); a count of instructions does not. This script is how the
performance page's instruction counts are made, and the way to compare two versions of the
engine on a noisy machine::

    python benchmarks/instructions.py                        # every workload, 200 units each
    python benchmarks/instructions.py sample_first --count 100
    python benchmarks/instructions.py --list

Each workload runs twice in a child process under ``valgrind --tool=cachegrind``, with the same
preparation and warm-up (positions, views, a few units with other seeds) for twice ``--count``
units, once running half of them and once all; the difference of the two totals divided by the
count is the figure (the two processes differ in nothing else, so their start-up and exit cancel
out).
``--cache`` also simulates the caches and counts the misses of the first-level caches (32 KiB
each on the project's machine): fetches of the interpreter's own machine code that miss the
instruction cache (I1), and reads and writes that miss the data cache (D1). These, more than the
instructions, are where a state-building engine loses time against a mutating one (see the
performance page).
``PYTHONHASHSEED`` is fixed, so a run repeats to within a fraction of a percent. Valgrind is a
system tool, not a Python package: the script says so and exits with status 2 if it is missing.
It is not part of the timed suite or of CI (a run takes about a minute per workload).

``--opcodes`` counts instead, without valgrind, the bytecodes the workload's units execute, in
all and by function (with :func:`sys.settrace` and opcode events, in this process): where the
interpreter's instructions are spent at the level of the Python source. A run repeats exactly::

    python benchmarks/instructions.py play floor --opcodes --count 20
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from strohmandeln import GameState

HERE: Final = Path(__file__).resolve().parent


#: A workload's preparation: units prepared -> a function that runs the first k of them.
Prepare = Callable[[int], Callable[[int], object]]


def _deals(rules_name: str) -> Prepare:
    def prepare(count: int) -> Callable[[int], object]:
        from suite import play_random_deals

        import strohmandeln

        rules = getattr(strohmandeln, rules_name)
        play_random_deals(rules, 20, 99)  # (warm-up: other deals)
        return lambda k: play_random_deals(rules, k, 0)

    return prepare


def _deal(count: int) -> Callable[[int], object]:
    from suite import deal_many

    from strohmandeln import CLASSIC

    deal_many(CLASSIC, 20, 99)
    return lambda k: deal_many(CLASSIC, k, 0)


def _stages(count: int, seed: int) -> tuple[list[GameState], list[GameState], list[GameState]]:
    """Random CLASSIC deals until ``count`` of them reach the card play: their first states,
    their first states of the card play, and their finished states."""
    import random

    from strohmandeln import CLASSIC, Phase, deal

    rng = random.Random(seed)
    dealt: list[GameState] = []
    played: list[GameState] = []
    finished: list[GameState] = []
    while len(played) < count:
        state = deal(CLASSIC, dealer=len(dealt) & 1, rng=rng)
        dealt.append(state)
        while not state.is_terminal:
            if state.phase is Phase.PLAY and len(played) < len(dealt):
                played.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
        finished.append(state)
    return dealt, played, finished


def _stage(stage: int) -> Prepare:
    """Units of one stage of random CLASSIC deals, played as the timed suite plays them: 0 the
    auction (from the dealt state to the card play or a void end), 1 the card play (from its
    first state to the end), 2 ``result()``."""

    def prepare(count: int) -> Callable[[int], object]:
        import random

        from strohmandeln import Phase

        def auction(states: Sequence[GameState], rng: random.Random) -> None:
            choice = rng.choice
            for state in states:
                while state.phase is not Phase.PLAY and not state.is_terminal:
                    state = state.apply(choice(state.legal_actions()))

        def play(states: Sequence[GameState], rng: random.Random) -> None:
            choice = rng.choice
            for state in states:
                while not state.is_terminal:
                    state = state.apply(choice(state.legal_actions()))

        def result(states: Sequence[GameState], rng: random.Random) -> None:
            for state in states:
                state.result()

        units = _stages(count + 20, 5)[stage][: count + 20]
        run = (auction, play, result)[stage]
        run(units[count:], random.Random(99))  # (warm-up: other deals)
        return lambda k: run(units[:k], random.Random(1))

    return prepare


def _floor(count: int) -> Callable[[int], object]:
    from floor import floor_random_deals

    floor_random_deals(20, 99)
    return lambda k: floor_random_deals(k, 0)


def _playouts(rules_name: str) -> Prepare:
    def prepare(count: int) -> Callable[[int], object]:
        from suite import play_playouts

        import strohmandeln

        rules = getattr(strohmandeln, rules_name)
        play_playouts(rules, 20, 99)  # (warm-up: other deals)
        return lambda k: play_playouts(rules, k, 0)

    return prepare


def _sample(again: bool) -> Prepare:
    def prepare(count: int) -> Callable[[int], object]:
        from suite import mid_game, sample_again_each, sample_each, views_of

        from strohmandeln.sampling import Sampler

        # (mid_game's first k positions are the same whatever the count, so counts compare)
        middle = mid_game(count, 0)
        sample_each(views_of(mid_game(20, 99)), random.Random(99))  # (warm-up: other deals)
        if again:
            samplers = [Sampler(view) for view in views_of(middle)]
            sample_again_each(samplers, random.Random(98))
            return lambda k: sample_again_each(samplers[:k], random.Random(1))
        views = views_of(middle)
        return lambda k: sample_each(views[:k], random.Random(1))

    return prepare


#: name -> (what one unit is, its preparation)
WORKLOADS: Final[dict[str, tuple[str, Prepare]]] = {
    "deals_classic": ("a random full CLASSIC deal through the public API (as the timed suite)", _deals("CLASSIC")),
    "deals_extended": ("a random full EXTENDED deal through the public API", _deals("EXTENDED")),
    "deal": ("deal(CLASSIC, dealer=k % 2, rng=rng) alone", _deal),
    "auction": ("the auction of a random CLASSIC deal (a random legal decision at each step)", _stage(0)),
    "play": ("the card play of a random CLASSIC deal (a random legal card at each step)", _stage(1)),
    "result": ("result() of a finished random CLASSIC deal", _stage(2)),
    "playouts_classic": ("a random CLASSIC deal of playouts(CLASSIC, n, rng)", _playouts("CLASSIC")),
    "playouts_extended": ("a random EXTENDED deal of playouts(EXTENDED, n, rng)", _playouts("EXTENDED")),
    "floor": ("a random deal of the minimal bitmask engine (benchmarks/floor.py)", _floor),
    "sample_first": ("a first sample of a new view of a mid-game position: Sampler(view).sample(rng)", _sample(again=False)),
    "sample_again": ("another sample from a Sampler that sampled once already", _sample(again=True)),
}


def child(name: str, count: int, run: int) -> None:
    """Prepare the workload for ``count`` units, and run ``run`` of them."""
    sys.path.insert(0, str(HERE))
    WORKLOADS[name][1](count)(run)


def counts(name: str, count: int, run: int, cache: bool) -> tuple[int, tuple[int, int] | None]:
    """The instructions valgrind counts for a child process of the workload, and if ``cache``
    its misses of the first-level instruction and data caches."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    command = [
        "valgrind",
        "--tool=cachegrind",
        f"--cache-sim={'yes' if cache else 'no'}",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        str(Path(__file__).resolve()),
        "--child",
        name,
        "--count",
        str(count),
        "--run",
        str(run),
    ]
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    refs = re.search(r"I\s+refs:\s*([\d,]+)", done.stderr)
    i1 = re.search(r"I1\s+misses:\s*([\d,]+)", done.stderr)
    d1 = re.search(r"D1\s+misses:\s*([\d,]+)", done.stderr)
    if done.returncode != 0 or refs is None or (cache and (i1 is None or d1 is None)):
        raise SystemExit(f"valgrind failed on {name} (status {done.returncode}):\n{done.stderr[-2000:]}")
    if cache and i1 is not None and d1 is not None:
        return _number(refs.group(1)), (_number(i1.group(1)), _number(d1.group(1)))
    return _number(refs.group(1)), None


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def opcodes(name: str, count: int) -> Counter[str]:
    """The bytecodes that ``count`` units of the workload execute, by function (qualified
    name), traced in this process; the preparation and warm-up are not counted (the run's own
    set-up, such as seeding its generator, is: a few bytecodes a run)."""
    sys.path.insert(0, str(HERE))
    run = WORKLOADS[name][1](count)
    executed: Counter[str] = Counter()

    def trace(frame: FrameType, event: str, arg: object) -> Callable[..., Any]:
        frame.f_trace_opcodes = True
        if event == "opcode":
            executed[frame.f_code.co_qualname] += 1
        return trace

    sys.settrace(trace)
    try:
        run(count)
    finally:
        sys.settrace(None)
    return executed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Instructions per unit of work, counted by valgrind (or bytecodes, with --opcodes).", allow_abbrev=False)
    parser.add_argument("workloads", nargs="*", metavar="WORKLOAD", help="the workloads to count (default: all)")
    parser.add_argument("--count", type=int, default=200, metavar="N", help="units counted per workload (default 200)")
    parser.add_argument("--cache", action="store_true", help="also count the misses of the first-level instruction and data caches (slower)")
    parser.add_argument(
        "--opcodes", action="store_true", help="count the bytecodes executed, by function, with sys.settrace (no valgrind)"
    )
    parser.add_argument("--list", action="store_true", help="list the workloads and exit")
    parser.add_argument("--child", metavar="WORKLOAD", help=argparse.SUPPRESS)
    parser.add_argument("--run", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        child(args.child, args.count, args.run)
        return 0
    if args.list:
        for name, (unit, _) in WORKLOADS.items():
            print(f"{name:17} {unit}")
        return 0
    unknown = [name for name in args.workloads if name not in WORKLOADS]
    if unknown or args.count < 1:
        parser.error(f"unknown workload {unknown[0]!r} (see --list)" if unknown else "--count must be at least 1")
    if args.opcodes:
        if args.cache:
            parser.error("--cache counts under valgrind: it does not go with --opcodes")
        for name in args.workloads or list(WORKLOADS):
            executed = opcodes(name, args.count)
            print(f"{name:17} {sum(executed.values()) / args.count:12,.0f} bytecodes per unit ({args.count} units: {WORKLOADS[name][0]})")
            for function, n in executed.most_common(8):
                print(f"{'':17} {n / args.count:12,.1f}  {function}")
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not on the PATH: install it (for example apt-get install valgrind)", file=sys.stderr)
        return 2
    for name in args.workloads or list(WORKLOADS):
        base, base_misses = counts(name, 2 * args.count, args.count, args.cache)
        total, total_misses = counts(name, 2 * args.count, 2 * args.count, args.cache)
        line = f"{name:17} {(total - base) / args.count:12,.0f} instructions"
        if base_misses is not None and total_misses is not None:
            i1, d1 = ((total_misses[k] - base_misses[k]) / args.count for k in (0, 1))
            line += f" {i1:9,.0f} I1 misses {d1:9,.0f} D1 misses"
        print(f"{line} per unit ({args.count} units: {WORKLOADS[name][0]})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
