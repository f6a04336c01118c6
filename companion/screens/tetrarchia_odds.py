"""TETRARCHIA's attack odds in the companion: the chance to win before an emperor commits.

No rules here and no Kivy: both sides and the count over the 36 rolls are the engine's own
(forge.engine.tetrarchia.combat); this module puts them in the words the board screen shows.
"""
from __future__ import annotations

from forge.engine.tetrarchia import combat
from forge.engine.tetrarchia.data import roman_numeral, tables


def fight_odds(state: dict, army_at: str, emperor: str | None = None) -> dict:
    """Win, tie and loss chances of `emperor` (default: the one whose turn it is) against the
    army in `army_at`, from where he stands, with both sides' support and multiplier."""
    t = tables()
    emperor = emperor or state["turn"]
    at = state["emperors"][emperor]["at"]
    roman = combat.roman_side(state, t, emperor, at, army_at)
    barbarian = combat.barbarian_side(state, t, at, army_at)
    counts = combat.outcomes(roman["support"], roman["multiplier"], barbarian["support"],
                             barbarian["multiplier"])
    return {"win": counts.wins / 36, "tie": counts.ties / 36, "lose": counts.losses / 36,
            "wins": counts.wins, "roman": roman, "barbarian": barbarian}


def side_text(die: str, support: int, multiplier: int) -> str:
    """'(VI+3)×2', 'VI+3', '6+7×…': one side's value as the rulebook writes it."""
    text = f"{die}+{support}" if support else die
    if multiplier > 1:
        text = f"({text})×{multiplier}"
    return text


def values_text(odds: dict) -> tuple[str, str]:
    """The two sides' values, the emperor's first: ('(VI+3)×2', '6+7')."""
    roman, barbarian = odds["roman"], odds["barbarian"]
    return (side_text(roman_numeral(6), roman["support"], roman["multiplier"]),
            side_text("6", barbarian["support"], barbarian["multiplier"]))


def percent(chance: float) -> int:
    """A chance as a whole percentage (rounded half up)."""
    return int(chance * 100 + 0.5)
