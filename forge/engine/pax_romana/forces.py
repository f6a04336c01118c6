"""The forces events bring and the independents (12.4-12.7, 13.3, 13.4): kept in
`state["forces"]`, each `{id, force, role, owner, against, units, leader, expires, marker}`
(`owner` the power that moves it, or null; `expires` the turn of the Elimination Phase it
leaves in, or null: until destroyed). Their numbers come from units.yaml `forces` and
events.yaml's rebellion areas and invaders; where they stand is the players' business.

The `force` action runs them: `activate` (the slave army grows and moves, Pergamum rolls for a
leader, the Pontus marker is drawn), `losses` (units lost in a battle; the last one gone ends
it), `near_capital` (13.44), `remove`, and `occupy` (Rhodes, Standard Game). Turn-long effects
of events live in `state["status"]`: `{status, power, turn, until}`.
"""
from __future__ import annotations

from forge.engine.core import N_
from forge.engine.pax_romana.refusal import IllegalAction
from forge.engine.pax_romana.state import Ctx, check_power
from forge.engine.pax_romana.temporary import lost_in_battle

STOP = "stop"


def _forces(state: dict) -> list[dict]:
    return state.setdefault("forces", [])


def force_rule(t, force_id: str) -> dict:
    """A force's units and leader (units.yaml `forces`)."""
    return next(f for f in t.units["forces"] if f["id"] == force_id)


def behaviour(t, role: str) -> dict:
    """How a force behaves (forces.yaml): who moves it, how it acts, when it leaves."""
    return next(f for f in t.forces["forces"] if f["id"] == role)


def _leaves(ctx: Ctx, role: str):
    """The turn whose Elimination Phase removes a force fielded now, or None."""
    rule = behaviour(ctx.t, role)
    return ctx.state["turn"] + 1 if rule["leaves"] == "next_elimination" else None


def add_status(ctx: Ctx, status_id: str, power: str, **more) -> None:
    """A turn-long effect of an event on a power (events.yaml `statuses`)."""
    entry = next(s for s in ctx.t.events["statuses"] if s["id"] == status_id)
    status = {"status": status_id, "power": power, "turn": ctx.state["turn"],
              "until": entry["until"], **more}
    ctx.state.setdefault("status", []).append(status)
    ctx.emit("status-added", **status)


def _place(ctx: Ctx, force_id: str, role: str, units: dict, owner=None, leader=None,
           **more) -> dict:
    """A force on the map; `role` its forces.yaml entry (when it leaves, its marker)."""
    existing = [f for f in _forces(ctx.state) if f["force"] == force_id]
    entry = {"id": f"{force_id}-{len(existing) + 1}" if existing else force_id,
             "force": force_id, "role": role, "owner": owner, "units": dict(units),
             "leader": dict(leader) if leader else None, "expires": _leaves(ctx, role),
             "marker": bool(behaviour(ctx.t, role).get("marker_in_bag")), **more}
    _forces(ctx.state).append(entry)
    ctx.emit("force-placed", **entry)
    return entry


def _dice(ctx: Ctx, dice: str) -> int:
    """The barbarian infantry a force brings: so many d6 (2d6, 3d6)."""
    return sum(ctx.d6("barbarian infantry") for _ in range(int(dice.split("d")[0])))


# --- placed by events ----------------------------------------------------------------------------

def field(run, force_id: str):
    """The Soldier of Fortune's army (a force, not the power's books: P74) or the kingdom of
    Pontus with its marker in the bag (P79), for the power (12.43, 12.55)."""
    ctx = run.ctx
    rule = force_rule(ctx.t, force_id)
    if run.power in rule.get("never_for", []):
        run.note("no_event")
        return STOP
    placed = _place(ctx, force_id, force_id, rule["units"], owner=run.power,
                    leader=rule.get("leader"))
    if placed["marker"] and ctx.state["phase"] == "activation":
        ctx.state["bag"]["markers"].append(placed["id"])
    return None


def invaders(run, entry: dict, step: dict):
    """An invading army: its BI rolled, its leader, for the player who rolled it (or any
    player: the Germans); it leaves in the next Elimination Phase (13.4)."""
    ctx = run.ctx
    units = {}
    if step.get("variant_if") and run.fact(step["variant_if"]):
        units["barbarian_infantry"] = _dice(ctx, entry["barbarian_infantry_in_germania"])
        units["cavalry"] = entry["cavalry_in_germania"]
    else:
        units["barbarian_infantry"] = _dice(ctx, entry["barbarian_infantry"])
    _place(ctx, entry["id"], "invaders", units, owner=run.power, leader=entry.get("leader"),
           shared=entry.get("used_by") == "any_player", near_capital=[])


