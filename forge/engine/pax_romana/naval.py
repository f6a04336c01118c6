"""A naval move walked point by point (11): the fleet, the land units it carries, each sea point
the players enter, the rolls the rulebook calls for there, landing and amphibious attacks.

A naval move is a small state machine in `state["naval"]` (docs/pax-romana/engine.md):
`naval-move` sets the fleet out (a transport pays to embark and sail, 11.31), `naval-enter`
enters the next port or transit point as the players name it (the Rhodes toll, the Naval
Disaster roll, pirates, an enemy fleet, the reasons to stop, 11.12-11.46), `naval-continuity`
rolls to go on after a stop, `naval-pick-up`, `naval-land` (landing or amphibious attack) and
`naval-amphibious` (after the land battle, 11.35) carry the transport through, and
`naval-end` ends the move; what the move did moves to `state["last"]`. The map is the
players': each point's facts are fields of the action.
"""
from __future__ import annotations

import math
from fractions import Fraction

from forge.engine.core import N_
from forge.engine.pax_romana.data import row_for, tables
from forge.engine.pax_romana.refusal import IllegalAction
from forge.engine.pax_romana.state import Ctx, check_power, reading

SIDES = ("attacker", "defender")
SEA_POINTS = ("transit", "high_seas")


# --- the pieces every naval procedure shares -------------------------------------------------

def fight(ctx: Ctx, attacker: dict, defender: dict) -> dict:
    """One naval battle: each side 1d6 plus its BP; the loser loses half the difference in
    squadrons, the winner one on an odd 1d6 (11.43-11.45; P19)."""
    rule = ctx.t.movement["naval"]["battle"]
    fleets = {"attacker": attacker, "defender": defender}
    totals, rolls, bp = {}, {}, {}
    for side, fleet in fleets.items():
        bp[side] = fleet["squadrons"] * squadron_bp(ctx, fleet) + (
            rule["leader"] if fleet.get("leader") else 0)
        rolls[side] = ctx.d6(f"naval battle roll of the {side}")
        totals[side] = rolls[side] + bp[side]
    lost = {"attacker": 0, "defender": 0}
    winner = None
    if totals["attacker"] != totals["defender"]:
        winner = max(totals, key=lambda s: totals[s])
        loser = "defender" if winner == "attacker" else "attacker"
        half = Fraction(abs(totals["attacker"] - totals["defender"]), 2)
        rounded = math.ceil(half) if reading(ctx.state, "naval_loss_rounding") == "up" \
            else math.floor(half)
        lost[loser] = min(fleets[loser]["squadrons"], rounded)
        winner_roll = ctx.d6("naval battle winner's loss")
        if winner_roll % 2 == 1:
            lost[winner] = min(fleets[winner]["squadrons"], rule["winner_roll"]["odd_loses"])
        rolls["winner_loss"] = winner_roll
    return {"bp": bp, "rolls": rolls, "totals": totals, "winner": winner, "lost": lost}


def squadron_bp(ctx: Ctx, fleet: dict) -> int:
    """The BP of one squadron of a fleet: more with galley technology (11.43)."""
    rule = ctx.t.movement["naval"]["battle"]
    return rule["per_squadron_galley_tech"] if fleet.get("galley_technology") \
        else rule["per_squadron"]


def disaster_roll(ctx: Ctx, table: str) -> dict:
    """1d6 on the Naval Disaster Table; a storm rolls 1d6 for its losses (11.21)."""
    rule = ctx.t.movement["naval"]["disaster"]
    roll = ctx.d6("naval disaster")
    result = row_for(rule[table], roll)["result"]
    storm = ctx.d6("storm losses") if result == "storm" else None
    return {"table": table, "roll": roll, "result": result, "storm": storm}


def continuity_roll(ctx: Ctx, drm_ids: list[str]) -> dict:
    """2d6 plus the modifiers named: the fleet continues or is Finished (11.13-11.14)."""
    rule = ctx.t.movement["naval"]["continuity"]
    dice = [ctx.d6("continuity"), ctx.d6("continuity")]
    values = {m["id"]: m["value"] for m in rule["drm"]}
    drm = sum(values[d] for d in drm_ids)
    total = sum(dice) + drm
    low, high = rule["rows"][0]["low"], rule["rows"][-1]["high"]
    result = row_for(rule["rows"], max(low, min(high, total)))["result"]
    return {"dice": dice, "drm": drm, "modifiers": list(drm_ids), "total": total,
            "result": result}


