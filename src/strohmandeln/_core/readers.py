"""The checked readers of the items of documents: cards, actions, rule sets, stakes, tricks,
Strohmann turns and Strohmänner, and the lists of them in a view's document.

Each reader takes any value (a document is untrusted input) and gives the item, or refuses it
with a :class:`~strohmandeln.SerializationError` naming its path and the reason. The list
readers (``read_history``, ``read_tricks``, ``read_events``, ``read_strohmaenner``,
``read_mask``) read an item of the canonical spelling and shape — what the writers write — by
table, without building its path, and hand every other item to the item's reader, which refuses
it or reads it the same way (so they give what the item readers give, and refuse alike). The
view loaders (:mod:`._core.documents`, :mod:`._core.trusted`) read with them.
"""

from __future__ import annotations

from typing import Any, Final

from .._base import checked
from ..actions import INTERNED, Action, Announcement, Play, parse_action
from ..cards import Card
from ..errors import NotationError, SerializationError, StrohmandelnError
from ..presets import rules_from_dict
from .declared import EVENT, STROHMANN, TRICK
from .formats import (
    E_CARD,
    E_HIDDEN,
    E_STROHMANN,
    E_TO_HAND,
    E_TRICK,
    HIDDEN_CARD,
    I_ANN,
    I_CALL,
    I_STROHMANN,
    T_FOLLOWED,
    T_FOLLOWED_INFO,
    T_FOLLOWED_UP,
    T_LED,
    T_LED_INFO,
    T_LED_UP,
    T_WINNER,
)
from .words import ACTION_OF_WORD, CARD_OF_WORD, INDEX_OF_WORD


def read_card(x: object, path: str) -> Card:
    """A card in notation (its canonical spelling looked up, any other parsed)."""
    if type(x) is str:
        known = CARD_OF_WORD.get(x)
        if known is not None:
            return known
    value = checked.text(x, path)
    try:
        return Card.parse(value)
    except NotationError as error:
        raise checked.fail(path, error.message, error.reason) from None


def read_cards(x: object, path: str, limit: int = 54) -> list[Card]:
    """A list of cards in notation."""
    return [read_card(c, f"{path}[{i}]") for i, c in enumerate(checked.items(x, path, limit))]


def read_action(x: object, path: str) -> Action:
    """An action in notation (its canonical spelling looked up, any other parsed)."""
    if type(x) is str:
        known = ACTION_OF_WORD.get(x)
        if known is not None:
            return known
    value = checked.text(x, path)
    try:
        return parse_action(value)
    except NotationError as error:
        raise checked.fail(path, error.message, error.reason) from None


def read_actions(x: object, path: str) -> tuple[Action, ...]:
    """A list of actions in notation (a view's legal actions)."""
    known = ACTION_OF_WORD
    out: list[Action] = []
    for i, a in enumerate(checked.items(x, path)):
        got = known.get(a) if type(a) is str else None
        out.append(read_action(a, f"{path}[{i}]") if got is None else got)
    return tuple(out)


def read_announcements(x: object) -> int:
    """The announcement bits of calls (R17) of a view's ``announcements``: each seat's list of
    announcements, at most two."""
    if type(x) is list and len(x) == 2:
        a, b = x
        if type(a) is list and type(b) is list and not a and not b:  # (the most views: none)
            return 0
    calls = 0
    for seat, names in enumerate(checked.items(x, "announcements", 2)):
        for i, name in enumerate(checked.items(names, f"announcements[{seat}]", 2)):
            ann = checked.member(Announcement, name, f"announcements[{seat}][{i}]")
            calls |= (1 if ann is Announcement.TRULL else 2) << (2 * seat)
    return calls


def stakes(x: object, path: str) -> int:
    """A deal's stakes in a document: a whole number from 1 (R26)."""
    return checked.integer(x, path, 1, checked.MAX_MULTIPLIER)


def read_rules(data: object, path: str) -> Any:
    """A document's rule set (a preset's pinned name or a full description)."""
    try:
        return rules_from_dict(data, path)
    except SerializationError:
        raise
    except StrohmandelnError as error:  # pragma: no cover - rules_from_dict says SerializationError
        raise checked.fail(path, error.message, error.reason) from None


def play_card(play: Action, path: str) -> int:
    """The card of a document's play."""
    if not isinstance(play, Play):
        raise checked.fail(path, "expected a play of a card")
    return play.card.index


def play_info(play: Action, from_strohmann: bool, path: str) -> int:
    """The packed info of a document's play: where it came from, its announcements and its call
    (a call no play can carry, such as Ross with another card than XVII, is refused)."""
    if not isinstance(play, Play):
        raise checked.fail(path, "expected a play of a card")
    bits = (Announcement.TRULL in play.announcements) | (Announcement.FOUR_KINGS in play.announcements) << 1
    code = 0 if play.call is None else 1 if play.call.value == "ross" else 2
    if INTERNED[play.card.index][bits][code] is not play:
        raise checked.fail(path, f"no play carries {play.call.value if play.call else 'that'} with {play.card} (R18)")
    return int(from_strohmann) * I_STROHMANN | bits << I_ANN | code << I_CALL