def rebels(run, entry: dict, step: dict):
    """Rebel BI that stay until destroyed, moved by nobody (13.3; P34 for the places)."""
    from forge.engine.pax_romana.state import reading

    ctx = run.ctx
    if "per_space" in step:
        count = entry["barbarian_infantry_per_space"] * run.fact(step["per_space"])
    else:
        places = 1
        if reading(ctx.state, "hispania_rebels") != "one_lusitanian_space":
            places = run.fact("empty_spaces")
        if step.get("also_if") and run.fact(step["also_if"]):
            places += 1
        count = entry["barbarian_infantry"] * places
    if count:
        _place(ctx, entry["id"], "rebels", {"barbarian_infantry": count})
    else:
        run.note("no_rebels")


def slave_revolt(run):
    """The slave army (12.7): none without an empty home space or while one runs against the
    power; -1 stability; 2 BI placed by the next power in the order of play not allied with
    it (P33)."""
    ctx = run.ctx
    power = run.power
    if not run.fact("empty_home_space") or any(
            f["force"] == "slave_army" and f.get("against") == power for f in _forces(ctx.state)):
        run.note("no_event")
        return STOP
    rule = force_rule(ctx.t, "slave_army")
    ctx.change_stability(power, ctx.t.stability_change("slave_revolt_starts"), "slave revolt")
    order = ctx.state["order"]
    start = order.index(power) if power in order else 0
    placer = next((p for p in order[start + 1:] + order[:start] if p != power), None)
    _place(ctx, "slave_army", "slave_army", {"barbarian_infantry": rule[
        "start_barbarian_infantry"]}, against=power, placed_by=placer)
    return None


def ally(run, force_id: str):
    """Alliance with Rhodes or Pergamum, played with an Alliance card (17.2, 12.51, 12.54;
    P78)."""
    ctx = run.ctx
    book = ctx.book(run.power)
    if "alliance" not in book["cards"]:
        raise IllegalAction(N_("this card is played with an Alliance card"))
    present = next((f for f in _forces(ctx.state) if f["force"] == force_id), None)
    if force_id == "pergamum":
        units = run.fact("forces") if present is None else present["units"]
        if not any(units.values()):
            run.note("no_event")
            return STOP
    book["cards"].remove("alliance")
    ctx.state["deck"]["discards"].append("alliance")
    ctx.emit("card-played", power=run.power, card="alliance", removed=False)
    if force_id == "rhodes" and (present is None or present["owner"] != run.power):
        ctx.pay(run.power, run.entry["cost"], "alliance with Rhodes")
    if present is None:
        present = _place(ctx, force_id, force_id,
                         units if force_id == "pergamum" else {}, owner=run.power)
    present["owner"] = run.power
    ctx.emit("force-allied", id=present["id"], owner=run.power)
    return None


def africa(run, entry: dict, step: dict):
    """Carthage's mercenaries in Africa turn rebel: BI of equal BP; no African income until
    they are gone; none there, no event (13.3; P76)."""
    ctx = run.ctx
    mercenaries = {u: n for u, n in run.fact("mercenaries", {}).items() if n}
    if not mercenaries or "carthage" not in ctx.state["powers"]:
        run.note("no_event")
        return STOP
    bp = sum(ctx.t.unit[u]["battle_points"] * n for u, n in mercenaries.items())
    _take_units(ctx, "carthage", mercenaries)
    _place(ctx, entry["id"], "rebels", {"barbarian_infantry": bp}, status=step["status"])
    add_status(ctx, step["status"], "carthage")
    return None


