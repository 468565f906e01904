"""The mutable-mask card-play engine (``_core/maskplay.py``): field for field the loop of apply.

The engine plays the cards on local masks and builds no legal actions where only plain plays are
legal, so these tests compare every field of its final records with those of the documented loop
of :meth:`~strohmandeln.GameState.apply` (``legal[int(random() * len(legal))]``), and its count of
actions, over random deals of every preset, from fresh deals and from moments in the auction, at
a lead and in an open trick: a fixed corpus (seeds 0-59 of every preset, whose coverage of
announcements, calls, Strohmann chains and cards above bit 31 is asserted) and hypothesis. Both
builds run them: in the compiled build the module is the compiled engine (``COMPILED``), and its
masks above bit 31 are what mypyc's C ``int`` shifts would get wrong.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_playouts import by_hand, same_record

import strohmandeln as sm
from strohmandeln import GameState, Phase, Play, RuleSet, deal
from strohmandeln._base.masks import BIT, CLASS, FOLLOW_MASK, TAROCKS
from strohmandeln._core import maskplay, playout, record
from strohmandeln._core.duty import allowed
from strohmandeln._core.plays import answer_plays
from strohmandeln._core.ruledata import rule_data
from strohmandeln.state import record_of

PRESETS = tuple(sm.PRESETS.values())


def moments(rules: RuleSet, seed: int, every: float = 0.1) -> list[GameState]:
    """A fresh deal and random moments of one random game of it."""
    rng = random.Random(seed ^ 0x5EED)
    state = deal(rules, dealer=seed % 2, rng=seed)
    out = [state]
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        if rng.random() < every:
            out.append(state)
    return out


def check_from(start: GameState, seed: int) -> tuple[int, int, int]:
    """The engine's final record from ``start`` is the loop's, field for field, with the same
    count of actions and the same draws left in the generator; (variants chosen, cards above bit
    31 played, Strohmann turns) of the playout."""
    expected, actions, variants = by_hand(start, random.Random(seed).random)
    rng = random.Random(seed)
    final, counted = maskplay.play_out(record_of(start), rng.random)
    same_record(final, record_of(expected))
    assert counted == actions
    after = random.Random(seed)
    by_hand(start, after.random)
    assert rng.random() == after.random()  # (it drew exactly what the loop drew)
    high = sum(1 for t in record.walk(final[record.TRICKS]) if (t >> 1 & 63) >= 32 or (t >> 7 & 63) >= 32)
    turns = len(record.walk(final[record.EVENTS])) - len(record.walk(start_events(start)))
    return variants, high, turns


def start_events(state: GameState) -> object:
    return record_of(state)[record.EVENTS]


@pytest.mark.parametrize("rules", PRESETS, ids=lambda rules: rules.name)
def test_the_engine_is_the_loop_of_apply_over_a_fixed_corpus(rules: RuleSet) -> None:
    """Seeds 0-59 of every preset, from every sampled moment: equal records and counts; the
    corpus takes plays with announcements and calls (where the rules have them), plays cards
    above bit 31 and turns Strohmann cards in the card play."""
    variants = high = turns = 0
    for seed in range(60):
        for start in moments(rules, seed):
            v, h, t = check_from(start, seed)
            variants, high, turns = variants + v, high + h, turns + t
    assert high > 0 and turns > 0
    if rule_data(rules).variants:
        assert variants > 0


@given(st.sampled_from(PRESETS), st.integers(0, 2**32), st.integers(0, 2**32))
def test_the_engine_is_the_loop_of_apply_hypothesis(rules: RuleSet, deal_seed: int, play_seed: int) -> None:
    for start in moments(rules, deal_seed, every=0.05):
        check_from(start, play_seed)


@pytest.mark.parametrize("seed", range(12))
def test_the_engine_from_positions(seed: int) -> None:
    """Positions (set up from won cards or tricks played card by card) play out alike."""
    from helpers import position_playout

    states = position_playout(PRESETS[seed % len(PRESETS)], seed)
    for start in states[:: max(1, len(states) // 4)]:
        check_from(start, seed)


def test_both_engines_and_the_batch_entry_points_agree() -> None:
    """``fastest`` is this build's faster engine; the table-driven loop gives the same records;
    ``deals_out`` and ``plays_out`` are the loops of ``deal_out`` and ``fastest``."""
    for rules in PRESETS:
        rng = random.Random(4)
        starts = [s for seed in range(6) for s in moments(rules, seed, every=0.2)]
        finals = maskplay.plays_out([record_of(s) for s in starts], rng.random)
        again = random.Random(4)
        for start, final in zip(starts, finals, strict=True):
            tables, _ = playout.play_out(record_of(start), again.random)
            same_record(final, tables)
        batch = maskplay.deals_out(rules, 7, 1, random.Random(5))
        one = random.Random(5)
        for k, final in enumerate(batch):
            same_record(final, maskplay.deal_out(rules, 1 ^ (k & 1), one)[0])
    assert maskplay.COMPILED is sm.COMPILED


MASKS = st.integers(0, (1 << 54) - 1)


@given(MASKS)
def test_popcount_counts_every_bit(m: int) -> None:
    """The population count of 54-bit masks, bits above 31 included."""
    assert maskplay.popcount(m) == bin(m).count("1")


def test_popcount_and_legal_cards_above_bit_31() -> None:
    """Masks of the cards above bit 31 (where a C ``int`` shift would break): counted, and R14's
    duty on them (follow suit; else a tarock; else any card)."""
    for i in range(32, 54):
        assert maskplay.popcount(BIT[i]) == 1
        assert maskplay.popcount(BIT[i] | BIT[i - 32]) == 2
        same = next(j for j in range(22, 54) if j != i and CLASS[j] == CLASS[i])
        other = next(j for j in range(22, 54) if CLASS[j] != CLASS[i])
        assert maskplay.legal_cards(BIT[i] | BIT[3], same) == BIT[i]  # (follows suit)
        assert maskplay.legal_cards(BIT[i] | BIT[3], other) == BIT[3]  # (a tarock on a suit he lacks)
        assert maskplay.legal_cards(BIT[i] | BIT[other], 0) == BIT[i] | BIT[other]  # (no tarock: any)
        assert maskplay.legal_cards(BIT[i], -1) == BIT[i]
    assert maskplay.popcount((1 << 54) - 1) == 54


@given(MASKS, st.integers(-1, 53))
def test_legal_cards_are_the_pipelines(avail: int, led: int) -> None:
    """R13, R14: the cards of :func:`maskplay.legal_cards` are those of ``answer_plays`` (and the
    whole of ``avail`` on a lead)."""
    if led < 0:
        assert maskplay.legal_cards(avail, -1) == avail
        return
    d = record_of(deal(sm.CLASSIC, dealer=0, rng=1))[record.DEAL]
    avail &= ~BIT[led]
    if not avail:
        return
    expected, _ = answer_plays(d, 0, avail, avail, led, 0, 0)
    got = maskplay.legal_cards(avail, led)
    assert got == expected == allowed(led, avail)
    assert got & FOLLOW_MASK[led] or not avail & FOLLOW_MASK[led]
    assert not (got & ~TAROCKS) or avail & FOLLOW_MASK[led] or not avail & TAROCKS or not CLASS[led]


def test_a_finished_or_void_record_plays_out_to_itself() -> None:
    state = deal(sm.CLASSIC, dealer=0, rng=3)
    final = state
    while not final.is_terminal:
        final = final.apply(final.legal_actions()[0])
    assert maskplay.play_out(record_of(final), random.Random(0).random) == (record_of(final), 0)
    assert final.phase in (Phase.FINISHED, Phase.VOID)


def test_variant_plays_are_drawn_from_the_pipeline() -> None:
    """Where an announcement or a call may go with a legal card, the engine takes the action at
    the same index of the pipeline's tuple (plain plays first, then the variants)."""
    chosen: list[Play] = []
    for seed in range(40):
        for start in moments(sm.EXTENDED, seed, every=0.3) + moments(sm.CLASSIC, seed, every=0.3):
            expected, _, variants = by_hand(start, random.Random(seed).random)
            if variants:
                final, _ = maskplay.play_out(record_of(start), random.Random(seed).random)
                same_record(final, record_of(expected))
                chosen.extend(p for p in expected.history if isinstance(p, Play) and (p.announcements or p.call))
    assert any(p.call is not None for p in chosen) and any(p.announcements for p in chosen)
