"""Tetrarchia's board: provinces, links, barbarian routes, sea zones and regions, painted.

The painting follows the geometry of forge/render/tetrarchia/layout.py, layer by layer, from the
land up. All lengths are millimetres from the bottom-left corner of the trim.

Every visible word comes from the data (Latin names, the game's title and subtitle) or from the
program catalog (the legend).

Ink variants (`ctx.ink`): the ink saver leaves the land white (regions keep their borders, names
and the coloured rings of their circles; the barbarian lands their hatching), tints the sea
lightly and draws its coast lines as thin lines; grayscale darkens the sea so that it stays apart
from the land, whose tints turn to nearly the same light grays.
"""
from __future__ import annotations

import math
from functools import partial

from reportlab.lib.colors import HexColor

from forge import fonts
from forge.ink import lightness
from forge.model import Piece, pt
from forge.render import art, icons, maker, textfit
from forge.render.geometry import point_along, polyline_length, signed_area, split_polyline
from forge.render.tetrarchia.layout import (
    CAP, FLEET_R, GAP_LENGTH, R, Cell, Label, Style, Water, area_labels, arrowhead, cells, circles,
    link_ends, make_label, province_labels, provinces, text_width, water)

MARK_R = 8.0                # a capital's painted disc, the size of an emperor disc
COMPASS_R = 9.0             # the compass rose
CAPITAL_SAMPLE_R = 3.1      # the legend's capital disc
SEAM_COVER = 0.3            # mm, the edge drawn around a region's ground to close seams


@maker("board", reads=("game", "board"))
def make_board(component: dict, ctx) -> list[Piece]:
    """The one board piece, its art running into the bleed."""
    trim = tuple(component["trim"])
    bleed = component.get("bleed", 0)
    draw = partial(draw_board, board=ctx.data["board"], ctx=ctx, bleed=bleed)
    return [Piece(component["id"], "board", trim, bleed, draw, component["name"],
                  keep_clear=spaces(ctx.data["board"]))]


def spaces(board: dict) -> tuple[tuple[float, float, float], ...]:
    """Every space a piece sits on, as a circle (x, y, radius) in board mm."""
    return tuple((x, y, r) for _, x, y, r in circles(board))


def draw_board(c, board: dict, ctx, bleed: float) -> None:
    """Paint the whole board, from the land at the bottom to the labels on top."""
    fonts.register_fonts()
    paint = Paint(ctx, board)
    sea = water(board)
    w, h = board["size"]
    c.saveState()
    c.clipPath(_rect(c, -bleed, -bleed, w + 2 * bleed, h + 2 * bleed), stroke=0, fill=0)
    if not paint.saver:
        paint.fill(c, paint.terra)
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    draw_regions(c, board, paint)
    draw_seas(c, board, sea, paint)
    if "compass" in board:
        draw_compass(c, *board["compass"], paint)
    draw_area_labels(c, board, paint)
    draw_links(c, board, paint)
    draw_provinces(c, board, sea, paint, ctx)
    draw_province_labels(c, board, paint)
    draw_cartouche(c, board, paint, ctx)
    c.restoreState()


