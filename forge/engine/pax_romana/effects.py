"""What an event does to the books: the Standard Event Table's events (16.2), the Advanced
Game's event cards (17.2) and the Rebellion and Invasion tables' results (13.3, 13.4), applied
as a step of its own after the roll or the draw.

The roll or the draw leaves `state["pending"]` ({source, id, power, drawer}); `resolve` carries
out the entry's `effects` (content/pax-romana/events.yaml, event_cards.yaml), one `do` after
another, with the map facts the players read off their map (`facts`, events.yaml `facts`:
the engine never holds the map). A step that rolls a table (a Rebellion event) leaves the
table's result pending in its turn. Forces the events bring (the Soldier of Fortune, invaders,
rebels, Pontus, Pergamum, Rhodes, the slave army) are kept in `state["forces"]` (forces.py),
turn-long effects in `state["status"]`.
"""
from __future__ import annotations

import math
from fractions import Fraction

from forge.engine.core import N_
from forge.engine.pax_romana import forces
from forge.engine.pax_romana.refusal import IllegalAction
from forge.engine.pax_romana.state import Ctx, band_of, check_power, reading
from forge.engine.pax_romana.temporary import add_temporary
from forge.engine.words import Counted

STOP = "stop"
SOURCES = ("event", "card", "rebellion", "invasion")


# --- the entries ---------------------------------------------------------------------------------

def entry_of(t, source: str, entry_id: str) -> dict:
    """The data entry an event, card or table result comes from."""
    lists = {"event": t.events["events"], "card": t.event_cards["cards"],
             "rebellion": t.events["rebellion"]["areas"],
             "invasion": t.events["invasion"]["invaders"]}
    return next(e for e in lists[source] if e["id"] == entry_id)


def fact_kinds(t) -> dict[str, str]:
    return {f["id"]: f["kind"] for f in t.events["facts"]}


def set_pending(ctx: Ctx, source: str, entry_id: str, power: str | None = None,
                **more) -> None:
    """An event, card or table result now waits to be applied."""
    from forge.engine.pax_romana.turns import active_power

    state = ctx.state
    for key, empty in (("forces", []), ("status", []), ("pending", None)):
        state.setdefault(key, empty)
    pending = {"source": source, "id": entry_id, "power": power,
               "drawer": active_power(ctx.state), **more}
    ctx.state["pending"] = pending
    ctx.emit("event-pending", **pending)


def card_played(ctx: Ctx, power: str, card: dict) -> None:
    """A card played (from the hand, or when drawn): its effects wait to be applied; Deus ex
    Machina cancels the card waiting at once (17.2)."""
    steps = card.get("effects") or []
    if any(step["do"] == "cancel_card" for step in steps):
        cancel_card(ctx, power)
        return
    if steps:
        set_pending(ctx, "card", card["id"], power)


# --- what the players are asked ---------------------------------------------------------------

NEEDS = {       # the facts a step asks, besides those it names (if, unless, per_space ...)
    "stability_check": ("paid", "disorder_met", "occupied_spaces"),
    "eliminate": ("target", "units"), "mutiny": ("target", "squadrons", "pays"),
    "africa": ("mercenaries",), "gaul": ("gallic_provinces", "uncontrolled_spaces", "target",
                                         "units"),
    "space_rolls": ("spaces",), "slave_revolt": ("empty_home_space",),
    "redraw_objectives": ("objectives",), "swap_objective": ("target", "objectives",
                                                             "returned"),
    "remove_leader": ("target", "leader"), "pay_or_lose": ("pays",), "mercenaries": ("bundle",),
    "militia": ("enemy_in_home",), "dictator": ("dictator", "leader"),
    "opportunity": ("choice", "objectives"), "take_card": ("target", "card"),
}
NAMED = ("if", "unless", "per_space", "also_if", "variant_if")


