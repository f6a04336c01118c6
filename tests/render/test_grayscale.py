"""Emperor colours stay distinguishable when printed in grayscale (pattern and initial)."""
import itertools

import pypdfium2
import pytest
from reportlab.pdfgen.canvas import Canvas

from forge.kit import make_context
from forge.model import MM
from forge.render import load_makers


def grayscale_image(piece, tmp_path):
    path = tmp_path / f"{piece.component}.pdf"
    canvas = Canvas(str(path), pagesize=(piece.trim[0] * MM, piece.trim[1] * MM))
    canvas.scale(MM, MM)
    piece.draw(canvas)
    canvas.save()
    document = pypdfium2.PdfDocument(str(path))
    image = document[0].render(scale=4, grayscale=True).to_pil().convert("L")
    document.close()
    return image


def share_of_different_pixels(a, b, threshold=40):
    pixels = list(zip(a.tobytes(), b.tobytes()))
    return sum(abs(x - y) > threshold for x, y in pixels) / len(pixels)


@pytest.mark.parametrize("kind", ["disc", "standee"])
def test_emperor_pieces_differ_in_grayscale(tmp_path, kind):
    ctx = make_context("tetrarchia", "en", "a4")
    makers = load_makers()
    specs = [c for c in ctx.game["components"] if c["draw"] == kind
             and (kind == "standee" or "emperor" in c.get("style", {}))]
    pieces = [makers[kind](spec, ctx)[0] for spec in specs] if kind == "disc" else \
        makers[kind](specs[0], ctx)
    assert len(pieces) == 4
    images = [grayscale_image(p, tmp_path) for p in pieces]
    for (i, a), (j, b) in itertools.combinations(enumerate(images), 2):
        assert share_of_different_pixels(a, b) > 0.05, (pieces[i].label, pieces[j].label)
