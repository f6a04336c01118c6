"""Imposition: every piece placed once, inside the margins, marks outside every bleed."""
import itertools

import pytest

from forge.impose import impose_components, single_board_page
from forge.layout import MARGIN, PAPERS
from forge.model import Component, Piece


def component(cid, count, trim, bleed, shared):
    pieces = tuple(Piece(cid, "counter", trim, bleed, lambda c: None) for _ in range(count))
    return Component(cid, "counter", "tokens", cid, count, trim, pieces, shared)


def bleed_rect(placement):
    p = placement.piece
    return (placement.x - p.bleed, placement.y - p.bleed,
            placement.x + p.trim[0] + p.bleed, placement.y + p.trim[1] + p.bleed)


def overlaps(a, b):
    return a[0] < b[2] - 1e-6 and b[0] < a[2] - 1e-6 and a[1] < b[3] - 1e-6 and b[1] < a[3] - 1e-6


def segment_rect(mark):
    return (min(mark.x1, mark.x2), min(mark.y1, mark.y2), max(mark.x1, mark.x2), max(mark.y1, mark.y2))


def touches(seg, rect):
    return (seg[0] <= rect[2] + 1e-6 and rect[0] <= seg[2] + 1e-6
            and seg[1] <= rect[3] + 1e-6 and rect[1] <= seg[3] + 1e-6)


MIXED = [component("grey", 21, (16, 16), 3, True), component("black", 21, (16, 16), 3, True),
         component("green", 5, (16, 16), 3, True), component("fleet", 3, (20, 20), 3, True),
         component("sheet", 4, (120, 180), 3, False), component("card", 30, (63.5, 88.9), 3, False)]


def assert_within_margins(pages):
    """Every placed piece, bleed included, inside the page's margins."""
    for page in pages:
        w, h = page.size
        for placement in page.placements:
            x0, y0, x1, y1 = bleed_rect(placement)
            assert x0 >= MARGIN - 1e-6 and y0 >= MARGIN - 1e-6
            assert x1 <= w - MARGIN + 1e-6 and y1 <= h - MARGIN + 1e-6


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_piece_once_within_margins(paper):
    pages = impose_components(MIXED, PAPERS[paper])
    placed = [p for page in pages for p in page.placements]
    assert len(placed) == sum(c.count for c in MIXED)
    assert_within_margins(pages)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_marks_stay_outside_every_bleed_and_inside_the_page(paper):
    pages = impose_components(MIXED, PAPERS[paper])
    for page in pages:
        rects = [bleed_rect(p) for p in page.placements]
        for mark in page.marks:
            seg = segment_rect(mark)
            assert not any(touches(seg, r) for r in rects), mark
            assert seg[0] >= 0 and seg[1] >= 0 and seg[2] <= page.size[0] and seg[3] <= page.size[1]


def test_own_bleed_pieces_never_overlap_and_shared_cut_pieces_touch():
    pages = impose_components(MIXED, PAPERS["a4"])
    for page in pages:
        own = [bleed_rect(p) for p in page.placements if p.piece.component in ("sheet", "card")]
        for i, a in enumerate(own):
            assert not any(overlaps(a, b) for b in own[i + 1:])
    grey = [p for p in pages[0].placements if p.piece.component == "grey"]
    xs = sorted({round(p.x, 3) for p in grey})
    assert all(b - a == pytest.approx(16) for a, b in zip(xs, xs[1:]))


def test_clip_keeps_bleed_only_on_open_sides():
    pages = impose_components([component("grey", 3, (16, 16), 3, True)], PAPERS["a4"])
    first, middle, last = pages[0].placements
    assert first.clip == (-3, -3, 16, 19)
    assert middle.clip == (0, -3, 16, 19)
    assert last.clip == (0, -3, 19, 19)


def test_every_cut_line_has_marks_on_both_sides():
    pages = impose_components([component("grey", 4, (16, 16), 3, True)], PAPERS["a4"])
    xs = sorted({p.x for p in pages[0].placements} | {p.x + 16 for p in pages[0].placements})
    vertical = [m for m in pages[0].marks if m.x1 == m.x2]
    for x in xs:
        assert sum(1 for m in vertical if m.x1 == pytest.approx(x)) == 2


def test_single_board_page_is_centred_landscape():
    piece = Piece("board", "board", (390, 255), 3, lambda c: None)
    page = single_board_page(piece, PAPERS["a3"])
    assert page.size == (420, 297)
    placement = page.placements[0]
    assert placement.x == pytest.approx(15) and placement.y == pytest.approx(21)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_counters_share_cuts_only_with_their_own_kind(paper):
    """Different counters of one size never touch along a shared cut: each component's block
    keeps its own bleed, so a cut off the line shows none of a neighbour's colour."""
    pages = impose_components(MIXED, PAPERS[paper])
    for page in pages:
        rects = [(p.piece.component, bleed_rect(p)) for p in page.placements]
        for (a, ra), (b, rb) in itertools.combinations(rects, 2):
            if a != b:
                assert not overlaps(ra, rb), (a, b)


def test_pieces_that_need_other_ways_of_the_paper_get_pages_of_their_own():
    """With a 6 mm bleed on A4, a 179 x 248 mm track fits only upright pages and a 180 x 62 mm
    chart only sideways ones: each gets pages it fits, nothing is refused."""
    tall = component("tall", 1, (179, 248), 6, False)
    wide = component("wide", 2, (180, 62), 6, False)
    pages = impose_components([wide, tall], PAPERS["a4"])
    assert sorted(len(page.placements) for page in pages) == [1, 2]
    assert_within_margins(pages)
