"""The schemas page's JSON Schemas, rendered from :mod:`strohmandeln.schemas` when the docs are built.

``.. json-schema:: NAME``
    The schema ``strohmandeln.schemas.schema(NAME)`` as a JSON block: objects and lists that fit
    on a line stay on one line, lists of plain values fill their lines. The page shows what the
    library publishes at build time, never a copy that could go stale; an unknown name fails the
    build. In HTML the block is folded (``<details>``): its summary line names the schema and its
    size, and a click opens it, so that the page reads as prose between eight schemas of up to
    a few hundred lines.
"""

from __future__ import annotations

import json
from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

#: The width the rendered JSON keeps to, in characters (what the docs' column shows of a code
#: block at 1366 px; a longer string still runs on, behind the page's "scroll sideways" hint).
WIDTH = 88


def _text(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def compact(value: object, column: int = 0, indent: int = 0) -> str:
    """``value`` as indented JSON whose short parts stay on one line (``column``: where it starts)."""
    one = _text(value)
    if column + len(one) <= WIDTH or not isinstance(value, (dict, list)) or not value:
        return one
    pad = " " * (indent + 2)
    close = " " * indent
    if isinstance(value, dict):
        rows = [f"{pad}{_text(k)}: {compact(v, indent + 4 + len(_text(k)), indent + 2)}" for k, v in value.items()]
        return "{\n" + ",\n".join(rows) + "\n" + close + "}"
    if all(not isinstance(v, (dict, list)) for v in value):  # (a list of plain values fills its lines)
        lines, line = [], ""
        for item in (_text(v) for v in value):
            if line and len(pad) + len(line) + len(item) + 2 > WIDTH:
                lines.append(line + ",")
                line = ""
            line = f"{line}, {item}" if line else item
        lines.append(line)
        return "[\n" + "\n".join(pad + row for row in lines) + "\n" + close + "]"
    return "[\n" + ",\n".join(pad + compact(v, indent + 2, indent + 2) for v in value) + "\n" + close + "]"


class JsonSchema(Directive):
    """``.. json-schema:: view``: the published schema of the view documents."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        from strohmandeln import schemas

        name = self.arguments[0]
        if name not in schemas.NAMES:
            raise ExtensionError(f"json-schema: no schema named {name!r}; the schemas are {', '.join(schemas.NAMES)}")
        text = compact(schemas.schema(name))
        assert json.loads(text) == schemas.schema(name)  # (the rendering is the schema, exactly)
        block = nodes.literal_block(text, text, language="json")
        lines = text.count("\n") + 1
        summary = f'The schema <code>"{name}"</code> ({lines} lines of JSON): click to open'
        return [
            nodes.raw("", f'<details class="json-schema"><summary>{summary}</summary>', format="html"),
            block,
            nodes.raw("", "</details>", format="html"),
        ]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("json-schema", JsonSchema)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
