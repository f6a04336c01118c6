"""Session files: atomic writes, and a corrupt save kept aside with a clear message."""
import json
import os

import pytest
from counting import Counting

from forge.engine.core import Session
from forge.errors import UserError
from forge.saves import read_session, write_session

RULES = Counting()


def test_write_then_read_gives_the_same_game(tmp_path):
    session = Session(RULES, {}, seed=3)
    session.act({"type": "roll"})
    path = tmp_path / "game.json"
    write_session(path, session)
    assert read_session(path, RULES).state == session.state
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]    # no temporary left


@pytest.mark.parametrize("content, reason", [
    ("{not json", "not valid JSON at line 1"),
    (json.dumps({"format": "other"}), "not a forge session save"),
])
def test_corrupt_save_is_kept_aside_untouched(tmp_path, content, reason):
    path = tmp_path / "game.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(UserError) as err:
        read_session(path, RULES)
    assert reason in str(err.value)
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("game.json.corrupt-")]
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == content
    assert str(kept[0]) in str(err.value)
    assert not path.exists()


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
