"""Storage: a tuck box sized to each deck, and labels for the envelopes the tokens are kept in.

`tuck-box`: one page holding the die-line of a one-piece tuck box (back, side, front, side and a
glue tab in a row; a lid with a tuck flap on the back, a bottom with a glued flap on the front,
dust flaps on both sides; a thumb notch in the front's top edge). Its inside is the card (or
sleeve) plus `clearance` on width and height, and the deck's thickness plus `clearance` in
depth: `card_microns` per card (320: 300 g/m2 card), plus `sleeve_microns` per card when
`sleeved` (the card's size is then the `sleeve`'s, 66 x 91 mm unless given). The component names its deck with `deck:` (a deck of cards.yaml; the card
component printing that deck gives the card's size), or several decks sharing one box with
the style's `decks:`. Cut lines are solid, fold lines dashed, glue areas hatched. The box is
laid upright on the page, or across it when only that fits; a box too big for the paper is
refused with its size. A component with a `trim` gets a piece of that size instead of a whole
page (the die-line and its notes must fit it), so other pieces can share the page.

`envelope-labels`: one label per group of tokens (`trim` of the component, e.g. 70 x 36 mm),
cut edge to edge. A group is one counter component of the game, or several listed in the
style's `groups:` with a name from the component's `labels:`. Each label shows the tokens as
printed (a sample of each kind), the group's name, how many of each kind and the game's title.
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields
from functools import partial

from reportlab.lib.colors import HexColor

from forge import fonts
from forge.errors import UserError
from forge.i18n import N_
from forge.ink import color_for
from forge.model import Piece, pt
from forge.render import MAKERS, art, icons, maker, shapes, textfit
from forge.render.cards import deck_total, game_decks, prints_deck
from forge.render.sheets import format_number

CARD_THICKNESS = 0.32     # mm per card of 300 g/m2
SLEEVE_THICKNESS = 0.12   # mm a sleeve adds to a card (two layers of a standard sleeve)
SLEEVE_SIZE = (66.0, 91.0)   # mm, standard sleeves for poker-size cards
CLEARANCE = 1.5           # mm added to the width, height and depth of the inside
PAGE_MARGIN = 8.0         # mm between the die-line and the paper's edge
TRIM_MARGIN = 0.5         # mm between the die-line and the trim of a box given a `trim`
GLUE_TAB = 8.0            # mm
GLUE_SLANT = 4.0          # mm each end of the glue tab is cut back
TUCK_EXTRA = 3.0          # mm the tuck flap is longer than the box is deep
MIN_TUCK = 15.0           # mm
MIN_DUST = 8.0            # mm, the shortest dust flap
TUCK_INSET = 1.0          # mm the tuck and bottom flaps are narrower at each side
TUCK_CORNER = 5.0         # mm cut off the tuck flap's outer corners
DUST_TAPER = 0.3          # share of a dust flap's base cut back on its free end
CUT_WIDTH = pt(0.75)
FOLD_WIDTH = pt(0.5)
FOLD_DASH = (2.0, 1.5)    # mm on, mm off
HATCH_STEP = 2.2          # mm between the hatching lines of glue areas
MIN_TEXT = pt(6.0)
BOX_NOTE = N_("Tuck box for {count} cards of {width} × {height} mm without sleeves: inside "
              "{inner_width} × {inner_height} × {inner_depth} mm.")
SLEEVED_NOTE = N_("Tuck box for {count} sleeved cards ({width} × {height} mm sleeves): inside "
                  "{inner_width} × {inner_height} × {inner_depth} mm.")
HOW_NOTE = N_("Print on card, 200–300 g/m². Cut along the solid lines, fold along the dashed "
              "lines and glue the hatched flaps inside.")


# --- geometry of the box ------------------------------------------------------------------------

@dataclass(frozen=True)
class Box:
    """The inside of a tuck box and the flaps that close it, in mm."""

    width: float          # across the front
    height: float         # the cards' long side
    depth: float          # the deck's thickness
    tuck: float           # the lid's tuck flap
    bottom: float         # the bottom's glued flap
    dust: float           # how far a dust flap reaches in
    notch: float          # radius of the thumb notch
    glue: float = GLUE_TAB

    @property
    def flat(self) -> tuple[float, float]:
        """Width and height of the whole die-line laid flat."""
        return (2 * self.width + 2 * self.depth + self.glue,
                self.bottom + self.depth + self.height + self.depth + self.tuck)

    @property
    def body_y(self) -> float:
        """Where the four walls start, above the bottom and its flap."""
        return self.bottom + self.depth


def box_for(card: tuple[float, float], cards: int, thickness: float,
            clearance: float = CLEARANCE) -> Box:
    """The box for `cards` cards of size `card` (w, h) and `thickness` each."""
    w, h = card[0] + clearance, card[1] + clearance
    d = cards * thickness + clearance
    dust = min(w / 2 - 1.0, max(d, MIN_DUST))
    return Box(w, h, d, tuck=max(MIN_TUCK, d + TUCK_EXTRA), bottom=min(max(12.0, 0.6 * d), 20.0),
               dust=dust, notch=min(8.0, w / 6))


def columns(box: Box) -> list[tuple[str, float, float]]:
    """The walls left to right: (name, x, width); the glue tab closes the row."""
    w, d = box.width, box.depth
    return [("back", 0.0, w), ("side", w, d), ("front", w + d, w), ("side", 2 * w + d, d),
            ("glue", 2 * w + 2 * d, box.glue)]


def parts(box: Box) -> dict[str, list]:
    """Every face and flap as a polygon (a list of points), by what it is."""
    w, h, d = box.width, box.height, box.depth
    y0, y1 = box.body_y, box.body_y + h
    back, _, front, _, glue = [c[1] for c in columns(box)]
    out = {"face": [], "flap": [], "glue": []}
    for name, x, cw in columns(box)[:4]:
        if name == "front":
            out["face"].append([(x, y0), (x + cw, y0), (x + cw, y1)] + _notch(box, x) + [(x, y1)])
        else:
            out["face"].append(_rect(x, y0, cw, h))
        if name == "side":
            taper = DUST_TAPER * d
            out["flap"].append([(x, y1), (x + d, y1), (x + d - taper, y1 + box.dust),
                                (x + taper, y1 + box.dust)])
            out["flap"].append([(x, y0), (x + taper, y0 - box.dust),
                                (x + d - taper, y0 - box.dust), (x + d, y0)])
    out["face"].append(_rect(back, y1, w, d))                   # lid
    out["face"].append(_rect(front, y0 - d, w, d))              # bottom
    out["flap"].append(_tuck(box, back, y1 + d))
    i = TUCK_INSET
    out["glue"].append([(front, y0 - d), (front + i, y0 - d - box.bottom),
                        (front + w - i, y0 - d - box.bottom), (front + w, y0 - d)])
    s = min(GLUE_SLANT, h / 4)
    out["glue"].append([(glue, y0), (glue + box.glue, y0 + s), (glue + box.glue, y1 - s),
                        (glue, y1)])
    return out


def folds(box: Box) -> list[tuple[float, float, float, float]]:
    """The fold lines (x1, y1, x2, y2): walls, lid, tuck flap, bottom, bottom flap, dust flaps."""
    w, h, d = box.width, box.height, box.depth
    y0, y1 = box.body_y, box.body_y + h
    back, side1, front, side2, glue = [c[1] for c in columns(box)]
    lines = [(x, y0, x, y1) for x in (side1, front, side2, glue)]
    lines += [(back, y1, back + w, y1), (back, y1 + d, back + w, y1 + d),
              (front, y0, front + w, y0), (front, y0 - d, front + w, y0 - d)]
    for x in (side1, side2):
        lines += [(x, y1, x + d, y1), (x, y0, x + d, y0)]
    return lines


def _rect(x, y, w, h) -> list:
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


def _notch(box: Box, x: float) -> list:
    """The front's top edge from right to left, dipping into a half-round thumb notch."""
    cx, y, r = x + box.width / 2, box.body_y + box.height, box.notch
    arc = [(cx + r * math.cos(a), y - r * math.sin(a))
           for a in (math.pi * k / 16 for k in range(17))]
    return arc


