"""Sampled search (:func:`strohmandeln.analysis.search`) and the search player: every decision of
every preset from a view alone, the same choice for every state behind a view, the budgets, and
the values the same as the loop that defines them."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from fractions import Fraction

import attrs
import pytest

import strohmandeln as sm
from strohmandeln import CLASSIC, GameState, Phase
from strohmandeln.analysis import Budget, Unit, search, solve
from strohmandeln.players import HeuristicPlayer, SearchPlayer
from strohmandeln.playouts import playout
from strohmandeln.sampling import Sampler, sample

DOUBLING = attrs.evolve(CLASSIC, name="classic_doubling", undertaker_doubling=True)
THROW_IN = attrs.evolve(sm.BECK, name="beck_throw_in", both_pass=sm.BothPass.THROW_IN)


def moments(state: GameState, player: object) -> Iterator[GameState]:
    """Every state of the deal as ``player`` plays both seats (the states before each action)."""
    while not state.is_terminal:
        yield state
        state = state.apply(player(state))  # type: ignore[operator]


@pytest.mark.parametrize("rules", [*sm.PRESETS.values(), DOUBLING, THROW_IN], ids=[*sm.PRESETS, "doubling", "throw_in"])
def test_the_search_player_plays_every_decision_of_every_preset(rules: sm.RuleSet) -> None:
    """Both seats played by the search player (a small budget), from views only: every action
    it chooses is legal, and the deal ends."""
    player = SearchPlayer(seed=3, samples=2, solve_tricks=3)
    for seed in (1,):
        state = sm.deal(rules, dealer=seed % 2, rng=seed)
        phases = set()
        while not state.is_terminal:
            seat = state.current_player
            phases.add(state.phase)
            action = player(state.view(seat))
            state = state.apply(action, player=seat)
        assert Phase.AUCTION in phases
        assert sum(state.result().totals) == 0


def fold_deal(rules: sm.RuleSet) -> GameState:
    """A deal in which Elder (seat 1) holds no tarock in his hand (R7: he may fold)."""
    suits = [c for c in rules.deck.cards if not c.is_tarock][: rules.deck.card_count // 2 - 12]
    order = sm.compose_order(rules, dealer=0, hands=((), suits[:15]))
    return sm.deal(rules, dealer=0, order=order)


def test_the_fold_and_the_doubling_are_searched() -> None:
    """The fold (R7) and the doubling (R10) are valued like every other decision: a fold by the
    deal's void score, the rest by playouts."""
    state = fold_deal(CLASSIC)
    assert state.phase is Phase.FOLD and state.current_player == 1
    values = search(state.view(1), random.Random(2), samples=8)
    assert [str(a) for a, _ in values.values] == ["fold", "keep"] and values[sm.Fold()] == 0
    assert values.playouts == 8  # only the keep is played out
    taken = sm.deal(DOUBLING, dealer=0, rng=3).apply(sm.Take())
    assert taken.phase is Phase.DOUBLING
    values = search(taken.view(0), random.Random(2), samples=8)
    assert [str(a) for a, _ in values.values] == ["double", "no-double"] and values.playouts == 16
    assert SearchPlayer(seed=1, samples=8)(taken) in taken.legal_actions()


def test_search_values_are_the_loop_that_defines_them() -> None:
    """Before the solver's tricks: each sampled deal, every action applied and played out at
    random with the same generator, in order; the values are the means."""
    state = sm.deal(sm.EXTENDED, dealer=1, rng=8).apply(sm.Pass()).apply(sm.Pass())
    for _ in range(6):
        state = state.apply(state.legal_actions()[-1])
    view = state.view(state.current_player)
    me = view.current_player
    assert me is not None
    values = search(view, random.Random(4), samples=5)
    rng = random.Random(4)
    sampler = Sampler(view)
    totals = [0] * len(view.legal_actions())
    for _ in range(5):
        world = sampler.sample(rng)
        for k, action in enumerate(view.legal_actions()):
            totals[k] += playout(world.apply(action), rng).result().totals[me]
    assert [v for _, v in values.values] == [Fraction(t, 5) for t in totals]
    assert values.samples == 5 and values.playouts == 5 * len(totals) and values.nodes == 0
    points = search(view, random.Random(4), samples=5, unit=Unit.CARD_POINTS)
    assert points.unit is Unit.CARD_POINTS and all(0 <= v <= 70 for _, v in points.values)


def test_search_near_the_end_is_the_mean_of_the_solved_samples() -> None:
    rng = random.Random(5)
    state = sm.deal(CLASSIC, dealer=0, rng=5)
    while state.phase is not Phase.PLAY or state.trick_number < 22:
        state = state.apply(rng.choice(state.legal_actions()))
    view = state.view(state.current_player)
    for unit in Unit:
        values = search(view, random.Random(9), samples=4, solve_tricks=5, unit=unit)
        gen = random.Random(9)
        sampler = Sampler(view)
        solved = [solve(sampler.sample(gen), unit=unit) for _ in range(4)]
        for k, (action, value) in enumerate(values.values):
            assert all(s.values[k][0] is action for s in solved)
            assert value == sum(s.values[k][1] for s in solved) / 4
        assert values.nodes == sum(s.nodes for s in solved) > 0 and values.playouts == 0


def behind(view: sm.PlayerView, count: int, seed: int) -> list[GameState]:
    """``count`` different states that ``view`` could be the view of (samples of it)."""
    rng = random.Random(seed)
    return [sample(view, rng) for _ in range(count)]


