"""The widgets of the app's look, and those screens build in code: buttons of three emphases
with icons, choices, cards, text fields, counters, choice grids, tables and dialogs, all in the
app's theme (their .kv rules are app.WIDGETS_KV; colours and sizes companion.theme).

Buttons: `BigButton` (Factory name too) has an `emphasis`: "primary" (filled with the accent: the
one action a screen is for), "secondary" (outlined: Back, Cancel, Clear) or "quiet" (text only:
rare actions); and an optional `icon` (a name of companion.icons) drawn left of its text. Its
height follows its text, never below the theme's button height, so text grows rather than clips
at a large system font scale. `Choice` is a toggle of the same shape (filled when chosen).
"""
from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.graphics import Color, InstructionGroup, SmoothRoundedRectangle
from kivy.metrics import dp
from kivy.properties import OptionProperty, StringProperty
from kivy.uix.behaviors import ToggleButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.popup import Popup
from kivy.uix.scrollview import ScrollView
from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget

from companion.icons import draw_icon
from companion.theme import BUTTON_DP, ROUND_BORDER, fresh_group

ICON_GAP_DP = 8         # between a button's icon and its text
ICON_SHARE = 1.15       # an icon's size, of the button's font size
TEXT_ROOM_DP = 16       # a button's height above its text's


class BigButton(Button):
    """A button of the app (see the module's docstring): `emphasis` and `icon`."""

    emphasis = OptionProperty("primary", options=("primary", "secondary", "quiet"))
    icon = StringProperty("")
    toggles = False         # a toggle's "down" is chosen, not pressed: no pressed look

    _icon_group = None

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        if self.icon:                      # given when made: on_icon ran before the canvas was
            self.on_icon(self, self.icon)

    def on_icon(self, _button, icon: str) -> None:
        """An icon to show: drawn in canvas.after, again whenever the button or its text moves
        (buttons without one bind nothing: long action lists stay quick to build)."""
        if self._icon_group is None and icon and self.canvas is not None:
            self._icon_group = InstructionGroup()
            self.canvas.after.add(self._icon_group)
            trigger = Clock.create_trigger(self._draw_icon)
            self.bind(pos=trigger, size=trigger, color=trigger, texture_size=trigger,
                      text=trigger, disabled=trigger, icon=trigger)
            trigger()

    def icon_size(self) -> float:
        return self.font_size * ICON_SHARE

    def icon_room(self) -> float:
        """Room the icon takes left of the text (0 without an icon; the kv rule's padding)."""
        return self.icon_size() + dp(ICON_GAP_DP) if self.icon else 0

    def _text_width(self) -> float:
        """The widest line of the text as drawn (at most the room it has)."""
        widest = max(self._label.get_extents(line)[0] for line in self.text.split("\n"))
        return min(widest, max(self.width - dp(8) - self.icon_room(), 0))

    def _draw_icon(self, *_) -> None:
        self._icon_group.clear()
        self.padding = (self.icon_room(), 0, 0, 0)      # the text moves over for the icon
        if not self.icon:
            return
        size = self.icon_size()
        text_left = (self.x + dp(4) + self.icon_room()
                     + (self.width - dp(8) - self.icon_room() - self._text_width()) / 2)
        colour = self.disabled_color if self.disabled else self.color
        draw_icon(self._icon_group, self.icon, text_left - self.icon_room(),
                  self.center_y - size / 2, size, colour)


class Choice(ToggleButtonBehavior, BigButton):
    """One of several choices: outlined, filled with the accent once chosen."""

    toggles = True


