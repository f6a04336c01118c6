"""A save written before the card bookkeeping of issue 16 (by commit 3dd0637: the starting units
placed, a Senator taken from the offer, a card dealt, a pass) still reads back: the bookkeeping
is derived from the books, never added to the state, so the log replays to the very states its
digests record."""
import json
from pathlib import Path

from forge.engine.conquest import RULES
from forge.engine.conquest.deck import whereabouts
from forge.engine.core import Session

SAVE = Path(__file__).parent / "saves" / "before-issue-16.json"


def test_a_save_from_before_the_bookkeeping_replays_to_its_digests():
    data = json.loads(SAVE.read_text(encoding="utf-8"))
    session = Session.from_json(RULES, data)
    assert session.digest_at(len(data["entries"]) - 1) == data["digests"][-1]
    state = session.state
    assert state["books"]["juan"]["senators"] == [1, 2, 3, 2]
    assert whereabouts(state, "senator-2")["draw"] == 7
    assert whereabouts(state, "assassin") == {"offer": 1, "hand": {}, "used": {}, "removed": 0,
                                              "taken": 0, "draw": 0}
