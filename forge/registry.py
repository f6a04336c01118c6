"""The games forge can play, found from their folders: shared code asks here, never names a game.

A playable game is a package under `forge/engine/` (any folder on `forge.engine.__path__`) that
exports the names below; its game id is `RULES.name`, the name of its content folder. A game's
`game.yaml` may name its engine package in `engine:` where the two names differ (Conquest of the
Empire II's package is `conquest`); otherwise the package is the id with '-' as '_'.

What an engine package exports (the first two are required):

- `RULES`: the rules object of forge.engine.core (name, rules_version, setup, apply, legal...);
- `describe(event, tr) -> str`: one event in words;
- `progress(state) -> dict`: what a list of saved games shows of a game in progress;
- `BOT`: the dotted name of a module a simulation can play with (see forge/simulate.py).
- `table_changes(before, after, tr, names=None) -> list[str]`: what to change on the real table to
  go from one state to another (the companion's undo lists it); `changed_places(before,
  after)`: the places concerned, for a map to ring.

A package may also hold a `guide` submodule (`<package>.guide`): `setup_guide(entry, state, tr)`
lists the steps of setting up the real table from the log's set-up entry, and `roll_reason(reason,
tr)` words a set-up die's reason; the companion's shared guide screen shows them (see
forge/engine/tetrarchia/guide.py).

What its command line looks like may be exported by the package too, or else by its `commands`
submodule (`<package>.commands`), which keeps the data of `forge <game> ...` apart from the rules:

- `HELP`: what `forge <game> --help` says of the game (an English text marked with N_);
- `NEW_OPTIONS`: the options of `new`, as data (see forge/cli/play.py);
- `REPORTS`: {command name: (function(state) -> JSON value, help)}, extra read-only commands.
"""
from __future__ import annotations

import os
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType
from typing import Any

REQUIRED = ("RULES", "describe")
COMMANDS = "commands"           # the submodule that may hold HELP, NEW_OPTIONS and REPORTS


class NotAGame(Exception):
    """An engine package that does not export what a game must."""


@dataclass(frozen=True)
class GameEngine:
    """One playable game: its id, its engine package and what the package exports."""

    id: str
    package: str
    module: ModuleType = field(repr=False)

    @property
    def rules(self):
        """The game's rules object (forge.engine.core.Rules)."""
        return self.module.RULES

    @property
    def short_name(self) -> str:
        """The package's own name ('conquest'), used for default file names."""
        return self.package.rsplit(".", 1)[-1]

    def describe(self, event: dict, tr) -> str:
        """One event in words, in the translator's language."""
        return self.module.describe(event, tr)

    def progress(self, state: dict) -> dict | None:
        """What a list of saved games shows of a game in progress (None: nothing more)."""
        summary: Callable[[dict], dict] | None = getattr(self.module, "progress", None)
        return summary(state) if summary else None

    @property
    def help(self) -> str | None:
        """What `forge <game> --help` says of the game (English, to translate), if anything."""
        return self._command_data("HELP", None)

    @property
    def new_options(self) -> tuple[dict, ...]:
        """The options of `new`, as data."""
        return tuple(self._command_data("NEW_OPTIONS", ()))

    @property
    def reports(self) -> dict[str, tuple[Callable[[dict], Any], str]]:
        """Extra read-only commands: name -> (function(state), help)."""
        return dict(self._command_data("REPORTS", {}))

    def _command_data(self, name: str, default):
        """A name the package exports, else its `commands` submodule, else `default`."""
        if hasattr(self.module, name):
            return getattr(self.module, name)
        submodule = f"{self.package}.{COMMANDS}"
        if find_spec(submodule) is None:
            return default
        return getattr(import_module(submodule), name, default)

    @property
    def bot(self) -> str | None:
        """The dotted name of the game's bot module, if it has one."""
        return getattr(self.module, "BOT", None)


def engine_packages() -> list[str]:
    """The dotted names of the packages under forge.engine (each a game's engine), sorted.
    Looked up again only when a folder of the package's path changed (translations ask often)."""
    import forge.engine

    return list(_packages_in(tuple((folder, _changed_at(folder))
                                   for folder in forge.engine.__path__)))


def _changed_at(folder: str) -> int:
    try:
        return os.stat(folder).st_mtime_ns
    except OSError:
        return 0


@cache
def _packages_in(folders: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
    return tuple(sorted(f"forge.engine.{info.name}"
                        for info in pkgutil.iter_modules([folder for folder, _ in folders])
                        if info.ispkg))


def load_engine(package: str) -> GameEngine:
    """The game an engine package plays; NotAGame when it lacks a required export."""
    module = import_module(package)
    missing = [name for name in REQUIRED if not hasattr(module, name)]
    if missing:
        raise NotAGame(f"{package} does not export {', '.join(missing)}")
    return GameEngine(module.RULES.name, package, module)


@cache
def _engines(packages: tuple[str, ...]) -> dict[str, GameEngine]:
    engines = [load_engine(package) for package in packages]
    return {engine.id: engine for engine in sorted(engines, key=lambda e: e.id)}


def engines() -> dict[str, GameEngine]:
    """Every playable game by id (the engines are imported once per set of packages)."""
    return _engines(tuple(engine_packages()))


def engine_for(game_id: str) -> GameEngine | None:
    """The engine of a game, or None when the game has none (a kit-only game)."""
    return engines().get(game_id)


def engine_package_named(game_yaml: dict, game_id: str) -> str:
    """The engine package a game's game.yaml names, or the one its id gives."""
    name = game_yaml.get("engine") if isinstance(game_yaml, dict) else None
    return f"forge.engine.{name or game_id.replace('-', '_')}"
