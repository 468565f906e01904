"""The words of the documents: cards and actions as their notation, and back, by table.

A view's document is mostly notation — its history, tricks, hand and legal actions are lists of
card and action texts — and a server writes one for each seat after every move. The texts are
worked out here once, when the module is imported, for every card and every play that can be
packed (:data:`PLAY_WORDS`, by packed card and play info) and every interned action
(:func:`action_word`); the readers look the canonical texts up the other way
(:data:`CARD_OF_WORD`, :data:`ACTION_OF_WORD`) before they parse anything. Each table is the
notation's own (``str`` of the value, and the value ``parse`` reads from it), so a document
written or read through them is the one written or read without them (``tests/test_words.py``).

:func:`history_words`, :func:`trick_words`, :func:`event_words`, :func:`card_words` and
:func:`pile_words` are the fields of a view's document (:data:`._core.declared.VIEW`) written from
its packed parts directly, without the public values (:class:`~strohmandeln.Trick`,
:class:`~strohmandeln.StrohmannTurn` …) in between.
"""

from __future__ import annotations

from typing import Any, Final

from ..actions import DOUBLE, FOLD, INTERNED, KEEP, NO_DOUBLE, PASS, TAKE, Action
from ..cards import DECK_54, Card
from .formats import (
    CARD,
    E_CARD,
    E_HIDDEN,
    E_STROHMANN,
    E_TO_HAND,
    E_TRICK,
    HIDDEN_CARD,
    I_STROHMANN,
    INFO_MASK,
    L_INFO,
    T_FOLLOWED,
    T_FOLLOWED_INFO,
    T_LED,
    T_LED_INFO,
    T_WINNER,
)
from .record import DEAL, HIST, LEAD, TRICKS, Record, walk

#: The notation of each card, by index.
CARD_WORDS: Final[tuple[str, ...]] = tuple([str(card) for card in DECK_54])
#: The card of each card's notation (canonical spelling only: the readers parse any other).
CARD_OF_WORD: Final[dict[str, Card]] = {str(card): card for card in DECK_54}
#: The index of each card's notation (likewise).
INDEX_OF_WORD: Final[dict[str, int]] = {str(card): card.index for card in DECK_54}

#: The notation of each play that can be packed, by ``card << 4 | info >> 1`` (the play info
#: less its from-Strohmann bit: announcement bits and call code); ``""`` for no play.
def _play_word(i: int) -> str:
    card, bits, call = i >> 4, i & 3, i >> 2 & 3
    play = INTERNED[card][bits][call] if call < 3 else None
    return "" if play is None else str(play)


PLAY_WORDS: Final[tuple[str, ...]] = tuple([_play_word(i) for i in range(len(DECK_54) << 4)])

#: Every interned action (each play of :data:`~strohmandeln.actions.INTERNED`, each decision) by
#: its notation.
ACTION_OF_WORD: Final[dict[str, Action]] = {
    **{str(action): action for action in (FOLD, KEEP, TAKE, PASS, DOUBLE, NO_DOUBLE)},
    **{str(play): play for row in INTERNED for calls in row for play in calls if play is not None},
}
#: The notation of each interned action, by its ``id`` (with the action, to tell it from any
#: other object that has had the id since: the interned ones live as long as the module).
_WORD_OF_ID: Final[dict[int, tuple[Action, str]]] = {id(action): (action, word) for word, action in ACTION_OF_WORD.items()}


def action_word(action: Action) -> str:
    """The notation of an action (by table for an interned one: every action of a state)."""
    known = _WORD_OF_ID.get(id(action))
    if known is not None and known[0] is action:
        return known[1]
    return str(action)


def play_word(card: int, info: int) -> str:
    """The notation of the play of a packed card with its packed info."""
    return PLAY_WORDS[card << 4 | (info & INFO_MASK) >> 1]


#: The notation of the cards of each byte of a mask: ``BYTE_WORDS[k][b]`` for the cards
#: ``8 * k`` to ``8 * k + 7`` of the mask's byte ``b``.
BYTE_WORDS: Final[tuple[tuple[tuple[str, ...], ...], ...]] = tuple(
    [tuple([tuple([CARD_WORDS[8 * k + i] for i in range(8) if b >> i & 1 and 8 * k + i < len(CARD_WORDS)]) for b in range(256)]) for k in range(7)]
)


def card_words(mask: int) -> list[str]:
    """The notation of the cards of a mask, in canonical order (a byte of the mask at a time)."""
    words = BYTE_WORDS
    out: list[str] = []
    k = 0
    while mask:
        out.extend(words[k][mask & 255])
        mask >>= 8
        k += 1
    return out


#: The fields of the object of packed tricks, by trick (kept up to a bound): the leader, the
#: notation of the led and the followed play, whether each came from a Strohmann, the winner
#: (the object's fields, and the plays of a history or a state document's actions).
_TRICK_FIELDS: Final[dict[int, tuple[int, str, str, bool, bool, int]]] = {}


