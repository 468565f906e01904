"""Positions checked for possibility (R11, R12, R14): a position no deal produces is refused, every
position real play reaches loads, and views of positions load and sample consistently."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from helpers import position_of
from hypothesis import given, settings
from hypothesis import strategies as st
from test_positions import _random_position
from test_sampling import _assert_uniform

import strohmandeln as sm
from strohmandeln import CLASSIC, Card, DeckError, GameState, Reason
from strohmandeln._base.masks import TAKE_UP
from strohmandeln._core.sampling import spread as SP
from strohmandeln._core.sampling.exact import Exact
from strohmandeln._core.sampling.leaves import leaves
from strohmandeln._core.sampling.model import model
from strohmandeln._core.sampling.position import PositionModel
from strohmandeln.knowledge import seen_of
from strohmandeln.positions import Position
from strohmandeln.sampling import sample
from strohmandeln.serialization import from_dict, to_dict, view_from_dict

C = Card.parse
#: The tarocks and Kings (R11: taken up when turned) and the other cards, in canonical order.
TK = [c for c in sm.DECK_54 if c.is_tarock or c.rank == sm.Rank.KING]
PLAIN = [c for c in sm.DECK_54 if not (c.is_tarock or c.rank == sm.Rank.KING)]
#: Seat 1's three Strohmänner as dealt (R6: four cards each), no heart or diamond face up.
FULL_1 = (("♠7", "♠8", "♠9", "♠10"), ("♣7", "♣8", "♣9", "♣10"), ("♣J", "I", "II", "III"))
#: The same with the first one short of a card (played from it, or taken up).
SHORT_1 = (("♠7", "♠8", "♠9"), FULL_1[1], FULL_1[2])


def _winner(leader: int, led: Card, followed: Card) -> int:
    """R15: the seat that wins a trick."""
    if followed.is_tarock:
        beats = not led.is_tarock or followed.index > led.index
    else:
        beats = followed.suit == led.suit and followed.rank > led.rank
    return 1 - leader if beats else leader


def _after_tricks(hand1: str, piles1: Sequence[Sequence[str]], *tricks: tuple[int, str, str]) -> _Later:
    """Seat 1 holds ``hand1`` and the Strohmänner ``piles1`` after the set-up ``tricks`` given
    card by card; seat 0 holds as many tarocks as he needs to have as many cards to play, and
    every other card is won by seat 0."""
    used = {C(c) for c in hand1.split()} | {C(c) for pile in piles1 for c in pile}
    for t in tricks:
        used |= {C(t[1]), C(t[2])}
    count = len(hand1.split()) + sum(len(p) for p in piles1)
    hand0 = tuple(c for c in sm.DECK_54 if c.is_tarock and c not in used)[:count]
    assert len(hand0) == count
    leader = 0
    for t in tricks:
        leader = _winner(t[0], C(t[1]), C(t[2]))
    return _Later(rules=CLASSIC, hands=(hand0, hand1), strohmaenner=((), tuple(piles1)), tricks=tricks, rest_to=0, leader=leader)


class _Later:
    """A position's description, made (and so checked: a Position refuses a description no deal
    gives when it is made) when its state is asked for."""

    def __init__(self, **fields: Any) -> None:
        self.fields = fields

    def state(self) -> sm.GameState:
        return Position(**self.fields).state()


def _refused(pos: _Later) -> Reason:
    with pytest.raises(DeckError) as info:
        pos.state()
    assert len(str(info.value)) < 300
    return info.value.reason


def _loads(pos: _Later) -> bool:
    return pos.state().phase is sm.Phase.PLAY


# --------------------------------------------------------------------------------------------
# (a) R14 on set-up tricks given card by card


def test_R14_a_kept_heart_after_not_following_hearts_with_full_strohmaenner_is_refused() -> None:
    """Seat 1 answered ♥K with ♠J while his Strohmänner were as dealt (none has lost a card
    since): every card of his hand now was in his hand then; he keeps ♥Q, so he could follow."""
    assert _refused(_after_tricks("♥Q", FULL_1, (0, "♥K", "♠J"))) is Reason.MUST_FOLLOW_SUIT
    # Nor could he trump with the XX: a suit answered with another suit (R14).
    assert _refused(_after_tricks("XX", FULL_1, (0, "♥K", "♠J"))) is Reason.MUST_PLAY_TAROCK
    # A tarock led, answered with a suit, while he holds a tarock.
    assert _refused(_after_tricks("XX", FULL_1, (0, "XXI", "♠J"))) is Reason.MUST_PLAY_TAROCK
    # Trumping without a heart is his duty; without hearts and tarocks, any card will do.
    assert _after_tricks("♠J", FULL_1, (0, "♥K", "XXI")).state().trick_number == 27 - 13
    assert _loads(_after_tricks("♠Q", FULL_1, (0, "♥K", "♠J")))


def test_R14_a_card_that_may_have_come_into_the_hand_later_is_accepted() -> None:
    """Where a Strohmann has lost a card, a tarock or a King of the hand may have been taken up
    after the trick (R11): accepted. Any other card only as a last card (R12): with none of his
    Strohmänner empty it was dealt to him and is refused, with an empty one accepted."""
    assert _refused(_after_tricks("♦K ♠Q", FULL_1, (0, "♦Q", "♠J"))) is Reason.MUST_FOLLOW_SUIT
    assert _loads(_after_tricks("♦K ♠Q", SHORT_1, (0, "♦Q", "♠J")))
    assert _loads(_after_tricks("XX ♠Q", SHORT_1, (0, "♥K", "♠J")))
    assert _refused(_after_tricks("♥Q ♠Q", SHORT_1, (0, "♥K", "♠J"))) is Reason.MUST_FOLLOW_SUIT
    empty = ((), FULL_1[1], FULL_1[2])
    assert _loads(_after_tricks("♥Q ♠Q ♠7 ♠8 ♠9", empty, (0, "♥K", "♠J")))


def test_R14_from_the_strohmann_and_later_set_up_plays() -> None:
    """A heart face up on a Strohmann that has lost no card lay there at the trick (R14 from the
    Strohmann); one on a Strohmann that has lost a card may have been turned later. With all his
    Strohmänner as dealt, a heart he played in a later set-up trick came from his hand."""
    hearts_up = (("♥4", "♠8", "♠9", "♠10"), FULL_1[1], FULL_1[2])
    assert _refused(_after_tricks("♠Q", hearts_up, (0, "♥K", "♠J"))) is Reason.MUST_FOLLOW_SUIT_FROM_STROHMANN
    turned_later = (("♥4", "♠9", "♠10"), FULL_1[1], FULL_1[2])
    assert _loads(_after_tricks("♠Q ♠8", turned_later, (0, "♥K", "♠J")))
    # Seat 0 wins with the ♥K and leads ♦K, which seat 1 answers with the ♥Q.
    later = (0, "♦K", "♥Q")
    assert _refused(_after_tricks("♠Q", FULL_1, (0, "♥K", "♠J"), later)) is Reason.MUST_FOLLOW_SUIT
    assert _loads(_after_tricks("♠Q ♠10", SHORT_1, (0, "♥K", "♠J"), later))


def test_R14_won_cards_say_nothing() -> None:
    """The same cards given as won cards are paired by the set-up, not played: accepted."""
    pos = _after_tricks("♥Q", FULL_1, (0, "♥K", "♠J"))
    assert _loads(_Later(**{**pos.fields, "tricks": (), "won": (("♥K", "♠J"), ()), "leader": 0}))


def test_R14_refusals_reach_documents() -> None:
    """A state document of such a position is refused with the same reason."""
    doc = to_dict(_after_tricks("♠Q", FULL_1, (0, "♥K", "♠J")).state())
    doc["position"]["hands"][1] = ["♥Q"]
    doc["position"]["won"][0] = [c for c in doc["position"]["won"][0] if c != "♥Q"] + ["♠Q"]
    with pytest.raises(sm.SerializationError) as info:
        from_dict(doc)
    assert info.value.reason is Reason.MUST_FOLLOW_SUIT


# --------------------------------------------------------------------------------------------
# (b) R11 before the first trick


def _uncovered(lost: tuple[int, int, int], tk: int) -> _Later:
    """Every card placed, no trick: seat 1's Strohmänner have lost ``lost`` cards each (4: it is
    empty), his hand holds ``tk`` tarocks or Kings; seat 0's are as dealt."""
    tks = list(TK)
    plain = list(PLAIN)
    size = 15 + sum(lost)
    hand1 = [tks.pop() for _ in range(tk)] + [plain.pop() for _ in range(size - tk)]
    piles1 = []
    for k in range(3):
        n = 4 - lost[k]
        piles1.append(() if not n else (plain.pop(), *[tks.pop() if tks else plain.pop() for _ in range(n - 1)]))
    piles0 = [(plain.pop(), *[tks.pop() if tks else plain.pop() for _ in range(3)]) for _ in range(3)]
    hand0 = tks + plain
    return _Later(rules=CLASSIC, hands=(hand0, hand1), strohmaenner=(piles0, piles1), leader=1, dealer=0, undertaker=1)