class Paint:
    """The board's colours, from the game's palette and the regions' tints."""

    def __init__(self, ctx, board: dict):
        pal = ctx.game["palette"]
        self.ink, self.parchment, self.land = pal["ink"], pal["parchment"], pal["land"]
        self.terra = art.mix(pal["land"], pal["ink"], 0.10)        # land beyond every province
        self.circle = art.mix(pal["parchment"], "#ffffff", 0.35)
        self.sea, self.sea_ink = pal["sea"], pal["sea_ink"]
        self.sea_light = art.mix(pal["sea"], "#ffffff", 0.45)
        self.gold, self.frontier, self.army = pal["gold"], pal["frontier"], pal["army"]
        self.broken, self.route = pal["broken"], pal["route"]
        self.tint = {r["id"]: r["tint"] for r in board["regions"]}
        self.region_of = {p["id"]: p["region"] for p, _ in provinces(board)}
        self.is_frontier = {p["id"]: f for p, f in provinces(board)}
        self.saver = ctx.ink == "saver"
        self.frontier_ground = art.mix(self.frontier, "#ffffff", 0.3)   # a frontier circle
        self.halo = art.mix(self.parchment, "#ffffff", 0.2)              # behind labels
        self.panel = art.mix(self.parchment, "#ffffff", 0.25)            # the cartouche
        if ctx.ink == "grayscale":
            self._part_sea_from_land()
        if self.saver:
            # no large fills: white land and circles, a light sea whose coast lines are thin
            # lines of a deeper blue (self.coast_lines); the fleet circles stay white
            self.terra = self.circle = self.frontier_ground = "#ffffff"
            self.halo = self.panel = "#ffffff"
            self.coast_lines = art.mix(self.sea, self.sea_ink, 0.3)
            self.sea = art.mix("#ffffff", self.sea, 0.34)
            self.sea_light = "#ffffff"

    def _part_sea_from_land(self) -> None:
        """Grayscale: the sea at least 0.16 darker than any land, so coasts stay visible."""
        land = [self.land, self.parchment, self.frontier, *self.tint.values()]
        level = min(lightness(self.sea), min(lightness(t) for t in land) - 0.16)
        self.sea = art.to_hex(level, level, level)
        self.sea_light = art.mix(self.sea, "#ffffff", 0.45)

    @staticmethod
    def fill(c, color: str) -> None:
        c.setFillColor(HexColor(color))

    @staticmethod
    def stroke(c, color: str, width: float) -> None:
        c.setStrokeColor(HexColor(color))
        c.setLineWidth(width)


def _path(c, points, close=True):
    p = c.beginPath()
    p.moveTo(*points[0])
    for q in points[1:]:
        p.lineTo(*q)
    if close:
        p.close()
    return p


def _rect(c, x, y, w, h):
    p = c.beginPath()
    p.rect(x, y, w, h)
    return p


# --- regions --------------------------------------------------------------------------------------

def draw_regions(c, board: dict, paint: Paint) -> None:
    """Region tints, the barbarian lands (hatched), region borders and the limes."""
    all_cells = cells(board)
    if not paint.saver:
        for color, group in _by_ground(all_cells, paint).items():
            _fill_as_one(c, group, color)
    hatch = art.mix(paint.frontier, paint.ink, 0.22)
    for cell in all_cells:
        if paint.is_frontier[cell.owner]:
            _hatch(c, cell.points, hatch, 2.2)
    for cell in all_cells:
        _draw_borders(c, cell, paint)


def _by_ground(all_cells, paint: Paint) -> dict[str, list]:
    """The cells grouped by the colour of their ground (a region's tint, or the frontier's)."""
    groups: dict[str, list] = {}
    for cell in all_cells:
        color = (paint.frontier if paint.is_frontier[cell.owner]
                 else paint.tint[paint.region_of[cell.owner]])
        groups.setdefault(color, []).append(cell)
    return groups


def _fill_as_one(c, group, color: str) -> None:
    """Cells of one colour filled as one path and edged in the same colour, so that no hairline
    of the ground shows between neighbouring cells."""
    p = c.beginPath()
    for cell in group:
        p.moveTo(*cell.points[0])
        for q in cell.points[1:]:
            p.lineTo(*q)
        p.close()
    c.saveState()
    Paint.fill(c, color)
    Paint.stroke(c, color, SEAM_COVER)
    c.setLineJoin(1)
    c.drawPath(p, stroke=1, fill=1, fillMode=0)
    c.restoreState()


