"""The duplex calibration sheet: how far a printer puts the back of a sheet from its front.

The front page holds a grid of cells, one per back offset from -3 to +3 mm in 0.5 mm steps on both
axes (13 x 13), each with a blue ring and its label "X, Y". The back page holds, for the cell
labelled (X, Y), a red cross drawn where forge would draw the point behind the ring's centre if the
kit were built with back offset (X, Y) (`forge.duplex.back_point`). Held against the light, the
cell whose cross sits centred in its ring names the offset that makes this printer's backs land
behind their fronts.

`forge calibrate` writes the sheet as a PDF of its own; every kit carries the same sheet as its
duplex test page (forge/render/duplextest.py), drawn by the same `draw_front` and `draw_back`.

Units: millimetres, page coordinates with the origin at the page's bottom-left corner.
"""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color

from forge.duplex import FLIPS, back_point
from forge.fonts import SANS, SANS_BOLD, SANS_ITALIC, text_width
from forge.layout import PAPERS
from forge.model import Page, pt
from forge.write import DocInfo

STEP = 0.5                      # mm between neighbouring cells' offsets
REACH = 3.0                     # mm: the largest offset the sheet measures, either way
OFFSETS = tuple(-REACH + STEP * i for i in range(round(2 * REACH / STEP) + 1))
CELL_W = 12.0                   # a cell is wider than the label "-2.5, -2.5"
CELL_H = 13.5                   # room for the front label, the cross's travel and the back label
RING_Y = 7.0                    # centre of the ring above the cell's bottom edge
RING_R = 1.0                    # radius of the ring
ARM = 1.6                       # half length of the cross's arms: 0.6 mm out of a centred ring
FRONT_LABEL_Y = 1.2             # baseline of the front label above the cell's bottom edge
BACK_LABEL_Y = 11.8             # where the back label shows through, above the cell's bottom
LINE = 0.18                     # mm: every line on the sheet
LABEL_SIZE = pt(6)
TEXT_SIZE = pt(8)
TITLE_SIZE = pt(13)
LEADING = 1.3                   # line spacing, times the font size
MARGIN = 10.0
HEADER = 6.0                    # room left of and above the grid for the axis values
RULER = 50.0                    # mm
RULER_DROP = 6.5                # mm from the heading's last baseline down to the ruler's
RING_COLOUR = (0.0, 0.3, 0.85)  # blue: the front's targets
CROSS_COLOUR = (0.8, 0.0, 0.0)  # red: the back's marks
TEXT_COLOUR = (0.0, 0.0, 0.0)
LABEL_COLOUR = (0.3, 0.3, 0.3)
CAP = 0.73                      # cap height of the sans font, times its size


@dataclass(frozen=True)
class Cell:
    """One cell of the grid: the back offset it tests and where it sits on the front page."""

    offset: tuple[float, float]
    x: float                    # bottom-left corner of the cell on the front page
    y: float

    @property
    def target(self) -> tuple[float, float]:
        """Centre of the cell's ring on the front page."""
        return self.x + CELL_W / 2, self.y + RING_Y

    @property
    def label(self) -> str:
        """'X, Y', as the user types it after --save (without the space)."""
        return offset_label(self.offset)


def offset_label(offset: tuple[float, float]) -> str:
    """(0.5, -1.0) -> '0.5, -1'."""
    return ", ".join(f"{v + 0.0:g}" for v in offset)


def grid_cells(size: tuple[float, float]) -> list[Cell]:
    """The cells of the grid on a page of this size: X grows to the right, Y upwards."""
    x0, y0 = _grid_origin(size)
    return [Cell((ox, oy), x0 + i * CELL_W, y0 + j * CELL_H)
            for j, oy in enumerate(OFFSETS) for i, ox in enumerate(OFFSETS)]


def _grid_size() -> tuple[float, float]:
    return len(OFFSETS) * CELL_W, len(OFFSETS) * CELL_H


def _grid_origin(size: tuple[float, float]) -> tuple[float, float]:
    # centred, so that turning the sheet over leaves the grid where it was, whatever the edge
    width, height = _grid_size()
    return (size[0] - width) / 2, (size[1] - height) / 2


