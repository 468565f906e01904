"""The server guide's promises (docs/guide_server.rst), checked one by one against the code.

Each test is named after the promise it checks and quotes it in its docstring. The guide's own
doctests show each promise once; these check it over random deals of every preset.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import strohmandeln as sm
from strohmandeln.presets import rules_ref
from strohmandeln import PRESETS, Reason, records
from strohmandeln import serialization as S
from strohmandeln.positions import position

from helpers import played_match, random_states

SEEDS = range(12)


ALL_STATES = [s for rules in PRESETS.values() for seed in SEEDS[:4] for s in random_states(rules, seed)]
#: Every action notation a client could send in a deal: each card, each decision, variants.
ACTIONS = [sm.parse_action(t) for t in ("take", "pass", "fold", "keep", "double", "no-double")] + [
    sm.Play(card) for card in sm.DECK_54
] + [sm.parse_action(t) for t in ("XXI+trull", "♥K+kings", "XVII!ross", "XVIII!topschin")]


def test_promise_a_refused_move_leaves_no_half_changed_state() -> None:
    """"States are immutable values: apply() returns the next one and leaves the old one alone,
    so a refused move never leaves a half-changed state behind." """
    rng = random.Random(1)
    for state in rng.sample(ALL_STATES, 120):
        before = (state.to_dict(), hash(state), state.legal_actions(), state.view(0).to_dict())
        for action in rng.sample(ACTIONS, 12):
            for seat in (0, 1):
                try:
                    state.apply(action, player=seat)
                except sm.StrohmandelnError:
                    pass
        assert (state.to_dict(), hash(state), state.legal_actions(), state.view(0).to_dict()) == before


def test_promise_parse_action_refuses_everything_else_as_invalid_action() -> None:
    """"Anything else is refused with a NotationError whose reason is invalid_action: unknown
    words, repeated announcements, non-text values from a client's JSON, and any text longer
    than 64 characters." """
    for bad in ("I take!", "♥K+trull+trull", "XVII!ross!ross", 17, None, 1.5, ["take"], {"a": 1}, "take" * 17):
        with pytest.raises(sm.NotationError) as info:
            sm.parse_action(bad)  # type: ignore[arg-type]
        assert info.value.reason is Reason.INVALID_ACTION
    assert str(sm.parse_action(" " * 30 + "take" + " " * 30)) == "take"  # (64 after stripping)


def test_promise_player_applies_for_that_seat_only() -> None:
    """"Always pass the seat of the connection: state.apply(action, player=seat)" — a seat that
    is not to act is refused with not_your_turn, whatever the action."""
    for state in ALL_STATES[::7]:
        if state.is_terminal:
            continue
        assert state.current_player is not None
        other = 1 - state.current_player
        for action in state.legal_actions()[:5]:
            with pytest.raises(sm.IllegalActionError) as info:
                state.apply(action, player=other)
            assert info.value.reason is Reason.NOT_YOUR_TURN
            assert state.apply(action, player=state.current_player) == state.apply(action)
            assert state.is_legal(action, player=state.current_player) and not state.is_legal(action, player=other)


def test_promise_why_illegal_returns_the_error_apply_raises() -> None:
    """"why_illegal returns the error that apply would raise, or None" — the same reason and
    message, for both seats and every action."""
    rng = random.Random(2)
    for state in rng.sample(ALL_STATES, 80):
        for action in rng.sample(ACTIONS, 10) + list(state.legal_actions()[:3]):
            for seat in (0, 1):
                why = state.why_illegal(action, player=seat)
                try:
                    state.apply(action, player=seat)
                except sm.StrohmandelnError as error:
                    assert why is not None and (why.reason, why.message) == (error.reason, error.message)
                else:
                    assert why is None


def test_promise_refusals_reveal_no_face_down_card() -> None:
    """"A card that lies face down in one of the player's own Strohmänner is refused exactly like a
    card of the opponent's, with card_not_available" — the same reason and the same message as
    for any other card he does not hold."""
    checked = 0
    for state in ALL_STATES:
        if state.phase is not sm.Phase.PLAY:
            continue
        seat = state.current_player
        assert seat is not None and state.order is not None
        _, piles = sm.deal_layout(state.rules, state.order, dealer=state.dealer)
        seen = set(state.hand(seat)) | {p.card for t in state.tricks for p in t.plays} | {p.card for p in state.current_trick}
        tops = {state.strohmann(seat, k).face_up for k in range(3)}
        mine = {card for pile in piles[seat] for card in pile} - seen - tops  # face down now
        assert len(mine) == sum([state.strohmann(seat, k).face_down for k in range(3)])
        for card in mine:
            error = state.why_illegal(sm.Play(card), player=seat)
            assert error is not None and error.reason is Reason.CARD_NOT_AVAILABLE
            assert error.message == f"seat {seat} does not hold {card} (hand or face-up Strohmann top)"
            checked += 1
    assert checked > 100


