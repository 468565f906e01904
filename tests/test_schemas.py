"""The JSON Schemas of the documents (:mod:`strohmandeln.schemas`), proved with an independent
validator (``jsonschema``): every document the library writes — states, views of both seats and of
spectators, positions, results, matches at stakes, rule sets, actions, error replies — over random
deals of every preset and option is valid; documents the loaders refuse for their shape are
invalid; and no document a loader accepts (in canonical notation) is invalid."""

from __future__ import annotations

import copy
import itertools
import json
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from jsonschema import Draft202012Validator  # type: ignore[import-untyped,import-not-found,unused-ignore]

import strohmandeln as sm
from strohmandeln import CLASSIC, DECK_54, EXTENDED, PRESETS, ZWANZIGERRUFEN_40, GameState, records, schemas
from strohmandeln import serialization as S
from strohmandeln.actions import INTERNED
from strohmandeln._base import checked
from strohmandeln.positions import position

from helpers import ALL_ACTIONS, on_deck, played_match, position_playout

VALIDATORS = {name: Draft202012Validator(schemas.schema(name)) for name in schemas.NAMES}


def valid(name: str, doc: object) -> bool:
    return bool(VALIDATORS[name].is_valid(doc))


def check(name: str, doc: object) -> None:
    """Fails with the validator's first error unless ``doc`` is valid."""
    error = next(iter(VALIDATORS[name].iter_errors(doc)), None)
    assert error is None, f"{name}: {error.message[:300]} at {list(error.absolute_path)}"


#: Every preset, and every option of the rule sets on top of them (R5, R7, R9, R10, R12, R21, R22,
#: R26), the 40-card pack among them.
RULE_SETS = [
    *PRESETS.values(),
    attrs.evolve(CLASSIC, name="throw_in_doubling", both_pass=sm.BothPass.THROW_IN, undertaker_doubling=True),
    attrs.evolve(EXTENDED, name="shown_undertaker", last_card=sm.LastCard.SHOWN, first_lead=sm.FirstLead.UNDERTAKER),
    attrs.evolve(
        sm.BECK,
        name="beck_until_decided",
        fold_without_tarock=True,
        scoring=attrs.evolve(sm.BECK.scoring, draw_doubling=sm.DrawDoubling.UNTIL_DECIDED, valat_replaces=sm.ValatReplaces.GAME),
    ),
    on_deck(attrs.evolve(sm.FURR, last_card=sm.LastCard.SHOWN, undertaker_doubling=True), sm.Deck.SHORT_40),
]
IDS = [rules.name for rules in RULE_SETS]


def deal_states(rules: sm.RuleSet, seed: int) -> list[GameState]:
    """Every state of a random deal, at stakes 1, 2 or 4 by the seed (R26)."""
    rng = random.Random(seed)
    states = [sm.deal(rules, dealer=seed % 2, rng=rng, multiplier=(1, 2, 4)[seed % 3])]
    while not states[-1].is_terminal:
        states.append(states[-1].apply(rng.choice(states[-1].legal_actions())))
    return states


def documents_of(state: GameState) -> Iterator[tuple[str, dict[str, Any]]]:
    """The state's document, its views for both seats and a spectator, and its result."""
    yield "state", S.to_dict(state)
    for player in (0, 1, None):
        yield "view", S.to_dict(state.view(player))
    if state.is_terminal:
        yield "result", S.to_dict(state.result())


# --------------------------------------------------------------------------------------------
# The schemas themselves


def test_every_schema_is_a_valid_draft_2020_12_schema() -> None:
    for name in schemas.NAMES:
        doc = schemas.schema(name)
        Draft202012Validator.check_schema(doc)
        assert doc["$schema"] == schemas.DIALECT == "https://json-schema.org/draft/2020-12/schema"
        assert json.loads(schemas.dumps(name)) == doc
        refs = set(re.findall(r'"#/\$defs/(\w+)"', json.dumps(doc)))
        assert refs == set(doc.get("$defs", {})), name  # every definition it uses, and no other


def test_schema_gives_a_new_dict_and_refuses_other_names() -> None:
    first = schemas.schema("view")
    first["properties"].clear()
    assert schemas.schema("view")["properties"]["phase"]["enum"] == [p.value for p in sm.Phase]
    for name in ("card", ""):
        with pytest.raises(sm.ArgumentValueError, match="name must be the name of a schema"):
            schemas.schema(name)
    for wrong in (3, None):
        with pytest.raises(sm.ArgumentTypeError, match="name must be a str"):
            schemas.schema(wrong)  # type: ignore[arg-type]