def pirate_roll(ctx: Ctx, galley_bp: int, leader: bool, cilician: bool) -> dict:
    """1d6 plus the fleet's galley BP (+1 with a leader, -1 against the Cilicians) clears
    the pirates at 6 (12.63-12.64)."""
    rule = ctx.t.movement["naval"]["pirates"]
    roll = ctx.d6("clearing pirates")
    total = roll + galley_bp + (rule["clear_roll"]["leader"] if leader else 0)
    if cilician:
        total += rule["cilician"]["clear_drm"]
    needed = rule["clear_roll"]["succeeds_at"]
    return {"roll": roll, "total": total, "needed": needed, "cleared": total >= needed}


def _result(ctx: Ctx, procedure: str, found: dict) -> None:
    ctx.emit("result", procedure=procedure, **found)


# --- setting out -----------------------------------------------------------------------------

def naval_move(ctx: Ctx, action: dict) -> None:
    """Set a fleet or a transport out from a port or a transit point (11.1, 11.31, 11.22)."""
    state = ctx.state
    if state.get("naval"):
        raise IllegalAction(N_("a naval move is under way: end it first"))
    power = check_power(state, action["power"])
    land = {"units": action.get("land_units") or 0, "bp": action.get("land_bp") or 0}
    if action.get("carried"):
        land = _carried(ctx, action["carried"])
    if not action.get("squadrons") and not land["units"]:
        raise IllegalAction(N_("a naval move needs squadrons or land units to carry"))
    if land["bp"] and not land["units"]:
        raise IllegalAction(N_("name the land units carried as well as their BP"))
    at = action.get("at") or "port"
    naval = {
        "power": power, "squadrons": action.get("squadrons") or 0,
        "leader": bool(action.get("leader")), "campaign": action.get("campaign"),
        "galley_technology": bool(action.get("galley_technology")),
        "land": land, "mp": action.get("mp"), "spent": 0, "sailed": False,
        "at": {"point": at, "name": action.get("name") or ""},
        "stage": "moving", "stop": None, "points": [],
        "lost": {"squadrons": 0, "land_bp": 0, "land_units": 0},
        "picked": {"squadrons": 0, "land_bp": 0, "land_units": 0},
        "landed": {"units": 0, "bp": 0}, "last_port": action.get("name") or "",
        "turn": state["turn"],
    }
    if land["units"]:
        _embark(ctx, naval, from_transit=at == "transit")
    state["naval"] = naval
    ctx.emit("naval-move-begun", power=power, squadrons=naval["squadrons"],
             land_units=land["units"], land_bp=land["bp"], mp=naval["mp"],
             spent=naval["spent"])
    ctx.state["last"] = {"kind": "naval-move", **_summary(naval)}


def _carried(ctx: Ctx, units: dict) -> dict:
    """The land units carried named by type: their count and BP follow (P88)."""
    from forge.engine.pax_romana.allocation import force_bp

    for unit in units:
        if unit not in ctx.t.unit or unit in ("galley_squadron", "garrison"):
            raise IllegalAction(N_("a {unit} is not a land unit a fleet carries"), unit=unit)
    kept = {"units": {u: n for u, n in units.items() if n}, "reduced": {}}
    return {"units": sum(kept["units"].values()), "bp": force_bp(ctx.state, ctx.t, kept),
            "carried": kept}


def _embark(ctx: Ctx, naval: dict, from_transit: bool) -> None:
    """A transport pays to embark (not from a transit point) and to sail, and must keep the
    MP to land somewhere (11.31-11.32, 11.22)."""
    rule = ctx.t.movement["naval"]["transport"]
    if naval["mp"] is None:
        raise IllegalAction(N_("a transport moves with its movement allowance: give its MP"))
    cost = (0 if from_transit else rule["embark"]) + rule["sail"]
    need = cost + rule["disembark"]
    if need > naval["mp"]:
        raise IllegalAction(N_("this transport has {mp} MP and needs {need} to embark, sail "
                               "and land somewhere"), mp=naval["mp"], need=need)
    naval["spent"] += cost
    naval["sailed"] = True


def left(naval: dict) -> int | None:
    """The MP a transport has left (None for a fleet of galleys alone: no MP, 11.11)."""
    return None if naval["mp"] is None else naval["mp"] - naval["spent"]


def _spend(naval: dict, cost: int, why: str) -> None:
    remaining = left(naval)
    if remaining is not None and cost > remaining:
        raise IllegalAction(N_("this costs {cost} MP and the transport has {left} left ({why})"),
                            cost=cost, left=remaining, why=why)
    if naval["mp"] is not None:
        naval["spent"] += cost


def _current(state: dict, *stages: str) -> dict:
    naval = state.get("naval")
    if not naval:
        raise IllegalAction(N_("no naval move is under way: begin one with naval-move"))
    if naval.get("absorb"):
        raise IllegalAction(N_("choose first which carried units absorb the land BP lost"))
    if stages and naval["stage"] not in stages:
        raise IllegalAction(_STAGE_REFUSALS[naval["stage"]])
    return naval


