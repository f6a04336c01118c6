"""The Maneuver space and what follows a move: movement, 1:1 battles, conquests and city
founding (rulebook: maniobra, batallas, conquista, fundar ciudades).

While a Maneuver is open, `turn.maneuver` holds, per province, the maneuvers left of each of
the active civilization's units there (a list per unit type, highest first) and `entered`, the
provinces its units entered. Units are anonymous: a move takes those with most maneuvers left
unless the action says which (`left`); a battle removes those with fewest left.
"""
from __future__ import annotations

from forge.engine.antike import board
from forge.engine.antike.data import UNITS
from forge.engine.antike.payment import pay_cost
from forge.engine.antike.refusal import IllegalAction, UnitCount
from forge.engine.antike.state import (Ctx, add_units, best_bonus, check_civ, check_turn,
                                       city_owner, city_value, units_at)
from forge.engine.antike.turns import check_coin_taken, finish
from forge.engine.core import N_

CROSSES = {"legion": {"land", "mixed"}, "galley": {"water", "mixed"}}


def maneuvers(t, book: dict, unit: str) -> int:
    """Maneuvers per unit of a type in one Maneuver action: 1, or what Wheel, Roads, Boats,
    Navigation give."""
    return max([t.base_maneuvers] + [
        t.progresses[p]["effect"].get("maneuvers", {}).get(unit, 0) for p in book["progress"]])


def open_maneuver(ctx: Ctx, civ: str) -> None:
    book = ctx.civ(civ)
    left = {province: {unit: [maneuvers(ctx.t, book, unit)] * units.get(unit, 0)
                       for unit in UNITS}
            for province, units in book["units"].items()}
    ctx.state["turn"]["maneuver"] = {"units": left, "entered": []}


def in_maneuver(ctx: Ctx, civ) -> dict:
    """The open Maneuver of `civ`'s turn (IllegalAction if none)."""
    turn = check_turn(ctx.state, civ)
    check_coin_taken(turn)
    if turn["maneuver"] is None:
        raise IllegalAction(N_("{civ}: no Maneuver is open"), civ=civ)
    return turn["maneuver"]


def close_maneuver(ctx: Ctx, civ: str) -> None:
    turn = ctx.state["turn"]
    turn["maneuver"] = None
    turn["done"] = True
    ctx.emit("maneuver-ended", civ=civ)


def end_maneuver(ctx: Ctx, action: dict) -> None:
    in_maneuver(ctx, action["civ"])
    close_maneuver(ctx, action["civ"])


def _lists(maneuver: dict, province: str) -> dict:
    return maneuver["units"].setdefault(province, {unit: [] for unit in UNITS})


def _tidy(maneuver: dict, province: str) -> None:
    here = maneuver["units"].get(province)
    if here is not None:
        for unit in UNITS:
            here[unit].sort(reverse=True)
        if not any(here.values()):
            del maneuver["units"][province]


# --- movement -------------------------------------------------------------------------------

def move(ctx: Ctx, action: dict) -> None:
    """Units cross one border, each spending a maneuver: legions over land or mixed borders,
    galleys over water or mixed ones."""
    civ = action["civ"]
    maneuver = in_maneuver(ctx, civ)
    origin, to = action["from"], action["to"]
    if origin == to:
        raise IllegalAction(N_("a move goes to another province"))
    counts = {unit: action["units"].get(unit) or 0 for unit in UNITS}
    if not any(counts.values()):
        raise IllegalAction(N_("name the units that move"))
    border = map_border(ctx.state, origin, to, action.get("border"))
    for unit, count in counts.items():
        if count and border not in CROSSES[unit]:
            raise IllegalAction(N_("units of this type ({unit}) cannot cross a {border} "
                                   "border"), unit=unit, border=border)
    here = maneuver["units"].get(origin, {unit: [] for unit in UNITS})
    chosen = {unit: _chosen(here[unit], count, unit, (action.get("left") or {}).get(unit), origin)
              for unit, count in counts.items()}
    book = ctx.civ(civ)
    there = _lists(maneuver, to)
    for unit, values in chosen.items():
        for value in values:
            here[unit].remove(value)
            there[unit].append(value - 1)
        if values:
            add_units(book, origin, unit, -len(values))
            add_units(book, to, unit, len(values))
    _tidy(maneuver, origin)
    _tidy(maneuver, to)
    if to not in maneuver["entered"]:
        maneuver["entered"].append(to)
    ctx.emit("moved", civ=civ, to=to, border=border, **{"from": origin}, **counts)


def map_border(state: dict, origin: str, to: str, named: str | None) -> str:
    """The border a move crosses: the map's (a border the table names must be it), else the
    table's word (mixed when it names none)."""
    if board.board(state) is None:
        return named or "mixed"
    kind = board.border(state, origin, to)
    if named is not None and named != kind:
        raise IllegalAction(N_("the border between {province} and {to} is {border}"),
                            province=origin, to=to, border=kind)
    return kind


