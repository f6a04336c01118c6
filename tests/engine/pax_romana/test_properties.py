"""Random land battles of Pax Romana played to the end through the legal actions: every loss
allocation the engine lists is accepted and legal, battle points are conserved (what a side
lost plus what it keeps is what it brought), losses cover what is due, events are frozen once
emitted, and the game replays from its save."""
from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from forge.engine.core import Session
from forge.engine.pax_romana import RULES, describe
from forge.engine.pax_romana.battle import side_total
from forge.engine.pax_romana.data import tables

LAND = ("legion", "heavy_infantry", "light_infantry", "cavalry", "mercenary_heavy_infantry",
        "militia", "elephant")
REDUCIBLE = ("legion", "heavy_infantry")


class English:
    lang = "en"

    def _(self, text):
        return text


def force(draw, power: str) -> dict:
    units = {u: draw(st.integers(0, 3)) for u in LAND}
    units["light_infantry"] += 1
    reduced = {u: draw(st.integers(0, 2)) for u in REDUCIBLE}
    leader = draw(st.none() | st.fixed_dictionaries({"tactical": st.integers(1, 4),
                                                      "campaign": st.integers(2, 6)}))
    given = {"power": power, "units": {u: n for u, n in units.items() if n},
             "reduced": {u: n for u, n in reduced.items() if n}}
    if leader:
        given["leader"] = leader
    if units["elephant"]:
        given["elephants"] = draw(st.integers(0, units["elephant"]))
    return given


@st.composite
def battles(draw):
    action = {"type": "battle", "attacker": force(draw, "rome"),
              "defender": force(draw, "carthage")}
    defence = draw(st.sampled_from([None, "city", "town"]))
    if defence:
        action["defence"] = {"kind": defence}
        action["defender"].pop("elephants", None)
        action["attacker"].pop("elephants", None)
    else:
        action["terrain"] = draw(st.sampled_from(["open", "open", "mountain_fortress"]))
        if action["terrain"] == "mountain_fortress":
            action["defender"].pop("elephants", None)
            action["attacker"].pop("elephants", None)
    options = {"first_turn": draw(st.integers(1, 10)),
               "format": draw(st.sampled_from(["advanced", "basic"]))}
    return options, action, draw(st.integers(0, 2 ** 32))


def side_bp(state: dict, battle: dict, side: str) -> int:
    """A side's units and the walls it uses, in BP."""
    return side_total(state, tables(), battle, side)


@settings(max_examples=80, deadline=None)
@given(battles())
def test_random_battles_lose_legally_and_conserve_battle_points(case):
    options, action, seed = case
    rnd = random.Random(seed)
    session = Session(RULES, options, seed=seed)
    session.act(action)
    frozen: list[tuple[dict, dict]] = []
    for entry in session.entries[1:]:
        frozen.extend((event, copy.deepcopy(event)) for event in entry["events"])
    state = session.state
    brought = {side: side_bp(state, state["battle"], side) for side in ("attacker", "defender")}
    while session.state["battle"]:
        legal = session.legal_actions()
        assert legal, f"a battle at {session.state['battle']['stage']} with no legal action"
        choice = rnd.choice(legal)
        outcome = session.act(choice)
        frozen.extend((event, copy.deepcopy(event)) for event in outcome.events)
    last = session.state["last"]
    for side in ("attacker", "defender"):
        taken = last["taken"][side]
        kept = side_bp(session.state, last, side)
        assert taken["lost_bp"] + kept == brought[side], (side, taken, kept, brought[side])
        absorbs = tables().units["losses"]["wall_point_absorbs"] * taken["walls"]
        assert taken["lost_bp"] + absorbs >= min(last["loss"][side], 1) or not brought[side]
        events = [e for entry in session.entries[1:] for e in entry["events"]
                  if e["kind"] == "losses-taken" and e["side"] == side]
        assert len(events) == 1
        assert events[0]["before"] - events[0]["lost_bp"] == events[0]["after"]
    for event, copied in frozen:
        assert event == copied
        assert describe(event, English())
    again = Session.from_json(RULES, session.to_json())
    assert again.state == session.state


@settings(max_examples=60, deadline=None)
@given(battles())
def test_every_listed_allocation_covers_the_loss_or_takes_all(case):
    options, action, seed = case
    session = Session(RULES, options, seed=seed)
    session.act(action)
    rnd = random.Random(seed)
    while session.state["battle"] and session.state["battle"]["stage"] != "losses":
        session.act(rnd.choice(session.legal_actions()))
    battle = session.state["battle"]
    if not battle:
        return
    listed = session.legal_actions()
    for allocation in listed:
        side = allocation["side"]
        loss = battle["loss"][side]
        assert allocation["absorbs"] >= loss or all(
            a["absorbs"] < loss for a in listed if a["side"] == side)
        assert sum(allocation["reduce"].values()) <= 1
    saved = session.to_json()
    for allocation in rnd.sample(listed, min(len(listed), 12)):   # each one is accepted
        Session.from_json(RULES, saved).act(allocation)


@st.composite
def small_losses(draw):
    units = {u: draw(st.integers(0, 2)) for u in ("legion", "heavy_infantry", "light_infantry",
                                                  "cavalry")}
    reduced = {u: draw(st.integers(0, 2)) for u in REDUCIBLE}
    walls = draw(st.sampled_from([None, ("city", 5), ("city", 4), ("town", 2)]))
    return units, reduced, walls, draw(st.integers(1, 20))


@settings(max_examples=150, deadline=None)
@given(small_losses())
def test_the_listed_allocations_are_exactly_those_the_rules_accept(case):
    """Every allocation of a small force, tried one by one against the refusals, gives the list."""
    import itertools

    from forge.engine.pax_romana.allocation import _problem, legal_allocations

    units, reduced, walls, loss = case
    session = Session(RULES, {})
    state = session.state
    defence = {"kind": walls[0], "walls": walls[1],
               "floor": {"city": 3, "town": 1}[walls[0]]} if walls else None
    battle = {"defender": {"power": "rome", "units": {u: n for u, n in units.items() if n},
                           "reduced": {u: n for u, n in reduced.items() if n}},
              "attacker": {"power": "x", "units": {}, "reduced": {}},
              "defence": defence, "loss": {"defender": loss, "attacker": 0}}
    choices = []
    for unit, count in battle["defender"]["units"].items():
        choices.append([("eliminate", unit, n) for n in range(count + 1)])
        if unit in REDUCIBLE:
            choices.append([("reduce", unit, n) for n in range(count + 1)])
    for unit, count in battle["defender"]["reduced"].items():
        choices.append([("eliminate_reduced", unit, n) for n in range(count + 1)])
    if defence:
        choices.append([("walls", None, n) for n in range(defence["walls"] + 1)])
    accepted = set()
    for combination in itertools.product(*choices):
        allocation = {"eliminate": {}, "reduce": {}, "eliminate_reduced": {}, "walls": 0}
        for key, unit, count in combination:
            if key == "walls":
                allocation["walls"] = count
            elif count:
                allocation[key][unit] = count
        if _problem(state, tables(), battle, "defender", allocation) is None:
            accepted.add(_key(allocation))
    listed = {_key(a) for a in legal_allocations(state, tables(), battle, "defender")}
    assert listed == accepted


def _key(allocation: dict) -> tuple:
    return tuple(tuple(sorted(allocation[k].items()))
                 for k in ("eliminate", "reduce", "eliminate_reduced")) + (allocation["walls"],)
