"""The heuristic player of :mod:`strohmandeln.players` against a random player.

Usage: ``python examples/random_vs_heuristic.py [deals] [preset]`` (defaults: 200 deals, each
played twice; extended).

The heuristic follows the tactical advice of the English rules [000] (take with 20 points of
safe tricks and six tarocks, play exposed Queens early, play low to high, keep the Pagat for the
last trick when strong in tarocks). Each deal is played twice from the same first state, the
seats swapped, so that the cards even out (states are values: the first state is simply kept);
the dealer alternates from deal to deal. The table shows game points per game, how often each
side won the card play, how often it undertook, and how often the Pagat bonus went to it.
"""

from __future__ import annotations

import random
import sys

import strohmandeln as sm
from strohmandeln.players import HeuristicPlayer, Player, RandomPlayer


def play(rules: sm.RuleSet, deals: int, seed: int) -> dict[str, dict[str, float]]:
    rng = random.Random(seed)
    heuristic: Player = HeuristicPlayer()
    randomly: Player = RandomPlayer(random.Random(seed + 1))
    stats = {name: {"game points": 0.0, "card plays won": 0.0, "undertaken": 0.0, "pagat": 0.0} for name in ("heuristic", "random")}
    played = 0
    for number in range(deals):
        first = sm.deal(rules, dealer=number % 2, rng=rng)
        for h_seat in (0, 1):  # the same deal from both seats
            seats = {h_seat: ("heuristic", heuristic), 1 - h_seat: ("random", randomly)}
            state = first
            while not state.is_terminal:
                _, player = seats[state.current_player or 0]
                state = state.apply(player(state))
            result = state.result()
            if result.is_void:
                continue
            played += 1
            for seat, (name, _) in seats.items():
                stats[name]["game points"] += result.totals[seat]
                stats[name]["card plays won"] += result.card_play_winner == seat
                stats[name]["undertaken"] += result.undertaker == seat
                stats[name]["pagat"] += sum(1 for line in result.lines if line.kind == "pagat" and line.player == seat)
    for row in stats.values():
        row["game points"] /= max(played, 1)
    return stats


def main(deals: int = 200, preset: str = "extended") -> None:
    rules = sm.PRESETS[preset]
    stats = play(rules, deals, seed=2026)
    print(f"{deals} deals, each played from both seats, {rules.name} rules: heuristic vs random")
    print(f"{'player':<10} {'game pts/game':>14} {'card plays won':>15} {'undertaken':>11} {'Pagat bonuses':>14}")
    for name, row in stats.items():
        print(
            f"{name:<10} {row['game points']:>14.2f} {int(row['card plays won']):>15} "
            f"{int(row['undertaken']):>11} {int(row['pagat']):>14}"
        )


if __name__ == "__main__":
    args = sys.argv[1:]
    main(int(args[0]) if args else 200, args[1] if len(args) > 1 else "extended")