def questions(state: dict, t) -> list[str]:
    """The facts the pending event asks of the players, in order (events.yaml `facts`)."""
    pending = state.get("pending")
    if not pending:
        return []
    entry = entry_of(t, pending["source"], pending["id"])
    asked: list[str] = []
    power = pending.get("power")
    for step in entry.get("effects") or []:
        if power and (power not in step.get("only_for", [power])
                      or power in step.get("never_for", [])):
            continue
        wanted = [step[k] for k in NAMED if k in step] + list(NEEDS.get(step["do"], ()))
        if step["do"] == "stability_check" and step.get("who") != "target" and power:
            wanted = list(_check_case_asks(state, t, power))
        if step.get("who") == "target":
            wanted.insert(0, "target")
        if step["do"] == "ally" and step["force"] == "pergamum":
            wanted.append("forces")
        if step["do"] == "rebels" and reading(state, "hispania_rebels") != "one_lusitanian_space":
            wanted.append("empty_spaces")
        asked += [f for f in wanted if f not in asked]
    if pending.get("controllers_lose") and pending["id"] != "naval_mutiny":
        asked.insert(0, "controllers")
    return asked


def _check_case_asks(state: dict, t, power: str) -> tuple:
    """What a Stability Check asks of a power, by the case its level falls in."""
    case = _check_case(state, t, power)
    return {"bread_and_circuses": ("paid",), "disorder": ("disorder_met",),
            "civil_war": ("occupied_spaces",)}.get(case["id"] if case else None, ())


def _check_case(state: dict, t, power: str) -> dict | None:
    """The Stability Check's case for a power's level, or None (P5, P6)."""
    level, band = state["powers"][power]["stability"], band_of(state, t, power)
    return next((c for c in t.stability["stability_check"]["cases"]
                 if ("band" in c and c["band"] == band) or
                 ("low" in c and c["low"] <= level <= c["high"])), None)


class Run:
    """One pending entry being applied: its data, the power it concerns and the facts given."""

    def __init__(self, ctx: Ctx, pending: dict, entry: dict, power: str | None, facts: dict):
        self.ctx, self.pending, self.entry, self.power = ctx, pending, entry, power
        self.given = facts
        self.kinds = fact_kinds(ctx.t)
        self.steps: list[dict] = []

    def fact(self, name: str, default=None):
        """A fact the players gave, checked against its kind."""
        value = self.given.get(name, default)
        if value is None:
            raise IllegalAction(N_("the players' answer to '{fact}' is needed"), fact=name)
        return _checked(self.ctx, name, self.kinds[name], value)

    def target(self) -> str:
        return check_power(self.ctx.state, self.fact("target", self.power))

    def note(self, what: str, **fields) -> None:
        self.steps.append({"what": what, **fields})


def _checked(ctx: Ctx, name: str, kind: str, value):
    ok = {"bool": lambda v: isinstance(v, bool),
          "count": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 100,
          "power": lambda v: v in ctx.state["powers"],
          "powers": lambda v: isinstance(v, list) and all(p in ctx.state["powers"] for p in v),
          "units": lambda v: isinstance(v, dict) and all(
              u in ctx.t.unit and isinstance(n, int) and 0 <= n <= 100 for u, n in v.items()),
          "spaces": lambda v: isinstance(v, dict) and all(
              str(k).isdigit() and isinstance(n, int) and 0 <= n <= 50 for k, n in v.items()),
          "leader": lambda v: isinstance(v, int) and v >= 0,
          "objectives": lambda v: isinstance(v, list),
          "card": lambda v: isinstance(v, str),
          "bundle": lambda v: isinstance(v, int) and v >= 0,
          "choice": lambda v: isinstance(v, str)}[kind]
    if not ok(value):
        raise IllegalAction(N_("'{value}' is not an answer to '{fact}'"), value=str(value),
                            fact=name)
    return value


# --- applying ----------------------------------------------------------------------------------

def resolve(ctx: Ctx, action: dict) -> None:
    """Apply the pending event, card or table result with the facts the players give (P70;
    the Rebellion event's -1 to the area's controllers, P75)."""
    from forge.engine.pax_romana.turns import active_power

    state = ctx.state
    pending = state.get("pending")
    if not pending:
        raise IllegalAction(N_("no event waits to be applied"))
    entry = entry_of(ctx.t, pending["source"], pending["id"])
    power = pending.get("power") or action.get("power") or active_power(state)
    if power is not None:
        check_power(state, power)
    run = Run(ctx, pending, entry, power, dict(action.get("facts") or {}))
    state["pending"] = None
    if pending.get("controllers_lose") and pending["id"] != "naval_mutiny":
        for controller in run.fact("controllers", []):
            ctx.change_stability(controller, ctx.t.stability_change(
                pending["controllers_lose"]), "rebellion")
    for step in entry.get("effects") or []:
        if not _applies(run, step):
            continue
        if power is None and step["do"] not in ("stop", "revenues", "space_rolls", "rebels"):
            raise IllegalAction(N_("name the power the event concerns"))
        if STEPS[step["do"]](run, step) == STOP:
            break
    ctx.emit("event-applied", source=pending["source"], id=pending["id"], power=power,
             steps=run.steps)