def calibration_pages(paper_size: tuple[float, float], backs: str, tr) -> list[Page]:
    """The front and the back page of the calibration sheet, texts translated with `tr`."""
    if backs not in FLIPS:
        raise ValueError(f"'{backs}' does not print backs on the other side of the sheet")
    size = (min(paper_size), max(paper_size))            # always portrait
    texts = Texts(tr, size, backs)
    front = Page(size, decorate=[lambda c: draw_front(c, size, texts)], side="front")
    back = Page(size, decorate=[lambda c: draw_back(c, size, backs, texts)], side="back")
    return [front, back]


def calibration_info(paper: str, backs: str, tr) -> DocInfo:
    """Metadata of the calibration PDF."""
    title = tr._("Duplex calibration sheet")
    return DocInfo(title, f"{title} ({paper}, {backs})", "forge",
                   f"forge calibration {paper} {backs}", tr.lang)


# --- texts -------------------------------------------------------------------------------------

class Texts:
    """Every sentence of the sheet, translated once: the sheet `forge calibrate` writes, or with
    `kit=True` the duplex test page of a kit, which names --back-offset instead of --save and
    says what a player with only the PDF does. `colour=False` (a grayscale kit, whose rings and
    crosses print gray) names the marks by their shapes alone."""

    def __init__(self, tr, size: tuple[float, float], backs: str, kit: bool = False,
                 colour: bool = True):
        _ = tr._
        if kit:
            self.front_title = _("Duplex test: front")
            self.back_title = _("Duplex test: back")
        else:
            self.front_title = _("Duplex calibration: front (page 1 of 2)")
            self.back_title = _("Duplex calibration: back (page 2 of 2)")
        self.about = _("forge, paper {paper}, {flip}").format(
            paper=_paper_name(size), flip=flip_words(backs, tr))
        self.scale = _("Print at 100 % (actual size), never 'fit to page': "
                       "the ruler must measure exactly 50 mm.")
        self.edge = (self._kit_edge(_, backs) if kit else {
            "duplex-long": _("Print both pages on one sheet, two-sided, "
                             "flipped on the LONG edge (long-edge binding)."),
            "duplex-short": _("Print both pages on one sheet, two-sided, "
                              "flipped on the SHORT edge (short-edge binding)."),
            "fronts-then-backs": _("Print page 1 only. Put the sheet back in the tray turned "
                                   "over its long edge, then print page 2 on its blank side."),
        }[backs])
        self.back_edge = (_("This page is the back of the page before it: print the two on one "
                            "sheet.") if kit else self.edge)
        self.steps = [
            _("1. Hold the printed sheet against a window or a lamp, blue rings facing you.")
            if colour else
            _("1. Hold the printed sheet against a window or a lamp, rings facing you."),
            _("2. The red crosses of the back show through. Find the ring with a cross exactly "
              "in its middle: the four arms stick out of the ring by the same length.")
            if colour else
            _("2. The crosses of the back show through. Find the ring with a cross exactly "
              "in its middle: the four arms stick out of the ring by the same length."),
        ] + (self._kit_steps(_) if kit else [
            _("3. That cell's two numbers are X and Y. Run: forge calibrate --save X,Y "
              "--profile NAME (for example: forge calibrate --save 0.5,-1 --profile home)."),
            _("4. Build kits with --profile NAME: their backs will land behind their fronts. "
              "If no cross is exactly centred, choose the closest one."),
        ])
        self.ruler = _("{length} mm").format(length=f"{RULER:g}")
        self.axis_x = _("X (mm)")
        self.axis_y = _("Y (mm)")
        self.front_note = (_("Each cell: a blue ring and its two numbers, X and Y, in mm.")
                           if colour else
                           _("Each cell: a ring and its two numbers, X and Y, in mm."))
        self.back_note = _("Seen from this side, the grid is mirrored: "
                           "the numbers name the cell on the front.")

    @staticmethod
    def _kit_edge(_, backs: str) -> str:
        return {
            "duplex-long": _("Print this page and the next one first, on one sheet, two-sided, "
                             "flipped on the LONG edge, before the rest of the kit."),
            "duplex-short": _("Print this page and the next one first, on one sheet, two-sided, "
                              "flipped on the SHORT edge, before the rest of the kit."),
            "fronts-then-backs": _("Print this page first. Put the sheet back in the tray turned "
                                   "over its long edge, then print the page titled "
                                   "'Duplex test: back' on its blank side."),
        }[backs]

    @staticmethod
    def _kit_steps(_) -> list[str]:
        return [
            _("3. That cell's two numbers are X and Y, in mm: how far this printer's backs "
              "drift. If it is the cell 0, 0, print the kit as it is."),
            _("4. Only have this PDF? Give the two numbers to whoever built the kit, or, if your "
              "printer's settings can shift the back side, shift it X mm right and Y mm up. If "
              "the backs drift by more than 1 mm and nothing can be set, ask for the kit with a "
              "wider margin around the cards (--bleed 6) or with fronts, then backs."),
            _("5. With forge: build the kit again with --back-offset X,Y (for example "
              "--back-offset 0.5,-1), or save it once with forge calibrate --save X,Y "
              "--profile NAME and build with --profile NAME. If no cross is exactly centred, "
              "choose the closest one."),
        ]


