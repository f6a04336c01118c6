"""A game's own fonts (game.yaml `fonts:`): registered, resolved, embedded, keyed, refused."""
import os
import shutil
import struct
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from forge import fonts
from forge.cli.doctor import doctor
from forge.errors import ContentError, UserError
from forge.games import DEFAULT_CONTENT, load_game
from forge.kit import build_kit, make_components, make_context
from forge.model import Page, Piece, Placement, pt
from forge.piece_cache import PieceCache
from forge.places import FONT_DIR
from forge.validation import validate_game
from forge.write import DocInfo, write_pdf

SANS_FILE = FONT_DIR / "DejaVuSansCondensed.ttf"
LICENCE = "Bitstream Vera licence (fonts/LICENSE.txt)"


def fonts_block(file: str, font_id: str = "display", licence: str = LICENCE) -> str:
    return f"fonts:\n  - id: {font_id}\n    file: {file}\n    licence: \"{licence}\"\n"


@pytest.fixture
def content(tmp_path) -> Path:
    """A content folder holding a copy of the demo game with its own font, fonts/Display.ttf."""
    target = tmp_path / "content" / "demo"
    shutil.copytree(DEFAULT_CONTENT / "demo", target)
    (target / "fonts").mkdir()
    shutil.copy(SANS_FILE, target / "fonts" / "Display.ttf")
    set_fonts(target, fonts_block("fonts/Display.ttf"))
    return target.parent


