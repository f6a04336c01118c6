"""The print-shop variant (`forge build --print-shop`), checked by the tools a prepress
department uses: qpdf, poppler's pdfinfo and pdffonts, Ghostscript's separations."""
import re
import shutil
import subprocess

import pytest
from click.testing import CliRunner
from PIL import Image

from forge.cli import main
from forge.model import MM
from forge.printshop import ShopError, cmyk, cmyk_image, cmyk_operators, to_print_shop

TOOLS = {tool: shutil.which(tool) for tool in ("qpdf", "gs", "pdfinfo", "pdffonts")}


def needs(*tools):
    missing = [tool for tool in tools if TOOLS[tool] is None]
    return pytest.mark.skipif(bool(missing), reason=f"{', '.join(missing)} not installed "
                              f"(scripts/setup installs ghostscript and qpdf; pdfinfo and "
                              f"pdffonts come with poppler-utils)")


def tool(*args) -> str:
    done = subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    """The demo game's print-shop folder, built through the command line."""
    out = tmp_path_factory.mktemp("printshop")
    result = CliRunner().invoke(main, ["build", "demo", "--lang", "en", "--paper", "a4",
                                       "--out", str(out), "--print-shop"])
    assert result.exit_code == 0, result.output
    assert "print-shop files (PDF/X-1a, CMYK)" in result.output
    return out / "demo" / "en" / "a4" / "print-shop"


# --- colour -------------------------------------------------------------------------------------

def test_black_near_black_and_grays_use_black_ink_only():
    assert cmyk(0, 0, 0) == (0, 0, 0, 1)
    assert cmyk(0x2a / 255, 0x21 / 255, 0x18 / 255) == (0, 0, 0, 1)     # a dark brown text ink
    assert cmyk(0.5, 0.5, 0.5) == pytest.approx((0, 0, 0, 0.5))
    assert cmyk(1, 1, 1) == pytest.approx((0, 0, 0, 0))


def test_colours_keep_their_hue_with_black_for_darkness():
    assert cmyk(1, 0, 0) == pytest.approx((0, 1, 1, 0))
    c, m, y, k = cmyk(0x7a / 255, 0x1f / 255, 0x12 / 255)                 # a dark red
    assert c == 0 and m > 0.7 and y > 0.8 and 0.5 < k < 0.55


def test_content_operators_become_cmyk_but_text_strings_do_not():
    content = (b"q 0 0 0 rg 1 0 0 RG BT (1 0 0 rg) Tj ET 0.25 g /DeviceRGB cs 0 0 1 sc "
               b"/P0 scn Q 1 0 0 rg")
    assert cmyk_operators(content) == (
        b"q 0 0 0 1 k 0 1 1 0 K BT (1 0 0 rg) Tj ET 0 0 0 0.75 k /DeviceCMYK cs 1 1 0 0 sc "
        b"/P0 scn Q 0 1 1 0 k")
    assert cmyk_operators(b"0.5 sc 0.2 SC") == (      # in the initial DeviceGray
        b"/DeviceCMYK cs 0 0 0 0.5 sc /DeviceCMYK CS 0 0 0 0.8 SC")


def test_images_become_cmyk_pixels():
    image = Image.new("RGB", (3, 1))
    image.putdata([(255, 0, 0), (0, 0, 0), (255, 255, 255)])
    assert cmyk_image(image).tobytes() == bytes([0, 255, 255, 0, 0, 0, 0, 255, 0, 0, 0, 0])


def test_transparency_is_refused_not_flattened(tmp_path):
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "glass.pdf"
    canvas = Canvas(str(path))
    canvas.setFillAlpha(0.5)
    canvas.rect(10, 10, 50, 50, fill=1)
    canvas.save()
    with pytest.raises(ShopError, match="glass.pdf, page 1: transparency"):
        to_print_shop(path, "glass")


