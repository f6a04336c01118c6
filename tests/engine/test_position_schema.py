"""The documented JSON Schema of positions: up to date, and it agrees with the engine."""
import glob
import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from forge.engine.core import ParseError, Session
from forge.engine.tetrarchia import RULES
from forge.engine.tetrarchia.position_schema import SCHEMA_FILE, schema_text

SCHEMA = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
CASES = sorted(glob.glob(str(SCHEMA_FILE.parents[2] / "tests/engine/tetrarchia/cases/*.yaml")))


def test_schema_file_is_generated_from_the_current_content():
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text(), \
        "run: python -m forge.engine.tetrarchia.position_schema"
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_every_conformance_position_follows_the_schema():
    positions = [case["position"] for path in CASES
                 for case in yaml.safe_load(Path(path).read_text(encoding="utf-8"))["cases"]
                 if case.get("position")]
    assert len(positions) > 100
    validator = jsonschema.Draft202012Validator(SCHEMA)
    for position in positions:
        errors = [e.message for e in validator.iter_errors(position)]
        assert errors == [], (position, errors)


@pytest.mark.parametrize("position, field", [
    ({"discs": {"RAETIA": "revolt"}}, "RAETIA"),
    ({"figures": {"ROMA": "dragon"}}, "dragon"),
    ({"level": "6211"}, "6211"),
    ({"emperors": {"diocletian": {"at": "ROMA", "mood": "bold"}}}, "mood"),
])
def test_schema_and_engine_both_refuse_a_bad_position(position, field):
    errors = list(jsonschema.Draft202012Validator(SCHEMA).iter_errors(position))
    assert errors and any(field in e.message for e in errors)
    with pytest.raises(ParseError):
        Session(RULES, {"level": "4211", "position": position}, seed=1)
