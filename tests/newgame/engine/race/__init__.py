"""RACE: players roll a die in turn and move that many steps; the first at the goal wins."""
from __future__ import annotations

from forge.engine.core import GameRules, IllegalAction
from forge.engine.errors import N_
from forge.engine.inputs import Int, Record, Text

GOAL = 12


class RaceRules(GameRules):
    """The Rules of RACE over forge.engine.core's action context."""

    name = "race"
    rules_version = "1"
    dice_faces = {"6": 6}
    action_schemas = {"roll": Record({"player": Text(longest=20)}, required=("player",))}
    options_schema = Record({"players": Int(2, 4), "goal": Int(2, 60)})

    def tables(self):
        return None

    def start(self, ctx, options):
        players = options.get("players", 2)
        ctx.state.update(players=[f"p{n}" for n in range(1, players + 1)], turn=0,
                         goal=options.get("goal", GOAL), steps={}, winner=None)
        ctx.state["steps"] = {player: 0 for player in ctx.state["players"]}
        ctx.emit("start", players=players, goal=ctx.state["goal"])

    def play(self, ctx, action):
        state = ctx.state
        if state["winner"] is not None:
            raise IllegalAction(N_("the race is over"))
        player = state["players"][state["turn"]]
        if action["player"] != player:
            raise IllegalAction(N_("it is {player}'s turn"), player=player)
        rolled = ctx.dice.roll("6", f"roll: {player}")
        state["steps"][player] = min(state["goal"], state["steps"][player] + rolled)
        ctx.emit("moved", player=player, rolled=rolled, at=state["steps"][player])
        if state["steps"][player] == state["goal"]:
            state["winner"] = player
            ctx.emit("won", player=player)
        else:
            state["turn"] = (state["turn"] + 1) % len(state["players"])

    def legal_actions(self, state):
        if state["winner"] is not None:
            return []
        return [{"type": "roll", "player": state["players"][state["turn"]]}]


RULES = RaceRules()

WORDS = {"start": N_("{players} players race to step {goal}."),
         "moved": N_("{player} rolls {rolled} and reaches step {at}."),
         "won": N_("{player} wins the race.")}


def describe(event: dict, tr) -> str:
    """One event in words."""
    template = WORDS[event["kind"]]
    return tr._(template).format(**{k: v for k, v in event.items() if k != "kind"})


def progress(state: dict) -> dict:
    """What the list of saved games shows: whose turn, or the winner."""
    if state["winner"] is not None:
        return {"winner": state["winner"]}
    return {"player": state["players"][state["turn"]]}
