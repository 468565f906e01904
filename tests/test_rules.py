"""Rule sets and presets (R4, R5, R7, R9, R10, R12, the preset table of RULINGS.md)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import strohmandeln as sm

from strohmandeln import (
    BECK,
    CLASSIC,
    DECK_40,
    DECK_54,
    EXTENDED,
    FURR,
    MAYR_SEDLACZEK,
    PRESETS,
    STRAMANDL,
    ZWANZIGERRUFEN_40,
    BothPass,
    Bonus,
    Deck,
    DrawDoubling,
    FirstLead,
    LastCard,
    Reason,
    RuleSet,
    RuleSetError,
    ScoringTable,
    SerializationError,
    StrohmandelnError,
    UndertakenDraw,
    ValatReplaces,
)
from strohmandeln._base import checked
from strohmandeln.presets import rules_from_dict
from strohmandeln.rules import MAX_GAME_POINTS

ALL_NAMES = ("classic", "extended", "beck", "zwanzigerrufen40", "mayr_sedlaczek", "furr", "stramandl")


def test_presets_exist_under_their_names() -> None:
    """The seven presets of RULINGS.md's table exist and are listed in ``PRESETS`` by name."""
    assert set(PRESETS) == set(ALL_NAMES)
    assert PRESETS["classic"] is CLASSIC
    assert PRESETS["extended"] is EXTENDED
    assert PRESETS["beck"] is BECK
    assert PRESETS["zwanzigerrufen40"] is ZWANZIGERRUFEN_40
    assert PRESETS["mayr_sedlaczek"] is MAYR_SEDLACZEK
    assert PRESETS["furr"] is FURR
    assert PRESETS["stramandl"] is STRAMANDL
    for name, rules in PRESETS.items():
        assert isinstance(rules, RuleSet)
        assert rules.name == name


@pytest.mark.parametrize("name", ALL_NAMES)
def test_R4_preset_decks(name: str) -> None:
    """R4 / preset table: only zwanzigerrufen40 plays the 40-card deck."""
    rules = PRESETS[name]
    expected = Deck.SHORT_40 if name == "zwanzigerrufen40" else Deck.FULL_54
    assert rules.deck is expected


@pytest.mark.parametrize("name", ALL_NAMES)
def test_R7_fold_option_on_for_classic_extended_zwanzigerrufen40_only(name: str) -> None:
    """R7: the tarockless fold is on in classic, extended and zwanzigerrufen40 (built on [000]) only."""
    assert PRESETS[name].fold_without_tarock is (name in ("classic", "extended", "zwanzigerrufen40"))


@pytest.mark.parametrize("name", ALL_NAMES)
def test_R5_first_lead_undertaker_only_for_furr(name: str) -> None:
    """R5: Elder leads everywhere except in Furr's rules, where the undertaker leads."""
    expected = FirstLead.UNDERTAKER if name == "furr" else FirstLead.ELDER
    assert PRESETS[name].first_lead is expected


@pytest.mark.parametrize("name", ALL_NAMES)
def test_R12_last_card_hidden_in_every_preset(name: str) -> None:
    """R12: the last card of a Strohmann is hidden by default, in every preset."""
    assert PRESETS[name].last_card is LastCard.HIDDEN


@pytest.mark.parametrize("name", ALL_NAMES)
def test_R9_both_pass_plays_a_simple_game_in_every_preset(name: str) -> None:
    """R9: every preset plays a simple game when both pass; no preset throws in."""
    assert PRESETS[name].both_pass is BothPass.SIMPLE_GAME


@pytest.mark.parametrize("name", ALL_NAMES)
def test_R10_undertaker_doubling_off_everywhere_by_default(name: str) -> None:
    """R10: doubling the undertaker is off in every preset."""
    assert PRESETS[name].undertaker_doubling is False


