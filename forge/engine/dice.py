"""Dice as chance steps: rolled by a seeded, versioned generator or entered from the table.

Every roll goes through a `Dice` source and is recorded as {"die", "value", "reason"}, whether
the program rolled it or a player typed it, so replays and tests are exact. The generator is our
own (SplitMix64), not Python's `random`, whose derived methods may change between versions and
platforms; its state is a plain integer kept in the game state.
"""
from __future__ import annotations

from dataclasses import dataclass, field

GENERATOR = "splitmix64/1"      # written into saves; change it only with a migration
MASK = (1 << 64) - 1


def next_state(state: int) -> tuple[int, int]:
    """One SplitMix64 step: (new state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def reseeded(state: int, reseed: int) -> int:
    """The generator's state with a reseed mixed in (a branch of the game after an undo):
    the same state and reseed give the same dice; another reseed, other dice."""
    return next_state((state ^ next_state(reseed & MASK)[1]) & MASK)[1]


def uniform(state: int, sides: int) -> tuple[int, int]:
    """A fair value 1..sides by rejection sampling: (new state, value)."""
    limit = (1 << 64) - ((1 << 64) % sides)
    while True:
        state, out = next_state(state)
        if out < limit:
            return state, out % sides + 1


class NeedRoll(Exception):
    """A chance step needs a die result that was not given (physical-dice mode)."""

    def __init__(self, die: str, reason: str, index: int):
        self.die, self.reason, self.index = die, reason, index
        super().__init__(f"roll {index + 1} needed: the {die} die, for {reason}")


class BadRoll(ValueError):
    """An entered die result is impossible for that die."""


@dataclass
class Dice:
    """Where die results come from during one action: given values first, then the generator.

    `given` are results entered by players (or logged earlier, on replay), consumed in order.
    With `rng_state` None (physical dice) a missing result raises NeedRoll naming the roll.
    """

    given: list[int] = field(default_factory=list)
    rng_state: int | None = None
    rolls: list[dict] = field(default_factory=list)
    faces: dict[str, int] = field(default_factory=dict)   # die name -> number of sides

    def roll(self, die: str, reason: str) -> int:
        """One die result for `reason`, recorded in `rolls`."""
        sides = self.faces.get(die, 6)
        index = len(self.rolls)
        if index < len(self.given):
            value = self.given[index]
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= sides:
                raise BadRoll(f"roll {index + 1} ({die} die, {reason}): {value!r} is not "
                              f"a result of a {sides}-sided die")
            source = "entered"
        elif self.rng_state is not None:
            self.rng_state, value = uniform(self.rng_state, sides)
            source = "rolled"
        else:
            raise NeedRoll(die, reason, index)
        self.rolls.append({"die": die, "value": value, "reason": reason, "source": source})
        return value
