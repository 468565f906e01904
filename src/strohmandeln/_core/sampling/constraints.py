"""What a view's public history says about the hidden cards: one pass, for every model.

:func:`read` reads the public history of a :class:`~strohmandeln._core.seen.Seen` — its played
tricks (a position's set-up tricks say nothing), the open trick's lead, the events the viewer
could not see, a position's set-up announcements and the fold decisions — and gives, per seat,
the facts every model of the sampler works from (:class:`SeatFacts`), for a player's view and a
spectator's, of a dealt deal and of a position alike:

* the cards he played *from the hand* (not from a Strohmann's face-up top, R13) and when;
* the classes he showed void in (R14) and when: a follower who played another class than the
  led one had none of it, and one who played a suit on a suit had no tarock either;
* the cards his announcements prove he held (R17) and when: the cards of Trull or Four Kings
  were in his hand at the play that made it (a position's set-up announcements, by the set-up);
* his last Strohmann cards taken up unseen (R12), and after which trick;
* R7: whether he was asked to fold (no tarock in his dealt hand) or would have been asked but
  was not (at least one);
* for a position, what its set-up says of his set-up hand (:mod:`strohmandeln._core.possible`):
  the cards R14 on its set-up tricks given card by card rules out, and before its first trick
  the tarocks and Kings it holds at least (R11, R12). These need the Strohmänner as set up, so
  the model of a position's view (:mod:`.position`) adds them once :func:`.places.set_up` has
  worked those out.

The *time* of a fact is a trick number: 1 for the first trick of the deal, the open trick's
number for its lead; an unseen last card taken up "after trick ``n``" was in the hand from trick
``n + 1`` on. :func:`fits` turns a seat's facts into the cards that may lie in each kind of
free place of his; the player's model (:mod:`~strohmandeln._core.sampling.exact`) and the
spectator's (:mod:`~strohmandeln._core.sampling.spectator`) both take their masks from there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..._base.masks import BIT, CARDS, TAKE_UP, TAROCKS
from ...actions import Fold, Keep
from ...errors import Reason, StateError
from ...table import Phase
from ..formats import (
    CARD,
    CARD_BITS,
    E_CARD_FIELD,
    E_PILE,
    E_TRICK,
    I_ANN,
    I_STROHMANN,
    INFO_MASK,
    L_INFO,
    L_STROHMANN,
    T_FOLLOWED,
    T_FOLLOWED_INFO,
    T_LED,
    T_LED_INFO,
    announced,
    pile_of_event,
)
from ..duty import CLASS_UNION, lacked_classes
from ..record import walk
from ..seen import Seen
from ..setup import ANN_CARDS

#: Every card of the full pack.
ALL_CARDS: Final = (1 << CARDS) - 1
#: R7's facts about a dealt hand: nothing known, asked (no tarock), not asked where the rules
#: would have asked (at least one tarock).
FOLD_UNKNOWN: Final = 0
FOLD_NONE: Final = 1
FOLD_SOME: Final = 2
#: A packed trick's bits that say its led card, or its followed card, came from a Strohmann.
_LED_FROM_PILE: Final = I_STROHMANN << T_LED_INFO
_FOLLOWED_FROM_PILE: Final = I_STROHMANN << T_FOLLOWED_INFO
#: A packed trick's announcement bits (R17), of each card.
_LED_ANN: Final = 3 << (T_LED_INFO + I_ANN)
_FOLLOWED_ANN: Final = 3 << (T_FOLLOWED_INFO + I_ANN)
#: A packed trick's bits that say its led (followed) card is more than a bare card from the hand.
_LED_NOT_BARE: Final = _LED_FROM_PILE | _LED_ANN
_FOLLOWED_NOT_BARE: Final = _FOLLOWED_FROM_PILE | _FOLLOWED_ANN
#: A packed trick's two cards, from :data:`~.formats.T_LED` on: ``led | followed << 6``.
_PAIR: Final = (1 << 2 * CARD_BITS) - 1
assert T_FOLLOWED == T_LED + CARD_BITS
#: ``LACKED[led | followed << 6]``: the classes (bits of :data:`~.duty.CLASS_UNION`) the follower
#: of a trick showed he lacked (R14's inverse, :func:`~.duty.lacked_classes`): the led class if
#: he played another one, and the tarocks too if he played a suit on a suit.
LACKED: Final = tuple(
    0 if led >= CARDS or followed >= CARDS else lacked_classes(led, followed) for followed in range(64) for led in range(64)
)
#: A packed event's Strohmann (seat * 3 + k) by its :data:`~.formats.E_PILE` bits (6: none).
PILE_OF_BITS: Final = tuple(pile_of_event(b) for b in range(E_PILE + 1))
#: A lead's bits that say more than its card: from a Strohmann, announcements, a call.
_LEAD_RARE: Final = INFO_MASK << L_INFO


def inconsistent(why: str) -> StateError:
    """The error of a view that no deal produces."""
    return StateError(Reason.MALFORMED_DOCUMENT, f"no deal is consistent with this view: {why}")


#: ``SeatFacts.later`` before any trick is read.
_NONE_LATER: Final = (0,)


class SeatFacts:
    """What the public history says about one seat's hidden cards (module docstring)."""

    __slots__ = ("played", "ntr", "later", "voids", "announced", "ann_bits", "takes", "fold", "setup_void", "need")

    def __init__(self) -> None:
        #: the cards he played from the hand
        self.played = 0
        #: the completed tricks (set-up tricks included)
        self.ntr = 0
        #: ``later[i]``: the cards he played from the hand after trick ``ntr - i`` (``later[0]``:
        #: in the open trick): he played ``played & ~later[ntr - n]`` by trick ``n``
        self.later: Sequence[int] = _NONE_LATER
        #: (trick, classes as bits of :data:`CLASS_UNION`): each trick in which he showed he
        #: lacked some classes (R14), in order
        self.voids: Sequence[tuple[int, int]] = ()
        #: (trick, cards): the cards each of his announcements proves were in his hand (R17)
        self.announced: list[tuple[int, int]] = []
        #: the announcement bits of his plays in the history
        self.ann_bits = 0
        #: the tricks after which he took up each of his last cards that the viewer did not
        #: see (R12), in event order
        self.takes: list[int] = []
        #: R7 for his dealt hand: :data:`FOLD_UNKNOWN`, :data:`FOLD_NONE` or :data:`FOLD_SOME`
        self.fold = FOLD_UNKNOWN
        #: a position's: the cards his set-up hand cannot hold (R14 on its set-up tricks given
        #: card by card, :func:`~strohmandeln._core.possible.set_up_voids`)
        self.setup_void = 0
        #: a position's before the first trick: the tarocks and Kings his set-up hand holds at
        #: least (R11, R12, :func:`~strohmandeln._core.possible.uncovered_need`)
        self.need = 0


