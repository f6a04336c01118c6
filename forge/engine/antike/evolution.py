"""The production and evolution spaces: production, temples, arming and progress (rulebook:
espacios de producción, templo, armamento, conocimiento)."""
from __future__ import annotations

from forge.engine.antike import board
from forge.engine.antike.data import UNITS
from forge.engine.antike.payment import pay_cost, times
from forge.engine.antike.refusal import IllegalAction, UnitCount
from forge.engine.antike.state import (Ctx, add_units, best_bonus, check_turn, city_value,
                                       space_at)
from forge.engine.antike.turns import check_coin_taken
from forge.engine.core import N_
from forge.engine.words import Counted


def production(t, book: dict, resource: str) -> int:
    """What a production space yields: 1 a city of the resource, 3 with a temple, plus the best
    of Market (+1) and Coinage (+2)."""
    cities = sum(city_value(t, city, t.production) for city in book["cities"].values()
                 if city["resource"] == resource)
    return cities + best_bonus(book, t.production["progress_bonus"])


def produce(ctx: Ctx, civ: str, resource: str) -> None:
    book = ctx.civ(civ)
    amount = production(ctx.t, book, resource)
    book["resources"][resource] += amount
    ctx.emit("produced", civ=civ, resource=resource, amount=amount)


def on_space(ctx: Ctx, civ, space: str) -> dict:
    """The turn, when `civ` stands on `space` and has not carried its action out yet."""
    state = ctx.state
    turn = check_turn(state, civ)
    check_coin_taken(turn)
    if turn["space"] is None or space_at(state, turn["space"]) != space:
        raise IllegalAction(N_("{civ}: not on the {space} space this turn"), civ=civ,
                            space=space)
    if turn["done"]:
        raise IllegalAction(N_("{civ}: the {space} action is already carried out this turn"),
                            civ=civ, space=space)
    return turn


# --- temples --------------------------------------------------------------------------------

def build_temples(ctx: Ctx, action: dict) -> None:
    """Temples in own cities without one, 5 marble each, while the bank has them."""
    civ = action["civ"]
    turn = on_space(ctx, civ, "temple")
    book = ctx.civ(civ)
    cities = action["cities"]
    if not cities or len(set(cities)) != len(cities):
        raise IllegalAction(N_("name each city that gets a temple once"))
    for province in cities:
        city = book["cities"].get(province)
        if city is None:
            raise IllegalAction(N_("{civ}: no own city in {province}"), civ=civ,
                                province=province)
        if city["temple"]:
            raise IllegalAction(N_("the city of {province} already has a temple"),
                                province=province)
    bank = ctx.state["bank"]
    if len(cities) > bank["temples"]:
        raise IllegalAction(N_("the bank has {temples} left"),
                            temples=Counted("{n} temple", "{n} temples", bank["temples"]))
    pay_cost(ctx, civ, times(ctx.t.temple_cost, len(cities)), action.get("pay"), "temple")
    for province in cities:
        book["cities"][province]["temple"] = True
        bank["temples"] -= 1
        book["temples_built"] += 1
        ctx.emit("temple-built", civ=civ, province=province)
    turn["done"] = True


# --- arming ---------------------------------------------------------------------------------

def arming_capacity(t, book: dict) -> int:
    """Units a civilization may recruit in one Arming: 1 a city, 3 a city with a temple."""
    return sum(city_value(t, city, t.capacity) for city in book["cities"].values())


def arm(ctx: Ctx, action: dict) -> None:
    """Legions and galleys in provinces with an own city, 1 iron each, within the capacity
    and the supply."""
    civ = action["civ"]
    turn = on_space(ctx, civ, "arming")
    book = ctx.civ(civ)
    placed = {province: {unit: units.get(unit) or 0 for unit in UNITS}
              for province, units in action["units"].items()}
    placed = {province: units for province, units in placed.items() if any(units.values())}
    count = sum(sum(units.values()) for units in placed.values())
    if not count:
        raise IllegalAction(N_("name the units to recruit and where"))
    for province, units in placed.items():
        if province not in book["cities"]:
            raise IllegalAction(N_("units are placed in provinces with an own city: {civ}: "
                                   "none in {province}"), civ=civ, province=province)
        if board.board(ctx.state) is not None:
            for unit, number in units.items():
                if number:
                    board.check_terrain(ctx.state, province, unit)
    capacity = arming_capacity(ctx.t, book)
    if count > capacity:
        raise IllegalAction(N_("{civ}: arming capacity {capacity}, not {count} units"), civ=civ,
                            capacity=capacity, count=count)
    for unit in UNITS:
        wanted = sum(units[unit] for units in placed.values())
        if wanted > book["supply"][unit]:
            raise IllegalAction(N_("{civ}: only {units} left in the supply"), civ=civ,
                                units=UnitCount(unit, book["supply"][unit]))
    pay_cost(ctx, civ, times(ctx.t.arming_cost, count), action.get("pay"), "arming")
    for province, units in placed.items():
        for unit, number in units.items():
            if number:
                add_units(book, province, unit, number)
        ctx.emit("armed", civ=civ, province=province, **units)
    turn["done"] = True


# --- progress -------------------------------------------------------------------------------

def price(state: dict, t, civ: str, progress: str) -> int:
    """7/3 for an elementary progress, 10/5 for an advanced one: the lower price once another
    civilization owns it."""
    tier = t.prices[t.progresses[progress]["tier"]]
    others = any(progress in book["progress"]
                 for other, book in state["civs"].items() if other != civ)
    return tier["later"] if others else tier["first"]


def check_progresses(state: dict, t, civ: str, progresses: list) -> list[tuple[str, int]]:
    """(progress, price) in the order bought (IllegalAction for an unknown or owned one, or
    one whose elementary progress comes neither before nor in the same purchase)."""
    owned = list(state["civs"][civ]["progress"])
    bought = []
    for progress in progresses:
        if progress not in t.progresses:
            raise IllegalAction(N_("'{name}' is not a progress"), name=progress)
        if progress in owned:
            raise IllegalAction(N_("{civ}: {progress} is already owned"), civ=civ,
                                progress=progress)
        needs = t.progresses[progress].get("needs")
        if needs and needs not in owned:
            raise IllegalAction(N_("{progress} needs {needs} first"), progress=progress,
                                needs=needs)
        owned.append(progress)
        bought.append((progress, price(state, t, civ, progress)))
    return bought


def buy_progress(ctx: Ctx, action: dict) -> None:
    """One or more progresses, paid in gold (or coins); the first owner of each is noted
    (a Scholar at the end of the turn)."""
    civ = action["civ"]
    turn = on_space(ctx, civ, "knowledge")
    if not action["progresses"]:
        raise IllegalAction(N_("name the progresses to buy"))
    bought = check_progresses(ctx.state, ctx.t, civ, action["progresses"])
    pay_cost(ctx, civ, {"gold": sum(cost for _p, cost in bought)}, action.get("pay"),
             "progress")
    book = ctx.civ(civ)
    for progress, cost in bought:
        first = progress not in ctx.state["first_owner"]
        if first:
            ctx.state["first_owner"][progress] = civ
        book["progress"].append(progress)
        ctx.emit("progress", civ=civ, progress=progress, price=cost, first=first)
    turn["done"] = True


__all__ = ["arm", "arming_capacity", "build_temples", "buy_progress", "price", "produce",
           "production"]
