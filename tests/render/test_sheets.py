"""The text sheets: summary sheets, rules reference and instructions page, in every language and
paper; the layout module's overflow error; rulers; and that templates show words only via _()."""
import copy
import re
from dataclasses import replace
from pathlib import Path

import pypdf
import pytest
from jinja2 import nodes
from reportlab.pdfgen.canvas import Canvas

from forge.errors import UserError
from forge.games import DEFAULT_CONTENT, load_game
from forge.i18n import TEMPLATE_DIR, extract_program_messages
from forge.model import MM
from forge.render import MAKERS, flow, load_makers, sheets
from forge.render.context import RenderContext
from forge.render.tetrarchia import summary

load_makers()

REPO = Path(__file__).resolve().parents[2]
SHEET_MAKERS = ("summary-sheet", "rules-reference", "instructions")
SHEET_TEMPLATES = ("summary-sheet.xml.j2", "rules-reference.xml.j2", "instructions.xml.j2",
                   "sheet-blocks.xml.j2")
LANGS, PAPERS = ("en", "es"), ("a4", "letter")


# --- contexts -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def game():
    return load_game(DEFAULT_CONTENT, "tetrarchia", check_catalogs=False)


def make_ctx(game, lang, paper, manifest=()) -> RenderContext:
    """The game in `lang` on `paper`, from the complete catalogs."""
    from forge.kit import context_for

    return replace(context_for(game, lang, paper), manifest=manifest)


def fake_manifest(ctx) -> tuple:
    """What the kit builder reports, near enough: one page per component, in order."""
    rows, page = [], 1
    for c in ctx.game["components"]:
        rows.append({"id": c["id"], "kind": c["kind"], "family": c["family"], "name": c["name"],
                     "count": c["count"], "trim_mm": c.get("trim") or list(ctx.paper_size),
                     "file": f"{c['family']}.pdf", "pages": [page], "howto": c.get("howto", "")})
        page += 1
    return tuple(rows)


@pytest.fixture(scope="module", params=[(l, p) for l in LANGS for p in PAPERS],
                ids=lambda lp: f"{lp[0]}-{lp[1]}")
def ctx(request, game):
    lang, paper = request.param
    base = make_ctx(game, lang, paper)
    return replace(base, manifest=fake_manifest(base), large_board="board-a3.pdf")


def component(ctx, draw):
    return next(c for c in ctx.game["components"] if c["draw"] == draw)


def make(ctx, draw):
    """Run a sheet maker the way the kit builder does, through the registry."""
    return MAKERS[draw](component(ctx, draw), ctx)


def draw_pdf(pieces, path: Path) -> Canvas:
    """Draw pieces one per page, placed the way imposition does (translate, then scale to mm)."""
    canvas = Canvas(str(path))
    for piece in pieces:
        margin = 10
        canvas.setPageSize(((piece.trim[0] + 2 * margin) * MM, (piece.trim[1] + 2 * margin) * MM))
        canvas.saveState()
        canvas.translate(margin * MM, margin * MM)
        canvas.scale(MM, MM)
        piece.draw(canvas)
        canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return canvas


# --- every sheet fits, in both languages on both papers ------------------------------------------

@pytest.mark.parametrize("draw", SHEET_MAKERS)
def test_every_sheet_maker_fits_and_draws(ctx, draw, tmp_path):
    spec = component(ctx, draw)
    pieces = make(ctx, draw)
    trim = tuple(spec["trim"]) if "trim" in spec else ctx.paper_size
    assert pieces and all(p.trim == trim for p in pieces)
    assert all(p.bleed == spec.get("bleed", 0) for p in pieces)
    assert len(pieces) == spec["count"]             # the kit builder insists on the count
    draw_pdf(pieces, tmp_path / f"{draw}.pdf")
    assert len(pypdf.PdfReader(tmp_path / f"{draw}.pdf").pages) == len(pieces)


def test_summary_sheets_one_per_emperor(ctx):
    pieces = make(ctx, "summary-sheet")
    assert [p.label for p in pieces] == [e["name"] for e in ctx.game["emperors"]]


