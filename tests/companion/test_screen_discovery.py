"""The companion finds a game's screens from its folders alone: an engine package on
forge.engine's path and `<package>_*` screen modules on companion.screens' path."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ENGINE = '''
class RULES:
    name = "toy-game"


def describe(event, tr):
    return event.get("kind", "")
'''
SETUP = '''
MAIN_SCREEN = "toygame_table"
SETTINGS = {"toygame_colour": "red"}


def player_name(who, tr):
    return who.upper()
'''


@pytest.fixture
def toy_game(tmp_path, monkeypatch):
    """A game with an engine package `toygame` and a set-up screen module, outside the
    checkout."""
    import companion.screens
    import forge.engine

    engines, screens = tmp_path / "engines", tmp_path / "screens"
    (engines / "toygame").mkdir(parents=True)
    (engines / "toygame" / "__init__.py").write_text(ENGINE, encoding="utf-8")
    screens.mkdir()
    (screens / "toygame_setup.py").write_text(SETUP, encoding="utf-8")
    monkeypatch.setattr(forge.engine, "__path__", [*forge.engine.__path__, str(engines)])
    monkeypatch.setattr(companion.screens, "__path__", [*companion.screens.__path__, str(screens)])
    yield "toy-game"
    for name in [m for m in sys.modules if m.endswith((".toygame", ".toygame_setup"))]:
        del sys.modules[name]


def test_a_games_screens_are_found_from_its_folders(toy_game):
    from companion.app import game_module, game_screens, read_settings, screen_module

    assert game_screens(toy_game) == ("toygame_setup", "toygame_table")
    assert game_module(toy_game).player_name("ana", None) == "ANA"
    assert read_settings(Path("/nonexistent/settings.json"))["toygame_colour"] == "red"
    assert screen_module("toygame_log").__name__ == "companion.screens.log"


def test_a_game_without_screens_has_none():
    from companion.app import game_screens

    assert game_screens("demo") is None
    assert game_screens("conquest-of-the-empire-2") == ("conquest_setup", "conquest_books")
