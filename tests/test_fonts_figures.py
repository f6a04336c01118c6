"""Digits print as lining figures and the sans capital I has serifs, measured on rendered PDFs.

The games' terms are Roman numerals: "1" must not read as "I", "40" as "4o", nor "III" as "lll".
Each character is drawn alone in its own cell of a page with the registered fonts, the page is
rendered, and the ink in each cell is measured against the baseline.
"""
import pypdfium2
import pytest
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from forge import fonts

SIZE = 60               # pt
CELL = 1.5 * SIZE       # wide enough for an italic's overhang
BASELINE = 0.5 * SIZE   # above the page's bottom edge
HEIGHT = 1.5 * SIZE
SCALE = 3               # pixels per pt: 180 pixels to the em
DIGITS = "0123456789"
SAMPLE = "1 40 III"
ALL_FONTS = (fonts.SERIF, fonts.SERIF_ITALIC, fonts.SERIF_BOLD, fonts.SANS, fonts.SANS_BOLD,
             fonts.SANS_ITALIC)
SANS_FONTS = (fonts.SANS, fonts.SANS_BOLD, fonts.SANS_ITALIC)
UPSTREAM = {fonts.SERIF: "EBGaramond12-Regular.ttf", fonts.SERIF_ITALIC: "EBGaramond12-Italic.ttf",
            fonts.SANS: "DejaVuSansCondensed.ttf", fonts.SANS_BOLD: "DejaVuSansCondensed-Bold.ttf",
            fonts.SANS_ITALIC: "DejaVuSansCondensed-Oblique.ttf"}


def glyph_cells(tmp_path, font: str, chars: str) -> dict[str, object]:
    """Each character of `chars` drawn in `font` in its own cell of one page: character -> the
    cell's image (grayscale, its bottom row BASELINE below the baseline)."""
    fonts.register_fonts()
    path = tmp_path / "glyphs.pdf"
    canvas = Canvas(str(path), pagesize=(CELL * len(chars), HEIGHT))
    canvas.setFont(font, SIZE)
    for index, char in enumerate(chars):
        canvas.drawString(index * CELL + 0.25 * SIZE, BASELINE, char)
    canvas.save()
    document = pypdfium2.PdfDocument(str(path))
    try:
        image = document[0].render(scale=SCALE, grayscale=True).to_pil().convert("L")
    finally:
        document.close()
    step = round(CELL * SCALE)
    return {char: image.crop((index * step, 0, (index + 1) * step, image.height))
            for index, char in enumerate(chars)}


def ink(image):
    """The inked part of an image: black where the pixel is darker than mid-grey."""
    return image.point(lambda value: 255 if value < 128 else 0)


def vertical_extent(image) -> tuple[float, float]:
    """The top and bottom of the ink in ems above the baseline (the bottom negative below it)."""
    _left, top, _right, bottom = ink(image).getbbox()
    baseline = image.height - BASELINE * SCALE
    em = SIZE * SCALE
    return (baseline - top) / em, (baseline - bottom) / em


def row_width(image, height: float) -> float:
    """The width of the ink in ems along one pixel row `height` ems above the baseline."""
    y = round(image.height - BASELINE * SCALE - height * SIZE * SCALE)
    box = ink(image.crop((0, y, image.width, y + 1))).getbbox()
    return 0.0 if box is None else (box[2] - box[0]) / (SIZE * SCALE)


@pytest.mark.parametrize("font", ALL_FONTS)
def test_every_digit_is_a_lining_figure(tmp_path, font):
    """Each digit stands on the baseline and reaches the cap height of H: none is an old-style
    figure at x-height ("1" like a small I, "0" like o) or hanging below the line (3 4 5 7 9)."""
    cells = glyph_cells(tmp_path, font, "H" + DIGITS + SAMPLE.replace(" ", ""))
    cap, _ = vertical_extent(cells["H"])
    for digit in DIGITS:
        top, bottom = vertical_extent(cells[digit])
        assert 0.9 * cap <= top <= 1.1 * cap, (font, digit, top, cap)
        assert bottom > -0.1 * cap, (font, digit, bottom, cap)


@pytest.mark.parametrize("font", SANS_FONTS)
def test_the_sans_capital_i_has_serifs(tmp_path, font):
    """I is an I-beam: its top and bottom rows of ink are much wider than its stem, and it is
    wider in ink than l, which stays a bare bar."""
    cells = glyph_cells(tmp_path, font, "Il")
    top, _ = vertical_extent(cells["I"])
    stem = row_width(cells["I"], top / 2)
    assert row_width(cells["I"], 0.03 * top) > 1.4 * stem, font
    assert row_width(cells["I"], 0.97 * top) > 1.4 * stem, font
    letter_l = cells["l"]
    assert row_width(letter_l, 0.03 * top) < 1.1 * row_width(letter_l, top / 2), font
    left, _, right, _ = ink(cells["I"]).getbbox()
    left_l, _, right_l, _ = ink(letter_l).getbbox()
    assert right - left > 1.4 * (right_l - left_l), font


@pytest.mark.parametrize("font", sorted(UPSTREAM))
def test_coverage_and_widths_are_the_upstream_fonts(font):
    """The derived fonts draw every character the upstream ones draw with the same glyphs, at
    the same advance widths, except the serif's digits: its lining figures, with their widths."""
    fonts.register_fonts()
    upstream = TTFont("upstream-" + font, str(fonts.FONT_DIR / UPSTREAM[font])).face
    derived = TTFont("derived-" + font, str(fonts.font_path(font))).face
    assert set(derived.charToGlyph) == set(upstream.charToGlyph)
    redirected = {chr(code) for code, glyph in upstream.charToGlyph.items()
                  if derived.charToGlyph[code] != glyph}
    resized = {chr(code) for code in upstream.charToGlyph
               if derived.charWidths[code] != upstream.charWidths[code]}
    digits = set(DIGITS) if font in (fonts.SERIF, fonts.SERIF_ITALIC) else set()
    assert redirected == digits and resized <= digits
