"""Run the fuzz targets with atheris (coverage-guided, libFuzzer), one after the other.

Run from the repository root (``nox -s fuzz`` does, after installing the ``fuzz`` extra)::

    python -m fuzz.run                                  # every target, 60 s each
    python -m fuzz.run --seconds 600 --target json      # one target, ten minutes
    python -m fuzz.run --target record -- -jobs=1 -max_len=20000   # libFuzzer options after --

Each target runs in a process of its own, with the library instrumented for coverage, seeded
from ``fuzz/corpus/<target>/`` and ``fuzz/crashes/<target>/``. New inputs that reach new code go
to ``<work>/corpus/<target>/`` (kept between runs, never committed). An input that crashes
(:func:`fuzz.targets.check` raises :class:`~fuzz.targets.Crash`) is saved, one per kind of crash,
as ``<work>/crashes/<target>/crash-<hash>``, with its traceback in ``<work>/reports/<target>/``;
the fuzzer goes on looking for other crashes until its time is up. At the end each new crash is
shrunk (:mod:`fuzz.minimize`) and listed. Crashes of the regression cases already in
``fuzz/crashes/<target>/`` are counted, not saved again.

The exit status is 1 if a target found a new crash (or libFuzzer itself stopped on a timeout,
an out-of-memory or an error), else 0.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import pkgutil
import re
import resource
import subprocess
import sys
import time
import traceback
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
HERE: Final = ROOT / "fuzz"
#: The targets, in the order they run (the names of fuzz.targets.TARGETS, which this process
#: does not import: the child imports the library under instrumentation).
TARGET_NAMES: Final = ("json", "record", "session", "notation", "message")
#: The address space of a target's process, in MB; libFuzzer's limit on its resident memory is
#: 512 MB above.
MEMORY_LIMIT_MB: Final = 2048


def _crash_name(key: str) -> str:
    return "crash-" + hashlib.sha1(key.encode()).hexdigest()[:16]


def _inputs(directory: Path) -> list[Path]:
    """The input files of a corpus or crash directory (not its README or .gitkeep)."""
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.iterdir() if p.is_file() and not p.name.startswith(".") and p.name != "README.md")


# --------------------------------------------------------------------------------------------
# The child: one target under atheris.


def _child(target: str, work: Path, fuzzer_args: list[str]) -> None:
    import atheris  # type: ignore[import-not-found, import-untyped, unused-ignore]

    # An input that asks for too much memory raises MemoryError (a crash, saved with its input)
    # before libFuzzer's own limit kills the process (whose artefact may lack the input).
    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    limit = MEMORY_LIMIT_MB << 20 if hard == resource.RLIM_INFINITY else min(hard, MEMORY_LIMIT_MB << 20)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))

    with atheris.instrument_imports(include=["strohmandeln"]):
        import strohmandeln

        # (the package imports some modules on first use: instrument them all now; the
        # adapters whose extras are not installed are none of the loaders')
        for module in pkgutil.walk_packages(strohmandeln.__path__, "strohmandeln."):
            try:
                importlib.import_module(module.name)
            except ImportError as error:
                print(f"INFO: not instrumented: {module.name} ({error})", file=sys.stderr)
    from fuzz import mutators, targets
    from fuzz.minimize import crash_key

    known = {key for path in _inputs(HERE / "crashes" / target) if (key := crash_key(target, path.read_bytes()))}
    crashes, reports = work / "crashes" / target, work / "reports" / target
    crashes.mkdir(parents=True, exist_ok=True)
    reports.mkdir(parents=True, exist_ok=True)
    seen_known: set[str] = set()

    def test_one(data: bytes) -> None:
        try:
            targets.check(target, data)
        except targets.Crash as crash:
            if crash.key in known:
                if crash.key not in seen_known:
                    seen_known.add(crash.key)
                    print(f"\n== known crash (a regression case in fuzz/crashes/{target}/): {crash.key}", file=sys.stderr, flush=True)
                return
            path = crashes / _crash_name(crash.key)
            if path.exists() and path.stat().st_size <= len(data):
                return
            new = not path.exists()
            path.write_bytes(data)
            report = "".join(traceback.format_exception(crash))
            (reports / f"{path.name}.txt").write_text(f"{crash.key}\n{len(data)} bytes\n\n{report}", encoding="utf-8")
            if new:
                print(f"\n== NEW CRASH {path.name}: {crash.key}\n{crash}", file=sys.stderr, flush=True)

    kwargs = {}
    mutator = mutators.MUTATORS.get(target)
    if mutator is not None:
        pool = mutators.Pool.of_corpus([HERE / "corpus" / target, HERE / "crashes" / target])

        def custom_mutator(data: bytes, max_size: int, seed: int) -> bytes:
            try:
                return mutator(data, max_size, seed, pool, atheris.Mutate)
            except Exception:  # (a fault of the mutator is none of the library's)
                traceback.print_exc()
                return bytes(atheris.Mutate(data, max_size))

        kwargs["custom_mutator"] = custom_mutator
    atheris.Setup([sys.argv[0], *fuzzer_args], test_one, **kwargs)
    atheris.Fuzz()


# --------------------------------------------------------------------------------------------
# The parent: a dictionary per target, the children, the summary.


def _escape(token: str) -> str:
    return '"' + "".join(chr(b) if 32 <= b < 127 and b not in (34, 92) else f"\\x{b:02x}" for b in token.encode()) + '"'


def _dictionary(target: str) -> list[str]:
    """Tokens for libFuzzer's dictionary: the notation of every card and action word, and the
    words and keys of the formats."""
    import strohmandeln as sm

    words = {str(c) for c in sm.DECK_54} | {c.ascii for c in sm.DECK_54}
    words |= {"take", "pass", "fold", "keep", "double", "no-double", "+trull", "+kings", "!ross", "!topschin", "Skus", "Sküs"}
    words |= {" ", ",", "\n", "#"}
    # characters that repr() writes long, that str.split() or str.splitlines() split at, that
    # normalize or fold to others
    words |= {"\x00", "\x7f", "\x85", "\xa0", "\u2028", "\u200b", "\ufeff", "\U000e0001", "\u0130", "\u212a", "ß", "Ⅻ"}
    if target == "record":
        words |= {"strohmandeln-deal 1", "strohmandeln-match 1", "rules ", "dealer ", "order ", "first-dealer ", "deal "}
        words |= set(sm.PRESETS)
    if target in ("json", "session", "message"):
        keys: set[str] = set()
        for path in _inputs(HERE / "corpus" / target):
            keys.update(re.findall(r'"([a-z_]+)":', path.read_text(encoding="utf-8")))
        words = {f'"{w}"' for w in words | keys | set(sm.PRESETS) | {r.value for r in sm.Reason}}
        words |= {"null", "true", "false", "[", "]", "{", "}", ":", "-1", "1e999", '"format":1', '"type":'}
        words |= {'"\\ud800"', '"\\u0000"', '"\\udfff\\ud800"', "1" * 30, "-" + "9" * 30, "1.0", "[[[[[[[[", "]]]]]]]]"}
    return sorted(_escape(w) for w in words if w)


def _run_target(target: str, seconds: int, work: Path, fuzzer_args: list[str], verbose: bool) -> tuple[bool, list[Path]]:
    """Fuzz one target; (whether libFuzzer ended normally, the new crash files)."""
    for sub in ("corpus", "crashes", "reports", "dicts", "logs"):
        (work / sub / target).mkdir(parents=True, exist_ok=True)
    crash_dir = work / "crashes" / target
    before = {p.name: p.stat().st_mtime_ns for p in _inputs(crash_dir)}
    dictionary = work / "dicts" / target / f"{target}.dict"
    dictionary.write_text("\n".join(_dictionary(target)) + "\n", encoding="utf-8")
    seeds = [HERE / "corpus" / target] + ([HERE / "crashes" / target] if _inputs(HERE / "crashes" / target) else [])
    command = [
        sys.executable, "-m", "fuzz.run", "--child", target, str(work), "--",
        f"-max_total_time={seconds}", "-timeout=30", f"-rss_limit_mb={MEMORY_LIMIT_MB + 512}", "-print_final_stats=1",
        f"-dict={dictionary}", f"-artifact_prefix={crash_dir}/libfuzzer-",
        *fuzzer_args, str(work / "corpus" / target), *map(str, seeds),
    ]  # fmt: skip
    log = work / "logs" / target / f"{time.strftime('%Y%m%d-%H%M%S')}.log"
    print(f"== fuzz {target} for {seconds} s (log: {log.relative_to(ROOT) if log.is_relative_to(ROOT) else log})", flush=True)
    started = time.monotonic()
    with log.open("w", encoding="utf-8") as out:
        process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
        assert process.stdout is not None
        for line in process.stdout:
            out.write(line)
            if verbose or line.startswith(("== ", "INFO: Seed", "stat::", "Done ")) or " DONE " in line or "ERROR" in line:
                print(line, end="", flush=True)
        status = process.wait()
    stats = dict(re.findall(r"stat::(\w+):\s*(\d+)", log.read_text(encoding="utf-8")))
    cov = re.findall(r"cov: (\d+) ft: (\d+)", log.read_text(encoding="utf-8"))
    executed = stats.get("number_of_executed_units", "?")
    print(f"== {target}: {executed} inputs in {time.monotonic() - started:.0f} s" + (f", coverage {cov[-1][0]} edges, {cov[-1][1]} features" if cov else "") + f", libFuzzer exit status {status}", flush=True)
    if status != 0:
        print("== libFuzzer's last words:\n" + "".join(log.read_text(encoding="utf-8").splitlines(keepends=True)[-15:]), flush=True)
    new = [p for p in _inputs(crash_dir) if before.get(p.name) != p.stat().st_mtime_ns]
    return status == 0, new


def _shrunk(target: str, path: Path, work: Path, seconds: float) -> str:
    """Shrink a new crash input in place (the original goes to the reports); a note on it."""
    if not path.name.startswith("crash-"):
        return "(libFuzzer's artefact: see the log)"
    try:
        from fuzz.minimize import crash_key, minimize

        data = path.read_bytes()
        key = crash_key(target, data)
        if key is None:
            return "(it does not crash this process: has the library changed since?)"
        small = minimize(target, data, seconds=seconds)
        if len(small) < len(data):
            (work / "reports" / target / f"{path.name}.orig").write_bytes(data)
            path.write_bytes(small)
        return f"({len(small)} bytes) {key}"
    except Exception as error:  # (the library may not even import while someone edits it)
        return f"(not shrunk: {type(error).__name__}: {str(error)[:200]})"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--child"]:
        target, work = argv[1], Path(argv[2])
        _child(target, work, argv[4:] if argv[3:4] == ["--"] else argv[3:])
        return 0
    own, fuzzer_args = (argv[: argv.index("--")], argv[argv.index("--") + 1 :]) if "--" in argv else (argv, [])
    parser = argparse.ArgumentParser(prog="python -m fuzz.run", description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--target", action="append", choices=TARGET_NAMES, help="a target to run (repeatable; default: all)")
    parser.add_argument("--seconds", type=int, default=60, help="the time budget of each target (default: %(default)s)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "fuzz", help="the work directory (default: build/fuzz)")
    parser.add_argument("--minimize-seconds", type=float, default=30.0, help="the time to shrink each new crash (default: %(default)s)")
    parser.add_argument("--verbose", action="store_true", help="show all of libFuzzer's output")
    args = parser.parse_args(own)
    work = args.work.resolve()
    failed = False
    found: list[tuple[str, Path]] = []
    for target in args.target or TARGET_NAMES:
        ended, new = _run_target(target, args.seconds, work, fuzzer_args, args.verbose)
        failed |= not ended
        found.extend((target, path) for path in new)
    if found:
        print(f"\n== {len(found)} new crash input(s); copy each into fuzz/crashes/<target>/ as a regression case (fuzz/README.md):")
        for target, path in found:
            print(f"   {path}  {_shrunk(target, path, work, args.minimize_seconds)}", flush=True)
        failed = True
    print("== fuzz: " + ("FAILED" if failed else "no crash found"), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
