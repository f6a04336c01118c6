"""`forge conquest-of-the-empire-2 new --content FOLDER`: a game set up with the board's
map.yaml, its moves checked on it through the JSON commands (the test board of
tests/engine/conquest/map/, not the game's map)."""
import json
from pathlib import Path

from click.testing import CliRunner
from test_cli_conquest import place_the_rest

from forge.cli.play import game_group

conquest = game_group("conquest-of-the-empire-2")
TEST_BOARD = Path(__file__).parent / "engine" / "conquest" / "map"


def run(args, tmp_path):
    return CliRunner().invoke(conquest, args + ["--game", str(tmp_path / "g.json")])


def act(action, tmp_path):
    return run(["act", json.dumps(action)], tmp_path)


def new(tmp_path, *extra):
    influence = {"juan": {"egypt": 4}, "carlos": {"numidia": 2, "asia": 2}}
    return run(["new", "--player", "juan", "--player", "carlos", "--first", "juan",
                "--option", json.dumps({"influence": influence}), *extra], tmp_path)


def test_a_game_with_a_map_checks_its_moves(tmp_path):
    result = new(tmp_path, "--content", str(TEST_BOARD))
    assert result.exit_code == 0, result.output
    board = json.loads(result.output)["state"]["map"]
    assert board["provinces"]["numidia"]["land"] == ["egypt"]
    assert board["straits"][0]["between"] == ["hispania", "numidia"]
    for action in ({"type": "bid", "player": "juan", "amount": 0, "a": "juan", "b": "carlos"},
                   {"type": "auction-pass", "player": "carlos"},
                   {"type": "place", "player": "juan", "where": "egypt",
                    "units": {"infantry": 3, "general": 1}},
                   {"type": "place", "player": "carlos", "where": "numidia",
                    "units": {"infantry": 1}},
                   {"type": "place", "player": "carlos", "where": "asia",
                    "units": {"infantry": 1}}):
        assert act(action, tmp_path).exit_code == 0, action
    refused = act({"type": "place", "player": "juan", "where": "west",
                   "units": {"galley": 1}}, tmp_path)
    assert refused.exit_code != 0 and "west does not touch egypt" in str(refused.exception).lower()
    place_the_rest(tmp_path, "juan", "egypt", "sea-of-alexandria", run=run)
    place_the_rest(tmp_path, "carlos", "asia", "aegean-sea", run=run)
    move = {"type": "move", "player": "juan", "from": "egypt", "to": {"hispania": {"infantry": 1}}}
    refused = act(move, tmp_path)
    assert refused.exit_code != 0
    assert "hispania is out of reach overland from egypt" in str(refused.exception).lower()
    move["to"] = {"numidia": {"infantry": 1}, "mesopotamia": {"infantry": 1}}
    result = act(move, tmp_path)
    assert result.exit_code == 0, result.output
    army = json.loads(result.output)["state"]["army"]["juan"]
    assert army["numidia"] == {"infantry": 1} and army["mesopotamia"] == {"infantry": 1}
    assert "map" in json.loads(run(["show"], tmp_path).output)["state"]


def test_a_folder_of_games_holding_the_map_serves_too(tmp_path):
    games = tmp_path / "games" / "conquest-of-the-empire-2"
    games.mkdir(parents=True)
    (games / "map.yaml").write_text((TEST_BOARD / "map.yaml").read_text(encoding="utf-8"),
                                    encoding="utf-8")
    result = new(tmp_path, "--content", str(tmp_path / "games"))
    assert result.exit_code == 0, result.output
    assert "insula" in json.loads(result.output)["state"]["map"]["provinces"]


def test_a_game_without_a_map_keeps_no_map(tmp_path):
    result = new(tmp_path)
    assert result.exit_code == 0, result.output
    assert "map" not in json.loads(result.output)["state"]


def test_a_folder_without_a_map_or_with_a_broken_one_is_refused(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    result = new(tmp_path, "--content", str(empty))
    assert result.exit_code != 0 and "no map.yaml in" in str(result.exception)
    broken = tmp_path / "broken"
    broken.mkdir()
    text = (TEST_BOARD / "map.yaml").read_text(encoding="utf-8")
    (broken / "map.yaml").write_text(text.replace("land: [egypt]}", "land: [egypt, asia]}"),
                                     encoding="utf-8")
    result = new(tmp_path, "--content", str(broken))
    assert result.exit_code != 0
    message = str(result.exception)         # the command line prints each problem a line
    assert "map.yaml:" in message and "provinces[" in message
    assert "numidia lists asia in land, but asia does not list numidia" in message
    assert not (tmp_path / "g.json").exists()
