"""ANTIKE's progress table: the eight progresses as a board beside the map.

Drawn from tables.yaml `knowledge`: each elementary progress heads a column and the advanced one
that needs it stands below, with its price in gold (the first owner's and the later one), its
effect, and six rings where the civilizations' cylinders stand. Every word is the component's
`labels` (translated) or a progress's translated `name`; every number comes from tables.yaml.

Labels: `title`, `elementary`, `advanced`, `needs` ("Needs {progress}"), the effects
`legion` and `galley` ("... {n} maneuvers"), `production` and `defence` ("+{n} ..."), `note`.
Style: `icons` (progress id -> icon or art file), `fill`, `ink`, `accent`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial

from reportlab.lib.colors import HexColor

from forge import fonts
from forge.errors import UserError
from forge.model import Piece, pt
from forge.render import icons, maker
from forge.render.tracks import inks_of
from forge.render.wheel import wrap

VERSION = 2
PAD = 3.0                 # mm kept inside the trim
GAP = 3.0                 # mm between columns
ARROW = 6.0               # mm between an elementary box and its advanced one
RINGS = 6                 # cylinder places on each progress: one per civilization
RING_R = 4.0              # mm, a cylinder's place (the cylinders are about 8 mm across)
LINE = pt(0.8)
NAME_PT = pt(13)          # a progress's name, smaller only where it is too wide
LABELS = ("title", "elementary", "advanced", "needs", "legion", "galley", "production",
          "defence")


@dataclass(frozen=True)
class Progress:
    id: str
    name: str
    tier: str             # the tier's printed word
    price: str            # '7 / 3'
    effect: str
    needs: str            # '' for an elementary progress
    icon: object


@maker("antike-progress", reads=("game", "tables"))
def make_progress_table(component: dict, ctx) -> list[Piece]:
    """One board: a column for each elementary progress, its advanced one below it."""
    labels = component.get("labels") or {}
    missing = [name for name in LABELS if not labels.get(name)]
    if missing:
        raise UserError(f"component '{component['id']}': its 'labels' need {', '.join(missing)}")
    knowledge = (ctx.data.get("tables") or {}).get("knowledge")
    if not knowledge:
        raise UserError(f"component '{component['id']}': tables.yaml has no 'knowledge'")
    inks = inks_of(component, ctx)
    style = component.get("style") or {}
    columns = _columns(component, knowledge, labels, style, ctx, inks)
    trim = tuple(component["trim"])
    bleed = component.get("bleed", 0)
    draw = partial(draw_progress_table, columns=columns, title=labels["title"],
                   note=labels.get("note", ""), inks=inks, trim=trim, bleed=bleed)
    key = {"maker": "antike-progress", "version": VERSION, "trim": list(trim), "bleed": bleed,
           "columns": [[_progress_key(p) for p in column] for column in columns],
           "title": labels["title"], "note": labels.get("note", ""), "inks": inks.__dict__}
    pictures = icons.pictures_of(*(p.icon for column in columns for p in column))
    return [Piece(component["id"], component["kind"], trim, bleed, draw, component["name"],
                  key=key, pictures=pictures) for _ in range(component["count"])]


def _columns(component, knowledge, labels, style, ctx, inks) -> tuple[tuple[Progress, ...], ...]:
    """(elementary, advanced) pairs in the order of tables.yaml."""
    progresses = knowledge["progresses"]
    names = {p["id"]: p["name"] for p in progresses}
    columns = []
    for base in (p for p in progresses if p["tier"] == "elementary"):
        column = [base] + [p for p in progresses if p.get("needs") == base["id"]]
        columns.append(tuple(_progress(component, p, knowledge, labels, names, style, ctx, inks)
                             for p in column))
    return tuple(columns)


def _progress(component, p, knowledge, labels, names, style, ctx, inks) -> Progress:
    prices = knowledge["prices"][p["tier"]]
    icon = icons.resolve_icon(ctx, (style.get("icons") or {}).get(p["id"]),
                              f"component '{component['id']}', icon of '{p['id']}'", inks.ink)
    needs = labels["needs"].format(progress=names[p["needs"]]) if p.get("needs") else ""
    return Progress(p["id"], p["name"], labels[p["tier"]], f"{prices['first']} / {prices['later']}",
                    _effect(p["effect"], labels, component), needs, icon)


def _effect(effect: dict, labels: dict, component: dict) -> str:
    """A progress's effect in words: 'Each legion: up to 2 maneuvers'."""
    if "maneuvers" in effect:
        (unit, n), = effect["maneuvers"].items()
        return labels[unit].format(n=n)
    for kind in ("production", "defence"):
        if kind in effect:
            return labels[kind].format(n=effect[kind])
    raise UserError(f"component '{component['id']}': no words for the effect {effect}")


def _progress_key(p: Progress) -> dict:
    return {**p.__dict__, "icon": p.icon.key() if hasattr(p.icon, "key") else p.icon}


# --- drawing ------------------------------------------------------------------------------------

