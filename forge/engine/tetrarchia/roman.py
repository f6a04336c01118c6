"""The Roman phase: enter, move, sail, protect, subdue and attack, with their costs and checks.

Every `do_*` function checks first (IllegalAction with a reason a player understands) and only
then changes the state, so a refused action leaves the state as it was.
"""
from __future__ import annotations

from forge.engine.core import N_, IllegalAction, ParseError
from forge.engine.tetrarchia import combat, variants
from forge.engine.tetrarchia.data import Tables
from forge.engine.tetrarchia.decisions import offer_boost
from forge.engine.tetrarchia.refusal import Emperor, Phrase
from forge.engine.tetrarchia.state import (Ctx, GameOver, emperor_positions,
                                           frontiers_protected, place_emperor_disc,
                                           remove_army, remove_disc, set_emperor, spend,
                                           withdraw)


def name(t: Tables, province: str) -> str:
    """A province as players read it."""
    return t.name.get(province, province)


# --- entering the board ---------------------------------------------------------------------------

def entry_points(state: dict, t: Tables, emperor: str) -> list[str]:
    """Where an emperor off the board may come back: ROMA, or his uncovered capital free of
    armies (R1); a province held by another emperor only if he can leave it again (R20)."""
    places = []
    if state["rulings"]["return_to_roma_always"] or t.roma not in state["discs"]:
        places.append(t.roma)
    capital = t.capital.get(emperor)
    if capital and capital not in state["discs"]:
        places.append(capital)
    found = []
    for place in places:
        figure = state["figures"].get(place)
        if figure == "army":
            continue
        if figure is None or can_leave(state, t, emperor, place, state["pi"]):
            found.append(place)
    return found


def do_enter(ctx: Ctx, action: dict) -> None:
    """The emperor comes back onto the board at the start of his turn."""
    state, t = ctx.state, ctx.t
    emperor = state["turn"]
    province = action.get("province", t.roma)
    if not isinstance(province, str) or province not in t.order:
        raise ParseError(N_("'province' is ROMA or the emperor's capital, not {province}"),
                         province=repr(province))
    if state["emperors"][emperor]["at"] is not None:
        raise IllegalAction(N_("{emperor} is already on the board"), emperor=Emperor(emperor))
    if province not in entry_points(state, t, emperor):
        raise _entry_refusal(state, t, emperor, province)
    passing = province in state["figures"]
    set_emperor(state, emperor, province, passing)
    ctx.emit("enter", emperor=emperor, province=province, passing=passing, rule="return")


def _entry_refusal(state: dict, t: Tables, emperor: str, province: str) -> IllegalAction:
    capital = t.capital.get(emperor)
    if province not in (t.roma, capital):
        return IllegalAction(N_("{emperor} comes back in ROMA or in his capital {capital}, not "
                                "in {province}"), emperor=Emperor(emperor),
                             capital=name(t, capital), province=name(t, province))
    if province in state["discs"]:
        return IllegalAction(N_("{province} is covered by a disc"), province=name(t, province))
    if state["figures"].get(province) == "army":
        return IllegalAction(N_("{province} holds a barbarian army"),
                             province=name(t, province))
    return IllegalAction(N_("{province} holds another emperor and {emperor} could not leave it "
                            "with his next action"), province=name(t, province),
                         emperor=Emperor(emperor))


# --- moving ---------------------------------------------------------------------------------------

def fleet_zone(state: dict, t: Tables, a: str, b: str, sea: str | None = None) -> str | None:
    """A (joined) zone holding a fleet with both a and b on its coast; `sea` names one."""
    for group in variants.fleet_zones(state, t):
        if sea is not None and sea not in group:
            continue
        on_a = [s for s in group if s in t.coast[a]]
        if on_a and any(s in t.coast[b] for s in group) and a != b:
            return sea or on_a[0]
    return None


def fleet_destinations(state: dict, t: Tables, a: str) -> dict[str, str]:
    """Province -> zone for every coast an emperor in `a` can reach by fleet."""
    found: dict[str, str] = {}
    for group in variants.fleet_zones(state, t):
        on_a = [s for s in group if s in t.coast[a]]
        if not on_a:
            continue
        for s in group:
            for b in t.coastal[s]:
                if b != a and b not in found:
                    found[b] = on_a[0]
    return found


