"""Write the seed corpus of the fuzz targets: valid documents, records and notation.

Run from the repository root::

    python -m fuzz.make_corpus            # rewrites fuzz/corpus/<target>/

Every preset of :data:`strohmandeln.PRESETS` and a set of house rules built from them (the
options of R5, R7, R9, R10, R12, R21, R25, R26, the 40-card deck, Quapil), each at several moments
of a deal — its start, the middle of the auction, the doubling, the card play, its end, void
(folded, thrown in) — as state documents, player and spectator views, results and text records;
positions (:mod:`strohmandeln.positions`) as state and view documents; matches of a few deals
as documents and records; rule sets and actions as documents; and card and action notation.

The output is deterministic (every choice comes from a seeded :class:`random.Random`), so a
rerun on an unchanged library rewrites the same files. The corpus is small on purpose (about 200
files, a few hundred kB): the replay tests run every file on every test run.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import attrs

import strohmandeln as sm
from strohmandeln import messages, records, serialization
from strohmandeln.match import Match
from strohmandeln.positions import Position, position
from strohmandeln.session import Session

from fuzz.targets import SESSION_KEY
from strohmandeln.rules import (
    BothPass,
    Bonus,
    Deck,
    DrawDoubling,
    FirstLead,
    LastCard,
    RuleSet,
    UndertakenDraw,
    ValatReplaces,
)

#: Where the corpus goes: one directory per target of :data:`fuzz.targets.TARGETS`.
CORPUS: Final = Path(__file__).resolve().parent / "corpus"


def _on_40(rules: RuleSet, name: str) -> RuleSet:
    """``rules`` on the 40-card deck: bonuses it cannot have dropped, thresholds kept valid."""
    deck = Deck.SHORT_40

    def clamp(points: int) -> int:
        return min(max(points, deck.winning_points), deck.total_points)

    scoring = attrs.evolve(
        rules.scoring,
        bonuses=tuple((b, v) for b, v in rules.scoring.bonuses if all(c in deck.cards for c in b.required_cards)),
        major_points=clamp(rules.scoring.major_points),
        defender_major_points=clamp(rules.scoring.defender_major_points),
    )
    return attrs.evolve(rules, name=name, deck=deck, scoring=scoring)


def _house_rules() -> list[RuleSet]:
    """Rule sets with each option of RuleSet and ScoringTable away from the presets' values."""
    classic, extended, furr = sm.CLASSIC, sm.EXTENDED, sm.FURR
    return [
        attrs.evolve(classic, name="classic_last_card_shown", last_card=LastCard.SHOWN),
        attrs.evolve(classic, name="classic_doubling", undertaker_doubling=True),
        attrs.evolve(classic, name="classic_throw_in", both_pass=BothPass.THROW_IN),
        attrs.evolve(classic, name="classic_undertaker_leads", first_lead=FirstLead.UNDERTAKER, fold_without_tarock=False),
        attrs.evolve(
            extended,
            name="extended_valat_game_and_bonuses",
            scoring=attrs.evolve(extended.scoring, valat_replaces=ValatReplaces.GAME_AND_BONUSES, undertaken_draw=UndertakenDraw.DRAW),
        ),
        attrs.evolve(
            furr,
            name="furr_quapil_until_decided",
            scoring=attrs.evolve(
                furr.scoring,
                bonuses={**dict(furr.scoring.bonuses), Bonus.QUAPIL: 1},
                draw_doubling=DrawDoubling.UNTIL_DECIDED,
                valat_replaces=ValatReplaces.GAME,
            ),
        ),
        _on_40(extended, "extended40"),
        attrs.evolve(
            _on_40(classic, "house40"),
            undertaker_doubling=True,
            last_card=LastCard.SHOWN,
            both_pass=BothPass.THROW_IN,
            first_lead=FirstLead.UNDERTAKER,
            source="a house: every option at once, 40 cards",
        ),
        attrs.evolve(
            classic,
            name="house54",
            undertaker_doubling=True,
            last_card=LastCard.SHOWN,
            both_pass=BothPass.THROW_IN,
            scoring=attrs.evolve(classic.scoring, draw_doubling=DrawDoubling.NONE, undertaken_draw=UndertakenDraw.DRAW),
        ),
    ]


#: Every preset, then the house rules.
RULE_SETS: Final[tuple[RuleSet, ...]] = (*sm.PRESETS.values(), *_house_rules())


