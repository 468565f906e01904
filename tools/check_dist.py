"""Check the release artefacts of strohmandeln: what each holds, then that each installs and runs.

Run from a checkout, after building (``nox -s release`` does all of it; the release workflow,
``.github/workflows/release.yml``, runs the same commands)::

    python -m build --outdir dist            # with STROHMANDELN_COMPILE unset: sdist + pure wheel
    twine check --strict dist/*
    python tools/check_dist.py dist/*

(the workflow adds ``--tag v0.1.0``: the tag must name the checkout's version). For each artefact:

* **contents** — a wheel holds every file of ``src/strohmandeln`` (every module, ``py.typed``,
  the ``_base``, ``_core`` and ``_core/sampling`` packages) and nothing but the package and its
  ``.dist-info`` (no tests, docs, C sources, caches or build leftovers); its metadata has this
  checkout's version, the project URLs of ``pyproject.toml`` and the licence file. A compiled
  wheel (not ``py3-none-any``) also holds the extension modules of the kernel and the base; a
  pure one holds none.
  An sdist holds every file git tracks under ``src/``, ``tests/``, ``docs/``, ``examples/``,
  ``fuzz/``, ``tools/`` and ``build_backend/``, the root files the build and the README's test
  command need (``conftest.py``, ``README.md``, ``LICENSE``, ``CHANGELOG.md`` …), and nothing
  git does not track (``__pycache__``, ``docs/_build``, a stray local file);
* **install** — in a fresh virtual environment (of the wheel's own CPython for a compiled
  wheel, found on the PATH as ``pythonX.Y``), the artefact is installed, a smoke test imports
  every module of the installed package (not the checkout's: ``PYTHONPATH`` is cleared) and plays
  a deal, and every ``examples/*.py`` runs; for the sdist, unpacked, the README's test command
  runs inside it (``--sdist-suite collect``: only a fast subset, plus the collection of the whole
  suite).

It exits with status 1 and a list of the problems if any check fails.
"""

from __future__ import annotations

import argparse
import ast
import email.parser
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
import zipfile
from collections.abc import Iterable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The folders of the checkout whose tracked files the sdist must hold, all of them.
SDIST_TREES = ("src", "tests", "docs", "examples", "fuzz", "tools", "build_backend")
#: The files at the root of the checkout that the sdist must hold.
SDIST_ROOT_FILES = ("conftest.py", "README.md", "LICENSE", "CHANGELOG.md", "MANIFEST.in", "pyproject.toml", "setup.py")
#: What the build writes into an sdist besides the checkout's files.
SDIST_GENERATED = ("PKG-INFO", "setup.cfg")
#: The project URLs every distribution's metadata must carry (pyproject.toml's [project.urls]).
PROJECT_URL_KEYS = ("Documentation", "Source", "Changelog", "Issues")
#: The README's test command, which must pass inside the unpacked sdist (the README is read to
#: make sure it still says so).
README_TEST_COMMAND = 'python -m pip install -e ".[test]" && python -m pytest'
#: With ``--sdist-suite collect``: the fast subset that runs, beside collecting the whole suite.
FAST_SUBSET = ("tests/test_release.py", "tests/test_cards.py", "tests/test_points.py", "README.md")
#: Names that no artefact may hold anywhere.
JUNK = re.compile(r"(^|/)(__pycache__|\.pytest_cache|\.mypy_cache|\.hypothesis|\.nox|_build)(/|$)|\.py[co]$|\.orig$|\.rej$|~$")
#: The extension modules of a compiled build (mypyc: one shared library of the kernel, named for
#: the package, and a small module beside each compiled source).
EXTENSION = re.compile(r"\.(so|pyd)$")


