"""Random naval moves of Pax Romana walked through the legal actions, with random points and
dice: squadrons and carried land units never go below none, and what sets out plus what is
picked up is always what is aboard plus what was lost plus what landed (11.2-11.4).

No rule limits how many land units a fleet carries (11.31: land units need no galleys), so the
conservation is the whole check; the books never hold fewer than no galleys."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from forge.engine.core import IllegalAction, Session
from forge.engine.pax_romana import RULES

STEPS = ("naval-enter", "naval-continuity", "naval-pick-up", "naval-land", "naval-amphibious",
         "naval-end")


def point(draw) -> dict:
    kind = draw(st.sampled_from(["port", "transit", "high_seas"]))
    action = {"type": "naval-enter", "point": kind}
    for flag in ("home", "friendly", "enemy", "enemy_land") if kind == "port" else ():
        action[flag] = draw(st.booleans())
    if draw(st.integers(0, 3)) == 0:
        action["enemy_fleet"] = {"power": "carthage", "squadrons": draw(st.integers(0, 4)),
                                 "leader": draw(st.booleans()),
                                 "retreats": draw(st.booleans())}
    if kind != "high_seas" and draw(st.integers(0, 5)) == 0:
        action["pirates"] = True
    return action


def fill(draw, action: dict) -> dict:
    """A listed naval action with its open fields drawn."""
    kind = action["type"]
    done = {k: v for k, v in action.items() if k != "open"}
    if kind == "naval-enter":
        return point(draw)
    if kind == "naval-pick-up":
        units = draw(st.integers(0, 2))
        done.update(squadrons=draw(st.integers(0, 2)), land_units=units,
                    land_bp=units * draw(st.integers(1, 4)))
    if kind == "naval-land" and not done.get("attack") and draw(st.booleans()):
        done.update(land_units=1, land_bp=draw(st.integers(0, 4)))
    if kind == "naval-amphibious":
        done["lost_bp"] = draw(st.integers(0, 6))
    return done


def aboard(naval: dict) -> tuple[int, int, int]:
    return naval["squadrons"], naval["land"]["units"], naval["land"]["bp"]


def check(naval: dict, start: dict) -> None:
    squadrons, units, bp = aboard(naval)
    assert min(squadrons, units, bp) >= 0, naval
    assert start["squadrons"] + naval["picked"]["squadrons"] == \
        squadrons + naval["lost"]["squadrons"], naval
    assert start["land_bp"] + naval["picked"]["land_bp"] == \
        bp + naval["lost"]["land_bp"] + naval["landed"]["bp"], naval
    assert start["land_units"] + naval["picked"]["land_units"] == \
        units + naval["lost"]["land_units"] + naval["landed"]["units"], naval


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_naval_move_never_loses_or_makes_units(data):
    draw = data.draw
    units = draw(st.integers(0, 3))
    start = {"type": "naval-move", "power": "rome", "squadrons": draw(st.integers(0, 4)),
             "leader": draw(st.booleans()), "campaign": draw(st.integers(0, 4)),
             "land_units": units, "land_bp": units * draw(st.integers(1, 4)),
             "mp": draw(st.integers(3, 12))}
    if not start["squadrons"] and not units:
        start["squadrons"] = 1
    session = Session(RULES, {"treasury": {"rome": 20}}, seed=draw(st.integers(0, 10_000)))
    session.state["powers"]["rome"]["galleys"] = start["squadrons"]
    session.act(start)
    for _ in range(12):
        naval = session.state.get("naval")
        if not naval:
            break
        choices = [a for a in session.legal_actions() if a["type"] in STEPS]
        assert choices, naval
        action = fill(draw, draw(st.sampled_from(choices)))
        try:
            session.act(action)
        except IllegalAction:
            continue
        after = session.state.get("naval") or session.state["last"]
        check(after, start)
        assert session.state["powers"]["rome"]["galleys"] >= 0
