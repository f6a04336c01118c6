"""The door every input passes (forge/engine/inputs.py): the refusals the fuzzing found, each
pinned with the field it names, for both games."""
from __future__ import annotations

import pytest

from forge.engine import conquest, tetrarchia
from forge.engine.core import ParseError, Session
from forge.engine.inputs import SAVE, Int, ListOf, MapOf, Record, Text, check_plain, load_json
from forge.i18n import Translator

PLAYERS = {"players": ["ana", "bea"], "first": "ana"}


def nested(depth: int):
    value: object = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.fixture
def conquest_game():
    return Session(conquest.RULES, PLAYERS, seed=1)


@pytest.fixture
def tetrarchia_game():
    return Session(tetrarchia.RULES, {"level": "4211"}, seed=1)


@pytest.mark.parametrize("action, words", [
    ({"type": {}}, 'unknown action type {}'),
    ({"type": "pass", "player": "ana", "plyer": "bea"}, "unknown field(s) plyer for pass"),
    ({"type": "move", "player": "ana", "from": ["italia"], "to": {}},
     'from: a text of at most 100 characters expected, not ["italia"]'),
    ({"type": "move", "player": "ana", "from": "italia", "to": {"gallia": {"infantry": "x"}}},
     'to.gallia.infantry: a whole number from 0 to 1000000 expected, not "x"'),
    ({"type": "special-tax", "player": "ana", "amount": True}, "amount: a whole number"),
    ({"type": "bid", "player": "ana", "amount": 10 ** 30, "a": "ana"}, "number too large"),
    ({"type": "adjust", "player": "ana", "talents": float("nan")}, "number too large"),
    ({"type": "pass", "player": "x" * 20_000}, "text longer than 10000"),
    ({"type": "adjust", "player": "ana", "why": nested(40)}, "nested more than"),
    ({"type": "naval", "player": "ana", "to": "aegean", "battle": {"defender": "bea",
                                                                   "wind": True}},
     "battle: unknown field(s) wind"),
])
def test_conquest_actions_are_refused_naming_the_field(conquest_game, action, words):
    with pytest.raises(ParseError) as caught:
        conquest_game.act(action)
    assert words in str(caught.value)
    assert len(conquest_game.entries) == 1


@pytest.mark.parametrize("options, words", [
    ({**PLAYERS, "seasons": "5"}, "seasons: a whole number"),
    ({**PLAYERS, "seasons": 4.0}, "seasons: a whole number"),
    ({**PLAYERS, "influence": {"ana": ["italia"]}}, "influence.ana: a mapping"),
    ({**PLAYERS, "cards": {"x": {"cost": -1}}}, "cards.x.cost: a whole number from 0"),
    ({**PLAYERS, "colour": "red"}, "unknown set-up option(s) colour"),
    ({"players": "ana"}, "players: a list"),
])
def test_conquest_options_are_refused_naming_the_option(options, words):
    with pytest.raises(ParseError) as caught:
        Session(conquest.RULES, options, seed=1)
    assert words in str(caught.value)


@pytest.mark.parametrize("options, words", [
    ({"position": {"this_turn": {"discs_out": "x"}}},
     'position.this_turn.discs_out: a whole number from 0 to 1000 expected, not "x"'),
    ({"position": {"emperors": {"galerius": {"supply": True}}}},
     "position.emperors.galerius.supply: a whole number"),
    ({"position": {"rng": 5}}, "position: unknown field(s) rng"),
    ({"players": True}, "players: a whole number"),
    ({"variants": "imperivm"}, "variants: a list"),
])
def test_tetrarchia_options_and_positions_are_refused_naming_the_field(options, words):
    with pytest.raises(ParseError) as caught:
        Session(tetrarchia.RULES, options, seed=1)
    assert words in str(caught.value)


def test_a_listed_action_applies_as_it_is_with_its_information(tetrarchia_game):
    listed = tetrarchia_game.legal_actions()[0]
    assert "cost" in listed
    tetrarchia_game.act(listed)


@pytest.mark.parametrize("seed", [-1, 2 ** 64, True, "7", 1.0])
def test_a_seed_is_a_whole_number_within_64_bits(seed):
    with pytest.raises(ParseError, match="seed: "):
        Session(tetrarchia.RULES, {}, seed=seed)


@pytest.mark.parametrize("steps", [0, True, "1"])
def test_undo_steps_are_checked(tetrarchia_game, steps):
    with pytest.raises(ParseError, match="steps: "):
        tetrarchia_game.undo(steps)


@pytest.mark.parametrize("text, words", [
    ("[" * 100_000, "nested more than"),
    ("NaN", "not valid JSON"),
    ("1e999", "not valid JSON"),
    ("1" * 5_000, "not valid JSON"),
    ("{'a': 1}", "not valid JSON (Expecting property name"),
])
def test_json_text_is_read_strictly(text, words):
    with pytest.raises(ParseError) as caught:
        load_json(text, SAVE)
    assert words in str(caught.value)


def test_the_plain_check_needs_no_recursion():
    deep = 0
    for _ in range(200_000):
        deep = [deep]
    with pytest.raises(ParseError, match="nested more than 32 levels"):
        check_plain(deep, SAVE, 1_000_000)
    with pytest.raises(ParseError, match="too large"):
        check_plain(list(range(100)), SAVE, 50)
    with pytest.raises(ParseError, match="field names are texts"):
        check_plain({1: 2}, SAVE, 50)


def test_refusals_at_the_door_speak_spanish():
    spec = Record({"units": MapOf(Int(0, 9)), "names": ListOf(Text(), 2)})
    with pytest.raises(ParseError) as caught:
        spec.check({"units": {"infantry": "x"}}, "")
    spanish = caught.value.translated(Translator("es"))
    assert spanish == 'units.infantry: se esperaba un número entero de 0 a 9, no "x"'
    with pytest.raises(ParseError) as caught:
        spec.check({"colour": 1}, "")
    assert "campo(s) desconocido(s) colour" in caught.value.translated(Translator("es"))


def test_an_accepted_action_nested_near_the_limit_still_saves_and_reads_back(tetrarchia_game):
    listed = tetrarchia_game.legal_actions()[0]
    tetrarchia_game.act({**listed, "cost": nested(29)})      # information, accepted as it is
    again = Session.from_json(tetrarchia.RULES, tetrarchia_game.to_json())
    assert again.states == tetrarchia_game.states
