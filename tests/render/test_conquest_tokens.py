"""The CONQUEST OF THE EMPIRE II tokens: the Influence tokens of each player colour, their counts
taken from game.yaml and its palette, their backs behind their fronts when printed two-sided,
their words in both languages and their envelope labels."""
import pytest

from forge import fonts
from forge.duplex import back_rect
from forge.impose import impose_components
from forge.kit import make_components, make_context
from forge.printing import PrintOptions
from forge.render import pieces as piece_maker

GAME = "conquest-of-the-empire-2"
PAPERS = ("a4", "letter")


def context(lang="en", paper="a4"):
    return make_context(GAME, lang, paper)


def specs(ctx) -> dict:
    return {c["id"]: c for c in ctx.game["components"]}


def influence_specs(ctx) -> list[dict]:
    return [c for c in ctx.game["components"] if c["id"].startswith("influence-")]


def player_colours(ctx) -> list[str]:
    return [name for name in ctx.game["palette"] if name.startswith("player-")]


def test_one_influence_set_per_player_colour_of_the_palette():
    """Each player colour of the palette has its set, as many sets as the game has players at
    most, every set the same count and drawn in its colour, with its own numeral."""
    ctx = context()
    sets = influence_specs(ctx)
    colours = player_colours(ctx)
    assert len(colours) == ctx.game["players"]["max"] == 6
    assert [s["style"]["fill"] for s in sets] == colours
    assert len({s["count"] for s in sets}) == 1
    assert len({s["style"]["label"] for s in sets}) == len(sets)      # apart in grayscale
    made = {c.id: c for c in make_components(ctx, only={"disc"})}
    for spec in sets:
        component = made[spec["id"]]
        assert len(component.pieces) == spec["count"]
        assert all(p.trim == tuple(spec["trim"]) for p in component.pieces)
        face = piece_maker.make_discs(dict(spec, count=1), ctx)[0].key["front"]
        assert face["fill"] == ctx.color(spec["style"]["fill"])
        assert face["label"] == spec["style"]["label"]


def test_influence_tokens_need_enough_for_the_start_and_the_two_markers():
    """Four on the board at the start, one on the VP track, one in the alliance chart (tables.yaml
    `start.influence`), with room to gain more."""
    ctx = context()
    start = ctx.data["tables"]["start"]["influence"]
    for spec in influence_specs(ctx):
        assert spec["count"] >= start + 2 + 10


@pytest.mark.parametrize("paper", PAPERS)
def test_token_backs_land_behind_their_fronts(paper):
    """Printed long-edge duplex, as the kit says, every back is the back of the piece whose
    front is on the other side of the sheet, at the mirrored place."""
    ctx = context("en", paper)
    tokens = [c for c in make_components(ctx, only={"disc"}) if c.family == "tokens"]
    pages = impose_components(tokens, ctx.paper_size, PrintOptions())
    checked = 0
    for front, back in zip(pages[::2], pages[1::2]):
        assert (front.side, back.side) == ("front", "back")
        behind = {}
        for placed in back.placements:
            behind[(round(placed.x, 3), round(placed.y, 3))] = placed
        for placed in front.placements:
            w, h = placed.piece.trim
            x, y = back_rect(front.size, "duplex-long", placed.x, placed.y, w, h)
            other = behind[(round(x, 3), round(y, 3))]
            assert other.piece is placed.piece and other.face == "back"
            checked += 1
    assert checked == sum(len(c.pieces) for c in tokens)


def printed_cap(text: str, cap: float, width: float) -> float:
    """The capital height a label disc prints `text` at: `cap`, or less to keep within `width`."""
    from reportlab.pdfbase import pdfmetrics

    fonts.register_fonts()
    face = pdfmetrics.getFont(fonts.SERIF_BOLD).face
    ratio = (getattr(face, "capHeight", 0) or face.ascent * 0.9) / 1000
    wide = fonts.text_width(text, fonts.SERIF_BOLD, cap / ratio)
    return cap * min(1.0, width / wide)


def test_numerals_fit_their_tokens_and_stay_readable():
    """Each numeral is printed within the disc's inner width, under the laurel, at a capital
    height of 1.5 mm or more (the widest, III, included)."""
    ctx = context()
    for spec in influence_specs(ctx):
        size = min(spec["trim"]) - 2 * piece_maker.DISC_MARGIN
        cap = printed_cap(spec["style"]["label"], size * 0.27, size * piece_maker.LABEL_WIDTH)
        assert cap >= 1.5


def test_names_are_translated_and_each_colour_has_an_envelope():
    en, es = context("en"), context("es")
    assert specs(es)["influence-red"]["name"] == "Fichas de influencias rojas"
    assert specs(es)["influence-red"]["group"] == "Fichas de influencias"
    made = {c.id: c for c in make_components(en, only={"envelope-labels"})}
    labels = [p.label for p in made["envelope-labels"].pieces]
    for spec in influence_specs(en):
        assert any(label.endswith(spec["name"]) for label in labels)
