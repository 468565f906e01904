"""Issue 30, item 3: the message layer (strohmandeln.messages) — a client's move read from
untrusted JSON into a checked, frozen Move, refused with bounded, JSON-safe errors that keep the
request id; the replies; the server-level refusals; and the JSON Schemas of the messages, proved
with an independent validator (jsonschema)."""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator  # type: ignore[import-untyped,import-not-found,unused-ignore]

import strohmandeln as sm
from strohmandeln import PRESETS, Reason, messages, schemas
from strohmandeln.messages import MessageError, Move, read_move
from strohmandeln.session import Session

from helpers import ALL_ACTIONS

VALIDATORS = {name: Draft202012Validator(schemas.schema(name)) for name in ("move", "accepted", "refusal")}
SECRET = bytes(range(7, 39))
GOOD: dict[str, Any] = {"format": 1, "type": "move", "match": "m-1", "seat": 1, "move_number": 0, "action": "pass", "request_id": "r-1"}


def text(doc: object) -> str:
    return json.dumps(doc, ensure_ascii=False)


def refused(message: str | bytes, reason: Reason) -> MessageError:
    with pytest.raises(MessageError) as info:
        read_move(message)
    assert info.value.reason is reason, info.value
    assert len(info.value.message) <= sm.errors.MAX_MESSAGE
    reply = messages.refusal(info.value)
    assert VALIDATORS["refusal"].is_valid(reply) and json.loads(json.dumps(reply, allow_nan=False)) == reply
    return info.value


ids = st.from_regex(r"\A[A-Za-z0-9._:-]{1,64}\Z")
request_ids = st.one_of(ids, st.integers(0, messages.MAX_REQUEST_NUMBER))
moves = st.builds(
    Move,
    match=ids,
    seat=st.integers(0, 1),
    move_number=st.integers(0, 10**10),
    action=st.sampled_from(ALL_ACTIONS),
    request_id=request_ids,
)


@settings(max_examples=200, deadline=None)
@given(move=moves)
def test_a_move_goes_through_its_message_unchanged_and_its_message_is_valid(move: Move) -> None:
    assert read_move(move.to_json()) == move
    assert read_move(move.to_json().encode()) == move  # (bytes, as a WebSocket frame gives them)
    assert messages.move_from_dict(move.to_dict()) == move
    assert VALIDATORS["move"].is_valid(move.to_dict())
    assert len(move.to_json()) < 300


def test_the_move_number_is_required_and_refused_with_its_own_reason() -> None:
    """Issue 30 (2): a message with "move_number": null was taken as "no check". Missing,
    null, a boolean, text, a float, a negative or huge number: bad_move_number, with the
    request id kept."""
    without = {k: v for k, v in GOOD.items() if k != "move_number"}
    assert refused(text(without), Reason.BAD_MOVE_NUMBER).request_id == "r-1"
    for bad in (None, True, False, "0", "", 0.0, 1.5, -1, 10**11, [0], {"n": 0}):
        error = refused(text({**GOOD, "move_number": bad}), Reason.BAD_MOVE_NUMBER)
        assert error.request_id == "r-1" and "move_number" in error.message
        # (JSON Schema counts 0.0 as an integer; the reader, as every loader, takes no float)
        assert VALIDATORS["move"].is_valid({**GOOD, "move_number": bad}) is (bad == 0.0 and type(bad) is float)
    assert not VALIDATORS["move"].is_valid(without)


def test_what_json_loads_takes_and_json_does_not_mean_is_refused() -> None:
    good = text(GOOD)
    for bad in (
        good.replace('"move_number": 0', '"move_number": NaN'),
        good.replace('"move_number": 0', '"move_number": Infinity'),
        good.replace('"move_number": 0', '"move_number": -Infinity'),
        good.replace('"seat": 1', '"seat": 1, "seat": 0'),
        good.replace('"request_id": "r-1"', '"request_id": "r-1", "request_id": "r-2"'),
        good[:-1],
        "",
        "[" * 100_000 + "]" * 100_000,
        b"\xff\xfe\x00",
        '{"format": 1, "type": "move", "match": "\\ud800"}',
    ):
        reason = Reason.TOO_LARGE if len(bad) > messages.MAX_MESSAGE_JSON else Reason.MALFORMED_DOCUMENT
        refused(bad, reason)
    refused(good.replace('"move_number": 0', '"move_number": 1e400'), Reason.TOO_LARGE)
    refused(good.replace("pass", "pass" + " " * 1000), Reason.TOO_LARGE)
    assert read_move(good, max_length=len(good)) == messages.move_from_dict(GOOD)
    with pytest.raises(MessageError) as info:
        read_move(good, max_length=len(good) - 1)
    assert info.value.reason is Reason.TOO_LARGE


