"""Positions: play-phase states from explicit descriptions, validated (R11, R12, R15, R17)."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from helpers import position_of

import strohmandeln as sm
from strohmandeln import BECK, CLASSIC, EXTENDED, ZWANZIGERRUFEN_40, Card, DeckError, GameState, Reason, parse_action
from strohmandeln.positions import Position, position
from strohmandeln.sampling import sample
from strohmandeln.serialization import from_dict, to_dict

C = Card.parse


def test_001_end_game_setup() -> None:
    """[001]: A holds K, C, 9, 7 of clubs, B holds Q, J, 10, 8; the rest is gone; A leads."""
    state = position(CLASSIC, hands=("♣K ♣C ♣9 ♣7", "♣Q ♣J ♣10 ♣8"), rest_to=0, leader=0)
    assert state.phase is sm.Phase.PLAY and state.current_player == 0 and state.leader == 0
    assert state.trick_number == 23 and len(state.tricks) == 23
    assert state.history == () and state.order is None
    assert state.hand(0) == tuple(C(x) for x in "♣7 ♣9 ♣C ♣K".split())
    assert state.strohmaenner(0) == (sm.StrohmannPile(None, 0),) * 3
    assert len(state.won_cards(0)) == 46 and state.won_cards(1) == ()
    # four more tricks end the deal, and it scores like any other
    rng = random.Random(1)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.phase is sm.Phase.FINISHED and state.trick_number == 27
    assert state.card_points(0).thirds + state.card_points(1).thirds == 210
    assert sum(state.result().totals) == 0


def test_set_up_tricks_are_won_by_their_seat() -> None:
    state = position(CLASSIC, hands=("♣K", "♣Q"), won=("Sküs XXI ♥K ♥7" .replace("♥7", "♥4"), ""), rest_to=1, leader=1)
    tricks = state.tricks
    assert all(t.winner == t.leader for t in tricks)
    assert {c for t in tricks if t.winner == 0 for c in t.cards} == {C("Sküs"), C("XXI"), C("♥K"), C("♥4")}
    for t in tricks:  # the led card wins its trick under R15
        lead, follow = t.cards
        assert lead.index > follow.index if (lead.suit == follow.suit) else (lead.is_tarock or not follow.is_tarock)


def test_R11_R12_strohmann_turns_after_the_position() -> None:
    state = position(
        CLASSIC,
        hands=("XXI ♥K I XIX", "♥Q"),
        strohmaenner=((), (("♠7", "XX", "♦3"),)),
        won=((), ()),
        rest_to=0,
        leader=0,
    )
    assert state.strohmann(1, 0) == sm.StrohmannPile(C("♠7"), 2)
    assert state.strohmann_tops(1) == (C("♠7"),)
    state = state.apply(sm.parse_action("♥K")).apply(sm.parse_action("♥Q"))  # ♠7 does not follow hearts
    state = state.apply(sm.parse_action("XXI")).apply(sm.parse_action("♠7"))  # no tarock: ♠7 from the Strohmann
    turned = state.events[-2:]
    assert [(e.card, e.to_hand, e.hidden) for e in turned] == [(C("XX"), True, False), (C("♦3"), True, True)]
    assert state.hand(1) == (C("XX"), C("♦3"))
    view = state.view(0)
    assert view.known_hand(1) == (C("XX"),) and view.unknown_hand_count(1) == 1


def test_finished_position() -> None:
    state = position(CLASSIC, hands=("", ""), rest_to=0, leader=1)
    assert state.is_terminal and state.phase is sm.Phase.FINISHED and state.current_player is None


@pytest.mark.parametrize(
    ("kwargs", "reason"),
    [
        ({"hands": ("♣K ♣K", "♣Q ♣J"), "rest_to": 0}, Reason.DUPLICATE_CARD),
        ({"hands": ("♣K", "♣K"), "rest_to": 0}, Reason.DUPLICATE_CARD),
        ({"hands": ("♣K", "♣Q")}, Reason.WRONG_DECK_SIZE),
        ({"hands": ("♣K ♣C", "♣Q"), "rest_to": 0}, Reason.WRONG_DECK_SIZE),
        ({"hands": ("♣K", "♣Q"), "won": ("♣7", ""), "rest_to": 1}, Reason.WRONG_DECK_SIZE),
        ({"hands": ("♣K", ""), "strohmaenner": ((), (("♣Q",),)), "rest_to": 0}, Reason.WRONG_DECK_SIZE),
        ({"hands": ("♣K ♣C", ""), "strohmaenner": ((), (("XX", "♣Q"),)), "rest_to": 0}, Reason.CARD_FACE_DOWN),
        ({"hands": ("♣K ♣C", ""), "strohmaenner": ((), (("♥K", "♣Q"),)), "rest_to": 0}, Reason.CARD_FACE_DOWN),
        ({"hands": ("♣K", "♣Q"), "rest_to": 2}, Reason.BAD_SEAT),
        ({"hands": ("♣K", "♣Q"), "rest_to": 0, "undertaker": 3}, Reason.BAD_SEAT),
        ({"hands": ("♣K", "♣Q"), "rest_to": 0, "doubled": True}, Reason.BAD_SEAT),
        ({"hands": ("♣K", "♣Q"), "rest_to": 0, "announcements": (("trull",), ())}, Reason.ANNOUNCEMENT_NOT_ALLOWED),
        ({"hands": ("♣K", "♣Q"), "rest_to": 0, "announcements": (("nonesuch",), ())}, Reason.BAD_VALUE),
        ({"hands": ("♣K", "♣Q", "♣J"), "rest_to": 0}, Reason.BAD_SEAT),
        ({"hands": (5, "♣Q"), "rest_to": 0}, Reason.WRONG_TYPE),
        ({"hands": ([5], "♣Q"), "rest_to": 0}, Reason.WRONG_TYPE),
        ({"hands": ("♣K", "♣Q"), "strohmaenner": ((), ((), (), (), ())), "rest_to": 0}, Reason.WRONG_DECK_SIZE),
    ],
)
def test_positions_are_validated(kwargs: dict[str, object], reason: Reason) -> None:
    """A description no deal produces is a DeckError; an argument of the wrong type or value
    (a seat that is none, a pair of three, an int for cards) the error of the argument policy."""
    rules = EXTENDED if "announcements" in kwargs else CLASSIC
    expected = {Reason.WRONG_TYPE: sm.ArgumentTypeError, Reason.BAD_VALUE: sm.ArgumentValueError}.get(reason, sm.StrohmandelnError)
    with pytest.raises(expected) as info:
        position(rules, leader=0, **kwargs)  # type: ignore[arg-type]
    assert info.value.reason is reason, info.value


def test_cards_outside_the_deck() -> None:
    with pytest.raises(DeckError) as info:
        position(ZWANZIGERRUFEN_40, hands=("II", "I"), rest_to=0, leader=0)
    assert info.value.reason is Reason.CARD_NOT_IN_DECK


def test_R17_announcements_and_the_auction_carry_into_scoring() -> None:
    state = position(
        BECK,
        hands=("Sküs XXI I", "♥4 ♥3 ♥2"),
        rest_to=0,
        leader=0,
        undertaker=0,
        doubled=False,
        announcements=(("trull",), ()),
    )
    assert state.announcements(0) == {sm.Announcement.TRULL} and state.undertaker == 0
    rng = random.Random(2)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert any(line.bonus is sm.Bonus.TRULL_ANNOUNCED for line in state.result().lines)


def test_description_round_trip() -> None:
    described = Position(
        rules=CLASSIC,
        hands=("♣K ♣C XX ♣9", "♣Q ♣J"),
        strohmaenner=((), (("♠7", "♦3"),)),
        won=("Sküs XXI", ""),
        rest_to=1,
        leader=1,
        dealer=1,
        undertaker=0,
        announcements=((), ()),
    )
    state = described.state()
    again = Position.of(state)
    assert again.state() == state
    assert again.leader == 1 and again.dealer == 1 and again.undertaker == 0 and again.rest_to is None
    # after some plays the description is still the starting one
    later = state.apply(state.legal_actions()[0])
    assert Position.of(later) == again
    later = later.apply(later.legal_actions()[0])
    assert Position.of(later) == again
    with pytest.raises(sm.StateError):
        Position.of(sm.deal(CLASSIC, dealer=0, rng=1))


def test_history_holds_the_plays_after_the_set_up_tricks() -> None:
    """A position's set-up tricks are not part of its history; the plays after it are, in order,
    including a trick in progress, and its views agree."""
    state = position(CLASSIC, hands=("♣K ♣C ♣9 ♣7", "♣Q ♣J ♣10 ♣8"), rest_to=0, leader=0)
    plays = [sm.parse_action(text) for text in "♣9 ♣Q ♣J".split()]
    for play in plays:
        state = state.apply(play)
    assert state.history == tuple(plays)
    assert state.trick_number == 24 and len(state.tricks) == 24
    assert state.view(0).history == state.view(1).history == state.history
    assert Position.of(state).state().apply(plays[0]).apply(plays[1]).apply(plays[2]) == state


def test_positions_that_differ_only_in_won_cards_are_different_states() -> None:
    """Equality covers the set-up tricks: the same hands with other cards won are another state."""
    one = position(CLASSIC, hands=("♣K", "♣Q"), won=("Sküs XXI", ""), rest_to=1, leader=0)
    other = position(CLASSIC, hands=("♣K", "♣Q"), won=("", "Sküs XXI"), rest_to=0, leader=0)
    assert one.history == other.history == ()
    assert one != other
    assert one == position(CLASSIC, hands=("♣K", "♣Q"), won=("Sküs XXI", ""), rest_to=1, leader=0)
    assert hash(one) == hash(position(CLASSIC, hands=("♣K", "♣Q"), won=("Sküs XXI", ""), rest_to=1, leader=0))


# --------------------------------------------------------------------------------------------
# Position.at: a moment of a dealt game as a position


def _to_trick(rules: sm.RuleSet, seed: int) -> tuple[GameState, random.Random]:
    rng = random.Random(seed)
    state = sm.deal(rules, dealer=seed % 2, rng=seed)
    stop = rng.randrange(0, rules.deck.trick_count + 1)
    while not state.is_terminal and (state.phase is not sm.Phase.PLAY or state.trick_number < stop or state.current_trick):
        state = state.apply(rng.choice(state.legal_actions()))
    return state, rng


@pytest.mark.parametrize("rules", sm.PRESETS.values(), ids=list(sm.PRESETS))
def test_position_at_a_moment_of_a_deal_plays_on_alike(rules: sm.RuleSet) -> None:
    """R11-R17 from the position of a moment: the same hands, Strohmänner (their face-down cards
    in order), won cards, legal actions and announcements; the same continuation gives the same
    states to the end and the same result."""
    compared = 0
    for seed in range(12):
        state, rng = _to_trick(rules, seed)
        if state.void_reason is not None:
            continue
        start = Position.at(state)
        # the tests' own reading, through the deal's layout (with the won cards, not the tricks)
        assert attrs.evolve(position_of(state), won=start.won, tricks=start.tricks) == start
        assert start.tricks or not state.tricks  # played tricks are given card by card
        again = start.state()
        assert again.history == () and again.order is None
        ours, theirs = state, again
        while True:
            for p in (0, 1):
                assert ours.hand(p) == theirs.hand(p) and ours.strohmaenner(p) == theirs.strohmaenner(p)
                assert ours.won_cards(p) == theirs.won_cards(p) and ours.card_points(p) == theirs.card_points(p)
                assert ours.announcements(p) == theirs.announcements(p)
            assert ours.legal_actions() == theirs.legal_actions() and ours.trick_number == theirs.trick_number
            if ours.is_terminal:
                break
            action = rng.choice(ours.legal_actions())
            ours, theirs = ours.apply(action), theirs.apply(action)
        assert ours.result().totals == theirs.result().totals
        compared += 1
    assert compared >= 6


def test_position_at_a_position_is_its_set_up_and_refusals() -> None:
    state = position(CLASSIC, hands=("XXI ♥K I", "♥Q"), strohmaenner=((), (("♠7", "Sküs"),)), rest_to=1, leader=0)
    assert Position.at(state) == Position.of(state)
    # during a trick, before the card play, in a void deal: no position
    for bad in (state.apply(parse_action("♥K")), sm.deal(CLASSIC, dealer=0, rng=1)):
        with pytest.raises(sm.StateError) as info:
            Position.at(bad)
        assert info.value.reason is sm.Reason.WRONG_PHASE


# --------------------------------------------------------------------------------------------
# Set-up tricks given card by card, and won cards that invent no trick


def _lines(state: GameState) -> list[str]:
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    return [line.kind for line in state.result().lines]


def test_R15_set_up_tricks_given_card_by_card() -> None:
    """Each given trick is won as R15 says: the higher card of the led class, a tarock on a suit,
    else the leader; they follow the tricks of the won cards, in the order given."""
    tricks = [(0, "♥K", "♠Q"), (0, "♥K", "XX"), (1, "XXI", "Sküs")]
    for k, (trick, winner) in enumerate(zip(tricks, (0, 1, 0))):
        state = position(BECK, hands=("♣K", "♣Q"), tricks=[trick], rest_to=0, leader=winner)
        assert state.tricks[-1].winner == winner and state.tricks[-1].leader == trick[0], k
        assert C(trick[1]) in state.won_cards(winner) and C(trick[2]) in state.won_cards(winner)
        assert state.current_player == winner
    state = position(BECK, hands=("♣K", "♣Q"), tricks=tricks[1:], rest_to=0, leader=0)
    assert [str(play) for play in state.tricks[-1].plays] == ["XXI", "Sküs"]
    assert state.history == () and len(state.tricks) == 26
    # R23: the Sküs took the XXI in a set-up trick, and the bonus counts.
    assert "mondfang" in _lines(state)
    start = Position.of(state)
    assert start.tricks != () and start.state() == state


def test_R23_won_cards_invent_no_mondfang() -> None:
    """A seat's won cards holding both the Sküs and the XXI are paired so that they share no
    trick — unless they are his only won cards: then the Sküs took the XXI."""
    both = position(BECK, hands=("♣K", "♣Q"), won=("XXI Sküs ♠K ♦K", ""), rest_to=1, leader=0)
    assert "mondfang" not in _lines(both)
    assert not any({str(p) for p in t.plays} == {"XXI", "Sküs"} for t in both.tricks)
    only = position(BECK, hands=("♣K", "♣Q"), won=("XXI Sküs", ""), rest_to=1, leader=0)
    assert "mondfang" in _lines(only)
    assert Position.of(both).tricks == () and Position.of(both).state() == both


@pytest.mark.parametrize(
    ("tricks", "reason"),
    [
        ([(2, "♥K", "♠Q")], Reason.BAD_SEAT),
        ([(0, "♥K")], Reason.BAD_VALUE),
        ([(0, "♥K", "♣K")], Reason.DUPLICATE_CARD),  # ♣K is in a hand
        ([(0, "♥K", "♠Q"), (1, "♠Q", "♥Q")], Reason.DUPLICATE_CARD),
        ("♥K ♠Q", Reason.WRONG_TYPE),
        ([(0, "♥K", "nothing")], Reason.INVALID_CARD),
    ],
)
def test_set_up_tricks_are_validated(tricks: object, reason: Reason) -> None:
    with pytest.raises(sm.StrohmandelnError) as info:
        position(CLASSIC, hands=("♣K", "♣Q"), tricks=tricks, rest_to=0, leader=0)  # type: ignore[arg-type]
    assert info.value.reason is reason


def test_R15_set_up_tricks_are_led_by_the_winner_of_the_one_before() -> None:
    """Tricks given card by card follow each other: each is led by the winner of the one before,
    and the seat to lead next is the winner of the last (R15); the tricks of won cards have no
    order. A finished position has no next leader."""
    for tricks, leader in (
        ([(0, "♥K", "♥Q")], 1),  # seat 0 won it and leads
        ([(0, "♥K", "♥Q"), (1, "♠K", "♠Q")], 0),  # seat 0 won the first and leads the second
    ):
        with pytest.raises(DeckError) as info:
            position(CLASSIC, hands=("♣K", "♣Q"), tricks=tricks, rest_to=0, leader=leader)
        assert info.value.reason is Reason.BAD_SEAT and "R15" in info.value.message
    state = position(CLASSIC, hands=("♣K", "♣Q"), won=("♠7 ♠8", "♦1 ♦2"), tricks=[(0, "♥K", "XX"), (1, "♠K", "♠Q")], rest_to=0, leader=1)
    assert [t.leader for t in state.tricks[-2:]] == [0, 1] and state.current_player == 1
    start = Position.of(state)  # the description it was given: won cards, then tricks card by card
    assert set(start.won[1]) == set(cards("♦1 ♦2")) and len(start.won[0]) == 46 and [t[0] for t in start.tricks] == [0, 1]
    assert start.state() == state
    assert position(CLASSIC, hands=("", ""), tricks=[(0, "♥K", "♥Q")], rest_to=0, leader=1).is_terminal


def cards(text: str) -> tuple[Card, ...]:
    return sm.cards_from_text(text)


def _bonus_lines(state: GameState, kind: str) -> list[tuple[int, str]]:
    return [(line.player, line.description) for line in state.result().lines if line.kind == kind]


def test_R18_set_up_tricks_carry_rostopschin_calls() -> None:
    """A card of a set-up trick can carry its Rostopschin call: a Ross called in the last set-up
    trick and won by the XVII lets its caller lead XVIII with Topschin (R18), and the bonus is
    scored at the end, won or lost, like a call made in play."""
    state = position(EXTENDED, hands=("XVIII ♣K", "♣Q ♣J"), tricks=[(1, "♥Q", "XVII!ross")], rest_to=1, leader=0)
    assert state.tricks[-1].plays[1].call is sm.Call.ROSS and state.tricks[-1].winner == 0
    assert "XVIII!topschin" in [str(a) for a in state.legal_actions()]
    won = state.apply(parse_action("XVIII!topschin")).apply(parse_action("♣Q"))
    won = won.apply(parse_action("♣K")).apply(parse_action("♣J"))
    assert _bonus_lines(won, "rostopschin") == [(0, "Rostopschin: XVII and XVIII won tricks 25 and 26")]
    # without the call on the XVIII, the committed Ross is lost (R18)
    plain = state.apply(parse_action("XVIII")).apply(parse_action("♣Q"))
    plain = plain.apply(parse_action("♣K")).apply(parse_action("♣J"))
    assert [p for p, _ in _bonus_lines(plain, "rostopschin")] == [1]
    # both calls in the set-up; and a called XVII that lost its trick
    both = position(
        EXTENDED, hands=("♣K", "♣Q"), tricks=[(1, "♥Q", "XVII!ross"), (0, "XVIII!topschin", "♥3")], rest_to=1, leader=0
    )
    assert _bonus_lines(_finish(both), "rostopschin") == [(0, "Rostopschin: XVII and XVIII won tricks 25 and 26")]
    lost = position(EXTENDED, hands=("♣K", "♣Q"), tricks=[(0, sm.Play(C("XVII"), call=sm.Call.ROSS), "XX")], rest_to=1, leader=1)
    assert [p for p, _ in _bonus_lines(_finish(lost), "rostopschin")] == [1]
    # the description, its document, the views and their samples keep the calls
    for s in (state, both, lost):
        start = Position.of(s)
        assert start.state() == s and any(isinstance(c, sm.Play) for t in start.tricks for c in t[1:])
        assert from_dict(to_dict(s)) == s
        for p in (0, 1, None):
            view = s.view(p)
            assert sm.PlayerView.from_dict(view.to_dict()) == view
            assert sample(view, 3).view(p) == view and sample(view, 3, replay=True) == sample(view, 3)


def _finish(state: GameState) -> GameState:
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize(
    ("tricks", "leader", "rules", "reason"),
    [
        ([(0, sm.Play(C("XVI"), call=sm.Call.ROSS), "♥Q")], 0, EXTENDED, Reason.CALL_NOT_ALLOWED),  # Ross goes with XVII
        ([(1, "♥Q", "XVII!ross")], 0, CLASSIC, Reason.CALL_NOT_ALLOWED),  # no Rostopschin in these rules
        ([(0, "XVIII!topschin", "♥Q")], 0, EXTENDED, Reason.CALL_NOT_ALLOWED),  # no Ross before it
        ([(0, "XVII!ross", "♥Q"), (0, "♥3", "XVIII!topschin")], 1, EXTENDED, Reason.CALL_NOT_ALLOWED),  # not led
        ([(1, "XVII!ross", "XX"), (0, "XVIII!topschin", "♥Q")], 0, EXTENDED, Reason.CALL_NOT_ALLOWED),  # the other seat's Ross
        ([(0, "♥K+kings", "♥Q")], 0, EXTENDED, Reason.ANNOUNCEMENT_NOT_ALLOWED),  # announcements are the position's own
        ([(0, "♥K!", "♥Q")], 0, EXTENDED, Reason.INVALID_CARD),
        ([(0, "♥K ♠K", "♥Q")], 0, EXTENDED, Reason.INVALID_CARD),
    ],
)
def test_R18_set_up_calls_are_validated(tricks: object, leader: int, rules: sm.RuleSet, reason: Reason) -> None:
    with pytest.raises(DeckError) as info:
        position(rules, hands=("♣K", "♣Q"), tricks=tricks, rest_to=1, leader=leader)  # type: ignore[arg-type]
    assert info.value.reason is reason


def test_R18_position_at_keeps_a_pending_topschin() -> None:
    """Position.at right after a trick won by a called XVII: the set-up keeps the Ross, so its
    caller may still lead XVIII with Topschin, and playing on gives the same result (R18)."""
    found = 0
    for seed in range(400):
        rng = random.Random(seed)
        state = sm.deal(EXTENDED, dealer=seed % 2, rng=seed)
        while not state.is_terminal and found < 3:
            if state.phase is sm.Phase.PLAY and not state.current_trick and any(str(a).endswith("!topschin") for a in state.legal_actions()):
                again = Position.at(state).state()
                assert again.legal_actions() == state.legal_actions()
                ours, theirs = state, again
                while not ours.is_terminal:
                    action = rng.choice(ours.legal_actions())
                    ours, theirs = ours.apply(action), theirs.apply(action)
                assert ours.result().lines == theirs.result().lines
                found += 1
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if found >= 3:
            break
    assert found >= 3


# --------------------------------------------------------------------------------------------
# What a position cannot be: the auction's outcome, the first lead, announcements, Strohmänner


def _refused(reason: Reason, rules: sm.RuleSet = CLASSIC, /, **kwargs: object) -> str:
    with pytest.raises(DeckError) as info:
        position(rules, **kwargs)  # type: ignore[arg-type]
    assert info.value.reason is reason, info.value
    return info.value.message


def test_R9_R10_the_auction_a_position_names_is_one_the_rules_allow() -> None:
    """Doubling only where the rules have it (R10); no simple game where both passing throws
    the deal in (R9)."""
    assert "doubling" in _refused(Reason.INVALID_ACTION, hands=("♣K", "♣Q"), rest_to=0, leader=0, undertaker=0, doubled=True)
    doubling = attrs.evolve(CLASSIC, name="doubling", undertaker_doubling=True)
    assert position(doubling, hands=("♣K", "♣Q"), rest_to=0, leader=0, undertaker=0, doubled=True).doubled
    throw_in = attrs.evolve(CLASSIC, name="old books", both_pass=sm.BothPass.THROW_IN)
    assert "R9" in _refused(Reason.BAD_SEAT, throw_in, hands=("♣K", "♣Q"), rest_to=0, leader=0)
    assert position(throw_in, hands=("♣K", "♣Q"), rest_to=0, leader=0, undertaker=1).undertaker == 1


def test_R5_the_first_trick_is_led_by_the_rules_first_leader() -> None:
    """Before any trick, the leader is Elder (the seat after the dealer), or the undertaker where
    the rules say so (FURR)."""
    deck = list(CLASSIC.deck.cards)
    hands = (deck[0::2], deck[1::2])
    assert "R5" in _refused(Reason.BAD_SEAT, hands=hands, leader=0, dealer=0)
    assert position(CLASSIC, hands=hands, leader=1, dealer=0).current_player == 1
    assert "R5" in _refused(Reason.BAD_SEAT, sm.FURR, hands=hands, leader=0, dealer=1, undertaker=1)
    assert position(sm.FURR, hands=hands, leader=1, dealer=1, undertaker=1).current_player == 1
    assert position(sm.FURR, hands=hands, leader=0, dealer=1).current_player == 0  # a simple game: Elder


def test_R17_set_up_announcements_were_made_with_a_play_holding_their_cards() -> None:
    """An announcement went with a play while its announcer held all its cards in the hand: none
    before the first trick, and none whose card is in the other seat's hand, in a Strohmann, or
    was played by the other seat in a trick given card by card."""
    deck = list(CLASSIC.deck.cards)
    assert "before any card" in _refused(Reason.ANNOUNCEMENT_NOT_ALLOWED, hands=(deck[:27], deck[27:]), leader=1, announcements=(("trull",), ()))
    kw: dict[str, object] = {"rest_to": 0, "announcements": (("trull",), ())}
    assert "Sküs" in _refused(Reason.ANNOUNCEMENT_NOT_ALLOWED, hands=("♣K", "Sküs"), leader=0, **kw)
    assert "XXI" in _refused(
        Reason.ANNOUNCEMENT_NOT_ALLOWED, hands=("♣K ♠8", "♣Q ♣J ♣10 ♣9"), strohmaenner=((("♠7", "XXI"),), ()), leader=0, **kw
    )
    assert "I" in _refused(Reason.ANNOUNCEMENT_NOT_ALLOWED, hands=("♣K", "♣Q"), tricks=[(1, "I", "♥Q")], leader=1, **kw)
    assert "Sküs" in _refused(Reason.ANNOUNCEMENT_NOT_ALLOWED, hands=("♣K", "♣Q"), won=("", "Sküs ♥Q"), leader=0, **kw)  # it never loses
    # his own cards, played (and lost) or won, or still in his hand: possible
    state = position(CLASSIC, hands=("♣K XXI", "♣Q ♣J"), tricks=[(0, "I", "II")], leader=1, **kw)  # type: ignore[arg-type]
    assert state.announcements(0) == {sm.Announcement.TRULL}
    assert position(CLASSIC, hands=("♣K", "♣Q"), won=("", "I ♥Q"), leader=0, **kw).announcements(0)  # type: ignore[arg-type]


def test_R6_a_strohmann_holds_at_most_the_cards_it_was_dealt() -> None:
    pile = ("♠7", "♠8", "♠9", "♠10", "♠J")
    assert "R6" in _refused(Reason.WRONG_DECK_SIZE, hands=("♣K ♣C ♣9 ♣7 ♣8", "♣Q ♣J ♣10 ♥K ♥Q"), strohmaenner=((pile,), ()), rest_to=0, leader=0)
    sizes = ZWANZIGERRUFEN_40.deck.strohmann_sizes
    too_long = ("♠10", "♠J", "♠C", "♠Q", "♠K")[: sizes[1] + 1]
    hands = ("", "♣K ♣C ♣Q ♣J ♥K"[: 3 * len(too_long) - 1])
    _refused(Reason.WRONG_DECK_SIZE, ZWANZIGERRUFEN_40, hands=hands, strohmaenner=(((), too_long), ()), rest_to=0, leader=0)


def test_R19_won_cards_invent_no_bird() -> None:
    """A seat's won cards are paired into tricks that come first, so a bird among them never
    lands in one of the last tricks, where it would score (R19); a bird in a trick given card by
    card, or played, scores as usual."""
    for rules, won in ((CLASSIC, ("", "I ♥Q")), (CLASSIC, ("", "XX I")), (sm.MAYR_SEDLACZEK, ("", "II ♥Q")), (CLASSIC, ("III IIII", "♥Q ♥J"))):
        hands = ("♣K", "♣Q") if rules is sm.MAYR_SEDLACZEK else ("", "")
        state = _finish(position(rules, hands=hands, won=won, rest_to=0, leader=0))
        assert not {"pagat", "uhu", "kakadu", "quapil"} & {line.kind for line in state.result().lines}, won
    last = position(CLASSIC, hands=("", ""), tricks=[(1, "I", "♥Q")], rest_to=0, leader=1)
    assert _bonus_lines(last, "pagat") == [(1, "Pagat: I won trick 27")]


def test_wrong_types_are_type_errors() -> None:
    state = position(CLASSIC, hands=("♣K", "♣Q"), rest_to=0, leader=0)
    for call in (lambda: Position.of(None), lambda: Position.of(state.view(0)), lambda: sample(None, 1), lambda: sample(state, 1)):  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            call()


def test_R17_samples_keep_set_up_announcements_in_the_announcers_hand() -> None:
    """A view of a position in which the opponent announced the Trull by the set-up: every sample
    keeps its cards that the viewer cannot see in the opponent's hand, never face down (R17); the
    player's and the spectator's samples both reproduce the view."""
    state = position(
        CLASSIC,
        hands=("♣K ♣C ♣9", "I XXI ♣Q ♣J ♣10 ♣8"),
        strohmaenner=((("♠7", "♠8", "♠9"),), ()),
        won=("", "Sküs ♥Q"),
        rest_to=0,
        leader=1,
        announcements=((), ("trull",)),
    )
    for p in (0, None):
        view = state.view(p)
        for seed in range(40):
            guess = sample(view, seed)
            assert guess.view(p) == view and {C("I"), C("XXI")} <= set(guess.hand(1))
        assert sample(view, 7, replay=True) == sample(view, 7)


# --------------------------------------------------------------------------------------------
# Random positions, described directly (not from a deal): the invariants of the card play


def _card(item: sm.Card | sm.Play) -> sm.Card:
    return item.card if isinstance(item, sm.Play) else item


def _won_by(trick: tuple[int, sm.Card | sm.Play, sm.Card | sm.Play]) -> int:
    """R15, read from the cards' suits and ranks: the seat that wins a trick."""
    leader, led, followed = trick[0], _card(trick[1]), _card(trick[2])
    if followed.suit is None:
        beats = led.suit is not None or followed.rank > led.rank
    else:
        beats = led.suit is not None and followed.suit == led.suit and followed.rank > led.rank
    return 1 - leader if beats else leader


