"""Shared vector art: colours and their contrasts, patterns, initials and emperor marks.

Every function draws on a reportlab canvas whose unit is one millimetre (see forge/model.py) and
leaves the canvas state as it found it. Colours are '#rrggbb' strings. Patterns exist so that the
players' colours stay distinguishable when a kit is printed in grayscale. Icons are in
forge/render/icons.py, text fitting in forge/render/textfit.py.
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
