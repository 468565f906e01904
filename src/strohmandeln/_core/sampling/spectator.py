"""The model of a spectator's view: two unknown hands, drawn exactly uniformly.

The free places of a spectator's view fall into groups (:class:`~.spread.Group`): each seat's
first hand (dealt, or a position's set-up hand), each unseen last card (R12) and the face-down
places. Which free cards each group accepts comes from the view's facts (:mod:`.constraints`),
read as for a player's view, for both seats; cards that the same groups accept are one *type*.
:class:`~.spread.Spreads` counts and draws the deals.
"""

from __future__ import annotations

import random

from ..._base.masks import TAKE_UP, TAROCKS, lowest
from .constraints import Facts, fits, minimum
from .draw import bits, in_random_order
from .places import SpectatorPlaces
from .spread import DOWN, HAND, UNSEEN, CardType, Group, Spreads


class Spectator:
    """Everything a spectator's view implies about its free cards; worked out once per view and
    kept on it."""

    __slots__ = ("places", "groups", "spreads", "played")

    def __init__(self, places: SpectatorPlaces, facts: Facts, budget: int | None) -> None:
        self.places = places
        #: the groups of free places: the first hands, the unseen last cards, the face-down places
        self.groups = groups_of(places, facts)
        # (a position's set-up hands may have to hold tarocks and Kings, R11; a dealt hand a tarock, R7)
        mask = TAKE_UP if any(n and m == TAKE_UP for n, m in map(minimum, facts.seats)) else TAROCKS
        self.spreads = Spreads(self.groups, card_types(self.groups, places.free, facts, mask), budget, mask)
        #: the cards each seat played from the hand
        self.played = (facts.seats[0].played, facts.seats[1].played)

    def draw(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """The places (card indices) drawn uniformly among all deals, and the first hands."""
        rnd = rng.random
        chosen = self.spreads.draw(rnd)
        places = list(self.places.fixed)
        hands = [0, 0]
        for group, cards in zip(self.groups, chosen):
            if group.kind == DOWN:
                cards = in_random_order(cards, rnd)
            elif group.kind == HAND:
                cards.sort()  # (a first hand's places in canonical order, as for a player's view)
                m = 0
                for c in cards:
                    m |= 1 << c
                hands[group.seat] = m
            for pos, c in zip(group.positions, cards):
                places[pos] = c
        return places, hands

    def count(self) -> int:
        """The number of deals consistent with the view (:meth:`.spread.Spreads.count`)."""
        return self.spreads.count()


def groups_of(places: SpectatorPlaces, facts: Facts) -> list[Group]:
    """The groups of free places: each seat's first hand (with R7's fact about it), each unseen
    last card (in event order, with the trick after which it was taken up) and the face-down
    places."""
    groups = [Group(HAND, seat, places.hands[seat], need=minimum(facts.seats[seat])[0]) for seat in (0, 1)]
    for pos, (seat, _, take) in zip(places.hidden, facts.unseen):
        groups.append(Group(UNSEEN, seat, (pos,), take))
    if places.down:
        groups.append(Group(DOWN, -1, places.down))
    return groups


def card_types(groups: list[Group], free: int, facts: Facts, mask: int = TAROCKS) -> list[CardType]:
    """The free cards as types (:data:`~.spread.CardType`): those that the same groups accept
    and that are alike in being cards of ``mask`` (the first hands' minimum: R7's tarocks, a
    position's tarocks and Kings), each type's cards in increasing order, those neither seat's
    hand held first.

    A first hand and an unseen last card accept what :func:`~.constraints.fits` allows of its
    seat, but no card the other seat's hand held; the face-down places accept only cards
    neither seat's hand held (R7, R12, R14, R17)."""
    hand0, taken0, held0 = fits(facts.seats[0], free)
    hand1, taken1, held1 = fits(facts.seats[1], free)
    taken = (iter(taken0), iter(taken1))  # (each seat's unseen last cards, in event order)
    # The groups each free card may go to: the free cards split by each group's mask.
    parts: dict[int, int] = {0: free}
    for g, group in enumerate(groups):
        if group.kind == DOWN:
            accepts = free & ~held0 & ~held1
        elif group.kind == HAND:
            accepts = hand0 & ~held1 if group.seat == 0 else hand1 & ~held0
        else:
            accepts = next(taken[group.seat]) & ~(held1 if group.seat == 0 else held0)
        split: dict[int, int] = {}
        for allowed, part in parts.items():
            if part & accepts:
                split[allowed | 1 << g] = part & accepts
            if part & ~accepts:
                split[allowed] = part & ~accepts
        parts = split
    return _ordered(parts, held0 | held1, mask)


def _ordered(parts: dict[int, int], held: int, mask: int) -> list[CardType]:
    """The types of the free cards ``parts`` (by the groups they may go to), split into cards of
    ``mask`` and others, in the order of their first card: the cards neither hand ``held`` by
    index, then the others."""
    found: list[tuple[int, int, bool, list[int]]] = []
    for allowed, part in parts.items():
        for tarock, cards in ((True, part & mask), (False, part & ~mask)):
            if cards:
                fresh = cards & ~held
                first = lowest(fresh) if fresh else 64 + lowest(cards)
                found.append((first, allowed, tarock, bits(fresh) + bits(cards & held)))
    found.sort()
    return [(allowed, tarock, cards) for _, allowed, tarock, cards in found]
