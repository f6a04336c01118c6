"""The ink variants, measured on the output: `--ink grayscale` prints only neutral colours, `--ink
saver` uses much less ink and keeps every word, and discs print alike on both faces."""
import functools
import itertools
import re

import pypdf
import pypdfium2
import pytest
from pypdf.generic import ContentStream
from reportlab.pdfgen.canvas import Canvas

from forge.games import DEFAULT_CONTENT, load_game
from forge.ink import apply_ink, gray, is_neutral, lightness, spread_grays
from forge.kit import build_kit, make_context
from forge.model import MM
from forge.printing import PrintOptions
from forge.render import load_makers

FAMILIES = ("instructions", "reference", "sheets", "board", "tokens", "figures", "atlas")

# Most ink the saver may use, as a share of the full-ink kit (1 - mean brightness of the pages).
# Measured (Tetrarchia, en, a4): sheets 41 %, board 49 %, tokens 38 %, figures 49 %, atlas 52 %;
# the text pages have no large fills to drop (about 96-99 %).
SAVER_MOST = {"sheets": 0.52, "board": 0.60, "tokens": 0.50, "figures": 0.60, "atlas": 0.62,
              "instructions": 1.02, "reference": 1.02}


# --- building each variant once ------------------------------------------------------------------

@pytest.fixture(scope="module")
def game():
    return load_game(DEFAULT_CONTENT, "tetrarchia")


def _kit(game, tmp_path_factory, ink):
    out = tmp_path_factory.mktemp(f"ink-{ink}")
    return build_kit(game, "en", "a4", out, options=PrintOptions(ink=ink)).folder


@pytest.fixture(scope="module")
def full_kit(game, tmp_path_factory):
    return _kit(game, tmp_path_factory, "full")


@pytest.fixture(scope="module")
def saver_kit(game, tmp_path_factory):
    return _kit(game, tmp_path_factory, "saver")


@pytest.fixture(scope="module")
def grayscale_kit(game, tmp_path_factory):
    return _kit(game, tmp_path_factory, "grayscale")


def _images(pdf_path, dpi, grayscale=False):
    document = pypdfium2.PdfDocument(str(pdf_path))
    try:
        for page in document:
            image = page.render(scale=dpi / 72, grayscale=grayscale).to_pil()
            yield image.convert("L" if grayscale else "RGB")
    finally:
        document.close()


def coverage(pdf_path, dpi=30) -> float:
    """Mean ink of a PDF's pages: 1 - the mean brightness of every channel of every pixel."""
    shares = []
    for image in _images(pdf_path, dpi):
        data = image.tobytes()
        shares.append(1 - sum(data) / len(data) / 255)
    return sum(shares) / len(shares)


def words(pdf_path) -> set[str]:
    """The words pypdf extracts from a PDF (each file read once: extraction is slow)."""
    return set(_words(str(pdf_path)))


@functools.cache
def _words(pdf_path: str) -> frozenset[str]:
    reader = pypdf.PdfReader(pdf_path)
    return frozenset(w for page in reader.pages for w in re.findall(r"\w+", page.extract_text()))


# --- grayscale ----------------------------------------------------------------------------------

def test_grayscale_kit_has_only_neutral_pixels(grayscale_kit):
    for number, image in enumerate(_images(grayscale_kit / "kit.pdf", 50), start=1):
        data = image.tobytes()
        off = sum(1 for i in range(0, len(data), 3)
                  if abs(data[i] - data[i + 1]) > 2 or abs(data[i + 1] - data[i + 2]) > 2)
        assert off == 0, f"page {number}: {off} coloured pixels"


def _colour_operations(reader):
    """(operator, operands) of every colour-setting operation, in pages and their forms."""
    seen = set()

    def walk(contents, resources):
        for operands, operator in ContentStream(contents, reader).operations:
            if operator in (b"rg", b"RG", b"k", b"K", b"sc", b"scn", b"SC", b"SCN"):
                yield operator.decode(), [float(v) for v in operands
                                          if isinstance(v, (int, float))]
        xobjects = (resources or {}).get("/XObject") or {}
        for name in xobjects:
            ref = xobjects.raw_get(name)
            key = getattr(ref, "idnum", None) or id(ref)
            form = xobjects[name].get_object()
            if key in seen or form.get("/Subtype") != "/Form":
                continue
            seen.add(key)
            yield from walk(form, form.get("/Resources"))

    for page in reader.pages:
        if page.get_contents() is not None:
            yield from walk(page.get_contents(), page.get("/Resources"))


