"""The duplex calibration sheet, measured on the rendered PDF, and `forge calibrate --save`."""
import math
import tomllib
from dataclasses import replace

import pypdfium2
import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageOps
from pypdf import PdfReader

import forge.cli.calibrate as cli_print
from forge.calibrate import calibration_info, calibration_pages, offset_label
from forge.cli.calibrate import calibrate
from forge.duplex import FLIPS, mirrors_columns
from forge.i18n import Translator
from forge.layout import paper_size
from forge.printing import load_profile
from forge.write import write_pdf

DPI = 300
PX = 25.4 / DPI                 # mm per pixel
TOLERANCE = 0.25                # mm: a cross this close to a ring's centre sits in it
ERRORS = [(0.0, 0.0), (0.5, -1.0), (-3.0, 2.5), (3.0, -3.0), (1.5, 0.5), (-0.5, 3.0)]


# --- measuring the sheet -----------------------------------------------------------------------

def render(pdf_path, index):
    pdf = pypdfium2.PdfDocument(str(pdf_path))
    try:
        return pdf[index].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        pdf.close()


def colour_mask(image, hue):
    """White where the pixel leans clearly to `hue` ('blue' or 'red'), black elsewhere."""
    r, _g, b = image.split()
    lean = ImageChops.subtract(b, r) if hue == "blue" else ImageChops.subtract(r, b)
    return lean.point(lambda v: 255 if v > 60 else 0)


def bands(profile):
    """Runs of non-zero values: (start, end) pixel ranges."""
    runs, start = [], None
    for i, value in enumerate(list(profile) + [0]):
        if value and start is None:
            start = i
        elif not value and start is not None:
            runs.append((start, i))
            start = None
    return runs


def shape_centres(mask, height_mm):
    """Centres (mm, page coordinates, y up) of shapes laid out in separable rows and columns."""
    columns = bands(mask.resize((mask.width, 1), Image.BOX).tobytes())
    rows = bands(mask.resize((1, mask.height), Image.BOX).tobytes())
    centres = []
    for x0, x1 in columns:
        for y0, y1 in rows:
            box = mask.crop((x0, y0, x1, y1)).getbbox()
            if box:
                cx = (x0 + (box[0] + box[2]) / 2) * PX
                cy = (y0 + (box[1] + box[3]) / 2) * PX
                centres.append((cx, height_mm - cy))
    return centres


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    """paper, backs -> (pdf, page size, ring centres, back image seen through the front)."""
    made = {}

    def make(paper, backs, flip_columns=None):
        if (paper, backs) not in made:
            pdf = tmp_path_factory.mktemp("cal") / f"{paper}-{backs}.pdf"
            size = paper_size(paper)
            tr = Translator("en", strict=False)
            write_pdf(pdf, calibration_pages(size, backs, tr), calibration_info(paper, backs, tr))
            rings = shape_centres(colour_mask(render(pdf, 0), "blue"), size[1])
            made[(paper, backs)] = (pdf, size, rings, render(pdf, 1))
        return made[(paper, backs)]
    return make


def crosses_seen_from_front(back, size, columns_mirrored, error):
    """Centres of the back's crosses on the sheet, seen from the front, when the printer puts
    the back content `error` mm too far left and down (the offset that undoes it is `error`)."""
    turned = ImageOps.mirror(back) if columns_mirrored else ImageOps.flip(back)
    ex, ey = error
    shift = (ex, -ey) if columns_mirrored else (-ex, ey)
    return [(x + shift[0], y + shift[1])
            for x, y in shape_centres(colour_mask(turned, "red"), size[1])]


def label_under(pdf_path, ring):
    """The text printed just below a ring on the front page."""
    pdf = pypdfium2.PdfDocument(str(pdf_path))
    try:
        points = 72 / 25.4
        x, y = ring
        text = pdf[0].get_textpage().get_text_bounded(
            (x - 5.5) * points, (y - 6.5) * points, (x + 5.5) * points, (y - 2.0) * points)
        return " ".join(text.split())
    finally:
        pdf.close()


def aligned(rings, crosses):
    """(ring, distance to the nearest cross) for every ring, nearest first."""
    return sorted(((ring, min(math.dist(ring, c) for c in crosses)) for ring in rings),
                  key=lambda pair: pair[1])


