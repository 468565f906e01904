"""Sphinx configuration for the strohmandeln documentation."""

from __future__ import annotations

import importlib.util
import sys
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
]

# No network at build time: keep intersphinx loaded but with no inventories.
intersphinx_mapping: dict[str, tuple[str, str | None]] = {}

autodoc_typehints = "description"
autodoc_member_order = "bysource"
nitpicky = False

templates_path: list[str] = []
exclude_patterns = ["_build", "_ext", "Thumbs.db", ".DS_Store"]

# -- HTML output -------------------------------------------------------------

html_theme = "furo" if importlib.util.find_spec("furo") is not None else "alabaster"
html_static_path = ["_static"]
html_title = "strohmandeln"
