"""RACE's table: every player's steps, whose turn it is, and Roll."""
from __future__ import annotations

from kivy.properties import StringProperty

from companion.screens.base import GameScreen
from companion.screens.race_setup import player_name


class RaceTableScreen(GameScreen):
    """The race so far and the one action there is."""

    standing_text = StringProperty("")
    turn_text = StringProperty("")

    def refresh(self) -> None:
        if self.session is None:
            return
        state = self.session.state
        self.standing_text = "\n".join(
            self.tr._("{player}: step {at} of {goal}").format(
                player=player_name(player, self.tr), at=state["steps"][player],
                goal=state["goal"]) for player in state["players"])
        if state["winner"] is not None:
            self.turn_text = self.tr._("{player} won").format(
                player=player_name(state["winner"], self.tr))
        else:
            self.turn_text = player_name(state["players"][state["turn"]], self.tr)

    def roll(self) -> None:
        """The player whose turn it is rolls (the app's die, or the one entered)."""
        legal = self.session.legal_actions()
        if legal:
            self.play(legal[0])


SCREEN = RaceTableScreen
