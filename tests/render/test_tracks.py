"""Tokens and tracks (issue 6): numbered tracks in strips, the season track, the alliance chart,
label discs (coins, chaos tokens) and die nets with icon faces."""
import dataclasses
import io
import re

import pypdf
import pytest
from reportlab.pdfgen.canvas import Canvas

from forge.errors import UserError
from forge.kit import make_context
from forge.impose import impose_components
from forge.layout import paper_size
from forge.model import MM, Component
from forge.printing import PrintOptions
from forge.render import MAKERS, dice, icons, load_makers, tracks

load_makers()

NEW_ICONS = ("infantry", "cavalry", "catapult", "galley", "general", "caesar", "senator",
             "immediate", "diplomacy", "multiple-use", "coin", "chaos", "city", "blank")
VP = {"id": "vp-track", "kind": "sheet", "family": "tracks", "name": "VP track", "count": 8,
      "trim": [260, 18], "draw": "track", "style": {"first": 0, "last": 150},
      "labels": {"title": "Victory points", "glue": "Glue the next strip here"}}
SEASONS = {"id": "seasons", "kind": "sheet", "family": "tracks", "name": "Seasons", "count": 1,
           "trim": [180, 62], "draw": "season-track",
           "style": {"seasons": 4, "extra": 1, "rounds": 4},
           "labels": {"title": "Rounds and seasons", "season": "Season", "round": "Round",
                      "extra": "only if all agree"}}
ALLIANCES = {"id": "alliances", "kind": "sheet", "family": "tracks", "name": "Alliances",
             "count": 1, "trim": [180, 80], "draw": "alliance-chart",
             "labels": {"title": "Alliances and turn order", "proposal": "Proposal",
                        "alliance": "Alliance", "turn_order": "Turn order"}}
BATTLE_DIE = {"id": "battle-dice", "kind": "die", "family": "tokens", "name": "Battle dice",
              "count": 2, "trim": [87.5, 61], "draw": "die-net", "cut_marks": False,
              "style": {"faces_from": "dice", "fill": "parchment", "ink": "route"}}
DICE = {"faces": ["infantry", "infantry", "cavalry", "catapult", "galley", "blank"],
        "gap": "the rulebook does not give the split of faces"}


@pytest.fixture(scope="module", params=["en", "es"])
def ctx(request):
    return make_context("demo", request.param, "a4")


@pytest.fixture(scope="module")
def en():
    return make_context("demo", "en", "a4")


def component(ctx, component_id):
    return next(c for c in ctx.game["components"] if c["id"] == component_id)


def text_of(draw, trim) -> str:
    """The text a face draws, as pypdf extracts it from a page of its size."""
    out = io.BytesIO()
    c = Canvas(out, pagesize=(trim[0] * MM, trim[1] * MM))
    c.scale(MM, MM)
    draw(c)
    c.save()
    return pypdf.PdfReader(io.BytesIO(out.getvalue())).pages[0].extract_text()


def numbers_in(text: str) -> list[int]:
    return [int(token) for token in re.findall(r"(?<![\d/])\d+(?![\d/])", text)]


# --- icons --------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", NEW_ICONS)
def test_new_icons_are_registered_and_draw(name):
    assert name in icons.ICONS
    c = Canvas(io.BytesIO())
    icons.draw_icon(c, name, 10, 10, 8, "#2a2118", knock="#ffffff")
    icons.draw_icon(c, name, 10, 10, 8, "#2a2118")
    c.save()


def test_existing_icons_keep_their_drawings():
    assert icons.ICONS["fleet"] is icons.ICONS["galley"]          # the galley is the fleet's
    assert {"agitation", "revolt", "fleet", "army", "laurel"} <= set(icons.ICONS)


# --- the numbered track -------------------------------------------------------------------------

def test_vp_track_numbers_run_on_across_strips_and_each_appears_once(en):
    pieces = MAKERS["track"](VP, en)
    assert len(pieces) == VP["count"]
    runs = [p.key["strip"]["numbers"] for p in pieces]
    for before, after in zip(runs, runs[1:]):
        assert after[0] == before[-1] + 1
    assert [n for run in runs for n in run] == list(range(151))
    printed = []
    for piece in pieces:
        text = text_of(piece.draw, piece.trim)
        assert "Victory points" in text
        printed += numbers_in(text)
    assert sorted(printed) == list(range(151))


def test_every_strip_but_the_last_has_a_glue_tab(en):
    pieces = MAKERS["track"](VP, en)
    assert all(p.key["strip"]["glue"] > 0 for p in pieces[:-1])
    assert pieces[-1].key["strip"]["glue"] == 0
    assert "Glue" in text_of(pieces[0].draw, pieces[0].trim)
    assert "Glue" not in text_of(pieces[-1].draw, pieces[-1].trim)
    assert "2/8" in text_of(pieces[0].draw, pieces[0].trim)


