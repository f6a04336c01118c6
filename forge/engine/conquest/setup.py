"""A new game: players in seat order, their starting books, and the first alliance auction.

The starting influence comes from province tokens the players draw from the physical pool (the
pool's make-up is not in the rulebook, ruling R4), so the table enters it as an option; the
random first player is a chance step unless the option names him.
"""
from __future__ import annotations

from forge.engine.conquest.board import map_from_option
from forge.engine.conquest.books import check_starting_influence
from forge.engine.conquest.data import card_data
from forge.engine.conquest.state import RULES_VERSION, Ctx
from forge.engine.core import N_, ParseError

GAME_KEY = "conquest-of-the-empire-2"


def new_game(ctx: Ctx, options: dict) -> None:
    """Fill ctx.state from the options (see engine.md) and open the first auction."""
    t = ctx.t
    seats = options.get("players")
    low, high = t.players
    if (not isinstance(seats, list) or not low <= len(seats) <= high
            or len(set(seats)) != len(seats)
            or not all(isinstance(p, str) and p.strip() for p in seats)):
        raise ParseError(N_("players: a list of {low} to {high} different names in seat "
                            "order"), low=low, high=high)
    seasons = options.get("seasons", t.seasons)
    if seasons not in (t.seasons, t.seasons + t.extra_seasons):
        raise ParseError(N_("seasons: {short} or {long}"), short=t.seasons,
                         long=t.seasons + t.extra_seasons)
    state = ctx.state
    state.update({
        "game": GAME_KEY, "rules_version": RULES_VERSION, "players": list(seats),
        "seasons": seasons, "season": 1, "round": 1, "phase": "auction",
        "settings": {"vp": {}, "faces": list(t.faces)},
        "cards": _card_table(options.get("cards")),
        "books": {p: _start_book(t) for p in seats},
        "army": {p: {"unplaced": dict(t.start["units"])} for p in seats},
        "cities": {}, "tokens": {}, "offer": [], "removed": [],
        "alliances": {"A": [], "B": []}, "order": [], "boxes": [],
        "auction": None, "turn": None, "battle": None, "senate": None,
        "last_player": None, "result": None,
    })
    state["votes"] = [c for c, info in state["cards"].items() if info.get("deck") == "senate-votes"]
    if options.get("map") is not None:
        # only a game set up with a map keeps one: a game without plays (and digests) as before
        state["map"] = map_from_option(options["map"], t.key_provinces)
    for player, tokens in (options.get("influence") or {}).items():
        if player not in seats or not isinstance(tokens, dict):
            raise ParseError(N_("influence: a mapping of player to {{province: tokens}}"))
        check_starting_influence(t, player, tokens)
        state["books"][player]["influence"] = dict(tokens)
    _settings(ctx, options)
    first = options.get("first")
    if first is None:
        first = seats[ctx.dice.roll(f"d{len(seats)}", "first player") - 1]
    elif first not in seats:
        raise ParseError(N_("first: '{player}' is not a player of this game"), player=first)
    ctx.emit("setup", players=list(seats), first=first, seasons=seasons)
    from forge.engine.conquest.auction import open_auctions
    open_auctions(ctx, first)


def _start_book(t) -> dict:
    return {"talents": t.start["talents"], "chaos": 0, "vp": 0, "influence": {},
            "cards": [], "used": [], "senators": list(t.start["senators"])}


def _card_table(override) -> dict:
    cards = {cid: dict(info) for cid, info in card_data().items()}
    for cid, info in (override or {}).items():
        cards[cid] = dict(info)
    return cards


def _settings(ctx: Ctx, options: dict) -> None:
    from forge.engine.conquest.books import set_board_values
    values = {k: options[k] for k in ("vp", "faces") if k in options}
    if values:
        set_board_values(ctx, values, quiet=True)
