"""The OpenSpiel adapter (issues 22, 32): OpenSpiel's own checks and bots on python_strohmandeln,
the library's encodings behind it, and the conventions of OpenSpiel's own Python games."""

from __future__ import annotations

import copy
import random
from typing import Any

import attrs
import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import strohmandeln as sm  # noqa: E402
from strohmandeln.players import HeuristicPlayer  # noqa: E402
from helpers import outputs_under_hash_seeds  # noqa: E402
from strohmandeln.encoding import ActionSpace, information_state_key, observation  # noqa: E402
from strohmandeln.openspiel import (  # noqa: E402
    GAME_NAME,
    PlayerBot,
    PlayoutEvaluator,
    Resampler,
    StatelessBot,
    StrohmandelnState,
    from_order,
    from_state,
)


@pytest.mark.parametrize("preset", ["classic", "extended", "beck", "zwanzigerrufen40"])
def test_openspiel_random_sim_test(preset: str) -> None:
    """OpenSpiel's own consistency check: random games, clones, serialization, observers."""
    game = pyspiel.load_game(GAME_NAME, {"preset": preset, "dealer": 1})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def _dealt(game: Any, seed: int, actions: int) -> Any:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
    for _ in range(actions):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_adapter_plays_the_librarys_deal() -> None:
    """Actions, returns, tensors and strings are the library's: ActionSpace numbers in
    increasing order, the deal's game points, the view's observation vector and key."""
    game = pyspiel.load_game(GAME_NAME, {"preset": "classic"})
    space = ActionSpace(sm.CLASSIC)
    assert game.num_distinct_actions() == space.size
    for seed in range(3):
        state = _dealt(game, seed, 30)
        ours: sm.GameState = state.strohmandeln_state()
        assert ours.current_player is not None and ours.order is not None
        assert state.legal_actions() == sorted(space.legal_ids(ours))
        assert state.legal_actions(1 - ours.current_player) == []
        assert list(state.legal_actions_mask()) == space.mask(ours)
        for player in (0, 1):
            assert state.observation_tensor(player) == pytest.approx(observation(ours.view(player)))
            assert state.information_state_string(player) == information_state_key(ours.view(player)).hex()
            assert pyspiel.State.information_state_string(state, player) == state.information_state_string(player)
            assert state.information_state_tensor(player)[: len(observation(ours.view(player)))] == pytest.approx(observation(ours.view(player)))
        history = state.history()
        assert history[:54] == [card.index for card in ours.order] and len(history) == state.move_number()
        assert history[54:] == [space.encode(action) for action in ours.history]
        assert [a.player for a in state.full_history()][54:] == list(ours.view(None).actors)
        while not state.is_terminal():
            state.apply_action(random.Random(seed).choice(state.legal_actions()))
        final = state.strohmandeln_state()
        expected = [0.0, 0.0] if final.void_reason is not None else [float(t) for t in final.result().totals]
        assert state.returns() == expected and state.current_player() == pyspiel.PlayerId.TERMINAL


def test_the_observation_string_carries_what_the_tensor_carries() -> None:
    """Where the tensors differ, so do the strings (after ``take`` and after ``pass pass`` they
    did not), and equal tensors give equal strings."""
    game = pyspiel.load_game(GAME_NAME, {"preset": "classic"})
    by_tensor: dict[tuple[float, ...], str] = {}
    start = from_state(sm.deal(sm.CLASSIC, dealer=0, rng=97))
    states = [start, start.child(game.space.encode(sm.Take())), start.child(game.space.encode(sm.Pass()))]
    states.append(states[2].child(game.space.encode(sm.Pass())))
    for seed in range(3):
        states.append(_dealt(game, seed, 12))
    for state in states:
        for player in (0, 1):
            tensor = tuple(state.observation_tensor(player))
            text = state.observation_string(player)
            assert by_tensor.setdefault(tensor, text) == text
    assert len(set(by_tensor.values())) == len(by_tensor) >= 12


