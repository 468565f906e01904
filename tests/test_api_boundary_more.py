"""A second campaign over the public boundary (issue 31), with the hostile values and entry
points of ``tests/boundary_more.py`` that ``tests/boundary.py`` does not have: subclasses of the
built-in types whose methods raise, mocks, other enumerations, odd Unicode, NumPy's other
scalars; and the operations a program performs without calling a function by name — properties,
``==``, ``<``, ``hash``, ``in``, ``len``, ``format``, pickles, copies, ``attrs.evolve``.

A call behaves as in ``tests/test_api_boundary.py``: it returns, or raises a library error with a
reason and a message of at most 500 characters, in bounded time. The language's own errors are
accepted where they are the language's: ``TypeError`` for a call with an unknown keyword or too
many positional arguments (Python raises it before the library runs), for ``<`` between values
that do not compare, for ``hash`` of an unhashable value; ``KeyError`` of ``values[action]``, the
mapping protocol; and the error a hostile operand raises from its own method that Python calls
(``x == value`` asks ``value.__eq__`` too).

``python -m boundary_more --nested --shapes --documents --callbacks --subclasses`` (from
``tests/``) runs the whole campaign as a report (about half a million calls, two minutes); this
runs all of it but the nested values, of which every ``NESTED_STRIDE``-th.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import attrs
import boundary
import boundary_more
import pytest

import strohmandeln as sm

#: Python warns when an ``__index__`` returns an int subclass (a hostile value of the campaign
#: does): the warning is the value's, and the library reads such a value as no whole number.
pytestmark = pytest.mark.filterwarnings("ignore:__index__ returned non-int:DeprecationWarning")

ENTRY_POINTS = boundary.entry_points()

OPERATIONS = boundary_more.operations()

#: One in this many nested values runs in the suite (all of them in the report).
NESTED_STRIDE = 9


def _short(name: str) -> str:
    return name.removeprefix("strohmandeln.")


@pytest.mark.parametrize("entry", [e for e in ENTRY_POINTS if e.parameters], ids=lambda e: _short(e.name))
def test_every_entry_point_refuses_the_new_hostile_values(entry: boundary.EntryPoint) -> None:
    """Each value of ``boundary_more.MORE_HOSTILE`` in place of each argument."""
    findings = list(boundary_more.findings_of(entry))
    assert not findings, "\n".join(findings[:20])


def test_every_entry_point_refuses_the_new_hostile_values_inside_containers() -> None:
    values = boundary_more.nested()[::NESTED_STRIDE]
    findings = [line for entry in ENTRY_POINTS for line in boundary_more.findings_of(entry, values)]
    assert not findings, "\n".join(findings[:20])


def test_calls_of_the_wrong_shape_are_refused_by_the_language_or_the_library() -> None:
    """An unknown keyword, a positional argument too many, ``None`` for every argument: Python's
    ``TypeError`` of the call, or a library error — ``Suit(None, None)`` was the standard
    library's ``ValueError`` with the value's repr."""
    findings = [
        f"{entry.name}({label}): {problem}"
        for entry in ENTRY_POINTS
        for label, run in boundary_more.call_shapes(entry)
        if (problem := boundary_more.judge_shape(run))
    ]
    assert not findings, "\n".join(findings[:20])


def _classes() -> list[str]:
    return sorted({op.name.split("(", 1)[-1].split(" ", 1)[0].split(".")[0] for op in OPERATIONS})


def test_operations_on_the_librarys_values_behave() -> None:
    """Properties, comparisons, ``in``, ``hash``, ``str``, ``format``, pickles, copies and
    ``attrs.evolve`` with hostile fields of every public class. (``Match``, ``Standing``,
    ``DealResult``, ``ScoreLine`` and ``Session`` built values that failed later —
    ``repr(attrs.evolve(Match.start(CLASSIC), scores=(10**5000, 0)))`` raised ``ValueError`` — until
    they checked their fields, issue 29.)"""
    # (about 24,600 in the pure build, 19,000 compiled: the compiled classes have fewer methods of
    # their own to call and cannot be subclassed)
    assert len(OPERATIONS) > 15_000
    findings = [f"{op.name}: {problem}" for op in OPERATIONS if (problem := boundary_more.judge_operation(op))]
    assert not findings, "\n".join(findings[:30])


# ---------------------------------------------------------------------------------------------
# The findings of this campaign, one by one


def test_action_values_answer_in_and_lookups_of_anything() -> None:
    """``x in values`` raised ``KeyError: 0`` (no ``__contains__``: Python tried ``values[0]``);
    ``values[np.array([...])]`` raised NumPy's ``ValueError``; ``KeyError(action)`` wrote the
    repr of what it was given."""
    values: Any = boundary.INSTANCES["strohmandeln.analysis.ActionValues"]()
    action = values.values[0][0]
    assert action in values and None not in values and boundary.RaisingEquality() not in values
    for label, hostile in boundary_more.MORE_HOSTILE:
        assert hostile not in values, label
        with pytest.raises(KeyError) as info:
            values[hostile]
        assert len(str(info.value)) < 100
    assert values[action] == values.values[0][1]


def test_action_values_check_their_fields() -> None:
    """``attrs.evolve(values, samples=10**5000)`` built a value whose repr raised ``ValueError``
    (the int-to-text limit of CPython); a player of 7 or values of junk built too."""
    values: Any = boundary.INSTANCES["strohmandeln.analysis.ActionValues"]()
    for field, bad, error in [
        ("player", 7, sm.ArgumentValueError),
        ("player", "0", sm.ArgumentTypeError),
        ("unit", "nothing", sm.ArgumentValueError),
        ("values", ((1, 2),), sm.ArgumentTypeError),
        ("values", ((values.values[0][0], 0.5),), sm.ArgumentTypeError),
        ("values", ((values.values[0][0], Fraction(10**200)),), sm.ArgumentValueError),
        ("values", ((values.values[0][0],),), sm.ArgumentValueError),
        ("samples", 10**5000, sm.ArgumentValueError),
        ("nodes", -1, sm.ArgumentValueError),
        ("playouts", 1.0, sm.ArgumentTypeError),
    ]:
        with pytest.raises(error):
            attrs.evolve(values, **{field: bad})
    same = attrs.evolve(values, values=[(action, int(value)) for action, value in values.values], unit="card_points")
    assert same.unit is sm.analysis.Unit.CARD_POINTS and all(type(value) is Fraction for _, value in same.values)


def test_a_scoring_table_checks_its_ranges_when_it_is_made() -> None:
    """``attrs.evolve(CLASSIC.scoring, simple_won=10**5000)`` built a table whose repr raised
    ``ValueError`` (checked only inside a rule set)."""
    for value in (10**5000, -1, sm.rules.MAX_GAME_POINTS + 1):
        with pytest.raises(sm.RuleSetError) as info:
            attrs.evolve(sm.CLASSIC.scoring, simple_won=value)
        assert info.value.reason is sm.Reason.INCONSISTENT_RULES and len(str(info.value)) < 200
    with pytest.raises(sm.RuleSetError):
        attrs.evolve(sm.CLASSIC.scoring, bonuses={sm.Bonus.PAGAT: 10**5000})


def test_an_enumeration_looked_up_with_more_arguments_is_refused_by_the_library() -> None:
    """``Suit(None, None)`` went to the standard library's lookup (``ValueError`` with the
    value's repr); ``Suit(2, "A B")`` tried to extend the enumeration."""
    suit: Any = sm.Suit
    assert suit(2, None) is sm.Suit.HEARTS
    with pytest.raises(sm.ArgumentTypeError):
        suit(None, None)
    with pytest.raises(sm.ArgumentTypeError):
        suit(boundary.RaisingText(), None)
    with pytest.raises(sm.ArgumentTypeError):
        suit(2, "A B")
    with pytest.raises(TypeError):  # (the language's: an unknown keyword)
        suit(2, no_such_keyword=1)


