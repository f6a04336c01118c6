"""PAX ROMANA's combat tables on two landscape pages: the battle ratio table and the loss
percentage table of combat.yaml, as large grids (forge/render/numbergrid.py).

Page 1: the ratio table, a row for each smaller total (1 to `smaller_max`) and a column for each
larger total (1 to `larger_max`); a cell holds the shifts the larger force gets, blank where the
larger total would be smaller. The cells the printed card gives otherwise (`printed_differs`) are
framed and listed under the grid. Page 2: the loss table, a row for each modified roll (1 to 10)
and a column for each force of 1 to 30 BP. Every value is read from combat.yaml; every word is
the component's `labels`.
"""
from __future__ import annotations

from functools import partial

from reportlab.lib.colors import HexColor

from forge import fonts
from forge.errors import UserError
from forge.i18n import semicolon_list
from forge.model import Piece, pt
from forge.render import maker, numbergrid
from forge.render import sheets as text_sheets
from forge.render.numbergrid import Grid

MARGIN = 12.0             # mm of white around a turned page's content
TITLE_PT = 16.0
TEXT_PT = 8.5
LEADING = 1.25


def ratio_grid(ratio: dict) -> Grid:
    """The ratio table as a grid: rows are the smaller total, columns the larger total."""
    larger_max = ratio["larger_max"]
    cells = []
    for s, row in enumerate(ratio["rows"], start=1):
        cells.append(tuple(None if big < s else row[big - s] for big in range(1, larger_max + 1)))
    marked = frozenset((cell["smaller"] - 1, cell["larger"] - 1)
                       for cell in ratio.get("printed_differs") or [])
    return Grid(tuple(str(n) for n in range(1, larger_max + 1)),
                tuple(str(n) for n in range(1, len(ratio["rows"]) + 1)), tuple(cells),
                marked=marked)


def loss_grid(loss: dict) -> Grid:
    """The loss table as a grid: rows are the modified roll (with its percentage), columns BP."""
    rows = tuple(f"{p} · {p * 10}%" for p in range(1, len(loss["rows"]) + 1))
    return Grid(tuple(str(n) for n in range(1, loss["columns_max"] + 1)), rows,
                tuple(tuple(row) for row in loss["rows"]), head_width=2.5)


@maker("pax-romana-tables", reads=("game", "combat"))
def make_combat_tables(component: dict, ctx) -> list[Piece]:
    """Two full pages, read turned: the ratio table, then the loss table."""
    combat = ctx.data.get("combat")
    if not combat:
        raise UserError(f"component '{component['id']}': the game has no combat.yaml")
    if int(component["count"]) != 2:
        raise UserError(f"component '{component['id']}': the combat tables are 2 pages: "
                        f"give it count 2")
    labels = component.get("labels") or {}
    palette = ctx.game["palette"]
    colors = text_sheets.sheet_colors(ctx, palette.get("route", palette["ink"]))
    ratio = combat["ratio"]
    ratio_notes = [labels["ratio_how"].format(
        smaller=ratio["smaller_max"], larger=ratio["larger_max"], zero=ratio["zero_up_to"],
        one=ratio["one_up_to"])]
    if ratio.get("printed_differs"):
        cells = semicolon_list((labels["cell"].format(**cell) for cell in ratio["printed_differs"]),
                               ctx.tr._)
        ratio_notes.append(f"{labels['differs']} {cells}.")
    pages = [
        (labels["ratio_title"], ratio_grid(ratio), labels["smaller"], labels["larger"],
         ratio_notes),
        (labels["loss_title"], loss_grid(combat["loss"]), labels["roll"], labels["force"],
         [labels["loss_how"]]),
    ]
    footer = f"{ctx.game['title']} · {component['name']}"
    pieces = []
    for title, grid, row_head, column_head, notes in pages:
        draw = partial(numbergrid.turned, page=ctx.paper_size,
                       draw=partial(_draw_table_page, title=title, grid=grid, row_head=row_head,
                                    column_head=column_head, notes=tuple(notes), colors=colors,
                                    footer=footer, saver=ctx.ink == "saver"))
        pieces.append(Piece(component["id"], component.get("kind", "sheet"), ctx.paper_size, 0,
                            lambda c, draw=draw: draw(c), label=f"{component['name']}: {title}"))
    return pieces


def _wrap(text: str, font: str, size: float, width: float) -> list[str]:
    lines, line = [], []
    for word in text.split():
        if line and fonts.text_width(" ".join(line + [word]), font, size) > width:
            lines.append(" ".join(line))
            line = []
        line.append(word)
    if line:
        lines.append(" ".join(line))
    return lines


def _draw_table_page(c, size, *, title, grid, row_head, column_head, notes, colors,
                     footer, saver=False) -> None:
    """One turned page: the title, the column heading, the grid, the notes and the footer."""
    width, height = size
    x0, inner = MARGIN, width - 2 * MARGIN
    text_size = pt(TEXT_PT)
    note_lines = [line for note in notes
                  for line in _wrap(note, fonts.SANS, text_size, inner)]
    notes_h = len(note_lines) * text_size * LEADING + 2
    top = height - MARGIN
    c.setFillColor(HexColor(colors["accent"]))
    c.setFont(fonts.SERIF_BOLD, pt(TITLE_PT))
    c.drawString(x0, top - pt(TITLE_PT), title)
    top -= pt(TITLE_PT) + 3
    c.setFillColor(HexColor(colors["ink"]))
    c.setFont(fonts.SANS_BOLD, text_size)
    side = text_size * 2                       # room for the rows' heading, turned
    bottom = MARGIN + 4 + notes_h
    grid_box = (x0 + side, bottom, inner - side, top - text_size * 1.8 - bottom)
    head_w = numbergrid.cell_size(grid, grid_box)[0] * grid.head_width
    c.drawCentredString(grid_box[0] + head_w + (grid_box[2] - head_w) / 2,
                        top - text_size * 1.2, column_head)
    c.saveState()
    c.translate(x0 + text_size * 1.2, bottom + grid_box[3] / 2)
    c.rotate(90)
    c.drawCentredString(0, 0, row_head)
    c.restoreState()
    numbergrid.draw_grid(c, grid, grid_box, colors["ink"], colors["stripe"], colors["accent"],
                         head_fill=colors["tint"] if saver else None)
    c.setFont(fonts.SANS, text_size)
    y = MARGIN + 4 + notes_h - 2 - text_size
    for line in note_lines:
        c.drawString(x0, y, line)
        y -= text_size * LEADING
    c.setFillColor(HexColor(colors["muted"]))
    c.setFont(fonts.SANS, pt(7.5))
    c.drawCentredString(width / 2, MARGIN / 2, footer)
