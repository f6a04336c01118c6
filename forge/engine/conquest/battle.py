"""The battle resolver, land and naval (rulebook "Batallas"; digest 6 and 12.1-12.2).

A battle is declared with both sides' forces: the units the attacker and defender have in the
province (from the books), galleys joining from next seas, units lent by allies and diplomacy
troops, as the table declares them. Then rounds: roll (the engine's dice, or faces entered), each
side chooses its losses, and retreat choices, defender first. A defended city rolls first and
the attacker takes his losses before rolling. A naval battle is galleys only, at most 3 rounds;
declared against a holder of Fair Wind, it first waits for his answer (step `fair-wind`). A loser
left with leaders only must withdraw them before play goes on (`withdrawal`, action `withdraw`).
With a map (board.py), the battle's place, the seas galleys join from, retreats and withdrawals
are checked against it.
"""
from __future__ import annotations

from forge.engine.conquest import board
from forge.engine.conquest.books import diplomacy_held, training
from forge.engine.conquest.data import card_troops
from forge.engine.conquest.state import (Ctx, add_units, allied, check_place, check_player,
                                         check_units, gain, has_leader, land_military,
                                         units_at)
from forge.engine.conquest.turns import advance, check_turn, spend_action
from forge.engine.core import N_, ParseError
from forge.engine.conquest.refusal import IllegalAction, Units

SIDES = ("attacker", "defender")
SEA_BY = "sea-by-"          # a sea named by the province it lies beside (legal.sea_by)


