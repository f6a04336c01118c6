"""Install RACE's code the way an installed game package would be found: its engine folder on
forge.engine's path and its screens on companion.screens'. Nothing else is told about the game.

As a pytest plugin (`-p install`, with this folder on sys.path) it installs the game for a
whole run; tests install it with `installed(monkeypatch)`.
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ENGINES = HERE / "engine"
SCREENS = HERE / "screens"
CONTENT = HERE / "content"


def installed(monkeypatch) -> None:
    """RACE's engine and screens on their packages' paths for one test."""
    import companion.screens
    import forge.engine

    monkeypatch.setattr(forge.engine, "__path__", [*forge.engine.__path__, str(ENGINES)])
    monkeypatch.setattr(companion.screens, "__path__",
                        [*companion.screens.__path__, str(SCREENS)])


def forget() -> None:
    """Unload RACE's modules (a later test starts without the game)."""
    for name in [m for m in sys.modules if m.endswith((".race", ".race_setup", ".race_table"))
                 or ".race." in m]:
        del sys.modules[name]


def pytest_configure(config) -> None:
    """RACE installed for the whole run."""
    import companion.screens
    import forge.engine

    forge.engine.__path__.append(str(ENGINES))
    companion.screens.__path__.append(str(SCREENS))
