"""The fields of the action, state, position, view and match documents are declared once
(``_core/declared.py``): the writers write the declared fields in the declared order, the readers
take exactly the declared field sets, the schemas have exactly the declared properties, and a
field added to a declaration reaches the writer, the readers and the schema at once."""

from __future__ import annotations

import random
from typing import Any

import pytest

import strohmandeln as sm
from strohmandeln import CLASSIC, schemas
from strohmandeln import serialization as S
from strohmandeln._base import checked
from strohmandeln._core import declared
from strohmandeln._core.declared import ABSENT, DOCUMENTS, Document, Field

from helpers import played_match, position_playout


def _objects(doc: Any, name: str) -> list[tuple[str, dict[str, Any]]]:
    """The objects of a written document, with the name of the declaration of each."""
    out = [(name, doc)]
    if name == "state" and "position" in doc:
        out.append(("position", doc["position"]))
    if name == "view":
        out += [("trick", t) for t in doc["tricks"]] + [("event", e) for e in doc["events"]]
        out += [("strohmann", p) for seat in doc["strohmaenner"] for p in seat]
        if doc["current_trick"] is not None:
            out.append(("current_trick", doc["current_trick"]))
    if name == "match":
        out += [("match_deal", d) for d in doc["deals"]]
    return out


def _written() -> list[tuple[str, dict[str, Any]]]:
    rng = random.Random(3)
    docs: list[tuple[str, Any]] = [("action", S.to_dict(a)) for a in (sm.Pass(), sm.parse_action("XVII!ross"))]
    for k in range(12):
        state = sm.deal(CLASSIC, dealer=k % 2, rng=k)
        while True:
            docs += [("state", state.to_dict()), ("view", state.view(k % 2).to_dict()), ("view", state.view(None).to_dict())]
            if state.is_terminal:
                break
            state = state.apply(rng.choice(state.legal_actions()))
    for seed in (4, 5):
        for state in position_playout(CLASSIC, seed):
            docs += [("state", state.to_dict()), ("view", state.view(0).to_dict())]
    docs.append(("match", S.to_dict(played_match(CLASSIC, 3, 7, 0))))
    return [pair for name, doc in docs for pair in _objects(doc, name)]


WRITTEN = _written()


def test_the_writers_write_the_declared_fields_in_their_order() -> None:
    seen = set()
    for name, doc in WRITTEN:
        document = DOCUMENTS[name]
        head = ["format", "type"] if document.head else []
        order = [*head, *(f.name for f in document.fields)]
        assert list(doc) == [key for key in order if key in doc], name
        required, _ = document.keys()
        assert set(required) <= set(doc), name
        seen.add(name)
    assert seen == set(DOCUMENTS)  # (every declaration was written)


def test_the_schemas_have_the_declared_properties() -> None:
    top = {"action": "action", "state": "state", "view": "view", "match": "match"}
    for name, schema_name in top.items():
        schema = schemas.schema(schema_name)
        document = DOCUMENTS[name]
        required, _ = document.keys()
        assert list(schema["properties"]) == ["format", "type", *(f.name for f in document.fields)]
        assert schema["required"] == ["format", "type", *required]
    position = schemas.schema("state")["$defs"]["position"]
    assert list(position["properties"]) == [f.name for f in declared.POSITION.fields]


def test_a_field_added_to_a_declaration_reaches_writer_reader_and_schema() -> None:
    note = Field("note", lambda: {"type": "string"}, "x.note", required=False, since=checked.FORMAT + 1)
    count = Field("count", lambda: {"type": "integer"}, "x.count", required=False, default=0)
    document = Document("example", (Field("name", lambda: {"type": "string"}, "x.name"), count, note))

    class Value:
        def __init__(self, name: str, count: int, note: Any) -> None:
            self.name, self.count, self.note = name, count, note

    assert document.write(Value("a", 0, ABSENT)) == {"format": checked.FORMAT, "type": "example", "name": "a"}
    assert list(document.write(Value("a", 2, "n"))) == ["format", "type", "name", "count", "note"]
    assert document.keys() == (("name",), ("count",))  # (not yet in this format)
    assert document.keys(checked.FORMAT + 1) == (("name",), ("count", "note"))
    schema = document.schema()
    assert list(schema["properties"]) == ["format", "type", "name", "count", "note"] and schema["required"] == ["format", "type", "name"]


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_each_field_is_declared_once(name: str) -> None:
    names = [f.name for f in DOCUMENTS[name].fields]
    assert len(names) == len(set(names))
