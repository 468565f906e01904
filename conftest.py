"""Collection rules for the whole checkout (tests/conftest.py holds the suite's own).

The optional adapters import what their extras install (``strohmandeln.openspiel``: pyspiel;
``strohmandeln.pettingzoo``: pettingzoo; ``strohmandeln.gymnasium``: gymnasium); without it,
their modules' doctests are not collected, and their tests skip themselves.
"""

from __future__ import annotations

import importlib.util

collect_ignore_glob = [
    f"src/strohmandeln/{module}.py" for module, needs in (("openspiel", "pyspiel"), ("pettingzoo", "pettingzoo"), ("gymnasium", "gymnasium")) if not importlib.util.find_spec(needs)
]
