"""The sheet templates' sandbox: a game folder's own template can run no code, read nothing outside
the template folders and hang nothing; each of its mistakes is a ContentError naming the template
file and line (forge/render/sandbox.py)."""
import os
import time
from dataclasses import replace
from pathlib import Path

import pytest

from forge.errors import ContentError, UserError
from forge.games import DEFAULT_CONTENT, load_game
from forge.i18n import TEMPLATE_DIR
from forge.render import MAKERS, load_makers, sandbox, sheets

load_makers()

MARK = "forge-sandbox-escaped"      # a file the payloads try to create


@pytest.fixture(scope="module")
def game():
    return load_game(DEFAULT_CONTENT, "tetrarchia", check_catalogs=False)


@pytest.fixture
def folder(tmp_path):
    """A game folder of its own templates, beside the real content."""
    (tmp_path / "templates").mkdir()
    yield tmp_path
    sheets.environment.cache_clear()


@pytest.fixture
def ctx(game, folder):
    from forge.kit import context_for

    return replace(context_for(game, "en", "a4"), folder=folder)


def write(folder: Path, text: str, name: str = "t.xml.j2", fresh: bool = True) -> Path:
    """Write a template; `fresh` starts a new environment (jinja's own cache goes by mtime)."""
    path = folder / "templates" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    if fresh:
        sheets.environment.cache_clear()
    return path


def render(ctx, text: str, name: str = "t.xml.j2", **values) -> str:
    """Render a template written for the test (a new name each time is faster than fresh)."""
    write(ctx.folder, text, name, fresh=name == "t.xml.j2")
    colors = {"ink": "#000000", "accent": "#112233"}
    return sheets.render_markup(name, ctx, colors=colors, **values)


def problem_of(ctx, text: str, **values):
    """The one problem a template raises."""
    with pytest.raises(ContentError) as caught:
        render(ctx, text, **values)
    [problem] = caught.value.problems
    return problem


# --- code execution ------------------------------------------------------------------------------

def _payloads(mark: Path) -> list[str]:
    """Known sandbox escapes, each tried through every object and callable templates get."""
    touch = f"touch {mark}"
    objects = ["_", "num", "game", "rules", "palette", "sheets", "names", "fills", "edition",
               "colors", "range", "self", "'text'", "(1)", "[]", "{}", "game.items",
               "'{}'.format", "_('Result')", "loop", "ui.blocks", "ui", "caller", "varargs",
               "cycler", "joiner", "namespace", "lipsum", "dict", "config", "request"]
    walks = [
        ".__init__.__globals__['os'].popen('{touch}').read()",
        ".__init__.__globals__.os.system('{touch}')",
        ".__class__.__mro__[-1].__subclasses__()",
        ".__class__.__base__.__subclasses__()",
        ".__self__.__class__.__init__.__globals__",
        ".__func__.__globals__",
        ".func.__globals__['os'].system('{touch}')",
        "._function.__globals__['os'].system('{touch}')",
        ".__call__.__globals__",
        ".__closure__[0].cell_contents",
        ".__globals__.__builtins__.__import__('os').system('{touch}')",
        "|attr('__class__')",
        "|map(attribute='__class__')|list",
        ".environment.globals",
        "._environment.loader",
        ".__dict__",
    ]
    return [f"{{{{ {obj}{walk.format(touch=touch)} }}}}" for obj in objects for walk in walks]


PAYLOAD_WRAPPERS = [
    "{payload}",
    '{{% import "sheet-blocks.xml.j2" as ui with context %}}{payload}',
    "{{% for x in [1] %}}{payload}{{% endfor %}}",
    "{{% macro m() %}}{payload}{{% endmacro %}}{{% call m() %}}x{{% endcall %}}",
]

