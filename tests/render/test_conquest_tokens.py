"""The CONQUEST OF THE EMPIRE II tokens: the Influence tokens of each player colour and the
Province tokens named from tables.yaml, their counts taken from the data, their backs behind
their fronts when printed two-sided, their words fitting and in both languages, their envelope
labels, and the cover saying what comes from the boxed game."""
from collections import Counter

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


# --- province tokens ------------------------------------------------------------------------------

def test_province_tokens_name_every_key_province_of_the_data_the_same_number_of_times():
    """One token per key province of tables.yaml, `copies` of each (the count is the entries times
    the copies), every name taken from the data in the kit's language."""
    for lang in ("en", "es"):
        ctx = context(lang)
        spec = specs(ctx)["province-tokens"]
        provinces = ctx.data["tables"]["key_provinces"]
        copies = spec["style"]["copies"]
        assert spec["style"]["names_from"] == "key_provinces"
        assert spec["count"] == len(provinces) * copies == 88
        made = piece_maker.make_discs(spec, ctx)
        names = [p.key["front"]["name"] for p in made]
        assert Counter(names) == {p["name"]: copies for p in provinces}
        assert all(p.trim == tuple(spec["trim"]) for p in made)
    assert "Egipto" in names and "Neópolis" in names


def test_the_pool_lasts_the_longest_game():
    """Four tokens per player at the start, twice the players every season, the most players and
    seasons (tables.yaml); Italia is never drawn at the start, so the others must cover it."""
    ctx = context()
    tables = ctx.data["tables"]
    players = tables["players"]["max"]
    seasons = tables["seasons"]["count"] + tables["seasons"]["extra"]
    spec = specs(ctx)["province-tokens"]
    per_season = tables["start"]["province_tokens_per_player"] * players
    assert spec["count"] >= tables["start"]["influence"] * players + per_season * seasons
    others = len(tables["key_provinces"]) - 1
    assert others * spec["style"]["copies"] >= tables["start"]["influence"] * players


def test_province_tokens_share_one_back_and_can_be_drawn_blind():
    ctx = context()
    made = piece_maker.make_discs(specs(ctx)["province-tokens"], ctx)
    assert len({id(p.back) for p in made}) == 1
    backs = {str(p.key["back"]) for p in made}
    assert len(backs) == 1 and "name': ''" in backs.pop()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_province_names_fit_inside_the_frame_at_one_readable_size(lang):
    """Every name is printed at the same capital height, within the frame, 1.6 mm or more."""
    ctx = context(lang)
    spec = specs(ctx)["province-tokens"]
    made = piece_maker.make_discs(spec, ctx)
    caps = {p.key["front"]["name_cap"] for p in made}
    assert len(caps) == 1
    cap = caps.pop()
    assert cap >= 1.6
    size = min(spec["trim"]) - 2 * piece_maker.DISC_MARGIN
    for province in ctx.data["tables"]["key_provinces"]:
        assert printed_cap(province["name"], cap, size * piece_maker.NAME_WIDTH) == \
            pytest.approx(cap)


def test_the_cover_says_what_comes_from_the_box():
    for lang, words in (("en", "you need only the map and the plastic figures"),
                        ("es", "solo necesitas el mapa y las figuras de plástico")):
        assert words in context(lang).game["from_box"].lower()
