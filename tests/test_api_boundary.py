"""The public API's boundary (issue 31): every public entry point refuses what it cannot use
with one of the library's own errors, a reason and a short message, in the pure and the compiled
build alike.

The entry points are enumerated (``tests/boundary.py``: every function, class and method in the
``__all__`` of every public module), so that a new one is covered as soon as it is exported; each
is called with every hostile value of ``boundary.HOSTILE`` in place of each of its arguments in
turn. The policy they follow is :mod:`strohmandeln.errors`'s: a client's move, notation text and
documents are judged whatever they are; any other argument of the wrong type is an
``ArgumentTypeError`` (reason ``wrong_type``, also a ``TypeError``), of a wrong value an
``ArgumentValueError`` (also a ``ValueError``) or the error of what it describes.

``STROHMANDELN_BOUNDARY_EXAMPLES=N`` runs the composed hostile values (containers of hostile
values, nested) with ``N`` examples instead of the few of every run.
"""

from __future__ import annotations

import enum
import inspect
import os
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import boundary
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import strohmandeln as sm
from strohmandeln import CLASSIC, deal, limits, records, sampling
from strohmandeln.playouts import playouts

ENTRY_POINTS = boundary.entry_points()
BY_NAME = {entry.name: entry for entry in ENTRY_POINTS}


def test_the_entry_points_are_enumerated() -> None:
    """Every public module is enumerated (the adapters where their frameworks are installed), and
    with it the entry points a server and a bot call."""
    modules = boundary.public_modules()
    for name in ("cards", "dealing", "state", "knowledge", "positions", "sampling", "serialization", "session", "svg", "limits"):
        assert f"strohmandeln.{name}" in modules
    for name in (
        "strohmandeln.dealing.deal",
        "strohmandeln.state.GameState.apply",
        "strohmandeln.state.GameState.why_illegal",
        "strohmandeln.state.GameState.result",
        "strohmandeln.views.PlayerView.strohmann",
        "strohmandeln.cards.Card.parse",
        "strohmandeln.points.CardPoints",
        "strohmandeln.actions.Play",
        "strohmandeln.positions.Position",
        "strohmandeln.table.Trick",
        "strohmandeln.scoring.score",
        "strohmandeln.playouts.playouts",
        "strohmandeln.players.HeuristicPlayer.__call__",
        "strohmandeln.errors.StrohmandelnError",
        "strohmandeln.cards.Suit",
        "strohmandeln.errors.Reason",
    ):
        assert name in BY_NAME, name
    assert len(ENTRY_POINTS) > 150


@pytest.mark.parametrize("entry", ENTRY_POINTS, ids=[entry.name.removeprefix("strohmandeln.") for entry in ENTRY_POINTS])
def test_every_entry_point_refuses_hostile_values_cleanly(entry: boundary.EntryPoint) -> None:
    """Called with right arguments, it behaves; with each hostile value in place of each
    argument it returns or raises a library error with a reason and a message of at most
    ``boundary.MAX_MESSAGE`` characters, within ``boundary.MAX_SECONDS`` of CPU time — never
    another exception (the hostile objects raise ``Boom`` from any method of theirs that is
    called and that is not ``operator.index``)."""
    findings = list(boundary.findings_of(entry))
    assert not findings, "\n".join(findings[:20])


def _big(value: object) -> bool:
    """A value too big to compose many times over (the hostile values take it whole)."""
    return (type(value) in (str, list) and len(value) > 1000) or (type(value) is int and abs(value) > 10**100)  # type: ignore[arg-type]


#: The hostile values a composition is made of (hypothesis draws their numbers, so that what it
#: prints of an example is a recipe, never a hostile value's repr).
_ATOMS = [value for _, value in boundary.HOSTILE if not _big(value)]


def _recipes() -> st.SearchStrategy[object]:
    """Recipes of composed values: an atom's number, or ``("list" | "tuple" | "dict", parts)``."""
    atoms = st.integers(0, len(_ATOMS) - 1)
    return st.recursive(
        atoms,
        lambda inner: st.tuples(st.sampled_from(["list", "tuple"]), st.lists(inner, max_size=3))
        | st.tuples(st.just("dict"), st.lists(st.tuples(st.sampled_from(["type", "format", "rules", "cards", "a"]), inner), max_size=3)),
        max_leaves=6,
    )


