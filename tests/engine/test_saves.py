"""Session files: atomic writes, and a corrupt save kept aside with a clear message."""
import json
import os

import pytest
from counting import Counting

from forge.engine import tetrarchia
from forge.engine.core import Session
from forge.errors import UserError
from forge.saves import check_replaceable, read_session, save_session, write_session

RULES = Counting()
TETRARCHIA = tetrarchia.RULES


def test_write_then_read_gives_the_same_game(tmp_path):
    session = Session(RULES, {}, seed=3)
    session.act({"type": "roll"})
    path = tmp_path / "game.json"
    write_session(path, session)
    assert read_session(path, RULES).state == session.state
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]    # no temporary left


def _saved_text(tmp_path) -> str:
    session = Session(RULES, {}, seed=3)
    session.act({"type": "roll"})
    path = tmp_path / "source.json"
    write_session(path, session)
    text = path.read_text(encoding="utf-8")
    path.unlink()
    return text


@pytest.mark.parametrize("damage, reason", [
    (lambda text: text[:len(text) // 2], "not valid JSON"),
    (lambda text: text.replace('"position": 1', '"position": true'), "position"),
    (lambda text: text.replace('"value": ', '"value": 1', 1), "replay"),
])
def test_a_damaged_save_is_kept_aside_untouched(tmp_path, damage, reason):
    content = damage(_saved_text(tmp_path))
    path = tmp_path / "game.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(UserError) as err:
        read_session(path, RULES)
    assert reason in str(err.value)
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("game.json.corrupt-")]
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == content
    assert str(kept[0]) in str(err.value)
    assert not path.exists()


@pytest.mark.parametrize("content", [
    "{not json", json.dumps({"format": "other"}), "shopping: bread, olives\n", "", "[1, 2]",
    "\ufeff{\"notes\": []}",
])
def test_a_file_that_is_not_a_save_is_refused_and_left_as_it_is(tmp_path, content):
    path = tmp_path / "notes.txt"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(UserError, match="is not a saved game.*left as it is"):
        read_session(path, RULES)
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]
    assert path.read_text(encoding="utf-8") == content


def test_a_save_of_another_game_is_refused_and_left_as_it_is(tmp_path):
    content = _saved_text(tmp_path).replace('"game": "counting"', '"game": "chess"')
    path = tmp_path / "game.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(UserError, match="cannot play .*a save of 'chess'.*left as it is"):
        read_session(path, RULES)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_byte_order_mark_is_tolerated(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("\ufeff" + _saved_text(tmp_path), encoding="utf-8")
    assert read_session(path, RULES).position == 1


def test_an_edited_seed_is_detected_even_before_any_roll(tmp_path):
    session = Session(RULES, {}, seed=None, dice_values=[4])     # physical set-up roll ...
    session.act({"type": "double"})                             # ... and no roll since
    data = session.to_json()
    data["entries"][0]["action"]["seed"] = 77                   # now the program would roll
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(UserError, match="replays to another game"):
        read_session(path, RULES)


def test_an_edited_option_is_detected(tmp_path):
    session = Session(TETRARCHIA, {"players": 4}, seed=3)
    data = session.to_json()
    data["entries"][0]["action"]["options"]["players"] = 2     # the same rolls, another game
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(UserError, match="replays to another game"):
        read_session(path, TETRARCHIA)


def test_a_save_of_format_1_is_still_read(tmp_path):
    session = Session(RULES, {}, seed=3)
    session.act({"type": "roll"})
    data = session.to_json()
    data["format_version"] = 1
    del data["digests"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert read_session(path, RULES).state == session.state


@pytest.mark.parametrize("planted", [".game.json.tmp", "game.json"])
def test_a_planted_link_is_never_written_through(tmp_path, planted):
    target = tmp_path / "precious.txt"
    target.write_text("mine", encoding="utf-8")
    (tmp_path / planted).symlink_to(target)
    write_session(tmp_path / "game.json", Session(RULES, {}, seed=3))
    assert target.read_text(encoding="utf-8") == "mine"
    assert not (tmp_path / "game.json").is_symlink()
    assert read_session(tmp_path / "game.json", RULES).position == 0


def test_a_save_path_under_a_file_is_a_clear_error(tmp_path):
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(UserError, match="cannot save the game to .* is a file, not a folder"):
        save_session(tmp_path / "file" / "game.json", Session(RULES, {}, seed=3))
    with pytest.raises(UserError, match="no saved game at"):
        read_session(tmp_path / "file" / "game.json", RULES)


def test_new_refuses_to_replace_a_file_that_is_not_a_save(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes", encoding="utf-8")
    with pytest.raises(UserError, match="is not a saved game"):
        check_replaceable(notes)
    save = tmp_path / "game.json"
    write_session(save, Session(RULES, {}, seed=3))
    check_replaceable(save)                 # a save may be started over
    check_replaceable(tmp_path / "new.json")


def test_a_crash_before_the_rename_leaves_the_old_save(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    session = Session(RULES, {}, seed=3)
    write_session(path, session)
    before = path.read_bytes()
    session.act({"type": "roll"})

    def crash(*args):
        raise OSError("power cut")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        write_session(path, session)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]    # the temporary is gone
