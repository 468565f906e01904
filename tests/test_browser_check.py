"""The browser check of the built docs (tools/browser_check.py, issue 33) finds each defect it
names, on made-up pages that have it, and none on pages that do the same things right.

The tests that render pages need Chromium (``apt-get install chromium``); without it they skip
and say so. The others run everywhere.
"""

from __future__ import annotations

import struct
import zlib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from helpers import module_from_file

ROOT = Path(__file__).resolve().parent.parent
check = module_from_file(ROOT / "tools" / "browser_check.py")
CHROMIUM = check.find_chromium()
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on the PATH (apt-get install chromium): pages are not rendered")

#: A page like the theme's: a column 600 px wide in a wider window, headings bleeding 8 px.
PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
body {{ margin: 0; font: 16px sans-serif; }}
article {{ display: block; width: 600px; margin: 0 auto; }}
h2 {{ margin: 0 -8px; padding: 0 8px; }}
.error-theme::before {{ content: "ERROR: a made-up theme's message"; }}
</style></head><body><article role="main">{body}</article></body></html>"""

DEFECTS = """
<h2>A heading (the theme's bleed is no defect)</h2>
<div id="spill" style="width: 900px">a box wider than the column</div>
<div id="cutter" style="overflow: hidden"><div style="width: 900px">cut at the column</div></div>
<div id="scroller" style="overflow-x: auto"><table style="width: 900px"><tr><td>a table that scrolls, no hint</td></tr></table></div>
<div style="overflow-x: auto"><svg width="900" height="40"><rect width="900" height="40"/></svg></div>
<p class="error-theme">a paragraph the theme marks</p>
<div class="system-message">a docutils error left in the page</div>
<img src="missing.png" alt="no such file">
<img src="junk.png" alt="not a picture">
<svg viewBox="0 0 100 20" width="100" height="20"><text x="0" y="15" font-size="8">tiny</text></svg>
"""

CLEAN = """
<h2>A heading</h2>
<div class="scroll-hint">scroll sideways</div>
<div style="overflow-x: auto"><table style="width: 900px"><tr><td>a wide table with its hint</td></tr></table></div>
<svg viewBox="0 0 900 60" style="width: 100%; height: auto"><text x="10" y="40" font-size="20">scaled to 600 px: 13 px</text></svg>
<svg viewBox="0 0 100 20" width="100" height="20"><text x="0" y="15" font-size="12">legible</text></svg>
<img src="ok.png" alt="a picture">
<pre style="white-space: pre-wrap">a long line of code that wraps instead of running out of the column, as a terminal wraps it</pre>
"""


def _png() -> bytes:
    """A 1 x 1 white PNG."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(b"\0\xff\xff\xff")) + chunk(b"IEND", b"")


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "defects.html").write_text(PAGE.format(body=DEFECTS), encoding="utf-8")
    (tmp_path / "clean.html").write_text(PAGE.format(body=CLEAN), encoding="utf-8")
    (tmp_path / "junk.png").write_bytes(b"this is no PNG")
    (tmp_path / "ok.png").write_bytes(_png())
    return tmp_path


def test_pages_of_a_build_are_its_pages_but_search_and_static_files(tmp_path: Path) -> None:
    for name in ("index.html", "search.html", "api/state.html", "_static/x.html", "_sources/y.html"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("<html></html>", encoding="utf-8")
    assert [p.relative_to(tmp_path).as_posix() for p in check.pages_of(tmp_path)] == ["api/state.html", "index.html"]
    assert check.pages_of(tmp_path, ["search.html"]) == [tmp_path / "search.html"]


def test_without_chromium_the_check_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert check.main([str(tmp_path), "--chromium", str(tmp_path / "no-such-chromium")]) == 2
    assert "no Chromium found" in capsys.readouterr().err


@needs_chromium
def test_each_defect_is_found(site: Path) -> None:
    defects = check.check(site, ["defects.html"], chromium=CHROMIUM)
    counts = Counter(d.kind for d in defects)
    assert counts == {"overflow": 1, "clipped": 2, "hidden-scroll": 1, "error-box": 2, "broken-image": 3, "small-text": 1}, defects
    where: dict[str, list[str]] = {d.kind: [] for d in defects}
    for d in defects:
        where[d.kind].append(d.where)
    assert "#spill" in where["overflow"][0] and "900 px wide" in next(d.what for d in defects if d.kind == "overflow")
    assert any("#cutter" in w for w in where["clipped"]) and any("svg" in w for w in where["clipped"])
    assert "#scroller" in where["hidden-scroll"][0]
    assert {d.what.split(" ")[0] for d in defects if d.kind == "error-box"} == {"the", "a"}
    broken = " ".join(d.what for d in defects if d.kind == "broken-image")
    assert "missing.png" in broken and "junk.png" in broken and "failed to load" in broken
    assert "8.0 px" in next(d.what for d in defects if d.kind == "small-text")


@needs_chromium
def test_a_page_that_does_it_right_passes(site: Path, tmp_path: Path) -> None:
    assert check.check(site, ["clean.html"], chromium=CHROMIUM) == []
    shots = tmp_path / "shots"
    assert check.main([str(site), "clean.html", "defects.html", "--screenshots", str(shots), "--json", str(tmp_path / "found.json")]) == 1
    assert (shots / "clean.png").stat().st_size > 1000 and (shots / "defects.png").exists()
    assert sorted(shots.glob("defects-*-*.png"))  # the screens that show the defects
    assert '"kind": "small-text"' in (tmp_path / "found.json").read_text(encoding="utf-8")
