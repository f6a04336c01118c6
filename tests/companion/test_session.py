"""TableSession, the screens' door to the engine: legal actions, engine errors unchanged, dice
from the app or from the table, the log in words in two languages, pause."""
import json

import pytest

from companion.session import TableSession, describer_for
from companion.store import Store
from forge.engine.core import IllegalAction, Session
from forge.engine.dice import BadRoll, NeedRoll
from forge.engine.tetrarchia import RULES

OPTIONS = {"level": "4211", "players": 2}


@pytest.fixture
def store(tmp_path):
    return Store(tmp_path, RULES)


def end_turn(table, dice=None):
    return table.act({"type": "end_turn"}, dice)


def play_to_a_roll(table):
    """Play legal actions until the next end of turn needs dice; return its index."""
    for _ in range(200):
        legal = table.legal_actions()
        if any(a["type"] == "end_turn" for a in legal):
            return
        table.act(legal[0])
    raise AssertionError("no end of turn")


def test_app_dice_replay_like_the_engine(store):
    table = TableSession.start(store, RULES, OPTIONS, seed=9)
    reference = Session(RULES, OPTIONS, seed=9)
    for _ in range(25):
        legal = table.legal_actions()
        assert legal == reference.legal_actions()
        if not legal:
            break
        table.act(legal[-1])
        reference.act(legal[-1])
    assert table.state == reference.state


def test_engine_errors_come_through_unchanged(store):
    table = TableSession.start(store, RULES, OPTIONS, seed=9)
    with pytest.raises(IllegalAction):
        table.redo()
    with pytest.raises(IllegalAction):
        table.goto(7)
    assert table.position == 0


def test_physical_dice_ask_for_each_roll_then_take_them(store):
    table = TableSession.start(store, RULES, OPTIONS, seed=9, dice_mode="physical")
    play_to_a_roll(table)
    entered = []
    while True:                             # what a screen does: ask for the die it names
        try:
            end_turn(table, entered)
            break
        except NeedRoll as need:
            assert need.index == len(entered) and need.die in RULES.dice_faces
            entered.append(3)
    assert entered, "the barbarian phase rolls dice"
    rolls = table.log()[-1]["rolls"]
    assert [r["value"] for r in rolls] == entered
    assert {r["source"] for r in rolls} == {"entered"}
    table.undo()
    with pytest.raises(BadRoll):
        end_turn(table, [9] * len(entered))
    reopened = TableSession.resume(store, table.game.id)
    assert reopened.dice_mode == "physical"


def test_switching_dice_mode_is_saved(store):
    table = TableSession.start(store, RULES, OPTIONS, seed=9)
    table.dice_mode = "physical"
    assert TableSession.resume(store, table.game.id).dice_mode == "physical"
    table.dice_mode = "app"
    assert store.list_games()[0]["dice_mode"] == "app"
    with pytest.raises(ValueError):
        table.dice_mode = "loaded"


def test_a_game_without_generator_needs_setup_dice(store):
    with pytest.raises(NeedRoll):
        TableSession.start(store, RULES, OPTIONS, seed=None, dice_mode="physical")
    assert store.list_games() == []
    rolls = Session(RULES, OPTIONS, seed=4).entries[0]["rolls"]
    table = TableSession.start(store, RULES, OPTIONS, seed=None, dice_mode="physical",
                               dice=[r["value"] for r in rolls])
    with pytest.raises(ValueError):
        table.dice_mode = "app"


def test_log_in_words_and_language_switch(store):
    table = TableSession.start(store, RULES, OPTIONS, seed=9)
    play_to_a_roll(table)
    end_turn(table)
    log = table.log()
    assert log[0]["action"]["type"] == "setup" and log[0]["words"]
    assert all(isinstance(w, str) and w for entry in log for w in entry["words"])
    english = [w for entry in log for w in entry["words"]]
    table.set_language("es")
    spanish = [w for entry in table.log() for w in entry["words"]]
    assert len(spanish) == len(english) and spanish != english
    table.undo()
    assert table.log()[-1]["undone"] and not table.log()[-2]["undone"]


def test_generic_rules_without_words(store):
    assert describer_for("no-such-game") is None
    table = TableSession.start(store, RULES, OPTIONS, seed=9)
    table.describe = None
    assert table.log()[0]["words"][0] == table.log()[0]["events"][0]["kind"]


def test_pause_writes_a_snapshot_and_empties_the_journal(store):
    table = TableSession.start(store, RULES, OPTIONS, seed=9)
    for _ in range(3):
        table.act(table.legal_actions()[0])
    table.pause()
    folder = table.game.folder
    assert (folder / "journal.jsonl").read_text() == ""
    saved = json.loads((folder / "snapshot.json").read_text())
    assert saved["position"] == 3 and len(saved["entries"]) == 4
    assert TableSession.resume(store, table.game.id, "es").state == table.state


def test_goto_preview_says_what_going_back_means_at_the_table(store):
    table = TableSession.start(store, RULES, OPTIONS, seed=7)
    table.act({"type": "enter", "province": "ROMA"})
    end_turn(table)
    back = table.goto_preview(1)
    assert back["back"] and back["seen_dice"] == "rolled" and back["changes"]
    assert back["changes"] == table_changes_between(table, 2, 1)
    table.set_language("es")
    assert table.goto_preview(1)["changes"] != back["changes"]        # in Spanish now
    assert back["places"] and all(isinstance(p, str) for p in back["places"])
    assert table.goto_preview(2) == {"index": 2, "back": False, "seen_dice": None,
                                     "changes": [], "places": []}
    table.goto(1)
    forward = table.goto_preview(2)
    assert not forward["back"] and forward["seen_dice"] is None and forward["changes"]
    entry = table.act(next(a for a in table.legal_actions() if a["type"] == "move"))
    assert entry["reseed"] is not None and table.log()[2]["new_dice"]
    with pytest.raises(IndexError):
        table.goto_preview(9)


def table_changes_between(table, before, after):
    from forge.engine.tetrarchia import table_changes

    states = table.game.session.states
    return table_changes(states[before], states[after], table.translator)


def test_goto_preview_with_dice_rolled_at_the_table(store):
    table = TableSession.start(store, RULES, OPTIONS, seed=7, dice_mode="physical")
    table.act({"type": "enter", "province": "ROMA"})
    dice = []
    while True:
        try:
            end_turn(table, dice)
            break
        except NeedRoll:
            dice.append(2)
    preview = table.goto_preview(1)
    assert preview["seen_dice"] == "entered"
    table.goto(1)
    entry = table.act(next(a for a in table.legal_actions() if a["type"] == "move"))
    assert "reseed" not in entry                # dice from the table are never reseeded


def test_goto_preview_of_a_game_that_cannot_tell_its_table_changes(store, monkeypatch):
    import companion.session as session_module

    monkeypatch.setattr(session_module, "table_changes_for", lambda game: None)
    table = TableSession.start(store, RULES, OPTIONS, seed=7)
    table.act({"type": "enter", "province": "ROMA"})
    assert table.goto_preview(0)["changes"] is None
