"""The named readings (docs/tetrarchia/rulings.md) a game can set in `state["rulings"]`.

Each option is one reading of the rulebook where players could reasonably differ; its default is
the ruling forge prints on its sheets. A game sets them in `options["rulings"]`.
"""
from __future__ import annotations

from dataclasses import dataclass

from forge.engine.core import N_, ParseError


@dataclass(frozen=True)
class Ruling:
    """One option: its default, the values allowed and the ruling that explains it."""

    default: object
    allowed: tuple
    ruling: str
    text: str


RULINGS = {
    "return_to_roma_always": Ruling(
        True, (True, False), "R1",
        "ROMA always takes a returning emperor; false: only without army and disc, like "
        "his capital"),
    "broken_link_rolls": Ruling(
        "once_per_step", ("once_per_step", "every_check"), "R2, R19",
        "a broken link rolled in one step (a propagation, an uprising, an army's move) keeps "
        "its result until the step ends; every_check: rolled again whenever it is looked at"),
    "lost_attack_ends": Ruling(
        "roman_phase", ("roman_phase", "turn"), "R6",
        "a lost attack ends the Roman phase, the barbarian phase is still played; turn: the "
        "whole turn ends"),
    "italia_can_rebel": Ruling(
        True, (True, False), "R7", "ITALIA can be a region in rebellion in the 10-point score"),
    "imperivm_disc_source": Ruling(
        "supply", ("supply", "supply_then_board"), "R9",
        "an IMPERIVM disc comes from the unplaced discs; supply_then_board: when none is left, "
        "from one of his discs on the board"),
    "extra_revolt_on_province_1": Ruling(
        True, (True, False), "R17",
        "an extra set-up Revolt disc (VI + 6) may land on a province 1"),
    "imperivm_diocletian_disc": Ruling(
        "per_turn", ("per_turn", "per_move"), "R22",
        "one disc lets Diocletian move other emperors for the rest of his turn; per_move: one "
        "disc for each move of another emperor"),
    "imperivm_maximian_stacks": Ruling(
        True, (True, False), "R25",
        "Maximian's power adds the extra PI to what he has (with PATRES PATRIAE: 8); false: "
        "it only raises his turn to 7"),
    "mare_nostrvm_chain": Ruling(
        True, (True, False), "R28",
        "MARE NOSTRVM: fleets in all three zones join the three into one"),
    "el_grande_mode": Ruling(
        "by_players", ("by_players", "competitive", "cooperative"), "R29",
        "EL GRANDE goals: competitive with 2 or 4 players, cooperative otherwise"),
}


def default_rulings() -> dict:
    """Every option with its default value."""
    return {name: r.default for name, r in RULINGS.items()}


def merge_rulings(chosen: object) -> dict:
    """The defaults with the chosen values over them; ParseError for an unknown or bad one."""
    if chosen is None:
        chosen = {}
    if not isinstance(chosen, dict):
        raise ParseError(N_("rulings must be a mapping of option name to value"))
    merged = default_rulings()
    for name, value in chosen.items():
        if name not in RULINGS:
            raise ParseError(N_("unknown ruling option '{name}'; the options are {options}"),
                             name=name, options=", ".join(sorted(RULINGS)))
        allowed = RULINGS[name].allowed
        if not any(value == a and type(value) is type(a) for a in allowed):
            raise ParseError(N_("ruling option '{name}' takes one of {allowed}, not {value}"),
                             name=name, allowed=", ".join(map(_show, allowed)),
                             value=repr(value))
        merged[name] = value
    return merged


def _show(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