def test_chance_nodes_and_game_length_are_true() -> None:
    """One chance node per card of the deck; max_game_length counts decisions only, and a deal
    in which both players fold-check and both pass reaches it."""
    for name, cards in (("classic", 54), ("zwanzigerrufen40", 40), ("beck", 54)):
        game = pyspiel.load_game(GAME_NAME, {"preset": name})
        assert game.max_chance_nodes_in_history() == cards
        rules = sm.PRESETS[name]
        assert game.max_game_length() == cards + 2 + 2 * rules.fold_without_tarock
        assert game.max_history_length() == game.max_chance_nodes_in_history() + game.max_game_length()
        state = _dealt(game, 1, 1000)
        chance = sum(1 for a in state.full_history() if a.player == -1)
        assert chance == cards and len(state.history()) - chance <= game.max_game_length()
    # Both hands without a tarock: Elder and the dealer are asked (R7), then both pass (R9).
    suits = [card for card in sm.CLASSIC.deck.cards if not card.is_tarock]
    order = sm.compose_order(sm.CLASSIC, dealer=0, hands=(suits[:15], suits[15:30]))
    state = from_order(order, dealer=0)
    game = state.get_game()
    while not state.is_terminal():
        legal = state.legal_actions()
        keep = [a for a in legal if game.space.decode(a) in (sm.Keep(), sm.Pass())]
        state.apply_action(keep[0] if keep else legal[0])
    assert len(state.history()) - 54 == game.max_game_length()


def test_clones_share_every_immutable_part() -> None:
    """clone(), child(), copy.deepcopy and OpenSpiel's C++ clone share the library state and the
    game's data; applying to a clone leaves the original as it was."""
    game = pyspiel.load_game(GAME_NAME, {"preset": "extended"})
    state = _dealt(game, 4, 10)
    before = state.history()
    for clone in (state.clone(), copy.deepcopy(state), pyspiel.State.clone(state)):
        assert isinstance(clone, StrohmandelnState)
        assert clone.strohmandeln_state() is state.strohmandeln_state() and clone._sh is state._sh
        assert clone.history() == before and str(clone) == str(state)
        clone.apply_action(clone.legal_actions()[0])
        assert state.history() == before and clone.history() != before
    child = state.child(state.legal_actions()[-1])
    assert child.history() == [*before, state.legal_actions()[-1]]
    dealing = game.new_initial_state()
    dealing.apply_action(5)
    twin = dealing.clone()
    twin.apply_action(6)
    assert dealing.history() == [5] and twin.history() == [5, 6] and twin.is_chance_node()


def test_the_moves_refuse_what_the_rules_refuse() -> None:
    """An illegal action is the library's refusal; NumPy integers are actions; a card dealt twice
    is OpenSpiel's error."""
    game = pyspiel.load_game(GAME_NAME, {"preset": "classic"})
    state = _dealt(game, 2, 5)
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(sm.IllegalActionError):
        state.apply_action(illegal)
    with pytest.raises(sm.IllegalActionError):
        state.apply_action(-1)
    state.apply_action(np.int64(state.legal_actions()[0]))
    dealing = game.new_initial_state()
    dealing.apply_action(3)
    with pytest.raises(pyspiel.SpielError):
        dealing.apply_action(3)
    assert dealing.legal_actions() == [a for a in range(54) if a != 3] and dealing.legal_actions(0) == []


def test_resampling_keeps_the_information_state_and_builds_the_world_directly() -> None:
    """resample_from_infostate and Resampler draw deals the player cannot tell from the true one
    (his information state string and tensor are unchanged, the history too), from one sampler
    kept per information state."""
    game = pyspiel.load_game(GAME_NAME, {"preset": "extended"})
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    resampler = Resampler(random.Random(1))
    for seed in range(3):
        state = _dealt(game, seed, 20)
        if state.is_terminal():
            continue
        player = state.current_player()
        kept = len(game._sh.samplers)
        for other in [state.resample_from_infostate(player, sampler) for _ in range(2)] + [resampler(state, player) for _ in range(2)]:
            assert isinstance(other, StrohmandelnState)
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.information_state_tensor(player) == state.information_state_tensor(player)
            assert other.strohmandeln_state().history == state.strohmandeln_state().history  # type: ignore[union-attr]
            assert len(other.history()) == len(state.history())
        assert len(game._sh.samplers) == kept + 1
    dealing = game.new_initial_state()
    dealing.apply_action(7)
    other = resampler(dealing, 0)
    assert other.is_chance_node() and len(other.history()) == 1
    assert other.information_state_string(0) == dealing.information_state_string(0)