@pytest.mark.parametrize(
    ("name", "simple", "won", "lost"),
    [
        ("classic", 2, 3, 4),
        ("extended", 1, 3, 4),
        ("beck", 1, 2, 3),
        ("zwanzigerrufen40", 2, 3, 4),
        ("mayr_sedlaczek", 2, 3, 4),
        ("furr", 2, 3, 4),
        ("stramandl", 2, 3, 4),
    ],
)
def test_preset_base_tables(name: str, simple: int, won: int, lost: int) -> None:
    """Preset table: simple game / undertaker won / undertaker lost."""
    s = PRESETS[name].scoring
    assert (s.simple_won, s.undertaken_won, s.undertaken_lost) == (simple, won, lost)


def test_R22_extended_and_furr_major_cells() -> None:
    """R22: extended 2 with ≥45 / 4 with ≥45 / 5 under 26; Furr 4 / 5 major, defender from 44."""
    e = EXTENDED.scoring
    assert (e.simple_won_major, e.undertaken_won_major, e.undertaken_lost_major) == (2, 4, 5)
    assert e.major_points == 45 and e.defender_major_points == 45
    f = FURR.scoring
    assert (f.undertaken_won_major, f.undertaken_lost_major) == (4, 5)
    assert f.major_points == 45 and f.defender_major_points == 44
    for rules in (CLASSIC, BECK, ZWANZIGERRUFEN_40, MAYR_SEDLACZEK, STRAMANDL):
        s = rules.scoring
        assert (s.simple_won_major, s.undertaken_won_major, s.undertaken_lost_major) == (None, None, None)


B = Bonus


@pytest.mark.parametrize(
    ("name", "bonuses"),
    [
        ("classic", {B.TRULL_ANNOUNCED: 1, B.FOUR_KINGS_ANNOUNCED: 1, B.PAGAT: 1, B.VALAT: 12}),
        (
            "extended",
            {
                B.TRULL_IN_TRICKS: 1,
                B.FOUR_KINGS_IN_TRICKS: 1,
                B.PAGAT: 1,
                B.UHU: 1,
                B.KAKADU: 1,
                B.ROSTOPSCHIN: 1,
                B.VALAT: 12,
            },
        ),
        ("beck", {B.TRULL_ANNOUNCED: 1, B.FOUR_KINGS_ANNOUNCED: 1, B.PAGAT: 1, B.MONDFANG: 1}),
        ("zwanzigerrufen40", {B.TRULL_ANNOUNCED: 1, B.FOUR_KINGS_ANNOUNCED: 1, B.PAGAT: 1, B.VALAT: 12}),
        (
            "mayr_sedlaczek",
            {
                B.TRULL_IN_TRICKS: 1,
                B.FOUR_KINGS_IN_TRICKS: 1,
                B.PAGAT: 1,
                B.UHU: 1,
                B.KAKADU: 1,
                B.QUAPIL: 1,
                B.VALAT: 12,
            },
        ),
        (
            "furr",
            {
                B.TRULL_IN_TRICKS: 1,
                B.FOUR_KINGS_IN_TRICKS: 1,
                B.PAGAT: 1,
                B.UHU: 1,
                B.KAKADU: 1,
                B.ROSTOPSCHIN: 1,
                B.VALAT: 12,
            },
        ),
        ("stramandl", {B.TRULL_ANNOUNCED: 1, B.FOUR_KINGS_ANNOUNCED: 1, B.PAGAT: 1, B.VALAT: 12}),
    ],
)
def test_R17_R18_preset_bonuses(name: str, bonuses: dict[Bonus, int]) -> None:
    """Preset table (R17–R23): which bonuses each preset scores, and their values."""
    s = PRESETS[name].scoring
    assert dict(s.bonuses) == bonuses
    for bonus in Bonus:
        assert s.has(bonus) is (bonus in bonuses)
        assert s.value_of(bonus) == bonuses.get(bonus)


