"""Attack odds shown before an attack: the engine's combat values over the 36 die pairs."""
from __future__ import annotations

from forge.engine.core import Session
from forge.engine.tetrarchia import RULES

from companion.screens.tetrarchia_odds import fight_odds, percent, side_text, values_text

# The rulebook's NARBONENSIS example: the army has a chain of 7 Revolt discs (6+7), the
# emperor a chain of 3 of his discs and Galerius in CISALPINA beside the army: (VI+3)×2.
REVOLTS = ("NARBONENSIS", "TARRACONENSIS", "GALLAECIA", "LVSITANIA", "BAETICA",
           "CARTHAGINIENSIS", "TINGITANA")
NARBONENSIS = {
    "figures": {"NARBONENSIS": "army", "AQVITANIA": "diocletian", "CISALPINA": "galerius"},
    "discs": {"AQVITANIA": "diocletian", "LVGDVNENSIS": "diocletian",
              "GERMANIA_SVPERIOR": "diocletian", **{p: "revolt" for p in REVOLTS}},
}


def test_the_narbonensis_example_by_hand():
    state = Session(RULES, {"position": NARBONENSIS}, seed=7).state
    odds = fight_odds(state, "NARBONENSIS")
    assert values_text(odds) == ("(VI+3)×2", "6+7")
    # by hand: the emperor's (r+3)×2 is 8, 10, 12, 14, 16, 18; the army's d+7 is 8..13.
    # r=1 beats none (ties 8), r=2 beats 8, 9 (ties 10), r=3 beats 8..11 (ties 12), r=4..6 all.
    wins = 0 + 2 + 4 + 6 + 6 + 6
    ties = 3
    assert odds["wins"] == wins == 24
    assert odds["win"] == wins / 36 and odds["tie"] == ties / 36
    assert odds["lose"] == (36 - wins - ties) / 36
    assert percent(odds["win"]) == 67


def test_side_text_without_support_or_multiplier():
    assert side_text("VI", 0, 1) == "VI"
    assert side_text("6", 2, 4) == "(6+2)×4"
