"""What an installed forge relies on: one version number, `python -m forge`, shipped data found
in the package or the checkout, bundled fonts, and clear words when something is missing."""
import subprocess
import sys
import tomllib
from pathlib import Path

from click.testing import CliRunner

import forge
from forge import fonts, places
from forge.cli import main
from forge.errors import UserError

REPO = Path(__file__).resolve().parent.parent


def test_one_version_number_shown_by_forge_version():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project and project["dynamic"] == ["version"]
    result = CliRunner().invoke(main, ["--version"])
    assert result.output == f"forge, version {forge.__version__}\n"
    done = subprocess.run([sys.executable, "-m", "forge", "--version"], capture_output=True,
                          text=True, cwd=REPO)
    assert done.stdout == result.output


def test_shipped_data_is_read_from_the_package_when_it_is_there(tmp_path, monkeypatch):
    assert places.shipped("content") == REPO / "content" and places.is_checkout()
    monkeypatch.setattr(places, "SHIPPED_DIR", tmp_path / "shipped")
    (tmp_path / "shipped" / "fonts").mkdir(parents=True)
    assert places.shipped("fonts") == tmp_path / "shipped" / "fonts"
    assert places.shipped("templates") == REPO / "templates"
    assert not places.is_checkout()


def test_every_font_is_shipped_with_its_licence():
    for name in fonts.FONT_FILES:
        assert fonts.font_path(name).is_file(), name
    licences = {p.stem for p in (places.FONT_DIR / "licenses").glob("*.txt")}
    assert licences == {"EBGaramond", "Cardo", "DejaVu"}
    readme = (places.FONT_DIR / "README.md").read_text(encoding="utf-8")
    assert all(file in readme for file in fonts.FONT_FILES.values())


def test_a_missing_font_says_which_file_and_what_to_do(tmp_path, monkeypatch):
    monkeypatch.setattr(fonts, "FONT_DIR", tmp_path)
    fonts.register_fonts.cache_clear()
    try:
        fonts.register_fonts()
    except UserError as err:
        assert str(tmp_path / "ForgeGaramond-Regular.ttf") in str(err)
        assert "pip install --force-reinstall forge-pnp" in str(err)
    else:
        raise AssertionError("no error for missing fonts")
    finally:
        fonts.register_fonts.cache_clear()


def test_the_companion_without_kivy_names_the_extra_to_install(monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "kivy" else real(name, *a))
    result = CliRunner().invoke(main, ["companion"])
    assert result.exit_code == 1
    assert 'pip install "forge-pnp[companion]"' in result.output
