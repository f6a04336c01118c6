"""Pax Romana's events drawn and applied, by taps: a card drawn at the table waits on the books,
the events screen says what it does and applies it; a rebellion rolled there asks the power
and the map facts, its rebels appear as a force whose losses are entered until it is gone; the
Soldier of Fortune's army shown with when it leaves; every screen's buttons fit at a phone's
size, a tablet upright and on its side."""
from __future__ import annotations

from test_pax_romana_screens import at_every_size, button, fill, ok, set_up, shot_folder
from touch import press, screenshot, tap, window_size

ANSWERS = {"facts.empty_spaces": 2, "facts.numantia_uncontrolled": True,
           "facts.gallic_provinces": 1, "facts.uncontrolled_spaces": 1,
           "facts.mercenaries": {}, "facts.target": "greece", "facts.squadrons": 1,
           "facts.pays": False}


def open_events(books, app, pump):
    waiting = books.session.state.get("pending")
    spanish = books.tr.lang == "es"
    words = ("Un evento espera" if waiting else "Eventos y fuerzas") if spanish else \
        ("An event waits" if waiting else "Events and forces")
    press(button(books, words), pump)
    assert app.manager.current == "pax_romana_events"
    return app.screen("pax_romana_events")


def page_text(screen) -> str:
    texts = []

    def walk(widget):
        if hasattr(widget, "text") and isinstance(widget.text, str):
            texts.append(widget.text)
        for child in widget.children:
            walk(child)

    walk(screen.ids.page)
    return "\n".join(texts)


def test_a_card_drawn_at_the_table_is_applied_on_the_events_screen(app, pump, window):
    books = set_up(app, pump, treasury=3)
    session = app.session
    press(button(books, "First round: Rome"), pump)
    press(button(books, "The card drawn at the table"), pump)
    fill(books, pump, {"card": "famine_and_drought"})
    ok(books, pump)
    assert session.state["pending"]["id"] == "famine_and_drought"
    events = open_events(books, app, pump)
    assert "Famine and Drought" in page_text(events)
    assert "loses 1 stability" in page_text(events)
    at_every_size(events, window, pump, "pax-events-card")
    press(button(events, "Apply"), pump)
    assert session.state["pending"] is None
    assert session.state["last"]["kind"] == "harvest"
    assert "No event waits." in page_text(events)
    tap(events.ids.back, pump)
    assert app.manager.current == "pax_romana_books"


def test_a_rebellion_asks_the_power_and_the_map_then_its_rebels_are_fought(app, pump, window):
    books = set_up(app, pump)
    session = app.session
    events = open_events(books, app, pump)
    for _ in range(12):                         # until a rebellion places rebels
        press(button(events, "Rebellion"), pump)
        pending = session.state["pending"]
        assert pending["source"] == "rebellion" and pending["power"] is None
        assert not [b for b in events.action_buttons if b.text.startswith("Apply")]
        if _ == 0:
            at_every_size(events, window, pump, "pax-events-whom")
        press(button(events, "Carthage"), pump)
        press(button(events, "Apply"), pump)
        if events.popup is not None:            # else nothing to ask: applied at once
            parts = events.popup.fieldset.parts
            if shot_folder() is not None:
                with window_size(window, (360, 640), pump):
                    pump(3)
                    screenshot(window, shot_folder(), f"pax-events-form-{pending['id']}", pump)
            fill(events, pump, {k: v for k, v in ANSWERS.items() if k in parts})
            ok(events, pump)
        assert session.state["pending"] is None, pending
        if session.state.get("forces"):
            break
    forces = session.state["forces"]
    assert forces and forces[0]["role"] == "rebels" and forces[0]["expires"] is None
    assert "Stays until destroyed" in page_text(events)
    at_every_size(events, window, pump, "pax-events-forces")
    press(button(events, "Losses"), pump)
    fill(events, pump, {"units": forces[0]["units"]})
    ok(events, pump)
    assert not session.state.get("forces")


def test_the_soldier_of_fortune_card_fields_its_army_with_the_turn_it_leaves(app, pump, window):
    books = set_up(app, pump)
    session = app.session
    press(button(books, "First round: Rome"), pump)
    press(button(books, "First round: Carthage"), pump)
    press(button(books, "The card drawn at the table"), pump)
    fill(books, pump, {"card": "soldier_of_fortune"})
    ok(books, pump)
    press(button(books, "Play Soldier of Fortune"), pump)
    events = open_events(books, app, pump)
    press(button(events, "Apply"), pump)
    force = session.state["forces"][0]
    assert force["owner"] == "carthage" and force["expires"] == 2
    text = page_text(events)
    assert "Soldier of Fortune" in text and "Leaves in turn 2" in text
    assert "Leader 3-4" in text
    at_every_size(events, window, pump, "pax-events-sof")


