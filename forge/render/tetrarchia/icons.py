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
    """A barbarian army: a horned helmet with a nose guard."""
    c.setFillColor(HexColor(color))
    for side in (-1, 1):                                  # horns
        fill_outline(c, (side * 0.40, 0.02),
                    (side * 0.78, 0.02, side * 0.92, 0.30, side * 0.88, 0.92),
                    (side * 0.74, 0.52, side * 0.62, 0.34, side * 0.36, 0.30))
    fill_outline(c, (-0.52, -0.16), (-0.54, 0.38, -0.30, 0.62, 0.0, 0.62),   # dome
                (0.30, 0.62, 0.54, 0.38, 0.52, -0.16))
    c.roundRect(-0.60, -0.36, 1.20, 0.24, 0.05, stroke=0, fill=1)   # brow band
    fill_outline(c, (-0.08, -0.36), (0.08, -0.36), (0.05, -0.86), (-0.05, -0.86))  # nose guard
    for side in (-1, 1):                                  # cheek guards
        fill_outline(c, (side * 0.58, -0.36), (side * 0.22, -0.36),
                     (side * 0.26, -0.56, side * 0.34, -0.74, side * 0.40, -0.80),
                     (side * 0.54, -0.70, side * 0.60, -0.52, side * 0.58, -0.36))
    if knock:                                             # rivets on the band, a ridge on the dome
        c.setFillColor(HexColor(knock))
        for x in (-0.42, -0.21, 0.21, 0.42):
            c.circle(x, -0.24, 0.045, stroke=0, fill=1)
        c.setStrokeColor(HexColor(knock))
        c.setLineWidth(0.05)
        c.line(0, -0.08, 0, 0.56)
        c.line(-0.56, -0.12, 0.56, -0.12)


ICONS = {
    "agitation": _flame,
    "revolt": _swords,
    "fleet": galley,
    "army": _helmet,
    "laurel": laurel,
}
