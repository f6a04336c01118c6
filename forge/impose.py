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
- a page that holds a single piece gets its trim and bleed boxes (see write.py);
- two-sided pieces get their backs by the print options (forge/printing.py): a back page after
  each front page (duplex), every back page after the fronts (fronts-then-backs), or fronts and
  backs on one page either side of a fold line (fold); see forge/duplex.py for the geometry;
- marks are short crop marks (`crop`), long cut lines (`lines`: see extend_marks), or left
  out (`none`); back pages carry them too.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from forge.duplex import mirrors_columns
from forge.errors import UserError
from forge.layout import (MARGIN, MARK_GAP, MARK_LENGTH, MARK_ZONE, TILE_MARGIN, Tile, fit_grid,
                          grid_on)
from forge.model import Component, Mark, Page, Piece, Placement
from forge.printing import PrintOptions

FOLD_GAP = 5.0          # mm between the fold line and the nearest bleed edge, room permitting
BLOCK_GAP = 3.0         # mm between the crop-mark zones of neighbouring blocks
LINE_GAP = 2.0          # mm at least between cut lines of different blocks
FOLD_DASH = (3.0, 2.0)  # mm on, mm off: the printed fold line
SINGLE_PAGE_MARGIN = 3.0   # mm left around a whole board's crop marks on a large page


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


def impose_components(components: list[Component], paper: tuple[float, float],
                      options: PrintOptions = PrintOptions()) -> list[Page]:
    """Pages for the components of one family, in order, with backs and marks as the options say.

    Duplex pages come in pairs (front, back); fronts-then-backs puts one back page for every
    front page after all the fronts; fold puts two-sided pieces on fold pages (those too large
    for half a page on a page of fronts followed by its page of backs).
    """
    if options.marks == "none":
        components = [_without_marks(c) for c in components]
    two_sided = [c for c in components if has_backs(c)] if options.backs != "none" else []
    if options.backs == "fold" and two_sided:
        one_sided = [c for c in components if not has_backs(c)]
        pages = _front_pages(one_sided, paper, lines=options.marks == "lines")
        folding = [c for c in two_sided if _folds(c, paper)]
        if folding:
            pages += fold_pages(folding, paper, lines=options.marks == "lines")
        too_large = [c for c in two_sided if c not in folding]
        if too_large:           # too large for half a page: a page of fronts, then its backs
            pages += impose_components(too_large, paper,
                                       replace(options, backs="fronts-then-backs"))
    else:
        pages = _front_pages(components, paper, lines=options.marks == "lines")
    if options.backs in ("duplex-long", "duplex-short", "fronts-then-backs") and two_sided:
        pages = [turn_upright(page) for page in pages]
    if options.backs in ("duplex-long", "duplex-short") and two_sided:
        return [p for front in pages for p in (front, back_page(front, options))]
    if options.backs == "fronts-then-backs" and two_sided:
        return pages + [back_page(front, options) for front in pages]
    return pages


def turn_upright(page: Page) -> Page:
    """A landscape page of a two-sided family, turned a quarter anticlockwise onto a portrait
    page of the same paper. Printer drivers turn landscape pages one way or the other before
    printing both sides; a portrait page is printed as it is, so the flip edge and the back
    offset measured on the portrait calibration sheet mean the same on every page."""
    width, height = page.size
    if width <= height:
        return page
    turned = Page((height, width), side=page.side, turned=True)
    for placement in page.placements:
        w, h = placement.piece.trim
        cx, cy = placement.x + w / 2, placement.y + h / 2
        x, y = height - cy, cx                  # (x, y) -> (H - y, x): a quarter anticlockwise
        turned.placements.append(Placement(placement.piece, x - w / 2, y - h / 2, placement.clip,
                                           placement.face, (placement.rotation + 90) % 360))
    turned.marks = [Mark(height - m.y1, m.x1, height - m.y2, m.x2) for m in page.marks]
    turned.decorate = list(page.decorate)
    return turned


def has_backs(component: Component) -> bool:
    """Whether a component's pieces have a printed back."""
    return any(piece.back is not None for piece in component.pieces)


def _without_marks(component: Component) -> Component:
    return replace(component, cut_marks=False)


