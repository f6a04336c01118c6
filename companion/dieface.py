"""A drawn die: a rounded cube face with pips or the game's own face label, and a short roll.

    from companion.dieface import DieFace

    face = DieFace(faces=("I", "II", "III", "IV", "V", "VI"), value=1, size_hint=(None, None),
                   size=(dp(64), dp(64)))
    face.roll(4)                      # tumbles about half a second, lands on face 4 ("IV")
    face.bind(on_rolled=lambda face: ...)   # fired once it has landed

Properties:

- `faces`: the face labels, face n is value n (companion.dice.Die.faces; a game's game.yaml);
  a face written `icon:<name>` shows the kit's symbol companion/art/icons/<name>.png (made by
  companion/art/make_art.py; `icon:blank`, or a symbol without a picture, is an empty face).
- `value`: the face shown (1-based; 0 shows a blank face).
- `pips`: draw pips (1-6) instead of the label; None (the default) draws pips when the faces
  are the digits 1 to 6, as the kit's numbered die does (content style `pips`).
- `fill`, `ink`, `edge`: the face, its pips or label, its outline (RGBA; default: the app
  theme's card, ink and line colours, read when the widget is made).
- `rolling`: True while the roll animation runs (the face then shows passing faces).
- `duration`: seconds a roll takes (ROLL_SECONDS); 0 lands at once (no animation).

`roll(value)` animates and lands on `value`; `show(value)` lands at once; `on_rolled` fires
after either once the face shows `value`. `FaceButton` is a face to tap (entering real dice);
`DiceRow` lays several out and rolls them together (the dice tray's throw). The die is square: it draws in the largest square
centred in the widget. The label uses the kit's serif (theme.TITLE_FONT) when registered. The
wobble is cosmetic only: the value always comes from the caller (the rules' seeded dice or the
players' entry), never from this widget.
"""
from __future__ import annotations

import random
from functools import cache
from pathlib import Path

from kivy.animation import Animation
from kivy.app import App
from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import (
    Color,
    PopMatrix,
    PushMatrix,
    Rectangle,
    Rotate,
    Scale,
    SmoothEllipse,
    SmoothLine,
    SmoothRoundedRectangle,
)
from kivy.metrics import dp
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.widget import Widget

ROLL_SECONDS = 0.55
FLICKER_SECONDS = 0.07     # a new passing face this often while rolling
CORNER = 0.18              # of the side
PIP = 0.095                # pip radius, of the side
LABEL_SHARE = 0.5          # label height, of the side (shrunk to fit wider labels)

# pip centres on a 3 x 3 grid (column, row from the top), as on Western dice
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


ICON = "icon:"             # a face showing a symbol (companion.dice.ICON)
SYMBOL_SHARE = 0.7         # a symbol's size, of the side (the printed die's 0.66, a little more)
SYMBOLS_DIR = Path(__file__).resolve().parent / "art" / "icons"


@cache
def symbol_texture(name: str):
    """The texture of a kit symbol (white: the ink tints it), None when there is no picture."""
    path = SYMBOLS_DIR / f"{name}.png"
    if not path.is_file():
        return None
    from kivy.core.image import Image

    return Image(str(path), mipmap=True).texture


def wants_pips(faces) -> bool:
    """Whether faces are the digits 1-6 in order (a die drawn with pips)."""
    return tuple(faces) == tuple(str(n) for n in range(1, 7))


