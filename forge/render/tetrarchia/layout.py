"""Where everything on Tetrarchia's board goes, from board.yaml: labels, water, land areas, links.

Pure functions of the board's data - where each label goes, the coastlines and region areas as
drawn, where the route arrows sit - which the tests check (tests/render/test_board_geometry.py);
forge/render/tetrarchia/board.py only paints them. All lengths are millimetres from the
bottom-left corner of the trim.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from forge import fonts
from forge.model import pt
from forge.render.geometry import (
    SMOOTH_STEPS, Box, catmull, clip_half, clip_polygon, inside, line_near, point_along,
    polyline_length, segment_hits_box, smooth_closed, smooth_open, towards)

R = 11.0                    # province circle: a 16 mm disc with a standee on it fits inside
FLEET_R = 11.0              # a sea zone's fleet circle (fleet counters are 20 mm)
GAP = 1.3                   # between a circle and its labels
CLEARANCE = 0.8             # between a label and any line, mark or circle
LINE_GAP = 0.62             # space between two lines of a label, as a share of the cap height
CAP = 0.66                  # cap height of EB Garamond, as a share of the font size
GAP_LENGTH = 7.0            # of a broken link, left out for its terrain sign
ARROW = 5.0                 # length of a route arrowhead


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


# --- links ----------------------------------------------------------------------------------------

def link_ends(board: dict, link: dict) -> list[tuple[float, float]]:
    """The line a link is drawn along, from circle edge to circle edge (curved through `via`)."""
    where = sites(board)
    points = [where[link["from"]], *[tuple(v) for v in link.get("via", [])], where[link["to"]]]
    points[0] = towards(points[0], points[1], R)
    points[-1] = towards(points[-1], points[-2], R)
    return smooth_open(points) if len(points) > 2 else points


def route_arrow_at(points, broken: bool, scale: float = 1.0) -> float:
    """How far along a link its route arrow's tip sits (past a broken link's gap)."""
    total = polyline_length(points)
    if broken:
        return min(total / 2 + (GAP_LENGTH / 2 + ARROW) * scale + 1.0, total - 0.5)
    return min(max(total * 0.62, ARROW * scale + 0.5), total - 0.5)


def arrowhead(points, broken: bool, scale: float = 1.0):
    """The three corners of a route arrowhead and its notch."""
    (x, y), u = point_along(points, route_arrow_at(points, broken, scale))
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
            (x, y), _ = point_along(points, polyline_length(points) / 2)
            boxes.append(Box(x - 3.6, y - 3.6, x + 3.6, y + 3.6))
        if link.get("route"):
            corners = arrowhead(points, broken)
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
        coasts = [line for line in self.coasts if line_near(line, box)]
        return Water(seas, islands, coasts)



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
            run += catmull(p0, p1, p2, p3, SMOOTH_STEPS)
    return runs + ([run + [area[start]]] if run else [])


# --- region areas: each province's land is its Voronoi cell, cut to the board -------------------

CELL_PAD = 10.0             # mm the cells reach past the trim (more than any bleed)


@dataclass(frozen=True)
class Cell:
    """The land area of one province: its outline and, for each side, who lies across it."""

    owner: str
    points: tuple[tuple[float, float], ...]     # anticlockwise: the owner lies left of each side
    across: tuple[str | None, ...]              # side i runs from points[i] to points[i + 1]


def cells(board: dict) -> list[Cell]:
    """Every land circle's area: the points of the board nearer to it than to any other, so
    the land is one surface with no gap between provinces."""
    where = sites(board)
    w, h = board["size"]
    x0, y0, x1, y1 = -CELL_PAD, -CELL_PAD, w + CELL_PAD, h + CELL_PAD
    result = []
    for owner, centre in where.items():
        poly = [((x0, y0), None), ((x1, y0), None), ((x1, y1), None), ((x0, y1), None)]
        for other, there in where.items():
            if other != owner and len(poly) >= 3:
                poly = clip_half(poly, centre, there, other)
        if len(poly) >= 3:
            result.append(Cell(owner, tuple(p for p, _ in poly), tuple(a for _, a in poly)))
    return result