def test_a_wrong_strip_count_names_the_right_one(en):
    with pytest.raises(UserError, match="set count: 8"):
        MAKERS["track"](dict(VP, count=5), en)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_strips_fit_a4_and_letter(en, paper):
    box, per_strip = tracks.strip_layout(VP["trim"], 0, 150)
    assert box >= 12 and per_strip * box <= VP["trim"][0]
    pieces = MAKERS["track"](VP, en)
    strips = Component("vp-track", "sheet", "tracks", "VP", len(pieces), tuple(VP["trim"]),
                       tuple(pieces))
    pages = impose_components([strips], paper_size(paper), PrintOptions())
    assert len(pages) <= 2
    assert sum(len(page.placements) for page in pages) == len(pieces)


def test_the_demo_track_prints_its_translated_labels(ctx):
    pieces = MAKERS["track"](component(ctx, "mile-track"), ctx)
    text = text_of(pieces[0].draw, pieces[0].trim)
    title = {"en": "Milestones", "es": "Miliarios"}[ctx.lang]
    assert title in text
    assert sorted(numbers_in(text) + numbers_in(text_of(pieces[1].draw, pieces[1].trim))) == \
        list(range(21))


def test_missing_labels_are_reported(en):
    with pytest.raises(UserError, match="glue"):
        MAKERS["track"](dict(VP, labels={"title": "VP"}), en)


# --- season track and alliance chart --------------------------------------------------------------

def test_season_track_prints_every_season_and_round(en):
    piece, = MAKERS["season-track"](SEASONS, en)
    text = text_of(piece.draw, piece.trim)
    for n in range(1, 6):
        assert f"Season {n}" in text
    for n in range(1, 5):
        assert f"Round {n}" in text
    assert "Rounds and seasons" in text and "only if all agree" in text


def test_season_track_reads_the_tables_when_the_style_is_silent(en):
    ctx = dataclasses.replace(en, data={**en.data, "tables": {
        "seasons": {"count": 4, "extra": 1, "rounds": 4}}})
    piece, = MAKERS["season-track"](dict(SEASONS, style={}), ctx)
    assert (piece.key["track"]["seasons"], piece.key["track"]["extra"],
            piece.key["track"]["rounds"]) == (4, 1, 4)


def test_alliance_chart_has_both_proposals_and_six_places(en):
    piece, = MAKERS["alliance-chart"](ALLIANCES, en)
    text = text_of(piece.draw, piece.trim)
    assert sorted(numbers_in(text)) == [1, 2, 3, 4, 5, 6]
    for word in ("Proposal", "Turn order", "Alliance A", "Alliance B"):
        assert word in text


# --- label discs --------------------------------------------------------------------------------

def test_coins_print_their_value_on_both_faces(ctx):
    pieces = MAKERS["disc"](component(ctx, "tolls"), ctx)
    assert len(pieces) == 6
    piece = pieces[0]
    assert piece.key["front"]["label"] == "5" and piece.key["front"]["shape"] == "round"
    assert piece.key["back"] == "same" and piece.back is piece.draw
    assert numbers_in(text_of(piece.draw, piece.trim)) == [5]


def test_chaos_tokens_hide_their_value_on_the_back(ctx):
    piece = MAKERS["disc"](component(ctx, "unrest"), ctx)[0]
    assert piece.key["front"]["shape"] == "square"
    assert numbers_in(text_of(piece.draw, piece.trim)) == [3]
    assert numbers_in(text_of(piece.back, piece.trim)) == []
    assert piece.key["back"]["icon"] == "agitation" and piece.key["back"]["label"] == ""


def test_back_same_and_back_style_together_are_refused(en):
    spec = dict(component(en, "unrest"), back="same")
    with pytest.raises(UserError, match="back_style"):
        MAKERS["disc"](spec, en)


def test_ink_saver_label_discs_and_tracks_fill_nothing_large():
    ctx = make_context("demo", "en", "a4", options=PrintOptions(ink="saver"))
    piece = MAKERS["disc"](component(ctx, "tolls"), ctx)[0]
    assert piece.key["front"]["saver"] is True
    strip = MAKERS["track"](VP, ctx)[0]
    assert strip.key["inks"]["paper"] == "#ffffff"
    assert numbers_in(text_of(strip.draw, strip.trim))[:3] == [0, 1, 2]


def test_old_discs_are_unchanged(en):
    piece = MAKERS["disc"](component(en, "milestones"), en)[0]
    assert piece.key is None                                   # the old path, untouched