_STAGE_REFUSALS = {
    "moving": N_("the fleet is moving: this is done after a stop"),
    "stopped": N_("the fleet has stopped: roll for Continuity to move on"),
    "finished": N_("the fleet is Finished: it moves no more this activation"),
    "amphibious": N_("the amphibious attack is under way: give its outcome first"),
}


# --- entering a point ------------------------------------------------------------------------

def naval_enter(ctx: Ctx, action: dict) -> None:
    """Enter the next port or transit point: the toll, the disaster roll, pirates, an enemy
    fleet, then whether the fleet must stop (11.12, 11.2, 11.4, 12.51, 12.6; P57)."""
    state = ctx.state
    naval = _current(state, "moving")
    point = {"point": action["point"], "name": action.get("name") or ""}
    if point["point"] == "port":
        point.update({k: bool(action.get(k)) for k in ("home", "friendly", "enemy",
                                                       "enemy_land")})
        if point["enemy_land"] and naval["land"]["units"]:
            _check_amphibious_mp(ctx, naval, N_("a transport enters a port of non-friendly "
                                                "land units only with the MP to attack them"))
    naval["at"] = point
    naval["points"].append(point["name"] or point["point"])
    naval["stop"] = {"reasons": [], "drm": [], "no_drm": False}
    ctx.emit("naval-point", power=naval["power"], point=point["point"], name=point["name"])
    if action.get("rhodes"):
        _rhodes_toll(ctx, naval, action.get("rhodes_to"))
    if point["point"] in SEA_POINTS and not _disaster(ctx, naval, point["point"]):
        return
    if action.get("pirates") and not _pirates(ctx, naval, bool(action.get("cilician"))):
        return
    enemy = action.get("enemy_fleet")
    if enemy and not action.get("lets_pass") and not _enemy_fleet(ctx, naval, enemy):
        return
    _stops(ctx, naval, action)
    _settle(ctx, naval)


def _rhodes_toll(ctx: Ctx, naval: dict, to: str | None) -> None:
    """1T to Rhodes' controller (or the bank) for moving into or through Rhodes (12.51)."""
    toll = ctx.t.movement["rhodes_naval_toll"]
    ctx.pay(naval["power"], toll, "rhodes_toll")
    if to and to in ctx.state["powers"] and to != naval["power"]:
        ctx.change_treasury(to, toll, "rhodes_toll")


def _disaster(ctx: Ctx, naval: dict, point: str) -> bool:
    """The Naval Disaster roll on entering a transit point; False when nothing is left
    (11.21)."""
    found = disaster_roll(ctx, "high_seas" if point == "high_seas" else "normal")
    _result(ctx, "naval-disaster", found)
    if found["result"] == "none":
        return True
    naval["stop"]["reasons"].append(found["result"])
    if found["result"] == "storm":
        _storm(ctx, naval, found["storm"])
    return _still_afloat(ctx, naval)


def _storm(ctx: Ctx, naval: dict, roll: int) -> None:
    """A storm sinks `roll` squadrons and `roll` BP of the land units; a transport with fewer
    squadrons than the roll loses every land unit (11.21; P62)."""
    rule = ctx.t.movement["naval"]["disaster"]["storm"]
    squadrons = min(roll, naval["squadrons"])
    carried = naval["land"]
    if carried["units"] and roll > naval["squadrons"] \
            and rule["transport_short_of_galleys"] == "all_land_units_lost":
        land_bp, all_land = carried["bp"], True
    else:
        land_bp, all_land = min(roll, carried["bp"]), False
    _lose_squadrons(ctx, naval, squadrons, "storm")
    _lose_land(ctx, naval, land_bp, all_land, "storm")


def _lose_squadrons(ctx: Ctx, naval: dict, count: int, why: str) -> None:
    if not count:
        return
    naval["squadrons"] -= count
    naval["lost"]["squadrons"] += count
    book_loss(ctx, naval["power"], count, why)


def book_loss(ctx: Ctx, power: str | None, count: int, why: str) -> None:
    """Take lost squadrons off a power's books (never below none)."""
    if not count or power not in ctx.state["powers"]:
        return
    book = ctx.state["powers"][power]
    book["galleys"] = max(0, book["galleys"] - count)
    ctx.emit("squadrons-lost", power=power, lost=count, galleys=book["galleys"], why=why)


