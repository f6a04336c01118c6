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

from forge import i18n
from forge.cli import main
from forge.engine.antike import RULES, describe, table_changes
from forge.engine.antike.board import compile_map, map_problems, read_map_file
from forge.engine.conquest.board import map_problems as conquest_problems
from forge.engine.core import ActionError, ParseError, Session
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
    with pytest.raises(Exception, match="the city site of Libya is of iron"):
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


NAMES = ["Attica", "Laconia", "Macedonia", "Latium", "Campania", "Etruria", "Raetia",
         "Noricum", "Germania"]


def ring_board(count: int) -> dict:
    """An invented ring of provinces over land borders, their sites marble, iron, gold in turn,
    with printed names."""
    ids = [f"p{n}" for n in range(count)]
    return {"provinces": [{"id": p, "name": NAMES[n] if n < len(NAMES) else f"Province {n}",
                           "city": ("marble", "iron", "gold")[n % 3],
                           "land": [ids[n - 1], ids[(n + 1) % count]]}
                          for n, p in enumerate(ids)]}


def ring_game() -> Session:
    """Three civilizations on a ring of nine named provinces, three start cities each."""
    cities = {civ: {f"p{3 * i + j}": r for j, r in enumerate(("marble", "iron", "gold"))}
              for i, civ in enumerate(("greeks", "romans", "germans"))}
    return Session(RULES, {"players": ["ana", "ben", "cai"], "map": ring_board(9),
                           "start_cities": cities})


def test_on_a_map_events_name_provinces_by_their_printed_names():
    session = ring_game()
    english, spanish = i18n.Translator("en"), i18n.Translator("es", strict=True)
    start = next(e for e in session.entries[0]["events"] if e["kind"] == "start-cities")
    assert start["names"] == {"p0": "Attica", "p1": "Laconia", "p2": "Macedonia"}
    assert describe(start, english) == ("Greeks: start cities in Attica (Marble), Laconia "
                                        "(Iron), Macedonia (Gold)")
    session.act({"type": "rondel", "civ": "greeks", "space": 6})
    before = copy.deepcopy(session.state)
    armed = session.act({"type": "arm", "civ": "greeks", "units": {"p1": {"legion": 1}}})
    words = [describe(e, spanish) for e in armed.events]
    assert any("Laconia" in w for w in words) and not any("p1" in w for w in words), words
    assert table_changes(session.state, before, english) == [
        "Greeks: take 1 Legion off Laconia", "Greeks: Iron 0 → 1"]


def test_on_a_map_refusals_name_provinces_by_their_printed_names():
    session = ring_game()
    session.act({"type": "rondel", "civ": "greeks", "space": 6})
    with pytest.raises(ActionError) as refused:
        session.act({"type": "arm", "civ": "greeks", "units": {"p4": {"legion": 1}}})
    assert str(refused.value) == ("units are placed in provinces with an own city: greeks: "
                                  "none in Campania")
    spanish = refused.value.translated(i18n.Translator("es", strict=True))
    assert "Campania" in spanish and "Griegos" in spanish and "p4" not in spanish
    with pytest.raises(ActionError, match="the city site of Attica is of marble"):
        Session(RULES, {"players": ["ana", "ben", "cai"], "map": ring_board(9),
                        "start_cities": {"greeks": {"p0": "gold", "p1": "iron", "p2": "marble"}}})


@pytest.mark.parametrize("lang", ["en", "es", "fr", "de", "it", "pt"])
def test_a_map_without_start_sites_for_every_civilization_is_refused_in_words(lang):
    """Ruling A13: each civilization starts with a city of each resource."""
    with pytest.raises(ActionError) as refused:
        Session(RULES, {"players": ["ana", "ben", "cai", "dan"], "map": ring_board(9)})
    assert str(refused.value) == ("4 civilizations need 4 city sites of marble for their start "
                                  "cities; the map has 3")
    words = refused.value.translated(i18n.Translator(lang, strict=True))
    assert "4" in words and "3" in words and "{" not in words
    assert lang == "en" or words != str(refused.value)


def test_forge_validate_checks_an_antike_map(content_copy):
    """A map.yaml in the game's folder is checked when the game loads (forge validate): enough
    city sites for the start cities of the largest game (ruling A13), a border listed one way
    only and a province without a city site, with file and field."""
    board = Path(__file__).parent / "map" / "map.yaml"
    folder = content_copy / "antike"
    (folder / "map.yaml").write_text(yaml.safe_dump(ring_board(18)), encoding="utf-8")
    load_game(content_copy, "antike", check_catalogs=False)
    (folder / "map.yaml").write_text(yaml.safe_dump(ring_board(17)), encoding="utf-8")
    with pytest.raises(ContentError, match="6 civilizations [(]the most a game has[)] need 6 city "
                                           "sites of gold for their start cities; the map has 5"):
        load_game(content_copy, "antike", check_catalogs=False)
    shutil.copy(board, folder / "map.yaml")
    with pytest.raises(ContentError, match="need 6 city sites of marble .* the map has 2"):
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
