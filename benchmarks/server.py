"""What a game server spends in the library per accepted move (issue 30, item 5's baseline).

Usage::

    python benchmarks/server.py               # about a minute
    python benchmarks/server.py --quick       # a smoke run
    python benchmarks/server.py --json out.json

Run it with the Python of the build to measure (the header says which: pure or compiled). It
times, on this thread's CPU time in interleaved rounds (``benchmarks/timing.py``), each call the
server path makes for one accepted move, on a batch of moves of random deals of the classic rules
(every moment of a deal alike): the move through :meth:`Session.submit`, the view documents of
both seats, the session saved and loaded, the client's checked load of a view, the message read
(:func:`strohmandeln.messages.read_move`), and news (:func:`strohmandeln.news.news_since` on the
server, :func:`~strohmandeln.news.apply_news` on the client). ``per move`` is a whole accepted
move as a server of whole views does it (submit, both views' documents, the session saved);
``per move (news)`` the same with news in place of the views. Each figure is the median of the
rounds in µs per call (min-max beside it). The load indicator is the run's wall-clock time over its
CPU time: near 1 on an idle machine, higher when other processes held the CPU.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import strohmandeln as sm  # noqa: E402
from strohmandeln import messages  # noqa: E402
from strohmandeln.news import apply_news, news_since  # noqa: E402
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

    def view_load(documents: list[dict[str, Any]]) -> int:
        for document in documents:
            sm.PlayerView.from_dict(document)
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
        Workload("view load, checked (from_dict)", view_load, lambda: [s.state.view(p).to_dict() for s, _, p in fresh(batch)]),
        Workload("read_move", read, message_texts),
        Workload("news_since (per view)", news, lambda: after(fresh(batch))),
        Workload("apply_news (client)", client, client_pairs),
        Workload("per move: submit + 2 views + save", per_move, lambda: fresh(batch)),
        Workload("per move (news): submit + 2 news + save", per_move_news, lambda: fresh(batch)),
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer rounds, a smaller batch")
    parser.add_argument("--json", type=Path, help="write the figures to this file")
    options = parser.parse_args(argv)
    rounds, size = (3, 60) if options.quick else (9, 300)
    everything = moves_of(12, seed=30)
    batch = random.Random(1).sample(everything, min(size, len(everything)))
    build = "compiled" if sm.COMPILED else "pure"
    print(f"strohmandeln {sm.__version__}, {build} build, Python {sys.version.split()[0]}: {len(batch)} moves, {rounds} rounds")
    wall, cpu = time.perf_counter(), time.process_time()
    results = interleaved(workloads(batch), rounds)
    load = (time.perf_counter() - wall) / max(time.process_time() - cpu, 1e-9)
    figures: dict[str, Any] = {"build": build, "load": load, "moves": len(batch), "rounds": rounds, "micros": {}}
    print(f"{'call':<44} {'µs median':>10}  (min-max)")
    for name, found in results.items():
        median, low, high = spread(found.micros())
        figures["micros"][name] = {"median": median, "min": low, "max": high}
        print(f"{name:<44} {median:>10.1f}  ({low:.1f}-{high:.1f})")
    print(f"load indicator (wall ÷ CPU): {load:.2f}")
    if options.json:
        options.json.write_text(json.dumps(figures, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
