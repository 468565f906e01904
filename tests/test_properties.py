"""Hypothesis properties over random deals and random legal play, for every preset and both decks.

Each example deals from a deck order built with a seeded ``random.Random`` (sometimes arranged so
that a hand has no tarock, to reach the fold decision of R7), varies the options of R9, R10 and
R12, and plays uniformly random legal actions to the end. The checks compare the engine with an
independent reading of the rules written here from RULINGS.md (legal moves R13, R14, R17, R18;
trick winners R15; uncovering R11, R12, R15; counting R2, R4).
"""

from __future__ import annotations

import itertools
import random

import attrs
import pytest
from helpers import (
    ALL_ACTIONS,
    SEATS,
    face_down_cards,
    on_deck,
    snapshot,
    strohmann_layout,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from strohmandeln import (
    MOND,
    PAGAT,
    PRESETS,
    SKUS,
    Action,
    Announcement,
    BothPass,
    Bonus,
    Call,
    Card,
    CardPoints,
    Deck,
    Double,
    Fold,
    GameState,
    IllegalActionError,
    Keep,
    LastCard,
    NoDouble,
    Pass,
    Phase,
    Play,
    Reason,
    RuleSet,
    Take,
    VoidReason,
    compose_order,
    deal,
)

RULE_SETS: list[RuleSet] = [on_deck(rules, deck) for rules in PRESETS.values() for deck in Deck]
RULE_IDS = [r.name for r in RULE_SETS]

XVII = Card.tarock(17)
XVIII = Card.tarock(18)
KINGS = frozenset(c for c in Deck.FULL_54.cards if c.is_king)
TRULL = frozenset({SKUS, MOND, PAGAT})

_DEFAULT_EXAMPLES = settings().max_examples
#: Examples per rule set (there are fourteen rule sets): half the profile's number.
PER_RULE_SET = settings(max_examples=max(3, _DEFAULT_EXAMPLES // 2))
#: Fewer examples for the properties that try many action values in every state.
FEW = settings(max_examples=max(2, _DEFAULT_EXAMPLES // 5))


# ------------------------------------------------------------------------------------------------
# Random deals and random play


@attrs.frozen
class Game:
    rules: RuleSet
    dealer: int
    states: tuple[GameState, ...]

    @property
    def final(self) -> GameState:
        return self.states[-1]


def _order(rules: RuleSet, rng: random.Random, dealer: int, tarockless: str) -> tuple[Card, ...]:
    """A shuffled deck order; ``tarockless`` names the seats ("elder", "dealer", "both") dealt no tarock."""
    deck = list(rules.deck.cards)
    rng.shuffle(deck)
    if tarockless == "none":
        return tuple(deck)
    elder = 1 - dealer
    seats = {"elder": [elder], "dealer": [dealer], "both": [elder, dealer]}[tarockless]
    size = sum(rules.deck.hand_packets)
    hands: list[list[Card]] = [[], []]
    used: set[Card] = set()
    for seat in seats:
        hands[seat] = [c for c in deck if not c.is_tarock and c not in used][:size]
        used.update(hands[seat])
    rest = [c for c in deck if c not in used]
    for seat in SEATS:
        if not hands[seat]:
            hands[seat], rest = rest[:size], rest[size:]
    piles: list[list[tuple[Card, ...]]] = [[], []]
    for k, pile_size in enumerate(rules.deck.strohmann_sizes):
        for seat in SEATS:
            piles[seat].append(tuple(rest[:pile_size]))
            rest = rest[pile_size:]
    assert not rest
    return compose_order(
        rules,
        dealer=dealer,
        hands=(hands[0], hands[1]),
        strohmaenner=((piles[0][0], piles[0][1], piles[0][2]), (piles[1][0], piles[1][1], piles[1][2])),
    )


@st.composite
def games(draw: st.DrawFn, base: RuleSet) -> Game:
    """A random deal of a variant of ``base`` played to the end with random legal actions."""
    rules = attrs.evolve(
        base,
        last_card=draw(st.sampled_from(LastCard)),
        both_pass=draw(st.sampled_from(BothPass)),
        undertaker_doubling=draw(st.booleans()),
        name=f"{base.name}-variant",
    )
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    dealer = draw(st.sampled_from(SEATS))
    tarockless = draw(st.sampled_from(["none", "none", "none", "elder", "dealer", "both"]))
    rng = random.Random(seed)
    state = deal(rules, dealer=dealer, order=_order(rules, rng, dealer, tarockless))
    states = [state]
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return Game(rules, dealer, tuple(states))


def _trick_cards(state: GameState) -> list[Card]:
    return [play.card for play in state.current_trick]


def _made_announcements(state: GameState, player: int) -> frozenset[Announcement]:
    made: set[Announcement] = set()
    for trick in state.tricks:
        made |= trick.play_of(player).announcements
    if state.current_trick and state.leader == player:
        made |= state.current_trick[0].announcements
    return frozenset(made)


# ------------------------------------------------------------------------------------------------
# An independent reading of the rules


def expected_legal(state: GameState) -> set[Action]:
    """The legal actions as RULINGS.md describes them (R7, R8, R10, R13, R14, R17, R18)."""
    if state.is_terminal:
        return set()
    if state.phase is Phase.FOLD:
        return {Fold(), Keep()}
    if state.phase is Phase.AUCTION:
        return {Take(), Pass()}
    if state.phase is Phase.DOUBLING:
        return {Double(), NoDouble()}
    assert state.phase is Phase.PLAY
    p = state.current_player
    assert p is not None
    hand = set(state.hand(p))
    available = hand | set(state.strohmann_tops(p))
    trick = state.current_trick
    if not trick:
        playable = available
    else:
        led = trick[0].card
        same = {c for c in available if c.suit == led.suit}  # tarocks have suit None
        tarocks = {c for c in available if c.is_tarock}
        playable = same or tarocks or available
    scoring = state.rules.scoring
    made = _made_announcements(state, p)
    options = []
    if scoring.has(Bonus.TRULL_ANNOUNCED) and Announcement.TRULL not in made and TRULL <= hand:
        options.append(Announcement.TRULL)
    if scoring.has(Bonus.FOUR_KINGS_ANNOUNCED) and Announcement.FOUR_KINGS not in made and KINGS <= hand:
        options.append(Announcement.FOUR_KINGS)
    subsets = [frozenset(s) for n in range(len(options) + 1) for s in itertools.combinations(options, n)]
    legal: set[Action] = {Play(c, s) for c in playable for s in subsets}
    if scoring.has(Bonus.ROSTOPSCHIN):
        if XVII in playable:
            legal |= {Play(XVII, s, Call.ROSS) for s in subsets}
        if not trick and XVIII in playable and state.tricks:
            last = state.tricks[-1]
            mine = last.play_of(p)
            if last.winner == p and mine.card is XVII and mine.call is Call.ROSS:
                legal |= {Play(XVIII, s, Call.TOPSCHIN) for s in subsets}
    return legal


def expected_winner(leader: int, lead: Card, follow: Card) -> int:
    """R15: the highest tarock; else the highest card of the led suit; a discard never wins."""
    if follow.suit == lead.suit:
        return 1 - leader if follow.rank > lead.rank else leader
    return 1 - leader if follow.is_tarock else leader


Layout = tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]


def check_uncovering(state: GameState, piles: Layout) -> None:
    """R11, R12, R15: the events of each Strohmann are its cards from the top, taken up exactly when
    R11/R12 say, turned only after the card above was played (or taken up in the same turn)."""
    events = state.events
    started = state.phase in (Phase.PLAY, Phase.FINISHED)
    if not started:
        assert events == ()
    initial = [e for e in events if e.after_trick == 0]
    assert list(events[: len(initial)]) == initial
    assert [e.player for e in initial] == sorted((e.player for e in initial), key=lambda p: p != state.elder)
    assert [e.after_trick for e in events] == sorted(e.after_trick for e in events)
    tricks = state.tricks
    hidden_default = state.rules.last_card is LastCard.HIDDEN
    for p in SEATS:
        for k, pile in enumerate(piles[p]):
            turned = [e for e in events if e.player == p and e.strohmann == k]
            assert [e.card for e in turned] == list(pile[: len(turned)])
            if started:
                assert turned, "every Strohmann is uncovered before play"
            for i, e in enumerate(turned):
                last = i == len(pile) - 1
                assert e.to_hand == (e.card.is_tarock or e.card.is_king or last)
                assert e.hidden == (last and hidden_default)
                assert e.after_trick <= state.trick_number
                if i > 0:
                    before = turned[i - 1]
                    if before.to_hand:
                        assert e.after_trick == before.after_trick
                    else:
                        assert e.after_trick > 0
                        assert before.card in tricks[e.after_trick - 1].cards
            if turned:
                view = state.strohmann(p, k)
                assert view.face_down == len(pile) - len(turned)
                top = turned[-1]
                expected_top = None if top.to_hand or top.card in _trick_cards(state) else top.card
                if top.card in state.won_cards(0) or top.card in state.won_cards(1):
                    expected_top = None
                assert view.face_up is expected_top


# ------------------------------------------------------------------------------------------------
# The properties


def _each_rule_set(test: object) -> object:
    return pytest.mark.parametrize("base", RULE_SETS, ids=RULE_IDS)(test)


@_each_rule_set
@PER_RULE_SET
@given(data=st.data())
def test_R6_R13_R15_cards_are_conserved_at_every_step(base: RuleSet, data: st.DataObject) -> None:
    """R6, R13, R15: hands + face-up tops + face-down Strohmann cards + won cards + the current trick are
    exactly the deck, pairwise disjoint, at every step."""
    game = data.draw(games(base))
    deck = sorted(game.rules.deck.cards)
    piles = strohmann_layout(game.states[0])
    for state in game.states:
        parts: list[Card] = list(_trick_cards(state))
        for p in SEATS:
            parts += state.hand(p)
            parts += state.strohmann_tops(p)
            parts += face_down_cards(state, p, piles)
            parts += state.won_cards(p)
            assert set(state.available(p)) == set(state.hand(p)) | set(state.strohmann_tops(p))
            assert not set(state.hand(p)) & set(state.strohmann_tops(p))
        assert len(parts) == len(deck)
        assert sorted(parts) == deck


@_each_rule_set
@PER_RULE_SET
@given(data=st.data())
def test_R2_R4_R15_final_card_points_and_trick_count(base: RuleSet, data: st.DataObject) -> None:
    """R2, R4, R15: a finished deal has 27 (54 cards) or 20 (40 cards) tricks and all 70 / 88 points;
    each player's points are those of the cards of the tricks he won, whose winners follow R15."""
    game = data.draw(games(base))
    final = game.final
    deck = game.rules.deck
    if final.phase is Phase.VOID:
        assert final.tricks == () and final.void_reason is not None
        return
    assert final.phase is Phase.FINISHED
    assert len(final.tricks) == final.trick_number == deck.trick_count == (27 if deck is Deck.FULL_54 else 20)
    total = final.card_points(0) + final.card_points(1)
    assert total == CardPoints(210 if deck is Deck.FULL_54 else 264)
    assert total.fraction == deck.total_points
    won: list[list[Card]] = [[], []]
    leader = final.tricks[0].leader
    for n, trick in enumerate(final.tricks, start=1):
        assert trick.number == n
        assert trick.leader == leader
        winner = expected_winner(trick.leader, *trick.cards)
        assert trick.winner == winner
        won[winner] += trick.cards
        leader = winner
    for p in SEATS:
        assert final.won_cards(p) == tuple(sorted(won[p]))
        assert final.card_points(p) == CardPoints.of(won[p], deck.counting)


@_each_rule_set
@PER_RULE_SET
@given(data=st.data())
def test_R13_R14_R17_R18_legal_actions_match_the_rules(base: RuleSet, data: st.DataObject) -> None:
    """R13, R14, R17, R18: ``legal_actions()`` is exactly the set the rulings give, without duplicates,
    non-empty until the deal is over and empty after; the plain plays come first in canonical order.
    """
    game = data.draw(games(base))
    for state in game.states:
        legal = state.legal_actions()
        assert len(set(legal)) == len(legal)
        assert set(legal) == expected_legal(state)
        assert bool(legal) == (not state.is_terminal)
        assert (state.current_player is None) == state.is_terminal
        plain = [a for a in legal if isinstance(a, Play) and not a.announcements and a.call is None]
        assert list(legal[: len(plain)]) == plain
        assert [a.card for a in plain] == sorted(a.card for a in plain)
        for p in SEATS:
            assert state.announcements(p) == _made_announcements(state, p)


@_each_rule_set
@PER_RULE_SET
@given(data=st.data())
def test_R11_R12_R15_uncovering_follows_the_rules(base: RuleSet, data: st.DataObject) -> None:
    """R11, R12, R15: every Strohmann event, face-up top and face-down count agrees with the rules."""
    game = data.draw(games(base))
    piles = strohmann_layout(game.states[0])
    for state in game.states:
        check_uncovering(state, piles)


@_each_rule_set
@PER_RULE_SET
@given(data=st.data())
def test_R5_R7_R8_R9_R10_phases_follow_the_rules(base: RuleSet, data: st.DataObject) -> None:
    """R5, R7–R10: the phase sequence, who acts, the undertaker, doubling and void deals."""
    game = data.draw(games(base))
    rules = game.rules
    elder, dealer = 1 - game.dealer, game.dealer
    first = game.states[0]
    tarockless = [p for p in (elder, dealer) if not any(c.is_tarock for c in first.hand(p))]
    if rules.fold_without_tarock and tarockless:
        assert (first.phase, first.current_player) == (Phase.FOLD, tarockless[0])
    else:
        assert (first.phase, first.current_player) == (Phase.AUCTION, elder)
    for before, after in zip(game.states, game.states[1:]):
        action = after.history[-1]
        assert after.history[:-1] == before.history
        actor = before.current_player
        assert actor is not None
        if before.phase is Phase.FOLD:
            assert actor in tarockless and rules.fold_without_tarock
            if isinstance(action, Fold):
                assert (after.phase, after.void_reason) == (Phase.VOID, VoidReason.FOLDED)
            elif actor == elder and dealer in tarockless:
                assert (after.phase, after.current_player) == (Phase.FOLD, dealer)
            else:
                assert (after.phase, after.current_player) == (Phase.AUCTION, elder)
        if before.phase is Phase.AUCTION and isinstance(action, Take):
            assert after.undertaker == actor
            if rules.undertaker_doubling:
                assert (after.phase, after.current_player) == (Phase.DOUBLING, 1 - actor)
            else:
                assert after.phase is Phase.PLAY
        if before.phase is Phase.AUCTION and isinstance(action, Pass):
            if actor == elder:
                assert (after.phase, after.current_player) == (Phase.AUCTION, dealer)
            elif rules.both_pass is BothPass.THROW_IN:
                assert (after.phase, after.void_reason) == (Phase.VOID, VoidReason.THROWN_IN)
            else:
                assert after.phase is Phase.PLAY and after.is_simple_game
        if before.phase is Phase.DOUBLING:
            assert after.doubled == isinstance(action, Double)
        if before.phase is not Phase.PLAY and after.phase is Phase.PLAY:
            undertaker = after.undertaker
            if rules.first_lead.value == "undertaker" and undertaker is not None:
                assert after.current_player == undertaker
            else:
                assert after.current_player == elder
        if before.phase is Phase.PLAY and after.current_trick == () and after.phase is Phase.PLAY:
            assert after.current_player == after.tricks[-1].winner
    if game.final.phase is Phase.VOID:
        assert game.final.void_reason is not None
        assert all(s.phase is not Phase.PLAY for s in game.states)


@_each_rule_set
@FEW
@given(data=st.data())
def test_R16_every_action_not_in_legal_actions_is_refused(base: RuleSet, data: st.DataObject) -> None:
    """R16: every action value not in ``legal_actions()`` (other cards, every announcement and call
    variant, other decisions) raises ``IllegalActionError``; every listed one is accepted; a seat that
    is not to act is refused with ``NOT_YOUR_TURN``."""
    game = data.draw(games(base))
    rng = random.Random(data.draw(st.integers(min_value=0, max_value=2**32 - 1)))
    for state in game.states:
        legal = set(state.legal_actions())
        p = state.current_player
        near = set(state.available(p)) | set(_trick_cards(state)) if p is not None else set()
        candidates = [a for a in ALL_ACTIONS if not isinstance(a, Play) or a.card in near]
        candidates += rng.sample(ALL_ACTIONS, 40)
        for action in candidates:
            if action in legal:
                assert state.apply(action).history[-1] == action
                if isinstance(action, Play):  # an equal copy is accepted with the same effect
                    twin = Play(action.card, action.announcements, action.call)
                    assert state.apply(twin) == state.apply(action)
                continue
            # apply() refuses exactly as why_illegal() explains, for the interned action and
            # for a freshly built equal copy (which takes apply's checked slow path).
            copy: Action = Play(action.card, action.announcements, action.call) if isinstance(action, Play) else action
            for attempt in (action, copy):
                explained = state.why_illegal(attempt)
                assert explained is not None
                try:
                    state.apply(attempt)
                except IllegalActionError as error:
                    assert isinstance(error.reason, Reason)
                    assert (error.reason, str(error)) == (explained.reason, str(explained))
                else:
                    raise AssertionError(f"{attempt} was accepted in {state!r} but is not listed")
        for action in rng.sample(candidates, 5):
            assert state.is_legal(action) == (action in legal)
        if p is not None:
            with pytest.raises(IllegalActionError) as info:
                state.apply(state.legal_actions()[0], player=1 - p)
            assert info.value.reason is Reason.NOT_YOUR_TURN


@_each_rule_set
@FEW
@given(data=st.data())
def test_apply_never_mutates_a_state(base: RuleSet, data: st.DataObject) -> None:
    """States are immutable: after ``apply`` — accepted or refused — every public accessor of the old
    state reports what it reported before."""
    game = data.draw(games(base))
    rng = random.Random(data.draw(st.integers(min_value=0, max_value=2**32 - 1)))
    for before, after in zip(game.states, game.states[1:]):
        seen = snapshot(before)
        assert before.apply(after.history[-1]) == after
        for action in rng.sample(ALL_ACTIONS, 12):
            try:
                before.apply(action)
            except IllegalActionError:
                pass
        assert snapshot(before) == seen  # a change would persist, so one comparison covers every apply
    assert snapshot(game.states[0]) == snapshot(deal(game.rules, dealer=game.dealer, order=game.states[0].order))


@_each_rule_set
@PER_RULE_SET
@given(data=st.data())
def test_equal_histories_give_equal_hashable_states(base: RuleSet, data: st.DataObject) -> None:
    """Replaying a deal's history from the same deck order gives equal states with equal hashes;
    different histories give different states."""
    game = data.draw(games(base))
    order = game.states[0].order
    assert order is not None
    state = deal(game.rules, dealer=game.dealer, order=order)
    for n, (original, action) in enumerate(zip(game.states[1:], game.final.history)):
        state = state.apply(action)
        assert state == original
        assert hash(state) == hash(original)
        if n % 8 == 0 or state.is_terminal:
            assert snapshot(state) == snapshot(original)
    assert len(set(game.states)) == len(game.states)
    table = {s: n for n, s in enumerate(game.states)}
    assert all(table[s] == n for n, s in enumerate(game.states))

