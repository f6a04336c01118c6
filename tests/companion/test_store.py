"""The game store: journal fsync'ed before a change is confirmed, torn lines, corrupt games kept
aside, other rules versions recognised, the resume list, undo/redo/goto persisted, compaction."""
import ast
import json
import os
from pathlib import Path

import pytest

from companion import store as store_module
from companion.store import (GameUnreadable, OtherRulesVersion, Store, UnknownGame)
from forge.engine.core import IllegalAction, ParseError, Session
from forge.engine.tetrarchia import RULES

OPTIONS = {"level": "4211", "players": 2}
COMPANION = Path(store_module.__file__).parent


def play(game, count):
    for _ in range(count):
        game.act(game.session.legal_actions()[-1])


@pytest.fixture
def store(tmp_path):
    return Store(tmp_path / "data", RULES)


def journal_lines(game):
    return (game.folder / "journal.jsonl").read_text().splitlines()


def test_core_files_import_no_kivy():
    for name in ("session.py", "store.py", "dice.py"):
        tree = ast.parse((COMPANION / name).read_text())
        imported = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                    for alias in node.names]
        imported += [node.module or "" for node in ast.walk(tree)
                     if isinstance(node, ast.ImportFrom)]
        assert not [m for m in imported if m.split(".")[0] == "kivy"], name


def test_journal_line_is_on_disk_and_fsynced_before_act_returns(store, monkeypatch):
    game = store.new_game(RULES, OPTIONS, seed=3)
    journal = game.folder / "journal.jsonl"
    seen = []
    real_fsync = os.fsync

    def recording_fsync(fd):
        target = os.readlink(f"/proc/self/fd/{fd}")
        lines = journal.read_text().splitlines() if target == str(journal) else None
        seen.append((target, lines))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", recording_fsync)
    action = game.session.legal_actions()[0]
    game.act(action)
    journal_syncs = [lines for target, lines in seen if target == str(journal)]
    assert len(journal_syncs) == 1
    # when fsync ran, the whole line was already written and flushed
    assert json.loads(journal_syncs[0][-1])["action"] == action
    seen.clear()
    game.undo()
    assert [json.loads(lines[-1])["op"] for target, lines in seen
            if target == str(journal)] == ["undo"]


def test_failed_journal_write_is_not_confirmed(store, monkeypatch):
    game = store.new_game(RULES, OPTIONS, seed=3)
    play(game, 2)

    def broken(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken)
    with pytest.raises(OSError):
        game.act(game.session.legal_actions()[0])
    monkeypatch.undo()
    assert game.session.position == 2      # back to what the files hold
    play(game, 1)


def test_engine_errors_pass_unchanged_and_nothing_is_journaled(store):
    game = store.new_game(RULES, OPTIONS, seed=3)
    with pytest.raises(ParseError):
        game.act({"type": "enter", "province": "NOWHERE"})
    with pytest.raises(IllegalAction):
        game.undo()
    assert journal_lines(game) == [] and game.session.position == 0


def test_reopen_replays_snapshot_and_journal(store):
    game = store.new_game(RULES, OPTIONS, seed=5)
    play(game, 6)
    again = store.open_game(game.id)
    assert again.session.state == game.session.state
    assert again.session.entries == game.session.entries
    assert again.recovered is None


def test_undo_redo_goto_are_persisted(store):
    game = store.new_game(RULES, OPTIONS, seed=5)
    play(game, 5)
    game.undo(2)
    assert store.open_game(game.id).session.position == 3
    game.redo()
    assert store.open_game(game.id).session.position == 4
    game.goto(1)
    reopened = store.open_game(game.id)
    assert reopened.session.position == 1 and len(reopened.session.entries) == 6
    play(reopened, 1)                       # a new action drops the undone entries
    assert len(store.open_game(game.id).session.entries) == 3


def test_torn_last_line_is_dropped_reported_and_cut(store):
    game = store.new_game(RULES, OPTIONS, seed=5)
    play(game, 3)
    state = game.session.state
    with open(game.folder / "journal.jsonl", "a") as stream:
        stream.write('{"op": "act", "action": {"type": "end_tu')
    again = store.open_game(game.id)
    assert "cut short" in again.recovered and "never confirmed" in again.recovered
    assert again.session.state == state and again.session.position == 3
    assert (game.folder / "journal.jsonl").read_text().endswith("\n")   # torn bytes cut
    play(again, 2)
    assert store.open_game(game.id).session.position == 5


def test_complete_json_without_newline_is_also_unconfirmed(store):
    game = store.new_game(RULES, OPTIONS, seed=5)
    play(game, 2)
    text = (game.folder / "journal.jsonl").read_text()
    (game.folder / "journal.jsonl").write_text(text.rstrip("\n"))
    meta = json.loads((game.folder / "meta.json").read_text())
    meta["seq"] = 1             # the meta as it was: it follows a line only once it is whole
    (game.folder / "meta.json").write_text(json.dumps(meta))
    again = store.open_game(game.id)
    assert again.recovered and again.session.position == 1


