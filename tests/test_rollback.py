"""Rollback and mix-up detection for game servers (issue 30, item 2): a session's signed document
names its match, and a server that keeps the :class:`~strohmandeln.session.Mark` of the last
move it acknowledged somewhere else refuses a session that is older (``rolled_back``), another
(``diverged``) or of another match (``wrong_match``) — a database restored from a backup, a
replica that lags, an old document replayed, a document stored under the wrong match."""

from __future__ import annotations

import json
import random
import string

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import strohmandeln as sm
from strohmandeln import messages
from strohmandeln.presets import PRESETS
from strohmandeln.session import Mark, Session

KEY = b"the rollback tests' signing key!"
SECRET = bytes(range(40, 72))
#: The frozen corpus's signing key (tests/test_formats.py).
CORPUS_KEY = b"strohmandeln frozen corpus key, public"


def _match(rules: sm.RuleSet, seed: int, deals: int = 3, match_id: str | None = None) -> list[Session]:
    """Every session of a match of ``deals`` deals played at random, in order: the one after
    each accepted move and after each new deal."""
    rng = random.Random(seed)
    session = Session.start(rules, secret=SECRET, length=deals, match_id=match_id)
    out = [session]
    while True:
        while not session.state.is_terminal:
            session = session.apply(rng.choice(session.state.legal_actions()))
            out.append(session)
        if session.is_over:
            return out
        session = session.next_deal()
        out.append(session)


def test_the_match_id_is_the_servers_or_derived_from_the_secret() -> None:
    derived = Session.start(sm.CLASSIC, secret=SECRET)
    assert derived.match_id.startswith("m-") and len(derived.match_id) == 22
    assert Session.start(sm.EXTENDED, secret=SECRET, first_dealer=1).match_id == derived.match_id  # (the secret's)
    assert Session.start(sm.CLASSIC, secret=bytes(range(16))).match_id != derived.match_id
    assert "match" not in derived.to_dict(key=KEY)  # (derived: left out, as every default is)
    chosen = Session.start(sm.CLASSIC, secret=SECRET, match_id="table-7:r2")
    assert chosen.to_dict(key=KEY)["match"] == "table-7:r2"
    for session in (derived, chosen.apply(sm.Pass())):
        loaded = Session.from_json(session.to_json(key=KEY), key=KEY, match_id=session.match_id)
        assert loaded == session and loaded.match_id == session.match_id
        assert loaded.next_deal().match_id == session.match_id if loaded.state.is_terminal else loaded.apply(loaded.state.legal_actions()[0]).match_id == session.match_id


@pytest.mark.parametrize("bad", ["", "a b", "x" * 65, "tablé", "m\n1"])
def test_a_match_id_that_is_no_id_is_refused(bad: str) -> None:
    with pytest.raises(sm.ArgumentValueError):
        Session.start(sm.CLASSIC, secret=SECRET, match_id=bad)
    with pytest.raises(sm.ArgumentValueError):
        attrs.evolve(Session.start(sm.CLASSIC, secret=SECRET), match_id=bad)
    with pytest.raises(sm.ArgumentError):
        Session.from_json(Session.start(sm.CLASSIC, secret=SECRET).to_json(key=KEY), key=KEY, match_id=bad)


def test_the_match_id_is_signed() -> None:
    """Changing the match a document names, or adding one to a document that had none, breaks
    its signature: a server cannot be made to file one match's session under another."""
    chosen = Session.start(sm.CLASSIC, secret=SECRET, match_id="table-1").to_dict(key=KEY)
    derived = Session.start(sm.CLASSIC, secret=SECRET).to_dict(key=KEY)
    for forged in ({**chosen, "match": "table-2"}, {k: v for k, v in chosen.items() if k != "match"}, {**derived, "match": "table-1"}):
        with pytest.raises(sm.SerializationError) as info:
            Session.from_dict(forged, key=KEY)
        assert info.value.reason is sm.Reason.BAD_SIGNATURE