def test_the_card_and_play_notation_is_exactly_the_librarys() -> None:
    """The schemas' card enumeration and play pattern say exactly what ``str`` writes: every
    card of the pack and every play any rules allow (R17, R18), and nothing else of the roman and
    suit strings around them."""
    defs = schemas.schema("view")["$defs"]
    card = re.compile(defs["card"]["pattern"])
    plays = {str(play) for row in INTERNED for by_call in row for play in by_call if play is not None}
    pattern = re.compile(defs["play"]["pattern"])
    assert all(pattern.search(text) for text in plays)
    names = {str(card) for card in DECK_54}
    near = ["".join(p) for n in range(1, 7) for p in itertools.product("IVX", repeat=n)]
    near += [s + r for s in "♣♠♥♦" for r in ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "J", "C", "Q", "K", "A", "k", "")]
    near += ["Sküs", "Skus", "sküs", "Sku\u0308s", "XXII", "IV", "♥K ", " ♥K", "♥K+kings+trull", "XVII!topschin", "XVIII!ross", "♥K!ross"]
    for text in [*names, *near]:
        assert bool(card.search(text)) == (text in names), text
        assert bool(pattern.search(text)) == (text in names), text
        for suffix in ("+trull", "+kings", "+trull+kings", "!ross", "!topschin", "+kings!ross"):
            assert bool(pattern.search(text + suffix)) == (text + suffix in plays), text + suffix
    decisions = {str(a) for a in (sm.Take(), sm.Pass(), sm.Fold(), sm.Keep(), sm.Double(), sm.NoDouble())}
    assert set(defs["decision"]["enum"]) == decisions
    actions = {str(action) for action in ALL_ACTIONS}  # (every call on every card: what parse_action reads)
    assert decisions < actions and plays < actions
    for text in [*actions, *(text + suffix for text in near for suffix in ("", "+trull", "!ross", "+kings!topschin")), "no_double", "Take"]:
        assert valid("action", {"format": 1, "type": "action", "action": text}) == (text in actions), text


# --------------------------------------------------------------------------------------------
# What the library writes is valid


@pytest.mark.parametrize("rules", RULE_SETS, ids=IDS)
def test_states_views_and_results_of_random_deals_are_valid(rules: sm.RuleSet) -> None:
    phases, stakes = set(), set()
    for seed in range(2):
        states = deal_states(rules, seed)
        for k, state in enumerate(states):
            if k % 9 and state.phase is states[k - 1].phase and k < len(states) - 1:
                continue  # (every ninth state, the first of each phase and the last)
            phases.add(state.phase)
            for name, doc in documents_of(state):
                check(name, doc)
                stakes.add(doc.get("multiplier", 1))
    assert {sm.Phase.AUCTION, sm.Phase.PLAY} <= phases and phases & {sm.Phase.FINISHED, sm.Phase.VOID}
    assert stakes == {1, 2}


@pytest.mark.parametrize("rules", [CLASSIC, EXTENDED, ZWANZIGERRUFEN_40, RULE_SETS[-2]], ids=lambda r: r.name)
def test_positions_and_their_views_are_valid(rules: sm.RuleSet) -> None:
    """Positions (``"position"`` in place of dealer and order; views with ``"dealt": false``),
    given by won cards (even seeds) or trick by trick with calls (odd seeds)."""
    seen = 0
    for seed in range(4):
        for state in position_playout(rules, seed)[::5]:
            for name, doc in documents_of(state):
                check(name, doc)
                seen += 1
    assert seen > 20
    check("state", S.to_dict(position(EXTENDED, hands=("XVIII ♣K", "♣Q ♣J"), tricks=[(1, "♥Q", "XVII!ross")], rest_to=1, leader=0)))


def test_void_deals_and_their_results_are_valid() -> None:
    """R7 (folded) and R9 (thrown in): the void phase, its ``void_reason`` and its result."""
    folded = sm.deal(CLASSIC, dealer=0, order=sm.compose_order(CLASSIC, dealer=0, hands=((), DECK_54[22:37]))).apply(sm.Fold())
    thrown = sm.deal(RULE_SETS[7], dealer=1, rng=3).apply(sm.Pass()).apply(sm.Pass())
    for state in (folded, thrown):
        assert state.phase is sm.Phase.VOID
        for name, doc in documents_of(state):
            check(name, doc)
            assert name != "view" or doc["result"]["void"] == state.void_reason.value  # type: ignore[union-attr]


@pytest.mark.parametrize("rules", [CLASSIC, sm.STRAMANDL, sm.BECK, ZWANZIGERRUFEN_40], ids=lambda r: r.name)
def test_matches_and_their_results_at_stakes_are_valid(rules: sm.RuleSet) -> None:
    match = played_match(rules, 8, len(rules.name), len(rules.name) % 2)
    check("match", S.to_dict(match))
    for state, result in zip(match.deals, match.results):
        check("result", S.to_dict(result))
        for name, doc in documents_of(state):
            check(name, doc)


