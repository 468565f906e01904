"""A view read from its document without the replay: for a client that trusts its server.

:func:`trusted_seen` reads each field of a view's document (:data:`._core.declared.VIEW`) as the
checked loader (:func:`._core.documents.view_seen`) reads it — the same readers, so anything
malformed, out of range or of the wrong type is refused with the same
:class:`~strohmandeln.SerializationError` and reason — and makes the :class:`~.seen.Seen` of
the fields directly: the packed tricks, events, hand and known cards are the document's, the won
cards follow from the tricks' winners, the Strohmann tops from the face-up cards, the
announcements from their field and the Ross call from its play. What it skips is only what the
replay checks: that some deal produces the view (that the cards, the history, the tricks and
the hands agree with one another and with the rules). On every document a server writes, the
view is the checked loader's (``tests/test_trusted_views.py``).

The fast paths here read the canonical spelling of each item (what the writer writes) by table
and hand every other item to the checked reader, which refuses it or reads it the same way.
"""

from __future__ import annotations

from typing import Any

from .._base import checked
from ..actions import Play
from ..errors import SerializationError, StrohmandelnError
from ..results import DealResult
from .documents import ViewHead
from .formats import C_ROSS, CALL_ROSS, CARD, E_CARD, HIDDEN_CARD, I_CALL, L_INFO, T_CALLS, T_FOLLOWED, T_FOLLOWED_INFO, T_LED, T_LED_INFO, T_WINNER, ross_calls
from .readers import read_actions, read_announcements, read_mask, read_strohmaenner, stakes
from .record import cons
from .seen import Seen, dealt_mask



def trusted_seen(data: object, dealt_only: bool = False) -> Seen:
    """The projection of a view's document, its fields read and checked one by one but not
    against one another (see the module)."""
    h = ViewHead(data, dealt_only)
    d, rules, dealer, player, dealt, phase, turn = h.d, h.rules, h.dealer, h.player, h.dealt, h.phase, h.turn
    undertaker, doubled, void, actions, raw_tricks, packed, lead = h.undertaker, h.doubled, h.void, h.actions, h.raw_tricks, h.packed, h.lead
    evs, hand = h.events, h.hand
    raw_known = checked.items(d["known_hands"], "known_hands", 2)
    raw_sizes = checked.items(d["hand_sizes"], "hand_sizes", 2)
    if len(raw_known) != 2 or len(raw_sizes) != 2:
        raise checked.fail("known_hands" if len(raw_known) != 2 else "hand_sizes", "expected one item per seat")
    known = (read_mask(raw_known[0], "known_hands[0]", 54), read_mask(raw_known[1], "known_hands[1]", 54))
    sizes = (checked.integer(raw_sizes[0], "hand_sizes[0]", 0, 54), checked.integer(raw_sizes[1], "hand_sizes[1]", 0, 54))
    heaps = read_strohmaenner(d["strohmaenner"], rules.deck.card_count)
    calls = read_announcements(d["announcements"])
    legal = read_actions(d["legal_actions"], "legal_actions")
    multiplier = stakes(d["multiplier"], "multiplier") if "multiplier" in d else 1
    if "result" in d:
        _result(d["result"], rules)
    # What a dealt view's history and tricks say of the set-up (none) and what a position's say.
    setup = setup_won = 0
    if dealt and "setup_won" in d:
        raise checked.fail("setup_won", "a dealt deal has no set-up tricks")
    if not dealt:
        played = sum(1 for action in actions if type(action) is Play) - (lead >= 0)
        setup = len(raw_tricks) - played // 2
        if played % 2 or setup < 0:
            raise checked.fail("history", "the plays do not match the tricks")
        if "setup_won" not in d:
            raise checked.fail("setup_won", "a position's view says how many set-up tricks it gave as won cards")
        setup_won = checked.integer(d["setup_won"], "setup_won", 0, setup)
    # The won cards (each trick's two to its winner), the tops (the face-up cards) and a Ross
    # call (R18: the trick and seat of the XVII played with it), from the fields read.
    won0 = won1 = 0
    for n, t in enumerate(packed):
        both = 1 << (t >> T_LED & CARD) | 1 << (t >> T_FOLLOWED & CARD)
        if t >> T_WINNER & 1:
            won1 |= both
        else:
            won0 |= both
        if t & T_CALLS:  # (rare: a call made with one of its cards, R18)
            if (t >> T_LED_INFO) >> I_CALL & 3 == CALL_ROSS:
                calls |= ross_calls(n, t & 1)
            elif (t >> T_FOLLOWED_INFO) >> I_CALL & 3 == CALL_ROSS:
                calls |= ross_calls(n, 1 - (t & 1))
    if lead >= 0 and (lead >> L_INFO) >> I_CALL & 3 == CALL_ROSS and calls >> C_ROSS == 0:
        calls |= ross_calls(len(packed), 1 - (-1 if turn is None else turn))
    tops0 = tops1 = 0
    for k, (top, _) in enumerate(heaps):
        if top >= 0:
            if k < 3:
                tops0 |= 1 << top
            else:
                tops1 |= 1 << top
    first_hidden = len(evs)
    for k, e in enumerate(evs):
        if e >> E_CARD & CARD == HIDDEN_CARD:
            first_hidden = k
            break
    s = Seen(
        player=-1 if player is None else player,
        rules=rules,
        dealer=dealer,
        dealt=dealt,
        phase=phase,
        turn=-1 if turn is None else turn,
        auc=(-1 if undertaker is None else undertaker, doubled, void),
        calls=calls,
        lead=lead,
        ntr=len(packed),
        hist=cons([a for a in actions if type(a) is not Play]),
        setup=setup,
        tricks=cons(packed),
        evc=cons(evs[:first_hidden]),
        evs=tuple(evs[first_hidden:]),
        hand=hand,
        own=0,
        tops=(tops0, tops1),
        won=(won0, won1),
        known=known,
        sizes=sizes,
        piles=None if dealt else heaps,
        asked=h.asked,
        legal=legal,
        multiplier=multiplier,
        setup_won=setup_won,
    )
    if player is not None:
        s.own = dealt_mask(s, player, packed, evs)
    return s


def _result(x: object, rules: Any) -> None:
    """Refuse a deal result that is no result of ``rules`` (its agreement with the view is the
    replay's to check)."""
    try:
        DealResult.from_dict(x, rules)
    except SerializationError as error:
        raise checked.fail("result", error.message, error.reason) from None
    except StrohmandelnError as error:  # pragma: no cover - from_dict says SerializationError
        raise checked.fail("result", error.message, error.reason) from None
