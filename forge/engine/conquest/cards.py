"""The cards whose effect the engine applies from their data: the immediate cards and the Assassin.

An immediate card is used as soon as it is taken and then leaves the game (rulebook "USO
INMEDIATO"): `play-card` takes it from the offer (one action, the round's card pick, its cost)
and applies what its `play` entry in cards.yaml says, with the targets the player names. The
Assassin is a multiple-use card (once per season, in one's turn): `use-card` with its target.
What each card does (rulebook "TIPOS DE NAIPES DE CONQUISTA"; rulings R26-R31):

- `city`: a city of the player in one of the card's two provinces, never where one stands;
- `influence`: tokens in the key province where the player's caesar stands;
- `senator: take`: a Senator at random from another player's hand, even an ally's;
- `sea` + `galleys`: one of the player's galleys moved to that sea, then more galleys there;
- `move` + `to`: exactly that many land military units (leaders may go along) moved out of a
  province holding the player's general or caesar into `to`, then `units`, `talents` or `vp`;
- `revolt`: slaves rise in a province and fight its armies; the table enters the losses;
- `remove`: a general off the board, or a Senator at random out of a player's hand.

A card without a printed cost (`gap:` in cards.yaml) costs what the table enters once, in
`set-board-values` `costs` or the first `play-card` that gives `cost`; it is kept in
`settings.costs` (added only then, so older games keep their states).
"""
from __future__ import annotations

from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from forge.engine.conquest import board
from forge.engine.conquest.data import CONTENT_DIR, cards_in_decks
from forge.engine.conquest.refusal import IllegalAction
from forge.engine.conquest.state import (Ctx, add_units, check_player, check_units, gain,
                                         land_military, pay, units_at)
from forge.engine.conquest.turns import advance, check_turn, spend_action
from forge.engine.core import N_, ParseError

CAESAR, GENERAL = "caesar", "general"


@cache
def card_play(content_dir: Path = CONTENT_DIR) -> Mapping:
    """{card id: its `play` entry} of cards.yaml (kept apart from card_data, which the state
    copies)."""
    return MappingProxyType({card["id"]: MappingProxyType(dict(card["play"]))
                             for _deck, card in cards_in_decks(content_dir) if card.get("play")})


def effect_of(play: Mapping) -> str:
    """The kind of effect a `play` entry describes (the key that names it)."""
    for kind in ("city", "influence", "senator", "sea", "move", "revolt", "remove"):
        if kind in play:
            return kind
    raise ValueError(f"unknown card effect {dict(play)}")


def playable(state: dict, card: str) -> Mapping | None:
    """The `play` entry of an immediate card the engine plays, else None."""
    play = card_play().get(card)
    info = state["cards"].get(card) or {}
    if play is None or info.get("class") != "immediate":
        return None
    return play


# --- costs the rulebook does not give ---------------------------------------------------------

def known_cost(state: dict, card: str) -> int | None:
    """The card's cost: the rulebook's, else the one the table entered (settings.costs)."""
    cost = (state["cards"].get(card) or {}).get("cost")
    if cost is None:
        cost = state["settings"].get("costs", {}).get(card)
    return cost


def remember_costs(state: dict, costs: dict) -> None:
    """The printed costs of cards the rulebook gives none for, entered once (R6)."""
    for card, cost in costs.items():
        info = state["cards"].get(card)
        if info is None:
            raise IllegalAction(N_("the card {card} is not in the game's card list"), card=card)
        if info.get("cost") is not None:
            raise IllegalAction(N_("{card} costs {cost} talents"), card=card, cost=info["cost"])
        if not isinstance(cost, int) or isinstance(cost, bool) or cost < 0:
            raise ParseError(N_("{what} must be a whole number of {low} or more"), what="cost",
                             low=0)
        state["settings"].setdefault("costs", {})[card] = cost


def _cost(state: dict, card: str, action: dict) -> int:
    known, given = known_cost(state, card), action.get("cost")
    if known is None:
        if given is None:
            raise IllegalAction(N_("the rulebook gives no cost for {card}: enter the cost "
                                   "printed on your card as 'cost'"), card=card)
        remember_costs(state, {card: given})
        return given
    if given is not None and given != known:
        raise IllegalAction(N_("{card} costs {cost} talents"), card=card, cost=known)
    return known


# --- play-card: an immediate card taken and played -----------------------------------------------

