"""The procedures besides the land battle, each one action whose dice are chance steps:
interception, movement, retreat before battle, naval transit and battle, pirates, attrition,
sack, militia, income, upkeep, the victory phase and the event tables.

Each leaves what it found in `state["last"]` ({"kind": the action type, ...}) and emits one
`result` event with the same numbers.
"""
from __future__ import annotations

import math
from fractions import Fraction

from forge.engine.core import N_
from forge.engine.pax_romana import arithmetic, naval, supply
from forge.engine.pax_romana.data import row_for
from forge.engine.pax_romana.refusal import IllegalAction
from forge.engine.pax_romana.state import Ctx, advanced, band_of, check_power, reading
from forge.engine.words import Counted


def _in_phase(state: dict, phase: str) -> None:
    if state["phase"] != phase:
        raise IllegalAction(N_("this is done in the {phase} phase, not now"), phase=phase)


def _found(ctx: Ctx, kind: str, **result) -> None:
    ctx.state["last"] = {"kind": kind, **result}
    ctx.emit("result", procedure=kind, **result)


# --- land movement ------------------------------------------------------------------------------

def intercept(ctx: Ctx, action: dict) -> None:
    """2d6 + Tactical + where the interceptor starts and enters; success at 12 (10.3; P28)."""
    rule = ctx.t.combat["interception"]
    mods = {m["id"]: m for m in rule["modifiers"]}
    dice = ctx.dice_total(2, "interception")
    modifiers = {"leader_tactical": action["tactical"]}
    if action["from"] != "open":
        modifiers[f"from_{action['from']}"] = mods[f"from_{action['from']}"]["value"]
    if action.get("into_city"):
        modifiers["into_city"] = mods["into_city"]["value"]
    total = sum(dice) + sum(modifiers.values())
    _found(ctx, "intercept", dice=dice, modifiers=modifiers, total=total,
           needed=rule["succeeds_at"], success=total >= rule["succeeds_at"])


def allowance(ctx: Ctx, action: dict) -> None:
    """1d6 plus the leader's Campaign, doubled for a leader alone (9.12, 8.23)."""
    rule = ctx.t.movement["allowance"]
    roll = ctx.d6("movement allowance")
    leader = action.get("leader", action.get("campaign") is not None)
    campaign = action.get("campaign") or 0
    mp = roll + campaign if leader else roll
    if leader and action.get("alone") and rule["lone_leader_not_picking_up"] == "double":
        mp *= 2
    _found(ctx, "allowance", roll=roll, campaign=campaign if leader else 0, mp=mp)


def path(ctx: Ctx, action: dict) -> None:
    """The MP a path costs, step by step, from the terrain the players name (9.2)."""
    costs = {s["id"]: s for s in ctx.t.movement["mp_costs"]["steps"]}
    spent, steps = 0, []
    for step in action["steps"]:
        if step not in costs:
            raise IllegalAction(N_("'{step}' is not a movement cost of the game"), step=step)
        mp = costs[step]["mp"]
        if mp == "walls":
            if action.get("walls") is None:
                raise IllegalAction(N_("destroying a town or city costs its wall points: name "
                                       "them"))
            mp = action["walls"]
        spent += mp
        steps.append({"step": step, "mp": mp, "total": spent})
    allowed = action.get("allowance")
    if allowed is not None and spent > allowed:
        raise IllegalAction(N_("this path costs {cost} MP and the allowance is {allowance}"),
                            cost=spent, allowance=allowed)
    _found(ctx, "path", steps=steps, mp=spent, left=None if allowed is None else allowed - spent)


def retreat_before_battle(ctx: Ctx, action: dict) -> None:
    """1d6 plus the enemy's cavalry DRM is the retreat's MP; -1 stability from the home
    territory (10.41-10.45)."""
    rule = ctx.t.combat["retreat_before_battle"]
    power = check_power(ctx.state, action["power"])
    roll = ctx.d6("retreat before battle")
    cavalry = action.get("cavalry") or "none"
    drm = 0
    if cavalry != "none" and not (action.get("mountain_fortress") or action.get("by_sea")):
        drm = rule["cavalry_drm"][cavalry]
    mp = max(0, roll + drm)
    _found(ctx, "retreat-before-battle", power=power, roll=roll, drm=drm, mp=mp,
           refund=rule["attacker_refund"])
    if action.get("home") and not action.get("cunctator"):
        ctx.change_stability(power, rule["home_territory_stability"], "retreat before battle")


