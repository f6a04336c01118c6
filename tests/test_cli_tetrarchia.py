"""forge tetrarchia: a game driven through the command line, JSON in and out."""
import json
import os

from click.testing import CliRunner

from forge.cli import main


def run(*args):
    result = CliRunner().invoke(main, ["tetrarchia", *[str(a) for a in args]])
    assert "Traceback" not in result.output
    return result


def test_a_seeded_game_new_act_undo_show(tmp_path):
    game = tmp_path / "game.json"
    result = run("new", "--seed", 7, "--game", game, "--lang", "es")
    assert result.exit_code == 0, result.output
    state = json.loads(result.output)["state"]
    assert state["turn"] == "diocletian" and state["pi"] == 6
    legal = json.loads(run("legal", "--game", game).output)
    assert {"type": "enter", "province": "ROMA", "cost": 0} in legal
    result = run("act", '{"type": "enter", "province": "ROMA"}', "--game", game, "--lang", "es")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["words"] == ["Diocleciano entra en el tablero en ROMA."]
    result = run("act", '{"type": "end_turn"}', "--game", game)
    assert result.exit_code == 0, result.output
    after = json.loads(result.output)
    assert after["state"]["turn"] == "galerius"
    assert any(r["reason"] for r in after["rolls"])
    result = run("undo", "--game", game)
    assert json.loads(result.output)["position"] == 1
    shown = json.loads(run("show", "--log", "--game", game).output)
    assert shown["state"]["turn"] == "diocletian" and len(shown["log"]) == 3
    score = json.loads(run("score", "--game", game).output)
    assert score["max"] == 10 and "total" in score


def test_an_illegal_action_says_why_and_changes_nothing(tmp_path):
    game = tmp_path / "game.json"
    run("new", "--seed", 7, "--game", game)
    before = game.read_bytes()
    result = run("act", '{"type": "move", "to": "ROMA"}', "--game", game)
    assert result.exit_code == 1
    assert result.output.startswith("error: ") and len(result.output) > 15
    assert game.read_bytes() == before


def test_malformed_action_json(tmp_path):
    game = tmp_path / "game.json"
    run("new", "--seed", 7, "--game", game)
    result = run("act", "{type: move", "--game", game)
    assert result.exit_code == 1 and "not valid JSON" in result.output


def test_physical_dice_say_which_roll_is_needed(tmp_path):
    game = tmp_path / "game.json"
    result = run("new", "--physical", "--game", game)
    assert result.exit_code == 1
    assert "roll 1 needed: the 6 die" in result.output and "--dice" in result.output
    assert not game.exists()


def test_a_corrupt_save_is_kept_aside(tmp_path):
    game = tmp_path / "game.json"
    assert run("new", "--seed", "3", "--game", game).exit_code == 0
    half = game.read_text(encoding="utf-8")[:500]
    game.write_text(half, encoding="utf-8")
    result = run("show", "--game", game)
    assert result.exit_code == 1
    assert "cannot be used" in result.output
    kept = list(tmp_path.glob("game.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == half


def test_a_new_game_keeps_the_save_it_takes_the_place_of(tmp_path):
    game = tmp_path / "game.json"
    assert run("new", "--seed", "3", "--game", game).exit_code == 0
    run("act", '{"type": "end_turn"}', "--game", game)
    played = game.read_text(encoding="utf-8")
    result = run("new", "--seed", "4", "--game", game)
    assert result.exit_code == 0
    kept = list(tmp_path.glob("game.json.replaced-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == played
    assert json.loads(result.output)["replaced"] == str(kept[0])
    assert game.read_text(encoding="utf-8") != played


def test_a_refused_new_game_leaves_the_save_where_it_was(tmp_path):
    game = tmp_path / "game.json"
    assert run("new", "--seed", "3", "--game", game).exit_code == 0
    before = game.read_text(encoding="utf-8")
    assert run("new", "--option", "[1]", "--game", game).exit_code != 0
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    assert game.read_text(encoding="utf-8") == before


def test_a_file_that_is_not_a_save_is_never_moved_nor_replaced(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("{my notes}", encoding="utf-8")
    for command in (("show",), ("new", "--seed", "3"), ("act", '{"type": "end_turn"}')):
        result = run(*command, "--game", notes)
        assert result.exit_code == 1 and "is not a saved game" in result.output
        assert "Traceback" not in result.output
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]
    assert notes.read_text(encoding="utf-8") == "{my notes}"


def test_start_from_a_hand_written_position(tmp_path):
    position = tmp_path / "position.json"
    position.write_text(json.dumps({"turn": "maximian",
                                    "figures": {"GERMANIA_SVPERIOR": "maximian",
                                                "NARBONENSIS": "army"},
                                    "discs": {"NARBONENSIS": "revolt"}}), encoding="utf-8")
    game = tmp_path / "game.json"
    result = run("new", "--seed", 1, "--position", position, "--game", game)
    assert result.exit_code == 0, result.output
    result = run("act", '{"type": "attack", "target": "NARBONENSIS"}', "--dice", "6,1",
                 "--game", game)
    assert result.exit_code == 0, result.output
    state = json.loads(result.output)["state"]
    assert state["figures"].get("NARBONENSIS") == "maximian" and state["pi"] == 4


def test_an_action_or_position_file_that_never_ends_is_refused_unread(tmp_path):
    game = tmp_path / "game.json"
    assert run("new", "--seed", 1, "--game", game).exit_code == 0
    saved = game.read_bytes()
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    huge = tmp_path / "huge.json"
    with huge.open("wb") as stream:
        stream.truncate(17 * 1024 * 1024)      # sparse: takes no room on the disk
    for name, said in (("/dev/zero", "is not a regular file"), (pipe, "is not a regular file"),
                       (huge, "is too large: at most 16 MB")):
        result = run("act", "--game", game, f"@{name}")
        assert result.exit_code == 1 and said in result.output, result.output
        result = run("new", "--seed", 1, "--position", name, "--game", tmp_path / "other.json")
        assert result.exit_code == 1 and said in result.output, result.output
    assert game.read_bytes() == saved
