"""Sampling the hidden cards: consistency with the view at every step, exact uniformity, and the
constraints of R7, R12 and R14."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

import attrs
import pytest
from helpers import play, position_playout

import strohmandeln as sm
from strohmandeln import BECK, CLASSIC, EXTENDED, FURR, ZWANZIGERRUFEN_40, Card, GameState, LastCard
from strohmandeln._base import masks as E
from strohmandeln._core import record
from strohmandeln._core import deal as dealt
from strohmandeln._core.ruledata import rule_data
from strohmandeln._core.sampling import spread as SP
from strohmandeln.positions import Position, position
from strohmandeln.sampling import Sampler, sample, sample_order
from strohmandeln.views import HiddenTurn
from strohmandeln.state import record_of

PRESETS = (CLASSIC, EXTENDED, ZWANZIGERRUFEN_40, FURR, BECK, sm.STRAMANDL)


def playout(rules: sm.RuleSet, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    state = sm.deal(rules, dealer=seed % 2, rng=seed)
    states = [state]
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def replayed(view: sm.PlayerView, order: tuple[Card, ...]) -> list[GameState]:
    state = sm.deal(view.rules, dealer=view.dealer, order=order)
    states = [state]
    for action in view.history:
        state = state.apply(action)
        states.append(state)
    return states


def agrees(view: sm.PlayerView, order: list[Card]) -> bool:
    """Whether dealing ``order`` and replaying the view's history shows its viewer that view."""
    try:
        states = replayed(view, tuple(order))
    except sm.IllegalActionError:
        return False
    return states[-1].view(view.player) == view


def same_fields(a: GameState, b: GameState) -> None:
    """Every internal field of the two states is equal (the deal's data compared by value; its
    deck order as cards, which a deal may build only when asked)."""
    fields = ["order" if k == "_order" else k for k in dealt.FIELDS]
    for k, slot in enumerate(record.FIELDS):
        x, y = record_of(a)[k], record_of(b)[k]
        if slot == "DEAL":
            x = tuple(getattr(x, k) for k in fields)
            y = tuple(getattr(y, k) for k in fields)
        elif slot in ("TRICKS", "EVENTS", "HIST"):
            x, y = record.walk(x), record.walk(y)
        assert x == y, slot


# --------------------------------------------------------------------------------------------
# Consistency


@pytest.mark.parametrize("block", range(6))
def test_samples_reproduce_the_view_at_every_step(block: int) -> None:
    """Thousands of random views over every preset: dealing the sampled order and replaying the
    public history gives the viewer's view at every step (R7, R11, R12, R14, R17 all hold)."""
    rng = random.Random(block)
    checked = 0
    for seed in range(block * 40, block * 40 + 40):
        rules = PRESETS[seed % len(PRESETS)]
        states = playout(rules, seed)
        for k in rng.sample(range(len(states)), min(len(states), 8)):
            for p in (0, 1):
                view = states[k].view(p)
                guess = sample(view, rng)
                assert guess.view(p) == view
                assert guess.order is not None and sorted(guess.order) == sorted(rules.deck.cards)
                checked += 1
                if checked % 6 == 0:  # the full check, step by step, on a share of them
                    for mine, theirs in zip(states[: k + 1], replayed(view, guess.order)):
                        assert mine.view(p) == theirs.view(p)
    assert checked >= 400


def test_assembled_sample_equals_the_replayed_one() -> None:
    rng = random.Random(9)
    for seed in range(40):
        rules = PRESETS[seed % len(PRESETS)]
        states = playout(rules, seed)
        for state in rng.sample(states, 4) + [states[-1]]:
            for p in (0, 1):
                view = state.view(p)
                fast = sample(view, random.Random(seed))
                slow = sample(view, random.Random(seed), replay=True)
                assert fast == slow
                same_fields(fast, slow)
                assert fast.legal_actions() == slow.legal_actions()
                if fast.is_terminal and fast.phase is sm.Phase.FINISHED:
                    assert fast.result() == slow.result()


def test_samples_vary_and_keep_what_the_viewer_knows() -> None:
    state = playout(CLASSIC, 4)[25]
    view = state.view(0)
    rng = random.Random(1)
    hands = set()
    for _ in range(50):
        guess = sample(view, rng)
        assert guess.hand(0) == state.hand(0)
        assert guess.strohmaenner(0) == state.strohmaenner(0) and guess.strohmaenner(1) == state.strohmaenner(1)
        assert set(view.known_hand(1)) <= set(guess.hand(1))
        hands.add(guess.hand(1))
    assert len(hands) > 40


def test_seeds_and_generators() -> None:
    view = playout(CLASSIC, 2)[10].view(1)
    assert sample(view, 5) == sample(view, random.Random(5))
    assert sample_order(view, 5) == sample(view, 5).order
    for bad in ("seed", True, 1.5, None):
        with pytest.raises(sm.ArgumentTypeError) as info:  # as deal() refuses them
            sample(view, bad)  # type: ignore[arg-type]
        assert info.value.reason is sm.Reason.WRONG_TYPE
        with pytest.raises(sm.ArgumentTypeError):
            sample_order(view, bad)  # type: ignore[arg-type]
        with pytest.raises(sm.DeckError if bad is None else sm.ArgumentTypeError):  # (None: no rng given)
            sm.deal(CLASSIC, rng=bad)  # type: ignore[arg-type]


