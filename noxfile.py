"""Nox sessions for strohmandeln.

Run ``nox -l`` to list the sessions and ``nox -s NAME`` to run one.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import nox

ROOT = Path(__file__).resolve().parent

nox.options.sessions = ["tests", "typecheck", "docs", "examples"]
nox.options.reuse_existing_virtualenvs = True


@nox.session
def tests(session: nox.Session) -> None:
    """Run the test suite (tests, doctests in src/, README.md and docs/), with the extra
    ``server`` that the reference server's test needs (tests/test_ws_server.py)."""
    session.install("-e", ".[test,server]")
    session.run("python", "-m", "pytest", *session.posargs)


@nox.session
def typecheck(session: nox.Session) -> None:
    """Type-check with mypy --strict: the library, tests, examples, fuzz targets, release tools and
    benchmarks."""
    # (the extra server: the reference server's example and test import websockets, whose types
    # mypy checks them against)
    session.install("-e", ".[typecheck,server]")
    session.run("mypy", "--strict", "src", "tests", "examples", "fuzz", "tools")
    # (a run of its own: benchmarks/ and tests/ each have a top-level conftest module)
    session.run("mypy", "--strict", "benchmarks")


@nox.session
def fuzz(session: nox.Session) -> None:
    """Fuzz every loader with atheris for a time budget each; fails if it finds a crash.

    Runs ``python -m fuzz.sweep`` (every field of every corpus document given each hostile value
    in turn: a few minutes), then ``python -m fuzz.run`` (fuzz/README.md): each target (``json``, ``record``,
    ``session``, ``notation``) for 60 s, seeded from ``fuzz/corpus/<target>/``; new crash inputs go to
    ``build/fuzz/crashes/<target>/``, shrunk and listed at the end. Pass options after ``--``:
    ``nox -s fuzz -- --seconds 600 --target json``, ``-- --work DIR``, and libFuzzer's own after
    a second ``--``: ``nox -s fuzz -- --target record -- -max_len=20000``.
    """
    session.install("-e", ".[fuzz]")
    # (first the sweep of hostile values through every field of the corpus: fuzz/sweep.py)
    session.run("python", "-m", "fuzz.sweep")
    session.run("python", "-m", "fuzz.run", *session.posargs)


@nox.session
def docs(session: nox.Session) -> None:
    """Build the HTML documentation, treating warnings as errors."""
    session.install("-e", ".[docs]")
    session.run(
        "sphinx-build", "-n", "-W", "--keep-going", "-b", "html", "docs", "docs/_build/html"
    )


@nox.session
def browser_check(session: nox.Session) -> None:
    """Build the HTML documentation, then render every page in headless Chromium at 1366 px and
    fail on what a reader would see wrong: an element wider than its column, a picture cut off or
    with labels under 11 px, a theme's error box, a missing image (tools/browser_check.py).

    Needs Chromium on the PATH (Debian: ``apt-get install chromium``). Options after ``--`` go to
    the script: ``nox -s browser_check -- --screenshots /tmp/shots`` saves a PNG of each page
    and of each defect, to look at; ``-- rules.html variants.html`` checks only those pages.
    """
    session.install("-e", ".[docs]")
    html = Path(session.create_tmp()).resolve() / "html"
    session.run("sphinx-build", "-q", "-n", "-W", "--keep-going", "-b", "html", "docs", str(html))
    session.run("python", "tools/browser_check.py", str(html), *session.posargs)


@nox.session
def demo(session: nox.Session) -> None:
    """Play one deal with the demo script."""
    session.install(".")
    session.run("python", "examples/play_deal.py")


@nox.session
def examples(session: nox.Session) -> None:
    """Run every script in examples/ in sorted order; each must exit 0 (with the extras ``ray``,
    which examples/selfplay_ray.py needs, and ``server``, examples/ws_server.py's: without
    arguments it runs a bounded demo)."""
    session.install(".[ray,server]")
    scripts = sorted((ROOT / "examples").glob("*.py"))
    if not scripts:
        session.skip("no scripts in examples/")
    for script in scripts:
        session.run("python", str(script.relative_to(ROOT)))


#: The CPython versions the compiled wheels are built for (each found on the PATH as pythonX.Y).
COMPILED_PYTHONS = ("3.11", "3.12", "3.13")

#: What a release needs beside the package: pyproject.toml's dependency group ``release``.
RELEASE_TOOLS = nox.project.dependency_groups(nox.project.load_toml(ROOT / "pyproject.toml"), "release")


def _fresh_dist() -> Path:
    """``dist/``, emptied."""
    dist = ROOT / "dist"
    shutil.rmtree(dist, ignore_errors=True)
    return dist


def _build_pure(session: nox.Session, dist: Path) -> None:
    """Build the sdist and the pure wheel into ``dist``."""
    session.run("python", "-m", "build", "--outdir", str(dist), env={"STROHMANDELN_COMPILE": ""})