def test_rule_sets_and_actions_are_valid() -> None:
    for rules in RULE_SETS:
        check("rules", S.rules_to_dict(rules))
        for name, doc in documents_of(sm.deal(rules, dealer=0, rng=1)):
            check(name, doc)
    for play in (play for row in INTERNED for by_call in row for play in by_call if play is not None):
        check("action", S.to_dict(play))
    for decision in (sm.Take(), sm.Pass(), sm.Fold(), sm.Keep(), sm.Double(), sm.NoDouble()):
        check("action", S.to_dict(decision))


def _errors() -> Iterator[sm.StrohmandelnError]:
    state = sm.deal(CLASSIC, dealer=0, rng=7)
    attempts: list[Callable[[], object]] = [
        lambda: sm.parse_action("XXIII"),
        lambda: state.apply(sm.Take(), player=0),
        lambda: state.apply(sm.Pass(), expected_ply=4),
        lambda: sm.deal(CLASSIC, dealer=0, order=DECK_54[:53]),
        lambda: attrs.evolve(ZWANZIGERRUFEN_40, scoring=attrs.evolve(ZWANZIGERRUFEN_40.scoring, bonuses={sm.Bonus.UHU: 1})),
        lambda: state.result(),
        lambda: S.from_json('{"format": 2}'),
        lambda: records.loads("strohmandeln-deal 2\n"),
        lambda: records.loads(records.dumps(state.apply(sm.Pass()).apply(sm.Pass())) + "\npass\n"),
        lambda: records.loads(17),  # type: ignore[arg-type]
    ]
    for attempt in attempts:
        try:
            attempt()
        except sm.StrohmandelnError as error:
            yield error
        else:  # pragma: no cover - each attempt is refused
            raise AssertionError("not refused")


def test_error_replies_are_valid_and_only_a_records_error_has_a_line() -> None:
    kinds = set()
    for error in _errors():
        doc = error.to_dict()
        check("error", doc)
        kinds.add(doc["error"])
        if "line" in doc:
            assert not valid("error", {**doc, "error": "SerializationError"})
            assert not valid("error", {k: v for k, v in doc.items() if k != "cause"})
        else:
            assert not valid("error", {**doc, "line": 1, "token": None, "cause": "invalid_card"})
        assert not valid("error", {**doc, "reason": "no_such_reason"})
    assert kinds == {cls.__name__ for cls in (sm.NotationError, sm.IllegalActionError, sm.DeckError, sm.RuleSetError, sm.StateError, sm.SerializationError, records.RecordError)}
    every, todo = set(), [sm.StrohmandelnError]
    while todo:  # (every error class of the library, the records' among them)
        cls = todo.pop()
        every |= {cls.__name__} if cls.__module__.startswith("strohmandeln") else set()
        todo += cls.__subclasses__()
    assert set(schemas.schema("error")["properties"]["error"]["enum"]) == every


# --------------------------------------------------------------------------------------------
# What a loader refuses for its shape, the schema refuses; what a loader accepts, it accepts


