"""What to change on the real table to go from one state of a game to another (an undo, a redo).

`table_changes(before, after, tr, names)` compares two states (docs/antike/engine.md) and says,
one short instruction a line, how to make the table that shows `before` show `after`: each
civilization's rondel marker, cities and temples, units, resources and coins, progress markers
and personalities (a province by its printed name when the game has a map). Only the states are
compared, so it holds for any distance in the log.
"""
from __future__ import annotations

from forge.engine.antike.board import printed
from forge.engine.antike.data import PAYMENT, UNITS
from forge.engine.antike.state import holdings, space_at
from forge.engine.antike.words import Names
from forge.engine.core import N_


def table_changes(before: dict, after: dict, tr, names: Names | None = None) -> list[str]:
    """The physical changes that turn the table of `before` into that of `after`, in words."""
    n = names or Names(tr)
    lines: list[str] = []
    for civ, new in after.get("civs", {}).items():
        old = before.get("civs", {}).get(civ)
        if old is not None:
            lines += _civ(civ, old, new, before, after, tr, n)
    return lines


def _civ(civ: str, old: dict, new: dict, before: dict, after: dict, tr, n: Names) -> list[str]:
    _ = tr._
    name = n.civ(civ)
    lines = []
    if old["rondel"] != new["rondel"] and new["rondel"] is None:
        lines.append(_(N_("{civ}: take the rondel marker off the rondel")).format(civ=name))
    elif old["rondel"] != new["rondel"]:
        lines.append(_(N_("{civ}: rondel marker to {space}")).format(
            civ=name, space=n.space(space_at(after, new["rondel"]))))
    for province in sorted(set(old["cities"]) | set(new["cities"])):
        was, now = old["cities"].get(province), new["cities"].get(province)
        if was == now:
            continue
        shown = printed(after, province)
        if now is None:
            lines.append(_(N_("{civ}: take the city off {province}")).format(
                civ=name, province=shown))
        elif was is None:
            lines.append(_(N_("{civ}: put a city on {province}")).format(
                civ=name, province=shown))
        if (was or {}).get("temple") and not (now or {}).get("temple"):
            lines.append(_(N_("take the temple off {province}")).format(province=shown))
        elif (now or {}).get("temple") and not (was or {}).get("temple"):
            lines.append(_(N_("put a temple on {province}")).format(province=shown))
    for province in sorted(set(old["units"]) | set(new["units"])):
        shown = printed(after, province)
        for unit in UNITS:
            change = (new["units"].get(province, {}).get(unit, 0)
                      - old["units"].get(province, {}).get(unit, 0))
            if change:
                template = (N_("{civ}: put {units} on {province}") if change > 0
                            else N_("{civ}: take {units} off {province}"))
                lines.append(_(template).format(civ=name, units=n.unit_count(unit, abs(change)),
                                                province=shown))
    had, has = holdings(old), holdings(new)
    for what in PAYMENT:
        if had[what] != has[what]:
            lines.append(_(N_("{civ}: {what} {old} → {new}")).format(
                civ=name, what=n.payment(what), old=had[what], new=has[what]))
    if old["progress"] != new["progress"]:
        owned = ", ".join(n.progress(p) for p in new["progress"]) or "-"
        lines.append(_(N_("{civ}: progress markers on {progresses}")).format(
            civ=name, progresses=owned))
    for kind, cards in new["personalities"].items():
        gone = [c for c in old["personalities"][kind] if c not in cards]
        come = [c for c in cards if c not in old["personalities"][kind]]
        for number in gone:
            lines.append(_(N_("{civ}: put {personality} {number} back on its pile")).format(
                civ=name, personality=n.personality(kind), number=number))
        for number in come:
            lines.append(_(N_("{civ}: take {personality} {number}")).format(
                civ=name, personality=n.personality(kind), number=number))
    return lines