# --- naval -----------------------------------------------------------------------------------

def naval_disaster(ctx: Ctx, action: dict) -> None:
    """1d6 at a naval transit point; a storm rolls 1d6 for the losses (11.21-11.22)."""
    found = naval.disaster_roll(ctx, "high_seas" if action.get("high_seas") else "normal")
    _found(ctx, "naval-disaster", **found)


def continuity(ctx: Ctx, action: dict) -> None:
    """2d6 plus modifiers: the fleet continues or is finished (11.13, 11.42)."""
    ids = [m["id"] for m in ctx.t.movement["naval"]["continuity"]["drm"] if action.get(m["id"])]
    found = naval.continuity_roll(ctx, ids)
    _found(ctx, "continuity", **found)


def naval_battle(ctx: Ctx, action: dict) -> None:
    """Each side 1d6 plus its BP; the loser loses half the difference in squadrons, the winner
    one on an odd 1d6 (11.4; P19)."""
    found = naval.fight(ctx, action["attacker"], action["defender"])
    _found(ctx, "naval-battle", **found)


def pirates(ctx: Ctx, action: dict) -> None:
    """1d6 plus the fleet's galley BP (+1 for a leader) clears the pirates at 6 (12.6)."""
    found = naval.pirate_roll(ctx, action["galley_bp"], bool(action.get("leader")),
                              bool(action.get("cilician")))
    _found(ctx, "pirates", **found)


def attrition(ctx: Ctx, action: dict) -> None:
    """1d6 on the Attrition Table: a share of the units, rounded up (9.4; 10.85 counts)."""
    rule = ctx.t.movement["attrition"]
    roll = ctx.d6("attrition")
    percent = row_for(rule["rows"], roll)["percent"]
    lost = math.ceil(Fraction(action["units"] * percent, 100))
    _found(ctx, "attrition", roll=roll, percent=percent, units=action["units"], lost=lost,
           reduce_counts=rule["reduce_counts"], eliminate_counts=rule["eliminate_counts"])


# --- sack and militia -------------------------------------------------------------------------

def sack(ctx: Ctx, action: dict) -> None:
    """Sack and pillage (7.5; P20, P21): the sack roll, the loot, the roll to go on."""
    rule = ctx.t.combat["sack"]
    power = action["power"]
    campaign = action["campaign"]
    result = {"power": power, "place": action["kind"]}
    if action.get("barbarians"):
        sacked = True
    else:
        roll = ctx.d6("sack")
        drm = rule["check"]["mercenary_drm"] if action.get("mercenaries") else 0
        sacked = roll + drm > campaign
        result.update(roll=roll, drm=drm)
    result["sacked"] = sacked
    loot = 0
    if sacked and not action.get("barbarians"):
        die = ctx.d6("loot")
        loot = die
        if action["kind"] == "town":
            town = rule["loot"]["town"]
            half = Fraction(die, town["divide_by"])
            loot = math.ceil(half) if reading(ctx.state, "sack_town_rounding") == "up" \
                else math.floor(half)
        if action.get("mercenaries"):
            loot = loot // 2
        result["loot_roll"] = die
    result["loot"] = loot
    go_on = None
    if sacked:
        go_on_roll = ctx.d6("go on after the sack")
        go_on = go_on_roll <= campaign
        result["go_on_roll"] = go_on_roll
    result["may_continue"] = go_on if sacked else True
    _found(ctx, "sack", **result)
    if loot and power in ctx.state["powers"]:
        ctx.change_treasury(power, loot, "sack")


def militia(ctx: Ctx, action: dict) -> None:
    """1d6 halved, rounded up, with the band's modifier; -1 stability (12.31-12.34)."""
    rule = ctx.t.combat["militia"]
    power = check_power(ctx.state, action["power"])
    band = band_of(ctx.state, ctx.t, power)
    modifier = rule["by_band"][band]
    roll = ctx.d6("militia")
    raised = 0
    if modifier != "none":
        raised = max(0, math.ceil(Fraction(roll, rule["divide_by"])) + modifier)
    _found(ctx, "militia", power=power, roll=roll, band=band, raised=raised)
    if raised:
        ctx.book(power)["temporary"].append({"unit": "militia", "count": raised,
                                             "expires": ctx.state["turn"] + 1})
        ctx.change_stability(power, rule["stability"], "militia")


