"""PAX ROMANA's player aids: one full page each, laid out from a template of the game.

`pax-romana-aid` renders the component's `style: {template: ...}` (content/pax-romana/templates/)
into the markup of forge/render/flow.py with the rule data as `d` (d.turn, d.units, d.combat...,
translated into the build's language) and the component's `labels` as `t`: every number comes
from the rule data, every word from the data or the labels. The page takes the largest body size
of SIZES at which the text fits one page.
"""
from __future__ import annotations

from functools import partial

from forge.errors import UserError
from forge.model import Piece
from forge.render import maker
from forge.render import sheets as text_sheets
from forge.render.context import RenderContext

RULE_FILES = ("turn", "units", "economy", "combat", "movement", "stability", "victory", "events",
              "event_cards", "options")
READS = ("game",) + RULE_FILES
SIZES = (9.0, 8.75, 8.5, 8.25, 8.0, 7.75, 7.5, 7.25, 7.0, 6.75, 6.5)


def rule_data(ctx: RenderContext) -> dict:
    """The game's rule files, translated; UserError naming the first one missing."""
    missing = [stem for stem in RULE_FILES if stem not in ctx.data]
    if missing:
        raise UserError(f"the game '{ctx.game_id}' has no {missing[0]}.yaml: its player aids "
                        f"read their numbers from it")
    return {stem: ctx.data[stem] for stem in RULE_FILES}


def index(data, path: str = "", found: dict | None = None) -> dict[str, dict[str, dict]]:
    """Every list of entries with ids in the rule data, by its dotted path, as {id: entry}:
    `idx['combat.interception.modifiers'].from_city.value` in a template."""
    found = {} if found is None else found
    if isinstance(data, dict):
        for key, value in data.items():
            index(value, f"{path}.{key}" if path else str(key), found)
    elif isinstance(data, list):
        if data and all(isinstance(e, dict) and "id" in e for e in data):
            found[path] = {str(e["id"]): e for e in data}
        for entry in data:
            index(entry, path, found)
    return found


def unit_names(data: dict) -> dict[str, str]:
    """Each unit's name by its id (units.yaml), for the costs and tables that name units."""
    return {unit["id"]: unit["name"] for unit in data["units"]["units"]}


def page_box(ctx: RenderContext) -> tuple[float, float, float, float]:
    """The text box of a full page: margins and the footer kept clear."""
    width, height = ctx.paper_size
    margin, footer_h = text_sheets.PAGE_MARGIN, text_sheets.FOOTER
    return (margin, margin + footer_h, width - 2 * margin, height - 2 * margin - footer_h)


def lay_out(component: dict, ctx: RenderContext, template: str, box, where: str, **values):
    """The flowables of one page at the largest body size that fits, and the sheet's colours."""
    palette = ctx.game["palette"]
    colors = text_sheets.sheet_colors(ctx, palette.get("route", palette["ink"]))
    data = rule_data(ctx)
    pages = text_sheets.fit_largest(
        lambda size: text_sheets.render_markup(template, ctx, colors=colors, body_size=size,
                                               t=component.get("labels") or {}, d=data,
                                               unit_names=unit_names(data), idx=index(data),
                                               **values),
        SIZES, box, where)
    return pages[0], colors


@maker("pax-romana-aid", reads=READS)
def make_aid(component: dict, ctx: RenderContext) -> list[Piece]:
    """A player aid on one full page (`count` alike)."""
    where = f"component '{component['id']}' ({ctx.lang}, {ctx.paper})"
    template = text_sheets.template_of(component, "pax-romana-sequence.xml.j2")
    box = page_box(ctx)
    flowables, colors = lay_out(component, ctx, template, box, where)
    labels = component.get("labels") or {}
    footer = f"{ctx.game['title']} · {labels.get('title', component['name'])}"
    draw = partial(text_sheets.draw_sheet_page, box=box, flowables=flowables, footer=footer,
                   colors=colors)
    return [Piece(component["id"], component.get("kind", "sheet"), ctx.paper_size, 0, draw,
                  label=component["name"]) for _ in range(int(component["count"]))]
