"""Scoring a deal: draws, thresholds, Grand Point, the doubled undertaker, void results (R3, R4, R10, R22, R24, R25).

Every deal here is scripted: an explicit deck order (``compose_order``) and actions by notation
(``parse_action``), found by the deterministic search of :mod:`scripted` so that the card points
land exactly on the boundary under test. The expected card points are recomputed from the cards
each seat won (not asked of the library), and every expected line is written out literally.

Seats: the dealer is seat 0 unless said otherwise, so seat 1 is Elder (R5).
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import attrs
import pytest
from scripted import (
    TABLES,
    Line,
    Outcome,
    Scripted,
    Table,
    assert_result,
    c,
    find,
    lines_of,
    run,
    wanting,
)

from strohmandeln import (
    BECK,
    CLASSIC,
    EXTENDED,
    FURR,
    ZWANZIGERRUFEN_40,
    BothPass,
    CardPoints,
    DealResult,
    Reason,
    RuleSet,
    SerializationError,
    StateError,
    UndertakenDraw,
    compose_order,
    deal,
    parse_action,
)

PASS = ("pass", "pass")
ELDER_TAKES = ("take",)
DEALER_TAKES = ("pass", "take")
PAGAT = c("I")

CLASSIC_DOUBLING = attrs.evolve(CLASSIC, name="classic_doubling", undertaker_doubling=True)
EXTENDED_DOUBLING = attrs.evolve(EXTENDED, name="extended_doubling", undertaker_doubling=True)
BECK_35_LOSES = attrs.evolve(
    BECK, name="beck_35_loses", scoring=attrs.evolve(BECK.scoring, undertaken_draw=UndertakenDraw.LOSS)
)
#: The independent tables of the derived rule sets (R10 changes no table value).
DERIVED: dict[str, Table] = {
    CLASSIC_DOUBLING.name: TABLES["classic"],
    EXTENDED_DOUBLING.name: TABLES["extended"],
    BECK_35_LOSES.name: dataclasses.replace(TABLES["beck"], undertaken_draw=False),
}


def _search(
    rules: RuleSet,
    script: tuple[str, ...],
    lines: tuple[Line, ...],
    thirds: tuple[int, int] | None = None,
    **kw: Any,
) -> Scripted:
    """A dealer-0 deal whose independently scored lines are ``lines`` (and card points ``thirds``)."""
    table = TABLES[rules.name] if rules.name in TABLES else DERIVED[rules.name]

    def exact(o: Outcome) -> bool:
        return thirds is None or o.thirds == thirds

    return find(rules, dealer=0, script=script, accept=wanting(table, lines, exact), **kw)


# --- R25 / R3: draws of the card play ---------------------------------------------------------


@pytest.mark.parametrize("thirds", [(105, 105), (104, 106), (106, 104)], ids=["35:35", "34+2/3:35+1/3", "35+1/3:34+2/3"])
def test_R25_R3_simple_game_drawn_at_35_rounded_each_has_no_base_line(thirds: tuple[int, int]) -> None:
    """R25/R3: 35:35 and 34⅔:35⅓ in a simple game are a draw: no base line at all, totals 0 : 0."""
    s = _search(CLASSIC, PASS, (), thirds)
    result = assert_result(s, (), (0, 0), winner=None, drawn=True, thirds=thirds)
    assert result.undertaker is None
    assert result.doubles_later_deals(CLASSIC)  # R26: a drawn card play doubles later deals


@pytest.mark.parametrize("thirds", [(105, 105), (104, 106)], ids=["35:35", "34+2/3:35+1/3"])
def test_R25_simple_game_draw_still_scores_the_bonuses(thirds: tuple[int, int]) -> None:
    """R25: in a drawn simple game the bonuses are still scored (here the Pagat ultimo of seat 1)."""
    lines: tuple[Line, ...] = (("pagat", 1, 1, 1, "R19"),)
    s = _search(CLASSIC, PASS, lines, thirds, hands=((), (PAGAT,)), avoid={1: {PAGAT}})
    assert s.outcome.tricks[-1].winner == 1 and PAGAT in s.outcome.tricks[-1].cards
    assert_result(s, lines, (-1, 1), winner=None, drawn=True, thirds=thirds)


def test_R3_simple_game_won_with_35_and_2_cards() -> None:
    """R3: 35⅔ ("35 and 2 cards") rounds to 36 and wins the card play; 34⅓ loses it."""
    lines: tuple[Line, ...] = (("game", 0, 2, 1, "R9"),)
    s = _search(CLASSIC, PASS, lines, (107, 103))
    assert_result(s, lines, (2, -2), winner=0, drawn=False, thirds=(107, 103))


# --- R25: the undertaker needs the threshold (outside Beck) ----------------------------------


@pytest.mark.parametrize("thirds", [(104, 106), (105, 105)], ids=["undertaker 35+1/3", "undertaker 35"])
def test_R25_undertaker_on_35_rounded_loses_outside_beck(thirds: tuple[int, int]) -> None:
    """R25: Elder undertakes and ends on 35⅓ (or 35): he has lost, the defender wins 4 (classic)."""
    lines: tuple[Line, ...] = (("game", 0, 4, 1, "R25"),)
    s = _search(CLASSIC, ELDER_TAKES, lines, thirds)
    result = assert_result(s, lines, (4, -4), winner=0, drawn=False, thirds=thirds)
    assert result.undertaker == 1 and not result.doubles_later_deals(CLASSIC)


def test_R3_R8_undertaker_with_35_and_2_cards_wins() -> None:
    """R3/R8: the undertaker (the dealer, after Elder passed) with 35⅔ wins 3 (classic)."""
    lines: tuple[Line, ...] = (("game", 0, 3, 1, "R8"),)
    s = _search(CLASSIC, DEALER_TAKES, lines, (107, 103))
    result = assert_result(s, lines, (3, -3), winner=0, drawn=False, thirds=(107, 103))
    assert result.undertaker == 0


@pytest.mark.parametrize(
    "thirds", [(105, 105), (104, 106), (106, 104)], ids=["35:35", "undertaker 35+1/3", "undertaker 34+2/3"]
)
def test_R25_beck_undertaken_game_drawn_at_35_35(thirds: tuple[int, int]) -> None:
    """R25: in Beck 35:35 (rounded) is a draw in an undertaken game too; only bonuses count."""
    s = _search(BECK, ELDER_TAKES, (), thirds)
    result = assert_result(s, (), (0, 0), winner=None, drawn=True, thirds=thirds)
    assert result.undertaker == 1 and result.doubles_later_deals(BECK)


def test_R25_beck_option_counts_35_35_as_the_declarers_loss() -> None:
    """R25 option: with ``undertaken_draw=loss`` Beck's 35:35 in an undertaken game is the undertaker's loss (3)."""
    lines: tuple[Line, ...] = (("game", 0, 3, 1, "R25"),)
    s = _search(BECK_35_LOSES, ELDER_TAKES, lines, (105, 105))
    assert_result(s, lines, (3, -3), winner=0, drawn=False, thirds=(105, 105))


def test_R25_beck_undertaken_game_lost_below_35() -> None:
    """R25: in Beck the undertaker on 34⅓ (34 rounded) loses 3."""
    lines: tuple[Line, ...] = (("game", 0, 3, 1, "R25"),)
    s = _search(BECK, ELDER_TAKES, lines, (107, 103))
    assert_result(s, lines, (3, -3), winner=0, drawn=False, thirds=(107, 103))


# --- R22: Grand Point ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("thirds", "value", "rule"),
    [((133, 77), 1, "R9"), ((134, 76), 2, "R22")],
    ids=["44+1/3 plain win", "44+2/3 Grand Point"],
)
def test_R22_grand_point_extended_simple_game_winner_44_2_thirds(thirds: tuple[int, int], value: int, rule: str) -> None:
    """R22/R3: a simple game won with 44⅔ (45 rounded) is worth 2 in extended; 44⅓ only 1."""
    lines: tuple[Line, ...] = (("game", 0, value, 1, rule),)
    s = _search(EXTENDED, PASS, lines, thirds)
    assert_result(s, lines, (value, -value), winner=0, drawn=False, thirds=thirds)


@pytest.mark.parametrize(
    ("thirds", "value", "rule"),
    [((77, 133), 3, "R8"), ((76, 134), 4, "R22")],
    ids=["undertaker 44+1/3", "undertaker 44+2/3"],
)
def test_R22_grand_point_extended_undertaker_44_2_thirds_wins_major(thirds: tuple[int, int], value: int, rule: str) -> None:
    """R22: the undertaker winning with 44⅔ scores 4 (Grand Point), with 44⅓ the plain 3."""
    lines: tuple[Line, ...] = (("game", 1, value, 1, rule),)
    s = _search(EXTENDED, ELDER_TAKES, lines, thirds)
    assert_result(s, lines, (-value, value), winner=1, drawn=False, thirds=thirds)


@pytest.mark.parametrize(
    ("thirds", "value", "rule"),
    [((134, 76), 5, "R22"), ((133, 77), 4, "R25")],
    ids=["undertaker 25+1/3", "undertaker 25+2/3"],
)
def test_R22_grand_point_extended_undertaker_under_26_loses_major(thirds: tuple[int, int], value: int, rule: str) -> None:
    """R22/R3: an undertaker on 25⅓ ("less than 26") pays 5; on 25⅔ (26 rounded) the plain 4."""
    lines: tuple[Line, ...] = (("game", 0, value, 1, rule),)
    s = _search(EXTENDED, ELDER_TAKES, lines, thirds)
    assert_result(s, lines, (value, -value), winner=0, drawn=False, thirds=thirds)


@pytest.mark.parametrize(
    ("thirds", "value", "rule"),
    [((131, 79), 5, "R22"), ((130, 80), 4, "R25")],
    ids=["defender 43+2/3", "defender 43+1/3"],
)
def test_R22_furr_defender_44_threshold(thirds: tuple[int, int], value: int, rule: str) -> None:
    """R22: Furr's defender major needs 44 rounded: 43⅔ makes the undertaker pay 5, 43⅓ only 4."""
    lines: tuple[Line, ...] = (("game", 0, value, 1, rule),)
    s = _search(FURR, ELDER_TAKES, lines, thirds)
    assert_result(s, lines, (value, -value), winner=0, drawn=False, thirds=thirds)


