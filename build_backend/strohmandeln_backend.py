"""The build backend of strohmandeln: setuptools', asking for mypy only for the compiled build.

``pip install .`` and a plain sdist install build the pure-Python package (no compiler, no
mypy). With ``STROHMANDELN_COMPILE=1`` in the environment, ``setup.py`` compiles the kernel
(``strohmandeln._core``, with the base ``strohmandeln._base``) with mypyc, and this backend adds to the build's requirements the mypy
that carries mypyc and the package's own runtime dependencies (mypyc type-checks the sources
against them), so that an isolated build (``pip wheel``, ``python -m build``) gets them.
"""

from __future__ import annotations

import os
import tomllib
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F401,F403 - every hook of setuptools' backend

#: The mypy (with mypyc) that compiles the kernel: one version, so that a wheel is reproducible.
MYPYC: str = "mypy==2.4.1"


def compiling() -> bool:
    """Whether this build compiles the kernel."""
    return os.environ.get("STROHMANDELN_COMPILE", "") not in ("", "0")


def _without_compiling(hook: Any, *args: Any) -> Any:
    # setuptools runs setup.py to find its requirements and the metadata: tell it not to
    # compile then (mypyc may not be there yet, and metadata needs no compiled code).
    os.environ["STROHMANDELN_NOT_COMPILING_NOW"] = "1"
    try:
        return hook(*args)
    finally:
        del os.environ["STROHMANDELN_NOT_COMPILING_NOW"]


def runtime_dependencies() -> list[str]:
    """The package's runtime dependencies, as ``pyproject.toml`` declares them."""
    with open("pyproject.toml", "rb") as file:  # (a build runs in the project's directory)
        dependencies: list[str] = tomllib.load(file)["project"]["dependencies"]
    return dependencies


def _requires(hook: Any, config_settings: dict[str, Any] | None) -> list[str]:
    requires: list[str] = _without_compiling(hook, config_settings)
    return [*requires, MYPYC, *runtime_dependencies()] if compiling() else requires


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    name: str = _without_compiling(_setuptools.prepare_metadata_for_build_wheel, metadata_directory, config_settings)
    return name


def prepare_metadata_for_build_editable(metadata_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    name: str = _without_compiling(_setuptools.prepare_metadata_for_build_editable, metadata_directory, config_settings)
    return name


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    return _requires(_setuptools.get_requires_for_build_wheel, config_settings)


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    return _requires(_setuptools.get_requires_for_build_editable, config_settings)
