"""The fuzz targets: run one input through the loaders and judge the outcome.

This module is the one judge of an input. The atheris driver (:mod:`fuzz.run`) and the replay
tests (``tests/test_fuzz_corpus.py``) both call :func:`check`, so an input the fuzzer reports is
exactly an input the tests fail on.

An input is the raw bytes of a file (or of a fuzzer's unit), decoded as UTF-8 with
``errors="replace"``. A target feeds the text to each of its loaders, and each loader may

* accept it — then the value it returned must survive a round trip (written back with the
  library's writer — for a JSON document as UTF-8 bytes — and loaded again, it is equal), or
* refuse it with a :class:`~strohmandeln.StrohmandelnError` that carries a :class:`~strohmandeln.Reason`,
  a message of at most :data:`MAX_MESSAGE` characters and a ``to_dict()`` that can be sent as
  JSON in UTF-8.

Anything else — a foreign exception (``KeyError``, ``TypeError``, ``RecursionError`` …), an
over-long message, a failed round trip — raises :class:`Crash`, chained to the original exception.

>>> check("notation", "♥K+trull".encode())
'accepted'
>>> check("notation", b"XXIII")
'refused'
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable
from typing import Final

import strohmandeln as sm
from strohmandeln import messages, records, serialization
from strohmandeln.actions import parse_action
from strohmandeln.cards import Card, cards_from_text, cards_to_text
from strohmandeln._base.jsontext import parse_json
from strohmandeln._base.signing import signature as _signature
from strohmandeln.session import Session

__all__ = ["MAX_MESSAGE", "SESSION_KEY", "TARGETS", "Crash", "check"]

#: The signing key of the session corpus (fuzz/corpus/session/): a test key, public on purpose.
SESSION_KEY: Final = b"strohmandeln fuzz key: public!!!"

#: The longest message a refusal may carry (a server sends it to a client; hostile input must
#: not make it grow).
MAX_MESSAGE: Final = 400


class Crash(AssertionError):
    """An input the library mishandled. ``key`` names the kind and place of the fault (the
    fuzzer keeps one input per key); ``__cause__`` is the original exception, if any."""

    def __init__(self, message: str, key: str) -> None:
        super().__init__(message)
        self.key = key


def _where(error: BaseException) -> str:
    """The innermost frame of ``error``'s traceback inside the library (else the innermost)."""
    frames = traceback.extract_tb(error.__traceback__)
    inside = [f for f in frames if "strohmandeln" in f.filename.replace("\\", "/").split("/")]
    if not frames:
        return "?"
    frame = (inside or frames)[-1]
    return f"{frame.filename.replace(chr(92), '/').rsplit('/', 1)[-1]}:{frame.lineno} {frame.name}"


def _refused(loader: str, error: sm.StrohmandelnError) -> None:
    """Check a refusal's form: a Reason, a bounded message, a wire form that is JSON."""
    text = str(error)
    if len(text) > MAX_MESSAGE:
        raise Crash(
            f"{loader}: {type(error).__name__} with a message of {len(text)} characters (at most {MAX_MESSAGE}): {text[:160]!r} …",
            f"long message from {loader} at {_where(error)}",
        )
    if not isinstance(error.reason, sm.Reason):
        raise Crash(f"{loader}: {type(error).__name__} without a Reason", f"no reason from {loader} at {_where(error)}")
    try:
        json.dumps(error.to_dict(), ensure_ascii=False).encode("utf-8")
    except Exception as cause:
        raise Crash(f"{loader}: {type(error).__name__}.to_dict() is not JSON in UTF-8", f"no wire form from {loader} at {_where(error)}") from cause


def _same(loader: str, loaded: object, again: Callable[[], object]) -> None:
    """Check that ``again()`` — ``loaded`` written by the library and loaded again — is equal to
    it; a refusal there is a fault too (the library wrote what it does not read)."""
    try:
        value = again()
    except Exception as error:
        raise Crash(
            f"{loader}: the value it returned, written and loaded again: {type(error).__name__}: {str(error)[:200]}",
            f"round trip of {loader}: {type(error).__name__} at {_where(error)}",
        ) from error
    if value != loaded:
        raise Crash(f"{loader}: the value it returned, written and loaded again, differs: {loaded!r:.160}", f"round trip of {loader}")


# --------------------------------------------------------------------------------------------
# The loaders: each takes the decoded text and refuses it with StrohmandelnError.


def _from_json(text: str) -> None:
    loaded = serialization.from_json(text)
    # (as a server stores or sends it: JSON text in UTF-8)
    _same("from_json", loaded, lambda: serialization.from_json(serialization.to_json(loaded).encode("utf-8")))