class Writer:
    """Collects the files of one target (names are unique, contents deduplicated)."""

    def __init__(self, root: Path, target: str) -> None:
        self.directory = root / target
        self.files: dict[str, bytes] = {}

    def add(self, name: str, text: str) -> None:
        data = text.encode()
        if name in self.files:
            raise ValueError(f"two corpus files named {name}")
        if data not in self.files.values():
            self.files[name] = data

    def write(self) -> int:
        shutil.rmtree(self.directory, ignore_errors=True)
        self.directory.mkdir(parents=True)
        for name, data in sorted(self.files.items()):
            (self.directory / name).write_bytes(data)
        return len(self.files)


def _json(obj: object, *, pretty: bool = False) -> str:
    if pretty:
        return json.dumps(serialization.to_dict(obj), ensure_ascii=False, indent=1) + "\n"
    return serialization.to_json(obj)


def _step(state: sm.GameState, rng: random.Random) -> sm.GameState:
    return state.apply(rng.choice(state.legal_actions()))


def _playout(rules: RuleSet, seed: int) -> list[sm.GameState]:
    """Every state of a random deal (dealer and cards from ``seed``), a taking undertaker in
    half of them so that the doubling and the undertaker's game occur."""
    rng = random.Random(seed)
    states = [sm.deal(rules, dealer=seed % 2, rng=seed)]
    while not states[-1].is_terminal:
        state = states[-1]
        actions = state.legal_actions()
        if seed % 2 and sm.Take() in actions:
            states.append(state.apply(sm.Take()))
        elif sm.Fold() in actions or sm.Keep() in actions:
            states.append(state.apply(sm.Keep()))  # a fold only where we ask for one (_folded)
        else:
            states.append(_step(state, rng))
    return states


