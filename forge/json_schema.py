"""JSON Schema (draft 2020-12) of the content files, made from forge's own schemas.

An editor that knows JSON Schema (VS Code with the Red Hat YAML extension, or any editor speaking
to yaml-language-server) then checks a game's YAML as it is typed, completes field names and
shows each field's comment. The JSON schemas are made from forge/schemas/*.yaml (and a game's
own schemas), never written by hand, so they always say what `forge validate` says about the
shape of a file: types, required and unknown fields, ranges, lengths, ids, colours, and the
style of each maker (chosen by the component's `draw`). Only keywords that mean the same in
draft-07 are used, since the YAML extension's checker is a draft-07 one.

What JSON Schema cannot say is left to `forge validate`: that an id names something defined
elsewhere (`ref`, `paint` names), that ids are unique in a list, and ordered pairs of fields.
"""
from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import yaml

from forge import schema as forge_schema
from forge.errors import ContentError
from forge.safefs import read_inside
from forge.schema import (
    COLOR_PATTERN,
    ID_LIMIT,
    ID_PATTERN,
    NUMBER_LIMIT,
    POINT_LIMIT,
    TEXT_LIMIT,
)

DRAFT = "https://json-schema.org/draft/2020-12/schema"
SUFFIX = ".schema.json"
NOT_BLANK = r"\S"               # forge refuses a text that is empty or only spaces
PAINT_PATTERN = f"{COLOR_PATTERN.pattern}|{ID_PATTERN.pattern}"
ART_PATTERN = ("^(?![/\\\\]|[A-Za-z]:)"                  # relative: no leading '/', '\\', drive
               "(?!.*\\\\)(?!(.*/)?\\.\\.(/|$))"          # '/' between folders, no '..'
               ".*\\.([Ss][Vv][Gg]|[Pp][Nn][Gg]|[Jj][Pp][Ee]?[Gg])$")
TEXT_NOTE = "English text shown to players, translated through the game's catalogs."


def json_name(content_name: str) -> str:
    """The file name of the JSON schema of a content file ('cards.yaml' -> 'cards.schema.json')."""
    return Path(content_name).stem + SUFFIX


def document_schema(content_name: str, schema: dict, notes: dict[tuple, str]) -> dict:
    """The JSON schema of a whole content file named `content_name`, from its forge schema and
    the comments of the schema's file (see comments), which become descriptions."""
    about = notes.get((), f"A game's {content_name}.")
    top = {"$schema": DRAFT, "title": content_name,
           "description": f"{about}\n\nMade by 'forge schema' from forge's own schema; "
                          f"'forge validate' checks the rest."}
    return top | convert(annotated(schema, notes))


def content_schemas(game_folder: Path | None = None) -> dict[str, dict]:
    """The JSON schema of every content file forge knows, by content file name; with a game's
    folder, the game's own schemas too, in place of forge's of the same name (ContentError when
    one of them is broken)."""
    own = _own_schemas(game_folder) if game_folder is not None else {}
    names = sorted({*forge_schema.schema_names(), *own})
    return {name: document_schema(name, as_written(name, own[name] if name in own else
                                                   forge_schema.load_schema(name)),
                                  _notes(name, game_folder if name in own else None))
            for name in names}


def as_written(name: str, schema: dict) -> dict:
    """The schema of a content file as it is on disk: a deck of cards.yaml may leave out its
    `cards`, which then come from a card list (cards.csv, cards.xlsx; forge/card_lists.py)."""
    try:
        cards = schema["fields"]["decks"]["items"]["fields"]["cards"]
    except (KeyError, TypeError):
        return schema
    if name != "cards.yaml" or cards.get("optional"):
        return schema
    written = json.loads(json.dumps(schema))
    written["fields"]["decks"]["items"]["fields"]["cards"]["optional"] = True
    return written


def _own_schemas(game_folder: Path) -> dict[str, dict]:
    own, problems = forge_schema.game_schemas(game_folder)
    if problems:
        raise ContentError(problems)
    return own


def _notes(name: str, game_folder: Path | None) -> dict[tuple, str]:
    """The comments of a schema file: forge's own, or a game's (read as the game's content is)."""
    if game_folder is None:
        return _forge_notes(name)
    path = Path(game_folder) / forge_schema.GAME_SCHEMAS / name
    return comments(read_inside(path, Path(game_folder)).decode("utf-8"))


@cache
def _forge_notes(name: str) -> dict[tuple, str]:
    return comments((forge_schema.SCHEMA_DIR / name).read_text(encoding="utf-8"))


def convert(schema: dict) -> dict:
    """The JSON schema of one node of forge's schema vocabulary (forge/schema.py); a node's
    `description` (see annotated) is carried over."""
    kind = schema.get("type", "any")
    converted = _CONVERTERS[kind](schema)
    about = [schema["description"]] if "description" in schema else []
    if kind == "text":
        about.append(TEXT_NOTE)
    if about:
        converted["description"] = " ".join(about)
    return converted


