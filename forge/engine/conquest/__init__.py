"""The CONQUEST OF THE EMPIRE II rules engine: `RULES` for forge.engine.core.Session.

Pure Python over JSON-safe state (docs/conquest-of-the-empire-2/engine.md); the game's numbers
come from content/conquest-of-the-empire-2 (data.py). The engine keeps the books and runs the
procedures; it does not know the map (ruling R4). Modules, one job each:

- data.py: tables.yaml and cards.yaml as lookups; state.py: the state and its helpers
- setup.py: a new game; auction.py: alliances and turn order; turns.py: rounds and turns
- books.py: the actions of a round and the table's entries; battle.py: land and naval battles
- senate.py: senate votes; season.py: taxes, VP, chaos, the end of the game
- deck.py: where each copy of each card is, and the deals the deck cannot make
- schemas.py: what actions and set-up options look like (checked by the session)
- actions.py: parse and dispatch; legal.py: the legal actions; words.py: events in words
"""
from __future__ import annotations

from forge.engine.conquest.actions import apply_action
from forge.engine.conquest.data import GAME, tables
from forge.engine.conquest.legal import legal_actions
from forge.engine.conquest.progress import progress
from forge.engine.conquest.schemas import ACTIONS, OPTIONS
from forge.engine.conquest.season import standings
from forge.engine.conquest.setup import new_game
from forge.engine.conquest.state import RULES_VERSION, Ctx
from forge.engine.conquest.table_changes import table_changes
from forge.engine.conquest.words import describe
from forge.engine.core import GameRules

__all__ = ["RULES", "describe", "progress", "standings", "table_changes", "tables"]


# the battle die (6 faces, symbols set in the state) and n-sided draws: first player, a
# senator card drawn from those paid
DICE = {"battle": 6, **{f"d{n}": n for n in range(1, 41)}}

RULES = GameRules(name=GAME, rules_version=RULES_VERSION, dice_faces=DICE, context=Ctx,
                  action_schemas=ACTIONS, options_schema=OPTIONS, tables=tables,
                  start=new_game, play=apply_action, legal_actions=legal_actions)