def gaul(run, entry: dict):
    """Gaul (13.3): no continental province controlled, a garrison may go; else 1d6 plus the
    provinces controlled: a local rebellion, or once a game the massive one (P77)."""
    ctx = run.ctx
    controlled = run.fact("gallic_provinces")
    if not controlled:
        run.note("garrison_may_go")
        return STOP
    rolled = ctx.d6("gallic rebellion")
    total = rolled + controlled
    massive = entry["massive"]
    if total >= massive["at_least"] and not ctx.state.get("massive_gaul"):
        ctx.state["massive_gaul"] = True
        run.note("massive", roll=rolled, total=total)
        _place(ctx, "gallic_rebellion", "gallic_rebellion",
               {"barbarian_infantry": _dice(ctx, massive["barbarian_infantry"])},
               owner=run.power, leader=massive["leader"], shared=True, near_capital=[])
        return None
    local = entry["local"]
    run.note("local", roll=rolled, total=total)
    units = run.fact("units", {})
    if any(units.values()):
        eliminate_units(run, run.target(), units, local["bp_max"], None)
    count = local["barbarian_infantry"] + local["plus_per_uncontrolled_space"] * run.fact(
        "uncontrolled_spaces")
    _place(ctx, entry["id"], "rebels", {"barbarian_infantry": count})
    return None


def eliminate_units(run, power: str, units: dict, bp_max, bp_min) -> None:
    """A power's units eliminated by an event: within the BP the entry allows; its heavy
    units and temporary units counted off its books."""
    ctx = run.ctx
    bp = sum(ctx.t.unit[u]["battle_points"] * n for u, n in units.items())
    if bp_max is not None and bp > bp_max:
        raise IllegalAction(N_("at most {bp} BP are eliminated"), bp=bp_max)
    if bp_min is not None and bp < bp_min:
        raise IllegalAction(N_("at least {bp} BP are eliminated"), bp=bp_min)
    _take_units(ctx, power, units)
    ctx.emit("units-eliminated", power=power, units=units, bp=bp)


def _take_units(ctx: Ctx, power: str, units: dict) -> None:
    """Units a power loses to an event: heavy units and temporary ones off its books."""
    book = ctx.book(power)
    for unit, count in units.items():
        if ctx.t.unit[unit].get("counts_against_maxph"):
            book["heavy"] = max(0, book["heavy"] - count)
    lost_in_battle(book, units)


# --- the force action -----------------------------------------------------------------------

def find(state: dict, force_id: str) -> dict:
    found = next((f for f in _forces(state) if f["id"] == force_id), None)
    if found is None:
        raise IllegalAction(N_("no force '{force}' is on the map"), force=force_id)
    return found


def act(ctx: Ctx, action: dict) -> None:
    """A force on the map acts, loses units, comes near a capital or is removed; Rhodes is
    occupied (Standard Game)."""
    if action["step"] == "occupy":
        occupy(ctx, action)
        return
    entry = find(ctx.state, action["force"])
    STEP[action["step"]](ctx, entry, action)


def _activate(ctx: Ctx, entry: dict, action: dict) -> None:
    """The force's own activation (forces.yaml `activation`)."""
    t = ctx.t
    activation = behaviour(t, entry["role"]).get("activation")
    if activation is None:
        raise IllegalAction(N_("this force is moved in its owner's activations"))
    if activation["kind"] == "grow_and_move":
        power = check_power(ctx.state, action.get("power"))
        if power == entry["against"]:
            raise IllegalAction(N_("the slave army moves in the other players' activations"))
        rule = force_rule(t, "slave_army")
        entry["units"]["barbarian_infantry"] += rule["added_per_activation"]
        ctx.emit("force-grown", id=entry["id"], power=power, units=entry["units"],
                 moves=rule["moves_per_activation"])
    elif activation["kind"] == "leader_roll":
        rule = force_rule(t, "pergamum")["activation_roll"]
        rolled = ctx.d6("pergamum")
        row = next(r for r in rule["rows"] if r["low"] <= rolled <= r["high"])
        if row["result"] == "leader":
            named = next(n for n in t.units["leaders"]["named"] if n["who"] == row["leader"])
            entry["leader"] = {"name": named["name"], "tactical": named["tactical"],
                               "campaign": named["campaign"]}
        ctx.emit("force-activated", id=entry["id"], roll=rolled, leader=entry["leader"])
    else:
        ctx.emit("force-activated", id=entry["id"], roll=None, leader=entry["leader"],
                 major_moves=activation["major_moves"], minor_moves=activation["minor_moves"])


def _losses(ctx: Ctx, entry: dict, action: dict) -> None:
    lost = action.get("units") or {}
    for unit, count in lost.items():
        if count > entry["units"].get(unit, 0):
            raise IllegalAction(N_("the force has fewer {unit} than that"), unit=unit)
        entry["units"][unit] -= count
    entry["units"] = {u: n for u, n in entry["units"].items() if n}
    ctx.emit("force-losses", id=entry["id"], units=lost, left=entry["units"])
    if not any(n for u, n in entry["units"].items()
               if ctx.t.unit[u].get("land_combat_unit") or ctx.t.unit[u].get("naval")):
        _gone(ctx, entry)