def _front_pages(components: list[Component], paper: tuple[float, float],
                 lines: bool = False) -> list[Page]:
    """Pages for one-sided pieces or fronts: full-page pieces first, on their own pages, then
    every other block on the first page with room for it, each page's blocks centred. When no
    one way of the paper holds every piece, the pieces that fit upright pages get those and the
    others get pages of their own."""
    if _orientation(components, paper) is None:
        upright = [c for c in components if _fits(c, paper)]
        if upright and len(upright) < len(components):
            others = [c for c in components if c not in upright]
            return _front_pages(upright, paper, lines) + _front_pages(others, paper, lines)
    size = _orientation(components, paper) or paper
    packer = _Packer(size, (MARGIN, MARGIN, size[0] - MARGIN, size[1] - MARGIN))
    singles: list[Page] = []
    for run in _runs(components):
        if any(is_full_page(p, paper) for p in run.pieces):
            singles += [_single_page(piece, paper) for piece in run.pieces]
            continue
        for block in _blocks(run, packer.region_size):
            packer.place(block)
    return singles + packer.close(lines)


def _runs(components: list[Component]) -> list[Component]:
    """Components whose pieces cut alike (see _cut_alike) merged into one run, so that the
    pieces of several decks fill each other's half-empty pages."""
    runs: list[Component] = []
    for component in components:
        for index, run in enumerate(runs):
            if _cut_alike(run, component):
                runs[index] = replace(run, count=run.count + component.count,
                                      pieces=run.pieces + component.pieces)
                break
        else:
            runs.append(component)
    return runs


def _cut_alike(a: Component, b: Component) -> bool:
    """Whether two components' pieces can share one grid of cut lines: same size, each with
    its own bleed (pieces that touch along shared cuts stay among their own kind)."""
    pa, pb = a.pieces[0], b.pieces[0]
    return (_same_size(pa.trim, pb.trim) and pa.bleed == pb.bleed and a.kind == b.kind
            and not a.shared_cuts and not b.shared_cuts and a.cut_marks == b.cut_marks
            and has_backs(a) == has_backs(b))


def _single_page(piece: Piece, paper: tuple[float, float]) -> Page:
    page = Page(paper)
    page.placements.append(Placement(piece, 0.0, 0.0, _clip(piece, (True,) * 4)))
    return page


def _orientation(components: list[Component], paper: tuple[float, float]):
    """Portrait or landscape pages for a print run: of the ways every piece fits, the one that
    puts more of the largest piece on a page (portrait when they tie); None if neither way
    holds every piece."""
    sized = [c for c in components if not any(is_full_page(p, paper) for p in c.pieces)]
    if not sized:
        return paper
    largest = max(sized, key=lambda c: c.pieces[0].trim[0] * c.pieces[0].trim[1])
    best, best_count = None, -1
    for size in (paper, (paper[1], paper[0])):
        grids = [grid_on(c.pieces[0].trim, c.pieces[0].bleed, c.shared_cuts, *size)
                 for c in sized]
        if any(grid is None for grid in grids):
            continue
        count = grids[sized.index(largest)].per_page
        if count > best_count:
            best, best_count = size, count
    if best is None:        # the largest piece fits neither way: say so
        first = largest.pieces[0]
        fit_grid(first.trim, first.bleed, largest.shared_cuts, paper)
    return best


def _fits(component: Component, size: tuple[float, float]) -> bool:
    """Whether a component's pieces fit a page of this size as it stands (or fill it)."""
    first = component.pieces[0]
    return is_full_page(first, size) or \
        grid_on(first.trim, first.bleed, component.shared_cuts, *size) is not None


def _blocks(component: Component, region: tuple[float, float]) -> list[Block]:
    """Split a component's pieces into blocks that each fit one page (or one fold half).

    region: the width and height of the part of the page pieces may use, with its margins
    (as grid_on measures a page).
    """
    first = component.pieces[0]
    grid = grid_on(first.trim, first.bleed, component.shared_cuts, region[0], region[1])
    if grid is None:
        raise UserError(f"{component.id}: a {first.trim[0]} x {first.trim[1]} mm piece does "
                        f"not fit on a {region[0]:g} x {region[1]:g} mm page")
    per_block = grid.columns * grid.rows
    pieces = component.pieces
    chunks = [pieces[i:i + per_block] for i in range(0, len(pieces), per_block)]
    return [Block(chunk, _columns(len(chunk), grid.columns, grid.rows), component.shared_cuts,
                  component.cut_marks) for chunk in chunks]


