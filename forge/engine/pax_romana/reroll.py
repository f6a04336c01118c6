"""The optional re-roll of a land battle (10.55; combat.yaml `reroll`, options.yaml `reroll`).

When the larger force has at least twice the smaller's battle points and rolled lower
(unmodified), the battle stops at its `reroll` step before the shifts are allocated. The larger
side may try: 2d6 at most its leader's Tactical plus Campaign, and it re-rolls its own die (-1)
or makes the other re-roll (+1), an Elite leader's +1 in its favour (P55). When that try fails
the smaller side may try too: 2d6 - 2 at most its own leader's total, and it re-rolls either die
unmodified. Not in naval battles (11.48).
"""
from __future__ import annotations

from forge.engine.core import N_
from forge.engine.pax_romana.refusal import IllegalAction
from forge.engine.pax_romana.state import Ctx, reading

CHOICES = ("own", "enemy", "none")


def other(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


def offered(state: dict, t, battle: dict) -> bool:
    """Whether the larger force may ask for a re-roll in this battle (10.55)."""
    rule = t.combat["reroll"]
    larger = battle["ratio"]["side"]
    if not state["optional"].get("reroll") or larger is None:
        return False
    if battle["ratio"]["larger"] < rule["needs_ratio_at_least"] * battle["ratio"]["smaller"]:
        return False
    return not (rule["needs_larger_rolled_lower"]
                and battle[larger]["roll"] >= battle[other(larger)]["roll"])


def open_step(battle: dict) -> None:
    """The battle waits for the larger side's choice."""
    larger = battle["ratio"]["side"]
    battle["stage"] = "reroll"
    battle["reroll"] = {"larger": larger, "by": larger, "attempts": []}


def reroll(ctx: Ctx, action: dict) -> None:
    """A side tries for a re-roll of one battle die, or lets it be (10.55)."""
    from forge.engine.pax_romana.battle import battle_at, to_allocation

    battle = battle_at(ctx.state, "reroll")
    step = battle["reroll"]
    side, choice = action["side"], action["choice"]
    if side != step["by"]:
        raise IllegalAction(N_("the {side} may not ask for a re-roll now"), side=side)
    if choice == "none":
        ctx.emit("reroll-declined", side=side, power=battle[side]["power"])
        to_allocation(ctx, battle)
        return
    success = _attempt(ctx, battle, side)
    if success:
        _reroll_die(ctx, battle, side, choice)
    if success or side != step["larger"]:
        to_allocation(ctx, battle)
    else:
        step["by"] = other(side)


def _attempt(ctx: Ctx, battle: dict, side: str) -> bool:
    """2d6 (the smaller side's less 2) at most the leader's Tactical plus Campaign."""
    t = ctx.t
    rule = t.combat["reroll"]
    larger = side == battle["reroll"]["larger"]
    part = rule["larger"] if larger else rule["smaller_after_failure"]
    leader = battle[side]["leader"] or t.units["leaders"]["no_leader"]
    needed = leader["tactical"] + leader["campaign"]
    if larger and leader.get("elite") and reading(ctx.state, "reroll_elite") == "attempt":
        needed += part["elite_drm"]
    dice = ctx.dice_total(2, f"re-roll attempt of the {side}")
    total = sum(dice) + part.get("drm", 0)
    success = total <= needed
    battle["reroll"]["attempts"].append({"side": side, "dice": dice, "total": total,
                                         "needed": needed, "success": success})
    ctx.emit("reroll-attempt", side=side, power=battle[side]["power"], dice=dice, total=total,
             needed=needed, success=success)
    return success


def _reroll_die(ctx: Ctx, battle: dict, side: str, choice: str) -> None:
    """The chosen die rolled again, with the re-roll's modifier for the larger side."""
    rule = ctx.t.combat["reroll"]
    rolled_side = side if choice == "own" else other(side)
    drm = rule["smaller_after_failure"]["reroll_drm"]
    if side == battle["reroll"]["larger"]:
        part = rule["larger"]
        drm = part["own_reroll_drm"] if choice == "own" else part["enemy_reroll_drm"]
        leader = battle[side]["leader"] or {}
        if leader.get("elite") and reading(ctx.state, "reroll_elite") == "favour":
            drm += part["elite_drm"] if choice == "own" else -part["elite_drm"]
    die = ctx.d6(f"re-roll of the {rolled_side}")
    before = battle[rolled_side]["roll"]
    battle[rolled_side]["roll"] = max(0, die + drm)
    battle["reroll"]["rerolled"] = {"side": rolled_side, "die": die, "drm": drm,
                                    "before": before, "roll": battle[rolled_side]["roll"]}
    ctx.emit("battle-reroll", side=rolled_side, power=battle[rolled_side]["power"], die=die,
             drm=drm, before=before, roll=battle[rolled_side]["roll"])


def legal(battle: dict) -> list[dict]:
    """The choices of the side whose re-roll it is."""
    side = battle["reroll"]["by"]
    return [{"type": "reroll", "side": side, "choice": choice} for choice in CHOICES]

