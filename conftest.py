"""Collection rules for the whole checkout (tests/conftest.py holds the suite's own).

The optional adapters import what their extras install (``strohmandeln.openspiel``: pyspiel;
``strohmandeln.pettingzoo``: pettingzoo; ``strohmandeln.gymnasium``: gymnasium); without it,
their modules' doctests (and the adapters' guide) are not collected, and their tests skip
themselves.
"""

from __future__ import annotations

import importlib.util

_ADAPTERS = (("openspiel", "pyspiel"), ("_openspiel_bots", "pyspiel"), ("pettingzoo", "pettingzoo"), ("gymnasium", "gymnasium"))
collect_ignore_glob = [f"src/strohmandeln/{module}.py" for module, needs in _ADAPTERS if not importlib.util.find_spec(needs)]
# The adapters' guide runs all three.
if not all(importlib.util.find_spec(needs) for _, needs in _ADAPTERS):
    collect_ignore_glob.append("docs/guide_adapters.rst")
