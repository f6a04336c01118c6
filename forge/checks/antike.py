"""Antike's own checks: its optional map.yaml true to what the engine plays
(forge/engine/antike/board.py), each problem with file, line and field.

The schema (forge/schemas/map.yaml) checks shapes and that every id named is a province of the
map; these add what a schema cannot say: borders listed both ways and of one kind, a city site of
a resource in every province, no sea zones or straits (Antike's seas are provinces marked `sea`),
and enough city sites for the start cities of the largest game (the set-up's own check, ruling
A13: the game folder's map is the board of every game started from it).
"""
from __future__ import annotations

from forge.content import Doc
from forge.engine.antike.board import map_problems, site_problems
from forge.engine.antike.data import tables
from forge.engine.antike.setup import most_civilizations
from forge.errors import Problem


def check(docs: dict[str, Doc]) -> list[Problem]:
    """The map's problems (none when the game has no map.yaml)."""
    board = docs.get("map")
    if board is None:
        return []
    problems = map_problems(board.data) or site_problems(board.data,
                                                          most_civilizations(tables()))
    return [board.problem(at, message) for at, message in problems]
