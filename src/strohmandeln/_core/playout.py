"""Random playouts in one loop of the kernel: the engine of :mod:`strohmandeln.playouts`.

The loop applies, at every decision, the legal action at index ``int(random() * n)`` of the ``n``
legal actions, through :meth:`KernelState.apply <._core.engine.KernelState.apply>` — the same
checks and the same successors as a caller's loop, without a public state object or a Python-level
call per action.
"""

from __future__ import annotations

from collections.abc import Callable

from ..actions import Action
from ..rules import RuleSet
from .deal import Deal
from .engine import replayed
from .record import Record, initial
from .ruledata import rule_data

#: A source of uniform floats in [0, 1): ``random.Random.random``.
Uniform = Callable[[], float]


def play_out(c: Record, random: Uniform) -> tuple[Record, int]:
    """The final record of a random playout from ``c``, and the number of actions applied."""
    s = replayed(c)
    actions = 0
    while not s.is_terminal:
        legal: tuple[Action, ...] = s.legal_actions()
        s = s.apply(legal[int(random() * len(legal))])
        actions += 1
    return s._c, actions


def shuffled(n: int, random: Uniform) -> list[int]:
    """A uniformly shuffled order of ``range(n)``, drawn as :func:`strohmandeln.deal` draws it:
    ``n`` uniform keys, sorted (ties have probability about 2**-53 per pair)."""
    keys = [random() for _ in range(n)]
    return sorted(range(n), key=keys.__getitem__)


def deal_out(rules: RuleSet, dealer: int, random: Uniform) -> tuple[Record, int]:
    """A deal shuffled with ``random`` (as :func:`strohmandeln.deal` shuffles with ``rng=``) and
    played out at random: its final record, and the number of actions applied."""
    data = rule_data(rules)
    index = data.deck_index
    positions = shuffled(len(index), random)
    idx = tuple(positions) if data.identity else tuple([index[k] for k in positions])
    return play_out(initial(Deal.dealt_with(data, rules, idx, dealer)), random)