def _applies(run: Run, step: dict) -> bool:
    if "only_for" in step and run.power not in step["only_for"]:
        return False
    if "never_for" in step and run.power in step["never_for"]:
        return False
    if "if" in step and not run.fact(step["if"]):
        return False
    return not ("unless" in step and run.fact(step["unless"]))


def apply_at_once(ctx: Ctx) -> None:
    """An event for every player that needs no answer is applied as it is rolled."""
    resolve(ctx, {})


# --- the steps -------------------------------------------------------------------------------

def stop(run: Run, step: dict):
    run.note("no_event")
    return STOP


def reroll(run: Run, step: dict):
    """Rome never gets the Soldier of Fortune: it rolls again (12.47)."""
    from forge.engine.pax_romana.procedures import event

    run.note("rolls_again")
    event(run.ctx, {})
    run.ctx.state["pending"]["power"] = run.power
    return STOP


def stability(run: Run, step: dict):
    t = run.ctx.t
    who = run.target() if step.get("who") == "target" else run.power
    run.ctx.change_stability(who, t.stability_change(step["change"]), step["change"])


def revenues(run: Run, step: dict):
    """Fewer than `below` Talents costs stability, more than `above` gains (16.2, 17.2)."""
    ctx = run.ctx
    powers = list(ctx.state["powers"]) if step.get("who") == "all" else [run.power]
    for power in powers:
        treasury = ctx.state["powers"][power]["treasury"]
        if treasury < step["below"]:
            ctx.change_stability(power, ctx.t.stability_change("revenues_low"), "revenues")
        elif treasury > step["above"]:
            ctx.change_stability(power, ctx.t.stability_change("revenues_high"), "revenues")


def roll(run: Run, step: dict):
    """Roll a table; a Rebellion or an Invasion waits to be applied in its turn."""
    from forge.engine.pax_romana import procedures

    table = step["table"]
    if table == "harvest":
        procedures.harvest(run.ctx, {"change": step["harvest"]})
        return
    getattr(procedures, table)(run.ctx, {})
    pending = run.ctx.state["pending"]
    pending["power"] = run.power
    if step.get("controllers_lose"):
        pending["controllers_lose"] = step["controllers_lose"]
    return


def stability_check(run: Run, step: dict):
    """By the stability of the power it strikes: bread and circuses, disorder or civil war;
    nobody qualifies, the drawer loses 1 (16.2, 17.2; P5, P6, P9, P72)."""
    ctx, t = run.ctx, run.ctx.t
    rule = t.stability["stability_check"]
    who = run.target() if step.get("who") == "target" else run.power
    case = _check_case(ctx.state, t, who)
    if case is None:
        loser = run.power if step.get("who") == "target" else \
            (run.pending.get("drawer") or run.power)
        run.note("nobody_qualifies", power=loser)
        ctx.change_stability(loser, rule["nobody_qualifies"], "stability check")
        return
    if case["id"] != "civil_war":
        run.note(case["id"], power=who)
    if case["id"] == "bread_and_circuses":
        _bread(run, who, step["cost"])
    elif case["id"] == "disorder":
        if not run.fact("disorder_met"):
            ctx.change_stability(who, t.stability_change("disorder_failed"), "disorder")
            run.note("garrisons_lost", power=who)
    else:
        _civil_war(run, who, step, rule)
    return


def _bread(run: Run, who: str, cost: int) -> None:
    ctx = run.ctx
    treasury = ctx.state["powers"][who]["treasury"]
    paid = min(run.fact("paid", cost), cost, treasury)     # what it cannot pay costs stability
    ctx.pay(who, paid, "bread and circuses")
    if cost > paid:
        ctx.change_stability(who, (cost - paid) * ctx.t.stability_change(
            "bread_unpaid_per_talent"), "bread and circuses")


