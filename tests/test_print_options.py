"""Print options on whole kits and from profiles: what a user who changes them gets on paper."""
import json

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from forge.cli import main
from forge.errors import UserError
from forge.kit import build_kit
from forge.layout import PAPERS
from forge.model import MM
from forge.printing import PrintOptions, load_profile, resolve, save_profile

pytestmark = pytest.mark.slow


def page_mm(page):
    return round(float(page.mediabox.width) / MM, 1), round(float(page.mediabox.height) / MM, 1)


def fonts_embedded(path):
    reader = PdfReader(path)
    for page in reader.pages:
        resources = page.get("/Resources") or {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            assert descriptor is not None, font
            descriptor = descriptor.get_object()
            assert "/FontFile2" in descriptor, font.get("/BaseFont")
            assert "+" in str(font["/BaseFont"]), "not a subset"


@pytest.fixture(scope="module")
def option_kits(tmp_path_factory, tetrarchia):
    """Tetrarchia built with several non-default option sets."""
    out = tmp_path_factory.mktemp("options")
    sets = {
        "fold-lines": PrintOptions(backs="fold", marks="lines", bleed=6.0),
        "single-board": PrintOptions(board="single", backs="fronts-then-backs",
                                     back_offset=(1.0, -0.5)),
        "bleedless": PrintOptions(bleed=0.0, marks="none", backs="none"),
    }
    return {name: build_kit(tetrarchia, "en", "a4", out / name, options)
            for name, options in sets.items()}


def test_every_option_set_gives_embedded_fonts_and_paper_sized_pages(option_kits):
    for result in option_kits.values():
        for name in result.files:
            if not name.endswith(".pdf"):
                continue
            fonts_embedded(result.folder / name)
            for page in PdfReader(result.folder / name).pages:
                size = page_mm(page)
                assert sorted(size) in ([210.0, 297.0], [297.0, 420.0]), (name, size)


def test_manifest_records_the_options_and_the_layout(option_kits):
    manifest = option_kits["fold-lines"].manifest
    assert manifest["print"]["backs"] == "fold" and manifest["print"]["bleed"] == 6.0
    discs = next(c for c in manifest["components"] if c["id"] == "agitation-discs")
    assert discs["bleed_mm"] == 6.0 and discs["two_sided"] and discs["per_page"] > 0
    dice = next(c for c in manifest["components"] if c["id"] == "die-numbers")
    assert dice["bleed_mm"] == 0     # nets are cut along their own outline: no bleed added
    bleedless = option_kits["bleedless"].manifest
    sheets = next(c for c in bleedless["components"] if c["id"] == "summary-sheets")
    assert sheets["bleed_mm"] == 0 and sheets["shared_cuts"]


def test_single_board_is_one_large_page_in_board_pdf(option_kits):
    result = option_kits["single-board"]
    assert "board-a3.pdf" not in result.files
    pages = PdfReader(result.folder / "board.pdf").pages
    assert len(pages) == 1 and sorted(page_mm(pages[0])) == [297.0, 420.0]


def test_fronts_then_backs_puts_every_back_after_the_fronts(option_kits):
    result = option_kits["single-board"]
    reader = PdfReader(result.folder / "tokens.pdf")
    count = len(reader.pages)
    assert count % 2 == 0 and count >= 2
    tokens = next(c for c in result.manifest["components"] if c["id"] == "agitation-discs")
    assert tokens["pages"] == [1, 1 + count // 2] or tokens["pages"][0] == 1


def _instructions_text(result) -> str:
    """The text of the instructions pages (after the cover) of a kit's instructions file."""
    reader = PdfReader(result.folder / "instructions.pdf")
    entry = next(c for c in result.manifest["components"] if c["id"] == "instructions")
    return " ".join(reader.pages[n - 1].extract_text() for n in entry["pages"]).replace("\n", " ")


def test_instructions_state_the_layout_and_the_backs(option_kits):
    text = _instructions_text(option_kits["fold-lines"])
    assert "across a dashed fold line" in text
    assert "per page" in text.lower() or "(portrait)" in text or "(landscape)" in text
    assert "crop marks" not in text and "long cut lines" in text
    text = _instructions_text(option_kits["single-board"])
    assert "turned over along its long edge" in text
    text = _instructions_text(option_kits["bleedless"])       # no bleed, no marks: nor words
    assert "(bleed)" not in text and "crop marks" not in text and "No cut marks" in text


def test_duplex_families_start_on_the_front_of_a_sheet_in_kit_pdf(built_kits):
    for result in built_kits.values():
        manifest = result.manifest
        for entry in manifest["components"]:
            if entry["two_sided"]:
                assert entry["kit_pages"][0] % 2 == 1, entry["id"]
        assert len(PdfReader(result.folder / "kit.pdf").pages) == manifest["pages"]


@pytest.mark.parametrize("paper", ["a3", "tabloid"])
def test_large_paper_kits_hold_the_board_on_one_page(tmp_path, tetrarchia, paper):
    result = build_kit(tetrarchia, "en", paper, tmp_path)
    assert not any(name.startswith("board-") for name in result.files)
    board = next(c for c in result.manifest["components"] if c["id"] == "board")
    assert board["pages"] == [1]
    for page in PdfReader(result.folder / "board.pdf").pages:
        assert sorted(page_mm(page)) == sorted(round(v, 1) for v in PAPERS[paper])


def test_unchanged_kit_is_not_rebuilt_and_a_change_is(tmp_path, content_copy):
    from forge.games import load_game

    game = load_game(content_copy, "tetrarchia")
    first = build_kit(game, "en", "a4", tmp_path)
    again = build_kit(game, "en", "a4", tmp_path)
    assert not first.skipped and again.skipped
    assert again.files == first.files
    other = build_kit(game, "en", "a4", tmp_path, PrintOptions(ink="grayscale"))
    assert not other.skipped
    board = content_copy / "tetrarchia" / "board.yaml"
    board.write_text(board.read_text(encoding="utf-8") + "\n# touched\n", encoding="utf-8")
    assert not build_kit(load_game(content_copy, "tetrarchia"), "en", "a4", tmp_path).skipped
    (tmp_path / "tetrarchia" / "en" / "a4" / "tokens.pdf").unlink()
    assert not build_kit(load_game(content_copy, "tetrarchia"), "en", "a4", tmp_path).skipped


# --- profiles -----------------------------------------------------------------------------------

@pytest.fixture
def config_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path / "config"


def test_profile_round_trip_and_precedence(config_home):
    path = save_profile("home", back_offset=(0.5, -1.0), ink="saver", paper="letter")
    assert path == config_home / "forge" / "profiles" / "home.toml"
    profile = load_profile("home")
    assert profile.options == {"back_offset": (0.5, -1.0), "ink": "saver"}
    assert profile.paper == "letter"
    options, paper = resolve("home", ink="full", backs=None)
    assert options.back_offset == (0.5, -1.0) and options.ink == "full" and paper == "letter"
    save_profile("home", backs="fold")
    assert load_profile("home").options["back_offset"] == (0.5, -1.0)


@pytest.mark.parametrize("text, message", [
    ("inkk = 'saver'\n", "unknown setting 'inkk'"),
    ("back_offset = [1]\n", "back_offset must be two numbers"),
    ("ink = 'sepia'\n", "ink must be one of"),
    ("bleed = 4\n", "bleed must be one of"),
    ("back_offset = [30, 0]\n", "each at most 10 mm either way"),
    ("paper = 'a5'\n", "paper must be one of"),
    ("ink = \n", "not a valid TOML file"),
])
def test_bad_profiles_name_the_file_and_the_setting(config_home, text, message):
    folder = config_home / "forge" / "profiles"
    folder.mkdir(parents=True)
    (folder / "bad.toml").write_text(text, encoding="utf-8")
    with pytest.raises(UserError) as caught:
        load_profile("bad")
    assert message in str(caught.value)
    assert "bad.toml" in str(caught.value) or "bleed" in message


def test_build_reads_the_profile_and_the_command_line_wins(config_home, tmp_path):
    save_profile("shop", paper="letter", marks="lines", backs="none")
    runner = CliRunner()
    result = runner.invoke(main, ["build", "tetrarchia", "--lang", "en", "--profile", "shop",
                                  "--marks", "none", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "tetrarchia" / "en" / "letter" / "kit.json").read_text())
    assert manifest["print"]["marks"] == "none" and manifest["print"]["backs"] == "none"
    again = runner.invoke(main, ["build", "tetrarchia", "--lang", "en", "--profile", "shop",
                                 "--marks", "none", "--out", str(tmp_path)])
    assert "up to date" in again.output


@pytest.mark.parametrize("args, message", [
    (["--profile", "nowhere"], "no print profile 'nowhere'"),
    (["--back-offset", "1"], "a back offset is two numbers"),
    (["--back-offset", "1,x"], "a back offset is two numbers"),
    (["--back-offset", "40,0"], "at most"),
])
def test_bad_print_options_are_clear_errors(config_home, tmp_path, args, message):
    result = CliRunner().invoke(main, ["build", "tetrarchia", "--out", str(tmp_path), *args])
    assert result.exit_code == 1
    assert message in result.output
    assert "Traceback" not in result.output