def _lose_land(ctx: Ctx, naval: dict, bp: int, everything: bool, why: str) -> None:
    """Land BP lost from the units carried; the units are counted lost with the last BP (P60)."""
    carried = naval["land"]
    bp = carried["bp"] if everything else min(bp, carried["bp"])
    if not bp and not (everything and carried["units"]):
        return
    if carried.get("carried") and bp < carried["bp"]:
        choices = absorb_choices(ctx.state, ctx.t, carried["carried"], bp)
        naval["absorb"] = {"loss": bp, "why": why}
        ctx.emit("transported-hit", power=naval["power"], loss=bp, why=why,
                 choices=len(choices))
        if len(choices) == 1:
            _absorb(ctx, naval, choices[0])
        return
    units = carried["units"] if everything or bp >= carried["bp"] else 0
    if carried.get("carried") and units:
        carried["carried"] = {"units": {}, "reduced": {}}
    carried["bp"] -= bp
    carried["units"] -= units
    naval["lost"]["land_bp"] += bp
    naval["lost"]["land_units"] += units
    ctx.emit("transported-lost", power=naval["power"], bp=bp, units=units,
             everything=bool(units) and not carried["units"], bp_left=carried["bp"], why=why)


def _pseudo_battle(carried: dict, loss: int) -> dict:
    """The carried units as a side of a land battle, to allocate their loss (P88)."""
    return {"transport": carried, "loss": {"transport": loss}}


def absorb_choices(state: dict, t, carried: dict, loss: int, limit: int = 40) -> list[dict]:
    """The legal ways the carried units absorb a land BP loss, as a land battle's (P88)."""
    from forge.engine.pax_romana.allocation import legal_allocations

    return legal_allocations(state, t, _pseudo_battle(carried, loss), "transport", limit)


def _absorb(ctx: Ctx, naval: dict, allocation: dict) -> None:
    """The chosen units go: the BP and units lost counted, the move ends if nothing is left."""
    from forge.engine.pax_romana.allocation import apply_allocation

    land, absorb = naval["land"], naval.pop("absorb")
    before = sum(land["carried"]["units"].values()) + sum(land["carried"]["reduced"].values())
    battle = _pseudo_battle(land["carried"], absorb["loss"])
    lost, _ = apply_allocation(ctx.state, ctx.t, battle, "transport", allocation)
    land["units"] = sum(land["carried"]["units"].values()) + \
        sum(land["carried"]["reduced"].values())
    land["bp"] -= lost
    naval["lost"]["land_bp"] += lost
    naval["lost"]["land_units"] += before - land["units"]
    ctx.emit("transported-lost", power=naval["power"], bp=lost, units=before - land["units"],
             everything=not land["units"], bp_left=land["bp"], why=absorb["why"],
             chosen=allocation)


def naval_losses(ctx: Ctx, action: dict) -> None:
    """Which carried units absorb the land BP lost: one of the legal allocations (P88)."""
    from forge.engine.pax_romana.allocation import KINDS, check_allocation

    naval = ctx.state.get("naval")
    if not naval or not naval.get("absorb"):
        raise IllegalAction(N_("no loss of the carried units waits to be allocated"))
    allocation = {**{k: dict(action.get(k) or {}) for k in KINDS}, "walls": 0}
    battle = _pseudo_battle(naval["land"]["carried"], naval["absorb"]["loss"])
    check_allocation(ctx.state, ctx.t, battle, "transport", allocation)
    _absorb(ctx, naval, allocation)
    ctx.state["last"] = {"kind": "naval-losses", **_summary(naval)}
    _still_afloat(ctx, naval)


def _still_afloat(ctx: Ctx, naval: dict) -> bool:
    """Whether anything of the fleet is left; the move ends when nothing is (11.21, 11.46)."""
    if naval["squadrons"] or naval["land"]["units"]:
        return True
    _over(ctx, naval, "destroyed")
    return False


def _pirates(ctx: Ctx, naval: dict, cilician: bool) -> bool:
    """A fleet entering a pirates' point must attack them; if it fails it goes back to the
    last port it passed, Finished (12.62-12.64; P64)."""
    galley_bp = naval["squadrons"] * squadron_bp(ctx, naval)
    found = pirate_roll(ctx, galley_bp, naval["leader"], cilician)
    _result(ctx, "pirates", found)
    if not found["cleared"]:
        _over(ctx, naval, "pirates_repelled")
        return False
    naval["stop"]["reasons"].append("pirates")
    if ctx.t.movement["naval"]["pirates"]["cleared_then_continuity_as_winner"]:
        naval["stop"]["drm"].append("won_naval_battle")
    return True


def _enemy_fleet(ctx: Ctx, naval: dict, enemy: dict) -> bool:
    """An enemy fleet in the point retreats or fights (11.41-11.46); False when the move is
    over (the moving fleet lost, or nothing of it is left)."""
    naval["stop"]["reasons"].append("enemy_fleet")
    if enemy.get("retreats"):
        naval["stop"]["reasons"].append("enemy_retreated")
        naval["stop"]["drm"].append("enemy_retreated")
        ctx.emit("enemy-fleet-retreats", power=naval["power"], enemy=enemy.get("power") or "")
        return True
    naval["enemy"] = dict(enemy)
    return _battle(ctx, naval, enemy)


