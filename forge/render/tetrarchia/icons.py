"""Tetrarchia's icons: unrest, revolt, fleet, army and the laurel of its title.

Each module `forge/render/<game>/icons.py` lists its game's icons in `ICONS`, by the name content
uses; forge/render/icons.py gathers them.
"""
from __future__ import annotations

from reportlab.lib.colors import HexColor

from forge.render.shapes import fill_outline, galley, laurel

# Each icon draws in a box from -1 to 1 on both axes (the canvas is scaled by size / 2 before),
# filled in one colour; `knock` is the background colour used to separate overlapping parts.

def _flame(c, color, knock):
    """Unrest: a flame with a hollow heart."""
    p = c.beginPath()
    p.moveTo(0.0, -0.95)
    p.curveTo(0.52, -0.95, 0.80, -0.62, 0.76, -0.18)
    p.curveTo(0.73, 0.16, 0.52, 0.34, 0.50, 0.62)          # right shoulder to a side tongue
    p.curveTo(0.36, 0.44, 0.30, 0.36, 0.22, 0.30)
    p.curveTo(0.30, 0.58, 0.18, 0.82, 0.02, 0.98)          # main tip
    p.curveTo(0.00, 0.70, -0.22, 0.52, -0.38, 0.32)
    p.curveTo(-0.42, 0.42, -0.44, 0.50, -0.52, 0.58)       # left tongue
    p.curveTo(-0.74, 0.30, -0.80, -0.05, -0.76, -0.28)
    p.curveTo(-0.70, -0.70, -0.42, -0.95, 0.0, -0.95)
    p.close()
    # the hollow heart, a second sub-path cut out by the even-odd rule
    p.moveTo(0.02, -0.78)
    p.curveTo(0.34, -0.78, 0.46, -0.50, 0.40, -0.26)
    p.curveTo(0.34, -0.04, 0.16, 0.08, 0.10, 0.30)
    p.curveTo(0.00, 0.10, -0.20, 0.02, -0.30, -0.16)
    p.curveTo(-0.44, -0.44, -0.30, -0.78, 0.02, -0.78)
    p.close()
    c.setFillColor(HexColor(color))
    c.drawPath(p, stroke=0, fill=1, fillMode=0)   # 0: even-odd


def _sword(c, color, knock):
    """One gladius pointing up, centred on the origin (used by the crossed swords)."""
    p = c.beginPath()
    p.moveTo(-0.10, -0.42)
    p.lineTo(-0.10, 0.78)
    p.lineTo(0.0, 1.08)
    p.lineTo(0.10, 0.78)
    p.lineTo(0.10, -0.42)
    p.close()
    p.rect(-0.30, -0.54, 0.60, 0.12)                      # guard
    p.rect(-0.055, -0.86, 0.11, 0.32)                     # grip
    p.circle(0.0, -0.92, 0.10)                            # pommel
    if knock:
        c.setStrokeColor(HexColor(knock))
        c.setLineWidth(0.10)
        c.setLineJoin(1)
        c.drawPath(p, stroke=1, fill=0)
    c.setFillColor(HexColor(color))
    c.drawPath(p, stroke=0, fill=1, fillMode=1)
    if knock:                                             # the fuller down the blade
        c.setStrokeColor(HexColor(knock))
        c.setLineWidth(0.035)
        c.line(0, -0.38, 0, 0.74)


def _swords(c, color, knock):
    """Revolt: two crossed swords."""
    for angle in (-38, 38):
        c.saveState()
        c.scale(1.12, 1.12)                                # a sword spans 2 units; fill the box
        c.rotate(angle)
        _sword(c, color, knock)
        c.restoreState()


def _helmet(c, color, knock):
    """A barbarian army: a Germanic spangenhelm of the 3rd century, pointed, its plates held by
    riveted bands, with cheek pieces and a mail curtain at the neck (no horns: those belong to the
    Bronze Age and to the opera, not to the Goths and Franks the tetrarchs fought)."""
    c.setFillColor(HexColor(color))
    fill_outline(c, (-0.62, -0.12), (-0.64, 0.30, -0.34, 0.72, 0.0, 0.98),    # pointed dome
                 (0.34, 0.72, 0.64, 0.30, 0.62, -0.12))
    c.roundRect(-0.70, -0.34, 1.40, 0.26, 0.05, stroke=0, fill=1)   # brow band
    fill_outline(c, (-0.07, -0.34), (0.07, -0.34), (0.05, -0.78), (-0.05, -0.78))  # nasal
    for side in (-1, 1):                                  # cheek pieces
        fill_outline(c, (side * 0.66, -0.34), (side * 0.26, -0.34),
                     (side * 0.26, -0.62, side * 0.34, -0.84, side * 0.46, -0.94),
                     (side * 0.60, -0.84, side * 0.68, -0.60, side * 0.66, -0.34))
        fill_outline(c, (side * 0.70, -0.30), (side * 0.92, -0.42),   # mail at the neck
                     (side * 0.94, -0.70), (side * 0.74, -0.80))
    if knock:                                             # the frame bands and their rivets
        c.setStrokeColor(HexColor(knock))
        c.setLineWidth(0.07)
        c.setLineCap(1)
        for x_foot, x_top in ((-0.30, -0.06), (0.30, 0.06)):
            c.line(x_foot, -0.04, x_top * 0.4, 0.90)
        c.line(-0.58, -0.06, 0.58, -0.06)
        c.setFillColor(HexColor(knock))
        for x in (-0.50, -0.30, 0.30, 0.50):
            c.circle(x, -0.21, 0.05, stroke=0, fill=1)
        for y in (-0.88, -0.66):                          # mail rings
            for x in (-0.84, 0.84):
                c.circle(x, y + 0.2, 0.04, stroke=0, fill=1)


ICONS = {
    "agitation": _flame,
    "revolt": _swords,
    "fleet": galley,
    "army": _helmet,
    "laurel": laurel,
}
