"""A referee loop for a game server: moves arrive as text, are validated, and each player is sent
only what he may see.

Usage: ``python examples/server_validation.py`` (no arguments, no input: it runs unattended).

The server holds the one true :class:`~strohmandeln.GameState`. A client sends a JSON message
(:mod:`strohmandeln.messages`): the match, its seat, the move number of the view it answers, its
move in the notation and a request id of its own,
``{"format": 1, "type": "move", "match": "table-1", "seat": 1, "move_number": 3, "action": "♦Q",
"request_id": 7}``. The referee reads it with :func:`strohmandeln.messages.read_move` — strict
JSON, exactly these fields, the move number required — checks the match and the seat of the
connection, and applies the move with ``state.apply(action, player=seat,
expected_ply=move_number)`` — so that a move out of turn, and a late or repeated one, is refused.
It answers with a machine-readable reply that echoes the request id: ``{"type": "accepted", …}``
or ``{"type": "refusal", "reason": …}``. After every accepted move each client receives *his
own* view (``state.view(seat).to_dict()``), never the state itself, which holds the whole deck
order.

The clients here are scripted: the messages in ``WIRE`` arrive first — among them moves out of
turn, for the other seat or another match, without a move number, malformed text, hostile input,
illegal cards and a message delivered twice — and then each client plays the first legal action
listed in the last view it received. At the end the deal is stored as a text record and a JSON
document, loaded back (refusing anything but a dealt deal) and replayed through the rules, and a
tampered copy is refused.

The second part runs a whole match of four deals the way a server keeps one: as a
:class:`~strohmandeln.session.Session` that knows its length, saved (signed with the server's key)
after every accepted move, so that the referee process can die at any moment and a new one goes
on from the last saved text. Its moves carry the match's move number
(:meth:`Session.submit <strohmandeln.session.Session.submit>`), so that no move of one deal is
taken in another; the clients are sent news (:mod:`strohmandeln.news`) instead of whole views, and
whole views only after a crash or at a new deal. Finished deals are archived as records; at the
end the archive is checked against the session, and a forged session document is refused.
"""

from __future__ import annotations

import json
import random
import secrets
from typing import Any

import strohmandeln as sm
from strohmandeln import Reason, messages, records, serialization
from strohmandeln.news import apply_news, news_since
from strohmandeln.session import Session

#: Longest message the server reads, in characters (a move message is under 300).
MAX_MESSAGE = messages.MAX_MESSAGE_JSON
#: Longest stored JSON document the server loads back (a finished deal is about 700 characters).
MAX_DOCUMENT = 20_000
#: The id of the one match of the first part.
MATCH = "table-1"

#: The moves that arrive first, as (seat, action, changes to the message), each sent with the
#: move number of the sender's latest view. The deal is the one of seed 97: seat 0 deals, seat 1
#: (Elder) speaks first.
WIRE: list[tuple[int, object, dict[str, object]]] = [
    (0, "take", {}),  # the dealer speaks before Elder: not_your_turn
    (0, "pass", {"seat": 1}),  # seat 0's connection moves for seat 1: not_your_seat
    (1, "pass", {"match": "table-9"}),  # a match the server does not have: unknown_match
    (1, "pass", {"move_number": None}),  # no move number is no "no check": bad_move_number
    (1, "I take!", {}),  # not the notation: invalid_action
    (1, 17, {}),  # not text at all (a number in the client's JSON): malformed_document
    (1, "take" * 1000, {}),  # hostile length: refused before any parsing
    (1, "pass", {}),  # Elder passes
    (0, "XXI", {}),  # a card in the auction: wrong_phase
    (0, "TAKE", {}),  # the dealer undertakes (any letter case)
    (1, "♣Q", {}),  # lies face down in Elder's own Strohmann: refused, without saying so
    (1, "♥K+trull", {}),  # Elder does not hold the Trull: announcement_not_allowed
    (1, "XVII!ross", {}),  # the classic rules have no Rostopschin: call_not_allowed
    (1, "♦Q", {}),  # Elder leads the Queen lying face up on his third Strohmann
    (0, "Sküs", {}),  # the dealer holds diamonds: must_follow_suit
    (0, "d3", {}),  # ASCII notation is fine: ♦3
    (0, None, {}),  # the message before, delivered again: stale_move (not card_not_available)
    (1, "pass", {}),  # the play phase: wrong_phase
]


