"""The difficulty atlas page: how often the bot wins each level, as a grid and two charts.

The data is content/<game>/atlas.yaml (written by `forge simulate --all-levels --write`). The
page is one full page of the kit's paper: a short explanation at the top (`explanation`), then a
9 × 9 grid of the levels (rows: discs × fleets, columns: extra Revolts × armies) with each cell
shaded by its win rate and the rate printed in it, a legend, and two charts (every level sorted,
with its interval; the mean win rate of each setting).

Everything is planned at make time into plain marks (rectangles, lines, texts with their fitted
sizes), so a label that does not fit stops the build with a clear error before anything is drawn,
and the drawing itself only replays the marks.

Ink variants (`ctx.ink`): the ink saver shades on a light scale (the darkest cell is a light
tone, its numbers in dark ink); grayscale shades in the grays of the scale.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from html import escape

from reportlab.lib.colors import HexColor

from forge import fonts
from forge.errors import UserError
from forge.ink import color_for
from forge.model import Piece, pt
from forge.render import art, flow, maker, textfit
from forge.render.context import RenderContext
from forge.render.sheets import PAGE_MARGIN, format_number, render_markup, sheet_colors

TEXT_MIN_PT = 7.0          # smallest text of the explanation
LABEL_MIN_PT = 6.0         # smallest label of the grid and charts (level codes, ticks)
TEXT_MAX_HEIGHT = 78.0     # mm the explanation may take at most
GAP = 5.0                  # mm between the text, the grid and the charts
HEAD_COLUMNS = (24.0, 15.0)   # mm: the discs and fleets columns at the left of the grid
HEAD_ROW = 5.0             # mm: each of the grid's two column-header rows
NAMES_ROW = 7.5            # mm: the third header row, naming the row headers (two lines)
CELL_HEIGHT = (8.0, 10.5)  # mm: the smallest and largest cell height
GROUP_GAP = 1.2            # mm of white between groups of three rows or columns
LEGEND_HEIGHT = 9.0        # mm
CHART_HEIGHT = (56.0, 80.0)   # mm, titles and axis labels included: smallest and largest

# Win rate 0 -> 1: dark to light, lightness rising steadily so the scale survives grayscale.
SCALE = ("#3b0d06", "#7a1f12", "#b5502a", "#d9963f", "#efcf7e", "#fbf3dc")
SAVER_SCALE = 0.30         # the ink saver's scale: this share of SCALE's tone on white paper
DIGITS = {"discs": (5, 4, 3), "fleets": (3, 2, 1), "extra_revolts": (0, 1, 2),
          "armies": (0, 1, 2)}
FACTORS = ("discs", "fleets", "extra_revolts", "armies")   # the digits of a level, in order


# --- marks --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Box:
    """A filled and/or stroked rectangle, in mm."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0     # stroke width, mm


@dataclass(frozen=True)
class Line:
    """A straight line, in mm."""

    x1: float
    y1: float
    x2: float
    y2: float
    color: str
    width: float


@dataclass(frozen=True)
class Label:
    """One line of text: baseline at y; `align` says what x is (left, centre or right end)."""

    x: float
    y: float
    text: str
    font: str
    size: float            # mm
    color: str
    align: str = "left"
    angle: float = 0.0

    @property
    def width(self) -> float:
        """The text's width in mm."""
        return fonts.text_width(self.text, self.font, self.size)


class Plan:
    """The marks of the page, collected in drawing order, and the fitting of labels."""

    def __init__(self, where: str, ink: str = "full"):
        self.where = where
        self.ink = ink
        self.marks: list = []

    def shade(self, rate: float) -> str:
        """The colour of a win rate for this plan's ink variant (see `shade`)."""
        return shade(rate, self.ink)

    def box(self, *args, **kwargs) -> None:
        """Add a rectangle."""
        self.marks.append(Box(*args, **kwargs))

    def line(self, *args) -> None:
        """Add a line."""
        self.marks.append(Line(*args))

    def text(self, x, y, text, font, points, color, align="left", room=None, lines=1,
             angle=0.0, leading=1.15) -> None:
        """Add a label of `points` size, shrunk (to LABEL_MIN_PT at most) to fit `room` mm.

        With lines > 1 the text may break into that many lines, centred on y.
        """
        size = pt(points)
        parts = [text]
        if room is not None:
            parts, size = textfit.fit_lines(text, font, size, room, max_lines=lines)
            if size < pt(LABEL_MIN_PT) - 1e-9:
                raise UserError(f"{self.where}: the label \"{text}\" does not fit its "
                                f"{room:.1f} mm, even at {LABEL_MIN_PT:g} pt")
        step = size * leading
        top = y + step * (len(parts) - 1) / 2
        for i, part in enumerate(parts):
            self.marks.append(Label(x, top - i * step, part, font, size, color, align, angle))