OTHER_PAYLOADS = [
    "{{ '{0.__class__.__mro__[1].__subclasses__}'.format('') }}",
    "{{ '{0.__init__.__globals__}'.format(_) }}",
    "{{ '%s'.format_map(game) }}",
    "{{ ''.__class__.__mro__[1].__subclasses__()[100]('{touch}', shell=True) }}",
    "{{ game.items.__self__.__class__ }}",
    "{{ (game.items)() }}",
    "{{ game.update({'a': 1}) }}",
    "{{ rules.setdefault('a', 1) }}",
    "{{ game.pop('title') }}",
    "{{ [].append.__self__ }}",
    "{% set x = game.__class__ %}{{ x }}",
    "{{ self._TemplateReference__context.environment }}",
    "{{ num(game) }}",
    "{{ ''|format }}",
    "{{ 'x'|center(10) }}",
    "{{ lipsum(10**9) }}",
    "{% include '/etc/passwd' %}",
    "{% include '../../../../../../etc/passwd' %}",
    "{% import '../templates/t.xml.j2' as x %}",
]


def test_no_known_escape_runs_anything(ctx, tmp_path):
    """Every payload is refused with a clear error naming the template, and creates nothing."""
    mark = tmp_path / MARK
    cases = [w.format(payload=p) for p in _payloads(mark) for w in PAYLOAD_WRAPPERS]
    cases += [p.replace("{touch}", f"touch {mark}") for p in OTHER_PAYLOADS]
    for number, case in enumerate(cases):
        name = f"p{number}.xml.j2"
        try:
            output = render(ctx, case, name)
        except ContentError as err:
            assert all(p.file.name == name for p in err.problems), (case, str(err))
        except UserError as err:
            pytest.fail(f"{case}: a UserError without the template: {err}")
        else:
            assert "class" not in output and "function" not in output, (case, output)
        assert not mark.exists(), case


def test_a_payload_that_creates_a_file_names_its_line(ctx, tmp_path):
    mark = tmp_path / MARK
    problem = problem_of(ctx, "<sheet>\n\n{{ cycler.__init__.__globals__.os.popen('touch "
                         f"{mark}').read() }}}}\n</sheet>")
    assert (problem.file.name, problem.line) == ("t.xml.j2", 3)
    assert not mark.exists()


def test_an_underscore_attribute_is_named_as_not_allowed(ctx):
    problem = problem_of(ctx, "{{ 'text'.__class__ }}")
    assert "not allowed in a template" in problem.message and "__class__" in problem.message


def test_the_functions_handed_over_expose_nothing(ctx):
    """`_` and `num` are wrappers: no __self__, func, __wrapped__ or __globals__ to walk."""
    for name in ("_", "num"):
        for attribute in ("func", "args", "keywords", "__self__", "__func__", "__wrapped__",
                          "__globals__", "__call__", "_function"):
            with pytest.raises(ContentError):
                render(ctx, f"{{{{ {name}.{attribute} }}}}")


def test_only_the_needed_globals_filters_and_tests(ctx):
    env = sheets.environment(ctx.folder)
    assert set(env.globals) == {"range"}
    assert "rich" in env.filters and "join" in env.filters
    for absent in ("attr", "format", "center", "indent", "wordwrap", "batch", "slice", "sum",
                   "replace", "random", "pprint", "tojson", "xmlattr", "urlize", "safe"):
        assert absent not in env.filters
    assert "callable" not in env.tests and "defined" in env.tests


# --- what still works ----------------------------------------------------------------------------

def test_what_the_sheet_templates_use_still_works(ctx):
    text = ("{% set d = {'a': 1, 'b': 2} %}{% for k, v in d.items() %}{{ k }}={{ v }};{% endfor %}"
            "{{ d.get('a') }} {{ 'x{n}y'.format(n=3) }} {{ '-%d' % 5 }} {{ [1, 2]|join(',') }} "
            "{{ (2.345)|round(2) }} {{ num(215.9) }} {{ _('Result') }} {{ 'a' ~ 1 }} "
            "{% for i in range(3) %}{{ loop.index }}{% if not loop.last %},{% endif %}{% endfor %}"
            " {{ 'A b'|upper }} {{ game.title is defined }} {{ none is none }}")
    assert render(ctx, text) == "a=1;b=2;1 x3y -5 1,2 2.35 215.9 Result a1 1,2,3 A B True True"