def test_R17_announced_trull_and_four_kings_in_classic_not_in_extended() -> None:
    """R17: classic has the announced Trull and Four Kings in the hand; extended does not."""
    assert CLASSIC.scoring.has(Bonus.TRULL_ANNOUNCED) and CLASSIC.scoring.has(Bonus.FOUR_KINGS_ANNOUNCED)
    assert not EXTENDED.scoring.has(Bonus.TRULL_ANNOUNCED)
    assert not EXTENDED.scoring.has(Bonus.FOUR_KINGS_ANNOUNCED)


def test_R18_rostopschin_in_extended_and_furr_only() -> None:
    """R18: Rostopschin exists in extended and furr, nowhere else."""
    assert {n for n, r in PRESETS.items() if r.scoring.has(Bonus.ROSTOPSCHIN)} == {"extended", "furr"}


@pytest.mark.parametrize(
    ("name", "doubling"),
    [
        ("classic", DrawDoubling.NEXT_ROUND),
        ("extended", DrawDoubling.NEXT_ROUND),
        ("zwanzigerrufen40", DrawDoubling.NEXT_ROUND),
        ("mayr_sedlaczek", DrawDoubling.NEXT_DEAL),
        ("furr", DrawDoubling.NEXT_DEAL),
        ("beck", DrawDoubling.NEXT_DEAL),
        ("stramandl", DrawDoubling.UNTIL_DECIDED),
    ],
)
def test_R26_preset_draw_doubling(name: str, doubling: DrawDoubling) -> None:
    """R26 (details): the default doubling after draws of each preset."""
    assert PRESETS[name].scoring.draw_doubling is doubling


def test_R25_beck_draws_undertaken_games_others_count_them_lost() -> None:
    """R25: Beck's 35:35 is a draw in every game; elsewhere the undertaker needs the threshold."""
    for name, rules in PRESETS.items():
        expected = UndertakenDraw.DRAW if name == "beck" else UndertakenDraw.LOSS
        assert rules.scoring.undertaken_draw is expected
        assert rules.scoring.valat_replaces is ValatReplaces.NOTHING


def test_R1_R4_deck_properties() -> None:
    """R1, R4, R6, R15: cards, layout sizes, totals, thresholds and trick counts of both decks."""
    assert Deck.FULL_54.cards == DECK_54 and Deck.SHORT_40.cards == DECK_40
    assert (Deck.FULL_54.card_count, Deck.SHORT_40.card_count) == (54, 40)
    assert Deck.FULL_54.hand_packets == (5, 5, 5) and Deck.SHORT_40.hand_packets == (5, 5)
    assert Deck.FULL_54.strohmann_sizes == (4, 4, 4) and Deck.SHORT_40.strohmann_sizes == (4, 3, 3)
    assert (Deck.FULL_54.total_points, Deck.SHORT_40.total_points) == (70, 88)
    assert (Deck.FULL_54.winning_points, Deck.SHORT_40.winning_points) == (36, 45)
    assert (Deck.FULL_54.trick_count, Deck.SHORT_40.trick_count) == (27, 20)


# -- rule sets are values -----------------------------------------------------------------------


def test_rule_sets_are_frozen_hashable_values() -> None:
    """A rule set is an immutable value: no assignment, equal by value, hashable."""
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        CLASSIC.deck = Deck.SHORT_40  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        CLASSIC.scoring.simple_won = 7  # type: ignore[misc]
    assert attrs.evolve(CLASSIC) == CLASSIC
    assert hash(attrs.evolve(CLASSIC)) == hash(CLASSIC)
    assert len({r for r in PRESETS.values()}) == 7


def test_R12_house_rule_from_a_preset_with_evolve() -> None:
    """R12 option: a house rule is ``attrs.evolve(CLASSIC, last_card=LastCard.SHOWN, name=…)``."""
    house = attrs.evolve(CLASSIC, last_card=LastCard.SHOWN, name="house")
    assert house.last_card is LastCard.SHOWN
    assert house != CLASSIC
    assert house.scoring == CLASSIC.scoring


