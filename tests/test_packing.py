"""Packing measured on the printed PDF: decks that cut alike share sheets, a component's pieces
stay together, blocks sit centred, each block's crop marks stay apart from its neighbours', and
the backs of a shared sheet mirror its fronts within 0.1 mm."""
from __future__ import annotations

import itertools
import math

import pytest
from pdfgeom import colour_box, render, stroked_lines
from pypdf import PdfReader
from reportlab.lib.colors import Color

from forge.duplex import mirrors_columns
from forge.games import DEFAULT_CONTENT, load_game
from forge.impose import impose_components
from forge.kit import build_kit, lay_out_kit, make_context
from forge.layout import PAPERS
from forge.model import Component, Piece
from forge.printing import PrintOptions
from forge.write import DocInfo, write_pdf

DPI = 100
PIXEL = 25.4 / DPI
CARD = (63.5, 88.9)
INFO = DocInfo("test", "test", "forge tests", "test", "en")
COLOURS = [c for c in itertools.product((30, 90, 150, 210), repeat=3) if max(c) - min(c) >= 100]


def painted(colour):
    def draw(c, trim, bleed):
        c.setFillColor(Color(*(v / 255 for v in colour)))
        c.rect(-bleed, -bleed, trim[0] + 2 * bleed, trim[1] + 2 * bleed, stroke=0, fill=1)
    return draw


def component(cid, count, trim, bleed=3.0, shared=False, kind="card", colour=(30, 90, 210),
              backs=True, family="cards", cut_marks=True):
    """A component whose pieces are all painted one colour (their backs another)."""
    front, back = painted(colour), painted(tuple(255 - v for v in colour))
    pieces = tuple(Piece(cid, kind, trim, bleed, lambda c: front(c, trim, bleed),
                         back=(lambda c: back(c, trim, bleed)) if backs else None)
                   for _ in range(count))
    return Component(cid, kind, family, cid, count, trim, pieces, shared, cut_marks)


def written(tmp_path, components, paper="a4", options=None):
    pages = impose_components(components, PAPERS[paper], options or PrintOptions())
    path = tmp_path / "out.pdf"
    write_pdf(path, pages, INFO)
    return path, pages


@pytest.mark.parametrize("paper, sheets", [("a4", 13), ("letter", 17)])
def test_decks_that_cut_alike_fill_each_others_sheets(tmp_path, paper, sheets):
    """Conquest's 77 + 18 + 5 poker cards, two-sided: ceil(100 / per sheet) sheets, not one
    half-empty sheet per deck (8 a sheet on A4, 6 on Letter)."""
    decks = [component("conquest", 77, CARD, colour=(30, 90, 210)),
             component("senators", 18, CARD, colour=(210, 90, 30)),
             component("votes", 5, CARD, colour=(90, 210, 30))]
    path, _ = written(tmp_path, decks, paper)
    assert len(PdfReader(path).pages) == 2 * sheets


@pytest.mark.parametrize("paper, pages", [("a4", 25), ("letter", 34)])
def test_folded_decks_fill_every_fold_page(tmp_path, paper, pages):
    """The same 100 cards with --backs fold: 4 fronts over their 4 backs on each A4 page, 3 over
    3 on Letter (they once took 2 a page: 50 pages)."""
    decks = [component("conquest", 77, CARD), component("senators", 18, CARD),
             component("votes", 5, CARD)]
    path, _ = written(tmp_path, decks, paper, PrintOptions(backs="fold"))
    assert len(PdfReader(path).pages) == pages


def test_six_die_nets_stay_together_on_one_page(tmp_path):
    tokens = component("tokens", 50, (16, 16), shared=True, kind="counter", backs=False,
                       colour=(150, 30, 210))
    dice = component("dice", 6, (87.5, 61), bleed=0, kind="die", backs=False,
                     colour=(210, 150, 30), cut_marks=False)
    path, pages = written(tmp_path, [tokens, dice])
    holding = [i for i in range(len(pages))
               if colour_box(render(path, i, DPI), (210, 150, 30), DPI) is not None]
    assert len(holding) == 1
    assert sum(p.piece.component == "dice" for p in pages[holding[0]].placements) == 6


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_partly_filled_page_has_its_blocks_centred(tmp_path, paper):
    """Four cards on a page: the empty paper is shared out evenly around them, not left on one
    side (Letter pages once kept 55 mm empty above their cards)."""
    path, _ = written(tmp_path, [component("cards", 4, CARD)], paper,
                      PrintOptions(backs="none"))
    width, height = (v / 72 * 25.4 for v in PdfReader(path).pages[0].mediabox[2:])
    box = colour_box(render(path, 0, DPI), (30, 90, 210), DPI)
    assert abs(box[0] - (width - box[2])) <= 1.0 + 2 * PIXEL
    assert abs(box[1] - (height - box[3])) <= 1.0 + 2 * PIXEL


