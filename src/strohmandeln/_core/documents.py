"""The documents of states and views: a record or a view's projection to JSON types and back.

A *state* is stored as what determines it — the rule set, the dealer and the deck order (or the
position it was set up from) and its actions — and loading replays the actions through the rules,
so a loaded state is always one the rules reach. A *view* is stored with everything its viewer
knows; loading it draws a deal that the view's public history allows (with the sampler), replays
that deal through the rules and compares every field, so a loaded view is always one some deal
produces. :mod:`strohmandeln.serialization` describes the documents; the loaders here are safe
for untrusted input (see :mod:`._base.checked`; the readers of cards and actions are here).
"""

from __future__ import annotations

import random
from typing import Any, Final

from .._base import checked
from ..actions import INTERNED, Action, Announcement, Fold, Keep, Play, parse_action
from ..cards import Card
from ..errors import NotationError, Reason, SerializationError, StrohmandelnError, quoted, shown
from ..presets import rules_from_dict
from ..table import Phase, VoidReason
from .deal import Deal, checked_order
from .declared import CURRENT_TRICK, EVENT, POSITION, STATE, STROHMANN, TRICK, VIEW
from .engine import replayed
from .formats import (
    E_HIDDEN,
    E_CARD,
    E_STROHMANN,
    E_TO_HAND,
    E_TRICK,
    HIDDEN_CARD,
    I_ANN,
    I_CALL,
    I_STROHMANN,
    L_INFO,
    T_FOLLOWED,
    T_FOLLOWED_INFO,
    T_LED,
    T_LED_INFO,
    T_WINNER,
)
from .record import PHASE, Record, initial, restamped
from .record import cons as cons_of
from .sampling import model as models
from .seen import Seen, dealt_mask, project
from .setup import GivenTrick, build
from .words import ACTION_OF_WORD, CARD_OF_WORD

# --- cards and actions ------------------------------------------------------------------------
# (the checked readers of the value types above the base: :mod:`._base.checked` has the others)


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


class ActionsKind(checked.Kind):
    """The field kind of a deal's actions in a document: a list of actions in notation."""

    def problems(self, name: str, value: Any) -> Any:
        return iter(())

    def dump(self, value: Any) -> Any:
        return [str(a) for a in value]

    def load(self, x: object, path: str) -> Any:
        return [read_action(a, f"{path}[{i}]") for i, a in enumerate(checked.items(x, path))]


# --- states ---------------------------------------------------------------------------------


def state_document(c: Record) -> dict[str, Any]:
    """A state's document: rule set, dealer, deck order and actions — or, for a state set up as a
    position, the position instead of the deck order (the fields: :data:`.declared.STATE`)."""
    return STATE.write(c)


#: Why a loader refuses a position's document that claims a finished deal by its set-up alone.
_UNPROVEN: Final = (
    "a position with no card left to play claims a finished deal that no history proves: "
    "set up a moment before the last trick and send the plays that finish it"
)
#: Why a loader with ``dealt_only`` refuses a position's document.
_NOT_DEALT: Final = "a position (set up, not dealt from a deck order): refused with dealt_only"


def state_record(data: object, dealt_only: bool = False) -> Record:
    """The record of a state's document: its deck order dealt (or its position set up, unless
    ``dealt_only``) and its actions replayed through the rules."""
    d = checked.header(data, "state", *STATE.keys())
    rules = _rules(d["rules"], "rules")
    if "position" in d:
        if dealt_only:
            raise checked.fail("position", _NOT_DEALT, Reason.NOT_DEALT)
        if "order" in d or "dealer" in d:
            raise checked.fail("document", "give a position or a dealer and a deck order, not both")
        c = _position_record(d["position"], rules)
        if c[PHASE] is Phase.FINISHED:  # (nothing left to play: no history can prove the claim)
            raise checked.fail("position", _UNPROVEN, Reason.NOT_DEALT)
    else:
        if "order" not in d or "dealer" not in d:
            raise checked.fail("document", "missing field 'order' or 'dealer'")
        c = dealt_record(rules, checked.seat(d["dealer"], "dealer"), d["order"], "order")
    if "multiplier" in d:
        c = restamped(c, stakes(d["multiplier"], "multiplier"))
    return replay(c, d["actions"], "actions")