def _tuck(box: Box, x: float, y: float) -> list:
    """The tuck flap: a little narrower than the lid, its outer corners cut off."""
    i, t, w = TUCK_INSET, box.tuck, box.width
    c = min(TUCK_CORNER, t / 3)
    return [(x, y), (x + w, y), (x + w - i, y + t - c), (x + w - i - c, y + t),
            (x + i + c, y + t), (x + i, y + t - c)]


def cut_lines(box: Box) -> list[tuple[float, float, float, float]]:
    """Every edge of every part that is not a fold: the lines to cut."""
    fold_set = {_key(*line) for line in folds(box)}
    seen, out = set(), []
    for polygons in parts(box).values():
        for polygon in polygons:
            for a, b in zip(polygon, polygon[1:] + polygon[:1]):
                key = _key(*a, *b)
                if key in fold_set or key in seen or _on_fold(a, b, box):
                    continue
                seen.add(key)
                out.append((*a, *b))
    return out


def _key(x1, y1, x2, y2) -> tuple:
    ends = sorted([(round(x1, 3), round(y1, 3)), (round(x2, 3), round(y2, 3))])
    return tuple(ends)


def _on_fold(a, b, box: Box) -> bool:
    """Whether a polygon edge lies inside a fold line (a wall's top edge under its dust flap)."""
    for x1, y1, x2, y2 in folds(box):
        if _within(a, (x1, y1, x2, y2)) and _within(b, (x1, y1, x2, y2)):
            return True
    return False


