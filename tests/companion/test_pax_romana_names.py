"""The words of the Pax Romana companion: every shift cause of the rule data and every action
of the engine has its own words (none shown as a raw id), a log entry's action names its power,
and an event, rebellion or invasion drawn is told with its dice, name and text, in Spanish too."""
from __future__ import annotations

from companion.screens.pax_romana_names import (
    action_label,
    cause_words,
    procedure_words,
    table_result,
    tables,
)
from forge.engine.pax_romana.schemas import ACTIONS
from forge.i18n import Translator

EN = Translator("en", strict=False)
ES = Translator("es", strict=False)


def test_every_shift_cause_and_action_has_words():
    for cause in tables().combat["shifts"]["causes"]:
        assert cause_words(cause["id"], ES) != cause["id"].replace("_", " "), cause["id"]
    for kind in ACTIONS:
        assert procedure_words(kind, EN) != kind, kind


def test_a_log_entry_names_its_power_and_its_battle():
    assert action_label({"type": "pay-activation", "power": "rome"}, EN) == \
        "Pay the activation · Rome"
    battle = {"type": "battle", "attacker": {"power": "greece"},
              "defender": {"power": "east"}}
    assert action_label(battle, EN) == "Land battle · Greece against The East"
    assert action_label(battle, ES) == "Batalla terrestre · Grecia contra Oriente"


def test_an_event_drawn_in_words():
    last = {"kind": "event", "dice": [3, 5], "total": 8, "event": "revenues_and_stability"}
    assert table_result(last, EN)[:2] == ["Dice 3 + 5 = 8", "Revenues & Stability"]
    assert table_result(last, ES)[:2] == ["Dados 3 + 5 = 8", "Ingresos y Estabilidad"]
    assert len(table_result({"kind": "invasion", "dice": [2, 5], "total": 7,
                             "invader": "western_gauls"}, EN)) == 3
    assert table_result({"kind": "rebellion", "dice": [1, 1], "total": 2, "area": None},
                        EN) == ["Dice 1 + 1 = 2", "Nothing happens."]
    assert table_result({"kind": "attrition"}, EN) == []