class BottomBar(BoxLayout):
    """Buttons side by side (a screen's bottom bar, a pair of choices), as high as the tallest
    of them (never below the button height), all of the same height: long words and large
    fonts grow it."""

    def __init__(self, **kwargs):
        kwargs.setdefault("size_hint_y", None)
        super().__init__(**kwargs)
        self.height = dp(BUTTON_DP)

    def add_widget(self, widget, *args, **kwargs):
        super().add_widget(widget, *args, **kwargs)
        widget.bind(height=self.fit, texture_size=self.fit) if isinstance(widget, Button) \
            else widget.bind(height=self.fit)
        self.fit()

    def fit(self, *_) -> None:
        fixed = [child for child in self.children if child.size_hint_y is None]
        self.height = max([dp(BUTTON_DP)] + [self._natural(child) for child in fixed])
        for child in fixed:
            child.height = self.height

    @staticmethod
    def _natural(child) -> float:
        """A child's own height: a button's from its text, else its height."""
        if isinstance(child, Button):
            return max(dp(BUTTON_DP), child.texture_size[1] + dp(TEXT_ROOM_DP))
        return child.height


Factory.register("BigButton", cls=BigButton)
Factory.register("Choice", cls=Choice)
Factory.register("BottomBar", cls=BottomBar)


def theme():
    return App.get_running_app().theme


def grow_with_text(button):
    """A button whose height follows its text (never below the usual button height)."""
    button.bind(texture_size=lambda b, size: setattr(
        b, "height", max(dp(theme().button_dp), size[1] + dp(TEXT_ROOM_DP))))
    return button


def big(text: str, on_release=None, role: str = "", **kwargs):
    """A big button whose height follows its text; `role` names what it is for (tests look);
    `emphasis` and `icon` as BigButton's (primary, no icon by default)."""
    button = grow_with_text(Factory.BigButton(text=text, **kwargs))
    button.role = role
    if on_release is not None:
        button.bind(on_release=lambda _b: on_release())
    return button


def secondary(text: str, on_release=None, role: str = "", **kwargs):
    """An outlined button: a way back or aside (Back, Cancel, Clear)."""
    return big(text, on_release, role, emphasis="secondary", **kwargs)


def quiet(text: str, on_release=None, role: str = "", **kwargs):
    """A text-only button, for rare actions beside the main ones."""
    return big(text, on_release, role, emphasis="quiet", **kwargs)


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
    return Factory.Body(text=text, font_size=f"{theme().small_sp}sp", **kwargs)


def row(*widgets, height=None, spacing: int = 4):
    """Widgets side by side, one button high, or as high as the tallest grows (a long text, a
    large system font)."""
    base = height or dp(theme().button_dp)
    box = BoxLayout(size_hint_y=None, height=base, spacing=dp(spacing))

    def fit(*_):
        box.height = max([base] + [w.height for w in box.children if w.size_hint_y is None])

    for widget in widgets:
        box.add_widget(widget)
        widget.bind(height=fit)
    fit()
    return box


def card(*widgets, padding: int = 12, spacing: int = 8) -> BoxLayout:
    """A panel (Card: lighter than the page, rounded, outlined) holding widgets one under the
    other, as tall as they are."""
    box = Factory.Card(padding=dp(padding), spacing=dp(spacing))
    for widget in widgets:
        box.add_widget(widget)
    return box


def text_field(hint: str, text: str = "", on_text=None) -> TextInput:
    """A one-line text field in the theme (app.WIDGETS_KV styles every TextInput); `on_text(text)`
    (stripped) at each change."""
    field = TextInput(text=text, hint_text=hint, multiline=False, write_tab=False,
                      font_size=f"{theme().text_sp}sp", size_hint_y=None)
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
        self.minus = Factory.BigButton(text="–", size_hint_x=None, width=dp(52),
                                       emphasis="secondary")
        self.shown = Label(text=str(value), color=look.ink, bold=True,
                           font_size=f"{look.text_sp + 4}sp", size_hint_x=None, width=dp(52))
        self.plus = Factory.BigButton(text="+", size_hint_x=None, width=dp(52),
                                      emphasis="secondary")
        self.minus.bind(on_release=lambda *_: self.change(-self.step))
        self.plus.bind(on_release=lambda *_: self.change(self.step))
        for widget in (self.label, self.minus, self.shown, self.plus):
            self.add_widget(widget)

    def change(self, delta: int) -> None:
        self.value = min(max(self.value + delta, self.low), self.high)
        self.shown.text = str(self.value)
        if self.on_change:
            self.on_change()