def _columns(count: int, columns: int, rows: int) -> int:
    """Columns for a block of `count` pieces: as few rows as the page allows, then as few
    columns as keep that row count (6 dice in 2 rows of 3, not 4 + 2)."""
    need_rows = min(rows, math.ceil(count / columns))
    return min(columns, math.ceil(count / need_rows))


@dataclass
class _Sheet:
    """One page being filled: blocks on shelves, top to bottom, and where they lie."""

    page: Page
    x: float
    top: float
    shelf_height: float = 0.0
    boxes: list = None          # each block's mark zone, and where its marks start and end


class _Packer:
    """Packs whole blocks onto pages: each block goes on the first page with room for it, left
    to right on a shelf, shelves top to bottom, BLOCK_GAP mm between blocks so that each
    block's crop marks stay apart from its neighbours'. Closed pages have their blocks centred
    (or, with `anchor` "bottom" or "right", pushed against that side of the region)."""

    def __init__(self, size: tuple[float, float], region, side: str = "front",
                 anchor: str = "centre"):
        self.size, self.region, self.side, self.anchor = size, region, side, anchor
        self.sheets: list[_Sheet] = []

    @property
    def region_size(self) -> tuple[float, float]:
        """The usable page part as grid_on measures a page (margins included)."""
        x0, y0, x1, y1 = self.region
        return x1 - x0 + 2 * MARGIN, y1 - y0 + 2 * MARGIN

    def place(self, block: Block) -> None:
        """Put a block on the first page with room for it (reshaped to fewer or more columns
        if that makes it fit), or on a new page."""
        for sheet in self.sheets:
            if any(self._try(sheet, shape) for shape in _shapes(block)):
                return
        sheet = _Sheet(Page(self.size, side=self.side), self.region[0], self.region[3], 0.0, [])
        self.sheets.append(sheet)
        if not self._try(sheet, block):
            raise UserError(f"{block.pieces[0].component}: a block of {len(block.pieces)} pieces "
                            f"does not fit on a {self.size[0]:g} x {self.size[1]:g} mm page")

    def _try(self, sheet: _Sheet, block: Block) -> bool:
        x0, y0, x1, _ = self.region
        width, height = block.size()
        gap = BLOCK_GAP if sheet.x > x0 + 1e-6 else 0.0
        if sheet.x + gap + width <= x1 + 1e-6 and sheet.top - height >= y0 - 1e-6:
            self._put(sheet, block, sheet.x + gap, sheet.top)
            return True
        top = sheet.top - sheet.shelf_height - (BLOCK_GAP if sheet.shelf_height else 0.0)
        if x0 + width <= x1 + 1e-6 and top - height >= y0 - 1e-6:
            sheet.x, sheet.top, sheet.shelf_height = x0, top, 0.0
            self._put(sheet, block, x0, top)
            return True
        return False

    @staticmethod
    def _put(sheet: _Sheet, block: Block, left: float, top: float) -> None:
        width, height = block.size()
        first = len(sheet.page.marks)
        _lay_block(sheet.page, block, left, top - height)
        sheet.boxes.append((left, top - height, left + width, top, first, len(sheet.page.marks)))
        sheet.x = left + width
        sheet.shelf_height = max(sheet.shelf_height, height)

    def close(self, lines: bool = False, bounds=None) -> list[Page]:
        """The pages, each with its blocks moved to the middle of the region, their marks kept
        inside `bounds` (x0, y0, x1, y1) if given and made long cut lines if `lines`."""
        pages = []
        for sheet in self.sheets:
            x0, y0, x1, y1 = self.region
            bx0 = min(b[0] for b in sheet.boxes)
            by0 = min(b[1] for b in sheet.boxes)
            bx1 = max(b[2] for b in sheet.boxes)
            by1 = max(b[3] for b in sheet.boxes)
            dx = _half_mm((x0 + x1) / 2 - (bx0 + bx1) / 2)
            dy = y0 - by0 if self.anchor == "bottom" else _half_mm((y0 + y1) / 2 - (by0 + by1) / 2)
            if self.anchor == "right":
                dx = x1 - bx1
            page = _moved(sheet.page, dx, dy)
            blocks = [((b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy), page.marks[b[4]:b[5]])
                      for b in sheet.boxes]
            if bounds is not None:
                blocks = [(zone, [m for m in marks if _inside(m, bounds)])
                          for zone, marks in blocks]
                page.marks = [m for _, marks in blocks for m in marks]
            if lines:
                page.marks = extend_marks(page.size, blocks, bounds)
            pages.append(page)
        self.sheets = []
        return pages


