"""Outputs the system refuses (a folder under a file, no permission, a full disk, a name too
long) are one clear line and exit status 1, for every command that writes: never a traceback."""
import errno
import os

import pytest
from click.testing import CliRunner

from forge import kit as kit_module
from forge.cli import main


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, OSError), result.exception
    return result


def one_error_line(result) -> str:
    assert result.exit_code == 1, result.output
    lines = [line for line in result.output.strip().splitlines()
             if not line.startswith("[")]               # progress: "[1/1] building demo en a4..."
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    return lines[0]


@pytest.fixture
def a_file(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("not a folder", encoding="utf-8")
    return path


@pytest.mark.parametrize("command", [
    ["build", "demo", "--lang", "en", "--paper", "a4", "--out"],
    ["preview", "demo", "--out"],
])
def test_an_output_folder_under_a_file_is_one_clear_line(a_file, command):
    line = one_error_line(run(*command, a_file / "kits"))
    assert f"cannot write to {a_file / 'kits'}" in line and "is not a folder" in line
    assert a_file.read_text(encoding="utf-8") == "not a folder"


def test_a_calibration_sheet_under_a_file_is_one_clear_line(a_file, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    line = one_error_line(run("calibrate", "--out", a_file / "sheet.pdf"))
    assert "cannot write to" in line and "is not a folder" in line


def test_a_name_too_long_is_one_clear_line(tmp_path):
    line = one_error_line(run("build", "demo", "--out", tmp_path / ("x" * 300)))
    assert "cannot write to" in line and "too long" in line


@pytest.mark.skipif(os.geteuid() == 0, reason="permissions do not bind root")
@pytest.mark.parametrize("command", [["build", "demo", "--out"], ["preview", "demo", "--out"]])
def test_an_unwritable_folder_is_one_clear_line(tmp_path, command):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        line = one_error_line(run(*command, folder))
    finally:
        folder.chmod(0o700)
    assert f"cannot write to {folder}: Permission denied" in line


@pytest.mark.skipif(os.geteuid() == 0, reason="permissions do not bind root")
def test_an_unwritable_calibration_folder_is_one_clear_line(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        line = one_error_line(run("calibrate", "--out", folder / "sheet.pdf"))
    finally:
        folder.chmod(0o700)
    assert "Permission denied" in line


@pytest.mark.parametrize("error", [
    PermissionError(errno.EACCES, "Permission denied", "/kits/demo/kit.pdf"),
    OSError(errno.ENOSPC, "No space left on device", "/kits/demo/cards.pdf"),
    OSError(errno.EROFS, "Read-only file system", "/kits/demo"),
])
def test_what_the_system_refuses_while_writing_a_kit_is_one_clear_line(tmp_path, monkeypatch,
                                                                       error):
    def refused(*args, **kwargs):
        raise error

    monkeypatch.setattr(kit_module, "write_pdf", refused)
    line = one_error_line(run("build", "demo", "--lang", "en", "--paper", "a4",
                              "--out", tmp_path))
    assert line == f"error: {error.filename}: {error.strerror}"
    assert not (tmp_path / "demo" / "en" / "a4").exists()    # no half-written kit


def test_a_profile_that_cannot_be_saved_is_one_clear_line(a_file, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(a_file))
    line = one_error_line(run("calibrate", "--save", "1,1", "--profile", "home"))
    assert "cannot write to" in line and "home.toml" in line


@pytest.mark.parametrize("command", [["build", "demo", "--out"], ["preview", "demo", "--out"]])
def test_a_folder_the_system_will_not_let_us_write_in_is_one_clear_line(tmp_path, monkeypatch,
                                                                         command):
    """As the permission test above, for any user (root included): the check tries a file."""
    import forge.output

    def refused(*args, dir=None, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(dir))

    monkeypatch.setattr(forge.output.tempfile, "TemporaryFile", refused)
    line = one_error_line(run(*command, tmp_path / "kits"))
    assert line == f"error: cannot write to {tmp_path / 'kits'}: Permission denied"
    assert not (tmp_path / "kits").exists()
