"""Scripted deals for the scoring and match tests (issue 3), with an independent scorer.

Two halves:

* **Scripted deals.** A deal is a rule set, a dealer, an explicit deck order (built with
  :func:`strohmandeln.compose_order`, R6) and a list of action notations read back with
  :func:`strohmandeln.parse_action`. :func:`run` plays a script and finishes the deal with a
  deterministic, seeded policy that can prefer or avoid given cards per seat; :func:`find` is a
  small deterministic search over seeds (the seed shuffles the cards the test leaves open and
  drives the policy) for a deal whose *independently computed* outcome is the one a test wants.
  Every found deal is a :class:`Scripted` value whose ``order`` and ``actions`` replay it exactly.

* **An independent scorer.** Nothing in this half asks the library how to count or score: card
  values come from the card notation (R1, R4), trick winners from the two cards (R15), card points
  from the cards each seat won (R2, R3), and the base and bonus lines from :class:`Table`, this
  module's own transcription of RULINGS' preset table (R17–R25). Tests search with it and then
  compare the library's :class:`~strohmandeln.DealResult` with literal expected lines.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from strohmandeln import (
    Action,
    Announcement,
    Call,
    Card,
    DealResult,
    GameState,
    Phase,
    Play,
    RuleSet,
    compose_order,
    deal,
    deal_layout,
    parse_action,
)

__all__ = [
    "ANY",
    "BONUS_ORDER",
    "KINGS",
    "Line",
    "Outcome",
    "Scripted",
    "TABLES",
    "Table",
    "c",
    "cs",
    "expected_lines",
    "find",
    "judge",
    "lines_of",
    "assert_result",
    "totals_of",
    "with_valat",
    "scripted",
    "valat_order",
    "outcome",
    "replay",
    "run",
    "thirds_of",
    "wanting",
]

#: One score line as the tests compare it: (kind, player, value, multiplier, rule).
Line = tuple[str, int, int, int, str]

#: A script entry that lets the policy choose the next action.
ANY: Final = "*"

_ROMAN: Final = "I II III IIII V VI VII VIII IX X XI XII XIII XIV XV XVI XVII XVIII XIX XX XXI".split()
_TAROCK_NUMBER: Final = {text: n for n, text in enumerate(_ROMAN, 1)} | {"Sküs": 22}
#: Strength of a suit card by its label (R1: black K Q C J 10 9 8 7; red K Q C J 1 2 3 4).
_SUIT_STRENGTH: Final = {"K": 8, "Q": 7, "C": 6, "J": 5, "10": 4, "9": 3, "8": 2, "7": 1, "1": 4, "2": 3, "3": 2, "4": 1}
#: Court-card values (R1); every other card is worth 1 (54 cards) or, for the Glatze, 0 (R4).
_COURT_VALUE: Final = {"K": 5, "Q": 4, "C": 3, "J": 2}


def c(text: str) -> Card:
    """One card from its notation."""
    return Card.parse(text)


def cs(text: str) -> tuple[Card, ...]:
    """Cards from space-separated notation."""
    return tuple(Card.parse(t) for t in text.split())


SKUS: Final = c("Sküs")
MOND: Final = c("XXI")
PAGAT: Final = c("I")
XVII: Final = c("XVII")
XVIII: Final = c("XVIII")
KINGS: Final = cs("♣K ♠K ♥K ♦K")
TRULL: Final = frozenset({SKUS, MOND, PAGAT})


# ---------------------------------------------------------------------------------------------
# Cards, tricks and card points, from the notation alone


def _is_tarock(card: Card) -> bool:
    return str(card) in _TAROCK_NUMBER


def _suit_label(card: Card) -> tuple[str, str]:
    text = str(card)
    return text[0], text[1:]


def _strength(card: Card) -> int:
    if _is_tarock(card):
        return _TAROCK_NUMBER[str(card)]
    return _SUIT_STRENGTH[_suit_label(card)[1]]


def card_value(card: Card, deck40: bool) -> int:
    """The card's value: R1 for 54 cards; R4's Zwanzigerrufen values for 40 (Glatze 0)."""
    if _is_tarock(card):
        return 5 if str(card) in ("I", "XXI", "Sküs") else 1
    return _COURT_VALUE.get(_suit_label(card)[1], 0 if deck40 else 1)


def thirds_of(cards: Sequence[Card] | frozenset[Card], deck40: bool = False) -> int:
    """Card points in thirds: value − ⅔ per card (R2), or 3 × the plain sum with 40 cards (R4)."""
    if deck40:
        return sum(3 * card_value(card, True) for card in cards)
    return sum(3 * card_value(card, False) - 2 for card in cards)


def follower_wins(lead: Card, follow: Card) -> bool:
    """R15: the highest tarock wins; without tarocks the highest card of the led suit."""
    if _is_tarock(follow):
        return not _is_tarock(lead) or _strength(follow) > _strength(lead)
    if _is_tarock(lead):
        return False
    return _suit_label(follow)[0] == _suit_label(lead)[0] and _strength(follow) > _strength(lead)


def rounded(thirds: int) -> int:
    """R3: whole points, ⅓ rounding down and ⅔ up."""
    whole, rest = divmod(thirds, 3)
    return whole + (1 if rest == 2 else 0)


@dataclass(frozen=True)
class TrickFacts:
    """One finished trick as this module sees it; ``winner`` is computed here (R15)."""

    number: int
    leader: int
    lead: Play
    follow: Play
    winner: int

    @property
    def cards(self) -> tuple[Card, Card]:
        return (self.lead.card, self.follow.card)

    def plays(self) -> tuple[tuple[int, Play], tuple[int, Play]]:
        """(seat, play) of the leader and of the follower."""
        return ((self.leader, self.lead), (1 - self.leader, self.follow))

    def owner(self, card: Card) -> int:
        """The seat that played ``card`` to this trick."""
        return self.leader if self.lead.card is card else 1 - self.leader


@dataclass(frozen=True)
class Outcome:
    """What happened in a finished deal, recomputed from its tricks."""

    deck40: bool
    undertaker: int | None
    doubled: bool
    tricks: tuple[TrickFacts, ...]
    won: tuple[frozenset[Card], frozenset[Card]]

    @property
    def thirds(self) -> tuple[int, int]:
        return (thirds_of(self.won[0], self.deck40), thirds_of(self.won[1], self.deck40))

    @property
    def rounded(self) -> tuple[int, int]:
        t0, t1 = self.thirds
        return (rounded(t0), rounded(t1))

    @property
    def tricks_won(self) -> tuple[int, int]:
        n1 = sum(t.winner for t in self.tricks)
        return (len(self.tricks) - n1, n1)

    def trick_with(self, card: Card) -> TrickFacts | None:
        for trick in self.tricks:
            if card in trick.cards:
                return trick
        return None

    def events(self) -> dict[str, int]:
        """Every bonus event of the deal, whatever the table: kind -> the seat it scores for."""
        ev: dict[str, int] = {}
        if not self.tricks:
            return ev
        for kind, ann in (("trull_announced", Announcement.TRULL), ("four_kings_announced", Announcement.FOUR_KINGS)):
            for trick in self.tricks:
                for seat, play in trick.plays():
                    if ann in play.announcements:
                        ev[kind] = seat
        for seat in (0, 1):
            if TRULL <= self.won[seat]:
                ev["trull_in_tricks"] = seat
            if set(KINGS) <= self.won[seat]:
                ev["four_kings_in_tricks"] = seat
        n = len(self.tricks)
        for kind, number in (("pagat", 1), ("uhu", 2), ("kakadu", 3), ("quapil", 4)):
            if self.deck40 and number in (2, 3):
                continue
            trick = self.tricks[n - number]
            bird = Card.tarock(number)
            if bird in trick.cards:
                owner = trick.owner(bird)
                ev[kind] = owner if trick.winner == owner else 1 - owner
        ross = self._rostopschin()
        if ross is not None:
            ev["rostopschin"] = ross
        winners = {t.winner for t in self.tricks}
        if len(winners) == 1:
            ev["valat"] = winners.pop()
        for trick in self.tricks:
            if SKUS in trick.cards and MOND in trick.cards:
                ev["mondfang"] = trick.winner
        return ev

    def _rostopschin(self) -> int | None:
        """R18: the seat a called Rostopschin scores for, or None without a "Ross" call."""
        for k, trick in enumerate(self.tricks):
            for seat, play in trick.plays():
                if play.call is not Call.ROSS:
                    continue
                nxt = self.tricks[k + 1] if k + 1 < len(self.tricks) else None
                won = (
                    trick.winner == seat
                    and nxt is not None
                    and nxt.leader == seat
                    and nxt.lead.card is XVIII
                    and nxt.lead.call is Call.TOPSCHIN
                    and nxt.winner == seat
                )
                return seat if won else 1 - seat
        return None


def outcome(state: GameState) -> Outcome:
    """Recompute a finished deal's tricks, winners and piles; check the engine agrees on winners.

    A void deal (R7, R9) has an empty outcome: no tricks, nothing won.
    """
    deck40 = len(state.rules.deck.cards) == 40
    if state.phase is Phase.VOID:
        return Outcome(deck40, None, False, (), (frozenset(), frozenset()))
    assert state.phase is Phase.FINISHED, state.phase
    facts: list[TrickFacts] = []
    won: tuple[set[Card], set[Card]] = (set(), set())
    for trick in state.tricks:
        lead, follow = trick.plays
        winner = 1 - trick.leader if follower_wins(lead.card, follow.card) else trick.leader
        assert winner == trick.winner, f"trick {trick.number}: R15 gives seat {winner}, the engine {trick.winner}"
        facts.append(TrickFacts(trick.number, trick.leader, lead, follow, winner))
        won[winner].update(trick.cards)
    assert len(facts) == (20 if deck40 else 27)
    return Outcome(deck40, state.undertaker, state.doubled, tuple(facts), (frozenset(won[0]), frozenset(won[1])))


# ---------------------------------------------------------------------------------------------
# The preset tables of RULINGS, transcribed independently of strohmandeln.rules

#: The bonus lines in table order (the order the library lists them after the base line).
BONUS_ORDER: Final = (
    "trull_announced",
    "four_kings_announced",
    "trull_in_tricks",
    "four_kings_in_tricks",
    "pagat",
    "uhu",
    "kakadu",
    "quapil",
    "rostopschin",
    "valat",
    "mondfang",
)

_BONUS_RULE: Final = {
    "trull_announced": "R17",
    "four_kings_announced": "R17",
    "trull_in_tricks": "R20",
    "four_kings_in_tricks": "R20",
    "pagat": "R19",
    "uhu": "R19",
    "kakadu": "R19",
    "quapil": "R19",
    "rostopschin": "R18",
    "valat": "R21",
    "mondfang": "R23",
}


@dataclass(frozen=True)
class Table:
    """A scoring table as RULINGS' preset table states it (values in game points)."""

    deck40: bool
    simple_won: int
    undertaken_won: int
    undertaken_lost: int
    bonuses: tuple[tuple[str, int], ...]
    #: Grand Point (R22): a simple game won with 45 rounded.
    simple_won_major: int | None = None
    #: An undertaker winning with 45 rounded.
    undertaken_won_major: int | None = None
    #: A lost undertaken game, major when the undertaker is below this ([000]: "less than 26") …
    lost_major_undertaker_below: int | None = None
    #: … or when the defender has at least this (Furr: 44).
    lost_major_defender_from: int | None = None
    undertaken_lost_major: int | None = None
    #: Beck: 35:35 is a draw in an undertaken game too (R25).
    undertaken_draw: bool = False
    #: R21: "nothing", "game" or "game_and_bonuses".
    valat_replaces: str = "nothing"

    def value_of(self, kind: str) -> int | None:
        return dict(self.bonuses).get(kind)


