"""The format policy (issue 29, docs/guide_server.rst "Format stability"), enforced.

* The **frozen corpus** ``tests/data/formats/<format>/`` holds a document of every type (rule sets,
  actions, states dealt and set up and at stakes, views of players and spectators, results,
  matches, signed sessions, error replies) and the text records, written once by the release
  that made the format new (``tests/data/formats/make_corpus.py``) and never again. Every later
  release loads every file of every format of its major version; a file of the newest format is
  written back exactly as stored; every JSON file is valid under its schema.
* A document of a **later format** is refused with ``unsupported_version``, saying which format
  this release reads and that a later one loads it.
* **Optional fields at their default are left out**, so that a field added later at its default
  leaves every document as an earlier release writes and reads it: a test adds a hypothetical
  option to the rule sets (in a copy of the library) and shows that the stored sessions,
  matches, views and states still load, verify and mean the same.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest
from jsonschema import Draft202012Validator  # type: ignore[import-untyped,import-not-found,unused-ignore]

import strohmandeln as sm
from strohmandeln import messages, records, schemas, serialization
from strohmandeln._base import checked
from strohmandeln.session import Session

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "formats"
#: The signing key of the corpus's sessions (tests/data/formats/make_corpus.py): public on purpose.
KEY = b"strohmandeln frozen corpus key, public"
FILES = sorted(path for path in CORPUS.glob("*/*") if path.suffix in (".json", ".txt"))


def test_the_corpus_of_every_format_of_this_major_version_is_here() -> None:
    formats = sorted(int(path.name) for path in CORPUS.iterdir() if path.is_dir())
    assert formats == list(range(checked.EARLIEST_FORMAT, checked.FORMAT + 1))
    kinds = {path.name.split("-")[0] + path.suffix for path in FILES}
    assert {f"{name}.json" for name in schemas.NAMES} <= kinds, kinds  # a document of every type
    assert {"record.txt", "match.txt"} <= kinds


def load(path: Path) -> tuple[object, Any]:
    """The value a corpus file loads as, and the document (or text) this release writes of it."""
    text = path.read_text(encoding="utf-8")
    if path.name.startswith("record-"):
        state = records.loads(text)
        return state, records.dumps(state)
    if path.suffix == ".txt":
        match = records.loads_match(text)
        return match, records.dumps_match(match)
    doc = json.loads(text)
    if doc.get("type") == "session":
        session = Session.from_json(text, key=KEY)
        return session, session.to_dict(key=KEY)
    if "error" in doc or doc.get("type") in ("accepted", "refusal", "news"):
        return doc, doc  # (a reply, or news: written, never read back — its schema is its contract)
    if doc.get("type") == "move":
        move = messages.read_move(text)
        return move, move.to_dict()
    value = serialization.from_json(text)
    return value, serialization.to_dict(value)


@pytest.mark.parametrize("path", FILES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_every_file_of_the_frozen_corpus_loads_unchanged(path: Path) -> None:
    value, written = load(path)
    stored = path.read_text(encoding="utf-8")
    if int(path.parent.name) == checked.FORMAT:  # (the newest format: written back as stored)
        assert written == (stored if path.suffix == ".txt" else json.loads(stored))
    if path.suffix == ".json":
        doc = json.loads(stored)
        name = doc["type"] if "type" in doc else "error"
        error = next(iter(Draft202012Validator(schemas.schema(name)).iter_errors(doc)), None)
        assert error is None, error
    assert value is not None


def test_a_later_format_is_refused_saying_which_reads_it() -> None:
    for path in FILES:
        if path.suffix != ".json":
            continue
        doc = json.loads(path.read_text(encoding="utf-8"))
        if "format" not in doc or doc["type"] in ("accepted", "refusal", "news"):
            continue
        for later in (checked.FORMAT + 1, 10**12):
            with pytest.raises(sm.SerializationError) as info:
                if doc["type"] == "session":
                    Session.from_dict({**doc, "format": later}, key=KEY)
                elif doc["type"] == "move":
                    messages.move_from_dict({**doc, "format": later})
                else:
                    serialization.from_dict({**doc, "format": later})
            assert info.value.reason is sm.Reason.UNSUPPORTED_VERSION
            assert f"this library reads format {checked.FORMAT}" in str(info.value) and "a later release" in str(info.value)
        with pytest.raises(sm.SerializationError) as earlier:
            if doc["type"] == "session":
                Session.from_dict({**doc, "format": checked.EARLIEST_FORMAT - 1}, key=KEY)
            elif doc["type"] == "move":
                messages.move_from_dict({**doc, "format": checked.EARLIEST_FORMAT - 1})
            else:
                serialization.from_dict({**doc, "format": checked.EARLIEST_FORMAT - 1})
        assert earlier.value.reason is sm.Reason.UNSUPPORTED_VERSION


def _rule_sets(value: object) -> list[dict[str, Any]]:
    """Every rule set written in full inside a document."""
    if isinstance(value, dict):
        found = [value] if "scoring" in value and "name" in value else []
        return found + [r for item in value.values() for r in _rule_sets(item)]
    if isinstance(value, list):
        return [r for item in value for r in _rule_sets(item)]
    return []


def test_optional_fields_at_their_default_are_left_out() -> None:
    rule_sets = [r for path in FILES if path.suffix == ".json" for r in _rule_sets(json.loads(path.read_text(encoding="utf-8")))]
    assert rule_sets
    defaults = {f.name: f.default for f in attrs.fields(sm.RuleSet) if f.name != "name"}
    table = {f.name: f.default for f in attrs.fields(sm.ScoringTable)}
    for rules in rule_sets:
        loaded = sm.RuleSet.from_dict({k: v for k, v in rules.items() if k not in ("format", "type")})
        for name, default in defaults.items():
            assert name in rules or getattr(loaded, name) == default
            assert name not in rules or getattr(loaded, name) != default, name
        for name, default in table.items():
            assert name not in rules["scoring"] or getattr(loaded.scoring, name) != default, name
    for path in FILES:
        if path.name.startswith(("state-", "view-")):
            doc = json.loads(path.read_text(encoding="utf-8"))
            assert doc.get("multiplier", 2) != 1 and (doc["type"] != "view" or doc["dealt"] != ("setup_won" in doc))


#: What the copy of the library with a new rule option runs: it loads every session, match,
#: view and state of the frozen corpus (the sessions under their signature), checks that each is
#: written back as stored (the option at its default is left out) and that the option is there.
_LATER_RELEASE = r"""
import json, sys
from pathlib import Path
import attrs
import strohmandeln as sm
from strohmandeln import serialization
from strohmandeln.session import Session