def _moments(states: list[sm.GameState]) -> Iterator[tuple[str, sm.GameState]]:
    """The start, the auction, the doubling, the card play (first trick, middle, last trick)
    and the end of a deal."""
    yield "start", states[0]
    seen: set[str] = set()
    plays = [s for s in states if s.phase is sm.Phase.PLAY]
    for state in states[1:]:
        phase = state.phase.value
        if phase in ("auction", "doubling") and phase not in seen:
            seen.add(phase)
            yield phase, state
    if plays:
        yield "first-trick", plays[min(1, len(plays) - 1)]
        yield "mid-play", plays[len(plays) // 2]
        yield "last-trick", plays[-1]
    yield "end", states[-1]


def _folded(rules: RuleSet) -> sm.GameState | None:
    """A deal where a tarockless seat folds (R7), the first such seed."""
    if not rules.fold_without_tarock:
        return None
    for seed in range(5000):
        state = sm.deal(rules, dealer=seed % 2, rng=seed)
        if sm.Fold() in state.legal_actions():
            return state.apply(sm.Fold())
    return None  # pragma: no cover


def _thrown_in(rules: RuleSet, seed: int) -> sm.GameState | None:
    """A deal both pass, thrown in (R9) — or played as a simple game where the rules say so."""
    state = sm.deal(rules, dealer=seed % 2, rng=seed)
    while state.phase is not sm.Phase.PLAY and not state.is_terminal:
        actions = state.legal_actions()
        state = state.apply(sm.Pass() if sm.Pass() in actions else sm.Keep() if sm.Keep() in actions else actions[0])
    return state if state.is_terminal else None


def _match(rules: RuleSet, deals: int, seed: int, *, fold: bool = False) -> Match:
    rng = random.Random(seed)
    match = Match.start(rules, first_dealer=seed % 2)
    folded = _folded(rules) if fold else None
    for k in range(deals):
        if folded is not None and k == 1 and folded.dealer == match.next_dealer:
            match = match.record(sm.deal(rules, dealer=folded.dealer, order=folded.order).apply(sm.Fold()))
            continue
        state = match.deal(rng=rng.randrange(10**6))
        while not state.is_terminal:
            state = _step(state, rng)
        match = match.record(state)
    return match


def _positions() -> Iterator[tuple[str, sm.GameState]]:
    """Set-up positions (:mod:`strohmandeln.positions`), and moments of play after them."""
    classic, extended = sm.CLASSIC, sm.EXTENDED
    yield "endgame", position(classic, hands=("♣K ♣C ♣9 ♣7", "♣Q ♣J ♣10 ♣8"), rest_to=0, leader=0)
    yield "strohmann-last-card", position(
        classic, hands=("XXI ♥K I", "♥Q"), strohmaenner=((), (("♠7", "Sküs"),)), rest_to=1, leader=0
    )
    yield "announced-trull", position(
        classic,
        hands=("♣K ♣C ♣9 XXI", "♣Q ♣J"),
        strohmaenner=((), (("♠7", "♠8"),)),
        rest_to=0,
        leader=0,
        undertaker=1,
        announcements=(("trull",), ()),
    )
    yield "tricks", position(classic, hands=("♣K", "♣Q"), tricks=[(1, "XXI", "Sküs"), (0, "♥K", "XX")], rest_to=0, leader=1)
    yield "rostopschin", position(extended, hands=("XVIII ♣K", "♣Q ♣J"), tricks=[(1, "♥Q", "XVII!ross")], rest_to=1, leader=0)
    doubling = attrs.evolve(classic, name="classic_doubling", undertaker_doubling=True)
    yield "doubled", position(
        doubling, hands=("♥K ♥Q ♥J ♥C XXI", "♣K ♠K"), strohmaenner=((), (("♠9", "♣J", "♥4"),)),
        rest_to=0, leader=0, undertaker=0, doubled=True,
    )  # fmt: skip
    rng = random.Random(11)
    for k, rules in enumerate((classic, sm.ZWANZIGERRUFEN_40, sm.FURR)):
        state = sm.deal(rules, dealer=k % 2, rng=100 + k)
        while state.phase is not sm.Phase.PLAY or state.trick_number < 4 + 3 * k or state.current_trick:
            state = _step(state, rng)
        start = Position.at(state).state()
        yield f"at-{rules.name}", start
        for _ in range(3):
            start = _step(start, rng)
        yield f"at-{rules.name}-played", start


def _sessions() -> Iterator[tuple[str, Session]]:
    """Sessions (:mod:`strohmandeln.session`) of a few presets and a house rule set, at the start,
    in mid-deal, at a deal's end and after some deals, signed with the corpus's key."""
    for k, rules in enumerate((sm.CLASSIC, sm.STRAMANDL, sm.BECK, RULE_SETS[-2], RULE_SETS[-1])):
        rng = random.Random(300 + k)
        session = Session.start(rules, secret=bytes(range(k, k + 16 + 8 * k)), first_dealer=k % 2)
        yield f"{rules.name}-start", session
        for _ in range(2 + k):
            while not session.state.is_terminal:
                session = session.apply(rng.choice(session.state.legal_actions()))
            if k % 2 == 0 and session.standing.deals_recorded == 1:
                yield f"{rules.name}-over", session  # (a finished deal, not recorded yet)
            session = session.next_deal()
        for _ in range(5 + 7 * k):
            if not session.state.is_terminal:
                session = session.apply(rng.choice(session.state.legal_actions()))
        yield f"{rules.name}-{session.standing.deals_recorded}-deals", session


def _messages() -> Iterator[tuple[str, str]]:
    """Clients' moves (:mod:`strohmandeln.messages`) of a session of two deals, every few moves,
    with ids of text and of numbers."""
    rng = random.Random(30)
    session = Session.start(sm.EXTENDED, secret=bytes(range(16)), first_dealer=1)
    for deal in range(2):
        k = 0
        while not session.state.is_terminal:
            seat = session.state.current_player
            assert seat is not None
            action = rng.choice(session.state.legal_actions())
            if k % 9 == 0:
                request_id: str | int = f"req-{deal}.{k}" if k % 2 else session.move_number
                move = messages.Move(match=f"match:{deal}", seat=seat, move_number=session.move_number, action=action, request_id=request_id)
                yield f"{deal}-{k:02}", move.to_json()
            session = session.submit(action, player=seat, move_number=session.move_number)
            k += 1
        session = session.next_deal()


def build(root: Path) -> dict[str, Writer]:
    """Every corpus file, by target."""
    out = {target: Writer(root, target) for target in ("json", "record", "session", "notation", "message")}
    js, rec, notation = out["json"], out["record"], out["notation"]
    for name, session in _sessions():
        out["session"].add(f"session-{name}.json", session.to_json(key=SESSION_KEY))
    for name, text in _messages():
        out["message"].add(f"move-{name}.json", text)

    for k, rules in enumerate(RULE_SETS):
        name = rules.name
        js.add(f"rules-{name}.json", _json(rules, pretty=k == 0))
        states = _playout(rules, 1000 + k)
        for moment, state in _moments(states):
            if moment in ("first-trick", "last-trick") and k % 4 or moment in ("start", "auction") and k % 2:
                continue
            js.add(f"state-{name}-{moment}.json", _json(state))
            if moment == "doubling" or moment == ("mid-play", "end")[k % 2] or (moment == "start" and k % 5 == 0):
                seat = (None, 0, 1)[(k + len(moment)) % 3]
                js.add(f"view-{name}-{moment}-{'spectator' if seat is None else f'seat{seat}'}.json", _json(state.view(seat)))
        final = states[-1]
        if k % 2 == 0 or final.rules.undertaker_doubling:
            js.add(f"result-{name}.json", _json(final.result()))
        rec.add(f"deal-{name}.txt", records.dumps(final, ascii=k % 4 == 3))
        if k % 2 == 0:
            rec.add(f"deal-{name}-mid-play.txt", records.dumps(states[len(states) // 2]))
        folded = _folded(rules)
        if folded is not None and k % 2 == 0:
            js.add(f"state-{name}-folded.json", _json(folded))
            js.add(f"view-{name}-folded-seat{k % 2}.json", _json(folded.view(k % 2)))
            rec.add(f"deal-{name}-folded.txt", records.dumps(folded))
        void = _thrown_in(rules, 2000 + k)
        if void is not None:
            js.add(f"state-{name}-thrown-in.json", _json(void))
            js.add(f"view-{name}-thrown-in-spectator.json", _json(void.view(None)))
            js.add(f"result-{name}-thrown-in.json", _json(void.result()))
            rec.add(f"deal-{name}-thrown-in.txt", records.dumps(void))

    for k, (name, state) in enumerate(_positions()):
        js.add(f"position-{name}.json", _json(state))
        js.add(f"position-{name}-view-{'spectator' if k % 3 == 2 else f'seat{k % 3}'}.json", _json(state.view(None if k % 3 == 2 else k % 3)))
        if k % 2 == 0:
            play = state
            rng = random.Random(k)
            while not play.is_terminal:
                play = _step(play, rng)
            if k % 4 == 0:
                js.add(f"position-{name}-end.json", _json(play))
            js.add(f"position-{name}-result.json", _json(play.result()))

    for name, match in (
        ("classic", _match(sm.CLASSIC, 3, 1, fold=True)),
        ("stramandl", _match(sm.STRAMANDL, 4, 2)),
        ("beck", _match(sm.BECK, 3, 3)),
        ("house40", _match(RULE_SETS[-2], 3, 4)),
        ("house54", _match(RULE_SETS[-1], 2, 5, fold=True)),
    ):
        js.add(f"match-{name}.json", _json(match))
        if len(match.results) > 2:
            js.add(f"result-{name}-match-last.json", _json(match.results[-1]))
        rec.add(f"match-{name}.txt", records.dumps_match(match, ascii=name == "beck"))
    js.add("match-empty.json", _json(Match.start(sm.EXTENDED, first_dealer=1)))
    rec.add("match-empty.txt", records.dumps_match(Match.start(sm.FURR, first_dealer=1)))
    rec.add(
        "deal-commented.txt",
        "# a deal record with comments and blank lines\nstrohmandeln-deal 1\n\nrules classic  # the preset\n"
        + "\n".join(records.dumps(_playout(sm.CLASSIC, 7)[12]).splitlines()[2:])
        + "\n",
    )

    for text in ("take", "pass", "fold", "keep", "double", "no-double", "♥K+trull", "Sküs+trull+kings", "XVII!ross", "XVIII!topschin", "hK+kings", "Skus"):
        action = sm.parse_action(text)
        js.add(f"action-{action.ascii if isinstance(action, sm.Play) else text}.json", _json(action))
    for card in dict.fromkeys((*sm.DECK_54[::5], sm.SKUS, sm.MOND, sm.PAGAT)):
        notation.add(f"card-{card.ascii}.txt", str(card))
        notation.add(f"card-{card.ascii}-ascii.txt", card.ascii)
    for k, text in enumerate(("take", "pass", "fold", "keep", "double", "no-double", "♥K+trull", "Sküs+trull+kings", "XVII!ross", "XVIII!topschin", "hK+kings", "I+trull")):
        notation.add(f"action-{k:02}.txt", text)
    notation.add("cards-deck54.txt", sm.cards_to_text(sm.DECK_54))
    notation.add("cards-deck54-ascii.txt", sm.cards_to_text(sm.DECK_54, ascii=True))
    notation.add("cards-deck40-commas.txt", ", ".join(str(c) for c in sm.DECK_40))
    notation.add("cards-hand.txt", "Sküs XXI, ♥K ♥Q")
    notation.add("cards-shuffled.txt", sm.cards_to_text(sm.shuffled_order(sm.CLASSIC, random.Random(5))[:15]))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=CORPUS, help="the corpus directory (default: %(default)s)")
    args = parser.parse_args(argv)
    total = 0
    for target, writer in build(args.out).items():
        count = writer.write()
        size = sum(len(data) for data in writer.files.values())
        print(f"{target}: {count} files, {size / 1000:.0f} kB in {writer.directory}")
        total += size
    print(f"total {total / 1000:.0f} kB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