_CLASSIC_BONUSES: Final = (("trull_announced", 1), ("four_kings_announced", 1), ("pagat", 1), ("valat", 12))

#: RULINGS' preset table, by preset name.
TABLES: Final[Mapping[str, Table]] = {
    "classic": Table(False, 2, 3, 4, _CLASSIC_BONUSES),
    "extended": Table(
        False,
        1,
        3,
        4,
        (
            ("trull_in_tricks", 1),
            ("four_kings_in_tricks", 1),
            ("pagat", 1),
            ("uhu", 1),
            ("kakadu", 1),
            ("rostopschin", 1),
            ("valat", 12),
        ),
        simple_won_major=2,
        undertaken_won_major=4,
        lost_major_undertaker_below=26,
        undertaken_lost_major=5,
    ),
    "beck": Table(
        False,
        1,
        2,
        3,
        (("trull_announced", 1), ("four_kings_announced", 1), ("pagat", 1), ("mondfang", 1)),
        undertaken_draw=True,
    ),
    "zwanzigerrufen40": Table(True, 2, 3, 4, (("trull_announced", 1), ("four_kings_announced", 1), ("pagat", 1), ("valat", 12))),
    "mayr_sedlaczek": Table(
        False,
        2,
        3,
        4,
        (
            ("trull_in_tricks", 1),
            ("four_kings_in_tricks", 1),
            ("pagat", 1),
            ("uhu", 1),
            ("kakadu", 1),
            ("quapil", 1),
            ("valat", 12),
        ),
    ),
    "furr": Table(
        False,
        2,
        3,
        4,
        (
            ("trull_in_tricks", 1),
            ("four_kings_in_tricks", 1),
            ("pagat", 1),
            ("uhu", 1),
            ("kakadu", 1),
            ("rostopschin", 1),
            ("valat", 12),
        ),
        undertaken_won_major=4,
        lost_major_defender_from=44,
        undertaken_lost_major=5,
    ),
    "stramandl": Table(False, 2, 3, 4, _CLASSIC_BONUSES),
}