# --- comments as descriptions ------------------------------------------------------------------

_COMMENT = re.compile(r"(?:^|\s)(#)\s?(.*)$")
_SUBSCHEMAS = ("items", "keys", "values")


def annotated(schema: dict, notes: dict[tuple, str], at: tuple = ()) -> dict:
    """A copy of a forge schema whose nodes carry the comments written beside them in their file
    (`notes`, by path of keys; see comments) as `description`."""
    copied = {}
    for key, value in schema.items():
        if key == "fields" and isinstance(value, dict):
            value = {name: annotated(sub, notes, at + (key, name)) if isinstance(sub, dict)
                     else sub for name, sub in value.items()}
        elif key in _SUBSCHEMAS and isinstance(value, dict):
            value = annotated(value, notes, at + (key,))
        copied[key] = value
    if at and at in notes:
        copied["description"] = notes[at]
    return copied


def comments(text: str) -> dict[tuple, str]:
    """The comment of each key of a YAML file, by its path of keys (() for the file's own
    comment, its first lines): the comment lines just above the key, as indented as it, then
    the comment ending its line and the comment lines below that continue it."""
    lines = text.splitlines()
    found = {(): _lines_above(lines, _first_key_row(lines), 0, "\n")} if lines else {}
    root = yaml.compose(text, Loader=yaml.SafeLoader) if text.strip() else None
    _collect(root, (), lines, found)
    return {at: note for at, note in found.items() if note}


def _first_key_row(lines: list[str]) -> int:
    return next((row for row, line in enumerate(lines)
                 if line.strip() and not line.lstrip().startswith("#")), len(lines))


def _collect(node, at: tuple, lines: list[str], found: dict) -> None:
    """Walk the mappings (an alias's too, under its own path: schemas reuse parts that way)."""
    if not isinstance(node, yaml.MappingNode):
        return
    for key, value in node.value:
        path = at + (key.value,)
        row, column = key.start_mark.line, key.start_mark.column
        if lines[row][:column].strip() in ("", "-"):        # the first key of its line
            found[path] = " ".join(filter(None, (_lines_above(lines, row, column),
                                                 _line_end(lines, row))))
        _collect(value, path, lines, found)


def _lines_above(lines: list[str], row: int, column: int, joint: str = " ") -> str:
    above = []
    while row > 0 and lines[row - 1].lstrip().startswith("#") and \
            len(lines[row - 1]) - len(lines[row - 1].lstrip()) == column:
        row -= 1
        above.insert(0, lines[row].strip().lstrip("#").strip())
    return joint.join(above)


def _line_end(lines: list[str], row: int) -> str:
    match = _COMMENT.search(lines[row])
    if match is None:
        return ""
    words = [match.group(2).strip()]
    for line in lines[row + 1:]:
        if not line.lstrip().startswith("#") or line.index("#") != match.start(1):
            break
        words.append(line.strip().lstrip("#").strip())
    return " ".join(words)


def _map(schema: dict) -> dict:
    properties, required, conditions = {}, [], []
    for name, sub in schema.get("fields", {}).items():
        if sub.get("type") == "variant":
            properties[name] = {"description": sub["description"]} if "description" in sub else {}
            conditions += _variant_conditions(name, sub)
        else:
            properties[name] = convert(sub)
        if not sub.get("optional", False):
            required.append(name)
    converted = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        converted["required"] = required
    if conditions:
        converted["allOf"] = conditions
    return converted


def _variant_conditions(name: str, schema: dict) -> list[dict]:
    """What a variant field says as JSON Schema: its sibling `by` names one of the schemas of
    its folder, and each of those schemas applies when `by` names it (with the sibling fields
    it needs)."""
    by, folder = schema["by"], schema["schemas"]
    names = list(forge_schema.variant_names(folder))
    conditions = [{"required": [by], "properties": {by: {"enum": names}}}]
    for choice in names:
        sub = forge_schema.load_schema(f"{folder}/{choice}.yaml")
        notes = _forge_notes(f"{folder}/{choice}.yaml")
        then = {"properties": {name: convert(annotated(sub, notes) | _about(notes))}}
        if sub.get("siblings_needed"):
            then["required"] = list(sub["siblings_needed"])
        conditions.append({"if": {"properties": {by: {"const": choice}}, "required": [by]},
                           "then": then})
    return conditions


def _about(notes: dict[tuple, str]) -> dict:
    """The description of a whole schema file: its first comment."""
    return {"description": notes[()]} if () in notes else {}


def _dict(schema: dict) -> dict:
    converted = {"type": "object", "additionalProperties": convert(schema.get("values", {}))}
    if "keys" in schema:
        converted["propertyNames"] = _key(schema["keys"])
    if schema.get("required"):
        converted["required"] = list(schema["required"])
    return converted


def _key(schema: dict) -> dict:
    """A dict's keys: JSON object keys are always text, so only a text's rules carry over."""
    converted = convert(schema)
    return converted if converted.get("type") == "string" else {}