@pytest.mark.parametrize("field", sorted(GOOD))
def test_every_field_is_required_and_checked(field: str) -> None:
    """Each field missing, or replaced by a value of the wrong kind or range, is refused — by the
    reader and by the schema alike — and no other field may come."""
    expected = Reason.BAD_MOVE_NUMBER if field == "move_number" else Reason.MALFORMED_DOCUMENT
    refused(text({k: v for k, v in GOOD.items() if k != field}), expected)
    hostile: list[object] = [None, True, 1.5, [], {}, -1, 2, 2**60, "x" * 65, "bad id!", "", "XXI+nothing", "\u00e9"]
    for bad in hostile:
        mutant = {**GOOD, field: bad}
        try:
            move = messages.move_from_dict(mutant)
        except MessageError as error:
            assert not VALIDATORS["move"].is_valid(mutant), (field, bad)
            assert error.request_id == (None if field == "request_id" else "r-1")
            assert error.reason in (expected, Reason.UNSUPPORTED_VERSION, Reason.INVALID_ACTION, Reason.TOO_LARGE), error
        else:
            assert VALIDATORS["move"].is_valid(mutant) and move.to_dict() == mutant, (field, bad)
    refused(text({**GOOD, "comment": "mine"}), Reason.MALFORMED_DOCUMENT)
    assert not VALIDATORS["move"].is_valid({**GOOD, "comment": "mine"})


def test_an_action_that_is_no_action_is_refused_as_notation() -> None:
    for bad, reason in (("I pass", Reason.INVALID_ACTION), ("XXIII", Reason.INVALID_ACTION), ("x" * 65, Reason.TOO_LARGE), (17, Reason.MALFORMED_DOCUMENT)):
        refused(text({**GOOD, "action": bad}), reason)
    assert read_move(text({**GOOD, "action": " d3 "})).action == sm.parse_action("♦3")  # (any spelling of the notation)


json_values = st.recursive(
    # (floats with a fraction: JSON Schema counts 1.0 as an integer, the reader takes no float)
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False).filter(lambda x: x != int(x)) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_any_json_is_a_move_or_a_clean_refusal(data: st.DataObject) -> None:
    """Any JSON value in place of any field, any field added or dropped, or any JSON at all: a
    Move whose message is valid, or a MessageError whose refusal is valid, short and JSON-safe."""
    doc: object = dict(GOOD)
    assert isinstance(doc, dict)
    choice = data.draw(st.integers(0, 3))
    if choice == 0:
        doc[data.draw(st.sampled_from(sorted(GOOD)))] = data.draw(json_values)
    elif choice == 1:
        doc[data.draw(st.text(max_size=12))] = data.draw(json_values)
    elif choice == 2:
        del doc[data.draw(st.sampled_from(sorted(GOOD)))]
    else:
        doc = data.draw(json_values)
    try:
        move = read_move(text(doc), max_length=100_000)
    except MessageError as error:
        reply = messages.refusal(error)
        assert VALIDATORS["refusal"].is_valid(reply) and len(error.message) <= sm.errors.MAX_MESSAGE
        json.dumps(reply, allow_nan=False)
        assert not VALIDATORS["move"].is_valid(doc)
    else:
        assert VALIDATORS["move"].is_valid(doc) and VALIDATORS["move"].is_valid(move.to_dict())


@settings(max_examples=200, deadline=None)
@given(raw=st.binary(max_size=200) | st.text(max_size=200))
def test_any_text_or_bytes_is_a_move_or_a_clean_refusal(raw: str | bytes) -> None:
    try:
        read_move(raw)
    except MessageError as error:
        assert error.reason in (Reason.MALFORMED_DOCUMENT, Reason.TOO_LARGE, Reason.UNSUPPORTED_VERSION, Reason.BAD_MOVE_NUMBER)
        json.dumps(messages.refusal(error), allow_nan=False)