def _half_mm(value: float) -> float:
    """A shift rounded to half millimetres, so that marks stay on round positions."""
    return math.floor(value * 2) / 2


def _shapes(block: Block):
    """The block as it is, then in every other number of rows (fewest rows first), each as
    narrow as that number of rows allows."""
    yield block
    count, seen = len(block.pieces), {block.columns}
    for rows in range(1, count + 1):
        columns = math.ceil(count / rows)
        if columns not in seen:
            seen.add(columns)
            yield Block(block.pieces, columns, block.shared_cuts, block.cut_marks)


def _moved(page: Page, dx: float, dy: float) -> Page:
    """The page with everything on it moved dx, dy mm."""
    moved = Page(page.size, side=page.side, turned=page.turned)
    moved.placements = [Placement(p.piece, p.x + dx, p.y + dy, p.clip, p.face, p.rotation)
                        for p in page.placements]
    moved.marks = [Mark(m.x1 + dx, m.y1 + dy, m.x2 + dx, m.y2 + dy) for m in page.marks]
    moved.decorate = list(page.decorate)
    return moved


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


# --- backs -------------------------------------------------------------------------------------

def back_page(front: Page, options: PrintOptions) -> Page:
    """The page printed behind `front`: each two-sided piece's back where the flip puts it, the
    front's marks mirrored (cuts can start from either face), all moved by the back offset."""
    size, offset = front.size, options.back_offset
    columns = mirrors_columns(size, options.backs)
    back = Page(size, side="back", turned=front.turned)
    for placement in front.placements:
        if placement.piece.back is not None:
            back.placements.append(back_of(placement, size, columns, offset))
    back.marks = [_mirror_mark(m, size, columns, offset) for m in front.marks]
    return back


def back_of(front: Placement, size, columns: bool, offset=(0.0, 0.0)) -> Placement:
    """Where and how a piece's back is drawn so that it lies behind its front once the sheet is
    turned over (mirroring its columns, or its rows), upright when the piece itself is then
    turned over about its own upright axis, as players turn cards. Its bleed is kept on the
    sides that lie behind the front's open sides."""
    w, h = front.piece.trim
    cx, cy = front.x + w / 2, front.y + h / 2
    if columns:
        cx, rotation = size[0] - cx, (-front.rotation) % 360
    else:
        cy, rotation = size[1] - cy, (180 - front.rotation) % 360
    clip = front.clip
    if clip is not None:
        clip = (w - clip[2], clip[1], w - clip[0], clip[3])
    return Placement(front.piece, cx - w / 2 + offset[0], cy - h / 2 + offset[1], clip,
                     face="back", rotation=rotation)


def _mirror_mark(mark: Mark, size, columns: bool, offset) -> Mark:
    dx, dy = offset
    if columns:
        return Mark(size[0] - mark.x1 + dx, mark.y1 + dy, size[0] - mark.x2 + dx, mark.y2 + dy)
    return Mark(mark.x1 + dx, size[1] - mark.y1 + dy, mark.x2 + dx, size[1] - mark.y2 + dy)


def fold_pages(components: list[Component], paper: tuple[float, float],
               lines: bool = False) -> list[Page]:
    """Gutter fold: fronts on one half of the page, each back on the other half, mirrored about
    a dashed fold line across the middle (fronts above a level fold, backs upside down below;
    or fronts left of an upright fold, backs right). The blocks are centred along the fold and
    sit against it. Where the page has room, the fold line stays FOLD_GAP mm from every bleed
    with the crop marks between; where that would cost a row, the bleeds meet at the fold and
    the cuts are marked on the outer sides only."""
    size, clear, upright = _fold_layout(components, paper)
    width, height = size
    fold = width / 2 if upright else height / 2
    if upright:
        region = (MARGIN, MARGIN, fold - clear + MARK_ZONE, height - MARGIN)
        bounds = (MARGIN, MARGIN, fold - 0.25, height - MARGIN)
    else:
        region = (MARGIN, fold + clear - MARK_ZONE, width - MARGIN, height - MARGIN)
        bounds = (MARGIN, fold + 0.25, width - MARGIN, height - MARGIN)
    packer = _Packer(size, region, side="fold", anchor="right" if upright else "bottom")
    for run in _runs(components):
        for block in _blocks(run, packer.region_size):
            packer.place(block)
    pages = packer.close(lines, bounds)
    for page in pages:
        _add_fold_backs(page, fold, upright)
    return pages


