"""The game's log in words, newest first; tapping an entry goes back (or forward) to it.

One log for every game: a game's `<short name>_log` screen is this one (companion.app). Undo is
the session's `goto`: the entries after the chosen one stay in the log as undone (shown greyed)
until a new action replaces them, so a mistaken undo can be taken back the same way. What a game
gives: its main screen (shown again after going back) and an action in words, from its set-up
module (`MAIN_SCREEN`, `action_words(action, session)`).
"""
from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp

from companion.app import game_module
from companion.screens.base import GameScreen
from companion.widgets import dialog, grow_with_text


class GameLogScreen(GameScreen):
    """One button a log entry (its action), its sentences below it."""

    popup = None

    def on_pre_enter(self, *_args):
        """The log shows the game it was opened with."""

    def game(self):
        return game_module(self.session.game.rules.name if self.session else None)

    @property
    def board_name(self) -> str:
        """The game's main screen, shown again after going back."""
        return self.game().MAIN_SCREEN

    def action_words(self, action: dict) -> str:
        """An entry's action in words (the game's own, else its type)."""
        words = getattr(self.game(), "action_words", None)
        return words(action, self.session) if words else str(action.get("type", ""))

    def back(self) -> None:
        App.get_running_app().show(self.board_name)

    def refresh(self) -> None:
        app = App.get_running_app()
        box = self.ids.entries
        box.clear_widgets()
        if self.session is None:
            return
        self.session.set_language(app.tr.lang)
        for entry in reversed(self.session.log()):
            label = f"{entry['index']}. " + self.action_words(entry["action"])
            if entry["index"] == self.session.position:
                label += " · " + app.tr._("now")
            elif entry["undone"]:
                label += " · " + app.tr._("undone")
            button = grow_with_text(Factory.BigButton(text=label))
            if entry["undone"]:
                button.opacity = 0.6
            button.entry_index = entry["index"]
            button.bind(on_release=lambda b: self.confirm(b.entry_index))
            box.add_widget(button)
            words = [w for w in entry["words"] if w]
            if words:
                box.add_widget(Factory.Body(text="\n".join(words), font_size="16sp"))
        self.ids.scroll.scroll_y = 1

    def confirm(self, index: int) -> None:
        """Ask before going back to an entry."""
        app = App.get_running_app()
        question = Factory.Body(
            text=app.tr._("Go back to entry {index}? Later entries are undone.").format(
                index=index), color=app.theme.accent_ink)
        no = Factory.BigButton(text=app.tr._("Cancel"))
        yes = Factory.BigButton(text=app.tr._("Go back"))
        self.popup = dialog(app.tr._("Undo"), [question], [no, yes], size_hint=(0.9, None),
                            height=dp(230))
        self.popup.yes, self.popup.no = yes, no
        no.bind(on_release=lambda *_: self.popup.dismiss())
        yes.bind(on_release=lambda *_: self.go_to(index))
        self.popup.open()

    def go_to(self, index: int) -> None:
        if self.popup is not None:
            self.popup.dismiss()
        self.session.goto(index)
        self.show_screen(self.board_name)


SCREEN = GameLogScreen
