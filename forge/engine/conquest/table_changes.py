"""What to change on the real table to go from one state of a game to another (an undo, a redo).

`table_changes(before, after, tr, names)` compares two states (docs/conquest-of-the-empire-2/
engine.md) and says, one short instruction a line, how to make the table that shows `before`
show `after`: each player's units by province or sea, the cities, the province tokens and
cards on offer, the turn-order boxes, then each player's books (talents, chaos, VP, influence
tokens by province, cards in hand, senators). Only the states are compared, never the events,
so it holds for any distance in the log.
"""
from __future__ import annotations

from forge.engine.conquest.words import Names

UNPLACED = "unplaced"           # starting units not yet on the board (in the player's box)


def table_changes(before: dict, after: dict, tr, names: Names | None = None) -> list[str]:
    """The physical changes that turn the table of `before` into that of `after`, in words."""
    n = names or Names(tr)
    lines: list[str] = []
    for player in after.get("players", before.get("players", [])):
        lines += _units(player, before["army"].get(player, {}), after["army"].get(player, {}),
                        tr, n)
    lines += _cities(before, after, tr, n)
    lines += _offer(before, after, tr, n)
    for player in after.get("players", []):
        lines += _books(player, before["books"].get(player, {}), after["books"].get(player, {}),
                        tr, n)
    return lines


def _difference(old: dict, new: dict) -> tuple[dict, dict]:
    """(units to take off, units to put) at one place."""
    off = {u: old[u] - new.get(u, 0) for u in old if old[u] > new.get(u, 0)}
    put = {u: new[u] - old.get(u, 0) for u in new if new[u] > old.get(u, 0)}
    return off, put


def _units(player: str, old: dict, new: dict, tr, n: Names) -> list[str]:
    _ = tr._
    taken, put = {}, {}
    for place in sorted((set(old) | set(new)) - {UNPLACED}):
        off, on = _difference(old.get(place, {}), new.get(place, {}))
        if off:
            taken[place] = off
        if on:
            put[place] = on
    lines = []
    if len(taken) == 1 and len(put) == 1 and list(taken.values()) == list(put.values()):
        (frm, units), = taken.items()
        (to, _same), = put.items()
        return [_("{player}: move {units} from {frm} to {to}.").format(
            player=player, units=n.units(units), frm=n.place(frm), to=n.place(to))]
    for place, units in taken.items():
        lines.append(_("{player}: take {units} off {place}.").format(
            player=player, units=n.units(units), place=n.place(place)))
    for place, units in put.items():
        lines.append(_("{player}: put {units} in {place}.").format(
            player=player, units=n.units(units), place=n.place(place)))
    return lines


def _cities(before: dict, after: dict, tr, n: Names) -> list[str]:
    _ = tr._
    old, new = before.get("cities", {}), after.get("cities", {})
    lines = []
    for province in sorted(set(old) | set(new)):
        was, now = old.get(province), new.get(province)
        if was == now:
            continue
        where = n.place(province)
        if was is None:
            lines.append(_("Put a city of {player} in {province}.").format(
                player=now, province=where))
        elif now is None:
            lines.append(_("Remove the city of {player} from {province}.").format(
                player=was, province=where))
        else:
            lines.append(_("The city in {province} goes from {old} to {new}.").format(
                province=where, old=was, new=now))
    return lines


def _offer(before: dict, after: dict, tr, n: Names) -> list[str]:
    _ = tr._
    lines = []
    old, new = before.get("tokens", {}), after.get("tokens", {})
    for province in sorted(set(old) | set(new)):
        if old.get(province, 0) != new.get(province, 0):
            lines.append(_("Province tokens of {province} on offer: from {old} to {new}.").format(
                province=n.place(province), old=old.get(province, 0),
                new=new.get(province, 0)))
    if sorted(before.get("offer", [])) != sorted(after.get("offer", [])):
        lines.append(_("Cards on offer: {cards}.").format(cards=n.cards(after.get("offer", []))))
    if before.get("boxes", []) != after.get("boxes", []):
        lines.append(_("Turn-order boxes: {players}.").format(
            players=n.names(after.get("boxes", []))))
    return lines


def _books(player: str, old: dict, new: dict, tr, n: Names) -> list[str]:
    _ = tr._
    lines = []
    counters = (("talents", _("{player}: talents from {old} to {new}.")),
                ("chaos", _("{player}: chaos from {old} to {new}.")),
                ("vp", _("{player}: VP from {old} to {new}.")))
    for key, text in counters:
        if old.get(key, 0) != new.get(key, 0):
            lines.append(text.format(player=player, old=old.get(key, 0), new=new.get(key, 0)))
    was, now = old.get("influence", {}), new.get("influence", {})
    for province in sorted(set(was) | set(now)):
        if was.get(province, 0) != now.get(province, 0):
            lines.append(_("{player}: influence tokens in {province} from {old} to {new}.")
                         .format(player=player, province=n.place(province),
                                 old=was.get(province, 0), new=now.get(province, 0)))
    if sorted(old.get("cards", [])) != sorted(new.get("cards", [])):
        lines.append(_("{player}: cards in hand: {cards}.").format(
            player=player, cards=n.cards(new.get("cards", []))))
    if sorted(old.get("senators", [])) != sorted(new.get("senators", [])):
        lines.append(_("{player}: senators: {senators}.").format(
            player=player, senators=", ".join(map(str, new.get("senators", []))) or "-"))
    return lines