def _folds(component: Component, paper: tuple[float, float]) -> bool:
    """Whether a component's pieces fit half a page, to be folded."""
    try:
        _fold_layout([component], paper)
    except UserError:
        return False
    return True


def _inside(mark: Mark, bounds) -> bool:
    x0, y0, x1, y1 = bounds
    return (min(mark.x1, mark.x2) >= x0 - 1e-6 and max(mark.x1, mark.x2) <= x1 + 1e-6
            and min(mark.y1, mark.y2) >= y0 - 1e-6 and max(mark.y1, mark.y2) <= y1 + 1e-6)


def _fold_layout(components: list[Component], paper: tuple[float, float]):
    """The page (portrait or landscape), the room between the fold and the nearest bleed, and
    whether the fold is upright, that put the most of the largest piece in a fold half; the
    wider room, then a level fold, when they tie."""
    largest = max(components, key=lambda c: c.pieces[0].trim[0] * c.pieces[0].trim[1])
    first = largest.pieces[0]
    best, best_count = None, 0
    for clear in (FOLD_GAP, 0.0):
        for upright in (False, True):
            for size in (paper, (paper[1], paper[0])):
                half = ((size[0] / 2 - clear + MARK_ZONE + MARGIN, size[1]) if upright else
                        (size[0], size[1] / 2 - clear + MARK_ZONE + MARGIN))
                grid = grid_on(first.trim, first.bleed, largest.shared_cuts, *half)
                if grid and grid.per_page > best_count:
                    best, best_count = (size, clear, upright), grid.per_page
    if best is None:
        raise UserError(f"{largest.id}: a {first.trim[0]} x {first.trim[1]} mm piece does not fit "
                        f"on half a {paper[0]:g} x {paper[1]:g} mm page; print it with another "
                        f"--backs mode")
    return best


def _add_fold_backs(page: Page, fold: float, upright: bool) -> None:
    """Each front's back mirrored about the fold line, and the marks too: upside down below a
    level fold, side by side beyond an upright one."""
    if upright:
        mirror = (2 * fold, page.size[1])
        page.placements += [back_of(p, mirror, columns=True) for p in page.placements]
        page.marks += [Mark(2 * fold - m.x1, m.y1, 2 * fold - m.x2, m.y2) for m in page.marks]
        page.marks += fold_line(page.size[1], fold, upright=True)
        return
    mirror = (page.size[0], 2 * fold)
    page.placements += [back_of(p, mirror, columns=False) for p in page.placements]
    page.marks += [Mark(m.x1, 2 * fold - m.y1, m.x2, 2 * fold - m.y2) for m in page.marks]
    page.marks += fold_line(page.size[0], fold)


def fold_line(length: float, at: float, upright: bool = False) -> list[Mark]:
    """The dashed fold line across the page (`length` mm long, at x or y = `at`), as marks."""
    on, off = FOLD_DASH
    marks, t = [], MARGIN
    while t < length - MARGIN - 1e-6:
        end = min(t + on, length - MARGIN)
        marks.append(Mark(at, t, at, end) if upright else Mark(t, at, end, at))
        t += on + off
    return marks


# --- cut lines ---------------------------------------------------------------------------------

_SIDES = {"left": (0, -1), "right": (0, 1), "down": (1, -1), "up": (1, 1)}
# each side of a block: the axis its cut lines run along (0: x, 1: y) and which way


def extend_marks(size: tuple[float, float], blocks, bounds=None) -> list[Mark]:
    """Crop marks lengthened into cut lines. `blocks` holds each block's mark zone (its bleed
    plus MARK_ZONE: x0, y0, x1, y1) with its crop marks. The lines of one side of a block run
    outwards together, across the band that side faces, to the page margin (or `bounds`), and
    stop before anything in that band: another block's mark zone (halfway to it, less
    BLOCK_GAP / 2, so that two facing blocks' lines end BLOCK_GAP apart; a narrow gap leaves
    the crop marks as they are) or the lines an earlier block already runs there (LINE_GAP
    before them). So one block's lines never run beside, between or across another's."""
    x0, y0, x1, y1 = bounds or (MARGIN, MARGIN, size[0] - MARGIN, size[1] - MARGIN)
    limits = {"left": x0, "right": x1, "down": y0, "up": y1}
    zones = [zone for zone, _ in blocks]
    runs: list[tuple[int, tuple]] = []          # (block index, rectangle its lines cover)
    out = []
    for index, (zone, marks) in enumerate(blocks):
        others = [z for k, z in enumerate(zones) if k != index]
        taken = [rect for k, rect in runs if k != index]
        ends = {}
        for side in [s for s in _SIDES if any(_side(mark) == s for mark in marks)]:
            ends[side] = _side_end(zone, side, limits[side], others, taken)
            run = _run_rect(zone, side, ends[side])
            if run[2] - run[0] > 1e-6 and run[3] - run[1] > 1e-6:
                runs.append((index, run))
        out += [_extended(mark, ends[_side(mark)]) for mark in marks]
    return out