@pytest.mark.parametrize(
    ("lost", "need"), [((1, 0, 0), 1), ((2, 1, 0), 3), ((4, 0, 0), 3), ((4, 4, 2), 8), ((0, 0, 0), 0)]
)
def test_R11_R12_a_strohmann_short_before_the_first_trick_needs_taken_up_cards(lost: tuple[int, int, int], need: int) -> None:
    """Before the first trick a Strohmann loses cards only by the uncovering: each a tarock or a
    King taken into the hand (R11), but the last card of an empty one, whatever it is (R12).
    With fewer tarocks and Kings in the hand, no deal gives the position."""
    if need:
        assert _refused(_uncovered(lost, need - 1)) is Reason.WRONG_DECK_SIZE
    state = _uncovered(lost, need).state()
    assert state.trick_number == 0 and len(state.hand(1)) == 15 + sum(lost)
    doc = to_dict(state)
    assert from_dict(doc) == state


# --------------------------------------------------------------------------------------------
# Positions real play reaches always load; their views load and sample consistently


def _moment(rules: sm.RuleSet, seed: int, stop: int) -> GameState | None:
    """A random deal played at random to the start of trick ``stop`` (None if it ended)."""
    rng = random.Random(seed)
    state = sm.deal(rules, dealer=seed % 2, rng=seed)
    while not state.is_terminal and (state.phase is not sm.Phase.PLAY or state.trick_number < stop or state.current_trick):
        state = state.apply(rng.choice(state.legal_actions()))
    return None if state.is_terminal else state


