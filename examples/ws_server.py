"""A reference game server: matches over WebSockets (asyncio and ``websockets``), stored in SQLite,
that survive a crash at any moment — and the bot clients that play on it.

Usage::

    python examples/ws_server.py        # a bounded demo: a server, bots, a SIGKILL, a restore refused
    python examples/ws_server.py serve --db matches.db --marks marks.log --key-file server.key \\
        --matches 4 --deals 2 --port 8765
    python examples/ws_server.py play --url ws://127.0.0.1:8765 --match table-1 --match table-2

It needs ``websockets`` (``pip install "strohmandeln[server]"``; without it, it says so and does
nothing); the library itself never imports it. The server guide's section "A reference server:
WebSockets and SQLite" says how it works and what it leaves out.

**The wire.** A client connects to ``ws://host:port/<match>/<seat>`` and is sent, at once, its
whole view with the match's move number (``{"type": "update", "view": …, "move_number": …}``).
It sends its moves as the library's messages (:func:`strohmandeln.messages.read_move`: the match,
the seat, the move number, the action and a request id of its own) and is answered with
``accepted`` or a ``refusal`` that echoes the request id (:func:`~strohmandeln.messages.accepted`,
:func:`~strohmandeln.messages.refusal`). After every accepted move each connected seat is sent an
update: news since the view it holds (:func:`~strohmandeln.news.news_since`), a whole view after a
(re)connection and at each new deal, and ``"over": true`` with the final scores once the match is
over.

**The storage.** Each accepted move is one SQLite transaction: the move in the move log (with its
request id), the signed session after it, the finished deal's record when it ends a deal (and the
next deal dealt). After the commit and before the reply, the new session's mark
(:attr:`Session.mark <strohmandeln.session.Session.mark>`) is appended to a marks file that is not
the database; on a restart each match is loaded with ``acknowledged=`` its last mark, so a database
restored from a backup is refused (``rolled_back``, ``diverged``, ``wrong_match``) and the server
exits with status 3 instead of resuming a match that went backwards.

**Reconnection and resend.** A client that loses its connection reconnects and sends its pending
move again, with the same request id. A move that was already accepted (the server died after the
commit, before the reply reached the client) is answered ``accepted`` again from the move log, not
applied twice; any other late move is ``stale_move``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import secrets
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import strohmandeln as sm
from strohmandeln import Reason, messages, records
from strohmandeln.news import apply_news, news_since
from strohmandeln.session import Mark, Session
from strohmandeln.views import PlayerView

try:  # (an optional extra: the library never imports it)
    from websockets.asyncio.client import ClientConnection, connect
    from websockets.asyncio.server import ServerConnection, serve
    from websockets.exceptions import ConnectionClosed, InvalidHandshake
except ImportError:
    WEBSOCKETS = False
else:
    WEBSOCKETS = True

#: The longest message the server reads, in characters (a move is under 300): read_move refuses
#: longer text, and the transport refuses a frame of more bytes than 4 characters each.
MAX_MESSAGE = messages.MAX_MESSAGE_JSON
#: The largest frame a client accepts: a whole view is under 8 kB.
MAX_UPDATE = 64_000
#: A connection's path: ``/<match>/<seat>``.
PATH = re.compile(r"/([^/]*)/([^/]*)")
#: The exit status of a server that refuses its database (a restored backup, a mix-up).
REFUSED = 3

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    start TEXT NOT NULL,           -- the signed session at move 0: a replay starts from it
    session TEXT NOT NULL,         -- the signed session after the last accepted move
    over INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS moves (
    match TEXT NOT NULL,
    move_number INTEGER NOT NULL,  -- the match's move number the move was made at
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,          -- in the notation
    request_id TEXT NOT NULL,      -- the client's, as JSON (7 and "7" are two ids)
    after INTEGER NOT NULL,        -- the move number the accepted reply said
    PRIMARY KEY (match, move_number)
);
CREATE TABLE IF NOT EXISTS deals (
    match TEXT NOT NULL,
    number INTEGER NOT NULL,
    record TEXT NOT NULL,          -- the finished deal as a text record
    PRIMARY KEY (match, number)
);
"""


