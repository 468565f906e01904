"""Per-player and spectator views: exactly what a player knows, nothing hidden leaks (R11, R12)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from helpers import position_playout

import strohmandeln as sm
from strohmandeln import CLASSIC, EXTENDED, FURR, ZWANZIGERRUFEN_40, GameState, LastCard, PlayerView
from strohmandeln.positions import Position
from strohmandeln.views import HiddenTurn, spectator_view

PRESETS = (CLASSIC, EXTENDED, ZWANZIGERRUFEN_40, FURR, sm.BECK, sm.STRAMANDL)


def playout(rules: sm.RuleSet, seed: int) -> list[GameState]:
    """Every state of one random legal deal."""
    rng = random.Random(seed)
    state = sm.deal(rules, dealer=seed % 2, rng=seed)
    states = [state]
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def hidden_turn_states(rules: sm.RuleSet = CLASSIC) -> list[GameState]:
    """A deal in which both seats took up a last card unseen (R12)."""
    for seed in range(200):
        states = playout(rules, seed)
        hidden = {e.player for e in states[-1].events if e.hidden}
        if hidden == {0, 1}:
            return states
    raise AssertionError("no deal with hidden last cards found")


def test_view_mirrors_the_public_state() -> None:
    for seed in range(30):
        rules = PRESETS[seed % len(PRESETS)]
        for state in playout(rules, seed)[::3]:
            for p in (0, 1):
                v = state.view(p)
                assert v.player == p and not v.is_spectator
                assert v.rules is state.rules and v.dealer == state.dealer and v.elder == state.elder
                assert v.phase is state.phase and v.current_player == state.current_player
                assert v.is_terminal == state.is_terminal and v.void_reason is state.void_reason
                assert v.undertaker == state.undertaker and v.doubled == state.doubled
                assert v.is_simple_game == state.is_simple_game
                assert v.history == state.history and v.tricks == state.tricks
                assert v.trick_number == state.trick_number and v.current_trick == state.current_trick
                assert v.leader == state.leader
                assert v.hand == state.hand(p)
                for s in (0, 1):
                    assert v.strohmaenner(s) == state.strohmaenner(s)
                    assert v.strohmann_tops(s) == state.strohmann_tops(s)
                    assert v.hand_size(s) == len(state.hand(s))
                    assert v.won_cards(s) == state.won_cards(s)
                    assert v.card_points(s) == state.card_points(s)
                    assert v.announcements(s) == state.announcements(s)
                    assert set(v.known_hand(s)) <= set(state.hand(s))
                    assert v.unknown_hand_count(s) == v.hand_size(s) - len(v.known_hand(s))
                mine = state.current_player == p
                assert v.legal_actions() == (state.legal_actions() if mine else ())
                assert all(v.is_legal(a) for a in v.legal_actions())
                assert not v.is_legal(object()) and not v.is_legal([])


def test_actors_name_who_acted() -> None:
    for seed in range(20):
        states = playout(PRESETS[seed % len(PRESETS)], seed)
        final = states[-1].view(None)
        actors = [s.current_player for s in states[:-1]]
        assert list(final.actors) == actors


def test_dealt_hand_is_the_viewers_hand_as_dealt() -> None:
    for seed in range(20):
        rules = PRESETS[seed % len(PRESETS)]
        for state in playout(rules, seed)[::5]:
            for p in (0, 1):
                hands, _ = sm.deal_layout(rules, state.order, dealer=state.dealer)  # type: ignore[arg-type]
                assert set(state.view(p).dealt_hand) == set(hands[p])
            assert state.view(None).dealt_hand == ()


def test_R11_cards_taken_up_in_the_open_are_known_to_the_opponent() -> None:
    for seed in range(40):
        for state in playout(CLASSIC, seed)[::4]:
            for p in (0, 1):
                q = 1 - p
                opened = {e.card for e in state.events if e.player == q and e.to_hand and not e.hidden}
                assert set(state.view(p).known_hand(q)) == opened & set(state.hand(q))
                assert state.view(p).known_hand(p) == state.hand(p)


def test_R12_hidden_last_cards_are_hidden_from_the_opponent_only() -> None:
    state = hidden_turn_states()[-1]
    for p in (0, 1):
        view = state.view(p)
        for real, seen in zip(state.events, view.events):
            if real.hidden and real.player != p:
                assert isinstance(seen, HiddenTurn)
                assert seen.card is None and seen.to_hand and seen.hidden
                assert (seen.player, seen.strohmann, seen.after_trick) == (real.player, real.strohmann, real.after_trick)
            else:
                assert seen == real
    spectator = state.view(None)
    assert all(isinstance(e, HiddenTurn) for e, r in zip(spectator.events, state.events) if r.hidden)
    assert len(spectator.events) == len(state.events)


def test_R12_option_shown_hides_nothing_turned() -> None:
    shown = attrs.evolve(CLASSIC, name="shown", last_card=LastCard.SHOWN)
    for seed in range(10):
        state = playout(shown, seed)[-1]
        assert not any(isinstance(e, HiddenTurn) for e in state.view(None).events)
        assert state.view(0).events == state.events


def test_spectator_view_has_public_information_only() -> None:
    for seed in range(10):
        for state in playout(CLASSIC, seed)[::6]:
            view = spectator_view(state)
            assert view == state.view(None)
            assert view.player is None and view.is_spectator
            assert view.hand == () and view.legal_actions() == ()
            for s in (0, 1):
                opened = {e.card for e in state.events if e.player == s and e.to_hand and not e.hidden}
                assert set(view.known_hand(s)) == opened & set(state.hand(s))


def test_unseen_cards_are_what_the_viewer_cannot_place() -> None:
    for seed in range(10):
        for state in playout(CLASSIC, seed)[::5]:
            for p in (0, 1):
                view = state.view(p)
                unseen = set(view.unseen_cards())
                q = 1 - p
                assert unseen.isdisjoint(view.hand)
                assert unseen.isdisjoint(view.known_hand(q))
                assert set(state.hand(q)) - set(view.known_hand(q)) <= unseen
                assert len(unseen) == view.unknown_hand_count(q) + sum(pile.face_down for s in (0, 1) for pile in view.strohmaenner(s))


Swap = Callable[[GameState, sm.Card, sm.Card], "list[GameState] | None"]


def _swap_replay(state: GameState, a: sm.Card, b: sm.Card) -> list[GameState] | None:
    """Every state of the same actions from the deck order with ``a`` and ``b`` swapped, or
    ``None`` if an action becomes illegal."""
    assert state.order is not None
    order = [b if c is a else a if c is b else c for c in state.order]
    states = _replayed(sm.deal(state.rules, dealer=state.dealer, order=order), state.history)
    assert states is None or states[-1] != state  # (another deck order: another state)
    return states


def _replayed(start: GameState, history: tuple[sm.Action, ...]) -> list[GameState] | None:
    """Every state of ``history`` applied from ``start``, or ``None`` if an action is illegal."""
    states = [start]
    for action in history:
        if not states[-1].is_legal(action):
            return None
        states.append(states[-1].apply(action))
    return states


def _compare_swaps(states: list[GameState], rng: random.Random, swap: Swap) -> int:
    """At a few moments of ``states``, swap two cards hidden from each viewer with ``swap`` and
    replay: where the actions stay legal, the viewer's views are equal at every step (and equal
    as documents, with equal hashes). The number of swaps compared."""
    compared = 0
    for k in sorted(rng.sample(range(len(states)), min(5, len(states)))):
        state = states[k]
        for p in (0, 1, None):
            unseen = list(state.view(p).unseen_cards())
            for _ in range(5):
                if len(unseen) < 2:
                    break
                other = swap(state, *rng.sample(unseen, 2))
                if other is None:
                    continue
                compared += 1
                for mine, theirs in zip(states[: k + 1], other):
                    assert mine.view(p) == theirs.view(p)
                assert state.view(p).to_dict() == other[-1].view(p).to_dict()
                assert hash(state.view(p)) == hash(other[-1].view(p))
    return compared


@pytest.mark.parametrize("seed", range(16))
def test_no_leak_states_differing_in_hidden_cards_give_equal_views(seed: int) -> None:
    """Swap two cards hidden from a viewer in the deck order and replay: if the actions stay legal,
    the viewer's views are equal at every step (and a swap of a card he knows is noticed)."""
    rng = random.Random(seed)
    states = playout(PRESETS[seed % len(PRESETS)], seed)
    assert _compare_swaps(states, rng, _swap_replay) > 0
    # The test can see a difference: swapping one of the viewer's own cards shows.
    for state in states[::7]:
        for p in (0, 1):
            view = state.view(p)
            theirs_card = next(iter(view.unseen_cards()), None)
            if view.hand and theirs_card is not None:
                other = _swap_replay(state, view.hand[0], theirs_card)
                if other is not None:
                    assert other[-1].view(p) != view