def draw_marks(c, marks) -> None:
    """Draw planned marks on a millimetre canvas."""
    for mark in marks:
        c.saveState()
        if isinstance(mark, Box):
            if mark.fill:
                c.setFillColor(HexColor(mark.fill))
            if mark.stroke:
                c.setStrokeColor(HexColor(mark.stroke))
                c.setLineWidth(mark.width)
            c.rect(mark.x, mark.y, mark.w, mark.h, stroke=int(bool(mark.stroke)),
                   fill=int(bool(mark.fill)))
        elif isinstance(mark, Line):
            c.setStrokeColor(HexColor(mark.color))
            c.setLineWidth(mark.width)
            c.line(mark.x1, mark.y1, mark.x2, mark.y2)
        else:
            _draw_label(c, mark)
        c.restoreState()


def _draw_label(c, label: Label) -> None:
    c.setFillColor(HexColor(label.color))
    c.setFont(label.font, label.size)
    c.translate(label.x, label.y)
    if label.angle:
        c.rotate(label.angle)
    draw = {"left": c.drawString, "center": c.drawCentredString,
            "right": c.drawRightString}[label.align]
    draw(0, 0, label.text)


# --- colours and numbers ------------------------------------------------------------------------

def shade(rate: float, ink: str = "full") -> str:
    """The cell colour of a win rate 0-1 on SCALE (dark = hard), as the ink variant prints it:
    lighter with the ink saver, gray in grayscale."""
    rate = min(1.0, max(0.0, rate))
    span = rate * (len(SCALE) - 1)
    low = min(int(span), len(SCALE) - 2)
    color = color_for(art.mix(SCALE[low], SCALE[low + 1], span - low), ink)
    return art.tint(color, SAVER_SCALE) if ink == "saver" else color


def percent(rate: float, lang: str) -> str:
    """A win rate as a whole percentage, written the language's way ('28 %')."""
    return f"{round(100 * rate)}\u00a0%"


def digits_of(level: str) -> dict[str, int]:
    """The four settings of a level code: {'discs': 4, 'fleets': 2, ...}."""
    return {factor: int(d) for factor, d in zip(FACTORS, level)}


# --- the maker ----------------------------------------------------------------------------------

@maker("atlas", reads=("game", "rules", "atlas"))
def make_atlas(component: dict, ctx: RenderContext) -> list[Piece]:
    """The difficulty atlas on one full page of the kit's paper."""
    where = f"atlas page ({ctx.lang}, {ctx.paper})"
    atlas = _atlas(ctx)
    width, height = ctx.paper_size
    colors = sheet_colors(ctx, ctx.game["palette"].get("route", ctx.game["palette"]["ink"]))
    inner = width - 2 * PAGE_MARGIN
    template = (component.get("style") or {}).get("template")
    values = dict(atlas=atlas, colors=colors, levels=_named_levels(ctx),
                  margin=_margin(atlas, ctx.lang))
    markup = render_markup(template, ctx, **values) if template else explanation(ctx, **values)
    text = flow.layout(markup, inner, TEXT_MAX_HEIGHT, where=where, min_size=TEXT_MIN_PT)[0]
    text_height = _stack_height(text, inner)
    top = height - PAGE_MARGIN - text_height - GAP
    plan = plan_figures(ctx, atlas, colors, top, where)
    text_box = (PAGE_MARGIN, height - PAGE_MARGIN - TEXT_MAX_HEIGHT, inner, TEXT_MAX_HEIGHT)
    draw = partial(_draw_page, text=text, text_box=text_box, marks=tuple(plan.marks))
    return [Piece(component["id"], component.get("kind", "sheet"), (width, height), 0, draw,
                  label=component["name"])]


