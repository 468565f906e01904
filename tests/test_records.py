"""Text records of deals and matches, and the golden records under tests/data/records/."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import strohmandeln as sm
from strohmandeln.presets import rules_ref
from strohmandeln import CLASSIC, EXTENDED, ZWANZIGERRUFEN_40, GameState, Reason, SerializationError
from strohmandeln.records import RecordError, dumps, dumps_match, loads, loads_match

from helpers import played_match

GOLDEN = Path(__file__).parent / "data" / "records"
HOUSE = attrs.evolve(CLASSIC, name="house", undertaker_doubling=True)


def playout(rules: sm.RuleSet, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    state = sm.deal(rules, dealer=seed % 2, rng=seed)
    states = [state]
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def a_match(deals: int, seed: int) -> sm.Match:
    return played_match(EXTENDED, deals, seed, first_dealer=0)


def record_text() -> str:
    return dumps(playout(CLASSIC, 21)[-1])


def test_round_trip_every_preset_and_moment() -> None:
    for seed in range(30):
        rules = [*sm.PRESETS.values(), HOUSE][seed % 8]
        states = playout(rules, seed)
        for state in states[:: max(1, len(states) // 4)] + [states[-1]]:
            assert loads(dumps(state)) == state
            assert loads(dumps(state, ascii=True)) == state
            assert dumps(state, ascii=True).isascii() or not rules.name.isascii()


@pytest.mark.parametrize("change", [{"name": "house#2"}, {"source": "see rule #7"}, {"source": "a\u2028b"}, {"source": "a\x85b"}, {"name": "Štrámandl ü"}])
def test_custom_rule_sets_with_comment_signs_or_line_breaks_round_trip(change: dict[str, str]) -> None:
    """A rule set's line is ASCII JSON with ``#`` escaped: a comment sign or a Unicode line break
    in its name or source does not cut the record's line."""
    rules = attrs.evolve(CLASSIC, name=change.get("name", "house"), source=change.get("source", ""))
    state = playout(rules, 3)[-1]
    assert loads(dumps(state)) == state
    match = sm.Match.start(rules, first_dealer=state.dealer).record(state)
    assert loads_match(dumps_match(match)) == match


def test_a_match_record_may_be_longer_than_a_deal_record() -> None:
    """A match record has room for 10,000 deals (8,000,000 characters); a deal record stops at
    1,000,000."""
    state = playout(CLASSIC, 4)[-1]
    padding = "\n# " + "x" * 2_000_000
    match = sm.Match.start(CLASSIC, first_dealer=state.dealer).record(state)
    assert loads_match(dumps_match(match) + padding) == match
    with pytest.raises(RecordError) as info:
        loads(dumps(state) + padding)
    assert info.value.reason is Reason.TOO_LARGE


def test_layout_of_a_record() -> None:
    state = playout(CLASSIC, 21)[-1]
    lines = dumps(state).splitlines()
    assert lines[0] == "strohmandeln-deal 1"
    assert lines[1] == "rules classic@8a01bd3b1751"
    assert lines[2] == f"dealer {state.dealer}"
    assert lines[3].split()[0] == "order" and len(lines[3].split()) == 55
    tricks = [line for line in lines[4:] if isinstance(sm.parse_action(line.split()[0]), sm.Play)]
    assert len(tricks) == 27
    custom = dumps(playout(HOUSE, 2)[-1]).splitlines()[1]
    assert custom.startswith("rules {") and '"name":"house"' in custom


def test_comments_blank_lines_and_free_token_layout() -> None:
    state = playout(CLASSIC, 5)[-1]
    lines = dumps(state).splitlines()
    header, actions = lines[:4], " ".join(lines[4:]).split()
    text = "# a comment\n\n" + "\n".join(header) + "   # trailing comment\n"
    text += "\n".join(" ".join(actions[i : i + 5]) for i in range(0, len(actions), 5)) + "\n\n"
    assert loads(text) == state


