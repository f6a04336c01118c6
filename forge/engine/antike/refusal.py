"""Refusals that name civilizations, resources, units, progresses and spaces in the player's
language.

The engine raises these instead of forge.engine.core.IllegalAction: a field called `civ`,
`against` or `owner` holds a civilization id, `resource` a resource, `unit` a unit type,
`progress` a progress and `space` a rondel space; a translated refusal shows their names in the
translator's language (the names of the log's words), so a player never reads an id. A field
`province`, `from` or `to` holds a province: on a map, the action's dispatcher puts the map's
printed name in it (board.printed_refusal); without one it stays as the table named it.
"""
from __future__ import annotations

from forge.engine.errors import NamedIllegalAction


class IllegalAction(NamedIllegalAction):
    """A well-formed action the rules do not allow now, with its ids named for players."""

    NAMED = {"civ": "civ", "against": "civ", "owner": "civ", "resource": "resource",
             "unit": "unit", "progress": "progress", "needs": "progress", "space": "space",
             "what": "payment", "border": "border_kind"}

    @staticmethod
    def names(tr):
        from forge.engine.antike.words import Names

        return Names(tr)


class UnitCount:
    """A number of units of one type for a refusal's field: '1 Legion', '2 Legions' (English in
    `str`, the player's language when translated)."""

    def __init__(self, unit: str, count: int) -> None:
        self.unit, self.count = unit, count

    def __str__(self) -> str:
        return self.translated(None)

    def translated(self, tr) -> str:
        from forge.engine.antike.words import Names

        return Names(tr).unit_count(self.unit, self.count)


class Listed:
    """Ids of one kind (`space`, `resource`...) for a refusal's field: the ids joined by commas
    in `str`, their names in the player's language when translated."""

    def __init__(self, kind: str, ids) -> None:
        self.kind, self.ids = kind, tuple(ids)

    def __str__(self) -> str:
        return ", ".join(self.ids)

    def translated(self, tr) -> str:
        from forge.engine.antike.words import Names

        names = Names(tr)
        return ", ".join(getattr(names, self.kind)(i) for i in self.ids)
