"""forge antike: a game driven through the command line, JSON in and out."""
import json

from cli_game import GameCommands

CITIES = {"greeks": {"athens": "marble", "sparta": "iron", "corinth": "gold"},
          "romans": {"roma": "marble", "capua": "iron", "ostia": "gold"},
          "germans": {"colonia": "marble", "noricum": "iron", "treveri": "gold"}}


COMMANDS = GameCommands("antike")
run, act = COMMANDS.run, COMMANDS.act


def new_game(game, *extra):
    result = run("new", "--player", "ana", "--player", "ben", "--player", "cai", "--game", game,
                 *extra)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_a_game_new_start_cities_act_undo_show(tmp_path):
    game = tmp_path / "game.json"
    state = new_game(game)["state"]
    assert state["phase"] == "cities" and state["order"] == ["greeks", "romans", "germans"]
    legal = json.loads(run("legal", "--game", game).output)
    assert {"type": "start-cities", "civ": "greeks", "open": ["cities"]} in legal
    for civ, cities in CITIES.items():
        act(game, {"type": "start-cities", "civ": civ, "cities": cities})
    after = act(game, {"type": "rondel", "civ": "greeks", "space": 1}, "--lang", "es")
    assert "Griegos: produce 1 de Mármol" in after["words"]
    assert after["state"]["civs"]["greeks"]["resources"]["marble"] == 3
    act(game, {"type": "end-turn", "civ": "greeks"})
    costs = json.loads(run("costs", "--game", game).output)
    assert costs[0] == {"position": 0, "space": "gold", "steps": 0, "cost": 0,
                        "affordable": True, "yield": 1}
    standings = json.loads(run("standings", "--game", game).output)
    assert [row["civ"] for row in standings] == ["greeks", "romans", "germans"]
    assert standings[0]["place"] == 1 and standings[0]["cities"] == 3
    result = run("undo", "--game", game)
    assert result.exit_code == 0, result.output
    shown = json.loads(run("show", "--game", game).output)
    assert shown["state"]["turn"]["civ"] == "greeks"


def test_the_options_of_new(tmp_path):
    game = tmp_path / "game.json"
    state = new_game(game, "--side", "east", "--city-cap", 25, "--repeat-cost", 8,
                     "--needed", 12, "--citizens", "built")["state"]
    assert state["side"] == "east" and state["order"] == ["greece", "persia", "arabia"]
    assert state["settings"] == {**state["settings"], "city_cap": 25, "repeat_cost": 8,
                                 "needed": 12, "citizens": "built"}


def test_an_illegal_action_says_why_naming_the_civilization(tmp_path):
    game = tmp_path / "game.json"
    new_game(game, "--option", json.dumps({"start_cities": CITIES}))
    before = game.read_bytes()
    result = run("act", json.dumps({"type": "rondel", "civ": "romans", "space": 1}),
                 "--game", game)
    assert result.exit_code == 1
    assert result.output == "error: it is not the turn of Romans\n"
    assert game.read_bytes() == before
