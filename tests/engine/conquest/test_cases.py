"""The CONQUEST OF THE EMPIRE II conformance suite: every case file in cases/ run against the
rules engine.

A case file names the rule it pins (`rule`, with the rulebook section) and holds cases. A case
gives the set-up options (`options`; `first` defaults to the first player so no die is needed),
a partial state laid over the new game (`state`, merged key by key; `order` is a shortcut that
puts the game in its action rounds with that turn order, odd boxes allied against even ones),
then `steps`: an action, the die results it consumes (`dice`, as entered on the table) and what
is expected: a partial state, `events_include` (partial events), `illegal` / `parse` (a piece of
the refusal), or `legal_include` (partial legal actions).
"""
from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from forge.engine.conquest import RULES
from forge.engine.conquest.words import describe
from forge.engine.core import IllegalAction, ParseError, Session

CASES = Path(__file__).resolve().parent / "cases"
FILE_KEYS = {"rule", "cases", "notes"}
CASE_KEYS = {"name", "ref", "options", "state", "order", "steps", "notes"}
STEP_KEYS = {"action", "dice", "expect", "notes"}
EXPECT_KEYS = {"state", "events_include", "illegal", "parse", "legal_include"}


class English:
    """A translator that keeps the English msgids (every event must have words)."""

    lang = "en"

    def _(self, text: str) -> str:
        return text


def _load() -> list:
    params = []
    for path in sorted(CASES.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert isinstance(data, dict) and set(data) <= FILE_KEYS, f"{path.name}: bad top level"
        assert data.get("rule"), f"{path.name}: every file names its rule"
        for number, case in enumerate(data["cases"], 1):
            unknown = set(case) - CASE_KEYS
            assert not unknown, f"{path.name} case {number}: unknown keys {sorted(unknown)}"
            assert case.get("name") and case.get("ref"), f"{path.name} case {number}: name, ref"
            params.append(pytest.param(case, id=f"{path.stem}::{case['name']}"))
    return params


def merge(base, patch):
    """Lay a partial value over a state: mappings key by key, anything else replaced."""
    if isinstance(base, dict) and isinstance(patch, dict):
        for key, value in patch.items():
            base[key] = merge(base.get(key), value) if key in base else copy.deepcopy(value)
        return base
    return copy.deepcopy(patch)


def build(case: dict) -> Session:
    options = {"players": ["angela", "bernardo", "carlos", "david"]}
    options.update(copy.deepcopy(case.get("options") or {}))
    options.setdefault("first", options["players"][0])
    session = Session(RULES, options, seed=None)
    state = session.states[0]
    if case.get("order"):
        order = case["order"]
        assert sorted(order) == sorted(options["players"]), "order names every player once"
        merge(state, {"phase": "actions", "auction": None, "order": order, "boxes": order,
                      "alliances": {"A": order[0::2], "B": order[1::2]},
                      "turn": {"index": 0, "actions_left": 2, "card_picks_left": 1,
                               "played": []}})
    merge(state, case.get("state") or {})
    return session


def match(expected, actual, path: str = "") -> list[str]:
    """Differences between a partial expected value and the actual one ({$exactly: v} for
    equality; a null expected key must be absent or null)."""
    where = path or "(state)"
    if isinstance(expected, dict) and set(expected) == {"$exactly"}:
        want = expected["$exactly"]
        return [] if want == actual else [f"{where}: expected exactly {want!r}, got {actual!r}"]
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: expected a mapping, got {actual!r}"]
        problems = []
        for key, value in expected.items():
            if value is None:
                if actual.get(key) is not None:
                    problems.append(f"{where}.{key}: expected nothing, got {actual[key]!r}")
                continue
            if key not in actual:
                problems.append(f"{where}.{key}: missing")
                continue
            problems += match(value, actual[key], f"{path}.{key}" if path else str(key))
        return problems
    if isinstance(expected, list) and isinstance(actual, list):
        if len(expected) != len(actual):
            return [f"{where}: expected {expected!r}, got {actual!r}"]
        return [p for i, (e, a) in enumerate(zip(expected, actual))
                for p in match(e, a, f"{where}[{i}]")]
    return [] if expected == actual else [f"{where}: expected {expected!r}, got {actual!r}"]


def _includes(wanted: list, found: list, what: str) -> list[str]:
    return [f"no {what} matches {w!r}" for w in wanted
            if not any(not match(w, f) for f in found)]


@pytest.mark.parametrize("case", _load())
def test_case(case):
    session = build(case)
    for number, step in enumerate(case["steps"], 1):
        assert set(step) <= STEP_KEYS, f"step {number}: unknown keys"
        expect = step.get("expect") or {}
        assert set(expect) <= EXPECT_KEYS, f"step {number}: unknown expectations"
        before = session.position
        refusal = expect.get("illegal") or expect.get("parse")
        if refusal:
            error = IllegalAction if "illegal" in expect else ParseError
            with pytest.raises(error) as caught:
                session.act(step["action"], step.get("dice"))
            assert refusal in str(caught.value), f"step {number}: refused with {caught.value}"
            assert session.position == before
            continue
        outcome = session.act(step["action"], step.get("dice"))
        assert all(describe(event, English()) for event in outcome.events)
        problems = match(expect.get("state") or {}, outcome.state)
        problems += _includes(expect.get("events_include") or [], outcome.events, "event")
        problems += _includes(expect.get("legal_include") or [], session.legal_actions(),
                              "legal action")
        assert not problems, f"step {number} ({step['action'].get('type')}):\n" + "\n".join(
            problems) + f"\nevents: {outcome.events}"
