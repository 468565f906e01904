"""JSON text read from an untrusted source: bounded, and (``strict``) refused where
:func:`json.loads` takes what JSON does not mean. The readers of the values it gives are
:mod:`._base.checked`'s."""

from __future__ import annotations

from typing import Any

from ..errors import Reason, SerializationError
from .args import count
from .checked import fail, kind, name


def parse_json(text: object, max_length: object, *, strict: bool = False) -> object:
    """JSON text of at most ``max_length`` characters, parsed: refused as ``too_large`` if longer
    or nested too deeply, as ``malformed_document`` if it is not JSON text (``max_length`` is the
    caller's own: an :class:`~strohmandeln.ArgumentTypeError` if it is not a whole number, an
    :class:`~strohmandeln.ArgumentValueError` if it is negative). ``strict`` refuses, besides,
    what :func:`json.loads` takes and JSON does not mean: ``NaN``, ``Infinity``, a number too
    large for a float, and a field given twice in one object (which ``json.loads`` would read as
    its last value)."""
    limit = count(max_length, "max_length")
    if type(text) is not str and type(text) is not bytes:
        if issubclass(type(text), str):
            text = str.__str__(text)
        elif issubclass(type(text), (bytes, bytearray)):
            text = b"" + text  # type: ignore[operator]  # (the plain bytes it holds)
        else:
            raise fail("document", f"expected JSON text, not {kind(text)}")
    if len(text) > limit:
        raise fail("document", f"longer than {limit:,} characters", Reason.TOO_LARGE)
    import json  # (on first use: ``import strohmandeln`` reads no JSON, and json costs it ~3 ms)

    try:
        if strict:
            return json.loads(text, object_pairs_hook=_once, parse_constant=_no_constant, parse_float=_finite)
        return json.loads(text)
    except SerializationError:
        raise
    except RecursionError:
        raise fail("document", "nested too deeply", Reason.TOO_LARGE) from None
    except ValueError as error:
        raise fail("document", f"not JSON: {str(error)[:80]}") from None


def _once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of strict JSON: each field at most once."""
    d = dict(pairs)
    if len(d) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise fail("document", f"the field {name(twice)} is given twice")
    return d


def _no_constant(constant: str) -> Any:
    """``NaN``, ``Infinity`` and ``-Infinity``: no JSON."""
    raise fail("document", f"not JSON: {constant} is no number of JSON")


def _finite(digits: str) -> float:
    """A number of JSON with a fraction or an exponent, as a float: refused if it is too large for one."""
    value = float(digits)
    if value - value != 0:  # (inf)
        raise fail("document", "a number too large", Reason.TOO_LARGE)
    return value
