"""Mutated real templates (characters and tokens deleted, inserted, duplicated) are rendered, laid
out and drawn by the real sheet makers, and mutated real markup (attributes set to odd values,
elements renamed, duplicated, dropped or moved) is laid out and drawn: every outcome is a kit page
or a UserError (ContentError included), never another exception and never a hang."""
import io
import shutil
import time
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

from forge.errors import UserError
from forge.games import DEFAULT_CONTENT, load_game
from forge.i18n import TEMPLATE_DIR
from forge.model import MM
from forge.render import load_makers, sheets

CONQUEST = "conquest-of-the-empire-2"
CASES = [  # (template, game, maker that renders it)
    ("summary-sheet.xml.j2", "tetrarchia", "summary-sheet"),
    ("sheet-blocks.xml.j2", "tetrarchia", "rules-reference"),
    ("rules-reference.xml.j2", "tetrarchia", "rules-reference"),
    ("instructions.xml.j2", "tetrarchia", "instructions"),
    ("conquest-reference.xml.j2", CONQUEST, "conquest-reference"),
    ("conquest-card-list.xml.j2", CONQUEST, "conquest-card-list"),
]
TOKENS = ["{{", "}}", "{%", "%}", "{#", "#}", "|rich", "|join", "|e", "|nofilter", "<b>", "</b>",
          "<i>", "<br/>", '<columns n="0">', '<columns n="9">', "</columns>", "<p>", "</p>",
          '<p size="x">', '<p align="up">', "<sheet>", "</sheet>", "<table>", "</table>",
          "<tr><td>x</td></tr>", '<td span="5">', '<dot color="#000000"/>', "<dot/>",
          '<img src="/etc/passwd"/>', "<!DOCTYPE x>", "&bogus;", "&amp;", "<", ">", '"', "'",
          "(", ")", "[", "]", "~", "*", "**", "%", ".", ",", "-", "x", "\n", " ",
          "{% for i in range(9999) %}", "{% for j in range(9999) %}", "{% endfor %}",
          "{% if x %}", "{% endif %}", "{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}",
          "loop.", ".__class__", "._", "game.", "rules.", "_(", "num(", "colors.", "9999999",
          "{:>999}", "'%999d' % 1", "'x' * 99999999", "{% import 'nothing.xml.j2' as n %}",
          '<ruler mm="9999"/>', '<space mm="-1"/>', '<keep>', '</keep>', '<box pad="1">']


OUTCOMES: list[str] = []


def mutations(length: int):
    """A few edits of a text `length` long: (kind, position, size or token)."""
    position = st.integers(0, length)
    delete = st.tuples(st.just("delete"), position, st.integers(1, 30))
    insert = st.tuples(st.just("insert"), position, st.sampled_from(TOKENS))
    duplicate = st.tuples(st.just("duplicate"), position, st.integers(1, 60))
    return st.lists(st.one_of(delete, insert, duplicate), min_size=1, max_size=4)


def mutate(text: str, edits) -> str:
    for kind, position, what in edits:
        position = min(position, len(text))
        if kind == "delete":
            text = text[:position] + text[position + what:]
        elif kind == "insert":
            text = text[:position] + what + text[position:]
        else:
            text = text[:position] + text[position:position + what] + text[position:]
    return text


@pytest.fixture(scope="module")
def contexts(tmp_path_factory):
    """A game folder of templates only, and each game's context pointing there."""
    from forge.kit import context_for

    folder = tmp_path_factory.mktemp("fuzzed-game")
    shutil.copytree(DEFAULT_CONTENT / CONQUEST / "templates", folder / "templates")
    result = {}
    for game_id, lang, paper in (("tetrarchia", "en", "a4"), (CONQUEST, "es", "letter")):
        game = load_game(DEFAULT_CONTENT, game_id, check_catalogs=False)
        result[game_id] = replace(context_for(game, lang, paper), folder=folder)
    yield result
    sheets.environment.cache_clear()


def original(template: str, game_id: str) -> str:
    own = DEFAULT_CONTENT / game_id / "templates" / template
    return (own if own.exists() else TEMPLATE_DIR / template).read_text(encoding="utf-8")


def make_and_draw(ctx, draw: str) -> None:
    """Run the maker as a build does (render, lay out) and draw its pieces."""
    component = next(c for c in ctx.game["components"] if c["draw"] == draw)
    canvas = Canvas(io.BytesIO())
    for piece in load_makers()[draw](component, ctx):
        canvas.saveState()
        canvas.scale(MM, MM)
        piece.draw(canvas)
        canvas.restoreState()
        canvas.showPage()


