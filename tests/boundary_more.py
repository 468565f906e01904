"""A second campaign over the public boundary (issue 31): hostile values and entry points that
``tests/boundary.py`` does not have.

``tests/boundary.py`` enumerates the entry points and judges a call; this module adds

* :data:`MORE_HOSTILE`: subclasses of the built-in types whose own methods raise or lie
  (``int``, ``str``, ``bytes``, ``tuple``, ``list``, ``dict``, ``frozenset``, ``float``), mocks
  that answer any attribute (``unittest.mock``, ``spec=`` a class of the library's, so that
  ``isinstance`` believes them), members of other enumerations and of the library's own in the
  wrong place, ``Decimal('sNaN')`` (whose comparison raises), NumPy's other scalars and object
  arrays (whose truth raises), ``array.array``, texts of odd Unicode (superscript digits that
  ``str.isdigit`` takes and ``int`` refuses, right-to-left marks, combining characters,
  full-width and Roman-numeral characters), generators that raise, and more;
* :func:`operations`: the entry points a program reaches without calling a function of the
  library by name: properties, the dunder methods (``==``, ``<``, ``hash``, ``in``, ``len``,
  ``iter``, ``str``, ``format``, ``bool``), ``pickle`` and ``copy`` round trips and
  ``attrs.evolve`` of the public attrs classes, each with hostile operands.

It also makes *lying subclasses* of the library's classes (:func:`lying_subclasses`: their
attribute reads raise or answer anything), generators of the right class whose draws lie
(:data:`GENERATORS`), functions of the caller's that return hostile values (:func:`callbacks`),
calls of the wrong shape (:func:`call_shapes`) and documents with one hostile JSON value in place
of one of theirs (:func:`document_findings`).

``python -m boundary_more`` (from ``tests/``; ``--only NAME`` for one entry point) runs every
entry point of ``tests/boundary.py`` with every value here, and every operation; ``--nested``,
``--shapes``, ``--documents``, ``--callbacks`` and ``--subclasses`` add those parts (all of them:
about half a million calls, two minutes). ``tests/test_api_boundary_more.py`` runs them in the
suite (a ninth of the nested values).
"""

from __future__ import annotations

import array
import copy
import decimal
import enum
import fractions
import functools
import itertools
import math
import pickle
import random
import sys
import time
import unittest.mock
from collections.abc import Callable, Iterator
from typing import Any, Final, TypeVar, cast

import attrs

import boundary
import strohmandeln as sm
from boundary import Boom
from strohmandeln import CLASSIC, Card

T = TypeVar("T")


def raising(base: type[T], name: str, doc: str, methods: str) -> type[T]:
    """A subclass ``name`` of ``base`` whose methods ``methods`` (their names, separated by
    spaces) each raise :class:`Boom` with their name: a value of a built-in type whose own
    methods cannot be trusted."""

    def raiser(method: str) -> Callable[..., Any]:
        def raises(self: object, *args: object, **kwargs: object) -> Any:
            raise Boom(method)

        raises.__name__ = raises.__qualname__ = method
        return raises

    namespace: dict[str, Any] = {"__doc__": doc, "__module__": __name__, **{m: raiser(m) for m in methods.split()}}
    return cast(type[T], type(name, (base,), namespace))


# ---------------------------------------------------------------------------------------------
# Hostile values of built-in types' subclasses


FormatInt: Final = raising(
    int,
    "FormatInt",
    """A whole number whose ``str``, ``format`` and ``repr`` raise (``operator.index`` works).""",
    "__str__ __format__ __repr__",
)


ComparingInt: Final = raising(
    int,
    "ComparingInt",
    """A whole number whose comparisons and arithmetic raise.""",
    "__lt__ __le__ __gt__ __ge__ __eq__ __ne__ __hash__ __add__ __radd__ __sub__ "
    "__mul__ __rmul__ __bool__ __int__ __and__ __rshift__ __lshift__",
)


class HugeInt(int):
    """An int subclass of 5,000 digits: formatting it raises ValueError (the conversion limit)."""


OddStr: Final = raising(
    str,
    "OddStr",
    """A text whose other methods raise: ``str``, ``format``, ``startswith``, ``lower``, ``in``,
    ``+``, ``%``, ``isdigit``… (its characters are ``XXI``).""",
    "__str__ __format__ __repr__ startswith endswith lower upper isdigit isdecimal "
    "__contains__ __add__ __radd__ __mod__ partition rstrip lstrip splitlines "
    "translate find index join",
)


OddBytes: Final = raising(
    bytes,
    "OddBytes",
    """Bytes whose own methods raise (a key of 32 bytes).""",
    "__len__ __getitem__ __iter__ __eq__ __hash__ __bytes__ decode",
)


OddTuple: Final = raising(
    tuple,
    "OddTuple",
    """A tuple whose own methods raise (it holds two cards).""",
    "__iter__ __len__ __getitem__ __contains__ __eq__ __hash__ count index",
)


class LyingTuple(tuple):  # type: ignore[type-arg]
    """A tuple of two empty texts that says it holds a thousand, and iterates over three cards."""

    def __len__(self) -> int:
        return 1000

    def __iter__(self) -> Iterator[Any]:
        return iter((Card.parse("XXI"), Card.parse("I"), Card.parse("♥K")))


OddList: Final = raising(
    list,
    "OddList",
    """A list whose comparisons, ``in``, ``bool`` and ``copy`` raise (it iterates fine).""",
    "__contains__ __eq__ __bool__ copy __reversed__",
)


OddDict: Final = raising(
    dict,
    "OddDict",
    """A dict whose ``in``, ``len``, ``values``, ``pop`` and ``copy`` raise (it holds a state
    document's header).""",
    "__contains__ __len__ values copy pop __eq__",
)


OddFrozenset: Final = raising(
    frozenset,
    "OddFrozenset",
    """A frozenset whose own methods raise (it holds nothing, or an announcement).""",
    "__iter__ __len__ __contains__ __eq__ __hash__ __or__ __and__ __sub__ issubset",
)


class OddFloat(float):
    """A float whose comparisons and conversions raise."""

    def __lt__(self, other: object) -> bool:
        raise Boom("__lt__")

    def __gt__(self, other: object) -> bool:
        raise Boom("__gt__")

    def __le__(self, other: object) -> bool:
        raise Boom("__le__")

    def __ge__(self, other: object) -> bool:
        raise Boom("__ge__")

    def __eq__(self, other: object) -> bool:
        raise Boom("__eq__")

    def __hash__(self) -> int:
        raise Boom("__hash__")

    def __int__(self) -> int:
        raise Boom("__int__")

    def __repr__(self) -> str:
        raise Boom("__repr__")

    def __format__(self, spec: str) -> str:
        raise Boom("__format__")


class IndexGivesIntSubclass:
    """``__index__`` returns an int subclass whose methods raise (CPython warns, and accepts it)."""

    def __index__(self) -> int:
        return ComparingInt(1)


class IndexGivesBool:
    def __index__(self) -> int:
        return True


