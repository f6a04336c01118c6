"""The legal actions of a game of ANTIKE: every action allowed now, with its cost and a
suggested payment (docs/antike/engine.md, "What legal_actions returns")."""
from __future__ import annotations

from forge.engine.antike import board
from forge.engine.antike.data import RESOURCES, UNITS, tables
from forge.engine.antike.evolution import arming_capacity, price, production
from forge.engine.antike.military import conquest_check, default_losses
from forge.engine.antike.payment import suggest, times
from forge.engine.antike.state import Ctx, city_owner, space_at, units_at
from forge.engine.antike.turns import rondel_steps
from forge.engine.core import ActionError


def legal_actions(state: dict) -> list[dict]:
    if state["phase"] == "over":
        return []
    t = tables()
    if state["phase"] == "cities":
        listed = [{"type": "start-cities", "civ": civ, "open": ["cities"]}
                  for civ, book in state["civs"].items()
                  if not book["cities"] and board.missing_site(state) is None]
    else:
        listed = turn_actions(state, t)
    return listed + table_entries(state)


def turn_actions(state: dict, t) -> list[dict]:
    turn = state["turn"]
    civ = turn["civ"]
    book = state["civs"][civ]
    if turn["coin"] is None:
        return [{"type": "take-resource", "civ": civ, "resource": r} for r in RESOURCES]
    if turn["space"] is None:
        return rondel_moves(state, t, civ)
    listed = []
    space = space_at(state, turn["space"])
    if turn["maneuver"] is not None:
        listed += maneuver_actions(state, t, civ)
    elif not turn["done"]:
        listed += SPACE_ACTIONS.get(space, lambda *_: [])(state, t, civ)
    if turn["maneuver"] is None:
        listed += foundings(state, t, civ, book)
    listed.append({"type": "end-turn", "civ": civ})
    return listed


def rondel_moves(state: dict, t, civ: str) -> list[dict]:
    book = state["civs"][civ]
    listed = []
    for position in range(8):
        steps, cost = rondel_steps(state, book, position, t)
        pay = suggest(book, {"any": cost}, t)
        if pay is None:
            continue
        space = space_at(state, position)
        action = {"type": "rondel", "civ": civ, "space": position, "name": space,
                  "steps": steps, "cost": {"any": cost}, "pay": pay}
        if space in t.space_resource:
            action["yield"] = {t.space_resource[space]:
                               production(t, book, t.space_resource[space])}
        listed.append(action)
    return listed


def _affordable(book: dict, cost: dict, t, most: int) -> int:
    """How many times (up to `most`) the civilization can pay `cost`."""
    count = 0
    while count < most and suggest(book, times(cost, count + 1), t) is not None:
        count += 1
    return count


def temple_actions(state: dict, t, civ: str) -> list[dict]:
    book = state["civs"][civ]
    choices = [p for p, city in book["cities"].items() if not city["temple"]]
    most = _affordable(book, t.temple_cost, t, min(len(choices), state["bank"]["temples"]))
    if not most:
        return []
    cost = times(t.temple_cost, most)
    return [{"type": "build-temples", "civ": civ, "cities": choices[:most], "choices": choices,
             "max": most, "cost": cost, "pay": suggest(book, cost, t), "open": ["cities"]}]


def arming_actions(state: dict, t, civ: str) -> list[dict]:
    book = state["civs"][civ]
    capacity = arming_capacity(t, book)
    supply = sum(book["supply"].values())
    most = _affordable(book, t.arming_cost, t, min(capacity, supply))
    if not most or not book["cities"]:
        return []
    unit = "legion" if book["supply"]["legion"] else "galley"
    city = next(iter(book["cities"]))
    return [{"type": "arm", "civ": civ, "units": {city: {unit: 1}}, "capacity": capacity,
             "max": most, "choices": list(book["cities"]), "cost": dict(t.arming_cost),
             "pay": suggest(book, dict(t.arming_cost), t), "open": ["units"]}]


def knowledge_actions(state: dict, t, civ: str) -> list[dict]:
    book = state["civs"][civ]
    prices = {p: price(state, t, civ, p) for p in t.progresses if p not in book["progress"]}
    listed = []
    for progress, cost in prices.items():
        needs = t.progresses[progress].get("needs")
        pay = suggest(book, {"gold": cost}, t)
        if (needs and needs not in book["progress"]) or pay is None:
            continue
        listed.append({"type": "buy-progress", "civ": civ, "progresses": [progress],
                       "cost": {"gold": cost}, "pay": pay, "prices": prices})
    return listed


