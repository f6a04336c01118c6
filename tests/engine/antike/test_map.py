"""Antike's optional map (forge/engine/antike/board.py on the shared forge/engine/maps.py): read
at the door like every content file, each problem with file, line and field; given as the `map`
option, checked at set-up and kept in the state; absent, nothing changes. The board used is the
TEST board of map/ (invented, not the game's map)."""
import copy
import json
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from forge.cli import main
from forge.engine.antike import RULES
from forge.engine.antike.board import compile_map, map_problems, read_map_file
from forge.engine.conquest.board import map_problems as conquest_problems
from forge.engine.core import ParseError, Session
from forge.errors import ContentError
from forge.games import load_game

TEST_BOARD = Path(__file__).parent / "map" / "map.yaml"
START = {"greeks": {"athens": "marble", "sparta": "iron", "macedonia": "gold"},
         "romans": {"crete": "marble", "thrace": "iron", "ephesos": "gold"},
         "germans": {"extra": "marble", "libya": "iron", "cyrenne": "gold"}}


@pytest.fixture(scope="module")
def board_data():
    data = read_map_file(TEST_BOARD)
    data["provinces"].append({"id": "extra", "city": "marble", "water": ["aegean"]})
    next(p for p in data["provinces"] if p["id"] == "aegean")["water"].append("extra")
    return data


def test_the_test_board_is_a_board(board_data):
    assert map_problems(board_data) == []
    graph = compile_map(board_data)
    assert graph["provinces"]["athens"]["borders"]["sparta"] == "land"
    assert graph["provinces"]["aegean"]["sea"] is True


def test_a_game_set_up_with_the_map_keeps_it_and_checks_its_sites(board_data):
    session = Session(RULES, {"players": ["ana", "ben", "cai"], "map": board_data,
                              "start_cities": START})
    state = session.state
    assert state["map"]["provinces"]["crete"]["city"] == "marble"
    assert state["phase"] == "play"
    wrong = copy.deepcopy(START)
    wrong["germans"] = {"extra": "marble", "libya": "gold", "cyrenne": "iron"}
    with pytest.raises(Exception, match="the city site of libya is of iron"):
        Session(RULES, {"players": ["ana", "ben", "cai"], "map": board_data,
                        "start_cities": wrong})


def test_a_game_without_a_map_keeps_no_map_key():
    session = Session(RULES, {"players": ["ana", "ben", "cai"]})
    assert "map" not in session.state


def test_a_map_option_with_problems_is_refused_naming_the_first(board_data):
    data = copy.deepcopy(board_data)
    data["provinces"][0]["land"].append("libya")
    with pytest.raises(ParseError, match=r"map\.provinces\[0\]\.land\[2\]: athens lists libya"):
        Session(RULES, {"players": ["ana", "ben", "cai"], "map": data})


def test_a_map_file_with_problems_names_file_line_and_field(tmp_path):
    text = TEST_BOARD.read_text(encoding="utf-8").replace(
        "city: iron, land: [cyrenne]", "city: silver, land: [cyrenne, athens]")
    path = tmp_path / "map.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as refused:
        read_map_file(path)
    lines = [str(problem) for problem in refused.value.problems]
    assert any("provinces[7].city" in line and "needs the resource" in line for line in lines)
    assert any("libya lists athens in land, but athens does not list libya" in line
               for line in lines)


def test_the_schema_refuses_a_border_to_an_unknown_province(tmp_path):
    data = yaml.safe_load(TEST_BOARD.read_text(encoding="utf-8"))
    data["provinces"][0]["water"].append("atlantis")
    path = tmp_path / "map.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(ContentError, match="atlantis"):
        read_map_file(path)


def test_one_format_conquest_refuses_borders_it_does_not_play():
    data = {"provinces": [{"id": "a", "water": ["b"]}, {"id": "b", "water": ["a"]}]}
    messages = [message for _at, message in conquest_problems(data, [])]
    assert "this game's borders are land borders, seas and straits, not water borders" in messages


def test_an_antike_map_has_no_sea_zones():
    data = {"provinces": [{"id": "a", "city": "gold", "land": ["b"]},
                          {"id": "b", "city": "iron", "land": ["a"]}],
            "seas": [{"id": "s", "coasts": ["a"]}]}
    assert any("an Antike board has no seas" in message for _at, message in map_problems(data))


def test_forge_antike_new_reads_the_map_of_a_content_folder(tmp_path, board_data):
    folder = tmp_path / "board"
    folder.mkdir()
    (folder / "map.yaml").write_text(yaml.safe_dump(board_data), encoding="utf-8")
    game = tmp_path / "game.json"
    result = CliRunner().invoke(main, [
        "antike", "new", "--player", "ana", "--player", "ben", "--player", "cai",
        "--content", str(folder), "--game", str(game),
        "--option", json.dumps({"start_cities": START})])
    assert result.exit_code == 0, result.output
    state = json.loads(result.output)["state"]
    assert state["map"]["provinces"]["aegean"]["sea"] is True
    empty = tmp_path / "empty"
    empty.mkdir()
    result = CliRunner().invoke(main, ["antike", "new", "--player", "a", "--player", "b",
                                       "--content", str(empty), "--game",
                                       str(tmp_path / "other.json")])
    assert result.exit_code != 0 and "no map.yaml" in result.output


def test_the_shipped_game_has_no_map_and_plays_without_one(tmp_path):
    shutil.rmtree(tmp_path, ignore_errors=True)
    tmp_path.mkdir()
    game = tmp_path / "game.json"
    result = CliRunner().invoke(main, ["antike", "new", "--player", "a", "--player", "b",
                                       "--game", str(game)])
    assert result.exit_code == 0, result.output
    assert "map" not in json.loads(result.output)["state"]


def test_forge_validate_checks_an_antike_map(content_copy):
    """A map.yaml in the game's folder is checked when the game loads (forge validate): a
    border listed one way only and a province without a city site, with file and field."""
    board = Path(__file__).parent / "map" / "map.yaml"
    folder = content_copy / "antike"
    shutil.copy(board, folder / "map.yaml")
    load_game(content_copy, "antike", check_catalogs=False)
    text = board.read_text(encoding="utf-8").replace(
        "{id: libya, name: Libya, city: iron, land: [cyrenne]}",
        "{id: libya, name: Libya, land: [cyrenne, crete]}")
    (folder / "map.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_game(content_copy, "antike", check_catalogs=False)
    found = str(err.value)
    assert "map.yaml" in found and "libya needs the resource of its city site" in found
    assert "crete" in found
