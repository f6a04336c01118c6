"""Benchmark: cold start of the companion app to its first frame, against a bare Kivy app; and
the time from tapping a legal action on the board to the updated board on screen.

Run: python bench/companion.py [--runs N] [--taps N] [--no-start]
     (needs a DISPLAY; without one it starts Xvfb)
Cold start: each run is a fresh Python process, timed from launch until the window's first flip
(the first frame on screen). The two apps alternate so both see the same machine load. Prints the
median of each and their ratio; the target is a companion within 1.5 x the bare app.
Taps: one app process plays a seeded Tetrarchia game by touching action buttons (every third tap
is End turn, so the barbarian phase and its dice are included); each tap is timed from the touch
to the next window flip (the store's fsync'ed journal line, the rebuilt board, the frame drawn).
Prints mean and p95; the target is under 50 ms. Figures, not tests.
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


TAPS_CHILD = r"""
import random, sys, time
from kivy.config import Config
Config.set("graphics", "width", "360")
Config.set("graphics", "height", "640")
from kivy.clock import Clock
from kivy.core.window import Window
from companion.app import CompanionApp
from companion.demo import action_button, tap

taps, data_dir = int(sys.argv[1]), sys.argv[2]
import gc
collections = {"began": 0.0, "gen2": [], "young": []}    # the garbage collector's pauses


def collecting(phase, info):
    if phase == "start":
        collections["began"] = time.perf_counter()
    else:
        took = time.perf_counter() - collections["began"]
        collections["gen2" if info["generation"] == 2 else "young"].append(took)


gc.callbacks.append(collecting)
app = CompanionApp(data_dir=data_dir)
chooser = random.Random(1)
times, state, kinds = [], {"target": None, "tries": 0}, []
step_times = []                 # taps on "Done: next" / "Done" of the barbarian phase's steps


def visible(button):
    scroll = button.parent.parent
    low = scroll.to_window(scroll.x, scroll.y)[1]
    high = scroll.to_window(scroll.right, scroll.top)[1]
    return low <= button.to_window(*button.center)[1] <= high


def start(_dt):
    collections["gen2"].clear(), collections["young"].clear()    # only those during the taps
    app.screen("home").refresh()                      # the store
    app.show("tetrarchia_setup")
    setup = app.screen("tetrarchia_setup")
    setup.seed = 7
    setup.start()
    play_from_guide()
    Clock.schedule_once(step, 0.2)


def play_from_guide():                  # a new game opens its set-up guide: on to the board
    if app.manager.current == "tetrarchia_guide":
        app.screen("tetrarchia_guide").start_playing()


def step(_dt):
    board = app.screen("tetrarchia_board")
    if len(times) >= taps:
        print("TIMES " + " ".join(f"{t:.6f}" for t in times), flush=True)
        print("STEPS " + " ".join(f"{t:.6f}" for t in step_times), flush=True)
        print("KINDS " + " ".join(kinds), flush=True)
        print("PARTS " + " ".join(f"{k}={sum(v) / max(len(v), 1):.6f}" for k, v in parts.items()),
              flush=True)
        print("GC " + " ".join(f"{k}={len(v)}:{max(v, default=0):.6f}"
                               for k, v in collections.items() if k != "began"), flush=True)
        app.stop()
        return
    if app.manager.current == "tetrarchia_guide":     # a new game's guide: on to the board
        play_from_guide()
        Clock.schedule_once(step, 0.1)
        return
    if board.session.state.get("outcome") or not board.session.legal_actions():
        setup = app.screen("tetrarchia_setup")       # game over: a new one (not timed)
        setup.seed += 1
        setup.start()
        Clock.schedule_once(step, 0.1)
        return
    if board.steps:                                   # the barbarian phase, step by step
        began = time.perf_counter()

        def stepped(*_):
            step_times.append(time.perf_counter() - began)
            Window.unbind(on_flip=stepped)
            Clock.schedule_once(step, 0.02)

        Window.bind(on_flip=stepped)
        tap(board.step_button)
        return
    popup = board.popup
    if popup is not None and getattr(popup, "yes", None) is not None and popup.parent:
        kinds.append("attack-confirm")               # the attack's confirmation: Attack
        time_tap(popup.yes)
        return
    button = state["target"]
    if button is None:
        can_end = any(b.action["type"] == "end_turn" for b in board.ids.actions.children)
        if len(times) % 3 == 2 and can_end:          # not while passing through: he must move
            button = action_button(board, "End turn")
        else:
            shown = [b for b in board.ids.actions.children
                     if b.action["type"] != "end_turn" and visible(b)]
            button = chooser.choice(shown) if shown else action_button(board, "End turn")
        state["target"], state["tries"] = button, 0
    if not visible(button):
        state["tries"] += 1
        if state["tries"] > 30:
            raise SystemExit(f"{button.text!r} never scrolled into view")
        button.parent.parent.scroll_to(button, padding=0, animate=False)
        Clock.schedule_once(step, 0)
        return
    state["target"] = None
    kinds.append(button.action["type"])
    time_tap(button)


