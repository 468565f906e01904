"""Setuptools' entry for the one thing pyproject.toml cannot say: the compiled build.

With ``STROHMANDELN_COMPILE=1``, the modules of the kernel (``src/strohmandeln/_core``) and of the
base below it (``src/strohmandeln/_base``) are compiled with mypyc into extension modules beside
their sources, and the wheel is for this interpreter and platform; without it, the package is pure
Python (``py3-none-any``). See the performance page of the documentation.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "src" / "strohmandeln"

#: The packages compiled together (one group, so that compiled code reads the other modules'
#: ``Final`` constants and calls their functions natively).
COMPILED = ("_base", "_core")
#: The modules of those packages that stay interpreted (paths below ``src/strohmandeln``, and every
#: package's ``__init__.py``): they read untrusted documents and JSON text, which is not where the time goes, the
#: value types subclass the field kinds of ``_base/checked.py`` (as ``_base/ids.py``'s does), and ``_core/declared.py`` generates
#: the documents' writers from its declarations when it is imported.
INTERPRETED = frozenset({"_base/checked.py", "_base/ids.py", "_base/jsontext.py", "_core/declared.py", "_core/documents.py"})


def kernel_modules() -> list[str]:
    """The source files mypyc compiles: every module of the kernel and the base but those above."""
    return sorted(
        str(p.relative_to(ROOT))
        for package in COMPILED
        for p in (PACKAGE / package).rglob("*.py")
        if p.name != "__init__.py" and p.relative_to(PACKAGE).as_posix() not in INTERPRETED
    )


compiling = os.environ.get("STROHMANDELN_COMPILE", "") not in ("", "0")
if compiling and not os.environ.get("STROHMANDELN_NOT_COMPILING_NOW"):
    from mypyc.build import mypycify

    # (one shared library of the kernel and the base, named for the package: strohmandeln__mypyc.*.so)
    setup(ext_modules=mypycify(kernel_modules(), opt_level="3", group_name="strohmandeln"))
else:
    setup()