def _maybe_ross(card: sm.Card | sm.Play, allowed: bool, rng: random.Random) -> sm.Card | sm.Play:
    """R18: XVII, called Ross half the time where the rules have Rostopschin."""
    if allowed and card == C("XVII") and rng.random() < 0.5:
        return sm.Play(C("XVII"), call=sm.Call.ROSS)
    return card


def _topschin_due(before: tuple[int, sm.Card | sm.Play, sm.Card | sm.Play], leader: int) -> bool:
    """R18: the trick before was won by ``leader``'s called XVII."""
    seat = next((s for s, item in ((before[0], before[1]), (1 - before[0], before[2])) if isinstance(item, sm.Play)), None)
    return seat == leader and _won_by(before) == leader


#: The reasons of a position that no deal produces by R11, R12 or R14 (strohmandeln._core.possible).
IMPOSSIBLE = (Reason.MUST_FOLLOW_SUIT, Reason.MUST_FOLLOW_SUIT_FROM_STROHMANN, Reason.MUST_PLAY_TAROCK)


def _random_position(rules: sm.RuleSet, rng: random.Random) -> Position:
    """A valid position drawn at random: each seat's cards to play split into a hand and up to
    three Strohmänner (a suit card below the King face up, one to five cards below it), the rest
    of the deck won — some as whole tricks given card by card, each led by the winner of the one
    before, with Rostopschin calls where they can be (R15, R18), the others as won cards; drawn
    again where a set-up trick breaks R14 (a follower kept a card he had to play)."""
    while True:
        try:
            return _drawn_position(rules, rng)  # (a position checks its description when made)
        except DeckError as error:
            if error.reason not in IMPOSSIBLE:
                raise