def _check_views(state: GameState, rng: random.Random) -> None:
    """Each view of ``state`` loads from its document, and each of a few samples of it is a
    position that loads (R11, R12, R14) and shows the view."""
    for p in (0, 1, None):
        view = state.view(p)
        loaded = view_from_dict(view.to_dict())
        assert loaded == view
        for _ in range(3):
            guess = sample(view, rng)
            assert guess.view(p) == view
            if guess.order is None:
                Position.of(guess).state()  # (its set-up validated again)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), which=st.sampled_from(sorted(sm.PRESETS)), early=st.booleans(), won=st.booleans())
def test_positions_reached_by_play_load(seed: int, which: str, early: bool, won: bool) -> None:
    """A moment of a real game between two tricks — often before the first trick, where the
    uncovering has taken tarocks and Kings up (R11) — re-expressed as a position, card by card
    (Position.at) or as won cards: it loads, as a state and as a state document, plays on
    alike, and its views load and sample positions that load."""
    rules = sm.PRESETS[which]
    rng = random.Random(seed)
    stop = 0 if early else rng.randrange(rules.deck.trick_count - 1)
    state = _moment(rules, seed, stop)
    if state is None:
        return
    pos = position_of(state) if won else Position.at(state)
    start = pos.state()
    assert start.hand(0) == state.hand(0) and start.hand(1) == state.hand(1)
    assert start.legal_actions() == state.legal_actions()
    assert from_dict(to_dict(start)) == start
    _check_views(start, rng)
    # A few plays on: the views of the later states load and sample too.
    later = start
    for _ in range(rng.randrange(1, 8)):
        if later.is_terminal:
            break
        later = later.apply(rng.choice(later.legal_actions()))
    _check_views(later, rng)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), which=st.sampled_from(sorted(sm.PRESETS)))
