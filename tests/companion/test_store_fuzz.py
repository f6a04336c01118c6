"""Fuzzing the companion's store: a stored game whose snapshot, journal or meta was damaged.

Opening it gives the very game that was stored (less a torn last journal line, reported), or a
StoreError the screens can show: a game that cannot be trusted is moved aside whole, byte for
byte; a game of other rules is left as it is. The resume list never fails.

The examples are derandomized (the same every run); FUZZ_EXAMPLES=5000 searches longer.
"""
from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.store import GameUnreadable, Store, StoreError
from forge.engine.tetrarchia import RULES

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from fuzz import mutations  # noqa: E402

FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 500)), deadline=None,
                derandomize=True, database=None, suppress_health_check=list(HealthCheck))
FILES = ("snapshot.json", "journal.jsonl", "meta.json")


@pytest.fixture(scope="module")
def stored(tmp_path_factory) -> tuple:
    """A game stored with a snapshot and a journal of acts, an undo and a redo."""
    store = Store(tmp_path_factory.mktemp("original"), RULES, compact_every=1_000)
    game = store.new_game(RULES, {"level": "4211", "players": 2}, seed=3)
    for _ in range(5):
        game.act([a for a in game.session.legal_actions() if a["type"] != "end_turn"][0])
    game.undo()
    game.redo()
    game.act(game.session.legal_actions()[-1])
    files = {name: (game.folder / name).read_bytes() for name in FILES}
    return game.id, files, list(game.session.states), game.session.position


@st.composite
def damage(draw, files: dict) -> tuple[str, bytes]:
    name = draw(st.sampled_from(FILES))
    raw = files[name]
    how = draw(st.sampled_from(["json", "json", "cut", "flip"]))
    if how == "cut":
        return name, raw[:draw(st.integers(0, max(0, len(raw) - 1)))]
    if how == "flip" and raw:
        at = draw(st.integers(0, len(raw) - 1))
        return name, raw[:at] + bytes([raw[at] ^ draw(st.integers(1, 255))]) + raw[at + 1:]
    if name == "journal.jsonl":
        lines = raw.decode("utf-8").splitlines()
        at = draw(st.integers(0, len(lines) - 1))
        lines[at] = _text(draw(mutations(json.loads(lines[at]))).value)
        return name, ("\n".join(lines) + "\n").encode("utf-8")
    return name, _text(draw(mutations(json.loads(raw))).value).encode("utf-8")


def _text(value) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except RecursionError:
        return "[" * 5_000 + "]" * 5_000


@FUZZ
@given(data=st.data())
def test_a_damaged_stored_game_opens_as_itself_or_says_why(stored, data, tmp_path_factory):
    game_id, files, states, position = stored
    root = tmp_path_factory.mktemp("data")
    folder = root / game_id
    folder.mkdir()
    for name, raw in files.items():
        (folder / name).write_bytes(raw)
    name, raw = data.draw(damage(files))
    (folder / name).write_bytes(raw)
    store = Store(root, RULES)
    assert isinstance(store.list_games(), list)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    try:
        game = store.open_game(game_id)
    except GameUnreadable as refusal:
        kept = Path(refusal.kept)
        assert not folder.exists() and kept.parent == root
        assert {p.name: p.read_bytes() for p in kept.iterdir()} == before
        return
    except StoreError:
        assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
        return
    got = game.session
    assert got.states == states[:len(got.states)]
    if not game.recovered:
        assert len(got.states) == len(states) and got.position == position
    assert isinstance(store.list_games(), list)
    shutil.rmtree(root)
