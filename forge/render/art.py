"""Shared vector art: emperor patterns and marks, and the game's icons.

Every function draws on a reportlab canvas whose unit is one millimetre (see forge/model.py) and
leaves the canvas state as it found it. Colours are '#rrggbb' strings. Patterns exist so that the
four emperors stay distinguishable when a kit is printed in grayscale; icons are single-colour
silhouettes so they read on any token fill.
"""
from __future__ import annotations

import math
from typing import Callable

from reportlab.lib.colors import Color, HexColor

from forge import fonts

LIGHT = "#fbf6ea"       # default light ink on dark fills (callers pass the game's palette)
DARK = "#2a2118"        # default dark ink on light fills


# --- colours ------------------------------------------------------------------------------------

def rgb(color: str) -> tuple[float, float, float]:
    """The red, green and blue of '#rrggbb', each 0-1."""
    c = HexColor(color)
    return c.red, c.green, c.blue


def to_hex(r: float, g: float, b: float) -> str:
    """'#rrggbb' of three 0-1 components."""
    return "#" + "".join(f"{round(max(0.0, min(1.0, v)) * 255):02x}" for v in (r, g, b))


def mix(color: str, other: str, t: float) -> str:
    """`color` moved a fraction `t` of the way towards `other`."""
    a, b = rgb(color), rgb(other)
    return to_hex(*(x + (y - x) * t for x, y in zip(a, b)))


def luminance(color: str) -> float:
    """Perceived lightness 0-1 (the weights grayscale printing uses)."""
    r, g, b = rgb(color)
    return 0.299 * r + 0.587 * g + 0.114 * b


def is_light(color: str) -> bool:
    """Whether dark ink reads better than light ink on this fill."""
    return luminance(color) > 0.55


def ink_on(fill: str, light: str = LIGHT, dark: str = DARK) -> str:
    """The ink (light or dark) that contrasts with a fill."""
    return dark if is_light(fill) else light


def accent_of(fill: str) -> str:
    """A tone of `fill` for patterns and rims: lighter on dark fills, darker on light ones."""
    return mix(fill, "#000000", 0.35) if is_light(fill) else mix(fill, "#ffffff", 0.38)


def readable(color: str) -> str:
    """A tone of `color` dark enough for lines and letters on white paper."""
    return mix(color, "#000000", 0.35) if is_light(color) else color


def tint(color: str, share: float = 0.12) -> str:
    """A light tint of `color` (`share` of it on white), for the ink saver's backgrounds."""
    return mix("#ffffff", color, share)


def _color(color: str) -> Color:
    return HexColor(color)


# --- patterns -----------------------------------------------------------------------------------

def _spacing(r: float) -> float:
    """Pattern period for a circle of radius r: a few repeats across it, never microscopic."""
    return min(max(r * 0.34, 0.9), 3.2)


def _stripes(c, cx, cy, r, s):
    """Diagonal bands rising to the right."""
    w = s * 0.45
    k = -r * 2
    while k < r * 2:
        p = c.beginPath()
        x0 = cx + k
        p.moveTo(x0 - r, cy - r)
        p.lineTo(x0 - r + w * math.sqrt(2), cy - r)
        p.lineTo(x0 + r + w * math.sqrt(2), cy + r)
        p.lineTo(x0 + r, cy + r)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
        k += s * math.sqrt(2)


def _dots(c, cx, cy, r, s):
    """Dots on a staggered grid."""
    dot = s * 0.24
    row = 0
    y = cy - r - s
    while y < cy + r + s:
        x = cx - r - s + (s / 2 if row % 2 else 0)
        while x < cx + r + s:
            c.circle(x, y, dot, stroke=0, fill=1)
            x += s
        y += s * 0.87
        row += 1


def _checks(c, cx, cy, r, s):
    """An axis-aligned checkerboard, centred so the middle square is filled."""
    h = s * 0.8
    n = int(r / h) + 2
    for i in range(-n, n):
        for j in range(-n, n):
            if (i + j) % 2 == 0:
                c.rect(cx + i * h - h / 2, cy + j * h - h / 2, h, h, stroke=0, fill=1)


