"""Issue 30, items 1 and 6: one move number for the whole match (Session.move_number,
Match.move_number, Session.submit, which requires it) and matches that end (a session's length
in deals or its target score, Session.is_over)."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import strohmandeln as sm
from strohmandeln import PRESETS, Reason
from strohmandeln.session import Session

KEY = b"the move-number tests' key, 32 b"
SECRET = bytes(range(3, 35))


def _match_moves(rules: sm.RuleSet, deals: int, seed: int) -> tuple[Session, list[tuple[int, int, sm.Action]]]:
    """A session after ``deals`` random deals played through :meth:`Session.submit`, and every
    move accepted as (its move number, its seat, its action)."""
    session, rng, sent = Session.start(rules, secret=SECRET, first_dealer=seed % 2), random.Random(seed), []
    for _ in range(deals):
        while not session.state.is_terminal:
            seat, number = session.state.current_player, session.move_number
            assert seat is not None
            action = rng.choice(session.state.legal_actions())
            after = session.submit(action, player=seat, move_number=number)
            assert after.move_number == number + 1 and after.state.ply == session.state.ply + 1
            sent.append((number, seat, action))
            session = after
        before = session.move_number
        session = session.next_deal()
        assert session.move_number == before + 1 and session.state.ply == 0  # a new deal is a step too
    return session, sent


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_the_move_number_counts_over_the_whole_match(rules: sm.RuleSet) -> None:
    """The match's move number never comes back: it is the Match's at every new deal, it goes
    through a saved session, and it is what a replay of the archive gives."""
    session, sent = _match_moves(rules, 4, seed=len(rules.name))
    assert [number for number, _, _ in sent] == sorted(set(number for number, _, _ in sent))
    assert session.move_number == session.standing.move_number == len(sent) + 4
    again = Session.from_json(session.to_json(key=KEY), key=KEY)
    assert again == session and again.move_number == session.move_number


def test_the_match_move_number_is_its_deals_actions_and_deals() -> None:
    match, rng = sm.Match.start(sm.EXTENDED, first_dealer=1), random.Random(4)
    total = 0
    for _ in range(5):
        state = match.deal(rng=rng)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        match = match.record(state)
        total += len(state.history) + 1
        assert match.move_number == match.standing.move_number == total


def test_a_move_of_an_earlier_deal_is_stale_at_the_start_of_a_later_one() -> None:
    """The issue's case: deal 0's first move (ply 0) sent again at the start of deal 2 was taken
    by Session.apply(expected_ply=0); Session.submit refuses it as stale_move."""
    session, sent = _match_moves(sm.CLASSIC, 2, seed=1)
    number, seat, action = sent[0]
    assert session.state.ply == 0 and session.state.why_illegal(action, player=seat, expected_ply=0) is None  # (the old hole)
    with pytest.raises(sm.IllegalActionError) as info:
        session.submit(action, player=seat, move_number=number)
    assert info.value.reason is Reason.STALE_MOVE
    assert str(info.value) == f"a move for move 0, but the match is at move {session.move_number}"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), data=st.data())
def test_every_earlier_move_is_refused_at_every_later_moment(seed: int, data: st.DataObject) -> None:
    """A move sent again at any later moment of the match — in its deal or another — is
    refused as stale_move, and the session is unchanged."""
    rules = data.draw(st.sampled_from(list(PRESETS.values())))
    session, sent = _match_moves(rules, 2, seed)
    moments = [session]
    while not moments[-1].state.is_terminal:
        state = moments[-1].state
        seat = state.current_player
        assert seat is not None
        moments.append(moments[-1].submit(state.legal_actions()[0], player=seat, move_number=moments[-1].move_number))
    later = data.draw(st.sampled_from(moments))
    number, seat, action = data.draw(st.sampled_from(sent))
    with pytest.raises(sm.IllegalActionError) as info:
        later.submit(action, player=seat, move_number=number)
    assert info.value.reason is (Reason.MATCH_OVER if later.is_over else Reason.STALE_MOVE)


@pytest.mark.parametrize(
    "bad", [None, True, False, "0", "", 0.0, 1.5, float("nan"), [0], {"move": 0}, b"0"],
    ids=["None", "True", "False", "text", "empty text", "float", "half", "nan", "list", "object", "bytes"],
)
def test_a_move_number_that_is_missing_or_no_whole_number_has_its_own_reason(bad: object) -> None:
    """On the server path the move number is required: None (JSON null), a boolean, text, a
    float … is refused as bad_move_number, never taken as 'no check' or read as a number."""
    session = Session.start(sm.CLASSIC, secret=SECRET)
    with pytest.raises(sm.IllegalActionError) as info:
        session.submit(sm.Pass(), player=1, move_number=bad)
    assert info.value.reason is Reason.BAD_MOVE_NUMBER and len(info.value.message) < 120
    with pytest.raises(TypeError):
        session.submit(sm.Pass(), player=1)  # type: ignore[call-arg]  # (required: no default)


def test_the_server_path_checks_the_seat_and_the_number_first() -> None:
    session = Session.start(sm.CLASSIC, secret=SECRET, first_dealer=0)
    with pytest.raises(sm.IllegalActionError) as info:
        session.submit(sm.Take(), player=0, move_number=0)  # Elder (seat 1) speaks first
    assert info.value.reason is Reason.NOT_YOUR_TURN
    with pytest.raises(sm.IllegalActionError) as info:
        session.submit("rubbish", player=1, move_number=3)  # type: ignore[arg-type]  # (the number first)
    assert info.value.reason is Reason.STALE_MOVE
    with pytest.raises(sm.IllegalActionError) as info:
        session.submit(sm.Pass(), player=1, move_number=10**5000)
    assert info.value.reason is Reason.STALE_MOVE and "out of range" in info.value.message
    for player in (None, "1", True):
        with pytest.raises(sm.ArgumentTypeError):
            session.submit(sm.Pass(), player=player, move_number=0)  # type: ignore[arg-type]
    with pytest.raises(sm.ArgumentValueError) as value_info:
        session.submit(sm.Pass(), player=2, move_number=0)
    assert value_info.value.reason is Reason.BAD_SEAT


# ---------------------------------------------------------------------------------------------
# Matches that end


def _to_the_end(session: Session, rng: random.Random, most: int = 200) -> tuple[Session, int]:
    """Play deals until the match is over; the session and the deals recorded on the way."""
    for recorded in range(most):
        while not session.state.is_terminal:
            session = session.apply(rng.choice(session.state.legal_actions()))
        if session.is_over:
            return session, recorded
        session = session.next_deal()
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("rules", [sm.CLASSIC, sm.STRAMANDL, sm.BECK], ids=lambda r: r.name)
@pytest.mark.parametrize("length", [1, 3, 6])
def test_a_match_of_n_deals_ends_after_its_nth_deal_played(rules: sm.RuleSet, length: int) -> None:
    session, _ = _to_the_end(Session.start(rules, secret=SECRET, length=length), random.Random(length))
    final = session.final_standing()
    assert final.deals_played == length and session.standing.deals_played == length - 1
    assert final == session.standing.after(session.state)[0]
    with pytest.raises(sm.StateError) as info:
        session.next_deal()  # no unplayed deal is dealt
    assert info.value.reason is Reason.MATCH_OVER
    legal = session.state.legal_actions()
    with pytest.raises(sm.IllegalActionError) as action_info:
        session.submit(legal[0] if legal else sm.Pass(), player=0, move_number=session.move_number)
    assert action_info.value.reason is Reason.MATCH_OVER
    loaded = Session.from_json(session.to_json(key=KEY), key=KEY)
    assert loaded == session and loaded.is_over and loaded.length == length


def test_void_deals_do_not_count_towards_the_length() -> None:
    """A match of 2 deals under rules where both passing throws the deal in (R9): the deals
    recorded are the deals played and the void ones."""
    rules = attrs.evolve(sm.CLASSIC, name="throw_in", both_pass=sm.BothPass.THROW_IN)
    voids = 0
    for seed in range(30):
        session, recorded = _to_the_end(Session.start(rules, secret=bytes([seed]) * 16, length=2), random.Random(seed))
        final = session.final_standing()
        assert final.deals_played == 2 and final.deals_recorded == recorded + 1
        voids += final.deals_recorded - 2
    assert voids > 5


@pytest.mark.parametrize("target", [1, 20, 60])
def test_a_match_to_a_target_ends_when_a_seat_reaches_it(target: int) -> None:
    session, recorded = _to_the_end(Session.start(sm.CLASSIC, secret=SECRET, target=target), random.Random(target))
    assert max(session.final_standing().scores) >= target > max(session.standing.scores)
    assert Session.from_json(session.to_json(key=KEY), key=KEY).target == target


def test_a_length_and_a_target_end_the_match_at_whichever_comes_first() -> None:
    for seed in range(6):
        rng = random.Random(seed)
        session, _ = _to_the_end(Session.start(sm.CLASSIC, secret=bytes([seed]) * 16, length=4, target=30), rng)
        final = session.final_standing()
        assert final.deals_played == 4 or max(final.scores) >= 30
        assert session.standing.deals_played < 4 and max(session.standing.scores) < 30


def test_a_match_without_a_length_never_ends() -> None:
    session, rng = Session.start(sm.CLASSIC, secret=SECRET), random.Random(1)
    for _ in range(12):
        while not session.state.is_terminal:
            session = session.apply(rng.choice(session.state.legal_actions()))
        assert not session.is_over
        session = session.next_deal()
    with pytest.raises(sm.StateError) as info:
        session.final_standing()
    assert info.value.reason is Reason.NOT_FINISHED
    assert "length" not in session.to_dict(key=KEY) and "target" not in session.to_dict(key=KEY)


@pytest.mark.parametrize(
    ("value", "error", "reason"),
    [
        (0, sm.ArgumentValueError, Reason.BAD_VALUE),
        (-3, sm.ArgumentValueError, Reason.BAD_VALUE),
        (10**11, sm.ArgumentValueError, Reason.TOO_LARGE),
        (True, sm.ArgumentTypeError, Reason.WRONG_TYPE),
        ("3", sm.ArgumentTypeError, Reason.WRONG_TYPE),
        (2.0, sm.ArgumentTypeError, Reason.WRONG_TYPE),
    ],
)
def test_a_length_or_target_is_a_whole_number_of_at_least_one(value: object, error: type[Exception], reason: Reason) -> None:
    for name in ("length", "target"):
        with pytest.raises(error) as info:
            Session.start(sm.CLASSIC, secret=SECRET, **{name: value})  # type: ignore[arg-type]
        assert info.value.reason is reason  # type: ignore[attr-defined]


def test_a_stored_length_or_move_number_out_of_range_is_refused() -> None:
    from strohmandeln._base.signing import signature as _signature

    body = {k: v for k, v in Session.start(sm.CLASSIC, secret=SECRET, length=3).to_dict(key=KEY).items() if k != "signature"}
    for field, value in (("length", 0), ("target", -1), ("move_number", -1), ("move_number", True), ("length", "3")):
        mutant = {**body, field: value}
        with pytest.raises(sm.SerializationError) as info:
            Session.from_dict({**mutant, "signature": _signature(mutant, KEY)}, key=KEY)
        assert info.value.reason is Reason.MALFORMED_DOCUMENT and field in info.value.message
    old = {k: v for k, v in body.items() if k not in ("move_number", "length")}  # (a document of the release before)
    assert Session.from_dict({**old, "signature": _signature(old, KEY)}, key=KEY) == Session.start(sm.CLASSIC, secret=SECRET)


def test_a_session_saved_without_a_move_number_still_replays_its_archive() -> None:
    """A session document of the release before (no move_number) loads at 0, and its archive
    still replays to it; the replayed match has the true move number."""
    from strohmandeln._base.signing import signature as _signature

    session, rng, archive = Session.start(sm.EXTENDED, secret=SECRET), random.Random(2), []
    for _ in range(3):
        while not session.state.is_terminal:
            session = session.apply(rng.choice(session.state.legal_actions()))
        archive.append(session.state)
        session = session.next_deal()
    body = {k: v for k, v in session.to_dict(key=KEY).items() if k not in ("signature", "move_number")}
    old = Session.from_dict({**body, "signature": _signature(body, KEY)}, key=KEY)
    assert old.standing.move_number == 0 and old.standing.deals_recorded == 3
    assert old.replay(archive).move_number == session.move_number == session.replay(archive).move_number