def _side(mark: Mark) -> str:
    """Which way a crop mark points away from its block."""
    if mark.y1 == mark.y2:
        return "right" if mark.x2 > mark.x1 else "left"
    return "up" if mark.y2 > mark.y1 else "down"


def _side_end(zone, side: str, limit: float, others, taken) -> float:
    """Where the lines of one side of a zone end (an x for left and right, a y for up and
    down): at `limit`, or before the first zone (`others`) or run of lines (`taken`) ahead
    in the band the side faces."""
    axis, forward = _SIDES[side]
    cross = 1 - axis
    edge = zone[axis + 2] if forward > 0 else zone[axis]
    end = limit
    obstacles = [(rect, True) for rect in others] + [(rect, False) for rect in taken]
    for rect, is_zone in obstacles:
        if rect[cross] >= zone[cross + 2] - 1e-6 or rect[cross + 2] <= zone[cross] + 1e-6:
            continue                                    # outside the band
        near, far = (rect[axis], rect[axis + 2])[::forward]
        if (far - edge) * forward <= 1e-6:
            continue                                    # behind the side
        stop = ((edge + near) / 2 - forward * BLOCK_GAP / 2 if is_zone
                else near - forward * LINE_GAP)
        end = min(end, stop) if forward > 0 else max(end, stop)
    return max(end, edge) if forward > 0 else min(end, edge)


def _run_rect(zone, side: str, end: float) -> tuple[float, float, float, float]:
    """The part of the page one side's lines cover beyond the zone (flat if none)."""
    zx0, zy0, zx1, zy1 = zone
    return {"left": (end, zy0, zx0, zy1), "right": (zx1, zy0, end, zy1),
            "down": (zx0, end, zx1, zy0), "up": (zx0, zy1, zx1, end)}[side]


def _extended(mark: Mark, end: float) -> Mark:
    """A crop mark run on to `end` (never shorter than it was)."""
    side = _side(mark)
    axis, forward = _SIDES[side]
    tip = (mark.x2, mark.y2)[axis]
    end = max(end, tip) if forward > 0 else min(end, tip)
    return Mark(mark.x1, mark.y1, end, mark.y2) if axis == 0 else \
        Mark(mark.x1, mark.y1, mark.x2, end)


# --- boards ----------------------------------------------------------------------------------

def fits_one_page(piece: Piece, paper: tuple[float, float]) -> bool:
    """Whether a board, with its bleed and crop marks, fits one page of this paper (turned to
    suit it) with SINGLE_PAGE_MARGIN to spare: then it needs no tiles."""
    need = sorted(v + 2 * (piece.bleed + MARK_ZONE) + 2 * SINGLE_PAGE_MARGIN for v in piece.trim)
    return need[0] <= min(paper) + 1e-6 and need[1] <= max(paper) + 1e-6


def single_board_page(piece: Piece, paper: tuple[float, float], marks: str = "crop") -> Page:
    """The whole board on one large page (landscape), centred, with marks as asked."""
    width, height = max(paper), min(paper)
    if piece.trim[0] < piece.trim[1]:
        width, height = height, width
    page = Page((width, height))
    x = (width - piece.trim[0]) / 2
    y = (height - piece.trim[1]) / 2
    page.placements.append(Placement(piece, x, y, _clip(piece, (True,) * 4)))
    if marks != "none":
        page.marks.extend(_crop_marks(Block((piece,), 1, False), x, y))
    if marks == "lines":
        out = piece.bleed + MARK_ZONE
        zone = (x - out, y - out, x + piece.trim[0] + out, y + piece.trim[1] + out)
        page.marks = extend_marks(page.size, [(zone, page.marks)])
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
