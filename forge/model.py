"""The values that cross stage boundaries in a build: pieces, placements, pages.

Units: millimetres everywhere. A piece's `draw` function is called with a reportlab canvas whose
origin is the bottom-left corner of the piece's trim box and whose unit is one millimetre (the
imposition stage translates and scales before calling it). Art for the bleed is drawn outside the
trim box, from -bleed to width + bleed. Font sizes are therefore in millimetres too: use `pt(9)`
for a 9-point size.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

MM = 72 / 25.4          # PDF points in one millimetre
PT = 25.4 / 72          # millimetres in one PDF point

KINDS = ("board", "card", "counter", "sheet", "die", "standee")

Draw = Callable[[Any], None]   # called with a reportlab canvas set up in millimetres


def pt(points: float) -> float:
    """A size given in points (fonts, line widths), in millimetres."""
    return points * PT


@dataclass(frozen=True)
class Piece:
    """One printable piece: a counter, a standee, a die net, a sheet, the board."""

    component: str                  # id of the component in game.yaml
    kind: str                       # one of KINDS
    trim: tuple[float, float]       # width, height in mm
    bleed: float                    # mm of art beyond the trim on every side
    draw: Draw
    label: str = ""                 # shown in bookmarks and the checklist, already translated
    back: Draw | None = None        # the other face of a two-sided piece (a card's back)
    key: Any = None                 # JSON-able description of everything `draw` and `back`
    # depend on (data, style, palette): the piece cache re-renders a piece when it changes.
    # None: the kit stage uses the maker's declared inputs (see forge.render.maker).
    pictures: tuple = ()            # the art files (forge.pictures.Picture) its faces place
    keep_clear: tuple = ()          # a board's spaces, which seams of its tiles avoid: circles
    # (x, y, r) and rectangles (x0, y0, x1, y1) in piece mm (forge.layout.tile_board)


@dataclass(frozen=True)
class Component:
    """A component of the kit as the manifest reports it, with the pieces that make it."""

    id: str
    kind: str
    family: str                     # which PDF file it is printed in
    name: str                       # translated name, for the checklist
    count: int
    trim: tuple[float, float]
    pieces: tuple[Piece, ...]
    shared_cuts: bool = False       # identical pieces laid edge to edge, one cut between them
    cut_marks: bool = True          # False when the art draws its own cut outline (die nets)
    howto: str = ""                 # translated: how to cut, fold or glue it
    handout: bool = False           # copies handed out one a player: a sheet of its own each


@dataclass(frozen=True)
class Placement:
    """A piece placed on a page; x, y is the bottom-left of its trim box in mm."""

    piece: Piece
    x: float
    y: float
    clip: tuple[float, float, float, float] | None = None   # piece mm: x0, y0, x1, y1
    face: str = "front"             # "front" draws piece.draw, "back" draws piece.back
    rotation: int = 0               # 0, 90, 180 or 270: degrees anticlockwise about the trim
    # box's centre

    def on_page(self, rect: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        """A rectangle given in piece mm (x0, y0, x1, y1), in page mm: placed and turned."""
        w, h = self.piece.trim
        points = []
        for u, v in ((rect[0], rect[1]), (rect[2], rect[3])):
            u, v = u - w / 2, v - h / 2
            for _ in range(self.rotation // 90):
                u, v = -v, u
            points.append((self.x + w / 2 + u, self.y + h / 2 + v))
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return min(xs), min(ys), max(xs), max(ys)


@dataclass(frozen=True)
class Mark:
    """A straight line in mm page coordinates (crop marks, alignment marks)."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass
class Page:
    """One output page: its size, the pieces on it and the marks around them."""

    size: tuple[float, float]
    placements: list[Placement] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    decorate: list[Draw] = field(default_factory=list)   # page-level drawing in mm page coords
    side: str = "front"             # "front", "back" (of the page before it or of a front
    # page in fronts-then-backs order), "fold" (fronts and backs on one page) or "blank"
    turned: bool = False            # a landscape layout turned onto a portrait page