def _within(p, line) -> bool:
    x1, y1, x2, y2 = line
    px, py = p
    if abs((x2 - x1) * (py - y1) - (y2 - y1) * (px - x1)) > 1e-6:
        return False
    return (min(x1, x2) - 1e-6 <= px <= max(x1, x2) + 1e-6
            and min(y1, y2) - 1e-6 <= py <= max(y1, y2) + 1e-6)


# --- the tuck-box maker -------------------------------------------------------------------------

@dataclass(frozen=True)
class BoxFace:
    """What the box's faces show, resolved."""

    title: str
    names: tuple[str, ...]
    icon: object          # icon name or Picture
    fill: str
    ink: str              # on the fill
    mark: str             # the pictogram on its light disc
    flap: str             # the flaps' light tone
    saver: bool
    line: str = art.DARK  # cut and fold lines, notes


@maker("tuck-box", reads=("game", "cards"))
def make_tuck_box(component: dict, ctx) -> list[Piece]:
    """One page with the die-line of a tuck box holding the component's deck(s)."""
    where = f"component '{component['id']}'"
    style = component.get("style") or {}
    decks = _decks(component, style, ctx, where)
    card = _card_size(decks, ctx, where)
    sleeved = bool(style.get("sleeved"))
    if sleeved:
        card = tuple(style.get("sleeve", SLEEVE_SIZE))
    thickness = style.get("card_microns", CARD_THICKNESS * 1000) / 1000
    if sleeved:
        thickness += style.get("sleeve_microns", SLEEVE_THICKNESS * 1000) / 1000
    count = sum(deck_total(deck) for deck in decks)
    box = box_for(card, count, thickness)
    page = tuple(component["trim"]) if component.get("trim") else ctx.paper_size
    margin = TRIM_MARGIN if component.get("trim") else PAGE_MARGIN
    turned = _orientation(box, page, margin, component, ctx)
    face = _box_face(decks, style, ctx, where)
    note = ctx.tr._(SLEEVED_NOTE if sleeved else BOX_NOTE).format(
        count=count, **{k: format_number(round(v, 1), ctx.lang) for k, v in (
            ("width", card[0]), ("height", card[1]), ("inner_width", box.width),
            ("inner_height", box.height), ("inner_depth", box.depth))})
    notes = (note, ctx.tr._(HOW_NOTE))
    draw = partial(draw_box_page, box=box, face=face, page=page, turned=turned, notes=notes,
                   margin=margin)
    if component["count"] != 1:
        raise UserError(f"{where}: a tuck box is one page: give it count 1")
    key = {"box": asdict(box), "face": _face_key(face), "page": list(page), "turned": turned,
           "notes": list(notes), "margin": margin}
    return [Piece(component["id"], component["kind"], page, 0, draw, component["name"],
                  key=key, pictures=icons.pictures_of(face.icon))]