def test_spectator_samples_are_consistent() -> None:
    rng = random.Random(3)
    for seed in range(60):
        states = playout(PRESETS[seed % len(PRESETS)], seed)
        for k in rng.sample(range(len(states)), 3):
            view = states[k].view(None)
            guess = sample(view, rng)
            assert guess.view(None) == view
            if seed % 5 == 0:
                for mine, theirs in zip(states[: k + 1], replayed(view, guess.order)):  # type: ignore[arg-type]
                    assert mine.view(None) == theirs.view(None)


# --------------------------------------------------------------------------------------------
# Distribution


def _chi2_z(counts: list[int], expected: list[float]) -> float:
    """The chi-square statistic of ``counts``, as a z-score (normal approximation)."""
    chi2 = sum((o - e) ** 2 / e for o, e in zip(counts, expected))
    df = len(counts) - 1
    return (chi2 - df) / math.sqrt(2 * df)


def _assert_uniform(counts: Counter[Any], keys: Iterable[Any]) -> None:
    """``counts`` hits exactly ``keys``, each about as often (a chi-square test)."""
    ordered = sorted(keys, key=repr)
    assert set(counts) == set(ordered)
    n = sum(counts.values())
    z = _chi2_z([counts[k] for k in ordered], [n / len(ordered)] * len(ordered))
    assert abs(z) < 5, z


def test_uniform_without_constraints() -> None:
    """Before the uncovering in a rule set without R7's fold, the opponent's 15 cards and the 24
    face-down cards are a uniform random arrangement of the 39 cards the viewer has not seen."""
    state = sm.deal(BECK, dealer=0, rng=123)  # no fold option: no constraint at all
    view = state.view(1)
    unseen = sorted(view.unseen_cards())
    assert len(unseen) == 39
    rng = random.Random(2024)
    n = 6000
    in_hand: Counter[Card] = Counter()
    first_turned: Counter[Card] = Counter()  # the top card of seat 0's first Strohmann
    for _ in range(n):
        guess = sample(view, rng)
        in_hand.update(guess.hand(0))
        assert guess.order is not None
        first_turned[guess.order[30]] += 1  # dealer 0: Elder (seat 1) gets 30-33, seat 0 34-37
    hands, piles = sm.deal_layout(BECK, sm.DECK_54, dealer=0)
    assert len(piles[0][0]) == 4
    p_hand = 15 / 39
    z_hand = _chi2_z([in_hand[c] for c in unseen], [n * p_hand] * 39)
    z_top = _chi2_z([first_turned[c] for c in unseen], [n / 39] * 39)
    assert abs(z_hand) < 5 and abs(z_top) < 5, (z_hand, z_top)


def _hidden_deal() -> tuple[GameState, int]:
    """A finished deal in which the viewer's opponent took up two or three last cards unseen
    (R12) and showed voids (R14)."""
    for seed in range(400):
        final = playout(CLASSIC, seed)[-1]
        for p in (0, 1):
            hidden = [e for e in final.events if e.hidden and e.player != p]
            voids = [t for t in final.tricks if t.leader == p and E.CLASS[t.plays[0].card.index] != E.CLASS[t.plays[1].card.index]]
            if len(hidden) >= 2 and len(voids) >= 3:
                return final, p
    raise AssertionError("no suitable deal")


def test_exactly_uniform_over_consistent_deals_R12_R14() -> None:
    """Enumerate every deal consistent with a finished view (which free cards were the unseen last
    cards) by replaying each; the sampler hits exactly those, uniformly."""
    final, p = _hidden_deal()
    view = final.view(p)
    q = 1 - p
    hand_positions = rule_data(CLASSIC).layout(final.dealer)[0]
    _, pile_positions = rule_data(CLASSIC).layout(final.dealer)
    hidden_slots = [pile_positions[3 * e.player + e.strohmann][-1] for e in final.events if e.hidden and e.player == q]
    assert final.order is not None
    free = [final.order[pos] for pos in hidden_slots] + [final.order[pos] for pos in hand_positions[q]]
    consistent = set()
    for chosen in itertools.permutations(free, len(hidden_slots)):
        order = list(final.order)
        rest = sorted(c for c in free if c not in chosen)
        for pos, card in zip(hidden_slots, chosen):
            order[pos] = card
        for pos, card in zip(hand_positions[q], rest):
            order[pos] = card
        if agrees(view, order):
            consistent.add(chosen)
    assert 1 < len(consistent) < math.perm(len(free), len(hidden_slots)), len(consistent)
    rng = random.Random(7)
    n = 40 * len(consistent)
    counts: Counter[tuple[Card, ...]] = Counter()
    for _ in range(n):
        drawn = sample_order(view, rng)
        counts[tuple(drawn[pos] for pos in hidden_slots)] += 1
    _assert_uniform(counts, consistent)


# --------------------------------------------------------------------------------------------
# The constraints, one by one


def test_R14_void_binds_the_cards_then_in_hand_but_not_later_unseen_ones() -> None:
    """A player who did not follow a suit had none of it in his hand then; a last card he took up
    unseen afterwards (R12) may be of that suit."""
    found = 0
    for seed in range(300):
        final = playout(CLASSIC, seed)[-1]
        for p in (0, 1):
            q = 1 - p
            voids = [
                (t.number, E.CLASS[t.plays[0].card.index])
                for t in final.tricks
                if t.leader == p and E.CLASS[t.plays[0].card.index] != E.CLASS[t.plays[1].card.index]
            ]
            late = [e for e in final.events if e.hidden and e.player == q and voids and e.after_trick >= voids[0][0]]
            if not late:
                continue
            view = final.view(p)
            rng = random.Random(seed)
            suits_seen: Counter[int] = Counter()
            for _ in range(200):
                guess = sample(view, rng)
                # cards q held from the deal on and never played before a void trick: not of that class
                dealt = set(sm.deal_layout(CLASSIC, guess.order, dealer=guess.dealer)[0][q])  # type: ignore[arg-type]
                played_at = {t.play_of(q).card: t.number for t in guess.tricks}
                for number, cls in voids:
                    for card in dealt:
                        if played_at[card] > number:
                            assert E.CLASS[card.index] != cls
                for e, real in zip(guess.events, final.events):
                    if real.hidden and real.player == q and real in late:
                        suits_seen[E.CLASS[e.card.index]] += 1
            void_classes = {cls for number, cls in voids if number <= late[0].after_trick}
            if void_classes & set(suits_seen):
                found += 1
        if found >= 2:
            break
    assert found >= 2