def _waves(c, cx, cy, r, s):
    """Horizontal wavy lines."""
    c.setLineWidth(s * 0.25)
    c.setLineCap(1)
    amp = s * 0.22
    y = cy - r - s / 2
    while y < cy + r + s:
        p = c.beginPath()
        x = cx - r - s
        p.moveTo(x, y)
        while x < cx + r + s:
            p.curveTo(x + s * 0.25, y + amp * 1.6, x + s * 0.25, y + amp * 1.6, x + s * 0.5, y)
            p.curveTo(x + s * 0.75, y - amp * 1.6, x + s * 0.75, y - amp * 1.6, x + s, y)
            x += s
        c.drawPath(p, stroke=1, fill=0)
        y += s * 0.62


def _diamonds(c, cx, cy, r, s):
    """Filled lozenges on a staggered grid (a harlequin lattice)."""
    hw, hh = s * 0.34, s * 0.48
    row = 0
    y = cy - r - s
    while y < cy + r + s:
        x = cx - r - s + (s / 2 if row % 2 else 0)
        while x < cx + r + s:
            p = c.beginPath()
            p.moveTo(x, y - hh)
            p.lineTo(x + hw, y)
            p.lineTo(x, y + hh)
            p.lineTo(x - hw, y)
            p.close()
            c.drawPath(p, stroke=0, fill=1)
            x += s
        y += s * 0.6
        row += 1


PATTERNS: dict[str, Callable] = {
    "stripes": _stripes,
    "dots": _dots,
    "checks": _checks,
    "waves": _waves,
    "diamonds": _diamonds,
    "plain": lambda *args: None,
}


def draw_pattern(c, pattern: str, cx: float, cy: float, r: float, color: str) -> None:
    """Fill the circle (cx, cy, r) with an emperor's pattern drawn in `color` (background kept)."""
    clip = c.beginPath()
    clip.circle(cx, cy, r)
    _fill_pattern(c, pattern, clip, cx, cy, r, _spacing(r), color)


def draw_pattern_rect(c, pattern: str, x: float, y: float, w: float, h: float, color: str,
                      period: float | None = None) -> None:
    """Fill a rectangle with an emperor's pattern, `period` mm between repeats."""
    clip = c.beginPath()
    clip.rect(x, y, w, h)
    r = math.hypot(w, h) / 2
    _fill_pattern(c, pattern, clip, x + w / 2, y + h / 2, r,
                  period or _spacing(min(w, h) / 2), color)


def _fill_pattern(c, pattern, clip, cx, cy, r, period, color) -> None:
    if pattern not in PATTERNS:
        raise ValueError(f"unknown pattern '{pattern}' (known: {', '.join(PATTERNS)})")
    c.saveState()
    c.clipPath(clip, stroke=0, fill=0)
    c.setFillColor(_color(color))
    c.setStrokeColor(_color(color))
    PATTERNS[pattern](c, cx, cy, r, period)
    c.restoreState()


def draw_letter(c, text: str, cx: float, cy: float, cap_height: float, color: str,
                font: str = fonts.SERIF_BOLD) -> None:
    """Draw `text` centred on (cx, cy) by its capital height (optically centred initials)."""
    from reportlab.pdfbase import pdfmetrics

    fonts.register_fonts()
    face = pdfmetrics.getFont(font).face
    cap = (getattr(face, "capHeight", 0) or face.ascent * 0.9) / 1000
    size = cap_height / cap
    c.saveState()
    c.setFillColor(_color(color))
    c.setFont(font, size)
    c.drawCentredString(cx, cy - cap_height / 2, text)
    c.restoreState()


