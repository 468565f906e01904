"""Every bonus, scripted: birds (R19), announcements (R17), in the tricks (R20), Rostopschin (R18),
Valat and what it replaces (R21), Mondfang (R23).

The cards that decide a bonus are placed with ``compose_order`` and the decisive plays are written
by notation; the rest of the deal is played by :mod:`scripted`'s seeded policy, searched until the
independently scored deal has exactly the lines the test states. Seats: the dealer is seat 0, so
seat 1 is Elder (R5).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from scripted import (
    KINGS,
    TABLES,
    Line,
    Outcome,
    Scripted,
    assert_result,
    c,
    cs,
    find,
    replay,
    scripted,
    totals_of,
    valat_order,
    wanting,
)

from strohmandeln import (
    CLASSIC,
    EXTENDED,
    PRESETS,
    Announcement,
    Bonus,
    Card,
    Play,
    Reason,
    RuleSet,
    ValatReplaces,
    compose_order,
    parse_action,
)

PASS = ("pass", "pass")
SIMPLE = {"classic": 2, "extended": 1, "beck": 1, "zwanzigerrufen40": 2, "mayr_sedlaczek": 2, "furr": 2, "stramandl": 2}
SKUS, MOND, PAGAT = c("Sküs"), c("XXI"), c("I")
XVII, XVIII = c("XVII"), c("XVIII")
TOP_SIX = cs("XVII XVIII XIX XX XXI Sküs")
BIRDS = {"pagat": c("I"), "uhu": c("II"), "kakadu": c("III"), "quapil": c("IIII")}
#: The trick of each bird, counted from the end (R19).
FROM_END = {"pagat": 1, "uhu": 2, "kakadu": 3, "quapil": 4}


def _find(name: str, lines: Sequence[Line], script: Sequence[str] = PASS, extra: Any = None, **kw: Any) -> Scripted:
    return find(PRESETS[name], dealer=0, script=script, accept=wanting(TABLES[name], lines, extra), **kw)


def _base(name: str, seat: int) -> Line:
    """The simple-game line of ``seat`` in preset ``name`` (a plain win, R9)."""
    return ("game", seat, SIMPLE[name], 1, "R9")


# --- R19: birds ------------------------------------------------------------------------------------

BIRD_CASES = [
    *[(name, "pagat") for name in PRESETS],
    *[(name, bird) for name in ("extended", "mayr_sedlaczek", "furr") for bird in ("uhu", "kakadu")],
    ("mayr_sedlaczek", "quapil"),
]


@pytest.mark.parametrize(("name", "bird"), BIRD_CASES)
def test_R19_bird_won_in_its_trick_scores_for_its_owner(name: str, bird: str) -> None:
    """R19: Pagat wins the last trick, Uhu the second-last, Kakadu the third-last, Quapil the fourth-last."""
    card = BIRDS[bird]
    lines = (_base(name, 1), (bird, 1, 1, 1, "R19"))
    s = _find(name, lines, hands=((), (card,)), avoid={1: {card}})
    trick = s.outcome.tricks[-FROM_END[bird]]
    assert card in trick.cards and trick.owner(card) == 1 and trick.winner == 1
    assert trick.number == (20 if name == "zwanzigerrufen40" else 27) + 1 - FROM_END[bird]
    assert_result(s, lines, totals_of(lines), winner=1, drawn=False)


@pytest.mark.parametrize(("name", "bird"), BIRD_CASES)
def test_R19_bird_beaten_in_its_trick_scores_for_the_opponent(name: str, bird: str) -> None:
    """R19: a bird played to its trick and beaten (e.g. a beaten Pagat in the last trick) scores for the opponent."""
    card = BIRDS[bird]
    lines = (_base(name, 0), (bird, 0, 1, 1, "R19"))
    keep = (c("XX"), c("XIX"))  # the dealer keeps two high tarocks for the bird's trick
    s = _find(name, lines, hands=(keep, (card,)), avoid={0: set(keep), 1: {card}})
    trick = s.outcome.tricks[-FROM_END[bird]]
    assert card in trick.cards and trick.owner(card) == 1 and trick.winner == 0
    assert_result(s, lines, totals_of(lines), winner=0, drawn=False)


@pytest.mark.parametrize(
    ("name", "bird"),
    [("classic", "uhu"), ("beck", "kakadu"), ("stramandl", "uhu"), ("extended", "quapil"), ("furr", "quapil")],
)
def test_R19_bird_outside_the_table_scores_nothing(name: str, bird: str) -> None:
    """R19 with the preset table: a bird the table lacks (Quapil in extended and Furr, Uhu in classic) scores nothing."""
    card = BIRDS[bird]
    lines = (_base(name, 1),)
    s = _find(name, lines, hands=((), (card,)), avoid={1: {card}}, extra=lambda o: o.events().get(bird) == 1)
    assert_result(s, lines, totals_of(lines), winner=1, drawn=False)


@pytest.mark.parametrize(
    ("name", "bird", "number", "won"),
    [
        ("classic", "pagat", 26, True),
        ("classic", "pagat", 25, False),
        ("extended", "uhu", 27, True),
        ("mayr_sedlaczek", "kakadu", 26, True),
        ("zwanzigerrufen40", "pagat", 19, True),
    ],
    ids=["Pagat wins trick 26", "Pagat beaten in trick 25", "Uhu wins the last trick", "Kakadu wins trick 26", "Pagat wins trick 19 of 20"],
)
def test_R19_bird_played_in_an_earlier_trick_scores_nothing(name: str, bird: str, number: int, won: bool) -> None:
    """R19: a bird played, won or lost, in any other trick than its own scores nothing for anyone."""
    card = BIRDS[bird]

    def there(o: Outcome) -> bool:
        trick = o.trick_with(card)
        return trick is not None and trick.number == number and (trick.winner == 1) is won

    lines = (_base(name, 1),)
    s = _find(name, lines, hands=((), (card,)), avoid={1: {card}}, extra=there)
    result = assert_result(s, lines, totals_of(lines), winner=1, drawn=False)
    assert all(line.kind == "game" for line in result.lines)


def test_R19_quapil_exists_with_forty_cards() -> None:
    """R19 details: with 40 cards Quapil (IIII, trick 17 of 20) exists; a table may add it to zwanzigerrufen40."""
    base = PRESETS["zwanzigerrufen40"]
    rules = attrs.evolve(
        base,
        name="zwanzigerrufen40_quapil",
        scoring=attrs.evolve(base.scoring, bonuses={**dict(base.scoring.bonuses), Bonus.QUAPIL: 1}),
    )
    table = dataclasses.replace(TABLES["zwanzigerrufen40"], bonuses=(*TABLES["zwanzigerrufen40"].bonuses, ("quapil", 1)))
    lines: tuple[Line, ...] = (_base("zwanzigerrufen40", 1), ("quapil", 1, 1, 1, "R19"))
    quapil = BIRDS["quapil"]
    s = find(rules, dealer=0, script=PASS, hands=((), (quapil,)), avoid={1: {quapil}}, accept=wanting(table, lines))
    trick = s.outcome.trick_with(quapil)
    assert trick is not None and trick.number == 17 and trick.winner == 1
    assert_result(s, lines, totals_of(lines), winner=1, drawn=False)


# --- R17: Trull and Four Kings announced in the hand -------------------------------------------

ANNOUNCING = ("classic", "beck", "zwanzigerrufen40", "stramandl")
#: (combination, cards in Elder's hand, the missing card)
COMBOS = {
    "trull": (cs("Sküs XXI ♣K"), c("I")),
    "kings": (cs("♣K ♠K ♥K"), c("♦K")),
}
KIND = {"trull": "trull_announced", "kings": "four_kings_announced"}


@pytest.mark.parametrize("combo", ["trull", "kings"])
@pytest.mark.parametrize("name", ANNOUNCING)
def test_R17_announced_after_taking_the_missing_card_up_at_the_uncovering(name: str, combo: str) -> None:
    """R17: the missing card lies on top of Elder's first Strohmann; uncovered, it goes to his hand,
    and his first play announces the combination."""
    held, missing = COMBOS[combo]
    lines = (_base(name, 1), (KIND[combo], 1, 1, 1, "R17"))
    s = _find(
        name, lines, script=(*PASS, f"♣K+{combo}"), hands=((), held), piles=(((), (), ()), ((missing,), (), ()))
    )
    assert any(e.card is missing and e.player == 1 and e.to_hand and e.after_trick == 0 for e in s.state.events)
    assert_result(s, lines, totals_of(lines), winner=1, drawn=False)


@pytest.mark.parametrize("combo", ["trull", "kings"])
@pytest.mark.parametrize("name", ANNOUNCING)
def test_R17_announced_after_taking_the_missing_card_up_during_play(name: str, combo: str) -> None:
    """R17: the missing card lies under ♣Q on Elder's Strohmann; Elder wins trick 1 with that ♣Q,
    the card is turned and taken up (R15), and only now may he announce — with ♣K in trick 2."""
    held, missing = COMBOS[combo]
    lines = (_base(name, 1), (KIND[combo], 1, 1, 1, "R17"))
    s = _find(
        name,
        lines,
        script=(*PASS, "♣Q", "*", f"♣K+{combo}"),
        hands=(cs("♣J"), held),
        piles=(((), (), ()), ((c("♣Q"), missing), (), ())),
    )
    assert_result(s, lines, totals_of(lines), winner=1, drawn=False)
    assert any(e.card is missing and e.player == 1 and e.to_hand and e.after_trick == 1 for e in s.state.events)
    first = s.actions.index("♣Q")
    before = replay(s.rules, dealer=0, order=s.order, actions=s.actions[:first])
    refused = before.why_illegal(parse_action(f"♣Q+{combo}"))
    assert refused is not None and refused.reason is Reason.ANNOUNCEMENT_NOT_ALLOWED
    assert s.outcome.tricks[0].winner == 1 and s.outcome.tricks[1].lead == parse_action(f"♣K+{combo}")


def test_R17_both_announcements_with_one_play() -> None:
    """R17: Trull and Four Kings may go with the same play; each scores 1."""
    lines: tuple[Line, ...] = (
        _base("classic", 1),
        ("trull_announced", 1, 1, 1, "R17"),
        ("four_kings_announced", 1, 1, 1, "R17"),
    )
    s = _find("classic", lines, script=(*PASS, "♣K+trull+kings"), hands=((), (SKUS, MOND, PAGAT, *KINGS)))
    assert_result(s, lines, totals_of(lines), winner=1, drawn=False)


def test_R17_announcement_counts_whatever_happens_to_the_cards() -> None:
    """R17: the announced Trull scores even though its Pagat is later beaten in the last trick (R19)."""
    lines: tuple[Line, ...] = (_base("classic", 1), ("trull_announced", 1, 1, 1, "R17"), ("pagat", 0, 1, 1, "R19"))
    s = _find("classic", lines, script=(*PASS, "♣K+trull"), hands=((), (SKUS, MOND, PAGAT, c("♣K"))), avoid={1: {PAGAT}})
    assert_result(s, lines, totals_of(lines), winner=1, drawn=False)


def test_R17_unannounced_trull_and_kings_in_hand_score_nothing() -> None:
    """R17/R20: in classic, Trull and Four Kings held (and even won in the tricks) without announcing score nothing."""
    lines = (_base("classic", 1),)

    def both_in_tricks(o: Outcome) -> bool:
        ev = o.events()
        return ev.get("trull_in_tricks") == 1 and ev.get("four_kings_in_tricks") == 1

    s = _find("classic", lines, hands=((), (SKUS, MOND, PAGAT, *KINGS)), extra=both_in_tricks)
    assert_result(s, lines, totals_of(lines), winner=1, drawn=False)


def test_R17_no_announcement_after_a_card_of_the_combination_was_played() -> None:
    """R17: once the XXI is played unannounced, the Trull can no longer be announced."""
    order = compose_order(CLASSIC, dealer=0, hands=((), (SKUS, MOND, PAGAT, c("♣K"), c("V"))))
    s = scripted(CLASSIC, dealer=0, order=order, script=(*PASS, "XXI", "*", "♣K"))
    state = replay(CLASSIC, dealer=0, order=order, actions=s.actions[: s.actions.index("XXI") + 2])
    assert s.outcome.tricks[0].winner == 1
    assert not any(isinstance(a, Play) and Announcement.TRULL in a.announcements for a in state.legal_actions())
    assert "trull_announced" not in [line.kind for line in s.result().lines]


# --- R20: Trull and Four Kings in the tricks ---------------------------------------------------


@pytest.mark.parametrize("trull_seat", [0, 1])
@pytest.mark.parametrize("name", ["extended", "mayr_sedlaczek", "furr"])
def test_R20_trull_and_four_kings_in_the_tricks_of_both_players(name: str, trull_seat: int) -> None:
    """R20: both players' tricks are checked: one has Sküs, XXI and I, the other all four Kings."""
    kings_seat = 1 - trull_seat
    lines = (
        _base(name, trull_seat),
        ("trull_in_tricks", trull_seat, 1, 1, "R20"),
        ("four_kings_in_tricks", kings_seat, 1, 1, "R20"),
    )
    hands: list[tuple[Card, ...]] = [(), ()]
    hands[trull_seat] = (SKUS, MOND, PAGAT)
    hands[kings_seat] = KINGS
    s = _find(name, lines, hands=hands)
    assert {SKUS, MOND, PAGAT} <= s.outcome.won[trull_seat] and set(KINGS) <= s.outcome.won[kings_seat]
    assert_result(s, lines, totals_of(lines), winner=trull_seat, drawn=False)


