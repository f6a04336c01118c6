"""A game's JSON commands driven through click's runner, for the games' CLI tests."""
import json

from click.testing import CliRunner

from forge.cli import main


class GameCommands:
    """`forge <game> ...` run in-process: `run` any command, `act` an action that must be
    played (its JSON output read back)."""

    def __init__(self, game: str):
        self.game = game

    def run(self, *args):
        result = CliRunner().invoke(main, [self.game, *[str(a) for a in args]])
        assert "Traceback" not in result.output
        return result

    def act(self, game_file, action, *extra):
        result = self.run("act", json.dumps(action), "--game", game_file, *extra)
        assert result.exit_code == 0, result.output
        return json.loads(result.output)
