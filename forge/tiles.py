"""Marks on the pages of a tiled board: trim marks, seam notes and alignment crosses.

Neighbouring tiles show the same strip of the board (the overlap). The tiles are glued in number
order, each over the ones before, so every overlap strip of a tile is hidden under a later tile.
Only there, where the glue goes, may a mark touch the picture: each such strip carries alignment
crosses whose arms stop just short of the later tile's edge (a cross that still shows after
gluing means the tile sits too far). Everything else is in the page margin: trim marks where the
board's outer edges are cut, a label naming the tile, and at each inner edge which tile it is
glued over or which tile covers it.
"""
from __future__ import annotations

import math

from forge.fonts import SANS, register_fonts, text_width
from forge.layout import TILE_MARGIN as MARGIN
from forge.model import Mark, Page, Piece, pt
from forge.render.context import RenderContext

CROSS = 3.0          # mm, half the arm of an alignment cross
CROSS_LINE = 0.25    # mm, the crosses' line (trim marks are 0.2 mm)
SEAM_CLEAR = 1.0     # mm between a cross's arm and the edge of the tile that covers it
MARK_GAP = 1.0       # mm between the picture and a trim mark
MARK_LENGTH = 5.0    # mm, a trim mark
SHADE_LINE = 0.7     # mm, the white lines over a covered strip
SHADE_STEP = 3.0     # mm between them
TEXT_PT = 7.0        # margin text
TEXT_MIN_PT = 6.0    # margin text shrinks to fit, never below this


def decorate_tiles(pages: list[Page], tiles, piece: Piece, ctx: RenderContext) -> None:
    """Add trim marks, labels, seam notes, the shading of covered strips and alignment crosses
    to the pages of a tiled board."""
    columns = max(t.column for t in tiles) + 1
    number = {(t.row, t.column): t.row * columns + t.column + 1 for t in tiles}
    for page, tile in zip(pages, tiles):
        label = ctx.tr._("Board tile {number} of {total}: row {row}, column {column}").format(
            number=number[tile.row, tile.column], total=len(tiles),
            row=tile.row + 1, column=tile.column + 1)
        hint = (ctx.tr._("Cut at the trim marks and along the picture's inner edges; glue the "
                         "tiles in number order.") if ctx.options.marks != "none" else
                ctx.tr._("Cut along the picture's inner edges; glue the tiles in number order."))
        notes = {side: _seam_note(ctx, number, tile, side, other)
                 for side, other in _neighbours(tile, tiles).items()}
        if ctx.options.marks != "none":          # 'lines' too: a line would cross the art
            page.marks += _trim_marks(tile, piece)
        texts = _margin_texts(page, tile, piece, label, hint, notes)
        strips = _strips(tile, tiles, number)
        page.decorate.append(_decoration(tile, texts, [rect for _, rect in strips],
                                         _crosses(strips)))


def _neighbours(tile, tiles) -> dict:
    """The tiles next to this one, by the side they touch: 'left', 'right', 'top', 'bottom'."""
    found = {}
    for other in tiles:
        if other.row == tile.row and abs(other.column - tile.column) == 1:
            found["left" if other.column < tile.column else "right"] = other
        elif other.column == tile.column and abs(other.row - tile.row) == 1:
            found["top" if other.row < tile.row else "bottom"] = other
    return found


def _seam_note(ctx: RenderContext, number, tile, side: str, other) -> str:
    """What the player does at an inner edge: glue it over an earlier tile, or let a later one
    cover it."""
    theirs, mine = number[other.row, other.column], number[tile.row, tile.column]
    if theirs < mine:
        return ctx.tr._("Glue this edge over tile {number}").format(number=theirs)
    return ctx.tr._("Tile {number} is glued over this strip and hides its crosses").format(
        number=theirs)


def _later(tile, tiles, number):
    """The tiles glued after this one (they lie over it)."""
    mine = number[tile.row, tile.column]
    return [t for t in tiles if number[t.row, t.column] > mine]


def _strips(tile, tiles, number) -> list[tuple[str, tuple[float, float, float, float]]]:
    """The strips of this tile that later neighbours cover, as (side, board rectangle): 'right'
    for the next tile in the row, 'bottom' for the tile below."""
    strips = []
    for other in _later(tile, tiles, number):
        if other.row != tile.row and other.column != tile.column:
            continue
        x0, x1 = max(tile.x0, other.x0), min(tile.x0 + tile.width, other.x0 + other.width)
        y0, y1 = max(tile.y0, other.y0), min(tile.y0 + tile.height, other.y0 + other.height)
        if x1 > x0 and y1 > y0:
            strips.append(("right" if other.row == tile.row else "bottom", (x0, y0, x1, y1)))
    return strips


def _crosses(strips) -> list[tuple[float, float]]:
    """Centres (board mm) of alignment crosses: three in each covered strip, along the edge of
    the tile that covers it, SEAM_CLEAR from that edge."""
    points = []
    inset = CROSS + SEAM_CLEAR
    for side, (x0, y0, x1, y1) in strips:
        if x1 - x0 < 2 * inset or y1 - y0 < 2 * inset:
            continue
        if side == "right":                     # the later tile's left edge lies at x0
            points += [(x0 + inset, y0 + (y1 - y0) * f) for f in (0.2, 0.5, 0.8)]
        else:                                   # the later (lower) tile's top edge lies at y1
            points += [(x0 + (x1 - x0) * f, y1 - inset) for f in (0.2, 0.5, 0.8)]
    return points