class Facts:
    """What a view's public history says about the hidden cards of both seats."""

    __slots__ = ("seats", "unseen", "setup_ann", "from_pile")

    def __init__(self, seats: tuple[SeatFacts, SeatFacts]) -> None:
        #: the facts of each seat (those of a seat not read are empty)
        self.seats = seats
        #: (seat, Strohmann, trick after which it was taken up) of each last card taken up
        #: unseen by the viewer (R12), in event order
        self.unseen: list[tuple[int, int, int]] = []
        #: a position's set-up announcements, per seat (announcement bits, R17)
        self.setup_ann = [0, 0]
        #: a position's plays from a Strohmann: ``from_pile[trick << 1 | seat]`` is the card
        #: (empty for a dealt view, which does not need them)
        self.from_pile: dict[int, int] = {}


def read(s: Seen, seats: tuple[int, ...] = (0, 1)) -> Facts:
    """The facts of the view's public history (module docstring) about the hidden cards of
    ``seats`` (the others' :class:`SeatFacts` stay empty: a player's model of a dealt view reads
    only the opponent's)."""
    if len(seats) == 2:
        facts = Facts((SeatFacts(), SeatFacts()))
    else:
        facts = Facts((SeatFacts(), _UNREAD) if seats[0] == 0 else (_UNREAD, SeatFacts()))
    for seat in seats:
        _read_seat(s, seat, facts)
    for e in s.evs:  # (the events before the first masked one hide nothing from the viewer)
        if e & E_CARD_FIELD == E_CARD_FIELD:  # (its card is HIDDEN_CARD: all ones)
            facts.unseen.append((e & 1, PILE_OF_BITS[e & E_PILE], e >> E_TRICK))
            if e & 1 in seats:
                facts.seats[e & 1].takes.append(e >> E_TRICK)
    return facts


