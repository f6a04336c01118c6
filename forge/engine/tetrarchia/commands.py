"""The `forge tetrarchia` commands as data: the options of `new` and the reports (forge/cli/play.py)."""
from __future__ import annotations

from forge.engine.errors import N_
from forge.engine.tetrarchia.end import score_of

HELP = N_("Play Tetrarchia from the command line (JSON in and out).")

NEW_OPTIONS = (
    {"name": "level", "type": "str", "default": "4211", "help": N_("Difficulty [DFRB].")},
    {"name": "edition", "type": "choice", "choices": ("later", "earlier"), "default": "later"},
    {"name": "variant", "key": "variants", "type": "str", "multiple": True,
     "help": N_("A variant id (repeatable).")},
    {"name": "players", "type": "int", "default": 4, "min": 1, "max": 4},
    {"name": "position", "type": "file",
     "help": N_("Start from a hand-written position (JSON).")},
)

REPORTS = {"score": (score_of, N_("The optional 10-point score of the current position."))}