def test_rule_set_options_are_keyword_only() -> None:
    """Options are keyword-only: no bare booleans in positional arguments."""
    ctor: Any = RuleSet
    with pytest.raises(TypeError):
        ctor("x", Deck.FULL_54)
    table: Any = ScoringTable
    with pytest.raises(TypeError):
        table(2, 3, 4)


def test_rule_set_to_dict_names_every_option_off_its_default() -> None:
    """The JSON description of a rule set carries every option that is not at its default, by
    value, and leaves the others out (issue 29's format policy: an option added later, at its
    default, leaves the documents of earlier releases as they were)."""
    d = FURR.to_dict()
    assert d["name"] == "furr"
    assert d["first_lead"] == "undertaker"
    assert d["scoring"]["bonuses"]["rostopschin"] == 1
    for default in ("deck", "fold_without_tarock", "both_pass", "undertaker_doubling", "last_card"):
        assert default not in d
    assert ZWANZIGERRUFEN_40.to_dict()["deck"] == "40"
    assert RuleSet.from_dict(d) == FURR


# -- contradictory rule sets --------------------------------------------------------------------


def _bad(**changes: Any) -> RuleSet:
    return attrs.evolve(CLASSIC, **changes)


def _bad_scoring(rules: RuleSet = CLASSIC, **changes: Any) -> RuleSet:
    return attrs.evolve(rules, scoring=attrs.evolve(rules.scoring, **changes))


@pytest.mark.parametrize("bonus", [Bonus.UHU, Bonus.KAKADU])
def test_R4_forty_card_deck_refuses_birds_needing_II_or_III(bonus: Bonus) -> None:
    """R4: Uhu and Kakadu do not exist with the 40-card deck: such a rule set raises ``RuleSetError``."""
    bonuses = dict(ZWANZIGERRUFEN_40.scoring.bonuses) | {bonus: 1}
    with pytest.raises(RuleSetError) as info:
        _bad_scoring(ZWANZIGERRUFEN_40, bonuses=bonuses)
    assert info.value.reason is Reason.INCONSISTENT_RULES
    assert bonus.value in str(info.value)
    with pytest.raises(RuleSetError):
        attrs.evolve(EXTENDED, deck=Deck.SHORT_40)


def test_R19_quapil_and_pagat_exist_with_forty_cards() -> None:
    """R19 (details): Quapil (IIII) and Pagat (I) exist with the 40-card deck."""
    rules = _bad_scoring(ZWANZIGERRUFEN_40, bonuses=dict(ZWANZIGERRUFEN_40.scoring.bonuses) | {Bonus.QUAPIL: 1})
    assert rules.scoring.has(Bonus.QUAPIL) and rules.scoring.has(Bonus.PAGAT)


@pytest.mark.parametrize(
    "build",
    [
        lambda: _bad_scoring(major_points=71),
        lambda: _bad_scoring(defender_major_points=71),
        lambda: _bad_scoring(major_points=30),
        lambda: _bad_scoring(ZWANZIGERRUFEN_40, major_points=89),
        lambda: _bad_scoring(simple_won=-1),
        lambda: _bad_scoring(undertaken_lost_major=-2),
        lambda: _bad_scoring(bonuses={Bonus.PAGAT: -1}),
        lambda: _bad(name=""),
        lambda: _bad(name="x" * 65),
    ],
    ids=[
        "major-above-70",
        "defender-major-above-70",
        "major-below-threshold",
        "major-above-88",
        "negative-base",
        "negative-major",
        "negative-bonus",
        "empty-name",
        "long-name",
    ],
)
def test_contradictory_rule_sets_raise_rule_set_error(build: Any) -> None:
    """Contradictory or malformed rule sets raise ``RuleSetError`` (reason ``inconsistent_rules``)."""
    with pytest.raises(RuleSetError) as info:
        build()
    assert info.value.reason is Reason.INCONSISTENT_RULES
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, StrohmandelnError)