def flip_words(backs: str, tr) -> str:
    """How the sheet is printed, in words: 'flip on the long edge'."""
    _ = tr._
    return {
        "duplex-long": _("flip on the long edge"),
        "duplex-short": _("flip on the short edge"),
        "fronts-then-backs": _("fronts, then backs"),
    }[backs]


def _paper_name(size: tuple[float, float]) -> str:
    for name, paper in PAPERS.items():
        if abs(paper[0] - size[0]) < 0.5 and abs(paper[1] - size[1]) < 0.5:
            return name.upper() if name.startswith("a") else name.capitalize()
    return f"{size[0]:g} x {size[1]:g} mm"


# --- drawing -----------------------------------------------------------------------------------

def draw_front(canvas, size: tuple[float, float], texts: Texts) -> None:
    """The front page of the sheet: the blue rings of every cell, labelled, on a portrait page
    of this size (mm, origin at its bottom-left corner)."""
    cells = grid_cells(size)
    _draw_heading(canvas, size, texts.front_title, texts)
    _draw_cell_borders(canvas, size)
    canvas.setLineWidth(LINE)
    canvas.setStrokeColor(Color(*RING_COLOUR))
    for cell in cells:
        x, y = cell.target
        canvas.circle(x, y, RING_R, stroke=1, fill=0)
    canvas.setFillColor(Color(*LABEL_COLOUR))
    canvas.setFont(SANS, LABEL_SIZE)
    for cell in cells:
        canvas.drawCentredString(cell.x + CELL_W / 2, cell.y + FRONT_LABEL_Y, cell.label)
    _draw_axes(canvas, size, texts)
    _draw_footer(canvas, size, texts.front_note, texts)


def draw_back(canvas, size: tuple[float, float], backs: str, texts: Texts) -> None:
    """The back page of the sheet, as the printer prints it: for each cell, a red cross where
    the point behind its ring lands when the back is printed with the cell's offset."""
    cells = grid_cells(size)
    _draw_heading(canvas, size, texts.back_title, texts, back=True)
    _draw_cell_borders(canvas, size)
    canvas.setLineWidth(LINE)
    canvas.setStrokeColor(Color(*CROSS_COLOUR))
    for cell in cells:
        x, y = back_point(size, backs, *cell.target, offset=cell.offset)
        canvas.line(x - ARM, y, x + ARM, y)
        canvas.line(x, y - ARM, x, y + ARM)
    canvas.setFillColor(Color(*LABEL_COLOUR))
    canvas.setFont(SANS, LABEL_SIZE)
    cap = CAP * LABEL_SIZE
    for cell in cells:
        # upright on the back page, behind an empty strip at the top of its front cell
        x, y = back_point(size, backs, cell.x + CELL_W / 2, cell.y + BACK_LABEL_Y + cap / 2)
        canvas.drawCentredString(x, y - cap / 2, cell.label)
    _draw_footer(canvas, size, texts.back_note, texts)


