"""Assembly drawings: small vector pictures of each step of building a kit's pieces.

Each step function draws in a FRAME-sized box (mm, origin bottom-left) on a reportlab canvas;
forge/render/assembly.py scales the box into its place on the page. The conventions are those of
model instructions: a solid outline is cut (scissors or blade beside it), a dashed line is folded
or scored, an arrow shows a movement, orange hatching is where the glue goes, and a small cross
in a circle is an alignment mark; `marks=False` leaves out the marks a kit printed with
`--marks none` does not have. No words: the captions say what the picture shows.
"""
from __future__ import annotations

import math

from reportlab.lib.colors import Color

from forge.ink import gray
from forge.render import shapes

FRAME = (40.0, 26.0)

INK = (0.15, 0.15, 0.15)
PAPER = (1.0, 1.0, 1.0)
CARD = (0.97, 0.93, 0.84)
GREYBOARD = (0.70, 0.67, 0.62)
GREYBOARD_SIDE = (0.55, 0.52, 0.48)
GLUE = (0.90, 0.50, 0.05)
MOVE = (0.80, 0.12, 0.10)
STRIP = (0.86, 0.86, 0.86)
SLEEVE = (0.45, 0.62, 0.85)
STEEL = (0.78, 0.80, 0.83)
LINE = 0.3
THIN = 0.18


# --- grayscale ---------------------------------------------------------------------------------

class NeutralCanvas:
    """A canvas that prints every RGB colour set on it as the gray of its luminance, for
    `--ink grayscale` kits (forge/ink.py): the drawings keep their constants, the PDF gets none."""

    def __init__(self, canvas):
        self._canvas = canvas

    def __getattr__(self, name):
        return getattr(self._canvas, name)

    def setFillColor(self, color):
        self._canvas.setFillColor(_neutral(color))

    def setStrokeColor(self, color):
        self._canvas.setStrokeColor(_neutral(color))


def _neutral(color: Color) -> Color:
    rgb = (round(v * 255) for v in (color.red, color.green, color.blue))
    value = int(gray("#{:02x}{:02x}{:02x}".format(*rgb))[1:3], 16) / 255
    return Color(value, value, value)


def in_ink(draw, ink: str):
    """A draw function as this ink variant prints it: through a NeutralCanvas in grayscale."""
    if ink != "grayscale":
        return draw
    return lambda canvas: draw(NeutralCanvas(canvas))


# --- primitives ----------------------------------------------------------------------------------

def _polygon(c, points, fill=None, stroke=INK, width=LINE, dash=None) -> None:
    path = c.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    c.saveState()
    if fill is not None:
        c.setFillColor(Color(*fill))
    if stroke is not None:
        c.setStrokeColor(Color(*stroke))
        c.setLineWidth(width)
        if dash:
            c.setDash(*dash)
    c.setLineJoin(1)
    c.drawPath(path, stroke=stroke is not None, fill=fill is not None)
    c.restoreState()


def _rect(c, x, y, w, h, fill=PAPER, stroke=INK, width=LINE) -> None:
    _polygon(c, [(x, y), (x + w, y), (x + w, y + h), (x, y + h)], fill, stroke, width)


def _line(c, x1, y1, x2, y2, color=INK, width=LINE, dash=None) -> None:
    c.saveState()
    c.setStrokeColor(Color(*color))
    c.setLineWidth(width)
    c.setLineCap(1)
    if dash:
        c.setDash(*dash)
    c.line(x1, y1, x2, y2)
    c.restoreState()


def fold(c, x1, y1, x2, y2) -> None:
    """A dashed fold line."""
    _line(c, x1, y1, x2, y2, width=THIN * 1.5, dash=([1.0, 0.7], 0))


def _head(c, x, y, angle, color=MOVE, size=1.6) -> None:
    left = (x - size * math.cos(angle - 0.45), y - size * math.sin(angle - 0.45))
    right = (x - size * math.cos(angle + 0.45), y - size * math.sin(angle + 0.45))
    _polygon(c, [(x, y), left, right], fill=color, stroke=None)


