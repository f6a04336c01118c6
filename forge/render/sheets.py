"""Text sheets: the rules reference and the instructions page, and what every text sheet uses.

Each maker renders a jinja2 template (templates/<maker>.xml.j2, or the component's
`style: {template: ...}`) into the markup of forge/render/flow.py, lays it out into its boxes at
make time (so a text that does not fit stops the build with a clear error, before anything is
drawn) and returns pieces that draw the laid-out boxes. Templates get `_` for program strings; the
game's own words come from content (sheets.yaml, rules.yaml, game.yaml), already translated.
"""
from __future__ import annotations

import html
import re
from functools import cache, partial
from pathlib import Path

import jinja2
from babel.numbers import format_decimal
from markupsafe import Markup
from reportlab.lib.colors import HexColor

from forge import fonts
from forge.errors import Problem, UserError
from forge.i18n import N_, TEMPLATE_DIR
from forge.model import Piece, pt
from forge.render import art, flow, maker, sandbox
from forge.render.context import RenderContext
from forge.render.printnotes import cut_note, layout_note, print_notes

REFERENCE_MIN_PT = 8.0          # smallest text in the rules reference
INSTRUCTIONS_SIZES = (9.0, 8.5, 8.0)   # body text sizes tried, largest first, on the instructions
PAGE_MARGIN = 10.0              # mm of white around full-page sheets (home printers need ~5)
FOOTER = 6.0                    # mm kept at the bottom of reference pages for the page footer

PAPER_NAMES = {"a4": N_("A4"), "letter": N_("US Letter"), "a3": N_("A3"),
               "tabloid": N_("Tabloid")}

_ALLOWED_TAGS = re.compile(r"&lt;(/?)(b|i)&gt;|&lt;br\s*/?&gt;")
_PLACEHOLDER = re.compile(r"\{([^{}\s]*)\}")     # {name}, and what looks meant as one


# --- templates ----------------------------------------------------------------------------------

@jinja2.pass_context
def _rich(context, text) -> Markup:
    """A content text as markup: escaped, but for <b>, <i> and <br/>; placeholders filled."""
    fills = context.get("fills", {})
    text = sandbox.scalar(text)

    def fill(match):
        name = match.group(1)
        if not re.fullmatch(r"[a-z_]+", name):
            raise UserError(f"{{{name[:30]}}} in the text \"{text[:60]}\" is not a placeholder "
                            f"(they are written {{name}}, in small letters: "
                            f"{', '.join('{' + key + '}' for key in sorted(fills))})")
        if name not in fills:
            raise UserError(f"unknown placeholder {{{name}}} in the text \"{text[:60]}\"")
        return str(fills[name])

    escaped = html.escape(_PLACEHOLDER.sub(fill, str(text)), quote=False)
    return Markup(_ALLOWED_TAGS.sub(lambda m: f"<{m.group(1)}{m.group(2) or 'br/'}>", escaped))


@cache
def environment(game_folder: Path | None = None) -> sandbox.SheetSandbox:
    """The sandboxed jinja2 environment of the sheet templates (strict: a missing value is an
    error; forge/render/sandbox.py says what a template may do).

    A game folder's own `templates/` comes first, so a designer can replace any template.
    """
    folders = [TEMPLATE_DIR] if game_folder is None else [game_folder / "templates", TEMPLATE_DIR]
    return sandbox.SheetSandbox(folders, filters={"rich": _rich})


def fit_largest(markup_at, sizes, box, where: str, max_pages: int = 1,
                min_size: float | None = None) -> list[list]:
    """The pages of `markup_at(size)` (a text sheet's markup at a body size) laid out in boxes
    of `box` (x, y, width, height mm) at the largest of `sizes` (points, largest first) that
    fits `max_pages` boxes, hyphenated throughout only at the smallest (flow.layout); the
    smallest that still does not fit raises flow.Overflow, naming the text."""
    for size in sizes:
        try:
            return flow.layout(markup_at(size), box[2], box[3], where=where,
                               min_size=min_size or sizes[-1], max_pages=max_pages,
                               hyphenate_to_fit=size == sizes[-1])
        except flow.Overflow:
            if size == sizes[-1]:
                raise
    raise UserError(f"{where}: no text sizes to try")


def render_markup(template: str, ctx: RenderContext, **values) -> str:
    """Render a sheet template with the build's content and program strings.

    Its mistakes raise ContentError naming the template file and line; the markup returned
    remembers which template line wrote each of its lines, for flow's errors, and its language
    (`lang`), for flow's hyphenation.
    """
    rules = ctx.data.get("rules", {})
    fills = {"pi": rules.get("action_points", ""), "route": rules.get("route", "")}
    names = {e["id"]: e["name"] for e in ctx.game.get("emperors", [])}
    lang = ctx.lang
    markup = sandbox.render(environment(ctx.folder), template, dict(
        _=sandbox.Exposed(ctx.tr._, "_"), game=ctx.game, rules=rules,
        sheets=ctx.data.get("sheets", {}), names=names, fills=fills,
        num=sandbox.Exposed(lambda value: format_number(value, lang), "num"),
        palette=ctx.game["palette"], edition=ctx.game["edition"], **values))
    markup.lang = lang              # the language flow hyphenates it by, where it must
    return markup


