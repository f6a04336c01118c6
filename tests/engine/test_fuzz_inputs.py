"""Fuzzing the door: mutated actions, set-up options and positions, made from real games.

Each example takes a real game a few steps in (both games, several set-ups, the Conquest case
files' battles and votes), a real action or options, and mutates them (fuzz.py). Whatever comes
in, the engine answers with a refusal the player can read (ActionError, NeedRoll, BadRoll) or
plays it soundly: the state stays plain JSON, its events have words in English and Spanish,
the legal actions can be listed, a save of it replays to the same game, and the game goes on.
What must be refused whatever the rules say (fuzz.must_refuse) is refused at the door.

The examples are derandomized (the same every run); FUZZ_EXAMPLES=5000 searches longer.
"""
from __future__ import annotations

import copy
import os
from functools import cache

from cases import game_cases
from fuzz import is_plain, mutations
from real_games import TETRARCHIA_OPTIONS, concrete, conquest_options, played
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from forge.engine import conquest, tetrarchia
from forge.engine.core import ActionError, ParseError, Session
from forge.engine.dice import BadRoll, NeedRoll
from forge.i18n import Translator
from forge.registry import engine_for

REFUSALS = (ActionError, NeedRoll, BadRoll)
FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 1000)), deadline=None,
                derandomize=True, database=None, suppress_health_check=list(HealthCheck))
TRANSLATORS = [Translator("en", strict=False), Translator("es", strict=False)]


# --- real games to start from -------------------------------------------------------------------

@cache
def pool() -> list[Session]:
    """Real games at many moments: set-up, a few turns in, battles, votes, season ends."""
    games = [played(tetrarchia.RULES, options, seed, steps)
             for options in TETRARCHIA_OPTIONS for seed, steps in ((1, 0), (2, 4), (3, 25))]
    games += [played(conquest.RULES, conquest_options(), seed, steps)
              for seed, steps in ((1, 0), (2, 6), (3, 30))]
    for case in game_cases(engine_for(conquest.RULES.name)):
        session = case.build()
        for step in case.data["steps"][:3]:
            try:
                session.act(step["action"], step.get("dice"))
            except REFUSALS:
                break
        games.append(session)
    return games


def replayable(session: Session) -> bool:
    """Whether the game's log replays (not so for the games the case files lay out)."""
    return id(session) not in laid_out()


@cache
def laid_out() -> set[int]:
    return {id(s) for s in pool() if s.rules is conquest.RULES and s.seed is None}


def catalogue(session: Session) -> list[dict]:
    """Actions of every type with their fields filled in: what mutations start from."""
    state = session.states[session.position]
    if session.rules is tetrarchia.RULES:
        return [{"type": "enter", "province": "ROMA"},
                {"type": "move", "to": "ETRVRIA", "by": "link", "emperor": state["turn"],
                 "discs_from": ["ROMA"]},
                {"type": "move", "to": "APVLIA", "by": "fleet", "sea": "MARE_INTERNVM"},
                {"type": "sail", "fleet": "MARE_INTERNVM", "to": "MARE_AEGAEVM"},
                {"type": "protect"}, {"type": "subdue", "what": "revolt"},
                {"type": "attack", "target": "CISALPINA", "cost": 2},
                {"type": "imperium", "power": "extra_pi", "count": 2, "discs_from": []},
                {"type": "transfer", "from": "diocletian", "to": "galerius"},
                {"type": "end_turn", "gain": 1}, {"type": "boost", "times": 1},
                {"type": "block", "use": True, "discs_from": ["ROMA"]}]
    a, b = state["players"][:2]
    units = {"infantry": 2, "general": 1}
    side = {"galleys": {"aegean": 1}, "lent": {b: {"infantry": 1, "galleys": {"aegean": 1}}},
            "diplomacy": {"cavalry": 1}}
    return [{"type": "bid", "player": a, "amount": 3, "a": a, "b": b},
            {"type": "auction-pass", "player": a},
            {"type": "take-card", "player": a, "card": "military-training-9", "cost": 10},
            {"type": "recruit", "player": a, "province": "italia", "units": units,
             "sea": "tyrrhenian"},
            {"type": "buy-influence", "player": a, "province": "italia",
             "purchases": ["token", b]},
            {"type": "special-tax", "player": a, "amount": 10},
            {"type": "move", "player": a, "from": "italia", "to": {"gallia": units}},
            {"type": "battle", "player": a, "province": "italia", "defender": b,
             "support": {"attacker": side, "defender": {}}},
            {"type": "naval", "player": a, "to": "aegean", "galleys": {"ionian": 1},
             "battle": {"defender": b, "support": {"attacker": side}, "fair_wind": False}},
            {"type": "pass", "player": a},
            {"type": "roll", "faces": {"attacker": ["infantry", "blank"]}},
            {"type": "casualties", "side": "defender", "remove": {"own": {"infantry": 1}}},
            {"type": "retreat", "side": "defender", "to": "gallia"},
            {"type": "stay", "side": "attacker"},
            {"type": "call-vote", "player": a, "card": "senate-vote-1"},
            {"type": "vote-bid", "player": a, "senators": [3, 1], "legions_to": "italia"},
            {"type": "vote-pass", "player": a}, {"type": "use-card", "player": a, "card": "x"},
            {"type": "set-board-values", "vp": {"italia": [15, 5, 1]},
             "faces": ["infantry"] * 6},
            {"type": "place-tokens", "tokens": {"italia": 2}},
            {"type": "offer-cards", "cards": ["military-training-9"]},
            {"type": "place", "player": a, "where": "italia", "units": units},
            {"type": "relocate", "player": a, "from": "italia", "to": "gallia", "units": units},
            {"type": "adjust", "player": a, "talents": -5, "chaos": 1, "vp": 2,
             "influence": {"italia": 1}, "units": {"italia": {"infantry": -1}},
             "cities": {"italia": b, "hispania": None}, "why": "a card"},
            {"type": "end-season"}]


