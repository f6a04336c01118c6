"""Validate loaded content against the schemas in `forge/schemas/`.

A schema is itself YAML, in a small vocabulary (see docs/content-format.md):

    type: map | dict | list | str | text | id | int | number | bool | enum | color | point | ref |
          art | icon | any
    map:    fields: {name: schema}; a field is required unless it says `optional: true`;
            ordered: [[low, high], ...] (field `low` may not exceed field `high`)
    dict:   keys: schema, values: schema (a mapping whose keys are data, not field names)
    list:   items: schema, min, max, unique: <field of each item> (or true for scalars),
            defines: <collection> (each item's `unique` field becomes an id other files can ref)
    dict:   also defines: <collection> (each key becomes an id), required: [keys that must be there]
    variant: by: <field>, schemas: <folder> (a map field checked by the schema, in
            forge/schemas/<folder>/, named after the value of its sibling field <field>; that
            schema may list `siblings_needed`: fields the enclosing map must then have)
    paint:  a colour '#rrggbb' or a name of the palette (game.yaml)
    int, number: min, max (default: within +-1,000,000)        enum: values
    point:  min, max for each coordinate (default: within +-5,000 mm); within: <top-level point
            field> (the point lies from [0, 0] to that size, e.g. on the board)
    str, text: max length (default 1,000 characters)        ref: to: <collection>
    id:     defines: <collection> (a scalar id that others can ref)
    art:    a path of an art file (.svg, .png, .jpg) relative to the game's folder, inside it
    icon:   a built-in icon's name (an id; one of `values` when given), or an art file in its place
    text:   English text shown to players; it is translated through the game's catalog

Validation collects every problem (not just the first), each with file, line and field path, and
returns the translatable texts it met, so catalogs can be checked against the content.

A game may bring its own schemas in `<game>/schemas/<file>.yaml`: read before the shared schema
of the same name (or making a file name known for that game alone). They come from the game's
folder, so they are read like its content (forge/content.py: bounded, inside the folder) and
checked before use (`game_schemas`): a type forge does not know is a content problem.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from forge.content import Doc, Path_, load_doc
from forge.errors import ContentError, Problem

SCHEMA_DIR = Path(__file__).parent / "schemas"
GAME_SCHEMAS = "schemas"    # the folder of a game's own schemas, inside the game's folder
FORGE_OWN = ("game.yaml",)  # files forge itself reads the fields of: a game cannot reshape them
ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")
COLOR_PATTERN = re.compile(r"^#[0-9a-fA-F]{6}$")
NUMBER_LIMIT = 1_000_000    # no count, cost or size in a game comes near this
POINT_LIMIT = 5_000.0       # mm: five metres, larger than any board
TEXT_LIMIT = 1_000          # characters: the longest real text is a third of this
ID_LIMIT = 64


@dataclass(frozen=True)
class Text:
    """A translatable text met in content: its catalog context and its English msgid."""

    context: str
    english: str
    doc: Path
    line: int
    at: tuple = ()


@dataclass
class Validation:
    """What validating a set of documents found."""

    problems: list[Problem] = field(default_factory=list)
    texts: list[Text] = field(default_factory=list)
    ids: dict[str, dict[str, tuple[Doc, Path_]]] = field(default_factory=dict)
    refs: list[tuple[str, Any, Doc, Path_]] = field(default_factory=list)


@cache
def load_schema(name: str) -> dict:
    """The schema for content files called `name` (e.g. 'board.yaml')."""
    path = SCHEMA_DIR / name
    with path.open(encoding="utf-8") as stream:
        return yaml.safe_load(stream)


def schema_names() -> list[str]:
    """The content file names that have a schema."""
    return sorted(p.name for p in SCHEMA_DIR.glob("*.yaml"))


def validate_docs(docs: list[Doc], schemas: dict[str, dict] | None = None) -> Validation:
    """Validate documents together, so references may cross files.

    `schemas`: a game's own schemas by file name (see game_schemas), used before the shared ones.
    """
    result = Validation()
    own = schemas or {}
    for doc in docs:
        schema = own.get(doc.path.name) or load_schema(doc.path.name)
        _check(doc.data, schema, (), doc, result, doc.path.stem)
    _resolve_refs(result)
    return result


def _resolve_refs(result: Validation) -> None:
    for collection, value, doc, at in result.refs:
        known = result.ids.get(collection, {})
        if value not in known:
            result.problems.append(doc.problem(at, f"unknown {collection} '{value}'"
                                               + _choices(collection, known)))


def _choices(collection: str, known: dict) -> str:
    """The ids a short collection has, to show beside an unknown one (a misspelt id is the
    likeliest mistake)."""
    if not known or len(known) > 20:
        return ""
    return f" (known: {', '.join(sorted(map(str, known)))})"


# --- a game's own schemas ---------------------------------------------------------------------

def game_schemas(folder: Path) -> tuple[dict[str, dict], list[Problem]]:
    """The schemas a game brings in `<folder>/schemas/`, by file name, and their problems.

    Each is read as content of the game's folder (a link out of it, a huge file or odd YAML is a
    problem) and checked against the schema vocabulary; a schema with problems is left out.
    """
    own = Path(folder) / GAME_SCHEMAS
    if not own.is_dir():
        return {}, []
    schemas: dict[str, dict] = {}
    problems: list[Problem] = []
    for path in sorted(own.glob("*.yaml")):
        found = _game_schema_problems(path, folder)
        if isinstance(found, Doc):
            schemas[path.name] = found.data
        else:
            problems += found
    return schemas, problems


def _game_schema_problems(path: Path, folder: Path) -> Doc | list[Problem]:
    """The loaded schema of a game, or the problems that keep it from being used."""
    if path.name in FORGE_OWN:
        return [Problem(path, 0, "", f"forge reads {path.name} itself; its schema is forge's "
                                     f"own (forge/schemas/{path.name})")]
    try:
        doc = load_doc(path, folder)
    except ContentError as err:
        return err.problems
    problems = check_schema(doc)
    return problems or doc


_NEEDS = {"enum": {"values": list}, "ref": {"to": str}, "variant": {"by": str, "schemas": str}}
_SUBSCHEMAS = {"list": ("items",), "dict": ("keys", "values")}
_OPTIONS = {"min": (int, float), "max": (int, float), "unique": (str, bool), "defines": str,
            "required": list, "ordered": list, "optional": bool, "within": str}


def check_schema(doc: Doc) -> list[Problem]:
    """The problems of a schema file: each a place where it does not speak the vocabulary."""
    problems: list[Problem] = []
    _check_node(doc.data, (), doc, problems)
    return problems


def _check_node(node: Any, at: Path_, doc: Doc, problems: list[Problem]) -> None:
    if not isinstance(node, dict):
        problems.append(doc.problem(at, f"a schema is a mapping with a type, found "
                                        f"{_type_name(node)}"))
        return
    kind = node.get("type", "any")
    if kind not in _CHECKERS and kind != "variant":
        problems.append(doc.problem(at + ("type",), f"schema type '{str(kind)[:40]}' is unknown "
                                                    f"(known: {', '.join(_CHECKERS)}, variant)"))
        return
    for key, wanted in _NEEDS.get(kind, {}).items():
        if not isinstance(node.get(key), wanted):
            problems.append(doc.problem(at, f"a schema of type {kind} needs '{key}' "
                                            f"({'a list' if wanted is list else 'text'})"))
    for key, wanted in _OPTIONS.items():
        if key in node and (not isinstance(node[key], wanted) or node[key] is None
                            or (wanted == (int, float) and isinstance(node[key], bool))):
            problems.append(doc.problem(at + (key,), f"'{key}' of a schema cannot be "
                                                     f"{_type_name(node[key])}"))
    if kind == "variant" and node.get("schemas") not in _variant_folders():
        problems.append(doc.problem(at + ("schemas",), f"'{str(node.get('schemas'))[:40]}' is "
                                                       f"not one of: {', '.join(_variant_folders())}"))
    if kind == "map":
        _check_ordered(node.get("ordered", []), at, doc, problems)
    _check_children(node, kind, at, doc, problems)


def _check_ordered(pairs: Any, at: Path_, doc: Doc, problems: list[Problem]) -> None:
    for i, pair in enumerate(pairs if isinstance(pairs, list) else []):
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(f, str) for f in pair)):
            problems.append(doc.problem(at + ("ordered", i), "expected a pair [low, high] of "
                                                             "field names"))


def _check_children(node: dict, kind: str, at: Path_, doc: Doc, problems: list[Problem]) -> None:
    if kind == "map":
        fields = node.get("fields", {})
        if not isinstance(fields, dict):
            problems.append(doc.problem(at + ("fields",), "fields must be a mapping of schemas"))
            return
        for name, sub in fields.items():
            _check_node(sub, at + ("fields", name), doc, problems)
    for key in _SUBSCHEMAS.get(kind, ()):
        if key in node:
            _check_node(node[key], at + (key,), doc, problems)


@cache
def _variant_folders() -> tuple[str, ...]:
    """The folders of forge/schemas/ a variant may choose its schemas from."""
    return tuple(sorted(p.name for p in SCHEMA_DIR.iterdir() if p.is_dir()))


def _check(value: Any, schema: dict, at: Path_, doc: Doc, result: Validation, ctx: str) -> None:
    kind = schema.get("type", "any")
    checker = _CHECKERS.get(kind)
    if checker is None:
        raise ValueError(f"schema type '{kind}' is unknown")  # a bug in forge, not in content
    checker(value, schema, at, doc, result, ctx)


def _fail(doc: Doc, at: Path_, result: Validation, message: str) -> None:
    result.problems.append(doc.problem(at, message))


def _type_name(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if value is None:
        return "nothing"
    return type(value).__name__


def _check_map(value, schema, at, doc, result, ctx):
    if not isinstance(value, dict):
        return _fail(doc, at, result, f"expected a mapping, found {_type_name(value)}")
    fields = schema.get("fields", {})
    for name, sub in fields.items():
        if sub.get("type") == "variant":
            sub = _variant(sub, value, name, at, doc, result)
            if sub is None:
                continue
        if name in value:
            _check(value[name], sub, at + (name,), doc, result, f"{ctx}/{name}")
        elif not sub.get("optional", False):
            _fail(doc, at, result, f"missing required field '{name}'")
    for name in value:
        if name not in fields:
            known = ", ".join(fields)
            _fail(doc, at + (name,), result, f"unknown field '{name}' (known fields: {known})")
    for low, high in schema.get("ordered", []):
        if _is_number(value.get(low)) and _is_number(value.get(high)) and value[low] > value[high]:
            _fail(doc, at + (low,), result, f"{low} ({value[low]}) is more than {high} "
                                            f"({value[high]})")


def _variant(schema: dict, value: dict, name: str, at, doc, result) -> dict | None:
    """The schema of a variant field, chosen by its sibling field (None: none applies)."""
    choice = value.get(schema["by"])
    known = variant_names(schema["schemas"])
    if not isinstance(choice, str) or choice not in known:
        _fail(doc, at + (schema["by"],), result, f"'{str(choice)[:40]}' is not one of: "
                                                 f"{', '.join(known)}")
        return None
    sub = dict(load_schema(f"{schema['schemas']}/{choice}.yaml"))
    sub["optional"] = schema.get("optional", False)
    for needed in sub.pop("siblings_needed", []):
        if needed not in value:
            _fail(doc, at, result, f"with {schema['by']}: {choice}, the field '{needed}' is "
                                   f"required")
    return sub


@cache
def variant_names(folder: str) -> tuple[str, ...]:
    """The names of the schemas in forge/schemas/<folder>/."""
    return tuple(sorted(p.stem for p in (SCHEMA_DIR / folder).glob("*.yaml")))


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _check_dict(value, schema, at, doc, result, ctx):
    if not isinstance(value, dict):
        return _fail(doc, at, result, f"expected a mapping, found {_type_name(value)}")
    for key in schema.get("required", []):
        if key not in value:
            _fail(doc, at, result, f"must have an entry '{key}'")
    for key, item in value.items():
        if "keys" in schema:
            _check(key, schema["keys"], at + (key,), doc, result, ctx)
        if "defines" in schema and isinstance(key, str):
            _define(schema["defines"], key, doc, at + (key,), result)
        _check(item, schema.get("values", {}), at + (key,), doc, result, f"{ctx}/{key}")


def _check_list(value, schema, at, doc, result, ctx):
    if not isinstance(value, list):
        return _fail(doc, at, result, f"expected a list, found {_type_name(value)}")
    low, high = schema.get("min"), schema.get("max")
    if low is not None and len(value) < low:
        _fail(doc, at, result, f"needs at least {low} entries, has {len(value)}")
    if high is not None and len(value) > high:
        _fail(doc, at, result, f"allows at most {high} entries, has {len(value)}")
    unique = schema.get("unique")
    seen: dict[Any, int] = {}
    for i, item in enumerate(value):
        key = _unique_key(item, unique)
        item_ctx = f"{ctx}/{key if isinstance(key, str) else i}"
        _check(item, schema.get("items", {}), at + (i,), doc, result, item_ctx)
        if unique is None or key is None:
            continue
        if key in seen:
            _fail(doc, at + (i,), result, f"duplicate id '{key}' (first at entry {seen[key]})")
        else:
            seen[key] = i
            if "defines" in schema:
                _define(schema["defines"], key, doc, at + (i,), result)


def _unique_key(item: Any, unique: Any) -> Any:
    if unique is True:
        return item if isinstance(item, (str, int)) else None
    if isinstance(unique, str) and isinstance(item, dict):
        key = item.get(unique)
        return key if isinstance(key, (str, int)) else None
    return None


def _define(collection: str, key: Any, doc: Doc, at: Path_, result: Validation) -> None:
    known = result.ids.setdefault(collection, {})
    if key in known:
        first_doc, first_at = known[key]
        where = f"{first_doc.path.name}:{first_doc.line(first_at)}"
        _fail(doc, at, result, f"duplicate {collection} '{key}' (already defined at {where})")
    else:
        known[key] = (doc, at)


def _check_str(value, schema, at, doc, result, ctx) -> bool:
    if not isinstance(value, str) or not value.strip():
        _fail(doc, at, result, f"expected text, found {_type_name(value)}")
        return False
    limit = schema.get("max", TEXT_LIMIT)
    if len(value) > limit:
        _fail(doc, at, result, f"is {len(value):,} characters long; at most {limit:,} fit")
        return False
    return True


def _check_text(value, schema, at, doc, result, ctx):
    if not _check_str(value, schema, at, doc, result, ctx):
        return
    place = doc.problem(at, "")         # a card list's row, for cards merged from one
    result.texts.append(Text(ctx, value, place.file, place.line, tuple(at)))


def _check_id(value, schema, at, doc, result, ctx):
    if not isinstance(value, str) or not ID_PATTERN.match(value) or len(value) > ID_LIMIT:
        shown = value[:ID_LIMIT] if isinstance(value, str) else _type_name(value)
        return _fail(doc, at, result, f"'{shown}' is not an id (letters, digits, - _ .)")
    if "defines" in schema:
        _define(schema["defines"], value, doc, at, result)


def _check_number(value, schema, at, doc, result, ctx, integer=False):
    ok = isinstance(value, int) if integer else isinstance(value, (int, float))
    if isinstance(value, bool) or not ok:
        wanted = "a whole number" if integer else "a number"
        return _fail(doc, at, result, f"expected {wanted}, found {_type_name(value)}")
    _check_range(value, schema.get("min", -NUMBER_LIMIT), schema.get("max", NUMBER_LIMIT),
                 at, doc, result)


def _check_range(value, low, high, at, doc, result) -> None:
    if isinstance(value, float) and not math.isfinite(value):
        _fail(doc, at, result, f"{value} is not a finite number")
    elif value < low:
        _fail(doc, at, result, f"{value} is below the minimum {low}")
    elif value > high:
        _fail(doc, at, result, f"{value} is above the maximum {high}")


def _check_int(value, schema, at, doc, result, ctx):
    _check_number(value, schema, at, doc, result, ctx, integer=True)


def _check_bool(value, schema, at, doc, result, ctx):
    if not isinstance(value, bool):
        _fail(doc, at, result, f"expected true or false, found {_type_name(value)}")


def _check_enum(value, schema, at, doc, result, ctx):
    values = schema["values"]
    if not isinstance(value, (str, int, float, bool)) or value not in values:
        allowed = ", ".join(str(v) for v in values)
        shown = str(value)[:40] if isinstance(value, (str, int, float, bool)) else _type_name(value)
        _fail(doc, at, result, f"'{shown}' is not one of: {allowed}")


def _check_color(value, schema, at, doc, result, ctx):
    if not isinstance(value, str) or not COLOR_PATTERN.match(value):
        shown = value[:40] if isinstance(value, str) else _type_name(value)
        _fail(doc, at, result, f"'{shown}' is not a colour like '#a1b2c3'")


def _check_point(value, schema, at, doc, result, ctx):
    if not isinstance(value, list) or len(value) != 2 or not all(map(_is_number, value)):
        return _fail(doc, at, result, "expected a point [x, y] in millimetres")
    for i, coordinate in enumerate(value):
        _check_range(coordinate, schema.get("min", -POINT_LIMIT), schema.get("max", POINT_LIMIT),
                     at + (i,), doc, result)
    if "within" in schema:
        _check_within(value, schema["within"], at, doc, result)


def _check_within(value: list, field: str, at: tuple, doc, result) -> None:
    """A point that places something on a surface lies on it: inside the point `field` of the
    document's top level (a board's size), from [0, 0]."""
    box = doc.data.get(field) if isinstance(doc.data, dict) else None
    if not isinstance(box, list) or len(box) != 2 or not all(map(_is_number, box)):
        return                      # the size itself is reported where it is
    if not (0 <= value[0] <= box[0] and 0 <= value[1] <= box[1]):
        _fail(doc, at, result, f"[{value[0]:g}, {value[1]:g}] lies off the {box[0]:g} x "
                               f"{box[1]:g} mm of '{field}'")


def _check_ref(value, schema, at, doc, result, ctx):
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        return _fail(doc, at, result, f"expected an id, found {_type_name(value)}")
    result.refs.append((schema["to"], value, doc, at))


def _check_paint(value, schema, at, doc, result, ctx):
    if isinstance(value, str) and COLOR_PATTERN.match(value):
        return
    if not isinstance(value, str) or not ID_PATTERN.match(value):
        shown = value[:40] if isinstance(value, str) else _type_name(value)
        return _fail(doc, at, result, f"'{shown}' is not a colour ('#a1b2c3' or a name of "
                                      f"the palette)")
    result.refs.append(("colour", value, doc, at))


def _check_any(value, schema, at, doc, result, ctx):
    pass


def _check_art(value, schema, at, doc, result, ctx):
    """A path, relative to the game's folder, of an art file there (forge.pictures)."""
    from forge.pictures import PictureError, checked_relative

    if not _check_str(value, schema, at, doc, result, ctx):
        return
    try:
        relative = checked_relative(value, "")
    except PictureError as err:
        return _fail(doc, at, result, str(err).removeprefix(": "))
    path = doc.path.parent / relative
    if not path.is_file():
        _fail(doc, at, result, f"art file '{value}' not found in {doc.path.parent}")


def _check_icon(value, schema, at, doc, result, ctx):
    """A built-in icon's name, or an art file of the game standing in its place."""
    from forge.pictures import is_picture

    if isinstance(value, str) and is_picture(value):
        return _check_art(value, schema, at, doc, result, ctx)
    if "values" in schema:
        return _check_enum(value, schema, at, doc, result, ctx)
    _check_id(value, schema, at, doc, result, ctx)


_CHECKERS = {
    "map": _check_map, "dict": _check_dict, "list": _check_list, "str": _check_str,
    "text": _check_text, "id": _check_id, "int": _check_int, "number": _check_number,
    "bool": _check_bool, "enum": _check_enum, "color": _check_color, "point": _check_point,
    "ref": _check_ref, "paint": _check_paint, "any": _check_any, "art": _check_art,
    "icon": _check_icon,
}