def version_of_checkout(root: Path = ROOT) -> str:
    """The version declared in ``src/strohmandeln/__init__.py`` (read, not imported)."""
    tree = ast.parse((root / "src" / "strohmandeln" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets):
            if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                return node.value.value
    raise SystemExit("no __version__ = '...' in src/strohmandeln/__init__.py")


def package_files(root: Path = ROOT) -> set[str]:
    """Every file of the package's source tree, as a wheel names it (``strohmandeln/...``)."""
    package = root / "src" / "strohmandeln"
    return {
        path.relative_to(root / "src").as_posix()
        for path in package.rglob("*")
        if path.is_file() and not JUNK.search(path.relative_to(root).as_posix()) and not EXTENSION.search(path.name)
    }


def project_urls(root: Path = ROOT) -> dict[str, str]:
    """The ``[project.urls]`` table of ``pyproject.toml``."""
    with open(root / "pyproject.toml", "rb") as file:
        urls: dict[str, str] = tomllib.load(file)["project"].get("urls", {})
    return urls


def metadata_problems(metadata: str, where: str, version: str, urls: dict[str, str]) -> list[str]:
    """What is wrong with a distribution's core metadata (``METADATA`` or ``PKG-INFO``)."""
    message = email.parser.Parser().parsestr(metadata)
    problems = []
    if message["Name"] != "strohmandeln":
        problems.append(f"{where}: metadata names {message['Name']!r}, not 'strohmandeln'")
    if message["Version"] != version:
        problems.append(f"{where}: metadata version {message['Version']!r}, the checkout's is {version!r}")
    found = dict(entry.split(", ", 1) for entry in message.get_all("Project-URL") or [] if ", " in entry)
    for key in PROJECT_URL_KEYS:
        if key not in urls:
            problems.append(f"pyproject.toml: [project.urls] has no {key}")
        elif found.get(key) != urls[key]:
            problems.append(f"{where}: metadata has Project-URL {key} {found.get(key)!r}, pyproject.toml says {urls[key]!r}")
    if "LICENSE" not in (message.get_all("License-File") or []):
        problems.append(f"{where}: metadata names no License-File LICENSE")
    return problems


def wheel_problems(names: Iterable[str], *, version: str, package: set[str], compiled: bool) -> list[str]:
    """What is wrong with a wheel that holds the files ``names`` (its zip listing)."""
    names = set(names)
    info = f"strohmandeln-{version}.dist-info/"
    problems = [f"wheel lacks {name}" for name in sorted(package - names)]
    for name in sorted(names):
        if JUNK.search(name):
            problems.append(f"wheel holds junk: {name}")
        elif name.startswith(info) or name in package:
            continue
        elif compiled and EXTENSION.search(name) and (name.startswith(("strohmandeln/_base/", "strohmandeln/_core/")) or re.match(r"strohmandeln__mypyc\.[^/]+$", name)):
            continue
        else:
            problems.append(f"wheel holds a file that is neither the package's nor its metadata: {name}")
    for needed in ("METADATA", "WHEEL", "RECORD", "licenses/LICENSE"):
        if info + needed not in names:
            problems.append(f"wheel lacks {info}{needed}")
    extensions = [name for name in names if EXTENSION.search(name)]
    if compiled and not any(re.match(r"strohmandeln__mypyc\.", name) for name in extensions):
        problems.append("compiled wheel lacks the kernel's shared library strohmandeln__mypyc.*")
    if not compiled and extensions:
        problems.append(f"pure wheel holds extension modules: {', '.join(sorted(extensions))}")
    return problems


def tracked_files(root: Path, trees: Sequence[str]) -> set[str]:
    """The files git tracks under ``trees`` (or, outside a git checkout, every file there but junk)."""
    try:
        listing = subprocess.run(
            ["git", "ls-files", "-z", "--", *trees], cwd=root, capture_output=True, check=True, text=True
        ).stdout
        return {name for name in listing.split("\0") if name and (root / name).exists()}
    except (OSError, subprocess.CalledProcessError):
        return {
            path.relative_to(root).as_posix()
            for tree in trees
            for path in (root / tree).rglob("*")
            if path.is_file() and not JUNK.search(path.relative_to(root).as_posix())
        }


def sdist_problems(names: Iterable[str], *, version: str, tracked: set[str]) -> list[str]:
    """What is wrong with an sdist that holds the files ``names`` (its tar listing, files only)."""
    top = f"strohmandeln-{version}/"
    problems = []
    inside = set()
    for name in names:
        if not name.startswith(top):
            problems.append(f"sdist holds a file outside {top}: {name}")
        else:
            inside.add(name[len(top) :])
    expected = tracked | set(SDIST_ROOT_FILES)
    problems += [f"sdist lacks {name}" for name in sorted(expected - inside)]
    for name in sorted(inside - expected):
        if name in SDIST_GENERATED or name.startswith("src/strohmandeln.egg-info/"):
            continue
        if JUNK.search(name) or EXTENSION.search(name):
            problems.append(f"sdist holds junk: {name}")
        else:
            problems.append(f"sdist holds a file git does not track (or outside its folders): {name}")
    return problems


def is_compiled_wheel(path: Path) -> bool:
    """Whether a wheel's file name says it is for one interpreter and platform."""
    return not path.name.endswith("-py3-none-any.whl")


def contents_problems(path: Path, *, version: str) -> list[str]:
    """The contents check of one artefact."""
    urls = project_urls()
    if path.name.endswith(".whl"):
        with zipfile.ZipFile(path) as wheel:
            names = [info.filename for info in wheel.infolist() if not info.is_dir()]
            metadata = wheel.read(f"strohmandeln-{version}.dist-info/METADATA").decode() if f"strohmandeln-{version}.dist-info/METADATA" in names else ""
        problems = wheel_problems(names, version=version, package=package_files(), compiled=is_compiled_wheel(path))
    elif path.name.endswith(".tar.gz"):
        with tarfile.open(path) as sdist:
            members = sdist.getmembers()
            names = [member.name for member in members if member.isfile()]
            problems = [f"sdist holds a link or device: {member.name}" for member in members if not (member.isfile() or member.isdir())]
            info = sdist.extractfile(f"strohmandeln-{version}/PKG-INFO") if f"strohmandeln-{version}/PKG-INFO" in names else None
            metadata = info.read().decode() if info else ""
        problems += sdist_problems(names, version=version, tracked=tracked_files(ROOT, SDIST_TREES))
    else:
        return [f"{path.name}: not a wheel or an sdist"]
    if not metadata:
        return [f"{path.name}: no metadata found", *problems]
    return [f"{path.name}: {p}" for p in problems + metadata_problems(metadata, "metadata", version, urls)]


# ------------------------------------------------------------------------------------------------
# Installing and running

#: Run in the installed environment: imports every module of the installed package (the adapters
#: only where their frameworks are installed), checks the version and the build, plays a deal.
SMOKE = """
import importlib, importlib.util, os, random, sys
import strohmandeln as sm
version, compiled, checkout = sys.argv[1], sys.argv[2] == "compiled", sys.argv[3]
here = os.path.dirname(sm.__file__)
assert not here.startswith(checkout), f"imported the checkout's package from {here}"
assert sm.__version__ == version, sm.__version__
assert sm.COMPILED == compiled, f"COMPILED is {sm.COMPILED}"
assert os.path.exists(os.path.join(here, "py.typed"))
needs = {"strohmandeln.openspiel": "pyspiel", "strohmandeln._openspiel_bots": "pyspiel", "strohmandeln.pettingzoo": "pettingzoo", "strohmandeln.gymnasium": "gymnasium"}
modules = 0
for folder, _, files in os.walk(here):
    for file in files:
        if file.endswith(".py"):
            name = os.path.relpath(os.path.join(folder, file), os.path.dirname(here))[:-3].replace(os.sep, ".")
            name = name.removesuffix(".__init__")
            if name in needs and importlib.util.find_spec(needs[name]) is None:
                continue
            importlib.import_module(name)
            modules += 1
state = sm.deal(sm.CLASSIC, dealer=0, rng=random.Random(7))
rng = random.Random(1)
while not state.is_terminal:
    state = state.apply(rng.choice(state.legal_actions()))
assert sum(state.result().totals) == 0
print(f"smoke: strohmandeln {sm.__version__} ({'compiled' if sm.COMPILED else 'pure'}) from {here}: {modules} modules imported, a deal played")
"""


class Failed(Exception):
    """A command of the install checks failed."""


def run(command: Sequence[str | Path], *, cwd: Path, env: dict[str, str] | None = None, quiet: bool = False) -> None:
    """Run a command, echoing it; raise :class:`Failed` if it fails."""
    shown = " ".join("'...'" if index and command[index - 1] == "-c" else str(part) for index, part in enumerate(command))
    print(f"$ (in {cwd}) {shown}", flush=True)
    environment = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    environment.update(env or {})
    result = subprocess.run([str(part) for part in command], cwd=cwd, env=environment, stdin=subprocess.DEVNULL, capture_output=quiet, text=True)
    if result.returncode:
        if quiet:
            print(result.stdout[-4000:], result.stderr[-4000:], sep="\n")
        raise Failed(f"exit status {result.returncode}: {shown}")


def interpreter_for(path: Path) -> str:
    """The interpreter to install an artefact with: the wheel's own CPython for a compiled wheel."""
    match = re.search(r"-cp(\d)(\d+)-", path.name)
    if not (path.name.endswith(".whl") and is_compiled_wheel(path)) or match is None:
        return sys.executable
    wanted = f"{match[1]}.{match[2]}"
    if f"{sys.version_info[0]}.{sys.version_info[1]}" == wanted:
        return sys.executable
    found = shutil.which(f"python{wanted}")
    if found is None or subprocess.run([found, "-c", ""], capture_output=True).returncode:
        raise Failed(f"no working python{wanted} on the PATH to install {path.name} with")
    return found


def fresh_venv(python: str, where: Path) -> Path:
    """A new virtual environment in ``where``; its interpreter."""
    run([python, "-m", "venv", where], cwd=where.parent)
    bin_dir = where / ("Scripts" if os.name == "nt" else "bin")
    return bin_dir / ("python.exe" if os.name == "nt" else "python")


def readme_test_command(readme: Path) -> str:
    """The README's test command (checked against :data:`README_TEST_COMMAND`)."""
    text = readme.read_text(encoding="utf-8")
    if README_TEST_COMMAND not in text:
        raise Failed(f"{readme} no longer says {README_TEST_COMMAND!r}: update tools/check_dist.py")
    return README_TEST_COMMAND


def install_and_run(path: Path, *, version: str, sdist_suite: str, work: Path) -> None:
    """Install one artefact in a fresh virtual environment and run the smoke test and examples;
    for the sdist, run the README's test command inside it."""
    compiled = path.name.endswith(".whl") and is_compiled_wheel(path)
    python = interpreter_for(path)
    work.mkdir()
    venv_python = fresh_venv(python, work / "venv")
    examples = ROOT / "examples"
    if path.name.endswith(".tar.gz"):
        with tarfile.open(path) as sdist:
            sdist.extractall(work, filter="data")
        unpacked = work / f"strohmandeln-{version}"
        examples = unpacked / "examples"
        readme_test_command(unpacked / "README.md")
        # The README's test command, in the unpacked sdist: an editable install with the test
        # extra, then the suite (the adapters' tests skip themselves without their frameworks).
        run([venv_python, "-m", "pip", "install", "-q", "-e", ".[test]"], cwd=unpacked)
        expect = {"STROHMANDELN_EXPECT_BUILD": "pure"}
        if sdist_suite == "full":
            run([venv_python, "-m", "pytest"], cwd=unpacked, env=expect)
        else:
            run([venv_python, "-m", "pytest", "-q", "--collect-only"], cwd=unpacked, env=expect, quiet=True)
            run([venv_python, "-m", "pytest", "-q", *FAST_SUBSET], cwd=unpacked, env=expect)
        # The smoke test and the examples then run on a regular install of the sdist.
        run([venv_python, "-m", "pip", "install", "-q", "--force-reinstall", "--no-deps", path], cwd=work)
    else:
        run([venv_python, "-m", "pip", "install", "-q", path], cwd=work)
    run([venv_python, "-c", SMOKE, version, "compiled" if compiled else "pure", str(ROOT)], cwd=work)
    scripts = sorted(examples.glob("*.py"))
    if not scripts:
        raise Failed(f"no examples in {examples}")
    for script in scripts:
        run([venv_python, script], cwd=work, quiet=True)
        print(f"example {script.name}: ok")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("artefacts", nargs="+", type=Path, help="the sdist and wheels to check")
    parser.add_argument("--contents-only", action="store_true", help="check what the artefacts hold; install nothing")
    parser.add_argument(
        "--sdist-suite", choices=("full", "collect"), default="full",
        help="in the unpacked sdist, run the whole suite (the default) or collect it and run a fast subset",
    )  # fmt: skip
    parser.add_argument("--tag", help="the git tag of the release (the workflow's): must be v<version>")
    args = parser.parse_args(argv)
    version = version_of_checkout()
    problems = []
    if args.tag is not None and args.tag != f"v{version}":
        problems.append(f"the tag {args.tag!r} is not v{version}, the version in src/strohmandeln/__init__.py")
    for path in args.artefacts:
        found = contents_problems(path, version=version)
        print(f"contents of {path.name}: {'ok' if not found else f'{len(found)} problem(s)'}")
        problems += found
    if not args.contents_only and not problems:
        with tempfile.TemporaryDirectory(prefix="check-dist-") as temporary:
            for number, path in enumerate(args.artefacts):
                print(f"\n==== install and run {path.name}", flush=True)
                try:
                    install_and_run(path.resolve(), version=version, sdist_suite=args.sdist_suite, work=Path(temporary) / str(number))
                except Failed as failure:
                    problems.append(f"{path.name}: {failure}")
    for problem in problems:
        print(f"PROBLEM {problem}", file=sys.stderr)
    print(f"\n{len(args.artefacts)} artefact(s) checked: {'all good' if not problems else f'{len(problems)} problem(s)'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
