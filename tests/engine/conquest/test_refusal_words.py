"""The refusals of issue 16 (deck, withdrawal, Fair Wind, diplomacy troops, starting influence)
read in the player's language: Spanish templates, and places, cards and units by their Spanish
names (forge/engine/conquest/refusal.py)."""
import pytest

from forge.engine.conquest import RULES
from forge.engine.core import ActionError, Session
from forge.i18n import Translator
from tests.engine.conquest.round_games import PLAYERS, game, refusal


def test_deck_refusals_in_spanish():
    session = game(books={"bernardo": {"cards": ["assassin"]}})
    assert refusal(session, {"type": "offer-cards", "cards": ["vote-hail-caesar"]}).endswith(
        "los Votos Senatoriales están boca arriba desde el comienzo y nunca se reparten de "
        "la baraja")
    said = refusal(session, {"type": "offer-cards", "cards": ["assassin"]})
    assert said.startswith("Asesino está en manos de bernardo"), said
    said = refusal(session, {"type": "offer-cards", "cards": ["political-personality"] * 6})
    assert "la baraja tiene 5 en total y quedan 5" in said, said


def test_diplomacy_refusals_name_units_and_places_in_spanish():
    session = game(books={"angela": {"cards": ["diplomacy-italia"]}},
                   army={"angela": {"italia": {"infantry": 1}},
                         "bernardo": {"italia": {"infantry": 3}, "egypt": {"infantry": 1}}})
    said = refusal(session, {"type": "battle", "player": "angela", "province": "italia",
                             "defender": "bernardo",
                             "support": {"attacker": {"diplomacy": {"infantry": 9}}}})
    assert said.startswith("Alianza con el Senado aporta 4 "), said
    assert "no 9 " in said and "infantry" not in said, said


def test_withdrawal_refusals_in_spanish():
    session = game(withdrawal={"where": "galatia", "players": ["angela"]},
                   army={"angela": {"galatia": {"general": 1}}, "bernardo": {}})
    said = refusal(session, {"type": "pass", "player": "angela"})
    assert said.startswith("angela debe retirar primero los líderes que quedaron solos en "
                           "Galacia"), said
    said = refusal(session, {"type": "withdraw", "player": "angela", "to": "galatia"})
    assert said.endswith("adyacente a Galacia, no a Galacia"), said


def test_fair_wind_refusal_in_spanish():
    session = game(books={"bernardo": {"cards": ["fair-wind"]}},
                   army={"angela": {"aegean": {"galley": 2}},
                         "bernardo": {"aegean": {"galley": 1}}})
    session.act({"type": "naval", "player": "angela", "to": "aegean",
                 "battle": {"defender": "bernardo"}})
    said = refusal(session, {"type": "fair-wind", "player": "angela", "use": True})
    assert said == "bernardo tiene Viento a Favor y decide si se libra esta batalla naval, no angela"


def test_starting_influence_refusal_in_spanish():
    with pytest.raises(ActionError) as err:
        Session(RULES, {"players": PLAYERS, "first": "angela",
                        "influence": {"angela": {"asia": 4, "egypt": 0}}})
    said = err.value.translated(Translator("es"))
    assert said.startswith("la influencia inicial de angela en Egipto debe ser un número entero"), said