def play_card(ctx: Ctx, action: dict) -> None:
    state = ctx.state
    player = check_turn(ctx, action)
    card = action.get("card")
    if card not in state["offer"]:
        raise IllegalAction(N_("the card {card} is not on offer"), card=card)
    if state["turn"]["card_picks_left"] <= 0:
        raise IllegalAction(N_("{player} has already taken a card this round"), player=player)
    play = playable(state, card)
    if play is None:
        raise IllegalAction(N_("{card} is not an immediate card the engine plays: take it "
                               "with 'take-card'"), card=card)
    cost = _cost(state, card, action)
    pay(ctx, player, cost, "card")
    state["offer"].remove(card)
    state["removed"].append(card)
    state["turn"]["card_picks_left"] -= 1
    ctx.emit("card-taken", player=player, card=card, cost=cost, card_class="immediate")
    EFFECTS[effect_of(play)](ctx, player, card, play, action)
    spend_action(ctx, player, "play-card")
    advance(ctx)


def _city(ctx: Ctx, player: str, card: str, play: Mapping, action: dict) -> None:
    """CONSTRUCCIÓN DE UNA CIUDAD: one of the card's two provinces, one city per province."""
    province = action.get("province")
    if province not in play["city"]:
        raise IllegalAction(N_("{card} builds a city only in {choices}"), card=card,
                            choices=Places(play["city"]))
    owner = ctx.state["cities"].get(province)
    if owner is not None:
        raise IllegalAction(N_("a city of {owner} already stands in {province}: one city per "
                               "province"), owner=owner, province=province)
    ctx.state["cities"][province] = player
    ctx.emit("city-built", player=player, province=province, card=card)


def _influence(ctx: Ctx, player: str, card: str, play: Mapping, action: dict) -> None:
    """PERSONAJE POLÍTICO: influence in the province that holds the player's caesar."""
    where = caesar_at(ctx.state, player)
    if where is None:
        raise IllegalAction(N_("{player}'s caesar is not on the board"), player=player)
    if where not in ctx.t.key_provinces:
        raise IllegalAction(N_("{player}'s caesar is in {where}, not in a key province: "
                               "influence goes only in key provinces"), player=player,
                            where=where)
    given = action.get("province")
    if given is not None and given != where:
        raise IllegalAction(N_("{card} places influence where {player}'s caesar stands: "
                               "{where}"), card=card, player=player, where=where)
    influence = ctx.book(player)["influence"]
    influence[where] = influence.get(where, 0) + play["influence"]
    ctx.emit("influence-placed", player=player, province=where, amount=play["influence"],
             card=card)


def _bribe(ctx: Ctx, player: str, card: str, play: Mapping, action: dict) -> None:
    """SOBORNO DE UN SENADOR: another player's Senator, at random, into the player's hand."""
    target = check_player(ctx.state, action.get("target"))
    if target == player:
        raise IllegalAction(N_("{card} takes a Senator from another player's hand"), card=card)
    value = draw_senator(ctx, target, action, "senator bribed")
    ctx.book(player)["senators"].append(value)
    ctx.emit("senator-bribed", player=player, target=target, value=value, card=card)


def _fleet(ctx: Ctx, player: str, card: str, play: Mapping, action: dict) -> None:
    """COMANDO DE UNA FLOTA: one of the player's galleys to the card's sea, and galleys there."""
    sea, origin = play["sea"], action.get("from")
    if not isinstance(origin, str) or not units_at(ctx.state, player, origin).get("galley"):
        raise IllegalAction(N_("{card} moves one of {player}'s galleys: name a place where "
                               "he has one ('from')"), card=card, player=player)
    board.check_sea(ctx.state, sea)
    if origin != sea:
        board.check_known(ctx.state, origin)
        add_units(ctx.state, player, origin, {"galley": 1}, -1)
        add_units(ctx.state, player, sea, {"galley": 1})
        ctx.emit("moved", player=player, origin=origin, to=sea, units={"galley": 1})
    add_units(ctx.state, player, sea, {"galley": play["galleys"]})
    ctx.emit("units-added", player=player, where=sea, units={"galley": play["galleys"]},
             card=card)


