"""What CONQUEST OF THE EMPIRE II's inputs look like: each action's fields and the set-up
options (docs/conquest-of-the-empire-2/engine.md). The session checks every input against
these schemas (forge.engine.inputs) before the rules see it; the rules check the rest (a
player of the game, a key province, enough talents).
"""
from __future__ import annotations

from forge.engine.conquest.board import MAP_OPTION
from forge.engine.inputs import Bool, Either, Int, ListOf, MapOf, Maybe, Record, Text

NAME = Text(longest=100)            # a player, a place, a card: ids the table gives
LARGE = 1_000_000
COUNT = Int(0, LARGE)
AMOUNT = Int(-LARGE, LARGE)         # a correction: added or taken away
UNITS = MapOf(COUNT, key=NAME, longest=32)
BY_PLACE = MapOf(COUNT, key=NAME)
# what legal_actions adds to a listed action, accepted so it can be applied as it is
INFORMATION = ("open", "min", "tokens", "choices", "sides", "count", "hand", "seas",
               "unplaced", "origin", "leaders", "targets", "effect",
               "destination")


def _action(**fields) -> Record:
    return Record(fields, info=INFORMATION)


SIDE_SUPPORT = Record({
    "galleys": Maybe(BY_PLACE),
    "lent": Maybe(MapOf(MapOf(Either((COUNT, BY_PLACE)), key=NAME, longest=32), key=NAME)),
    "diplomacy": Maybe(UNITS),
})
SUPPORT = Record({"attacker": Maybe(SIDE_SUPPORT), "defender": Maybe(SIDE_SUPPORT)})
NAVAL_BATTLE = Record({"defender": NAME, "support": Maybe(SUPPORT),
                       "fair_wind": Maybe(Bool())})

ACTIONS = {
    "bid": _action(player=NAME, amount=COUNT, a=Maybe(NAME), b=Maybe(NAME)),
    "auction-pass": _action(player=NAME),
    "take-card": _action(player=NAME, card=NAME, cost=Maybe(COUNT)),
    "recruit": _action(player=NAME, province=NAME, units=UNITS, sea=Maybe(NAME)),
    "buy-influence": _action(player=NAME, province=NAME, purchases=ListOf(NAME, 32)),
    "special-tax": _action(player=NAME, amount=COUNT),
    "move": _action(player=NAME, to=MapOf(UNITS, key=NAME), **{"from": NAME}),
    "battle": _action(player=NAME, province=NAME, defender=NAME, support=Maybe(SUPPORT)),
    "naval": _action(player=NAME, to=NAME, galleys=Maybe(BY_PLACE),
                     battle=Maybe(NAVAL_BATTLE)),
    "pass": _action(player=NAME),
    "roll": _action(faces=Maybe(MapOf(ListOf(NAME, 100), key=NAME, longest=2))),
    "casualties": _action(side=NAME, remove=MapOf(UNITS, key=NAME)),
    "retreat": _action(side=NAME, to=NAME),
    "stay": _action(side=NAME),
    "fair-wind": _action(player=NAME, use=Bool()),
    "withdraw": _action(player=NAME, to=NAME),
    "call-vote": _action(player=NAME, card=NAME),
    "vote-bid": _action(player=NAME, senators=ListOf(COUNT, 100), legions_to=NAME),
    "vote-pass": _action(player=NAME),
    "use-card": _action(player=NAME, card=NAME, target=Maybe(NAME), where=Maybe(NAME),
                        senator=Maybe(Bool()), drawn=Maybe(COUNT)),
    "play-card": _action(player=NAME, card=NAME, cost=Maybe(COUNT), province=Maybe(NAME),
                         target=Maybe(NAME), drawn=Maybe(COUNT), units=Maybe(UNITS),
                         losses=Maybe(MapOf(UNITS, key=NAME, longest=16)),
                         **{"from": Maybe(NAME)}),
    "set-board-values": _action(vp=Maybe(MapOf(ListOf(COUNT, 8), key=NAME)),
                                faces=Maybe(ListOf(NAME, 6)),
                                costs=Maybe(MapOf(COUNT, key=NAME, longest=100))),
    "place-tokens": _action(tokens=MapOf(COUNT, key=NAME)),
    "offer-cards": _action(cards=ListOf(NAME, 200)),
    "place": _action(player=NAME, where=NAME, units=UNITS),
    "starting-influence": _action(player=NAME, provinces=MapOf(COUNT, key=NAME, longest=16)),
    "relocate": _action(player=NAME, to=NAME, units=UNITS, **{"from": NAME}),
    "adjust": _action(player=NAME, talents=AMOUNT, chaos=AMOUNT, vp=AMOUNT,
                      influence=Maybe(MapOf(AMOUNT, key=NAME)),
                      units=Maybe(MapOf(MapOf(AMOUNT, key=NAME, longest=32), key=NAME)),
                      cities=Maybe(MapOf(Maybe(NAME), key=NAME)),
                      why=Text(longest=1_000, blank=True)),
    "end-season": _action(),
}

CARD = Record({"class": Maybe(NAME), "cost": Maybe(COUNT), "deck": Maybe(NAME),
               "count": Maybe(COUNT), "title": Maybe(Text(longest=1_000)),
               "fair_wind": Maybe(Bool()), "troops": Maybe(UNITS), "province": Maybe(NAME),
               "battles": Maybe(NAME)})
OPTIONS = Record({
    "players": ListOf(NAME, 16),
    "seasons": Int(1, 100),
    "first": Maybe(NAME),
    "influence": Maybe(MapOf(MapOf(COUNT, key=NAME), key=NAME, longest=16)),
    "vp": Maybe(MapOf(ListOf(COUNT, 8), key=NAME)),
    "faces": Maybe(ListOf(NAME, 6)),
    "cards": Maybe(MapOf(CARD, key=NAME, longest=1_000)),
    "map": Maybe(MAP_OPTION),
})

__all__ = ["ACTIONS", "OPTIONS"]
