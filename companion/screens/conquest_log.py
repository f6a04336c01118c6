"""CONQUEST OF THE EMPIRE II's log in words, newest first; tapping an entry goes back to it.

The generic log screen of tetrarchia_log (its layout rule `<GameLogScreen>` is in
tetrarchia_log.kv, loaded here) with this game's main screen and words for its actions.
"""
from __future__ import annotations

from kivy.app import App

from companion.app import SCREENS_DIR, load_kv_once
from companion.screens.tetrarchia_log import GameLogScreen

load_kv_once(str(SCREENS_DIR / "tetrarchia_log.kv"))


class ConquestLogScreen(GameLogScreen):
    """Back to the books; each action in the books' words."""

    board_name = "conquest_books"

    def action_words(self, action: dict) -> str:
        from companion.screens.conquest_books import action_text

        return action_text(action, App.get_running_app().tr, self.session.state)


SCREEN = ConquestLogScreen
