"""The Antike Maneuver's battles by taps, and the bank's coins running out: a legion moved into
a province where another civilization's legion stands meets it 1:1 (the button the engine
lists), and once the table says the bank has no coins a turn begins with a resource taken
instead."""
from __future__ import annotations

from test_antike_screens import (
    START,
    arm,
    button,
    end_turn,
    form_tap,
    move,
    ok,
    rondel_at,
    set_up,
    start_cities,
)
from touch import press


def test_a_battle_and_a_resource_instead_of_the_coin(app, pump, window):
    books = set_up(app, pump)
    session = app.session
    for civ, cities in START.items():
        start_cities(books, civ, cities, pump)
    rondel_at(books, 6, pump)                               # Greeks: Arming
    arm(books, {"Athens": {"legion": 2}}, pump)
    end_turn(books, pump)
    rondel_at(books, 6, pump)                               # Romans: Arming
    arm(books, {"Roma": {"legion": 1}}, pump)
    end_turn(books, pump)
    press(button(books, "The bank's coins"), pump)          # the table: no coins left
    fields = books.popup.form["fields"]
    form_tap(books, fields[0].buttons[False], pump)
    ok(books, pump)
    assert session.state["bank"]["coins"] == 0
    rondel_at(books, 0, pump)                               # Germans: Gold
    end_turn(books, pump)
    assert session.state["turn"]["coin"] is None            # the Greeks' turn: no coin
    press(button(books, "Iron"), pump)
    assert session.state["civs"]["greeks"]["resources"]["iron"] == 1
    assert "took Iron" in books.turn_text
    rondel_at(books, 7, pump)                               # Maneuver
    move(books, "Athens", "Roma", {"legion": 1}, pump)
    battles = [b.text for b in books.action_buttons if (b.action or {}).get("type") == "battle"]
    assert battles == ["Battle of Legion in Roma: Greeks against Romans",
                       "Battle of Legion in Roma: Romans against Greeks"], battles
    press(button(books, "Battle of Legion in Roma: Greeks"), pump)
    state = session.state
    assert "Roma" not in state["civs"]["greeks"]["units"]
    assert "Roma" not in state["civs"]["romans"]["units"]
    assert "Battle of Legion in Roma" in books.message