def stakes(x: object, path: str) -> int:
    """A deal's stakes in a document: a whole number from 1 (R26)."""
    return checked.integer(x, path, 1, checked.MAX_MULTIPLIER)


def _rules(data: object, path: str) -> Any:
    try:
        return rules_from_dict(data, path)
    except SerializationError:
        raise
    except StrohmandelnError as error:  # pragma: no cover - rules_from_dict says SerializationError
        raise checked.fail(path, error.message, error.reason) from None


def dealt_record(rules: Any, dealer: int, order: object, path: str) -> Record:
    """The first record of the deal of a document's deck order."""
    try:
        cards = checked_order(rules, read_cards(order, path, 64))
    except StrohmandelnError as error:
        raise checked.fail(path, error.message, error.reason) from None
    return initial(Deal.dealt(rules, tuple([card.index for card in cards]), dealer, cards))


def replay(c: Record, actions: object, path: str) -> Record:
    """The record after a document's actions, each checked by the rules."""
    s = replayed(c)  # (one state object through the actions: each applied as step applies it)
    known = ACTION_OF_WORD
    for i, raw in enumerate(checked.items(actions, path)):
        action = known.get(raw) if type(raw) is str else None
        if action is None:
            action = read_action(raw, f"{path}[{i}]")
        try:
            s = s.apply(action)
        except StrohmandelnError as error:
            raise checked.fail(f"{path}[{i}] {shown(raw, checked.MAX_TEXT)}", error.message, error.reason) from None
    return s._c


def _trick_card(x: object, path: str) -> Any:
    """A card of a set-up trick: its notation, or a play's with a Rostopschin call (R18)."""
    text = checked.text(x, path)
    if "!" not in text:
        return read_card(text, path)
    play = read_action(text, path)
    if not isinstance(play, Play) or play.announcements:
        raise checked.fail(path, f"expected a card or a card with a call, not {quoted(text)}")
    return play


def _position_record(data: object, rules: Any) -> Record:
    d = checked.obj(data, "position", *POSITION.keys())
    tricks: list[GivenTrick] = []
    for i, t in enumerate(checked.items(d.get("tricks", []), "position.tricks", 64)):
        p = f"position.tricks[{i}]"
        item = checked.items(t, p, 3)
        if len(item) != 3:
            raise checked.fail(p, "expected [leader, led card, followed card]")
        tricks.append((checked.seat(item[0], f"{p}[0]"), _trick_card(item[1], f"{p}[1]"), _trick_card(item[2], f"{p}[2]")))
    hands = checked.items(d["hands"], "position.hands", 2)
    won = checked.items(d["won"], "position.won", 2)
    piles_ = checked.items(d["strohmaenner"], "position.strohmaenner", 2)
    anns = checked.items(d["announcements"], "position.announcements", 2)
    if not len(hands) == len(won) == len(piles_) == len(anns) == 2:
        raise checked.fail("position", "give hands, won, strohmaenner and announcements for two seats")
    announcements = []
    for s in (0, 1):
        got = set()
        for i, a in enumerate(checked.items(anns[s], f"position.announcements[{s}]", 2)):
            got.add(checked.member(Announcement, a, f"position.announcements[{s}][{i}]"))
        announcements.append(frozenset(got))
    strohmaenner = []
    for s in (0, 1):
        seat_piles = [
            tuple(read_cards(pile, f"position.strohmaenner[{s}][{k}]", 8))
            for k, pile in enumerate(checked.items(piles_[s], f"position.strohmaenner[{s}]", 3))
        ]
        strohmaenner.append(tuple(seat_piles + [()] * (3 - len(seat_piles))))
    try:
        return build(
            rules,
            hands=(tuple(read_cards(hands[0], "position.hands[0]")), tuple(read_cards(hands[1], "position.hands[1]"))),
            strohmaenner=(strohmaenner[0], strohmaenner[1]),
            won=(tuple(read_cards(won[0], "position.won[0]")), tuple(read_cards(won[1], "position.won[1]"))),
            rest_to=None,
            tricks=tuple(tricks),
            leader=checked.seat(d["leader"], "position.leader"),
            dealer=checked.seat(d["dealer"], "position.dealer"),
            undertaker=checked.opt_seat(d["undertaker"], "position.undertaker"),
            doubled=checked.boolean(d["doubled"], "position.doubled"),
            announcements=(announcements[0], announcements[1]),
        )
    except StrohmandelnError as error:
        raise checked.fail("position", error.message, error.reason) from None