def test_reference_is_at_most_two_pages(ctx):
    assert len(make(ctx, "rules-reference")) <= 2
    spec = component(ctx, "rules-reference")
    markup = sheets.render_markup("rules-reference.xml.j2", ctx,
                                  colors=sheets.sheet_colors(ctx, ctx.game["palette"]["route"]))
    width, height = ctx.paper_size
    pages = flow.layout(markup, width - 2 * sheets.PAGE_MARGIN,
                        height - 2 * sheets.PAGE_MARGIN - sheets.FOOTER, where="test",
                        min_size=sheets.REFERENCE_MIN_PT, max_pages=spec["count"])
    assert len(pages) <= 2


def test_reference_prints_every_word_once(ctx, tmp_path):
    """Splitting columns across pages loses and repeats nothing."""
    markup = sheets.render_markup("rules-reference.xml.j2", ctx,
                                  colors=sheets.sheet_colors(ctx, ctx.game["palette"]["route"]))
    source = _words(" ".join(_texts(flow.build(markup, where="test"))))
    draw_pdf(make(ctx, "rules-reference"), tmp_path / "ref.pdf")
    printed = " ".join(page.extract_text() for page in pypdf.PdfReader(tmp_path / "ref.pdf").pages)
    footer = _words(" ".join(_footers(ctx)))
    assert sorted(_words(printed)) == sorted(source + footer)


def _texts(flowables):
    for item in flowables:
        if hasattr(item, "getPlainText"):
            yield (getattr(item, "bulletText", None) or "") + " " + item.getPlainText()
        for inner in getattr(item, "content", None) or []:
            yield from _texts([inner])
        for row in getattr(item, "_cellvalues", None) or []:
            for cell in row:
                yield from _texts(cell if isinstance(cell, list) else [cell])


def _footers(ctx):
    title = ctx.data["sheets"]["reference"]["title"]
    return [ctx.tr._("{title} · {sheet} · page {page} of {pages}").format(
        title=ctx.game["title"], sheet=title, page=n, pages=2) for n in (1, 2)]


def _words(text):
    return re.findall(r"\w+", text.upper())


# --- rulers -------------------------------------------------------------------------------------

def test_rulers_measure_exactly_50_mm_and_2_in(ctx, tmp_path):
    piece = make(ctx, "instructions")[0]
    draw_pdf([piece], tmp_path / "instructions.pdf")
    rulers = [f for f in piece.draw.keywords["flowables"] if isinstance(f, flow.Ruler)]
    lengths = sorted(abs(r.drawn_at[1][0] - r.drawn_at[0][0]) for r in rulers)
    assert [r.drawn_at[0][1] == pytest.approx(r.drawn_at[1][1]) for r in rulers] == [True, True]
    assert lengths == [pytest.approx(50 * MM, abs=1e-6), pytest.approx(2 * 72.0, abs=1e-6)]


def test_ruler_too_long_for_its_box_is_an_error():
    with pytest.raises(UserError, match="ruler does not fit"):
        flow.layout('<sheet><ruler mm="50"/></sheet>', 40, 50, where="tiny box")


# --- overflow and readability -------------------------------------------------------------------

def test_overlong_summary_text_raises_a_clear_error(game):
    ctx = make_ctx(game, "es", "a4")
    data = copy.deepcopy(ctx.data)
    data["sheets"]["summary"]["sections"][0]["blocks"].append({"p": "Texto muy largo. " * 300})
    with pytest.raises(flow.Overflow, match=r"summary sheet 'diocletian' \(es, a4\): the text "
                                            r"does not fit its \d+ x \d+ mm box; about \d+ mm"):
        summary.make_summary_sheets(component(ctx, "summary-sheet"), replace(ctx, data=data))


def test_overlong_reference_raises_naming_the_pages(game):
    ctx = make_ctx(game, "en", "letter")
    data = copy.deepcopy(ctx.data)
    data["sheets"]["reference"]["sections"] *= 2
    with pytest.raises(flow.Overflow, match=r"rules reference \(en, letter\): .* 2 pages; about "
                                            r"\d+ mm more is needed"):
        sheets.make_rules_reference(component(ctx, "rules-reference"), replace(ctx, data=data))