def _battle(ctx: Ctx, naval: dict, enemy: dict, attacking: bool = True) -> bool:
    """The naval battle of the moving fleet against `enemy` (attacked by it when not
    `attacking`), and what it does to the land units carried (11.43-11.46; P61)."""
    if not naval["squadrons"]:
        ctx.emit("naval-battle-unescorted", power=naval["power"])
        _lose_land(ctx, naval, naval["land"]["bp"], True, "unescorted")
        _over(ctx, naval, "destroyed")
        return False
    mine = {"squadrons": naval["squadrons"], "leader": naval["leader"],
            "galley_technology": naval["galley_technology"]}
    me, them = ("attacker", "defender") if attacking else ("defender", "attacker")
    found = fight(ctx, mine, enemy) if attacking else fight(ctx, enemy, mine)
    _result(ctx, "naval-battle", found)
    enemy["squadrons"] -= found["lost"][them]
    book_loss(ctx, enemy.get("power"), found["lost"][them], "naval_battle")
    lost = found["lost"][me]
    _lose_squadrons(ctx, naval, lost, "naval_battle")
    if naval["land"]["units"]:
        everything = not naval["squadrons"]
        _lose_land(ctx, naval, lost * squadron_bp(ctx, mine), everything, "naval_battle")
    if found["winner"] == them:
        afloat = naval["squadrons"] or naval["land"]["units"]
        _over(ctx, naval, "lost_naval_battle" if afloat else "destroyed")
        return False
    if not _still_afloat(ctx, naval):
        return False
    if not attacking:
        return True
    if found["winner"] == me:
        naval["stop"]["reasons"].append("won_naval_battle")
        naval["stop"]["drm"].append("won_naval_battle")
        naval.pop("enemy", None)
    else:
        naval["stop"]["reasons"].append("tie")
        naval["stop"]["no_drm"] = True
    return True


def _stops(ctx: Ctx, naval: dict, action: dict) -> None:
    """The reasons the fleet must stop here (11.12, 11.16-11.17, 11.36; P65)."""
    reasons = naval["stop"]["reasons"]
    point = naval["at"]
    if point["point"] == "port":
        naval["last_port"] = point["name"]
        if point["enemy"] and not action.get("lets_pass"):
            reasons.append("enemy_port")
        elif not point["enemy"] and not point["home"] and not point["friendly"]:
            reasons.append("port_outside_home")
        if action.get("land_here") and not point["friendly"]:
            reasons.append("landing_port")
        if point["enemy_land"] and naval["land"]["units"]:
            reasons.append("enemy_land")
    if action.get("stop"):
        reasons.append("chosen")


def _settle(ctx: Ctx, naval: dict) -> None:
    """Moving on, or stopped with its reasons."""
    reasons = naval["stop"]["reasons"]
    if reasons:
        naval["stage"] = "stopped"
        ctx.emit("naval-stop", power=naval["power"], reasons=list(dict.fromkeys(reasons)))
    else:
        naval["stop"] = None
    ctx.state["last"] = {"kind": "naval-enter", **_summary(naval)}


# --- after a stop -----------------------------------------------------------------------------

def naval_continuity(ctx: Ctx, action: dict) -> None:
    """Roll to move on after a stop (11.13-11.14): Finished in a high-seas point is lost
    (11.21); a transport passing non-friendly land units that fails attacks them (11.36);
    after a tie the fleet may attack again instead, or be attacked as it leaves (11.45;
    P68)."""
    state = ctx.state
    naval = _current(state, "stopped")
    stop = naval["stop"]
    passing = "enemy_land" in stop["reasons"]
    if passing:
        _check_amphibious_mp(ctx, naval, N_("a transport passes non-friendly land units only "
                                            "with the MP to attack them"))
    drm = [] if stop["no_drm"] else (["leader"] if naval["leader"] else []) + stop["drm"]
    if (action.get("attack_again") or action.get("enemy_attacks")) \
            and "tie" not in stop["reasons"]:
        raise IllegalAction(N_("only after a drawn naval battle does the fleet attack again"))
    found = continuity_roll(ctx, drm)
    _result(ctx, "continuity", found)
    if found["result"] == "continue":
        naval["stop"] = None
        naval["stage"] = "moving"
        if action.get("attack_again"):
            _again(ctx, naval)
        elif action.get("enemy_attacks"):
            _attacked_leaving(ctx, naval)
        else:
            ctx.state["last"] = {"kind": "naval-continuity", **_summary(naval)}
        return
    if naval["at"]["point"] == "high_seas":
        _lose_squadrons(ctx, naval, naval["squadrons"], "high_seas")
        _lose_land(ctx, naval, naval["land"]["bp"], True, "high_seas")
        _over(ctx, naval, "lost_at_high_seas")
    elif passing:
        ctx.emit("amphibious-forced", power=naval["power"])
        _amphibious(ctx, naval)
    else:
        naval["stage"] = "finished"
        ctx.emit("naval-finished", power=naval["power"], name=naval["at"]["name"])
        ctx.state["last"] = {"kind": "naval-continuity", **_summary(naval)}