class IndexGivesFloat:
    def __index__(self) -> Any:
        return 1.0


class IndexGivesStr:
    def __index__(self) -> Any:
        return "1"


class LyingClassAndIndex:
    """Claims ``int`` through ``__class__`` and has an ``__index__`` of 1."""

    @property  # type: ignore[misc]
    def __class__(self) -> type:
        return int

    def __index__(self) -> int:
        return 1


class AnythingGoes:
    """``__getattr__`` answers any attribute: with itself (``x.card.index.value…``)."""

    def __getattr__(self, name: str) -> Any:
        return self

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self


class AnythingGoesInt:
    """``__getattr__`` answers any attribute with 1."""

    def __getattr__(self, name: str) -> Any:
        return 1


class ReentrantIndex:
    """``__index__`` calls back into the library (``deal`` with itself as the dealer)."""

    def __index__(self) -> int:
        sm.deal(CLASSIC, dealer=self, rng=1)  # type: ignore[arg-type]
        return 0


class SlowIndex:
    """``__index__`` takes a long time once, then gives 0: not the library's time."""

    def __index__(self) -> int:
        return 0


class KeyboardIndex:
    """An ``__index__`` that raises SystemExit (a BaseException): it must pass through, or be
    refused — never be eaten silently into a wrong answer."""

    def __index__(self) -> int:
        raise SystemExit(3)


class RaisingIter:
    """An iterable whose ``__iter__`` returns something that is no iterator."""

    def __iter__(self) -> Any:
        return 5


class RaisingNext:
    """An iterator whose ``__next__`` raises after a card."""

    def __init__(self) -> None:
        self.done = False

    def __iter__(self) -> RaisingNext:
        return self

    def __next__(self) -> Any:
        if self.done:
            raise Boom("__next__")
        self.done = True
        return Card.parse("XXI")


def _raising_generator() -> Iterator[Any]:
    yield Card.parse("XXI")
    raise Boom("generator")


def _generator_raising_stop() -> Iterator[Any]:
    yield Card.parse("XXI")
    raise StopIteration  # (a RuntimeError since PEP 479)


class RaisingRandom(random.Random):
    """A generator of the right class whose draws raise."""

    def random(self) -> float:
        raise Boom("random")

    def getrandbits(self, k: int) -> int:
        raise Boom("getrandbits")

    def choice(self, seq: Any) -> Any:
        raise Boom("choice")

    def shuffle(self, x: Any) -> None:
        raise Boom("shuffle")

    def sample(self, *args: Any, **kwargs: Any) -> Any:
        raise Boom("sample")

    def randrange(self, *args: Any, **kwargs: Any) -> int:
        raise Boom("randrange")

    def seed(self, *args: Any, **kwargs: Any) -> None:
        pass


class LyingRandom(random.Random):
    """A generator of the right class whose draws are out of range: ``random()`` gives 1.0 or
    more, ``getrandbits`` a huge or negative number, ``choice`` something that was not offered,
    ``shuffle`` nothing, ``randrange`` and ``randint`` beyond their bounds."""

    def random(self) -> float:
        return 1.5

    def getrandbits(self, k: int) -> int:
        return -(2**200)

    def choice(self, seq: Any) -> Any:
        return object()

    def shuffle(self, x: Any) -> None:
        if len(x) > 1:
            x[0] = x[1]  # (a card twice)

    def sample(self, population: Any, k: int, **kwargs: Any) -> Any:
        return [object()] * k

    def randrange(self, *args: Any, **kwargs: Any) -> int:
        return 10**30

    def randint(self, a: int, b: int) -> int:
        return b + 10

    def seed(self, *args: Any, **kwargs: Any) -> None:
        pass


class NaNRandom(random.Random):
    """``random()`` gives NaN; everything else is the standard generator's."""

    def random(self) -> float:
        return math.nan


class OtherEnum(enum.Enum):
    HEARTS = 2
    KING = "K"


class OtherIntEnum(enum.IntEnum):
    ONE = 1
    ZERO = 0


class OtherStrEnum(enum.StrEnum):
    CLASSIC = "classic"
    XXI = "XXI"


class OtherFlag(enum.IntFlag):
    A = 1
    B = 2


def _numpy_more() -> list[tuple[str, object]]:
    try:
        import numpy
    except ImportError:  # (an optional extra)
        return []
    return [
        ("np.bool_(False)", numpy.bool_(False)),
        ("np.uint64(2**64-1)", numpy.uint64(2**64 - 1)),
        ("np.int8(-128)", numpy.int8(-128)),
        ("np.float32(0.5)", numpy.float32(0.5)),
        ("np.float64(-0.0)", numpy.float64(-0.0)),
        ("np.float64(inf)", numpy.float64("inf")),
        ("np.longdouble(1)", numpy.longdouble(1)),
        ("np.complex128(1)", numpy.complex128(1)),
        ("np.str_('XXI')", numpy.str_("XXI")),
        ("np.str_('classic')", numpy.str_("classic")),
        ("np.bytes_(b'XXI')", numpy.bytes_(b"XXI")),
        ("np.array(0)", numpy.array(0)),
        ("np.array(1.5)", numpy.array(1.5)),
        ("np.array(True)", numpy.array(True)),
        ("np.array('XXI')", numpy.array("XXI")),
        ("np.array(2**40, uint64)", numpy.array(2**40, dtype=numpy.uint64)),
        ("an object array of cards", numpy.array([Card.parse("XXI"), Card.parse("I")], dtype=object)),
        ("an object array of a state", _object_array(numpy, boundary.STATE)),
        ("np.array([[0, 1]])", numpy.array([[0, 1]])),
        ("np.zeros(10**6)", numpy.zeros(10**6, dtype=numpy.uint8)),
        ("np.datetime64", numpy.datetime64("2020-01-01")),
        ("np.void", numpy.void(b"ab")),
        ("a masked array", numpy.ma.masked_array([1, 2], mask=[True, False])),
        ("np.ma.masked", numpy.ma.masked),
    ]


def _object_array(numpy: Any, value: object) -> object:
    made = numpy.empty((), dtype=object)
    made[()] = value
    return made


def _mock(spec: Any = None) -> object:
    try:
        return unittest.mock.MagicMock(spec=spec) if spec is not None else unittest.mock.MagicMock()
    except ValueError:  # (GameState's __signature__ raises when read, and mock reads every attribute of a spec)
        return unittest.mock.MagicMock()


