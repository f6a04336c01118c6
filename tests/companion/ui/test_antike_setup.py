"""The Antike set-up screen by taps: the 2-player game's pairs (each player two
civilizations, changed by a tap), the East side, the options and the rondel's order, all sent
as the engine's set-up options and remembered for the next game where they are the table's."""
from __future__ import annotations

from test_antike_screens import (
    START,
    at_phone_size,
    button,
    form_tap,
    ok,
    rondel_at,
    set_up,
    start_cities,
)
from touch import press, tap, walk


def test_two_players_play_the_pairs_with_the_options(app, pump, window):
    home = app.screen("home")
    pump()
    tap(next(b for b in home.ids.new_games.children if "Antike" in b.text), pump)
    setup = app.screen("antike_setup")
    press(setup.parts["side"].buttons["east"], pump)
    press(setup.parts["count"].buttons[2], pump)
    for field, name in zip(setup.name_inputs, ["Ana", "Ben"], strict=True):
        field.text = name
    pump()
    owners = setup.parts["owners"].buttons
    assert [b.text for b in owners] == ["Persia + Phoenicia (Ana)", "Greece + Arabia (Ben)"]
    press(owners[0], pump)                  # Persia and Phoenicia to Ben
    press(setup.parts["owners"].buttons[1], pump)    # Greece and Arabia to Ana
    assert [b.text for b in setup.parts["owners"].buttons] == [
        "Persia + Phoenicia (Ben)", "Greece + Arabia (Ana)"]
    press(setup.parts["city_cap"].buttons[25], pump)
    press(setup.parts["repeat"].buttons[8], pump)
    press(setup.parts["citizens"].buttons["built"], pump)
    press(setup.parts["rondel"].buttons[1], pump)   # Marble → Iron: two Irons, no Marble
    tap(setup.ids.start, pump)
    assert app.manager.current == "antike_setup"
    assert setup.ids.message.text.startswith("the rondel has 8 spaces"), setup.ids.message.text
    for _ in range(6):                              # Iron → Gold → ... → Marble
        press(setup.parts["rondel"].buttons[2], pump)
    order = ["gold", "iron", "marble", "maneuver", "knowledge", "temple", "arming", "maneuver"]
    assert setup.rondel == order
    assert [b.text for b in setup.parts["rondel"].buttons][:3] == ["1. Gold", "2. Iron",
                                                                    "3. Marble"]
    at_phone_size(app, window, "antike-setup-2")
    tap(setup.ids.start, pump)
    assert app.manager.current == "antike_books", setup.ids.message.text
    state = app.session.state
    assert state["side"] == "east"
    assert {civ: book["player"] for civ, book in state["civs"].items()} == {
        "persia": "Ben", "phoenicia": "Ben", "greece": "Ana", "arabia": "Ana"}
    assert state["settings"]["city_cap"] == 25 and state["settings"]["repeat_cost"] == 8
    assert state["settings"]["citizens"] == "built" and state["settings"]["needed"] == 9
    assert state["settings"]["rondel"] == order
    assert app.settings["antike_rondel"] == order


def test_the_tables_entries_rondel_order_and_seas(app, pump, window):
    """During a game the table changes the rondel's order to its board's, and enters the seas
    a civilization occupies: 7 seas bring a Navigator at the end of its turn."""
    books = set_up(app, pump)
    session = app.session
    for civ, cities in START.items():
        start_cities(books, civ, cities, pump)
    press(button(books, "The rondel's order"), pump)
    spaces = [w for w in walk(books.popup) if getattr(w, "text", "").startswith(("2.", "3."))]
    spaces.sort(key=lambda w: w.text)
    form_tap(books, spaces[0], pump)                    # 2. Marble → Iron
    for _ in range(6):                                  # 3. Iron → ... → Marble
        form_tap(books, spaces[1], pump)
    ok(books, pump)
    assert session.state["settings"]["rondel"][:3] == ["gold", "iron", "marble"]
    assert books.wheel.spaces[1].text.startswith("Iron")
    press(button(books, "Seas occupied"), pump)
    fields = books.popup.form["fields"]
    for _ in range(7):
        form_tap(books, fields[1].plus, pump)
    ok(books, pump)
    assert session.state["civs"]["greeks"]["seas"] == 7
    rondel_at(books, 0, pump)
    press(button(books, "End turn"), pump)
    assert books.announcement is not None
    assert any("Navigator 1, for 7 seas occupied" in getattr(w, "text", "")
               for w in walk(books.announcement))
    tap(books.announcement.ok, pump)
