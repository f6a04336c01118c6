"""Makers and icons are found by existing: a module under forge.render (a game's own subpackage
included) registers its makers, and a game's icons.py its icons, with no list to edit."""
import sys

import pytest

import forge.render
from forge.render import MAKERS, READS, icons, load_makers

MAKER_MODULE = '''
from forge.render import maker


@maker("test-sundial", reads=("game", "sundial"))
def make_sundial(component, ctx):
    return []
'''


@pytest.fixture
def extra_game_package(tmp_path, monkeypatch):
    """A game's own render subpackage, `forge.render.testgame`, in a folder outside forge."""
    package = tmp_path / "testgame"
    package.mkdir()
    (package / "__init__.py").write_text('"""A test game\'s art."""\n', encoding="utf-8")
    (package / "sundial.py").write_text(MAKER_MODULE, encoding="utf-8")
    monkeypatch.setattr(forge.render, "__path__", [*forge.render.__path__, str(tmp_path)])
    forge.render._import_render_modules.cache_clear()
    yield package
    forge.render._import_render_modules.cache_clear()
    MAKERS.pop("test-sundial", None)
    READS.pop("test-sundial", None)
    for name in [n for n in sys.modules if n.startswith("forge.render.testgame")]:
        del sys.modules[name]


def test_a_new_maker_module_registers_itself(extra_game_package):
    assert "test-sundial" not in MAKERS
    assert "test-sundial" in load_makers()
    assert READS["test-sundial"] == ("game", "sundial")


def test_every_game_subpackage_is_imported():
    load_makers()
    assert {"forge.render.tetrarchia.board", "forge.render.conquest.reference"} <= set(sys.modules)
    assert {"board", "summary-sheet", "conquest-reference", "conquest-card-list"} <= set(MAKERS)


def test_icons_come_from_each_games_own_set():
    from forge.render.conquest import icons as conquest
    from forge.render.tetrarchia import icons as tetrarchia

    assert list(icons.ICONS) == [*conquest.ICONS, *tetrarchia.ICONS]
    assert icons.ICONS["fleet"] is icons.ICONS["galley"]      # one galley, drawn by both games
