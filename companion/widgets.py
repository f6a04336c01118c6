"""The widgets screens build in code: big buttons and choices, text fields, counters, choice
grids and tables, all in the app's theme (the .kv side of the theme is app.WIDGETS_KV)."""
from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.popup import Popup
from kivy.uix.scrollview import ScrollView
from kivy.uix.textinput import TextInput

from companion.theme import fresh_group


def theme():
    return App.get_running_app().theme


def grow_with_text(button):
    """A button whose height follows its text (never below the usual button height)."""
    button.bind(texture_size=lambda b, size: setattr(
        b, "height", max(dp(theme().button_dp), size[1] + dp(12))))
    return button


def big(text: str, on_release=None, role: str = "", **kwargs):
    """A big button whose height follows its text; `role` names what it is for (tests look)."""
    button = grow_with_text(Factory.BigButton(text=text, **kwargs))
    button.role = role
    if on_release is not None:
        button.bind(on_release=lambda _b: on_release())
    return button


def choice(text: str, down: bool, on_release, role: str = ""):
    """A choice among several (`role` names the question it answers: where, defender ...)."""
    button = Factory.Choice(text=text, group=None, state="down" if down else "normal")
    button.role = role
    button.bind(on_release=lambda _b: on_release())
    return button


def body(text: str, **kwargs):
    """A paragraph of text."""
    return Factory.Body(text=text, **kwargs)


def caption(text: str, **kwargs):
    """A smaller line of text above a field."""
    return Factory.Body(text=text, font_size="16sp", **kwargs)


def row(*widgets, height=None, spacing: int = 4):
    """Widgets side by side, one button high."""
    box = BoxLayout(size_hint_y=None, height=height or dp(theme().button_dp),
                    spacing=dp(spacing))
    for widget in widgets:
        box.add_widget(widget)
    return box


def text_field(hint: str, text: str = "", on_text=None) -> TextInput:
    """A one-line text field; `on_text(text)` (stripped) at each change."""
    field = TextInput(text=text, hint_text=hint, multiline=False, write_tab=False,
                      font_size=f"{theme().text_sp}sp", size_hint_y=None,
                      height=dp(theme().button_dp), padding=(dp(8), dp(14)))
    if on_text is not None:
        field.bind(text=lambda _w, value: on_text(value.strip()))
    return field


class Counter(BoxLayout):
    """label  [−] value [+] : a whole number within low..high, in steps."""

    def __init__(self, text: str, low: int = 0, high: int = 99, step: int = 1, value: int = 0,
                 on_change=None, **kwargs):
        look = theme()
        super().__init__(size_hint_y=None, height=dp(look.button_dp), spacing=dp(4), **kwargs)
        self.low, self.high, self.step, self.value = low, high, step, value
        self.on_change = on_change
        self.label = Label(text=text, color=look.ink, font_size=f"{look.text_sp - 2}sp",
                           halign="left", valign="middle", shorten=True, shorten_from="right")
        self.label.bind(size=lambda w, s: setattr(w, "text_size", s))
        self.minus = Factory.BigButton(text="–", size_hint_x=None, width=dp(52))
        self.shown = Label(text=str(value), color=look.ink, bold=True,
                           font_size=f"{look.text_sp + 4}sp", size_hint_x=None, width=dp(52))
        self.plus = Factory.BigButton(text="+", size_hint_x=None, width=dp(52))
        self.minus.bind(on_release=lambda *_: self.change(-self.step))
        self.plus.bind(on_release=lambda *_: self.change(self.step))
        for widget in (self.label, self.minus, self.shown, self.plus):
            self.add_widget(widget)

    def change(self, delta: int) -> None:
        self.value = min(max(self.value + delta, self.low), self.high)
        self.shown.text = str(self.value)
        if self.on_change:
            self.on_change()


def choice_grid(options: list[tuple], group: str, chosen, on_choose, cols: int = 2) -> GridLayout:
    """Toggle buttons, `cols` a row; on_choose(value) when one is tapped; `grid.buttons` by
    value."""
    grid = GridLayout(cols=cols, size_hint_y=None, spacing=dp(6),
                      row_default_height=dp(theme().button_dp), row_force_default=True)
    grid.bind(minimum_height=grid.setter("height"))
    grid.buttons = {}
    group = fresh_group(group)
    for value, text in options:
        button = Factory.Choice(text=text, group=group, shorten=True,
                                state="down" if value == chosen else "normal")
        button.bind(on_release=lambda _b, v=value: on_choose(v))
        grid.buttons[value] = button
        grid.add_widget(button)
    return grid


def table(columns: int, first_width: float = 0.4) -> GridLayout:
    """A GridLayout of `columns` columns growing with its rows, the first one wider."""
    grid = GridLayout(cols=columns, size_hint_y=None, spacing=(dp(4), 0))
    grid.bind(minimum_height=grid.setter("height"))
    if columns > 1:
        rest = (1 - first_width) / (columns - 1)
        grid.cols_minimum = {}
        grid.col_force_default = False
        grid.bind(width=lambda g, w: setattr(
            g, "cols_minimum", {i: w * (first_width if i == 0 else rest) - dp(4)
                                for i in range(columns)}))
    return grid


def grid_row(grid, cells, bold=False, first_wide=True) -> None:
    """One row of a table of Body labels."""
    for index, text in enumerate(cells):
        label = Factory.Body(text=str(text), bold=bold,
                             halign="left" if index == 0 and first_wide else "center")
        if bold:                        # headers: smaller, so a long word keeps to its column
            label.font_size = "16sp"
        grid.add_widget(label)


def column(*widgets) -> BoxLayout:
    """Widgets one under the other, the column as tall as they are (for a ScrollView)."""
    box = BoxLayout(orientation="vertical", spacing=dp(6), size_hint_y=None)
    box.bind(minimum_height=box.setter("height"))
    for widget in widgets:
        box.add_widget(widget)
    return box


def scrolled(*widgets) -> ScrollView:
    """A vertical scrolling list of widgets."""
    scroll = ScrollView(do_scroll_x=False)
    scroll.add_widget(column(*widgets))
    return scroll


def dialog(title: str, parts: list, buttons: list, **popup_options) -> Popup:
    """A popup (not yet open): the parts one under the other, then a row of big buttons; it
    closes only through its buttons."""
    content = BoxLayout(orientation="vertical", spacing=dp(8), padding=dp(4))
    for part in parts:
        content.add_widget(part)
    content.add_widget(row(*buttons, spacing=8))
    return Popup(title=title, content=content, auto_dismiss=False, **popup_options)
