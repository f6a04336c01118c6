"""ANTIKE's cards and art measured as the other kits' are: light backs that hide duplex drift and
cutting errors, each deck with a back of its own, and a cover band without words."""
from pathlib import Path

import pytest
import test_card_faces as faces
from pdfgeom import render
from test_card_faces import DRIFT, EDGE, MAX_INK, back_page, crop, edge_strips, ink

from forge.games import DEFAULT_CONTENT
from forge.kit import make_components, make_context

CONTENT = Path(DEFAULT_CONTENT)
DECKS = ("personalities", "civilizations")


@pytest.fixture(scope="module")
def cards():
    ctx = make_context("antike", "es", "a4", content_dir=CONTENT)
    return {c.id: c for c in make_components(ctx, only={"card"})}


@pytest.mark.parametrize("component", DECKS)
def test_backs_take_little_ink(cards, component, tmp_path):
    piece = cards[component].pieces[0]
    image = render(back_page(piece, tmp_path / "back.pdf"), 0, dpi=50)
    coverage = ink(crop(image, piece, 50, -piece.bleed))
    assert coverage <= MAX_INK, f"{component}: the back covers {coverage:.0%} of the card in ink"


@pytest.mark.parametrize("component", DECKS)
def test_backs_show_only_their_field_near_the_trim_even_when_printed_off(cards, component,
                                                                         tmp_path):
    piece = cards[component].pieces[0]
    colours = set()
    for index, shift in enumerate([(0, 0), (DRIFT, 0), (-DRIFT, 0), (0, DRIFT), (0, -DRIFT)]):
        image = render(back_page(piece, tmp_path / f"back-{index}.pdf", shift), 0, dpi=100)
        for strip in edge_strips(image, piece, 100):
            colours |= {colour for _, colour in strip.getcolors(1 << 20)}
    spread = max(max(c[i] for c in colours) - min(c[i] for c in colours) for i in range(3))
    assert spread <= 4, f"{component}: something besides the field within {EDGE:g} mm of the trim"


def test_the_two_decks_have_backs_of_their_own(cards, tmp_path):
    one = render(back_page(cards["personalities"].pieces[0], tmp_path / "a.pdf"), 0, dpi=50)
    two = render(back_page(cards["civilizations"].pieces[0], tmp_path / "b.pdf"), 0, dpi=50)
    a, b = one.get_flattened_data(), two.get_flattened_data()
    differ = sum(1 for p, q in zip(a, b) if max(abs(x - y) for x, y in zip(p, q)) > 12)
    assert differ / len(a) > 0.5


def test_every_card_of_a_deck_has_the_same_back(cards):
    for component in DECKS:
        backs = {piece.back.func if hasattr(piece.back, "func") else piece.back
                 for piece in cards[component].pieces}
        keywords = {repr(sorted(getattr(piece.back, "keywords", {}).items()))
                    for piece in cards[component].pieces}
        assert len(backs) == 1 and len(keywords) == 1, component


def test_the_cover_band_has_no_words():
    faces.test_each_game_has_a_cover_band_without_words("antike")


def test_no_art_of_the_kit_uses_transparency():
    """Print shops and PDF/X want no transparency: the pictures use solid tones and white gaps."""
    for path in (DEFAULT_CONTENT / "antike" / "art").glob("*.svg"):
        assert "opacity" not in path.read_text(encoding="utf-8"), path.name
