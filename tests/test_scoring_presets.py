"""Every line of every preset's base table, scripted (R8, R9, R21, R24, R25, RULINGS' preset table).

For each preset of ``strohmandeln.PRESETS`` there is at least one scripted deal per base line —
simple game won by either seat, simple game drawn, undertaken game won and lost by Elder and by the
dealer — and a Valat deal that shows its bonus lines. The values below are RULINGS' preset table,
written out literally; the searches use :mod:`scripted`'s independent scorer, never the library's
table. Seats: the dealer is seat 0, so seat 1 is Elder (R5).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from scripted import (
    TABLES,
    Line,
    Table,
    assert_result,
    c,
    find,
    scripted,
    totals_of,
    valat_order,
    wanting,
)

from strohmandeln import (
    PRESETS,
    Bonus,
    BothPass,
    Deck,
    DrawDoubling,
    FirstLead,
    LastCard,
    Reason,
    RuleSet,
    RuleSetError,
    ScoringTable,
    UndertakenDraw,
    ValatReplaces,
)

NAMES = ("classic", "extended", "beck", "zwanzigerrufen40", "mayr_sedlaczek", "furr", "stramandl")
PASS = ("pass", "pass")

#: RULINGS' preset table: simple game won / undertaken won / undertaken lost (no major cells).
SIMPLE = {"classic": 2, "extended": 1, "beck": 1, "zwanzigerrufen40": 2, "mayr_sedlaczek": 2, "furr": 2, "stramandl": 2}
WON = {"classic": 3, "extended": 3, "beck": 2, "zwanzigerrufen40": 3, "mayr_sedlaczek": 3, "furr": 3, "stramandl": 3}
LOST = {"classic": 4, "extended": 4, "beck": 3, "zwanzigerrufen40": 4, "mayr_sedlaczek": 4, "furr": 4, "stramandl": 4}

#: Elder's Valat as a simple game with the deal of :func:`scripted.valat_order`, played highest
#: card first: the last tricks are won by I, II, III, IIII, so every bird of the table scores.
VALAT: dict[str, tuple[Line, ...]] = {
    "classic": (("game", 1, 2, 1, "R9"), ("pagat", 1, 1, 1, "R19"), ("valat", 1, 12, 1, "R21")),
    "extended": (
        ("game", 1, 2, 1, "R22"),
        ("trull_in_tricks", 1, 1, 1, "R20"),
        ("four_kings_in_tricks", 1, 1, 1, "R20"),
        ("pagat", 1, 1, 1, "R19"),
        ("uhu", 1, 1, 1, "R19"),
        ("kakadu", 1, 1, 1, "R19"),
        ("valat", 1, 12, 1, "R21"),
    ),
    "beck": (("game", 1, 1, 1, "R9"), ("pagat", 1, 1, 1, "R19")),
    "zwanzigerrufen40": (("game", 1, 2, 1, "R9"), ("pagat", 1, 1, 1, "R19"), ("valat", 1, 12, 1, "R21")),
    "mayr_sedlaczek": (
        ("game", 1, 2, 1, "R9"),
        ("trull_in_tricks", 1, 1, 1, "R20"),
        ("four_kings_in_tricks", 1, 1, 1, "R20"),
        ("pagat", 1, 1, 1, "R19"),
        ("uhu", 1, 1, 1, "R19"),
        ("kakadu", 1, 1, 1, "R19"),
        ("quapil", 1, 1, 1, "R19"),
        ("valat", 1, 12, 1, "R21"),
    ),
    "furr": (
        ("game", 1, 2, 1, "R9"),
        ("trull_in_tricks", 1, 1, 1, "R20"),
        ("four_kings_in_tricks", 1, 1, 1, "R20"),
        ("pagat", 1, 1, 1, "R19"),
        ("uhu", 1, 1, 1, "R19"),
        ("kakadu", 1, 1, 1, "R19"),
        ("valat", 1, 12, 1, "R21"),
    ),
    "stramandl": (("game", 1, 2, 1, "R9"), ("pagat", 1, 1, 1, "R19"), ("valat", 1, 12, 1, "R21")),
}


def test_presets_are_the_seven_of_rulings() -> None:
    """RULINGS' preset table (R1–R26 options as data): exactly these seven presets, each an ordinary RuleSet value."""
    assert tuple(PRESETS) == NAMES
    assert all(isinstance(PRESETS[name], RuleSet) and PRESETS[name].name == name for name in NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_preset_scoring_table_is_rulings_table(name: str) -> None:
    """The preset table of RULINGS as data: base values, bonuses, draws (R25), R26 default, deck."""
    rules = PRESETS[name]
    s = rules.scoring
    mine = TABLES[name]
    assert (s.simple_won, s.undertaken_won, s.undertaken_lost) == (SIMPLE[name], WON[name], LOST[name])
    assert {b.value: v for b, v in s.bonuses} == dict(mine.bonuses)
    assert (s.simple_won_major, s.undertaken_won_major, s.undertaken_lost_major) == {
        "extended": (2, 4, 5),
        "furr": (None, 4, 5),
    }.get(name, (None, None, None))
    assert s.undertaken_draw is (UndertakenDraw.DRAW if name == "beck" else UndertakenDraw.LOSS)
    assert s.valat_replaces is ValatReplaces.NOTHING
    # R26 as amended: [004]'s presets double the next deal, [001]'s until decided, [000]'s the next
    # round, and only [000]'s count a 0 : 0 tie as a trigger.
    assert s.draw_doubling is {
        "beck": DrawDoubling.NEXT_DEAL,
        "mayr_sedlaczek": DrawDoubling.NEXT_DEAL,
        "furr": DrawDoubling.NEXT_DEAL,
        "stramandl": DrawDoubling.UNTIL_DECIDED,
    }.get(name, DrawDoubling.NEXT_ROUND)
    assert s.tie_doubles is (name in ("classic", "extended", "zwanzigerrufen40"))
    assert rules.deck is (Deck.SHORT_40 if name == "zwanzigerrufen40" else Deck.FULL_54)
    assert rules.last_card is LastCard.HIDDEN and rules.both_pass is BothPass.SIMPLE_GAME
    assert rules.first_lead is (FirstLead.UNDERTAKER if name == "furr" else FirstLead.ELDER)
    assert rules.fold_without_tarock is (name in ("classic", "extended", "zwanzigerrufen40"))
    assert rules.undertaker_doubling is False


# --- the base lines, per preset --------------------------------------------------------------


@pytest.mark.parametrize("winner", [0, 1], ids=["dealer wins", "elder wins"])
@pytest.mark.parametrize("name", NAMES)
def test_R9_simple_game_won_scores_the_simple_value(name: str, winner: int) -> None:
    """R9: both pass, a simple game is played; its winner scores the table's simple value."""
    value = SIMPLE[name]
    lines: tuple[Line, ...] = (("game", winner, value, 1, "R9"),)
    s = find(PRESETS[name], dealer=0, script=PASS, accept=wanting(TABLES[name], lines))
    assert s.actions[:2] == PASS or s.actions[1:3] == PASS  # (after a "keep", R7)
    result = assert_result(s, lines, totals_of(lines), winner=winner, drawn=False)
    assert result.undertaker is None and result.rules == name


@pytest.mark.parametrize("name", NAMES)
def test_R25_simple_game_drawn_has_no_base_line(name: str) -> None:
    """R25: neither reaches the threshold (35 rounded each; 44:44 with 40 cards): a draw, no line."""
    draw = 44 if name == "zwanzigerrufen40" else 35
    s = find(PRESETS[name], dealer=0, script=PASS, accept=wanting(TABLES[name], (), lambda o: o.rounded == (draw, draw)))
    assert_result(s, (), (0, 0), winner=None, drawn=True)


@pytest.mark.parametrize(
    ("script", "undertaker"), [(("take",), 1), (("pass", "take"), 0)], ids=["elder takes", "dealer takes"]
)
@pytest.mark.parametrize("name", NAMES)
def test_R8_undertaken_game_won_scores_the_won_value(name: str, script: tuple[str, ...], undertaker: int) -> None:
    """R8: the undertaker (Elder, or the dealer after Elder passed) wins the table's undertaken value."""
    lines: tuple[Line, ...] = (("game", undertaker, WON[name], 1, "R8"),)
    s = find(PRESETS[name], dealer=0, script=script, accept=wanting(TABLES[name], lines))
    result = assert_result(s, lines, totals_of(lines), winner=undertaker, drawn=False)
    assert result.undertaker == undertaker


@pytest.mark.parametrize(
    ("script", "undertaker"), [(("take",), 1), (("pass", "take"), 0)], ids=["elder takes", "dealer takes"]
)
@pytest.mark.parametrize("name", NAMES)
def test_R25_undertaken_game_lost_pays_the_lost_value(name: str, script: tuple[str, ...], undertaker: int) -> None:
    """R25: an undertaker below the threshold pays the table's lost value to the defender."""
    defender = 1 - undertaker
    lines: tuple[Line, ...] = (("game", defender, LOST[name], 1, "R25"),)
    s = find(PRESETS[name], dealer=0, script=script, accept=wanting(TABLES[name], lines))
    result = assert_result(s, lines, totals_of(lines), winner=defender, drawn=False)
    assert result.undertaker == undertaker


def test_R5_furr_undertaker_leads_and_elder_leads_when_both_pass() -> None:
    """R5 (Furr): the undertaker leads the first trick; Elder leads when both passed."""
    rules = PRESETS["furr"]
    taken = find(rules, dealer=0, script=("pass", "take"), accept=lambda o: True)
    assert taken.outcome.tricks[0].leader == 0
    passed = find(rules, dealer=0, script=PASS, accept=lambda o: True)
    assert passed.outcome.tricks[0].leader == 1
    classic = find(PRESETS["classic"], dealer=0, script=("pass", "take"), accept=lambda o: True)
    assert classic.outcome.tricks[0].leader == 1


# --- Valat, per preset ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_R21_valat_per_preset(name: str) -> None:
    """R21: Elder wins every trick; Valat (12, not in Beck's table) is added to the game and bonuses."""
    rules = PRESETS[name]
    s = scripted(rules, dealer=0, order=valat_order(rules, dealer=0), script=PASS, mode="last")
    tricks = 20 if name == "zwanzigerrufen40" else 27
    assert s.outcome.tricks_won == (0, tricks)
    assert s.outcome.thirds == (0, 264 if name == "zwanzigerrufen40" else 210)
    assert s.outcome.tricks[-1].cards[0] is c("I")
    lines = VALAT[name]
    assert_result(s, lines, totals_of(lines), winner=1, drawn=False)


# --- a user's own table from the same parts ----------------------------------------------------


def test_user_built_table_is_scored_from_its_parts() -> None:
    """R24/R19: no preset is special: a house table (Pagat 2, Quapil 3, simple 5) scores by its own values."""
    house = RuleSet(
        name="house",
        scoring=ScoringTable(simple_won=5, undertaken_won=6, undertaken_lost=7, bonuses={Bonus.PAGAT: 2, Bonus.QUAPIL: 3}),
    )
    mine = Table(False, 5, 6, 7, (("pagat", 2), ("quapil", 3)))
    lines: tuple[Line, ...] = (("game", 1, 5, 1, "R9"), ("pagat", 1, 2, 1, "R19"), ("quapil", 1, 3, 1, "R19"))
    pagat, quapil = c("I"), c("IIII")
    s = find(
        house,
        dealer=0,
        script=PASS,
        hands=((), (pagat, quapil)),
        avoid={1: {pagat, quapil}},
        accept=wanting(mine, lines),
    )
    assert_result(s, lines, totals_of(lines), winner=1, drawn=False)


@pytest.mark.parametrize(
    "change",
    [
        {"bonuses": {Bonus.UHU: 1}},
        {"bonuses": {Bonus.KAKADU: 1}},
        {"major_points": 89},
    ],
    ids=["Uhu without II", "Kakadu without III", "threshold above 88"],
)
def test_R4_contradictory_forty_card_tables_are_refused(change: dict[str, Any]) -> None:
    """R4/R19: a bird needing II or III, or a threshold above the deck total, is refused at construction."""
    base = PRESETS["zwanzigerrufen40"]
    with pytest.raises(RuleSetError) as error:
        attrs.evolve(base, name="broken", scoring=attrs.evolve(base.scoring, **change))
    assert error.value.reason is Reason.INCONSISTENT_RULES
