"""Matches over scripted deals: alternating dealer (R5), redeal after a fold (R7), the deal passing
after a throw-in (R9), and the doubled deals after draws and 0 : 0 deals (R26) for every option.

Each deal of a match is a scripted deal (explicit deck order and actions, see :mod:`scripted`)
whose outcome is known independently: *won* (a plain simple-game win, no bonus), *drawn* (35:35
rounded, no bonus), *zero* (extended: a won simple game worth 1 against the loser's Pagat 1, so the
totals are 0 : 0 without a draw), *folded* and *thrown in* (void). The expected multipliers and
running scores are written out literally.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from scripted import TABLES, Line, Scripted, Table, c, compose, find, outcome, run, scripted, wanting

import strohmandeln as sm
from strohmandeln import (
    BECK,
    CLASSIC,
    EXTENDED,
    STRAMANDL,
    BothPass,
    Card,
    DeckError,
    DrawDoubling,
    GameState,
    Match,
    Reason,
    RuleSet,
    StateError,
    deal,
    parse_action,
)

PASS = ("pass", "pass")
PAGAT = c("I")

CLASSIC_THROW_IN = attrs.evolve(CLASSIC, name="classic_throw_in", both_pass=BothPass.THROW_IN)
BECK_THROW_IN = attrs.evolve(BECK, name="beck_throw_in", both_pass=BothPass.THROW_IN)
STRAMANDL_FOLD = attrs.evolve(STRAMANDL, name="stramandl_fold", fold_without_tarock=True)
EXTENDED_UNTIL_DECIDED = attrs.evolve(
    EXTENDED,
    name="extended_until_decided",
    scoring=attrs.evolve(EXTENDED.scoring, draw_doubling=DrawDoubling.UNTIL_DECIDED),
)
CLASSIC_DOUBLING = attrs.evolve(CLASSIC, name="classic_doubling", undertaker_doubling=True)

#: The independent table of each rule set used here (the options above change no table value).
TABLE_OF: dict[str, Table] = {
    **TABLES,
    CLASSIC_THROW_IN.name: TABLES["classic"],
    BECK_THROW_IN.name: TABLES["beck"],
    STRAMANDL_FOLD.name: TABLES["stramandl"],
    EXTENDED_UNTIL_DECIDED.name: TABLES["extended"],
    CLASSIC_DOUBLING.name: TABLES["classic"],
}


# --- the catalogue of scripted deals ---------------------------------------------------------------


def _find(rules: RuleSet, dealer: int, script: tuple[str, ...], lines: tuple[Line, ...], **kw: Any) -> Scripted:
    return find(rules, dealer=dealer, script=script, accept=wanting(TABLE_OF[rules.name], lines), **kw)


@functools.cache
def won(rules: RuleSet, dealer: int, winner: int) -> Scripted:
    """A simple game won by ``winner`` with a plain win and no bonus (R9)."""
    return _find(rules, dealer, PASS, (("game", winner, TABLE_OF[rules.name].simple_won, 1, "R9"),))


@functools.cache
def taken(rules: RuleSet, dealer: int, script: tuple[str, ...] = ("take",)) -> Scripted:
    """Elder undertakes and wins plainly, no bonus (R8; doubled with ``("take", "double")``, R10)."""
    value = TABLE_OF[rules.name].undertaken_won * (2 if "double" in script else 1)
    return _find(rules, dealer, script, (("game", 1 - dealer, value, 1, "R8"),))


@functools.cache
def drawn(rules: RuleSet, dealer: int, script: tuple[str, ...] = PASS) -> Scripted:
    """A drawn card play (35:35 rounded) without any bonus (R25)."""
    return _find(rules, dealer, script, ())


@functools.cache
def zero(rules: RuleSet, dealer: int) -> Scripted:
    """Extended: seat 0 wins the simple game (1), seat 1 the Pagat (1): totals 0 : 0, not drawn."""
    lines: tuple[Line, ...] = (("game", 0, 1, 1, "R9"), ("pagat", 1, 1, 1, "R19"))
    return _find(rules, dealer, PASS, lines, hands=((), (PAGAT,)), avoid={1: {PAGAT}})


@functools.cache
def folded(rules: RuleSet, dealer: int) -> Scripted:
    """Elder is dealt no tarock and folds (R7)."""
    size = 10 if len(rules.deck.cards) == 40 else 15
    suits = [card for card in rules.deck.cards if not card.is_tarock][:size]
    hands: list[Sequence[Card]] = [(), ()]
    hands[1 - dealer] = suits
    order = compose(rules, dealer=dealer, hands=hands)
    s = scripted(rules, dealer=dealer, order=order, script=("fold",))
    assert s.state.void_reason is not None
    return s


def _void(rules: RuleSet, dealer: int) -> Scripted:
    """Both pass under the throw-in option (R9): a void deal."""
    order = compose(rules, dealer=dealer, seed=0)
    state, actions = run(rules, dealer=dealer, order=order, script=PASS)
    assert state.is_terminal and state.void_reason is not None
    return Scripted(rules, dealer, order, actions, 0, state, outcome(state))


def play(match: Match, s: Scripted) -> Match:
    """Deal ``s`` through the match (its next dealer must be ``s``'s), replay it by notation, record it."""
    assert match.next_dealer == s.dealer
    state = match.deal(order=s.order)
    for text in s.actions:
        state = state.apply(parse_action(text))
    # (the match deals at its stakes, R26: the state differs from the script's by them alone)
    assert state.multiplier == match.multiplier and state.history == s.state.history and state.is_terminal
    assert state.result() == s.state.result(multiplier=match.multiplier)
    after = match.record(state)
    assert after.deals[-1] == state and after.results[-1] == state.result()
    assert after.scores[0] + after.scores[1] == 0
    assert after.scores[0] == sum(r.totals[0] for r in after.results)
    return after


def multipliers(match: Match) -> list[int]:
    """The multipliers of the played (non-void) deals."""
    return [r.multiplier for r in match.results if not r.is_void]


def check_lines(match: Match) -> None:
    """Every line carries its deal's multiplier and the totals are the multiplied lines (R24, R26)."""
    for result in match.results:
        assert all(line.multiplier == result.multiplier for line in result.lines)
        net = sum(ln.value * ln.multiplier * (1 if ln.player == 0 else -1) for ln in result.lines)
        assert result.totals == (net, -net)


# --- R5, R7, R9: who deals -------------------------------------------------------------------------


def test_R5_the_dealer_alternates() -> None:
    """R5: the dealer alternates from deal to deal, starting with ``first_dealer``."""
    match = Match.start(CLASSIC, first_dealer=1)
    assert match.next_dealer == 1 and match.multiplier == 1
    for dealer, winner in ((1, 0), (0, 0), (1, 1), (0, 1)):
        match = play(match, won(CLASSIC, dealer, winner))
        assert match.next_dealer == 1 - dealer
    assert [r.dealer for r in match.results] == [1, 0, 1, 0]
    assert multipliers(match) == [1, 1, 1, 1]
    assert match.scores == (0, 0) and match.deals_played == 4
    check_lines(match)


def test_R7_a_fold_redeals_with_the_same_dealer() -> None:
    """R7: after a tarockless fold the same dealer deals again; the void deal scores nothing."""
    match = Match.start(CLASSIC, first_dealer=0)
    match = play(match, folded(CLASSIC, 0))
    assert match.next_dealer == 0
    assert match.results[0].void == "folded" and match.scores == (0, 0) and match.deals_played == 0
    match = play(match, folded(CLASSIC, 0))
    assert match.next_dealer == 0
    match = play(match, won(CLASSIC, 0, 1))
    assert match.next_dealer == 1 and match.scores == (-2, 2) and match.deals_played == 1
    assert len(match.results) == len(match.deals) == 3


def test_R9_the_deal_passes_after_a_throw_in() -> None:
    """R9: when both pass under the throw-in option, the deal is void and the next dealer deals."""
    match = Match.start(CLASSIC_THROW_IN, first_dealer=0)
    match = play(match, _void(CLASSIC_THROW_IN, 0))
    assert match.results[0].void == "thrown_in" and match.next_dealer == 1 and match.scores == (0, 0)
    match = play(match, taken(CLASSIC_THROW_IN, 1))
    assert match.next_dealer == 0 and match.scores == (3, -3)


# --- R26: next_round ([000]) ---------------------------------------------------------------------


def test_R26_next_round_a_draw_doubles_the_next_two_deals() -> None:
    """R26 ``next_round``: after a drawn simple game the next round of two deals counts double."""
    assert CLASSIC.scoring.draw_doubling is DrawDoubling.NEXT_ROUND
    match = Match.start(CLASSIC, first_dealer=0)
    expected_next = [1, 2, 2, 1, 1]
    sequence = [won(CLASSIC, 0, 0), drawn(CLASSIC, 1), won(CLASSIC, 0, 1), won(CLASSIC, 1, 1), won(CLASSIC, 0, 0)]
    for s, mult in zip(sequence, [1, 1, 2, 2, 1]):
        assert match.multiplier == mult
        match = play(match, s)
    assert match.multiplier == expected_next[-1]
    assert multipliers(match) == [1, 1, 2, 2, 1]
    assert [r.totals for r in match.results] == [(2, -2), (0, 0), (-4, 4), (-4, 4), (2, -2)]
    assert match.scores == (-4, 4)
    assert match.results[1].drawn and match.results[1].doubles_later_deals(CLASSIC)
    check_lines(match)


def test_R26_next_round_a_draw_inside_a_doubled_round_adds_a_round_without_compounding() -> None:
    """R26 ``next_round``: a further draw in a doubled round adds another doubled round; never ×4."""
    match = Match.start(CLASSIC, first_dealer=0)
    sequence = [
        drawn(CLASSIC, 0),
        drawn(CLASSIC, 1),
        won(CLASSIC, 0, 0),
        won(CLASSIC, 1, 0),
        won(CLASSIC, 0, 1),
        won(CLASSIC, 1, 1),
    ]
    for s in sequence:
        match = play(match, s)
    assert multipliers(match) == [1, 2, 2, 2, 2, 1]
    assert match.scores == (2, -2)  # +4 +4 -4 -2
    check_lines(match)


def test_R26_next_round_void_deals_neither_trigger_nor_use_up_a_doubled_deal() -> None:
    """R26: a folded deal (R7) inside a doubled round neither uses up a doubled deal nor triggers one."""
    match = Match.start(CLASSIC, first_dealer=0)
    match = play(match, drawn(CLASSIC, 0))
    assert match.multiplier == 2
    match = play(match, folded(CLASSIC, 1))
    assert match.multiplier == 2 and match.next_dealer == 1
    for s in (won(CLASSIC, 1, 0), won(CLASSIC, 0, 0), won(CLASSIC, 1, 0)):
        match = play(match, s)
    assert multipliers(match) == [1, 2, 2, 1]
    assert match.scores == (10, -10)
    assert not match.results[1].doubles_later_deals(CLASSIC)


def test_R26_next_round_a_tie_triggers_doubling() -> None:
    """R26: under [000] a deal that is not drawn but whose totals are 0 : 0 after bonuses (a tie,
    the start of a Nullrunde) doubles the next round."""
    assert EXTENDED.scoring.tie_doubles
    match = Match.start(EXTENDED, first_dealer=0)
    match = play(match, zero(EXTENDED, 0))
    result = match.results[0]
    assert not result.drawn and result.card_play_winner == 0 and result.totals == (0, 0)
    assert result.doubles_later_deals(EXTENDED) and match.multiplier == 2
    for s in (won(EXTENDED, 1, 1), won(EXTENDED, 0, 1), won(EXTENDED, 1, 1)):
        match = play(match, s)
    assert multipliers(match) == [1, 2, 2, 1]
    assert match.scores == (-5, 5)
    check_lines(match)


# --- R26: next_deal (Beck) -------------------------------------------------------------------------


def test_R26_next_deal_a_draw_doubles_the_next_deal_only() -> None:
    """R26 ``next_deal`` (Beck): only the next deal counts double; a draw in it doubles the one after, not ×4."""
    assert BECK.scoring.draw_doubling is DrawDoubling.NEXT_DEAL
    match = Match.start(BECK, first_dealer=0)
    sequence = [
        drawn(BECK, 0),
        won(BECK, 1, 0),
        won(BECK, 0, 0),
        drawn(BECK, 1),
        drawn(BECK, 0, ("take",)),  # Beck's 35:35 in an undertaken game is a draw too (R25)
        won(BECK, 1, 1),
        won(BECK, 0, 1),
    ]
    for s in sequence:
        match = play(match, s)
    assert multipliers(match) == [1, 2, 1, 1, 2, 2, 1]
    assert match.results[4].undertaker == 1 and match.results[4].drawn
    assert match.scores == (0, 0)  # +2 +1 -2 -1
    check_lines(match)


def test_R26_next_deal_a_throw_in_does_not_use_up_the_doubled_deal() -> None:
    """R26/R9: a thrown-in deal between a draw and the doubled deal leaves the doubling in place."""
    match = Match.start(BECK_THROW_IN, first_dealer=0)
    match = play(match, drawn(BECK_THROW_IN, 0, ("take",)))
    match = play(match, _void(BECK_THROW_IN, 1))
    assert match.multiplier == 2 and match.next_dealer == 0
    match = play(match, taken(BECK_THROW_IN, 0))
    match = play(match, taken(BECK_THROW_IN, 1))
    assert multipliers(match) == [1, 2, 1]
    assert match.scores == (-2, 2)  # -4 +2


# --- R26: until_decided (Štrámandl) -----------------------------------------------------------------


def test_R26_until_decided_each_draw_doubles_again_until_a_deal_is_won() -> None:
    """R26 ``until_decided``: ×2, ×4, ×8 after consecutive draws; the first won deal is still
    multiplied, then the factor returns to 1."""
    assert STRAMANDL.scoring.draw_doubling is DrawDoubling.UNTIL_DECIDED
    match = Match.start(STRAMANDL, first_dealer=0)
    sequence = [drawn(STRAMANDL, 0), drawn(STRAMANDL, 1), drawn(STRAMANDL, 0), won(STRAMANDL, 1, 0), won(STRAMANDL, 0, 1)]
    seen = []
    for s in sequence:
        seen.append(match.multiplier)
        match = play(match, s)
    assert seen == [1, 2, 4, 8, 1]
    assert multipliers(match) == [1, 2, 4, 8, 1]
    assert match.multiplier == 1
    assert match.scores == (14, -14)  # +16 -2
    assert match.results[3].totals == (16, -16)
    assert match.results[3].lines[0].value == 2 and match.results[3].lines[0].points == 16
    check_lines(match)


def test_R26_until_decided_void_deals_keep_the_factor() -> None:
    """R26/R7: a fold neither doubles again nor resets the factor; the same dealer redeals."""
    match = Match.start(STRAMANDL_FOLD, first_dealer=0)
    match = play(match, drawn(STRAMANDL_FOLD, 0))
    match = play(match, folded(STRAMANDL_FOLD, 1))
    assert match.multiplier == 2 and match.next_dealer == 1
    for s in (drawn(STRAMANDL_FOLD, 1), won(STRAMANDL_FOLD, 0, 1), won(STRAMANDL_FOLD, 1, 1)):
        match = play(match, s)
    assert multipliers(match) == [1, 2, 4, 1]
    assert match.scores == (-10, 10)


def test_R26_until_decided_a_zero_deal_doubles_too() -> None:
    """R26: under ``until_decided`` a 0 : 0 deal doubles like a draw."""
    rules = EXTENDED_UNTIL_DECIDED
    match = Match.start(rules, first_dealer=0)
    for s in (zero(rules, 0), won(rules, 1, 0), won(rules, 0, 0)):
        match = play(match, s)
    assert multipliers(match) == [1, 2, 1]
    assert match.scores == (3, -3)


def test_R26_R10_doubled_deal_multiplies_a_doubled_undertaker() -> None:
    """R26 with R10: a doubled undertaker's 6 in a doubled deal is worth 12; the line keeps value 6, multiplier 2."""
    match = Match.start(CLASSIC_DOUBLING, first_dealer=0)
    match = play(match, drawn(CLASSIC_DOUBLING, 0))
    match = play(match, taken(CLASSIC_DOUBLING, 1, ("take", "double")))
    result = match.results[1]
    assert result.doubled and result.multiplier == 2
    assert [(ln.value, ln.multiplier, ln.points) for ln in result.lines] == [(6, 2, 12)]
    assert match.scores == (12, -12)


# --- errors and value semantics ---------------------------------------------------------------------


def test_record_refuses_a_deal_that_is_not_over() -> None:
    """R24/R26: only a finished (or void) deal can be recorded."""
    match = Match.start(CLASSIC, first_dealer=0)
    state = match.deal(rng=1)
    with pytest.raises(StateError) as error:
        match.record(state)
    assert error.value.reason is Reason.NOT_FINISHED
    state = state.apply(parse_action("pass"))
    with pytest.raises(StateError):
        match.record(state)


def test_R5_record_refuses_a_deal_with_the_wrong_dealer() -> None:
    """R5: the match's next dealer must have dealt the recorded deal."""
    match = Match.start(CLASSIC, first_dealer=0)
    with pytest.raises(StateError) as error:
        match.record(won(CLASSIC, 1, 0).state)
    assert error.value.reason is Reason.BAD_SEAT
    match = play(match, won(CLASSIC, 0, 0))
    with pytest.raises(StateError):
        match.record(won(CLASSIC, 0, 0).state)  # seat 1 deals next now


def test_record_refuses_a_deal_of_another_rule_set_or_not_a_state() -> None:
    """R26: a match's deals are played under its own rule set (and its doubling option)."""
    match = Match.start(EXTENDED, first_dealer=0)
    with pytest.raises(StateError):
        match.record(won(CLASSIC, 0, 0).state)
    with pytest.raises(sm.ArgumentTypeError):
        match.record("not a state")  # type: ignore[arg-type]


def test_match_never_deals_without_a_deck_order_or_rng() -> None:
    """R6: the match never shuffles on its own."""
    match = Match.start(CLASSIC, first_dealer=1)
    with pytest.raises(DeckError) as error:
        match.deal()
    assert error.value.reason is Reason.NO_DECK_SOURCE
    assert match.deal(rng=7) == deal(CLASSIC, dealer=1, rng=7)
    with pytest.raises(sm.ArgumentValueError):
        Match.start(CLASSIC, first_dealer=2)


def test_match_is_an_immutable_value() -> None:
    """R26/R24: a Match is immutable: record() returns a new match (running score, results,
    pending doubling) and leaves the old one unchanged."""
    start = Match.start(CLASSIC, first_dealer=0)
    after = play(start, drawn(CLASSIC, 0))
    assert start.results == () and start.scores == (0, 0) and start.next_dealer == 0 and start.multiplier == 1
    assert len(after.results) == 1 and after.multiplier == 2
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        after.scores = (1, -1)  # type: ignore[misc]
    assert isinstance(after.deals[0], GameState)
    assert "classic match after 1 deals" in str(after)


@pytest.mark.parametrize("mode", list(sm.DrawDoubling))
def test_record_all_is_record_one_by_one(mode: sm.DrawDoubling) -> None:
    """Match.record_all gives what recording the deals one by one gives, for every R26 mode,
    with folds (R7) and draws among the deals."""
    rules = attrs.evolve(sm.CLASSIC, name=f"r26 {mode.value}", scoring=attrs.evolve(sm.CLASSIC.scoring, draw_doubling=mode))
    rng = random.Random(mode.value)
    one_by_one = sm.Match.start(rules, first_dealer=1)
    states: list[sm.GameState] = []
    while len(states) < 40:
        state = one_by_one.deal(rng=rng)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
        one_by_one = one_by_one.record(state)
    start = sm.Match.start(rules, first_dealer=1)
    assert start.record_all(states) == one_by_one
    assert start.record_all(states[:17]).record_all(states[17:]) == one_by_one
    assert start.record_all([]) == start


def test_record_all_refuses_as_record_does() -> None:
    match = sm.Match.start(sm.CLASSIC, first_dealer=0)
    state = match.deal(rng=3)
    with pytest.raises(sm.StateError) as info:
        match.record_all([state])
    assert info.value.reason is sm.Reason.NOT_FINISHED
    with pytest.raises(sm.ArgumentTypeError) as wrong:  # (a wrong type, as everywhere)
        match.record_all(["not a state"])  # type: ignore[list-item]
    assert wrong.value.reason is sm.Reason.WRONG_TYPE


# --- R26 as amended (2026-12-01): the tie doubles only in the [000] presets ---------------------------

#: The presets whose source is [000], where a tie (0 : 0 after the bonuses) doubles too.
TIE_DOUBLES = {"classic", "extended", "zwanzigerrufen40"}


def _result(rules: RuleSet, *, drawn: bool, totals: tuple[int, int], void: str | None = None) -> sm.DealResult:
    """A bare result of ``rules`` (the trigger reads the draw and the totals): a simple game of
    no lines, or one game line for seat 0 where the totals are not 0 : 0 (a result is checked
    when it is made: its card points make up the deck, its lines are of the table)."""
    total = 3 * rules.deck.total_points
    points = (sm.CardPoints(0), sm.CardPoints(0)) if void else (sm.CardPoints(total // 2), sm.CardPoints(total - total // 2))
    if not drawn and not void:
        points = (sm.CardPoints(total - 90), sm.CardPoints(90))
    winner = None if drawn or void else 0
    lines: tuple[sm.ScoreLine, ...] = ()
    if totals != (0, 0):
        value = rules.scoring.simple_won
        lines, totals = (sm.ScoreLine("game", 0, value, 1, "R9", "simple game won"),), (value, -value)
    return sm.DealResult(rules.name, 0, void, None, False, points, winner, drawn, lines, 1, totals)


@pytest.mark.parametrize("name", list(sm.PRESETS))
def test_R26_amended_what_triggers_per_preset(name: str) -> None:
    """R26 (amended): a drawn card play triggers doubled deals in every preset; a tie only in the
    [000] presets ([001] and [004] double after a 35/35 draw alone); a void deal never."""
    rules = sm.PRESETS[name]
    assert rules.scoring.tie_doubles is (name in TIE_DOUBLES)
    assert _result(rules, drawn=True, totals=(0, 0)).doubles_later_deals(rules)
    assert _result(rules, drawn=False, totals=(0, 0)).doubles_later_deals(rules) is (name in TIE_DOUBLES)
    assert not _result(rules, drawn=False, totals=(2, -2)).doubles_later_deals(rules)
    assert not _result(rules, drawn=False, totals=(0, 0), void="folded").doubles_later_deals(rules)
    with pytest.raises(sm.StateError) as error:
        _result(rules, drawn=True, totals=(0, 0)).doubles_later_deals(sm.PRESETS["beck" if name != "beck" else "classic"])
    assert error.value.reason is sm.Reason.WRONG_RULES


@pytest.mark.parametrize(
    ("name", "mode"),
    [
        ("classic", DrawDoubling.NEXT_ROUND),
        ("extended", DrawDoubling.NEXT_ROUND),
        ("zwanzigerrufen40", DrawDoubling.NEXT_ROUND),
        ("beck", DrawDoubling.NEXT_DEAL),
        ("mayr_sedlaczek", DrawDoubling.NEXT_DEAL),
        ("furr", DrawDoubling.NEXT_DEAL),
        ("stramandl", DrawDoubling.UNTIL_DECIDED),
    ],
)
def test_R26_amended_how_long_per_preset(name: str, mode: DrawDoubling) -> None:
    """R26 (amended): [000]'s presets double the next round, [004]'s (Beck, Mayr & Sedlaczek, Furr)
    the next deal, [001]'s until a deal is decided; a drawn deal of the preset shows it in a match."""
    rules = sm.PRESETS[name]
    assert rules.scoring.draw_doubling is mode
    match = Match.start(rules, first_dealer=0)
    for s in (drawn(rules, 0), won(rules, 1, 0), won(rules, 0, 0)):
        match = play(match, s)
    expected = {DrawDoubling.NEXT_ROUND: [1, 2, 2], DrawDoubling.NEXT_DEAL: [1, 2, 1], DrawDoubling.UNTIL_DECIDED: [1, 2, 1]}
    assert multipliers(match) == expected[mode]


def test_R26_amended_a_beck_tie_doubles_nothing() -> None:
    """R26 (amended): a Beck deal ending 0 : 0 without a draw ([004] doubles after a 35:35 draw
    only) leaves the next deal at ×1."""
    assert not BECK.scoring.tie_doubles
    match = play(Match.start(BECK, first_dealer=0), zero(BECK, 0))
    result = match.results[0]
    assert not result.drawn and result.totals == (0, 0) and not result.doubles_later_deals(BECK)
    assert match.multiplier == 1


def test_R26_amended_until_decided_a_tie_at_x2_ends_the_doubling() -> None:
    """R26 (amended, [001]): after a draw, a deal at ×2 that is not drawn ends the doubling even if
    its totals are 0 : 0 ("until one of the players makes at least 36"): the next deal is ×1, not ×4."""
    rules = attrs.evolve(EXTENDED_UNTIL_DECIDED, name="extended_until_decided_no_tie", scoring=attrs.evolve(EXTENDED_UNTIL_DECIDED.scoring, tie_doubles=False))
    TABLE_OF[rules.name] = TABLES["extended"]
    match = Match.start(rules, first_dealer=0)
    match = play(match, drawn(rules, 0))
    assert match.multiplier == 2
    match = play(match, zero(rules, 1))
    assert match.results[1].totals == (0, 0) and match.results[1].multiplier == 2
    assert match.multiplier == 1