def _chosen(values: list, count: int, unit: str, left, origin: str) -> list:
    """The maneuvers left of the units that move: `left` when given, else the highest."""
    if left is None:
        if count > len(values):
            raise IllegalAction(N_("{province} has not {units} with maneuvers left"),
                                province=origin, units=UnitCount(unit, count))
        left = sorted(values, reverse=True)[:count]
    if len(left) != count:
        raise IllegalAction(N_("the maneuvers left name {units}"),
                            units=UnitCount(unit, count))
    pool = list(values)
    for value in left:
        if value not in pool:
            raise IllegalAction(N_("{province} has not {units} with maneuvers left"),
                                province=origin, units=UnitCount(unit, count))
        pool.remove(value)
    if any(value < 1 for value in left):
        raise IllegalAction(N_("a unit with no maneuver left cannot move"))
    return list(left)


# --- battles --------------------------------------------------------------------------------

def battle(ctx: Ctx, action: dict) -> None:
    """A 1:1 battle of one unit type: each side loses min(a, b). The active civilization may
    fight at any time of its Maneuver; the other side may demand it where the active one's
    units entered."""
    state = ctx.state
    civ, against, province, unit = (action["civ"], action["against"], action["province"],
                                    action["unit"])
    check_civ(state, civ)
    check_civ(state, against)
    mover = state["turn"]["civ"] if state["phase"] == "play" and state["turn"] else None
    if civ == against:
        raise IllegalAction(N_("a civilization does not fight itself"))
    if civ == mover:
        maneuver = in_maneuver(ctx, civ)
    elif against == mover:
        maneuver = in_maneuver(ctx, against)
        if province not in maneuver["entered"]:
            raise IllegalAction(N_("{civ}: a battle is demanded only where the units of {against} "
                                   "entered this maneuver"), civ=civ, against=against)
    else:
        raise IllegalAction(N_("battles are fought in a Maneuver, by or against the "
                               "civilization maneuvering"))
    sides = {civ: units_at(ctx.civ(civ), province)[unit],
             against: units_at(ctx.civ(against), province)[unit]}
    removed = min(sides.values())
    if not removed:
        raise IllegalAction(N_("both sides need units of this type ({unit}) in {province}"),
                            unit=unit, province=province)
    for side in sides:
        add_units(ctx.civ(side), province, unit, -removed)
    here = maneuver["units"].get(province)
    if here:
        del here[unit][len(here[unit]) - removed:]
        _tidy(maneuver, province)
    ctx.emit("battle", province=province, unit=unit, removed={civ: removed, against: removed},
             demanded_by=civ)


# --- conquest -------------------------------------------------------------------------------

def defence_parts(t, book: dict, province: str) -> dict[str, int]:
    """The parts of a city's defence power: `city` 1 (3 with a temple), `units` every legion
    and galley of its owner there, `progress` 1 for Monarchy or 2 for Democracy."""
    return {"city": city_value(t, book["cities"][province], t.defence),
            "units": sum(units_at(book, province).values()) * t.defence["per_unit"],
            "progress": best_bonus(book, t.defence["progress_bonus"])}


def defence_power(t, book: dict, province: str) -> int:
    """The city's defence power: the sum of its parts."""
    return sum(defence_parts(t, book, province).values())


def eligible(maneuver: dict, province: str) -> dict:
    """{unit: count} of the active civilization's units there with a maneuver left."""
    here = maneuver["units"].get(province, {})
    return {unit: sum(1 for value in here.get(unit, []) if value >= 1) for unit in UNITS}


def default_losses(attackers: dict, power: int) -> dict:
    """The power's units, from the more numerous type first."""
    losses = dict.fromkeys(UNITS, 0)
    for unit in sorted(UNITS, key=lambda u: -attackers[u]):
        losses[unit] = min(attackers[unit], power - sum(losses.values()))
    return losses


def conquest_check(ctx: Ctx, civ: str, province: str, units) -> tuple[str, int, dict]:
    """(defender, defence power, attackers) of a conquest `civ` may make (IllegalAction
    naming the reason when it may not)."""
    state = ctx.state
    maneuver = in_maneuver(ctx, civ)
    owner = city_owner(state, province)
    if owner is None or owner == civ:
        raise IllegalAction(N_("{province} has no city of another civilization"),
                            province=province)
    if len(state["civs"][owner]["cities"]) == 1:
        raise IllegalAction(N_("the last city of {owner} cannot be conquered"), owner=owner)
    ready = eligible(maneuver, province)
    attackers = ready if units is None else {unit: units.get(unit) or 0 for unit in UNITS}
    for unit in UNITS:
        if attackers[unit] > ready[unit]:
            raise IllegalAction(N_("{civ}: only {units} in {province} with a maneuver left"),
                                civ=civ, units=UnitCount(unit, ready[unit]), province=province)
    power = defence_power(ctx.t, state["civs"][owner], province)
    if sum(attackers.values()) < power:
        raise IllegalAction(N_("the defence power of {province} is {power}: {count} attacking "
                               "units are not enough"), province=province, power=power,
                            count=sum(attackers.values()))
    return owner, power, attackers


