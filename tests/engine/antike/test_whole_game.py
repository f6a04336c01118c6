"""A whole 3-civilization game of ANTIKE played to a victory through the engine's own legal
actions, by a plain greedy policy: the game can end, and it ends as the rules say."""
from __future__ import annotations

import itertools

from forge.engine.antike import RULES, describe, standings
from forge.engine.antike.data import RESOURCES
from forge.engine.core import Session

CITIES = {"greeks": {"athens": "marble", "sparta": "iron", "corinth": "gold"},
          "romans": {"roma": "marble", "capua": "iron", "ostia": "gold"},
          "germans": {"colonia": "marble", "noricum": "iron", "treveri": "gold"}}
# the spaces a civilization cycles through: produce, then spend
PLAN = ["gold", "knowledge", "marble", "temple", "iron", "arming", "maneuver"]


class English:
    lang = "en"

    def _(self, text):
        return text


def choose(session: Session, fresh) -> dict:
    """The greedy choice among the legal actions."""
    state = session.state
    legal = [a for a in session.legal_actions()
             if a["type"] not in ("set-seas", "adjust", "set-rondel-order", "set-bank")]
    by_type = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    civ = state["turn"]["civ"]
    book = state["civs"][civ]
    if "take-resource" in by_type:
        return by_type["take-resource"][0]
    if "rondel" in by_type:
        here = (None if book["rondel"] is None
                else state["settings"]["rondel"][book["rondel"]])
        return rondel_choice(by_type["rondel"], book, here)
    for kind in ("conquer", "buy-progress"):
        if kind in by_type:
            return strip(by_type[kind][0])
    if "build-temples" in by_type:
        return strip(by_type["build-temples"][0])
    if "arm" in by_type:
        offer = by_type["arm"][0]
        legions = min(offer["max"], book["supply"]["legion"])
        units = {offer["choices"][0]: {"legion": legions, "galley": offer["max"] - legions}}
        return {**strip(offer), "units": units, "pay": None}
    if "move" in by_type:
        offer = by_type["move"][0]
        unit = "legion" if offer["units"]["legion"] else "galley"
        return {**strip(offer), "to": next(fresh), "border": "mixed",
                "units": {unit: 1}}
    if "end-maneuver" in by_type:
        return by_type["end-maneuver"][0]
    if "found-city" in by_type:
        offer = by_type["found-city"][0]
        return {**strip(offer), "resource": RESOURCES[len(book["cities"]) % 3]}
    return by_type["end-turn"][0]


def rondel_choice(offers: list[dict], book: dict, here: str | None) -> dict:
    """The next space of the plan after the current one that is free to reach and worth
    taking, else the cheapest."""
    free = [o for o in offers if o["cost"]["any"] == 0]
    start = PLAN.index(here) + 1 if here in PLAN else 0
    for name in PLAN[start:] + PLAN[:start]:
        wanted = [o for o in free if o["name"] == name and worth(name, book)]
        if wanted:
            return strip(wanted[0])
    return strip(min(offers, key=lambda o: o["cost"]["any"]))


def worth(space: str, book: dict) -> bool:
    money = book["coins"]
    if space == "knowledge":
        return book["resources"]["gold"] + money >= 3
    if space == "temple":
        return book["resources"]["marble"] + money >= 5
    if space == "arming":
        return book["resources"]["iron"] + money >= 1
    if space == "maneuver":
        return bool(book["units"])
    return True


def strip(action: dict) -> dict:
    return {k: v for k, v in action.items() if k != "open"}


def test_a_whole_game_is_played_to_a_victory():
    session = Session(RULES, {"players": ["ana", "ben", "cai"], "start_cities": CITIES})
    fresh = (f"land-{n}" for n in itertools.count())
    for _ in range(20_000):
        if session.state["phase"] == "over":
            break
        outcome = session.act(choose(session, fresh))
        assert all(describe(e, English()) for e in outcome.events)
    state = session.state
    assert state["phase"] == "over", standings(state)
    winner = state["winner"]
    held = sum(len(cards) for cards in state["civs"][winner]["personalities"].values())
    assert held >= 10 and state["result"] == {"winner": winner, "personalities": held,
                                              "deadlock": False}
    assert standings(state)[0]["civ"] == winner
    assert session.legal_actions() == []
    again = Session.from_json(RULES, session.to_json())
    assert again.state == state