def test_first_bad_token_is_named_with_why() -> None:
    text = record_text()
    lines = text.splitlines()
    # an illegal play: the leader of trick 1 plays his partner's card
    tokens = " ".join(lines[4:]).split()
    first_play = next(i for i, t in enumerate(tokens) if t not in ("take", "pass", "fold", "keep"))
    bad = tokens[:]
    bad[first_play], bad[first_play + 1] = bad[first_play + 1], bad[first_play]
    with pytest.raises(RecordError) as info:
        loads("\n".join(lines[:4] + [" ".join(bad)]))
    error = info.value
    assert isinstance(error, SerializationError) and error.reason is Reason.INVALID_RECORD
    assert error.token == first_play + 1 and error.line == 5
    assert error.cause is Reason.CARD_NOT_AVAILABLE
    assert f"token {first_play + 1}" in str(error) and repr(bad[first_play]) in str(error)
    # a token that is not an action
    bad = tokens[:]
    bad[3] = "XXII"
    with pytest.raises(RecordError) as info:
        loads("\n".join(lines[:4] + [" ".join(bad)]))
    assert info.value.token == 4 and info.value.cause in (Reason.INVALID_ACTION, Reason.INVALID_CARD)
    # too many actions
    with pytest.raises(RecordError) as info:
        loads(text + "pass\n")
    assert info.value.cause is Reason.GAME_OVER and info.value.token == len(tokens) + 1


@pytest.mark.parametrize(
    ("edit", "cause"),
    [
        (lambda t: t.replace("strohmandeln-deal 1", "strohmandeln-deal 2"), Reason.UNSUPPORTED_VERSION),
        (lambda t: t.replace("strohmandeln-deal 1", "chess 1"), Reason.INVALID_RECORD),
        (lambda t: t.replace("rules classic@8a01bd3b1751", "rules nonesuch"), Reason.MALFORMED_DOCUMENT),
        (lambda t: t.replace("rules classic@8a01bd3b1751", "rules {not json"), Reason.INVALID_RECORD),
        (lambda t: t.replace("rules classic@8a01bd3b1751", 'rules {"name": 5}'), Reason.MALFORMED_DOCUMENT),
        (lambda t: t.replace("dealer ", "dealer 2", 1), Reason.BAD_SEAT),
        (lambda t: t.replace("order ", "order XXIII ", 1), Reason.INVALID_CARD),
        (lambda t: t.replace("order ", "order XXI ", 1), Reason.WRONG_DECK_SIZE),
        (lambda t: "\n".join(t.splitlines()[:2]), Reason.INVALID_RECORD),
        (lambda t: "", Reason.INVALID_RECORD),
    ],
)
def test_bad_headers(edit: object, cause: Reason) -> None:
    text = edit(record_text())  # type: ignore[operator]
    with pytest.raises(RecordError) as info:
        loads(text)
    assert info.value.cause is cause and info.value.token is None, info.value


def test_duplicate_card_in_order() -> None:
    lines = record_text().splitlines()
    cards = lines[3].split()[1:]
    lines[3] = "order " + " ".join([cards[1], *cards[1:]])
    with pytest.raises(RecordError) as info:
        loads("\n".join(lines))
    assert info.value.cause is Reason.DUPLICATE_CARD and info.value.line == 4


def test_hostile_records() -> None:
    with pytest.raises(RecordError) as info:
        loads("x" * 2_000_000)
    assert info.value.reason is Reason.TOO_LARGE
    with pytest.raises(RecordError):
        loads(5)  # type: ignore[arg-type]
    text = record_text()
    with pytest.raises(RecordError) as info:
        loads(text.splitlines()[0] + "\n" + "\n".join(text.splitlines()[1:4]) + "\n" + "pass " * 1000)
    assert info.value.cause in (Reason.WRONG_PHASE, Reason.GAME_OVER) or info.value.reason is Reason.TOO_LARGE


def test_positions_have_no_record() -> None:
    from strohmandeln.positions import position

    with pytest.raises(SerializationError):
        dumps(position(CLASSIC, hands=("♣K", "♣Q"), rest_to=0, leader=0))
    with pytest.raises(TypeError):
        dumps("state")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="match must be a Match, not None"):
        dumps_match(None)


def test_pickling_record_errors() -> None:
    import pickle

    error = RecordError("line 3: x", line=3, token=7, cause=Reason.MUST_FOLLOW_SUIT)
    back = pickle.loads(pickle.dumps(error))
    assert (back.line, back.token, back.cause, back.reason, back.message) == (3, 7, Reason.MUST_FOLLOW_SUIT, Reason.INVALID_RECORD, "line 3: x")