def test_template_inheritance_and_blocks_work(ctx):
    write(ctx.folder, "<sheet>{% block body %}base{% endblock %}</sheet>", "base.xml.j2")
    assert render(ctx, '{% extends "base.xml.j2" %}{% block body %}{{ super() }}+child'
                       "{% endblock %}") == "<sheet>base+child</sheet>"
    assert render(ctx, "{% macro m() %}[{{ caller() }}]{% endmacro %}{% call m() %}c{% endcall %}"
                       "{% filter upper %}x{% endfilter %}{% with b = 2 %}{{ b }}{% endwith %}"
                       ) == "[c]X2"


def test_content_text_is_written_escaped(ctx):
    assert render(ctx, "{{ x }}|{{ x|rich }}", x="<img src='a'/> & <b>b</b>") == \
        "&lt;img src=&#39;a&#39;/&gt; &amp; &lt;b&gt;b&lt;/b&gt;|" \
        "&lt;img src='a'/&gt; &amp; <b>b</b>"


# --- limits ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, words", [
    ("{% for i in range(10**9) %}x{% endfor %}", "range() of more than"),
    ("{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}{% endfor %}",
     "steps of work"),
    ("{% for i in range(10000) recursive %}{% if loop.depth < 3 %}{{ loop(range(10000)) }}"
     "{% endif %}{% endfor %}", "steps of work"),
    ("{% macro f(n) %}{{ f(n) }}{{ f(n) }}{% endmacro %}{{ f(1) }}", "nested too deeply"),
    ("{% set x = '' %}{% for i in range(10000) %}{% for j in range(10000) %}"
     + "{{ x }}" * 50 + "{% endfor %}{% endfor %}", "steps of work"),
    ("{% macro m() %}{% for i in range(10000) %}{% for j in range(10000) %}"
     + "{% if i %}{% endif %}" * 2000 + "{% endfor %}{% endfor %}{% endmacro %}{{ m() }}",
     "steps of work"),
    ("{{ 'x' * 10**9 }}", "repeated"),
    ("{{ [1] * 10**9 }}", "repeated"),
    ("{{ 10**10**10 }}", "number larger"),
    ("{{ 9**9**9 }}", "number larger"),
    ("{{ '{:>999999999}'.format(1) }}", "format width"),
    ("{{ '{:{w}}'.format(1, w=999999999) }}", "format field inside"),
    ("{{ '%999999999d' % 1 }}", "format width"),
    ("{{ '%*d' % (999999999, 1) }}", "format width"),
    ("{% set s = 'x' * 900000 %}{% set t = s ~ s %}{{ t|length }}", "more than"),
    ("{% set s = 'x' * 900000 %}{% set t = s + s %}{{ t|length }}", "more than"),
    ("{% set b = 'x' * 1000000 %}{% set t = (b,) * 3000 %}{{ ('%s' % {t: 1})|length }}",
     "cannot be written as text"),
    ("{% set b = 'x' * 900000 %}{{ ('%s%s' % (b, b))|length }}", "more than"),
    ("{% set s = 'x' * 900000 %}{{ s }}{{ s }}", "more than"),
    ("{% set s = 'x' * 900000 %}{% macro m() %}{{ s }}{{ s }}{% endmacro %}{{ m()|length }}",
     "more than"),
    ("{% set s = 'x' * 900000 %}{{ [s, s]|join }}", "more than"),
    ("{% set a = [1,1,1,1,1,1,1,1,1,1] %}{% set b = [a,a,a,a,a,a,a,a,a,a] %}"
     "{% set c = [b,b,b,b,b,b,b,b,b,b] %}{% set d = [c,c,c,c,c,c,c,c,c,c] %}"
     "{% set e = [d,d,d,d,d,d,d,d,d,d] %}{{ e|length }}", "more than 100000 values"),
    ("{{ game }}", "cannot be written as text"),
    ("{{ 'a' ~ game }}", "cannot be written as text"),
    ("{{ '%s' % (game,) }}", "cannot be written as text"),
    ("{{ '{}'.format(game) }}", "cannot be written as text"),
    ("{{ game|upper }}", "cannot be written as text"),
    ("{{ game.title.ljust(10**9) }}", "not allowed"),
    ("{{ game.title.replace('', 'x') }}", "not allowed"),
])
def test_huge_work_stops_quickly_with_a_clear_error(ctx, text, words):
    start = time.perf_counter()
    problem = problem_of(ctx, text)
    assert time.perf_counter() - start < 5
    assert words in problem.message, problem.message
    assert problem.file.name == "t.xml.j2" and problem.line == 1


