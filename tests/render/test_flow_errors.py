"""Mistakes in the sheet markup (forge/render/flow.py) are clear errors, never tracebacks: unknown
elements and attributes, values out of range, unbalanced tags, tables of uneven rows; when the
markup came from a template, the error names the template file and line that wrote it."""
from dataclasses import replace

import pytest

from forge.errors import ContentError, UserError
from forge.games import DEFAULT_CONTENT, load_game
from forge.render import MAKERS, flow, sheets


def build(body: str, head: str = "<sheet>"):
    return flow.build(f"{head}{body}</sheet>", where="demo")


@pytest.mark.parametrize("body, words", [
    ('<columns n="0"><p>x</p></columns>', "n must be a whole number from 1 to 6"),
    ('<columns n="7"><p>x</p></columns>', "from 1 to 6"),
    ('<columns n="two"><p>x</p></columns>', "whole number"),
    ('<columns n="1.5"><p>x</p></columns>', "whole number"),
    ('<columns gap="-3"><p>x</p></columns>', "gap must be a number from 0 to 30"),
    ('<p size="nan">x</p>', "size must be a number"),
    ('<p size="inf">x</p>', "size must be a number"),
    ('<p size="1e3">x</p>', "size must be a number"),
    ('<p size="500">x</p>', "from 4 to 72"),
    ('<p size="">x</p>', "size must be a number"),
    ('<p indent="1000">x</p>', "indent must be"),
    ('<p align="middle">x</p>', "must be one of: left, center, right, justify"),
    ('<p font="comic">x</p>', "must be one of: sans, serif"),
    ('<p style="loud">x</p>', "must be one of: note"),
    ('<p colour="#000000">x</p>', "<p> has no attribute 'colour'"),
    ('<h1 caps="yes">x</h1>', "must be one of: 0, 1"),
    ('<ol start="-1"><li>x</li></ol>', "start must be"),
    ('<ul><li label="&lt;img src=&quot;x&quot;/&gt;">x</li></ul>', "plain text"),
    ('<box fill="red"><p>x</p></box>', "#rrggbb"),
    ('<box pad="99"><p>x</p></box>', "pad must be"),
    ('<hr color="#12345"/>', "#rrggbb"),
    ('<space mm="1e9"/>', "mm must be"),
    ('<ruler/>', "<ruler> needs mm="),
    ('<ruler mm="0"/>', "mm must be"),
    ('<ruler in="100"/>', "in must be"),
    ('<table widths="*,x"><tr><td>a</td><td>b</td></tr></table>', "column widths"),
    ('<table widths="*,200%"><tr><td>a</td><td>b</td></tr></table>', "column widths"),
    ('<table widths="*,*"><tr><td>a</td></tr></table>', "same number of cells"),
    ('<table><tr><td>a</td></tr><tr><td>a</td><td>b</td></tr></table>', "same number"),
    ('<table><tr><td span="3">a</td></tr><tr><td>b</td></tr></table>', "same number"),
    ('<table></table>', "same number"),
    ('<table><tr></tr></table>', "same number"),
    ('<table header="3"><tr><td>a</td></tr></table>', 'header="3"'),
    ('<table><td>a</td></table>', "<td> cannot stand inside <table>"),
    ('<table><tr><p>a</p></tr></table>', "<p> cannot stand inside <tr>"),
    ('<ul><p>x</p></ul>', "<p> cannot stand inside <ul>"),
    ('<p><p>x</p></p>', "<p> cannot stand inside <p>"),
    ('<p><columns n="2"><p>x</p></columns></p>', "<columns> cannot stand inside <p>"),
    ('<p><img src="/etc/passwd"/></p>', "unknown element <img>"),
    ('<p><font name="x">y</font></p>', "unknown element <font>"),
    ('<p><a href="http://example.com">y</a></p>', "unknown element <a>"),
    ('<p><dot/></p>', '<dot> needs color='),
    ('<p><dot color="red"/></p>', "#rrggbb"),
    ('<p><br>text</br></p>', "<br> holds no text"),
    ('<blink>x</blink>', "unknown element <blink>"),
    ('<b>x</b>', "<b> cannot stand inside <sheet>"),
    ("<p>x</b>", "mismatched tag"),
    ("<p>x", "mismatched tag"),
    ("<p>&bogus;</p>", "undefined entity"),
    ("<p>x</p>" * 5 + "<" * 3, "not well-formed"),
    ("<box>" * 20 + "<p>x</p>" + "</box>" * 20, "nests more than 16 levels"),
])
def test_markup_mistakes_are_clear_errors(body, words):
    with pytest.raises(UserError) as caught:
        build(body)
    assert words in str(caught.value), str(caught.value)
    assert str(caught.value).startswith("demo: ")