def test_promise_a_view_holds_no_card_its_viewer_does_not_know() -> None:
    """"Cards the viewer does not know are not in it at all": the document of a view is the same
    for every deal that differs only in cards the viewer cannot know — here, a state and the same
    state's view rebuilt from the document, and a spectator's view holds no hand."""
    for state in ALL_STATES[::11]:
        for seat in (0, 1, None):
            view = state.view(seat)
            document = view.to_dict()
            assert S.view_from_dict(document).to_dict() == document
            assert '"order"' not in json.dumps(document, ensure_ascii=False)
            if seat is None:
                assert document["hand"] == []
                continue
            hidden = set(state.hand(1 - seat)) - set(view.known_hand(1 - seat))
            assert not hidden & {sm.Card.parse(c) for c in document["known_hands"][1 - seat]}
            assert len(document["known_hands"][1 - seat]) + len(hidden) == len(state.hand(1 - seat))


def test_promise_view_documents_are_accepted_only_if_a_deal_produces_them() -> None:
    """"PlayerView.from_dict accepts it only if some deal ... produces exactly that view": a view
    whose hand sizes, trick or history were changed is refused."""
    for state in ALL_STATES[5::40]:
        document = state.view(0).to_dict()
        assert S.view_from_dict(document) == state.view(0)
        if state.history:
            changed = {**document, "history": document["history"][:-1]}
            with pytest.raises(sm.SerializationError):
                S.view_from_dict(changed)
        sizes = document["hand_sizes"]
        with pytest.raises(sm.SerializationError):
            S.view_from_dict({**document, "hand_sizes": [sizes[0] + 1, sizes[1]]})


def test_promise_loading_never_trusts_a_stored_result() -> None:
    """"Loading either replays the actions through the rules, so a stored game that was
    tampered with ... is refused at the first illegal action — loading never trusts a stored
    result." A tampered action is refused with its index; a document of a position, which
    states its outcome, is refused under dealt_only (see also test_serialization)."""
    rng = random.Random(3)
    for state in [s for s in ALL_STATES if s.is_terminal][:40]:
        document = state.to_dict()
        k = rng.randrange(len(document["actions"]))
        for replacement in ("XXI", "♥K", "take", "Sküs+trull"):
            if replacement == document["actions"][k]:
                continue
            tampered = {**document, "actions": [*document["actions"][:k], replacement, *document["actions"][k + 1 :]]}
            states = [S.state_from_dict({**document, "actions": document["actions"][:k]})]
            illegal_at_k = states[0].why_illegal(sm.parse_action(replacement)) is not None
            try:
                loaded = S.state_from_dict(tampered)
            except sm.SerializationError as error:
                at = int(error.message.split("]")[0].split("[")[1])
                assert at == k if illegal_at_k else at > k, error.message
            else:  # the replacement was legal there, and so was the rest
                assert not illegal_at_k and loaded.history[k] == sm.parse_action(replacement)
    claimed = position(sm.CLASSIC, hands=((), ()), won=(sm.CLASSIC.deck.cards, ()), leader=0)
    with pytest.raises(sm.SerializationError) as info:
        S.from_json(S.to_json(claimed), dealt_only=True)
    assert info.value.reason is Reason.NOT_DEALT