def _tarockless_deal(rng: random.Random, dealer: int, seats: tuple[int, ...]) -> GameState:
    """A classic deal in which ``seats`` hold no tarock in their dealt hands (and the others do)."""
    suits = [c for c in sm.DECK_54 if not c.is_tarock]
    tarocks = [c for c in sm.DECK_54 if c.is_tarock]
    rng.shuffle(suits)
    rng.shuffle(tarocks)
    hands: list[list[Card]] = [[], []]
    for seat in (0, 1):
        if seat in seats:
            hands[seat] = [suits.pop() for _ in range(15)]
        else:
            hands[seat] = [tarocks.pop()] + [suits.pop() for _ in range(14)]
    order = sm.compose_order(CLASSIC, dealer=dealer, hands=(hands[0], hands[1]))
    return sm.deal(CLASSIC, dealer=dealer, order=order)


def _dealt(guess: GameState, seat: int) -> tuple[Card, ...]:
    assert guess.order is not None
    return sm.deal_layout(CLASSIC, guess.order, dealer=guess.dealer)[0][seat]


@pytest.mark.parametrize("dealer", (0, 1))
def test_R7_fold_decisions_bind_the_dealt_hand(dealer: int) -> None:
    """Asked whether to fold: no tarock among the dealt hand cards. Not asked where the rules would
    have asked: at least one. Elder is asked first; the dealer after Elder keeps."""
    rng = random.Random(dealer)
    elder = 1 - dealer

    def check(state: GameState, viewer: int, tarockless: bool | None) -> None:
        view = state.view(viewer)
        for _ in range(30):
            guess = sample(view, rng)
            assert guess.view(viewer) == view
            has = any(c.is_tarock for c in _dealt(guess, 1 - viewer))
            if tarockless is not None:
                assert has is not tarockless

    # Elder tarockless: he is asked (so he has none); the dealer is not known yet.
    state = _tarockless_deal(rng, dealer, (elder,))
    assert state.phase is sm.Phase.FOLD and state.current_player == elder
    check(state, dealer, True)
    # ... he keeps; the dealer, holding a tarock, is not asked: Elder's view knows he has one.
    kept = state.apply(sm.Keep())
    assert kept.phase is sm.Phase.AUCTION
    check(kept, elder, False)
    # Only the dealer is tarockless: he is asked first, so Elder has a tarock.
    state = _tarockless_deal(rng, dealer, (dealer,))
    assert state.current_player == dealer
    check(state, dealer, False)
    check(state, elder, True)
    # Both tarockless: Elder keeps, then the dealer is asked.
    state = _tarockless_deal(rng, dealer, (0, 1)).apply(sm.Keep())
    assert state.current_player == dealer
    check(state, elder, True)
    check(state.apply(sm.Keep()), dealer, True)
    # Nobody tarockless: nobody asked, both have a tarock.
    state = _tarockless_deal(rng, dealer, ())
    check(state, 0, False)
    check(state, 1, False)
    # Elder folds at once: the dealer's hand is unconstrained.
    state = _tarockless_deal(rng, dealer, (elder,)).apply(sm.Fold())
    check(state, elder, None)


@pytest.mark.parametrize("dealer", (0, 1))
def test_R7_spectator_samples_bind_both_dealt_hands(dealer: int) -> None:
    """A spectator knows what the fold decisions say about both dealt hands (R7): asked, no
    tarock; not asked where the rules would have asked, at least one."""
    rng = random.Random(10 + dealer)
    elder = 1 - dealer

    def check(state: GameState, tarockless: dict[int, bool | None]) -> None:
        view = state.view(None)
        for _ in range(40):
            guess = sample(view, rng)
            assert guess.view(None) == view
            for seat, none in tarockless.items():
                if none is not None:
                    assert any(c.is_tarock for c in _dealt(guess, seat)) is not none, (seat, none)

    check(_tarockless_deal(rng, dealer, ()), {0: False, 1: False})  # nobody asked
    check(_tarockless_deal(rng, dealer, (elder,)), {elder: True, dealer: None})  # Elder asked
    kept = _tarockless_deal(rng, dealer, (elder,)).apply(sm.Keep())
    assert kept.phase is sm.Phase.AUCTION
    check(kept, {elder: True, dealer: False})  # Elder kept, the dealer not asked
    both = _tarockless_deal(rng, dealer, (0, 1)).apply(sm.Keep())
    check(both, {0: True, 1: True})  # both asked
    only = _tarockless_deal(rng, dealer, (dealer,))
    check(only, {elder: False, dealer: True})  # Elder not asked: he has one


