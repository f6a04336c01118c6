"""The table's entries: what the text leaves to the board in front of the players (the seas a
civilization occupies, the rondel's order, the bank's coins) and corrections (`adjust`)."""
from __future__ import annotations

from forge.engine.antike import board
from forge.engine.antike.data import RESOURCES, UNITS
from forge.engine.antike.refusal import IllegalAction, UnitCount
from forge.engine.antike.setup import check_rondel
from forge.engine.antike.state import Ctx, add_units, check_civ, city_owner
from forge.engine.core import N_
from forge.engine.words import Counted


def set_seas(ctx: Ctx, action: dict) -> None:
    """The seas a civilization occupies (a galley there at the end of its move): Navigators."""
    civ = check_civ(ctx.state, action["civ"])
    if board.board(ctx.state) is not None:
        raise IllegalAction(N_("with a map the seas are counted at the end of each turn"))
    ctx.civ(civ)["seas"] = action["seas"]
    ctx.emit("seas", civ=civ, seas=action["seas"])


def set_rondel_order(ctx: Ctx, action: dict) -> None:
    """The board's order of the rondel's spaces; the markers keep their positions."""
    ctx.state["settings"]["rondel"] = check_rondel(ctx.t, action["rondel"])
    ctx.emit("rondel-order", rondel=list(action["rondel"]))


def set_bank(ctx: Ctx, action: dict) -> None:
    """The bank's coins left (None: they never run out)."""
    ctx.state["bank"]["coins"] = action["coins"]
    ctx.emit("bank", coins=action["coins"])


def adjust(ctx: Ctx, action: dict) -> None:
    """Corrections: resources and coins added or taken, units from or back to the supply,
    cities set or removed (temples from or back to the bank). Nothing goes below zero or
    beyond a supply."""
    state = ctx.state
    civ = check_civ(state, action["civ"])
    book = ctx.civ(civ)
    changes = {}
    for resource, amount in (action.get("resources") or {}).items():
        _add(book["resources"], resource, amount, civ)
        changes.setdefault("resources", {})[resource] = amount
    if action.get("coins"):
        _adjust_coins(state, book, action["coins"], civ)
        changes["coins"] = action["coins"]
    for province, units in (action.get("units") or {}).items():
        for unit, amount in units.items():
            if amount:
                _adjust_units(state, civ, book, province, unit, amount)
        changes.setdefault("units", {})[province] = dict(units)
    for province, city in (action.get("cities") or {}).items():
        _adjust_city(state, civ, book, province, city)
        changes.setdefault("cities", {})[province] = city
    if not changes:
        raise IllegalAction(N_("the correction changes nothing"))
    ctx.emit("adjusted", civ=civ, changes=changes, why=action.get("why") or "")


def _add(counts: dict, key: str, amount: int, civ: str) -> None:
    if counts[key] + amount < 0:
        raise IllegalAction(N_("{civ}: only {count} {what}"), civ=civ, count=counts[key],
                            what=key)
    counts[key] += amount


def _adjust_coins(state: dict, book: dict, amount: int, civ: str) -> None:
    """Coins come from the bank and go back to it (when it counts them)."""
    if book["coins"] + amount < 0:
        raise IllegalAction(N_("{civ}: only {count} {what}"), civ=civ, count=book["coins"],
                            what="coin")
    bank = state["bank"]
    if bank["coins"] is not None:
        if bank["coins"] - amount < 0:
            raise IllegalAction(N_("the bank has {coins} left"),
                                coins=Counted("{n} coin", "{n} coins", bank["coins"]))
        bank["coins"] -= amount
    book["coins"] += amount


def _adjust_units(state: dict, civ: str, book: dict, province: str, unit: str,
                  amount: int) -> None:
    here = book["units"].get(province, {}).get(unit, 0)
    if here + amount < 0:
        raise IllegalAction(N_("{civ}: only {units} in {province}"), civ=civ,
                            units=UnitCount(unit, here), province=province)
    if amount > book["supply"][unit]:
        raise IllegalAction(N_("{civ}: only {units} left in the supply"), civ=civ,
                            units=UnitCount(unit, book["supply"][unit]))
    add_units(book, province, unit, amount)
    turn = state.get("turn")
    maneuver = turn and turn["civ"] == civ and turn["maneuver"]
    if maneuver:
        lists = maneuver["units"].setdefault(province, {u: [] for u in UNITS})
        if amount > 0:
            lists[unit].extend([0] * amount)
        else:
            del lists[unit][len(lists[unit]) + amount:]
        lists[unit].sort(reverse=True)
        if not any(lists.values()):
            del maneuver["units"][province]


def _adjust_city(state: dict, civ: str, book: dict, province: str, city) -> None:
    owner = city_owner(state, province)
    if owner not in (None, civ):
        raise IllegalAction(N_("{province} is a city of {owner}"), province=province,
                            owner=owner)
    old = book["cities"].get(province)
    temples = (1 if city and city.get("temple") else 0) - (1 if old and old["temple"] else 0)
    if temples > state["bank"]["temples"]:
        raise IllegalAction(N_("the bank has {temples} left"), temples=Counted(
            "{n} temple", "{n} temples", state["bank"]["temples"]))
    state["bank"]["temples"] -= temples
    if city is None:
        if old is None:
            raise IllegalAction(N_("{civ}: no own city in {province}"), civ=civ,
                                province=province)
        del book["cities"][province]
    else:
        if board.board(state) is not None:
            board.site(state, province, city["resource"])
        if city["resource"] not in RESOURCES:
            raise IllegalAction(N_("'{name}' is not a resource"), name=city["resource"])
        book["cities"][province] = {"resource": city["resource"],
                                    "temple": bool(city.get("temple"))}
