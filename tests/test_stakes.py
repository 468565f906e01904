"""The stakes of a deal (issue 22, R26): a deal dealt by a match knows its multiplier, and its
result is scored with it wherever it is read — the state, its view, its documents and records."""

from __future__ import annotations

import pickle
import random

import attrs
import pytest

import strohmandeln as sm
from strohmandeln import CLASSIC, Reason, records
from strohmandeln import serialization as S
from strohmandeln.sampling import Sampler


def _finish(state: sm.GameState, seed: int) -> sm.GameState:
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _doubled_match() -> tuple[sm.Match, random.Random]:
    """A match whose next deal counts double (a drawn simple game before it, R26)."""
    rng = random.Random(1)
    match = sm.Match.start(CLASSIC, first_dealer=0)
    while match.multiplier == 1:
        match = match.record(_finish(match.deal(rng=rng), rng.randrange(1000)))
    return match, rng


def test_a_deal_scores_at_its_stakes() -> None:
    plain = _finish(sm.deal(CLASSIC, dealer=0, rng=4), 4)
    doubled = _finish(sm.deal(CLASSIC, dealer=0, rng=4, multiplier=2), 4)
    assert plain.multiplier == 1 and doubled.multiplier == 2 and doubled != plain
    assert doubled.history == plain.history
    if plain.void_reason is None:
        assert doubled.result().totals == tuple(2 * t for t in plain.result().totals)
    assert sm.score(doubled) == doubled.result() == plain.result(multiplier=2)
    assert doubled.view(0).multiplier == 2 and doubled.view(0) != plain.view(0)
    for bad, error in ((0, ValueError), (-2, ValueError), (1.5, TypeError), ("2", TypeError), (True, TypeError)):
        with pytest.raises(error):
            sm.deal(CLASSIC, dealer=0, rng=4, multiplier=bad)  # type: ignore[arg-type]


def test_a_match_deals_at_its_stakes_and_records_them() -> None:
    """The referee's mistake of the issue: state.result() of a match's doubled deal was scored
    single. Now the match deals at its multiplier, and state.result() is what it records."""
    match, rng = _doubled_match()
    assert match.multiplier == 2
    state = _finish(match.deal(rng=rng), 7)
    assert state.multiplier == 2
    after = match.record(state)
    assert after.results[-1] == state.result() and after.deals[-1] == state
    # a deal dealt outside the match (stakes 1) is recorded at the match's
    outside = _finish(sm.deal(CLASSIC, dealer=match.next_dealer, rng=9), 9)
    recorded = match.record(outside)
    assert recorded.deals[-1].multiplier == 2 and recorded.results[-1] == outside.result(multiplier=2)
    # other stakes are refused
    triple = _finish(sm.deal(CLASSIC, dealer=match.next_dealer, rng=9, multiplier=3), 9)
    with pytest.raises(sm.StateError) as info:
        match.record(triple)
    assert info.value.reason is Reason.WRONG_STAKES


def test_documents_records_views_and_samples_keep_the_stakes() -> None:
    match, rng = _doubled_match()
    state = match.deal(rng=rng)
    mid = state
    for _ in range(20):
        mid = mid.apply(rng.choice(mid.legal_actions()))
    document = S.to_dict(mid)
    assert document["multiplier"] == 2 and S.from_dict(document) == mid
    assert "multiplier" not in S.to_dict(sm.deal(CLASSIC, dealer=0, rng=1))  # (plain deals' documents unchanged)
    assert records.loads(records.dumps(mid)) == mid and "multiplier 2" in records.dumps(mid)
    for seat in (0, 1, None):
        view = mid.view(seat)
        assert S.view_from_dict(S.to_dict(view)) == view and view.to_dict()["multiplier"] == 2
        if seat is not None:
            assert Sampler(view).sample(rng).view(seat) == view  # (a sample deals at the same stakes)
    assert pickle.loads(pickle.dumps(mid)) == mid
    finished = match.record(_finish(state, 3))
    assert S.match_from_dict(S.to_dict(finished)) == finished
    assert records.loads_match(records.dumps_match(finished)) == finished
    assert all("multiplier" not in deal for deal in S.to_dict(finished)["deals"])  # (the match's)


@pytest.mark.parametrize("bad", [0, -1, 1.5, "2", 10**9])
def test_bad_stakes_in_documents_and_records_are_refused(bad: object) -> None:
    state = sm.deal(CLASSIC, dealer=0, rng=2, multiplier=2)
    document = {**S.to_dict(state), "multiplier": bad}
    with pytest.raises(sm.SerializationError):
        S.from_dict(document)
    if bad == "2":  # (a record is text: "multiplier 2" is the number 2)
        return
    text = records.dumps(state).replace("multiplier 2", f"multiplier {bad}")
    with pytest.raises(records.RecordError):
        records.loads(text)


def test_positions_and_custom_rules_take_stakes_too() -> None:
    house = attrs.evolve(CLASSIC, name="house", undertaker_doubling=True)
    state = sm.deal(house, dealer=1, rng=5, multiplier=4)
    assert S.from_json(S.to_json(state)) == state and state.multiplier == 4


def test_a_finished_view_carries_the_result() -> None:
    """Issue 22: a finished deal's view scores it (everything the score reads is public by then),
    at the deal's stakes; its document carries the result, checked like every other field."""
    for seed, multiplier in ((3, 1), (4, 2)):
        state = _finish(sm.deal(CLASSIC, dealer=0, rng=seed, multiplier=multiplier), seed)
        for seat in (0, 1, None):
            view = state.view(seat)
            assert sm.score(view) == state.result() and sm.score(view, 3) == state.result(multiplier=3)
            document = S.to_dict(view)
            assert document["result"] == state.result().to_dict()
            tampered = {**document, "result": {**document["result"], "totals": [99, -99]}}
            with pytest.raises(sm.SerializationError):
                S.view_from_dict(tampered)
    running = sm.deal(CLASSIC, dealer=0, rng=1).view(0)
    assert "result" not in S.to_dict(running)
    with pytest.raises(sm.StateError):
        sm.score(running)
    for bad in (0, 1.5, True):
        with pytest.raises((TypeError, ValueError)):
            sm.score(state.view(0), bad)  # type: ignore[arg-type]
