"""The wheel: a ring of spaces read clockwise, the action wheel (rondel) of games such as ANTIKE.

Style (the `style` map of a `wheel` component in game.yaml):

- `spaces_from`: the entry of the game's tables.yaml that describes the wheel. Its `spaces` list
  gives each space's `id` and translated `name`; its `order` (a list of space ids, or a mapping
  whose `default` is that list) says which space lies where, clockwise from the top. Without an
  order the spaces stand as listed. When the entry has `free_steps`, a legend under the wheel
  prints what moving 1 to N spaces forward costs: nothing up to `free_steps`, then `step_cost`
  (1 by default) more for each further space; a whole turn back to the same space costs
  `repeat` (a number, or a mapping whose `default` is one) when the entry gives it.
- `fills` and `icons`: per space id, its colour (palette name or '#rrggbb') and its icon (one of
  forge's icons or an art file of the game).
- `fill`, `ink`, `accent`: the paper, the lines and words, the hub.

Labels (translated words): `title` (in the hub); for the legend `steps`, `cost`, `free` and
`repeat` (said of the last column); `note` (optional, printed under everything, e.g. that the
order is a reading the table may change).

With the ink saver the spaces are light tints ringed in their colour; every word and icon stays.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial

from reportlab.lib.colors import HexColor

from forge import fonts
from forge.errors import UserError
from forge.model import Piece, pt
from forge.render import art, icons, maker
from forge.render.tracks import inks_of

VERSION = 2               # part of every piece key: bump it when the drawing changes
PAD = 3.0                 # mm of paper kept inside the trim around everything printed
HUB = 0.30                # the hub's radius, as a share of the wheel's
ICON_AT = 0.58            # where a space's icon sits, as a share of the radius
ICON_SIZE = 0.24          # a space's icon, as a share of the radius
NAME_AT = 0.86            # the baseline circle of the spaces' names, as a share of the radius
LEGEND_ROW = 8.0          # mm, one row of the cost legend
NOTE_PT = 7.5             # the note's size in points
LINE = pt(0.8)
HEAVY = pt(1.6)


@dataclass(frozen=True)
class Space:
    id: str
    name: str
    fill: str
    ink: str
    icon: object          # a built-in icon's name or a tinted Picture, or None


@dataclass(frozen=True)
class Wheel:
    title: str
    spaces: tuple[Space, ...]
    costs: tuple[str, ...]        # the legend's cost per steps forward, 1..N ('' no legend)
    steps_label: str
    cost_label: str
    repeat_label: str
    note: str


@maker("wheel", reads=("game", "tables"))
def make_wheel(component: dict, ctx) -> list[Piece]:
    """One sheet with the wheel, its cost legend and its note."""
    style = component.get("style") or {}
    entry = _entry(component, style, ctx)
    labels = component.get("labels") or {}
    if not labels.get("title"):
        raise UserError(f"component '{component['id']}': its 'labels' need a 'title'")
    inks = inks_of(component, ctx)
    spaces = tuple(_space(component, space, style, ctx, inks) for space in _ordered(component, entry))
    costs = _costs(entry, len(spaces), labels.get("free", ""))
    if costs and not all(labels.get(k) for k in ("steps", "cost", "free")):
        raise UserError(f"component '{component['id']}': a wheel with step costs needs the "
                        f"labels 'steps', 'cost' and 'free'")
    wheel = Wheel(labels["title"], spaces, costs, labels.get("steps", ""),
                  labels.get("cost", ""), labels.get("repeat", ""), labels.get("note", ""))
    trim = tuple(component["trim"])
    bleed = component.get("bleed", 0)
    draw = partial(draw_wheel, wheel=wheel, inks=inks, trim=trim, bleed=bleed)
    pictures = tuple(dict.fromkeys(icons.pictures_of(*(space.icon for space in spaces))))
    key = {"maker": "wheel", "version": VERSION, "trim": list(trim), "bleed": bleed,
           "wheel": _wheel_key(wheel), "inks": inks.__dict__}
    return [Piece(component["id"], component["kind"], trim, bleed, draw, component["name"],
                  key=key, pictures=pictures) for _ in range(component["count"])]


def _entry(component: dict, style: dict, ctx) -> dict:
    name = style.get("spaces_from")
    entry = (ctx.data.get("tables") or {}).get(name) if name else None
    if not isinstance(entry, dict) or not entry.get("spaces"):
        raise UserError(f"component '{component['id']}': style 'spaces_from' must name an entry "
                        f"of tables.yaml with a list of 'spaces' (found {name!r})")
    return entry


def _ordered(component: dict, entry: dict) -> list[dict]:
    """The spaces clockwise from the top, as the entry's order places them."""
    by_id = {space["id"]: space for space in entry["spaces"]}
    order = entry.get("order")
    if isinstance(order, dict):
        order = order.get("default")
    if not order:
        return list(entry["spaces"])
    if set(order) != set(by_id):
        raise UserError(f"component '{component['id']}': the wheel's order {order} must name "
                        f"each of its spaces ({', '.join(by_id)}) by id, and only those")
    return [by_id[space] for space in order]


