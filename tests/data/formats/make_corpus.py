"""Write the frozen corpus of one format: ``python tests/data/formats/make_corpus.py`` writes
``tests/data/formats/<FORMAT>/`` — one file of every document type (and of the text records) as
this release writes it, over every preset and a house rule set, at several moments of a deal.

Run it once, when a format is new, and check the files in: they are never written again.
``tests/test_formats.py`` loads every file of every format's corpus in every later release; a
release that cannot load one (unchanged) breaks the format policy (docs/guide_server.rst).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import attrs

import strohmandeln as sm
from strohmandeln import records, serialization
from strohmandeln._base import checked
from strohmandeln.positions import position
from strohmandeln.session import Session

#: The signing key of the corpus's sessions: a test key, public on purpose.
KEY = b"strohmandeln frozen corpus key, public"
#: A house rule set: every option off its default, the scoring table's too.
HOUSE = attrs.evolve(
    sm.CLASSIC,
    name="house",
    first_lead=sm.FirstLead.UNDERTAKER,
    both_pass=sm.BothPass.THROW_IN,
    undertaker_doubling=True,
    last_card=sm.LastCard.SHOWN,
    scoring=attrs.evolve(
        sm.EXTENDED.scoring,
        undertaken_draw=sm.UndertakenDraw.DRAW,
        valat_replaces=sm.ValatReplaces.GAME,
        draw_doubling=sm.DrawDoubling.UNTIL_DECIDED,
        tie_doubles=False,
    ),
    source="a house rule set of the frozen corpus",
)


def _play(state: sm.GameState, rng: random.Random, plies: int | None = None) -> sm.GameState:
    while not state.is_terminal and (plies is None or plies > 0):
        state = state.apply(rng.choice(state.legal_actions()))
        plies = None if plies is None else plies - 1
    return state


def documents() -> dict[str, str]:
    """Every file of the corpus by name: JSON documents and text records."""
    out: dict[str, str] = {}

    def put(name: str, doc: object) -> None:
        out[f"{name}.json"] = json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n"

    for rules in (*sm.PRESETS.values(), HOUSE):
        rng = random.Random(rules.name)
        put(f"rules-{rules.name}", serialization.to_dict(rules))
        start = sm.deal(rules, dealer=1, rng=rng)
        mid = _play(start, rng, 12)
        put(f"state-{rules.name}-start", serialization.to_dict(start))
        put(f"state-{rules.name}-mid", serialization.to_dict(mid))
        put(f"view-{rules.name}-mid-seat{mid.current_player}", serialization.to_dict(mid.view(mid.current_player)))
        over = _play(mid, rng)
        put(f"state-{rules.name}-over", serialization.to_dict(over))
        put(f"view-{rules.name}-over-spectator", serialization.to_dict(over.view(None)))
        put(f"result-{rules.name}", serialization.to_dict(over.result()))
        out[f"record-{rules.name}.txt"] = records.dumps(over)
        match = sm.Match.start(rules, first_dealer=0)
        for _ in range(3):
            match = match.record(_play(match.deal(rng=rng), rng))
        put(f"match-{rules.name}", serialization.to_dict(match))
        out[f"match-{rules.name}.txt"] = records.dumps_match(match)
        session = Session.start(rules, secret=bytes(range(16, 48)), first_dealer=1)
        for _ in range(2):
            while not session.state.is_terminal:
                session = session.apply(rng.choice(session.state.legal_actions()))
            session = session.next_deal()
        session = session.apply(session.state.legal_actions()[0])
        put(f"session-{rules.name}", session.to_dict(key=KEY))
    doubled = sm.deal(sm.CLASSIC, dealer=0, rng=5, multiplier=4)
    put("state-classic-stakes-4", serialization.to_dict(_play(doubled, random.Random(5), 20)))
    put("view-classic-stakes-4-seat0", serialization.to_dict(_play(doubled, random.Random(5), 20).view(0)))
    setup = position(sm.CLASSIC, hands=("I ♥K ♣7", "♥4 ♥Q ♠K"), won=("XXI Sküs ♠C ♦K", "♣K ♥1"), rest_to=1, leader=0, undertaker=0)
    put("state-classic-position", serialization.to_dict(setup.apply(setup.legal_actions()[0])))
    put("view-classic-position-seat1", serialization.to_dict(setup.apply(setup.legal_actions()[0]).view(1)))
    for action in (sm.Take(), sm.Pass(), sm.Fold(), sm.Keep(), sm.Double(), sm.NoDouble(), sm.parse_action("XVII+trull!ross")):
        put(f"action-{str(action).replace('!', '-').replace('+', '-')}", serialization.to_dict(action))
    put("error-serialization", sm.SerializationError(sm.Reason.MALFORMED_DOCUMENT, "actions[3]: expected text").to_dict())
    try:
        records.loads("strohmandeln-deal 1\nrules classic\ndealer 2\n")
    except sm.StrohmandelnError as error:
        put("error-record", error.to_dict())
    return out


def main() -> int:
    target = Path(__file__).resolve().parent / str(checked.FORMAT)
    if any(target.glob("*")) and "--force" not in sys.argv:
        print(f"{target} holds a frozen corpus: its files are never written again (--force to overwrite)")
        return 1
    target.mkdir(parents=True, exist_ok=True)
    for name, text in documents().items():
        (target / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(documents())} files to {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