#: The facts of a seat not read (never changed).
_UNREAD: Final = SeatFacts()


def _read_seat(s: Seen, seat: int, facts: Facts) -> None:
    """The facts of ``seat``: from the open trick's lead and the played tricks, walked from the
    last one back (a cons list; a position's set-up tricks say nothing), a position's set-up
    announcements and the fold decisions."""
    f = facts.seats[seat]
    played = 0
    back: list[tuple[int, int, int]] = []  # (tricks after it, its card, its packed play info)
    lead = s.lead
    if lead >= 0:  # the open trick's lead, by the seat who does not follow now
        if s.turn != 0 and s.turn != 1:
            raise inconsistent("a card led with nobody to follow")
        if s.turn != seat:
            if not lead & L_STROHMANN:
                played = BIT[lead & CARD]
            if lead & _LEAD_RARE:
                back.append((-1, lead & CARD, lead >> L_INFO & INFO_MASK))
    # (plays from a Strohmann matter for a position's set-up; announcements are rare)
    led_rare = _LED_ANN if s.dealt else _LED_NOT_BARE
    followed_rare = _FOLLOWED_ANN if s.dealt else _FOLLOWED_NOT_BARE
    later = f.later = [played]
    voids: list[tuple[int, int]] = []  # (tricks after it, classes), the last first
    node = s.tricks
    left = s.ntr - s.setup
    while node is not None and left:
        left -= 1
        node, t = node
        if t & 1 == seat:  # he led
            if not t & _LED_NOT_BARE:
                played |= BIT[t >> T_LED & CARD]
            else:
                if not t & _LED_FROM_PILE:
                    played |= BIT[t >> T_LED & CARD]
                if t & led_rare:
                    back.append((len(later) - 1, t >> T_LED & CARD, t >> T_LED_INFO & INFO_MASK))
        else:
            lacked = LACKED[t >> T_LED & _PAIR]
            if lacked:  # R14: he could not follow, nor trump if he played a suit
                voids.append((len(later) - 1, lacked))
            if not t & _FOLLOWED_NOT_BARE:
                played |= BIT[t >> T_FOLLOWED & CARD]
            else:
                if not t & _FOLLOWED_FROM_PILE:
                    played |= BIT[t >> T_FOLLOWED & CARD]
                if t & followed_rare:
                    back.append((len(later) - 1, t >> T_FOLLOWED & CARD, t >> T_FOLLOWED_INFO & INFO_MASK))
        later.append(played)
    ntr = f.ntr = s.setup + len(later) - 1
    f.played = played
    if voids:
        f.voids = [(ntr - b, classes) for b, classes in reversed(voids)]
    for b, card, info in back:
        _rare(f, seat, card, info, ntr - b, facts)
    if not s.dealt:  # a position: its set-up announcements (R17), and no auction (R7)
        bits = announced(s.calls, seat) & ~f.ann_bits
        if bits:  # (the cards were in his hand by the set-up)
            f.announced.append((s.setup, ANN_CARDS[bits]))
            facts.setup_ann[seat] = bits
    elif s.data.fold_without_tarock:  # (nobody asked: the rules found a tarock in each hand)
        f.fold = FOLD_SOME if s.asked < 0 and s.phase is not Phase.FOLD else fold_fact(s, seat)