def draw_progress_table(c, columns, title: str, note: str, inks, trim, bleed: float) -> None:
    w, h = trim
    c.setFillColor(HexColor(inks.paper))
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    fonts.register_fonts()
    title_size = pt(16)
    _write(c, title.upper(), w / 2, h - PAD - title_size * 0.8, title_size, inks.ink,
           fonts.SERIF_BOLD)
    note_size = pt(7.5)
    note_lines = wrap(note, fonts.SERIF_ITALIC, note_size, w - 2 * PAD) if note else []
    for i, line in enumerate(note_lines):
        _write(c, line, w / 2, PAD + (len(note_lines) - 1 - i) * note_size * 1.25 + 0.5,
               note_size, inks.ink, fonts.SERIF_ITALIC)
    bottom = PAD + len(note_lines) * note_size * 1.25 + (2 if note_lines else 0)
    top = h - PAD - title_size * 1.3
    col_w = (w - 2 * PAD - (len(columns) - 1) * GAP) / len(columns)
    rows = max(len(column) for column in columns)
    box_h = (top - bottom - (rows - 1) * ARROW) / rows
    for k, column in enumerate(columns):
        x = PAD + k * (col_w + GAP)
        for r, progress in enumerate(column):
            y = top - (r + 1) * box_h - r * ARROW
            _draw_box(c, progress, x, y, col_w, box_h, inks, advanced=r > 0)
            if r:
                _draw_arrow(c, x + col_w / 2, y + box_h + ARROW - 0.8, y + box_h + 0.8, inks)


def _draw_box(c, p: Progress, x, y, w, h, inks, advanced: bool) -> None:
    fill = inks.mark if advanced else inks.paper
    c.saveState()
    c.setFillColor(HexColor(fill))
    c.setStrokeColor(HexColor(inks.ink))
    c.setLineWidth(pt(1.4))
    c.roundRect(x, y, w, h, 2.0, stroke=1, fill=1)
    c.restoreState()
    cx, room = x + w / 2, w - 3
    line_y = y + h - 1.6 - pt(7.5)
    _write(c, p.tier.upper(), cx, line_y, _fit(p.tier.upper(), fonts.SANS_BOLD, pt(7.5), room),
           inks.accent, fonts.SANS_BOLD)
    icon_size = min(14.0, h * 0.22)
    if p.icon:
        icons.draw_icon(c, p.icon, cx, line_y - 1.4 - icon_size / 2, icon_size, inks.ink,
                        knock=fill)
    line_y -= icon_size + 2.0
    name_size = _fit(p.name.upper(), fonts.SERIF_BOLD, NAME_PT, room)
    line_y -= NAME_PT * 0.85                  # a long name set smaller keeps the rows in line
    _write(c, p.name.upper(), cx, line_y, name_size, inks.ink, fonts.SERIF_BOLD)
    if p.needs:
        needs_size = _fit(p.needs, fonts.SERIF_ITALIC, pt(8.5), room)
        line_y -= needs_size * 1.3
        _write(c, p.needs, cx, line_y, needs_size, inks.ink, fonts.SERIF_ITALIC)
    price_size = pt(15)
    line_y -= price_size * 1.15
    _draw_price(c, p.price, cx, line_y, price_size, inks)
    effect_size = pt(9)
    line_y -= 1.0
    for line in wrap(p.effect, fonts.SERIF, effect_size, room):
        line_y -= effect_size * 1.2
        _write(c, line, cx, line_y, _fit(line, fonts.SERIF, effect_size, room), inks.ink,
               fonts.SERIF)
    _draw_rings(c, x, y, w, RING_R, inks)


def _draw_price(c, price: str, cx, y, size, inks) -> None:
    """The price in gold, in a band of the table's accent."""
    width = fonts.text_width(price, fonts.SERIF_BOLD, size) + 6
    c.saveState()
    c.setFillColor(HexColor(inks.strong))
    c.roundRect(cx - width / 2, y - size * 0.3, width, size * 1.08, size * 0.3, stroke=0, fill=1)
    c.restoreState()
    _write(c, price, cx, y, size, inks.on_strong, fonts.SERIF_BOLD)


def _draw_rings(c, x, y, w, r: float, inks) -> None:
    """Empty rings at the foot of a box, in two rows: the places of the cylinders."""
    per_row = math.ceil(RINGS / 2)
    step = min((w - 4) / per_row, 2 * r + 2.0)
    c.saveState()
    c.setStrokeColor(HexColor(inks.ink))
    c.setFillColor(HexColor("#ffffff"))
    c.setLineWidth(pt(0.7))
    for i in range(RINGS):
        row, col = divmod(i, per_row)
        cx = x + w / 2 + (col - (per_row - 1) / 2) * step
        cy = y + 1.8 + r + (1 - row) * (2 * r + 1.2)
        c.circle(cx, cy, r, stroke=1, fill=1)
    c.restoreState()


def _draw_arrow(c, cx, y_from, y_to, inks) -> None:
    c.saveState()
    c.setStrokeColor(HexColor(inks.ink))
    c.setFillColor(HexColor(inks.ink))
    c.setLineWidth(pt(1.6))
    c.line(cx, y_from, cx, y_to + 1.8)
    p = c.beginPath()
    p.moveTo(cx, y_to)
    p.lineTo(cx - 1.8, y_to + 2.2)
    p.lineTo(cx + 1.8, y_to + 2.2)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.restoreState()


def _write(c, text: str, cx: float, y: float, size: float, color: str, font: str) -> None:
    c.setFillColor(HexColor(color))
    c.setFont(font, size)
    c.drawCentredString(cx, y, text)


def _fit(text: str, font: str, size: float, width: float) -> float:
    wide = fonts.text_width(text, font, size)
    return size if wide <= width else size * width / wide * 0.999
