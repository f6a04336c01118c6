"""Dice tray: the game's dice from its content; roll several at once or enter real ones; history.

The tray itself (dice, generator, history) is companion.dice.Tray; this screen only shows it.
"Roll for me" mode: pick how many of each die and roll: the dice drawn in the game's colours
(companion.dieface) tumble and land on the throw. "I roll real dice" mode: tap the face of each
die the table rolled, then record the throw. The dice are those of the game being played, else of
the first listed game that has dice.
"""
from __future__ import annotations

import secrets

from kivy.animation import Animation
from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.app import game_folder, game_module, games_in
from companion.dice import ICON, Tray, game_dice
from companion.dieface import DiceRow, DieFace, FaceButton

Factory.register("DiceRow", cls=DiceRow)

MAX_EACH = 6          # dice of one kind thrown together


def table_dice(app) -> tuple[str, list]:
    """(game, its dice): the game being played's; with no game chosen, the first listed game's
    with plain dice (numbers serve any table; symbols only their game's), else with any."""
    if app.game_id:
        dice = dice_of(app, app.game_id)
        if dice:
            return app.game_id, dice
    found = [(game_id, dice_of(app, game_id)) for game_id, _name in games_in(app.content_dir)]
    found = [(game_id, dice) for game_id, dice in found if dice]
    plain = [(game_id, dice) for game_id, dice in found
             if not any(face.startswith(ICON) for die in dice for face in die.faces)]
    return (plain or found or [("", [])])[0]


def dice_of(app, game_id: str) -> list:
    folder = game_folder(game_id, app.content_dir)
    return game_dice(folder.name, folder.parent) if folder else []


def face_range(die) -> str:
    """A die's short name, its first and last faces: '1–6', 'I–VI'; none for a die of symbols
    (its drawn face beside says it)."""
    if any(face.startswith(ICON) for face in die.faces):
        return ""
    return f"{die.faces[0]}–{die.faces[-1]}"


def face_words(face: str, game_id: str, tr) -> str:
    """A face in words: its label; a symbol ('icon:infantry') as the game names it (its set-up
    module's `face_words(symbol, tr)`), else the symbol's own name."""
    if not face.startswith(ICON):
        return face
    symbol = face[len(ICON):]
    words = getattr(game_module(game_id), "face_words", None)
    return words(symbol, tr) if words else symbol.capitalize()


def die_look(die) -> dict:
    """How a die is drawn: its faces, pips and the palette colour of its marks."""
    theme = App.get_running_app().theme
    return {"faces": list(die.faces), "pips": die.pips,
            "ink": theme.colour(die.ink) if die.ink else theme.ink}


