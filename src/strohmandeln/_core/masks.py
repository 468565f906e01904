"""Card masks as :class:`~strohmandeln.Card` values: the kernel's half of the card masks.

The masks themselves, their constants and R15 are :mod:`strohmandeln._base.masks`, below the
value types; what needs the cards is here.
"""

from __future__ import annotations

from .._base.masks import bits
from ..cards import DECK_54, Card


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, in canonical order."""
    return tuple([DECK_54[i] for i in bits(mask)])
