"""Issue 30, item 4: news instead of whole views (strohmandeln.news). The client's view document
updated by news is the server's view document, after every move of random deals of every preset,
for both seats and a spectator; news never holds a card its viewer does not know; news is small,
valid against its schema, and refused cleanly when it is not news for the view the client holds."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator  # type: ignore[import-untyped,import-not-found,unused-ignore]

import strohmandeln as sm
from strohmandeln import PRESETS, Reason, schemas
from strohmandeln.news import _READERS, MOMENT_FIELDS, apply_news, news_since
from strohmandeln.positions import position

NEWS = Draft202012Validator(schemas.schema("news"))


def _deal(rules: sm.RuleSet, seed: int) -> list[sm.GameState]:
    rng = random.Random(seed)
    states = [sm.deal(rules, dealer=seed % 2, rng=rng, multiplier=(1, 2)[seed % 2])]
    while not states[-1].is_terminal:
        states.append(states[-1].apply(rng.choice(states[-1].legal_actions())))
    return states


def _cards_in(news: dict[str, Any]) -> set[sm.Card]:
    """Every card the news names, wherever it stands."""
    texts: list[str] = [*news["hand"], *(c for hand in news["known_hands"] for c in hand)]
    texts += [pile["face_up"] for seat in news["strohmaenner"] for pile in seat if pile["face_up"] is not None]
    texts += [e["card"] for e in news["events"] if e["card"] is not None]
    texts += [play for t in news["tricks"] for play in t["plays"]] + [action for _, action in news["history"]]
    texts += news["legal_actions"] + ([news["current_trick"]["play"]] if news["current_trick"] else [])
    cards = set()
    for text in texts:
        action = sm.parse_action(text)
        if isinstance(action, sm.Play):
            cards.add(action.card)
    return cards


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_news_after_every_move_updates_the_view_to_the_full_view(rules: sm.RuleSet) -> None:
    """A client sent news after every move holds, after every move, exactly the view document
    the server would have sent: for both seats and a spectator, over random deals."""
    for seed in range(4):
        states = _deal(rules, seed)
        for seat in (0, 1, None):
            held = states[0].view(seat).to_dict()
            for state in states[1:]:
                view = state.view(seat)
                news = news_since(view, len(held["history"]))
                assert NEWS.is_valid(news), next(iter(NEWS.iter_errors(news))).message
                before = copy.deepcopy(held)
                held = apply_news(held, news)
                assert held == view.to_dict()
                assert held is not before  # (a new document, the old one left alone)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_news_since_any_earlier_move_updates_the_view_of_that_move(data: st.DataObject) -> None:
    """A client who missed some news (it saw move k, the deal is at move n): the news since k
    brings it to move n."""
    rules = data.draw(st.sampled_from(list(PRESETS.values())))
    states = _deal(rules, data.draw(st.integers(0, 10**6)))
    seat = data.draw(st.sampled_from([0, 1, None]))
    n = data.draw(st.integers(0, len(states) - 1))
    k = data.draw(st.integers(0, n))
    now = states[n].view(seat)
    assert apply_news(states[k].view(seat).to_dict(), news_since(now, k)) == now.to_dict()
    assert news_since(now, n)["history"] == [] and apply_news(now.to_dict(), news_since(now, n)) == now.to_dict()


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_news_holds_no_card_its_viewer_does_not_know(rules: sm.RuleSet) -> None:
    """Every card news names is one the viewer's own view names; none of the cards hidden from
    the viewer — the opponent's unknown hand cards, every face-down Strohmann card — is in it."""
    for seed in range(3):
        states = _deal(rules, 100 + seed)
        for seat in (0, 1, None):
            for k, state in enumerate(states):
                view = state.view(seat)
                for since in {0, max(k - 1, 0), k}:
                    news = news_since(view, since)
                    known = _cards_in({**view.to_dict(), "history": view.to_dict()["history"]})
                    assert _cards_in(news) <= known
                    hidden = set()
                    for other in (0, 1):
                        if other != seat:
                            hidden |= set(state.hand(other)) - set(view.known_hand(other))
                    assert not hidden & _cards_in(news)
                    assert '"order"' not in json.dumps(news)


