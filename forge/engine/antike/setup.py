"""A new game of ANTIKE from its options: the civilizations and their owners, the books, the
bank, the piles and the settings (docs/antike/engine.md, "Set-up options")."""
from __future__ import annotations

from collections import Counter

from forge.engine.antike import board
from forge.engine.antike.data import UNITS
from forge.engine.antike.refusal import IllegalAction, Listed
from forge.engine.antike.state import Ctx
from forge.engine.antike.turns import begin_turn
from forge.engine.core import N_


def new_game(ctx: Ctx, options: dict) -> None:
    """Set the game up; the first turn begins at once when every start city is known."""
    t = ctx.t
    players = list(options["players"])
    if not t.players[0] <= len(players) <= t.players[1] or len(set(players)) != len(players):
        raise IllegalAction(N_("a game has {low} to {high} players, each named once"),
                            low=t.players[0], high=t.players[1])
    side = options.get("side") or "west"
    civs = civilizations(t, side, players, options.get("civilizations"))
    owners = civ_owners(t, side, players, civs, options.get("owners"))
    order = turn_order(t, side, civs, options.get("first"))
    state = ctx.state
    state.update({
        "side": side, "players": players, "order": order,
        "civs": {civ: new_book(t, owners[civ]) for civ in order},
        "bank": {"temples": t.temples, "coins": options.get("coins")},
        "piles": {kind: list(range(1, entry["count"] + 1))
                  for kind, entry in t.personality.items()},
        "first_owner": {},
        "settings": settings(t, options, len(civs)),
        "phase": "cities", "turn": None, "deadlock": False, "winner": None, "result": None,
    })
    if options.get("map") is not None:
        state["map"] = board.map_from_option(options["map"])
        board.check_start_sites(state["map"], len(order))
    ctx.emit("setup", side=side, order=order, owners=owners)
    try:
        for civ, cities in (options.get("start_cities") or {}).items():
            place_start_cities(ctx, civ, cities)
    except IllegalAction as err:
        raise board.printed_refusal(state, err) from None
    if all(state["civs"][civ]["cities"] for civ in order):
        start_play(ctx)


def civilizations(t, side: str, players: list[str], chosen) -> list[str]:
    """The civilizations in play, in turn order."""
    count = civilization_count(len(players))
    if not chosen:
        if len(players) == 2:
            first, second = t.pairs(side)
            return [civ for pair in zip(first, second) for civ in pair]
        return t.civilizations_for(side, count)
    for civ in chosen:
        if t.civ_side.get(civ) != side:
            raise IllegalAction(N_("'{name}' is not a civilization of this side of the board"),
                                name=civ)
    if len(set(chosen)) != len(chosen) or len(chosen) != count:
        raise IllegalAction(N_("{players} players play {count} different civilizations"),
                            players=len(players), count=count)
    return list(chosen)


def civilization_count(players: int) -> int:
    """The civilizations in play: one a player, two each in the 2-player game."""
    return 4 if players == 2 else players


def most_civilizations(t) -> int:
    """The most civilizations a game has (the largest game a map must seat)."""
    return max(civilization_count(n) for n in range(t.players[0], t.players[1] + 1))


def civ_owners(t, side: str, players: list[str], civs: list[str], given) -> dict:
    """{civ: player}: given, else one each in seat order (2 players: the side's pairs)."""
    if given:
        if set(given) != set(civs) or not set(given.values()) <= set(players):
            raise IllegalAction(N_("the owners name each civilization in play once, each "
                                   "owned by a player of the game"))
        if set(given.values()) != set(players):
            raise IllegalAction(N_("every player owns a civilization"))
        return {civ: given[civ] for civ in civs}
    if len(players) == 2:
        pairs = t.pairs(side)
        if set(civs) == {civ for pair in pairs for civ in pair}:
            return {civ: players[index] for index, pair in enumerate(pairs) for civ in pair}
        return {civ: players[index % 2] for index, civ in enumerate(civs)}
    return dict(zip(civs, players))


