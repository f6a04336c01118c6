"""One runner for every game's case files: load them, set each case up, play it, match the result.

The games are those of the registry (forge.registry.engines()); a game's cases are the files
tests/engine/<package>/cases/*.yaml (<package> the engine package's own name: `conquest`), so a
new game's cases run without an edit here. The format is shared (cases.md beside this file); a
game only says how one of its cases is set up, in tests/engine/<package>/build_case.py:

- `build(case, variant) -> Session`: the session a case starts from;
- `CASE_KEYS`: the keys its cases may have besides the shared ones (`REQUIRED_KEYS`: must have);
- `variants(case)`: the ways a case is played (Tetrarchia's editions), one test each.

A game without that module gets `build_default`: its options, set-up dice and a partial state.
"""
from __future__ import annotations

import copy
import importlib.util
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest
import yaml

from forge.engine.core import ActionError, IllegalAction, ParseError, Session
from forge.engine.dice import NeedRoll
from forge.registry import GameEngine, engines

HERE = Path(__file__).resolve().parent
FILE_KEYS = {"rule", "cases", "notes"}
CASE_KEYS = {"name", "rule", "ref", "notes", "setup_dice", "action", "dice", "expect",
             "strict_dice", "steps"}
DEFAULT_CASE_KEYS = {"options", "state"}
STEP_KEYS = {"action", "dice", "expect", "strict_dice", "notes"}
REFUSALS = {"illegal": IllegalAction, "parse": ParseError, "rejected": ActionError}
EXPECT_KEYS = {*REFUSALS, "state", "events_include", "events_exclude", "rolls", "legal_include",
               "legal_exclude"}


class English:
    """A translator that keeps the English msgids: every event must have words."""

    lang = "en"

    def _(self, text: str) -> str:
        return text


# --- the games and their cases ------------------------------------------------------------------

@dataclass(frozen=True)
class Case:
    """One case of a case file, played one way (`variant`, None when there is one way)."""

    game: GameEngine
    file: Path
    rule: str
    data: dict
    variant: str | None = None
    several: bool = False

    @property
    def id(self) -> str:
        """The test id: game/file::case name, with the variant when a case has several."""
        tag = f"{self.game.short_name}/{self.file.stem}::{self.data['name']}"
        return tag + (f" [{self.variant}]" if self.several else "")

    @property
    def label(self) -> str:
        """The case as a failure names it: file, name, variant and the rule it pins."""
        variant = f" [{self.variant}]" if self.variant is not None else ""
        lines = [f"{self.game.short_name}/{self.file.name} :: {self.data['name']}{variant}",
                 f"  rule: {self.data.get('rule', self.rule)}"]
        if self.data.get("ref"):
            lines.append(f"  ref: {self.data['ref']}")
        return "\n".join(lines)

    def build(self) -> Session:
        """The session the case starts from, as its game sets it up."""
        builder = case_builder(self.game)
        if builder is None:
            return build_default(self.game, self.data)
        return builder.build(self.data, self.variant)


def case_folder(game: GameEngine) -> Path:
    """Where a game's case files are: tests/engine/<package>/cases/ for the games in forge; a
    game whose engine folder lies elsewhere keeps them in cases/<package>/ of its own folder
    (beside engine/, as tests/newgame does)."""
    inside = HERE / game.short_name / "cases"
    if inside.is_dir():
        return inside
    return Path(game.module.__file__).resolve().parents[2] / "cases" / game.short_name


