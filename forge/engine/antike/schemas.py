"""What ANTIKE's inputs look like: each action's fields and the set-up options
(docs/antike/engine.md). The session checks every input against these schemas
(forge.engine.inputs) before the rules see it; the rules check the rest (a civilization of the
game, its turn, enough resources)."""
from __future__ import annotations

from forge.engine.inputs import Bool, Int, ListOf, MapOf, Maybe, Record, Text
from forge.engine.maps import MAP_OPTION

NAME = Text(longest=100)                 # a civilization, a province, a player: ids
LARGE = 1_000_000
COUNT = Int(0, LARGE)
AMOUNT = Int(-LARGE, LARGE)              # a correction: added or taken away
RESOURCE = Text(choices=("marble", "iron", "gold"))
UNIT = Text(choices=("legion", "galley"))
BORDER = Text(choices=("land", "water", "mixed"))
PAY = Record({"marble": COUNT, "iron": COUNT, "gold": COUNT, "coin": COUNT})
UNITS = Record({"legion": COUNT, "galley": COUNT})
LEFT = Record({"legion": ListOf(Int(0, 100), 10_000), "galley": ListOf(Int(0, 100), 10_000)})
CITY = Record({"resource": RESOURCE, "temple": Maybe(Bool())}, required=("resource",))
START_CITIES = MapOf(RESOURCE, key=NAME, longest=3)
RONDEL = ListOf(NAME, 8)
# what legal_actions adds to a listed action, accepted so it can be applied as it is
INFORMATION = ("cost", "steps", "yield", "open", "eligible", "power", "capacity", "prices",
               "choices", "name", "max", "units_there")


def _action(*required, **fields) -> Record:
    return Record(fields, info=INFORMATION, required=required)


ACTIONS = {
    "start-cities": _action("civ", "cities", civ=NAME, cities=START_CITIES),
    "take-resource": _action("civ", "resource", civ=NAME, resource=RESOURCE),
    "rondel": _action("civ", "space", civ=NAME, space=Int(0, 7), pay=Maybe(PAY)),
    "build-temples": _action("civ", "cities", civ=NAME, cities=ListOf(NAME, 100),
                             pay=Maybe(PAY)),
    "arm": _action("civ", "units", civ=NAME, units=MapOf(UNITS, key=NAME), pay=Maybe(PAY)),
    "buy-progress": _action("civ", "progresses", civ=NAME, progresses=ListOf(NAME, 8),
                            pay=Maybe(PAY)),
    "move": _action("civ", "from", "to", "units", civ=NAME, to=NAME, units=UNITS,
                    border=Maybe(BORDER), left=Maybe(LEFT), **{"from": NAME}),
    "battle": _action("civ", "against", "province", "unit", civ=NAME, against=NAME,
                      province=NAME, unit=UNIT),
    "conquer": _action("civ", "province", civ=NAME, province=NAME, units=Maybe(UNITS),
                       losses=Maybe(UNITS), abandon=Maybe(NAME)),
    "end-maneuver": _action("civ", civ=NAME),
    "found-city": _action("civ", "province", civ=NAME, province=NAME, resource=Maybe(RESOURCE),
                          pay=Maybe(PAY)),
    "end-turn": _action("civ", civ=NAME),
    "set-seas": _action("civ", "seas", civ=NAME, seas=Int(0, 1000)),
    "set-rondel-order": _action("rondel", rondel=RONDEL),
    "set-bank": _action("coins", coins=Maybe(COUNT)),
    "adjust": _action("civ", civ=NAME,
                      resources=Maybe(MapOf(AMOUNT, key=RESOURCE, longest=3)),
                      coins=Maybe(AMOUNT),
                      units=Maybe(MapOf(MapOf(AMOUNT, key=UNIT, longest=2), key=NAME)),
                      cities=Maybe(MapOf(Maybe(CITY), key=NAME)),
                      why=Maybe(Text(longest=1_000, blank=True))),
}

OPTIONS = Record({
    "players": ListOf(NAME, 6),
    "side": Maybe(Text(choices=("west", "east"))),
    "civilizations": Maybe(ListOf(NAME, 6)),
    "owners": Maybe(MapOf(NAME, key=NAME, longest=6)),
    "first": Maybe(NAME),
    "city_cap": Maybe(Int(1, 1000)),
    "repeat_cost": Maybe(Int(0, 100)),
    "needed": Maybe(Int(1, 35)),
    "citizens": Maybe(Text(choices=("owned", "built"))),
    "rondel": Maybe(RONDEL),
    "start_cities": Maybe(MapOf(START_CITIES, key=NAME, longest=6)),
    "coins": Maybe(COUNT),
    "map": Maybe(MAP_OPTION),
}, required=("players",))

__all__ = ["ACTIONS", "OPTIONS"]
