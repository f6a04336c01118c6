"""The cover: what players take from the boxed game (game.yaml `from_box`) is printed in a block
of its own, under its heading, right after what the kit holds; a kit that needs nothing from a
box has no such block."""
import io
from dataclasses import replace

import pytest
from pypdf import PdfReader
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from forge import pictures
from forge.kit import make_components, make_context

FROM_BOX = "The map and the forty wooden ships of the boxed game."
HEADINGS = {"en": ("Inside", "From the boxed game", "Print plan"),
            "es": ("Contenido", "De la caja del juego", "Plan de impresión")}


def with_from_box(ctx, text: str):
    """The demo's context with game.yaml's `from_box` set to `text`."""
    return replace(ctx, data={**ctx.data, "game": {**ctx.game, "from_box": text}})


def cover_text(ctx) -> str:
    """The words printed on the cover page, on one line."""
    piece = make_components(ctx, only={"cover"})[0].pieces[0]
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(piece.trim[0] * mm, piece.trim[1] * mm))
    for picture in piece.pictures:
        pictures.define(canvas, picture)
    piece.draw(canvas)
    canvas.showPage()
    canvas.save()
    return " ".join(PdfReader(out).pages[0].extract_text().split())


@pytest.mark.parametrize("lang", sorted(HEADINGS))
def test_what_comes_from_the_box_is_printed_under_its_heading_after_the_inside_list(lang):
    inside, heading, plan = (words.upper() for words in HEADINGS[lang])
    text = cover_text(with_from_box(make_context("demo", lang, "a4"), FROM_BOX))
    upper = text.upper()
    assert upper.index(inside) < upper.index(heading) < upper.index(plan), text
    assert upper.index(heading) < text.index(FROM_BOX) < upper.index(plan), text


def test_a_kit_that_needs_nothing_from_a_box_has_no_such_block():
    ctx = make_context("demo", "en", "a4")
    assert "from_box" not in ctx.game
    assert "FROM THE BOXED GAME" not in cover_text(ctx).upper()