def draw_emperor_mark(c, emperor: dict, cx: float, cy: float, r: float,
                      light: str = LIGHT, dark: str = DARK, saver: bool = False) -> None:
    """An emperor's mark: his colour, his pattern around the rim and his initial in a medallion.

    The pattern ring and the letter keep the four emperors apart in grayscale prints. `saver`
    draws it for the ink saver: the pattern in a light tone of his colour on white, a rim and
    the medallion's ring in his colour, the initial in a readable tone of it.
    """
    color = emperor["color"]
    if saver:
        _draw_saver_mark(c, emperor, cx, cy, r)
        return
    accent = accent_of(color)
    c.saveState()
    c.setFillColor(_color(color))
    c.circle(cx, cy, r, stroke=0, fill=1)
    draw_pattern(c, emperor["pattern"], cx, cy, r, accent)
    inner = r * 0.58
    c.setFillColor(_color(color))
    c.setStrokeColor(_color(ink_on(color, light, dark)))
    c.setLineWidth(max(r * 0.05, 0.12))
    c.circle(cx, cy, inner, stroke=1, fill=1)
    draw_letter(c, emperor["initial"], cx, cy, inner * 0.95, ink_on(color, light, dark))
    c.restoreState()


def saver_pattern_tone(color: str) -> str:
    """The tone an emperor's pattern is drawn in on white by the ink saver."""
    return mix(color, "#ffffff", 0.45 if is_light(color) else 0.55)


def _draw_saver_mark(c, emperor: dict, cx: float, cy: float, r: float) -> None:
    color = emperor["color"]
    strong = readable(color)
    c.saveState()
    c.setFillColor(_color(tint(color, 0.08)))
    c.circle(cx, cy, r, stroke=0, fill=1)
    draw_pattern(c, emperor["pattern"], cx, cy, r, saver_pattern_tone(color))
    inner = r * 0.58
    c.setFillColor(_color("#ffffff"))
    c.setStrokeColor(_color(strong))
    c.setLineWidth(max(r * 0.06, 0.15))
    c.circle(cx, cy, inner, stroke=1, fill=1)
    c.setLineWidth(max(r * 0.07, 0.18))
    c.circle(cx, cy, r - max(r * 0.035, 0.09), stroke=1, fill=0)
    draw_letter(c, emperor["initial"], cx, cy, inner * 0.95, strong)
    c.restoreState()


# --- icons --------------------------------------------------------------------------------------
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
    c.setFillColor(_color(color))
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
        c.setStrokeColor(_color(knock))
        c.setLineWidth(0.10)
        c.setLineJoin(1)
        c.drawPath(p, stroke=1, fill=0)
    c.setFillColor(_color(color))
    c.drawPath(p, stroke=0, fill=1, fillMode=1)
    if knock:                                             # the fuller down the blade
        c.setStrokeColor(_color(knock))
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


def _galley(c, color, knock):
    """A Roman fleet: a galley with ram, curled stern, sail and oars."""
    c.setFillColor(_color(color))
    c.setStrokeColor(_color(color))
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
        c.setStrokeColor(_color(knock))
        c.setLineWidth(0.045)
        c.line(-0.60, -0.24, 0.76, -0.24)
        for x in (-0.15, 0.25):
            c.line(x, 0.76, x, 0.10)