def _hatch(c, points, color, spacing):
    """Diagonal hatching inside a polygon; the lines sit on one board-wide grid, so the
    hatching of neighbouring lands runs on without a break."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    c.saveState()
    c.clipPath(_path(c, points), stroke=0, fill=0)
    Paint.stroke(c, color, pt(0.5))
    height = max(ys) - min(ys)
    k = math.floor((min(xs) - max(ys)) / spacing) * spacing     # lines x - y = k
    while k + min(ys) < max(xs):
        c.line(k + min(ys), min(ys), k + max(ys), max(ys))
        k += spacing
    c.restoreState()


def _draw_borders(c, cell: Cell, paint: Paint) -> None:
    """The sides of a cell that are region borders (dash-dot) or the limes (each side once)."""
    n = len(cell.points)
    for i, other in enumerate(cell.across):
        if other is None or other < cell.owner:
            continue
        a, b = cell.points[i], cell.points[(i + 1) % n]
        if paint.is_frontier[cell.owner] != paint.is_frontier[other]:
            _limes(c, a, b, paint, ticks_left=paint.is_frontier[cell.owner])
        elif paint.region_of[other] != paint.region_of[cell.owner]:
            c.saveState()
            Paint.stroke(c, art.mix(paint.ink, paint.land, 0.35), pt(1.1))
            c.setDash([pt(3), pt(1.6), pt(0.6), pt(1.6)])
            c.line(*a, *b)
            c.restoreState()


def _limes(c, a, b, paint, ticks_left: bool):
    """The Empire's frontier: a bold line with palisade ticks on the barbarian side."""
    c.saveState()
    Paint.stroke(c, paint.broken, pt(1.6))
    c.setLineCap(1)
    c.line(*a, *b)
    length = math.dist(a, b)
    if length > 0.5:
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        sign = 1.0 if ticks_left else -1.0
        c.setLineWidth(pt(1.1))
        t = 1.0
        while t < length - 0.5:
            x, y = a[0] + ux * t, a[1] + uy * t
            c.line(x, y, x - sign * uy * 1.4, y + sign * ux * 1.4)
            t += 2.2
    c.restoreState()


# --- seas -----------------------------------------------------------------------------------------

def _water_path(c, sea: Water):
    """All the water as one path, filled nonzero: seas anticlockwise, islands clockwise."""
    p = c.beginPath()
    shapes = [(a, 1) for areas in sea.seas.values() for a in areas]
    for points, sign in shapes + [(i, -1) for i in sea.islands]:
        if signed_area(points) * sign < 0:
            points = points[::-1]
        p.moveTo(*points[0])
        for q in points[1:]:
            p.lineTo(*q)
        p.close()
    return p


def _coast_path(c, sea: Water):
    p = c.beginPath()
    for line in sea.coasts:
        p.moveTo(*line[0])
        for q in line[1:]:
            p.lineTo(*q)
    return p


def draw_seas(c, board: dict, sea: Water, paint: Paint) -> None:
    """The sea with water lines along its coasts, the coastline, zone borders, fleet circles."""
    c.saveState()
    paint.fill(c, paint.sea)
    c.drawPath(_water_path(c, sea), stroke=0, fill=1, fillMode=1)
    c.clipPath(_water_path(c, sea), stroke=0, fill=0, fillMode=1)
    c.setLineJoin(1)
    lines, gap = (paint.coast_lines, pt(0.55)) if paint.saver else (paint.sea_light, pt(0.9))
    for width in (7.0, 4.6, 2.6):               # lines following the coast, inside the sea
        Paint.stroke(c, lines, width)
        c.drawPath(_coast_path(c, sea), stroke=1, fill=0)
        Paint.stroke(c, paint.sea, width - gap)
        c.drawPath(_coast_path(c, sea), stroke=1, fill=0)
    c.restoreState()
    c.saveState()
    c.setLineJoin(1)
    Paint.stroke(c, paint.sea_ink, pt(0.9))
    c.drawPath(_coast_path(c, sea), stroke=1, fill=0)
    Paint.stroke(c, paint.sea_ink, pt(1.3))
    c.setDash([pt(5), pt(3)])
    for line in board.get("sea_borders", []):
        c.drawPath(_path(c, [tuple(p) for p in line], close=False), stroke=1, fill=0)
    c.restoreState()
    for zone in board["seas"]:
        _fleet_circle(c, *zone["fleet_at"], paint)


def _fleet_circle(c, x, y, paint, r=FLEET_R):
    c.saveState()
    paint.fill(c, paint.sea_light)
    Paint.stroke(c, paint.sea_ink, pt(1.2) * r / FLEET_R)
    c.circle(x, y, r, stroke=1, fill=1)
    if r > 5:
        c.setDash([pt(2), pt(1.5)])
        c.setLineWidth(pt(0.6))
        c.circle(x, y, r - 1.4, stroke=1, fill=0)
    c.restoreState()
    icons.draw_icon(c, "fleet", x, y, r * 1.2, art.mix(paint.sea_light, paint.sea_ink, 0.4))


