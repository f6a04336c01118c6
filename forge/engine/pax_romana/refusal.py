"""Refusals that name powers, units, sides and cards in the player's language.

The engine raises these instead of forge.engine.core.IllegalAction: a field called `power`
holds a power id, `unit` a unit id, `side` attacker or defender and `card` an event card id; a
translated refusal shows their names in the translator's language, so a player never reads an
id.
"""
from __future__ import annotations

from forge.engine.core import IllegalAction as _IllegalAction
from forge.engine.errors import translated as _translated

NAMED = {"power": "power", "unit": "unit", "side": "side_word", "card": "card",
         "province": "province"}


class IllegalAction(_IllegalAction):
    """A well-formed action the rules do not allow now, with its ids named for players."""

    def translated(self, tr) -> str:
        from forge.engine.pax_romana.words import Names

        names = Names(tr)
        fields = {}
        for key, value in self.fields.items():
            kind = NAMED.get(key)
            if kind and isinstance(value, str):
                value = getattr(names, kind)(value)
            else:
                value = _translated(value, tr)
            fields[key] = value
        text = tr._(self.template)
        return text.format(**fields) if fields else text