def step_cost(state: dict, t: Tables, a: str, b: str, by: str) -> int:
    """PI to go from a to b by link or by fleet, the Revolt surcharge included."""
    costs = t.costs
    if by == "fleet":
        cost = costs["move_fleet"]
    else:
        cost = costs["move_broken"] if b in t.broken[a] else costs["move"]
    if state["discs"].get(b) == "revolt":
        cost += costs["revolt_surcharge"]
    return cost


def can_leave(state: dict, t: Tables, mover: str, at: str, pi: int, depth: int = 0) -> bool:
    """Whether `mover`, standing in `at` with `pi` PI, can leave it with one move (R20)."""
    others = {p: e for p, e in emperor_positions(state).items() if e != mover}
    armies = state["figures"]
    ways = [(b, "link") for b in t.neighbours[at]]
    ways += [(b, "fleet") for b in fleet_destinations(state, t, at)]
    for b, by in ways:
        if armies.get(b) == "army":
            continue
        cost = step_cost(state, t, at, b, by)
        if cost > pi:
            continue
        if b not in others or (depth < 4 and can_leave(state, t, mover, b, pi - cost, depth + 1)):
            return True
    return False


def parse_move(state: dict, t: Tables, action: dict) -> tuple[str, str, str, str | None]:
    """(emperor, destination, by, sea) of a move action; ParseError if malformed."""
    emperor = action.get("emperor", state["turn"])
    to, by, sea = action.get("to"), action.get("by"), action.get("sea")
    if not isinstance(emperor, str) or emperor not in state["emperors"]:
        raise ParseError(N_("unknown emperor {emperor}"), emperor=repr(emperor))
    if not isinstance(to, str) or to not in t.order:
        raise ParseError(N_("a move needs 'to': a province of the board, not {to}"),
                         to=repr(to))
    if by not in (None, "link", "fleet"):
        raise ParseError(N_("'by' is 'link' or 'fleet', not {by}"), by=repr(by))
    if sea is not None and sea not in t.seas:
        raise ParseError(N_("unknown sea zone {sea}"), sea=repr(sea))
    return emperor, to, by, sea


def move_cost(state: dict, t: Tables, emperor: str, to: str, by: str | None,
              sea: str | None) -> tuple[int, str, str | None]:
    """(cost, by, sea) of moving the emperor to `to`; IllegalAction says why he cannot."""
    at = state["emperors"][emperor]["at"]
    if at is None:
        raise IllegalAction(N_("{emperor} is not on the board"), emperor=Emperor(emperor))
    if to == at:
        raise IllegalAction(N_("{emperor} is already in {province}"), emperor=Emperor(emperor),
                            province=name(t, to))
    options = []
    if by in (None, "link") and to in t.neighbours[at]:
        options.append((step_cost(state, t, at, to, "link"), "link", None))
    zone = fleet_zone(state, t, at, to, sea) if by in (None, "fleet") else None
    if zone:
        options.append((step_cost(state, t, at, to, "fleet"), "fleet", zone))
    if not options:
        raise _no_way(state, t, at, to, by)
    return min(options, key=lambda o: o[0])


def _no_way(state: dict, t: Tables, at: str, to: str, by: str | None) -> IllegalAction:
    if by == "fleet":
        return IllegalAction(N_("no fleet lies in a sea zone with both {at} and {to} on its "
                                "coast"), at=name(t, at), to=name(t, to))
    return IllegalAction(N_("{to} is not linked to {at}"), to=name(t, to), at=name(t, at))


def do_move(ctx: Ctx, action: dict) -> None:
    """Move the current emperor (or, by Diocletian's IMPERIVM power, another one)."""
    state, t = ctx.state, ctx.t
    emperor, to, by, sea = parse_move(state, t, action)
    mover = state["turn"]
    other = emperor != mover
    if other:
        problem = variants.move_others_problem(state, t, emperor)
        if problem:
            raise problem
    cost, by, zone = move_cost(state, t, emperor, to, by, sea)
    _check_destination(state, t, emperor, to, cost, other)
    if other:
        variants.charge_move_others(ctx, action)
    spend(ctx, mover, cost, "move")
    frm = state["emperors"][emperor]["at"]
    passing = to in state["figures"]
    set_emperor(state, emperor, to, passing)
    fields = {"sea": zone} if zone else {}
    ctx.emit("move", piece=emperor, **{"from": frm}, to=to, by=by, passing=passing,
             rule="move", **fields)


