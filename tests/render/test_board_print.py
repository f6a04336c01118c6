"""The printed board and atlas, measured from the PDFs: where the tiles' marks are, their trim
marks, what each tile says about its seams, and the size of every printed word."""
import math

import pytest
from pypdf import PdfReader

from pdfgeom import MM, stroked_lines, text_sizes

pytestmark = pytest.mark.slow
KITS = [(lang, paper) for lang in ("en", "es") for paper in ("a4", "letter")]
CROSS_LINE = 0.25        # mm: the alignment crosses' line (trim marks are 0.2 mm)
BOARD = (390.0, 255.0)   # Tetrarchia's board trim, mm
MIN_PT = 6.0


def tiles(pdf):
    """Each page's board window: (board x0, y0, x1, y1) and the page position of the board's
    origin (mm), read from the clip rectangle drawn around the board's form."""
    out = []
    for page in PdfReader(str(pdf)).pages:
        origin = None
        for operands, op in page.get_contents().operations:
            if op == b"cm" and abs(float(operands[0]) - MM) < 1e-3 and float(operands[4]):
                origin = (float(operands[4]) / MM, float(operands[5]) / MM)
            elif op == b"re" and origin:
                x, y, w, h = (float(v) for v in operands)
                out.append(((x, y, x + w, y + h), origin))
                break
    return out


def _inside(point, box, margin=0.0):
    x, y = point
    return box[0] + margin <= x <= box[2] - margin and box[1] + margin <= y <= box[3] - margin


@pytest.mark.parametrize("kit", KITS)
def test_alignment_crosses_lie_only_where_a_later_tile_covers_them(built_kits, kit):
    pdf = built_kits[kit].folder / "board.pdf"
    windows = tiles(pdf)
    assert len(windows) > 1
    for i, (window, (ox, oy)) in enumerate(windows):
        segments = stroked_lines(pdf, i, CROSS_LINE)
        if i < len(windows) - 1:
            assert segments, f"tile {i + 1} has no alignment crosses"
        for x1, y1, x2, y2 in segments:
            for point in ((x1 - ox, y1 - oy), (x2 - ox, y2 - oy)):
                if not _inside(point, window):
                    continue                        # in the page margin
                assert any(_inside(point, later, 0.5) for later, _ in windows[i + 1:]), \
                    f"tile {i + 1}: a cross at board {point} stays visible once the tiles are glued"


@pytest.mark.parametrize("kit", KITS)
def test_every_tile_has_trim_marks_at_the_outer_board_edges(built_kits, kit):
    pdf = built_kits[kit].folder / "board.pdf"
    for i, (window, (ox, oy)) in enumerate(tiles(pdf)):
        marks = stroked_lines(pdf, i)
        page = (window[0] + ox, window[1] + oy, window[2] + ox, window[3] + oy)
        for x1, y1, x2, y2 in marks:
            assert not _inside(((x1 + x2) / 2, (y1 + y2) / 2), page), "a trim mark on the picture"
        for x in (0.0, BOARD[0]):
            if window[0] <= x <= window[2]:
                ends = [m for m in marks if abs(m[0] - (x + ox)) < 0.05 and abs(m[2] - m[0]) < 0.05]
                assert {y1 > page[3] for _, y1, _, _ in ends} == {True, False}, \
                    f"tile {i + 1}: the board edge x = {x} needs a trim mark above and below"
        for y in (0.0, BOARD[1]):
            if window[1] <= y <= window[3]:
                ends = [m for m in marks if abs(m[1] - (y + oy)) < 0.05 and abs(m[3] - m[1]) < 0.05]
                assert {x1 > page[2] for x1, _, _, _ in ends} == {True, False}, \
                    f"tile {i + 1}: the board edge y = {y} needs a trim mark left and right"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_tile_says_which_tile_it_is_glued_over_and_under(built_kits, paper):
    pdf = built_kits["en", paper].folder / "board.pdf"
    pages = [page.extract_text() for page in PdfReader(str(pdf)).pages]
    columns = 3 if paper == "a4" else 2
    for n, text in enumerate(pages, 1):
        flat = " ".join(text.split())
        row, column = divmod(n - 1, columns)
        if column > 0:
            assert f"Glue this edge over tile {n - 1}" in flat
        if column < columns - 1:
            assert f"Tile {n + 1} is glued over this strip" in flat
        if row > 0:
            assert f"Glue this edge over tile {n - columns}" in flat
        if n + columns <= len(pages):
            assert f"Tile {n + columns} is glued over this strip" in flat


@pytest.mark.parametrize("kit", KITS)
@pytest.mark.parametrize("name", ["board.pdf", "board-large.pdf", "atlas.pdf"])
def test_no_printed_word_under_six_points(built_kits, kit, name):
    if name == "board-large.pdf":
        name = "board-a3.pdf" if kit[1] == "a4" else "board-tabloid.pdf"
    sizes = text_sizes(built_kits[kit].folder / name)
    assert sizes
    small = [(page + 1, round(size, 2), text) for page, size, text in sizes if size < MIN_PT - 0.01]
    assert not small, f"{name}: text under {MIN_PT:g} pt: {small[:5]}"