def test_R17_announced_cards_were_in_the_hand() -> None:
    order = sm.compose_order(
        BECK, dealer=0, hands=((), tuple(Card.parse(x) for x in "Sküs XXI I ♥K ♦K ♠K ♣K XV XIV ♥Q ♥2 ♠10 ♠9 ♣8 ♦3".split()))
    )
    state = sm.deal(BECK, dealer=0, order=order).apply(sm.Pass()).apply(sm.Pass())
    play = next(a for a in state.legal_actions() if isinstance(a, sm.Play) and len(a.announcements) == 2 and a.card.is_tarock)
    state = state.apply(play)
    view = state.view(0)
    rng = random.Random(5)
    for _ in range(100):
        guess = sample(view, rng)
        hand = set(guess.hand(1))
        assert {Card.parse(x) for x in "Sküs XXI I ♥K ♦K ♠K ♣K".split()} - {play.card} <= hand


def test_R12_option_shown_leaves_no_hidden_slot() -> None:
    shown = attrs.evolve(CLASSIC, name="shown", last_card=LastCard.SHOWN)
    final = playout(shown, 8)[-1]
    view = final.view(0)
    assert not any(isinstance(e, HiddenTurn) for e in view.events)
    guess = sample(view, 1)
    assert guess.events == final.events


# --------------------------------------------------------------------------------------------
# Views of positions (strohmandeln.positions): no deck order, the same constraints


@pytest.mark.parametrize("block", range(3))
def test_position_samples_reproduce_the_view_at_every_step(block: int) -> None:
    """Every sample of a position's view shows the viewer (or the spectator) exactly his view
    (R11-R17 replayed from the drawn set-up), keeps his hand and the set-up tricks, and is the
    state that setting it up and replaying gives."""
    rng = random.Random(block)
    checked = 0
    for seed in range(40 * block, 40 * block + 40):
        states = position_playout(PRESETS[seed % len(PRESETS)], seed)
        for k in range(0, len(states), 3):
            state = states[k]
            for p in (0, 1, None):
                view = state.view(p)
                guess = sample(view, rng)
                assert guess.view(p) == view, (seed, k, p)
                assert guess.won_cards(0) == state.won_cards(0) and guess.won_cards(1) == state.won_cards(1)
                if p is not None:
                    assert guess.hand(p) == state.hand(p)
                checked += 1
                if k % 9 == 0:
                    same_fields(sample(view, seed, replay=True), sample(view, seed))
    assert checked > 450


def test_position_samples_vary_and_keep_the_set_up() -> None:
    states = position_playout(CLASSIC, 3, first=5)
    view = states[2].view(0)
    start = Position.of(states[2])
    hands = set()
    for seed in range(60):
        guess = sample(view, seed)
        drawn = Position.of(guess)
        assert drawn.won == start.won and drawn.hands[0] == start.hands[0] and drawn.leader == start.leader
        assert [len(p) for p in drawn.strohmaenner[1]] == [len(p) for p in start.strohmaenner[1]]
        assert [p[:1] for p in drawn.strohmaenner[0]] == [p[:1] for p in start.strohmaenner[0]]  # the tops
        hands.add(drawn.hands[1])
    assert len(hands) > 20


def test_deck_orders_of_positions_are_refused_and_spectators_sampled() -> None:
    state = position(CLASSIC, hands=("♣K ♣C", "♣Q ♣J ♣10 ♣8"), strohmaenner=((("♠7", "♠8"),), ()), rest_to=0, leader=0)
    assert sample(state.view(0), 1).view(0) == state.view(0)
    with pytest.raises(sm.StateError) as info:
        sample_order(state.view(0), 1)
    assert info.value.reason is sm.Reason.NO_DECK_SOURCE
    # A spectator knows neither hand (nor the ♠8 face down): valid samples, hands of two cards.
    hands = set()
    for seed in range(40):
        guess = sample(state.view(None), seed)
        assert guess.view(None) == state.view(None)
        assert guess.strohmann(0, 0).face_up == Card.parse("♠7")
        hands.add(guess.hand(0))
    assert len(hands) > 1 and all(len(h) == 2 for h in hands)


def test_R14_position_void_binds_the_set_up_hand() -> None:
    """Seat 1 holds one card and a Strohmann (♠7 face up; ♣J, ♥4 face down); seat 0 knows all
    other cards. Before a trick, his hand card is ♣K, ♣J or ♥4 alike; once he plays the ♠7 on
    the led ♥K and the ♣J is turned (R11), he had no heart in the hand (R14): it is ♣K, and ♥4
    lies face down."""
    state = position(CLASSIC, hands=("♥K ♥Q ♥J ♥C", "♣K"), strohmaenner=((), (("♠7", "♣J", "♥4"),)), rest_to=0, leader=0)
    before = Counter(sample(state.view(0), seed).hand(1) for seed in range(600))
    assert set(before) == {(Card.parse(c),) for c in ("♣K", "♣J", "♥4")}
    assert all(abs(n - 200) < 60 for n in before.values()), before
    after = play(state, "♥K ♠7")
    view = after.view(0)
    assert view.strohmann(1, 0).face_up == Card.parse("♣J")  # turned after the trick (R11)
    for seed in range(50):
        guess = sample(view, seed)
        assert guess.hand(1) == (Card.parse("♣K"),) and guess.view(0) == view


def _position_views_with_hidden_cards(viewers: tuple[int | None, ...] = (0, 1), first: int = 15) -> Iterator[tuple[sm.PlayerView, GameState, int | None]]:
    """Views of late positions in which a last card the viewer did not see was taken up unseen
    (R12) and a seat he cannot see into showed a void (R14) after the set-up: the opponent's,
    or for a spectator (``None``) either seat's."""
    for seed in range(3000):
        states = position_playout(CLASSIC, seed, first=first)
        for state in states[1:]:
            if state.current_trick:
                continue
            setup = len(state.tricks) - len(state.history) // 2
            for p in viewers:
                view = state.view(p)
                voids = [
                    t
                    for t in state.tricks[setup:]
                    if (p is None or t.leader == p) and E.CLASS[t.plays[0].card.index] != E.CLASS[t.plays[1].card.index]
                ]
                if voids and any(isinstance(e, HiddenTurn) for e in view.events):
                    yield view, states[0], p