def explanation(ctx: RenderContext, *, atlas: dict, colors: dict, levels: dict,
                margin: str) -> str:
    """The page's text in the sheet markup of forge/render/flow.py (a component may replace it
    with its own template: `style: {template: ...}`, given the same values)."""
    _ = ctx.tr._
    paragraphs = [
        ("", _("How often forge's bot wins each of the 81 levels. A level is its four numbers: "
               "discs, fleets, extra Revolts, armies; {normal} is the normal game and {first} "
               "the suggested first game.").format(normal=levels["normal"],
                                                   first=levels["first"])),
        ("", _("Each cell gives the share of {games} games the bot won at that level: the "
               "darker the cell, the harder the level. The true share lies within about "
               "{margin} points of the printed one, 95 times in 100. Below, the levels sorted "
               "from hardest to easiest, each bar with that range, and the mean share of each "
               "setting.").format(games=atlas["games_per_level"], margin=margin)),
        (' style="note"', _("The bot plays the four emperors one turn at a time by rules of "
                            "thumb: it attacks at good odds, stands in the path of armies, "
                            "subdues the revolts that feed them and protects frontiers. It does "
                            "not plan ahead, trade PI or use variants, so a careful team wins "
                            "more often: use the atlas to compare levels, not as your odds.")),
        (' style="note" size="7.5"',
         _("Games played by forge {engine} (rules version {rules}, bot {bot}), at most "
           "{rounds} rounds each, from random seed {seed}: the same seed plays the same games "
           "and gives the same figures.").format(
             engine=atlas["engine_version"], rules=atlas["rules_version"], bot=atlas["bot"],
             seed=atlas["seed"], rounds=atlas["max_rounds"])),
    ]
    head = (f'<sheet body="sans" size="8.5" leading="10.4" ink="{colors["ink"]}" '
            f'accent="{colors["accent"]}" tint="{colors["tint"]}" muted="{colors["muted"]}">')
    name = _("Difficulty atlas")
    title = f"<h2>{escape(ctx.game['title'])} · {escape(name)}</h2>"
    body = "".join(f"<p{attributes}>{escape(text)}</p>" for attributes, text in paragraphs)
    return f"{head}{title}{body}</sheet>"


def _atlas(ctx: RenderContext) -> dict:
    atlas = ctx.data.get("atlas")
    if not atlas:
        raise UserError(f"{ctx.game_id}: the atlas page needs content/{ctx.game_id}/atlas.yaml; "
                        f"write it with: forge simulate {ctx.game_id} --all-levels "
                        f"--write content/{ctx.game_id}/atlas.yaml")
    return atlas


def _named_levels(ctx: RenderContext) -> dict[str, str]:
    named = {row["id"]: "".join(str(d) for d in row["digits"])
             for row in ctx.data.get("rules", {}).get("difficulty", {}).get("levels", [])}
    return {"normal": named.get("normal", "4211"), "first": named.get("first_game", "4200")}


def _margin(atlas: dict, lang: str) -> str:
    widest = max((row["high"] - row["low"]) / 2 for row in atlas["levels"])
    return format_number(round(100 * widest), lang)


def _stack_height(flowables, width_mm: float) -> float:
    """The height in mm the laid-out text takes (as flow.draw_box stacks it)."""
    from forge.model import MM, PT

    total = 0.0
    for i, item in enumerate(flowables):
        if i:
            total += item.getSpaceBefore()
        total += item.wrap(width_mm * MM, flow.HUGE)[1]
        if i < len(flowables) - 1:
            total += item.getSpaceAfter()
    return total * PT


def _draw_page(c, *, text, text_box, marks) -> None:
    flow.draw_box(c, text, *text_box)
    draw_marks(c, marks)


# --- the figures --------------------------------------------------------------------------------

