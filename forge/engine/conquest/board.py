"""The optional map: a board graph the table enters once, and the movement rules checked on it.

The rulebook states the movement rules exactly (digest 5 and 6.4; "DESPLAZAR UNIDADES
TERRESTRES", "RETIRADAS") but its map is in no text we have (ruling R4). An owner of the game
may enter his board as `map.yaml` (docs/conquest-of-the-empire-2/map.md): provinces with their
land neighbours, the key provinces, sea zones with the provinces they touch and the seas next to
them, and the straits (the double arrows) with the sea that holds each. A game set up with the
`map` option keeps the map in its state (`state["map"]`, in the compiled form below) and every
move, amphibious move, battle place, retreat and withdrawal is checked against it. A game
without one keeps no `map` key and plays exactly as before: the table names the places.

Two doors, one set of checks (`map_problems`): the file is read as content (forge.content:
bounded, line numbers) and validated against `forge/schemas/map.yaml`, each problem naming file,
line and field; the option, plain JSON, passes the session's door (`MAP_OPTION`) and then the
same checks at set-up.
"""
from __future__ import annotations

from pathlib import Path

from forge.engine import maps
from forge.engine.conquest.refusal import IllegalAction
from forge.engine.conquest.state import allied, land_military, units_at
from forge.engine.core import N_, ParseError
from forge.engine.maps import (MAP_FILE, MAP_OPTION, both_ways, entries, listed,
                               unknown)
from forge.engine.words import Counted

GAME = "conquest-of-the-empire-2"
RESERVED = ("unplaced",)                 # a place id the books use for units not yet placed
RESERVED_PREFIX = "sea-by-"              # the map-less games' seas (legal.sea_by)
OTHER_BORDERS = ("water", "mixed")       # borders of other games' maps (forge/engine/maps.py)


# --- the checks both doors share ------------------------------------------------------------------

def map_problems(data, key_provinces) -> list[tuple[tuple, str]]:
    """What keeps `data` (map.yaml's shape) from being a board: (field path, English message)
    pairs. Ids are one namespace (a unit stands in a province or a sea); neighbours go both
    ways; a strait joins two provinces that are not land neighbours, in a sea touching both;
    the key provinces are exactly those of tables.yaml."""
    if not isinstance(data, dict) or not isinstance(data.get("provinces"), list):
        return [((), "a map is a mapping with a list of provinces")]
    problems: list[tuple[tuple, str]] = []
    provinces = entries(data, "provinces", problems, RESERVED, RESERVED_PREFIX)
    seas = entries(data, "seas", problems, RESERVED, RESERVED_PREFIX)
    for sea_id, (at, _entry) in seas.items():
        if sea_id in provinces:
            problems.append((at + ("id",), f"'{sea_id}' is a province and a sea; a place has "
                                           f"one id"))
    problems += both_ways(provinces, "land", provinces, "province")
    problems += both_ways(seas, "seas", seas, "sea")
    for sea_id, (at, entry) in seas.items():
        for i, coast in enumerate(listed(entry, "coasts")):
            if coast not in provinces:
                problems.append((at + ("coasts", i), unknown(coast, "province")))
    for place, (at, entry) in provinces.items():
        for kind in OTHER_BORDERS:
            if entry.get(kind):
                problems.append((at + (kind,), f"this game's borders are land borders, seas "
                                               f"and straits, not {kind} borders"))
    problems += _strait_problems(data, provinces, seas)
    problems += _key_problems(provinces, key_provinces)
    return problems


def _strait_problems(data: dict, provinces: dict, seas: dict) -> list:
    problems, pairs = [], set()
    for i, strait in enumerate(data.get("straits") or []):
        at = ("straits", i)
        ends = strait.get("between") if isinstance(strait, dict) else None
        sea = strait.get("sea") if isinstance(strait, dict) else None
        if not isinstance(ends, list) or len(ends) != 2:
            problems.append((at + ("between",), "a strait is between two provinces"))
            continue
        strangers = [(j, end) for j, end in enumerate(ends) if end not in provinces]
        problems += [(at + ("between", j), unknown(end, "province")) for j, end in strangers]
        if sea not in seas:
            problems.append((at + ("sea",), unknown(sea, "sea")))
        if strangers or sea not in seas:
            continue
        a, b = ends
        pair = frozenset(ends)
        if a == b:
            problems.append((at + ("between",), f"a strait joins two provinces, not {a} to "
                                                f"itself"))
        elif pair in pairs:
            problems.append((at + ("between",), f"a second strait between {a} and {b}"))
        elif b in listed(provinces[a][1], "land"):
            problems.append((at + ("between",), f"{a} and {b} are land neighbours already; a "
                                                f"strait is the crossing where they are not"))
        for end in ends:
            if end not in listed(seas[sea][1], "coasts"):
                problems.append((at + ("sea",), f"the strait's sea {sea} does not touch {end} "
                                                f"(add {end} to its coasts)"))
        pairs.add(pair)
    return problems