def _paths(value: object, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        yield from _paths(item, (*prefix, key))


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


def _with(doc: Any, path: tuple[Any, ...], change: Callable[[Any, Any], None]) -> Any:
    out = copy.deepcopy(doc)
    change(_get(out, path[:-1]), path[-1])
    return out


def _set(doc: Any, path: tuple[Any, ...], value: object) -> Any:
    return _with(doc, path, lambda parent, key: parent.__setitem__(key, value))


def _loads(name: str, doc: object) -> bool:
    """Whether the loader of ``name`` accepts ``doc``."""
    try:
        S.from_dict(doc)
    except sm.SerializationError:
        return False
    return True


_KINDS: dict[type, object] = {list: [], dict: {}, int: 7, str: "x", bool: True}

_finished = deal_states(EXTENDED, 5)
_position = position_playout(CLASSIC, 3)


_match = played_match(sm.STRAMANDL, 4, 1, 1)
#: Documents of every kind and form, to mutate.
BASES: list[tuple[str, dict[str, Any]]] = [
    ("state", S.to_dict(_finished[40])),
    ("state", S.to_dict(deal_states(RULE_SETS[-1], 2)[30])),
    ("state", S.to_dict(_position[1])),
    ("view", S.to_dict(_finished[40].view(0))),
    ("view", S.to_dict(_finished[-1].view(1))),
    ("view", S.to_dict(_finished[12].view(None))),
    ("view", S.to_dict(deal_states(RULE_SETS[-1], 2)[30].view(1))),
    ("view", S.to_dict(_position[2].view(0))),
    ("result", S.to_dict(_finished[-1].result())),
    ("result", S.to_dict(deal_states(CLASSIC, 4)[-1].result())),
    ("match", S.to_dict(_match)),
    ("rules", S.rules_to_dict(RULE_SETS[-1])),
    ("action", S.to_dict(sm.parse_action("XVII+trull!ross"))),
]


def _shape_mutations(doc: dict[str, Any], rng: random.Random) -> Iterator[tuple[str, Any]]:
    """Documents no loader accepts, whatever the rest holds: an unknown field in any object, a
    value of another JSON kind, a whole number out of every range, text longer than any limit,
    a list longer than any limit, another format version or type."""
    yield "unknown field", {**doc, "unknown_field": 0}
    paths = [p for p in _paths(doc) if p]
    objects = [p for p in paths if isinstance(_get(doc, p), dict)]
    for path in rng.sample(paths, min(len(paths), 15)) + rng.sample(objects, min(len(objects), 5)):
        node = _get(doc, path)
        if isinstance(node, dict):
            yield "unknown field", _with(doc, path, lambda parent, key: parent[key].__setitem__("unknown_field", 0))
        for kind, other in _KINDS.items():
            if type(node) is not kind and node is not None or node is None and kind not in (int, bool):
                yield "another kind", _with(doc, path, lambda parent, key: parent.__setitem__(key, copy.deepcopy(other)))
        if type(node) is int:
            for big in (10**12, -(10**12)):
                yield "out of range", _with(doc, path, lambda parent, key: parent.__setitem__(key, big))
        if isinstance(node, str):
            yield "too long", _with(doc, path, lambda parent, key: parent.__setitem__(key, "A" * 1001))
    lists = [p for p in paths if isinstance(_get(doc, p), list) and _get(doc, p)]
    for path in rng.sample(lists, min(len(lists), 3)):
        yield "too many", _with(doc, path, lambda parent, key: parent[key].extend([parent[key][0]] * 10_001))
    yield "version", {**doc, "format": 2}
    yield "type", {**doc, "type": "view" if doc["type"] != "view" else "state"}


def _value_mutations(doc: dict[str, Any], rng: random.Random) -> Iterator[tuple[str, Any]]:
    """Documents of the right shape with other values, in canonical notation, some of which a
    loader accepts; a missing field, which it may default."""
    texts = ["XXI", "Sküs", "♥K", "♣7", "♦1", "I", "II", "take", "pass", "♥K+trull", "XVII!ross", "XVII!topschin", "♥K!ross"]
    texts += ["trull", "kings", "play", "folded", "classic", "40", "next_deal", "game", "pagat", ""]
    paths = [p for p in _paths(doc) if p]
    for path in rng.sample(paths, min(len(paths), 15)):
        node = _get(doc, path)
        if type(node) is int:
            for step in (1, -1):
                yield "number", _with(doc, path, lambda parent, key: parent.__setitem__(key, node + step))
        elif type(node) is bool:
            yield "flag", _with(doc, path, lambda parent, key: parent.__setitem__(key, not node))
        elif isinstance(node, str):
            yield "text", _with(doc, path, lambda parent, key: parent.__setitem__(key, rng.choice(texts)))
        elif isinstance(node, list) and node:
            yield "shorter", _with(doc, path, lambda parent, key: parent[key].pop())
            yield "longer", _with(doc, path, lambda parent, key: parent[key].append(copy.deepcopy(parent[key][-1])))
        if isinstance(_get(doc, path[:-1]), dict):
            yield "missing", _with(doc, path, lambda parent, key: parent.__delitem__(key))


@pytest.mark.parametrize("base", range(len(BASES)), ids=[f"{name}{i}" for i, (name, _) in enumerate(BASES)])
def test_documents_the_loaders_refuse_for_their_shape_the_schemas_refuse(base: int) -> None:
    name, doc = BASES[base]
    check(name, doc)
    assert _loads(name, doc)
    counted = 0
    for what, bad in _shape_mutations(doc, random.Random(base)):
        assert not _loads(name, bad), what
        assert not valid(name, bad), f"{what}: {json.dumps(bad, ensure_ascii=False)[:400]}"
        counted += 1
    assert counted >= 10


@pytest.mark.parametrize("base", range(len(BASES)), ids=[f"{name}{i}" for i, (name, _) in enumerate(BASES)])
def test_no_document_a_loader_accepts_is_invalid(base: int) -> None:
    """The schemas are never stricter than the loaders (for documents in canonical notation):
    a changed value or a missing field that loads is valid; a missing field that the loader
    reports missing is invalid."""
    name, doc = BASES[base]
    accepted = refused = 0
    for what, changed in _value_mutations(doc, random.Random(base)):
        try:
            S.from_dict(changed)
        except sm.SerializationError as error:
            refused += 1
            if "missing field" in error.message:
                assert not valid(name, changed), f"{what}: {error.message}"
            continue
        accepted += 1
        assert valid(name, changed), f"{what}: {json.dumps(changed, ensure_ascii=False)[:400]}"
    assert refused > 0


def test_a_rule_set_is_valid_exactly_when_it_loads() -> None:
    """The rule-set schema says everything the loader checks of a rule set: its fields, their
    kinds and ranges, and what depends on the deck — thresholds between its winning points and
    its total (R3, R22), only bonuses whose cards it has (R4). Random changes of rule-set
    documents are valid exactly when they load."""
    rng = random.Random(23)
    values: list[object] = [None, True, False, "", "x" * 64, "x" * 65, "x" * 1000, "x" * 1001, "40", "54", "52", {}, []]
    values += [n for bound in (0, 36, 45, 70, 88, 1_000_000) for n in (bound - 1, bound, bound + 1)]
    values += [m.value for enum in (sm.FirstLead, sm.BothPass, sm.LastCard, sm.UndertakenDraw, sm.ValatReplaces, sm.DrawDoubling, sm.Bonus) for m in enum]
    keys = ["format", "type", "deck", "unknown", "scoring", *(b.value for b in sm.Bonus)]
    bases = [S.rules_to_dict(rules) for rules in RULE_SETS] + [rules.to_dict() for rules in RULE_SETS]
    embedded = Draft202012Validator({"$ref": "#/$defs/rule_set", "$defs": schemas.schema("rules")["$defs"]})
    outcomes = []
    for _ in range(800):
        doc = copy.deepcopy(rng.choice(bases))
        for _ in range(rng.randint(1, 3)):
            path = rng.choice([p for p in _paths(doc) if p])
            parent, key, op = _get(doc, path[:-1]), path[-1], rng.random()
            if op < 0.15 and isinstance(parent, dict):
                del parent[key]
            elif op < 0.3 and isinstance(parent, dict):
                parent[rng.choice(keys)] = rng.choice(values)
            else:  # (mostly a value of the same kind)
                alike = [v for v in values if type(v) is type(parent[key])] if rng.random() < 0.7 else []
                parent[key] = rng.choice(alike or values)
        try:
            S.rules_from_dict(doc)
            loads = True
        except sm.SerializationError:
            loads = False
        assert embedded.is_valid(doc) == loads, doc  # (as it stands in a state, a view, a match)
        if "format" not in doc and "type" not in doc:
            assert valid("rules", {"format": 1, "type": "rules", **doc}) == loads, doc
        outcomes.append(loads)
    assert 150 < sum(outcomes) < 650, sum(outcomes)


def _bound(name: str, doc: object, path: tuple[Any, ...], keyword: str) -> int | None:
    """The tightest ``keyword`` (``maxItems``, ``maxLength``) the schema puts on the value at
    ``path`` of ``doc``, read from the validator's errors."""
    found = [e.validator_value for e in VALIDATORS[name].iter_errors(doc) if e.validator == keyword and tuple(e.absolute_path) == path]
    return min(found) if found else None


def _reason(doc: object) -> tuple[sm.Reason | None, str]:
    try:
        S.from_dict(doc)
    except sm.SerializationError as error:
        return error.reason, error.message
    return None, ""


#: Bounds of the schemas that no loader states, because the loader compares the field of a view
#: with the view it replays, or checks a result's sums: the schema's bound is what the library
#: can write.
UNBOUNDED = {("view", "known_hands"), ("view", "legal_actions"), ("view", "face_down"), ("view", "result"), ("result", "card_points_thirds")}
#: (a position's view's ``setup_won`` is bounded by its number of set-up tricks, which the loader
#: knows and the schema cannot: the schema bounds it by the pack's tricks)
UNBOUNDED |= {("view", "setup_won")}
#: The same of a view of a deal, whose Strohmänner, announcements and hand sizes are compared
#: (a view of a position gives them: its loader reads them).
UNBOUNDED_DEALT = {("view", "strohmaenner"), ("view", "announcements"), ("view", "hand_sizes")}
#: What a loader says of a list one item too long: ``too_large``, or for a deck order that it is
#: not one of its pack (R6).
LONG = (sm.Reason.TOO_LARGE, sm.Reason.WRONG_DECK_SIZE)


@pytest.mark.parametrize("base", range(len(BASES)), ids=[f"{name}{i}" for i, (name, _) in enumerate(BASES)])
def test_the_bounds_of_the_schemas_are_the_loaders(base: int) -> None:
    """Every length of a list or text and every upper bound of a number that a loader checks is
    the schema's: one more item or character (or one more) is ``too_large`` for the loader (or
    "not between" its bounds), and the bound itself is not."""
    name, doc = BASES[base]
    unbounded = UNBOUNDED | (UNBOUNDED_DEALT if doc.get("dealt") is True else set())
    pinned = 0
    seen = set()
    for path in (p for p in _paths(doc) if p):
        node, shape = _get(doc, path), tuple("*" if isinstance(k, int) else k for k in path)
        if shape in seen or type(node) not in (list, str, int) or any((name, key) in unbounded for key in shape):
            continue
        seen.add(shape)
        if isinstance(node, list) and node:
            most = _bound(name, _set(doc, path, [node[0]] * 300), path, "maxItems")
            if most is None:
                continue
            over = _reason(_set(doc, path, [node[0]] * (most + 1)))
            at = _reason(_set(doc, path, [node[0]] * most))
            assert over[0] in (LONG if path[-1] == "order" else LONG[:1]) and at[0] is not sm.Reason.TOO_LARGE, (path, most, over, at)
        elif isinstance(node, str):
            most = _bound(name, _set(doc, path, "x" * 2000), path, "maxLength")
            if most is None:
                continue
            over = _reason(_set(doc, path, "x" * (most + 1)))
            at = _reason(_set(doc, path, "x" * most))
            assert over[0] is sm.Reason.TOO_LARGE and at[0] is not sm.Reason.TOO_LARGE, (path, most, over, at)  # (text)
        elif type(node) is int:
            # (a threshold of a rule set is bounded by its field and by its pack, R22, which the
            # loader checks as the rule set's consistency; a trick number by the pack's tricks)
            big = _set(doc, path, 10**12)
            found = [e.validator_value for e in VALIDATORS[name].iter_errors(big) if e.validator == "maximum" and tuple(e.absolute_path) == path]
            _, message = _reason(_set(doc, path, 10**6 + 17))
            if not found or "not between" not in message:
                continue  # (a number the loader checks by its sums, or compares)
            assert int(message.rpartition(" and ")[2]) in found, (path, found, message)
        else:
            continue
        pinned += 1
    assert pinned >= (name != "action")


def test_the_other_forms_the_loaders_accept_are_valid() -> None:
    """Forms the library does not write but reads: stakes of 1 written out, a finished view
    without its result, a preset's rule set in full (with or without ``format`` and ``type``), a
    rule set with only its required fields, a position without ``tricks``, with fewer than three
    Strohmänner a seat and with an announcement given twice."""
    finished = deal_states(CLASSIC, 3)[-1]  # (at stakes 1)
    state, view = S.to_dict(finished), S.to_dict(finished.view(1))
    short = deal_states(ZWANZIGERRUFEN_40, 1)[-1]
    minimal = {"name": "x", "scoring": {"simple_won": 1, "undertaken_won": 2, "undertaken_lost": 3}}
    puzzle = S.to_dict(position(CLASSIC, hands=("XX ♥K", "II ♥Q"), leader=0, rest_to=0, announcements=(("trull",), ())))
    del puzzle["position"]["tricks"]
    puzzle["position"]["strohmaenner"] = [[], []]
    puzzle["position"]["announcements"][0] *= 2
    forms = [
        ("state", {**state, "multiplier": 1}),
        ("view", {**view, "multiplier": 1}),
        ("view", {k: v for k, v in view.items() if k != "result"}),
        ("state", {**state, "rules": CLASSIC.to_dict()}),
        ("state", {**state, "rules": S.rules_to_dict(CLASSIC)}),
        ("state", {**S.to_dict(short), "rules": ZWANZIGERRUFEN_40.to_dict()}),
        ("view", {**S.to_dict(short.view(0)), "rules": S.rules_to_dict(ZWANZIGERRUFEN_40)}),
        ("rules", {"format": 1, "type": "rules", **minimal}),
        ("state", {**S.to_dict(sm.deal(attrs.evolve(CLASSIC, name="x"), dealer=0, rng=2)), "rules": minimal}),
        ("state", puzzle),
    ]
    for name, doc in forms:
        assert S.from_dict(doc) is not None
        check(name, doc)
    assert not valid("state", {**state, "rules": {"type": "rules", **CLASSIC.to_dict()}})  # (a type needs its format)


# --------------------------------------------------------------------------------------------
# What a schema cannot see (the page docs/schemas.rst says so)


def test_what_only_the_loaders_check() -> None:
    """A schema checks shapes, not the game: an illegal action, a view no deal produces, a result
    that does not add up, a number written 15.0 are valid and refused by the loaders; an action in
    another spelling than the library's (``hK``, ``c10``) loads but is invalid."""
    state = deal_states(CLASSIC, 1)[10]
    doc = S.to_dict(state)
    illegal = {**doc, "actions": [*doc["actions"], doc["actions"][-1]]}
    view = S.to_dict(state.view(0))
    impossible = {**view, "hand_sizes": [view["hand_sizes"][0], view["hand_sizes"][1] + 1]}
    result = S.to_dict(deal_states(CLASSIC, 4)[-1].result())
    unbalanced = {**result, "totals": [result["totals"][0] + 1, result["totals"][1]]}
    decimal = {**doc, "dealer": float(doc["dealer"])}
    for name, bad in (("state", illegal), ("view", impossible), ("result", unbalanced), ("state", decimal)):
        assert valid(name, bad)
        with pytest.raises(sm.SerializationError):
            S.from_dict(bad)
    spelled = {**doc, "order": [card.ascii for card in state.order or ()]}  # (♣10 as c10, Sküs as Skus)
    assert S.from_dict(spelled) == state
    assert not valid("state", spelled)


# --------------------------------------------------------------------------------------------
# The TypedDict shapes (strohmandeln.document_types) have the schemas' fields


#: Fields whose schema enumerates this release's values but whose shape is any text, so that a
#: client typed against it keeps working when a later release adds an error class or a reason.
OPEN_TEXT = {(kind, field) for kind in ("error", "refusal") for field in ("error", "reason", "cause")}


def _schema_atoms(node: Any, defs: dict[str, Any]) -> frozenset[object]:
    """What a schema node allows, as atoms: ``int``, ``bool``, ``str``, ``None``, literal values,
    ``("list", atoms)``, ``("object", keys)`` and ``("map", atoms)``."""
    if node is True or node == {}:
        return frozenset({"any"})
    if "$ref" in node and "type" not in node:
        node = {**defs[node["$ref"].rpartition("/")[2]], **{k: v for k, v in node.items() if k != "$ref"}}
    atoms: set[object] = set()
    for option in node.get("anyOf", ()):
        atoms |= _schema_atoms(option, defs)
    if "enum" in node or "const" in node:
        atoms |= {("literal", value) for value in node.get("enum", [node.get("const")])}
    kinds = node.get("type", [])
    for kind in [kinds] if isinstance(kinds, str) else kinds:
        if kind == "array":
            items = node.get("prefixItems", []) + ([node["items"]] if "items" in node and not node.get("prefixItems") else [])
            atoms.add(("list", frozenset().union(*(_schema_atoms(item, defs) for item in items))))
        elif kind == "object" and node.get("required") == [] and all(p.get("type") == "integer" for p in node["properties"].values()):
            atoms.add(("map", frozenset(("literal", key) for key in node["properties"]), frozenset({int})))
        elif kind == "object":
            atoms.add(("object", frozenset(node["properties"])))
        else:
            atoms.add({"integer": int, "boolean": bool, "string": str, "null": None}[kind])
    return _plain(atoms)


def _plain(atoms: set[object]) -> frozenset[object]:
    """Literal text subsumed by ``str`` is dropped."""
    return frozenset(a for a in atoms if not (str in atoms and isinstance(a, tuple) and a[0] == "literal" and isinstance(a[1], str)))


def _type_atoms(tp: Any) -> frozenset[object]:
    """The same atoms for a type of a shape."""
    import types
    import typing

    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return _plain(set().union(*(_type_atoms(arg) for arg in args)))
    if origin is typing.Literal:
        return frozenset(("literal", arg) for arg in args)
    if origin is list:
        return frozenset({("list", _type_atoms(args[0]))})
    if origin is dict:
        return frozenset({("map", _type_atoms(args[0]), _type_atoms(args[1]))})
    if typing.is_typeddict(tp):
        return frozenset({("object", frozenset(typing.get_type_hints(tp)))})
    return frozenset({None if tp is type(None) else tp})


def _compare(shape: Any, node: dict[str, Any], defs: dict[str, Any], where: str) -> int:
    """Fails unless the shape has the fields of the schema's object, required as it requires them,
    with the same values; the number of fields compared, nested shapes included."""
    import typing

    if "$ref" in node:
        node = {**defs[node["$ref"].rpartition("/")[2]], **{k: v for k, v in node.items() if k != "$ref"}}
    hints = typing.get_type_hints(shape)
    assert set(hints) == set(node["properties"]), where
    assert set(shape.__required_keys__) == set(node["required"]), where
    compared = 0
    for key, tp in hints.items():
        field = node["properties"][key]
        expected = _schema_atoms(field, defs)
        if (where, key) in OPEN_TEXT:
            expected = _plain({*expected, str})
        assert _type_atoms(tp) == expected, f"{where}.{key}: {_type_atoms(tp)} != {expected}"
        compared += 1
        nested = [t for t in _flat(tp) if typing.is_typeddict(t)]
        if nested:
            objects = _objects(field, defs)
            assert len(nested) == len(objects) == 1, f"{where}.{key}"
            compared += _compare(nested[0], objects[0], defs, f"{where}.{key}")
    return compared


def _flat(tp: Any) -> Iterator[Any]:
    import typing

    yield tp
    for arg in typing.get_args(tp):
        yield from _flat(arg)


def _objects(node: Any, defs: dict[str, Any]) -> list[dict[str, Any]]:
    """The object schemas inside a node (through references, alternatives and lists)."""
    if not isinstance(node, dict):
        return []
    if "$ref" in node:
        node = {**defs[node["$ref"].rpartition("/")[2]], **{k: v for k, v in node.items() if k != "$ref"}}
    found = [node] if node.get("type") == "object" and node.get("required") != [] else []
    for option in [*node.get("anyOf", ()), *([node["items"]] if "items" in node else [])]:
        found += _objects(option, defs)
    return found


def test_the_typed_shapes_are_generated_from_the_schemas() -> None:
    """Issue 29: the TypedDicts are not written by hand: ``tools/document_types.py`` derives them
    from the schemas (which derive from the fields' declarations), and the checked-in module is
    what it writes (run it after a document changes)."""
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "tools"))
    try:
        import document_types as generator  # type: ignore[import-not-found,unused-ignore]
    finally:
        sys.path.remove(str(root / "tools"))
    current = (root / "src" / "strohmandeln" / "document_types.py").read_text(encoding="utf-8")
    assert generator.render() == current, "src/strohmandeln/document_types.py is not current: run python tools/document_types.py"