# --- the economy ------------------------------------------------------------------------------

def income(ctx: Ctx, action: dict) -> None:
    """Phase A: provinces, complete territories, towns, cities and the mine (6.1, 7.13)."""
    t, state = ctx.t, ctx.state
    power = check_power(state, action["power"])
    _in_phase(state, "income")
    rule = t.economy["income"]
    provinces = list(dict.fromkeys(action.get("provinces") or []))
    found_cut = supply.cut_off(state, power)
    cut_off = set((action.get("cut_off") or []) if "cut_off" in action else found_cut)
    total, parts = 0, []
    groups = {}
    for province_id in provinces:
        found = t.province(province_id)
        if not found:
            raise IllegalAction(N_("'{province}' is not a province of the game"),
                                province=province_id)
        group, province = found
        groups.setdefault(group["id"], group)
        if province_id not in cut_off:
            total += province["income"]
            parts.append({"what": province_id, "income": province["income"]})
    for group_id, group in groups.items():
        if all(p["id"] in provinces and p["id"] not in cut_off for p in group["provinces"]):
            total += rule["per_complete_territory"]
            parts.append({"what": group_id, "income": rule["per_complete_territory"]})
    for kind in ("towns", "cities"):
        values = rule[kind[:-1] if kind == "towns" else "city"]
        given = action.get(kind) or {}
        for strength in ("full", "reduced"):
            count = given.get(strength) or 0
            if count:
                total += count * values[strength]
                parts.append({"what": f"{kind}_{strength}", "count": count,
                              "income": count * values[strength]})
    if action.get("mine"):
        total += rule["mine"]
        parts.append({"what": "mine", "income": rule["mine"]})
    _found(ctx, "income", power=power, parts=parts, total=total)
    if total:
        ctx.change_treasury(power, total, "income")


def upkeep(ctx: Ctx, action: dict) -> None:
    """Phase B: galleys and heavy units above the Maximum Manpower, then the CvP check
    (6.41-6.43, 14.21; P22)."""
    t, state = ctx.t, ctx.state
    power = check_power(state, action["power"])
    _in_phase(state, "upkeep")
    book = ctx.book(power)
    rule = t.economy["upkeep"]
    band = band_of(state, t, power)
    maxph = arithmetic.max_manpower(t, power, band)
    over = max(0, book["heavy"] - maxph)
    galleys_paid = action.get("galleys_paid", book["galleys"])
    heavy_paid = action.get("heavy_paid", over)
    if galleys_paid > book["galleys"] or heavy_paid > over:
        raise IllegalAction(N_("{power} pays for {galleys} and {heavy} above its Maximum "
                               "Manpower at most"), power=power,
                            galleys=Counted("{n} galley", "{n} galleys", book["galleys"]),
                            heavy=Counted("{n} heavy unit", "{n} heavy units", over))
    cost = galleys_paid * rule["per_galley_squadron"] + heavy_paid * rule["per_heavy_over_maxph"]
    ctx.pay(power, cost, "upkeep")
    galleys_lost = book["galleys"] - galleys_paid
    heavy_lost = over - heavy_paid
    book["galleys"] -= galleys_lost
    book["heavy"] -= heavy_lost
    penalty = cvp_penalty(state, t, book)
    _found(ctx, "upkeep", power=power, band=band, max_manpower=maxph, over=over, cost=cost,
           galleys_lost=galleys_lost, heavy_lost=heavy_lost, cvp=book["cvp"],
           penalty=penalty["change"] if penalty else 0)
    if penalty:
        ctx.change_stability(power, penalty["change"], penalty["id"])


