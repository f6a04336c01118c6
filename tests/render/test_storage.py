"""Storage pieces measured as printed: the tuck box's die-line against the deck it holds, the
folded box's flaps, the envelope labels against the game's tokens."""
from __future__ import annotations

from itertools import combinations

import pytest
from reportlab.pdfgen.canvas import Canvas

from forge import fonts
from forge.errors import UserError
from forge.kit import make_context
from forge.model import MM, pt
from forge.render import pieces, storage  # noqa: F401  (storage samples tokens with the disc maker)
from forge.render.cards import deck_total
from pdfgeom import stroked_lines

BOXED = {"conquest-of-the-empire-2": 2, "demo": 1, "tetrarchia": 0}
TOLERANCE = 0.5           # mm


@pytest.fixture(scope="module", params=[(g, lang, paper) for g in BOXED for lang in ("en", "es")
                                        for paper in ("a4", "letter")],
                ids=lambda p: "-".join(p))
def ctx(request):
    return make_context(*request.param, check_catalogs=False)


def of_maker(ctx, draw):
    return [c for c in ctx.game["components"] if c["draw"] == draw]


def render(piece, path):
    """The piece alone on a page of its size, as the kit prints a full-page piece."""
    fonts.register_fonts()
    canvas = Recorder(str(path), pagesize=(piece.trim[0] * MM, piece.trim[1] * MM),
                      initialFontName=fonts.SANS)
    canvas.scale(MM, MM)
    piece.draw(canvas)
    canvas.showPage()
    canvas.save()
    return canvas


