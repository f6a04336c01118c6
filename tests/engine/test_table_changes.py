"""What to put back on the table after an undo (or forward after a redo): each game's
`table_changes(before, after, tr, names)`, case by case as data: a state at the start of a game,
what differs before and after (a patch over it: a value replaces, None removes, a mapping
merges), and the lines expected in English (and in Spanish where given)."""
from __future__ import annotations

import copy

import pytest

from forge.engine import conquest, tetrarchia
from forge.engine.core import Session
from forge.i18n import Translator
from forge.registry import engine_for

CONQUEST_OPTIONS = {"players": ["Livia", "Marcus"], "first": "Livia",
                    "influence": {"Livia": {"asia": 4}, "Marcus": {"egypt": 2, "sicilia": 2}}}

TETRARCHIA_CASES = [
    {"name": "nothing changed", "before": {}, "after": {}, "en": []},
    {"name": "an emperor goes back where he stood",
     "before": {"emperors": {"diocletian": {"at": "ROMA"}}},
     "after": {"emperors": {"diocletian": {"at": "PANNONIA_INFERIOR"}}},
     "en": ["Move Diocletian from ROMA to PANNONIA INFERIOR."],
     "es": ["Mueve a Diocleciano de ROMA a PANNONIA INFERIOR."]},
    {"name": "an emperor who entered leaves the board, one defeated comes back",
     "before": {"emperors": {"diocletian": {"at": "ROMA"}, "galerius": {"at": None}}},
     "after": {"emperors": {"diocletian": {"at": None}, "galerius": {"at": "THRACIA"}}},
     "en": ["Take Diocletian off the board (from ROMA).", "Put Galerius in THRACIA."]},
    {"name": "discs: a Revolt disc removed, one put, an Agitation disc replaced, a disc of an "
             "emperor back to him",
     "before": {"discs": {"LVGDVNENSIS": "revolt", "DACIA": None, "ASIA": "agitation",
                          "APVLIA": "maximian"}},
     "after": {"discs": {"LVGDVNENSIS": None, "DACIA": "revolt", "ASIA": "revolt",
                         "APVLIA": None}},
     "en": ["Remove the disc of Maximian from APVLIA (back to its emperor).",
            "Remove the Revolt disc from LVGDVNENSIS (back to the reserve).",
            "In ASIA, replace the Agitation disc with a Revolt disc.",
            "Put a Revolt disc in DACIA."],
     "es": ["Quita el disco de Maximiano de APVLIA (vuelve a su emperador).",
            "Quita el disco de Revuelta de LVGDVNENSIS (vuelve a la reserva).",
            "En ASIA, cambia el disco de Agitación por un disco de Revuelta.",
            "Pon un disco de Revuelta en DACIA."]},
    {"name": "a barbarian army that advanced goes back; one that appeared is removed",
     "before": {"figures": {"PERSIS": None, "CILICIA": "army", "DACIA": "army"}},
     "after": {"figures": {"PERSIS": "army", "CILICIA": None, "DACIA": None}},
     "en": ["Move the barbarian army from CILICIA to PERSIS.",
            "Remove the barbarian army from DACIA (back to the reserve)."],
     "es": ["Mueve el ejército bárbaro de CILICIA a PERSIS.",
            "Quita el ejército bárbaro de DACIA (vuelve a la reserva)."]},
    {"name": "an army put back on the board",
     "before": {"figures": {"PERSIS": None}}, "after": {},
     "en": ["Put a barbarian army in PERSIS."]},
    {"name": "a fleet sails back",
     "before": {"fleets": ["MARE_ATLANTICVM", "MARE_AEGAEVM"]},
     "after": {"fleets": ["MARE_INTERNVM", "MARE_AEGAEVM"]},
     "en": ["Sail a fleet from MARE ATLANTICVM to MARE INTERNVM."]},
    {"name": "glory discs and discs out of the game beside the board",
     "before": {"emperors": {"maximian": {"glory": 2, "out": 1}}},
     "after": {"emperors": {"maximian": {"glory": 1, "out": 0}}},
     "en": ["Maximian: glory discs from 2 to 1.",
            "Maximian: discs out of the game from 1 to 0."]},
    {"name": "what the table does not show (PI, the turn, the reserve) is not listed",
     "before": {"pi": 2, "turn": "galerius", "reserve": {"agitation": 3}}, "after": {},
     "en": []},
]