def set_fonts(game: Path, block: str) -> int:
    """Put `block` at the end of the game's game.yaml; the line of its `file:` field."""
    original = (DEFAULT_CONTENT / "demo" / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(original + block, encoding="utf-8")
    return original.count("\n") + 3


def context(content: Path, lang="en"):
    return make_context("demo", lang, "a4", content)


def refusal(content: Path) -> str:
    with pytest.raises(ContentError) as caught:
        context(content)
    assert len(caught.value.problems) == 1, caught.value
    return str(caught.value)


# --- registered and resolved ---------------------------------------------------------------------

def test_the_game_font_is_registered_under_a_game_name(content):
    ctx = context(content)
    name = ctx.fonts["display"]
    assert name.startswith(fonts.GAME_PREFIX + "demo:display:")
    assert ctx.font("display") == name
    assert fonts.text_width("Via Appia", name, 10) > 0
    assert fonts.missing_glyphs("Vía Appia", name) == set()


def test_forge_fonts_keep_their_names_beside_the_game_fonts(content):
    ctx = context(content)
    assert ctx.font("serif") == fonts.SERIF
    assert ctx.font("sans-bold") == fonts.SANS_BOLD
    with pytest.raises(UserError) as caught:
        ctx.font("fancy")
    assert "'fancy'" in str(caught.value)
    assert "serif-italic" in str(caught.value) and "display" in str(caught.value)


def test_a_game_without_fonts_has_none():
    assert make_context("demo", "en", "a4").fonts == {}


def test_a_changed_file_is_a_new_font_in_the_same_process(content):
    first = context(content).fonts["display"]
    shutil.copy(FONT_DIR / "EBGaramond12-Regular.ttf", content / "demo" / "fonts" / "Display.ttf")
    second = context(content).fonts["display"]
    assert second != first and second.startswith(fonts.GAME_PREFIX + "demo:display:")
    assert fonts.missing_glyphs("☺", first) == set()         # DejaVu draws it
    assert fonts.missing_glyphs("☺", second) == {"☺"}        # EB Garamond does not


# --- built and embedded ----------------------------------------------------------------------------

def test_a_game_with_its_own_font_builds(content, tmp_path):
    result = build_kit(load_game(content, "demo"), "en", "a4", tmp_path / "out")
    assert (result.folder / "kit.pdf").is_file()


def font_page(name: str) -> Page:
    def draw(canvas):
        canvas.setFont(name, pt(14))
        canvas.drawString(2, 10, "Via Appia")

    piece = Piece("sample", "card", (60, 20), 0, draw, key="piece-sha256:" + "ab" * 32)
    return Page((210, 297), [Placement(piece, 20, 20)])


def embedded_fonts(path: Path) -> list:
    resources = PdfReader(path).pages[0]["/Resources"]
    found = []
    for xobject in resources.get("/XObject", {}).values():
        found += list(xobject.get_object().get("/Resources", {}).get("/Font", {}).values())
    found += list(resources.get("/Font", {}).values())
    return [font.get_object() for font in found]


def test_the_game_font_is_embedded_live_and_replayed(content, tmp_path):
    name = context(content).fonts["display"]
    cache = PieceCache(tmp_path / "cache.json")
    live, replayed = tmp_path / "live.pdf", tmp_path / "replayed.pdf"
    info = DocInfo("t", "s", "a", "k", "en")
    write_pdf(live, [font_page(name)], info, cache=cache)
    write_pdf(replayed, [font_page(name)], info, cache=cache)
    assert cache.replayed == 1 and not cache.uncacheable
    assert live.read_bytes() == replayed.read_bytes()
    [font] = embedded_fonts(live)
    assert font["/BaseFont"].endswith("+DejaVuSansCondensed")
    assert "/FontFile2" in font["/FontDescriptor"]


# --- the render cache ----------------------------------------------------------------------------

def keys(content: Path) -> list[str]:
    return [p.key for c in make_components(context(content), only={"card"}) for p in c.pieces]


def test_piece_keys_change_when_the_font_file_changes(content):
    before = keys(content)
    assert keys(content) == before
    data = bytearray((content / "demo" / "fonts" / "Display.ttf").read_bytes())
    data[-1] ^= 0xFF                    # the last byte of the last table: still a font
    (content / "demo" / "fonts" / "Display.ttf").write_bytes(bytes(data))
    after = keys(content)
    assert len(after) == len(before) and not set(after) & set(before)


def test_a_font_changes_the_keys_and_no_font_keeps_those_forge_gave_before(content):
    with_font = keys(content)
    set_fonts(content / "demo", "")
    assert not set(keys(content)) & set(with_font)
    assert keys(content) == keys(DEFAULT_CONTENT)


# --- refused -------------------------------------------------------------------------------------

def forbid_embedding(data: bytes) -> bytes:
    """The font with OS/2 fsType 0x0002 (restricted licence embedding)."""
    data = bytearray(data)
    (count,) = struct.unpack(">H", data[4:6])
    for record in range(count):
        tag, _checksum, offset, _length = struct.unpack(">4sLLL", data[12 + 16 * record:
                                                                      28 + 16 * record])
        if tag == b"OS/2":
            data[offset + 8:offset + 10] = struct.pack(">H", 0x0002)
            return bytes(data)
    raise AssertionError("no OS/2 table")


def random_bytes(_sans: bytes) -> bytes:
    return os.urandom(4096)


def truetype_head_then_noise(_sans: bytes) -> bytes:
    return b"\x00\x01\x00\x00" + os.urandom(4096)


def cff_signature(sans: bytes) -> bytes:
    return b"OTTO" + sans[4:]


@pytest.mark.parametrize("make, file, expected", [
    (random_bytes, "fonts/Noise.ttf", "is not a TrueType font"),
    (truetype_head_then_noise, "fonts/Noise.ttf", "cannot be read as a font"),
    (cff_signature, "fonts/Display.otf", "PostScript (CFF) outlines"),
    (forbid_embedding, "fonts/Locked.ttf", "may not be embedded in a PDF (its OS/2 fsType is"),
    (lambda sans: sans, "fonts/Display.woff", "is not a .ttf or .otf file"),
])
def test_a_font_file_forge_cannot_embed_is_refused_at_its_line(content, make, file, expected):
    game = content / "demo"
    (game / file).write_bytes(make(SANS_FILE.read_bytes()))
    line = set_fonts(game, fonts_block(file))
    message = refusal(content)
    assert f"game.yaml:{line} fonts[0].file: font file '{file}'" in message
    assert expected in message


def test_a_cff_font_is_told_to_be_converted(content):
    game = content / "demo"
    (game / "fonts" / "Display.otf").write_bytes(cff_signature(SANS_FILE.read_bytes()))
    set_fonts(game, fonts_block("fonts/Display.otf"))
    assert "convert it to TrueType outlines (a .ttf)" in refusal(content)


def test_a_missing_font_file_is_refused(content):
    line = set_fonts(content / "demo", fonts_block("fonts/Missing.ttf"))
    message = refusal(content)
    assert f"game.yaml:{line} fonts[0].file: font file 'fonts/Missing.ttf' not found" in message


def test_a_font_path_out_of_the_folder_is_refused(content):
    shutil.copy(SANS_FILE, content / "x.ttf")
    line = set_fonts(content / "demo", fonts_block("../x.ttf"))
    message = refusal(content)
    assert f"game.yaml:{line} fonts[0].file: font file '../x.ttf' may not use '..'" in message


def test_an_absolute_font_path_is_refused(content):
    line = set_fonts(content / "demo", fonts_block(str(SANS_FILE)))
    message = refusal(content)
    assert f"game.yaml:{line} fonts[0].file:" in message
    assert "must be a path relative to the game's folder" in message


def test_a_link_leading_out_of_the_folder_is_refused(content):
    (content / "demo" / "fonts" / "Link.ttf").symlink_to(SANS_FILE)
    line = set_fonts(content / "demo", fonts_block("fonts/Link.ttf"))
    message = refusal(content)
    assert f"game.yaml:{line} fonts[0].file: font file 'fonts/Link.ttf' leads outside" in message


def test_a_font_file_over_the_size_limit_is_refused(content):
    with open(content / "demo" / "fonts" / "Huge.ttf", "wb") as stream:
        stream.truncate(fonts.MAX_FONT_BYTES + 1)
    line = set_fonts(content / "demo", fonts_block("fonts/Huge.ttf"))
    message = refusal(content)
    assert f"game.yaml:{line} fonts[0].file: font file 'fonts/Huge.ttf' is larger than" in message


@pytest.mark.parametrize("file, expected", [
    ("fonts/Folder.ttf", "font file 'fonts/Folder.ttf' is not a regular file"),
    ('"fonts/a\\0.ttf"', "font file 'fonts/a\\x00.ttf' holds a control character"),
    ("a" * 280 + ".ttf", "font file '" + "a" * 280 + ".ttf' not found"),
])
def test_a_font_path_that_names_no_file_is_refused(content, file, expected):
    (content / "demo" / "fonts" / "Folder.ttf").mkdir()
    line = set_fonts(content / "demo", fonts_block(file))
    assert f"game.yaml:{line} fonts[0].file: {expected}" in refusal(content)


def test_a_font_id_taken_by_forge_is_refused(content):
    line = set_fonts(content / "demo", fonts_block("fonts/Display.ttf", font_id="serif"))
    message = refusal(content)
    assert f"game.yaml:{line - 1} fonts[0].id: 'serif' is the name of one of forge's" in message


def test_a_font_needs_its_licence(content):
    set_fonts(content / "demo", "fonts:\n  - {id: display, file: fonts/Display.ttf}\n")
    with pytest.raises(ContentError) as caught:
        load_game(content, "demo")
    assert "fonts[0]" in str(caught.value) and "licence" in str(caught.value)


def test_validate_reports_a_bad_font_once(content):
    line = set_fonts(content / "demo", fonts_block("fonts/Missing.ttf"))
    problems = validate_game(content, "demo")
    assert [(p.line, p.field) for p in problems] == [(line, "fonts[0].file")]


# --- glyphs --------------------------------------------------------------------------------------

def test_check_glyphs_names_the_box_the_font_and_each_missing_character(content):
    name = context(content).fonts["display"]
    where = "cards.yaml:7 decks[0].cards[0].title"
    assert fonts.check_glyphs(["Via Appia", "Vía"], name, where) == []
    [message] = fonts.check_glyphs(["Via 漢", "字"], name, where)
    assert message.startswith(where + ": the font 'display'")
    assert "漢 U+6F22" in message and "字 U+5B57" in message


def test_check_glyphs_works_for_forge_fonts():
    [message] = fonts.check_glyphs(["☺"], fonts.SERIF, "here")
    assert message == "here: the font 'serif' cannot draw ☺ U+263A"


# --- forge doctor --------------------------------------------------------------------------------

def doctor_lines(content: Path, status: str) -> list[str]:
    result = CliRunner().invoke(doctor, ["--content", str(content)])
    assert "Traceback" not in result.output, result.output
    return [line for line in result.output.splitlines() if line.startswith(status + " ")]


def test_doctor_lists_each_game_font_with_its_licence(content):
    [line] = [line for line in doctor_lines(content, "ok") if "font display" in line]
    assert "game demo" in line and "fonts/Display.ttf" in line and LICENCE in line


def test_doctor_reports_a_font_it_cannot_embed(content):
    game = content / "demo"
    (game / "fonts" / "Locked.ttf").write_bytes(forbid_embedding(SANS_FILE.read_bytes()))
    set_fonts(game, fonts_block("fonts/Locked.ttf"))
    [line] = [line for line in doctor_lines(content, "fail") if "font display" in line]
    assert "may not be embedded" in line and "0x0002" in line


def test_doctor_reports_a_font_entry_without_its_licence(content):
    set_fonts(content / "demo", "fonts:\n  - {id: display, file: fonts/Display.ttf}\n")
    [line] = [line for line in doctor_lines(content, "fail") if "fonts[0]" in line]
    assert "game demo" in line and "needs an id, a file and a licence" in line