GRADIENT_SVG = """<svg xmlns="http://www.w3.org/2000/svg"
 xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100"><defs>
 <linearGradient id="g"><stop offset="0" stop-color="#c03020"/>
 <stop offset="0.5" stop-color="#20a040"/><stop offset="1" stop-color="#2040c0"/></linearGradient>
 </defs><rect width="200" height="60" fill="url(#g)"/>
 <image x="10" y="65" width="40" height="20" xlink:href="data:image/png;base64,{png}"/></svg>"""


@needs("qpdf", "gs")
def test_art_gradients_and_images_become_cmyk(tmp_path):
    """An SVG's gradient (a shading with an RGB colour function) and embedded image, as
    forge.pictures copies them into a kit, come out in CMYK."""
    import base64
    import io

    from forge.model import Piece
    from forge.pictures import draw_picture, load_picture
    from forge.printshop import piece_pages
    from forge.write import DocInfo, write_pdf

    png = io.BytesIO()
    Image.new("RGB", (20, 10), (200, 30, 30)).save(png, "PNG")
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "g.svg").write_text(GRADIENT_SVG.format(
        png=base64.b64encode(png.getvalue()).decode()))
    picture = load_picture(tmp_path, "art/g.svg", "test")
    piece = Piece("art", "card", (60, 30), 3,
                  lambda c: draw_picture(c, picture, 0, 0, 60, 30), pictures=(picture,))
    path = tmp_path / "art.pdf"
    write_pdf(path, piece_pages([piece]), DocInfo("art", "", "", "", "en"))
    to_print_shop(path, "art")
    plain = tmp_path / "plain.pdf"
    tool("qpdf", "--qdf", "--object-streams=disable", path, plain)
    text = plain.read_bytes().decode("latin-1")
    assert "/DeviceRGB" not in text and "/ShadingType 2" in text and "/Subtype /Image" in text
    cyan, magenta, yellow, black = (float(v) for v in tool(
        "gs", "-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=ink_cov", "-o", "-", path).split()[:4])
    assert cyan > 5 and magenta > 5 and yellow > 5      # blue, red and green all print


# --- the files, as the tools see them ----------------------------------------------------------

def test_one_file_per_component(shop):
    """Every component has its file, except the home kit's cover, checklist and duplex test."""
    from forge.games import find_games
    from forge.printshop import home_only

    specs = find_games(None)["demo"].load().data("en")["game"]["components"]
    expected = {f"{spec['id']}.pdf" for spec in specs if spec["draw"] not in home_only()}
    assert {p.name for p in shop.iterdir()} == expected
    assert {"road-cards.pdf", "bandits.pdf"} <= expected


def test_the_files_are_reproducible(shop, tmp_path):
    """Built again, every print-shop file is the same byte for byte."""
    result = CliRunner().invoke(main, ["build", "demo", "--lang", "en", "--paper", "a4",
                                       "--out", str(tmp_path), "--print-shop", "--force"])
    assert result.exit_code == 0, result.output
    again = tmp_path / "demo" / "en" / "a4" / "print-shop"
    for path in shop.iterdir():
        assert (again / path.name).read_bytes() == path.read_bytes(), path.name


@needs("qpdf")
def test_qpdf_finds_no_error(shop):
    for path in shop.iterdir():
        assert "No syntax or stream encoding errors found" in tool("qpdf", "--check", path)


def _boxes(path) -> list[dict]:
    """Each page's boxes (pt) as pdfinfo -box reports them."""
    text = tool("pdfinfo", "-box", "-f", 1, "-l", 9999, path)
    pages: dict[int, dict] = {}
    for number, name, values in re.findall(r"Page\s+(\d+) (\w+Box):\s+([-\d. ]+)", text):
        pages.setdefault(int(number), {})[name] = [float(v) for v in values.split()]
    return [pages[n] for n in sorted(pages)]


