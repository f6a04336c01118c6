"""The optional map (forge/engine/conquest/board.py): read at the door like every content file,
each problem with file, line and field; given as the `map` option, checked at set-up; absent,
nothing changes. The board used is the TEST board of map/ (invented, not the game's map)."""
import copy
import shutil
from pathlib import Path

import pytest
import yaml

from forge.engine.conquest import RULES, tables
from forge.engine.conquest.board import (compile_map, find_map_file, map_problems,
                                         move_destinations, read_map_file)
from forge.engine.core import IllegalAction, ParseError, Session
from forge.errors import ContentError
from forge.games import load_game

TEST_BOARD = Path(__file__).parent / "map" / "map.yaml"
KEYS = tables().key_provinces


@pytest.fixture(scope="module")
def board_data():
    return read_map_file(TEST_BOARD, KEYS)


def problems_of(data):
    return [message for _at, message in map_problems(data, KEYS)]


def edited(data, edit):
    data = copy.deepcopy(data)
    edit(data)
    return data


def province(data, name):
    return next(p for p in data["provinces"] if p["id"] == name)


def sea(data, name):
    return next(s for s in data["seas"] if s["id"] == name)


def test_the_test_board_is_a_board(board_data):
    assert problems_of(board_data) == []
    graph = compile_map(board_data)
    assert graph["provinces"]["sicilia"]["seas"] == ["tyrrhenian", "ionian"]
    assert graph["provinces"]["galatia"]["seas"] == []
    assert {p for p, info in graph["provinces"].items() if info["key"]} == set(KEYS)


@pytest.mark.parametrize("edit, expected", [
    (lambda d: province(d, "numidia")["land"].append("asia"),
     "numidia lists asia in land, but asia does not list numidia; neighbours go both ways"),
    (lambda d: sea(d, "west")["seas"].append("ionian"),
     "west lists ionian in seas, but ionian does not list west"),
    (lambda d: province(d, "dacia")["land"].append("gallia"),
     "'gallia' is not a province of this map"),
    (lambda d: province(d, "dacia")["land"].append("dacia"), "dacia cannot be next to itself"),
    (lambda d: sea(d, "west")["coasts"].append("caledonia"),
     "'caledonia' is not a province of this map"),
    (lambda d: d["straits"][0].update(sea="ionian"),
     "the strait's sea ionian does not touch hispania"),
    (lambda d: d["straits"][0].update(sea="atlantic"), "'atlantic' is not a sea of this map"),
    (lambda d: d["straits"][0].update(between=["hispania", "narbonensis"]),
     "hispania and narbonensis are land neighbours already"),
    (lambda d: d["straits"].append(copy.deepcopy(d["straits"][0])),
     "a second strait between hispania and numidia"),
    (lambda d: d["seas"].append({"id": "egypt", "coasts": ["egypt"]}),
     "'egypt' is a province and a sea; a place has one id"),
    (lambda d: d["provinces"].append({"id": "unplaced"}), "'unplaced' is kept for the books"),
    (lambda d: d["provinces"].append({"id": "sea-by-egypt"}), "is kept for the books"),
    (lambda d: province(d, "dacia").update(key=True), "dacia is marked key"),
    (lambda d: province(d, "italia").pop("key"),
     "the key provinces italia of tables.yaml are missing"),
])
def test_a_map_that_is_no_board_is_refused_with_its_reason(board_data, edit, expected):
    found = problems_of(edited(board_data, edit))
    assert any(expected in message for message in found), found


def write(tmp_path, data_or_text) -> Path:
    path = tmp_path / "map.yaml"
    text = data_or_text if isinstance(data_or_text, str) else yaml.safe_dump(data_or_text)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_problem_of_the_file_names_file_line_and_field(tmp_path):
    text = TEST_BOARD.read_text(encoding="utf-8").replace(
        "{id: dacia, name: Dacia (test), land: [moesia]}",
        "{id: dacia, name: Dacia (test), land: [moesia, italia]}")
    path = write(tmp_path, text)
    with pytest.raises(ContentError) as err:
        read_map_file(path, KEYS)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "id: dacia" in row)
    assert str(err.value).startswith(f"{path}:{line} provinces[7].land[1]: dacia lists italia")


@pytest.mark.parametrize("text, expected", [
    ("provinces: [{id: hispania, land: [nowhere]}]\n", "unknown map-province 'nowhere'"),
    ("provinces: [{id: hispania, land: hispania}]\n", "expected a list"),
    ("provinces: [{id: hispania, colour: red}]\n", "unknown field 'colour'"),
    ("provinces: []\nseas: [{id: west}]\n", "missing required field 'coasts'"),
    ("provinces:\n" + "".join(f"  - {{id: p{i}}}\n" for i in range(501)), "at most 500"),
    ("a: &a [*a]\n", "an alias refers to the value that contains it"),
    ("a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
     "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
     "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n",
     "expands to more than"),
    ("provinces: " + "[" * 60 + "]" * 60 + "\n", "nests lists and mappings more than"),
])
def test_a_broken_or_hostile_file_is_refused_at_the_door(tmp_path, text, expected):
    with pytest.raises(ContentError) as err:
        read_map_file(write(tmp_path, text), KEYS)
    assert expected in str(err.value)


def test_the_map_file_is_found_in_a_game_folder_or_a_folder_of_games(tmp_path):
    assert find_map_file(TEST_BOARD.parent) == TEST_BOARD
    assert find_map_file(tmp_path) is None
    (tmp_path / "conquest-of-the-empire-2").mkdir()
    shutil.copy(TEST_BOARD, tmp_path / "conquest-of-the-empire-2" / "map.yaml")
    assert find_map_file(tmp_path) == tmp_path / "conquest-of-the-empire-2" / "map.yaml"


