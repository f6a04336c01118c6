"""The turn: the coin from the bank, the rondel move and its cost, and the end of the turn with
its personalities and the victory check (rulebook: desarrollo del juego, personalidades
antiguas, final de la partida)."""
from __future__ import annotations

from forge.engine.antike.payment import pay_cost
from forge.engine.antike.refusal import IllegalAction
from forge.engine.antike.state import (Ctx, check_turn, personality_count, space_at)
from forge.engine.core import N_


def begin_turn(ctx: Ctx, civ: str, number: int) -> None:
    """A civilization's turn begins: it takes a coin, or chooses a resource when they are out."""
    state = ctx.state
    state["turn"] = {"civ": civ, "number": number, "coin": None, "space": None, "done": False,
                     "maneuver": None, "founded": []}
    ctx.emit("turn", civ=civ, player=state["civs"][civ]["player"], number=number)
    coins = state["bank"]["coins"]
    if coins is None or coins > 0:
        if coins is not None:
            state["bank"]["coins"] = coins - 1
        ctx.civ(civ)["coins"] += 1
        state["turn"]["coin"] = "coin"
        ctx.emit("coin", civ=civ, resource="coin")


def take_resource(ctx: Ctx, action: dict) -> None:
    """A resource of the civilization's choice in place of the coin, when the bank has none."""
    turn = check_turn(ctx.state, action["civ"])
    if turn["coin"] is not None:
        raise IllegalAction(N_("{civ}: the coin of this turn is already taken"), civ=turn["civ"])
    resource = action["resource"]
    ctx.civ(turn["civ"])["resources"][resource] += 1
    turn["coin"] = resource
    ctx.emit("coin", civ=turn["civ"], resource=resource)


def check_coin_taken(turn: dict) -> None:
    if turn["coin"] is None:
        raise IllegalAction(N_("the bank has no coins: {civ} first takes a resource in their "
                               "place ('take-resource')"), civ=turn["civ"])


def rondel_steps(state: dict, book: dict, position: int, t) -> tuple[int, int]:
    """(steps, cost) of moving a civilization's marker to `position`: the first move is free,
    1-3 steps are free, each further step costs one resource, a full turn the repeat cost."""
    if book["rondel"] is None:
        return 0, 0
    steps = (position - book["rondel"]) % 8 or 8
    if steps == 8:
        return steps, state["settings"]["repeat_cost"]
    return steps, max(0, steps - t.free_steps) * t.step_cost


def rondel(ctx: Ctx, action: dict) -> None:
    """Move the marker to a space, paying for the steps beyond the free ones; a production
    space produces at once, the others open their action."""
    from forge.engine.antike import evolution, military

    state = ctx.state
    turn = check_turn(state, action["civ"])
    check_coin_taken(turn)
    civ = turn["civ"]
    if turn["space"] is not None:
        raise IllegalAction(N_("{civ}: the rondel move of this turn is already made"), civ=civ)
    book = ctx.civ(civ)
    position = action["space"]
    steps, cost = rondel_steps(state, book, position, ctx.t)
    pay_cost(ctx, civ, {"any": cost}, action.get("pay"), "rondel")
    book["rondel"] = position
    turn["space"] = position
    space = space_at(state, position)
    ctx.emit("rondel", civ=civ, space=space, position=position, steps=steps, cost=cost)
    kind = ctx.t.space_kind[space]
    if kind == "production":
        evolution.produce(ctx, civ, ctx.t.space_resource[space])
        turn["done"] = True
    elif kind == "military":
        military.open_maneuver(ctx, civ)


def end_turn(ctx: Ctx, action: dict) -> None:
    """The turn ends: personalities, the victory check, then the next civilization's turn."""
    from forge.engine.antike import military

    state = ctx.state
    turn = check_turn(state, action["civ"])
    civ = turn["civ"]
    if turn["space"] is None:
        raise IllegalAction(N_("{civ}: first the move on the rondel"), civ=civ)
    if turn["maneuver"] is not None:
        military.close_maneuver(ctx, civ)
    count_seas(ctx, civ)
    award_personalities(ctx, civ)
    if check_victory(ctx, civ):
        return
    order = state["order"]
    begin_turn(ctx, order[(order.index(civ) + 1) % len(order)], turn["number"] + 1)


# --- personalities and victory -----------------------------------------------------------------

def measure(state: dict, civ: str, counts: str) -> int:
    """What a personality type counts for a civilization now."""
    book = state["civs"][civ]
    if counts == "cities":
        return len(book["cities"])
    if counts == "first-progresses":
        return sum(1 for owner in state["first_owner"].values() if owner == civ)
    if counts == "temples-destroyed":
        return book["temples_destroyed"]
    if counts == "temples":
        if state["settings"]["citizens"] == "built":
            return book["temples_built"]
        return sum(city["temple"] for city in book["cities"].values())
    if counts == "seas":
        return book["seas"]
    raise ValueError(counts)


def due_personalities(state: dict, civ: str, t) -> dict:
    """{type: thresholds reached and not yet rewarded} (each threshold is rewarded once)."""
    book = state["civs"][civ]
    due = {}
    for kind, entry in t.personality.items():
        reached = measure(state, civ, entry["counts"]) // entry["per"]
        if reached > book["awarded"][kind]:
            due[kind] = reached - book["awarded"][kind]
    return due


def count_seas(ctx: Ctx, civ: str) -> None:
    """With a map, the seas the civilization occupies at the end of its move (Navigators)."""
    from forge.engine.antike import board

    if board.board(ctx.state) is None:
        return
    book = ctx.civ(civ)
    seas = board.seas_occupied(ctx.state, book)
    if seas != book["seas"]:
        book["seas"] = seas
        ctx.emit("seas", civ=civ, seas=seas)


def award_personalities(ctx: Ctx, civ: str) -> None:
    """The top card of each pile for each new threshold; nothing when the pile is empty."""
    state = ctx.state
    book = state["civs"][civ]
    for kind, count in due_personalities(state, civ, ctx.t).items():
        for _ in range(count):
            book["awarded"][kind] += 1
            pile = state["piles"][kind]
            if pile:
                number = pile.pop(0)
                book["personalities"][kind].append(number)
                ctx.emit("personality", civ=civ, personality=kind, number=number)
            else:
                ctx.emit("pile-empty", civ=civ, personality=kind)


def check_victory(ctx: Ctx, civ: str) -> bool:
    """Whether `civ` has won (the game then ends); else marks the deadlock once every
    personality is out."""
    state = ctx.state
    held = personality_count(state["civs"][civ])
    if held >= state["settings"]["needed"]:
        finish(ctx, civ, deadlock=False)
        return True
    if not state["deadlock"] and not any(state["piles"].values()):
        state["deadlock"] = True
        ctx.emit("deadlock")
    return False


def finish(ctx: Ctx, civ: str, deadlock: bool) -> None:
    state = ctx.state
    held = personality_count(state["civs"][civ])
    state["phase"] = "over"
    state["winner"] = civ
    state["turn"] = None
    state["result"] = {"winner": civ, "personalities": held, "deadlock": deadlock}
    ctx.emit("won", civ=civ, personalities=held, deadlock=deadlock)