def draw_compass(c, x: float, y: float, paint: Paint) -> None:
    """A compass rose: four long points and four short ones, each half dark and half light."""
    c.saveState()
    Paint.stroke(c, paint.sea_ink, pt(0.7))
    c.circle(x, y, COMPASS_R * 0.62, stroke=1, fill=0)
    for k in range(8):
        length = COMPASS_R * (1.0 if k % 2 == 0 else 0.58)
        width = COMPASS_R * (0.17 if k % 2 == 0 else 0.12)
        a = math.radians(90 - 45 * k)
        for side, color in ((1, paint.sea_ink), (-1, paint.sea_light)):
            b = a + side * math.pi / 2
            paint.fill(c, color)
            c.drawPath(_path(c, [(x, y), (x + math.cos(a) * length, y + math.sin(a) * length),
                                 (x + math.cos(b) * width, y + math.sin(b) * width)]),
                       stroke=1, fill=1)
    c.restoreState()


# --- links ----------------------------------------------------------------------------------------

def draw_links(c, board: dict, paint: Paint) -> None:
    """Links as roads; broken links interrupted by a terrain sign; route arrows on top."""
    for link in board["links"]:
        points = link_ends(board, link)
        if link["kind"] == "broken":
            _broken_link(c, points, link.get("terrain"), paint)
        else:
            _road(c, points, paint)
    for link in board["links"]:
        if link.get("route"):
            _route_arrow(c, link_ends(board, link), link["kind"] == "broken", paint)


def _road(c, points, paint, edge=None, scale=1.0):
    """A road: a dark edge (in `edge` colour, ink by default) around a light centre."""
    c.saveState()
    c.setLineJoin(1)
    Paint.stroke(c, edge or paint.ink, pt(3.4) * scale)
    c.drawPath(_path(c, points, close=False), stroke=1, fill=0)
    Paint.stroke(c, paint.parchment, pt(1.5) * scale)
    c.drawPath(_path(c, points, close=False), stroke=1, fill=0)
    c.restoreState()


def _broken_link(c, points, terrain, paint, scale=1.0):
    """An interrupted road in the broken-link colour, its terrain sign in the gap."""
    total = polyline_length(points)
    gap = min(GAP_LENGTH * scale, total * 0.5)
    for piece in split_polyline(points, (total - gap) / 2, (total + gap) / 2):
        if len(piece) >= 2 and polyline_length(piece) > 0.05:
            _road(c, piece, paint, paint.broken, scale)
    (x, y), u = point_along(points, total / 2)
    _terrain_sign(c, x, y, u, terrain, paint, scale)


def _terrain_sign(c, x, y, u, terrain, paint, scale=1.0):
    """Two peaks for mountains; one wavy line across the link for a river, three for a strait."""
    c.saveState()
    c.translate(x, y)
    c.scale(scale, scale)
    c.setLineJoin(1)
    c.setLineCap(1)
    if terrain == "mountains":
        paint.fill(c, art.mix(paint.broken, paint.parchment, 0.45))
        Paint.stroke(c, paint.broken, pt(1.0))
        for dx, height, half in ((-1.5, 2.9, 1.9), (1.3, 3.8, 2.3)):
            c.drawPath(_path(c, [(dx - half, -1.7), (dx, height - 1.7), (dx + half, -1.7)]),
                       stroke=1, fill=1)
    else:
        c.rotate(math.degrees(math.atan2(u[1], u[0])))
        width = pt(1.6 if terrain == "river" else 1.0)
        waves = c.beginPath()
        for dx in ((0.0,) if terrain == "river" else (-1.2, 0.0, 1.2)):
            waves.moveTo(dx, -3.2)
            for k in range(3):
                y0 = -3.2 + k * 2.14
                waves.curveTo(dx + 0.9, y0 + 0.53, dx - 0.9, y0 + 1.6, dx, y0 + 2.14)
        for color, w in ((paint.parchment, width + pt(1.6)), (paint.sea_ink, width)):
            Paint.stroke(c, color, w)
            c.drawPath(waves, stroke=1, fill=0)
    c.restoreState()


