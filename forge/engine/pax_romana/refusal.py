"""Refusals that name powers, units, sides and cards in the player's language.

The engine raises these instead of forge.engine.core.IllegalAction: a field called `power`
holds a power id, `unit` a unit id, `side` attacker or defender and `card` an event card id,
`phase` a phase key, `stage` a battle step, `rating` a leader's rating, `kind` city or town,
`first`/`second` a battle choice, `rule` an optional rule and `source` where temporary units
come from; a translated refusal shows their names in the translator's language, so a player
never reads an id (an id the game does not know is shown as given).
"""
from __future__ import annotations

from forge.engine.errors import NamedIllegalAction


class IllegalAction(NamedIllegalAction):
    """A well-formed action the rules do not allow now, with its ids named for players."""

    NAMED = {"power": "power", "unit": "unit", "side": "side_word", "card": "card",
             "province": "province", "phase": "phase", "stage": "stage", "rating": "rating",
             "kind": "place_kind", "first": "choice", "second": "choice",
             "rule": "optional_rule", "source": "temporary_source"}

    @staticmethod
    def names(tr):
        from forge.engine.pax_romana.words import Names

        return Names(tr)