def _trim_marks(tile, piece: Piece) -> list[Mark]:
    """Crop marks in the margin at both ends of every outer board edge this tile shows."""
    board_w, board_h = piece.trim
    left, bottom = MARGIN, MARGIN                       # the picture on the page
    right, top = MARGIN + tile.width, MARGIN + tile.height
    to_x, to_y = MARGIN - tile.x0, MARGIN - tile.y0     # board mm -> page mm
    near, far = MARK_GAP, MARK_GAP + MARK_LENGTH
    marks = []
    for x in (0.0, board_w):
        if tile.x0 <= x <= tile.x0 + tile.width:
            px = x + to_x
            marks += [Mark(px, top + near, px, top + far), Mark(px, bottom - near, px, bottom - far)]
    for y in (0.0, board_h):
        if tile.y0 <= y <= tile.y0 + tile.height:
            py = y + to_y
            marks += [Mark(left - near, py, left - far, py), Mark(right + near, py, right + far, py)]
    return marks


def _margin_texts(page: Page, tile, piece: Piece, label: str, hint: str, notes: dict):
    """The margin's words as (text, x, y, angle, align, size): label and hint above the picture
    (below it when the top is an inner edge; the hint on the other side when a narrow tile has
    no room for both), each seam note along its edge."""
    inset = piece.bleed + MARK_GAP + 2.0              # clear of the trim marks near the corners
    left, right = MARGIN + inset, MARGIN + tile.width - inset
    top_line = MARGIN + tile.height + 2.0
    bottom_line = MARGIN - 2.0 - pt(TEXT_PT) * 0.72
    lines = {"top": top_line, "bottom": bottom_line}
    head = "bottom" if "top" in notes and "bottom" not in notes else "top"
    other = "bottom" if head == "top" else "top"
    first, second = (label, notes.get(head, hint)), (hint if head in notes else "",
                                                      notes.get(other, ""))
    if not any(second) and not _fits(" ".join(first), right - left - 6.0):
        first, second = (label, ""), ("", first[1])     # a narrow tile: one text a line
    texts = _row(*first, left, right, lines[head])
    texts += _row(*second, left, right, lines[other])
    middle = MARGIN + tile.height / 2
    if "left" in notes:
        texts.append((notes["left"], MARGIN - 2.0, middle, 90, "center",
                      _fit(notes["left"], tile.height - 2 * inset)))
    if "right" in notes:
        texts.append((notes["right"], MARGIN + tile.width + 2.0 + pt(TEXT_PT) * 0.72, middle, 90,
                      "center", _fit(notes["right"], tile.height - 2 * inset)))
    return texts


def _row(first: str, second: str, left: float, right: float, y: float):
    """Two texts on one margin line, the first from the left, the second to the right,
    shrunk together (to TEXT_MIN_PT at least) so they keep 6 mm apart."""
    room = right - left - (6.0 if first and second else 0.0)
    size = _fit(f"{first}{second}", room)
    out = []
    if first:
        out.append((first, left, y, 0, "left", size))
    if second:
        out.append((second, right, y, 0, "right", size))
    return out


def _fits(text: str, room: float) -> bool:
    """Whether `text` fits `room` mm at TEXT_MIN_PT."""
    return text_width(text, SANS, pt(TEXT_MIN_PT)) <= room


def _fit(text: str, room: float) -> float:
    """The margin text size (mm) at which `text` fits `room` mm, TEXT_MIN_PT at the least."""
    size = pt(TEXT_PT)
    width = text_width(text, SANS, size)
    return max(pt(TEXT_MIN_PT), size * min(1.0, room / width)) if width else size


def _decoration(tile, texts, strips, crosses):
    offset_x, offset_y = MARGIN - tile.x0, MARGIN - tile.y0   # board mm -> page mm

    def draw(c) -> None:
        register_fonts()
        c.setFillColorRGB(0.25, 0.25, 0.25)
        for text, x, y, angle, align, size in texts:
            c.saveState()
            c.setFont(SANS, size)
            c.translate(x, y)
            c.rotate(angle)
            {"left": c.drawString, "right": c.drawRightString,
             "center": c.drawCentredString}[align](0, 0, text)
            c.restoreState()
        for x0, y0, x1, y1 in strips:
            _shade(c, x0 + offset_x, y0 + offset_y, x1 + offset_x, y1 + offset_y)
        for bx, by in crosses:
            _cross(c, bx + offset_x, by + offset_y)

    return draw


def _shade(c, x0: float, y0: float, x1: float, y1: float) -> None:
    """White diagonal lines over a strip that another tile will cover: the glue goes there."""
    c.saveState()
    p = c.beginPath()
    p.rect(x0, y0, x1 - x0, y1 - y0)
    c.clipPath(p, stroke=0, fill=0)
    c.setStrokeColorRGB(1, 1, 1)
    c.setLineWidth(SHADE_LINE)
    k = math.floor((x0 - y1) / SHADE_STEP) * SHADE_STEP    # lines x - y = k, one grid per page
    while k + y0 < x1:
        c.line(k + y0, y0, k + y1, y1)
        k += SHADE_STEP
    c.restoreState()


def _cross(c, x: float, y: float) -> None:
    """A registration cross: white halo under a thin black cross and circle."""
    c.saveState()
    c.setLineWidth(0.8)
    c.setStrokeColorRGB(1, 1, 1)
    c.line(x - CROSS, y, x + CROSS, y)
    c.line(x, y - CROSS, x, y + CROSS)
    c.setLineWidth(CROSS_LINE)
    c.setStrokeColorRGB(0, 0, 0)
    c.line(x - CROSS, y, x + CROSS, y)
    c.line(x, y - CROSS, x, y + CROSS)
    c.circle(x, y, CROSS * 0.6, stroke=1, fill=0)
    c.restoreState()
