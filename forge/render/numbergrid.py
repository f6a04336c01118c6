"""Large tables of numbers (a battle ratio table, a loss table) drawn as a grid, and full pages
read turned (landscape) printed on the kit's portrait paper.

`draw_grid` fills a box with a table whose first column and first row are headings: every cell
has the same width and height, the numerals the largest size that fits a cell, a tint every
`band` rows and columns so that the eye can follow a line across, and empty cells (None) left
blank. `turned` runs a drawing made for a landscape page on a portrait one, turned a quarter
anticlockwise, so the page prints as every other page does and is read by turning it.
"""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import HexColor

from forge import fonts
from forge.model import pt
from forge.render import textfit

MIN_NUMERAL_PT = 5.0      # the smallest numeral a grid prints
MAX_NUMERAL_PT = 13.0
LINE = pt(0.35)
HEAVY = pt(0.9)


@dataclass(frozen=True)
class Grid:
    """A table of numbers: its heading row and column, its cells (rows of values or None)."""

    columns: tuple[str, ...]
    rows: tuple[str, ...]
    cells: tuple[tuple[object, ...], ...]
    band: int = 5                 # a tint every `band` rows and columns
    marked: frozenset = frozenset()   # (row, column) cells framed and drawn in bold
    head_width: float = 1.0       # the heading column's width, in cells


def numeral_size(grid: Grid, cell_w: float, cell_h: float) -> float:
    """The largest numeral size (mm) that fits every cell and heading of the grid."""
    widest = max([str(v) for row in grid.cells for v in row if v is not None]
                 + list(grid.columns), key=len)
    size = min(pt(MAX_NUMERAL_PT), cell_h * 0.55)
    size = textfit.fit_lines(widest, fonts.SANS_BOLD, size, cell_w * 0.86, max_lines=1)[1]
    head = max(grid.rows, key=len)
    return min(size, textfit.fit_lines(head, fonts.SANS_BOLD, size, cell_w * grid.head_width
                                       * 0.9, max_lines=1)[1])


def cell_size(grid: Grid, box: tuple[float, float, float, float]) -> tuple[float, float]:
    """The width and height of a cell when the grid (with its headings) fills the box."""
    return box[2] / (len(grid.columns) + grid.head_width), box[3] / (len(grid.rows) + 1)


def draw_grid(c, grid: Grid, box, ink: str, tint: str, accent: str, paper: str = "#ffffff",
              head_fill: str | None = None):
    """Draw the grid in box (x, y, width, height; y up): headings in white on the accent colour,
    or, given a light `head_fill` (the ink saver), in the accent colour on it."""
    x0, y0, width, height = box
    cw, ch = cell_size(grid, box)
    hw = cw * grid.head_width                  # the heading column
    xs = x0 + hw                               # where the cells start
    size = max(numeral_size(grid, cw, ch), pt(MIN_NUMERAL_PT))
    top = y0 + height
    c.saveState()
    c.setFillColor(HexColor(paper))
    c.rect(x0, y0, width, height, stroke=0, fill=1)
    c.setFillColor(HexColor(tint))
    for j in range(len(grid.columns)):
        if (j // grid.band) % 2 == 1:
            c.rect(xs + j * cw, y0, cw, height - ch, stroke=0, fill=1)
    for i in range(len(grid.rows)):
        if (i // grid.band) % 2 == 1:
            c.rect(xs, top - (i + 2) * ch, width - hw, ch, stroke=0, fill=1)
    c.setFillColor(HexColor(head_fill or accent))
    c.rect(x0, top - ch, width, ch, stroke=0, fill=1)
    c.rect(x0, y0, hw, height, stroke=0, fill=1)
    for (i, j) in grid.marked:
        c.setStrokeColor(HexColor(accent))
        c.setLineWidth(HEAVY)
        c.rect(xs + j * cw, top - (i + 2) * ch, cw, ch, stroke=1, fill=0)
    c.setFillColor(HexColor(accent if head_fill else paper))
    c.setFont(fonts.SANS_BOLD, size)
    baseline = (ch - size * 0.7) / 2
    for j, label in enumerate(grid.columns):
        c.drawCentredString(xs + (j + 0.5) * cw, top - ch + baseline, label)
    for i, label in enumerate(grid.rows):
        c.drawCentredString(x0 + hw / 2, top - (i + 2) * ch + baseline, label)
    c.setFillColor(HexColor(ink))
    for i, row in enumerate(grid.cells):
        for j, value in enumerate(row):
            if value is None:
                continue
            c.setFont(fonts.SANS_BOLD if (i, j) in grid.marked else fonts.SANS, size)
            c.drawCentredString(xs + (j + 0.5) * cw, top - (i + 2) * ch + baseline, str(value))
    c.setStrokeColor(HexColor(ink))
    c.setLineWidth(LINE)
    for x in [x0] + [xs + j * cw for j in range(len(grid.columns) + 1)]:
        c.line(x, y0, x, top)
    for i in range(len(grid.rows) + 2):
        c.line(x0, top - i * ch, x0 + width, top - i * ch)
    c.setLineWidth(HEAVY)
    c.rect(x0, y0, width, height, stroke=1, fill=0)
    c.restoreState()


def turned(c, page: tuple[float, float], draw) -> None:
    """Run `draw(c, landscape_size)` turned a quarter anticlockwise onto a portrait page."""
    width, _height = page
    c.saveState()
    c.translate(width, 0)
    c.rotate(90)
    draw(c, (page[1], page[0]))
    c.restoreState()
