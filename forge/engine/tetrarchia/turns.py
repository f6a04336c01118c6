"""The turn sequence: each emperor's Roman phase, then the barbarian phase, then the next.

A round is one turn of each emperor in turn order (rules.yaml `turn_order`). The barbarian
phase is played after every Roman phase (R6), and may stop for a player's choice (decisions.py);
`resume_advance` carries it on afterwards.
"""
from __future__ import annotations

from forge.engine.tetrarchia import barbarian
from forge.engine.tetrarchia.state import Ctx


def start_turn(ctx: Ctx, emperor: str) -> None:
    """An emperor's turn begins: his PI (PATRES PATRIAE may change them), his Roman phase."""
    state = ctx.state
    pi = ctx.t.action_points + state["this_round"]["pi_next"].pop(emperor, 0)
    state.update(turn=emperor, phase="roman", pi=pi, pending=None)
    state["this_turn"] = {"allowance": pi, "powers": [], "discs_out": 0}
    ctx.emit("turn", emperor=emperor, round=state["round"], pi=pi)


def next_turn(ctx: Ctx) -> None:
    """The next emperor in turn order plays; after the last one a new round starts."""
    state, order = ctx.state, ctx.t.emperors
    index = order.index(state["turn"]) + 1
    if index == len(order):
        state["round"] += 1
        state["this_round"] = {"transfers": [], "pi_next": {}}
    start_turn(ctx, order[index % len(order)])


def end_roman_phase(ctx: Ctx) -> None:
    """The Roman phase is over (unspent PI are lost, R12): play the barbarian phase."""
    state = ctx.state
    state["phase"], state["pi"] = "barbarian", 0
    if barbarian.play_phase(ctx):
        next_turn(ctx)


def after_lost_attack(ctx: Ctx) -> None:
    """A lost attack ends the Roman phase (R6); the barbarian phase waits for `end_turn`.

    With the ruling option lost_attack_ends = turn the whole turn ends at once.
    """
    state = ctx.state
    if state["rulings"]["lost_attack_ends"] == "turn":
        state["phase"], state["pi"] = "barbarian", 0
        next_turn(ctx)
        return
    state["phase"], state["pi"] = "barbarian", 0
    ctx.emit("phase", phase="roman_over", emperor=state["turn"])


def play_waiting_phase(ctx: Ctx) -> None:
    """`end_turn` after a lost attack: the barbarian phase, then the next turn."""
    if barbarian.play_phase(ctx):
        next_turn(ctx)


def resume_advance(ctx: Ctx, queue: list[str]) -> None:
    """Carry on the barbarian advance after a player's choice, then the next turn."""
    if barbarian.advance(ctx, queue):
        next_turn(ctx)
