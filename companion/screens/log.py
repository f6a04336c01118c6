"""The game's log in words, newest first; tapping an entry goes back (or forward) to it.

One log for every game: a game's `<short name>_log` screen is this one (companion.app). Undo is
the session's `goto`: the entries after the chosen one stay in the log as undone (shown greyed)
until a new action replaces them, so a mistaken undo can be taken back the same way. What a game
gives: its main screen (shown again after going back) and an action in words, from its set-up
module (`MAIN_SCREEN`, `action_words(action, session)`).

Before going back or forward the confirmation says what it means at the table (the session's
`goto_preview`): the pieces and books to change, from the game's `table_changes`, and, when the
entries undone hold dice already seen, that playing differently from there brings new dice (or,
with dice rolled at the table, that they are rolled again there). After it, the changes are the
main screen's message, where they stay until the next action, and the main screen's
`show_table_changes(preview)`, if it has one, may point at them (the preview's `places`).
"""
from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp

from companion.app import game_module
from companion.screens.base import GameScreen
from companion.widgets import body, dialog, grow_with_text, scrolled


class GameLogScreen(GameScreen):
    """One button a log entry (its action), its sentences below it."""

    popup = None
    guide_button = None     # "Open the set-up guide", until the first action

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
        self.guide_button = None
        if self.session is None:
            return
        self.session.set_language(app.tr.lang)
        if self.can_show_guide():
            guide = grow_with_text(Factory.BigButton(text=app.tr._("Open the set-up guide")))
            guide.bind(on_release=lambda _b: self.show_guide())
            box.add_widget(guide)
            self.guide_button = guide
        for entry in reversed(self.session.log()):
            label = f"{entry['index']}. " + self.action_words(entry["action"])
            if entry["index"] == self.session.position:
                label += " · " + app.tr._("now")
            elif entry["undone"]:
                label += " · " + app.tr._("undone")
            if entry.get("new_dice"):
                label += " · " + app.tr._("new dice")
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

    def dice_warning(self, preview: dict) -> str | None:
        """What to tell the players about dice already seen in the entries they undo."""
        if not preview["back"] or preview["seen_dice"] is None:
            return None
        _ = App.get_running_app().tr._
        if preview["seen_dice"] == "rolled" and self.session.dice_mode == "app":
            return _("Dice were already rolled and seen in the entries you undo. If you play "
                     "differently from there, the app rolls new dice; to keep those dice, go "
                     "forward to them again.")
        return _("Dice were rolled at the table in the entries you undo. If you play "
                 "differently from there, roll them again at the table.")

    def change_lines(self, preview: dict) -> list:
        """The table changes as lines (a heading, then one line each), in the popups' ink."""
        app = App.get_running_app()
        _, ink = app.tr._, app.theme.accent_ink
        if preview["changes"] is None:          # the game cannot tell
            return []
        if not preview["changes"]:
            return [body(_("Nothing to change on the table."), font_size="16sp", color=ink)]
        listed = "\n".join("• " + line for line in preview["changes"])
        return [body(_("On the table:"), bold=True, color=ink),
                body(listed, font_size="16sp", color=ink, line_height=1.15)]

    def confirm(self, index: int) -> None:
        """Ask before going back (or forward) to an entry, saying what it means at the table."""
        app = App.get_running_app()
        _ = app.tr._
        self.session.set_language(app.tr.lang)
        preview = self.session.goto_preview(index)
        if preview["back"]:
            text = _("Go back to entry {index}? Later entries are undone.")
        else:
            text = _("Go forward to entry {index}? The entries up to it are played again, "
                     "with the same dice.")
        question = body(text.format(index=index), color=app.theme.accent_ink)
        question.role = "question"
        lines = [question]
        warning = self.dice_warning(preview)
        if warning:
            note = body(warning, bold=True, color=app.theme.accent_ink)
            note.role = "dice_warning"
            lines.append(note)
        lines += self.change_lines(preview)
        no = Factory.BigButton(text=_("Cancel"))
        yes = Factory.BigButton(text=_("Go back") if preview["back"] else _("Go forward"))
        self.popup = dialog(_("Undo") if preview["back"] else _("Redo"), [scrolled(*lines)],
                            [no, yes], size_hint=(0.94, 0.9))
        self.popup.yes, self.popup.no = yes, no
        self.popup.preview, self.popup.lines = preview, lines
        no.bind(on_release=lambda *_args: self.popup.dismiss())
        yes.bind(on_release=lambda *_args: self.go_to(index))
        self.popup.open()

    def go_to(self, index: int) -> None:
        preview = None
        if self.popup is not None:
            preview = getattr(self.popup, "preview", None)
            self.popup.dismiss()
        self.session.goto(index)
        self.show_screen(self.board_name)
        if preview and preview["changes"]:
            board = App.get_running_app().screen(self.board_name)
            board.message = self.changes_message(preview)
            show = getattr(board, "show_table_changes", None)
            if show is not None:            # a main screen that can point at them (a map)
                show(preview)

    def changes_message(self, preview: dict) -> str:
        """The changes to make on the table, for the main screen's message (where they stay
        until the next action), with the word on dice already seen."""
        _ = App.get_running_app().tr._
        lines = [_("On the table:")] + ["• " + line for line in preview["changes"]]
        warning = self.dice_warning(preview)
        if warning:
            lines.append(warning)
        return "\n".join(lines)


SCREEN = GameLogScreen
