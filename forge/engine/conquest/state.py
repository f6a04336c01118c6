"""The state of a game of CONQUEST OF THE EMPIRE II and the context one action runs in.

The state is plain JSON-safe data (docs/conquest-of-the-empire-2/engine.md): the books of each
player, where his units stand (`army`, by province or sea id as the table names them), cities,
province tokens on offer, cards on offer, the alliance display, the turn, and any procedure in
progress (an auction, a battle, a senate vote). Events are the board delta, one dict per change.
"""
from __future__ import annotations

import copy

from forge.engine.conquest.data import Tables
from forge.engine.context import Context
from forge.engine.core import N_, ParseError
from forge.engine.conquest.refusal import IllegalAction, Units

RULES_VERSION = "1"


class Ctx(Context):
    """One action being applied (forge.engine.context), with each player's books at hand."""

    __slots__ = ()

    def book(self, player: str) -> dict:
        return self.state["books"][player]

    def emit(self, kind: str, **fields) -> dict:
        """Record one event as it is now: its fields are copied, so a list or mapping the
        procedure goes on changing (the senators paid, a side's forces) never changes an event
        already emitted."""
        return super().emit(kind, **copy.deepcopy(fields))


# --- small helpers over the state -------------------------------------------------------------

def players(state: dict) -> list[str]:
    return state["players"]


def check_player(state: dict, player) -> str:
    if not isinstance(player, str) or player not in state["players"]:
        raise ParseError(N_("'{player}' is not a player of this game"), player=player)
    return player


def left_of(state: dict, player: str, steps: int = 1) -> str:
    seats = state["players"]
    return seats[(seats.index(player) + steps) % len(seats)]


def allied(state: dict, a: str, b: str) -> bool:
    """Whether a and b are in the same alliance this season (a player is his own ally)."""
    if a == b:
        return True
    return any(a in group and b in group for group in state["alliances"].values())


def units_at(state: dict, player: str, where: str) -> dict:
    return state["army"][player].get(where, {})


def add_units(state: dict, player: str, where: str, units: dict, sign: int = 1) -> None:
    """Add (or with sign -1 remove) units at a place; refuses to go below zero."""
    here = state["army"][player].setdefault(where, {})
    for unit, count in units.items():
        new = here.get(unit, 0) + sign * count
        if new < 0:
            raise IllegalAction(N_("{player} has only {units} in {where}"), player=player,
                                units=Units({unit: here.get(unit, 0)}), where=where)
        if new:
            here[unit] = new
        else:
            here.pop(unit, None)
    if not here:
        del state["army"][player][where]


def has_leader(state: dict, t: Tables, player: str, where: str) -> str | None:
    """'caesar' if the player's caesar is there, else 'general' if a general is, else None."""
    here = units_at(state, player, where)
    if here.get("caesar"):
        return "caesar"
    return "general" if here.get("general") else None


def land_military(state: dict, t: Tables, player: str, where: str) -> int:
    here = units_at(state, player, where)
    return sum(here.get(u, 0) for u in t.land_military)


def units_in_play(state: dict, player: str) -> dict:
    """The player's units on the board (placed), as counts per unit type."""
    total: dict[str, int] = {}
    for where, units in state["army"][player].items():
        if where == "unplaced":
            continue
        for unit, count in units.items():
            total[unit] = total.get(unit, 0) + count
    return total


def influence_total(state: dict, player: str) -> int:
    return sum(state["books"][player]["influence"].values())


def still_to_place(state: dict) -> list[str]:
    """The players, in turn order, whose starting units wait off the board while they hold
    influence to place them on (ruling R32: the first round waits for them)."""
    if state["season"] != 1 or state["phase"] != "actions":
        return []
    return [p for p in state.get("order") or state["players"]
            if any(state["army"][p].get("unplaced", {}).values())
            and any(state["books"][p]["influence"].values())]


def current_player(state: dict) -> str | None:
    turn = state.get("turn")
    if state["phase"] != "actions" or not turn:
        return None
    return state["order"][turn["index"]]


def check_units(t: Tables, units, what: str = "units") -> dict:
    """A {unit: count} mapping of known unit types and positive counts."""
    if not isinstance(units, dict):
        raise ParseError(N_("{what} must be a mapping of unit to count"), what=what)
    for unit, count in units.items():
        if unit not in t.unit_kind:
            raise ParseError(N_("'{unit}' is not a unit of this game"), unit=unit)
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise ParseError(N_("the count of {unit} must be a whole number of 0 or more"),
                             unit=unit)
    return {u: c for u, c in units.items() if c}


def check_key_province(t: Tables, province) -> str:
    if province not in t.key_provinces:
        raise ParseError(N_("'{province}' is not a key province"), province=province)
    return province


def check_place(where) -> str:
    if not isinstance(where, str) or not where.strip():
        raise ParseError(N_("a province or sea must be named by its id"))
    return where


def pay(ctx: Ctx, player: str, amount: int, why: str) -> None:
    book = ctx.book(player)
    if amount > book["talents"]:
        raise IllegalAction(N_("{player} has {talents} talents and needs {amount} for {why}"),
                            player=player, talents=book["talents"], amount=amount, why=why)
    book["talents"] -= amount
    if amount:
        ctx.emit("talents", player=player, amount=-amount, why=why)


def gain(ctx: Ctx, player: str, key: str, amount: int, why: str) -> None:
    """Change talents, chaos or vp (chaos never below 0)."""
    book = ctx.book(player)
    if key == "chaos":
        amount = max(amount, -book["chaos"])
    book[key] += amount
    if amount:
        ctx.emit(key, player=player, amount=amount, why=why)
