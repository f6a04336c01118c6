"""The duplex test page of a kit: the calibration sheet of `forge calibrate` as one two-sided
sheet of kit.pdf, so a player who only has the PDF can measure their printer first.

The piece is a full page whose back is the calibration sheet's back page. The kit places a back
where the flip puts it and moves it by the kit's back offset; the back face undoes both, so the
crosses land exactly where the calibration sheet puts them and the cell read off the printed
sheet is the whole offset this printer needs, whatever offset the kit was built with. A grayscale
kit prints the rings and crosses in gray, and its texts name them by their shapes alone.
"""
from __future__ import annotations

from functools import partial

from reportlab.lib.colors import Color

from forge import fonts
from forge.calibrate import Texts, draw_back, draw_front, wrap
from forge.duplex import FLIPS, mirrors_columns
from forge.model import Piece, pt
from forge.render import maker
from forge.render.context import RenderContext
from forge.render.diagrams import in_ink

NOTE_SIZE = pt(10)
MARGIN = 20.0


@maker("duplex-test", reads=(), about_the_kit=True, two_sided_only=True)
def make_duplex_test(component: dict, ctx: RenderContext) -> list[Piece]:
    """One full page: the front of the duplex test, with its back when the kit prints backs on
    the other side of the sheet; otherwise a page saying that no test is needed."""
    size = ctx.paper_size
    backs = ctx.options.backs
    if backs not in FLIPS:
        text = ctx.tr._("This kit is printed with no piece on both sides of a sheet (backs: "
                        "{backs}), so it needs no duplex test. Build it with --backs duplex-long "
                        "to get the test sheet.").format(backs=backs)
        return [Piece(component["id"], component.get("kind", "sheet"), size, 0,
                      partial(_draw_note, size=size, text=text), label=component["name"],
                      key={"backs": backs})]
    texts = Texts(ctx.tr, size, backs, kit=True, colour=ctx.ink != "grayscale")
    front = partial(draw_front, size=size, texts=texts)
    back = partial(_draw_back_face, size=size, backs=backs, texts=texts,
                   offset=ctx.options.back_offset)
    key = {"backs": backs, "back_offset": list(ctx.options.back_offset)}   # it undoes them
    return [Piece(component["id"], component.get("kind", "sheet"), size, 0,
                  in_ink(front, ctx.ink), label=component["name"], back=in_ink(back, ctx.ink),
                  key=key)]


def back_turn(size: tuple[float, float], backs: str) -> int:
    """Degrees the kit turns the back of a full-page piece (forge.impose.back_of): 180 when the
    flip mirrors the page's rows, else 0."""
    return 0 if mirrors_columns(size, backs) else 180


def _draw_back_face(canvas, *, size, backs, texts, offset) -> None:
    canvas.saveState()
    canvas.translate(size[0] / 2, size[1] / 2)
    canvas.rotate(-back_turn(size, backs))
    canvas.translate(-size[0] / 2 - offset[0], -size[1] / 2 - offset[1])
    draw_back(canvas, size, backs, texts)
    canvas.restoreState()


def _draw_note(canvas, *, size, text) -> None:
    canvas.setFillColor(Color(0, 0, 0))
    canvas.setFont(fonts.SANS, NOTE_SIZE)
    y = size[1] * 0.6
    for line in wrap(text, fonts.SANS, NOTE_SIZE, size[0] - 2 * MARGIN):
        canvas.drawString(MARGIN, y, line)
        y -= NOTE_SIZE * 1.4
