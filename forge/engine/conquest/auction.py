"""The alliance auctions: bids in talents with a proposed pairing, until every player has a box.

Auction k puts the winning proposal's A token in box 2k-1 and its B token in box 2k; odd boxes
form alliance A, even boxes alliance B, and the box number is the turn order (rulebook
"Alianzas y orden de turno"; digest 3.1).
"""
from __future__ import annotations

from forge.engine.conquest.state import Ctx, check_player, left_of, pay
from forge.engine.core import N_, ParseError
from forge.engine.conquest.refusal import IllegalAction


def open_auctions(ctx: Ctx, opener: str) -> None:
    """Clear the alliance display and open the season's first auction."""
    state = ctx.state
    state.update({"phase": "auction", "boxes": [], "order": [], "turn": None,
                  "alliances": {"A": [], "B": []}})
    _open(ctx, 1, opener)


def _open(ctx: Ctx, number: int, opener: str) -> None:
    ctx.state["auction"] = {"number": number, "opener": opener, "bidder": opener,
                            "high": None, "passes": 0}
    ctx.emit("auction-opened", number=number, opener=opener)


def unplaced(state: dict) -> list[str]:
    return [p for p in state["players"] if p not in state["boxes"]]


def bid(ctx: Ctx, action: dict) -> None:
    state, auction = ctx.state, ctx.state["auction"]
    player = _bidder(ctx, action)
    amount = action.get("amount")
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
        raise ParseError(N_("amount: the bid in talents, a whole number of 0 or more"))
    high = auction["high"]
    if high is None and amount == 0 and player != auction["opener"]:
        raise IllegalAction(N_("only the player who opens the auction may bid 0"))
    if high is not None and amount <= high["bid"]:
        raise IllegalAction(N_("a bid must be higher than {bid} talents"), bid=high["bid"])
    if amount > ctx.book(player)["talents"]:
        raise IllegalAction(N_("{player} has only {talents} talents"), player=player,
                            talents=ctx.book(player)["talents"])
    a, b = _proposal(state, action)
    auction["high"] = {"player": player, "bid": amount, "a": a, "b": b}
    auction["passes"] = 0
    auction["bidder"] = left_of(state, player)
    ctx.emit("bid", player=player, amount=amount, a=a, b=b)


def pass_bid(ctx: Ctx, action: dict) -> None:
    state, auction = ctx.state, ctx.state["auction"]
    player = _bidder(ctx, action)
    if auction["high"] is None:
        raise IllegalAction(N_("the player who opens the auction must bid, 0 if he likes"))
    auction["passes"] += 1
    auction["bidder"] = left_of(state, player)
    ctx.emit("auction-pass", player=player)
    if auction["passes"] >= len(state["players"]) - 1:
        _resolve(ctx)


def _bidder(ctx: Ctx, action: dict) -> str:
    player = check_player(ctx.state, action.get("player"))
    due = ctx.state["auction"]["bidder"]
    if player != due:
        raise IllegalAction(N_("it is {due}'s turn to bid, not {player}'s"), due=due,
                            player=player)
    return player


def _proposal(state: dict, action: dict) -> tuple[str, str | None]:
    free = unplaced(state)
    a, b = action.get("a"), action.get("b")
    if len(free) == 1:
        if a != free[0] or b is not None:
            raise IllegalAction(N_("only {player} is left: his token goes alone in box A"),
                                player=free[0])
        return a, None
    for token in (a, b):
        if token not in free:
            raise IllegalAction(N_("box A and box B each need the token of a player not yet "
                                   "allied ({free})"), free=", ".join(free))
    if a == b:
        raise IllegalAction(N_("box A and box B need two different players"))
    return a, b


def _resolve(ctx: Ctx) -> None:
    state, auction = ctx.state, ctx.state["auction"]
    high = auction["high"]
    pay(ctx, high["player"], high["bid"], "alliance auction")
    placed = [high["a"]] + ([high["b"]] if high["b"] else [])
    state["boxes"].extend(placed)
    ctx.emit("auction-won", number=auction["number"], player=high["player"], bid=high["bid"],
             a=high["a"], b=high["b"], boxes=[state["boxes"].index(p) + 1 for p in placed])
    if unplaced(state):
        _open(ctx, auction["number"] + 1, left_of(state, auction["opener"]))
        return
    state["auction"] = None
    start_actions(ctx)


def start_actions(ctx: Ctx) -> None:
    """Alliances and turn order from the boxes; the first round of actions begins."""
    state = ctx.state
    state["order"] = list(state["boxes"])
    state["alliances"] = {"A": state["boxes"][0::2], "B": state["boxes"][1::2]}
    state["phase"] = "actions"
    state["round"] = 1
    ctx.emit("alliances", a=state["alliances"]["A"], b=state["alliances"]["B"],
             order=state["order"])
    from forge.engine.conquest.turns import start_turn
    start_turn(ctx, 0)
