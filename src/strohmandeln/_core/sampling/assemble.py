"""A drawn sample as a record: assembled from the view's public parts, or replayed.

:func:`record_of_sample` puts the drawn cards into the places of the deal (a deck order dealt by
R6, or a position set up), fills the unseen last cards into the events (R12) and takes the rest
— phase, tricks, tops, won cards, calls — from the view; :func:`replayed` builds the same record
through the rules, by dealing the drawn deck order (or setting up the drawn position) and
replaying the view's history (slower; the tests check that the two agree field for field).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import DECK_54
from ..deal import Deal
from ..engine import step
from ..formats import CARD, E_CARD, E_CARD_FIELD, E_PILE, E_TO_HAND, HIDDEN_CARD
from ..masks import cards_of
from ..record import Record, assemble, initial, restamped
from ..ruledata import rule_data
from ..seen import Seen, history
from ..seen import events as seen_events
from ..setup import Description, build
from .exact import Exact
from .constraints import PILE_OF_BITS
from .position import PositionModel
from .spectator import Spectator


def record_of_sample(s: Seen, m: Exact | Spectator | PositionModel, places: Sequence[int], hands: list[int]) -> Record:
    """The record of a drawn sample, assembled from the view's public parts and the drawn cards."""
    if isinstance(m, PositionModel):
        return _position_record(s, m, places, hands)
    if isinstance(m, Exact):
        return _player_record(s, m, places, hands)
    return _spectator_record(s, m, places, hands)


def replayed(s: Seen, m: Exact | Spectator | PositionModel, places: Sequence[int], hands: list[int]) -> Record:
    """The same record, built through the rules: the drawn deck order dealt (or the drawn
    position set up) and the view's history replayed."""
    if isinstance(m, PositionModel):
        hands_, strohmaenner, won, tricks, leader, dealer, undertaker, doubled, announced = description(s, m, places, hands)
        c = build(  # (a position is set up at stakes 1: the view's are stamped below)
            s.rules,
            hands=hands_,
            strohmaenner=strohmaenner,
            won=won,
            rest_to=None,
            tricks=tricks,
            leader=leader,
            dealer=dealer,
            undertaker=undertaker,
            doubled=doubled,
            announcements=announced,
        )
        if s.multiplier != 1:
            c = restamped(c, s.multiplier)
    else:
        c = initial(Deal.dealt(s.rules, tuple(places), s.dealer, None, s.multiplier))
    for action in history(s):
        c = step(c, action)
    return c


def _player_record(s: Seen, m: Exact, places: Sequence[int], dealt: list[int]) -> Record:
    """A player's sample of a dealt view: the deck order ``places`` dealt, with the view's
    history."""
    q = 1 - m.viewer
    deal = Deal.dealt_with(s.data, s.rules, tuple(places), s.dealer, None, s.multiplier)
    events = s.evc
    hand = dealt[q]
    if s.evs:
        # The unseen last cards, now known: fill them into the events (R12).
        hidden = m.places.hidden
        k = 0
        for e in s.evs:
            if e >> E_CARD & CARD == HIDDEN_CARD:
                card = places[hidden[k]]
                k += 1
                e = (e & ~E_CARD_FIELD) | card << E_CARD
                hand |= 1 << card
            events = (events, e)
    # His hand: the dealt cards and unseen last cards he has not played, and the cards he
    # took up in the open and has not played (which the view knows).
    hand = hand & ~m.played | s.known[q]
    return _state_of(s, deal, (s.hand, hand) if q == 1 else (hand, s.hand), events)


def _spectator_record(s: Seen, m: Spectator, places: Sequence[int], dealt: list[int]) -> Record:
    """A spectator's sample of a dealt view: the deck order ``places`` dealt, with the view's
    history."""
    deal = Deal.dealt_with(s.data, s.rules, tuple(places), s.dealer, None, s.multiplier)
    piles = deal.piles
    events = s.evc
    taken0, taken1 = m.places.taken
    if s.evs:
        # The unseen last cards, now known: fill them into the events (R12).
        hidden = iter(m.places.hidden_piles)
        for e in s.evs:
            if e >> E_CARD & CARD == HIDDEN_CARD:
                card = piles[next(hidden)][-1]
                e = (e & ~E_CARD_FIELD) | card << E_CARD
                if e & 1:
                    taken1 |= 1 << card
                else:
                    taken0 |= 1 << card
            events = (events, e)
    played0, played1 = m.played
    return _state_of(s, deal, ((dealt[0] | taken0) & ~played0, (dealt[1] | taken1) & ~played1), events)


def _position_record(s: Seen, m: PositionModel, places: Sequence[int], hands: list[int]) -> Record:
    """The record that setting up the drawn position and replaying the view's history gives."""
    piles = tuple([tuple(places[a:b]) for a, b in m.piles])
    start = (hands[0], hands[1])
    won = m.set_up.described[0]
    rules = s.rules
    deal = Deal(
        rules,
        rule_data(rules),
        None,
        s.dealer,
        start,
        piles,
        setup_tricks=s.setup,
        setup_won=(won[0].bit_count() + won[1].bit_count()) // 2,
        multiplier=s.multiplier,
    )
    # The events, each unseen last card (the last card of its Strohmann) filled in (R12),
    # and the hands now: the set-up hand and the cards taken up, less the cards played.
    events: Any = None
    taken = [0, 0]
    for e in seen_events(s):
        card = e >> E_CARD & CARD
        if card == HIDDEN_CARD:
            card = piles[PILE_OF_BITS[e & E_PILE]][-1]
            e = (e & ~E_CARD_FIELD) | card << E_CARD
        if e & E_TO_HAND:
            taken[e & 1] |= 1 << card
        events = (events, e)
    h0, h1 = ((start[x] | taken[x]) & ~m.played[x] for x in (0, 1))
    return _state_of(s, deal, (h0, h1), events)


def description(s: Seen, m: PositionModel, places: Sequence[int], hands: list[int]) -> Description:
    """The description of the drawn position (:mod:`strohmandeln._core.setup`)."""
    piles = tuple([tuple([DECK_54[c] for c in places[a:b]]) for a, b in m.piles])
    und, doubled, _ = s.auc
    su = m.set_up
    won, tricks = su.described
    return (
        (cards_of(hands[0]), cards_of(hands[1])),
        (piles[:3], piles[3:]),
        (cards_of(won[0]), cards_of(won[1])),
        tricks,
        su.leader,
        s.dealer,
        None if und < 0 else und,
        doubled,
        su.announced,
    )


def _state_of(s: Seen, deal: Deal, hands: tuple[int, int], events: Any) -> Record:
    """The full record with the view's public parts, the sampled deal, hands and events."""
    return assemble(
        deal,
        phase=s.phase,
        turn=s.turn,
        hands=hands,
        tops=s.tops,
        won=s.won,
        lead=s.lead,
        ntr=s.ntr,
        tricks=s.tricks,
        events=events,
        hist=s.hist,
        calls=s.calls,
        auc=s.auc,
    )
