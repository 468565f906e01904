"""Perft for cards: count the distinct legal card sequences from the first lead (issue 6).

``perft(state, depth)`` is the number of distinct sequences of ``depth`` played cards that the
rules allow from ``state`` (R13–R15). A play's announcement (R17) and call (R18) variants are the
same card and count once: the children of a position are the distinct cards among
:meth:`~strohmandeln.GameState.legal_actions`, each applied as the plain ``Play(card)``.

The fixed deals live in :data:`DEALS` (deck orders in card notation, R6) and their counts in
``tests/data/perft.json``, which ``tests/test_perft.py`` checks at the fast depths (together with
an independent reference move generator) and this script checks at the deep ones.

Usage::

    python benchmarks/perft.py                  # check the stored counts to depth 6, print nodes/s
    python benchmarks/perft.py --depth 7        # deeper (tens of seconds per 54-card deal)
    python benchmarks/perft.py --write          # recompute the counts (to depth 7, or 8) and store them

Speed is reported as leaf nodes per second, the chess-engine convention: the last ply is counted
from the parent's legal cards without applying them ("bulk counting"), so every interior node
costs one ``apply`` and one ``legal_actions``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final, TypedDict

from strohmandeln import (
    DECK_54,
    PRESETS,
    GameState,
    Phase,
    Play,
    cards_from_text,
    deal,
    parse_action,
)

ROOT: Final = Path(__file__).resolve().parent.parent
DATA: Final = ROOT / "tests" / "data" / "perft.json"
FORMAT: Final = 1
#: The depth ``--write`` computes to (a few minutes for all deals on a 2 vCPU machine).
WRITE_DEPTH: Final = 7
#: Deals cheap enough to store this many plies deeper than the others (under a minute more).
WRITE_DEEPER: Final[dict[str, int]] = {"zwanzigerrufen40-last-card": 1}
#: The depth the benchmark checks by default.
CHECK_DEPTH: Final = 6

#: The plain play of each card, by card index.
_PLAIN: Final[tuple[Play, ...]] = tuple(Play(card) for card in DECK_54)


class PerftDeal(TypedDict):
    """One fixed deal: a preset, the dealer, the auction (R8) and the deck order (R6)."""

    name: str
    rules: str
    dealer: int
    auction: list[str]
    order: str
    note: str


class PerftEntry(PerftDeal):
    """A fixed deal with its counts: ``counts[k - 1]`` is perft(k)."""

    counts: list[int]


#: The fixed deals. The orders were found by searching shuffled seeds for the property in
#: ``note`` and are stored as text, so that no change to the shuffling can move them.
DEALS: Final[tuple[PerftDeal, ...]] = (
    {
        "name": "classic-announcement",
        "rules": "classic",
        "dealer": 0,
        "auction": ["pass", "take"],
        "order": "♥J XVI XIX Sküs ♦Q ♦3 XX ♠7 ♠J ♥Q XXI XI ♠K XVIII ♣J VII ♣10 ♠Q ♣7 I IX ♦K ♦1 III "
        "♣K X V XV ♣9 ♥3 ♠C ♥C ♦C XIV VIII ♠9 ♣Q XVII ♥K XII XIII ♥4 ♦4 ♥1 ♦J ♣C ♠10 ♣8 IIII "
        "II ♦2 ♠8 VI ♥2",
        "note": "Elder may announce at the first lead (R17): 42 legal actions, 21 distinct cards",
    },
    {
        "name": "classic-exposed",
        "rules": "classic",
        "dealer": 1,
        "auction": ["take"],
        "order": "XVII ♣7 Sküs ♣8 IX III ♣J ♦J ♠8 ♦C ♣Q ♠J XX IIII ♠10 XV ♥1 ♦Q ♥4 ♣10 ♥2 X I ♦4 "
        "♠9 ♠K ♥C ♣K XIX ♠C ♠Q VII ♣C VI XVI XVIII ♦2 XIII V ♠7 ♥J II XII ♦1 ♥K XXI ♦3 ♣9 XIV "
        "XI VIII ♥Q ♦K ♥3",
        "note": "Elder takes; the dealer has two exposed suit cards (R14) and a Strohmann with one "
        "face-down card under its top (R12)",
    },
    {
        "name": "extended-rostopschin",
        "rules": "extended",
        "dealer": 0,
        "auction": ["pass", "take"],
        "order": "♣J X ♥J ♣C ♥K ♣K ♠7 IIII ♣8 ♠9 ♦Q ♠10 XVII XIII ♦C ♦4 IX ♥4 I ♣9 ♦J ♦3 XII ♠K V "
        "III ♣10 ♠J XV ♦1 XVIII Sküs ♥C XIV VI ♦K ♣Q II VII ♠C VIII XX ♥3 XVI XIX XXI XI ♠Q ♦2 "
        "♥Q ♠8 ♥1 ♣7 ♥2",
        "note": "Elder holds XVII and XVIII at the first lead: Ross and Topschin variants (R18)",
    },
    {
        "name": "extended-simple-game",
        "rules": "extended",
        "dealer": 1,
        "auction": ["pass", "pass"],
        "order": "♣8 ♦J XII ♣C ♦C ♠K XVII ♥4 ♣Q ♦4 ♦2 ♣9 ♥J ♦K ♠9 VII XI XXI ♣K X ♣7 XV IX ♠10 XVIII "
        "♥C I ♠C ♥K II ♠Q ♥Q XX III V ♣10 ♦1 ♥1 ♠J XIII VI ♣J XIV VIII Sküs ♥2 ♦3 ♦Q ♥3 ♠8 XVI "
        "♠7 XIX IIII",
        "note": "both pass, a simple game (R9); at least five face-up Strohmann tops",
    },
    {
        "name": "zwanzigerrufen40-last-card",
        "rules": "zwanzigerrufen40",
        "dealer": 0,
        "auction": ["pass", "take"],
        "order": "♦Q ♦1 XIX ♠K ♥Q I ♦K ♠10 XII XVII ♥K V XXI ♣10 VI XI ♣J XVI ♠Q Sküs ♣K IX ♥1 ♣Q ♠C "
        "XX XVIII VII XIII IIII ♣C ♦C XV ♠J ♥C VIII X ♦J ♥J XIV",
        "note": "40 cards (R4, R6); Elder has a face-up top over a single face-down card (R12)",
    },
    {
        "name": "zwanzigerrufen40-elder-takes",
        "rules": "zwanzigerrufen40",
        "dealer": 1,
        "auction": ["take"],
        "order": "VII ♠C ♣K IIII I V ♠J ♥C XI XX ♦K XIX ♠10 ♥Q XVI ♦1 ♣J XIII Sküs ♦Q ♣10 ♥1 ♠K ♦C "
        "X XVII XVIII XII ♥K XIV VI XXI ♥J ♠Q ♦J ♣Q ♣C XV VIII IX",
        "note": "40 cards, seat 1 deals and Elder takes at once",
    },
)


def start_position(spec: PerftDeal) -> GameState:
    """The first position of the card play of ``spec``: dealt from its order, auction applied."""
    state = deal(PRESETS[spec["rules"]], dealer=spec["dealer"], order=cards_from_text(spec["order"]))
    for token in spec["auction"]:
        state = state.apply(parse_action(token))
    if state.phase is not Phase.PLAY or state.trick_number != 0 or state.current_trick:
        raise ValueError(f"{spec['name']}: the auction {spec['auction']} does not lead to the first lead")
    return state


def legal_cards(state: GameState) -> set[int]:
    """The distinct cards among the legal actions, as card indices (variants of a card count once)."""
    return {action.card.index for action in state.legal_actions()}  # type: ignore[union-attr]  # plays only


def perft(state: GameState, depth: int) -> int:
    """The number of distinct card sequences of length ``depth`` (bulk-counted last ply)."""
    if depth <= 0:
        return 1
    cards = legal_cards(state)
    if depth == 1:
        return len(cards)
    apply = state.apply
    return sum([perft(apply(_PLAIN[i]), depth - 1) for i in cards])


def divide(state: GameState, depth: int) -> dict[str, int]:
    """perft(depth - 1) below each first card, by card notation (for hunting a differing count)."""
    return {str(DECK_54[i]): perft(state.apply(_PLAIN[i]), depth - 1) for i in sorted(legal_cards(state))}


def load(path: Path = DATA) -> list[PerftEntry]:
    """The stored deals and counts."""
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if doc.get("format") != FORMAT:
        raise ValueError(f"{path}: unknown perft format {doc.get('format')!r}")
    entries: list[PerftEntry] = doc["deals"]
    return entries


def write(path: Path = DATA, depth: int = WRITE_DEPTH, deals: Sequence[PerftDeal] = DEALS) -> None:
    """Recompute the counts of ``deals`` to ``depth`` and store them at ``path``."""
    entries: list[PerftEntry] = []
    for spec in deals:
        state = start_position(spec)
        counts: list[int] = []
        for d in range(1, depth + WRITE_DEEPER.get(spec["name"], 0) + 1):
            started = time.perf_counter()
            counts.append(perft(state, d))
            print(f"{spec['name']:30} depth {d}: {counts[-1]:>12,}  ({time.perf_counter() - started:.2f} s)")
        entry: PerftEntry = {**spec, "counts": counts}
        entries.append(entry)
    doc = {
        "format": FORMAT,
        "about": "Perft for cards (issue 6): counts[k-1] is the number of distinct sequences of k "
        "played cards from the first lead, after the auction; announcement and call variants of "
        "a card count once. Regenerate with: python benchmarks/perft.py --write",
        "deals": entries,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {path}")


class PerftRun(TypedDict):
    """The outcome of checking one stored deal at one depth."""

    name: str
    depth: int
    expected: int
    counted: int
    seconds: float


def check(depth: int = CHECK_DEPTH, entries: Sequence[PerftEntry] | None = None) -> list[PerftRun]:
    """Count every stored deal at ``depth`` (or its deepest stored depth, if less), timed on this
    thread's CPU time."""
    runs: list[PerftRun] = []
    for entry in load() if entries is None else entries:
        d = min(depth, len(entry["counts"]))
        state = start_position(entry)
        started = time.thread_time()
        counted = perft(state, d)
        seconds = time.thread_time() - started
        runs.append(
            {"name": entry["name"], "depth": d, "expected": entry["counts"][d - 1], "counted": counted, "seconds": seconds}
        )
    return runs


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--write", action="store_true", help=f"recompute and store the counts (to depth {WRITE_DEPTH})")
    parser.add_argument("--depth", type=int, default=None, help=f"depth to check or write (default {CHECK_DEPTH} / {WRITE_DEPTH})")
    parser.add_argument("--divide", metavar="NAME", help="print perft(depth - 1) below each first card of one deal")
    args = parser.parse_args(argv)
    if args.write:
        write(depth=args.depth or WRITE_DEPTH)
        return 0
    depth = args.depth or CHECK_DEPTH
    if args.divide:
        spec = next(d for d in DEALS if d["name"] == args.divide)
        for card, count in divide(start_position(spec), depth).items():
            print(f"{card:6} {count:,}")
        return 0
    failed = False
    for run in check(depth):
        ok = run["counted"] == run["expected"]
        failed |= not ok
        rate = run["counted"] / run["seconds"] if run["seconds"] > 0 else float("inf")
        print(
            f"{run['name']:30} depth {run['depth']}: {run['counted']:>12,} "
            f"{'ok' if ok else 'EXPECTED ' + format(run['expected'], ',')}  "
            f"{run['seconds']:6.2f} s  {rate:>10,.0f} nodes/s"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
