"""Every piece maker's `style` has a schema (forge/schemas/styles/<maker>.yaml), so a bad style
value is a content error naming game.yaml, its line and field, and a style that passes the schema
never crashes a maker: it is drawn, or refused with a UserError naming the component."""
from __future__ import annotations

import copy
import io
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

from forge.errors import ContentError, UserError
from forge.games import DEFAULT_CONTENT, load_game
from forge.kit import make_components, make_context
from forge.render import icons, load_makers
from forge.render.sheets import TEMPLATE_DIR
from forge.schema import SCHEMA_DIR, load_schema, variant_names

GAMES = ("conquest-of-the-empire-2", "demo", "tetrarchia")
TEMPLATES = tuple(sorted({p.name for p in TEMPLATE_DIR.glob("*.j2")}
                         | {p.name for p in DEFAULT_CONTENT.glob("*/templates/*.j2")}))


def style_schema(draw: str) -> dict:
    return load_schema(f"styles/{draw}.yaml")


def read_game(content: Path, game_id: str) -> dict:
    with (content / game_id / "game.yaml").open(encoding="utf-8") as stream:
        return yaml.safe_load(stream)


def write_game(content: Path, game_id: str, game: dict) -> None:
    text = yaml.safe_dump(game, sort_keys=False, allow_unicode=True, width=1000)
    (content / game_id / "game.yaml").write_text(text, encoding="utf-8")


# --- one schema per maker -----------------------------------------------------------------------

def test_every_maker_has_a_style_schema_and_every_schema_a_maker():
    assert set(load_makers()) == set(variant_names("styles"))


@pytest.mark.parametrize("draw", variant_names("styles"))
def test_a_style_schema_is_a_map_of_commented_fields(draw):
    schema = style_schema(draw)
    assert schema["type"] == "map" and isinstance(schema["fields"], dict)
    text = (SCHEMA_DIR / "styles" / f"{draw}.yaml").read_text(encoding="utf-8")
    lines = text.splitlines()
    for name in schema["fields"]:
        k = next(k for k, line in enumerate(lines) if line.strip().startswith(f"{name}:"))
        commented = "#" in lines[k] or lines[k - 1].strip().startswith("#")
        assert commented, f"{draw}.yaml: field '{name}' has no comment saying what it does"


def _icon_enums(schema: dict):
    for name, sub in schema.get("fields", {}).items():
        if name == "icon":
            yield sub
        if sub.get("type") == "map":
            yield from _icon_enums(sub)


@pytest.mark.parametrize("draw", variant_names("styles"))
def test_icon_fields_list_exactly_the_icons_forge_draws(draw):
    for icon in _icon_enums(style_schema(draw)):
        assert icon["type"] == "icon" and icon["values"] == list(icons.ICONS)


def test_an_unknown_maker_is_a_content_error(content_copy):
    game = read_game(content_copy, "demo")
    game["components"][-1]["draw"] = "sundial"
    write_game(content_copy, "demo", game)
    with pytest.raises(ContentError) as caught:
        load_game(content_copy, "demo")
    assert any(p.field.endswith(".draw") and "'sundial' is not one of" in p.message
               for p in caught.value.problems)


# --- mutated styles of the real components are refused ------------------------------------------

WRONG_TYPE = {"str": [1], "enum": [1], "paint": [1], "id": [1], "ref": [1], "icon": [1], "int": "many",
              "number": "many", "bool": "yes", "list": "many", "map": "many"}


def _mutations(kind: str, schema: dict, style: dict, at: str):
    """(field, value, path) for every field of a style schema that mutation `kind` applies to;
    nested maps (back_style) are entered, except by 'wrong-type', which replaces them whole."""
    for name, sub in schema["fields"].items():
        path, low, high = f"{at}.{name}", sub.get("min"), sub.get("max")
        if sub["type"] == "map" and kind != "wrong-type":
            inner = dict(style.get(name) or {})
            changes = list(_mutations(kind, sub, inner, path))
            for field, value, where in changes:
                inner[field] = value
            if changes:
                yield name, inner, None
                yield from ((None, None, where) for _, _, where in changes)
        elif kind == "wrong-type":
            yield name, copy.deepcopy(WRONG_TYPE[sub["type"]]), path   # no YAML aliases
        elif kind == "unknown-colour" and sub["type"] == "paint":
            yield name, "no-such-colour", path
        elif kind == "too-small" and sub["type"] == "int":
            yield name, low - 1, path
        elif kind == "too-large" and sub["type"] == "int":
            yield name, high + 1, path
        elif kind == "too-long" and sub["type"] == "str":
            yield name, "x" * (high + 1), path
        elif kind == "too-long" and sub["type"] == "list":
            yield name, [str(i) for i in range(high + 1)], path


