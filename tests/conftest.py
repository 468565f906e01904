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