# --- what a sound answer is -----------------------------------------------------------------------

def check_sound(session: Session) -> None:
    """The game after an accepted input: plain, described, listable, replayable, playable."""
    state = session.states[session.position]
    assert is_plain(state) and is_plain(session.entries[session.position])
    describe = engine_for(session.rules.name).describe
    for logged in session.entries[session.position]["events"]:
        for tr in TRANSLATORS:
            assert isinstance(describe(logged, tr), str)
    if replayable(session):             # the case files' games start from a laid-out state
        again = Session.from_json(session.rules, copy.deepcopy(session.to_json()))
        assert again.states == session.states and again.position == session.position
    for _ in range(3):                  # it goes on: nothing poisoned for later
        actions = [a for a in map(concrete, session.legal_actions()) if a]
        if not actions:
            break
        try:
            session.act(actions[0])
        except REFUSALS:
            break


def try_action(session: Session, action) -> None:
    """Act, and on success check the game and step back; a refusal leaves it unchanged."""
    before = (len(session.entries), session.position)
    try:
        session.act(action)
    except REFUSALS as refusal:
        assert (len(session.entries), session.position) == before
        if isinstance(refusal, ActionError):
            assert str(refusal) and refusal.translated(TRANSLATORS[1])
        raise
    try:
        check_sound(session)
    finally:
        session.goto(before[1])


def fields_of(session: Session, action) -> tuple | None:
    """The names an action of this type may hold (None if the type is unknown)."""
    schema = session.rules.action_schemas.get(action.get("type")) if isinstance(
        action, dict) else None
    return None if schema is None else (*schema.fields, *schema.info, "type")


# --- the tests ------------------------------------------------------------------------------------

@FUZZ
@given(st.data())
def test_mutated_actions_are_refused_or_played_soundly(data):
    session = data.draw(st.sampled_from(pool()))
    base = data.draw(st.sampled_from(
        [a for a in map(concrete, session.legal_actions()) if a] + catalogue(session)))
    info = session.rules.action_schemas[base["type"]].info
    mutant = data.draw(mutations(base, fields_of(session, base), protected=info))
    accepted_or_refused(mutant, lambda value: try_action(session, value), "played soundly")


@FUZZ
@given(st.data())
def test_mutated_set_up_options_are_refused_or_set_up_soundly(data):
    rules, base = data.draw(st.sampled_from(
        [(tetrarchia.RULES, o) for o in TETRARCHIA_OPTIONS]
        + [(conquest.RULES, conquest_options())]))
    mutant = data.draw(mutations(base, tuple(rules.options_schema.fields)))
    seed = data.draw(st.sampled_from([1, None]))
    set_up_or_refused(mutant, lambda value: Session(rules, value, seed=seed,
                                                    dice_values=[1] * 40))


def accepted_or_refused(mutant, attempt, accepted: str):
    """Try a mutant: a bad one must be refused at the door (ParseError), one that is accepted
    must have deserved it. Returns what `attempt` returned, or None when refused."""
    try:
        result = attempt(mutant.value)
    except REFUSALS as refusal:
        assert not mutant.must_refuse or isinstance(refusal, ParseError), mutant.done
        event(f"refused: {type(refusal).__name__}")
        return None
    assert not mutant.must_refuse, f"accepted {mutant.done}: {mutant.value!r:.300}"
    event(accepted)
    return result


def set_up_or_refused(mutant, set_up):
    """Set a game up from a mutant: refused at the door, or set up and sound."""
    session = accepted_or_refused(mutant, set_up, "set up soundly")
    if session is not None:
        check_sound(session)


POSITION_FIELDS = tuple(tetrarchia.schemas.POSITION.fields)


@cache
def positions() -> list[dict]:
    """Positions written from real states: what a player would hand-write."""
    found = []
    for session in pool():
        if session.rules is tetrarchia.RULES:
            state = session.states[session.position]
            if state["phase"] == "roman" and state["pending"] is None:
                found.append({k: copy.deepcopy(v) for k, v in state.items()
                              if k in POSITION_FIELDS})
    return found


def test_positions_written_from_real_states_are_accepted():
    for position in positions():
        Session(tetrarchia.RULES, {"position": position}, seed=1)
    assert len(positions()) >= 3


@FUZZ
@given(st.data())
def test_mutated_positions_are_refused_or_played_soundly(data):
    position = data.draw(st.sampled_from(positions()))
    mutant = data.draw(mutations(position, POSITION_FIELDS))
    set_up_or_refused(mutant, lambda value: Session(tetrarchia.RULES, {"position": value},
                                                    seed=1))