def test_a_journal_that_lost_confirmed_lines_is_not_trusted(store):
    game = store.new_game(RULES, OPTIONS, seed=5)
    play(game, 3)
    (game.folder / "journal.jsonl").write_text("")
    with pytest.raises(GameUnreadable, match="lacks changes that were confirmed"):
        store.open_game(game.id)


@pytest.mark.parametrize("damage", ["middle-line", "snapshot", "replay"])
def test_corrupt_game_is_moved_aside_never_deleted(store, damage):
    game = store.new_game(RULES, OPTIONS, seed=5)
    play(game, 3)
    journal = game.folder / "journal.jsonl"
    lines = journal.read_text().splitlines()
    if damage == "middle-line":
        lines[1] = "#@!garbage"
        journal.write_text("\n".join(lines) + "\n")
    elif damage == "snapshot":
        (game.folder / "snapshot.json").write_text('{"format": "forge-sess')
    else:
        line = json.loads(lines[0])
        line["action"] = {"type": "enter", "province": "NOWHERE"}
        lines[0] = json.dumps(line)
        journal.write_text("\n".join(lines) + "\n")
    files = {p.name: p.read_bytes() for p in game.folder.iterdir()}
    with pytest.raises(GameUnreadable) as caught:
        store.open_game(game.id)
    kept = caught.value.kept
    assert kept.name.startswith(f"{game.id}.corrupt-") and not game.folder.exists()
    assert {p.name: p.read_bytes() for p in kept.iterdir()} == files
    message = str(caught.value)
    assert "cannot be used" in message and "Nothing was deleted" in message
    assert str(kept) in message
    assert store.list_games() == []
    with pytest.raises(UnknownGame):
        store.open_game(game.id)


def test_other_rules_version_is_recognised_and_left_alone(store):
    game = store.new_game(RULES, OPTIONS, seed=5)
    play(game, 2)
    game.snapshot()
    snapshot = game.folder / "snapshot.json"
    data = json.loads(snapshot.read_text())
    data["rules_version"] = "0"
    snapshot.write_text(json.dumps(data))
    meta = json.loads((game.folder / "meta.json").read_text())
    meta["rules_version"] = "0"
    (game.folder / "meta.json").write_text(json.dumps(meta))
    before = snapshot.read_bytes()
    with pytest.raises(OtherRulesVersion) as caught:
        store.open_game(game.id)
    assert caught.value.rules_version == "0"
    assert "rules version 0" in str(caught.value) and "left unchanged" in str(caught.value)
    assert snapshot.read_bytes() == before and game.folder.exists()
    assert store.list_games()[0]["playable"] is False


def test_list_games_newest_first_with_resume_fields(store):
    first = store.new_game(RULES, OPTIONS, seed=1, name="Monday")
    second = store.new_game(RULES, OPTIONS, seed=2, name="Tuesday")
    assert [g["name"] for g in store.list_games()] == ["Tuesday", "Monday"]
    play(first, 1)
    first.snapshot()
    games = store.list_games()
    assert [g["name"] for g in games] == ["Monday", "Tuesday"]
    meta = games[0]
    assert meta["id"] == first.id and meta["game"] == "tetrarchia"
    assert meta["rules_version"] == RULES.rules_version and meta["playable"]
    assert meta["round"] == 1 and meta["turn"] == first.session.state["turn"]
    assert meta["created"] <= meta["updated"]
    assert second.id != first.id


def test_compaction_every_n_and_no_double_replay_after_a_crash_in_between(tmp_path):
    store = Store(tmp_path, RULES, compact_every=3)
    game = store.new_game(RULES, OPTIONS, seed=5)
    play(game, 4)
    assert len(journal_lines(game)) == 1
    assert json.loads((game.folder / "snapshot.json").read_text())["journal_seq"] == 3
    # crash after writing the snapshot, before emptying the journal
    kept_journal = (game.folder / "journal.jsonl").read_text()
    game.session.journal_seq = game.seq
    store_module.write_session(game.folder / "snapshot.json", game.session)
    (game.folder / "journal.jsonl").write_text(kept_journal)
    again = store.open_game(game.id)
    assert again.session.position == 4 and again.session.state == game.session.state


def test_delete_game(store):
    game = store.new_game(RULES, OPTIONS, seed=5)
    store.delete_game(game.id)
    assert store.list_games() == [] and not game.folder.exists()
    with pytest.raises(UnknownGame):
        store.delete_game(game.id)
    with pytest.raises(UnknownGame):
        store.open_game("../escape")


def test_snapshot_is_a_plain_forge_save(store):
    game = store.new_game(RULES, OPTIONS, seed=5)
    play(game, 3)
    game.snapshot()
    data = json.loads((game.folder / "snapshot.json").read_text())
    assert Session.from_json(RULES, data).state == game.session.state
    assert journal_lines(game) == []


