"""Checks of the arguments a program passes to the public functions: one layer, shared by every
public module, so that the same mistake gets the same error everywhere.

The policy is :mod:`strohmandeln.errors`'s: an argument of the wrong type is an
:class:`~strohmandeln.errors.ArgumentTypeError` (reason ``wrong_type``), one of the right type
and a wrong value an :class:`~strohmandeln.errors.ArgumentValueError` (``bad_seat``,
``bad_strohmann``, ``bad_value``, ``too_large``) or the error its caller names. Each check returns
the value as the library keeps it (a whole number as an ``int``, a text as a plain ``str``, a
container as a tuple) and names the argument in its message.

**What a check asks of a value.** Only its type, read with ``type()`` (an object may claim any
class through ``__class__``, which :func:`isinstance` believes: :func:`is_a` does not ask it), and,
where a whole number belongs, :func:`operator.index`. It never calls the value's ``repr``,
``str``, ``len``, ``==`` or ``hash`` (:func:`strohmandeln.errors.shown` describes it). A container
is the one exception: its items are read, at most one more than its cap, and an error its own
iteration raises becomes the library's.

A whole number may be an ``int`` or the integer of another library — a NumPy integer, which
learning frameworks hand out — and is returned as an ``int``; a ``bool``, a float or a string is
none (:func:`whole`).

**The caps** (``MAX_…``) bound the work a call may be asked to do before it looks at anything
else; each is named in the documentation of the functions it bounds.
"""

from __future__ import annotations

import enum
import itertools
import operator
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence, Set
from typing import Any, Final, TypeVar