def _space(component: dict, space: dict, style: dict, ctx, inks) -> Space:
    fills = style.get("fills") or {}
    fill = ctx.color(fills[space["id"]]) if space["id"] in fills else inks.mark
    ink = art.readable(fill) if ctx.ink == "saver" else art.ink_on(fill, "#ffffff", inks.ink)
    icon = icons.resolve_icon(ctx, (style.get("icons") or {}).get(space["id"]),
                              f"component '{component['id']}', icon of '{space['id']}'", ink)
    return Space(space["id"], space["name"], fill, ink, icon)


def _costs(entry: dict, count: int, free: str) -> tuple[str, ...]:
    """What moving 1..count spaces forward costs, as printed ('' when the entry says nothing)."""
    if "free_steps" not in entry:
        return ()
    step = entry.get("step_cost", 1)
    repeat = entry.get("repeat")
    if isinstance(repeat, dict):
        repeat = repeat.get("default")
    costs = []
    for steps in range(1, count + 1):
        cost = max(0, steps - entry["free_steps"]) * step
        if steps == count and repeat is not None:
            cost = repeat
        costs.append(free if cost == 0 else str(cost))
    return tuple(costs)


def _wheel_key(wheel: Wheel) -> dict:
    spaces = [{**space.__dict__, "icon": space.icon.key() if hasattr(space.icon, "key")
               else space.icon} for space in wheel.spaces]
    return {**wheel.__dict__, "spaces": spaces}


# --- drawing ------------------------------------------------------------------------------------

def draw_wheel(c, wheel: Wheel, inks, trim, bleed: float) -> None:
    w, h = trim
    c.setFillColor(HexColor(inks.paper))
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    note_lines, note_size = _note(wheel.note, w - 2 * PAD)
    note_h = len(note_lines) * note_size * 1.25
    legend_h = 2 * LEGEND_ROW + (pt(7) * 1.6 if wheel.repeat_label else 0) if wheel.costs else 0
    below = PAD + note_h + (2.5 if note_h else 0) + legend_h + (3 if legend_h else 0)
    radius = min(w - 2 * PAD, h - PAD - below) / 2 * 0.96     # room for the arrows
    cx, cy = w / 2, below + radius
    _draw_ring(c, wheel, inks, cx, cy, radius, saver=inks.saver)
    _draw_hub(c, wheel.title, inks, cx, cy, radius * HUB)
    if wheel.costs:
        _draw_legend(c, wheel, inks, PAD + note_h + (2.5 if note_h else 0), w)
    for i, line in enumerate(note_lines):
        c.setFillColor(HexColor(inks.ink))
        c.setFont(fonts.SERIF_ITALIC, note_size)
        c.drawCentredString(w / 2, PAD + (len(note_lines) - 1 - i) * note_size * 1.25
                            + note_size * 0.25, line)


def _note(text: str, width: float) -> tuple[list[str], float]:
    if not text:
        return [], 0.0
    fonts.register_fonts()
    return wrap(text, fonts.SERIF_ITALIC, pt(NOTE_PT), width), pt(NOTE_PT)


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Break `text` into lines no wider than `width` at `size`, word by word."""
    lines: list[str] = []
    for word in text.split():
        if lines and fonts.text_width(f"{lines[-1]} {word}", font, size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _sector(c, cx, cy, r_out, r_in, start: float, extent: float, fill: str, stroke: str,
            width: float) -> None:
    """An annular sector from `start` degrees (anticlockwise from east) over `extent` degrees."""
    p = c.beginPath()
    p.arc(cx - r_out, cy - r_out, cx + r_out, cy + r_out, start, extent)
    p.arcTo(cx - r_in, cy - r_in, cx + r_in, cy + r_in, start + extent, -extent)
    p.close()
    c.saveState()
    c.setFillColor(HexColor(fill))
    c.setStrokeColor(HexColor(stroke))
    c.setLineWidth(width)
    c.drawPath(p, stroke=1, fill=1)
    c.restoreState()


def _draw_ring(c, wheel: Wheel, inks, cx, cy, radius, saver: bool) -> None:
    n = len(wheel.spaces)
    span = 360 / n
    for i, space in enumerate(wheel.spaces):
        middle = 90 - i * span                 # clockwise from the top
        fill = art.tint(space.fill, 0.16) if saver else space.fill
        _sector(c, cx, cy, radius, radius * HUB, middle - span / 2, span, fill,
                art.readable(space.fill) if saver else inks.ink, HEAVY)
        a = math.radians(middle)
        ix, iy = cx + radius * ICON_AT * math.cos(a), cy + radius * ICON_AT * math.sin(a)
        if space.icon:
            icons.draw_icon(c, space.icon, ix, iy, radius * ICON_SIZE, space.ink, knock=fill)
        _draw_name(c, space.name, space.ink, cx, cy, radius, middle, span)
    _draw_arrows(c, inks, cx, cy, radius, n)


def _draw_name(c, name: str, ink: str, cx, cy, radius, middle: float, span: float) -> None:
    """The space's name along its outer rim, upright on both halves of the wheel."""
    chord = 2 * radius * NAME_AT * math.sin(math.radians(span / 2)) * 0.86
    size = _fitted(name.upper(), fonts.SERIF_BOLD, pt(15), chord)
    lower = math.sin(math.radians(middle)) < -1e-6
    c.saveState()
    c.translate(cx, cy)
    c.rotate(middle + 90 if lower else middle - 90)
    c.setFillColor(HexColor(ink))
    c.setFont(fonts.SERIF_BOLD, size)
    y = -radius * NAME_AT if lower else radius * NAME_AT - size * 0.7
    c.drawCentredString(0, y, name.upper())
    c.restoreState()