class DieFace(Widget):
    """A die face drawn on the canvas, with a roll animation (see the module's docstring)."""

    faces = ListProperty([str(n) for n in range(1, 7)])
    value = NumericProperty(1)
    pips = ObjectProperty(None, allownone=True)
    fill = ColorProperty(None, allownone=True)
    ink = ColorProperty(None, allownone=True)
    edge = ColorProperty(None, allownone=True)
    rolling = BooleanProperty(False)
    duration = NumericProperty(ROLL_SECONDS)
    angle = NumericProperty(0)          # the tumble: degrees, animated
    bounce = NumericProperty(1.0)       # the tumble: scale, animated
    shown = NumericProperty(1)          # the face drawn (a passing one while rolling)
    __events__ = ("on_rolled",)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        theme = getattr(App.get_running_app(), "theme", None)
        if theme is not None:
            self.fill = self.fill or theme.card
            self.ink = self.ink or theme.ink
            self.edge = self.edge or theme.line
        self.fill = self.fill or (1, 1, 1, 1)
        self.ink = self.ink or (0, 0, 0, 1)
        self.edge = self.edge or (0, 0, 0, 0.25)
        self.shown = self.value
        self._flicker = None
        self._labels: dict = {}
        self._rotate = self._scale = None
        self.bind(pos=self.redraw, size=self.redraw, faces=self._new_faces, pips=self.redraw,
                  fill=self.redraw, ink=self.redraw, edge=self.redraw, shown=self.redraw,
                  angle=self._turn, bounce=self._turn)
        self.bind(value=lambda *_: None if self.rolling else setattr(self, "shown", self.value))
        self.redraw()

    # --- rolling ------------------------------------------------------------------------------

    def roll(self, value: int) -> None:
        """Tumble for `duration` seconds, then show `value` and fire on_rolled."""
        self._stop()
        if self.duration <= 0:
            self.show(value)
            return
        self.rolling = True
        self._target = value
        self._flicker = Clock.schedule_interval(self._pass_face, FLICKER_SECONDS)
        self.angle = 0
        spin = random.choice((-1, 1)) * random.uniform(200, 320)
        turn = Animation(angle=spin, duration=self.duration, t="out_cubic")
        squash = (Animation(bounce=0.82, duration=self.duration * 0.35, t="out_quad")
                  + Animation(bounce=1.0, duration=self.duration * 0.65, t="out_back"))
        turn.bind(on_complete=lambda *_: self.show(self._target))
        turn.start(self)
        squash.start(self)

    def show(self, value: int) -> None:
        """Show `value` at once (ending a roll) and fire on_rolled."""
        self._stop()
        self.rolling = False
        self.angle, self.bounce = 0, 1.0
        self.value = value
        self.shown = value
        self.dispatch("on_rolled")

    def on_rolled(self, *_):
        pass

    def _stop(self) -> None:
        Animation.cancel_all(self, "angle", "bounce")
        if self._flicker is not None:
            self._flicker.cancel()
            self._flicker = None

    def _pass_face(self, _dt) -> None:
        others = [n for n in range(1, len(self.faces) + 1) if n != self.shown] or [self.shown]
        self.shown = random.choice(others)

    # --- drawing ------------------------------------------------------------------------------

    def _new_faces(self, *_):
        self._labels.clear()
        self.redraw()

    def uses_pips(self) -> bool:
        return wants_pips(self.faces) if self.pips is None else bool(self.pips)

    def redraw(self, *_) -> None:
        side = min(self.width, self.height)
        x, y = self.center_x - side / 2, self.center_y - side / 2
        radius = side * CORNER
        self.canvas.clear()
        with self.canvas:
            PushMatrix()
            self._rotate = Rotate(angle=self.angle, origin=self.center)
            self._scale = Scale(self.bounce, self.bounce, 1, origin=self.center)
            Color(*self.edge[:3], self.edge[3] * 0.8)                   # a soft shadow
            SmoothRoundedRectangle(pos=(x + side * 0.02, y - side * 0.05), size=(side, side),
                                   radius=[radius])
            Color(*self.fill)
            SmoothRoundedRectangle(pos=(x, y), size=(side, side), radius=[radius])
            Color(*self.edge)
            SmoothLine(rounded_rectangle=(x, y, side, side, radius), width=max(1.0, side / 60))
            if 1 <= self.shown <= len(self.faces):
                Color(*self.ink)
                if self.uses_pips() and self.shown <= 6:
                    self._draw_pips(x, y, side)
                else:
                    self._draw_label(x, y, side)
            PopMatrix()

    def _turn(self, *_) -> None:
        """The tumble moves the drawn face; nothing is drawn again."""
        if self._rotate is None:
            return
        self._rotate.angle = self.angle
        self._scale.xyz = (self.bounce, self.bounce, 1)

    def _draw_pips(self, x, y, side) -> None:
        step, r = side * 0.27, side * PIP
        for column, row in PIPS[self.shown]:
            cx = x + side / 2 + (column - 1) * step
            cy = y + side / 2 - (row - 1) * step
            SmoothEllipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r))

    def _draw_label(self, x, y, side) -> None:
        face = self.faces[self.shown - 1]
        if face.startswith(ICON):
            texture = symbol_texture(face[len(ICON):])
            if texture is not None:
                size = side * SYMBOL_SHARE
                Rectangle(texture=texture, size=(size, size),
                          pos=(x + (side - size) / 2, y + (side - size) / 2))
            return
        texture = self._label_texture(face, side)
        width, height = texture.size
        Rectangle(texture=texture, size=(width, height),
                  pos=(x + (side - width) / 2, y + (side - height) / 2))

    def _label_texture(self, text: str, side: float):
        """The label's texture in white (the ink tints it), as large as fits the face (kept
        per label and size)."""
        key = (text, round(side))
        if key not in self._labels:
            from companion.theme import title_font

            size = side * LABEL_SHARE
            label = CoreLabel(text=text, font_size=size, font_name=title_font(), bold=True)
            label.refresh()
            limit = side * 0.78
            if label.texture.width > limit:
                label = CoreLabel(text=text, font_size=size * limit / label.texture.width,
                                  font_name=title_font(), bold=True)
                label.refresh()
            self._labels[key] = label.texture
        return self._labels[key]


