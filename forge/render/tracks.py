"""Tracks and charts printed as pieces: a numbered track in strips, the round and season track,
the alliance chart.

Every word these pieces print comes from the component's `labels` in game.yaml (a mapping of
translated texts: `labels: {title: Victory points, ...}`); numbers and counts come from its
`style` (or from the game's tables.yaml where said). Numerals are printed as they are.

- `track`: a numbered track. Style: `first`, `last` (the numbers, 0 and 150 say), `minor` and
  `major` (every how many boxes a box is marked: 5 and 10 by default), `fill`, `accent`
  (palette colours), `layout`:
  - `strips` (the default): strips glued end to end. Labels: `title`, `glue` (printed on the
    glue tab at the end of each strip but the last). The box is as tall as the strip below its
    title band and square; as many boxes as fit go on a strip, and the component's `count` must
    be the number of strips that makes (the build says how many when it is not).
  - `grid`: one sheet (count 1), nothing to glue: the numbers run in rows that turn back at
    each end (a serpentine), joined by a short bridge at the turn, under a title band. The
    boxes are the largest squares that fit the trim, at least `space` mm (14 by default: room
    for a player's marker). Labels: `title`.
- `season-track`: a row of season boxes and a row of round boxes for the two markers. Style:
  `seasons`, `extra` (optional seasons after them), `rounds` (each default: tables.yaml
  `seasons.count`, `seasons.extra`, `seasons.rounds`), `fill`, `accent`. Labels: `title`,
  `season`, `round` (each box prints the word and its number), `extra` (a note under optional
  seasons: "if all agree").
- `alliance-chart`: the proposal boxes A and B and the turn-order boxes, numbered 1 to
  `places` (6 by default) and alternating between alliance A (1, 3, 5) and B (2, 4, 6). Style:
  `places`, `fill`, `accent`. Labels: `title`, `proposal`, `alliance`, `turn_order`.

With the ink saver nothing is filled but light tints; every number and word is kept. Pieces carry
a `key` of exactly what they draw.
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from functools import partial

from reportlab.lib.colors import HexColor

from forge import fonts
from forge.errors import UserError
from forge.ink import color_for
from forge.model import Piece, pt
from forge.render import art, maker, textfit

VERSION = 1               # part of every piece key: bump it when the drawing changes
BAND = 5.0                # mm, the title band of a track strip
GLUE_MIN = 9.0            # mm, narrowest glue tab
GLUE_PT = 6.0             # points: the glue tab's words, never smaller
GLUE_PAD = 0.8            # mm of the tab's width kept clear of its words
GLUE_LINES = 4
PAD = 1.2                 # mm of paper kept inside the trim around everything printed
LINE = pt(0.6)
HEAVY = pt(1.4)


@dataclass(frozen=True)
class Inks:
    paper: str            # the background
    ink: str              # lines and words
    accent: str           # marked boxes
    mark: str             # the fill of a marked box
    strong: str           # the fill of a strongly marked box
    on_strong: str        # words on `strong`
    saver: bool


def inks_of(component: dict, ctx) -> Inks:
    """The inks of a printed board piece from its style's `fill`, `ink` and `accent` (tracks,
    charts, the wheel): full colour, or light tints with the ink saver."""
    style = component.get("style") or {}
    palette = ctx.game.get("palette", {})
    paper = ctx.color(style["fill"]) if "fill" in style else \
        palette.get("parchment", color_for(art.LIGHT, ctx.ink))
    ink = ctx.color(style["ink"]) if "ink" in style else \
        palette.get("ink", color_for(art.DARK, ctx.ink))
    accent = ctx.color(style["accent"]) if "accent" in style else ink
    if ctx.ink == "saver":
        strong = art.readable(accent)
        return Inks("#ffffff", ink, strong, art.tint(accent, 0.08), art.tint(accent, 0.16), ink,
                    True)
    return Inks(paper, ink, accent, art.mix(paper, accent, 0.18), accent,
                art.ink_on(accent, paper, ink), False)


def _labels(component: dict, needed: tuple[str, ...]) -> dict:
    labels = component.get("labels") or {}
    missing = [name for name in needed if not labels.get(name)]
    if missing:
        raise UserError(f"component '{component['id']}': its 'labels' need "
                        f"{', '.join(missing)} (translated texts printed on the piece)")
    return labels


def _int(component: dict, style: dict, name: str, default=None) -> int:
    value = style.get(name, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise UserError(f"component '{component['id']}': style '{name}' must be a whole number "
                        f"(found {value!r})")
    return value


def _key(component: dict, kind: str, **parts) -> dict:
    return {"maker": kind, "version": VERSION, "trim": list(component["trim"]),
            "bleed": component.get("bleed", 0), **parts}


def _background(c, w: float, h: float, bleed: float, inks: Inks) -> None:
    c.setFillColor(HexColor(inks.paper))
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)


def _text(c, text: str, x: float, y: float, size: float, color: str,
          font: str = fonts.SERIF_BOLD, align: str = "left") -> None:
    fonts.register_fonts()
    c.setFillColor(HexColor(color))
    c.setFont(font, size)
    {"left": c.drawString, "centre": c.drawCentredString,
     "right": c.drawRightString}[align](x, y, text)


def _fitted(text: str, font: str, size: float, width: float) -> float:
    fonts.register_fonts()
    wide = fonts.text_width(text, font, size)
    return size if wide <= width else size * width / wide * 0.999


def _box(c, x, y, w, h, fill: str, stroke: str, width: float, dash=None) -> None:
    c.saveState()
    c.setFillColor(HexColor(fill))
    c.setStrokeColor(HexColor(stroke))
    c.setLineWidth(width)
    if dash:
        c.setDash(*dash)
    c.rect(x, y, w, h, stroke=1, fill=1)
    c.restoreState()


def _numeral(c, text: str, cx: float, cy: float, cap: float, width: float, color: str) -> None:
    """A number centred by its capital height, narrowed to `width` if need be."""
    size = cap / 0.66
    wide = fonts.text_width(text, fonts.SERIF_BOLD, size)
    if wide > width:
        cap *= width / wide
    art.draw_letter(c, text, cx, cy, cap, color, font=fonts.SERIF_BOLD)


# --- the numbered track in strips ---------------------------------------------------------------

@dataclass(frozen=True)
class Strip:
    numbers: tuple[int, ...]
    index: int            # 1-based
    strips: int
    box: float            # mm, side of a box
    glue: float           # mm, width of the glue tab (0 on the last strip)
    title: str
    glue_text: str
    minor: int
    major: int


def strip_layout(trim, first: int, last: int, glue_text: str = "") -> tuple[float, int]:
    """The box side and how many boxes fit on one strip of this trim."""
    w, h = trim
    box = h - BAND
    if box < 8:
        raise ValueError(f"a strip {h:g} mm tall leaves boxes of {box:g} mm (8 at least)")
    per_strip = int((w - glue_width(box, glue_text) + 1e-6) // box)
    return box, per_strip


def glue_width(box: float, text: str) -> float:
    """The glue tab's width: three quarters of a box (GLUE_MIN at least), widened until its
    text fits in GLUE_LINES lines at GLUE_PT."""
    width = max(GLUE_MIN, box * 0.75)
    while text and width < box * 3 and textfit.fit_lines(
            text, fonts.SANS, pt(GLUE_PT), width - GLUE_PAD, GLUE_LINES)[1] < pt(GLUE_PT) - 1e-6:
        width += 0.5
    return width


@maker("track", reads=("game",))
def make_track(component: dict, ctx) -> list[Piece]:
    """A numbered track: strips whose numbers run on from strip to strip, or one grid sheet."""
    style = component.get("style") or {}
    grid = style.get("layout", "strips") == "grid"
    labels = _labels(component, ("title",) if grid else ("title", "glue"))
    first = _int(component, style, "first", 0)
    last = _int(component, style, "last")
    minor, major = _int(component, style, "minor", 5), _int(component, style, "major", 10)
    if last <= first:
        raise UserError(f"component '{component['id']}': 'last' must be above 'first'")
    if grid:
        return [_grid_piece(component, ctx, style, labels["title"], first, last, minor, major)]
    trim = tuple(component["trim"])
    try:
        box, per_strip = strip_layout(trim, first, last, labels["glue"])
    except ValueError as err:
        raise UserError(f"component '{component['id']}': {err}") from None
    if per_strip < 2:
        raise UserError(f"component '{component['id']}': a strip {trim[0]:g} mm wide holds "
                        f"fewer than two {box:g} mm boxes")
    numbers = list(range(first, last + 1))
    strips = math.ceil(len(numbers) / per_strip)
    if component["count"] != strips:
        raise UserError(f"component '{component['id']}': {len(numbers)} numbers at {per_strip} "
                        f"per {trim[0]:g} x {trim[1]:g} mm strip make {strips} strips; "
                        f"set count: {strips}")
    inks = inks_of(component, ctx)
    bleed = component.get("bleed", 0)
    glue = glue_width(box, labels["glue"])
    pieces = []
    for i in range(strips):
        strip = Strip(tuple(numbers[i * per_strip:(i + 1) * per_strip]), i + 1, strips, box,
                      glue if i + 1 < strips else 0.0, labels["title"], labels["glue"],
                      minor, major)
        pieces.append(Piece(component["id"], component["kind"], trim, bleed,
                            partial(draw_strip, strip=strip, inks=inks, trim=trim, bleed=bleed),
                            f"{component['name']} {strip.index}/{strips}",
                            key=_key(component, "track", strip=asdict(strip),
                                     inks=asdict(inks))))
    return pieces


def draw_strip(c, strip: Strip, inks: Inks, trim, bleed: float) -> None:
    """One strip: the title band with the strip's place, its boxes, its glue tab."""
    w, h = trim
    box = strip.box
    _background(c, w, h, bleed, inks)
    band_y = box
    size = pt(8)
    _text(c, strip.title, PAD, band_y + (BAND - size * 0.7) / 2, size, inks.ink)
    place = f"{strip.index}/{strip.strips}"
    _text(c, place, len(strip.numbers) * box - PAD, band_y + (BAND - size * 0.7) / 2, size,
          inks.ink, font=fonts.SERIF, align="right")
    if strip.index > 1:                      # where this strip starts: an arrow coming in
        _arrow(c, fonts.text_width(strip.title, fonts.SERIF_BOLD, size) + PAD + 2.0,
               band_y + BAND / 2, 3.0, inks.ink)
    for k, number in enumerate(strip.numbers):
        x = k * box
        major = strip.major and number % strip.major == 0
        minor = strip.minor and number % strip.minor == 0
        fill = inks.strong if major else inks.mark if minor else inks.paper
        color = inks.on_strong if major else inks.ink
        _box(c, x, 0, box, box, fill, inks.ink, HEAVY if major or minor else LINE)
        cap = box * (0.40 if major else 0.34 if minor else 0.28)
        _numeral(c, str(number), x + box / 2, box / 2, cap, box * 0.8, color)
    if strip.glue:
        _glue_tab(c, len(strip.numbers) * box, strip.glue, box, strip, inks)