def _draw_arrows(c, inks, cx, cy, radius, n: int) -> None:
    """An arrowhead just outside the rim at each border between two spaces, pointing the way
    the markers go: clockwise."""
    size = radius * 0.03
    out = radius + size * 1.2
    c.saveState()
    c.setFillColor(HexColor(inks.ink))
    for i in range(n):
        c.saveState()
        c.translate(cx, cy)
        c.rotate(90 - (i + 0.5) * 360 / n)
        p = c.beginPath()
        p.moveTo(out, -size * 1.8)              # clockwise is towards -y on the +x axis
        p.lineTo(out - size * 0.8, size * 0.9)   # narrow and long: it reads as a way to go
        p.lineTo(out, size * 0.4)
        p.lineTo(out + size * 0.8, size * 0.9)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
        c.restoreState()
    c.restoreState()


def _draw_hub(c, title: str, inks, cx, cy, r) -> None:
    c.saveState()
    c.setFillColor(HexColor(inks.strong))
    c.setStrokeColor(HexColor(inks.ink))
    c.setLineWidth(HEAVY)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.setStrokeColor(HexColor(inks.on_strong))
    c.setLineWidth(LINE)
    c.circle(cx, cy, r * 0.86, stroke=1, fill=0)
    c.restoreState()
    size = _fitted(title.upper(), fonts.SERIF_BOLD, pt(22), r * 1.5)
    art.draw_letter(c, title.upper(), cx, cy, size * 0.66, inks.on_strong)


def _draw_legend(c, wheel: Wheel, inks, bottom: float, w: float) -> None:
    """Two rows under the wheel: spaces forward 1..N, and the resources each move costs."""
    n = len(wheel.costs)
    head = min(48.0, (w - 2 * PAD) * 0.3)
    cell = (w - 2 * PAD - head) / n
    note_h = pt(7) * 1.6 if wheel.repeat_label else 0
    y_top = bottom + note_h + 2 * LEGEND_ROW
    rows = ((wheel.steps_label, [str(k) for k in range(1, n + 1)], inks.mark),
            (wheel.cost_label, list(wheel.costs), inks.paper))
    for r, (label, values, fill) in enumerate(rows):
        y = y_top - (r + 1) * LEGEND_ROW
        _cell(c, PAD, y, head, LEGEND_ROW, inks.mark, inks)
        size = _fitted(label, fonts.SERIF_BOLD, pt(9), head - 2)
        _write(c, label, PAD + 1.2, y + LEGEND_ROW / 2 - size * 0.35, size, inks.ink,
               fonts.SERIF_BOLD, "left")
        for k, value in enumerate(values):
            x = PAD + head + k * cell
            _cell(c, x, y, cell, LEGEND_ROW, fill, inks)
            font = fonts.SERIF_BOLD if value.isdigit() else fonts.SERIF_ITALIC
            size = _fitted(value, font, pt(10), cell - 1.5)
            _write(c, value, x + cell / 2, y + LEGEND_ROW / 2 - size * 0.35, size, inks.ink,
                   font, "centre")
    if wheel.repeat_label:
        text = f"{n}: {wheel.repeat_label}"
        size = _fitted(text, fonts.SERIF_ITALIC, pt(7), w - 2 * PAD)
        _write(c, text, w - PAD, bottom + 0.6, size, inks.ink, fonts.SERIF_ITALIC, "right")


def _cell(c, x, y, w, h, fill: str, inks) -> None:
    c.saveState()
    c.setFillColor(HexColor(fill))
    c.setStrokeColor(HexColor(inks.ink))
    c.setLineWidth(LINE)
    c.rect(x, y, w, h, stroke=1, fill=1)
    c.restoreState()


def _write(c, text: str, x: float, y: float, size: float, color: str, font: str,
           align: str) -> None:
    c.setFillColor(HexColor(color))
    c.setFont(font, size)
    {"left": c.drawString, "centre": c.drawCentredString, "right": c.drawRightString}[align](
        x, y, text)


def _fitted(text: str, font: str, size: float, width: float) -> float:
    fonts.register_fonts()
    wide = fonts.text_width(text, font, size)
    return size if wide <= width else size * width / wide * 0.999