def _helmet(c, color, knock):
    """A barbarian army: a horned helmet with a nose guard."""
    c.setFillColor(_color(color))
    for side in (-1, 1):                                  # horns
        h = c.beginPath()
        h.moveTo(side * 0.40, 0.02)
        h.curveTo(side * 0.78, 0.02, side * 0.92, 0.30, side * 0.88, 0.92)
        h.curveTo(side * 0.74, 0.52, side * 0.62, 0.34, side * 0.36, 0.30)
        h.close()
        c.drawPath(h, stroke=0, fill=1)
    dome = c.beginPath()
    dome.moveTo(-0.52, -0.16)
    dome.curveTo(-0.54, 0.38, -0.30, 0.62, 0.0, 0.62)
    dome.curveTo(0.30, 0.62, 0.54, 0.38, 0.52, -0.16)
    dome.close()
    c.drawPath(dome, stroke=0, fill=1)
    c.roundRect(-0.60, -0.36, 1.20, 0.24, 0.05, stroke=0, fill=1)   # brow band
    guard = c.beginPath()                                            # nose guard
    guard.moveTo(-0.08, -0.36)
    guard.lineTo(0.08, -0.36)
    guard.lineTo(0.05, -0.86)
    guard.lineTo(-0.05, -0.86)
    guard.close()
    c.drawPath(guard, stroke=0, fill=1)
    for side in (-1, 1):                                  # cheek guards
        g = c.beginPath()
        g.moveTo(side * 0.58, -0.36)
        g.lineTo(side * 0.22, -0.36)
        g.curveTo(side * 0.26, -0.56, side * 0.34, -0.74, side * 0.40, -0.80)
        g.curveTo(side * 0.54, -0.70, side * 0.60, -0.52, side * 0.58, -0.36)
        g.close()
        c.drawPath(g, stroke=0, fill=1)
    if knock:                                             # rivets on the band, a ridge on the dome
        c.setFillColor(_color(knock))
        for x in (-0.42, -0.21, 0.21, 0.42):
            c.circle(x, -0.24, 0.045, stroke=0, fill=1)
        c.setStrokeColor(_color(knock))
        c.setLineWidth(0.05)
        c.line(0, -0.08, 0, 0.56)
        c.line(-0.56, -0.12, 0.56, -0.12)


def _laurel(c, color, knock):
    """Victory: a laurel wreath open at the top, tied at the bottom."""
    c.setFillColor(_color(color))
    c.setStrokeColor(_color(color))
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


ICONS: dict[str, Callable] = {
    "agitation": _flame,
    "revolt": _swords,
    "fleet": _galley,
    "army": _helmet,
    "laurel": _laurel,
}


# --- icons for Conquest of the Empire II (units, card classes, tokens) ----------------------------

def _infantry(c, color, knock):
    """Infantry: a legionary's curved shield (scutum) with a spear behind it."""
    c.setFillColor(_color(color))
    c.setStrokeColor(_color(color))
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
        c.setStrokeColor(_color(knock))
        c.setLineWidth(0.12)
        c.drawPath(shield, stroke=1, fill=0)
    c.drawPath(shield, stroke=0, fill=1)
    if knock:                                             # the boss and its band
        c.setFillColor(_color(knock))
        c.setStrokeColor(_color(knock))
        c.circle(-0.12, 0.0, 0.20, stroke=0, fill=1)
        c.setFillColor(_color(color))
        c.circle(-0.12, 0.0, 0.11, stroke=0, fill=1)
        c.setLineWidth(0.06)
        c.line(-0.12, 0.26, -0.12, 0.66)
        c.line(-0.12, -0.26, -0.12, -0.66)


def _cavalry(c, color, knock):
    """Cavalry: a horse's head and neck, facing left, with its mane."""
    c.setFillColor(_color(color))
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
        c.setFillColor(_color(knock))
        c.circle(-0.18, 0.34, 0.07, stroke=0, fill=1)     # eye
        c.circle(-0.74, -0.28, 0.045, stroke=0, fill=1)   # nostril
        c.setStrokeColor(_color(knock))
        c.setLineWidth(0.045)
        c.setLineCap(1)
        c.line(-0.60, -0.24, -0.04, -0.06)                # bridle
        c.line(-0.04, -0.06, 0.02, 0.62)


def _catapult(c, color, knock):
    """Catapult: a throwing arm on a wheeled frame, a stone in its cup."""
    c.setFillColor(_color(color))
    c.setStrokeColor(_color(color))
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
            c.setFillColor(_color(knock))
            c.circle(x, -0.68, 0.31, stroke=0, fill=1)
            c.setFillColor(_color(color))
        c.circle(x, -0.68, 0.26, stroke=0, fill=1)
        if knock:
            c.setFillColor(_color(knock))
            c.circle(x, -0.68, 0.08, stroke=0, fill=1)
            c.setFillColor(_color(color))


