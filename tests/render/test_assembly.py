"""The supplies and assembly page and the duplex test sheet, measured on the PDFs they make."""
import ctypes
import math
from dataclasses import replace

import pypdfium2
import pytest
from pypdfium2 import raw

from forge.calibrate import grid_cells
from forge.duplex import FLIPS, mirrors_columns
from forge.games import DEFAULT_CONTENT, load_game
from forge.impose import impose_components
from forge.kit import build_kit, make_components, make_context
from forge.layout import paper_size
from forge.model import MM, Page, Placement
from forge.printing import PrintOptions
from forge.printplan import PAPER_WORDS, paper_of
from forge.render import load_makers
from forge.render.assembly import MINUTES, panels, sleeve_for, supplies
from forge.write import DocInfo, write_pdf

GAMES = ["tetrarchia", "conquest-of-the-empire-2", "demo"]
PANELS = {"standee": "Standees:", "die": "Dice:", "board": "Board:", "counter": "Counters:",
          "card": "Cards:"}
STEPS = {"standee": 4, "die": 4, "board": 4, "counter": 3, "card": 3}
KINDS = {"tetrarchia": {"standee", "die", "board", "counter"},
         "conquest-of-the-empire-2": {"die", "counter", "card"},
         "demo": {"counter", "card"}}
RULE = (191, 191, 191)          # the frames around the steps
RING = (0, 77, 217)             # the blue rings of the duplex test's front
CROSS = (204, 0, 0)             # the red crosses of its back
SPEC = {"id": "assembly", "kind": "sheet", "family": "instructions", "name": "Assembly",
        "count": 1, "draw": "assembly"}
DUPLEX = {"id": "duplex-test", "kind": "sheet", "family": "instructions", "name": "Duplex",
          "count": 1, "draw": "duplex-test"}


# --- measuring --------------------------------------------------------------------------------------

def write_pieces(path, pieces, size):
    write_pdf(path, [Page(size, [Placement(p, 0.0, 0.0)]) for p in pieces],
              DocInfo("t", "t", "t", "t", "en"))


def page_text(pdf, index):
    return pdf[index].get_textpage().get_text_range()


def paths(page, colour):
    """Bounds (mm: x0, y0, x1, y1) of the path objects stroked in this colour."""
    found = []
    for obj in page.get_objects(max_depth=8):
        if obj.type != raw.FPDF_PAGEOBJ_PATH:
            continue
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        raw.FPDFPageObj_GetStrokeColor(obj.raw, r, g, b, a)
        if (r.value, g.value, b.value) == colour:
            found.append(tuple(v / MM for v in obj.get_bounds()))
    return found


def text_sizes(page):
    """The size in points of every text object on the page, as printed."""
    sizes = []
    for obj in page.get_objects(max_depth=8):
        if obj.type == raw.FPDF_PAGEOBJ_TEXT:
            m = obj.get_matrix()
            sizes.append(obj.get_font_size() * math.sqrt(abs(m.a * m.d - m.b * m.c)))
    return sizes


def centre(box):
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


@pytest.fixture(scope="module")
def contexts():
    made = {}

    def get(game, lang="en", paper="a4", options=None):
        key = (game, lang, paper, options)
        if key not in made:
            made[key] = make_context(game, lang, paper, options=options or PrintOptions())
        return made[key]
    return get


@pytest.fixture(scope="module")
def assembly_pdf(tmp_path_factory, contexts):
    made = {}

    def get(game, lang="en", paper="a4"):
        if (game, lang, paper) not in made:
            ctx = contexts(game, lang, paper)
            path = tmp_path_factory.mktemp("assembly") / f"{game}-{lang}-{paper}.pdf"
            write_pieces(path, load_makers()["assembly"](SPEC, ctx), ctx.paper_size)
            made[(game, lang, paper)] = pypdfium2.PdfDocument(str(path))
        return made[(game, lang, paper)]
    return get


# --- assembly diagrams --------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_the_page_draws_the_steps_of_exactly_the_kinds_the_game_has(assembly_pdf, game):
    pdf = assembly_pdf(game)
    text = page_text(pdf, 0)
    for kind, title in PANELS.items():
        assert (title in text) == (kind in KINDS[game]), (game, kind)
    frames = [b for b in paths(pdf[0], RULE) if b[3] - b[1] > 10 and b[2] - b[0] > 20]
    assert len(frames) == sum(STEPS[kind] for kind in KINDS[game])
    assert "back sheet" in text               # every game's counters have a printed back