def _build_compiled(session: nox.Session, dist: Path) -> None:
    """Build the compiled wheel of each CPython of ``COMPILED_PYTHONS`` found on the PATH."""
    for version in COMPILED_PYTHONS:
        interpreter = shutil.which(f"python{version}")
        # (a pyenv shim is on the PATH for every installed version, but runs only the active ones)
        if interpreter is None or subprocess.run([interpreter, "-c", ""], capture_output=True).returncode:
            session.warn(f"no working python{version} on the PATH (with pyenv: pyenv global 3.11 3.12 3.13): no compiled wheel for it")
            continue
        session.run(
            interpreter, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(dist), ".",
            env={"STROHMANDELN_COMPILE": "1"}, external=True,
        )  # fmt: skip


@nox.session
def wheels(session: nox.Session) -> None:
    """Build the release artefacts into ``dist/``: the sdist, the pure wheel, and the compiled
    wheel of each CPython of ``COMPILED_PYTHONS`` found on this machine.

    The compiled wheels are the kernel built with mypyc (``STROHMANDELN_COMPILE=1``: about a
    minute each, needs a C compiler). Built here they are tagged ``linux_x86_64``, which PyPI
    refuses: a release's compiled wheels come from cibuildwheel (``[tool.cibuildwheel]`` in
    pyproject.toml), which builds them in manylinux containers and repairs their tags.
    """
    dist = _fresh_dist()
    session.install("build")
    _build_pure(session, dist)
    _build_compiled(session, dist)
    for artefact in sorted(dist.iterdir()):
        session.log(f"built {artefact.name}")


@nox.session
def release(session: nox.Session) -> None:
    """Build the release artefacts into ``dist/`` and check them as the release workflow does.

    The sdist and the pure wheel are built (``-- --compiled``: the compiled wheels of the
    ``wheels`` session too, which PyPI would refuse but which are checked alike); ``twine check
    --strict`` reads every artefact; ``tools/check_dist.py`` checks what each holds, installs each
    in a fresh virtual environment, imports it and runs the examples, and runs the README's test
    command inside the unpacked sdist. Other options after ``--`` go to ``tools/check_dist.py``:
    ``nox -s release -- --sdist-suite collect`` runs a fast subset of the suite in the sdist
    (and collects all of it) instead of the whole suite. ``.github/workflows/release.yml`` runs
    the same commands, then publishes; docs/releasing.rst describes a release.
    """
    compiled = "--compiled" in session.posargs
    options = [arg for arg in session.posargs if arg != "--compiled"]
    dist = _fresh_dist()
    session.install(*RELEASE_TOOLS)
    _build_pure(session, dist)
    if compiled:
        _build_compiled(session, dist)
    artefacts = [str(path.relative_to(ROOT)) for path in sorted(dist.iterdir())]
    session.run("twine", "check", "--strict", *artefacts)
    session.run("python", "tools/check_dist.py", *options, *artefacts)


@nox.session
def bench(session: nox.Session) -> None:
    """Run the benchmark suite (speed targets, OpenSpiel comparison, perft) on the pure build.

    ``benchmarks/run.py`` times on thread CPU time in interleaved rounds (see its docstring) and
    fails when a figure misses its target by more than 20% or a perft count is wrong. Pass options
    after ``--``: ``nox -s bench -- --quick``, ``-- --json bench.json``, ``-- --no-peer``,
    ``-- --perft-depth 7``, ``-- --rounds 61``, ``-- -k perft``.
    """
    session.install("-e", ".[bench]")
    session.run("python", "benchmarks/run.py", *session.posargs)


@nox.session
def bench_compiled(session: nox.Session) -> None:
    """Run the benchmark suite on the compiled build, from a wheel built for the purpose.

    Builds the wheel whose kernel mypyc compiles (``STROHMANDELN_COMPILE=1 pip wheel``: about a
    minute, needs a C compiler), installs it in this session's own virtual environment and runs
    ``benchmarks/run.py`` with it; the table checks the compiled build's targets. Options after
    ``--`` as for ``bench``: ``nox -s bench_compiled -- --quick``.
    """
    wheels = Path(session.create_tmp()).resolve() / "compiled-wheel"
    shutil.rmtree(wheels, ignore_errors=True)
    session.run("python", "-m", "pip", "wheel", ".", "--no-deps", "-w", str(wheels), env={"STROHMANDELN_COMPILE": "1"})
    (wheel,) = wheels.glob("strohmandeln-*.whl")
    session.install(f"strohmandeln[bench] @ {wheel.as_uri()}")
    session.install("--force-reinstall", "--no-deps", str(wheel))
    session.run("python", "-c", "import strohmandeln, sys; sys.exit(0 if strohmandeln.COMPILED else 'not the compiled build')")
    session.run("python", "benchmarks/run.py", *session.posargs)