def test_grayscale_kit_sets_only_neutral_colours(grayscale_kit):
    reader = pypdf.PdfReader(str(grayscale_kit / "kit.pdf"))
    operations = list(_colour_operations(reader))
    assert operations, "no colour operators found: the test reads the wrong streams"
    for operator, values in operations:
        if operator in ("rg", "RG") or len(values) == 3:
            assert max(values) - min(values) < 0.005, (operator, values)
        elif operator in ("k", "K") or len(values) == 4:
            assert max(values[:3]) - min(values[:3]) < 0.005, (operator, values)


def assert_same_words(variant_kit, full_kit, family):
    """Every word of the full kit is in the variant; only the instructions page may add words
    (its printing notes say which variant the kit is)."""
    variant, full = words(variant_kit / f"{family}.pdf"), words(full_kit / f"{family}.pdf")
    assert full - variant == set(), family
    if family != "instructions":
        assert variant == full, family


def test_grayscale_keeps_every_word(full_kit, grayscale_kit):
    for family in FAMILIES:
        if family not in ("board", "tokens"):   # slow to read; grayscale changes colours only
            assert_same_words(grayscale_kit, full_kit, family)


# --- ink saver ----------------------------------------------------------------------------------

@pytest.mark.parametrize("family", FAMILIES)
def test_saver_uses_less_ink(full_kit, saver_kit, family):
    full, saver = coverage(full_kit / f"{family}.pdf"), coverage(saver_kit / f"{family}.pdf")
    assert saver <= full * SAVER_MOST[family], \
        f"{family}: saver {saver:.4f} is {saver / full:.0%} of full {full:.4f}"


def test_saver_uses_less_ink_on_the_large_board(full_kit, saver_kit):
    full = coverage(next(full_kit.glob("board-*.pdf")))
    saver = coverage(next(saver_kit.glob("board-*.pdf")))
    assert saver <= full * SAVER_MOST["board"]


@pytest.mark.parametrize("family", FAMILIES)
def test_saver_keeps_every_word(full_kit, saver_kit, family):
    assert_same_words(saver_kit, full_kit, family)


def test_saver_kit_has_the_same_pages(full_kit, saver_kit):
    for family in FAMILIES:
        full = pypdf.PdfReader(str(full_kit / f"{family}.pdf"))
        saver = pypdf.PdfReader(str(saver_kit / f"{family}.pdf"))
        assert len(saver.pages) == len(full.pages), family


# --- pieces in the saver variant ----------------------------------------------------------------

def _image(piece, tmp_path, grayscale=False):
    path = tmp_path / f"{piece.component}-{abs(hash(piece.label))}.pdf"
    canvas = Canvas(str(path), pagesize=(piece.trim[0] * MM, piece.trim[1] * MM))
    canvas.scale(MM, MM)
    piece.draw(canvas)
    canvas.save()
    return next(_images(path, 288, grayscale=grayscale))


def _different(a, b, threshold=40) -> float:
    pixels = list(zip(a.tobytes(), b.tobytes()))
    return sum(abs(x - y) > threshold for x, y in pixels) / len(pixels)


@pytest.fixture(scope="module")
def saver_context():
    return make_context("tetrarchia", "en", "a4", options=PrintOptions(ink="saver"))


def test_saver_emperor_pieces_differ_in_grayscale(saver_context, tmp_path):
    makers = load_makers()
    specs = [c for c in saver_context.game["components"]
             if c["draw"] == "disc" and "emperor" in c.get("style", {})]
    discs = [makers["disc"](spec, saver_context)[0] for spec in specs]
    standee = next(c for c in saver_context.game["components"] if c["draw"] == "standee")
    standees = makers["standee"](standee, saver_context)
    for pieces in (discs, standees):
        assert len(pieces) == 4
        images = [_image(p, tmp_path, grayscale=True) for p in pieces]
        for (i, a), (j, b) in itertools.combinations(enumerate(images), 2):
            assert _different(a, b) > 0.05, (pieces[i].label, pieces[j].label)


