"""The architecture page's pictures and tables, drawn from the code when the docs are built.

``.. layers-drawing::``
    An SVG of the package's modules, floor by floor: a module stands one floor above the highest
    module it imports (imports inside functions and under ``TYPE_CHECKING`` count too). The kernel
    (``strohmandeln._core``) and the base below it (``strohmandeln._base``) are shaded. The page
    cannot drift from the imports: an import loop fails the build.

``.. packed-formats::``
    A table of every packed format the kernel declares (each :class:`Layout` of
    ``strohmandeln._core.formats``): its fields, their bits and widths.
"""

from __future__ import annotations

import ast
import html
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "strohmandeln"


def _module(path: Path) -> str:
    rel = path.relative_to(PACKAGE).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph() -> dict[str, set[str]]:
    """Each module of the package (``""`` for the package itself, left out) and the modules of
    the package it imports, wherever the import stands."""
    paths = {_module(p): p for p in PACKAGE.rglob("*.py")}
    modules = set(paths)
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        is_package = path.name == "__init__.py"
        base = name.split(".") if name else []
        if not is_package:
            base = base[:-1]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    anchor = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                    stem = ".".join(anchor + ([node.module] if node.module else []))
                elif node.module and node.module.startswith("strohmandeln"):
                    stem = node.module[len("strohmandeln") :].lstrip(".")
                else:
                    continue
                for alias in node.names:
                    full = f"{stem}.{alias.name}" if stem else alias.name
                    targets.append(full if full in modules else stem)
            elif isinstance(node, ast.Import):
                targets = [a.name[len("strohmandeln.") :] for a in node.names if a.name.startswith("strohmandeln.")]
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    found.add(target)
        graph[name] = found
    graph.pop("", None)
    for deps in graph.values():
        deps.discard("")
    return graph


def floors(graph: dict[str, set[str]]) -> dict[str, int]:
    """Each module's floor: 1 + the highest floor of what it imports (1 for none)."""
    out: dict[str, int] = {}

    def floor(name: str, path: tuple[str, ...]) -> int:
        if name in out:
            return out[name]
        if name in path:
            raise ExtensionError("import loop: " + " -> ".join((*path[path.index(name) :], name)))
        value = 1 + max((floor(dep, (*path, name)) for dep in graph[name]), default=0)
        out[name] = value
        return value

    for name in graph:
        floor(name, ())
    return out


#: The widest the drawing may be: the docs' column (a floor with more modules takes more lines).
MAX_WIDTH = 720


def layers_svg() -> str:
    """The drawing: one band per floor, the top floor first; a floor's modules run on in lines no
    wider than :data:`MAX_WIDTH`."""
    graph = import_graph()
    level = floors(graph)
    rows: dict[int, list[str]] = {}
    for name, value in level.items():
        rows.setdefault(value, []).append(name)
    box_h, gap, pad, char, left = 26, 14, 10, 7.4, 88
    boxes: list[tuple[float, int, str, str]] = []  # (x, y, name, the floor's label or "")
    y = gap
    for value in sorted(rows, reverse=True):
        x, label = float(left), f"floor {value}"
        for name in sorted(rows[value]):
            w = len(name) * char + 2 * pad
            if x > left and x + w > MAX_WIDTH:
                x, y = float(left), y + box_h + gap // 2
            boxes.append((x, y, name, label))
            label = ""
            x += w + gap
        y += box_h + gap
    width = int(max(x + len(name) * char + 2 * pad for x, _, name, _ in boxes)) + 8
    height = y
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        'role="img" aria-label="The modules of strohmandeln, floor by floor" font-family="monospace" font-size="12">'
    ]
    for x, y, name, label in boxes:
        if label:
            parts.append(f'<text x="8" y="{y + 17}" fill="#777">{label}</text>')
        w = len(name) * char + 2 * pad
        if name.startswith("_core"):
            fill, stroke = "#e8eef7", "#4a6fa5"
        elif name.startswith("_base"):
            fill, stroke = "#e9f5e9", "#4f8a4f"
        else:
            fill, stroke = "#fdf6e3", "#b58900"
        parts.append(f'<rect x="{x:.0f}" y="{y}" width="{w:.0f}" height="{box_h}" rx="4" fill="{fill}" stroke="{stroke}"/>')
        parts.append(f'<text x="{x + pad:.0f}" y="{y + 17}" fill="#222">{html.escape(name)}</text>')
    parts.append("</svg>")
    return "".join(parts)


class LayersDrawing(Directive):
    """``.. layers-drawing::``: the SVG (HTML builders) or its rows as text (others)."""

    has_content = False

    def run(self) -> list[Any]:
        graph = import_graph()
        level = floors(graph)
        text = "\n".join(
            f"floor {v:2}: " + ", ".join(sorted(n for n, f in level.items() if f == v)) for v in sorted(set(level.values()), reverse=True)
        )
        drawing = f'<div class="architecture-floors">{layers_svg()}</div>'
        return [nodes.raw("", drawing, format="html"), nodes.raw("", text, format="latex"), nodes.raw("", text, format="text")]


class PackedFormats(Directive):
    """``.. packed-formats::``: a table of every :class:`Layout` of the kernel."""

    has_content = False

    def run(self) -> list[Any]:
        from strohmandeln._core import formats

        layouts = [v for v in vars(formats).values() if isinstance(v, formats.Layout)]
        table, body = _table((14, 60, 12), ("format", "fields, from bit 0 up (bits)", "bits in all"))
        for layout in layouts:
            fields = []
            total = 0
            for field, width in layout.fields:
                start = layout.shift(field)
                if width is None:
                    fields.append(f"{field} ({start}…)")
                else:
                    end = start + width - 1
                    fields.append(f"{field} ({start}–{end})" if width > 1 else f"{field} ({start})")
                    total = end + 1
            open_ended = layout.fields[-1][1] is None
            body += self._row(layout.name, ", ".join(fields), f"{total}+" if open_ended else str(total))
        return [table]

    @staticmethod
    def _row(*cells: str) -> nodes.row:
        row = nodes.row()
        for cell in cells:
            entry = nodes.entry()
            entry += nodes.paragraph(text=cell)
            row += entry
        return row


class ObservationLayout(Directive):
    """``.. observation-layout::``: the fields of :func:`strohmandeln.encoding.observation`'s
    vector, generated from :data:`strohmandeln.encoding.OBSERVATION_LAYOUT`."""

    has_content = False

    def run(self) -> list[Any]:
        from strohmandeln.encoding import OBSERVATION_LAYOUT

        table, body = _table((16, 12, 60), ("field", "entries", "meaning"))
        start = 0
        for name, size, meaning in OBSERVATION_LAYOUT:
            entries = f"{start}–{start + size - 1}" if size > 1 else str(start)
            body += PackedFormats._row(name, entries, meaning)
            start += size
        return [table]


def _table(widths: tuple[int, ...], header: tuple[str, ...]) -> tuple[Any, Any]:
    """A table of the columns ``widths`` with the header row ``header``, and its body to fill."""
    table = nodes.table()
    group = nodes.tgroup(cols=len(widths))
    table += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    head += PackedFormats._row(*header)
    body = nodes.tbody()
    group += body
    return table, body


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("layers-drawing", LayersDrawing)
    app.add_directive("packed-formats", PackedFormats)
    app.add_directive("observation-layout", ObservationLayout)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
