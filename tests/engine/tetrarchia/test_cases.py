"""The Tetrarchia conformance suite: every case file in cases/ run against the rules engine.

Each YAML file names the rule it exercises and holds cases: a position, one action (or a few
steps), the die results the action consumes, and the expected result. The format is described in
README.md beside this file. The cases were written from the Spanish rulebooks, the digest and
docs/tetrarchia/rulings.md, independently of the engine: a failing case is a disagreement to
settle against the rulebook, not a test to bend to the code.
"""
from __future__ import annotations

import copy
import importlib
import json
from pathlib import Path

import pytest
import yaml

from forge.engine.core import ActionError, IllegalAction, ParseError, Session
from forge.engine.dice import NeedRoll

HERE = Path(__file__).resolve().parent
CASES = HERE / "cases"
REPO = HERE.parents[2]

EMPERORS = ("diocletian", "galerius", "constantius", "maximian")
EDITIONS = ("earlier", "later")
PIECES = {"agitation": 21, "revolt": 21, "army": 3}

FILE_KEYS = {"rule", "cases", "notes"}
CASE_KEYS = {"name", "rule", "edition", "level", "players", "variants", "options", "position",
             "setup_dice", "action", "dice", "steps", "expect", "notes", "strict_dice"}
STEP_KEYS = {"action", "dice", "expect", "strict_dice", "notes"}
EXPECT_KEYS = {"illegal", "rejected", "events_include", "events_exclude", "rolls"}


# --- the engine ----------------------------------------------------------------------------------

def _rules():
    """The Tetrarchia rules object, as forge/engine/tetrarchia exports it."""
    try:
        module = importlib.import_module("forge.engine.tetrarchia")
    except ModuleNotFoundError as err:            # the engine is written alongside this suite
        pytest.skip(f"the Tetrarchia engine is not there yet ({err})")
    for name in ("RULES", "rules", "TETRARCHIA", "Tetrarchia"):
        rules = getattr(module, name, None)
        if rules is not None:
            return rules() if isinstance(rules, type) else rules
    pytest.fail("forge.engine.tetrarchia exports no RULES object")


def _level_discs(level: str) -> int:
    return int(str(level)[0])


# --- loading the cases ---------------------------------------------------------------------------

