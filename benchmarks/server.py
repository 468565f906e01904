"""What a game server spends in the library per accepted move (issue 30, item 5's baseline).

Usage::

    python benchmarks/server.py               # about a minute
    python benchmarks/server.py --quick       # a smoke run
    python benchmarks/server.py --json out.json
    python benchmarks/server.py --page docs/performance.rst   # this build's column of the page

Run it with the Python of the build to measure (the header says which: pure or compiled). It
times, on this thread's CPU time in interleaved rounds (``benchmarks/timing.py``), each call the
server path makes for one accepted move, on a batch of moves of random deals of the classic rules
(every moment of a deal alike): the move through :meth:`Session.submit`, the view documents of
both seats, the session saved and loaded (as a server does after every move, and cold: with
nothing kept from the saves and loads of the deal before, as after a restart), the client's load of a view (checked, and trusted: :meth:`PlayerView.from_trusted_dict`), the message read
(:func:`strohmandeln.messages.read_move`), and news (:func:`strohmandeln.news.news_since` on the
server, :func:`~strohmandeln.news.apply_news` on the client). ``per move`` is a whole accepted
move as a server of whole views does it (submit, both views' documents, the session saved);
``per move (news)`` the same with news in place of the views. Each figure is the median of the
rounds in µs per call (min-max beside it) with its load indicator (the median of its rounds'
wall-clock time over their CPU time: near 1 on an idle machine, higher when other processes held
the CPU), and the issue's target for the pure build where it set one.

``--page PATH`` writes the figures of the running build into the table of the subsection "On a
game server's path" of the performance page, between its markers (``.. server-figures-begin``
and ``.. server-figures-end``): the page keeps each build's figures, as measured by its last run,
in a comment there (one JSON line per build), and the table shows the two builds side by side,
each with its load indicator, the commit and the date of its run.
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Final

sys.path.insert(0, str(Path(__file__).resolve().parent))

import strohmandeln as sm  # noqa: E402
from strohmandeln import messages  # noqa: E402
from strohmandeln.news import apply_news, news_since  # noqa: E402
from strohmandeln._sessions import forget  # noqa: E402
from strohmandeln.session import Session  # noqa: E402
from timing import Workload, interleaved, spread  # noqa: E402

KEY = b"the benchmark's signing key, 32b"

#: One accepted move: the session before it, the move, and the seat that made it.
Move = tuple[Session, sm.Action, int]


def moves_of(deals: int, seed: int) -> list[Move]:
    """Every move of ``deals`` random deals of a classic session."""
    rng = random.Random(seed)
    session = Session.start(sm.CLASSIC, secret=bytes(range(32)), first_dealer=0)
    out: list[Move] = []
    for _ in range(deals):
        while not session.state.is_terminal:
            seat = session.state.current_player
            assert seat is not None
            action = rng.choice(session.state.legal_actions())
            out.append((session, action, seat))
            session = session.submit(action, player=seat, move_number=session.move_number)
        session = session.next_deal()
    return out


def fresh(batch: list[Move]) -> list[Move]:
    """The batch on new session objects (loaded again: nothing cached from another round)."""
    return [(Session.from_json(s.to_json(key=KEY), key=KEY), a, p) for s, a, p in batch]


def workloads(batch: list[Move]) -> list[Workload]:
    def after(moves: list[Move]) -> list[Session]:
        return [s.submit(a, player=p, move_number=s.move_number) for s, a, p in moves]

    def submit(moves: list[Move]) -> int:
        for s, a, p in moves:
            s.submit(a, player=p, move_number=s.move_number)
        return len(moves)

    def views(sessions: list[Session]) -> int:
        for s in sessions:
            s.state.view(0).to_dict()
            s.state.view(1).to_dict()
        return 2 * len(sessions)

    def save(sessions: list[Session]) -> int:
        for s in sessions:
            s.to_json(key=KEY)
        return len(sessions)

    def load(texts: list[str]) -> int:
        for text in texts:
            Session.from_json(text, key=KEY)
        return len(texts)

    def save_cold(sessions: list[Session]) -> int:
        for s in sessions:
            forget()
            s.to_json(key=KEY)
        return len(sessions)

    def load_cold(texts: list[str]) -> int:
        for text in texts:
            forget()
            Session.from_json(text, key=KEY)
        return len(texts)

    def view_load(documents: list[dict[str, Any]]) -> int:
        for document in documents:
            sm.PlayerView.from_dict(document)
        return len(documents)

    def trusted_load(documents: list[dict[str, Any]]) -> int:
        for document in documents:
            sm.PlayerView.from_trusted_dict(document)
        return len(documents)

    def read(texts: list[str]) -> int:
        for text in texts:
            messages.read_move(text)
        return len(texts)

    def news(sessions: list[Session]) -> int:
        for s in sessions:
            for seat in (0, 1):
                view = s.state.view(seat)
                news_since(view, max(view.ply - 1, 0))
        return 2 * len(sessions)

    def client(pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> int:
        for held, update in pairs:
            apply_news(held, update)
        return len(pairs)

    def per_move(moves: list[Move]) -> int:
        for s, a, p in moves:
            s = s.submit(a, player=p, move_number=s.move_number)
            s.state.view(0).to_dict()
            s.state.view(1).to_dict()
            s.to_json(key=KEY)
        return len(moves)

    def per_move_news(moves: list[Move]) -> int:
        for s, a, p in moves:
            ply = s.state.ply
            s = s.submit(a, player=p, move_number=s.move_number)
            news_since(s.state.view(0), ply)
            news_since(s.state.view(1), ply)
            s.to_json(key=KEY)
        return len(moves)

    def message_texts() -> list[str]:
        return [messages.Move(match="m-1", seat=p, move_number=s.move_number, action=a, request_id=i).to_json() for i, (s, a, p) in enumerate(batch)]

    def client_pairs() -> list[tuple[dict[str, Any], dict[str, Any]]]:
        out = []
        for s, a, p in fresh(batch):
            now = s.submit(a, player=p, move_number=s.move_number).state.view(0)
            out.append((s.state.view(0).to_dict(), news_since(now, s.state.ply)))
        return out

    return [
        Workload("submit", submit, lambda: fresh(batch)),
        Workload("view.to_dict (both seats, per view)", views, lambda: after(fresh(batch))),
        Workload("session save (to_json)", save, lambda: after(fresh(batch))),
        Workload("session load (from_json)", load, lambda: [s.to_json(key=KEY) for s in after(fresh(batch))]),
        Workload("session save, cold (nothing kept)", save_cold, lambda: after(fresh(batch))),
        Workload("session load, cold (nothing kept)", load_cold, lambda: [s.to_json(key=KEY) for s in after(fresh(batch))]),
        Workload("view load, checked (from_dict)", view_load, lambda: [s.state.view(p).to_dict() for s, _, p in fresh(batch)]),
        Workload("view load, trusted (from_trusted_dict)", trusted_load, lambda: [s.state.view(p).to_dict() for s, _, p in fresh(batch)]),
        Workload("read_move", read, message_texts),
        Workload("news_since (per view)", news, lambda: after(fresh(batch))),
        Workload("apply_news (client)", client, client_pairs),
        Workload("per move: submit + 2 views + save", per_move, lambda: fresh(batch)),
        Workload("per move (news): submit + 2 news + save", per_move_news, lambda: fresh(batch)),
    ]


#: The issue's targets for the pure build (µs per call), by figure.
TARGETS: Final = {
    "view.to_dict (both seats, per view)": 30,
    "session save (to_json)": 30,
    "session load (from_json)": 100,
    "view load, checked (from_dict)": 500,
    "view load, trusted (from_trusted_dict)": 50,
    "per move: submit + 2 views + save": 150,
}
BEGIN: Final = ".. server-figures-begin"
END: Final = ".. server-figures-end"
#: The prefix of the comment line that keeps one build's figures in the page.
KEPT: Final = ".. server-figures: "


def commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True, cwd=Path(__file__).parent)
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def table(kept: dict[str, dict[str, Any]]) -> list[str]:
    """The page's table of the builds' figures (each build's from its last run)."""
    builds = [b for b in ("pure", "compiled") if b in kept]
    names = list(dict.fromkeys(name for b in builds for name in kept[b]["micros"]))
    lines = [
        ".. list-table:: µs per call, median of the rounds (load indicator)",
        "   :header-rows: 1",
        f"   :widths: 40 {'20 ' * len(builds)}15",
        "",
        "   * - call",
        *(f"     - {b} build" for b in builds),
        "     - target (pure)",
    ]
    for name in names:
        lines.append(f"   * - {name}")
        for b in builds:
            got = kept[b]["micros"].get(name)
            lines.append("     - —" if got is None else f"     - {got['median']:.1f} ({got['load']:.2f})")
        target = TARGETS.get(name)
        lines.append(f"     - ≤ {target}" if target is not None else "     -")
    runs = "; ".join(
        f"the {b} build at commit {kept[b]['commit']} on {kept[b]['date']}, Python {kept[b]['python']}, "
        f"{kept[b]['moves']} moves × {kept[b]['rounds']} rounds, run load indicator {kept[b]['load']:.2f}"
        for b in builds
    )
    return [*lines, "", f"Measured by ``benchmarks/server.py --page``: {runs}.", ""]


def write_page(path: Path, figures: dict[str, Any]) -> None:
    """Put this run's figures into the page between its markers (see the module)."""
    text = path.read_text(encoding="utf-8")
    if BEGIN not in text or END not in text:
        raise SystemExit(f"{path}: no {BEGIN!r} … {END!r} markers")
    head, rest = text.split(BEGIN, 1)
    block, tail = rest.split(END, 1)
    kept: dict[str, dict[str, Any]] = {}
    for line in block.splitlines():
        if line.startswith(KEPT):
            entry = json.loads(line[len(KEPT) :])
            kept[entry["build"]] = entry
    kept[figures["build"]] = figures
    comments = [KEPT + json.dumps(kept[b], ensure_ascii=False, separators=(",", ":")) for b in ("pure", "compiled") if b in kept]
    path.write_text("\n".join([head + BEGIN, "", *comments, "", *table(kept), END]) + tail, encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer rounds, a smaller batch")
    parser.add_argument("--json", type=Path, help="write the figures to this file")
    parser.add_argument("--page", type=Path, help="write this build's figures into the page's table (docs/performance.rst)")
    options = parser.parse_args(argv)
    rounds, size = (3, 60) if options.quick else (9, 300)
    everything = moves_of(12, seed=30)
    batch = random.Random(1).sample(everything, min(size, len(everything)))
    build = "compiled" if sm.COMPILED else "pure"
    python = sys.version.split()[0]
    print(f"strohmandeln {sm.__version__}, {build} build, Python {python}: {len(batch)} moves, {rounds} rounds")
    wall, cpu = time.perf_counter(), time.process_time()
    results = interleaved(workloads(batch), rounds)
    load = (time.perf_counter() - wall) / max(time.process_time() - cpu, 1e-9)
    figures: dict[str, Any] = {
        "build": build,
        "load": load,
        "moves": len(batch),
        "rounds": rounds,
        "python": python,
        "commit": commit(),
        "date": datetime.date.today().isoformat(),
        "micros": {},
    }
    print(f"{'call':<44} {'µs median':>10}  {'load':>5}  (min-max)  target")
    for name, found in results.items():
        median, low, high = spread(found.micros())
        at = spread(found.loads())[0]
        figures["micros"][name] = {"median": median, "min": low, "max": high, "load": at}
        target = TARGETS.get(name)
        print(f"{name:<44} {median:>10.1f}  {at:>5.2f}  ({low:.1f}-{high:.1f})  {'' if target is None else f'≤ {target}'}")
    print(f"load indicator (wall ÷ CPU): {load:.2f}")
    if options.json:
        options.json.write_text(json.dumps(figures, indent=2), encoding="utf-8")
    if options.page:
        write_page(options.page, figures)
        print(f"wrote the {build} build's figures into {options.page}")


if __name__ == "__main__":
    main()
