"""The `forge antike` commands as data: the options of `new` and the reports
(forge/cli/play.py)."""
from __future__ import annotations

from forge.engine.antike.board import read_map
from forge.engine.antike.progress import rondel_costs, standings
from forge.engine.errors import N_

HELP = N_("Keep the books of Antike (JSON in and out).")

NEW_OPTIONS = (
    {"name": "player", "key": "players", "type": "str", "multiple": True, "required": True,
     "help": N_("A player's name, in seat order (repeat, 2 to 6).")},
    {"name": "side", "type": "choice", "choices": ("west", "east"), "default": "west",
     "help": N_("The side of the board.")},
    {"name": "civilization", "key": "civilizations", "type": "str", "multiple": True,
     "help": N_("A civilization in play, in turn order (repeat; default: the side's own for "
                "the count).")},
    {"name": "first", "type": "str",
     "help": N_("The civilization that starts (default: the red circle, else the first).")},
    {"name": "city-cap", "key": "city_cap", "type": "choice", "choices": (20, 25),
     "help": N_("The most cities a civilization may have (default 20).")},
    {"name": "repeat-cost", "key": "repeat_cost", "type": "choice", "choices": (5, 8),
     "help": N_("The cost of going round the rondel to the same space (default 5).")},
    {"name": "needed", "type": "int", "min": 1, "max": 35,
     "help": N_("Personalities to win (default by the count of civilizations).")},
    {"name": "citizens", "type": "choice", "choices": ("owned", "built"),
     "help": N_("Citizens count the temples owned or built (default owned).")},
    {"name": "content", "key": "map", "type": "folder", "read": read_map,
     "help": N_("A folder with the board's map.yaml (or a folder of games holding "
                "antike/map.yaml): moves, recruits, city sites and seas are checked against "
                "it. Default: the game's own folder, when it has one.")},
)

REPORTS = {
    "standings": (standings, N_("Civilizations by personalities, then cities.")),
    "costs": (rondel_costs, N_("The rondel's cost and yield of every space for the "
                               "civilization in turn.")),
}
