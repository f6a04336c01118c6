"""forge doctor: each check finds what it is meant to find, and the exit status follows the kits."""
import importlib.util
import shutil
import struct
import sys

import pytest
from click.testing import CliRunner

from forge import doctor as doctor_module
from forge.cli.doctor import doctor
from forge.fonts import FONT_FILES
from forge.games import DEFAULT_CONTENT, game_ids
from forge.places import FONT_DIR

HAS_KIVY = importlib.util.find_spec("kivy") is not None
DISPLAY_REMEDY = "xvfb-run -a forge companion"


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    """Fresh user folders for each test, a display, and Kivy kept out of the real home."""
    for variable in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(variable, str(tmp_path / variable.lower()))
    monkeypatch.setenv("KIVY_HOME", str(tmp_path / "kivy-home"))
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.chdir(tmp_path)


def run(*args):
    result = CliRunner().invoke(doctor, [str(a) for a in args])
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def lines_of(output, status):
    """The check lines of one status (each starts with its status word)."""
    return [line for line in output.splitlines() if line.startswith(status + " ")]


def section(output, heading):
    """The check lines under one heading, up to the next heading or the blank line."""
    lines = output.splitlines()
    taken = []
    for line in lines[lines.index(heading) + 1:]:
        if not line or line in ("Kits", "Companion"):
            break
        taken.append(line)
    return taken


def font_copy(tmp_path, leave_out=None):
    folder = tmp_path / "fonts"
    folder.mkdir()
    for file in FONT_FILES.values():
        if file != leave_out:
            shutil.copy(FONT_DIR / file, folder / file)
    return folder


def forbid_embedding(path):
    """Set the OS/2 fsType of a TrueType file to 0x0002 (restricted licence embedding)."""
    data = bytearray(path.read_bytes())
    (count,) = struct.unpack(">H", data[4:6])
    for record in range(count):
        at = 12 + 16 * record
        tag, _checksum, offset, _length = struct.unpack(">4sLLL", data[at:at + 16])
        if tag == b"OS/2":
            data[offset + 8:offset + 10] = struct.pack(">H", 0x0002)
            path.write_bytes(bytes(data))
            return
    raise AssertionError(f"{path} has no OS/2 table")


def test_every_kit_check_is_ok_here():
    result = run()
    kits = section(result.output, "Kits")
    assert len(kits) == 21 and all(line.startswith("ok ") for line in kits), result.output
    assert f"{len(game_ids(DEFAULT_CONTENT))} game(s) in" in result.output
    assert "none yet" in result.output and "found by every command" in result.output
    assert result.output.index("Kits") < result.output.index("Companion")
    if HAS_KIVY:
        assert result.exit_code == 0, result.output
        assert "Kits can be built; the companion can start." in result.output


def test_doctor_makes_no_folder(tmp_path):
    run()
    for variable in ("xdg_data_home", "xdg_config_home", "xdg_cache_home"):
        assert not (tmp_path / variable).exists()
    assert not (tmp_path / "build").exists()
    assert not (tmp_path / "kivy-home").exists()


def test_a_missing_font_fails_naming_the_file(tmp_path, monkeypatch):
    monkeypatch.setattr(doctor_module, "FONT_DIR", font_copy(tmp_path, "Cardob101.ttf"))
    result = run()
    assert result.exit_code == 1
    failed = lines_of(result.output, "fail")
    assert any("font Cardob101.ttf" in line and "missing" in line for line in failed), failed
    assert "pip install --force-reinstall forge-pnp" in result.output
    assert "Kits cannot be built: 1 problem(s) above" in result.output


def test_a_font_that_forbids_embedding_is_reported(tmp_path, monkeypatch):
    fonts = font_copy(tmp_path)
    forbid_embedding(fonts / "ForgeSansCondensed.ttf")
    monkeypatch.setattr(doctor_module, "FONT_DIR", fonts)
    result = run()
    assert result.exit_code == 1
    failed = lines_of(result.output, "fail")
    assert len(failed) == 1, result.output
    assert "font ForgeSansCondensed.ttf" in failed[0] and "may not be embedded" in failed[0]
    assert "0x0002" in failed[0]