def test_the_typed_shapes_have_the_fields_of_the_schemas() -> None:
    from strohmandeln import document_types as T

    shapes = {
        "rules": T.RulesDocument, "action": T.ActionDocument, "state": T.StateDocument, "view": T.ViewDocument,
        "result": T.ResultDocument, "match": T.MatchDocument, "session": T.SessionDocument, "error": T.ErrorDocument,
        "move": T.MoveDocument, "accepted": T.AcceptedDocument, "refusal": T.RefusalDocument, "news": T.NewsDocument,
    }  # fmt: skip
    assert set(shapes) == set(schemas.NAMES)
    compared = 0
    for name, shape in shapes.items():
        doc = schemas.schema(name)
        root = {**doc["$defs"]["rule_set"], "required": [*doc["$defs"]["rule_set"]["required"], "format", "type"]} if name == "rules" else doc
        compared += _compare(shape, root, doc.get("$defs", {}), name)
    assert compared > 150


# --------------------------------------------------------------------------------------------
# Sessions: signed, so loaded with a key (not through serialization.from_dict)

SESSION_KEY = b"the schema tests' key, 32 bytes!"


def _sessions() -> list[dict[str, Any]]:
    """Session documents of several rule sets, at every moment of a few deals."""
    from strohmandeln.session import Session

    docs = []
    for k, rules in enumerate((CLASSIC, sm.STRAMANDL, RULE_SETS[-1])):
        session, rng = Session.start(rules, secret=bytes(range(k, 16 + 20 * k)), first_dealer=k % 2), random.Random(k)
        for _ in range(3):
            while not session.state.is_terminal:
                docs.append(session.to_dict(key=SESSION_KEY))
                session = session.apply(rng.choice(session.state.legal_actions()))
            docs.append(session.to_dict(key=SESSION_KEY))
            session = session.next_deal()
    return docs


