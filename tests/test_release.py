"""Release metadata (issue 23): one version number, declared in strohmandeln/__init__.py; the
project URLs; the changelog's newest version; the release checks of tools/check_dist.py."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import re
import runpy
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

import strohmandeln

ROOT = Path(__file__).resolve().parent.parent


def test_one_version_number() -> None:
    """The installed distribution, the package and the docs all carry the package's version."""
    assert importlib.metadata.version("strohmandeln") == strohmandeln.__version__
    saved = list(sys.path)
    try:
        conf = runpy.run_path(str(ROOT / "docs" / "conf.py"))
    finally:
        sys.path[:] = saved  # (conf.py puts src/ and docs/_ext on the path)
    assert conf["release"] == strohmandeln.__version__
    assert strohmandeln.__version__.startswith(conf["version"])
    assert 'version = "' not in (ROOT / "pyproject.toml").read_text(encoding="utf-8").split("[project]")[1].split("[")[0]


def _pyproject() -> dict[str, Any]:
    with open(ROOT / "pyproject.toml", "rb") as file:
        return tomllib.load(file)


def test_project_urls() -> None:
    """The metadata links the hosted docs, the sources, the changelog and the issue tracker."""
    urls = _pyproject()["project"]["urls"]
    assert set(urls) >= {"Documentation", "Source", "Changelog", "Issues"}
    assert urls["Documentation"] == "https://strohmandeln.readthedocs.io/"
    assert urls["Source"] == "https://github.com/strohmandeln/strohmandeln"
    assert urls["Issues"] == urls["Source"] + "/issues"
    assert urls["Changelog"] == urls["Source"] + "/blob/main/CHANGELOG.md"
    # The README (the long description on PyPI) links the hosted docs too.
    assert urls["Documentation"] in (ROOT / "README.md").read_text(encoding="utf-8")


def test_installed_metadata_carries_the_project_urls() -> None:
    """An installed distribution's metadata carries the URLs (when it is of this checkout's
    pyproject.toml: an editable install of another checkout may be older)."""
    metadata = importlib.metadata.metadata("strohmandeln")
    found = dict(entry.split(", ", 1) for entry in metadata.get_all("Project-URL") or [])
    urls = _pyproject()["project"]["urls"]
    if not found:
        pytest.skip("the installed strohmandeln predates [project.urls] (an install of another checkout)")
    assert found == urls


#: A changelog heading of a version: ``## [0.1.0] - 2026-11-26`` (or ``## [Unreleased]``).
HEADING = re.compile(r"^## \[(?P<version>[^\]]+)\](?: - (?P<date>\d{4}-\d{2}-\d{2}))?$", re.MULTILINE)


def test_changelog_newest_version_is_the_package_version() -> None:
    """CHANGELOG.md (Keep a Changelog): [Unreleased] first, then the newest release, which is the
    package's version; every version heading has its link reference at the bottom."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = [(m["version"], m["date"]) for m in HEADING.finditer(text)]
    assert headings[0] == ("Unreleased", None)
    released = headings[1:]
    assert released and all(date is not None for _, date in released), headings
    assert released[0][0] == strohmandeln.__version__
    for version, _ in headings:
        assert re.search(rf"^\[{re.escape(version)}\]: https://github\.com/strohmandeln/strohmandeln/", text, re.MULTILINE), version


def _check_dist() -> Any:
    """tools/check_dist.py, imported from its file (tools/ is no package)."""
    spec = importlib.util.spec_from_file_location("check_dist", ROOT / "tools" / "check_dist.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_check_dist_finds_what_a_wheel_lacks_or_should_not_hold() -> None:
    """The release check of a wheel's contents, on made-up listings."""
    check = _check_dist()
    package = check.package_files(ROOT)
    assert {"strohmandeln/__init__.py", "strohmandeln/py.typed", "strohmandeln/_core/sampling/__init__.py", "strohmandeln/_base/__init__.py"} <= package
    info = ["strohmandeln-0.1.0.dist-info/" + name for name in ("METADATA", "WHEEL", "RECORD", "licenses/LICENSE")]
    good = sorted(package) + info
    assert check.wheel_problems(good, version="0.1.0", package=package, compiled=False) == []
    missing = [name for name in good if name != "strohmandeln/py.typed"]
    assert check.wheel_problems(missing, version="0.1.0", package=package, compiled=False) == ["wheel lacks strohmandeln/py.typed"]
    junk = [*good, "tests/test_cards.py", "strohmandeln/__pycache__/cards.cpython-311.pyc", "strohmandeln/_core/engine.c"]
    assert len(check.wheel_problems(junk, version="0.1.0", package=package, compiled=False)) == 3
    compiled = [*good, "strohmandeln__mypyc.cpython-311-x86_64-linux-gnu.so", "strohmandeln/_core/engine.cpython-311-x86_64-linux-gnu.so", "strohmandeln/_base/masks.cpython-311-x86_64-linux-gnu.so"]
    assert check.wheel_problems(compiled, version="0.1.0", package=package, compiled=True) == []
    assert check.wheel_problems(compiled, version="0.1.0", package=package, compiled=False) != []
    assert check.wheel_problems(good, version="0.1.0", package=package, compiled=True) != []


def test_check_dist_finds_what_an_sdist_lacks_or_should_not_hold() -> None:
    """The release check of an sdist's contents, on made-up listings."""
    check = _check_dist()
    tracked = {"src/strohmandeln/__init__.py", "tests/test_cards.py", "docs/index.rst", "examples/play_deal.py", "fuzz/run.py", "tools/check_dist.py"}
    top = "strohmandeln-0.1.0/"
    good = [top + name for name in sorted(tracked | set(check.SDIST_ROOT_FILES))] + [top + "PKG-INFO", top + "src/strohmandeln.egg-info/SOURCES.txt"]
    assert check.sdist_problems(good, version="0.1.0", tracked=tracked) == []
    no_changelog = [name for name in good if not name.endswith("CHANGELOG.md")]
    assert check.sdist_problems(no_changelog, version="0.1.0", tracked=tracked) == ["sdist lacks CHANGELOG.md"]
    stray = [*good, top + "docs/_build/html/index.html", top + "tests/scratch.py", "elsewhere/setup.py"]
    assert len(check.sdist_problems(stray, version="0.1.0", tracked=tracked)) == 3


def test_check_dist_reads_the_metadata() -> None:
    """The release check of a distribution's metadata: version and project URLs."""
    check = _check_dist()
    urls = _pyproject()["project"]["urls"]
    lines = ["Metadata-Version: 2.4", "Name: strohmandeln", "Version: 0.1.0", "License-File: LICENSE"]
    lines += [f"Project-URL: {key}, {url}" for key, url in urls.items()]
    assert check.metadata_problems("\n".join(lines) + "\n", "METADATA", "0.1.0", urls) == []
    assert len(check.metadata_problems("\n".join(lines[:-1]) + "\n", "METADATA", "0.1.0", urls)) == 1
    assert len(check.metadata_problems("\n".join(lines) + "\n", "METADATA", "0.2.0", urls)) == 1