_SetUpKey = tuple[tuple[frozenset[Card], ...], tuple[Card, ...]]


def _consistent_set_ups(view: sm.PlayerView, start: GameState, limit: int) -> tuple[set[_SetUpKey], int]:
    """Every set-up of a position consistent with a view of it (found by replaying each), as
    (the set-up hands the viewer does not know — the opponent's, or for a spectator both —, the
    unseen last cards; the face-down cards never turned lie in canonical order), and the number
    of set-ups to try (none is tried if there are more than ``limit``)."""
    truth = Position.of(start)
    unknown = (0, 1) if view.player is None else (1 - view.player,)
    turned = Counter((e.player, e.strohmann) for e in view.events)
    hidden_piles = [(e.player, e.strohmann) for e in view.events if isinstance(e, HiddenTurn)]
    seen = {e.card for e in view.events if not isinstance(e, HiddenTurn)}
    free = {c for seat in unknown for c in truth.hands[seat]}
    down_places = []  # (seat, Strohmann, place) of the cards never turned
    for seat in (0, 1):
        for k, pile in enumerate(truth.strohmaenner[seat]):
            for j, c in enumerate(pile[1:], 1):
                if c not in seen:
                    free.add(c)
                    if j > turned[seat, k]:
                        down_places.append((seat, k, j))
    sizes = [len(truth.hands[seat]) for seat in unknown]
    cards = sorted(free)
    total = math.perm(len(cards), len(hidden_piles))
    left = len(cards) - len(hidden_piles)
    for n in sizes:
        total *= math.comb(left, n)
        left -= n
    keys: set[_SetUpKey] = set()
    if total > limit:
        return keys, total

    def hands_of(rest: list[Card], k: int) -> Iterator[tuple[tuple[Card, ...], ...]]:
        if k == len(sizes):
            yield ()
            return
        for hand in itertools.combinations(rest, sizes[k]):
            for more in hands_of([c for c in rest if c not in hand], k + 1):
                yield (hand, *more)

    for chosen in itertools.permutations(cards, len(hidden_piles)):
        rest = [c for c in cards if c not in chosen]
        for dealt in hands_of(rest, 0):
            down = [c for c in rest if not any(c in hand for hand in dealt)]
            piles = [[list(pile) for pile in seat] for seat in truth.strohmaenner]
            for (seat, k, j), c in zip(down_places, down):
                piles[seat][k][j] = c
            for (seat, k), c in zip(hidden_piles, chosen):
                piles[seat][k][-1] = c
            hands = list(truth.hands)
            for seat, hand in zip(unknown, dealt):
                hands[seat] = hand
            try:
                state = attrs.evolve(truth, hands=tuple(hands), strohmaenner=tuple(tuple(map(tuple, s)) for s in piles)).state()
                for action in view.history:
                    state = state.apply(action)
            except (sm.IllegalActionError, sm.DeckError):
                continue
            if state.view(view.player) == view:
                keys.add((tuple(frozenset(hand) for hand in dealt), chosen))
    return keys, total


def _assert_set_ups_uniform(view: sm.PlayerView, keys: set[_SetUpKey], rng: random.Random) -> None:
    """Samples of a position's view agree with it and hit exactly the set-ups ``keys``, uniformly."""
    counts: Counter[_SetUpKey] = Counter()
    for _ in range(40 * len(keys)):
        guess = sample(view, rng)
        assert guess.view(view.player) == view
        counts[_set_up_drawn(guess, view.player)] += 1
    _assert_uniform(counts, keys)


def _set_up_drawn(guess: GameState, viewer: int | None) -> _SetUpKey:
    """What a sample of a position's view says about what the viewer does not know, as
    :func:`_consistent_set_ups` gives it."""
    unknown = (0, 1) if viewer is None else (1 - viewer,)
    hands = Position.of(guess).hands
    hidden = tuple(e.card for e in guess.events if e.hidden and e.player in unknown and e.card is not None)
    return tuple(frozenset(hands[seat]) for seat in unknown), hidden


@pytest.mark.parametrize(
    ("viewers", "first", "hidden", "limit", "low", "high"),
    (((0, 1), 15, 2, 3000, 20, 200), ((None,), 18, 1, 4000, 15, 150)),
    ids=("player", "spectator"),
)
def test_position_samples_exactly_uniform_R12_R14(viewers: tuple[int | None, ...], first: int, hidden: int, limit: int, low: int, high: int) -> None:
    """Enumerate every set-up consistent with a position's view — the hand the viewer cannot see
    (a spectator: both) and the unseen last cards — by replaying each; the sampler hits exactly
    those, uniformly (the face-down cards never turned are shuffled uniformly on top of that:
    each set-up has as many arrangements of them)."""
    for view, start, _ in _position_views_with_hidden_cards(viewers, first):
        if sum(isinstance(e, HiddenTurn) for e in view.events) < hidden:
            continue  # (for a player, two unseen last cards: their places are drawn jointly)
        keys, total = _consistent_set_ups(view, start, limit)
        if low <= len(keys) <= high and 2 * len(keys) <= total:
            break
    else:
        raise AssertionError("no suitable position")
    _assert_set_ups_uniform(view, keys, random.Random(11 if viewers[0] is not None else 23))


# --------------------------------------------------------------------------------------------
# A spectator's view: two unknown hands, exactly uniform


