"""The reference server (examples/ws_server.py) on loopback: killed and resumed, its clients
reconnecting and resending, its database replayed, a restored backup refused, hostile messages
refused cleanly. Skipped without ``websockets`` (the extra ``server``).

Every wait is bounded: a server that does not start, a match that does not end, a reply that does
not come fails the test within seconds.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("websockets")

from websockets.asyncio.client import connect as asyncio_connect  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402
from websockets.sync.client import ClientConnection, connect  # noqa: E402

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
if str(EXAMPLES) not in sys.path:
    sys.path.insert(0, str(EXAMPLES))

import ws_server  # noqa: E402

#: The longest any one wait may take, in seconds.
BOUND = 30.0


class Run:
    """A server's files and the processes that served them, one after the other."""

    def __init__(self, directory: Path, matches: int, deals: int) -> None:
        self.directory = directory
        self.port = ws_server.free_port()
        self.matches, self.deals = matches, deals
        self.process: subprocess.Popen[str] | None = None
        self.starts = 0

    @property
    def db(self) -> Path:
        return self.directory / "matches.db"

    @property
    def key(self) -> bytes:
        return (self.directory / "server.key").read_bytes()

    def start(self, *extra: str) -> None:
        self.process = ws_server.start_server(ws_server.server_command(self.directory, self.port, matches=self.matches, deals=self.deals, extra=extra))
        self.starts += 1

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(BOUND)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Run, list[ws_server.Bot], Path]]:
    """Two matches of two deals played by bots through five server processes: the first dies
    right after committing its 15th move (before its mark and its reply), the second after the
    mark of its 15th (before the reply), the third and the fourth are killed with SIGKILL by the
    test mid-match, the fifth sees the matches to their end. A backup of the database is taken
    along the way."""
    run = Run(tmp_path_factory.mktemp("played"), matches=2, deals=2)
    backup = run.directory / "backup.db"

    async def scenario() -> list[ws_server.Bot]:
        run.start("--crash", "commit:15")
        bots = asyncio.ensure_future(ws_server.play(f"ws://127.0.0.1:{run.port}", ["table-1", "table-2"], seed=7, timeout=BOUND))
        deadline = time.monotonic() + BOUND

        async def until(done: Any) -> None:
            while not done():
                if bots.done():
                    await bots  # (a bot's error, raised here)
                assert time.monotonic() < deadline, "the scenario did not progress"
                await asyncio.sleep(0.01)

        assert run.process is not None
        await until(lambda: run.process is not None and run.process.poll() is not None)  # died after its commit
        await asyncio.to_thread(run.start, "--crash", "mark:15")
        await until(lambda: run.process is not None and run.process.poll() is not None)  # died after its mark
        for threshold in (70, 130):
            await asyncio.to_thread(run.start)
            await until(lambda: ws_server.count_moves(run.db) >= threshold)
            if threshold == 70:
                ws_server.back_up(run.db, backup)
            run.stop()  # SIGKILL, mid-match
        await asyncio.to_thread(run.start)
        return await bots

    try:
        bots = asyncio.run(scenario())
    finally:
        run.stop()
    yield run, bots, backup


def test_the_matches_end_as_an_uninterrupted_replay_of_the_stored_moves(played: tuple[Run, list[ws_server.Bot], Path]) -> None:
    run, bots, _ = played
    assert run.starts == 5
    replayed = ws_server.replay(run.db, run.key)  # (it checks the stored session and the archive too)
    assert sorted(replayed) == ["table-1", "table-2"]
    for bot in bots:
        assert bot.over and tuple(bot.scores or ()) == replayed[bot.match_id].final_standing().scores
        # what the client holds, from whole views and news across five servers, is the seat's view
        assert bot.view == replayed[bot.match_id].state.view(bot.seat).to_dict()
        assert bot.views_checked >= 2  # each deal's last view, loaded (checked) by its client
        assert bot.connections >= 4  # (it reconnected after every death of the server)


def test_every_acknowledged_move_is_stored_once_and_none_twice(played: tuple[Run, list[ws_server.Bot], Path]) -> None:
    run, bots, _ = played
    with closing(sqlite3.connect(run.db)) as db:
        rows = db.execute("SELECT match, seat, request_id, after FROM moves").fetchall()
    stored = sorted((match, seat, json.loads(request_id), after) for match, seat, request_id, after in rows)
    acknowledged = sorted((bot.match_id, bot.seat, request_id, after) for bot in bots for request_id, after in bot.acks)
    assert stored == acknowledged
    # The server died twice between a commit and its reply: both moves were sent again on the
    # new connection and answered from the move log, not applied again.
    assert sum(bot.resent for bot in bots) >= 2
    assert sum(bot.answered_again for bot in bots) >= 2


