"""Sessions (issue 22): a match, its deal in progress and its dealing, saved and loaded as one
signed document of constant size; resumable after a crash; refusing every changed document."""

from __future__ import annotations

import copy
import json
import pickle
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import strohmandeln as sm
from strohmandeln import Reason
from strohmandeln.match import Standing
from strohmandeln._base.signing import signature as _signature
from strohmandeln.session import MAX_SESSION_JSON, Session

KEY = b"a server's signing key, 32 bytes"
SECRET = bytes(range(100, 132))
PRESETS = sorted(sm.PRESETS.values(), key=lambda rules: rules.name)


def _play_deal(session: Session, rng: random.Random) -> Session:
    while not session.state.is_terminal:
        session = session.apply(rng.choice(session.state.legal_actions()))
    return session


def _played(rules: sm.RuleSet, deals: int, seed: int) -> tuple[Session, list[sm.GameState]]:
    """A session after ``deals`` random deals, with the archive of its finished deals."""
    session, rng, archive = Session.start(rules, secret=SECRET, first_dealer=seed % 2), random.Random(seed), []
    for _ in range(deals):
        session = _play_deal(session, rng)
        archive.append(session.state)
        session = session.next_deal()
    return session, archive


def _resign(doc: dict[str, Any], key: bytes = KEY) -> dict[str, Any]:
    """``doc`` signed again: what a server with a bug in its own bookkeeping would save."""
    body = {k: v for k, v in doc.items() if k != "signature"}
    return {**body, "signature": _signature(body, key)}


@pytest.mark.parametrize("rules", PRESETS, ids=lambda rules: rules.name)
def test_a_session_plays_the_match_a_match_would(rules: sm.RuleSet) -> None:
    """The standing is the match's after the same deals (dealer, stakes R26, score), each deal is
    dealt at the match's stakes, and the archive replays to that match."""
    session, archive = _played(rules, 40, seed=len(rules.name))
    match = sm.Match.start(rules, first_dealer=len(rules.name) % 2).record_all(archive)
    assert session.standing == match.standing
    assert session.state.dealer == match.next_dealer and session.state.multiplier == match.multiplier
    assert [s.multiplier for s in archive] == [r.multiplier for r in match.results]
    assert session.replay(archive) == match
    assert session.replay(iter(archive)) == match


def test_the_deals_come_from_the_secret() -> None:
    one, _ = _played(sm.CLASSIC, 3, seed=1)
    again, _ = _played(sm.CLASSIC, 3, seed=1)
    assert one == again  # the same secret and play: the same deals
    other = Session.start(sm.CLASSIC, secret=bytes(16))
    assert other.state.to_dict()["order"] != Session.start(sm.CLASSIC, secret=SECRET).state.to_dict()["order"]
    # each deal's order is new: no two deals of a session alike
    session, archive = _played(sm.CLASSIC, 20, seed=2)
    orders = {tuple(s.to_dict()["order"]) for s in archive}
    assert len(orders) == 20


@pytest.mark.parametrize("rules", PRESETS, ids=lambda rules: rules.name)
def test_every_moment_round_trips(rules: sm.RuleSet) -> None:
    session, rng = Session.start(rules, secret=SECRET, first_dealer=1), random.Random(3)
    for _ in range(3):
        while True:
            for doc in (session.to_dict(key=KEY), json.loads(session.to_json(key=KEY))):
                assert Session.from_dict(doc, key=KEY) == session
            assert Session.from_json(session.to_json(key=KEY), key=KEY) == session
            if session.state.is_terminal:
                break
            session = session.apply(rng.choice(session.state.legal_actions()))
        session = session.next_deal()


def test_the_document_does_not_grow_with_the_match() -> None:
    """Constant size: the document holds the standing, not the deals."""
    fresh = Session.start(sm.CLASSIC, secret=SECRET)
    later, _ = _played(sm.CLASSIC, 300, seed=4)
    assert later.standing.deals_recorded == 300
    assert sorted(later.to_dict(key=KEY)) == sorted([*fresh.to_dict(key=KEY), "move_number"])  # (0 is left out)
    # only the digits of the counts and scores differ, and the move number
    assert abs(len(later.to_json(key=KEY)) - len(fresh.to_json(key=KEY))) < 40
    assert len(later.to_json(key=KEY)) < 800 < MAX_SESSION_JSON


