"""The model of a player's view: one unknown hand, drawn exactly uniformly.

The free places of a player's view are the opponent's first hand (D: dealt, or a position's
set-up hand), his last cards taken up unseen (H, one place each, R12) and the face-down places
(F). :class:`Exact` takes from the view's facts (:mod:`.constraints`) which free cards may lie in
each, counts the deals (:mod:`.leaves`) and draws: first a leaf for the H places, with weight
its completions, then distinct cards of its sets, then D uniformly among the completions, then
F in uniform order.
"""

from __future__ import annotations

import bisect
import math
import random

from ..seen import Seen
from .constraints import Facts, fits, minimum
from .draw import Rnd, below, bits, distinct, shuffle, subset, take_some
from .leaves import Leaves, leaves
from .places import PlayerPlaces


class Exact:
    """Everything a player's view implies about its free cards, as card masks; worked out once
    per view and kept on it."""

    __slots__ = (
        "viewer",
        "places",
        "fixed",
        "free",
        "own",
        "n_hand",
        "forced",
        "flex",
        "only_f",
        "in_d",
        "in_f",
        "in_h",
        "need",
        "mask",
        "totals",
        "choices",
        "strict",
        "played",
    )

    def __init__(self, s: Seen, places: PlayerPlaces, facts: Facts) -> None:
        p = s.player
        f = facts.seats[1 - p]
        free = places.free
        in_d, in_h, held = fits(f, free)
        in_f = free & ~held if places.n_down else 0
        self.viewer = p
        self.places = places
        self.fixed = places.fixed
        self.free = free
        #: the viewer's first hand
        self.own = s.own
        self.n_hand = places.n_hand
        #: the free cards that fit D, F and each H place
        self.in_d = in_d
        self.in_f = in_f
        self.in_h = in_h
        #: the free cards that fit D but not F (or only an H place), and those that fit D and F
        self.forced = free & ~in_f
        self.flex = free & in_d & in_f
        #: the free cards that fit F but not D
        self.only_f = free & in_f & ~in_d
        #: D holds at least ``need`` cards of ``mask``: R7's tarock in a dealt hand, or the
        #: tarocks and Kings a position's Strohmänner lost before its first trick (R11)
        self.need, self.mask = minimum(f)
        #: the leaves without the minimum (:func:`.leaves.leaves`): cumulative weights, choices
        self.totals, self.choices = leaves(free, in_d, in_f, self.in_h, self.n_hand)
        #: the leaves with the minimum, once needed
        self.strict: Leaves | None = None
        #: the cards the opponent played from the hand
        self.played = f.played

    def draw(self, rng: random.Random) -> tuple[tuple[int, ...], list[int]]:
        """The places (card indices) drawn as the module docstring says, and the first hands.

        Where D must hold some cards (R7's tarock, a position's tarocks and Kings), a draw from
        the leaves without that constraint is kept only if D has them (rejection keeps the draw
        uniform); after eight misses, the draw uses the leaves that count the constraint exactly
        (slower to build, so built only then).
        """
        rnd = rng.random
        totals = self.totals
        choices = self.choices
        flex = self.flex
        for _ in range(8):
            # The unseen last cards: a leaf with weight its completions, then distinct cards of
            # its sets, uniformly.
            chosen = choices[0] if len(choices) == 1 else choices[bisect.bisect_right(totals, below(totals[-1], rnd))]
            drawn, picked = distinct(chosen, rnd)
            # D: the rest of the cards that fit only D (the leaf leaves none that fits only an H
            # place) and r of the flexible ones, uniformly; F keeps the flexible cards left.
            hand = self.forced & ~picked
            cards = bits(flex & ~picked)
            r = self.n_hand - hand.bit_count()
            if r >= len(cards):
                hand |= flex & ~picked
                cards = []
            elif r > 0:
                hand |= take_some(cards, r, rnd)
            if (hand & self.mask).bit_count() >= self.need:
                break
        else:
            drawn, picked, hand = self._strict(rnd)
            cards = bits(flex & ~picked & ~hand)
        # F: the flexible cards D left and the cards that fit only F, in uniform order.
        only_f = self.only_f & ~picked
        down = cards + bits(only_f) if only_f else cards
        shuffle(down, rnd)
        # D in canonical order, the face-down cards, the unseen last cards: into their places.
        places = self.places.place(self.fixed + bits(hand) + down + drawn)
        return places, [self.own, hand] if self.viewer == 0 else [hand, self.own]

    def _strict(self, rnd: Rnd) -> tuple[list[int], int, int]:
        """The unseen last cards (a list, and as a mask) and D, drawn from the leaves that count
        the cards D must hold exactly."""
        if self.strict is None:
            self.strict = leaves(self.free, self.in_d, self.in_f, self.in_h, self.n_hand, self.need, self.mask)
        totals, choices = self.strict
        chosen = choices[0] if len(choices) == 1 else choices[bisect.bisect_right(totals, below(totals[-1], rnd))]
        drawn, picked = distinct(chosen, rnd)
        forced = self.forced & ~picked
        flex = self.flex & ~picked
        r = self.n_hand - forced.bit_count()
        short = self.need - (forced & self.mask).bit_count()
        if short <= 0:
            return drawn, picked, forced | subset(flex, r, rnd)
        # At least ``short`` cards of the minimum among the flexible cards D takes (R7: a
        # tarock); j of them with weight C(theirs, j) * C(others, r - j).
        tarocks = flex & self.mask
        others = flex ^ tarocks
        nt = tarocks.bit_count()
        nn = others.bit_count()
        weights = [math.comb(nt, j) * math.comb(nn, r - j) for j in range(short, min(nt, r) + 1)]
        pick = below(sum(weights), rnd)
        j = short
        for w in weights:
            if pick < w:
                break
            pick -= w
            j += 1
        return drawn, picked, forced | subset(tarocks, j, rnd) | subset(others, r - j, rnd)

    def count(self) -> int:
        """The number of deals consistent with the view: D as a set of cards, F and the unseen
        last cards in their order (the cards D must hold counted exactly)."""
        if self.need:
            if self.strict is None:
                self.strict = leaves(self.free, self.in_d, self.in_f, self.in_h, self.n_hand, self.need, self.mask)
            totals = self.strict[0]
        else:
            totals = self.totals
        return totals[-1] * math.factorial(self.places.n_down)
