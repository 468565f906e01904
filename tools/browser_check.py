"""Render every page of the built HTML documentation in headless Chromium and fail on what a
reader would see wrong (``nox -s browser_check``; ``.ci/run`` runs it after the docs build)::

    sphinx-build -n -W --keep-going -b html docs /tmp/html
    python tools/browser_check.py /tmp/html                       # every page at 1366 px
    python tools/browser_check.py /tmp/html --screenshots /tmp/shots rules.html variants.html

``sphinx-build -W`` sees the reStructuredText, not the page: a table wider than the column, a
picture cut at the column's edge or a theme's error box pass it. This script loads each page in
Chromium (found on the PATH as ``chromium``, ``chromium-browser`` or ``google-chrome``, or
``--chromium``), driven over the DevTools protocol on a pipe (``--remote-debugging-pipe``:
nothing but the standard library), at a window of 1366 x 900 px, and reports, per page:

``overflow``
    an element that reaches beyond the page's column (the theme's ``article``, or the body; by
    more than :data:`BLEED_PX`) and is not inside a container that scrolls or clips it: it
    spills into the margin or the sidebar. Only the outermost element of a nest is reported.
``clipped``
    an element cut at the edge of a container that hides what overflows (``overflow: hidden``):
    part of it cannot be seen at all; or a picture (``<svg>``, ``<img>``) wider than its column
    in a container that scrolls.
``hidden-scroll``
    an element wider than a container that scrolls sideways, where the container carries no
    visible hint (a rendered element of class ``scroll-hint``: the container's first child, or
    the previous sibling of the container or of an ancestor (up to three) that it opens). A scroll bar is no hint: a reader does not look for one below a table that
    seems to end at the column's edge, and a tall table's bar is screens below its top.
    (A picture in such a container is ``clipped``: pictures scale to their column.)
``error-box``
    a message the build or the theme puts into the page: a docutils ``system-message`` or
    ``problematic`` element, or generated content (``::before``/``::after``) starting
    ``ERROR`` or ``WARNING`` (Furo's box over a ``.. contents::`` directive).
``broken-image``
    an ``<img>`` that did not load or decode, or a picture, style sheet, script or font the page
    asks for that is missing (a failed request).
``small-text``
    a label of an inline SVG drawn smaller than 11 px at this width (the picture scaled down to
    its column): reported once per picture, with the smallest size.

The exit status is 1 when any page has a defect (the list is printed, one line each, with a
description of the element), 2 when Chromium cannot be started. ``--screenshots DIR`` saves a
PNG of the top of every page and of the screens that show its defects (to look at: the check
measures boxes, not what a reader makes of them). ``--json FILE`` writes the findings.
"""

from __future__ import annotations

import argparse
import base64
import fcntl
import json
import os
import selectors
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Final

#: The defects the check reports (see the module docstring).
KINDS: Final = ("overflow", "clipped", "hidden-scroll", "error-box", "broken-image", "small-text")
#: The window: a laptop's width.
WIDTH: Final = 1366
HEIGHT: Final = 900
#: The smallest size of an SVG label a reader can read at the docs' width, in CSS pixels.
MIN_LABEL_PX: Final = 11.0
#: How far an element may reach past the column's edge: the theme's own (Furo draws headings 8 px
#: wider on each side, for the colour of a linked heading, and tables 6 px).
BLEED_PX: Final = 8
#: At most this many screenshots of defects per page.
SHOTS_PER_PAGE: Final = 12
#: Chromium's command names, tried in this order when ``--chromium`` is not given.
CHROMIUM_NAMES: Final = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
#: Chromium's options: headless, and no network of its own (this project's machines have no
#: network: without these Chromium tries to reach Google's hosts at every start).
CHROMIUM_FLAGS: Final = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--remote-debugging-pipe",
)
#: The pages of a Sphinx build that are not content (the search page fills itself by script).
SKIPPED_PAGES: Final = frozenset({"search.html"})
#: Seconds to wait for one page, and for one answer of Chromium.
PAGE_TIMEOUT: Final = 60.0

