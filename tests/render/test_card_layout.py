"""Card layouts as data: a designer's own boxes in cards.yaml draw the deck, in every language and
ink, with the game's own fonts and art, and every mistake in a layout is one clear error."""
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from pypdf import PdfReader

from forge.cli import main
from forge.errors import UserError
from forge.games import DEFAULT_CONTENT
from forge.kit import make_components, make_context
from forge.printing import PrintOptions
from forge.render.card_layout import DataFace

ROAD = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">
  <path fill="currentColor" d="M20 95 L42 5 h16 L80 95 Z"/></svg>
"""
TALL_ART = {"id": "tall-art", "boxes": [
    {"show": "frame"},
    {"show": "art", "box": [3, 3, 57.5, 42], "fill": "parchment", "shape": "rounded"},
    {"show": "title", "box": [3, 46, 57.5, 9], "color": "on-class", "font": "display",
     "size": 12, "lines": 1, "upper": True},
    {"show": "text", "box": [3, 56, 57.5, 24], "fill": "parchment", "shape": "rounded",
     "color": "ink", "size": 9, "min_size": 6},
    {"show": "cost", "box": [49, 5, 9.5, 9.5], "shape": "circle", "fill": "gold",
     "stroke": "ink", "line": 1, "color": "ink", "size": 13},
    {"show": "class-icon", "box": [4, 80.5, 6, 6], "color": "on-class"},
    {"show": "class", "box": [10, 80.5, 40, 6], "color": "on-class", "align": "left",
     "size": 7, "upper": True},
]}


def _edit(path: Path, change) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


@pytest.fixture
def designer_game(tmp_path) -> Path:
    """The demo game with a layout of its own, its own font and an SVG picture on one card."""
    game = tmp_path / "content" / "demo"
    shutil.copytree(DEFAULT_CONTENT / "demo", game)
    (game / "fonts").mkdir()
    shutil.copy(DEFAULT_CONTENT.parent / "fonts" / "DejaVuSansCondensed-Bold.ttf",
                game / "fonts" / "Display.ttf")
    (game / "art").mkdir(exist_ok=True)
    (game / "art" / "road-scene.svg").write_text(ROAD, encoding="utf-8")

    def cards(data):
        data["layouts"] = [TALL_ART]
        deck = data["decks"][0]
        deck["style"]["layout"] = "tall-art"
        next(c for c in deck["cards"] if c["id"] == "bridge")["picture"] = "art/road-scene.svg"

    def game_yaml(data):
        data["fonts"] = [{"id": "display", "file": "fonts/Display.ttf",
                          "licence": "Bitstream Vera licence (DejaVu fonts)"}]

    _edit(game / "cards.yaml", cards)
    _edit(game / "game.yaml", game_yaml)
    return game


def _cards(game: Path, lang="en", ink="full", strict=True):
    ctx = make_context("demo", lang, "a4", game.parent, check_catalogs=strict,
                       options=PrintOptions(ink=ink) if ink != "full" else PrintOptions())
    return make_components(ctx, only={"card"})[0]


def _build(game: Path, out: Path, *extra):
    return CliRunner().invoke(main, ["build", "demo", "--content", str(game.parent), "--out",
                                     str(out), *extra])


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_data_layout_draws_every_card(designer_game, lang):
    component = _cards(designer_game, lang)
    face = component.pieces[0].draw.keywords["face"]
    assert isinstance(face, DataFace)
    shows = [box.show for box in face.boxes]
    assert shows[:3] == ["frame", "art", "title"]
    title = next(box for box in face.boxes if box.show == "title")
    assert title.font.startswith("game:demo:display") and title.lines[0].isupper()
    bridge = next(p for p in component.pieces if "Stone Bridge" in p.label or "Puente" in p.label)
    assert "art/road-scene.svg" in {p.path for p in bridge.pictures}
    art = next(box for box in bridge.draw.keywords["face"].boxes if box.show == "art")
    assert art.icon.path == "art/road-scene.svg" and art.icon.color == ""   # its own colours


def test_a_kit_with_a_data_layout_builds_and_embeds_the_game_font(designer_game, tmp_path):
    result = _build(designer_game, tmp_path / "out", "--lang", "es", "--paper", "letter")
    assert result.exit_code == 0, result.output
    pdf = PdfReader(tmp_path / "out" / "demo" / "es" / "letter" / "cards.pdf")
    fonts = {str(f) for page in pdf.pages
             for f in (page["/Resources"].get("/Font") or {}).values()
             for f in [f.get_object()["/BaseFont"]]}
    assert any("DejaVuSansCondensed-Bold" in f for f in fonts)
    text = pdf.pages[0].extract_text()
    assert "PUENTE DE PIEDRA" in text or "LOSAS DE PIEDRA" in text


def test_the_saver_ink_drops_the_frame_and_fills(designer_game):
    face = _cards(designer_game, ink="saver").pieces[0].draw.keywords["face"]
    assert "frame" not in [box.show for box in face.boxes]
    assert all(not box.fill for box in face.boxes)
    assert any(box.stroke for box in face.boxes)


def test_a_blank_cost_draws_no_cost_box(designer_game):
    component = _cards(designer_game)
    favour = next(p for p in component.pieces if "Favour" in p.label)
    assert "cost" not in [b.show for b in favour.draw.keywords["face"].boxes]


def _break_layout(game: Path, change) -> str:
    def cards(data):
        change(data["layouts"][0])

    _edit(game / "cards.yaml", cards)
    with pytest.raises(UserError) as caught:
        _cards(game)
    return str(caught.value)


@pytest.mark.parametrize("change, said", [
    (lambda layout: layout["boxes"][1].update(box=[3, 3, 80, 42]), "leaves the card"),
    (lambda layout: layout["boxes"][1].pop("box"), "needs 'box"),
    (lambda layout: layout["boxes"][3].update(size=30, min_size=25), "does not fit its box"),
    (lambda layout: layout["boxes"][4].update(fill="no-such-colour"), "unknown colour"),
    (lambda layout: layout["boxes"][2].update(font="fancy"), "no font 'fancy'"),
])
def test_a_broken_layout_is_one_clear_error_naming_card_and_box(designer_game, change, said):
    message = _break_layout(designer_game, change)
    assert said in message
    assert "layout 'tall-art' box" in message and "card '" in message


def test_a_font_lacking_a_glyph_is_one_clear_error(designer_game):
    def cards(data):
        data["decks"][0]["cards"][0]["title"] = "Paving Stones 漢"

    _edit(designer_game / "cards.yaml", cards)
    with pytest.raises(UserError) as caught:
        _cards(designer_game, strict=False)
    message = str(caught.value)
    assert "cannot draw 漢 U+6F22" in message and "'display'" in message
    assert "card 'paving'" in message and "box 3 (title)" in message


def test_an_unknown_layout_lists_the_known_ones(designer_game):
    def cards(data):
        data["decks"][0]["style"]["layout"] = "tall"

    _edit(designer_game / "cards.yaml", cards)
    with pytest.raises(UserError) as caught:
        _cards(designer_game)
    assert "no layout 'tall' (layouts: title, corners, tall-art)" in str(caught.value)


def test_a_layout_field_of_the_wrong_kind_is_refused_at_its_line(designer_game):
    def cards(data):
        data["layouts"][0]["boxes"][0]["show"] = "portrait"

    _edit(designer_game / "cards.yaml", cards)
    result = CliRunner().invoke(main, ["validate", "demo", "--content",
                                       str(designer_game.parent), "--no-layout"])
    assert result.exit_code == 1
    assert "cards.yaml:" in result.output and "layouts[0].boxes[0].show" in result.output


def test_boxes_meant_for_the_bleed_are_cut_to_the_bleed_a_kit_prints(tmp_path):
    """The demo's road runs 3 mm into the bleed: with --bleed 0 it is cut at the trim, and the
    strips lying wholly in the bleed are left out, so the kit still builds."""
    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT / "demo", content / "demo")
    ctx = make_context("demo", "en", "a4", content, options=PrintOptions(bleed=0.0))
    component = make_components(ctx, only={"card"})[0]
    for piece in component.pieces:
        face = piece.draw.keywords["face"]
        for box in face.boxes:
            x, y, width, height = box.rect
            assert x >= -0.001 and y >= -0.001
            assert x + width <= piece.trim[0] + 0.001 and y + height <= piece.trim[1] + 0.001
