"""Random playouts: a deal played to its end with random legal actions, many times over.

Monte-Carlo bots spend most of their time playing deals out at random. :func:`playout` plays one
state to the end, :func:`playouts` deals and plays many fresh deals and :func:`playouts_from`
plays many given states (the sampled worlds of a search, say), each in one call into the kernel:
no state object is made for the moments in between, and no Python-level call is made per action
but the generator's, which makes them faster than a loop of
:meth:`~strohmandeln.GameState.apply` (by how much, measured for each build, is on the page
:doc:`/performance`; the compiled build plays the cards on mutable masks, the interpreter from
tables, with the same results).

**The choice.** At every decision — a fold, the auction, the doubling, every card — the action
taken is ``legal[int(rng.random() * len(legal))]`` of ``legal = state.legal_actions()``: uniform
among the legal actions (to the float granularity of :meth:`random.Random.random`). The results are
bit for bit those of that loop with the same generator:

>>> import random
>>> from strohmandeln import CLASSIC, deal
>>> state = deal(CLASSIC, dealer=0, rng=7)
>>> rng = random.Random(1)
>>> by_hand = state
>>> while not by_hand.is_terminal:
...     legal = by_hand.legal_actions()
...     by_hand = by_hand.apply(legal[int(rng.random() * len(legal))])
>>> playout(state, random.Random(1)) == by_hand
True

:func:`playouts` deals each deal with the same generator before playing it, as
``deal(rules, dealer=..., rng=rng)`` would:

>>> finals = playouts(CLASSIC, 3, random.Random(5))
>>> [final.dealer for final in finals], all(final.is_terminal for final in finals)
([0, 1, 0], True)
>>> rng = random.Random(5)
>>> first = deal(CLASSIC, dealer=0, rng=rng)
>>> finals[0] == playout(first, rng)
True

:func:`playouts_from` plays its states one after the other with the one generator, as the loop
``[playout(state, rng) for state in states]`` does:

>>> starts = [deal(CLASSIC, dealer=k % 2, rng=k) for k in range(3)]
>>> playouts_from(starts, random.Random(9)) == [playout(s, r) for r in [random.Random(9)] for s in starts]
True

The library never uses global randomness: give a :class:`random.Random` (or an int seed).

**The garbage collector.** The playouts make no reference cycles, so CPython's cyclic garbage
collector has nothing to find in what they allocate, yet it would scan it many times over (about
a tenth of their time). Both functions pause it while they run and restore it as it was when they
return (:func:`gc.disable`, :func:`gc.enable`); memory is freed as always, by reference counting.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from ._base import args
from ._core.maskplay import deals_out, fastest, plays_out
from .rules import RuleSet
from .state import GameState, record_of, state_of

__all__ = ["playout", "playouts", "playouts_from"]


def playout(state: GameState, rng: random.Random | int) -> GameState:
    """The final state of ``state`` played to its end, every action drawn with ``rng`` (see the
    module docstring for the choice).

    :raises ArgumentTypeError: if ``state`` is not a state or ``rng`` neither a
        :class:`random.Random` nor a whole number.

    >>> import random
    >>> from strohmandeln import CLASSIC, deal
    >>> final = playout(deal(CLASSIC, dealer=0, rng=3), random.Random(4))
    >>> final.is_terminal, sum(final.result().totals)
    (True, 0)
    """
    args.instance(state, GameState, "state")
    uniform = args.generator(rng).random
    with _collector_paused():
        final, _ = fastest(record_of(state), uniform)
    return state_of(final)


def playouts(rules: RuleSet, count: int, rng: random.Random | int, *, first_dealer: int = 0) -> list[GameState]:
    """``count`` fresh deals of ``rules``, each dealt and played to its end with ``rng``: their
    final states, in order. The dealer alternates, ``first_dealer`` first (call
    :meth:`~strohmandeln.GameState.result` of each for its score).

    :raises ArgumentTypeError: if ``rules`` is not a rule set, ``count`` or ``first_dealer``
        not a whole number, or ``rng`` neither a :class:`random.Random` nor a whole number.
    :raises ArgumentValueError: with reason ``bad_value`` for a negative ``count``,
        ``too_large`` for more than :data:`~strohmandeln.limits.MAX_PLAYOUTS` (100,000), refused
        before the first deal; ``bad_seat`` for a ``first_dealer`` that is not 0 or 1.

    >>> import random
    >>> from strohmandeln import EXTENDED
    >>> finals = playouts(EXTENDED, 4, random.Random(2), first_dealer=1)
    >>> [final.dealer for final in finals], [sum(final.result().totals) for final in finals]
    ([1, 0, 1, 0], [0, 0, 0, 0])
    """
    args.instance(rules, RuleSet, "rules")
    count = args.count(count, "count", most=args.MAX_PLAYOUTS)
    first_dealer = args.seat(first_dealer, "first_dealer")
    gen = args.generator(rng)
    with _collector_paused():
        return [state_of(c) for c in deals_out(rules, count, first_dealer, gen)]


def playouts_from(states: Sequence[GameState], rng: random.Random | int) -> list[GameState]:
    """The final states of ``states`` (a list or a tuple of states), each played to its end with
    ``rng``, in order: bit for bit ``[playout(state, rng) for state in states]`` with one
    generator (a finished or void state is its own final state, and draws nothing).

    :raises ArgumentTypeError: if ``states`` is not a sequence of states or ``rng`` neither a
        :class:`random.Random` nor a whole number.
    :raises ArgumentValueError: with reason ``too_large`` for more than
        :data:`~strohmandeln.limits.MAX_PLAYOUTS` (100,000) states, refused before the first.

    >>> import random
    >>> from strohmandeln import CLASSIC, deal
    >>> starts = [deal(CLASSIC, dealer=0, rng=3)] * 2
    >>> a, b = playouts_from(starts, random.Random(4))
    >>> a.is_terminal and b.is_terminal, a == playout(starts[0], random.Random(4)), a == b
    (True, True, False)
    """
    given = args.items(states, "states", args.MAX_PLAYOUTS)
    records = [record_of(args.instance(state, GameState, f"states[{k}]")) for k, state in enumerate(given)]
    uniform = args.generator(rng).random
    with _collector_paused():
        return [state_of(c) for c in plays_out(records, uniform)]


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for the block (see the module docstring)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
