"""Choices the rules leave to a player in the middle of a fight (later IMPERIVM).

Galerius adds +1s to his combat value after the dice are rolled (R23); Constantius may stop an
army's advance before it attacks him (R24). When such a choice could matter, the engine stops
with `state["pending"]` set and waits for a `boost` or `block` action; `queue` holds the armies
still to advance when the choice arises in the barbarian phase (None in the Roman phase).
"""
from __future__ import annotations

from forge.engine.tetrarchia import combat, variants
from forge.engine.tetrarchia.state import Ctx


def offer_boost(ctx: Ctx, fight: dict, queue: list | None) -> bool:
    """Wait for Galerius's +1s when some could change the result; False if there is no choice."""
    state, t = ctx.state, ctx.t
    emperor = fight["emperor"]
    power = variants.power_of(state, t, emperor)
    if not power or power["id"] != "boost":
        return False
    most = combat.useful_boost(fight, variants.discs_for_powers(state, emperor))
    if most == 0:
        return False
    state["pending"] = {"kind": "boost", "emperor": emperor, "most": most, "fight": fight,
                        "queue": queue}
    ctx.emit("decide", decision="boost", emperor=emperor, most=most,
             roman=fight["roman"]["value"], barbarian=fight["barbarian"]["value"],
             rule="imperivm")
    return True


def offer_block(ctx: Ctx, army_at: str, to: str, queue: list) -> bool:
    """Wait for Constantius's choice to stop the army about to attack him, when he can."""
    state, t = ctx.state, ctx.t
    emperor = state["figures"][to]
    power = variants.power_of(state, t, emperor)
    if not power or power["id"] != "block" or variants.discs_for_powers(state, emperor) < 1:
        return False
    state["pending"] = {"kind": "block", "emperor": emperor, "army": army_at, "to": to,
                        "queue": queue}
    ctx.emit("decide", decision="block", emperor=emperor, army=army_at, to=to,
             rule="imperivm")
    return True