@pytest.mark.parametrize(
    ("thirds", "value", "rule"),
    [((77, 133), 3, "R8"), ((76, 134), 4, "R22")],
    ids=["undertaker 44+1/3", "undertaker 44+2/3"],
)
def test_R22_furr_undertaker_major_win_at_45(thirds: tuple[int, int], value: int, rule: str) -> None:
    """R22: Furr's declarer major win follows [004]'s table: 45 or more (rounded) scores 4."""
    lines: tuple[Line, ...] = (("game", 1, value, 1, rule),)
    s = _search(FURR, ELDER_TAKES, lines, thirds)
    assert_result(s, lines, (-value, value), winner=1, drawn=False, thirds=thirds)


def test_R22_furr_has_no_grand_point_in_a_simple_game() -> None:
    """R22 (preset table): Furr's simple game is 2 whatever the margin."""
    lines: tuple[Line, ...] = (("game", 0, 2, 1, "R9"),)
    s = _search(FURR, PASS, lines, (134, 76))
    assert_result(s, lines, (2, -2), winner=0, drawn=False, thirds=(134, 76))


@pytest.mark.parametrize(
    ("script", "thirds", "line"),
    [
        (ELDER_TAKES, (76, 134), ("game", 1, 3, 1, "R8")),
        (ELDER_TAKES, (134, 76), ("game", 0, 4, 1, "R25")),
        (PASS, (134, 76), ("game", 0, 2, 1, "R9")),
    ],
    ids=["undertaker 44+2/3", "undertaker 25+1/3", "simple 44+2/3"],
)
def test_R22_classic_has_no_grand_point(script: tuple[str, ...], thirds: tuple[int, int], line: Line) -> None:
    """R22 is built into the extended table only: classic pays 3 / 4 / 2 at the same margins."""
    s = _search(CLASSIC, script, (line,), thirds)
    sign = 1 if line[1] == 0 else -1
    assert_result(s, (line,), (sign * line[2], -sign * line[2]), winner=line[1], drawn=False, thirds=thirds)