def test_overflow_in_a_plain_box():
    with pytest.raises(flow.Overflow, match="demo: the text does not fit its 50 x 20 mm box"):
        flow.layout("<sheet><p>" + "word " * 400 + "</p></sheet>", 50, 20, where="demo")


def test_text_that_fits_is_laid_out_whole():
    pages = flow.layout("<sheet><h2>Title</h2><p>" + "word " * 40 + "</p></sheet>", 80, 60,
                        where="demo")
    assert len(pages) == 1 and len(pages[0]) == 2


def test_text_below_the_minimum_size_is_refused():
    with pytest.raises(UserError, match="6.5 pt, below the 7 pt"):
        flow.build('<sheet size="6.5"><p>small</p></sheet>', where="demo", min_size=7)


def test_a_character_the_font_lacks_is_refused():
    with pytest.raises(UserError, match="cannot draw"):
        flow.build("<sheet><p>漢</p></sheet>", where="demo")


def test_bad_markup_is_named():
    with pytest.raises(UserError, match="demo: unknown element <blink>"):
        flow.build("<sheet><blink>x</blink></sheet>", where="demo")


def test_a_heading_never_ends_a_box():
    story = flow.build("<sheet><p>" + "word " * 120 + "</p><h2>Heading</h2><p>" + "text " * 60
                       + "</p></sheet>", where="demo")
    for height in range(20, 60):
        pages = flow.paginate(story, 60, height, where="demo", max_pages=20)
        assert all(page[-1].getPlainText() != "Heading" for page in pages[:-1])


def test_columns_split_across_boxes_keep_everything():
    words = [f"w{i}" for i in range(300)]
    story = flow.build("<sheet><columns n='2'>" + "".join(f"<p>{w}</p>" for w in words)
                       + "</columns></sheet>", where="demo")
    pages = flow.paginate(story, 100, 60, where="demo", max_pages=20)
    assert len(pages) > 1
    assert all(len(page) == 1 for page in pages)    # a split part fills its box: nothing after it
    drawn = []
    for page in pages:
        for item in page:
            for column in item.columns:
                drawn += [p.getPlainText() for p in column]
    assert drawn == words


# --- translations -------------------------------------------------------------------------------

def _template_ast(name):
    env = sheets.environment()
    source = (TEMPLATE_DIR / name).read_text(encoding="utf-8")
    return env.parse(source)


@pytest.mark.parametrize("name", SHEET_TEMPLATES)
def test_templates_show_words_only_through_underscore(name):
    """Literal text between tags holds no words: every word comes from content or _()."""
    tree = _template_ast(name)
    literal = "\x00".join(data.data for data in tree.find_all(nodes.TemplateData))
    between_tags = re.sub(r"<[^>]*>", " ", literal)      # tags may hold expressions (\x00)
    words = re.findall(r"[^\W\d_]{2,}", between_tags)
    assert not words, f"{name}: literal words {words}"
    for call in tree.find_all(nodes.Call):
        if isinstance(call.node, nodes.Name) and call.node.name == "_":
            assert len(call.args) == 1 and isinstance(call.args[0], nodes.Const) \
                and isinstance(call.args[0].value, str), f"{name}: _() needs one literal string"


def test_template_strings_reach_the_program_catalog():
    found = extract_program_messages()
    for msgid in ("Checklist", "Print at 100 % (actual size).", "The province hit holds",
                  "{title} · {sheet} · page {page} of {pages}", "US Letter"):
        assert msgid in found


def test_every_sheet_string_has_spanish(game):
    """Game texts of rules.yaml and sheets.yaml and the sheets' program strings, in Spanish."""
    ctx = make_ctx(game, "es", "a4")
    ours = [t for t in game.texts if t.doc.name in ("rules.yaml", "sheets.yaml")]
    missing = [t.english for t in ours if _value(ctx.data, t) == t.english
               and not _same_in_spanish(t.english)]
    programs = [m for m, where in extract_program_messages().items()
                if any(w[0].startswith(("templates/", "forge/render/sheets.py")) for w in where)]
    missing += [m for m in programs if ctx.tr._(m) == m and not _same_in_spanish(m)]
    assert not missing