def choice_grid(options: list[tuple], group: str, chosen, on_choose, cols: int = 2,
                wrap: bool = False) -> GridLayout:
    """Toggle buttons, `cols` a row; on_choose(value) when one is tapped; `grid.buttons` by
    value. Long texts are shortened, or with `wrap` wrapped (each button as tall as its
    text)."""
    grid = GridLayout(cols=cols, size_hint_y=None, spacing=dp(6),
                      row_default_height=dp(theme().button_dp), row_force_default=not wrap)
    grid.bind(minimum_height=grid.setter("height"))
    grid.buttons = {}
    group = fresh_group(group)
    for value, text in options:
        button = Factory.Choice(text=text, group=group, shorten=not wrap,
                                state="down" if value == chosen else "normal")
        if wrap:
            button.size_hint_y = None
            grow_with_text(button)
        button.bind(on_release=lambda _b, v=value: on_choose(v))
        grid.buttons[value] = button
        grid.add_widget(button)
    return grid


def switcher(box, sides: list[tuple[str, str]], active, shown, on_pick, group: str) -> dict:
    """The buttons that show one side of a game at a time (a civilization, a power) in `box`:
    one per (id, name), the side whose turn it is marked », the one shown pressed; a tap calls
    `on_pick(id)`. Returns the buttons by id."""
    box.clear_widgets()
    group = fresh_group(group)
    buttons = {}
    for side, name in sides:
        button = Factory.Choice(text=("» " if side == active else "") + name, group=group,
                                shorten=True, state="down" if side == shown else "normal")
        button.bind(on_release=lambda _b, side=side: on_pick(side))
        buttons[side] = button
        box.add_widget(button)
    return buttons


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
    box = BoxLayout(orientation="vertical", spacing=dp(6), size_hint_y=None,
                    height=0)       # an empty column takes no room (not Kivy's 100 px)
    box.bind(minimum_height=box.setter("height"))
    for widget in widgets:
        box.add_widget(widget)
    return box


def scrolled(*widgets) -> ScrollView:
    """A vertical scrolling list of widgets."""
    scroll = ScrollView(do_scroll_x=False)
    scroll.add_widget(column(*widgets))
    return scroll


DIALOG_MAX_DP = 620     # a dialog's widest (on a tablet, half the window if that is wider)

# what the dialog's look decides, whatever a caller asks (the dark default popup, say)
DIALOG_OWN_OPTIONS = ("background", "background_color", "title_color", "separator_color",
                      "separator_height", "title_font", "border")