# --- R18: Rostopschin ----------------------------------------------------------------------------

ROSS_PRESETS = ("extended", "furr")


@pytest.mark.parametrize("name", ROSS_PRESETS)
def test_R18_rostopschin_won_by_leading_xvii_and_xviii_with_calls(name: str) -> None:
    """R18: "Ross" with XVII wins trick 1, "Topschin" with the led XVIII wins trick 2: 1 for Elder."""
    lines = (_base(name, 1), ("rostopschin", 1, 1, 1, "R18"))
    s = _find(name, lines, script=(*PASS, "XVII!ross", "*", "XVIII!topschin", "*"), hands=((), TOP_SIX))
    assert [t.winner for t in s.outcome.tricks[:2]] == [1, 1]
    assert_result(s, lines, totals_of(lines), winner=1, drawn=False)


def test_R18_rostopschin_won_by_a_following_xvii_furr() -> None:
    """R18: "Ross" may go with a following XVII that takes the trick. Furr: Elder undertakes and
    leads (R5); the dealer takes trick 1 with XVII and leads XVIII with "Topschin"."""
    lines: tuple[Line, ...] = (("game", 0, 4, 1, "R25"), ("rostopschin", 0, 1, 1, "R18"))
    s = _find("furr", lines, script=("take", "V", "XVII!ross", "XVIII!topschin", "*"), hands=(TOP_SIX, (c("V"),)))
    assert s.outcome.tricks[0].leader == 1 and s.outcome.tricks[1].leader == 0
    assert s.outcome.tricks[0].follow == parse_action("XVII!ross")
    assert_result(s, lines, totals_of(lines), winner=0, drawn=False)


