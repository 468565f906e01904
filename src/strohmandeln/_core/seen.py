"""What one player (or a spectator) has seen of a deal: the projection of a record (R11, R12).

Strohmandeln hides cards from everyone, the owner included: a player knows his own hand, every
card turned up from a Strohmann except the last cards the *opponent* took up unseen (R12's
default), and every card played; nobody knows the face-down Strohmann cards. :func:`project`
keeps exactly that of a record, as a :class:`Seen`; :class:`strohmandeln.PlayerView` is its public
face, and the sampler (:mod:`strohmandeln._core.sampling`) and the view documents read it.

A :class:`Seen` is made from a state (:func:`project`) or from a document's words
(:mod:`strohmandeln._core.documents`); it holds no reference to the deal, so nothing hidden can be
reached from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from .._base.args import whole, wrong_type
from ..actions import Action, Fold, Keep, Pass, Play, Take
from ..results import DealResult
from ..rules import RuleSet
from ..table import Phase, VoidReason
from .deal import Deal, fold_asked
from .engine import KernelState
from .formats import (
    CARD,
    E_CARD,
    E_CARD_FIELD,
    E_HIDDEN,
    E_PILE,
    HIDDEN_CARD,
    L_STROHMANN,
    T_FOLLOWED,
    T_FOLLOWED_UP,
    T_LED,
    T_LED_UP,
    event_trick,
    lead_card,
)
from .history import actions_of, ply_of
from .record import (
    AUC,
    CALLS,
    DEAL,
    EVENTS,
    H0,
    H1,
    HIST,
    LEAD,
    NTR,
    PHASE,
    T0,
    T1,
    TRICKS,
    TURN,
    W0,
    W1,
    walk,
)
from .ruledata import RuleData, rule_data
from .scoring import result_of_parts, result_under


class Seen:
    """Everything one viewer knows at one moment of a deal; never changed after construction
    (but for :attr:`memo`, where the sampler keeps what it worked out, see
    :mod:`strohmandeln._core.sampling`)."""

    __slots__ = (
        "player",
        "rules",
        "data",
        "dealer",
        "dealt",
        "phase",
        "turn",
        "auc",
        "calls",
        "lead",
        "ntr",
        "hist",
        "setup",
        "setup_won",
        "tricks",
        "evc",
        "evs",
        "hand",
        "own",
        "tops",
        "won",
        "known",
        "sizes",
        "piles",
        "asked",
        "legal",
        "multiplier",
        "memo",
    )

    def __init__(
        self,
        *,
        player: int,
        rules: RuleSet,
        dealer: int,
        dealt: bool,
        phase: Phase,
        turn: int,
        auc: tuple[int, bool, VoidReason | None],
        calls: int,
        lead: int,
        ntr: int,
        hist: Any,
        setup: int,
        tricks: Any,
        evc: Any,
        evs: tuple[int, ...],
        hand: int,
        own: int,
        tops: tuple[int, int],
        won: tuple[int, int],
        known: tuple[int, int],
        sizes: tuple[int, int],
        piles: tuple[tuple[int, int], ...] | None,
        asked: int,
        legal: tuple[Action, ...],
        multiplier: int = 1,
        setup_won: int = 0,
    ) -> None:
        #: the viewer's seat, -1 for a spectator
        self.player = player
        self.rules = rules
        self.data: RuleData = rule_data(rules)
        self.dealer = dealer
        #: whether the deal has a deck order (False for a position)
        self.dealt = dealt
        self.phase = phase
        self.turn = turn
        self.auc = auc
        self.calls = calls
        self.lead = lead
        self.ntr = ntr
        #: the decisions before the card play, a cons list (public; shared with the state)
        self.hist = hist
        #: a position's set-up tricks, which are not part of its history (0 for a dealt deal)
        self.setup = setup
        #: how many of them the position gave as won cards, not card by card (0 for a dealt
        #: deal): those say nothing of R14 (:mod:`._core.possible`)
        self.setup_won = setup_won
        #: the packed tricks, a cons list (public; shared with the state)
        self.tricks = tricks
        #: the events before the first one hidden from the viewer: the state's own cons list
        self.evc = evc
        #: the events from the first one hidden from the viewer on, hidden cards masked
        self.evs = evs
        #: the viewer's hand (0 for a spectator)
        self.hand = hand
        #: the viewer's dealt hand, or a position's set-up hand (0 for a spectator)
        self.own = own
        self.tops = tops
        self.won = won
        #: the hand cards known to the viewer, per seat
        self.known = known
        self.sizes = sizes
        #: per Strohmann (seat * 3 + k): its face-up card or -1, its face-down count; ``None``
        #: where it follows from the events (:func:`piles`)
        self.piles = piles
        #: the seat first asked whether to fold (R7), or -1
        self.asked = asked
        self.legal = legal
        #: the deal's stakes (R26)
        self.multiplier = multiplier
        #: the sampler's model of this view, once worked out (:mod:`._core.sampling`)
        self.memo: Any = None

    def __reduce__(self) -> tuple[Any, ...]:
        # (the rule data and the sampler's memo are not pickled)
        fields = {name: getattr(self, name) for name in _FIELDS}
        return (_unpickle_seen, (fields,))


def _unpickle_seen(fields: dict[str, Any]) -> Seen:
    return Seen(**fields)


#: The fields of :class:`Seen` given to its constructor.
_FIELDS: Final = (
    "player", "rules", "dealer", "dealt", "phase", "turn", "auc", "calls", "lead", "ntr", "hist", "setup", "tricks",
    "evc", "evs", "hand", "own", "tops", "won", "known", "sizes", "piles", "asked", "legal", "multiplier", "setup_won",
)  # fmt: skip

def project(state: KernelState, player: int | None) -> Seen:
    """What ``player`` knows of ``state`` (``None``: a spectator)."""
    c = state._c
    p = -1 if player is None else player
    d: Deal = c[DEAL]
    dealt = d.order_index is not None
    # What the other seat cannot know of each seat's hand: the dealt hand and, under R12's
    # ``hidden``, the last card of each of his Strohmänner.
    last0, last1 = d.lasts if d.data.last_card_hidden else (0, 0)
    hide0 = d.hands[0] | last0
    hide1 = d.hands[1] | last1
    h0, h1, t0, t1, w0, w1, lead = c[H0], c[H1], c[T0], c[T1], c[W0], c[W1], c[LEAD]
    turn = c[TURN]
    up = h0 | h1 | t0 | t1 | w0 | w1
    if lead >= 0:
        up |= 1 << (lead & CARD)
    # The events, with the unseen last cards of everyone but the viewer hidden (R12): a pile's
    # last card is turned (and taken up unseen) once everything else on the pile is gone. The
    # events before the first hidden one are the state's own cons list; those from it on are
    # copied with the cards masked.
    events = c[EVENTS]
    masked: tuple[int, ...] = ()
    if (last0 and p != 0) or (last1 and p != 1):
        hide = (0 if p == 0 else last0 & up) | (0 if p == 1 else last1 & up)
        if hide:
            left = hide.bit_count()  # one event per last card taken up
            out = []
            while left and events is not None:
                events, e = events
                if e & E_HIDDEN and e & 1 != p:
                    e |= E_CARD_FIELD
                    left -= 1
                out.append(e)
            out.reverse()
            masked = tuple(out)
    piles: tuple[tuple[int, int], ...] | None = None
    if not dealt:  # a position's Strohmänner need not match its events: count their cards
        tops = t0 | t1
        masks = [sum(1 << card for card in pile) for pile in d.piles]
        piles = tuple([((tops & m).bit_length() - 1, (m & ~up).bit_count()) for m in masks])
    # Known hand cards: the viewer's whole hand; of the others, the cards taken up in the open
    # (neither dealt nor a last card, R11, R12).
    if p == 0:
        hand, known = h0, (h0, h1 & ~hide1)
    elif p == 1:
        hand, known = h1, (h0 & ~hide0, h1)
    else:
        hand, known = 0, (h0 & ~hide0, h1 & ~hide1)
    s = Seen(
        player=p,
        rules=d.rules,
        dealer=d.dealer,
        dealt=dealt,
        phase=c[PHASE],
        turn=turn,
        auc=c[AUC],
        calls=c[CALLS],
        lead=lead,
        ntr=c[NTR],
        hist=c[HIST],
        setup=d.setup_tricks,
        setup_won=d.setup_won,
        tricks=c[TRICKS],
        evc=events,
        evs=masked,
        hand=hand,
        own=d.hands[p] if p >= 0 else 0,
        tops=(t0, t1),
        won=(w0, w1),
        known=known,
        sizes=(h0.bit_count(), h1.bit_count()),
        piles=piles,
        asked=fold_asked(d),
        legal=state.legal_actions() if p == turn and p >= 0 else (),
        multiplier=d.multiplier,
    )
    if not dealt and p >= 0:  # a position's set-up hand, from its history
        s.own = dealt_mask(s, p)
    return s


# --- what a view implies, from its public parts ---------------------------------------------


def events(s: Seen) -> tuple[int, ...]:
    """The packed events, the cards hidden from the viewer masked (:data:`HIDDEN_CARD`)."""
    return tuple(walk(s.evc)) + s.evs


def result(s: Seen, multiplier: int = 0, rules: RuleSet | None = None) -> DealResult | None:
    """The result of the finished (or void) deal of the view ``s`` at its stakes (or
    ``multiplier``'s), by the table of its rules (or of ``rules``:
    :func:`~strohmandeln._core.scoring.result_under`) — everything it reads is public once the
    deal is over — or ``None`` while it goes on."""
    if s.phase is not Phase.FINISHED and s.phase is not Phase.VOID:
        return None
    m = multiplier or s.multiplier
    if rules is not None and rules != s.rules:
        return result_under(s.rules, rules, s.dealer, s.won[0], s.won[1], s.auc, s.calls, s.tricks, s.ntr, m)
    return result_of_parts(s.data, s.rules.name, s.dealer, s.won[0], s.won[1], s.auc, s.calls, s.tricks, s.ntr, m)


def events_since(s: Seen, ply: object) -> tuple[int, ...]:
    """The packed :func:`events` that happened after move ``ply`` (a whole number, else
    :class:`~strohmandeln.ArgumentTypeError`): an event after trick ``n`` happened at the move that completed it (for ``n``
    0, the uncovering before the first lead, at the last decision of the auction), each trick
    after the set-up being two moves."""
    after = whole(ply)
    if after is None:
        raise wrong_type("ply", "a move number (a whole number)", ply)
    decisions = len(walk(s.hist))  # (the actions before the card play)
    return tuple(e for e in events(s) if decisions + 2 * max(event_trick(e) - s.setup, 0) > after)


def piles(s: Seen, packed_events: tuple[int, ...] | None = None) -> tuple[tuple[int, int], ...]:
    """Per Strohmann (seat * 3 + k): its face-up card or -1, and its face-down count.

    For a dealt view, from its public events (``packed_events``, if the caller has them): every
    card turned from a pile is one event, so its face-down count is its size less its events;
    its face-up top, if any, is its last card turned, while that card is a top (R11, R15)."""
    if s.piles is not None:
        return s.piles
    a, b, c = s.data.strohmann_sizes
    count = [0] * 8  # by an event's pile bits: seat | Strohmann << 1
    last = [HIDDEN_CARD] * 8  # (no top: HIDDEN_CARD is no card of a tops mask)
    for e in events(s) if packed_events is None else packed_events:
        k = e & E_PILE
        count[k] += 1
        last[k] = e >> E_CARD & CARD
    t0, t1 = s.tops
    return (
        (last[0] if t0 >> last[0] & 1 else -1, a - count[0]),
        (last[2] if t0 >> last[2] & 1 else -1, b - count[2]),
        (last[4] if t0 >> last[4] & 1 else -1, c - count[4]),
        (last[1] if t1 >> last[1] & 1 else -1, a - count[1]),
        (last[3] if t1 >> last[3] & 1 else -1, b - count[3]),
        (last[5] if t1 >> last[5] & 1 else -1, c - count[5]),
    )


def history(s: Seen) -> tuple[Action, ...]:
    """Every action so far, in order (all actions are public)."""
    return actions_of(s.hist, s.tricks, s.setup, s.lead)


def ply(s: Seen) -> int:
    """The number of actions so far (the length of :func:`history`)."""
    return ply_of(s.hist, s.ntr, s.setup, s.lead)


def play_actors(s: Seen) -> list[int]:
    """The seat of every play of the history, in order (R15: the leader, then the follower)."""
    out: list[int] = []
    for t in walk(s.tricks)[s.setup :]:
        leader = t & 1
        out.append(leader)
        out.append(1 - leader)
    if s.lead >= 0:
        out.append(1 - s.turn)
    return out


def actors(s: Seen) -> tuple[int, ...]:
    """The seat that took each action of the history, from public information only."""
    out = decision_seats(s, walk(s.hist))
    out.extend(play_actors(s))
    return tuple(out)


def decision_seats(s: Seen, decisions: list[Any]) -> list[int]:
    """The seat that took each of the decisions before the card play (``walk(s.hist)``)."""
    elder = 1 - s.dealer
    out: list[int] = []
    i = 0
    n = len(decisions)
    # R7: the seat first asked, then (after Elder keeps) the dealer.
    if i < n and isinstance(decisions[i], (Fold, Keep)):
        out.append(s.asked if s.asked >= 0 else elder)
        i += 1
        if i < n and isinstance(decisions[i], (Fold, Keep)):
            out.append(s.dealer)
            i += 1
    # R8, R10: Elder speaks first; doubling is the undertaker's opponent's.
    seat = elder
    taker = -1
    while i < n and not isinstance(decisions[i], Play):
        action = decisions[i]
        if isinstance(action, (Take, Pass)):
            out.append(seat)
            if isinstance(action, Take):
                taker = seat
            seat = s.dealer
        else:
            out.append(1 - taker if taker >= 0 else s.dealer)
        i += 1
    return out


def dealt_mask(s: Seen, p: int, tricks: list[int] | None = None, packed_events: Sequence[int] | None = None) -> int:
    """Seat ``p``'s dealt hand (or a position's set-up hand), for a view whose viewer is ``p``:
    his hand, and the cards he played from it, less those he took up (``tricks``: the packed
    tricks, and ``packed_events``: the :func:`events`, if the caller has them)."""
    played = 0
    for t in (walk(s.tricks) if tricks is None else tricks)[s.setup :]:
        if t & 1 == p:
            if not t & T_LED_UP:  # (a face-up Strohmann top was never part of the hand)
                played |= 1 << (t >> T_LED & CARD)
        elif not t & T_FOLLOWED_UP:
            played |= 1 << (t >> T_FOLLOWED & CARD)
    if s.lead >= 0 and s.turn != p and not s.lead & L_STROHMANN:
        played |= 1 << lead_card(s.lead)
    turned = 0
    for e in events(s) if packed_events is None else packed_events:
        if e & 1 == p:
            turned |= 1 << (e >> E_CARD & CARD)
    return (s.hand | played) & ~turned


def unseen(s: Seen) -> int:
    """The cards whose place the viewer does not know: the other seats' unknown hand cards, the
    unseen last cards and every face-down Strohmann card."""
    seen = s.known[0] | s.known[1] | s.won[0] | s.won[1] | s.tops[0] | s.tops[1]
    if s.lead >= 0:
        seen |= 1 << lead_card(s.lead)
    return s.data.deck_mask & ~seen


def key(s: Seen) -> tuple[object, ...]:
    """What makes two views the same knowledge."""
    return (
        s.player,
        s.rules,
        s.dealer,
        s.dealt,
        s.phase,
        s.turn,
        s.auc,
        s.calls,
        s.lead,
        s.ntr,
        history(s),
        tuple(walk(s.tricks)),
        events(s),
        s.hand,
        s.tops,
        s.won,
        s.known,
        s.sizes,
        piles(s),
        s.asked,
        s.legal,
        s.multiplier,
        s.setup_won,
    )
