"""The board: provinces, links, barbarian routes, sea zones and regions, drawn from board.yaml.

The module has two halves. The geometry half is pure functions of the board's data - where each
label goes, the coastlines and region areas as drawn, where the route arrows sit - which the tests
check (tests/render/test_board_geometry.py). The drawing half only paints that geometry, layer by
layer, from the land up. All lengths are millimetres from the bottom-left corner of the trim.

Every visible word comes from the data (Latin names, the game's title and subtitle) or from the
program catalog (the legend).

Ink variants (`ctx.ink`): the ink saver leaves the land white (regions keep their borders, names
and the coloured rings of their circles; the barbarian lands their hatching), tints the sea
lightly and draws its coast lines as thin lines; grayscale darkens the sea so that it stays apart
from the land, whose tints turn to nearly the same light grays.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial

from reportlab.lib.colors import HexColor

from forge import fonts
from forge.ink import lightness
from forge.model import Piece, pt
from forge.render import art, maker

R = 11.0                    # province circle: a 16 mm disc with a standee on it fits inside
FLEET_R = 11.0              # a sea zone's fleet circle (fleet counters are 20 mm)
MARK_R = 8.0                # a capital's painted disc, the size of an emperor disc
CELL_R = 48.0               # how far a province's land area reaches at most
GAP = 1.3                   # between a circle and its labels
CLEARANCE = 0.8             # between a label and any line, mark or circle
LINE_GAP = 0.62             # space between two lines of a label, as a share of the cap height
CAP = 0.66                  # cap height of EB Garamond, as a share of the font size
SMOOTH_STEPS = 6            # points per side when a coastline is drawn as a curve
GAP_LENGTH = 7.0            # of a broken link, left out for its terrain sign
ARROW = 5.0                 # length of a route arrowhead
COMPASS_R = 9.0


@dataclass(frozen=True)
class Style:
    """How a kind of label is set: font, size (mm), letter spacing (mm), widest line (mm)."""

    font: str
    size: float
    track: float = 0.0
    max_width: float | None = None


NAME = Style(fonts.SERIF, pt(9), 0.25, 24.0)
FRONTIER_NAME = Style(fonts.SERIF_ITALIC, pt(9), 0.25, 24.0)
COORD = Style(fonts.SERIF_BOLD, pt(10), 0.3)
REGION = Style(fonts.SERIF, pt(13), 1.1)
SEA = Style(fonts.SERIF_ITALIC, pt(13), 1.2, 40.0)


# === geometry ====================================================================================

@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle: left, bottom, right, top."""

    x0: float
    y0: float
    x1: float
    y1: float

    def overlaps(self, other: "Box", margin: float = 0.0) -> bool:
        """Whether the two boxes overlap (or come closer than `margin`)."""
        return not (self.x1 + margin <= other.x0 or other.x1 + margin <= self.x0
                    or self.y1 + margin <= other.y0 or other.y1 + margin <= self.y0)

    def hits_circle(self, cx: float, cy: float, r: float) -> bool:
        """Whether the box overlaps the circle (cx, cy, r)."""
        nx = min(max(cx, self.x0), self.x1)
        ny = min(max(cy, self.y0), self.y1)
        return math.hypot(cx - nx, cy - ny) < r

    def grown(self, d: float) -> "Box":
        """The box with `d` added on every side."""
        return Box(self.x0 - d, self.y0 - d, self.x1 + d, self.y1 + d)

    def moved(self, dx: float) -> "Box":
        """The box slid sideways by dx."""
        return Box(self.x0 + dx, self.y0, self.x1 + dx, self.y1)


@dataclass(frozen=True)
class Label:
    """Text placed on the board: centred lines whose capitals fill `box`."""

    owner: str                  # the province, region or sea it names
    kind: str                   # 'name', 'coord', 'frontier', 'region', 'sea'
    lines: tuple[str, ...]
    style: Style
    cx: float                   # centre of the lines
    baseline: float             # baseline of the first (top) line
    leading: float              # from one baseline to the next
    box: Box


