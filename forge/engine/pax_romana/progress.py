"""What screens and reports show of a game: the resume line, each power's books and the forces
on the map."""
from __future__ import annotations

from forge.engine.pax_romana import arithmetic
from forge.engine.pax_romana.data import tables
from forge.engine.pax_romana.state import band_of


def progress(state: dict) -> dict:
    """What a list of saved games shows of a game in progress."""
    return {"turn": state["turn"], "phase": state["phase"],
            "leader": standings(state)[0]["power"] if state["powers"] else None}


def standings(state: dict) -> list[dict]:
    """Each power's books, most VP first: treasury, stability and band, VP, GOP, CvP, the
    Maximum Manpower, units, leaders, the Elite leaders' box, cards, objectives and temporary
    units."""
    t = tables()
    rows = []
    for power, book in state["powers"].items():
        band = band_of(state, t, power)
        rows.append({"power": power, "player": book["player"], "vp": book["vp"],
                     "vp_turn": book["vp_turn"], "treasury": book["treasury"],
                     "stability": book["stability"], "band": band, "gop": book["gop"],
                     "cvp": book["cvp"], "heavy": book["heavy"],
                     "max_manpower": arithmetic.max_manpower(t, power, band),
                     "galleys": book["galleys"], "leaders": book["leaders"],
                     "elite_box": book.get("elite_box") or [], "cards": book["cards"], "objectives": book["objectives"],
                     "temporary": book["temporary"]})
    rows.sort(key=lambda r: -r["vp"])
    for place, row in enumerate(rows, 1):
        row["place"] = place
    return rows


def books(state: dict) -> dict:
    """The `books` report: each power's books (standings) and the forces on the map (the
    Soldier of Fortune, invaders, rebels, Pontus, Pergamum, Rhodes, the slave army)."""
    return {"powers": standings(state), "forces": state.get("forces") or []}
