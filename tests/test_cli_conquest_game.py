"""Issue 16: a whole game of Conquest (tests/conquest_whole_game.yaml: 4 seasons, a senate vote,
eight immediate cards, a battle) played through the JSON commands, as a user would: `new`, then
`act` per step, then `standings`, which must be the plan's."""
import json
from pathlib import Path

import yaml
from click.testing import CliRunner

from forge.cli.play import game_group

PLAN = yaml.safe_load((Path(__file__).parent / "conquest_whole_game.yaml").read_text("utf-8"))
conquest = game_group("conquest-of-the-empire-2")


def run(args, tmp_path):
    result = CliRunner().invoke(conquest, args + ["--game", str(tmp_path / "g.json")])
    assert result.exit_code == 0, (args, result.output, result.exception)
    return json.loads(result.output)


def test_the_whole_game_plan_ends_in_its_standings(tmp_path):
    new = ["new", "--seed", str(PLAN["seed"]), "--first", PLAN["first"],
           "--option", json.dumps({"influence": PLAN["influence"]})]
    for player in PLAN["players"]:
        new += ["--player", player]
    run(new, tmp_path)
    seasons = set()
    for step in PLAN["steps"]:
        shown = run(["act", json.dumps(step)], tmp_path)
        seasons.add(shown["state"]["season"])
    assert seasons == {1, 2, 3, 4}
    state = run(["show"], tmp_path)["state"]
    assert state["phase"] == "over"
    assert state["result"]["standings"] == PLAN["standings"]
    assert run(["standings"], tmp_path) == PLAN["standings"]
    assert run(["legal"], tmp_path) == []


def test_the_plan_holds_what_issue_16_asks():
    """4 seasons ended, a senate vote, at least four immediate cards (of four kinds at least)."""
    kinds = [step["type"] for step in PLAN["steps"]]
    assert kinds.count("end-season") == 4
    assert "call-vote" in kinds and "vote-bid" in kinds
    played = [step["card"] for step in PLAN["steps"] if step["type"] == "play-card"]
    assert len(played) >= 4
    assert {card.split("-")[0] for card in played} >= {"political", "city", "senator", "fleet",
                                                      "barbarians"}
    assert "battle" in kinds and "roll" in kinds