def text_width(text: str, style: Style) -> float:
    """Width of one line set in a style (letter spacing included)."""
    return fonts.text_width(text, style.font, style.size) + style.track * max(len(text) - 1, 0)


def make_label(owner: str, kind: str, lines: list[str], style: Style, side: str,
               x: float, y: float) -> Label:
    """A label on one `side` of the anchor (x, y).

    'below': the lines hang from y, centred on x; 'above': the last line stands on y, centred on
    x; 'left' / 'right': the lines are centred on y and end (or start) at x.
    """
    cap = style.size * CAP
    leading = cap * (1 + LINE_GAP)
    height = cap + leading * (len(lines) - 1)
    width = max(text_width(line, style) for line in lines)
    top = {"below": y, "above": y + height}.get(side, y + height / 2)
    cx = {"left": x - width / 2, "right": x + width / 2}.get(side, x)
    box = Box(cx - width / 2, top - height, cx + width / 2, top)
    return Label(owner, kind, tuple(lines), style, cx, top - cap, leading, box)


def break_lines(text: str, style: Style) -> list[str]:
    """The text on one line, or on two balanced lines when it is wider than the style allows."""
    words = text.split()
    if style.max_width is None or len(words) < 2 or text_width(text, style) <= style.max_width:
        return [text]
    cut = min(range(1, len(words)), key=lambda i: max(text_width(" ".join(words[:i]), style),
                                                      text_width(" ".join(words[i:]), style)))
    return [" ".join(words[:cut]), " ".join(words[cut:])]


def provinces(board: dict):
    """Every land circle as (entry, is_frontier): the Roman provinces, then the frontiers."""
    for p in board["provinces"]:
        yield p, False
    for p in board.get("frontiers", []):
        yield p, True


def sites(board: dict) -> dict[str, tuple[float, float]]:
    """Centre of every land circle by province id."""
    return {p["id"]: tuple(p["at"]) for p, _ in provinces(board)}


def circles(board: dict) -> list[tuple[str, float, float, float]]:
    """Every circle on the board as (owner, x, y, radius): provinces, frontiers, fleets."""
    land = [(pid, x, y, R) for pid, (x, y) in sites(board).items()]
    return land + [(s["id"], *s["fleet_at"], FLEET_R) for s in board["seas"]]


# --- lines and curves ---------------------------------------------------------------------------

def _catmull(p0, p1, p2, p3, steps):
    """Points from p1 towards p2 on the Catmull-Rom curve through p0..p3 (p2 excluded)."""
    return [tuple(0.5 * (2 * p1[j] + (p2[j] - p0[j]) * t
                         + (2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]) * t * t
                         + (3 * p1[j] - p0[j] - 3 * p2[j] + p3[j]) * t ** 3) for j in (0, 1))
            for t in (s / steps for s in range(steps))]


def smooth_open(points: list) -> list[tuple[float, float]]:
    """A curve through the points, ends included, as short straight pieces."""
    ends = [points[0], *points, points[-1]]
    out = []
    for i in range(1, len(ends) - 2):
        out += _catmull(ends[i - 1], ends[i], ends[i + 1], ends[i + 2], 8)
    return out + [tuple(points[-1])]


def smooth_closed(points: list, straight=frozenset()) -> list[tuple[float, float]]:
    """A closed curve through the points as a polygon; sides in `straight` stay straight."""
    n = len(points)
    out = []
    for i in range(n):
        p0, p1, p2, p3 = (tuple(points[(i + k) % n]) for k in (-1, 0, 1, 2))
        out += [p1] if (p1, p2) in straight else _catmull(p0, p1, p2, p3, SMOOTH_STEPS)
    return out


def _towards(a, b, d):
    length = math.dist(a, b)
    return (a[0] + (b[0] - a[0]) * d / length, a[1] + (b[1] - a[1]) * d / length)


def _length(points) -> float:
    return sum(math.dist(a, b) for a, b in zip(points, points[1:]))


