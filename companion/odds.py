"""Attack odds for the table companion: the chance to win before an emperor commits.

No rules here and no Kivy: the supports, the ×2 multipliers and the comparison of the two
values are the engine's own (forge.engine.tetrarchia.combat); this module only tries the 36
pairs of the VI and the 6 die through them and counts.
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
    roman = {"support": combat.emperor_support(state, t, emperor, at), "boost": 0,
             "multiplier": t.multiplier ** len(combat.helping_emperors(state, t, emperor,
                                                                         army_at))}
    barbarian = {"support": combat.army_support(state, t, army_at),
                 "multiplier": t.multiplier ** len(combat.helping_armies(state, t, at,
                                                                         army_at))}
    counts = {"emperor": 0, "tie": 0, "army": 0}
    for roman_die in range(1, 7):
        for army_die in range(1, 7):
            fight = {"roman": {**roman, "die": roman_die},
                     "barbarian": {**barbarian, "die": army_die}}
            combat.score(fight)
            counts[fight["winner"]] += 1
    return {"win": counts["emperor"] / 36, "tie": counts["tie"] / 36,
            "lose": counts["army"] / 36, "wins": counts["emperor"],
            "roman": roman, "barbarian": barbarian}


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
