"""A designer's day, as docs/content-format.md's tutorial tells it: a new game from `forge new`,
its cards moved to a spreadsheet, its own SVG and PNG art, its own font and its own card layout;
it validates, builds and previews, and the preview shows the art."""
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from forge.cli import main
from forge.games import DEFAULT_CONTENT

COINS = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">
  <g fill="currentColor" stroke="#fff" stroke-width="3">
    <ellipse cx="50" cy="76" rx="34" ry="11"/><ellipse cx="50" cy="60" rx="34" ry="11"/>
    <ellipse cx="50" cy="44" rx="34" ry="11"/></g></svg>
"""
CARDS_CSV = """id,title,text,count,cost,class,icon,picture
gather,Gather,Take two coins from the supply.,3,0,action,art/coins.svg,
build,Build,Pay three coins to build a city. Each city you own scores one point at the end of the game.,2,3,action,city,
harbour,Harbour,Take one coin for each city you own next to the sea.,2,1,action,,art/harbour.png
storm,Storm,Every player discards a coin. The player with the fewest cities draws a card instead.,3,,event,chaos,
"""
LAYOUT = """
layouts:
  - id: harbour
    boxes:
      - {show: frame}
      - {show: title, box: [3, 3, 57.5, 10], font: display, size: 13, lines: 1, color: on-class, upper: true}
      - {show: art, box: [3, 14, 57.5, 36], fill: parchment, shape: rounded, color: class}
      - {show: cost, box: [50, 16, 9, 9], shape: circle, fill: parchment, stroke: ink, color: ink}
      - {show: text, box: [3, 52, 57.5, 26], fill: parchment, shape: rounded, color: ink, size: 10}
      - {show: class-icon, box: [3, 80, 6, 6], color: on-class}
      - {show: class, box: [9, 80, 45, 6], font: sans-bold, size: 7, color: on-class, align: left, upper: true}
"""
HARBOUR_BLUE = (36, 89, 125)


def run(*args) -> str:
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture
def designer_game(tmp_path, monkeypatch) -> Path:
    """The tutorial's VIA FLAMINIA after step 5, made in an empty folder."""
    monkeypatch.chdir(tmp_path)
    run("new", "via-flaminia")
    game = tmp_path / "via-flaminia"
    (game / "art").mkdir()
    (game / "art" / "coins.svg").write_text(COINS, encoding="utf-8")
    Image.new("RGB", (720, 450), HARBOUR_BLUE).save(game / "art" / "harbour.png")   # 300+ dpi
    (game / "fonts").mkdir()
    shutil.copy(DEFAULT_CONTENT.parent / "fonts" / "Cardob101.ttf", game / "fonts" / "Cardo.ttf")
    (game / "cards.csv").write_text(CARDS_CSV, encoding="utf-8")
    cards = (game / "cards.yaml").read_text(encoding="utf-8")
    cards = cards[:cards.index("    cards:")]
    cards = re.sub(r"style: \{([^}]*)\}", r"style: {\1, layout: harbour}", cards, count=1)
    (game / "cards.yaml").write_text(cards + LAYOUT, encoding="utf-8")
    text = (game / "game.yaml").read_text(encoding="utf-8")
    text = re.sub(r"(- id: cards\b[^\n]*\n(?:    [^\n]*\n)*?    count: )\d+", r"\g<1>10", text)
    text = text.replace("components:\n", 'fonts:\n  - {id: display, file: fonts/Cardo.ttf, '
                        'licence: "SIL Open Font License 1.1"}\n\ncomponents:\n', 1)
    (game / "game.yaml").write_text(text, encoding="utf-8")
    run("translations", "update", "--content", tmp_path)
    po = game / "locale" / "es" / "LC_MESSAGES" / "via-flaminia.po"
    po.write_text(po.read_text(encoding="utf-8")
                  .replace('msgid "Harbour"\nmsgstr ""', 'msgid "Harbour"\nmsgstr "Puerto"')
                  .replace('next to the sea."\nmsgstr ""',
                           'next to the sea."\nmsgstr "Toma una moneda por cada ciudad tuya '
                           'junto al mar."'), encoding="utf-8")
    return game


def test_a_designers_game_validates_builds_and_previews(designer_game, tmp_path):
    assert "1 game(s) valid: via-flaminia" in run("validate", "via-flaminia", "--content", ".")
    out = run("build", "via-flaminia", "--content", ".")
    assert "Built 4 kit(s)" in out and "warning" not in out
    preview = run("preview", "via-flaminia", "--content", ".", "--lang", "es", "--paper", "a4",
                  "--dpi", "40", "--out", "preview")
    pages = sorted((tmp_path / "preview").rglob("*.png"))
    assert pages, preview
    assert any(_shows(page, HARBOUR_BLUE) for page in pages)   # the PNG picture is printed


def _shows(path: Path, color, share: float = 0.002) -> bool:
    """Whether a page image has pixels of `color` (within a little), more than `share` of it."""
    image = Image.open(path).convert("RGB")
    near = sum(1 for pixel in image.get_flattened_data()
               if all(abs(a - b) <= 6 for a, b in zip(pixel, color)))
    return near > share * image.width * image.height


def test_a_designers_mistakes_each_give_one_clear_error(designer_game):
    csv = designer_game / "cards.csv"
    csv.write_text(CARDS_CSV.replace("art/coins.svg", "../coins.svg"), encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "via-flaminia", "--content", "."])
    assert result.exit_code == 1 and "may not use '..'" in result.output
    assert "cards.csv" in result.output and "Traceback" not in result.output