def with_valat(table: Table, replaces: str) -> Table:
    """The same table with another R21 option."""
    return replace(table, valat_replaces=replaces)


def judge(table: Table, o: Outcome) -> tuple[int | None, bool, Line | None]:
    """(card play winner, drawn, base line before the deal multiplier) by R3, R8, R9, R22, R25, R10."""
    need = 45 if table.deck40 else 36
    pts = o.rounded
    if o.undertaker is None:
        winners = [seat for seat in (0, 1) if pts[seat] >= need]
        if not winners:
            return None, True, None
        w = winners[0]
        if table.simple_won_major is not None and pts[w] >= 45:
            return w, False, ("game", w, table.simple_won_major, 1, "R22")
        return w, False, ("game", w, table.simple_won, 1, "R9")
    u = o.undertaker
    d = 1 - u
    factor = 2 if o.doubled else 1
    if pts[u] >= need:
        if table.undertaken_won_major is not None and pts[u] >= 45:
            return u, False, ("game", u, table.undertaken_won_major * factor, 1, "R22")
        return u, False, ("game", u, table.undertaken_won * factor, 1, "R8")
    if table.undertaken_draw and pts[d] < need:
        return None, True, None
    major = (table.lost_major_undertaker_below is not None and pts[u] < table.lost_major_undertaker_below) or (
        table.lost_major_defender_from is not None and pts[d] >= table.lost_major_defender_from
    )
    if major and table.undertaken_lost_major is not None:
        return d, False, ("game", d, table.undertaken_lost_major * factor, 1, "R22")
    return d, False, ("game", d, table.undertaken_lost * factor, 1, "R25")


