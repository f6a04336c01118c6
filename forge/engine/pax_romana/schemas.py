"""What Pax Romana's inputs look like: each action's fields and the set-up options
(docs/pax-romana/engine.md). The session checks every input against these schemas
(forge.engine.inputs) before the rules see it; the rules check the rest (a power of the game,
the battle's stage, a legal loss allocation)."""
from __future__ import annotations

from forge.engine.inputs import Any, Bool, Int, ListOf, MapOf, Maybe, Record, Text

NAME = Text(longest=100)
LARGE = 1_000_000
COUNT = Int(0, LARGE)
AMOUNT = Int(-LARGE, LARGE)
SIDE = Text(choices=("attacker", "defender"))
UNITS = MapOf(COUNT, key=NAME, longest=30)
LEADER = Record({"name": Maybe(NAME), "tactical": Int(0, 10), "campaign": Int(0, 10),
                 "elite": Maybe(Bool())}, required=("tactical", "campaign"))
FORCE = Record({"power": NAME, "units": Maybe(UNITS), "reduced": Maybe(UNITS),
                "leader": Maybe(LEADER), "elephants": Maybe(COUNT)}, required=("power",))
DEFENCE = Record({"kind": Text(choices=("city", "town")), "walls": Maybe(Int(0, 10))},
                 required=("kind",))
CARDS = Record({"tactical_surprise": Maybe(SIDE), "archimedes": Maybe(Bool())})
BIDS = Record({"attacker": Maybe(COUNT), "defender": Maybe(COUNT)})
BY_POWER = MapOf(AMOUNT, key=NAME, longest=4)
STRENGTH = Record({"full": Maybe(COUNT), "reduced": Maybe(COUNT)})
FLEET = Record({"squadrons": COUNT, "leader": Maybe(Bool()),
                "galley_technology": Maybe(Bool())}, required=("squadrons",))
ENEMY_FLEET = Record({"power": Maybe(NAME), "squadrons": COUNT, "leader": Maybe(Bool()),
                     "galley_technology": Maybe(Bool()), "retreats": Maybe(Bool())},
                    required=("squadrons",))
LOC_SPACE = Record({"name": Maybe(NAME), "by": Maybe(Text(choices=("land", "sea"))),
                    "home": Maybe(Bool()), "enemy_land": Maybe(Bool()),
                    "enemy_galleys": Maybe(Bool()), "friendly_land": Maybe(Bool()),
                    "barbarians": Maybe(Bool()), "independent": Maybe(Bool()),
                    "rhodes": Maybe(Bool()), "pirates": Maybe(Bool()),
                    "cilician": Maybe(Bool()), "high_seas": Maybe(Bool())})
# what legal_actions adds to a listed action, accepted so it can be applied as it is
INFORMATION = ("modified", "absorbs", "lost_bp", "open", "cost", "name", "asks")


def _action(*required, **fields) -> Record:
    return Record(fields, info=INFORMATION, required=required)


