"""Release metadata (issue 23): one version number, declared in strohmandeln/__init__.py."""

from __future__ import annotations

import importlib.metadata
import runpy
import sys
from pathlib import Path

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