def _value(data, text):
    target = data[text.doc.stem]
    for part in text.at:
        target = target[part]
    return target


def _same_in_spanish(text):
    return text in {"normal", "PI", "A4", "A3", "50 mm"}


# --- the rules data ------------------------------------------------------------------------------

def test_rules_data_carries_the_rulebook_numbers(game):
    rules = game.docs["rules"].data
    assert rules["action_points"] == 6
    assert rules["turn_order"] == [e["id"] for e in game.meta["emperors"]]
    costs = {k: v["pi"] for k, v in rules["costs"].items()}
    assert costs == {"move": 1, "move_broken": 2, "move_fleet": 1, "revolt_surcharge": 1,
                     "sail": 1, "protect": 1, "protect_frontier": 2, "subdue_agitation": 1,
                     "subdue_revolt": 2, "revolt_to_agitation": 1}
    rows = {r["id"]: (r["low"], r["normal"], r["high"]) for r in rules["difficulty"]["rows"]}
    assert rows == {"discs": (5, 4, 3), "fleets": (3, 2, 1), "extra_revolts": (0, 1, 2),
                    "armies": (0, 1, 2)}
    levels = {lv["id"]: lv["digits"] for lv in rules["difficulty"]["levels"]}
    assert levels["normal"] == [r["normal"] for r in rules["difficulty"]["rows"]]
    for digits in levels.values():
        for digit, row in zip(digits, rules["difficulty"]["rows"]):
            assert digit in (row["low"], row["normal"], row["high"])
    points = {i["id"]: i["points"] for i in rules["score"]["items"]}
    assert points["frontier_protected"] * rules["victory"]["frontiers"] + points["italia_free"] \
        == rules["score"]["max"] == 10
    assert rules["broken_links"]["connected_from"] == 4
    assert rules["victory"]["frontiers"] == 6


def test_a_block_holds_one_kind_of_content(game):
    ctx = make_ctx(game, "en", "a4")
    data = copy.deepcopy(ctx.data)
    data["sheets"]["reference"]["sections"][0]["blocks"][0] = {"p": "One.", "h": "Two."}
    with pytest.raises(UserError, match=r"reference.sections\[0\].blocks\[0\]: a block holds "
                                        r"exactly one"):
        sheets.make_rules_reference(component(ctx, "rules-reference"), replace(ctx, data=data))


def test_an_unknown_placeholder_is_named(game):
    ctx = make_ctx(game, "en", "a4")
    data = copy.deepcopy(ctx.data)
    data["sheets"]["reference"]["sections"][0]["blocks"][0] = {"p": "Spend {points} PI."}
    with pytest.raises(UserError, match=r"unknown placeholder \{points\}"):
        sheets.make_rules_reference(component(ctx, "rules-reference"), replace(ctx, data=data))


def test_content_markup_is_escaped_but_for_bold_and_italic(game):
    ctx = make_ctx(game, "en", "a4")
    data = copy.deepcopy(ctx.data)
    data["sheets"]["reference"]["sections"][0]["blocks"][0] = {"p": "<b>A</b> & <u>B</u> < C"}
    markup = sheets.render_markup("rules-reference.xml.j2", replace(ctx, data=data),
                                  colors=sheets.sheet_colors(ctx, "#7a1f12"))
    assert "<p><b>A</b> &amp; &lt;u&gt;B&lt;/u&gt; &lt; C</p>" in markup


def test_an_overflow_quotes_the_first_words_that_did_not_fit():
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, Spacer

    body = getSampleStyleSheet()["BodyText"]
    story = [Paragraph("Fits.", body), Spacer(1, 30 * MM), Paragraph("", body),
             Paragraph("Turn order: the first words " + "and more " * 40, body)]
    with pytest.raises(flow.Overflow, match='more is needed, from "Turn order: the first words'):
        flow.paginate(story, 60, 12, where="demo")
