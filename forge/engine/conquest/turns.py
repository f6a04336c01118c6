"""Rounds and turns: each player in turn order takes his actions, one card pick per round."""
from __future__ import annotations

from forge.engine.conquest.state import Ctx, check_player
from forge.engine.core import N_
from forge.engine.conquest.refusal import IllegalAction


def start_turn(ctx: Ctx, index: int) -> None:
    state = ctx.state
    state["turn"] = {"index": index, "actions_left": ctx.t.actions_per_round,
                     "card_picks_left": ctx.t.card_picks_per_round, "played": []}
    ctx.emit("turn", player=state["order"][index], round=state["round"],
             season=state["season"])


def check_turn(ctx: Ctx, action: dict) -> str:
    """The acting player, who must be the one whose turn it is, with an action left."""
    state = ctx.state
    if state["phase"] != "actions":
        raise IllegalAction(N_("actions are taken in the action rounds, not now"))
    player = check_player(state, action.get("player"))
    due = state["order"][state["turn"]["index"]]
    if player != due:
        raise IllegalAction(N_("it is {due}'s turn, not {player}'s"), due=due, player=player)
    if state["battle"] is not None or state["senate"] is not None:
        raise IllegalAction(N_("finish the battle or the senate vote first"))
    if state["turn"]["actions_left"] <= 0:
        raise IllegalAction(N_("{player} has no action left this round"), player=player)
    return player


def spend_action(ctx: Ctx, player: str, what: str) -> None:
    turn = ctx.state["turn"]
    turn["actions_left"] -= 1
    ctx.emit("action", player=player, what=what, left=turn["actions_left"])


def advance(ctx: Ctx) -> None:
    """After an action: the next player, the next round, or the end of the rounds."""
    state = ctx.state
    turn = state["turn"]
    if turn["actions_left"] > 0 or state["battle"] is not None or state.get("withdrawal"):
        return
    state["last_player"] = state["order"][turn["index"]]
    if turn["index"] + 1 < len(state["order"]):
        start_turn(ctx, turn["index"] + 1)
        return
    if state["round"] < ctx.t.rounds:
        state["round"] += 1
        ctx.emit("round", round=state["round"], season=state["season"])
        start_turn(ctx, 0)
        return
    state["phase"] = "season-end"
    state["turn"] = None
    ctx.emit("rounds-over", season=state["season"])
