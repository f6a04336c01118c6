"""What to change on the real table between two states of ANTIKE (the undo's list)."""
from __future__ import annotations

from forge import i18n
from forge.engine.antike import RULES, progress, table_changes
from forge.engine.core import Session

CITIES = {"greeks": {"athens": "marble", "sparta": "iron", "corinth": "gold"},
          "romans": {"roma": "marble", "capua": "iron", "ostia": "gold"},
          "germans": {"colonia": "marble", "noricum": "iron", "treveri": "gold"}}


class English:
    lang = "en"

    def _(self, text):
        return text


def test_a_turn_undone_lists_the_marker_the_resources_and_the_coin():
    session = Session(RULES, {"players": ["ana", "ben", "cai"], "start_cities": CITIES})
    before = session.state
    session.act({"type": "rondel", "civ": "greeks", "space": 1})
    session.act({"type": "end-turn", "civ": "greeks"})
    lines = table_changes(session.state, before, English())
    assert "Greeks: take the rondel marker off the rondel" in lines
    assert "Greeks: marble 3 → 2" in [line.replace("Marble", "marble") for line in lines]
    assert "Romans: Coin 1 → 0" in lines
    forward = table_changes(before, session.state, i18n.Translator("es", strict=True))
    assert any(line.startswith("Griegos: marcador del rondel a Mármol") for line in forward)


def test_a_conquest_lists_cities_temples_units_and_personalities():
    before = {"civs": {"romans": {
        "rondel": 3, "cities": {"athens": {"resource": "marble", "temple": True}},
        "units": {"athens": {"galley": 6}}, "resources": {"marble": 0, "iron": 0, "gold": 0},
        "coins": 0, "progress": [], "personalities": {"general": []}}},
        "settings": {"rondel": ["gold"] * 8}}
    after = {"civs": {"romans": {
        "rondel": 3, "cities": {}, "units": {"athens": {"galley": 1}},
        "resources": {"marble": 0, "iron": 0, "gold": 0}, "coins": 0, "progress": ["boats"],
        "personalities": {"general": [1]}}}, "settings": {"rondel": ["gold"] * 8}}
    lines = table_changes(before, after, English())
    assert lines == ["Romans: take the city off athens", "take the temple off athens",
                     "Romans: take 5 Galleys off athens", "Romans: progress markers on Boats",
                     "Romans: take General 1"]


def test_the_resume_list_shows_whose_turn_it_is():
    session = Session(RULES, {"players": ["ana", "ben", "cai"], "start_cities": CITIES})
    assert progress(session.state) == {"phase": "play", "turn": 1, "civ": "greeks",
                                       "player": "ana"}
