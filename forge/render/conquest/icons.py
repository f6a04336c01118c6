"""Conquest of the Empire II's icons: units, card classes and tokens.

Each module `forge/render/<game>/icons.py` lists its game's icons in `ICONS`, by the name content
uses; forge/render/icons.py gathers them.
"""
from __future__ import annotations

import math

from reportlab.lib.colors import HexColor

from forge.render.shapes import fill_outline, galley, outline, laurel

# Each icon draws in a box from -1 to 1 on both axes (the canvas is scaled by size / 2 before),
# filled in one colour; `knock` is the background colour used to separate overlapping parts.

def _infantry(c, color, knock):
    """Infantry: a legionary's curved shield (scutum) with a spear behind it."""
    c.setFillColor(HexColor(color))
    c.setStrokeColor(HexColor(color))
    c.setLineWidth(0.11)
    c.setLineCap(1)
    c.line(0.62, -0.96, 0.62, 0.58)                       # spear shaft
    head = c.beginPath()
    head.moveTo(0.62, 1.00)
    head.curveTo(0.74, 0.84, 0.76, 0.70, 0.62, 0.52)
    head.curveTo(0.48, 0.70, 0.50, 0.84, 0.62, 1.00)
    head.close()
    c.drawPath(head, stroke=0, fill=1)
    shield = c.beginPath()
    shield.moveTo(-0.72, 0.70)
    shield.curveTo(-0.40, 0.86, 0.16, 0.86, 0.48, 0.70)
    shield.lineTo(0.48, -0.70)
    shield.curveTo(0.16, -0.86, -0.40, -0.86, -0.72, -0.70)
    shield.close()
    if knock:                                             # a gap between spear and shield
        c.setStrokeColor(HexColor(knock))
        c.setLineWidth(0.12)
        c.drawPath(shield, stroke=1, fill=0)
    c.drawPath(shield, stroke=0, fill=1)
    if knock:                                             # the boss and its band
        c.setFillColor(HexColor(knock))
        c.setStrokeColor(HexColor(knock))
        c.circle(-0.12, 0.0, 0.20, stroke=0, fill=1)
        c.setFillColor(HexColor(color))
        c.circle(-0.12, 0.0, 0.11, stroke=0, fill=1)
        c.setLineWidth(0.06)
        c.line(-0.12, 0.26, -0.12, 0.66)
        c.line(-0.12, -0.26, -0.12, -0.66)


def _cavalry(c, color, knock):
    """Cavalry: a horse's head and neck, facing left, with its mane."""
    c.setFillColor(HexColor(color))
    p = c.beginPath()
    p.moveTo(0.70, -0.96)                                 # back of the neck, at the bottom
    p.curveTo(0.72, -0.30, 0.62, 0.30, 0.30, 0.66)        # crest of the neck
    p.lineTo(0.26, 0.98)                                  # ear
    p.lineTo(0.08, 0.74)
    p.curveTo(-0.10, 0.70, -0.24, 0.58, -0.36, 0.40)      # forehead
    p.curveTo(-0.52, 0.16, -0.70, -0.04, -0.84, -0.20)    # face to the nose
    p.curveTo(-0.94, -0.32, -0.86, -0.48, -0.70, -0.46)   # muzzle
    p.curveTo(-0.52, -0.44, -0.36, -0.36, -0.22, -0.30)   # jaw
    p.curveTo(-0.06, -0.26, 0.02, -0.40, 0.00, -0.56)     # cheek to throat
    p.curveTo(-0.02, -0.72, -0.06, -0.86, -0.10, -0.96)   # throat
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    mane = c.beginPath()                                  # a flowing mane along the neck
    mane.moveTo(0.30, 0.66)
    mane.curveTo(0.50, 0.60, 0.86, 0.30, 0.92, -0.10)
    mane.lineTo(0.80, -0.06)
    mane.lineTo(0.96, -0.42)
    mane.lineTo(0.82, -0.38)
    mane.curveTo(0.84, -0.60, 0.80, -0.80, 0.78, -0.96)
    mane.lineTo(0.66, -0.96)
    mane.close()
    c.drawPath(mane, stroke=0, fill=1)
    if knock:
        c.setFillColor(HexColor(knock))
        c.circle(-0.18, 0.34, 0.07, stroke=0, fill=1)     # eye
        c.circle(-0.74, -0.28, 0.045, stroke=0, fill=1)   # nostril
        c.setStrokeColor(HexColor(knock))
        c.setLineWidth(0.045)
        c.setLineCap(1)
        c.line(-0.60, -0.24, -0.04, -0.06)                # bridle
        c.line(-0.04, -0.06, 0.02, 0.62)