class DiceScreen(Screen):
    """Shows a companion.dice.Tray; counts (app mode) or entered faces (physical mode)."""

    result_text = StringProperty("–")
    history_text = StringProperty("")

    def on_kv_post(self, _base):
        app = App.get_running_app()
        self.entered: list[tuple[str, int]] = []
        app.bind(dice_mode=lambda *_: self.build_picker())
        app.tr.bind(lang=lambda *_: self.show_history())
        self.set_dice(*table_dice(app))

    def on_pre_enter(self, *_):
        """Another game since the last visit: its dice, a fresh history."""
        game_id, dice = table_dice(App.get_running_app())
        if dice != self.tray.dice:
            self.set_dice(game_id, dice)
            self.show_history()

    def set_dice(self, game_id: str, dice: list) -> None:
        self.dice_game = game_id
        self.tray = Tray(dice, rng_state=secrets.randbits(64))
        self.counts = {die.id: 1 for die in self.tray.dice}
        self.build_picker()

    # --- the picker: counts or face pads ----------------------------------------------------

    def build_picker(self) -> None:
        """Rows of count buttons (app mode) or of face buttons (physical mode)."""
        self.entered = []
        self.ids.picker.clear_widgets()
        physical = App.get_running_app().dice_mode == "physical"
        for die in self.tray.dice:
            row = self.face_row(die) if physical else self.count_row(die)
            self.ids.picker.add_widget(row)
        self.result_text = "–"
        self.reset_tray()

    def reset_tray(self) -> None:
        """An empty tray (entering real dice) or the dice about to be thrown."""
        if App.get_running_app().dice_mode == "physical":
            self.show_dice([])
        else:
            self.show_ready()

    def count_row(self, die) -> BoxLayout:
        """'[die] 1–6   [−]  2  [+]' for one kind of die."""
        row = BoxLayout(size_hint_y=None, height=dp(60), spacing=dp(8))
        look = die_look(die)
        symbols = not face_range(die)           # a symbol die shows its first symbol, not blank
        row.add_widget(DieFace(value=1 if symbols else len(die.faces), size_hint_x=None,
                               width=dp(40), **look))
        row.add_widget(Factory.Body(text=face_range(die), bold=True))
        count = Factory.Body(text=str(self.counts[die.id]), halign="center", size_hint_x=None,
                             width=dp(44), bold=True)
        for sign, step in (("−", -1), ("+", 1)):
            button = Factory.BigButton(text=sign, size_hint_x=None, width=dp(56),
                                       emphasis="secondary")
            button.bind(on_release=lambda _b, d=die.id, s=step, c=count: self.change(d, s, c))
            row.add_widget(button)
            if step < 0:
                row.add_widget(count)
        return row

    def face_row(self, die) -> BoxLayout:
        """One drawn face per face of a die; tapping one adds that result to the throw."""
        row = BoxLayout(size_hint_y=None, height=dp(60), spacing=dp(6))
        for value in range(1, len(die.faces) + 1):
            button = FaceButton(value=value, duration=0, **die_look(die))
            button.bind(on_release=lambda _b, d=die.id, v=value: self.enter(d, v))
            row.add_widget(button)
        return row

    def change(self, die_id: str, step: int, label) -> None:
        """One more or one fewer of a kind of die (0 to MAX_EACH)."""
        self.counts[die_id] = max(0, min(MAX_EACH, self.counts[die_id] + step))
        label.text = str(self.counts[die_id])
        self.show_ready()

    def show_ready(self) -> None:
        """The dice about to be thrown, blank, in the tray."""
        ready = [die for die in self.tray.dice for _ in range(self.counts[die.id])]
        self.show_dice([(die, 0) for die in ready])

    def show_dice(self, dice_values: list) -> None:
        """(die, value) in the tray, at rest."""
        self.ids.thrown.set_dice([(look["faces"], value, look["pips"], look["ink"])
                                  for die, value in dice_values
                                  for look in [die_look(die)]])

    def enter(self, die_id: str, value: int) -> None:
        """Add one physical result to the throw being entered."""
        self.entered.append((die_id, value))
        self.result_text = "  ".join(self.words(self.tray.die(d).faces[v - 1])
                                     for d, v in self.entered)
        self.show_dice([(self.tray.die(d), v) for d, v in self.entered])

    # --- throwing and the history -------------------------------------------------------------

    def throw(self) -> None:
        """Roll the chosen dice, or record the entered faces, and show the throw."""
        if App.get_running_app().dice_mode == "physical":
            if not self.entered:
                return
            ids, values = [d for d, _ in self.entered], [v for _, v in self.entered]
            self.entered = []
            self.tray.roll(ids, values)
        else:
            ids = [die.id for die in self.tray.dice for _ in range(self.counts[die.id])]
            if not ids:
                return
            self.tray.roll(ids)
        throw = self.tray.history[-1]
        self.result_text = self.faces(throw)
        self.show_history()
        self.animate(throw)

    def animate(self, throw) -> None:
        """The thrown dice tumble and land; the result's words fade in once they have."""
        result = self.ids.result
        Animation.cancel_all(result, "opacity")
        if throw.source == "entered":
            self.show_dice([(self.tray.die(d["die"]), d["value"]) for d in throw.dice])
            return
        self.show_dice([(self.tray.die(d["die"]), 0) for d in throw.dice])
        result.opacity = 0

        def landed():
            if self.tray.history and self.tray.history[-1] is throw:   # not an earlier throw's
                Animation(opacity=1, duration=0.2).start(result)

        self.ids.thrown.roll([d["value"] for d in throw.dice], on_done=landed)

    def clear(self) -> None:
        """Drop the faces being entered, or else forget the history."""
        if self.entered:
            self.entered = []
        else:
            self.tray.clear()
            self.show_history()
        self.result_text = "–"
        self.ids.result.opacity = 1
        self.reset_tray()

    def faces(self, throw) -> str:
        """A throw's faces in words."""
        return "  ".join(self.words(d["face"]) for d in throw.dice)

    def words(self, face: str) -> str:
        return face_words(face, self.dice_game, App.get_running_app().tr)

    def show_history(self) -> None:
        """The throws, newest first, each marked rolled or entered."""
        tr = App.get_running_app().tr
        words = {"rolled": tr._("rolled"), "entered": tr._("entered")}
        count = len(self.tray.history)
        self.history_text = "\n".join(
            f"{count - i}.  {self.faces(throw)}   ({words[throw.source]})"
            for i, throw in enumerate(reversed(self.tray.history)))


SCREEN = DiceScreen
