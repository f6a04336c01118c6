"""How a CONQUEST OF THE EMPIRE II case is set up: a new game with a partial state laid over it.

A case names where the rulebook says what it pins (`ref`, required), gives the set-up `options`
(`first` defaults to the first player so no die is needed) and a partial `state` merged key by
key; `order` is a shortcut that puts the game in its action rounds with that turn order, odd
boxes allied against even ones, the starting units placed (off the board unless the case's
`army` puts them somewhere); `map` names a folder beside this file whose map.yaml the game is
set up with (the `map` option: tests/engine/conquest/map/ is the test board).
"""
from __future__ import annotations

import copy
from pathlib import Path

from cases import merge

from forge.engine.conquest import RULES, tables
from forge.engine.conquest.board import find_map_file, read_map_file
from forge.engine.core import Session

CASE_KEYS = {"options", "state", "order", "map"}
REQUIRED_KEYS = {"ref"}
PLAYERS = ["angela", "bernardo", "carlos", "david"]
HERE = Path(__file__).resolve().parent


def build(case: dict, variant: None = None) -> Session:
    """The session of a case: the game set up, then its order and state laid over it."""
    options = {"players": list(PLAYERS)}
    options.update(copy.deepcopy(case.get("options") or {}))
    options.setdefault("first", options["players"][0])
    if case.get("map"):
        options["map"] = read_map_file(find_map_file(HERE / case["map"]), tables().key_provinces)
    session = Session(RULES, options, seed=None)
    state = session.states[0]
    if case.get("order"):
        merge(state, action_rounds(case["order"], options["players"]))
        for army in state["army"].values():
            army.pop("unplaced", None)
    merge(state, case.get("state") or {})
    return session


def action_rounds(order: list[str], players: list[str]) -> dict:
    """The partial state of a game in its action rounds with this turn order."""
    assert sorted(order) == sorted(players), "order names every player once"
    return {"phase": "actions", "auction": None, "order": order, "boxes": order,
            "alliances": {"A": order[0::2], "B": order[1::2]},
            "turn": {"index": 0, "actions_left": 2, "card_picks_left": 1, "played": []}}
