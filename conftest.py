"""Collection rules for the whole checkout (tests/conftest.py holds the suite's own).

The optional adapters import what their extras install (``strohmandeln.openspiel``: pyspiel);
without it, their modules' doctests are not collected, and their tests skip themselves.
"""

from __future__ import annotations

import importlib.util

collect_ignore_glob = [] if importlib.util.find_spec("pyspiel") else ["src/strohmandeln/openspiel.py"]
