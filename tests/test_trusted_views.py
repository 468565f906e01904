"""Views loaded from a trusted server (``PlayerView.from_trusted_dict``, issue 30 item 5): on
every document a server writes, the view is the checked loader's; malformed documents are
refused with the library's errors as the checked loader refuses them."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from helpers import position_playout, random_states
from hypothesis import given, settings
from hypothesis import strategies as st

import strohmandeln as sm
from strohmandeln import PlayerView
from strohmandeln.knowledge import seen_of


def documents(rules: sm.RuleSet, seed: int) -> list[dict[str, Any]]:
    """The documents of every view (both seats and a spectator) of a random deal of ``rules``
    and of a random position of it."""
    states = random_states(rules, seed) + position_playout(rules, seed)
    return [state.view(player).to_dict() for state in states for player in (0, 1, None)]


PRESETS = sorted(sm.PRESETS)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 10**6), st.data())
def test_a_trusted_view_is_the_checked_one_on_every_document_a_server_writes(name: str, seed: int, data: st.DataObject) -> None:
    docs = documents(sm.PRESETS[name], seed)
    for doc in data.draw(st.lists(st.sampled_from(docs), min_size=1, max_size=6, unique_by=json.dumps)) + docs[:3] + docs[-3:]:
        trusted = PlayerView.from_trusted_dict(copy.deepcopy(doc))
        checked = PlayerView.from_dict(doc)
        assert trusted == checked
        assert trusted.to_dict() == doc
        a, b = seen_of(trusted), seen_of(checked)
        for field in ("own", "calls", "won", "tops", "setup", "hand", "known", "sizes", "legal", "asked"):  # (the accessors' reads)
            assert getattr(a, field) == getattr(b, field), field
        assert trusted.dealt_hand == checked.dealt_hand and trusted.unseen_cards() == checked.unseen_cards()
        assert trusted.card_points(0) == checked.card_points(0) and trusted.events == checked.events


def test_every_preset_and_seat_on_many_deals() -> None:
    count = 0
    for n, name in enumerate(PRESETS):
        for seed in range(3):
            for doc in documents(sm.PRESETS[name], 7 * n + seed)[::2]:
                assert PlayerView.from_trusted_dict(doc) == PlayerView.from_dict(doc)
                count += 1
    assert count > 500


def test_a_position_is_refused_with_dealt_only() -> None:
    doc = next(d for d in documents(sm.CLASSIC, 1) if not d["dealt"])
    for load in (PlayerView.from_dict, PlayerView.from_trusted_dict):
        with pytest.raises(sm.SerializationError) as caught:
            load(doc, dealt_only=True)
        assert caught.value.reason is sm.Reason.NOT_DEALT
    with pytest.raises(sm.ArgumentTypeError):
        PlayerView.from_trusted_dict(doc, dealt_only=1)  # type: ignore[arg-type]


def mutations(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """Malformed variants of a view document: fields of the wrong type or range, missing,
    unknown, overlong lists, bad cards and actions."""
    out: list[dict[str, Any]] = []
    bads: tuple[Any, ...] = (None, True, 2, -1, "x", [], {}, [None], ["XXV"], [[0, "XXV"]], 10**30, 1.5, [[5, "pass"]], ["I"] * 300)
    for key in doc:
        for bad in bads:
            if bad != doc[key]:
                out.append({**doc, key: bad})
        out.append({k: v for k, v in doc.items() if k != key})
    out.append({**doc, "unknown": 1})
    if doc["tricks"]:
        changes: tuple[tuple[str, Any], ...] = (("plays", ["XXV", "I"]), ("plays", ["I"]), ("from_strohmann", [1, 0]), ("leader", True), ("winner", 2), ("extra", 0))
        for field, change in changes:
            out.append({**doc, "tricks": [{**doc["tricks"][0], field: change}, *doc["tricks"][1:]]})
    if doc["events"]:
        out.append({**doc, "events": [{**doc["events"][0], "card": "XXV"}]})
        out.append({**doc, "events": [{**doc["events"][0], "after_trick": 99}]})
    return out


def test_malformed_documents_are_refused_by_the_library_s_errors() -> None:
    docs = documents(sm.CLASSIC, 3)
    for doc in (docs[len(docs) // 3], docs[len(docs) // 2 + 1], docs[-1]):
        for bad in mutations(doc):
            try:
                PlayerView.from_trusted_dict(bad)
            except sm.SerializationError as error:
                assert isinstance(error.reason, sm.Reason) and len(str(error)) < 400
            else:  # (what it takes, the checked load refuses as inconsistent, or takes too)
                try:
                    PlayerView.from_dict(bad)
                except sm.SerializationError as error:
                    assert error.reason is not sm.Reason.INVALID_CARD


def test_what_the_checked_load_refuses_as_malformed_the_trusted_one_refuses_the_same() -> None:
    docs = documents(sm.EXTENDED, 5)
    for doc in docs[:: max(len(docs) // 6, 1)]:
        for bad in mutations(doc):
            try:
                PlayerView.from_trusted_dict(bad)
            except sm.SerializationError as trusted:
                with pytest.raises(sm.SerializationError):
                    PlayerView.from_dict(bad)
                del trusted


def test_the_example_of_the_docstring_runs() -> None:
    import doctest

    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in doctest.DocTestFinder().find(PlayerView.from_trusted_dict, "from_trusted_dict", globs={"PlayerView": PlayerView}):
        runner.run(test)
    assert runner.tries >= 3 and runner.failures == 0


def test_the_readers_fast_paths_unpack_the_fields_in_the_declared_order() -> None:
    """The item readers' fast paths take an object's values in the order the writer gives its
    fields (``leader, plays, from_strohmann, winner = t.values()``): a change of a declaration's
    order must change them too, or every such item would be read wrong."""
    from strohmandeln._core import readers
    from strohmandeln._core.declared import EVENT, STROHMANN, TRICK

    assert readers._TRICK_ORDER == tuple(TRICK.keys()[0]) == ("leader", "plays", "from_strohmann", "winner")
    assert readers._EVENT_ORDER == tuple(EVENT.keys()[0]) == ("player", "strohmann", "card", "to_hand", "hidden", "after_trick")
    assert readers._PILE_ORDER == tuple(STROHMANN.keys()[0]) == ("face_up", "face_down")
    view = sm.PlayerView.from_trusted_dict(documents(sm.CLASSIC, 2)[-1])
    reordered = view.to_dict()
    assert reordered["tricks"] and reordered["events"]
    reordered["tricks"] = [dict(reversed(list(t.items()))) for t in reordered["tricks"]]
    reordered["events"] = [dict(reversed(list(e.items()))) for e in reordered["events"]]
    reordered["strohmaenner"] = [[dict(reversed(list(p.items()))) for p in piles] for piles in reordered["strohmaenner"]]
    assert sm.PlayerView.from_trusted_dict(reordered) == view == sm.PlayerView.from_dict(reordered)
