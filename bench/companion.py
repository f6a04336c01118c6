"""Benchmark: cold start of the companion app to its first frame, against a bare Kivy app.

Run: python bench/companion.py [--runs N]   (needs a DISPLAY; without one it starts Xvfb)
Each run is a fresh Python process, timed from launch until the window's first flip (the first
frame on screen). The two apps alternate so both see the same machine load. Prints the median of
each and their ratio; the target is a companion within 1.5 x the bare app. Figures, not tests.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

CHILD = r"""
import sys
from kivy.config import Config
Config.set("graphics", "width", "360")
Config.set("graphics", "height", "640")
from kivy.core.window import Window

def first_frame(*_):
    print("first-frame", flush=True)
    Window.unbind(on_flip=first_frame)
    App.get_running_app().stop()

Window.bind(on_flip=first_frame)
from kivy.app import App
if sys.argv[1] == "bare":
    from kivy.uix.label import Label

    class Bare(App):
        def build(self):
            return Label(text="Hello")

    Bare().run()
else:
    from companion.app import CompanionApp
    CompanionApp(data_dir=sys.argv[2]).run()
"""


def start_xvfb() -> subprocess.Popen | None:
    """An Xvfb server when there is no DISPLAY (sets DISPLAY for the children)."""
    if os.environ.get("DISPLAY"):
        return None
    if not shutil.which("Xvfb"):
        sys.exit("no DISPLAY and no Xvfb: run under xvfb-run or apt-get install xvfb")
    number = next(n for n in range(99, 199) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "720x1280x24",
                               "-nolisten", "tcp"], stderr=subprocess.DEVNULL)
    while not Path(f"/tmp/.X11-unix/X{number}").exists():
        time.sleep(0.05)
    os.environ["DISPLAY"] = f":{number}"
    return server


def time_start(kind: str, env: dict, data_dir: str, script: Path) -> float:
    """Seconds from launching a fresh interpreter to the app's first frame."""
    began = time.perf_counter()
    child = subprocess.Popen([sys.executable, str(script), kind, data_dir], cwd=REPO, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    for line in child.stdout:
        if line.startswith("first-frame"):
            elapsed = time.perf_counter() - began
            break
    else:
        raise RuntimeError(f"the {kind} app exited without drawing a frame")
    child.wait(30)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    server = start_xvfb()
    env = {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1", "KIVY_NO_FILELOG": "1",
           "KIVY_HOME": tempfile.mkdtemp(prefix="kivy-home-"), "PYTHONPATH": str(REPO)}
    data_dir = tempfile.mkdtemp(prefix="companion-bench-")
    script = Path(data_dir) / "start_app.py"    # a file, not -c: Kivy's App looks up its source
    script.write_text(CHILD, encoding="utf-8")
    try:
        for kind in ("bare", "companion"):      # warm the disk cache; not counted
            time_start(kind, env, data_dir, script)
        times = {"bare": [], "companion": []}
        for _ in range(args.runs):
            for kind in times:
                times[kind].append(time_start(kind, env, data_dir, script))
    finally:
        if server is not None:
            server.terminate()
    bare, companion = (statistics.median(times[k]) for k in ("bare", "companion"))
    print(f"cold start to first frame, median of {args.runs} runs")
    print(f"  bare Kivy app (one Label): {bare * 1000:7.0f} ms")
    print(f"  companion (Home screen):   {companion * 1000:7.0f} ms")
    print(f"  ratio: {companion / bare:.2f} x  (target <= 1.5 x)")


if __name__ == "__main__":
    main()