def _again(ctx: Ctx, naval: dict) -> None:
    """Attack the fleet it drew with again (11.45)."""
    naval["stop"] = {"reasons": [], "drm": [], "no_drm": False}
    if _battle(ctx, naval, naval["enemy"]):
        _settle(ctx, naval)


def _attacked_leaving(ctx: Ctx, naval: dict) -> None:
    """The fleet it drew with attacks it as it leaves; a fleet that does not lose sails on
    (11.45; P68)."""
    if _battle(ctx, naval, naval["enemy"], attacking=False):
        naval.pop("enemy", None)
        ctx.state["last"] = {"kind": "naval-continuity", **_summary(naval)}


def naval_pick_up(ctx: Ctx, action: dict) -> None:
    """Pick up squadrons (free, no stop) or land units in a port: 1 MP for a transport; a fleet
    of galleys with a leader becomes a transport and rolls its MP, Campaign - 1 (11.17,
    11.32)."""
    naval = _current(ctx.state, "moving", "stopped")
    if naval["at"]["point"] != "port":
        raise IllegalAction(N_("units are picked up in a port"))
    rule = ctx.t.movement["naval"]["transport"]
    squadrons = action.get("squadrons") or 0
    units, bp = action.get("land_units") or 0, action.get("land_bp") or 0
    if bp and not units:
        raise IllegalAction(N_("name the land units carried as well as their BP"))
    if units and not naval["land"]["units"]:
        _turn_into_transport(ctx, naval)
    elif units:
        _spend(naval, rule["pick_up_en_route"], "pick_up")
    naval["squadrons"] += squadrons
    if units:
        naval["land"].pop("carried", None)
    naval["land"]["units"] += units
    naval["land"]["bp"] += bp
    for key, count in (("squadrons", squadrons), ("land_units", units), ("land_bp", bp)):
        naval["picked"][key] += count
    ctx.emit("naval-picked-up", power=naval["power"], squadrons=squadrons, land_units=units,
             land_bp=bp, mp_left=left(naval))
    ctx.state["last"] = {"kind": "naval-pick-up", **_summary(naval)}


def _turn_into_transport(ctx: Ctx, naval: dict) -> None:
    """A fleet of galleys with a leader picks up land units: its MP are 1d6 + Campaign - 1
    (11.32; P59)."""
    rule = ctx.t.movement["allowance"]
    if not naval["leader"] or naval["campaign"] is None:
        raise IllegalAction(N_("only a fleet with a leader (give his Campaign) picks up land "
                               "units on its way"))
    roll = ctx.d6("movement allowance")
    drop = 1 if rule["fleet_leader_picking_up_troops"] == "campaign_minus_1" else 0
    naval["mp"] = max(0, roll + naval["campaign"] - drop)
    naval["spent"] = 0
    naval["sailed"] = True
    _result(ctx, "allowance", {"roll": roll, "campaign": naval["campaign"] - drop,
                               "mp": naval["mp"]})
    disembark = ctx.t.movement["naval"]["transport"]["disembark"]
    if naval["mp"] < disembark:
        raise IllegalAction(N_("this transport has {mp} MP and needs {need} to embark, sail "
                               "and land somewhere"), mp=naval["mp"], need=disembark)


# --- landing ------------------------------------------------------------------------------------

def naval_land(ctx: Ctx, action: dict) -> None:
    """Land carried units in this port: one unit dropped while others sail on is free, a
    landing costs 1 MP, an amphibious attack on non-friendly land units 1 more (11.31-11.34;
    P69)."""
    naval = _current(ctx.state, "moving", "stopped", "finished")
    point = naval["at"]
    if point["point"] != "port":
        raise IllegalAction(N_("land units land in a port"))
    carried = naval["land"]
    if not carried["units"]:
        raise IllegalAction(N_("the fleet carries no land units"))
    if action.get("attack"):
        if not point.get("enemy_land"):
            raise IllegalAction(N_("an amphibious attack is made on non-friendly land units: "
                                   "this port holds none"))
        _check_amphibious_mp(ctx, naval, N_("an amphibious attack needs the MP to land "
                                            "somewhere without a battle"))
        _amphibious(ctx, naval)
        return
    if point.get("enemy_land"):
        raise IllegalAction(N_("land units never land in an enemy-occupied space but by an "
                               "amphibious attack"))
    units = action.get("land_units") or carried["units"]
    bp = carried["bp"] if units >= carried["units"] else action.get("land_bp")
    if units > carried["units"] or bp is None or bp > carried["bp"]:
        raise IllegalAction(N_("the fleet carries {units} land units of {bp} BP"),
                            units=carried["units"], bp=carried["bp"])
    rule = ctx.t.movement["naval"]["transport"]
    single = units == 1 and units < carried["units"]
    cost = rule["drop_single_unit"] if single else rule["disembark"]
    _spend(naval, cost, "landing")
    if units < carried["units"]:
        carried.pop("carried", None)
    carried["units"] -= units
    carried["bp"] -= bp
    naval["landed"]["units"] += units
    naval["landed"]["bp"] += bp
    ctx.emit("naval-landed", power=naval["power"], name=point["name"], units=units, bp=bp,
             mp=cost, mp_left=left(naval))
    if not carried["units"]:
        _over(ctx, naval, "landed")
    else:
        ctx.state["last"] = {"kind": "naval-land", **_summary(naval)}