def _check_destination(state: dict, t: Tables, emperor: str, to: str, cost: int,
                       other: bool) -> None:
    figure = state["figures"].get(to)
    if figure == "army":
        raise IllegalAction(N_("{province} holds a barbarian army: attack it instead"),
                            province=name(t, to))
    _check_pi(state, cost, Phrase(N_("moving to {province}"), province=name(t, to)))
    if figure is None:
        return
    if other:
        raise IllegalAction(N_("{emperor} is in {province}: another emperor is moved only to a "
                               "province free of figures"),
                            emperor=Emperor(figure), province=name(t, to))
    if not can_leave(state, t, emperor, to, state["pi"] - cost):
        raise IllegalAction(N_("{other} is in {province} and {emperor} could not leave it "
                               "with his next action"),
                            other=Emperor(figure), province=name(t, to),
                            emperor=Emperor(emperor))


def _check_pi(state: dict, cost: int, what: Phrase) -> None:
    if cost > state["pi"]:
        raise IllegalAction(N_("not enough PI: {what} costs {cost}, {left} left"),
                            what=what, cost=cost, left=state["pi"])


# --- sailing, protecting, subduing ----------------------------------------------------------------

def do_sail(ctx: Ctx, action: dict) -> None:
    """Move any fleet to a neighbouring sea zone."""
    state, t = ctx.state, ctx.t
    fleet, to = action.get("fleet"), action.get("to")
    if fleet not in t.seas or to not in t.seas:
        raise ParseError(N_("a sail needs 'fleet' (the zone of the fleet) and 'to' (a zone)"))
    if fleet not in state["fleets"]:
        raise IllegalAction(N_("no fleet lies in {sea}"), sea=t.sea_name[fleet])
    if to not in t.sea_next[fleet]:
        raise IllegalAction(N_("{to} is not next to {sea}"), to=t.sea_name[to],
                            sea=t.sea_name[fleet])
    _check_pi(state, t.costs["sail"], Phrase(N_("sailing")))
    spend(ctx, state["turn"], t.costs["sail"], "sail")
    state["fleets"][state["fleets"].index(fleet)] = to
    ctx.emit("move", piece="fleet", **{"from": fleet}, to=to, by="sail", rule="sail")


def protect_cost(state: dict, t: Tables, emperor: str) -> int:
    """PI to protect the emperor's province; IllegalAction says why he cannot."""
    at = state["emperors"][emperor]["at"]
    if at in state["discs"]:
        raise IllegalAction(N_("{province} already holds a disc"), province=name(t, at))
    if state["emperors"][emperor]["supply"] < 1:
        raise IllegalAction(N_("{emperor} has no disc left to place"), emperor=Emperor(emperor))
    if at not in t.frontier:
        return t.costs["protect"]
    region = t.region_of[at]
    rebels = [p for p in t.region_provinces[region] if state["discs"].get(p) == "revolt"]
    if rebels:
        raise IllegalAction(N_("region {region} still has Revolt discs ({provinces})"),
                            region=t.region_name[region],
                            provinces=", ".join(name(t, p) for p in rebels))
    return t.costs["protect_frontier"]


def do_protect(ctx: Ctx, action: dict) -> None:
    """Place one of his discs on his province (a frontier costs more)."""
    state, t = ctx.state, ctx.t
    emperor = state["turn"]
    cost = protect_cost(state, t, emperor)
    at = state["emperors"][emperor]["at"]
    _check_pi(state, cost, Phrase(N_("protecting {province}"), province=name(t, at)))
    spend(ctx, emperor, cost, "protect")
    frontier = at in t.frontier
    place_emperor_disc(ctx, emperor, at, "protect_frontier" if frontier else "protect")
    if frontier:
        variants.recover(ctx, emperor, "frontier")
        if len(frontiers_protected(state, t)) >= t.victory_frontiers:
            raise GameOver("victory", "frontiers")


SUBDUE = {"agitation": ("agitation", "subdue_agitation"),
          "revolt": ("revolt", "subdue_revolt"),
          "revolt_to_agitation": ("revolt", "revolt_to_agitation")}


