"""The companion in a large desktop window (1280 x 800): every screen still lays out well.

Every button lies inside the window (rows of a scrolled list: at least across it), is at least
48 dp each way and holds its text; no label's text is wider than its widget.
"""
from __future__ import annotations

import pytest

from touch import assert_buttons_fit, walk, window_size

BIG = (1280, 800)
SEED = 7



@pytest.fixture
def big_window(window, pump):
    with window_size(window, BIG, pump):
        yield window


def check(app, window, name, pump) -> None:
    from kivy.uix.button import Button
    from kivy.uix.label import Label

    pump(5)
    assert app.manager.current == name
    assert tuple(window.size) == BIG
    screen = app.screen(name)
    assert tuple(screen.size) == BIG, name
    assert_buttons_fit(screen, window, name)
    for widget in walk(screen):
        if isinstance(widget, Label) and not isinstance(widget, Button) and widget.text:
            assert widget.texture_size[0] <= widget.width + 1, \
                f"{name}: label {widget.text!r} is {widget.texture_size[0]} wide in " \
                f"{widget.width}"


def test_every_screen_fits_a_large_window(app, big_window, pump):
    from touch import tap

    window = big_window
    home = app.screen("home")
    app.show("home")
    check(app, window, "home", pump)
    tap(home.ids.settings_button, pump)
    check(app, window, "settings", pump)
    app.show("home")
    pump()
    tap(home.ids.dice_button, pump)
    check(app, window, "dice", pump)
    app.show("home")
    pump()
    tap(home.ids.new_games.children[0], pump)
    setup = app.screen("tetrarchia_setup")
    setup.seed = SEED
    check(app, window, "tetrarchia_setup", pump)
    tap(setup.ids.start, pump)
    board = app.screen("tetrarchia_board")
    check(app, window, "tetrarchia_board", pump)
    board.play([a for a in board.session.legal_actions() if a["type"] == "enter"][0])
    pump()
    check(app, window, "tetrarchia_board", pump)
    board.show_log()
    check(app, window, "tetrarchia_log", pump)
    app.show("home")                                # the resume list has an entry now
    check(app, window, "home", pump)

    session = board.session
    for _ in range(200):                            # play on to the end of the game
        if session.state.get("outcome"):
            break
        session.act(session.legal_actions()[-1])
    assert session.state.get("outcome")
    board.open(session)
    board.show_end()
    check(app, window, "tetrarchia_end", pump)
