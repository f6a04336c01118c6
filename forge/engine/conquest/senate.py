"""The senate vote: an auction in senator cards for the benefit of one Senate Vote card.

Bids are sets of a player's senator cards whose total beats the high bid; the winner pays the
cards he revealed, the player with the most influence in Italia (nobody on a tie) draws one of
them at random (a chance step) and the rest leave the game (rulebook "Voto Senatorial").
"""
from __future__ import annotations

from collections import Counter

from forge.engine.conquest.data import card_effects, vote_effect
from forge.engine.conquest.state import Ctx, add_units, check_player, gain, left_of
from forge.engine.core import N_, ParseError
from forge.engine.conquest.refusal import IllegalAction



def call_vote(ctx: Ctx, action: dict) -> None:
    state = ctx.state
    player = check_player(state, action.get("player"))
    if (state["phase"] != "actions" or state["order"][state["turn"]["index"]] != player
            or state["battle"] or state["senate"]):
        raise IllegalAction(N_("{player} may call a senate vote only in his own turn"),
                            player=player)
    card = action.get("card")
    book = ctx.book(player)
    if card not in book["cards"] or not vote_effect(card):
        raise IllegalAction(N_("{player} does not hold the senate vote {card}"), player=player,
                            card=card)
    if card in book["used"]:
        raise IllegalAction(N_("{card} has been used this season"), card=card)
    book["used"].append(card)
    state["senate"] = {"card": card, "caller": player, "bidder": player, "high": None,
                       "passes": 0}
    ctx.emit("vote-called", player=player, card=card)


def vote_bid(ctx: Ctx, action: dict) -> None:
    senate = _senate(ctx)
    player = _bidder(ctx, action)
    cards = action.get("senators")
    if (not isinstance(cards, list) or not cards
            or not all(isinstance(c, int) and not isinstance(c, bool) for c in cards)):
        raise ParseError(N_("senators: the values of the senator cards revealed, e.g. [3, 1]"))
    hand = Counter(ctx.book(player)["senators"])
    if Counter(cards) - hand:
        raise IllegalAction(N_("{player} does not hold the senators {cards}"), player=player,
                            cards=", ".join(map(str, cards)))
    high = sum(senate["high"]["senators"]) if senate["high"] else 0
    if sum(cards) <= high:
        raise IllegalAction(N_("a bid must be more than {high} votes"), high=high)
    provinces = card_effects()["legion_provinces"]
    legions = action.get("legions_to", provinces[0])
    if legions not in provinces:
        raise ParseError(N_("legions_to: one of {provinces}"), provinces=", ".join(provinces))
    senate["high"] = {"player": player, "senators": list(cards), "legions_to": legions}
    senate["passes"] = 0
    senate["bidder"] = left_of(ctx.state, player)
    ctx.emit("vote-bid", player=player, senators=list(cards), votes=sum(cards))


def vote_pass(ctx: Ctx, action: dict) -> None:
    state, senate = ctx.state, _senate(ctx)
    player = _bidder(ctx, action)
    senate["passes"] += 1
    senate["bidder"] = left_of(state, player)
    ctx.emit("vote-pass", player=player)
    everyone = len(state["players"])
    if senate["high"] and senate["passes"] >= everyone - 1:
        _resolve(ctx)
    elif not senate["high"] and senate["passes"] >= everyone:
        ctx.emit("vote-empty", card=senate["card"])
        state["senate"] = None


def _senate(ctx: Ctx) -> dict:
    if ctx.state.get("senate") is None:
        raise IllegalAction(N_("no senate vote is being held"))
    return ctx.state["senate"]


def _bidder(ctx: Ctx, action: dict) -> str:
    player = check_player(ctx.state, action.get("player"))
    due = ctx.state["senate"]["bidder"]
    if player != due:
        raise IllegalAction(N_("it is {due}'s turn to vote, not {player}'s"), due=due,
                            player=player)
    return player


def italia_leader(ctx: Ctx) -> str | None:
    """The player with the most influence in Italia; None on a tie or if nobody has any."""
    counts = {p: ctx.book(p)["influence"].get("italia", 0) for p in ctx.state["players"]}
    most = max(counts.values())
    leaders = [p for p, c in counts.items() if c == most]
    return leaders[0] if most > 0 and len(leaders) == 1 else None


def _resolve(ctx: Ctx) -> None:
    state, senate = ctx.state, ctx.state["senate"]
    high = senate["high"]
    winner, paid = high["player"], list(high["senators"])
    hand = ctx.book(winner)["senators"]
    for value in paid:
        hand.remove(value)
    ctx.emit("vote-won", player=winner, card=senate["card"], senators=paid, votes=sum(paid))
    leader = italia_leader(ctx)
    if leader is not None:
        drawn = paid.pop(ctx.dice.roll(f"d{len(paid)}", "senator drawn from the paid cards") - 1)
        ctx.book(leader)["senators"].append(drawn)
        ctx.emit("senator-drawn", player=leader, value=drawn)
    else:
        ctx.emit("no-italia-majority")
    ctx.emit("senators-removed", senators=paid)
    _benefit(ctx, winner, vote_effect(senate["card"]), high["legions_to"])
    state["senate"] = None


def _benefit(ctx: Ctx, player: str, effect: str, legions_to: str) -> None:
    benefit = card_effects()["votes"][effect]
    key, amount = benefit["key"], benefit["amount"]
    if key in ("talents", "chaos", "vp"):
        gain(ctx, player, key, amount, effect)
    elif key == "infantry":
        add_units(ctx.state, player, legions_to, {"infantry": amount})
        ctx.emit("units", player=player, where=legions_to, units={"infantry": amount})
    else:
        province = benefit["province"]
        influence = ctx.book(player)["influence"]
        influence[province] = influence.get(province, 0) + amount
        ctx.emit("influence", player=player, province=province, amount=amount)
