"""The TETRARCHIA rules engine: `RULES` for forge.engine.core.Session.

Pure Python over JSON-safe state (docs/tetrarchia/engine.md); game facts come from
content/tetrarchia (data.py). Modules, one job each:

- data.py: content loaded once into lookup tables
- state.py: the state, piece moves as events, GameOver
- rulings.py: the named readings a game may set (docs/tetrarchia/rulings.md)
- setup.py, position.py: set-up from a level with its rolls, or from a given position
- roman.py: the Roman phase actions; combat.py: support, multipliers, dice
- barbarian.py: State of the Empire, Result, Uprising and aftermath, the advance
- decisions.py: choices in the middle of a fight (later IMPERIVM)
- variants.py: IMPERIVM, MARE NOSTRVM, DIARCHIA, PATRES PATRIAE, EL GRANDE's glory
- turns.py: the turn sequence; end.py: victory, defeat, score, EL GRANDE's rivalry
- schemas.py: what actions and set-up options look like (checked by the session)
- actions.py: parse and dispatch; legal.py: the legal actions; words.py: events in words
- table_changes.py: what to change on the real table between two states (the undo's list)
"""
from __future__ import annotations

from forge.engine.core import GameRules
from forge.engine.tetrarchia.actions import apply_action
from forge.engine.tetrarchia.data import tables
from forge.engine.tetrarchia.end import finish_game, score_of
from forge.engine.tetrarchia.legal import legal_actions
from forge.engine.tetrarchia.schemas import ACTIONS, OPTIONS
from forge.engine.tetrarchia.table_changes import changed_places, table_changes
from forge.engine.tetrarchia.setup import new_game
from forge.engine.tetrarchia.state import (GAME, RULES_VERSION, Ctx, GameOver, copy_state,
                                           piece_counts)
from forge.engine.tetrarchia.turns import start_turn
from forge.engine.tetrarchia.words import describe

__all__ = ["BOT", "RULES", "TetrarchiaRules", "changed_places", "copy_state", "describe",
           "piece_counts", "score_of", "table_changes", "tables"]

BOT = "forge.engine.tetrarchia.bot"          # the simulations' player (forge/simulate.py)


class TetrarchiaRules(GameRules):
    """The rules of TETRARCHIA (forge.engine.core.GameRules)."""

    def start(self, ctx: Ctx, options: dict) -> None:
        """A new game from the options (level rolls, or a position), its first turn begun."""
        new_game(ctx, options)
        state = ctx.state
        if "position" in options and options["position"] is not None:
            ctx.emit("turn", emperor=state["turn"], round=state["round"], pi=state["pi"])
        else:
            start_turn(ctx, state["turn"])

    def play(self, ctx: Ctx, action: dict) -> None:
        """Carry one action out; a game that ends on the way is finished and scored."""
        try:
            apply_action(ctx, action)
        except GameOver as over:
            finish_game(ctx, over)


RULES = TetrarchiaRules(name=GAME, rules_version=RULES_VERSION, dice_faces={"VI": 6, "6": 6},
                        context=Ctx, action_schemas=ACTIONS, options_schema=OPTIONS,
                        tables=tables, legal_actions=legal_actions)