def trick_fields(t: int) -> tuple[int, str, str, bool, bool, int]:
    """The fields of the object of the packed trick ``t`` (see :data:`_TRICK_FIELDS`)."""
    if len(_TRICK_FIELDS) >= 4096:
        _TRICK_FIELDS.clear()
    led = t >> T_LED_INFO & INFO_MASK
    followed = t >> T_FOLLOWED_INFO & INFO_MASK
    got = _TRICK_FIELDS[t] = (
        t & 1,
        PLAY_WORDS[(t >> T_LED & CARD) << 4 | led >> 1],
        PLAY_WORDS[(t >> T_FOLLOWED & CARD) << 4 | followed >> 1],
        led & I_STROHMANN != 0,
        followed & I_STROHMANN != 0,
        t >> T_WINNER & 1,
    )
    return got


def history_words(decisions: list[Any], seats: list[int], tricks: Any, setup: int, lead: int, turn: int) -> list[list[Any]]:
    """A view's history as ``[seat, notation]`` pairs: the decisions (by the seats that took
    them, ``seats``), the plays of the packed tricks after the first ``setup`` (the leader's,
    then the follower's, R15) and the lead's, if any (the seat not to act)."""
    out: list[list[Any]] = [[seat, action_word(action)] for seat, action in zip(seats, decisions)]
    known = _TRICK_FIELDS
    for t in walk(tricks)[setup:]:
        got = known.get(t)
        leader, led, followed, _, _, _ = trick_fields(t) if got is None else got
        out += ([leader, led], [1 - leader, followed])
    if lead >= 0:
        out.append([1 - turn, PLAY_WORDS[(lead & CARD) << 4 | (lead >> L_INFO & INFO_MASK) >> 1]])
    return out


def action_words(c: Record) -> list[str]:
    """The notation of every action of a record since the deal, in order (a state document's
    ``actions``): its decisions, the two plays of each trick after the set-up, the lead."""
    out = [action_word(action) for action in walk(c[HIST])]
    known = _TRICK_FIELDS
    for t in walk(c[TRICKS])[c[DEAL].setup_tricks :]:
        got = known.get(t)
        _, led, followed, _, _, _ = trick_fields(t) if got is None else got
        out += (led, followed)
    lead = c[LEAD]
    if lead >= 0:
        out.append(PLAY_WORDS[(lead & CARD) << 4 | (lead >> L_INFO & INFO_MASK) >> 1])
    return out


# --- the objects of a view's document (the fields of :data:`._core.declared.TRICK`, ``EVENT``
# and ``STROHMANN``, in their order: ``tests/test_words.py`` holds them to the declared writers)


def trick_objects(tricks: Any) -> list[dict[str, Any]]:
    """The objects of a cons list of packed tricks, in order (new objects each time: the
    fields are kept, the objects and their lists are not)."""
    out: list[dict[str, Any]] = []
    kept = _TRICK_FIELDS
    for t in walk(tricks):
        got = kept.get(t)
        leader, led, followed, led_up, followed_up, winner = trick_fields(t) if got is None else got
        out.append({"leader": leader, "plays": [led, followed], "from_strohmann": [led_up, followed_up], "winner": winner})
    return out


#: The objects of packed events, by event (kept up to a bound, copied out: their fields are
#: scalars, so a copy shares nothing).
_EVENTS: Final[dict[int, dict[str, Any]]] = {}


def event_objects(events: tuple[int, ...]) -> list[dict[str, Any]]:
    """The objects of packed events, in order (a card hidden from the viewer is ``null``, and
    such a turn always went to the hand unseen, R12)."""
    out: list[dict[str, Any]] = []
    kept = _EVENTS
    for e in events:
        got = kept.get(e)
        if got is None:
            if len(kept) >= 4096:
                kept.clear()
            card = e >> E_CARD & CARD
            hidden = card == HIDDEN_CARD
            got = kept[e] = {
                "player": e & 1,
                "strohmann": e >> E_STROHMANN & 3,
                "card": None if hidden else CARD_WORDS[card],
                "to_hand": hidden or e & E_TO_HAND != 0,
                "hidden": hidden or e & E_HIDDEN != 0,
                "after_trick": e >> E_TRICK,
            }
        out.append(got.copy())
    return out


def pile_objects(piles: tuple[tuple[int, int], ...]) -> list[list[dict[str, Any]]]:
    """The objects of both seats' Strohmänner (per Strohmann ``seat * 3 + k``: its face-up card
    or -1 and its face-down count)."""
    out: list[list[dict[str, Any]]] = [[], []]
    for k in range(6):
        top, down = piles[k]
        out[k // 3].append({"face_up": None if top < 0 else CARD_WORDS[top], "face_down": down})
    return out