class Refused(Exception):
    """The server refuses to serve from its database (the reasons, one line each)."""


# ------------------------------------------------------------------------------------------------
# Storage: SQLite for the matches, a marks file beside it (in production: another disk or machine)


class Store:
    """The server's database (SQLite: one transaction per accepted move) and its marks file."""

    def __init__(self, db: Path, marks: Path) -> None:
        self.db = sqlite3.connect(db, isolation_level=None)  # (transactions: BEGIN ... COMMIT below)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")  # (a commit is on the disk before the mark)
        self.db.executescript(SCHEMA)
        self.marks_path = marks
        self.marks_file = os.open(marks, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One transaction: committed whole, or rolled back whole."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def append_mark(self, mark: Mark) -> None:
        """Append ``mark`` to the marks file, on the disk before this returns."""
        os.write(self.marks_file, (mark.to_text() + "\n").encode("ascii"))
        os.fsync(self.marks_file)

    def marks(self) -> dict[str, Mark]:
        """The last mark of each match. A last line without its newline is a write the process
        did not finish (the mark then lags behind the database, which the check allows)."""
        data = self.marks_path.read_bytes()
        whole = data.rfind(b"\n") + 1
        if whole < len(data):  # (cut off, so that the next mark starts a line of its own)
            os.ftruncate(self.marks_file, whole)
        last: dict[str, Mark] = {}
        for number, line in enumerate(data[:whole].decode("ascii", "replace").split("\n")[:-1], 1):
            try:
                mark = Mark.from_text(line)
            except sm.SerializationError as error:
                raise Refused(f"{self.marks_path}, line {number}: {error}") from None
            last[mark.match_id] = mark
        return last

    def accepted_before(self, match_id: str, move: messages.Move) -> int | None:
        """The move number the reply to ``move`` said, if exactly this move (its seat, action and
        request id) was accepted at its move number; else ``None``."""
        row = self.db.execute(
            "SELECT seat, action, request_id, after FROM moves WHERE match = ? AND move_number = ?", (match_id, move.move_number)
        ).fetchone()
        if row is None or (row[0], row[1], row[2]) != (move.seat, str(move.action), json.dumps(move.request_id)):
            return None
        return int(row[3])


# ------------------------------------------------------------------------------------------------
# The server


class Peer:
    """One client connection: its messages go out in order, from a queue of its own."""

    def __init__(self, connection: ServerConnection) -> None:
        self.connection = connection
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()

    def send(self, message: dict[str, Any]) -> None:
        self.queue.put_nowait(json.dumps(message, ensure_ascii=False, separators=(",", ":")))

    async def write(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while (text := await self.queue.get()) is not None:
                await self.connection.send(text)


class Server:
    """The matches, their connections, and the handling of each message.

    :meth:`handle` is plain code (no ``await``): a move is read, checked, stored in one
    transaction, marked and answered before any other message is looked at.
    """

    def __init__(self, store: Store, key: bytes, *, crash: tuple[str, int] | None = None) -> None:
        self.store = store
        self.key = key
        self.sessions: dict[str, Session] = {}
        self.peers: dict[tuple[str, int], Peer] = {}
        #: The deal and the move of the deal of the view each connected seat holds.
        self.sent: dict[tuple[str, int], tuple[int, int]] = {}
        #: For the tests: die (as SIGKILL would) after the commit (or the mark) of the n-th move.
        self.crash = crash
        self.committed = 0
        #: The closing of connections replaced by newer ones (kept until done).
        self.closing: set[asyncio.Task[None]] = set()

    def open(self, count: int, rules: sm.RuleSet, deals: int) -> None:
        """Load every match of the database, each checked against its last mark, and start the
        matches ``table-1`` … ``table-<count>`` it does not hold yet.

        :raises Refused: if a match is not the one acknowledged last (or is missing).
        """
        marks = self.store.marks()
        rows = dict(self.store.db.execute("SELECT id, session FROM matches").fetchall())
        refused = []
        for match_id, text in sorted(rows.items()):
            try:
                self.sessions[match_id] = Session.from_json(text, key=self.key, match_id=match_id, acknowledged=marks.get(match_id))
            except sm.SerializationError as error:
                refused.append(f"match {match_id!r}: {error.reason.value}: {error}")
            if match_id not in marks:
                print(f"warning: match {match_id!r} has no mark: it is not checked", file=sys.stderr)
        for match_id in sorted(marks.keys() - rows.keys()):
            number = marks[match_id].move_number
            refused.append(f"match {match_id!r}: rolled_back: move {number} was acknowledged, but the database does not hold the match")
        if refused:
            raise Refused("\n".join(refused))
        for number in range(1, count + 1):
            match_id = f"table-{number}"
            if match_id not in self.sessions:
                self.start(match_id, rules, deals)

    def start(self, match_id: str, rules: sm.RuleSet, deals: int) -> None:
        session = Session.start(rules, secret=secrets.token_bytes(32), length=deals, match_id=match_id)
        text = session.to_json(key=self.key)
        with self.store.transaction() as db:
            db.execute("INSERT INTO matches (id, start, session) VALUES (?, ?, ?)", (match_id, text, text))
        self.store.append_mark(session.mark)
        self.sessions[match_id] = session

    def handle(self, match_id: str, seat: int, text: str | bytes) -> list[tuple[int, dict[str, Any]]]:
        """Read and answer one message from the connection of ``seat`` in ``match_id``: the
        messages to send, each with its seat (the reply first, then the updates)."""
        try:
            move = messages.read_move(text, max_length=MAX_MESSAGE)
        except messages.MessageError as error:  # (with its request id, if one could be read)
            return [(seat, messages.refusal(error))]
        if move.match not in self.sessions:
            return [(seat, messages.refusal(messages.unknown_match(move), move.request_id))]
        session = self.sessions[match_id]
        if move.seat == seat and move.move_number < session.move_number:
            after = self.store.accepted_before(match_id, move)
            if after is not None:  # a resend of an accepted move: answered again, not applied
                return [(seat, messages.accepted(move, after)), (seat, self.update(match_id, seat))]
        try:
            # (wrong_match, not_your_seat, bad_move_number, stale_move, match_over, the rules')
            played = messages.submit(session, move, seat=seat)
        except sm.StrohmandelnError as error:
            return [(seat, messages.refusal(error, move.request_id))]
        finished = played.state if played.state.is_terminal else None
        following = played.next_deal() if finished is not None and not played.is_over else played
        with self.store.transaction() as db:  # the move, its deal, the session: one transaction
            db.execute(
                "INSERT INTO moves VALUES (?, ?, ?, ?, ?, ?)",
                (match_id, move.move_number, seat, str(move.action), json.dumps(move.request_id), following.move_number),
            )
            if finished is not None:
                db.execute("INSERT INTO deals VALUES (?, ?, ?)", (match_id, played.standing.deals_recorded, records.dumps(finished)))
            db.execute("UPDATE matches SET session = ?, over = ? WHERE id = ?", (following.to_json(key=self.key), following.is_over, match_id))
        self.sessions[match_id] = following
        self.committed += 1
        self.crash_at("commit")
        try:
            self.store.append_mark(following.mark)  # after the commit, before the reply
        except OSError as error:  # (no reply without its mark: a restart checks the database)
            print(f"cannot append the mark of match {match_id!r}: {error}; stopping", file=sys.stderr, flush=True)
            os._exit(1)
        self.crash_at("mark")
        out = [(seat, messages.accepted(move, following.move_number))]
        for other in (0, 1):
            if (match_id, other) in self.peers:
                if following is not played:  # the finished deal's last news, then the new deal
                    out.append((other, self.update(match_id, other, played)))
                out.append((other, self.update(match_id, other)))
        return out

    def crash_at(self, stage: str) -> None:
        if self.crash == (stage, self.committed):
            print(f"crash after the {stage} of move {self.committed}", file=sys.stderr, flush=True)
            if hasattr(signal, "SIGKILL"):
                os.kill(os.getpid(), signal.SIGKILL)
            os._exit(137)  # (where there is no SIGKILL)

    def update(self, match_id: str, seat: int, session: Session | None = None) -> dict[str, Any]:
        """What ``seat`` is sent of its match now (or of ``session``): news since the view it
        holds, or its whole view after a (re)connection and at a new deal."""
        session = self.sessions[match_id] if session is None else session
        view = session.state.view(seat)
        deal = session.standing.deals_recorded
        held = self.sent.get((match_id, seat))
        self.sent[(match_id, seat)] = (deal, view.ply)
        body = {"news": news_since(view, held[1])} if held is not None and held[0] == deal and held[1] <= view.ply else {"view": view.to_dict()}
        over = session.is_over
        ending = {"scores": list(session.final_standing().scores)} if over else {}
        return {"format": 1, "type": "update", "match": match_id, "deal": deal, "move_number": session.move_number, **body, "over": over, **ending}

    async def connection(self, connection: ServerConnection) -> None:
        """Serve one client connection, ``/<match>/<seat>``, until it closes."""
        found = PATH.fullmatch(connection.request.path if connection.request is not None else "")
        match_id, number = (found[1], found[2]) if found is not None else ("", "")
        if match_id not in self.sessions or number not in ("0", "1"):
            named = repr(match_id) if re.match(messages.ID_PATTERN, match_id) else "at this path"
            error = (
                sm.IllegalActionError(Reason.UNKNOWN_MATCH, f"no match {named}: connect to /<match>/<seat>")
                if match_id not in self.sessions
                else sm.IllegalActionError(Reason.BAD_SEAT, "a seat is 0 or 1: connect to /<match>/<seat>")
            )
            with contextlib.suppress(ConnectionClosed):  # (a client gone at once)
                await connection.send(json.dumps(messages.refusal(error)))
                await connection.close(1008, "no such match or seat")
            return
        seat = int(number)
        peer = Peer(connection)
        replaced = self.peers.get((match_id, seat))
        if replaced is not None:  # (the newest connection of a seat plays it; the older is closed)
            replaced.queue.put_nowait(None)
            closing = asyncio.create_task(replaced.connection.close(1000, "replaced by a newer connection of the seat"))
            self.closing.add(closing)
            closing.add_done_callback(self.closing.discard)
        self.peers[(match_id, seat)] = peer
        self.sent.pop((match_id, seat), None)
        peer.send(self.update(match_id, seat))
        writer = asyncio.create_task(peer.write())
        try:
            async for text in connection:
                for target, message in self.handle(match_id, seat, text):
                    receiver = self.peers.get((match_id, target))
                    if receiver is not None:
                        receiver.send(message)
        except ConnectionClosed:
            pass
        finally:
            if self.peers.get((match_id, seat)) is peer:
                del self.peers[(match_id, seat)]
                self.sent.pop((match_id, seat), None)
            peer.queue.put_nowait(None)
            await writer


async def run_server(server: Server, host: str, port: int) -> None:
    """Serve until SIGTERM or SIGINT."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for name in ("SIGTERM", "SIGINT"):
        with contextlib.suppress(NotImplementedError, AttributeError):  # (not on Windows)
            loop.add_signal_handler(getattr(signal, name), stop.set)
    # (max_size caps a frame at the transport, before read_move caps the message)
    async with serve(server.connection, host, port, max_size=4 * MAX_MESSAGE, compression=None) as running:
        bound = running.sockets[0].getsockname()[1]
        print(f"listening on ws://{host}:{bound} ({len(server.sessions)} matches)", flush=True)
        await stop.wait()


# ------------------------------------------------------------------------------------------------
# The bot client: it plays on the views and news it is sent, and reconnects


class BotError(Exception):
    """What a client on its own views never sees: a refusal, news it cannot apply."""


class Bot:
    """A client for one seat of one match: it holds its view document (updated by news) and the
    match's move number, plays a random legal action of its view when its seat is to act, and
    after a lost connection reconnects and sends its pending move again."""

    def __init__(self, url: str, match_id: str, seat: int, seed: int) -> None:
        self.url, self.match_id, self.seat = url, match_id, seat
        self.rng = random.Random(f"{seed} {match_id} {seat}")
        self.view: dict[str, Any] = {}
        self.move_number = -1
        self.pending: messages.Move | None = None
        self.requests = 0
        self.over = False
        self.scores: list[int] | None = None
        #: Each accepted move: its request id and the move number the reply said.
        self.acks: list[tuple[str, int]] = []
        self.connections = self.resent = self.answered_again = self.views_checked = 0
        self._applied_before = False

    async def run(self, deadline: float) -> None:
        """Play until the match is over (reconnecting as often as it takes) or ``deadline``."""
        delay = 0.02
        while not self.over:
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.match_id} seat {self.seat}: the match is not over by the deadline")
            try:
                async with connect(f"{self.url}/{self.match_id}/{self.seat}", max_size=MAX_UPDATE, compression=None, open_timeout=2) as ws:
                    self.connections += 1
                    delay = 0.02
                    await self.play(ws)
            except (OSError, ConnectionClosed, InvalidHandshake, asyncio.TimeoutError):
                await asyncio.sleep(delay)
                delay = min(2 * delay, 0.3)

    async def play(self, ws: ClientConnection) -> None:
        resend = self.pending is not None
        async for text in ws:
            message = json.loads(text)
            if message["type"] == "update":
                self.receive(message)
                if resend and self.pending is not None:  # the move the lost connection left unanswered
                    resend = False
                    self.resent += 1
                    self._applied_before = self.move_number > self.pending.move_number
                    await ws.send(self.pending.to_json())
                if self.over:
                    return
                await self.move(ws)  # (on an update only: the reply to a move comes before its news)
            elif message["type"] == "accepted":
                if self.pending is None or message["request_id"] != self.pending.request_id:
                    raise BotError(f"an accepted reply to no pending move: {message}")
                self.acks.append((str(message["request_id"]), message["move_number"]))
                self.answered_again += self._applied_before
                self.pending, self._applied_before = None, False
            else:
                raise BotError(f"{self.match_id} seat {self.seat} was refused: {message}")

    def receive(self, update: dict[str, Any]) -> None:
        if "view" in update:
            self.view = update["view"]
        else:
            try:
                self.view = apply_news(self.view, update["news"])
            except sm.SerializationError as error:
                raise BotError(f"news the client cannot apply: {error}") from None
        self.move_number = update["move_number"]
        if self.view["phase"] in ("finished", "void"):  # the deal's end: the view checked once
            PlayerView.from_dict(self.view)
            self.views_checked += 1
        if update["over"]:
            self.over, self.scores = True, update["scores"]

    async def move(self, ws: ClientConnection) -> None:
        if self.pending is not None or self.view["current_player"] != self.seat or not self.view["legal_actions"]:
            return
        if self.acks and self.move_number < self.acks[-1][1]:  # (a view from before the last accepted move)
            return
        self.requests += 1
        action = sm.parse_action(self.rng.choice(self.view["legal_actions"]))
        request_id = f"{self.match_id}.{self.seat}.{self.requests}"
        self.pending = messages.Move(match=self.match_id, seat=self.seat, move_number=self.move_number, action=action, request_id=request_id)
        await ws.send(self.pending.to_json())


async def play(url: str, match_ids: list[str], seed: int, timeout: float) -> list[Bot]:
    """Both seats of each match played by bots until every match is over."""
    bots = [Bot(url, match_id, seat, seed) for match_id in match_ids for seat in (0, 1)]
    deadline = time.monotonic() + timeout
    await asyncio.gather(*(bot.run(deadline) for bot in bots))
    return bots


# ------------------------------------------------------------------------------------------------
# Running the server as a process, and checking its database (the demo's, and the test's)


def server_command(directory: Path, port: int, *, matches: int = 2, deals: int = 1, extra: tuple[str, ...] = ()) -> list[str]:
    """The command line of a server whose files are in ``directory``."""
    files = ("--db", str(directory / "matches.db"), "--marks", str(directory / "marks.log"), "--key-file", str(directory / "server.key"))
    return [sys.executable, __file__, "serve", *files, "--port", str(port), "--matches", str(matches), "--deals", str(deals), *extra]


def start_server(command: list[str]) -> subprocess.Popen[str]:
    """Start a server process and wait until it listens.

    :raises Refused: with its message, if it exits at once with the status of a refused database.
    """
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stderr is not None
    line = process.stdout.readline()
    if not line.startswith("listening"):
        status, errors = process.wait(10), process.stderr.read()
        if status == REFUSED:
            raise Refused(errors.strip())
        raise RuntimeError(f"the server did not start (status {status}): {errors.strip()}")
    return process


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def count_moves(db: Path) -> int:
    with contextlib.closing(sqlite3.connect(db, timeout=5)) as reader:
        return int(reader.execute("SELECT count(*) FROM moves").fetchone()[0])


def replay(db: Path, key: bytes) -> dict[str, Session]:
    """Each finished match's last session by an uninterrupted replay of its stored moves from its
    first session — checked against the stored session and the archive of its deals.

    :raises AssertionError: where the database does not agree with itself.
    """
    sessions = {}
    with contextlib.closing(sqlite3.connect(db)) as reader:
        for match_id, start, stored in reader.execute("SELECT id, start, session FROM matches WHERE over ORDER BY id").fetchall():
            session = Session.from_json(start, key=key, match_id=match_id)
            moves = reader.execute("SELECT move_number, seat, action, after FROM moves WHERE match = ? ORDER BY move_number", (match_id,))
            for move_number, seat, action, after in moves.fetchall():
                if session.state.is_terminal:
                    session = session.next_deal()
                session = session.submit(sm.parse_action(action), player=seat, move_number=move_number)
                assert after == session.move_number + (session.state.is_terminal and not session.is_over), (match_id, move_number)
            assert session.is_over and session == Session.from_json(stored, key=key, match_id=match_id), match_id
            archive = [records.loads(text) for (text,) in reader.execute("SELECT record FROM deals WHERE match = ? ORDER BY number", (match_id,))]
            assert session.replay(archive[:-1]).record(archive[-1]).scores == session.final_standing().scores, match_id
            sessions[match_id] = session
    return sessions


def back_up(db: Path, copy: Path) -> None:
    """A consistent copy of a live database (SQLite's online backup)."""
    with contextlib.closing(sqlite3.connect(db)) as source, contextlib.closing(sqlite3.connect(copy)) as target:
        source.backup(target)


async def demo_run(directory: Path) -> None:
    port = free_port()
    command = server_command(directory, port)
    process = await asyncio.to_thread(start_server, command)
    print(f"a server on port {port}, 2 matches of 1 deal; two bots each")
    bots = asyncio.ensure_future(play(f"ws://127.0.0.1:{port}", ["table-1", "table-2"], seed=1, timeout=60))
    db = directory / "matches.db"
    try:
        for threshold, action in ((20, "backup"), (45, "kill")):
            while count_moves(db) < threshold:
                if bots.done():  # (a bot failed: its error below)
                    await bots
                await asyncio.sleep(0.02)
            if action == "backup":
                back_up(db, directory / "backup.db")
                print(f"  at {count_moves(db)} moves: the database backed up")
            else:
                process.kill()  # SIGKILL: no clean-up of any kind
                process.wait()
                print(f"  at {count_moves(db)} moves: the server killed (SIGKILL); a new one resumes")
                process = await asyncio.to_thread(start_server, command)
        players = await bots
    finally:
        process.terminate()
        process.wait()
    for bot in players:
        print(
            f"  {bot.match_id} seat {bot.seat}: {len(bot.acks)} moves accepted, {bot.connections} connections, "
            f"{bot.resent} moves sent again ({bot.answered_again} answered from the move log), final scores {bot.scores}"
        )
    key = (directory / "server.key").read_bytes()
    replayed = {match_id: session.final_standing().scores for match_id, session in replay(db, key).items()}
    assert all(tuple(bot.scores or ()) == replayed[bot.match_id] for bot in players)
    print(f"  an uninterrupted replay of the stored moves gives the same scores: {replayed}")
    db.unlink()
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    (directory / "backup.db").rename(db)
    try:
        process = await asyncio.to_thread(start_server, command)
    except Refused as refused:
        print(f"  the backup restored: the server refuses to start (status {REFUSED}):")
        for line in refused.args[0].splitlines():
            print(f"    {line}")
    else:
        process.kill()
        raise SystemExit("a restored backup was served")


def demo() -> None:
    """The bounded demo (no arguments): a server process with two matches of one deal, bots that
    play them, one SIGKILL of the server mid-match, the replay check, a restored backup refused."""
    with tempfile.TemporaryDirectory(prefix="ws-server-") as directory:
        asyncio.run(demo_run(Path(directory)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="A reference game server: matches over WebSockets, stored in SQLite, that survive a crash; and bot clients.",
        epilog="Without a command: a bounded demo (a server process, bots, a SIGKILL, a restored backup refused).",
    )
    commands = parser.add_subparsers(dest="command")
    server = commands.add_parser("serve", help="serve matches (until SIGTERM or SIGINT)")
    server.add_argument("--db", type=Path, required=True, help="the SQLite database (created if missing)")
    server.add_argument("--marks", type=Path, required=True, help="the marks file: keep it apart from the database and its backups")
    server.add_argument("--key-file", type=Path, required=True, help="the signing key (32 random bytes, made if missing): never in the database")
    server.add_argument("--host", default="127.0.0.1")
    server.add_argument("--port", type=int, default=8765)
    server.add_argument("--matches", type=int, default=2, help="serve table-1 ... table-N, starting those the database lacks")
    server.add_argument("--deals", type=int, default=2, help="the length of a new match, in deals")
    server.add_argument("--rules", default="classic", choices=sorted(sm.PRESETS))
    server.add_argument("--crash", metavar="STAGE:N", help="for tests: die like SIGKILL after the commit (or mark) of the N-th move")
    client = commands.add_parser("play", help="play matches with bots (both seats)")
    client.add_argument("--url", default="ws://127.0.0.1:8765")
    client.add_argument("--match", action="append", required=True, help="a match id (repeat for more)")
    client.add_argument("--seed", type=int, default=1)
    client.add_argument("--timeout", type=float, default=600)
    options = parser.parse_args(argv)
    if not WEBSOCKETS:
        # (not an error: the extra is optional, and the release checks run every example without it)
        print('skipped: this example needs websockets (pip install "strohmandeln[server]")', file=sys.stderr)
        return 0
    if options.command is None:
        demo()
    elif options.command == "play":
        for bot in asyncio.run(play(options.url, options.match, options.seed, options.timeout)):
            print(f"{bot.match_id} seat {bot.seat}: {len(bot.acks)} moves, {bot.connections} connections, scores {bot.scores}")
    else:
        if options.matches < 0 or options.deals < 1 or not 0 <= options.port < 65536:
            parser.error("--matches is at least 0, --deals at least 1, --port from 0 to 65535")
        if not options.key_file.exists():  # (readable by the server's user only)
            made = os.open(options.key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            os.write(made, secrets.token_bytes(32))
            os.close(made)
        key = options.key_file.read_bytes()
        if not 16 <= len(key) <= 64:
            parser.error(f"the signing key in {options.key_file} is {len(key)} bytes long: 16 to 64 (32 random bytes)")
        crash = None
        if options.crash is not None:
            stage, _, count = options.crash.partition(":")
            if stage not in ("commit", "mark") or not count.isdigit():
                parser.error("--crash is commit:N or mark:N")
            crash = (stage, int(count))
        state = Server(Store(options.db, options.marks), key, crash=crash)
        try:
            state.open(options.matches, sm.PRESETS[options.rules], options.deals)
        except Refused as refused:
            print(f"refused: this database is not the one the marks acknowledge; not serving:\n{refused}", file=sys.stderr)
            return REFUSED
        asyncio.run(run_server(state, options.host, options.port))
    return 0


if __name__ == "__main__":
    sys.exit(main())
