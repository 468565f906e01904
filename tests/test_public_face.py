"""What a user sees of the values: public class names, honest ``help()``, one refusal query,
and reprs of one short line (issue 33, the public face)."""

from __future__ import annotations

import inspect
import pickle
import pydoc
import re

import attrs
import boundary
import pytest

import strohmandeln as sm
from strohmandeln import CLASSIC, DECK_54, GameState, Match, PlayerView, deal

#: The longest repr of a public value: one line a reader takes in at a glance (about two thirds
#: of a 300-column terminal line; the longest today, a session's, holds a state's repr).
MAX_REPR: int = 200


def _finished() -> GameState:
    state = deal(CLASSIC, dealer=0, order=DECK_54)
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    return state


def test_a_state_reports_its_public_class() -> None:
    for state in (deal(CLASSIC, dealer=0, rng=3), _finished()):
        kind = type(state)
        assert (kind.__name__, kind.__qualname__, kind.__module__) == ("GameState", "GameState", "strohmandeln.state")
        assert isinstance(state, GameState) and repr(kind) == "<class 'strohmandeln.state.GameState'>"
        assert kind.__doc__ == GameState.__doc__


def test_help_shows_no_constructor_call() -> None:
    with pytest.raises(ValueError, match="not made by calling it"):
        inspect.signature(GameState)
    for kind in (GameState, type(deal(CLASSIC, dealer=0, rng=3))):
        text = re.sub(".\b", "", pydoc.render_doc(kind, renderer=pydoc.TextDoc()))  # (no overstrike bold)
        assert "GameState()" not in text and "One moment of a deal" in text
    with pytest.raises(sm.ArgumentTypeError, match="use strohmandeln.deal"):
        GameState()


def test_a_view_reports_the_module_users_import_it_from() -> None:
    assert PlayerView.__module__ == "strohmandeln.views" and sm.views.PlayerView is PlayerView
    view = deal(CLASSIC, dealer=0, rng=3).view(1)
    assert pickle.loads(pickle.dumps(view)) == view  # (pickle finds the class where it says it is)


def test_one_name_for_the_refusal_query() -> None:
    state = deal(CLASSIC, dealer=0, order=DECK_54).apply(sm.Pass()).apply(sm.Pass())
    assert not hasattr(state, "refusal")
    error = state.why_illegal(sm.parse_action("♠J"))
    assert error is not None and error.reason is sm.Reason.CARD_NOT_AVAILABLE
    assert state.why_illegal(sm.parse_action("♠7")) is None and state.is_legal(sm.parse_action("♠7"))


@pytest.mark.parametrize("qualified", sorted(boundary.INSTANCES))
def test_every_public_value_has_a_short_repr(qualified: str) -> None:
    pytest.importorskip(qualified.rpartition(".")[0])  # (an adapter needs its extra)
    text = repr(boundary.INSTANCES[qualified]())
    assert len(text) <= MAX_REPR and "\n" not in text, (qualified, len(text), text[:300])


def test_reprs_stay_short_as_a_match_grows() -> None:
    match = Match.start(CLASSIC, first_dealer=0)
    for k in range(12):
        state = match.deal(rng=k)
        while not state.is_terminal:
            state = state.apply(state.legal_actions()[-1])
        match = match.record(state)
    scores = f"({match.scores[0]:+d}, {match.scores[1]:+d})"
    assert repr(match) == f"<Match classic deals=12 scores={scores} next_dealer={match.next_dealer}>"
    assert repr(CLASSIC) == "<RuleSet classic>"
    house = attrs.evolve(CLASSIC, name="house")
    assert repr(house) == "<RuleSet house (custom): 54 cards>"
    assert repr(Match.start(house)).startswith("<Match house (custom) deals=0")
    assert len(repr(state.result())) <= MAX_REPR and len(repr(state.tricks[-1])) <= MAX_REPR
