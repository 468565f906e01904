"""Setuptools' entry for the one thing pyproject.toml cannot say: the compiled build.

With ``STROHMANDELN_COMPILE=1``, the modules of the kernel (``src/strohmandeln/_core``) are
compiled with mypyc into extension modules beside their sources, and the wheel is for this
interpreter and platform; without it, the package is pure Python (``py3-none-any``). See the
performance page of the documentation.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent


#: The kernel's modules that stay interpreted: they read untrusted documents, which is not where
#: the time goes, and the value types subclass their field kinds.
INTERPRETED = frozenset({"__init__.py", "checked.py", "documents.py"})


def kernel_modules() -> list[str]:
    """The source files mypyc compiles: every module of the kernel but those above."""
    kernel = ROOT / "src" / "strohmandeln" / "_core"
    return sorted(str(p.relative_to(ROOT)) for p in kernel.rglob("*.py") if p.name not in INTERPRETED)


compiling = os.environ.get("STROHMANDELN_COMPILE", "") not in ("", "0")
if compiling and not os.environ.get("STROHMANDELN_NOT_COMPILING_NOW"):
    from mypyc.build import mypycify

    # (one shared library of the kernel, named for the package: strohmandeln__mypyc.*.so)
    setup(ext_modules=mypycify(kernel_modules(), opt_level="3", group_name="strohmandeln"))
else:
    setup()
