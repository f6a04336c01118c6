"""What TETRARCHIA's inputs look like: each action's fields and the set-up options, with a
position among them (docs/tetrarchia/engine.md). The session checks every input against these
schemas (forge.engine.inputs) before the rules see it; what a schema cannot say (a province of
the board, the pieces conserved) the rules check themselves.
"""
from __future__ import annotations

from forge.engine.inputs import (Bool, Either, Int, ListOf, MapOf, Maybe, Null, Record,
                                 Text)

ID = Text(longest=64)
COUNT = Int(0, 1_000)
PLACES = Maybe(ListOf(ID, 200))
# what legal_actions adds to a listed action, accepted so it can be applied as it is
INFORMATION = ("cost", "discs", "gain")


def _action(**fields) -> Record:
    return Record(fields, info=INFORMATION)


ACTIONS = {
    "enter": _action(province=ID),
    "move": _action(to=ID, by=Maybe(Text(("link", "fleet"))), sea=Maybe(ID), emperor=ID,
                    discs_from=PLACES),
    "sail": _action(fleet=ID, to=ID),
    "protect": _action(),
    "subdue": _action(what=ID),
    "attack": _action(target=ID),
    "imperium": _action(power=ID, count=Int(1, 1_000), discs_from=PLACES),
    "transfer": _action(**{"from": ID, "to": ID}),
    "end_turn": _action(),
    "boost": _action(times=COUNT, discs_from=PLACES),
    "block": _action(use=Bool(), discs_from=PLACES),
}

LEVEL = Either((Text(longest=16), Int(0, 9_999), ListOf(Int(0, 9), 8)))
SETUP_FIELDS = {
    "level": LEVEL,
    "edition": Maybe(ID),
    "players": Int(1, 99),
    "control": Maybe(MapOf(Either((Int(1, 99), ListOf(Int(1, 99), 8))), key=ID, longest=8)),
    "variants": Maybe(ListOf(ID, 32)),
    "rulings": Maybe(MapOf(Either((Bool(), Int(-1_000, 1_000), ID)), key=ID, longest=64)),
    "fleets": Maybe(ListOf(ID, 16)),
}
EMPEROR = Record({"at": Maybe(ID), "supply": COUNT, "out": COUNT, "glory": COUNT,
                  "passing": Bool()})
POSITION = Record({
    **SETUP_FIELDS,
    "game": Text(), "rules_version": Text(),
    "round": Int(1, 10_000), "turn": ID, "phase": ID, "pi": Int(0, 1_000),
    "discs": MapOf(ID, key=ID), "figures": MapOf(ID, key=ID),
    "emperors": MapOf(EMPEROR, key=ID, longest=8),
    "reserve": Record({"agitation": COUNT, "revolt": COUNT, "army": COUNT}),
    "this_turn": Record({"allowance": Int(0, 1_000), "powers": ListOf(ID, 16),
                         "discs_out": COUNT}),
    "this_round": Record({"transfers": ListOf(Int(0, 100), 16),
                          "pi_next": MapOf(Int(-1_000, 1_000), key=ID, longest=8)}),
    "pending": Null(), "outcome": Null(),
})
OPTIONS = Record({**SETUP_FIELDS, "shared_caesar": Maybe(ID), "position": Maybe(POSITION)})

__all__ = ["ACTIONS", "OPTIONS", "POSITION"]
