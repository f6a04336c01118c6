"""Shared fixtures: a copy of the content folder to break, and kits built once per session."""
import shutil
from pathlib import Path

import pytest

from forge.games import DEFAULT_CONTENT, load_game

REPO = Path(__file__).resolve().parent.parent


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """Run with `--dist loadgroup` (scripts/run-tests), a test file's tests stay on one worker
    (its module fixtures are made once), unless a test names its own xdist_group: the long
    files split their tests into groups that two workers can share."""
    for item in items:
        if item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))


@pytest.fixture(scope="session", autouse=True)
def private_user_folders(tmp_path_factory):
    """The user's own folders (games, saves, print profiles, the render cache's key) are made for
    the test session: the user's real ones are never read or written."""
    patch = pytest.MonkeyPatch()
    for variable in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        patch.setenv(variable, str(tmp_path_factory.mktemp(variable.lower())))
    yield
    patch.undo()


@pytest.fixture
def content_copy(tmp_path):
    """A private copy of the content folder that a test may edit."""
    target = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, target)
    return target


@pytest.fixture(scope="session")
def tetrarchia():
    """The validated Tetrarchia game."""
    return load_game(DEFAULT_CONTENT, "tetrarchia")


@pytest.fixture(scope="session")
def built_kits(tmp_path_factory, tetrarchia):
    """All four Tetrarchia kits (2 languages x 2 papers), built once into a temporary folder."""
    from forge.kit import build_kit

    out = tmp_path_factory.mktemp("build")
    results = {}
    for lang in ("en", "es"):
        for paper in ("a4", "letter"):
            results[(lang, paper)] = build_kit(tetrarchia, lang, paper, out)
    return results
