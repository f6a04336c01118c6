"""A Kivy widget drawing the Tetrarchia board from board.yaml geometry and a game state.

Geometry (millimetres on a 390 x 255 board) is scaled to the widget and centred. Seas are filled
polygons, links lines (broken ones dashed in the palette's broken colour), provinces circles tinted
by region, frontiers circles in the frontier colour; on top the discs of `state["discs"]`, the
figures of `state["figures"]` (armies as squares, emperors as circles with their initial) and the
fleets in their seas. Set `state` and it redraws; no rules here, only the picture of a state.

The view zooms (`zoom`, 1 = the whole board; `zoom_by`, a double tap, a pinch or the mouse wheel)
and pans (a drag while zoomed); province names show once the circles are big enough to carry
them. `highlight` (province ids) rings the provinces a screen points at: the barbarian step's,
the legal actions', the set-up's. A tap on a province or frontier dispatches
`on_province(province_id)`.

Drawing is in layers, each rebuilt only when what it shows changed: the board (seas, links,
circles, names) when the view moves or resizes; the pieces when the state changes; the rings
when `highlight` changes.

Motion: `glide_to(state, moves, pulse)` shows a new state whose moved markers glide from where
they stood (`moves`: a marker's key -> the province or sea it comes from; `marker_keys` names
the keys) while the places of `pulse` flash a fading ring. Only the moving markers and the
rings are drawn again each frame, in a layer of their own; the other pieces stand in their
final places from the first frame, and the last frame is the state as `state` alone draws it.
Setting `state` (or another glide) stops a glide at once; touches are never held up by one.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from kivy.animation import Animation
from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import (
    ClearBuffers,
    ClearColor,
    Color,
    Ellipse,
    Fbo,
    InstructionGroup,
    Line,
    Mesh,
    Rectangle,
    Translate,
)
from kivy.graphics.tesselator import TYPE_POLYGONS, WINDING_ODD, Tesselator
from kivy.metrics import dp, sp
from kivy.properties import (
    BooleanProperty,
    DictProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
)
from kivy.uix.widget import Widget

from companion.theme import rgba

CIRCLE_MM = 5.5        # province circle radius on the printed board's scale
MAX_ZOOM = 6.0
NAMES_FROM_PX = 11     # province names drawn once a circle's radius reaches this many dp
TAP_SLOP_DP = 12       # a finger that moves less than this taps; more, it pans
GLIDE_SECONDS = 0.4    # a moved marker's glide from its old place to its new one
PULSE_SECONDS = 0.9    # the fading ring round a place whose pieces changed


@lru_cache(maxsize=4)
def load_geometry(content_dir: str) -> dict:
    """board.yaml and game.yaml of Tetrarchia, read once."""
    import yaml

    folder = Path(content_dir) / "tetrarchia"
    board = yaml.safe_load((folder / "board.yaml").read_text(encoding="utf-8"))
    game = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
    return {"board": board, "palette": game.get("palette") or {},
            "emperors": {e["id"]: e for e in game.get("emperors") or []}}


@lru_cache(maxsize=512)
def text_texture(text: str, size: float, bold: bool = True):
    """A label's texture, made once per text and size (drawing text is the slow part)."""
    label = CoreLabel(text=text, font_size=size, bold=bold)
    label.refresh()
    return label.texture