def test_a_sampler_pickles_and_copies_in_both_builds() -> None:
    """In the compiled build ``pickle.dumps(sampler)`` and ``copy.deepcopy(sampler)`` raised
    ``TypeError`` (its model is a native object): a sampler is pickled as its view."""
    import copy
    import pickle

    sampler = sm.sampling.Sampler(boundary.VIEW)
    for back in (pickle.loads(pickle.dumps(sampler)), copy.deepcopy(sampler), copy.copy(sampler)):
        assert type(back) is sm.sampling.Sampler and back.view == sampler.view
        assert back.count() == sampler.count()


def test_an_openspiel_game_compares_with_anything() -> None:
    """``game == 0`` raised OpenSpiel's ``TypeError`` (its ``__eq__`` takes only games)."""
    openspiel = pytest.importorskip("strohmandeln.openspiel")
    game = openspiel.StrohmandelnGame()
    assert game != 0 and 0 != game and game != boundary.RaisingAttributes() and game != None  # noqa: E711
    assert game == openspiel.StrohmandelnGame() and game != openspiel.StrohmandelnGame({"dealer": 1})


_DRAWING = [e for e in ENTRY_POINTS if any(p.name == "rng" for p in e.parameters)]


@pytest.mark.parametrize("entry", _DRAWING, ids=lambda e: _short(e.name))
def test_generators_whose_draws_lie_are_refused(entry: boundary.EntryPoint) -> None:
    """A subclass of ``random.Random`` whose ``random()`` gives 1.5 or NaN, whose draws raise:
    ``sample``, ``playouts`` and ``search`` raised ``IndexError`` and ``ValueError`` from the
    kernel (a draw of 1.5 indexes beyond a list; a negative one would pick silently from its end)."""
    findings = list(boundary_more.findings_of(entry, boundary_more.GENERATORS))
    assert not findings, "\n".join(findings[:20])