# --- R10: doubling the undertaker --------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "line"),
    [
        (CLASSIC_DOUBLING, ("game", 1, 6, 1, "R8")),
        (CLASSIC_DOUBLING, ("game", 0, 8, 1, "R25")),
        (EXTENDED_DOUBLING, ("game", 1, 8, 1, "R22")),
        (EXTENDED_DOUBLING, ("game", 0, 10, 1, "R22")),
    ],
    ids=["classic won 3->6", "classic lost 4->8", "extended major won 4->8", "extended major lost 5->10"],
)
def test_R10_doubled_undertaker_doubles_the_base_line(rules: RuleSet, line: Line) -> None:
    """R10: after "double" the base line is doubled, a major cell too (4 → 8, 5 → 10)."""
    s = _search(rules, ("take", "double"), (line,))
    sign = 1 if line[1] == 0 else -1
    result = assert_result(s, (line,), (sign * line[2], -sign * line[2]), winner=line[1], drawn=False)
    assert result.doubled and result.undertaker == 1
    assert "double" in s.actions


def test_R10_doubled_undertaker_bonuses_are_not_doubled() -> None:
    """R10: the bonuses of a doubled game keep their value (here the undertaker's Pagat: 6 + 1)."""
    lines: tuple[Line, ...] = (("game", 1, 6, 1, "R8"), ("pagat", 1, 1, 1, "R19"))
    s = _search(CLASSIC_DOUBLING, ("take", "double"), lines, hands=((), (PAGAT,)), avoid={1: {PAGAT}})
    result = assert_result(s, lines, (-7, 7), winner=1, drawn=False)
    assert result.doubled