def _largest_deal_document(rules: sm.RuleSet) -> dict[str, object]:
    """A document at least as long as any deal's of ``rules``, in any JSON spelling: the order and
    the plays of a finished deal are the deck's cards (each once: their spelling does not depend on
    where they lie), with every decision the rules can ask for and every annotation they allow —
    each at most once a deal (R7, R8, R10, R17, R18)."""
    decisions = (["keep", "keep"] if rules.fold_without_tarock else []) + ["pass", "take"]
    decisions += ["no-double"] if rules.undertaker_doubling else []
    notes = {sm.Bonus.TRULL_ANNOUNCED: "+trull", sm.Bonus.FOUR_KINGS_ANNOUNCED: "+kings", sm.Bonus.ROSTOPSCHIN: "!ross!topschin"}
    padding = "".join(text for bonus, text in notes.items() if rules.scoring.has(bonus))
    cards = [str(card) for card in rules.deck.cards]
    actions = [*decisions, *cards[:-1], cards[-1] + padding]
    return {"format": 1, "type": "state", "rules": rules_ref(rules), "dealer": 0, "order": cards, "actions": actions}


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_promise_documents_are_small(rules: sm.RuleSet) -> None:
    """"A deal under a preset's rules is under 1 kB as to_json writes it (at most about 845 bytes,
    finished) and under 1.2 kB from plain json.dumps (at most about 1,165 characters) ... A view
    is under 8 kB." Checked for the largest document a deal can have, and over many seeded
    deals; their records are under 500 characters (records.MAX_RECORD's note)."""
    largest = _largest_deal_document(rules)
    assert len(json.dumps(largest, ensure_ascii=False, separators=(",", ":")).encode()) < 845  # "about 845"
    assert len(json.dumps(largest)) < 1165  # "about 1,165"
    for seed in range(120):
        states = random_states(rules, seed)
        last, document = states[-1], states[-1].to_dict()
        assert len(S.to_json(last).encode()) < 1000 and len(json.dumps(document)) < 1200
        assert len(S.to_json(last)) <= len(json.dumps(largest, ensure_ascii=False, separators=(",", ":")))
        assert len(json.dumps(document)) <= len(json.dumps(largest)) and len(records.dumps(last)) < 500
        for state in states[:: 5 if seed < 12 else 29]:
            for seat in (0, 1, None):
                assert len(json.dumps(state.view(seat).to_dict()).encode()) < 8000


def test_promise_the_limits_of_the_limits_table() -> None:
    """The limits table: an action of 64 characters after stripping; JSON text of max_length;
    lists of 256 items and strings of 64 characters in a document; 10,000 deals in a match;
    records of 1,000,000 characters (8,000,000 for a match), 256 actions per deal."""
    assert S.MAX_ITEMS == 256 and S.MAX_TEXT == 64 and S.MAX_DEALS == 10_000 and S.MAX_JSON == 16_000_000
    assert records.MAX_RECORD == 1_000_000 and records.MAX_MATCH_RECORD == 8_000_000
    with pytest.raises(sm.NotationError):
        sm.parse_action("♥K+trull" + " +kings" * 8)  # 64 + 1 characters
    state = random_states(sm.CLASSIC, 1)[-1]
    text = S.to_json(state)
    assert S.from_json(text, max_length=len(text)) == state
    with pytest.raises(sm.SerializationError) as info:
        S.from_json(text, max_length=len(text) - 1)
    assert info.value.reason is Reason.TOO_LARGE
    document = state.to_dict()
    for field, value in (("actions", ["pass"] * 257), ("rules", "x" * 65)):
        with pytest.raises(sm.SerializationError) as info:
            S.state_from_dict({**document, field: value})
        assert info.value.reason is Reason.TOO_LARGE, info.value
    with pytest.raises(sm.SerializationError) as info:
        S.match_from_dict({**S.to_dict(sm.Match.start(sm.CLASSIC)), "deals": [None] * 10_001})
    assert info.value.reason is Reason.TOO_LARGE
    with pytest.raises(records.RecordError) as info:
        records.loads("strohmandeln-deal 1\n" + " " * records.MAX_RECORD)
    assert info.value.reason is Reason.TOO_LARGE


def test_promise_replaying_a_prefix_rebuilds_every_view_sent() -> None:
    """"The same replay rebuilds every view a player was sent ... by replaying a prefix of it." """
    for rules in PRESETS.values():
        states = random_states(rules, 5)
        document = states[-1].to_dict()
        for k in range(0, len(states), 9):
            again = S.state_from_dict({**document, "actions": document["actions"][:k]})
            assert again == states[k] and again.view(0) == states[k].view(0) and again.view(1) == states[k].view(1)


def test_promise_loading_a_match_rescores_every_deal() -> None:
    """"Whole matches are stored the same way ...; loading them rescores every deal": a match
    document holds no scores, and its loaded results are the scores of its replayed deals."""
    match = played_match(sm.CLASSIC, 6, 4, first_dealer=0)
    document = S.to_dict(match)
    assert "scores" not in json.dumps(document) and "totals" not in json.dumps(document)
    for loaded in (S.match_from_dict(document), records.loads_match(records.dumps_match(match))):
        assert loaded == match and loaded.scores == match.scores
        assert [r for r in loaded.results] == [sm.score(d, r.multiplier) for d, r in zip(loaded.deals, loaded.results)]