def _glue_tab(c, x: float, width: float, height: float, strip: Strip, inks: Inks) -> None:
    """The tab the next strip is glued onto: hatched, with the words and an arrow."""
    c.saveState()
    p = c.beginPath()
    p.rect(x, 0, width, height)
    c.clipPath(p, stroke=0, fill=0)
    c.setStrokeColor(HexColor(art.mix(inks.paper, inks.ink, 0.25)))
    c.setLineWidth(pt(0.5))
    step = 1.6
    k = -height
    while k < width:
        c.line(x + k, 0, x + k + height, height)
        k += step
    c.restoreState()
    c.saveState()
    c.setStrokeColor(HexColor(inks.ink))
    c.setLineWidth(LINE)
    c.setDash(0.8, 0.8)
    c.rect(x, 0, width, height, stroke=1, fill=0)
    c.restoreState()
    inner = width - GLUE_PAD
    lines, size = textfit.fit_lines(strip.glue_text, fonts.SANS, pt(GLUE_PT), inner,
                                   GLUE_LINES)
    lead = size * 1.1
    top = height * 0.62 + lead * (len(lines) - 1) / 2
    c.setFillColor(HexColor(inks.paper))
    c.rect(x + 0.4, top - lead * (len(lines) - 1) - size * 0.35,
           width - 0.8, lead * (len(lines) - 1) + size * 1.15, stroke=0, fill=1)
    for i, line in enumerate(lines):
        _text(c, line, x + width / 2, top - i * lead, size, inks.ink, font=fonts.SANS,
              align="centre")
    _arrow(c, x + width / 2, height * 0.2, min(width * 0.5, 4.0), inks.ink)
    size = pt(7)
    label = f"{strip.index + 1}/{strip.strips}"
    right = x + width - 0.4
    _text(c, label, right, height + (BAND - size * 0.7) / 2, size, inks.ink, font=fonts.SERIF,
          align="right")
    _arrow(c, right - fonts.text_width(label, fonts.SERIF, size) - 2.2, height + BAND / 2, 3.0,
           inks.ink)


