"""Value every legal action by random rollouts from sampled worlds, all in one batch call.

Usage: ``python examples/rollouts.py [worlds] [seed]`` (defaults: 32, 7).

The seat to act knows only his view. The script samples ``worlds`` deals consistent with it
(:class:`strohmandeln.sampling.Sampler`), applies each legal action in each of them, and plays
every resulting state to its end at random in ONE call, :func:`strohmandeln.playouts.playouts_from`
(bit for bit a loop of :func:`~strohmandeln.playouts.playout` with the same generator, but one
call into the kernel). Each action's value is its mean game points for the seat: a flat
Monte-Carlo search, the simplest use of many playouts at once.
"""

from __future__ import annotations

import random
import sys
from fractions import Fraction

import strohmandeln as sm
from strohmandeln.playouts import playouts_from
from strohmandeln.sampling import Sampler


def decimal(value: Fraction) -> str:
    """``value`` rounded to two decimals, computed exactly, with its sign."""
    hundredths = round(value * 100)
    sign = "-" if hundredths < 0 else "+"
    return f"{sign}{abs(hundredths) // 100}.{abs(hundredths) % 100:02d}"


def main(worlds: int = 32, seed: int = 7) -> None:
    rng = random.Random(seed)
    state = sm.deal(sm.CLASSIC, dealer=0, rng=seed)
    while state.phase is not sm.Phase.PLAY:  # (bid at random until the card play begins)
        state = state.apply(rng.choice(state.legal_actions()))
    me = state.current_player
    assert me is not None
    view = state.view(me)
    legal = view.legal_actions()
    sampler = Sampler(view)
    children = []
    for _ in range(worlds):
        world = sampler.sample(rng)
        children += [world.apply(action) for action in legal]
    finals = playouts_from(children, rng)  # (len(legal) * worlds states, one call)
    totals = [Fraction(0)] * len(legal)
    for k, final in enumerate(finals):
        totals[k % len(legal)] += final.result().totals[me]
    print(f"seat {me} to play, {len(legal)} legal actions, {worlds} sampled worlds, {len(finals)} rollouts")
    ranked = sorted(zip(legal, totals, strict=True), key=lambda pair: -pair[1])
    for action, total in ranked:
        print(f"  {str(action):<12} {decimal(total / worlds)} game points")
    print(f"chosen: {ranked[0][0]}")


if __name__ == "__main__":
    argv = sys.argv[1:]
    main(int(argv[0]) if argv else 32, int(argv[1]) if len(argv) > 1 else 7)
