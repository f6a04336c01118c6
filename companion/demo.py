"""Demo mode: a scripted Tetrarchia turn played through the real widgets, a screenshot a screen.

`python -m companion --demo DIR` (or `forge companion --demo DIR`) starts the real app in a
temporary data folder (the player's saved games are never touched), then taps its buttons the way
the UI tests do (Kivy's UnitTestTouch at a widget's centre), one step each few frames on the
Clock: Home → Settings (English, Spanish) → Dice tray (roll) → New game → Set-up → Start → the
set-up guide → Start playing → Board (enter ROMA, move, end turn: the barbarian phase) → Log →
undo → Board. Each screen is saved in DIR as NN-name.png, in order. After every change the store has journaled (fsync'ed), a line
`CONFIRMED <seq> <position> <action as JSON>` goes to stdout (the kill test reads them). Exits 0
when every step passed, 1 with the failing step on stderr otherwise.
"""
from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

SEED = 7                # a fixed set-up, so the turn below is always legal
FRAMES = 3              # frames between steps: layout and canvas catch up
FIRST_FRAMES = 8        # before the first step: the first frame, then Home fills its lists


def tap(widget) -> None:
    """Touch a widget at its centre, as a finger (and the UI tests) would: a touch event that
    goes through Kivy's event loop like a real one (kivy.tests' own needs pytest installed)."""
    from kivy.base import EventLoop
    from kivy.input.motionevent import MotionEvent

    class Finger(MotionEvent):
        def depack(self, args):
            self.sx, self.sy = args["x"], args["y"]
            super().depack(args)

    x, y = widget.to_window(*widget.center)
    window = EventLoop.window
    touch = Finger("demo", 99, {"x": x / (window.width - 1.0), "y": y / (window.height - 1.0)},
                   is_touch=True, type_id="touch")
    touch.profile = ["pos"]
    EventLoop.post_dispatch_input("begin", touch)
    EventLoop.post_dispatch_input("end", touch)


def action_button(board, starts: str):
    """The first legal-action button of the board whose words start with `starts`."""
    for button in reversed(board.ids.actions.children):
        if button.text.startswith(starts):
            return button
    raise LookupError(f"no action {starts!r} among {[b.text for b in board.ids.actions.children]}")