def test_one_sided_counters_are_glued_to_greyboard_without_a_back_sheet(tmp_path, contexts):
    ctx = contexts("demo")
    counter = {"id": "c", "kind": "counter", "family": "tokens", "name": "x", "count": 9,
               "trim": [16, 16], "draw": "disc"}
    ctx = replace(ctx, data={**ctx.data, "game": {**ctx.game, "components": [SPEC, counter]}})
    write_pieces(tmp_path / "one.pdf", load_makers()["assembly"](SPEC, ctx), ctx.paper_size)
    pdf = pypdfium2.PdfDocument(str(tmp_path / "one.pdf"))
    frames = [b for b in paths(pdf[0], RULE) if b[3] - b[1] > 10 and b[2] - b[0] > 20]
    text = page_text(pdf, 0)
    assert len(frames) == 2 and "back sheet" not in text and "Counters:" in text


def test_the_expected_kinds_are_the_games_own(contexts):
    for game in GAMES:
        assert {c["kind"] for c in contexts(game).game["components"]} & set(PANELS) == KINDS[game]


def test_no_die_diagram_in_the_demo(assembly_pdf):
    text = page_text(assembly_pdf("demo"), 0)
    assert "Dice:" not in text and "die" not in text.lower().replace("diagram", "")


@pytest.mark.parametrize("game", GAMES)
def test_each_step_is_a_drawing_not_only_words(assembly_pdf, game):
    page = assembly_pdf(game)[0]
    frames = [b for b in paths(page, RULE) if b[3] - b[1] > 10 and b[2] - b[0] > 20]
    drawn = [o for o in page.get_objects(max_depth=8) if o.type == raw.FPDF_PAGEOBJ_PATH]
    for frame in frames:
        inside = [o for o in drawn if _within(tuple(v / MM for v in o.get_bounds()), frame)]
        assert len(inside) >= 4, (game, frame)


def _within(box, frame, slack=0.5):
    return (box[0] >= frame[0] - slack and box[2] <= frame[2] + slack
            and box[1] >= frame[1] - slack and box[3] <= frame[3] + slack
            and box != frame)


# --- supplies -------------------------------------------------------------------------------------

@pytest.mark.parametrize("game,sleeve", [("conquest-of-the-empire-2", "66 × 91"),
                                         ("demo", "66 × 91"), ("tetrarchia", None)])
def test_the_supplies_name_the_sleeve_for_the_games_cards(assembly_pdf, game, sleeve):
    text = page_text(assembly_pdf(game), 0)
    if sleeve:
        assert f"63.5 × 88.9 mm: {sleeve} mm" in text
        assert "corner rounder, 3 mm" in text
    else:
        assert "Sleeves" not in text and "corner rounder" not in text
    for words in ("Plain paper", "craft knife", "metal ruler", "cutting mat", "Glue"):
        assert words in text


def test_every_card_size_gets_its_usual_sleeve(tmp_path, contexts):
    ctx = contexts("demo")
    components = [dict(SPEC), *(
        {"id": f"deck-{w}", "kind": "card", "family": "cards", "name": "x", "count": 5,
         "trim": [w, h], "draw": "card"} for w, h in ((44, 68), (70, 120), (50, 50)))]
    ctx = replace(ctx, data={**ctx.data, "game": {**ctx.game, "components": components}})
    write_pieces(tmp_path / "sizes.pdf", load_makers()["assembly"](SPEC, ctx), ctx.paper_size)
    text = page_text(pypdfium2.PdfDocument(str(tmp_path / "sizes.pdf")), 0)
    for card, sleeve in (("44 × 68", "46 × 71"), ("70 × 120", "73 × 122"), ("50 × 50", "53 × 53")):
        assert f"{card} mm: {sleeve} mm" in text


def test_the_sleeve_of_a_card_turned_sideways_is_the_same():
    assert sleeve_for((88.9, 63.5)) == sleeve_for((63.5, 88.9)) == (66, 91)


