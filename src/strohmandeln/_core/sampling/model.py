"""The entry points of the sampler: the model of a view, its count, and its samples as records.

:func:`model` works out what a :class:`~strohmandeln._core.seen.Seen` implies about its hidden
cards — its facts (:mod:`.constraints`, one pass over the public history), its places
(:mod:`.places`) and the model that draws them: :class:`~.exact.Exact` for a player's view,
:class:`~.spectator.Spectator` for a spectator's, wrapped in a :class:`~.position.PositionModel`
for a view of a position — and keeps it on the view (:attr:`Seen.memo`). A model's ``draw(rng)``
gives the places of a deck order (or of a position) and the first hands; :func:`record_of_sample`
and :func:`replayed` turn them into a record, :func:`count` counts the deals.
"""

from __future__ import annotations

from typing import Final

from ..seen import Seen
from .assemble import record_of_sample, replayed
from .constraints import read
from .exact import Exact
from .places import player_deal_places, spectator_deal_places
from .position import PositionModel, player_position, spectator_position
from .spectator import Spectator

__all__ = ["CHECK_BUDGET", "Model", "count", "is_position", "model", "record_of_sample", "replayed"]

#: A model of a view.
Model = Exact | Spectator | PositionModel

#: The states of a spectator's exact count that loading a view may spend on checking it (at
#: most about a second on the project's machine; the views of real play need at most about
#: 2,000). Sampling a view has no such bound.
CHECK_BUDGET: Final = 100_000


def model(s: Seen, budget: int | None = None) -> Model:
    """What the view implies about its hidden cards, worked out on first use and kept on it.

    ``budget``: at most this many states of a spectator's exact count (:class:`.spread.Spread`),
    or a :class:`~strohmandeln.StateError` with reason ``too_large``; unbounded by default (the
    loader of views passes :data:`CHECK_BUDGET`).

    :raises StateError: if no deal (or set-up) is consistent with the view.
    """
    cached = s.memo
    if cached is None:
        if s.dealt and s.player >= 0:  # (only the opponent's hidden cards are free)
            cached = Exact(s, player_deal_places(s), read(s, (1 - s.player,)))
        elif s.dealt:
            cached = Spectator(spectator_deal_places(s), read(s), budget)
        elif s.player >= 0:  # (a position's record needs what each seat played from the hand)
            cached = player_position(s, read(s))
        else:
            cached = spectator_position(s, read(s), budget)
        s.memo = cached
    return cached  # type: ignore[no-any-return]


def count(m: Model) -> int:
    """The number of deals consistent with the view of the model ``m``: deck orders, or set-ups
    for a position, an unknown first hand counted as a set of cards and every other free place
    (each face-down card, each unseen last card) in its order."""
    return m.count()


def is_position(m: Model) -> bool:
    """Whether a model is of a view of a position (whose samples have no deck order)."""
    return isinstance(m, PositionModel)
