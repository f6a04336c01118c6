"""PAX ROMANA's forms: each table procedure asked in a dialog of choices and counters (never
typed), and the dice of real-dice games entered by taps.

A form is built from a list of fields: `("int", key, words, low, high, default)` a counter,
`("bool", key, words)` yes or no, `("choice", key, words, [(value, words)])` one of several,
`("many", key, words, [(value, words)])` any of several (a list), `("counts", key, words,
[(value, words)])` a counter each (a map of the non-zero ones). Nested keys ("attacker.squadrons")
build nested records. What the form gives is sent to the engine as the action; its refusals are
shown in the form's note.

With real dice (the app's dice mode "physical") the engine's NeedRoll opens `dice_popup`: the
faces of the die it needs, tapped one at a time, and the action is sent again with each one
until no die is missing.
"""
from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.gridlayout import GridLayout

from companion.screens.pax_romana_names import HINTS
from companion.widgets import (
    Counter,
    body,
    caption,
    choice_grid,
    column,
    dialog,
    form_popup,
)

LONG_LABEL = 16         # a counter's words longer than this go on their own line


def line(text: str, **kwargs):
    """A line of text as tall as it is, wrapped (the books, a battle's steps)."""
    from kivy.uix.label import Label

    theme = App.get_running_app().theme
    label = Label(text=text, font_size=kwargs.get("font_size", "16sp"),
                  color=kwargs.get("color", theme.ink), bold=kwargs.get("bold", False),
                  size_hint_y=None, halign="left", valign="top", padding=(dp(2), dp(2)))
    label.bind(width=lambda w, width: setattr(w, "text_size", (width, None)),
               texture_size=lambda w, size: setattr(w, "height", size[1]))
    return label


def set_nested(target: dict, key: str, value) -> None:
    parts = key.split(".")
    for part in parts[:-1]:
        target = target.setdefault(part, {})
    target[parts[-1]] = value


class FieldSet:
    """The widgets of a form's fields and the values they hold."""

    def __init__(self, fields: list, tr):
        self.tr = tr
        self.values: dict = {}
        self.widgets: list = []
        self.parts: dict = {}
        for field in fields:
            self.add(field)

    def add(self, field) -> None:
        kind, key, words = field[:3]
        tr = self.tr
        if kind == "int":
            low, high, default = field[3:6]
            if len(words) > LONG_LABEL:             # above the counter, not cut beside it
                self.widgets.append(caption(words))
                words = ""
            counter = Counter(words, low, high, 1, default)
            self.parts[key] = counter
            self.values[key] = lambda c=counter: c.value
            self.widgets.append(counter)
            return
        self.widgets.append(caption(words))
        if kind == "bool":
            self.values[key] = False
            options = [(False, tr._("No")), (True, tr._("Yes"))]
            grid = choice_grid(options, "pax-" + key, False,
                               lambda v, k=key: self.values.__setitem__(k, v))
        elif kind == "choice":
            options = field[3]
            self.values[key] = options[0][0] if options else None
            grid = choice_grid(options, "pax-" + key, self.values[key],
                               lambda v, k=key: self.values.__setitem__(k, v),
                               cols=2 if len(options) > 1 else 1)
        elif kind == "many":
            chosen: list = []
            self.values[key] = chosen
            grid = choice_grid(field[3], "pax-" + key, None,
                               lambda v, c=chosen: c.remove(v) if v in c else c.append(v))
            for button in grid.buttons.values():
                button.group = None
        else:                                   # counts
            counters = {}
            grid = column()
            for value, text in field[3]:
                counters[value] = Counter(text, 0, 30, 1, 0)
                grid.add_widget(counters[value])
            grid.buttons = counters
            self.values[key] = lambda cs=counters: {v: c.value for v, c in cs.items()
                                                    if c.value}
        self.parts[key] = grid
        self.widgets.append(grid)

    def collect(self) -> dict:
        out: dict = {}
        for key, value in self.values.items():
            value = value() if callable(value) else value
            if isinstance(value, list):
                value = list(value)
            set_nested(out, key, value)
        return out


