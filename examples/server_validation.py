"""A referee loop for a game server: moves arrive as text, are validated, and each player is sent
only what he may see.

Usage: ``python examples/server_validation.py`` (no arguments, no input: it runs unattended).

The server holds the one true :class:`~strohmandeln.GameState`. A client sends a JSON message
with its move in the notation and the move number of the view it answers,
``{"action": "♦Q", "ply": 3}``; the referee reads the action with
:func:`strohmandeln.parse_action` and applies it with ``state.apply(action, player=seat,
expected_ply=ply)`` — so that a move out of turn, and a late or repeated one, is refused — and
answers with a machine-readable reply: ``{"type": "ok", …}`` or ``{"type": "error", "reason": …}``.
After every accepted move each client receives *his own* view (``state.view(seat).to_dict()``),
never the state itself, which holds the whole deck order.

The clients here are scripted: the messages in ``WIRE`` arrive first — among them moves out of
turn, malformed text, hostile input, illegal cards and a message delivered twice — and then each
client plays the first legal action listed in the last view it received. At the end the deal is
stored as a text record and a JSON document, loaded back (refusing anything but a dealt deal)
and replayed through the rules, and a tampered copy is refused.

The second part runs a whole match the way a server keeps one: as a
:class:`~strohmandeln.session.Session`, saved (signed with the server's key) after every accepted
move, so that the referee process can die at any moment and a new one goes on from the last saved
text. Finished deals are archived as records; at the end the archive is checked against the
session, and a forged session document is refused.
"""

from __future__ import annotations

import json
import random
import secrets
from typing import Any

import strohmandeln as sm
from strohmandeln import Reason, records, serialization
from strohmandeln.session import Session

#: Longest message the transport passes on, in characters (the notation needs at most 64).
MAX_MESSAGE = 256
#: Longest stored JSON document the server loads back (a finished deal is about 700 characters).
MAX_DOCUMENT = 20_000

#: The moves that arrive first, as (seat, action), each sent with the move number of the sender's
#: latest view. The deal is the one of seed 97: seat 0 deals, seat 1 (Elder) speaks first.
WIRE: list[tuple[int, object]] = [
    (0, "take"),  # the dealer speaks before Elder: not_your_turn
    (1, "I take!"),  # not the notation: invalid_action
    (1, 17),  # not text at all (a number in the client's JSON): invalid_action
    (1, "take" * 1000),  # hostile length: refused before any parsing
    (1, "pass"),  # Elder passes
    (0, "XXI"),  # a card in the auction: wrong_phase
    (0, "TAKE"),  # the dealer undertakes (any letter case)
    (1, "♣Q"),  # lies face down in Elder's own Strohmann: refused, without saying so
    (1, "♥K+trull"),  # Elder does not hold the Trull: announcement_not_allowed
    (1, "XVII!ross"),  # the classic rules have no Rostopschin: call_not_allowed
    (1, "♦Q"),  # Elder leads the Queen lying face up on his third Strohmann
    (0, "Sküs"),  # the dealer holds diamonds: must_follow_suit
    (0, "d3"),  # ASCII notation is fine: ♦3
    (0, None),  # the message before, delivered again: stale_move (not card_not_available)
    (1, "pass"),  # the play phase: wrong_phase
]


def public_error(error: sm.StrohmandelnError) -> dict[str, Any]:
    """The reply for a refused message, safe to send to the player who sent it.

    Every reason and message of the library speaks only of what the player may know (a card
    face down in his own Strohmann is refused like any card he does not hold), so the error's
    own JSON form can be sent as it is.
    """
    return {"type": "error", **error.to_dict()}


def read_message(message: str) -> tuple[sm.Action, object]:
    """The action and the move number of a client's JSON message (both untrusted: the move
    number is checked by ``apply``); a library error if it is not such a message."""
    if len(message) > MAX_MESSAGE:
        raise sm.NotationError(Reason.TOO_LARGE, f"a message has at most {MAX_MESSAGE} characters")
    try:
        fields = json.loads(message)
    except ValueError:
        raise sm.NotationError(Reason.INVALID_ACTION, "a message is a JSON object") from None
    if not isinstance(fields, dict) or set(fields) != {"action", "ply"}:
        raise sm.NotationError(Reason.INVALID_ACTION, 'a message is {"action": …, "ply": …}')
    return sm.parse_action(fields["action"]), fields["ply"]  # (any JSON value: parse_action checks)


