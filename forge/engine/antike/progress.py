"""What lists and reports show of a game of ANTIKE: the resume list's line, the standings and
the rondel's costs for the civilization in turn."""
from __future__ import annotations

from forge.engine.antike.data import tables
from forge.engine.antike.evolution import production
from forge.engine.antike.payment import suggest
from forge.engine.antike.state import personality_count, space_at
from forge.engine.antike.turns import rondel_steps


def progress(state: dict) -> dict:
    """Turn, phase, whose turn (or the winner once it is over)."""
    turn = state.get("turn") or {}
    summary = {"phase": state.get("phase"), "turn": turn.get("number"), "civ": turn.get("civ"),
               "player": None}
    if turn.get("civ"):
        summary["player"] = state["civs"][turn["civ"]]["player"]
    if state.get("phase") == "over":
        summary["winner"] = state.get("winner")
    return summary


def standings(state: dict) -> list[dict]:
    """Civilizations by personalities, then cities; `place` shared by full ties."""
    rows = sorted(({"civ": civ, "player": book["player"],
                    "personalities": personality_count(book), "cities": len(book["cities"]),
                    "temples": sum(c["temple"] for c in book["cities"].values())}
                   for civ, book in state["civs"].items()),
                  key=lambda r: (-r["personalities"], -r["cities"]))
    place, previous = 0, None
    for index, row in enumerate(rows, 1):
        key = (row["personalities"], row["cities"])
        if key != previous:
            place, previous = index, key
        row["place"] = place
    return rows


def rondel_costs(state: dict) -> list[dict]:
    """For the civilization in turn: each space's steps, cost, whether it can pay and, for
    production, the yield."""
    turn = state.get("turn")
    if not turn:
        return []
    t = tables()
    book = state["civs"][turn["civ"]]
    rows = []
    for position in range(8):
        steps, cost = rondel_steps(state, book, position, t)
        space = space_at(state, position)
        row = {"position": position, "space": space, "steps": steps, "cost": cost,
               "affordable": suggest(book, {"any": cost}, t) is not None}
        if space in t.space_resource:
            row["yield"] = production(t, book, t.space_resource[space])
        rows.append(row)
    return rows
