"""Batch playouts (strohmandeln.playouts): bit for bit the loop of apply() with the same choices.

The playout loop of the kernel repeats the bookkeeping of ``apply`` (its rules come from the same
pipeline and tables), so these tests compare every field of the final records, over random deals
of every preset, from every kind of start: a fresh deal, a moment of the auction or of the card
play, a position, and states where plays with announcements and calls are legal and chosen.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Callable

import attrs
import pytest
from helpers import position_playout

import strohmandeln as sm
from strohmandeln import CLASSIC, GameState, Phase, Play, RuleSet, deal
from strohmandeln._core import deal as dealt
from strohmandeln._core import record
from strohmandeln._core.playout import deal_out, play_out
from strohmandeln._core.ruledata import rule_data
from strohmandeln.playouts import playout, playouts, playouts_from
from strohmandeln.state import record_of

PRESETS = tuple(sm.PRESETS.values())


def by_hand(state: GameState, uniform: Callable[[], float]) -> tuple[GameState, int, int]:
    """The loop the playouts promise to equal: the final state, the actions taken and how many
    of them were plays with announcements or calls."""
    actions = variants = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        action = legal[int(uniform() * len(legal))]
        variants += isinstance(action, Play) and (bool(action.announcements) or action.call is not None)
        state = state.apply(action)
        actions += 1
    return state, actions, variants


def same_record(a: record.Record, b: record.Record) -> None:
    """Every field of two records is equal (the deal field by field; cons lists walked)."""
    assert len(a) == len(b) == len(record.FIELDS)
    for k, name in enumerate(record.FIELDS):
        x, y = a[k], b[k]
        if name == "DEAL":
            assert x is y or all(getattr(x, f) == getattr(y, f) for f in dealt.FIELDS), name
        elif name in ("TRICKS", "EVENTS", "HIST"):
            assert record.walk(x) == record.walk(y), name
        else:
            assert x == y, name


@pytest.mark.parametrize("rules", PRESETS, ids=lambda rules: rules.name)
def test_a_playout_is_the_loop_of_apply_from_every_moment(rules: RuleSet) -> None:
    """From the start of a deal and from random moments of it (the auction, a lead, an open
    trick), the playout's final record is field for field the loop's, and so is its count of
    actions."""
    variants = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = deal(rules, dealer=seed % 2, rng=seed)
        moments = [state]
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
            if rng.random() < 0.08:
                moments.append(state)
        for start in moments:
            expected, actions, chosen = by_hand(start, random.Random(seed).random)
            final, counted = play_out(record_of(start), random.Random(seed).random)
            same_record(final, record_of(expected))
            assert counted == actions
            variants += chosen
    if rule_data(rules).variants:
        assert variants > 0  # (the plays with announcements and calls were taken too)


@pytest.mark.parametrize("seed", range(12))
def test_a_playout_from_a_position_is_the_loop_of_apply(seed: int) -> None:
    """Positions (set up from won cards or from tricks played card by card) play out alike."""
    states = position_playout(PRESETS[seed % len(PRESETS)], seed)
    for start in states[:: max(1, len(states) // 4)]:
        expected, actions, _ = by_hand(start, random.Random(seed).random)
        final, counted = play_out(record_of(start), random.Random(seed).random)
        same_record(final, record_of(expected))
        assert counted == actions


@pytest.mark.parametrize("rules", PRESETS, ids=lambda rules: rules.name)
def test_playouts_deal_as_deal_does_and_play_as_the_loop(rules: RuleSet) -> None:
    """``playouts`` deals each deal with the generator, as ``deal(rng=)`` does, then plays it out
    with the same generator; dealers alternate from ``first_dealer``."""
    finals = playouts(rules, 25, random.Random(11), first_dealer=1)
    rng = random.Random(11)
    for k, final in enumerate(finals):
        start = deal(rules, dealer=1 - (k & 1), rng=rng)
        expected, _, _ = by_hand(start, rng.random)
        same_record(record_of(final), record_of(expected))
        assert final == expected and type(final) is type(expected)


def test_every_kind_of_end_is_reached() -> None:
    """Finished deals and void ones (thrown in, R9; folded, R7) come out of the playouts."""
    thrown_in = attrs.evolve(CLASSIC, name="thrown_in", both_pass=sm.BothPass.THROW_IN)
    ends = {final.void_reason if final.void_reason else final.phase for final in playouts(thrown_in, 60, 1)}
    assert ends == {Phase.FINISHED, sm.VoidReason.THROWN_IN}
    # A tarockless hand may fold (R7): deal until one does, and compare with the loop.
    rng = random.Random(2)
    for _ in range(4000):
        state = deal(CLASSIC, rng=rng)
        if state.phase is Phase.FOLD:
            break
    assert state.phase is Phase.FOLD
    reasons = set()
    for seed in range(20):
        final = playout(state, seed)
        same_record(record_of(final), record_of(by_hand(state, random.Random(seed).random)[0]))
        reasons.add(final.void_reason)
    assert sm.VoidReason.FOLDED in reasons and None in reasons


@pytest.mark.parametrize("rules", PRESETS, ids=lambda rules: rules.name)
def test_playouts_from_many_states_are_the_loop_of_playout(rules: RuleSet) -> None:
    """``playouts_from`` is bit for bit ``[playout(state, rng) for state in states]`` with one
    generator: fresh deals, moments of the auction and of the card play, finished and void
    states (which draw nothing), the same state twice; it leaves the generator where the loop
    does."""
    rng = random.Random(6)
    states: list[GameState] = []
    for seed in range(8):
        state = deal(rules, dealer=seed % 2, rng=seed)
        while not state.is_terminal:
            if rng.random() < 0.1:
                states.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    states += states[:2]
    ours, theirs = random.Random(7), random.Random(7)
    finals = playouts_from(states, ours)
    expected = [playout(state, theirs) for state in states]
    assert finals == expected and [type(f) for f in finals] == [type(e) for e in expected]
    for final, other in zip(finals, expected, strict=True):
        same_record(record_of(final), record_of(other))
    assert ours.random() == theirs.random()
    assert playouts_from(tuple(states[:3]), 7) == playouts_from(states[:3], random.Random(7))
    assert playouts_from([], 1) == []


def test_the_count_of_actions_is_the_history() -> None:
    """``deal_out`` counts every decision and every play: the final state's history."""
    rng = random.Random(3)
    for k in range(30):
        final, actions = deal_out(CLASSIC, k & 1, rng.random)
        assert actions == len(sm.state.state_of(final).history)