def test_crash_and_resume_anywhere() -> None:
    """A server that saves after every move and crashes at random points ends where one that
    never crashed ends."""
    straight, archive = _played(sm.EXTENDED, 8, seed=5)
    session, rng, crashes = Session.start(sm.EXTENDED, secret=SECRET, first_dealer=1), random.Random(5), random.Random(0)
    saved = session.to_json(key=KEY)
    kept: list[sm.GameState] = []
    for _ in range(8):
        while not session.state.is_terminal:
            session = session.apply(rng.choice(session.state.legal_actions()))
            saved = session.to_json(key=KEY)
            if crashes.random() < 0.2:  # the process dies: everything but the saved text is gone
                session = Session.from_json(saved, key=KEY)
        kept.append(session.state)
        session = session.next_deal()
        saved = session.to_json(key=KEY)
    assert Session.from_json(saved, key=KEY) == session == straight
    assert session.replay(kept) == straight.replay(archive)


def test_a_refused_move_changes_nothing() -> None:
    session = Session.start(sm.CLASSIC, secret=SECRET, first_dealer=0)
    before = session.to_json(key=KEY)
    elder = session.state.current_player
    assert elder == 1
    with pytest.raises(sm.IllegalActionError) as info:
        session.apply(sm.Take(), player=0)
    assert info.value.reason is Reason.NOT_YOUR_TURN
    with pytest.raises(sm.IllegalActionError) as info:
        session.apply(sm.Pass(), player=1, expected_ply=3)
    assert info.value.reason is Reason.STALE_MOVE
    assert session.to_json(key=KEY) == before
    with pytest.raises(sm.StateError) as state_info:
        session.next_deal()
    assert state_info.value.reason is Reason.NOT_FINISHED


def test_a_changed_document_is_refused_by_its_signature() -> None:
    session, _ = _played(sm.CLASSIC, 5, seed=6)
    session = session.apply(session.state.legal_actions()[0])
    doc = session.to_dict(key=KEY)
    changes: dict[str, object] = {
        "scores": [doc["scores"][0] + 1, doc["scores"][1] - 1],
        "next_dealer": 1 - doc["next_dealer"],
        "first_dealer": 1 - doc["first_dealer"],
        "deals_recorded": doc["deals_recorded"] + 1,
        "deals_played": doc["deals_played"] - 1,
        "doubled_deals": doc["doubled_deals"] + 1,
        "factor": 2,
        "secret": "00" * 32,
        "history": "00" * 32,
        "actions": [],
        "rules": "extended",
        "signature": "0" * 64,
    }
    for field, value in changes.items():
        assert doc[field] != value, field
        with pytest.raises(sm.SerializationError) as info:
            Session.from_dict({**doc, field: value}, key=KEY)
        assert info.value.reason is Reason.BAD_SIGNATURE, field
    with pytest.raises(sm.SerializationError) as info:
        Session.from_dict(doc, key=b"another server's key, 32 bytes!!")
    assert info.value.reason is Reason.BAD_SIGNATURE
    # issue 29: the signature covers the document as received, not what it means: the same
    # content in another spelling (upper-cased actions, the preset written in full) is refused
    for spelled in ({**doc, "actions": [a.upper() for a in doc["actions"]]}, {**doc, "rules": sm.CLASSIC.to_dict()}, {**doc, "rules": "classic"}):
        with pytest.raises(sm.SerializationError) as info:
            Session.from_dict(spelled, key=KEY)
        assert info.value.reason is Reason.BAD_SIGNATURE
    # ... and the order of the keys and the white space of the text are not part of it
    reordered = dict(reversed(list(doc.items())))
    assert Session.from_dict(reordered, key=KEY) == session
    assert Session.from_json(json.dumps(doc, indent=2, ensure_ascii=True), key=KEY) == session


def test_what_a_signature_cannot_vouch_for_is_still_checked() -> None:
    """A server's own bug, signed with its own key: the deal is dealt again and replayed, and
    the standing must be one a match can reach."""
    session = Session.start(sm.CLASSIC, secret=SECRET).apply(sm.Pass())
    doc = session.to_dict(key=KEY)
    bad: list[tuple[dict[str, Any], Reason]] = [
        ({**doc, "actions": ["pass", "take", "take"]}, Reason.WRONG_PHASE),
        ({**doc, "scores": [3, 4]}, Reason.MALFORMED_DOCUMENT),
        ({**doc, "scores": [3]}, Reason.MALFORMED_DOCUMENT),
        ({**doc, "factor": 2}, Reason.MALFORMED_DOCUMENT),  # classic doubles the next round, not by factors
        ({**doc, "deals_played": 1}, Reason.MALFORMED_DOCUMENT),  # more played than recorded
    ]
    for changed, reason in bad:
        with pytest.raises(sm.SerializationError) as info:
            Session.from_dict(_resign(changed), key=KEY)
        assert info.value.reason is reason, changed
    assert sm.STRAMANDL.scoring.draw_doubling is sm.DrawDoubling.UNTIL_DECIDED
    until_decided = Session.start(sm.STRAMANDL, secret=SECRET).to_dict(key=KEY)
    assert Session.from_dict(_resign({**until_decided, "factor": 4}), key=KEY).state.multiplier == 4
    for changed in ({**until_decided, "factor": 3}, {**until_decided, "doubled_deals": 1}):
        with pytest.raises(sm.SerializationError) as info:
            Session.from_dict(_resign(changed), key=KEY)
        assert info.value.reason is Reason.MALFORMED_DOCUMENT


