"""The API reference, a page per public module: ``docs/api/<module>.rst``, and a default page for a
public module that has none yet.

Every module of the package whose name does not start with ``_`` is public. Its page is
``docs/api/<module>.rst`` (``docs/api/strohmandeln.rst`` for the package itself), written by hand
where the module's page says more than its docstrings (a list of members, a generated table);
a module that has no such page gets a default one when the docs are built —
``docs/api/auto/<module>.rst``, which is not kept in git: its title from the module's docstring and
every member it documents — so that a new module appears in the reference with no step to forget.
The modules of :data:`DOCUMENTED_ELSEWHERE` define names that another module's page documents
(the views' :class:`~strohmandeln.PlayerView` is defined in ``knowledge``): they have no page.

``.. api-modules::`` writes the table of the index page (``docs/api.rst``): every page, with the
first sentence of its module's docstring, and the (hidden) toctree of the pages. ``tests/test_api_pages.py`` checks the plan (this module
needs Sphinx only for the directive).
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import pkgutil
import re
from pathlib import Path
from typing import Any, Final

PACKAGE: Final = "strohmandeln"
#: Modules whose public names other modules' pages document: ``module -> those modules``.
DOCUMENTED_ELSEWHERE: Final[dict[str, tuple[str, ...]]] = {
    "knowledge": ("views",),
    "results": ("scoring",),
    "table": ("state", "views"),
}


def public_modules() -> list[str]:
    """The package and its public modules (``strohmandeln``, then ``actions``, ``analysis`` …)."""
    package = importlib.util.find_spec(PACKAGE)
    assert package is not None and package.submodule_search_locations is not None
    names = sorted(info.name for info in pkgutil.iter_modules(package.submodule_search_locations) if not info.name.startswith("_"))
    return [PACKAGE, *names]


def page_of(docs: Path, module: str) -> tuple[str, Path | None]:
    """Where the reference documents ``module``: ``("page", its file)``, ``("default", the
    file to write)`` or ``("elsewhere", None)``."""
    if module in DOCUMENTED_ELSEWHERE:
        return "elsewhere", None
    written = docs / "api" / f"{module}.rst"
    if written.is_file():
        return "page", written
    return "default", docs / "api" / "auto" / f"{module}.rst"


def _docstring(module: str) -> str:
    """The docstring of a module, read from its source (not imported: an adapter's module imports
    its framework, which an extra installs)."""
    package = importlib.util.find_spec(PACKAGE)
    assert package is not None and package.submodule_search_locations is not None
    folder = Path(next(iter(package.submodule_search_locations)))
    source = folder / ("__init__.py" if module == PACKAGE else f"{module}.py")
    return ast.get_docstring(ast.parse(source.read_text(encoding="utf-8"))) or ""


def summary(module: str) -> str:
    """The first sentence of the module's docstring (its first paragraph, up to a full stop)."""
    doc = _docstring(module)
    paragraph = " ".join(doc.strip().split("\n\n")[0].split())
    sentence = re.split(r"(?<=\.)\s", paragraph, maxsplit=1)[0]
    # (as plain text: a role's text, ``~``'s last name; a literal without its backquotes)
    sentence = re.sub(r":[\w:]+:`(~?)([^`<]*?)\s*(?:<[^>]*>)?`", lambda m: m.group(2).rsplit(".", 1)[-1] if m.group(1) else m.group(2), sentence)
    sentence = sentence.replace("``", "")
    return sentence if not sentence or sentence.endswith(".") else sentence + "."


def default_page(module: str) -> str:
    """The page of a module that has none written by hand."""
    name = f"{PACKAGE}.{module}"
    title = f"{name} — {summary(module).rstrip('.')}"
    return f"{title}\n{'=' * len(title)}\n\n.. automodule:: {name}\n   :members:\n"


def write_default_pages(docs: Path) -> list[str]:
    """Write the default page of every public module that needs one (and remove the default
    pages of modules that have a page of their own, or are gone): the modules written."""
    auto = docs / "api" / "auto"
    wanted: dict[Path, str] = {}
    for module in public_modules():
        kind, path = page_of(docs, module)
        if kind == "default" and path is not None:
            wanted[path] = default_page(module)
    auto.mkdir(parents=True, exist_ok=True)
    for stale in auto.glob("*.rst"):
        if stale not in wanted:
            stale.unlink()
    for path, text in wanted.items():
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    return sorted(path.stem for path in wanted)


def setup(app: Any) -> dict[str, Any]:
    from docutils import nodes
    from sphinx.util import logging
    from sphinx.util.docutils import SphinxDirective

    logger = logging.getLogger(__name__)

    def builder_inited(app: Any) -> None:
        written = write_default_pages(Path(app.srcdir))
        if written:
            logger.info(f"api_pages: default pages for {', '.join(written)} (docs/api/auto)")

    class ApiModules(SphinxDirective):
        """``.. api-modules::`` — a table of every module's page and what the module holds."""

        def run(self) -> list[Any]:
            docs = Path(self.env.srcdir)
            table = nodes.table(classes=["api-modules"])
            group = nodes.tgroup(cols=2)
            table += group
            for width in (30, 70):
                group += nodes.colspec(colwidth=width)
            body = nodes.tbody()
            docnames = []
            for module in public_modules():
                kind, path = page_of(docs, module)
                if path is None:
                    continue
                docname = path.relative_to(docs).with_suffix("").as_posix()
                docnames.append(docname)
                name = PACKAGE if module == PACKAGE else f"{PACKAGE}.{module}"
                ref = nodes.paragraph()
                ref += self._xref(docname, name)
                row = nodes.row()
                row += nodes.entry("", ref)
                row += nodes.entry("", nodes.paragraph("", summary(module)))
                body += row
            group += body
            # (and the pages in the table's order as the index's toctree, hidden: the sidebar
            # lists them under the index)
            from docutils.statemachine import StringList

            entries = [f"   /{docname}" for docname in docnames]
            toctree = nodes.container()
            self.state.nested_parse(StringList([".. toctree::", "   :hidden:", "", *entries]), self.content_offset, toctree)
            return [table, *toctree.children]

        def _xref(self, docname: str, text: str) -> Any:
            from sphinx import addnodes

            return addnodes.pending_xref(
                "", nodes.literal(text, text), refdomain="std", reftype="doc", reftarget=f"/{docname}",
                refexplicit=True, refwarn=True, refdoc=self.env.docname,
            )  # fmt: skip

    app.connect("builder-inited", builder_inited)
    app.add_directive("api-modules", ApiModules)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
