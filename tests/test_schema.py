"""The schema mini-language: each kind of mistake gives one clear problem."""
import pytest

from forge.content import load_doc
from forge.errors import ContentError
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


# --- a game's own schemas ----------------------------------------------------------------------

def _own_schema(content, name, text):
    folder = content / "demo" / "schemas"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder / name


SCORES_SCHEMA = "type: map\nfields:\n  best: {type: int, min: 0}\n  holder: {type: str}\n"


def test_a_games_schema_makes_a_new_file_name_known_for_that_game(content_copy):
    from forge.games import load_game

    (content_copy / "demo" / "scores.yaml").write_text("best: 12\nholder: Ann\n", encoding="utf-8")
    with pytest.raises(ContentError, match="scores.yaml no schema for this file name"):
        load_game(content_copy, "demo")
    _own_schema(content_copy, "scores.yaml", SCORES_SCHEMA)
    game = load_game(content_copy, "demo")
    assert game.docs["scores"].data == {"best": 12, "holder": "Ann"}
    (content_copy / "demo" / "scores.yaml").write_text("best: -1\nholder: Ann\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r"scores.yaml:1 best: -1 is below the minimum 0"):
        load_game(content_copy, "demo")
    (content_copy / "tetrarchia" / "scores.yaml").write_text("best: 1\n", encoding="utf-8")
    with pytest.raises(ContentError, match="scores.yaml no schema for this file name"):
        load_game(content_copy, "tetrarchia", check_catalogs=False)


def test_a_games_schema_is_read_before_the_shared_one(content_copy):
    from forge.games import load_game

    _own_schema(content_copy, "cards.yaml", "type: list\n")
    with pytest.raises(ContentError) as err:
        load_game(content_copy, "demo")
    assert [p.message for p in err.value.problems] == ["expected a list, found a mapping"]
    assert err.value.problems[0].file.name == "cards.yaml"
    load_game(content_copy, "tetrarchia", check_catalogs=False)     # its own schemas only


@pytest.mark.parametrize("text, line, field, words", [
    ("type: map\nfields:\n  best: {type: integer}\n", 3, "fields.best.type",
     "schema type 'integer' is unknown"),
    ("type: list\nitems: [int]\n", 2, "items", "a schema is a mapping with a type"),
    ("type: enum\n", 1, "", "a schema of type enum needs 'values'"),
    ("type: list\nmin: few\n", 2, "min", "'min' of a schema cannot be text"),
    ("type: map\nfields:\n  x: {type: variant, by: draw, schemas: ../../etc}\n", 3,
     "fields.x.schemas", "'../../etc' is not one of: styles"),
    ("type: map\nordered: [[a]]\n", 2, "ordered[0]", "expected a pair [low, high]"),
])
def test_a_games_schema_in_an_unknown_vocabulary_is_a_content_error(content_copy, text, line,
                                                                    field, words):
    from forge.games import load_game

    _own_schema(content_copy, "scores.yaml", text)
    with pytest.raises(ContentError) as err:
        load_game(content_copy, "demo")
    problem, = err.value.problems
    assert (problem.file.name, problem.line, problem.field) == ("scores.yaml", line, field)
    assert words in problem.message


def test_a_games_schema_is_read_like_its_content(content_copy, tmp_path):
    from forge.games import load_game

    outside = tmp_path / "elsewhere.yaml"
    outside.write_text(SCORES_SCHEMA, encoding="utf-8")
    (content_copy / "demo" / "schemas").mkdir()
    (content_copy / "demo" / "schemas" / "scores.yaml").symlink_to(outside)
    _own_schema(content_copy, "board.yaml", "type: map\nfields: {a: &x [*x]}\n")
    _own_schema(content_copy, "game.yaml", "type: any\n")
    with pytest.raises(ContentError) as err:
        load_game(content_copy, "demo")
    found = {p.file.name: p.message for p in err.value.problems}
    assert "leads outside" in found["scores.yaml"]
    assert "alias" in found["board.yaml"]
    assert "its schema is forge's own" in found["game.yaml"]