def _barbarians(ctx: Ctx, player: str, card: str, play: Mapping, action: dict) -> None:
    """BÁRBAROS A LAS PUERTAS: a move of exactly `move` land military units to the card's
    province, part of taking the card, then its gain there."""
    state, t = ctx.state, ctx.t
    origin, to = action.get("from"), play["to"]
    units = action.get("units")
    if not isinstance(origin, str) or not (units_at(state, player, origin).get(CAESAR)
                                           or units_at(state, player, origin).get(GENERAL)):
        raise IllegalAction(N_("{card} is a move: {player} needs a general or his caesar "
                               "in the province the units leave ('from')"), card=card,
                            player=player)
    if origin == to:
        raise IllegalAction(N_("{card} moves units into {where} from another province"),
                            card=card, where=to)
    if not isinstance(units, dict):
        raise ParseError(N_("units: which units to move, e.g. {{\"infantry\": 4}}"))
    units = check_units(t, units)
    military = sum(c for u, c in units.items() if u in t.land_military)
    if military != play["move"] or any(t.unit_where[u] != "land" for u in units):
        raise IllegalAction(N_("{card} moves exactly {count} land military units (infantry, "
                               "cavalry, catapults), with any leaders"), card=card,
                            count=play["move"])
    routes = board.check_move(state, t, player, origin, {to: units})
    add_units(state, player, origin, units, -1)
    add_units(state, player, to, units)
    if routes.get(to) == "amphibious":
        ctx.emit("moved", player=player, origin=origin, to=to, units=units, amphibious=True)
    else:
        ctx.emit("moved", player=player, origin=origin, to=to, units=units)
    if play.get("units"):
        add_units(state, player, to, dict(play["units"]))
        ctx.emit("units-added", player=player, where=to, units=dict(play["units"]), card=card)
    for key in ("talents", "vp"):
        if play.get(key):
            gain(ctx, player, key, play[key], "barbarians")


def _revolt(ctx: Ctx, player: str, card: str, play: Mapping, action: dict) -> None:
    """REVUELTA DE ESCLAVOS: slaves rise in a province and fight its armies, the named one
    first; the table fights it with the battle dice and enters each army's losses (R30)."""
    state, t = ctx.state, ctx.t
    province = action.get("province")
    if isinstance(province, str):
        board.check_land(state, province)
    armies = armies_in(state, t, province) if isinstance(province, str) else []
    if not armies:
        raise IllegalAction(N_("no army with land military units stands in {province}: the "
                               "slaves need one to attack"), province=province)
    first = action.get("target")
    if first not in armies:
        raise IllegalAction(N_("the slaves attack first an army in {province}: one of "
                               "{players}"), province=province, players=", ".join(armies))
    losses = action.get("losses")
    if not isinstance(losses, dict):
        raise ParseError(N_("losses: a mapping of player to the units the slaves killed"))
    ctx.emit("slave-revolt", player=player, province=province, target=first,
             slaves=dict(play["revolt"]), card=card)
    for victim, units in losses.items():
        if victim not in armies:
            raise IllegalAction(N_("the slaves fight only the armies in {province}: one of "
                                   "{players}"), province=province, players=", ".join(armies))
        units = check_units(t, units)
        if any(u not in t.land_military for u in units):
            raise IllegalAction(N_("the slaves kill only land military units (infantry, "
                                   "cavalry, catapults), as the hits of a land battle do"))
        if units:
            add_units(state, player=victim, where=province, units=units, sign=-1)
            ctx.emit("units-removed", player=victim, where=province, units=units, card=card)
    ctx.emit("revolt-over", province=province)


def armies_in(state: dict, t, province: str) -> list[str]:
    """The players with land military units in a place, in seat order."""
    return [p for p in state["players"] if land_military(state, t, p, province)]


def caesar_at(state: dict, player: str) -> str | None:
    """Where the player's caesar stands on the board (None: not on it)."""
    return next((where for where, units in state["army"][player].items()
                 if where != "unplaced" and units.get(CAESAR)), None)


def draw_senator(ctx: Ctx, target: str, action: dict, why: str) -> int:
    """A Senator drawn at random from a player's hand (a chance step over the hand in order of
    value), or the one the table drew from the real cards (`drawn`, its value)."""
    hand = ctx.book(target)["senators"]
    if not hand:
        raise IllegalAction(N_("{target} holds no Senator card"), target=target)
    drawn = action.get("drawn")
    if drawn is None:
        drawn = sorted(hand)[ctx.dice.roll(f"d{len(hand)}", why) - 1]
    elif drawn not in hand:
        raise IllegalAction(N_("{target} holds no Senator worth {value}"), target=target,
                            value=drawn)
    hand.remove(drawn)
    return drawn


class Places(list):
    """Place ids in a refusal, shown by their names ('Egypt, Numidia')."""

    def __format__(self, spec) -> str:
        return ", ".join(self)

    def translated(self, tr) -> str:
        from forge.engine.conquest.words import Names

        names = Names(tr)
        return ", ".join(names.place(p) for p in self)


EFFECTS = {"city": _city, "influence": _influence, "senator": _bribe, "sea": _fleet,
           "move": _barbarians, "revolt": _revolt}


# --- the card actions of books.py that the cards above change ------------------------------------

