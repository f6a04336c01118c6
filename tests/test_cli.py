"""The forge command: exit codes and messages a user can act on, never a traceback."""
import re

import pytest
from click.testing import CliRunner

from forge.cli import main


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output
    return result


def test_validate_the_shipped_content():
    result = run("validate", "--no-layout")     # laid out in every language by test_every_kit
    assert result.exit_code == 0, result.output
    assert "tetrarchia" in result.output


def test_unknown_game_is_a_clear_error():
    result = run("validate", "nosuchgame")
    assert result.exit_code == 1
    assert "no game 'nosuchgame'" in result.output and "tetrarchia" in result.output


def test_validate_lays_out_only_the_languages_asked_for(content_copy):
    sheets = content_copy / "tetrarchia" / "locale" / "fr" / "LC_MESSAGES" / "tetrarchia.po"
    text = sheets.read_text(encoding="utf-8")
    long_word = "Anticonstitutionnellement" * 8
    title = 'msgid "Augustus of the East"\nmsgstr "'
    assert title in text
    sheets.write_text(text.replace(title, f"{title}{long_word} ", 1), encoding="utf-8")
    assert run("validate", "tetrarchia", "--lang", "es", "--content", content_copy).exit_code == 0
    result = run("validate", "tetrarchia", "--lang", "fr", "--content", content_copy)
    assert result.exit_code == 1 and "in the fr a4 kit(s)" in result.output


def test_validate_refuses_a_language_no_game_has():
    result = run("validate", "tetrarchia", "--lang", "nl", "--no-layout")
    assert result.exit_code == 1
    assert "no game here has the language nl" in result.output and "fr" in result.output


def break_file(content, name, old, new, count=1):
    path = content / "tetrarchia" / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return path


def line_of(path, needle):
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return number
    raise AssertionError(needle)


def test_unknown_province_in_a_link_names_file_line_and_field(content_copy):
    board = content_copy / "tetrarchia" / "board.yaml"
    text = board.read_text(encoding="utf-8")
    match = re.search(r"to: (ETRVRIA)\b", text)
    assert match
    board.write_text(text[:match.start(1)] + "RAETIA" + text[match.end(1):], encoding="utf-8")
    line = text[:match.start()].count("\n") + 1
    result = run("validate", "tetrarchia", "--content", content_copy)
    assert result.exit_code == 1
    assert re.search(rf"board.yaml:{line} links\[\d+\]\.to: unknown province 'RAETIA'",
                     result.output), result.output


def test_malformed_yaml_names_its_line(content_copy):
    break_file(content_copy, "game.yaml", "version: \"1.0\"", "version: [1.0")
    result = run("validate", "tetrarchia", "--content", content_copy)
    assert result.exit_code == 1
    assert "game.yaml:" in result.output and "not valid YAML" in result.output


def test_wrong_type_and_duplicate_id(content_copy):
    import yaml

    spec = yaml.safe_load((content_copy / "tetrarchia" / "game.yaml").read_text(encoding="utf-8"))
    index = [c["id"] for c in spec["components"]].index("agitation-discs")
    path = break_file(content_copy, "game.yaml", "count: 21", "count: many")
    break_file(content_copy, "game.yaml", "- id: revolt-discs", "- id: agitation-discs")
    result = run("validate", "tetrarchia", "--content", content_copy)
    assert result.exit_code == 1
    assert f"game.yaml:{line_of(path, 'count: many')} components[{index}].count: expected a " \
        "whole number" in result.output
    assert "duplicate id 'agitation-discs'" in result.output


def test_build_rejects_unknown_language(tmp_path):
    result = run("build", "tetrarchia", "--lang", "nl", "--out", tmp_path)
    assert result.exit_code == 1
    assert "no 'nl' translation" in result.output
    assert not any(tmp_path.iterdir())


def test_build_with_broken_content_writes_nothing(content_copy, tmp_path):
    break_file(content_copy, "game.yaml", "count: 21", "count: -1")
    out = tmp_path / "out"
    result = run("build", "tetrarchia", "--content", content_copy, "--out", out)
    assert result.exit_code == 1
    assert "is below the minimum 1" in result.output
    assert not out.exists()


@pytest.mark.slow
def test_build_and_preview_one_kit(tmp_path):
    result = run("build", "tetrarchia", "--lang", "es", "--paper", "letter", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert "Built 1 kit(s)" in result.output or "1 kit" in result.output
    assert (tmp_path / "tetrarchia" / "es" / "letter" / "kit.json").is_file()
    result = run("preview", "tetrarchia", "--lang", "es", "--out", tmp_path, "--dpi", "20")
    assert result.exit_code == 0, result.output
    pngs = list((tmp_path / "tetrarchia" / "es" / "a4" / "preview").glob("*.png"))
    assert len(pngs) >= 10


@pytest.mark.slow
def test_a_game_folder_may_bring_its_own_templates(content_copy, tmp_path):
    """A designer's game is data and templates: a template in the game folder wins."""
    from pypdf import PdfReader

    from forge.i18n import TEMPLATE_DIR

    own = content_copy / "tetrarchia" / "templates"
    own.mkdir()
    text = (TEMPLATE_DIR / "instructions.xml.j2").read_text(encoding="utf-8")
    start = text.index("<sheet ")
    end = text.index(">", start) + 1
    own.joinpath("instructions.xml.j2").write_text(
        text[:end] + "<p>{{ game.title }} HOUSE EDITION</p>" + text[end:], encoding="utf-8")
    result = run("build", "tetrarchia", "--lang", "en", "--paper", "a4", "--content", content_copy,
                 "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    pdf = PdfReader(tmp_path / "out" / "tetrarchia" / "en" / "a4" / "instructions.pdf")
    assert "HOUSE EDITION" in pdf.pages[1].extract_text()
