"""Shared helpers for the strohmandeln tests: scripted deals, scripted play, random play, snapshots.

Scripted deals are built from card text through :func:`strohmandeln.compose_order`, so every
scenario test starts from an explicit deck order (R6); scripted play is a string of action
notations read with :func:`strohmandeln.parse_action`.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Final, TypeVar

import attrs

from strohmandeln import (
    DECK_54,
    Action,
    Announcement,
    Call,
    Card,
    Deck,
    Double,
    Fold,
    GameState,
    Keep,
    NoDouble,
    Pass,
    Phase,
    Play,
    RuleSet,
    Take,
    ValatReplaces,
    cards_from_text,
    compose_order,
    deal,
    deal_layout,
    parse_action,
)
from strohmandeln.match import Match
from strohmandeln.positions import Position

SEATS: Final = (0, 1)


def valat_rules(base: RuleSet, replaces: ValatReplaces) -> RuleSet:
    """``base`` with its scoring table's Valat replacing ``replaces`` (R23), under a new name."""
    return attrs.evolve(base, name=f"{base.name}_{replaces.value}", scoring=attrs.evolve(base.scoring, valat_replaces=replaces))

Hands = tuple[str, str]
Piles = tuple[tuple[str, str, str], tuple[str, str, str]]

NO_PILES: Final[Piles] = (("", "", ""), ("", "", ""))


T = TypeVar("T")


def by_role(dealer: int, elder_value: T, dealer_value: T) -> tuple[T, T]:
    """A pair indexed by seat from the values for Elder and for the dealer (R5: Elder = non-dealer)."""
    return (dealer_value, elder_value) if dealer == 0 else (elder_value, dealer_value)


def cards(text: str) -> tuple[Card, ...]:
    """Cards from their notation, separated by spaces."""
    return cards_from_text(text)


def card(text: str) -> Card:
    """One card from its notation."""
    return Card.parse(text)


def plays(text: str) -> tuple[Action, ...]:
    """Actions from their notation, separated by spaces."""
    return tuple(parse_action(token) for token in text.split())


def scripted_order(
    rules: RuleSet,
    *,
    dealer: int,
    hands: Hands = ("", ""),
    strohmaenner: Piles = NO_PILES,
) -> tuple[Card, ...]:
    """The deck order that deals the given cards (by seat) to the given places (R6).

    ``hands[seat]`` and ``strohmaenner[seat][k]`` are card texts; places left open are filled by
    :func:`compose_order` with the remaining cards in canonical order.
    """
    return compose_order(
        rules,
        dealer=dealer,
        hands=(cards(hands[0]), cards(hands[1])),
        strohmaenner=(
            (cards(strohmaenner[0][0]), cards(strohmaenner[0][1]), cards(strohmaenner[0][2])),
            (cards(strohmaenner[1][0]), cards(strohmaenner[1][1]), cards(strohmaenner[1][2])),
        ),
    )


def scripted_deal(
    rules: RuleSet,
    *,
    dealer: int = 0,
    hands: Hands = ("", ""),
    strohmaenner: Piles = NO_PILES,
) -> GameState:
    """Deal from :func:`scripted_order` and check that every given card landed where asked."""
    order = scripted_order(rules, dealer=dealer, hands=hands, strohmaenner=strohmaenner)
    layout_hands, layout_piles = deal_layout(rules, order, dealer=dealer)
    for seat in SEATS:
        assert set(cards(hands[seat])) <= set(layout_hands[seat])
        for k in range(3):
            wanted = cards(strohmaenner[seat][k])
            assert layout_piles[seat][k][: len(wanted)] == wanted
    state = deal(rules, dealer=dealer, order=order)
    for seat in SEATS:
        assert state.hand(seat) == tuple(sorted(layout_hands[seat]))
    return state