def test_every_message_of_the_core_has_spanish():
    import re

    from babel.messages.extract import extract_from_file

    from forge.i18n import program_messages

    spanish = program_messages("es")
    for name in ("session.py", "store.py", "dice.py"):
        for _line, msgid, _c, _ctx in extract_from_file("python", COMPANION / name,
                                                        keywords={"_": None}):
            found = spanish.get(msgid)
            assert found, msgid
            assert set(re.findall(r"{\w+}", msgid)) == set(re.findall(r"{\w+}", found))


def test_messages_follow_the_language(tmp_path):
    store = Store(tmp_path, RULES, lang="es")
    with pytest.raises(UnknownGame) as caught:
        store.open_game("nada")
    assert "nada" in str(caught.value)


def test_meta_is_current_after_every_confirmed_change(store, monkeypatch):
    game = store.new_game(RULES, OPTIONS, seed=3)
    meta_path = game.folder / "meta.json"
    journal = game.folder / "journal.jsonl"
    order = []
    real_replace = os.replace

    def recording_replace(source, target):
        if Path(target) == meta_path:
            order.append(("meta", len(journal.read_text().splitlines())))
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", recording_replace)
    for step in range(12):
        game.act(game.session.legal_actions()[-1])
        state = game.session.state
        meta = json.loads(meta_path.read_text())
        assert (meta["round"], meta["turn"], meta["phase"]) == \
            (state["round"], state["turn"], state["phase"]), step
        assert meta["outcome"] == state["outcome"]
        assert meta["finished"] is bool(state["outcome"])
        assert meta["log_length"] == game.session.position
        # the meta was replaced after the journal line of this change was written
        assert order[-1] == ("meta", step + 1)
        if state["outcome"]:
            break
    assert not list(game.folder.glob(".*.tmp"))        # atomic: no temporary file left
    before = json.loads(meta_path.read_text())
    game.undo(1)
    meta = json.loads(meta_path.read_text())
    assert meta["log_length"] == game.session.position == before["log_length"] - 1
    assert meta["outcome"] == game.session.state["outcome"]
    assert (meta["round"], meta["turn"]) == (game.session.state["round"],
                                              game.session.state["turn"])
    listed = {m["id"]: m for m in store.list_games()}[game.id]
    assert (listed["round"], listed["turn"]) == (meta["round"], meta["turn"])


def test_meta_shows_the_outcome_when_the_game_is_over(store):
    game = store.new_game(RULES, OPTIONS, seed=3)
    state = game.session.state
    outcome = {"result": "defeat", "reason": "test"}
    over = dict(state, phase="over", outcome=outcome)
    game.session.states[game.session.position] = over
    game.save_meta()
    meta = json.loads((game.folder / "meta.json").read_text())
    assert meta["finished"] is True and meta["outcome"] == outcome and meta["phase"] == "over"


def test_a_failed_meta_write_does_not_undo_a_confirmed_change(store, monkeypatch):
    game = store.new_game(RULES, OPTIONS, seed=3)

    def failing(*_args, **_kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(store_module, "write_json_atomic", failing)
    game.act(game.session.legal_actions()[0])
    assert len(journal_lines(game)) == 1
    monkeypatch.undo()
    reopened = store.open_game(game.id)
    assert reopened.session.position == game.session.position == 1


def test_temporary_files_of_a_write_cut_short_are_cleared_on_opening(store):
    game = store.new_game(RULES, OPTIONS, seed=5)
    (game.folder / ".snapshot.json.k1ll3d.tmp").write_text("{half", encoding="utf-8")
    store.open_game(game.id)
    assert sorted(p.name for p in game.folder.iterdir()) == ["journal.jsonl", "meta.json",
                                                              "snapshot.json"]


def end_turn_then_branch(game):
    """Enter, end the turn (barbarian dice seen), undo it, play a move instead: a new branch."""
    game.act({"type": "enter", "province": "ROMA"})
    game.act({"type": "end_turn"})
    game.undo()
    move = next(a for a in game.session.legal_actions() if a["type"] == "move")
    return game.act(move)


def test_a_branch_after_undo_is_journaled_with_its_reseed_and_replays_exactly(store):
    game = store.new_game(RULES, OPTIONS, seed=5)
    entry = end_turn_then_branch(game)
    assert isinstance(entry["reseed"], int)
    line = json.loads(journal_lines(game)[-1])
    assert line["op"] == "act" and line["reseed"] == entry["reseed"]
    game.act({"type": "end_turn"})
    again = store.open_game(game.id)
    assert again.session.entries == game.session.entries
    assert again.session.state == game.session.state
    game.snapshot()                         # the snapshot (format 3) keeps it too
    assert store.open_game(game.id).session.entries == game.session.entries


def test_an_edited_reseed_in_the_journal_is_not_trusted(store):
    game = store.new_game(RULES, OPTIONS, seed=5)
    end_turn_then_branch(game)
    path = game.folder / "journal.jsonl"
    lines = path.read_text().splitlines()
    last = json.loads(lines[-1])
    last["reseed"] += 1
    path.write_text("\n".join(lines[:-1] + [json.dumps(last)]) + "\n")
    with pytest.raises(GameUnreadable, match="does not replay"):
        store.open_game(game.id)
