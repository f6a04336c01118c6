"""The turn: its phases in order (3.2), the activation bag (3.42-3.44), paying for an
activation, Leader Selection (8.1) with the Elite leaders' box (8.3), Possible Objectives (15.4)
and the table's corrections."""
from __future__ import annotations

from forge.engine.core import N_
from forge.engine.pax_romana.refusal import IllegalAction
from forge.engine.pax_romana.state import Ctx, band_of, check_power
from forge.engine.pax_romana.temporary import eliminate_temporary

EVENT_MARKER = "event"
BAG_DIE = "bag{count}"


def open_phase(ctx: Ctx, phase: str) -> None:
    """Enter a phase (the activation bag is filled as the Activation Phase opens)."""
    state = ctx.state
    state["phase"] = phase
    ctx.emit("phase", phase=phase, turn=state["turn"])
    if phase == "activation":
        _fill_bag(ctx)
    if phase == "elimination":
        eliminate_temporary(ctx)
        _leaders_leave(ctx)
    if phase == "leader_selection":
        _elites_return(ctx)
    if phase == "victory" and state.get("deck"):
        from forge.engine.pax_romana.cards import reshuffle

        reshuffle(ctx)


def next_phase(ctx: Ctx, action: dict) -> None:
    """Go on to the next phase of turn.yaml; after the last, the next turn (3.2, 3.6)."""
    state, t = ctx.state, ctx.t
    if state["battle"]:
        raise IllegalAction(N_("a battle is being fought: finish it first"))
    if state["phase"] == "over":
        raise IllegalAction(N_("the game is over"))
    keys = [p["key"] for p in t.phases]
    index = keys.index(state["phase"])
    if index + 1 < len(keys):
        open_phase(ctx, keys[index + 1])
        return
    if state["turn"] >= state["last_turn"]:
        state["phase"] = "over"
        ctx.emit("game-over", turn=state["turn"])
        return
    state["turn"] += 1
    for book in state["powers"].values():
        book["vp_turn"] = 0
    ctx.emit("turn", turn=state["turn"])
    open_phase(ctx, keys[0])


def _leaders_leave(ctx: Ctx) -> None:
    """Last turn's leaders leave the map (8.1); an Elite goes to the Elite leaders' box and
    back into the bag at the second Leader Selection after he appeared, the next turn's (8.3;
    P54)."""
    state = ctx.state
    boxed_elites = not ctx.t.units["leaders"]["elite"]["consecutive_turns"]
    for power, book in state["powers"].items():
        if not book["leaders"]:
            continue
        for leader in book["leaders"]:
            if leader.get("elite") and boxed_elites:
                boxed = {**leader, "returns": state["turn"] + 1}
                book.setdefault("elite_box", []).append(boxed)
                ctx.emit("elite-boxed", power=power, name=leader.get("name") or "",
                         tactical=leader["tactical"], campaign=leader["campaign"],
                         returns=boxed["returns"])
        ctx.emit("leaders-removed", power=power, count=len(book["leaders"]))
        book["leaders"] = []


def _elites_return(ctx: Ctx) -> None:
    """Elite leaders whose Leader Selection this is go back into the bag (8.3)."""
    turn = ctx.state["turn"]
    for power, book in ctx.state["powers"].items():
        box = book.get("elite_box") or []
        for leader in [b for b in box if b["returns"] <= turn]:
            ctx.emit("elite-returned", power=power, name=leader.get("name") or "",
                     tactical=leader["tactical"], campaign=leader["campaign"])
        if box:
            book["elite_box"] = [b for b in box if b["returns"] > turn]


def same_leader(one: dict, other: dict) -> bool:
    """Two leader entries for one counter: the same name, or with no names the same ratings
    (P54)."""
    if one.get("name") and other.get("name"):
        return one["name"].strip().casefold() == other["name"].strip().casefold()
    return (one["tactical"], one["campaign"]) == (other["tactical"], other["campaign"])