def _key_problems(provinces: dict, key_provinces) -> list:
    keys = {p for p, (_at, entry) in provinces.items() if entry.get("key") is True}
    wanted = set(key_provinces)
    problems = [(at + ("key",), f"{p} is marked key, but the key provinces of tables.yaml are "
                                f"{', '.join(key_provinces)}")
                for p, (at, _entry) in provinces.items() if p in keys - wanted]
    missing = sorted(wanted - keys)
    if missing:
        problems.append((("provinces",), f"the key provinces {', '.join(missing)} of tables.yaml "
                                         f"are missing or not marked 'key: true'"))
    return problems


def compile_map(data: dict) -> dict:
    """The map as the state keeps it: provinces and seas by id, each with its neighbours; a
    province's `seas` are the seas touching it; straits as listed. JSON-safe."""
    provinces = {p["id"]: {"name": p.get("name") or p["id"], "key": bool(p.get("key")),
                           "land": list(p.get("land") or []), "seas": []}
                 for p in data["provinces"]}
    seas = {}
    for s in data.get("seas") or []:
        seas[s["id"]] = {"name": s.get("name") or s["id"], "coasts": list(s["coasts"]),
                         "seas": list(s.get("seas") or [])}
        for coast in s["coasts"]:
            if s["id"] not in provinces[coast]["seas"]:
                provinces[coast]["seas"].append(s["id"])
    straits = [{"between": list(s["between"]), "sea": s["sea"],
                "name": s.get("name") or s.get("id") or "-".join(s["between"])}
               for s in data.get("straits") or []]
    return {"provinces": provinces, "seas": seas, "straits": straits}


def map_from_option(data, key_provinces) -> dict:
    """The set-up's `map` option compiled for the state; a map with problems is refused, naming
    the first (and how many there are)."""
    first = maps.first_problem(map_problems(data, key_provinces))
    if first:
        raise ParseError(N_("map: {field}: {problem} ({count} problem(s) in all; 'forge "
                            "validate' lists them)"), **first)
    return compile_map(data)


# --- the file ------------------------------------------------------------------------------------

def find_map_file(folder: Path) -> Path | None:
    """The map.yaml of a folder: a game's folder holding it, or a folder of games holding this
    game's folder with it; None when neither has one."""
    return maps.find_map_file(folder, GAME)


def read_map_file(path: Path, key_provinces) -> dict:
    """A map.yaml read as content and validated; ContentError naming file, line and field of
    every problem."""
    return maps.read_map_file(path, lambda data: map_problems(data, key_provinces))


def read_map(folder: Path | None) -> dict | None:
    """The `map` option of a new game (the command line's --content): the map.yaml of
    `folder` (refused when it has none), else of this game's folder on the search path (your
    games folder, then the shipped one), else None: a game without a map."""
    from forge.engine.conquest.data import tables

    return maps.read_game_map(folder, GAME,
                              lambda data: map_problems(data, tables().key_provinces))


def doc_problems(doc, key_provinces) -> list:
    """map_problems as content problems of the loaded map.yaml (file, line, field)."""
    return [doc.problem(at, message) for at, message in map_problems(doc.data, key_provinces)]


# --- queries over a game's state -------------------------------------------------------------------

def board(state: dict) -> dict | None:
    """The game's map (compiled), or None when it was set up without one."""
    return state.get("map")


def check_known(state: dict, where: str) -> str:
    """A province or sea of the map (any place when there is no map)."""
    graph = board(state)
    if graph is not None and where not in graph["provinces"] and where not in graph["seas"]:
        raise IllegalAction(N_("{place} is not a province or sea of the map"), place=where)
    return where


def check_land(state: dict, where: str) -> str:
    """A land province of the map (any place when there is no map)."""
    graph = board(state)
    if graph is not None and where not in graph["provinces"]:
        raise IllegalAction(N_("{place} is not a land province of the map"), place=where)
    return where


