"""The end of the game: Roma Victrix or the Empire lost, the 10-point score, EL GRANDE.

The game ends at once when all frontiers are protected (victory), when an army enters ROMA or
when a Revolt or Agitation disc is needed and the reserve has none (defeat). The 10-point score
is counted when the game ends (R13) and can be asked of any position with `score_of`.
"""
from __future__ import annotations

from forge.engine.tetrarchia.data import Tables, tables
from forge.engine.tetrarchia.state import (Ctx, GameOver, army_provinces,
                                           frontiers_protected)


def finish_game(ctx: Ctx, over: GameOver) -> None:
    """Record the end: outcome, score, EL GRANDE's rivalry; no action is legal afterwards."""
    state = ctx.state
    outcome = {"result": over.result, "reason": over.reason, **over.details,
               "score": score_of(state, ctx.t)}
    if over.result == "victory" and "el-grande" in state["variants"]:
        outcome["el_grande"] = el_grande(state, ctx.t)
    state.update(phase="over", pending=None, outcome=outcome)
    ctx.emit("end", **outcome)


# --- the 10-point score ---------------------------------------------------------------------------

def rebellion_cost(state: dict, t: Tables, region: str) -> int:
    """PI to subdue every disc of a region: Agitation and Revolt at their Subdue costs."""
    costs = {"agitation": t.costs["subdue_agitation"], "revolt": t.costs["subdue_revolt"]}
    discs = state["discs"]
    return sum(costs.get(discs.get(p), 0) for p in t.region_provinces[region])


def rebel_regions(state: dict, t: Tables) -> list[str]:
    """Regions in rebellion: subduing them would cost more than the limit (R7)."""
    regions = [r for r in t.region_provinces if t.region_provinces[r]]
    if not state["rulings"]["italia_can_rebel"]:
        regions = [r for r in regions if t.region_index[r]]
    return [r for r in regions if rebellion_cost(state, t, r) > t.rebellion_above]


def score_of(state: dict, t: Tables | None = None) -> dict:
    """The optional 10-point score of a position: each item with its count and points."""
    t = t or tables()
    protected = len(frontiers_protected(state, t))
    central = next(r for r in t.region_provinces if not t.region_index[r])
    counts = {
        "frontier_protected": protected,
        "italia_free": int(all(state["discs"].get(p) != "revolt"
                               for p in t.region_provinces[central])),
        "frontier_open": len(t.outer_regions) - protected,
        "army_on_board": len(army_provinces(state)),
        "rebellion": len(rebel_regions(state, t)),
    }
    items = [{"id": item["id"], "count": counts[item["id"]],
              "points": item["points"] * counts[item["id"]]} for item in t.score_items]
    return {"total": sum(i["points"] for i in items), "max": t.rules["score"]["max"],
            "items": items, "rebellions": rebel_regions(state, t)}


# --- EL GRANDE ------------------------------------------------------------------------------------

def glory_points(state: dict, t: Tables) -> dict[str, int]:
    """Each emperor's points: the frontiers holding his disc plus his glory discs."""
    discs = state["discs"]
    return {e: sum(1 for r in t.outer_regions if discs.get(t.frontier_of[r]) == e)
            + state["emperors"][e]["glory"] for e in t.emperors}


def side_of(t: Tables, emperor: str) -> str:
    """'east' or 'west': the half of the Empire his title names (game.yaml)."""
    title = next(e["title"] for e in t.game["emperors"] if e["id"] == emperor)
    return "east" if "East" in title else "west"


def el_grande(state: dict, t: Tables) -> dict:
    """Rivalry after a team victory: el Grande, Emperors of the East/West, the goals (R29)."""
    variant = t.variants["el-grande"]
    need = variant["supremacy"]
    points = glory_points(state, t)
    grande = next((e for e in t.emperors
                   if all(points[e] - points[o] >= need for o in t.emperors if o != e)), None)
    rulers = {} if grande else {e: side_of(t, e) for e in t.emperors
                                if points[e] - points[t.partner[e]] >= need}
    spread = max(points.values()) - min(points.values())
    result = {"points": points, "el_grande": grande, "rulers": rulers, "spread": spread,
              "mode": el_grande_mode(state), "tetrarchy_preserved": not grande and not rulers}
    if result["mode"] == "competitive":
        result["winners"] = _rivalry_winners(state, grande, rulers)
    elif state["players"] == 1 and state["edition"] == "later":
        result["bitter"] = spread > variant.get("solo_spread", 1)
    return result


def el_grande_mode(state: dict) -> str:
    """competitive (2 or 4 players by default) or cooperative (R29)."""
    mode = state["rulings"]["el_grande_mode"]
    if mode != "by_players":
        return mode
    return "competitive" if state["players"] in (2, 4) else "cooperative"


def _rivalry_winners(state: dict, grande: str | None, rulers: dict) -> list[int]:
    """Players who met their own goal: el Grande (2 players), or at least a half (4 players)."""
    control = state["control"]
    if state["players"] == 2:
        return sorted({p for p in control.get(grande, [])}) if grande else []
    leading = [grande] if grande else list(rulers)
    return sorted({p for e in leading for p in control[e]})
