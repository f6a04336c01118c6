"""How a Pax Romana case is set up: a new game from the case's `options` (default: the four
powers, the Advanced Game, turn 1, in the Activation Phase), then laid over it:

- `state`: a partial state merged key by key (treasuries, stability, the phase, the turn...);
- `losses`: a battle already at its losses step, for the loss examples of 10.8:
  `{side, power, units, reduced, loss, defence}` (the other side has taken its losses).

Every case names where the rulebook says what it pins (`ref`: rule number and Spanish heading).
Dice are physical: every roll is a die result the case gives.
"""
from __future__ import annotations

import copy

from cases import merge

from forge.engine.core import Session
from forge.engine.pax_romana import RULES

CASE_KEYS = {"options", "state", "losses"}
REQUIRED_KEYS = {"ref"}


def build(case: dict, variant: None = None) -> Session:
    """The session of a case: the game set up, then the case's pieces laid over it."""
    session = Session(RULES, copy.deepcopy(case.get("options") or {}), seed=None,
                      dice_values=list(case.get("setup_dice") or []))
    state = session.states[session.position]
    if case.get("state"):
        merge(state, copy.deepcopy(case["state"]))
    if case.get("losses"):
        state["battle"] = losses_stage(case["losses"])
    return session


def losses_stage(given: dict) -> dict:
    """A battle whose one side still has `loss` BP to take."""
    side = given.get("side", "defender")
    other = "attacker" if side == "defender" else "defender"
    force = {"power": given.get("power", "rome"), "units": dict(given.get("units") or {}),
             "reduced": dict(given.get("reduced") or {}), "leader": None, "elephants": 0}
    enemy = {"power": "enemy", "units": {}, "reduced": {}, "leader": None, "elephants": 0}
    defence = given.get("defence")
    if defence:
        defence = {"floor": {"city": 3, "town": 1}[defence["kind"]], **defence}
    return {"stage": "losses", side: force, other: enemy, "defence": defence,
            "terrain": "open", "amphibious": False, "cards": {}, "siege_bids": {}, "mp": None,
            "winner": other, "retreat": {}, "loss": {side: given["loss"], other: 0},
            "taken": {side: None, other: {"eliminate": {}, "reduce": {},
                                          "eliminate_reduced": {}, "walls": 0, "lost_bp": 0}}}
