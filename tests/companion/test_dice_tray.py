"""The dice tray: dice read from content, several rolled at once (seeded or entered), history."""
import pytest

from companion.dice import Die, Tray, dice_from_components, game_dice
from forge.engine.dice import BadRoll, uniform


def test_tetrarchia_dice_come_from_the_die_components():
    dice = game_dice("tetrarchia")
    assert [d.id for d in dice] == ["die-numbers", "die-roman"]
    assert dice[0].faces == ("1", "2", "3", "4", "5", "6")
    assert dice[1].faces == ("I", "II", "III", "IV", "V", "VI")
    assert all(d.sides == 6 for d in dice)


def test_other_games_plug_in_their_own_dice():
    components = [{"id": "d8", "kind": "die", "style": {"faces": list(range(1, 9))}},
                  {"id": "board", "kind": "sheet"},
                  {"id": "blank", "kind": "die", "style": {}}]
    dice = dice_from_components(components)
    assert [(d.id, d.sides) for d in dice] == [("d8", 8)]
    tray = Tray([Die("coin", "Coin", ("heads", "tails"))], rng_state=1)
    assert {d["face"] for _ in range(20) for d in tray.roll(["coin"]).dice} <= {"heads", "tails"}


def test_rolls_several_at_once_from_the_seeded_generator():
    tray = Tray(game_dice("tetrarchia"), rng_state=42)
    throw = tray.roll(["die-numbers", "die-roman", "die-roman"])
    state, expected = 42, []
    for _ in range(3):
        state, value = uniform(state, 6)
        expected.append(value)
    assert [d["value"] for d in throw.dice] == expected and throw.source == "rolled"
    assert throw.dice[1]["face"] == ("I", "II", "III", "IV", "V", "VI")[expected[1] - 1]
    assert throw.total == sum(expected)
    again = Tray(game_dice("tetrarchia"), rng_state=42)
    assert again.roll(["die-numbers", "die-roman", "die-roman"]) == throw


def test_entered_values_are_checked_and_kept_in_history():
    tray = Tray(game_dice("tetrarchia"), rng_state=None)
    throw = tray.roll(["die-roman", "die-numbers"], [4, 6])
    assert [d["face"] for d in throw.dice] == ["IV", "6"] and throw.source == "entered"
    for bad in ([7, 1], [0, 1], [1], [True, 2]):
        with pytest.raises(BadRoll):
            tray.roll(["die-roman", "die-numbers"], bad)
    with pytest.raises(BadRoll):
        tray.roll(["die-roman"])            # no generator: the table must say
    with pytest.raises(KeyError):
        tray.roll(["d20"])
    assert tray.history == [throw]
    tray.clear()
    assert tray.history == []


def test_each_die_knows_the_name_the_rules_give_it():
    from companion.dice import game_dice

    from forge.engine.tetrarchia import RULES

    names = {die.rules_name: die.faces for die in game_dice("tetrarchia")}
    assert set(names) == set(RULES.dice_faces)
    assert names["VI"] == ("I", "II", "III", "IV", "V", "VI")
    assert all(len(names[n]) == RULES.dice_faces[n] for n in names)


def test_symbol_dice_take_their_faces_from_the_tables_and_have_pictures():
    from pathlib import Path

    import companion

    dice = game_dice("conquest-of-the-empire-2")
    assert [d.id for d in dice] == ["battle-dice"]
    assert dice[0].faces == ("icon:infantry", "icon:infantry", "icon:cavalry", "icon:catapult",
                             "icon:galley", "icon:blank")
    pictures = Path(companion.__file__).parent / "art" / "icons"
    for face in set(dice[0].faces) - {"icon:blank"}:       # made by companion/art/make_art.py
        assert (pictures / f"{face.split(':')[1]}.png").is_file(), face