def segment_gap(a, b) -> float:
    """The shortest distance between two straight segments that are each axis-aligned."""
    def axis_gap(lo1, hi1, lo2, hi2):
        return max(0.0, lo2 - hi1, lo1 - hi2)
    dx = axis_gap(min(a[0], a[2]), max(a[0], a[2]), min(b[0], b[2]), max(b[0], b[2]))
    dy = axis_gap(min(a[1], a[3]), max(a[1], a[3]), min(b[1], b[3]), max(b[1], b[3]))
    return math.hypot(dx, dy)


def box_gap(segment, box) -> float:
    """The shortest distance between a segment and a rectangle (x0, y0, x1, y1)."""
    dx = max(0.0, box[0] - max(segment[0], segment[2]), min(segment[0], segment[2]) - box[2])
    dy = max(0.0, box[1] - max(segment[1], segment[3]), min(segment[1], segment[3]) - box[3])
    return math.hypot(dx, dy)


TOKEN_BLOCKS = [((20, 20), 60, (210, 150, 30)), ((18, 18), 40, (150, 150, 150)),
                ((16, 16), 30, (150, 30, 90)), ((25, 25), 12, (30, 150, 90))]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_block_keeps_its_crop_marks_apart_from_its_neighbours(tmp_path, paper):
    """Counters of different pitch packed on one page: every crop mark belongs clearly to one
    block (the block whose art it is nearest), at least 2 mm from any mark of another block."""
    blocks = [component(f"t{i}", count, trim, shared=True, kind="counter", backs=False,
                        colour=colour) for i, (trim, count, colour) in enumerate(TOKEN_BLOCKS)]
    path, pages = written(tmp_path, blocks, paper)
    for index in range(len(pages)):
        image = render(path, index, DPI)
        boxes = [colour_box(image, colour, DPI) for _, _, colour in TOKEN_BLOCKS]
        boxes = [b for b in boxes if b is not None]
        if len(boxes) < 2:
            continue
        owned = {}
        for line in stroked_lines(path, index):
            owner = min(range(len(boxes)), key=lambda k: box_gap(line, boxes[k]))
            owned.setdefault(owner, []).append(line)
        for (a, lines_a), (b, lines_b) in itertools.combinations(owned.items(), 2):
            closest = min(segment_gap(p, q) for p in lines_a for q in lines_b)
            assert closest >= 2.0, (index, a, b, closest)


def turned_over(line, size, columns):
    x1, y1, x2, y2 = line
    if columns:
        return size[0] - x1, y1, size[0] - x2, y2
    return x1, size[1] - y1, x2, size[1] - y2


def normal(line):
    x1, y1, x2, y2 = line
    return (x1, y1, x2, y2) if (x1, y1) <= (x2, y2) else (x2, y2, x1, y1)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_shared_sheet_s_back_mirrors_its_front_within_a_tenth_of_a_millimetre(tmp_path, paper):
    """Cards and counters of two families on shared two-sided sheets: every crop mark of a back
    page, once the sheet is turned over, lies on a crop mark of its front within 0.1 mm."""
    run = [component("cards", 10, CARD), component("coins", 30, (20, 20), shared=True,
                                                   kind="counter", family="tokens",
                                                   colour=(150, 30, 90))]
    options = PrintOptions(backs="duplex-long")
    path, pages = written(tmp_path, run, paper, options)
    shared = 0
    for front_index in range(0, len(pages), 2):
        size = pages[front_index].size
        components = {p.piece.component for p in pages[front_index].placements}
        shared += len(components) > 1
        columns = mirrors_columns(size, options.backs)
        fronts = [normal(line) for line in stroked_lines(path, front_index)]
        backs = [normal(turned_over(line, size, columns))
                 for line in stroked_lines(path, front_index + 1)]
        assert len(fronts) == len(backs) > 0
        for line in backs:
            assert any(all(abs(u - v) <= 0.1 for u, v in zip(line, f)) for f in fronts), line
    assert shared, "no sheet holds both families"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_tall_aid_folds_about_an_upright_line(tmp_path, paper):
    """A 125 x 190 mm two-sided aid fits no half of a level fold: the page folds about an
    upright line in its middle instead, the aid's back mirrored beside its front."""
    aid = component("aid", 3, (125, 190), bleed=0, kind="sheet", colour=(30, 150, 90))
    path, pages = written(tmp_path, [aid], paper, PrintOptions(backs="fold"))
    assert len(pages) == 3
    for index, page in enumerate(pages):
        fold = page.size[0] / 2
        lines = stroked_lines(path, index)
        dashes = [line for line in lines
                  if abs(line[0] - fold) < 0.01 and abs(line[2] - fold) < 0.01]
        assert len(dashes) > 10, "no dashed fold line down the middle"
        image = render(path, index, DPI)
        front = colour_box(image, (30, 150, 90), DPI)
        back = colour_box(image, (225, 105, 165), DPI)
        assert front[2] <= fold + PIXEL and back[0] >= fold - PIXEL
        mirrored = (2 * fold - back[2], back[1], 2 * fold - back[0], back[3])
        assert all(abs(a - b) <= 2 * PIXEL for a, b in zip(mirrored, front)), (front, mirrored)


