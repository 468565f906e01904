"""Sphinx configuration for the strohmandeln documentation."""

from __future__ import annotations

import importlib.util
import sys
from typing import Any
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent

# Local Sphinx extensions live in docs/_ext; the library itself in src/ (so the
# docs also build from a checkout where the package is not installed).
sys.path.insert(0, str(DOCS / "_ext"))
sys.path.insert(0, str(ROOT / "src"))

# -- Project information -----------------------------------------------------

project = "strohmandeln"
author = "The strohmandeln developers"
copyright = "2026, The strohmandeln developers"
# (the one version number is the package's: strohmandeln.__version__, read by setuptools too)
release = next(
    line.split('"')[1] for line in (ROOT / "src" / "strohmandeln" / "__init__.py").read_text(encoding="utf-8").splitlines() if line.startswith("__version__")
)
version = ".".join(release.split(".")[:2])

# -- General configuration ---------------------------------------------------

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.intersphinx",
    # docs/_ext: the variant comparison generated from the presets, the :presets: role, and
    # links from strohmandeln.X to the documented strohmandeln.<module>.X.
    "variant_table",
    # docs/_ext: the architecture page's drawing of the floors and table of packed formats.
    "architecture",
    # docs/_ext: the rulings page's table, read from the rules reference.
    "rulings",
    # docs/_ext: pictures of deals (tables, packets, the phases) drawn by the library.
    "table_pictures",
    # docs/_ext: the tables of "Rules at a glance" (packs, card values, thresholds, each preset's
    # scoring), generated from the decks and the presets.
    "glance",
    # docs/_ext: the schemas page's JSON Schemas, rendered from strohmandeln.schemas.
    "json_schemas",
]

# No network at build time: keep intersphinx loaded but with no inventories.
intersphinx_mapping: dict[str, tuple[str, str | None]] = {}

autodoc_typehints = "description"
autodoc_member_order = "bysource"
# Built with -n in CI as well: every reference must resolve, but for these names outside the
# project (no intersphinx inventory is fetched: the build has no network; type hints write
# fractions.Fraction as plain Fraction). No name of the project is ignored: the private kernel
# (strohmandeln._core) is undocumented, so the pages name it as a literal, not a reference.
nitpick_ignore_regex = [
    (r"py:.*", r"(random|collections|attrs|gc|time|sys|tracemalloc|operator|fractions|enum|concurrent|typing|json|hashlib)(\..*)?"),
    (r"py:.*", r"(pyspiel|numpy|open_spiel|pettingzoo|gymnasium)(\..*)?"),
    (r"py:.*", r"Fraction"),
]

templates_path: list[str] = []
exclude_patterns = ["_build", "_ext", "Thumbs.db", ".DS_Store"]

# -- HTML output -------------------------------------------------------------

html_theme = "furo" if importlib.util.find_spec("furo") is not None else "alabaster"
html_static_path = ["_static"]
# (docs/_static: doctest sessions that wrap as a terminal does, the hint over a box that scrolls
# sideways, pictures scaled to the column; tools/browser_check.py checks the pages they make)
html_css_files = ["strohmandeln.css"]
html_js_files = ["strohmandeln.js"]
html_title = "strohmandeln"


# -- Docstrings --------------------------------------------------------------


_ATTRIBUTES = ("attribute", "property", "data")
_SAVED: dict[str, list[str]] = {}


def _save_attribute_docstring(app: Any, what: str, name: str, obj: object, options: Any, lines: list[str]) -> None:
    """Napoleon reads the first line of an attribute's or a property's docstring as
    "type: description" when it has a colon ("R10: the undertaker's opponent may double" became
    the type "R10"). The library's first lines are sentences, never types (the annotations give
    those): such a docstring is kept as written (this runs before Napoleon, the next after)."""
    if what in _ATTRIBUTES and lines and ":" in lines[0]:
        _SAVED[name] = list(lines)


def _restore_attribute_docstring(app: Any, what: str, name: str, obj: object, options: Any, lines: list[str]) -> None:
    saved = _SAVED.pop(name, None)
    if saved is not None:
        lines[:] = saved


def setup(app: Any) -> None:
    app.connect("autodoc-process-docstring", _save_attribute_docstring, priority=400)
    app.connect("autodoc-process-docstring", _restore_attribute_docstring, priority=600)