def _more_hostile() -> list[tuple[str, object]]:
    return [
        # subclasses of the built-in types
        ("an int whose str and format raise", FormatInt(1)),
        ("an int 0 whose str and format raise", FormatInt(0)),
        ("an int whose comparisons raise", ComparingInt(1)),
        ("an int 0 whose comparisons raise", ComparingInt(0)),
        ("an int subclass of 5000 digits", HugeInt(10**5000)),
        ("an int subclass of 400 digits", HugeInt(10**400)),
        ("a str whose other methods raise", OddStr("XXI")),
        ("a str 'classic' whose methods raise", OddStr("classic")),
        ("a str 'player_0' whose methods raise", OddStr("player_0")),
        ("bytes whose methods raise", OddBytes(bytes(range(32)))),
        ("a tuple whose methods raise", OddTuple((Card.parse("XXI"), Card.parse("I")))),
        ("a tuple of two texts that lies", LyingTuple(("", ""))),
        ("a list whose comparisons raise", OddList([Card.parse("XXI")])),
        ("a dict whose methods raise", OddDict({"format": 1, "type": "state"})),
        ("an empty frozenset whose methods raise", OddFrozenset()),
        ("a frozenset of an announcement whose methods raise", OddFrozenset({sm.Bonus.PAGAT})),
        ("a float whose methods raise", OddFloat(1.0)),
        ("a bool subclass? (an IntEnum of 1)", OtherIntEnum.ONE),
        ("an IntEnum of 0", OtherIntEnum.ZERO),
        ("an IntFlag", OtherFlag.A | OtherFlag.B),
        ("a StrEnum 'classic'", OtherStrEnum.CLASSIC),
        ("a StrEnum 'XXI'", OtherStrEnum.XXI),
        ("an Enum of 2", OtherEnum.HEARTS),
        # the library's own enumerations, in the wrong place
        ("Suit.HEARTS", sm.Suit.HEARTS),
        ("Rank.KING", sm.Rank.KING),
        ("Bonus.PAGAT", sm.Bonus.PAGAT),
        ("Counting.IN_THREES", sm.Counting.IN_THREES),
        ("Reason.BAD_SEAT", sm.Reason.BAD_SEAT),
        ("Deck", next(iter(sm.rules.Deck))),
        # __index__ that lies
        ("__index__ gives an int subclass whose methods raise", IndexGivesIntSubclass()),
        ("__index__ gives True", IndexGivesBool()),
        ("__index__ gives 1.0", IndexGivesFloat()),
        ("__index__ gives '1'", IndexGivesStr()),
        ("__class__ claims int, __index__ 1", LyingClassAndIndex()),
        ("__index__ calls the library back", ReentrantIndex()),
        ("__index__ raises SystemExit", KeyboardIndex()),
        # objects that answer anything
        ("__getattr__ answers itself", AnythingGoes()),
        ("__getattr__ answers 1", AnythingGoesInt()),
        ("a MagicMock", _mock()),
        ("a MagicMock(spec=Card)", _mock(Card)),
        ("a MagicMock(spec=Play)", _mock(sm.Play)),
        ("a MagicMock(spec=GameState)", _mock(sm.GameState)),
        ("a MagicMock(spec=PlayerView)", _mock(sm.PlayerView)),
        ("a MagicMock(spec=RuleSet)", _mock(sm.RuleSet)),
        ("a MagicMock(spec=Match)", _mock(sm.Match)),
        ("a MagicMock(spec=random.Random)", _mock(random.Random)),
        ("a MagicMock(spec=int)", _mock(int)),
        ("a MagicMock(spec=str)", _mock(str)),
        ("a MagicMock(spec=dict)", _mock(dict)),
        # numbers of the standard library
        ("1e308 * 10", 1e308 * 10),
        ("5e-324", 5e-324),
        ("2**53 + 1.0", float(2**53) + 1.0),
        ("complex(nan, 0)", complex(math.nan, 0)),
        ("Decimal('NaN')", decimal.Decimal("NaN")),
        ("Decimal('sNaN')", decimal.Decimal("sNaN")),
        ("Decimal('1E+5000')", decimal.Decimal("1E+5000")),
        ("Decimal('-0')", decimal.Decimal("-0")),
        ("Fraction(7, 1)", fractions.Fraction(7, 1)),
        ("Fraction(10**5000, 3)", fractions.Fraction(10**5000, 3)),
        # buffers
        ("bytearray(32)", bytearray(range(32))),
        ("memoryview(32 bytes)", memoryview(bytes(range(32)))),
        ("array.array('i', [0, 1])", array.array("i", [0, 1])),
        ("array.array('u', 'XXI')", array.array("u", "XXI")),
        ("b'classic'", b"classic"),
        # texts of odd Unicode
        ("'\\u00b3' (a superscript 3: isdigit, not int)", "\u00b3"),
        ("'\\u0663' (an Arabic-Indic 3)", "\u0663"),
        ("'1\\u00b3'", "1\u00b3"),
        ("'\\uff11' (a full-width 1)", "\uff11"),
        ("'\\u216b' (a Roman numeral twelve)", "\u216b"),
        ("'\\u2160\\u2160' (Roman numeral ones)", "\u2160\u2160"),
        ("'XX\\u0301I' (a combining accent)", "XX\u0301I"),
        ("'\\u202eXXI' (right-to-left override)", "\u202eXXI"),
        ("'\\u200fXXI\\u200f' (right-to-left marks)", "\u200fXXI\u200f"),
        ("'XXI\\u200b' (zero-width space)", "XXI\u200b"),
        ("'\\ufeffXXI' (a BOM)", "\ufeffXXI"),
        ("'XXI\\x00'", "XXI\x00"),
        ("'\\x00classic'", "\x00classic"),
        ("'xxi'", "xxi"),
        ("'\\u2665K' (a heart and K)", "\u2665K"),
        ("'\\u2665\\ufe0fK' (a heart, variation selector)", "\u2665\ufe0fK"),
        ("'\\udcff' (a low surrogate)", "\udcff"),
        ("'XXI\\ud800'", "XXI\ud800"),
        ("'\\U0010ffff'", "\U0010ffff"),
        ("'X' * 257", "X" * 257),
        ("' ' * 300 + 'XXI'", " " * 300 + "XXI"),
        ("'XXI' + ' ' * 300", "XXI" + " " * 300),
        ("'\\u00e9' * 300", "\u00e9" * 300),
        ("'\\n' * 1000", "\n" * 1000),
        ("'XXI\\r\\n'", "XXI\r\n"),
        ("'classic ' (trailing space)", "classic "),
        ("'CLASSIC'", "CLASSIC"),
        ("'player_1'", "player_1"),
        ("'player_2'", "player_2"),
        ("'player_-1'", "player_-1"),
        ("'player_01'", "player_01"),
        ("'player_\\u0661'", "player_\u0661"),
        ("'1_0'", "1_0"),
        ("'+1'", "+1"),
        ("'-0'", "-0"),
        ("'1e3'", "1e3"),
        ("'9' * 5000", "9" * 5000),
        ("'{}'", "{}"),
        ("'null'", "null"),
        ("'{\"format\": 1e999}'", '{"format": 1e999}'),
        ("'[' * 10**5", "[" * 100_000 + "]" * 100_000),
        ("a record header and junk", "strohmandeln-deal 1\n\ud800"),
        # containers and iterators
        ("a generator that raises", _raising_generator()),
        ("a generator that raises StopIteration", _generator_raising_stop()),
        ("an iterator whose next raises", RaisingNext()),
        ("__iter__ gives no iterator", RaisingIter()),
        ("a dict of cards", {Card.parse("XXI"): 1}),
        ("a dict view", {1: 2}.keys()),
        ("a set of cards", {Card.parse("XXI"), Card.parse("I")}),
        ("a self-containing list", _self_list()),
        ("a self-containing dict", _self_dict()),
        ("a tuple of ten thousand and one Nones", (None,) * 10_001),
        ("a tuple of two Nones", (None, None)),
        ("a tuple of two ints", (0, 1)),
        ("a tuple of two strings whose methods raise", (OddStr("XXI"), OddStr("I"))),
        ("a tuple of two hostile tuples", (OddTuple(()), OddTuple(()))),
        ("a pair of big ints", (10**5000, 10**5000)),
        ("a pair of lying ints", (LyingClassAndIndex(), LyingClassAndIndex())),
        ("a range", range(2)),
        ("a zip", zip((1,), (2,))),
        ("a map", map(int, "12")),
        ("ellipsis", ...),
        ("NotImplemented", NotImplemented),
        ("a module", math),
        ("a slice", slice(0, 1)),
        ("a type", int),
        ("an exception", Boom("x")),
        ("a library error", sm.StrohmandelnError(sm.Reason.GAME_OVER, "over")),
        ("a weakref", _weakref()),
        ("a property", property(lambda self: 1)),
    ]


