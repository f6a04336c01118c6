"""The card maker on the demo deck: sizes, shared backs, fitted text, clear errors, piece keys."""
import json
import shutil
from pathlib import Path

import pytest
import yaml
from reportlab.pdfgen.canvas import Canvas

from forge import pictures
from forge.errors import ContentError, UserError
from forge.games import DEFAULT_CONTENT
from forge.kit import make_components, make_context
from forge.layout import fit_grid, paper_size
from forge.model import MM
from forge.printing import PrintOptions

POKER = (63.5, 88.9)


def cards_of(lang="en", content=DEFAULT_CONTENT, strict=True, ink="full"):
    ctx = make_context("demo", lang, "a4", content, check_catalogs=strict,
                       options=PrintOptions(ink=ink) if ink != "full" else PrintOptions())
    return make_components(ctx, only={"card"})[0]


@pytest.fixture
def demo_copy(tmp_path) -> Path:
    """A private copy of the demo game to break; returns its folder."""
    target = tmp_path / "content" / "demo"
    shutil.copytree(DEFAULT_CONTENT / "demo", target)
    return target


def edit(path: Path, change) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def draw_all(component, path: Path) -> None:
    canvas = Canvas(str(path))
    for piece in component.pieces:
        for picture in piece.pictures:      # as the writer does before a page
            pictures.define(canvas, picture)
        for face in (piece.draw, piece.back):
            canvas.saveState()
            canvas.translate(20 * MM, 20 * MM)
            canvas.scale(MM, MM)
            face(canvas)
            canvas.restoreState()
            canvas.showPage()
    canvas.save()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_demo_deck_builds_with_one_back_and_shared_copies(lang, tmp_path):
    component = cards_of(lang)
    deck = yaml.safe_load((DEFAULT_CONTENT / "demo" / "cards.yaml").read_text())["decks"][0]
    assert len(component.pieces) == sum(c["count"] for c in deck["cards"]) == component.count
    assert len({id(p.back) for p in component.pieces}) == 1
    assert len({id(p.draw) for p in component.pieces}) == len(deck["cards"])
    draw_all(component, tmp_path / "cards.pdf")
    assert (tmp_path / "cards.pdf").stat().st_size > 0


def test_every_card_has_the_declared_trim_and_bleed():
    component = cards_of()
    assert component.trim == POKER
    assert all(p.trim == POKER and p.bleed == 3 and p.kind == "card" for p in component.pieces)


def test_ink_saver_cards_still_draw(tmp_path):
    draw_all(cards_of(ink="saver"), tmp_path / "saver.pdf")


def test_too_long_text_names_the_card(demo_copy):
    def lengthen(data):
        data["decks"][0]["cards"][0]["text"] = " ".join(["denarius"] * 110)   # under 1,000
    edit(demo_copy / "cards.yaml", lengthen)
    with pytest.raises(UserError, match=r"card 'paving' of deck 'road'.*does not fit"):
        cards_of(content=demo_copy.parent, strict=False)


def test_deck_count_mismatch_names_file_line_and_field(demo_copy):
    def miscount(data):
        next(c for c in data["components"] if c["id"] == "road-cards")["count"] = 13
    edit(demo_copy / "game.yaml", miscount)
    with pytest.raises(ContentError) as error:
        cards_of(content=demo_copy.parent, strict=False)
    message = str(error.value)
    index = next(i for i, c in enumerate(yaml.safe_load((demo_copy / "game.yaml").read_text())
                                          ["components"]) if c["id"] == "road-cards")
    assert "game.yaml:" in message and f"components[{index}].count" in message
    assert "deck 'road'" in message and "12" in message


def test_unknown_deck_is_an_error_at_the_deck_field(demo_copy):
    def rename(data):
        next(c for c in data["components"] if c["id"] == "road-cards")["deck"] = "nodeck"
    edit(demo_copy / "game.yaml", rename)
    with pytest.raises(ContentError, match=r"components\[\d+\]\.deck: unknown deck 'nodeck'"):
        cards_of(content=demo_copy.parent, strict=False)


def test_keys_change_only_for_the_changed_card(demo_copy):
    before = cards_of(content=demo_copy.parent, strict=False).pieces

    def reword(data):
        data["decks"][0]["cards"][2]["text"] = "Place a milestone. It scores three points."
    edit(demo_copy / "cards.yaml", reword)
    after = cards_of(content=demo_copy.parent, strict=False).pieces
    changed = [a.label for a, b in zip(before, after) if a.key != b.key]
    assert changed == [after[3].label]          # card index 2 is the 4th piece (paving x2)
    assert all(json.dumps(p.key) for p in after)


def test_a_back_change_changes_every_key(demo_copy):
    before = cards_of(content=demo_copy.parent, strict=False).pieces
    edit(demo_copy / "cards.yaml", lambda d: d["decks"][0]["back"].update(title="VIA"))
    after = cards_of(content=demo_copy.parent, strict=False).pieces
    assert all(a.key != b.key for a, b in zip(before, after))


def test_poker_cards_fit_9_up_without_bleed_and_8_up_landscape_with_bleed():
    a4 = paper_size("a4")
    plain = fit_grid(POKER, 0, False, a4)
    assert (plain.per_page, plain.landscape) == (9, False)
    bled = fit_grid(POKER, 3, False, a4)
    assert (bled.per_page, bled.landscape) == (8, True)
