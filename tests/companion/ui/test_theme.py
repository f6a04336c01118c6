"""The companion's colours follow the game being played, neutral before one is chosen."""
from __future__ import annotations

from touch import tap

CONQUEST = "conquest-of-the-empire-2"


def test_the_theme_follows_the_game_being_played(app, pump):
    from companion.app import theme_of

    home = app.screen("home")
    pump()
    assert app.game_id == "" and app.theme == theme_of("", app.content_dir)
    tap(next(b for b in home.ids.new_games.children if b.game_id == CONQUEST), pump)
    assert app.manager.current == "conquest_setup"
    assert app.game_id == CONQUEST
    assert app.theme == theme_of(CONQUEST, app.content_dir)
    app.show("home")
    pump()
    assert app.game_id == "" and app.theme == theme_of("", app.content_dir)