def _catapult(c, color, knock):
    """Catapult: a throwing arm on a wheeled frame, a stone in its cup."""
    c.setFillColor(HexColor(color))
    c.setStrokeColor(HexColor(color))
    c.roundRect(-0.92, -0.52, 1.84, 0.20, 0.05, stroke=0, fill=1)   # base beam
    frame = c.beginPath()                                           # the upright
    frame.moveTo(-0.24, -0.34)
    frame.lineTo(-0.02, 0.14)
    frame.lineTo(0.12, 0.14)
    frame.lineTo(0.32, -0.34)
    frame.close()
    c.drawPath(frame, stroke=0, fill=1)
    c.setLineWidth(0.15)
    c.setLineCap(1)
    c.line(0.62, -0.38, -0.52, 0.60)                      # the arm, leaning on the frame
    cup = c.beginPath()
    cup.moveTo(-0.86, 0.66)
    cup.curveTo(-0.84, 0.42, -0.52, 0.40, -0.40, 0.56)
    cup.close()
    c.drawPath(cup, stroke=0, fill=1)
    c.circle(-0.66, 0.78, 0.17, stroke=0, fill=1)         # the stone
    for x in (-0.56, 0.56):                               # wheels
        if knock:
            c.setFillColor(HexColor(knock))
            c.circle(x, -0.68, 0.31, stroke=0, fill=1)
            c.setFillColor(HexColor(color))
        c.circle(x, -0.68, 0.26, stroke=0, fill=1)
        if knock:
            c.setFillColor(HexColor(knock))
            c.circle(x, -0.68, 0.08, stroke=0, fill=1)
            c.setFillColor(HexColor(color))


def _crested_helmet(c, color, knock):
    """General: a Roman officer's helmet with a transverse crest."""
    c.setFillColor(HexColor(color))
    fill_outline(c, (-0.86, 0.40), (-0.80, 0.90, 0.80, 0.90, 0.86, 0.40),     # crest
                (0.50, 0.52, -0.50, 0.52, -0.86, 0.40))
    dome = outline(c, (-0.56, -0.20), (-0.58, 0.34, -0.32, 0.56, 0.0, 0.56),
                          (0.32, 0.56, 0.58, 0.34, 0.56, -0.20))
    if knock:                                             # a gap under the crest
        c.setStrokeColor(HexColor(knock))
        c.setLineWidth(0.10)
        c.drawPath(dome, stroke=1, fill=0)
    c.drawPath(dome, stroke=0, fill=1)
    c.roundRect(-0.66, -0.36, 1.32, 0.22, 0.05, stroke=0, fill=1)  # brow band
    for side in (-1, 1):                                  # hinged cheek guards
        fill_outline(c, (side * 0.62, -0.36), (side * 0.18, -0.36),
                     (side * 0.16, -0.60, side * 0.24, -0.84, side * 0.34, -0.96),
                     (side * 0.56, -0.86, side * 0.66, -0.60, side * 0.62, -0.36))
    if knock:                                             # the plumes of the crest
        c.setStrokeColor(HexColor(knock))
        c.setLineWidth(0.04)
        for x in (-0.54, -0.27, 0.0, 0.27, 0.54):
            c.line(x * 0.9, 0.52, x, 0.70 - abs(x) * 0.22)
        c.line(-0.62, -0.14, 0.62, -0.14)


def _caesar(c, color, knock):
    """Caesar: a closed laurel wreath with a gem at its crown."""
    laurel(c, color, knock)
    c.setFillColor(HexColor(color))
    c.circle(0, 0.0, 0.20, stroke=0, fill=1)
    if knock:
        c.setFillColor(HexColor(knock))
        c.circle(0, 0.0, 0.09, stroke=0, fill=1)


def _scroll(c, color, knock):
    """Senator: an unrolled scroll with rolled ends and written lines."""
    c.setFillColor(HexColor(color))
    c.rect(-0.62, -0.58, 1.24, 1.16, stroke=0, fill=1)
    for x in (-0.70, 0.70):
        if knock:
            c.setFillColor(HexColor(knock))
            c.roundRect(x - 0.20, -0.90, 0.40, 1.80, 0.20, stroke=0, fill=1)
            c.setFillColor(HexColor(color))
        c.roundRect(x - 0.15, -0.86, 0.30, 1.72, 0.15, stroke=0, fill=1)
    if knock:
        c.setStrokeColor(HexColor(knock))
        c.setLineWidth(0.08)
        c.setLineCap(1)
        for i, y in enumerate((0.36, 0.12, -0.12, -0.36)):
            c.line(-0.40, y, 0.40 - (0.22 if i == 3 else 0), y)


def _cross(c, color, knock):
    """Immediate: a bold X."""
    c.setFillColor(HexColor(color))
    for angle in (45, -45):
        c.saveState()
        c.rotate(angle)
        c.roundRect(-1.12, -0.19, 2.24, 0.38, 0.08, stroke=0, fill=1)
        c.restoreState()


def _ring(c, color, knock):
    """Diplomacy: a ring."""
    p = c.beginPath()
    p.circle(0, 0, 0.84)
    p.circle(0, 0, 0.54)
    c.setFillColor(HexColor(color))
    c.drawPath(p, stroke=0, fill=1, fillMode=0)


def _diamond(c, color, knock):
    """Multiple use: a diamond (lozenge)."""
    p = c.beginPath()
    p.moveTo(0, 0.98)
    p.lineTo(0.70, 0)
    p.lineTo(0, -0.98)
    p.lineTo(-0.70, 0)
    p.close()
    c.setFillColor(HexColor(color))
    c.drawPath(p, stroke=0, fill=1)