@needs("pdfinfo")
def test_each_page_is_one_face_of_trim_plus_bleed(shop):
    cards = _boxes(shop / "road-cards.pdf")
    assert len(cards) == 24                 # 12 road cards, front and back
    bleed = 3 * MM
    for page in cards:
        assert page["MediaBox"] == page["BleedBox"]
        x0, y0, x1, y1 = page["TrimBox"]
        assert (x0, y0) == (pytest.approx(bleed, abs=0.01), pytest.approx(bleed, abs=0.01))
        assert x1 - x0 == pytest.approx(63.5 * MM, abs=0.02)
        assert y1 - y0 == pytest.approx(88.9 * MM, abs=0.02)
        assert page["MediaBox"][2] == pytest.approx(x1 + bleed, abs=0.01)
    for path in shop.iterdir():
        assert all("TrimBox" in page and "BleedBox" in page for page in _boxes(path))


@needs("pdfinfo")
def test_pdfinfo_sees_pdfx_1a(shop):
    for path in shop.iterdir():
        report = tool("pdfinfo", path)
        assert re.search(r"PDF subtype:\s+PDF/X-1a:2003", report)
        assert re.search(r"PDF version:\s+1\.4", report)


@needs("pdffonts")
def test_every_font_is_embedded(shop):
    for path in shop.iterdir():
        rows = tool("pdffonts", path).splitlines()[2:]
        for row in rows:
            assert re.search(r"\s(yes)\s+(yes)\s+(yes|no)\s+\d+\s+\d+$", row), row


@needs("qpdf")
def test_no_rgb_is_left_and_the_output_intent_is_there(shop, tmp_path):
    for path in shop.iterdir():
        plain = tmp_path / path.name
        tool("qpdf", "--qdf", "--object-streams=disable", path, plain)
        text = plain.read_bytes().decode("latin-1")
        assert "/DeviceRGB" not in text
        assert not re.search(r"(?m)[\d.]\s+(rg|RG|g|G)\s*$", text)
        assert re.search(r"[\d.]\s+k\b", text)
        assert re.search(r"/S /GTS_PDFX", text)
        assert "/OutputConditionIdentifier (FOGRA39)" in text
        assert re.search(r"/Trapped /False", text)
        assert "/SMask" not in text


@needs("gs")
def test_ghostscript_sees_cmyk_ink(shop):
    report = tool("gs", "-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=ink_cov", "-o", "-",
                  shop / "road-cards.pdf")
    lines = [line.split() for line in report.splitlines() if line.strip()]
    assert len(lines) == 24 and all(line[4:6] == ["CMYK", "OK"] for line in lines)
    front = [float(v) for v in lines[0][:4]]
    assert front[1] > 5 and front[2] > 5 and front[3] > 5     # the card's colours survive


@needs("gs")
def test_black_text_is_on_the_black_plate_alone(shop, tmp_path):
    """Ghostscript's separations of a card front: where the black plate is solid (text and
    lines), the cyan, magenta and yellow plates carry no ink at all."""
    base = tmp_path / "card.tif"
    tool("gs", "-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=tiffsep", "-r150", "-dFirstPage=1",
         "-dLastPage=1", "-o", base, shop / "road-cards.pdf")
    plates = {name: Image.open(tmp_path / f"card({name}).tif").convert("L")
              for name in ("Cyan", "Magenta", "Yellow", "Black")}
    black = plates["Black"].tobytes()       # separations: 0 is full ink, 255 none
    solid = [i for i, v in enumerate(black) if v == 0]
    assert len(solid) > 500                  # the card's text
    for name in ("Cyan", "Magenta", "Yellow"):
        data = plates[name].tobytes()
        assert all(data[i] == 255 for i in solid), name
    for name in ("Magenta", "Yellow"):      # the card's red-brown band, elsewhere
        assert min(plates[name].tobytes()) < 128, name


def test_the_files_name_the_kits_makers_not_the_publisher(shop):
    from pypdf import PdfReader

    for path in shop.iterdir():
        assert PdfReader(str(path)).metadata.author == "Players, with forge", path.name
