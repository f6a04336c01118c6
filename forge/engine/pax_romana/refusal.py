"""Refusals that name powers, units, sides and cards in the player's language.

The engine raises these instead of forge.engine.core.IllegalAction: a field called `power`
holds a power id, `unit` a unit id, `side` attacker or defender and `card` an event card id; a
translated refusal shows their names in the translator's language, so a player never reads an
id.
"""
from __future__ import annotations

from forge.engine.errors import NamedIllegalAction


class IllegalAction(NamedIllegalAction):
    """A well-formed action the rules do not allow now, with its ids named for players."""

    NAMED = {"power": "power", "unit": "unit", "side": "side_word", "card": "card",
             "province": "province"}

    @staticmethod
    def names(tr):
        from forge.engine.pax_romana.words import Names

        return Names(tr)