#: Run in each page once it has loaded (and its fonts are ready): the findings as a list of
#: ``[kind, what, where, x, y]`` (``x``, ``y``: the page coordinates of the element, for the
#: screenshot). The descriptions are bounded: they go into CI logs.
CHECK_JS: Final = r"""
(() => {
  const MIN_LABEL = %(min_label)s, BLEED = %(bleed)s;
  const found = [];
  const main = document.querySelector('article[role="main"]') || document.querySelector('[role="main"]') || document.body;
  const column = main.getBoundingClientRect();
  const style = (el) => getComputedStyle(el);
  const rendered = (el) => { const r = el.getBoundingClientRect(); const s = style(el); return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
  const scrolls = (el) => ['auto', 'scroll'].includes(style(el).overflowX);
  const clips = (el) => ['hidden', 'clip'].includes(style(el).overflowX);
  const describe = (el) => {
    const parts = [];
    for (let e = el; e && e !== main && parts.length < 4; e = e.parentElement) {
      let p = e.tagName.toLowerCase();
      if (e.id) p += '#' + e.id;
      else if (e.classList.length) p += '.' + [...e.classList].slice(0, 2).join('.');
      parts.unshift(p);
    }
    let section = el.closest('section[id]');
    const text = (el.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 60);
    return parts.join(' > ') + (section ? ' in #' + section.id : '') + (text ? ' "' + text + '"' : '');
  };
  const where = (el) => { const r = el.getBoundingClientRect(); return [Math.round(r.left + scrollX), Math.round(r.top + scrollY)]; };
  const add = (kind, el, what) => found.push([kind, what, describe(el), ...where(el)]);
  const hinted = (box) => {
    const candidates = [box.firstElementChild];
    for (let e = box, up = 0; e && up < 3; e = e.parentElement, up += 1) {
      candidates.push(e.previousElementSibling);
      if (!e.parentElement || e.parentElement.firstElementChild !== e) break;
    }
    return candidates.some((c) => c && c.classList.contains('scroll-hint') && rendered(c));
  };
  const px = (n) => Math.round(n) + ' px';

  // Boxes that scroll or clip sideways and hold more than they show.
  const boxes = [...main.querySelectorAll('*')].filter((el) => (scrolls(el) || clips(el)) && el.scrollWidth > el.clientWidth + 1 && rendered(el));
  for (const box of boxes) {
    if (boxes.some((other) => other !== box && other.contains(box))) continue;  // the outermost
    const b = box.getBoundingClientRect();
    const size = px(box.scrollWidth) + ' wide, ';
    const picture = [...box.querySelectorAll('svg, img')].find((p) => p.getBoundingClientRect().right > b.right + 1 && !(p.parentElement && p.parentElement.closest('svg')));
    if (picture) add('clipped', picture, 'a picture ' + px(picture.getBoundingClientRect().width) + ' wide, ' + (scrolls(box) ? 'scrolled' : 'cut') + ' in ' + px(box.clientWidth) + ' (a picture scales to its column)');
    else if (clips(box)) add('clipped', box, size + 'cut at ' + px(box.clientWidth));
    else if (!hinted(box)) {
      const bar = box.clientHeight > innerHeight ? '; its scroll bar is ' + px(box.clientHeight - innerHeight) + ' below the screen' : '';
      add('hidden-scroll', box, size + 'scrolled in ' + px(box.clientWidth) + ' with no hint' + bar);
    }
  }

  // Boxes beyond the column, outside those: only the outermost of each nest is reported.
  const reported = [];
  for (const el of main.querySelectorAll('*')) {
    if (reported.some((r) => r.contains(el)) || boxes.some((box) => box.contains(el) && box !== el)) continue;
    if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || style(el).visibility === 'hidden') continue;
    if (r.right <= column.right + BLEED && r.left >= column.left - BLEED) continue;
    add('overflow', el, px(r.width) + ' wide in a column of ' + px(column.width) + ', ' + px(Math.max(r.right - column.right, column.left - r.left)) + ' beyond its edge');
    reported.push(el);
  }

  // Messages of the build or the theme in the page.
  for (const el of document.querySelectorAll('.system-message, .problematic')) {
    if (rendered(el)) add('error-box', el, 'a docutils ' + el.className.split(' ')[0]);
  }
  for (const el of main.querySelectorAll('*')) {
    for (const pseudo of ['::before', '::after']) {
      const content = getComputedStyle(el, pseudo).content;
      if (content && /^["']?(ERROR|WARNING)/.test(content)) add('error-box', el, 'the theme says ' + content.slice(0, 90));
    }
  }

  // Pictures.
  for (const img of document.querySelectorAll('img')) {
    if (!img.complete || img.naturalWidth === 0) add('broken-image', img, 'the image ' + (img.getAttribute('src') || '(no src)') + ' did not load');
  }
  for (const svg of main.querySelectorAll('svg')) {
    if (svg.parentElement && svg.parentElement.closest('svg')) continue;
    let smallest = Infinity, count = 0;
    for (const t of svg.querySelectorAll('text')) {
      if (!rendered(t) || !(t.textContent || '').trim()) continue;
      const m = t.getScreenCTM();
      if (!m) continue;
      const size = parseFloat(style(t).fontSize) * Math.hypot(m.a, m.b);
      if (size < MIN_LABEL - 0.05) { count += 1; smallest = Math.min(smallest, size); }
    }
    if (count) add('small-text', svg, count + ' labels under ' + MIN_LABEL + ' px, the smallest ' + smallest.toFixed(1) + ' px (the picture drawn ' + px(svg.getBoundingClientRect().width) + ' wide)');
  }
  return found;
})()
""" % {"min_label": MIN_LABEL_PX, "bleed": BLEED_PX}


