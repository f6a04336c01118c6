"""The supplies and assembly page: what to buy, how long building takes, and drawn steps.

The page is worked out from the game's components (game.yaml `components:`), so it stays right
for any game: the paper each kind of piece wants, a sleeve size for each card size, a time to
build from the kit's counts, and one row of numbered drawings for each kind of piece the kit has
(standee, die, board, counter, card). The drawings themselves are in forge/render/diagrams.py.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import partial

from reportlab.lib.colors import Color

from forge import fonts
from forge.calibrate import wrap as _wrap
from forge.duplex import FLIPS
from forge.errors import UserError
from forge.i18n import N_, semicolon_list
from forge.layout import tile_board
from forge.model import Piece, pt
from forge.printplan import PAPER_WORDS, PAPERS, family_paper
from forge.render import TWO_SIDED_ONLY, diagrams, maker
from forge.render.context import RenderContext

# --- time to build: minutes for one piece, the estimate's only figures ----------------------------
MINUTES = {
    "cut-card": 0.5,            # cut a card along its marks
    "cut-counter": 0.4,         # cut a counter out of its glued sheet
    "cut-sheet": 1.0,           # trim a sheet (summary sheet, track) to size
    "cut-standee": 1.5,
    "cut-die": 2.0,
    "fold-standee": 2.0,        # fold, glue the faces, open the base
    "fold-die": 5.0,            # score, fold, glue the tabs, close
    "glue-tile": 4.0,           # cut a board tile and glue it to its neighbour
    "mount-board": 10.0,        # glue the board to greyboard, once
    "sandwich-counter": 0.2,    # a counter's share of gluing front sheet, greyboard, back sheet
    "round-card": 0.3,          # four corners with a punch
    "fold-box": 5.0,            # cut out, score and glue a tuck box
}

# --- sleeves: usual sleeve (outer size, mm) for usual card trims ---------------------------------
SLEEVES = (
    ((63.5, 88.9), (66, 91)),   # poker / standard
    ((63.0, 88.0), (66, 91)),
    ((57.15, 88.9), (59, 92)),  # bridge / "American"
    ((44.0, 68.0), (46, 71)),   # mini euro
    ((41.0, 63.0), (43, 65)),   # mini American
    ((70.0, 120.0), (73, 122)),  # tarot
    ((80.0, 120.0), (83, 123)),
)
SLEEVE_TOLERANCE = 0.6          # mm: a trim this close to a usual size takes its sleeve
SLEEVE_ROOM = 2.5               # mm a sleeve is wider and taller than an unusual card, at least

# --- page ----------------------------------------------------------------------------------------
MARGIN = 10.0
TITLE_SIZE = pt(14)
HEAD_SIZE = pt(9)
TEXT_SIZE = pt(8)
CAPTION_SIZE = pt(7)
LEADING = 1.3
GAP = 3.0
TIME_COLUMN = 15.0              # mm kept right of the time table's counts for its minutes
PANEL_HEAD = 5.5                # room for a panel's title
MAX_DRAWING = 45.0              # mm: the tallest step drawing
MIN_DRAWING = 14.0
INK = (0.12, 0.12, 0.12)
MUTED = (0.4, 0.4, 0.4)
RULE = (0.75, 0.75, 0.75)

KIND_ORDER = ("standee", "die", "board", "counter", "card")


@dataclass(frozen=True)
class Step:
    draw: object                # draws the step in a diagrams.FRAME box
    caption: str


@dataclass(frozen=True)
class Panel:
    title: str
    steps: tuple[Step, ...]


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Lines no wider than width, never breaking between a number and its unit."""
    return _wrap(re.sub(r"(\d) (mm|min|g/m²)", "\\1\u00a0\\2", text), font, size, width)


# --- the maker -----------------------------------------------------------------------------------