def occupy(ctx: Ctx, action: dict) -> None:
    """Standard Game: the power occupying an independent its occupier moves (Rhodes) has its
    squadrons, renewed at the start of each turn (12.51)."""
    from forge.engine.pax_romana.state import advanced

    force_id = action["force"]
    rules = {f["id"]: f for f in ctx.t.forces["forces"]}
    if rules.get(force_id, {}).get("moved_by") != "occupier":
        raise IllegalAction(N_("only Rhodes is occupied this way"))
    if advanced(ctx.state):
        raise IllegalAction(N_("in the Advanced Game Rhodes is allied by card"))
    power = check_power(ctx.state, action.get("power"))
    units = {"galley_squadron": force_rule(ctx.t, force_id)["standard_galleys_each_turn"]}
    present = next((f for f in _forces(ctx.state) if f["force"] == force_id), None)
    if present is None:
        present = _place(ctx, force_id, force_id, units, owner=power)
    present["owner"], present["units"] = power, units
    ctx.emit("force-occupied", id=present["id"], owner=power, units=units)


def _near_capital(ctx: Ctx, entry: dict, action: dict) -> None:
    """13.44: a barbarian army within 1 MP of a home capital: -1 once per army and power
    (P80)."""
    power = check_power(ctx.state, action.get("power"))
    if not behaviour(ctx.t, entry["role"]).get("barbarian_army"):
        raise IllegalAction(N_("only a barbarian army costs stability near a capital"))
    hit = entry.setdefault("near_capital", [])
    if power in hit:
        raise IllegalAction(N_("this army has already cost {power} its stability"), power=power)
    hit.append(power)
    ctx.change_stability(power, ctx.t.stability_change("barbarians_near_capital"),
                         "barbarians near the capital")


def _remove(ctx: Ctx, entry: dict, action: dict) -> None:
    _gone(ctx, entry)


def _gone(ctx: Ctx, entry: dict) -> None:
    """The force leaves the map; the slave revolt's end gives +1 (12.72; P81); a rebellion's
    status ends with its rebels."""
    state = ctx.state
    state["forces"] = [f for f in _forces(state) if f is not entry]
    state["bag"]["markers"] = [m for m in state["bag"]["markers"] if m != entry["id"]]
    ctx.emit("force-removed", id=entry["id"], force=entry["force"])
    if entry["force"] == "slave_army" and entry.get("against") in state["powers"]:
        ctx.change_stability(entry["against"], ctx.t.stability_change("slave_revolt_ends"),
                             "slave revolt over")
    if entry.get("status"):
        state["status"] = [s for s in state.get("status", [])
                           if s["status"] != entry["status"]]


STEP = {"activate": _activate, "losses": _losses, "near_capital": _near_capital,
        "remove": _remove}


# --- the turn ----------------------------------------------------------------------------------

def turn_passes(ctx: Ctx, turn_before: int) -> None:
    """After a phase opens: forces whose Elimination Phase it is leave, the turn-long effects
    of a past turn end, Pontus's marker goes back in the bag (12.46, 13.4, 12.55)."""
    state = ctx.state
    if state["phase"] == "elimination":
        for entry in [f for f in _forces(state)
                      if f["expires"] is not None and f["expires"] <= state["turn"]]:
            _gone(ctx, entry)
    if state["turn"] != turn_before and state.get("status"):
        state["status"] = [s for s in state["status"] if s["until"] != "end_of_turn" and not (
            s["until"] == "end_of_next_turn" and s["turn"] + 1 < state["turn"])]
    if state["turn"] != turn_before and state["game"] == "standard":
        for entry in _forces(state):
            if behaviour(ctx.t, entry["role"]).get("renewed_each_turn") == "standard" and \
                    entry["owner"]:
                entry["units"] = {"galley_squadron": force_rule(ctx.t, entry["force"])[
                    "standard_galleys_each_turn"]}
    if state["phase"] == "activation":
        for entry in _forces(state):
            if entry.get("marker") and entry["id"] not in state["bag"]["markers"]:
                state["bag"]["markers"].append(entry["id"])
