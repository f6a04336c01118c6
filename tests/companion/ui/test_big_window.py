"""The companion in large windows (tablet landscape 1280 x 800 and portrait 800 x 1280): every
screen still lays out well, and a Tetrarchia turn is played by taps.

Every button lies inside the window (rows of a scrolled list: at least across it), is at least
48 dp each way and holds its text; no label's text is wider than its widget.
"""
from __future__ import annotations

import pytest

from touch import assert_buttons_fit, walk, window_size

BIG = (1280, 800)
TALL = (800, 1280)
SEED = 7



@pytest.fixture(params=[BIG, TALL], ids=["landscape", "tablet"])
def big_window(window, pump, request):
    with window_size(window, request.param, pump):
        yield window


def check(app, window, name, pump) -> None:
    from kivy.uix.button import Button
    from kivy.uix.label import Label

    pump(5)
    assert app.manager.current == name
    screen = app.screen(name)
    assert tuple(screen.size) == tuple(window.size), name
    assert_buttons_fit(screen, window, name)
    for widget in walk(screen):
        if isinstance(widget, Label) and not isinstance(widget, Button) and widget.text \
                and not widget.shorten:
            assert widget.texture_size[0] <= widget.width + 1, \
                f"{name}: label {widget.text!r} is {widget.texture_size[0]} wide in " \
                f"{widget.width}"


def test_every_screen_fits_a_large_window(app, big_window, pump):
    """Every screen, reached by taps; a Tetrarchia turn played to the barbarian phase and
    through it by taps on buttons scrolled into view and found inside the window."""
    from test_tetrarchia_layouts import action_button, press

    window = big_window
    home = app.screen("home")
    app.show("home")
    check(app, window, "home", pump)
    press(home.ids.settings_button, window, pump)
    check(app, window, "settings", pump)
    app.show("home")
    pump()
    press(home.ids.dice_button, window, pump)
    check(app, window, "dice", pump)
    app.show("home")
    pump()
    press(home.ids.new_games.children[0], window, pump)
    setup = app.screen("tetrarchia_setup")
    setup.seed = SEED
    check(app, window, "tetrarchia_setup", pump)
    press(setup.ids.start, window, pump)
    if app.manager.current == "tetrarchia_guide":
        press(app.screen("tetrarchia_guide").ids.play, window, pump)
    board = app.screen("tetrarchia_board")
    check(app, window, "tetrarchia_board", pump)
    press(action_button(board, "Enter ROMA"), window, pump)
    check(app, window, "tetrarchia_board", pump)
    for button in list(reversed(board.ids.actions.children)):     # every row can be reached
        press(button, window, pump) if button.action["type"] == "protect" else \
            __import__("test_tetrarchia_layouts").reach(button, window, pump)
    press(action_button(board, "End turn"), window, pump)
    assert board.steps
    while board.steps:
        check(app, window, "tetrarchia_board", pump)
        done = board.step_button
        last = done.text == "Done"
        press(done, window, pump)
        if last:
            break
    assert not board.steps and board.session.state["turn"] == "galerius"
    press(board.ids.log, window, pump)
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
    press(app.screen("tetrarchia_end").ids.home, window, pump)
    assert app.manager.current == "home"