def test_a_character_no_font_has_is_named_with_its_catalog(content_copy):
    catalog = content_copy / "demo" / "locale" / "es" / "LC_MESSAGES" / "demo.po"
    text = catalog.read_text(encoding="utf-8")
    assert 'msgstr "Obras"' in text
    catalog.write_text(text.replace('msgstr "Obras"', 'msgstr "Obras 漢"'), encoding="utf-8")
    result = run("--content", content_copy)
    assert result.exit_code == 1
    failed = lines_of(result.output, "fail")
    assert len(failed) == len(FONT_FILES), result.output
    for line in failed:
        assert "漢 U+6F22" in line and f"es: {catalog}" in line
    assert "replace these characters" in result.output


def test_a_broken_catalog_is_a_problem_of_its_game(content_copy):
    catalog = content_copy / "demo" / "locale" / "es" / "LC_MESSAGES" / "demo.po"
    catalog.write_text('msgid "Works"\nmsgstr "Obras\n', encoding="utf-8")
    result = run("--content", content_copy)
    assert result.exit_code == 1
    failed = lines_of(result.output, "fail")
    assert len(failed) == 1 and "game demo" in failed[0], result.output
    assert "demo.po" in failed[0]
    assert "forge validate demo" in result.output


def test_an_output_folder_under_a_file_fails_with_the_reason(tmp_path):
    (tmp_path / "taken").write_text("a file", encoding="utf-8")
    result = run("--out", tmp_path / "taken")
    assert result.exit_code == 1
    failed = lines_of(result.output, "fail")
    assert len(failed) == 1 and "output folder" in failed[0], result.output
    assert "is not a folder" in failed[0]
    assert "--out" in result.output


def test_a_games_folder_with_a_game_is_counted(tmp_path):
    games = tmp_path / "xdg_data_home" / "forge" / "games"
    shutil.copytree(doctor_module.SHIPPED_CONTENT / "demo", games / "demo")
    result = run()
    assert f"{games}: 1 game(s)" in result.output


@pytest.mark.skipif(not HAS_KIVY, reason="Kivy is not installed")
def test_no_display_gives_the_remedy_and_exit_0(monkeypatch):
    monkeypatch.delenv("DISPLAY")
    result = run()
    assert result.exit_code == 0, result.output
    assert "neither DISPLAY nor WAYLAND_DISPLAY is set" in result.output
    assert DISPLAY_REMEDY in result.output
    assert "the companion cannot start: neither DISPLAY" in result.output


def test_wayland_alone_is_a_display(monkeypatch):
    monkeypatch.delenv("DISPLAY")
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    assert doctor_module.check_display("linux")[0].status == "ok"
    assert doctor_module.check_display("darwin")[0].status == "ok"


def test_kivy_not_importable_gives_the_pip_remedy(monkeypatch):
    monkeypatch.setitem(sys.modules, "kivy", None)
    result = run()
    assert result.exit_code == 0, result.output
    failed = lines_of(result.output, "fail")
    assert len(failed) == 1 and "Kivy" in failed[0], result.output
    assert 'pip install "forge-pnp[companion]"' in result.output
    assert "the companion cannot start" in result.output


def test_an_old_python_fails():
    check, = doctor_module.check_python((3, 10, 4))
    assert check.status == "fail" and "3.10.4" in check.detail
    assert doctor_module.check_python((3, 11, 0))[0].status == "ok"


def test_a_missing_content_folder_is_a_clear_error(tmp_path):
    result = run("--content", tmp_path / "nowhere")
    assert result.exit_code == 1
    assert "does not exist" in result.output


def test_a_missing_cairo_library_is_a_kit_problem_with_its_remedy(monkeypatch):
    from forge import doctor, pictures

    monkeypatch.setattr(pictures, "cairo_problem", lambda: "no library called 'cairo-2' was found")
    (check,) = doctor.check_cairo()
    assert check.status == doctor.FAIL and check.section == doctor.KITS
    assert "cairo-2" in check.detail and "apt-get install libcairo2" in check.remedy