def _along(points, t):
    """The point at distance t along a polyline, and the unit direction there."""
    for a, b in zip(points, points[1:]):
        seg = math.dist(a, b)
        if (t <= seg or b == points[-1]) and seg > 0:
            u = ((b[0] - a[0]) / seg, (b[1] - a[1]) / seg)
            return (a[0] + u[0] * t, a[1] + u[1] * t), u
        t -= seg
    raise ValueError("a polyline of no length")


def _split(points, t0, t1):
    """The two pieces of a polyline outside the stretch from distance t0 to t1."""
    before, after, run = [points[0]], [], 0.0
    for a, b in zip(points, points[1:]):
        seg = math.dist(a, b)
        if run + seg <= t0:
            before.append(b)
        elif run < t0:
            before.append(_along([a, b], t0 - run)[0])
        if run + seg >= t1:
            if not after:
                after.append(_along([a, b], max(t1 - run, 0.0))[0])
            after.append(b)
        run += seg
    return before, after


def segment_hits_box(a, b, box: Box) -> bool:
    """Whether the segment a-b touches the box (Liang-Barsky clipping)."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - box.x0), (dx, box.x1 - a[0]), (-dy, a[1] - box.y0),
                 (dy, box.y1 - a[1])):
        if p == 0:
            if q < 0:
                return False
        elif p < 0:
            t0 = max(t0, q / p)
        else:
            t1 = min(t1, q / p)
    return t0 <= t1


def inside(point, polygon) -> bool:
    """Whether a point lies inside a polygon (even-odd rule)."""
    x, y = point
    hit = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def _signed_area(points) -> float:
    return sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(points, points[1:] + points[:1])) / 2


# --- links ----------------------------------------------------------------------------------------

def link_ends(board: dict, link: dict) -> list[tuple[float, float]]:
    """The line a link is drawn along, from circle edge to circle edge (curved through `via`)."""
    where = sites(board)
    points = [where[link["from"]], *[tuple(v) for v in link.get("via", [])], where[link["to"]]]
    points[0] = _towards(points[0], points[1], R)
    points[-1] = _towards(points[-1], points[-2], R)
    return smooth_open(points) if len(points) > 2 else points


def route_arrow_at(points, broken: bool, scale: float = 1.0) -> float:
    """How far along a link its route arrow's tip sits (past a broken link's gap)."""
    total = _length(points)
    if broken:
        return min(total / 2 + (GAP_LENGTH / 2 + ARROW) * scale + 1.0, total - 0.5)
    return min(max(total * 0.62, ARROW * scale + 0.5), total - 0.5)


def _arrowhead(points, broken: bool, scale: float = 1.0):
    """The three corners of a route arrowhead and its notch."""
    (x, y), u = _along(points, route_arrow_at(points, broken, scale))
    size = ARROW * scale
    nx, ny = -u[1], u[0]
    bx, by = x - u[0] * size, y - u[1] * size
    return [(x, y), (bx + nx * size * 0.48, by + ny * size * 0.48),
            (bx + u[0] * size * 0.3, by + u[1] * size * 0.3),
            (bx - nx * size * 0.48, by - ny * size * 0.48)]


def link_marks(board: dict) -> list[Box]:
    """Boxes around the route arrowheads and around the terrain signs of broken links."""
    boxes = []
    for link in board["links"]:
        points = link_ends(board, link)
        broken = link["kind"] == "broken"
        if broken:
            (x, y), _ = _along(points, _length(points) / 2)
            boxes.append(Box(x - 3.6, y - 3.6, x + 3.6, y + 3.6))
        if link.get("route"):
            corners = _arrowhead(points, broken)
            xs, ys = [p[0] for p in corners], [p[1] for p in corners]
            boxes.append(Box(min(xs), min(ys), max(xs), max(ys)))
    return boxes


# --- labels ---------------------------------------------------------------------------------------

def province_labels(board: dict) -> list[Label]:
    """The coordinate above each circle and the name below it (or where `label` puts it).

    A label above or below a circle slides sideways, as little as it can, to keep clear of the
    links, arrows, signs and circles around it, so that no road runs through a name.
    """
    fonts.register_fonts()
    numeral = {r["id"]: r.get("numeral", "") for r in board["regions"]}
    obstacles = _obstacles(board)
    labels: list[Label] = []
    for p, frontier in provinces(board):
        x, y = p["at"]
        region = numeral[p["region"]]
        top = region if frontier else (f"{region} {p['number']}" if region else "")
        if top:
            coord = make_label(p["id"], "frontier" if frontier else "coord", [top], COORD,
                               "above", x, y + R + GAP)
            labels.append(_dodge(coord, obstacles, R - 2))
        style = FRONTIER_NAME if frontier else NAME
        lines = break_lines(p["name"], style)
        side = p.get("label", "below")
        if side in ("left", "right"):
            near = x - R - GAP if side == "left" else x + R + GAP
            labels.append(make_label(p["id"], "name", lines, style, side, near, y))
            continue
        edge = y - R - GAP if side == "below" else (
            labels[-1].box.y1 + GAP if top else y + R + GAP)
        name = make_label(p["id"], "name", lines, style, side, x, edge)
        labels.append(_dodge(name, obstacles, (name.box.x1 - name.box.x0) / 2 + 1))
    return labels


def area_labels(board: dict) -> list[Label]:
    """Region names (numeral over name, a word a line) and sea zone names."""
    fonts.register_fonts()
    labels = []
    for region in board["regions"]:
        lines = [region["numeral"]] if region.get("numeral") else []
        labels.append(make_label(region["id"], "region", lines + region["name"].split(), REGION,
                                 "below", *region["label_at"]))
    for sea in board["seas"]:
        labels.append(make_label(sea["id"], "sea", break_lines(sea["name"], SEA), SEA, "below",
                                 *sea["label_at"]))
    return labels


def _obstacles(board: dict):
    """What labels keep clear of: link lines, the edges of arrow and sign boxes, circles."""
    segments = []
    for link in board["links"]:
        points = link_ends(board, link)
        segments += list(zip(points, points[1:]))
    for box in link_marks(board):
        corners = [(box.x0, box.y0), (box.x1, box.y0), (box.x1, box.y1), (box.x0, box.y1)]
        segments += list(zip(corners, corners[1:] + corners[:1]))
    return segments, [(x, y, r) for _, x, y, r in circles(board)]


def _dodge(label: Label, obstacles, limit: float, step: float = 0.5) -> Label:
    """The label slid sideways by the least amount (up to `limit`) that clears the obstacles,
    or left where it is when no such place exists."""
    segments, rounds = obstacles
    for k in range(int(limit / step) + 1):
        for dx in ((0.0,) if k == 0 else (k * step, -k * step)):
            box = label.box.moved(dx)
            grown = box.grown(CLEARANCE)
            if any(grown.hits_circle(*c) for c in rounds):
                continue
            if not any(segment_hits_box(a, b, grown) for a, b in segments):
                return Label(label.owner, label.kind, label.lines, label.style, label.cx + dx,
                             label.baseline, label.leading, box)
    return label


# --- water ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Water:
    """The seas as drawn: each zone's smoothed areas, the islands, and the coastlines."""

    seas: dict                  # sea id -> list of polygons
    islands: list               # polygons of land cut out of the seas
    coasts: list                # open lines: sea outlines without zone borders, island outlines

    def sea_at(self, point) -> str | None:
        """The sea zone at a point, or None on land."""
        if any(inside(point, i) for i in self.islands):
            return None
        return next((sea for sea, areas in self.seas.items()
                     if any(inside(point, a) for a in areas)), None)

    def seas_in_circle(self, cx: float, cy: float, r: float, step: float = 1.0) -> set[str]:
        """The sea zones that show inside a circle (sampled every `step` mm)."""
        n = int(r / step)
        points = [(cx + i * step, cy + j * step) for i in range(-n, n + 1)
                  for j in range(-n, n + 1) if math.hypot(i * step, j * step) <= r]
        return {sea for sea in map(self.sea_at, points) if sea}

    def near(self, cx: float, cy: float, r: float) -> "Water":
        """The water cut to the square around a circle: the same drawing there, few points."""
        box = (cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1)
        seas = {sea: [c for c in (clip_polygon(a, box) for a in areas) if len(c) >= 3]
                for sea, areas in self.seas.items()}
        islands = [c for c in (clip_polygon(i, box) for i in self.islands) if len(c) >= 3]
        coasts = [line for line in self.coasts if _line_near(line, box)]
        return Water(seas, islands, coasts)