def test_a_generator_of_a_subclass_draws_as_its_class_does() -> None:
    """The checked draws change nothing for a subclass that does not lie: its deals, samples
    and playouts are those of ``random.Random`` with the same seed, the caller's generator is
    the one drawn from (its state moves on), and ``random.SystemRandom`` works."""
    import random

    from strohmandeln.playouts import playouts

    class Mine(random.Random):
        pass

    assert sm.deal(sm.CLASSIC, dealer=0, rng=Mine(7)) == sm.deal(sm.CLASSIC, dealer=0, rng=random.Random(7))
    assert sm.sampling.sample(boundary.VIEW, Mine(3)) == sm.sampling.sample(boundary.VIEW, random.Random(3))
    assert playouts(sm.CLASSIC, 2, Mine(5)) == playouts(sm.CLASSIC, 2, random.Random(5))
    mine, plain = Mine(11), random.Random(11)
    sm.deal(sm.CLASSIC, dealer=0, rng=mine), sm.deal(sm.CLASSIC, dealer=0, rng=plain)
    assert mine.random() == plain.random()
    assert sm.deal(sm.CLASSIC, dealer=0, rng=random.SystemRandom()).phase is not None


def test_what_the_callers_functions_return_is_judged() -> None:
    """A clock, a probability sampler, an opponent or a policy that returns a hostile value:
    ``resample_from_infostate`` compared what ``probability_sampler()`` gave with ``0 <= draw``,
    which called the value's own ``__ge__`` (and ``float()`` of ``10**5000`` overflowed)."""
    findings = list(boundary_more.callback_findings())
    assert not findings, "\n".join(findings[:20])


@pytest.mark.parametrize("message", ["\ud800", "ä\udcff", "\udcff" * 600, "a\x00b"])
def test_an_errors_description_can_always_be_sent(message: str) -> None:
    """``StrohmandelnError(reason, "\\ud800").to_dict()`` could not be encoded as UTF-8 (a game
    server's reply failed): a lone surrogate is written as its escape."""
    import json
    import pickle

    error = sm.StrohmandelnError(sm.Reason.GAME_OVER, message)
    json.dumps(error.to_dict(), ensure_ascii=False).encode("utf-8")
    assert len(error.message) <= sm.errors.MAX_MESSAGE and pickle.loads(pickle.dumps(error)).message == error.message


def test_action_values_name_a_lying_subclass_by_its_type() -> None:
    """A subclass of ``Play`` whose ``card`` lies was written into ``KeyError`` by its own
    ``str``; the move checks refuse it as ``not_an_action`` (they read no subclass)."""
    class Lying(sm.Play):
        __slots__ = ()

        def __getattribute__(self, name: str) -> Any:
            return boundary.FakeIndex(99) if name == "card" else object.__getattribute__(self, name)

    values: Any = boundary.INSTANCES["strohmandeln.analysis.ActionValues"]()
    lying = Lying(_PLAY_CARD)
    with pytest.raises(KeyError, match="a Lying"):
        values[lying]
    assert lying not in values
    with pytest.raises(sm.IllegalActionError) as info:
        boundary.STATE.apply(lying)
    assert info.value.reason is sm.Reason.NOT_AN_ACTION


def test_an_action_document_of_a_lying_subclass_loads_back_or_is_refused() -> None:
    """``action_to_dict`` of a ``Play`` subclass whose ``card`` lies writes a document that
    ``action_from_dict`` refuses (``action: not an action: '<boundary.FakeIndex object…'``)."""
    class Lying(sm.Play):
        __slots__ = ()

        def __getattribute__(self, name: str) -> Any:
            return boundary.FakeIndex(99) if name == "card" else object.__getattribute__(self, name)

    try:
        document = sm.serialization.action_to_dict(Lying(_PLAY_CARD))
    except sm.StrohmandelnError:
        return
    sm.serialization.action_from_dict(document)