def test_the_time_to_build_is_counted_from_the_kit_and_said_to_be_an_estimate(assembly_pdf,
                                                                              contexts):
    components = contexts("demo").game["components"]
    text = page_text(assembly_pdf("demo"), 0)
    assert "estimate" in text
    assert f"12 × {MINUTES['cut-card']:g} min" in text          # 12 road cards
    assert f"28 × {MINUTES['cut-counter']:g} min" in text       # 12 + 6 + 6 + 4 counters
    cards = 12 * (MINUTES["cut-card"] + MINUTES["round-card"])
    counters = 28 * (MINUTES["cut-counter"] + MINUTES["sandwich-counter"])
    sheets = sum(c["count"] for c in components if c["kind"] == "sheet" and c.get("trim"))
    boxes = sum(c["count"] for c in components if c["draw"] == "tuck-box")
    total = cards + counters + sheets * MINUTES["cut-sheet"] + boxes * MINUTES["fold-box"]
    total = 5 * math.ceil(total / 5)
    assert f"{total} min" in text.split("About, in all")[1].split("\n")[0]
    if boxes:
        assert f"{boxes} × {MINUTES['fold-box']:g} min" in text


def test_the_page_is_in_spanish(assembly_pdf):
    text = page_text(assembly_pdf("conquest-of-the-empire-2", "es"), 0)
    assert "Materiales y montaje" in text and "63,5 × 88,9 mm: 66 × 91 mm" in text
    assert "Dados:" in text and "cartón gris" in text


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_text_under_6_pt(assembly_pdf, game, lang, paper):
    sizes = text_sizes(assembly_pdf(game, lang, paper)[0])
    assert sizes and min(sizes) >= 6 - 0.01


# --- duplex test ----------------------------------------------------------------------------------

def duplex_sheet(tmp_path, ctx, options):
    """The duplex test component imposed as the kit imposes it, written to a PDF."""
    ctx = replace(ctx, options=options)
    component = make_components(replace(ctx, data={**ctx.data, "game": {
        **ctx.game, "components": [DUPLEX]}}))
    pages = impose_components(component, ctx.paper_size, options)
    path = tmp_path / "duplex.pdf"
    write_pdf(path, pages, DocInfo("t", "t", "t", "t", "en"))
    return pypdfium2.PdfDocument(str(path)), pages


def crosses(page):
    """Centres (mm) of the red crosses: the middle of each horizontal arm."""
    return [centre(b) for b in paths(page, CROSS) if b[2] - b[0] > b[3] - b[1]]


@pytest.mark.parametrize("backs", FLIPS)
@pytest.mark.parametrize("paper,offset", [("a4", (0.0, 0.0)), ("letter", (1.5, -2.0))])
def test_the_marks_of_the_duplex_test_coincide_front_and_back(tmp_path, contexts, backs,
                                                              paper, offset):
    options = PrintOptions(backs=backs, back_offset=offset)
    pdf, pages = duplex_sheet(tmp_path, contexts("demo", "en", paper), options)
    assert [p.side for p in pages] == ["front", "back"]
    size = paper_size(paper)
    rings = [centre(b) for b in paths(pdf[0], RING)]
    marks = crosses(pdf[1])
    assert len(rings) == len(marks) == 169
    cells = {cell.target: cell.offset for cell in grid_cells(size)}
    columns = mirrors_columns(size, backs)
    for x, y in marks:
        # behind the front, a perfect printer puts the back point (x, y) here
        seen = (size[0] - x, y) if columns else (x, size[1] - y)
        ring = min(rings, key=lambda r: math.dist(r, seen))
        target = min(cells, key=lambda t: math.dist(t, ring))
        assert math.dist(target, ring) < 0.05
        ox, oy = cells[target]
        expected = (ring[0] - ox, ring[1] + oy) if columns else (ring[0] + ox, ring[1] - oy)
        assert math.dist(seen, expected) < 0.1, (backs, cells[target], seen, expected)
        if cells[target] == (0.0, 0.0):
            assert math.dist(seen, ring) < 0.1


def test_the_duplex_test_says_which_back_offset_to_use(tmp_path, contexts):
    pdf, _ = duplex_sheet(tmp_path, contexts("demo"), PrintOptions())
    text = " ".join(page_text(pdf, 0).split())
    assert "--back-offset X,Y" in text and "two-sided" in text and "LONG edge" in text
    assert "Duplex test: back" in page_text(pdf, 1)


@pytest.mark.parametrize("backs", ["fold", "none"])
def test_without_two_sided_sheets_the_kit_has_no_duplex_test(tmp_path, contexts, backs):
    ctx = replace(contexts("demo"), options=PrintOptions(backs=backs))
    assert not make_components(replace(ctx, data={**ctx.data, "game": {
        **ctx.game, "components": [DUPLEX]}}))
    pieces = load_makers()["duplex-test"](DUPLEX, ctx)     # asked for all the same: one page
    write_pieces(tmp_path / "none.pdf", pieces, ctx.paper_size)
    pdf = pypdfium2.PdfDocument(str(tmp_path / "none.pdf"))
    assert len(pdf) == 1 and "needs no duplex test" in " ".join(page_text(pdf, 0).split())