def arrow(c, x1, y1, x2, y2, color=MOVE) -> None:
    """A straight arrow from (x1, y1) to (x2, y2)."""
    angle = math.atan2(y2 - y1, x2 - x1)
    _line(c, x1, y1, x2 - 0.8 * math.cos(angle), y2 - 0.8 * math.sin(angle), color, LINE * 1.5)
    _head(c, x2, y2, angle, color)


def bent_arrow(c, x1, y1, x2, y2, bend=0.4, color=MOVE) -> None:
    """A curved arrow; `bend` > 0 bows it to the left of its direction."""
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    dx, dy = x2 - x1, y2 - y1
    cx, cy = mx - dy * bend, my + dx * bend
    c.saveState()
    c.setStrokeColor(Color(*color))
    c.setLineWidth(LINE * 1.5)
    c.setLineCap(1)
    path = c.beginPath()
    path.moveTo(x1, y1)
    angle = math.atan2(y2 - cy, x2 - cx)
    path.curveTo(x1 + (cx - x1) * 2 / 3, y1 + (cy - y1) * 2 / 3,
                 x2 + (cx - x2) * 2 / 3, y2 + (cy - y2) * 2 / 3,
                 x2 - 0.8 * math.cos(angle), y2 - 0.8 * math.sin(angle))
    c.drawPath(path, stroke=1, fill=0)
    c.restoreState()
    _head(c, x2, y2, angle, color)


def glue(c, points) -> None:
    """Orange hatching over a polygon: glue goes here."""
    c.saveState()
    c.setStrokeColor(Color(*GLUE))
    c.setLineWidth(THIN * 1.4)
    shapes.hatch(c, points, step=0.9)
    c.restoreState()
    _polygon(c, points, fill=None, stroke=GLUE, width=THIN)


def glue_rect(c, x, y, w, h) -> None:
    glue(c, [(x, y), (x + w, y), (x + w, y + h), (x, y + h)])


def mark(c, x, y, r=0.9) -> None:
    """An alignment mark: a cross in a circle."""
    c.saveState()
    c.setStrokeColor(Color(*INK))
    c.setLineWidth(THIN)
    c.circle(x, y, r * 0.6, stroke=1, fill=0)
    c.line(x - r, y, x + r, y)
    c.line(x, y - r, x, y + r)
    c.restoreState()


def crop_marks(c, x, y, w, h, length=1.6, gap=0.6) -> None:
    """Short crop marks outside the corners of a rectangle."""
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            _line(c, cx + sx * gap, cy, cx + sx * (gap + length), cy, width=THIN)
            _line(c, cx, cy + sy * gap, cx, cy + sy * (gap + length), width=THIN)


def scissors(c, x, y, angle=0.0, size=1.0) -> None:
    """Open scissors with their tips at (x, y), pointing along `angle` (radians)."""
    c.saveState()
    c.translate(x, y)
    c.rotate(math.degrees(angle))
    c.scale(size, size)
    c.setStrokeColor(Color(*INK))
    c.setLineWidth(LINE)
    for side in (1, -1):
        _polygon(c, [(0, 0), (-6.0, side * 1.6), (-6.2, side * 0.7)], fill=STEEL)
        c.setFillColor(Color(*PAPER))
        c.circle(-8.0, side * 2.0, 1.3, stroke=1, fill=1)
    c.setFillColor(Color(*INK))
    c.circle(-5.6, 0, 0.35, stroke=0, fill=1)
    c.restoreState()


KNIFE_ANGLE = math.radians(60)


def knife(c, x, y, angle=KNIFE_ANGLE) -> None:
    """A craft knife with its blade tip at (x, y), the handle up along `angle`."""
    c.saveState()
    c.translate(x, y)
    c.rotate(math.degrees(angle))
    _polygon(c, [(0, 0), (3.0, 0.9), (3.0, -0.3)], fill=STEEL)
    _polygon(c, [(3.0, -0.6), (4.2, -0.8), (4.2, 1.4), (3.0, 1.2)], fill=STEEL)
    _polygon(c, [(4.2, -0.6), (13.0, -0.6), (13.5, 0.3), (13.0, 1.2), (4.2, 1.2)],
             fill=(0.25, 0.30, 0.40))
    c.restoreState()


