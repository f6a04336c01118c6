"""Where forge finds its own data and where it keeps the user's: every such path is made here.

Forge's shipped data (the games, the shared sheet templates and the fonts) lives at the top of the
repository. Packaging copies those folders into the installed package as `forge/shipped/` (see
setup.py); a checkout, editable or not, reads them where they are.

The user's own folders follow the platform (platformdirs): on Linux `~/.local/share/forge`,
`~/.config/forge` and `~/.cache/forge`, or the XDG variables when they are set.
"""
from __future__ import annotations

import os
import sys
from functools import cache
from pathlib import Path

import platformdirs

FORGE_DIR = Path(__file__).resolve().parent
CHECKOUT_DIR = FORGE_DIR.parent
SHIPPED_DIR = FORGE_DIR / "shipped"
SHIPPED_FOLDERS = ("content", "templates", "fonts")
APP_NAME = "forge"


def shipped(name: str) -> Path:
    """One of forge's shipped data folders: in the installed package, else in the checkout."""
    if name not in SHIPPED_FOLDERS:
        raise ValueError(f"no shipped folder '{name}'")
    installed = SHIPPED_DIR / name
    return installed if installed.is_dir() else CHECKOUT_DIR / name


def is_checkout() -> bool:
    """True when forge runs from a source checkout (where catalogs can be extracted)."""
    return not SHIPPED_DIR.is_dir() and (CHECKOUT_DIR / "pyproject.toml").is_file()


SHIPPED_CONTENT = shipped("content")
TEMPLATE_DIR = shipped("templates")
FONT_DIR = shipped("fonts")


def _xdg_or_default(variable: str, default: str) -> Path:
    """A base folder from an XDG variable (a relative value is ignored, as the spec says)."""
    base = os.environ.get(variable, "")
    return Path(base) if os.path.isabs(base) else Path(default)


def user_data_dir() -> Path:
    """The user's forge data folder: their own games and the companion's saved games."""
    return _user_data_dir(tuple(os.environ.get(name) for name in _DATA_DIR_VARIABLES))


_DATA_DIR_VARIABLES = ("XDG_DATA_HOME", "HOME", "APPDATA", "LOCALAPPDATA", "USERPROFILE")


@cache
def _user_data_dir(_environment: tuple) -> Path:
    """user_data_dir for the environment it names (found again only when that changes: the
    translations ask for it at every message)."""
    if _is_xdg_platform():
        return _xdg_or_default("XDG_DATA_HOME", str(Path.home() / ".local" / "share")) / APP_NAME
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def user_config_dir() -> Path:
    """The user's forge settings folder (print profiles)."""
    if _is_xdg_platform():
        return _xdg_or_default("XDG_CONFIG_HOME", str(Path.home() / ".config")) / APP_NAME
    return platformdirs.user_config_path(APP_NAME, appauthor=False)


def user_cache_dir() -> Path:
    """The user's forge cache folder (the render cache's key)."""
    if _is_xdg_platform():
        return _xdg_or_default("XDG_CACHE_HOME", str(Path.home() / ".cache")) / APP_NAME
    return platformdirs.user_cache_path(APP_NAME, appauthor=False)


def _is_xdg_platform() -> bool:
    """Linux and the BSDs follow the XDG folders; macOS, Windows and Android do not."""
    return os.name == "posix" and sys.platform != "darwin" and "ANDROID_ARGUMENT" not in os.environ


def user_games_dir() -> Path:
    """Where a user keeps games of their own (searched after --content, before shipped games)."""
    return user_data_dir() / "games"


def companion_data_dir() -> Path:
    """Where the companion keeps its settings and saved games on a desktop."""
    return user_data_dir() / "companion"