class Dialog(Popup):
    """A popup in the app's look: the page's parchment, rounded, under a title bar in the kit's
    ink with its title in the kit's serif and a gold rule (app.WIDGETS_KV styles every Popup;
    this adds the bar)."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        look = theme()
        grid = self.children[0]
        self._title_label = grid.children[-1]          # the template's first row: the title
        with grid.canvas.before:
            self._bar_colour = Color(*look.ink)
            self._bar = SmoothRoundedRectangle(radius=[(ROUND_BORDER, ROUND_BORDER)] * 2
                                               + [(0, 0), (0, 0)])
        self._title_label.bind(pos=self._place_bar, size=self._place_bar)
        self.bind(pos=self._place_bar, size=self._place_bar)
        self._share = self.size_hint_x           # a readable measure on a wide window
        if self._share is not None:
            self.size_hint_x = None
            self._fit_width()
        self._asked_height = self.height
        if self.size_hint_y is None and self.content is not None:
            self.content.bind(minimum_height=self._fit_height)
            self._title_label.bind(height=self._fit_height)
            self._fit_height()

    def on_open(self, *args):
        from kivy.core.window import Window

        Window.bind(width=self._fit_width)
        return super().on_open(*args)

    def on_dismiss(self, *args):
        from kivy.core.window import Window

        Window.unbind(width=self._fit_width)
        return super().on_dismiss(*args)

    def _fit_width(self, *_) -> None:
        """The share of the window's width asked for, at most DIALOG_MAX_DP (or half a wider
        window)."""
        from kivy.core.window import Window

        if self._share is not None:
            self.width = min(Window.width * self._share,
                             max(dp(DIALOG_MAX_DP), Window.width * 0.5))

    def _fit_height(self, *_) -> None:
        """A dialog of a given height grows to hold its title and parts (a long question, a
        large system font), within the window."""
        from kivy.core.window import Window

        needed = (self._title_label.height + dp(4) + dp(24) + self.content.minimum_height)
        self.height = min(max(self._asked_height, needed), Window.height * 0.94)

    def _place_bar(self, *_) -> None:
        bottom = self._title_label.y
        self._bar.pos = (self.x, bottom)
        self._bar.size = (self.width, max(self.top - bottom, 0))


def ink_on_parchment(widget) -> None:
    """Text meant for a dark popup (in the parchment colour) made ink, for the light dialog."""
    look = theme()
    for child in walk_widgets(widget):
        if isinstance(child, Label) and not isinstance(child, Button) \
                and tuple(child.color) == tuple(look.accent_ink):
            child.color = look.ink


def walk_widgets(widget):
    yield widget
    for child in widget.children:
        yield from walk_widgets(child)


def dialog(title: str, parts: list, buttons: list, **popup_options) -> Popup:
    """A popup (not yet open): the parts one under the other, then a row of big buttons; it
    closes only through its buttons. The last button is the action, so the others are drawn
    as secondary ones (outlined) unless they say otherwise; the look is the app's (a caller's
    colours for the popup itself are ignored)."""
    content = BoxLayout(orientation="vertical", spacing=dp(10), padding=(dp(4), dp(8), dp(4), 0))
    for part in parts:
        content.add_widget(part)
        ink_on_parchment(part)
    if all(part.size_hint_y is None for part in parts):
        content.add_widget(Widget())            # parts at the top, buttons at the bottom
    for button in buttons[:-1]:
        if isinstance(button, BigButton) and button.emphasis == "primary":
            button.emphasis = "secondary"
    content.add_widget(row(*buttons, spacing=8))
    options = {k: v for k, v in popup_options.items() if k not in DIALOG_OWN_OPTIONS}
    return Dialog(title=title, content=content, auto_dismiss=False, **options)


def form_popup(title: str, fields: list, on_ok, summary=None, ok_text: str = "",
               cancel_text: str = "", on_cancel=None) -> Popup:
    """A form in a dialog: the fields (widgets) in a scrolled column, a live note, Cancel and OK.
    `on_ok()` returns None when done (the dialog closes) or the words to show in the note (an
    incomplete form, a refusal); `summary()` gives the note's words as the form changes (call
    `popup.form["update"]()`). The parts are in `popup.form` (ok, cancel, note, fields, scroll),
    for the screen and for tests."""
    from kivy.app import App

    tr = App.get_running_app().tr
    scroll = scrolled(*fields)
    note = Factory.Body(text="", color=theme().accent, font_size=f"{theme().small_sp}sp")
    cancel = Factory.BigButton(text=cancel_text or tr._("Cancel"), emphasis="secondary")
    ok = Factory.BigButton(text=ok_text or tr._("OK"))
    popup = dialog(title, [scroll, note], [cancel, ok], size_hint=(0.96, 0.92),
                   title_size=f"{theme().text_sp}sp")

    def update(*_):
        note.text = summary() if summary else ""

    def submit(*_):
        said = on_ok()
        if said is None:
            popup.dismiss(animation=False)
        else:
            note.text = said

    def close(*_):
        popup.dismiss(animation=False)
        if on_cancel is not None:
            on_cancel()

    cancel.bind(on_release=close)
    ok.bind(on_release=submit)
    popup.form = {"ok": ok, "cancel": cancel, "note": note, "update": update, "scroll": scroll,
                  "fields": fields}
    update()
    return popup
