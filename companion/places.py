"""A place chosen from a list, never typed: the places a game knows as choices in the app's
theme, a filter field above a long list, and a way to name a place the list lacks.

A game's screens give the places, grouped under headings (`sections`: [(heading, [(value,
shown name)])], the heading "" for none) and the words; nothing here names a game. Typing in the
field keeps the places whose shown name holds what is typed, whatever its case or accents
("egi" finds "Egipto"); when it holds no known place, one more choice offers the typed name
itself (`other`: its words, "Another province: Dacia"), for a place printed only on a table's
board. The choice is the place's value, or that typed name.
"""
from __future__ import annotations

import unicodedata

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView

from companion.theme import fresh_group
from companion.widgets import caption, column, text_field, theme

FILTER_FROM = 8         # a list of more places than this gets the filter field
SPACING_DP = 6
HOLD_SECONDS = 0.5      # how long a page's new height may take to settle (nested layouts)
TEXT_MARGIN_DP = 36     # a choice's room beside its text (the button's padding and border)


def fold(text: str) -> str:
    """Text for comparing as a reader does: no case, no accents ('Égypte' → 'egypte')."""
    bare = unicodedata.normalize("NFKD", text)
    return "".join(c for c in bare if not unicodedata.combining(c)).casefold().strip()


def text_width(text: str) -> float:
    """How wide a choice's text is drawn (the buttons' font size)."""
    label = CoreLabel(text=text, font_size=sp(theme().text_sp))
    return label.get_extents(text)[0]


def scroller(widget) -> ScrollView | None:
    """The scrolling page a widget is on, if any."""
    parent = widget.parent
    while parent is not None and parent is not parent.parent:     # the window is its own
        if isinstance(parent, ScrollView):
            return parent
        parent = parent.parent
    return None


def scrolled_down(scroll: ScrollView) -> float:
    """How far down a page is scrolled, in pixels from its top."""
    page = scroll.children[0] if scroll.children else None
    return max(page.height - scroll.height, 0) * (1 - scroll.scroll_y) if page else 0


def hold_scroll(scroll: ScrollView, offset: float) -> None:
    """Keep a page scrolled `offset` pixels down while its height changes (a list growing or
    shrinking under a finger) for a moment, while its layouts settle: Kivy keeps the fraction
    scrolled instead, so what was under the finger would slide away. One hold a page: a new one
    replaces the last."""
    page = scroll.children[0] if scroll.children else None
    if page is None:
        return
    release(scroll)

    def fit(*_):
        room = page.height - scroll.height
        scroll.scroll_y = min(max(1 - offset / room, 0), 1) if room > 0 else 1

    page.bind(height=fit)
    scroll.held = (page, fit)
    fit()
    Clock.schedule_once(lambda _dt: release(scroll, fit), HOLD_SECONDS)


def release(scroll: ScrollView, fit=None) -> None:
    """The page's hold let go (only `fit`'s, if given)."""
    page, held = getattr(scroll, "held", (None, None))
    if held is not None and fit in (None, held):
        page.unbind(height=held)
        scroll.held = (None, None)