def _face_key(face: BoxFace) -> dict:
    """What the box's faces show, for its cache key (an art file by its own key)."""
    values = {f.name: getattr(face, f.name) for f in fields(face)}
    if hasattr(face.icon, "key"):
        values["icon"] = face.icon.key()
    return values


def _decks(component: dict, style: dict, ctx, where: str) -> list[dict]:
    wanted = list(style.get("decks") or []) or ([component["deck"]] if component.get("deck")
                                                else [])
    if not wanted:
        raise UserError(f"{where}: a tuck box needs 'deck' (a deck of cards.yaml), or 'decks' "
                        f"in its style")
    known = {d["id"]: d for d in game_decks(ctx)}
    missing = [d for d in wanted if d not in known]
    if missing:
        raise UserError(f"{where}: unknown deck '{missing[0]}' (decks: "
                        f"{', '.join(known) or 'none: the game has no cards.yaml'})")
    return [known[d] for d in wanted]


def _card_size(decks: list[dict], ctx, where: str) -> tuple[float, float]:
    """The largest trim of the card components printing these decks."""
    sizes = []
    for deck in decks:
        found = [c for c in ctx.game["components"]
                 if prints_deck(c) and c.get("deck") == deck["id"] and "trim" in c]
        if not found:
            raise UserError(f"{where}: no card component prints deck '{deck['id']}'")
        sizes.append(tuple(found[0]["trim"]))
    return max(s[0] for s in sizes), max(s[1] for s in sizes)


def _orientation(box: Box, page: tuple[float, float], margin: float, component: dict,
                 ctx) -> bool:
    """False: the die-line stands upright on the page; True: it lies across it."""
    w, h = box.flat
    if _fits((w, h), page, margin):
        return False
    if _fits((w, h), (page[1], page[0]), margin):
        return True
    if component.get("trim"):
        need = (math.ceil(w + 2 * margin), math.ceil(h + 2 * margin + NOTE_ROOM))
        raise UserError(f"component '{component['id']}': trim {list(component['trim'])} is "
                        f"smaller than the tuck box with its notes (it needs [{need[0]}, "
                        f"{need[1]}] or more), or leave 'trim' out to give the box a page")
    room = (page[0] - 2 * margin, page[1] - 2 * margin - NOTE_ROOM)
    raise UserError(f"component '{component['id']}': the tuck box measures {w:.0f} x {h:.0f} mm "
                    f"laid flat, more than a {ctx.paper.upper()} page holds ({room[0]:.0f} x "
                    f"{room[1]:.0f} mm inside its margins); split the deck into two boxes, or "
                    f"leave out the sleeves")


def _fits(flat: tuple[float, float], page: tuple[float, float], margin: float) -> bool:
    """Whether a die-line fits a page so turned, inside its margins and above its notes."""
    return flat[0] <= page[0] - 2 * margin and flat[1] <= page[1] - 2 * margin - NOTE_ROOM


NOTE_ROOM = 9.0           # mm kept under the die-line for its two lines of notes


def _box_face(decks: list[dict], style: dict, ctx, where: str) -> BoxFace:
    back = decks[0].get("back") or {}
    palette = ctx.game.get("palette", {})
    fill = ctx.color(style.get("fill") or back.get("fill") or "ink")
    light = palette.get("parchment", color_for(art.LIGHT, ctx.ink))
    dark = palette.get("ink", color_for(art.DARK, ctx.ink))
    saver = ctx.ink == "saver"
    if back.get("ink") and not style.get("fill"):
        ink = ctx.color(back["ink"])
    elif saver:
        ink = dark if art.is_light(fill) else fill
    else:
        ink = art.ink_on(fill, light, dark)
    mark = ink if art.is_light(fill) else fill      # the pictogram on its light disc
    icon = icons.resolve_icon(ctx, style.get("icon") or back.get("icon"), f"{where}, icon", mark)
    names = tuple(d["name"] for d in decks)
    flap = "#ffffff" if saver else art.mix(light, fill, 0.12)
    return BoxFace(ctx.game["title"], names, icon, fill, ink, mark, flap, saver, dark)