def check_sea(state: dict, where: str) -> str:
    """A sea zone of the map (any place when there is no map)."""
    graph = board(state)
    if graph is not None and where not in graph["seas"]:
        raise IllegalAction(N_("{place} is not a sea zone of the map"), place=where)
    return where


def check_units_belong(state: dict, t, where: str, units: dict) -> None:
    """Land units in a province, galleys in a sea (digest 1: "Land units may occupy only land
    provinces; galleys only sea zones")."""
    if board(state) is None or where in RESERVED:
        return
    check_known(state, where)
    for unit in units:
        (check_sea if t.unit_where[unit] == "sea" else check_land)(state, where)


def check_touches(state: dict, sea: str, provinces) -> None:
    """The sea touches one of the provinces (a galley recruited or placed "in a sea zone
    adjacent", galleys joining a battle "in adjacent sea zones")."""
    graph = board(state)
    if graph is None:
        return
    check_sea(state, sea)
    provinces = list(provinces)
    if not any(p in graph["seas"][sea]["coasts"] for p in provinces):
        raise IllegalAction(N_("{sea} does not touch {province}"), sea=sea,
                            province=", ".join(provinces))


def neighbours(graph: dict, province: str) -> list[tuple[str, str | None]]:
    """The provinces next to one: (province, None) over land, (province, sea) over a strait."""
    found = [(p, None) for p in graph["provinces"][province]["land"]]
    for strait in graph["straits"]:
        a, b = strait["between"]
        if province in (a, b):
            found.append((b if province == a else a, strait["sea"]))
    return found


def galley_owner_against(state: dict, player: str, sea: str) -> str | None:
    """A player not allied to `player` with a galley in `sea` (he closes its straits)."""
    return next((q for q in state["players"]
                 if not allied(state, player, q) and units_at(state, q, sea).get("galley")),
                None)


def holder_against(state: dict, t, player: str, province: str) -> str | None:
    """A player not allied to `player` with land military units in `province` (leaders and
    galleys never count)."""
    return next((q for q in state["players"]
                 if not allied(state, player, q) and land_military(state, t, q, province)), None)


def overland(state: dict, t, player: str, origin: str) -> set[str]:
    """The provinces the player's units reach overland from `origin` (digest 5): any number of
    steps between neighbours, stopping on entering a province a non-allied player holds with
    military units, crossing a strait only while no non-allied galley is in its sea."""
    graph = board(state)
    reached, frontier = {origin}, [origin]
    while frontier:
        here = frontier.pop()
        for there, sea in neighbours(graph, here):
            if there in reached or (sea and galley_owner_against(state, player, sea)):
                continue
            reached.add(there)
            if not holder_against(state, t, player, there):
                frontier.append(there)
    reached.discard(origin)
    return reached


def carrying(state: dict, player: str, province: str) -> int:
    """The player's galleys in the seas touching a province: each carries 4 land military units
    there (digest 5, amphibious move)."""
    graph = board(state)
    return sum(units_at(state, player, sea).get("galley", 0)
               for sea in graph["provinces"][province]["seas"])


def check_move(state: dict, t, player: str, origin: str, to: dict) -> dict[str, str]:
    """Check a land move on the map; {destination: 'overland' or 'amphibious'}. A destination
    reached overland is reached so; any other only by an amphibious move straight from the
    origin (no overland step before embarking or after landing): both coastal, the player's
    galleys in seas touching the destination, 4 land military units per galley and any
    leaders. Enemy galleys and units never block an amphibious move."""
    graph = board(state)
    if graph is None:
        return {}
    check_land(state, origin)
    reach = overland(state, t, player, origin)
    routes = {}
    for where, units in to.items():
        check_land(state, where)
        if where == origin:
            raise IllegalAction(N_("units moving out of {origin} go to another province"),
                                origin=origin)
        if where in reach:
            routes[where] = "overland"
            continue
        _check_amphibious(state, t, player, origin, where, units)
        routes[where] = "amphibious"
    return routes


