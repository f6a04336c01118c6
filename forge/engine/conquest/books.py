"""The players' books: the actions of a round (cards, recruits, influence, special tax, moves,
pass) and the table's entries that are not actions (board values, tokens and cards on offer,
starting units, forced moves, corrections).

The engine keeps units by the place the table names (a province or sea id) and checks what its
books can tell: leaders present, influence held, protection, money. Without a map it never checks
that a move or an adjacency is possible (ruling R4); a game set up with one (board.py) has every
move, recruit, placement and forced move checked against it.
"""
from __future__ import annotations

from forge.engine.conquest import board
from forge.engine.conquest.data import card_effects, senator_value, training_kind, vote_effect
from forge.engine.conquest.deck import check_deal
from forge.engine.conquest.state import (Ctx, add_units, allied, check_key_province,
                                         check_place, check_player, check_units, gain,
                                         has_leader, influence_total, land_military, pay,
                                         units_at, units_in_play)
from forge.engine.conquest.turns import advance, check_turn, spend_action
from forge.engine.core import N_, ParseError
from forge.engine.conquest.refusal import IllegalAction



def _count(value, what: str, low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise ParseError(N_("{what} must be a whole number of {low} or more"), what=what,
                         low=low)
    return value


# --- actions of a round ---------------------------------------------------------------------------

def take_card(ctx: Ctx, action: dict) -> None:
    state = ctx.state
    player = check_turn(ctx, action)
    card = action.get("card")
    if card not in state["offer"] and card not in state["votes"]:
        raise IllegalAction(N_("the card {card} is not on offer"), card=card)
    if state["turn"]["card_picks_left"] <= 0:
        raise IllegalAction(N_("{player} has already taken a card this round"), player=player)
    info = state["cards"].get(card)
    if info is None:
        raise IllegalAction(N_("the card {card} is not in the game's card list"), card=card)
    cost = _card_cost(card, info, action)
    pay(ctx, player, cost, "card")
    (state["votes"] if card in state["votes"] else state["offer"]).remove(card)
    state["turn"]["card_picks_left"] -= 1
    book = ctx.book(player)
    kind = info.get("class")
    value = senator_value(card)
    if kind == "senator" or value is not None:
        book["senators"].append(value or 1)
    elif kind == "immediate":
        state["removed"].append(card)
    else:
        book["cards"].append(card)
    ctx.emit("card-taken", player=player, card=card, cost=cost, card_class=kind)
    spend_action(ctx, player, "take-card")
    advance(ctx)


def _card_cost(card: str, info: dict, action: dict) -> int:
    known = info.get("cost")
    if info.get("class") == "senator" and known is None:
        known = 0
    given = action.get("cost")
    if known is None:
        if given is None:
            raise IllegalAction(N_("the rulebook gives no cost for {card}: enter the cost "
                                   "printed on your card as 'cost'"), card=card)
        return _count(given, "cost")
    if given is not None and given != known:
        raise IllegalAction(N_("{card} costs {cost} talents"), card=card, cost=known)
    return int(known)


def recruit(ctx: Ctx, action: dict) -> None:
    state, t = ctx.state, ctx.t
    player = check_turn(ctx, action)
    province = check_place(action.get("province"))
    units = check_units(t, action.get("units"))
    if not units:
        raise ParseError(N_("units: which units to recruit, e.g. {{\"infantry\": 2}}"))
    for unit in units:
        if t.unit_cost.get(unit) is None:
            raise IllegalAction(N_("a {unit} cannot be recruited"), unit=unit)
    if not ctx.book(player)["influence"].get(province):
        raise IllegalAction(N_("{player} has no influence in {province}"), player=player,
                            province=province)
    if not has_leader(state, t, player, province):
        raise IllegalAction(N_("{player} needs a general or his caesar in {province} to "
                            "recruit there"), player=player, province=province)
    at_sea = {u: c for u, c in units.items() if t.unit_where[u] == "sea"}
    sea = action.get("sea")
    if at_sea and not isinstance(sea, str):
        raise ParseError(N_("sea: the sea zone next to the province where the galleys go"))
    board.check_land(state, province)
    if at_sea:
        board.check_touches(state, sea, [province])
    cost = sum(t.unit_cost[u] * c for u, c in units.items())
    pay(ctx, player, cost, "recruits")
    on_land = {u: c for u, c in units.items() if u not in at_sea}
    if on_land:
        add_units(state, player, province, on_land)
    if at_sea:
        add_units(state, player, sea, at_sea)
    ctx.emit("recruited", player=player, province=province, sea=sea, units=units, cost=cost)
    gain(ctx, player, "chaos", t.chaos["recruit"], "recruit")
    spend_action(ctx, player, "recruit")
    advance(ctx)


def buy_influence(ctx: Ctx, action: dict) -> None:
    state, t = ctx.state, ctx.t
    player = check_turn(ctx, action)
    province = check_key_province(t, action.get("province"))
    purchases = action.get("purchases")
    if not isinstance(purchases, list) or not purchases:
        raise ParseError(N_("purchases: a list with 'token' or a player's name per purchase"))
    leader = has_leader(state, t, player, province)
    allowed = {"caesar": t.economy["buys_with_caesar"],
               "general": t.economy["buys_with_general"]}.get(leader, 0)
    if not allowed:
        raise IllegalAction(N_("{player} needs a general or his caesar in {province} to buy "
                               "influence there"), player=player, province=province)
    if len(purchases) > allowed:
        raise IllegalAction(N_("with his {leader} in {province}, {player} may buy {allowed} "
                               "influence in one action"), leader=leader, province=province,
                            player=player, allowed=allowed)
    price = t.economy["influence_price"]
    pay(ctx, player, price * len(purchases), "influence")
    mine = ctx.book(player)["influence"]
    for source in purchases:
        if source == "token":
            if state["tokens"].get(province, 0) <= 0:
                raise IllegalAction(N_("no province token of {province} is on offer"),
                                    province=province)
            state["tokens"][province] -= 1
            if not state["tokens"][province]:
                del state["tokens"][province]
        else:
            _take_token(ctx, player, check_player(state, source), province)
        mine[province] = mine.get(province, 0) + 1
        ctx.emit("influence-bought", player=player, province=province, source=source,
                 price=price)
    spend_action(ctx, player, "buy-influence")
    advance(ctx)


def _take_token(ctx: Ctx, player: str, owner: str, province: str) -> None:
    state = ctx.state
    if allied(state, player, owner):
        raise IllegalAction(N_("{owner} is {player}'s ally (or himself): his influence "
                               "cannot be bought"), owner=owner, player=player)
    theirs = ctx.book(owner)["influence"]
    if not theirs.get(province):
        raise IllegalAction(N_("{owner} has no influence in {province}"), owner=owner,
                            province=province)
    if land_military(state, ctx.t, owner, province):
        raise IllegalAction(N_("{owner}'s influence in {province} is protected by his units "
                               "there"), owner=owner, province=province)
    theirs[province] -= 1
    if not theirs[province]:
        del theirs[province]


def special_tax(ctx: Ctx, action: dict) -> None:
    t = ctx.t
    player = check_turn(ctx, action)
    rule = t.economy["special_tax"]
    amount = action.get("amount")
    if (not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0
            or amount > rule["max"] or amount % rule["step"]):
        raise IllegalAction(N_("a special tax is {step} to {max} talents in steps of {step}"),
                            step=rule["step"], max=rule["max"])
    gain(ctx, player, "talents", amount, "special tax")
    gain(ctx, player, "chaos", amount // rule["step"] * rule["chaos_per_step"], "special tax")
    spend_action(ctx, player, "special-tax")
    advance(ctx)


def move(ctx: Ctx, action: dict) -> None:
    """Land units out of one province holding the mover's general or caesar; with a map, each
    destination reached overland or by an amphibious move (board.check_move)."""
    state, t = ctx.state, ctx.t
    player = check_turn(ctx, action)
    origin = check_place(action.get("from"))
    to = action.get("to")
    if not isinstance(to, dict) or not to:
        raise ParseError(N_("to: a mapping of destination to the units going there"))
    if not has_leader(state, t, player, origin):
        raise IllegalAction(N_("{player} needs a general or his caesar in {province} to move "
                               "units out of it"), player=player, province=origin)
    checked = {}
    for where, units in to.items():
        units = check_units(t, units)
        if any(t.unit_where[u] == "sea" for u in units):
            raise IllegalAction(N_("galleys move with a naval action"))
        checked[check_place(where)] = units
    routes = board.check_move(state, t, player, origin, checked)
    for where, units in checked.items():
        add_units(state, player, origin, units, -1)
        add_units(state, player, where, units)
        if routes.get(where) == "amphibious":
            ctx.emit("moved", player=player, origin=origin, to=where, units=units,
                     amphibious=True)
        else:
            ctx.emit("moved", player=player, origin=origin, to=where, units=units)
    spend_action(ctx, player, "move")
    advance(ctx)


def pass_action(ctx: Ctx, action: dict) -> None:
    player = check_turn(ctx, action)
    ctx.emit("passed", player=player)
    spend_action(ctx, player, "pass")
    advance(ctx)


# --- not actions -----------------------------------------------------------------------------------

def use_card(ctx: Ctx, action: dict) -> None:
    """A multiple-use card: once per season, in its holder's turn, not an action."""
    state = ctx.state
    player = check_player(state, action.get("player"))
    if state["phase"] != "actions" or state["order"][state["turn"]["index"]] != player:
        raise IllegalAction(N_("{player} may use a card only in his own turn"), player=player)
    card = action.get("card")
    book = ctx.book(player)
    if card not in book["cards"]:
        raise IllegalAction(N_("{player} does not hold {card}"), player=player, card=card)
    info = state["cards"].get(card, {})
    if info.get("class") != "multiple-use" or vote_effect(card):
        raise IllegalAction(N_("{card} is not a multiple-use card used this way"), card=card)
    if card in book["used"]:
        raise IllegalAction(N_("{card} has been used this season"), card=card)
    book["used"].append(card)
    ctx.emit("card-used", player=player, card=card)
    effects = card_effects()
    # a Merchant is recognised by 'merchant' and its province's id in the card id
    province = next((p for p in effects["merchants"] if "merchant" in card and p in card), None)
    if province:
        amount = effects["merchants"][province] * book["influence"].get(province, 0)
        gain(ctx, player, "talents", amount, "merchant")
    elif "plunder" in card:
        gain(ctx, player, "talents", effects["plunder"]["talents"], "campaign plunder")
        gain(ctx, player, "chaos", effects["plunder"]["chaos"], "campaign plunder")


def set_board_values(ctx: Ctx, action: dict, quiet: bool = False) -> None:
    """The values printed on the board or dice that the rulebook does not give (R2, R3)."""
    t, settings = ctx.t, ctx.state["settings"]
    vp = action.get("vp", {})
    if not isinstance(vp, dict):
        raise ParseError(N_("vp: a mapping of key province to its VP list"))
    for province, values in vp.items():
        check_key_province(t, province)
        places = t.places[province]
        if (not isinstance(values, list) or len(values) != places
                or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0
                           for v in values)):
            raise ParseError(N_("{province} takes {places} VP values, e.g. [15, 5]"),
                             province=province, places=places)
        settings["vp"][province] = list(values)
    if "faces" in action:
        faces = action["faces"]
        if (not isinstance(faces, list) or len(faces) != 6
                or not all(f in t.symbols for f in faces)):
            raise ParseError(N_("faces: the six faces of a battle die, each one of {symbols}"),
                             symbols=", ".join(t.symbols))
        settings["faces"] = list(faces)
    if not quiet:
        ctx.emit("board-values", vp=vp, faces=action.get("faces"))


def place_tokens(ctx: Ctx, action: dict) -> None:
    tokens = action.get("tokens")
    if not isinstance(tokens, dict):
        raise ParseError(N_("tokens: a mapping of key province to tokens drawn"))
    for province, count in tokens.items():
        check_key_province(ctx.t, province)
        ctx.state["tokens"][province] = ctx.state["tokens"].get(province, 0) + _count(
            count, "count", 1)
    ctx.emit("tokens-placed", tokens=tokens)


def offer_cards(ctx: Ctx, action: dict) -> None:
    cards = action.get("cards")
    if not isinstance(cards, list):
        raise ParseError(N_("cards: the list of card ids dealt face up"))
    check_deal(ctx.state, cards)
    ctx.state["offer"].extend(cards)
    ctx.emit("cards-offered", cards=cards)


def starting_influence(ctx: Ctx, action: dict) -> None:
    """The influence tokens a player lays from the province tokens he drew at the start (the
    set-up's `influence` option, entered later): first season, before any of his units is on
    the board, never in Italia, as many tokens as the rules deal."""
    state, t = ctx.state, ctx.t
    player = check_player(state, action.get("player"))
    provinces = action.get("provinces")
    if not isinstance(provinces, dict) or not provinces:
        raise ParseError(N_("provinces: a mapping of key province to influence tokens"))
    if state["season"] != 1 or influence_total(state, player) or units_in_play(state, player):
        raise IllegalAction(N_("{player}'s starting influence is already on the board"),
                            player=player)
    check_starting_influence(t, player, provinces)
    ctx.book(player)["influence"] = dict(provinces)
    ctx.emit("starting-influence", player=player, provinces=dict(provinces))


def check_starting_influence(t, player: str, provinces: dict) -> None:
    """The starting draw (rulebook "Preparación"): key provinces only, never Italia, each a
    whole number of tokens of 1 or more, as many in all as the rules deal (4). The set-up's
    `influence` option and the `starting-influence` entry share this check."""
    for province, count in provinces.items():
        check_key_province(t, province)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise IllegalAction(N_("{player}'s starting influence in {province} must be a "
                                   "whole number of tokens, 1 or more, not {count}"),
                                player=player, province=province, count=repr(count))
        if province == "italia":
            raise IllegalAction(N_("nobody starts with influence in Italia: that token goes "
                                   "back and another is drawn"))
    wanted = t.start["influence"]
    if sum(provinces.values()) != wanted:
        raise IllegalAction(N_("{player} starts with {count} influence tokens, one for each "
                               "province token drawn"), player=player, count=wanted)


def place_units(ctx: Ctx, action: dict) -> None:
    """Starting units onto the board (first season): land units where the player has influence."""
    state, t = ctx.state, ctx.t
    player = check_player(state, action.get("player"))
    where = check_place(action.get("where"))
    units = check_units(t, action.get("units"))
    land = [u for u in units if t.unit_where[u] == "land"]
    if land and not ctx.book(player)["influence"].get(where):
        raise IllegalAction(N_("starting units go only where {player} has influence"),
                            player=player)
    board.check_units_belong(state, t, where, units)
    if len(land) < len(units):
        board.check_touches(state, where, [p for p, n in ctx.book(player)["influence"].items()
                                           if n])
    add_units(state, player, "unplaced", units, -1)
    add_units(state, player, where, units)
    ctx.emit("placed", player=player, where=where, units=units)


def relocate(ctx: Ctx, action: dict) -> None:
    """A move the rules force or a card grants, outside the action count: with a map, between
    places of the map (land units to a province, galleys to a sea), at any distance."""
    state = ctx.state
    player = check_player(state, action.get("player"))
    origin, dest = check_place(action.get("from")), check_place(action.get("to"))
    units = check_units(ctx.t, action.get("units"))
    board.check_known(state, origin)
    board.check_units_belong(state, ctx.t, dest, units)
    add_units(state, player, origin, units, -1)
    add_units(state, player, dest, units)
    ctx.emit("moved", player=player, origin=origin, to=dest, units=units)


def adjust(ctx: Ctx, action: dict) -> None:
    """The table's correction or a card effect the engine does not carry out (not an action)."""
    state, t = ctx.state, ctx.t
    player = check_player(state, action.get("player"))
    book = ctx.book(player)
    for key in ("talents", "chaos", "vp"):
        if key in action:
            amount = action[key]
            if not isinstance(amount, int) or isinstance(amount, bool):
                raise ParseError(N_("{key}: a whole number to add (or take away)"), key=key)
            if key != "vp" and book[key] + amount < 0:
                raise IllegalAction(N_("{player} would have less than 0 {key}"),
                                    player=player, key=key)
            gain(ctx, player, key, amount, action.get("why", "correction"))
    for province, delta in (action.get("influence") or {}).items():
        check_key_province(t, province)
        new = book["influence"].get(province, 0) + delta
        if new < 0:
            raise IllegalAction(N_("{player} would have less than 0 influence in {province}"),
                                player=player, province=province)
        book["influence"][province] = new
        if not new:
            del book["influence"][province]
        ctx.emit("influence", player=player, province=province, amount=delta)
    for where, units in (action.get("units") or {}).items():
        gained = {u: c for u, c in units.items() if c > 0}
        lost = {u: -c for u, c in units.items() if c < 0}
        check_units(t, gained)
        check_units(t, lost)
        board.check_units_belong(state, t, where, gained)
        add_units(state, player, where, lost, -1)
        add_units(state, player, where, gained)
        ctx.emit("units", player=player, where=where, units=units)
    for city, owner in (action.get("cities") or {}).items():
        check_key_province(t, city)
        if owner is None:
            state["cities"].pop(city, None)
        else:
            state["cities"][city] = check_player(state, owner)
        ctx.emit("city", province=city, owner=owner)


def training(state: dict, player: str, kind: str) -> int:
    """Military ('land') or Naval ('naval') Training cards the player holds."""
    return sum(1 for c in state["books"][player]["cards"] if training_kind(c) == kind)


def diplomacy_held(state: dict, player: str) -> bool:
    return any(state["cards"].get(c, {}).get("class") == "diplomacy"
               for c in state["books"][player]["cards"])


__all__ = ["take_card", "recruit", "buy_influence", "special_tax", "move", "pass_action",
           "use_card", "set_board_values", "place_tokens", "offer_cards", "place_units",
           "starting_influence", "check_starting_influence", "relocate", "adjust", "training", "diplomacy_held", "units_at"]
