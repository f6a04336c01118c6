"""The `forge conquest-of-the-empire-2` commands as data: the options of `new` and the reports
(forge/cli/play.py)."""
from __future__ import annotations

from forge.engine.conquest.board import read_map
from forge.engine.conquest.season import standings
from forge.engine.errors import N_

HELP = N_("Keep the books of Conquest of the Empire II (JSON in and out).")

NEW_OPTIONS = (
    {"name": "player", "key": "players", "type": "str", "multiple": True, "required": True,
     "help": N_("A player's name, in seat order (repeat, 2 to 6).")},
    {"name": "seasons", "type": "choice", "choices": (4, 5), "default": 4},
    {"name": "first", "type": "str",
     "help": N_("The first player (default: drawn at random).")},
    {"name": "content", "key": "map", "type": "folder", "read": read_map,
     "help": N_("A folder with the board's map.yaml (or a folder of games holding "
                "conquest-of-the-empire-2/map.yaml): moves, battles and retreats are checked "
                "against it. Default: the game's own folder, when it has one.")},
)

REPORTS = {"standings": (standings,
                         N_("Players by VP, then influence tokens (the end-of-game order)."))}