#: The reasons a position with two hidden cards swapped may be refused for.
_IMPOSSIBLE = {
    sm.Reason.ANNOUNCEMENT_NOT_ALLOWED,
    sm.Reason.MUST_FOLLOW_SUIT,
    sm.Reason.MUST_FOLLOW_SUIT_FROM_STROHMANN,
    sm.Reason.MUST_PLAY_TAROCK,
    sm.Reason.WRONG_DECK_SIZE,
}


def _swap_position_replay(state: GameState, a: sm.Card, b: sm.Card) -> list[GameState] | None:
    """Every state of the same plays from the position ``state`` was set up from, with ``a`` and
    ``b`` swapped in it, or ``None`` if that position cannot be or a play becomes illegal."""
    start = Position.of(state)

    def swapped(cards: tuple[sm.Card, ...]) -> tuple[sm.Card, ...]:
        return tuple(b if c is a else a if c is b else c for c in cards)

    try:
        other = attrs.evolve(
            start,
            hands=(swapped(start.hands[0]), swapped(start.hands[1])),
            strohmaenner=tuple(tuple(swapped(pile) for pile in seat) for seat in start.strohmaenner),
        ).state()
    except sm.DeckError as error:
        # R17: a card of a set-up announcement left its announcer's hand; R14: a card its holder
        # could not have held at a set-up trick came into his hand; R11: his Strohmänner lost a
        # tarock or King before the first trick that his hand no longer holds
        assert error.reason in _IMPOSSIBLE, error
        return None
    states = _replayed(other, state.history)
    # (two cards of one set-up hand swapped: the same position, the same state)
    assert states is None or (states[-1] == state) == (Position.of(states[-1]) == Position.of(state))
    return states


