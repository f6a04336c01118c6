"""Refusals that name places, cards and reasons in the player's language.

The engine raises these instead of forge.engine.core.IllegalAction: a field called `province`,
`where`, `to`, `origin` or `sea` holds a place id, `card` a card id and `why` a reason word; when
the refusal is translated, they are shown by their names in the translator's language (the same
names as the log's words), so a player never reads an id.
"""
from __future__ import annotations

from forge.engine.errors import NamedIllegalAction

PLACE_FIELDS = frozenset({"province", "where", "to", "origin", "sea"})


class Units(dict):
    """Units in a refusal ({unit: count}): '4 infantry, 1 cavalry' in English, and by the
    units' names in the translator's language."""

    def __format__(self, spec) -> str:
        return ", ".join(f"{count} {unit}" for unit, count in self.items()) or "-"

    def translated(self, tr) -> str:
        from forge.engine.conquest.words import Names

        return Names(tr).units(self)


class IllegalAction(NamedIllegalAction):
    """A well-formed action the rules do not allow now, with its ids named for players."""

    NAMED = {**dict.fromkeys(PLACE_FIELDS, "place"), "card": "card", "why": "why"}

    @staticmethod
    def names(tr):
        from forge.engine.conquest.words import Names

        return Names(tr)
