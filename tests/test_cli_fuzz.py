"""Fuzzing the JSON game commands: mutated actions, options and positions, awkward paths.

Every command ends with exit status 0, or 1 and a message; never a traceback. A refused
command leaves the saved game byte for byte as it was and leaves no temporary file behind; a
file that is not a save is never moved or replaced; a planted link is never written through.

The examples are derandomized (the same every run); FUZZ_EXAMPLES=5000 searches longer.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forge.cli import main
from forge.engine import conquest, tetrarchia

sys.path.insert(0, str(Path(__file__).resolve().parent / "engine"))
from fuzz import mutations  # noqa: E402

FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 400)), deadline=None,
                derandomize=True, database=None, suppress_health_check=list(HealthCheck))
RULES = {"tetrarchia": tetrarchia.RULES, "conquest-of-the-empire-2": conquest.RULES}
GAMES = {"tetrarchia": ["new", "--seed", "3"],
         "conquest-of-the-empire-2": ["new", "--player", "ana", "--player", "bea",
                                      "--first", "ana", "--seed", "3"]}


def run(game: str, *args):
    result = CliRunner().invoke(main, [game, *[str(a) for a in args]])
    usage = result.exit_code == 2 and "Error: " in result.output     # click's own refusals
    if not (result.exit_code in (0, 1) or usage) or not (
            result.exception is None or isinstance(result.exception, SystemExit)):
        raise AssertionError(f"{args}: exit {result.exit_code}, {result.exception!r}\n"
                             f"{result.output}") from result.exception
    assert "Traceback" not in result.output
    if result.exit_code:
        assert result.output.strip(), "a refusal says why"
    return result


def as_text(value) -> str:
    """JSON text of a mutated value (NaN and deep nesting included, as a user could type)."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except RecursionError:
        return "[" * 5_000 + "]" * 5_000


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """A saved game of each kind, a few actions in, and its legal actions."""
    games = {}
    for game, new in GAMES.items():
        path = tmp_path_factory.mktemp(game) / "game.json"
        assert run(game, *new, "--game", path).exit_code == 0
        legal = json.loads(run(game, "legal", "--game", path).output)
        games[game] = (path, path.read_bytes(), [a for a in legal if "open" not in a])
    return games


@FUZZ
@given(data=st.data())
def test_mutated_actions_through_act(saved, data, tmp_path_factory):
    game = data.draw(st.sampled_from(sorted(GAMES)))
    path, original, legal = saved[game]
    base = data.draw(st.sampled_from(legal or [{"type": "pass"}]))
    mutant = data.draw(mutations(base, protected=RULES[game].action_schemas[base["type"]].info))
    text = data.draw(st.sampled_from([as_text(mutant.value), as_text(mutant.value)[:-1],
                                      "\ufeff" + as_text(mutant.value)]))
    folder = tmp_path_factory.mktemp("act")
    (folder / "game.json").write_bytes(original)
    argument = text
    if data.draw(st.booleans()):
        (folder / "action.json").write_text(text, encoding="utf-8")
        argument = f"@{folder / 'action.json'}"
    result = run(game, "act", "--game", folder / "game.json", "--", argument)
    names = sorted(p.name for p in folder.iterdir())
    assert names in (["game.json"], ["action.json", "game.json"]), names
    if result.exit_code == 1:
        assert (folder / "game.json").read_bytes() == original
    else:
        assert not mutant.must_refuse, mutant.done


@FUZZ
@given(data=st.data())
def test_mutated_options_and_positions_through_new(data, tmp_path_factory):
    game = data.draw(st.sampled_from(sorted(GAMES)))
    folder = tmp_path_factory.mktemp("new")
    if game == "tetrarchia" and data.draw(st.booleans()):
        base = {"turn": "maximian", "pi": 4, "this_turn": {"discs_out": 0, "powers": []},
                "figures": {"GERMANIA_SVPERIOR": "maximian", "NARBONENSIS": "army"},
                "discs": {"NARBONENSIS": "revolt"}}
        mutant = data.draw(mutations(base))
        (folder / "position.json").write_text(as_text(mutant.value), encoding="utf-8")
        extra = ["--position", folder / "position.json"]
    else:
        base = ({"rulings": {}, "fleets": None} if game == "tetrarchia" else
                {"seasons": 5, "influence": {"ana": {"asia": 4}}, "faces": ["infantry"] * 6})
        mutant = data.draw(mutations(base))
        extra = ["--option", as_text(mutant.value)]
    result = run(game, *GAMES[game], *extra, "--game", folder / "game.json")
    if result.exit_code == 1:
        assert not (folder / "game.json").exists()
    else:
        assert not mutant.must_refuse, mutant.done
        assert run(game, "show", "--game", folder / "game.json").exit_code == 0
        assert run(game, "legal", "--game", folder / "game.json").exit_code == 0


@pytest.mark.parametrize("game", sorted(GAMES))
def test_awkward_game_paths_are_clear_errors(game, tmp_path):
    (tmp_path / "file").write_text("x", encoding="utf-8")
    (tmp_path / "folder").mkdir()
    for path in (tmp_path / "file" / "game.json", tmp_path / "folder"):
        for command in (GAMES[game], ["show"], ["act", '{"type": "pass"}'], ["undo"]):
            result = run(game, *command, "--game", path)
            assert result.exit_code in (1, 2)           # 2: click refuses a folder itself
    assert (tmp_path / "file").read_text(encoding="utf-8") == "x"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_planted_temporary_link_is_never_written_through(game, tmp_path):
    target = tmp_path / "precious.txt"
    target.write_text("mine", encoding="utf-8")
    (tmp_path / ".game.json.tmp").symlink_to(target)
    assert run(game, *GAMES[game], "--game", tmp_path / "game.json").exit_code == 0
    assert target.read_text(encoding="utf-8") == "mine"
    assert run(game, "show", "--game", tmp_path / "game.json").exit_code == 0


@pytest.mark.parametrize("game", sorted(GAMES))
def test_option_must_be_an_object(game, tmp_path):
    for text in ("[1, 2]", "3", '"x"', "null", "NaN", "[" * 10_000, "{"):
        result = run(game, *GAMES[game], "--option", text, "--game", tmp_path / "g.json")
        assert result.exit_code == 1
    assert not (tmp_path / "g.json").exists()


def test_a_position_of_the_wrong_type_is_refused_with_its_field(tmp_path):
    position = tmp_path / "position.json"
    position.write_text(json.dumps({"this_turn": {"discs_out": "x"}}), encoding="utf-8")
    result = run("tetrarchia", "new", "--seed", "1", "--position", position,
                 "--game", tmp_path / "game.json")
    assert result.exit_code == 1
    assert "position.this_turn.discs_out" in result.output
    assert not (tmp_path / "game.json").exists()