def _brute_spreads(groups: list[SP.Group], types: list[SP.CardType]) -> set[tuple[int, ...]]:
    """Every deal of the free cards over the groups, by brute force: each card in a group it may
    go to, every group full, every dealt hand that R7 wants a tarock in with one (``need ==
    1``); as the group of each card (in the order of ``types``)."""
    cards = [(allowed, tarock) for allowed, tarock, cs in types for _ in cs]
    room = [len(g.positions) for g in groups]
    wants = [g for g, group in enumerate(groups) if group.kind == SP.HAND and group.need == 1]
    found: set[tuple[int, ...]] = set()

    def place(assign: list[int]) -> None:
        if len(assign) == len(cards):
            if all(any(g == w and tarock for g, (_, tarock) in zip(assign, cards)) for w in wants):
                found.add(tuple(assign))
            return
        allowed = cards[len(assign)][0]
        for g in range(len(groups)):
            if allowed >> g & 1 and room[g]:
                room[g] -= 1
                place(assign + [g])
                room[g] += 1

    place([])
    return found


def _random_problem(rng: random.Random) -> tuple[list[SP.Group], list[SP.CardType]]:
    """Two dealt hands, up to three unseen last cards and face-down places, at most 8 cards in
    all, and types of cards with random groups (often the same for several last cards)."""
    while True:
        groups = [SP.Group(SP.HAND, 0, tuple(range(rng.randint(0, 3)))), SP.Group(SP.HAND, 1, tuple(range(rng.randint(0, 3))))]
        groups += [SP.Group(SP.UNSEEN, rng.randint(0, 1), (0,)) for _ in range(rng.randint(0, 3))]
        if rng.random() < 0.8:
            groups.append(SP.Group(SP.DOWN, -1, tuple(range(rng.randint(1, 3)))))
        for g in groups[:2]:
            g.need = rng.choice((0, 0, 1))
        total = sum(len(g.positions) for g in groups)
        if 0 < total <= 8:
            break
    kinds: dict[tuple[int, bool], list[int]] = {}
    full = (1 << len(groups)) - 1
    for c in range(total):
        allowed = rng.randint(1, full) if rng.random() < 0.7 else full
        kinds.setdefault((allowed, rng.random() < 0.4), []).append(c)
    return groups, [(allowed, tarock, cards) for (allowed, tarock), cards in kinds.items()]


def test_spectator_spread_counts_and_draws_every_deal_alike_R7() -> None:
    """The exact count behind a spectator's samples (spread.Spread) against brute force on
    hundreds of small problems — two dealt hands (R7: some must hold a tarock), unseen last
    cards (R12) and face-down cards, cards restricted to some of them (R14) — and its draws:
    exactly the possible deals, uniformly."""
    rng = random.Random(2026)
    drawn_checked = 0
    for trial in range(300):
        groups, types = _random_problem(rng)
        possible = _brute_spreads(groups, types)
        spread = SP.Spread(groups, types, True)
        assert spread.total == len(possible), (trial, spread.total, len(possible))
        wants = any(g.need == 1 for g in groups[:2])
        if not wants:  # (without R7 the plain count is the same)
            assert SP.Spread(groups, types, False).total == len(possible)
        if not 2 <= len(possible) <= 30:
            continue
        where = {c: k for k, c in enumerate(c for _, _, cs in types for c in cs)}
        counts: Counter[tuple[int, ...]] = Counter()
        n = 150 * len(possible)
        draw = random.Random(trial).random
        for _ in range(n):
            assign = [0] * len(where)
            for g, cards in enumerate(spread.draw(draw)):
                assert len(cards) == len(groups[g].positions)
                for c in cards:
                    assign[where[c]] = g
            counts[tuple(assign)] += 1
        _assert_uniform(counts, possible)
        drawn_checked += 1
    assert drawn_checked >= 40


def test_spectator_R7_rejection_and_its_fallback_stay_uniform() -> None:
    """Where R7 wants a tarock in a dealt hand, a spectator's draw first ignores it and rejects a
    draw without one; after eight misses in a row it counts tarocks apart. Both regimes give
    every possible deal alike: a hand that mostly gets its tarock (rejection) and a one-card
    hand that seldom does (the fallback)."""
    tarocks = [c.index for c in sm.DECK_54 if c.is_tarock]
    suits = [c.index for c in sm.DECK_54 if not c.is_tarock]
    for hand, n_tarocks in ((3, 3), (1, 1)):
        groups = [SP.Group(SP.HAND, 0, tuple(range(hand)), need=1), SP.Group(SP.HAND, 1, (90,)), SP.Group(SP.DOWN, -1, tuple(range(5 - hand)))]
        types: list[SP.CardType] = [(0b111, True, tarocks[:n_tarocks]), (0b111, False, suits[: 6 - n_tarocks])]
        spreads = SP.Spreads(groups, types)
        possible: Counter[tuple[frozenset[int], int]] = Counter()
        for assign in itertools.permutations([c for _, _, cs in types for c in cs]):
            d0 = frozenset(assign[:hand])
            if d0 & set(tarocks):
                possible[d0, assign[hand]] += 1
        rng = random.Random(hand)
        n = 200 * len(possible)
        counts: Counter[tuple[frozenset[int], int]] = Counter()
        for _ in range(n):
            chosen = spreads.draw(rng.random)
            counts[frozenset(chosen[0]), chosen[1][0]] += 1
        assert set(counts) == set(possible)
        total = sum(possible.values())
        keys = sorted(possible, key=repr)
        z = _chi2_z([counts[k] for k in keys], [n * possible[k] / total for k in keys])
        assert abs(z) < 5, (hand, z)
        assert spreads.fallen is (hand == 1)  # the fallback was needed only there
        assert spreads.count() * math.factorial(hand) == total  # (a hand is a set of cards)