def _mutate(game: dict, kind: str) -> list[str]:
    """Apply mutation `kind` to the style of every component; the field paths it must refuse."""
    expected = []
    for i, component in enumerate(game["components"]):
        at, style = f"components[{i}].style", dict(component.get("style") or {})
        schema = style_schema(component["draw"])
        if kind == "unknown-field":
            style["no_such_field"] = 1
            expected.append(f"{at}.no_such_field")
        elif kind == "list-not-map":
            style = [style]
            expected.append(at)
        else:
            for field, value, path in _mutations(kind, schema, style, at):
                if field is not None:
                    style[field] = value
                if path is not None:
                    expected.append(path)
        component["style"] = style
    return expected


KINDS = ("wrong-type", "unknown-colour", "too-small", "too-large", "too-long", "unknown-field",
         "list-not-map")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("game_id", GAMES)
def test_a_mutated_style_is_refused_naming_file_line_and_field(content_copy, game_id, kind):
    game = read_game(content_copy, game_id)
    expected = _mutate(game, kind)
    if not expected:
        pytest.skip(f"no style of {game_id} has a field that mutation {kind} applies to")
    write_game(content_copy, game_id, game)
    with pytest.raises(ContentError) as caught:
        load_game(content_copy, game_id)
    lines = (content_copy / game_id / "game.yaml").read_text(encoding="utf-8").splitlines()
    found = {p.field: p for p in caught.value.problems}
    for path in expected:
        assert path in found, f"{kind}: nothing said about {path}:\n{caught.value}"
        problem = found[path]
        assert problem.file.name == "game.yaml" and problem.line > 0
        key = path.rsplit(".", 1)[-1].split("[")[0]
        near = lines[problem.line - 2:problem.line]        # a block value starts below its key
        assert any(f"{key}:" in line for line in near), (path, problem.line, near)
        if kind == "unknown-colour":
            assert "unknown colour 'no-such-colour'" in problem.message


# --- a style that passes the schema never crashes its maker -------------------------------------

def _hostile():
    """Values of every wrong kind: nothing, a truth value, huge and odd numbers, lists, maps."""
    return st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12),
                     st.floats(allow_nan=True, allow_infinity=True),
                     st.sampled_from(["", " ", "nope", "#12345", "#zzzzzz", "-1", "1e400"]),
                     st.lists(st.integers(-3, 300), max_size=7),
                     st.dictionaries(st.sampled_from(["a", "fill"]), st.integers(), max_size=2))


def _text(limit: int):
    words = st.sampled_from(["I", "VI", "10", "0", "icon:coin", "icon:blank", "icon:nope",
                             "MMMDCCCLXXXVIII", "W" * 30, "ß", "¡Ave!", "\u200b"])
    printable = st.characters(blacklist_categories=("Cs", "Cc"))
    return st.one_of(words, st.text(printable, min_size=1, max_size=limit)).filter(
        lambda s: len(s) <= limit + 2)      # now and then a little too long: refused


