"""The `forge pax-romana` commands as data: the options of `new` and the reports
(forge/cli/play.py)."""
from __future__ import annotations

from forge.engine.errors import N_
from forge.engine.pax_romana.progress import books

HELP = N_("Keep the books of Pax Romana and run its tables (JSON in and out).")

NEW_OPTIONS = (
    {"name": "power", "key": "powers", "type": "choice", "multiple": True,
     "choices": ("rome", "carthage", "greece", "east"),
     "help": N_("A power in play (repeat, 2 to 4; default all four).")},
    {"name": "format", "type": "choice",
     "choices": ("basic", "basic_ii", "basic_plus", "basic_ultra", "advanced"),
     "default": "advanced", "help": N_("The game format.")},
    {"name": "first-turn", "key": "first_turn", "type": "int", "min": 1, "max": 10,
     "help": N_("The scenario's first turn (default 1).")},
    {"name": "last-turn", "key": "last_turn", "type": "int", "min": 1, "max": 10,
     "help": N_("The scenario's last turn (default by the format).")},
)

REPORTS = {
    "books": (books, N_("Each power's books, most VP first.")),
}
