"""The legal ways a side absorbs its battle loss (10.52, 10.53, 10.8, 7.32, 7.33; P37, P48).

An allocation is `{eliminate: {unit: n}, reduce: {unit: n}, eliminate_reduced: {unit: n},
walls: n}`. What each step absorbs comes from `units.yaml` `losses.steps` (a reduction at most
2, a reduced legion 2, a reduced heavy infantry 1) and `losses.wall_point_absorbs`. Legal: only
units in the battle that absorb losses; at most one full unit reduced (10.84); no full unit
reduced while a reduced unit of its type stays (10.81, 10.82, P48); walls no lower than their
floor (7.33); it covers the loss, or takes everything when nothing covers it; and none of its
steps could be left out with the loss still covered (the loss is the least to remove, 10.53).
"""
from __future__ import annotations

from forge.engine.core import N_
from forge.engine.pax_romana.refusal import IllegalAction

KINDS = ("eliminate", "reduce", "eliminate_reduced")


def unit_bp(state: dict, t, unit: str, reduced: bool = False) -> int:
    """A unit's battle points in this battle (10.51 step 1; the late legions of 10.65)."""
    if reduced:
        return t.unit[unit]["reduced_battle_points"]
    late = t.combat["cavalry"]["optional_late_legions"]
    if (unit == "legion" and state["optional"].get("late_legions")
            and state["turn"] in late["turns"]):
        return late["legion_battle_points"]
    return t.unit[unit]["battle_points"]


def force_bp(state: dict, t, force: dict) -> int:
    """The battle points of a force's units (walls not included)."""
    return (sum(unit_bp(state, t, u) * n for u, n in force["units"].items())
            + sum(unit_bp(state, t, u, True) * n for u, n in force["reduced"].items()))


def land_units_left(t, force: dict) -> bool:
    """Whether a force still has a land combat unit (full or reduced)."""
    return any(n and t.unit[u]["land_combat_unit"]
               for group in (force["units"], force["reduced"]) for u, n in group.items())


def reduction_allowed(state: dict) -> bool:
    """Units are reduced in the Advanced Game and, by reading P12, in the Standard Game."""
    return state["game"] == "advanced" or state["readings"]["reduction_in_standard_game"]


def _steps(state: dict, t, battle: dict, side: str) -> list[dict]:
    """Each kind of step the side may take: key, unit, what one absorbs, how many, BP lost."""
    force = battle[side]
    steps = []
    for unit, count in sorted(force["units"].items()):
        if not t.unit[unit]["absorbs_battle_losses"]:
            continue
        full = t.loss_step(unit, "full", "eliminated")
        if full:
            bp = unit_bp(state, t, unit)
            steps.append({"key": "eliminate", "unit": unit, "absorbs": bp, "max": count,
                          "bp": bp})
        reduce = t.loss_step(unit, "full", "reduced")
        if reduce and reduction_allowed(state):
            steps.append({"key": "reduce", "unit": unit, "absorbs": reduce["absorbs"],
                          "max": min(1, count),
                          "bp": unit_bp(state, t, unit) - unit_bp(state, t, unit, True)})
    for unit, count in sorted(force["reduced"].items()):
        step = t.loss_step(unit, "reduced", "eliminated")
        if step and t.unit[unit]["absorbs_battle_losses"]:
            steps.append({"key": "eliminate_reduced", "unit": unit, "absorbs": step["absorbs"],
                          "max": count, "bp": unit_bp(state, t, unit, True)})
    defence = battle.get("defence")
    if side == "defender" and defence and defence["walls"] > defence["floor"]:
        steps.append({"key": "walls", "unit": None,
                      "absorbs": t.units["losses"]["wall_point_absorbs"],
                      "max": defence["walls"] - defence["floor"],
                      "bp": t.units["battle_points"]["per_wall_point"]})
    return steps


def _count(allocation: dict, step: dict) -> int:
    if step["key"] == "walls":
        return allocation.get("walls") or 0
    return allocation.get(step["key"], {}).get(step["unit"], 0)