def test_a_document_of_another_match_is_refused_wrong_match() -> None:
    """Two matches under one key: each document loads for its own match and is refused for the
    other, whether the ids were chosen or derived."""
    ours = Session.start(sm.CLASSIC, secret=SECRET, match_id="table-1").apply(sm.Pass())
    theirs = Session.start(sm.CLASSIC, secret=bytes(range(16)), match_id="table-2").apply(sm.Pass())
    derived = Session.start(sm.CLASSIC, secret=bytes(range(1, 17)))
    assert Session.from_json(ours.to_json(key=KEY), key=KEY, match_id="table-1") == ours
    for session, asked in ((theirs, "table-1"), (ours, "table-2"), (derived, "table-1"), (ours, derived.match_id)):
        with pytest.raises(sm.SerializationError) as info:
            Session.from_json(session.to_json(key=KEY), key=KEY, match_id=asked)
        assert info.value.reason is sm.Reason.WRONG_MATCH
        assert session.match_id in str(info.value) and len(str(info.value)) < 200
        with pytest.raises(sm.StateError) as state_info:
            session.check(Session.start(sm.CLASSIC, secret=SECRET, match_id=asked).mark if asked != derived.match_id else derived.mark)
        assert state_info.value.reason is sm.Reason.WRONG_MATCH


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_every_older_document_is_refused_against_a_later_mark(rules: sm.RuleSet) -> None:
    """For sessions i < j of one match (its moves and its new deals): the document of i loads
    against its own mark and the mark of every earlier session, and is refused ``rolled_back``
    against the mark of j — the database restored from a backup of move i after move j was
    acknowledged."""
    sessions = _match(rules, seed=len(rules.name), deals=3)
    texts = [s.to_json(key=KEY) for s in sessions]
    marks = [s.mark for s in sessions]
    assert [m.move_number for m in marks] == list(range(len(sessions)))  # (one move number a step)
    assert len({m.digest for m in marks}) == len(marks)
    rng = random.Random(7)
    pairs = [(i, j) for i in range(len(sessions)) for j in range(len(sessions)) if i != j]
    for i, j in rng.sample(pairs, 120) + [(0, len(sessions) - 1), (len(sessions) - 2, len(sessions) - 1)]:
        if i > j:
            assert Session.from_json(texts[i], key=KEY, acknowledged=marks[j]) == sessions[i]
            continue
        with pytest.raises(sm.SerializationError) as info:
            Session.from_json(texts[i], key=KEY, acknowledged=marks[j])
        assert info.value.reason is sm.Reason.ROLLED_BACK
        assert f"move {i}, before the acknowledged move {j}" in str(info.value)
    for text, session, mark in zip(texts, sessions, marks):
        assert Session.from_json(text, key=KEY, match_id=session.match_id, acknowledged=mark) == session
        assert Mark.from_text(mark.to_text()) == mark == Session.from_json(text, key=KEY).mark


def test_another_history_at_the_same_move_is_refused_diverged() -> None:
    """Two sessions of one match that took other actions from one moment on: at the moment's move
    number and at every later move of the deal, each is refused against the other's marks
    (``diverged``) — a restored database that then took other moves than the ones acknowledged.
    A mark of an earlier deal than the session's cannot be checked against the deals it has
    recorded (the session keeps only their history), and is taken."""
    start = Session.start(sm.CLASSIC, secret=SECRET, match_id="t")
    one, other = [start.apply(sm.Pass())], [start.apply(sm.Take())]
    rng = random.Random(3)
    for line in (one, other):
        while not line[-1].state.is_terminal:
            line.append(line[-1].apply(rng.choice(line[-1].state.legal_actions())))
    for a, b in ((one, other), (other, one)):
        for k in range(min(len(a), len(b))):
            for later in range(k, min(k + 4, len(a))):
                with pytest.raises(sm.StateError) as info:
                    a[later].check(b[k].mark)
                assert info.value.reason is sm.Reason.DIVERGED
        a[-1].check(start.mark)  # (the shared past is the same: taken)
    next_deal = one[-1].next_deal()
    next_deal.check(other[-1].mark)  # (an earlier deal: not checkable, taken)
    with pytest.raises(sm.SerializationError) as load_info:
        Session.from_json(other[3].to_json(key=KEY), key=KEY, acknowledged=one[3].mark)
    assert load_info.value.reason is sm.Reason.DIVERGED


