"""The companion plays RACE (tests/newgame/), a game added by its folders alone: its content in
the user's games folder, its engine and screens on their packages' paths. Home offers it, its
set-up screen starts it, its table plays it by taps, the shared log undoes, the resume list
reads its progress."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from touch import screenshot, tap

NEWGAME = Path(__file__).resolve().parents[2] / "newgame"
sys.path.insert(0, str(NEWGAME))

from install import race  # noqa: E402,F401  (the fixture)


def new_game_button(home, title: str):
    for button in home.ids.new_games.children:
        if button.text.endswith(title):
            return button
    raise LookupError([b.text for b in home.ids.new_games.children])


@pytest.mark.usefixtures("race")
def test_the_companion_plays_a_game_it_was_never_told_about(app, window, pump, shots):
    from companion.app import theme_of

    home = app.screen("home")
    app.show("home")
    home.refresh()
    pump()
    tap(new_game_button(home, "Race"), pump)
    assert app.manager.current == "race_setup"
    setup = app.screen("race_setup")
    setup.seed = 11
    tap(setup.ids.players3, pump)
    screenshot(window, shots, "race-setup", pump)
    tap(setup.ids.start, pump)
    assert app.manager.current == "race_table"
    table = app.screen("race_table")
    assert app.theme == theme_of("race")                  # the game's own palette
    assert table.turn_text == "Player 1"
    tap(table.ids.roll, pump)
    state = table.session.state
    assert state["turn"] == 1 and state["steps"]["p1"] >= 1
    assert table.message.startswith("p1 rolls ")
    assert "Player 1: step" in table.standing_text and table.turn_text == "Player 2"
    screenshot(window, shots, "race-table", pump)
    tap(table.ids.log, pump)
    assert app.manager.current == "race_log"
    app.show("home")
    home.refresh()
    pump()
    entries = [w.text for w in home.ids.saved_games.children]
    assert any(text.endswith("\nPlayer 2") for text in entries), entries