def absorbed(steps: list[dict], allocation: dict) -> int:
    return sum(_count(allocation, s) * s["absorbs"] for s in steps)


def bp_lost(steps: list[dict], allocation: dict) -> int:
    return sum(_count(allocation, s) * s["bp"] for s in steps)


def everything(steps: list[dict]) -> dict:
    """The allocation that takes every unit and wall point that can go."""
    allocation = {"eliminate": {}, "reduce": {}, "eliminate_reduced": {}, "walls": 0}
    for step in steps:
        if step["key"] == "walls":
            allocation["walls"] = step["max"]
        elif step["key"] != "reduce":
            allocation[step["key"]][step["unit"]] = step["max"]
    return allocation


def _problem(state: dict, t, battle: dict, side: str, allocation: dict):
    """Why an allocation is illegal, as (template, fields), or None."""
    force, loss = battle[side], battle["loss"][side]
    steps = _steps(state, t, battle, side)
    kinds = {(s["key"], s["unit"]): s for s in steps}
    for key in KINDS:
        for unit, count in allocation[key].items():
            there = force["reduced" if key == "eliminate_reduced" else "units"].get(unit, 0)
            if unit not in t.unit or count > there:
                return N_("the {side} has no {count} {unit} to remove"), {
                    "side": side, "count": count, "unit": unit}
            if (key, unit) not in kinds:
                if key == "reduce":
                    return N_("a {unit} cannot be reduced"), {"unit": unit}
                return N_("a {unit} cannot absorb battle losses"), {"unit": unit}
        if key == "eliminate":
            for unit, count in allocation[key].items():
                if count + allocation["reduce"].get(unit, 0) > force["units"].get(unit, 0):
                    return N_("the {side} has no {count} {unit} to remove"), {
                        "side": side, "count": count + allocation["reduce"][unit],
                        "unit": unit}
    reductions = sum(allocation["reduce"].values())
    if reductions > 1 and t.units["losses"]["no_double_reduction"]:
        return N_("two reductions may not stand in for an elimination (10.84)"), {}
    for unit in allocation["reduce"]:
        if allocation["eliminate_reduced"].get(unit, 0) < force["reduced"].get(unit, 0):
            return N_("a reduced {unit} is eliminated before a full one is reduced (10.81, "
                      "10.82)"), {"unit": unit}
    walls = allocation["walls"]
    if walls:
        defence = battle.get("defence")
        if side != "defender" or not defence:
            return N_("only a defender using a city or town loses wall points"), {}
        if defence["walls"] - walls < defence["floor"]:
            return N_("the walls fall no lower than {floor} in combat (7.33)"), {
                "floor": defence["floor"]}
    total = absorbed(steps, allocation)
    whole = everything(steps)
    if total < loss and allocation != whole:
        return N_("this absorbs {absorbs} BP of a loss of {loss}"), {"absorbs": total,
                                                                       "loss": loss}
    used = [s for s in steps if _count(allocation, s)]
    if used and total >= loss and total - min(s["absorbs"] for s in used) >= loss:
        return N_("this absorbs {absorbs} BP: the loss of {loss} is covered with less"), {
            "absorbs": total, "loss": loss}
    return None


def check_allocation(state: dict, t, battle: dict, side: str, allocation: dict) -> None:
    """IllegalAction saying why, unless the allocation is legal."""
    problem = _problem(state, t, battle, side, allocation)
    if problem:
        template, fields = problem
        raise IllegalAction(template, **fields)


