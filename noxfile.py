"""Nox sessions for strohmandeln.

Run ``nox -l`` to list the sessions and ``nox -s NAME`` to run one.
"""

from __future__ import annotations

from pathlib import Path

import nox

ROOT = Path(__file__).resolve().parent

nox.options.sessions = ["tests", "typecheck", "docs", "examples"]
nox.options.reuse_existing_virtualenvs = True


@nox.session
def tests(session: nox.Session) -> None:
    """Run the test suite (tests, doctests in src/, README.md and docs/)."""
    session.install("-e", ".[test]")
    session.run("python", "-m", "pytest", *session.posargs)


@nox.session
def typecheck(session: nox.Session) -> None:
    """Type-check the library, the tests, the examples and the benchmarks with mypy --strict."""
    session.install("-e", ".[typecheck]")
    session.run("mypy", "--strict", "src", "tests", "examples")
    # (a run of its own: benchmarks/ and tests/ each have a top-level conftest module)
    session.run("mypy", "--strict", "benchmarks")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the HTML documentation, treating warnings as errors."""
    session.install("-e", ".[docs]")
    session.run(
        "sphinx-build", "-W", "--keep-going", "-b", "html", "docs", "docs/_build/html"
    )


@nox.session
def demo(session: nox.Session) -> None:
    """Play one deal with the demo script."""
    session.install(".")
    session.run("python", "examples/play_deal.py")


@nox.session
def examples(session: nox.Session) -> None:
    """Run every script in examples/ in sorted order; each must exit 0."""
    session.install(".")
    scripts = sorted((ROOT / "examples").glob("*.py"))
    if not scripts:
        session.skip("no scripts in examples/")
    for script in scripts:
        session.run("python", str(script.relative_to(ROOT)))


@nox.session
def bench(session: nox.Session) -> None:
    """Run the benchmark suite: the speed targets, the OpenSpiel comparison and deep perft.

    The suite is ``benchmarks/test_bench.py``, timed by pytest-benchmark; ``benchmarks/run.py``
    runs pytest on it with its own configuration. Fails when a figure misses its target by more
    than 20% or a perft count is wrong. Pass options after ``--``: ``nox -s bench -- --quick``,
    ``-- --json bench.json``, ``-- --no-peer``, ``-- --perft-depth 7``; anything else goes to
    pytest (``-- -k perft``, ``-- --benchmark-json raw.json``).
    """
    session.install("-e", ".[bench]")
    session.run("python", "benchmarks/run.py", *session.posargs)