def _with_field(document: object, path: tuple[object, ...], key: str, value: object) -> object:
    """A copy of ``document`` with ``key: value`` set in the object at ``path``."""
    if not path:
        assert isinstance(document, dict)
        return {**document, key: value}
    head, rest = path[0], path[1:]
    if isinstance(document, list):
        assert isinstance(head, int)
        return [_with_field(item, rest, key, value) if i == head else item for i, item in enumerate(document)]
    assert isinstance(document, dict) and isinstance(head, str)
    return {**document, head: _with_field(document[head], rest, key, value)}


def test_promise_format_versions_and_unknown_fields_are_refused() -> None:
    """"A reader accepts exactly the version it writes. Any other number is refused with
    unsupported_version" and "Unknown fields are refused, at every level of a document, with
    malformed_document; so is an unknown line of a record"; "Missing optional fields take their
    defaults"; a preset's rule set "in full in place of the name loads the same"."""
    match = sm.Match.start(sm.EXTENDED, first_dealer=1)
    for seed in range(3):
        state = match.deal(rng=random.Random(seed))
        while not state.is_terminal:
            state = state.apply(state.legal_actions()[-1])
        match = match.record(state)
    state = match.deals[0]
    full = {**state.to_dict(), "rules": sm.EXTENDED.to_dict()}
    assert S.from_dict(full) == state
    documents: list[tuple[dict[str, object], list[tuple[object, ...]]]] = [
        (full, [(), ("rules",), ("rules", "scoring")]),
        (S.to_dict(state.view(0)), [(), ("events", 0), ("tricks", 0)]),
        (S.to_dict(state.result()), [(), ("lines", 0)]),
        (S.to_dict(match), [(), ("deals", 1)]),
        (S.to_dict(sm.Pass()), [()]),
    ]
    for document, paths in documents:
        for version in (0, S.FORMAT + 1, -(10**12)):
            with pytest.raises(sm.SerializationError) as info:
                S.from_dict({**document, "format": version})
            assert info.value.reason is Reason.UNSUPPORTED_VERSION
        for path in paths:
            with pytest.raises(sm.SerializationError) as info:
                S.from_dict(_with_field(document, path, "comment", "mine"))
            assert info.value.reason is Reason.MALFORMED_DOCUMENT and "unknown field 'comment'" in info.value.message
    options = sm.EXTENDED.to_dict()
    scoring = {k: v for k, v in options["scoring"].items() if k in ("simple_won", "undertaken_won", "undertaken_lost")}
    bare = {"name": "bare", "scoring": scoring}
    assert S.rules_from_dict(bare) == sm.RuleSet(name="bare", scoring=sm.ScoringTable(**scoring))
    assert "multiplier" not in state.to_dict() and state.multiplier == 1
    text = records.dumps(state)
    changes = (
        (text.replace("-deal 1", "-deal 2"), Reason.UNSUPPORTED_VERSION),
        (text.replace("\ndealer", "\nnote mine\ndealer"), Reason.INVALID_RECORD),
    )
    for changed, cause in changes:
        with pytest.raises(records.RecordError) as info:
            records.loads(changed)
        assert info.value.reason is Reason.INVALID_RECORD and info.value.cause is cause
    assert records.loads(text.replace("\ndealer", "\n# mine\n\ndealer")) == state


def test_promise_reason_codes_are_stable_lowercase_ascii() -> None:
    """"They are lower-case ASCII strings that never change between releases; new codes may be
    added": each code is its member's name in lower case, and the codes of the first release
    keep their places."""
    first_release = [
        "invalid_card", "invalid_action", "invalid_record", "wrong_phase", "not_your_turn", "game_over", "not_an_action",
        "card_not_in_deck", "card_not_available", "card_face_down", "must_follow_suit", "must_follow_suit_from_strohmann",
        "must_play_tarock", "announcement_not_allowed", "call_not_allowed", "wrong_deck_size", "duplicate_card",
        "no_deck_source", "bad_seat", "bad_strohmann", "inconsistent_rules", "not_finished", "not_a_state", "wrong_rules",
        "malformed_document", "unsupported_version", "too_large",
    ]  # fmt: skip
    codes = [reason.value for reason in Reason]
    assert codes[: len(first_release)] == first_release
    for reason in Reason:
        assert reason.value == reason.name.lower() and reason.value.isascii()


# ---------------------------------------------------------------------------------------------
# Issue 30: the match's move numbers, messages, news, matches that end


