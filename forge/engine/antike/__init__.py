"""The ANTIKE rules engine: `RULES` for forge.engine.core.Session.

Pure Python over JSON-safe state (docs/antike/engine.md); the game's numbers come from
content/antike/tables.yaml (data.py). No dice: the game is deterministic but for the players'
choices. The engine keeps the books and runs the procedures; without a map it knows provinces
by the ids the table gives (ruling A6). Modules, one job each:

- data.py: tables.yaml, checked, as lookups; state.py: the state and its helpers
- setup.py: a new game; turns.py: the coin, the rondel, the end of a turn, personalities
- payment.py: costs and payments; evolution.py: production, temples, arming, progress
- military.py: movement, battles, conquest, city founding; table.py: the table's entries
- schemas.py: what actions and set-up options look like (checked by the session)
- actions.py: dispatch; legal.py: the legal actions; words.py: events in words
- progress.py: the resume line, standings, rondel costs; table_changes.py: the undo's list
"""
from __future__ import annotations

from forge.engine.antike.actions import apply_action
from forge.engine.antike.data import GAME, tables
from forge.engine.antike.legal import legal_actions
from forge.engine.antike.progress import progress, rondel_costs, standings
from forge.engine.antike.schemas import ACTIONS, OPTIONS
from forge.engine.antike.setup import new_game
from forge.engine.antike.state import RULES_VERSION, Ctx
from forge.engine.antike.table_changes import table_changes
from forge.engine.antike.words import describe
from forge.engine.core import GameRules

__all__ = ["RULES", "describe", "progress", "rondel_costs", "standings", "table_changes",
           "tables"]

RULES = GameRules(name=GAME, rules_version=RULES_VERSION, dice_faces={}, context=Ctx,
                  action_schemas=ACTIONS, options_schema=OPTIONS, tables=tables,
                  start=new_game, play=apply_action, legal_actions=legal_actions)
