"""Checks of the arguments a program passes to the public functions: seats, Strohmann numbers,
random generators.

Each returns the value as an ``int`` or raises the library's error for it, without building the
repr of what it was given (see :func:`strohmandeln.errors.shown`).
"""

from __future__ import annotations

import random

from ..errors import DeckError, IllegalActionError, Reason, StateError, shown


def seat(player: object) -> int:
    """A seat, 0 or 1; else :class:`~strohmandeln.IllegalActionError` with reason ``bad_seat``."""
    if type(player) is not int or player not in (0, 1):
        raise IllegalActionError(Reason.BAD_SEAT, f"no seat {shown(player)}; seats are 0 and 1")
    return player


def strohmann(index: object) -> int:
    """A Strohmann's number, 0, 1 or 2; else :class:`~strohmandeln.StateError` with reason
    ``bad_strohmann``."""
    if type(index) is not int or not 0 <= index <= 2:
        raise StateError(Reason.BAD_STROHMANN, f"no Strohmann {shown(index)}; they are numbered 0, 1, 2")
    return index


def generator(rng: object) -> random.Random:
    """The caller's random generator, or a new one seeded with an int; else
    :class:`~strohmandeln.DeckError` with reason ``no_deck_source`` (the library never uses
    global randomness)."""
    if isinstance(rng, random.Random):
        return rng
    if type(rng) is int:
        return random.Random(rng)
    raise DeckError(Reason.NO_DECK_SOURCE, f"rng must be a random.Random or an int seed, not {type(rng).__name__}")
