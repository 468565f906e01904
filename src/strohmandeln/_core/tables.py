"""The lookup tables of the card play, built when the first deal is made.

The interpreter finds a seat's legal plays and a trick's outcome fastest by looking them up.
Building the tables takes about 20 ms, so they are built once, by :func:`build`, which the
constructor of the first :class:`~._core.deal.Deal` calls — every record has a deal, so no
state reaches the card play before its tables exist — and ``import strohmandeln`` stays quick.
The tables are filled in place; their names are bound once, at import.

* the plain plays of a mask, in canonical order, by chunks: an answer in tarocks in two
  look-ups (the tarocks are cards 0-21, :data:`TAROCK_PLAYS_LO`, :data:`TAROCK_PLAYS_HI`), an
  answer in one suit in one (:data:`DUTY`), a lead in four (:data:`LEAD0` … :data:`LEAD3`, chunks
  of 14, 14, 13 and 13 bits: operations on ints below 2**30 are cheaper in CPython; about 50,000
  tuples);
* :data:`DUTY`, for each led card, R14's tiers (:data:`~._core.duty.TIER_CARDS`) as the card
  play reads them: the cards of the first tier, its class, which follow it; the plain plays of
  its suit by the suit's 8-bit chunk, and the shift of that chunk (0 for a tarock, whose class's
  plays are in the two tarock tables); and the cards of the second tier where there are three
  (the tarocks, on a suit), else 0; the last tier is any card;
* :data:`TRICK_OUTCOME`, the outcome of every trick (R15, :data:`~._base.masks.BEATS`).
"""

from __future__ import annotations

from typing import Final

from .._base.masks import BEATS, CLASS, TAROCKS
from ..actions import PLAIN, Play
from .duty import ANY_CLASS, TIER_CARDS, TIERS
from .formats import T_FOLLOWED, T_LED, T_WINNER

Plays = tuple[Play, ...]

TAROCK_PLAYS_LO: Final[list[Plays]] = []
TAROCK_PLAYS_HI: Final[list[Plays]] = []
LEAD0: Final[list[Plays]] = []
LEAD1: Final[list[Plays]] = []
LEAD2: Final[list[Plays]] = []
LEAD3: Final[list[Plays]] = []
#: ``DUTY[led]``: (R14's first tier: the cards that follow it, the plays of its class's chunk,
#: the chunk's shift; R14's second tier where there are three: the tarocks, else 0).
DUTY: Final[list[tuple[int, list[Plays], int, int]]] = []
#: ``TRICK_OUTCOME[follower][led << 6 | followed]``: the winner, the mask of the two cards and
#: the packed trick without the cards' info (``(0, 0, 0)`` where an index is no card).
TRICK_OUTCOME: Final[list[tuple[tuple[int, int, int], ...]]] = []


def plays_table(base: int, width: int) -> list[Plays]:
    """``table[b]``: the plain plays of the cards ``base + k`` for the set bits ``k`` of ``b``."""
    table: list[Plays] = [()]
    for k in range(width):
        one = (PLAIN[base + k],)
        table += [plays + one for plays in table]  # (card k is the highest of these: it goes last)
    return table


def _outcomes(follower: int) -> tuple[tuple[int, int, int], ...]:
    """The outcomes of the tricks that ``follower`` completes (R15), by ``led << 6 | followed``."""
    leader = 1 - follower
    table: list[tuple[int, int, int]] = []
    for led in range(54):
        beats = BEATS[led]
        wins = leader | led << T_LED | follower << T_WINNER
        loses = leader | led << T_LED | leader << T_WINNER
        bit = 1 << led
        table += [
            (follower, bit | 1 << f, wins | f << T_FOLLOWED) if beats >> f & 1 else (leader, bit | 1 << f, loses | f << T_FOLLOWED)
            for f in range(54)
        ]
        table += [(0, 0, 0)] * 10
    return tuple(table + [(0, 0, 0)] * 640)


def _duty(led: int, suits: list[list[Plays]]) -> tuple[int, list[Plays], int, int]:
    """``DUTY[led]``, from R14's tiers (:data:`~._core.duty.TIERS`): the card play reads a first
    tier of the led class, a second of the tarocks (on a suit only) and a last of any card."""
    tiers, cards = TIERS[led], TIER_CARDS[led]
    if tiers[-1] != ANY_CLASS or len(tiers) > 2 and cards[1] != TAROCKS:
        raise AssertionError(f"R14's tiers of card {led} are not the shape the card play reads")
    c = CLASS[led]
    if c == 0:
        return cards[0], TAROCK_PLAYS_LO, 0, 0
    return cards[0], suits[c - 1], 22 + 8 * (c - 1), cards[1] if len(tiers) > 2 else 0


def build() -> None:
    """Fill the tables (once; the constructor of the first deal calls it)."""
    if TRICK_OUTCOME:
        return
    TAROCK_PLAYS_LO[:] = plays_table(0, 11)
    TAROCK_PLAYS_HI[:] = plays_table(11, 11)
    LEAD0[:] = plays_table(0, 14)
    LEAD1[:] = plays_table(14, 14)
    LEAD2[:] = plays_table(28, 13)
    LEAD3[:] = plays_table(41, 13)
    suits = [plays_table(22 + 8 * s, 8) for s in range(4)]
    DUTY[:] = [_duty(i, suits) for i in range(54)]
    TRICK_OUTCOME[:] = [_outcomes(0), _outcomes(1)]  # (last: it says the tables are built)
