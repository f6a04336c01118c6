"""ANTIKE's boards as pieces: the shared wheel maker (the rondel) and the progress table, their
numbers from tables.yaml and their mistakes named."""
import copy
import io
import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

from forge.errors import ContentError, UserError
from forge.games import DEFAULT_CONTENT
from forge.kit import make_context
from forge.model import MM
from forge.render import load_makers, wheel
from forge.render.antike import progress

CONTENT = Path(DEFAULT_CONTENT)


@pytest.fixture(scope="module")
def ctx():
    return make_context("antike", "es", "letter", content_dir=CONTENT)


def spec(ctx, component_id: str) -> dict:
    return copy.deepcopy(next(c for c in ctx.game["components"] if c["id"] == component_id))


def draw_all(pieces, tmp_path) -> None:
    canvas = Canvas(str(tmp_path / "pieces.pdf"))
    for piece in pieces:
        canvas.scale(MM, MM)
        piece.draw(canvas)
        canvas.showPage()
    canvas.save()


def test_the_wheel_draws_the_rondel(ctx, tmp_path):
    pieces = load_makers()["wheel"](spec(ctx, "rondel"), ctx)
    assert len(pieces) == 1 and pieces[0].trim == (180, 236)
    assert len(pieces[0].pictures) == 7         # one picture for each kind of space
    draw_all(pieces, tmp_path)


def test_the_wheel_names_an_order_that_misses_a_space(ctx):
    tables = copy.deepcopy(ctx.data["tables"])
    tables["rondel"]["order"]["default"] = ["gold", "marble", "iron", "maneuver", "knowledge",
                                             "temple", "gold", "maneuver"]
    broken = type(ctx)(**{**ctx.__dict__, "data": {**ctx.data, "tables": tables}})
    with pytest.raises(UserError, match="rondel.*order"):
        load_makers()["wheel"](spec(ctx, "rondel"), broken)


def test_the_wheel_needs_an_entry_with_spaces(ctx):
    component = spec(ctx, "rondel")
    component["style"]["spaces_from"] = "knowledge"
    with pytest.raises(UserError, match="spaces_from"):
        load_makers()["wheel"](component, ctx)


def test_a_wheel_without_step_costs_has_no_legend():
    assert wheel._costs({"spaces": []}, 8, "free") == ()
    assert wheel._costs({"free_steps": 2, "step_cost": 2}, 5, "-") == ("-", "-", "2", "4", "6")


def test_long_notes_wrap_within_their_width():
    from forge import fonts
    from forge.model import pt

    fonts.register_fonts()
    text = "el orden de los espacios es nuestra lectura " * 6
    lines = wheel.wrap(text, fonts.SERIF_ITALIC, pt(7.5), 60)
    assert len(lines) > 2
    assert all(fonts.text_width(line, fonts.SERIF_ITALIC, pt(7.5)) <= 60 for line in lines)


def test_the_progress_table_reads_prices_and_effects_from_tables(ctx, tmp_path):
    component = spec(ctx, "progress-table")
    pieces = load_makers()["antike-progress"](component, ctx)
    assert len(pieces) == 1
    columns = pieces[0].key["columns"]
    knowledge = ctx.data["tables"]["knowledge"]
    assert [[p["id"] for p in column] for column in columns] == \
        [[p["id"] for p in knowledge["progresses"] if p["id"] == base["id"] or
          p.get("needs") == base["id"]]
         for base in knowledge["progresses"] if base["tier"] == "elementary"]
    prices = knowledge["prices"]
    assert {p["price"] for column in columns for p in column[:1]} == \
        {f"{prices['elementary']['first']} / {prices['elementary']['later']}"}
    assert {p["price"] for column in columns for p in column[1:]} == \
        {f"{prices['advanced']['first']} / {prices['advanced']['later']}"}
    assert "3" in columns[0][1]["effect"]                 # Roads: legions up to 3 maneuvers
    draw_all(pieces, tmp_path)


def test_the_progress_table_names_missing_labels(ctx):
    component = spec(ctx, "progress-table")
    del component["labels"]["defence"]
    with pytest.raises(UserError, match="defence"):
        load_makers()["antike-progress"](component, ctx)


def test_an_effect_without_words_is_named():
    with pytest.raises(UserError, match="no words"):
        progress._effect({"trade": 1}, {}, {"id": "progress-table"})


# --- a style that passes the schema never crashes the wheel or the progress table ------------------

SPACES = ["marble", "iron", "gold", "temple", "arming", "knowledge", "maneuver", "nope"]
PAINTS = ["marble", "iron", "gold", "military", "parchment", "#000000", "#ffffff", "nope"]
ICONS = ["coin", "laurel", "art/marble.svg", "art/temple.svg", "art/none.svg", "../x.svg",
         "art/README.md", "nope"]
HOSTILE = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.just("nope"),
                    st.lists(st.integers(), max_size=3))


def _styles(entry_names):
    colours = st.sampled_from(PAINTS)
    usual = st.fixed_dictionaries(
        {}, optional={"fill": colours, "ink": colours, "accent": colours,
                      "fills": st.dictionaries(st.sampled_from(SPACES), colours, max_size=8),
                      "icons": st.dictionaries(st.sampled_from(SPACES + ["wheel", "roads"]),
                                               st.sampled_from(ICONS), max_size=8),
                      "spaces_from": st.sampled_from(entry_names)})
    return st.one_of(usual, usual, usual, HOSTILE)


@pytest.fixture(scope="module")
def antike_copy(tmp_path_factory):
    folder = tmp_path_factory.mktemp("content")
    shutil.copytree(CONTENT / "antike", folder / "antike")
    return folder


def _fuzz(content: Path, component_id: str, style, draw: str) -> None:
    path = content / "antike" / "game.yaml"
    game = yaml.safe_load(path.read_text(encoding="utf-8"))
    spec = next(c for c in game["components"] if c["id"] == component_id)
    if draw == "antike-progress" and isinstance(style, dict):
        style.pop("spaces_from", None)
    spec["style"] = style
    path.write_text(yaml.safe_dump(game, sort_keys=False, allow_unicode=True, width=1000),
                    encoding="utf-8")
    try:
        ctx = make_context("antike", "en", "a4", content)
    except ContentError:
        return                  # refused at validation, with file, line and field
    try:
        pieces = load_makers()[draw](spec | {"style": style}, ctx)
    except UserError:
        return                  # refused by the maker, naming the component
    canvas = Canvas(io.BytesIO())
    for piece in pieces:
        piece.draw(canvas)


FUZZ = settings(max_examples=30, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@FUZZ
@given(style=_styles(["rondel", "knowledge", "spaces", "nope"]))
def test_wheel_styles_that_pass_the_schema_never_crash_it(antike_copy, style):
    _fuzz(antike_copy, "rondel", style, "wheel")


@FUZZ
@given(style=_styles(["rondel"]))
def test_progress_styles_that_pass_the_schema_never_crash_it(antike_copy, style):
    _fuzz(antike_copy, "progress-table", style, "antike-progress")
