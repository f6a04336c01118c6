"""Antike's own checks: its optional map.yaml true to what the engine plays
(forge/engine/antike/board.py), each problem with file, line and field.

The schema (forge/schemas/map.yaml) checks shapes and that every id named is a province of the
map; these add what a schema cannot say: borders listed both ways and of one kind, a city site of
a resource in every province, no sea zones or straits (Antike's seas are provinces marked `sea`).
"""
from __future__ import annotations

from forge.content import Doc
from forge.engine.antike.board import map_problems
from forge.errors import Problem


def check(docs: dict[str, Doc]) -> list[Problem]:
    """The map's problems (none when the game has no map.yaml)."""
    board = docs.get("map")
    if board is None:
        return []
    return [board.problem(at, message) for at, message in map_problems(board.data)]
