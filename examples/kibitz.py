"""What a spectator can tell: sample both hidden hands, solve each sample, count.

Usage: ``python examples/kibitz.py [samples] [seed]`` (defaults: 300, 5).

A random ``CLASSIC`` deal is played to a few tricks before the end. A spectator sees the tricks,
the Strohmann cards turned so far and every announcement, but neither hand nor the face-down
cards (``state.view(None)``). :func:`strohmandeln.sampling.sample` deals the hidden cards again,
uniformly among all deals consistent with what he saw, both hands at once; solving each sample
with best play (:func:`strohmandeln.analysis.solve`) gives the card points each seat ends with.

Over many samples that is the spectator's forecast: how many card points the seat to play can
expect, how likely he is to win the card play (36 rounded points, R3), and where each unseen card
probably is. The script checks its sample counts against an exact count of the deals the
spectator cannot tell apart (found by trying every split of the unplayed cards and replaying the
deal), then compares the forecast with the truth, which only someone who sees every card knows.
"""

from __future__ import annotations

import itertools
import math
import random
import sys
from collections import Counter
from fractions import Fraction

import attrs

import strohmandeln as sm
from strohmandeln import Card, CardPoints, GameState
from strohmandeln.analysis import Unit, solve
from strohmandeln.sampling import sample

TRICKS_LEFT = 6


def late_deal(seed: int) -> GameState:
    """A ``CLASSIC`` deal played at random to a moment between tricks with at most
    ``TRICKS_LEFT`` tricks to go, every Strohmann card turned and the last ones taken up in the
    open: the spectator's hidden cards are then exactly the dealt cards still in the hands (a
    few in each)."""
    rules = attrs.evolve(sm.CLASSIC, name="classic, last cards shown", last_card=sm.LastCard.SHOWN)
    rng = random.Random(seed)
    while True:
        state = sm.deal(rules, dealer=seed % 2, rng=rng.getrandbits(32))
        while not state.is_terminal:
            if state.phase is sm.Phase.PLAY and not state.current_trick and rules.deck.trick_count - state.trick_number <= TRICKS_LEFT:
                view = state.view(None)
                down = sum(pile.face_down for seat in (0, 1) for pile in view.strohmaenner(seat))
                unseen = [view.hand_size(s) - len(view.known_hand(s)) for s in (0, 1)]
                if down or min(unseen) < 2:
                    break
                return state
            state = state.apply(rng.choice(state.legal_actions()))


def consistent_hands(state: GameState) -> list[frozenset[Card]]:
    """Every set of hidden cards seat 0 may hold in the spectator's eyes: each split of the
    dealt cards still in the hands, kept if replaying the deal with it shows him the same view."""
    view = state.view(None)
    assert state.order is not None
    dealt_hands = sm.deal_layout(state.rules, state.order, dealer=state.dealer)[0]
    hidden = [sorted(set(state.hand(s)) - set(view.known_hand(s))) for s in (0, 1)]
    pool = hidden[0] + hidden[1]
    found = []
    for mine in itertools.combinations(pool, len(hidden[0])):
        theirs = [c for c in pool if c not in mine]
        order = list(state.order)
        for seat, cards in ((0, mine), (1, theirs)):
            dealt = [c for c in dealt_hands[seat] if c not in pool] + list(cards)
            slots = [i for i, c in enumerate(state.order) if c in dealt_hands[seat]]
            for i, c in zip(slots, sorted(dealt)):
                order[i] = c
        try:
            replay = sm.deal(state.rules, dealer=state.dealer, order=order)
            for action in view.history:
                replay = replay.apply(action)
        except sm.IllegalActionError:
            continue
        if replay.view(None) == view:
            found.append(frozenset(mine))
    return found


def main(samples: int = 300, seed: int = 5) -> None:
    state = late_deal(seed)
    view = state.view(None)
    player = state.current_player
    assert player is not None
    hidden = [sorted(set(state.hand(s)) - set(view.known_hand(s))) for s in (0, 1)]
    left = state.rules.deck.trick_count - state.trick_number
    print(f"{left} tricks left, seat {player} to lead. The spectator sees:")
    for seat in (0, 1):
        known = " ".join(map(str, view.known_hand(seat))) or "nothing"
        print(f"  seat {seat}: {view.card_points(seat)} won; of his hand he knows {known}, and {len(hidden[seat])} cards unseen")
    possible = consistent_hands(state)
    splits_in_all = math.comb(len(hidden[0]) + len(hidden[1]), len(hidden[0]))
    print(f"Of the {splits_in_all} ways to split the {len(hidden[0]) + len(hidden[1])} unseen cards between the hands, {len(possible)} agree with")
    print("everything he saw (in the others a player would, say, have held a card of a suit he did not follow, R14).\n")

    rng = random.Random(seed)
    points: list[Fraction] = []
    wins = 0
    goal = state.rules.deck.winning_points
    splits: Counter[frozenset[Card]] = Counter()
    held: Counter[Card] = Counter()  # how often seat 0 holds each unseen card
    for _ in range(samples):
        guess = sample(view, rng)
        assert guess.view(None) == view  # the sample shows the spectator exactly what he saw
        mine = frozenset(guess.hand(0)) - frozenset(view.known_hand(0))
        assert mine in possible
        splits[mine] += 1
        held.update(mine)
        best = solve(guess, unit=Unit.CARD_POINTS).score
        points.append(best)
        wins += CardPoints(int(best * 3)).rounded >= goal
    print(f"{samples} samples drew {len(splits)} of them, each {min(splits.values())} to {max(splits.values())} times ({samples / len(possible):.1f} on average).")

    mean = sum(points, Fraction(0)) / samples
    truth = CardPoints(int(solve(state, unit=Unit.CARD_POINTS).score * 3))
    print(f"With best play, seat {player} ends with {float(mean):.2f} card points on average over the samples,")
    print(f"and wins the card play ({goal} rounded points) in {wins} of {samples} ({100 * wins / samples:.0f}%).")
    verdict = "wins" if truth.rounded >= goal else "loses"
    print(f"The truth, which only someone who sees every card knows: {truth} points; he {verdict} the card play.")
    print("\nWhere the unseen cards are: the chance that seat 0 holds each, in the spectator's eyes, and the truth:")
    for card in sorted(hidden[0] + hidden[1]):
        print(f"  {str(card):>5}: {100 * held[card] / samples:3.0f}%   seat {0 if card in hidden[0] else 1}")

if __name__ == "__main__":
    args = sys.argv[1:]
    main(int(args[0]) if args else 300, int(args[1]) if len(args) > 1 else 5)