def test_views_of_accepted_random_positions_sample_positions_that_load(seed: int, which: str) -> None:
    """Any position the check accepts (drawn at random, hostile ones included): its views load,
    and every sample of them is a position the check accepts."""
    rng = random.Random(seed)
    state = _random_position(sm.PRESETS[which], rng).state()
    _check_views(state, rng)


# --------------------------------------------------------------------------------------------
# (c) The sampler keeps what the check needs


def test_R14_samples_keep_set_up_voids_out_of_the_set_up_hand() -> None:
    """Seat 1 answered ♥K with ♠J with his Strohmänner as dealt: no sample of seat 0's view (nor
    a spectator's) gives him a heart or a tarock at the position (I, II and III lie face down
    in his Strohmann); given as won cards, the same trick lets them be in his hand."""
    pos = _after_tricks("♠Q ♦Q ♣Q", FULL_1, (0, "♥K", "♠J"))
    state = pos.state()
    doc = state.view(0).to_dict()
    assert doc["setup_won"] == len(state.tricks) - 1  # (the last set-up trick is given card by card)
    for seed in range(30):
        for p in (0, None):
            guess = sample(state.view(p), seed)
            hand = Position.of(guess).hands[1]
            assert not any(c.is_tarock or c.suit is sm.Suit.HEARTS for c in hand), hand
    # As won cards the trick says nothing: a heart may be his.
    won = _Later(**{**pos.fields, "tricks": (), "won": (("♥K", "♠J"), ()), "leader": 0}).state()
    assert won.view(0).to_dict()["setup_won"] == len(won.tricks)
    hands = {Position.of(sample(won.view(0), seed)).hands[1] for seed in range(60)}
    assert any(c.suit is sm.Suit.HEARTS or c.is_tarock for hand in hands for c in hand)


def test_R11_samples_before_the_first_trick_hold_the_taken_up_cards() -> None:
    """Before the first trick seat 1's short Strohmänner mean three tarocks or Kings in his hand:
    every sample of seat 0's view and of a spectator's gives him three (R11)."""
    state = _uncovered((2, 1, 0), 3).state()
    for seed in range(40):
        for p in (0, None):
            guess = sample(state.view(p), seed)
            assert sum(c in TK for c in guess.hand(1)) >= 3
            Position.of(guess).state()


def test_view_documents_of_positions_say_which_set_up_tricks_were_won_cards() -> None:
    """A position's view document gives ``setup_won``; it must be there and in range; a dealt
    view has none."""
    state = _after_tricks("♠Q ♦Q ♣Q", FULL_1, (0, "♥K", "♠J")).state()
    doc = state.view(1).to_dict()
    assert view_from_dict(doc) == state.view(1)
    setup = len(state.tricks)
    for bad in ({k: v for k, v in doc.items() if k != "setup_won"}, {**doc, "setup_won": setup + 1}, {**doc, "setup_won": True}):
        with pytest.raises(sm.SerializationError):
            view_from_dict(bad)
    dealt = sm.deal(CLASSIC, dealer=0, rng=1).view(0).to_dict()
    assert "setup_won" not in dealt
    with pytest.raises(sm.SerializationError):
        view_from_dict({**dealt, "setup_won": 0})