def draw_box_page(c, box: Box, face: BoxFace, page, turned: bool, notes,
                  margin: float = PAGE_MARGIN) -> None:
    """The page (or the piece's trim): the die-line centred above its notes, turned across the
    page if it must be."""
    w, h = box.flat
    c.saveState()
    if turned:
        c.translate(page[0], 0)
        c.rotate(90)
        page = (page[1], page[0])
    x = (page[0] - w) / 2
    y = NOTE_ROOM + margin + (page[1] - 2 * margin - NOTE_ROOM - h) / 2
    _draw_notes(c, notes, page, margin, y, face.line)
    c.translate(x, y)
    draw_die_line(c, box, face)
    c.restoreState()


def _draw_notes(c, notes, page, margin: float, y: float, color: str) -> None:
    """The notes as one paragraph of up to three lines under the die-line."""
    lines, size = textfit.fit_lines(" ".join(notes), fonts.SANS, pt(7), page[0] - 2 * margin, 3)
    size = max(size, MIN_TEXT)
    c.setFillColor(HexColor(color))
    c.setFont(fonts.SANS, size)
    for i, line in enumerate(lines):
        c.drawCentredString(page[0] / 2, y - 1.2 - size * 0.75 - i * size * 1.2, line)


def draw_die_line(c, box: Box, face: BoxFace) -> None:
    """The flat box at the origin: fills, hatching, faces' art, then folds and cuts on top."""
    shapes = parts(box)
    c.saveState()
    for polygon in shapes["flap"]:
        _polygon(c, polygon, fill=face.flap)
    for polygon in shapes["glue"]:
        _polygon(c, polygon, fill="#ffffff")
        _hatch(c, polygon, art.mix(art.readable(face.fill), "#ffffff", 0.45))
    for polygon in shapes["face"]:
        _polygon(c, polygon, fill="#ffffff" if face.saver else face.fill)
    _draw_faces(c, box, face)
    c.setStrokeColor(HexColor(face.line))
    c.setLineCap(1)
    c.setLineWidth(FOLD_WIDTH)
    c.saveState()
    c.setDash(*FOLD_DASH)
    for line in folds(box):
        c.line(*line)
    c.restoreState()
    c.setLineWidth(CUT_WIDTH)
    for line in cut_lines(box):
        c.line(*line)
    c.restoreState()


def _polygon(c, points, fill: str) -> None:
    path = c.beginPath()
    path.moveTo(*points[0])
    for p in points[1:]:
        path.lineTo(*p)
    path.close()
    c.setFillColor(HexColor(fill))
    c.drawPath(path, stroke=0, fill=1)


def _hatch(c, points, color: str) -> None:
    """Diagonal lines across a glue area, clipped to it."""
    c.saveState()
    c.setStrokeColor(HexColor(color))
    c.setLineWidth(pt(0.7))
    shapes.hatch(c, points, step=HATCH_STEP)
    c.restoreState()


# --- what the faces show ------------------------------------------------------------------------

def _draw_faces(c, box: Box, face: BoxFace) -> None:
    back, side1, front, side2, _ = [col[1] for col in columns(box)]
    y0, w, h, d = box.body_y, box.width, box.height, box.depth
    _draw_front(c, face, front, y0, w, h, top=box.notch + 2.0)
    _draw_back(c, face, back, y0, w, h)
    for x in (side1, side2):
        _draw_side(c, face, x, y0, d, h)
    _draw_lid(c, face, back, y0 + h, w, d)


def _text(c, text: str, font: str, size: float, width: float, cx: float, top: float,
          color: str, max_lines: int = 2) -> float:
    """Centred lines from `top` down; nothing when it would need less than 6 pt; the bottom."""
    lines, fitted = textfit.fit_lines(text, font, size, width, max_lines)
    if fitted < MIN_TEXT:
        return top
    c.setFillColor(HexColor(color))
    c.setFont(font, fitted)
    y = top - fitted * 0.75
    for line in lines:
        c.drawCentredString(cx, y, line)
        y -= fitted * 1.1
    return y + fitted * 1.1 - fitted * 0.3