def _load() -> list:
    params = []
    for path in sorted(CASES.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert isinstance(data, dict) and set(data) <= FILE_KEYS, f"{path.name}: bad top level"
        assert data.get("rule"), f"{path.name}: every file names its rule"
        for number, case in enumerate(data["cases"], 1):
            unknown = set(case) - CASE_KEYS
            assert not unknown, f"{path.name} case {number}: unknown keys {sorted(unknown)}"
            assert case.get("name"), f"{path.name} case {number}: no name"
            edition = case.get("edition", "later")
            editions = EDITIONS if edition == "both" else (edition,)
            for ed in editions:
                tag = f"{path.stem}::{case['name']}" + (f" [{ed}]" if edition == "both" else "")
                params.append(pytest.param(path.name, data["rule"], case, ed, id=tag))
    return params


# --- positions -----------------------------------------------------------------------------------

def build_position(position: dict, level: str) -> dict:
    """Complete a case's minimal position the way engine.md describes a position file.

    Only what a case leaves out and can be derived without judgement is filled in: each
    emperor's `at` from `figures` (and back), his supply from the level's discs less those on
    the board and out of the game, and the reserve from the pieces on the board.
    """
    pos = copy.deepcopy(position)
    discs = pos.setdefault("discs", {})
    figures = pos.setdefault("figures", {})
    emperors = pos.setdefault("emperors", {})
    for emperor in EMPERORS:
        entry = emperors.setdefault(emperor, {})
        here = [p for p, f in figures.items() if f == emperor]
        if "at" not in entry:
            entry["at"] = here[0] if here else None
        elif entry["at"] is not None and not here:
            figures[entry["at"]] = emperor
        entry.setdefault("out", 0)
        entry.setdefault("glory", 0)
        entry.setdefault("passing", False)
        placed = sum(1 for d in discs.values() if d == emperor)
        entry.setdefault("supply", _level_discs(level) - placed - entry["out"])
    reserve = pos.setdefault("reserve", {})
    glory = sum(e.get("glory", 0) for e in emperors.values())
    reserve.setdefault("agitation", PIECES["agitation"] - glory
                       - sum(1 for d in discs.values() if d == "agitation"))
    reserve.setdefault("revolt", PIECES["revolt"]
                       - sum(1 for d in discs.values() if d == "revolt"))
    reserve.setdefault("army", PIECES["army"] - sum(1 for f in figures.values() if f == "army"))
    pos.setdefault("pi", 6)
    return pos


def case_level(case: dict) -> str:
    """The case's level; by default [4211], with as many fleets as its position places."""
    if "level" in case:
        return str(case["level"])
    fleets = (case.get("position") or {}).get("fleets")
    return f"4{len(fleets)}11" if fleets else "4211"


def build_session(case: dict, edition: str) -> Session:
    level = case_level(case)
    options = {"level": level, "edition": edition, "players": case.get("players", 4),
               "variants": list(case.get("variants", []))}
    options.update(copy.deepcopy(case.get("options", {})))
    if "position" in case:
        pos = build_position(case["position"], level)
        pos.setdefault("variants", options["variants"])
        pos.setdefault("edition", edition)
        pos.setdefault("level", level)
        options["position"] = pos
    return Session(_rules(), options, seed=None, dice_values=list(case.get("setup_dice", [])))


# --- matching ------------------------------------------------------------------------------------

def match(expected, actual, path: str = "") -> list[str]:
    """Differences between an expected partial value and the actual one, as readable lines.

    Dicts match partially (only the keys given); a key expected as null must be absent or null;
    {$exactly: value} asks for equality; {$unordered: list} compares lists as multisets;
    {$length: n} checks only the number of items; lists otherwise match item by item.
    """
    where = path or "(state)"
    if isinstance(expected, dict) and set(expected) == {"$exactly"}:
        want = expected["$exactly"]
        return [] if want == actual else [f"{where}: expected exactly {_show(want)}, got {_show(actual)}"]
    if isinstance(expected, dict) and set(expected) == {"$length"}:
        if not isinstance(actual, (list, dict)) or len(actual) != expected["$length"]:
            return [f"{where}: expected {expected['$length']} items, got {_show(actual)}"]
        return []
    if isinstance(expected, dict) and set(expected) == {"$unordered"}:
        want = expected["$unordered"]
        if not isinstance(actual, list) or sorted(map(_key, want)) != sorted(map(_key, actual)):
            return [f"{where}: expected (any order) {_show(want)}, got {_show(actual)}"]
        return []
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: expected a mapping {_show(expected)}, got {_show(actual)}"]
        problems = []
        for key, want in expected.items():
            sub = f"{path}.{key}" if path else str(key)
            if want is None:
                if actual.get(key) is not None:
                    problems.append(f"{sub}: expected nothing, got {_show(actual[key])}")
            elif key not in actual:
                problems.append(f"{sub}: missing (expected {_show(want)})")
            else:
                problems += match(want, actual[key], sub)
        return problems
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{where}: expected {_show(expected)}, got {_show(actual)}"]
        problems = []
        for index, (want, got) in enumerate(zip(expected, actual)):
            problems += match(want, got, f"{path}[{index}]")
        return problems
    if expected != actual or type(expected) is bool and type(actual) is not bool:
        return [f"{where}: expected {_show(expected)}, got {_show(actual)}"]
    return []


def _key(value) -> str:
    return json.dumps(value, sort_keys=True)


def _show(value) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return text if len(text) < 400 else text[:400] + "..."


def events_in_order(wanted: list, events: list) -> list[str]:
    """Each wanted event must partially match an event, in the given order."""
    at = 0
    for number, want in enumerate(wanted, 1):
        while at < len(events) and match(want, events[at]):
            at += 1
        if at == len(events):
            return [f"events_include #{number} {_show(want)} not found (in order) among:"]
        at += 1
    return []


def check_step(label: str, step: dict, session: Session, state_before: dict) -> None:
    """Apply one action with its dice and compare with what the step expects."""
    expect = step.get("expect") or {}
    action, dice = step["action"], list(step.get("dice", []))
    refusal = expect.get("illegal", expect.get("rejected"))
    try:
        outcome = session.act(action, dice)
    except NeedRoll as err:
        pytest.fail(f"{label}\n  action {_show(action)} with dice {dice}: the engine needs "
                    f"more dice than the case gives: {err}")
    except ActionError as err:
        if refusal is None:
            pytest.fail(f"{label}\n  action {_show(action)} was refused: "
                        f"{type(err).__name__}: {err}")
        if "illegal" in expect:
            assert isinstance(err, IllegalAction) and not isinstance(err, ParseError), (
                f"{label}\n  expected IllegalAction, got {type(err).__name__}: {err}")
        if str(refusal).lower() not in str(err).lower():
            pytest.fail(f"{label}\n  refused as expected, but the reason {str(err)!r} does "
                        f"not contain {refusal!r}")
        assert session.state == state_before, f"{label}\n  a refused action changed the state"
        return
    if refusal is not None:
        pytest.fail(f"{label}\n  action {_show(action)} should be refused ({refusal!r}) but "
                    f"was carried out; events: {_show(outcome.events)}")
    rolls = session.entries[-1]["rolls"]
    if step.get("strict_dice", True) and len(rolls) != len(dice):
        pytest.fail(f"{label}\n  the case gives {len(dice)} die results {dice}, the engine used "
                    f"{len(rolls)}: {_show(rolls)}")
    state = session.state
    problems = match({k: v for k, v in expect.items() if k not in EXPECT_KEYS}, state)
    if "rolls" in expect:
        problems += match(expect["rolls"], rolls, "rolls")
    if "events_include" in expect:
        bad = events_in_order(expect["events_include"], outcome.events)
        if bad:
            problems += bad + [f"    {_show(e)}" for e in outcome.events]
    for unwanted in expect.get("events_exclude", []):
        hits = [e for e in outcome.events if not match(unwanted, e)]
        if hits:
            problems.append(f"events_exclude {_show(unwanted)} matched {_show(hits[0])}")
    if problems:
        pytest.fail(f"{label}\n  action {_show(action)} with dice {dice}\n  "
                    + "\n  ".join(problems))


@pytest.mark.parametrize(("filename", "rule", "case", "edition"), _load())
def test_case(filename: str, rule: str, case: dict, edition: str) -> None:
    label = f"{filename} :: {case['name']} [{edition}]\n  rule: {case.get('rule', rule)}"
    try:
        session = build_session(case, edition)
    except ActionError as err:
        refusal = (case.get("expect") or {}).get("rejected")
        if refusal is not None and "action" not in case and "steps" not in case:
            assert str(refusal).lower() in str(err).lower(), (
                f"{label}\n  set-up refused, but {str(err)!r} does not say {refusal!r}")
            return
        pytest.fail(f"{label}\n  the set-up was refused: {type(err).__name__}: {err}")
    except NeedRoll as err:
        pytest.fail(f"{label}\n  the set-up needs more dice than the case gives: {err}")
    if "steps" in case:
        steps = case["steps"]
        for step in steps:
            assert set(step) <= STEP_KEYS, f"{label}\n  unknown step keys {set(step) - STEP_KEYS}"
    elif "action" in case:
        steps = [{"action": case["action"], "dice": case.get("dice", []),
                  "expect": case.get("expect"), "strict_dice": case.get("strict_dice", True)}]
    else:                                          # a set-up case: expect the state set up
        expect = case.get("expect") or {}
        assert "rejected" not in expect, f"{label}\n  the set-up should have been refused"
        rolls = session.entries[0]["rolls"]
        given = case.get("setup_dice", [])
        problems = []
        if case.get("strict_dice", True) and len(rolls) != len(given):
            problems.append(f"the case gives {len(given)} set-up results, the engine used "
                            f"{len(rolls)}: {_show(rolls)}")
        problems += match({k: v for k, v in expect.items() if k not in EXPECT_KEYS},
                          session.state)
        if "events_include" in expect:
            events = session.entries[0]["events"]
            bad = events_in_order(expect["events_include"], events)
            if bad:
                problems += bad + [f"    {_show(e)}" for e in events]
        if problems:
            pytest.fail(f"{label}\n  set-up with dice {given}\n  " + "\n  ".join(problems))
        return
    for number, step in enumerate(steps, 1):
        step_label = label if len(steps) == 1 else f"{label}\n  step {number}"
        check_step(step_label, step, session, session.state)
