"""The `forge race` commands as data."""
from forge.engine.errors import N_

HELP = N_("Play RACE from the command line (JSON in and out).")

NEW_OPTIONS = (
    {"name": "players", "type": "int", "default": 2, "min": 2, "max": 4},
    {"name": "goal", "type": "int", "default": 12, "min": 2, "max": 60,
     "help": N_("Steps to the goal.")},
)


def standing(state: dict) -> dict:
    """Every player's steps, furthest first."""
    return dict(sorted(state["steps"].items(), key=lambda item: -item[1]))


REPORTS = {"standing": (standing, N_("Every player's steps, furthest first."))}