# --- die nets with icon faces -------------------------------------------------------------------

def with_dice(ctx, dice_data=DICE):
    return dataclasses.replace(ctx, data={**ctx.data, "tables": {"dice": dice_data}})


def test_battle_die_faces_come_from_the_dice_data(ctx):
    pieces = MAKERS["die-net"](BATTLE_DIE, with_dice(ctx))
    assert len(pieces) == 2
    assert pieces[0].key["faces"] == [f"icon:{f}" for f in DICE["faces"]]
    text = text_of(pieces[0].draw, pieces[0].trim)
    word = {"en": "reading", "es": "lectura"}[ctx.lang]
    assert word in " ".join(text.split())


def test_battle_die_without_a_gap_prints_no_note(en):
    data = {k: v for k, v in DICE.items() if k != "gap"}
    piece = MAKERS["die-net"](BATTLE_DIE, with_dice(en, data))[0]
    assert piece.key["note"] == ""
    assert text_of(piece.draw, piece.trim).strip() == ""


def test_icon_faces_can_be_written_in_the_style(en):
    spec = dict(BATTLE_DIE, style={"faces": ["icon:infantry"] * 3 + ["icon:blank"] * 3})
    piece = MAKERS["die-net"](spec, en)[0]
    assert piece.key["faces"][0] == "icon:infantry"
    with pytest.raises(UserError, match="unknown icon"):
        MAKERS["die-net"](dict(spec, style={"faces": ["icon:dragon"] * 6}), en)


def test_numeric_nets_keep_the_old_path(en):
    spec = dict(BATTLE_DIE, style={"faces": ["I", "II", "III", "IV", "V", "VI"]})
    piece = MAKERS["die-net"](spec, en)[0]
    assert piece.key is None and "note" not in piece.draw.keywords
    assert dice.ICON == "icon:"


# --- the numbered track as one grid sheet -------------------------------------------------------

def conquest_vp(lang="en", paper="a4"):
    ctx = make_context("conquest-of-the-empire-2", lang, paper)
    return ctx, next(c for c in ctx.game["components"] if c["id"] == "vp-track")


def number_positions(path) -> dict[int, tuple[float, float]]:
    """Where each number is printed on the first page of a PDF (mm, its text origin)."""
    found = {}

    def visit(text, cm, tm, font, size):
        if text.strip().isdigit():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.setdefault(int(text.strip()), []).append((x / MM, y / MM))
    pypdf.PdfReader(str(path)).pages[0].extract_text(visitor_text=visit)
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_conquest_vp_track_is_one_sheet_with_boxes_a_marker_fits(tmp_path, paper):
    """0 to 150 once each on one page, nothing to glue; neighbouring numbers of a row 14 mm or
    more apart (the box side), and every row turns back where the one above ended."""
    from forge.write import DocInfo, write_pdf
    ctx, spec = conquest_vp("en", paper)
    pieces = MAKERS["track"](spec, ctx)
    assert len(pieces) == 1 and spec["count"] == 1
    track = Component("vp-track", "sheet", "tracks", "VP", 1, tuple(spec["trim"]), tuple(pieces))
    pages = impose_components([track], paper_size(paper), PrintOptions())
    assert len(pages) == 1
    path = tmp_path / "vp.pdf"
    write_pdf(path, pages, DocInfo("t", "t", "t", "t", "en"))
    where = number_positions(path)
    assert sorted(where) == list(range(151)) and all(len(v) == 1 for v in where.values())
    origin = {n: v[0] for n, v in where.items()}       # left end of each centred numeral
    steps, turns = [], 0
    for n in range(150):
        (x1, y1), (x2, y2) = origin[n], origin[n + 1]
        if abs(y1 - y2) < 2.0:                           # beside it in the same row
            steps.append(abs(x2 - x1))
        else:                                            # a turn: right below, a row lower
            turns += 1
            assert abs(x1 - x2) < 2.0 and y1 - y2 >= 14.0, (n, origin[n], origin[n + 1])
    assert turns <= 13                                   # 14 rows at most
    steps.sort()
    assert steps[0] >= 12.0 and steps[len(steps) // 2] >= 14.5    # numerals differ in width
    assert "Glue" not in text_of(pieces[0].draw, pieces[0].trim)


def test_a_grid_track_that_cannot_hold_its_boxes_says_so(en):
    spec = dict(VP, count=1, trim=[100, 100], style={"first": 0, "last": 150, "layout": "grid"},
                labels={"title": "VP"})
    with pytest.raises(UserError, match="do not fit"):
        MAKERS["track"](spec, en)
    with pytest.raises(UserError, match="count: 1"):
        MAKERS["track"](dict(spec, count=2, trim=[190, 260]), en)
