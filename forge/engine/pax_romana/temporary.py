"""Temporary units in a power's books: mercenaries (12.2) and militia (12.3) go in the
Elimination Phase of the turn after the one they appear in (12.22, 12.32; P53); mercenary
cavalry stays as regular cavalry (12.27). Each source says which units it brings and who never
gets them, from the rule data. The Soldier of Fortune's army and invaders are forces on the map,
not a power's units (forces.py; P74): their event places them and `force` changes them."""
from __future__ import annotations

from forge.engine.core import N_
from forge.engine.pax_romana.refusal import IllegalAction
from forge.engine.pax_romana.state import Ctx, advanced, check_power

NEXT_TURN = "elimination_phase_next_turn"
FORCES = ("soldier_of_fortune", "invasion")


def source_rule(t, state: dict, source: str) -> dict:
    """What a source brings: `units` {unit: None}, `never_for`, `removed`,
    `rule`, and for mercenaries the purchases (`buys`) and their `cost`."""
    if source == "mercenaries":
        rule = t.economy["mercenaries"]
        if advanced(state):
            buys = rule["advanced"]["buys"]
            units = {u: None for buy in buys for u in buy}
            return {"units": units, "never_for": rule["never_for"], "removed": NEXT_TURN,
                    "rule": "12.23, 12.27", "buys": buys, "cost": rule["advanced"]["spend"]}
        unit = rule["standard"]["unit"]
        return {"units": {unit: None}, "never_for": rule["never_for"], "removed": NEXT_TURN,
                "rule": "12.21, 12.22", "per_unit": rule["standard"]["cost"]}
    rule = t.combat["militia"]
    return {"units": {"militia": None}, "never_for": [], "removed": rule["removed"],
            "rule": rule["rule"]}


def expires(state: dict, rule: dict) -> int:
    """The turn whose Elimination Phase removes units appearing now (P53)."""
    if rule["removed"] != NEXT_TURN:
        raise ValueError(f"unknown removal {rule['removed']!r}")
    return state["turn"] + 1


def add_temporary(ctx: Ctx, action: dict) -> None:
    """Temporary units join a power's books with the turn they leave; mercenaries hired are
    paid when `pay` is set (12.22, 12.23)."""
    state, t = ctx.state, ctx.t
    power = check_power(state, action["power"])
    source = action["source"]
    if source in FORCES:
        raise IllegalAction(N_("{source}: a force on the map, not units in the books; the "
                               "events screen places it and the force action records its "
                               "losses"), source=source)
    rule = source_rule(t, state, source)
    units = {u: n for u, n in action["units"].items() if n}
    _check(t, state, power, source, rule, units)
    if action.get("pay") and source == "mercenaries":
        ctx.pay(power, _price(rule, units), "mercenaries")
    book = ctx.book(power)
    turn = expires(state, rule)
    for unit, count in sorted(units.items()):
        book["temporary"].append({"unit": unit, "count": count, "expires": turn})
        if t.unit[unit].get("counts_against_maxph"):
            book["heavy"] += count
        ctx.emit("temporary-added", power=power, unit=unit, count=count, expires=turn,
                 source=source)


def _check(t, state: dict, power: str, source: str, rule: dict, units: dict) -> None:
    if not units:
        raise IllegalAction(N_("name at least one unit"))
    if power in rule["never_for"]:
        raise IllegalAction(N_("{power} never gets {source}"), power=power, source=source)
    for unit in units:
        if unit not in rule["units"]:
            raise IllegalAction(N_("{unit} do not come with {source}"), unit=unit,
                                source=source)
        if t.unit[unit].get("advanced_only") and not advanced(state):
            raise IllegalAction(N_("{unit} are hired in the Advanced Game only"), unit=unit)


def _price(rule: dict, units: dict) -> int:
    """The Talents mercenaries cost: 2T each (Standard), or exactly one 2T purchase
    (Advanced, 12.23)."""
    if "per_unit" in rule:
        return rule["per_unit"] * sum(units.values())
    if units not in rule["buys"]:
        raise IllegalAction(N_("{cost} Talents buy 2 mercenary LI, 1 mercenary cavalry or 1 "
                               "mercenary HI"), cost=rule["cost"])
    return rule["cost"]


def eliminate_temporary(ctx: Ctx) -> None:
    """Temporary units whose Elimination Phase this is leave the map, mercenary cavalry
    becoming regular cavalry (12.27, 12.32)."""
    t, turn = ctx.t, ctx.state["turn"]
    for power, book in ctx.state["powers"].items():
        leaving = [u for u in book["temporary"] if u["expires"] <= turn]
        book["temporary"] = [u for u in book["temporary"] if u["expires"] > turn]
        for entry in leaving:
            unit, count = entry["unit"], entry["count"]
            if t.unit.get(unit, {}).get("counts_against_maxph"):
                book["heavy"] = max(0, book["heavy"] - count)
            becomes = t.unit.get(unit, {}).get("becomes_in_elimination")
            if becomes:
                ctx.emit("temporary-converted", power=power, unit=unit, count=count,
                         becomes=becomes)
            else:
                ctx.emit("temporary-removed", power=power, unit=unit, count=count)


def lost_in_battle(book: dict, eliminated: dict) -> None:
    """Temporary units eliminated in a battle leave the books' list too (the oldest first)."""
    for unit, count in eliminated.items():
        for entry in sorted((e for e in book["temporary"] if e["unit"] == unit),
                            key=lambda e: e["expires"]):
            taken = min(count, entry["count"])
            entry["count"] -= taken
            count -= taken
        book["temporary"] = [e for e in book["temporary"] if e["count"]]