HOSTILE: list[object] = [
    None,
    [],
    "session",
    {},
    {"format": 1},
    {"format": 2, "type": "session"},
    {"format": 1, "type": "state"},
]


def test_hostile_shapes_are_refused_and_the_signature_comes_first() -> None:
    """Issue 29: the signature is checked before anything of the document is read, so a hostile
    shape under the original signature is refused ``bad_signature``; the same shape signed
    again (a server's own bug) reaches the checks of the fields and is refused by them."""
    doc = Session.start(sm.CLASSIC, secret=SECRET).to_dict(key=KEY)
    deep: object = []
    for _ in range(10_000):
        deep = [deep]
    shapes: list[object] = [
        *HOSTILE,
        {**doc, "extra": 1},
        {k: v for k, v in doc.items() if k != "history"},
        {**doc, "scores": [10**5000, -(10**5000)]},
        {**doc, "scores": [True, False]},
        {**doc, "deals_recorded": -1},
        {**doc, "secret": "zz" * 16},
        {**doc, "secret": "AB" * 16},
        {**doc, "secret": "ab" * 8 + "a"},
        {**doc, "secret": "ab" * 65},
        {**doc, "history": "ab" * 31},
        {**doc, "actions": deep},
        {**doc, "actions": ["pass"] * 10_000},
        {**doc, "actions": ["x" * 1_000_000]},
        {**doc, "rules": {"name": "x" * 10_000}},
        {**doc, "signature": 12},
        {**doc, "signature": "f" * 10_000},
    ]
    for shape in shapes:
        with pytest.raises(sm.SerializationError) as info:
            Session.from_dict(shape, key=KEY)
        assert len(str(info.value)) < 200
        if isinstance(shape, dict) and shape.get("signature") == doc["signature"]:
            # (or too large to be signed at all: a 5,000-digit number, 10,000 levels of lists)
            assert info.value.reason in (Reason.BAD_SIGNATURE, Reason.TOO_LARGE), shape
            if shape.get("format") == 1:
                try:
                    again = _resign(shape)
                except sm.SerializationError as error:  # (too deep or too large to be signed)
                    assert error.reason is Reason.TOO_LARGE
                    continue
                with pytest.raises(sm.SerializationError) as resigned:
                    Session.from_dict(again, key=KEY)
                assert resigned.value.reason is not Reason.BAD_SIGNATURE and len(str(resigned.value)) < 200, shape
    for text in ("", "[" * 100_000, "{" + "x" * MAX_SESSION_JSON + "}", b"\xff", 12):
        with pytest.raises(sm.SerializationError):
            Session.from_json(text, key=KEY)  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_mutated_session_text_is_the_same_session_or_refused(data: st.DataObject) -> None:
    session, _ = _played(sm.EXTENDED, 2, seed=7)
    session = session.apply(session.state.legal_actions()[0])
    text = session.to_json(key=KEY)
    at = data.draw(st.integers(0, len(text) - 1))
    cut = data.draw(st.integers(0, 8))
    insert = data.draw(st.text(alphabet='0123456789abcdef"[]{},:-ptx♥', max_size=8))
    mutated = text[:at] + insert + text[at + cut :]
    try:
        loaded = Session.from_json(mutated, key=KEY)
    except sm.SerializationError as error:
        assert len(str(error)) < 200
    else:
        assert loaded == session


