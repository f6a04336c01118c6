"""The Tetrarchia board's geometry: nothing overlaps, everything is on the board and readable.

These checks run on the geometry the drawing uses (forge.render.tetrarchia.layout), so a moved province or a
longer name that would spoil the printed board fails here first.
"""
import itertools
import math
import os

import pytest

from forge.games import DEFAULT_CONTENT, load_game
from forge.render.geometry import inside
from forge.render.tetrarchia import layout as B
from forge.render.tetrarchia.board import make_board

MARGIN = 3.0        # mm kept free inside the trim (the safe zone)
CLEAR = 1.0         # mm between things that must not touch


@pytest.fixture(scope="module")
def board():
    game = load_game(DEFAULT_CONTENT, "tetrarchia", check_catalogs=False)
    return game.docs["board"].data


@pytest.fixture(scope="module")
def circles(board):
    """Every circle on the board: (owner, x, y, r)."""
    return B.circles(board)


@pytest.fixture(scope="module")
def water(board):
    return B.water(board)


@pytest.fixture(scope="module")
def labels(board):
    return B.province_labels(board) + B.area_labels(board)


def _segment_distance(p, a, b):
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def _segments_cross(a, b, c, d):
    def orient(p, q, r):
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return (orient(a, b, c) * orient(a, b, d) < 0) and (orient(c, d, a) * orient(c, d, b) < 0)


def _box_hits_segment(box, a, b):
    if any(box.x0 <= x <= box.x1 and box.y0 <= y <= box.y1 for x, y in (a, b)):
        return True
    corners = [(box.x0, box.y0), (box.x1, box.y0), (box.x1, box.y1), (box.x0, box.y1)]
    return any(_segments_cross(a, b, p, q) for p, q in zip(corners, corners[1:] + corners[:1]))


def test_circles_do_not_overlap(circles):
    for (a, ax, ay, ar), (b, bx, by, br) in itertools.combinations(circles, 2):
        assert math.hypot(ax - bx, ay - by) >= ar + br + 2 * CLEAR, f"{a} and {b} overlap"


def test_circles_lie_inside_the_trim(board, circles):
    w, h = board["size"]
    for owner, x, y, r in circles:
        assert MARGIN <= x - r and x + r <= w - MARGIN, f"{owner} runs off the board sideways"
        assert MARGIN <= y - r and y + r <= h - MARGIN, f"{owner} runs off the board vertically"


def test_labels_lie_inside_the_trim(board, labels):
    w, h = board["size"]
    for label in labels:
        box = label.box
        assert MARGIN <= box.x0 and box.x1 <= w - MARGIN, f"{label.owner}'s {label.kind} label"
        assert MARGIN <= box.y0 and box.y1 <= h - MARGIN, f"{label.owner}'s {label.kind} label"


def test_labels_do_not_overlap_each_other(labels):
    for a, b in itertools.combinations(labels, 2):
        assert not a.box.overlaps(b.box, CLEAR / 2), \
            f"{a.owner}'s {a.kind} label overlaps {b.owner}'s {b.kind} label"


def test_labels_do_not_overlap_circles(labels, circles):
    for label in labels:
        for owner, x, y, r in circles:
            assert not label.box.hits_circle(x, y, r + CLEAR / 2), \
                f"{label.owner}'s {label.kind} label overlaps the circle of {owner}"


def test_links_do_not_pass_through_other_circles(board, circles):
    for link in board["links"]:
        points = B.link_ends(board, link)
        for owner, x, y, r in circles:
            if owner in (link["from"], link["to"]):
                continue
            for a, b in zip(points, points[1:]):
                assert _segment_distance((x, y), a, b) > r + CLEAR, \
                    f"link {link['from']}-{link['to']} passes through {owner}"


def test_links_do_not_cross(board):
    drawn = [(link, B.link_ends(board, link)) for link in board["links"]]
    for (la, pa), (lb, pb) in itertools.combinations(drawn, 2):
        for (a, b), (c, d) in itertools.product(zip(pa, pa[1:]), zip(pb, pb[1:])):
            assert not _segments_cross(a, b, c, d), \
                f"links {la['from']}-{la['to']} and {lb['from']}-{lb['to']} cross"


def test_labels_stay_off_links(board, labels):
    for link in board["links"]:
        points = B.link_ends(board, link)
        for label in labels:
            for a, b in zip(points, points[1:]):
                assert not _box_hits_segment(label.box, a, b), \
                    f"{label.owner}'s {label.kind} label lies on link {link['from']}-{link['to']}"


def test_labels_stay_off_route_arrows_and_terrain_signs(board, labels):
    for mark in B.link_marks(board):
        for label in labels:
            assert not label.box.overlaps(mark), \
                f"{label.owner}'s {label.kind} label covers a route arrow or terrain sign"