# The exact counts with a minimum (R7's tarock, R11's tarocks and Kings), against brute force


def _brute_leaves(free: int, in_d: int, in_f: int, in_h: list[int], n_hand: int, need: int, mask: int) -> int:
    """The deals of a player's view by brute force: distinct cards for the H places, D a set of
    ``n_hand`` cards that fit D with at least ``need`` of ``mask``, the rest fitting F."""
    cards = [c for c in range(64) if free >> c & 1]
    total = 0
    for hs in itertools.product(*[[c for c in cards if a >> c & 1] for a in in_h]):
        if len(set(hs)) != len(hs):
            continue
        rest = [c for c in cards if c not in hs]
        for d in itertools.combinations(rest, n_hand):
            if all(in_d >> c & 1 for c in d) and sum(mask >> c & 1 for c in d) >= need:
                if all(in_f >> c & 1 for c in rest if c not in d):
                    total += 1
    return total


def test_leaves_count_a_minimum_exactly() -> None:
    rng = random.Random(24)
    checked = 0
    for _ in range(400):
        n = rng.randint(2, 9)
        free = (1 << n) - 1
        in_d = free & rng.getrandbits(n) | rng.getrandbits(n) & free
        in_f = free & rng.getrandbits(n)
        in_h = [free & rng.getrandbits(n) for _ in range(rng.randint(0, 2))]
        n_hand = n - len(in_h) - rng.randint(0, n - len(in_h))
        if n_hand < 0:
            continue
        mask = rng.getrandbits(n)
        need = rng.randint(0, 3)
        expected = _brute_leaves(free, in_d, in_f, in_h, n_hand, need, mask)
        try:
            got = leaves(free, in_d, in_f, in_h, n_hand, need, mask)[0][-1]
        except sm.StateError:
            got = 0
        assert got == expected, (free, in_d, in_f, in_h, n_hand, need, mask)
        checked += expected > 0
    assert checked > 50


def test_spectator_spread_counts_a_minimum_exactly() -> None:
    """Spread with first hands that must hold at least some cards of the minimum (``need``):
    its count against brute force on small problems, and its draws (rejection, then the exact
    count) exactly the possible deals, uniformly."""
    rng = random.Random(11)
    checked = 0
    for _ in range(300):
        groups = [SP.Group(SP.HAND, 0, tuple(range(rng.randint(0, 3)))), SP.Group(SP.HAND, 1, tuple(range(rng.randint(0, 3))))]
        groups += [SP.Group(SP.UNSEEN, rng.randint(0, 1), (0,)) for _ in range(rng.randint(0, 2))]
        if rng.random() < 0.8:
            groups.append(SP.Group(SP.DOWN, -1, tuple(range(rng.randint(1, 3)))))
        total = sum(len(g.positions) for g in groups)
        if not 0 < total <= 7:
            continue
        for g in groups[:2]:
            g.need = rng.choice((0, 1, 2, 3))
        kinds: dict[tuple[int, bool], list[int]] = {}
        full = (1 << len(groups)) - 1
        for c in range(total):
            allowed = rng.randint(1, full) if rng.random() < 0.7 else full
            kinds.setdefault((allowed, rng.random() < 0.5), []).append(c)
        types = [(allowed, mark, cards) for (allowed, mark), cards in kinds.items()]
        cards = [(allowed, mark) for allowed, mark, cs in types for _ in cs]
        room = [len(g.positions) for g in groups]
        possible: set[tuple[int, ...]] = set()
        for assign in itertools.product(range(len(groups)), repeat=len(cards)):
            if any(not cards[k][0] >> g & 1 for k, g in enumerate(assign)):
                continue
            if [assign.count(g) for g in range(len(groups))] != room:
                continue
            if all(sum(1 for k, g in enumerate(assign) if g == h and cards[k][1]) >= groups[h].need for h in (0, 1)):
                possible.add(assign)
        # (Spread counts each hand's cards as a set, the brute force each card's group: the same)
        assert SP.Spread(groups, types, True).total == len(possible)
        if not 2 <= len(possible) <= 30:
            continue
        checked += 1
        # The draws (rejection, then the exact count after eight misses): exactly the possible
        # deals, uniformly.
        marked = sum(1 << c for _, mark, cs in types if mark for c in cs)
        draws = SP.Spreads(groups, types, None, marked)
        where = {c: k for k, c in enumerate(c for _, _, cs in types for c in cs)}
        counts: Counter[tuple[int, ...]] = Counter()
        draw = random.Random(len(possible)).random
        for _ in range(150 * len(possible)):
            placed = [0] * len(where)
            for b, chosen in enumerate(draws.draw(draw)):
                for c in chosen:
                    placed[where[c]] = b
            counts[tuple(placed)] += 1
        _assert_uniform(counts, possible)
    assert checked > 20