CONQUEST_CASES = [
    {"name": "nothing changed", "before": {}, "after": {}, "en": []},
    {"name": "units placed at the start go back to the player's box",
     "before": {"army": {"Livia": {"asia": {"infantry": 3, "caesar": 1}}}},
     "after": {},
     "en": ["Livia: take 3 Infantry, 1 Caesar off Asia."],
     "es": ["Livia: retira 3 Infanterías, 1 César de Asia."]},
    {"name": "a move is undone as one line",
     "before": {"army": {"Marcus": {"egypt": {"infantry": 1}, "numidia": {"infantry": 2}}}},
     "after": {"army": {"Marcus": {"egypt": {"infantry": 3}, "numidia": None}}},
     "en": ["Marcus: move 2 Infantry from Numidia to Egypt."]},
    {"name": "a battle's losses come back and the city returns to its owner",
     "before": {"army": {"Livia": {"egypt": {"cavalry": 1}}}, "cities": {"egypt": "Livia"}},
     "after": {"army": {"Livia": {"egypt": {"cavalry": 2, "infantry": 1}}},
               "cities": {"egypt": "Marcus"}},
     "en": ["Livia: put 1 Cavalry, 1 Infantry in Egypt.",
            "The city in Egypt goes from Livia to Marcus."]},
    {"name": "a city built is removed, one razed is put back",
     "before": {"cities": {"asia": "Livia"}}, "after": {"cities": {"hispania": "Marcus"}},
     "en": ["Remove the city of Livia from Asia.", "Put a city of Marcus in Hispania."],
     "es": ["Quita la Ciudad de Livia de Asia.", "Pon una Ciudad de Marcus en Hispania."]},
    {"name": "the books: talents, chaos, VP and influence tokens",
     "before": {"books": {"Marcus": {"talents": 70, "chaos": 1, "vp": 2,
                                     "influence": {"egypt": 3}}}},
     "after": {},
     "en": ["Marcus: talents from 70 to 80.", "Marcus: chaos from 1 to 0.",
            "Marcus: VP from 2 to 0.", "Marcus: influence tokens in Egypt from 3 to 2."],
     "es": ["Marcus: talentos, de 70 a 80.", "Marcus: caos, de 1 a 0.", "Marcus: PV, de 2 a 0.",
            "Marcus: Fichas de Influencias en Egipto, de 3 a 2."]},
    {"name": "province tokens and the turn-order boxes",
     "before": {"tokens": {"asia": 1}, "boxes": ["Livia"]}, "after": {"tokens": {"asia": 2}},
     "en": ["Province tokens of Asia on offer: from 1 to 2.", "Turn-order boxes: -."]},
    {"name": "what the table does not show (the turn, the auction) is not listed",
     "before": {"turn": {"index": 1}, "round": 2}, "after": {}, "en": []},
]


def patched(state: dict, patch: dict) -> dict:
    out = copy.deepcopy(state)
    for key, value in patch.items():
        if value is None:
            out.pop(key, None)
        elif isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = patched(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def check(engine, base: dict, case: dict) -> None:
    before, after = patched(base, case["before"]), patched(base, case["after"])
    for lang in ("en", "es"):
        if lang in case:
            tr = Translator(lang)
            names = engine.describe.names(tr)
            assert engine.table_changes(before, after, tr, names) == case[lang], case["name"]


@pytest.fixture(scope="module")
def tetrarchia_start():
    return Session(tetrarchia.RULES, {"players": 4}, seed=7).state


@pytest.fixture(scope="module")
def conquest_start():
    return Session(conquest.RULES, CONQUEST_OPTIONS, seed=3).state


@pytest.mark.parametrize("case", TETRARCHIA_CASES, ids=[c["name"] for c in TETRARCHIA_CASES])
def test_tetrarchia_table_changes(tetrarchia_start, case):
    check(tetrarchia, tetrarchia_start, case)


@pytest.mark.parametrize("case", CONQUEST_CASES, ids=[c["name"] for c in CONQUEST_CASES])
def test_conquest_table_changes(conquest_start, case):
    check(conquest, conquest_start, case)


@pytest.mark.parametrize("game", ["tetrarchia", "conquest-of-the-empire-2"])
def test_each_game_exports_it_where_the_session_finds_it(game):
    assert callable(getattr(engine_for(game).module, "table_changes", None))


def test_undoing_a_real_end_turn_lists_the_barbarian_phase_backwards():
    session = Session(tetrarchia.RULES, {"players": 4}, seed=7)
    session.act({"type": "enter", "province": "ROMA"})
    session.act({"type": "end_turn"})
    lines = tetrarchia.table_changes(session.states[2], session.states[1], Translator("en"))
    forward = tetrarchia.table_changes(session.states[1], session.states[2], Translator("en"))
    assert lines and forward and len(lines) == len(forward)
    assert all(line.endswith(".") for line in lines)


def test_the_places_of_the_changes_for_a_map_to_ring(tetrarchia_start):
    before = patched(tetrarchia_start, {"discs": {"ASIA": "agitation"},
                                        "figures": {"PERSIS": None, "CILICIA": "army"},
                                        "emperors": {"diocletian": {"at": "ROMA"}},
                                        "fleets": ["MARE_ATLANTICVM", "MARE_AEGAEVM"]})
    after = patched(tetrarchia_start, {"emperors": {"diocletian": {"at": "APVLIA"}}})
    assert tetrarchia.changed_places(before, after) == [
        "ROMA", "APVLIA", "CILICIA", "ASIA", "PERSIS", "MARE_ATLANTICVM", "MARE_INTERNVM"]
    assert tetrarchia.changed_places(after, after) == []
