"""The rondel drawn as a wheel: its 8 spaces clockwise from the top in the table's order, each
in its colour with its name, what moving there costs now and what it would yield this turn; the
shown civilization's marker rings its space. A space is a button (`spaces[position]`): tapping
one chooses it (the books ask for the payment). Spaces it cannot pay for are greyed."""
from __future__ import annotations

import math

from kivy.app import App
from kivy.clock import Clock
from kivy.graphics import Color, Ellipse, Line
from kivy.metrics import dp
from kivy.properties import ObjectProperty
from kivy.uix.button import Button
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label

SPACE_COLOURS = {"marble": "marble", "iron": "iron", "gold": "gold", "temple": "marble",
                 "arming": "iron", "knowledge": "gold", "maneuver": "military"}
LIGHT_TEXT = {"iron", "arming", "maneuver"}     # dark fills: parchment text
WIDEST_DP = 460         # the wheel's largest size on a wide window
HOLE = 0.3              # the hub's share of the radius
LABEL_AT = 0.66         # the labels' distance from the centre, a share of the radius


class SpaceButton(Button):
    """One space of the wheel: transparent, its text in the space's colour's ink."""

    def __init__(self, **kwargs):
        super().__init__(background_normal="", background_down="", halign="center",
                         valign="middle", **kwargs)
        self.background_color = (0, 0, 0, 0)


MARK_AT = 0.38         # the other markers' distance from the centre, a share of the radius


class RondelWheel(FloatLayout):
    """The wheel; `show(spaces, marker, hub, others)` draws it: `spaces` a list of 8 dicts
    (space id, `lines` of text, `enabled`), `marker` the position of the shown civilization
    (None), `others` the other civilizations' markers as (position, short name)."""

    on_space = ObjectProperty(None, allownone=True)     # on_space(position) when tapped

    def __init__(self, **kwargs):
        super().__init__(size_hint_y=None, **kwargs)
        self.spaces: list[SpaceButton] = []
        self.data: list[dict] = []
        self.marker = None
        for position in range(8):
            button = SpaceButton(size_hint=(None, None))
            button.position = position
            button.bind(on_release=lambda b: self.on_space and self.on_space(b.position))
            self.spaces.append(button)
            self.add_widget(button)
        self.hub = Label(size_hint=(None, None), halign="center", valign="middle")
        self.add_widget(self.hub)
        self.others: list = []
        self.other_labels: list[Label] = []
        self._redraw = Clock.create_trigger(self.redraw)
        self.bind(pos=self._redraw, size=self._redraw, width=self.fit_height)

    def fit_height(self, *_) -> None:
        self.height = min(self.width, dp(WIDEST_DP))

    def show(self, spaces: list[dict], marker, hub: str, others=()) -> None:
        self.data, self.marker = spaces, marker
        self.hub.text = hub
        for label in self.other_labels:
            self.remove_widget(label)
        self.others = list(others)
        self.other_labels = []
        for _position, name in self.others:
            label = Label(text=name, size_hint=(None, None), halign="center", valign="middle",
                          bold=True)
            self.other_labels.append(label)
            self.add_widget(label)
        self.redraw()
        self._redraw()

    def redraw(self, *_) -> None:
        theme = App.get_running_app().theme
        self.canvas.before.clear()
        if not self.data:
            return
        size = min(self.width, self.height) - dp(4)
        radius = size / 2
        cx, cy = self.center_x, self.center_y
        with self.canvas.before:
            Color(*theme.line)
            Ellipse(pos=(cx - radius - dp(1), cy - radius - dp(1)),
                    size=(size + dp(2), size + dp(2)))
            for position, space in enumerate(self.data):
                fill = theme.colour(SPACE_COLOURS.get(space["space"], ""), theme.panel)
                alpha = 1 if space["enabled"] else 0.35
                Color(*fill[:3], alpha)
                Ellipse(pos=(cx - radius, cy - radius), size=(size, size),
                        angle_start=position * 45 - 22.5 + 0.6,
                        angle_end=position * 45 + 22.5 - 0.6)
            Color(*theme.parchment)
            hole = radius * HOLE
            Ellipse(pos=(cx - hole, cy - hole), size=(hole * 2, hole * 2))
            if self.marker is not None:
                Color(*theme.accent)
                Line(ellipse=(cx - radius + dp(3), cy - radius + dp(3), size - dp(6),
                              size - dp(6), self.marker * 45 - 22.5, self.marker * 45 + 22.5),
                     width=dp(4))
        chord = 2 * radius * LABEL_AT * math.sin(math.radians(22.5))
        width = max(chord - dp(2), dp(48))
        height = max(radius * (1 - HOLE) * 0.9, dp(48))
        font = max(11, min(16, int(width / dp(6.2))))
        for position, button in enumerate(self.spaces):
            space = self.data[position]
            angle = math.radians(position * 45)
            x = cx + radius * LABEL_AT * math.sin(angle)
            y = cy + radius * LABEL_AT * math.cos(angle)
            button.size = (width, height)
            button.center = (x, y)
            button.text_size = (width, height)
            button.font_size = f"{font}sp"
            button.text = "\n".join(space["lines"])
            button.disabled = not space["enabled"]
            button.color = theme.parchment if space["space"] in LIGHT_TEXT else theme.ink
            button.disabled_color = list(button.color[:3]) + [0.6]
            button.bold = position == self.marker
            button.space = space["space"]
        self.place_others(cx, cy, radius, theme)
        hub = radius * HOLE * 2
        self.hub.size = (hub, hub)
        self.hub.center = (cx, cy)
        self.hub.text_size = (hub - dp(4), hub - dp(4))
        self.hub.font_size = f"{max(10, min(14, int(hub / dp(6))))}sp"
        self.hub.color = theme.ink

    def place_others(self, cx: float, cy: float, radius: float, theme) -> None:
        """The other civilizations' markers, small, inside their spaces near the hub (several
        on one space side by side)."""
        seen: dict = {}
        for (position, _name), label in zip(self.others, self.other_labels):
            index = seen.get(position, 0)
            seen[position] = index + 1
            angle = math.radians(position * 45 + (index - 0.5) * 14)
            label.font_size = "11sp"
            label.size = (dp(34), dp(16))
            label.text_size = label.size
            label.center = (cx + radius * MARK_AT * math.sin(angle),
                            cy + radius * MARK_AT * math.cos(angle))
            label.color = theme.ink
            label.canvas.before.clear()
            with label.canvas.before:
                Color(*theme.parchment[:3], 0.9)
                Ellipse(pos=(label.x, label.y), size=label.size)
