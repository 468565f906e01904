"""The figures the bot guide quotes (docs/guide_bot.rst), measured as the suite measures: thread
CPU time, the workloads interleaved in rounds (the order turning each round), medians, and the
load indicator (wall ÷ CPU time; about 1 on a quiet machine) beside each::

    python benchmarks/guide_figures.py             # in the venv of the build to measure

* ``playout()`` against the loop of ``apply`` it stands for (the guide's ``playout_by_hand``), on
  300 fresh ``CLASSIC`` deals, the same generator: how many times as fast;
* the heuristic player playing whole deals against ``playout()`` on the same deals (what a
  heuristic rollout costs beside a random one);
* ``state.view(seat)`` and ``view.to_dict()`` at the moments of 60 random deals;
* what the library's tables add to a full garbage collection (in a fresh interpreter: the
  median of 7 collections before importing the library, and after its first deals).
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

import strohmandeln as sm
from strohmandeln.players import HeuristicPlayer, RandomPlayer
from strohmandeln.playouts import playout


def by_hand(state: sm.GameState, rng: random.Random) -> sm.GameState:
    """The loop ``playout`` stands for (the bot guide's ``playout_by_hand``)."""
    while not state.is_terminal:
        legal = state.legal_actions()
        state = state.apply(legal[int(rng.random() * len(legal))])
    return state


#: Run in a fresh interpreter: a full collection's CPU time before and after the library's tables.
GC_PROBE = """
import gc, random, statistics, time
def full():
    start = time.thread_time()
    gc.collect()
    return (time.thread_time() - start) * 1000
gc.collect()
before = statistics.median(full() for _ in range(7))
import strohmandeln as sm
from strohmandeln.playouts import playouts
for rules in (sm.CLASSIC, sm.EXTENDED):
    playouts(rules, 3, random.Random(1))
sm.deal(sm.CLASSIC, dealer=0, rng=1).view(0)
after = statistics.median(full() for _ in range(7))
print(f"{before:.2f} {after:.2f} {len(gc.get_objects())}")
"""


def main() -> int:
    starts = [sm.deal(sm.CLASSIC, dealer=k % 2, rng=k) for k in range(300)]
    heuristic, randomly = HeuristicPlayer(), RandomPlayer(random.Random(2))
    moments: list[sm.GameState] = []
    for start in starts[:60]:
        state = start
        while not state.is_terminal:
            moments.append(state)
            state = state.apply(randomly(state))
    some = moments[::10]

    def playouts() -> None:
        rng = random.Random(1)
        for s in starts:
            playout(s, rng)

    def loops() -> None:
        rng = random.Random(1)
        for s in starts:
            by_hand(s, rng)

    def heuristic_deals() -> None:
        for s in starts[:30]:
            while not s.is_terminal:
                s = s.apply(heuristic(s))

    def playouts_30() -> None:
        rng = random.Random(1)
        for s in starts[:30]:
            playout(s, rng)

    def views() -> None:
        for s in moments:
            s.view(s.current_player)

    def documents() -> None:
        for s in some:
            s.view(s.current_player).to_dict()

    work: dict[str, Callable[[], None]] = {
        "playout": playouts, "loop": loops, "heuristic": heuristic_deals, "playout30": playouts_30, "view": views, "to_dict": documents,
    }  # fmt: skip
    cpu: dict[str, list[float]] = {k: [] for k in work}
    loads: dict[str, list[float]] = {k: [] for k in work}
    names = list(work)
    for r in range(-1, 7):  # (an untimed warm-up round first)
        for name in names[r % len(names) :] + names[: r % len(names)]:
            wall, thread = time.perf_counter(), time.thread_time()
            work[name]()
            thread, wall = time.thread_time() - thread, time.perf_counter() - wall
            if r >= 0:
                cpu[name].append(thread)
                loads[name].append(wall / thread)

    def ratio(slow: str, fast: str) -> str:
        value = statistics.median(a / b for a, b in zip(cpu[slow], cpu[fast]))
        load = max(statistics.median(loads[slow]), statistics.median(loads[fast]))
        return f"{value:.2f}x (load {load:.2f})"

    def each(name: str, count: int) -> str:
        return f"{statistics.median(cpu[name]) / count * 1e6:.2f} µs (load {statistics.median(loads[name]):.2f})"

    print(f"strohmandeln {sm.__version__}, the {'compiled' if sm.COMPILED else 'pure'} build; Python {sys.version.split()[0]}; 7 rounds")
    print(f"  playout() ÷ the loop of apply it stands for: {ratio('loop', 'playout')} as fast")
    print(f"  the heuristic player's deals ÷ playout(): {ratio('heuristic', 'playout30')} as slow")
    print(f"  state.view(seat): {each('view', len(moments))}")
    print(f"  view.to_dict(): {each('to_dict', len(some))}")
    before, after, tracked = subprocess.run([sys.executable, "-c", GC_PROBE], capture_output=True, text=True, check=True).stdout.split()
    print(f"  a full collection: {before} ms before importing the library, {after} ms after its first deals ({tracked} objects tracked)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