def test_R10_undoubled_undertaker_scores_the_plain_table() -> None:
    """R10: "no-double" leaves the base line at the table's value."""
    lines: tuple[Line, ...] = (("game", 1, 3, 1, "R8"),)
    s = _search(CLASSIC_DOUBLING, ("take", "no-double"), lines)
    result = assert_result(s, lines, (-3, 3), winner=1, drawn=False)
    assert not result.doubled


# --- R4: the 40-card deck ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("script", "thirds", "lines", "totals", "winner"),
    [
        (PASS, (135, 129), (("game", 0, 2, 1, "R9"),), (2, -2), 0),
        (PASS, (132, 132), (), (0, 0), None),
        (ELDER_TAKES, (132, 132), (("game", 0, 4, 1, "R25"),), (4, -4), 0),
        (ELDER_TAKES, (129, 135), (("game", 1, 3, 1, "R8"),), (-3, 3), 1),
    ],
    ids=["simple 45:43 won", "simple 44:44 drawn", "undertaker 44 lost", "undertaker 45 won"],
)
def test_R4_R25_forty_cards_threshold_45_of_88(
    script: tuple[str, ...], thirds: tuple[int, int], lines: tuple[Line, ...], totals: tuple[int, int], winner: int | None
) -> None:
    """R4: with 40 cards the card play is won with 45 of 88; 44:44 is a draw, an undertaker on 44 loses (R25)."""
    s = _search(ZWANZIGERRUFEN_40, script, lines, thirds)
    result = assert_result(s, lines, totals, winner=winner, drawn=winner is None, thirds=thirds)
    assert sum(p.thirds for p in result.card_points) == 3 * 88
    assert all(p.thirds % 3 == 0 for p in result.card_points)  # simple addition, whole points


# --- void deals (R7, R9) ----------------------------------------------------------------------------


def _assert_void(result: DealResult, rules: RuleSet, reason: str, dealer: int) -> None:
    assert result.void == reason and result.is_void
    assert result.lines == () and result.totals == (0, 0)
    assert result.card_play_winner is None and not result.drawn and result.undertaker is None
    assert not result.doubles_later_deals(rules)
    assert result.dealer == dealer
    assert "void" in str(result)
    assert DealResult.from_dict(json.loads(json.dumps(result.to_dict()))) == result


def test_R7_folded_deal_gives_a_void_result() -> None:
    """R7/R24: a tarockless Elder folds; the result is void with totals (0, 0) and no lines."""
    suits = [card for card in CLASSIC.deck.cards if not card.is_tarock][:15]
    order = compose_order(CLASSIC, dealer=0, hands=((), suits))
    state, actions = run(CLASSIC, dealer=0, order=order, script=("fold",))
    assert actions == ("fold",) and state.is_terminal
    _assert_void(state.result(), CLASSIC, "folded", 0)


def test_R9_thrown_in_deal_gives_a_void_result() -> None:
    """R9/R24: with the throw-in option both passing voids the deal: totals (0, 0)."""
    rules = attrs.evolve(CLASSIC, name="classic_throw_in", both_pass=BothPass.THROW_IN)
    state, _ = run(rules, dealer=1, order=compose_order(rules, dealer=1), script=PASS)
    assert state.is_terminal
    _assert_void(state.result(), rules, "thrown_in", 1)