def play(state: GameState, script: str) -> GameState:
    """Apply the actions of ``script`` (notations separated by spaces), each checked to be listed."""
    for action in plays(script):
        legal = state.legal_actions()
        assert action in legal, f"{action} is not among {[str(a) for a in legal]} ({state!r})"
        state = state.apply(action)
    return state


def legal_texts(state: GameState) -> list[str]:
    """The legal actions as notation strings, in the library's order."""
    return [str(a) for a in state.legal_actions()]


def legal_cards(state: GameState) -> set[Card]:
    """The cards of the legal plays."""
    return {a.card for a in state.legal_actions() if isinstance(a, Play)}


def on_deck(rules: RuleSet, deck: Deck) -> RuleSet:
    """``rules`` moved onto ``deck``: bonuses the deck cannot have are dropped, thresholds kept valid."""
    if rules.deck is deck:
        return rules
    deck_cards = set(deck.cards)
    bonuses = tuple((b, v) for b, v in rules.scoring.bonuses if all(c in deck_cards for c in b.required_cards))

    def clamp(points: int) -> int:
        return min(max(points, deck.winning_points), deck.total_points)

    scoring = attrs.evolve(
        rules.scoring,
        bonuses=bonuses,
        major_points=clamp(rules.scoring.major_points),
        defender_major_points=clamp(rules.scoring.defender_major_points),
    )
    return attrs.evolve(rules, deck=deck, scoring=scoring, name=f"{rules.name}-{deck.value}")


_ANNOUNCEMENT_SETS: Final[tuple[frozenset[Announcement], ...]] = (
    frozenset(),
    frozenset({Announcement.TRULL}),
    frozenset({Announcement.FOUR_KINGS}),
    frozenset({Announcement.TRULL, Announcement.FOUR_KINGS}),
)

#: Every well-formed action value: the six decisions and every card with every announcement set
#: and every call (including calls on the wrong card).
ALL_ACTIONS: Final[tuple[Action, ...]] = (
    Fold(),
    Keep(),
    Take(),
    Pass(),
    Double(),
    NoDouble(),
    *(Play(c, ann, call) for c in DECK_54 for ann in _ANNOUNCEMENT_SETS for call in (None, Call.ROSS, Call.TOPSCHIN)),
)


def strohmann_layout(state: GameState) -> tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]:
    """The Strohmänner as dealt (R6), by seat, top card first."""
    order = state.order
    assert order is not None
    return deal_layout(state.rules, order, dealer=state.dealer)[1]


def face_down_cards(
    state: GameState,
    player: int,
    piles: tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]] | None = None,
) -> list[Card]:
    """The cards lying face down on ``player``'s Strohmänner, read from the deal's order.

    The face-down cards of a Strohmann are always its bottom ``face_down`` cards (it is turned
    from the top); the face-up top, if any, lies directly above them.
    """
    if piles is None:
        piles = strohmann_layout(state)
    out: list[Card] = []
    for k, pile in enumerate(piles[player]):
        view = state.strohmann(player, k)
        assert 0 <= view.face_down <= len(pile)
        below = pile[len(pile) - view.face_down :]
        out.extend(below)
        if view.face_up is not None:
            assert len(pile) - view.face_down >= 1
            assert pile[len(pile) - view.face_down - 1] is view.face_up
    return out


def snapshot(state: GameState) -> tuple[object, ...]:
    """Everything the public accessors of ``state`` report, for before/after comparisons."""
    per_seat = tuple(
        (
            state.hand(p),
            state.strohmann_tops(p),
            state.available(p),
            state.strohmaenner(p),
            state.won_cards(p),
            state.card_points(p),
            state.announcements(p),
        )
        for p in SEATS
    )
    return (
        state.rules,
        state.dealer,
        state.elder,
        state.order,
        state.phase,
        state.current_player,
        state.is_terminal,
        state.void_reason,
        state.undertaker,
        state.doubled,
        state.is_simple_game,
        state.trick_number,
        state.history,
        state.tricks,
        state.current_trick,
        state.leader,
        state.events,
        state.legal_actions(),
        per_seat,
        hash(state),
        repr(state),
    )


