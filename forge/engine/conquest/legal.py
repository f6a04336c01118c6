"""The actions possible now, as templates: the same list drives the app's buttons and tests.

Actions whose parameters are open (amounts, units, places) are listed once with the fixed fields
filled in and `"open": [...]` naming the fields still to choose.
"""
from __future__ import annotations

from forge.engine.conquest.auction import unplaced
from forge.engine.conquest.battle import SIDES
from forge.engine.conquest.data import tables, vote_effect
from forge.engine.conquest.state import current_player


def legal_actions(state: dict) -> list[dict]:
    phase = state["phase"]
    if phase == "over":
        return []
    if state.get("battle"):
        return _battle(state["battle"])
    if state.get("senate"):
        return _senate(state)
    if phase == "auction":
        return _auction(state)
    if phase == "season-end":
        return [{"type": "end-season"}]
    return _round(state)


def _auction(state: dict) -> list[dict]:
    auction = state["auction"]
    player = auction["bidder"]
    low = auction["high"]["bid"] + 1 if auction["high"] else 0
    free = unplaced(state)
    acts = [{"type": "bid", "player": player, "min": low, "open": ["amount", "a", "b"],
             "tokens": free}]
    if auction["high"] is not None:
        acts.append({"type": "auction-pass", "player": player})
    return acts


def _round(state: dict) -> list[dict]:
    player = current_player(state)
    turn = state["turn"]
    acts = []
    open_fields = {"recruit": ["province", "units", "sea"],
                   "buy-influence": ["province", "purchases"], "special-tax": ["amount"],
                   "move": ["from", "to"], "battle": ["province", "defender", "support"],
                   "naval": ["to", "galleys", "battle"]}
    if turn["card_picks_left"] > 0:
        for card in state["offer"] + state["votes"]:
            acts.append({"type": "take-card", "player": player, "card": card})
    for kind, fields in open_fields.items():
        acts.append({"type": kind, "player": player, "open": fields})
    step = tables().economy["special_tax"]
    acts = [a if a["type"] != "special-tax" else
            {**a, "choices": list(range(step["step"], step["max"] + 1, step["step"]))}
            for a in acts]
    acts.append({"type": "pass", "player": player})
    book = state["books"][player]
    for card in book["cards"]:
        if card in book["used"]:
            continue
        info = state["cards"].get(card, {})
        if vote_effect(card):
            acts.append({"type": "call-vote", "player": player, "card": card})
        elif info.get("class") == "multiple-use":
            acts.append({"type": "use-card", "player": player, "card": card})
    return acts


def _battle(battle: dict) -> list[dict]:
    if battle["step"] == "roll":
        return [{"type": "roll", "sides": list(battle["due"]), "open": ["faces"]}]
    if battle["step"] == "casualties":
        return [{"type": "casualties", "side": side, "count": n, "open": ["remove"]}
                for side, n in battle["pending"].items()]
    side = battle["retreat_due"]
    return [{"type": "stay", "side": side}, {"type": "retreat", "side": side, "open": ["to"]}]


def _senate(state: dict) -> list[dict]:
    senate = state["senate"]
    player = senate["bidder"]
    low = sum(senate["high"]["senators"]) + 1 if senate["high"] else 1
    return [{"type": "vote-bid", "player": player, "min": low, "open": ["senators"],
             "hand": sorted(state["books"][player]["senators"])},
            {"type": "vote-pass", "player": player}]


__all__ = ["legal_actions", "SIDES"]
