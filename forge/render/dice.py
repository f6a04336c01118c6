"""Printable dice: a cube net in a cross, with glue tabs, to cut, fold and glue.

Style of a `die-net` component:

- `faces`: the six face texts, for the values 1 to 6 in order;
- `pips`: true draws pips for the values 1-6; false prints the face texts (Roman numerals in
  Garamond, say);
- `fill`, `ink` (optional): palette colours of the faces and of their pips or numerals.
- a face written `icon:<name>` shows that icon of forge/render/icons.py (`icon:blank` is an empty
  face), for symbol dice;
- `faces_from: dice` (instead of `faces`): the six faces are the `faces` list of the `dice`
  entry of the game's tables.yaml, each an icon name. When that entry has a `gap` (the split of
  faces is our reading, not the rulebook's), the net prints a translated note saying so in its
  free corner; `reading: true` prints the note for faces written in the style.

With the ink saver (`ctx.ink == "saver"`) the faces are left white and the glue tabs get a faint
tint of the ink, so only the lines, pips and numerals use ink.

The net is the conventional one: the outline is the cut line (solid), folds are dashed. Opposite
faces sum to seven and 1, 2, 3 run anticlockwise around their corner, as on Western dice. Which
face lands where is worked out by rolling a cube over the net, so the layout can change safely.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from reportlab.lib.colors import HexColor

from forge import fonts
from forge.errors import UserError
from forge.i18n import N_
from forge.ink import color_for
from forge.model import Piece, pt
from forge.render import art, icons, maker, textfit

FACE = 20.0               # mm, the side of a face
TAB = 6.5                 # mm, depth of a glue tab
TAB_SLANT = 4.0           # mm each end of a tab is cut back (a trapezoid)
MARGIN = 0.5              # mm between the net and the trim box (room for the line width)
CUT_WIDTH = pt(0.7)
FOLD_WIDTH = pt(0.6)
FOLD_DASH = (0.8, 0.9)
ICON = "icon:"            # a face written 'icon:<name>' shows that icon
ICON_SHARE = 0.66         # an icon's size as a share of the face
ICON_VERSION = 1          # part of the key of nets with icons: bump it when their drawing changes
NOTE_PAD = 1.0            # mm around the note in the net's free corner
READING_NOTE = N_("How many faces carry each symbol is our reading of the rules: "
                  "compare with your own dice.")

# The cross: a row of four faces with one face above and one below the second. Cells are
# (column, row); each cell gets its value 1-6 so that opposite faces sum to seven.
CELLS = ((0, 1), (1, 1), (2, 1), (3, 1), (1, 2), (1, 0))
VALUES = {(1, 1): 1, (1, 2): 2, (0, 1): 3, (2, 1): 4, (1, 0): 5, (3, 1): 6}

DIRECTIONS = {"right": (1, 0), "up": (0, 1), "down": (0, -1), "left": (-1, 0)}
TAB_PREFERENCE = ("right", "up", "down", "left")   # where a tab goes when either edge would do

Vector = tuple[int, int, int]


# --- geometry: folding the net ------------------------------------------------------------------

def _roll(vector: Vector, direction: tuple[int, int]) -> Vector:
    """Where a world direction of the cube goes when the cube tips over one cell."""
    x, y, z = vector
    dx, dy = direction
    if dx:
        return (dx * z, y, -dx * x) if dx > 0 else (-z, y, x)
    return (x, dy * z, -dy * y) if dy > 0 else (x, -z, y)


def _apply(rotation: tuple[Vector, Vector, Vector], v: Vector) -> Vector:
    return tuple(sum(rotation[i][k] * v[k] for k in range(3)) for i in range(3))


def _transpose_apply(rotation, v: Vector) -> Vector:
    return tuple(sum(rotation[k][i] * v[k] for k in range(3)) for i in range(3))


def fold(cells) -> dict[tuple[int, int], tuple]:
    """Roll a cube across the net from its first cell: each cell's cube rotation.

    The rotation maps the cube's own axes to the world's; the face a cell becomes is the cube
    axis that points down (into the paper) there. Raises ValueError if the cells are no cube net.
    """
    cells = list(cells)
    identity = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    found = {cells[0]: identity}
    queue = [cells[0]]
    while queue:
        cell = queue.pop(0)
        rotation = found[cell]
        for d in DIRECTIONS.values():
            nxt = (cell[0] + d[0], cell[1] + d[1])
            if nxt in cells and nxt not in found:
                columns = [_roll(tuple(row[i] for row in rotation), d) for i in range(3)]
                found[nxt] = tuple(tuple(col[r] for col in columns) for r in range(3))
                queue.append(nxt)
    faces = {face_axis(r) for r in found.values()}
    if len(found) != len(cells) or len(faces) != 6 or len(cells) != 6:
        raise ValueError("these cells do not fold into a cube")
    return found


def face_axis(rotation) -> Vector:
    """The cube's own axis that faces the paper in a cell (which face of the cube it is)."""
    return _transpose_apply(rotation, (0, 0, -1))


