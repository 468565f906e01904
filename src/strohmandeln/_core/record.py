"""The state record: every field of one moment of a deal, in one tuple (R5-R18).

A record is a plain ``tuple`` (the cheapest immutable value CPython builds) with the fields named
below, in this order. :class:`strohmandeln.GameState` holds one; :func:`strohmandeln._core.engine.step`
makes the next from it. Only the kernel indexes a record; the public modules read it through the
functions here.

* ``DEAL`` — the :class:`~strohmandeln._core.deal.Deal` (static data, shared by the whole deal);
* ``PHASE`` — the :class:`~strohmandeln.Phase`; ``TURN`` — the seat to act, -1 when nobody is;
* ``H0``, ``H1`` / ``T0``, ``T1`` / ``W0``, ``W1`` — each seat's hand, face-up Strohmann tops and
  won cards, as masks;
* ``LEAD`` — the open trick's lead (packed, :data:`~strohmandeln._core.formats.LEAD`), or -1;
* ``NTR`` — the completed tricks; ``CALLS`` — announcements and Ross (packed, ``CALLS``);
* ``AUC`` — the auction's outcome: (undertaker or -1, doubled, void reason or ``None``);
* ``HIST`` — the decisions before the card play, as a cons list ``(((None, a), b), c)``;
* ``TRICKS`` — the packed completed tricks, a cons list (the last trick outermost);
* ``EVENTS`` — the packed Strohmann turns, a cons list;
* ``LEGAL`` — the legal actions of the seat to act, found when the record is made;
* ``LMASK`` — the cards among them (0 outside the card play).

The plays of the history are not listed apart: they are the cards of the tricks and the lead.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Final

from .._base.masks import TAROCKS
from ..actions import DOUBLE, FOLD, KEEP, NO_DOUBLE, PASS, TAKE, Action
from ..table import Phase, VoidReason
from .deal import Deal
from .plays import legal_plays

Record = tuple[Any, ...]

DEAL: Final = 0
PHASE: Final = 1
TURN: Final = 2
H0: Final = 3
H1: Final = 4
T0: Final = 5
T1: Final = 6
W0: Final = 7
W1: Final = 8
LEAD: Final = 9
NTR: Final = 10
CALLS: Final = 11
AUC: Final = 12
HIST: Final = 13
TRICKS: Final = 14
EVENTS: Final = 15
LEGAL: Final = 16
LMASK: Final = 17
#: The names of the fields, in order (for messages and tests).
FIELDS: Final = (
    "DEAL", "PHASE", "TURN", "H0", "H1", "T0", "T1", "W0", "W1",
    "LEAD", "NTR", "CALLS", "AUC", "HIST", "TRICKS", "EVENTS", "LEGAL", "LMASK",
)  # fmt: skip

#: The fields of ``AUC``, the auction's outcome.
UNDERTAKER: Final = 0
DOUBLED: Final = 1
VOID_REASON: Final = 2
#: The auction's outcome before anyone took: no undertaker, not doubled, not void.
NO_AUCTION: Final[tuple[int, bool, VoidReason | None]] = (-1, False, None)

#: The legal actions of the phases other than the card play, by the phase's id (an enum
#: member's hash is a Python-level call; ``id`` is not).
DECISIONS: Final[dict[int, tuple[Action, ...]]] = {
    id(Phase.FOLD): (FOLD, KEEP),
    id(Phase.AUCTION): (TAKE, PASS),
    id(Phase.DOUBLING): (DOUBLE, NO_DOUBLE),
    id(Phase.FINISHED): (),
    id(Phase.VOID): (),
}

#: The seat to act of a record, for the public modules' hot paths (a call of ``itemgetter``
#: costs about as much as indexing).
turn_of: Final = itemgetter(TURN)


def initial(deal: Deal) -> Record:
    """The first record of a deal: a tarockless hand may fold first (R7), else Elder speaks (R8)."""
    phase = Phase.AUCTION
    turn = deal.elder
    if deal.data.fold_without_tarock:
        if not deal.hands[deal.elder] & TAROCKS:
            phase = Phase.FOLD
        elif not deal.hands[deal.dealer] & TAROCKS:
            phase = Phase.FOLD
            turn = deal.dealer
    h0, h1 = deal.hands
    return (deal, phase, turn, h0, h1, 0, 0, 0, 0, -1, 0, 0, NO_AUCTION, None, None, None, DECISIONS[id(phase)], 0)


def assemble(
    deal: Deal,
    *,
    phase: Phase,
    turn: int,
    hands: tuple[int, int],
    tops: tuple[int, int],
    won: tuple[int, int],
    lead: int,
    ntr: int,
    tricks: Any,
    events: Any,
    hist: Any,
    calls: int,
    auc: tuple[int, bool, VoidReason | None],
) -> Record:
    """A record from its parts, without replaying (positions, samples and documents); the caller
    vouches that the parts are those the rules would produce."""
    legal: tuple[Action, ...]
    if phase is Phase.PLAY:
        lmask, legal = legal_plays(deal, turn, hands[turn], tops[turn], lead, ntr, calls)
    else:
        lmask, legal = 0, DECISIONS[id(phase)]
    return (deal, phase, turn, hands[0], hands[1], tops[0], tops[1], won[0], won[1], lead, ntr, calls, auc, hist, tricks, events, legal, lmask)


def walk(cons: Any) -> list[Any]:
    """The items of a cons list ``(((None, a), b), c)`` in order: ``[a, b, c]``."""
    out: list[Any] = []
    node = cons
    while node is not None:
        node, item = node
        out.append(item)
    out.reverse()
    return out


def cons(items: list[Any] | tuple[Any, ...]) -> Any:
    """The cons list of some items, the last outermost."""
    node: Any = None
    for item in items:
        node = (node, item)
    return node


# --- what the public modules read -----------------------------------------------------------


def deal(c: Record) -> Deal:
    """The deal of a record."""
    d: Deal = c[DEAL]
    return d


def phase(c: Record) -> Phase:
    """The phase of a record."""
    p: Phase = c[PHASE]
    return p


def turn(c: Record) -> int:
    """The seat to act, -1 when nobody is."""
    t: int = c[TURN]
    return t


def seat(c: Record, p: int) -> tuple[int, int, int]:
    """Seat ``p``'s hand, face-up Strohmann tops and won cards, as masks."""
    return (c[H0], c[T0], c[W0]) if p == 0 else (c[H1], c[T1], c[W1])


