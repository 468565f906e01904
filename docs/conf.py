"""Sphinx configuration for the strohmandeln documentation."""

from __future__ import annotations

import importlib.util
import re
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
    # docs/_ext: the API reference's page per public module (a default page for a new one).
    "api_pages",
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


#: A default autodoc would write unreadably, and how the reference writes it.
_DEFAULTS = ((re.compile(r"frozenset\(\{\}\)"), "frozenset()"), (re.compile(r"b'(?:\\x00)+'"), None))


def _readable_signature(
    app: Any, what: str, name: str, obj: object, options: Any, signature: str | None, return_annotation: str | None
) -> tuple[str | None, str | None] | None:
    """A signature as a reader writes it: ``frozenset()``, not ``frozenset({})``; ``bytes(32)``,
    not 32 escaped zero bytes. A method that overrides one of OpenSpiel's compiled classes and
    inherits its docstring would show the base's pybind signature (``current_player(self:
    pyspiel.State) -> int``): that is a warning (so the build fails), to be cured by a docstring
    of the method's own."""
    if not signature:
        return None
    if "self: pyspiel." in signature:
        from sphinx.util import logging  # (here: tests/test_release.py runs this file without Sphinx)

        logging.getLogger(__name__).warning(f"{name}: a pybind signature from OpenSpiel's base class: give the method a docstring of its own")
    for pattern, replacement in _DEFAULTS:
        signature = pattern.sub(lambda m: replacement or f"bytes({m.group(0).count(chr(92))})", signature)
    return signature, return_annotation


def _mark_rule_fields(app: Any, doctree: Any) -> None:
    """The five fields that end each rule of the rules reference (a field list that begins with
    ``Source``) get the class ``rule-fields``, which docs/_static/strohmandeln.css sets compactly,
    in small type beside their names, so that they do not read as long as the rule."""
    from docutils import nodes

    for fields in doctree.findall(nodes.field_list):
        first = next(iter(fields.findall(nodes.field_name)), None)
        if first is not None and first.astext() == "Source":
            fields["classes"].append("rule-fields")


def setup(app: Any) -> None:
    app.connect("doctree-read", _mark_rule_fields)
    app.connect("autodoc-process-docstring", _save_attribute_docstring, priority=400)
    app.connect("autodoc-process-docstring", _restore_attribute_docstring, priority=600)
    app.connect("autodoc-process-signature", _readable_signature)
