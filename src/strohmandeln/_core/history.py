"""The packed history read back as the public values: plays, tricks, Strohmann turns, actions.

A record keeps its plays only inside its packed tricks and its lead (so a play adds no cell to a
history list); this module turns them, and the packed events, into
:class:`~strohmandeln.Play`, :class:`~strohmandeln.Trick`, :class:`~strohmandeln.StrohmannTurn`
and :class:`~strohmandeln.views.HiddenTurn` values.
"""

from __future__ import annotations

from typing import Any, Final

from ..actions import INTERNED, PLAIN, Action, Announcement, Play
from ..cards import DECK_54
from ..table import HiddenTurn, StrohmannTurn, Trick, made
from .formats import (
    CARD,
    E_HIDDEN,
    E_TO_HAND,
    HIDDEN_CARD,
    I_STROHMANN,
    T_VARIANTS,
    event_card,
    event_strohmann,
    event_trick,
    info_announcements,
    info_call,
    lead_info,
    trick_followed,
    trick_followed_info,
    trick_led,
    trick_led_info,
    trick_winner,
)
from .record import EVENTS, HIST, LEAD, NTR, TRICKS, Record, walk

#: The announcements of each pair of announcement bits (R17).
ANNOUNCEMENTS: Final[tuple[frozenset[Announcement], ...]] = (
    frozenset(),
    frozenset({Announcement.TRULL}),
    frozenset({Announcement.FOUR_KINGS}),
    frozenset({Announcement.TRULL, Announcement.FOUR_KINGS}),
)


def play_of(card: int, info: int) -> Play:
    """The play of a card with its packed info (announcements and call)."""
    play = INTERNED[card][info_announcements(info)][info_call(info)]
    assert play is not None  # (only legal plays are packed)
    return play


def lead_play(lead: int) -> Play:
    """The play of a packed lead."""
    return play_of(lead & CARD, lead_info(lead))


def trick_of(number: int, packed: int) -> Trick:
    """The public :class:`~strohmandeln.Trick` of a packed trick (``number`` 1 for the first)."""
    linfo = trick_led_info(packed)
    finfo = trick_followed_info(packed)
    return made(  # (the fields of a kernel's trick, past the public constructor's checks)
        Trick,
        number,
        packed & 1,
        (play_of(trick_led(packed), linfo), play_of(trick_followed(packed), finfo)),
        (bool(linfo & I_STROHMANN), bool(finfo & I_STROHMANN)),
        trick_winner(packed),
    )


def tricks_of(tricks: Any) -> tuple[Trick, ...]:
    """Every trick of a cons list of packed tricks, in order."""
    return tuple(trick_of(n + 1, packed) for n, packed in enumerate(walk(tricks)))


def event_of(packed: int) -> StrohmannTurn | HiddenTurn:
    """The public turn of a packed event (a :class:`HiddenTurn` where its card is hidden from the
    viewer)."""
    player = packed & 1
    strohmann = event_strohmann(packed)
    card = event_card(packed)
    if card == HIDDEN_CARD:
        return made(HiddenTurn, player, strohmann, event_trick(packed))
    return made(StrohmannTurn, player, strohmann, DECK_54[card], bool(packed & E_TO_HAND), bool(packed & E_HIDDEN), event_trick(packed))


def actions_of(hist: Any, tricks: Any, setup: int, lead: int) -> tuple[Action, ...]:
    """The history of actions: the decisions of the cons list ``hist``, then the two plays of
    each packed trick of ``tricks`` but the first ``setup`` (a position's set-up tricks), then the
    lead's play, if any."""
    out: list[Any] = walk(hist)
    t: int
    for t in walk(tricks)[setup:]:
        if t & T_VARIANTS:
            out += (
                play_of(trick_led(t), trick_led_info(t)),
                play_of(trick_followed(t), trick_followed_info(t)),
            )
        else:
            out += (PLAIN[trick_led(t)], PLAIN[trick_followed(t)])
    if lead >= 0:
        out.append(lead_play(lead))
    return tuple(out)


def ply_of(hist: Any, ntr: int, setup: int, lead: int) -> int:
    """The number of actions of :func:`actions_of` (the decisions, two plays a trick after the
    set-up, and the lead), counted without making them."""
    n = 2 * (ntr - setup) + (lead >= 0)
    node = hist
    while node is not None:
        node = node[0]
        n += 1
    return n


def ply_of_record(c: Record) -> int:
    """The number of actions applied since the deal (:func:`ply_of`)."""
    return ply_of(c[HIST], c[NTR], c[0].setup_tricks, c[LEAD])


def of_record(c: Record) -> tuple[Action, ...]:
    """Every action applied since the deal (a position's set-up tricks are not among them)."""
    return actions_of(c[HIST], c[TRICKS], c[0].setup_tricks, c[LEAD])


def tricks_of_record(c: Record) -> tuple[Trick, ...]:
    """The completed tricks of a record, in order."""
    return tricks_of(c[TRICKS])


def events_of(c: Record) -> tuple[StrohmannTurn, ...]:
    """Every card turned up from a Strohmann, in order (a record hides nothing)."""
    return tuple(event_of(e) for e in walk(c[EVENTS]))  # type: ignore[misc]
