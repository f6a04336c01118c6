"""TETRARCHIA's map in motion, by taps: a moved piece glides from its old province to its new one
and ends exactly where the map without motion draws it; taps are handled during a glide; undo
jumps; with the "motion" setting off nothing moves. And the map's box has the board's shape at
the three sizes of a table (no empty parchment bands round the drawn board).

Screenshots (a frame in the middle of a glide too) go to pytest's folder, or to $FORGE_SHOTS.
"""
from __future__ import annotations

import time

import pytest
from test_tetrarchia_layouts import (
    SIZES,
    UPRISING_SEED,
    action_button,
    press,
    shots_folder,
    start_by_taps,
)
from touch import screenshot, tap, tap_province, window_size

EMPEROR = ("figure", "APVLIA")          # Diocletian's figure once he has moved to APVLIA


@pytest.fixture
def slow(monkeypatch):
    """Glides of 3 s: a frame under Xvfb takes up to 0.1 s, a tap several frames; the middle of
    a glide is then still to come when the test looks."""
    monkeypatch.setattr("companion.screens.tetrarchia_boardview.GLIDE_SECONDS", 3.0)
    monkeypatch.setattr("companion.screens.tetrarchia_boardview.PULSE_SECONDS", 3.0)


def settle(view, pump, seconds: float = 10.0) -> None:
    """Let the clock run until the map's glide and pulse are over."""
    deadline = time.monotonic() + seconds
    while view.gliding:
        assert time.monotonic() < deadline, "the glide never ended"
        pump(1)
    pump()


def entered(app, window, pump):
    """A new game by taps; Diocletian enters ROMA (a piece put on the board: nothing glides)."""
    board = start_by_taps(app, window, pump, UPRISING_SEED)
    press(action_button(board, "Enter ROMA"), window, pump)
    settle(board.ids.board, pump)
    return board


def shapes(view) -> list:
    """What the map's pieces and motion layers draw: each instruction with its colour, place
    and size (a screenshot's pixels under Xvfb may hold stray rows from a resize)."""
    out = []
    for group in (view._pieces, view._moving):
        for item in group.children:
            out.append((type(item).__name__,
                        *(tuple(getattr(item, name, None) or ()) for name in
                          ("rgba", "pos", "size", "circle", "xy"))))
    return out


@pytest.mark.parametrize("size", list(SIZES))
def test_a_moved_emperor_glides_and_ends_on_his_province(app, window, pump, shots, size, slow):
    folder = shots_folder(shots)
    with window_size(window, SIZES[size], pump):
        board = entered(app, window, pump)
        view = board.ids.board
        start = view.centre_of("ROMA")
        press(action_button(board, "Move to APVLIA"), window, pump)
        assert board.session.state["emperors"]["diocletian"]["at"] == "APVLIA"
        assert view.gliding and EMPEROR in view._moves
        assert view._moves[EMPEROR] == "ROMA"
        assert "APVLIA" in view._pulsed and "ROMA" in view._pulsed
        pump(2)
        middle = view.drawn_at(EMPEROR)
        end = view.centre_of("APVLIA")
        assert middle != end, "the figure jumped"
        # on the way: between ROMA and APVLIA, nearer APVLIA than when it left
        assert min(start[0], end[0]) - 1 <= middle[0] <= max(start[0], end[0]) + 1
        screenshot(window, folder, f"motion-{size}-mid-move", pump)
        settle(view, pump)
        assert view.drawn_at(EMPEROR) == end
        assert not view._shifts and not view._moving.length()
        screenshot(window, folder, f"motion-{size}-after-move", pump)
        # the last frame is the state as the map draws it without motion
        after = shapes(view)
        state = view.state
        view.state = None
        pump()
        view.state = state
        pump()
        assert shapes(view) == after


def test_a_tap_during_the_glide_is_handled(app, window, pump, slow):
    board = entered(app, window, pump)
    view = board.ids.board
    press(action_button(board, "Move to APVLIA"), window, pump)
    assert view.gliding
    tap_province(board, "CAMPANIA", pump)          # the map answers a tap at once
    assert board.popup is not None and board.popup.province == "CAMPANIA"
    board.close_popup()
    assert view.gliding
    # an action tapped mid-glide: played, and the glide ends where the new state puts it
    press(action_button(board, "End turn"), window, pump)
    assert board.session.log()[-1]["action"]["type"] == "end_turn"
    settle(view, pump)
    assert view.drawn_at(("figure", "APVLIA")) == view.centre_of("APVLIA")


def test_motion_off_moves_nothing(app, window, pump):
    app.settings["motion"] = False
    board = entered(app, window, pump)
    view = board.ids.board
    press(action_button(board, "Move to APVLIA"), window, pump)
    assert not view.gliding and not view._moves and not view._moving.length()
    assert view.drawn_at(EMPEROR) == view.centre_of("APVLIA")
    press(action_button(board, "End turn"), window, pump)
    while board.steps:
        press(board.step_button, window, pump)
        assert not view.gliding


def test_undo_jumps_back(app, window, pump):
    board = entered(app, window, pump)
    view = board.ids.board
    press(action_button(board, "Move to APVLIA"), window, pump)
    settle(view, pump)
    tap(board.ids.log, pump)
    log = app.screen("tetrarchia_log")
    button = next(b for b in log.ids.entries.children if getattr(b, "entry_index", None) == 1)
    tap(button, pump)
    tap(log.popup.yes, pump)
    assert app.manager.current == "tetrarchia_board"
    assert board.session.state["emperors"]["diocletian"]["at"] == "ROMA"
    assert not view.gliding
    assert view.drawn_at(("figure", "ROMA")) == view.centre_of("ROMA")
    assert view.drawn_at(EMPEROR) is None


def test_the_barbarian_armies_glide_step_by_step(app, window, pump, shots, slow):
    """Each step of the walk-through glides the armies it moved (none of the others)."""
    from companion.screens.tetrarchia_board import step_moves

    folder = shots_folder(shots)
    with window_size(window, SIZES["landscape"], pump):
        board = entered(app, window, pump)
        view = board.ids.board
        press(action_button(board, "End turn"), window, pump)
        glided = 0
        while True:
            moves = step_moves(board.steps[board.step_index], board.session.state)
            assert view._moves == moves
            if moves:
                assert view.gliding
                pump(4)
                key = next(iter(moves))
                assert view.drawn_at(key) != view.centre_of(key[1])
                screenshot(window, folder, f"motion-landscape-army-{glided}", pump)
                settle(view, pump)
                assert view.drawn_at(key) == view.centre_of(key[1])
                glided += 1
            if board.step_index == len(board.steps) - 1:
                break
            press(board.step_button, window, pump)
        assert glided, "no step of this End turn moved an army"
