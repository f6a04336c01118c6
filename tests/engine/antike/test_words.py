"""ANTIKE's events and refusals in words, in English and (strictly, every word found) Spanish."""
from __future__ import annotations

import pytest

from forge import i18n
from forge.engine.antike import RULES, describe
from forge.engine.antike.words import WRITERS
from forge.engine.core import ActionError, Session

CITIES = {"greeks": {"athens": "marble", "sparta": "iron", "corinth": "gold"},
          "romans": {"roma": "marble", "capua": "iron", "ostia": "gold"},
          "germans": {"colonia": "marble", "noricum": "iron", "treveri": "gold"}}
EVENTS = [
    {"kind": "setup", "side": "west", "order": ["greeks"], "owners": {"greeks": "ana"}},
    {"kind": "start-cities", "civ": "greeks", "cities": {"athens": "marble"}},
    {"kind": "turn", "civ": "greeks", "player": "ana", "number": 3},
    {"kind": "coin", "civ": "greeks", "resource": "coin"},
    {"kind": "coin", "civ": "greeks", "resource": "iron"},
    {"kind": "rondel", "civ": "greeks", "space": "maneuver", "position": 7, "steps": 4, "cost": 1},
    {"kind": "rondel", "civ": "greeks", "space": "gold", "position": 0, "steps": 0, "cost": 0},
    {"kind": "paid", "civ": "greeks", "pay": {"gold": 2, "coin": 1}, "why": "progress"},
    {"kind": "produced", "civ": "greeks", "resource": "marble", "amount": 5},
    {"kind": "temple-built", "civ": "greeks", "province": "athens"},
    {"kind": "armed", "civ": "greeks", "province": "athens", "legion": 2, "galley": 1},
    {"kind": "progress", "civ": "greeks", "progress": "navigation", "price": 10, "first": True},
    {"kind": "progress", "civ": "greeks", "progress": "boats", "price": 3, "first": False},
    {"kind": "moved", "civ": "romans", "from": "ephesos", "to": "athens", "legion": 0,
     "galley": 4, "border": "water"},
    {"kind": "battle", "province": "athens", "unit": "galley",
     "removed": {"greeks": 1, "romans": 1}, "demanded_by": "greeks"},
    {"kind": "conquered", "civ": "romans", "owner": "greeks", "province": "athens", "power": 5,
     "losses": {"galley": 5, "legion": 0}, "defender_losses": {"legion": 1, "galley": 1},
     "temple": True},
    {"kind": "city-abandoned", "civ": "romans", "province": "roma"},
    {"kind": "maneuver-ended", "civ": "romans"},
    {"kind": "city-founded", "civ": "greeks", "province": "thrace", "resource": "gold"},
    {"kind": "personality", "civ": "greeks", "personality": "king", "number": 2},
    {"kind": "pile-empty", "civ": "greeks", "personality": "navigator"},
    {"kind": "deadlock"},
    {"kind": "won", "civ": "greeks", "personalities": 10, "deadlock": False},
    {"kind": "won", "civ": "persians", "personalities": 6, "deadlock": True},
    {"kind": "seas", "civ": "greeks", "seas": 7},
    {"kind": "rondel-order", "rondel": ["gold", "marble"]},
    {"kind": "bank", "coins": None},
    {"kind": "bank", "coins": 4},
    {"kind": "adjusted", "civ": "greeks", "changes": {"coins": 1}, "why": "forgotten"},
]


def test_every_event_kind_is_in_the_list():
    assert {event["kind"] for event in EVENTS} == set(WRITERS)


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: e["kind"])
def test_every_event_has_words_in_spanish(event):
    spanish = i18n.Translator("es", strict=True)
    words = describe(event, spanish)
    assert words and "{" not in words


def test_the_spanish_words_name_things_by_their_names():
    spanish = i18n.Translator("es", strict=True)
    produced = {"kind": "produced", "civ": "greeks", "resource": "marble", "amount": 5}
    assert describe(produced, spanish) == "Griegos: produce 5 de Mármol"


@pytest.mark.parametrize("action", [
    {"type": "rondel", "civ": "romans", "space": 1},
    {"type": "build-temples", "civ": "greeks", "cities": ["athens"]},
    {"type": "buy-progress", "civ": "greeks", "progresses": ["roads"]},
    {"type": "rondel", "civ": "greeks", "space": 1, "pay": {"gold": 1}},
], ids=["turn", "space", "progress", "payment"])
def test_refusals_translate_whole(action):
    session = Session(RULES, {"players": ["ana", "ben", "cai"], "start_cities": CITIES})
    with pytest.raises(ActionError) as refused:
        session.act(action)
    spanish = refused.value.translated(i18n.Translator("es", strict=True))
    assert spanish and "{" not in spanish and spanish != str(refused.value)


def test_a_refused_rondel_order_names_the_spaces_in_the_players_language():
    session = Session(RULES, {"players": ["ana", "ben", "cai"], "start_cities": CITIES})
    with pytest.raises(ActionError) as refused:
        session.act({"type": "set-rondel-order", "rondel": ["gold"] * 8})
    assert str(refused.value).startswith("the rondel has 8 spaces: gold, marble, iron")
    spanish = refused.value.translated(i18n.Translator("es", strict=True))
    assert "Oro, Mármol, Hierro, Maniobra" in spanish, spanish