def ruler(c, x, y, length, width=3.0, angle=0.0) -> None:
    """A metal ruler with ticks along its lower edge."""
    c.saveState()
    c.translate(x, y)
    c.rotate(math.degrees(angle))
    _rect(c, 0, 0, length, width, fill=STEEL)
    for i in range(1, int(length)):
        tall = 1.0 if i % 5 == 0 else 0.5
        _line(c, i, 0, i, tall, width=THIN * 0.8)
    c.restoreState()


def slab(c, x, y, w, depth, thick, top=PAPER, side=None) -> None:
    """A flat layer seen from above and in front: its top face and, when thick, its edges."""
    dx, dy = depth * 0.55, depth * 0.45
    side = side or top
    if thick:
        _polygon(c, [(x, y), (x + w, y), (x + w, y + thick), (x, y + thick)], fill=side)
        _polygon(c, [(x + w, y), (x + w + dx, y + dy), (x + w + dx, y + dy + thick),
                     (x + w, y + thick)], fill=side)
    _polygon(c, [(x, y + thick), (x + w, y + thick), (x + w + dx, y + thick + dy),
                 (x + dx, y + thick + dy)], fill=top)


def _top(x, y, w, depth, thick):
    dx, dy = depth * 0.55, depth * 0.45
    return [(x, y + thick), (x + w, y + thick), (x + w + dx, y + thick + dy),
            (x + dx, y + thick + dy)]


def _figure(c, x, y, w, h, upside_down=False) -> None:
    """A small person silhouette in a w x h box (the standee's art)."""
    c.saveState()
    c.translate(x + w / 2, y + h / 2)
    if upside_down:
        c.rotate(180)
    c.setFillColor(Color(0.55, 0.25, 0.25))
    c.circle(0, h * 0.22, min(w, h) * 0.14, stroke=0, fill=1)
    _polygon(c, [(-w * 0.28, -h * 0.38), (w * 0.28, -h * 0.38), (w * 0.16, h * 0.08),
                 (-w * 0.16, h * 0.08)], fill=(0.55, 0.25, 0.25), stroke=None)
    c.restoreState()


# --- standee -------------------------------------------------------------------------------------

def _standee_strip(c, x, y, foot=3.0, face=12.0, height=7.0) -> None:
    total = 2 * foot + 2 * face
    _rect(c, x, y, total, height, fill=CARD, width=LINE * 1.4)
    _figure(c, x + foot, y, face, height)
    _figure(c, x + foot + face, y, face, height, upside_down=True)
    for at in (foot, foot + face, foot + 2 * face):
        fold(c, x + at, y, x + at, y + height)


def standee_cut(c) -> None:
    _standee_strip(c, 3, 9)
    scissors(c, 30.0, 16.0, angle=math.radians(180), size=0.85)


def standee_fold(c) -> None:
    x, y, h = 5.0, 6.0, 7.0
    _rect(c, x, y, 15, h, fill=CARD, width=LINE * 1.4)
    _figure(c, x + 3, y, 12, h)
    fold(c, x + 3, y, x + 3, y + h)
    fold(c, x + 15, y, x + 15, y + h)
    _polygon(c, [(x + 15, y), (x + 22, y + 4), (x + 22, y + 4 + h), (x + 15, y + h)],
             fill=(0.90, 0.86, 0.77), width=LINE * 1.4)
    bent_arrow(c, 31, 14, 12, 20, bend=0.35)


def standee_glue(c) -> None:
    x, y, h = 6.0, 7.0, 12.0
    _rect(c, x, y, 12, h, fill=CARD, width=LINE * 1.4)
    glue_rect(c, x + 0.8, y + 0.8, 10.4, h - 1.6)
    _rect(c, x + 13, y, 12, h, fill=CARD, width=LINE * 1.4)
    _figure(c, x + 13, y, 12, h)
    fold(c, x + 12.5, y - 2, x + 12.5, y + h + 2)
    bent_arrow(c, x + 22, y + h + 1, x + 5, y + h + 1, bend=0.3)