def test_the_cartouche_covers_nothing(board, labels, circles):
    (x, y), (w, h) = board["cartouche"]["at"], board["cartouche"]["size"]
    panel = B.Box(x, y, x + w, y + h)
    W, H = board["size"]
    assert MARGIN <= x and x + w <= W - MARGIN and MARGIN <= y and y + h <= H - MARGIN
    for owner, cx, cy, r in circles:
        assert not panel.hits_circle(cx, cy, r + CLEAR), f"the cartouche covers {owner}"
    for label in labels:
        assert not panel.overlaps(label.box, CLEAR), f"the cartouche covers {label.owner}'s label"
    for link in board["links"]:
        points = B.link_ends(board, link)
        assert not any(_box_hits_segment(panel, a, b) for a, b in zip(points, points[1:])), \
            f"the cartouche covers link {link['from']}-{link['to']}"


def test_fleet_circles_lie_inside_their_sea(board, water):
    for sea in board["seas"]:
        x, y = sea["fleet_at"]
        rim = [(x + (B.FLEET_R + CLEAR) * math.cos(a), y + (B.FLEET_R + CLEAR) * math.sin(a))
               for a in (2 * math.pi * k / 36 for k in range(36))]
        for point in [(x, y), *rim]:
            assert water.sea_at(point) == sea["id"], f"{sea['id']}'s fleet circle leaves it"


def test_sea_names_lie_in_their_sea(labels, water):
    for label in labels:
        if label.kind != "sea":
            continue
        box = label.box
        for point in [(box.x0, box.y0), (box.x1, box.y0), (box.x0, box.y1), (box.x1, box.y1)]:
            assert water.sea_at(point) == label.owner, f"{label.owner}'s name leaves its sea"


def test_coastal_provinces_hold_sea_of_their_zones_only(board, water):
    for p in board["provinces"]:
        x, y = p["at"]
        shown = water.seas_in_circle(x, y, B.R - 1.5)
        touching = water.seas_in_circle(x, y, B.R + 0.5)
        coast = set(p.get("coast", []))
        assert coast <= shown, f"{p['id']} should show some {sorted(coast - shown)} in its circle"
        assert touching <= coast, f"{p['id']} touches {sorted(touching - coast)} but is not on it"


def test_frontiers_hold_no_sea(board, water):
    for p in board["frontiers"]:
        assert not water.seas_in_circle(*p["at"], B.R + 0.5), f"{p['id']} touches the sea"


def test_each_sea_border_parts_two_neighbouring_zones(board, water):
    next_to = {s["id"]: set(s["next_to"]) for s in board["seas"]}
    for line in board["sea_borders"]:
        (ax, ay), (bx, by) = line[0], line[-1]
        mx, my, length = (ax + bx) / 2, (ay + by) / 2, math.hypot(bx - ax, by - ay)
        nx, ny = -(by - ay) / length, (bx - ax) / length
        one = water.sea_at((mx + nx, my + ny))
        other = water.sea_at((mx - nx, my - ny))
        assert one and other and other in next_to[one], f"sea border {line} parts {one}, {other}"


def test_the_board_draws_quickly(board):
    import time
    from reportlab.pdfgen import canvas
    from forge.kit import make_context
    ctx = make_context("tetrarchia", "en", "a4", check_catalogs=False)
    component = next(c for c in ctx.game["components"] if c["kind"] == "board")
    piece = make_board(component, ctx)[0]
    assert piece.trim == tuple(board["size"])
    start = time.perf_counter()
    c = canvas.Canvas(os.devnull)
    piece.draw(c)
    assert time.perf_counter() - start < 3.0


def _area(points):
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))) / 2


def test_the_land_is_one_surface_without_gaps(board):
    """Every point of the board, bleed included, belongs to exactly one province's land: no
    notch at an edge, no corner where the hatching of the barbarian lands stops."""
    w, h = board["size"]
    all_cells = B.cells(board)
    total = sum(_area(cell.points) for cell in all_cells)
    pad = B.CELL_PAD
    assert total == pytest.approx((w + 2 * pad) * (h + 2 * pad), rel=1e-6)
    for x in range(-3, int(w) + 4, 3):
        for y in range(-3, int(h) + 4, 3):
            owners = [cell.owner for cell in all_cells if inside((x + 0.1, y + 0.1), cell.points)]
            assert len(owners) == 1, f"board point ({x}, {y}) lies in {owners or 'no province'}"


def test_the_cartouche_lies_on_barbarian_land_or_sea(board, water):
    """The title panel sits on land that is hatched all around it (or on the sea)."""
    (x, y), (cw, ch) = board["cartouche"]["at"], board["cartouche"]["size"]
    frontiers = {p["id"] for p in board["frontiers"]}
    by_owner = {cell.owner: cell for cell in B.cells(board)}
    for px in (x - 2, x + cw / 2, x + cw + 2):
        for py in (-2, y - 2):
            if water.sea_at((px, py)):
                continue
            owner = next(o for o, cell in by_owner.items() if inside((px, py), cell.points))
            assert owner in frontiers, f"({px}, {py}) below the cartouche is {owner}'s land"