def cvp_penalty(state: dict, t, book: dict) -> dict | None:
    """The worst Upkeep Phase stability penalty for heavy units above the CvP, counted after
    upkeep (14.21; P22, P52)."""
    at_least = reading(state, "cvp_threshold") == "at_least"
    heavy, cvp = book["heavy"], book["cvp"]
    found = None
    for entry in t.stability["adjustments"]:
        if not entry["id"].startswith("heavy_over_"):
            continue
        if entry.get("advanced_only") and not advanced(state):
            continue
        times = 1 if entry["id"] == "heavy_over_cvp" else int(entry["id"].split("_")[2][0])
        threshold = times * cvp
        hit = heavy > threshold or (at_least and times > 1 and heavy >= threshold)
        if hit and (found is None or entry["change"] < found["change"]):
            found = entry
    return found


def victory(ctx: Ctx, action: dict) -> None:
    """Phase H: VP by GOP and CvP rank (ties share, rounding down), stability for the most and
    fewest VP gained, the next order of play (15.1-15.3, 15.12, 15.13, 3.42)."""
    t, state = ctx.t, ctx.state
    _in_phase(state, "victory")
    powers = list(state["powers"])
    for key in ("gop", "cvp"):
        if sorted(action[key]) != sorted(powers):
            raise IllegalAction(N_("the Victory Phase needs the {what} of every power"),
                                what=key.upper())
    rule = t.victory["vp"]
    gop_vp = arithmetic.rank_awards(action["gop"], rule["gop_ranks"])
    cvp_vp = arithmetic.rank_awards(action["cvp"], rule["cvp_ranks"])
    for power in powers:
        book = ctx.book(power)
        book["gop"], book["cvp"] = action["gop"][power], action["cvp"][power]
        ctx.change_vp(power, gop_vp[power] + cvp_vp[power], "victory")
    gained = {p: state["powers"][p]["vp_turn"] for p in powers}
    most, fewest = max(gained.values()), min(gained.values())
    top = [p for p in powers if gained[p] == most]
    bottom = [p for p in powers if gained[p] == fewest]
    if most != fewest:
        if len(top) == 1:
            ctx.change_stability(top[0], rule["stability_most_gained"], "most VP gained")
        if len(bottom) == 1:
            ctx.change_stability(bottom[0], rule["stability_fewest_gained"], "fewest VP gained")
    order = _order_of_play(ctx, powers)
    state["order"] = order
    _found(ctx, "victory", gop_vp=gop_vp, cvp_vp=cvp_vp, gained=gained, order=order)


def _order_of_play(ctx: Ctx, powers: list[str]) -> list[str]:
    """Lowest VP first; ties by lower stability, then lower CvP, then a die (3.42, 15.13;
    P51)."""
    books = ctx.state["powers"]

    def key(p):
        return (books[p]["vp"], books[p]["stability"], books[p]["cvp"])

    groups: dict[tuple, list[str]] = {}
    for power in powers:
        groups.setdefault(key(power), []).append(power)
    order = []
    for group_key in sorted(groups):
        tied = groups[group_key]
        if len(tied) > 1:
            rolls = {p: ctx.d6(f"order of play: {p}") for p in tied}
            tied = sorted(tied, key=lambda p: (rolls[p], ctx.state["order"].index(p)))
        order.extend(tied)
    return order


# --- event tables ------------------------------------------------------------------------------

def event(ctx: Ctx, action: dict) -> None:
    """An event marker: 2d6 on the Standard Event Table (16.2; P7 for the 5). Its effects wait
    to be applied (effects.py); an event for every player is applied at once."""
    from forge.engine.pax_romana import effects

    rule = ctx.t.events["standard"]
    dice = ctx.dice_total(2, "event")
    row = row_for(rule["rows"], sum(dice))
    event_id = row["event"]
    if row.get("card_says") and reading(ctx.state, "event_5") == "card":
        event_id = row["card_says"]
    entry = next(e for e in ctx.t.events["events"] if e["id"] == event_id)
    _found(ctx, "event", dice=dice, total=sum(dice), event=event_id,
           applies_to=entry.get("applies_to"))
    effects.set_pending(ctx, "event", event_id)
    if entry["applies_to"] == "all":
        effects.apply_at_once(ctx)