@dataclass(frozen=True)
class Defect:
    """One thing wrong on one page."""

    page: str
    kind: str
    what: str
    where: str
    x: int = 0
    y: int = 0

    def __str__(self) -> str:
        return f"{self.page}: {self.kind}: {self.what} — {self.where}"


class BrowserError(Exception):
    """Chromium could not be started, or stopped answering."""


def find_chromium(given: str | None = None) -> str | None:
    """The Chromium to run: ``given``, or the first of :data:`CHROMIUM_NAMES` on the PATH."""
    if given:
        return given if shutil.which(given) or Path(given).is_file() else None
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


class Browser:
    """Headless Chromium, spoken to over the DevTools protocol on a pair of pipes.

    Chromium reads commands from its descriptor 3 and writes answers and events to its descriptor
    4, each message JSON ended by a NUL byte. :meth:`call` sends one command and waits for its
    answer; the events that arrive meanwhile are kept for :meth:`wait_for` and :meth:`events`.
    """

    def __init__(self, executable: str, *, width: int = WIDTH, height: int = HEIGHT) -> None:
        self._profile = tempfile.mkdtemp(prefix="browser-check-")
        to_child_r, self._to_child = os.pipe()
        self._from_child, from_child_w = os.pipe()

        def descriptors() -> None:
            # (in the child, before Chromium starts: the pipes' ends on its descriptors 3 and 4;
            # os.pipe's descriptors are not inherited, these two are: close_fds=False below)
            # (copies above 4 first: either end may itself be 3 or 4, and os.dup2(3, 3) would keep
            # its close-on-exec flag)
            copies = [fcntl.fcntl(fd, fcntl.F_DUPFD, 5) for fd in (to_child_r, from_child_w)]
            for target, copy in zip((3, 4), copies):
                os.dup2(copy, target)
                os.close(copy)

        command = [executable, *CHROMIUM_FLAGS, f"--user-data-dir={self._profile}", f"--window-size={width},{height}", "about:blank"]
        try:
            self._process = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                preexec_fn=descriptors, close_fds=False,
            )  # fmt: skip
        except OSError as error:
            shutil.rmtree(self._profile, ignore_errors=True)
            raise BrowserError(f"cannot start {executable}: {error}") from error
        finally:
            os.close(to_child_r)
            os.close(from_child_w)
        self._buffer = b""
        self._next_id = 0
        self._events: list[dict[str, Any]] = []
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._from_child, selectors.EVENT_READ)
        self.width, self.height = width, height

    def close(self) -> None:
        try:
            self.call("Browser.close", timeout=5)
        except BrowserError:
            pass
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        self._selector.close()
        for fd in (self._to_child, self._from_child):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self._profile, ignore_errors=True)

    def _read_message(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not self._selector.select(timeout=left):
                raise BrowserError("Chromium did not answer in time")
            chunk = os.read(self._from_child, 1 << 16)
            if not chunk:
                raise BrowserError("Chromium closed its pipe (did it start? try running it by hand)")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        value: dict[str, Any] = json.loads(message)
        return value

    def call(self, method: str, params: dict[str, Any] | None = None, *, session: str | None = None, timeout: float = PAGE_TIMEOUT) -> dict[str, Any]:
        """Send a command (to the page ``session``, or to the browser) and return its result."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        try:
            os.write(self._to_child, json.dumps(message).encode() + b"\0")
        except OSError as error:
            raise BrowserError(f"Chromium is gone: {error}") from error
        deadline = time.monotonic() + timeout
        while True:
            answer = self._read_message(deadline)
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error'].get('message', answer['error'])}")
                result: dict[str, Any] = answer.get("result", {})
                return result
            if "method" in answer:
                self._events.append(answer)

    def wait_for(self, method: str, session: str, timeout: float = PAGE_TIMEOUT) -> dict[str, Any]:
        """Wait for the event ``method`` of the page ``session`` (it may have come already)."""
        deadline = time.monotonic() + timeout
        while True:
            for index, event in enumerate(self._events):
                if event["method"] == method and event.get("sessionId") == session:
                    del self._events[index]
                    return event
            message = self._read_message(deadline)
            if "method" in message:
                self._events.append(message)

    def events(self, method: str, session: str) -> list[dict[str, Any]]:
        """The events ``method`` of the page ``session`` received so far (taken from the queue)."""
        taken = [e for e in self._events if e["method"] == method and e.get("sessionId") == session]
        self._events = [e for e in self._events if not (e["method"] == method and e.get("sessionId") == session)]
        return taken

    @contextmanager
    def page(self) -> Iterator[str]:
        """A new tab at the browser's window size, for the length of the block: its session."""
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session: str = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        try:
            for domain in ("Page", "Network", "Runtime"):
                self.call(f"{domain}.enable", session=session)
            self.call(
                "Emulation.setDeviceMetricsOverride",
                {"width": self.width, "height": self.height, "deviceScaleFactor": 1, "mobile": False},
                session=session,
            )
            yield session
        finally:
            self.call("Target.closeTarget", {"targetId": target})
            self._events = [e for e in self._events if e.get("sessionId") != session]

    def evaluate(self, session: str, expression: str) -> Any:
        """The value of a JavaScript expression in the page (a promise is awaited)."""
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True}, session=session)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise BrowserError(f"the check's script failed: {details.get('exception', {}).get('description', details.get('text'))}")
        return result["result"].get("value")

    def screenshot(self, session: str, path: Path, *, y: int = 0) -> None:
        """A PNG of the window, scrolled to put the page's ``y`` at its top."""
        self.evaluate(session, f"window.scrollTo({{top: {y}, behavior: 'instant'}}); new Promise((done) => requestAnimationFrame(() => done(true)))")
        data = self.call("Page.captureScreenshot", {"format": "png"}, session=session)["data"]
        path.write_bytes(base64.b64decode(data))


