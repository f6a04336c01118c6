"""The names ANTIKE's screens show, in the players' language, and the provinces they offer.

Civilizations, resources, spaces, units, progresses and personalities are the engine's own
`Names` (forge.engine.antike.words: tables.yaml through the game's catalog). The rulebook has no
map, so the app knows provinces only as the table names them: every province of the game's
state, and those typed at earlier games on the same side of the board, remembered in the app's
settings (`antike_provinces`: {side: [names]}), are offered as choices (companion.places); a
province the app does not know yet is typed once ("Another province: ...").
"""
from __future__ import annotations

from kivy.app import App

from forge.engine.antike.board import printed

PROVINCES = "antike_provinces"          # the app setting of the provinces typed, by side
RESOURCES = ("marble", "iron", "gold")
PAYMENT = (*RESOURCES, "coin")
UNITS = ("legion", "galley")


def names(tr):
    """The engine's names in the translator's language."""
    from forge.engine.antike.words import Names

    return Names(tr)


def tables():
    from forge.engine.antike import tables as load

    return load()


def civ_label(state: dict, civ: str, tr) -> str:
    """'Greeks (Ana)'."""
    return tr._("{civ} ({player})").format(civ=names(tr).civ(civ),
                                          player=state["civs"][civ]["player"])


def amounts_text(amounts: dict, tr) -> str:
    """'2 Marble, 1 Coin' (nothing: '-')."""
    return names(tr).pay({k: v for k, v in amounts.items() if v})


def units_text(units: dict, tr) -> str:
    return names(tr).units(units)


def place_name(state: dict, province: str) -> str:
    """A province as the players read it: its printed name on a game's map, else as the table
    typed it."""
    return printed(state, province)


def state_provinces(state: dict) -> list[str]:
    """Every province the game's books name: cities, then units, each once."""
    out = []
    for book in state.get("civs", {}).values():
        out += list(book["cities"]) + list(book["units"])
    return list(dict.fromkeys(out))


def remembered(side: str) -> list[str]:
    """The provinces typed at earlier games on this side of the board."""
    saved = App.get_running_app().settings.get(PROVINCES) or {}
    return list(saved.get(side) or [])


def remember(side: str, provinces) -> None:
    """Keep provinces the table typed, to offer them as choices from now on."""
    app = App.get_running_app()
    saved = dict(app.settings.get(PROVINCES) or {})
    known = list(saved.get(side) or [])
    fresh = [p for p in provinces if p and p not in known]
    if fresh:
        saved[side] = known + fresh
        app.set_setting(PROVINCES, saved)


def province_sections(state: dict, tr, first: tuple = ("", ()), leave_out=()) -> list:
    """Sections for a PlaceChooser: `first` (a heading and provinces), the provinces of this
    game, then those typed at earlier games, each once."""
    taken = set(leave_out)
    sections = []

    def add(title, places):
        fresh = [p for p in dict.fromkeys(places) if p not in taken]
        taken.update(fresh)
        if fresh:
            sections.append((title, [(p, p) for p in fresh]))

    board = (state.get("map") or {}).get("provinces")
    if board:                       # a game played on a map: its provinces, by their names
        names_of = {p: entry.get("name") or p for p, entry in board.items()}
        for title, places in ((first[0], first[1]), ("", list(board))):
            fresh = [p for p in dict.fromkeys(places) if p not in taken and p in board]
            taken.update(fresh)
            if fresh:
                sections.append((title, [(p, names_of[p]) for p in fresh]))
        return sections
    add(*first)
    add(tr._("In this game"), state_provinces(state))
    add(tr._("Named at earlier games"), remembered(state.get("side", "west")))
    return sections


def another(tr):
    """The words of a province typed by the table."""
    return lambda name: tr._("Another province: {name}").format(name=name)


def action_provinces(action: dict) -> list[str]:
    """The provinces an action names (to remember them)."""
    kind = action.get("type")
    if kind == "start-cities":
        return list(action.get("cities") or {})
    if kind == "move":
        return [action.get("to", "")]
    if kind == "found-city":
        return [action.get("province", "")]
    return []