class BoardView(Widget):
    """The board, scaled to the widget; `state` is a Tetrarchia state (dict) or None."""

    state = ObjectProperty(None, allownone=True)
    geometry = DictProperty({})
    highlight = ListProperty([])       # province ids ringed on the map
    zoom = NumericProperty(1.0)        # 1: the whole board in the widget
    focus = ListProperty([195.0, 127.5])   # the board point (mm) at the widget's centre
    glide = NumericProperty(1.0)       # the moving markers' way done: 0 at their old place, 1 home
    pulse = NumericProperty(0.0)       # the changed places' rings: 1 bright, 0 gone
    gliding = BooleanProperty(False)   # a glide or a pulse is under way

    def __init__(self, **kwargs):
        self.register_event_type("on_province")
        super().__init__(**kwargs)
        # the board itself is drawn once into a texture (an Fbo) each time the view moves: a
        # frame then draws one picture instead of hundreds of shapes and names
        # (the rings and pieces are drawn into a second one, redrawn when they change; both
        # pictures are the widget's size, so nothing spills out of it when zoomed)
        # (the moving markers and the pulsing rings in a third, the only one redrawn each frame
        # of a glide)
        self._base, self._rings, self._pieces = InstructionGroup(), InstructionGroup(), \
            InstructionGroup()
        self._moving = InstructionGroup()
        self._fbo = self._overlay = self._motion = None
        self._picture, self._overlay_picture = Rectangle(), Rectangle()
        self._motion_picture = Rectangle()
        self._offset, self._motion_offset = Translate(0, 0), Translate(0, 0)
        self._moves: dict = {}              # marker key -> the place it comes from
        self._pulsed: list = []             # the places ringed by the pulse
        self._shifts: list = []             # (Translate there, Translate back, dx, dy) per marker
        self._pulse_colour, self._pulse_rings = Color(0, 0, 0, 0), InstructionGroup()
        self._glide_state = None            # the state the glide leads to
        self._draws = 0                     # draw_state's calls (glide_to: did it draw?)
        self.canvas.add(self._base)
        self.canvas.add(Color(1, 1, 1, 1))
        self.canvas.add(self._picture)
        self.canvas.add(self._overlay_picture)
        self.canvas.add(self._motion_picture)
        self._touches: dict = {}
        # a layout may move the widget several times before a frame: one redraw, before the
        # frame, and none if the view ends where it was drawn
        self._drawn_view = None
        self._redraw_soon = Clock.create_trigger(self._redraw_if_moved, -1)
        self.bind(pos=self._redraw_soon, size=self._redraw_soon, geometry=self._new_geometry,
                  zoom=self._redraw_soon, focus=self._redraw_soon,
                  state=self.draw_state, highlight=self.draw_rings,
                  glide=self.move_markers, pulse=self.fade_pulse)

    def on_province(self, province: str) -> None:
        """A province (or frontier) was tapped."""

    # --- touching -----------------------------------------------------------------------------

    def province_at(self, x: float, y: float) -> str | None:
        """The province whose circle is nearest to (x, y), if the point is close enough to it
        (twice the drawn radius and at least 20 dp: small circles are hard to hit)."""
        if not self.geometry:
            return None
        reach = max(self.radius(self.scale()) * 2, dp(20))
        best, best_distance = None, reach
        for province, place in self.places().items():
            px, py = self.to_px(place["at"])
            distance = ((px - x) ** 2 + (py - y) ** 2) ** 0.5
            if distance <= best_distance:
                best, best_distance = province, distance
        return best

    def on_touch_down(self, touch):
        if not self.collide_point(*touch.pos):
            return super().on_touch_down(touch)
        if getattr(touch, "button", "") in ("scrollup", "scrolldown"):
            self.zoom_by(1.25 if touch.button == "scrolldown" else 0.8, touch.pos)
            return True
        if super().on_touch_down(touch):            # the zoom buttons over the map
            return True
        if touch.is_double_tap:
            self.zoom_by(2.0 if self.zoom < MAX_ZOOM else 1 / MAX_ZOOM, touch.pos)
            return True
        touch.grab(self)
        self._touches[touch.uid] = [touch.pos, touch.pos, False]   # start, last, moved
        touch.ud[("board", id(self))] = self.province_at(*touch.pos)
        return True

    def on_touch_move(self, touch):
        if touch.grab_current is not self or touch.uid not in self._touches:
            return super().on_touch_move(touch)
        record = self._touches[touch.uid]
        start, last, _moved = record
        if abs(touch.x - start[0]) + abs(touch.y - start[1]) > dp(TAP_SLOP_DP):
            record[2] = True
        if len(self._touches) >= 2:                 # a pinch: the distance between two fingers
            other = next(r for uid, r in self._touches.items() if uid != touch.uid)
            before = _distance(last, other[1])
            after = _distance(touch.pos, other[1])
            if before > dp(10):
                middle = ((touch.x + other[1][0]) / 2, (touch.y + other[1][1]) / 2)
                self.zoom_by(after / before, middle)
            record[2] = True
        elif record[2] and self.zoom > 1.0:
            k = self.scale()
            self.set_focus(self.focus[0] - (touch.x - last[0]) / k,
                           self.focus[1] - (touch.y - last[1]) / k)
        record[1] = touch.pos
        return True

    def on_touch_up(self, touch):
        if touch.grab_current is self:
            touch.ungrab(self)
        record = self._touches.pop(touch.uid, None)
        if record is None:
            return super().on_touch_up(touch)
        province = touch.ud.get(("board", id(self)))
        if not record[2] and not self._touches and province and \
                self.collide_point(*touch.pos) and self.province_at(*touch.pos) == province:
            self.dispatch("on_province", province)
        return True

    def zoom_by(self, factor: float, at=None) -> None:
        """Zoom by `factor` (within 1..MAX_ZOOM), keeping the board point under `at` in place."""
        if not self.geometry:
            return
        at = at or self.center
        new = min(max(self.zoom * factor, 1.0), MAX_ZOOM)
        k = self.scale()
        mx = self.focus[0] + (at[0] - self.center_x) / k
        my = self.focus[1] + (at[1] - self.center_y) / k
        self.zoom = new
        k = self.scale()
        self.set_focus(mx - (at[0] - self.center_x) / k, my - (at[1] - self.center_y) / k)

    def set_focus(self, fx: float, fy: float) -> None:
        """Centre the view on a board point, kept so that the board fills the view."""
        width, height = self.geometry["board"]["size"]
        k = self.scale()
        half_w, half_h = self.width / (2 * k), self.height / (2 * k)
        fx = width / 2 if half_w * 2 >= width else min(max(fx, half_w), width - half_w)
        fy = height / 2 if half_h * 2 >= height else min(max(fy, half_h), height - half_h)
        self.focus = [fx, fy]

    def show_whole(self) -> None:
        self.zoom = 1.0
        if self.geometry:
            self.set_focus(0, 0)

    def centre_of(self, province: str) -> tuple[float, float]:
        """Where a province is drawn, in the widget's parent's coordinates (for tests)."""
        return self.to_px(self.places()[province]["at"])

    def load(self, content_dir) -> None:
        self.geometry = load_geometry(str(content_dir))
        width, height = self.geometry["board"]["size"]
        self.focus = [width / 2, height / 2]

    # --- coordinates --------------------------------------------------------------------------

    def fit(self) -> float:
        width, height = self.geometry["board"]["size"]
        return min(self.width / width, self.height / height)

    def scale(self) -> float:
        """Pixels per board millimetre at the present zoom."""
        return self.fit() * self.zoom

    def to_px(self, at) -> tuple[float, float]:
        k = self.scale()
        return (self.center_x + (at[0] - self.focus[0]) * k,
                self.center_y + (at[1] - self.focus[1]) * k)

    @staticmethod
    def radius(k: float) -> float:
        """A province circle's radius in pixels: the printed size, never below 6 dp."""
        return max(CIRCLE_MM * k, dp(6))

    def places(self) -> dict:
        return _places(id(self.geometry["board"]), self.geometry["board"])

    def names_shown(self) -> bool:
        """Whether province names are drawn (the circles are big enough to carry them)."""
        return bool(self.geometry) and self.radius(self.scale()) >= dp(NAMES_FROM_PX)

    # --- drawing ------------------------------------------------------------------------------

    def colour(self, name: str, fallback: str = "#808080", alpha: float = 1.0):
        return rgba(self.geometry["palette"].get(name, fallback), alpha)

    def polygon(self, group, points) -> None:
        """A filled (possibly concave) polygon in board millimetres."""
        for vertices, indices in _tesselated(tuple(map(tuple, points))):
            moved = list(vertices)
            for i in range(0, len(moved), 4):
                moved[i], moved[i + 1] = self.to_px((moved[i], moved[i + 1]))
            group.add(Mesh(vertices=moved, indices=indices, mode="triangle_fan"))

    def text(self, group, text: str, at, size: float, colour, bold: bool = True) -> None:
        texture = text_texture(text, round(size), bold)
        group.add(Color(*colour))
        group.add(Rectangle(texture=texture, size=texture.size,
                            pos=(at[0] - texture.size[0] / 2, at[1] - texture.size[1] / 2)))

    def redraw(self, *_):
        """Everything again: the view moved or changed size."""
        self._drawn_view = self._view()
        self.draw_board()
        self.draw_rings()
        self.draw_state()

    def _view(self) -> tuple:
        return tuple(self.pos), tuple(self.size), self.zoom, tuple(self.focus)

    def _redraw_if_moved(self, *_):
        view, drawn = self._view(), self._drawn_view
        if view == drawn:
            return
        if drawn is not None and view[1:] == drawn[1:] and self._fbo is not None:
            self._drawn_view = view
            self._follow()
        else:
            self.redraw()

    def _follow(self) -> None:
        """Only moved: the board's picture goes along (its texture holds the board in the
        widget's own coordinates); the rings and pieces, cheap to draw, are drawn again."""
        for picture in (self._picture, self._overlay_picture, self._motion_picture):
            picture.pos = self.pos
        self._offset.x, self._offset.y = -self.x, -self.y
        self._motion_offset.x, self._motion_offset.y = -self.x, -self.y
        self.draw_rings()
        self.draw_state()

    def _new_geometry(self, *_):
        self._drawn_view = None
        self._redraw_soon()

    def _drawable(self) -> bool:
        return bool(self.geometry) and self.width >= 10 and self.height >= 10

    def draw_board(self) -> None:
        """The board (land, seas, links, circles, names) into the Fbo shown as one picture."""
        if not self._drawable():
            for picture in (self._picture, self._overlay_picture, self._motion_picture):
                picture.size = (0, 0)
            return
        size = (max(int(self.width), 1), max(int(self.height), 1))
        if self._fbo is None or tuple(self._fbo.size) != size:
            self._base.clear()
            self._fbo = Fbo(size=size, with_stencilbuffer=True)
            self._base.add(self._fbo)
        fbo = self._fbo
        fbo.clear()
        group = InstructionGroup()
        group.add(ClearColor(0, 0, 0, 0))
        group.add(ClearBuffers())
        group.add(Translate(-self.x, -self.y))
        self.draw_board_shapes(group)
        fbo.add(group)
        self._picture.texture = fbo.texture
        self._picture.pos = self.pos
        self._picture.size = size
        if self._overlay is None or tuple(self._overlay.size) != size:
            self._overlay = Fbo(size=size, with_stencilbuffer=True)
            self._base.add(self._overlay)
            self._overlay.add(ClearColor(0, 0, 0, 0))
            self._overlay.add(ClearBuffers())
            self._overlay.add(self._offset)
            self._overlay.add(self._rings)
            self._overlay.add(self._pieces)
        if self._motion is None or tuple(self._motion.size) != size:
            self._motion = Fbo(size=size, with_stencilbuffer=True)
            self._base.add(self._motion)
            self._motion.add(ClearColor(0, 0, 0, 0))
            self._motion.add(ClearBuffers())
            self._motion.add(self._motion_offset)
            self._motion.add(self._moving)
        self._offset.x, self._offset.y = -self.x, -self.y
        self._motion_offset.x, self._motion_offset.y = -self.x, -self.y
        for picture, fbo in ((self._overlay_picture, self._overlay),
                             (self._motion_picture, self._motion)):
            picture.texture = fbo.texture
            picture.pos = self.pos
            picture.size = size
        self.show_motion_layer()

    def show_motion_layer(self) -> None:
        """The glide's picture is drawn only while something glides or pulses (a frame at rest
        draws one picture less)."""
        self._motion_picture.size = self._picture.size if self.gliding else (0, 0)

    def draw_board_shapes(self, group) -> None:
        board, k = self.geometry["board"], self.scale()
        places = self.places()
        width, height = board["size"]
        group.add(Color(*self.colour("land")))
        left, bottom = self.to_px((0, 0))
        group.add(Rectangle(pos=(left, bottom), size=(width * k, height * k)))
        self.draw_seas(group, board)
        self.draw_links(group, board, places)
        self.draw_places(group, board, k)

    def draw_state(self, *_):
        """The pieces, when the state differs from the one drawn (a glide to another state
        stops: its markers stand where the new state puts them)."""
        self._draws += 1
        if self._glide_state is not None and self.state is not self._glide_state:
            self.stop_motion()
            return
        group = self._pieces
        group.clear()
        if self._drawable() and self.state:
            self.draw_pieces(group, self.places(), self.scale())
        self.draw_motion()

    # --- motion -------------------------------------------------------------------------------

    def glide_to(self, state: dict, moves: dict, pulse=()) -> None:
        """Show `state`, its markers of `moves` (key -> the place each comes from) gliding from
        there and the places of `pulse` ringed a moment (see the module's docstring)."""
        was = self.gliding
        self.stop_motion(draw=False)
        known = set(self.places()) | set(self.sea_points()) if self.geometry else set()
        self._moves = {key: frm for key, frm in moves.items() if frm in known}
        self._pulsed = [place for place in pulse if place in known]
        if self._moves or self._pulsed:
            self._glide_state = state
            self.glide, self.pulse = (0.0 if self._moves else 1.0), 1.0
            self.gliding = True
            self.show_motion_layer()
        drawn = self._draws
        self.state = state
        if self._draws == drawn and (was or self.gliding):     # the same state: the property
            self.draw_state()                   # did not fire; the markers' layers change
        if not self.gliding:
            return
        parts = ([Animation(glide=1.0, duration=GLIDE_SECONDS, t="out_quad")]
                 if self._moves else []) + \
            ([Animation(pulse=0.0, duration=PULSE_SECONDS, t="in_quad")] if self._pulsed else [])
        animation = parts[0] if len(parts) == 1 else parts[0] & parts[1]
        animation.bind(on_complete=lambda *_: self.stop_motion())
        animation.start(self)

    def stop_motion(self, draw: bool = True) -> None:
        """End a glide at once: every marker in its place, no ring pulsing."""
        Animation.cancel_all(self, "glide", "pulse")
        was = self.gliding
        self._moves, self._pulsed, self._shifts, self._glide_state = {}, [], [], None
        self.glide, self.pulse, self.gliding = 1.0, 0.0, False
        self.show_motion_layer()
        if draw and was:
            self.draw_state()

    def sea_points(self) -> dict:
        """Sea id -> where its fleets are drawn (mm)."""
        if not self.geometry:
            return {}
        return {s["id"]: s["fleet_at"] for s in self.geometry["board"].get("seas", [])
                if "fleet_at" in s}

    def point_of(self, place: str):
        """A province's, frontier's or sea's point on the board (mm)."""
        places = self.places()
        return places[place]["at"] if place in places else self.sea_points()[place]

    def draw_motion(self) -> None:
        """The layer of the glide: the moving markers (each between a Translate and its
        undoing) and the pulsing rings; empty when nothing moves."""
        group = self._moving
        group.clear()
        self._shifts = []
        if not self._drawable() or not self.state or not (self._moves or self._pulsed):
            return
        k = self.scale()
        if self._pulsed:
            self._pulse_rings = InstructionGroup()
            group.add(self._pulse_colour)
            group.add(self._pulse_rings)
            self.fade_pulse()
        for key, frm in self._moves.items():
            drawn = InstructionGroup()
            self.draw_pieces(drawn, self.places(), k, only={key})
            if not drawn.length():
                continue
            there, back = Translate(0, 0), Translate(0, 0)
            old, new = self.to_px(self.point_of(frm)), self.to_px(self.point_of(key[1]))
            self._shifts.append((key, there, back, old[0] - new[0], old[1] - new[1]))
            group.add(there)
            group.add(drawn)
            group.add(back)
        self.move_markers()

    def move_markers(self, *_):
        """One frame of the glide: each moving marker's shift from its new place."""
        rest = 1.0 - self.glide
        for _key, there, back, dx, dy in self._shifts:
            there.x, there.y = dx * rest, dy * rest
            back.x, back.y = -dx * rest, -dy * rest

    def fade_pulse(self, *_):
        """One frame of the pulse: rings round the changed places, widening as they fade."""
        if not self._pulsed or not self._drawable():
            return
        self._pulse_colour.rgba = (*self.colour("route", "#7a1f12")[:3], self.pulse)
        rings, k = self._pulse_rings, self.scale()
        rings.clear()
        radius = self.radius(k) + dp(10) + dp(12) * (1.0 - self.pulse)
        for place in self._pulsed:
            x, y = self.to_px(self.point_of(place))
            for step in range(3):
                rings.add(Line(circle=(x, y, radius + step), width=1))

    def drawn_at(self, key) -> tuple[float, float] | None:
        """Where a marker's place is drawn now (a glide's shift included), in the widget's
        parent's coordinates; None if the state has no such marker (for tests)."""
        if key not in self.marker_keys():
            return None
        x, y = self.to_px(self.point_of(key[1]))
        for moving, there, _back, _dx, _dy in self._shifts:
            if moving == key:
                return x + there.x, y + there.y
        return x, y

    def marker_keys(self) -> list:
        """The keys of the markers the state shows: ("figure", province) for an army or an
        emperor's figure, ("passing", province, emperor) for an emperor beside another's
        province, ("fleet", sea, n) for the n-th fleet of a sea, ("disc", province)."""
        state = self.state or {}
        keys = [("disc", p) for p in state.get("discs") or {}]
        keys += [("figure", p) for p in state.get("figures") or {}]
        for emperor, where in (state.get("emperors") or {}).items():
            at = where.get("at")
            if at and (state.get("figures") or {}).get(at) != emperor:
                keys.append(("passing", at, emperor))
        seen: dict = {}
        for sea in state.get("fleets") or []:
            seen[sea] = seen.get(sea, -1) + 1
            keys.append(("fleet", sea, seen[sea]))
        return keys

    def draw_rings(self, *_):
        """A thick ring round each province of `highlight`."""
        group = self._rings
        group.clear()
        if not self._drawable() or not self.highlight:
            return
        places, k = self.places(), self.scale()
        # a ring of thin circles: thick lines cost a frame far more than a few thin ones
        radius = self.radius(k) + dp(2)
        gold, red = self.colour("gold", "#a87c1e"), self.colour("route", "#7a1f12")
        for province in self.highlight:
            if province in places:
                x, y = self.to_px(places[province]["at"])
                group.add(Color(*gold))
                for step in range(int(dp(4))):
                    group.add(Line(circle=(x, y, radius + step), width=1))
                group.add(Color(*red))
                group.add(Line(circle=(x, y, radius + int(dp(4))), width=1))

    def draw_seas(self, group, board) -> None:
        # clip sea areas to the board rectangle by drawing them, then the frame over the overflow
        group.add(Color(*self.colour("sea")))
        width, height = board["size"]
        for sea in board.get("seas", []):
            for area in sea["areas"]:
                self.polygon(group, [(min(max(x, 0), width), min(max(y, 0), height))
                                     for x, y in area])
        group.add(Color(*self.colour("land")))
        for island in board.get("islands", []):
            self.polygon(group, island)

    def draw_links(self, group, board, places) -> None:
        for link in board.get("links", []):
            points = [places[link["from"]]["at"], *link.get("via", []), places[link["to"]]["at"]]
            flat = [c for point in points for c in self.to_px(point)]
            if link.get("kind") == "broken":
                group.add(Color(*self.colour("broken")))
                group.add(Line(points=flat, width=1, dash_length=4, dash_offset=4))
            else:
                group.add(Color(*self.colour("ink", alpha=0.7)))
                group.add(Line(points=flat, width=1.1))

    def draw_places(self, group, board, k) -> None:
        tints = {r["id"]: r.get("tint", "#eeeeee") for r in board.get("regions", [])}
        radius = self.radius(k)
        for province in board["provinces"]:
            x, y = self.to_px(province["at"])
            group.add(Color(*rgba(tints.get(province["region"], "#eeeeee"))))
            group.add(Ellipse(pos=(x - radius, y - radius), size=(2 * radius, 2 * radius)))
            group.add(Color(*self.colour("ink")))
            group.add(Line(circle=(x, y, radius), width=1))
        for frontier in board["frontiers"]:
            x, y = self.to_px(frontier["at"])
            group.add(Color(*self.colour("frontier")))
            group.add(Ellipse(pos=(x - radius, y - radius), size=(2 * radius, 2 * radius)))
            group.add(Color(*self.colour("broken")))
            group.add(Line(circle=(x, y, radius), width=1.2))
        if self.names_shown():
            size = min(max(sp(11), radius * 0.45), sp(18))   # names grow a little with zoom
            for place in board["provinces"] + board["frontiers"]:
                if not self.collide_point(*self.to_px(place["at"])):
                    continue
                x, y = self.to_px(place["at"])
                name = place.get("name") or place["id"].replace("_", " ")
                half = text_texture(name, round(size), False).width / 2
                at = {"right": (x + radius + half + dp(2), y),
                      "left": (x - radius - half - dp(2), y),
                      "above": (x, y + radius + size * 0.7)}.get(
                          place.get("label"), (x, y - radius - size * 0.7))
                self.text(group, name, at, size, self.colour("ink"), bold=False)

    def figure_size(self, k: float) -> float:
        """An emperor's or an army's half-size: big enough for a readable initial."""
        return max(self.radius(k) * 0.85, dp(9))

    def draw_pieces(self, group, places, k, only=None) -> None:
        """The markers of the state (those of `only`, if given; without those gliding, if not)."""
        state, emperors = self.state, self.geometry["emperors"]
        skip = set(self._moves) if only is None else set()

        def shown(key) -> bool:
            return key in only if only is not None else key not in skip

        disc = self.radius(k) * 0.6
        for province, piece in (state.get("discs") or {}).items():
            if province not in places or not shown(("disc", province)):
                continue
            x, y = self.to_px(places[province]["at"])
            if piece in emperors:
                group.add(Color(*rgba(emperors[piece]["color"])))
            else:
                group.add(Color(*self.colour(piece)))
            group.add(Ellipse(pos=(x - disc - disc * 0.5, y - disc), size=(2 * disc, 2 * disc)))
            group.add(Color(*self.colour("parchment")))
            group.add(Line(circle=(x - disc * 0.5, y, disc), width=1))
        figure = self.figure_size(k)
        for province, piece in (state.get("figures") or {}).items():
            if province not in places or not shown(("figure", province)):
                continue
            x, y = self.to_px(places[province]["at"])
            x += figure * 0.6
            if piece == "army":
                group.add(Color(*self.colour("army")))
                group.add(Rectangle(pos=(x - figure * 0.8, y - figure * 0.8),
                                    size=(figure * 1.6,) * 2))
            elif piece in emperors:
                self.draw_emperor(group, piece, x, y, figure)
        # emperors passing through another's province stand beside that one
        for emperor, where in (state.get("emperors") or {}).items():
            at = where.get("at")
            if at and at in places and (state.get("figures") or {}).get(at) != emperor and \
                    shown(("passing", at, emperor)):
                x, y = self.to_px(places[at]["at"])
                self.draw_emperor(group, emperor, x + figure * 1.8, y + figure, figure)
        seen: dict[str, int] = {}
        seas = self.sea_points()
        for sea in state.get("fleets") or []:
            if sea not in seas:
                continue
            nth = seen[sea] = seen.get(sea, -1) + 1
            if not shown(("fleet", sea, nth)):
                continue
            x, y = self.to_px(seas[sea])
            x += nth * figure * 2.4
            group.add(Color(*self.colour("fleet")))
            group.add(Rectangle(pos=(x - figure, y - figure * 0.5), size=(figure * 2, figure)))

    def initial_size(self, figure: float) -> float:
        """The font size of an emperor's initial: never below 12 sp."""
        return max(figure * 1.4, sp(12))

    def draw_emperor(self, group, emperor, x, y, size) -> None:
        info = self.geometry["emperors"][emperor]
        group.add(Color(*rgba(info["color"])))
        group.add(Ellipse(pos=(x - size, y - size), size=(2 * size, 2 * size)))
        group.add(Color(*self.colour("ink")))
        group.add(Line(circle=(x, y, size), width=1))
        self.text(group, info.get("initial", emperor[:1].upper()), (x, y),
                  self.initial_size(size), self.colour("parchment"))


def _distance(a, b) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5


_PLACES: dict = {}


def _places(key: int, board: dict) -> dict:
    """Province and frontier id -> its entry of board.yaml (built once per board)."""
    if key not in _PLACES:
        _PLACES[key] = {p["id"]: p for p in board["provinces"] + board["frontiers"]}
    return _PLACES[key]


@lru_cache(maxsize=256)
def _tesselated(points: tuple) -> list:
    """A polygon's triangle fans in board millimetres (vertices x, y, u, v), made once."""
    tess = Tesselator()
    tess.add_contour([c for point in points for c in point])
    if not tess.tesselate(WINDING_ODD, TYPE_POLYGONS):
        return []
    return [(list(vertices), list(indices)) for vertices, indices in tess.meshes]