CASES = [("a4", backs) for backs in FLIPS] + [("letter", "duplex-short"), ("a3", "duplex-long")]


@pytest.mark.parametrize("paper,backs", CASES)
def test_the_cell_named_after_the_printer_error_is_the_only_aligned_one(sheets, paper, backs):
    pdf, size, rings, back = sheets(paper, backs)
    assert len(rings) == 13 * 13
    for error in ERRORS:
        crosses = crosses_seen_from_front(back, size, mirrors_columns(size, backs), error)
        assert len(crosses) == 13 * 13
        ranked = aligned(rings, crosses)
        (best, distance), (_, runner_up) = ranked[0], ranked[1]
        assert distance <= TOLERANCE, (error, distance)
        assert runner_up > TOLERANCE, (error, runner_up)   # the next cell is a 0.5 mm step off
        assert label_under(pdf, best) == offset_label(error)


def test_the_sheet_is_two_portrait_pages_with_embedded_fonts(sheets):
    pdf, size, _rings, _back = sheets("a4", "fronts-then-backs")
    reader = PdfReader(pdf)
    assert len(reader.pages) == 2
    for page in reader.pages:
        box = page.mediabox
        assert (round(float(box.width) * 25.4 / 72), round(float(box.height) * 25.4 / 72)) == \
            (210, 297)
        fonts = page["/Resources"]["/Font"]
        for ref in fonts.values():
            font = ref.get_object()
            descriptor = font["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor, font["/BaseFont"]


def test_the_sheet_is_reproducible(tmp_path):
    tr = Translator("en", strict=False)
    paths = [tmp_path / "one.pdf", tmp_path / "two.pdf"]
    for path in paths:
        write_pdf(path, calibration_pages(paper_size("letter"), "duplex-long", tr),
                  calibration_info("letter", "duplex-long", tr))
    assert paths[0].read_bytes() == paths[1].read_bytes()


def test_the_sheet_is_translated_into_spanish(tmp_path):
    tr = Translator("es", strict=True)      # a missing translation raises
    pages = calibration_pages(paper_size("a4"), "duplex-short", tr)
    write_pdf(tmp_path / "es.pdf", pages, calibration_info("a4", "duplex-short", tr))
    text = PdfReader(tmp_path / "es.pdf").pages[0].extract_text()
    assert "100 %" in text and "50 mm" in text and "forge calibrate --save" in text
    assert "volteo por el borde corto" in text and "duplex-short" not in text


def test_every_sheet_names_the_edge_to_flip():
    tr = Translator("en", strict=False)
    found = {}
    for backs in FLIPS:
        texts = []

        class Canvas:
            def __getattr__(self, name):
                def record(*args, **kwargs):
                    texts.extend(a for a in args if isinstance(a, str))
                return record

        for page in calibration_pages(paper_size("a4"), backs, tr):
            for draw in page.decorate:
                draw(Canvas())
        found[backs] = " ".join(texts)
    assert "LONG edge" in found["duplex-long"] and "SHORT edge" in found["duplex-short"]
    assert "page 1 only" in found["fronts-then-backs"]


def test_no_calibration_sheet_for_kits_without_backs_on_the_other_side():
    with pytest.raises(ValueError):
        calibration_pages(paper_size("a4"), "fold", Translator("en", strict=False))


# --- the command -------------------------------------------------------------------------------

@pytest.fixture
def config(tmp_path, monkeypatch):
    """A private $XDG_CONFIG_HOME, and the default output folder in tmp_path."""
    home = tmp_path / "config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    monkeypatch.setattr(cli_print, "DEFAULT_OUT", tmp_path / "build")
    return home


def run(*args):
    result = CliRunner().invoke(calibrate, [str(a) for a in args])
    assert "Traceback" not in result.output
    return result


def test_calibrate_writes_the_sheet_and_says_what_next(config, tmp_path):
    result = run("--paper", "letter", "--backs", "duplex-short")
    assert result.exit_code == 0, result.output
    written = tmp_path / "build" / "calibration-letter-duplex-short.pdf"
    assert written.exists() and len(PdfReader(written).pages) == 2
    assert str(written) in result.output or written.name in result.output
    assert "forge calibrate --save X,Y --profile default" in result.output


def test_calibrate_takes_paper_and_backs_from_the_profile(config, tmp_path):
    assert run("--save", "0,0", "--profile", "shop", "--paper", "a3",
               "--backs", "fronts-then-backs").exit_code == 0
    result = run("--profile", "shop", "--out", tmp_path / "sheet.pdf")
    assert result.exit_code == 0, result.output
    assert "--profile shop" in result.output
    box = PdfReader(tmp_path / "sheet.pdf").pages[0].mediabox
    assert round(float(box.width) * 25.4 / 72) == 297


def test_save_writes_a_profile_that_loads_back(config):
    result = run("--save", "0.5,-1", "--profile", "home", "--backs", "duplex-short",
                 "--paper", "letter")
    assert result.exit_code == 0, result.output
    path = config / "forge" / "profiles" / "home.toml"
    assert str(path) in result.output
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data == {"back_offset": [0.5, -1.0], "backs": "duplex-short", "paper": "letter"}
    profile = load_profile("home")
    assert profile.options["back_offset"] == (0.5, -1.0)
    assert profile.options["backs"] == "duplex-short" and profile.paper == "letter"


def test_save_again_keeps_the_other_settings(config):
    assert run("--save", "1,1", "--profile", "home", "--backs", "duplex-short").exit_code == 0
    assert run("--save", "-0.5,2").exit_code == 0                 # the default profile
    assert run("--save", "-1.5,0", "--profile", "home").exit_code == 0
    home = load_profile("home")
    assert home.options == {"back_offset": (-1.5, 0.0), "backs": "duplex-short"}
    assert load_profile("default").options == {"back_offset": (-0.5, 2.0)}


def test_a_negative_offset_is_read_as_a_value_not_an_option(config):
    result = run("--save", "-0.5,1")
    assert result.exit_code == 0, result.output
    assert load_profile("default").options["back_offset"] == (-0.5, 1.0)


@pytest.mark.parametrize("bad,words", [("1", "X,Y"), ("a,b", "X,Y"), ("1,2,3", "X,Y"),
                                        ("20,0", "at most 10 mm")])
def test_a_bad_offset_is_a_clear_error(config, bad, words):
    result = run("--save", bad, "--profile", "home")
    assert result.exit_code == 1
    assert result.output.startswith("error: ") and words in result.output, result.output
    assert not (config / "forge" / "profiles" / "home.toml").exists()


def test_a_bad_profile_name_is_a_clear_error(config):
    result = run("--save", "0,0", "--profile", "my printer")
    assert result.exit_code == 1
    assert "error: " in result.output and "letters, digits" in result.output


# --- the same sheet inside every kit --------------------------------------------------------------

def test_the_kits_duplex_test_page_is_the_calibration_sheet(sheets, tmp_path):
    """The rings of the kit's duplex test page (forge/render/duplextest.py) are where the
    calibration sheet puts them, and its back is the sheet's back: one drawing for both."""
    from forge.impose import impose_components
    from forge.kit import make_components, make_context
    from forge.printing import PrintOptions

    spec = {"id": "duplex-test", "kind": "sheet", "family": "calibration", "name": "Duplex",
            "count": 1, "draw": "duplex-test"}
    options = PrintOptions(backs="duplex-short")
    ctx = make_context("demo", "en", "a4", options=options)
    ctx = replace(ctx, data={**ctx.data, "game": {**ctx.game, "components": [spec]}})
    pages = impose_components(make_components(ctx), ctx.paper_size, options)
    write_pdf(tmp_path / "kit-page.pdf", pages, calibration_info("a4", "duplex-short", ctx.tr))
    size = paper_size("a4")
    kit_rings = shape_centres(colour_mask(render(tmp_path / "kit-page.pdf", 0), "blue"), size[1])
    _pdf, _size, rings, back = sheets("a4", "duplex-short")
    assert len(kit_rings) == len(rings) == 13 * 13
    assert max(min(math.dist(k, r) for r in rings) for k in kit_rings) < 0.1
    kit_back = render(tmp_path / "kit-page.pdf", 1)
    crosses = shape_centres(colour_mask(back, "red"), size[1])
    kit_crosses = shape_centres(colour_mask(kit_back, "red"), size[1])
    assert len(kit_crosses) == len(crosses) == 13 * 13
    assert max(min(math.dist(k, c) for c in crosses) for k in kit_crosses) < 0.1