def conquer(ctx: Ctx, action: dict) -> None:
    """All or nothing: attackers at least the defence power take the city; they lose the
    power's units, the others spend a maneuver; the defender loses the city, its temple (to the
    bank) and every unit there."""
    state = ctx.state
    civ, province = action["civ"], action["province"]
    owner, power, attackers = conquest_check(ctx, civ, province, action.get("units"))
    losses = action.get("losses")
    losses = (default_losses(attackers, power) if losses is None
              else {unit: losses.get(unit) or 0 for unit in UNITS})
    if sum(losses.values()) != power or any(losses[u] > attackers[u] for u in UNITS):
        raise IllegalAction(N_("the attacker loses exactly {power} of the attacking units"),
                            power=power)
    book = ctx.civ(civ)
    cap = state["settings"]["city_cap"]
    abandon = action.get("abandon")
    if len(book["cities"]) >= cap:
        if abandon not in book["cities"]:
            raise IllegalAction(N_("{civ}: {cap} cities already; name an own city to give up "
                                   "('abandon')"), civ=civ, cap=cap)
    elif abandon is not None:
        raise IllegalAction(N_("a city is given up only at the city cap"))
    _spend(ctx, civ, province, attackers, losses)
    defender = ctx.civ(owner)
    city = defender["cities"].pop(province)
    defender_losses = units_at(defender, province)
    for unit, count in defender_losses.items():
        if count:
            add_units(defender, province, unit, -count)
    if city["temple"]:
        state["bank"]["temples"] += 1
        book["temples_destroyed"] += 1
    if abandon is not None:
        _abandon(ctx, civ, abandon)
    book["cities"][province] = {"resource": city["resource"], "temple": False}
    ctx.emit("conquered", civ=civ, owner=owner, province=province, power=power, losses=losses,
             defender_losses=defender_losses, temple=city["temple"])
    if city["temple"] and state["deadlock"]:
        finish(ctx, civ, deadlock=True)


def _spend(ctx: Ctx, civ: str, province: str, attackers: dict, losses: dict) -> None:
    """Every attacker spends a maneuver (those with most left take part); the losses are the
    attackers with fewest left."""
    maneuver = ctx.state["turn"]["maneuver"]
    here = maneuver["units"][province]
    for unit in UNITS:
        values = here[unit]
        for index in range(attackers[unit]):
            values[index] -= 1
        del values[attackers[unit] - losses[unit]:attackers[unit]]
        if losses[unit]:
            add_units(ctx.civ(civ), province, unit, -losses[unit])
    _tidy(maneuver, province)


def _abandon(ctx: Ctx, civ: str, province: str) -> None:
    city = ctx.civ(civ)["cities"].pop(province)
    if city["temple"]:
        ctx.state["bank"]["temples"] += 1
    ctx.emit("city-abandoned", civ=civ, province=province)


# --- founding cities ------------------------------------------------------------------------

def found_city(ctx: Ctx, action: dict) -> None:
    """After the move: a city where no city stands and an own unit is, 1 marble + 1 iron +
    1 gold, below the city cap."""
    state = ctx.state
    civ, province = action["civ"], action["province"]
    turn = check_turn(state, civ)
    check_coin_taken(turn)
    if turn["space"] is None:
        raise IllegalAction(N_("cities are founded after the move on the rondel"))
    if turn["maneuver"] is not None:
        raise IllegalAction(N_("cities are founded after the Maneuver: end it first "
                               "('end-maneuver')"))
    book = ctx.civ(civ)
    if city_owner(state, province) is not None:
        raise IllegalAction(N_("{province} already has a city"), province=province)
    if not any(units_at(book, province).values()):
        raise IllegalAction(N_("{civ}: no own unit in {province}"), civ=civ, province=province)
    cap = state["settings"]["city_cap"]
    if len(book["cities"]) >= cap:
        raise IllegalAction(N_("{civ}: {cap} cities, the most a civilization may have"),
                            civ=civ, cap=cap)
    resource = action.get("resource")
    if board.board(state) is not None:
        resource = board.site(state, province, resource)
    if resource is None:
        raise IllegalAction(N_("name the resource of the city site of {province}"),
                            province=province)
    pay_cost(ctx, civ, dict(ctx.t.city_cost), action.get("pay"), "city")
    book["cities"][province] = {"resource": resource, "temple": False}
    turn["done"] = True
    turn["founded"].append(province)
    ctx.emit("city-founded", civ=civ, province=province, resource=resource)