@pytest.mark.parametrize(
    ("build", "reason"),
    [
        (lambda: _bad(fold_without_tarock=1), Reason.WRONG_TYPE),
        (lambda: _bad(undertaker_doubling="yes"), Reason.WRONG_TYPE),
        (lambda: _bad(scoring=None), Reason.WRONG_TYPE),
        (lambda: _bad(name=0), Reason.WRONG_TYPE),
        (lambda: _bad(deck=54), Reason.BAD_VALUE),
        (lambda: _bad(deck="52"), Reason.BAD_VALUE),
        (lambda: _bad(first_lead=[]), Reason.WRONG_TYPE),
        (lambda: _bad_scoring(simple_won=2.0), Reason.WRONG_TYPE),
        (lambda: _bad_scoring(draw_doubling="never"), Reason.BAD_VALUE),
        (lambda: _bad_scoring(bonuses={Bonus.PAGAT: "1"}), Reason.WRONG_TYPE),
        (lambda: _bad_scoring(bonuses={"nothing": 1}), Reason.BAD_VALUE),
    ],
    ids=["fold-as-int", "doubling-as-text", "no-scoring", "name-as-int", "deck-as-int", "no-such-deck", "lead-as-list", "float-value", "no-such-doubling", "bonus-value-as-text", "no-such-bonus"],
)
def test_rule_sets_of_the_wrong_types_are_argument_errors(build: Any, reason: Reason) -> None:
    """A part of the wrong type is an ``ArgumentTypeError``, the value of no member an
    ``ArgumentValueError`` (:mod:`strohmandeln.errors`'s policy), raised when the part is
    given; a member's value stands for the member (``deck="54"``)."""
    with pytest.raises(sm.ArgumentTypeError if reason is Reason.WRONG_TYPE else sm.ArgumentValueError) as info:
        build()
    assert info.value.reason is reason


def test_a_members_value_stands_for_the_member() -> None:
    house = _bad(name="house", deck="54", first_lead="elder", both_pass="throw_in", last_card="shown")
    assert house == attrs.evolve(CLASSIC, name="house", deck=Deck.FULL_54, first_lead=FirstLead.ELDER, both_pass=BothPass.THROW_IN, last_card=LastCard.SHOWN)
    assert house.deck is Deck.FULL_54 and house.last_card is LastCard.SHOWN
    assert _bad_scoring(draw_doubling="next_deal").scoring.draw_doubling is DrawDoubling.NEXT_DEAL


def test_R9_R10_options_can_be_combined_into_a_valid_rule_set() -> None:
    """R9, R10, R12: throw-in, doubling and a shown last card are ordinary options."""
    rules = attrs.evolve(
        CLASSIC,
        name="options",
        both_pass=BothPass.THROW_IN,
        undertaker_doubling=True,
        last_card=LastCard.SHOWN,
        first_lead=FirstLead.UNDERTAKER,
    )
    assert rules.both_pass is BothPass.THROW_IN
    assert rules.undertaker_doubling is True


@pytest.mark.parametrize(
    "change",
    [
        lambda: attrs.evolve(CLASSIC, name="house", source="x" * 1001),
        lambda: attrs.evolve(CLASSIC.scoring, simple_won=2_000_000),
        lambda: attrs.evolve(CLASSIC.scoring, undertaken_lost_major=10**7),
    ],
)
def test_rule_sets_hold_only_what_their_documents_can(change: Callable[[], object]) -> None:
    """A rule set's source is text of at most 1,000 characters and its game values at most
    1,000,000 (checked when its scoring table is made), as its document allows, so that every
    rule set the library builds loads back."""
    with pytest.raises(RuleSetError) as info:
        change()
    assert info.value.reason is Reason.INCONSISTENT_RULES
    big = attrs.evolve(CLASSIC, name="house", source="x" * 1000, scoring=attrs.evolve(CLASSIC.scoring, simple_won=1_000_000))
    from strohmandeln.serialization import rules_from_dict

    assert rules_from_dict(big.to_dict()) == big