def _seam_points(board):
    """Points on the sides two cells of one region share, clear of everything drawn over the
    land (circles, links, arrows, labels, sea, the cartouche, the compass)."""
    from forge.render.tetrarchia import layout as B

    region = {p["id"]: (p["region"], frontier) for p, frontier in B.provinces(board)}
    segments, circles = B._obstacles(board)
    boxes = [label.box for label in B.province_labels(board) + B.area_labels(board)]
    water = B.water(board)
    (cx, cy), (cw, ch) = board["cartouche"]["at"], board["cartouche"]["size"]
    w, h = board["size"]
    for cell in B.cells(board):
        for i, other in enumerate(cell.across):
            if other is None or other < cell.owner or region[other] != region[cell.owner] \
                    or region[other][1]:
                continue
            a, b = cell.points[i], cell.points[(i + 1) % len(cell.points)]
            for t in (0.3, 0.5, 0.7):
                p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                if not (3 < p[0] < w - 3 and 3 < p[1] < h - 3) or water.seas_in_circle(*p, 3.0):
                    continue
                if any(math.dist(p, (x, y)) < r + 2.5 for x, y, r in circles):
                    continue
                if any(_near_segment(p, s, 3.0) for s in segments):
                    continue
                if any(box.x0 - 2 < p[0] < box.x1 + 2 and box.y0 - 2 < p[1] < box.y1 + 2
                       for box in boxes):
                    continue
                if cx - 3 < p[0] < cx + cw + 3 and cy - 3 < p[1] < cy + ch + 3:
                    continue
                if "compass" in board and math.dist(p, board["compass"]) < 12:
                    continue
                yield region[cell.owner][0], p


def _near_segment(p, segment, distance):
    (ax, ay), (bx, by) = segment
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy or 1)))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy) < distance


def test_no_seam_shows_between_the_cells_of_a_region(built_kits, tetrarchia):
    """Where two provinces of one region meet, the print shows the region's tint only."""
    from pdfgeom import render

    board = tetrarchia.docs["board"].data
    tint = {r["id"]: r["tint"] for r in board["regions"]}
    pdf = built_kits["en", "a4"].folder / "board-a3.pdf"
    trim = PdfReader(str(pdf)).pages[0].trimbox
    left, bottom = float(trim.left) / MM, float(trim.bottom) / MM
    dpi = 200
    image = render(pdf, 0, dpi)
    per_mm = dpi / 25.4
    points = list(_seam_points(board))
    assert len(points) > 20
    for region, (x, y) in points:
        want = tuple(int(tint[region][k:k + 2], 16) for k in (1, 3, 5))
        px, py = (left + x) * per_mm, image.size[1] - (bottom + y) * per_mm
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                got = image.getpixel((round(px) + dx, round(py) + dy))
                assert max(abs(g - v) for g, v in zip(got, want)) <= 8, \
                    f"{region}: a seam at board ({x:.1f}, {y:.1f}): {got} instead of {want}"


# Rectangular tiles on the kit's page count cannot miss every space: on A4 (three portrait tiles
# side by side, each at least half a page wide) no straight full-height line misses every circle,
# and on Letter (2 x 2) no full-width line does. The seams graze the rims of a few instead.
SEAMS_ACROSS = 4         # at most this many circles crossed by a seam
SEAM_DEPTH = 5.0         # mm: no seam comes further into a circle than this, clear of its middle


def _visible_seams(windows, step=0.5):
    """Points (board mm) on the seams of the assembled board: the inner edges of each tile's
    window where it lies over an earlier tile and no later tile covers it."""
    points = []
    for i, ((x0, y0, x1, y1), _) in enumerate(windows):
        edges = [((x, y0), (x, y1)) for x in (x0, x1) if 0 < x < BOARD[0]]
        edges += [((x0, y), (x1, y)) for y in (y0, y1) if 0 < y < BOARD[1]]
        for (ax, ay), (bx, by) in edges:
            n = int(max(abs(bx - ax), abs(by - ay)) / step)
            for k in range(n + 1):
                p = (ax + (bx - ax) * k / n, ay + (by - ay) * k / n)
                under = any(_inside(p, w, 0.01) for w, _ in windows[:i])
                covered = any(_inside(p, w, 0.01) for w, _ in windows[i + 1:])
                if under and not covered:
                    points.append(p)
    return points


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tile_seams_keep_clear_of_the_spaces(built_kits, tetrarchia, paper):
    """A seam across a province or fleet circle is what players notice on an assembled board:
    the seams graze the rims of as few circles as the pages allow, clear of their middles."""
    from forge.render.tetrarchia.layout import circles

    windows = tiles(built_kits["en", paper].folder / "board.pdf")
    seams = _visible_seams(windows)
    assert seams
    depth = {}
    for owner, x, y, r in circles(tetrarchia.docs["board"].data):
        inside = r - min(math.dist(p, (x, y)) for p in seams)
        if inside > 0:
            depth[owner] = round(inside, 1)
    deep = {owner: d for owner, d in depth.items() if d > SEAM_DEPTH + 0.1}
    assert not deep, f"seams run over {SEAM_DEPTH:g} mm into these circles (mm): {deep}"
    assert len(depth) <= SEAMS_ACROSS, f"seams cross {depth}"