def _amphibious_cost(ctx: Ctx) -> int:
    attack = next(s["mp"] for s in ctx.t.movement["mp_costs"]["steps"] if s["id"] == "attack")
    return ctx.t.movement["naval"]["transport"]["disembark"] + attack


def _check_amphibious_mp(ctx: Ctx, naval: dict, why: str) -> None:
    """An amphibious attack needs the MP to land and attack (11.34, 11.36; P58)."""
    need = _amphibious_cost(ctx)
    if left(naval) is not None and left(naval) < need:
        raise IllegalAction(N_("{why}: {need} MP, and it has {left}"), why=why, need=need,
                            left=left(naval))


def _amphibious(ctx: Ctx, naval: dict) -> None:
    """Pay to land and attack; the land battle is then fought (`battle`, amphibious)."""
    _spend(naval, _amphibious_cost(ctx), "amphibious")
    naval["stage"] = "amphibious"
    naval["stop"] = None
    ctx.emit("amphibious-attack", power=naval["power"], name=naval["at"]["name"],
             bp=naval["land"]["bp"], mp_left=left(naval))
    ctx.state["last"] = {"kind": "naval-land", **_summary(naval)}


def naval_amphibious(ctx: Ctx, action: dict) -> None:
    """After the amphibious battle (11.35): landed when the defender retreated; otherwise sail
    on (already embarked), attack again for 2 MP, or, with the MP for neither, roll 1d6:
    on a 6 the fleet and its troops are lost, else they go to the nearest controlled port."""
    naval = _current(ctx.state, "amphibious")
    naval["land"].pop("carried", None)         # the land battle allocated its own losses
    _lose_land(ctx, naval, min(action.get("lost_bp") or 0, naval["land"]["bp"]),
               False, "amphibious")
    if action.get("lost_bp") and not naval["land"]["bp"]:
        _lose_land(ctx, naval, 0, True, "amphibious")
        _over(ctx, naval, "landing_destroyed")
        return
    outcome = action["outcome"]
    if outcome == "landed":
        naval["landed"]["units"] += naval["land"]["units"]
        naval["landed"]["bp"] += naval["land"]["bp"]
        naval["land"] = {"units": 0, "bp": 0}
        ctx.emit("naval-landed", power=naval["power"], name=naval["at"]["name"],
                 units=naval["landed"]["units"], bp=naval["landed"]["bp"], mp=0,
                 mp_left=left(naval))
        _over(ctx, naval, "landed")
        return
    rule = ctx.t.movement["naval"]
    again, sail = rule["amphibious"]["attack_again_mp"], \
        rule["transport"]["sail"] + rule["transport"]["disembark"]
    if outcome == "again":
        _spend(naval, again, "amphibious_again")
        ctx.emit("amphibious-attack", power=naval["power"], name=naval["at"]["name"],
                 bp=naval["land"]["bp"], mp_left=left(naval))
        ctx.state["last"] = {"kind": "naval-amphibious", **_summary(naval)}
    elif outcome == "sail":
        if left(naval) < sail:
            raise IllegalAction(N_("sailing on to land elsewhere needs {need} MP and the "
                                   "transport has {left}: roll for the stranded landing"),
                                need=sail, left=left(naval))
        _spend(naval, rule["transport"]["sail"], "sail")
        naval["stage"] = "moving"
        ctx.emit("naval-sails-on", power=naval["power"], mp_left=left(naval))
        ctx.state["last"] = {"kind": "naval-amphibious", **_summary(naval)}
    else:
        if left(naval) >= min(again, sail):
            raise IllegalAction(N_("the transport has {left} MP, enough to sail on or attack "
                                   "again: it is not stranded"), left=left(naval))
        _stranded(ctx, naval)


