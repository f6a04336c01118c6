"""How an ANTIKE case is set up: a new game, its start cities entered, then the case's pieces.

A case names where the rulebook says what it pins (`ref`: rulebook section with its Spanish
heading, and the digest's section), gives the set-up `options` (default: players ana, ben and
cai, so the Greeks, Romans and Germans of the West), and then, laid over the game once it has
begun (the first civilization's turn, its coin taken):

- `cities`: {civ: {province: resource, or {resource, temple}}}: the civilization's cities, in
  place of its default start cities (`<civ>-marble`, `<civ>-iron`, `<civ>-gold`); the bank's
  temples are what the board leaves;
- `units`: {civ: {province: {legion, galley}}}: its units, the rest in its supply;
- `active`: the civilization whose turn it is (its coin already taken);
- `state`: a partial state merged key by key (resources, coins, progress, rondel...).

A case with `options: {start_cities: ...}` or `keep_cities_phase: true` keeps the set-up as it is.
`map` names a folder beside this file whose map.yaml the game plays on (tests/engine/antike/map/
is the test board, not the game's map): laid into the state once the default start cities are
in, so they need not be sites of the test board (the `map` option itself is tested with the
options of a set-up case).
"""
from __future__ import annotations

import copy

from cases import merge

from pathlib import Path

from forge.engine.antike import RULES
from forge.engine.antike.board import compile_map, read_map_file
from forge.engine.core import Session

CASE_KEYS = {"options", "state", "cities", "units", "active", "keep_cities_phase", "map"}
REQUIRED_KEYS = {"ref"}
PLAYERS = ["ana", "ben", "cai"]
SUPPLY = 17
TEMPLES = 20
HERE = Path(__file__).resolve().parent


def build(case: dict, variant: None = None) -> Session:
    """The session of a case: the game set up and begun, then the case's pieces laid over it."""
    options = {"players": list(PLAYERS)}
    options.update(copy.deepcopy(case.get("options") or {}))
    session = Session(RULES, options, seed=None)
    if not case.get("keep_cities_phase"):
        for civ, book in session.state["civs"].items():
            if not book["cities"]:
                session.act({"type": "start-cities", "civ": civ, "cities": {
                    f"{civ}-{r}": r for r in ("marble", "iron", "gold")}})
    state = session.states[session.position]
    if case.get("map"):
        state["map"] = compile_map(read_map_file(HERE / case["map"] / "map.yaml"))
    for civ, cities in (case.get("cities") or {}).items():
        state["civs"][civ]["cities"] = {
            province: {"resource": city, "temple": False} if isinstance(city, str)
            else {"temple": False, **city} for province, city in cities.items()}
    for civ, units in (case.get("units") or {}).items():
        book = state["civs"][civ]
        book["units"] = {p: {u: n for u, n in here.items() if n} for p, here in units.items()}
        for unit in ("legion", "galley"):
            book["supply"][unit] = SUPPLY - sum(here.get(unit, 0) for here in units.values())
    state["bank"]["temples"] = TEMPLES - sum(
        city["temple"] for book in state["civs"].values() for city in book["cities"].values())
    if case.get("active"):
        state["turn"] = {"civ": case["active"], "number": 1, "coin": "coin", "space": None,
                         "done": False, "maneuver": None, "founded": []}
    merge(state, case.get("state") or {})
    return session