@pytest.mark.parametrize("template, game_id, draw", CASES, ids=[c[0] for c in CASES])
def test_a_mutated_template_builds_or_says_what_is_wrong(contexts, template, game_id, draw):
    ctx = contexts[game_id]
    text = original(template, game_id)
    target = ctx.folder / "templates" / template

    @settings(max_examples=30, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(edits=mutations(len(text)))
    def check(edits):
        target.write_text(mutate(text, edits), encoding="utf-8")
        sheets.environment.cache_clear()
        start = time.perf_counter()
        try:
            make_and_draw(ctx, draw)
            OUTCOMES.append("built")
        except UserError as err:
            OUTCOMES.append(type(err).__name__ + ": " + str(err)[:150])
        assert time.perf_counter() - start < 20

    try:
        check()
    finally:
        target.write_text(text, encoding="utf-8") if (DEFAULT_CONTENT / game_id / "templates" /
                                                       template).exists() else target.unlink()


TAGS = ["sheet", "h1", "h2", "h3", "p", "ul", "ol", "li", "table", "tr", "td", "th", "box",
        "columns", "keep", "space", "hr", "ruler", "b", "i", "br", "dot", "img", "font"]
ATTRIBUTES = ["n", "gap", "rule", "size", "leading", "body", "font", "align", "style", "indent",
              "space", "start", "label", "widths", "header", "grid", "stripe", "span", "fill",
              "stroke", "pad", "mm", "in", "color", "ring", "caps", "ink", "src", "name"]
VALUES = ["0", "1", "2", "6", "7", "-1", "4", "72", "1e9", "nan", "inf", "", "x", "1.5", "*",
          "2*", "30%", "200%", "12mm", "1500", "*,*", "*,12mm,30%", "#123456", "#zzzzzz", "red",
          "sans", "serif", "comic", "note", "center", "justify", "9999", "50", "500", "0.1",
          "a" * 120, "<b>", "/etc/passwd"]


def edit_tree(root, edits):
    """Apply edits to the markup's elements: set or drop an attribute, rename, duplicate, drop or
    move an element (the markup stays well-formed XML, so flow's own checks are what is tried)."""
    import copy

    from forge.render import flow

    for kind, index, other, value in edits:
        elements = list(root.iter())
        element = elements[index % len(elements)]
        parents = {child: parent for parent in elements for child in parent}
        parent = parents.get(element)
        if kind == "set":           # mostly one of the element's own attributes
            own = sorted(flow.ATTRIBUTES.get(element.tag, ())) if other % 4 else []
            names = own or ATTRIBUTES
            element.set(names[other % len(names)], value)
        elif kind == "drop-attribute" and element.attrib:
            del element.attrib[sorted(element.attrib)[other % len(element.attrib)]]
        elif kind == "rename":
            element.tag = TAGS[other % len(TAGS)]
        elif kind == "duplicate" and parent is not None:
            parent.insert(list(parent).index(element), copy.deepcopy(element))
        elif kind == "drop" and parent is not None:
            parent.remove(element)
        elif kind == "move" and parent is not None:
            target = elements[other % len(elements)]
            if target is not element and element not in target.iter() and \
                    target not in element.iter():
                parent.remove(element)
                target.append(element)
    return root


@pytest.fixture(scope="module")
def markups(contexts):
    """The real markup of the rules reference and the card list, rendered once."""
    from forge.render.conquest import reference

    tetrarchia, conquest = contexts["tetrarchia"], contexts[CONQUEST]
    colors = sheets.sheet_colors(tetrarchia, "#884422")
    return [sheets.render_markup("rules-reference.xml.j2", tetrarchia, colors=colors),
            sheets.render_markup("conquest-card-list.xml.j2", conquest, colors=colors,
                                 t=reference.labels(conquest), body_size=7.5,
                                 decks=[reference._deck_rows(d) for d in
                                        conquest.data["cards"]["decks"]])]


@pytest.mark.parametrize("which", [0, 1], ids=["rules-reference", "card-list"])
def test_mutated_markup_lays_out_or_says_what_is_wrong(markups, which):
    from forge.render import flow

    text = str(markups[which])

    @settings(max_examples=100, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(edits=st.lists(st.tuples(
        st.sampled_from(["set", "set", "set", "drop-attribute", "rename", "duplicate", "drop",
                         "move"]),
        st.integers(0, 10_000), st.integers(0, 10_000), st.sampled_from(VALUES)),
        min_size=1, max_size=5))
    def check(edits):
        start = time.perf_counter()
        try:
            markup = ET.tostring(edit_tree(ET.fromstring(text), edits), encoding="unicode")
            pages = flow.layout(markup, 190, 260, where="fuzz", min_size=4, max_pages=4)
            canvas = Canvas(io.BytesIO())
            for page in pages:
                flow.draw_box(canvas, page, 10, 10, 190, 260)
                canvas.showPage()
            OUTCOMES.append("laid out")
        except UserError as err:
            OUTCOMES.append(str(err)[:150])
        assert time.perf_counter() - start < 20

    check()