def read_trick(t: object, p: str) -> int:
    o = checked.obj(t, p, *TRICK.keys())
    plays = checked.items(o["plays"], f"{p}.plays", 2)
    flags = checked.items(o["from_strohmann"], f"{p}.from_strohmann", 2)
    if len(plays) != 2 or len(flags) != 2:
        raise checked.fail(p, "a trick has two plays")
    a, b = (read_action(x, f"{p}.plays[{k}]") for k, x in enumerate(plays))
    fa, fb = (checked.boolean(x, f"{p}.from_strohmann[{k}]") for k, x in enumerate(flags))
    return (
        checked.seat(o["leader"], f"{p}.leader")
        | play_card(a, f"{p}.plays[0]") << T_LED
        | play_card(b, f"{p}.plays[1]") << T_FOLLOWED
        | checked.seat(o["winner"], f"{p}.winner") << T_WINNER
        | play_info(a, fa, f"{p}.plays[0]") << T_LED_INFO
        | play_info(b, fb, f"{p}.plays[1]") << T_FOLLOWED_INFO
    )


def read_event(e: object, p: str, trick_count: int) -> int:
    o = checked.obj(e, p, *EVENT.keys())
    card = HIDDEN_CARD if o["card"] is None else read_card(o["card"], f"{p}.card").index
    return (
        checked.seat(o["player"], f"{p}.player")
        | checked.integer(o["strohmann"], f"{p}.strohmann", 0, 2) << E_STROHMANN
        | card << E_CARD
        | checked.boolean(o["to_hand"], f"{p}.to_hand") * E_TO_HAND
        | checked.boolean(o["hidden"], f"{p}.hidden") * E_HIDDEN
        | checked.integer(o["after_trick"], f"{p}.after_trick", 0, trick_count) << E_TRICK
    )


def read_piles(data: object, card_count: int) -> tuple[tuple[int, int], ...]:
    out: list[tuple[int, int]] = []
    for x, seat_piles in enumerate(checked.items(data, "strohmaenner", 2)):
        for k, pile in enumerate(checked.items(seat_piles, f"strohmaenner[{x}]", 3)):
            p = f"strohmaenner[{x}][{k}]"
            o = checked.obj(pile, p, *STROHMANN.keys())
            top = -1 if o["face_up"] is None else read_card(o["face_up"], f"{p}.face_up").index
            out.append((top, checked.integer(o["face_down"], f"{p}.face_down", 0, card_count)))
    if len(out) != 6:
        raise checked.fail("strohmaenner", "each seat has three Strohmänner")
    return tuple(out)


#: The fields of a trick, a Strohmann turn and a Strohmann of a view's document, in the order
#: the writer gives them (the fast paths read their values in that order).
_TRICK_ORDER: Final[tuple[str, ...]] = tuple(TRICK.keys()[0])
_EVENT_ORDER: Final[tuple[str, ...]] = tuple(EVENT.keys()[0])
_PILE_ORDER: Final[tuple[str, ...]] = tuple(STROHMANN.keys()[0])
#: The packed card and play info (less its from-Strohmann bit) of each play's notation.
_PLAYS: Final[dict[str, tuple[int, int]]] = {
    word: (action.card.index, play_info(action, False, word)) for word, action in ACTION_OF_WORD.items() if type(action) is Play
}


#: Each play's notation as the led and as the followed card of a packed trick (its card and
#: play info in place, less the from-Strohmann bit).
_LED: Final[dict[str, int]] = {word: card << T_LED | info << T_LED_INFO for word, (card, info) in _PLAYS.items()}
_FOLLOWED: Final[dict[str, int]] = {word: card << T_FOLLOWED | info << T_FOLLOWED_INFO for word, (card, info) in _PLAYS.items()}


def read_history(raw: list[Any]) -> tuple[list[int], list[Action], bool]:
    """The seats and actions of a view's history, and whether every item was of plain types in
    the canonical spelling (so that ``==`` with a written history tells it apart exactly)."""
    exact = True
    seats: list[int] = []
    actions: list[Action] = []
    known = ACTION_OF_WORD
    for i, item in enumerate(raw):
        if type(item) is list and len(item) == 2:
            seat, word = item
            if type(seat) is int and 0 <= seat <= 1 and type(word) is str:
                action = known.get(word)
                if action is not None:
                    seats.append(seat)
                    actions.append(action)
                    continue
        exact = False
        pair = checked.items(item, f"history[{i}]", 2)
        if len(pair) != 2:
            raise checked.fail(f"history[{i}]", "expected [seat, action]")
        seats.append(checked.seat(pair[0], f"history[{i}][0]"))
        actions.append(read_action(pair[1], f"history[{i}][1]"))
    return seats, actions, exact


