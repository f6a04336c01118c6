"""The token, standee and die-net makers: counts, sizes, fonts, fitted text, folded dice."""
from pathlib import Path

import pypdf
import pytest
import yaml
from reportlab.pdfgen.canvas import Canvas

from forge import fonts
from forge.errors import ContentError, UserError
from forge.i18n import Translator
from forge.model import MM
from forge.render import MAKERS, dice, pieces, textfit
from forge.render.context import RenderContext

GAME_YAML = Path(__file__).resolve().parents[2] / "content" / "tetrarchia" / "game.yaml"
OUR_MAKERS = ("disc", "standee", "die-net")

# Names and titles as the Spanish rulebook writes them, and one far longer than any real one.
RULEBOOK_ES = [("Diocleciano", "Augusto del Este"), ("Galerio", "César del Este"),
               ("Constancio", "César del Oeste"), ("Maximiano", "Augusto del Oeste")]
STRESS = [("Constantius Chlorus Flavius", "Augustus of the West and of all the Provinces")]


def context(lang: str) -> RenderContext:
    """The game as the makers see it; game.yaml alone while other content is still being built."""
    from forge.kit import make_context

    try:
        return make_context("tetrarchia", lang, "a4", check_catalogs=False)
    except ContentError:
        data = {"game": yaml.safe_load(GAME_YAML.read_text(encoding="utf-8"))}
        return RenderContext("tetrarchia", lang, data, Translator(lang, strict=False), "a4",
                             (210.0, 297.0))


@pytest.fixture(scope="module", params=["en", "es"])
def ctx(request):
    return context(request.param)


def components(ctx, draw=OUR_MAKERS):
    return [c for c in ctx.game["components"] if c["draw"] in draw]