def _civil_war(run: Run, who: str, step: dict, rule: dict) -> None:
    """Each occupied space rolls 1d6, odd loses its units (all, or half for the card); the
    leaders go; the event ends his activations; the level is then set (16.2, 17.2; P73)."""
    ctx = run.ctx
    rolls = [ctx.d6("civil war") for _ in range(run.fact("occupied_spaces"))]
    run.note("civil_war", power=who, rolls=rolls, lost=sum(r % 2 for r in rolls),
             removes=step["removes"])
    book = ctx.book(who)
    if book["leaders"]:
        book["leaders"] = []
        ctx.emit("leaders-set", power=who, leaders=[])
    if step["removes"] == "all_units":
        bag = ctx.state["bag"]
        if who not in bag["markers"]:
            forces.add_status(ctx, "civil_war_markers", who)
        bag["markers"] = [m for m in bag["markers"] if m != who]
        forces.add_status(ctx, "no_activations", who)
    change = rule["civil_war_sets_level"] - book["stability"]
    ctx.change_stability(who, change, "civil war")


def disease(run: Run, step: dict):
    """1d6 against the Campaign of the best leader in play: he dies at or below it (event) or
    below it (card); no leader, nothing (16.2, 17.2; P8, P71)."""
    from forge.engine.pax_romana.procedures import disease as roll_disease

    book = run.ctx.book(run.power)
    if not book["leaders"]:
        run.note("no_leader")
        return STOP
    best = max(sum((leader["tactical"], leader["campaign"])) for leader in book["leaders"])
    tied = [i for i, leader in enumerate(book["leaders"])
            if leader["tactical"] + leader["campaign"] == best]
    index = run.given.get("leader", tied[0])
    if index not in tied:
        raise IllegalAction(N_("the best leader in play (highest Tactical plus Campaign) is "
                               "the one at risk"))
    leader = book["leaders"][index]
    roll_disease(run.ctx, {"campaign": leader["campaign"], "source": step["source"]})
    if run.ctx.state["last"]["dies"]:
        _remove_leader(run, run.power, index)
    return None


def _remove_leader(run: Run, power: str, index: int) -> None:
    book = run.ctx.book(power)
    if not 0 <= index < len(book["leaders"]):
        raise IllegalAction(N_("{power} has no such leader in play"), power=power)
    leader = book["leaders"].pop(index)
    run.ctx.emit("leader-removed", power=power, leader=leader)


def status(run: Run, step: dict):
    if step.get("needs_elite") and not any(
            leader.get("elite") for leader in run.ctx.book(run.power)["leaders"]):
        run.note("no_elite")
        return STOP
    forces.add_status(run.ctx, step["status"], run.power)
    return None


def force(run: Run, step: dict):
    """A force of units.yaml `forces` for the power: the Soldier of Fortune (12.4), Pontus
    (12.55)."""
    return forces.field(run, step["force"])


def invaders(run: Run, step: dict):
    return forces.invaders(run, run.entry, step)


def rebels(run: Run, step: dict):
    return forces.rebels(run, run.entry, step)


def slave_revolt(run: Run, step: dict):
    return forces.slave_revolt(run)


def ally(run: Run, step: dict):
    return forces.ally(run, step["force"])


def africa(run: Run, step: dict):
    return forces.africa(run, run.entry, step)


def gaul(run: Run, step: dict):
    return forces.gaul(run, run.entry)


def eliminate(run: Run, step: dict):
    """A power's units in one space are eliminated: at most (or at least) the entry's BP
    (13.3 Germania, the Danube, Judea); none there, no event."""
    units = run.fact("units", {})
    if not any(units.values()):
        if "bp_min" not in run.entry:
            run.note("no_event")
            return STOP
        return None
    forces.eliminate_units(run, run.target(), units, run.entry.get("bp_max"),
                           run.entry.get("bp_min"))
    return None


def mutiny(run: Run, step: dict):
    """The named fleet stays put for the turn unless its owner pays 1T a squadron (13.3)."""
    target = run.target()
    squadrons = run.fact("squadrons")
    if run.fact("pays"):
        run.ctx.pay(target, squadrons * run.entry["cost_per_squadron"], "naval mutiny")
    else:
        forces.add_status(run.ctx, "naval_mutiny", target, squadrons=squadrons)


