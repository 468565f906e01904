"""The package's face: every public module is an attribute of ``strohmandeln`` (imported on first
use), except the adapters, which need their frameworks and are imported by name."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import strohmandeln as sm

ADAPTERS = {"openspiel", "pettingzoo", "gymnasium"}


def test_every_public_module_is_an_attribute_of_the_package() -> None:
    names = sorted(i.name for i in pkgutil.iter_modules(sm.__path__) if not i.name.startswith("_"))
    assert {"match", "players", "positions", "session"} <= set(names)
    expected = [n for n in names if n not in ADAPTERS]
    # (in a fresh interpreter: here, other tests have imported the modules already)
    code = (
        "import strohmandeln as sm, sys\n"
        f"names = {expected!r}\n"
        "missing = [n for n in names if getattr(sm, n, None) is not sys.modules.get('strohmandeln.' + n)]\n"
        "adapters = [n for n in " + repr(sorted(ADAPTERS)) + " if 'strohmandeln.' + n in sys.modules]\n"
        "print(missing, adapters)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[] []", out  # every module reachable; no adapter imported by the others
    assert set(expected) <= set(dir(sm))