def _draw_front(c, face: BoxFace, x, y, w, h, top: float) -> None:
    cx, inner = x + w / 2, w - 8.0
    below = _text(c, face.title, fonts.SERIF_BOLD, pt(13), inner, cx, y + h - top, face.ink)
    c.setStrokeColor(HexColor(face.ink))
    c.setLineWidth(pt(0.6))
    c.line(x + 6, below - 1.5, x + w - 6, below - 1.5)
    names_top = y + h * 0.30
    size = min(w * 0.5, below - 4.0 - names_top - 3.0)
    _medallion(c, face, cx, (below - 3.0 + names_top + 3.0) / 2, size)
    for name in face.names:
        names_top = _text(c, name, fonts.SERIF_BOLD, pt(11), inner, cx, names_top, face.ink) - 1.0
    c.line(x + 6, y + 5.0, x + w - 6, y + 5.0)


def _medallion(c, face: BoxFace, cx: float, cy: float, size: float) -> None:
    """The pictogram on a disc of the faces' light tone, ringed in the ink."""
    if size <= 6:
        return
    disc = "#ffffff" if face.saver else face.flap
    c.setFillColor(HexColor(disc))
    c.setStrokeColor(HexColor(face.ink))
    c.setLineWidth(pt(1.2))
    c.circle(cx, cy, size / 2, stroke=1, fill=1)
    if face.icon is not None:
        icons.draw_icon(c, face.icon, cx, cy, size * 0.66, face.mark, knock=disc)


def _draw_back(c, face: BoxFace, x, y, w, h) -> None:
    cx, inner = x + w / 2, w - 8.0
    size = min(w * 0.32, h * 0.25)
    _medallion(c, face, cx, y + h * 0.62, size)
    top = y + h * 0.62 - size / 2 - 4.0
    top = _text(c, face.title, fonts.SERIF_BOLD, pt(10), inner, cx, top, face.ink) - 1.5
    for name in face.names:
        top = _text(c, name, fonts.SERIF, pt(9), inner, cx, top, face.ink) - 0.8


def _draw_side(c, face: BoxFace, x, y, d, h) -> None:
    """The title and deck along the side, read from bottom to top, when the side is wide
    enough for 6 pt."""
    text = " · ".join((face.title,) + face.names)
    c.saveState()
    c.translate(x + d / 2, y + h / 2)
    c.rotate(90)
    size = min(pt(9), (d - 1.6) / 0.75)
    _text(c, text, fonts.SERIF_BOLD, size, h - 8.0, 0, size * 0.38, face.ink, max_lines=1)
    c.restoreState()


def _draw_lid(c, face: BoxFace, x, y, w, d) -> None:
    """The deck's name on the lid, upright for someone facing the front (the lid folds over)."""
    c.saveState()
    c.translate(x + w / 2, y + d / 2)
    c.rotate(180)
    size = min(pt(9), (d - 1.6) / 0.75)
    _text(c, " · ".join(face.names), fonts.SERIF_BOLD, size, w - 8.0, 0, size * 0.38, face.ink,
          max_lines=1)
    c.restoreState()


# --- envelope labels ----------------------------------------------------------------------------

LABEL_INSET = 1.6         # mm from the trim to the label's frame
SAMPLE_SHARE = 0.40       # share of the label's width given to the token samples


@dataclass(frozen=True)
class Group:
    """Tokens kept in one envelope: its name and its kinds (component, name, count)."""

    name: str
    kinds: tuple[tuple[dict, str, int], ...]


def token_groups(component: dict, ctx) -> list[Group]:
    """The envelopes a game's counters go in: the style's groups, then each other counter."""
    where = f"component '{component['id']}'"
    style = component.get("style") or {}
    counters = {c["id"]: c for c in ctx.game["components"] if c["kind"] == "counter"}
    labels = component.get("labels") or {}
    grouped, groups = set(), []
    for entry in style.get("groups") or []:
        members = []
        for cid in entry["components"]:
            if cid not in counters:
                raise UserError(f"{where}: group '{entry['label']}' names '{cid}', which is no "
                                f"counter component of the game")
            if cid in grouped:
                raise UserError(f"{where}: '{cid}' is in two groups")
            grouped.add(cid)
            members.append(counters[cid])
        if entry["label"] not in labels:
            raise UserError(f"{where}: group '{entry['label']}' needs its name in the "
                            f"component's labels ('{entry['label']}: ...')")
        groups.append((members[0]["id"], Group(labels[entry["label"]], tuple(
            (m, m["name"], m["count"]) for m in members))))
    for cid, counter in counters.items():
        if cid not in grouped:
            groups.append((cid, Group(counter["name"], ((counter, counter["name"],
                                                          counter["count"]),))))
    order = list(counters)
    return [g for _, g in sorted(groups, key=lambda pair: order.index(pair[0]))]


