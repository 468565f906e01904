"""How the benchmark suite times: thread CPU time, in interleaved rounds, in one process.

A *workload* is one batch of work (300 random deals, an ``apply`` on each of 10,000 play
positions, ...) with an untimed ``setup`` that builds what the batch needs afresh (new state
objects, new views, a new seeded generator) and an untimed count of the *units* it did (actions,
calls, deals); a batch may be split into calls timed one by one (``Workload.split``).
:func:`interleaved` runs a group of workloads in *rounds*: every round runs each
workload of the group once, in an order that turns by one place from round to round (so no
workload always runs first, or right after another), and records the units and the seconds of
each. A figure is then a value per round (units per second, or µs per unit, or the ratio of two
workloads of the same round), and the report gives their median and their spread (min-max).

* The clock is :func:`time.thread_time`: the CPU time of this thread, which does not advance
  while the thread waits for the CPU that another process of a shared machine holds. What
  another process still changes (the caches it evicts, the clock speed) moves a round of every
  workload alike, which is why engines that are compared run in the same rounds and are
  compared round by round.
* Every round plays the same seeded work, so rounds differ only by the machine.
* The garbage collector stays on, as it is for a bot: the collections a workload's allocations
  trigger are part of its time. Only a ``gc.collect()`` before each timed batch (untimed) starts
  every batch from the same heap.
* One untimed warm-up round runs first.
* Beside the CPU time, each timed call's wall-clock time (:func:`time.perf_counter`) is kept: a
  workload's *load indicator* in a round is its wall time ÷ its CPU time (:meth:`Rounds.loads`).
  On a quiet machine it is about 1.0; where other processes hold the CPUs it rises (3 when this
  thread got a third of the time it waited for). The CPU clock does not count the waiting, but
  the caches and clock speed the neighbours share still move the figures, which is why the
  report gives the load beside every figure and refuses to gate on a loaded run.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

#: The clock of every timed figure: this thread's CPU time, in seconds.
CLOCK: Final = time.thread_time
#: The wall clock beside it, for the load indicator (wall ÷ CPU).
WALL: Final = time.perf_counter


def _nothing() -> None:
    return None


@dataclass
class Workload:
    """One batch of work, run once per round."""

    name: str
    #: The timed part: called with what ``setup`` returned; returns what ``units`` reads.
    run: Callable[[Any], object]
    #: The untimed preparation of each round (new objects, a new seeded generator).
    setup: Callable[[], object] = _nothing
    #: The units of work done in a round, from (what setup returned, what run returned); untimed.
    units: Callable[[Any, Any], int] = lambda prepared, result: int(result)
    #: Whether ``setup`` returns a list of calls to time one by one: ``run`` is timed on each
    #: item, its units counted and its result dropped after the clock stops, and the round's
    #: seconds are the sum (so a batch API's results need not all be kept alive at once).
    split: bool = False


@dataclass
class Rounds:
    """The units done and the seconds taken by one workload, round by round."""

    units: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    #: The wall-clock seconds of the same calls.
    walls: list[float] = field(default_factory=list)

    def rates(self) -> list[float]:
        """Units per second, per round."""
        return [u / max(s, 1e-9) for u, s in zip(self.units, self.seconds, strict=True)]

    def micros(self) -> list[float]:
        """Microseconds per unit, per round."""
        return [s / u * 1e6 for u, s in zip(self.units, self.seconds, strict=True)]

    def loads(self) -> list[float]:
        """The load indicator per round: wall-clock time ÷ CPU time of the timed calls."""
        return [w / max(s, 1e-9) for w, s in zip(self.walls, self.seconds, strict=True)]


def interleaved(
    workloads: Sequence[Workload],
    rounds: int,
    *,
    warmup: bool = True,
) -> dict[str, Rounds]:
    """Run ``rounds`` rounds of the workloads, each once per round in an order that turns by one
    place every round (after an untimed warm-up round); the units and seconds of each."""
    out = {w.name: Rounds() for w in workloads}
    n = len(workloads)
    for r in range(-1 if warmup else 0, rounds):
        turn = r % n if n else 0
        for w in [*workloads[turn:], *workloads[:turn]]:
            prepared = w.setup()
            calls: list[Any] = list(prepared) if w.split else [prepared]  # type: ignore[call-overload]
            del prepared
            gc.collect()
            units = 0
            seconds = 0.0
            wall = 0.0
            for call in calls:
                began = WALL()
                start = CLOCK()
                result = w.run(call)
                seconds += CLOCK() - start
                wall += WALL() - began
                units += w.units(call, result)
                del result
            if r >= 0:
                out[w.name].units.append(units)
                out[w.name].seconds.append(seconds)
                out[w.name].walls.append(wall)
            del calls
    return out


def ratios(numerator: Sequence[float], denominator: Sequence[float]) -> list[float]:
    """The ratio of two figures round by round."""
    return [a / b for a, b in zip(numerator, denominator, strict=True)]


def worst(*loads: Sequence[float]) -> list[float]:
    """The higher load indicator of the workloads of a ratio, round by round."""
    return [max(values) for values in zip(*loads, strict=True)]


def spread(values: Sequence[float]) -> tuple[float, float, float]:
    """(median, min, max) of the values of the rounds."""
    return statistics.median(values), min(values), max(values)
