"""Antike's optional map: the shared format (forge/engine/maps.py) with the fields Antike needs.

The board's 50 provinces a side are in no text we have (ruling A6). An owner of the game may
enter his board as `map.yaml`: each province with its neighbours by the kind of border between
them (`land` red, `water` blue, `mixed` both), the resource of its city site (`city`) and, for
the Navigators, whether it counts as a sea (`sea: true`, ruling A11). A game set up with the
`map` option keeps it in its state (`state["map"]`, compiled below): moves follow its borders,
recruits its terrain, start and new cities its sites (a site of each resource for every
civilization, ruling A13), and the seas occupied are counted from it at the end of each turn;
refusals, events and the undo's list name its provinces by their printed names. A game without
one keeps no `map` key and the table says all of it.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from forge.engine import maps
from forge.engine.antike.data import RESOURCES, tables
from forge.engine.antike.refusal import IllegalAction
from forge.engine.core import N_, ParseError

GAME = "antike"
CROSSES = {"legion": ("land", "mixed"), "galley": ("water", "mixed")}
PLACE_FIELDS = ("province", "from", "to")    # the fields of refusals and events naming a province


def map_problems(data) -> list[tuple[tuple, str]]:
    """What keeps `data` (map.yaml's shape) from being an Antike board: (field path, English
    message) pairs. Borders name provinces of the map, go both ways and are of one kind; every
    province has a city site of a resource; Antike's board has no sea zones nor straits."""
    if not isinstance(data, dict) or not isinstance(data.get("provinces"), list):
        return [((), "a map is a mapping with a list of provinces")]
    problems: list[tuple[tuple, str]] = []
    provinces = maps.entries(data, "provinces", problems)
    for section in ("seas", "straits"):
        if data.get(section):
            problems.append(((section,), f"an Antike board has no {section}: provinces border "
                                         f"each other over land, water or mixed borders, and "
                                         f"'sea: true' marks the seas"))
    problems += maps.border_problems(provinces)
    for place, (at, entry) in provinces.items():
        if entry.get("city") not in RESOURCES:
            problems.append((at + ("city",), f"{place} needs the resource of its city site "
                                             f"(city: {', '.join(RESOURCES)})"))
        if not maps.borders_of(entry):
            problems.append((at, f"{place} has no neighbour"))
    return problems


def compile_map(data: dict) -> dict:
    """The map as the state keeps it: {"provinces": {id: {name, city, sea, borders: {neighbour:
    kind}}}}. JSON-safe."""
    return {"provinces": {p["id"]: {"name": p.get("name") or p["id"], "city": p["city"],
                                    "sea": bool(p.get("sea")), "borders": maps.borders_of(p)}
                          for p in data["provinces"]}}


# --- enough city sites for the start cities (ruling A13) ---------------------------------------

def start_sites() -> Counter:
    """The city sites one civilization's start cities take, by resource (one of each)."""
    return Counter(tables().raw["start"]["cities"])


def short_site(sites: Counter, civilizations: int) -> tuple[str, int, int] | None:
    """(resource, sites needed, sites there) of the first resource with too few city sites for
    every civilization's start cities; None when every resource has enough."""
    for resource, each in start_sites().items():
        if sites[resource] < each * civilizations:
            return resource, each * civilizations, sites[resource]
    return None


def site_problems(data, civilizations: int) -> list[tuple[tuple, str]]:
    """map.yaml's problem (English, like map_problems) when its city sites cannot give every one
    of `civilizations` its start cities."""
    provinces = data.get("provinces") if isinstance(data, dict) else None
    sites = Counter(p.get("city") for p in provinces or [] if isinstance(p, dict))
    short = short_site(sites, civilizations)
    if short is None:
        return []
    resource, needed, there = short
    return [(("provinces",), f"{civilizations} civilizations (the most a game has) need "
                             f"{needed} city sites of {resource} for their start cities; the "
                             f"map has {there}")]


def check_start_sites(graph: dict, civilizations: int) -> None:
    """Refuse a set-up whose map cannot give every civilization its start cities."""
    sites = Counter(entry["city"] for entry in graph["provinces"].values())
    short = short_site(sites, civilizations)
    if short is not None:
        resource, needed, there = short
        raise IllegalAction(N_("{count} civilizations need {needed} city sites of {resource} "
                               "for their start cities; the map has {there}"),
                            count=civilizations, needed=needed, resource=resource, there=there)


def map_from_option(data) -> dict:
    """The set-up's `map` option compiled for the state (ParseError naming its first problem)."""
    first = maps.first_problem(map_problems(data))
    if first:
        raise ParseError(N_("map: {field}: {problem} ({count} problem(s) in all; 'forge "
                            "validate' lists them)"), **first)
    return compile_map(data)