@maker("envelope-labels")
def make_envelope_labels(component: dict, ctx) -> list[Piece]:
    """One label per group of tokens, in the order the game lists its counters."""
    groups = token_groups(component, ctx)
    if component["count"] != len(groups):
        raise UserError(f"component '{component['id']}': count {component['count']} but the "
                        f"game's tokens go in {len(groups)} envelopes (one label each)")
    trim = tuple(component["trim"])
    palette = ctx.game.get("palette", {})
    ink = palette.get("ink", color_for(art.DARK, ctx.ink))
    pieces = []
    for group in groups:
        samples = [_sample(kind, ctx) for kind, _, _ in group.kinds]
        pictures = tuple(p for s in samples for p in s.pictures)
        draw = partial(draw_label, group=group, samples=tuple(samples), title=ctx.game["title"],
                       ink=ink, trim=trim, saver=ctx.ink == "saver")
        pieces.append(Piece(component["id"], component["kind"], trim, 0, draw,
                            f"{component['name']}: {group.name}", pictures=pictures))
    return pieces


def _sample(counter: dict, ctx) -> Piece:
    """The first token a counter component prints, made by its own maker; without the name a
    marker prints from its labels, which would be too small to read on the label."""
    spec = dict(counter, count=1)
    if (spec.get("labels") or {}).get("name"):
        spec["labels"] = {k: v for k, v in spec["labels"].items() if k != "name"}
    return MAKERS[counter["draw"]](spec, ctx)[0]


def draw_label(c, group: Group, samples, title: str, ink: str, trim, saver: bool) -> None:
    """Samples of the tokens at the left; the group's name, the counts and the game at right."""
    w, h = trim
    i = LABEL_INSET
    c.saveState()
    c.setStrokeColor(HexColor(ink))
    c.setLineWidth(pt(0.8))
    c.roundRect(i, i, w - 2 * i, h - 2 * i, 1.5, stroke=1, fill=0)
    area = min(w * SAMPLE_SHARE, h) - 2 * i - 2.0
    _draw_samples(c, samples, i + 1.5, (h - area) / 2, area, ink)
    x0 = i + 1.5 + area + 2.5
    width = w - x0 - i - 2.5
    cx = x0 + width / 2
    top = _text(c, group.name, fonts.SERIF_BOLD, pt(11), width, cx, h - i - 1.6, ink, 2) - 0.8
    if len(group.kinds) == 1:
        _text(c, f"× {group.kinds[0][2]}", fonts.SERIF_BOLD, pt(16), width, cx, top - 1.5, ink, 1)
    for _, name, count in group.kinds if len(group.kinds) > 1 else ():
        top = _text(c, f"{name} × {count}", fonts.SANS, pt(7.5), width, cx, top, ink, 1) - 0.4
    _text(c, title, fonts.SANS, pt(6.5), width, cx, i + 1.2 + pt(6.5), art.mix(ink, "#ffffff", 0.2),
          1)
    c.restoreState()


def _draw_samples(c, samples, x: float, y: float, area: float, ink: str) -> None:
    """The tokens of a group overlapping down a diagonal, each drawn by its own maker."""
    n = len(samples)
    size = area / (1 + 0.45 * (n - 1))
    step = 0.45 * size
    for k, piece in enumerate(samples):
        pw, ph = piece.trim
        scale = size / max(pw, ph)
        px, py = x + k * step, y + area - size - k * step
        c.saveState()
        c.translate(px, py)
        c.scale(scale, scale)
        path = c.beginPath()
        path.rect(0, 0, pw, ph)
        c.clipPath(path, stroke=0, fill=0)
        piece.draw(c)
        c.restoreState()
        c.setStrokeColor(HexColor(ink))
        c.setLineWidth(pt(0.4))
        c.rect(px, py, pw * scale, ph * scale, stroke=1, fill=0)