class Recorder(Canvas):
    """A canvas that remembers the size of every string drawn (in mm: the canvas is in mm)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.sizes = []

    def drawString(self, *args, **kwargs):
        self.sizes.append(self._fontsize)
        return super().drawString(*args, **kwargs)

    def drawCentredString(self, *args, **kwargs):
        self.sizes.append(self._fontsize)
        return super().drawCentredString(*args, **kwargs)


def expected_inside(component, ctx):
    """Width, height, depth of the inside from the data alone: trim + clearance, cards x 0.32."""
    style = component.get("style") or {}
    decks = style.get("decks") or [component["deck"]]
    cards = [c for c in ctx.game["components"] if c["draw"] == "card" and c.get("deck") in decks]
    count = sum(deck_total(d) for d in ctx.data["cards"]["decks"] if d["id"] in decks)
    w = max(c["trim"][0] for c in cards)
    h = max(c["trim"][1] for c in cards)
    return w + 1.5, h + 1.5, count * 0.32 + 1.5


def lengths(lines):
    return [((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 for x1, y1, x2, y2 in lines]


# --- tuck boxes ---------------------------------------------------------------------------------

def test_one_box_per_deck_that_needs_one(ctx):
    assert len(of_maker(ctx, "tuck-box")) == BOXED[ctx.game_id]


def test_inside_of_the_box_matches_the_deck(ctx, tmp_path):
    for component in of_maker(ctx, "tuck-box"):
        piece, = storage.make_tuck_box(component, ctx)
        path = tmp_path / f"{component['id']}.pdf"
        render(piece, path)
        folds = stroked_lines(path, 0, storage.FOLD_WIDTH)
        cuts = stroked_lines(path, 0, storage.CUT_WIDTH)
        assert folds and cuts
        upright = [l for l in folds if abs(l[0] - l[2]) < 1e-3]
        across = [l for l in folds if abs(l[1] - l[3]) < 1e-3]
        if len(upright) != 4:
            upright, across = across, upright      # the box lies across the page
        w, h, d = expected_inside(component, ctx)
        walls = lengths(upright)                   # the four folds between the walls
        assert len(walls) == 4 and all(abs(x - h) <= TOLERANCE for x in walls), walls
        widths = sorted(lengths(across))
        assert sum(abs(x - w) <= TOLERANCE for x in widths) == 4, (widths, w)   # lid, bottom
        assert sum(abs(x - d) <= TOLERANCE for x in widths) == 4, (widths, d)   # dust flaps
        # the back's free edge is a cut as long as the inside is high
        xs = [min(x1, x2) for x1, y1, x2, y2 in cuts]
        left = [l for l in cuts if abs(l[0] - min(xs)) < 1e-3 and abs(l[0] - l[2]) < 1e-3]
        if upright[0][0] == upright[0][2]:
            assert any(abs(x - h) <= TOLERANCE for x in lengths(left)), lengths(left)


def test_die_line_fits_the_page_inside_its_margins(ctx, tmp_path):
    for component in of_maker(ctx, "tuck-box"):
        piece, = storage.make_tuck_box(component, ctx)
        assert piece.trim == tuple(component.get("trim") or ctx.paper_size)
        path = tmp_path / "box.pdf"
        render(piece, path)
        lines = stroked_lines(path, 0, storage.CUT_WIDTH)
        xs = [v for l in lines for v in (l[0], l[2])]
        ys = [v for l in lines for v in (l[1], l[3])]
        page_w, page_h = piece.trim
        margin = 0 if component.get("trim") else 5      # a trimmed box: the kit keeps margins
        assert min(xs) >= margin and min(ys) >= margin, (min(xs), min(ys))
        assert max(xs) <= page_w - margin and max(ys) <= page_h - margin, (max(xs), max(ys))


def test_every_word_on_boxes_and_labels_is_at_least_6_pt(ctx, tmp_path):
    made = [p for c in of_maker(ctx, "tuck-box") for p in storage.make_tuck_box(c, ctx)]
    made += [p for c in of_maker(ctx, "envelope-labels")
             for p in storage.make_envelope_labels(c, ctx)]
    for index, piece in enumerate(made):
        canvas = render(piece, tmp_path / f"{index}.pdf")
        assert canvas.sizes, piece.label
        assert min(canvas.sizes) >= pt(6) - 1e-6, piece.label


def test_a_box_too_big_for_the_paper_is_refused_by_name():
    ctx = make_context("conquest-of-the-empire-2", "en", "a4", check_catalogs=False)
    component, *_ = of_maker(ctx, "tuck-box")
    sleeved = dict(component, style={"sleeved": True, "sleeve_microns": 200}, trim=None)
    with pytest.raises(UserError, match=f"component '{component['id']}'.*tuck box measures"):
        storage.make_tuck_box(sleeved, ctx)


def test_sleeves_make_the_box_wider_and_deeper():
    ctx = make_context("demo", "en", "a4", check_catalogs=False)
    component, = of_maker(ctx, "tuck-box")
    plain = storage.box_for((63.5, 88.9), 12, storage.CARD_THICKNESS)
    piece, = storage.make_tuck_box(dict(component, style={"sleeved": True}, trim=None), ctx)
    box = piece.draw.keywords["box"]
    assert box.width == pytest.approx(66 + 1.5) and box.height == pytest.approx(91 + 1.5)
    assert box.depth == pytest.approx(12 * (0.32 + 0.12) + 1.5)
    assert box.depth > plain.depth


@pytest.mark.parametrize("cards", [5, 12, 23, 77])
def test_the_folded_box_closes_without_collisions(cards):
    """Fold the flat box in the mind: the tuck flap reaches deeper than the box and still fits
    in it, the dust flaps from both sides leave room between them, flaps glued inside fit."""
    box = storage.box_for((63.5, 88.9), cards, storage.CARD_THICKNESS)
    assert box.depth < box.tuck < box.height
    assert 2 * box.dust <= box.width                  # top and bottom dust flaps never meet
    assert box.bottom < box.height                    # the bottom flap lies on the back's inside
    assert box.glue < box.width                       # the glue tab lies on the back's inside
    assert box.notch * 2 < box.width and box.notch < box.tuck
    shapes = [p for polygons in storage.parts(box).values() for p in polygons]
    for a, b in combinations(shapes, 2):              # flat: parts meet only along their edges
        assert _overlap(_bounds(a), _bounds(b)) < 1e-6, (a, b)


def _bounds(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _overlap(a, b):
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return max(w, 0) * max(h, 0)


# --- envelope labels ----------------------------------------------------------------------------

def expected_groups(ctx) -> int:
    counters = [c for c in ctx.game["components"] if c["kind"] == "counter"]
    labels, = of_maker(ctx, "envelope-labels")
    groups = (labels.get("style") or {}).get("groups") or []
    grouped = sum(len(g["components"]) for g in groups)
    return len(counters) - grouped + len(groups)


def test_one_label_per_group_of_tokens(ctx):
    component, = of_maker(ctx, "envelope-labels")
    made = storage.make_envelope_labels(component, ctx)
    assert len(made) == component["count"] == expected_groups(ctx)
    names = {c["name"] for c in ctx.game["components"] if c["kind"] == "counter"}
    for piece in made:
        assert piece.trim == tuple(component["trim"]) and piece.bleed == 0
    assert {p.label.split(": ", 1)[1] for p in made} <= names | set(
        (component.get("labels") or {}).values())


def test_a_label_count_that_misses_a_group_is_refused():
    ctx = make_context("demo", "en", "a4", check_catalogs=False)
    component, = of_maker(ctx, "envelope-labels")
    with pytest.raises(UserError, match="envelopes"):
        storage.make_envelope_labels(dict(component, count=component["count"] - 1), ctx)


# --- as the kit prints it -----------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_kit_prints_the_box_for_the_deck(paper, tmp_path):
    """The demo kit's storage PDF, read back: the die-line's folds give the inside of a box for
    the 12 road cards, and its cuts stay inside the page's margins."""
    from forge.games import DEFAULT_CONTENT, load_game
    from forge.kit import build_kit

    kit = build_kit(load_game(DEFAULT_CONTENT, "demo"), "en", paper, tmp_path)
    component = next(c for c in kit.manifest["components"] if c["id"] == "road-cards-box")
    pdf = kit.folder / component["file"]
    page = component["pages"][0] - 1
    folds = stroked_lines(pdf, page, storage.FOLD_WIDTH)
    cuts = stroked_lines(pdf, page, storage.CUT_WIDTH)
    found = sorted({round(x, 1) for x in lengths(folds)})
    assert found == pytest.approx([12 * 0.32 + 1.5, 63.5 + 1.5, 88.9 + 1.5], abs=TOLERANCE)
    xs = [v for l in cuts for v in (l[0], l[2])]
    ys = [v for l in cuts for v in (l[1], l[3])]
    size = kit.manifest["paper_mm"]
    assert min(xs) >= 5 and min(ys) >= 5 and max(xs) <= size[0] - 5 and max(ys) <= size[1] - 5


