"""The cover: the kit's first page. The game's title over its cover art, the facts of the box
(players, and playing time and age where the rulebook gives them), what the kit holds, the print
plan (which pages of kit.pdf go on what paper, one side or two) and who made the kit.

Made once the rest of the kit is planned (it reads the manifest: forge.render.late_makers), from the manifest and print plan
of the context; the art is game.yaml's `cover.art`, printed COVER_ART mm wide when there is room,
smaller when the words need its room: what the kit holds and what comes from the boxed game
matter more to a player than the picture.
"""
from __future__ import annotations

from functools import partial

from forge import pictures
from forge.errors import UserError
from forge.model import Piece
from forge.render import ABOUT_THE_KIT, flow, maker
from forge.render.context import RenderContext
from forge.render.sheets import (PAGE_MARGIN, draw_sheet_page, render_markup, sheet_colors,
                                  template_of)

COVER_ART = (180.0, 100.0)      # mm: the cover art's box, at the top of the page
ART_GAP = 4.0                   # mm between the art and the text below it
BODY_SIZES = (9.0, 8.5, 8.0, 7.5)    # body text sizes tried, largest first
ART_SCALES = (1.0, 0.85, 0.7)   # sizes of the art tried, when no body size fits beside it
MIN_PT = 7.0


@maker("cover", reads=("game", "manifest", "options"), about_the_kit=True)
def make_cover(component: dict, ctx: RenderContext) -> list[Piece]:
    """The cover page: one full page of the kit's paper."""
    where = f"cover ({ctx.lang}, {ctx.paper})"
    width, height = ctx.paper_size
    cover = ctx.game.get("cover") or {}
    picture = _cover_picture(cover, ctx, where)
    art_box, box, page = _fit(component, ctx, _values(ctx), picture is not None, where)
    draw = partial(_draw_cover, box=box, flowables=page, picture=picture, art_box=art_box)
    return [Piece(component["id"], component.get("kind", "sheet"), (width, height), 0, draw,
                  label=component["name"], pictures=(picture,) if picture else ())]


def _values(ctx: RenderContext) -> dict:
    """What the cover template is given besides the content (see templates/cover.xml.j2)."""
    kit, palette = ctx.game.get("kit") or {}, ctx.game["palette"]
    return dict(colors=sheet_colors(ctx, palette.get("route", palette["ink"])),
                facts=box_facts(ctx), inside=inside(ctx), plan=list(ctx.print_plan), kit=kit,
                forge_version=ctx.version or "—", edition_name=edition_name(ctx),
                unofficial=kit.get("unofficial", True),
                duplex=ctx.options.backs in ("duplex-long", "duplex-short"))


def _fit(component: dict, ctx: RenderContext, values: dict, art: bool, where: str):
    """The art's box, the text's box and the text laid out in it: the art as large as
    ART_SCALES allows with the largest body size that fits beside it; flow.Overflow when the
    text does not fit even at the smallest of both."""
    for scale in ART_SCALES if art else (None,):
        art_box = _art_box(ctx.paper_size, scale) if art else None
        box = _text_box(ctx.paper_size, art_box)
        for size in BODY_SIZES:
            markup = render_markup(template_of(component, "cover.xml.j2"), ctx,
                                   body_size=size, **values)
            try:
                return art_box, box, flow.layout(markup, box[2], box[3], where=where,
                                                 min_size=MIN_PT)[0]
            except flow.Overflow as err:
                overflow = err
    raise overflow


def _text_box(paper: tuple[float, float], art_box) -> tuple[float, float, float, float]:
    """x, y (bottom-left), width, height of the text: the page within its margins, below the
    art when there is one."""
    width, height = paper
    top = art_box[1] - ART_GAP if art_box else height - PAGE_MARGIN
    return PAGE_MARGIN, PAGE_MARGIN, width - 2 * PAGE_MARGIN, top - PAGE_MARGIN


def edition_name(ctx: RenderContext) -> str:
    """The name of the edition the kit is built for."""
    game = ctx.game
    return next((e["name"] for e in game["editions"] if e["id"] == game["edition"]),
                game["edition"])


def _cover_picture(cover: dict, ctx: RenderContext, where: str):
    if not cover.get("art"):
        return None
    try:
        picture = pictures.load_picture(ctx.folder, cover["art"], f"{where} cover.art")
    except pictures.PictureError as err:
        raise UserError(str(err)) from None
    return pictures.tinted(picture, "", gray=ctx.ink == "grayscale")


def _art_box(paper: tuple[float, float], scale: float = 1.0
             ) -> tuple[float, float, float, float]:
    """x, y (bottom-left), width, height of the art: COVER_ART times `scale`, narrower on a
    narrow page."""
    width = min(COVER_ART[0], paper[0] - 2 * PAGE_MARGIN) * scale
    height = width * COVER_ART[1] / COVER_ART[0]
    return (paper[0] - width) / 2, paper[1] - PAGE_MARGIN - height, width, height


def _draw_cover(c, *, box, flowables, picture, art_box) -> None:
    if picture is not None:
        pictures.draw_picture(c, picture, *art_box)
    draw_sheet_page(c, box=box, flowables=flowables)


def box_facts(ctx: RenderContext) -> list[str]:
    """The facts a game box shows, as short phrases: players, playing time, age."""
    _ = ctx.tr._
    game, cover = ctx.game, ctx.game.get("cover") or {}
    players = game["players"]
    facts = [_("{count} players").format(count=_span(players["min"], players["max"]))]
    if cover.get("time"):
        time = cover["time"]
        facts.append(_("{minutes} minutes").format(minutes=_span(time["min"], time["max"])))
    if cover.get("age"):
        facts.append(_("ages {age}+").format(age=cover["age"]))
    return facts


def _span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


def inside(ctx: RenderContext) -> list[dict]:
    """What the kit holds: each family but those about the kit itself (cover, instructions,
    duplex test), with how many pieces it has."""
    families = {f["id"]: f["name"] for f in ctx.game["families"]}
    about = {c["family"] for c in ctx.game["components"] if c["draw"] in ABOUT_THE_KIT}
    counts: dict[str, int] = {}
    for row in ctx.manifest:
        if row["family"] in about:
            continue
        counts[row["family"]] = counts.get(row["family"], 0) + row["count"]
    return [{"name": families[family], "count": count} for family, count in counts.items()]