def expected_lines(table: Table, o: Outcome, multiplier: int = 1) -> tuple[Line, ...]:
    """Every line the table gives the deal: base line first, then bonuses in table order (R24)."""
    _, _, base = judge(table, o)
    lines: list[Line] = [] if base is None else [base]
    events = o.events()
    for kind in BONUS_ORDER:
        value = table.value_of(kind)
        if value is not None and kind in events:
            lines.append((kind, events[kind], value, 1, _BONUS_RULE[kind]))
    if "valat" in events and table.value_of("valat") is not None:
        if table.valat_replaces == "game":
            lines = [ln for ln in lines if ln[0] != "game"]
        elif table.valat_replaces == "game_and_bonuses":
            lines = [ln for ln in lines if ln[0] == "valat"]
    return tuple((k, p, v, multiplier, r) for k, p, v, _, r in lines)


def totals_of(lines: Sequence[Line]) -> tuple[int, int]:
    """The signed totals of lines (R24)."""
    net = sum(v * m if p == 0 else -v * m for _, p, v, m, _ in lines)
    return (net, -net)


def lines_of(result: DealResult) -> tuple[Line, ...]:
    """The library's lines in the tests' tuple form."""
    return tuple((ln.kind, ln.player, ln.value, ln.multiplier, ln.rule) for ln in result.lines)