def opposite_pairs(cells) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The pairs of cells that become opposite faces of the cube."""
    axes = {cell: face_axis(r) for cell, r in fold(cells).items()}
    pairs = []
    for a, va in axes.items():
        for b, vb in axes.items():
            if a < b and all(x == -y for x, y in zip(va, vb)):
                pairs.append((a, b))
    return pairs


@dataclass(frozen=True, order=True)
class Edge:
    """A side of a face cell on the outline of the net."""

    cell: tuple[int, int]
    side: str             # right, up, down, left


def outline_edges(cells) -> list[Edge]:
    """The sides of faces with no face beyond them: the outline of the net."""
    return [Edge(cell, side) for cell in cells for side, (dx, dy) in DIRECTIONS.items()
            if (cell[0] + dx, cell[1] + dy) not in cells]


def tab_edges(cells) -> list[Edge]:
    """The outline edges that carry a glue tab: one of each pair that meet when folded.

    Tabs go where they stay within the faces' bounding box when they can, then by
    TAB_PREFERENCE, so the net stays compact and most tabs sit on right edges.
    """
    rotations = fold(cells)
    pairs: dict[frozenset, list[Edge]] = {}
    for edge in outline_edges(cells):
        rotation = rotations[edge.cell]
        dx, dy = DIRECTIONS[edge.side]
        key = frozenset((face_axis(rotation), _transpose_apply(rotation, (dx, dy, 0))))
        pairs.setdefault(key, []).append(edge)
    columns = [x for x, _ in cells]
    rows = [y for _, y in cells]

    def rank(edge: Edge):
        dx, dy = DIRECTIONS[edge.side]
        x, y = edge.cell[0] + dx, edge.cell[1] + dy
        outside = not (min(columns) <= x <= max(columns) and min(rows) <= y <= max(rows))
        return outside, TAB_PREFERENCE.index(edge.side), edge.cell

    if any(len(edges) != 2 for edges in pairs.values()):
        raise ValueError("the outline of these cells does not pair up into cube edges")
    return sorted(min(edges, key=rank) for edges in pairs.values())


def net_size(cells=CELLS) -> tuple[float, float]:
    """Width and height of the net with its tabs and margin (mm): the die's trim."""
    x0, y0, x1, y1 = _net_bounds(cells)
    return x1 - x0 + 2 * MARGIN, y1 - y0 + 2 * MARGIN


def _net_bounds(cells) -> tuple[float, float, float, float]:
    boxes = [_face_box(cell) for cell in cells] + [_tab_box(e) for e in tab_edges(cells)]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def _face_box(cell):
    x, y = cell[0] * FACE, cell[1] * FACE
    return x, y, x + FACE, y + FACE


def _tab_box(edge: Edge):
    x0, y0, x1, y1 = _face_box(edge.cell)
    return {"right": (x1, y0, x1 + TAB, y1), "left": (x0 - TAB, y0, x0, y1),
            "up": (x0, y1, x1, y1 + TAB), "down": (x0, y0 - TAB, x1, y0)}[edge.side]


def _tab_outline(edge: Edge) -> list[tuple[float, float]]:
    """The trapezoid's corners, from one end of the face edge round to the other."""
    x0, y0, x1, y1 = _face_box(edge.cell)
    t, s = TAB, TAB_SLANT
    return {
        "right": [(x1, y0), (x1 + t, y0 + s), (x1 + t, y1 - s), (x1, y1)],
        "left": [(x0, y0), (x0 - t, y0 + s), (x0 - t, y1 - s), (x0, y1)],
        "up": [(x0, y1), (x0 + s, y1 + t), (x1 - s, y1 + t), (x1, y1)],
        "down": [(x0, y0), (x0 + s, y0 - t), (x1 - s, y0 - t), (x1, y0)],
    }[edge.side]


def _edge_line(edge: Edge) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = _face_box(edge.cell)
    return {"right": (x1, y0, x1, y1), "left": (x0, y0, x0, y1),
            "up": (x0, y1, x1, y1), "down": (x0, y0, x1, y0)}[edge.side]


# --- the maker ----------------------------------------------------------------------------------