def _check_amphibious(state: dict, t, player: str, origin: str, where: str,
                      units: dict) -> None:
    graph = board(state)
    if not graph["provinces"][origin]["seas"]:
        raise IllegalAction(N_("{to} is out of reach overland from {origin}, and {origin} "
                               "touches no sea to embark from"), to=where, origin=origin)
    if not graph["provinces"][where]["seas"]:
        raise IllegalAction(N_("{to} is out of reach overland from {origin}, and {to} touches "
                               "no sea to land from"), to=where, origin=origin)
    galleys = carrying(state, player, where)
    if not galleys:
        raise IllegalAction(N_("{to} is out of reach overland from {origin}, and {player} has "
                               "no galley in a sea touching {to} to carry units there"),
                            to=where, origin=origin, player=player)
    count = sum(c for u, c in units.items() if u in t.land_military)
    if count > t.galley_load * galleys:
        raise IllegalAction(N_("{player}'s {galleys} next to {to} carry at most {most} military "
                               "units there, not {count}"), player=player,
                            galleys=Counted("{n} galley", "{n} galleys", galleys), to=where,
                            most=t.galley_load * galleys, count=count)


def move_destinations(state: dict, t, player: str, origin: str) -> dict[str, dict]:
    """Where the player's units in `origin` may go in one move, for a screen to list:
    {province: {"route": "overland"}} or {"route": "amphibious", "carry": military units the
    galleys next to it take}. Empty without a map."""
    graph = board(state)
    if graph is None or origin not in graph["provinces"]:
        return {}
    found = {p: {"route": "overland"} for p in overland(state, t, player, origin)}
    if graph["provinces"][origin]["seas"]:
        for province, info in graph["provinces"].items():
            if province != origin and province not in found and info["seas"]:
                galleys = carrying(state, player, province)
                if galleys:
                    found[province] = {"route": "amphibious", "carry": t.galley_load * galleys}
    return dict(sorted(found.items()))


def retreat_choices(state: dict, t, player: str, where: str) -> list[str]:
    """The provinces a retreat from `where` may go to (digest 6.4): next to it over land, or
    over a strait no non-allied galley closes, and held by no non-allied military units."""
    graph = board(state)
    return sorted(p for p, sea in neighbours(graph, where)
                  if not (sea and galley_owner_against(state, player, sea))
                  and not holder_against(state, t, player, p))


def check_retreat(state: dict, t, player: str, where: str, dest: str) -> None:
    graph = board(state)
    if graph is None:
        return
    check_land(state, dest)
    step = dict(neighbours(graph, where))
    if dest not in step:
        raise IllegalAction(N_("{to} is not next to {where}"), to=dest, where=where)
    closer = galley_owner_against(state, player, step[dest]) if step[dest] else None
    if closer:
        raise IllegalAction(N_("{player} cannot retreat over the strait to {to}: {blocker}'s "
                               "galleys in {sea} close it"), player=player, to=dest,
                            blocker=closer, sea=step[dest])


def withdraw_choices(state: dict, where: str) -> list[str]:
    """The provinces leaders left alone in `where` may withdraw to: every neighbour, over land
    or over a strait, enemy units or galleys there or not (digest 6.4; map.md, reading M4)."""
    return sorted({p for p, _sea in neighbours(board(state), where)})


def check_withdraw(state: dict, where: str, dest: str) -> None:
    if board(state) is None:
        return
    check_land(state, dest)
    if dest not in withdraw_choices(state, where):
        raise IllegalAction(N_("{to} is not next to {where}"), to=dest, where=where)


def with_choices(state: dict, acts: list[dict]) -> list[dict]:
    """Listed retreats and withdrawals with their destinations as `choices`, and a starting
    placement with the map's seas touching the player's provinces as `seas`, when the game has
    a map (without one the table names the place, and the list stays as it was)."""
    if board(state) is None:
        return acts
    from forge.engine.conquest.data import tables

    t, battle, pending = tables(), state.get("battle"), state.get("withdrawal")
    listed = []
    for act in acts:
        if act["type"] == "retreat" and battle:
            player = battle["sides"][act["side"]]["player"]
            act = {**act, "choices": retreat_choices(state, t, player, battle["where"])}
        elif act["type"] == "withdraw" and pending:
            act = {**act, "choices": withdraw_choices(state, pending["where"])}
        elif act["type"] == "place":
            graph = board(state)
            seas = [s for s in graph["seas"]
                    if any(p in graph["seas"][s]["coasts"] for p in act.get("choices", []))]
            act = {**act, "seas": seas}
        listed.append(act)
    return listed


__all__ = ["MAP_OPTION", "MAP_FILE", "map_problems", "compile_map", "map_from_option",
           "find_map_file", "read_map_file", "read_map", "doc_problems", "board", "check_known",
           "check_land", "check_sea", "check_units_belong", "check_touches", "neighbours",
           "overland", "check_move", "move_destinations", "retreat_choices", "check_retreat",
           "withdraw_choices", "check_withdraw", "with_choices"]
