"""The PAX ROMANA rules engine: `RULES` for forge.engine.core.Session.

Pure Python over JSON-safe state (docs/pax-romana/engine.md); every number comes from
content/pax-romana/*.yaml (data.py). Dice are chance steps: the app rolls them from the seed or
the table enters them. The map, the set-ups and the leader roster are not in the text: actions
name what they need of them. Modules, one job each:

- data.py: the rule files, checked, as lookups; arithmetic.py: the tables' arithmetic
- state.py: the state and the action context; setup.py: a new game
- battle.py: the land battle; allocation.py: the legal loss allocations
- procedures.py: every other procedure with dice; turns.py: phases, bag, leaders, objectives
- schemas.py: the inputs; actions.py: dispatch; legal.py: the legal actions
- words.py: events in words; progress.py: books and standings; commands.py: the CLI's data
"""
from __future__ import annotations

from forge.engine.core import GameRules
from forge.engine.pax_romana.actions import apply_action
from forge.engine.pax_romana.data import GAME, tables
from forge.engine.pax_romana.legal import legal_actions
from forge.engine.pax_romana.progress import progress, standings
from forge.engine.pax_romana.schemas import ACTIONS, OPTIONS
from forge.engine.pax_romana.setup import new_game
from forge.engine.pax_romana.state import DIE, RULES_VERSION, Ctx
from forge.engine.pax_romana.turns import BAG_DIE
from forge.engine.pax_romana.words import describe

__all__ = ["RULES", "describe", "progress", "standings", "tables"]

DICE_FACES = {DIE: 6, **{BAG_DIE.format(count=n): n for n in range(1, 65)}}

RULES = GameRules(name=GAME, rules_version=RULES_VERSION, dice_faces=DICE_FACES, context=Ctx,
                  action_schemas=ACTIONS, options_schema=OPTIONS, tables=tables,
                  start=new_game, play=apply_action, legal_actions=legal_actions)