def test_a_piece_too_large_to_fold_gets_a_page_of_backs_after_its_fronts(tmp_path):
    """--backs fold on Letter with a 6 mm bleed: a 125 x 190 mm aid fits no half of the page,
    so it prints as a page of fronts and then the page of their backs; the cards still fold."""
    aid = component("aid", 1, (125, 190), bleed=6.0, kind="sheet", colour=(30, 150, 90))
    cards = component("cards", 3, CARD)
    path, pages = written(tmp_path, [cards, aid], "letter", PrintOptions(backs="fold"))
    assert [page.side for page in pages] == ["fold", "front", "back"]
    size = pages[1].size
    front = colour_box(render(path, 1, DPI), (30, 150, 90), DPI)
    back = colour_box(render(path, 2, DPI), (225, 105, 165), DPI)
    if mirrors_columns(size, "fronts-then-backs"):
        back = (size[0] - back[2], back[1], size[0] - back[0], back[3])
    else:
        back = (back[0], size[1] - back[3], back[2], size[1] - back[1])
    assert all(abs(a - b) <= 2 * PIXEL for a, b in zip(back, front)), (front, back)


def parallel(a, b) -> bool:
    return (abs(a[0] - a[2]) < 1e-6) == (abs(b[0] - b[2]) < 1e-6)


def same_line(a, b) -> bool:
    """Two parallel segments on one straight line (a cut line drawn in pieces)."""
    across = 0 if abs(a[0] - a[2]) < 1e-6 else 1
    return abs(a[across] - b[across]) <= 0.01


def crosses(line, box) -> bool:
    """Whether a segment enters a rectangle (a pixel of slack at its edges)."""
    return (min(line[0], line[2]) < box[2] - PIXEL and max(line[0], line[2]) > box[0] + PIXEL
            and min(line[1], line[3]) < box[3] - PIXEL and max(line[1], line[3]) > box[1] + PIXEL)


def stops_short_of(line, own, other) -> bool:
    """A line of the block `own` stops 2 mm short of a block lying in the band its line runs
    along (the strip beyond `own` as wide as it); a block outside that band is no obstacle."""
    upright = abs(line[0] - line[2]) < 1e-6
    axis, across = (1, 0) if upright else (0, 1)
    if other[across] >= own[across + 2] or other[across + 2] <= own[across]:
        return True                                 # not in the way
    lo, hi = min(line[axis], line[axis + 2]), max(line[axis], line[axis + 2])
    return hi <= other[axis] - 2.0 or lo >= other[axis + 2] + 2.0


def assert_cut_lines_keep_to_their_blocks(path, index, boxes):
    """The long cut lines of one page, measured against the art of each block (`boxes`): each
    line lies beside one block's art, runs outwards no further than 2 mm short of another block
    in its way, never enters any art, and keeps 2 mm from every other block's lines; no two
    parallel lines lie closer than 2 mm unless they are one line."""
    lines = stroked_lines(path, index)
    owned = {}
    for line in lines:
        assert not any(crosses(line, box) for box in boxes), (index, line)
        owner = min(range(len(boxes)), key=lambda k: box_gap(line, boxes[k]))
        assert box_gap(line, boxes[owner]) <= 1.0 + 2 * PIXEL, (index, line)
        owned.setdefault(owner, []).append(line)
        for k, box in enumerate(boxes):
            if k != owner:
                assert stops_short_of(line, boxes[owner], box), (index, line, box)
    for a, b in itertools.combinations(lines, 2):
        if parallel(a, b) and not same_line(a, b):
            assert segment_gap(a, b) >= 2.0, (index, a, b)
    for (a, lines_a), (b, lines_b) in itertools.combinations(owned.items(), 2):
        closest = min(segment_gap(p, q) for p in lines_a for q in lines_b)
        assert closest >= 2.0, (index, a, b, closest)