def test_sessions_are_valid_and_shape_errors_invalid() -> None:
    """The session documents a server saves are valid; the shape errors the session loader
    refuses before the signature are invalid; and a bound of the loader is the schema's."""
    from strohmandeln._base.signing import signature as _signature
    from strohmandeln.session import Session

    docs = _sessions()
    for doc in docs:
        check("session", doc)
    rng = random.Random(3)
    refused = 0
    for doc in docs[:: max(len(docs) // 12, 1)]:
        for _, mutant in _shape_mutations(doc, rng):
            with pytest.raises(sm.SerializationError):
                Session.from_dict(mutant, key=SESSION_KEY)
            assert not VALIDATORS["session"].is_valid(mutant)
            refused += 1
    assert refused > 100
    # the bounds of the counts, the stakes and the secret are the loader's
    doc = docs[-1]
    body = {k: v for k, v in doc.items() if k != "signature"}
    for field, bound in (("deals_recorded", checked.MAX_COUNT), ("factor", checked.MAX_MULTIPLIER), ("doubled_deals", checked.MAX_COUNT)):
        for value, valid in ((bound, True), (bound + 1, False)):
            mutant = {**body, field: value}
            assert VALIDATORS["session"].is_valid({**mutant, "signature": doc["signature"]}) is valid, (field, value)
    for size, valid in ((checked.SECRET_SIZES[0], True), (checked.SECRET_SIZES[0] - 1, False), (checked.SECRET_SIZES[1], True), (checked.SECRET_SIZES[1] + 1, False)):
        mutant = {**body, "secret": "ab" * size}
        mutant = {**mutant, "signature": _signature(mutant, SESSION_KEY)}
        assert VALIDATORS["session"].is_valid(mutant) is valid, size
        if not valid:
            with pytest.raises(sm.SerializationError) as info:
                Session.from_dict(mutant, key=SESSION_KEY)
            assert info.value.reason is not sm.Reason.BAD_SIGNATURE