# ---------------------------------------------------------------------------------------------
# Scripted deals


def _sizes(rules: RuleSet) -> tuple[int, tuple[int, int, int]]:
    return (10, (4, 3, 3)) if len(rules.deck.cards) == 40 else (15, (4, 4, 4))


Piles = Sequence[Sequence[Sequence[Card]]]
_NO_PILES: Final[Piles] = (((), (), ()), ((), (), ()))


def compose(
    rules: RuleSet,
    *,
    dealer: int,
    hands: Sequence[Sequence[Card]] = ((), ()),
    piles: Piles = _NO_PILES,
    seed: int | None = None,
) -> tuple[Card, ...]:
    """A deck order with the given cards in place; with ``seed``, the open places get a seeded shuffle.

    The fixed cards are checked against :func:`strohmandeln.deal_layout`.
    """
    if seed is None:
        order = compose_order(rules, dealer=dealer, hands=hands, strohmaenner=piles)
    else:
        hand_size, pile_sizes = _sizes(rules)
        used = {card for hand in hands for card in hand} | {card for seat in piles for pile in seat for card in pile}
        rest = [card for card in rules.deck.cards if card not in used]
        random.Random(seed).shuffle(rest)
        full_hands: list[list[Card]] = []
        full_piles: list[list[list[Card]]] = []
        for seat in (0, 1):
            hand = list(hands[seat])
            while len(hand) < hand_size:
                hand.append(rest.pop())
            full_hands.append(hand)
            seat_piles: list[list[Card]] = []
            for k in range(3):
                pile: list[Card] = list(piles[seat][k]) if k < len(piles[seat]) else []
                while len(pile) < pile_sizes[k]:
                    pile.append(rest.pop())
                seat_piles.append(pile)
            full_piles.append(seat_piles)
        assert not rest
        order = compose_order(rules, dealer=dealer, hands=full_hands, strohmaenner=full_piles)
    dealt_hands, dealt_piles = deal_layout(rules, order, dealer=dealer)
    for seat in (0, 1):
        assert set(hands[seat]) <= set(dealt_hands[seat])
        for k, fixed in enumerate(piles[seat]):
            assert tuple(dealt_piles[seat][k][: len(fixed)]) == tuple(fixed)
    return order


CardSets = Mapping[int, frozenset[Card] | set[Card] | Sequence[Card]]