@pytest.mark.parametrize("lang", ["en", "es"])
def test_duplex_test_text_is_at_least_6_pt(tmp_path, contexts, lang):
    pdf, _ = duplex_sheet(tmp_path, contexts("demo", lang), PrintOptions(backs="duplex-short"))
    for index in (0, 1):
        assert min(text_sizes(pdf[index])) >= 6 - 0.01


def test_the_kit_prints_the_duplex_test_on_the_two_faces_of_one_sheet(tmp_path):
    game = load_game(DEFAULT_CONTENT, "demo")
    result = build_kit(game, "en", "a4", tmp_path)
    pdf = pypdfium2.PdfDocument(str(result.folder / "kit.pdf"))
    texts = [page_text(pdf, i) for i in range(len(pdf))]
    fronts = [i for i, t in enumerate(texts) if "Duplex test: front" in t]
    backs = [i for i, t in enumerate(texts) if "Duplex test: back" in t]
    assert len(fronts) == len(backs) == 1
    assert fronts[0] % 2 == 0 and backs[0] == fronts[0] + 1    # pages 2n+1 and 2n+2
    assert len(crosses(pdf[backs[0]])) == 169


@pytest.mark.parametrize("game", ["tetrarchia", "demo"])
def test_a_grayscale_kit_gets_gray_drawings_and_a_gray_test_sheet(tmp_path, game):
    options = PrintOptions(ink="grayscale")
    ctx = make_context(game, "en", "a4", options=options)
    pieces = load_makers()["assembly"](SPEC, ctx)
    duplex = load_makers()["duplex-test"](DUPLEX, ctx)[0]
    pages = [Page(ctx.paper_size, [Placement(pieces[0], 0.0, 0.0)]),
             Page(ctx.paper_size, [Placement(duplex, 0.0, 0.0)]),
             Page(ctx.paper_size, [Placement(duplex, 0.0, 0.0, face="back")])]
    write_pdf(tmp_path / "gray.pdf", pages, DocInfo("t", "t", "t", "t", "en"))
    pdf = pypdfium2.PdfDocument(str(tmp_path / "gray.pdf"))
    for index in range(3):
        data = pdf[index].render(scale=50 / 72).to_pil().convert("RGB").tobytes()
        off = sum(1 for i in range(0, len(data), 3)
                  if abs(data[i] - data[i + 1]) > 2 or abs(data[i + 1] - data[i + 2]) > 2)
        assert off == 0, (index, off)
    assert len(paths(pdf[2], CROSS)) == 0 and len(paths(pdf[0], RULE)) > 0


# --- the supplies follow the print plan ------------------------------------------------------------

def paper_lines(lines):
    """{paper: the names its supplies line lists}, for the lines that name a paper."""
    found = {}
    for paper, words in PAPER_WORDS.items():
        for line in lines:
            if line.startswith(words + ": "):
                found[paper] = line[len(words) + 2:].rstrip(".").split("; ")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_each_paper_line_lists_what_the_print_plan_puts_on_that_paper(contexts, game):
    ctx = contexts(game)
    components = ctx.game["components"]
    expected = {}
    for family in ctx.game["families"]:
        for spec in components:
            if spec["family"] == family["id"]:
                names = expected.setdefault(paper_of(spec), [])
                if family["name"] not in names:
                    names.append(family["name"])
    assert paper_lines(supplies(components, ctx)) == expected


def test_conquest_references_are_on_card_and_the_demo_has_no_rules_on_plain(assembly_pdf):
    conquest = " ".join(page_text(assembly_pdf("conquest-of-the-empire-2"), 0).split())
    assert "Card, 200–300 g/m²: Player reference sheets;" in conquest
    assert "Storage: tuck boxes and envelope labels" in conquest
    demo = " ".join(page_text(assembly_pdf("demo"), 0).split())
    assert "Plain paper, 80–100 g/m²: Instructions; Duplex test sheet." in demo
    assert "rules" not in demo and "reference" not in demo


