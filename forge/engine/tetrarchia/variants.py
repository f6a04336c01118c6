"""The variants: IMPERIVM (both editions), MARE NOSTRVM, DIARCHIA, PATRES PATRIAE, EL GRANDE.

Each variant changes one mechanism in a small way; this module holds those changes so the core
rules only ask "is it played?" and call in here. DIARCHIA lives in combat.own_discs (support
only: an emperor never places his partner's discs).
"""
from __future__ import annotations

from forge.engine.core import N_, IllegalAction, ParseError
from forge.engine.tetrarchia.data import Tables, tables
from forge.engine.tetrarchia.refusal import Emperor
from forge.engine.tetrarchia.state import Ctx
from forge.engine.words import Counted

# --- IMPERIVM: discs out of the game ------------------------------------------------------------

def imperium_variant(state: dict) -> str | None:
    """'imperivm' (later edition), 'imperivm-earlier', or None."""
    for name in ("imperivm", "imperivm-earlier"):
        if name in state["variants"]:
            return name
    return None


def power_of(state: dict, t: Tables, emperor: str) -> dict | None:
    """The IMPERIVM power the emperor may use in this game, if any."""
    variant = imperium_variant(state)
    return dict(t.power(variant, emperor)) if variant else None


def discs_for_powers(state: dict, emperor: str) -> int:
    """How many discs the emperor could still take out of the game (R9)."""
    record = state["emperors"][emperor]
    if state["rulings"]["imperivm_disc_source"] == "supply_then_board":
        frontier = tables().frontier
        return record["supply"] + sum(1 for p, d in state["discs"].items()
                                      if d == emperor and p not in frontier)
    return record["supply"]


def take_out(ctx: Ctx, emperor: str, count: int, power: str, board: object = None) -> None:
    """Remove `count` of the emperor's discs from the game: from his supply, then (R9 option)
    from the board provinces listed in `board`."""
    state, record = ctx.state, ctx.state["emperors"][emperor]
    from_board = _board_discs(state, emperor, count - record["supply"], board)
    for _ in range(min(count, record["supply"])):
        record["supply"] -= 1
        record["out"] += 1
        ctx.emit("out", emperor=emperor, source="supply", power=power, rule="imperivm")
    for province in from_board:
        del state["discs"][province]
        record["out"] += 1
        ctx.emit("out", emperor=emperor, source=province, power=power, rule="imperivm")
    if emperor == state["turn"]:
        state["this_turn"]["discs_out"] += count


def _board_discs(state: dict, emperor: str, needed: int, board: object) -> list[str]:
    """Validate the board discs named for an IMPERIVM use; [] when the supply is enough.

    A disc on a frontier never leaves it: frontiers stay protected (FAQ)."""
    if needed <= 0:
        return []
    t = tables()
    who = Emperor(emperor)
    if state["rulings"]["imperivm_disc_source"] != "supply_then_board":
        raise IllegalAction(N_("{emperor} has only {discs} left in his supply"), emperor=who,
                            discs=Counted("{n} disc", "{n} discs",
                                          state["emperors"][emperor]["supply"]))
    if board is None:
        board = [p for p, d in state["discs"].items() if d == emperor and p not in t.frontier]
    if not isinstance(board, list) or not all(isinstance(p, str) for p in board):
        raise ParseError(N_("'discs_from' must be a list of provinces holding your discs"))
    mine = [p for p in dict.fromkeys(board)
            if state["discs"].get(p) == emperor and p not in t.frontier]
    if len(mine) < needed:
        raise IllegalAction(N_("{emperor} needs {needed} more of his discs from Roman "
                               "provinces of the board, and {named} are named"),
                            emperor=who, needed=needed, named=len(mine))
    return mine[:needed]


def gain(ctx: Ctx, emperor: str, pi: int, rule: str) -> None:
    """The current emperor gets more PI to spend this turn."""
    ctx.state["pi"] += pi
    ctx.emit("gain", emperor=emperor, pi=pi, left=ctx.state["pi"], rule=rule)


def more_pi_now(state: dict, t: Tables, emperor: str, power: dict) -> int:
    """PI Maximian's power adds this turn (R25): 1 more, or up to 7 without stacking."""
    extra = power["pi"] - t.action_points
    if state["rulings"]["imperivm_maximian_stacks"]:
        return extra
    return max(0, power["pi"] - state["this_turn"]["allowance"])


