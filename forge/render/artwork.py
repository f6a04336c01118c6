"""Pieces printed straight from a game's art files: a board, a sheet, a tile or a token that the
designer drew in a drawing program.

A component `{draw: picture, trim: [w, h], style: {file: art/board.svg}}` prints its art file at
the component's size, one piece per `count`; `style.back` gives the other face of two-sided pieces
(`back: same` repeats the front). With `bleed`, the art fills the bleed too: draw it at the trim
size plus the bleed on every side, or choose `fit: cover` to let it run over the edges. A board
(`kind: board`) is tiled across pages or printed whole like forge's own boards.

    fit: contain (default)   the whole picture, centred, aspect kept
         cover               fills the piece and its bleed, aspect kept, the overflow cut
         stretch             fills the piece and its bleed exactly
"""
from __future__ import annotations

from functools import partial

from forge import pictures
from forge.errors import UserError
from forge.model import Piece
from forge.pictures import Picture
from forge.render import maker

FITS = ("contain", "cover", "stretch")


@maker("picture")
def make_pictures(component: dict, ctx) -> list[Piece]:
    """`count` pieces, each the component's art file at its trim size."""
    style = component.get("style") or {}
    where = f"component '{component['id']}'"
    if not style.get("file"):
        raise UserError(f"{where}: a picture component needs 'style: {{file: art/....svg}}'")
    fit = style.get("fit", "contain")
    if fit not in FITS:
        raise UserError(f"{where}: unknown fit '{fit}' (known: {', '.join(FITS)})")
    trim = tuple(component["trim"])
    bleed = component.get("bleed", 0)
    front = _loaded(ctx, style["file"], f"{where}, style.file", trim, bleed)
    draw = partial(draw_art, picture=front, trim=trim, bleed=bleed, fit=fit)
    back, used = None, (front,)
    if style.get("back"):
        back_picture = _loaded(ctx, style["back"], f"{where}, style.back", trim, bleed)
        back = partial(draw_art, picture=back_picture, trim=trim, bleed=bleed, fit=fit)
        used += (back_picture,)
    elif component.get("back") == "same":
        back = draw
    key = {"maker": "picture", "fit": fit, "trim": list(trim), "bleed": bleed,
           "pictures": [p.key() for p in used], "back": component.get("back")}
    return [Piece(component["id"], component["kind"], trim, bleed, draw, component["name"],
                  back=back, key=key, pictures=used)
            for _ in range(component["count"])]


def _loaded(ctx, value: str, where: str, trim, bleed: float) -> Picture:
    picture = pictures.load_picture(ctx.folder, value, where)
    pictures.check_resolution(picture, trim[0] + 2 * bleed, trim[1] + 2 * bleed, where)
    return pictures.tinted(picture, "", gray=ctx.ink == "grayscale")


def draw_art(c, picture: Picture, trim, bleed: float, fit: str) -> None:
    """The art file over the piece (trim box at the origin) and its bleed."""
    x, y = -bleed, -bleed
    width, height = trim[0] + 2 * bleed, trim[1] + 2 * bleed
    if fit == "contain":
        pictures.draw_picture(c, picture, x, y, width, height)
        return
    c.saveState()
    clip = c.beginPath()
    clip.rect(x, y, width, height)
    c.clipPath(clip, stroke=0, fill=0)
    if fit == "stretch":
        pictures.draw_picture_stretched(c, picture, x, y, width, height)
    else:
        scale = max(width / picture.width, height / picture.height)
        w, h = picture.width * scale, picture.height * scale
        pictures.draw_picture(c, picture, x + (width - w) / 2, y + (height - h) / 2, w, h)
    c.restoreState()
