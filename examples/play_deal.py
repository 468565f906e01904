"""Play one sample deal of Strohmandeln between two simple players and print it.

Usage: ``python examples/play_deal.py [seed] [preset]`` (defaults: seed 2026, preset classic).

Both players follow a few rules of thumb: take the game with a strong hand (20 or more points
of safe cards, [000]'s advice), announce as soon as they may, lead their highest-valued card,
win a trick cheaply when they can, and otherwise throw their cheapest card. Every decision goes through
``legal_actions()`` and ``apply()``, so the rules engine checks every move.
"""

from __future__ import annotations

import random
import sys

import strohmandeln as sm
from strohmandeln import Card, CardPoints, GameState, Play


def safe_points(cards: tuple[Card, ...]) -> CardPoints:
    """The card points of the "safe tricks" in a hand: Trull cards, Kings and Queens."""
    return CardPoints.of(c for c in cards if c.is_trull or (c.suit is not None and c.rank >= sm.Rank.QUEEN))


def wins(lead: Card, card: Card) -> bool:
    """Whether ``card`` beats the led card."""
    if card.is_tarock != lead.is_tarock:
        return card.is_tarock
    return card.suit == lead.suit and card.index > lead.index


def choose(state: GameState) -> sm.Action:
    """A simple, deterministic player."""
    legal = state.legal_actions()
    if state.phase is sm.Phase.AUCTION:
        strong = safe_points(state.hand(state.current_player or 0)).rounded >= 20
        return sm.Take() if strong else sm.Pass()
    if state.phase in (sm.Phase.FOLD, sm.Phase.DOUBLING):
        return legal[-1]  # keep the hand; do not double
    plays = [a for a in legal if isinstance(a, Play)]
    announced = [a for a in plays if a.announcements]
    if announced:  # announce as soon as the rules allow it
        return max(announced, key=lambda a: len(a.announcements))
    plain = [a for a in plays if not a.announcements and a.call is None]
    trick = state.current_trick
    if not trick:
        return max(plain, key=lambda a: (a.card.value, a.card.index))
    lead = trick[0].card
    winners = [a for a in plain if wins(lead, a.card)]
    if winners:
        return min(winners, key=lambda a: (a.card.value, a.card.index))
    return min(plain, key=lambda a: (a.card.value, a.card.index))


def main(seed: int = 2026, preset: str = "classic") -> None:
    rules = sm.PRESETS[preset]
    state = sm.deal(rules, dealer=0, rng=random.Random(seed))
    print(f"Strohmandeln, {rules.name} rules, seed {seed}. Seat {state.dealer} deals; seat {state.elder} is Elder.")
    for seat in (0, 1):
        print(f"  seat {seat} hand: {sm.cards_to_text(state.hand(seat))}")
    seen_events = 0
    while not state.is_terminal:
        player = state.current_player
        action = choose(state)
        before = state
        state = state.apply(action)
        if before.phase is not sm.Phase.PLAY:
            print(f"seat {player}: {action}")
        if before.phase is sm.Phase.PLAY and state.trick_number > before.trick_number:
            trick = state.tricks[-1]
            plays = "  ".join(f"seat {trick.leader if k == 0 else 1 - trick.leader}: {p}" for k, p in enumerate(trick.plays))
            print(f"trick {trick.number:>2}: {plays}  -> seat {trick.winner}")
        events = state.events
        for event in events[seen_events:]:
            where = "into the hand" if event.to_hand else "stays face up"
            shown = f"last card, hidden from the opponent ({event.card})" if event.hidden else str(event.card)
            when = "uncovering" if event.after_trick == 0 else f"after trick {event.after_trick}"
            print(f"    [{when}] seat {event.player}, Strohmann {event.strohmann}: {shown} {where}")
        seen_events = len(events)
    for seat in (0, 1):
        points = state.card_points(seat)
        print(f"seat {seat}: {points} card points ({points.as_cards()}), rounded {points.rounded}")
    print(state.result())


if __name__ == "__main__":
    args = sys.argv[1:]
    main(int(args[0]) if args else 2026, args[1] if len(args) > 1 else "classic")