def _drawn_position(rules: sm.RuleSet, rng: random.Random) -> Position:
    """A position drawn as :func:`_random_position` says, R14 not yet checked."""
    cards = list(rules.deck.cards)
    rng.shuffle(cards)
    left = rng.randrange(0, 10)
    seats = []
    for _ in (0, 1):
        mine, cards = cards[:left], cards[left:]
        piles: list[tuple[sm.Card, ...]] = []
        while len(piles) < 3 and rng.random() < 0.6:
            tops = [c for c in mine if c.suit is not None and c.rank < sm.Rank.KING]
            size = rng.randrange(2, rules.deck.strohmann_sizes[len(piles)] + 1)  # (R6: at most as dealt)
            if not tops or size > len(mine):
                break
            top = rng.choice(tops)
            mine.remove(top)
            below, mine = mine[: size - 1], mine[size - 1 :]
            piles.append((top, *below))
        seats.append((tuple(mine), tuple(piles)))
    tricks: list[tuple[int, sm.Card | sm.Play, sm.Card | sm.Play]] = []
    leader = rng.randrange(2)
    ross = rules.scoring.has(sm.Bonus.ROSTOPSCHIN)
    while len(cards) >= 4 and rng.random() < 0.5:
        led: sm.Card | sm.Play = cards.pop()
        followed = cards.pop()
        if tricks and ross and led == C("XVIII") and rng.random() < 0.8 and _topschin_due(tricks[-1], leader):
            led = sm.Play(C("XVIII"), call=sm.Call.TOPSCHIN)
        trick = (leader, _maybe_ross(led, ross, rng), _maybe_ross(followed, ross, rng))
        tricks.append(trick)
        leader = _won_by(trick)
    won0 = cards[: 2 * rng.randrange(len(cards) // 2 + 1)]
    won1 = cards[len(won0) :]
    return Position(
        rules=rules,
        hands=(seats[0][0], seats[1][0]),
        strohmaenner=(seats[0][1], seats[1][1]),
        won=(tuple(won0), tuple(won1)),
        tricks=tuple(tricks),
        leader=leader if tricks else rng.randrange(2),
        dealer=rng.randrange(2),
        undertaker=rng.choice((None, 0, 1)),
    )


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), which=st.sampled_from(sorted(sm.PRESETS)))
def test_random_positions_play_out_score_and_sample(seed: int, which: str) -> None:
    """From any valid position: legal actions until the end, the deck's card points in all,
    zero-sum results; Position.of gives the position back, Position.at every moment between
    tricks plays on alike, and samples of every view reproduce it."""
    rules = sm.PRESETS[which]
    rng = random.Random(seed)
    start = _random_position(rules, rng)
    state = start.state()
    assert Position.of(state).state() == state
    moments = []
    actions: list[sm.Action] = []
    while not state.is_terminal:
        if not state.current_trick:
            moments.append((state, len(actions)))
        legal = state.legal_actions()
        assert legal
        actions.append(rng.choice(legal))
        state = state.apply(actions[-1])
    assert (state.card_points(0) + state.card_points(1)).fraction == rules.deck.total_points
    assert sum(state.result().totals) == 0
    for moment, done in moments[:: max(1, len(moments) // 3)]:
        again = Position.at(moment).state()
        assert again.hand(0) == moment.hand(0) and again.strohmaenner(1) == moment.strohmaenner(1)
        assert again.legal_actions() == moment.legal_actions()
        for action in actions[done:]:
            again = again.apply(action)
        assert again.result().totals == state.result().totals
        for p in (0, 1, None):
            view = moment.view(p)
            assert sample(view, rng).view(p) == view