def _coin(c, color, knock):
    """Talents: a coin with a beaded rim and a stroke of value across it."""
    c.setFillColor(HexColor(color))
    c.circle(0, 0, 0.90, stroke=0, fill=1)
    if knock:
        c.setStrokeColor(HexColor(knock))
        c.setLineWidth(0.07)
        c.circle(0, 0, 0.70, stroke=1, fill=0)
        c.setFillColor(HexColor(knock))
        for i in range(16):
            a = math.radians(i * 22.5)
            c.circle(0.80 * math.cos(a), 0.80 * math.sin(a), 0.04, stroke=0, fill=1)
        c.setLineWidth(0.14)                               # a "T" for talent
        c.setLineCap(0)
        c.line(-0.32, 0.34, 0.32, 0.34)
        c.line(0, 0.34, 0, -0.40)


def _broken_column(c, color, knock):
    """Chaos: a broken column on its base, a fallen drum beside it."""
    c.setFillColor(HexColor(color))
    c.rect(-0.78, -0.96, 1.22, 0.16, stroke=0, fill=1)     # plinth
    c.rect(-0.68, -0.80, 1.02, 0.12, stroke=0, fill=1)     # base moulding
    shaft = c.beginPath()
    shaft.moveTo(-0.54, -0.68)
    shaft.lineTo(0.20, -0.68)
    shaft.lineTo(0.16, 0.46)
    shaft.lineTo(0.02, 0.62)                               # the jagged break
    shaft.lineTo(-0.10, 0.40)
    shaft.lineTo(-0.24, 0.86)
    shaft.lineTo(-0.36, 0.58)
    shaft.lineTo(-0.50, 0.70)
    shaft.close()
    c.drawPath(shaft, stroke=0, fill=1)
    c.saveState()                                          # the fallen drum, tilted
    c.translate(0.66, -0.62)
    c.rotate(-14)
    c.roundRect(-0.26, -0.20, 0.52, 0.40, 0.04, stroke=0, fill=1)
    c.restoreState()
    c.saveState()                                          # a fragment in the air
    c.translate(0.46, 0.58)
    c.rotate(28)
    c.rect(-0.10, -0.07, 0.20, 0.14, stroke=0, fill=1)
    c.restoreState()
    if knock:                                              # flutes
        c.setStrokeColor(HexColor(knock))
        c.setLineWidth(0.06)
        for x in (-0.34, -0.17, 0.0):
            c.line(x, -0.62, x, 0.40)


def _city(c, color, knock):
    """City: a wall with crenellations between two towers, a gate in the middle."""
    p = c.beginPath()
    p.moveTo(-0.96, -0.90)
    p.lineTo(-0.96, 0.62)                                  # left tower, with merlons
    for i, x in enumerate((-0.96, -0.80, -0.64, -0.48)):
        top = 0.62 if i % 2 == 0 else 0.48
        p.lineTo(x, top)
        p.lineTo(x + 0.16, top)
    p.lineTo(-0.36, 0.62)
    p.lineTo(-0.36, 0.20)                                  # the wall between
    for i, x in enumerate((-0.36, -0.18, 0.0, 0.18)):
        top = 0.20 if i % 2 == 0 else 0.06
        p.lineTo(x, top)
        p.lineTo(x + 0.18, top)
    p.lineTo(0.36, 0.20)
    p.lineTo(0.36, 0.62)                                   # right tower
    for i, x in enumerate((0.36, 0.52, 0.68, 0.84)):
        top = 0.62 if i % 2 == 0 else 0.48
        p.lineTo(x, top)
        p.lineTo(x + 0.12 if x == 0.84 else x + 0.16, top)
    p.lineTo(0.96, 0.62)
    p.lineTo(0.96, -0.90)
    p.close()
    # the gate, an arch cut out by the even-odd rule
    p.moveTo(-0.20, -0.90)
    p.lineTo(-0.20, -0.40)
    p.curveTo(-0.20, -0.16, 0.20, -0.16, 0.20, -0.40)
    p.lineTo(0.20, -0.90)
    p.close()
    c.setFillColor(HexColor(color))
    c.drawPath(p, stroke=0, fill=1, fillMode=0)
    if knock:                                              # tower windows
        c.setFillColor(HexColor(knock))
        for x in (-0.66, 0.66):
            c.roundRect(x - 0.07, 0.0, 0.14, 0.26, 0.07, stroke=0, fill=1)


def _blank(c, color, knock):
    """A blank die face: nothing."""


ICONS = {
    "infantry": _infantry,
    "cavalry": _cavalry,
    "catapult": _catapult,
    "galley": galley,               # the same galley as Tetrarchia's 'fleet'
    "general": _crested_helmet,
    "caesar": _caesar,
    "senator": _scroll,
    "immediate": _cross,
    "diplomacy": _ring,
    "multiple-use": _diamond,
    "coin": _coin,
    "chaos": _broken_column,
    "city": _city,
    "blank": _blank,
}