def test_spectator_samples_exactly_uniform_late_in_a_deal_R14() -> None:
    """Late in a deal whose last cards are taken up in the open, a spectator knows every card
    but those still in the two hands; enumerate every split of them consistent with his view by
    replaying each (the voids shown, R14, exclude some): the sampler hits exactly those,
    uniformly."""
    shown = attrs.evolve(CLASSIC, name="shown", last_card=LastCard.SHOWN)
    for seed in range(200):
        states = playout(shown, seed)
        state = next(s for s in states if s.phase is sm.Phase.PLAY and s.trick_number == shown.deck.trick_count - 4 and not s.current_trick)
        view = state.view(None)
        assert state.order is not None
        hand_positions = rule_data(shown).layout(state.dealer)[0]
        # (the cards a seat took up from his Strohmänner are public: only dealt cards are not)
        secret = [sorted(set(state.hand(s)) - set(view.known_hand(s))) for s in (0, 1)]
        unplayed = secret[0] + secret[1]
        consistent = set()
        played = [{state.order[pos] for pos in hand_positions[s]} - set(unplayed) for s in (0, 1)]
        for hand0 in itertools.combinations(unplayed, len(secret[0])):
            order = list(state.order)
            dealt = (played[0] | set(hand0), played[1] | set(unplayed) - set(hand0))
            for s in (0, 1):
                for pos, card in zip(hand_positions[s], sorted(dealt[s])):
                    order[pos] = card
            if agrees(view, order):
                consistent.add(frozenset(hand0))
        if 6 <= len(consistent) < math.comb(len(unplayed), len(secret[0])):
            break
    else:
        raise AssertionError("no suitable deal")
    rng = random.Random(31)
    n = 200 * len(consistent)
    counts: Counter[frozenset[Card]] = Counter()
    for _ in range(n):
        guess = sample(view, rng)
        counts[frozenset(guess.hand(0)) - frozenset(view.known_hand(0))] += 1
    _assert_uniform(counts, consistent)


def test_spectator_uniform_without_constraints() -> None:
    """Before any play under rules without R7's fold, a spectator's sample is a uniform deal of
    the whole deck: each card in each dealt hand with probability 15/54, on the first Strohmann's
    top with 1/54."""
    state = sm.deal(BECK, dealer=0, rng=321)
    view = state.view(None)
    rng = random.Random(99)
    n = 5400
    hands: list[Counter[Card]] = [Counter(), Counter()]
    top: Counter[Card] = Counter()
    for _ in range(n):
        guess = sample(view, rng)
        assert guess.view(None) == view
        for s in (0, 1):
            hands[s].update(guess.hand(s))
        assert guess.order is not None
        top[guess.order[30]] += 1
    deck = list(sm.DECK_54)
    for s in (0, 1):
        z = _chi2_z([hands[s][c] for c in deck], [n * 15 / 54] * 54)
        assert abs(z) < 5, (s, z)
    z = _chi2_z([top[c] for c in deck], [n / 54] * 54)
    assert abs(z) < 5, z


# --------------------------------------------------------------------------------------------
# Sampler.count: the number of deals the draws are uniform over, against brute force


def _brute_count(view: sm.PlayerView, state: GameState, hands: list[tuple[tuple[int, ...], list[Card]]], ordered: list[int], cards: list[Card]) -> int:
    """The deck orders that show the viewer his view when dealt and replayed, by trying each: the
    places ``ordered`` take every ordered choice of ``cards``; each unknown hand (its deck places
    and the cards it surely holds) takes a set of the cards left."""
    count = 0
    for chosen in itertools.permutations(cards, len(ordered)):
        rest = sorted(set(cards) - set(chosen))
        splits: Iterable[tuple[tuple[Card, ...], ...]]
        if len(hands) == 1:
            splits = [(tuple(rest),)]
        else:
            n0 = len(hands[0][0]) - len(hands[0][1])
            splits = ((first, tuple(c for c in rest if c not in first)) for first in itertools.combinations(rest, n0))
        for split in splits:
            order = list(state.order or ())
            for pos, card in zip(ordered, chosen):
                order[pos] = card
            for (places, sure), more in zip(hands, split):
                for pos, card in zip(places, sorted([*sure, *more])):
                    order[pos] = card
            count += agrees(view, order)
    return count