def _session_moments(rules: sm.RuleSet, deals: int, seed: int, **length: Any) -> list[Any]:
    """Every session of a match of ``deals`` random deals played through ``submit``, with the
    move that left it (None for the first of a deal)."""
    from strohmandeln.session import Session

    session, rng = Session.start(rules, secret=bytes(range(seed, seed + 16)), first_dealer=seed % 2, **length), random.Random(seed)
    out: list[Any] = [(session, None)]
    for _ in range(deals):
        while not session.state.is_terminal:
            seat = session.state.current_player
            assert seat is not None
            move = (rng.choice(session.state.legal_actions()), seat, session.move_number)
            session = session.submit(move[0], player=seat, move_number=move[2])
            out.append((session, move))
        if session.is_over:
            break
        session = session.next_deal()
        out.append((session, None))
    return out


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_promise_the_match_move_number_never_comes_back(rules: sm.RuleSet) -> None:
    """":attr:`Session.move_number` goes up by one with every accepted action and with every new
    deal, and never comes back ... a move for another number is stale_move — the first move of
    the match sent again at the start of the third deal too." Every move of a match, sent again
    at any later moment, is refused as stale_move."""
    moments = _session_moments(rules, 3, len(rules.name))
    numbers = [session.move_number for session, _ in moments]
    assert numbers == list(range(len(numbers)))
    sent = [move for _, move in moments if move is not None]
    rng = random.Random(2)
    for session, _ in rng.sample(moments, 30):
        for action, seat, number in rng.sample(sent, 10):
            if number >= session.move_number:
                continue
            with pytest.raises(sm.IllegalActionError) as info:
                session.submit(action, player=seat, move_number=number)
            assert info.value.reason is Reason.STALE_MOVE


def test_promise_a_missing_move_number_is_never_no_check() -> None:
    """"a move number that is missing, None, a boolean, text or anything but a whole number is
    bad_move_number, never 'no check'" — on the session's path and in a message."""
    from strohmandeln import messages

    for session, _ in _session_moments(sm.CLASSIC, 1, 3)[::7]:
        seat = session.state.current_player
        if seat is None:
            continue
        action = session.state.legal_actions()[0]
        for bad in (None, True, "0", str(session.move_number), 1.0):
            with pytest.raises(sm.IllegalActionError) as info:
                session.submit(action, player=seat, move_number=bad)
            assert info.value.reason is Reason.BAD_MOVE_NUMBER
            doc = {"format": 1, "type": "move", "match": "m", "seat": seat, "move_number": bad, "action": str(action), "request_id": 1}
            with pytest.raises(messages.MessageError) as message_info:
                messages.read_move(json.dumps(doc))
            assert message_info.value.reason is Reason.BAD_MOVE_NUMBER and message_info.value.request_id == 1


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_promise_news_brings_the_client_to_the_servers_view(rules: sm.RuleSet) -> None:
    """":func:`apply_news` ... gives exactly the document the server's view has"; news "holds
    nothing the view does not"; news for another moment is refused as stale_move."""
    from strohmandeln.news import apply_news, news_since

    states = random_states(rules, 9)
    for seat in (0, 1):
        held = states[0].view(seat).to_dict()
        for state in states[1:]:
            view = state.view(seat)
            news = news_since(view, len(held["history"]))
            text = json.dumps(news, ensure_ascii=False)
            for card in set(state.hand(1 - seat)) - set(view.known_hand(1 - seat)):
                assert f'"{card}"' not in text
            held = apply_news(held, news)
            assert held == view.to_dict()
    with pytest.raises(sm.SerializationError) as info:
        apply_news(states[0].view(0).to_dict(), news_since(states[5].view(0), 3))
    assert info.value.reason is Reason.STALE_MOVE


def test_promise_a_match_that_is_over_deals_no_more() -> None:
    """"once the deal that reaches it is finished, is_over is true, next_deal refuses to deal
    another (match_over) ... a move is refused as match_over"."""
    for length in ({"length": 2}, {"target": 15}, {"length": 5, "target": 25}):
        session = _session_moments(sm.CLASSIC, 100, 4, **length)[-1][0]
        assert session.is_over and session.state.is_terminal
        with pytest.raises(sm.StateError) as info:
            session.next_deal()
        assert info.value.reason is Reason.MATCH_OVER
        with pytest.raises(sm.IllegalActionError) as move_info:
            session.submit(sm.Pass(), player=0, move_number=session.move_number)
        assert move_info.value.reason is Reason.MATCH_OVER
