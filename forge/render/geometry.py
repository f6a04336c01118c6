"""Plane geometry for drawn maps: boxes, smooth curves, polylines and clipping.

Pure functions of points given as (x, y) pairs, in millimetres; nothing here knows a game or
draws anything.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

SMOOTH_STEPS = 6            # points per side when a closed outline is drawn as a curve


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


def catmull(p0, p1, p2, p3, steps):
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
        out += catmull(ends[i - 1], ends[i], ends[i + 1], ends[i + 2], 8)
    return out + [tuple(points[-1])]


def smooth_closed(points: list, straight=frozenset()) -> list[tuple[float, float]]:
    """A closed curve through the points as a polygon; sides in `straight` stay straight."""
    n = len(points)
    out = []
    for i in range(n):
        p0, p1, p2, p3 = (tuple(points[(i + k) % n]) for k in (-1, 0, 1, 2))
        out += [p1] if (p1, p2) in straight else catmull(p0, p1, p2, p3, SMOOTH_STEPS)
    return out


def towards(a, b, d):
    """The point at distance d from a in the direction of b."""
    length = math.dist(a, b)
    return (a[0] + (b[0] - a[0]) * d / length, a[1] + (b[1] - a[1]) * d / length)


def polyline_length(points) -> float:
    """The length of a polyline."""
    return sum(math.dist(a, b) for a, b in zip(points, points[1:]))


def point_along(points, t):
    """The point at distance t along a polyline, and the unit direction there."""
    for a, b in zip(points, points[1:]):
        seg = math.dist(a, b)
        if (t <= seg or b == points[-1]) and seg > 0:
            u = ((b[0] - a[0]) / seg, (b[1] - a[1]) / seg)
            return (a[0] + u[0] * t, a[1] + u[1] * t), u
        t -= seg
    raise ValueError("a polyline of no length")


def split_polyline(points, t0, t1):
    """The two pieces of a polyline outside the stretch from distance t0 to t1."""
    before, after, run = [points[0]], [], 0.0
    for a, b in zip(points, points[1:]):
        seg = math.dist(a, b)
        if run + seg <= t0:
            before.append(b)
        elif run < t0:
            before.append(point_along([a, b], t0 - run)[0])
        if run + seg >= t1:
            if not after:
                after.append(point_along([a, b], max(t1 - run, 0.0))[0])
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


def signed_area(points) -> float:
    """The area of a polygon, positive when its points run anticlockwise."""
    return sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(points, points[1:] + points[:1])) / 2


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


def line_near(line: list, box: tuple) -> bool:
    """Whether an open line has a point within the box (lines are finely sampled)."""
    x0, y0, x1, y1 = box
    return any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in line)


def clip_half(poly, a, b, other):
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
