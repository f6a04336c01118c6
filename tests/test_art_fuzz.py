"""Hostile art and layouts: mutated SVG and PNG files, and generated layout boxes, either work or
give one clear error; nothing else escapes (no traceback, no hang)."""
import io
import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from forge import pictures
from forge.errors import UserError
from forge.games import DEFAULT_CONTENT
from forge.kit import make_components, make_context

SVG = (b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
       b'viewBox="0 0 100 100" width="100" height="100"><defs><linearGradient id="g">'
       b'<stop offset="0" stop-color="#c00"/><stop offset="1" stop-color="#00c"/>'
       b'</linearGradient></defs><rect x="5" y="5" width="90" height="40" fill="url(#g)"/>'
       b'<circle cx="50" cy="70" r="25" fill="currentColor"/><text x="5" y="95">Via</text>'
       b'<path d="M10 95 L50 50 L90 95 Z" stroke="#080" stroke-width="4" fill="none"/></svg>')
SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (40, 30), (200, 30, 30)).save(out, "PNG")
    return out.getvalue()


def _mutated(data: bytes, cuts, inserts) -> bytes:
    out = bytearray(data)
    for at, length in cuts:
        at %= max(len(out), 1)
        del out[at:at + length]
    for at, chunk in inserts:
        at %= max(len(out) + 1, 1)
        out[at:at] = chunk
    return bytes(out)


MUTATION = st.tuples(
    st.lists(st.tuples(st.integers(0, 2000), st.integers(1, 40)), max_size=4),
    st.lists(st.tuples(st.integers(0, 2000), st.sampled_from(
        [b"<", b">", b"/>", b'"', b"&x;", b"<!DOCTYPE svg>", b"\x00", b"\xff\xfe",
         b'<image href="file:///etc/passwd" width="9" height="9"/>', b"<svg>",
         b'width="1e308"', b'viewBox="0 0 0 0"', b'transform="scale(1e30)"',
         b'<use xlink:href="#g"/>', b"</svg>", b"-", b"9999999999"])), max_size=4))


def _draw(picture) -> None:
    canvas = Canvas(io.BytesIO())
    pictures.define(canvas, picture)
    pictures.draw_picture(canvas, picture, 0, 0, 30, 30)
    canvas.showPage()
    canvas.save()


@SETTINGS
@given(kind=st.sampled_from(["svg", "png"]), mutation=MUTATION)
def test_mutated_art_files_load_and_draw_or_give_one_clear_error(tmp_path_factory, kind, mutation):
    folder = tmp_path_factory.mktemp("art")
    data = _mutated(SVG if kind == "svg" else _png(), *mutation)
    (folder / f"x.{kind}").write_bytes(data)
    try:
        picture = pictures.load_picture(folder, f"x.{kind}", "card 'x'")
    except pictures.PictureError as err:
        assert str(err).startswith("card 'x': art file 'x.") and "\n" not in str(err)
        return
    _draw(pictures.tinted(picture, "#336699"))
    _draw(pictures.tinted(picture, "#336699", gray=True))


@SETTINGS
@given(value=st.text(max_size=60))
def test_any_art_path_is_loaded_only_from_inside_the_folder(tmp_path_factory, value):
    folder = tmp_path_factory.mktemp("game")
    (folder / "art").mkdir()
    (folder / "art" / "a.svg").write_bytes(SVG)
    try:
        picture = pictures.load_picture(folder, value, "here")
    except pictures.PictureError:
        return
    assert (folder / value).resolve().is_relative_to(folder.resolve())
    assert picture.kind == "svg"


BOX_NUMBER = st.floats(-30, 120, allow_nan=False)
BOX = st.fixed_dictionaries(
    {"show": st.sampled_from(["frame", "panel", "title", "text", "cost", "art", "icon", "class",
                              "class-icon", "mark"])},
    optional={"box": st.lists(BOX_NUMBER, min_size=4, max_size=4),
              "fill": st.sampled_from(["class", "on-class", "ink", "#123456", "nope", "#12"]),
              "stroke": st.sampled_from(["class", "parchment", "#ffffff"]),
              "shape": st.sampled_from(["rect", "rounded", "circle"]),
              "font": st.sampled_from(["serif", "sans-bold", "serif-italic", "nope"]),
              "size": st.floats(3, 120), "min_size": st.floats(3, 120),
              "color": st.sampled_from(["on-class", "ink", "#000000"]),
              "align": st.sampled_from(["left", "center", "right"]),
              "valign": st.sampled_from(["top", "middle", "bottom"]),
              "upper": st.booleans(), "lines": st.integers(1, 6)})


@pytest.fixture(scope="module")
def layout_game(tmp_path_factory) -> Path:
    game = tmp_path_factory.mktemp("content") / "demo"
    shutil.copytree(DEFAULT_CONTENT / "demo", game)
    return game


@SETTINGS
@given(boxes=st.lists(BOX, min_size=1, max_size=8))
def test_generated_layouts_draw_or_give_one_clear_error(layout_game, boxes):
    path = layout_game / "cards.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["layouts"] = [{"id": "fuzz", "boxes": boxes}]
    data["decks"][0]["style"]["layout"] = "fuzz"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    try:
        ctx = make_context("demo", "es", "a4", layout_game.parent, check_catalogs=False)
        component = make_components(ctx, only={"card"})[0]
    except UserError as err:
        assert "\n" not in str(err) or "problem(s)" not in str(err)
        return
    canvas = Canvas(io.BytesIO())
    for piece in component.pieces[:3]:
        for picture in piece.pictures:
            pictures.define(canvas, picture)
        piece.draw(canvas)
        canvas.showPage()
    canvas.save()