def _list(schema: dict) -> dict:
    converted = {"type": "array", "items": convert(schema.get("items", {}))}
    if "min" in schema:
        converted["minItems"] = schema["min"]
    if "max" in schema:
        converted["maxItems"] = schema["max"]
    if schema.get("unique") is True:
        converted["uniqueItems"] = True
    return converted


def _str(schema: dict) -> dict:
    return {"type": "string", "pattern": NOT_BLANK, "maxLength": schema.get("max", TEXT_LIMIT)}


def _id(schema: dict) -> dict:
    return {"type": "string", "pattern": ID_PATTERN.pattern, "maxLength": ID_LIMIT}


def _number(schema: dict, kind: str = "number") -> dict:
    return {"type": kind, "minimum": schema.get("min", -NUMBER_LIMIT),
            "maximum": schema.get("max", NUMBER_LIMIT)}


def _int(schema: dict) -> dict:
    return _number(schema, "integer")


def _bool(schema: dict) -> dict:
    return {"type": "boolean"}


def _enum(schema: dict) -> dict:
    return {"enum": list(schema["values"])}


def _color(schema: dict) -> dict:
    return {"type": "string", "pattern": COLOR_PATTERN.pattern}


def _paint(schema: dict) -> dict:
    return {"type": "string", "pattern": PAINT_PATTERN}


def _point(schema: dict) -> dict:
    coordinate = {"type": "number", "minimum": schema.get("min", -POINT_LIMIT),
                  "maximum": schema.get("max", POINT_LIMIT)}
    return {"type": "array", "items": coordinate, "minItems": 2, "maxItems": 2}


def _ref(schema: dict) -> dict:
    return {"type": ["string", "integer"]}


def _any(schema: dict) -> dict:
    return {}


def _art(schema: dict) -> dict:
    """An art file: a relative path with '/', inside the game's folder, of an SVG, PNG or JPEG."""
    return {"type": "string", "pattern": ART_PATTERN, "maxLength": schema.get("max", TEXT_LIMIT)}


def _icon(schema: dict) -> dict:
    """A built-in icon (one of `values` when given, else any id) or an art file in its place."""
    builtin = _enum(schema) if "values" in schema else _id(schema)
    return {"anyOf": [builtin, _art(schema)]}


_CONVERTERS = {
    "map": _map, "dict": _dict, "list": _list, "str": _str, "text": _str, "id": _id,
    "int": _int, "number": _number, "bool": _bool, "enum": _enum, "color": _color,
    "point": _point, "ref": _ref, "paint": _paint, "any": _any, "art": _art, "icon": _icon,
}


def write_schemas(out: Path, schemas: dict[str, dict]) -> list[Path]:
    """Write each JSON schema into `out` as <stem>.schema.json; return the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for content_name, converted in schemas.items():
        path = out / json_name(content_name)
        path.write_text(json.dumps(converted, indent=2, ensure_ascii=False) + "\n",
                        encoding="utf-8")
        written.append(path)
    return written


def write_readme(out: Path, names: list[str]) -> Path:
    """Write README.md into `out`: what the schemas of the content files `names` are and how an
    editor uses them."""
    from forge import __version__

    folder = out.resolve()
    settings = {"yaml.schemas": {(folder / json_name(n)).as_posix(): f"**/{n}" for n in names}}
    rows = "\n".join(f"| `{json_name(n)}` | `{n}` |" for n in names)
    path = out / "README.md"
    path.write_text(README.format(
        version=__version__, rows=rows, settings=json.dumps(settings, indent=2),
        example=(folder / json_name("cards.yaml")).as_posix()), encoding="utf-8")
    return path


README = """\
# JSON schemas of forge's content files

Made by `forge schema` (forge {version}) from forge's own schemas: run it again after updating
forge. They let an editor check a game's YAML as you type, complete field names and show what
each field is. `forge validate` stays the judge: it also checks what a JSON schema cannot say
(that an id names something defined elsewhere, that ids are unique, colour names of the palette,
art files), lays out every kit and checks the catalogs.

| schema | content file |
|---|---|
{rows}

The files are JSON Schema draft 2020-12, written with the keywords draft-07 shares, which the
YAML extension of VS Code reads.

## VS Code

Install the YAML extension by Red Hat (`redhat.vscode-yaml`), then add this to your
`settings.json` (the user settings, or `.vscode/settings.json` in the folder of your games):

```json
{settings}
```

Each pattern names every file of that name in the workspace; narrow it (`**/my-game/cards.yaml`)
if other YAML files there share these names.

## Other editors

Editors that use the YAML language server (Neovim's `yamlls`, Helix, Zed, Sublime Text's
LSP-yaml, Emacs `lsp-mode`) read a schema named on the first line of the file:

```yaml
# yaml-language-server: $schema={example}
```

The path may also be relative to the YAML file. JetBrains IDEs map schemas to files in
Settings > Languages & Frameworks > Schemas and DTDs > JSON Schema Mappings.
"""