def use_power(ctx: Ctx, action: dict) -> None:
    """The `imperium` action: Maximian's 7 PI (later) or extra PI per disc (earlier)."""
    state, t = ctx.state, ctx.t
    emperor = state["turn"]
    power = power_of(state, t, emperor)
    wanted = action.get("power")
    if power is None and not imperium_variant(state):
        raise IllegalAction(N_("IMPERIVM is not played in this game"))
    if power is None:
        raise IllegalAction(N_("{emperor}'s IMPERIVM power is not used this way"),
                            emperor=Emperor(emperor))
    if wanted != power["id"]:
        raise IllegalAction(N_("{emperor}'s IMPERIVM power is '{power}', not '{wanted}'"),
                            emperor=Emperor(emperor), power=power["id"], wanted=wanted)
    if power["id"] == "more_pi":
        _more_pi(ctx, emperor, power, action)
    elif power["id"] == "extra_pi":
        _extra_pi(ctx, emperor, power, action)
    else:
        raise IllegalAction(N_("the '{power}' power is used within a move or a fight, not on "
                               "its own"), power=power["id"])


def _more_pi(ctx: Ctx, emperor: str, power: dict, action: dict) -> None:
    state, who = ctx.state, Emperor(emperor)
    if "more_pi" in state["this_turn"]["powers"]:
        raise IllegalAction(N_("{emperor} has already used his power this turn"), emperor=who)
    extra = more_pi_now(state, ctx.t, emperor, power)
    if extra <= 0:
        raise IllegalAction(N_("{emperor} already has {pi} PI this turn"), emperor=who,
                            pi=state["this_turn"]["allowance"])
    _check_discs(state, emperor, 1)
    take_out(ctx, emperor, 1, "more_pi", action.get("discs_from"))
    state["this_turn"]["powers"].append("more_pi")
    gain(ctx, emperor, extra, "imperivm")


def _extra_pi(ctx: Ctx, emperor: str, power: dict, action: dict) -> None:
    count = action.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise ParseError(N_("'count' must be a whole number of discs, 1 or more"))
    _check_discs(ctx.state, emperor, count)
    take_out(ctx, emperor, count, "extra_pi", action.get("discs_from"))
    gain(ctx, emperor, count * power["pi"], "imperivm")


def _check_discs(state: dict, emperor: str, count: int) -> None:
    have = discs_for_powers(state, emperor)
    if have < count:
        raise IllegalAction(N_("IMPERIVM needs {count} of {emperor}'s discs and only {have} "
                               "can be taken out of the game"),
                            count=count, emperor=Emperor(emperor), have=have)


def charge_move_others(ctx: Ctx, action: dict) -> None:
    """Diocletian moving another emperor: the disc it costs (R22), checked before paying."""
    state = ctx.state
    per_turn = state["rulings"]["imperivm_diocletian_disc"] == "per_turn"
    if per_turn and "move_others" in state["this_turn"]["powers"]:
        return
    take_out(ctx, state["turn"], 1, "move_others", action.get("discs_from"))
    if per_turn:
        state["this_turn"]["powers"].append("move_others")


def move_others_problem(state: dict, t: Tables, emperor: str) -> IllegalAction | None:
    """Why the current emperor may not move another emperor now (the refusal), or None."""
    power = power_of(state, t, state["turn"])
    if power is None or power["id"] != "move_others":
        return IllegalAction(N_("only Diocletian, with the IMPERIVM variant, moves other "
                                "emperors"))
    if state["emperors"][emperor]["at"] is None:
        return IllegalAction(N_("{emperor} is not on the board"), emperor=Emperor(emperor))
    per_turn = state["rulings"]["imperivm_diocletian_disc"] == "per_turn"
    if per_turn and "move_others" in state["this_turn"]["powers"]:
        return None
    if discs_for_powers(state, state["turn"]) < 1:
        return IllegalAction(N_("Diocletian has no disc left to take out of the game"))
    return None


# --- earlier IMPERIVM: recovering discs; EL GRANDE: glory ---------------------------------------

def recover(ctx: Ctx, emperor: str, why: str) -> None:
    """Earlier IMPERIVM: one disc taken out in an earlier turn comes back to his supply (R26)."""
    state = ctx.state
    if "imperivm-earlier" not in state["variants"]:
        return
    record = state["emperors"][emperor]
    fresh = state["this_turn"]["discs_out"] if emperor == state["turn"] else 0
    if record["out"] - fresh > 0:
        record["out"] -= 1
        record["supply"] += 1
        ctx.emit("recover", emperor=emperor, why=why, rule="imperivm")


