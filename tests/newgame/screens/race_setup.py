"""RACE's set-up screen: how many players, then Start. It is the game's entry point for the
companion (MAIN_SCREEN, player names, the resume line)."""
from __future__ import annotations

from kivy.app import App
from kivy.properties import NumericProperty

from companion.screens.base import SetupScreen

MAIN_SCREEN = "race_table"


def player_name(who: str, tr) -> str:
    """'p1' -> 'Player 1'."""
    return tr._("Player {number}").format(number=who[1:])


def progress_text(progress: dict, tr) -> str:
    """Whose turn, or who won."""
    if progress.get("winner"):
        return tr._("{player} won").format(player=player_name(progress["winner"], tr))
    return player_name(progress.get("player", "p1"), tr)


class RaceSetupScreen(SetupScreen):
    """Two to four players."""

    game = "race"
    players = NumericProperty(2)

    def options(self) -> dict:
        return {"players": int(self.players)}

    def start(self) -> None:
        """Set the race up and open the table."""
        session = self.start_game()
        if session is not None:
            App.get_running_app().open_game(session)


SCREEN = RaceSetupScreen
