"""Documents: round trips, JSON types only, and hostile input (a Hypothesis fuzzer for every
loader)."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import strohmandeln as sm
from strohmandeln import CLASSIC, EXTENDED, PRESETS, ZWANZIGERRUFEN_40, GameState, Reason, SerializationError
from strohmandeln import serialization as S
from strohmandeln.positions import position

from helpers import play, played_match, position_playout


def playout(rules: sm.RuleSet, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    state = sm.deal(rules, dealer=seed % 2, rng=seed)
    states = [state]
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def finished_match(rules: sm.RuleSet, deals: int, seed: int) -> sm.Match:
    return played_match(rules, deals, seed, first_dealer=1)


def only_json(value: object) -> None:
    """Fails unless ``value`` is made of str, int, bool, None, list and dict with str keys."""
    if isinstance(value, dict):
        for k, v in value.items():
            assert isinstance(k, str)
            only_json(v)
    elif isinstance(value, list):
        for v in value:
            only_json(v)
    else:
        assert value is None or type(value) in (str, int, bool), type(value)


HOUSE = attrs.evolve(EXTENDED, name="house", last_card=sm.LastCard.SHOWN, undertaker_doubling=True)


# --------------------------------------------------------------------------------------------
# Round trips


@pytest.mark.parametrize("rules", [*PRESETS.values(), HOUSE], ids=lambda r: r.name)
def test_rule_sets_round_trip(rules: sm.RuleSet) -> None:
    doc = S.rules_to_dict(rules)
    only_json(doc)
    assert doc["format"] == 1 and doc["type"] == "rules"
    assert S.rules_from_dict(json.loads(json.dumps(doc))) == rules
    assert S.rules_from_dict(rules.to_dict()) == rules
    assert S.from_dict(doc) == rules


def test_rule_sets_by_name_and_with_defaults() -> None:
    for name, rules in PRESETS.items():
        assert S.rules_from_dict(name) is rules
    minimal = {"name": "tiny", "scoring": {"simple_won": 1, "undertaken_won": 2, "undertaken_lost": 3}}
    rules = S.rules_from_dict(minimal)
    assert rules.name == "tiny" and rules.deck is sm.Deck.FULL_54 and rules.scoring.bonuses == ()
    with pytest.raises(SerializationError) as info:
        S.rules_from_dict("nonesuch")
    assert info.value.reason is Reason.MALFORMED_DOCUMENT
    bad = {"name": "x", "deck": "40", "scoring": {"simple_won": 1, "undertaken_won": 2, "undertaken_lost": 3, "bonuses": {"uhu": 1}}}
    with pytest.raises(SerializationError) as info:
        S.rules_from_dict(bad)
    assert info.value.reason is Reason.INCONSISTENT_RULES


def test_actions_round_trip() -> None:
    actions: list[sm.Action] = [sm.Take(), sm.Pass(), sm.Fold(), sm.Keep(), sm.Double(), sm.NoDouble()]
    actions += [sm.parse_action(t) for t in ("XXI", "♥K+trull", "♥K+trull+kings", "XVII!ross", "XVIII+kings!topschin")]
    for action in actions:
        doc = S.action_to_dict(action)
        only_json(doc)
        assert S.action_from_dict(doc) == action
        assert S.from_dict(S.to_dict(action)) == action


def test_states_round_trip() -> None:
    for seed in range(40):
        rules = [CLASSIC, EXTENDED, ZWANZIGERRUFEN_40, sm.BECK, sm.FURR, HOUSE][seed % 6]
        states = playout(rules, seed)
        for state in states[:: max(1, len(states) // 5)] + [states[-1]]:
            doc = state.to_dict()
            only_json(doc)
            back = GameState.from_dict(json.loads(json.dumps(doc)))
            assert back == state and back.view(0) == state.view(0)
            assert S.from_json(S.to_json(state)) == state
    assert playout(CLASSIC, 1)[0].to_dict()["rules"] == "classic@" + sm.presets.preset_digest(CLASSIC)
    assert playout(HOUSE, 1)[0].to_dict()["rules"] == HOUSE.to_dict()


def test_position_states_round_trip() -> None:
    state = position(
        CLASSIC,
        hands=("♣K ♣C ♣9 XXI", "♣Q ♣J"),
        strohmaenner=((), (("♠7", "♠8"),)),
        rest_to=0,
        leader=0,
        undertaker=1,
        announcements=(("trull",), ()),
    )
    rng = random.Random(1)
    while not state.is_terminal:
        doc = state.to_dict()
        only_json(doc)
        assert "position" in doc and "order" not in doc
        assert S.from_dict(json.loads(json.dumps(doc))) == state
        state = state.apply(rng.choice(state.legal_actions()))
    assert S.from_dict(state.to_dict()).result() == state.result()


def test_positions_with_tricks_card_by_card_round_trip() -> None:
    """A moment of a dealt game set up as a position keeps its tricks (Position.at); its document
    lists them, and a document without ``tricks`` (written before they existed) still loads."""
    for seed in range(6):
        states = position_playout([CLASSIC, EXTENDED, ZWANZIGERRUFEN_40][seed % 3], 2 * seed + 1)
        for state in states[:: max(1, len(states) // 3)]:
            doc = json.loads(json.dumps(state.to_dict()))
            assert doc["position"]["tricks"] and S.from_dict(doc) == state
            if state.is_terminal:
                assert S.from_dict(doc).result() == state.result()
    plain = position(CLASSIC, hands=("♣K", "♣Q"), rest_to=0, leader=0).to_dict()
    assert plain["position"]["tricks"] == []
    del plain["position"]["tricks"]
    assert S.from_dict(plain) == position(CLASSIC, hands=("♣K", "♣Q"), rest_to=0, leader=0)
    bad = copy.deepcopy(doc)
    bad["position"]["tricks"][0] = [0, "♣K"]
    with pytest.raises(SerializationError):
        S.from_dict(bad)


def test_views_round_trip() -> None:
    for seed in range(12):
        states = playout([CLASSIC, EXTENDED, ZWANZIGERRUFEN_40, HOUSE][seed % 4], seed)
        for state in states[:: max(1, len(states) // 4)] + [states[-1]]:
            for p in (0, 1, None):
                view = state.view(p)
                doc = S.to_dict(view)
                only_json(doc)
                assert S.from_dict(json.loads(json.dumps(doc))) == view


def test_position_views_round_trip() -> None:
    """A view of a position loads as itself (checked by setting up a consistent position and
    replaying)."""
    checked = 0
    for seed in range(18):
        states = position_playout([CLASSIC, EXTENDED, ZWANZIGERRUFEN_40][seed % 3], seed)
        for state in states[:: max(1, len(states) // 4)] + states[-1:]:
            for p in (0, 1, None):
                view = state.view(p)
                doc = S.to_dict(view)
                only_json(doc)
                assert doc["dealt"] is False
                assert S.from_dict(json.loads(json.dumps(doc))) == view
                checked += 1
    assert checked > 80


def _position_view_doc(player: int | None = 0) -> dict[str, Any]:
    """Seat 0's view (or another) after he led ♥K and seat 1 played the ♠7 from his Strohmann
    (R14: no heart in his hand), the ♣J turned below it (R11)."""
    state = position(
        CLASSIC,
        hands=("♥K ♥Q ♥J ♥C XXI", "♣K ♠K"),
        strohmaenner=((), (("♠7", "♣J", "♥4"),)),
        rest_to=0,
        leader=0,
        announcements=(("trull",), ()),
    )
    return play(state, "♥K ♠7").view(player).to_dict()


def test_position_views_that_no_position_produces_are_refused() -> None:
    doc = _position_view_doc()
    assert S.view_from_dict(doc).to_dict() == doc
    piles = doc["strohmaenner"]
    more_down = [piles[0], [{**piles[1][0], "face_down": 2}, *piles[1][1:]]]
    other_top = [piles[0], [{**piles[1][0], "face_up": "♣10"}, *piles[1][1:]]]
    for key, value in (
        ("strohmaenner", more_down),  # more cards than there are
        ("strohmaenner", other_top),  # ♣10 is a set-up trick's card
        ("strohmaenner", piles[:1]),
        ("hand", doc["hand"][:-1] + ["♣K"]),  # the viewer holds a card and it is not his
        ("hand_sizes", [doc["hand_sizes"][0], doc["hand_sizes"][1] + 2]),
        ("tricks", doc["tricks"][1:]),  # one set-up trick less
        ("history", [[0, "pass"], *doc["history"]]),  # a position has no auction
        ("history", doc["history"][:1]),
        ("announcements", [[], ["trull", "trull"]]),
        ("announcements", [[], ["nothing"]]),
        ("events", []),
    ):
        with pytest.raises(SerializationError):
            S.view_from_dict({**doc, key: value})
    spectator = _position_view_doc(None)
    assert S.view_from_dict(spectator).to_dict() == spectator
    for key, value in (
        ("hand_sizes", [spectator["hand_sizes"][0] + 1, spectator["hand_sizes"][1] + 1]),
        ("hand_sizes", [spectator["hand_sizes"][0], 99]),
        ("hand", ["XXI"]),
        ("strohmaenner", more_down),
    ):
        with pytest.raises(SerializationError):
            S.view_from_dict({**spectator, key: value})


def test_loading_a_spectators_view_bounds_its_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """A spectator's view is checked with an exact count of its deals, which a server must not
    let a hostile document make arbitrarily long: past ``sampling.CHECK_BUDGET`` states the
    document is refused as ``too_large``. Real views stay far below it, and sampling a view
    (a program's own) has no bound."""
    from strohmandeln import sampling
    from strohmandeln._core.sampling import model as sampling_model

    rng = random.Random(12)
    docs = []
    for k in range(6):
        state = sm.deal(EXTENDED, dealer=k & 1, rng=rng)
        while not state.is_terminal and (state.phase is not sm.Phase.PLAY or state.trick_number < 6):
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal:
            docs.append(state.view(None).to_dict())
    assert docs
    for doc in docs:
        assert S.view_from_dict(doc).to_dict() == doc
    doc = docs[0]
    monkeypatch.setattr(sampling_model, "CHECK_BUDGET", 3)
    with pytest.raises(SerializationError) as info:
        S.view_from_dict(doc)
    assert info.value.reason is Reason.TOO_LARGE
    assert "too costly to check" in info.value.message
    # the bound is the loader's: a view loaded before samples as ever
    monkeypatch.undo()
    view = S.view_from_dict(doc)
    monkeypatch.setattr(sampling_model, "CHECK_BUDGET", 3)
    assert sampling.sample(view, 1).view(None) == view
    assert S.view_from_dict(_position_view_doc(0)).to_dict() == _position_view_doc(0)  # a player's: no count


def test_results_and_matches_round_trip() -> None:
    match = finished_match(CLASSIC, 5, 3)
    for result in match.results:
        doc = S.to_dict(result)
        only_json(doc)
        assert S.from_dict(json.loads(json.dumps(doc))) == result
    doc = S.to_dict(match)
    only_json(doc)
    back = S.from_dict(json.loads(json.dumps(doc)))
    assert back == match


def test_to_dict_refuses_other_objects() -> None:
    with pytest.raises(TypeError):
        S.to_dict(object())


# --------------------------------------------------------------------------------------------
# Hostile input, case by case


def state_doc() -> dict[str, Any]:
    return playout(CLASSIC, 7)[30].to_dict()


def expect(reason: Reason, load: Callable[[Any], object], doc: object) -> SerializationError:
    with pytest.raises(SerializationError) as info:
        load(doc)
    assert info.value.reason is reason, info.value
    return info.value


def test_versions_and_types() -> None:
    doc = state_doc()
    expect(Reason.UNSUPPORTED_VERSION, S.from_dict, {**doc, "format": 2})
    expect(Reason.UNSUPPORTED_VERSION, S.state_from_dict, {**doc, "format": 0})
    expect(Reason.MALFORMED_DOCUMENT, S.state_from_dict, {**doc, "format": "1"})
    expect(Reason.MALFORMED_DOCUMENT, S.state_from_dict, {**doc, "format": True})
    expect(Reason.MALFORMED_DOCUMENT, S.state_from_dict, {k: v for k, v in doc.items() if k != "format"})
    expect(Reason.MALFORMED_DOCUMENT, S.state_from_dict, {**doc, "type": "view"})
    expect(Reason.MALFORMED_DOCUMENT, S.from_dict, {**doc, "type": "nonesuch"})
    expect(Reason.MALFORMED_DOCUMENT, S.from_dict, [doc])
    expect(Reason.MALFORMED_DOCUMENT, S.state_from_dict, {**doc, "extra": 1})
    odd: dict[Any, Any] = dict(doc)
    odd[5] = 1
    expect(Reason.MALFORMED_DOCUMENT, S.state_from_dict, odd)


def test_wrong_types_unknown_and_duplicate_cards() -> None:
    doc = state_doc()
    expect(Reason.MALFORMED_DOCUMENT, S.state_from_dict, {**doc, "dealer": "0"})
    expect(Reason.MALFORMED_DOCUMENT, S.state_from_dict, {**doc, "dealer": 2})
    expect(Reason.MALFORMED_DOCUMENT, S.state_from_dict, {**doc, "dealer": 1.0})
    expect(Reason.MALFORMED_DOCUMENT, S.state_from_dict, {**doc, "order": "XXI"})
    expect(Reason.INVALID_CARD, S.state_from_dict, {**doc, "order": ["XXIII", *doc["order"][1:]]})
    expect(Reason.MALFORMED_DOCUMENT, S.state_from_dict, {**doc, "order": [None, *doc["order"][1:]]})
    expect(Reason.DUPLICATE_CARD, S.state_from_dict, {**doc, "order": [doc["order"][1], *doc["order"][1:]]})
    expect(Reason.WRONG_DECK_SIZE, S.state_from_dict, {**doc, "order": doc["order"][:-1]})
    expect(Reason.CARD_NOT_IN_DECK, S.state_from_dict, {**doc, "rules": "zwanzigerrufen40", "order": doc["order"][:40]})
    expect(Reason.INVALID_ACTION, S.state_from_dict, {**doc, "actions": ["jump"]})
    expect(Reason.MALFORMED_DOCUMENT, S.state_from_dict, {**doc, "actions": [["take"]]})
    expect(Reason.MALFORMED_DOCUMENT, S.state_from_dict, {**doc, "rules": ["classic"]})
    expect(Reason.MALFORMED_DOCUMENT, S.state_from_dict, {**doc, "rules": {"name": "x"}})


def test_illegal_action_sequences() -> None:
    doc = state_doc()
    error = expect(Reason.WRONG_PHASE, S.state_from_dict, {**doc, "actions": ["pass", "pass", "pass"]})
    assert "actions[2] 'pass'" in str(error)
    actions = doc["actions"]
    error = expect(Reason.CARD_NOT_AVAILABLE, S.state_from_dict, {**doc, "actions": [*actions, actions[-1]]})
    assert f"actions[{len(actions)}]" in str(error)
    finished = playout(CLASSIC, 7)[-1].to_dict()
    expect(Reason.GAME_OVER, S.state_from_dict, {**finished, "actions": [*finished["actions"], "pass"]})


def test_huge_lengths() -> None:
    doc = state_doc()
    expect(Reason.TOO_LARGE, S.state_from_dict, {**doc, "actions": ["pass"] * 100_000})
    expect(Reason.TOO_LARGE, S.state_from_dict, {**doc, "order": doc["order"] * 1000})
    expect(Reason.TOO_LARGE, S.state_from_dict, {**doc, "rules": "x" * 10**6})
    expect(Reason.TOO_LARGE, S.state_from_dict, {**doc, "actions": ["X" * 10**6]})
    expect(Reason.MALFORMED_DOCUMENT, S.state_from_dict, {**doc, "dealer": 10**100})
    expect(Reason.TOO_LARGE, S.from_json, "[" * 100_000 + "]" * 100_000)
    expect(Reason.TOO_LARGE, S.from_json, " " * (S.MAX_JSON + 1))
    expect(Reason.MALFORMED_DOCUMENT, S.from_json, "{")
    expect(Reason.MALFORMED_DOCUMENT, S.from_json, b"\xff\xfe")
    expect(Reason.MALFORMED_DOCUMENT, S.from_json, 5)
    nested: list[Any] = []
    for _ in range(100_000):
        nested = [nested]
    expect(Reason.MALFORMED_DOCUMENT, S.state_from_dict, {**doc, "actions": nested})
    expect(Reason.MALFORMED_DOCUMENT, S.view_from_dict, {**playout(CLASSIC, 7)[5].view(0).to_dict(), "tricks": nested})


def test_views_that_no_deal_produces_are_refused() -> None:
    state = playout(CLASSIC, 11)[40]
    doc = state.view(0).to_dict()
    assert S.view_from_dict(doc) == state.view(0)
    for key, value in (
        ("hand_sizes", [doc["hand_sizes"][0], doc["hand_sizes"][1] + 1]),
        ("legal_actions", doc["legal_actions"][1:] if doc["legal_actions"] else ["pass"]),
        ("current_player", None if doc["current_player"] is not None else 0),
        ("known_hands", [doc["known_hands"][0], doc["known_hands"][1] + ["Sküs"]]),
        ("phase", "finished"),
        ("doubled", True),
        ("hand", doc["hand"][1:]),
        ("events", doc["events"][:-1]),
        ("history", doc["history"][:-1]),
        ("dealt", False),
        ("result", 5),  # a deal that is not over has no result, not even a well-formed one
        ("result", S.to_dict(playout(CLASSIC, 11)[-1].result())),
    ):
        bad = {**doc, key: value}
        with pytest.raises(SerializationError):
            S.view_from_dict(bad)
    # another seat's cards in the viewer's hand: no deal produces it
    other = playout(CLASSIC, 11)[40].view(1).to_dict()
    with pytest.raises(SerializationError):
        S.view_from_dict({**doc, "hand": other["hand"]})
    # a hand_sizes entry given as true or 15.0 is not silently taken for 1 or 15
    with pytest.raises(SerializationError):
        S.view_from_dict({**doc, "hand_sizes": [float(doc["hand_sizes"][0]), doc["hand_sizes"][1]]})


def test_results_and_matches_refuse_bad_documents() -> None:
    match = finished_match(CLASSIC, 3, 5)
    result = S.to_dict(match.results[0])
    expect(Reason.MALFORMED_DOCUMENT, S.result_from_dict, {**result, "totals": [1, 1]})
    expect(Reason.MALFORMED_DOCUMENT, S.result_from_dict, {**result, "lines": "x"})
    expect(Reason.UNSUPPORTED_VERSION, S.result_from_dict, {**result, "format": 9})
    doc = S.to_dict(match)
    deals = doc["deals"]
    expect(Reason.BAD_SEAT, S.match_from_dict, {**doc, "deals": [deals[1], deals[0], deals[2]]})
    unfinished = {**deals[0], "actions": deals[0]["actions"][:5]}
    expect(Reason.NOT_FINISHED, S.match_from_dict, {**doc, "deals": [unfinished]})


@pytest.mark.parametrize(
    "change",
    [
        {"unknown_field": 1},
        {"card_points_thirds": [-3, 213]},
        {"card_points_thirds": [3, 3]},
        {"multiplier": -7},
        {"multiplier": 2},
        {"drawn": True},
        {"void": "folded"},
        {"doubled": True, "undertaker": None},
        {"rules": ""},
    ],
)
def test_results_that_no_scoring_gives_are_refused(change: dict[str, object]) -> None:
    """A result document is checked for what scoring produces (R22–R26): known fields only, card
    points of a whole deck, one multiplier on every line, a card play drawn or won, a void deal
    without score, doubling only of an undertaker's game."""
    result = S.to_dict(finished_match(CLASSIC, 3, 5).results[0])
    assert S.result_from_dict(result) is not None
    expect(Reason.MALFORMED_DOCUMENT, S.result_from_dict, {**result, **change})


def _scored_result(rules: sm.RuleSet, want: Callable[[sm.DealResult], bool]) -> dict[str, Any]:
    """The document of the first result of a random match of ``rules`` that ``want`` accepts."""
    for seed in range(200):
        for result in finished_match(rules, 10, seed).results:
            if want(result):
                return S.to_dict(result)
    raise AssertionError("no such result")


def test_results_are_checked_against_their_rule_set() -> None:
    """Issue 24 (4): a result document is checked against its rule set (the preset it names, or
    the rules passed): the deck's card points, the table's game values, its bonuses and their
    values."""
    doc = _scored_result(CLASSIC, lambda r: r.void is None and r.lines[0].kind == "game")
    assert S.result_from_dict(doc) == S.result_from_dict(doc, CLASSIC)
    # the 40-card total in a 54-card rule set: every rule set-free check passes
    forty = {**doc, "card_points_thirds": [132, 132], "drawn": True, "card_play_winner": None}
    expect(Reason.MALFORMED_DOCUMENT, S.result_from_dict, forty)
    lines = doc["lines"]
    huge = {**doc, "lines": [{**lines[0], "value": 999_999}, *lines[1:]]}
    net = 999_999 * doc["multiplier"] * (1 if lines[0]["player"] == 0 else -1) + sum(
        (1 if line["player"] == 0 else -1) * line["value"] * line["multiplier"] for line in lines[1:]
    )
    huge["totals"] = [net, -net]
    expect(Reason.MALFORMED_DOCUMENT, S.result_from_dict, huge)
    # a bonus line with another value than the table's
    bonus = _scored_result(CLASSIC, lambda r: any(line.kind != "game" for line in r.lines))
    k = next(i for i, line in enumerate(bonus["lines"]) if line["kind"] != "game")
    kind = bonus["lines"][k]["kind"]
    other = {**bonus, "lines": [*bonus["lines"][:k], {**bonus["lines"][k], "value": bonus["lines"][k]["value"] + 1}, *bonus["lines"][k + 1 :]]}
    other["totals"] = [t + (1 if bonus["lines"][k]["player"] == 0 else -1) * (1 if i == 0 else -1) * bonus["multiplier"] for i, t in enumerate(bonus["totals"])]
    assert S.result_from_dict(bonus) is not None
    with pytest.raises(SerializationError) as info:
        S.result_from_dict(other)
    assert f"the {kind} bonus is worth" in str(info.value)
    # the same result under another rule set's name
    with pytest.raises(SerializationError) as info:
        S.result_from_dict(doc, EXTENDED)
    assert "a result of the 'classic' rules" in str(info.value)
    # a custom rule set: only the general checks without its rules, all of them with
    house = attrs.evolve(CLASSIC, name="house")
    custom = {**huge, "rules": "house"}
    assert S.result_from_dict(custom).rules == "house"
    expect(Reason.MALFORMED_DOCUMENT, lambda d: S.result_from_dict(d, house), custom)


def test_doubled_undertaken_games_have_doubled_table_values() -> None:
    """R10: the game line of a doubled undertaken game is worth twice the table's value."""
    house = attrs.evolve(CLASSIC, name="house", undertaker_doubling=True)
    doc = _scored_result(house, lambda r: r.doubled and r.void is None)
    game = doc["lines"][0]
    table = house.scoring
    assert game["kind"] == "game" and game["value"] in {2 * v for v in (table.undertaken_won, table.undertaken_lost)}
    assert S.result_from_dict(doc, house).doubled
    halved = {**doc, "doubled": False}
    expect(Reason.MALFORMED_DOCUMENT, lambda d: S.result_from_dict(d, house), halved)


def test_results_of_every_preset_and_doubled_rounds_round_trip() -> None:
    for rules in PRESETS.values():
        match = finished_match(rules, 40, 1)
        for result in match.results:
            assert S.from_dict(json.loads(json.dumps(S.to_dict(result)))) == result


def test_from_json_reads_a_match_of_many_deals_by_default() -> None:
    """The default limit of from_json leaves room for the largest match document (10,000 deals,
    about 6 million characters); a limit that is not a whole number is a TypeError."""
    state = playout(CLASSIC, 2)[-1]
    assert S.from_json(" " * 5_000_000 + S.to_json(state)) == state
    with pytest.raises(SerializationError) as info:
        S.from_json(" " * 5_000_000 + S.to_json(state), max_length=1_000_000)
    assert info.value.reason is Reason.TOO_LARGE
    for bad in (None, "10", True):
        with pytest.raises(sm.ArgumentTypeError):
            S.from_json(S.to_json(state), max_length=bad)  # type: ignore[arg-type]
    with pytest.raises(sm.ArgumentValueError):
        S.from_json(S.to_json(state), max_length=-1)


# --------------------------------------------------------------------------------------------
# The fuzzer: mutated documents for every loader


def _paths(value: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _get(value: Any, path: tuple[object, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=True) | st.text(max_size=12)
    | st.sampled_from(["XXI", "Sküs", "♥K", "c10", "take", "pass", "classic", "play", "finished", "trull", "ross", "", "I"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=8,
)


def _hostile(k: int) -> object:
    """Values whose repr() is huge or fails (drawn by index: hypothesis writes strategies with
    repr())."""
    if k == 0:
        return 10**5000
    if k == 1:
        return "A" * 100_000
    nested: list[object] = []
    for _ in range(3_000):
        nested = [nested]
    return nested


@st.composite
def mutated(draw: st.DrawFn, base: object) -> object:
    doc = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(doc)
        path = draw(st.sampled_from(paths))
        if not path:
            doc = draw(json_values) if draw(st.integers(0, 9)) == 0 else doc
            continue
        parent: Any = _get(doc, path[:-1])
        key: Any = path[-1]
        node = parent[key]
        op = draw(
            st.sampled_from(["replace", "delete", "duplicate", "truncate", "swap", "bump", "nest", "card", "rename", "variant", "hostile"])
        )
        if op == "replace":
            parent[key] = draw(json_values)
        elif op == "delete":
            del parent[key]
        elif op == "duplicate" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(node))
        elif op == "truncate" and isinstance(node, list):
            del node[draw(st.integers(0, max(len(node) - 1, 0))) :]
        elif op == "swap" and isinstance(parent, list) and len(parent) > 1:
            j = draw(st.integers(0, len(parent) - 1))
            parent[key], parent[j] = parent[j], parent[key]
        elif op == "bump" and type(node) is int:
            parent[key] = node + draw(st.sampled_from([1, -1, 2, 10**30, -(10**30)]))
        elif op == "nest":
            parent[key] = [node]
        elif op == "card" and isinstance(node, str):
            parent[key] = draw(st.sampled_from(["XXI", "Sküs", "♥K", "♣7", "♦1", "I", "II", "take", "♥K+trull", "XVII!ross"]))
        elif op == "rename" and isinstance(parent, dict):
            parent[draw(st.text(max_size=6))] = parent.pop(key)
        elif op == "variant" and isinstance(node, str):  # a call or announcement on any card (issue 24: 1)
            parent[key] = node + draw(st.sampled_from(["!topschin", "!ross", "+trull", "+kings", "+trull+kings!ross"]))
        elif op == "hostile":  # huge ints, long text, deep nesting (issue 24: 5, 6); the last change
            parent[key] = draw(st.integers(0, 2).map(_hostile))
            break
    return doc


def _mid(seed: int, k: int) -> GameState:
    states = playout([CLASSIC, EXTENDED, ZWANZIGERRUFEN_40][seed % 3], seed)
    return states[min(k, len(states) - 1)]


_MATCH = finished_match(CLASSIC, 2, 8)
#: Result documents of several kinds: games won and lost, with bonuses, void, doubled (R26).
_RESULT_DOCS = [
    _scored_result(CLASSIC, lambda r: r.void is None),
    _scored_result(EXTENDED, lambda r: len(r.lines) > 1),
    _scored_result(attrs.evolve(CLASSIC, name="old books", both_pass=sm.BothPass.THROW_IN), lambda r: r.void is not None),
    _scored_result(CLASSIC, lambda r: r.multiplier > 1),
]
#: R18: a position whose last set-up trick was won by a called XVII (Topschin is due).
_ROSS_SET_UP = position(EXTENDED, hands=("XVIII ♣K", "♣Q ♣J"), tricks=[(1, "♥Q", "XVII!ross")], rest_to=1, leader=0)
_DOCS: dict[str, list[object]] = {
    "rules": [S.rules_to_dict(HOUSE), S.rules_to_dict(ZWANZIGERRUFEN_40), CLASSIC.to_dict()],
    "action": [S.to_dict(sm.parse_action("♥K+trull")), S.to_dict(sm.Take())],
    "state": [S.to_dict(_mid(1, 30)), S.to_dict(_mid(2, 99)), S.to_dict(_mid(3, 4)), S.to_dict(position(CLASSIC, hands=("♣K ♣C", "♣Q ♣J"), strohmaenner=((("♠7", "♠8"),), (("♥3", "XX"),)), rest_to=0, leader=0)), S.to_dict(position(CLASSIC, hands=("♣K", "♣Q"), tricks=[(1, "XXI", "Sküs"), (0, "♥K", "XX")], rest_to=0, leader=1)), S.to_dict(_ROSS_SET_UP)],
    "view": [S.to_dict(_mid(4, 40).view(0)), S.to_dict(_mid(5, 99).view(1)), S.to_dict(_mid(6, 20).view(None)), _position_view_doc(), _position_view_doc(None), S.to_dict(_ROSS_SET_UP.view(1))],
    "result": list(_RESULT_DOCS),
    "match": [S.to_dict(_MATCH)],
}
_LOADERS: dict[str, Callable[[object], object]] = {
    "rules": S.rules_from_dict,
    "action": S.action_from_dict,
    "state": S.state_from_dict,
    "view": S.view_from_dict,
    "result": S.result_from_dict,
    "match": S.match_from_dict,
}
_FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))


def _survives(load: Callable[[object], object], doc: object) -> None:
    try:
        load(doc)
    except SerializationError as error:
        assert isinstance(error.reason, Reason)
        assert error.to_dict()["reason"] == error.reason.value
        assert len(error.message) <= 400, error.message[:400]


@pytest.mark.parametrize("kind", sorted(_DOCS))
@_FUZZ
@given(data=st.data())
def test_fuzz_every_loader(kind: str, data: st.DataObject) -> None:
    """Mutated documents: every loader returns a value or raises SerializationError, nothing else."""
    base = data.draw(st.sampled_from(_DOCS[kind]))
    doc = data.draw(mutated(base))
    _survives(_LOADERS[kind], doc)
    _survives(S.from_dict, doc)
    try:
        text = json.dumps(doc, ensure_ascii=False)
    except (ValueError, TypeError, RecursionError):  # not representable as JSON (NaN is, big floats are)
        return
    _survives(lambda t: S.from_json(t), text)  # type: ignore[arg-type]


@_FUZZ
@given(doc=json_values)
def test_fuzz_arbitrary_json(doc: object) -> None:
    for load in (*_LOADERS.values(), S.from_dict):
        _survives(load, doc)


def test_dealt_only_loaders_refuse_positions() -> None:
    """Issue 24 (2), and the server guide's promise that loading trusts no stored outcome: a
    position's document states where the cards lie (here seat 0 won every card, with the Trull
    and the four Kings announced: a valat for him), which loading checks for possibility but
    cannot replay. Every loader called with ``dealt_only=True`` refuses such a state or view
    with ``not_dealt``; dealt documents load as before."""
    deck = CLASSIC.deck.cards
    claimed = position(CLASSIC, hands=((), ()), won=(deck, ()), leader=0, announcements=(("trull", "kings"), ()))
    assert claimed.is_terminal and claimed.result().totals[0] > 0
    state_document, view_document = S.to_dict(claimed), S.to_dict(claimed.view(1))
    assert S.from_dict(view_document) == claimed.view(1)
    # Issue 31 (6): a state's document in position form that claims a finished deal by its
    # set-up alone is refused by every loader (no history can prove it) ...
    for load_state in (S.from_dict, lambda d: S.from_json(json.dumps(d)), S.state_from_dict, GameState.from_dict):
        assert "no history proves" in str(expect(Reason.NOT_DEALT, load_state, state_document))
    # ... but one whose plays finish the deal loads: its history proves the end.
    start = position(CLASSIC, hands=("♣K", "♣Q"), rest_to=0, leader=0)
    ended = start.apply(start.legal_actions()[0])
    ended = ended.apply(ended.legal_actions()[0])
    assert ended.is_terminal and S.from_dict(S.to_dict(ended)) == ended
    loaders: list[Callable[[Any], object]] = [
        lambda d: S.from_dict(d, dealt_only=True),
        lambda d: S.from_json(json.dumps(d), dealt_only=True),
        lambda d: S.state_from_dict(d, dealt_only=True) if d["type"] == "state" else S.view_from_dict(d, dealt_only=True),
        lambda d: GameState.from_dict(d, dealt_only=True) if d["type"] == "state" else sm.PlayerView.from_dict(d, dealt_only=True),
    ]
    dealt = playout(CLASSIC, 7)
    for load in loaders:
        for document in (state_document, view_document):
            assert "dealt_only" in str(expect(Reason.NOT_DEALT, load, document))
        assert load(S.to_dict(dealt[-1])) == dealt[-1]
        assert load(S.to_dict(dealt[30].view(0))) == dealt[30].view(0)