def _route_arrow(c, points, broken, paint, scale=1.0):
    c.saveState()
    paint.fill(c, paint.route)
    Paint.stroke(c, paint.parchment, pt(0.7) * scale)
    c.setLineJoin(1)
    c.drawPath(_path(c, arrowhead(points, broken, scale)), stroke=1, fill=1)
    c.restoreState()


# --- provinces ------------------------------------------------------------------------------------

def draw_provinces(c, board: dict, sea: Water, paint: Paint, ctx) -> None:
    """The circles: parchment showing any sea they hold, a band in the region's tint, the
    capitals' painted discs, ROMA's four colours; frontier circles outside the Empire."""
    emperors = {e["id"]: e for e in ctx.game["emperors"]}
    for p, frontier in provinces(board):
        x, y = p["at"]
        _circle_ground(c, x, y, sea.near(x, y, R) if p.get("coast") else None, paint, frontier)
        if frontier:
            _frontier_ring(c, x, y, paint)
            continue
        c.saveState()
        band = 0.8 if paint.saver else 1.2          # the ring in the region's tint
        Paint.stroke(c, art.mix(paint.tint[p["region"]], paint.ink, 0.25), band)
        c.circle(x, y, R - 0.3 - band / 2, stroke=1, fill=0)
        Paint.stroke(c, paint.ink, pt(1.6))
        c.circle(x, y, R, stroke=1, fill=0)
        c.restoreState()
        if p.get("capital"):
            art.draw_emperor_mark(c, emperors[p["capital"]], x, y, MARK_R, paint.parchment,
                                  paint.ink, saver=paint.saver)
            c.saveState()
            Paint.stroke(c, paint.ink, pt(0.8))
            c.circle(x, y, MARK_R, stroke=1, fill=0)
            c.restoreState()
        if p.get("roma"):
            _roma(c, x, y, ctx.game["emperors"], paint)


def _circle_ground(c, x, y, sea: Water | None, paint, frontier):
    """A circle's inside: plain parchment, with the sea it holds when it is coastal."""
    c.saveState()
    paint.fill(c, paint.frontier_ground if frontier else paint.circle)
    c.circle(x, y, R, stroke=0, fill=1)
    if sea:
        clip = c.beginPath()
        clip.circle(x, y, R)
        c.clipPath(clip, stroke=0, fill=0)
        paint.fill(c, paint.sea)
        c.drawPath(_water_path(c, sea), stroke=0, fill=1, fillMode=1)
        Paint.stroke(c, paint.sea_ink, pt(0.8))
        c.drawPath(_coast_path(c, sea), stroke=1, fill=0)
    c.restoreState()


def _frontier_ring(c, x, y, paint, r=R):
    c.saveState()
    Paint.stroke(c, paint.army, pt(2.4) * r / R)
    c.circle(x, y, r, stroke=1, fill=0)
    if r > 5:
        Paint.stroke(c, paint.army, pt(0.7))
        c.setDash([pt(1.5), pt(1.5)])
        c.circle(x, y, r - 1.6, stroke=1, fill=0)
    c.restoreState()


