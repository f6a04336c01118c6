"""The companion's garbage collector: full passes only between touches, and everything as it
was once the app stops."""
from __future__ import annotations

import gc

import pytest

from companion import collector as module
from companion.collector import Collector


class Clock:
    def __init__(self):
        self.calls = []

    def schedule_interval(self, callback, seconds):
        self.calls.append((callback, seconds))
        return self

    def cancel(self):
        self.calls.clear()


class Window:
    def __init__(self):
        self.bound = {}

    def bind(self, **handlers):
        self.bound.update(handlers)

    def unbind(self, **handlers):
        for name in handlers:
            self.bound.pop(name)


@pytest.fixture
def started(monkeypatch):
    now = [100.0]
    full = []
    real_collect = gc.collect
    before = gc.get_threshold()
    collector = Collector(now=lambda: now[0])
    clock, window = Clock(), Window()
    collector.start(clock, window)
    monkeypatch.setattr(module.gc, "collect", lambda *args: full.append(args))
    yield collector, clock, window, now, full
    monkeypatch.setattr(module.gc, "collect", real_collect)
    collector.stop()
    assert gc.get_threshold() == before


def test_start_freezes_start_up_and_stops_automatic_full_passes(started):
    collector, clock, window, _now, _full = started
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold()[2] == module.NEVER
    assert gc.get_threshold()[:2] == collector.thresholds[:2]     # young passes as before
    assert clock.calls == [(collector.tick, 1.0)]
    assert set(window.bound) == {"on_touch_down", "on_touch_up"}


def test_a_full_pass_waits_for_a_quiet_screen(started):
    collector, _clock, _window, now, full = started
    now[0] += module.FULL_EVERY + 1
    collector.touch()                        # a finger on the screen right now
    collector.tick()
    assert full == []
    now[0] += module.QUIET_SECONDS
    collector.tick()
    assert full == [()]
    collector.tick()                         # not again until the next one is due
    assert full == [()]


def test_a_screen_never_left_alone_still_gets_its_full_pass(started):
    collector, _clock, _window, now, full = started
    for _ in range(int(module.OVERDUE) + 1):
        now[0] += 1.0
        collector.touch()
        collector.tick()
    assert full == [()]


def test_stop_puts_the_collector_back(started):
    collector, clock, window, _now, _full = started
    thresholds = collector.thresholds
    collector.stop()
    assert gc.get_threshold() == thresholds
    assert gc.get_freeze_count() == 0
    assert clock.calls == [] and window.bound == {}