def turn_order(t, side: str, civs: list[str], first) -> list[str]:
    """The civilizations in turn order, beginning with the start player."""
    first = first or t.known_start(side, len(civs)) or civs[0]
    if first not in civs:
        raise IllegalAction(N_("'{name}' is not a civilization in play"), name=first)
    start = civs.index(first)
    return civs[start:] + civs[:start]


def new_book(t, player: str) -> dict:
    return {
        "player": player, "resources": dict(t.start_resources), "coins": 0, "rondel": None,
        "cities": {}, "units": {}, "supply": {unit: t.supply[unit] for unit in UNITS},
        "progress": [], "personalities": {kind: [] for kind in t.personality},
        "awarded": {kind: 0 for kind in t.personality}, "temples_destroyed": 0,
        "temples_built": 0, "seas": 0,
    }


def settings(t, options: dict, count: int) -> dict:
    needed_default, needed_options = t.needed[count]
    chosen = {
        "city_cap": options.get("city_cap") or t.city_cap[0],
        "repeat_cost": t.repeat[0] if options.get("repeat_cost") is None
        else options["repeat_cost"],
        "needed": options.get("needed") or needed_default,
        "citizens": options.get("citizens") or "owned",
        "rondel": check_rondel(t, options.get("rondel") or list(t.rondel_order)),
    }
    if chosen["city_cap"] not in t.city_cap[1]:
        raise IllegalAction(N_("the city cap is one of {choices}"),
                            choices=", ".join(map(str, t.city_cap[1])))
    if chosen["repeat_cost"] not in t.repeat[1]:
        raise IllegalAction(N_("the cost of a full turn of the rondel is one of {choices}"),
                            choices=", ".join(map(str, t.repeat[1])))
    if chosen["needed"] not in needed_options:
        raise IllegalAction(N_("with {count} civilizations the personalities needed are "
                               "{choices}"), count=count,
                            choices=", ".join(map(str, needed_options)))
    return chosen


def check_rondel(t, order: list[str]) -> list[str]:
    """The 8 spaces clockwise, each as often as the board has it."""
    if Counter(order) != Counter(t.space_count):
        raise IllegalAction(N_("the rondel has 8 spaces: {spaces}"),
                            spaces=Listed("space", t.rondel_order))
    return list(order)


def place_start_cities(ctx: Ctx, civ, cities: dict) -> None:
    """A civilization's three start cities, one of each resource, where no city stands."""
    state = ctx.state
    if civ not in state["civs"]:
        raise IllegalAction(N_("'{name}' is not a civilization of this game"), name=civ)
    book = state["civs"][civ]
    if book["cities"]:
        raise IllegalAction(N_("{civ}: the start cities are already entered"), civ=civ)
    board.check_free_sites(state, civ)
    if sorted(cities.values()) != sorted(ctx.t.raw["start"]["cities"]):
        raise IllegalAction(N_("the start cities are one of each resource: a marble, an iron "
                               "and a gold city"))
    for province, resource in cities.items():
        if board.board(state) is not None:
            board.site(state, province, resource)
        if any(province in other["cities"] for other in state["civs"].values()):
            raise IllegalAction(N_("{province} already has a city"), province=province)
    book["cities"] = {province: {"resource": resource, "temple": False}
                      for province, resource in cities.items()}
    ctx.emit("start-cities", civ=civ, cities=dict(cities))


def start_cities(ctx: Ctx, action: dict) -> None:
    """The `start-cities` entry: once every civilization has its cities, play begins."""
    if ctx.state["phase"] != "cities":
        raise IllegalAction(N_("the start cities are entered before the first turn"))
    place_start_cities(ctx, action["civ"], action["cities"])
    if all(book["cities"] for book in ctx.state["civs"].values()):
        start_play(ctx)


def start_play(ctx: Ctx) -> None:
    ctx.state["phase"] = "play"
    begin_turn(ctx, ctx.state["order"][0], 1)