def test_the_real_sheets_stay_well_within_the_step_budget(game):
    """The limits leave the real templates a hundred times the room they need."""
    from forge.kit import context_for

    ctx = context_for(game, "es", "letter")
    env = sheets.environment(None)
    for draw in ("summary-sheet", "rules-reference", "instructions"):
        component = next(c for c in ctx.game["components"] if c["draw"] == draw)
        MAKERS[draw](component, ctx)
        assert env.steps < sandbox.MAX_STEPS / 100, draw


# --- where templates are read from ---------------------------------------------------------------

def test_dot_dot_is_refused_by_the_loader(folder):
    env = sheets.environment(folder)
    for name in ("../game.yaml", "../../etc/passwd", "a/../../x", "/etc/passwd"):
        with pytest.raises(Exception) as caught:
            env.loader.get_source(env, name)
        assert caught.type.__name__ == "TemplateNotFound"


def test_a_link_out_of_the_templates_folder_is_refused(ctx, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside") / "secret.xml.j2"
    outside.write_text("SECRET")
    link = ctx.folder / "templates" / "t.xml.j2"
    link.symlink_to(outside)
    sheets.environment.cache_clear()
    with pytest.raises(ContentError, match="leads outside") as caught:
        sheets.render_markup("t.xml.j2", ctx)
    assert "SECRET" not in str(caught.value)
    assert [p.file for p in sheets.check_templates(ctx.folder)] == [link]


def test_a_linked_templates_folder_is_refused(ctx, tmp_path_factory):
    outside = tmp_path_factory.mktemp("elsewhere")
    (outside / "t.xml.j2").write_text("SECRET")
    (ctx.folder / "templates").rmdir()
    (ctx.folder / "templates").symlink_to(outside, target_is_directory=True)
    sheets.environment.cache_clear()
    with pytest.raises(ContentError, match="leads outside"):
        sheets.render_markup("t.xml.j2", ctx)


def test_a_link_inside_the_templates_folder_is_read(ctx):
    write(ctx.folder, "<sheet>{{ 1 + 1 }}</sheet>", "real.xml.j2")
    (ctx.folder / "templates" / "t.xml.j2").symlink_to("real.xml.j2")
    sheets.environment.cache_clear()
    assert sheets.render_markup("t.xml.j2", ctx) == "<sheet>2</sheet>"


def test_an_import_through_a_link_out_is_refused(ctx, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside2") / "lib.xml.j2"
    outside.write_text("{% macro m() %}SECRET{% endmacro %}")
    (ctx.folder / "templates" / "lib.xml.j2").symlink_to(outside)
    problem = problem_of(ctx, '{% import "lib.xml.j2" as lib %}{{ lib.m() }}')
    assert problem.file.name == "lib.xml.j2" and "leads outside" in problem.message


def test_a_huge_template_is_refused_before_it_is_read_whole(ctx):
    write(ctx.folder, "x" * (sandbox.MAX_TEMPLATE_BYTES + 10))
    with pytest.raises(ContentError, match="too large for a template"):
        sheets.render_markup("t.xml.j2", ctx)


def test_a_template_that_is_not_utf8_names_its_line(ctx):
    path = ctx.folder / "templates" / "t.xml.j2"
    path.write_bytes(b"<sheet>\n\xff</sheet>")
    sheets.environment.cache_clear()
    with pytest.raises(ContentError) as caught:
        sheets.render_markup("t.xml.j2", ctx)
    assert (caught.value.problems[0].line, caught.value.problems[0].message) == \
        (2, "is not UTF-8 text")


def test_a_missing_template_names_the_folders(ctx):
    with pytest.raises(ContentError, match="no sheet template 'nothing.xml.j2'"):
        sheets.render_markup("nothing.xml.j2", ctx)


# --- errors with file and line --------------------------------------------------------------------

@pytest.mark.parametrize("text, line, words", [
    ("<sheet>\n{% for x in %}\n</sheet>", 2, "cannot be read"),
    ("<sheet>\n\n{{ 1|nofilter }}\n</sheet>", 3, "No filter named 'nofilter'"),
    ("<sheet>\n{% if 1 is nothing %}{% endif %}</sheet>", 2, "No test named 'nothing'"),
    ("<sheet>\n{{ game.nothing.more }}\n</sheet>", 2, "has no attribute 'nothing'"),
    ("<sheet>\n\n\n{{ nothing }}</sheet>", 4, "'nothing' is undefined"),
    ("<sheet>\n{{ 1 / 0 }}</sheet>", 2, "ZeroDivisionError"),
    ("<sheet>\n{{ 'a' + 1 }}</sheet>", 2, "TypeError"),
    ("<sheet>\n{% import 'missing.xml.j2' as m %}</sheet>", 2, "no template 'missing.xml.j2'"),
    ("{% if x %}\n", 1, "cannot be read"),
])
def test_template_mistakes_name_file_and_line(ctx, text, line, words):
    problem = problem_of(ctx, text)
    assert (problem.file.name, problem.line) == ("t.xml.j2", line)
    assert words in problem.message, problem.message


def test_a_mistake_in_an_imported_template_names_that_template(ctx):
    write(ctx.folder, "{% macro m() %}\n\n{{ nothing }}{% endmacro %}", "lib.xml.j2")
    problem = problem_of(ctx, '{% import "lib.xml.j2" as lib %}\n{{ lib.m() }}')
    assert (problem.file.name, problem.line) == ("lib.xml.j2", 3)


def test_a_broken_replacement_of_a_shared_template_is_named(game, ctx):
    """A game's own sheet-blocks.xml.j2 replaces forge's for every sheet that imports it."""
    write(ctx.folder, "{% macro blocks(list, compact) %}\n{{ list.nothing }}{% endmacro %}",
          "sheet-blocks.xml.j2")
    component = next(c for c in ctx.game["components"] if c["draw"] == "rules-reference")
    with pytest.raises(ContentError) as caught:
        MAKERS["rules-reference"](component, ctx)
    [problem] = caught.value.problems
    assert (problem.file, problem.line) == (ctx.folder / "templates" / "sheet-blocks.xml.j2", 2)


# --- checking without rendering -------------------------------------------------------------------

def test_check_templates_passes_the_real_templates():
    assert sheets.check_templates(DEFAULT_CONTENT / "tetrarchia") == []
    assert sheets.check_templates(DEFAULT_CONTENT / "conquest-of-the-empire-2") == []


def test_check_templates_reports_every_problem_with_its_line(folder):
    write(folder, "ok {{ 1 }}", "good.xml.j2")
    write(folder, "<sheet>\n{{ x|nofilter }}", "filter.xml.j2")
    write(folder, "{% for %}", "syntax.xml.j2")
    write(folder, "line\n{% import 'gone.xml.j2' as g %}", "imports.xml.j2")
    write(folder, "x" * (sandbox.MAX_TEMPLATE_BYTES + 1), "huge.xml.j2")
    write(folder, "{{ 1 }}", "sub/nested.xml.j2")
    write(folder, "{{ 1 }}", "readme.txt")      # not a template: not checked
    (folder / "templates" / "bad-bytes.xml.j2").write_bytes(b"\xfe")
    problems = {(p.file.name, p.line) for p in sheets.check_templates(folder)}
    assert problems == {("filter.xml.j2", 2), ("syntax.xml.j2", 1), ("imports.xml.j2", 2),
                        ("huge.xml.j2", 0), ("bad-bytes.xml.j2", 1)}


def test_check_templates_reads_a_games_replacement_of_forges_templates(folder):
    write(folder, "{% macro blocks( %}", "sheet-blocks.xml.j2")
    [problem] = sheets.check_templates(folder)
    assert problem.file == folder / "templates" / "sheet-blocks.xml.j2"
    assert set(sandbox.template_files(TEMPLATE_DIR)) <= \
        set(sheets.environment(folder).loader.list_templates())


def test_check_templates_does_not_follow_a_linked_folder_out(folder, tmp_path_factory):
    outside = tmp_path_factory.mktemp("tree")
    (outside / "x.xml.j2").write_text("{{ 1 }}")
    os.symlink(outside, folder / "templates" / "linked", target_is_directory=True)
    sheets.environment.cache_clear()
    assert sheets.check_templates(folder) == []
