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
from ..actions import Announcement, Fold, Keep, Play
from ..errors import Reason, StrohmandelnError, quoted, shown
from ..table import Phase, VoidReason
from .deal import Deal, checked_order
from .declared import CURRENT_TRICK, POSITION, STATE, VIEW
from .engine import replayed
from .formats import L_INFO
from .readers import (
    play_card,
    play_info,
    read_action,
    read_announcements,
    read_card,
    read_cards,
    read_events,
    read_history,
    read_mask,
    read_piles,
    read_rules,
    read_tricks,
    stakes,
)
from .record import PHASE, Record, initial, restamped
from .record import cons as cons_of
from .sampling import model as models
from .seen import Seen, dealt_mask, project
from .setup import GivenTrick, build
from .words import ACTION_OF_WORD

# --- cards and actions ------------------------------------------------------------------------
# (the checked readers of the value types above the base: :mod:`._base.checked` has the others)


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
    rules = read_rules(d["rules"], "rules")
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


class ViewHead:
    """The fields of a view's document that the checked load (:func:`view_seen`) and the trusted
    one (:func:`._core.trusted.trusted_seen`) read alike, each read and checked by itself (not
    against the others): the rule set, the seats, the phase, the auction, the history, the
    tricks, the current trick, the Strohmann turns and the hand; ``asked`` is the seat asked
    whether to fold, and ``exact`` says of the history, tricks and turns whether each item was
    read in its canonical plain form."""

    def __init__(self, data: object, dealt_only: bool) -> None:
        d = checked.header(data, "view", *VIEW.keys())
        self.d = d
        self.rules = rules = read_rules(d["rules"], "rules")
        trick_count = rules.deck.trick_count
        self.dealer = checked.seat(d["dealer"], "dealer")
        self.player = checked.opt_seat(d["player"], "player")
        self.dealt = checked.boolean(d["dealt"], "dealt")
        if dealt_only and not self.dealt:
            raise checked.fail("dealt", _NOT_DEALT, Reason.NOT_DEALT)
        self.phase = phase = checked.member(Phase, d["phase"], "phase")
        self.turn = turn = checked.opt_seat(d["current_player"], "current_player")
        self.undertaker = checked.opt_seat(d["undertaker"], "undertaker")
        self.doubled = checked.boolean(d["doubled"], "doubled")
        self.void = None if d["void_reason"] is None else checked.member(VoidReason, d["void_reason"], "void_reason")
        seats, self.actions, exact_history = read_history(checked.items(d["history"], "history"))
        self.raw_tricks = checked.items(d["tricks"], "tricks", trick_count)
        self.packed, exact_tricks = read_tricks(self.raw_tricks)
        self.lead = -1
        if d["current_trick"] is not None:
            o = checked.obj(d["current_trick"], "current_trick", *CURRENT_TRICK.keys())
            play = read_action(o["play"], "current_trick.play")
            checked.seat(o["leader"], "current_trick.leader")
            strohmann = checked.boolean(o["from_strohmann"], "current_trick.from_strohmann")
            self.lead = play_card(play, "current_trick.play") | play_info(play, strohmann, "current_trick.play") << L_INFO
        self.events, exact_events = read_events(checked.items(d["events"], "events", 64), trick_count)
        self.exact = {"history": exact_history, "tricks": exact_tricks, "events": exact_events}
        self.hand = read_mask(d["hand"], "hand", 32)
        # The seat first asked whether to fold (R7): the seat of the first fold or keep among
        # the decisions (which come before the plays), else the one to decide now, if any.
        self.asked = -1
        for action, seat in zip(self.actions, seats):
            if type(action) is Play:
                break
            if isinstance(action, (Fold, Keep)):
                self.asked = seat
                break
        if self.asked < 0 and phase is Phase.FOLD and turn is not None:
            self.asked = turn


def view_seen(data: object, dealt_only: bool = False) -> Seen:
    """The projection of a view's document, checked: some deal (or position, unless
    ``dealt_only``) produces exactly this view. A deal the view's public history allows is
    drawn, replayed through the rules, and its view compared with the document, field by
    field."""
    h = ViewHead(data, dealt_only)
    d, rules, dealer, player, dealt, phase, turn = h.d, h.rules, h.dealer, h.player, h.dealt, h.phase, h.turn
    undertaker, doubled, void, actions, raw_tricks, packed, lead = h.undertaker, h.doubled, h.void, h.actions, h.raw_tricks, h.packed, h.lead
    evs, hand, asked = tuple(h.events), h.hand, h.asked
    # The fields read item by item in plain types and canonical words (``==`` tells a written
    # field from them as exactly as ``_same``, in a part of its time).
    exact = {key for key, plain in h.exact.items() if plain and type(d[key]) is list}
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
        heaps = read_piles(d["strohmaenner"], rules.deck.card_count)
        raw_sizes = checked.items(d["hand_sizes"], "hand_sizes", 2)
        if len(raw_sizes) != 2:
            raise checked.fail("hand_sizes", "expected two hand sizes")
        sizes = (checked.integer(raw_sizes[0], "hand_sizes[0]", 0, 54), checked.integer(raw_sizes[1], "hand_sizes[1]", 0, 54))
        calls = read_announcements(d["announcements"])
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
        if key not in d or not (expected[key] == d[key] if key in exact else _same(expected[key], d[key])):
            raise checked.fail(key, "does not match the rest of the view")
    if "result" in d and "result" not in expected:  # (one that is not over has none to give)
        raise checked.fail("result", "the deal is not over: it has no result")
    return real


def _same(ours: object, theirs: object) -> bool:
    """Equality of JSON values that also tells ``1`` from ``true`` and ``1.0`` (recursing only
    as deep as ``ours``)."""
    kind = type(ours)
    if kind is not type(theirs):
        return False
    if kind is list:
        assert isinstance(ours, list) and isinstance(theirs, list)
        if len(ours) != len(theirs):
            return False
        for a, b in zip(ours, theirs):
            inner = type(a)
            if inner is str:  # (the most items: words)
                if type(b) is not str or a != b:
                    return False
            elif not _same(a, b):
                return False
        return True
    if kind is dict:
        assert isinstance(ours, dict) and isinstance(theirs, dict)
        for k in theirs:
            if type(k) is not str:  # (before any comparison: no key's own == is called)
                return False
        if ours.keys() != theirs.keys():
            return False
        for k, v in ours.items():
            if not _same(v, theirs[k]):
                return False
        return True
    return ours == theirs
