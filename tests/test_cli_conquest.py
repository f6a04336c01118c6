"""`forge conquest-of-the-empire-2 ...` through click's runner: JSON in, JSON out, saves."""
import json

from click.testing import CliRunner

from forge.cli.play import game_group

conquest = game_group("conquest-of-the-empire-2")


def run(args, tmp_path):
    result = CliRunner().invoke(conquest, args + ["--game", str(tmp_path / "g.json")])
    return result


def test_new_act_undo_show(tmp_path):
    result = run(["new", "--player", "juan", "--player", "carlos", "--first", "juan"], tmp_path)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["state"]["auction"]["opener"] == "juan"
    bid = json.dumps({"type": "bid", "player": "juan", "amount": 0, "a": "juan", "b": "carlos"})
    result = run(["act", bid, "--lang", "es"], tmp_path)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["words"]
    result = run(["act", json.dumps({"type": "auction-pass", "player": "carlos"})], tmp_path)
    assert json.loads(result.output)["state"]["order"] == ["juan", "carlos"]
    legal = json.loads(run(["legal"], tmp_path).output)
    assert {"type": "pass", "player": "juan"} in legal
    result = run(["act", json.dumps({"type": "pass", "player": "carlos"})], tmp_path)
    assert result.exit_code != 0 and "juan's turn" in str(result.exception)
    assert json.loads(run(["undo"], tmp_path).output)["position"] == 1
    shown = json.loads(run(["show"], tmp_path).output)
    assert shown["state"]["phase"] == "auction"
    table = json.loads(run(["standings"], tmp_path).output)
    assert [row["player"] for row in table] == ["juan", "carlos"]