def other(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


# --- declaring --------------------------------------------------------------------------------------

def declare_land(ctx: Ctx, action: dict) -> None:
    state, t = ctx.state, ctx.t
    player = check_turn(ctx, action)
    where = board.check_land(state, check_place(action.get("province")))
    defender = _opponent(state, player, action.get("defender"))
    if not land_military(state, t, player, where):
        raise IllegalAction(N_("{player} needs military units of his own in {province} to "
                               "attack there"), player=player, province=where)
    if not land_military(state, t, defender, where):
        raise IllegalAction(N_("{defender} has no military units in {province}"),
                            defender=defender, province=where)
    support = action.get("support") or {}
    city = state["cities"].get(where) == defender
    sides = {"attacker": _land_side(ctx, player, where, support.get("attacker") or {}),
             "defender": _land_side(ctx, defender, where, support.get("defender") or {})}
    spend_action(ctx, player, "land-battle")
    _start(ctx, "land", where, sides, city)


def declare_naval(ctx: Ctx, player: str, sea: str, spec: dict) -> None:
    """A naval battle in `sea`, declared in the naval action after the galleys moved."""
    state = ctx.state
    defender = _opponent(state, player, spec.get("defender"))
    if not units_at(state, defender, sea).get("galley"):
        raise IllegalAction(N_("{defender} has no galleys in {sea}"), defender=defender, sea=sea)
    if spec.get("fair_wind") is not None:
        raise IllegalAction(N_("Fair Wind is not declared by the attacker: its holder is asked "
                               "once the naval battle is declared"))
    support = spec.get("support") or {}
    sides = {"attacker": _naval_side(ctx, player, sea, support.get("attacker") or {}),
             "defender": _naval_side(ctx, defender, sea, support.get("defender") or {})}
    if holds_fair_wind(state, defender):
        # "El portador del naipe puede dar por terminada cualquier batalla naval declarada a
        # sus galeras antes de que comience": the holder decides, before the first roll
        _start(ctx, "naval", sea, sides, False, step="fair-wind")
        ctx.emit("fair-wind-asked", player=defender, attacker=player, sea=sea)
        return
    _start(ctx, "naval", sea, sides, False)


def holds_fair_wind(state: dict, player: str) -> bool:
    """Whether the player holds Fair Wind (the card `fair-wind`, or a card the `cards` option
    marks `fair_wind`)."""
    return any(state["cards"].get(c, {}).get("fair_wind") or "fair-wind" in c
               for c in state["books"][player]["cards"])


def fair_wind(ctx: Ctx, action: dict) -> None:
    """The holder of Fair Wind calls the declared naval battle off (`use: true`) or lets it be
    fought (`use: false`); nobody else may decide."""
    state = ctx.state
    battle = _battle(state, "fair-wind")
    holder = battle["sides"]["defender"]["player"]
    player = check_player(state, action.get("player"))
    if player != holder:
        raise IllegalAction(N_("{holder} holds Fair Wind and decides whether this naval battle "
                               "is fought, not {player}"), holder=holder, player=player)
    use = action.get("use")
    if not isinstance(use, bool):
        raise ParseError(N_("use: true to call the naval battle off, false to fight it"))
    if not use:
        ctx.emit("fair-wind-declined", player=holder, sea=battle["where"])
        return _next_round(ctx)
    ctx.emit("naval-cancelled", player=battle["sides"]["attacker"]["player"], defender=holder,
             sea=battle["where"])
    state["battle"] = None
    if state["phase"] == "actions" and state["turn"]:
        advance(ctx)


def naval(ctx: Ctx, action: dict) -> None:
    """Galleys from anywhere to one sea zone, at any distance and unblocked (with a map, seas
    of the map), then perhaps a naval battle."""
    state, t = ctx.state, ctx.t
    player = check_turn(ctx, action)
    sea = board.check_sea(state, check_place(action.get("to")))
    for origin, count in (action.get("galleys") or {}).items():
        board.check_sea(state, origin)
        add_units(state, player, origin, check_units(t, {"galley": count}), -1)
        add_units(state, player, sea, {"galley": count})
        ctx.emit("moved", player=player, origin=origin, to=sea, units={"galley": count})
    spend_action(ctx, player, "naval")
    if action.get("battle"):
        declare_naval(ctx, player, sea, action["battle"])
    advance(ctx)


def _opponent(state: dict, player: str, defender) -> str:
    defender = check_player(state, defender)
    if allied(state, player, defender):
        raise IllegalAction(N_("{player} cannot attack {defender}: allies do not fight"),
                            player=player, defender=defender)
    return defender


def _land_side(ctx: Ctx, player: str, where: str, spec: dict) -> dict:
    state, t = ctx.state, ctx.t
    here = units_at(state, player, where)
    own = {u: here[u] for u in t.land_military if here.get(u)}
    side = {"player": player, "groups": {"own": own}, "seas": {},
            "leader": has_leader(state, t, player, where) is not None,
            "training": training(state, player, "land")}
    _galleys(ctx, side, "own", player, spec.get("galleys") or {}, where)
    for ally, lent in (spec.get("lent") or {}).items():
        ally = check_player(state, ally)
        if ally == player or not allied(state, player, ally):
            raise IllegalAction(N_("{ally} is not {player}'s ally"), ally=ally, player=player)
        lent = dict(lent)
        galleys = lent.pop("galleys", {})
        lent = check_units(t, lent)
        theirs = units_at(state, ally, where)
        for unit, count in lent.items():
            if t.unit_where[unit] != "land" or theirs.get(unit, 0) < count:
                raise IllegalAction(N_("{ally} has not {units} in {province} to lend"),
                                    ally=ally, units=Units({unit: count}), province=where)
        if any(lent.get(u) for u in t.leaders):
            side["leader"] = True
        side["groups"][ally] = {u: c for u, c in lent.items() if u in t.military}
        _galleys(ctx, side, ally, ally, galleys, where)
    _diplomacy(ctx, side, spec.get("diplomacy"), where)
    return side


def _naval_side(ctx: Ctx, player: str, sea: str, spec: dict) -> dict:
    state, t = ctx.state, ctx.t
    side = {"player": player, "seas": {"own": {sea: units_at(state, player, sea).get("galley", 0)}},
            "groups": {"own": {"galley": units_at(state, player, sea).get("galley", 0)}},
            "leader": False, "training": training(state, player, "naval")}
    for ally, lent in (spec.get("lent") or {}).items():
        ally = check_player(state, ally)
        if ally == player or not allied(state, player, ally):
            raise IllegalAction(N_("{ally} is not {player}'s ally"), ally=ally, player=player)
        count = check_units(t, lent).get("galley", 0)
        if units_at(state, ally, sea).get("galley", 0) < count:
            raise IllegalAction(N_("{ally} has not {units} in {province} to lend"),
                                ally=ally, units=Units({"galley": count}), province=sea)
        side["groups"][ally] = {"galley": count}
        side["seas"][ally] = {sea: count}
    _diplomacy(ctx, side, spec.get("diplomacy"), sea, naval=True)
    return side


def _galleys(ctx: Ctx, side: dict, group: str, owner: str, galleys: dict,
             where: str | None = None) -> None:
    for sea, count in galleys.items():
        count = check_units(ctx.t, {"galley": count}).get("galley", 0)
        if where is not None:
            board.check_touches(ctx.state, sea, [where])
        if units_at(ctx.state, owner, sea).get("galley", 0) < count:
            raise IllegalAction(N_("{ally} has not {units} in {province} to lend"),
                                ally=owner, units=Units({"galley": count}), province=sea)
        groups = side["groups"].setdefault(group, {})
        groups["galley"] = groups.get("galley", 0) + count
        side["seas"].setdefault(group, {})[sea] = count


def _diplomacy(ctx: Ctx, side: dict, troops, where: str, naval: bool = False) -> None:
    """The troops of the side's Diplomacy card, as the card shows them (cards.yaml `troops`):
    only a card whose battles these are (its key province for a land battle, `naval` for a
    naval one) brings them, and at full strength ("reaparecen con toda su fuerza", ruling
    R15)."""
    if not troops:
        return
    troops = check_units(ctx.t, troops)
    player = side["player"]
    if not diplomacy_held(ctx.state, player):
        raise IllegalAction(N_("{player} holds no diplomacy card"), player=player)
    if naval and any(u != "galley" for u in troops):
        raise IllegalAction(N_("only galleys fight in a naval battle"))
    cards = [c for c in ctx.book(player)["cards"]
             if ctx.state["cards"].get(c, {}).get("class") == "diplomacy"]
    facts = {c: _troops_of(ctx.state, c) for c in cards}
    kind = "naval" if naval else "land"
    here = [c for c, f in facts.items() if f and f["battles"] == kind
            and (f["province"] is None or f["province"] == where)]
    if not here:
        raise IllegalAction(N_("{player}'s diplomacy cards bring no troops to a battle in "
                               "{where}"), player=player, where=where)
    wanted: dict[str, int] = {}
    for card in here:
        for unit, count in facts[card]["troops"].items():
            wanted[unit] = wanted.get(unit, 0) + count
    if troops != wanted:
        raise IllegalAction(N_("{card} brings {wanted} to this battle, not {declared}"),
                            card=here[0], wanted=Units(wanted), declared=Units(troops))
    side["groups"]["diplomacy"] = {u: c for u, c in troops.items() if u in ctx.t.military}


def _troops_of(state: dict, card: str):
    """The card's troops: the `cards` option's, else cards.yaml's (None: it brings none)."""
    info = state["cards"].get(card, {})
    if info.get("troops"):
        return {"troops": info["troops"], "province": info.get("province"),
                "battles": info.get("battles") or "land"}
    return card_troops().get(card)


def _start(ctx: Ctx, kind: str, where: str, sides: dict, city: bool,
           step: str = "roll") -> None:
    battle = {"kind": kind, "where": where, "city": city, "round": 0, "sides": sides,
              "step": step, "due": [], "pending": {}, "retreat_due": None}
    ctx.state["battle"] = battle
    ctx.emit("battle", fight=kind, where=where, attacker=sides["attacker"]["player"],
             defender=sides["defender"]["player"], city=city,
             forces={s: _total(sides[s]) for s in SIDES})
    if step == "roll":
        _next_round(ctx)


# --- counting ---------------------------------------------------------------------------------------

def _total(side: dict) -> dict:
    total: dict[str, int] = {}
    for units in side["groups"].values():
        for unit, count in units.items():
            if count:
                total[unit] = total.get(unit, 0) + count
    return total


def fighting(t, battle: dict, side: str) -> dict:
    """The side's units that roll hits and can be hit (galleys only at sea)."""
    total = _total(battle["sides"][side])
    if battle["kind"] == "naval":
        return {"galley": total.get("galley", 0)} if total.get("galley") else {}
    return total


def alive(t, battle: dict, side: str) -> bool:
    total = _total(battle["sides"][side])
    if battle["kind"] == "naval":
        return total.get("galley", 0) > 0
    return any(total.get(u, 0) for u in t.land_military)


def dice_count(t, battle: dict, side: str) -> int:
    """3 + leader + defended city + training on land; galleys + naval training at sea."""
    rule, info = t.battle, battle["sides"][side]
    if battle["kind"] == "naval":
        return fighting(t, battle, side).get("galley", 0) + rule["training_dice"] * info["training"]
    count = t.land_base + rule["training_dice"] * info["training"]
    if info["leader"]:
        count += rule["leader_dice"]
    if side == "defender" and battle["city"]:
        count += rule["city_dice"]
    return count


def hits(t, units: dict, faces: list[str]) -> int:
    """Each face matching a unit type hits, at most as many per type as units of that type."""
    symbol = {u["id"]: u.get("symbol") for u in t.raw["units"]}
    return sum(min(faces.count(symbol[u]), count) for u, count in units.items() if symbol.get(u))


# --- rounds -----------------------------------------------------------------------------------------

def _next_round(ctx: Ctx) -> None:
    battle = ctx.state["battle"]
    battle["round"] += 1
    battle["step"], battle["rolled"] = "roll", []
    battle["due"] = ["defender"] if battle["city"] else ["attacker", "defender"]
    ctx.emit("battle-round", round=battle["round"],
             dice={s: dice_count(ctx.t, battle, s) for s in SIDES})


def roll(ctx: Ctx, action: dict) -> None:
    state, t = ctx.state, ctx.t
    battle = _battle(state, "roll")
    entered = action.get("faces") or {}
    if not isinstance(entered, dict):
        raise ParseError(N_("faces: a mapping of side to the faces rolled"))
    rolled = {}
    for side in battle["due"]:
        count = dice_count(t, battle, side)
        faces = entered.get(side)
        if faces is None:
            faces = [state["settings"]["faces"][ctx.dice.roll("battle", f"{side} die") - 1]
                     for _ in range(count)]
        elif (not isinstance(faces, list) or len(faces) != count
              or not all(f in t.symbols for f in faces)):
            raise ParseError(N_("the {side} rolls {count} dice: enter {count} faces, each one "
                                "of {symbols}"), side=side, count=count,
                             symbols=", ".join(t.symbols))
        rolled[side] = faces
    for side, faces in rolled.items():
        scored = hits(t, fighting(t, battle, side), faces)
        target = other(side)
        owed = min(scored, sum(fighting(t, battle, target).values()))
        battle["pending"][target] = owed
        ctx.emit("battle-roll", side=side, player=battle["sides"][side]["player"], faces=faces,
                 hits=scored)
    battle["rolled"], battle["due"] = list(rolled), []
    battle["step"] = "casualties"
    _settle(ctx)


def casualties(ctx: Ctx, action: dict) -> None:
    battle = _battle(ctx.state, "casualties")
    side = action.get("side")
    if side not in battle["pending"]:
        raise IllegalAction(N_("no losses are owed by the {side} now"), side=side)
    remove = action.get("remove")
    if not isinstance(remove, dict):
        raise ParseError(N_("remove: a mapping of group ('own', 'diplomacy' or an ally) to "
                            "units"))
    owed = battle["pending"][side]
    groups = battle["sides"][side]["groups"]
    total = 0
    for group, units in remove.items():
        units = check_units(ctx.t, units)
        if group not in groups:
            raise IllegalAction(N_("the {side} has no units of '{group}'"), side=side,
                                group=group)
        for unit, count in units.items():
            if battle["kind"] == "naval" and unit != "galley":
                raise IllegalAction(N_("only galleys fight in a naval battle"))
            if groups[group].get(unit, 0) < count:
                raise IllegalAction(N_("the {side} has only {units} in '{group}'"),
                                    side=side, units=Units({unit: groups[group].get(unit, 0)}),
                                    group=group)
            total += count
    if total != owed:
        raise IllegalAction(N_("the {side} must remove exactly {owed} units"), side=side,
                            owed=owed)
    for group, units in remove.items():
        for unit, count in units.items():
            _lose(ctx, side, group, unit, count)
    del battle["pending"][side]
    _settle(ctx)


def _choices(t, battle: dict, side: str) -> list[tuple[str, str]]:
    kinds = ("galley",) if battle["kind"] == "naval" else t.military
    return [(g, u) for g, units in battle["sides"][side]["groups"].items()
            for u, c in units.items() if c and u in kinds]


def _settle(ctx: Ctx) -> None:
    """Take losses that leave no choice; then go on with the round when none are owed."""
    battle, t = ctx.state["battle"], ctx.t
    for side in list(battle["pending"]):
        owed = battle["pending"][side]
        options = _choices(t, battle, side)
        available = sum(battle["sides"][side]["groups"][g][u] for g, u in options)
        if owed == 0 or len(options) <= 1 or owed >= available:
            for group, unit in options:
                take = min(owed, battle["sides"][side]["groups"][group][unit])
                _lose(ctx, side, group, unit, take)
                owed -= take
            del battle["pending"][side]
    if battle["pending"]:
        return
    if battle["city"] and battle.get("rolled") == ["defender"]:
        # the defender of his city rolled first; the attacker rolls with what he has left
        if not alive(t, battle, "attacker"):
            return _end(ctx, winner="defender")
        battle["step"], battle["due"], battle["rolled"] = "roll", ["attacker"], []
        return
    _round_over(ctx)


def _lose(ctx: Ctx, side: str, group: str, unit: str, count: int) -> None:
    if count <= 0:
        return
    state, battle = ctx.state, ctx.state["battle"]
    info = battle["sides"][side]
    info["groups"][group][unit] -= count
    owner = info["player"] if group == "own" else group
    if group != "diplomacy":
        if unit == "galley":
            left = count
            for sea, there in info["seas"].get(group, {}).items():
                take = min(left, there)
                if take:
                    add_units(state, owner, sea, {"galley": take}, -1)
                    info["seas"][group][sea] -= take
                    left -= take
        else:
            add_units(state, owner, battle["where"], {unit: count}, -1)
    ctx.emit("losses", side=side, player=owner, group=group, unit=unit, count=count)


def _round_over(ctx: Ctx) -> None:
    battle, t = ctx.state["battle"], ctx.t
    battle.pop("rolled", None)
    a, d = alive(t, battle, "attacker"), alive(t, battle, "defender")
    if not a or not d:
        return _end(ctx, winner="attacker" if a else "defender" if d else None)
    if battle["kind"] == "naval":
        if battle["round"] >= t.battle["naval_max_rounds"]:
            return _end(ctx, winner=None)
        return _next_round(ctx)
    battle["step"], battle["retreat_due"] = "retreat", "defender"


def retreat(ctx: Ctx, action: dict) -> None:
    state, t = ctx.state, ctx.t
    battle = _battle(state, "retreat")
    side = _retreat_side(battle, action)
    player = battle["sides"][side]["player"]
    dest = check_place(action.get("to"))
    board.check_retreat(state, t, player, battle["where"], dest)
    blockers = [q for q in state["players"]
                if not allied(state, player, q) and land_military(state, t, q, dest)]
    if blockers:
        raise IllegalAction(N_("{player} cannot retreat to {province}: {blocker} has military "
                               "units there"), player=player, province=dest, blocker=blockers[0])
    land = {u: c for u, c in units_at(state, player, battle["where"]).items()
            if t.unit_where[u] == "land"}
    add_units(state, player, battle["where"], land, -1)
    add_units(state, player, dest, land)
    ctx.emit("retreat", side=side, player=player, to=dest, units=land)
    _end(ctx, winner=other(side))


def stay(ctx: Ctx, action: dict) -> None:
    battle = _battle(ctx.state, "retreat")
    side = _retreat_side(battle, action)
    ctx.emit("stay", side=side, player=battle["sides"][side]["player"])
    if side == "defender":
        battle["retreat_due"] = "attacker"
    else:
        _next_round(ctx)


def _retreat_side(battle: dict, action: dict) -> str:
    side = action.get("side")
    if side != battle["retreat_due"]:
        raise IllegalAction(N_("the {due} decides first whether to retreat"),
                            due=battle["retreat_due"])
    return side


def _battle(state: dict, step: str) -> dict:
    battle = state.get("battle")
    if battle is None:
        raise IllegalAction(N_("no battle is being fought"))
    if battle["step"] != step:
        raise IllegalAction(N_("the battle is at its {step} step"), step=battle["step"])
    return battle


def _end(ctx: Ctx, winner: str | None) -> None:
    state, t = ctx.state, ctx.t
    battle = state["battle"]
    losers = [s for s in SIDES if s != winner] if winner else \
        [s for s in SIDES if not alive(t, battle, s)]
    for side in losers:
        gain(ctx, battle["sides"][side]["player"], "chaos", t.chaos["battle_loss"],
             "battle lost")
    where = battle["where"]
    ctx.emit("battle-over", where=where, fight=battle["kind"],
             winner=battle["sides"][winner]["player"] if winner else None,
             losers=[battle["sides"][s]["player"] for s in losers])
    if battle["kind"] == "land":
        attacker, defender = (battle["sides"][s]["player"] for s in SIDES)
        if winner == "attacker" and state["cities"].get(where) == defender:
            state["cities"][where] = attacker
            ctx.emit("city", province=where, owner=attacker, previous=defender)
        alone = [battle["sides"][s]["player"] for s in losers
                 if units_at(state, battle["sides"][s]["player"], where)
                 and not land_military(state, t, battle["sides"][s]["player"], where)]
        if board.board(state) is not None and not board.withdraw_choices(state, where):
            alone = []      # a province with no neighbour on the map: nowhere to go (map.md M5)
        for player in alone:
            ctx.emit("withdraw-leaders", player=player, where=where)
        if alone:
            # digest 6.4: leaders left without military units must withdraw, even next to
            # enemy units; the game waits for the table to say where (`withdraw`)
            state["withdrawal"] = {"where": where, "players": alone}
    state["battle"] = None
    if state["phase"] == "actions" and state["turn"]:
        advance(ctx)


def withdraw(ctx: Ctx, action: dict) -> None:
    """A leader left alone after a lost battle leaves the province: all the player's units
    there go to the province the table names (not the battle's; enemy units may stand there;
    without a map the table judges what is next to it, ruling R4; with one, a neighbour)."""
    state = ctx.state
    pending = state.get("withdrawal")
    if not pending:
        raise IllegalAction(N_("no leader has to withdraw now"))
    player = check_player(state, action.get("player"))
    where = pending["where"]
    if player not in pending["players"]:
        raise IllegalAction(N_("{player} has no leader to withdraw from {where}: {due} must "
                               "withdraw first"), player=player, where=where,
                            due=", ".join(pending["players"]))
    dest = check_place(action.get("to"))
    if dest == where or dest.startswith(SEA_BY):
        raise IllegalAction(N_("{player}'s leaders withdraw to a land province next to "
                               "{where}, not to {to}"), player=player, where=where, to=dest)
    board.check_withdraw(state, where, dest)
    units = dict(units_at(state, player, where))
    add_units(state, player, where, units, -1)
    add_units(state, player, dest, units)
    ctx.emit("withdrawn", player=player, origin=where, to=dest, units=units)
    pending["players"].remove(player)
    if pending["players"]:
        return
    del state["withdrawal"]
    if state["phase"] == "actions" and state["turn"]:
        advance(ctx)