ROSS_LOST = {
    "beaten XVII": ((*PASS, "XVII!ross", "Sküs"), ((SKUS,), (XVII,))),
    "XIX led next": ((*PASS, "XVII!ross", "*", "XIX", "*"), ((), TOP_SIX)),
    "XVIII led without Topschin": ((*PASS, "XVII!ross", "*", "XVIII", "*"), ((), TOP_SIX)),
    "beaten XVIII": ((*PASS, "XVII!ross", "V", "XVIII!topschin", "XIX"), (cs("V XIX"), (XVII, XVIII))),
}


@pytest.mark.parametrize("case", list(ROSS_LOST))
@pytest.mark.parametrize("name", ROSS_PRESETS)
def test_R18_called_rostopschin_lost_scores_for_the_opponent(name: str, case: str) -> None:
    """R18: after "Ross" the caller is committed: a beaten XVII, no XVIII led with "Topschin" in the
    next trick, or a beaten XVIII loses Rostopschin, and it scores 1 for the opponent."""
    script, hands = ROSS_LOST[case]
    lines = (_base(name, 0), ("rostopschin", 0, 1, 1, "R18"))
    s = _find(name, lines, script=script, hands=hands)
    assert_result(s, lines, totals_of(lines), winner=0, drawn=False)


@pytest.mark.parametrize(
    ("script", "hands", "winners"),
    [
        ((*PASS, "XVII", "*", "XVIII", "*"), ((), TOP_SIX), [1, 1]),
        ((*PASS, "XVII", "Sküs"), ((SKUS,), (XVII,)), [0]),
    ],
    ids=["won without calls", "beaten without call"],
)
@pytest.mark.parametrize("name", ROSS_PRESETS)
def test_R18_rostopschin_without_calls_scores_nothing(
    name: str, script: tuple[str, ...], hands: tuple[tuple[Card, ...], tuple[Card, ...]], winners: list[int]
) -> None:
    """R18: XVII and XVIII played without "Ross"/"Topschin" neither earn nor risk anything."""
    lines = (_base(name, 1),)
    s = _find(name, lines, script=script, hands=hands)
    assert [t.winner for t in s.outcome.tricks[: len(winners)]] == winners
    assert_result(s, lines, totals_of(lines), winner=1, drawn=False)