def legal_allocations(state: dict, t, battle: dict, side: str,
                      limit: int | None = None) -> list[dict]:
    """Every legal allocation of the side's loss (at most `limit` of them when given), each with
    what it absorbs and the BP it loses (P49).

    The steps are tried largest first, so the last step an allocation takes is its smallest:
    an allocation is complete the moment it covers the loss, and it then has no step to spare."""
    loss = battle["loss"][side]
    steps = sorted(_steps(state, t, battle, side), key=lambda s: -s["absorbs"])
    empty = {"eliminate": {}, "reduce": {}, "eliminate_reduced": {}, "walls": 0}
    if loss <= 0:
        return [{**empty, "absorbs": 0, "lost_bp": 0}]
    force = battle[side]
    found: list[dict] = []
    room = [0] * (len(steps) + 1)
    for index in range(len(steps) - 1, -1, -1):
        room[index] = room[index + 1] + steps[index]["max"] * steps[index]["absorbs"]

    def record(allocation: dict) -> None:
        if _fits(force, allocation, t):
            found.append({**_copy(allocation), "absorbs": absorbed(steps, allocation),
                          "lost_bp": bp_lost(steps, allocation)})

    def visit(index: int, allocation: dict, total: int) -> None:
        if index == len(steps) or total + room[index] < loss:
            return
        step = steps[index]
        for count in range(step["max"] + 1):
            if limit is not None and len(found) >= limit:
                break
            _set(allocation, step, count)
            reached = total + count * step["absorbs"]
            if reached >= loss:
                record(allocation)
                break
            visit(index + 1, allocation, reached)
        _set(allocation, step, 0)

    visit(0, _copy(empty), 0)
    whole = everything(steps)
    if absorbed(steps, whole) < loss:
        found.append({**whole, "absorbs": absorbed(steps, whole),
                      "lost_bp": bp_lost(steps, whole)})
    return found[:limit] if limit is not None else found


def _fits(force: dict, allocation: dict, t) -> bool:
    """The rules an allocation built step by step may still break: one reduction at most
    (10.84), none beside a reduced unit of its type that stays, no more units than there are."""
    if sum(allocation["reduce"].values()) > 1 and t.units["losses"]["no_double_reduction"]:
        return False
    for unit, count in allocation["reduce"].items():
        if allocation["eliminate"].get(unit, 0) + count > force["units"].get(unit, 0):
            return False
        if allocation["eliminate_reduced"].get(unit, 0) < force["reduced"].get(unit, 0):
            return False
    return True


def _same(allocation: dict, listed: dict) -> bool:
    return all(_clean(allocation[k]) == _clean(listed[k]) for k in KINDS) and \
        allocation["walls"] == listed["walls"]


def _clean(mapping: dict) -> dict:
    return {k: v for k, v in mapping.items() if v}


def _copy(allocation: dict) -> dict:
    return {**{k: _clean(allocation[k]) for k in KINDS}, "walls": allocation["walls"]}


def _set(allocation: dict, step: dict, count: int) -> None:
    if step["key"] == "walls":
        allocation["walls"] = count
    elif count:
        allocation[step["key"]][step["unit"]] = count
    else:
        allocation[step["key"]].pop(step["unit"], None)


def apply_allocation(state: dict, t, battle: dict, side: str,
                     allocation: dict) -> tuple[int, int]:
    """Remove what the allocation takes: (BP lost, elephants lost with the last unit)."""
    force = battle[side]
    steps = _steps(state, t, battle, side)
    lost = bp_lost(steps, allocation)
    for unit, count in allocation["eliminate"].items():
        _remove(force["units"], unit, count)
    for unit, count in allocation["reduce"].items():
        _remove(force["units"], unit, count)
        force["reduced"][unit] = force["reduced"].get(unit, 0) + count
    for unit, count in allocation["eliminate_reduced"].items():
        _remove(force["reduced"], unit, count)
    if allocation["walls"]:
        battle["defence"]["walls"] -= allocation["walls"]
    elephants = 0
    if t.combat["elephants"]["lost_with_last_unit"] and not land_units_left(t, force):
        elephants = force["units"].pop("elephant", 0)
    return lost, elephants


def _remove(group: dict, unit: str, count: int) -> None:
    group[unit] = group.get(unit, 0) - count
    if group[unit] <= 0:
        group.pop(unit, None)