ACTIONS = {
    "battle": _action("attacker", "defender", attacker=FORCE, defender=FORCE,
                      defence=Maybe(DEFENCE),
                      terrain=Maybe(Text(choices=("open", "mountain_fortress"))),
                      amphibious=Maybe(Bool()), intercepted_landing=Maybe(Bool()),
                      cards=Maybe(CARDS), siege_bids=Maybe(BIDS), mp=Maybe(Int(0, 100))),
    "allocate": _action("side", "raise", side=SIDE, **{"raise": Int(0, 100)}),
    "retreat": _action("side", "choice", side=SIDE,
                       choice=Text(choices=("retreat", "stay", "force", "none"))),
    "losses": _action("side", side=SIDE, eliminate=Maybe(UNITS), reduce=Maybe(UNITS),
                      eliminate_reduced=Maybe(UNITS), walls=Maybe(Int(0, 10))),
    "intercept": _action("tactical", tactical=Int(0, 10),
                         **{"from": Text(choices=("city", "town", "open"))},
                         into_city=Maybe(Bool())),
    "allowance": _action(campaign=Maybe(Int(0, 10)), leader=Maybe(Bool()),
                         alone=Maybe(Bool())),
    "path": _action("steps", steps=ListOf(NAME, 100), walls=Maybe(Int(0, 10)),
                    allowance=Maybe(Int(0, 100))),
    "retreat-before-battle": _action(
        "power", power=NAME, cavalry=Maybe(Text(choices=("none", "superiority", "supremacy"))),
        home=Maybe(Bool()), by_sea=Maybe(Bool()), mountain_fortress=Maybe(Bool()),
        garrison_spaces=Maybe(Int(0, 10)), cunctator=Maybe(Bool())),
    "naval-disaster": _action(high_seas=Maybe(Bool())),
    "continuity": _action(leader=Maybe(Bool()), enemy_retreated=Maybe(Bool()),
                          won_naval_battle=Maybe(Bool())),
    "naval-battle": _action("attacker", "defender", attacker=FLEET, defender=FLEET),
    "pirates": _action("galley_bp", galley_bp=COUNT, leader=Maybe(Bool()),
                       cilician=Maybe(Bool())),
    "attrition": _action("units", units=COUNT),
    "sack": _action("power", "kind", "campaign", power=NAME,
                    kind=Text(choices=("town", "city")), campaign=Int(0, 10),
                    mercenaries=Maybe(Bool()), barbarians=Maybe(Bool())),
    "militia": _action("power", power=NAME),
    "income": _action("power", power=NAME, provinces=Maybe(ListOf(NAME, 100)),
                      towns=Maybe(STRENGTH), cities=Maybe(STRENGTH), mine=Maybe(Bool()),
                      cut_off=Maybe(ListOf(NAME, 100))),
    "upkeep": _action("power", power=NAME, galleys_paid=Maybe(COUNT),
                      heavy_paid=Maybe(COUNT)),
    "victory": _action("gop", "cvp", gop=BY_POWER, cvp=BY_POWER),
    "event": _action(),
    "rebellion": _action(power=Maybe(NAME)),
    "invasion": _action(power=Maybe(NAME)),
    "punic-wars": _action(),
    "baghdad-loot": _action("power", power=NAME),
    "resolve": _action(power=Maybe(NAME), facts=Maybe(MapOf(Any(), key=NAME, longest=30))),
    "force": _action("force", "step", force=NAME,
                     step=Text(choices=("activate", "losses", "near_capital", "remove",
                                        "occupy")),
                     power=Maybe(NAME), units=Maybe(UNITS)),
    "harvest": _action("change", change=Text(choices=("event", "event_even", "event_odd",
                                                         "bounteous", "famine"))),
    "disease": _action("campaign", campaign=Int(0, 10),
                       source=Maybe(Text(choices=("event", "card")))),
    "draw-marker": _action(marker=Maybe(NAME)),
    "pay-activation": _action("power", power=NAME,
                              operation=Maybe(Text(choices=("expansion", "recruitment",
                                                            "call_a_meeting")))),
    "set-leaders": _action("power", "leaders", power=NAME, leaders=ListOf(LEADER, 10)),
    "buy-objective": _action("power", "objective", power=NAME, objective=NAME),
    "recruit": _action("power", "province", "units", power=NAME, province=NAME, units=UNITS,
                       cut_off=Maybe(Bool())),
    "garrisons": _action(units=Maybe(UNITS), reduced=Maybe(UNITS)),
    "control": _action("power", "province", "spaces", "held", power=NAME, province=NAME,
                       spaces=Int(1, 100), held=Int(0, 100), capital=Maybe(Bool()),
                       other_most=Maybe(Int(0, 100)), others=Maybe(Bool())),
    "stranded": _action(),
    "naval-move": _action("power", power=NAME, squadrons=Maybe(COUNT), leader=Maybe(Bool()),
                          campaign=Maybe(Int(0, 10)), galley_technology=Maybe(Bool()),
                          land_units=Maybe(COUNT), land_bp=Maybe(COUNT), mp=Maybe(Int(0, 100)),
                          at=Maybe(Text(choices=("port", "transit"))), name=Maybe(NAME),
                          carried=Maybe(UNITS)),
    "naval-losses": _action(eliminate=Maybe(UNITS), reduce=Maybe(UNITS),
                            eliminate_reduced=Maybe(UNITS)),
    "naval-enter": _action("point", point=Text(choices=("port", "transit", "high_seas")),
                           name=Maybe(NAME), home=Maybe(Bool()), friendly=Maybe(Bool()),
                           enemy=Maybe(Bool()), enemy_land=Maybe(Bool()),
                           enemy_fleet=Maybe(ENEMY_FLEET), lets_pass=Maybe(Bool()),
                           pirates=Maybe(Bool()), cilician=Maybe(Bool()), rhodes=Maybe(Bool()),
                           rhodes_to=Maybe(NAME), land_here=Maybe(Bool()), stop=Maybe(Bool())),
    "naval-continuity": _action(attack_again=Maybe(Bool()), enemy_attacks=Maybe(Bool())),
    "naval-pick-up": _action(squadrons=Maybe(COUNT), land_units=Maybe(COUNT),
                             land_bp=Maybe(COUNT)),
    "naval-land": _action(land_units=Maybe(COUNT), land_bp=Maybe(COUNT), attack=Maybe(Bool())),
    "naval-amphibious": _action("outcome", outcome=Text(choices=("landed", "again", "sail",
                                                                 "stranded")),
                                lost_bp=Maybe(COUNT)),
    "naval-end": _action(),
    "communication": _action("power", "source", power=NAME, source=NAME,
                             path=Maybe(ListOf(LOC_SPACE, 200)), army=Maybe(Bool()),
                             town_or_city=Maybe(Bool()), slave_army=Maybe(Bool()),
                             pay_rhodes=Maybe(Bool())),
    "draw-card": _action("power", power=NAME, card=Maybe(NAME)),
    "play-card": _action("power", "card", power=NAME, card=NAME, discard=Maybe(Bool())),
    "next-phase": _action(),
    "adjust": _action("power", power=NAME, treasury=Maybe(AMOUNT), stability=Maybe(AMOUNT),
                      vp=Maybe(AMOUNT), heavy=Maybe(AMOUNT), galleys=Maybe(AMOUNT),
                      why=Maybe(Text(longest=1_000, blank=True))),
    "add-temporary": _action("power", "source", "units", power=NAME,
                             source=Text(choices=("mercenaries", "militia",
                                                  "soldier_of_fortune", "invasion")),
                             units=UNITS, pay=Maybe(Bool())),
    "reroll": _action("side", "choice", side=SIDE,
                      choice=Text(choices=("own", "enemy", "none"))),
}

OPTIONS = Record({
    "powers": Maybe(ListOf(NAME, 4)),
    "players": Maybe(MapOf(NAME, key=NAME, longest=4)),
    "format": Maybe(NAME),
    "first_turn": Maybe(Int(1, 10)),
    "last_turn": Maybe(Int(1, 10)),
    "order": Maybe(ListOf(NAME, 4)),
    "treasury": Maybe(MapOf(COUNT, key=NAME, longest=4)),
    "stability": Maybe(MapOf(AMOUNT, key=NAME, longest=4)),
    "vp": Maybe(MapOf(COUNT, key=NAME, longest=4)),
    "optional": Maybe(MapOf(Any(), key=NAME, longest=20)),
    "readings": Maybe(MapOf(Any(), key=NAME, longest=20)),
})

__all__ = ["ACTIONS", "OPTIONS"]
