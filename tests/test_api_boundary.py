"""The public API's boundary: arguments of the wrong kind or value are refused cleanly.

A game server passes untrusted values to the functions that read moves, seats and documents: those
refuse anything they cannot use with one of the library's own exceptions (a
:class:`~strohmandeln.StrohmandelnError` with a reason). The other public functions take the
library's own objects from a program, and refuse a wrong one with a ``TypeError`` or
``ValueError`` that says what was expected. None of them ever lets out an ``AttributeError``,
``KeyError``, ``IndexError`` or another error of its insides, and none returns garbage for
garbage (``cards_to_text("XXI")`` once returned ``"X X I"``; ``score`` of a running deal once
scored it).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import strohmandeln as sm
from strohmandeln import CLASSIC, analysis, deal, records, sampling
from strohmandeln import serialization as S
from strohmandeln.playouts import playouts

STATE = deal(CLASSIC, dealer=0, rng=1)
for _ in range(5):
    STATE = STATE.apply(STATE.legal_actions()[0])
VIEW = STATE.view(0)
CARD = sm.Card.parse("XXI")


def _nested(depth: int) -> list[object]:
    """A list nested ``depth`` deep: its repr() raises RecursionError."""
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


#: Values whose repr() is huge or fails: a message that quoted them whole would be megabytes
#: long, raise ValueError (an int of over 4,300 digits) or RecursionError. (Not among the
#: atoms below: hypothesis itself writes its examples with repr().)
HOSTILE = [10**5000, -(10**5000), "A" * 1_000_000, ["A" * 1_000_000], _nested(10_000)]

#: Values of every kind a caller might pass by mistake (or a client on purpose).
ATOMS = st.sampled_from(
    [None, 0, 1, -1, 2, 7, 10**30, -(10**30), 1.5, math.nan, math.inf, True, False, "", "x", "XXI", "♠K", "take",
     "1" * 300, b"XXI", object(), CARD, STATE, VIEW, CLASSIC, sm.Pass(), sm.Phase.PLAY, frozenset(), ()]
)

#: The longest message a refusal may carry, whatever it was given.
MAX_MESSAGE = 400
GARBAGE = st.recursive(
    ATOMS,
    lambda inner: st.lists(inner, max_size=4)
    | st.tuples(inner, inner)
    | st.dictionaries(st.sampled_from(["type", "cards", "rules", "a", "version", "deals"]), inner, max_size=3),
    max_leaves=8,
)

#: Functions that take untrusted values: only the library's own errors may come out.
UNTRUSTED: dict[str, Callable[[object], object]] = {
    "apply": lambda a: STATE.apply(a),  # type: ignore[arg-type]
    "apply(player=)": lambda a: STATE.apply(STATE.legal_actions()[0], player=a),  # type: ignore[arg-type]
    "why_illegal": lambda a: STATE.why_illegal(a),
    "why_illegal(player=)": lambda a: STATE.why_illegal(STATE.legal_actions()[0], player=a),  # type: ignore[arg-type]
    "is_legal": lambda a: STATE.is_legal(a),
    "is_legal(player=)": lambda a: STATE.is_legal(STATE.legal_actions()[0], player=a),  # type: ignore[arg-type]
    "view": lambda a: STATE.view(a),  # type: ignore[arg-type]
    "hand": lambda a: STATE.hand(a),  # type: ignore[arg-type]
    "parse_action": lambda a: sm.parse_action(a),  # type: ignore[arg-type]
    "Card.parse": lambda a: sm.Card.parse(a),  # type: ignore[arg-type]
    "cards_from_text": lambda a: sm.cards_from_text(a),  # type: ignore[arg-type]
    "deal(rules)": lambda a: deal(a, dealer=0, rng=1),  # type: ignore[arg-type]
    "deal(dealer)": lambda a: deal(CLASSIC, dealer=a, rng=1),  # type: ignore[arg-type]
    "deal(order)": lambda a: deal(CLASSIC, dealer=0, order=a),  # type: ignore[arg-type]
    "deal(rng)": lambda a: deal(CLASSIC, dealer=0, rng=a),  # type: ignore[arg-type]
    "shuffled_order": lambda a: sm.shuffled_order(CLASSIC, a),  # type: ignore[arg-type]
    "deal_layout": lambda a: sm.deal_layout(CLASSIC, a, dealer=0),  # type: ignore[arg-type]
    "from_dict": lambda a: S.from_dict(a),
    "from_json": lambda a: S.from_json(a),  # type: ignore[arg-type]
    "view_from_dict": lambda a: S.view_from_dict(a),
    "rules_from_dict": lambda a: S.rules_from_dict(a),
    "action_from_dict": lambda a: S.action_from_dict(a),
    "match_from_dict": lambda a: S.match_from_dict(a),
    "records.loads": lambda a: records.loads(a),  # type: ignore[arg-type]
    "records.loads_match": lambda a: records.loads_match(a),  # type: ignore[arg-type]
    "sample(rng)": lambda a: sampling.sample(VIEW, a),  # type: ignore[arg-type]
}

#: Functions a program calls with the library's objects: a wrong one is a TypeError or a
#: ValueError that says what was expected (or one of the library's errors).
PROGRAMMATIC: dict[str, Callable[[object], object]] = {
    "score": lambda a: sm.score(a),  # type: ignore[arg-type]
    "score(multiplier)": lambda a: sm.score(_finished(), a),  # type: ignore[arg-type]
    "card_thirds": lambda a: sm.card_thirds(a),  # type: ignore[arg-type]
    "card_thirds(counting)": lambda a: sm.card_thirds([CARD], a),  # type: ignore[arg-type]
    "cards_to_text": lambda a: sm.cards_to_text(a),  # type: ignore[arg-type]
    "compose_order(hands)": lambda a: sm.compose_order(CLASSIC, dealer=0, hands=a),  # type: ignore[arg-type]
    "compose_order(strohmaenner)": lambda a: sm.compose_order(CLASSIC, dealer=0, strohmaenner=a),  # type: ignore[arg-type]
    "position(hands)": lambda a: sm.position(CLASSIC, hands=a, leader=0),  # type: ignore[arg-type]
    "position(strohmaenner)": lambda a: sm.position(CLASSIC, hands=((), ()), strohmaenner=a, leader=0),  # type: ignore[arg-type]
    "position(won)": lambda a: sm.position(CLASSIC, hands=((), ()), won=a, leader=0),  # type: ignore[arg-type]
    "position(tricks)": lambda a: sm.position(CLASSIC, hands=((), ()), tricks=a, leader=0),  # type: ignore[arg-type]
    "position(leader)": lambda a: sm.position(CLASSIC, hands=((CARD,), ()), leader=a),  # type: ignore[arg-type]
    "position(announcements)": lambda a: sm.position(CLASSIC, hands=((), ()), announcements=a, leader=0),  # type: ignore[arg-type]
    "records.dumps": lambda a: records.dumps(a),  # type: ignore[arg-type]
    "records.dumps_match": lambda a: records.dumps_match(a),
    "to_dict": lambda a: S.to_dict(a),
    "sample(view)": lambda a: sampling.sample(a, 1),  # type: ignore[arg-type]
    # (a live state would be solved for real: only other values)
    "analysis.solve": lambda a: None if isinstance(a, sm.GameState) else analysis.solve(a),  # type: ignore[arg-type]
}

_FINISHED: list[sm.GameState] = []


def _finished() -> sm.GameState:
    if not _FINISHED:
        state = STATE
        while not state.is_terminal:
            state = state.apply(state.legal_actions()[-1])
        _FINISHED.append(state)
    return _FINISHED[0]


#: (kind, function name) of every function above.
CASES = sorted([("untrusted", name) for name in UNTRUSTED] + [("programmatic", name) for name in PROGRAMMATIC])


@settings(max_examples=800, deadline=None)
@given(case=st.sampled_from(CASES), value=GARBAGE)
def test_wrong_values_are_refused_cleanly(case: tuple[str, str], value: object) -> None:
    """An untrusted value gets one of the library's errors; a wrong object given by a program
    may also get a TypeError or ValueError of the library's own wording."""
    _check_refusal(case, value)