def clip_polygon(points: list, box: tuple) -> list:
    """A polygon cut to a rectangle (Sutherland-Hodgman); keeps the winding direction."""
    x0, y0, x1, y1 = box
    edges = [(lambda p: p[0] >= x0, lambda a, b: _cross_x(a, b, x0)),
             (lambda p: p[0] <= x1, lambda a, b: _cross_x(a, b, x1)),
             (lambda p: p[1] >= y0, lambda a, b: _cross_y(a, b, y0)),
             (lambda p: p[1] <= y1, lambda a, b: _cross_y(a, b, y1))]
    out = list(points)
    for keep, cross in edges:
        if not out:
            break
        source, out = out, []
        for i, cur in enumerate(source):
            prev = source[i - 1]
            if keep(cur):
                if not keep(prev):
                    out.append(cross(prev, cur))
                out.append(cur)
            elif keep(prev):
                out.append(cross(prev, cur))
    return out


def _cross_x(a, b, x):
    t = (x - a[0]) / (b[0] - a[0])
    return (x, a[1] + t * (b[1] - a[1]))


def _cross_y(a, b, y):
    t = (y - a[1]) / (b[1] - a[1])
    return (a[0] + t * (b[0] - a[0]), y)


def _line_near(line: list, box: tuple) -> list:
    """Whether an open line has a point within the box (lines are finely sampled)."""
    x0, y0, x1, y1 = box
    return any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in line)


