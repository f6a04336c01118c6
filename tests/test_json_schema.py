"""`forge schema`: JSON schemas made from forge's own, that accept every shipped game's files
and refuse what forge refuses of a file's shape."""
import copy
import json

import jsonschema
import pytest
from click.testing import CliRunner

from forge import schema as forge_schema
from forge.cli import main
from forge.content import load_doc
from forge.games import DEFAULT_CONTENT, game_ids
from forge.json_schema import _CONVERTERS, comments, content_schemas, convert, json_name
from forge.scaffold import new_game

Validator = jsonschema.Draft202012Validator


def content_files():
    for game_id in game_ids(DEFAULT_CONTENT):
        for path in sorted((DEFAULT_CONTENT / game_id).glob("*.yaml")):
            yield pytest.param(path, id=f"{game_id}/{path.name}")


def schemas_of(folder):
    return content_schemas(folder)


def errors(document, name="game.yaml", schemas=None):
    return list(Validator((schemas or content_schemas())[name]).iter_errors(document))


@pytest.fixture(scope="module")
def demo_game():
    return load_doc(DEFAULT_CONTENT / "demo" / "game.yaml", DEFAULT_CONTENT / "demo").data


@pytest.fixture(scope="module")
def demo_cards():
    return load_doc(DEFAULT_CONTENT / "demo" / "cards.yaml", DEFAULT_CONTENT / "demo").data


def test_every_schema_type_has_its_json_schema():
    assert set(forge_schema._CHECKERS) <= set(_CONVERTERS)


def test_every_json_schema_is_a_valid_2020_12_and_draft_07_schema():
    for schema in content_schemas().values():
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        Validator.check_schema(schema)
        jsonschema.Draft7Validator.check_schema(schema)


@pytest.mark.parametrize("path", list(content_files()))
def test_every_shipped_content_file_validates(path):
    doc = load_doc(path, path.parent)
    found = errors(doc.data, path.name, schemas_of(path.parent))
    assert found == [], "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in found)


def test_a_new_game_validates(tmp_path):
    folder = new_game("fresh", tmp_path)
    for path in sorted(folder.glob("*.yaml")):
        assert errors(load_doc(path, folder).data, path.name) == [], path.name


def test_a_wrong_type_fails(demo_game):
    broken = copy.deepcopy(demo_game)
    broken["players"]["min"] = "two"
    assert [list(e.absolute_path) for e in errors(broken)] == [["players", "min"]]


def test_a_missing_required_field_fails(demo_game):
    broken = copy.deepcopy(demo_game)
    del broken["title"]
    assert ["'title' is a required property"] == [e.message for e in errors(broken)]


def test_an_unknown_field_fails(demo_game, demo_cards):
    broken = copy.deepcopy(demo_game)
    broken["colour"] = "red"
    assert "colour" in errors(broken)[0].message
    cards = copy.deepcopy(demo_cards)
    cards["decks"][0]["cards"][0]["flavour"] = "Fine words"
    assert "flavour" in errors(cards, "cards.yaml")[0].message


@pytest.mark.parametrize("change, where", [
    (lambda c: c["style"].update(last=20), "a field of another maker's style"),
    (lambda c: c.update(draw="painting"), "a maker forge does not have"),
    (lambda c: c.pop("trim"), "a cut piece without its size"),
    (lambda c: c["style"].update(fill="not a colour"), "a colour that is no name"),
    (lambda c: c.update(count=0), "a count below its minimum"),
    (lambda c: c.update(id="two words"), "an id with a space"),
])
def test_a_component_is_checked_by_its_maker_style(demo_game, change, where):
    broken = copy.deepcopy(demo_game)
    milestones = next(c for c in broken["components"] if c["id"] == "milestones")
    change(milestones)
    assert errors(broken), where


def test_texts_ids_and_points_keep_forge_limits(demo_cards, demo_game):
    cards = copy.deepcopy(demo_cards)
    cards["decks"][0]["cards"][0]["text"] = "   "
    assert errors(cards, "cards.yaml")
    game = copy.deepcopy(demo_game)
    game["components"][1]["trim"] = [63.5]
    assert errors(game)
    game["components"][1]["trim"] = [63.5, 5000]
    assert errors(game)


@pytest.mark.parametrize("icon, ok", [("laurel", True), ("art/bridge.svg", True),
                                      ("art/Photo.JPEG", True), ("../outside.svg", False),
                                      ("/etc/x.svg", False), ("art\\x.svg", False),
                                      ("not an icon", False)])
