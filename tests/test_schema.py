"""The schema mini-language: each kind of mistake gives one clear problem."""
import pytest

from forge.content import load_doc
from forge.schema import validate_docs


@pytest.fixture
def schema_dir(tmp_path, monkeypatch):
    folder = tmp_path / "schemas"
    folder.mkdir()
    (folder / "thing.yaml").write_text("""
type: map
fields:
  name: {type: text}
  size: {type: int, min: 1, max: 10}
  color: {type: color, optional: true}
  kind: {type: enum, values: [a, b], optional: true}
  at: {type: point, optional: true}
  items:
    type: list
    unique: id
    defines: item
    items:
      type: map
      fields:
        id: {type: id}
        next: {type: ref, to: item, optional: true}
""")
    import forge.schema as schema
    monkeypatch.setattr(schema, "SCHEMA_DIR", folder)
    schema.load_schema.cache_clear()
    yield folder
    schema.load_schema.cache_clear()


def problems(tmp_path, text):
    path = tmp_path / "thing.yaml"
    path.write_text(text, encoding="utf-8")
    result = validate_docs([load_doc(path)])
    return [str(p).split("thing.yaml:")[1] for p in result.problems], result


GOOD = "name: Hello\nsize: 3\nitems:\n  - id: x\n  - {id: y, next: x}\n"


def test_valid_content_has_no_problems_and_yields_texts(schema_dir, tmp_path):
    found, result = problems(tmp_path, GOOD)
    assert found == []
    assert [(t.context, t.english) for t in result.texts] == [("thing/name", "Hello")]


@pytest.mark.parametrize("text, expected", [
    ("size: 3\nitems: []\n", "1 missing required field 'name'"),
    ("name: Hi\nsize: three\nitems: []\n", "2 size: expected a whole number, found text"),
    ("name: Hi\nsize: 30\nitems: []\n", "2 size: 30 is above the maximum 10"),
    ("name: Hi\nsize: 3\ncolour: red\nitems: []\n", "3 colour: unknown field 'colour'"),
    ("name: Hi\nsize: 3\ncolor: red\nitems: []\n", "3 color: 'red' is not a colour"),
    ("name: Hi\nsize: 3\nkind: c\nitems: []\n", "3 kind: 'c' is not one of: a, b"),
    ("name: Hi\nsize: 3\nat: [1]\nitems: []\n", "3 at: expected a point [x, y]"),
    ("name: Hi\nsize: 3\nitems:\n  - id: x\n  - id: x\n", "5 items[1]: duplicate id 'x'"),
    ("name: Hi\nsize: 3\nitems:\n  - {id: x, next: z}\n", "4 items[0].next: unknown item 'z'"),
    ("name: 5\nsize: 3\nitems: []\n", "1 name: expected text, found a number"),
])
def test_each_mistake_is_named(schema_dir, tmp_path, text, expected):
    found, _ = problems(tmp_path, text)
    assert any(p.startswith(expected) for p in found), found
