"""A session's document written in parts (``_sessions.Parts``, issue 30 item 5): the text and
the signature are those of the dict of its fields written whole, byte for byte; the canonical
form's shortcut for plain bodies is the walk's; a loaded session is the one saved, its deal
replayed through the rules."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

import strohmandeln as sm
from strohmandeln._base import checked, signing
from strohmandeln._base.signing import derived_match_id
from strohmandeln.session import Session

KEY = b"a server's signing key, 32 bytes"


def whole_document(session: Session, key: bytes) -> dict[str, Any]:
    """The document as the writer before the parts wrote it: its fields in one dict, signed."""
    body: dict[str, Any] = {
        **checked.head("session"),
        **checked.to_fields(session.standing),
        "secret": session.secret.hex(),
        "history": session.history.hex(),
        "actions": [str(a) for a in session.state.history],
        **({} if session.match_id == derived_match_id(session.secret) else {"match": session.match_id}),
        **({} if session.length is None else {"length": session.length}),
        **({} if session.target is None else {"target": session.target}),
    }
    return {**body, "signature": signing.signature(body, key, written=True)}


def sessions(rules: sm.RuleSet, seed: int) -> list[Session]:
    """Every session of three random deals of a session of ``rules`` (some with a match id, a
    length, a target)."""
    rng = random.Random(seed)
    choices: list[dict[str, Any]] = [{}, {"match_id": f"m-{seed}"}, {"length": 5}, {"target": 40, "match_id": "x"}]
    extra = choices[seed % 4]
    session = Session.start(rules, secret=rng.randbytes(16 + seed % 49), first_dealer=seed % 2, **extra)
    out = [session]
    for _ in range(3):
        while not session.state.is_terminal:
            session = session.apply(rng.choice(session.state.legal_actions()))
            out.append(session)
        if session.is_over:
            break
        session = session.next_deal()
        out.append(session)
    return out


def test_documents_are_those_written_whole_on_random_sessions_of_every_preset() -> None:
    house = attrs.evolve(sm.CLASSIC, name="house")  # (a rule set written in full)
    for n, rules in enumerate([*sm.PRESETS.values(), house]):
        for seed in range(2):
            for session in sessions(rules, 10 * n + seed)[::3]:
                for key in (KEY, bytes(range(16 + n))):
                    whole = whole_document(session, key)
                    assert session.to_dict(key=key) == whole
                    assert session.to_json(key=key) == json.dumps(whole, ensure_ascii=False, separators=(",", ":"))
                    loaded = Session.from_json(session.to_json(key=key), key=key)
                    assert loaded == session and loaded.state.to_dict() == session.state.to_dict()


def test_a_documents_dict_is_new_every_time() -> None:
    session = Session.start(sm.CLASSIC, secret=bytes(16), target=9).apply(sm.Pass())
    first = session.to_dict(key=KEY)
    first["scores"].append(7)
    first["actions"].append("take")
    assert session.to_dict(key=KEY) == whole_document(session, KEY)


json_scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=5))
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=3), max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.text(max_size=6), json_values, max_size=6))
def test_the_canonical_forms_shortcut_is_the_walks(body: dict[str, Any]) -> None:
    try:
        walked: str | None = signing.CANONICAL(signing._plain(body, 0, [10_000]))
    except sm.SerializationError:
        walked = None
    if signing._shallow(body):
        assert walked is not None and signing._canonical(body) == walked
    else:
        assert walked is None or signing._canonical(body) == walked


def test_a_standing_read_again_is_checked_by_its_fields_as_given() -> None:
    session = Session.start(sm.CLASSIC, secret=bytes(16)).apply(sm.Pass())
    doc = session.to_dict(key=KEY)
    assert Session.from_dict(doc, key=KEY) == Session.from_dict(json.loads(json.dumps(doc)), key=KEY) == session
    for field, value in (("first_dealer", True), ("scores", [0.0, 0]), ("scores", [True, -1]), ("next_dealer", "0")):
        changed = {k: v for k, v in doc.items() if k != "signature"}
        changed[field] = value
        signed = {**changed, "signature": signing.signature(changed, KEY)}
        try:
            Session.from_dict(signed, key=KEY)
        except sm.SerializationError as error:
            assert error.reason is sm.Reason.MALFORMED_DOCUMENT
        else:
            raise AssertionError(f"{field} = {value!r} taken")