def _fill_bag(ctx: Ctx) -> None:
    state, t = ctx.state, ctx.t
    game_format = t.formats[state["format"]]
    per_power = game_format["markers_per_power"]
    markers = [p for p in state["order"] for _ in range(per_power)]
    events = 0
    if state["game"] == "standard":
        events = min(game_format["event_markers"], state["optional"].get("event_markers", 0)) \
            if game_format["event_markers"] else 0
    state["bag"] = {"markers": sorted(markers + [EVENT_MARKER] * events), "drawn": [],
                    "events": events}


def draw_marker(ctx: Ctx, action: dict) -> None:
    """The next activation marker: each power's first in the order of play, then drawn blind
    (by the app, or `marker` as the table drew it); a third in a row of one power is drawn
    again unless the bag holds only his (3.42, 3.43)."""
    state, t = ctx.state, ctx.t
    if state["phase"] != "activation":
        raise IllegalAction(N_("markers are drawn in the Activation Phase"))
    if state["battle"]:
        raise IllegalAction(N_("a battle is being fought: finish it first"))
    bag = state["bag"]
    if not bag["markers"]:
        raise IllegalAction(N_("the bag is empty"))
    fixed = fixed_marker(t, state)
    given = action.get("marker")
    if fixed:
        if given is not None and given != fixed:
            raise IllegalAction(N_("the first round goes in the order of play: {power} now"),
                                power=fixed)
        marker = fixed
    elif given is not None:
        if given not in bag["markers"]:
            raise IllegalAction(N_("the bag holds no marker of {power}"), power=given)
        if not may_draw(t, bag, given):
            raise IllegalAction(N_("a third marker of {power} in a row is drawn again"),
                                power=given)
        marker = given
    else:
        marker = _blind_draw(ctx, bag)
    bag["markers"].remove(marker)
    bag["drawn"].append(marker)
    ctx.emit("marker-drawn", marker=marker, left=len(bag["markers"]))


def _leader_words(leader: dict) -> str:
    ratings = f"{leader['tactical']}-{leader['campaign']}"
    return f"{leader['name']} {ratings}" if leader.get("name") else ratings


def fixed_marker(t, state: dict) -> str | None:
    """The marker the first round fixes now, if any (3.42)."""
    if not t.turn["activation_bag"]["first_round_fixed"]:
        return None
    drawn = [m for m in state["bag"]["drawn"] if m != EVENT_MARKER]
    if len(drawn) < len(state["order"]):
        return state["order"][len(drawn)]
    return None


def may_draw(t, bag: dict, marker: str) -> bool:
    """Whether a drawn marker stands: not a third in a row, unless the bag holds only his."""
    most = t.turn["activation_bag"]["max_in_a_row"]
    recent = bag["drawn"][-most:]
    if marker == EVENT_MARKER or len(recent) < most or any(m != marker for m in recent):
        return True
    return all(m == marker for m in bag["markers"])


def _blind_draw(ctx: Ctx, bag: dict) -> str:
    while True:
        markers = sorted(bag["markers"])
        pick = ctx.dice.roll(BAG_DIE.format(count=len(markers)), "activation marker")
        marker = markers[pick - 1]
        if may_draw(ctx.t, bag, marker):
            return marker


def active_power(state: dict) -> str | None:
    """The power of the latest activation marker drawn this turn."""
    drawn = [m for m in state["bag"]["drawn"] if m != EVENT_MARKER]
    return drawn[-1] if drawn and state["phase"] == "activation" else None


def pay_activation(ctx: Ctx, action: dict) -> None:
    """Pay for an activation marker: 1T, nothing for Call a Meeting (3.44, 4.1)."""
    power = check_power(ctx.state, action["power"])
    operation = action.get("operation") or "expansion"
    entry = next(o for o in ctx.t.turn["operations"] if o["id"] == operation)
    if entry.get("standard_only") and ctx.state["game"] != "standard":
        raise IllegalAction(N_("Call a Meeting is an operation of the Standard Game"))
    segment = next(s for s in ctx.t.turn["activation_segments"] if s["id"] == "payment")
    cost = entry.get("cost", segment["cost"])
    if after_civil_war(ctx.state, power):
        cost = ctx.t.cost("activation_after_civil_war")
    ctx.pay(power, cost, "activation")
    ctx.emit("activation-paid", power=power, operation=operation, cost=cost)


