"""Pictures of a deal's key moments, as SVG files (and one HTML page that shows them all).

Usage: ``python examples/table_svg.py [directory] [--seed N] [--rules NAME]`` (defaults: a new
temporary directory, seed 97 — the deal of the worked example — and the ``classic`` preset).

A deal is dealt from the seed and played by two :class:`~strohmandeln.players.HeuristicPlayer`
seats. The library draws (:mod:`strohmandeln.svg`, :mod:`strohmandeln.pictures`) and this script
writes, one file each:

* the deck order dealt packet by packet (R6);
* the table after the deal, every card face up;
* the first moment of the card play, as Elder sees it (or the void deal, if it was folded or
  thrown in);
* the first card led, as the other seat sees it, and as a spectator sees it;
* the table half-way through, every card face up;
* the last trick led;
* the finished deal with its score, and its text picture;

and ``index.html``, which shows them one below the other. It prints the path of every file.
"""

from __future__ import annotations

import argparse
import html
import sys
import tempfile
from pathlib import Path

import strohmandeln as sm
from strohmandeln import GameState, PlayerView, pictures, svg
from strohmandeln.players import HeuristicPlayer


def key_moments(rules: sm.RuleSet, seed: int) -> list[tuple[str, str, GameState | PlayerView]]:
    """``(file name, title, state or view)`` for each key moment of the deal of ``seed``."""
    player = HeuristicPlayer()
    states = [sm.deal(rules, dealer=seed % 2, rng=seed)]
    while not states[-1].is_terminal:
        states.append(states[-1].apply(player(states[-1])))
    first = states[0]
    moments: list[tuple[str, str, GameState | PlayerView]] = [("dealt", "The table after the deal", first)]
    playing = [s for s in states if s.phase is sm.Phase.PLAY]
    if not playing:  # folded or thrown in
        moments.append(("void", "The void deal", states[-1].view(first.elder)))
        return moments
    start = playing[0]
    moments.append(("play_begins", f"The card play begins, as seat {first.elder} (Elder) sees it", start.view(first.elder)))
    led = next(s for s in playing if s.current_trick)
    follower = led.current_player
    assert follower is not None
    moments.append(("first_lead", f"The first card led, as seat {follower} sees it", led.view(follower)))
    moments.append(("first_lead_spectator", "The first card led, as a spectator sees it", led.view(None)))
    half = rules.deck.trick_count // 2
    middle = next(s for s in playing if s.trick_number == half and not s.current_trick)
    moments.append(("half_way", f"After trick {half}, every card face up", middle))
    last = next(s for s in playing if s.trick_number == rules.deck.trick_count - 1 and s.current_trick)
    moments.append(("last_trick", "The last trick led", last))
    moments.append(("finished", "The finished deal", states[-1]))
    return moments


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("directory", nargs="?", help="where to write the files (default: a new temporary directory)")
    parser.add_argument("--seed", type=int, default=97, help="the deal's seed (default: 97)")
    parser.add_argument("--rules", default="classic", choices=sorted(sm.PRESETS), help="the preset (default: classic)")
    args = parser.parse_args(argv)
    rules = sm.PRESETS[args.rules]
    folder = Path(args.directory) if args.directory else Path(tempfile.mkdtemp(prefix="strohmandeln-pictures-"))
    folder.mkdir(parents=True, exist_ok=True)

    order = sm.shuffled_order(rules, args.seed)  # the order deal(rng=seed) deals
    written: list[Path] = []
    sections = [("The deal, packet by packet", svg.deal_packets(rules, order, dealer=args.seed % 2, size=720))]
    path = folder / "00_packets.svg"
    path.write_text(sections[0][1], encoding="utf-8")
    written.append(path)
    for number, (name, title, x) in enumerate(key_moments(rules, args.seed), start=1):
        picture = svg.table(x, size=720)  # (720 pixels: the drawing's own width)
        path = folder / f"{number:02d}_{name}.svg"
        path.write_text(picture, encoding="utf-8")
        written.append(path)
        sections.append((title, picture))
        if name == "finished":
            path = folder / f"{number:02d}_{name}.txt"
            path.write_text(pictures.text(x) + "\n", encoding="utf-8")
            written.append(path)
    body = "\n".join(f"<h2>{html.escape(title)}</h2>\n{picture}" for title, picture in sections)
    page = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(rules.name)}, seed {args.seed}</title></head>\n"
        f"<body>\n<h1>{html.escape(rules.name)}, seed {args.seed}</h1>\n{body}\n</body></html>\n"
    )
    path = folder / "index.html"
    path.write_text(page, encoding="utf-8")
    written.append(path)
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