def handler_for(ctx: Ctx, action: dict):
    """The procedure of this module for an action books.py would otherwise carry out (None:
    books.py's own): `take-card` of a card played with `play-card` (refused) or without a
    printed cost that the table has entered; `use-card` of the Assassin; `set-board-values`
    with `costs`."""
    kind, card = action["type"], action.get("card")
    if kind == "take-card" and isinstance(card, str):
        if playable(ctx.state, card) is not None:
            return _refuse_take
        if action.get("cost") is None and card in ctx.state["settings"].get("costs", {}):
            return _take_at_known_cost
    if kind == "use-card" and isinstance(card, str) and "remove" in card_play().get(card, {}):
        return use_assassin
    if kind == "set-board-values" and action.get("costs") is not None:
        return _set_costs
    return None


def _refuse_take(ctx: Ctx, action: dict) -> None:
    raise IllegalAction(N_("{card} is used as soon as it is taken: play it with 'play-card' "
                           "and its targets"), card=action["card"])


def _take_at_known_cost(ctx: Ctx, action: dict) -> None:
    from forge.engine.conquest.books import take_card
    take_card(ctx, {**action, "cost": ctx.state["settings"]["costs"][action["card"]]})


def _set_costs(ctx: Ctx, action: dict) -> None:
    """`set-board-values` with `costs`: the printed costs the rulebook does not give (R6)."""
    from forge.engine.conquest.books import set_board_values
    costs = action["costs"]
    if not isinstance(costs, dict):
        raise ParseError(N_("costs: a mapping of card to the cost printed on it"))
    remember_costs(ctx.state, costs)
    ctx.emit("card-costs", costs=dict(costs))
    rest = {k: v for k, v in action.items() if k != "costs"}
    if set(rest) - {"type"}:
        set_board_values(ctx, rest)


# --- the Assassin (use-card) ---------------------------------------------------------------------

def use_assassin(ctx: Ctx, action: dict) -> None:
    """`use-card` of the Assassin: a multiple-use card (once per season, in its holder's turn,
    not an action) with its target."""
    state = ctx.state
    player = check_player(state, action.get("player"))
    turn = state.get("turn")
    if (state["phase"] != "actions" or not turn or state["order"][turn["index"]] != player
            or state["battle"] or state["senate"]):
        raise IllegalAction(N_("{player} may use a card only in his own turn"), player=player)
    card, book = action["card"], ctx.book(player)
    if card not in book["cards"]:
        raise IllegalAction(N_("{player} does not hold {card}"), player=player, card=card)
    if card in book["used"]:
        raise IllegalAction(N_("{card} has been used this season"), card=card)
    if action.get("target") is None:
        raise IllegalAction(N_("{card} needs its target: a general ('target' and 'where') or "
                               "a Senator ('target' and 'senator')"), card=card)
    book["used"].append(card)
    ctx.emit("card-used", player=player, card=card)
    assassinate(ctx, player, card, card_play()[card], action)


def assassinate(ctx: Ctx, player: str, card: str, play: Mapping, action: dict) -> None:
    """ASESINO: any general off the board (`target` and `where`), or a Senator at random out of
    a player's hand (`target` and `senator: true`); an ally may be struck."""
    state = ctx.state
    target = check_player(state, action.get("target"))
    where = action.get("where")
    if action.get("senator"):
        if where is not None:
            raise IllegalAction(N_("{card} removes a general or a Senator, not both"),
                                card=card)
        value = draw_senator(ctx, target, action, "senator assassinated")
        ctx.emit("senator-assassinated", player=player, target=target, value=value, card=card)
        return
    if not isinstance(where, str) or not units_at(state, target, where).get(GENERAL):
        raise IllegalAction(N_("{card} removes a general: {target} has none in {where}"),
                            card=card, target=target, where=where)
    add_units(state, target, where, {GENERAL: 1}, -1)
    ctx.emit("general-assassinated", player=player, target=target, where=where, card=card)


def assassin_targets(state: dict) -> dict:
    """Who the Assassin may strike: {"general": {player: [places]}, "senator": [players]}."""
    generals = {p: [w for w, u in state["army"][p].items() if w != "unplaced" and u.get(GENERAL)]
                for p in state["players"]}
    return {"general": {p: ws for p, ws in generals.items() if ws},
            "senator": [p for p in state["players"] if state["books"][p]["senators"]]}


__all__ = ["card_play", "playable", "play_card", "assassinate", "use_assassin", "handler_for",
           "known_cost",
           "remember_costs", "caesar_at", "armies_in", "assassin_targets"]