@cache
def case_builder(game: GameEngine) -> ModuleType | None:
    """The game's build_case module, or None when it has none."""
    path = HERE / game.short_name / "build_case.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location(f"{game.short_name}_build_case", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def game_cases(game: GameEngine) -> list[Case]:
    """Every case of a game, one per way it is played, file by file."""
    builder = case_builder(game)
    allowed = CASE_KEYS | set(getattr(builder, "CASE_KEYS", DEFAULT_CASE_KEYS))
    required = {"name", *getattr(builder, "REQUIRED_KEYS", ())}
    variants = getattr(builder, "variants", lambda case: (None,))
    found = []
    for path in sorted(case_folder(game).glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert isinstance(data, dict) and set(data) <= FILE_KEYS, f"{path.name}: bad top level"
        assert data.get("rule"), f"{path.name}: every file names its rule"
        for number, case in enumerate(data["cases"], 1):
            unknown = set(case) - allowed
            assert not unknown, f"{path.name} case {number}: unknown keys {sorted(unknown)}"
            missing = sorted(key for key in required if not case.get(key))
            assert not missing, f"{path.name} case {number}: no {', '.join(missing)}"
            ways = tuple(variants(case))
            found += [Case(game, path, data["rule"], case, way, len(ways) > 1) for way in ways]
    return found


def all_cases() -> list:
    """Every game's cases as pytest parameters."""
    return [pytest.param(case, id=case.id) for game in engines().values()
            for case in game_cases(game)]


# --- setting a case up --------------------------------------------------------------------------

def merge(base, patch):
    """Lay a partial value over a state: mappings key by key, anything else replaced."""
    if isinstance(base, dict) and isinstance(patch, dict):
        for key, value in patch.items():
            base[key] = merge(base.get(key), value) if key in base else copy.deepcopy(value)
        return base
    return copy.deepcopy(patch)


def build_default(game: GameEngine, case: dict) -> Session:
    """A game's new session from the case's `options` and `setup_dice`, with its partial
    `state` laid over the state set up."""
    session = Session(game.rules, copy.deepcopy(case.get("options") or {}), seed=None,
                      dice_values=list(case.get("setup_dice", [])))
    merge(session.states[0], case.get("state") or {})
    return session


# --- matching -----------------------------------------------------------------------------------

def match(expected, actual, path: str = "") -> list[str]:
    """Differences between an expected partial value and the actual one, as readable lines.

    Dicts match partially (only the keys given); a key expected as null must be absent or null;
    {$exactly: value} asks for equality; {$unordered: list} compares lists as multisets;
    {$length: n} checks only the number of items; lists otherwise match item by item.
    """
    where = path or "(state)"
    if isinstance(expected, dict) and set(expected) == {"$exactly"}:
        want = expected["$exactly"]
        if want == actual:
            return []
        return [f"{where}: expected exactly {show(want)}, got {show(actual)}"]
    if isinstance(expected, dict) and set(expected) == {"$length"}:
        if not isinstance(actual, (list, dict)) or len(actual) != expected["$length"]:
            return [f"{where}: expected {expected['$length']} items, got {show(actual)}"]
        return []
    if isinstance(expected, dict) and set(expected) == {"$unordered"}:
        want = expected["$unordered"]
        if not isinstance(actual, list) or sorted(map(_key, want)) != sorted(map(_key, actual)):
            return [f"{where}: expected (any order) {show(want)}, got {show(actual)}"]
        return []
    if isinstance(expected, dict):
        return _match_mapping(expected, actual, path)
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{where}: expected {show(expected)}, got {show(actual)}"]
        return [problem for index, (want, got) in enumerate(zip(expected, actual))
                for problem in match(want, got, f"{path}[{index}]")]
    if expected != actual or type(expected) is bool and type(actual) is not bool:
        return [f"{where}: expected {show(expected)}, got {show(actual)}"]
    return []


def _match_mapping(expected: dict, actual, path: str) -> list[str]:
    if not isinstance(actual, dict):
        return [f"{path or '(state)'}: expected a mapping {show(expected)}, got {show(actual)}"]
    problems = []
    for key, want in expected.items():
        sub = f"{path}.{key}" if path else str(key)
        if want is None:
            if actual.get(key) is not None:
                problems.append(f"{sub}: expected nothing, got {show(actual[key])}")
        elif key not in actual:
            problems.append(f"{sub}: missing (expected {show(want)})")
        else:
            problems += match(want, actual[key], sub)
    return problems


def _key(value) -> str:
    return json.dumps(value, sort_keys=True)


def show(value) -> str:
    """A value as JSON, cut short when long."""
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return text if len(text) < 400 else text[:400] + "..."


def events_in_order(wanted: list, events: list) -> list[str]:
    """Each wanted event must partially match an event, in the given order."""
    at = 0
    for number, want in enumerate(wanted, 1):
        while at < len(events) and match(want, events[at]):
            at += 1
        if at == len(events):
            return [f"events_include #{number} {show(want)} not found (in order) among:"] + [
                f"    {show(event)}" for event in events]
        at += 1
    return []


def state_problems(expect: dict, state: dict) -> list[str]:
    """The expected partial state (its keys given inline, or nested under `state`)."""
    inline = {key: value for key, value in expect.items() if key not in EXPECT_KEYS}
    return match(inline, state) + match(expect.get("state") or {}, state)


def event_problems(expect: dict, events: list) -> list[str]:
    """The events expected in order, and those that must not happen."""
    problems = events_in_order(expect.get("events_include") or [], events)
    for unwanted in expect.get("events_exclude") or []:
        hits = [event for event in events if not match(unwanted, event)]
        if hits:
            problems.append(f"events_exclude {show(unwanted)} matched {show(hits[0])}")
    return problems


def legal_problems(expect: dict, legal: list[dict]) -> list[str]:
    """Each `legal_include` action must partially match a legal action, no `legal_exclude`
    action any."""
    wanted, unwanted = expect.get("legal_include") or [], expect.get("legal_exclude") or []
    return ([f"no legal action matches {show(want)}" for want in wanted
             if not any(not match(want, action) for action in legal)]
            + [f"legal_exclude {show(bad)} matched a legal action" for bad in unwanted
               if any(not match(bad, action) for action in legal)])


def dice_problems(given: list, rolls: list, strict: bool) -> list[str]:
    """A case gives exactly the dice the rules need (unless it says strict_dice: false)."""
    if strict and len(rolls) != len(given):
        return [f"the case gives {len(given)} die results {given}, the engine used "
                f"{len(rolls)}: {show(rolls)}"]
    return []


def wordless(game: GameEngine, events: list) -> list[str]:
    """Events without words in English."""
    return [f"no words for the event {show(event)}" for event in events
            if not game.describe(event, English())]


# --- playing a case -----------------------------------------------------------------------------

def run(case: Case) -> None:
    """Set the case up and play its steps, failing with every difference found."""
    try:
        session = case.build()
    except ActionError as err:
        return check_refused_setup(case, err)
    except NeedRoll as err:
        pytest.fail(f"{case.label}\n  the set-up needs more dice than the case gives: {err}")
    steps = case_steps(case)
    if steps is None:
        return check_setup(case, session)
    for number, step in enumerate(steps, 1):
        label = case.label if len(steps) == 1 else f"{case.label}\n  step {number}"
        play_step(case.game, label, step, session)


def case_steps(case: Case) -> list[dict] | None:
    """The case's steps (one for a case with an `action`), None for a set-up case."""
    data = case.data
    if "steps" in data:
        for step in data["steps"]:
            assert set(step) <= STEP_KEYS, (
                f"{case.label}\n  unknown step keys {sorted(set(step) - STEP_KEYS)}")
        return data["steps"]
    if "action" in data:
        return [{key: data[key] for key in STEP_KEYS if key in data}]
    return None


def check_refused_setup(case: Case, err: ActionError) -> None:
    """A set-up refused: right only for a set-up case that expects it, with its reason."""
    refusal = (case.data.get("expect") or {}).get("rejected")
    if refusal is None or case_steps(case) is not None:
        pytest.fail(f"{case.label}\n  the set-up was refused: {type(err).__name__}: {err}")
    assert str(refusal) in str(err), (
        f"{case.label}\n  set-up refused, but {str(err)!r} does not say {refusal!r}")


def check_setup(case: Case, session: Session) -> None:
    """A set-up case: its expectations against the state set up and its rolls."""
    expect = case.data.get("expect") or {}
    assert "rejected" not in expect, f"{case.label}\n  the set-up should have been refused"
    entry, given = session.entries[0], list(case.data.get("setup_dice", []))
    problems = dice_problems(given, entry["rolls"], case.data.get("strict_dice", True))
    problems += state_problems(expect, session.state)
    problems += event_problems(expect, entry["events"])
    problems += legal_problems(expect, session.legal_actions())
    problems += wordless(case.game, entry["events"])
    if problems:
        pytest.fail(f"{case.label}\n  set-up with dice {given}\n  " + "\n  ".join(problems))


def play_step(game: GameEngine, label: str, step: dict, session: Session) -> None:
    """Apply one action with its dice and compare with what the step expects."""
    expect = step.get("expect") or {}
    action, dice = step["action"], list(step.get("dice") or [])
    state_before, position_before = session.state, session.position
    try:
        outcome = session.act(action, dice)
    except NeedRoll as err:
        pytest.fail(f"{label}\n  action {show(action)} with dice {dice}: the engine needs "
                    f"more dice than the case gives: {err}")
    except ActionError as err:
        check_refusal(label, expect, action, err)
        assert session.state == state_before and session.position == position_before, (
            f"{label}\n  a refused action changed the game")
        return
    refusal = next((key for key in REFUSALS if key in expect), None)
    if refusal is not None:
        pytest.fail(f"{label}\n  action {show(action)} should be refused ({expect[refusal]!r}) "
                    f"but was carried out; events: {show(outcome.events)}")
    rolls = session.entries[-1]["rolls"]
    problems = dice_problems(dice, rolls, step.get("strict_dice", True))
    problems += state_problems(expect, session.state)
    if "rolls" in expect:
        problems += match(expect["rolls"], rolls, "rolls")
    problems += event_problems(expect, outcome.events)
    problems += legal_problems(expect, session.legal_actions())
    problems += wordless(game, outcome.events)
    if problems:
        pytest.fail(f"{label}\n  action {show(action)} with dice {dice}\n  "
                    + "\n  ".join(problems))


def check_refusal(label: str, expect: dict, action: dict, err: ActionError) -> None:
    """A refused action: the step must expect that kind of refusal, with its reason.

    `illegal`: IllegalAction; `parse`: ParseError; `rejected`: either. The reason is a piece of
    the English refusal ("" accepts any reason).
    """
    kind = next((key for key in REFUSALS if key in expect), None)
    if kind is None:
        pytest.fail(f"{label}\n  action {show(action)} was refused: {type(err).__name__}: {err}")
    assert isinstance(err, REFUSALS[kind]), (
        f"{label}\n  expected {REFUSALS[kind].__name__}, got {type(err).__name__}: {err}")
    if str(expect[kind]) not in str(err):
        pytest.fail(f"{label}\n  refused as expected, but the reason {str(err)!r} does not "
                    f"contain {expect[kind]!r}")