def _crested_helmet(c, color, knock):
    """General: a Roman officer's helmet with a transverse crest."""
    c.setFillColor(_color(color))
    crest = c.beginPath()
    crest.moveTo(-0.86, 0.40)
    crest.curveTo(-0.80, 0.90, 0.80, 0.90, 0.86, 0.40)
    crest.curveTo(0.50, 0.52, -0.50, 0.52, -0.86, 0.40)
    crest.close()
    c.drawPath(crest, stroke=0, fill=1)
    dome = c.beginPath()
    dome.moveTo(-0.56, -0.20)
    dome.curveTo(-0.58, 0.34, -0.32, 0.56, 0.0, 0.56)
    dome.curveTo(0.32, 0.56, 0.58, 0.34, 0.56, -0.20)
    dome.close()
    if knock:                                             # a gap under the crest
        c.setStrokeColor(_color(knock))
        c.setLineWidth(0.10)
        c.drawPath(dome, stroke=1, fill=0)
    c.drawPath(dome, stroke=0, fill=1)
    c.roundRect(-0.66, -0.36, 1.32, 0.22, 0.05, stroke=0, fill=1)  # brow band
    for side in (-1, 1):                                  # hinged cheek guards
        g = c.beginPath()
        g.moveTo(side * 0.62, -0.36)
        g.lineTo(side * 0.18, -0.36)
        g.curveTo(side * 0.16, -0.60, side * 0.24, -0.84, side * 0.34, -0.96)
        g.curveTo(side * 0.56, -0.86, side * 0.66, -0.60, side * 0.62, -0.36)
        g.close()
        c.drawPath(g, stroke=0, fill=1)
    if knock:                                             # the plumes of the crest
        c.setStrokeColor(_color(knock))
        c.setLineWidth(0.04)
        for x in (-0.54, -0.27, 0.0, 0.27, 0.54):
            c.line(x * 0.9, 0.52, x, 0.70 - abs(x) * 0.22)
        c.line(-0.62, -0.14, 0.62, -0.14)


def _caesar(c, color, knock):
    """Caesar: a closed laurel wreath with a gem at its crown."""
    _laurel(c, color, knock)
    c.setFillColor(_color(color))
    c.circle(0, 0.0, 0.20, stroke=0, fill=1)
    if knock:
        c.setFillColor(_color(knock))
        c.circle(0, 0.0, 0.09, stroke=0, fill=1)


def _scroll(c, color, knock):
    """Senator: an unrolled scroll with rolled ends and written lines."""
    c.setFillColor(_color(color))
    c.rect(-0.62, -0.58, 1.24, 1.16, stroke=0, fill=1)
    for x in (-0.70, 0.70):
        if knock:
            c.setFillColor(_color(knock))
            c.roundRect(x - 0.20, -0.90, 0.40, 1.80, 0.20, stroke=0, fill=1)
            c.setFillColor(_color(color))
        c.roundRect(x - 0.15, -0.86, 0.30, 1.72, 0.15, stroke=0, fill=1)
    if knock:
        c.setStrokeColor(_color(knock))
        c.setLineWidth(0.08)
        c.setLineCap(1)
        for i, y in enumerate((0.36, 0.12, -0.12, -0.36)):
            c.line(-0.40, y, 0.40 - (0.22 if i == 3 else 0), y)


def _cross(c, color, knock):
    """Immediate: a bold X."""
    c.setFillColor(_color(color))
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
    c.setFillColor(_color(color))
    c.drawPath(p, stroke=0, fill=1, fillMode=0)


def _diamond(c, color, knock):
    """Multiple use: a diamond (lozenge)."""
    p = c.beginPath()
    p.moveTo(0, 0.98)
    p.lineTo(0.70, 0)
    p.lineTo(0, -0.98)
    p.lineTo(-0.70, 0)
    p.close()
    c.setFillColor(_color(color))
    c.drawPath(p, stroke=0, fill=1)