def after_civil_war(state: dict, power: str) -> bool:
    """Whether the power's markers this turn cost the civil war's price (16.2; P87)."""
    return any(s["status"] == "civil_war_markers" and s["power"] == power
               and s["turn"] + 1 == state["turn"] for s in state.get("status") or [])


def set_leaders(ctx: Ctx, action: dict) -> None:
    """The leaders a power has in play after Leader Selection (8.1; the table draws them)."""
    power = check_power(ctx.state, action["power"])
    rule = ctx.t.units["leaders"]
    if len(action["leaders"]) > rule["in_play_per_turn"]:
        raise IllegalAction(N_("a power has at most {count} leaders in play"),
                            count=rule["in_play_per_turn"])
    elites = sum(1 for leader in action["leaders"] if leader.get("elite"))
    if elites > 1 and not rule["elite"]["two_in_play"]:
        raise IllegalAction(N_("a power has at most one Elite leader in play"))
    for leader in action["leaders"]:
        for rating in ("tactical", "campaign"):
            low, high = rule[rating]["min"], rule[rating]["max"]
            if not low <= leader[rating] <= high:
                raise IllegalAction(N_("a leader's {rating} rating is {low} to {high}"),
                                    rating=rating, low=low, high=high)
    for leader in action["leaders"]:
        boxed = next((b for b in ctx.book(power).get("elite_box") or []
                      if leader.get("elite") and same_leader(b, leader)), None)
        if boxed:
            raise IllegalAction(N_("an Elite leader is never in play two turns in a row: "
                                   "{leader} is in the Elite leaders' box until turn {turn}"),
                                leader=_leader_words(boxed), turn=boxed["returns"])
    ctx.book(power)["leaders"] = [dict(leader) for leader in action["leaders"]]
    ctx.emit("leaders-set", power=power, leaders=action["leaders"])


def buy_objective(ctx: Ctx, action: dict) -> None:
    """Buy a Possible Objective in the Manpower Phase: cost by band, at most 3 held (15.4)."""
    state, t = ctx.state, ctx.t
    power = check_power(state, action["power"])
    rule = t.victory["objectives"]
    objectives = {o["id"]: o for o in rule["list"]}
    objective = action["objective"]
    if objective not in objectives:
        raise IllegalAction(N_("'{objective}' is not a Possible Objective"), objective=objective)
    if state["phase"] != "manpower":
        raise IllegalAction(N_("objectives are bought in the Manpower Phase"))
    book = ctx.book(power)
    if power in objectives[objective].get("not_for", []):
        raise IllegalAction(N_("objective {objective} is not for {power}"),
                            objective=objective, power=power)
    if len(book["objectives"]) >= rule["hold_max"]:
        raise IllegalAction(N_("a power holds at most {count} objectives"),
                            count=rule["hold_max"])
    held = sum(b["objectives"].count(objective) for b in state["powers"].values())
    if held >= objectives[objective]["copies"]:
        raise IllegalAction(N_("every marker of objective {objective} is taken"),
                            objective=objective)
    cost = rule["cost_by_band"][band_of(state, t, power)]
    ctx.pay(power, cost, "objective")
    book["objectives"].append(objective)
    ctx.emit("objective-bought", power=power, objective=objective, cost=cost)


def adjust(ctx: Ctx, action: dict) -> None:
    """A correction the table makes to a power's books."""
    power = check_power(ctx.state, action["power"])
    book = ctx.book(power)
    why = action.get("why") or ""
    if action.get("treasury"):
        if book["treasury"] + action["treasury"] < 0:
            raise IllegalAction(N_("a treasury cannot go below 0"))
        ctx.change_treasury(power, action["treasury"], why)
    if action.get("stability"):
        ctx.change_stability(power, action["stability"], why)
    if action.get("vp"):
        book["vp"] += action["vp"]
        ctx.emit("vp", power=power, change=action["vp"], vp=book["vp"], why=why)
    for key in ("heavy", "galleys"):
        if action.get(key):
            if book[key] + action[key] < 0:
                raise IllegalAction(N_("a power cannot have fewer than 0 units"))
            book[key] += action[key]
            ctx.emit("adjusted", power=power, what=key, change=action[key], now=book[key],
                     why=why)