assert Path(sm.__file__).resolve().parent == Path(sys.argv[1]).resolve(), sm.__file__
assert "hypothetical_option" in attrs.fields_dict(sm.RuleSet)
loaded = 0
for path in sorted(Path(sys.argv[2]).glob("*/*.json")):
    doc = json.loads(path.read_text(encoding="utf-8"))
    if doc.get("type") == "session":
        session = Session.from_json(path.read_text(encoding="utf-8"), key=sys.argv[3].encode())
        assert session.to_dict(key=sys.argv[3].encode()) == doc, path.name
    elif doc.get("type") in ("match", "view", "state", "rules", "result"):
        value = serialization.from_dict(doc)
        assert serialization.to_dict(value) == doc, path.name
        if doc["type"] == "match":
            assert value.rules.hypothetical_option is False
    else:
        continue
    loaded += 1
house = attrs.evolve(sm.CLASSIC, name="later", hypothetical_option=True)
print(json.dumps({"loaded": loaded, "later": serialization.to_dict(house)}))
"""


def test_a_new_optional_rule_field_leaves_the_stored_documents_loading_and_verifying(tmp_path: Path) -> None:
    """A later release adds a rule option (a field with a default, as the format policy adds
    fields): in a copy of the library with that field, every stored session (under its
    signature), match, view, state, rule set and result of the frozen corpus loads and is
    written back as stored. A rule set that uses the new option is refused by this release
    (an unknown field), not misread."""
    package = Path(sm.__file__).resolve().parent
    copy = tmp_path / "strohmandeln"
    shutil.copytree(package, copy, ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    rules_py = copy / "rules.py"
    source = rules_py.read_text(encoding="utf-8")
    anchor = "    last_card: LastCard = attrs.field(default=LastCard.HIDDEN, metadata=_choice(LastCard))\n"
    assert anchor in source
    added = "    #: A hypothetical option of a later release.\n    hypothetical_option: bool = attrs.field(default=False, metadata=_FLAG)\n"
    rules_py.write_text(source.replace(anchor, anchor + added), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith("STROHMANDELN_")}
    env["PYTHONPATH"] = str(tmp_path)
    run = subprocess.run(
        [sys.executable, "-c", _LATER_RELEASE, str(copy), str(CORPUS), KEY.decode()],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=600,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-3000:]
    report = json.loads(run.stdout)
    assert report["loaded"] >= 60, report["loaded"]
    later = report["later"]
    assert later["hypothetical_option"] is True
    with pytest.raises(sm.SerializationError) as info:
        serialization.from_dict(later)
    assert info.value.reason is sm.Reason.MALFORMED_DOCUMENT and "hypothetical_option" in str(info.value)


def test_a_changed_preset_is_refused_never_rescored() -> None:
    """A stored document names its preset pinned to the digest of the preset's values: once the
    preset's values change (here: the digest of another preset's), a stored match, session,
    state or view is refused ``wrong_rules`` — never loaded under the new values."""
    for path in FILES:
        if path.suffix != ".json":
            continue
        doc = json.loads(path.read_text(encoding="utf-8"))
        rules = doc.get("rules")
        if not isinstance(rules, str) or "@" not in rules:
            continue
        name = rules.split("@")[0]
        changed = {**doc, "rules": f"{name}@{'0' * 12}"}
        with pytest.raises(sm.SerializationError) as info:
            if doc["type"] == "session":
                body = {k: v for k, v in changed.items() if k != "signature"}
                from strohmandeln._base.signing import signature as _signature

                Session.from_dict({**body, "signature": _signature(body, KEY)}, key=KEY)
            else:
                serialization.from_dict(changed)
        assert info.value.reason is sm.Reason.WRONG_RULES, path.name
        assert "has changed since the document was written" in str(info.value)
