"""The state of a game of ANTIKE and the context one action runs in.

The state is plain JSON-safe data (docs/antike/engine.md): each civilization's books
(`civs`), the bank, the personality piles, the first owners of the progresses, the settings and
the turn in play. Events are the board delta, one dict per change.
"""
from __future__ import annotations

import copy

from forge.engine.antike.board import names_in
from forge.engine.antike.data import RESOURCES, UNITS, Tables
from forge.engine.antike.refusal import IllegalAction
from forge.engine.context import Context
from forge.engine.core import N_

RULES_VERSION = "1"


class Ctx(Context):
    """One action being applied (forge.engine.context), with the civilizations' books at hand."""

    __slots__ = ()
    t: Tables

    def civ(self, civ: str) -> dict:
        return self.state["civs"][civ]

    def emit(self, kind: str, **fields) -> dict:
        """Record one event as it is now (its fields copied: never changed afterwards); on a
        map, `names` gives the printed name of each province it names."""
        names = names_in(self.state, fields)
        if names:
            fields["names"] = names
        return super().emit(kind, **copy.deepcopy(fields))


# --- small helpers over the state -------------------------------------------------------------

def check_civ(state: dict, civ) -> str:
    """A civilization of this game (IllegalAction otherwise)."""
    if civ not in state["civs"]:
        raise IllegalAction(N_("'{name}' is not a civilization of this game"), name=civ)
    return civ


def active(state: dict) -> str | None:
    """The civilization whose turn it is (None before play or after the end)."""
    turn = state.get("turn")
    return turn["civ"] if turn and state["phase"] == "play" else None


def check_turn(state: dict, civ) -> dict:
    """The turn, when it is `civ`'s (IllegalAction otherwise)."""
    check_civ(state, civ)
    if state["phase"] == "cities":
        raise IllegalAction(N_("the game begins once every civilization has its start cities "
                               "('start-cities')"))
    if active(state) != civ:
        raise IllegalAction(N_("it is not the turn of {civ}"), civ=civ)
    return state["turn"]


def space_at(state: dict, position: int) -> str:
    """The space id at a rondel position (the table's board order)."""
    return state["settings"]["rondel"][position]


def current_space(state: dict) -> str | None:
    turn = state.get("turn") or {}
    return None if turn.get("space") is None else space_at(state, turn["space"])


def units_at(book: dict, province: str) -> dict:
    """{legion, galley} of a civilization in a province (zeros included)."""
    here = book["units"].get(province, {})
    return {unit: here.get(unit, 0) for unit in UNITS}


def add_units(book: dict, province: str, unit: str, count: int) -> None:
    """Put units on the board from the supply (a negative count takes them back)."""
    here = book["units"].setdefault(province, {})
    new = here.get(unit, 0) + count
    if new < 0 or book["supply"][unit] - count < 0:
        raise IllegalAction(N_("not enough units of this type ({unit}) for {province}"),
                            unit=unit, province=province)
    book["supply"][unit] -= count
    if new:
        here[unit] = new
    else:
        here.pop(unit, None)
    if not here:
        del book["units"][province]


def city_owner(state: dict, province: str) -> str | None:
    return next((civ for civ, book in state["civs"].items() if province in book["cities"]),
                None)


def owns(book: dict, progress: str) -> bool:
    return progress in book["progress"]


def best_bonus(book: dict, bonuses) -> int:
    """The largest bonus of the progresses owned (they never add up)."""
    return max((value for progress, value in bonuses.items() if owns(book, progress)), default=0)


def city_value(t: Tables, city: dict, table) -> int:
    return table["temple_city"] if city["temple"] else table["city"]


def personality_count(book: dict) -> int:
    return sum(len(cards) for cards in book["personalities"].values())


def temples_on_board(state: dict) -> int:
    return sum(city["temple"] for book in state["civs"].values()
               for city in book["cities"].values())


def holdings(book: dict) -> dict:
    """What a civilization can pay with: its resources and coins."""
    return {**{r: book["resources"][r] for r in RESOURCES}, "coin": book["coins"]}