def new_game(**options):
    return Session(RULES, {"players": ["juan", "carlos"], "first": "juan", **options}, seed=None)


def test_the_map_option_is_kept_in_the_state_and_a_game_without_one_keeps_none(board_data):
    assert "map" not in new_game().state
    assert new_game(map=board_data).state["map"] == compile_map(board_data)


@pytest.mark.parametrize("edit, expected", [
    (lambda d: province(d, "numidia")["land"].append("asia"),
     "map.provinces[13].land[1]: numidia lists asia in land"),
    (lambda d: d.update(colour="red"), "unknown field(s) colour"),
    (lambda d: d.update(provinces=[{"id": f"p{i}"} for i in range(501)]),
     "a list of at most 500 items"),
    (lambda d: province(d, "numidia").update(land="egypt"), "a list of at most 100 items"),
])
def test_a_map_option_that_is_no_board_is_refused_at_set_up(board_data, edit, expected):
    with pytest.raises(ParseError) as err:
        new_game(map=edited(board_data, edit))
    assert expected in str(err.value)


def test_the_destinations_of_a_move_are_listed_with_their_route(board_data):
    session = new_game(map=board_data)
    state = copy.deepcopy(session.state)
    state["army"]["juan"] = {"egypt": {"infantry": 3, "general": 1}, "ionian": {"galley": 2}}
    state["army"]["carlos"] = {"numidia": {"infantry": 1}, "mesopotamia": {"infantry": 1}}
    found = move_destinations(state, tables(), "juan", "egypt")
    assert found == {"achaia": {"route": "amphibious", "carry": 8},
                     "insula": {"route": "amphibious", "carry": 8},
                     "mesopotamia": {"route": "overland"},
                     "numidia": {"route": "overland"},
                     "sicilia": {"route": "amphibious", "carry": 8}}
    state.pop("map")
    assert move_destinations(state, tables(), "juan", "egypt") == {}


def test_forge_validate_checks_a_games_map(content_copy):
    folder = content_copy / "conquest-of-the-empire-2"
    shutil.copy(TEST_BOARD, folder / "map.yaml")
    load_game(content_copy, "conquest-of-the-empire-2", check_catalogs=False)
    text = TEST_BOARD.read_text(encoding="utf-8").replace("key: true, land: [moesia]}",
                                                          "land: [moesia]}")
    (folder / "map.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_game(content_copy, "conquest-of-the-empire-2", check_catalogs=False)
    assert "map.yaml" in str(err.value)
    assert "the key provinces achaia of tables.yaml are missing" in str(err.value)


def test_forge_validate_finds_the_places_the_cards_name_on_the_map(content_copy):
    folder = content_copy / "conquest-of-the-empire-2"
    text = TEST_BOARD.read_text(encoding="utf-8").replace(
        "{id: germania, name: Germania (test), land: [pannonia]}",
        "{id: germania-magna, name: Germania (test), land: [pannonia]}").replace(
        "land: [italia, moesia, germania]", "land: [italia, moesia, germania-magna]")
    (folder / "map.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_game(content_copy, "conquest-of-the-empire-2", check_catalogs=False)
    assert "the card barbarians-germania (cards.yaml:" in str(err.value)
    assert "names the province 'germania', which this map does not have" in str(err.value)


def random_board(rnd, board_data):
    """A game in its action rounds on the test board, juan to act, units strewn at random."""
    graph = compile_map(board_data)
    provinces, seas = sorted(graph["provinces"]), sorted(graph["seas"])
    session = Session(RULES, {"players": ["juan", "carlos", "ana", "bea"], "first": "juan",
                              "map": board_data}, seed=None)
    state = session.states[0]
    state.update(phase="actions", auction=None, order=["juan", "carlos", "ana", "bea"],
                 alliances={"A": ["juan", "ana"], "B": ["carlos", "bea"]},
                 turn={"index": 0, "actions_left": 2, "card_picks_left": 1, "played": []})
    state["army"] = {p: {} for p in state["players"]}
    state["army"]["juan"][rnd.choice(provinces)] = {"infantry": 9, "general": 1}
    for player in state["players"]:
        for _ in range(rnd.randint(0, 4)):
            state["army"][player].setdefault(rnd.choice(provinces), {}).setdefault("infantry", 1)
        for _ in range(rnd.randint(0, 2)):
            state["army"][player].setdefault(rnd.choice(seas), {})["galley"] = rnd.randint(1, 2)
    return session


@pytest.mark.parametrize("seed", range(25))
def test_a_move_is_accepted_exactly_where_the_destinations_list_it(board_data, seed):
    """move_destinations (what a screen would offer) and the rules agree: every listed
    destination takes as many units as it says, one more is refused at an amphibious one, and
    every province not listed is refused."""
    import random

    rnd = random.Random(seed)
    session = random_board(rnd, board_data)
    state = session.state
    origin = next(w for w, u in state["army"]["juan"].items() if u.get("general"))
    listed = move_destinations(state, tables(), "juan", origin)
    for place in sorted(state["map"]["provinces"]):
        if place == origin:
            continue
        info = listed.get(place)
        count = min(info.get("carry", 9), 9) if info else 1
        move = {"type": "move", "player": "juan", "from": origin,
                "to": {place: {"infantry": count}}}
        if info is None:
            with pytest.raises(IllegalAction):
                session.act(move)
            continue
        session.act(move)
        session.undo(1)
        if info["route"] == "amphibious" and count < 9:
            with pytest.raises(IllegalAction, match="carry at most"):
                session.act({**move, "to": {place: {"infantry": count + 1}}})