def check_page(browser: Browser, page: Path, name: str, *, screenshots: Path | None = None) -> list[Defect]:
    """Load ``page`` and return what is wrong with it (``name`` is what the report calls it)."""
    with browser.page() as session:
        browser.call("Page.navigate", {"url": page.resolve().as_uri()}, session=session)
        browser.wait_for("Page.loadEventFired", session)
        browser.evaluate(session, "document.fonts.ready.then(() => true)")
        found = browser.evaluate(session, CHECK_JS)
        defects = [Defect(name, kind, what, where, x, y) for kind, what, where, x, y in found]
        urls = {e["params"]["requestId"]: e["params"]["request"]["url"] for e in browser.events("Network.requestWillBeSent", session)}
        for event in browser.events("Network.loadingFailed", session):
            params = event["params"]
            kind = {"Image": "an image", "Stylesheet": "a style sheet", "Script": "a script", "Font": "a font"}.get(params.get("type", ""))
            if kind is not None and not params.get("canceled"):
                url = urls.get(params.get("requestId"), "")
                shown = Path(url.removeprefix("file://")).name if url.startswith("file:") else url[:100]
                defects.append(Defect(name, "broken-image", f"{kind} failed to load ({params.get('errorText', '')})", shown))
        if screenshots is not None:
            stem = name.replace("/", "_").removesuffix(".html")
            browser.screenshot(session, screenshots / f"{stem}.png")
            # (one screenshot for the defects that one screen shows: the first of them names it)
            shown = -browser.height
            for number, defect in sorted(enumerate(defects[:SHOTS_PER_PAGE], 1), key=lambda numbered: numbered[1].y):
                if defect.y - shown > browser.height - 200:
                    shown = max(0, defect.y - 100)
                    browser.screenshot(session, screenshots / f"{stem}-{number}-{defect.kind}.png", y=shown)
    return defects