def gone(c: Record) -> int:
    """The cards that are no longer face down: in a hand, face up, won or led."""
    up: int = c[H0] | c[H1] | c[T0] | c[T1] | c[W0] | c[W1]
    if c[LEAD] >= 0:
        up |= 1 << (c[LEAD] & 63)
    return up


def auction(c: Record) -> tuple[int, bool, VoidReason | None]:
    """The undertaker (-1: none), whether doubled, and the void reason."""
    result: tuple[int, bool, VoidReason | None] = c[AUC]
    return result


def trick_count(c: Record) -> int:
    """The number of completed tricks."""
    n: int = c[NTR]
    return n


def hist_of(c: Record) -> Any:
    """The decisions before the card play, a cons list."""
    return c[HIST]


def tricks_of(c: Record) -> Any:
    """The packed completed tricks, a cons list (the last outermost)."""
    return c[TRICKS]


def lead_of(c: Record) -> int:
    """The packed lead of the open trick, or -1."""
    lead: int = c[LEAD]
    return lead


def calls_of(c: Record) -> int:
    """The packed calls field (R17, R18)."""
    calls: int = c[CALLS]
    return calls


def multiplier_of(c: Record) -> int:
    """The stakes of the deal of ``c`` (R26)."""
    deal: Deal = c[DEAL]
    return deal.multiplier


def restamped(c: Record, multiplier: int) -> Record:
    """The record ``c`` with its deal at the stakes ``multiplier`` (R26)."""
    deal: Deal = c[DEAL]
    return (deal.stamped(multiplier), *c[1:])


def key(c: Record) -> tuple[object, ...]:
    """What makes two records the same moment of the same deal: the deal, and the history as
    the record holds it (decisions, packed tricks and the lead)."""
    return (c[DEAL].key(), c[HIST], c[TRICKS], c[LEAD])


def pile(c: Record, p: int, k: int) -> tuple[int, int]:
    """Strohmann ``k`` of seat ``p`` now: its face-up top (-1: none) and how many cards lie face
    down (all of them before the uncovering, R11, and in a void deal)."""
    d = c[DEAL]
    cards = d.piles[3 * p + k]
    if c[PHASE] in _UNCOVERED_NOT or c[AUC][VOID_REASON] is not None:
        return -1, len(cards)
    up = gone(c)
    tops = c[T0] if p == 0 else c[T1]
    top = -1
    down = 0
    for card in cards:
        if tops >> card & 1:
            top = card
        elif not up >> card & 1:
            down += 1
    return top, down


#: The phases before the uncovering (R11).
_UNCOVERED_NOT: Final = (Phase.FOLD, Phase.AUCTION, Phase.DOUBLING)
