"""The Antike conquest calculator by taps, outside a Maneuver: opened from the Greeks' books after
their Maneuver is over, a Roman city picked by its name, the legions and galleys set on
counters (filled in with those already there), the verdict read (can be taken, not enough, the
refusal of an own city), and the game's state and log unchanged; at a phone's size, a tablet
upright and on its side, and in Spanish. The game is set up by the engine's actions, not by
taps (the Maneuver's taps are tested in test_antike_screens)."""
from __future__ import annotations

from test_antike_screens import START, at_every_size, at_phone_size, button, shot_folder
from touch import press, tap, walk

from companion.session import TableSession

ARMING, MANEUVER = 6, 7         # the rondel's default order: Gold ... Arming, Maneuver


def greeks_in_roma(app):
    """A game of three: the Greeks armed a legion in Athens and moved it to Roma in their second
    turn's Maneuver, which is over (their turn goes on)."""
    from companion.app import rules_of

    store = app.screen("home").game_store()
    session = TableSession.start(store, rules_of("antike"),
                                 {"players": ["Ana", "Ben", "Cai"]}, 1)
    for civ, cities in START.items():
        session.act({"type": "start-cities", "civ": civ, "cities": cities})
    session.act({"type": "rondel", "civ": "greeks", "space": ARMING})
    session.act({"type": "arm", "civ": "greeks", "units": {"Athens": {"legion": 1}},
                 "pay": {"iron": 1}})
    session.act({"type": "end-turn", "civ": "greeks"})
    for civ in ("romans", "germans"):
        session.act({"type": "rondel", "civ": civ, "space": 0})
        session.act({"type": "end-turn", "civ": civ})
    session.act({"type": "rondel", "civ": "greeks", "space": MANEUVER})
    session.act({"type": "move", "civ": "greeks", "from": "Athens", "to": "Roma",
                 "units": {"legion": 1}, "border": "land"})
    session.act({"type": "end-maneuver", "civ": "greeks"})
    return session


def verdict(books) -> tuple[str, list[str]]:
    form = books.calculator.form
    return form["note"].text, [w.text for w in walk(form["details"])
                               if isinstance(getattr(w, "text", None), str) and w.text]


def test_the_conquest_calculator_outside_a_maneuver(app, pump, window, shots):
    folder = shot_folder(shots)
    session = greeks_in_roma(app)
    app.open_game(session)
    pump()
    books = app.screen("antike_books")
    before, position = session.state, session.position
    assert before["turn"]["maneuver"] is None and books.shown_civ == "greeks"
    press(button(books, "Conquest calculator"), pump)
    form = books.calculator.form
    assert form["note"].text == "Pick a city to see its defence power."
    press(form["chooser"].buttons["Roma"], pump)
    assert form["counters"]["legion"].value == 1                 # the legion already there
    note, lines = verdict(books)
    assert note == "Can be taken: attackers 1, defence power 1.", note
    assert "Defence power 1 = city 1 + units 0 + progress 0" in lines, lines
    assert "All or nothing: you lose 1 Legion; the defender loses the city." in lines, lines
    at_every_size(app, window, pump, folder, "antike-calculator", books.calculator)
    press(form["counters"]["legion"].minus, pump)
    assert verdict(books)[0] == "Not enough: attackers 0, defence power 1; 1 more needed."
    press(form["chooser"].buttons["Capua"], pump)                 # no unit there yet
    assert form["counters"]["legion"].value == 0
    for _ in range(2):
        press(form["counters"]["galley"].plus, pump)
    assert verdict(books)[0].startswith("Can be taken: attackers 2")
    assert "you lose 1 Galley" in " ".join(verdict(books)[1])
    press(form["chooser"].buttons["Athens"], pump)                # the Greeks' own
    assert verdict(books)[0] == "Athens is your own city: it cannot be conquered."
    tap(form["ok"], pump)
    assert books.calculator is None
    assert session.state == before and session.position == position
    app.set_setting("lang", "es")
    pump()
    books.refresh()
    press(button(books, "Calculadora de conquista"), pump)
    press(books.calculator.form["chooser"].buttons["Roma"], pump)
    assert verdict(books)[0].startswith("Se puede tomar"), verdict(books)
    at_phone_size(app, window, "antike-calculator-es", books.calculator)
    if folder is not None:
        from touch import screenshot

        screenshot(window, folder, "antike-calculator-es-phone", pump)
    tap(books.calculator.form["ok"], pump)
    assert session.state == before and session.position == position
