"""A new game is added by its folders alone: RACE (tests/newgame/) has content, an engine, two
screens and case files, and the command line and the case runner find it without an edit
anywhere else (the companion's part is tests/companion/ui/test_race_companion.py)."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

NEWGAME = Path(__file__).resolve().parent / "newgame"
sys.path.insert(0, str(NEWGAME))

import install  # noqa: E402
from install import race  # noqa: E402,F401  (the fixture)

from forge.cli import main  # noqa: E402


@pytest.mark.usefixtures("race")
def test_the_registry_finds_the_game_by_its_engine_folder():
    from forge.i18n import Translator
    from forge.registry import engine_for

    engine = engine_for("race")
    assert engine is not None and engine.short_name == "race"
    won = {"kind": "won", "player": "p2"}
    assert engine.describe(won, Translator("en")) == "p2 wins the race."
    assert engine.describe(won, Translator("es")) == "p2 gana la carrera."   # its own catalog


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.usefixtures("race")
def test_the_command_line_plays_it(tmp_path):
    saved = tmp_path / "race.json"
    assert "race" in run("--help")
    new = json.loads(run("race", "new", "--players", "3", "--seed", "4", "--game", saved))
    assert new["words"] == ["3 players race to step 12."]
    legal = json.loads(run("race", "legal", "--game", saved))
    assert legal == [{"type": "roll", "player": "p1"}]
    moved = json.loads(run("race", "act", json.dumps(legal[0]), "--game", saved))
    assert moved["words"][0].startswith("p1 rolls ")
    standing = json.loads(run("race", "standing", "--game", saved))
    assert list(standing) == ["p1", "p2", "p3"] and standing["p1"] >= 1
    refused = CliRunner().invoke(main, ["race", "act", '{"type": "roll", "player": "p1"}',
                                        "--game", str(saved)])
    assert refused.exit_code == 1 and "it is p2's turn" in refused.output
    run("race", "undo", "--game", saved)
    assert json.loads(run("race", "show", "--game", saved))["state"]["steps"]["p1"] == 0


@pytest.mark.usefixtures("race")
def test_its_words_come_from_its_own_catalog(tmp_path):
    from forge import i18n

    assert "{player} wins the race." in i18n.code_messages().games["race"]
    assert "{player} wins the race." not in i18n.code_messages().shared
    saved = tmp_path / "race.json"
    new = json.loads(run("race", "new", "--seed", "4", "--game", saved, "--lang", "es"))
    assert new["words"] == ["2 jugadores corren hasta el paso 12."]
    assert "All catalogs complete." in run("translations", "check", "--content", install.CONTENT)


@pytest.mark.usefixtures("race")
def test_its_content_is_validated_listed_and_built(tmp_path):
    content = install.CONTENT
    assert "race  (--content)" in run("games", "--content", content)
    assert "1 game(s) valid: race" in run("validate", "race", "--content", content)
    run("build", "race", "--content", content, "--lang", "es", "--paper", "a4",
        "--out", tmp_path)
    assert (tmp_path / "race" / "es" / "a4" / "kit.pdf").is_file()


def test_the_shared_case_runner_plays_its_cases():
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(NEWGAME), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "install", "-p",
                           "no:cacheprovider", "tests/engine/test_cases.py", "-k", "race/"],
                          cwd=NEWGAME.parent.parent, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 passed" in done.stdout, done.stdout
