"""Icons drawn with Kivy's graphics instructions: sharp at every size and density, in any colour.

Each icon is a few smooth lines in a 24 x 24 box (y upwards), like the line icons of phone
toolkits: `home`, `back`, `undo`, `log`, `settings`, `dice`, `roll`. `draw_icon(canvas, name, x, y,
size, colour)` adds one to a canvas (an InstructionGroup or a widget's canvas); `Icon` is a widget
showing one, redrawn when it moves; widgets.IconButton puts one beside a button's text.
"""
from __future__ import annotations

import math

from kivy.graphics import Color, InstructionGroup, SmoothEllipse, SmoothLine
from kivy.properties import ColorProperty, StringProperty
from kivy.uix.widget import Widget

STROKE = 1.9           # line width in the 24-unit box


def _house(pen):
    pen.line((3, 11.5, 12, 20, 21, 11.5))
    pen.line((5.5, 13.5, 5.5, 4, 18.5, 4, 18.5, 13.5))
    pen.line((10, 4, 10, 9.5, 14, 9.5, 14, 4))


def _back(pen):
    pen.line((19.5, 12, 5, 12))
    pen.line((11, 18, 5, 12, 11, 6))


def _undo(pen):
    pen.arc(12.5, 10.5, 6.5, 0, 215)
    pen.line((12.5, 17, 5, 17))
    pen.line((8.5, 20.5, 5, 17, 8.5, 13.5))


def _log(pen):
    for y in (18, 12, 6):
        pen.dot(4.5, y, 1.5)
        pen.line((9, y, 20.5, y))


def _settings(pen):
    pen.arc(12, 12, 6, 0, 360)
    pen.arc(12, 12, 2.4, 0, 360)
    for step in range(8):
        angle = math.radians(step * 45 + 22.5)
        dx, dy = math.sin(angle), math.cos(angle)
        pen.line((12 + 6 * dx, 12 + 6 * dy, 12 + 9.3 * dx, 12 + 9.3 * dy), width=2.6)


def _die(pen):
    pen.rounded(3.5, 3.5, 17, 17, 3.5)
    for x, y in ((8, 16), (12, 12), (16, 8)):
        pen.dot(x, y, 1.7)


def _roll(pen):
    pen.rounded(2.5, 6.5, 12, 12, 2.5)
    pen.dot(6, 15, 1.3)
    pen.dot(11, 10, 1.3)
    pen.rounded(11, 2.5, 10.5, 10.5, 2.5)
    pen.dot(16.25, 7.75, 1.3)


ICONS = {"home": _house, "back": _back, "undo": _undo, "log": _log, "settings": _settings,
         "dice": _die, "roll": _roll}


class _Pen:
    """Draws into a group, mapping the 24-unit box onto (x, y, size)."""

    def __init__(self, group: InstructionGroup, x: float, y: float, size: float):
        self.group, self.x, self.y, self.scale = group, x, y, size / 24.0

    def _points(self, points):
        return [self.x + value * self.scale if index % 2 == 0 else self.y + value * self.scale
                for index, value in enumerate(points)]

    def line(self, points, width: float = STROKE) -> None:
        self.group.add(SmoothLine(points=self._points(points), width=width * self.scale / 2,
                                  joint="round", cap="round"))

    def arc(self, cx, cy, radius, start, end, width: float = STROKE) -> None:
        x, y = self._points((cx, cy))
        self.group.add(SmoothLine(circle=(x, y, radius * self.scale, start, end),
                                  width=width * self.scale / 2))

    def rounded(self, left, bottom, width, height, radius, stroke: float = STROKE) -> None:
        x, y = self._points((left, bottom))
        self.group.add(SmoothLine(rounded_rectangle=(x, y, width * self.scale,
                                                     height * self.scale, radius * self.scale),
                                  width=stroke * self.scale / 2))

    def dot(self, cx, cy, radius) -> None:
        x, y = self._points((cx, cy))
        r = radius * self.scale
        self.group.add(SmoothEllipse(pos=(x - r, y - r), size=(2 * r, 2 * r)))


def draw_icon(canvas, name: str, x: float, y: float, size: float, colour) -> None:
    """Add the icon `name` to `canvas`, its 24-unit box at (x, y) `size` wide, in `colour`."""
    group = InstructionGroup()
    group.add(Color(*colour))
    ICONS[name](_Pen(group, x, y, size))
    canvas.add(group)


class Icon(Widget):
    """An icon as a widget: `name` (one of ICONS; "" draws nothing) and `color`, as large as the
    smaller side of the widget allows, centred."""

    name = StringProperty("")
    color = ColorProperty((0, 0, 0, 1))

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(name=self.redraw, color=self.redraw, pos=self.redraw, size=self.redraw)
        self.redraw()

    def redraw(self, *_) -> None:
        self.canvas.clear()
        if self.name:
            side = min(self.width, self.height)
            draw_icon(self.canvas, self.name, self.center_x - side / 2,
                      self.center_y - side / 2, side, self.color)