def _made(recipe: object) -> object:
    if type(recipe) is int:
        return _ATOMS[recipe]
    kind: str
    parts: Any
    kind, parts = recipe  # type: ignore[misc]
    if kind == "dict":
        return {key: _made(part) for key, part in parts}
    made = [_made(part) for part in parts]
    return made if kind == "list" else tuple(made)


_CALLS = [(entry, parameter.name) for entry in ENTRY_POINTS for parameter in entry.parameters]


@settings(max_examples=int(os.environ.get("STROHMANDELN_BOUNDARY_EXAMPLES", "200")), deadline=None)
@given(call=st.integers(0, len(_CALLS) - 1), recipe=_recipes())
def test_composed_hostile_values_are_refused_cleanly(call: int, recipe: object) -> None:
    """Containers of hostile values, nested, in place of any argument of any entry point."""
    entry, parameter = _CALLS[call]
    if entry.name in boundary.LEGITIMATE:
        return
    problem = boundary.judge(entry, parameter, _made(recipe))
    assert problem is None, f"{entry.name}({parameter}=…): {problem}"


# ---------------------------------------------------------------------------------------------
# One error for one mistake


def _taking(parameter: str) -> list[boundary.EntryPoint]:
    """The entry points with a parameter of that name (but the constructors of values handed out
    unchecked, and of pictures whose ``rules`` is a rule set's name)."""
    return [
        entry
        for entry in ENTRY_POINTS
        if any(p.name == parameter for p in entry.parameters) and entry.name not in boundary.UNCHECKED_CONSTRUCTORS
    ]


@pytest.mark.parametrize("entry", [e for e in _taking("rules") if e.name not in boundary.RULES_BY_NAME], ids=lambda entry: entry.name.removeprefix("strohmandeln."))
def test_a_presets_name_where_a_rule_set_belongs_is_the_same_error_everywhere(entry: boundary.EntryPoint) -> None:
    """Issue 33: ``"classic"`` where a rule set belongs was ``DeckError no_deck_source`` in
    ``deal``, ``TypeError`` in results, ``StateError wrong_rules`` in a match: now it is one
    ``ArgumentTypeError`` everywhere, a ``TypeError`` and a library error with reason
    ``wrong_type``."""
    with pytest.raises(sm.ArgumentTypeError) as info:
        entry.call("rules", "classic")
    assert isinstance(info.value, TypeError) and info.value.reason is sm.Reason.WRONG_TYPE
    assert str(info.value) == "rules must be a RuleSet, not a str"


@pytest.mark.parametrize("parameter", ["player", "dealer", "first_dealer", "leader", "seat", "index", "count", "multiplier", "size", "thirds", "expected_ply"])
def test_a_text_where_a_whole_number_belongs_is_a_wrong_type_everywhere(parameter: str) -> None:
    """A seat, a Strohmann's number, a count, stakes, a size, thirds or a move number given as
    text (``"1"``) is an ``ArgumentTypeError`` wherever it is taken — the move checks too."""
    entries = _taking(parameter)
    assert entries
    for entry in entries:
        with pytest.raises(sm.ArgumentTypeError) as info:
            entry.call(parameter, "1")
        assert info.value.reason is sm.Reason.WRONG_TYPE, entry.name
        assert "must be" in str(info.value) and "not a str" in str(info.value), (entry.name, str(info.value))


@pytest.mark.parametrize("parameter", ["state", "view"])
def test_a_rule_set_where_a_state_or_view_belongs_is_a_wrong_type_everywhere(parameter: str) -> None:
    for entry in _taking(parameter):
        with pytest.raises(sm.ArgumentTypeError) as info:
            entry.call(parameter, CLASSIC)
        assert "not a RuleSet" in str(info.value), entry.name


def test_the_move_checks_judge_any_value_as_a_move() -> None:
    """Issue 31: an action-like object whose ``card.index`` is 99, one whose attribute access
    raises, one that claims to be a ``Play`` through ``__class__``: ``apply`` raises and
    ``why_illegal`` returns ``not_an_action``, ``is_legal`` says no — the fast path of apply
    reads nothing of them."""
    state = boundary.STATE
    for value in (boundary.ActionLike(99), boundary.ActionLike(-1), boundary.RaisingAttributes(), boundary.PretendsToBe(sm.Play), boundary.RaisingCard()):
        with pytest.raises(sm.IllegalActionError) as info:
            state.apply(value)  # type: ignore[arg-type]
        assert info.value.reason is sm.Reason.NOT_AN_ACTION
        refusal = state.why_illegal(value)
        assert refusal is not None and refusal.reason is sm.Reason.NOT_AN_ACTION
        assert not state.is_legal(value) and not state.view(state.current_player).is_legal(value)