def test_match_records() -> None:
    match = a_match(5, 4)
    text = dumps_match(match)
    assert text.startswith(f"strohmandeln-match 1\nrules {rules_ref(sm.EXTENDED)}\nfirst-dealer 0\ndeal 1\n")
    assert loads_match(text) == match
    assert loads_match(dumps_match(match, ascii=True)) == match
    deal3 = text.index("deal 3")
    with pytest.raises(RecordError) as info:
        loads_match(text[:deal3] + "deal 4" + text[deal3 + 6 :])
    assert "expected 'deal 3'" in str(info.value)
    lines = text.splitlines()
    i = lines.index("deal 2")
    lines[i + 1] = "dealer " + ("1" if lines[i + 1] == "dealer 0" else "0")
    with pytest.raises(RecordError) as info:
        loads_match("\n".join(lines))
    assert "deal 2" in str(info.value)
    lines = text.splitlines()
    last = max(k for k, line in enumerate(lines) if len(line.split()) == 2 and not line.startswith(("deal", "dealer", "rules")))
    lines[last] = ""
    with pytest.raises(RecordError) as info:
        loads_match("\n".join(lines))
    assert info.value.cause is Reason.NOT_FINISHED
    assert loads_match("strohmandeln-match 1\nrules classic\nfirst-dealer 1\n") == sm.Match.start(CLASSIC, first_dealer=1)


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_fuzz_records(data: st.DataObject) -> None:
    """Mutated record text: loads returns a state or raises RecordError, nothing else."""
    text = data.draw(st.sampled_from([record_text(), dumps(playout(ZWANZIGERRUFEN_40, 3)[30]), dumps_match(a_match(2, 1))]))
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text)))
        j = data.draw(st.integers(i, min(len(text), i + 30)))
        text = text[:i] + data.draw(st.sampled_from(["", " ", "\n", "#", "XXI", "♥K", "pass", "{", "deal 2", "order", "1", text[i:j]])) + text[j:]
    for load in (loads, loads_match):
        try:
            load(text)
        except RecordError as error:
            assert error.reason in (Reason.INVALID_RECORD, Reason.TOO_LARGE)


# --------------------------------------------------------------------------------------------
# Golden records: complete deals kept as regression tests


def _expectations(text: str) -> dict[str, list[str]]:
    out = {}
    for line in text.splitlines():
        if line.startswith("# expect "):
            key, *values = line[len("# expect ") :].split()
            out[key] = values
    return out


GOLDEN_FILES = sorted(GOLDEN.glob("*.txt"))


def test_golden_records_exist() -> None:
    assert len(GOLDEN_FILES) >= 5


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda p: p.stem)
def test_golden_record(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    state = loads(text)
    expect = _expectations(text)
    assert state.is_terminal
    if "thirds" in expect:
        assert [state.card_points(s).thirds for s in (0, 1)] == [int(x) for x in expect["thirds"]]
        assert "".join(str(t.winner) for t in state.tricks) == expect["winners"][0]
    result = state.result()
    assert list(result.totals) == [int(x) for x in expect["totals"]]
    # the canonical record of the replayed deal is the file without its comments
    body = "\n".join(line for line in text.splitlines() if not line.startswith("#")) + "\n"
    # (written before presets were pinned: this release writes the preset's name with its digest)
    name = state.rules.name
    assert dumps(state) == body.replace(f"\nrules {name}\n", f"\nrules {rules_ref(state.rules)}\n")


def test_a_match_record_holds_at_most_max_deals_deals() -> None:
    """Issue 24 (3): loads_match applies the bound of a match document, before replaying."""
    text = dumps_match(a_match(2, 7))
    head, _, rest = text.partition("deal 1\n")
    first, _, _ = rest.partition("deal 2\n")
    body = "".join(f"deal {n}\n{first}" for n in range(1, sm.serialization.MAX_DEALS + 2))
    with pytest.raises(RecordError) as info:
        loads_match(head + body)
    assert info.value.reason is Reason.TOO_LARGE and "at most 10000 deals" in str(info.value)
    assert info.value.line == (head + body).splitlines().index(f"deal {sm.serialization.MAX_DEALS + 1}") + 1


def test_loading_a_match_records_its_deals_in_one_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24 (3): the loaders record the deals with Match.record_all, never with
    Match.record, which copies every deal before it (quadratic over a long match)."""
    match = a_match(6, 3)

    def refuse(self: sm.Match, state: GameState) -> sm.Match:
        raise AssertionError("Match.record called by a loader")

    text, document = dumps_match(match), sm.serialization.match_to_dict(match)
    monkeypatch.setattr(sm.Match, "record", refuse)
    assert loads_match(text) == match
    assert sm.serialization.match_from_dict(document) == match