def test_rule_sets_cache_their_hash_safely() -> None:
    """A rule set is immutable and caches its hash (a state's hash includes it): a copy, a pickle
    and an equal rule set built anew hash alike, and a changed one is a new value."""
    import copy
    import pickle

    house = attrs.evolve(CLASSIC, name="house")
    first = hash(house)
    for same in (copy.deepcopy(house), pickle.loads(pickle.dumps(house)), attrs.evolve(CLASSIC, name="house")):
        assert same == house and hash(same) == first
    other = attrs.evolve(house, scoring=attrs.evolve(house.scoring, simple_won=house.scoring.simple_won + 5))
    assert other != house and hash(other.scoring) != hash(house.scoring)


# -- fields, documents ---------------------------------------------------------------------------

_FIELDS = [*attrs.fields(RuleSet), *attrs.fields(ScoringTable)]


@pytest.mark.parametrize("field", _FIELDS, ids=lambda f: f.name)
def test_every_field_declares_its_kind(field: attrs.Attribute[Any]) -> None:
    """Each field of a rule set and of its scoring table carries its kind, from which its check, its
    JSON form and its loader derive."""
    assert isinstance(field.metadata.get(checked.KIND), checked.Kind)


@pytest.mark.parametrize("name", ALL_NAMES)
def test_presets_round_trip_through_their_documents(name: str) -> None:
    """``from_dict(to_dict())`` gives back every preset and its scoring table, also through JSON text."""
    rules = PRESETS[name]
    assert RuleSet.from_dict(rules.to_dict()) == rules
    assert RuleSet.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert ScoringTable.from_dict(rules.scoring.to_dict()) == rules.scoring
    assert rules.to_dict()["scoring"] == rules.scoring.to_dict()


def test_to_dict_keys_are_the_field_names() -> None:
    """``to_dict()`` writes the required fields and each other one off its default, under its
    own name, in the order of the fields."""
    for rules in PRESETS.values():
        for value, cls in ((rules, RuleSet), (rules.scoring, ScoringTable)):
            expected = [
                f.name for f in attrs.fields(cls) if f.default is attrs.NOTHING or f.name == "name" or getattr(value, f.name) != f.default
            ]
            assert list(value.to_dict()) == expected


def test_full_form_of_a_rule_set() -> None:
    """The JSON form of a rule set, field by field (records and documents store it)."""
    assert FURR.to_dict() == {
        "name": "furr",
        "first_lead": "undertaker",
        "scoring": {
            "simple_won": 2,
            "undertaken_won": 3,
            "undertaken_won_major": 4,
            "undertaken_lost": 4,
            "undertaken_lost_major": 5,
            "defender_major_points": 44,
            "bonuses": {"trull_in_tricks": 1, "four_kings_in_tricks": 1, "pagat": 1, "uhu": 1, "kakadu": 1, "rostopschin": 1, "valat": 12},
            "draw_doubling": "next_deal",
        },
        "source": FURR.source,
    }


_MINIMAL: dict[str, Any] = {"name": "tiny", "scoring": {"simple_won": 1, "undertaken_won": 2, "undertaken_lost": 3}}


def _with(**changes: Any) -> dict[str, Any]:
    return {**_MINIMAL, **changes}


def _scored(**changes: Any) -> dict[str, Any]:
    return {**_MINIMAL, "scoring": {**_MINIMAL["scoring"], **changes}}


