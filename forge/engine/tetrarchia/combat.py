"""Combat: support chains, the ×2 multipliers and the dice, for attacks both ways.

The emperor rolls the VI die and adds the largest chain of his discs touching him; the army
rolls the 6 die and adds the largest chain of Revolt discs touching it (R4). Each other emperor
next to the army doubles the emperor's value; each other army next to the emperor doubles the
army's. Links of every kind count, with no roll (R3). Resolving the result (who leaves the
board, who moves in) belongs to the phase that started the fight (roman.py, barbarian.py).
"""
from __future__ import annotations

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


def roll_combat(ctx: Ctx, emperor: str, army_at: str, attacker: str) -> dict:
    """Roll both dice and work out both combat values (no boost yet, no result yet)."""
    state, t = ctx.state, ctx.t
    at = state["emperors"][emperor]["at"]
    roman_die = ctx.roll("VI", f"combat: {emperor}", "combat_emperor", emperor=emperor)
    army_die = ctx.roll("6", f"combat: army in {army_at}", "combat_army", province=army_at)
    emperors = helping_emperors(state, t, emperor, army_at)
    armies = helping_armies(state, t, at, army_at)
    fight = {
        "attacker": attacker, "emperor": emperor, "emperor_at": at, "army_at": army_at,
        "roman": {"die": roman_die, "support": emperor_support(state, t, emperor, at),
                  "boost": 0, "multiplier": t.multiplier ** len(emperors), "helpers": emperors},
        "barbarian": {"die": army_die, "support": army_support(state, t, army_at),
                      "multiplier": t.multiplier ** len(armies), "helpers": armies},
    }
    score(fight)
    return fight


def score(fight: dict) -> None:
    """Fill in both values and the winner: (die + support + boost) × multiplier each."""
    roman, barbarian = fight["roman"], fight["barbarian"]
    roman["value"] = (roman["die"] + roman["support"] + roman["boost"]) * roman["multiplier"]
    barbarian["value"] = (barbarian["die"] + barbarian["support"]) * barbarian["multiplier"]
    if roman["value"] > barbarian["value"]:
        fight["winner"] = "emperor"
    elif roman["value"] < barbarian["value"]:
        fight["winner"] = "army"
    else:
        fight["winner"] = "tie"


def useful_boost(fight: dict, most: int) -> int:
    """How many +1s (at most `most`) are worth offering: 0 when none can change the result."""
    roman, barbarian = fight["roman"], fight["barbarian"]
    if fight["winner"] == "emperor" or most <= 0:
        return 0
    base = roman["die"] + roman["support"] + roman["boost"]
    for extra in range(1, most + 1):
        if (base + extra) * roman["multiplier"] > barbarian["value"]:
            return extra
    if (base + most) * roman["multiplier"] == barbarian["value"] and fight["winner"] == "army":
        return most
    return 0