def test_an_event_in_spanish_with_real_dice(app, pump, window):
    """The Stability Check card against another player, in Spanish, with the die of the
    harvest entered by taps: every word on the screen is the players' language."""
    app.set_setting("lang", "es")
    app.set_setting("dice_mode", "physical")
    pump()
    books = set_up(app, pump, treasury=4)
    session = app.session
    press(button(books, "Primera ronda"), pump)
    press(button(books, "La carta robada en la mesa"), pump)
    fill(books, pump, {"card": "bounteous_harvests"})
    ok(books, pump)
    events = open_events(books, app, pump)
    text = page_text(events)
    assert "Cosechas Abundantes" in text and "Por aplicar" in text, text
    at_every_size(events, window, pump, "pax-events-spanish")
    press(button(events, "Aplicar"), pump)
    assert events.dice_popup is not None
    tap(events.dice_popup.faces[1], pump)           # a 2: Greece
    assert session.state["pending"] is None
    assert session.state["powers"]["greece"]["stability"] == 1
    assert "aplicado" in events.message, events.message


def test_a_standard_event_marker_drawn_rolled_and_applied(app, pump, window):
    """The Standard Game: the event marker tapped from the real bag after the first round, the
    event rolled on the books, applied on the events screen; Rhodes occupied."""
    home = app.screen("home")
    pump()
    tap(next(b for b in home.ids.new_games.children if "Pax Romana" in b.text), pump)
    setup = app.screen("pax_romana_setup")
    setup.seed = 7
    press(setup.parts["format"].buttons["basic_ii"], pump)
    tap(setup.ids.start, pump)
    books = app.screen("pax_romana_books")
    session = app.session
    assert session.state["game"] == "standard" and "event" in session.state["bag"]["markers"]
    for power in ("Rome", "Carthage", "Greece", "The East"):
        press(button(books, f"First round: {power}"), pump)
    press(button(books, "Event"), pump)
    press(button(books, "Draw an event"), pump)
    pending = session.state.get("pending")
    if pending is None:                             # Revenues & Stability: applied at once
        assert session.state["last"]["event"] == "revenues_and_stability"
        return
    at_every_size(books, window, pump, "pax-books-event-waits")
    events = open_events(books, app, pump)
    press(button(events, "Greece"), pump)
    press(button(events, "Apply"), pump)
    if events.popup is not None:
        parts = events.popup.fieldset.parts
        fill(events, pump, {k: v for k, v in ANSWERS.items() if k in parts})
        ok(events, pump)
    assert session.state["pending"] is None or session.state["pending"]["id"] != pending["id"]
    press(button(events, "Rhodes occupied by"), pump)
    fill(events, pump, {"power": "east"})
    ok(events, pump)
    rhodes = next(f for f in session.state["forces"] if f["force"] == "rhodes")
    assert rhodes["owner"] == "east" and rhodes["units"] == {"galley_squadron": 2}
    at_every_size(events, window, pump, "pax-events-standard")


def roll(screen, pump, *faces: int) -> None:
    """Dice rolled at the table, tapped one by one."""
    for face in faces:
        assert screen.dice_popup is not None, screen.message
        tap(screen.dice_popup.faces[face - 1], pump)
    assert screen.dice_popup is None


def test_the_scenario_tables_punic_wars_and_baghdad_loot(app, pump, window):
    """Scenario 2's Punic Wars events and scenario 5's Baghdad loot, rolled at the table: a
    Standard event waits and is applied, a Playbook event is named and left to the table, the
    loot goes to the power tapped."""
    app.set_setting("dice_mode", "physical")
    pump()
    books = set_up(app, pump, treasury=2)
    session = app.session
    events = open_events(books, app, pump)
    press(button(events, "Punic Wars event"), pump)
    roll(events, pump, 1, 3)                        # 4: the Hispanic Revolt
    assert session.state["last"]["playbook"] and session.state.get("pending") is None
    assert "Hispanic Revolt" in events.message and "Playbook" in events.message
    press(button(events, "Punic Wars event"), pump)
    roll(events, pump, 4, 4)                        # 8: Galley Technology, waiting
    assert session.state["pending"]["id"] == "galley_technology"
    assert "Galley Technology" in page_text(events) or "Galley technology" in page_text(events)
    press(button(events, "Carthage"), pump)
    press(button(events, "Apply"), pump)
    assert session.state["pending"] is None
    assert session.state["status"][0]["status"] == "galley_technology"
    press(button(events, "Baghdad loot"), pump)
    fill(events, pump, {"power": "east"})
    ok(events, pump)
    roll(events, pump, 5)                           # 5: -4T, the treasury no lower than 0
    assert session.state["powers"]["east"]["treasury"] == 0
    assert "Baghdad loot" in events.message
    at_every_size(events, window, pump, "pax-events-scenario-tables")

