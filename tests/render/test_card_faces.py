"""Card backs and faces measured on the PDF: light backs that hide duplex drift and cutting
errors, a starting Senator back of its own, and one pictogram per kind of card."""
from __future__ import annotations

import dataclasses
from collections import defaultdict
from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas

from forge import pictures
from forge.kit import make_components, make_context
from forge.model import MM
from pdfgeom import render

DECKS = [("conquest-of-the-empire-2", "conquest-cards"),
         ("conquest-of-the-empire-2", "senate-votes"),
         ("conquest-of-the-empire-2", "starting-senators"),
         ("demo", "road-cards")]
MARGIN = 10.0             # mm of white paper around the card's bleed on the test page
EDGE = 4.0                # mm inside the trim where a back may show only its field
DRIFT = 1.5               # mm a duplex printer or a cutter commonly misses by
MAX_INK = 0.25            # average ink coverage of a back


def components(game: str, lang: str = "en") -> dict:
    ctx = make_context(game, lang, "a4")
    return {c.id: c for c in make_components(ctx, only={"card"})}


def back_page(piece, path: Path, shift=(0.0, 0.0)) -> Path:
    """The piece's back on a page of its own, moved by `shift` mm from where the trim is cut."""
    w, h = piece.trim
    canvas = Canvas(str(path), pagesize=((w + 2 * MARGIN) * MM, (h + 2 * MARGIN) * MM))
    for picture in piece.pictures:
        pictures.define(canvas, picture)
    canvas.translate((MARGIN + shift[0]) * MM, (MARGIN + shift[1]) * MM)
    canvas.scale(MM, MM)
    piece.back(canvas)
    canvas.save()
    return path


def crop(image, piece, dpi: int, inset: float):
    """The part of the page inside the trim (inset > 0) or out to its bleed (inset < 0)."""
    px = dpi / 25.4
    w, h = piece.trim
    top = MARGIN + inset
    return image.crop((round(top * px), round(top * px), round((MARGIN + w - inset) * px),
                       round((MARGIN + h - inset) * px)))


