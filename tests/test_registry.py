"""The game registry: each game is its folders, paired one to one, and a new engine package is
found, with its commands, without an edit anywhere else."""
from __future__ import annotations

import json
import sys
import textwrap
from importlib import import_module
from pathlib import Path

import pytest
from click.testing import CliRunner

import forge.engine
from forge import registry
from forge.cli import main
from forge.content import load_doc
from forge.places import SHIPPED_CONTENT

REPO = Path(__file__).resolve().parents[1]


def game_yaml(game_id: str) -> dict:
    return load_doc(SHIPPED_CONTENT / game_id / "game.yaml").data


def shipped_games() -> list[str]:
    return sorted(folder.name for folder in SHIPPED_CONTENT.iterdir()
                  if (folder / "game.yaml").is_file())


# --- the pairing of a game's folders ------------------------------------------------------------

def test_every_engine_package_is_a_game():
    packages = registry.engine_packages()
    assert "forge.engine.tetrarchia" in packages and "forge.engine.conquest" in packages
    assert sorted(engine.package for engine in registry.engines().values()) == packages


@pytest.mark.parametrize("package", registry.engine_packages())
def test_every_engine_has_its_content_cases_and_setup_screen(package):
    engine = registry.load_engine(package)
    assert engine.id in shipped_games(), f"no content/{engine.id}/game.yaml for {package}"
    assert registry.engine_package_named(game_yaml(engine.id), engine.id) == package
    cases = REPO / "tests" / "engine" / engine.short_name / "cases"
    assert list(cases.glob("*.yaml")), f"no case file in {cases.relative_to(REPO)}"
    screen = REPO / "companion" / "screens" / f"{engine.short_name}_setup.py"
    assert screen.is_file(), f"no set-up screen {screen.relative_to(REPO)}"


def games_naming_an_engine() -> list[str]:
    return [game_id for game_id in shipped_games() if "engine" in game_yaml(game_id)]


@pytest.mark.parametrize("game_id", games_naming_an_engine())
def test_every_game_that_names_an_engine_has_it(game_id):
    package = registry.engine_package_named(game_yaml(game_id), game_id)
    assert import_module(package).RULES.name == game_id
    assert registry.engine_for(game_id).package == package


def test_a_kit_only_game_has_no_engine():
    assert "demo" in shipped_games()
    assert registry.engine_for("demo") is None


def test_the_engine_field_names_conquests_package():
    assert game_yaml("conquest-of-the-empire-2")["engine"] == "conquest"
    assert registry.engine_for("conquest-of-the-empire-2").short_name == "conquest"
    assert registry.engine_package_named(game_yaml("tetrarchia"), "tetrarchia") == \
        "forge.engine.tetrarchia"


def test_command_data_comes_from_the_commands_submodule():
    tetrarchia = registry.engine_for("tetrarchia")
    assert "score" in tetrarchia.reports
    assert {spec["name"] for spec in tetrarchia.new_options} >= {"level", "position"}
    assert tetrarchia.help


# --- a new game added by its folder only --------------------------------------------------------

MINIGAME = '''
    """A tiny game: add 1 to 3 to a total, or roll a die and add it; 10 or more wins."""
    from forge.engine.core import Outcome
    from forge.engine.inputs import Int, Record, Text

    class MiniRules:
        name = "minigame"
        rules_version = "1"
        dice_faces = {"6": 6}
        action_schemas = {"add": Record({"amount": Int(1, 3)}, required=("amount",)),
                          "roll": Record({})}
        options_schema = Record({"start": Int(0, 9)})

        def setup(self, options, dice):
            state = {"total": options.get("start", 0), "rng": dice.rng_state}
            return Outcome(state, [{"kind": "total", "total": state["total"]}])

        def apply(self, state, action, dice):
            amount = dice.roll("6", "the roll") if action["type"] == "roll" else action["amount"]
            state["total"] += amount
            state["rng"] = dice.rng_state
            return Outcome(state, [{"kind": "total", "total": state["total"]}])

        def legal_actions(self, state):
            if state["total"] >= 10:
                return []
            return [{"type": "add", "amount": n} for n in (1, 2, 3)] + [{"type": "roll"}]

    RULES = MiniRules()

    def describe(event, tr):
        return f"The total is {event['total']}."
'''