class PaxForms:
    """The forms and entered dice of a Pax Romana screen (a GameScreen with `play`)."""

    popup = None
    dice_popup = None
    pending = None          # (action, dice entered so far) while dice are asked

    def open_form(self, title: str, fields: list, make_action, note: str = ""):
        """A form of `fields`; OK sends `make_action(values)` to the engine."""
        tr = self.tr
        fieldset = FieldSet(fields, tr)
        widgets = ([body(note)] if note else []) + fieldset.widgets

        def submit():
            action = make_action(fieldset.collect())
            if self.play(action):
                self.popup = None
                return None
            if self.dice_popup is not None:
                self.popup.dismiss(animation=False)
                self.popup = None
                return None
            return self.message

        self.popup = form_popup(title, widgets, submit,
                                on_cancel=lambda: setattr(self, "popup", None))
        self.popup.fieldset = fieldset
        self.popup.open()
        return self.popup

    # --- real dice ------------------------------------------------------------------------------

    def need_roll(self, action: dict, dice, need) -> None:
        """Real dice: the faces of the die the engine waits for, to tap."""
        self.pending = (action, list(dice or []))
        self.ask_die(need)

    def ask_die(self, need) -> None:
        from forge.engine.pax_romana import DICE_FACES
        from forge.engine.pax_romana.words import roll_reason

        tr = self.tr
        self.close_dice()
        sides = DICE_FACES.get(need.die, 6)
        if need.die.startswith("bag"):
            question = tr._("Draw a marker from the real bag and tap it.")
        else:
            question = tr._("Roll a die for {reason} and tap what it shows.").format(
                reason=roll_reason(need.reason, tr))
        faces = GridLayout(cols=3, spacing=dp(6), size_hint_y=None,
                           row_default_height=dp(56), row_force_default=True)
        faces.bind(minimum_height=faces.setter("height"))
        faces.buttons = []
        labels = self.bag_faces() if need.die.startswith("bag") else None
        for value in range(1, sides + 1):
            text = labels[value - 1] if labels else str(value)
            button = Factory.BigButton(text=text, bold=True, shorten=True)
            button.bind(on_release=lambda _b, v=value: self.enter_die(v))
            faces.add_widget(button)
            faces.buttons.append(button)
        cancel = Factory.BigButton(text=tr._("Cancel"), emphasis="secondary")
        cancel.bind(on_release=lambda *_: self.close_dice(forget=True))
        self.dice_popup = dialog(tr._("Real dice"), [body(question), faces], [cancel],
                                 size_hint=(0.94, None), height=dp(300))
        self.dice_popup.faces = faces.buttons
        self.dice_popup.open()

    def bag_faces(self) -> list[str]:
        from companion.screens.pax_romana_names import names

        n = names(self.tr)
        return [n.power(m) if m != "event" else self.tr._("Event")
                for m in sorted(self.session.state["bag"]["markers"])]

    def enter_die(self, value: int) -> None:
        action, dice = self.pending
        self.close_dice()
        self.pending = None
        self.play(action, dice + [value])

    def close_dice(self, forget: bool = False) -> None:
        if self.dice_popup is not None:
            self.dice_popup.dismiss(animation=False)
            self.dice_popup = None
        if forget:
            self.pending = None


class PaxPage(PaxForms):
    """A Pax Romana screen that plays actions from the legal list (books, events, naval)."""

    kept_hints: tuple = ()          # hints of the legal list that are also the action's fields

    def play(self, action: dict, dice=None) -> bool:
        """Send an action without the hints the legal list adds for the screen."""
        clean = {k: v for k, v in action.items() if k not in HINTS or k in self.kept_hints}
        return super().play(clean, dice)

    def refused(self, action: dict, error: Exception) -> None:
        super().refused(action, error)
        if self.popup is None:
            self.refresh()

    def show_log(self) -> None:
        self.message = ""
        self.show_screen("pax_romana_log")