@pytest.mark.parametrize("head, words", [
    ('<sheet size="0">', "size must be a number from 4 to 36"),
    ('<sheet body="mono">', "must be one of: sans, serif"),
    ('<sheet ink="black">', "#rrggbb"),
    ('<sheet leading="x">', "leading must be"),
    ('<notsheet>', "must start with <sheet>"),
])
def test_sheet_attributes_are_checked(head, words):
    with pytest.raises(UserError, match=words):
        flow.build(head + "<p>x</p>" + f"</{head[1:].split()[0].rstrip('>')}>", where="demo")


def test_a_doctype_is_refused_before_any_entity_expands():
    bomb = ('<!DOCTYPE sheet [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'
            "<sheet><p>&b;</p></sheet>")
    with pytest.raises(UserError, match="DOCTYPE"):
        flow.build(bomb, where="demo")


def test_too_many_elements_are_refused():
    with pytest.raises(UserError, match="more than 20000 elements"):
        build("<space/>" * 20_001)


def test_the_error_names_the_markup_line():
    with pytest.raises(UserError, match=r"\(line 3 of the markup\)"):
        flow.build('<sheet>\n<p>x</p>\n<columns n="0"><p>y</p></columns>\n</sheet>', where="demo")


def test_what_the_vocabulary_allows_still_builds():
    story = build('<h1 caps="1" align="center">T</h1><p size="7.5" align="justify" font="serif" '
                  'style="note" indent="2" space="0.4">a <b>b</b> <i>c</i><br/>'
                  '<dot ring="1" color="#123456"/> <dot color="#abcdef"/></p>'
                  '<ol start="3"><li label="*">x</li></ol>'
                  '<table widths="44%,*,12mm,20" header="1" grid="#eeeeee" stripe="#f0f0f0">'
                  '<tr><th>a</th><th span="2">b</th><th align="right">c</th></tr>'
                  '<tr><td>1</td><td>2</td><td>3</td><td>4</td></tr></table>'
                  '<box fill="#eeeeee" stroke="#000000" pad="1.6"><keep><p>k</p></keep></box>'
                  '<columns n="6" gap="0" rule="#000000"><p>c</p></columns><space mm="0"/>'
                  '<hr color="#000000"/><ruler mm="50" label="50 mm"/><ruler in="2"/>',
                  head='<sheet body="serif" size="8" leading="9.6" ink="#000000">')
    assert len(story) == 10
    assert "\u25cb" in story[1].getPlainText() and "\u25cf" in story[1].getPlainText()


# --- errors traced back to the template ------------------------------------------------------------

@pytest.fixture(scope="module")
def game():
    return load_game(DEFAULT_CONTENT, "tetrarchia", check_catalogs=False)


@pytest.fixture
def ctx(game, tmp_path):
    from forge.kit import context_for

    (tmp_path / "templates").mkdir()
    yield replace(context_for(game, "en", "a4"), folder=tmp_path)
    sheets.environment.cache_clear()


def _layout(ctx, text: str):
    (ctx.folder / "templates" / "t.xml.j2").write_text(text)
    sheets.environment.cache_clear()
    markup = sheets.render_markup("t.xml.j2", ctx, colors={"ink": "#000000"})
    return flow.layout(markup, 100, 100, where="test sheet")


@pytest.mark.parametrize("text, line", [
    ('<sheet>\n<p>a</p>\n<columns n="0">\n<p>b</p>\n</columns>\n</sheet>', 3),
    ('<sheet>\n{% for i in range(2) %}\n<p>{{ i }}</p>\n{% endfor %}\n<p size="x">b</p>\n</sheet>',
     5),
    ('<sheet>\n<p>{{ colors.ink }}</p>\n<p>ok</p>\n<p align="{{ colors.ink }}">b</p>\n</sheet>', 4),
    ('<sheet ink="{{ colors.ink }}">\n<p>a</p>\n<blink/>\n</sheet>', 3),
    ('<sheet>\n<p>a</p>\n<p>b</b>\n</sheet>', 3),
])
def test_markup_mistakes_name_the_template_line(ctx, text, line):
    with pytest.raises(ContentError) as caught:
        _layout(ctx, text)
    [problem] = caught.value.problems
    assert (problem.file, problem.line) == (ctx.folder / "templates" / "t.xml.j2", line)
    assert problem.message.startswith("test sheet: ")


def test_a_bad_attribute_in_a_real_sheet_is_a_content_error(ctx, game):
    """The real rules reference, with a game's own copy of its template saying columns n="0"."""
    from forge.i18n import TEMPLATE_DIR

    source = (TEMPLATE_DIR / "rules-reference.xml.j2").read_text()
    (ctx.folder / "templates" / "rules-reference.xml.j2").write_text(
        source.replace('<columns n="2"', '<columns n="0"'))
    sheets.environment.cache_clear()
    component = next(c for c in ctx.game["components"] if c["draw"] == "rules-reference")
    with pytest.raises(ContentError) as caught:
        MAKERS["rules-reference"](component, ctx)
    [problem] = caught.value.problems
    line = next(n for n, text in enumerate(source.splitlines(), 1) if "<columns" in text)
    assert (problem.file.name, problem.line) == ("rules-reference.xml.j2", line)
    assert "n must be a whole number from 1 to 6" in problem.message