CONQUEST_TOKENS = [((20, 20), 60), ((18, 18), 40), ((16, 16), 18)]
DEMO_TOKENS = [((16, 16), 12), ((20, 20), 6), ((18, 18), 6), ((16, 16), 4)]
DIAGONAL = [((25, 25), 3), ((25, 25), 3), ((20, 20), 1)]   # the third below the first only


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0.0, 3.0])
@pytest.mark.parametrize("sizes", [CONQUEST_TOKENS, DEMO_TOKENS, TOKEN_BLOCKS, DIAGONAL],
                         ids=["conquest", "demo", "mixed", "diagonal"])
def test_long_cut_lines_of_stacked_blocks_never_run_into_each_other(tmp_path, paper, bleed,
                                                                    sizes):
    """--marks lines with counters of several sizes on one page (Conquest's coins, the demo's
    tokens): one block's lines run out to the margin only where no other block lies in their
    way, so the lines of the gold and silver coins never interleave in the gap between them and
    draw no grid over the paper beside a narrower block, nor across another block's lines."""
    colours = COLOURS[::5]
    blocks = [component(f"t{i}", size[1], size[0], bleed=bleed, shared=True, kind="counter",
                        backs=False, colour=colours[i]) for i, size in enumerate(sizes)]
    path, pages = written(tmp_path, blocks, paper, PrintOptions(marks="lines", backs="none"))
    stacked = 0
    for index in range(len(pages)):
        image = render(path, index, DPI)
        boxes = [colour_box(image, colours[i], DPI) for i in range(len(sizes))]
        boxes = [b for b in boxes if b is not None]
        stacked += len(boxes) > 1
        assert_cut_lines_keep_to_their_blocks(path, index, boxes)
    assert stacked, "no page holds two blocks"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_season_track_s_cut_lines_stay_clear_of_the_die_nets(tmp_path, paper):
    """Conquest's battle dice (nets without marks of their own) above the season track, with
    --marks lines: no line of the track runs up across or beside the nets."""
    dice = component("dice", 6, (87.5, 61), bleed=0, kind="die", backs=False, family="tracks",
                     colour=(210, 150, 30), cut_marks=False)
    track = component("track", 1, (180, 62), bleed=0, shared=True, kind="sheet", backs=False,
                      family="tracks", colour=(30, 90, 210))
    path, _ = written(tmp_path, [dice, track], paper, PrintOptions(marks="lines", backs="none"))
    image = render(path, 0, DPI)
    boxes = [colour_box(image, (210, 150, 30), DPI), colour_box(image, (30, 90, 210), DPI)]
    assert None not in boxes, "the nets and the track are not on one page"
    assert_cut_lines_keep_to_their_blocks(path, 0, boxes)


@pytest.mark.slow
@pytest.mark.parametrize("game, lang, paper", [("conquest-of-the-empire-2", "en", "a4"),
                                               ("demo", "es", "letter")])
def test_a_kit_s_long_cut_lines_keep_to_their_blocks(tmp_path, game, lang, paper):
    """The kits the reviewer printed with --bleed 0 --marks lines: on the token and track pages
    every cut line keeps to its own block as test_long_cut_lines_... measures it (the blocks'
    art read from the kit's page plan, the lines from its PDF)."""
    options = PrintOptions(bleed=0.0, marks="lines")
    result = build_kit(load_game(DEFAULT_CONTENT, game), lang, paper, tmp_path, options)
    plan, _ = lay_out_kit(make_context(game, lang, paper, options=options))
    for family in ("tokens", "tracks"):
        for index, page in enumerate(plan.family_pages[family]):
            blocks = {}
            for p in page.placements:
                blocks.setdefault(p.piece.component, []).append(
                    p.on_page(p.clip or (0, 0, *p.piece.trim)))
            boxes = [(min(r[0] for r in rects), min(r[1] for r in rects),
                      max(r[2] for r in rects), max(r[3] for r in rects))
                     for rects in blocks.values()]
            assert_cut_lines_keep_to_their_blocks(result.folder / f"{family}.pdf", index, boxes)