class Referee:
    """Holds the state of one deal and answers the messages of both seats."""

    def __init__(self, state: sm.GameState) -> None:
        self.state = state

    def handle(self, seat: int, message: str) -> dict[str, Any]:
        """Read, check and apply one JSON message that came on the connection of ``seat``; the
        reply for that seat, with the message's request id."""
        try:
            move = messages.read_move(message, max_length=MAX_MESSAGE)
        except messages.MessageError as error:  # (its request id, if one could be read)
            return messages.refusal(error)
        try:
            if move.match != MATCH:
                raise messages.unknown_match(move)
            if move.seat != seat:
                raise sm.IllegalActionError(Reason.NOT_YOUR_SEAT, f"a move for seat {move.seat} on the connection of seat {seat}")
            # (one deal outside a match: its move number is the deal's ply)
            self.state = self.state.apply(move.action, player=seat, expected_ply=move.move_number)
        except sm.StrohmandelnError as error:
            return messages.refusal(error, move.request_id)
        return messages.accepted(move, self.state.ply)

    def views(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """What each seat is sent after a move: his own view, as a JSON-compatible document."""
        return (self.state.view(0).to_dict(), self.state.view(1).to_dict())


class Client:
    """A scripted client: it sees nothing but the documents the server sends it."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.view: dict[str, Any] = {}
        self.requests = 0

    def receive(self, view: dict[str, Any]) -> None:
        self.view = view

    def message(self, action: object, **changes: object) -> str:
        """The JSON message of ``action``, for the moment of the last view received (its move
        number is the length of its history), with a new request id."""
        self.requests += 1
        fields = {"match": MATCH, "seat": self.seat, "move_number": len(self.view["history"]), "action": action}
        return json.dumps({"format": 1, "type": "move", **fields, "request_id": self.requests, **changes}, ensure_ascii=False)

    def next_message(self) -> str:
        """The first legal action of the last view received."""
        legal: list[str] = self.view["legal_actions"]
        return self.message(legal[0])


def summary(view: dict[str, Any]) -> str:
    """A one-line account of a view document: its size and the counts a player would draw."""
    size = len(json.dumps(view, ensure_ascii=False).encode())
    opponent = 1 - view["player"]
    return (
        f"{size:>5} bytes: hand {len(view['hand'])}, opponent's hand {view['hand_sizes'][opponent]} "
        f"({len(view['known_hands'][opponent])} known), {len(view['tricks'])} tricks, "
        f"legal {len(view['legal_actions'])}"
    )


def send(referee: Referee, clients: tuple[Client, Client], seat: int, message: str, *, verbose: bool = True) -> bool:
    """Deliver one message; print the reply; on success send both views. Whether it was accepted."""
    reply = referee.handle(seat, message)
    action = json.loads(message)["action"] if len(message) <= MAX_MESSAGE else "…"
    shown = action if not isinstance(action, str) or len(action) <= 20 else action[:20] + "…"
    if reply["type"] == "refusal":
        print(f"seat {seat} {shown!r:<14} -> {json.dumps(reply, ensure_ascii=False)}")
        return False
    views = referee.views()
    for client, view in zip(clients, views):
        client.receive(view)
    if verbose:
        print(f"seat {seat} {shown!r:<14} -> ok; seat 0 gets {summary(views[0])}")
        print(f"{'':<24}seat 1 gets {summary(views[1])}")
    elif not referee.state.current_trick:  # a trick is complete
        trick = referee.state.tricks[-1]
        sizes = " / ".join(str(len(json.dumps(v, ensure_ascii=False).encode())) for v in views)
        print(
            f"trick {trick.number:>2}: seat {trick.leader} {trick.plays[0]}, seat {1 - trick.leader} "
            f"{trick.plays[1]} -> seat {trick.winner}; views sent ({sizes} bytes)"
        )
    return True


def main() -> None:
    state = sm.deal(sm.CLASSIC, dealer=0, rng=97)  # the server deals with its own generator
    referee = Referee(state)
    clients = (Client(0), Client(1))
    for client, view in zip(clients, referee.views()):
        client.receive(view)
    first = clients[1].view
    print(f"A view document has the keys: {', '.join(sorted(first))}")
    print(f"seat 1 starts with {summary(first)}")
    print()

    message = ""
    for seat, action, changes in WIRE:
        message = message if action is None else clients[seat].message(action, **changes)
        send(referee, clients, seat, message)
    print("... the clients now play the first legal action of their views ...")
    while not referee.state.is_terminal:
        to_act = referee.state.current_player
        assert to_act is not None
        if not send(referee, clients, to_act, clients[to_act].next_message(), verbose=False):
            raise SystemExit("a legal action of the view was refused")
    send(referee, clients, 0, clients[0].message("XXI"))  # too late: game_over
    print()
    print(referee.state.result())

    # Nothing hidden reached a client: the final views hold no face-down card and, for the
    # opponent's hand, only the cards taken up in the open.
    for seat, client in enumerate(clients):
        view = client.view
        assert view["hand"] == [str(c) for c in referee.state.hand(seat)]
        assert set(view["known_hands"][1 - seat]) <= {str(c) for c in referee.state.hand(1 - seat)}

    # Store the deal, load it back, replay it.
    record = records.dumps(referee.state)
    document = serialization.to_json(referee.state)
    print()
    print(f"stored: a record of {len(record)} characters, a JSON document of {len(document)}")
    print("\n".join(record.splitlines()[:6]) + "\n...")
    replayed = records.loads(record)
    assert replayed == referee.state
    # (dealt_only: a server of real games loads nothing but dealt deals, never a set-up position)
    assert serialization.from_json(document, max_length=MAX_DOCUMENT, dealt_only=True) == referee.state
    assert replayed.view(1).to_dict() == clients[1].view
    print(f"replayed: {len(replayed.history)} actions, {replayed.trick_number} tricks, totals {replayed.result().totals}")

    # A tampered record (the first two cards of trick 1 swapped) is refused at the first bad token.
    lines = record.splitlines()
    lines[5] = " ".join(reversed(lines[5].split()))
    try:
        records.loads("\n".join(lines))
    except records.RecordError as error:
        print(f"tampered record refused: line {error.line}, token {error.token}, {error.cause.value}")
    else:
        raise SystemExit("a tampered record was accepted")


#: The server's signing key for its session documents: in a real server, 32 random bytes from its
#: configuration, never stored beside the documents and never sent to a client.
SIGNING_KEY = b"example signing key: use secrets"


class MatchReferee:
    """Runs a match as a :class:`~strohmandeln.session.Session` that survives a crash: the
    session is saved (signed) in ``store`` after every accepted move and every finished deal, and
    a new referee starts from the last saved text. ``store`` stands for the server's database.

    Each seat is sent news since the view it holds (:func:`~strohmandeln.news.news_since`); the
    referee remembers which that is, and a new referee, which does not, sends whole views."""

    def __init__(self, store: dict[str, Any]) -> None:
        self.store = store
        # (the server's own document, signed with its own key: loaded under the key, never
        # from a client; a forged or damaged one is refused as bad_signature)
        self.session = Session.from_json(store["session"], key=SIGNING_KEY)
        #: The move of the deal each seat's view is at, once a view has been sent to it.
        self.sent: dict[int, int] = {}

    @classmethod
    def create(cls, store: dict[str, Any], rules: sm.RuleSet, deals: int) -> MatchReferee:
        """A new match of ``deals`` deals: a fresh dealing secret, saved at once."""
        session = Session.start(rules, secret=secrets.token_bytes(32), first_dealer=0, length=deals, match_id=store["match"])
        store["session"], store["archive"] = session.to_json(key=SIGNING_KEY), []
        return cls(store)

    def handle(self, seat: int, message: str) -> dict[str, Any]:
        """Read and apply one message of ``seat``'s connection; once accepted, the move is saved
        before the reply."""
        try:
            move = messages.read_move(message, max_length=MAX_MESSAGE)
        except messages.MessageError as error:
            return messages.refusal(error)
        try:
            if move.match != self.session.match_id:
                raise messages.unknown_match(move)
            session = messages.submit(self.session, move, seat=seat)
        except sm.StrohmandelnError as error:
            return messages.refusal(error, move.request_id)
        self.session = session
        self.store["session"] = session.to_json(key=SIGNING_KEY)
        return messages.accepted(move, session.move_number)

    def update(self, seat: int) -> dict[str, Any]:
        """What ``seat`` is sent after a move: news since the view it holds, or its whole view
        (after a crash, or at a new deal), with the match's move number."""
        view = self.session.state.view(seat)
        since = self.sent.get(seat)
        self.sent[seat] = view.ply
        sent = {"news": news_since(view, since)} if since is not None and since <= view.ply else {"view": view.to_dict()}
        return {"move_number": self.session.move_number, **sent}

    def next_deal(self) -> sm.DealResult:
        """Archive the finished deal; record it and deal the next, unless the match is over; the
        finished deal's result."""
        finished = self.session.state
        self.store["archive"].append(records.dumps(finished))
        if not self.session.is_over:
            self.session = self.session.next_deal()
            self.sent.clear()  # (a new deal: whole views)
            self.store["session"] = self.session.to_json(key=SIGNING_KEY)
        return finished.result()


class MatchClient:
    """A client of the match: it holds its view document, updated by news, and the match's move
    number; it sends the move of its choice with them."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.view: dict[str, Any] = {}
        self.move_number = 0
        self.requests = 0

    def receive(self, update: dict[str, Any]) -> int:
        """Take an update; the size of what was sent, in bytes."""
        self.move_number = update["move_number"]
        self.view = apply_news(self.view, update["news"]) if "news" in update else update["view"]
        return len(json.dumps(update, ensure_ascii=False).encode())

    def message(self, action: str, match: str) -> str:
        self.requests += 1
        move = {"match": match, "seat": self.seat, "move_number": self.move_number, "action": action, "request_id": f"{self.seat}-{self.requests}"}
        return json.dumps({"format": 1, "type": "move", **move}, ensure_ascii=False)


def run_match(deals: int = 4, seed: int = 5) -> None:
    """A match of ``deals`` deals in a session, with the referee process dying at random moments
    and each client now and then sending his last message twice, and the first message of the
    match again at every new deal."""
    print()
    print(f"A match of {deals} deals in a session, saved after every move:")
    store: dict[str, Any] = {"match": "table-2"}
    referee = MatchReferee.create(store, sm.EXTENDED, deals)
    clients = (MatchClient(0), MatchClient(1))
    for client in clients:
        client.receive(referee.update(client.seat))
    rng = random.Random(seed)
    crashes = refused = 0
    sizes: list[int] = []
    sent = {"news": 0, "view": 0}
    first = ""
    while True:
        while not referee.session.state.is_terminal:
            seat = referee.session.state.current_player
            assert seat is not None
            client = clients[seat]
            message = client.message(rng.choice(client.view["legal_actions"]), store["match"])  # what its view offers
            first = first or message
            if referee.handle(seat, message)["type"] != "accepted":
                raise SystemExit("a legal move was refused")
            if rng.random() < 0.1:  # the same message again (a client's retry): stale_move
                reply = referee.handle(seat, message)  # (match_over, if that move ended the match)
                expected = "match_over" if referee.session.is_over else "stale_move"
                assert reply["type"] == "refusal" and reply["reason"] == expected and reply["request_id"] == json.loads(message)["request_id"], (reply, message)
                refused += 1
            if rng.random() < 0.05:  # the referee process dies; a new one loads the last save
                referee = MatchReferee(store)
                crashes += 1
            for other in clients:
                update = referee.update(other.seat)
                sent["news" if "news" in update else "view"] += other.receive(update)
                # the client's view is the server's, news or not (and holds nothing else)
                assert other.view == referee.session.state.view(other.seat).to_dict()
            sizes.append(len(store["session"]))
        result = referee.next_deal()
        standing = referee.session.final_standing() if referee.session.is_over else referee.session.standing
        print(
            f"  deal {standing.deals_recorded}: {result.totals[0]:+d} : {result.totals[1]:+d} (x{result.multiplier}); "
            f"match {standing.scores[0]:+d} : {standing.scores[1]:+d}, next deal x{standing.multiplier}"
        )
        if referee.session.is_over:
            break
        for client in clients:
            client.receive(referee.update(client.seat))
        # the match's first message, sent again at the start of a later deal: its move number is gone
        reply = referee.handle(1, first)
        assert reply["type"] == "refusal" and reply["reason"] == "stale_move", reply
    print(f"  the match is over after {standing.deals_played} deals: {standing.scores[0]:+d} : {standing.scores[1]:+d}")
    late = clients[0].message("pass", store["match"])
    print(f"  a move after the end: {referee.handle(0, late)['reason']}")
    print(f"  {crashes} crashes resumed, {refused} repeated messages refused as stale_move")
    print(f"  sent to the clients: {sent['news']:,} bytes of news, {sent['view']:,} bytes of whole views")
    print(f"  the saved session: {min(sizes)} to {max(sizes)} characters, whatever the number of deals")
    # The archive of records replays to the session's match: every deal dealt from its secret.
    archive = [records.loads(text) for text in store["archive"]]
    match = referee.session.replay(archive[:-1]).record(archive[-1])  # (the last deal is the session's state)
    assert match.scores == standing.scores and match.move_number == referee.session.move_number + 1
    print(f"  the archive of {len(archive)} records replays to the session's standing: {match.scores}")
    # A session document changed without the key is refused before it is used.
    forged = store["session"].replace('"scores":[', '"scores":[9')
    try:
        MatchReferee({"session": forged})
    except sm.SerializationError as error:
        print(f"  a forged session refused: {error.reason.value}")
    else:
        raise SystemExit("a forged session was accepted")


if __name__ == "__main__":
    main()
    run_match()