def test_R18_ross_in_the_last_trick_is_necessarily_lost() -> None:
    """R18: "Ross" may go with XVII even in the last trick; with no trick after it, it is lost."""
    lines = (_base("extended", 1), ("rostopschin", 0, 1, 1, "R18"))
    s = _find(
        "extended",
        lines,
        hands=((), (XVII,)),
        avoid={1: {XVII}},
        ross=True,
        extra=lambda o: XVII in o.tricks[-1].cards and o.tricks[-1].winner == 1,
    )
    assert_result(s, lines, totals_of(lines), winner=1, drawn=False)


def test_R18_no_ross_call_where_the_table_has_no_rostopschin() -> None:
    """R18 with the preset table: classic has no Rostopschin, so the call is refused."""
    order = compose_order(CLASSIC, dealer=0, hands=((), (XVII,)))
    s = scripted(CLASSIC, dealer=0, order=order, script=PASS)
    start = replay(CLASSIC, dealer=0, order=order, actions=s.actions[: s.actions.index("pass") + 2])
    refused = start.why_illegal(parse_action("XVII!ross"))
    assert refused is not None and refused.reason is Reason.CALL_NOT_ALLOWED


# --- R23: Mondfang ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("script", "hands", "capturer"),
    [
        ((*PASS, "XXI", "Sküs"), ((SKUS,), (MOND,)), 0),
        ((*PASS, "Sküs", "XXI"), ((MOND,), (SKUS,)), 1),
    ],
    ids=["XXI led, Sküs follows", "Sküs led, XXI follows"],
)
def test_R23_mondfang_beck(script: tuple[str, ...], hands: tuple[tuple[Card, ...], tuple[Card, ...]], capturer: int) -> None:
    """R23: the Sküs capturing the XXI in one trick scores 1 for the capturer (beck)."""
    lines = (_base("beck", capturer), ("mondfang", capturer, 1, 1, "R23"))
    s = _find("beck", lines, script=script, hands=hands)
    assert s.outcome.tricks[0].winner == capturer
    assert_result(s, lines, totals_of(lines), winner=capturer, drawn=False)


