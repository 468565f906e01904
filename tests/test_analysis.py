"""The exact solver: [001]'s end-game, and every value against a plain minimax through the public
API on random positions of every preset (Strohmänner face down, announcements, calls, Valat,
mid-trick), on game points and on card points, in both builds."""

from __future__ import annotations

import random
from fractions import Fraction

import attrs
import pytest
from helpers import valat_rules

import strohmandeln as sm
from strohmandeln import CLASSIC, Card, GameState, Play
from strohmandeln.analysis import ActionValues, Unit, solve
from strohmandeln.positions import position
from strohmandeln.sampling import sample


def end_game() -> GameState:
    """[001], "Závěrečné hry": A (seat 0) holds honér, kaval, 9, 7; B holds dáma, kluk, 10, 8; A leads."""
    return position(CLASSIC, hands=("♣K ♣C ♣9 ♣7", "♣Q ♣J ♣10 ♣8"), rest_to=1, leader=0)


def test_001_leading_the_9_gains_one_point_more_than_the_7() -> None:
    state = end_game()
    values = solve(state, unit=Unit.CARD_POINTS)
    already = state.card_points(0).fraction
    nine, seven = values[Play(Card.parse("♣9"))], values[Play(Card.parse("♣7"))]
    assert nine - already == Fraction(25, 3)  # K, C, J and the 10 or 8: 8⅓
    assert seven - already == Fraction(22, 3)  # 7⅓
    assert values.player == 0 and values.best == Play(Card.parse("♣9")) and values.exact
    assert values.score == nine and values.unit is Unit.CARD_POINTS and values.nodes > 0


def test_001_the_opponents_side() -> None:
    """B's best reply to the 9 keeps him to 4⅓; to the 7 he makes 5⅓ ([001]'s numbers)."""
    state = end_game()
    for lead, gain in (("♣9", Fraction(13, 3)), ("♣7", Fraction(16, 3))):
        after = state.apply(sm.parse_action(lead))
        assert solve(after, unit=Unit.CARD_POINTS).score - after.card_points(1).fraction == gain
    # B takes the 7 with the Jack and leads the 8, as [001] plays it
    assert Play(Card.parse("♣J")) in solve(state.apply(sm.parse_action("♣7")), unit=Unit.CARD_POINTS).best_actions


# --- the reference: plain minimax over every line through the public API ---------------------


def minimax_score(state: GameState) -> int:
    """Seat 0's final total with best play (seat 0 maximises, seat 1 minimises)."""
    if state.is_terminal:
        return state.result().totals[0]
    values = [minimax_score(state.apply(action)) for action in state.legal_actions()]
    return max(values) if state.current_player == 0 else min(values)


def minimax_points(state: GameState) -> int:
    """Seat 0's card points at the end, in thirds, with best play on card points."""
    if state.is_terminal:
        return state.card_points(0).thirds
    values = [minimax_points(state.apply(action)) for action in state.legal_actions() if isinstance(action, Play)]
    return max(values) if state.current_player == 0 else min(values)


def check_exact(state: GameState) -> None:
    """Every value of both units is the plain minimax's, in the order of the legal actions."""
    p = state.current_player
    assert p is not None
    total = 3 * state.rules.deck.total_points
    game = solve(state)
    points = solve(state, unit=Unit.CARD_POINTS)
    legal = state.legal_actions()
    assert [a for a, _ in game.values] == [a for a, _ in points.values] == list(legal)
    for (action, score), (_, thirds) in zip(game.values, points.values, strict=True):
        child = state.apply(action)
        seat0 = minimax_score(child)
        assert score == (seat0 if p == 0 else -seat0), (action, score)
        won0 = minimax_points(child)
        assert thirds == Fraction(won0 if p == 0 else total - won0, 3), (action, thirds)
    assert game.player == points.player == p
    assert set(game.best_actions) == {a for a, v in game.values if v == game.score}


RULE_SETS = (
    *sm.PRESETS.values(),
    attrs.evolve(sm.EXTENDED, name="extended_valat_game", scoring=attrs.evolve(sm.EXTENDED.scoring, valat_replaces=sm.ValatReplaces.GAME)),
    valat_rules(sm.MAYR_SEDLACZEK, sm.ValatReplaces.GAME_AND_BONUSES),
)


