"""A designer's own art: SVG and raster pictures on cards and counters, stored once, confined to the
game's folder, tinted, grayscaled, replayed from the cache, and every bad file one clear error."""
import os
import re
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner, Result
from PIL import Image
from pypdf import PdfReader

from forge import pictures
from forge.cli import main
from forge.games import DEFAULT_CONTENT

ROAD = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">
  <path fill="currentColor" fill-rule="evenodd"
        d="M20 95 L42 5 h16 L80 95 Z M47 20 h6 v12 h-6z M46 45 h8 v14 h-8z"/>
</svg>
"""
SCENE = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 80" width="120" height="80">
  <defs><linearGradient id="sky"><stop offset="0" stop-color="#f0c060"/>
    <stop offset="1" stop-color="#4070c0"/></linearGradient></defs>
  <rect width="120" height="50" fill="url(#sky)"/>
  <rect y="50" width="120" height="30" fill="#3a7a2a"/>
  <circle cx="90" cy="20" r="10" fill="#ffee88"/>
</svg>
"""


def _edit(path: Path, change) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def _png(path: Path, size, color=(180, 40, 30)) -> None:
    Image.new("RGB", size, color).save(path)


@pytest.fixture
def art_game(tmp_path) -> Path:
    """The demo game with art of its own: an SVG class icon, SVG and PNG card pictures and an
    SVG counter icon."""
    game = tmp_path / "content" / "demo"
    shutil.copytree(DEFAULT_CONTENT / "demo", game)
    (game / "art").mkdir(exist_ok=True)
    (game / "art" / "road.svg").write_text(ROAD, encoding="utf-8")
    (game / "art" / "scene.svg").write_text(SCENE, encoding="utf-8")
    _png(game / "art" / "coins.png", (900, 600))

    def cards(data):
        deck = data["decks"][0]
        _built_in_icons(data)       # only this test's art, whatever the demo's own is
        deck["classes"][0]["icon"] = "art/road.svg"
        by_id = {card["id"]: card for card in deck["cards"]}
        by_id["bridge"]["picture"] = "art/scene.svg"
        by_id["paving"]["picture"] = "art/scene.svg"
        by_id["galley"]["picture"] = "art/coins.png"

    def counters(data):
        _built_in_icons(data)
        bandits = next(c for c in data["components"] if c["id"] == "bandits")
        bandits["style"]["icon"] = "art/road.svg"

    _edit(game / "cards.yaml", cards)
    _edit(game / "game.yaml", counters)
    return game


def _built_in_icons(value) -> None:
    """Every icon naming an art file, in a content document, back to a built-in icon."""
    items = value.items() if isinstance(value, dict) else enumerate(value) \
        if isinstance(value, list) else ()
    for key, item in items:
        if key == "icon" and pictures.is_picture(item):
            value[key] = "laurel"
        else:
            _built_in_icons(item)


def _build(game: Path, out: Path, *extra) -> Result:
    return CliRunner().invoke(main, ["build", "demo", "--content", str(game.parent), "--lang",
                                     "en", "--paper", "a4", "--out", str(out), *extra])


def _forms(pdf: Path) -> dict[str, object]:
    """The picture forms of a PDF: every distinct one, found from the pages' resources."""
    found = {}

    def visit(resources):
        xobjects = (resources or {}).get("/XObject") or {}
        for name, ref in xobjects.items():
            obj = ref.get_object()
            if name.startswith("/FormXob.art") and ref.idnum not in found:
                found[ref.idnum] = obj
            if obj.get("/Subtype") == "/Form":
                visit(obj.get("/Resources"))

    for page in PdfReader(pdf).pages:
        visit(page.get("/Resources"))
    return found