def stranded_roll(ctx: Ctx) -> dict:
    """1d6: on the number the rule gives, the whole fleet and its troops are lost (11.35)."""
    rule = ctx.t.movement["naval"]["amphibious"]["stranded_roll"]
    roll = ctx.d6("stranded landing")
    return {"roll": roll, "lost": roll == rule["all_lost_on"]}


def _stranded(ctx: Ctx, naval: dict) -> None:
    found = stranded_roll(ctx)
    _result(ctx, "stranded", found)
    if found["lost"]:
        _lose_squadrons(ctx, naval, naval["squadrons"], "stranded")
        _lose_land(ctx, naval, naval["land"]["bp"], True, "stranded")
        _over(ctx, naval, "destroyed")
    else:
        _over(ctx, naval, "nearest_controlled_port")


# --- the end of the move ---------------------------------------------------------------------

def naval_end(ctx: Ctx, action: dict) -> None:
    """End the move here: never in a high-seas point; a transport lands its units in a port
    (11.32), or stays in a transit point only when Finished there (11.21); a fleet in a
    non-friendly port or transit point must reach a friendly port by the end of the turn
    (11.15; P63)."""
    naval = _current(ctx.state, "moving", "stopped", "finished")
    point = naval["at"]["point"]
    if point == "high_seas":
        raise IllegalAction(N_("a fleet never ends its move in a high-seas transit point"))
    if naval["land"]["units"] and point == "port":
        raise IllegalAction(N_("a transport ends its move by landing its units"))
    if naval["land"]["units"] and naval["stage"] != "finished":
        raise IllegalAction(N_("a transport stays in a transit point only when Finished there"))
    _over(ctx, naval, "ended")


def _over(ctx: Ctx, naval: dict, how: str) -> None:
    """The move is over: what it did goes to `last`."""
    point = naval["at"]
    exposed = how in ("ended", "landed") and (point["point"] == "transit" or (
        point["point"] == "port" and not point.get("friendly") and not point.get("home")))
    summary = {**_summary(naval), "ended": how,
               "must_reach_friendly_port": bool(exposed and naval["squadrons"])}
    ctx.state["naval"] = None
    ctx.state["last"] = {"kind": "naval-move", **summary}
    ctx.emit("naval-over", power=naval["power"], ended=how, squadrons=naval["squadrons"],
             land_units=naval["land"]["units"], land_bp=naval["land"]["bp"],
             landed_units=naval["landed"]["units"], mp_left=left(naval),
             must_reach_friendly_port=summary["must_reach_friendly_port"])


def _summary(naval: dict) -> dict:
    return {k: naval[k] for k in ("power", "squadrons", "land", "stage", "at", "points",
                                  "lost", "picked", "landed", "spent")} | {
        "mp_left": left(naval), "stop": naval["stop"]}


def legal(state: dict) -> list[dict]:
    """The naval actions that fit the move's stage."""
    naval = state.get("naval")
    if naval and naval.get("absorb"):
        return [{"type": "naval-losses", **{k: v for k, v in choice.items()
                                            if k in ("eliminate", "reduce", "eliminate_reduced")
                                            and v}}
                for choice in absorb_choices(state, tables(), naval["land"]["carried"],
                                             naval["absorb"]["loss"])]
    if not naval:
        return [{"type": "naval-move", "open": ["power", "squadrons", "leader", "campaign",
                                                "carried",
                                                "galley_technology", "land_units", "land_bp",
                                                "mp", "at", "name"]}]
    stage, point = naval["stage"], naval["at"]["point"]
    actions = []
    if stage == "moving":
        actions.append({"type": "naval-enter", "open": ["point", "name"]})
    if stage == "stopped":
        actions.append({"type": "naval-continuity"})
        if "tie" in naval["stop"]["reasons"]:
            actions.append({"type": "naval-continuity", "attack_again": True})
            actions.append({"type": "naval-continuity", "enemy_attacks": True})
    if stage in ("moving", "stopped") and point == "port":
        actions.append({"type": "naval-pick-up", "open": ["squadrons", "land_units",
                                                          "land_bp"]})
    if stage != "amphibious" and point == "port" and naval["land"]["units"]:
        if not naval["at"].get("enemy_land"):
            actions.append({"type": "naval-land", "open": ["land_units", "land_bp"]})
        if naval["at"].get("enemy_land"):
            actions.append({"type": "naval-land", "attack": True})
    if stage == "amphibious":
        actions.extend({"type": "naval-amphibious", "outcome": o, "open": ["lost_bp"]}
                       for o in ("landed", "again", "sail", "stranded"))
    if stage != "amphibious" and point != "high_seas" and not (
            naval["land"]["units"] and (point == "port" or stage != "finished")):
        actions.append({"type": "naval-end"})
    return actions