def standee_base(c) -> None:
    _line(c, 4, 4, 36, 4, color=(0.6, 0.6, 0.6), width=THIN)
    for dx in (-0.35, 0.35):
        _line(c, 20 + dx, 4.6, 20 + dx, 22, width=LINE * 1.6)
    _line(c, 19.6, 4.6, 11, 4.6, width=LINE * 1.6)
    _line(c, 20.4, 4.6, 29, 4.6, width=LINE * 1.6)
    bent_arrow(c, 18.5, 11, 12, 6.5, bend=-0.35)
    bent_arrow(c, 21.5, 11, 28, 6.5, bend=0.35)


# --- die -----------------------------------------------------------------------------------------

NET = ((1, 0), (1, 1), (1, 2), (1, 3), (0, 2), (2, 2))
TABS = (((0, 2), "top"), ((0, 2), "bottom"), ((2, 2), "top"), ((2, 2), "bottom"),
        ((1, 0), "left"), ((1, 0), "right"), ((1, 3), "left"))


def _tab_points(x, y, s, side, depth=1.4, inset=1.0):
    return {
        "top": [(x, y + s), (x + s, y + s), (x + s - inset, y + s + depth),
                (x + inset, y + s + depth)],
        "bottom": [(x, y), (x + s, y), (x + s - inset, y - depth), (x + inset, y - depth)],
        "left": [(x, y), (x, y + s), (x - depth, y + s - inset), (x - depth, y + inset)],
        "right": [(x + s, y), (x + s, y + s), (x + s + depth, y + s - inset),
                  (x + s + depth, y + inset)],
    }[side]


def _net(c, x0, y0, s=5.0, glued=False) -> None:
    for (col, row), side in TABS:
        points = _tab_points(x0 + col * s, y0 + row * s, s, side)
        _polygon(c, points, fill=PAPER, width=LINE * 1.3)
        if glued:
            glue(c, points)
    for col, row in NET:
        _rect(c, x0 + col * s, y0 + row * s, s, s, fill=CARD, stroke=None)
    for col, row in NET:                        # every square edge is a fold inside the net
        x, y = x0 + col * s, y0 + row * s
        for a, b in (((x, y), (x + s, y)), ((x, y), (x, y + s)),
                     ((x + s, y), (x + s, y + s)), ((x, y + s), (x + s, y + s))):
            fold(c, *a, *b)
    _net_outline(c, x0, y0, s)


def _net_outline(c, x0, y0, s) -> None:
    """The outer edges of the squares that carry no tab: the cut line."""
    squares = set(NET)
    tabbed = {(cell, side) for cell, side in TABS}
    for col, row in NET:
        x, y = x0 + col * s, y0 + row * s
        for side, neighbour, a, b in (("top", (col, row + 1), (x, y + s), (x + s, y + s)),
                                      ("bottom", (col, row - 1), (x, y), (x + s, y)),
                                      ("left", (col - 1, row), (x, y), (x, y + s)),
                                      ("right", (col + 1, row), (x + s, y), (x + s, y + s))):
            if neighbour not in squares and ((col, row), side) not in tabbed:
                _line(c, *a, *b, width=LINE * 1.3)


def die_cut(c) -> None:
    _net(c, 12.5, 2.5)
    scissors(c, 28.0, 18.0, angle=math.radians(215), size=0.9)


def die_score(c) -> None:
    _net(c, 6.0, 2.5)
    ruler(c, 3.0, 13.0, 24.0, width=2.6, angle=0.0)
    pen_x, pen_y = 16.0, 12.5
    c.saveState()
    c.translate(pen_x, pen_y)
    c.rotate(55)
    _polygon(c, [(0, 0), (1.6, 0.5), (1.6, -0.5)], fill=STEEL)
    _rect(c, 1.6, -0.6, 12.0, 1.2, fill=(0.2, 0.35, 0.7))
    c.restoreState()
    bent_arrow(c, 31, 6, 31, 18, bend=-0.45)


def die_glue(c) -> None:
    _net(c, 12.5, 2.5, glued=True)


def _iso(cx, cy, s):
    def point(x, y, z):
        return (cx + (x - y) * s * 0.87, cy + (x + y) * s * 0.5 + z * s)
    return point