class Demo:
    """The script: a list of steps, each run on the Clock after the previous one has drawn."""

    def __init__(self, app, out_dir: Path, step_delay: float = 0.0):
        self.app, self.out, self.delay = app, out_dir, step_delay
        self.shots: list[Path] = []
        self.error: str | None = None
        self.reported = 0
        self.steps = self.script()

    # --- helpers ---------------------------------------------------------------------------

    def shot(self, name: str) -> None:
        """Save the window as DIR/NN-name.png (Kivy numbers its own files: renamed)."""
        from kivy.core.window import Window

        Window.dispatch("on_draw")      # the back buffer Kivy reads is undefined after a swap
        path = Path(Window.screenshot(str(self.out / "shot.png")))
        final = self.out / f"{len(self.shots) + 1:02d}-{name}.png"
        path.replace(final)
        self.shots.append(final)

    def board(self):
        return self.app.screen("tetrarchia_board")

    def report(self) -> None:
        """CONFIRMED lines for the journal lines written since the last report."""
        session = self.board().session
        if session is None:
            return
        game = session.game
        while self.reported < game.seq:
            self.reported += 1
            entry = game.session.entries[game.session.position]
            print(f"CONFIRMED {self.reported} {game.session.position} "
                  f"{json.dumps(entry['action'], sort_keys=True)}", flush=True)

    def tap_action(self, starts: str) -> None:
        """Scroll a legal-action button into view; `tap_pending` taps it once it shows."""
        self.pending, self.tries = action_button(self.board(), starts), 0
        self.pending.parent.parent.scroll_to(self.pending, padding=0, animate=False)

    def tap_pending(self) -> None:
        """Tap the button of `tap_action` once it lies inside its list's window (the list lays
        out over a few frames after a rebuild: scroll again and retry until it does)."""
        button = self.pending
        scroll = button.parent.parent
        bottom = scroll.to_window(scroll.x, scroll.y)[1]
        top = scroll.to_window(scroll.right, scroll.top)[1]
        if bottom <= button.to_window(*button.center)[1] <= top:
            tap(button)
            return
        self.tries += 1
        if self.tries > 200:               # frames; a loaded machine lays out slowly
            raise LookupError(f"{button.text!r} never scrolled into view")
        scroll.scroll_to(button, padding=0, animate=False)
        self.steps.insert(0, self.tap_pending)

    def expect(self, condition: bool, what: str) -> None:
        if not condition:
            raise AssertionError(what)

    # --- the script --------------------------------------------------------------------------

    def script(self) -> list:
        app = self.app
        home = lambda: app.screen("home")                     # noqa: E731
        settings = lambda: app.screen("settings")             # noqa: E731
        dice = lambda: app.screen("dice")                     # noqa: E731
        setup = lambda: app.screen("tetrarchia_setup")        # noqa: E731
        log = lambda: app.screen("tetrarchia_log")            # noqa: E731

        def set_seed():
            setup().seed = SEED

        return [
            lambda: self.expect(len(home().ids.new_games.children) > 0, "Home lists its games"),
            lambda: self.shot("home"),
            lambda: tap(home().ids.settings_button),
            lambda: self.shot("settings"),
            lambda: tap(settings().ids.lang_es),
            lambda: self.expect(settings().ids.back.text == "Volver", "Spanish settings"),
            lambda: self.shot("settings-es"),
            lambda: tap(settings().ids.lang_en),
            lambda: tap(settings().ids.back),
            lambda: tap(home().ids.dice_button),
            lambda: tap(dice().ids.roll),
            lambda: self.expect(dice().result_text != "–", "a roll shown"),
            lambda: self.shot("dice"),
            lambda: tap(dice().ids.back),
            lambda: tap(next(b for b in home().ids.new_games.children
                             if getattr(b, "game_id", None) == "tetrarchia")),
            set_seed,
            lambda: self.shot("setup"),
            lambda: tap(setup().ids.start),
            lambda: self.expect(app.manager.current == "tetrarchia_guide", "the set-up guide"),
            lambda: self.shot("guide"),
            lambda: tap(app.screen("tetrarchia_guide").ids.play),
            lambda: self.expect(app.manager.current == "tetrarchia_board", "the board"),
            lambda: self.shot("board-start"),
            lambda: self.tap_action("Enter ROMA"),
            self.tap_pending,
            self.report,
            lambda: self.tap_action("Move to APVLIA"),
            self.tap_pending,
            self.report,
            lambda: self.shot("board"),
            lambda: self.tap_action("End turn"),
            self.tap_pending,
            self.report,
            lambda: self.expect("Barbarian phase" in self.board().message, "barbarian phase"),
            lambda: self.shot("barbarian"),
            lambda: tap(self.board().ids.log),
            lambda: self.shot("log"),
            lambda: tap([b for b in log().ids.entries.children
                         if getattr(b, "entry_index", None) == 1][0]),
            lambda: self.shot("undo"),
            lambda: tap(log().popup.yes),
            self.report,
            lambda: self.expect(self.board().session.position == 1, "undone to entry 1"),
            lambda: self.shot("board-undone"),
            lambda: tap(self.board().ids.home),
            lambda: self.shot("home-resume"),
        ]

    def start(self) -> None:
        from kivy.clock import Clock

        Clock.schedule_once(lambda _dt: self.wait(FIRST_FRAMES), 0)

    def next(self, _dt=None) -> None:
        """Run one step, then wait FRAMES frames (and the step delay) for the next one."""

        if not self.steps:
            self.app.stop()
            return
        step = self.steps.pop(0)
        try:
            step()
        except Exception as error:                  # the demo says which step broke, and stops
            self.error = f"demo step failed: {type(error).__name__}: {error}"
            print(self.error, file=sys.stderr, flush=True)
            self.app.stop()
            return
        self.wait(FRAMES)

    def wait(self, frames: int) -> None:
        from kivy.clock import Clock

        if frames == 0:
            Clock.schedule_once(self.next, self.delay)
        else:
            Clock.schedule_once(lambda _dt: self.wait(frames - 1), 0)


def run_demo(out_dir: str | Path, data_dir: str | Path | None = None,
             step_delay: float = 0.0) -> int:
    """Play the demo in the running process; 0 if every step passed."""
    from companion.app import CompanionApp

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    temporary = None
    if data_dir is None:
        temporary = data_dir = tempfile.mkdtemp(prefix="companion-demo-")
    app = CompanionApp(data_dir=data_dir)
    demo = Demo(app, out, step_delay)
    app.bind(on_start=lambda *_: demo.start())
    try:
        app.run()
    finally:
        if temporary:
            shutil.rmtree(temporary, ignore_errors=True)
    for path in demo.shots:
        print(f"SHOT {path}", flush=True)
    return 1 if demo.error or demo.steps else 0