def _roma(c, x, y, emperors, paint):
    """ROMA's wildcard: a quarter for each emperor (colour, pattern, initial) in turn order
    clockwise from the top, in a gold rim."""
    n = len(emperors)
    for i, e in enumerate(emperors):
        start = 90 - 360 * (i + 1) / n
        c.saveState()
        quarter = c.beginPath()
        quarter.moveTo(x, y)
        quarter.arcTo(x - MARK_R, y - MARK_R, x + MARK_R, y + MARK_R, start, 360 / n)
        quarter.close()
        c.clipPath(quarter, stroke=0, fill=0)
        paint.fill(c, art.tint(e["color"], 0.08) if paint.saver else e["color"])
        c.rect(x - MARK_R, y - MARK_R, 2 * MARK_R, 2 * MARK_R, stroke=0, fill=1)
        art.draw_pattern(c, e["pattern"], x, y, MARK_R, art.saver_pattern_tone(e["color"])
                         if paint.saver else art.accent_of(e["color"]))
        mid = math.radians(start + 180 / n)
        letter = (art.readable(e["color"]) if paint.saver
                  else art.ink_on(e["color"], paint.parchment, paint.ink))
        if paint.saver:                          # a white ground keeps the initial readable
            c.setFillColor(HexColor("#ffffff"))
            c.circle(x + math.cos(mid) * MARK_R * 0.55, y + math.sin(mid) * MARK_R * 0.55,
                     MARK_R * 0.3, stroke=0, fill=1)
        art.draw_letter(c, e["initial"], x + math.cos(mid) * MARK_R * 0.55,
                        y + math.sin(mid) * MARK_R * 0.55, MARK_R * 0.42, letter)
        c.restoreState()
    c.saveState()
    Paint.stroke(c, paint.gold, pt(2.2))
    c.circle(x, y, MARK_R, stroke=1, fill=0)
    Paint.stroke(c, paint.gold if paint.saver else paint.parchment, pt(0.8))
    for i in range(n):
        a = math.radians(90 - 360 * i / n)
        c.line(x, y, x + math.cos(a) * MARK_R, y + math.sin(a) * MARK_R)
    Paint.stroke(c, paint.gold, pt(2.0))
    c.circle(x, y, R, stroke=1, fill=0)
    c.restoreState()


# --- labels ---------------------------------------------------------------------------------------

def draw_text(c, label: Label, color: str, halo: str | None = None, halo_width: float = 0.8):
    """A label's lines, centred; a halo first, when asked, keeps them readable over lines."""
    style = label.style
    for ink, mode in ([(halo, 1)] if halo else []) + [(color, 0)]:
        c.saveState()
        if mode:
            Paint.stroke(c, ink, halo_width)
            c.setLineJoin(1)
        else:
            c.setFillColor(HexColor(ink))
        for i, line in enumerate(label.lines):
            t = c.beginText(label.cx - text_width(line, style) / 2,
                            label.baseline - i * label.leading)
            t.setFont(style.font, style.size)
            t.setCharSpace(style.track)
            t.setTextRenderMode(mode)
            t.textOut(line)
            c.drawText(t)
        c.restoreState()


def draw_area_labels(c, board: dict, paint: Paint) -> None:
    """Region names in spaced capitals, a shade of their tint; sea names in italics."""
    for label in area_labels(board):
        if label.kind == "region":
            draw_text(c, label, art.mix(paint.tint[label.owner], paint.ink, 0.55))
        else:
            draw_text(c, label, paint.sea_ink)


def draw_province_labels(c, board: dict, paint: Paint) -> None:
    """Coordinates above the circles and names below, each on a parchment halo."""
    halo = paint.halo
    for label in province_labels(board):
        draw_text(c, label, paint.army if paint.is_frontier[label.owner] else paint.ink, halo)


# --- the cartouche: title and legend --------------------------------------------------------------

def legend_entries(tr) -> list[tuple[str, str]]:
    """What the legend explains: (sample to draw, translated words)."""
    return [("route", tr._("Barbarian route")), ("broken", tr._("Broken link")),
            ("coast", tr._("Coastal province")), ("frontier", tr._("Frontier province")),
            ("capital", tr._("Capital")), ("fleet", tr._("Fleet circle"))]


