"""The set-up guide: what to put where on the real board, one group of pieces at a time.

`setup_guide(entry, state, tr)` reads the log's set-up entry (its events) and the state after it
and returns the steps a table companion shows one by one: the pieces to hand out, the fleets, the
Revolt disc of each outer region, the extra Revolt discs, the barbarian armies, and where the
emperors will come onto the board. Each step is a dict:

- `id`: what the step is about ("pieces", "fleets", "revolts", "extra", "armies", "emperors")
- `title`, `text`: a heading and what to do, in the translator's language
- `lines`: one line a piece (the province, its coordinate, what it covers)
- `places`: the provinces, frontiers and sea zones the step concerns (for a map to highlight)
- `state`: the board as it stands once this step and the ones before it are done (for a map)

A game set up from a given position has one step placing every piece of that position.
`roll_reason(reason, tr)` (from words.py) words a set-up die's reason in the players' language.
No rules are decided here: the engine's set-up has already rolled and placed everything.
"""
from __future__ import annotations

import copy

from forge.engine.tetrarchia.data import tables
from forge.engine.tetrarchia.words import Names, roll_reason  # noqa: F401 (shown by the guide)


def setup_guide(entry: dict, state: dict, tr) -> list[dict]:
    """The set-up's steps (see the module's docstring) from log entry 0 and the state after it."""
    t, names = tables(), Names(tr)
    _ = tr._
    placed = [e for e in entry.get("events", []) if e.get("kind") == "place"]
    if any(e.get("kind") == "position" for e in entry.get("events", [])):
        return [_pieces_step(t, state, tr), _position_step(t, state, tr, names),
                _emperors_step(t, state, tr, names)]
    fleets = [e["sea"] for e in placed if e["piece"] == "fleet"]
    revolts = [e for e in placed if e["piece"] == "revolt" and e["rule"] == "setup.revolts"]
    extra = [e for e in placed if e["piece"] == "revolt" and e["rule"] != "setup.revolts"]
    armies = [e["province"] for e in placed if e["piece"] == "army"]
    steps = [_pieces_step(t, state, tr)]
    if fleets:
        steps.append({"id": "fleets", "title": _("Fleets"),
                      "text": _("Put a fleet in each of these sea zones:"),
                      "lines": [names.sea(sea) for sea in fleets], "places": fleets})
    steps.append({"id": "revolts", "title": _("A Revolt disc in each outer region"),
                  "text": _("Put a Revolt disc on each of these provinces:"),
                  "lines": [_province_line(t, names, tr, e) for e in revolts],
                  "places": [e["province"] for e in revolts]})
    if extra:
        steps.append({"id": "extra", "title": _("Extra Revolt discs"),
                      "text": _("Put a Revolt disc on each of these provinces too:"),
                      "lines": [_province_line(t, names, tr, e) for e in extra],
                      "places": [e["province"] for e in extra]})
    if armies:
        region_of_frontier = {frontier: region for region, frontier in t.frontier_of.items()}
        steps.append({"id": "armies", "title": _("Barbarian armies"),
                      "text": _("Put a barbarian army on each of these frontiers:"),
                      "lines": [_("{frontier}, the frontier of {region}").format(
                          frontier=names.province(p),
                          region=names.region(region_of_frontier.get(p, "")))
                          for p in armies],
                      "places": armies})
    steps.append(_emperors_step(t, state, tr, names))
    _add_states(steps, state)
    return steps


def _pieces_step(t, state: dict, tr) -> dict:
    _ = tr._
    level = state["level"]
    discs = state["emperors"][t.emperors[0]]["supply"] if state.get("emperors") else level[0]
    lines = [_("Each emperor takes {discs} discs of his colour; the others go back in the "
               "box.").format(discs=discs),
             _("Fleets: {count}; the others go back in the box.").format(
                 count=len(state.get("fleets") or [])),
             _("Beside the board, as the reserve: the Agitation discs, the Revolt discs and "
               "the barbarian armies."),
             _("Keep both dice at hand: the VI die (Roman numerals) and the 6 die (numbers).")]
    return {"id": "pieces", "title": _("Pieces"),
            "text": _("Level {level}: lay out the board and sort the pieces.").format(
                level=level),
            "lines": lines, "places": []}


def _province_line(t, names: Names, tr, event: dict) -> str:
    province = event["province"]
    line = tr._("{province} ({coordinate})").format(province=names.province(province),
                                                   coordinate=t.coordinate(province))
    covers = event.get("covers")
    if covers == "roma":
        line += " · " + tr._("it covers ROMA's wildcard")
    elif covers:
        line += " · " + tr._("it covers the capital of {emperor}").format(
            emperor=names.emperor(covers))
    return line


def _position_step(t, state: dict, tr, names: Names) -> dict:
    """Every piece of a given position, province by province."""
    _ = tr._
    lines, places = [], []
    for province in t.provinces:
        disc, figure = state["discs"].get(province), state["figures"].get(province)
        if disc is None and figure is None:
            continue
        what = [names.disc(disc)] if disc else []
        if figure == "army":
            what.append(_("a barbarian army"))
        elif figure:
            what.append(names.emperor(figure))
        lines.append(_("{province}: {pieces}").format(province=names.province(province),
                                                     pieces=", ".join(what)))
        places.append(province)
    fleets = list(state.get("fleets") or [])
    lines += [_("A fleet in {sea}").format(sea=names.sea(sea)) for sea in fleets]
    return {"id": "position", "title": _("The position"),
            "text": _("The game starts from a given position. Put these pieces on the board:"),
            "lines": lines, "places": places + fleets, "state": copy.deepcopy(state)}


def _emperors_step(t, state: dict, tr, names: Names) -> dict:
    _ = tr._
    first = state.get("turn") or t.emperors[0]
    capitals = [(e, t.capital[e]) for e in t.emperors if e in t.capital]
    on_board = [e for e in t.emperors if (state.get("emperors") or {}).get(e, {}).get("at")]
    if on_board:
        text = _("The emperors stand where the position puts them. {emperor} plays "
                 "first.").format(emperor=names.emperor(first))
    else:
        text = _("The emperors wait beside the board. Each comes onto it at the start of his "
                 "first turn: in ROMA, or in his own capital if it holds no barbarian army "
                 "and no disc. {emperor} plays first.").format(emperor=names.emperor(first))
    lines = [_("Capital of {emperor}: {province}").format(emperor=names.emperor(e),
                                                        province=names.province(p))
             for e, p in capitals]
    return {"id": "emperors", "title": _("Emperors"), "text": text, "lines": lines,
            "places": [t.roma] + [p for _e, p in capitals], "state": copy.deepcopy(state)}


def _add_states(steps: list[dict], state: dict) -> None:
    """Each step's board: the pieces of this step and the earlier ones (the set-up only places
    pieces on empty provinces, so the later steps' pieces are simply left out)."""
    later_discs = set(state["discs"])
    later_figures = {p for p, f in state["figures"].items() if f == "army"}
    shown_fleets: list[str] = []
    for step in steps:
        if step["id"] == "fleets":
            shown_fleets = list(step["places"])
        elif step["id"] in ("revolts", "extra"):
            later_discs -= set(step["places"])
        elif step["id"] == "armies":
            later_figures -= set(step["places"])
        if "state" in step:
            continue
        board = copy.deepcopy(state)
        board["discs"] = {p: d for p, d in state["discs"].items() if p not in later_discs}
        board["figures"] = {p: f for p, f in state["figures"].items()
                            if p not in later_figures and f == "army"}
        board["fleets"] = list(shown_fleets)
        step["state"] = board
