"""Tetrarchia's emperor summary sheets: one per emperor, his colour band, mark and turn in brief.

Laid out like every text sheet (forge/render/sheets.py) from templates/summary-sheet.xml.j2, or
the component's `style: {template: ...}`.
"""
from __future__ import annotations

from functools import partial

from reportlab.lib.colors import HexColor

from forge.model import Piece, pt
from forge.render import art, flow, maker
from forge.render.context import RenderContext
from forge.render.sheets import (check_blocks, readable, render_markup, sheet_colors,
                                  template_of)

SUMMARY_MIN_PT = 7.0            # smallest text on a summary sheet, in points
SUMMARY_BAND = 24.0             # mm: the emperor's colour band at the top of his sheet
SUMMARY_FOOT = 2.5              # mm: the colour strip at the bottom (both run into the bleed)
SUMMARY_MARGIN = 5.0            # mm: 3 mm safe zone inside the trim, and 2 more for air


@maker("summary-sheet", reads=("game", "rules", "sheets"))
def make_summary_sheets(component: dict, ctx: RenderContext) -> list[Piece]:
    """One summary sheet per emperor: his colour band, his IMPERIVM power, the turn in brief."""
    check_blocks(ctx)
    trim = tuple(component["trim"])
    bleed = component.get("bleed", 0)
    template = template_of(component, "summary-sheet.xml.j2")
    pieces = []
    for emperor in ctx.game["emperors"]:
        where = f"summary sheet '{emperor['id']}' ({ctx.lang}, {ctx.paper})"
        colors = sheet_colors(ctx, emperor["color"])
        header_box, body_box = _summary_boxes(trim)
        values = dict(emperor=emperor, colors=colors)
        header = flow.layout(render_markup(template, ctx, part="header", **values),
                             *header_box[2:], where=where + " header",
                             min_size=SUMMARY_MIN_PT)[0]
        body = flow.layout(render_markup(template, ctx, part="body", **values), *body_box[2:],
                           where=where, min_size=SUMMARY_MIN_PT)[0]
        draw = partial(_draw_summary, emperor=emperor, colors=colors, trim=trim, bleed=bleed,
                       header=(header_box, header), body=(body_box, body),
                       saver=ctx.ink == "saver")
        pieces.append(Piece(component["id"], component.get("kind", "sheet"), trim, bleed, draw,
                            label=emperor["name"]))
    return pieces


def _summary_boxes(trim):
    """(x, y, width, height) in mm of the header text and of the body, inside the trim."""
    width, height = trim
    mark = SUMMARY_BAND - 6.0           # diameter of the emperor's mark
    header_x = SUMMARY_MARGIN + mark + 4.0
    header = (header_x, height - SUMMARY_BAND + 1.5, width - header_x - SUMMARY_MARGIN,
              SUMMARY_BAND - 3.0)
    body_top = height - SUMMARY_BAND - 2.5
    body_bottom = SUMMARY_FOOT + 3.0
    body = (SUMMARY_MARGIN, body_bottom, width - 2 * SUMMARY_MARGIN, body_top - body_bottom)
    return header, body


def _draw_summary(c, *, emperor, colors, trim, bleed, header, body, saver=False) -> None:
    width, height = trim
    c.saveState()
    if saver:       # no colour band: rules in his colour under the header and above the foot
        c.setStrokeColor(HexColor(readable(emperor["color"])))
        c.setLineWidth(pt(2.2))
        c.line(SUMMARY_MARGIN, height - SUMMARY_BAND, width - SUMMARY_MARGIN,
               height - SUMMARY_BAND)
        c.setLineWidth(pt(1.0))
        c.line(SUMMARY_MARGIN, SUMMARY_FOOT, width - SUMMARY_MARGIN, SUMMARY_FOOT)
    else:
        c.setFillColor(HexColor(emperor["color"]))
        c.rect(-bleed, height - SUMMARY_BAND, width + 2 * bleed, SUMMARY_BAND + bleed,
               stroke=0, fill=1)
        c.rect(-bleed, -bleed, width + 2 * bleed, SUMMARY_FOOT + bleed, stroke=0, fill=1)
    c.restoreState()
    radius = (SUMMARY_BAND - 6.0) / 2
    art.draw_emperor_mark(c, emperor, SUMMARY_MARGIN + radius, height - SUMMARY_BAND / 2,
                          radius, light="#ffffff", dark=colors["ink"], saver=saver)
    for (x, y, w, h), flowables in (header, body):
        flow.draw_box(c, flowables, x, y, w, h)
