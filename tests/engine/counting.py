"""A tiny game for testing the generic session: add die rolls to a total."""
from forge.engine.core import IllegalAction, Outcome
from forge.engine.inputs import Record


class Counting:
    """Add a die roll to a total; `double` doubles it; the game ends past 20."""

    name = "counting"
    rules_version = "1"
    dice_faces = {"6": 6}
    action_schemas = {"roll": Record(), "double": Record()}
    options_schema = Record()

    def setup(self, options, dice):
        return Outcome({"total": dice.roll("6", "start"), "rng": dice.rng_state}, [])

    def apply(self, state, action, dice):
        if state["total"] > 20:
            raise IllegalAction("the game is over")
        if action["type"] == "roll":
            state["total"] += dice.roll("6", "add")
        elif action["type"] == "double":
            state["total"] *= 2
        else:
            raise IllegalAction(f"unknown action {action['type']}")
        state["rng"] = dice.rng_state
        return Outcome(state, [{"kind": "total", "value": state["total"]}])

    def legal_actions(self, state):
        return [] if state["total"] > 20 else [{"type": "roll"}, {"type": "double"}]