@pytest.mark.parametrize("seed", range(12))
def test_no_leak_positions_differing_in_hidden_cards_give_equal_views(seed: int) -> None:
    """As for deck orders: swap two cards hidden from a viewer in the position a state was set up
    from and replay its plays; if they stay legal, the viewer's views are equal at every step."""
    rng = random.Random(seed)
    states = position_playout(PRESETS[seed % len(PRESETS)], seed)
    assert _compare_swaps(states, rng, _swap_position_replay) > 0


def test_views_are_immutable_hashable_values() -> None:
    state = playout(CLASSIC, 3)[20]
    view = state.view(0)
    with pytest.raises(AttributeError):
        view._player = 1
    with pytest.raises(AttributeError):
        del view._s
    with pytest.raises(TypeError):
        PlayerView()
    assert view == state.view(0) and hash(view) == hash(state.view(0))
    assert view != state.view(1) and view != state.view(None)
    assert view != "view"
    assert "player=0" in repr(view) and "spectator" in repr(state.view(None))
    import copy
    import pickle

    assert copy.copy(view) is view and copy.deepcopy(view) is view
    assert pickle.loads(pickle.dumps(view)) == view


def test_view_dict_is_json() -> None:
    for state in playout(EXTENDED, 5)[::7]:
        for p in (0, 1, None):
            doc = state.view(p).to_dict()
            assert json.loads(json.dumps(doc)) == doc
            assert PlayerView.from_dict(doc) == state.view(p)


@pytest.mark.parametrize("index", [3, -1, "0", None, 1.0])
def test_strohmann_index_is_checked(index: Any) -> None:
    """A view refuses a bad Strohmann index exactly as the state does: a whole number other
    than 0, 1, 2 with ``ArgumentValueError`` and reason ``bad_strohmann`` (the table of reasons
    in the server guide says so), anything else as a wrong type."""
    state = playout(CLASSIC, 1)[0]
    view = state.view(0)
    with pytest.raises(sm.ArgumentError) as from_view:
        view.strohmann(0, index)
    with pytest.raises(sm.ArgumentError) as from_state:
        state.strohmann(0, index)
    expected = sm.Reason.BAD_STROHMANN if type(index) is int else sm.Reason.WRONG_TYPE
    assert from_view.value.reason is from_state.value.reason is expected
    assert str(from_view.value) == str(from_state.value)