def check_templates(game_folder: Path) -> list[Problem]:
    """Every problem of the templates a game can use (its own templates/, then forge's) that
    shows without rendering: syntax, unknown filters and tests, imports of missing templates,
    files too large, not UTF-8, or leading outside their folder."""
    env = environment(game_folder)
    problems: list[Problem] = []
    for name in env.loader.list_templates():
        problems += sandbox.check_template(env, name)
    return problems


def format_number(value: float, lang: str) -> str:
    """A number as the language writes it (215.9 is '215,9' in Spanish); whole numbers bare."""
    if float(value).is_integer():
        return str(int(value))
    return format_decimal(value, locale=lang, format="#,##0.#")


def template_of(component: dict, default: str) -> str:
    return (component.get("style") or {}).get("template", default)


def check_blocks(ctx: RenderContext) -> None:
    """Every block of sheets.yaml holds exactly one kind of content (the schema cannot say so)."""
    sheets = ctx.data.get("sheets", {})
    for sheet in ("summary", "reference"):
        for s, section in enumerate(sheets.get(sheet, {}).get("sections", [])):
            for b, block in enumerate(section["blocks"]):
                if len(block) != 1:
                    kinds = ", ".join(block) or "nothing"
                    raise UserError(f"sheets.yaml {sheet}.sections[{s}].blocks[{b}]: a block "
                                    f"holds exactly one of p, h, note, items, steps, defs, data "
                                    f"(found: {kinds})")


# --- colours ------------------------------------------------------------------------------------

def readable(color: str) -> str:
    """A tone of `color` dark enough for headings on white paper."""
    return art.readable(color)


SAVER_TINT = 0.05       # share of the colour in panels and table heads with the ink saver


def sheet_colors(ctx: RenderContext, color: str) -> dict[str, str]:
    """The sheet's colours for its templates; with the ink saver the panels and table heads
    are barely tinted and there is no colour band, so the header text is in the readable tone
    of the colour."""
    palette = ctx.game["palette"]
    ink = palette.get("ink", "#000000")
    colors = {"ink": ink, "accent": readable(color), "tint": art.mix(color, "#ffffff", 0.86),
              "muted": art.mix(ink, "#ffffff", 0.3),
              "band_ink": art.ink_on(color, "#ffffff", ink),
              "grid": art.mix(ink, "#ffffff", 0.75), "stripe": art.mix(ink, "#ffffff", 0.94)}
    if ctx.ink == "saver":
        colors.update(tint=art.tint(color, SAVER_TINT), band_ink=readable(color),
                      stripe=art.mix(ink, "#ffffff", 0.97))
    return colors


# --- rules reference ----------------------------------------------------------------------------

@maker("rules-reference", reads=("game", "rules", "sheets"))
def make_rules_reference(component: dict, ctx: RenderContext) -> list[Piece]:
    """The rules reference on full pages of the kit's paper: `count` pieces, one per page.

    The component's count is the most pages the reference may take (more is an error); should the
    text take fewer, the last pages stay blank but for their footer, so the count always holds.
    """
    check_blocks(ctx)
    where = f"rules reference ({ctx.lang}, {ctx.paper})"
    width, height = ctx.paper_size
    box = (PAGE_MARGIN, PAGE_MARGIN + FOOTER, width - 2 * PAGE_MARGIN,
           height - 2 * PAGE_MARGIN - FOOTER)
    colors = sheet_colors(ctx, ctx.game["palette"].get("route", ctx.game["palette"]["ink"]))
    markup = render_markup(template_of(component, "rules-reference.xml.j2"), ctx, colors=colors)
    count = int(component.get("count", 2))
    pages = flow.layout(markup, box[2], box[3], where=where, min_size=REFERENCE_MIN_PT,
                        max_pages=count, hyphenate_to_fit=True)
    pages += [[] for _ in range(count - len(pages))]
    title = ctx.data.get("sheets", {}).get("reference", {}).get("title", "")
    pieces = []
    for number, flowables in enumerate(pages, start=1):
        footer = ctx.tr._("{title} · {sheet} · page {page} of {pages}").format(
            title=ctx.game["title"], sheet=title, page=number, pages=len(pages))
        draw = partial(draw_sheet_page, box=box, flowables=flowables, footer=footer, colors=colors)
        pieces.append(Piece(component["id"], component.get("kind", "sheet"), (width, height), 0,
                            draw, label=f"{component['name']} {number}"))
    return pieces


