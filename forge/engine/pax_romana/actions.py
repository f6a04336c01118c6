"""One action carried out: the dispatch from an action's type to its procedure."""
from __future__ import annotations

from forge.engine.core import N_
from forge.engine.pax_romana import (
    battle,
    cards,
    effects,
    forces,
    naval,
    procedures,
    reroll,
    supply,
    temporary,
    turns,
)
from forge.engine.pax_romana.refusal import IllegalAction
from forge.engine.pax_romana.state import Ctx

PROCEDURES = {
    "battle": battle.open_battle, "allocate": battle.allocate, "retreat": battle.retreat,
    "losses": battle.take_losses,
    "intercept": procedures.intercept, "allowance": procedures.allowance,
    "path": procedures.path, "retreat-before-battle": procedures.retreat_before_battle,
    "naval-disaster": procedures.naval_disaster, "continuity": procedures.continuity,
    "naval-battle": procedures.naval_battle, "pirates": procedures.pirates,
    "attrition": procedures.attrition, "sack": procedures.sack, "militia": procedures.militia,
    "income": procedures.income, "upkeep": procedures.upkeep, "victory": procedures.victory,
    "event": procedures.event, "rebellion": procedures.rebellion,
    "invasion": procedures.invasion,
    "punic-wars": procedures.punic_wars, "baghdad-loot": procedures.baghdad_loot, "harvest": procedures.harvest, "disease": procedures.disease,
    "recruit": procedures.recruit, "garrisons": procedures.garrisons,
    "control": procedures.control, "stranded": procedures.stranded,
    "naval-move": naval.naval_move, "naval-enter": naval.naval_enter,
    "naval-continuity": naval.naval_continuity, "naval-pick-up": naval.naval_pick_up,
    "naval-land": naval.naval_land, "naval-amphibious": naval.naval_amphibious,
    "naval-end": naval.naval_end,
    "naval-losses": naval.naval_losses, "communication": supply.communication,
    "draw-card": cards.draw_card, "play-card": cards.play_card,
    "draw-marker": turns.draw_marker, "pay-activation": turns.pay_activation,
    "set-leaders": turns.set_leaders, "buy-objective": turns.buy_objective,
    "next-phase": turns.next_phase, "adjust": turns.adjust,
    "resolve": effects.resolve, "force": forces.act,
    "add-temporary": temporary.add_temporary, "reroll": reroll.reroll,
}
BATTLE_STEPS = ("allocate", "retreat", "losses", "reroll")


def apply_action(ctx: Ctx, action: dict) -> None:
    """Carry one (well-formed) action out on ctx.state."""
    kind = action["type"]
    if ctx.state["phase"] == "over" and kind != "adjust":
        raise IllegalAction(N_("the game is over"))
    if ctx.state["battle"] and kind not in BATTLE_STEPS:
        raise IllegalAction(N_("a battle is being fought: finish it first"))
    cards.check_hand_limit(ctx.state, action)
    turn = ctx.state["turn"]
    PROCEDURES[kind](ctx, action)
    if kind == "next-phase":
        forces.turn_passes(ctx, turn)
