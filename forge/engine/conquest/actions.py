"""Parse an action dict and hand it to the procedure that carries it out."""
from __future__ import annotations

from forge.engine.conquest import auction, battle, books, cards, season, senate
from forge.engine.conquest.state import Ctx, still_to_place
from forge.engine.core import N_, ParseError
from forge.engine.conquest.refusal import IllegalAction

HANDLERS = {
    # the alliance auction
    "bid": auction.bid, "auction-pass": auction.pass_bid,
    # actions of a round (each counts against the two per round)
    "take-card": books.take_card, "recruit": books.recruit,
    "buy-influence": books.buy_influence, "special-tax": books.special_tax,
    "move": books.move, "battle": battle.declare_land, "naval": battle.naval,
    "pass": books.pass_action, "play-card": cards.play_card,
    # inside a battle
    "roll": battle.roll, "casualties": battle.casualties, "retreat": battle.retreat,
    "stay": battle.stay, "fair-wind": battle.fair_wind, "withdraw": battle.withdraw,
    # senate votes and multiple-use cards (not actions)
    "call-vote": senate.call_vote, "vote-bid": senate.vote_bid, "vote-pass": senate.vote_pass,
    "use-card": books.use_card,
    # the table's entries
    "set-board-values": books.set_board_values, "place-tokens": books.place_tokens,
    "offer-cards": books.offer_cards, "place": books.place_units,
    "starting-influence": books.starting_influence,
    "relocate": books.relocate, "adjust": books.adjust,
    "end-season": season.end_season,
}
PHASES = {"bid": {"auction"}, "auction-pass": {"auction"}, "end-season": {"season-end"}}
ROUND_ACTIONS = {"take-card", "recruit", "buy-influence", "special-tax", "move", "battle",
                 "naval", "pass", "play-card", "call-vote", "use-card"}


def apply_action(ctx: Ctx, action) -> None:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise ParseError(N_("an action is a mapping with a 'type'"))
    kind = action["type"]
    handler = HANDLERS.get(kind)
    if handler is None:
        raise ParseError(N_("'{type}' is not an action of this game"), type=kind)
    phase = ctx.state["phase"]
    if phase == "over":
        raise IllegalAction(N_("the game is over"))
    pending = ctx.state.get("withdrawal")
    if pending and kind != "withdraw":
        raise IllegalAction(N_("{players} must first withdraw the leaders left alone in "
                               "{where} after the battle ('withdraw')"),
                            players=", ".join(pending["players"]), where=pending["where"])
    waiting = still_to_place(ctx.state)
    if waiting and kind in ROUND_ACTIONS:
        raise IllegalAction(N_("the first round begins once every starting unit is on the "
                               "board: {players} must first place theirs ('place')"),
                            players=", ".join(waiting))
    if kind in PHASES and phase not in PHASES[kind]:
        raise IllegalAction(N_("'{type}' is not possible in the {phase} phase"), type=kind,
                            phase=phase)
    handler = cards.handler_for(ctx, action) or handler
    handler(ctx, action)
