"""Positions: play-phase states from explicit descriptions, validated (R11, R12, R15, R17)."""

from __future__ import annotations

import random

import pytest

import strohmandeln as sm
from strohmandeln import BECK, CLASSIC, EXTENDED, ZWANZIGERRUFEN_40, Card, DeckError, Reason
from strohmandeln.positions import Position, position

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
        ({"hands": ("♣K", "♣Q"), "rest_to": 0, "announcements": (("nonesuch",), ())}, Reason.INVALID_ACTION),
        ({"hands": ("♣K", "♣Q", "♣J"), "rest_to": 0}, Reason.BAD_SEAT),
        ({"hands": (5, "♣Q"), "rest_to": 0}, Reason.INVALID_CARD),
        ({"hands": ([5], "♣Q"), "rest_to": 0}, Reason.INVALID_CARD),
        ({"hands": ("♣K", "♣Q"), "strohmaenner": ((), ((), (), (), ())), "rest_to": 0}, Reason.WRONG_DECK_SIZE),
    ],
)
def test_positions_are_validated(kwargs: dict[str, object], reason: Reason) -> None:
    rules = EXTENDED if "announcements" in kwargs else CLASSIC
    with pytest.raises(DeckError) as info:
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
