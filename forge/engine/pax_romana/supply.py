"""Lines of communication (6.15-6.18, 9.41-9.42): whether a source of income, a province to
recruit in or an army traces a line to a friendly space of its power's home territory.

The players name the line they trace, space by space, with what each space holds; the engine
checks each space against the blockers of `movement.yaml` `communication`, charges the Rhodes
toll (6.16, 12.51) and keeps what it found for the turn in `state["supply"]`, where `income`
and `recruit` find a province cut off when the players do not say (P67).
"""
from __future__ import annotations

from forge.engine.core import N_
from forge.engine.pax_romana.refusal import IllegalAction
from forge.engine.pax_romana.state import Ctx, check_power


def communication(ctx: Ctx, action: dict) -> None:
    """Whether `source` is in communication along the `path` the players trace (6.15)."""
    state, rule = ctx.state, ctx.t.movement["communication"]
    power = check_power(state, action["power"])
    source = action["source"]
    found = {"power": power, "source": source, "connected": True, "blocked": None, "toll": 0,
             "needed": True}
    if _home_source(ctx, power, source) or (action.get("army") and action.get("town_or_city")
                                            and rule["towns_and_cities_never_isolated"]):
        found["needed"] = False
    elif action.get("slave_army"):
        found.update(connected=False, blocked={"step": 0, "name": source, "why": "slave_army"})
    else:
        _trace(ctx, action, found)
    if found["connected"] and found["toll"] and action.get("pay_rhodes", True):
        ctx.pay(power, found["toll"], "rhodes_toll")
    if action.get("army"):
        found["isolated"] = not found["connected"]
    _remember(state, power, source, found["connected"])
    ctx.state["last"] = {"kind": "communication", **found}
    ctx.emit("result", procedure="communication", **found)


def _home_source(ctx: Ctx, power: str, source: str) -> bool:
    """A province of the power's own home territory needs no line (6.15)."""
    found = ctx.t.province(source)
    return bool(found) and found[0]["id"] == power


def _trace(ctx: Ctx, action: dict, found: dict) -> None:
    """Walk the spaces of the line in order; the first blocker cuts it (6.16-6.18, 12.64)."""
    path = action.get("path") or []
    if not path or not path[-1].get("home"):
        raise IllegalAction(N_("a line of communication ends in a friendly land or port space "
                               "of the home territory: name the path up to it"))
    rhodes = ctx.t.movement["communication"]["rhodes_toll_per_space"]
    for index, space in enumerate(path):
        sea_out = index + 1 < len(path) and path[index + 1].get("by") == "sea"
        why = blocker(space, sea_out, rhodes_paid=action.get("pay_rhodes", True))
        if why:
            found.update(connected=False, toll=0,
                         blocked={"step": index + 1, "name": space.get("name") or "",
                                  "why": why})
            return
        if space.get("independent") and space.get("rhodes"):
            found["toll"] += rhodes


def blocker(space: dict, sea_out: bool = False, rhodes_paid: bool = True) -> str | None:
    """Why a line cannot pass through `space` (entered by `space["by"]`, land or sea, and left
    by sea when `sea_out`), or None (6.16-6.18, 12.62, 12.64; P66)."""
    by_sea = space.get("by") == "sea" or sea_out
    if space.get("enemy_land"):
        return "enemy_occupied"
    if space.get("enemy_galleys") and (by_sea or not space.get("friendly_land")):
        return "enemy_galleys"
    if space.get("barbarians"):
        return "barbarians"
    if space.get("independent") and not (space.get("rhodes") and rhodes_paid):
        return "independent"
    if by_sea and space.get("pirates"):
        return "pirates"
    if by_sea and space.get("cilician"):
        return "cilician_pirates"
    if by_sea and space.get("high_seas"):
        return "high_seas"
    return None


def _remember(state: dict, power: str, source: str, connected: bool) -> None:
    supply = state.setdefault("supply", {})
    if supply.get("turn") != state["turn"]:
        supply.clear()
        supply.update({"turn": state["turn"], "cut_off": {}})
    cut = supply["cut_off"].setdefault(power, [])
    if connected and source in cut:
        cut.remove(source)
    elif not connected and source not in cut:
        cut.append(source)


def cut_off(state: dict, power: str) -> list[str]:
    """The sources found cut off for `power` this turn."""
    supply = state.get("supply") or {}
    if supply.get("turn") != state["turn"]:
        return []
    return list(supply.get("cut_off", {}).get(power, []))