def _check_refusal(case: tuple[str, str], value: object) -> None:
    kind, name = case
    function = UNTRUSTED[name] if kind == "untrusted" else PROGRAMMATIC[name]
    try:
        function(value)
    except sm.StrohmandelnError as error:
        assert isinstance(error.reason, sm.Reason) and error.message
        assert len(str(error)) <= MAX_MESSAGE and len(repr(error.to_dict())) <= 2 * MAX_MESSAGE, str(error)[:MAX_MESSAGE]
    except (TypeError, ValueError) as error:
        if kind == "untrusted":
            raise
        # a message of the library's own, not one of Python's about its insides
        text = str(error)
        assert text and "object has no attribute" not in text and "unsupported operand" not in text, text[:MAX_MESSAGE]
        assert len(text) <= MAX_MESSAGE and "limit" not in text and "recursion" not in text, text[:MAX_MESSAGE]


@pytest.mark.parametrize("value", HOSTILE, ids=["huge int", "huge negative int", "long text", "long text in a list", "deep list"])
@pytest.mark.parametrize("case", CASES, ids=[name for _, name in CASES])
def test_hostile_values_get_short_messages(case: tuple[str, str], value: object) -> None:
    """Issue 24 (5, 6): every entry point refuses values whose repr() is huge or fails with a
    short message built from a bounded description of them, never the repr itself."""
    _check_refusal(case, value)