class Recorder(Canvas):
    """A canvas that remembers every string drawn, with its font and size."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.strings = []

    def drawString(self, x, y, text, *args, **kwargs):
        self.strings.append((text, self._fontname, self._fontsize))
        return super().drawString(x, y, text, *args, **kwargs)

    def drawCentredString(self, x, y, text, *args, **kwargs):
        self.strings.append((text, self._fontname, self._fontsize))
        return super().drawCentredString(x, y, text, *args, **kwargs)


def draw_piece(canvas, piece, x=0.0, y=0.0):
    canvas.saveState()
    canvas.translate((x + piece.bleed) * MM, (y + piece.bleed) * MM)
    canvas.scale(MM, MM)
    piece.draw(canvas)
    canvas.restoreState()


# --- counts and sizes ---------------------------------------------------------------------------

def test_every_maker_is_registered():
    assert set(OUR_MAKERS) <= set(MAKERS)


def test_discs_and_dice_give_one_piece_per_copy(ctx):
    for component in components(ctx, ("disc", "die-net")):
        made = MAKERS[component["draw"]](component, ctx)
        assert len(made) == component["count"], component["id"]
        for piece in made:
            assert piece.trim == tuple(component["trim"])
            assert piece.bleed == component.get("bleed", 0)
            assert piece.component == component["id"] and piece.kind == component["kind"]
            assert piece.label == component["name"]


def test_one_standee_per_emperor_labelled_with_his_name(ctx):
    component, = components(ctx, ("standee",))
    made = pieces.make_standees(component, ctx)
    assert len(made) == component["count"] == len(ctx.game["emperors"])
    for piece, emperor in zip(made, ctx.game["emperors"]):
        assert piece.trim == tuple(component["trim"]) and piece.bleed == component["bleed"]
        assert component["name"] in piece.label and emperor["name"] in piece.label


def test_a_disc_without_fill_and_icon_or_emperor_is_refused(ctx):
    component = dict(components(ctx, ("disc",))[0], style={"fill": "revolt"})
    with pytest.raises(UserError, match="style"):
        pieces.make_discs(component, ctx)


def test_a_die_trim_too_small_for_the_net_is_refused(ctx):
    component = dict(components(ctx, ("die-net",))[0], trim=[60, 40])
    with pytest.raises(UserError, match="smaller than the die net"):
        dice.make_die_nets(component, ctx)


def test_die_trim_is_the_nets_bounding_box(ctx):
    for component in components(ctx, ("die-net",)):
        assert tuple(component["trim"]) == pytest.approx(dice.net_size())
        assert component.get("bleed", 0) == 0


# --- drawing and fonts --------------------------------------------------------------------------

def test_every_piece_draws_and_embeds_only_truetype_fonts(ctx, tmp_path):
    path = tmp_path / "pieces.pdf"
    fonts.register_fonts()      # reportlab names an initial font on every page: make it a kit font
    canvas = Canvas(str(path), pagesize=(300 * MM, 300 * MM), initialFontName=fonts.SANS)
    for component in components(ctx):
        for piece in MAKERS[component["draw"]](component, ctx):
            draw_piece(canvas, piece)
        canvas.showPage()
    canvas.save()
    reader = pypdf.PdfReader(str(path))
    seen = set()
    for page in reader.pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            font = font.get_object()
            if font["/Subtype"] == "/Type0":
                font = font["/DescendantFonts"][0].get_object()
            seen.add(str(font["/BaseFont"]))
            assert "/FontFile2" in font["/FontDescriptor"].get_object(), font["/BaseFont"]
    assert seen, "the standees and the Roman die print text, so some font must be embedded"


def test_bleed_of_shared_cut_discs_is_the_edge_colour(ctx, tmp_path):
    """Discs laid edge to edge: a stray cut must show the same colour, never white or a line."""
    pdfium = pytest.importorskip("pypdfium2")
    for component in components(ctx, ("disc",)):
        piece = MAKERS["disc"](component, ctx)[0]
        (w, h), b = piece.trim, piece.bleed
        path = tmp_path / f"{component['id']}.pdf"
        canvas = Canvas(str(path), pagesize=((w + 2 * b) * MM, (h + 2 * b) * MM))
        draw_piece(canvas, piece)
        canvas.save()
        scale = 10 / MM                                       # 10 pixels per mm
        image = pdfium.PdfDocument(str(path))[0].render(scale=scale).to_pil().convert("RGB")
        px = lambda x, y: image.getpixel((round((x + b) * 10), round((b + h - y) * 10)))  # noqa
        corner = px(0.4, 0.4)                                 # just inside the trim's corner
        for x, y in ((-b + 0.3, -b + 0.3), (w + b - 0.3, h + b - 0.3), (w / 2, -b + 0.3),
                     (-b + 0.3, h / 2), (w - 0.2, h - 0.2)):
            assert px(x, y) == corner, (component["id"], x, y)


# --- standee text -------------------------------------------------------------------------------

def standee_strings(ctx, emperors):
    component, = components(ctx, ("standee",))
    recorder = Recorder("/dev/null")
    for emperor in emperors:
        pieces.draw_standee(recorder, emperor, ("#ffffff", "#000000"),
                            tuple(component["trim"]), component["bleed"])
    return recorder.strings, component["trim"][0]


def with_names(ctx, names):
    base = ctx.game["emperors"]
    return [dict(base[i % len(base)], name=n, title=t) for i, (n, t) in enumerate(names)]


@pytest.mark.parametrize("names", ["game", "rulebook-es", "stress"])
def test_standee_text_fits_the_face(ctx, names):
    emperors = {"game": ctx.game["emperors"], "rulebook-es": with_names(ctx, RULEBOOK_ES),
                "stress": with_names(ctx, STRESS)}[names]
    strings, width = standee_strings(ctx, emperors)
    limit = width - 2 * pieces.SAFE
    printed = " ".join(text for text, _font, _size in strings)
    for emperor in emperors:
        assert emperor["name"] in printed and emperor["initial"] in printed
        for word in emperor["title"].split():
            assert word in printed
    for text, font, size in strings:
        assert fonts.text_width(text, font, size) <= limit + 1e-6, (text, size)
    assert all(not fonts.missing_glyphs(text, font) for text, font, _ in strings)


def test_standee_names_stay_readable(ctx):
    """Fitting shrinks type, but the real names never drop below 6 points."""
    strings, _ = standee_strings(ctx, ctx.game["emperors"] + with_names(ctx, RULEBOOK_ES))
    assert min(size for _, _, size in strings) >= 6 * 25.4 / 72


def test_fit_lines_breaks_long_text_and_never_overflows():
    lines, size = textfit.fit_lines("Augustus of the West and of all the East", fonts.SERIF, 5, 20)
    assert len(lines) == 2
    assert max(fonts.text_width(line, fonts.SERIF, size) for line in lines) <= 20
    assert textfit.fit_lines("Galerius", fonts.SERIF, 3, 50) == (["Galerius"], 3)


# --- dice ---------------------------------------------------------------------------------------

def test_the_net_folds_into_a_cube_with_opposites_summing_to_seven():
    assert sorted(dice.VALUES) == sorted(dice.CELLS)
    assert sorted(dice.VALUES.values()) == [1, 2, 3, 4, 5, 6]
    pairs = dice.opposite_pairs(dice.CELLS)
    assert len(pairs) == 3
    assert all(dice.VALUES[a] + dice.VALUES[b] == 7 for a, b in pairs)


def test_one_two_three_run_anticlockwise_once_printed_side_out():
    """Rolling the cube over the net puts the print inside, which mirrors the corner."""
    axes = {dice.VALUES[cell]: dice.face_axis(r) for cell, r in dice.fold(dice.CELLS).items()}
    (a1, a2, a3), (b1, b2, b3), (c1, c2, c3) = axes[1], axes[2], axes[3]
    det = a1 * (b2 * c3 - b3 * c2) - a2 * (b1 * c3 - b3 * c1) + a3 * (b1 * c2 - b2 * c1)
    assert det == -1


def test_seven_tabs_close_the_cube():
    tabs = dice.tab_edges(dice.CELLS)
    assert len(tabs) == 7 and len(dice.outline_edges(dice.CELLS)) == 14
    assert sum(t.side == "right" for t in tabs) == 3


def test_a_shape_that_is_no_cube_net_is_refused():
    with pytest.raises(ValueError):
        dice.fold([(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)])


def test_the_numeral_die_prints_each_face_once(ctx):
    for component in components(ctx, ("die-net",)):
        recorder = Recorder("/dev/null")
        piece, = dice.make_die_nets(component, ctx)
        piece.draw(recorder)
        printed = sorted(text for text, _, _ in recorder.strings)
        expected = [] if component["style"]["pips"] else sorted(component["style"]["faces"])
        assert printed == expected