def plan_figures(ctx: RenderContext, atlas: dict, colors: dict, top: float,
                 where: str) -> Plan:
    """Plan the grid, its legend and the charts downwards from `top` (mm from the bottom)."""
    plan = Plan(where, ctx.ink)
    rates = {row["level"]: row for row in atlas["levels"]}
    names = _factor_names(ctx)
    named = _named_levels(ctx)
    width = ctx.paper_size[0] - 2 * PAGE_MARGIN
    cell_h, chart_h = _heights(top - PAGE_MARGIN, where)
    grid_bottom = _grid(plan, rates, names, named, colors, top, width, cell_h, ctx.lang)
    chart_top = _legend(plan, named, colors, grid_bottom - 2.0, width, ctx) - GAP
    sorted_width = width * 0.58
    _sorted_chart(plan, rates, named, colors, PAGE_MARGIN, chart_top, sorted_width, chart_h,
                  ctx)
    _factor_chart(plan, rates, names, colors, PAGE_MARGIN + sorted_width + 6.0, chart_top,
                  width - sorted_width - 6.0, chart_h, ctx)
    return plan


def _heights(room: float, where: str) -> tuple[float, float]:
    """The cell and chart heights that share `room` mm below the text (the paper decides)."""
    fixed = 2 * HEAD_ROW + NAMES_ROW + 2 * GROUP_GAP + 2.0 + LEGEND_HEIGHT + 2.5 + GAP
    flexible = room - fixed
    chart = min(max(flexible * 0.42, CHART_HEIGHT[0]), CHART_HEIGHT[1])
    cell = min((flexible - chart) / 9, CELL_HEIGHT[1])
    if cell < CELL_HEIGHT[0] - 1e-9:
        need = fixed + 9 * CELL_HEIGHT[0] + CHART_HEIGHT[0]
        raise UserError(f"{where}: the text leaves {room:.0f} mm for the grid and the charts, "
                        f"which need {need:.0f} mm; shorten the explanation")
    return cell, chart


def _factor_names(ctx: RenderContext) -> dict[str, str]:
    rows = ctx.data.get("rules", {}).get("difficulty", {}).get("rows", [])
    found = {row["id"]: row.get("short", row["text"]) for row in rows}
    missing = [f for f in FACTORS if f not in found]
    if missing:
        raise UserError(f"rules.yaml difficulty.rows lacks {', '.join(missing)}: the atlas page "
                        f"names its rows and columns after them")
    return found


