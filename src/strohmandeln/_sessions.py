"""What a session (:mod:`strohmandeln.session`) derives from its secret and its deals: the deals
it deals, the history of those it recorded, its match id, and the marks of its moves
(:class:`Mark`, public as ``strohmandeln.session.Mark``) — what a server keeps of the last move
it acknowledged in a match, somewhere else than its sessions, to tell a session restored from a
backup (or replayed, or of another match) from the one it acknowledged.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any, Final, final

import attrs

from ._base import args, checked, ids
from .errors import Reason, StrohmandelnError
from ._base.signing import CANONICAL, deal_seed, derived_match_id, signature, signature_of
from ._core.words import action_words
from .dealing import deal
from .match import Standing
from .state import GameState, record_of

__all__ = ["MATCH_ID", "Mark"]

#: A match id: 1 to 64 letters, digits and ``. _ : -`` (as :data:`strohmandeln.messages.ID_PATTERN`).
MATCH_ID: Final = ids.Ident()
#: The history of a session before its first deal is recorded.
NO_HISTORY: Final = bytes(32)
#: A mark's digest: 16 bytes, 32 hexadecimal digits.
_DIGEST: Final = checked.Hex(16, 16)


@final
@attrs.frozen(kw_only=True)
class Mark:
    """What a server keeps, somewhere else than its sessions, of the last move it acknowledged
    in a match: the match id, the match's move number and a digest of the session at that move
    (:attr:`Session.mark <strohmandeln.session.Session.mark>`). It tells a session that is older than the move acknowledged, or not
    the one acknowledged, from the one acknowledged or a later one (:meth:`Session.check <strohmandeln.session.Session.check>`, and
    the ``acknowledged=`` of :meth:`Session.from_dict <strohmandeln.session.Session.from_dict>`). It holds no secret and no card: its
    digest is a keyed BLAKE2b under the match's dealing secret, of the match id, the move number,
    the history of the recorded deals and the actions of the deal in progress.

    >>> import strohmandeln as sm
    >>> from strohmandeln.session import Mark, Session
    >>> session = Session.start(sm.CLASSIC, secret=bytes(16), match_id="m-17").apply(sm.Pass())
    >>> mark = session.mark
    >>> mark.match_id, mark.move_number, len(mark.digest)
    ('m-17', 1, 32)
    >>> Mark.from_text(mark.to_text()) == mark
    True

    :raises ArgumentTypeError: for a field of the wrong type.
    :raises ArgumentValueError: with reason ``bad_value`` for a match id that is no id
        (:data:`strohmandeln.messages.ID_PATTERN`), a negative move number or one above
        10,000,000,000, or a digest that is not 32 lower-case hexadecimal digits.
    """

    #: The match's id (:attr:`Session.match_id <strohmandeln.session.Session.match_id>`).
    match_id: str
    #: The match's move number at the acknowledged move (:attr:`Session.move_number <strohmandeln.session.Session.move_number>`).
    move_number: int
    #: The digest of the session at that move: 32 lower-case hexadecimal digits.
    digest: str

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "match_id", ids.id_argument(self.match_id, "match_id"))
        object.__setattr__(self, "move_number", args.count(self.move_number, "move_number", most=checked.MAX_COUNT))
        digest = args.text(self.digest, "digest", 64)
        if len(digest) != 32 or any(c not in "0123456789abcdef" for c in digest):
            raise args.bad_value("digest", "32 lower-case hexadecimal digits", digest)
        object.__setattr__(self, "digest", digest)

    def to_text(self) -> str:
        """The mark as one line of text to store (at most 129 characters): the match id, the move
        number and the digest, separated by spaces.

        >>> from strohmandeln.session import Mark
        >>> Mark(match_id="m-17", move_number=3, digest="0" * 32).to_text()
        'm-17 3 00000000000000000000000000000000'
        """
        return f"{self.match_id} {self.move_number} {self.digest}"

    @classmethod
    def from_text(cls, text: str) -> Mark:
        """A mark from its text (:meth:`to_text`), checked as a document is.

        :raises SerializationError: ``malformed_document`` for text that is no mark.
        """
        line = checked.text(text, "mark", 140)
        parts = line.split(" ")
        if len(parts) != 3 or not parts[1].isascii() or not parts[1].isdigit() or (len(parts[1]) > 1 and parts[1][0] == "0"):
            raise checked.fail("mark", "expected a match id, a move number and a digest, separated by spaces")
        match_id = ids.identifier(parts[0], "mark.match_id")
        number = checked.integer(int(parts[1][:12]), "mark.move_number", 0, checked.MAX_COUNT)
        return checked.unchecked(cls, match_id=match_id, move_number=number, digest=_DIGEST.load(parts[2], "mark.digest").hex())

    def __repr__(self) -> str:
        return f"<Mark {self.to_text()}>"


Mark.__module__ = "strohmandeln.session"  # (its home in the API: the sessions it marks)


def chained(history: bytes, state: GameState) -> bytes:
    """The history after recording the deal ``state``: a BLAKE2b of the history before it and the
    deal's canonical document (rule set, dealer, deck order, stakes and actions)."""
    document = json.dumps(state.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.blake2b(history + document.encode("ascii"), digest_size=32).digest()


def derived_id(secret: object) -> str:
    """The match id of a session whose server chose none (none for a secret that is not one:
    the session's check refuses it)."""
    return derived_match_id(secret) if type(secret) is bytes and checked.SECRET_SIZES[0] <= len(secret) <= checked.SECRET_SIZES[1] else "-"


def dealt(standing: Standing, secret: bytes) -> GameState:
    """The first state of a session's next deal: dealt from its secret by the next dealer, at the
    match's stakes (the deals of the sessions loaded lately kept: a state is a value)."""
    key = (secret, standing.deals_recorded, standing.next_dealer, standing.multiplier, standing.rules)
    found = _DEALT.get(key)
    if found is not None:
        return found
    seed = deal_seed(secret, standing.deals_recorded)
    state = deal(standing.rules, dealer=standing.next_dealer, rng=seed, multiplier=standing.multiplier)
    if len(_DEALT) >= _MOST_PARTS:
        _DEALT.clear()
    _DEALT[key] = state
    return state


#: The first states of the deals of the sessions dealt or loaded lately, by what deals them.
_DEALT: Final[dict[tuple[Any, ...], GameState]] = {}


# --- a session's document, written in parts ----------------------------------------------------
# Within a deal, a session's document changes only in its actions (and so its signature): the
# other fields are written once per deal, as JSON text in both the document's own order (the
# text sent to storage) and the canonical order the signature covers (its fields sorted), and the
# actions are put between them (``tests/test_session_documents.py`` holds the texts to those of
# the dict of the fields, written whole).

_COMPACT: Final = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


class Parts:
    """The fields of a session's document but its actions and signature, of one deal: as a dict
    (``before`` the actions and ``after`` them, in the document's order) and as JSON text
    (``text_before``, ``text_after``; ``canonical_before`` and ``canonical_after`` the fields
    sorted before and after ``"actions"``)."""

    __slots__ = ("key", "before", "after", "text_before", "text_after", "canonical_before", "canonical_after")

    def __init__(self, key: tuple[Any, ...], before: dict[str, Any], after: dict[str, Any]) -> None:
        self.key, self.before, self.after = key, before, after
        self.text_before = _COMPACT(before)[:-1]  # ('{...' without its closing brace)
        self.text_after = _COMPACT(after)[1:-1] if after else ""
        entries = sorted([*before.items(), *after.items()])
        self.canonical_before = ",".join(f"{_COMPACT(k)}:{CANONICAL(v)}" for k, v in entries if k < "actions")
        self.canonical_after = ",".join(f"{_COMPACT(k)}:{CANONICAL(v)}" for k, v in entries if k > "actions")

    def body(self, actions: list[str]) -> dict[str, Any]:
        """The document's fields but its signature, as a new dict (of new lists)."""
        body: dict[str, Any] = json.loads(self.text_before + "}")
        body["actions"] = actions
        if self.after:
            body.update(json.loads("{" + self.text_after + "}"))
        return body

    def canonical(self, actions: list[str]) -> str:
        """The canonical form of the document with ``actions`` (what its signature covers)."""
        words = f'"actions":{CANONICAL(actions)}'
        return "{" + ",".join(part for part in (self.canonical_before, words, self.canonical_after) if part) + "}"

    def text(self, actions: list[str], signature: str) -> str:
        """The document's JSON text with ``actions`` and ``signature``."""
        after = f",{self.text_after}" if self.text_after else ""
        return f'{self.text_before},"actions":{_COMPACT(actions)}{after},"signature":"{signature}"}}'


#: The parts of the documents of the sessions written lately, by their fields (a server saves a
#: session after each move of its deal); a server of many matches at once empties it now and then.
_PARTS: Final[dict[tuple[Any, ...], Parts]] = {}
_MOST_PARTS: Final = 1024


def parts(standing: Standing, secret: bytes, history: bytes, match_id: str, length: int | None, target: int | None) -> Parts:
    """The parts of the document of a session of these fields (worked out once per deal)."""
    key = (standing, secret, history, match_id, length, target)
    found = _PARTS.get(key)
    if found is not None:
        return found
    before: dict[str, Any] = {**checked.head("session"), **checked.to_fields(standing), "secret": secret.hex(), "history": history.hex()}
    after: dict[str, Any] = {
        **({} if match_id == derived_match_id(secret) else {"match": match_id}),
        **({} if length is None else {"length": length}),
        **({} if target is None else {"target": target}),
    }
    made = Parts(key, before, after)
    if len(_PARTS) >= _MOST_PARTS:
        _PARTS.clear()
    _PARTS[key] = made
    return made


def state_actions(state: GameState) -> list[str]:
    """The notation of the actions of a session's deal in progress."""
    return action_words(record_of(state))


def signed_text(made: Parts, state: GameState, key: bytes) -> str:
    """A session's document as JSON text, signed under ``key``."""
    actions = state_actions(state)
    return made.text(actions, signature_of(made.canonical(actions), key))


def verified(data: object, key: bytes) -> dict[str, Any]:
    """A session's document (a plain dict of it) whose signature under ``key`` is checked, over
    the document as given, before any of its fields but ``format``, ``type`` and ``signature``
    is read."""
    plain = checked.plain_object(data, "document")
    if plain is None:
        raise checked.fail("document", f"expected an object, not {checked.kind(data)}")
    if "format" not in plain:
        raise checked.fail("document", "missing field 'format'")
    checked.version(plain["format"])
    if type(plain.get("type")) is not str or plain["type"] != "session":
        raise checked.fail("type", f"expected 'session', not {checked.name(plain.get('type'))}")
    given = plain.get("signature")
    if type(given) is not str or len(given) != 64:
        raise checked.fail("signature", "missing, or not a signature", Reason.BAD_SIGNATURE)
    body = {k: v for k, v in plain.items() if k != "signature"}
    if not hmac.compare_digest(given.encode("utf-8", "replace"), signature(body, key).encode()):
        raise checked.fail("signature", "not this document's signature under the server's key", Reason.BAD_SIGNATURE)
    return plain


#: The fields of a standing in a session's document (all it may give).
_STANDING_KEYS: Final = checked.document_fields(Standing)[1]
#: The standings of the session documents loaded lately, by their fields as given (a standing is
#: a value: every session of a deal has the same one).
_STANDINGS: Final[dict[tuple[Any, ...], Standing]] = {}


def read_standing(d: dict[str, Any]) -> Standing:
    """The standing of a session's document, read and checked (:class:`~strohmandeln.match.Standing`)."""
    key = _given(d)
    found = None if key is None else _STANDINGS.get(key)
    if found is not None:
        return found
    values = checked.read_fields(Standing, d, "")
    try:
        standing = Standing(**values)
    except StrohmandelnError as error:
        raise checked.fail("", error.message) from None
    if key is not None:
        if len(_STANDINGS) >= _MOST_PARTS:
            _STANDINGS.clear()
        _STANDINGS[key] = standing
    return standing


def _given(d: dict[str, Any]) -> tuple[Any, ...] | None:
    """The standing's fields of a document as they are given, types and all, or ``None`` where
    one is of another kind than a whole number, a text or a list of whole numbers (those are
    read every time)."""
    out: list[Any] = []
    for k in _STANDING_KEYS:
        if k not in d:
            out.append(k)
            continue
        v = d[k]
        kind = type(v)
        if kind is int or kind is str:
            out.append((k, kind, v))
        elif kind is list and all(type(x) is int for x in v):
            out.append((k, tuple(v)))
        else:
            return None
    return tuple(out)


def forget() -> None:
    """Empty what the sessions keep by value (their documents' parts, their deals' first states,
    their standings): for the benchmark's cold figures and the tests."""
    _PARTS.clear()
    _DEALT.clear()
    _STANDINGS.clear()
