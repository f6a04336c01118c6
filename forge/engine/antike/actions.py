"""Hand an action to the procedure that carries it out, once the game allows actions."""
from __future__ import annotations

from forge.engine.antike import board, evolution, military, setup, table, turns
from forge.engine.antike.refusal import IllegalAction
from forge.engine.antike.state import Ctx
from forge.engine.core import N_

HANDLERS = {
    "start-cities": setup.start_cities,
    "take-resource": turns.take_resource, "rondel": turns.rondel, "end-turn": turns.end_turn,
    "build-temples": evolution.build_temples, "arm": evolution.arm,
    "buy-progress": evolution.buy_progress,
    "move": military.move, "battle": military.battle, "conquer": military.conquer,
    "end-maneuver": military.end_maneuver, "found-city": military.found_city,
    "set-seas": table.set_seas, "set-rondel-order": table.set_rondel_order,
    "set-bank": table.set_bank, "adjust": table.adjust,
}


def apply_action(ctx: Ctx, action: dict) -> None:
    """Carry one action out (its shape was checked at the door); a refusal names the map's
    provinces by their printed names."""
    if ctx.state["phase"] == "over":
        raise IllegalAction(N_("the game is over"))
    try:
        HANDLERS[action["type"]](ctx, action)
    except IllegalAction as err:
        raise board.printed_refusal(ctx.state, err) from None
