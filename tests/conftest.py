"""Shared pytest configuration for the strohmandeln test suite.

Hypothesis profiles:

* ``ci`` (the default): no deadline and a moderate number of examples, so the whole suite runs
  in well under a minute;
* ``thorough``: many more examples, for a long local run
  (``HYPOTHESIS_PROFILE=thorough python -m pytest tests``).

The profile is chosen with the ``HYPOTHESIS_PROFILE`` environment variable.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    deadline=None,
    max_examples=25,
    suppress_health_check=(HealthCheck.too_slow,),
    print_blob=True,
)
settings.register_profile(
    "thorough",
    deadline=None,
    max_examples=500,
    suppress_health_check=(HealthCheck.too_slow,),
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


# --------------------------------------------------------------------------------------------
# Which build of the library the suite tests

#: ``compiled`` or ``pure``: the build the suite must import (CI sets it for each of its runs, so
#: that a compiled wheel that silently fell back to the pure modules fails the run).
EXPECTED_BUILD = os.environ.get("STROHMANDELN_EXPECT_BUILD", "")


def _build() -> str:
    import strohmandeln

    return "compiled" if strohmandeln.COMPILED else "pure"


def pytest_report_header() -> str:
    import strohmandeln

    return f"strohmandeln {strohmandeln.__version__}: the {_build()} build, from {os.path.dirname(strohmandeln.__file__)}"


def pytest_configure() -> None:
    if EXPECTED_BUILD not in ("", "compiled", "pure"):
        raise pytest.UsageError(f"STROHMANDELN_EXPECT_BUILD is {EXPECTED_BUILD!r}: say compiled or pure")
    if EXPECTED_BUILD and _build() != EXPECTED_BUILD:
        raise pytest.UsageError(f"the suite was to test the {EXPECTED_BUILD} build, but imports the {_build()} one")
