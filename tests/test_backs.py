"""Backs, marks and trims measured on the printed output.

A synthetic deck of cards and sheet of counters, each piece in its own colour (and its back in
another), is imposed and written with forge's own stages; the tests then read only the PDF: the
0.2 mm cut marks from the content stream and the colours from the rendered pixels. They check that
every trim measures its declared size within 0.1 mm, that each back lands behind its front for
every backs mode and offset once the sheet is turned over, that marks stay outside every bleed on
both faces, and that gutter-fold pairs mirror about a fold line 5 mm or more from any bleed.
"""
from __future__ import annotations

import itertools

import pytest
from reportlab.lib.colors import Color

from forge.impose import impose_components
from forge.layout import PAPERS
from forge.model import Component, Piece
from forge.printing import PrintOptions
from forge.write import DocInfo, write_pdf
from pdfgeom import colour_box, render, stroked_lines

DPI = 150
PIXEL = 25.4 / DPI
CARD = (63.5, 88.9)
COUNTER = (16.0, 16.0)
BLEED = 3.0
INFO = DocInfo("test", "test", "forge tests", "test", "en")


def palette(count: int, offset: int) -> list[tuple[int, int, int]]:
    """Distinct saturated colours, far from white, black and grey."""
    steps = [30, 80, 130, 180, 230]
    colours = [c for c in itertools.product(steps, steps, steps) if max(c) - min(c) >= 100]
    return colours[offset:offset + count]


def fill(colour, marker=None):
    """A face: the colour over trim and bleed, and a small marker square near its top-left corner."""
    def draw(c, trim, bleed):
        c.setFillColor(Color(*(v / 255 for v in colour)))
        c.rect(-bleed, -bleed, trim[0] + 2 * bleed, trim[1] + 2 * bleed, stroke=0, fill=1)
        if marker is not None:
            c.setFillColor(Color(*(v / 255 for v in marker)))
            c.rect(2, trim[1] - 6, 4, 4, stroke=0, fill=1)
    return draw


FRONT_MARK, BACK_MARK = (20, 250, 250), (250, 250, 20)


def deck(cid, count, trim, bleed, shared, front_offset, back_offset, markers=False):
    fronts = palette(count, front_offset)
    backs = palette(count, back_offset)
    pieces = []
    for index, (front, back) in enumerate(zip(fronts, backs)):
        marked = markers and index == 0         # only the first card: one marker of each colour
        f = fill(front, FRONT_MARK if marked else None)
        b = fill(back, BACK_MARK if marked else None)
        pieces.append(Piece(cid, "card", trim, bleed,
                            lambda c, f=f: f(c, trim, bleed), back=lambda c, b=b: b(c, trim, bleed)))
    component = Component(cid, "card", "cards", cid, count, trim, tuple(pieces), shared)
    return component, fronts, backs


CARDS, CARD_FRONTS, CARD_BACKS = deck("cards", 10, CARD, BLEED, False, 0, 10, markers=True)
COUNTERS, COUNTER_FRONTS, COUNTER_BACKS = deck("counters", 6, COUNTER, BLEED, True, 20, 26)
FACE_PAIRS = list(zip(CARD_FRONTS + COUNTER_FRONTS, CARD_BACKS + COUNTER_BACKS))


def build(tmp_path, options, paper="a4"):
    pages = impose_components([CARDS, COUNTERS], PAPERS[paper], options)
    path = tmp_path / f"{options.backs}-{options.marks}.pdf"
    write_pdf(path, pages, INFO)
    return path, pages


def pairs(options, page_count):
    """(front page, back page) indexes in the page order each backs mode promises."""
    if options.backs in ("duplex-long", "duplex-short"):
        return [(i, i + 1) for i in range(0, page_count, 2)]
    half = page_count // 2
    return [(i, i + half) for i in range(half)]


def columns_mirror(size, backs):
    """The physics, stated apart from forge: turning a sheet over about its long edge mirrors the
    columns of a portrait page and the rows of a landscape one; the short edge does the opposite.
    A fronts-then-backs stack is turned over about its long edge."""
    portrait = size[0] <= size[1]
    return portrait if backs != "duplex-short" else not portrait


