"""A Kivy widget drawing the Tetrarchia board from board.yaml geometry and a game state.

Geometry (millimetres on a 390 x 255 board) is scaled to the widget and centred. Seas are filled
polygons, links lines (broken ones dashed in the palette's broken colour), provinces circles tinted
by region, frontiers circles in the frontier colour; on top the discs of `state["discs"]`, the
figures of `state["figures"]` (armies as squares, emperors as circles with their initial) and the
fleets in their seas. Set `state` and it redraws; no rules here, only the picture of a state.
A tap on a province or frontier dispatches `on_province(province_id)`.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.graphics.tesselator import TYPE_POLYGONS, WINDING_ODD, Tesselator
from kivy.graphics import Mesh
from kivy.metrics import dp
from kivy.properties import DictProperty, ObjectProperty
from kivy.uix.widget import Widget

from companion.theme import rgba

CIRCLE_MM = 5.5        # province circle radius on the printed board's scale


@lru_cache(maxsize=4)
def load_geometry(content_dir: str) -> dict:
    """board.yaml and game.yaml of Tetrarchia, read once."""
    import yaml

    folder = Path(content_dir) / "tetrarchia"
    board = yaml.safe_load((folder / "board.yaml").read_text(encoding="utf-8"))
    game = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
    return {"board": board, "palette": game.get("palette") or {},
            "emperors": {e["id"]: e for e in game.get("emperors") or []}}


class BoardView(Widget):
    """The board, scaled to the widget; `state` is a Tetrarchia state (dict) or None."""

    state = ObjectProperty(None, allownone=True)
    geometry = DictProperty({})

    def __init__(self, **kwargs):
        self.register_event_type("on_province")
        super().__init__(**kwargs)
        self.bind(pos=self.redraw, size=self.redraw, state=self.redraw, geometry=self.redraw)

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
        if self.collide_point(*touch.pos):
            touch.ud[("board", id(self))] = self.province_at(*touch.pos)
            return True
        return super().on_touch_down(touch)

    def on_touch_up(self, touch):
        province = touch.ud.get(("board", id(self)))
        if province and self.collide_point(*touch.pos) and \
                self.province_at(*touch.pos) == province:
            self.dispatch("on_province", province)
            return True
        return super().on_touch_up(touch)

    def centre_of(self, province: str) -> tuple[float, float]:
        """Where a province is drawn, in the widget's parent's coordinates (for tests)."""
        return self.to_px(self.places()[province]["at"])

    def load(self, content_dir) -> None:
        self.geometry = load_geometry(str(content_dir))

    # --- coordinates --------------------------------------------------------------------------

    def scale(self) -> float:
        width, height = self.geometry["board"]["size"]
        return min(self.width / width, self.height / height)

    def to_px(self, at) -> tuple[float, float]:
        width, height = self.geometry["board"]["size"]
        k = self.scale()
        left = self.x + (self.width - width * k) / 2
        bottom = self.y + (self.height - height * k) / 2
        return left + at[0] * k, bottom + at[1] * k

    @staticmethod
    def radius(k: float) -> float:
        """A province circle's radius in pixels: the printed size, never below 6 dp."""
        return max(CIRCLE_MM * k, dp(6))

    def places(self) -> dict:
        board = self.geometry["board"]
        return {p["id"]: p for p in board["provinces"] + board["frontiers"]}

    # --- drawing ------------------------------------------------------------------------------

    def colour(self, name: str, fallback: str = "#808080", alpha: float = 1.0):
        return rgba(self.geometry["palette"].get(name, fallback), alpha)

    def polygon(self, points) -> None:
        """A filled (possibly concave) polygon in board millimetres."""
        tess = Tesselator()
        flat = []
        for point in points:
            flat.extend(self.to_px(point))
        tess.add_contour(flat)
        if not tess.tesselate(WINDING_ODD, TYPE_POLYGONS):
            return
        for vertices, indices in tess.meshes:
            Mesh(vertices=vertices, indices=indices, mode="triangle_fan")

    def text(self, text: str, at, size: float, colour) -> None:
        label = CoreLabel(text=text, font_size=size, bold=True)
        label.refresh()
        texture = label.texture
        Color(*colour)
        Rectangle(texture=texture, size=texture.size,
                  pos=(at[0] - texture.size[0] / 2, at[1] - texture.size[1] / 2))

    def redraw(self, *_):
        self.canvas.clear()
        if not self.geometry or self.width < 10 or self.height < 10:
            return
        board, k = self.geometry["board"], self.scale()
        places = self.places()
        width, height = board["size"]
        with self.canvas:
            Color(*self.colour("land"))
            left, bottom = self.to_px((0, 0))
            Rectangle(pos=(left, bottom), size=(width * k, height * k))
            self.draw_seas(board)
            self.draw_links(board, places, k)
            self.draw_places(board, k)
            if self.state:
                self.draw_pieces(places, k)

    def draw_seas(self, board) -> None:
        # clip sea areas to the board rectangle by drawing them, then the frame over the overflow
        Color(*self.colour("sea"))
        for sea in board.get("seas", []):
            for area in sea["areas"]:
                width, height = board["size"]
                self.polygon([(min(max(x, 0), width), min(max(y, 0), height)) for x, y in area])
        Color(*self.colour("land"))
        for island in board.get("islands", []):
            self.polygon(island)

    def draw_links(self, board, places, k) -> None:
        for link in board.get("links", []):
            points = [places[link["from"]]["at"], *link.get("via", []), places[link["to"]]["at"]]
            flat = [c for point in points for c in self.to_px(point)]
            if link.get("kind") == "broken":
                Color(*self.colour("broken"))
                Line(points=flat, width=1, dash_length=4, dash_offset=4)
            else:
                Color(*self.colour("ink", alpha=0.7))
                Line(points=flat, width=1.1)

    def draw_places(self, board, k) -> None:
        tints = {r["id"]: r.get("tint", "#eeeeee") for r in board.get("regions", [])}
        radius = self.radius(k)
        for province in board["provinces"]:
            x, y = self.to_px(province["at"])
            Color(*rgba(tints.get(province["region"], "#eeeeee")))
            Ellipse(pos=(x - radius, y - radius), size=(2 * radius, 2 * radius))
            Color(*self.colour("ink"))
            Line(circle=(x, y, radius), width=1)
        for frontier in board["frontiers"]:
            x, y = self.to_px(frontier["at"])
            Color(*self.colour("frontier"))
            Ellipse(pos=(x - radius, y - radius), size=(2 * radius, 2 * radius))
            Color(*self.colour("broken"))
            Line(circle=(x, y, radius), width=1.2)

    def draw_pieces(self, places, k) -> None:
        state, emperors = self.state, self.geometry["emperors"]
        disc = self.radius(k) * 0.6
        for province, piece in (state.get("discs") or {}).items():
            if province not in places:
                continue
            x, y = self.to_px(places[province]["at"])
            if piece in emperors:
                Color(*rgba(emperors[piece]["color"]))
            else:
                Color(*self.colour(piece))
            Ellipse(pos=(x - disc - disc * 0.5, y - disc), size=(2 * disc, 2 * disc))
            Color(*self.colour("parchment"))
            Line(circle=(x - disc * 0.5, y, disc), width=1)
        figure = self.radius(k) * 0.85
        for province, piece in (state.get("figures") or {}).items():
            if province not in places:
                continue
            x, y = self.to_px(places[province]["at"])
            x += figure * 0.6
            if piece == "army":
                Color(*self.colour("army"))
                Rectangle(pos=(x - figure * 0.8, y - figure * 0.8), size=(figure * 1.6,) * 2)
            elif piece in emperors:
                self.draw_emperor(piece, x, y, figure)
        # emperors passing through another's province stand beside that one
        for emperor, where in (state.get("emperors") or {}).items():
            at = where.get("at")
            if at and at in places and (state.get("figures") or {}).get(at) != emperor:
                x, y = self.to_px(places[at]["at"])
                self.draw_emperor(emperor, x + figure * 1.8, y + figure, figure)
        seen: dict[str, int] = {}
        seas = {s["id"]: s for s in self.geometry["board"].get("seas", [])}
        for sea in state.get("fleets") or []:
            if sea not in seas:
                continue
            nth = seen[sea] = seen.get(sea, -1) + 1
            x, y = self.to_px(seas[sea]["fleet_at"])
            x += nth * figure * 2.4
            Color(*self.colour("fleet"))
            Rectangle(pos=(x - figure, y - figure * 0.5), size=(figure * 2, figure))

    def draw_emperor(self, emperor, x, y, size) -> None:
        info = self.geometry["emperors"][emperor]
        Color(*rgba(info["color"]))
        Ellipse(pos=(x - size, y - size), size=(2 * size, 2 * size))
        Color(*self.colour("ink"))
        Line(circle=(x, y, size), width=1.2)
        self.text(info.get("initial", emperor[:1].upper()), (x, y), max(size * 1.5, 8),
                  self.colour("parchment"))