def die_close(c) -> None:
    p = _iso(17.0, 2.0, 7.0)
    _polygon(c, [p(0, 0, 0), p(0, 1, 0), p(0, 1, 1), p(0, 0, 1)], fill=CARD)          # left
    _polygon(c, [p(0, 0, 0), p(1, 0, 0), p(1, 0, 1), p(0, 0, 1)], fill=(0.90, 0.86, 0.77))
    _polygon(c, [p(0, 0, 1), p(1, 0, 1), p(1, 1, 1), p(0, 1, 1)], fill=(0.45, 0.42, 0.38))
    glue(c, [p(0.06, 0.06, 1), p(0.94, 0.06, 1), p(0.94, 0.22, 1), p(0.06, 0.22, 1)])
    glue(c, [p(0.06, 0.06, 1), p(0.22, 0.06, 1), p(0.22, 0.94, 1), p(0.06, 0.94, 1)])
    _polygon(c, [p(1, 0, 1), p(1, 1, 1), p(1.55, 1, 1.85), p(1.55, 0, 1.85)], fill=CARD,
             width=LINE * 1.2)                                                       # the lid
    fold(c, *p(1, 0, 1), *p(1, 1, 1))
    start, end = p(1.55, 0.1, 2.0), p(0.4, 0.2, 1.3)
    bent_arrow(c, start[0] - 0.5, start[1] + 1.0, end[0], end[1] + 1.5, bend=0.35)


# --- board ---------------------------------------------------------------------------------------

def _tile(c, x, y, w, h, strip=4.0, marks=True) -> None:
    _rect(c, x, y, w, h, fill=(0.86, 0.91, 0.80))
    _rect(c, x + w, y, strip, h, fill=STRIP, width=THIN)
    if marks:
        mark(c, x + w + strip / 2, y + h * 0.25)
        mark(c, x + w + strip / 2, y + h * 0.75)


def board_cut(c, marks: bool = True) -> None:
    _tile(c, 6, 5, 22, 16)
    if marks:
        crop_marks(c, 6, 5, 26, 16)
    knife(c, 15.0, 21.0, angle=math.radians(8))


def board_lay(c) -> None:
    _tile(c, 3, 5, 16, 16)
    _line(c, 3, 9, 23, 15, color=(0.25, 0.45, 0.75), width=LINE * 2)       # the picture ...
    _rect(c, 22, 7.5, 15, 16, fill=(0.80, 0.87, 0.74))
    _line(c, 22, 16.3, 37, 20.8, color=(0.25, 0.45, 0.75), width=LINE * 2)  # ... runs on
    arrow(c, 31, 13.5, 24.5, 11.5)


def board_glue(c) -> None:
    _tile(c, 3, 4, 16, 16, marks=False)
    glue_rect(c, 19, 4, 4, 16)
    _rect(c, 19, 8, 17, 16, fill=(0.80, 0.87, 0.74))
    arrow(c, 28, 25, 25, 21)


def board_mount(c) -> None:
    slab(c, 4, 3, 28, 12, 2.2, top=GREYBOARD, side=GREYBOARD_SIDE)
    glue(c, _top(4, 3, 28, 12, 2.2))
    slab(c, 4, 12, 28, 12, 0.0, top=(0.86, 0.91, 0.80))
    fold(c, 4 + 14, 12, 4 + 14 + 6.6, 12 + 5.4)
    arrow(c, 20, 11.5, 20, 7.5)


# --- counters ------------------------------------------------------------------------------------

def _counter_sheet(c, x, y, w, depth, lift=0.0, discs=True) -> None:
    slab(c, x, y + lift, w, depth, 0.0, top=PAPER)
    dx, dy = depth * 0.55, depth * 0.45
    if discs:
        for i in range(4):
            for j in range(2):
                u, v = (i + 0.5) / 4, (j + 0.5) / 2
                cx, cy = x + u * w + v * dx, y + lift + v * dy
                c.saveState()
                c.setFillColor(Color(0.80, 0.55, 0.30))
                c.ellipse(cx - 1.8, cy - 1.0, cx + 1.8, cy + 1.0, stroke=0, fill=1)
                c.restoreState()
    for u, v in ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)):
        mark(c, x + u * w + v * dx, y + lift + v * dy, r=0.7)