@pytest.mark.parametrize("trick", [0, 12, 23])
def test_the_search_player_never_peeks(trick: int) -> None:
    """Issue 32: every state behind one view gets the same choice from a player with the same
    seed — the hidden cards are never read (the auction, mid-game and the solver's end)."""
    rng = random.Random(trick)
    state = sm.deal(CLASSIC, dealer=1, rng=40 + trick)
    heuristic = HeuristicPlayer()
    while not state.is_terminal and (state.phase is not Phase.PLAY or state.trick_number < trick):
        state = state.apply(heuristic(state) if rng.random() < 0.8 else rng.choice(state.legal_actions()))
    while len(state.legal_actions()) < 2:
        state = state.apply(state.legal_actions()[0])
    view = state.view(state.current_player)
    assert view.player is not None
    worlds = behind(view, 4, seed=trick)
    assert len({tuple(w.hand(1 - view.player)) for w in worlds}) > 1 or trick == 23
    choices = {SearchPlayer(seed=7, samples=6, solve_tricks=5)(world) for world in [state, *worlds]}
    assert choices == {SearchPlayer(seed=7, samples=6, solve_tricks=5)(view)}


def test_the_search_player_is_reproducible_and_seeded() -> None:
    """The same seed and view give the same action, whatever the player was asked before; the
    seed changes the samples."""
    state = sm.deal(CLASSIC, dealer=0, rng=11).apply(sm.Pass()).apply(sm.Pass())
    views = []
    for _ in range(6):
        views.append(state.view(state.current_player))
        state = state.apply(state.legal_actions()[0])
    first = SearchPlayer(seed=5, samples=4)
    forward = [first(view) for view in views]
    backward = [SearchPlayer(seed=5, samples=4)(view) for view in reversed(views)]
    assert forward == backward[::-1]
    view = views[0]
    key = sm.encoding.information_state_key(view)
    seeds = {tuple(search(view, random.Random(int.from_bytes(key, "big") ^ s << 128), samples=4).values) for s in (5, 6)}
    assert len(seeds) == 2


def test_a_time_budget_reads_the_callers_clock() -> None:
    """A budget in time samples until the clock says the time is up: here a clock that moves
    0.25 s each time it is read, and 1 s: the first sample, then three more."""
    ticks = itertools.count()

    def clock() -> float:
        return next(ticks) * 0.25

    view = sm.deal(CLASSIC, dealer=0, rng=3).view(1)
    values = search(view, random.Random(1), samples=None, clock=clock, seconds=1.0)
    assert values.samples == 4
    capped = search(view, random.Random(1), samples=2, clock=lambda: 0.0, seconds=1.0)
    assert capped.samples == 2
    player = SearchPlayer(seed=1, samples=None, clock=clock, seconds=0.5)
    assert player(view) in view.legal_actions()


def test_single_actions_are_taken_at_once() -> None:
    state = sm.deal(CLASSIC, dealer=0, rng=3).apply(sm.Pass()).apply(sm.Pass())
    while len(state.legal_actions()) != 1:
        state = state.apply(state.legal_actions()[0])
    assert SearchPlayer(samples=1)(state) == state.legal_actions()[0]


def test_search_and_the_player_refuse() -> None:
    view = sm.deal(CLASSIC, dealer=0, rng=3).view(1)
    with pytest.raises(TypeError, match="PlayerView"):
        search("view", 1)  # type: ignore[arg-type]
    with pytest.raises(sm.ArgumentTypeError) as wrong:
        search(view, "seed")  # type: ignore[arg-type]
    assert wrong.value.reason is sm.Reason.WRONG_TYPE
    cases: list[tuple[dict[str, object], type[Exception]]] = [
        ({"samples": 0}, ValueError),
        ({"samples": 1.5}, TypeError),
        ({"samples": True}, TypeError),
        ({"samples": None}, ValueError),
        ({"seconds": 1.0}, ValueError),
        ({"clock": lambda: 0.0}, ValueError),
        ({"clock": 3, "seconds": 1.0}, TypeError),
        ({"clock": lambda: 0.0, "seconds": "1"}, TypeError),
        ({"clock": lambda: 0.0, "seconds": -1.0}, ValueError),
        ({"clock": lambda: 0.0, "seconds": float("nan")}, ValueError),
        ({"solve_tricks": -1}, ValueError),
        ({"solve_tricks": "7"}, TypeError),
        ({"unit": "card_points"}, TypeError),
    ]
    for kwargs, error in cases:
        with pytest.raises(error):
            search(view, 1, **kwargs)  # type: ignore[arg-type]
        if "unit" not in kwargs:
            with pytest.raises(error):
                SearchPlayer(**kwargs)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        SearchPlayer(seed="1")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        SearchPlayer()("state")  # type: ignore[arg-type]
    over = sm.deal(CLASSIC, dealer=0, rng=3)
    while not over.is_terminal:
        over = over.apply(over.legal_actions()[-1])
    with pytest.raises(sm.StateError) as info:
        search(over.view(0), 1)
    assert info.value.reason is sm.Reason.GAME_OVER
    with pytest.raises(sm.StateError) as asked:
        SearchPlayer()(over.view(0))
    assert asked.value.reason is sm.Reason.GAME_OVER
    assert Budget(samples=3) == Budget(3) and Budget(samples=None, seconds=1, clock=lambda: 0.0).samples is None


def test_only_the_view_of_the_seat_to_act_is_searched() -> None:
    state = sm.deal(CLASSIC, dealer=0, rng=3).apply(sm.Pass())
    for view in (state.view(None), state.view(1)):  # a spectator; the seat that is not to act
        with pytest.raises(sm.StateError) as info:
            search(view, 1, samples=2)
        assert info.value.reason is sm.Reason.NOT_YOUR_TURN
        with pytest.raises(sm.StateError) as asked:
            SearchPlayer()(view)
        assert asked.value.reason is sm.Reason.NOT_YOUR_TURN
