"""The JSON Schema of a hand-written Tetrarchia position, made from the board and rules data.

`docs/tetrarchia/position.schema.json` is this schema, written by `python -m
forge.engine.tetrarchia.position_schema`; a test keeps the file in step with the content.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from forge.engine.tetrarchia.data import tables

SCHEMA_FILE = Path(__file__).resolve().parents[3] / "docs" / "tetrarchia" / "position.schema.json"


def position_schema() -> dict:
    """The schema: field names, ids of provinces, emperors, seas and variants from the content."""
    t = tables()
    provinces = sorted(t.board.provinces)
    emperors = [e["id"] for e in t.game["emperors"]]
    seas = sorted(t.board.seas)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Tetrarchia position",
        "description": (
            "A hand-written position for `forge tetrarchia new --position FILE`. Every field "
            "may be left out: it then takes its value from a fresh set-up of the level (empty "
            "board, emperors off the board, full reserve, Diocletian's turn, round 1). The "
            "engine checks what a schema cannot (pieces conserved, armies on routes); see "
            "docs/tetrarchia/engine.md, section Positions."),
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "level": {"type": "string", "pattern": "^[543][321][012][012]$",
                      "description": "[discs fleets extraRevolts armies]"},
            "edition": {"enum": ["later", "earlier"]},
            "players": {"type": "integer", "minimum": 1, "maximum": 4},
            "control": {"type": "object", "additionalProperties": False,
                        "properties": {e: _players() for e in emperors}},
            "variants": {"type": "array", "uniqueItems": True,
                         "items": {"enum": [v["id"] for v in t.rules["variants"]]}},
            "rulings": {"type": "object", "description": "ruling options by name"},
            "round": {"type": "integer", "minimum": 1},
            "turn": {"enum": emperors},
            "phase": {"const": "roman"},
            "pi": {"type": "integer", "minimum": 0},
            "discs": _by_province(provinces, ["agitation", "revolt"] + emperors),
            "figures": _by_province(provinces, ["army"] + emperors),
            "emperors": {"type": "object", "additionalProperties": False,
                         "properties": {e: _emperor(provinces) for e in emperors}},
            "fleets": {"type": "array", "maxItems": 3, "items": {"enum": seas}},
            "reserve": {"type": "object", "additionalProperties": False,
                        "properties": {name: {"type": "integer", "minimum": 0}
                                       for name in ("agitation", "revolt", "army")}},
            "this_turn": {"type": "object"},
            "this_round": {"type": "object"},
            "pending": {"type": "null"},
            "outcome": {"type": "null"},
        },
    }


def _players() -> dict:
    return {"type": "array", "minItems": 1,
            "items": {"type": "integer", "minimum": 1, "maximum": 4}}


def _by_province(provinces: list[str], pieces: list[str]) -> dict:
    return {"type": "object", "propertyNames": {"enum": provinces},
            "additionalProperties": {"enum": pieces}}


def _emperor(provinces: list[str]) -> dict:
    return {"type": "object", "additionalProperties": False, "properties": {
        "at": {"oneOf": [{"enum": provinces}, {"type": "null"}]},
        "supply": {"type": "integer", "minimum": 0},
        "out": {"type": "integer", "minimum": 0},
        "glory": {"type": "integer", "minimum": 0},
        "passing": {"type": "boolean"}}}


def schema_text() -> str:
    """The schema as the committed file holds it."""
    return json.dumps(position_schema(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    SCHEMA_FILE.write_text(schema_text(), encoding="utf-8")
    sys.stdout.write(f"{SCHEMA_FILE}\n")