def position_of(state: GameState) -> Position:
    """The position of a dealt state between two tricks of the card play, read through the
    public accessors (the face-down cards from the deal's layout, R6)."""
    layout = strohmann_layout(state)
    seats = []
    for p in (0, 1):
        piles = []
        for k in range(3):
            pile = state.strohmann(p, k)
            below = layout[p][k][len(layout[p][k]) - pile.face_down :] if pile.face_down else ()
            piles.append(((pile.face_up,) if pile.face_up is not None else ()) + tuple(below))
        seats.append(tuple(piles))
    return Position(
        rules=state.rules,
        hands=(state.hand(0), state.hand(1)),
        strohmaenner=(seats[0], seats[1]),
        won=(state.won_cards(0), state.won_cards(1)),
        leader=state.current_player if state.current_player is not None else 0,
        dealer=state.dealer,
        undertaker=state.undertaker,
        doubled=state.doubled,
        announcements=(state.announcements(0), state.announcements(1)),
    )


def position_playout(rules: RuleSet, seed: int, first: int = 0) -> list[GameState]:
    """A random deal played to a random trick from ``first`` on, set up there as a position and
    played out at random from it; [] if the deal ended before.

    For an even seed the position gives each seat's won cards (:func:`position_of`: a
    Rostopschin call made before is not part of it), for an odd one the tricks played card by
    card with their calls (:meth:`Position.at`)."""
    rng = random.Random(seed)
    state = deal(rules, dealer=seed % 2, rng=seed)
    stop = rng.randrange(first, rules.deck.trick_count - 1)
    while not state.is_terminal and (state.phase is not Phase.PLAY or state.trick_number < stop or state.current_trick):
        state = state.apply(rng.choice(state.legal_actions()))
    if state.is_terminal:
        return []
    start = (position_of(state) if seed % 2 == 0 else Position.at(state)).state()
    assert start.view(0).hand == state.view(0).hand and not start.view(0).dealt
    states = [start]
    while not states[-1].is_terminal:
        states.append(states[-1].apply(rng.choice(states[-1].legal_actions())))
    return states


def random_states(rules: RuleSet, seed: int) -> list[GameState]:
    """Every state of a random deal of ``rules`` (dealer ``seed % 2``, seeded by ``seed``)."""
    rng = random.Random(seed)
    states = [deal(rules, dealer=seed % 2, rng=rng)]
    while not states[-1].is_terminal:
        states.append(states[-1].apply(rng.choice(states[-1].legal_actions())))
    return states


def played_match(rules: RuleSet, deals: int, seed: int, first_dealer: int) -> Match:
    """A match of ``deals`` random deals of ``rules`` from one generator seeded by ``seed``, each
    dealt by the match (at the stakes its draws make, R26) and recorded."""
    rng = random.Random(seed)
    match = Match.start(rules, first_dealer=first_dealer)
    for _ in range(deals):
        state = match.deal(rng=rng)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        match = match.record(state)
    return match


def module_from_file(path: Path) -> ModuleType:
    """The module of a file outside the package (a tool, a docs extension: no package holds
    them), imported under its file's name (and registered, as a dataclass of it looks itself up)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(path.stem, module)
    spec.loader.exec_module(module)
    return module


def outputs_under_hash_seeds(script: str, seeds: tuple[str, ...] = ("1", "2", "3")) -> set[str]:
    """What ``python -c script`` prints under each ``PYTHONHASHSEED`` of ``seeds``: one output
    when nothing the script prints depends on the process's hash order."""
    import os
    import subprocess

    return {
        subprocess.run([sys.executable, "-c", script], env={**os.environ, "PYTHONHASHSEED": seed}, capture_output=True, text=True, check=True).stdout
        for seed in seeds
    }