def test_a_move_number_sent_as_text_is_refused_as_a_wrong_type() -> None:
    """Issue 33: ``expected_ply="3"`` read "a move for move '3', but the deal is at move 3"."""
    state = boundary.STATE
    with pytest.raises(sm.ArgumentTypeError) as info:
        state.apply(state.legal_actions()[0], expected_ply=str(state.ply))  # type: ignore[arg-type]
    assert str(info.value) == "expected_ply must be a move number (a whole number), not a str"


def test_both_except_styles_catch_an_argument_error() -> None:
    for error, builtin in ((sm.ArgumentTypeError, TypeError), (sm.ArgumentValueError, ValueError)):
        assert issubclass(error, builtin) and issubclass(error, sm.ArgumentError) and issubclass(error, sm.StrohmandelnError)
    with pytest.raises(TypeError):
        deal(CLASSIC, dealer="0", rng=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        deal(CLASSIC, dealer=2, rng=1)
    with pytest.raises(sm.StrohmandelnError):
        deal(CLASSIC, dealer=2, rng=1)


# ---------------------------------------------------------------------------------------------
# The docstrings say what is raised


def _object_of(entry: boundary.EntryPoint) -> Any:
    parts = entry.name.split(".")
    obj: Any = sys.modules[".".join(parts[:2])]
    for part in parts[2:]:
        obj = getattr(obj, part)
    return obj


def _documented(entry: boundary.EntryPoint) -> str:
    """The docstring of an entry point, or where it has none of its own (a method of an adapter's
    framework), its class's."""
    parts = entry.name.split(".")
    obj: Any = sys.modules[".".join(parts[:2])]
    texts = []
    for part in parts[2:]:
        obj = getattr(obj, part)
        own = obj.__dict__.get("__doc__") if isinstance(obj, type) else getattr(obj, "__doc__", None)
        init = obj.__dict__.get("__init__") if isinstance(obj, type) else None
        if init is not None and init.__doc__:  # (a constructor's own)
            own = f"{own or ''}\n{init.__doc__}"
        texts.append(inspect.cleandoc(own) if own else "")
    # (a method documented by its class: PlayerView's accessors refuse as the state's do)
    return texts[-1] if ":raises " in texts[-1] or "raises nothing" in texts[-1] else "\n".join(texts)


@pytest.mark.parametrize("entry", [e for e in ENTRY_POINTS if e.parameters], ids=lambda entry: entry.name.removeprefix("strohmandeln."))
def test_every_entry_point_that_takes_arguments_documents_what_it_raises(entry: boundary.EntryPoint) -> None:
    """Issue 31: an entry in the docstring's ``:raises:`` (of the entry point, or of its class
    for the constructor and methods of an adapter's framework) for every entry point that takes
    an argument — except the values a function returns and the exceptions' own constructors,
    which refuse only what is not a reason and a message."""
    if entry.name.startswith("strohmandeln.errors.") or entry.name in boundary.UNCHECKED_CONSTRUCTORS:
        return
    if isinstance(_object_of(entry), enum.EnumType):  # (a lookup by value: errors.ValueLookup says what it raises)
        return
    function = _object_of(entry)
    if sm.COMPILED and getattr(function, "__doc__", None) is None:  # (a method of a compiled kernel class)
        pytest.skip("the compiled kernel keeps no docstrings: the pure build's run reads them")
    text = _documented(entry)
    assert ":raises " in text or "raises nothing" in text, f"{entry.name}: no :raises: in its docstring"


# ---------------------------------------------------------------------------------------------
# Caps: checked before the work


def _costs(call: Callable[[], object]) -> tuple[float, int]:
    """The CPU seconds and the peak of memory allocated by ``call``, which must raise a library
    error."""
    tracemalloc.start()
    start = time.thread_time()
    try:
        with pytest.raises(sm.StrohmandelnError) as info:
            call()
    finally:
        spent = time.thread_time() - start
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert info.value.reason is sm.Reason.TOO_LARGE, info.value
    return spent, peak


TEN_MEGABYTES = "XXI " * 2_500_000


@pytest.mark.parametrize(
    "call",
    [
        lambda: sm.cards_from_text(TEN_MEGABYTES),
        lambda: sm.position(CLASSIC, hands=(TEN_MEGABYTES, ""), leader=0),
        lambda: sm.Card.parse(TEN_MEGABYTES),
        lambda: sm.parse_action(TEN_MEGABYTES),
        lambda: playouts(CLASSIC, 2**31, 1),
        lambda: sm.cards_to_text(iter(lambda: sm.Card.parse("XXI"), None)),
        lambda: sm.card_thirds(range(10**18)),  # type: ignore[arg-type]
        lambda: sm.position(CLASSIC, hands=("♣K", "♣Q"), rest_to=0, leader=0, tricks=iter(lambda: (0, "♥K", "♠Q"), None)),
        lambda: deal(CLASSIC, dealer=0, rng=1, multiplier=limits.MAX_MULTIPLIER + 1),
        lambda: sm.CardPoints(10**13),
    ],
    ids=["cards_from_text", "position(hands=)", "Card.parse", "parse_action", "playouts", "cards_to_text(endless)", "card_thirds(range)", "position(tricks=endless)", "multiplier", "CardPoints"],
)
def test_a_text_or_count_over_its_cap_is_refused_before_the_work(call: Callable[[], object]) -> None:
    """Issue 31 (6): 10 MB of card text cost 1.6 s and 192 MB; ``playouts(count=2**31)`` ran
    without end. Every cap of :mod:`strohmandeln.limits` is checked first: a call over it is
    refused with ``too_large`` at once, reading nothing more."""
    spent, peak = _costs(call)
    assert spent < 0.2, f"{spent:.2f} s"
    assert peak < 2_000_000, f"{peak:,} bytes"


def test_the_caps_are_named_and_documented() -> None:
    for name in limits.__all__:
        value = getattr(limits, name)
        assert type(value) is int and value > 0
    source = inspect.getsource(limits)
    for name in limits.__all__:
        assert f"#: " in source.split(f"\n{name}: Final")[0].rsplit("\n\n", 1)[-1], f"{name} has no doc comment"


# ---------------------------------------------------------------------------------------------
# Whole numbers of other libraries


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
    view = boundary.VIEW
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
    assert sampling.sample(view, make(3)) == sampling.sample(view, 3)  # type: ignore[arg-type]
    puzzle = sm.position(CLASSIC, hands=("♣K", "♣Q"), rest_to=zero, leader=one, dealer=zero)  # type: ignore[arg-type]
    assert puzzle == sm.position(CLASSIC, hands=("♣K", "♣Q"), rest_to=0, leader=1, dealer=0)
    points = sm.CardPoints(make(7))
    assert points == sm.CardPoints(7) and type(points.thirds) is int


@pytest.mark.parametrize("value", [True, False, 1.0, "1", b"1", 1 + 0j])
def test_bools_floats_and_text_are_no_whole_numbers(value: object) -> None:
    """Still refused where a seat or index is taken: bool, float, str, bytes, complex — as a
    wrong type."""
    for call in (lambda: boundary.STATE.hand(value), lambda: deal(CLASSIC, dealer=value, rng=1), lambda: sm.Card.from_index(value), lambda: sm.CardPoints(value)):  # type: ignore[arg-type]
        with pytest.raises(sm.ArgumentTypeError):
            call()


@pytest.mark.parametrize("value", ["XXI", [1, 2], [sm.Card.parse("XXI"), None]])
def test_no_garbage_for_garbage(value: object) -> None:
    """What is not a collection of cards gives no text and no points (``cards_to_text("XXI")``
    once returned ``"X X I"``)."""
    with pytest.raises(TypeError):
        sm.cards_to_text(value)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        sm.card_thirds(value)  # type: ignore[arg-type]


def test_a_record_of_hostile_text_is_refused_as_a_record() -> None:
    for value in (boundary.EvilStr("strohmandeln-deal 1\n"), b"strohmandeln-deal 1\n", None):
        with pytest.raises(records.RecordError):
            records.loads(value)  # type: ignore[arg-type]
