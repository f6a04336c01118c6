"""A game folder from a stranger: each trick found against the loader is one clear problem.

YAML that expands or loops, characters and tags YAML or forge refuse, numbers that are not
numbers a game can use, texts no page can hold, links out of the game folder, and catalogs
Babel would read leniently: `forge validate` names file, line and field for each, quickly and
within a small amount of memory, and nothing outside the folder is read or written.
"""
import os
import re
import resource
import time

import pytest
from click.testing import CliRunner

from forge.cli import main
from forge.content import load_doc
from forge.errors import ContentError
from forge.games import load_game


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
    return result


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def problems_of(path, text):
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_doc(path)
    return str(err.value)


# --- YAML ----------------------------------------------------------------------------------------

def alias_bomb(levels=12, width=10):
    lines = ["a0: &a0 [" + ", ".join(["lol"] * width) + "]"]
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]")
    return "\n".join(lines) + "\n"


def test_an_alias_bomb_stops_quickly_and_small(tmp_path):
    text = alias_bomb()
    assert len(text) < 3000
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    message = problems_of(tmp_path / "game.yaml", text)
    elapsed = time.perf_counter() - started
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert "expands to more than 200,000 values" in message
    assert elapsed < 5 and grown_mb < 200, (elapsed, grown_mb)


def test_an_alias_that_contains_itself_is_a_problem_not_a_recursion(tmp_path):
    assert "refers to the value that contains it" in problems_of(tmp_path / "game.yaml",
                                                                "a: &x [1, *x]\n")


