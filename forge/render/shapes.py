"""Shapes more than one maker draws: outlines, the hatching of glue areas, and the silhouettes
of the galley and the laurel wreath.

Drawn like every icon (forge/render/icons.py): in a box from -1 to 1 on both axes, in one colour,
`knock` being the colour behind used for the gaps between overlapping parts.
"""
from __future__ import annotations

import math

from reportlab.lib.colors import HexColor


def outline(c, start: tuple, *segments: tuple):
    """A closed outline from `start`: each segment a line to (x, y) or a Bézier curve
    (x1, y1, x2, y2, x, y)."""
    path = c.beginPath()
    path.moveTo(*start)
    for segment in segments:
        (path.lineTo if len(segment) == 2 else path.curveTo)(*segment)
    path.close()
    return path


def fill_outline(c, start: tuple, *segments: tuple) -> None:
    """Fill a closed outline (see `outline`) in the fill colour."""
    c.drawPath(outline(c, start, *segments), stroke=0, fill=1)


def hatch(c, points, step: float) -> None:
    """Diagonal lines `step` mm apart across a polygon, clipped to it, in the stroke colour and
    width already set (the hatching of glue areas)."""
    c.saveState()
    c.clipPath(outline(c, points[0], *points[1:]), stroke=0, fill=0)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    height = max(ys) - min(ys)
    for i in range(int((max(xs) - min(xs) + height) / step) + 2):
        x = min(xs) - height + i * step
        c.line(x, min(ys), x + height, max(ys))
    c.restoreState()


def galley(c, color, knock):
    """A Roman fleet: a galley with ram, curled stern, sail and oars."""
    c.setFillColor(HexColor(color))
    c.setStrokeColor(HexColor(color))
    hull = c.beginPath()
    hull.moveTo(-0.62, -0.12)
    hull.lineTo(0.70, -0.12)                              # deck
    hull.curveTo(0.78, -0.12, 0.82, -0.18, 0.84, -0.28)   # bow post
    hull.lineTo(1.00, -0.40)                              # ram
    hull.lineTo(0.80, -0.44)
    hull.curveTo(0.60, -0.52, -0.40, -0.54, -0.66, -0.40)  # keel
    hull.curveTo(-0.86, -0.28, -0.96, -0.02, -0.90, 0.24)  # stern rising
    hull.curveTo(-0.86, 0.40, -0.70, 0.44, -0.64, 0.32)   # the curl
    hull.curveTo(-0.60, 0.24, -0.68, 0.18, -0.74, 0.24)
    hull.curveTo(-0.74, 0.06, -0.70, -0.06, -0.62, -0.12)
    hull.close()
    c.drawPath(hull, stroke=0, fill=1)
    c.setLineWidth(0.07)
    c.setLineCap(1)
    for i in range(6):                                    # oars
        x = -0.42 + i * 0.2
        c.line(x, -0.44, x - 0.18, -0.86)
    c.setLineWidth(0.06)
    c.line(0.05, -0.12, 0.05, 0.94)                       # mast
    c.line(-0.46, 0.80, 0.56, 0.80)                       # yard
    sail = c.beginPath()
    sail.moveTo(-0.42, 0.80)
    sail.lineTo(0.52, 0.80)
    sail.curveTo(0.60, 0.50, 0.56, 0.20, 0.48, 0.02)
    sail.curveTo(0.20, 0.12, -0.10, 0.12, -0.38, 0.02)
    sail.curveTo(-0.46, 0.20, -0.50, 0.50, -0.42, 0.80)
    sail.close()
    c.drawPath(sail, stroke=0, fill=1)
    if knock:                                             # a band on the hull, seams on the sail
        c.setStrokeColor(HexColor(knock))
        c.setLineWidth(0.045)
        c.line(-0.60, -0.24, 0.76, -0.24)
        for x in (-0.15, 0.25):
            c.line(x, 0.76, x, 0.10)


def laurel(c, color, knock):
    """Victory: a laurel wreath open at the top, tied at the bottom."""
    c.setFillColor(HexColor(color))
    c.setStrokeColor(HexColor(color))
    c.setLineWidth(0.06)
    c.setLineCap(1)
    radius, start, end = 0.64, -95, 60          # the right branch, in degrees anticlockwise

    def leaf(side, a, tilt, length):
        """A leaf on the stem at angle a, tilted out (+) or in (-) from the stem's direction."""
        t = math.radians(a)
        heading = a + 90 - tilt                  # along the stem, towards its tip
        if side < 0:
            heading = 180 - heading
        c.saveState()
        c.translate(side * radius * math.cos(t), radius * math.sin(t))
        c.rotate(heading)
        c.ellipse(0, -length * 0.2, length, length * 0.2, stroke=0, fill=1)
        c.restoreState()

    for side in (-1, 1):
        stem = c.beginPath()
        angles = range(start, end + 1, 3)
        for i, a in enumerate(angles):
            x, y = side * radius * math.cos(math.radians(a)), radius * math.sin(math.radians(a))
            stem.moveTo(x, y) if i == 0 else stem.lineTo(x, y)
        c.drawPath(stem, stroke=1, fill=0)
        for a in range(start + 12, end, 18):
            leaf(side, a, 38, 0.34)
            leaf(side, a + 7, -34, 0.30)
        leaf(side, end, 4, 0.32)                 # the leaf that ends the branch
    c.circle(0, -0.66, 0.08, stroke=0, fill=1)   # the knot
    for side in (-1, 1):                         # ribbon ends
        rb = c.beginPath()
        rb.moveTo(0, -0.66)
        rb.curveTo(side * 0.12, -0.78, side * 0.22, -0.90, side * 0.32, -0.98)
        rb.lineTo(side * 0.20, -0.98)
        rb.curveTo(side * 0.12, -0.88, side * 0.06, -0.80, 0, -0.72)
        rb.close()
        c.drawPath(rb, stroke=0, fill=1)
