"""A tiny game for testing the generic session: add die rolls to a total."""
from forge.engine.core import GameRules, IllegalAction
from forge.engine.inputs import Record


class Counting(GameRules):
    """Add a die roll to a total; `double` doubles it; the game ends past 20."""

    name = "counting"
    rules_version = "1"
    dice_faces = {"6": 6}
    action_schemas = {"roll": Record(), "double": Record()}
    options_schema = Record()

    def tables(self):
        return None

    def start(self, ctx, options):
        ctx.state["total"] = ctx.dice.roll("6", "start")

    def play(self, ctx, action):
        state = ctx.state
        if state["total"] > 20:
            raise IllegalAction("the game is over")
        if action["type"] == "roll":
            state["total"] += ctx.dice.roll("6", "add")
        elif action["type"] == "double":
            state["total"] *= 2
        else:
            raise IllegalAction(f"unknown action {action['type']}")
        ctx.emit("total", value=state["total"])

    def legal_actions(self, state):
        return [] if state["total"] > 20 else [{"type": "roll"}, {"type": "double"}]
