"""forge pax-romana: a game driven through the command line, JSON in and out."""
import json

from cli_game import GameCommands

GREECE = {"power": "greece", "units": {"heavy_infantry": 5, "light_infantry": 6},
          "leader": {"tactical": 2, "campaign": 4}}
EAST = {"power": "east", "units": {"heavy_infantry": 3, "light_infantry": 2},
        "leader": {"tactical": 1, "campaign": 5}}


COMMANDS = GameCommands("pax-romana")
run, act = COMMANDS.run, COMMANDS.act


def test_a_battle_through_the_command_line_with_the_tables_dice(tmp_path):
    game = tmp_path / "game.json"
    result = run("new", "--physical", "--game", game)
    assert result.exit_code == 0, result.output
    state = json.loads(result.output)["state"]
    assert state["phase"] == "activation" and state["format"] == "advanced"
    after = act(game, {"type": "battle", "attacker": GREECE, "defender": EAST}, "--dice", "3,5")
    assert after["state"]["battle"]["net"] == {"side": "attacker", "shifts": 3}
    assert "Greece: 2 shifts for the battle ratio (10.51 step 4)" in after["words"]
    legal = json.loads(run("legal", "--game", game).output)
    assert [a["raise"] for a in legal] == [0, 1, 2, 3]
    after = act(game, {"type": "allocate", "side": "attacker", "raise": 0})
    assert after["state"]["battle"]["loss_percent"] == {"attacker": 20, "defender": 30}
    act(game, {"type": "retreat", "side": "defender", "choice": "stay"})
    after = act(game, {"type": "retreat", "side": "attacker", "choice": "none"})
    assert after["state"]["battle"]["loss"] == {"attacker": 4, "defender": 3}
    refused = run("act", json.dumps({"type": "losses", "side": "attacker",
                                     "eliminate": {"heavy_infantry": 1}}), "--game", game)
    assert refused.exit_code != 0 and "this absorbs 3 BP of a loss of 4" in refused.output
    act(game, {"type": "losses", "side": "attacker",
               "eliminate": {"heavy_infantry": 1, "light_infantry": 1}})
    done = act(game, {"type": "losses", "side": "defender", "eliminate": {"heavy_infantry": 1}},
               "--dice", "3,4,2,2")
    assert done["state"]["battle"] is None
    assert done["state"]["last"]["winner"] == "attacker"
    assert run("undo", "--game", game).exit_code == 0
    shown = json.loads(run("show", "--game", game).output)
    assert shown["state"]["battle"]["stage"] == "losses"


def test_new_options_the_books_and_words_in_spanish(tmp_path):
    game = tmp_path / "game.json"
    result = run("new", "--power", "rome", "--power", "carthage", "--format", "basic",
                 "--first-turn", "2", "--seed", "7", "--game", game)
    assert result.exit_code == 0, result.output
    state = json.loads(result.output)["state"]
    assert sorted(state["powers"]) == ["carthage", "rome"] and state["game"] == "standard"
    assert state["turn"] == 2 and state["last_turn"] == 6
    act(game, {"type": "adjust", "power": "rome", "treasury": 6, "vp": 3, "heavy": 4})
    after = act(game, {"type": "militia", "power": "rome"}, "--lang", "es")
    assert after["state"]["last"]["kind"] == "militia" and after["words"]
    books = json.loads(run("books", "--game", game).output)["powers"]
    assert books[0]["power"] == "rome" and books[0]["place"] == 1
    assert books[0]["treasury"] == 6 and books[0]["max_manpower"] in (30, 20)
    assert {"band", "gop", "cvp", "galleys", "leaders", "elite_box", "objectives",
            "temporary"} <= set(books[0])


def test_legal_lists_the_waiting_event_and_the_forces_on_the_map(tmp_path):
    game = tmp_path / "game.json"
    assert run("new", "--physical", "--game", game).exit_code == 0
    act(game, {"type": "draw-card", "power": "east", "card": "pontus"})
    act(game, {"type": "play-card", "power": "east", "card": "pontus"})
    legal = json.loads(run("legal", "--game", game).output)
    assert {"type": "resolve", "power": "east", "asks": ["empty_pontic_space"],
            "open": ["facts"]} in legal
    act(game, {"type": "resolve", "facts": {"empty_pontic_space": True}})
    legal = json.loads(run("legal", "--game", game).output)
    steps = {a["step"] for a in legal if a["type"] == "force" and a["force"] == "pontus"}
    assert steps == {"activate", "losses", "remove"}
    assert not [a for a in legal if a["type"] == "resolve"]


def test_books_show_the_elite_leaders_box_and_the_forces_on_the_map(tmp_path):
    game = tmp_path / "game.json"
    assert run("new", "--physical", "--game", game).exit_code == 0
    act(game, {"type": "draw-card", "power": "east", "card": "pontus"})
    act(game, {"type": "play-card", "power": "east", "card": "pontus"})
    act(game, {"type": "resolve", "facts": {"empty_pontic_space": True}})
    for _ in range(7):
        act(game, {"type": "next-phase"})
    act(game, {"type": "set-leaders", "power": "carthage",
               "leaders": [{"name": "Hannibal", "tactical": 4, "campaign": 6, "elite": True}]})
    while json.loads(run("show", "--game", game).output)["state"]["phase"] != "elimination":
        act(game, {"type": "next-phase"})
    books = json.loads(run("books", "--game", game).output)
    carthage = next(row for row in books["powers"] if row["power"] == "carthage")
    assert carthage["elite_box"] == [{"name": "Hannibal", "tactical": 4, "campaign": 6,
                                      "elite": True, "returns": 4}]
    assert [(f["force"], f["owner"]) for f in books["forces"]] == [("pontus", "east")]