def test_bad_seat_of_a_view_accessor_is_refused() -> None:
    view = playout(CLASSIC, 1)[0].view(0)
    with pytest.raises(sm.ArgumentValueError) as info:
        view.hand_size(2)
    assert info.value.reason is sm.Reason.BAD_SEAT


def test_position_views() -> None:
    from strohmandeln.positions import position

    state = position(CLASSIC, hands=("♣K ♣C ♣9 ♣7", "♣Q ♣J ♣10 ♣8"), rest_to=0, leader=0)
    view = state.view(1)
    assert not view.dealt and view.hand == state.hand(1)
    assert view.known_hand(0) == () and view.hand_size(0) == 4
    assert view.history == () and len(view.tricks) == 23
    state = state.apply(state.legal_actions()[0])
    assert state.view(1).dealt_hand == state.hand(1)


def test_R7_position_views_do_not_tell_whether_a_hidden_hand_holds_a_tarock() -> None:
    """A position has no auction (R7 asks nothing), so a view of it must not depend on whether
    the opponent's set-up hand holds a tarock: two positions that differ only by swapping a card
    of his hand with one of his face-down cards give equal views (and hashes) to the other seat."""
    from strohmandeln.positions import position

    assert CLASSIC.fold_without_tarock
    a = position(CLASSIC, hands=("♣K ♣C ♣9 ♣7", "♣Q ♣J"), strohmaenner=((), (("♠7", "XXI"),)), rest_to=0, leader=0)
    b = position(CLASSIC, hands=("♣K ♣C ♣9 ♣7", "♣Q XXI"), strohmaenner=((), (("♠7", "♣J"),)), rest_to=0, leader=0)
    assert a != b
    assert a.view(0) == b.view(0) and hash(a.view(0)) == hash(b.view(0))
    assert a.view(None) == b.view(None)
    after_a, after_b = (s.apply(sm.parse_action("♣7")).apply(sm.parse_action("♣Q")) for s in (a, b))
    assert after_a.view(0) == after_b.view(0)


def test_position_dealt_hand_excludes_played_strohmann_tops() -> None:
    """R13: a face-up Strohmann top played from a set-up position was never part of the hand, so
    the viewer's starting hand does not gain it once it is played."""
    from strohmandeln.positions import position

    state = position(
        CLASSIC,
        hands=("XXI ♥K I", "♥Q"),
        strohmaenner=((), (("♠7", "Sküs"),)),
        rest_to=1,
        leader=0,
    )
    before = state.view(1).dealt_hand
    for text in ("♥K", "♥Q", "XXI", "♠7"):
        state = state.apply(sm.parse_action(text))
    assert state.view(1).dealt_hand == before
    assert sm.Card.parse("♠7") not in before


def _held(root: object) -> list[object]:
    """Every object a view holds, following its own containers (not types, modules, functions)."""
    import gc

    from strohmandeln._core.seen import Seen

    out: list[object] = []
    seen_ids: set[int] = set()
    stack = [root]
    while stack:
        x = stack.pop()
        if id(x) in seen_ids:
            continue
        seen_ids.add(id(x))
        out.append(x)
        if isinstance(x, (tuple, list, frozenset, set, dict, Seen, PlayerView)):
            stack.extend(y for y in gc.get_referents(x) if not isinstance(y, type))
    return out


def test_a_view_holds_nothing_hidden_but_in_process_code_can_walk_back_to_the_state() -> None:
    # What the docs say (hidden_information.rst, "Views in one process"): a view holds no
    # reference to the state, its record or its deal, and nothing of what the viewer may not
    # know; but it shares immutable parts with the state (the legal actions, the history), so
    # code in the same process that asks the garbage collector for their referrers reaches the
    # state's record, and from it every hidden card. Isolation needs a process boundary.
    import gc

    from strohmandeln.state import record_of

    state = hidden_turn_states()[-12]
    p = state.current_player
    assert p is not None
    view = state.view(p)
    c = record_of(state)
    held = _held(view)
    assert not any(x is c or x is c[0] or x is state for x in held)
    assert not any(isinstance(x, GameState) for x in held)
    # The limit, pinned so that the docs stay true: the legal tuple is the record's own.
    referrers = gc.get_referrers(view.legal_actions())
    assert any(r is c for r in referrers)
