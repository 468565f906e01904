"""Choose a play without seeing the hidden cards: sample them, solve each sample, average.

Usage: ``python examples/sampled_endgame.py [samples] [seed]`` (defaults: 40, 2026).

A is to lead in an end-game set up as a position (:mod:`strohmandeln.positions`). He knows his own
hand and every card already won, but neither B's hand nor the face-down Strohmann cards, his own
included. For each of his legal plays the script averages what that play gains him with best play
afterwards (:func:`strohmandeln.analysis.solve`) over many samples of the hidden cards drawn
consistently with his view (:func:`strohmandeln.sampling.sample`) — a perfect-information Monte
Carlo search, the usual first step of a card-game bot — and compares the averages with what each
play is really worth, which only someone who sees every card can know.
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict
from fractions import Fraction

import strohmandeln as sm
from strohmandeln import GameState, Play
from strohmandeln.analysis import Unit, solve
from strohmandeln.positions import position
from strohmandeln.sampling import sample


def end_game() -> GameState:
    """Eight tricks left. A (seat 0) leads; each player has a Strohmann with a face-up top."""
    return position(
        sm.CLASSIC,
        hands=("XXI XVIII ♥K ♥Q ♣9", "XIX XII ♥C ♣K ♣10"),
        strohmaenner=((("♠10", "♦1", "II"),), (("♠8", "♥1", "♦2"),)),
        rest_to=1,
        leader=0,
    )


def decimal(value: Fraction) -> str:
    """``value`` rounded to two decimals, computed exactly."""
    hundredths = round(value * 100)
    sign = "-" if hundredths < 0 else ""
    return f"{sign}{abs(hundredths) // 100}.{abs(hundredths) % 100:02d}"


def main(samples: int = 40, seed: int = 2026) -> None:
    state = end_game()
    player = state.current_player
    assert player is not None
    view = state.view(player)
    print(f"A holds {' '.join(map(str, view.hand))}; B holds {view.hand_size(1)} cards unseen;")
    for seat in (0, 1):
        piles = [f"{p.face_up} over {p.face_down} face down" for p in view.strohmaenner(seat) if p.face_up is not None]
        print(f"  seat {seat}'s Strohmann: {', '.join(piles)}")
    rng = random.Random(seed)
    totals: dict[sm.Action, Fraction] = defaultdict(Fraction)
    for _ in range(samples):
        guess = sample(view, rng)
        assert guess.view(player) == view  # the sample shows A exactly what he sees
        for play, points in solve(guess, unit=Unit.CARD_POINTS).values:
            totals[play] += points
    truth = dict(solve(state, unit=Unit.CARD_POINTS).card_points())
    print(f"\n{'play':<6} {'mean over ' + str(samples) + ' samples':>22} {'true value':>11}")
    for play in sorted(totals, key=lambda p: p.card.index if isinstance(p, Play) else -1):
        print(f"{str(play):<6} {decimal(totals[play] / samples):>22} {str(truth[play]):>11}")
    chosen = max(totals, key=lambda p: (totals[p], -p.card.index if isinstance(p, Play) else 0))
    best = max(truth.values())
    print(f"\nA leads {chosen}: worth {truth[chosen]} with best play, the best any lead is worth being {best}.")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(int(args[0]) if args else 40, int(args[1]) if len(args) > 1 else 2026)