def _arrow(c, cx: float, cy: float, length: float, color: str) -> None:
    """A small arrow pointing right."""
    p = c.beginPath()
    head = length * 0.45
    p.moveTo(cx - length / 2, cy - length * 0.1)
    p.lineTo(cx + length / 2 - head, cy - length * 0.1)
    p.lineTo(cx + length / 2 - head, cy - length * 0.28)
    p.lineTo(cx + length / 2, cy)
    p.lineTo(cx + length / 2 - head, cy + length * 0.28)
    p.lineTo(cx + length / 2 - head, cy + length * 0.1)
    p.lineTo(cx - length / 2, cy + length * 0.1)
    p.close()
    c.setFillColor(HexColor(color))
    c.drawPath(p, stroke=0, fill=1)


# --- the numbered track as one grid sheet -------------------------------------------------------

GRID_BAND = 9.0           # mm, the title band above the grid
GRID_GAP = 2.0            # mm between two rows: the bridge at the turn crosses it
SPACE_MIN = 14.0          # mm, the smallest box a player's marker sits in


@dataclass(frozen=True)
class Grid:
    numbers: tuple[int, ...]
    columns: int
    box: float            # mm, side of a box
    title: str
    minor: int
    major: int

    @property
    def rows(self) -> int:
        return math.ceil(len(self.numbers) / self.columns)

    def cell(self, index: int) -> tuple[int, int]:
        """Row (0 at the top) and column of the index-th number: rows turn back at each end."""
        row, k = divmod(index, self.columns)
        return row, (k if row % 2 == 0 else self.columns - 1 - k)


