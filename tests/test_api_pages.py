"""The API reference has a page per public module (docs/_ext/api_pages.py, issue 33): a page
written by hand, a default page the docs build writes for a module that has none, or the page of
the module that documents its names."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from helpers import module_from_file

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


api = module_from_file(DOCS / "_ext" / "api_pages.py")


def test_every_public_module_has_a_page() -> None:
    modules = api.public_modules()
    assert modules[0] == "strohmandeln" and {"state", "svg", "cards"} <= set(modules)
    assert not [m for m in modules if m.startswith("_")]
    for module in modules:
        kind, path = api.page_of(DOCS, module)
        if kind == "page":
            name = "strohmandeln" if module == "strohmandeln" else f"strohmandeln.{module}"
            text = path.read_text(encoding="utf-8")
            assert f".. automodule:: {name}\n" in text, path
            assert text.startswith(f"{name} — "), path
        elif kind == "elsewhere":
            targets = [importlib.import_module(f"strohmandeln.{t}") for t in api.DOCUMENTED_ELSEWHERE[module]]
            for name in importlib.import_module(f"strohmandeln.{module}").__all__:
                assert any(name in target.__all__ for target in targets), (module, name)
        else:
            assert kind == "default" and path == DOCS / "api" / "auto" / f"{module}.rst"


def test_a_module_without_a_page_gets_a_default_one(tmp_path: Path) -> None:
    (tmp_path / "api").mkdir()
    (tmp_path / "api" / "cards.rst").write_text("strohmandeln.cards — by hand\n", encoding="utf-8")
    (tmp_path / "api" / "auto").mkdir()
    (tmp_path / "api" / "auto" / "cards.rst").write_text("stale\n", encoding="utf-8")
    (tmp_path / "api" / "auto" / "gone.rst").write_text("a module that is no more\n", encoding="utf-8")
    written = api.write_default_pages(tmp_path)
    expected = [m for m in api.public_modules() if m not in ("cards", *api.DOCUMENTED_ELSEWHERE)]
    assert written == sorted(expected)
    assert sorted(p.stem for p in (tmp_path / "api" / "auto").glob("*.rst")) == sorted(expected)
    page = (tmp_path / "api" / "auto" / "svg.rst").read_text(encoding="utf-8")
    assert page.startswith("strohmandeln.svg — Pictures of the table") and ".. automodule:: strohmandeln.svg\n   :members:\n" in page
    assert api.write_default_pages(tmp_path) == written  # again: the same pages, none removed


def test_the_summaries_are_plain_sentences() -> None:
    for module in api.public_modules():
        sentence = api.summary(module)
        assert sentence.endswith(".") and "`" not in sentence and ":class:" not in sentence, (module, sentence)
    assert api.summary("document_types") == "The documents as typing.TypedDict shapes, for code that types against them."