def turned_over(box, size, options):
    """Where a box drawn on a back page ends up, seen from the front, once printed by a printer
    whose error the back offset cancels, and the sheet turned over."""
    dx, dy = options.back_offset
    x0, y0, x1, y1 = box[0] - dx, box[1] - dy, box[2] - dx, box[3] - dy
    if columns_mirror(size, options.backs):
        return size[0] - x1, y0, size[0] - x0, y1
    return x0, size[1] - y1, x1, size[1] - y0


def close(a, b, tolerance=PIXEL + 0.05):
    return all(abs(p - q) <= tolerance for p, q in zip(a, b))


MODES = [PrintOptions(backs=b, back_offset=o)
         for b in ("duplex-long", "duplex-short", "fronts-then-backs")
         for o in ((0.0, 0.0), (1.5, -1.0))]


@pytest.mark.parametrize("options", MODES, ids=lambda o: f"{o.backs}{o.back_offset}")
def test_each_back_lands_behind_its_front(tmp_path, options):
    path, pages = build(tmp_path, options)
    size = pages[0].size
    seen = 0
    for front_index, back_index in pairs(options, len(pages)):
        front, back = render(path, front_index, DPI), render(path, back_index, DPI)
        for front_colour, back_colour in FACE_PAIRS:
            front_box = colour_box(front, front_colour, DPI)
            if front_box is None:
                continue
            back_box = colour_box(back, back_colour, DPI)
            assert back_box is not None, f"no back on page {back_index + 1} for {front_colour}"
            assert close(turned_over(back_box, size, options), front_box), (front_colour,)
            seen += 1
    assert seen == len(CARD_FRONTS) + len(COUNTER_FRONTS)


def corner(marker, card):
    """Which way a marker lies from its card's centre: (+1 right / -1 left, +1 up / -1 down)."""
    mx, my = (marker[0] + marker[2]) / 2, (marker[1] + marker[3]) / 2
    cx, cy = (card[0] + card[2]) / 2, (card[1] + card[3]) / 2
    return (1 if mx > cx else -1), (1 if my > cy else -1)


# The front marker sits at the card's top-left; turning the card over about its own upright axis
# shows the back marker (also top-left on the back) behind the front's top-right corner.
TOP_RIGHT_BEHIND = {(-1, 1): (1, 1), (-1, -1): (-1, 1), (1, -1): (-1, -1), (1, 1): (1, -1)}


@pytest.mark.parametrize("options", MODES[::2], ids=lambda o: o.backs)
def test_backs_are_upright_when_the_card_is_turned_over(tmp_path, options):
    path, pages = build(tmp_path, options)
    front_index, back_index = pairs(options, len(pages))[0]
    size = pages[front_index].size
    front, back = render(path, front_index, DPI), render(path, back_index, DPI)
    front_card = colour_box(front, CARD_FRONTS[0], DPI)
    back_card = turned_over(colour_box(back, CARD_BACKS[0], DPI), size, options)
    front_mark = colour_box(front, FRONT_MARK, DPI)
    back_mark = turned_over(colour_box(back, BACK_MARK, DPI), size, options)
    assert corner(back_mark, back_card) == TOP_RIGHT_BEHIND[corner(front_mark, front_card)]


def mark_positions(lines):
    verticals = sorted({round(x1, 2) for x1, y1, x2, y2 in lines if abs(x1 - x2) < 1e-6})
    horizontals = sorted({round(y1, 2) for x1, y1, x2, y2 in lines if abs(y1 - y2) < 1e-6})
    return verticals, horizontals


def near(values, target, tolerance=0.1):
    return [v for v in values if abs(v - target) <= tolerance]


