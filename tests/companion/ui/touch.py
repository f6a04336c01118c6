"""Driving the real app in tests: a finger's tap, a window size and a screenshot."""
from __future__ import annotations

import time
from contextlib import contextmanager

from PIL import Image


def tap(widget, pump) -> None:
    """Touch a widget at its centre, as a finger would, and let the app react."""
    from kivy.tests.common import UnitTestTouch

    touch = UnitTestTouch(*widget.to_window(*widget.center))
    touch.touch_down()
    touch.touch_up()
    pump()


def tap_province(board, province, pump) -> None:
    """A finger on a province's circle of a board screen's map (its `ids.board`)."""
    view = board.ids.board

    class Spot:
        def __init__(self):
            self.center = view.centre_of(province)

        def to_window(self, x, y):
            return view.to_window(x, y)

    tap(Spot(), pump)


def wait_for_surface(window, pump, seconds: float = 5.0) -> None:
    """Draw frames until the window's GL surface has the window's size.

    Kivy resizes the X window on a later clock tick and the X server answers when it likes; a
    screenshot read before then copies rows the surface does not have (a black band).
    """
    deadline = time.monotonic() + seconds
    pump()
    while tuple(window._win._get_gl_size()) != tuple(window.size):
        assert time.monotonic() < deadline, \
            f"the window surface stayed {window._win._get_gl_size()}, not {window.size}"
        time.sleep(0.02)
        pump(1)
    pump()


@contextmanager
def window_size(window, size, pump):
    """The window at `size` for the block, and back at its old size after it."""
    old = tuple(window.size)
    window.size = size
    wait_for_surface(window, pump)
    try:
        yield window
    finally:
        window.size = old
        wait_for_surface(window, pump)


def screenshot(window, folder, name, pump) -> Image.Image:
    """Save the window as PNG (Kivy numbers the file) and open it.

    Kivy reads the pixels from the back buffer, whose contents are undefined after a buffer
    swap (Xvfb's Mesa sometimes leaves garbage there); the window is drawn into it first.
    """
    wait_for_surface(window, pump)
    window.dispatch("on_draw")
    path = window.screenshot(str(folder / f"{name}.png"))
    with Image.open(path) as image:
        image.load()
        return image


def walk(widget):
    """A widget and all its descendants."""
    yield widget
    for child in widget.children:
        yield from walk(child)


def assert_buttons_fit(screen, window, name: str) -> None:
    """Every button of a screen: at least 48 dp each way, inside the window (rows of a scrolled
    list: at least across it), and holding its text."""
    from kivy.metrics import dp
    from kivy.uix.button import Button
    from kivy.uix.scrollview import ScrollView

    scrolled = {id(w) for s in walk(screen) if isinstance(s, ScrollView)
                for w in walk(s) if w is not s}
    buttons = [w for w in walk(screen) if isinstance(w, Button)]
    assert buttons, name
    for widget in buttons:
        left, bottom = widget.to_window(widget.x, widget.y)
        right, top = widget.to_window(widget.right, widget.top)
        where = f"{name}: {widget.text!r} at {left:.0f},{bottom:.0f}-{right:.0f},{top:.0f}"
        assert widget.width >= dp(48) and widget.height >= dp(48), where
        assert 0 <= left and right <= window.width, where
        if id(widget) not in scrolled:          # rows of a scrolled list may be out of view
            assert 0 <= bottom and top <= window.height, where
        text_width, text_height = widget.texture_size
        assert text_width <= widget.width and text_height <= widget.height, \
            f"text overflows: {where}"


def killed_after(code: str, args: list, marker: str, seconds: float = 60) -> str:
    """Run a child Python process (an app script with this repository on its path) until it
    prints a line starting with `marker`, then kill it with SIGKILL, as the system kills an app;
    the rest of that line ("" if it never came)."""
    import os
    import select
    import signal
    import subprocess
    import sys
    from pathlib import Path

    repo = Path(__file__).resolve().parents[3]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(repo)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])}
    child = subprocess.Popen([sys.executable, "-c", code, *map(str, args)], cwd=repo, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        deadline, line = time.monotonic() + seconds, ""
        while not line.startswith(marker) and time.monotonic() < deadline:
            ready, _w, _x = select.select([child.stdout], [], [], 1)
            if ready:
                line = child.stdout.readline()
                if not line and child.poll() is not None:
                    break
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(10)
        child.stdout.close()
    return line[len(marker):].strip() if line.startswith(marker) else ""


def reopen_first_saved(app, data, pump) -> None:
    """Home opens the games of the data folder `data` (another app's, e.g. one killed) and
    resumes the first saved game."""
    home = app.screen("home")
    home.store = None                       # the app's store opened on that folder
    assert home.game_store().root == data / "games"
    home.refresh()
    pump()
    tap(home.ids.saved_games.children[0], pump)
    pump(5)


def show(widget, pump) -> None:
    """Scroll a widget's list to it when the list is taller than its view (Kivy's scroll_to on a
    list that fits scrolls it out of view, and a tap then lands beside it)."""
    from kivy.uix.scrollview import ScrollView

    parent = widget.parent
    while parent is not None and parent is not parent.parent \
            and not isinstance(parent, ScrollView):     # the window is its own parent
        parent = parent.parent
    if isinstance(parent, ScrollView) and parent.children \
            and parent.children[0].height > parent.height:
        parent.scroll_to(widget, padding=0, animate=False)
        pump()


def press(widget, pump) -> None:
    """Tap a widget, its list scrolled to it first when needed."""
    show(widget, pump)
    tap(widget, pump)