def copy_of(run: Run, name: str, db: Path | None = None) -> Path:
    """A copy of the run's files (its database, or ``db`` in its place) in a directory of its own."""
    directory = run.directory.parent / f"{run.directory.name}-{name}"
    directory.mkdir()
    for file in ("marks.log", "server.key"):
        shutil.copy(run.directory / file, directory / file)
    ws_server.back_up(run.db if db is None else db, directory / "matches.db")
    return directory


def refusal_of(run: Run, directory: Path) -> str:
    """The refusal of a server started on ``directory``'s files (it must not start)."""
    command = ws_server.server_command(directory, ws_server.free_port(), matches=run.matches, deals=run.deals)
    with pytest.raises(ws_server.Refused) as refused:
        process = ws_server.start_server(command)
        process.kill()
    return str(refused.value)


def test_a_restored_backup_is_refused(played: tuple[Run, list[ws_server.Bot], Path]) -> None:
    run, _, backup = played
    refused = refusal_of(run, copy_of(run, "restored", backup))
    assert "rolled_back" in refused and "before the acknowledged move" in refused
    # The same files with the last database start (and keep the matches over).
    process = ws_server.start_server(ws_server.server_command(copy_of(run, "current"), ws_server.free_port(), matches=run.matches, deals=run.deals))
    process.kill()
    process.wait(BOUND)


def test_a_mixed_up_or_lost_match_is_refused(played: tuple[Run, list[ws_server.Bot], Path]) -> None:
    run, _, _ = played
    swapped = copy_of(run, "swapped")
    with closing(sqlite3.connect(swapped / "matches.db")) as db, db:
        sessions = dict(db.execute("SELECT id, session FROM matches").fetchall())
        db.execute("UPDATE matches SET session = ? WHERE id = 'table-1'", (sessions["table-2"],))
    assert "match 'table-1': wrong_match" in refusal_of(run, swapped)
    lost = copy_of(run, "lost")
    with closing(sqlite3.connect(lost / "matches.db")) as db, db:
        db.execute("DELETE FROM matches WHERE id = 'table-2'")
    assert "match 'table-2': rolled_back" in refusal_of(run, lost)


def test_an_unfinished_mark_is_cut_off_and_a_damaged_one_refused(played: tuple[Run, list[ws_server.Bot], Path]) -> None:
    run, _, _ = played
    torn = copy_of(run, "torn")
    marks = (torn / "marks.log").read_bytes()
    (torn / "marks.log").write_bytes(marks + b"table-1 99 0123")  # a write the process did not finish
    process = ws_server.start_server(ws_server.server_command(torn, ws_server.free_port(), matches=run.matches, deals=run.deals))
    process.kill()
    process.wait(BOUND)
    assert (torn / "marks.log").read_bytes() == marks
    damaged = copy_of(run, "damaged")
    (damaged / "marks.log").write_bytes(marks + b"table-1 99 \xff\n")
    assert "marks.log, line" in refusal_of(run, damaged)


# ------------------------------------------------------------------------------------------------
# One client at a time, by hand: resends and hostile messages


def move(seat: int, move_number: int, action: str, request_id: object, /, **changes: object) -> str:
    """A move's message, with ``changes`` to its fields."""
    fields = {"format": 1, "type": "move", "match": "table-1", "seat": seat, "move_number": move_number, "action": action, "request_id": request_id}
    return json.dumps({**fields, **changes})


def reply(ws: ClientConnection) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(ws.recv(timeout=BOUND))
    return answer


async def refused_connection(url: str) -> tuple[dict[str, Any], int | None]:
    """The one message a connection to ``url`` is sent, and the code it is closed with."""
    async with asyncio_connect(url) as stranger:
        answer: dict[str, Any] = json.loads(await asyncio.wait_for(stranger.recv(), BOUND))
        with pytest.raises(ConnectionClosed) as closed:
            await asyncio.wait_for(stranger.recv(), BOUND)
        return answer, None if closed.value.rcvd is None else closed.value.rcvd.code


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Run]:
    run = Run(tmp_path, matches=2, deals=1)
    run.start()
    yield run
    run.stop()


