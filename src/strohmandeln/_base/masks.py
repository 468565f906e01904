"""Cards as bits: the masks and small tables the kernel and the value types build on.

Card ``index`` (the canonical order of :mod:`strohmandeln.cards`) is bit ``1 << index``; a set of
cards is an ``int``. The order is the tarocks I … XXI and Sküs at indices 0…21, then eight cards
of each suit, clubs, spades, hearts, diamonds (22…29, 30…37, 38…45, 46…53), each from its lowest
card up to its King. Within the tarocks and within each suit a higher index is a higher card, so
the highest card of a set is ``mask.bit_length() - 1``.

This module knows the order by these numbers, not by importing :mod:`strohmandeln.cards` (which
stands above it); ``tests/test_masks.py`` checks them against the cards. The masks of
:class:`~strohmandeln.Card` values (``cards_of``) are the kernel's, in ``_core.masks``.
"""

from __future__ import annotations

from typing import Final

#: The number of cards of the full pack; bits 0-53 of a mask.
CARDS: Final = 54
#: The tarocks, I (bit 0) … XXI (bit 20), Sküs (bit 21).
TAROCKS: Final = (1 << 22) - 1
#: Each suit's eight cards, clubs, spades, hearts, diamonds.
SUIT_MASKS: Final = tuple(0xFF << (22 + 8 * s) for s in range(4))
#: The four Kings: the highest (eighth) card of each suit.
KINGS: Final = sum(1 << (22 + 8 * s + 7) for s in range(4))
#: The Trull: I, XXI and Sküs.
TRULL: Final = 1 << 0 | 1 << 20 | 1 << 21
#: Cards taken into the hand when turned up from a Strohmann (R11): tarocks and Kings.
TAKE_UP: Final = TAROCKS | KINGS
#: The card index of I (the Pagat), XVII, XVIII, XXI (the Mond) and the Sküs.
PAGAT: Final = 0
XVII: Final = 16
XVIII: Final = 17
MOND: Final = 20
SKUS: Final = 21
#: The class of each card: 0 for the tarocks, 1…4 for the suits (R14's "same suit").
CLASS: Final = tuple(0 if i < 22 else 1 + (i - 22) // 8 for i in range(CARDS))
#: The cards of each class.
CLASS_MASKS: Final = (TAROCKS, *SUIT_MASKS)
#: For each card, the cards of its class: what follows it (R14).
FOLLOW_MASK: Final = tuple(CLASS_MASKS[CLASS[i]] for i in range(CARDS))
#: ``BIT[i] == 1 << i``.
BIT: Final = tuple(1 << i for i in range(CARDS))


#: R15, for each led card: the cards that beat it when played second — the higher cards of its
#: class (the tarocks, or its suit), and on a suit card every tarock.
BEATS: Final = tuple(FOLLOW_MASK[i] & ~((2 << i) - 1) | (TAROCKS if CLASS[i] else 0) for i in range(CARDS))


def follower_wins(led: int, followed: int) -> bool:
    """R15: whether the second card of a trick beats the led one (:data:`BEATS`)."""
    return bool(BEATS[led] >> followed & 1)


def bits(mask: int) -> list[int]:
    """The card indices of a mask, in increasing order."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def lowest(mask: int) -> int:
    """The index of the lowest card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1