def test_saver_agitation_and_revolt_discs_differ(saver_context, tmp_path):
    makers = load_makers()
    pieces = [makers["disc"](spec, saver_context)[0] for spec in saver_context.game["components"]
              if spec["id"] in ("agitation-discs", "revolt-discs")]
    a, b = (_image(p, tmp_path, grayscale=True) for p in pieces)
    assert _different(a, b) > 0.08


def test_saver_counters_leave_the_paper_white(saver_context, tmp_path):
    """No fill runs to the bleed: the corners of every counter stay white."""
    makers = load_makers()
    for spec in saver_context.game["components"]:
        if spec["draw"] != "disc":
            continue
        image = _image(makers["disc"](spec, saver_context)[0], tmp_path)
        w, h = image.size
        for x, y in ((1, 1), (w - 2, 1), (1, h - 2), (w - 2, h - 2)):
            assert image.getpixel((x, y)) == (255, 255, 255), spec["id"]


# --- disc backs ---------------------------------------------------------------------------------

def test_discs_print_the_same_art_on_both_faces():
    ctx = make_context("tetrarchia", "en", "a4")
    makers = load_makers()
    discs = [c for c in ctx.game["components"] if c["draw"] == "disc"]
    assert discs and all(c.get("back") == "same" for c in discs)
    for spec in discs:
        for piece in makers["disc"](spec, ctx):
            assert piece.back is piece.draw


def test_a_disc_without_back_is_one_sided():
    ctx = make_context("tetrarchia", "en", "a4")
    spec = dict(next(c for c in ctx.game["components"] if c["draw"] == "disc"))
    spec.pop("back")
    assert all(piece.back is None for piece in load_makers()["disc"](spec, ctx))


# --- the content transformation -----------------------------------------------------------------

def _colours(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from _colours(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _colours(v)
    elif isinstance(value, str) and re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        yield value


def test_apply_grayscale_makes_every_colour_neutral_and_keeps_the_original():
    ctx = make_context("tetrarchia", "en", "a4")
    before = repr(ctx.data)
    data = apply_ink(ctx.data, "grayscale")
    assert repr(ctx.data) == before
    colours = list(_colours(data))
    assert len(colours) > 20 and all(is_neutral(c) for c in colours)
    levels = sorted(lightness(e["color"]) for e in data["game"]["emperors"])
    assert min(b - a for a, b in zip(levels, levels[1:])) >= 0.11


def test_apply_saver_and_full_leave_the_content_alone():
    ctx = make_context("tetrarchia", "en", "a4")
    assert apply_ink(ctx.data, "saver") == ctx.data
    assert apply_ink(ctx.data, "full") is not ctx.data


def test_gray_keeps_the_luminance():
    assert gray("#ffffff") == "#ffffff" and gray("#000000") == "#000000"
    assert gray("#a3a3a3") == "#a3a3a3"
    assert gray("#00ff00") == "#b6b6b6"          # Rec. 709: green weighs 0.7152


def test_spread_grays_moves_crowded_levels_apart_in_order():
    spread = spread_grays({"a": 0.30, "b": 0.33, "c": 0.40, "d": 0.70}, gap=0.12)
    assert spread["a"] < spread["b"] < spread["c"] < spread["d"]
    assert spread["b"] - spread["a"] >= 0.12 - 1e-9 and spread["c"] - spread["b"] >= 0.12 - 1e-9
    assert spread["d"] == pytest.approx(0.70)
    assert spread_grays({"a": 0.2, "b": 0.6}) == {"a": 0.2, "b": 0.6}
    pressed = spread_grays({"a": 0.10, "b": 0.11}, gap=0.12, bounds=(0.16, 0.84))
    assert pressed == {"a": pytest.approx(0.16), "b": pytest.approx(0.28)}
