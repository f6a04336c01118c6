"""TETRARCHIA's map is drawn again only when its view changes: a layout that moves it several
times before a frame costs one drawing at most, and a move alone only carries the board's
picture along (the board's shapes are not drawn again)."""
from __future__ import annotations

import pytest
from test_board_motion import entered, shapes


def counting(view, monkeypatch) -> list:
    calls = []
    original = view.draw_board

    def draw_board():
        calls.append(tuple(view.pos))
        original()
    monkeypatch.setattr(view, "draw_board", draw_board)
    return calls


def test_a_moved_map_carries_its_picture_without_drawing_the_board_again(app, window, pump,
                                                                         monkeypatch):
    view = entered(app, window, pump).ids.board
    before = shapes(view)
    calls = counting(view, monkeypatch)
    x, y = view.pos
    for step in (300, 120, 40):                 # a layout's passes before one frame
        view.pos = (x, y + step)
    pump()
    assert calls == []
    for picture in (view._picture, view._overlay_picture):     # float32 on the GPU side
        assert tuple(picture.pos) == pytest.approx(tuple(view.pos), abs=1e-3)
    assert (view._offset.x, view._offset.y) == (-view.x, -view.y)
    moved = shapes(view)                        # the pieces drawn again, 40 px higher
    assert len(moved) == len(before) and moved != before
    view.pos = (x, y)
    pump()
    assert calls == [] and shapes(view) == before


def test_a_resized_map_is_drawn_once_per_frame(app, window, pump, monkeypatch):
    view = entered(app, window, pump).ids.board
    calls = counting(view, monkeypatch)
    width, height = view.size
    view.size = (width - 20, height)
    view.pos = (view.x + 10, view.y)
    view.size = (width - 30, height)
    pump()
    assert len(calls) == 1