def _free_places(state: GameState, view: sm.PlayerView) -> tuple[list[tuple[int, ...]], list[int]]:
    """The free places of a dealt view's deck order (R6): the hand places of each seat whose
    dealt hand the viewer does not know, and the places that count in order (each unseen last
    card's, R12, then each face-down card's)."""
    hands, piles = rule_data(state.rules).layout(state.dealer)
    unknown = (0, 1) if view.player is None else (1 - view.player,)
    turned = Counter((e.player, e.strohmann) for e in view.events)
    ordered = [piles[3 * e.player + e.strohmann][-1] for e in view.events if isinstance(e, HiddenTurn)]
    for pid, pile in enumerate(piles):
        ordered += pile[turned[pid // 3, pid % 3] :]
    return [hands[seat] for seat in unknown], ordered


def test_count_of_a_players_view_is_every_consistent_deal_R12_R14() -> None:
    """Late in a deal, a player's view leaves the opponent's dealt hand (a set of cards) and a
    few places in order — his unseen last cards (R12) and the face-down cards — free: every deck
    order that gives them any of the free cards and replays to the view is counted, once."""
    checked = 0
    for seed in range(400):
        states = playout(CLASSIC, seed)
        for state in states[-12:-2]:
            p = state.current_player
            if p is None or state.phase is not sm.Phase.PLAY:
                continue
            view = state.view(p)
            (hand,), ordered = _free_places(state, view)
            assert state.order is not None
            cards = [state.order[pos] for pos in [*hand, *ordered]]
            if not 1 <= len(ordered) <= 3:
                continue
            expected = _brute_count(view, state, [(hand, [])], ordered, cards)
            total = math.perm(len(cards), len(ordered))
            assert Sampler(view).count() == expected, (seed, expected)
            checked += expected < total  # (the plays excluded some)
            break
        if checked >= 2:
            break
    assert checked >= 2


def test_count_of_a_spectators_view_is_every_consistent_deal_R14() -> None:
    """Late in a deal whose last cards are taken up in the open (R12 ``shown``), a spectator
    knows where every card is but the dealt cards still in the hands and the face-down cards.
    A card a seat played from his hand was dealt to him (he took up nothing unseen), so the
    deals are the orders of the face-down cards and the splits of the rest into the two hands:
    every one that replays to the view is counted, once."""
    shown = attrs.evolve(CLASSIC, name="shown", last_card=LastCard.SHOWN)
    checked = with_down = 0
    for seed in range(400):
        states = playout(shown, seed)
        for state in states[-14:-2]:
            if state.phase is not sm.Phase.PLAY:
                continue
            view = state.view(None)
            hands, ordered = _free_places(state, view)
            assert state.order is not None and not any(isinstance(e, HiddenTurn) for e in view.events)
            dealt = [[state.order[pos] for pos in places] for places in hands]
            secret = [set(state.hand(s)) & set(dealt[s]) for s in (0, 1)]
            cards = sorted(secret[0] | secret[1] | {state.order[pos] for pos in ordered})
            total = math.perm(len(cards), len(ordered)) * math.comb(len(cards) - len(ordered), len(secret[0]))
            if total > 3000 or total < 4:
                continue
            sure = [[c for c in dealt[s] if c not in secret[s]] for s in (0, 1)]
            expected = _brute_count(view, state, [(hands[s], sure[s]) for s in (0, 1)], ordered, cards)
            assert Sampler(view).count() == expected, (seed, expected)
            checked += 1 + (expected < total)
            with_down += bool(ordered)
            break
        if checked >= 3 and with_down:
            break
    assert checked >= 3 and with_down


def _count_set_ups(view: sm.PlayerView, start: GameState, limit: int) -> tuple[int, int] | None:
    """The set-ups of a position that show the viewer his view when set up and replayed, by
    trying each, and the number tried (``None`` if there are more than ``limit`` to try): the
    unknown set-up hands (the opponent's, or for a spectator both) as sets of cards; the unseen
    last cards (R12) and the face-down cards never turned, in order."""
    truth = Position.of(start)
    unknown = (0, 1) if view.player is None else (1 - view.player,)
    turned = Counter((e.player, e.strohmann) for e in view.events)
    seen = {e.card for e in view.events if not isinstance(e, HiddenTurn)}
    places = [(e.player, e.strohmann, -1) for e in view.events if isinstance(e, HiddenTurn)]
    free = {c for seat in unknown for c in truth.hands[seat]}
    for seat in (0, 1):
        for k, pile in enumerate(truth.strohmaenner[seat]):
            for j, c in enumerate(pile[1:], 1):
                if c not in seen:
                    free.add(c)
                    if j > turned[seat, k]:
                        places.append((seat, k, j))  # (face down, never turned)
    cards = sorted(free)
    sizes = [len(truth.hands[seat]) for seat in unknown]
    total = math.perm(len(cards), len(places)) * (math.comb(len(cards) - len(places), sizes[0]) if len(sizes) == 2 else 1)
    if total > limit:
        return None
    count = 0
    for chosen in itertools.permutations(cards, len(places)):
        rest = [c for c in cards if c not in chosen]
        splits = [(tuple(rest),)] if len(sizes) == 1 else [(h, tuple(c for c in rest if c not in h)) for h in itertools.combinations(rest, sizes[0])]
        for dealt in splits:
            piles = [[list(pile) for pile in seat] for seat in truth.strohmaenner]
            for (seat, k, j), c in zip(places, chosen):
                piles[seat][k][j] = c
            hands = list(truth.hands)
            for seat, hand in zip(unknown, dealt):
                hands[seat] = hand
            try:
                state = attrs.evolve(truth, hands=tuple(hands), strohmaenner=tuple(tuple(map(tuple, s)) for s in piles)).state()
                for action in view.history:
                    state = state.apply(action)
            except (sm.IllegalActionError, sm.DeckError):
                continue
            count += state.view(view.player) == view
    return count, total


@pytest.mark.parametrize("viewer", ((0, 1), (None,)), ids=("player", "spectator"))
def test_count_of_a_positions_view_is_every_consistent_set_up_R12_R14(viewer: tuple[int | None, ...]) -> None:
    """A view of a position counts its set-ups: the unknown set-up hands as sets of cards, the
    unseen last cards (R12) and the face-down cards in order — every one that sets up and
    replays to the view, once (R14: the voids shown exclude some)."""
    found = 0
    for view, start, _ in _position_views_with_hidden_cards(viewer, 15):
        got = _count_set_ups(view, start, 4000)
        if got is None:
            continue
        expected, total = got
        assert Sampler(view).count() == expected, expected
        found += expected < total
        if found >= 2:
            break
    assert found >= 2
