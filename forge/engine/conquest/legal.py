"""The actions possible now, as templates: the same list drives the app's buttons and tests.

Actions whose parameters are open (amounts, units, places) are listed once with the fixed fields
filled in and `"open": [...]` naming the fields still to choose.
"""
from __future__ import annotations

from forge.engine.conquest.auction import unplaced
from forge.engine.conquest.battle import SIDES
from forge.engine.conquest.board import with_choices
from forge.engine.conquest.cards import (armies_in, assassin_targets, caesar_at, card_play,
                                         effect_of, known_cost, playable)
from forge.engine.conquest.data import tables, vote_effect
from forge.engine.conquest.state import (current_player, influence_total, left_of,
                                         still_to_place, units_in_play)


def legal_actions(state: dict) -> list[dict]:
    phase = state["phase"]
    if phase == "over":
        return []
    if state.get("withdrawal"):
        return with_choices(state, _withdrawal(state))
    if state.get("battle"):
        return with_choices(state, _battle(state["battle"]))
    if state.get("senate"):
        return _senate(state)
    if phase == "auction":
        return _start(state) + _auction(state)
    if phase == "season-end":
        return [{"type": "end-season"}]
    if still_to_place(state):
        return with_choices(state, _start(state))
    return with_choices(state, _start(state) + _round(state))


def sea_by(province: str) -> str:
    """The place id of the sea next to a key province (the engine has no map, ruling R4: a
    galley placed or recruited there is kept by the province it lies beside)."""
    return f"sea-by-{province}"


def _start(state: dict) -> list[dict]:
    """The first season's table steps still due: each player's starting influence (from the
    first player on, before the first auction), then, after the auctions, his starting units in
    turn order, on his influence (land units) or in a sea beside it (the galley)."""
    if state["season"] != 1:
        return []
    t = tables()
    acts = []
    seats = list(state["players"])
    auction = state.get("auction")
    if auction:                 # the first player opened auction 1; each next one his left
        first = left_of(state, auction["opener"], -(auction["number"] - 1))
        seats = seats[seats.index(first):] + seats[:seats.index(first)]
    for player in seats:
        if not influence_total(state, player) and not units_in_play(state, player):
            acts.append({"type": "starting-influence", "player": player, "open": ["provinces"],
                         "choices": [p for p in t.key_provinces if p != "italia"],
                         "count": t.start["influence"]})
    if state["phase"] != "actions":
        return acts
    for player in state["order"]:
        unplaced = state["army"][player].get("unplaced")
        if not unplaced:
            continue
        held = [p for p in t.key_provinces if state["books"][player]["influence"].get(p)]
        acts.append({"type": "place", "player": player, "open": ["where", "units"],
                     "choices": held, "seas": [sea_by(p) for p in held],
                     "unplaced": dict(unplaced)})
    return acts


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
        played = set()
        for card in state["offer"] + state["votes"]:
            if playable(state, card) is None:
                acts.append({"type": "take-card", "player": player, "card": card})
            elif card not in played:
                played.add(card)
                acts += _play(state, player, card)
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
        elif "remove" in card_play().get(card, {}):
            targets = assassin_targets(state)
            if targets["general"] or targets["senator"]:
                acts.append({"type": "use-card", "player": player, "card": card,
                             "effect": "remove", "open": ["target", "where", "senator"],
                             "targets": targets})
        elif info.get("class") == "multiple-use":
            acts.append({"type": "use-card", "player": player, "card": card})
    return acts


def _play(state: dict, player: str, card: str) -> list[dict]:
    """`play-card` for an immediate card on offer, with its targets (none listed: the card
    cannot be played now). `effect` names what the card does (cards.yaml `play`); `open` the
    fields still to choose, `cost` among them when the rulebook gives none and the table has
    not entered it yet."""
    t, play = tables(), playable(state, card)
    effect = effect_of(play)
    army = state["army"][player]
    act = {"type": "play-card", "player": player, "card": card, "effect": effect}
    if effect == "city":
        act.update(open=["province"], targets=[p for p in play["city"]
                                               if p not in state["cities"]])
        ok = bool(act["targets"])
    elif effect == "influence":
        where = caesar_at(state, player)
        act["province"] = where
        ok = where in t.key_provinces
    elif effect == "senator":
        act.update(open=["target"], targets=[p for p in state["players"] if p != player
                                             and state["books"][p]["senators"]])
        ok = bool(act["targets"])
    elif effect == "sea":
        act.update(open=["from"], targets=[w for w, u in army.items()
                                           if w != "unplaced" and u.get("galley")])
        ok = bool(act["targets"])
    elif effect == "move":
        origins = {w: {u: c for u, c in units.items() if t.unit_where.get(u) == "land"}
                   for w, units in army.items()
                   if w not in ("unplaced", play["to"])
                   and (units.get("caesar") or units.get("general"))
                   and sum(units.get(u, 0) for u in t.land_military) >= play["move"]}
        act.update(open=["from", "units"], count=play["move"], destination=play["to"],
                   targets=origins)
        ok = bool(origins)
    else:                           # revolt: provinces with armies, each with its armies
        places = sorted({w for p in state["players"] for w in state["army"][p]
                         if w != "unplaced"})
        targets = {w: armies_in(state, t, w) for w in places}
        act.update(open=["province", "target", "losses"],
                   targets={w: ps for w, ps in targets.items() if ps})
        ok = bool(act["targets"])
    cost = known_cost(state, card)
    if cost is None:
        act["open"] = act.get("open", []) + ["cost"]
    if not ok or (cost is not None and cost > state["books"][player]["talents"]):
        return []
    return [act]


def _withdrawal(state: dict) -> list[dict]:
    """Only the withdrawal of leaders left alone after a lost battle (digest 6.4): one action
    per player who must withdraw, the destination open (any province next to the battle's,
    enemy units or not; the engine has no map, R4)."""
    pending = state["withdrawal"]
    where = pending["where"]
    return [{"type": "withdraw", "player": player, "origin": where, "open": ["to"],
             "leaders": dict(state["army"][player].get(where, {}))}
            for player in pending["players"]]


def _battle(battle: dict) -> list[dict]:
    if battle["step"] == "fair-wind":
        holder = battle["sides"]["defender"]["player"]
        return [{"type": "fair-wind", "player": holder, "use": True},
                {"type": "fair-wind", "player": holder, "use": False}]
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


__all__ = ["legal_actions", "sea_by", "SIDES"]