def credit_victory(ctx: Ctx, emperor: str) -> None:
    """The emperor led a victory (R10): glory (EL GRANDE), a disc back (earlier IMPERIVM)."""
    state = ctx.state
    if "el-grande" in state["variants"]:
        if state["reserve"]["agitation"] > 0:
            state["reserve"]["agitation"] -= 1
            state["emperors"][emperor]["glory"] += 1
            ctx.emit("glory", emperor=emperor, change=1,
                     glory=state["emperors"][emperor]["glory"], rule="el-grande")
    recover(ctx, emperor, "victory")


def debit_defeat(ctx: Ctx, emperor: str) -> None:
    """The emperor led a defeat: he gives back a glory disc if he has one (EL GRANDE)."""
    state = ctx.state
    record = state["emperors"][emperor]
    if "el-grande" in state["variants"] and record["glory"] > 0:
        record["glory"] -= 1
        state["reserve"]["agitation"] += 1
        ctx.emit("glory", emperor=emperor, change=-1, glory=record["glory"], rule="el-grande")


# --- PATRES PATRIAE -------------------------------------------------------------------------------

def open_transfer(state: dict, t: Tables) -> tuple[int, dict] | None:
    """The PATRES PATRIAE transfer the current emperor may make now (R27), if any."""
    if "patres-patriae" not in state["variants"]:
        return None
    emperor = state["turn"]
    for index, spec in enumerate(t.variants["patres-patriae"].get("transfers", [])):
        first = min((spec["from"], spec["to"]), key=t.emperors.index)
        if first == emperor and index not in state["this_round"]["transfers"]:
            if spec["from"] == emperor and state["pi"] < spec["pi"]:
                continue
            return index, spec
    return None


def transfer(ctx: Ctx, action: dict) -> None:
    """Diocletian takes 1 PI from Galerius, or Constantius gives 1 PI to Maximian."""
    state, t = ctx.state, ctx.t
    if "patres-patriae" not in state["variants"]:
        raise IllegalAction(N_("PATRES PATRIAE is not played in this game"))
    found = open_transfer(state, t)
    if found is None:
        raise IllegalAction(N_("{emperor} has no PI transfer to make now"),
                            emperor=Emperor(state["turn"]))
    index, spec = found
    for field in ("from", "to"):
        if action.get(field, spec[field]) != spec[field]:
            raise IllegalAction(N_("the transfer open now is {pi} PI from {giver} to {taker}"),
                                pi=spec["pi"], giver=Emperor(spec["from"], spec["from"]),
                                taker=Emperor(spec["to"], spec["to"]))
    state["this_round"]["transfers"].append(index)
    later = spec["from"] if spec["to"] == state["turn"] else spec["to"]
    change = -spec["pi"] if later == spec["from"] else spec["pi"]
    state["this_round"]["pi_next"][later] = state["this_round"]["pi_next"].get(later, 0) + change
    state["pi"] += spec["pi"] if spec["to"] == state["turn"] else -spec["pi"]
    ctx.emit("transfer", **{"from": spec["from"]}, to=spec["to"], pi=spec["pi"],
             now=state["turn"], left=state["pi"], rule="patres-patriae")


# --- MARE NOSTRVM ---------------------------------------------------------------------------------

def fleet_zones(state: dict, t: Tables) -> list[tuple[str, ...]]:
    """The zones an emperor may cross by fleet, each group as one zone (MARE NOSTRVM joins
    neighbouring zones that both hold a fleet; R28)."""
    held = [s for s in t.seas if s in state["fleets"]]
    if "mare-nostrvm" not in state["variants"]:
        return [(s,) for s in held]
    if state["rulings"]["mare_nostrvm_chain"]:
        return _joined(t, held)
    groups = [(s,) for s in held]
    groups += [(a, b) for i, a in enumerate(held) for b in held[i + 1:] if b in t.sea_next[a]]
    return groups


def _joined(t: Tables, held: list[str]) -> list[tuple[str, ...]]:
    groups: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for start in held:
        if start in seen:
            continue
        group, stack = [], [start]
        seen.add(start)
        while stack:
            here = stack.pop()
            group.append(here)
            for there in t.sea_next[here]:
                if there in held and there not in seen:
                    seen.add(there)
                    stack.append(there)
        groups.append(tuple(s for s in t.seas if s in group))
    return groups
