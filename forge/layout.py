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
               bleed: float) -> tuple[bool, list[Tile]]:
    """Cut a board (with its bleed) into page-size windows that overlap by `overlap` mm.

    Returns whether the pages are landscape, and the tiles, top row first.
    """
    best = None
    for landscape in (False, True):
        width, height = (page[1], page[0]) if landscape else page
        tiles = _tiles_on(board, width - 2 * TILE_MARGIN, height - 2 * TILE_MARGIN, overlap, bleed)
        if best is None or len(tiles) < len(best[1]):
            best = (landscape, tiles)
    return best


def _tiles_on(board, window_w, window_h, overlap, bleed) -> list[Tile]:
    full_w, full_h = board[0] + 2 * bleed, board[1] + 2 * bleed
    columns = max(1, math.ceil((full_w - overlap) / (window_w - overlap)))
    rows = max(1, math.ceil((full_h - overlap) / (window_h - overlap)))
    step_x = (full_w - window_w) / (columns - 1) if columns > 1 else 0
    step_y = (full_h - window_h) / (rows - 1) if rows > 1 else 0
    width, height = min(window_w, full_w), min(window_h, full_h)
    tiles = []
    for row in range(rows):
        for column in range(columns):
            x0 = -bleed + column * step_x
            y0 = -bleed + (rows - 1 - row) * step_y
            tiles.append(Tile(row, column, x0, y0, width, height))
    return tiles
