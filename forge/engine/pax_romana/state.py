"""The state of a game of Pax Romana and the context one action runs in.

The state is plain JSON-safe data (docs/pax-romana/engine.md): each power's books (`powers`),
the turn and phase, the order of play, the activation bag, the battle in progress and what the
latest procedure found (`last`). Events are the board delta, one dict per change, copied when
emitted so that an event never changes afterwards.
"""
from __future__ import annotations

import copy

from forge.engine.context import Context
from forge.engine.core import N_
from forge.engine.pax_romana import arithmetic
from forge.engine.pax_romana.data import Tables
from forge.engine.pax_romana.refusal import IllegalAction

RULES_VERSION = "1"
DIE = "d6"


class Ctx(Context):
    """One action being applied (forge.engine.context), with the books and dice at hand."""

    __slots__ = ()
    t: Tables

    def emit(self, kind: str, **fields) -> dict:
        """Record one event as it is now (its fields copied: never changed afterwards)."""
        return super().emit(kind, **copy.deepcopy(fields))

    def d6(self, reason: str) -> int:
        """One six-sided die for `reason` (a chance step: rolled or entered)."""
        return self.dice.roll(DIE, reason)

    def dice_total(self, count: int, reason: str) -> list[int]:
        """`count` six-sided dice for `reason`, in order."""
        return [self.d6(reason) for _ in range(count)]

    def book(self, power: str) -> dict:
        return self.state["powers"][check_power(self.state, power)]

    # --- the books ---------------------------------------------------------------------------

    def change_treasury(self, power: str, amount: int, why: str) -> None:
        book = self.book(power)
        book["treasury"] += amount
        self.emit("treasury", power=power, change=amount, treasury=book["treasury"], why=why)

    def pay(self, power: str, amount: int, why: str) -> None:
        """Take `amount` Talents from a treasury (IllegalAction when it holds fewer)."""
        book = self.book(power)
        if amount > book["treasury"]:
            raise IllegalAction(N_("{power} has {treasury} Talents and this costs {cost}"),
                                power=power, treasury=book["treasury"], cost=amount)
        if amount:
            self.change_treasury(power, -amount, why)

    def change_stability(self, power: str, amount: int, why: str) -> None:
        book = self.book(power)
        level = arithmetic.clamp_stability(self.t, book["stability"] + amount)
        if level != book["stability"] or amount:
            book["stability"] = level
            self.emit("stability", power=power, change=amount, stability=level,
                      band=band_of(self.state, self.t, power), why=why)

    def change_vp(self, power: str, amount: int, why: str) -> None:
        book = self.book(power)
        book["vp"] += amount
        book["vp_turn"] += amount
        self.emit("vp", power=power, change=amount, vp=book["vp"], why=why)


def check_power(state: dict, power) -> str:
    """A power of this game (IllegalAction otherwise)."""
    if power not in state["powers"]:
        raise IllegalAction(N_("'{power}' is not a power of this game"), power=power)
    return power


def band_of(state: dict, t: Tables, power: str) -> str:
    """A power's stability band now (14.13, reading turmoil_from)."""
    return arithmetic.band(t, state["powers"][power]["stability"],
                           state["readings"]["turmoil_from"])


def optional(state: dict, rule: str):
    return state["optional"][rule]


def reading(state: dict, name: str):
    return state["readings"][name]


def advanced(state: dict) -> bool:
    return state["game"] == "advanced"