def test_news_works_for_views_of_positions_with_set_up_tricks() -> None:
    puzzle = position(sm.CLASSIC, hands=("♣K ♣C ♥K", "♣Q ♣J ♥Q"), tricks=[(0, "♦K", "XX")], rest_to=0, leader=1)
    states = [puzzle]
    while not states[-1].is_terminal:
        states.append(states[-1].apply(states[-1].legal_actions()[0]))
    for seat in (0, 1):
        held = states[0].view(seat).to_dict()
        assert held["dealt"] is False and held["tricks"]  # (the set-up tricks, which are no moves)
        for state in states[1:]:
            held = apply_news(held, news_since(state.view(seat), len(held["history"])))
            assert held == state.view(seat).to_dict()


def test_news_is_small() -> None:
    """News of one move is a fraction of the view: it grows with the moment, not the deal."""
    states = _deal(sm.CLASSIC, 3)
    late = [s for s in states if s.trick_number >= 15 and not s.is_terminal]
    assert late
    for state in late:
        view = state.view(0)
        whole = len(json.dumps(view.to_dict(), ensure_ascii=False))
        news = len(json.dumps(news_since(view, view.ply - 1), ensure_ascii=False))
        assert news < whole / 2, (news, whole)


def test_news_of_another_moment_or_viewer_is_refused() -> None:
    states = _deal(sm.CLASSIC, 5)
    view, held = states[10].view(0), states[8].view(0).to_dict()
    with pytest.raises(sm.SerializationError) as info:
        apply_news(held, news_since(view, 9))
    assert info.value.reason is Reason.STALE_MOVE and "ask for the whole view" in info.value.message
    with pytest.raises(sm.SerializationError) as info:
        apply_news(states[8].view(1).to_dict(), news_since(view, 8))
    assert info.value.reason is Reason.MALFORMED_DOCUMENT and "another viewer" in info.value.message
    others: list[object] = [None, [], "view", {"type": "state", "format": 1}, news_since(view, 8)]
    for not_a_view in others:
        with pytest.raises(sm.SerializationError):
            apply_news(not_a_view, news_since(view, 8))
    with pytest.raises(sm.ArgumentValueError):
        news_since(view, view.ply + 1)
    with pytest.raises(sm.ArgumentValueError):
        news_since(view, -1)
    with pytest.raises(sm.ArgumentTypeError):
        news_since(view, "3")  # type: ignore[arg-type]
    with pytest.raises(sm.ArgumentTypeError):
        news_since(states[10], 3)  # type: ignore[arg-type]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=10,
)


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_hostile_news_is_refused_cleanly(data: st.DataObject) -> None:
    """News with any JSON value in place of any field, or in place of an item of its lists, is
    applied or refused with a SerializationError of a short message — never another error."""
    states = _deal(sm.EXTENDED, 7)
    k = data.draw(st.integers(0, len(states) - 2))
    held, news = states[k].view(1).to_dict(), news_since(states[-1].view(1), k)
    field = data.draw(st.sampled_from(sorted(news)))
    value = news[field]
    if isinstance(value, list) and value and data.draw(st.booleans()):
        value = list(value)
        value[data.draw(st.integers(0, len(value) - 1))] = data.draw(json_values)
    else:
        value = data.draw(json_values)
    try:
        apply_news(held, {**news, field: value})
    except sm.SerializationError as error:
        assert len(error.message) <= sm.errors.MAX_MESSAGE


def test_every_moment_field_has_its_reader() -> None:
    assert set(_READERS) == set(MOMENT_FIELDS)
    view = sm.deal(sm.CLASSIC, dealer=0, rng=1).view(0).to_dict()
    assert set(view) == {"format", "type", "rules", "dealer", "player", "dealt", "history", "tricks", "events", *MOMENT_FIELDS}