def test_a_game_with_its_own_art_builds_and_stores_each_picture_once(art_game, tmp_path):
    result = _build(art_game, tmp_path / "out")
    assert result.exit_code == 0, result.output
    kit = tmp_path / "out" / "demo" / "en" / "a4"
    forms = _forms(kit / "cards.pdf")
    # road.svg tinted twice (the class's foot icon, and the card icon of cards without one),
    # scene.svg once (two cards show it), coins.png once
    assert len(forms) == 4
    names = "".join(PdfReader(kit / "cards.pdf").pages[0].extract_text() or "")
    assert "Stone Bridge" in names or "Paving" in names
    tokens = _forms(kit / "tokens.pdf")
    assert len(tokens) == 1            # six bandit counters place one form
    images = [f for f in forms.values() if _images_in(f)]
    assert len(images) == 1            # the PNG, stored once


def test_svg_pictures_stay_vector(art_game, tmp_path):
    assert _build(art_game, tmp_path / "out").exit_code == 0
    forms = _forms(tmp_path / "out" / "demo" / "en" / "a4" / "cards.pdf")
    vector = [f for f in forms.values() if not _images_in(f)]
    assert len(vector) == 3            # road.svg in two inks, scene.svg
    for form in vector:
        assert re.search(rb"\b(re|l|c)\b", form.get_data())     # drawn with path operators


def _images_in(form) -> list:
    xobjects = (form.get("/Resources") or {}).get("/XObject") or {}
    found = []
    for ref in xobjects.values():
        obj = ref.get_object()
        found += [obj] if obj.get("/Subtype") == "/Image" else _images_in(obj)
    return found


def test_a_rebuild_from_the_cache_is_byte_identical(art_game, tmp_path):
    assert _build(art_game, tmp_path / "out").exit_code == 0
    cards = tmp_path / "out" / "demo" / "en" / "a4" / "cards.pdf"
    first = cards.read_bytes()
    assert _build(art_game, tmp_path / "out", "--force").exit_code == 0
    assert cards.read_bytes() == first


def test_changing_an_art_file_redraws_the_cards_that_show_it(art_game, tmp_path):
    assert _build(art_game, tmp_path / "out").exit_code == 0
    cards = tmp_path / "out" / "demo" / "en" / "a4" / "cards.pdf"
    first = cards.read_bytes()
    (art_game / "art" / "scene.svg").write_text(SCENE.replace("#3a7a2a", "#aa2222"))
    assert _build(art_game, tmp_path / "out").exit_code == 0
    assert cards.read_bytes() != first
    assert any(b"0.666667 0.133333 0.133333" in form.get_data() or b"0.667 0.133" in
               form.get_data() for form in _forms(cards).values())


def test_grayscale_kits_print_pictures_in_grays(art_game, tmp_path):
    assert _build(art_game, tmp_path / "out", "--ink", "grayscale").exit_code == 0
    cards = tmp_path / "out" / "demo" / "en" / "a4" / "cards.pdf"
    for form in _forms(cards).values():
        for r, g, b in re.findall(rb"([\d.]+) ([\d.]+) ([\d.]+) (?:rg|RG)", form.get_data()):
            assert float(r) == float(g) == float(b)
    page = _render(cards)
    assert all(abs(r - g) < 3 and abs(g - b) < 3 for r, g, b in page.get_flattened_data())


def _render(pdf: Path) -> Image.Image:
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    return document[0].render(scale=0.5).to_pil().convert("RGB")


def test_current_color_takes_the_ink_of_where_the_icon_stands(art_game, tmp_path):
    assert _build(art_game, tmp_path / "out").exit_code == 0
    tokens = tmp_path / "out" / "demo" / "en" / "a4" / "tokens.pdf"
    (form,) = _forms(tokens).values()
    data = form.get_data()
    palette = yaml.safe_load((art_game / "game.yaml").read_text())["palette"]
    light = palette["parchment"]                        # light ink on the dark bandit disc
    r, g, b = (int(light[i:i + 2], 16) / 255 for i in (1, 3, 5))
    assert f"{r:.6f}".rstrip("0")[:5].encode() in data