def test_the_request_id_is_echoed_whenever_it_can_be_read() -> None:
    for request_id in ("r-1", 0, 42, messages.MAX_REQUEST_NUMBER, "0b7c4e1e-4b8f-4d8a-9f3e-2c9e8f0a1b2c"):
        error = refused(text({**GOOD, "seat": 5, "request_id": request_id}), Reason.MALFORMED_DOCUMENT)
        assert error.request_id == request_id and messages.refusal(error)["request_id"] == request_id
    for bad in (True, -1, messages.MAX_REQUEST_NUMBER + 1, 1.0, "with space", "", "ü", None, [1]):
        error = refused(text({**GOOD, "seat": 5, "request_id": bad}), Reason.MALFORMED_DOCUMENT)
        assert error.request_id is None and messages.refusal(error)["request_id"] is None
    error = refused(text({**GOOD, "seat": 5}), Reason.MALFORMED_DOCUMENT)
    assert messages.refusal(error, 9)["request_id"] == 9  # (the server's own choice wins)
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is MessageError and (again.reason, again.message, again.request_id) == (error.reason, error.message, "r-1")
    assert isinstance(error, sm.SerializationError) and isinstance(error, ValueError)
    for bad_id in ("bad id", True, 1.5):
        with pytest.raises(sm.ArgumentError):
            messages.refusal(error, bad_id)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# On the server: submit, the server-level refusals and the replies


def _move(session: Session, action: sm.Action, request_id: str | int = "r") -> Move:
    seat = session.state.current_player
    assert seat is not None
    return Move(match="m-1", seat=seat, move_number=session.move_number, action=action, request_id=request_id)


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_a_match_played_through_messages(rules: sm.RuleSet) -> None:
    """A match of three deals whose every move comes as message text and is applied for the seat
    of its connection; every accepted reply is valid and says the next move number; every move
    sent again, or by the other connection, is refused and changes nothing."""
    session, rng = Session.start(rules, secret=SECRET, length=3, match_id="m-1"), random.Random(len(rules.name))
    number = 0
    while True:
        while not session.state.is_terminal:
            move = read_move(_move(session, rng.choice(session.state.legal_actions()), number).to_json())
            with pytest.raises(sm.IllegalActionError) as info:
                messages.submit(session, move, seat=1 - move.seat)
            assert info.value.reason is Reason.NOT_YOUR_SEAT
            after = messages.submit(session, move, seat=move.seat)
            reply = messages.accepted(move, after.move_number)
            assert VALIDATORS["accepted"].is_valid(reply) and reply["move_number"] == move.move_number + 1 and reply["request_id"] == number
            with pytest.raises(sm.IllegalActionError) as info:
                messages.submit(after, move, seat=move.seat)
            assert info.value.reason is (Reason.MATCH_OVER if after.is_over else Reason.STALE_MOVE)
            assert VALIDATORS["refusal"].is_valid(messages.refusal(info.value, move.request_id))
            session, number = after, number + 1
        if session.is_over:
            break
        session = session.next_deal()
    assert session.final_standing().deals_played == 3
    late = Move(match="m-1", seat=0, move_number=session.move_number, action=sm.Pass(), request_id="late")
    with pytest.raises(sm.IllegalActionError) as info:
        messages.submit(session, late, seat=0)
    assert info.value.reason is Reason.MATCH_OVER


def test_an_unknown_match_is_refused_with_its_own_reason() -> None:
    move = read_move(text({**GOOD, "match": "nowhere"}))
    error = messages.unknown_match(move)
    assert error.reason is Reason.UNKNOWN_MATCH and "nowhere" in error.message
    reply = messages.refusal(error, move.request_id)
    assert VALIDATORS["refusal"].is_valid(reply) and reply["request_id"] == "r-1" and reply["reason"] == "unknown_match"


def test_moves_are_checked_when_they_are_made() -> None:
    good = messages.move_from_dict(GOOD)
    for field, bad, error in (
        ("match", "no spaces", sm.ArgumentValueError),
        ("match", 3, sm.ArgumentTypeError),
        ("seat", 2, sm.ArgumentValueError),
        ("seat", True, sm.ArgumentTypeError),
        ("move_number", -1, sm.ArgumentValueError),
        ("move_number", None, sm.ArgumentTypeError),
        ("action", "pass", sm.ArgumentTypeError),
        ("request_id", True, sm.ArgumentTypeError),
        ("request_id", -1, sm.ArgumentValueError),
    ):
        fields: dict[str, Any] = {"match": good.match, "seat": good.seat, "move_number": good.move_number, "action": good.action, "request_id": good.request_id}
        with pytest.raises(error):
            Move(**{**fields, field: bad})
    with pytest.raises(AttributeError):
        good.seat = 0  # type: ignore[misc]