@pytest.mark.parametrize("value", ["XXI", [1, 2], [CARD, None]])
def test_no_garbage_for_garbage(value: object) -> None:
    """What is not a list of cards gives no text and no points."""
    with pytest.raises(TypeError):
        sm.cards_to_text(value)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        sm.card_thirds(value)  # type: ignore[arg-type]


class Integer:
    """An integer of another library, as NumPy's are: usable as an index, not an int."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def _whole_number_types() -> list[Callable[[int], object]]:
    kinds: list[Callable[[int], object]] = [Integer]
    try:
        import numpy
    except ImportError:  # (an optional extra: the fake integer stands in for it)
        return kinds
    return [*kinds, numpy.int64, numpy.int8, numpy.uint16]


@pytest.mark.parametrize("make", _whole_number_types(), ids=lambda make: getattr(make, "__name__", "?"))
def test_whole_numbers_of_other_libraries_are_taken_as_ints(make: Callable[[int], object]) -> None:
    """Issue 22: a seat, index, seed or count may be a NumPy integer (anything usable as an index,
    ``operator.index``), which learning frameworks hand out; what the library keeps is an int."""
    one, zero = make(1), make(0)
    state = deal(CLASSIC, dealer=one, rng=make(5))  # type: ignore[arg-type]
    assert state == deal(CLASSIC, dealer=1, rng=5) and type(state.dealer) is int
    assert state.hand(one) == state.hand(1) and state.view(zero) == state.view(0)  # type: ignore[arg-type]
    assert state.strohmann(one, make(2)) == state.strohmann(1, 2)  # type: ignore[arg-type]
    action = state.legal_actions()[0]
    player = state.current_player
    assert player is not None
    assert state.apply(action, player=make(player)) == state.apply(action)  # type: ignore[arg-type]
    assert state.why_illegal(action, player=make(1 - player)).reason is sm.Reason.NOT_YOUR_TURN  # type: ignore[arg-type, union-attr]
    assert sm.Card.tarock(make(21)) is sm.Card.tarock(21) and sm.Card.from_index(make(53)) is sm.Card.from_index(53)  # type: ignore[arg-type]
    assert sm.Card.suit_card(make(2), make(8)) is sm.Card.parse("♥K")  # type: ignore[arg-type]
    match = sm.Match.start(CLASSIC, first_dealer=one)  # type: ignore[arg-type]
    assert match == sm.Match.start(CLASSIC, first_dealer=1) and type(match.next_dealer) is int
    finals = playouts(CLASSIC, make(3), make(7), first_dealer=one)  # type: ignore[arg-type]
    assert finals == playouts(CLASSIC, 3, 7, first_dealer=1)
    assert sm.score(finals[0], make(2)) == sm.score(finals[0], 2)  # type: ignore[arg-type]
    assert sampling.sample(VIEW, make(3)) == sampling.sample(VIEW, 3)  # type: ignore[arg-type]
    puzzle = sm.position(CLASSIC, hands=("♣K", "♣Q"), rest_to=zero, leader=one, dealer=zero)  # type: ignore[arg-type]
    assert puzzle == sm.position(CLASSIC, hands=("♣K", "♣Q"), rest_to=0, leader=1, dealer=0)


@pytest.mark.parametrize("value", [True, False, 1.0, "1", b"1", 1 + 0j])
def test_bools_floats_and_text_are_no_whole_numbers(value: object) -> None:
    """Still refused where a seat or index is taken: bool, float, str, bytes, complex."""
    with pytest.raises(sm.StrohmandelnError):
        STATE.hand(value)  # type: ignore[arg-type]
    with pytest.raises(sm.StrohmandelnError):
        deal(CLASSIC, dealer=value, rng=1)  # type: ignore[arg-type]
    with pytest.raises(sm.StrohmandelnError):
        sm.Card.from_index(value)  # type: ignore[arg-type]