def choose(
    state: GameState, rng: random.Random, *, avoid: CardSets, prefer: CardSets, mode: str, ross: bool = False
) -> Play:
    """A plain play (no announcement, no call): preferred cards first, avoided cards last.

    With ``ross``, a chosen XVII is played with the call "Ross" (R18).
    """
    seat = state.current_player
    assert seat is not None
    plain = [a for a in state.legal_actions() if isinstance(a, Play) and not a.announcements and a.call is None]
    wanted = set(prefer.get(seat, ()))
    shunned = set(avoid.get(seat, ()))
    pool = [a for a in plain if a.card in wanted] or plain
    pool = [a for a in pool if a.card not in shunned] or pool
    if mode == "first":
        pick = pool[0]
    elif mode == "last":
        pick = pool[-1]
    else:
        pick = rng.choice(pool)
    if ross and pick.card is XVII:
        return Play(XVII, call=Call.ROSS)
    return pick


def run(
    rules: RuleSet,
    *,
    dealer: int,
    order: Sequence[Card],
    script: Sequence[str],
    seed: int = 0,
    avoid: CardSets | None = None,
    prefer: CardSets | None = None,
    mode: str = "random",
    ross: bool = False,
    finish: bool = True,
) -> tuple[GameState, tuple[str, ...]]:
    """Deal ``order``, apply ``script`` (``"*"``: the policy plays) and finish with the policy.

    A tarockless player's fold question (R7) is answered ``keep`` unless the script says
    ``fold``/``keep`` itself. Returns the final state and the notation of every action applied.
    """
    state = deal(rules, dealer=dealer, order=order)
    rng = random.Random(seed)
    applied: list[str] = []
    avoid_ = avoid or {}
    prefer_ = prefer or {}

    def step(action: Action) -> None:
        nonlocal state
        state = state.apply(action)
        applied.append(str(action))

    for text in script:
        if text not in ("fold", "keep"):
            while state.phase is Phase.FOLD:
                step(parse_action("keep"))
        if text == ANY:
            step(choose(state, rng, avoid=avoid_, prefer=prefer_, mode=mode, ross=ross))
        else:
            step(parse_action(text))
    while finish and not state.is_terminal:
        if state.phase is Phase.FOLD:
            step(parse_action("keep"))
        elif state.phase is Phase.PLAY:
            step(choose(state, rng, avoid=avoid_, prefer=prefer_, mode=mode, ross=ross))
        else:
            raise AssertionError(f"the script leaves the deal in the {state.phase.value} phase")
    return state, tuple(applied)


def replay(rules: RuleSet, *, dealer: int, order: Sequence[Card], actions: Sequence[str]) -> GameState:
    """The deal dealt from ``order`` after the actions given by notation."""
    state = deal(rules, dealer=dealer, order=order)
    for text in actions:
        state = state.apply(parse_action(text))
    return state


@dataclass(frozen=True)
class Scripted:
    """A found deal: explicit deck order and actions, its final state and outcome."""

    rules: RuleSet
    dealer: int
    order: tuple[Card, ...]
    actions: tuple[str, ...]
    seed: int
    state: GameState
    outcome: Outcome

    def replay(self) -> GameState:
        return replay(self.rules, dealer=self.dealer, order=self.order, actions=self.actions)

    def result(self) -> DealResult:
        """The library's result of a fresh replay (which must equal the searched state)."""
        state = self.replay()
        assert state == self.state
        return state.result()

    def describe(self) -> str:
        return f"{self.rules.name} dealer={self.dealer} seed={self.seed}\norder={[str(x) for x in self.order]}\nactions={list(self.actions)}"