@maker("die-net", reads=("game", "tables"))
def make_die_nets(component: dict, ctx) -> list[Piece]:
    """One cube net per copy of a die component, drawn inside the component's trim."""
    style = component.get("style") or {}
    note = ""
    if "faces_from" in style:
        faces, note = _faces_from(component, style["faces_from"], ctx)
    else:
        faces = [str(f) for f in style.get("faces", [])]
    if len(faces) != 6:
        raise UserError(f"component '{component['id']}': a die needs six 'faces' "
                        f"(it has {len(faces)})")
    for face in faces:
        if face.startswith(ICON) and face[len(ICON):] not in icons.ICONS:
            raise UserError(f"component '{component['id']}': unknown icon '{face[len(ICON):]}' "
                            f"on a face (known: {', '.join(icons.ICONS)})")
    if style.get("reading") and not note:
        note = ctx.tr._(READING_NOTE)
    trim = tuple(component["trim"])
    need = net_size()
    if trim[0] + 1e-6 < need[0] or trim[1] + 1e-6 < need[1]:
        raise UserError(f"component '{component['id']}': trim {list(trim)} is smaller than the "
                        f"die net ({need[0]:g} x {need[1]:g} mm)")
    palette = ctx.game.get("palette", {})
    fill = ctx.color(style["fill"]) if "fill" in style else \
        palette.get("parchment", color_for(art.LIGHT, ctx.ink))
    ink = ctx.color(style["ink"]) if "ink" in style else \
        palette.get("ink", color_for(art.DARK, ctx.ink))
    tab_fill = art.mix(fill, "#ffffff", 0.5)
    if ctx.ink == "saver":
        fill, tab_fill = "#ffffff", art.tint(ink, 0.07)
    pips = bool(style.get("pips"))
    if note:
        draw = partial(draw_net, faces=faces, pips=pips, fill=fill, ink=ink, trim=trim,
                       tab_fill=tab_fill, note=note)
    else:
        draw = partial(draw_net, faces=faces, pips=pips, fill=fill, ink=ink, trim=trim,
                       tab_fill=tab_fill)
    key = None
    if note or any(f.startswith(ICON) for f in faces):
        key = {"maker": "die-net", "version": ICON_VERSION, "faces": faces, "pips": pips,
               "fill": fill, "ink": ink, "tab_fill": tab_fill, "note": note,
               "trim": list(trim), "bleed": component.get("bleed", 0)}
    return [Piece(component["id"], component["kind"], trim, component.get("bleed", 0), draw,
                  component["name"], key=key) for _ in range(component["count"])]


def _faces_from(component: dict, source: str, ctx) -> tuple[list[str], str]:
    """Faces read from the game's tables.yaml (`faces_from: dice`): its list of symbols, each an
    icon; when the data marks them as a reading (a `gap`), the net says so."""
    dice = (ctx.data.get("tables") or {}).get(source)
    if not isinstance(dice, dict) or not dice.get("faces"):
        raise UserError(f"component '{component['id']}': faces_from '{source}' needs a "
                        f"'{source}' entry with 'faces' in the game's tables.yaml")
    faces = [ICON + str(name) for name in dice["faces"]]
    return faces, ctx.tr._(READING_NOTE) if dice.get("gap") else ""


def draw_net(c, faces: list[str], pips: bool, fill: str, ink: str, trim,
             tab_fill: str | None = None, note: str = "") -> None:
    """The whole net, centred in the trim: faces, tabs, the cut outline and the fold lines.

    `tab_fill`: the glue tabs' colour (a paler tone of `fill` unless given). A face written
    'icon:<name>' shows that icon of forge/render/icons.py. `note`: a few words printed in the
    free corner of the net (that the faces are a reading, say)."""
    x0, y0, x1, y1 = _net_bounds(CELLS)
    c.saveState()
    c.translate((trim[0] - (x1 - x0)) / 2 - x0, (trim[1] - (y1 - y0)) / 2 - y0)
    tabs = tab_edges(CELLS)
    if tab_fill is None:
        tab_fill = art.mix(fill, "#ffffff", 0.5)
    for edge in tabs:
        _polygon(c, _tab_outline(edge), fill=tab_fill, stroke=ink, width=CUT_WIDTH)
    for cell in CELLS:
        bx, by, _, _ = _face_box(cell)
        c.setFillColor(HexColor(fill))
        c.rect(bx, by, FACE, FACE, stroke=0, fill=1)
        value = VALUES[cell]
        if pips:
            _draw_pips(c, value, bx, by, ink)
        elif faces[value - 1].startswith(ICON):
            icons.draw_icon(c, faces[value - 1][len(ICON):], bx + FACE / 2, by + FACE / 2,
                          FACE * ICON_SHARE, ink, knock=fill)
        else:
            _draw_numeral(c, faces[value - 1], bx, by, ink)
    _draw_lines(c, tabs, ink)
    if note:
        _draw_note(c, note, tabs, ink)
    c.restoreState()


