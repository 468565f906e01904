"""R14's one declaration (:mod:`strohmandeln._core.duty`) against the rule written out directly,
and every place that reads it: the card play's tables, the refusals and the inverse."""

from __future__ import annotations

import random

from strohmandeln import CLASSIC, DECK_54, Play
from strohmandeln._base.masks import CARDS, CLASS, CLASS_MASKS, TAROCKS
from strohmandeln._core import duty, tables
from strohmandeln._core.deal import Deal
from strohmandeln._core.plays import answer_plays, play_refusal
from strohmandeln._core.sampling.constraints import LACKED
from strohmandeln.dealing import deal
from strohmandeln.errors import Reason


def _rule(led: int, avail: int) -> int:
    """R14 as the rule book says it: the led class, else (a suit led) a tarock, else any card."""
    same = avail & CLASS_MASKS[CLASS[led]]
    if same:
        return same
    if CLASS[led] and avail & TAROCKS:
        return avail & TAROCKS
    return avail


def _masks(rng: random.Random, n: int) -> list[int]:
    return [sum(1 << i for i in rng.sample(range(CARDS), rng.randint(1, 20))) for _ in range(n)]


def _deal() -> Deal:
    state = deal(CLASSIC, dealer=0, rng=1)
    d: Deal = state._c[0]
    return d


def test_allowed_is_the_rule_and_the_tables_agree() -> None:
    rng = random.Random(14)
    d = _deal()
    for avail in _masks(rng, 300):
        for led in range(CARDS):
            want = _rule(led, avail & ~(1 << led))
            got = duty.allowed(led, avail & ~(1 << led))
            assert got == want
            m, plays = answer_plays(d, 0, avail & ~(1 << led), avail & ~(1 << led), led, 0, 0)
            assert m == want
            assert sorted(p.card.index for p in plays if isinstance(p, Play)) == [i for i in range(CARDS) if want >> i & 1]
            assert all(isinstance(p, Play) for p in plays)


def test_the_inverse_is_what_the_rule_rules_out() -> None:
    # A follower who played ``f`` on ``led`` lacked exactly the cards whose presence would have
    # forbidden ``f``: a card ``x`` is lacked iff ``f`` is not allowed from {f, x}.
    for led in range(CARDS):
        for f in range(CARDS):
            if f == led:
                continue
            lacked = duty.lacked(led, f)
            for x in range(CARDS):
                if x in (f, led):
                    continue
                forbids = not _rule(led, 1 << f | 1 << x) >> f & 1
                assert bool(lacked >> x & 1) == forbids, (DECK_54[led], DECK_54[f], DECK_54[x])
            assert duty.CLASS_UNION[LACKED[led | f << 6]] == lacked


def test_lacked_table_is_empty_off_the_deck() -> None:
    assert all(LACKED[led | f << 6] == 0 for led in range(64) for f in range(64) if led >= CARDS or f >= CARDS)


def test_refusals_name_the_binding_tier() -> None:
    rng = random.Random(41)
    d = _deal()
    for avail in _masks(rng, 200):
        led = rng.randrange(CARDS)
        avail &= ~(1 << led)
        if not avail:
            continue
        allowed = _rule(led, avail)
        for i in range(CARDS):
            if not avail >> i & 1 or allowed >> i & 1:
                continue
            error = play_refusal(d, 0, avail, 0, led, 0, 0, Play(DECK_54[i]), allowed)
            if avail & CLASS_MASKS[CLASS[led]]:
                want = Reason.MUST_FOLLOW_SUIT if CLASS[led] else Reason.MUST_PLAY_TAROCK
            else:
                want = Reason.MUST_PLAY_TAROCK
            assert error.reason is want


def test_tables_read_the_declaration() -> None:
    tables.build()
    for led in range(CARDS):
        follow, _, shift, trump = tables.DUTY[led]
        assert follow == duty.TIER_CARDS[led][0]
        assert trump == (TAROCKS if CLASS[led] else 0)
        assert (shift == 0) == (CLASS[led] == 0)
