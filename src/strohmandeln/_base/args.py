"""Checks of the arguments a program passes to the public functions: seats, Strohmann numbers,
random generators, counts.

Each returns the value as an ``int`` or raises the library's error for it, without building the
repr of what it was given (see :func:`strohmandeln.errors.shown`). A whole number may be an
``int`` or the integer of another library — a NumPy integer, which learning frameworks hand out
— and is returned as an ``int``; a ``bool``, a float or a string is none (:func:`whole`).
"""

from __future__ import annotations

import enum
import operator
import random
from typing import TypeVar

from ..errors import DeckError, IllegalActionError, Reason, StateError, shown

E = TypeVar("E", bound=enum.Enum)


def whole(value: object) -> int | None:
    """``value`` as an ``int`` if it is a whole number — an ``int``, or an integer type that
    Python can use as an index (:func:`operator.index`: NumPy's integers) — but not a ``bool``;
    else ``None``.

    >>> class Integer:                      # as NumPy's integers are
    ...     def __index__(self): return 1
    >>> whole(3), whole(Integer()), whole(True), whole(1.0), whole("1")
    (3, 1, None, None, None)
    """
    if type(value) is int:
        return value
    if isinstance(value, (bool, float, complex, str, bytes)) or not hasattr(type(value), "__index__"):
        return None
    try:
        number = operator.index(value)  # type: ignore[arg-type]  # (it has an __index__)
    except Exception:  # (the __index__ of an object of any type: NumPy's bool raises TypeError)
        return None
    return None if isinstance(number, bool) else int(number)


def enum_member(enum: type[E], value: object) -> E | None:
    """The member of ``enum`` with the value a caller sent (a str, or a whole number:
    :func:`whole`), or ``None``. ``enum(value)`` itself would hash any value and write its repr
    into its error, which may fail or recurse without end.

    >>> from strohmandeln import Suit
    >>> enum_member(Suit, 2), enum_member(Suit, [[]]), enum_member(Suit, 10**5000)
    (<Suit.HEARTS: 2>, None, None)
    """
    if isinstance(value, enum):
        return value
    key = value if type(value) is str else whole(value)
    if key is None:
        return None
    try:
        return enum(key)
    except ValueError:
        return None


def seat(player: object) -> int:
    """A seat, 0 or 1; else :class:`~strohmandeln.IllegalActionError` with reason ``bad_seat``."""
    number = seat_or_none(player)
    if number is None:
        raise IllegalActionError(Reason.BAD_SEAT, f"no seat {shown(player)}; seats are 0 and 1")
    return number


def seat_or_none(value: object) -> int | None:
    """``value`` as a seat, 0 or 1, or ``None`` if it is none (for the callers' own errors)."""
    number = value if type(value) is int else whole(value)
    return None if number != 0 and number != 1 else 1 if number else 0


def strohmann(index: object) -> int:
    """A Strohmann's number, 0, 1 or 2; else :class:`~strohmandeln.StateError` with reason
    ``bad_strohmann``."""
    number = index if type(index) is int else whole(index)
    if number != 0 and number != 1 and number != 2:
        raise StateError(Reason.BAD_STROHMANN, f"no Strohmann {shown(index)}; they are numbered 0, 1, 2")
    return 2 if number == 2 else 1 if number else 0


def stakes(multiplier: object) -> int:
    """A deal's multiplier (R26), a whole number of at least 1; else ``TypeError`` or
    ``ValueError`` (a program's argument, not a client's)."""
    number = whole(multiplier)
    if number is None:
        raise TypeError(f"the multiplier must be an int, not {type(multiplier).__name__}")
    if number < 1:
        raise ValueError(f"the multiplier must be at least 1, not {shown(multiplier)}")
    return number


def generator(rng: object) -> random.Random:
    """The caller's random generator, or a new one seeded with an int; else
    :class:`~strohmandeln.DeckError` with reason ``no_deck_source`` (the library never uses
    global randomness)."""
    if isinstance(rng, random.Random):
        return rng
    seed = whole(rng)
    if seed is not None:
        return random.Random(seed)
    raise DeckError(Reason.NO_DECK_SOURCE, f"rng must be a random.Random or an int seed, not {type(rng).__name__}")