def _trusted_view(text: str) -> None:
    """A view's document as a client that trusts its server loads it
    (:meth:`PlayerView.from_trusted_dict <strohmandeln.views.PlayerView.from_trusted_dict>`):
    refused cleanly, or taken — and where the checked load takes it too, the same view."""
    data = parse_json(text, len(text))
    view = sm.PlayerView.from_trusted_dict(data)
    try:
        checked = sm.PlayerView.from_dict(data)
    except sm.StrohmandelnError:
        return  # (a view no deal produces: the trusted load may take it)
    if checked != view:
        raise Crash(f"from_trusted_dict: another view than the checked load's: {view!r:.160}", "trusted view differs from the checked one")


def _loads(text: str) -> None:
    loaded = records.loads(text)
    _same("loads", loaded, lambda: records.loads(records.dumps(loaded)))
    _same("loads", loaded, lambda: records.loads(records.dumps(loaded, ascii=True)))


def _loads_match(text: str) -> None:
    loaded = records.loads_match(text)
    _same("loads_match", loaded, lambda: records.loads_match(records.dumps_match(loaded)))
    _same("loads_match", loaded, lambda: records.loads_match(records.dumps_match(loaded, ascii=True)))


def _session(text: str) -> None:
    loaded = Session.from_json(text, key=SESSION_KEY)
    _same("Session.from_json", loaded, lambda: Session.from_json(loaded.to_json(key=SESSION_KEY).encode("utf-8"), key=SESSION_KEY))


def _session_resigned(text: str) -> None:
    """The input signed again with the key, as a server's own buggy document would be: so that
    the checks after the signature (the standing, the replay of the deal) are reached too."""
    try:
        data = json.loads(text)
        if isinstance(data, dict):
            body = {k: v for k, v in data.items() if k != "signature"}
            data = {**body, "signature": _signature(body, SESSION_KEY)}
        again = json.dumps(data, ensure_ascii=False)
    except (ValueError, RecursionError):  # (the harness's own parsing: not the library's)
        raise sm.SerializationError(sm.Reason.MALFORMED_DOCUMENT, "not JSON the harness can sign") from None
    _session(again)


def _read_move(text: str) -> None:
    move = messages.read_move(text, max_length=100_000)
    _same("read_move", move, lambda: messages.read_move(move.to_json().encode("utf-8")))


def _parse_action(text: str) -> None:
    action = parse_action(text)
    _same("parse_action", action, lambda: parse_action(str(action)))


def _card_parse(text: str) -> None:
    card = Card.parse(text)
    _same("Card.parse", card, lambda: Card.parse(str(card)))
    _same("Card.parse", card, lambda: Card.parse(card.ascii))


def _cards_from_text(text: str) -> None:
    cards = cards_from_text(text)
    _same("cards_from_text", cards, lambda: cards_from_text(cards_to_text(cards)))
    _same("cards_from_text", cards, lambda: cards_from_text(cards_to_text(cards, ascii=True)))


Loader = Callable[[str], None]

#: The targets by name, each with its loaders by name. A target's name is the directory of its
#: corpus (``fuzz/corpus/<target>/``) and of its crash inputs (``fuzz/crashes/<target>/``).
TARGETS: Final[dict[str, dict[str, Loader]]] = {
    # every document of strohmandeln.serialization: state, view, match, result, rules, action
    # (and a view's, read trusted too)
    "json": {"from_json": _from_json, "from_trusted_dict": _trusted_view},
    # the text records of strohmandeln.records: a deal and a match
    "record": {"loads": _loads, "loads_match": _loads_match},
    # strohmandeln.session: signed session documents (as given, and signed again)
    "session": {"Session.from_json": _session, "Session.from_json re-signed": _session_resigned},
    # strohmandeln.messages: a client's move, as a server reads it
    "message": {"read_move": _read_move},
    # card and action notation
    "notation": {"parse_action": _parse_action, "Card.parse": _card_parse, "cards_from_text": _cards_from_text},
}


def check(target: str, data: bytes) -> str:
    """Run one input through every loader of ``target``: ``"accepted"`` if one of them accepts
    it, ``"refused"`` if all refuse it properly, else :class:`Crash` (at the first fault).

    >>> check("json", b'{"format": 1, "type": "action", "action": "take"}')
    'accepted'
    >>> check("record", b"strohmandeln-deal 1\\nrules classic\\ndealer 2\\n")
    'refused'
    """
    text = data.decode("utf-8", errors="replace")
    accepted = False
    for name, load in TARGETS[target].items():
        try:
            load(text)
        except Crash:
            raise
        except sm.StrohmandelnError as error:
            _refused(name, error)
            continue
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as error:  # anything else is what we are looking for
            raise Crash(f"{name}: {type(error).__name__}: {str(error)[:200]}", f"{type(error).__name__} at {_where(error)}") from error
        accepted = True
    return "accepted" if accepted else "refused"