def test_a_picture_below_300_dpi_is_a_warning_naming_the_file(art_game, tmp_path):
    _png(art_game / "art" / "coins.png", (120, 80))
    result = _build(art_game, tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert re.search(r"warning: .*art file 'art/coins\.png' prints at \d+ dpi", result.output)


def _break(game: Path, value: str) -> Result:
    def cards(data):
        deck = data["decks"][0]
        next(c for c in deck["cards"] if c["id"] == "bridge")["picture"] = value

    _edit(game / "cards.yaml", cards)
    return _build(game, game.parent.parent / "out")


@pytest.mark.parametrize("value, said", [
    ("../outside.svg", "may not use '..'"),
    ("/etc/hosts.svg", "relative to the game's folder"),
    ("art/none.svg", "not found"),
    ("art\\road.svg", "relative to the game's folder"),
    ("art/road.txt", "expected"),          # not an art path: the schema refuses the field
])
def test_bad_art_paths_are_one_clear_error(art_game, value, said):
    result = _break(art_game, value)
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    if said != "expected":
        assert said in result.output
        assert re.search(r"cards\.yaml:\d+ decks\[0\]\.cards\[\d+\]\.picture", result.output)


def test_a_link_leading_out_of_the_game_is_refused(art_game, tmp_path):
    outside = tmp_path / "secret.svg"
    outside.write_text(ROAD)
    os.symlink(outside, art_game / "art" / "link.svg")
    result = _break(art_game, "art/link.svg")
    assert result.exit_code == 1 and "outside" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("content, said", [
    ("<svg xmlns='http://www.w3.org/2000/svg'><path d='M0 0'</svg>", "is not valid SVG: line 1"),
    ("<html><body/></html>", "not SVG"),
    ("<!DOCTYPE svg [<!ENTITY x 'y'>]><svg xmlns='http://www.w3.org/2000/svg'/>", "DTD"),
    ("<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' "
     "width='10' height='10'><image xlink:href='file:///etc/passwd' width='5' height='5'/></svg>",
     "refers to"),
    ("\x1f\x8bnot really", "compressed"),
    ("<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' "
     "width='10' height='10'><defs><rect id='a0' width='1' height='1'/>"
     + "".join(f"<g id='a{i}'><use xlink:href='#a{i - 1}'/><use xlink:href='#a{i - 1}'/></g>"
               for i in range(1, 30)) + "</defs><use xlink:href='#a29'/></svg>", "more than 20,000"),
    ("<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' "
     "width='10' height='10'><g id='a'><use xlink:href='#a'/></g></svg>", "in a loop"),
    ("<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' "
     "width='10' height='10'><image width='5' height='5' xlink:href='data:image/svg+xml;base64,"
     "PHN2Zy8+'/></svg>", "refers to"),
    ("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'>" + "<g>" * 1000
     + "<rect width='1' height='1'/>" + "</g>" * 1000 + "</svg>", "more than 64 levels deep"),
    ("<svg xmlns='http://www.w3.org/2000/svg' width='1e30' height='1e30'>"
     "<rect width='1' height='1'/></svg>", "larger than any page"),
])
def test_a_broken_svg_is_one_clear_error(art_game, content, said):
    (art_game / "art" / "bad.svg").write_bytes(content.encode("latin-1"))
    result = _break(art_game, "art/bad.svg")
    assert result.exit_code == 1, result.output
    assert said in result.output and "art/bad.svg" in result.output
    assert "card 'bridge'" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("data, said", [
    (b"\x89PNG\r\n\x1a\nbroken", "not a readable PNG or JPEG"),
    (b"", "not a readable PNG or JPEG"),
])
def test_a_broken_raster_is_one_clear_error(art_game, data, said):
    (art_game / "art" / "bad.png").write_bytes(data)
    result = _break(art_game, "art/bad.png")
    assert result.exit_code == 1 and said in result.output
    assert "Traceback" not in result.output


def test_a_raster_of_absurd_size_is_refused_before_it_is_decoded(art_game, tmp_path):
    _png(art_game / "art" / "huge.png", (9000, 9000), (0, 0, 0))
    result = _break(art_game, "art/huge.png")
    assert result.exit_code == 1 and "more than a kit needs" in result.output


def test_an_unknown_icon_name_suggests_art_files(art_game):
    def cards(data):
        data["decks"][0]["classes"][0]["icon"] = "no-such-icon"

    _edit(art_game / "cards.yaml", cards)
    result = _build(art_game, art_game.parent.parent / "out")
    assert result.exit_code == 1 and "unknown icon 'no-such-icon'" in result.output
    assert "art file" in result.output


def test_load_picture_refuses_paths_that_leave_the_folder(tmp_path):
    for value in ("../a.svg", "/a.svg", "C:/a.svg", "a/../../b.svg"):
        with pytest.raises(pictures.PictureError):
            pictures.load_picture(tmp_path, value, "here")


BOARD = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400mm"
  height="300mm"><rect width="400" height="300" fill="#d8c8a0"/>
  <path d="M20 280 C 120 200, 250 260, 380 40" stroke="#7a1f12" stroke-width="8" fill="none"/>
</svg>
"""


def _with_picture_components(game: Path, board_file="art/board.svg", translate=True) -> None:
    (game / "art" / "board.svg").write_text(BOARD, encoding="utf-8")

    def components(data):
        data["families"].append({"id": "board", "name": "Board"})
        data["components"] += [
            {"id": "road-map", "kind": "board", "family": "board", "name": "Milestones",
             "count": 1, "trim": [400, 300], "bleed": 3, "draw": "picture",
             "style": {"file": board_file, "fit": "cover"}},
            {"id": "tiles", "kind": "counter", "family": "tokens", "name": "Bandits",
             "count": 4, "trim": [30, 30], "bleed": 2, "draw": "picture", "back": "same",
             "style": {"file": "art/road.svg", "fit": "stretch"}}]
        labels = next(c for c in data["components"] if c["draw"] == "envelope-labels")
        labels["count"] += 1                    # one more kind of token, one more envelope

    _edit(game / "game.yaml", components)
    if translate:
        _translate_new_names(game)


def _translate_new_names(game: Path) -> None:
    """Catalog entries for new names, each translated as itself (as a translator would fill)."""
    result = CliRunner().invoke(main, ["translations", "update", "--content", str(game.parent)])
    assert result.exit_code == 0, result.output
    for po in game.glob("locale/*/LC_MESSAGES/*.po"):
        text = po.read_text(encoding="utf-8")
        po.write_text(re.sub(r'msgid "([^"\n]+)"\nmsgstr ""\n', r'msgid "\1"\nmsgstr "\1"\n',
                             text), encoding="utf-8")


def test_a_board_and_tiles_print_straight_from_art_files(art_game, tmp_path):
    _with_picture_components(art_game)
    result = _build(art_game, tmp_path / "out")
    assert result.exit_code == 0, result.output
    kit = tmp_path / "out" / "demo" / "en" / "a4"
    board = PdfReader(kit / "board.pdf")
    assert len(board.pages) == 4                 # 400 x 300 mm tiled over A4 pages
    assert len(_forms(kit / "board.pdf")) == 1   # one form placed on every tile
    assert (kit / "road-map-a3.pdf").exists()    # and whole on one large page
    assert len(_forms(kit / "tokens.pdf")) == 2  # the bandits' tinted road, the tiles' own


def test_a_picture_component_naming_a_missing_file_is_refused_at_its_line(art_game, tmp_path):
    _with_picture_components(art_game, board_file="art/missing.svg", translate=False)
    result = _build(art_game, tmp_path / "out")
    assert result.exit_code == 1
    assert re.search(r"game\.yaml:\d+ components\[\d+\]\.style\.file: art file "
                     r"'art/missing\.svg' not found", result.output), result.output


def test_without_the_cairo_library_svg_art_is_one_clear_error(art_game, tmp_path, monkeypatch):
    monkeypatch.setattr(pictures, "cairo_problem", lambda: "no library called 'cairo-2'")
    pictures._svg_page.cache_clear()
    try:
        result = _build(art_game, tmp_path / "out")
    finally:
        pictures._svg_page.cache_clear()
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "SVG art needs the cairo library" in result.output
    assert "apt-get install libcairo2" in result.output
