"""Checks beyond the schemas that belong to one game, found by the game's package name.

A game whose content must keep rules a schema cannot say (Tetrarchia: exactly one ROMA, regions
numbered 1 to 6, routes that reach ROMA) brings a module `forge/checks/<package>.py` exporting
`check(docs) -> list[Problem]`, where `docs` are the game's documents by file stem. `<package>`
is the name of the game's packages in every layer: the `engine:` of its game.yaml, or its id with
'-' as '_' (see forge/registry.py). A game without such a module has no checks of its own, so a
board of any shape can be described; forge/checks/graph.py holds checks any board graph may use.
"""
from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec

from forge.content import Doc
from forge.errors import Problem
from forge.registry import engine_package_named


def package_name(docs: dict[str, Doc]) -> str | None:
    """The game's package name, from its game.yaml (None without a usable game.yaml)."""
    game = docs.get("game")
    game_id = game.data.get("id") if game is not None and isinstance(game.data, dict) else None
    if not isinstance(game_id, str):
        return None
    return engine_package_named(game.data, game_id).rsplit(".", 1)[-1]


def game_checks(docs: dict[str, Doc]) -> list[Problem]:
    """The problems the game's own checks module finds (none when it has no such module)."""
    name = package_name(docs)
    if name is None or not name.isidentifier() or find_spec(f"{__name__}.{name}") is None:
        return []
    check = getattr(import_module(f"{__name__}.{name}"), "check", None)
    return check(docs) if check is not None else []