def _rare(f: SeatFacts, seat: int, card: int, info: int, n: int, facts: Facts) -> None:
    """What a play of ``seat``'s in trick ``n`` says besides its card: its announcements (R17),
    and for a position the card he played from a Strohmann."""
    if info & I_STROHMANN:
        facts.from_pile[n << 1 | seat] = card
    ann = info >> I_ANN & 3
    if ann:
        f.announced.append((n, ANN_CARDS[ann]))
        f.ann_bits |= ann


def fold_fact(s: Seen, seat: int) -> int:
    """R7 for ``seat``'s dealt hand: :data:`FOLD_NONE` if he was asked whether to fold (he has
    no tarock), :data:`FOLD_SOME` if the rules would have asked him but did not (at least one),
    else :data:`FOLD_UNKNOWN`. Elder is checked first; the dealer only after Elder keeps."""
    if s.phase is Phase.FOLD and s.turn == seat:
        return FOLD_NONE
    first = s.asked  # the seat first asked, or -1
    if first == seat:
        return FOLD_NONE  # he has decided, or decides now
    if first < 0 or seat == 1 - s.dealer:
        return FOLD_SOME  # nobody asked, or Elder (always checked first) not asked
    # The dealer, after Elder was asked: asked too if there is a second decision; checked (and
    # so holding a tarock) if Elder kept and he was not asked.
    decisions = walk(s.hist)[:2]
    if len(decisions) == 2 and isinstance(decisions[1], (Fold, Keep)):
        return FOLD_NONE
    if decisions and isinstance(decisions[0], Keep):
        return FOLD_SOME
    return FOLD_UNKNOWN


# --- where each free card may lie, from the facts ---------------------------------------------


def minimum(f: SeatFacts) -> tuple[int, int]:
    """How many cards of which the seat's first hand holds at least, as (count, card mask): one
    tarock where R7 would have asked him to fold and did not; for a position before its first
    trick, the tarocks and Kings its Strohmänner lost (R11, R12: :attr:`SeatFacts.need`)."""
    if f.fold == FOLD_SOME:
        return 1, TAROCKS
    return f.need, TAKE_UP


def fits(f: SeatFacts, free: int) -> tuple[int, list[int], int]:
    """Where the seat's hidden cards may lie among the ``free`` cards, from his facts: those his
    first hand (dealt, or a position's set-up hand) may have held, those each of his last cards
    taken up unseen (in event order) may be, and those his hand held at some moment — played
    from it or announced (R17: none of them lies face down).

    His first hand: of a class he showed void in (R14), only the cards he played from the hand
    by the first trick that showed it; no tarock if he was asked whether to fold (R7); for a
    position, none of the cards its set-up tricks rule out (:attr:`SeatFacts.setup_void`). A last
    card taken up after trick ``take``: not one he played or announced by then (it was in the
    hand before); of a class he showed void in later, only one he played from the hand by the
    first trick that showed it (R12, R14, R17)."""
    played = f.played
    later = f.later
    ntr = f.ntr
    held = played
    for _, cards in f.announced:
        held |= cards
    classes = 0
    early = 0
    for n, lacked in f.voids:
        new = lacked & ~classes
        if new:
            early |= played & ~later[ntr - n] & CLASS_UNION[new]  # (played by trick n)
            classes |= new
    hand = (free & ~CLASS_UNION[classes] | free & early) & ~f.setup_void
    if f.fold == FOLD_NONE:
        hand &= ~TAROCKS
    taken: list[int] = []
    for take in f.takes:
        i = ntr - take  # (played by trick ``take``: at most the completed tricks, at least none)
        gone = played & ~later[i if 0 <= i < len(later) else 0 if i < 0 else -1]
        for n, cards in f.announced:
            if n <= take:
                gone |= cards
        ok = held & ~gone
        classes = 0
        early = 0
        for n, lacked in f.voids:
            if n > take:
                new = lacked & ~classes
                if new:
                    early |= played & ~later[ntr - n] & ok & CLASS_UNION[new]
                    classes |= new
        taken.append(free & (((ALL_CARDS & ~held | ok) & ~CLASS_UNION[classes]) | early))
    return hand, taken, free & held
