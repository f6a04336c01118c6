"""Measure PDFs as a printer would see them: the cut marks drawn on a page, and the page as pixels.

Only the output is read (pypdf for the content stream, pypdfium2 for pixels), never forge's own
page plans, so the tests built on these helpers check what a user prints.
"""
from __future__ import annotations

import math
from pathlib import Path

from pypdf import PdfReader

MM = 72 / 25.4
MARK_WIDTH_MM = 0.2


def _multiply(m, n):
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)


def _apply(m, x, y):
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def stroked_lines(pdf: Path | PdfReader, page_index: int, width_mm: float = MARK_WIDTH_MM,
                  tolerance: float = 0.005) -> list[tuple[float, float, float, float]]:
    """Straight segments stroked on the page itself (not inside forms) with this line width,
    in page millimetres: (x1, y1, x2, y2). Cut marks are 0.2 mm wide; art uses other widths."""
    reader = pdf if isinstance(pdf, PdfReader) else PdfReader(str(pdf))
    page = reader.pages[page_index]
    ops = page.get_contents().operations
    ctm, stack = (1, 0, 0, 1, 0, 0), []
    width_user = 1.0
    path: list[tuple[float, float]] = []
    segments: list[list[tuple[float, float]]] = []
    out = []
    for operands, op in ops:
        op = op.decode() if isinstance(op, bytes) else op
        if op == "q":
            stack.append((ctm, width_user))
        elif op == "Q":
            ctm, width_user = stack.pop()
        elif op == "cm":
            ctm = _multiply(tuple(float(v) for v in operands), ctm)
        elif op == "w":
            width_user = float(operands[0])
        elif op == "m":
            path = [_apply(ctm, float(operands[0]), float(operands[1]))]
            segments.append(path)
        elif op == "l" and path:
            path.append(_apply(ctm, float(operands[0]), float(operands[1])))
        elif op in ("S", "s"):
            scale = (abs(ctm[0]) + abs(ctm[3])) / 2 or (abs(ctm[1]) + abs(ctm[2])) / 2
            if abs(width_user * scale / MM - width_mm) <= tolerance:
                for points in segments:
                    for (x1, y1), (x2, y2) in zip(points, points[1:]):
                        out.append((x1 / MM, y1 / MM, x2 / MM, y2 / MM))
            segments, path = [], []
        elif op in ("n", "f", "F", "f*", "B", "B*", "b", "b*", "W", "W*"):
            if op not in ("W", "W*"):
                segments, path = [], []
    return out


def page_size_mm(pdf: Path | PdfReader, page_index: int) -> tuple[float, float]:
    reader = pdf if isinstance(pdf, PdfReader) else PdfReader(str(pdf))
    box = reader.pages[page_index].mediabox
    return float(box.width) / MM, float(box.height) / MM


def render(pdf: Path, page_index: int, dpi: int = 100):
    """One page as a PIL RGB image."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        return document[page_index].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()


def colour_box(image, colour: tuple[int, int, int], dpi: int, tolerance: int = 6):
    """The bounding box (mm, PDF orientation: y up) of the pixels of one colour, or None."""
    from PIL import ImageChops

    bands = image.split()
    mask = None
    for band, value in zip(bands, colour):
        lo, hi = value - tolerance, value + tolerance
        band_mask = band.point(lambda v, lo=lo, hi=hi: 255 if lo <= v <= hi else 0)
        mask = band_mask if mask is None else ImageChops.multiply(mask, band_mask)
    box = mask.getbbox()
    if box is None:
        return None
    x0, y0, x1, y1 = box
    per_mm = dpi / 25.4
    page_h = image.size[1] / per_mm
    return (x0 / per_mm, page_h - y1 / per_mm, x1 / per_mm, page_h - y0 / per_mm)


def text_sizes(pdf):
    """Every text run on every page, as (page index, size in points, text)."""
    found = []
    for index, page in enumerate(PdfReader(str(pdf)).pages):
        def visit(text, cm, tm, font, size, index=index):
            if text.strip():
                m = _multiply(tm, cm)
                found.append((index, size * math.hypot(m[2], m[3]), text.strip()))
        page.extract_text(visitor_text=visit)
    return found
