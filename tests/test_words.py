"""The words of the documents (``_core/words.py``, issue 30 item 5): the tables of the notation
are the notation's own, and the documents written through them are, byte for byte, the ones the
public values give (the writers before the tables, kept here as the reference)."""

from __future__ import annotations

import json
from typing import Any

from helpers import position_playout, random_states

import strohmandeln as sm
from strohmandeln._core import words
from strohmandeln._core.formats import L_STROHMANN
from strohmandeln._core.history import ANNOUNCEMENTS, event_of, lead_play, tricks_of
from strohmandeln._core.masks import cards_of
from strohmandeln._core.seen import Seen, actors, events, history, piles, result
from strohmandeln.actions import INTERNED, Play
from strohmandeln.knowledge import seen_of
from strohmandeln.presets import rules_ref


def test_the_card_and_play_words_are_the_notation() -> None:
    assert words.CARD_WORDS == tuple(str(card) for card in sm.DECK_54)
    assert all(sm.Card.parse(word) is card for word, card in words.CARD_OF_WORD.items())
    for card in range(54):
        for bits in range(4):
            for code in range(3):
                play = INTERNED[card][bits][code]
                word = words.PLAY_WORDS[card << 4 | bits | code << 2]
                assert word == ("" if play is None else str(play))
                for strohmann in (0, 1):  # (the play info's from-Strohmann bit says nothing of the play)
                    assert words.play_word(card, strohmann | bits << 1 | code << 3) == word
    for word, action in words.ACTION_OF_WORD.items():
        assert sm.parse_action(word) is action and str(action) == word and words.action_word(action) == word
    assert len(words.ACTION_OF_WORD) == 6 + sum(p is not None for row in INTERNED for calls in row for p in calls)


def test_an_action_of_no_table_is_written_by_its_notation() -> None:
    class Odd(Play):
        __slots__ = ()

    odd = Odd._make(sm.Card.parse("XXI"), frozenset(), None)
    assert words.action_word(odd) == "XXI"
    assert words.card_words(0) == [] and words.card_words(1 | 1 << 53) == ["I", str(sm.DECK_54[53])]


def reference_view_document(s: Seen) -> dict[str, Any]:
    """A view's document as the writer before the tables wrote it, from the public values."""
    out: dict[str, Any] = {
        "format": 1,
        "type": "view",
        "rules": rules_ref(s.rules),
        "dealer": s.dealer,
        "player": None if s.player < 0 else s.player,
        "dealt": s.dealt,
        "phase": s.phase.value,
        "current_player": None if s.turn < 0 else s.turn,
        "undertaker": None if s.auc[0] < 0 else s.auc[0],
        "doubled": s.auc[1],
        "void_reason": None if s.auc[2] is None else s.auc[2].value,
        "history": [[seat, str(action)] for seat, action in zip(actors(s), history(s))],
        "tricks": [
            {"leader": t.leader, "plays": [str(t.plays[0]), str(t.plays[1])], "from_strohmann": list(t.from_strohmann), "winner": t.winner}
            for t in tricks_of(s.tricks)
        ],
    }
    if not s.dealt:
        out["setup_won"] = s.setup_won
    out["current_trick"] = None if s.lead < 0 else {"leader": 1 - s.turn, "play": str(lead_play(s.lead)), "from_strohmann": bool(s.lead & L_STROHMANN)}
    turns = [event_of(e) for e in events(s)]
    out["events"] = [
        {"player": x.player, "strohmann": x.strohmann, "card": None if x.card is None else str(x.card), "to_hand": x.to_hand, "hidden": x.hidden, "after_trick": x.after_trick}
        for x in turns
    ]
    out["hand"] = [str(c) for c in cards_of(s.hand)]
    out["hand_sizes"] = [s.sizes[0], s.sizes[1]]
    out["known_hands"] = [[str(c) for c in cards_of(s.known[k])] for k in (0, 1)]
    heaps = piles(s)
    out["strohmaenner"] = [[{"face_up": None if p[0] < 0 else str(sm.DECK_54[p[0]]), "face_down": p[1]} for p in heaps[3 * x : 3 * x + 3]] for x in (0, 1)]
    out["announcements"] = [sorted(a.value for a in ANNOUNCEMENTS[s.calls >> 2 * k & 3]) for k in (0, 1)]
    out["legal_actions"] = [str(a) for a in s.legal]
    if s.multiplier != 1:
        out["multiplier"] = s.multiplier
    finished = result(s)
    if finished is not None:
        out["result"] = finished.to_dict()
    return out


def text(document: dict[str, Any]) -> str:
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


def test_view_documents_are_those_of_the_public_values_on_random_deals_of_every_preset() -> None:
    checked = 0
    for n, rules in enumerate(sm.PRESETS.values()):
        for seed in range(4):
            states = random_states(rules, 100 * n + seed) + position_playout(rules, 100 * n + seed)
            for state in states:
                for player in (0, 1, None):
                    s = seen_of(state.view(player))
                    assert text(state.view(player).to_dict()) == text(reference_view_document(s))
                    checked += 1
    assert checked > 1000


def test_state_documents_write_their_actions_and_order_as_notation() -> None:
    for n, rules in enumerate(sm.PRESETS.values()):
        state = random_states(rules, n)[-1]
        doc = state.to_dict()
        assert doc["actions"] == [str(a) for a in state.history]
        assert state.order is not None and doc["order"] == [str(c) for c in state.order]


def test_the_objects_of_a_view_are_those_of_the_declared_writers() -> None:
    from strohmandeln._core.declared import EVENT, STROHMANN, TRICK
    from strohmandeln._core.record import walk

    for n, rules in enumerate(sm.PRESETS.values()):
        for state in random_states(rules, 50 + n)[::5]:
            for player in (0, 1, None):
                s = seen_of(state.view(player))
                assert text({"t": words.trick_objects(s.tricks)}) == text({"t": [TRICK.write(t) for t in walk(s.tricks)]})
                assert text({"e": words.event_objects(events(s))}) == text({"e": [EVENT.write(e) for e in events(s)]})
                heaps = piles(s)
                assert text({"p": words.pile_objects(heaps)}) == text({"p": [[STROHMANN.write(p) for p in heaps[3 * x : 3 * x + 3]] for x in (0, 1)]})


def test_the_objects_kept_are_copied_out() -> None:
    state = random_states(sm.CLASSIC, 3)[-1]
    first = state.view(0).to_dict()
    for event in first["events"]:
        event["card"] = "changed"
    first["strohmaenner"][0][0]["face_down"] = 99
    assert text(state.view(0).to_dict()) == text(reference_view_document(seen_of(state.view(0))))