def test_an_icon_is_a_name_or_an_art_file_inside_the_game(icon, ok):
    for schema in ({"type": "icon"}, {"type": "icon", "values": ["laurel", "coin"]}):
        assert Validator(convert(schema)).is_valid(icon) == ok


def test_forge_schema_writes_every_file_and_a_readme(tmp_path):
    out = tmp_path / "schemas"
    result = CliRunner().invoke(main, ["schema", "--out", str(out)])
    assert result.exit_code == 0, result.output
    names = forge_schema.schema_names()
    assert {p.name for p in out.iterdir()} == {json_name(n) for n in names} | {"README.md"}
    readme = (out / "README.md").read_text(encoding="utf-8")
    assert "yaml.schemas" in readme and "# yaml-language-server: $schema=" in readme
    settings = json.loads(readme.split("```json\n")[1].split("```")[0])["yaml.schemas"]
    assert settings[(out / "cards.schema.json").resolve().as_posix()] == "**/cards.yaml"
    written = json.loads((out / "cards.schema.json").read_text(encoding="utf-8"))
    assert written == content_schemas()["cards.yaml"]


def test_forge_schema_of_a_game_adds_its_own_schemas(tmp_path):
    out = tmp_path / "schemas"
    result = CliRunner().invoke(main, ["schema", "tetrarchia", "--out", str(out)])
    assert result.exit_code == 0, result.output
    facts = json.loads((out / "facts.schema.json").read_text(encoding="utf-8"))
    doc = load_doc(DEFAULT_CONTENT / "tetrarchia" / "facts.yaml", DEFAULT_CONTENT / "tetrarchia")
    assert list(Validator(facts).iter_errors(doc.data)) == []


def test_forge_schema_refuses_an_unknown_game_and_a_broken_own_schema(tmp_path):
    result = CliRunner().invoke(main, ["schema", "nowhere", "--out", str(tmp_path / "s")])
    assert result.exit_code == 1 and "no game 'nowhere'" in result.output
    folder = new_game("odd", tmp_path)
    (folder / "schemas").mkdir()
    (folder / "schemas" / "extra.yaml").write_text("type: shape\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["schema", "odd", "--content", str(tmp_path),
                                       "--out", str(tmp_path / "s")])
    assert result.exit_code == 1 and "extra.yaml:1" in result.output
    assert not (tmp_path / "s").exists()


def test_the_comments_of_a_schema_file_are_its_descriptions():
    game = content_schemas()["game.yaml"]
    assert game["description"].startswith("Schema of content/<game>/game.yaml")
    component = game["properties"]["components"]["items"]
    assert "width, height in mm" in component["properties"]["trim"]["description"]
    assert "name is not the id with '-' as '_'" in game["properties"]["engine"]["description"]
    track = next(c["then"]["properties"]["style"] for c in component["allOf"][1:]
                 if c["if"]["properties"]["draw"]["const"] == "track")
    assert track["description"].startswith("Style of a `track` component")
    assert "strongly marked" in track["properties"]["minor"]["description"]
    assert track["properties"]["major"]["description"] == "see `minor`"
    name = game["properties"]["families"]["items"]["properties"]["name"]
    assert "translated through the game's catalogs" in name["description"]


def test_comments_are_found_above_beside_and_below_a_key():
    text = ("# the file\n# in two lines\ntype: map\nfields:\n"
            "  # above\n  a: {type: int}   # beside\n                   # and below\n"
            "  b: {type: str, fields: {c: 1}}\n  d: 2  # d's\n\n  # loose\n\n  e: 3\n")
    notes = comments(text)
    assert notes[()] == "the file\nin two lines"
    assert notes[("fields", "a")] == "above beside and below"
    assert ("fields", "b") not in notes and ("fields", "b", "fields", "c") not in notes
    assert notes[("fields", "d")] == "d's" and ("fields", "e") not in notes


def test_a_deck_whose_cards_come_from_a_card_list_may_leave_out_its_cards():
    cards = content_schemas()["cards.yaml"]
    deck = {"id": "main", "name": "Cards",
            "back": {"title": "GAME", "fill": "back"}}
    jsonschema.validate({"decks": [deck]}, cards)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"decks": [{**deck, "cards": []}]}, cards)   # at least one, if any