def test_the_archive_must_be_the_sessions() -> None:
    session, archive = _played(sm.CLASSIC, 6, seed=8)
    for wrong in (archive[:-1], archive + archive[:1], archive[1:] + archive[:1], list(reversed(archive))):
        with pytest.raises(sm.StateError):
            session.replay(wrong)
    # a deal of the same dealer and stakes, dealt from another generator
    rng = random.Random(9)
    other = sm.deal(sm.CLASSIC, dealer=archive[2].dealer, rng=rng, multiplier=archive[2].multiplier)
    with pytest.raises(sm.ArgumentValueError):  # (a session holds only the deal its secret deals)
        attrs.evolve(session, state=other)
    while not other.is_terminal:
        other = other.apply(rng.choice(other.legal_actions()))
    forged = [*archive[:2], other, *archive[3:]]
    with pytest.raises(sm.StateError) as info:
        session.replay(forged)
    assert info.value.reason in (Reason.MALFORMED_DOCUMENT, Reason.BAD_SEAT, Reason.WRONG_STAKES)
    with pytest.raises(sm.ArgumentTypeError) as refused:
        session.replay([*archive[:5], "not a deal"])  # type: ignore[list-item]
    assert refused.value.reason is Reason.WRONG_TYPE


def test_secrets_and_keys_are_the_servers_own_values() -> None:
    for bad, error in ((b"short", ValueError), (bytes(65), ValueError), ("text" * 8, TypeError), (None, TypeError)):
        with pytest.raises(error):
            Session.start(sm.CLASSIC, secret=bad)  # type: ignore[arg-type]
        with pytest.raises(error):
            Session.start(sm.CLASSIC, secret=SECRET).to_dict(key=bad)  # type: ignore[arg-type]
    with pytest.raises(sm.ArgumentTypeError):  # (the same error as deal() gives it)
        Session.start("classic", secret=SECRET)  # type: ignore[arg-type]
    assert "secret" not in repr(Session.start(sm.CLASSIC, secret=SECRET)).split("state=")[0].replace("Session(", "")
    assert SECRET.hex() not in repr(Session.start(sm.CLASSIC, secret=SECRET))


def test_sessions_are_values() -> None:
    session, _ = _played(sm.BECK, 2, seed=10)
    assert pickle.loads(pickle.dumps(session)) == session
    assert copy.deepcopy(session) == session and hash(session) == hash(copy.copy(session))
    assert isinstance(session.standing, Standing) and session.rules is sm.BECK
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        session.state = session.state  # type: ignore[misc]


def test_the_signature_is_checked_before_anything_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: an unsigned document, or one whose content changed, is refused ``bad_signature``
    before its rules, standing or actions are read (once an unsigned one got ``invalid_action``,
    and a 17 kB one cost a replay); nothing of the kernel runs for it."""
    from strohmandeln import session as sessions

    doc = Session.start(sm.CLASSIC, secret=SECRET).apply(sm.Pass()).to_dict(key=KEY)
    read: list[str] = []
    monkeypatch.setattr(sessions, "replay", lambda *a: read.append("replay"))
    monkeypatch.setattr(Standing, "__attrs_post_init__", lambda self: read.append("standing"))
    unsigned = {k: v for k, v in doc.items() if k != "signature"}
    for changed in (
        unsigned,
        {**unsigned, "actions": ["no such action"] * 200, "rules": {"name": "x"}},
        {**doc, "actions": ["PASS"]},
        {**doc, "scores": [1, -1]},
        {**doc, "signature": doc["signature"].upper()},
    ):
        with pytest.raises(sm.SerializationError) as info:
            Session.from_dict(changed, key=KEY)
        assert info.value.reason is Reason.BAD_SIGNATURE, changed
    assert read == []


def test_distinct_keys_sign_differently() -> None:
    """Issue 31, item 4: HMAC pads a short key with zeros, so ``K`` and ``K + b"\\0"`` were one
    signing key; the HMAC's key is derived from the signing key now, and only ``bytes`` of 16 to
    64 are keys (the documented rule)."""
    session = Session.start(sm.CLASSIC, secret=SECRET)
    for key, other in ((KEY, KEY + b"\0"), (bytes(16), bytes(17)), (bytes(63), bytes(64))):
        text = session.to_json(key=key)
        assert Session.from_json(text, key=key) == session
        with pytest.raises(sm.SerializationError) as info:
            Session.from_json(text, key=other)
        assert info.value.reason is Reason.BAD_SIGNATURE
    for bad in ("k" * 32, bytearray(32), memoryview(bytes(32)), bytes(15), bytes(65), None):
        with pytest.raises(sm.ArgumentError):
            session.to_json(key=bad)  # type: ignore[arg-type]
        with pytest.raises(sm.ArgumentError):
            Session.start(sm.CLASSIC, secret=bad)  # type: ignore[arg-type]
