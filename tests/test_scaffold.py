"""`forge new NAME`: a game folder to edit, that validates and builds as it is."""
import pytest
from click.testing import CliRunner

from forge.cli import main
from forge.games import load_game
from forge.i18n import game_catalog_path
from forge.scaffold import SCAFFOLD, new_game, title_of


def forge(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_a_new_game_is_named_after_its_id_and_validates(tmp_path):
    result = forge("new", "river-trade", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    folder = tmp_path / "river-trade"
    assert f"forge validate river-trade --content {tmp_path}" in result.output
    game = load_game(tmp_path, "river-trade")
    assert game.meta["id"] == "river-trade" and game.meta["title"] == "RIVER TRADE"
    assert game.languages == ["en", "es"]
    kinds = {c["draw"] for c in game.meta["components"]}
    assert {"card", "disc", "rules-reference"} <= kinds
    assert game_catalog_path(folder, "river-trade", "es").is_file()
    spanish = game.data("es")
    assert spanish["cards"]["decks"][0]["cards"][0]["title"] != \
        game.data("en")["cards"]["decks"][0]["cards"][0]["title"]
    assert spanish["cards"]["decks"][0]["back"]["title"] == "RIVER TRADE"
    assert forge("validate", "river-trade", "--content", tmp_path).exit_code == 0


def test_the_scaffold_says_what_its_fields_are():
    text = (SCAFFOLD / "game.yaml").read_text(encoding="utf-8")
    commented = [line for line in text.splitlines() if "#" in line]
    assert len(commented) > 20
    assert "__GAME_ID__" in text


@pytest.mark.slow
def test_a_new_game_builds_at_once(tmp_path):
    assert forge("new", "duel", "--out", tmp_path).exit_code == 0
    result = forge("build", "duel", "--content", tmp_path, "--out", tmp_path / "build",
                   "--paper", "a4")
    assert result.exit_code == 0, result.output
    for lang in ("en", "es"):
        kit = tmp_path / "build" / "duel" / lang / "a4"
        assert {"kit.pdf", "cards.pdf", "tokens.pdf", "reference.pdf"} <= \
            {p.name for p in kit.iterdir()}


def test_the_title_is_the_id_in_capitals():
    assert title_of("my_first-game.2") == "MY FIRST GAME.2"
    assert title_of("42") == "42"


def test_a_numeric_id_stays_text(tmp_path):
    new_game("1.5", tmp_path)
    game = load_game(tmp_path, "1.5")
    assert game.meta["id"] == "1.5" and game.meta["title"] == "1.5"


@pytest.mark.parametrize("name", ["my game", "-dash", ".hidden", "a/b", "..", "x" * 65, "é"])
def test_a_name_that_is_not_an_id_is_refused(tmp_path, name):
    result = forge("new", "--out", tmp_path, "--", name)
    assert result.exit_code == 1
    assert "cannot be a game's id" in result.output and "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["tetrarchia", "demo"])
def test_the_id_of_a_game_forge_has_is_refused(tmp_path, name):
    result = forge("new", name, "--out", tmp_path)
    assert result.exit_code == 1 and "already has" in result.output
    assert list(tmp_path.iterdir()) == []


def test_an_existing_folder_is_never_written_into(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me", encoding="utf-8")
    result = forge("new", "mine", "--out", tmp_path)
    assert result.exit_code == 1 and "not empty" in result.output
    assert [p.name for p in mine.iterdir()] == ["notes.txt"]


def test_an_empty_folder_is_filled_and_a_file_is_refused(tmp_path):
    (tmp_path / "empty").mkdir()
    assert forge("new", "empty", "--out", tmp_path).exit_code == 0
    assert (tmp_path / "empty" / "game.yaml").is_file()
    (tmp_path / "taken").write_text("", encoding="utf-8")
    result = forge("new", "taken", "--out", tmp_path)
    assert result.exit_code == 1 and "is not a folder" in result.output


def test_an_out_folder_under_a_file_is_one_clear_error(tmp_path):
    (tmp_path / "file").write_text("", encoding="utf-8")
    result = forge("new", "game", "--out", tmp_path / "file" / "below")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "file" in result.output