def test_a_finished_deal_plays_out_to_itself() -> None:
    final = playouts(CLASSIC, 1, 5)[0]
    assert playout(final, 1) == final
    assert play_out(record_of(final), random.Random(0).random)[1] == 0


def test_an_int_seed_is_a_new_generator() -> None:
    assert playouts(CLASSIC, 3, 8) == playouts(CLASSIC, 3, random.Random(8))
    state = deal(CLASSIC, rng=1)
    assert playout(state, 8) == playout(state, random.Random(8))
    assert playouts(CLASSIC, 0, 8) == []


@pytest.mark.parametrize(
    ("call", "error", "reason"),
    [
        (lambda: playout("state", 1), TypeError, None),  # type: ignore[arg-type]
        (lambda: playout(deal(CLASSIC, rng=1), 1.5), sm.ArgumentTypeError, sm.Reason.WRONG_TYPE),  # type: ignore[arg-type]
        (lambda: playouts("classic", 1, 1), TypeError, None),  # type: ignore[arg-type]
        (lambda: playouts(CLASSIC, True, 1), TypeError, None),
        (lambda: playouts(CLASSIC, 2.0, 1), TypeError, None),  # type: ignore[arg-type]
        (lambda: playouts(CLASSIC, -1, 1), ValueError, None),
        (lambda: playouts(CLASSIC, 1, None), sm.ArgumentTypeError, sm.Reason.WRONG_TYPE),  # type: ignore[arg-type]
        (lambda: playouts(CLASSIC, 1, 1, first_dealer=2), sm.ArgumentValueError, sm.Reason.BAD_SEAT),
        (lambda: playouts(CLASSIC, 1, 1, first_dealer=True), sm.ArgumentTypeError, sm.Reason.WRONG_TYPE),
        (lambda: playouts_from(deal(CLASSIC, rng=1), 1), sm.ArgumentTypeError, sm.Reason.WRONG_TYPE),  # type: ignore[arg-type]
        (lambda: playouts_from([deal(CLASSIC, rng=1), "state"], 1), sm.ArgumentTypeError, sm.Reason.WRONG_TYPE),  # type: ignore[list-item]
        (lambda: playouts_from([deal(CLASSIC, rng=1)], 1.5), sm.ArgumentTypeError, sm.Reason.WRONG_TYPE),  # type: ignore[arg-type]
        (lambda: playouts_from([deal(CLASSIC, rng=1)] * (sm.limits.MAX_PLAYOUTS + 1), 1), sm.ArgumentValueError, sm.Reason.TOO_LARGE),
        # issue 31: a count above the cap is refused before the first deal
        (lambda: playouts(CLASSIC, 2**31, 1), sm.ArgumentValueError, sm.Reason.TOO_LARGE),
        (lambda: playouts(CLASSIC, sm.limits.MAX_PLAYOUTS + 1, 1), sm.ArgumentValueError, sm.Reason.TOO_LARGE),
    ],
)
def test_bad_arguments_are_refused(call: Callable[[], object], error: type[Exception], reason: sm.Reason | None) -> None:
    with pytest.raises(error) as caught:
        call()
    if reason is not None:
        assert getattr(caught.value, "reason") is reason


def test_the_garbage_collector_is_paused_and_restored() -> None:
    """The cyclic collector is off while the playouts draw, and as it was afterwards."""
    seen: set[bool] = set()

    class Spy(random.Random):
        def random(self) -> float:
            seen.add(gc.isenabled())
            return super().random()

    assert gc.isenabled()
    playouts(CLASSIC, 2, Spy(1))
    playout(deal(CLASSIC, rng=1), Spy(2))
    playouts_from([deal(CLASSIC, rng=1)], Spy(4))
    assert seen == {False} and gc.isenabled()
    gc.disable()
    try:
        playouts(CLASSIC, 1, Spy(3))
        assert not gc.isenabled()
    finally:
        gc.enable()
    with pytest.raises(sm.ArgumentTypeError):  # (an error before the playing leaves it as it was)
        playouts(CLASSIC, 1, "seed")  # type: ignore[arg-type]
    assert gc.isenabled()
