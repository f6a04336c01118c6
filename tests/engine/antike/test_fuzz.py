"""ANTIKE's inputs fuzzed (tests/engine/fuzz.py): mutated real actions and set-up options are
either refused cleanly (a ParseError at the door when the mutation must be, and never a crash)
or played soundly (plain state, events in words, a save that replays, a game that goes on)."""
from __future__ import annotations

import copy
import os
import random
from functools import cache

from fuzz import is_plain, mutations
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forge.engine.antike import RULES, describe
from forge.engine.core import ActionError, ParseError, Session
from forge.i18n import Translator
from tests.engine.antike.test_properties import concrete, new_game, play

FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 300)), deadline=None,
                derandomize=True, database=None, suppress_health_check=list(HealthCheck))
TRANSLATORS = [Translator("en", strict=False), Translator("es", strict=False)]
OPTIONS = {"players": ["ana", "ben", "cai"], "side": "west", "city_cap": 20, "repeat_cost": 5,
           "needed": 10, "citizens": "owned", "coins": 30,
           "rondel": ["gold", "marble", "iron", "maneuver", "knowledge", "temple", "arming",
                      "maneuver"],
           "start_cities": {"greeks": {"athens": "marble", "sparta": "iron", "corinth": "gold"},
                            "romans": {"roma": "marble", "capua": "iron", "ostia": "gold"},
                            "germans": {"a": "marble", "b": "iron", "c": "gold"}}}


@cache
def pool() -> list[Session]:
    """Real games at several moments, with and without a map."""
    games = []
    for seed, steps, with_map in ((1, 0, False), (2, 40, False), (3, 150, False),
                                  (4, 60, True), (5, 200, True)):
        rnd = random.Random(seed)
        session = new_game(3, rnd, with_map)
        play(session, rnd, steps)
        games.append(session)
    return games


def catalogue(session: Session) -> list[dict]:
    """An action of every type with its fields filled in."""
    state = session.states[session.position]
    civ = (state.get("turn") or {}).get("civ") or state["order"][0]
    other = next(c for c in state["order"] if c != civ)
    pay = {"marble": 1, "iron": 1, "gold": 1, "coin": 1}
    return [
        {"type": "start-cities", "civ": civ, "cities": {"x": "marble", "y": "iron", "z": "gold"}},
        {"type": "take-resource", "civ": civ, "resource": "gold"},
        {"type": "rondel", "civ": civ, "space": 3, "pay": pay},
        {"type": "build-temples", "civ": civ, "cities": ["athens"], "pay": {"marble": 5}},
        {"type": "arm", "civ": civ, "units": {"athens": {"legion": 1, "galley": 1}}},
        {"type": "buy-progress", "civ": civ, "progresses": ["wheel", "roads"]},
        {"type": "move", "civ": civ, "from": "p1", "to": "p2", "units": {"legion": 1},
         "border": "land", "left": {"legion": [1]}},
        {"type": "battle", "civ": civ, "against": other, "province": "p1", "unit": "galley"},
        {"type": "conquer", "civ": civ, "province": "p1", "units": {"legion": 2},
         "losses": {"legion": 1}, "abandon": "p2"},
        {"type": "end-maneuver", "civ": civ},
        {"type": "found-city", "civ": civ, "province": "p3", "resource": "gold", "pay": pay},
        {"type": "end-turn", "civ": civ},
        {"type": "set-seas", "civ": civ, "seas": 7},
        {"type": "set-rondel-order", "rondel": list(state["settings"]["rondel"])},
        {"type": "set-bank", "coins": 3},
        {"type": "adjust", "civ": civ, "resources": {"gold": 2}, "coins": -1,
         "units": {"p1": {"legion": 1}}, "cities": {"p9": {"resource": "iron", "temple": True}},
         "why": "fuzz"},
    ]


def check_sound(session: Session) -> None:
    state = session.states[session.position]
    assert is_plain(state) and is_plain(session.entries[session.position])
    for logged in session.entries[session.position]["events"]:
        for tr in TRANSLATORS:
            assert isinstance(describe(logged, tr), str)
    again = Session.from_json(RULES, copy.deepcopy(session.to_json()))
    assert again.states == session.states
    rnd = random.Random(0)
    for template in session.legal_actions()[:3]:
        action = concrete(template, state, rnd)
        if action:
            try:
                session.act(action)
            except ActionError:
                pass
            break


def outcome(mutant, attempt) -> None:
    try:
        attempt(mutant.value)
    except ActionError as refusal:
        assert not mutant.must_refuse or isinstance(refusal, ParseError), mutant.done
        assert str(refusal) and refusal.translated(TRANSLATORS[1])
        return
    assert not mutant.must_refuse, f"accepted {mutant.done}: {mutant.value!r:.300}"


@FUZZ
@given(st.data())
def test_mutated_actions_are_refused_or_played_soundly(data):
    session = data.draw(st.sampled_from(pool()))
    state = session.states[session.position]
    rnd = random.Random(data.draw(st.integers(0, 1000)))
    listed = [a for a in (concrete(t, state, rnd) for t in session.legal_actions()) if a]
    base = data.draw(st.sampled_from(listed + catalogue(session)))
    schema = RULES.action_schemas[base["type"]]
    fields = (*schema.fields, *schema.info, "type")
    mutant = data.draw(mutations(base, fields, protected=schema.info))

    def attempt(value):
        before = (len(session.entries), session.position)
        try:
            session.act(value)
        except ActionError:
            assert (len(session.entries), session.position) == before
            raise
        try:
            check_sound(session)
        finally:
            session.goto(before[1])
            del session.entries[before[0]:], session.states[before[0]:]
            del session.digests[before[0]:]

    outcome(mutant, attempt)


@FUZZ
@given(st.data())
def test_mutated_set_up_options_are_refused_or_set_up_soundly(data):
    mutant = data.draw(mutations(OPTIONS, tuple(RULES.options_schema.fields)))

    def attempt(value):
        session = Session(RULES, value)
        check_sound(session)

    outcome(mutant, attempt)