def _coin(c, color, knock):
    """Talents: a coin with a beaded rim and a stroke of value across it."""
    c.setFillColor(_color(color))
    c.circle(0, 0, 0.90, stroke=0, fill=1)
    if knock:
        c.setStrokeColor(_color(knock))
        c.setLineWidth(0.07)
        c.circle(0, 0, 0.70, stroke=1, fill=0)
        c.setFillColor(_color(knock))
        for i in range(16):
            a = math.radians(i * 22.5)
            c.circle(0.80 * math.cos(a), 0.80 * math.sin(a), 0.04, stroke=0, fill=1)
        c.setLineWidth(0.14)                               # a "T" for talent
        c.setLineCap(0)
        c.line(-0.32, 0.34, 0.32, 0.34)
        c.line(0, 0.34, 0, -0.40)


def _broken_column(c, color, knock):
    """Chaos: a broken column on its base, a fallen drum beside it."""
    c.setFillColor(_color(color))
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
        c.setStrokeColor(_color(knock))
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
    c.setFillColor(_color(color))
    c.drawPath(p, stroke=0, fill=1, fillMode=0)
    if knock:                                              # tower windows
        c.setFillColor(_color(knock))
        for x in (-0.66, 0.66):
            c.roundRect(x - 0.07, 0.0, 0.14, 0.26, 0.07, stroke=0, fill=1)


def _blank(c, color, knock):
    """A blank die face: nothing."""


ICONS.update({
    "infantry": _infantry,
    "cavalry": _cavalry,
    "catapult": _catapult,
    "galley": _galley,              # the same galley as 'fleet'
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
})


def draw_icon(c, name: str, cx: float, cy: float, size: float, color: str,
              knock: str | None = None) -> None:
    """Draw icon `name` centred on (cx, cy), `size` mm across, in `color`.

    `knock` is the colour behind the icon, used for the thin gaps that keep overlapping parts
    apart (crossed blades, rivets); without it the icon is a plain silhouette.
    """
    if name not in ICONS:
        raise ValueError(f"unknown icon '{name}' (known: {', '.join(ICONS)})")
    c.saveState()
    c.translate(cx, cy)
    c.scale(size / 2, size / 2)
    ICONS[name](c, color, knock)
    c.restoreState()


# --- text fitting -------------------------------------------------------------------------------

def fit_lines(text: str, font: str, size: float, width: float,
              max_lines: int = 2) -> tuple[list[str], float]:
    """Break `text` into at most `max_lines` lines and the largest size up to `size` that fits.

    The split that allows the biggest type wins; one line is kept unless a split gains more than
    a tenth in size. The returned lines, at the returned size, are never wider than `width`.
    """
    words = text.split()
    best_lines, best_size = [text], _size_for([text], font, size, width)
    for n in range(2, min(max_lines, len(words)) + 1):
        lines = _balanced(words, n, font)
        fitted = _size_for(lines, font, size, width)
        if fitted > best_size * 1.1:
            best_lines, best_size = lines, fitted
    return best_lines, best_size


def _size_for(lines: list[str], font: str, size: float, width: float) -> float:
    widest = max(fonts.text_width(line, font, size) for line in lines)
    return size if widest <= width else size * width / widest * 0.999


def _balanced(words: list[str], n: int, font: str) -> list[str]:
    """Split words into n lines whose widest line is as narrow as possible."""
    from itertools import combinations

    best, best_width = None, math.inf
    for cuts in combinations(range(1, len(words)), n - 1):
        bounds = (0, *cuts, len(words))
        lines = [" ".join(words[a:b]) for a, b in zip(bounds, bounds[1:])]
        widest = max(fonts.text_width(line, font, 10) for line in lines)
        if widest < best_width:
            best, best_width = lines, widest
    return best
