"""Combat: support chains, the ×2 multipliers and the dice, for attacks both ways.

The emperor rolls the VI die and adds the largest chain of his discs touching him; the army
rolls the 6 die and adds the largest chain of Revolt discs touching it (R4). Each other emperor
next to the army doubles the emperor's value; each other army next to the emperor doubles the
army's. Links of every kind count, with no roll (R3). Resolving the result (who leaves the
board, who moves in) belongs to the phase that started the fight (roman.py, barbarian.py).

The sides before the dice (`roman_side`, `barbarian_side`), a side's value (`combat_value`) and
the outcomes over every roll (`outcomes`) are public: the bot and the companion's odds weigh a
fight with them.
"""
from __future__ import annotations

from functools import cache
from typing import NamedTuple

from forge.engine.tetrarchia.data import Tables
from forge.engine.tetrarchia.state import Ctx, army_provinces, emperor_positions


def own_discs(state: dict, t: Tables, emperor: str) -> set[str]:
    """Provinces whose disc counts as the emperor's: his, his uncovered capital, ROMA's wildcard.

    Under DIARCHIA his partner's discs and uncovered capital count as his too.
    """
    colours = {emperor}
    if "diarchia" in state["variants"]:
        colours.add(t.partner[emperor])
    discs = state["discs"]
    mine = {p for p, d in discs.items() if d in colours}
    for colour in colours:
        capital = t.capital.get(colour)
        if capital and capital not in discs:
            mine.add(capital)
    if t.roma not in discs:
        mine.add(t.roma)
    return mine


def largest_chain(t: Tables, members: set[str], around: str) -> int:
    """The size of the largest chain of `members` containing `around` or one of its neighbours."""
    best, seen = 0, set()
    for start in (around, *t.neighbours[around]):
        if start in members and start not in seen:
            size, stack = 0, [start]
            seen.add(start)
            while stack:
                here = stack.pop()
                size += 1
                for there in t.neighbours[here]:
                    if there in members and there not in seen:
                        seen.add(there)
                        stack.append(there)
            best = max(best, size)
    return best


def emperor_support(state: dict, t: Tables, emperor: str, at: str) -> int:
    """+N for the emperor standing in `at`."""
    return largest_chain(t, own_discs(state, t, emperor), at)


def army_support(state: dict, t: Tables, at: str) -> int:
    """+N for the army standing in `at`."""
    revolts = {p for p, d in state["discs"].items() if d == "revolt"}
    return largest_chain(t, revolts, at)


def helping_emperors(state: dict, t: Tables, emperor: str, army_at: str) -> list[str]:
    """The other emperors next to the army: each doubles the emperor's value."""
    near = set(t.neighbours[army_at])
    return [e for p, e in emperor_positions(state).items() if p in near and e != emperor]


def helping_armies(state: dict, t: Tables, emperor_at: str, army_at: str) -> list[str]:
    """The provinces of the other armies next to the emperor: each doubles the army's value."""
    near = set(t.neighbours[emperor_at])
    return [p for p in army_provinces(state) if p in near and p != army_at]


def roman_side(state: dict, t: Tables, emperor: str, at: str, army_at: str) -> dict:
    """The emperor's side before his die: his support from `at`, no boost yet, and the ×2 of
    each helping emperor."""
    helpers = helping_emperors(state, t, emperor, army_at)
    return {"support": emperor_support(state, t, emperor, at), "boost": 0,
            "multiplier": t.multiplier ** len(helpers), "helpers": helpers}


def barbarian_side(state: dict, t: Tables, emperor_at: str, army_at: str) -> dict:
    """The army's side before its die: its Revolt chain and the ×2 of each helping army."""
    helpers = helping_armies(state, t, emperor_at, army_at)
    return {"support": army_support(state, t, army_at),
            "multiplier": t.multiplier ** len(helpers), "helpers": helpers}


def roll_combat(ctx: Ctx, emperor: str, army_at: str, attacker: str) -> dict:
    """Roll both dice and work out both combat values (no boost yet, no result yet)."""
    state, t = ctx.state, ctx.t
    at = state["emperors"][emperor]["at"]
    roman_die = ctx.roll("VI", f"combat: {emperor}", "combat_emperor", emperor=emperor)
    army_die = ctx.roll("6", f"combat: army in {army_at}", "combat_army", province=army_at)
    fight = {
        "attacker": attacker, "emperor": emperor, "emperor_at": at, "army_at": army_at,
        "roman": {"die": roman_die, **roman_side(state, t, emperor, at, army_at)},
        "barbarian": {"die": army_die, **barbarian_side(state, t, at, army_at)},
    }
    score(fight)
    return fight


def combat_value(die: int, support: int, multiplier: int, boost: int = 0) -> int:
    """One side's combat value: (die + support + boost) × multiplier."""
    return (die + support + boost) * multiplier


def winner(roman: int, barbarian: int) -> str:
    """Who wins with these combat values: 'emperor', 'army', or 'tie' (nothing happens)."""
    if roman > barbarian:
        return "emperor"
    return "army" if roman < barbarian else "tie"


def score(fight: dict) -> None:
    """Fill in both values and the winner: (die + support + boost) × multiplier each."""
    roman, barbarian = fight["roman"], fight["barbarian"]
    roman["value"] = combat_value(roman["die"], roman["support"], roman["multiplier"],
                                  roman["boost"])
    barbarian["value"] = combat_value(barbarian["die"], barbarian["support"],
                                      barbarian["multiplier"])
    fight["winner"] = winner(roman["value"], barbarian["value"])


class Outcomes(NamedTuple):
    """How many of the 36 pairs of the VI and the 6 die end a fight each way."""

    wins: int
    ties: int
    losses: int


@cache
def outcomes(support: int, multiplier: int, army_support: int, army_multiplier: int,
             boost: int = 0) -> Outcomes:
    """The emperor's wins, ties and losses over every roll of both dice, with these sides."""
    counts = {"emperor": 0, "tie": 0, "army": 0}
    for roman_die in range(1, 7):
        roman = combat_value(roman_die, support, multiplier, boost)
        for army_die in range(1, 7):
            counts[winner(roman, combat_value(army_die, army_support, army_multiplier))] += 1
    return Outcomes(counts["emperor"], counts["tie"], counts["army"])


def useful_boost(fight: dict, most: int) -> int:
    """How many +1s (at most `most`) are worth offering: 0 when none can change the result."""
    roman, barbarian = fight["roman"], fight["barbarian"]
    if fight["winner"] == "emperor" or most <= 0:
        return 0
    for extra in range(1, most + 1):
        value = combat_value(roman["die"], roman["support"], roman["multiplier"],
                             roman["boost"] + extra)
        if value > barbarian["value"]:
            return extra
    best = combat_value(roman["die"], roman["support"], roman["multiplier"], roman["boost"] + most)
    if best == barbarian["value"] and fight["winner"] == "army":
        return most
    return 0