def test_the_same_seed_draws_the_same_worlds_in_every_process() -> None:
    script = (
        "import random, pyspiel\n"
        "from strohmandeln.openspiel import Resampler, from_state\n"
        "import strohmandeln as sm\n"
        "state = sm.deal(sm.CLASSIC, dealer=0, rng=7)\n"
        "while state.trick_number < 4:\n"
        "    state = state.apply(state.legal_actions()[0])\n"
        "resample = Resampler(11)\n"
        "print([resample(from_state(state), 0).history() for _ in range(3)])\n"
    )
    assert len(outputs_under_hash_seeds(script, ("1", "2"))) == 1


def test_from_state_and_from_order_hand_any_state_to_openspiel() -> None:
    """A library state (or a deck order) becomes an OpenSpiel state without chance nodes; its
    history is the deck order and the actions; serializing and loading it keeps it."""
    start = sm.deal(sm.ZWANZIGERRUFEN_40, dealer=1, rng=5)
    while start.trick_number < 3:
        start = start.apply(start.legal_actions()[-1])
    assert start.order is not None
    state = from_state(start)
    game = state.get_game()
    assert game.get_parameters() == {"dealer": 1, "preset": "zwanzigerrufen40"}
    assert state.history()[:40] == [card.index for card in start.order]
    loaded = game.deserialize_state(state.serialize())
    assert loaded.strohmandeln_state() == start and loaded.history() == state.history()
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert again.strohmandeln_state() == start
    ordered = from_order(start.order, dealer=1, preset_name="zwanzigerrufen40")
    assert ordered.strohmandeln_state() == sm.deal(sm.ZWANZIGERRUFEN_40, dealer=1, order=start.order)
    with pytest.raises(ValueError):
        from_state(sm.deal(attrs.evolve(sm.CLASSIC, name="house"), dealer=0, rng=1))
    with pytest.raises(ValueError):
        from_state(start, pyspiel.load_game(GAME_NAME, {"preset": "zwanzigerrufen40", "dealer": 0}))


def test_openspiel_bots_play_it_and_evaluate_bots_runs_them() -> None:
    """ISMCTS with the library's playouts and resampler, MCTS, and a library player, through
    OpenSpiel's evaluate_bots (which asks for restart_at and inform_action)."""
    from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # type: ignore[import-untyped]

    game = pyspiel.load_game(GAME_NAME, {"preset": "classic"})
    rng = np.random.RandomState(3)
    evaluator = PlayoutEvaluator(random.Random(3))
    searcher = ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0, max_simulations=8, random_state=rng)
    searcher.set_resampler(Resampler(3))
    for seat in (0, 1):
        bots = [PlayerBot(game, p, HeuristicPlayer()) for p in (0, 1)]
        bots[seat] = StatelessBot(searcher)
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert sum(returns) == 0
    classic = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4, evaluator=evaluator, random_state=rng)
    state = from_state(sm.deal(sm.CLASSIC, dealer=0, rng=1))
    while not state.is_terminal():
        state.apply_action(classic.step(state))
    assert sum(state.returns()) == 0


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(Exception, match="no preset named"):
        pyspiel.load_game(GAME_NAME, {"preset": "poker"})
    with pytest.raises(Exception, match="did you mean 'zwanzigerrufen40'"):
        pyspiel.load_game(GAME_NAME, {"preset": "ZWANZIGERRUFEN_40"})
    with pytest.raises(Exception, match="dealer"):
        pyspiel.load_game(GAME_NAME, {"preset": "classic", "dealer": 2})


def test_openspiels_rl_environment_plays_it() -> None:
    """OpenSpiel's RL environment (chance nodes sampled inside, information-state tensors, masks
    by legal actions) with its random agents."""
    from open_spiel.python import rl_environment  # type: ignore[import-untyped]
    from open_spiel.python.algorithms import random_agent

    env = rl_environment.Environment(GAME_NAME, preset="classic")
    env.seed(1)
    agents = [random_agent.RandomAgent(player_id=p, num_actions=env.action_spec()["num_actions"]) for p in (0, 1)]
    step = env.reset()
    while not step.last():
        player = step.observations["current_player"]
        assert step.observations["legal_actions"][player]
        step = env.step([agents[player].step(step).action])
    assert sum(step.rewards) == 0 and len(step.observations["info_state"][0]) == env.observation_spec()["info_state"][0]