def read_tricks(raw: list[Any]) -> tuple[list[int], bool]:
    """The packed tricks of a view's document, and whether every item was plain and canonical."""
    exact = True
    out: list[int] = []
    led_of, followed_of = _LED, _FOLLOWED
    order = _TRICK_ORDER
    for i, t in enumerate(raw):
        if type(t) is dict and len(t) == 4:
            k1, k2, k3, k4 = t  # (the keys' kinds first: no key's own == or hash() is called)
            if type(k1) is not str or type(k2) is not str or type(k3) is not str or type(k4) is not str or (k1, k2, k3, k4) != order:
                exact = False  # (the fields in another order, or another kind of key: read and refused one by one)
                out.append(read_trick(t, f"tricks[{i}]"))
                continue
            leader, p, f, winner = t.values()
            if (
                type(p) is list
                and len(p) == 2
                and type(f) is list
                and len(f) == 2
                and type(leader) is int
                and 0 <= leader <= 1
                and type(winner) is int
                and 0 <= winner <= 1
            ):
                led, followed = p
                led_up, followed_up = f
                a = led_of.get(led, -1) if type(led) is str else -1
                b = followed_of.get(followed, -1) if type(followed) is str else -1
                if a >= 0 and b >= 0 and type(led_up) is bool and type(followed_up) is bool:
                    out.append(leader | a | b | winner << T_WINNER | led_up * T_LED_UP | followed_up * T_FOLLOWED_UP)
                    continue
        exact = False
        out.append(read_trick(t, f"tricks[{i}]"))
    return out, exact


def read_events(raw: list[Any], trick_count: int) -> tuple[list[int], bool]:
    """The packed events of a view's document, and whether every item was plain and canonical."""
    exact = True
    out: list[int] = []
    known = INDEX_OF_WORD
    order = _EVENT_ORDER
    for i, e in enumerate(raw):
        if type(e) is dict and len(e) == 6:
            k1, k2, k3, k4, k5, k6 = e  # (the keys' kinds first, as for a trick)
            if (
                type(k1) is not str
                or type(k2) is not str
                or type(k3) is not str
                or type(k4) is not str
                or type(k5) is not str
                or type(k6) is not str
                or (k1, k2, k3, k4, k5, k6) != order
            ):
                exact = False
                out.append(read_event(e, f"events[{i}]", trick_count))
                continue
            player, k, word, to_hand, hidden, after = e.values()
            card = HIDDEN_CARD if word is None else known.get(word, -1) if type(word) is str else -1
            if (
                card >= 0
                and type(player) is int
                and 0 <= player <= 1
                and type(k) is int
                and 0 <= k <= 2
                and type(to_hand) is bool
                and type(hidden) is bool
                and type(after) is int
                and 0 <= after <= trick_count
            ):
                out.append(player | k << E_STROHMANN | card << E_CARD | to_hand * E_TO_HAND | hidden * E_HIDDEN | after << E_TRICK)
                continue
        exact = False
        out.append(read_event(e, f"events[{i}]", trick_count))
    return out, exact


def read_strohmaenner(raw: object, card_count: int) -> tuple[tuple[int, int], ...]:
    """Per Strohmann (seat * 3 + k): its face-up card or -1 and its face-down count."""
    out: list[tuple[int, int]] = []
    known = INDEX_OF_WORD
    if type(raw) is list and len(raw) == 2:
        for piles in raw:
            if type(piles) is not list or len(piles) != 3:
                break
            for pile in piles:
                if type(pile) is not dict or len(pile) != 2:
                    break
                k1, k2 = pile  # (the keys' kinds first, as for a trick)
                if type(k1) is not str or type(k2) is not str or (k1, k2) != _PILE_ORDER:
                    break
                top, down = pile.values()
                card = -1 if top is None else known.get(top, -2) if type(top) is str else -2
                if card < -1 or type(down) is not int or not 0 <= down <= card_count:
                    break
                out.append((card, down))
    if len(out) == 6:
        return tuple(out)
    return read_piles(raw, card_count)


def read_mask(x: object, path: str, limit: int) -> int:
    """The mask of a list of cards in notation (by table, for a plain list of canonical words)."""
    if type(x) is list and len(x) <= limit:
        mask = 0
        known = INDEX_OF_WORD
        for word in x:
            index = known.get(word, -1) if type(word) is str else -1
            if index < 0:
                break
            mask |= 1 << index
        else:
            return mask
    mask = 0
    for card in read_cards(x, path, limit):
        mask |= 1 << card.index
    return mask
