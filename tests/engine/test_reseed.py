"""Dice once seen stay seen: after an undo over rolled dice, a new action carries a logged reseed,
so playing differently does not meet the dice already shown; redo keeps them exactly; saves and
the command line replay the branch exactly; entered dice are untouched."""
import json

import pytest
from click.testing import CliRunner
from counting import Counting

from forge.cli import main
from forge.engine import tetrarchia
from forge.engine.core import SAVE_FORMAT_VERSION, SaveError, Session
from forge.engine.dice import reseeded

RULES = Counting()
TETRARCHIA = tetrarchia.RULES
ENTER = {"type": "enter", "province": "ROMA"}
END = {"type": "end_turn"}


def rolled(entry):
    return [(r["reason"], r["value"]) for r in entry["rolls"] if r["source"] == "rolled"]


def tetrarchia_after_an_end_turn(seed):
    """Diocletian enters ROMA and ends his turn (the barbarian dice are seen), then it is undone."""
    session = Session(TETRARCHIA, {"players": 4}, seed=seed)
    session.act(ENTER)
    session.act(END)
    seen = rolled(session.entries[2])
    session.undo()
    return session, seen


def other_roman_phase(session):
    """A different Roman phase: Diocletian moves before ending his turn."""
    move = next(a for a in session.legal_actions() if a["type"] == "move")
    session.act(move)
    session.act(END)
    return rolled(session.entries[-1])


def test_playing_differently_after_undoing_an_end_turn_gives_new_barbarian_dice():
    session, seen = tetrarchia_after_an_end_turn(7)
    assert seen and session.revealed_ahead() == [2]
    reseed = session.next_reseed()
    assert isinstance(reseed, int)
    again = other_roman_phase(session)
    assert session.entries[2]["reseed"] == reseed           # logged on the branch's first entry
    assert "reseed" not in session.entries[3]               # the branch goes on from there
    assert again != seen


def test_new_dice_differ_from_the_seen_ones_about_as_often_as_fresh_dice_would():
    same = 0
    for seed in range(40):
        session, seen = tetrarchia_after_an_end_turn(seed)
        same += other_roman_phase(session) == seen
    assert same <= 4                    # equal only by chance (each pair of dice: 1 in 36)


def test_without_the_reseed_the_old_dice_would_come_back():
    """What the issue saw: the generator's state is in the state, so the same dice come back."""
    session, seen = tetrarchia_after_an_end_turn(7)
    session.act(next(a for a in session.legal_actions() if a["type"] == "move"), reseed=None)
    session.act(END)
    assert rolled(session.entries[-1]) == seen


def test_redo_and_goto_forward_keep_the_seen_dice_exactly():
    session, seen = tetrarchia_after_an_end_turn(7)
    session.redo()
    assert rolled(session.entries[session.position]) == seen
    assert "reseed" not in session.entries[2]
    session.goto(0)
    session.goto(2)
    assert rolled(session.entries[2]) == seen and session.next_reseed() is None


def test_no_reseed_when_the_undone_entries_rolled_nothing():
    session = Session(RULES, {}, seed=3)
    session.act({"type": "double"})             # no die
    session.undo()
    assert session.revealed_ahead() == [] and session.next_reseed() is None
    session.act({"type": "roll"})
    assert "reseed" not in session.entries[-1]


def test_the_same_action_again_after_an_undo_is_a_new_roll_not_a_redo():
    session = Session(RULES, {}, seed=3)
    session.act({"type": "roll"})
    seen_rng = session.states[1]["rng"]
    session.undo()
    session.act({"type": "roll"})
    assert session.entries[1]["reseed"] is not None
    assert session.states[1]["rng"] != seen_rng


def test_the_reseed_depends_on_what_was_dropped():
    a = Session(RULES, {}, seed=3)
    a.act({"type": "roll"})
    a.undo()
    b = Session(RULES, {}, seed=3)
    b.act({"type": "roll"})
    b.act({"type": "roll"})
    b.undo(2)
    assert a.next_reseed() != b.next_reseed()
    assert reseeded(5, 1) != reseeded(5, 2) and reseeded(5, 1) == reseeded(5, 1)


def test_entered_dice_are_untouched_and_a_physical_game_is_never_reseeded():
    session = Session(RULES, {}, seed=None, dice_values=[4])
    session.act({"type": "roll"}, [2])
    session.undo()
    assert session.next_reseed() is None
    session.act({"type": "roll"}, [5])
    assert session.entries[1]["rolls"][0]["value"] == 5 and "reseed" not in session.entries[1]
    seeded = Session(RULES, {}, seed=3)
    seeded.act({"type": "roll"})
    seeded.undo()
    seeded.act({"type": "roll"}, [6])                    # the table's die, reseed or not
    assert seeded.entries[1]["rolls"][0] == {"die": "6", "value": 6, "reason": "add",
                                             "source": "entered"}


def test_a_save_replays_the_branch_exactly():
    session, seen = tetrarchia_after_an_end_turn(7)
    other_roman_phase(session)
    session.undo()                                  # an undone entry stays in the save
    data = json.loads(session.dumps())
    assert data["format_version"] == SAVE_FORMAT_VERSION == 3
    assert data["entries"][2]["reseed"] == session.entries[2]["reseed"]
    again = Session.from_json(TETRARCHIA, data)
    assert again.entries == session.entries and again.position == session.position
    assert again.state == session.state


def test_an_edited_reseed_is_found():
    session, _ = tetrarchia_after_an_end_turn(7)
    other_roman_phase(session)
    data = session.to_json()
    data["entries"][2]["reseed"] += 1
    with pytest.raises(SaveError, match="entry 2 replays to another game"):
        Session.from_json(TETRARCHIA, data)


@pytest.mark.parametrize("version", [1, 2])
def test_older_formats_never_carry_a_reseed(version):
    session = Session(RULES, {}, seed=3)
    session.act({"type": "roll"})
    session.undo()
    session.act({"type": "roll"})
    data = session.to_json()
    data["format_version"] = version
    if version == 1:
        del data["digests"]
    with pytest.raises(SaveError, match="unknown field.*reseed"):
        Session.from_json(RULES, data)


def test_a_reseed_in_a_game_without_a_generator_is_refused():
    session = Session(RULES, {}, seed=None, dice_values=[4])
    session.act({"type": "roll"}, [2])
    data = session.to_json()
    data["entries"][1]["reseed"] = 5
    with pytest.raises(SaveError, match="entry 1 does not replay"):
        Session.from_json(RULES, data)


def cli(*args):
    result = CliRunner().invoke(main, ["tetrarchia", *[str(a) for a in args]])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_the_command_line_reseeds_after_undo_and_redoes_exactly(tmp_path):
    game = tmp_path / "game.json"
    cli("new", "--seed", 7, "--game", game)
    cli("act", json.dumps(ENTER), "--game", game)
    seen = [r["value"] for r in cli("act", json.dumps(END), "--game", game)["rolls"]]
    cli("undo", "--game", game)
    cli("redo", "--game", game)
    log = cli("show", "--log", "--game", game)["log"]
    assert [r["value"] for r in log[2]["rolls"]] == seen and "reseed" not in log[2]
    cli("undo", "--game", game)
    move = next(a for a in cli("legal", "--game", game) if a["type"] == "move")
    cli("act", json.dumps(move), "--game", game)
    again = [r["value"] for r in cli("act", json.dumps(END), "--game", game)["rolls"]]
    log = cli("show", "--log", "--game", game)["log"]
    assert "reseed" in log[2] and again != seen and len(log) == 4