@pytest.mark.parametrize("marks", ["crop", "lines"])
def test_every_trim_measured_between_marks_has_its_declared_size(tmp_path, marks):
    options = PrintOptions(marks=marks)
    path, pages = build(tmp_path, options)
    for index in range(len(pages)):
        image = render(path, index, DPI)
        xs, ys = mark_positions(stroked_lines(path, index))
        colours = CARD_FRONTS + COUNTER_FRONTS if pages[index].side == "front" else \
            CARD_BACKS + COUNTER_BACKS
        for colour in colours:
            box = colour_box(image, colour, DPI)
            if box is None:
                continue
            trim = CARD if colour in CARD_FRONTS + CARD_BACKS else COUNTER
            # the art covers the trim plus the bleed on its open sides: find the marks inside
            slack = 2 * PIXEL
            lefts = [x for x in xs if box[0] - slack <= x <= box[0] + BLEED + slack]
            rights = [x for x in xs if box[2] - BLEED - slack <= x <= box[2] + slack]
            bottoms = [y for y in ys if box[1] - slack <= y <= box[1] + BLEED + slack]
            tops = [y for y in ys if box[3] - BLEED - slack <= y <= box[3] + slack]
            assert lefts and rights and bottoms and tops, (index, colour, box)
            widths = [r - l for l in lefts for r in rights]
            heights = [t - b for b in bottoms for t in tops]
            upright = any(abs(w - trim[0]) <= 0.1 for w in widths) and \
                any(abs(h - trim[1]) <= 0.1 for h in heights)
            turned = any(abs(w - trim[1]) <= 0.1 for w in widths) and \
                any(abs(h - trim[0]) <= 0.1 for h in heights)
            assert upright or turned, (colour, widths, heights)


@pytest.mark.parametrize("options", [PrintOptions(marks="crop"), PrintOptions(marks="lines"),
                                     PrintOptions(marks="lines", backs="fold"),
                                     PrintOptions(back_offset=(2.0, 1.0))],
                         ids=["crop", "lines", "fold-lines", "offset"])
def test_marks_sit_outside_every_bleed_on_both_faces(tmp_path, options):
    path, pages = build(tmp_path, options)
    sides = {page.side for page in pages}
    assert ("back" in sides) or ("fold" in sides)
    for index in range(len(pages)):
        image = render(path, index, DPI)
        boxes = [colour_box(image, c, DPI) for c in
                 CARD_FRONTS + COUNTER_FRONTS + CARD_BACKS + COUNTER_BACKS]
        boxes = [b for b in boxes if b is not None]
        lines = stroked_lines(path, index)
        assert lines, f"page {index + 1} has no marks"
        for x1, y1, x2, y2 in lines:
            for box in boxes:
                inside_x = min(x1, x2) < box[2] - PIXEL and max(x1, x2) > box[0] + PIXEL
                inside_y = min(y1, y2) < box[3] - PIXEL and max(y1, y2) > box[1] + PIXEL
                assert not (inside_x and inside_y), (index, (x1, y1, x2, y2), box)


def test_no_marks_when_asked(tmp_path):
    path, pages = build(tmp_path, PrintOptions(marks="none"))
    assert all(not stroked_lines(path, i) for i in range(len(pages)))


def test_fold_pairs_mirror_about_a_fold_line_clear_of_the_bleed(tmp_path):
    """Each back lies upside down behind its front, mirrored about the dashed fold line in the
    middle of the page; no art crosses the fold (the bleeds may meet on it)."""
    options = PrintOptions(backs="fold")
    path, pages = build(tmp_path, options)
    seen = 0
    for index, page in enumerate(pages):
        assert page.side == "fold"
        width, height = page.size
        lines = stroked_lines(path, index)
        fold_ys = {round(y1, 2) for x1, y1, x2, y2 in lines
                   if abs(y1 - y2) < 1e-6 and x2 - x1 > 2.5 and abs(y1 - height / 2) < 0.01}
        assert fold_ys == {round(height / 2, 2)}, "no dashed fold line across the middle"
        fold = height / 2
        image = render(path, index, DPI)
        for front_colour, back_colour in FACE_PAIRS:
            front = colour_box(image, front_colour, DPI)
            if front is None:
                continue
            back = colour_box(image, back_colour, DPI)
            mirrored = (back[0], 2 * fold - back[3], back[2], 2 * fold - back[1])
            assert close(mirrored[::2], front[::2]) and close(mirrored[3:], front[3:]), \
                (front_colour, front, mirrored)
            assert front[1] >= fold - PIXEL and back[3] <= fold + PIXEL
            seen += 1
        marker = colour_box(image, BACK_MARK, DPI)
        if marker is not None:      # backs are upside down: the top-left marker is bottom-right
            card_back = colour_box(image, CARD_BACKS[0], DPI)
            assert corner(marker, card_back) == (1, -1)
    assert seen == len(CARD_FRONTS) + len(COUNTER_FRONTS)