def random_position(rules: sm.RuleSet, rng: random.Random, left: int) -> GameState | None:
    """A position with ``left`` cards per seat, some of them in Strohmänner (a low suit card face
    up, one or two cards face down below it), the rest won by one seat; ``None`` if the draw is
    not a position the rules allow."""
    cards = list(rules.deck.cards)
    rng.shuffle(cards)
    hands: list[list[Card]] = []
    piles: list[list[list[Card]]] = []
    for seat in (0, 1):
        mine = cards[seat * left : (seat + 1) * left]
        seat_piles: list[list[Card]] = []
        while len(mine) >= 2 and rng.random() < 0.4:
            top = next((c for c in mine if c.suit is not None and not c.is_king), None)
            if top is None:
                break
            mine.remove(top)
            below = [mine.pop(rng.randrange(len(mine))) for _ in range(min(len(mine), rng.choice((1, 1, 2))))]
            seat_piles.append([top, *below])
            if len(seat_piles) == 3:
                break
        hands.append(mine)
        piles.append(seat_piles)
    undertaker = rng.choice((None, 0, 1))
    # The other cards won by one seat, or some of them (in pairs) by the other: the Trull, the
    # Kings and the Valat then depend on who wins the cards still in play.
    rest = cards[2 * left :]
    other = 2 * rng.randrange(len(rest) // 2) if rng.random() < 0.6 else 0
    rest_to = rng.randrange(2)
    won: list[list[Card]] = [[], []]
    won[1 - rest_to] = rest[:other]
    try:
        return position(
            rules,
            hands=(hands[0], hands[1]),
            strohmaenner=(piles[0], piles[1]),
            won=(won[0], won[1]),
            rest_to=rest_to,
            leader=rng.randrange(2),
            dealer=rng.randrange(2),
            undertaker=undertaker,
            doubled=undertaker is not None and rng.random() < 0.3,
        )
    except sm.StrohmandelnError:
        return None


@pytest.mark.parametrize("rules", RULE_SETS, ids=[r.name for r in RULE_SETS])
def test_solve_is_minimax_on_random_positions(rules: sm.RuleSet) -> None:
    """Issue 32: the faster solver (transpositions, merged equivalent cards, null windows) stays
    exact on both units, with Strohmann cards turning up and mid-trick."""
    rng = random.Random(f"solve {rules.name}")
    checked = 0
    while checked < 40:
        state = random_position(rules, rng, rng.choice((2, 3, 3, 4)))
        if state is None:
            continue
        if rng.random() < 0.5:
            state = state.apply(rng.choice(state.legal_actions()))
        check_exact(state)
        checked += 1


@pytest.mark.parametrize("rules", list(sm.PRESETS.values()), ids=list(sm.PRESETS))
def test_solve_is_minimax_on_the_end_of_random_deals(rules: sm.RuleSet) -> None:
    """The last tricks of random deals: the history (the birds' tricks, a Ross call) and every
    bonus as the deal scores it."""
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = sm.deal(rules, dealer=seed % 2, rng=rng)
        while not state.is_terminal and (state.phase is not sm.Phase.PLAY or state.trick_number < rules.deck.trick_count - 3):
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal:
            continue
        check_exact(state)
        checked += 1
    assert checked >= 4


@pytest.mark.parametrize(
    ("rules", "hands", "leader"),
    [
        (CLASSIC, ("I XXI Sküs ♥4", "II ♥K ♥Q ♥1"), 0),  # the Trull announced with any card, or not
        (sm.BECK, ("♣K ♠K ♥K ♦K", "XXI Sküs ♣7 ♠7"), 1),  # Four Kings; a Mondfang
        (sm.EXTENDED, ("XVII XVIII ♣7 ♣8", "XIX XX ♣9 ♣10"), 0),  # Ross, lost
        (sm.EXTENDED, ("XVII XVIII ♣7 ♣8", "XV XVI ♣9 ♣10"), 0),  # Ross and Topschin, or XVIII plain
        (sm.FURR, ("XVII XVIII ♣7 ♣K", "XV XIX ♣9 ♣10"), 0),
        (sm.FURR, ("XVII XVIII XX ♦1", "XIX Sküs ♦K ♦Q"), 0),
        (sm.EXTENDED, ("I II III ♠K", "XXI Sküs ♠7 ♠8"), 1),  # Pagat, Uhu, Kakadu
    ],
)
def test_solve_searches_announcements_and_calls(rules: sm.RuleSet, hands: tuple[str, str], leader: int) -> None:
    state = position(rules, hands=hands, rest_to=1 - leader, leader=leader)
    check_exact(state)
    if rules is not sm.BECK:
        check_exact(state.apply(state.legal_actions()[-1]))


def test_solve_of_sampled_deals() -> None:
    """Determinization: a bot samples the hidden cards, then solves each sample."""
    rng = random.Random(3)
    state = sm.deal(CLASSIC, dealer=0, rng=9)
    while state.trick_number < 22:
        state = state.apply(rng.choice(state.legal_actions()))
    view = state.view(state.current_player)
    for _ in range(3):
        values = solve(sample(view, rng))
        assert [a for a, _ in values.values] == list(view.legal_actions())


def test_action_values() -> None:
    state = end_game()
    values = solve(state)
    assert isinstance(values, ActionValues) and values.samples == 0 and values.playouts == 0
    assert values[sm.parse_action("♣9")] == values.values[1][1]
    with pytest.raises(KeyError):
        values[sm.parse_action("♣Q")]
    assert values == solve(state) and values.nodes == solve(state).nodes


def test_solve_refuses() -> None:
    with pytest.raises(sm.StateError) as info:
        solve(sm.deal(CLASSIC, dealer=0, rng=1))
    assert info.value.reason is sm.Reason.WRONG_PHASE
    finished = position(CLASSIC, hands=("", ""), rest_to=0, leader=0)
    with pytest.raises(sm.StateError) as info:
        solve(finished)
    assert info.value.reason is sm.Reason.GAME_OVER
    with pytest.raises(TypeError, match="GameState"):
        solve("state")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="search"):
        solve(end_game().view(0))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Unit"):
        solve(end_game(), unit="game_points")  # type: ignore[arg-type]