@maker("assembly", reads=(), about_the_kit=True)
def make_assembly(component: dict, ctx: RenderContext) -> list[Piece]:
    """One full page: the supplies list, the time to build and the assembly diagrams."""
    size = ctx.paper_size
    components = ctx.game["components"]
    _ = ctx.tr._
    content = PageContent(
        title=_("Supplies and assembly"), game=ctx.game["title"],
        supplies_head=_("What you need"), supplies=supplies(components, ctx),
        time_head=_("Time to build (an estimate)"), time=build_time(components, ctx),
        time_note=_("Counted from this kit's pieces at a steady pace; printing and drying "
                    "time not included."),
        panels_head=_("How to assemble"),
        panels=panels(components, ctx, (component.get("style") or {}).get("diagrams")))
    layout = lay_out(content, size)
    return [Piece(component["id"], component.get("kind", "sheet"), size, 0,
                  diagrams.in_ink(partial(draw_page, content=content, layout=layout,
                                          size=size), ctx.ink),
                  label=component["name"], key=_key(ctx))]


def _key(ctx: RenderContext) -> dict:
    """All the page depends on besides the component, language, paper and ink (the cache's
    own inputs): the game's components, families and title, and the print options it names."""
    return {"components": ctx.game["components"], "families": ctx.game["families"],
            "title": ctx.game["title"], "board": ctx.options.board, "backs": ctx.options.backs,
            "marks": ctx.options.marks}


def kinds_of(components: list[dict]) -> list[str]:
    """The kinds of piece the kit has that come with a diagram, in building order."""
    present = {c["kind"] for c in components}
    return [kind for kind in KIND_ORDER if kind in present]


# --- supplies --------------------------------------------------------------------------------------

def sleeve_for(trim) -> tuple[int, int]:
    """The usual sleeve (outer width, height in mm) for cards of this trim."""
    w, h = sorted(trim)
    for (cw, ch), sleeve in SLEEVES:
        if abs(cw - w) <= SLEEVE_TOLERANCE and abs(ch - h) <= SLEEVE_TOLERANCE:
            return sleeve
    return math.ceil(w + SLEEVE_ROOM), math.ceil(h + SLEEVE_ROOM)


def card_sizes(components: list[dict]) -> dict[tuple[float, float], int]:
    """Card trims (width, height) and how many cards have each, in the order they come."""
    sizes: dict[tuple[float, float], int] = {}
    for c in components:
        if c["kind"] == "card" and c.get("trim"):
            trim = tuple(float(v) for v in c["trim"])
            sizes[trim] = sizes.get(trim, 0) + int(c["count"])
    return sizes


def papers(components: list[dict], ctx: RenderContext) -> dict[str, list[str]]:
    """For each paper the kit is printed on, the names of its families on that paper, in the
    game's order (the print plan's own papers, so the two agree)."""
    on_paper: dict[str, list[str]] = {}
    for family in ctx.game["families"]:
        specs = [c for c in components if c.get("family") == family["id"] and in_kit(c, ctx)]
        if specs:
            on_paper.setdefault(family_paper(family["id"], specs), []).append(family["name"])
    return {paper: on_paper[paper] for paper in PAPERS if paper in on_paper}


def in_kit(spec: dict, ctx: RenderContext) -> bool:
    """Whether the kit prints this component (pages only two-sided printing needs are left
    out of the others)."""
    return spec.get("draw") not in TWO_SIDED_ONLY or ctx.options.backs in FLIPS


def supplies(components: list[dict], ctx: RenderContext) -> list[str]:
    """The supplies list, as lines for the page: only what this kit needs."""
    _ = ctx.tr._
    kinds = {c["kind"] for c in components}
    lines = [_("{paper}: {parts}.").format(paper=_(PAPER_WORDS[paper]), parts=semicolon_list(names, _))
             for paper, names in papers(components, ctx).items()]
    for trim, count in card_sizes(components).items():
        sleeve = sleeve_for(trim)
        lines.append(_("Sleeves for the {count} cards of {card} mm: {sleeve} mm (the usual "
                       "size), optional.").format(count=count, card=_dims(trim, ctx),
                                                  sleeve=_dims(sleeve, ctx)))
    if "card" in kinds:
        lines.append(_("A corner rounder, 3 mm, for the cards."))
    lines.append(_("Glue: a glue stick or spray glue for paper on card; PVA (white glue) for "
                   "greyboard.") if kinds & {"board", "counter"} else
                 _("Glue: a glue stick or spray glue."))
    lines.append(_("A craft knife with a fresh blade, a metal ruler and a cutting mat."))
    if kinds & {"die", "standee"}:
        lines.append(_("An empty ballpoint pen, to score the folds along the ruler."))
    return lines