def draw_cartouche(c, board: dict, paint: Paint, ctx) -> None:
    """The title panel: the game's title between laurels, its subtitle, and the legend."""
    if "cartouche" not in board:
        return
    (x, y), (w, h) = board["cartouche"]["at"], board["cartouche"]["size"]
    c.saveState()
    paint.fill(c, paint.panel)
    Paint.stroke(c, paint.ink, pt(1.4))
    c.roundRect(x, y, w, h, 2.0, stroke=1, fill=1)
    Paint.stroke(c, paint.gold, pt(0.8))
    c.roundRect(x + 1.4, y + 1.4, w - 2.8, h - 2.8, 1.2, stroke=1, fill=0)
    c.restoreState()
    title = ctx.game["title"]
    style = Style(fonts.SERIF, pt(30), pt(30) * 0.16)
    shrink = min(1.0, (w - 36) / text_width(title, style))
    style = Style(style.font, style.size * shrink, style.track * shrink)
    label = make_label("cartouche", "title", [title], style, "below", x + w / 2, y + h - 3.2)
    draw_text(c, label, paint.ink)
    cap, half = style.size * CAP, (text_width(title, style)) / 2
    for side in (-1, 1):
        icons.draw_icon(c, "laurel", x + w / 2 + side * (half + cap * 1.2), label.box.y0 + cap / 2,
                      cap * 1.9, paint.gold)
    bottom = label.box.y0 - 2.2
    if ctx.game.get("subtitle"):
        lines, size = textfit.fit_lines(ctx.game["subtitle"], fonts.SERIF_ITALIC, pt(9), w - 8, 1)
        sub = make_label("cartouche", "subtitle", lines, Style(fonts.SERIF_ITALIC, size, 0.1),
                         "below", x + w / 2, bottom)
        draw_text(c, sub, paint.ink)
        bottom = sub.box.y0
    c.saveState()
    Paint.stroke(c, paint.gold, pt(0.6))
    c.line(x + 6, bottom - 2.0, x + w - 6, bottom - 2.0)
    c.restoreState()
    _draw_legend(c, legend_entries(ctx.tr), (x + 3, y + 2.5, w - 6, bottom - y - 5.5), paint,
                 ctx)


def _draw_legend(c, entries, area, paint, ctx):
    """The legend in two columns: a small sample, then its words (shrunk to fit)."""
    x, y, w, h = area
    rows = (len(entries) + 1) // 2
    for i, (sample, words) in enumerate(entries):
        left = x + (i // rows) * w / 2
        cy = y + h - h / rows * (i % rows + 0.5)
        _legend_sample(c, sample, left + 4.5, cy, paint, ctx)
        lines, size = textfit.fit_lines(words, fonts.SERIF, pt(8), w / 2 - 11, 2)
        style = Style(fonts.SERIF, size)
        label = make_label("legend", "legend", lines, style, "right", left + 10, cy)
        c.saveState()
        paint.fill(c, paint.ink)
        c.setFont(style.font, style.size)
        for k, line in enumerate(label.lines):
            c.drawString(label.box.x0, label.baseline - k * label.leading, line)
        c.restoreState()


def _legend_sample(c, sample, x, y, paint, ctx):
    """A small drawing of what a legend line explains, centred on (x, y)."""
    r = 2.6
    line = [(x - 4.5, y), (x + 4.5, y)]
    if sample == "route":
        _road(c, line, paint, scale=0.75)
        _route_arrow(c, line, False, paint, 0.75)
    elif sample == "broken":
        _broken_link(c, line, "mountains", paint, 0.55)
    elif sample == "coast":
        c.saveState()
        paint.fill(c, paint.circle)
        c.circle(x, y, r, stroke=0, fill=1)
        clip = c.beginPath()
        clip.circle(x, y, r)
        c.clipPath(clip, stroke=0, fill=0)
        paint.fill(c, paint.sea)
        c.rect(x - r, y - r, 2 * r, r * 0.8, stroke=0, fill=1)
        c.restoreState()
        c.saveState()
        Paint.stroke(c, paint.ink, pt(1))
        c.circle(x, y, r, stroke=1, fill=0)
        c.restoreState()
    elif sample == "frontier":
        c.saveState()
        paint.fill(c, paint.frontier_ground)
        c.circle(x, y, r, stroke=0, fill=1)
        c.restoreState()
        _frontier_ring(c, x, y, paint, r)
    elif sample == "capital":              # a little larger: its initial stays at 6 pt or more
        art.draw_emperor_mark(c, ctx.game["emperors"][0], x, y, CAPITAL_SAMPLE_R, paint.parchment,
                              paint.ink,
                              saver=paint.saver)
    elif sample == "fleet":
        _fleet_circle(c, x, y, paint, r)