def read_map_file(path: Path) -> dict:
    """A map.yaml read as content and checked (ContentError with file, line and field)."""
    return maps.read_map_file(path, map_problems)


def read_map(folder: Path | None) -> dict | None:
    """The `map` option of a new game (the command line's --content): the folder's map.yaml,
    else the game's own folder's, else None (a game without a map)."""
    return maps.read_game_map(folder, GAME, map_problems)


# --- queries over a game's state -------------------------------------------------------------

def board(state: dict) -> dict | None:
    """The game's map (compiled), or None when it was set up without one."""
    return state.get("map")


def check_province(state: dict, province: str) -> dict:
    """A province of the map (its entry)."""
    entry = board(state)["provinces"].get(province)
    if entry is None:
        raise IllegalAction(N_("{province} is not a province of the map"), province=province)
    return entry


def border(state: dict, origin: str, to: str) -> str:
    """The kind of border between two provinces of the map (IllegalAction if they do not
    touch)."""
    check_province(state, to)
    kind = check_province(state, origin)["borders"].get(to)
    if kind is None:
        raise IllegalAction(N_("{to} is not next to {province}"), to=to, province=origin)
    return kind


def site(state: dict, province: str, named: str | None) -> str:
    """The resource of a province's city site; a resource the table names must be the map's."""
    city = check_province(state, province)["city"]
    if named is not None and named != city:
        raise IllegalAction(N_("the city site of {province} is of {resource}"),
                            province=province, resource=city)
    return city


def check_terrain(state: dict, province: str, unit: str) -> None:
    """Only galleys in a province with only water borders, only legions in one with only land
    borders."""
    kinds = set(check_province(state, province)["borders"].values())
    if kinds and not kinds & set(CROSSES[unit]):
        raise IllegalAction(N_("units of this type ({unit}) cannot stand in {province}: its "
                               "borders are all {border}"), unit=unit, province=province,
                            border=kinds.pop())


def seas_occupied(state: dict, book: dict) -> int:
    """The map's seas where the civilization has a galley."""
    return sum(1 for province, entry in board(state)["provinces"].items()
               if entry["sea"] and book["units"].get(province, {}).get("galley"))


def free_sites(state: dict) -> Counter:
    """The map's city sites where no city stands, by resource."""
    taken = {p for book in state["civs"].values() for p in book["cities"]}
    return Counter(entry["city"] for province, entry in board(state)["provinces"].items()
                   if province not in taken)


def missing_site(state: dict) -> str | None:
    """The resource whose free city sites can no longer give a civilization its start cities
    (None: they can, or the game has no map). Only the table's corrections can bring it about,
    since the set-up checks the sites (ruling A13)."""
    if board(state) is None:
        return None
    free = free_sites(state)
    return next((resource for resource, each in start_sites().items() if free[resource] < each),
                None)


def check_free_sites(state: dict, civ: str) -> None:
    """A civilization's start cities still fit on the map: a free site of each resource."""
    resource = missing_site(state)
    if resource is not None:
        raise IllegalAction(N_("no free city site of {resource} is left on the map for the "
                               "start cities of {civ}; the table frees one with a correction "
                               "('adjust')"), resource=resource, civ=civ)


# --- provinces by their printed names -----------------------------------------------------------

def printed(state: dict, province):
    """A province as players read it: the map's printed name, else as the table named it."""
    entry = (board(state) or {}).get("provinces", {}).get(province) \
        if isinstance(province, str) else None
    return entry["name"] if entry else province


def names_in(state: dict, fields: dict) -> dict[str, str]:
    """{id: printed name} of the map's provinces an event's fields name (PLACE_FIELDS and the
    keys of `cities`); empty without a map."""
    graph = board(state)
    if graph is None:
        return {}
    named = [fields.get(key) for key in PLACE_FIELDS] + list(fields.get("cities") or {})
    return {p: graph["provinces"][p]["name"] for p in named
            if isinstance(p, str) and p in graph["provinces"]}


def printed_refusal(state: dict, err: IllegalAction) -> IllegalAction:
    """The refusal with the map's provinces in its PLACE_FIELDS by their printed names (the
    same refusal without a map)."""
    if board(state) is None or not any(key in err.fields for key in PLACE_FIELDS):
        return err
    fields = {key: printed(state, value) if key in PLACE_FIELDS else value
              for key, value in err.fields.items()}
    return type(err)(err.template, **fields)


def reachable(state: dict, origin: str) -> dict[str, str]:
    """{neighbour: kind of border} of a province (empty for a province not on the map)."""
    entry = board(state)["provinces"].get(origin)
    return dict(entry["borders"]) if entry else {}