def test_a_resent_accepted_move_is_answered_again_not_applied_twice(server: Run) -> None:
    url = f"ws://127.0.0.1:{server.port}/table-1"
    with connect(f"{url}/1") as elder, connect(f"{url}/0") as dealer:
        first = reply(elder)
        assert first["type"] == "update" and first["move_number"] == 0 and first["view"]["current_player"] == 1
        assert reply(dealer)["view"]["player"] == 0
        elder.send(move(1, 0, "pass", "r-1"))
        assert reply(elder) == {"format": 1, "type": "accepted", "match": "table-1", "request_id": "r-1", "move_number": 1}
        assert reply(elder)["news"]["history"] == [[1, "pass"]]
        news = reply(dealer)  # the other seat is sent the news too
        assert news["move_number"] == 1 and news["news"]["current_player"] == 0
    with connect(f"{url}/1") as elder:  # a new connection: the whole view, and the same message again
        assert reply(elder)["view"]["history"] == [[1, "pass"]]
        elder.send(move(1, 0, "pass", "r-1"))
        assert reply(elder)["type"] == "accepted" and reply(elder)["type"] == "update"
        elder.send(move(1, 0, "pass", "r-2"))  # another request at that number is late, not the same move
        assert reply(elder)["reason"] == "stale_move"
    assert ws_server.count_moves(server.db) == 1


def test_hostile_messages_are_refused_cleanly(server: Run) -> None:
    url = f"ws://127.0.0.1:{server.port}"
    with connect(f"{url}/table-1/1", max_size=None) as elder:
        reply(elder)  # the view
        hostile: list[tuple[str | bytes, str, object]] = [
            ("not json", "malformed_document", None),
            (move(1, 0, "pass", "h-1").replace('"move_number": 0', '"move_number": NaN'), "malformed_document", None),
            (move(1, 0, "pass", "h-2").replace('"seat": 1', '"seat": 1, "seat": 0'), "malformed_document", None),
            (move(1, 0, "pass", "h-3", move_number=None), "bad_move_number", "h-3"),
            (move(1, 0, "pass", "h-4", move_number="0"), "bad_move_number", "h-4"),
            (move(1, 0, "pass", "h-5", seat=True), "malformed_document", "h-5"),
            (move(0, 0, "pass", "h-6"), "not_your_seat", "h-6"),
            (move(1, 0, "pass", "h-7", match="table-9"), "unknown_match", "h-7"),
            (move(1, 0, "pass", "h-7", match="table-2"), "wrong_match", "h-7"),  # (another match's connection)
            (move(1, 0, "pass", "h-8", extra=1), "malformed_document", "h-8"),
            (move(1, 3, "pass", "h-9"), "stale_move", "h-9"),
            (move(1, 0, "XXI", 10), "wrong_phase", 10),
            (move(1, 0, "I take!", 11), "invalid_action", 11),
            (move(1, 0, "pass", "x" * 65), "too_large", None),  # (an id of over 64 characters)
            (move(1, 0, "take" * 400, 12), "too_large", None),  # (1,600 characters: under the frame cap)
            (b"\xff\xfe", "malformed_document", None),  # a binary frame that is no UTF-8
            ("[]", "malformed_document", None),
        ]
        for text, reason, request_id in hostile:
            elder.send(text)
            answer = reply(elder)
            assert answer["type"] == "refusal" and answer["reason"] == reason and answer["request_id"] == request_id, (text, answer)
            assert len(json.dumps(answer)) < 500
        elder.send(move(1, 0, "pass", 13).encode())  # a move as a binary frame reads as well
        assert reply(elder)["type"] == "accepted" and reply(elder)["type"] == "update"
    with connect(f"{url}/table-1/0") as dealer:
        reply(dealer)
        dealer.send(move(0, 0, "take", "d-1"))
        assert reply(dealer)["reason"] == "stale_move"  # (the match is at move 1 now)
        with pytest.raises(ConnectionClosed) as closed:  # a frame over the transport's cap: closed
            dealer.send("x" * (4 * ws_server.MAX_MESSAGE + 1))
            reply(dealer)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    for path, reason in (("table-9/0", "unknown_match"), ("table-1/2", "bad_seat"), ("table-1", "unknown_match")):
        answer, code = asyncio.run(refused_connection(f"{url}/{path}"))
        assert answer["type"] == "refusal" and answer["reason"] == reason and code == 1008
    assert server.process is not None and server.process.poll() is None  # still serving
    assert ws_server.count_moves(server.db) == 1
