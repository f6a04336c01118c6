"""Where games are found: --content, then the user's games folder, then the shipped games; and
where the user's own folders are."""
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from forge import places
from forge.cli import main
from forge.games import DEFAULT_CONTENT, all_games, find_game, find_games


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output
    return result


@pytest.fixture
def user_games(tmp_path, monkeypatch):
    """An empty user data folder of the test's own."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    folder = tmp_path / "data" / "forge" / "games"
    assert places.user_games_dir() == folder
    return folder


def copy_demo(target: Path, title: str) -> Path:
    """A copy of the demo game in `target`, with its own title (to tell the copies apart)."""
    shutil.copytree(DEFAULT_CONTENT / "demo", target / "demo")
    game_yaml = target / "demo" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace(
        'title: "DEMO: VIA APPIA"', f'title: "{title}"'), encoding="utf-8")
    for catalog in (target / "demo" / "locale").glob("*/LC_MESSAGES/demo.po"):   # translated too
        catalog.write_text(re.sub(
            r'msgctxt "game/title"\nmsgid "DEMO: VIA APPIA"\nmsgstr "[^"]*"',
            f'msgctxt "game/title"\nmsgid "{title}"\nmsgstr "{title}"',
            catalog.read_text(encoding="utf-8")), encoding="utf-8")
    return target / "demo"


def test_with_no_games_of_the_user_the_shipped_games_are_found(user_games):
    found = find_games()
    assert set(found) == {"tetrarchia", "conquest-of-the-empire-2", "antike", "pax-romana", "demo"}
    assert {source.origin for source in found.values()} == {"shipped"}
    assert found["demo"].folder == places.SHIPPED_CONTENT / "demo"


def test_a_users_game_comes_before_the_shipped_one_of_the_same_id(user_games):
    mine = copy_demo(user_games, "MY VIA APPIA")
    assert find_game("demo").folder == mine and find_game("demo").origin == "user"
    assert [s.origin for s in all_games() if s.id == "demo"] == ["user", "shipped"]
    assert find_game("demo").load().meta["title"] == "MY VIA APPIA"
    listing = run("games").output
    assert "demo  (your games folder)" in listing
    assert "demo  (shipped with forge) hidden by the game of the same id above" in listing
    assert "MY VIA APPIA" in listing and str(mine) in listing


def test_content_comes_first_and_may_be_one_games_folder(user_games, tmp_path):
    copy_demo(user_games, "MY VIA APPIA")
    theirs = copy_demo(tmp_path / "downloaded", "THEIR VIA APPIA")
    for content in (theirs.parent, theirs):           # a folder of games, or the game's own
        source = find_game("demo", content)
        assert (source.folder, source.origin) == (theirs.resolve() if content == theirs
                                                  else theirs, "content")
        assert source.load().meta["title"] == "THEIR VIA APPIA"
    assert "tetrarchia" in find_games(theirs)        # the other games are still found


def test_validate_and_build_use_the_game_found_first(user_games, tmp_path):
    mine = copy_demo(user_games, "MY VIA APPIA")
    (mine / "game.yaml").write_text((mine / "game.yaml").read_text(encoding="utf-8")
                                    .replace("version: \"1.0\"", "version: 1.0"),
                                    encoding="utf-8")
    result = run("validate", "demo", "--no-layout")
    assert result.exit_code == 1 and str(mine / "game.yaml") in result.output
    shutil.rmtree(mine)
    copy_demo(user_games, "MY VIA APPIA")
    out = tmp_path / "out"
    result = run("build", "demo", "--lang", "en", "--paper", "a4", "--out", out)
    assert result.exit_code == 0, result.output
    assert (out / "demo" / "en" / "a4" / "kit.pdf").is_file()


def test_unknown_games_and_missing_folders_are_clear_errors(user_games, tmp_path):
    result = run("validate", "nosuchgame")
    assert result.exit_code == 1
    assert "no game 'nosuchgame'" in result.output and "demo, pax-romana, tetrarchia" in result.output
    result = run("games", "--content", tmp_path / "nowhere")
    assert result.exit_code == 1 and "does not exist" in result.output


def test_games_lists_the_search_order_and_a_broken_game_without_failing(user_games):
    (user_games / "broken").mkdir(parents=True)
    (user_games / "broken" / "game.yaml").write_text("id: broken\nlanguages: [en\n",
                                                     encoding="utf-8")
    result = run("games")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1] == f"  1. your games folder: {user_games}"
    assert lines[2] == f"  2. shipped with forge: {places.SHIPPED_CONTENT}"
    assert "run 'forge validate broken'" in result.output


def test_translations_of_an_installed_forge_leave_the_shipped_catalogs_alone(
        user_games, monkeypatch):
    mine = copy_demo(user_games, "MY VIA APPIA")
    monkeypatch.setattr(places, "is_checkout", lambda: False)
    result = run("translations", "update")
    assert result.exit_code == 0, result.output
    written = [Path(line.split(":")[0]).resolve() for line in result.output.splitlines()]
    catalogs = list((mine / "locale").glob("*/LC_MESSAGES/demo.po"))
    assert len(written) == len(catalogs) > 2, result.output     # the demo copy's catalogs
    assert all(path.is_relative_to(mine.resolve()) for path in written), written


def test_user_folders_follow_xdg_and_ignore_a_relative_value(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert places.user_config_dir() == tmp_path / "config" / "forge"
    assert places.user_cache_dir() == tmp_path / "home" / ".cache" / "forge"


def test_the_companion_keeps_its_games_in_the_user_data_folder_and_takes_old_ones_along(
        user_games, monkeypatch, tmp_path):
    from companion.store import desktop_data_dir

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    old = tmp_path / "config" / "companion"
    (old / "games" / "g1").mkdir(parents=True)
    (old / "settings.json").write_text('{"lang": "es"}', encoding="utf-8")
    (old / "games" / "g1" / "meta.json").write_text("{}", encoding="utf-8")
    folder = desktop_data_dir()
    assert folder == user_games.parent / "companion"
    assert (folder / "settings.json").read_text(encoding="utf-8") == '{"lang": "es"}'
    assert (folder / "games" / "g1" / "meta.json").is_file() and (old / "settings.json").is_file()
    (folder / "settings.json").write_text('{"lang": "en"}', encoding="utf-8")
    assert desktop_data_dir() == folder                    # copied once, never over newer files
    assert (folder / "settings.json").read_text(encoding="utf-8") == '{"lang": "en"}'
