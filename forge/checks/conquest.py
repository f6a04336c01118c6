"""Conquest of the Empire II's own checks: its optional map.yaml true to the movement rules'
needs (forge/engine/conquest/board.py), each problem with file, line and field.

The schema (forge/schemas/map.yaml) checks shapes and that every id named is a place of the
map; these add what a schema cannot say: neighbours listed both ways, one id per place, straits
between provinces that are not land neighbours in a sea touching both, and the key provinces
exactly those of the game's tables.yaml.
"""
from __future__ import annotations

from forge.content import Doc
from forge.engine.conquest.board import doc_problems
from forge.errors import Problem


def check(docs: dict[str, Doc]) -> list[Problem]:
    """The map's problems (none when the game has no map.yaml)."""
    if "map" not in docs:
        return []
    tables = docs.get("tables")
    entries = tables.data.get("key_provinces") if tables is not None else None
    keys = [k.get("id") for k in entries or [] if isinstance(k, dict)]
    return doc_problems(docs["map"], keys)