class Referee:
    """Holds the state of one deal and answers the messages of both seats."""

    def __init__(self, state: sm.GameState) -> None:
        self.state = state

    def handle(self, seat: int, message: str) -> dict[str, Any]:
        """Validate and apply one JSON message of ``seat``; the reply for that seat."""
        try:
            action, ply = read_message(message)
            self.state = self.state.apply(action, player=seat, expected_ply=ply)  # type: ignore[arg-type]
        except sm.StrohmandelnError as error:
            return public_error(error)
        return {"type": "ok", "action": str(action), "ply": self.state.ply}

    def views(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """What each seat is sent after a move: his own view, as a JSON-compatible document."""
        return (self.state.view(0).to_dict(), self.state.view(1).to_dict())


class Client:
    """A scripted client: it sees nothing but the documents the server sends it."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.view: dict[str, Any] = {}

    def receive(self, view: dict[str, Any]) -> None:
        self.view = view

    def message(self, action: object) -> str:
        """The JSON message of ``action``, for the moment of the last view received (its move
        number is the length of its history)."""
        return json.dumps({"action": action, "ply": len(self.view["history"])}, ensure_ascii=False)

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
    if reply["type"] == "error":
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
    for seat, action in WIRE:
        message = message if action is None else clients[seat].message(action)
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
    a new referee starts from the last saved text. ``store`` stands for the server's database."""

    def __init__(self, store: dict[str, Any]) -> None:
        self.store = store
        # (the server's own document, signed with its own key: loaded under the key, never
        # from a client; a forged or damaged one is refused as bad_signature)
        self.session = Session.from_json(store["session"], key=SIGNING_KEY)

    @classmethod
    def create(cls, store: dict[str, Any], rules: sm.RuleSet) -> MatchReferee:
        """A new match: a fresh dealing secret, saved at once."""
        session = Session.start(rules, secret=secrets.token_bytes(32), first_dealer=0)
        store["session"], store["archive"] = session.to_json(key=SIGNING_KEY), []
        return cls(store)

    def handle(self, seat: int, message: str) -> dict[str, Any]:
        """Validate and apply one message; once accepted, the move is saved before the reply."""
        try:
            action, ply = read_message(message)
            session = self.session.apply(action, player=seat, expected_ply=ply)  # type: ignore[arg-type]
        except sm.StrohmandelnError as error:
            return public_error(error)
        self.session = session
        self.store["session"] = session.to_json(key=SIGNING_KEY)
        return {"type": "ok", "action": str(action), "ply": session.state.ply}

    def next_deal(self) -> sm.DealResult:
        """Archive the finished deal, record it and deal the next; the finished deal's result."""
        finished = self.session.state
        self.store["archive"].append(records.dumps(finished))
        self.session = self.session.next_deal()
        self.store["session"] = self.session.to_json(key=SIGNING_KEY)
        return finished.result()


def run_match(deals: int = 4, seed: int = 5) -> None:
    """A match of ``deals`` deals in a session, with the referee process dying at random moments
    and each client now and then sending his last message twice."""
    print()
    print(f"A match of {deals} deals in a session, saved after every move:")
    store: dict[str, Any] = {}
    referee = MatchReferee.create(store, sm.EXTENDED)
    rng = random.Random(seed)
    crashes = refused = 0
    sizes: list[int] = []
    for _ in range(deals):
        while not referee.session.state.is_terminal:
            state = referee.session.state
            seat = state.current_player
            assert seat is not None
            legal = state.view(seat).legal_actions()  # what the client's view offers
            message = json.dumps({"action": str(rng.choice(legal)), "ply": state.ply}, ensure_ascii=False)
            if referee.handle(seat, message)["type"] != "ok":
                raise SystemExit("a legal move was refused")
            if rng.random() < 0.1:  # the same message again (a client's retry): stale_move
                reply = referee.handle(seat, message)
                assert reply["type"] == "error" and reply["reason"] == "stale_move"
                refused += 1
            if rng.random() < 0.05:  # the referee process dies; a new one loads the last save
                referee = MatchReferee(store)
                crashes += 1
            sizes.append(len(store["session"]))
        result = referee.next_deal()
        standing = referee.session.standing
        print(
            f"  deal {standing.deals_recorded}: {result.totals[0]:+d} : {result.totals[1]:+d} (x{result.multiplier}); "
            f"match {standing.scores[0]:+d} : {standing.scores[1]:+d}, next deal x{standing.multiplier}"
        )
    print(f"  {crashes} crashes resumed, {refused} repeated messages refused as stale_move")
    print(f"  the saved session: {min(sizes)} to {max(sizes)} characters, whatever the number of deals")
    # The archive of records replays to the session's match: every deal dealt from its secret.
    archive = [records.loads(text) for text in store["archive"]]
    match = referee.session.replay(archive)
    assert match.scores == referee.session.standing.scores
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
