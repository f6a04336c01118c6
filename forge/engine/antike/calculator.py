"""The conquest calculator: what taking a city would need and cost, asked at any time, before
the move on the rondel or for a city the units have not reached yet (rulebook: conquista, the
Athens examples).

A forecast reads the state and changes nothing. Its numbers are the conquest's own: the defence
power's parts from `military.defence_parts`, the attackers' losses from
`military.default_losses`; the rules that would refuse it (no city of another civilization
there, a civilization's last city) and the city cap that would make the attacker give up a city
of its own are named by code, for the table's words.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from forge.engine.antike import military
from forge.engine.antike.data import UNITS
from forge.engine.antike.state import city_owner, units_at

NO_CITY, OWN_CITY, LAST_CITY = "no-city", "own-city", "last-city"


@dataclass(frozen=True)
class Forecast:
    """A conquest of `province` by `civ` with `units`: the defence power in parts, how many
    more units it needs, the losses when it can succeed (all or nothing), the refusals that
    apply, whether the attacker stands at the city cap, whether the city has a temple (destroyed
    with it) and the defender's units there (every one lost with it)."""

    province: str
    owner: str | None
    parts: dict = field(default_factory=dict)
    units: dict = field(default_factory=dict)
    refusals: tuple = ()
    at_cap: bool = False
    temple: bool = False
    defenders: dict = field(default_factory=dict)   # the owner's units there, lost with it

    @property
    def power(self) -> int:
        return sum(self.parts.values())

    @property
    def count(self) -> int:
        return sum(self.units.values())

    @property
    def short(self) -> int:
        """The attackers still missing (0 when there are enough)."""
        return max(0, self.power - self.count)

    @property
    def enough(self) -> bool:
        return self.owner is not None and self.short == 0

    @property
    def can(self) -> bool:
        """Whether the conquest can succeed: enough attackers and no rule against it."""
        return self.enough and not self.refusals

    @property
    def losses(self) -> dict | None:
        """The attacker's losses when enough units attack: the power's units, the more
        numerous type first (the conquest's default); None otherwise."""
        if not self.enough:
            return None
        return military.default_losses(self.units, self.power)


def forecast(state: dict, t, civ: str, province: str, units: dict) -> Forecast:
    """The conquest of `province` by `civ` if it brought `units` ({legion, galley})."""
    attackers = {unit: max(0, int(units.get(unit) or 0)) for unit in UNITS}
    owner = city_owner(state, province)
    if owner is None:
        return Forecast(province, None, units=attackers, refusals=(NO_CITY,))
    refusals = []
    if owner == civ:
        refusals.append(OWN_CITY)
    elif len(state["civs"][owner]["cities"]) == 1:
        refusals.append(LAST_CITY)
    book = state["civs"][owner]
    at_cap = owner != civ and len(state["civs"][civ]["cities"]) >= state["settings"]["city_cap"]
    return Forecast(province, owner, military.defence_parts(t, book, province), attackers,
                    tuple(refusals), at_cap, book["cities"][province]["temple"],
                    units_at(book, province))


def ready(state: dict, civ: str, province: str) -> dict:
    """The units `civ` could bring to a conquest of `province` without moving: during its
    Maneuver those there with a maneuver left, else those standing there (a Maneuver gives
    each of them one)."""
    turn = state.get("turn") or {}
    if turn.get("civ") == civ and turn.get("maneuver") is not None:
        return military.eligible(turn["maneuver"], province)
    return units_at(state["civs"][civ], province)


def targets(state: dict, civ: str) -> dict[str, list[str]]:
    """The cities a calculator offers `civ`, by owner: the other civilizations' first, in the
    order of play, then its own (to show why they cannot be taken)."""
    order = [c for c in state["order"] if c != civ] + [civ]
    return {owner: list(state["civs"][owner]["cities"]) for owner in order
            if state["civs"][owner]["cities"]}
