"""The notation's formal grammar in the server guide (issue 23) holds: every terminal it lists
is read as it says, and the combinations it excludes are refused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import strohmandeln as sm
from strohmandeln import Card, NotationError

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "guide_server.rst"


def _productions() -> dict[str, list[str]]:
    """Each production of the guide's ``productionlist`` and its quoted terminals."""
    text = GUIDE.read_text(encoding="utf-8")
    block = text.split(".. productionlist:: notation", 1)[1].strip("\n").split("\n\n", 1)[0]
    out: dict[str, list[str]] = {}
    name = ""
    for line in block.splitlines():
        head, colon, body = line.strip().partition(":")
        if colon and head and " " not in head:
            name = head
            out[name] = []
        out[name] += re.findall(r'"([^"]*)"', body if colon else line)
    return out


PRODUCTIONS = _productions()


def test_decisions_announcements_and_calls() -> None:
    for word in PRODUCTIONS["decision"]:
        assert not isinstance(sm.parse_action(word.upper()), sm.Play)
    for word in PRODUCTIONS["announcement"]:
        play = sm.parse_action(f"♥K+{word}")
        assert isinstance(play, sm.Play) and play.announcements
    for word in PRODUCTIONS["call"]:
        play = sm.parse_action(f"{'XVII' if word == 'ross' else 'XVIII'}!{word}")
        assert isinstance(play, sm.Play) and play.call is not None


def test_every_alias_and_tarock_form() -> None:
    for alias in PRODUCTIONS["alias"]:
        assert Card.parse(alias).is_tarock
    for n, roman in enumerate("I II III IIII V VI VII VIII IX X XI XII XIII XIV XV XVI XVII XVIII XIX XX XXI".split(), 1):
        card = Card.tarock(n)
        for text in (roman, f"T{n}", f"tarock{n}", f"Tarock {n}", f"tarock{roman}", f"Tarock {roman}"):
            assert Card.parse(text) is card, text
    assert Card.parse("T22") is Card.tarock(22) and Card.parse("IV") is Card.parse("Tarock IV") is Card.tarock(4)


@pytest.mark.parametrize("suit", list(sm.Suit))
def test_suit_cards_from_every_suit_and_rank_spelling(suit: sm.Suit) -> None:
    words = {"symbol": PRODUCTIONS["symbol"], "letter": PRODUCTIONS["letter"], "suitword": PRODUCTIONS["suitword"]}
    king = Card.suit_card(suit, sm.Rank.KING)
    mine = [w for kind in words.values() for w in kind if Card.parse(w + "K") is king]
    assert mine, suit
    for spelling in mine:
        for rank in ("k", "king", "könig", "konig", "r"):
            text, reverse = spelling + rank, rank + spelling
            if spelling in PRODUCTIONS["letter"] and rank in PRODUCTIONS["rankword"]:
                for bad in (text, reverse):  # a suit letter goes only with a rank's symbol
                    with pytest.raises(NotationError):
                        Card.parse(bad)
            else:
                assert Card.parse(text) is king and Card.parse(reverse) is king, text


def test_the_three_binding_rules() -> None:
    for bad in ("kings", "queens", "jacks", "knights", "XX I", "X X I", "XVII!ross+trull"):
        with pytest.raises(NotationError):
            sm.parse_action(bad)
    assert [str(c) for c in sm.cards_from_text("X X I")] == ["X", "X", "I"]
    assert str(sm.parse_action("XVII+trull!ross")) == "XVII+trull!ross"
    assert Card.parse("h1") is Card.parse("hA") is Card.parse("heartace") is Card.parse("♥ass")