# --- views ----------------------------------------------------------------------------------

def view_document(s: Seen) -> dict[str, Any]:
    """A view's document: everything the viewer knows, hidden cards as ``null`` (the fields:
    :data:`.declared.VIEW`)."""
    return VIEW.write(s)


def view_seen(data: object, dealt_only: bool = False) -> Seen:
    """The projection of a view's document, checked: some deal (or position, unless
    ``dealt_only``) produces exactly this view. A deal the view's public history allows is
    drawn, replayed through the rules, and its view compared with the document, field by
    field."""
    d = checked.header(data, "view", *VIEW.keys())
    rules = _rules(d["rules"], "rules")
    trick_count = rules.deck.trick_count
    dealer = checked.seat(d["dealer"], "dealer")
    player = checked.opt_seat(d["player"], "player")
    dealt = checked.boolean(d["dealt"], "dealt")
    if dealt_only and not dealt:
        raise checked.fail("dealt", _NOT_DEALT, Reason.NOT_DEALT)
    phase = checked.member(Phase, d["phase"], "phase")
    turn = checked.opt_seat(d["current_player"], "current_player")
    undertaker = checked.opt_seat(d["undertaker"], "undertaker")
    doubled = checked.boolean(d["doubled"], "doubled")
    void = None if d["void_reason"] is None else checked.member(VoidReason, d["void_reason"], "void_reason")
    seats: list[int] = []
    actions: list[Action] = []
    for i, item in enumerate(checked.items(d["history"], "history")):
        pair = checked.items(item, f"history[{i}]", 2)
        if len(pair) != 2:
            raise checked.fail(f"history[{i}]", "expected [seat, action]")
        seats.append(checked.seat(pair[0], f"history[{i}][0]"))
        actions.append(read_action(pair[1], f"history[{i}][1]"))
    raw_tricks = checked.items(d["tricks"], "tricks", trick_count)
    packed = [_trick(t, f"tricks[{i}]") for i, t in enumerate(raw_tricks)]
    lead = -1
    if d["current_trick"] is not None:
        o = checked.obj(d["current_trick"], "current_trick", *CURRENT_TRICK.keys())
        play = read_action(o["play"], "current_trick.play")
        checked.seat(o["leader"], "current_trick.leader")
        strohmann = checked.boolean(o["from_strohmann"], "current_trick.from_strohmann")
        lead = play_card(play, "current_trick.play") | play_info(play, strohmann, "current_trick.play") << L_INFO
    evs = tuple(_event(e, f"events[{i}]", trick_count) for i, e in enumerate(checked.items(d["events"], "events", 64)))
    hand = 0
    for card in read_cards(d["hand"], "hand", 32):
        hand |= 1 << card.index
    asked = -1
    for action, seat in zip(actions, seats):
        if isinstance(action, (Fold, Keep)):
            asked = seat
            break
    else:
        if phase is Phase.FOLD and turn is not None:
            asked = turn
    # A position's view: its set-up tricks are those before the plays of its history; its
    # Strohmänner, hand sizes and set-up announcements are the document's (R17).
    setup = calls = setup_won = 0
    heaps: tuple[tuple[int, int], ...] | None = None
    sizes = (0, 0)
    if dealt and "setup_won" in d:
        raise checked.fail("setup_won", "a dealt deal has no set-up tricks")
    if not dealt:
        if any(not isinstance(action, Play) for action in actions):
            raise checked.fail("history", "a position's history holds only plays")
        played = len(actions) - (lead >= 0)
        setup = len(raw_tricks) - played // 2
        if played % 2 or setup < 0:
            raise checked.fail("history", "the plays do not match the tricks")
        if "setup_won" not in d:
            raise checked.fail("setup_won", "a position's view says how many set-up tricks it gave as won cards")
        setup_won = checked.integer(d["setup_won"], "setup_won", 0, setup)
        heaps = _piles(d["strohmaenner"], rules.deck.card_count)
        raw_sizes = checked.items(d["hand_sizes"], "hand_sizes", 2)
        if len(raw_sizes) != 2:
            raise checked.fail("hand_sizes", "expected two hand sizes")
        sizes = (checked.integer(raw_sizes[0], "hand_sizes[0]", 0, 54), checked.integer(raw_sizes[1], "hand_sizes[1]", 0, 54))
        for x, names in enumerate(checked.items(d["announcements"], "announcements", 2)):
            for i, name in enumerate(checked.items(names, f"announcements[{x}]", 2)):
                ann = checked.member(Announcement, name, f"announcements[{x}][{i}]")
                calls |= (1 if ann is Announcement.TRULL else 2) << (2 * x)
    # A provisional view from the document's own words, to draw a consistent deal from (its
    # plays are those of its tricks and current trick; the replay below checks them all).
    provisional = Seen(
        player=-1 if player is None else player,
        rules=rules,
        dealer=dealer,
        dealt=dealt,
        phase=phase,
        turn=-1 if turn is None else turn,
        auc=(-1 if undertaker is None else undertaker, doubled, void),
        calls=calls,
        lead=lead,
        ntr=len(raw_tricks),
        hist=cons_of([a for a in actions if not isinstance(a, Play)]),
        setup=setup,
        tricks=cons_of(packed),
        evc=None,
        evs=evs,
        hand=hand,
        own=0,
        tops=(0, 0),
        won=(0, 0),
        known=(0, 0),
        sizes=sizes,
        piles=heaps,
        asked=asked,
        legal=(),
        multiplier=stakes(d["multiplier"], "multiplier") if "multiplier" in d else 1,
        setup_won=setup_won,
    )
    if player is not None:
        provisional.own = dealt_mask(provisional, player)
    try:
        m = models.model(provisional, models.CHECK_BUDGET)  # (a spectator's view: a bounded count)
        places, hands = m.draw(random.Random(0))
        real = project(replayed(models.replayed(provisional, m, places, hands)), player)
    except StrohmandelnError as error:
        if error.reason is Reason.TOO_LARGE:  # (the bounded count of a spectator's view)
            raise checked.fail("document", f"too costly to check: {error.message}", error.reason) from None
        raise checked.fail("document", f"no deal produces this view ({error.message})", error.reason) from None
    expected = view_document(real)
    for key in expected:
        if key == "rules" or key == "result" and key not in d:  # (a result is optional: it follows)
            continue
        if key not in d or not _same(expected[key], d[key]):
            raise checked.fail(key, "does not match the rest of the view")
    if "result" in d and "result" not in expected:  # (one that is not over has none to give)
        raise checked.fail("result", "the deal is not over: it has no result")
    return real


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


def _trick(t: object, p: str) -> int:
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


def _event(e: object, p: str, trick_count: int) -> int:
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


def _piles(data: object, card_count: int) -> tuple[tuple[int, int], ...]:
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


def _same(ours: object, theirs: object) -> bool:
    """Equality of JSON values that also tells ``1`` from ``true`` and ``1.0`` (recursing only
    as deep as ``ours``)."""
    if type(ours) is not type(theirs):
        return False
    if isinstance(ours, list):
        assert isinstance(theirs, list)
        return len(ours) == len(theirs) and all(_same(a, b) for a, b in zip(ours, theirs))
    if isinstance(ours, dict):
        assert isinstance(theirs, dict)
        return ours.keys() == theirs.keys() and all(_same(v, theirs[k]) for k, v in ours.items())
    return ours == theirs
