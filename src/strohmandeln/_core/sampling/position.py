"""The model of a view of a position (:mod:`strohmandeln.positions`): no deck order.

A position's places are its set-up hands and its Strohmänner as set up (:func:`.places.set_up`
works them out from the view); its free cards are drawn by the model of a player's view
(:class:`.exact.Exact`, with the opponent's set-up hand as D and no R7: a position has no
auction) or of a spectator's (:class:`.spectator.Spectator`), from the same facts as a dealt
view's (:mod:`.constraints`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..seen import Seen
from .constraints import Facts
from .exact import Exact
from .places import SetUp, player_position_places, set_up, spectator_position_places
from .spectator import Spectator


class PositionModel:
    """A view of a position: the model of its free cards over the places of the position, and
    what the position was set up with."""

    __slots__ = ("model", "piles", "set_up", "played")

    def __init__(self, model: Exact | Spectator, piles: tuple[tuple[int, int], ...], su: SetUp, facts: Facts) -> None:
        self.model = model
        #: per Strohmann (seat * 3 + k): its places ``(first, end)``
        self.piles = piles
        #: the set-up tricks, leader and announcements (:class:`.places.SetUp`)
        self.set_up = su
        #: the cards each seat played from the hand since the set-up
        self.played = (facts.seats[0].played, facts.seats[1].played)

    def draw(self, rng: random.Random) -> tuple[Sequence[int], list[int]]:
        """The places of the position (card indices) and the set-up hands, drawn by the model."""
        return self.model.draw(rng)

    def count(self) -> int:
        """The number of set-ups consistent with the view (the model's count)."""
        return self.model.count()


def _set_up_facts(s: Seen, facts: Facts) -> SetUp:
    """The set-up of the view, and what it says about each seat's set-up hand put into his facts
    (R11, R12, R14: :mod:`strohmandeln._core.possible`)."""
    su = set_up(s, facts)
    for x in (0, 1):
        facts.seats[x].setup_void = su.voids[x]
        facts.seats[x].need = su.need[x]
    return su


def player_position(s: Seen, facts: Facts) -> PositionModel:
    """The model of a player's view of a position."""
    su = _set_up_facts(s, facts)
    places = player_position_places(s, su, facts)
    return PositionModel(Exact(s, places, facts), places.piles, su, facts)


def spectator_position(s: Seen, facts: Facts, budget: int | None) -> PositionModel:
    """The model of a spectator's view of a position."""
    su = _set_up_facts(s, facts)
    places, piles = spectator_position_places(s, su, facts)
    return PositionModel(Spectator(places, facts, budget), piles, su, facts)