MINIGAME_COMMANDS = '''
    NEW_OPTIONS = ({"name": "start", "type": "int", "default": 0, "min": 0, "max": 9,
                    "help": "The total at the start."},)
'''


@pytest.fixture
def minigame(tmp_path, monkeypatch):
    """A game engine package on forge.engine's path, written in the test's folder."""
    package = tmp_path / "engines" / "minigame"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(textwrap.dedent(MINIGAME), encoding="utf-8")
    (package / "commands.py").write_text(textwrap.dedent(MINIGAME_COMMANDS), encoding="utf-8")
    monkeypatch.setattr(forge.engine, "__path__", [*forge.engine.__path__, str(package.parent)])
    yield registry.engine_for("minigame")
    for name in [name for name in sys.modules if name.startswith("forge.engine.minigame")]:
        del sys.modules[name]


def play(*args):
    result = CliRunner().invoke(main, ["minigame", *map(str, args)])
    assert "Traceback" not in result.output
    return result


def test_a_new_engine_package_is_found(minigame):
    assert minigame is not None and minigame.package == "forge.engine.minigame"
    assert "minigame" in registry.engines()
    assert minigame.short_name == "minigame"
    assert minigame.new_options[0]["name"] == "start"


def test_a_new_game_gets_its_commands(minigame, tmp_path):
    listed = CliRunner().invoke(main, ["--help"])
    assert "minigame" in listed.output
    game = tmp_path / "mini.json"
    result = play("new", "--start", 7, "--seed", 3, "--game", game)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["state"]["total"] == 7
    assert json.loads(result.output)["words"] == ["The total is 7."]
    legal = json.loads(play("legal", "--game", game).output)
    assert {"type": "add", "amount": 3} in legal
    result = play("act", '{"type": "add", "amount": 3}', "--game", game)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["state"]["total"] == 10
    assert json.loads(play("legal", "--game", game).output) == []
    shown = json.loads(play("show", "--log", "--game", game).output)
    assert shown["position"] == 1 and len(shown["log"]) == 2
    assert json.loads(play("undo", "--game", game).output)["state"]["total"] == 7


def test_a_new_games_refusals_are_clear(minigame, tmp_path):
    game = tmp_path / "mini.json"
    assert play("new", "--game", game).exit_code == 0
    result = play("act", '{"type": "add", "amount": 4}', "--game", game)
    assert result.exit_code == 1 and result.output.startswith("error: ")
    assert play("new", "--start", 12, "--game", tmp_path / "other.json").exit_code == 2


def test_a_new_games_save_file_is_named_after_its_package(minigame, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert play("new", "--physical").exit_code == 0
    assert (tmp_path / "minigame-game.json").is_file()
    assert "minigame-game.json" in play("show", "--help").output


@pytest.mark.parametrize("engine, message", [
    ("nothing", "no engine package 'nothing' (engines: antike, conquest, pax_romana, tetrarchia)"),
    ("tetrarchia", "the engine 'tetrarchia' plays 'tetrarchia', not 'demo'")])
def test_a_game_yaml_naming_another_engine_is_refused_at_its_line(content_copy, engine, message):
    from forge.errors import ContentError
    from forge.games import load_game

    game_yaml = content_copy / "demo" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace(
        "id: demo\n", f"id: demo\nengine: {engine}\n"), encoding="utf-8")
    with pytest.raises(ContentError) as refused:
        load_game(content_copy, "demo")
    assert f"game.yaml:6 engine: {message}" in str(refused.value)