def test_R24_result_of_a_running_deal_is_refused() -> None:
    """R24: a result exists only for a finished (or void) deal."""
    state = deal(CLASSIC, dealer=0, rng=3)
    for text in ("pass", "pass"):
        with pytest.raises(StateError) as error:
            state.result()
        assert error.value.reason is Reason.NOT_FINISHED
        state = state.apply(parse_action(text))
    with pytest.raises(StateError):
        state.result()


def test_R24_score_refuses_a_running_deal_and_bad_arguments() -> None:
    """R24 through the module function too: ``score()`` of a deal in progress is refused (it
    used to score the cards won so far as if the deal were over); a non-state or a multiplier
    that is not a whole number of at least 1 (R26) is refused as well."""
    from strohmandeln import score

    state = deal(CLASSIC, dealer=0, rng=3)
    while not state.is_terminal:
        with pytest.raises(StateError) as error:
            score(state)
        assert error.value.reason is Reason.NOT_FINISHED
        state = state.apply(state.legal_actions()[-1])
    assert score(state) == state.result()
    assert score(state, 4).totals == (4 * state.result().totals[0], 4 * state.result().totals[1])
    for bad in (None, "state"):
        with pytest.raises(TypeError, match="state must be a GameState or a PlayerView"):
            score(bad)  # type: ignore[arg-type]
    assert score(state.view(0)) == state.result()  # (a finished deal's view is scored too)
    for multiplier in (1.0, 2.5, "2", True):
        with pytest.raises(TypeError, match="multiplier must be a whole number"):
            score(state, multiplier)  # type: ignore[arg-type]
    assert score(state, None) == score(state)  # (None: the deal's own stakes, R26)
    for multiplier in (0, -1):
        with pytest.raises(ValueError, match="at least 1"):
            score(state, multiplier)


# --- R24: the itemised result as a value ------------------------------------------------------------


def test_R24_result_is_itemised_immutable_and_round_trips() -> None:
    """R24: base line first, then bonuses; the totals sum to zero; to_dict/from_dict/str work."""
    lines: tuple[Line, ...] = (("game", 1, 3, 1, "R8"), ("pagat", 1, 1, 1, "R19"))
    s = _search(CLASSIC, ELDER_TAKES, lines, hands=((), (PAGAT,)), avoid={1: {PAGAT}})
    result = assert_result(s, lines, (-4, 4), winner=1, drawn=False)
    assert sum(result.totals) == 0
    assert [ln.points for ln in result.lines] == [3, 1]
    assert result.lines[0].bonus is None and result.lines[1].bonus is not None
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        result.totals = (0, 0)  # type: ignore[misc]
    again = DealResult.from_dict(json.loads(json.dumps(result.to_dict())))
    assert again == result and lines_of(again) == lines
    sheet = str(result)
    assert "undertaken by seat 1" in sheet and "seat 1: +4" in sheet and "seat 0: -4" in sheet
    assert all(f"({ln.rule})" in sheet for ln in result.lines)
    # The card points on the sheet are the exact ones (R2), e.g. 35⅔, and their rounding (R3).
    assert str(CardPoints(s.outcome.thirds[1])) in sheet


def test_R24_from_dict_refuses_totals_that_do_not_add_up() -> None:
    """R24: a stored result whose totals are not the sum of its lines (or do not sum to zero) is refused."""
    lines: tuple[Line, ...] = (("game", 0, 2, 1, "R9"),)
    data = _search(CLASSIC, PASS, lines).result().to_dict()
    for totals in ([3, -3], [2, -1]):
        with pytest.raises(SerializationError):
            DealResult.from_dict({**data, "totals": totals})


def test_R2_card_points_of_a_result_are_exact_and_sum_to_70() -> None:
    """R2: the result's card points are the won cards' values minus ⅔ each, together exactly 70."""
    s = find(CLASSIC, dealer=1, script=PASS, accept=lambda o: True)
    result = s.result()
    assert sum(p.thirds for p in result.card_points) == 210
    assert (result.card_points[0].thirds, result.card_points[1].thirds) == s.outcome.thirds
