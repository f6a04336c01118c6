"""Write pages to a PDF file: the only stage that creates PDF documents.

Output is reproducible (reportlab's invariant mode: fixed dates and ids), vector, compressed,
with every font a TrueType subset, document metadata, one bookmark per component, and trim and
bleed boxes on pages that hold a single piece.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from forge.fonts import SANS, register_fonts
from forge.layout import MARK_WIDTH
from forge.model import MM, Page, Placement


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
    for number, page in enumerate(pages):
        canvas.setPageSize(_points(page.size))
        _set_boxes(canvas, page)
        for index, (at, title, level) in enumerate(outline):
            if at == number:
                key = f"b{index}"
                canvas.bookmarkPage(key)
                canvas.addOutlineEntry(title, key, level=level)
        _draw_page(canvas, page)
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


def _draw_page(canvas: Canvas, page: Page) -> None:
    for placement in page.placements:
        _draw_placement(canvas, placement)
    _draw_marks(canvas, page)
    for decorate in page.decorate:
        canvas.saveState()
        canvas.scale(MM, MM)
        decorate(canvas)
        canvas.restoreState()


def _draw_placement(canvas: Canvas, placement: Placement) -> None:
    canvas.saveState()
    canvas.translate(placement.x * MM, placement.y * MM)
    canvas.scale(MM, MM)
    if placement.clip is not None:
        x0, y0, x1, y1 = placement.clip
        path = canvas.beginPath()
        path.rect(x0, y0, x1 - x0, y1 - y0)
        canvas.clipPath(path, stroke=0, fill=0)
    placement.piece.draw(canvas)
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
