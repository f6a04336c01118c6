"""Imposition: put pieces on pages, with bleed, crop marks and board tiles.

Rules followed (see shared field notes):
- pieces of one component are laid in a block; a component with `shared_cuts` (identical
  counters) touches trim to trim, any other keeps its own bleed on every side;
- each piece's art is clipped to its trim plus the bleed on the sides that face no neighbour,
  so one piece's bleed never covers another's art;
- crop marks are thin lines outside the block's bleed, one pair for every cut line, never a
  rectangle around a piece;
- blocks are packed on shelves, left to right and top to bottom; a block too large for the rest
  of a page continues on the next one;
- a page that holds a single piece gets its trim and bleed boxes (see write.py).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from forge.errors import UserError
from forge.layout import (MARGIN, MARK_GAP, MARK_LENGTH, MARK_ZONE, TILE_MARGIN, Tile, fit_grid,
                          grid_on)
from forge.model import Component, Mark, Page, Piece, Placement


@dataclass(frozen=True)
class Block:
    """Pieces of one component in rows, measured with their bleed and mark zone."""

    pieces: tuple[Piece, ...]
    columns: int
    shared_cuts: bool
    cut_marks: bool = True

    @property
    def trim(self) -> tuple[float, float]:
        return self.pieces[0].trim

    @property
    def bleed(self) -> float:
        return self.pieces[0].bleed

    @property
    def rows(self) -> int:
        return math.ceil(len(self.pieces) / self.columns)

    @property
    def pitch(self) -> tuple[float, float]:
        gap = 0 if self.shared_cuts else 2 * self.bleed
        return self.trim[0] + gap, self.trim[1] + gap

    def size(self) -> tuple[float, float]:
        """Width and height of the block including bleed and crop-mark zone."""
        return (_span(self.columns, self.pitch[0], self.trim[0]) + 2 * (self.bleed + MARK_ZONE),
                _span(self.rows, self.pitch[1], self.trim[1]) + 2 * (self.bleed + MARK_ZONE))


def _span(count: int, pitch: float, trim: float) -> float:
    """Distance from the first trim edge to the last one of `count` pieces in a line."""
    return (count - 1) * pitch + trim


def is_full_page(piece: Piece, page: tuple[float, float]) -> bool:
    """Whether a piece is a whole page (the rules reference, the instructions)."""
    return piece.bleed == 0 and _same_size(piece.trim, page)


def _same_size(a, b) -> bool:
    return abs(a[0] - b[0]) < 0.01 and abs(a[1] - b[1]) < 0.01


def impose_components(components: list[Component], paper: tuple[float, float]) -> list[Page]:
    """Pages for the components of one family, in order."""
    pages: list[Page] = []
    shelf = _Shelves(_orientation(components, paper))
    for component in components:
        full_pages = [p for p in component.pieces if is_full_page(p, paper)]
        if full_pages:
            pages += shelf.close()
            pages += [_single_page(piece, paper) for piece in full_pages]
            continue
        for block in _blocks(component, shelf.page_size):
            shelf.place(block)
    return pages + shelf.close()


def _single_page(piece: Piece, paper: tuple[float, float]) -> Page:
    page = Page(paper)
    page.placements.append(Placement(piece, 0.0, 0.0, _clip(piece, (True,) * 4)))
    return page


def _orientation(components: list[Component], paper: tuple[float, float]):
    """Landscape pages when the family's largest piece fits more that way."""
    sized = [c for c in components if not any(is_full_page(p, paper) for p in c.pieces)]
    if not sized:
        return paper
    largest = max(sized, key=lambda c: c.pieces[0].trim[0] * c.pieces[0].trim[1])
    first = largest.pieces[0]
    grid = fit_grid(first.trim, first.bleed, largest.shared_cuts, paper)
    return (paper[1], paper[0]) if grid.landscape else paper


def _blocks(component: Component, page: tuple[float, float]) -> list[Block]:
    """Split a component's pieces into blocks that each fit one page."""
    first = component.pieces[0]
    grid = grid_on(first.trim, first.bleed, component.shared_cuts, page[0], page[1])
    if grid is None:
        raise UserError(f"{component.id}: a {first.trim[0]} x {first.trim[1]} mm piece does "
                        f"not fit on a {page[0]} x {page[1]} mm page")
    per_block = grid.columns * grid.rows
    pieces = component.pieces
    chunks = [pieces[i:i + per_block] for i in range(0, len(pieces), per_block)]
    return [Block(chunk, min(grid.columns, len(chunk)), component.shared_cuts,
                  component.cut_marks) for chunk in chunks]


