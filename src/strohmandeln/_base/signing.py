"""Signing and deriving for session documents (:mod:`strohmandeln.session`): the server's keys,
the seeds of a session's deals, its match id, the marks of its moves, and the canonical form of
a received document that its signature covers (frozen with format 1).

Only the standard library's ``hashlib`` and ``hmac``: every value here is a server's own, bytes
of 16 to 64 (a key, a dealing secret) or a document that the caller has parsed.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any, Final

from ..errors import ArgumentValueError, Reason
from . import args, checked

#: The sizes of a dealing secret and a signing key, in bytes.
SECRET_SIZES: Final[tuple[int, int]] = checked.SECRET_SIZES
#: The label of the derivation of the HMAC's key from a signing key.
_KEY_LABEL: Final = b"strohmandeln session signing key\0"
#: The label of the derivation of a match id from a dealing secret.
_MATCH_LABEL: Final = b"strohmandeln match id\0"
#: The label of the digest of a session's mark.
_MARK_LABEL: Final = b"strohmandeln session mark\0"
#: The deepest nesting and the most values the canonical form of a received document walks.
_MAX_DEPTH: Final = 32
_MAX_VALUES: Final = 100_000
#: The longest list of a body that the canonical form writes without walking it first.
_MAX_ITEMS: Final = 1_000


def secret_bytes(value: object, what: str) -> bytes:
    """A dealing secret or a signing key: ``bytes`` of 16 to 64 (a server's own value, not a
    player's)."""
    if type(value) is not bytes:
        raise args.wrong_type(f"the {what}", "bytes", value)
    low, high = SECRET_SIZES
    if not low <= len(value) <= high:
        raise ArgumentValueError(Reason.BAD_VALUE, f"the {what} must be {low} to {high} bytes long, not {len(value)}")
    return value


def deal_seed(secret: bytes, number: int) -> int:
    """The seed of the shuffle of deal ``number`` (from 0) of a session: a keyed BLAKE2b of the
    deal's number under the dealing secret, so that no deal tells anything of another."""
    digest = hashlib.blake2b(number.to_bytes(8, "big"), key=secret, digest_size=32).digest()
    return int.from_bytes(digest, "big")


def signature(body: dict[str, Any], key: bytes, *, written: bool = False) -> str:
    """The HMAC-SHA256 of a session document's canonical form (without its signature) under the
    key derived from ``key``; ``written`` for a body this module wrote (of plain JSON values)."""
    return signature_of(CANONICAL(body) if written else _canonical(body), key)


def signature_of(canonical: str, key: bytes) -> str:
    """The HMAC-SHA256 of a canonical form (:data:`CANONICAL`'s text) under the key derived from
    ``key`` (a SHA-256 of a label and the key, worked out once per key: a server signs with few)."""
    signing = _SIGNING.get(key)
    if signing is None:
        if len(_SIGNING) >= 64:
            _SIGNING.clear()
        signing = _SIGNING[key] = hashlib.sha256(_KEY_LABEL + key).digest()
    return hmac.digest(signing, canonical.encode("ascii"), "sha256").hex()


#: The HMAC keys derived from the signing keys used lately, by signing key.
_SIGNING: Final[dict[bytes, bytes]] = {}

#: The canonical form of format 1: JSON with sorted keys, no white space, ASCII escapes.
CANONICAL: Final = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode


def _canonical(body: dict[str, Any]) -> str:
    """The canonical form of a received document's body, of plain JSON values only: it is read
    without calling its values' methods (nested deeper than 32 or holding more than 100,000
    values it is ``too_large``, holding anything but JSON values ``malformed_document``)."""
    if _shallow(body):
        return CANONICAL(body)  # (plain values only, nested once at most: as _plain would give them)
    return CANONICAL(_plain(body, 0, [_MAX_VALUES]))


def _shallow(body: dict[str, Any]) -> bool:
    """Whether every value of ``body`` is a JSON value of a plain type that :func:`_plain` gives
    as it is, or a short list of such values."""
    for v in body.values():
        kind = type(v)
        if kind is list:
            if len(v) > _MAX_ITEMS:
                return False
            for x in v:
                inner = type(x)
                if not (inner is str or inner is int and x.bit_length() <= 256 or x is None or inner is bool or inner is float):
                    return False
        elif not (kind is str or kind is int and v.bit_length() <= 256 or v is None or kind is bool or kind is float):
            return False
    return True


def _plain(x: object, depth: int, budget: list[int]) -> Any:
    """``x`` of plain JSON types: a container of a subclass copied by the storage of its base
    type, a whole number of a subclass as an ``int``."""
    kind = type(x)
    if kind is str or x is None or kind is bool or kind is float:
        return x
    if kind is int or issubclass(kind, int):
        number = int.__int__(x)  # type: ignore[arg-type]
        if number.bit_length() > 256:  # (no field of a session holds so large a number)
            raise checked.fail("document", "a number too large for a session", Reason.TOO_LARGE)
        return number
    if issubclass(kind, str):
        return str.__str__(x)
    if issubclass(kind, float):
        return float.__float__(x)  # type: ignore[arg-type]
    if depth >= _MAX_DEPTH:
        raise checked.fail("document", "nested too deeply to be a session", Reason.TOO_LARGE)
    items = checked.plain_list(x)
    if items is not None:
        budget[0] -= len(items)
        if budget[0] < 0:
            raise checked.fail("document", "too many values to be a session", Reason.TOO_LARGE)
        return [item if type(item) is str else _plain(item, depth + 1, budget) for item in items]
    mapping = checked.plain_object(x, "document")  # (a field name that is no text: refused there)
    if mapping is None:
        raise checked.fail("document", f"expected JSON values, not {checked.kind(x)}")
    budget[0] -= len(mapping)
    if budget[0] < 0:
        raise checked.fail("document", "too many values to be a session", Reason.TOO_LARGE)
    return {k: v if type(v) is str else _plain(v, depth + 1, budget) for k, v in mapping.items()}


def derived_match_id(secret: bytes) -> str:
    """The match id of a session whose server chose none: ``m-`` and 20 hexadecimal digits of a
    keyed BLAKE2b under its dealing secret (so distinct matches have distinct ids, and the id
    tells nothing of the deals)."""
    return "m-" + hashlib.blake2b(_MATCH_LABEL, key=secret, digest_size=10).hexdigest()


def mark_digest(secret: bytes, match_id: str, move_number: int, history: bytes, actions: list[str]) -> str:
    """The digest of a session's mark: a keyed BLAKE2b, under the dealing secret, of the match
    id, the move number, the history of the recorded deals and the actions of the deal in
    progress (32 hexadecimal digits). Two sessions of one match at one move number have the same
    digest only if they recorded the same deals and took the same actions since."""
    text = "\n".join((match_id, str(move_number), history.hex(), *actions))
    return hashlib.blake2b(_MARK_LABEL + text.encode("utf-8"), key=secret, digest_size=16).hexdigest()