def disease(ctx: Ctx, action: dict) -> None:
    """Disease: 1d6 against the Campaign of the player's best leader; the event kills at or
    below it, the card below it (16.2, 17.2; P8 and the disease_rule reading)."""
    entry = next(e for e in ctx.t.events["events"] if e["id"] == "disease")
    source = action.get("source") or "event"
    rule = reading(ctx.state, "disease_rule")
    if rule == "as_written":
        rule = "at_most" if source == "event" and entry["dies_if"] == "at_most_campaign" \
            else "below"
    roll = ctx.d6("disease")
    dies = roll <= action["campaign"] if rule == "at_most" else roll < action["campaign"]
    _found(ctx, "disease", roll=roll, campaign=action["campaign"], rule=rule, dies=dies)


def rebellion(ctx: Ctx, action: dict) -> None:
    """2d6 on the Rebellion Table (13.3); the area's effects wait to be applied."""
    from forge.engine.pax_romana.effects import set_pending

    dice = ctx.dice_total(2, "rebellion")
    area = row_for(ctx.t.events["rebellion"]["rows"], sum(dice))["area"]
    _found(ctx, "rebellion", dice=dice, total=sum(dice), area=area)
    set_pending(ctx, "rebellion", area, action.get("power"))


def invasion(ctx: Ctx, action: dict) -> None:
    """2d6 on the Invasion Table (13.4; P43); the invaders wait to be applied."""
    from forge.engine.pax_romana.effects import set_pending

    dice = ctx.dice_total(2, "invasion")
    invader = row_for(ctx.t.events["invasion"]["rows"], sum(dice))["invader"]
    _found(ctx, "invasion", dice=dice, total=sum(dice), invader=invader)
    set_pending(ctx, "invasion", invader, action.get("power"))


def punic_wars(ctx: Ctx, action: dict) -> None:
    """2d6 on the Punic Wars events (scenario 2). A Standard event (or the Naval Mutiny of the
    Rebellion Table) waits to be applied like one; a Playbook event is only named (P85)."""
    from forge.engine.pax_romana import effects

    dice = [ctx.d6("punic wars event") for _ in range(2)]
    event_id = row_for(ctx.t.events["punic_wars"]["rows"], sum(dice))["event"]
    standard = next((e for e in ctx.t.events["events"] if e["id"] == event_id), None)
    named = next((n for n in ctx.t.events["punic_wars"]["names"] if n["id"] == event_id), {})
    playbook = standard is None and named.get("playbook", False)
    _found(ctx, "punic-wars", dice=dice, total=sum(dice), event=event_id, playbook=playbook,
           applies_to=standard.get("applies_to") if standard else None)
    if standard is not None:
        effects.set_pending(ctx, "event", event_id)
        if standard["applies_to"] == "all":
            effects.apply_at_once(ctx)
    elif not playbook:
        effects.set_pending(ctx, "rebellion", event_id)


def baghdad_loot(ctx: Ctx, action: dict) -> None:
    """1d6 on the Baghdad loot (scenario 5): Talents to or from the power's treasury, never
    below 0, and the Successor Wars in the East announced (P86)."""
    power = check_power(ctx.state, action["power"])
    roll = ctx.d6("baghdad loot")
    row = row_for(ctx.t.events["baghdad_loot"]["rows"], roll)
    change = max(row["talents"], -ctx.state["powers"][power]["treasury"])
    _found(ctx, "baghdad-loot", roll=roll, power=power, talents=row["talents"], change=change,
           successor_wars=row["successor_wars"])
    if change:
        ctx.change_treasury(power, change, "baghdad loot")


def harvest(ctx: Ctx, action: dict) -> None:
    """1d6 for the territory (a 6 rolls again) and its controller's stability (16.2, 17.2)."""
    rule = ctx.t.events["harvest"]
    rolls = [ctx.d6("harvest")]
    row = row_for(rule["rows"], rolls[0])
    if row.get("roll_again"):
        rolls.append(ctx.d6("harvest, again"))
        row = row_for(rule["roll_again"]["rows"], rolls[1])
    territory = row["territory"]
    kind = action["change"]
    if kind == "event":
        rolls.append(ctx.d6("harvest, even or odd"))
        kind = "event_even" if rolls[-1] % 2 == 0 else "event_odd"
    change_id = {"event_even": "harvest_event_even", "event_odd": "harvest_event_odd",
                 "bounteous": "bounteous_harvests_card", "famine": "famine_card"}[kind]
    change = ctx.t.stability_change(change_id)
    _found(ctx, "harvest", rolls=rolls, territory=territory, change=change)
    if territory in ctx.state["powers"]:
        ctx.change_stability(territory, change, "harvest")