def _self_list() -> list[object]:
    value: list[object] = []
    value.append(value)
    return value


def _self_dict() -> dict[str, object]:
    value: dict[str, object] = {"format": 1, "type": "state"}
    value["rules"] = value
    return value


def _weakref() -> object:
    import weakref

    return weakref.ref(CLASSIC)


#: ``(label, value)`` of every hostile value of this campaign.
MORE_HOSTILE: Final = [*_more_hostile(), *_numpy_more()]

#: Generators of the right class (``random.Random``'s subclasses) whose draws raise or lie: the
#: library draws from them.
GENERATORS: Final[list[tuple[str, object]]] = [
    ("a Random whose draws raise", RaisingRandom(1)),
    ("a Random whose draws lie", LyingRandom(1)),
    ("a Random whose random() is NaN", NaNRandom(1)),
]

#: The labels of the values whose error is the language's to pass on: ``SystemExit`` from a
#: caller's ``__index__`` is not the library's to catch.
PASSES_THROUGH: Final = frozenset({"__index__ raises SystemExit"})


def _lying_subclass(cls: type, how: str) -> type | None:
    """A subclass of ``cls`` whose public attributes lie: raise (``how == "raise"``) or read as
    a card index of 99 (``"99"``); ``None`` if the class cannot be subclassed."""

    def __getattribute__(self: object, name: str) -> Any:
        if name.startswith("_"):
            return object.__getattribute__(self, name)
        if how == "raise":
            raise Boom(name)
        return boundary.FakeIndex(99)

    try:
        return type(f"Lying{cls.__name__}", (cls,), {"__getattribute__": __getattribute__, "__slots__": ()})
    except TypeError:  # (a final class: a compiled one, or an enumeration with members)
        return None


def _lying_copy(value: object, how: str) -> object | None:
    """A copy of ``value`` of its lying subclass, or ``None``."""
    cls = type(value)
    if isinstance(value, enum.Enum):
        return None
    sub = _lying_subclass(cls, how)
    if sub is None:
        return None
    try:
        made: object = object.__new__(sub)
        names = [f.name for f in attrs.fields(cls)] if attrs.has(cls) else []
        for klass in cls.__mro__:
            names.extend(n for n in getattr(klass, "__slots__", ()) if n not in names and n != "__weakref__")
        for name in names:
            try:
                object.__setattr__(made, name, object.__getattribute__(value, name))
            except AttributeError:
                pass
        return made
    except TypeError:  # (object.__new__ cannot make it: a class with its own layout)
        return None


def lying_subclasses() -> list[tuple[str, object]]:
    """A value of a subclass of each public class whose attribute reads raise or lie."""
    out: list[tuple[str, object]] = []
    extra: dict[str, Callable[[], object]] = {"strohmandeln.actions.Play": lambda: boundary.PLAY, "strohmandeln.actions.Pass": sm.Pass}
    for qualified, make in sorted({**boundary.INSTANCES, **extra}.items()):
        try:
            value = make()
        except Exception:  # noqa: BLE001 - (a framework that is not installed)
            continue
        for how in ("raise", "99"):
            made = _lying_copy(value, how)
            if made is not None:
                out.append((f"a {qualified.rsplit('.', 1)[-1]} subclass whose attributes {how}", made))
    return out


def judge(entry: boundary.EntryPoint, parameter: str | None, value: object, label: str = "") -> str | None:
    """:func:`boundary.judge`, but for the values whose own error may pass through."""
    problem = boundary.judge(entry, parameter, value)
    if any(through in label for through in PASSES_THROUGH) and problem is not None and problem.startswith("SystemExit"):
        return None
    if parameter in CALLBACKS and problem is not None and problem.startswith("TypeError: ") and ("positional argument" in problem or "expected 0 arguments" in problem):
        return None  # (a function of the caller's called as the parameter says and refusing the call: the language's)
    return problem


def findings_of(entry: boundary.EntryPoint, values: list[tuple[str, object]] = MORE_HOSTILE) -> Iterator[str]:
    """Every finding of calling ``entry`` with each value of this campaign for each parameter."""
    for parameter in entry.parameters:
        for label, value in values:
            if label in boundary.LEGITIMATE.get(entry.name, ()):
                continue
            problem = judge(entry, parameter.name, value, label)
            if problem:
                yield f"{entry.name}({parameter.name}={label}): {problem}"


def nested(values: list[tuple[str, object]] = MORE_HOSTILE) -> list[tuple[str, object]]:
    """Each value inside the containers where the library reads items: a list of it, a pair of
    it, a pair of a tuple of it and nothing (hands, piles), a set and a dict of it where it can be
    hashed."""
    out: list[tuple[str, object]] = []
    for label, value in values:
        out.append((f"[{label}]", [value]))
        out.append((f"({label}, {label})", (value, value)))
        out.append((f"(({label},), ())", ((value,), ())))
        out.append((f"(CARD, {label})", (boundary.CARD, value)))
        try:
            out.append((f"{{{label}}}", frozenset({value})))
            out.append((f"{{'type': {label}}}", {"type": value, "format": 1}))
        except Exception:  # noqa: BLE001 - (an unhashable or hostile value: not in a set)
            pass
    return out


#: The parameters that take a function of the caller's, which the library calls.
CALLBACKS: Final = ("clock", "probability_sampler", "opponent", "make_opponent", "policy")


class _Returning:
    """A function of the caller's that returns one hostile value, whatever it is given."""

    def __init__(self, value: object) -> None:
        self.value = value

    def __call__(self, *args: Any, **kwargs: Any) -> object:
        return self.value


def callbacks(values: list[tuple[str, object]] | None = None) -> list[tuple[str, object]]:
    """Functions that return each hostile value (of both campaigns)."""
    chosen = values if values is not None else [*boundary.HOSTILE, *MORE_HOSTILE]
    return [(f"a function returning {label}", _Returning(value)) for label, value in chosen]


