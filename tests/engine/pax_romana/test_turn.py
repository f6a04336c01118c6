"""A whole game turn for four powers through the engine's actions: Turn I's activations with a
battle, attrition, victory and order of play, then Turn II from Income to Activation, every
action taken from or checked against the legal actions."""
from __future__ import annotations

from forge.engine.core import Session
from forge.engine.pax_romana import RULES, describe, standings

POWERS = ["rome", "carthage", "greece", "east"]


class English:
    lang = "en"

    def _(self, text):
        return text


def listed(session: Session, kind: str, **fields) -> dict:
    """The legal action of that type whose listed fields match, with the given fields filled."""
    for action in session.legal_actions():
        if action["type"] == kind and all(action.get(k, v) == v for k, v in fields.items()):
            return {**{k: v for k, v in action.items() if k != "open"}, **fields}
    raise AssertionError(f"{kind} {fields} is not legal now")


def test_a_whole_turn_for_four_powers():
    session = Session(RULES, {"treasury": {p: 10 for p in POWERS}}, seed=2026)
    assert session.state["phase"] == "activation"
    for power in POWERS:                      # the first round follows the order of play
        session.act(listed(session, "draw-marker"))
        assert session.state["bag"]["drawn"][-1] == power
        session.act(listed(session, "pay-activation", power=power))
        session.act(listed(session, "draw-card", power=power))
    session.act({"type": "battle",
                 "attacker": {"power": "greece",
                              "units": {"heavy_infantry": 5, "light_infantry": 6},
                              "leader": {"tactical": 2, "campaign": 4}},
                 "defender": {"power": "east", "units": {"heavy_infantry": 3,
                                                         "light_infantry": 2},
                              "leader": {"tactical": 1, "campaign": 5}}})
    while session.state["battle"]:
        session.act(session.legal_actions()[0])
    assert session.state["last"]["kind"] == "battle"
    while session.state["bag"]["markers"]:
        session.act(listed(session, "draw-marker"))
    session.act(listed(session, "next-phase"))
    assert session.state["phase"] == "attrition"
    session.act({"type": "attrition", "units": 4})
    session.act(listed(session, "next-phase"))
    session.act({"type": "victory", "gop": {"rome": 3, "carthage": 4, "greece": 5, "east": 5},
                 "cvp": {"rome": 7, "carthage": 5, "greece": 12, "east": 7}})
    order = session.state["order"]
    assert sorted(order) == sorted(POWERS) and order[-1] == "greece"
    session.act(listed(session, "next-phase"))
    session.act(listed(session, "next-phase"))
    assert (session.state["turn"], session.state["phase"]) == (2, "income")
    for power in POWERS:
        session.act({"type": "income", "power": power,
                     "provinces": [p["id"] for p in RULES.tables().power[power]["provinces"]]})
    session.act(listed(session, "next-phase"))
    for power in POWERS:
        session.act(listed(session, "upkeep", power=power))
    for _ in range(3):                        # elimination, leader selection, manpower
        session.act(listed(session, "next-phase"))
        if session.state["phase"] == "leader_selection":
            for power in POWERS:
                session.act(listed(session, "set-leaders", power=power,
                                   leaders=[{"tactical": 2, "campaign": 4}]))
    assert session.state["phase"] == "manpower"
    session.act(listed(session, "buy-objective", power="rome", objective="E"))
    session.act(listed(session, "next-phase"))
    assert session.state["phase"] == "activation"
    assert session.state["bag"]["drawn"] == [] and len(session.state["bag"]["markers"]) == 16
    assert session.state["bag"]["markers"].count(order[0]) == 4
    session.act(listed(session, "draw-marker"))
    assert session.state["bag"]["drawn"] == [order[0]]
    books = standings(session.state)
    assert [row["place"] for row in books] == [1, 2, 3, 4]
    assert all(row["leaders"] for row in books)
    for entry in session.entries:
        for event in entry["events"]:
            assert describe(event, English())
    again = Session.from_json(RULES, session.to_json())
    assert again.state == session.state