def _draw_note(c, note: str, tabs: list[Edge], ink: str) -> None:
    """The note, in the largest free corner of the net's bounding box (no face, no tab)."""
    x0, y0, x1, y1 = _net_bounds(CELLS)
    best = None
    for corner in ((x1, y1), (x1, y0), (x0, y1), (x0, y0)):
        box = _free_box(corner, tabs)
        if box and (best is None or box[2] * box[3] > best[2] * best[3]):
            best = box
    if best is None:
        return
    x, y, w, h = best
    lines, size = textfit.fit_lines(note, fonts.SERIF_ITALIC, pt(6.5), w - 2 * NOTE_PAD, 5)
    lead = size * 1.12
    while len(lines) * lead > h - 2 * NOTE_PAD and size > pt(4):
        size *= 0.95
        lead = size * 1.12
        lines, size = textfit.fit_lines(note, fonts.SERIF_ITALIC, size, w - 2 * NOTE_PAD, 6)
    c.setFillColor(HexColor(ink))
    top = y + h / 2 + (len(lines) * lead) / 2 - size * 0.8
    for i, line in enumerate(lines):
        c.setFont(fonts.SERIF_ITALIC, size)
        c.drawCentredString(x + w / 2, top - i * lead, line)


def _free_box(corner, tabs: list[Edge]):
    """The largest rectangle reaching out from a corner of the bounding box that holds no face
    and no tab: (x, y, w, h), or None."""
    x0, y0, x1, y1 = _net_bounds(CELLS)
    blocks = [_face_box(cell) for cell in CELLS] + [_tab_box(e) for e in tabs]
    cx, cy = corner
    best = None
    steps = [i * 0.5 for i in range(1, int((x1 - x0) / 0.5) + 1)]
    for wide in steps:
        bx0, bx1 = (cx - wide, cx) if cx == x1 else (cx, cx + wide)
        tall = 0.0
        for high in steps:
            by0, by1 = (cy - high, cy) if cy == y1 else (cy, cy + high)
            if by1 - by0 > y1 - y0 or any(
                    bx0 < b[2] - 1e-6 and b[0] < bx1 - 1e-6 and by0 < b[3] - 1e-6
                    and b[1] < by1 - 1e-6 for b in blocks):
                break
            tall = high
        if not tall:
            break
        if best is None or wide * tall > best[2] * best[3]:
            best = (min(bx0, bx1), cy - tall if cy == y1 else cy, wide, tall)
    return best


def _draw_lines(c, tabs: list[Edge], ink: str) -> None:
    """Solid cut lines on the outline where there is no tab; dashed folds everywhere else."""
    c.setStrokeColor(HexColor(ink))
    outline = outline_edges(CELLS)
    c.setLineWidth(CUT_WIDTH)
    c.setLineCap(2)
    for edge in outline:
        if edge not in tabs:
            c.line(*_edge_line(edge))
    c.saveState()
    c.setLineWidth(FOLD_WIDTH)
    c.setLineCap(1)
    c.setDash(*FOLD_DASH)
    for edge in tabs:
        c.line(*_edge_line(edge))
    for cell in CELLS:
        for side in ("right", "up"):
            dx, dy = DIRECTIONS[side]
            if (cell[0] + dx, cell[1] + dy) in CELLS:
                c.line(*_edge_line(Edge(cell, side)))
    c.restoreState()


def _polygon(c, points, fill: str, stroke: str, width: float) -> None:
    p = c.beginPath()
    p.moveTo(*points[0])
    for point in points[1:]:
        p.lineTo(*point)
    c.setFillColor(HexColor(fill))
    c.setStrokeColor(HexColor(stroke))
    c.setLineWidth(width)
    c.setLineJoin(1)
    c.drawPath(p, stroke=0, fill=1)
    c.drawPath(p, stroke=1, fill=0)      # three sides cut; the fourth is redrawn as a fold


PIP_SPOTS = {                              # in thirds of the face, from its centre
    1: [(0, 0)],
    2: [(-1, 1), (1, -1)],
    3: [(-1, 1), (0, 0), (1, -1)],
    4: [(-1, 1), (1, 1), (-1, -1), (1, -1)],
    5: [(-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)],
    6: [(-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)],
}


def _draw_pips(c, value: int, x: float, y: float, ink: str) -> None:
    c.setFillColor(HexColor(ink))
    step = FACE * 0.27
    radius = FACE * (0.095 if value > 1 else 0.13)
    for i, j in PIP_SPOTS[value]:
        c.circle(x + FACE / 2 + i * step, y + FACE / 2 + j * step, radius, stroke=0, fill=1)


def _draw_numeral(c, text: str, x: float, y: float, ink: str) -> None:
    lines, size = textfit.fit_lines(text, fonts.SERIF_BOLD, FACE * 0.5, FACE * 0.72, 1)
    art.draw_letter(c, lines[0], x + FACE / 2, y + FACE / 2, size * 0.66, ink,
                    font=fonts.SERIF_BOLD)
