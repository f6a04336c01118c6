"""Install RACE's code the way an installed game package would be found: its engine folder on
forge.engine's path and its screens on companion.screens'. Nothing else is told about the game.

As a pytest plugin (`-p install`, with this folder on sys.path) it installs the game for a
whole run; a test installs it for itself with the `race` fixture (`from install import race`).
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ENGINES = HERE / "engine"
SCREENS = HERE / "screens"
CONTENT = HERE / "content"


def installed(monkeypatch, user_data: Path) -> None:
    """RACE for one test: its engine and screens on their packages' paths, its content in the
    user's games folder (under `user_data`, made the test's XDG_DATA_HOME)."""
    import shutil

    import companion.screens
    import forge.engine

    monkeypatch.setenv("XDG_DATA_HOME", str(user_data))
    shutil.copytree(CONTENT / "race", user_data / "forge" / "games" / "race")
    monkeypatch.setattr(forge.engine, "__path__", [*forge.engine.__path__, str(ENGINES)])
    monkeypatch.setattr(companion.screens, "__path__",
                        [*companion.screens.__path__, str(SCREENS)])


def forget() -> None:
    """Unload RACE's modules (a later test starts without the game)."""
    for name in [m for m in sys.modules if m.endswith((".race", ".race_setup", ".race_table"))
                 or ".race." in m]:
        del sys.modules[name]


@pytest.fixture
def race(monkeypatch, tmp_path):
    """RACE installed for one test, its content in a user games folder of the test's own."""
    installed(monkeypatch, tmp_path / "user-data")
    yield
    forget()


def pytest_configure(config) -> None:
    """RACE installed for the whole run."""
    import companion.screens
    import forge.engine

    forge.engine.__path__.append(str(ENGINES))
    companion.screens.__path__.append(str(SCREENS))