def _marginals(m: int, o: int, h: int, need: int) -> tuple[float, float]:
    """The chance that a given card of the minimum, and a given other card, lies in a hand of
    ``h`` of ``m`` cards of the minimum and ``o`` others, uniform over the hands with at least
    ``need`` of the minimum."""
    total = sum(math.comb(m, j) * math.comb(o, h - j) for j in range(need, h + 1))
    mine = sum(math.comb(m - 1, j - 1) * math.comb(o, h - j) for j in range(max(need, 1), h + 1))
    other = sum(math.comb(m, j) * math.comb(o - 1, h - 1 - j) for j in range(need, h))
    return mine / total, other / total


@pytest.mark.parametrize("path", ["draw", "strict"])
def test_R11_set_up_hand_with_a_minimum_is_uniform(path: str) -> None:
    """Seat 0's view of a position before the first trick whose seat 1 has taken up all his
    Strohmänner: his set-up hand holds at least nine tarocks and Kings (R11, R12), and of the
    36 cards seat 0 does not see, 11 are tarocks or Kings and seat 1 holds 27 (about half his
    possible hands have fewer). Both the draw (rejection) and its exact fallback give each free
    card the chance it has among the hands with nine."""
    hand1 = TK[:9] + PLAIN[:18]
    piles0 = ((PLAIN[18], TK[9], PLAIN[21], PLAIN[22]), (PLAIN[19], TK[10], PLAIN[23], PLAIN[24]), (PLAIN[20], *PLAIN[25:28]))
    pos = Position(rules=CLASSIC, hands=(TK[11:], hand1), strohmaenner=(piles0, ((), (), ())), leader=1, dealer=0, undertaker=1)
    view = pos.state().view(0)
    m = model(seen_of(view))
    assert isinstance(m, PositionModel) and isinstance(m.model, Exact)
    exact = m.model
    assert exact.need == 9 and exact.forced == 0 and exact.only_f == 0  # (every free card fits both)
    free = [c for c in range(54) if exact.free >> c & 1]
    h = exact.n_hand
    n_tk = sum(1 for c in free if TAKE_UP >> c & 1)
    assert (n_tk, len(free), h) == (11, 36, 27)
    p_tk, p_other = _marginals(n_tk, len(free) - n_tk, h, 9)
    assert p_tk > 0.8 > 27 / 36
    rng = random.Random(5)
    n = 3000
    counts = dict.fromkeys(free, 0)
    for _ in range(n):
        hand = exact.draw(rng)[1][1] if path == "draw" else exact._strict(rng.random)[2]
        assert (hand & TAKE_UP).bit_count() >= 9 and hand.bit_count() == h
        for c in free:
            counts[c] += hand >> c & 1
    for c in free:
        p = p_tk if TAKE_UP >> c & 1 else p_other
        z = (counts[c] - n * p) / math.sqrt(n * p * (1 - p))
        assert abs(z) < 5, (c, counts[c], n * p)
