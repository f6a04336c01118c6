"""Python's full garbage collections kept off the taps.

A game's session holds every state of its log, so a full pass of the cyclic collector grows with
the game and, run automatically, falls in the middle of a tap (60-280 ms in the companion
benchmark, bench/companion.py). Here the objects built at start-up are frozen (never scanned
again), the automatic collector keeps its small young passes but no longer starts full ones, and
the app runs the full pass itself while nobody is touching the screen. Under touches that never
pause, a full pass still runs once it is overdue, so memory stays bounded.
"""
from __future__ import annotations

import gc
import time

QUIET_SECONDS = 0.4         # no touch for this long: a collection will not delay a tap
FULL_EVERY = 15.0           # seconds between full collections, when the screen is quiet
OVERDUE = 120.0             # seconds after which a full collection runs, touched or not
NEVER = 1_000_000_000       # a third threshold the young passes never reach


class Collector:
    """Full collections on the app's clock, between touches."""

    def __init__(self, now=time.monotonic):
        self.now = now
        self.touched = self.full_at = now()
        self.thresholds = gc.get_threshold()
        self.event = None
        self.window = None

    def start(self, clock, window) -> None:
        """Freeze what exists now, stop automatic full passes, run them on `clock`."""
        gc.collect()
        gc.freeze()
        young, middle, _full = self.thresholds
        gc.set_threshold(young, middle, NEVER)
        self.window = window
        window.bind(on_touch_down=self.touch, on_touch_up=self.touch)
        self.event = clock.schedule_interval(self.tick, 1.0)

    def stop(self) -> None:
        """The collector as it was before `start` (the app has stopped)."""
        if self.event is not None:
            self.event.cancel()
            self.window.unbind(on_touch_down=self.touch, on_touch_up=self.touch)
            self.event = None
        gc.set_threshold(*self.thresholds)
        gc.unfreeze()

    def touch(self, *_args) -> None:
        self.touched = self.now()

    def tick(self, *_args) -> None:
        """A full collection when one is due and the screen has been left alone, or overdue."""
        now = self.now()
        since = now - self.full_at
        quiet = now - self.touched >= QUIET_SECONDS
        if (quiet and since >= FULL_EVERY) or since >= OVERDUE:
            gc.collect()
            self.full_at = now