def _valid(schema: dict, name: str, game: dict):
    """Values the schema accepts (mostly), for one field."""
    kind = schema["type"]
    colours = sorted(game.get("palette", {})) + [e["id"] for e in game.get("emperors") or []]
    if kind == "map":
        fields = schema["fields"]
        if not game.get("emperors"):      # a game without emperors: no emperor to name
            fields = {k: v for k, v in fields.items() if v.get("to") != "emperor"}
        required = {k: _field(v, k, game) for k, v in fields.items() if not v.get("optional")}
        optional = {k: _field(v, k, game) for k, v in fields.items() if v.get("optional")}
        return st.fixed_dictionaries(required, optional=optional)
    if kind == "paint":
        return st.sampled_from(colours + ["#000000", "#ffffff", "#8a2be2", "nope"])
    if kind == "ref":
        return st.sampled_from([e["id"] for e in game.get("emperors") or []] + ["nobody"])
    if kind == "enum":
        return st.sampled_from(schema["values"])
    if kind == "icon":      # a built-in icon, or art files: missing, leaving the folder, not art
        return st.sampled_from(schema["values"] + ["art/none.svg", "../x.svg", "/etc/x.png",
                                                   "art/x.txt"])
    if kind == "int":
        low, high = schema.get("min", -10**6), schema.get("max", 10**6)
        return st.one_of(st.integers(low, min(high, low + 12)), st.integers(low, high))
    if kind == "bool":
        return st.booleans()
    if kind == "id":
        return st.sampled_from(["dice", "seasons", "nope", "cards"])
    if kind == "list":
        return st.lists(_valid(schema["items"], name, game), min_size=schema.get("min", 0),
                        max_size=schema.get("max", 8))
    if kind == "str" and name == "template":
        return st.sampled_from(TEMPLATES + ("nope.xml.j2", "../game.yaml", ".", "templates"))
    if kind == "str":
        return _text(schema.get("max", 40))
    raise AssertionError(f"no strategy for schema type {kind}")


def _field(schema: dict, name: str, game: dict):
    valid = _valid(schema, name, game)
    return _mostly(valid, _hostile(), 10)


def _mostly(usual, rare, one_in: int):
    """`usual`, or `rare` one time in `one_in` (shrinking towards `usual`)."""
    return st.sampled_from(range(one_in)).flatmap(lambda k: rare if k == one_in - 1 else usual)


def _style(component: dict, game: dict):
    """No style, a style built from the component's schema (mostly valid values, sometimes a
    stray field), or a value of the wrong kind."""
    schema = style_schema(component["draw"])
    stray = _mostly(st.just({}), st.just({"stray": 1}), 12)
    mapping = st.builds(lambda a, b: {**a, **b}, _valid(schema, "style", game), stray)
    return _mostly(mapping, st.one_of(st.none(), _hostile()), 6)


def _styles(game: dict):
    """The game's own styles, one component's replaced by a generated one: a single changed
    component most often passes the schema, so its maker gets to run."""
    components = game["components"]
    return st.integers(0, len(components) - 1).flatmap(
        lambda i: _style(components[i], game).map(
            lambda style: [style if k == i else c.get("style") for k, c in enumerate(components)]))


def _draw_pieces(components) -> None:
    """Draw both faces of the first piece of each component, as the PDF writer would."""
    canvas = Canvas(io.BytesIO())
    for component in components:
        for piece in component.pieces[:1]:
            for face in (piece.draw, piece.back):
                if face is not None:
                    canvas.saveState()
                    face(canvas)
                    canvas.restoreState()


def _fuzz(content: Path, game_id: str, original: dict, styles: list, only=None) -> None:
    game = dict(original, components=[dict(c) for c in original["components"]])
    for component, style in zip(game["components"], styles):
        component.pop("style", None)
        if style is not None:
            component["style"] = style
    write_game(content, game_id, game)
    try:
        ctx = make_context(game_id, "en", "a4", content)
    except ContentError:
        return                  # refused at validation, with file, line and field
    try:
        _draw_pieces(make_components(ctx, only=only))
    except UserError:
        pass                    # refused by the maker, naming the component


FUZZ = settings(max_examples=60, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow, HealthCheck.data_too_large])
DEMO = yaml.safe_load((DEFAULT_CONTENT / "demo" / "game.yaml").read_text(encoding="utf-8"))
CONQUEST = yaml.safe_load((DEFAULT_CONTENT / "conquest-of-the-empire-2" / "game.yaml")
                          .read_text(encoding="utf-8"))
LIGHT_MAKERS = ("disc", "die-net", "track", "season-track", "alliance-chart", "standee")


@FUZZ
@given(styles=_styles(DEMO))
def test_demo_styles_that_pass_the_schema_never_crash_a_maker(content_copy, styles):
    _fuzz(content_copy, "demo", DEMO, styles)


@settings(FUZZ, max_examples=40)
@given(styles=_styles(CONQUEST))
def test_conquest_styles_that_pass_the_schema_never_crash_a_maker(content_copy, styles):
    _fuzz(content_copy, "conquest-of-the-empire-2", CONQUEST, styles, only=LIGHT_MAKERS)
