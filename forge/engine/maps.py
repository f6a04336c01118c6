"""The optional map of a board game: one format for every game, read and checked in one place.

A map is `map.yaml` in a game's folder (schema `forge/schemas/map.yaml`; each game's
documentation says which fields it reads): its provinces, each with its neighbours by the kind
of border between them (`land`, `water`, `mixed`), the resource of its city site (`city`) and
whether it counts as a sea (`sea`); sea zones with the provinces on their coasts and the seas
next to them; straits. Each
game uses the fields its rules need (Conquest of the Empire II: `land`, `key`, `seas`,
`straits`; Antike: `land`, `water`, `mixed`, `city`, `sea`) and checks the rest of its own
(forge/engine/conquest/board.py, forge/engine/antike/board.py) with the helpers here.

Two doors, one set of checks: the file is read as content (forge.content: bounded, line numbers)
and validated against the schema, each problem naming file, line and field; a game's `map`
set-up option, plain JSON, passes the session's door (`MAP_OPTION`) and the same checks.
"""
from __future__ import annotations

from pathlib import Path

from forge.engine.inputs import Bool, ListOf, Maybe, Record, Text

MAP_FILE = "map.yaml"
MOST_PLACES = 500                        # provinces, seas or straits: a real board has < 100
MOST_NEIGHBOURS = 100
BORDERS = ("land", "water", "mixed")     # the kinds of border between two provinces

_ID = Text(longest=64)
_NAME = Maybe(Text(longest=200))
_IDS = Maybe(ListOf(_ID, MOST_NEIGHBOURS))
MAP_OPTION = Record({
    "title": _NAME, "notes": Maybe(Text(longest=10_000, blank=True)),
    "provinces": ListOf(Record({"id": _ID, "name": _NAME, "key": Maybe(Bool()),
                                "land": _IDS, "water": _IDS, "mixed": _IDS,
                                "city": Maybe(_ID), "sea": Maybe(Bool())},
                               required=("id",)), MOST_PLACES),
    "seas": Maybe(ListOf(Record({"id": _ID, "name": _NAME,
                                 "coasts": ListOf(_ID, MOST_NEIGHBOURS), "seas": _IDS},
                                required=("id", "coasts")), MOST_PLACES)),
    "straits": Maybe(ListOf(Record({"id": Maybe(_ID), "name": _NAME,
                                    "between": ListOf(_ID, 2), "sea": _ID},
                                   required=("between", "sea")), MOST_PLACES)),
}, required=("provinces",))


# --- checks every game's map shares -------------------------------------------------------------

def entries(data: dict, section: str, problems: list, reserved=(),
            reserved_prefix: str | None = None) -> dict[str, tuple[tuple, dict]]:
    """The entries of a section by id (first one wins), with their field paths; ids a game keeps
    for its books (`reserved`, or beginning with `reserved_prefix`) are problems."""
    found: dict[str, tuple[tuple, dict]] = {}
    for i, entry in enumerate(data.get(section) or []):
        at = (section, i)
        place = entry.get("id") if isinstance(entry, dict) else None
        if not isinstance(place, str) or not place:
            problems.append((at, "an entry needs an id"))
        elif place in reserved or (reserved_prefix and place.startswith(reserved_prefix)):
            problems.append((at + ("id",), f"'{place}' is kept for the books; choose another "
                                           f"id"))
        elif place in found:
            problems.append((at + ("id",), f"duplicate id '{place}'"))
        else:
            found[place] = (at, entry)
    return found


def listed(entry: dict, key: str) -> list:
    """A list field of an entry ([] when absent or not a list)."""
    value = entry.get(key) or []
    return value if isinstance(value, list) else []


def hashable(value) -> bool:
    return isinstance(value, (str, int)) and not isinstance(value, bool)


def unknown(place, kind: str) -> str:
    return f"'{str(place)[:64]}' is not a {kind} of this map"


def both_ways(found: dict, key: str, targets: dict, kind: str) -> list:
    """Neighbour lists that name known places, never their own entry, and go both ways."""
    problems = []
    lists = {place: set(filter(hashable, listed(entry, key)))
             for place, (_at, entry) in targets.items()}
    for place, (at, entry) in found.items():
        for i, other in enumerate(listed(entry, key)):
            where = at + (key, i)
            if not hashable(other) or other not in targets:
                problems.append((where, unknown(other, kind)))
            elif other == place:
                problems.append((where, f"{place} cannot be next to itself"))
            elif place not in lists[other]:
                problems.append((where, f"{place} lists {other} in {key}, but {other} does not "
                                        f"list {place}; neighbours go both ways"))
    return problems


def border_problems(provinces: dict) -> list:
    """Each kind of border listed both ways, and one kind of border between two provinces."""
    problems = []
    for kind in BORDERS:
        problems += both_ways(provinces, kind, provinces, "province")
    for place, (at, entry) in provinces.items():
        seen: dict = {}
        for kind in BORDERS:
            for i, other in enumerate(listed(entry, kind)):
                if hashable(other) and other in seen and seen[other] != kind:
                    problems.append((at + (kind, i), f"{place} lists {other} in {seen[other]} "
                                                     f"and in {kind}; a border is of one kind"))
                elif hashable(other):
                    seen[other] = kind
    return problems


def borders_of(entry: dict) -> dict[str, str]:
    """{neighbour: kind of border} of a province entry."""
    return {other: kind for kind in BORDERS for other in listed(entry, kind)}


def field_path(at: tuple) -> str:
    """A field path as text: provinces[3].land[1]."""
    text = ""
    for part in at:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def first_problem(problems: list[tuple[tuple, str]]) -> dict | None:
    """The fields of a `map` option's refusal: the first problem's field path and message, and
    how many problems there are (None: no problem). Each game words the refusal itself."""
    if not problems:
        return None
    at, message = problems[0]
    return {"field": field_path(("map",) + at) or "map", "problem": message,
            "count": len(problems)}


# --- the file ------------------------------------------------------------------------------------

def find_map_file(folder: Path, game: str) -> Path | None:
    """The map.yaml of a folder: a game's folder holding it, or a folder of games holding this
    game's folder with it; None when neither has one."""
    for path in (Path(folder) / MAP_FILE, Path(folder) / game / MAP_FILE):
        if path.is_file():
            return path
    return None


def read_map_file(path: Path, game_problems) -> dict:
    """A map.yaml read as content, validated against the schema and then by the game's own
    `game_problems(data)` ((field path, message) pairs); ContentError naming file, line and
    field of every problem."""
    from forge.content import load_doc
    from forge.errors import ContentError
    from forge.schema import validate_docs

    doc = load_doc(path)
    problems = validate_docs([doc]).problems or [doc.problem(at, message)
                                                 for at, message in game_problems(doc.data)]
    if problems:
        raise ContentError(problems)
    return doc.data


def read_game_map(folder: Path | None, game: str, game_problems) -> dict | None:
    """A new game's `map` option (the command line's --content): the map.yaml of `folder`
    (refused when it has none), else of the game's folder on the search path (your games
    folder, then the shipped one), else None: a game without a map."""
    from forge.errors import UserError

    if folder is not None:
        path = find_map_file(folder, game)
        if path is None:
            raise UserError(f"no {MAP_FILE} in {folder} (nor in {Path(folder) / game})")
    else:
        from forge.games import find_games

        source = find_games().get(game)
        path = find_map_file(source.folder, game) if source is not None else None
        if path is None:
            return None
    return read_map_file(path, game_problems)