@pytest.mark.parametrize("name", ["classic", "extended", "mayr_sedlaczek", "furr", "stramandl"])
def test_R23_mondfang_only_in_beck(name: str) -> None:
    """R23: Mondfang is an option of the beck preset only; elsewhere the same capture scores nothing."""
    lines = (_base(name, 0),)
    s = _find(name, lines, script=(*PASS, "XXI", "Sküs"), hands=((SKUS,), (MOND,)))
    assert s.outcome.events().get("mondfang") == 0
    assert_result(s, lines, totals_of(lines), winner=0, drawn=False)


# --- R21: Valat and what it replaces --------------------------------------------------------------


def _valat_rules(base: RuleSet, replaces: ValatReplaces) -> RuleSet:
    return attrs.evolve(base, name=f"{base.name}_valat_{replaces.value}", scoring=attrs.evolve(base.scoring, valat_replaces=replaces))


EXTENDED_VALAT_BONUSES: tuple[Line, ...] = (
    ("trull_in_tricks", 1, 1, 1, "R20"),
    ("four_kings_in_tricks", 1, 1, 1, "R20"),
    ("pagat", 1, 1, 1, "R19"),
    ("uhu", 1, 1, 1, "R19"),
    ("kakadu", 1, 1, 1, "R19"),
)
VALAT_LINE: Line = ("valat", 1, 12, 1, "R21")