def _draw_heading(canvas, size, title: str, texts: Texts, back: bool = False) -> None:
    width, height = size
    canvas.setFillColor(Color(*TEXT_COLOUR))
    canvas.setFont(SANS_BOLD, TITLE_SIZE)
    y = height - MARGIN - TITLE_SIZE * CAP
    canvas.drawString(MARGIN, y, title)
    canvas.setFont(SANS, TEXT_SIZE)
    canvas.drawRightString(width - MARGIN, y, texts.about)
    y -= TITLE_SIZE * 0.8
    edge = texts.back_edge if back else texts.edge
    for text, font in ((texts.scale, SANS), (edge, SANS_BOLD)):
        for line in wrap(text, font, TEXT_SIZE, width - 2 * MARGIN):
            y -= TEXT_SIZE * LEADING
            canvas.setFont(font, TEXT_SIZE)
            canvas.drawString(MARGIN, y, line)
    _draw_ruler(canvas, MARGIN, y - RULER_DROP, texts.ruler)   # under the words that name it


def _draw_cell_borders(canvas, size) -> None:
    """Faint lines between the cells, so each label plainly belongs to its ring."""
    x0, y0 = _grid_origin(size)
    width, height = _grid_size()
    canvas.setLineWidth(LINE)
    canvas.setStrokeColor(Color(0.75, 0.75, 0.75))
    for i in range(len(OFFSETS) + 1):
        canvas.line(x0 + i * CELL_W, y0, x0 + i * CELL_W, y0 + height)
    for j in range(len(OFFSETS) + 1):
        canvas.line(x0, y0 + j * CELL_H, x0 + width, y0 + j * CELL_H)


def _draw_axes(canvas, size, texts: Texts) -> None:
    """The X values above the columns and the Y values left of the rows."""
    x0, y0 = _grid_origin(size)
    height = _grid_size()[1]
    canvas.setFillColor(Color(*TEXT_COLOUR))
    canvas.setFont(SANS_BOLD, LABEL_SIZE)
    top = y0 + height + 1.5
    for i, value in enumerate(OFFSETS):
        canvas.drawCentredString(x0 + (i + 0.5) * CELL_W, top, f"{value + 0.0:g}")
    for j, value in enumerate(OFFSETS):
        canvas.drawRightString(x0 - 1.0, y0 + j * CELL_H + RING_Y - LABEL_SIZE * CAP / 2,
                               f"{value + 0.0:g}")
    canvas.drawRightString(x0 - 1.0, top, texts.axis_y + " / " + texts.axis_x)


def _draw_footer(canvas, size, note: str, texts: Texts) -> None:
    """A note under the grid, then the steps."""
    width = size[0]
    y0 = _grid_origin(size)[1]
    canvas.setFillColor(Color(*TEXT_COLOUR))
    canvas.setFont(SANS_ITALIC, TEXT_SIZE)
    canvas.drawCentredString(width / 2, y0 - 4.0, note)
    canvas.setFont(SANS, TEXT_SIZE)
    y = y0 - 6.0
    for step in texts.steps:
        for number, line in enumerate(wrap(step, SANS, TEXT_SIZE, width - 2 * MARGIN - 4.0)):
            y -= TEXT_SIZE * LEADING
            canvas.drawString(MARGIN + (4.0 if number else 0.0), y, line)


def _draw_ruler(canvas, x: float, y: float, caption: str) -> None:
    """A 50 mm ruler with millimetre ticks; its baseline at y, its zero at x."""
    canvas.setStrokeColor(Color(*TEXT_COLOUR))
    canvas.setFillColor(Color(*TEXT_COLOUR))
    canvas.setLineWidth(LINE)
    canvas.line(x, y, x + RULER, y)
    canvas.setFont(SANS, LABEL_SIZE)
    for mm in range(int(RULER) + 1):
        tall = 3.0 if mm % 10 == 0 else 2.0 if mm % 5 == 0 else 1.2
        canvas.line(x + mm, y, x + mm, y + tall)
        if mm % 10 == 0:
            canvas.drawCentredString(x + mm, y - 2.6, str(mm))
    canvas.setFont(SANS_BOLD, TEXT_SIZE)
    canvas.drawString(x + RULER + 3.0, y, caption)


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Break text into lines no wider than width."""
    lines, line = [], ""
    for word in text.replace("\n", " ").split(" "):    # a no-break space keeps its words together
        if not word:
            continue
        candidate = f"{line} {word}" if line else word
        if line and text_width(candidate, font, size) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    return lines + ([line] if line else [])