class _Shelves:
    """Packs blocks onto pages: left to right on a shelf, shelves top to bottom."""

    def __init__(self, paper: tuple[float, float]):
        self.page_size = paper
        self.pages: list[Page] = []
        self.page: Page | None = None
        self.x = self.top = self.shelf_height = 0.0

    def place(self, block: Block) -> None:
        """Put a block on the current page, or split it over new ones."""
        while block is not None:
            block = self._place_some(block)

    def _place_some(self, block: Block) -> Block | None:
        if self.page is None:
            self._new_page()
        width, height = block.size()
        if self.x > MARGIN and self.x + width > self.page_size[0] - MARGIN + 1e-6:
            self._new_shelf()
        room = self.top - MARGIN
        if height > room + 1e-6:
            rows_fit = self._rows_that_fit(block, room)
            if rows_fit == 0:
                if self.top < self.page_size[1] - MARGIN - 1e-6:
                    self._new_page()
                    return block
                rows_fit = 1
            keep = rows_fit * block.columns
            head = Block(block.pieces[:keep], block.columns, block.shared_cuts, block.cut_marks)
            tail = Block(block.pieces[keep:], block.columns, block.shared_cuts, block.cut_marks)
            self._put(head)
            self._new_page()
            return tail if tail.pieces else None
        self._put(block)
        return None

    @staticmethod
    def _rows_that_fit(block: Block, room: float) -> int:
        extra = 2 * (block.bleed + MARK_ZONE)
        rows = math.floor((room - extra - block.trim[1]) / block.pitch[1] + 1e-9) + 1
        return max(0, min(rows, block.rows))

    def _put(self, block: Block) -> None:
        width, height = block.size()
        left, top = self.x, self.top
        _lay_block(self.page, block, left, top - height)
        self.x += width
        self.shelf_height = max(self.shelf_height, height)

    def _new_shelf(self) -> None:
        self.top -= self.shelf_height
        self.x, self.shelf_height = MARGIN, 0.0

    def _new_page(self) -> None:
        if self.page is not None and self.page.placements:
            self.pages.append(self.page)
        self.page = Page(self.page_size)
        self.x, self.top, self.shelf_height = MARGIN, self.page_size[1] - MARGIN, 0.0

    def close(self) -> list[Page]:
        """Finish the current page and hand over all pages made so far."""
        if self.page is not None and self.page.placements:
            self.pages.append(self.page)
        pages, self.pages, self.page = self.pages, [], None
        return pages


def _lay_block(page: Page, block: Block, left: float, bottom: float) -> None:
    """Place a block's pieces (top row first) and draw its crop marks."""
    inset = MARK_ZONE + block.bleed
    pitch_x, pitch_y = block.pitch
    x0 = left + inset
    y_top = bottom + block.size()[1] - inset - block.trim[1]
    for index, piece in enumerate(block.pieces):
        row, column = divmod(index, block.columns)
        x, y = x0 + column * pitch_x, y_top - row * pitch_y
        sides = _open_sides(block, index)
        page.placements.append(Placement(piece, x, y, _clip(piece, sides)))
    if block.cut_marks:
        page.marks.extend(_crop_marks(block, x0, y_top))


def _open_sides(block: Block, index: int) -> tuple[bool, bool, bool, bool]:
    """Which sides (left, bottom, right, top) of a piece face no touching neighbour."""
    if not block.shared_cuts:
        return (True, True, True, True)
    count, columns = len(block.pieces), block.columns
    row, column = divmod(index, columns)
    has_right = column + 1 < columns and index + 1 < count
    has_below = index + columns < count
    return (column == 0, not has_below, not has_right, row == 0)


def _clip(piece: Piece, sides) -> tuple[float, float, float, float]:
    """The rectangle (piece mm) its art may cover: trim plus bleed on the open sides."""
    left, bottom, right, top = sides
    b = piece.bleed
    return (-b if left else 0.0, -b if bottom else 0.0,
            piece.trim[0] + (b if right else 0.0), piece.trim[1] + (b if top else 0.0))


def cut_lines(block: Block, x0: float, y_top: float) -> tuple[list[float], list[float]]:
    """The x positions of vertical cuts and y positions of horizontal cuts of a block."""
    pitch_x, pitch_y = block.pitch
    w, h = block.trim
    xs, ys = set(), set()
    for column in range(block.columns):
        xs.update((round(x0 + column * pitch_x, 4), round(x0 + column * pitch_x + w, 4)))
    for row in range(block.rows):
        y = y_top - row * pitch_y
        ys.update((round(y, 4), round(y + h, 4)))
    return sorted(xs), sorted(ys)


def _crop_marks(block: Block, x0: float, y_top: float) -> list[Mark]:
    xs, ys = cut_lines(block, x0, y_top)
    out = block.bleed + MARK_GAP
    left, right = min(xs) - out, max(xs) + out
    bottom, top = min(ys) - out, max(ys) + out
    marks = []
    for x in xs:
        marks.append(Mark(x, top, x, top + MARK_LENGTH))
        marks.append(Mark(x, bottom, x, bottom - MARK_LENGTH))
    for y in ys:
        marks.append(Mark(left, y, left - MARK_LENGTH, y))
        marks.append(Mark(right, y, right + MARK_LENGTH, y))
    return marks


# --- boards ----------------------------------------------------------------------------------

def single_board_page(piece: Piece, paper: tuple[float, float]) -> Page:
    """The whole board on one large page (landscape), centred, with crop marks."""
    width, height = max(paper), min(paper)
    if piece.trim[0] < piece.trim[1]:
        width, height = height, width
    page = Page((width, height))
    x = (width - piece.trim[0]) / 2
    y = (height - piece.trim[1]) / 2
    page.placements.append(Placement(piece, x, y, _clip(piece, (True,) * 4)))
    block = Block((piece,), 1, False)
    page.marks.extend(_crop_marks(block, x, y))
    return page


def tiled_board_pages(piece: Piece, tiles: list[Tile], landscape: bool,
                      paper: tuple[float, float]) -> list[Page]:
    """One page per tile; each shows its window of the board inside the page margins."""
    size = (paper[1], paper[0]) if landscape else paper
    pages = []
    for tile in tiles:
        page = Page(size)
        x = TILE_MARGIN - tile.x0
        y = TILE_MARGIN - tile.y0
        clip = (tile.x0, tile.y0, tile.x0 + tile.width, tile.y0 + tile.height)
        page.placements.append(Placement(piece, x, y, clip))
        pages.append(page)
    return pages
