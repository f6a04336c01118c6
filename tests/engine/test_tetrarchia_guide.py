"""Tetrarchia's set-up guide (forge/engine/tetrarchia/guide.py): the steps of setting the real
board up, read from the log's set-up entry."""
from __future__ import annotations

from forge.engine.core import Session
from forge.engine.tetrarchia import RULES
from forge.engine.tetrarchia.guide import roll_reason, setup_guide
from forge.i18n import Translator

EN, ES = Translator("en", strict=False), Translator("es", strict=False)


def guide(options, tr=EN, seed=7):
    session = Session(RULES, options, seed)
    return session, setup_guide(session.entries[0], session.states[0], tr)


def test_every_piece_of_the_set_up_is_in_one_step():
    session, steps = guide({"level": "3322"})
    state = session.states[0]
    assert [s["id"] for s in steps] == ["pieces", "fleets", "revolts", "extra", "armies",
                                        "emperors"]
    by_id = {s["id"]: s for s in steps}
    assert by_id["fleets"]["places"] == state["fleets"] and len(state["fleets"]) == 3
    discs = by_id["revolts"]["places"] + by_id["extra"]["places"]
    assert sorted(discs) == sorted(state["discs"]) and len(by_id["revolts"]["places"]) == 6
    assert len(by_id["extra"]["places"]) == 2
    assert sorted(by_id["armies"]["places"]) == sorted(state["figures"])
    assert all(len(s["lines"]) == len(s["places"]) for s in steps
               if s["id"] in ("fleets", "revolts", "extra", "armies"))
    assert "ROMA" in by_id["emperors"]["places"]
    assert "3 discs" in by_id["pieces"]["lines"][0]
    # each step's board: its pieces and the earlier steps', none of the later ones
    assert not by_id["pieces"]["state"]["discs"] and not by_id["pieces"]["state"]["fleets"]
    assert sorted(by_id["revolts"]["state"]["discs"]) == sorted(by_id["revolts"]["places"])
    assert not by_id["extra"]["state"]["figures"]
    assert by_id["armies"]["state"]["discs"] == state["discs"]
    assert by_id["emperors"]["state"]["figures"] == state["figures"]


def test_a_level_without_extra_discs_or_armies_has_no_such_steps():
    _session, steps = guide({"level": "5100"})
    assert [s["id"] for s in steps] == ["pieces", "fleets", "revolts", "emperors"]


def test_a_given_position_is_one_step_of_every_piece():
    position = {"discs": {"GALLAECIA": "revolt", "ROMA": "diocletian"},
                "figures": {"BRITANNIA": "army"}}
    _session, steps = guide({"position": position})
    assert [s["id"] for s in steps] == ["pieces", "position", "emperors"]
    lines = steps[1]["lines"]
    assert "GALLAECIA: a Revolt disc" in lines and "BRITANNIA: a barbarian army" in lines
    assert {"GALLAECIA", "ROMA", "BRITANNIA"} <= set(steps[1]["places"])


def test_the_guide_and_the_roll_reasons_in_spanish():
    _session, steps = guide({"level": "4211"}, ES)
    assert steps[0]["title"] == "Piezas"
    assert steps[-1]["lines"][0] == "Capital de Diocleciano: BITHYNIA"
    assert roll_reason("set-up: Revolt in GALLIA", ES) == \
        "el disco de Revuelta de GALLIA (con un 1 se vuelve a tirar)"
    assert roll_reason("set-up: army, region", ES) == "la región de un ejército bárbaro"
    assert roll_reason("something else", ES) == "something else"