@pytest.mark.parametrize(
    ("script", "game"),
    [(PASS, ("game", 1, 2, 1, "R22")), (("take",), ("game", 1, 4, 1, "R22"))],
    ids=["simple game", "undertaken"],
)
@pytest.mark.parametrize("replaces", list(ValatReplaces))
def test_R21_valat_replaces_extended(replaces: ValatReplaces, script: tuple[str, ...], game: Line) -> None:
    """R21: ``nothing`` adds Valat to the game and bonuses; ``game`` drops the base line only;
    ``game_and_bonuses`` leaves Valat alone."""
    rules = _valat_rules(EXTENDED, replaces)
    s = scripted(rules, dealer=0, order=valat_order(rules, dealer=0), script=script, mode="last")
    assert s.outcome.tricks_won == (0, 27)
    expected: tuple[Line, ...] = {
        ValatReplaces.NOTHING: (game, *EXTENDED_VALAT_BONUSES, VALAT_LINE),
        ValatReplaces.GAME: (*EXTENDED_VALAT_BONUSES, VALAT_LINE),
        ValatReplaces.GAME_AND_BONUSES: (VALAT_LINE,),
    }[replaces]
    assert_result(s, expected, totals_of(expected), winner=1, drawn=False)


def _valat_against_announced_kings_order() -> tuple[Card, ...]:
    """Elder: every tarock and ♣Q ♠Q ♥C ♥Q ♦Q; the dealer: all four Kings in his hand and the rest."""
    tarocks = [card for card in CLASSIC.deck.cards if card.is_tarock]
    return compose_order(
        CLASSIC,
        dealer=0,
        hands=(KINGS, (*cs("♣Q ♠Q ♥C ♥Q ♦Q"), *tarocks[:10])),
        strohmaenner=(((), (), ()), (tarocks[10:14], tarocks[14:18], tarocks[18:22])),
    )


@pytest.mark.parametrize("replaces", list(ValatReplaces))
def test_R21_valat_replaces_drops_the_opponents_lines_too(replaces: ValatReplaces) -> None:
    """R21: the dealer announces Four Kings (R17) and then throws the Kings away; Elder takes every
    trick. ``game_and_bonuses`` drops every other line of *both* players; ``game`` only the base line."""
    rules = _valat_rules(CLASSIC, replaces)
    s = scripted(
        rules,
        dealer=0,
        order=_valat_against_announced_kings_order(),
        script=(*PASS, "I", "♣K+kings"),
        prefer={0: set(KINGS)},
        mode="first",
    )
    assert s.outcome.tricks_won == (0, 27)
    game: Line = ("game", 1, 2, 1, "R9")
    kings: Line = ("four_kings_announced", 0, 1, 1, "R17")
    expected: tuple[Line, ...] = {
        ValatReplaces.NOTHING: (game, kings, VALAT_LINE),
        ValatReplaces.GAME: (kings, VALAT_LINE),
        ValatReplaces.GAME_AND_BONUSES: (VALAT_LINE,),
    }[replaces]
    assert_result(s, expected, totals_of(expected), winner=1, drawn=False)


def test_R21_R10_valat_of_a_doubled_undertaker_is_not_doubled() -> None:
    """R10/R21: doubling doubles the base line only; Pagat and Valat keep their values (6 + 1 + 12)."""
    rules = attrs.evolve(CLASSIC, name="classic_doubling", undertaker_doubling=True)
    s = scripted(rules, dealer=0, order=valat_order(rules, dealer=0), script=("take", "double"), mode="last")
    expected: tuple[Line, ...] = (("game", 1, 6, 1, "R8"), ("pagat", 1, 1, 1, "R19"), VALAT_LINE)
    result = assert_result(s, expected, (-19, 19), winner=1, drawn=False)
    assert result.doubled
