"""Run the real companion app under X: an existing DISPLAY, or an Xvfb started for the session.

Kivy reads its environment once, at its first import, so it is set here, before any test of this
folder imports Kivy: no command-line parsing, no console log, Python logging, a private KIVY_HOME
(no ~/.kivy config or logs picked up or written). One window serves the whole session (Kivy has one
window a process); each test gets a fresh app in a fresh data folder.
"""
from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import tempfile

import pytest

WIDTH, HEIGHT = 360, 640          # the phone-shaped window, in dp (density 1 on desktop)

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
os.environ.setdefault("KIVY_NO_FILELOG", "1")
os.environ.setdefault("KIVY_METRICS_DENSITY", "1")
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="kivy-home-"))


def _start_xvfb() -> subprocess.Popen | None:
    """An Xvfb server on a display number it picks itself (-displayfd: two test processes
    starting at once never share one), or None if a display is already available. A
    pytest-xdist worker starts its own even then, so two workers' windows never share a screen.
    The server stops when the process ends."""
    if os.environ.get("DISPLAY") and not os.environ.get("PYTEST_XDIST_WORKER"):
        return None
    if not shutil.which("Xvfb"):
        return None
    reader, writer = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(writer), "-screen", "0", "1400x1400x24", "-nolisten", "tcp"],
        pass_fds=(writer,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(writer)
    with os.fdopen(reader) as numbers:
        number = numbers.readline().strip()      # written once the server accepts clients
    if not number.isdigit():
        server.kill()
        return None
    os.environ["DISPLAY"] = f":{number}"
    atexit.register(_stop, server)
    return server


def _stop(server: subprocess.Popen) -> None:
    if server.poll() is None:
        server.terminate()
        server.wait(5)


# The display and the window size are set when this conftest is imported, before any test module
# is collected: test modules import companion.app, which imports kivy.core.window and so creates
# the window at once. Created earlier (as it was), the window came up with no DISPLAY through
# SDL's fallback video driver at Kivy's default 800 x 600; resizing it to 360 x 640 did not resize
# its GL surface, so Window.screenshot read 640 rows from a 600-row buffer: a 40 px black band at
# the top of every screenshot, over the header.
_SERVER = _start_xvfb()
if os.environ.get("DISPLAY"):
    from kivy.config import Config as _Config

    _Config.set("graphics", "width", str(WIDTH))
    _Config.set("graphics", "height", str(HEIGHT))


@pytest.fixture(scope="session")
def window():
    """Kivy's window, 360 x 640, on a real (possibly virtual) X display."""
    if not os.environ.get("DISPLAY"):
        pytest.skip("no DISPLAY and Xvfb could not start (apt-get install xvfb)")
    from kivy.config import Config

    Config.set("graphics", "width", str(WIDTH))
    Config.set("graphics", "height", str(HEIGHT))
    from kivy.base import EventLoop

    EventLoop.ensure_window()
    window = EventLoop.window
    window.size = (WIDTH, HEIGHT)
    from touch import wait_for_surface

    wait_for_surface(window, pump)
    yield window
    if _SERVER is not None:
        _stop(_SERVER)


def pump(frames: int = 3) -> None:
    """Let Kivy draw a few frames (clock events, layout, canvas)."""
    from kivy.base import EventLoop

    for _ in range(frames):
        EventLoop.idle()


@pytest.fixture(name="pump")
def pump_fixture():
    """The frame pump, for tests: `pump()` after each change before looking."""
    return pump


@pytest.fixture
def app(window, tmp_path):
    """A started companion app (English, roll-for-me dice) with its own data folder."""
    from kivy.app import App

    from companion.app import CompanionApp

    companion = CompanionApp(data_dir=tmp_path / "data")
    companion._run_prepare()       # what App.run() does before its loop: build, add, on_start
    pump()
    yield companion
    companion.dispatch("on_stop")
    for child in list(window.children):
        window.remove_widget(child)
    App._running_app = None


@pytest.fixture
def shots(tmp_path):
    """A folder for screenshots (kept under pytest's tmp folder)."""
    folder = tmp_path / "shots"
    folder.mkdir()
    return folder
