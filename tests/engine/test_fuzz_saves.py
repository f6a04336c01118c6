"""Fuzzing saves: real saves of both games, mutated as JSON and damaged as bytes.

Whatever the file holds, reading it ends in one of two ways: the very game that was saved (the
same states at every entry, the same position unless only the position was edited to another
entry), or a UserError the user can read. A damaged save is kept aside byte for byte only when
it is recognisably a save; any other file is left where it is, untouched.

The examples are derandomized (the same every run); FUZZ_EXAMPLES=5000 searches longer.
"""
from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path

from fuzz import mutations
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from real_games import TETRARCHIA_OPTIONS, conquest_options, played

from forge.engine import conquest, tetrarchia
from forge.engine.core import SAVE_FORMAT
from forge.engine.inputs import MAX_SAVE_DEPTH, SAVE_SCHEMA
from forge.errors import UserError
from forge.saves import read_session

FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 1000)), deadline=None,
                derandomize=True, database=None, suppress_health_check=list(HealthCheck))
TOP_FIELDS = tuple(SAVE_SCHEMA.fields)


@cache
def saves() -> list:
    """(rules, session, save text) of real games: seeded and physical dice, some undone."""
    found = []
    for rules, options, seed, steps in (
            (tetrarchia.RULES, TETRARCHIA_OPTIONS[0], 4, 6),
            (tetrarchia.RULES, TETRARCHIA_OPTIONS[2], None, 5),
            (tetrarchia.RULES, TETRARCHIA_OPTIONS[1], 8, 0),
            (conquest.RULES, conquest_options(), 5, 8),
            (conquest.RULES, {"players": ["ana", "bea"], "first": "ana"}, 2, 0)):
        session = played(rules, options, seed, steps)
        if len(session.entries) > 2:
            session.undo()
        found.append((rules, session, session.dumps()))
    return found


@st.composite
def damaged(draw, text: str) -> tuple[bytes, object]:
    """Bytes of a damaged save, and the mutated JSON value when it was damaged as JSON."""
    how = draw(st.sampled_from(["json", "json", "json", "cut", "flip", "bom", "splice"]))
    raw = text.encode("utf-8")
    if how == "json":
        mutant = draw(mutations(json.loads(text), TOP_FIELDS, protected=("entries",),
                                deepest=MAX_SAVE_DEPTH))
        try:
            raw = json.dumps(mutant.value, ensure_ascii=False).encode("utf-8")
        except RecursionError:              # too deep for json.dumps: written by hand
            raw = b'{"format": "forge-session", "entries": ' + b"[" * 5_000 + b"]" * 5_000 + b"}"
        return (draw(st.sampled_from([b"", b"\xef\xbb\xbf"])) + raw), mutant
    if how == "cut":
        return raw[:draw(st.integers(0, len(raw) - 1))], None
    if how == "flip":
        at = draw(st.integers(0, len(raw) - 1))
        return raw[:at] + bytes([raw[at] ^ draw(st.integers(1, 255))]) + raw[at + 1:], None
    if how == "bom":
        return b"\xef\xbb\xbf" + raw, None
    start = draw(st.integers(0, len(raw)))
    return raw[:start] + draw(st.binary(max_size=20)) + raw[start:], None


def recognisable(raw: bytes) -> bool:
    """A save by the plainest reading: it names the format or starts as forge writes one."""
    head = raw.removeprefix(b"\xef\xbb\xbf").lstrip()
    return head.startswith(b"{") and (SAVE_FORMAT.encode() in raw
                                      or head.startswith((b'{"digests"', b'{"engine_version"',
                                                          b'{"entries"')))


@FUZZ
@given(data=st.data())
def test_damaged_saves_give_the_same_game_or_a_clear_refusal(data, tmp_path_factory):
    rules, session, text = data.draw(st.sampled_from(saves()))
    raw, mutant = data.draw(damaged(text))
    folder = tmp_path_factory.mktemp("save")
    path = folder / "game.json"
    path.write_bytes(raw)
    try:
        got = read_session(path, rules)
    except UserError as refusal:
        assert str(refusal) and "Traceback" not in str(refusal)
        event("kept aside" if check_kept_or_untouched(folder, path, raw) else "left as it is")
        return
    assert not (mutant and mutant.must_refuse), f"accepted {mutant.done}"
    assert got.states == session.states, "a damaged save read as another game"
    edited = mutant.value.get("position") if mutant and isinstance(mutant.value, dict) else None
    assert got.position in (session.position, edited)
    assert path.read_bytes() == raw and sorted(folder.iterdir()) == [path]
    event("read as the same game")


def check_kept_or_untouched(folder: Path, path: Path, raw: bytes) -> bool:
    """Whether the refused file was kept aside (else it was left where it is, untouched)."""
    files = sorted(folder.iterdir())
    if files == [path]:
        assert path.read_bytes() == raw
        return False
    assert not path.exists() and len(files) == 1, files
    assert files[0].name.startswith("game.json.corrupt-")
    assert files[0].read_bytes() == raw
    assert recognisable(raw), f"a file that is not a save was moved: {raw[:80]!r}"
    return True


def test_real_saves_read_back_as_the_same_game(tmp_path):
    for rules, session, text in saves():
        path = tmp_path / "game.json"
        path.write_text(text, encoding="utf-8")
        got = read_session(path, rules)
        assert got.states == session.states and got.position == session.position