# --- recruiting, garrisons, control, stranded landings ------------------------------------------

def recruit(ctx: Ctx, action: dict) -> None:
    """Raise units in a controlled province: the province's territory says which and at what
    cost (6.21-6.27; elephants only where marked, 10.66)."""
    t, state = ctx.t, ctx.state
    power = check_power(state, action["power"])
    found = t.province(action["province"])
    if not found:
        raise IllegalAction(N_("'{province}' is not a province of the game"),
                            province=action["province"])
    group, province = found
    if action.get("cut_off", province["id"] in supply.cut_off(state, power)):
        raise IllegalAction(N_("{province} has no line of communication: nothing is raised "
                               "there (6.15)"), province=action["province"])
    if province.get("no_recruiting"):
        raise IllegalAction(N_("nothing is raised in {province}"), province=action["province"])
    offers = {r["unit"]: r for r in group.get("recruits", [])}
    cost, parts = 0, []
    for unit, count in sorted(action["units"].items()):
        offer = offers.get(unit)
        if not count:
            continue
        if (offer is None or power in offer.get("not_for", [])
                or ("only_for" in offer and power not in offer["only_for"])):
            raise IllegalAction(N_("no {unit} is raised in {province}"), unit=unit,
                                province=action["province"])
        if "only_in" in offer and province["id"] not in offer["only_in"]:
            raise IllegalAction(N_("no {unit} is raised in {province}"), unit=unit,
                                province=action["province"])
        cost += offer["cost"] * count
        parts.append({"unit": unit, "count": count, "cost": offer["cost"] * count})
    ctx.pay(power, cost, "recruiting")
    heavy = sum(p["count"] for p in parts if t.unit[p["unit"]].get("counts_against_maxph"))
    ctx.book(power)["heavy"] += heavy
    _found(ctx, "recruit", power=power, province=province["id"], parts=parts, cost=cost)


def garrisons(ctx: Ctx, action: dict) -> None:
    """How many garrisons units break down into (12.16)."""
    rule = ctx.t.units["garrisons"]
    table = {(row["unit"], row["state"]): row["garrisons"] for row in rule["breakdown"]}
    total = 0
    for strength, key in (("full", "units"), ("reduced", "reduced")):
        for unit, count in (action.get(key) or {}).items():
            if (unit, strength) not in table:
                raise IllegalAction(N_("a {unit} does not break down into garrisons"),
                                    unit=unit)
            total += table[(unit, strength)] * count
    _found(ctx, "garrisons", garrisons=total, mp=rule["major_move_cost"])


def control(ctx: Ctx, action: dict) -> None:
    """Whether a power controls a province from what the players count on the map (5.21-5.23)."""
    t, state = ctx.t, ctx.state
    power = check_power(state, action["power"])
    found = t.province(action["province"])
    if not found:
        raise IllegalAction(N_("'{province}' is not a province of the game"),
                            province=action["province"])
    group, province = found
    spaces, held = action["spaces"], action["held"]
    majority = held * 2 > spaces
    rule = t.economy["control"]
    if group["id"] == power and province["id"] in rule["home_provinces_with_capital"]:
        controls, why = bool(action.get("capital")), "own_home_province_with_capital"
    elif group["id"] == power:
        controls = held > 0 and (action.get("other_most") or 0) * 2 <= spaces
        why = "own_home_province"
    elif group["id"] in t.power:
        controls = majority and (bool(action.get("capital")) or "capital" not in province)
        why = "other_home_province"
    else:
        controls = majority or (held > 0 and not action.get("others"))
        why = "non_home_province"
    _found(ctx, "control", power=power, province=province["id"], controls=controls, rule=why)


def stranded(ctx: Ctx, action: dict) -> None:
    """A landing force that lost and cannot sail on rolls 1d6: on a 6 all is lost (11.35)."""
    _found(ctx, "stranded", **naval.stranded_roll(ctx))
