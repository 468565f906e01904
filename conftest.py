"""Collection rules for the whole checkout (tests/conftest.py holds the suite's own).

The optional adapters import what their extras install (``strohmandeln.openspiel``: pyspiel;
``strohmandeln.pettingzoo``: pettingzoo; ``strohmandeln.gymnasium``: gymnasium): without it,
their modules' doctests (and the adapters' guide) are not collected, and their tests skip
themselves; so does the reference server's test without the extra ``server`` (websockets). The
report says so, at its start and at its end, with the command that runs them (README.md,
"Contributing").
"""

from __future__ import annotations

import importlib.util
import shutil
from typing import Any

#: Each adapter: its extra, the modules its tests need, and what is not run without them.
ADAPTERS = (
    ("openspiel", ("pyspiel", "numpy"), ("src/strohmandeln/openspiel.py", "src/strohmandeln/_openspiel_bots.py", "tests/test_openspiel.py")),
    ("pettingzoo", ("pettingzoo", "numpy"), ("src/strohmandeln/pettingzoo.py", "tests/test_pettingzoo.py")),
    ("gymnasium", ("gymnasium", "numpy"), ("src/strohmandeln/gymnasium.py", "tests/test_gymnasium.py")),
)
#: The adapters whose frameworks are missing here.
MISSING = [(extra, files) for extra, needs, files in ADAPTERS if not all(importlib.util.find_spec(n) for n in needs)]

# (the modules' doctests are not collected; the tests skip themselves)
collect_ignore_glob = [f for _, files in MISSING for f in files if f.startswith("src/")]
# The adapters' guide runs all three.
if MISSING:
    collect_ignore_glob.append("docs/guide_adapters.rst")


#: Whether the reference server's test can run (the extra ``server``: websockets); it skips itself
#: without it.
WEBSOCKETS = importlib.util.find_spec("websockets") is not None

#: Whether a Chromium is on the PATH for tests/test_browser_check.py (its names as
#: tools/browser_check.py looks for them).
CHROMIUM = any(shutil.which(name) for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"))


def _not_run() -> list[str]:
    lines = []
    if MISSING:
        extras = ",".join(extra for extra, _ in MISSING)
        files = ", ".join(f"{f} (doctests)" if f.startswith("src/") else f for _, group in MISSING for f in group)
        lines.append(
            f"not run without the extras {extras}: {files}, docs/guide_adapters.rst; "
            f'run them with: python -m pip install -e ".[test,{extras}]"'
        )
    if not WEBSOCKETS:
        lines.append(
            "not run without the extra server: tests/test_ws_server.py (the reference server, examples/ws_server.py); "
            'run it with: python -m pip install -e ".[test,server]"'
        )
    if not CHROMIUM:
        lines.append("not run without Chromium: the page renderings of tests/test_browser_check.py (Debian: apt-get install chromium)")
    return lines


def pytest_report_header() -> list[str]:
    return _not_run()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    lines = _not_run()
    if lines:
        terminalreporter.write_sep("-", "not tested here")
        for line in lines:
            terminalreporter.write_line(line)
