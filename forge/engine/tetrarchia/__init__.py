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
"""
from __future__ import annotations

from forge.engine.core import Outcome
from forge.engine.dice import Dice
from forge.engine.tetrarchia.actions import apply_action
from forge.engine.tetrarchia.data import tables
from forge.engine.tetrarchia.end import finish_game, score_of
from forge.engine.tetrarchia.legal import legal_actions
from forge.engine.tetrarchia.schemas import ACTIONS, OPTIONS
from forge.engine.tetrarchia.setup import new_game
from forge.engine.tetrarchia.state import (GAME, RULES_VERSION, Ctx, GameOver, copy_state,
                                           piece_counts)
from forge.engine.tetrarchia.turns import start_turn
from forge.engine.tetrarchia.words import describe

__all__ = ["BOT", "RULES", "TetrarchiaRules", "copy_state", "describe", "piece_counts", "score_of",
           "tables"]

BOT = "forge.engine.tetrarchia.bot"          # the simulations' player (forge/simulate.py)


class TetrarchiaRules:
    """The Rules protocol of forge.engine.core for TETRARCHIA."""

    name = GAME
    rules_version = RULES_VERSION
    dice_faces = {"VI": 6, "6": 6}
    action_schemas = ACTIONS
    options_schema = OPTIONS

    def setup(self, options: dict, dice: Dice) -> Outcome:
        """A new game from the options (level rolls, or a position)."""
        ctx = new_game(tables(), options, dice)
        state = ctx.state
        if "position" in options and options["position"] is not None:
            ctx.emit("turn", emperor=state["turn"], round=state["round"], pi=state["pi"])
        else:
            start_turn(ctx, state["turn"])
        state["rng"] = dice.rng_state
        return Outcome(state, ctx.events)

    def apply(self, state: dict, action: dict, dice: Dice) -> Outcome:
        """Apply one action to `state` (changed in place and returned, with the events)."""
        ctx = Ctx(state, dice, tables())
        try:
            apply_action(ctx, action)
        except GameOver as over:
            finish_game(ctx, over)
        state["rng"] = dice.rng_state
        return Outcome(state, ctx.events)

    def legal_actions(self, state: dict) -> list[dict]:
        """Every legal action, each with its cost."""
        return legal_actions(state)


RULES = TetrarchiaRules()