def test_a_move_for_another_match_is_refused_by_the_message_layer() -> None:
    session = Session.start(sm.CLASSIC, secret=SECRET, match_id="table-1")
    move = messages.Move(match="table-2", seat=1, move_number=0, action=sm.Pass(), request_id=1)
    with pytest.raises(sm.IllegalActionError) as info:
        messages.submit(session, move, seat=1)
    assert info.value.reason is sm.Reason.WRONG_MATCH and "table-2" in str(info.value) and "table-1" not in str(info.value)
    assert messages.submit(session, attrs.evolve(move, match="table-1"), seat=1).move_number == 1


def test_a_document_written_before_match_ids_loads_with_the_derived_id() -> None:
    """The frozen corpus's sessions name no match: they load, with the id their secret derives,
    and are written back as they were stored."""
    from pathlib import Path

    stored = sorted((Path(__file__).parent / "data" / "formats" / "1").glob("session-*.json"))
    assert stored
    for path in stored:
        text = path.read_text(encoding="utf-8")
        session = Session.from_json(text, key=CORPUS_KEY, match_id=None)
        assert "match" not in json.loads(text) and session.match_id == Session.start(session.rules, secret=session.secret).match_id
        session.check(session.mark)


def test_marks_are_values_that_refuse_what_is_no_mark() -> None:
    mark = Session.start(sm.CLASSIC, secret=SECRET, match_id="a.b:c-d_e").mark
    assert repr(mark) == f"<Mark {mark.to_text()}>" and len(mark.to_text()) <= 129
    for bad_fields in (
        {"match_id": "a b"},
        {"move_number": -1},
        {"move_number": 10**11},
        {"digest": "0" * 31},
        {"digest": "G" * 32},
        {"digest": "A" * 32},
    ):
        with pytest.raises(sm.ArgumentValueError):
            attrs.evolve(mark, **bad_fields)
    for wrong_type in ({"match_id": 3}, {"move_number": "3"}, {"move_number": True}, {"digest": b"0" * 32}):
        with pytest.raises(sm.ArgumentTypeError):
            attrs.evolve(mark, **wrong_type)
    with pytest.raises(sm.ArgumentTypeError):
        Session.start(sm.CLASSIC, secret=SECRET).check(mark.to_text())  # type: ignore[arg-type]
    text = mark.to_text()
    for bad in ("", text + " ", " " + text, text.replace(" ", "  ", 1), text.replace(" 0 ", " 00 "), text.replace(" 0 ", " -1 "), text[:-1], text.upper(), "x" * 200, text.replace(" 0 ", " ٣ ")):
        with pytest.raises(sm.SerializationError) as info:
            Mark.from_text(bad)
        assert info.value.reason in (sm.Reason.MALFORMED_DOCUMENT, sm.Reason.TOO_LARGE) and len(str(info.value)) < 200


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=150), st.text(alphabet=string.ascii_letters + string.digits + " -", max_size=140), st.binary(max_size=40)))
def test_any_text_is_a_mark_or_a_clean_refusal(text: str | bytes) -> None:
    try:
        mark = Mark.from_text(text)  # type: ignore[arg-type]
    except sm.SerializationError as error:
        assert error.reason in (sm.Reason.MALFORMED_DOCUMENT, sm.Reason.TOO_LARGE)
    else:
        assert mark.to_text() == text
