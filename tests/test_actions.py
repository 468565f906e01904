"""Action values and their notation (R7, R8, R10, R13, R17, R18)."""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest
from helpers import ALL_ACTIONS, card

from strohmandeln import (
    DECK_54,
    Action,
    Announcement,
    Call,
    Double,
    Fold,
    Keep,
    NoDouble,
    NotationError,
    Pass,
    Play,
    Reason,
    Take,
    parse_action,
)
from strohmandeln.actions import PLAIN


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("fold", Fold()),
        ("keep", Keep()),
        ("take", Take()),
        ("pass", Pass()),
        ("double", Double()),
        ("no-double", NoDouble()),
        ("nodouble", NoDouble()),
        ("TAKE", Take()),
        (" Pass ", Pass()),
    ],
)
def test_R7_R8_R10_decision_notation(text: str, action: Action) -> None:
    """R7 fold/keep, R8 take/pass, R10 double/no-double: words in any case."""
    assert parse_action(text) == action
    assert parse_action(str(action)) == action


def test_every_action_value_round_trips_through_its_notation() -> None:
    """R13, R17, R18: ``parse_action(str(a)) == a`` and the ASCII form parses too, for every action."""
    for action in ALL_ACTIONS:
        assert parse_action(str(action)) == action
        if isinstance(action, Play):
            assert parse_action(action.ascii) == action
            assert action.ascii.isascii()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("XXI", Play(card("XXI"))),
        ("mond", Play(card("XXI"))),
        ("♥K+trull", Play(card("♥K"), frozenset({Announcement.TRULL}))),
        ("hK+kings", Play(card("♥K"), frozenset({Announcement.FOUR_KINGS}))),
        ("I+kings+trull", Play(card("I"), frozenset({Announcement.TRULL, Announcement.FOUR_KINGS}))),
        ("I+trull+kings", Play(card("I"), frozenset({Announcement.TRULL, Announcement.FOUR_KINGS}))),
        ("I+four-kings", Play(card("I"), frozenset({Announcement.FOUR_KINGS}))),
        ("XVII!ross", Play(card("XVII"), call=Call.ROSS)),
        ("T17!Ross", Play(card("XVII"), call=Call.ROSS)),
        ("XVIII!topschin", Play(card("XVIII"), call=Call.TOPSCHIN)),
        ("XVII+trull!ross", Play(card("XVII"), frozenset({Announcement.TRULL}), Call.ROSS)),
    ],
)
def test_R17_R18_play_notation(text: str, expected: Play) -> None:
    """R17 ``+trull``/``+kings`` and R18 ``!ross``/``!topschin`` after the card's notation."""
    assert parse_action(text) == expected


def test_R17_announcement_order_in_the_canonical_notation() -> None:
    """R17: ``str`` writes ``+trull`` before ``+kings`` and the call last."""
    play = Play(card("XVII"), frozenset({Announcement.FOUR_KINGS, Announcement.TRULL}), Call.ROSS)
    assert str(play) == "XVII+trull+kings!ross"
    assert play.ascii == "XVII+trull+kings!ross"
    assert Play(card("♦C"), [Announcement.FOUR_KINGS]).ascii == "dC+kings"


@pytest.mark.parametrize(
    "text",
    ["", "   ", "bid", "XXII", "XXI!foo", "XXI+foo", "XXI+trull+trull", "XXI+", "+trull", "!ross", "x" * 100, "take take"],
)
def test_bad_action_text_raises_notation_error(text: str) -> None:
    """Unreadable action text raises ``NotationError`` with reason ``invalid_action``."""
    with pytest.raises(NotationError) as info:
        parse_action(text)
    assert info.value.reason in (Reason.INVALID_ACTION, Reason.INVALID_CARD)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("I take!", "not an action: 'I take!'"),
        ("take!ross", "not an action: 'take!ross'"),
        ("XVII!", "a call's name is missing after '!' in 'XVII!'"),
        ("XVII! ", "a call's name is missing after '!' in 'XVII!'"),
        ("♥K+", "an announcement's name is missing after '+' in '♥K+'"),
        ("♥K++kings", "an announcement's name is missing after '+' in '♥K++kings'"),
        ("XVII!foo", "unknown call 'foo' in 'XVII!foo'"),
        ("XXI+foo", "unknown announcement 'foo' in 'XXI+foo'"),
        ("XVII!ross+trull", "unknown call 'ross+trull' in 'XVII!ross+trull'"),
    ],
)
def test_bad_action_text_is_refused_with_a_message_that_names_the_fault(text: str, message: str) -> None:
    """The card is read first, so text with no card in it is refused as not an action; a
    missing call or announcement name is named as missing, not as an unknown empty name."""
    with pytest.raises(NotationError) as info:
        parse_action(text)
    assert info.value.reason is Reason.INVALID_ACTION
    assert str(info.value) == message


@pytest.mark.parametrize("value", [42, None, b"take", ["take"]])
def test_parsing_a_non_string_action_raises_notation_error(value: object) -> None:
    """A non-string is refused with ``NotationError``, not a TypeError."""
    with pytest.raises(NotationError) as info:
        parse_action(value)  # type: ignore[arg-type]
    assert info.value.reason is Reason.INVALID_ACTION


def test_actions_are_immutable_hashable_values() -> None:
    """Actions are frozen, hashable, equal by value, and survive pickle and copy."""
    play = Play(card("XVII"), frozenset({Announcement.TRULL}), Call.ROSS)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        play.call = None
    assert play == Play(card("XVII"), [Announcement.TRULL], Call.ROSS)
    assert hash(play) == hash(Play(card("XVII"), [Announcement.TRULL], Call.ROSS))
    assert len(set(ALL_ACTIONS)) == len(ALL_ACTIONS)
    for action in (play, Take(), Pass(), Fold(), Keep(), Double(), NoDouble(), Play(DECK_54[0])):
        assert pickle.loads(pickle.dumps(action)) == action
        assert copy.deepcopy(action) == action
    for plain in PLAIN:  # the interned plays come back as themselves
        assert pickle.loads(pickle.dumps(plain)) is plain
    assert pickle.loads(pickle.dumps(play)) is parse_action("XVII+trull!ross")
    assert Play(card("I")) != Play(card("I"), [Announcement.TRULL])
    assert Play(card("XVII")) != Play(card("XVII"), call=Call.ROSS)
    decisions: list[Action] = [Take(), Pass(), Fold(), Keep(), Double(), NoDouble()]
    assert len(set(decisions)) == 6