def space_rolls(run: Run, step: dict):
    """1d6 for each occupied space: above the units there, they are removed (13.4 Armenians;
    P84)."""
    spaces = run.fact("spaces")
    results = []
    for units, count in sorted(spaces.items(), key=lambda kv: int(kv[0])):
        for _ in range(count):
            rolled = run.ctx.d6("space roll")
            results.append({"units": int(units), "roll": rolled, "removed": rolled > int(units)})
    run.note("space_rolls", rolls=results, removed=sum(r["removed"] for r in results))


def half_die(run: Run, step: dict):
    """1d6 halved (rounded as the entry says): the BP the army loses at least (17.2 Ambush)."""
    rolled = run.ctx.d6("ambush")
    half = Fraction(rolled, run.entry["divide_by"])
    bp = math.ceil(half) if run.entry["rounds"] == "up" else math.floor(half)
    run.note("ambush", roll=rolled, bp=bp)


def hand_to_deck(run: Run, step: dict):
    """The hand goes back into the deck, shuffled (17.2 Change in Political Scene)."""
    ctx = run.ctx
    book, deck = ctx.book(run.power), ctx.state["deck"]
    deck["cards"] = sorted(deck["cards"] + book["cards"])
    run.note("hand_returned", cards=list(book["cards"]))
    book["cards"] = []


def _objective_ids(run: Run, ids: list) -> list:
    known = {o["id"] for o in run.ctx.t.victory["objectives"]["list"]}
    for objective in ids:
        if objective not in known:
            raise IllegalAction(N_("'{objective}' is not a Possible Objective"),
                                objective=objective)
    return list(ids)


def redraw_objectives(run: Run, step: dict):
    """Every objective back; as many as the most a power holds drawn blind, entered by the
    players (17.2; P83)."""
    most = run.ctx.t.victory["objectives"]["hold_max"]
    drawn = _objective_ids(run, run.fact("objectives"))
    if len(drawn) > most:
        raise IllegalAction(N_("a power holds at most {count} objectives"), count=most)
    book = run.ctx.book(run.power)
    run.note("objectives", returned=book["objectives"], drawn=drawn)
    book["objectives"] = drawn


def swap_objective(run: Run, step: dict):
    """One new objective drawn blind, then one of the old ones back (17.2)."""
    target = run.target()
    book = run.ctx.book(target)
    new = _objective_ids(run, run.fact("objectives"))
    returned = _objective_ids(run, run.fact("returned"))
    if len(new) != 1 or len(returned) != 1 or returned[0] not in book["objectives"]:
        raise IllegalAction(N_("one objective is drawn and one of those held goes back"))
    book["objectives"].remove(returned[0])
    book["objectives"].append(new[0])
    run.note("objectives", power=target, returned=returned, drawn=new)


def remove_leader(run: Run, step: dict):
    """One of the target's leaders in play that is not Elite leaves (17.2 Conspiracy)."""
    target = run.target()
    index = run.fact("leader")
    leaders = run.ctx.book(target)["leaders"]
    if 0 <= index < len(leaders) and leaders[index].get("elite"):
        raise IllegalAction(N_("an Elite leader cannot be removed this way"))
    _remove_leader(run, target, index)


def cancel_card(ctx: Ctx, power: str) -> None:
    """Deus ex Machina: the card another player just played, still waiting, is cancelled
    (17.2; P82)."""
    pending = ctx.state.get("pending")
    if not pending or pending["source"] != "card" or pending.get("power") == power:
        raise IllegalAction(N_("Deus ex Machina cancels a card another player has just "
                               "played"))
    ctx.state["pending"] = None
    ctx.emit("card-cancelled", power=power, card=pending["id"], by=pending.get("power"))


def pay_or_lose(run: Run, step: dict):
    """Pay the card's cost, or (Dies Irae) lose the activation; optional purchases (the
    Helepolis) are simply not made (17.2)."""
    if run.fact("pays"):
        run.ctx.pay(run.power, run.entry["cost"], run.entry["id"])
        if step.get("optional"):
            forces.add_status(run.ctx, step["status"], run.power)
    elif not step.get("optional"):
        forces.add_status(run.ctx, step["status"], run.power)