def test_modest_aliases_still_work(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text("base: &b {x: 1}\ncopy: *b\n", encoding="utf-8")
    assert load_doc(path).data == {"base": {"x": 1}, "copy": {"x": 1}}


@pytest.mark.parametrize("text, expected", [
    ("a: 1 # note \x01\n", "game.yaml:1 holds a character YAML does not allow (code 0x1)"),
    ("a: 1\nb: !!python/name:os.system ls\n", "game.yaml:2 b: the tag"),
    ("a: !custom 3\n", "a: the tag '!custom' is not allowed"),
    ("a: 2024-01-01\n", "a: a date is not allowed"),
    ("a: !!binary aGk=\n", "a: binary data is not allowed"),
    ("a: !!set {x}\n", "a: a set is not allowed"),
    ("? [1, 2]\n: 3\n", "game.yaml:1 a key must be plain text or a number"),
    ("a: {? {b: 1} : 2}\n", "game.yaml:1 a: a key must be plain text or a number"),
    ("a: .nan\n", "a: '.nan' is not a finite number"),
    ("a: [1, -.inf]\n", "a[1]: '-.inf' is not a finite number"),
    ("a: " + "[" * 60 + "]" * 60 + "\n", "nests lists and mappings more than 50 deep"),
    ("a: " + "[" * 5000 + "]" * 5000 + "\n", "nests lists and mappings more than 50 deep"),
    ("a:\n" + "".join(" " * i + "- \n" for i in range(0, 4000, 2)), "more than 50 deep"),
    ("base: &b {x: 1}\nc:\n  <<: *b\n", "a merge key (<<) is not allowed"),
])
def test_yaml_the_loader_refuses_is_one_clear_problem(tmp_path, text, expected):
    assert expected in problems_of(tmp_path / "game.yaml", text)


def test_a_byte_order_mark_is_read_as_nothing(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_bytes(b"\xef\xbb\xbfa: 1\n")
    assert load_doc(path).data == {"a": 1}


def test_a_huge_content_file_is_refused_unread(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text("a: " + "x" * (5 * 1024 * 1024) + "\n", encoding="utf-8")
    assert "is larger than 4096 kB" in problems_of_path(path)


def problems_of_path(path):
    with pytest.raises(ContentError) as err:
        load_doc(path)
    return str(err.value)


# --- numbers and texts ---------------------------------------------------------------------------

@pytest.mark.parametrize("old, new, expected", [
    ("trim: [63.5, 88.9]", "trim: [20, 0]", "components[4].trim[1]: 0 is below the minimum 5"),
    ("players: {min: 2, max: 4}", "players: {min: 4, max: 2}",
     "players.min: min (4) is more than max (2)"),
    ("count: 12", "count: 100000000", "components[4].count: 100000000 is above the maximum"),
    ("bleed: 3", "bleed: .inf", "components[4].bleed: '.inf' is not a finite number"),
    ("version: \"1.0\"", "version: \"" + "v" * 2000 + "\"",
     "version: is 2,000 characters long; at most 1,000 fit"),
])
def test_numbers_and_texts_have_sane_ranges(content_copy, old, new, expected):
    edit(content_copy / "demo" / "game.yaml", old, new)
    with pytest.raises(ContentError) as err:
        load_game(content_copy, "demo")
    assert expected in str(err.value)


def test_a_piece_maker_that_cuts_needs_a_trim(content_copy):
    edit(content_copy / "demo" / "game.yaml", "    trim: [63.5, 88.9]\n", "")
    with pytest.raises(ContentError) as err:
        load_game(content_copy, "demo")
    assert "components[4]: with draw: card, the field 'trim' is required" in str(err.value)


def test_a_card_cost_of_infinity_is_not_printed_as_inf(content_copy):
    edit(content_copy / "demo" / "cards.yaml", "cost: 2", "cost: .inf")
    with pytest.raises(ContentError) as err:
        load_game(content_copy, "demo")
    assert "cards.yaml:" in str(err.value) and "is not a finite number" in str(err.value)


def test_a_giant_card_title_is_refused_at_once(content_copy):
    edit(content_copy / "demo" / "cards.yaml", "title: Paving Stones",
         "title: " + "Paving Stones " * 12000)
    started = time.perf_counter()
    with pytest.raises(ContentError) as err:
        load_game(content_copy, "demo")
    assert time.perf_counter() - started < 5
    assert "characters long; at most 1,000 fit" in str(err.value)


def test_board_coordinates_must_be_on_a_table(content_copy):
    board = content_copy / "tetrarchia" / "board.yaml"
    text = board.read_text(encoding="utf-8")
    start = text.index("label_at: [") + len("label_at: [")
    board.write_text(text[:start] + "1.0e+30, " + text[text.index(",", start) + 1:],
                     encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_game(content_copy, "tetrarchia", check_catalogs=False)
    assert "label_at[0]: 1e+30 is above the maximum 5000" in str(err.value)


def test_a_place_on_the_board_lies_on_the_board(content_copy):
    edit(content_copy / "tetrarchia" / "board.yaml", "label_at: [178, 146]", "label_at: [-1000, 160]")
    result = run("validate", "--no-layout", "--content", content_copy, "tetrarchia")
    assert result.exit_code == 1
    assert "board.yaml:" in result.output
    assert "board.yaml:10 regions[0].label_at: [-1000, 160] lies off the 390 x 255 mm of " \
        "'size'" in result.output


@pytest.mark.parametrize("mistake", ["{0}", "{pi.__class__}", "{route!r:>99999}", "{PI}"])
def test_a_brace_that_is_not_a_placeholder_is_found_by_validate(content_copy, mistake):
    game = content_copy / "tetrarchia"
    sheets = game / "sheets.yaml"
    sheets.write_text(sheets.read_text(encoding="utf-8").replace(
        "<b>{pi} PI</b> to", f"<b>{mistake} PI</b> to"), encoding="utf-8")
    for path in game.glob("locale/*/LC_MESSAGES/tetrarchia.po"):
        entry = re.compile(r'(msgid "<b>)\{pi\}( PI</b> to spend[^\n]*\nmsgstr "[^{]*)\{pi\}')
        text = path.read_text(encoding="utf-8")
        changed = entry.sub(lambda m: m.group(1) + mistake + m.group(2) + mistake, text)
        assert changed != text, path
        path.write_text(changed, encoding="utf-8")
    result = run("validate", "--content", content_copy, "tetrarchia")
    assert result.exit_code == 1
    assert f"{mistake} in the text \"<b>{mistake} PI</b> to spend" in result.output
    assert "is not a placeholder (they are written {name}, in small letters: {pi}" \
        in result.output


def test_a_font_outside_the_game_is_found_without_laying_out(content_copy):
    edit(content_copy / "demo" / "game.yaml", "\npalette:",
         "\nfonts:\n  - {id: mine, file: ../../x.ttf, licence: OFL}\npalette:")
    result = run("validate", "--no-layout", "--content", content_copy, "demo")
    assert result.exit_code == 1
    assert "fonts[0].file: font file '../../x.ttf' may not use '..'" in result.output


def test_merging_into_a_language_no_game_has_says_so(content_copy, tmp_path):
    (tmp_path / "map.yaml").write_text("Trade: Comercio\n", encoding="utf-8")
    result = run("translations", "merge", "--lang", "../x", "--content", content_copy,
                 tmp_path / "map.yaml")
    assert result.exit_code == 1
    assert "no catalog in the language '../x'" in result.output


@pytest.mark.parametrize("name, old, new, expected", [
    ("game.yaml", "style: {fill: stone, icon: laurel}", "style: {fill: marble, icon: laurel}",
     "style.fill: unknown colour 'marble'"),
    ("cards.yaml", "style: {panel: parchment, ink: ink,", "style: {panel: papyrus, ink: ink,",
     "decks[0].style.panel: unknown colour 'papyrus'"),
])
def test_an_unknown_colour_names_its_field(content_copy, name, old, new, expected):
    edit(content_copy / "demo" / name, old, new)
    with pytest.raises(ContentError) as err:
        load_game(content_copy, "demo")
    assert expected in str(err.value)


def test_an_unknown_maker_is_found_by_validate(content_copy):
    edit(content_copy / "demo" / "game.yaml", "draw: card", "draw: cardz")
    result = run("validate", "demo", "--content", content_copy)
    assert result.exit_code == 1
    assert "components[4].draw: 'cardz' is not one of:" in result.output


def test_validate_finds_what_only_the_layout_would(content_copy):
    long_text = "Añade una loseta de calzada al final de tu tramo. " * 18
    edit(content_copy / "demo" / "locale" / "es" / "LC_MESSAGES" / "demo.po",
         'msgstr "Añade una loseta de calzada al final de tu tramo. Si llega a un miliario, '
         'toma ese miliario."', f'msgstr "{long_text}"')
    assert run("validate", "demo", "--content", content_copy, "--no-layout").exit_code == 0
    result = run("validate", "demo", "--content", content_copy)
    assert result.exit_code == 1, result.output
    assert "es a4" in result.output and "paving" in result.output, result.output


# --- links out of the folder ---------------------------------------------------------------------

@pytest.fixture
def secret(tmp_path):
    path = tmp_path / "secret.yaml"
    path.write_text("id: demo\n", encoding="utf-8")
    return path


def test_a_content_file_linked_from_outside_is_not_read(content_copy, secret):
    cards = content_copy / "demo" / "cards.yaml"
    cards.unlink()
    cards.symlink_to(secret)
    with pytest.raises(ContentError) as err:
        load_game(content_copy, "demo")
    assert "cards.yaml leads outside" in str(err.value)


def test_a_link_inside_the_game_folder_is_fine(content_copy):
    folder = content_copy / "demo"
    (folder / "data").mkdir()
    os.replace(folder / "cards.yaml", folder / "data" / "cards.yaml")
    (folder / "cards.yaml").symlink_to(folder / "data" / "cards.yaml")
    assert load_game(content_copy, "demo").docs["cards"].data["decks"]


def test_a_catalog_linked_from_outside_is_not_read(content_copy, tmp_path):
    catalog = content_copy / "demo" / "locale" / "es" / "LC_MESSAGES" / "demo.po"
    outside = tmp_path / "outside.po"
    outside.write_bytes(catalog.read_bytes())
    catalog.unlink()
    catalog.symlink_to(outside)
    with pytest.raises(ContentError) as err:
        load_game(content_copy, "demo")
    assert "demo.po leads outside" in str(err.value)


def test_translations_update_never_writes_through_a_link(content_copy, tmp_path):
    catalog = content_copy / "demo" / "locale" / "es" / "LC_MESSAGES" / "demo.po"
    outside = tmp_path / "outside.po"
    outside.write_bytes(catalog.read_bytes())
    before = outside.read_bytes()
    catalog.unlink()
    catalog.symlink_to(outside)
    result = run("translations", "update", "--content", content_copy)
    assert result.exit_code == 1 and "leads outside" in result.output
    assert outside.read_bytes() == before


def test_a_planted_lock_link_is_not_followed(content_copy, tmp_path):
    catalog = content_copy / "demo" / "locale" / "es" / "LC_MESSAGES" / "demo.po"
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    catalog.with_suffix(".lock").symlink_to(victim)
    result = run("translations", "update", "--content", content_copy)
    assert result.exit_code == 1 and "lock file" in result.output
    assert victim.read_text(encoding="utf-8") == "keep me"


def test_translations_update_replaces_a_catalog_whole_and_keeps_its_mode(content_copy):
    catalog = content_copy / "demo" / "locale" / "es" / "LC_MESSAGES" / "demo.po"
    catalog.chmod(0o640)
    before = catalog.read_bytes()
    result = run("translations", "update", "--content", content_copy)
    assert result.exit_code == 0, result.output
    assert catalog.read_bytes() == before
    assert catalog.stat().st_mode & 0o777 == 0o640
    assert not list(catalog.parent.glob(".*.tmp"))


# --- catalogs ------------------------------------------------------------------------------------

DEMO_ES = ("demo", "locale", "es", "LC_MESSAGES", "demo.po")


@pytest.mark.parametrize("old, new, expected", [
    ('msgstr "Cartas de calzada"', 'msgstr "Cartas de calzada', "a string is not closed"),
    ('msgstr "Cartas de calzada"', 'msgstr "Cartas \\q calzada"', "unknown escape '\\q'"),
    ('msgstr "Cartas de calzada"', 'msgstr "Cartas de calzada"\nmsgstr "otra"',
     "'msgstr' cannot come after msgstr"),
    ('msgstr "Cartas de calzada"', 'msgstr "Cartas"\nbasura', "is not a line of a gettext"),
])
def test_a_broken_catalog_is_refused_with_its_line(content_copy, old, new, expected):
    edit(content_copy.joinpath(*DEMO_ES), old, new)
    with pytest.raises(ContentError) as err:
        load_game(content_copy, "demo")
    assert "demo.po:" in str(err.value) and expected in str(err.value)


def test_a_duplicated_message_is_refused(content_copy):
    path = content_copy.joinpath(*DEMO_ES)
    text = path.read_text(encoding="utf-8")
    entry = 'msgctxt "cards/decks/road/name"\nmsgid "Road cards"\nmsgstr "Cartas de calzada"\n'
    assert entry in text
    path.write_text(text + "\n" + entry, encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_game(content_copy, "demo")
    assert "is already at line" in str(err.value)


def test_a_translation_far_longer_than_any_text_is_refused(content_copy):
    edit(content_copy.joinpath(*DEMO_ES), 'msgstr "Cartas de calzada"',
         'msgstr "' + "Cartas de calzada " * 300 + '"')
    with pytest.raises(ContentError) as err:
        load_game(content_copy, "demo")
    assert "characters long; a translation may have at most 4,000" in str(err.value)


def test_a_translation_with_a_placeholder_its_english_lacks_is_refused(tmp_path):
    from forge.pocheck import check_po

    text = 'msgid "{count} cards"\nmsgstr "{cuenta} cartas"\n\nmsgid "{a} b"\nmsgstr "{a b"\n'
    found = [str(p) for p in check_po(tmp_path / "x.po", text)]
    assert any("uses {cuenta}, which the English text lacks" in p for p in found), found
    assert any("has a lone brace" in p for p in found), found


# --- validate finds what build would -------------------------------------------------------------

def test_validate_lays_out_the_instructions_page_with_the_kits_own_list(content_copy):
    from tests.conftest import REPO

    templates = content_copy / "demo" / "templates"
    templates.mkdir()
    own = (REPO / "templates" / "instructions.xml.j2").read_text(encoding="utf-8")
    (templates / "instructions.xml.j2").write_text(
        "{% if checklist[1].pages %}{{ no_such_value }}{% endif %}\n" + own, encoding="utf-8")
    result = run("validate", "demo", "--content", content_copy)
    assert result.exit_code == 1, result.output
    assert "instructions.xml.j2:1 'no_such_value' is undefined" in result.output