SPACE_ACTIONS = {"temple": temple_actions, "arming": arming_actions,
                 "knowledge": knowledge_actions}


def maneuver_actions(state: dict, t, civ: str) -> list[dict]:
    maneuver = state["turn"]["maneuver"]
    listed = []
    for province, lists in maneuver["units"].items():
        ready = {unit: sum(1 for v in lists[unit] if v >= 1) for unit in UNITS}
        if any(ready.values()):
            listed += moves(state, civ, province, ready)
    listed += battles(state, civ, maneuver)
    listed += conquests(state, t, civ)
    listed.append({"type": "end-maneuver", "civ": civ})
    return listed


def moves(state: dict, civ: str, origin: str, ready: dict) -> list[dict]:
    """Without a map one open move from the province; with one, a move to each neighbour the
    units with a maneuver left can cross to (those units listed)."""
    if board.board(state) is None:
        return [{"type": "move", "civ": civ, "from": origin, "to": None, "units": ready,
                 "border": "mixed", "open": ["to", "border", "units"]}]
    listed = []
    for to, kind in sorted(board.reachable(state, origin).items()):
        units = {unit: count if kind in board.CROSSES[unit] else 0
                 for unit, count in ready.items()}
        if any(units.values()):
            listed.append({"type": "move", "civ": civ, "from": origin, "to": to,
                           "units": units, "border": kind, "open": ["units"]})
    return listed


def battles(state: dict, mover: str, maneuver: dict) -> list[dict]:
    listed = []
    mine = state["civs"][mover]["units"]
    for other, book in state["civs"].items():
        if other == mover:
            continue
        for province, units in book["units"].items():
            for unit in UNITS:
                if units.get(unit) and mine.get(province, {}).get(unit):
                    listed.append({"type": "battle", "civ": mover, "against": other,
                                   "province": province, "unit": unit})
                    if province in maneuver["entered"]:
                        listed.append({"type": "battle", "civ": other, "against": mover,
                                       "province": province, "unit": unit})
    return listed


def conquests(state: dict, t, civ: str) -> list[dict]:
    listed = []
    ctx = Ctx(state, None, t)
    for province in state["turn"]["maneuver"]["units"]:
        owner = city_owner(state, province)
        if owner is None or owner == civ:
            continue
        try:
            _owner, power, attackers = conquest_check(ctx, civ, province, None)
        except ActionError:
            continue
        action = {"type": "conquer", "civ": civ, "province": province, "units": attackers,
                  "losses": default_losses(attackers, power), "power": power,
                  "eligible": attackers}
        book = state["civs"][civ]
        if len(book["cities"]) >= state["settings"]["city_cap"]:
            action.update(abandon=next(iter(book["cities"])), open=["abandon"])
        listed.append(action)
    return listed


def foundings(state: dict, t, civ: str, book: dict) -> list[dict]:
    if len(book["cities"]) >= state["settings"]["city_cap"]:
        return []
    pay = suggest(book, dict(t.city_cost), t)
    if pay is None:
        return []
    graph = board.board(state)
    listed = []
    for province in book["units"]:
        if city_owner(state, province) is not None or not any(units_at(book, province).values()):
            continue
        action = {"type": "found-city", "civ": civ, "province": province, "resource": None,
                  "cost": dict(t.city_cost), "pay": pay, "open": ["resource"]}
        if graph is not None and province in graph["provinces"]:
            action.update(resource=graph["provinces"][province]["city"])
            del action["open"]
        listed.append(action)
    return listed


def table_entries(state: dict) -> list[dict]:
    listed = []
    for civ, book in state["civs"].items():
        if board.board(state) is None:
            listed.append({"type": "set-seas", "civ": civ, "seas": book["seas"],
                           "open": ["seas"]})
        listed.append({"type": "adjust", "civ": civ,
                       "open": ["resources", "coins", "units", "cities", "why"]})
    listed.append({"type": "set-rondel-order", "rondel": list(state["settings"]["rondel"]),
                   "open": ["rondel"]})
    listed.append({"type": "set-bank", "coins": state["bank"]["coins"], "open": ["coins"]})
    return listed