@pytest.mark.parametrize("backs", ["fold", "none"])
def test_a_kit_without_the_duplex_test_does_not_list_it(contexts, backs):
    ctx = contexts("demo", options=PrintOptions(backs=backs))
    lines = supplies(ctx.game["components"], ctx)
    assert paper_lines(lines)["plain"] == ["Instructions"]


# --- captions hold for every --marks ---------------------------------------------------------------

@pytest.mark.parametrize("marks", ["crop", "lines", "none"])
def test_the_captions_hold_for_crop_marks_cut_lines_and_no_marks(contexts, marks):
    texts = []
    for game in GAMES:
        ctx = contexts(game, options=PrintOptions(marks=marks))
        texts += [step.caption for panel in panels(ctx.game["components"], ctx)
                  for step in panel.steps]
    assert not [t for t in texts if "crop" in t]
    assert "Cut the cards out." in texts
    if marks == "none":
        assert not [t for t in texts if "marks" in t]


def test_without_marks_the_drawings_show_none(tmp_path, contexts):
    counts = {}
    for marks in ("crop", "none"):
        ctx = contexts("conquest-of-the-empire-2", options=PrintOptions(marks=marks))
        path = tmp_path / f"{marks}.pdf"
        write_pieces(path, load_makers()["assembly"](SPEC, ctx), ctx.paper_size)
        page = pypdfium2.PdfDocument(str(path))[0]
        counts[marks] = sum(1 for o in page.get_objects(max_depth=8)
                            if o.type == raw.FPDF_PAGEOBJ_PATH)
    assert counts["none"] < counts["crop"]


# --- dice: the words say what the die net prints ---------------------------------------------------

def dashes(page):
    """(dash array, line width) of every dashed stroke on the page, in PDF points."""
    found = []
    for obj in page.get_objects(max_depth=8):
        if obj.type != raw.FPDF_PAGEOBJ_PATH:
            continue
        count = raw.FPDFPageObj_GetDashCount(obj.raw)
        if count > 0:
            array = (ctypes.c_float * count)()
            raw.FPDFPageObj_GetDashArray(obj.raw, array, count)
            width = ctypes.c_float()
            raw.FPDFPageObj_GetStrokeWidth(obj.raw, width)
            found.append((list(array), width.value))
    return found


def test_the_die_net_prints_dashed_folds_and_the_diagrams_say_dashed(tmp_path, contexts):
    ctx = contexts("tetrarchia")
    spec = next(c for c in ctx.game["components"] if c["kind"] == "die")
    pieces = make_components(replace(ctx, data={**ctx.data, "game": {
        **ctx.game, "components": [spec]}}))[0].pieces
    write_pieces(tmp_path / "die.pdf", pieces[:1], pieces[0].trim)
    folds = dashes(pypdfium2.PdfDocument(str(tmp_path / "die.pdf"))[0])
    assert folds and all(array[0] >= 2 * width for array, width in folds)   # dashes, not dots
    captions = " ".join(step.caption for panel in panels(ctx.game["components"], ctx)
                        for step in panel.steps)
    assert "dashed line" in captions and "dotted" not in captions


# --- duplex test: words for every printer and every ink ----------------------------------------

def duplex_text(tmp_path, contexts, lang="en", **options):
    pdf, _ = duplex_sheet(tmp_path, contexts("demo", lang), PrintOptions(**options))
    return [" ".join(page_text(pdf, i).split()) for i in range(len(pdf))]


def test_the_duplex_test_names_the_colours_only_when_they_print(tmp_path, contexts):
    colour = " ".join(duplex_text(tmp_path, contexts))
    gray = " ".join(duplex_text(tmp_path, contexts, ink="grayscale"))
    assert "blue rings" in colour and "red crosses" in colour
    assert "rings facing you" in gray and "crosses of the back" in gray
    assert "blue" not in gray and "red cross" not in gray


@pytest.mark.parametrize("lang,words", [("en", "flip on the long edge"),
                                        ("es", "volteo por el borde largo")])
def test_the_duplex_test_header_says_the_flip_in_words(tmp_path, contexts, lang, words):
    front = duplex_text(tmp_path, contexts, lang)[0]
    assert words in front and "duplex-long" not in front


def test_the_duplex_test_tells_a_player_with_only_the_pdf_what_to_do(tmp_path, contexts):
    front = duplex_text(tmp_path, contexts)[0]
    assert "whoever built the kit" in front and "printer's settings" in front
    assert "more than 1 mm" in front and "--back-offset X,Y" in front
