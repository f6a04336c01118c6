"""Write pages to a PDF file: the only stage that creates PDF documents.

Output is reproducible (reportlab's invariant mode: fixed dates and ids), vector, compressed,
with every font a TrueType subset, document metadata, one bookmark per component, and trim and
bleed boxes on pages that hold a single piece.

The date the PDFs carry is 2000-01-01, or SOURCE_DATE_EPOCH when it is set (the convention of
reproducible builds: reportlab reads it from the environment as each document is made).
`source_date` checks it first, so a value reportlab cannot read is a clear error, and the kit
stage puts the same value in a kit's inputs: a kit built under another date is rebuilt.
"""
from __future__ import annotations

import os
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from forge import pictures
from forge.errors import UserError
from forge.i18n import messages_translator
from forge.layout import MARK_WIDTH
from forge.model import MM, Page, Placement
from forge.piece_cache import KEY_PREFIX, PieceCache, canvas_settings

_ = messages_translator()._

LAST_SOURCE_DATE = 253402300799     # 9999-12-31 23:59:59 UTC: the last date a PDF can carry


def source_date() -> int | None:
    """The date set by SOURCE_DATE_EPOCH (seconds since 1970, UTC), None when it is not set."""
    text = os.environ.get("SOURCE_DATE_EPOCH", "").strip()     # as reportlab reads it
    if not text:
        return None
    if not re.fullmatch(r"[0-9]{1,12}", text) or int(text) > LAST_SOURCE_DATE:
        raise UserError(_("SOURCE_DATE_EPOCH must be a whole number of seconds since "
                          "1970-01-01 UTC, up to {last}, not '{value}'").format(
                              last=LAST_SOURCE_DATE, value=text[:40]))
    return int(text)


@dataclass(frozen=True)
class DocInfo:
    """Metadata written into a PDF."""

    title: str
    subject: str
    author: str
    keywords: str
    lang: str


def write_pdf(path: Path, pages: list[Page], info: DocInfo,
              outline: list[tuple[int, str, int]] = (), cache: PieceCache | None = None) -> None:
    """Draw `pages` into a new PDF at `path`; outline: (page index, title, level) bookmarks.

    With a `cache`, faces of pieces that carry a cache key (`piece.key`, a string set by the kit
    stage) are replayed from it when known and recorded into it when not: the file is the same
    byte for byte either way (forge/piece_cache.py).
    """
    source_date()                       # a SOURCE_DATE_EPOCH reportlab cannot read is refused
    canvas = Canvas(str(path), pagesize=_points(pages[0].size), lang=info.lang,
                    **canvas_settings())    # the settings recorded faces are checked under
    canvas.setTitle(info.title)
    canvas.setSubject(info.subject)
    canvas.setAuthor(info.author)
    canvas.setKeywords(info.keywords)
    canvas.setCreator("forge")
    canvas.setProducer("forge (reportlab)")
    forms = _Forms(canvas, pages, cache)
    for number, page in enumerate(pages):
        _define_pictures(canvas, page)
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


def _define_pictures(canvas: Canvas, page: Page) -> None:
    """Define the forms of the art files the page's pieces place (forge.pictures), once each."""
    for placement in page.placements:
        for picture in placement.piece.pictures:
            pictures.define(canvas, picture)


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
    b = piece.bleed
    if placement.clip is not None:
        x0, y0, x1, y1 = placement.clip
        if (x1 - x0) < piece.trim[0] - 0.01 or (y1 - y0) < piece.trim[1] - 0.01:
            canvas.setTrimBox(None)     # a board tile shows part of a piece: no single trim
            canvas.setBleedBox(None)
            return
    trim = placement.on_page((0.0, 0.0, piece.trim[0], piece.trim[1]))
    bleed = placement.on_page((-b, -b, piece.trim[0] + b, piece.trim[1] + b))
    canvas.setTrimBox(tuple(v * MM for v in trim))
    canvas.setBleedBox(tuple(v * MM for v in bleed))


class _Forms:
    """Art drawn more than once in a document (board tiles, identical counters, card backs) is
    drawn once, as a PDF form XObject, and placed by reference: smaller files, faster builds."""

    def __init__(self, canvas: Canvas, pages: list[Page], cache: PieceCache | None = None):
        self.canvas = canvas
        self.cache = cache
        self.uses = Counter(id(face_of(p)) for page in pages for p in page.placements)
        self.names: dict[int, str] = {}

    def define_for(self, page: Page) -> None:
        """Define (between pages) the forms this page needs that do not exist yet."""
        for placement in page.placements:
            key = id(face_of(placement))
            if self.uses[key] > 1 and key not in self.names:
                self.names[key] = self._define(placement, f"piece{len(self.names)}")

    def _define(self, placement: Placement, name: str) -> str:
        piece = placement.piece
        b = piece.bleed
        width, height = (piece.trim[0] + 2 * b) * MM, (piece.trim[1] + 2 * b) * MM
        self.canvas.beginForm(name, lowerx=0, lowery=0, upperx=width, uppery=height)
        self.canvas.saveState()
        self.canvas.scale(MM, MM)
        self.canvas.translate(b, b)
        draw_face(self.canvas, placement, self.cache)
        self.canvas.restoreState()
        self.canvas.endForm()
        return name

    def name_of(self, placement: Placement) -> str | None:
        """The form holding this placement's art, if it has one."""
        return self.names.get(id(face_of(placement)))


def face_of(placement: Placement):
    """The draw function of the face a placement shows."""
    piece = placement.piece
    if placement.face == "back":
        if piece.back is None:
            raise ValueError(f"{piece.component}: a back was placed for a piece without one")
        return piece.back
    return piece.draw


def face_key(placement: Placement) -> str | None:
    """The cache key of the face a placement shows; None when its piece has no final key."""
    key = placement.piece.key
    if not (isinstance(key, str) and key.startswith(KEY_PREFIX)):
        return None     # no key, or a maker's own description not yet hashed by the kit stage
    return f"{key}:{placement.face}"


def draw_face(canvas: Canvas, placement: Placement, cache: PieceCache | None = None) -> None:
    """Draw the face a placement shows, on a canvas set up in piece millimetres."""
    if cache is None:
        face_of(placement)(canvas)
    else:
        cache.draw(canvas, face_key(placement), face_of(placement), placement.piece.pictures)


def _draw_page(canvas: Canvas, page: Page, forms: _Forms) -> None:
    for placement in page.placements:
        _draw_placement(canvas, placement, forms.name_of(placement), forms.cache)
    _draw_marks(canvas, page)
    for decorate in page.decorate:
        canvas.saveState()
        canvas.scale(MM, MM)
        decorate(canvas)
        canvas.restoreState()


def _draw_placement(canvas: Canvas, placement: Placement, form: str | None,
                    cache: PieceCache | None = None) -> None:
    canvas.saveState()
    canvas.translate(placement.x * MM, placement.y * MM)
    canvas.scale(MM, MM)
    if placement.rotation:
        w, h = placement.piece.trim
        canvas.translate(w / 2, h / 2)
        canvas.rotate(placement.rotation)
        canvas.translate(-w / 2, -h / 2)
    if placement.clip is not None:
        x0, y0, x1, y1 = placement.clip
        path = canvas.beginPath()
        path.rect(x0, y0, x1 - x0, y1 - y0)
        canvas.clipPath(path, stroke=0, fill=0)
    if form is None:
        draw_face(canvas, placement, cache)
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
