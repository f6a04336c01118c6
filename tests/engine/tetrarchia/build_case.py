"""How a Tetrarchia case is set up (README.md beside this file): a level's rolls, or a position.

A case gives its `edition` (later by default; `both` plays it once per edition), `level`,
`players`, `variants` and other set-up `options`, the `setup_dice`, and a minimal `position`
that `build_position` completes the way a position file is read.
"""
from __future__ import annotations

import copy

from forge.engine.core import Session
from forge.engine.tetrarchia import RULES

CASE_KEYS = {"edition", "level", "players", "variants", "options", "position"}
EMPERORS = ("diocletian", "galerius", "constantius", "maximian")
EDITIONS = ("earlier", "later")
PIECES = {"agitation": 21, "revolt": 21, "army": 3}


def variants(case: dict) -> tuple[str, ...]:
    """The editions a case is played in."""
    edition = case.get("edition", "later")
    return EDITIONS if edition == "both" else (edition,)


def build(case: dict, edition: str) -> Session:
    """The session of a case in one edition, with physical dice."""
    level = case_level(case)
    options = {"level": level, "edition": edition, "players": case.get("players", 4),
               "variants": list(case.get("variants", []))}
    options.update(copy.deepcopy(case.get("options", {})))
    if "position" in case:
        position = build_position(case["position"], level)
        position.setdefault("variants", options["variants"])
        position.setdefault("edition", edition)
        position.setdefault("level", level)
        options["position"] = position
    return Session(RULES, options, seed=None, dice_values=list(case.get("setup_dice", [])))


def case_level(case: dict) -> str:
    """The case's level; by default [4211], with as many fleets as its position places."""
    if "level" in case:
        return str(case["level"])
    fleets = (case.get("position") or {}).get("fleets")
    return f"4{len(fleets)}11" if fleets else "4211"


def build_position(position: dict, level: str) -> dict:
    """Complete a case's minimal position the way engine.md describes a position file.

    Only what a case leaves out and can be derived without judgement is filled in: each
    emperor's `at` from `figures` (and back), his supply from the level's discs less those on
    the board and out of the game, and the reserve from the pieces on the board.
    """
    pos = copy.deepcopy(position)
    discs = pos.setdefault("discs", {})
    figures = pos.setdefault("figures", {})
    emperors = pos.setdefault("emperors", {})
    for emperor in EMPERORS:
        _complete_emperor(emperors.setdefault(emperor, {}), emperor, discs, figures, level)
    reserve = pos.setdefault("reserve", {})
    glory = sum(e.get("glory", 0) for e in emperors.values())
    reserve.setdefault("agitation", PIECES["agitation"] - glory
                       - sum(1 for d in discs.values() if d == "agitation"))
    reserve.setdefault("revolt", PIECES["revolt"]
                       - sum(1 for d in discs.values() if d == "revolt"))
    reserve.setdefault("army", PIECES["army"] - sum(1 for f in figures.values() if f == "army"))
    pos.setdefault("pi", 6)
    return pos


def _complete_emperor(entry: dict, emperor: str, discs: dict, figures: dict, level: str) -> None:
    here = [p for p, f in figures.items() if f == emperor]
    if "at" not in entry:
        entry["at"] = here[0] if here else None
    elif entry["at"] is not None and not here:
        figures[entry["at"]] = emperor
    entry.setdefault("out", 0)
    entry.setdefault("glory", 0)
    entry.setdefault("passing", False)
    placed = sum(1 for d in discs.values() if d == emperor)
    entry.setdefault("supply", int(level[0]) - placed - entry["out"])
