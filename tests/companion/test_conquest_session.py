"""CONQUEST OF THE EMPIRE II through the companion's session: the rules lookup, the log in words,
the resume list's summary (season, round, whose turn) kept in the meta, undo."""
import json

import pytest

from companion.app import game_screens, games_in, rules_of, title_case
from forge.games import DEFAULT_CONTENT
from companion.session import TableSession, describer_for
from forge.engine.conquest import progress as conquest_progress
from companion.store import Store

GAME = "conquest-of-the-empire-2"
OPTIONS = {"players": ["Livia", "Marcus", "Tullia"], "first": "Livia"}


@pytest.fixture
def store(tmp_path):
    return Store(tmp_path, [rules_of("tetrarchia"), rules_of(GAME)])


def test_the_game_is_listed_with_its_rules_and_screens():
    from forge.engine.conquest import RULES

    assert rules_of(GAME) is RULES
    assert (GAME, "Conquest of the Empire II") in games_in(DEFAULT_CONTENT)
    assert game_screens(GAME) == ("conquest_setup", "conquest_books")
    assert title_case("CONQUEST OF THE EMPIRE II") == "Conquest of the Empire II"
    assert title_case("TETRARCHIA") == "Tetrarchia"


def test_log_in_words_and_progress_in_the_meta(store, tmp_path):
    table = TableSession.start(store, rules_of(GAME), OPTIONS, seed=3, name="Conquest")
    assert table.describe is describer_for(GAME)
    words = table.log()[0]["words"]
    assert words[0].startswith("A new game for Livia, Marcus, Tullia")
    meta = json.loads((tmp_path / table.game.id / "meta.json").read_text())
    assert meta["progress"] == {"season": 1, "seasons": 4, "round": 1, "phase": "auction",
                                "player": "Livia"}
    table.act({"type": "bid", "player": "Livia", "amount": 0, "a": "Livia", "b": "Marcus"})
    table.act({"type": "auction-pass", "player": "Marcus"})
    table.act({"type": "auction-pass", "player": "Tullia"})
    # the lone last token: Tullia's auction
    auction = table.state["auction"]
    table.act({"type": "bid", "player": auction["bidder"], "amount": 0, "a": "Tullia",
               "b": None})
    for _ in range(2):
        table.act({"type": "auction-pass", "player": table.state["auction"]["bidder"]})
    assert table.state["phase"] == "actions"
    progress = conquest_progress(table.state)
    assert progress["phase"] == "actions" and progress["player"] == "Livia"
    table.act({"type": "pass", "player": "Livia"})
    table.act({"type": "special-tax", "player": "Livia", "amount": 10})
    meta = json.loads((tmp_path / table.game.id / "meta.json").read_text())
    assert meta["progress"]["player"] == "Marcus"
    assert "Livia takes 2 chaos (special tax)" in table.log()[-1]["words"]
    table.undo()
    meta = json.loads((tmp_path / table.game.id / "meta.json").read_text())
    assert meta["progress"]["player"] == "Livia"
    # the summary survives a reopening
    again = TableSession.resume(store, table.game.id)
    assert again.game.meta["progress"]["player"] == "Livia"


def test_words_in_spanish(store):
    table = TableSession.start(store, rules_of(GAME), OPTIONS, seed=3, lang="es")
    assert all(isinstance(w, str) and w for w in table.log()[0]["words"])
