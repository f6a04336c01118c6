"""What to change on the real table to go from one state of a game to another (an undo, a redo).

`table_changes(before, after, tr, names)` compares two states (docs/tetrarchia/engine.md) and
says, one short instruction a line, how to make the board that shows `before` show `after`: the
emperors' figures, the discs on the provinces, the barbarian armies, the fleets, and the glory
discs and discs out of the game beside the board. The reserve and the emperors' supplies follow
from those moves and are not listed. Only the states are compared, never the events, so it holds
for any distance in the log. `changed_places(before, after)` names the provinces and seas
concerned, for a map to ring.
"""
from __future__ import annotations

from forge.engine.tetrarchia.data import tables
from forge.engine.tetrarchia.state import THREATS
from forge.engine.tetrarchia.words import Names


def table_changes(before: dict, after: dict, tr, names: Names | None = None) -> list[str]:
    """The physical changes that turn the table of `before` into that of `after`, in words."""
    n = names or Names(tr)
    lines = _emperors(before, after, tr, n)
    lines += _discs(before, after, tr, n)
    lines += _armies(before, after, tr, n)
    lines += _fleets(before, after, tr, n)
    lines += _beside_the_board(before, after, tr, n)
    return lines


def _board_order(n: Names, provinces) -> list[str]:
    return sorted(provinces, key=lambda p: (n.t.order.get(p, len(n.t.order)), p))


def _standing(record: dict) -> str | None:
    return record.get("at")


def _emperors(before: dict, after: dict, tr, n: Names) -> list[str]:
    _ = tr._
    lines = []
    for emperor in n.t.emperors:
        old = _standing(before["emperors"].get(emperor, {}))
        new = _standing(after["emperors"].get(emperor, {}))
        if old == new:
            continue
        who = n.emperor(emperor)
        if old is None:
            lines.append(_("Put {emperor} in {province}.").format(
                emperor=who, province=n.province(new)))
        elif new is None:
            lines.append(_("Take {emperor} off the board (from {province}).").format(
                emperor=who, province=n.province(old)))
        else:
            lines.append(_("Move {emperor} from {frm} to {to}.").format(
                emperor=who, frm=n.province(old), to=n.province(new)))
    return lines


def _the_disc(n: Names, piece: str) -> str:
    """'the Agitation disc', 'the Revolt disc', 'the disc of Maximian'."""
    _ = n.tr._
    if piece == "agitation":
        return _("the Agitation disc")
    if piece == "revolt":
        return _("the Revolt disc")
    return _("the disc of {emperor}").format(emperor=n.emperor(piece))


def _discs(before: dict, after: dict, tr, n: Names) -> list[str]:
    _ = tr._
    lines = []
    old_discs, new_discs = before["discs"], after["discs"]
    for province in _board_order(n, set(old_discs) | set(new_discs)):
        old, new = old_discs.get(province), new_discs.get(province)
        if old == new:
            continue
        where = n.province(province)
        if old is None:
            lines.append(_("Put {disc} in {province}.").format(disc=n.disc(new), province=where))
        elif new is None:
            where_to = _("back to the reserve") if old in THREATS else \
                _("back to its emperor")
            lines.append(_("Remove {disc} from {province} ({where_to}).").format(
                disc=_the_disc(n, old), province=where, where_to=where_to))
        else:
            lines.append(_("In {province}, replace {old} with {new}.").format(
                province=where, old=_the_disc(n, old), new=n.disc(new)))
    return lines


def _pairs(gone: list[str], come: list[str], near) -> list[tuple[str, str]]:
    """Moves of identical pieces (armies, fleets): a place left and a place newly taken next
    to it, paired when neither has another choice; `gone` and `come` keep the rest."""
    pairs = []
    for place in list(gone):
        options = [other for other in come if other in near(place)]
        if len(options) == 1 and [g for g in gone if options[0] in near(g)] == [place]:
            pairs.append((place, options[0]))
            gone.remove(place)
            come.remove(options[0])
    return pairs


def _armies(before: dict, after: dict, tr, n: Names) -> list[str]:
    _ = tr._
    old = {p for p, f in before["figures"].items() if f == "army"}
    new = {p for p, f in after["figures"].items() if f == "army"}
    gone, come = _board_order(n, old - new), _board_order(n, new - old)
    lines = []
    for frm, to in _pairs(gone, come, lambda p: n.t.neighbours.get(p, ())):
        lines.append(_("Move the barbarian army from {frm} to {to}.").format(
            frm=n.province(frm), to=n.province(to)))
    for province in gone:
        lines.append(_("Remove the barbarian army from {province} (back to the reserve).").format(
            province=n.province(province)))
    for province in come:
        lines.append(_("Put a barbarian army in {province}.").format(
            province=n.province(province)))
    return lines


def _fleets(before: dict, after: dict, tr, n: Names) -> list[str]:
    _ = tr._
    old, new = list(before["fleets"]), list(after["fleets"])
    for sea in list(old):
        if sea in new:
            old.remove(sea)
            new.remove(sea)
    lines = []
    for frm, to in _pairs(old, new, lambda s: n.t.sea_next.get(s, ())):
        lines.append(_("Sail a fleet from {frm} to {to}.").format(
            frm=n.sea(frm), to=n.sea(to)))
    for sea in old:
        lines.append(_("Take the fleet off {sea}.").format(sea=n.sea(sea)))
    for sea in new:
        lines.append(_("Put a fleet in {sea}.").format(sea=n.sea(sea)))
    return lines


def _beside_the_board(before: dict, after: dict, tr, n: Names) -> list[str]:
    _ = tr._
    lines = []
    for emperor in n.t.emperors:
        old = before["emperors"].get(emperor, {})
        new = after["emperors"].get(emperor, {})
        who = n.emperor(emperor)
        if old.get("glory", 0) != new.get("glory", 0):
            lines.append(_("{emperor}: glory discs from {old} to {new}.").format(
                emperor=who, old=old.get("glory", 0), new=new.get("glory", 0)))
        if old.get("out", 0) != new.get("out", 0):
            lines.append(_("{emperor}: discs out of the game from {old} to {new}.").format(
                emperor=who, old=old.get("out", 0), new=new.get("out", 0)))
    return lines


def changed_places(before: dict, after: dict) -> list[str]:
    """The provinces and seas whose pieces differ between two states, in board order (a map
    can ring what `table_changes` lists)."""
    places = {p for p in set(before["discs"]) | set(after["discs"])
              if before["discs"].get(p) != after["discs"].get(p)}
    places |= {p for p in set(before["figures"]) | set(after["figures"])
               if before["figures"].get(p) != after["figures"].get(p)}
    for emperor in set(before["emperors"]) | set(after["emperors"]):
        old = before["emperors"].get(emperor, {}).get("at")
        new = after["emperors"].get(emperor, {}).get("at")
        if old != new:
            places |= {p for p in (old, new) if p is not None}
    old_fleets, new_fleets = list(before["fleets"]), list(after["fleets"])
    places |= {s for s in set(old_fleets) | set(new_fleets)
               if old_fleets.count(s) != new_fleets.count(s)}
    t = tables()
    order = {p: i for i, p in enumerate(t.provinces + t.seas)}
    return sorted(places, key=lambda p: (order.get(p, len(order)), p))
