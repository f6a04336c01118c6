"""Refusals name what they are about in words, never by id: a battle's step, a retreat's
choices, a leader's rating, a city or town, an optional rule, a phase, and where temporary units
come from, in English and in Spanish."""
from __future__ import annotations

import pytest

from forge.engine.core import IllegalAction, Session
from forge.engine.pax_romana import RULES
from forge.i18n import Translator

EN = Translator("en", strict=False)
ES = Translator("es", strict=False)
LI = "light_infantry"


def refusal(session: Session, action: dict) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        session.act(action)
    return caught.value


def battle(options=None, dice=(2, 5)) -> Session:
    session = Session(RULES, options or {}, seed=None)
    session.act({"type": "battle", "attacker": {"power": "rome", "units": {LI: 12}},
                 "defender": {"power": "carthage", "units": {LI: 6}}}, dice_values=list(dice))
    return session


def test_a_battle_step_is_named():
    err = refusal(battle(), {"type": "losses", "side": "defender"})
    assert err.translated(EN) == "the battle is at its shifts step"
    assert "desplazamientos" in err.translated(ES)
    err = refusal(battle({"optional": {"reroll": True}}),
                  {"type": "allocate", "side": "attacker", "raise": 0})
    assert err.translated(EN) == "the battle is at its re-roll step"


def test_retreat_choices_are_named():
    session = battle(dice=(3, 3))
    session.act({"type": "allocate", "side": "attacker", "raise": 0})
    err = refusal(session, {"type": "retreat", "side": "defender", "choice": "force"})
    assert err.translated(EN) == "the defender chooses retreat or stay"
    assert err.translated(ES) == "el defensor elige retirada o quedarse"


def test_a_rating_a_city_and_an_optional_rule_are_named():
    session = Session(RULES, {}, seed=None)
    err = refusal(session, {"type": "set-leaders", "power": "rome",
                            "leaders": [{"tactical": 5, "campaign": 3}]})
    assert err.translated(EN) == "a leader's Tactical rating is 1 to 4"
    assert "Táctico" in err.translated(ES)
    err = refusal(session, {"type": "battle", "attacker": {"power": "rome", "units": {LI: 6}},
                            "defender": {"power": "carthage", "units": {LI: 6}},
                            "defence": {"kind": "city", "walls": 2}})
    assert err.translated(EN) == "a City has 3 to 5 wall points in combat"
    with pytest.raises(IllegalAction) as caught:
        Session(RULES, {"format": "basic", "optional": {"mountain_attrition": True}}, seed=None)
    assert "Attrition in Mountain Fortresses" in caught.value.translated(EN)


def test_where_temporary_units_come_from_is_named():
    session = Session(RULES, {}, seed=None)
    err = refusal(session, {"type": "add-temporary", "power": "rome", "source": "mercenaries",
                            "units": {"mercenary_heavy_infantry": 1}})
    assert err.translated(EN) == "Rome never gets mercenaries"
    assert err.translated(ES) == "Roma nunca recibe mercenarios"
    err = refusal(session, {"type": "add-temporary", "power": "greece",
                            "source": "soldier_of_fortune", "units": {"heavy_infantry": 4}})
    assert err.translated(EN) == ("the Soldier of Fortune's army: a force on the map, not "
                                  "units in the books; the events screen places it and the "
                                  "force action records its losses")
    assert err.translated(ES).startswith("el ejército del Soldado de Fortuna: una fuerza")


def test_a_hand_over_the_limit_names_its_power():
    session = Session(RULES, {}, seed=None)
    for card in ("alliance", "spies", "traitor", "cunctator"):
        session.act({"type": "draw-card", "power": "east", "card": card})
    err = refusal(session, {"type": "next-phase"})
    assert err.translated(EN) == ("The East holds more than 3 event cards: it plays or "
                                  "discards one first")
    assert err.translated(ES).startswith("Oriente tiene más de 3 cartas")
