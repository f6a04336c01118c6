"""Games of CONQUEST OF THE EMPIRE II brought to their first round through the engine, as a table
does: every starting unit on the board before the first round's actions (ruling R32)."""
from __future__ import annotations


def place_starting_units(session, where: dict[str, str] | None = None) -> None:
    """Each player who holds influence sets his starting units still off the board: the land
    units in `where[player]` (else the first province with his influence the engine lists), the
    galley in the sea beside that province (with a map: the first sea the engine lists next to
    his provinces)."""
    from forge.engine.conquest.state import still_to_place

    where = where or {}
    while waiting := still_to_place(session.state):
        player = waiting[0]
        step = next(a for a in session.legal_actions()
                    if a["type"] == "place" and a["player"] == player)
        province = where.get(player, step["choices"][0])
        sea = f"sea-by-{province}"
        if sea not in step["seas"]:
            sea = step["seas"][0]
        land = {u: n for u, n in step["unplaced"].items() if n and u != "galley"}
        galley = {u: n for u, n in step["unplaced"].items() if n and u == "galley"}
        for place, units in ((province, land), (sea, galley)):
            if units:
                session.act({"type": "place", "player": player, "where": place,
                             "units": units})