def mercenaries(run: Run, step: dict):
    """Exactly 2T for one of the purchases; they leave in the next turn's Elimination Phase;
    Rome, no event (12.23, 17.2)."""
    ctx = run.ctx
    rule = ctx.t.economy["mercenaries"]
    if run.power in rule["never_for"]:
        run.note("no_event")
        return STOP
    buys = rule["advanced"]["buys"]
    bundle = run.fact("bundle")
    if bundle >= len(buys):
        raise IllegalAction(N_("the Mercenaries card buys one of {lots}"),
                            lots=Counted("{n} lot", "{n} lots", len(buys)))
    add_temporary(ctx, {"power": run.power, "source": "mercenaries", "units": buys[bundle],
                        "pay": True})
    return None


def militia(run: Run, step: dict):
    """Raise the Militia: 1d6 halved, rounded up, with the band's modifier, if enemy or
    barbarian combat units are in the home territory; none in Turmoil (12.33, 12.34; P32)."""
    ctx = run.ctx
    rule = ctx.t.combat["militia"]
    modifier = rule["by_band"][band_of(ctx.state, ctx.t, run.power)]
    if not run.fact("enemy_in_home") or modifier == "none":
        run.note("no_militia")
        return STOP
    rolled = ctx.d6("militia")
    raised = max(0, math.ceil(Fraction(rolled, rule["divide_by"])) + modifier)
    run.note("militia", roll=rolled, raised=raised)
    if raised:
        add_temporary(ctx, {"power": run.power, "source": "militia",
                            "units": {"militia": raised}})
    return None


def dictator(run: Run, step: dict):
    """Rome's Soldier of Fortune card: a Dictator, while an enemy army is in its home
    territory: one leader goes back to the bag; the table then sets the new one (12.47)."""
    if run.fact("dictator"):
        _remove_leader(run, run.power, run.fact("leader"))
        run.note("dictator")
    return STOP


def opportunity(run: Run, step: dict):
    """If Stable: an extra activation marker in the bag, or an extra objective (17.2)."""
    ctx = run.ctx
    if band_of(ctx.state, ctx.t, run.power) != "stable":
        run.note("no_event")
        return STOP
    if run.fact("choice") == "marker":
        ctx.state["bag"]["markers"].append(run.power)
        run.note("marker_added")
        return None
    book = ctx.book(run.power)
    if len(book["objectives"]) >= ctx.t.victory["objectives"]["hold_max"]:
        raise IllegalAction(N_("a power holds at most {count} objectives"),
                            count=ctx.t.victory["objectives"]["hold_max"])
    book["objectives"] += _objective_ids(run, run.fact("objectives"))[:1]
    return None


def take_card(run: Run, step: dict):
    """A card at random from another player's hand (17.2 Traitor): the app draws it, or the
    table names the card it drew (P83); a hand then over the limit waits for its holder (P56)."""
    ctx = run.ctx
    target = run.target()
    hand = ctx.book(target)["cards"]
    if not hand:
        run.note("no_event")
        return STOP
    card = run.given.get("card")
    if card is None:
        card = sorted(hand)[ctx.dice.roll(f"bag{len(hand)}", "card taken") - 1]
    elif card not in hand:
        raise IllegalAction(N_("{power} holds no {card}"), power=target, card=card)
    from forge.engine.pax_romana.cards import hold

    hand.remove(card)
    run.note("card_taken", power=target, card=card)
    hold(ctx, run.power, card)
    return None


STEPS = {
    "stop": stop, "reroll": reroll, "stability": stability, "revenues": revenues, "roll": roll,
    "stability_check": stability_check, "disease": disease, "status": status, "force": force,
    "invaders": invaders, "rebels": rebels, "eliminate": eliminate, "mutiny": mutiny,
    "africa": africa, "gaul": gaul, "space_rolls": space_rolls, "slave_revolt": slave_revolt,
    "ally": ally, "half_die": half_die, "hand_to_deck": hand_to_deck,
    "redraw_objectives": redraw_objectives, "swap_objective": swap_objective,
    "remove_leader": remove_leader, "pay_or_lose": pay_or_lose, "mercenaries": mercenaries,
    "militia": militia, "dictator": dictator, "opportunity": opportunity,
    "take_card": take_card,
    "cancel_card": lambda run, step: None,
}
