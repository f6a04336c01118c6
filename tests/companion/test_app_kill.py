"""The crash-safety proof through the real app: the demo (real widgets, real taps) is killed with
SIGKILL mid-game, after the store confirmed some actions; every confirmed action is then in the
game reopened from the same data folder.

The demo prints `CONFIRMED <seq> <position> <action>` once the store has journaled (fsync'ed) a
change. Needs an X display: DISPLAY, or an Xvfb started here (skipped, with the reason, if neither).
"""
from __future__ import annotations

import json
import os
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
KILL_AFTER = 3            # CONFIRMED lines read before the kill: enter, move, end turn
TIMEOUT = 30              # seconds for the demo to confirm them


@pytest.fixture(scope="module")
def display():
    """An X display for the app: the current one, or a private Xvfb."""
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    if not shutil.which("Xvfb"):
        pytest.skip("no DISPLAY and no Xvfb (apt-get install xvfb)")
    for number in range(150, 199):
        if Path(f"/tmp/.X11-unix/X{number}").exists() or Path(f"/tmp/.X{number}-lock").exists():
            continue
        server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "720x1280x24",
                                   "-nolisten", "tcp"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{number}").exists() or server.poll() is not None:
                break
            time.sleep(0.05)
        if server.poll() is None:
            yield f":{number}"
            server.terminate()
            server.wait(5)
            return
    pytest.skip("could not start Xvfb")


def read_confirmed(child: subprocess.Popen, count: int, timeout: float) -> list[str]:
    """The child's CONFIRMED lines, until `count` of them or the timeout (then fail)."""
    selector = selectors.DefaultSelector()
    selector.register(child.stdout, selectors.EVENT_READ)
    confirmed, seen, deadline = [], [], time.monotonic() + timeout
    while len(confirmed) < count:
        left = deadline - time.monotonic()
        if left <= 0 or not selector.select(left):
            pytest.fail(f"the demo confirmed {len(confirmed)} of {count} actions in {timeout} s; "
                        f"its output: {seen}")
        line = child.stdout.readline()
        if not line:
            pytest.fail(f"the demo ended before confirming {count} actions; output: {seen}, "
                        f"stderr: {child.stderr.read()[-2000:]}")
        seen.append(line.rstrip())
        if line.startswith("CONFIRMED "):
            confirmed.append(line.rstrip())
    return confirmed


def test_a_killed_app_keeps_every_confirmed_action(display, tmp_path):
    from companion.store import Store
    from forge.engine.tetrarchia import RULES

    data = tmp_path / "data"
    env = {**os.environ, "DISPLAY": display, "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1",
           "KIVY_NO_FILELOG": "1", "KIVY_HOME": tempfile.mkdtemp(prefix="kivy-home-"),
           "PYTHONPATH": str(REPO)}
    child = subprocess.Popen(
        [sys.executable, "-m", "companion", "--demo", str(tmp_path / "shots"),
         "--data", str(data), "--step-delay", "0.05"],
        cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        confirmed = read_confirmed(child, KILL_AFTER, TIMEOUT)
        child.send_signal(signal.SIGKILL)
        assert child.wait(10) == -signal.SIGKILL, "the demo had already ended: not a kill"
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(10)
        child.stdout.close()
        child.stderr.close()

    store = Store(data / "games", RULES)
    games = store.list_games()
    assert len(games) == 1, games
    game = store.open_game(games[0]["id"])
    assert game.seq >= KILL_AFTER
    for line in confirmed:
        _, seq, position, action = line.split(" ", 3)
        assert game.session.entries[int(position)]["action"] == json.loads(action), line
    assert [e["action"]["type"] for e in game.session.entries[1:KILL_AFTER + 1]] == \
        ["enter", "move", "end_turn"]