class PlaceChooser(BoxLayout):
    """The filter field (for a long list, or where another place may be named), then the places
    by section as toggle choices, as many a row as the widest name allows.

    `on_choose(value)` when a place is tapped; `on_change(value)` (default: on_choose) when the
    choice follows the typing (a typed name being chosen changes or goes); `on_type(text)` at each
    change of the field (a screen that rebuilds keeps it and gives it back as `typed`). For tests:
    `field`, `buttons` (value → the choice shown), `other_button` (None when not shown), `chosen`.
    """

    def __init__(self, sections: list, chosen: str | None, on_choose, *, role: str = "",
                 hint: str = "", other=None, typed: str = "", on_type=None, on_change=None,
                 max_cols: int = 4, **kwargs):
        super().__init__(orientation="vertical", size_hint_y=None, spacing=dp(SPACING_DP),
                         **kwargs)
        self.bind(minimum_height=self.setter("height"))
        self.sections = [(title, list(options)) for title, options in sections if options]
        self.known = {value for _title, options in self.sections for value, _text in options}
        # one width for every section's choices: the widest name's (a list looks as one)
        self.widest = max((text_width(text) for _title, options in self.sections
                           for _value, text in options), default=0)
        self.chosen = chosen or ""
        self.on_choose, self.on_type = on_choose, on_type
        self.on_change = on_change or on_choose
        self.choice_role, self.other, self.max_cols = role, other, max_cols
        self.group = fresh_group(f"places-{role}")
        self.buttons: dict = {}
        self.other_button = None
        if self.chosen and self.chosen not in self.known and not typed:
            typed = self.chosen             # a name typed before: shown, and chosen, again
        self.field = None
        count = len(self.known)
        if count > FILTER_FROM or other is not None:
            self.field = text_field(hint, typed, self._typed)
            self.field.bind(focus=self._focused)
            self.add_widget(self.field)
        self.list = column()
        self.add_widget(self.list)
        self._show(typed.strip())

    # --- showing --------------------------------------------------------------------------------

    def _show(self, typed: str) -> None:
        """The places matching what is typed (the chosen one always), under their headings."""
        self.list.clear_widgets()
        self.buttons = {}
        self.other_button = None
        key = fold(typed)
        matching = [(title, [(v, t) for v, t in options if key in fold(t)])
                    for title, options in self.sections]
        if typed and self.other is not None and not any(options for _t, options in matching):
            self.other_button = self._choice(typed, self.other(typed))
            self.list.add_widget(self.other_button)
        for (title, options), (_title, shown) in zip(self.sections, matching):
            shown = [(v, t) for v, t in options if (v, t) in shown or v == self.chosen]
            if not shown:
                continue
            if title:
                self.list.add_widget(caption(title))
            self.list.add_widget(self._grid(shown, self.widest))

    def _grid(self, options: list, widest: float) -> GridLayout:
        grid = GridLayout(cols=1, size_hint_y=None, spacing=dp(SPACING_DP),
                          row_default_height=dp(theme().button_dp), row_force_default=True)
        grid.bind(minimum_height=grid.setter("height"))
        room = widest + dp(TEXT_MARGIN_DP) + dp(SPACING_DP)

        def fit(_grid, width):
            """As many a row as the widest name allows, all as wide (a short row too)."""
            grid.cols = max(1, min(self.max_cols, int((width + dp(SPACING_DP)) // room)))
            grid.col_default_width = (width - dp(SPACING_DP) * (grid.cols - 1)) / grid.cols

        grid.col_force_default = True
        grid.bind(width=fit)
        for value, text in options:
            grid.add_widget(self._choice(value, text))
        return grid

    def _choice(self, value: str, text: str):
        button = Factory.Choice(text=text, group=self.group, shorten=True,
                                allow_no_selection=False,
                                state="down" if value == self.chosen else "normal")
        button.role, button.value = self.choice_role, value
        button.bind(on_release=lambda _b: self._tapped(value))
        self.buttons[value] = button
        return button

    def _focused(self, field, focus: bool) -> None:
        """The field tapped low on a page: the page scrolls it up, so the places it finds show
        under it (above a phone's keyboard)."""
        scroll = scroller(self)
        if not focus or scroll is None or not scroll.children:
            return
        down = scroll.children[0].top - field.top - dp(SPACING_DP)   # the field, on the page
        if down - scrolled_down(scroll) > scroll.height / 3:
            hold_scroll(scroll, max(down, 0))

    # --- choosing -------------------------------------------------------------------------------

    def _tapped(self, value: str) -> None:
        self.chosen = value
        self.on_choose(value)

    def _typed(self, text: str) -> None:
        """The list filtered again; a typed name that was chosen follows the typing (or goes,
        once the text names a known place or nothing)."""
        if self.on_type is not None:
            self.on_type(text)
        if self.chosen and self.chosen not in self.known:
            key = fold(text)
            names_known = any(key in fold(t) for _title, options in self.sections
                              for _v, t in options)
            self.chosen = text if text and not names_known else ""
            self.on_change(self.chosen)
        scroll = scroller(self)
        offset = scrolled_down(scroll) if scroll is not None else 0
        self._show(text)
        if scroll is not None:          # the field stays where it is as the list changes
            hold_scroll(scroll, offset)