_PLAY_CARD: Any = getattr(boundary.PLAY, "card")  # noqa: B009 - (the state's first legal action is a play)


#: The classes whose lying subclasses are still taken: none. (``GameState`` is *sealed* to its
#: two subclasses, ``PlayerView``, ``Match``, ``Standing`` and ``DealResult`` are ``typing.final``,
#: and ``serialization`` writes actions of the action types themselves only.)
LYING_PENDING: tuple[str, ...] = ()

_LYING = boundary_more.lying_subclasses()


def _lying_findings(names: tuple[str, ...], pending: bool) -> list[str]:
    values = [(label, value) for label, value in _LYING if any(f"a {name} subclass" in label for name in names) is pending]
    return [line for entry in ENTRY_POINTS for line in boundary_more.findings_of(entry, values)]


def test_subclasses_of_the_value_types_whose_attributes_lie_are_refused() -> None:
    """A subclass of ``RuleSet`` (of ``ScoringTable``, ``CardPoints``…) whose attribute reads
    raise or answer anything was taken as one by 39 entry points, which read its attributes —
    its own methods — and raised what they gave (``deal(rules=…)``, ``GameState.result(rules=…)``,
    ``svg.deal_packets``, ``RuleSet(scoring=…)``, ``points_text``…). The value types are marked
    ``typing.final`` and ``is_a`` takes no value of a subclass of a final class."""
    assert len(_LYING) > 50
    findings = _lying_findings(LYING_PENDING, pending=False)
    assert not findings, "\n".join(findings[:20])


def test_documents_with_one_hostile_value_are_refused_as_documents() -> None:
    """A valid document of every loader (state, view, position, rules, result, match, action,
    session) with one of its values replaced by a huge or negative number, NaN, an infinite
    float, a lone surrogate, a right-to-left mark, 100,000 characters, a deep list or dict…:
    loaded, or refused with a library error."""
    findings = list(boundary_more.document_findings())
    assert not findings, "\n".join(findings[:20])


def test_documents_with_one_hostile_key_are_refused_as_documents() -> None:
    """A valid document of every loader with the name of one field of one of its objects, at
    any depth, under a hostile key instead — a subclass of ``str`` equal to it, one whose ``==``
    or ``hash()`` raises, bytes, a number, ``None`` — is refused with a library error: the
    readers look at a key's type before they compare it (the fast paths of a view's tricks,
    Strohmann turns and Strohmänner compared the keys first, and a key whose ``==`` raises
    escaped both view loaders)."""
    findings = list(boundary_more.key_findings())
    assert not findings, "\n".join(findings[:20])


def test_dicts_of_named_arguments_with_hostile_keys_are_refused() -> None:
    """The dicts a program passes by name — a reset's ``options``, an OpenSpiel game's
    ``params``, a scoring table's bonuses — with a key whose ``==`` or ``hash()`` raises, in a
    ``dict`` or a subclass of it: refused with the library's error, the key never hashed or
    compared (a PettingZoo reset raised the key's own error)."""
    from boundary import Boom
    from boundary_more import RaisingEqKey, RaisingHashKey, Subdict

    calls: list[tuple[str, Callable[[Any], object]]] = [("bonuses", lambda o: attrs.evolve(sm.CLASSIC.scoring, bonuses=o))]
    if importlib.util.find_spec("pettingzoo"):
        from strohmandeln import pettingzoo

        environment = pettingzoo.env()
        calls.append(("pettingzoo options", lambda o: environment.reset(seed=1, options=o)))
    if importlib.util.find_spec("gymnasium"):
        from strohmandeln import gymnasium

        calls.append(("gymnasium options", lambda o: gymnasium.StrohmandelnEnv().reset(seed=1, options=o)))
    if importlib.util.find_spec("pyspiel"):
        from strohmandeln.openspiel import StrohmandelnGame

        calls.append(("openspiel params", lambda o: StrohmandelnGame(o)))
    tried = 0
    for name, call in calls:
        for key in (RaisingEqKey("rules"), RaisingHashKey("dealer"), RaisingEqKey("trull")):
            for kind in (dict, Subdict):
                given = kind({key: 1})
                RaisingHashKey.armed = True
                try:
                    call(given)
                except sm.StrohmandelnError:
                    tried += 1
                except Boom as error:  # pragma: no cover - the finding
                    pytest.fail(f"{name}: the key's own {error} was called")
                else:  # pragma: no cover - the finding
                    pytest.fail(f"{name}: a hostile key was taken")
                finally:
                    RaisingHashKey.armed = False
    assert tried == 6 * len(calls)
