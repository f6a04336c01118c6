"""The legal actions: during a battle its choices (the re-roll, every split of the net shifts,
the retreat choices, every legal loss allocation); with a hand over its limit the holder's
cards to play or discard; otherwise the phase's procedures with their fields open, the waiting
event's `resolve` with the facts it asks, and what each force on the map may do."""
from __future__ import annotations

from forge.engine.pax_romana import battle, effects, forces, naval
from forge.engine.pax_romana.cards import hand_limit_choices
from forge.engine.pax_romana.data import tables
from forge.engine.pax_romana.turns import fixed_marker

ANY_TIME = ("battle", "intercept", "allowance", "path", "retreat-before-battle",
            "naval-disaster", "continuity", "naval-battle", "pirates", "attrition", "sack",
            "event", "punic-wars", "rebellion", "invasion", "harvest", "disease", "garrisons", "control",
            "stranded", "communication")
PHASE_ACTIONS = {"income": ("income",), "upkeep": ("upkeep",),
                 "leader_selection": ("set-leaders",), "manpower": ("buy-objective", "recruit"),
                 "activation": ("pay-activation", "militia", "recruit"), "victory": ()}


def legal_actions(state: dict) -> list[dict]:
    """Every action allowed now (fields the players fill are listed in `open`)."""
    t = tables()
    if state["phase"] == "over":
        return []
    if state["battle"]:
        return battle.legal(state, t)
    if state.get("hand_limit"):
        return hand_limit_choices(state)
    actions: list[dict] = []
    for kind in PHASE_ACTIONS.get(state["phase"], ()):
        for power in state["powers"]:
            actions.append({"type": kind, "power": power, "open": _open(kind)})
    if state["phase"] == "victory":
        actions.append({"type": "victory", "open": ["gop", "cvp"]})
    if state["phase"] == "activation" and state.get("deck"):
        for power, book in state["powers"].items():
            actions.append({"type": "draw-card", "power": power, "open": ["card"]})
            actions.extend({"type": "play-card", "power": power, "card": card}
                           for card in sorted(set(book["cards"])))
    if state["phase"] == "activation" and state["bag"]["markers"]:
        fixed = fixed_marker(t, state)
        actions.append({"type": "draw-marker", **({"marker": fixed} if fixed else {})})
    actions.extend({"type": kind, "open": _open(kind)} for kind in ANY_TIME)
    actions.extend({"type": "add-temporary", "power": power, "open": _open("add-temporary")}
                   for power in state["powers"])
    actions.extend({"type": "baghdad-loot", "power": power} for power in state["powers"])
    actions.extend(naval.legal(state))
    actions.extend(_resolve(state, t))
    actions.extend(_force_steps(state, t))
    actions.append({"type": "next-phase"})
    return actions


def _resolve(state: dict, t) -> list[dict]:
    """Applying the waiting event: the facts it asks (`asks`), the power when none is named."""
    pending = state.get("pending")
    if not pending:
        return []
    named = {"power": pending["power"]} if pending.get("power") else {}
    return [{"type": "resolve", **named, "asks": effects.questions(state, t),
             "open": ["facts"] + ([] if named else ["power"])}]


def _force_steps(state: dict, t) -> list[dict]:
    """What each force on the map may do: act (when it has its own activation), lose units,
    cost a power stability near its capital (barbarian armies), leave; Rhodes occupied in the
    Standard Game."""
    actions: list[dict] = []
    for entry in state.get("forces") or []:
        rule = forces.behaviour(t, entry["role"])
        step = {"type": "force", "force": entry["id"]}
        if rule.get("activation"):
            grows = rule["activation"]["kind"] == "grow_and_move"
            actions.append({**step, "step": "activate", **({"open": ["power"]} if grows else {})})
        actions.append({**step, "step": "losses", "open": ["units"]})
        if rule.get("barbarian_army"):
            hit = entry.get("near_capital", [])
            actions.extend({**step, "step": "near_capital", "power": power}
                           for power in state["powers"] if power not in hit)
        actions.append({**step, "step": "remove"})
    if state["game"] != "advanced":
        actions.extend({"type": "force", "force": f["id"], "step": "occupy", "open": ["power"]}
                       for f in t.forces["forces"] if f.get("moved_by") == "occupier")
    return actions


def _open(kind: str) -> list[str]:
    from forge.engine.pax_romana.schemas import ACTIONS

    return sorted(f for f in ACTIONS[kind].fields if f not in ("type", "power"))