def _grid(plan: Plan, rates, names, named, colors, top, width, cell_h, lang) -> float:
    """The 9 × 9 grid of levels; returns its bottom edge."""
    ink = colors["ink"]
    head = sum(HEAD_COLUMNS)
    cell_w = (width - head - 2 * GROUP_GAP) / 9
    x0 = PAGE_MARGIN + head
    col_x = [x0 + j * cell_w + (j // 3) * GROUP_GAP for j in range(9)]
    rows_top = top - 2 * HEAD_ROW - NAMES_ROW
    row_y = [rows_top - (i + 1) * cell_h - (i // 3) * GROUP_GAP for i in range(9)]
    # column headers: extra Revolts (groups of three), then armies
    label_room = head - 2.0
    plan.text(x0 - 2.0, top - HEAD_ROW + 1.6, names["extra_revolts"], fonts.SANS_BOLD, 7.5,
              ink, "right", room=label_room)
    plan.text(x0 - 2.0, top - 2 * HEAD_ROW + 1.6, names["armies"], fonts.SANS_BOLD, 7.5, ink,
              "right", room=label_room)
    for g, extra in enumerate(DIGITS["extra_revolts"]):
        left = col_x[3 * g]
        plan.box(left, top - HEAD_ROW + 0.5, 3 * cell_w, HEAD_ROW - 1.0, fill=colors["tint"])
        plan.text(left + 1.5 * cell_w, top - HEAD_ROW + 1.6, str(extra), fonts.SANS_BOLD, 8,
                  ink, "center")
        for k, armies in enumerate(DIGITS["armies"]):
            plan.text(col_x[3 * g + k] + cell_w / 2, top - 2 * HEAD_ROW + 1.6, str(armies),
                      fonts.SANS_BOLD, 8, ink, "center")
    # row headers: their names in the third header row, then discs (groups) and fleets
    discs_w, fleets_w = HEAD_COLUMNS
    names_y = rows_top + NAMES_ROW / 2 - 1.0
    plan.text(PAGE_MARGIN + discs_w / 2, names_y, names["discs"], fonts.SANS_BOLD, 7.5, ink,
              "center", room=discs_w - 1.0, lines=2)
    plan.text(PAGE_MARGIN + discs_w + fleets_w / 2, names_y, names["fleets"], fonts.SANS_BOLD,
              7.5, ink, "center", room=fleets_w - 1.0, lines=2)
    for g, discs in enumerate(DIGITS["discs"]):
        bottom = row_y[3 * g + 2]
        plan.box(PAGE_MARGIN + 0.5, bottom, discs_w - 1.0, 3 * cell_h, fill=colors["tint"])
        plan.text(PAGE_MARGIN + discs_w / 2, bottom + 1.5 * cell_h - 1.4, str(discs),
                  fonts.SANS_BOLD, 11, ink, "center")
        for k, fleets in enumerate(DIGITS["fleets"]):
            plan.text(PAGE_MARGIN + discs_w + fleets_w / 2, row_y[3 * g + k] + cell_h / 2
                      - 1.1, str(fleets), fonts.SANS_BOLD, 8, ink, "center")
    # the cells
    outlined = []
    for i, (discs, fleets) in enumerate((d, f) for d in DIGITS["discs"]
                                        for f in DIGITS["fleets"]):
        for j, (extra, armies) in enumerate((e, a) for e in DIGITS["extra_revolts"]
                                            for a in DIGITS["armies"]):
            level = f"{discs}{fleets}{extra}{armies}"
            row = rates[level]
            fill = plan.shade(row["win_rate"])
            x, y = col_x[j], row_y[i]
            plan.box(x + 0.25, y + 0.25, cell_w - 0.5, cell_h - 0.5, fill=fill)
            on = art.ink_on(fill, "#ffffff", ink)
            plan.text(x + 1.0, y + cell_h - 2.4, level, fonts.SANS, 6, on, "left")
            plan.text(x + cell_w - 1.0, y + 1.6, percent(row["win_rate"], lang),
                      fonts.SANS_BOLD, 9, on, "right", room=cell_w - 2.0)
            if level in named.values():
                outlined.append((x, y))
    for x, y in outlined:                        # on top of the neighbouring cells
        plan.box(x - 0.2, y - 0.2, cell_w + 0.4, cell_h + 0.4, stroke=ink, width=pt(2.2))
    return row_y[-1]


def _legend(plan: Plan, named, colors, top, width, ctx) -> float:
    """The colour scale and the outlined levels under the grid; returns its bottom edge."""
    ink, tr = colors["ink"], ctx.tr
    y = top - LEGEND_HEIGHT
    plan.text(PAGE_MARGIN, y + 3.7, tr._("Win rate"), fonts.SANS_BOLD, 7.5, ink, "left",
              room=24.0)
    bar_x, bar_w, bar_h = PAGE_MARGIN + 42.0, 64.0, 3.2
    steps = 56
    for k in range(steps):
        plan.box(bar_x + k * bar_w / steps, y + 3.0, bar_w / steps + 0.05, bar_h,
                 fill=plan.shade((k + 0.5) / steps))
    plan.box(bar_x, y + 3.0, bar_w, bar_h, stroke=colors["muted"], width=pt(0.4))
    for tick in (0, 25, 50, 75, 100):
        x = bar_x + bar_w * tick / 100
        plan.line(x, y + 3.0, x, y + 2.0, colors["muted"], pt(0.4))
        plan.text(x, y - 0.3, f"{tick}\u00a0%", fonts.SANS, 6.5, ink, "center")
    plan.text(bar_x - 1.5, y + 3.7, tr._("harder"), fonts.SANS_ITALIC, 7, colors["muted"],
              "right", room=15.0)
    plan.text(bar_x + bar_w + 1.5, y + 3.7, tr._("easier"), fonts.SANS_ITALIC, 7,
              colors["muted"], "left", room=15.0)
    key_x = bar_x + bar_w + 19.0
    plan.box(key_x, y + 2.2, 7.0, 4.6, stroke=ink, width=pt(2.2))
    note = tr._("outlined: {normal} ({normal_name}), {first} ({first_name})").format(
        normal=named["normal"], normal_name=_level_name(ctx, "normal"),
        first=named["first"], first_name=_level_name(ctx, "first_game"))
    room = PAGE_MARGIN + width - (key_x + 9.0)
    plan.text(key_x + 9.0, y + 3.5, note, fonts.SANS, 7, ink, "left", room=room)
    return y - 2.5


def _level_name(ctx: RenderContext, level_id: str) -> str:
    levels = ctx.data.get("rules", {}).get("difficulty", {}).get("levels", [])
    return next((row["text"] for row in levels if row["id"] == level_id), level_id)


def _axis(plan: Plan, x, bottom, plot_w, plot_h, colors, ctx) -> None:
    """Horizontal grid lines and percentage labels at 0, 25, 50, 75 and 100 %."""
    for tick in (0, 25, 50, 75, 100):
        y = bottom + plot_h * tick / 100
        plan.line(x, y, x + plot_w, y, colors["grid"], pt(0.5 if tick else 0.8))
        plan.text(x - 1.0, y - 0.9, f"{tick}\u00a0%", fonts.SANS, 6.5, colors["ink"], "right")


def _sorted_chart(plan: Plan, rates, named, colors, x, top, width, height, ctx) -> None:
    """Every level's win rate, hardest to easiest, with its 95 % interval."""
    ink = colors["ink"]
    plan.text(x, top - 3.2, ctx.tr._("Every level, from hardest to easiest"), fonts.SERIF_BOLD,
              9.5, ink, "left", room=width)
    axis_room = 9.0
    plot_x, plot_w = x + axis_room, width - axis_room
    bottom, plot_h = top - height + 9.0, height - 17.0
    _axis(plan, plot_x, bottom, plot_w, plot_h, colors, ctx)
    order = sorted(rates.values(), key=lambda r: (r["win_rate"], r["level"]))
    step = plot_w / len(order)
    for k, row in enumerate(order):
        cx = plot_x + step * (k + 0.5)
        plan.box(cx - step * 0.38, bottom, step * 0.76, plot_h * row["win_rate"],
                 fill=plan.shade(row["win_rate"]), stroke=colors["muted"], width=pt(0.2))
        plan.line(cx, bottom + plot_h * row["low"], cx, bottom + plot_h * row["high"], ink,
                  pt(0.45))
        if row["level"] in named.values():
            tip = bottom + plot_h * row["high"] + 1.0
            plan.line(cx, tip, cx, tip + 2.5, ink, pt(0.5))
            plan.text(cx, tip + 3.2, row["level"], fonts.SANS_BOLD, 7, ink, "center")
    plan.text(plot_x + plot_w / 2, bottom - 4.0,
              ctx.tr._("{count} levels; each line: the 95 % interval").format(count=len(order)),
              fonts.SANS_ITALIC, 7, colors["muted"], "center", room=plot_w)


def _factor_chart(plan: Plan, rates, names, colors, x, top, width, height, ctx) -> None:
    """The mean win rate of the levels sharing each value of each setting."""
    ink = colors["ink"]
    plan.text(x, top - 3.2, ctx.tr._("Mean win rate of each setting"), fonts.SERIF_BOLD, 9.5,
              ink, "left", room=width)
    axis_room = 9.0
    plot_x, plot_w = x + axis_room, width - axis_room
    bottom, plot_h = top - height + 12.0, height - 20.0
    _axis(plan, plot_x, bottom, plot_w, plot_h, colors, ctx)
    group_w = plot_w / len(FACTORS)
    bar_w = group_w / 4
    for g, factor in enumerate(FACTORS):
        left = plot_x + g * group_w
        for k, value in enumerate(DIGITS[factor]):
            rows = [r for r in rates.values() if digits_of(r["level"])[factor] == value]
            mean = sum(r["win_rate"] for r in rows) / len(rows)
            bx = left + bar_w * (0.5 + k)
            plan.box(bx + 0.15, bottom, bar_w - 0.3, plot_h * mean, fill=plan.shade(mean),
                     stroke=colors["muted"], width=pt(0.3))
            plan.text(bx + bar_w / 2, bottom + plot_h * mean + 0.8, f"{round(100 * mean)}",
                      fonts.SANS, 6, ink, "center", room=bar_w + 0.4)
            plan.text(bx + bar_w / 2, bottom - 3.0, str(value), fonts.SANS_BOLD, 7, ink, "center")
        plan.text(left + group_w / 2, bottom - 7.6, names[factor], fonts.SANS, 6.8, ink, "center",
                  room=group_w - 1.0, lines=2)