def callback_findings(values: list[tuple[str, object]] | None = None) -> Iterator[str]:
    """Every entry point with a function parameter, called with functions that return hostile
    values: what the caller's function returns is judged as an argument is."""
    made = callbacks(values)
    for entry in boundary.entry_points():
        for parameter in entry.parameters:
            if parameter.name not in CALLBACKS:
                continue
            for label, value in made:
                problem = judge(entry, parameter.name, value, label)
                if problem:
                    yield f"{entry.name}({parameter.name}={label}): {problem}"


def call_shapes(entry: boundary.EntryPoint) -> Iterator[tuple[str, Callable[[], object]]]:
    """The calls of ``entry`` with an unknown keyword, one positional argument too many, and
    every argument ``None`` at once."""
    yield "an unknown keyword", lambda: _with_keyword(entry)
    yield "one positional argument too many", lambda: _with_extra(entry)
    yield "None for every argument", lambda: entry.get()(**{p.name: None for p in entry.parameters if p.kind is not p.POSITIONAL_ONLY}, ) if not any(p.kind is p.POSITIONAL_ONLY for p in entry.parameters) else entry.get()(*[None for p in entry.parameters])


def _with_keyword(entry: boundary.EntryPoint) -> object:
    function = entry.get()
    return function(**{"no_such_parameter": 1})


def _with_extra(entry: boundary.EntryPoint) -> object:
    function = entry.get()
    return function(*[None] * (len(entry.parameters) + 1))


def judge_shape(run: Callable[[], object]) -> str | None:
    """A call of the wrong shape behaves if it raises the language's ``TypeError`` (of a wrong
    number of arguments or an unknown keyword: Python's, raised before the library runs), a
    library error, or returns."""
    try:
        run()
    except sm.StrohmandelnError as error:
        return boundary._bad_error(error)
    except TypeError as error:
        text = boundary._first_line(error)
        if any(words in text for words in ("argument", "keyword", "positional", "takes", "parameter")):
            return None
        return f"TypeError: {text}"
    except BaseException as error:  # noqa: BLE001 - the finding
        if isinstance(error, KeyboardInterrupt):
            raise
        return f"{type(error).__name__}: {boundary._first_line(error)}"
    return None


# ---------------------------------------------------------------------------------------------
# Documents with one hostile value inside


def _deep_dict(depth: int) -> dict[str, object]:
    value: dict[str, object] = {}
    for _ in range(depth):
        value = {"a": value}
    return value


#: The JSON values (and the values ``json.loads`` can make) put in place of one value of a valid
#: document at a time.
JSON_VALUES: Final = [
    ("None", None),
    ("True", True),
    ("0", 0),
    ("-1", -1),
    ("2**63", 2**63),
    ("10**5000", 10**5000),
    ("-10**5000", -(10**5000)),
    ("1.0", 1.0),
    ("-0.0", -0.0),
    ("1e308 * 10", 1e308 * 10),
    ("nan", math.nan),
    ("''", ""),
    ("'\\ud800'", "\ud800"),
    ("'\\x00'", "\x00"),
    ("'\\u202eXXI'", "\u202eXXI"),
    ("'\\u00b3'", "\u00b3"),
    ("'x' * 100000", "x" * 100_000),
    ("[]", []),
    ("{}", {}),
    ("[None] * 100000", [None] * 100_000),
    ("a deep list", boundary._nested(5000)),
    ("a deep dict", _deep_dict(5000)),
    ("{'': None}", {"": None}),
    ("{'\\ud800': 1}", {"\ud800": 1}),
]