def water(board: dict) -> Water:
    """The board's water. Sides that two sea areas share are zone borders: they stay straight,
    so both zones meet them exactly, and they are not coast."""
    shared = _shared_sides(board)
    seas = {s["id"]: [smooth_closed(a, shared) for a in s["areas"]] for s in board["seas"]}
    islands = [smooth_closed(i) for i in board.get("islands", [])]
    coasts = [line for s in board["seas"] for a in s["areas"] for line in _coast_runs(a, shared)]
    return Water(seas, islands, coasts + [i + i[:1] for i in islands])


def _shared_sides(board: dict) -> set:
    sides = {(tuple(a), tuple(b)) for s in board["seas"] for area in s["areas"]
             for a, b in zip(area, area[1:] + area[:1])}
    return {(a, b) for a, b in sides if (b, a) in sides}


def _coast_runs(area, shared) -> list[list[tuple[float, float]]]:
    """The runs of an area's outline between zone borders, as curves."""
    area = [tuple(p) for p in area]
    n = len(area)
    start = next((i for i in range(n) if (area[i - 1], area[i]) in shared), 0)
    runs, run = [], []
    for k in range(n):
        p0, p1, p2, p3 = (area[(start + k + j) % n] for j in (-1, 0, 1, 2))
        if (p1, p2) in shared:
            if run:
                runs.append(run + [p1])
            run = []
        else:
            run += _catmull(p0, p1, p2, p3, SMOOTH_STEPS)
    return runs + ([run + [area[start]]] if run else [])


# --- region areas: each province's land is its Voronoi cell, cut to a disc ---------------------

@dataclass(frozen=True)
class Cell:
    """The land area of one province: its outline and, for each side, who lies across it."""

    owner: str
    points: tuple[tuple[float, float], ...]     # anticlockwise: the owner lies left of each side
    across: tuple[str | None, ...]              # side i runs from points[i] to points[i + 1]