def grid_layout(trim, count: int, least: float = SPACE_MIN) -> tuple[float, int] | None:
    """The largest box side (in 0.5 mm steps, at least `least`) and the columns that fit
    `count` boxes in rows on a sheet of this trim below its title band; None if none fits."""
    width, height = trim[0] - 2 * PAD, trim[1] - GRID_BAND - 2 * PAD
    box = math.floor(min(width, height) * 2) / 2
    while box >= least - 1e-9:
        columns = int((width + 1e-6) // box)
        rows = int((height + GRID_GAP + 1e-6) // (box + GRID_GAP))
        if columns >= 2 and columns * rows >= count:
            return box, columns
        box -= 0.5
    return None


def _grid_piece(component: dict, ctx, style: dict, title: str, first: int, last: int,
                minor: int, major: int) -> Piece:
    if component["count"] != 1:
        raise UserError(f"component '{component['id']}': a grid track is one sheet; set count: 1")
    trim = tuple(component["trim"])
    numbers = tuple(range(first, last + 1))
    least = style.get("space", SPACE_MIN)
    if not isinstance(least, (int, float)) or isinstance(least, bool) or least <= 0:
        raise UserError(f"component '{component['id']}': style 'space' must be a size in mm")
    fit = grid_layout(trim, len(numbers), least)
    if fit is None:
        raise UserError(f"component '{component['id']}': {len(numbers)} boxes of {least:g} mm "
                        f"or more do not fit a {trim[0]:g} x {trim[1]:g} mm sheet")
    grid = Grid(numbers, fit[1], fit[0], title, minor, major)
    inks = inks_of(component, ctx)
    bleed = component.get("bleed", 0)
    return Piece(component["id"], component["kind"], trim, bleed,
                 partial(draw_grid, grid=grid, inks=inks, trim=trim, bleed=bleed),
                 component["name"],
                 key=_key(component, "track-grid", grid=asdict(grid), inks=asdict(inks)))


def draw_grid(c, grid: Grid, inks: Inks, trim, bleed: float) -> None:
    """The title band, then the rows of boxes with a bridge at each turn."""
    w, h = trim
    box = grid.box
    _background(c, w, h, bleed, inks)
    span_w = grid.columns * box
    span_h = grid.rows * box + (grid.rows - 1) * GRID_GAP
    x0 = (w - span_w) / 2
    top = h - GRID_BAND - PAD - (h - GRID_BAND - 2 * PAD - span_h) / 2
    size = _fitted(grid.title, fonts.SERIF_BOLD, pt(14), w - 2 * PAD)
    _text(c, grid.title, w / 2, h - PAD - GRID_BAND / 2 - size * 0.35, size, inks.ink,
          align="centre")

    def corner(index):
        row, column = grid.cell(index)
        return x0 + column * box, top - (row + 1) * box - row * GRID_GAP

    for index in range(len(grid.numbers) - 1):
        if grid.cell(index)[0] != grid.cell(index + 1)[0]:       # a turn: bridge the gap
            x, y = corner(index)
            _box(c, x + box * 0.2, y - GRID_GAP - LINE, box * 0.6, GRID_GAP + 2 * LINE,
                 inks.mark, inks.ink, LINE)
            c.saveState()
            c.setFillColor(HexColor(inks.mark))
            c.rect(x + box * 0.2 + LINE, y - GRID_GAP - LINE, box * 0.6 - 2 * LINE,
                   GRID_GAP + 2 * LINE, stroke=0, fill=1)
            c.restoreState()
    for index, number in enumerate(grid.numbers):
        x, y = corner(index)
        major = grid.major and number % grid.major == 0
        minor = grid.minor and number % grid.minor == 0
        fill = inks.strong if major else inks.mark if minor else inks.paper
        color = inks.on_strong if major else inks.ink
        _box(c, x, y, box, box, fill, inks.ink, HEAVY if major or minor else LINE)
        cap = box * (0.36 if major else 0.31 if minor else 0.26)
        _numeral(c, str(number), x + box / 2, y + box / 2, cap, box * 0.8, color)
        if index + 1 < len(grid.numbers) and grid.cell(index + 1)[0] == grid.cell(index)[0]:
            step = 1 if grid.cell(index + 1)[1] > grid.cell(index)[1] else -1
            if index % grid.columns == 0 and grid.cell(index)[0] > 0 or index == 0:
                _pointer(c, x + box / 2 + step * box * 0.36, y + box * 0.14, box * 0.16, step,
                         color)


def _pointer(c, cx: float, cy: float, length: float, step: int, color: str) -> None:
    """A small arrow pointing right (step 1) or left (step -1): which way the row runs."""
    c.saveState()
    c.translate(cx, cy)
    c.scale(step, 1)
    _arrow(c, 0, 0, length, color)
    c.restoreState()


# --- the round and season track ----------------------------------------------------------------

@dataclass(frozen=True)
class SeasonTrack:
    title: str
    season: str
    round: str
    extra_note: str
    seasons: int
    extra: int
    rounds: int


@maker("season-track", reads=("game", "tables"))
def make_season_track(component: dict, ctx) -> list[Piece]:
    """One card with a row of season boxes (optional ones dashed) and a row of round boxes."""
    style = component.get("style") or {}
    tables = (ctx.data.get("tables") or {}).get("seasons") or {}
    seasons = _int(component, style, "seasons", tables.get("count"))
    extra = _int(component, style, "extra", tables.get("extra", 0))
    rounds = _int(component, style, "rounds", tables.get("rounds"))
    labels = _labels(component, ("title", "season", "round") + (("extra",) if extra else ()))
    if not seasons or not rounds:
        raise UserError(f"component '{component['id']}': a season track needs at least one "
                        f"season and one round")
    track = SeasonTrack(labels["title"], labels["season"], labels["round"],
                        labels.get("extra", ""), seasons, extra, rounds)
    trim = tuple(component["trim"])
    bleed = component.get("bleed", 0)
    inks = inks_of(component, ctx)
    draw = partial(draw_season_track, track=track, inks=inks, trim=trim, bleed=bleed)
    key = _key(component, "season-track", track=asdict(track), inks=asdict(inks))
    return [Piece(component["id"], component["kind"], trim, bleed, draw, component["name"],
                  key=key) for _ in range(component["count"])]


def draw_season_track(c, track: SeasonTrack, inks: Inks, trim, bleed: float) -> None:
    w, h = trim
    _background(c, w, h, bleed, inks)
    title_size = _fitted(track.title, fonts.SERIF_BOLD, pt(12), w - 2 * PAD)
    title_h = title_size * 1.3
    _text(c, track.title, w / 2, h - PAD - title_size * 0.75, title_size, inks.ink,
          align="centre")
    columns = max(track.seasons + track.extra, track.rounds)
    gap = 1.5
    room_h = h - 2 * PAD - title_h
    row_h = (room_h - gap) / 2
    side = min((w - 2 * PAD - (columns - 1) * gap) / columns, row_h)
    rows = (("season", track.seasons + track.extra, track.season),
            ("round", track.rounds, track.round))
    for r, (what, n, word) in enumerate(rows):
        y = PAD + (1 - r) * (side + gap) + (room_h - gap - 2 * side) / 2
        x0 = (w - (n * side + (n - 1) * gap)) / 2
        for i in range(n):
            x = x0 + i * (side + gap)
            optional = what == "season" and i >= track.seasons
            _box(c, x, y, side, side, inks.paper if optional else inks.mark, inks.ink,
                 LINE if optional else HEAVY, dash=(1.2, 0.9) if optional else None)
            _numeral(c, str(i + 1), x + side / 2, y + side * 0.52, side * 0.34, side * 0.7,
                     art.mix(inks.ink, inks.paper, 0.15))
            label = f"{word} {i + 1}"
            size = _fitted(label, fonts.SERIF_BOLD, pt(7.5), side - 1.6)
            _text(c, label, x + side / 2, y + side - 1.0 - size * 0.75, size, inks.ink,
                  align="centre")
            if optional and track.extra_note:
                lines, note = textfit.fit_lines(track.extra_note, fonts.SERIF_ITALIC, pt(6),
                                            side - 1.6, 2)
                for k, line in enumerate(lines):
                    _text(c, line, x + side / 2, y + 1.0 + (len(lines) - 1 - k) * note * 1.1,
                          note, inks.ink, font=fonts.SERIF_ITALIC, align="centre")


# --- the alliance chart --------------------------------------------------------------------------

@dataclass(frozen=True)
class AllianceChart:
    title: str
    proposal: str
    alliance: str
    turn_order: str
    places: int


@maker("alliance-chart", reads=("game",))
def make_alliance_chart(component: dict, ctx) -> list[Piece]:
    """The proposal boxes A and B and the turn-order boxes of the two alliances."""
    style = component.get("style") or {}
    labels = _labels(component, ("title", "proposal", "alliance", "turn_order"))
    places = _int(component, style, "places", 6)
    if places < 2:
        raise UserError(f"component '{component['id']}': 'places' must be 2 or more")
    chart = AllianceChart(labels["title"], labels["proposal"], labels["alliance"],
                          labels["turn_order"], places)
    trim = tuple(component["trim"])
    bleed = component.get("bleed", 0)
    inks = inks_of(component, ctx)
    draw = partial(draw_alliance_chart, chart=chart, inks=inks, trim=trim, bleed=bleed)
    key = _key(component, "alliance-chart", chart=asdict(chart), inks=asdict(inks))
    return [Piece(component["id"], component["kind"], trim, bleed, draw, component["name"],
                  key=key) for _ in range(component["count"])]


def draw_alliance_chart(c, chart: AllianceChart, inks: Inks, trim, bleed: float) -> None:
    """Left: the two proposal boxes. Right: alliance A's column (1, 3, 5) and B's (2, 4, 6)."""
    w, h = trim
    _background(c, w, h, bleed, inks)
    title_size = _fitted(chart.title, fonts.SERIF_BOLD, pt(12), w - 2 * PAD)
    _text(c, chart.title, w / 2, h - PAD - title_size * 0.75, title_size, inks.ink,
          align="centre")
    head = pt(8)
    top = h - PAD - title_size * 1.3 - head * 1.4          # top of the boxes
    rows = math.ceil(chart.places / 2)
    gap = 1.5
    side = min((top - PAD - (rows - 1) * gap) / rows, (w - 2 * PAD - 3 * gap - 4.0) / 4)
    # the proposal boxes, as large as the room allows, side by side
    prop_w = 2 * side + gap
    left = PAD + (w / 2 - PAD - prop_w) / 2
    big = min(side * 1.25, top - PAD)
    prop_y = top - big
    _heading(c, chart.proposal, left + prop_w / 2, top + head * 0.45, prop_w, head, inks)
    for i, letter in enumerate("AB"):
        x = left + i * (side + gap)
        _box(c, x, prop_y, side, big, inks.mark, inks.ink, HEAVY)
        _numeral(c, letter, x + side / 2, prop_y + big / 2, side * 0.42, side * 0.7,
                 art.mix(inks.ink, inks.paper, 0.2))
    # the turn order, one column per alliance
    x0 = w / 2 + (w / 2 - PAD - prop_w) / 2
    _heading(c, chart.turn_order, x0 + prop_w / 2, top + head * 0.45, prop_w, head, inks)
    for col, letter in enumerate("AB"):
        x = x0 + col * (side + gap)
        label = f"{chart.alliance} {letter}"
        size = _fitted(label, fonts.SERIF_BOLD, pt(6.5), side)
        for row in range(rows):
            place = 2 * row + col + 1
            if place > chart.places:
                continue
            y = top - (row + 1) * side - row * gap
            _box(c, x, y, side, side, inks.strong if place == 1 else inks.mark, inks.ink,
                 HEAVY)
            color = inks.on_strong if place == 1 else art.mix(inks.ink, inks.paper, 0.2)
            _numeral(c, str(place), x + side / 2, y + side * 0.46, side * 0.40, side * 0.7, color)
            _text(c, label, x + side / 2, y + side - 0.8 - size * 0.75, size,
                  inks.on_strong if place == 1 else inks.ink, align="centre")
    c.setStrokeColor(HexColor(inks.ink))
    c.setLineWidth(LINE)
    c.line(w / 2, PAD, w / 2, top + head)


def _heading(c, text: str, cx: float, y: float, width: float, size: float, inks: Inks) -> None:
    size = _fitted(text, fonts.SERIF_BOLD, size, width)
    _text(c, text, cx, y, size, inks.ink, font=fonts.SERIF_BOLD, align="centre")
