"""The Antike companion on a game played with a map (the shared map format): the start cities
chosen from the map's sites by their printed names, a move's destinations its neighbours with
the border the map gives, the conquest calculator's cities by their printed names, and a city
founded on the site's own resource. The board is invented for the test."""
from __future__ import annotations

from test_antike_screens import (
    arm,
    button,
    end_turn,
    form_tap,
    next_space,
    ok,
    rondel_at,
)
from touch import press, tap

from companion.session import TableSession

BOARD = {"provinces": [
    {"id": "athens", "name": "Athenai", "city": "marble", "land": ["sparta", "plains"]},
    {"id": "sparta", "name": "Sparta", "city": "iron", "land": ["athens", "corinth"]},
    {"id": "corinth", "name": "Korinthos", "city": "gold", "land": ["sparta"]},
    {"id": "plains", "name": "Thessalia", "city": "gold", "land": ["athens", "roma"]},
    {"id": "roma", "name": "Roma", "city": "marble", "land": ["plains", "ostia"]},
    {"id": "ostia", "name": "Ostia", "city": "iron", "land": ["roma", "capua"]},
    {"id": "capua", "name": "Capua", "city": "gold", "land": ["ostia", "alba"]},
    {"id": "alba", "name": "Alba", "city": "marble", "land": ["capua", "rhenus"]},
    {"id": "rhenus", "name": "Rhenus", "city": "iron", "land": ["alba", "suebia"]},
    {"id": "suebia", "name": "Suebia", "city": "gold", "land": ["rhenus"]},
]}
SITES = {"greeks": {"Athenai": "marble", "Sparta": "iron", "Korinthos": "gold"},
         "romans": {"Roma": "marble", "Ostia": "iron", "Capua": "gold"},
         "germans": {"Alba": "marble", "Rhenus": "iron", "Suebia": "gold"}}


def by_name(chooser, name: str) -> str:
    return next(value for value, button in chooser.buttons.items() if button.text == name)


def test_a_game_on_a_map(app, pump, window):
    from companion.app import rules_of

    store = app.screen("home").game_store()
    session = TableSession.start(store, rules_of("antike"),
                                 {"players": ["Ana", "Ben", "Cai"], "map": BOARD}, 1)
    app.open_game(session)
    pump()
    books = app.screen("antike_books")
    for civ, sites in SITES.items():
        press(button(books, "Start cities of " + civ.capitalize()), pump)
        for name, resource in sites.items():
            chooser = books.start_form[resource]
            form_tap(books, chooser.buttons[by_name(chooser, name)], pump)
        ok(books, pump)
    state = session.state
    assert state["civs"]["greeks"]["cities"]["corinth"] == {"resource": "gold", "temple": False}
    rondel_at(books, 6, pump)                               # Greeks: Arming
    arm(books, {"athens": {"legion": 1}}, pump)
    end_turn(books, pump)
    for _ in range(2):
        rondel_at(books, next_space(books), pump)
        end_turn(books, pump)
    rondel_at(books, 7, pump)                               # Greeks: Maneuver
    press(button(books, "Move units"), pump)
    form = books.move_form
    assert "Border (without a choice" not in [getattr(w, "text", "") for w in
                                              books.popup.form["fields"]]
    heading, grid = form["to"].list.children[-1], form["to"].list.children[-2]
    assert heading.text == "Neighbours"
    assert sorted(b.text for b in grid.children) == ["Sparta", "Thessalia"]
    form_tap(books, next(c for c in books.popup.form["fields"][2].children
                         if getattr(c, "unit", None) == "legion").plus, pump)
    form_tap(books, form["to"].buttons["plains"], pump)
    ok(books, pump)
    assert session.state["civs"]["greeks"]["units"] == {"plains": {"legion": 1}}
    press(button(books, "Conquest calculator"), pump)       # the map's printed names
    chooser = books.calculator.form["chooser"]
    assert chooser.buttons["corinth"].text == "Korinthos"
    press(chooser.buttons["corinth"], pump)
    assert books.calculator.form["note"].text == \
        "Korinthos is your own city: it cannot be conquered."
    tap(books.calculator.form["ok"], pump)
    press(button(books, "End the maneuver"), pump)
    press(button(books, "Found a city in Thessalia"), pump)
    assert any(getattr(w, "text", "") == "A Gold city." for w in books.popup.form["fields"])
    ok(books, pump)
    assert session.state["civs"]["greeks"]["cities"]["plains"]["resource"] == "gold"
