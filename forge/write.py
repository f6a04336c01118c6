"""Write pages to a PDF file: the only stage that creates PDF documents.

Output is reproducible (reportlab's invariant mode: fixed dates and ids), vector, compressed,
with every font a TrueType subset, document metadata, one bookmark per component, and trim and
bleed boxes on pages that hold a single piece.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from forge.fonts import SANS, register_fonts
from forge.layout import MARK_WIDTH
from forge.model import MM, Page, Piece, Placement


@dataclass(frozen=True)
class DocInfo:
    """Metadata written into a PDF."""

    title: str
    subject: str
    author: str
    keywords: str
    lang: str


def write_pdf(path: Path, pages: list[Page], info: DocInfo,
              outline: list[tuple[int, str, int]] = ()) -> None:
    """Draw `pages` into a new PDF at `path`; outline: (page index, title, level) bookmarks."""
    register_fonts()
    canvas = Canvas(str(path), pagesize=_points(pages[0].size), invariant=1, pageCompression=1,
                    lang=info.lang, initialFontName=SANS)   # else an unembedded Helvetica
    canvas.setTitle(info.title)
    canvas.setSubject(info.subject)
    canvas.setAuthor(info.author)
    canvas.setKeywords(info.keywords)
    canvas.setCreator("forge")
    canvas.setProducer("forge (reportlab)")
    forms = _Forms(canvas, pages)
    for number, page in enumerate(pages):
        forms.define_for(page)
        canvas.setPageSize(_points(page.size))
        _set_boxes(canvas, page)
        for index, (at, title, level) in enumerate(outline):
            if at == number:
                key = f"b{index}"
                canvas.bookmarkPage(key)
                canvas.addOutlineEntry(title, key, level=level)
        _draw_page(canvas, page, forms)
        canvas.showPage()
    canvas.showOutline()
    canvas.save()


def _points(size: tuple[float, float]) -> tuple[float, float]:
    return size[0] * MM, size[1] * MM


def _set_boxes(canvas: Canvas, page: Page) -> None:
    """Trim and bleed boxes for a page holding exactly one piece; none otherwise."""
    if len(page.placements) != 1:
        canvas.setTrimBox(None)
        canvas.setBleedBox(None)
        return
    placement = page.placements[0]
    piece = placement.piece
    x0, y0 = placement.x, placement.y
    trim = (x0, y0, x0 + piece.trim[0], y0 + piece.trim[1])
    b = piece.bleed
    bleed = (trim[0] - b, trim[1] - b, trim[2] + b, trim[3] + b)
    if placement.clip is not None:
        clip = (x0 + placement.clip[0], y0 + placement.clip[1],
                x0 + placement.clip[2], y0 + placement.clip[3])
        if (clip[2] - clip[0]) < piece.trim[0] - 0.01 or (clip[3] - clip[1]) < piece.trim[1] - 0.01:
            canvas.setTrimBox(None)     # a board tile shows part of a piece: no single trim
            canvas.setBleedBox(None)
            return
    canvas.setTrimBox(tuple(v * MM for v in trim))
    canvas.setBleedBox(tuple(v * MM for v in bleed))


class _Forms:
    """Art drawn more than once in a document (board tiles, identical counters) is drawn once,
    as a PDF form XObject, and placed by reference: smaller files, faster builds."""

    def __init__(self, canvas: Canvas, pages: list[Page]):
        self.canvas = canvas
        self.uses = Counter(id(p.piece.draw) for page in pages for p in page.placements)
        self.names: dict[int, str] = {}

    def define_for(self, page: Page) -> None:
        """Define (between pages) the forms this page needs that do not exist yet."""
        for placement in page.placements:
            key = id(placement.piece.draw)
            if self.uses[key] > 1 and key not in self.names:
                self.names[key] = self._define(placement.piece, f"piece{len(self.names)}")

    def _define(self, piece: Piece, name: str) -> str:
        b = piece.bleed
        width, height = (piece.trim[0] + 2 * b) * MM, (piece.trim[1] + 2 * b) * MM
        self.canvas.beginForm(name, lowerx=0, lowery=0, upperx=width, uppery=height)
        self.canvas.saveState()
        self.canvas.scale(MM, MM)
        self.canvas.translate(b, b)
        piece.draw(self.canvas)
        self.canvas.restoreState()
        self.canvas.endForm()
        return name

    def name_of(self, piece: Piece) -> str | None:
        """The form holding this piece's art, if it has one."""
        return self.names.get(id(piece.draw))


def _draw_page(canvas: Canvas, page: Page, forms: _Forms) -> None:
    for placement in page.placements:
        _draw_placement(canvas, placement, forms.name_of(placement.piece))
    _draw_marks(canvas, page)
    for decorate in page.decorate:
        canvas.saveState()
        canvas.scale(MM, MM)
        decorate(canvas)
        canvas.restoreState()


def _draw_placement(canvas: Canvas, placement: Placement, form: str | None) -> None:
    canvas.saveState()
    canvas.translate(placement.x * MM, placement.y * MM)
    canvas.scale(MM, MM)
    if placement.clip is not None:
        x0, y0, x1, y1 = placement.clip
        path = canvas.beginPath()
        path.rect(x0, y0, x1 - x0, y1 - y0)
        canvas.clipPath(path, stroke=0, fill=0)
    if form is None:
        placement.piece.draw(canvas)
    else:
        b = placement.piece.bleed
        canvas.translate(-b, -b)
        canvas.scale(1 / MM, 1 / MM)
        canvas.doForm(form)
    canvas.restoreState()


def _draw_marks(canvas: Canvas, page: Page) -> None:
    if not page.marks:
        return
    canvas.saveState()
    canvas.scale(MM, MM)
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(MARK_WIDTH)
    canvas.setLineCap(0)
    for mark in page.marks:
        canvas.line(mark.x1, mark.y1, mark.x2, mark.y2)
    canvas.restoreState()