def subdue_cost(state: dict, t: Tables, emperor: str, what: str) -> int:
    """PI for one form of Subdue in his province; IllegalAction says why he cannot."""
    at = state["emperors"][emperor]["at"]
    disc, cost_id = SUBDUE[what]
    if state["discs"].get(at) != disc:
        if disc == "agitation":
            raise IllegalAction(N_("{province} holds no Agitation disc"), province=name(t, at))
        raise IllegalAction(N_("{province} holds no Revolt disc"), province=name(t, at))
    if what == "revolt_to_agitation" and state["reserve"]["agitation"] < 1:
        raise IllegalAction(N_("no Agitation disc is left in the reserve"))
    return t.costs[cost_id]


def do_subdue(ctx: Ctx, action: dict) -> None:
    """Remove an Agitation or Revolt disc from his province, or turn Revolt into Agitation."""
    state, t = ctx.state, ctx.t
    what = action.get("what")
    if what not in SUBDUE:
        raise ParseError(N_("a subdue needs 'what': agitation, revolt or revolt_to_agitation"))
    emperor = state["turn"]
    cost = subdue_cost(state, t, emperor, what)
    at = state["emperors"][emperor]["at"]
    _check_pi(state, cost, Phrase(N_("subduing {province}"), province=name(t, at)))
    spend(ctx, emperor, cost, "subdue")
    if what == "revolt_to_agitation":
        state["discs"][at] = "agitation"
        state["reserve"]["agitation"] -= 1
        state["reserve"]["revolt"] += 1
        ctx.emit("replace", piece="agitation", was="revolt", province=at, was_to="reserve",
                 rule="subdue")
    else:
        remove_disc(ctx, at, "subdue")


# --- attacking ------------------------------------------------------------------------------------

def attack_cost(state: dict, t: Tables, emperor: str, target: str) -> int:
    """PI to attack the army in `target`: as moving through that link (never by fleet)."""
    at = state["emperors"][emperor]["at"]
    if state["figures"].get(target) != "army":
        raise IllegalAction(N_("{province} holds no barbarian army"), province=name(t, target))
    if target not in t.neighbours[at]:
        raise IllegalAction(N_("{to} is not linked to {at} (fleets carry emperors but never let "
                               "them attack)"), to=name(t, target), at=name(t, at))
    return step_cost(state, t, at, target, "link")


def do_attack(ctx: Ctx, action: dict) -> str | None:
    """Attack an army in a linked province: pay, roll and resolve; returns the winner, or None
    while Galerius decides on his IMPERIVM +1s."""
    state, t = ctx.state, ctx.t
    target = action.get("target")
    if not isinstance(target, str) or target not in t.order:
        raise ParseError(N_("an attack needs 'target': a province, not {target}"),
                         target=repr(target))
    emperor = state["turn"]
    cost = attack_cost(state, t, emperor, target)
    _check_pi(state, cost, Phrase(N_("attacking {province}"), province=name(t, target)))
    spend(ctx, emperor, cost, "attack")
    fight = combat.roll_combat(ctx, emperor, target, "emperor")
    if offer_boost(ctx, fight, queue=None):
        return None
    return finish_attack(ctx, fight)


def finish_attack(ctx: Ctx, fight: dict) -> str:
    """Resolve an emperor's attack once the values are final; returns the winner."""
    state = ctx.state
    emperor, target = fight["emperor"], fight["army_at"]
    ctx.emit("combat", **fight, rule="attack")
    if fight["winner"] == "emperor":
        remove_army(ctx, target, "attack_won")
        remove_disc(ctx, target, "attack_won")
        frm = state["emperors"][emperor]["at"]
        set_emperor(state, emperor, target)
        ctx.emit("move", piece=emperor, **{"from": frm}, to=target, by="attack", passing=False,
                 rule="attack_won")
        variants.credit_victory(ctx, emperor)
    elif fight["winner"] == "army":
        at = state["emperors"][emperor]["at"]
        if state["discs"].get(at) in state["emperors"]:
            remove_disc(ctx, at, "attack_lost")
        withdraw(ctx, emperor, "attack_lost")
        variants.debit_defeat(ctx, emperor)
    return fight["winner"]
