"""The land battle (10): battle points, ratio, shifts with their reasons, the netted shifts and
their allocation, modified rolls, losses in BP, retreat, the legal loss allocations, leader death.

A battle is a small state machine in `state["battle"]` (docs/pax-romana/engine.md): `battle`
opens it and rolls what comes before the shifts (elephants, both battle rolls); `reroll` (the
optional rule 10.55, reroll.py), `allocate`, `retreat` and `losses` are the players' choices;
when both sides have taken their losses the leaders roll for death and the battle moves to
`state["last"]`.
"""
from __future__ import annotations

from forge.engine.core import N_
from forge.engine.pax_romana import arithmetic, reroll
from forge.engine.pax_romana.allocation import (
    KINDS,
    apply_allocation,
    check_allocation,
    force_bp,
    land_units_left,
    legal_allocations,
)
from forge.engine.pax_romana.refusal import IllegalAction
from forge.engine.pax_romana.state import Ctx, advanced, optional, reading
from forge.engine.pax_romana.temporary import lost_in_battle
from forge.engine.words import Counted

SIDES = ("attacker", "defender")


def other(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


# --- opening: forces, elephants, battle points, rolls, shifts ---------------------------------

def open_battle(ctx: Ctx, action: dict) -> None:
    """Open a land battle from both sides' forces and the space's facts (10.2 steps 1-9)."""
    state, t = ctx.state, ctx.t
    if state.get("battle"):
        raise IllegalAction(N_("a battle is being fought: finish it first"))
    battle = {
        "stage": "open",
        "attacker": _side(t, action["attacker"], "attacker"),
        "defender": _side(t, action["defender"], "defender"),
        "defence": _defence(t, action.get("defence")),
        "terrain": action.get("terrain") or "open",
        "amphibious": bool(action.get("amphibious")),
        "intercepted_landing": bool(action.get("intercepted_landing")),
        "cards": dict(action.get("cards") or {}),
        "siege_bids": dict(action.get("siege_bids") or {}),
        "mp": action.get("mp"),
        "turn": state["turn"],
    }
    _check_cards(state, battle)
    _check_elephants(battle)
    state["battle"] = battle
    ctx.emit("battle-opened", attacker=battle["attacker"]["power"],
             defender=battle["defender"]["power"], terrain=battle["terrain"],
             defence=battle["defence"])
    _siege_bids(ctx, battle)
    _elephants(ctx, battle)
    _battle_points(ctx, battle)
    _cavalry(ctx, battle)
    for side in SIDES:
        battle[side]["roll"] = ctx.d6(f"battle roll of the {side}")
        ctx.emit("battle-roll", side=side, power=battle[side]["power"],
                 roll=battle[side]["roll"])
    _shifts(ctx, battle)
    if reroll.offered(state, t, battle):
        reroll.open_step(battle)
        return
    to_allocation(ctx, battle)


def to_allocation(ctx: Ctx, battle: dict) -> None:
    """Both rolls stand: the net shifts are allocated, or with none the outcome follows."""
    if battle["net"]["shifts"] == 0:
        _allocate(ctx, battle, 0)
    else:
        battle["stage"] = "allocate"


def _side(t, given: dict, side: str) -> dict:
    units = {u: n for u, n in (given.get("units") or {}).items() if n}
    reduced = {u: n for u, n in (given.get("reduced") or {}).items() if n}
    for unit in [*units, *reduced]:
        if unit not in t.unit or t.unit[unit].get("naval"):
            raise IllegalAction(N_("'{unit}' is not a land unit of the game"), unit=unit)
    for unit in reduced:
        if "reduced_battle_points" not in t.unit[unit]:
            raise IllegalAction(N_("a {unit} cannot be reduced"), unit=unit)
    leader = given.get("leader")
    if leader:
        _check_leader(t, leader)
    return {"power": given["power"], "units": units, "reduced": reduced,
            "leader": dict(leader) if leader else None,
            "elephants": given.get("elephants") or 0, "side": side}


def _check_leader(t, leader: dict) -> None:
    limits = t.units["leaders"]
    for rating in ("tactical", "campaign"):
        low, high = limits[rating]["min"], limits[rating]["max"]
        if not low <= leader[rating] <= high:
            raise IllegalAction(N_("a leader's {rating} rating is {low} to {high}"),
                                rating=rating, low=low, high=high)


def _defence(t, given: dict | None) -> dict | None:
    """The city or town the defender uses (7.3), with its wall points now."""
    if not given:
        return None
    kinds = {k["id"]: k for k in t.economy["cities_and_towns"]["kinds"]}
    kind = kinds[given["kind"]]
    walls = given.get("walls", kind["full"]["walls"])
    if not kind["combat_floor"] <= walls <= kind["full"]["walls"]:
        raise IllegalAction(N_("a {kind} has {low} to {high} wall points in combat"),
                            kind=given["kind"], low=kind["combat_floor"],
                            high=kind["full"]["walls"])
    return {"kind": given["kind"], "walls": walls, "floor": kind["combat_floor"]}


def _check_cards(state: dict, battle: dict) -> None:
    if battle["cards"] and not advanced(state):
        raise IllegalAction(N_("event cards are played in the Advanced Game only"))
    if battle["cards"].get("archimedes") and not (battle["defence"]
                                                   and battle["defence"]["kind"] == "city"):
        raise IllegalAction(N_("the Archimedes Effect helps a defender using a city"))
    if (battle["siege_bids"] and any(battle["siege_bids"].values())
            and not battle["defence"]):
        raise IllegalAction(N_("siege techniques are bid only when the defender uses a city "
                               "or town"))
    if battle["amphibious"] and battle["siege_bids"].get("attacker"):
        raise IllegalAction(N_("an amphibious attacker cannot bid for siege techniques"))


def _check_elephants(battle: dict) -> None:
    for side in SIDES:
        force = battle[side]
        if force["elephants"] > force["units"].get("elephant", 0):
            raise IllegalAction(N_("the {side} commits more elephants than it has"), side=side)
        if force["elephants"] and (battle["defence"] or battle["terrain"] ==
                                   "mountain_fortress"):
            raise IllegalAction(N_("elephants are not used against or in a city, town or "
                                   "Mountain Fortress"))


def _siege_bids(ctx: Ctx, battle: dict) -> None:
    """Both sides pay their bids (10.71; P29 for equal bids)."""
    for side in SIDES:
        bid = battle["siege_bids"].get(side) or 0
        power = battle[side]["power"]
        if bid and power in ctx.state["powers"]:
            ctx.pay(power, bid * ctx.t.combat["siege"]["cost_per_point"],
                    "siege techniques")


def _elephants(ctx: Ctx, battle: dict) -> None:
    """Each committed elephant rolls on the Elephant Table (10.66-10.69)."""
    rows = ctx.t.combat["elephants"]["rows"]
    for side in SIDES:
        force, enemy = battle[side], battle[other(side)]
        force["cavalry_cancelled"] = force.get("cavalry_cancelled", 0)
        for number in range(force["elephants"]):
            roll = ctx.d6(f"elephant {number + 1} of the {side}")
            row = next(r for r in rows if r["low"] <= roll <= r["high"])
            enemy["cavalry_cancelled"] = enemy.get("cavalry_cancelled", 0) + \
                row["cancel_enemy_cavalry"]
            enemy["elephant_loss"] = enemy.get("elephant_loss", 0) + row["enemy_bp_eliminated"]
            force["elephant_loss"] = force.get("elephant_loss", 0) + row["own_bp_eliminated"]
            if row["elephant_lost"]:
                force["units"]["elephant"] -= 1
                if not force["units"]["elephant"]:
                    del force["units"]["elephant"]
            ctx.emit("elephant", side=side, power=force["power"], roll=roll,
                     cancel=row["cancel_enemy_cavalry"], enemy_bp=row["enemy_bp_eliminated"],
                     own_bp=row["own_bp_eliminated"], lost=row["elephant_lost"])


def _battle_points(ctx: Ctx, battle: dict) -> None:
    """Each side's total (10.51 step 1): units, reduced units and the walls used (10.54); BP an
    elephant eliminated before the battle are out of it (P47)."""
    t = ctx.t
    for side in SIDES:
        force = battle[side]
        units = force_bp(ctx.state, t, force)
        walls = 0
        if side == "defender" and battle["defence"]:
            walls = battle["defence"]["walls"] * t.units["battle_points"]["per_wall_point"]
        force["bp_units"] = units
        force["bp_walls"] = walls
        force["bp"] = max(0, units + walls - force.get("elephant_loss", 0))
        ctx.emit("battle-points", side=side, power=force["power"], bp=force["bp"],
                 units=units, walls=walls, elephant_loss=force.get("elephant_loss", 0))
    if not battle["attacker"]["bp"] or not battle["defender"]["bp"]:
        raise IllegalAction(N_("each side needs battle points to fight (a garrison attacked "
                               "alone is eliminated: enter that as a correction)"))


def legionary_cavalry_applies(state: dict, t) -> bool:
    """Legionary cavalry (10.64): by option, from its turn on, not with the late legions."""
    rule = t.combat["cavalry"]["legionary"]
    late = t.combat["cavalry"]["optional_late_legions"]
    if state["optional"].get("late_legions") and state["turn"] in late["turns"]:
        return False
    return bool(state["optional"].get("legionary_cavalry")) and state["turn"] >= rule["from_turn"]


def legionary_points(t, full_legions: int) -> int:
    """Legionary cavalry of a stack: a point per full-strength pair (10.64, 10.87)."""
    return full_legions // t.combat["cavalry"]["legionary"]["full_legions_per_point"]


def _cavalry(ctx: Ctx, battle: dict) -> None:
    """Cavalry superiority or supremacy (10.61-10.64), where cavalry counts."""
    t, state = ctx.t, ctx.state
    for side in SIDES:
        force = battle[side]
        regular = force["units"].get("cavalry", 0) + force["units"].get("mercenary_cavalry", 0)
        legionary = 0
        if legionary_cavalry_applies(state, t):
            legionary = legionary_points(t, force["units"].get("legion", 0))
        cancelled = force.get("cavalry_cancelled", 0)
        regular_left = max(0, regular - cancelled)
        legionary_left = max(0, legionary - max(0, cancelled - regular))
        counts = _cavalry_counts(battle, side)
        force["cavalry"] = {"regular": regular_left if counts else 0,
                            "legionary": legionary_left if counts else 0,
                            "counts": counts}
    for side in SIDES:
        own, enemy = battle[side]["cavalry"], battle[other(side)]["cavalry"]
        mine = own["regular"] + own["legionary"]
        theirs = enemy["regular"] + enemy["legionary"]
        own["edge"] = _edge(t, mine, theirs, own["regular"] >= own["legionary"])


def _cavalry_counts(battle: dict, side: str) -> bool:
    if battle["terrain"] == "mountain_fortress" or battle["defence"]:
        return False
    return not (side == "attacker" and battle["amphibious"])


def _edge(t, mine: int, theirs: int, regular_enough: bool) -> str | None:
    rule = t.combat["cavalry"]
    if mine <= theirs:
        return None
    supremacy = (theirs and mine >= rule["supremacy"]["ratio_at_least"] * theirs) or \
        (not theirs and rule["supremacy"]["or_two_against_none"] and mine >= 2)
    if supremacy and regular_enough:
        return "supremacy"
    return "superiority"


def _shifts(ctx: Ctx, battle: dict) -> None:
    """Every shift with its cause (10.51 step 4), then the net (step 5)."""
    t, state = ctx.t, ctx.state
    causes = {c["id"]: c for c in t.combat["shifts"]["causes"]}
    shifts: list[dict] = []

    def add(cause: str, side: str, count: int) -> None:
        if count > 0:
            shifts.append({"cause": cause, "side": side, "shifts": count,
                           "rule": causes[cause]["rule"]})

    attacker, defender = battle["attacker"], battle["defender"]
    larger = "attacker" if attacker["bp"] > defender["bp"] else "defender"
    big, small = sorted((attacker["bp"], defender["bp"]), reverse=True)
    if optional(state, "simplified_rounding"):
        ratio = arithmetic.simplified_ratio_shifts(t, big, small)
    else:
        ratio = arithmetic.ratio_shifts(t, big, small, reading(state, "ratio_source"))
    battle["ratio"] = {"larger": big, "smaller": small, "side": larger if big > small else None,
                       "shifts": ratio}
    add("ratio", larger, ratio)
    for side in SIDES:
        edge = battle[side]["cavalry"]["edge"]
        if edge:
            add(f"cavalry_{edge}", side, t.combat["cavalry"][edge]["shifts"])
    tactics = {side: (battle[side]["leader"] or t.units["leaders"]["no_leader"])["tactical"]
               for side in SIDES}
    if tactics["attacker"] != tactics["defender"]:
        better = max(SIDES, key=lambda s: tactics[s])
        difference = abs(tactics["attacker"] - tactics["defender"])
        if battle["defence"]:
            add("leader_tactics_city", better, min(difference, causes["leader_tactics_city"]
                                                   ["shifts"]))
        else:
            add("leader_tactics", better, difference)
    if battle["terrain"] == "mountain_fortress":
        add("mountain_fortress", "defender", causes["mountain_fortress"]["shifts"])
    if battle["amphibious"] and not battle["intercepted_landing"]:
        add("amphibious_defence", "defender", causes["amphibious_defence"]["shifts"])
    bids = {side: battle["siege_bids"].get(side) or 0 for side in SIDES}
    if bids["attacker"] != bids["defender"]:
        add("siege_technique", max(SIDES, key=lambda s: bids[s]),
            causes["siege_technique"]["shifts"])
    surprise = battle["cards"].get("tactical_surprise")
    if surprise:
        add("tactical_surprise", surprise, causes["tactical_surprise"]["shifts"])
    if battle["cards"].get("archimedes"):
        add("archimedes", "defender", causes["archimedes"]["shifts"])
    battle["shifts"] = shifts
    for shift in shifts:
        ctx.emit("shift", power=battle[shift["side"]]["power"], **shift)
    totals = {side: sum(s["shifts"] for s in shifts if s["side"] == side) for side in SIDES}
    battle["totals"] = totals
    ahead = max(SIDES, key=lambda s: totals[s])
    net = abs(totals["attacker"] - totals["defender"])
    battle["net"] = {"side": ahead if net else None, "shifts": net}
    ctx.emit("net-shifts", side=battle["net"]["side"], shifts=net,
             power=battle[ahead]["power"] if net else None, attacker=totals["attacker"],
             defender=totals["defender"])


# --- the allocation of the net shifts and the outcome -------------------------------------------

def allocate(ctx: Ctx, action: dict) -> None:
    """The side with net shifts spends them: `raise` on its own roll, the rest lowering the
    other's (10.51 steps 5-6)."""
    battle = battle_at(ctx.state, "allocate")
    net = battle["net"]
    if action["side"] != net["side"]:
        raise IllegalAction(N_("the {side} has no net shifts to allocate"), side=action["side"])
    if not 0 <= action["raise"] <= net["shifts"]:
        raise IllegalAction(N_("{allocated}: raise the own roll by 0 to {shifts}"),
                            allocated=Counted("{n} net shift is allocated",
                                              "{n} net shifts are allocated", net["shifts"]),
                            shifts=net["shifts"])
    _allocate(ctx, battle, action["raise"])


def modified_rolls(t, battle: dict, raised: int) -> dict[str, int]:
    """Both rolls after `raised` net shifts on the own roll and the rest on the other's."""
    bounds = t.combat["outcome"]["modified_roll"]
    rolls = {side: battle[side]["roll"] for side in SIDES}
    side = battle["net"]["side"]
    if side:
        rolls[side] += raised
        rolls[other(side)] -= battle["net"]["shifts"] - raised
    return {s: max(bounds["min"], min(bounds["max"], r)) for s, r in rolls.items()}


def _allocate(ctx: Ctx, battle: dict, raised: int) -> None:
    t = ctx.t
    battle["raised"] = raised
    battle["lowered"] = battle["net"]["shifts"] - raised
    battle["modified"] = modified_rolls(t, battle, raised)
    pip = t.combat["outcome"]["percent_per_pip"]
    percent = {side: battle["modified"][other(side)] * pip for side in SIDES}
    battle["loss_percent"] = percent
    if percent["attacker"] == percent["defender"]:
        battle["winner"] = None
    else:
        battle["winner"] = min(SIDES, key=lambda s: percent[s])
    ctx.emit("battle-outcome", modified=battle["modified"], loss_percent=percent,
             winner=battle["winner"],
             power=battle[battle["winner"]]["power"] if battle["winner"] else None,
             raised=raised, lowered=battle["lowered"])
    battle["retreat"] = {}
    _next_after_outcome(ctx, battle)


def _defender_may_retreat(t, battle: dict) -> bool:
    rule = t.combat["retreat_after_battle"]["voluntary"]
    return battle["winner"] == "attacker" and not (rule["not_with_city_or_town"]
                                                   and battle["defence"])


def _attacker_may_force(t, battle: dict) -> bool:
    rule = t.combat["retreat_after_battle"]["forced"]
    mp = battle.get("mp")
    return (battle["winner"] == "attacker" and not battle["retreat"].get("retreated")
            and not (rule["not_with_city_or_town"] and battle["defence"])
            and (mp is None or mp >= rule["mp_cost"]))


def _next_after_outcome(ctx: Ctx, battle: dict) -> None:
    retreat = battle["retreat"]
    if "defender" not in retreat and _defender_may_retreat(ctx.t, battle):
        battle["stage"], battle["retreat_by"] = "retreat", "defender"
        return
    if ("attacker" not in retreat and not retreat.get("retreated")
            and _attacker_may_force(ctx.t, battle)):
        battle["stage"], battle["retreat_by"] = "retreat", "attacker"
        return
    battle.pop("retreat_by", None)
    _losses_due(ctx, battle)


def retreat(ctx: Ctx, action: dict) -> None:
    """A losing defender retreats or stays (10.91); a winning attacker forces a retreat or
    not (10.92); the winner's cavalry may stop a retreat (10.94; P50)."""
    battle = battle_at(ctx.state, "retreat")
    side, choice = action["side"], action["choice"]
    if side != battle["retreat_by"]:
        raise IllegalAction(N_("the {side} has no retreat to decide now"), side=side)
    allowed = ("retreat", "stay") if side == "defender" else ("force", "none")
    if choice not in allowed:
        raise IllegalAction(N_("the {side} chooses {first} or {second}"), side=side,
                            first=allowed[0], second=allowed[1])
    t = ctx.t
    record = battle["retreat"]
    record[side] = choice
    if choice == "retreat":
        edge = battle["attacker"]["cavalry"]["edge"]
        blocked = False
        if edge:
            limit = t.combat["retreat_after_battle"]["cavalry_block_roll"][f"{edge}_at_most"]
            roll = ctx.d6("cavalry roll to stop the retreat")
            blocked = roll <= limit
            record["block_roll"] = roll
        record["blocked"] = blocked
        record["retreated"] = not blocked
        if not blocked:
            drm = t.combat["retreat_after_battle"]["voluntary"]["winner_roll_drm"]
            record["winner_roll_drm"] = drm
        ctx.emit("retreat", side=side, power=battle[side]["power"], choice=choice,
                 blocked=blocked, roll=record.get("block_roll"))
    elif choice == "force":
        record["retreated"] = True
        record["forced"] = True
        ctx.emit("retreat", side=side, power=battle[side]["power"], choice=choice,
                 blocked=False, roll=None)
    else:
        ctx.emit("retreat", side=side, power=battle[side]["power"], choice=choice,
                 blocked=False, roll=None)
    _next_after_outcome(ctx, battle)


def _losses_due(ctx: Ctx, battle: dict) -> None:
    """Each side's loss in BP from the other's modified roll (10.51 step 7, 10.53), the
    winner's roll 1 less when the loser retreated (10.91), elephant kills added (P47)."""
    t = ctx.t
    drm = battle["retreat"].get("winner_roll_drm", 0)
    battle["loss"] = {}
    for side in SIDES:
        roll = battle["modified"][other(side)]
        if drm and battle["winner"] == other(side):
            roll = max(0, roll + drm)
        lost = arithmetic.loss_bp(t, roll, battle[side]["bp"]) + battle[side].get(
            "elephant_loss", 0)
        battle["loss"][side] = lost
    battle["taken"] = {side: None for side in SIDES}
    ctx.emit("losses-due", attacker=battle["loss"]["attacker"],
             defender=battle["loss"]["defender"])
    battle["stage"] = "losses"
    for side in SIDES:
        choices = legal_allocations(ctx.state, t, battle, side, limit=2)
        if len(choices) == 1 and choices[0]["absorbs"] < max(1, battle["loss"][side]):
            _take(ctx, battle, side, {k: choices[0][k] for k in (*KINDS, "walls")})
    _finish_if_done(ctx, battle)


def take_losses(ctx: Ctx, action: dict) -> None:
    """A side removes units (and wall points) for its loss (10.52, 10.8, 7.32)."""
    battle = battle_at(ctx.state, "losses")
    side = action["side"]
    if battle["taken"].get(side) is not None:
        raise IllegalAction(N_("the {side} has taken its losses"), side=side)
    allocation = {key: dict(action.get(key) or {}) for key in
                  ("eliminate", "reduce", "eliminate_reduced")}
    allocation = {k: {u: n for u, n in v.items() if n} for k, v in allocation.items()}
    allocation["walls"] = action.get("walls") or 0
    check_allocation(ctx.state, ctx.t, battle, side, allocation)
    _take(ctx, battle, side, allocation)
    _finish_if_done(ctx, battle)


def side_total(state: dict, t, battle: dict, side: str) -> int:
    """A side's battle points now: its units, and the walls of the city or town it uses."""
    total = force_bp(state, t, battle[side])
    if side == "defender" and battle.get("defence"):
        total += battle["defence"]["walls"] * t.units["battle_points"]["per_wall_point"]
    return total


def _take(ctx: Ctx, battle: dict, side: str, allocation: dict) -> None:
    force = battle[side]
    before = side_total(ctx.state, ctx.t, battle, side)
    lost, elephants = apply_allocation(ctx.state, ctx.t, battle, side, allocation)
    battle["taken"][side] = {**allocation, "lost_bp": lost}
    if force["power"] in ctx.state["powers"]:
        heavy = sum(n for kind in ("eliminate", "eliminate_reduced")
                    for u, n in allocation[kind].items()
                    if ctx.t.unit[u].get("counts_against_maxph"))
        book = ctx.state["powers"][force["power"]]
        if heavy:
            book["heavy"] = max(0, book["heavy"] - heavy)
        lost_in_battle(book, _eliminated(allocation))
    ctx.emit("losses-taken", side=side, power=force["power"], loss=battle["loss"][side],
             lost_bp=lost, before=before, after=side_total(ctx.state, ctx.t, battle, side),
             walls=allocation["walls"], eliminate=allocation["eliminate"],
             reduce=allocation["reduce"], eliminate_reduced=allocation["eliminate_reduced"],
             elephants_lost=elephants)


def _eliminated(allocation: dict) -> dict:
    units: dict = {}
    for kind in ("eliminate", "eliminate_reduced"):
        for unit, count in allocation[kind].items():
            units[unit] = units.get(unit, 0) + count
    return units


def _finish_if_done(ctx: Ctx, battle: dict) -> None:
    if any(battle["taken"][side] is None for side in SIDES):
        return
    _leader_death(ctx, battle)
    destroyed = not land_units_left(ctx.t, battle["defender"])
    retreated = bool(battle["retreat"].get("retreated"))
    battle["regroup"] = not (destroyed or retreated)
    loser = battle["winner"] and other(battle["winner"])
    battle["militia_check"] = loser
    battle["mp_left"] = _mp_left(ctx.t, battle)
    battle["stage"] = "over"
    ctx.state["battle"] = None
    ctx.state["last"] = {"kind": "battle", **battle}
    ctx.emit("battle-over", winner=battle["winner"],
             power=battle[battle["winner"]]["power"] if battle["winner"] else None,
             regroup=battle["regroup"], mp_left=battle["mp_left"])


def _leader_death(ctx: Ctx, battle: dict) -> None:
    """Each side with a leader rolls 2d6 on the Tabla Líder Muerto (8.4; P13, P30)."""
    t, state = ctx.t, ctx.state
    rule = t.combat["leader_death"]
    applies = advanced(state) or reading(state, "leader_death_in_standard")
    battle["leader_died"] = {}
    for side in SIDES:
        force = battle[side]
        if not force["leader"]:
            continue
        if rule["all_units_lost_kills_leader"] and not land_units_left(t, force):
            dies, roll = True, None
        elif applies:
            roll = sum(ctx.dice_total(2, f"leader death of the {side}"))
            row = next(r for r in rule["rows"] if r["low"] <= roll <= r["high"])
            dies = row["dies_if"] == "always" or (
                row["dies_if"] == "lost_or_tied" and battle["winner"] != side)
        else:
            continue
        battle["leader_died"][side] = dies
        ctx.emit("leader-death", side=side, power=force["power"], roll=roll, dies=dies)


def _mp_left(t, battle: dict) -> int | None:
    """The attacker's MP after the battle (10.35, 10.92, 8.42)."""
    mp = battle.get("mp")
    if mp is None:
        return None
    costs = {s["id"]: s["mp"] for s in t.movement["mp_costs"]["steps"]}
    if battle["winner"] != "attacker":
        mp -= costs["after_lost_battle"]
    if battle["retreat"].get("forced"):
        mp -= costs["force_retreat"]
    if battle.get("leader_died", {}).get("attacker"):
        mp -= costs["leader_death"]
    return max(0, mp)


def battle_at(state: dict, stage: str) -> dict:
    battle = state.get("battle")
    if not battle:
        raise IllegalAction(N_("no battle is being fought"))
    if battle["stage"] != stage:
        raise IllegalAction(N_("the battle is at its {stage} step"), stage=battle["stage"])
    return battle


# --- legal actions ---------------------------------------------------------------------------

def legal(state: dict, t) -> list[dict]:
    """The choices of the battle in progress."""
    battle = state["battle"]
    if battle["stage"] == "reroll":
        return reroll.legal(battle)
    if battle["stage"] == "allocate":
        net = battle["net"]
        return [{"type": "allocate", "side": net["side"], "raise": raised,
                 "modified": modified_rolls(t, battle, raised)}
                for raised in range(net["shifts"] + 1)]
    if battle["stage"] == "retreat":
        side = battle["retreat_by"]
        choices = ("retreat", "stay") if side == "defender" else ("force", "none")
        return [{"type": "retreat", "side": side, "choice": c} for c in choices]
    if battle["stage"] == "losses":
        actions = []
        for side in SIDES:
            if battle["taken"].get(side) is None:
                for allocation in legal_allocations(state, t, battle, side):
                    actions.append({"type": "losses", "side": side, **allocation})
        return actions
    return []