def _dims(values, ctx: RenderContext) -> str:
    from forge.render.sheets import format_number
    return " × ".join(format_number(float(v), ctx.lang) for v in values)


# --- time to build --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Task:
    what: str                   # translated
    count: int
    minutes: float              # each


def tasks(components: list[dict], ctx: RenderContext) -> list[Task]:
    """What building the kit takes, counted from its components."""
    _ = ctx.tr._
    count = {kind: sum(int(c["count"]) for c in components if c["kind"] == kind)
             for kind in KIND_ORDER}
    trimmed = sum(int(c["count"]) for c in components if c["kind"] == "sheet" and c.get("trim"))
    boxes = sum(int(c["count"]) for c in components if c["draw"] == "tuck-box")
    tiles = sum(board_tiles(c, ctx) for c in components if c["kind"] == "board")
    rows = [
        (_("Cut out cards"), count["card"], MINUTES["cut-card"]),
        (_("Round the cards' corners"), count["card"], MINUTES["round-card"]),
        (_("Glue counter sheets to greyboard"), count["counter"],
         MINUTES["sandwich-counter"]),
        (_("Cut out counters"), count["counter"], MINUTES["cut-counter"]),
        (_("Cut out standees"), count["standee"], MINUTES["cut-standee"]),
        (_("Fold and glue standees"), count["standee"], MINUTES["fold-standee"]),
        (_("Cut out die nets"), count["die"], MINUTES["cut-die"]),
        (_("Fold and glue dice"), count["die"], MINUTES["fold-die"]),
        (_("Cut and join board tiles"), tiles, MINUTES["glue-tile"]),
        (_("Glue the board to greyboard"), count["board"], MINUTES["mount-board"]),
        (_("Trim sheets to size"), trimmed, MINUTES["cut-sheet"]),
        (_("Cut out and fold tuck boxes"), boxes, MINUTES["fold-box"]),
    ]
    return [Task(what, n, minutes) for what, n, minutes in rows if n]


def board_tiles(component: dict, ctx: RenderContext) -> int:
    """How many pages the kit tiles this board on (1 when it is printed on one page)."""
    from forge.kit import BOARD_OVERLAP       # forge.kit loads the makers: imported late

    if ctx.options.board == "single" or "trim" not in component:
        return 1
    bleed = float(component.get("bleed", 0) if ctx.options.bleed is None else ctx.options.bleed)
    return len(tile_board(tuple(component["trim"]), ctx.paper_size, BOARD_OVERLAP, bleed)[1])


def build_time(components: list[dict], ctx: RenderContext) -> list[tuple[str, str, str]]:
    """The time-to-build table: rows (task, count × minutes, minutes), then the total row."""
    from forge.render.sheets import format_number
    _ = ctx.tr._
    rows, total = [], 0.0
    for task in tasks(components, ctx):
        minutes = task.count * task.minutes
        total += minutes
        rows.append((task.what, _("{count} × {each} min").format(
            count=task.count, each=format_number(task.minutes, ctx.lang)), _minutes(minutes, ctx)))
    rows.append((_("About, in all"), "", _minutes(5 * math.ceil(total / 5), ctx)))
    return rows