@pytest.mark.parametrize("paper, fronts", [("a4", 4), ("letter", 3)])
def test_a_fold_page_holds_a_row_of_cards_centred_on_the_fold(tmp_path, paper, fronts):
    """Poker cards with 3 mm bleed: 4 fronts over 4 backs on A4, 3 over 3 on Letter, the
    cards' trims as far from the fold on both sides, and what the page holds centred across it."""
    path, pages = build(tmp_path, PrintOptions(backs="fold"), paper)
    width, height = pages[0].size
    fold = height / 2
    image = render(path, 0, DPI)
    fronts_seen = [colour_box(image, c, DPI) for c in CARD_FRONTS]
    fronts_seen = [b for b in fronts_seen if b is not None]
    backs_seen = [b for b in (colour_box(image, c, DPI) for c in CARD_BACKS) if b is not None]
    assert len(fronts_seen) == fronts and len(backs_seen) == fronts
    art = fronts_seen + [b for b in (colour_box(image, c, DPI) for c in COUNTER_FRONTS) if b]
    left = min(b[0] for b in art)
    right = max(b[2] for b in art)
    assert abs(left - (width - right)) <= 1.0 + 2 * PIXEL, (left, width - right)
    assert all(b[1] - fold <= 3.0 + 2 * PIXEL for b in fronts_seen), "cards far from the fold"


@pytest.mark.parametrize("bleed, expected, landscape", [(0, 9, False), (3, 8, True)])
def test_poker_cards_per_a4_page(bleed, expected, landscape):
    pieces = tuple(Piece("c", "card", CARD, bleed, lambda c: None) for _ in range(18))
    component = Component("c", "card", "cards", "c", 18, CARD, pieces, bleed == 0)
    page = impose_components([component], PAPERS["a4"], PrintOptions(backs="none"))[0]
    assert len(page.placements) == expected
    assert (page.size[0] > page.size[1]) == landscape


def test_letter_holds_six_poker_cards_with_their_bleed():
    pieces = tuple(Piece("c", "card", CARD, 3, lambda c: None) for _ in range(12))
    component = Component("c", "card", "cards", "c", 12, CARD, pieces, False)
    page = impose_components([component], PAPERS["letter"], PrintOptions(backs="none"))[0]
    assert len(page.placements) == 6


def test_a_turned_single_piece_page_keeps_true_trim_and_bleed_boxes(tmp_path):
    from pypdf import PdfReader

    sheet, _, _ = deck("sheet", 2, (250.0, 170.0), BLEED, False, 40, 42)
    pages = impose_components([sheet], PAPERS["a4"], PrintOptions())
    path = tmp_path / "sheets.pdf"
    write_pdf(path, pages, INFO)
    reader = PdfReader(path)
    for page in reader.pages:
        width = float(page.mediabox.width) / 72 * 25.4
        trim, bleed = page.trimbox, page.bleedbox
        trim_mm = [round(float(v) / 72 * 25.4, 1) for v in (trim.width, trim.height)]
        bleed_mm = [round(float(v) / 72 * 25.4, 1) for v in (bleed.width, bleed.height)]
        assert width < 211                       # portrait: the landscape layout is turned
        assert trim_mm == [170.0, 250.0] and bleed_mm == [176.0, 256.0]
