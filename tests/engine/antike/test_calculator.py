"""The conquest calculator the companion asks at any time (forge.engine.antike.calculator): the
rulebook's Athens conquests with their numbers, the rules that refuse a conquest, the city cap,
and a forecast that leaves the state as it was."""
from __future__ import annotations

import copy

from forge.engine.antike import RULES, tables
from forge.engine.antike.calculator import (
    LAST_CITY,
    NO_CITY,
    OWN_CITY,
    forecast,
    ready,
    targets,
)
from forge.engine.core import Session

START = {"greeks": {"Athens": "marble", "Sparta": "iron", "Corinth": "gold"},
         "romans": {"Roma": "marble", "Ostia": "iron", "Capua": "gold"},
         "germans": {"Rhenus": "marble", "Alba": "iron", "Suebia": "gold"}}


def begun() -> dict:
    """A West game of three, its start cities in: the Greeks' first turn."""
    session = Session(RULES, {"players": ["ana", "ben", "cai"]}, seed=None)
    for civ, cities in START.items():
        session.act({"type": "start-cities", "civ": civ, "cities": cities})
    return session.states[session.position]


def test_athens_a_falls_to_six_galleys():
    """Athens A: a temple, 1 legion + 1 galley, no progress: power 3 + 2 = 5; 6 galleys take
    it and lose 5."""
    state = begun()
    greeks = state["civs"]["greeks"]
    greeks["cities"]["Athens"]["temple"] = True
    greeks["units"] = {"Athens": {"legion": 1, "galley": 1}}
    seen = forecast(state, tables(), "romans", "Athens", {"galley": 6})
    assert seen.parts == {"city": 3, "units": 2, "progress": 0}
    assert (seen.power, seen.count, seen.short, seen.can) == (5, 6, 0, True)
    assert seen.losses == {"legion": 0, "galley": 5}
    assert seen.defenders == {"legion": 1, "galley": 1} and seen.temple


def test_athens_b_needs_the_battle_first():
    """Athens B: Democracy, 1 legion + 1 galley, no temple: power 1 + 2 + 2 = 5; 4 galleys
    are one short until the battle takes the Greek galley (power 4)."""
    state = begun()
    greeks = state["civs"]["greeks"]
    greeks["progress"] = ["monarchy", "democracy"]
    greeks["units"] = {"Athens": {"legion": 1, "galley": 1}}
    seen = forecast(state, tables(), "romans", "Athens", {"galley": 4})
    assert seen.parts == {"city": 1, "units": 2, "progress": 2}
    assert (seen.power, seen.short, seen.can, seen.losses) == (5, 1, False, None)
    greeks["units"] = {"Athens": {"legion": 1}}
    seen = forecast(state, tables(), "romans", "Athens", {"galley": 4})
    assert (seen.power, seen.can, seen.losses) == (4, True, {"legion": 0, "galley": 4})


def test_the_rules_that_refuse_and_the_city_cap():
    state = begun()
    t = tables()
    assert forecast(state, t, "romans", "Athens", {"legion": 9}).refusals == ()
    assert forecast(state, t, "greeks", "Athens", {"legion": 9}).refusals == (OWN_CITY,)
    assert forecast(state, t, "greeks", "Thracia", {"legion": 9}).refusals == (NO_CITY,)
    state["civs"]["romans"]["cities"] = {"Roma": {"resource": "marble", "temple": False}}
    last = forecast(state, t, "greeks", "Roma", {"legion": 9})
    assert last.refusals == (LAST_CITY,) and last.enough and not last.can
    state["settings"]["city_cap"] = 3
    assert forecast(state, t, "greeks", "Rhenus", {"legion": 9}).at_cap


def test_ready_units_and_targets_and_nothing_changes():
    state = begun()
    state["civs"]["greeks"]["units"] = {"Roma": {"legion": 2, "galley": 1}}
    before = copy.deepcopy(state)
    assert ready(state, "greeks", "Roma") == {"legion": 2, "galley": 1}
    assert ready(state, "greeks", "Athens") == {"legion": 0, "galley": 0}
    assert list(targets(state, "greeks")) == ["romans", "germans", "greeks"]
    forecast(state, tables(), "greeks", "Roma", {"legion": 3})
    assert state == before
    state["turn"]["maneuver"] = {"units": {"Roma": {"legion": [1, 0], "galley": [0]}},
                                 "entered": ["Roma"]}
    assert ready(state, "greeks", "Roma") == {"legion": 1, "galley": 0}
