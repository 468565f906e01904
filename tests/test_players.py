"""The baseline players (strohmandeln.players): legal choices, from a state or from a view."""

from __future__ import annotations

import random

import pytest

import strohmandeln as sm
from strohmandeln import PRESETS
from strohmandeln.players import HeuristicPlayer, RandomPlayer


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_players_take_the_state_or_the_view_and_choose_alike(rules: sm.RuleSet) -> None:
    """Issue 22: the bot guide promises that players take views. The heuristic player uses only
    what the player to act knows, so it chooses the same action from the state and from his
    view (a test that it never looks at hidden cards); the random player, given generators in
    the same state, too. Every choice is legal."""
    heuristic = HeuristicPlayer()
    for seed in range(6):
        rng = random.Random(seed)
        state = sm.deal(rules, dealer=seed % 2, rng=rng)
        while not state.is_terminal:
            view = state.view(state.current_player)
            action = heuristic(state)
            assert action in state.legal_actions() and heuristic(view) == action
            assert RandomPlayer(random.Random(seed))(view) == RandomPlayer(random.Random(seed))(state)
            state = state.apply(action if rng.random() < 0.5 else rng.choice(state.legal_actions()))


def test_a_player_is_asked_only_on_his_turn() -> None:
    """A view of the seat not to act, or a spectator's, has no legal action: the heuristic player
    says so instead of answering."""
    state = sm.deal(sm.CLASSIC, dealer=0, rng=3)
    assert state.current_player is not None
    for view in (state.view(1 - state.current_player), state.view(None)):
        with pytest.raises(sm.StateError, match="his turn") as info:
            HeuristicPlayer()(view)
        assert info.value.reason is sm.Reason.NOT_YOUR_TURN


def test_trick_winner_is_the_tricks_winner_of_real_play() -> None:
    """Issue 22: trick_winner(led, followed) names the winner of every trick of random deals of
    every preset (R15), and card_strength orders the cards of one class as they beat each other."""
    for rules in PRESETS.values():
        for seed in range(4):
            rng = random.Random(seed)
            state = sm.deal(rules, dealer=seed % 2, rng=rng)
            while not state.is_terminal:
                state = state.apply(rng.choice(state.legal_actions()))
            for trick in state.tricks:
                led, followed = (play.card for play in trick.plays)
                winner = led if trick.winner == trick.leader else followed
                assert sm.trick_winner(led, followed) is winner
    for led in sm.DECK_54:
        for followed in sm.DECK_54:
            if led is followed:
                continue
            same_class = led.suit is followed.suit
            stronger = sm.card_strength(followed) > sm.card_strength(led)
            expected = followed if (same_class and stronger) or (led.suit is not None and followed.suit is None) else led
            assert sm.trick_winner(led, followed) is expected


@pytest.mark.parametrize("bad", [("XXI", "XXI"), ("XXI", None), (None, "XXI")])
def test_trick_winner_takes_two_different_cards(bad: tuple[str | None, str | None]) -> None:
    cards = [None if text is None else sm.Card.parse(text) for text in bad]
    with pytest.raises((TypeError, ValueError)):
        sm.trick_winner(*cards)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        sm.card_strength("XXI")  # type: ignore[arg-type]