def draw_sheet_page(c, *, box, flowables, footer="", colors=None) -> None:
    flow.draw_box(c, flowables, *box)
    if footer:
        c.saveState()
        c.setFillColor(HexColor(colors["muted"]))
        c.setFont(fonts.SANS, pt(7.5))
        c.drawCentredString(box[0] + box[2] / 2, PAGE_MARGIN, footer)
        c.restoreState()


# --- instructions -------------------------------------------------------------------------------

@maker("instructions", reads=("game", "rules", "sheets", "manifest", "options"),
       about_the_kit=True)
def make_instructions(component: dict, ctx: RenderContext) -> list[Piece]:
    """The instructions page: printing at 100 % with rulers, what to cut and glue, and the
    checklist (the cover says who made the kit, its edition and versions)."""
    where = f"instructions page ({ctx.lang}, {ctx.paper})"
    width, height = ctx.paper_size
    box = (PAGE_MARGIN, PAGE_MARGIN, width - 2 * PAGE_MARGIN, height - 2 * PAGE_MARGIN)
    colors = sheet_colors(ctx, ctx.game["palette"].get("route", ctx.game["palette"]["ink"]))
    values = dict(
        colors=colors, checklist=checklist(ctx),
        paper_name=ctx.tr._(PAPER_NAMES.get(ctx.paper, ctx.paper)),
        print_notes=print_notes(ctx, any(row.get("two_sided") for row in ctx.manifest),
                                any(row.get("turned") for row in ctx.manifest)),
        cut_note=cut_note(ctx.manifest, ctx), paper_size=ctx.paper_size,
        bleed=ctx.options.marks != "none" and any(
            row.get("bleed_mm", 0) > 0 and row.get("cut_marks", True) for row in ctx.manifest),
        sandwich=any(row.get("sides") == "sandwich" for row in ctx.print_plan),
        plan_first=next((row["kit_pages"][0] for row in ctx.manifest
                         if row.get("kind") == "sheet" and row.get("id") == "cover"
                         and row.get("kit_pages")), 0),
        large_board=ctx.large_board)
    count = int(component.get("count", 1))
    template = template_of(component, "instructions.xml.j2")
    pages = fit_largest(lambda size: render_markup(template, ctx, body_size=size, **values),
                        INSTRUCTIONS_SIZES, box, where, max_pages=count,
                        min_size=REFERENCE_MIN_PT)
    pages += [[] for _ in range(count - len(pages))]
    return [Piece(component["id"], component.get("kind", "sheet"), (width, height), 0,
                  partial(draw_sheet_page, box=box, flowables=flowables),
                  label=component["name"] if count == 1 else f"{component['name']} {number}")
            for number, flowables in enumerate(pages, 1)]


def checklist(ctx: RenderContext) -> list[dict]:
    """The kit's components for the checklist: the manifest, or game.yaml before a kit exists.

    Each row: name, group (the name its howto is given under, or ''), count, size (text, mm),
    pages (text: its pages of kit.pdf), howto. Manifest rows give the trim as `trim_mm` (or
    `trim`) and the pages as a list of numbers.
    """
    rows = ctx.manifest or tuple(_unbuilt(c, ctx) for c in ctx.game["components"])
    groups = {c["id"]: c.get("group", "") for c in ctx.game["components"]}
    return [{"name": row["name"], "group": groups.get(row.get("id"), ""), "count": row["count"],
             "size": _size(_own_trim(row.get("trim_mm", row.get("trim")), ctx), ctx),
             "pages": _pages(row.get("kit_pages")),
             "howto": row.get("howto") or "", "layout": layout_note(row, ctx)} for row in rows]


def _unbuilt(component: dict, ctx: RenderContext) -> dict:
    return {"id": component["id"], "name": component["name"], "count": component["count"],
            "trim": component.get("trim"), "howto": component.get("howto", "")}


def _own_trim(trim, ctx: RenderContext):
    """A component's trim, or None when it is the page itself (a full page)."""
    if trim and all(abs(a - b) < 0.01 for a, b in zip(trim, ctx.paper_size)):
        return None
    return trim


def _size(trim, ctx: RenderContext) -> str:
    if not trim:
        return ctx.tr._("full page")
    return " × ".join(format_number(v, ctx.lang) for v in trim)


def _pages(pages) -> str:
    """Page numbers as runs: [1, 2, 3, 5] is '1–3, 5'."""
    if not pages:
        return "—"
    runs: list[list[int]] = []
    for page in sorted(set(pages)):
        if runs and page == runs[-1][-1] + 1:
            runs[-1].append(page)
        else:
            runs.append([page])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)
