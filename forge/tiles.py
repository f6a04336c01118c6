"""Marks on the pages of a tiled board: tile labels, alignment crosses and overlap ticks.

Neighbouring tiles show the same strip of the board (the overlap). Each tile gets a label in the
margin (which tile, where it goes), small ticks in the margin where the overlap strip begins, and
alignment crosses at the same board positions on both tiles of each overlap, so the sheets can be
laid one over the other and taped exactly.
"""
from __future__ import annotations

from forge.fonts import SANS, register_fonts
from forge.layout import TILE_MARGIN as MARGIN
from forge.model import Page, Piece, pt
from forge.render.context import RenderContext

CROSS = 3.0          # mm, half the arm of an alignment cross
TICK = 4.0           # mm, length of an overlap tick in the margin


def decorate_tiles(pages: list[Page], tiles, piece: Piece, ctx: RenderContext) -> None:
    """Add labels and alignment marks to the pages of a tiled board."""
    columns = max(t.column for t in tiles) + 1
    for page, tile in zip(pages, tiles):
        label = ctx.tr._("Board tile {number} of {total}: row {row}, column {column}").format(
            number=tile.row * columns + tile.column + 1, total=len(tiles),
            row=tile.row + 1, column=tile.column + 1)
        hint = ctx.tr._("Overlap the shared strips so the crosses meet, then tape.")
        crosses = _crosses(tile, tiles)
        ticks = _ticks(tile, tiles)
        page.decorate.append(_decoration(page, tile, label, hint, crosses, ticks))


def _overlaps(tile, tiles):
    """Board rectangles this tile shares with its right and lower/upper neighbours."""
    for other in tiles:
        if other is tile:
            continue
        x0, x1 = max(tile.x0, other.x0), min(tile.x0 + tile.width, other.x0 + other.width)
        y0, y1 = max(tile.y0, other.y0), min(tile.y0 + tile.height, other.y0 + other.height)
        if x1 > x0 and y1 > y0 and (other.row == tile.row or other.column == tile.column):
            yield (x0, y0, x1, y1)


def _crosses(tile, tiles) -> list[tuple[float, float]]:
    """Centres of alignment crosses (board mm) in each overlap strip."""
    points = []
    for x0, y0, x1, y1 in _overlaps(tile, tiles):
        if x1 - x0 < y1 - y0:        # a vertical strip
            cx = (x0 + x1) / 2
            points += [(cx, y0 + (y1 - y0) * f) for f in (0.2, 0.5, 0.8)]
        else:
            cy = (y0 + y1) / 2
            points += [(x0 + (x1 - x0) * f, cy) for f in (0.2, 0.5, 0.8)]
    return points


def _ticks(tile, tiles) -> list[tuple[str, float]]:
    """Where overlap strips begin: ('x', board x) for vertical edges, ('y', board y) else."""
    ticks = []
    for x0, y0, x1, y1 in _overlaps(tile, tiles):
        if x1 - x0 < y1 - y0:
            ticks += [("x", x0), ("x", x1)]
        else:
            ticks += [("y", y0), ("y", y1)]
    return ticks


def _decoration(page: Page, tile, label: str, hint: str, crosses, ticks):
    offset_x, offset_y = MARGIN - tile.x0, MARGIN - tile.y0   # board mm -> page mm

    def draw(c) -> None:
        register_fonts()
        c.setFillColorRGB(0.25, 0.25, 0.25)
        c.setFont(SANS, pt(7))
        c.drawString(MARGIN, MARGIN - pt(7) - 1.0, label)
        c.drawRightString(page.size[0] - MARGIN, MARGIN - pt(7) - 1.0, hint)
        for bx, by in crosses:
            _cross(c, bx + offset_x, by + offset_y)
        c.setStrokeColorRGB(0, 0, 0)
        c.setLineWidth(0.2)
        for axis, value in ticks:
            if axis == "x":
                x = value + offset_x
                c.line(x, page.size[1] - MARGIN + 1, x, page.size[1] - MARGIN + 1 + TICK)
            else:
                y = value + offset_y
                c.line(MARGIN - 1, y, MARGIN - 1 - TICK, y)
                c.line(page.size[0] - MARGIN + 1, y, page.size[0] - MARGIN + 1 + TICK, y)

    return draw


def _cross(c, x: float, y: float) -> None:
    """A registration cross: white halo under a thin black cross and circle."""
    c.setLineWidth(0.8)
    c.setStrokeColorRGB(1, 1, 1)
    c.line(x - CROSS, y, x + CROSS, y)
    c.line(x, y - CROSS, x, y + CROSS)
    c.setLineWidth(0.2)
    c.setStrokeColorRGB(0, 0, 0)
    c.line(x - CROSS, y, x + CROSS, y)
    c.line(x, y - CROSS, x, y + CROSS)
    c.circle(x, y, CROSS * 0.6, stroke=1, fill=0)
