"""What the compiler's markers are when no compiler ran.

The kernel marks a class for mypyc with ``mypy_extensions.mypyc_attr``. A compiled module never
calls the marker (mypyc reads it when it compiles), but its import still runs; where
``mypy_extensions`` is not installed, the kernel imports this no-op stand-in instead, so neither
build needs ``mypy_extensions`` at run time.
"""

from __future__ import annotations

from typing import TypeVar

_T = TypeVar("_T")


def _unchanged(cls: _T) -> _T:
    return cls


def mypyc_attr(*flags: str, **settings: object) -> object:
    """The no-op stand-in for ``mypy_extensions.mypyc_attr``: a decorator that returns its class."""
    return _unchanged
