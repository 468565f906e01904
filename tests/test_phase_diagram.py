"""The phase diagram of the docs (docs/_ext/phase_diagram.py, issue 33): the drawing shows exactly
the enumerated transitions, the enumeration holds the ones the rules name (the ``keep`` loop of
``Phase.FOLD`` among them), and random deals make no transition it lacks."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import attrs

import strohmandeln as sm

from helpers import module_from_file

ROOT = Path(__file__).resolve().parent.parent
NS = "{http://www.w3.org/2000/svg}"


diagram = module_from_file(ROOT / "docs" / "_ext" / "phase_diagram.py")
FOUND: dict[tuple[str, str], set[str]] = diagram.transitions()


def test_the_drawing_shows_exactly_the_enumerated_transitions() -> None:
    root = ET.fromstring(diagram.svg(FOUND))
    drawn = {
        (g.attrib["data-from"], g.attrib["data-to"]): set(filter(None, g.attrib["data-actions"].split(",")))
        for g in root.iter(f"{NS}g")
        if "data-from" in g.attrib
    }
    assert drawn == {key: actions - {""} for key, actions in FOUND.items()}
    labels = {t.text for t in root.iter(f"{NS}text")}
    for actions in FOUND.values():
        if actions - {""}:
            assert diagram.arrow_label(actions) in labels
    boxes = {t.text for t in root.iter(f"{NS}text")} & {f"Phase.{phase.name}" for phase in sm.Phase}
    assert len(boxes) == len(sm.Phase)


def test_the_enumeration_holds_the_transitions_of_the_rules() -> None:
    assert FOUND == {
        ("deal", "fold"): {""},  # R7: a tarockless hand may fold
        ("deal", "auction"): {""},
        ("fold", "void"): {"fold"},
        ("fold", "auction"): {"keep"},
        ("fold", "fold"): {"keep"},  # both hands tarockless: after Elder's keep the dealer is asked
        ("auction", "auction"): {"pass"},
        ("auction", "play"): {"pass", "take"},  # both pass: a simple game (R9)
        ("auction", "void"): {"pass"},  # both pass: thrown in
        ("auction", "doubling"): {"take"},  # R10
        ("doubling", "play"): {"double", "no-double"},
        ("play", "play"): {"a card"},
        ("play", "finished"): {"a card"},
    }


def test_a_phase_without_a_place_or_a_deal_fails_the_drawing() -> None:
    fewer = {key: actions for key, actions in FOUND.items() if key[1] != "doubling"}
    try:
        diagram.svg(fewer)
    except ValueError as error:
        assert "doubling" in str(error)
    else:  # pragma: no cover
        raise AssertionError("a drawing with a phase no deal reaches")


def test_random_deals_make_no_transition_the_enumeration_lacks() -> None:
    rng = random.Random(33)
    variants = diagram.variants()
    seen: set[tuple[str, str]] = set()
    for _ in range(120):
        rules = rng.choice(variants)
        if rng.random() < 0.5:
            state = sm.deal(rules, dealer=rng.randrange(2), rng=rng)
        else:  # a deal with a tarockless hand or two, more often than chance deals them
            state = rng.choice(diagram.deals(rules))
        found: dict[tuple[str, str], set[str]] = {}
        diagram.note(found, None, state, None)
        while not state.is_terminal:
            action = rng.choice(state.legal_actions())
            after = state.apply(action)
            diagram.note(found, state, after, action)
            state = after
        for key, actions in found.items():
            assert actions <= FOUND[key], (rules.name, key, actions)
        seen |= set(found)
    assert len(seen) >= 10  # (the random deals went down most arrows)


def test_the_fold_loop_is_the_dealer_asked_after_elder_keeps() -> None:
    rules = attrs.evolve(sm.CLASSIC, fold_without_tarock=True)
    both = diagram.deals(rules)[-1]
    assert both.phase is sm.Phase.FOLD and both.current_player == both.elder
    after = both.apply(sm.Keep())
    assert after.phase is sm.Phase.FOLD and after.current_player == both.dealer