def find(
    rules: RuleSet,
    *,
    dealer: int,
    script: Sequence[str],
    accept: Callable[[Outcome], bool],
    hands: Sequence[Sequence[Card]] = ((), ()),
    piles: Piles = _NO_PILES,
    avoid: CardSets | None = None,
    prefer: CardSets | None = None,
    mode: str = "random",
    ross: bool = False,
    tries: int = 6000,
) -> Scripted:
    """The first seed (0, 1, 2, …) whose deal and play give an outcome ``accept`` takes.

    The seed shuffles the cards not fixed by ``hands``/``piles`` and drives the policy, so the
    search is deterministic; the found deal is returned with its explicit order and actions.
    """
    for seed in range(tries):
        order = compose(rules, dealer=dealer, hands=hands, piles=piles, seed=seed)
        state, actions = run(
            rules,
            dealer=dealer,
            order=order,
            script=script,
            seed=seed,
            avoid=avoid,
            prefer=prefer,
            mode=mode,
            ross=ross,
        )
        if state.phase is not Phase.FINISHED:
            continue
        found = outcome(state)
        if accept(found):
            return Scripted(rules, dealer, order, actions, seed, state, found)
    raise AssertionError(f"no {rules.name} deal within {tries} seeds satisfies the search")


def wanting(
    table: Table, lines: Sequence[Line], extra: Callable[[Outcome], bool] | None = None
) -> Callable[[Outcome], bool]:
    """A search predicate: the independent scorer gives exactly ``lines`` (and ``extra`` holds)."""
    target = tuple(lines)

    def accept(o: Outcome) -> bool:
        return (extra is None or extra(o)) and expected_lines(table, o) == target

    return accept


def assert_result(
    s: Scripted,
    lines: Sequence[Line],
    totals: tuple[int, int],
    *,
    winner: int | None,
    drawn: bool,
    thirds: tuple[int, int] | None = None,
) -> DealResult:
    """Compare the library's result of ``s`` with literal expectations and the recomputed card points."""
    result = s.result()
    info = s.describe() + "\n" + str(result)
    assert totals_of(lines) == totals, "the test's own lines and totals disagree"
    assert lines_of(result) == tuple(lines), info
    assert result.totals == totals, info
    assert result.card_play_winner == winner, info
    assert result.drawn is drawn, info
    assert result.void is None and not result.is_void, info
    assert result.undertaker == s.outcome.undertaker, info
    assert result.multiplier == 1, info
    assert (result.card_points[0].thirds, result.card_points[1].thirds) == s.outcome.thirds, info
    if thirds is not None:
        assert s.outcome.thirds == thirds, info
    return result


def scripted(
    rules: RuleSet,
    *,
    dealer: int,
    order: tuple[Card, ...],
    script: Sequence[str],
    avoid: CardSets | None = None,
    prefer: CardSets | None = None,
    mode: str = "first",
    seed: int = 0,
) -> Scripted:
    """A fully determined deal: ``order``, ``script``, then the (deterministic) policy."""
    state, actions = run(
        rules, dealer=dealer, order=order, script=script, seed=seed, avoid=avoid, prefer=prefer, mode=mode
    )
    return Scripted(rules, dealer, order, actions, seed, state, outcome(state))


def valat_order(rules: RuleSet, *, dealer: int) -> tuple[Card, ...]:
    """Elder holds every tarock (with 54 cards also the four Kings and ♥Q); the dealer the rest.

    Elder's Strohmänner hold only tarocks, so they all go into his hand at the uncovering (R11,
    R12); the dealer has no tarock, so Elder wins every trick he leads — all of them (R21).
    """
    tarocks = [card for card in rules.deck.cards if _is_tarock(card)]
    if len(rules.deck.cards) == 40:
        hand = tarocks[:10]
        piles = (tarocks[10:14], tarocks[14:17], tarocks[17:20])
    else:
        hand = [*KINGS, c("♥Q"), *tarocks[:10]]
        piles = (tarocks[10:14], tarocks[14:18], tarocks[18:22])
    elder = 1 - dealer
    hands: list[Sequence[Card]] = [(), ()]
    hands[elder] = hand
    all_piles: list[Sequence[Sequence[Card]]] = [((), (), ()), ((), (), ())]
    all_piles[elder] = piles
    return compose(rules, dealer=dealer, hands=hands, piles=all_piles)