def counter_front(c) -> None:
    slab(c, 6, 3, 24, 10, 2.0, top=GREYBOARD, side=GREYBOARD_SIDE)
    glue(c, _top(6, 3, 24, 10, 2.0))
    _counter_sheet(c, 6, 14, 24, 10)
    arrow(c, 4, 19, 4, 8)


def counter_back(c, marks: bool = True) -> None:
    slab(c, 6, 3, 24, 10, 2.0, top=PAPER, side=GREYBOARD_SIDE)
    glue(c, _top(6, 3, 24, 10, 2.0))
    _counter_sheet(c, 6, 14, 24, 10, discs=False)
    for u, v in ((0.0, 0.0), (1.0, 0.0)):
        x = 6 + u * 24 + v * 5.5
        _line(c, x, 14, x, 5.2, color=MOVE, width=THIN, dash=([0.6, 0.6], 0))
    if marks:
        mark(c, 6, 5.0, r=0.7)
        mark(c, 30, 5.0, r=0.7)
    arrow(c, 36, 19, 36, 9)


def counter_cut(c) -> None:
    slab(c, 4, 4, 28, 12, 2.0, top=PAPER, side=GREYBOARD_SIDE)
    for i in range(1, 4):
        _line(c, 4 + i * 7, 6, 4 + i * 7 + 6.6, 6 + 5.4, width=THIN)
    ruler(c, 11.5, 6.8, 15.0, width=2.2, angle=math.radians(39.3))
    knife(c, 14.4 + 6.6 * 0.2, 6 + 5.4 * 0.2, angle=math.radians(70))


# --- cards ---------------------------------------------------------------------------------------

def card_cut(c, marks: bool = True) -> None:
    _rect(c, 5, 1.0, 30, 24, fill=PAPER, width=THIN)
    for i in range(3):
        for j in range(2):
            _rect(c, 8 + i * 7.6, 2.6 + j * 10.4, 7.0, 9.8, fill=CARD, width=THIN)
    if marks:
        crop_marks(c, 8, 2.6, 22.2, 20.2, length=1.3, gap=0.5)
    _line(c, 31.0, 12.7, 36.5, 12.7, width=THIN)
    scissors(c, 31.0, 12.7, angle=math.radians(180), size=0.7)


def card_round(c) -> None:
    x, y, w, h, r = 4.0, 2.0, 18.0, 19.0, 4.5
    _polygon(c, [(x + w - r, y + h), (x + w, y + h), (x + w, y + h - r)],
             fill=(0.85, 0.85, 0.85), stroke=INK, width=THIN, dash=([0.6, 0.5], 0))
    path = c.beginPath()
    path.moveTo(x, y)
    path.lineTo(x + w, y)
    path.lineTo(x + w, y + h - r)
    path.arcTo(x + w - 2 * r, y + h - 2 * r, x + w, y + h, startAng=0, extent=90)
    path.lineTo(x, y + h)
    path.close()
    c.saveState()
    c.setFillColor(Color(*CARD))
    c.setStrokeColor(Color(*INK))
    c.setLineWidth(LINE * 1.3)
    c.drawPath(path, stroke=1, fill=1)
    c.restoreState()
    _rect(c, 27, 7, 10, 13, fill=(0.30, 0.32, 0.36))
    _rect(c, 26.2, 16.0, 4.0, 2.2, fill=(0.12, 0.12, 0.12))
    bent_arrow(c, 22.5, 22.5, 26.8, 18.8, bend=-0.4)
    arrow(c, 32, 25, 32, 21)


def card_sleeve(c) -> None:
    _polygon(c, [(12.8, 7.0), (27.2, 7.0), (27.2, 23.5), (12.8, 23.5)], fill=CARD, width=LINE)
    _rect(c, 12, 2, 16, 16, fill=(0.88, 0.90, 0.93), stroke=SLEEVE, width=LINE * 1.2)
    _polygon(c, [(12.8, 7.0), (27.2, 7.0), (27.2, 18.0), (12.8, 18.0)], fill=(0.93, 0.91, 0.86),
             stroke=(0.55, 0.55, 0.55), width=THIN)
    arrow(c, 33, 22, 33, 13)