def _minutes(minutes: float, ctx: RenderContext) -> str:
    minutes = math.ceil(minutes)
    if minutes < 60:
        return ctx.tr._("{minutes} min").format(minutes=minutes)
    if minutes % 60 == 0:
        return ctx.tr._("{hours} h").format(hours=minutes // 60)
    return ctx.tr._("{hours} h {minutes} min").format(hours=minutes // 60, minutes=minutes % 60)


# --- diagrams --------------------------------------------------------------------------------------

PANEL_TITLES = {
    "standee": N_("Standees: cut, fold, glue back to back, open the base"),
    "die": N_("Dice: cut, score, fold, glue the tabs inside"),
    "board": N_("Board: join the tiles, then mount them on greyboard"),
    "counter": N_("Counters: front sheet, greyboard, back sheet, then cut"),
    "card": N_("Cards: cut, round the corners, sleeve"),
}


def panels(components: list[dict], ctx: RenderContext, kinds=None) -> list[Panel]:
    """One panel of numbered steps for each kind of piece the kit has (or of `kinds`)."""
    _ = ctx.tr._
    sizes = list(card_sizes(components))
    sleeve = _dims(sleeve_for(sizes[0]), ctx) if sizes else ""
    marks = ctx.options.marks != "none"          # the kit prints crop marks or cut lines
    cut_card, cut_tile = (partial(diagrams.card_cut, marks=marks),
                          partial(diagrams.board_cut, marks=marks))
    lay_back = partial(diagrams.counter_back, marks=marks)
    captions = {
        "standee": (
            (diagrams.standee_cut, _("Cut the standee out along its outline.")),
            (diagrams.standee_fold, _("Fold it in the middle, along the dashed line.")),
            (diagrams.standee_glue, _("Glue the two faces back to back.")),
            (diagrams.standee_base, _("Fold the two feet outwards: they make the base.")),
        ),
        "die": (
            (diagrams.die_cut, _("Cut the net out along the solid outline, tabs included.")),
            (diagrams.die_score, _("Score each dashed line with an empty pen along the ruler, "
                                   "then fold it.")),
            (diagrams.die_glue, _("Glue the tabs: they go inside the cube.")),
            (diagrams.die_close, _("Close the last face last, pressing it down on its tabs.")),
        ),
        "board": (
            (cut_tile, _("Cut each tile out; the shaded overlap strip stays on.")),
            (diagrams.board_lay, _("Lay the next tile over the shaded strip so that its "
                                   "picture runs on.")),
            (diagrams.board_glue, _("Glue the strip and press the tiles together.")),
            (diagrams.board_mount, _("Glue the board to greyboard with PVA, weigh it down, "
                                     "trim the edges.")),
        ),
        "counter": (
            (diagrams.counter_front, _("Glue the front sheet to greyboard.")),
            (lay_back, _("Turn it over; glue the back sheet with its marks on the front's "
                         "marks.") if marks else
             _("Turn it over; glue the back sheet with its edges on the front sheet's edges.")),
            (diagrams.counter_cut, _("Cut the counters out through all three layers.")),
        ) if two_sided_counters(components) else (
            (diagrams.counter_front, _("Glue the front sheet to greyboard.")),
            (diagrams.counter_cut, _("Cut the counters out through the sheet and the "
                                     "greyboard.")),
        ),
        "card": (
            (cut_card, _("Cut the cards out.")),
            (diagrams.card_round, _("Round each corner with a 3 mm corner punch.")),
            (diagrams.card_sleeve, _("Slide each card into a sleeve ({size} mm).").format(
                size=sleeve) if sleeve else _("Slide each card into a sleeve.")),
        ),
    }
    titles = dict(PANEL_TITLES)
    if not two_sided_counters(components):
        titles["counter"] = N_("Counters: glue the sheet to greyboard, then cut")
    return [Panel(_(titles[kind]),
                  tuple(Step(draw, caption) for draw, caption in captions[kind]))
            for kind in (kinds or kinds_of(components))]


def two_sided_counters(components: list[dict]) -> bool:
    """Whether any counter of the kit has a printed back (a `back` or a style's back_style)."""
    return any(c.get("back") or (c.get("style") or {}).get("back_style")
               for c in components if c["kind"] == "counter")


# --- layout and drawing ---------------------------------------------------------------------------

@dataclass(frozen=True)
class PageContent:
    """Every text and drawing of the page, translated."""

    title: str
    game: str
    supplies_head: str
    supplies: list[str]
    time_head: str
    time: list[tuple[str, str, str]]
    time_note: str
    panels_head: str
    panels: list[Panel]


@dataclass(frozen=True)
class Layout:
    supplies_lines: list[list[str]]     # each supply wrapped into the left column
    column: float                       # width of the supplies column
    top: float                          # y of the diagrams' heading
    drawing: float                      # height of a step drawing
    caption_lines: int                  # caption lines a panel row leaves room for


def lay_out(content: PageContent, size: tuple[float, float]) -> Layout:
    """Where the parts of the page go; UserError when the diagrams do not fit."""
    width, height = size
    inner = width - 2 * MARGIN
    column = inner * 0.5
    wrapped = [wrap(line, fonts.SANS, TEXT_SIZE, column - 4.0) for line in content.supplies]
    line_h = TEXT_SIZE * LEADING
    supplies_h = HEAD_SIZE * 2 + line_h * sum(len(w) for w in wrapped) + 1.0 * len(wrapped)
    time_w = inner - column - 4.0
    note = wrap(content.time_note, fonts.SANS_ITALIC, CAPTION_SIZE, time_w)
    time_h = (HEAD_SIZE * 2 + line_h * sum(len(r[0]) for r in time_rows(content, time_w))
              + CAPTION_SIZE * LEADING * len(note) + 2.0)
    top = height - MARGIN - TITLE_SIZE * 1.6 - max(supplies_h, time_h) - GAP
    frame_w = _frame_width(size, max((len(p.steps) for p in content.panels), default=1))
    lines = max((len(wrap(s.caption, fonts.SANS, CAPTION_SIZE, frame_w - 1.0))
                 for p in content.panels for s in p.steps), default=1)
    caption_h = lines * CAPTION_SIZE * LEADING + 1.0
    room = top - HEAD_SIZE * 1.8 - MARGIN
    per_panel = room / max(len(content.panels), 1)
    fitted = frame_w * diagrams.FRAME[1] / diagrams.FRAME[0]    # as tall as the width allows
    drawing = min(MAX_DRAWING, fitted, per_panel - PANEL_HEAD - caption_h - GAP)
    if content.panels and drawing < MIN_DRAWING:
        raise UserError(f"assembly page: {len(content.panels)} diagram rows do not fit a page "
                        f"of {width:g} x {height:g} mm")
    return Layout(wrapped, column, top, drawing, lines)


def _frame_width(size, steps: int) -> float:
    return (size[0] - 2 * MARGIN - GAP * (steps - 1)) / steps


def draw_page(c, *, content: PageContent, layout: Layout, size) -> None:
    """The whole page, on a canvas in page millimetres."""
    width, height = size
    c.setFillColor(Color(*INK))
    c.setFont(fonts.SANS_BOLD, TITLE_SIZE)
    y = height - MARGIN - TITLE_SIZE * 0.75
    c.drawString(MARGIN, y, content.title)
    c.setFont(fonts.SANS, TEXT_SIZE)
    c.setFillColor(Color(*MUTED))
    c.drawRightString(width - MARGIN, y, content.game)
    y -= TITLE_SIZE * 0.9
    _draw_supplies(c, content, layout, MARGIN, y)
    time_x = MARGIN + layout.column + 4.0
    _draw_time(c, content, time_x, y, width - MARGIN - time_x)
    _rule(c, MARGIN, layout.top + GAP / 2, width - MARGIN)
    _draw_panels(c, content, layout, size)


def _rule(c, x0, y, x1) -> None:
    c.setStrokeColor(Color(*RULE))
    c.setLineWidth(0.25)
    c.line(x0, y, x1, y)


def _draw_supplies(c, content: PageContent, layout: Layout, x: float, y: float) -> None:
    c.setFillColor(Color(*INK))
    c.setFont(fonts.SANS_BOLD, HEAD_SIZE)
    y -= HEAD_SIZE * 1.2
    c.drawString(x, y, content.supplies_head)
    y -= HEAD_SIZE * 0.4
    c.setFont(fonts.SANS, TEXT_SIZE)
    for lines in layout.supplies_lines:
        y -= 1.0
        for number, line in enumerate(lines):
            y -= TEXT_SIZE * LEADING
            if number == 0:
                c.circle(x + 1.2, y + TEXT_SIZE * 0.35, 0.45, stroke=0, fill=1)
            c.drawString(x + 4.0, y, line)


def time_rows(content: PageContent, width: float) -> list[tuple[list[str], str, str]]:
    """The time table's rows with each task wrapped clear of its count and minutes columns."""
    counts = max((fonts.text_width(row[1], fonts.SANS, TEXT_SIZE) for row in content.time),
                 default=0.0)
    room = width - TIME_COLUMN - counts - 2.0
    return [(wrap(what, fonts.SANS_BOLD, TEXT_SIZE, room if counts_text else width - TIME_COLUMN),
             counts_text, minutes) for what, counts_text, minutes in content.time]


def _draw_time(c, content: PageContent, x: float, y: float, width: float) -> None:
    c.setFillColor(Color(*INK))
    c.setFont(fonts.SANS_BOLD, HEAD_SIZE)
    y -= HEAD_SIZE * 1.2
    c.drawString(x, y, content.time_head)
    y -= HEAD_SIZE * 0.4 + 1.0
    line_h = TEXT_SIZE * LEADING
    rows = time_rows(content, width)
    for number, (lines, sum_text, minutes) in enumerate(rows):
        last = number == len(rows) - 1
        y -= line_h
        if last:
            _rule(c, x, y + line_h * 0.8, x + width)
        c.setFillColor(Color(*MUTED))
        c.setFont(fonts.SANS, TEXT_SIZE)
        c.drawRightString(x + width - TIME_COLUMN, y, sum_text)
        c.setFillColor(Color(*INK))
        c.setFont(fonts.SANS_BOLD if last else fonts.SANS, TEXT_SIZE)
        c.drawRightString(x + width, y, minutes)
        for k, line in enumerate(lines):
            y -= line_h if k else 0.0
            c.drawString(x, y, line)
    c.setFillColor(Color(*MUTED))
    c.setFont(fonts.SANS_ITALIC, CAPTION_SIZE)
    y -= 0.8
    for line in wrap(content.time_note, fonts.SANS_ITALIC, CAPTION_SIZE, width):
        y -= CAPTION_SIZE * LEADING
        c.drawString(x, y, line)


def _draw_panels(c, content: PageContent, layout: Layout, size) -> None:
    y = layout.top
    c.setFillColor(Color(*INK))
    c.setFont(fonts.SANS_BOLD, HEAD_SIZE)
    y -= HEAD_SIZE * 1.2
    c.drawString(MARGIN, y, content.panels_head)
    y -= HEAD_SIZE * 0.6
    caption_h = layout.caption_lines * CAPTION_SIZE * LEADING + 1.0
    for letter, panel in zip("ABCDEFGH", content.panels):
        y -= PANEL_HEAD
        c.setFillColor(Color(*INK))
        c.setFont(fonts.SANS_BOLD, TEXT_SIZE)
        c.drawString(MARGIN, y + 1.2, f"{letter}. {panel.title}")
        frame_w = _frame_width(size, len(panel.steps))
        bottom = y - layout.drawing
        for number, step in enumerate(panel.steps):
            x = MARGIN + number * (frame_w + GAP)
            _draw_frame(c, step, f"{letter}{number + 1}", x, bottom, frame_w, layout.drawing)
        y = bottom - caption_h - GAP


def _draw_frame(c, step: Step, label: str, x: float, y: float, w: float, h: float) -> None:
    """One step: its drawing fitted to the box, its number, its caption under it."""
    c.saveState()
    c.setStrokeColor(Color(*RULE))
    c.setLineWidth(0.2)
    c.roundRect(x, y, w, h, 1.5, stroke=1, fill=0)
    scale = min(w / diagrams.FRAME[0], h / diagrams.FRAME[1])
    clip = c.beginPath()
    clip.roundRect(x, y, w, h, 1.5)
    c.clipPath(clip, stroke=0, fill=0)
    c.translate(x + (w - diagrams.FRAME[0] * scale) / 2, y + (h - diagrams.FRAME[1] * scale) / 2)
    c.scale(scale, scale)
    step.draw(c)
    c.restoreState()
    label_w = fonts.text_width(label, fonts.SANS_BOLD, CAPTION_SIZE)
    c.setFillColor(Color(1, 1, 1))                  # the number stays readable over a drawing
    c.rect(x + 0.6, y + h - 2.0 - CAPTION_SIZE * 0.75, label_w + 1.2, CAPTION_SIZE + 0.6,
           stroke=0, fill=1)
    c.setFillColor(Color(*INK))
    c.setFont(fonts.SANS_BOLD, CAPTION_SIZE)
    c.drawString(x + 1.2, y + h - 1.2 - CAPTION_SIZE * 0.75, label)
    c.setFont(fonts.SANS, CAPTION_SIZE)
    line_y = y - 0.6
    for line in wrap(step.caption, fonts.SANS, CAPTION_SIZE, w - 1.0):
        line_y -= CAPTION_SIZE * LEADING
        c.drawString(x + 0.5, line_y, line)