def cells(board: dict) -> list[Cell]:
    """Every land circle's area: the points nearer to it than to any other, within CELL_R."""
    where = sites(board)
    result = []
    for owner, centre in where.items():
        poly = [((centre[0] + CELL_R * math.cos(a), centre[1] + CELL_R * math.sin(a)), None)
                for a in (2 * math.pi * k / 72 for k in range(72))]
        for other, there in where.items():
            if other != owner and math.dist(centre, there) < 2 * CELL_R:
                poly = _clip_half(poly, centre, there, other)
        if len(poly) >= 3:
            result.append(Cell(owner, tuple(p for p, _ in poly), tuple(a for _, a in poly)))
    return result


def _clip_half(poly, a, b, other):
    """Keep the part of a tagged polygon nearer to a than to b (one Sutherland-Hodgman pass)."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2

    def side(p):                                # <= 0 on a's side of the bisector
        return (p[0] - mx) * (b[0] - a[0]) + (p[1] - my) * (b[1] - a[1])

    out = []
    for (p, tag), (q, _) in zip(poly, poly[1:] + poly[:1]):
        sp, sq = side(p), side(q)
        if sp <= 0:
            out.append((p, tag))
        if (sp <= 0) != (sq <= 0):
            t = sp / (sp - sq)
            cut = (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
            out.append((cut, other if sp <= 0 else tag))    # leaving: the side runs on the bisector
    return out


# === drawing =====================================================================================

@maker("board", reads=("game", "board"))
def make_board(component: dict, ctx) -> list[Piece]:
    """The one board piece, its art running into the bleed."""
    trim = tuple(component["trim"])
    bleed = component.get("bleed", 0)
    draw = partial(draw_board, board=ctx.data["board"], ctx=ctx, bleed=bleed)
    return [Piece(component["id"], "board", trim, bleed, draw, component["name"])]


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
    for cell in all_cells:
        frontier = paint.is_frontier[cell.owner]
        if not paint.saver:
            paint.fill(c, paint.frontier if frontier
                       else paint.tint[paint.region_of[cell.owner]])
            c.drawPath(_path(c, cell.points), stroke=0, fill=1)
        if frontier:
            _hatch(c, cell.points, art.mix(paint.frontier, paint.ink, 0.22), 2.2)
    for cell in all_cells:
        _draw_borders(c, cell, paint)


def _hatch(c, points, color, spacing):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    c.saveState()
    c.clipPath(_path(c, points), stroke=0, fill=0)
    Paint.stroke(c, color, pt(0.5))
    k, height = min(xs) - (max(ys) - min(ys)), max(ys) - min(ys)
    while k < max(xs):
        c.line(k, min(ys), k + height, max(ys))
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
        if _signed_area(points) * sign < 0:
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
    art.draw_icon(c, "fleet", x, y, r * 1.2, art.mix(paint.sea_light, paint.sea_ink, 0.4))


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
    total = _length(points)
    gap = min(GAP_LENGTH * scale, total * 0.5)
    for piece in _split(points, (total - gap) / 2, (total + gap) / 2):
        if len(piece) >= 2 and _length(piece) > 0.05:
            _road(c, piece, paint, paint.broken, scale)
    (x, y), u = _along(points, total / 2)
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
    c.drawPath(_path(c, _arrowhead(points, broken, scale)), stroke=1, fill=1)
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
        art.draw_icon(c, "laurel", x + w / 2 + side * (half + cap * 1.2), label.box.y0 + cap / 2,
                      cap * 1.9, paint.gold)
    bottom = label.box.y0 - 2.2
    if ctx.game.get("subtitle"):
        lines, size = art.fit_lines(ctx.game["subtitle"], fonts.SERIF_ITALIC, pt(9), w - 8, 1)
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
        lines, size = art.fit_lines(words, fonts.SERIF, pt(8), w / 2 - 11, 2)
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
    elif sample == "capital":
        art.draw_emperor_mark(c, ctx.game["emperors"][0], x, y, r, paint.parchment, paint.ink,
                              saver=paint.saver)
    elif sample == "fleet":
        _fleet_circle(c, x, y, paint, r)