from ..errors import ArgumentTypeError, ArgumentValueError, Reason, StrohmandelnError, a_type, shown

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # (mypyc reads the marker when it compiles; the interpreter needs a no-op)

    def mypyc_attr(*flags: str, **settings: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls

E = TypeVar("E", bound=enum.Enum)
T = TypeVar("T")

#: The highest stakes of a deal (R26), given as an argument or held by a document or record.
MAX_MULTIPLIER: Final = 1 << 20
#: The longest card text (:func:`~strohmandeln.cards_from_text`, the cards of a position given as
#: text), in characters: a deck of 54 cards written with room to spare.
MAX_CARD_TEXT: Final = 10_000
#: The longest notation of one card or action (:meth:`Card.parse <strohmandeln.Card.parse>`,
#: :func:`~strohmandeln.parse_action`), in characters, white space around it included.
MAX_NOTATION: Final = 256
#: The most items a container argument may hold (cards, states, deals, tricks): read one by one,
#: an endless one is refused after this many.
MAX_CONTAINER: Final = 10_000
#: The most deals one call of :func:`~strohmandeln.playouts.playouts` plays (its final states
#: take about 10 KB each: 1 GB in all); call it again for more.
MAX_PLAYOUTS: Final = 100_000
#: The largest magnitude of :class:`~strohmandeln.CardPoints`, in thirds (a deal has 210 or 264).
MAX_THIRDS: Final = 10**12

__all__ = [
    "MAX_CARD_TEXT",
    "MAX_CONTAINER",
    "MAX_MULTIPLIER",
    "MAX_NOTATION",
    "MAX_PLAYOUTS",
    "MAX_THIRDS",
]


def is_a(value: object, cls: type | tuple[type, ...]) -> bool:
    """Whether the type of ``value`` is ``cls`` or a subclass of it: :func:`isinstance`, without
    asking the value (whose ``__class__`` may claim anything, or raise).

    A subclass of a class marked :func:`typing.final` (the library's value types: a rule set,
    card points, a card…) is none of it: its attributes may answer anything, or raise, and the
    library would read them.

    >>> class Liar:
    ...     __class__ = int
    >>> isinstance(Liar(), int), is_a(Liar(), int), is_a(True, int)
    (True, False, True)
    >>> from strohmandeln import RuleSet
    >>> class Lying(RuleSet):                # a rule set that is no rule set
    ...     __slots__ = ()
    >>> is_a(object.__new__(Lying), RuleSet), isinstance(object.__new__(Lying), RuleSet)
    (False, True)
    """
    kind = type(value)
    try:
        if not issubclass(kind, cls):
            return False
    except Exception:  # (a metaclass of the caller's that fails when asked)
        return False
    if kind is cls:
        return True
    if type(cls) is tuple:
        return any(kind is c or (issubclass(kind, c) and not refuses(c, kind)) for c in cls)
    return not refuses(cls, kind)  # type: ignore[arg-type]


def article(name: str) -> str:
    """``name`` with its article: ``'a RuleSet'``, ``'an ActionSpace'``."""
    return ("an " if name[:1] in "AEIOUaeiou" else "a ") + name


def wrong_type(name: str, expected: str, value: object) -> ArgumentTypeError:
    """The error of an argument ``name`` that is not ``expected`` (``"a RuleSet"``)."""
    return ArgumentTypeError(Reason.WRONG_TYPE, f"{name} must be {expected}, not {a_type(value)}")


def bad_value(name: str, expected: str, value: object, reason: Reason = Reason.BAD_VALUE) -> ArgumentValueError:
    """The error of an argument ``name`` of the right type whose value is not ``expected``."""
    return ArgumentValueError(reason, f"{name} must be {expected}, not {shown(value)}")


def instance(value: object, cls: type[T], name: str, expected: str = "") -> T:
    """``value`` if it is a ``cls`` (of a subclass too), else :class:`ArgumentTypeError`:
    ``"{name} must be a {cls}"`` (or ``expected``).

    >>> from strohmandeln import CLASSIC, RuleSet
    >>> instance(CLASSIC, RuleSet, "rules") is CLASSIC
    True
    >>> instance("classic", RuleSet, "rules")
    Traceback (most recent call last):
    ...
    strohmandeln.errors.ArgumentTypeError: rules must be a RuleSet, not a str
    """
    if type(value) is cls or is_a(value, cls):
        return value  # type: ignore[return-value]
    raise wrong_type(name, expected or article(cls.__name__), value)


def refuses(cls: type, kind: type) -> bool:
    """Whether a value of ``kind``, a subclass of ``cls``, is no value of ``cls`` for
    :func:`is_a`: ``cls`` is marked :func:`typing.final` (``__final__``), or *sealed* — it names
    the subclasses of its own that its values may be of in ``__sealed__``, a tuple, and ``kind``
    is none of them (both read from the class's own namespace).

    >>> class Base:
    ...     pass
    >>> class Mine(Base):
    ...     pass
    >>> class Other(Base):
    ...     pass
    >>> Base.__sealed__ = (Mine,)
    >>> is_a(Mine(), Base), is_a(Other(), Base), is_a(Base(), Base)
    (True, False, True)
    """
    own = cls.__dict__
    if own.get("__final__", False) is True:
        return True
    sealed = own.get("__sealed__")
    return type(sealed) is tuple and kind not in sealed


def whole(value: object) -> int | None:
    """``value`` as an ``int`` if it is a whole number — an ``int``, or an integer type that
    Python can use as an index (:func:`operator.index`: NumPy's integers) — but not a ``bool``;
    else ``None``. An ``__index__`` that raises says it is none.

    >>> class Integer:                      # as NumPy's integers are
    ...     def __index__(self): return 1
    >>> whole(3), whole(Integer()), whole(True), whole(1.0), whole("1")
    (3, 1, None, None, None)
    """
    kind = type(value)
    if kind is int:
        return value  # type: ignore[return-value]
    if kind is bool or is_a(value, (bool, float, complex, str, bytes, bytearray)):
        return None
    try:
        if not hasattr(kind, "__index__"):
            return None
        number = operator.index(value)  # type: ignore[arg-type]  # (it has an __index__)
    except Exception:  # (the __index__ of an object of any type: NumPy's bool raises TypeError)
        return None
    return None if type(number) is bool else int(number)


def count(value: object, name: str, *, least: int = 0, most: int | None = None) -> int:
    """A whole number (:func:`whole`) from ``least`` to ``most`` (a cap: ``too_large`` above it).

    >>> count(3, "count"), count(-1, "count")
    Traceback (most recent call last):
    ...
    strohmandeln.errors.ArgumentValueError: count must be at least 0, not -1
    """
    number = value if type(value) is int else whole(value)
    if number is None:
        raise wrong_type(name, "a whole number", value)
    if number < least:
        raise bad_value(name, f"at least {least:,}", number)
    if most is not None and number > most:
        raise bad_value(name, f"at most {most:,}", number, Reason.TOO_LARGE)
    return number


def flag(value: object, name: str) -> bool:
    """``True`` or ``False`` (no other value: ``1``, ``None`` and NumPy's bool are no flag)."""
    if value is True or value is False:
        return value
    raise wrong_type(name, "True or False", value)


def seat(value: object, name: str = "player") -> int:
    """A seat, 0 or 1: :class:`ArgumentTypeError` if ``value`` is no whole number,
    :class:`ArgumentValueError` with reason ``bad_seat`` if it is another one.

    >>> seat(1), seat("1")
    Traceback (most recent call last):
    ...
    strohmandeln.errors.ArgumentTypeError: player must be a seat (0 or 1), not a str
    """
    number = value if type(value) is int else whole(value)
    if number is None:
        raise wrong_type(name, "a seat (0 or 1)", value)
    if number != 0 and number != 1:
        raise bad_value(name, "seat 0 or 1", number, Reason.BAD_SEAT)
    return 1 if number else 0


def seat_or_none(value: object, name: str) -> int | None:
    """``None``, or a seat (:func:`seat`)."""
    return None if value is None else seat(value, name)


def strohmann(value: object, name: str = "index") -> int:
    """A Strohmann's number, 0, 1 or 2; else :class:`ArgumentTypeError` or
    :class:`ArgumentValueError` with reason ``bad_strohmann``."""
    number = value if type(value) is int else whole(value)
    if number is None:
        raise wrong_type(name, "a Strohmann's number (0, 1 or 2)", value)
    if number != 0 and number != 1 and number != 2:
        raise bad_value(name, "a Strohmann's number (0, 1 or 2)", number, Reason.BAD_STROHMANN)
    return 2 if number == 2 else 1 if number else 0


def stakes(multiplier: object, name: str = "multiplier") -> int:
    """A deal's multiplier (R26), a whole number from 1 to :data:`MAX_MULTIPLIER` (what a
    document can hold)."""
    return count(multiplier, name, least=1, most=MAX_MULTIPLIER)


def generator(rng: object, name: str = "rng") -> random.Random:
    """The caller's random generator, or a new one seeded with a whole number (the library
    never uses global randomness); else :class:`ArgumentTypeError`.

    A generator of a subclass of :class:`random.Random` (whose methods may do anything) is drawn
    from through its ``random()`` and ``getrandbits()`` only, each draw checked (:class:`Draws`);
    a ``random.Random`` itself is used as it is."""
    if type(rng) is random.Random:
        return rng
    if is_a(rng, random.Random):
        return rng if type(rng) is Draws else Draws(rng, name)  # type: ignore[arg-type]
    seed = whole(rng)
    if seed is None:
        raise wrong_type(name, "a random.Random or an int seed", rng)
    return random.Random(seed)


@mypyc_attr(native_class=False)  # (a compiled subclass of random.Random would crash)
class Draws(random.Random):
    """A caller's generator of a subclass of :class:`random.Random`, drawn from through its
    ``random()`` and ``getrandbits()`` (every other draw of ``random.Random`` — ``choice``,
    ``shuffle``, ``sample`` — is built on these two): a draw that is no float from 0 up to 1, or
    no whole number of the bits asked for, is an :class:`ArgumentValueError` (reason
    ``bad_value``), an error the generator raises an :class:`ArgumentTypeError` (its cause kept),
    so that a lying generator never makes the library index beyond a list or pick from its end.

    >>> class Broken(random.Random):
    ...     def random(self): return 1.5
    >>> generator(Broken(1)).random()
    Traceback (most recent call last):
    ...
    strohmandeln.errors.ArgumentValueError: rng.random() must give a float from 0 up to 1, not 1.5
    """

    def __init__(self, source: random.Random, name: str) -> None:
        self._source: random.Random | None = None
        super().__init__(0)  # (its own state is never drawn from)
        self._source = source
        self._name = name

    def seed(self, *args: Any, **kwargs: Any) -> None:
        if self._source is None:  # (random.Random's constructor seeds itself)
            super().seed(*args, **kwargs)
        else:
            self._source.seed(*args, **kwargs)

    def random(self) -> float:
        assert self._source is not None
        try:
            x = self._source.random()
        except StrohmandelnError:
            raise
        except Exception as error:
            raise ArgumentTypeError(Reason.WRONG_TYPE, f"{self._name}.random() raised {a_type(error)}") from error
        if type(x) is not float or not 0.0 <= x < 1.0:
            raise ArgumentValueError(Reason.BAD_VALUE, f"{self._name}.random() must give a float from 0 up to 1, not {shown(x)}")
        return x

    def getrandbits(self, k: int) -> int:
        assert self._source is not None
        try:
            x = self._source.getrandbits(k)
        except StrohmandelnError:
            raise
        except Exception as error:
            raise ArgumentTypeError(Reason.WRONG_TYPE, f"{self._name}.getrandbits() raised {a_type(error)}") from error
        if type(x) is not int or x < 0 or x.bit_length() > k:
            raise ArgumentValueError(Reason.BAD_VALUE, f"{self._name}.getrandbits({k}) must give a whole number of {k} bits, not {shown(x)}")
        return x

    def __reduce__(self) -> tuple[Any, ...]:
        return (Draws, (self._source, self._name))


def plain_text(value: object) -> str | None:
    """``value`` as a plain ``str`` if it is a text (of a subclass of ``str`` too: the text it
    holds, without calling the subclass's methods), else ``None``."""
    if type(value) is str:
        return value
    if is_a(value, str):
        return str.__str__(value)
    return None


def text(value: object, name: str, limit: int) -> str:
    """A text of at most ``limit`` characters (:func:`plain_text`)."""
    plain = plain_text(value)
    if plain is None:
        raise wrong_type(name, "a str", value)
    if len(plain) > limit:
        raise ArgumentValueError(Reason.TOO_LARGE, f"{name} must be at most {limit:,} characters, not {len(plain):,}")
    return plain


def enum_member(enum: type[E], value: object) -> E | None:
    """The member of ``enum`` with the value a caller sent (a str, or a whole number:
    :func:`whole`), or ``None``. ``enum(value)`` itself would hash any value and write its repr
    into its error, which may fail or recurse without end.

    >>> from strohmandeln import Suit
    >>> enum_member(Suit, 2), enum_member(Suit, [[]]), enum_member(Suit, 10**5000)
    (<Suit.HEARTS: 2>, None, None)
    """
    if type(value) is enum:
        return value
    key = plain_text(value)
    found = enum._value2member_map_.get(key if key is not None else whole(value))
    return found  # type: ignore[return-value]


def member(enum: type[E], value: object, name: str) -> E:
    """A member of ``enum``, or its value (:func:`enum_member`); else the error: of the wrong
    type, or a value that names no member (reason ``bad_value``)."""
    found = enum_member(enum, value)
    if found is not None:
        return found
    if plain_text(value) is None and whole(value) is None:
        raise wrong_type(name, article(enum.__name__), value)
    raise bad_value(name, f"{article(enum.__name__)} ({', '.join(repr(m.value) for m in enum)})", value)


def foreign_key(value: dict[Any, Any]) -> tuple[object, ...]:
    """The first key of a dict (of a subclass too: read in its storage, without its methods)
    that is not plain text, as a 1-tuple, or ``()``: looked at before any key is hashed or
    compared, so that no ``==`` or ``hash()`` of a key's own is called."""
    keys: Iterable[object] = dict.keys(value)
    for k in keys:
        if type(k) is not str:
            return (k,)
    return ()


def names(value: object, name: str) -> dict[str, Any] | None:
    """A dict argument of named values (a reset's ``options``, a game's ``params``) as a plain
    dict — of a subclass, a copy of its storage, made without its methods — or ``None`` if it is
    no dict. A key that is not plain text (of a subclass of ``str`` too) is refused
    (:func:`foreign_key`).

    >>> names({"dealer": 1}, "options"), names([], "options")
    ({'dealer': 1}, None)

    :raises ArgumentTypeError: for a key that is not plain text.
    """
    if not issubclass(type(value), dict):
        return None
    bad = foreign_key(value)  # type: ignore[arg-type]
    if bad:
        raise wrong_type(f"a key of {name}", "text", bad[0])
    got: dict[str, Any] = value if type(value) is dict else dict(dict.items(value))  # type: ignore[arg-type]
    return got


def items(value: object, name: str, limit: int = MAX_CONTAINER, *, sets: bool = False, iterable: bool = False) -> tuple[Any, ...]:
    """The items of a container argument, as a tuple: a list, a tuple or another sequence (a
    set too if ``sets``; any iterable if ``iterable``) — never text, bytes or a mapping — of at
    most ``limit`` items (``too_large``), read one by one. An error the container's own
    iteration raises becomes an :class:`ArgumentTypeError` (its cause kept).

    >>> items([1, 2], "cards"), items("XXI", "cards")
    Traceback (most recent call last):
    ...
    strohmandeln.errors.ArgumentTypeError: cards must be a sequence, not a str
    """
    kind = type(value)
    if kind is tuple or kind is list:
        if len(value) > limit:  # type: ignore[arg-type]
            raise _too_many(name, limit)
        return tuple(value)  # type: ignore[arg-type]
    allowed: tuple[type, ...] = (Iterable,) if iterable else (Sequence, Set) if sets else (Sequence,)
    if is_a(value, (str, bytes, bytearray, memoryview, Mapping)) or not is_a(value, allowed):
        raise wrong_type(name, "an iterable" if iterable else "a sequence or a set" if sets else "a sequence", value)
    try:
        got = tuple(itertools.islice(value, limit + 1))  # type: ignore[call-overload]
    except StrohmandelnError:  # (a generator of the library's own that refuses what it reads)
        raise
    except Exception as error:  # (a container of the caller's whose iteration fails)
        raise _unreadable(name, error) from error
    if len(got) > limit:
        raise _too_many(name, limit)
    return got


def iterate(value: object, name: str, limit: int = MAX_CONTAINER) -> Iterator[Any]:
    """The items of an iterable argument, one by one (for a caller that works on each item before
    it reads the next, as a match records deals): the checks of :func:`items` with ``iterable``,
    the type at once, the cap and the iteration's own errors as the items are read."""
    if is_a(value, (str, bytes, bytearray, memoryview, Mapping)) or not is_a(value, Iterable):
        raise wrong_type(name, "an iterable", value)
    try:
        iterator = iter(value)  # type: ignore[call-overload]
    except Exception as error:
        raise _unreadable(name, error) from error
    return _items_of(iterator, name, limit)


def _items_of(iterator: Iterator[Any], name: str, limit: int) -> Iterator[Any]:
    for _ in range(limit):
        item = _next(iterator, name)
        if item is _END:
            return
        yield item
    if _next(iterator, name) is not _END:
        raise _too_many(name, limit)


#: What :func:`_next` gives at the end of an iteration.
_END: Final = object()


def _next(iterator: Iterator[Any], name: str) -> Any:
    """The next item of a caller's iterator, or :data:`_END`; its own errors become the library's
    (an error of the library's own, from a generator of its own, stays as it is)."""
    try:
        return next(iterator)
    except StopIteration:
        return _END
    except StrohmandelnError:
        raise
    except Exception as error:
        raise _unreadable(name, error) from error


def _unreadable(name: str, error: BaseException) -> ArgumentTypeError:
    return ArgumentTypeError(Reason.WRONG_TYPE, f"{name} cannot be read: its iteration raised {a_type(error)}")


def _too_many(name: str, limit: int) -> ArgumentValueError:
    return ArgumentValueError(Reason.TOO_LARGE, f"{name} must hold at most {limit:,} items")


def pair(value: object, name: str) -> tuple[Any, Any]:
    """A container of exactly two items, one per seat (``bad_seat`` for another number)."""
    try:
        got = items(value, name, 2)
    except ArgumentValueError:
        got = ()
    if len(got) != 2:
        raise ArgumentValueError(Reason.BAD_SEAT, f"{name} must give exactly two seats, one item each")
    return got[0], got[1]
