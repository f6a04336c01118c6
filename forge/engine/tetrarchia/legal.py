"""Every action allowed now, each with its `cost` in PI (and `discs`/`gain` where they apply).

The same list drives the app's buttons, the bots and the tests; every listed action applies
without error. Actions come in a stable order: enter, moves, moves of others, sail, protect,
subdue, attack, IMPERIVM, transfer, end_turn.
"""
from __future__ import annotations

from forge.engine.core import IllegalAction
from forge.engine.tetrarchia import roman, variants
from forge.engine.tetrarchia.data import Tables, tables

END_TURN = {"type": "end_turn", "cost": 0}


def legal_actions(state: dict) -> list[dict]:
    """The legal actions of a state."""
    t = tables()
    if state["phase"] == "over":
        return []
    if state["pending"] is not None:
        return decision_actions(state)
    if state["phase"] == "barbarian":
        return [dict(END_TURN)]
    emperor = state["turn"]
    record = state["emperors"][emperor]
    if record["at"] is None:
        places = roman.entry_points(state, t, emperor)
        if places:
            return [{"type": "enter", "province": p, "cost": 0} for p in places]
        return transfer_actions(state, t) + [dict(END_TURN)]
    if record["passing"]:
        return move_actions(state, t, emperor)
    return (move_actions(state, t, emperor) + others_moves(state, t) + sail_actions(state, t)
            + disc_actions(state, t, emperor) + attack_actions(state, t, emperor)
            + power_actions(state, t, emperor) + transfer_actions(state, t) + [dict(END_TURN)])


def move_actions(state: dict, t: Tables, emperor: str, other: bool = False) -> list[dict]:
    """Moves of `emperor` by link and by fleet that the PI allow."""
    at, pi, figures = state["emperors"][emperor]["at"], state["pi"], state["figures"]
    ways = [(b, "link", None) for b in t.neighbours[at]]
    ways += [(b, "fleet", sea) for b, sea in roman.fleet_destinations(state, t, at).items()]
    found = []
    for to, by, sea in ways:
        figure = figures.get(to)
        if figure == "army" or (figure and other):
            continue
        cost = roman.step_cost(state, t, at, to, by)
        if cost > pi or (figure and not roman.can_leave(state, t, emperor, to, pi - cost)):
            continue
        action = {"type": "move", "to": to, "by": by, "cost": cost}
        if sea:
            action["sea"] = sea
        found.append(action)
    return found


def others_moves(state: dict, t: Tables) -> list[dict]:
    """Diocletian's IMPERIVM: moves of the other emperors, paid with his PI."""
    power = variants.power_of(state, t, state["turn"])
    if not power or power["id"] != "move_others":
        return []
    per_turn = state["rulings"]["imperivm_diocletian_disc"] == "per_turn"
    due = 0 if per_turn and "move_others" in state["this_turn"]["powers"] else 1
    found = []
    for emperor in t.emperors:
        if emperor == state["turn"] or variants.move_others_problem(state, t, emperor):
            continue
        for action in move_actions(state, t, emperor, other=True):
            found.append({**action, "emperor": emperor, "discs": due})
    return found


def sail_actions(state: dict, t: Tables) -> list[dict]:
    """Each fleet to each neighbouring zone, if a PI is left."""
    cost = t.costs["sail"]
    if state["pi"] < cost:
        return []
    zones = [s for s in t.seas if s in state["fleets"]]
    return [{"type": "sail", "fleet": z, "to": n, "cost": cost} for z in zones
            for n in t.sea_next[z]]


def disc_actions(state: dict, t: Tables, emperor: str) -> list[dict]:
    """Protect and the three forms of Subdue, where possible and affordable."""
    found = []
    try:
        cost = roman.protect_cost(state, t, emperor)
        if cost <= state["pi"]:
            found.append({"type": "protect", "cost": cost})
    except IllegalAction:
        pass
    for what in roman.SUBDUE:
        try:
            cost = roman.subdue_cost(state, t, emperor, what)
        except IllegalAction:
            continue
        if cost <= state["pi"]:
            found.append({"type": "subdue", "what": what, "cost": cost})
    return found


def attack_actions(state: dict, t: Tables, emperor: str) -> list[dict]:
    """Attacks on the armies in linked provinces that the PI allow."""
    at = state["emperors"][emperor]["at"]
    found = []
    for target in t.neighbours[at]:
        if state["figures"].get(target) == "army":
            cost = roman.step_cost(state, t, at, target, "link")
            if cost <= state["pi"]:
                found.append({"type": "attack", "target": target, "cost": cost})
    return found


def power_actions(state: dict, t: Tables, emperor: str) -> list[dict]:
    """IMPERIVM uses that stand alone: Maximian's 7 PI (later), extra PI (earlier)."""
    power = variants.power_of(state, t, emperor)
    if not power or variants.discs_for_powers(state, emperor) < 1:
        return []
    if power["id"] == "more_pi" and "more_pi" not in state["this_turn"]["powers"]:
        extra = variants.more_pi_now(state, t, emperor, power)
        if extra > 0:
            return [{"type": "imperium", "power": "more_pi", "cost": 0, "discs": 1,
                     "gain": extra}]
    if power["id"] == "extra_pi":
        return [{"type": "imperium", "power": "extra_pi", "count": 1, "cost": 0, "discs": 1,
                 "gain": power["pi"]}]
    return []


def transfer_actions(state: dict, t: Tables) -> list[dict]:
    """The PATRES PATRIAE transfer open to the current emperor."""
    found = variants.open_transfer(state, t)
    if found is None:
        return []
    _, spec = found
    giving = spec["from"] == state["turn"]
    action = {"type": "transfer", "from": spec["from"], "to": spec["to"],
              "cost": spec["pi"] if giving else 0}
    if not giving:
        action["gain"] = spec["pi"]
    return [action]


def decision_actions(state: dict) -> list[dict]:
    """The answers to the pending choice."""
    pending = state["pending"]
    if pending["kind"] == "boost":
        return [{"type": "boost", "times": n, "cost": 0, "discs": n}
                for n in range(pending["most"] + 1)]
    return [{"type": "block", "use": True, "cost": 0, "discs": 1},
            {"type": "block", "use": False, "cost": 0}]