def test_documents_need_exactly_the_required_fields() -> None:
    """A document must give ``name`` and ``scoring``, and in it ``simple_won``, ``undertaken_won``
    and ``undertaken_lost``; every other field takes the constructor's default."""
    rules = RuleSet.from_dict(_MINIMAL)
    assert rules == RuleSet(name="tiny", scoring=ScoringTable(simple_won=1, undertaken_won=2, undertaken_lost=3))
    assert checked.document_fields(RuleSet)[0] == ("name", "scoring")
    assert checked.document_fields(ScoringTable)[0] == ("simple_won", "undertaken_won", "undertaken_lost")
    for key in ("name", "scoring"):
        with pytest.raises(SerializationError, match=f"^rules: missing field '{key}'$"):
            RuleSet.from_dict({k: v for k, v in _MINIMAL.items() if k != key})
    for key in ("simple_won", "undertaken_won", "undertaken_lost"):
        with pytest.raises(SerializationError, match=f"^rules.scoring: missing field '{key}'$"):
            RuleSet.from_dict({**_MINIMAL, "scoring": {k: v for k, v in _MINIMAL["scoring"].items() if k != key}})


@pytest.mark.parametrize(
    ("doc", "path", "reason"),
    [
        (_with(colour="red"), "rules: unknown field 'colour'", Reason.MALFORMED_DOCUMENT),
        (_scored(pagat=1), "rules.scoring: unknown field 'pagat'", Reason.MALFORMED_DOCUMENT),
        (_with(deck=54), "rules.deck:", Reason.MALFORMED_DOCUMENT),
        (_with(deck="52"), "rules.deck:", Reason.MALFORMED_DOCUMENT),
        (_with(first_lead="dealer"), "rules.first_lead:", Reason.MALFORMED_DOCUMENT),
        (_with(fold_without_tarock="yes"), "rules.fold_without_tarock:", Reason.MALFORMED_DOCUMENT),
        (_with(undertaker_doubling=1), "rules.undertaker_doubling:", Reason.MALFORMED_DOCUMENT),
        (_with(name=7), "rules.name:", Reason.MALFORMED_DOCUMENT),
        (_with(name="x" * 65), "rules.name:", Reason.TOO_LARGE),
        (_with(source="x" * 1001), "rules.source:", Reason.TOO_LARGE),
        (_with(scoring=[1, 2, 3]), "rules.scoring:", Reason.MALFORMED_DOCUMENT),
        (_scored(simple_won="2"), "rules.scoring.simple_won:", Reason.MALFORMED_DOCUMENT),
        (_scored(simple_won=None), "rules.scoring.simple_won:", Reason.MALFORMED_DOCUMENT),
        (_scored(undertaken_lost=MAX_GAME_POINTS + 1), "rules.scoring.undertaken_lost:", Reason.MALFORMED_DOCUMENT),
        (_scored(undertaken_won_major=2.0), "rules.scoring.undertaken_won_major:", Reason.MALFORMED_DOCUMENT),
        (_scored(major_points=True), "rules.scoring.major_points:", Reason.MALFORMED_DOCUMENT),
        (_scored(undertaken_draw="win"), "rules.scoring.undertaken_draw:", Reason.MALFORMED_DOCUMENT),
        (_scored(bonuses=["pagat"]), "rules.scoring.bonuses:", Reason.MALFORMED_DOCUMENT),
        (_scored(bonuses={"pagatultimo": 1}), "rules.scoring.bonuses:", Reason.MALFORMED_DOCUMENT),
        (_scored(bonuses={"pagat": -1}), "rules.scoring.bonuses.pagat:", Reason.MALFORMED_DOCUMENT),
        (_scored(bonuses={f"b{i}": 1 for i in range(12)}), "rules.scoring.bonuses:", Reason.TOO_LARGE),
        (_scored(valat_replaces=None), "rules.scoring.valat_replaces:", Reason.MALFORMED_DOCUMENT),
        (_scored(draw_doubling="sometimes"), "rules.scoring.draw_doubling:", Reason.MALFORMED_DOCUMENT),
        (_scored(major_points=30), "rules: rule set 'tiny': major_points must lie between", Reason.INCONSISTENT_RULES),
        (_with(name=""), "rules: rule set '': the name must be 1 to 64 characters", Reason.INCONSISTENT_RULES),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_documents_refuse_unknown_fields_and_wrong_types_at_their_path(doc: dict[str, Any], path: str, reason: Reason) -> None:
    """A malformed document raises ``SerializationError`` naming the path of the field; an
    inconsistent one the ``RuleSetError``'s reason and message, at the rule set's path. A scoring
    table read on its own is refused at its own path."""
    for load in (RuleSet.from_dict, rules_from_dict):
        with pytest.raises(SerializationError) as info:
            load(doc)
        assert info.value.reason is reason
        assert str(info.value).startswith(path), str(info.value)
    if path.startswith("rules.scoring"):  # the table on its own, at a path of its own
        with pytest.raises(SerializationError) as info:
            ScoringTable.from_dict(doc["scoring"], "table")
        assert info.value.reason is reason
        assert str(info.value).startswith(path.replace("rules.scoring", "table")), str(info.value)


def test_rule_set_error_becomes_a_document_error_with_its_reason_and_message() -> None:
    """R4: an inconsistency found while building is the document's error, at its path."""
    doc = _with(deck="40", scoring={**_MINIMAL["scoring"], "bonuses": {"uhu": 1}})
    with pytest.raises(RuleSetError) as built:
        RuleSet(name="tiny", deck=Deck.SHORT_40, scoring=ScoringTable(simple_won=1, undertaken_won=2, undertaken_lost=3, bonuses={Bonus.UHU: 1}))
    with pytest.raises(SerializationError) as loaded:
        RuleSet.from_dict(doc, "config.rules")
    assert loaded.value.reason is built.value.reason is Reason.INCONSISTENT_RULES
    assert loaded.value.message == f"config.rules: {built.value.message}"
    assert built.value.message == "rule set 'tiny': bonus uhu needs II, which the 40-card deck lacks"


def test_documents_with_a_header_are_checked_as_rules_documents() -> None:
    """A document with ``format`` is a ``rules`` document: its header is checked, then its fields."""
    doc = {"format": 1, "type": "rules", **_MINIMAL}
    assert rules_from_dict(doc) == RuleSet.from_dict(_MINIMAL)
    with pytest.raises(SerializationError, match="^type: "):
        rules_from_dict({**doc, "type": "state"})
    with pytest.raises(SerializationError, match="^document: unknown field 'colour'$"):
        rules_from_dict({**doc, "colour": "red"})
    with pytest.raises(SerializationError, match="^document: missing field 'scoring'$"):
        rules_from_dict({"format": 1, "type": "rules", "name": "tiny"})


def test_field_problems_are_named_by_their_field() -> None:
    """The consistency check names each field it refuses; a scoring table checks its ranges when
    it is made (a table of ``10**5000`` game points once built, and its repr raised)."""
    wrong: dict[str, Any] = {"simple_won": -1, "undertaken_lost": MAX_GAME_POINTS + 1}
    with pytest.raises(RuleSetError) as info:
        attrs.evolve(CLASSIC.scoring, **wrong)
    assert str(info.value) == (
        f"scoring table: simple_won must be a whole number of game points, 0 to {MAX_GAME_POINTS:,}; "
        f"undertaken_lost must be a whole number of game points, 0 to {MAX_GAME_POINTS:,}"
    )
    with pytest.raises(RuleSetError) as info:
        attrs.evolve(CLASSIC.scoring, simple_won=10**5000)
    assert str(info.value).startswith("scoring table: simple_won must be")
    with pytest.raises(RuleSetError) as info:
        _bad(name="", source="y" * 1001, scoring=attrs.evolve(CLASSIC.scoring, major_points=71))
    problems = str(info.value).split(": ", 1)[1].split("; ")
    assert problems == [
        "the name must be 1 to 64 characters",
        "the source must be text of at most 1,000 characters",
        "major_points must lie between the winning threshold 36 and the deck total 70",
    ]