class FaceButton(ButtonBehavior, DieFace):
    """A die face to tap (entering what a real die shows): `text` is its face label; it sinks a
    little while pressed."""

    text = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.text = self.faces[self.value - 1] if 1 <= self.value <= len(self.faces) else ""
        self.bind(state=lambda *_: setattr(self, "bounce", 0.9 if self.state == "down" else 1.0))


class DiceRow(Widget):
    """Dice side by side, centred, in one row (two when more than `per_row` fit badly), each as
    large as `largest` allows: `show(dice_and_values)` lays them out at rest, `roll(...)` tumbles
    them, a little staggered, and calls `on_done()` once the last has landed."""

    largest = NumericProperty(dp(60))
    gap = NumericProperty(dp(10))
    per_row = NumericProperty(6)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.size_hint_y = None
        self.faces: list[DieFace] = []
        self.bind(width=self.arrange, largest=self.arrange, gap=self.arrange)
        self.arrange()

    def set_dice(self, dice: list) -> None:
        """One face per (faces, value, pips, ink) (value 0: blank), at rest."""
        self.clear_widgets()
        self.faces = []
        for faces, value, pips, ink in dice:
            face = DieFace(faces=list(faces), value=value, pips=pips, size_hint=(None, None))
            if ink is not None:
                face.ink = ink
            self.faces.append(face)
            self.add_widget(face)
        self.arrange()

    def roll(self, values: list[int], on_done=None) -> None:
        """Roll face i to values[i] (staggered starts); on_done() after the last lands."""
        left = [len(self.faces)]

        def landed(face):
            face.unbind(on_rolled=landed)
            left[0] -= 1
            if left[0] == 0 and on_done is not None:
                on_done()

        for index, (face, value) in enumerate(zip(self.faces, values)):
            face.duration = ROLL_SECONDS + 0.05 * (index % 4)
            face.bind(on_rolled=landed)
            face.roll(value)
        if not self.faces and on_done is not None:
            on_done()

    def rows(self) -> int:
        return max(1, -(-len(self.faces) // self.per_row))

    def side(self) -> float:
        across = min(len(self.faces), self.per_row) or 1
        return max(dp(24), min(self.largest, (self.width - self.gap * (across + 1)) / across))

    def arrange(self, *_) -> None:
        side, rows = self.side(), self.rows()
        self.height = rows * side + (rows + 1) * self.gap if self.faces else self.gap
        for index, face in enumerate(self.faces):
            row, column = divmod(index, self.per_row)
            in_row = min(self.per_row, len(self.faces) - row * self.per_row)
            start = self.center_x - (in_row * side + (in_row - 1) * self.gap) / 2
            face.size = (side, side)
            face.pos = (start + column * (side + self.gap), self.top - (row + 1) * (side + self.gap))

    def on_pos(self, *_):
        self.arrange()
