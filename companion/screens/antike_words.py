"""ANTIKE's actions and personalities in the books' words: the log's line for an action, and
why a personality was awarded."""
from __future__ import annotations

from companion.screens.antike_names import (
    amounts_text,
    names,
    place_name,
    tables,
    units_text,
)


def action_label(action: dict, tr, state: dict) -> str:
    """An action as the log lists it ('Greeks: rondel to Temple')."""
    n = names(tr)
    kind = action.get("type")
    civ = n.civ(action["civ"]) if action.get("civ") else ""
    if kind == "start-cities":
        return tr._("{civ}: start cities").format(civ=civ)
    if kind == "take-resource":
        return tr._("{civ}: takes {resource} (no coins left)").format(
            civ=civ, resource=n.resource(action["resource"]))
    if kind == "rondel":
        space = state["settings"]["rondel"][action["space"]] if state.get("settings") \
            else action.get("name", "")
        return tr._("{civ}: rondel to {space}").format(civ=civ, space=n.space(space))
    if kind == "build-temples":
        return tr._("{civ}: temples in {provinces}").format(
            civ=civ, provinces=", ".join(place_name(state, p) for p in action["cities"]))
    if kind == "arm":
        return tr._("{civ}: arming").format(civ=civ)
    if kind == "buy-progress":
        return tr._("{civ}: buys {progresses}").format(
            civ=civ, progresses=", ".join(n.progress(p) for p in action["progresses"]))
    if kind == "move":
        return tr._("{civ}: {units} from {origin} to {to}").format(
            civ=civ, units=units_text(action["units"], tr),
            origin=place_name(state, action["from"]), to=place_name(state, action["to"]))
    if kind == "battle":
        return tr._("Battle in {province}").format(
            province=place_name(state, action["province"]))
    if kind == "conquer":
        return tr._("{civ}: conquers {province}").format(
            civ=civ, province=place_name(state, action["province"]))
    if kind == "end-maneuver":
        return tr._("{civ}: ends the maneuver").format(civ=civ)
    if kind == "found-city":
        return tr._("{civ}: founds a city in {province}").format(
            civ=civ, province=place_name(state, action["province"]))
    if kind == "end-turn":
        return tr._("{civ}: ends the turn").format(civ=civ)
    if kind == "set-seas":
        return tr._("{civ}: seas occupied").format(civ=civ)
    if kind == "set-rondel-order":
        return tr._("The rondel's order")
    if kind == "set-bank":
        return tr._("The bank's coins")
    if kind == "adjust":
        return tr._("Correction for {civ}").format(civ=civ)
    return str(kind)


def personality_reasons(events: list, state: dict, tr) -> list[str]:
    """One line a personality awarded (or due with its pile empty) by an entry's events: which
    card and why ('Greeks: King 2, for 10 cities')."""
    n = names(tr)
    lines = []
    seen: dict = {}
    for event in events:
        if event.get("kind") not in ("personality", "pile-empty"):
            continue
        key = (event["civ"], event["personality"])
        seen[key] = seen.get(key, 0) + 1
        later = sum(1 for e in events if e.get("kind") in ("personality", "pile-empty")
                    and (e["civ"], e["personality"]) == key) - seen[key]
        awarded = state["civs"][event["civ"]]["awarded"][event["personality"]] - later
        reason = personality_reason(event["personality"], awarded, tr)
        if event["kind"] == "personality":
            lines.append(tr._("{civ}: {personality} {number}, {reason}").format(
                civ=n.civ(event["civ"]), personality=n.personality(event["personality"]),
                number=event["number"], reason=reason))
        else:
            lines.append(tr._("{civ}: a {personality} is due ({reason}), but none is "
                              "left").format(civ=n.civ(event["civ"]), reason=reason,
                                             personality=n.personality(event["personality"])))
    return lines


def personality_reason(kind: str, awarded: int, tr) -> str:
    """Why the `awarded`-th personality of a type is given: its threshold ('for 10 cities')."""
    entry = tables().personality[kind]
    threshold = awarded * entry["per"]
    counts = entry["counts"]
    if counts == "cities":
        return tr._("for {count} cities").format(count=threshold)
    if counts == "first-progresses":
        return tr._("for being the first to acquire a progress ({count} so far)").format(
            count=threshold)
    if counts == "temples-destroyed":
        return tr._("for destroying temples ({count} so far)").format(count=threshold)
    if counts == "temples":
        return tr._("for {count} temples").format(count=threshold)
    return tr._("for {count} seas occupied").format(count=threshold)


def pay_text(pay: dict, tr) -> str:
    return amounts_text(pay or {}, tr)