def test_a_box_wider_than_the_page_lies_across_it_inside_the_margins(tmp_path):
    box = storage.box_for((110, 70), 30, storage.CARD_THICKNESS)     # wide, short cards
    face = storage.BoxFace("TITLE", ("Deck",), "laurel", "#5a1d16", "#f4ead3", "#5a1d16",
                           "#eee0c8", False)
    page = (210.0, 297.0)
    assert box.flat[0] > page[0] and storage._orientation(box, page, 8.0, {"id": "x"}, None)
    path = tmp_path / "turned.pdf"
    fonts.register_fonts()
    canvas = Canvas(str(path), pagesize=(page[0] * MM, page[1] * MM), initialFontName=fonts.SANS)
    canvas.scale(MM, MM)
    storage.draw_box_page(canvas, box, face, page, True, ("a", "b"))
    canvas.showPage()
    canvas.save()
    cuts = stroked_lines(path, 0, storage.CUT_WIDTH)
    xs = [v for l in cuts for v in (l[0], l[2])]
    ys = [v for l in cuts for v in (l[1], l[3])]
    assert min(xs) >= 5 and min(ys) >= 5 and max(xs) <= page[0] - 5 and max(ys) <= page[1] - 5
    assert max(ys) - min(ys) == pytest.approx(box.flat[0], abs=TOLERANCE)   # the long way up


def test_a_trim_too_small_for_the_box_says_what_it_needs():
    ctx = make_context("demo", "en", "a4", check_catalogs=False)
    component, = of_maker(ctx, "tuck-box")
    with pytest.raises(UserError, match=r"trim \[100, 100\] is smaller .* needs \[\d+, \d+\]"):
        storage.make_tuck_box(dict(component, trim=[100, 100]), ctx)


@pytest.mark.parametrize("game_id", ["demo", "conquest-of-the-empire-2"])
def test_grayscale_boxes_and_labels_set_only_neutral_colours(game_id, tmp_path):
    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    from forge.printing import PrintOptions

    ctx = make_context(game_id, "en", "a4", check_catalogs=False,
                       options=PrintOptions(ink="grayscale"))
    made = [p for c in of_maker(ctx, "tuck-box") for p in storage.make_tuck_box(c, ctx)]
    made += [p for c in of_maker(ctx, "envelope-labels")
             for p in storage.make_envelope_labels(c, ctx)]
    for index, piece in enumerate(made):
        path = tmp_path / f"{index}.pdf"
        render(piece, path)
        reader = PdfReader(str(path))
        operations = ContentStream(reader.pages[0].get_contents(), reader).operations
        colours = [[float(v) for v in operands] for operands, op in operations
                   if op in (b"rg", b"RG")]
        assert colours, piece.label
        for values in colours:
            assert max(values) - min(values) < 0.005, (piece.label, values)