def pages_of(root: Path, names: Sequence[str] = ()) -> list[Path]:
    """The pages to check: ``names`` (relative to ``root``), or every ``.html`` page of the build
    but its static files and :data:`SKIPPED_PAGES`."""
    if names:
        return [root / name for name in names]
    return sorted(
        path for path in root.rglob("*.html") if not path.relative_to(root).parts[0].startswith("_") and path.name not in SKIPPED_PAGES
    )


def check(root: Path, names: Sequence[str] = (), *, chromium: str, screenshots: Path | None = None) -> list[Defect]:
    """Every defect of the pages of the build at ``root`` (see :func:`pages_of`)."""
    if screenshots is not None:
        screenshots.mkdir(parents=True, exist_ok=True)
    browser = Browser(chromium)
    try:
        defects: list[Defect] = []
        for page in pages_of(root, names):
            if not page.is_file():
                raise FileNotFoundError(f"no page {page}")
            defects += check_page(browser, page, page.relative_to(root).as_posix(), screenshots=screenshots)
        return defects
    finally:
        browser.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("root", type=Path, help="the built HTML (sphinx-build -b html docs ROOT)")
    parser.add_argument("pages", nargs="*", help="only these pages (paths inside ROOT, e.g. rules.html)")
    parser.add_argument("--chromium", help="the Chromium executable (default: found on the PATH)")
    parser.add_argument("--screenshots", type=Path, help="save PNGs of each page's top and of each defect here")
    parser.add_argument("--json", type=Path, help="write the findings here as JSON")
    args = parser.parse_args(argv)
    chromium = find_chromium(args.chromium)
    if chromium is None:
        print(f"browser_check: no Chromium found (looked for {', '.join(CHROMIUM_NAMES)}; Debian: apt-get install chromium)", file=sys.stderr)
        return 2
    started = time.monotonic()
    try:
        defects = check(args.root, args.pages, chromium=chromium, screenshots=args.screenshots)
    except BrowserError as error:
        print(f"browser_check: {error}", file=sys.stderr)
        return 2
    for defect in defects:
        print(defect)
    pages = len(pages_of(args.root, args.pages))
    counts = Counter(defect.kind for defect in defects)
    summary = ", ".join(f"{counts[kind]} {kind}" for kind in KINDS if counts[kind]) or "no defects"
    print(f"browser_check: {pages} pages at {WIDTH} px in {time.monotonic() - started:.1f} s: {summary}")
    if args.json is not None:
        args.json.write_text(json.dumps([asdict(defect) for defect in defects], indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 1 if defects else 0


if __name__ == "__main__":
    sys.exit(main())
