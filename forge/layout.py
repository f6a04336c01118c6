"""Paper sizes and where pieces fit on a sheet: pure geometry in millimetres."""
from __future__ import annotations

import math
from dataclasses import dataclass

from forge.errors import UserError

PAPERS = {                      # portrait width, height in mm
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "tabloid": (279.4, 431.8),
}
LARGE_PAPER = {"a4": "a3", "letter": "tabloid", "a3": "a3", "tabloid": "tabloid"}
# the paper of the single-page board for each kit paper
MARGIN = 5.0                    # mm kept clear at every page edge (home printers need 3-5)
TILE_MARGIN = 10.0              # mm around a board tile: room for its label and overlap ticks
MARK_GAP = 0.5                  # mm between the bleed edge and a crop mark
MARK_LENGTH = 4.0               # mm
MARK_WIDTH = 0.2                # mm
MARK_ZONE = MARK_GAP + MARK_LENGTH


def paper_size(paper: str) -> tuple[float, float]:
    """Portrait size of a named paper."""
    try:
        return PAPERS[paper]
    except KeyError:
        raise UserError(f"unknown paper '{paper}' (known: {', '.join(PAPERS)})") from None


@dataclass(frozen=True)
class Grid:
    """A grid of equal pieces on a page."""

    columns: int
    rows: int
    pitch_x: float              # distance between the trims of neighbouring pieces
    pitch_y: float
    landscape: bool

    @property
    def per_page(self) -> int:
        """How many pieces one page holds."""
        return self.columns * self.rows


def fit_grid(trim: tuple[float, float], bleed: float, shared_cuts: bool,
             page: tuple[float, float]) -> Grid:
    """The grid that puts the most pieces on a page, portrait or landscape.

    Pieces with shared cuts touch trim to trim; others keep their own bleed on every side.
    Crop marks need MARK_ZONE beyond the outer bleed, inside the page margin.
    """
    best = None
    for landscape in (False, True):
        width, height = (page[1], page[0]) if landscape else page
        grid = grid_on(trim, bleed, shared_cuts, width, height, landscape)
        if grid and (best is None or grid.per_page > best.per_page):
            best = grid
    if best is None:
        raise UserError(f"a {trim[0]} x {trim[1]} mm piece does not fit on a "
                        f"{page[0]} x {page[1]} mm page")
    return best


def grid_on(trim, bleed, shared_cuts, width, height, landscape=False) -> Grid | None:
    """The grid of pieces that fits a page of this width and height, or None."""
    usable_w = width - 2 * (MARGIN + MARK_ZONE + bleed)
    usable_h = height - 2 * (MARGIN + MARK_ZONE + bleed)
    pitch_x = trim[0] + (0 if shared_cuts else 2 * bleed)
    pitch_y = trim[1] + (0 if shared_cuts else 2 * bleed)
    gap_x, gap_y = pitch_x - trim[0], pitch_y - trim[1]
    columns = math.floor((usable_w + gap_x) / pitch_x + 1e-9)
    rows = math.floor((usable_h + gap_y) / pitch_y + 1e-9)
    if columns < 1 or rows < 1:
        return None
    return Grid(columns, rows, pitch_x, pitch_y, landscape)


@dataclass(frozen=True)
class Tile:
    """One page of a board tiled over several pages."""

    row: int
    column: int
    x0: float                   # the board window this tile shows, in board mm
    y0: float
    width: float
    height: float


def tile_board(board: tuple[float, float], page: tuple[float, float], overlap: float,
               bleed: float, keep_clear=()) -> tuple[bool, list[Tile]]:
    """Cut a board (with its bleed) into page-size windows that overlap by `overlap` mm or more.

    `keep_clear` lists the board's spaces in board mm, circles (x, y, r) and rectangles
    (x0, y0, x1, y1): each seam (the edge of a tile where it lies over an earlier one) is moved
    by whole mm, within what the pages allow, to pass SEAM_CLEAR mm or more from them, else to
    graze them as little as it can (the least sum of squared depths into their clear zones, so
    several rims before one middle). Without them the tiles are spread evenly. Returns whether
    the pages are landscape, and the tiles, top row first.
    """
    best = None
    for landscape in (False, True):
        width, height = (page[1], page[0]) if landscape else page
        tiles = _tiles_on(board, width - 2 * TILE_MARGIN, height - 2 * TILE_MARGIN, overlap, bleed,
                          tuple(keep_clear))
        score = (len(tiles), sum(d * d for d in seam_depths(tiles, keep_clear).values()))
        if best is None or score < best[0]:
            best = (score, landscape, tiles)
    return best[1], best[2]


SEAM_CLEAR = 2.0                # mm between a seam and the outline of a space it must not cross
MIN_TILE = 0.5                  # a tile moved to clear a seam keeps this share of its page's
# window, room for the label and notes in its margin


def _tiles_on(board, window_w, window_h, overlap, bleed, keep_clear=()) -> list[Tile]:
    full_w, full_h = board[0] + 2 * bleed, board[1] + 2 * bleed
    columns = max(1, math.ceil((full_w - overlap) / (window_w - overlap)))
    rows = max(1, math.ceil((full_h - overlap) / (window_h - overlap)))
    width, height = min(window_w, full_w), min(window_h, full_h)
    # rows, in y-up board mm: glued top row first, so each lower row's top edge is a seam
    spans = _spread(-bleed, full_h, height, rows, overlap, lambda i, top: sum(
        _depth(s, ((-bleed, top), (board[0] + bleed, top))) ** 2 for s in keep_clear),
        mirror=True)[::-1]                                          # top row first
    tiles = []
    for row, (y0, y1) in enumerate(spans):
        shown = spans[row + 1][1] if row + 1 < rows else y0   # rows below cover the rest
        lefts = _spread(-bleed, full_w, width, columns, overlap, lambda i, x: sum(
            _depth(s, ((x, shown), (x, y1))) ** 2 for s in keep_clear))
        for column, (x0, x1) in enumerate(lefts):
            tiles.append(Tile(row, column, x0, y0, x1 - x0, y1 - y0))
    return tiles


