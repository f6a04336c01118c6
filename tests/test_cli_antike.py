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


def test_a_map_without_a_site_of_each_resource_for_every_civilization_is_refused(tmp_path):
    """Ruling A13: the set-up refuses a map its civilizations cannot start on, instead of a game
    that waits for start cities forever."""
    game = tmp_path / "game.json"
    sites = [{"id": "a", "city": "gold", "land": ["b"]}, {"id": "b", "city": "iron",
                                                           "land": ["a", "c"]},
             {"id": "c", "city": "marble", "land": ["b"]}]
    for provinces, there in (([], 0), (sites, 1)):
        result = run("new", "--player", "A", "--player", "B", "--player", "C", "--game", game,
                     "--option", json.dumps({"map": {"provinces": provinces}}))
        assert result.exit_code == 1 and not game.exists()
        assert result.output == (f"error: 3 civilizations need 3 city sites of Marble for "
                                 f"their start cities; the map has {there}\n")


def test_on_a_map_words_and_refusals_name_provinces_as_printed(tmp_path):
    game = tmp_path / "game.json"
    board = {"provinces": [
        {"id": f"p{n}", "name": name, "city": ("marble", "iron", "gold")[n % 3],
         "land": [f"p{(n - 1) % 9}", f"p{(n + 1) % 9}"]}
        for n, name in enumerate(["Attica", "Laconia", "Macedonia", "Latium", "Campania",
                                  "Etruria", "Raetia", "Noricum", "Germania"])]}
    cities = {civ: {f"p{3 * i + j}": r for j, r in enumerate(("marble", "iron", "gold"))}
              for i, civ in enumerate(("greeks", "romans", "germans"))}
    new_game(game, "--option", json.dumps({"map": board, "start_cities": cities}))
    act(game, {"type": "rondel", "civ": "greeks", "space": 6})
    result = run("act", json.dumps({"type": "arm", "civ": "greeks",
                                    "units": {"p3": {"legion": 1}}}), "--game", game)
    assert result.output == ("error: units are placed in provinces with an own city: Greeks: "
                             "none in Latium\n")
    after = act(game, {"type": "arm", "civ": "greeks", "units": {"p0": {"legion": 1}}},
                "--lang", "es")
    assert any("Attica" in line for line in after["words"]), after["words"]