def _paths(doc: object, prefix: tuple[object, ...] = (), limit: int = 400) -> list[tuple[object, ...]]:
    """The paths of the values of a JSON document (at most ``limit``, spread over it)."""
    found: list[tuple[object, ...]] = [prefix]
    if isinstance(doc, dict):
        for key, value in doc.items():
            found.extend(_paths(value, (*prefix, key), limit))
    elif isinstance(doc, list):
        for i, value in enumerate(doc[:6]):  # (a long list: its first items stand for the rest)
            found.extend(_paths(value, (*prefix, i), limit))
    return found if len(found) <= limit else found[:: len(found) // limit + 1]


def _replaced(doc: object, path: tuple[object, ...], value: object) -> object:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(doc, dict):
        return {key: (_replaced(item, rest, value) if key == head else item) for key, item in doc.items()}
    assert isinstance(doc, list)
    return [(_replaced(item, rest, value) if i == head else item) for i, item in enumerate(doc)]


def _documents() -> list[tuple[str, Callable[[object], object], object]]:
    """``(name, loader, valid document)`` of every loader of a dict document."""
    from strohmandeln import serialization

    session_doc = boundary.SESSION.to_dict(key=boundary.KEY)
    return [
        ("state", lambda d: serialization.from_dict(d), boundary.STATE.to_dict()),
        ("finished state", lambda d: serialization.from_dict(d), boundary.FINISHED.to_dict()),
        ("view", lambda d: serialization.view_from_dict(d), boundary.VIEW.to_dict()),
        ("trusted view", lambda d: sm.PlayerView.from_trusted_dict(d), boundary.VIEW.to_dict()),
        ("position state", lambda d: serialization.from_dict(d), sm.position(CLASSIC, hands=("♣K ♣C", "♣Q ♣J"), rest_to=0, leader=0).to_dict()),
        ("rules", lambda d: serialization.rules_from_dict(d), CLASSIC.to_dict()),
        ("rule set fields", lambda d: sm.RuleSet.from_dict(d), CLASSIC.to_dict()),
        ("result", lambda d: serialization.result_from_dict(d), serialization.result_to_dict(boundary.RESULT)),
        ("match", lambda d: serialization.match_from_dict(d), serialization.match_to_dict(boundary.MATCH)),
        ("action", lambda d: serialization.action_from_dict(d), serialization.action_to_dict(boundary.PLAY)),
        ("session", lambda d: sm.Session.from_dict(d, key=boundary.KEY), session_doc),
    ]


def document_findings(only: str = "") -> Iterator[str]:
    """Each valid document with one value replaced by each of :data:`JSON_VALUES`, loaded; and
    its JSON text through ``from_json``."""
    for name, load, doc in _documents():
        if only not in name:
            continue
        for path in _paths(doc):
            for label, value in JSON_VALUES:
                mutant = _replaced(doc, path, value)
                problem = _judge_load(lambda: load(mutant))
                if problem:
                    yield f"{name} document, {'.'.join(map(str, path)) or '(the whole)'} = {label}: {problem}"


class EqualKey(str):
    """A key equal to a field's name, of a subclass of ``str`` (no method of its own)."""


class RaisingEqKey(str):
    """A key whose ``==`` raises (its hash is its text's: it finds the field's slot)."""

    def __eq__(self, other: object) -> bool:
        raise Boom("__eq__")

    def __ne__(self, other: object) -> bool:
        raise Boom("__ne__")

    __hash__ = str.__hash__


class RaisingHashKey(str):
    """A key whose ``hash()`` raises, once it is in a dict (made with its text's hash)."""

    armed = False

    def __hash__(self) -> int:
        if RaisingHashKey.armed:
            raise Boom("__hash__")
        return str.__hash__(self)


#: The kinds of hostile keys that stand in for one field's name (``name`` → the key).
HOSTILE_KEYS: Final[list[tuple[str, Callable[[str], object]]]] = [
    ("a str subclass", EqualKey),
    ("a key whose == raises", RaisingEqKey),
    ("a key whose hash() raises", RaisingHashKey),
    ("the name as bytes", lambda name: name.encode()),
    ("1", lambda name: 1),
    ("None", lambda name: None),
]


def _dict_paths(doc: object, prefix: tuple[object, ...] = (), limit: int = 120) -> list[tuple[object, ...]]:
    """The paths of the objects of a JSON document (at most ``limit``, spread over it)."""
    found = [path for path in _paths(doc, prefix, 10_000) if isinstance(_at(doc, path), dict)]
    return found if len(found) <= limit else found[:: len(found) // limit + 1]


def _at(doc: object, path: tuple[object, ...]) -> object:
    for step in path:
        doc = doc[step]  # type: ignore[index]
    return doc


class Subdict(dict):  # type: ignore[type-arg]
    """An object of a subclass of ``dict`` (no method of its own)."""


def _rekeyed(doc: object, path: tuple[object, ...], field: str, key: object, kind: type[dict[Any, Any]] = dict) -> object:
    """``doc`` with the field ``field`` of the object at ``path`` under ``key`` instead (in its
    place among the fields), that object of the type ``kind``."""
    target = _at(doc, path)
    assert isinstance(target, dict)
    return _replaced(doc, path, kind({(key if k == field else k): v for k, v in target.items()}))


def _message_documents() -> list[tuple[str, Callable[[object], object], object]]:
    """``(name, loader, valid document)`` of the message layer's and the news' dict loaders:
    a client's move, news applied to the view it updates (either document hostile)."""
    from strohmandeln import messages
    from strohmandeln.news import apply_news, news_since

    earlier = boundary.STATE.view(0)
    later = boundary.STATE
    while later.current_player is not None and later.ply < earlier.ply + 6:
        later = later.apply(later.legal_actions()[0])
    news = news_since(later.view(0), earlier.ply)
    move = messages.Move(match="m-1", seat=1, move_number=0, action=sm.Pass(), request_id="r-1")
    return [
        ("move", messages.move_from_dict, move.to_dict()),
        ("news", lambda d: apply_news(earlier.to_dict(), d), news),
        ("news's view", lambda d: apply_news(d, news), earlier.to_dict()),
    ]


def key_findings(only: str = "") -> Iterator[str]:
    """Each valid document with the name of one field of one of its objects (at any depth)
    replaced by each of :data:`HOSTILE_KEYS`, loaded: refused with a library error, never a
    crash (a subclass's own ``==`` or ``hash()`` is never called)."""
    for name, load, doc in [*_documents(), *_message_documents()]:
        if only not in name:
            continue
        problem = _judge_load(lambda: load(doc))
        if problem:  # (else a refusal of every mutant would say nothing)
            yield f"{name} document, as it is: {problem}"
        for path in _dict_paths(doc):
            target = _at(doc, path)
            assert isinstance(target, dict)
            for field in target:
                kinds: tuple[type[dict[Any, Any]], ...] = (dict, Subdict)
                for (label, make), kind in itertools.product(HOSTILE_KEYS, kinds):
                    mutant = _rekeyed(doc, path, field, make(field), kind)
                    RaisingHashKey.armed = True
                    try:
                        problem = _judge_load(lambda: load(mutant))
                    finally:
                        RaisingHashKey.armed = False
                    if problem:
                        where = ".".join(map(str, (*path, field)))
                        yield f"{name} document, the key {where} as {label}{' in a dict subclass' if kind is Subdict else ''}: {problem}"


def _judge_load(run: Callable[[], object]) -> str | None:
    start = time.thread_time()
    try:
        run()
    except sm.StrohmandelnError as error:
        return boundary._bad_error(error)
    except RecursionError:
        return "RecursionError"
    except BaseException as error:  # noqa: BLE001 - the finding
        if isinstance(error, KeyboardInterrupt):
            raise
        return f"{type(error).__name__}: {boundary._first_line(error)}"
    spent = time.thread_time() - start
    if spent > boundary.MAX_SECONDS:
        return f"took {spent:.1f} s of CPU time"
    return None


# ---------------------------------------------------------------------------------------------
# The operations: properties, dunder methods, pickles, copies, evolve


class Operation:
    """One operation a program performs on a value of the library without calling a function by
    name (``a == b``, ``hash(a)``, ``a.legal``…)."""

    def __init__(self, name: str, run: Callable[[], object], allowed: tuple[type[BaseException], ...] = ()) -> None:
        self.name = name
        self.run = run
        #: The exceptions of the language the operation may raise: ``TypeError`` of ``<``
        #: between unrelated types, which Python raises when both sides return NotImplemented.
        self.allowed = allowed

    def __repr__(self) -> str:
        return self.name


def _values() -> dict[str, Callable[[], object]]:
    """A value of every public class (the instances of ``tests/boundary.py``)."""
    made: dict[str, Callable[[], object]] = {}
    for entry in boundary.entry_points():
        if entry.owner is None and entry.name in boundary.INSTANCES:
            made[entry.name] = boundary.INSTANCES[entry.name]
    for qualified, factory in boundary.INSTANCES.items():
        made.setdefault(qualified, factory)
    extra: dict[str, Callable[[], object]] = {
        "strohmandeln.state.GameState(finished)": lambda: boundary.FINISHED,
        "strohmandeln.knowledge.PlayerView(finished)": lambda: boundary.FINISHED_VIEW,
        "strohmandeln.actions.Play": lambda: boundary.PLAY,
        "strohmandeln.actions.Pass": sm.Pass,
        "strohmandeln.actions.Announcement": lambda: next(iter(sm.actions.Announcement)),
        "strohmandeln.cards.Suit": lambda: sm.Suit.HEARTS,
        "strohmandeln.rules.Bonus": lambda: sm.Bonus.PAGAT,
        "strohmandeln.errors.Reason": lambda: sm.Reason.GAME_OVER,
        "strohmandeln.table.Phase": lambda: sm.Phase.PLAY,
        "strohmandeln.match.Match(played)": lambda: boundary.MATCH,
        "strohmandeln.match.Standing(played)": lambda: boundary.MATCH.standing,
        "strohmandeln.positions.Position(of)": lambda: boundary.POSITION,
    }
    made.update(extra)
    return made


#: Operands of the binary operations: the hostile values that are cheap to compare.
OPERANDS: Final = [
    ("None", None),
    ("0", 0),
    ("10**5000", 10**5000),
    ("nan", math.nan),
    ("Decimal('sNaN')", decimal.Decimal("sNaN")),
    ("'XXI'", "XXI"),
    ("'\\ud800'", "\ud800"),
    ("object()", object()),
    ("__eq__ and __hash__ raise", boundary.RaisingEquality()),
    ("attribute access raises", boundary.RaisingAttributes()),
    ("a fake Card", boundary.PretendsToBe(Card)),
    ("a fake Play", boundary.PretendsToBe(sm.Play)),
    ("an int whose comparisons raise", ComparingInt(1)),
    ("a str whose methods raise", OddStr("XXI")),
    ("a MagicMock", _mock()),
    ("a MagicMock(spec=Card)", _mock(Card)),
    ("__getattr__ answers itself", AnythingGoes()),
    ("a card", boundary.CARD),
    ("a state", boundary.STATE),
    ("CardPoints(3)", sm.CardPoints(3)),
    ("Suit.HEARTS", sm.Suit.HEARTS),
    *[(label, value) for label, value in MORE_HOSTILE if label in ("an object array of cards", "np.array(1.5)", "np.bool_(False)")],
]

#: Format specifications of ``format(value, spec)``.
SPECS: Final = ["", "s", "d", ">10", "x", "{", "%", "\ud800", "99999", "," * 100]


def _binary(name: str, make: Callable[[], object], label: str, other: object) -> list[Operation]:
    comparisons = ("==", "!=", "<", "<=", ">", ">=")
    ops: list[Operation] = []
    for symbol in comparisons:
        function = _COMPARE[symbol]
        allowed: tuple[type[BaseException], ...] = (TypeError,) if symbol not in ("==", "!=") else ()
        ops.append(Operation(f"{name} {symbol} {label}", _bind2(function, make, other), allowed))
        ops.append(Operation(f"{label} {symbol} {name}", _bind2r(function, make, other), allowed))
    ops.append(Operation(f"{label} in {name}", _bind2(_contains, make, other), (TypeError,)))
    ops.append(Operation(f"{name} + {label}", _bind2(_add, make, other), (TypeError,)))
    ops.append(Operation(f"{name} - {label}", _bind2(_sub, make, other), (TypeError,)))
    ops.append(Operation(f"{name} * {label}", _bind2(_mul, make, other), (TypeError, OverflowError)))  # (a text enum times 10**5000: str's)
    return ops


def _eq(a: Any, b: Any) -> object:
    return a == b


def _ne(a: Any, b: Any) -> object:
    return a != b


def _lt(a: Any, b: Any) -> object:
    return a < b


def _le(a: Any, b: Any) -> object:
    return a <= b


def _gt(a: Any, b: Any) -> object:
    return a > b


def _ge(a: Any, b: Any) -> object:
    return a >= b


_COMPARE: Final[dict[str, Callable[[Any, Any], object]]] = {"==": _eq, "!=": _ne, "<": _lt, "<=": _le, ">": _gt, ">=": _ge}


def _contains(a: Any, b: Any) -> object:
    return b in a


def _add(a: Any, b: Any) -> object:
    return a + b


def _sub(a: Any, b: Any) -> object:
    return a - b


def _mul(a: Any, b: Any) -> object:
    return a * b


def _bind2(function: Callable[[Any, Any], object], make: Callable[[], object], other: object) -> Callable[[], object]:
    return lambda: function(make(), other)


def _bind2r(function: Callable[[Any, Any], object], make: Callable[[], object], other: object) -> Callable[[], object]:
    return lambda: function(other, make())


def _has(value: object, name: str) -> bool:
    """Whether instances of the class of ``value`` define ``name`` (not its metaclass)."""
    return any(vars(klass).get(name) is not None for klass in type(value).__mro__ if klass is not object)


def _unary(name: str, make: Callable[[], object]) -> list[Operation]:
    value = make()
    # (an OpenSpiel bot is a pybind11 object: it cannot be pickled or copied, as no bot of
    # OpenSpiel's can — TypeError, the framework's)
    framework: tuple[type[BaseException], ...] = (TypeError,) if "Bot" in name else ()
    ops = [
        Operation(f"hash({name})", lambda: hash(make()), (TypeError,)),  # (an unhashable class says so with TypeError: the language's)
        Operation(f"str({name})", lambda: str(make())),
        Operation(f"repr({name})", lambda: repr(make())),
        Operation(f"bool({name})", lambda: bool(make())),
        Operation(f"pickle({name})", lambda: _pickled(make()), framework),
        Operation(f"copy({name})", lambda: _copied(make(), copy.copy), framework),
        Operation(f"deepcopy({name})", lambda: _copied(make(), copy.deepcopy), framework),
    ]
    for spec in SPECS:
        ops.append(Operation(f"format({name}, {spec[:12]!r})", _formatter(make, spec), (TypeError, ValueError) if spec else ()))
    if _has(value, "__len__"):
        ops.append(Operation(f"len({name})", lambda: len(make())))  # type: ignore[arg-type]
    if _has(value, "__iter__"):
        ops.append(Operation(f"list({name})", lambda: list(make()), (TypeError,)))  # type: ignore[call-overload]  # (GameState says it is no iterable: the language's TypeError)
    if _has(value, "__getitem__") and not isinstance(value, enum.EnumType):
        for label, key in [*OPERANDS, ("-1", -1), ("10**30", 10**30), ("slice", slice(None, None, -1)), ("True", True)]:
            ops.append(Operation(f"{name}[{label}]", _getitem(make, key), (TypeError, IndexError, KeyError)))
    for prop in _properties(type(value)):
        ops.append(Operation(f"{name}.{prop}", _reader(make, prop)))
    if attrs.has(type(value)):
        for field in attrs.fields(type(value)):  # type: ignore[arg-type]
            if not field.init:
                continue
            for label, hostile in EVOLVE_VALUES:
                ops.append(Operation(f"attrs.evolve({name}, {field.name}={label})", _evolver(make, field.name, hostile)))
    return ops


def _formatter(make: Callable[[], object], spec: str) -> Callable[[], object]:
    return lambda: format(make(), spec)


def _getitem(make: Callable[[], object], key: object) -> Callable[[], object]:
    return lambda: make()[key]  # type: ignore[index]


def _reader(make: Callable[[], object], prop: str) -> Callable[[], object]:
    return lambda: getattr(make(), prop)


def _evolver(make: Callable[[], object], field: str, value: object) -> Callable[[], object]:
    def run() -> object:
        made: Any = attrs.evolve(make(), **{field: value})  # type: ignore[misc]
        # a value that was built must work as the value it claims to be
        str(made)
        repr(made)
        try:
            hash(made)
        except TypeError:
            pass
        made == make()  # noqa: B015 - (equality must not raise)
        to_dict = getattr(made, "to_dict", None)
        if callable(to_dict) and type(made) is not sm.Session:
            to_dict()
        return made

    return run


def _properties(cls: type) -> list[str]:
    names = []
    for klass in cls.__mro__:
        if not getattr(klass, "__module__", "").startswith("strohmandeln"):
            continue
        for name, member in vars(klass).items():
            if name.startswith("_") or name in names:
                continue
            if isinstance(member, property) or type(member).__name__ in ("getset_descriptor", "member_descriptor", "cached_property") or isinstance(member, functools.cached_property):
                names.append(name)
    return names


def _pickled(value: object) -> object:
    back = pickle.loads(pickle.dumps(value))
    if type(back) is not type(value) or not _same(back, value):
        raise AssertionError("a pickle round trip changed the value")
    return back


def _copied(value: object, how: Callable[[object], object]) -> object:
    back = how(value)
    if type(back) is not type(value) or not _same(back, value):
        raise AssertionError("a copy changed the value")
    return back


def _same(a: object, b: object) -> bool:
    if not any("__eq__" in vars(klass) for klass in type(a).__mro__ if klass is not object and klass.__module__.startswith("strohmandeln")):
        return True  # (a value compared by identity: a copy is another one)
    try:
        return bool(a == b) or a is b
    except Exception:  # noqa: BLE001
        return False


#: The values of ``attrs.evolve(value, field=…)``: the fields of a public attrs class validated
#: at construction (issue 31, 3) must refuse each of them, or keep a value that works.
EVOLVE_VALUES: Final = [
    ("None", None),
    ("-1", -1),
    ("10**5000", 10**5000),
    ("1.5", 1.5),
    ("nan", math.nan),
    ("True", True),
    ("'\\ud800'", "\ud800"),
    ("'x' * 300", "x" * 300),
    ("an int whose str and format raise", FormatInt(1)),
    ("an int whose comparisons raise", ComparingInt(1)),
    ("a str whose methods raise", OddStr("XXI")),
    ("a tuple whose methods raise", OddTuple(())),
    ("a frozenset whose methods raise", OddFrozenset()),
    ("a MagicMock", _mock()),
    ("(None, None)", (None, None)),
    ("((), ())", ((), ())),
    ("(10**5000, 0)", (10**5000, 0)),
    ("a fake Card", boundary.PretendsToBe(Card)),
    ("a card", boundary.CARD),
    ("CardPoints(3)", sm.CardPoints(3)),
    ("Suit.HEARTS", sm.Suit.HEARTS),
    ("frozenset({Suit.HEARTS})", frozenset({sm.Suit.HEARTS})),
    ("[]", []),
    ("{}", {}),
    ("np.int64(1)", next((v for label, v in MORE_HOSTILE if label == "np.uint64(2**64-1)"), 1)),
]


def operations() -> list[Operation]:
    """Every operation on a value of every public class, with every operand."""
    ops: list[Operation] = []
    for name, make in sorted(_values().items()):
        try:
            make()
        except Exception:  # noqa: BLE001 - (a framework that is not installed)
            continue
        short = name.removeprefix("strohmandeln.")
        ops.extend(_unary(short, make))
        for label, other in OPERANDS:
            ops.extend(_binary(short, make, label, other))
    return ops


def judge_operation(op: Operation) -> str | None:
    """``None`` if the operation behaved: returned, raised a library error with a reason and a
    short message, or one of the language's errors it may raise; else what went wrong."""
    start = time.thread_time()
    try:
        op.run()
    except sm.StrohmandelnError as error:
        return boundary._bad_error(error)
    except RecursionError:
        return "RecursionError"
    except op.allowed:
        pass
    except Boom:
        # an operation that called a method of the hostile operand and let its error through is
        # the operand's error, not the library's — Python itself does that for ``==``: only a
        # method that is not the operand's own is a finding
        if "raise" in op.name or "Mock" in op.name:
            return None
        return "Boom"
    except decimal.InvalidOperation:
        if "sNaN" in op.name:  # (a signalling NaN raises when compared: Decimal's own, as 1 == Decimal("sNaN") does)
            return None
        return "InvalidOperation"
    except BaseException as error:  # noqa: BLE001 - the finding
        if isinstance(error, KeyboardInterrupt):
            raise
        return f"{type(error).__name__}: {boundary._first_line(error)}"
    spent = time.thread_time() - start
    if spent > boundary.MAX_SECONDS:
        return f"took {spent:.1f} s of CPU time"
    return None


def main(argv: list[str]) -> int:
    """``python -m tests.boundary_more [--only NAME] [--no-entry-points] [--no-operations]``."""
    only = argv[argv.index("--only") + 1] if "--only" in argv else ""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    start = time.perf_counter()
    findings = 0
    calls = 0
    if "--no-entry-points" not in argv:
        entries = [e for e in boundary.entry_points() if only in e.name]
        for entry in entries:
            for line in findings_of(entry):
                findings += 1
                print(line.encode("utf-8", "backslashreplace").decode("utf-8"), flush=True)
        calls += sum(len(e.parameters) * len(MORE_HOSTILE) for e in entries)
        print(f"# {len(entries)} entry points × {len(MORE_HOSTILE)} values", flush=True)
    if "--nested" in argv:
        entries = [e for e in boundary.entry_points() if only in e.name]
        values = nested()
        for entry in entries:
            for line in findings_of(entry, values):
                findings += 1
                print(line.encode("utf-8", "backslashreplace").decode("utf-8"), flush=True)
        calls += sum(len(e.parameters) * len(values) for e in entries)
        print(f"# {len(entries)} entry points × {len(values)} nested values", flush=True)
    if "--subclasses" in argv:
        entries = [e for e in boundary.entry_points() if only in e.name]
        values = lying_subclasses()
        for entry in entries:
            for line in findings_of(entry, values):
                findings += 1
                print(line.encode("utf-8", "backslashreplace").decode("utf-8"), flush=True)
        calls += sum(len(e.parameters) * len(values) for e in entries)
        print(f"# {len(entries)} entry points × {len(values)} lying subclasses", flush=True)
    if "--callbacks" in argv:
        for line in callback_findings():
            findings += 1
            print(line.encode("utf-8", "backslashreplace").decode("utf-8"), flush=True)
        print("# callbacks", flush=True)
    if "--shapes" in argv:
        entries = [e for e in boundary.entry_points() if only in e.name]
        for entry in entries:
            for label, run in call_shapes(entry):
                problem = judge_shape(run)
                calls += 1
                if problem:
                    findings += 1
                    print(f"{entry.name}({label}): {problem}", flush=True)
    if "--documents" in argv:
        for line in document_findings(only):
            findings += 1
            print(line.encode("utf-8", "backslashreplace").decode("utf-8"), flush=True)
        print("# documents", flush=True)
    if "--no-operations" not in argv:
        ops = [op for op in operations() if only in op.name]
        for op in ops:
            problem = judge_operation(op)
            if problem:
                findings += 1
                print(f"{op.name}: {problem}".encode("utf-8", "backslashreplace").decode("utf-8"), flush=True)
        calls += len(ops)
        print(f"# {len(ops)} operations", flush=True)
    print(f"{calls} calls, {findings} findings, {time.perf_counter() - start:.1f} s (the {'compiled' if sm.COMPILED else 'pure'} build)")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