def ink(image) -> float:
    """Average ink coverage: 1 - luminance, over every pixel."""
    pixels = list(image.get_flattened_data())
    return sum(1 - (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 for r, g, b in pixels) / len(pixels)


def edge_strips(image, piece, dpi: int):
    """The four strips EDGE mm wide just inside the trim."""
    px = dpi / 25.4
    w, h = piece.trim
    x0, y0, x1, y1 = (round(v * px) for v in (MARGIN, MARGIN, MARGIN + w, MARGIN + h))
    e = round(EDGE * px)
    return [image.crop(box) for box in ((x0, y0, x1, y0 + e), (x0, y1 - e, x1, y1),
                                        (x0, y0, x0 + e, y1), (x1 - e, y0, x1, y1))]


@pytest.mark.parametrize("game, component", DECKS)
def test_backs_take_little_ink(game, component, tmp_path):
    piece = components(game)[component].pieces[0]
    image = render(back_page(piece, tmp_path / "back.pdf"), 0, dpi=50)
    coverage = ink(crop(image, piece, 50, -piece.bleed))
    assert coverage <= MAX_INK, f"{component}: the back covers {coverage:.0%} of the card in ink"


@pytest.mark.parametrize("game, component", DECKS)
def test_backs_show_only_their_field_near_the_trim_even_when_printed_off(game, component,
                                                                         tmp_path):
    piece = components(game)[component].pieces[0]
    colours = set()
    for index, shift in enumerate([(0, 0), (DRIFT, 0), (-DRIFT, 0), (0, DRIFT), (0, -DRIFT),
                                   (DRIFT, -DRIFT)]):
        image = render(back_page(piece, tmp_path / f"back-{index}.pdf", shift), 0, dpi=100)
        for strip in edge_strips(image, piece, 100):
            colours |= {colour for _, colour in strip.getcolors(1 << 20)}
    spread = max(max(c[i] for c in colours) - min(c[i] for c in colours) for i in range(3))
    assert spread <= 4, f"{component}: something besides the field within {EDGE:g} mm of the trim"


def test_a_back_with_a_frame_near_the_trim_is_caught(tmp_path):
    """The measurement above sees the thin frame the backs used to carry 3 mm inside the trim."""
    piece = components("demo")["road-cards"].pieces[0]

    def framed(c):
        piece.back(c)
        c.setLineWidth(0.4)
        c.rect(3, 3, piece.trim[0] - 6, piece.trim[1] - 6, stroke=1, fill=0)

    image = render(back_page(dataclasses.replace(piece, back=framed),
                             tmp_path / "framed.pdf"), 0, dpi=100)
    colours = {colour for strip in edge_strips(image, piece, 100)
               for _, colour in strip.getcolors(1 << 20)}
    assert max(max(c[i] for c in colours) - min(c[i] for c in colours) for i in range(3)) > 40


@pytest.mark.parametrize("lang", ["en", "es"])
def test_starting_senators_have_a_back_of_their_own(lang, tmp_path):
    made = components("conquest-of-the-empire-2", lang)
    deck, starting = made["conquest-cards"].pieces[0], made["starting-senators"].pieces[0]
    a = render(back_page(deck, tmp_path / "deck.pdf"), 0, dpi=50).get_flattened_data()
    b = render(back_page(starting, tmp_path / "start.pdf"), 0, dpi=50).get_flattened_data()
    differ = sum(1 for p, q in zip(a, b) if max(abs(x - y) for x, y in zip(p, q)) > 24)
    assert differ / len(a) > 0.5          # the field itself tells them apart at a glance


def effective_icons(deck: dict) -> list[tuple[dict, str]]:
    """Each card with the pictogram its art panel shows (its own, or its class's)."""
    classes = {k["id"]: k for k in deck.get("classes") or []}
    return [(card, card.get("icon") or classes.get(card.get("class"), {}).get("icon"))
            for card in deck["cards"]]


def related(a: dict, b: dict) -> bool:
    """Cards of one kind: the same title, or ids of one family (merchant-egypt, merchant-asia)."""
    return a["title"] == b["title"] or a["id"].split("-")[0] == b["id"].split("-")[0]


@pytest.mark.parametrize("game", ["conquest-of-the-empire-2", "demo"])
def test_no_pictogram_stands_for_unrelated_cards(game):
    ctx = make_context(game, "en", "a4")
    decks = ctx.data["cards"]["decks"]
    users = defaultdict(list)
    for deck in decks:
        for card, icon in effective_icons(deck):
            assert icon, f"card '{card['id']}' shows no pictogram"
            users[icon].append(card)
    for icon, cards in users.items():
        for card in cards[1:]:
            assert related(cards[0], card), \
                f"{icon} stands for '{cards[0]['id']}' and for '{card['id']}'"
    for deck in decks:
        assert deck["back"]["icon"] not in users, f"deck '{deck['id']}': its back shows a face's icon"


@pytest.mark.parametrize("game", ["tetrarchia", "conquest-of-the-empire-2", "demo"])
def test_each_game_has_a_cover_band_without_words(game):
    """The band printed 180 x 100 mm at the top of the kit: vector, the title left to the kit."""
    import xml.etree.ElementTree as ET

    from forge.games import DEFAULT_CONTENT

    path = DEFAULT_CONTENT / game / "art" / "cover.svg"
    assert path.stat().st_size < 60_000
    root = ET.parse(path).getroot()
    assert root.get("viewBox") == "0 0 180 100"
    tags = {element.tag.rsplit("}", 1)[-1] for element in root.iter()}
    assert not tags & {"text", "image", "filter", "use", "foreignObject", "style"}
    assert not any("opacity" in key for element in root.iter() for key in element.attrib)
    picture = pictures.load_picture(path.parent.parent, "art/cover.svg", game)
    assert abs(picture.width / picture.height - 1.8) < 0.01