def _spread(start: float, full: float, size: float, count: int, overlap: float, cost,
            mirror: bool = False) -> list[tuple[float, float]]:
    """Where `count` windows of `size` mm or less lie to cover `full` mm from `start`, each `overlap`
    mm or more over the one before: evenly spread, each moved by whole mm (within what the
    windows allow) to the place where cost(index, seam) is least, the nearest to even of those.

    The seam of window i is its start (its end with `mirror`: windows glued from the far end)."""
    end = start + full
    if count == 1:
        return [(start, min(start + size, end))]
    step = (full - size) / (count - 1)
    even = [start + i * step for i in range(count)]
    if mirror:                  # glued from the far end: solve the reflected line, reflect back
        flipped = _spread(-end, full, size, count, overlap,
                          lambda i, seam: cost(count - 1 - i, -seam))
        return [(-b, -a) for a, b in flipped][::-1]
    reach = int(size - overlap)
    moves = range(-reach, reach + 1)
    # best[i][k]: (cost, total move) of the windows before and at i, window i moved by k mm
    best = [{0: (0, 0, None)}]
    for i in range(1, count):
        row = {}
        for k in moves:
            at = even[i] + k
            if at <= start or at > end - size * MIN_TILE or (i == count - 1 and at + size < end):
                continue
            here = cost(i, at)
            options = [(c + here, m + abs(k), j) for j, (c, m, _) in best[-1].items()
                       if even[i - 1] + j + size - overlap >= at - 1e-9 and even[i - 1] + j < at]
            if options:
                row[k] = min(options)
        best.append(row)
    k = min(best[-1], key=lambda j: best[-1][j][:2])
    moved = []
    for i in range(count - 1, -1, -1):
        moved.append((even[i] + k, min(even[i] + k + size, end)))
        k = best[i][k][2]
    return moved[::-1]


def _depth(space, segment) -> float:
    """How far (mm) an axis-parallel seam segment comes inside the zone SEAM_CLEAR mm around a
    space, a circle (x, y, r) or a rectangle (x0, y0, x1, y1): 0 when it keeps clear. A seam
    grazing a space's rim costs less than one through its middle, where the piece stands."""
    if len(space) == 3:
        x, y, r = space
        return max(0.0, r + SEAM_CLEAR - _distance((x, y), segment))
    (ax, ay), (bx, by) = segment
    x0, y0, x1, y1 = (space[0] - SEAM_CLEAR, space[1] - SEAM_CLEAR, space[2] + SEAM_CLEAR,
                      space[3] + SEAM_CLEAR)
    if min(ax, bx) >= x1 or max(ax, bx) <= x0 or min(ay, by) >= y1 or max(ay, by) <= y0:
        return 0.0
    if ax == bx:                # a vertical seam: how far it lies from the nearer side
        return min(ax - x0, x1 - ax)
    return min(ay - y0, y1 - ay)


def _distance(point, segment) -> float:
    (ax, ay), (bx, by) = segment
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((point[0] - ax) * dx + (point[1] - ay) * dy) / (dx * dx + dy * dy or 1)))
    return math.hypot(point[0] - ax - t * dx, point[1] - ay - t * dy)


def seam_segments(tiles: list[Tile]) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The seams of assembled tiles (glued in number order, row by row from the top): the left
    and top edges of each tile where it lies over earlier ones, less what later tiles cover."""
    segments = []
    for i, tile in enumerate(tiles):
        x1, y1 = tile.x0 + tile.width, tile.y0 + tile.height
        later = tiles[i + 1:]
        if tile.column > 0:
            segments += _uncovered(((tile.x0, tile.y0), (tile.x0, y1)), later)
        if tile.row > 0:
            segments += _uncovered(((tile.x0, y1), (x1, y1)), later)
    return segments


def _uncovered(segment, tiles, step: float = 0.5):
    """The parts of an axis-parallel segment that no tile in `tiles` covers."""
    (ax, ay), (bx, by) = segment
    n = max(1, int(math.hypot(bx - ax, by - ay) / step))
    points = [(ax + (bx - ax) * k / n, ay + (by - ay) * k / n) for k in range(n + 1)]
    bare = [not any(t.x0 < x < t.x0 + t.width and t.y0 < y < t.y0 + t.height for t in tiles)
            for x, y in points]
    out, first = [], None
    for point, free in zip(points + [None], bare + [False]):
        if free and first is None:
            first = point
        elif not free and first is not None:
            out.append((first, last))
            first = None
        last = point
    return out


def seams_across(tiles: list[Tile], keep_clear) -> list:
    """The spaces of `keep_clear` that a seam of these tiles passes within SEAM_CLEAR mm of."""
    segments = seam_segments(tiles)
    return [s for s in keep_clear if any(_depth(s, seg) > 0 for seg in segments)]


def seam_depths(tiles: list[Tile], keep_clear) -> dict:
    """How far (mm) the seams of these tiles come inside the clear zone of each space they
    touch, by space."""
    segments = seam_segments(tiles)
    depths = {s: max(_depth(s, seg) for seg in segments) for s in keep_clear} if segments else {}
    return {s: d for s, d in depths.items() if d > 0}