def time_tap(button):
    # tap, and time it to the next frame on screen
    began = time.perf_counter()

    def shown(*_):
        times.append(time.perf_counter() - began)
        Window.unbind(on_flip=shown)
        Clock.schedule_once(step, 0.02)                # a pause between taps, as at a table

    Window.bind(on_flip=shown)
    tap(button)


parts = {"act": [], "refresh": []}                      # where a tap's time goes, on average


def timed(owner, name, key):
    original = getattr(owner, name)

    def wrapper(*args, **kwargs):
        began = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            parts[key].append(time.perf_counter() - began)
    setattr(owner, name, wrapper)


from companion.session import TableSession
from companion.screens.tetrarchia_board import TetrarchiaBoardScreen
timed(TableSession, "act", "act")
timed(TetrarchiaBoardScreen, "refresh", "refresh")


def started(*_):                # returns None: a true value would stop the app's own on_start
    Clock.schedule_once(start, 0.3)


app.bind(on_start=started)
app.run()
"""


def time_taps(env: dict, data_dir: str, script: Path, taps: int) -> tuple[list[float], str]:
    """Seconds from each tap on a board action to the next frame on screen; where time went
    (and a line on the taps walking through the barbarian phase's steps)."""
    child = subprocess.run([sys.executable, str(script), str(taps), data_dir], cwd=REPO, env=env,
                           capture_output=True, text=True, timeout=300)
    times, parts, steps, kinds = None, "", [], []
    for line in child.stdout.splitlines():
        if line.startswith("KINDS"):
            kinds = line.split()[1:]
        if line.startswith("PARTS"):
            parts = "  of which, mean: session.act {act} ms, board refresh {refresh} ms".format(
                **{k: f"{float(v) * 1000:.1f}" for k, v in
                   (part.split("=") for part in line.split()[1:])})
        if line.startswith("GC"):
            pauses = dict(part.split("=") for part in line.split()[1:])
            parts += "\n  garbage collector during the taps: " + ", ".join(
                f"{kind} {count} (longest {float(longest) * 1000:.1f} ms)"
                for kind, (count, longest) in ((k, v.split(":")) for k, v in pauses.items()))
        if line.startswith("TIMES"):
            times = [float(t) for t in line.split()[1:]]
        if line.startswith("STEPS"):
            steps.extend(float(t) for t in line.split()[1:])
    if times and steps:
        ordered = sorted(steps)
        p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
        parts += (f"\n  taps on the barbarian phase's step buttons ({len(steps)}): mean "
                  f"{statistics.mean(steps) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms (not above)")
    if times and len(kinds) == len(times):
        by_kind: dict = {}
        for kind, took in zip(kinds, times):
            by_kind.setdefault(kind, []).append(took)
        parts += "\n  by action, mean (max): " + ", ".join(
            f"{kind} {statistics.mean(v) * 1000:.0f} ({max(v) * 1000:.0f}) ms x{len(v)}"
            for kind, v in sorted(by_kind.items()))
    if times:
        return times, parts
    raise RuntimeError(f"the tap benchmark failed: {child.stderr[-2000:]}")


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
    parser.add_argument("--taps", type=int, default=30)
    parser.add_argument("--no-start", action="store_true", help="only the tap benchmark")
    args = parser.parse_args()
    server = start_xvfb()
    env = {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1", "KIVY_NO_FILELOG": "1",
           "KIVY_HOME": tempfile.mkdtemp(prefix="kivy-home-"), "PYTHONPATH": str(REPO)}
    data_dir = tempfile.mkdtemp(prefix="companion-bench-")
    script = Path(data_dir) / "start_app.py"    # a file, not -c: Kivy's App looks up its source
    script.write_text(CHILD, encoding="utf-8")
    taps_script = Path(data_dir) / "tap_app.py"
    taps_script.write_text(TAPS_CHILD, encoding="utf-8")
    times = {"bare": [], "companion": []}
    try:
        if not args.no_start:
            for kind in ("bare", "companion"):      # warm the disk cache; not counted
                time_start(kind, env, data_dir, script)
            for _ in range(args.runs):
                for kind in times:
                    times[kind].append(time_start(kind, env, data_dir, script))
        taps, parts = time_taps(env, tempfile.mkdtemp(prefix="companion-taps-"), taps_script, args.taps)
    finally:
        if server is not None:
            server.terminate()
    if not args.no_start:
        bare, companion = (statistics.median(times[k]) for k in ("bare", "companion"))
        print(f"cold start to first frame, median of {args.runs} runs")
        print(f"  bare Kivy app (one Label): {bare * 1000:7.0f} ms")
        print(f"  companion (Home screen):   {companion * 1000:7.0f} ms")
        print(f"  ratio: {companion / bare:.2f} x  (target <= 1.5 x)")
    ordered = sorted(taps)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    print(f"tap on a board action to the updated board on screen, {len(taps)} taps "
          f"(every third End turn: barbarian phase)")
    print(f"  mean {statistics.mean(taps) * 1000:5.1f} ms   p95 {p95 * 1000:5.1f} ms   "
          f"max {ordered[-1] * 1000:5.1f} ms  (target < 50 ms)")
    print(parts)


if __name__ == "__main__":
    main()
