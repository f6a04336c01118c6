"""The Antike companion by taps: the set-up screen (side, players, who plays which
civilization, the options and the rondel's order), the start cities chosen or typed once, the
rondel wheel with its costs and yields, the payment, the space's actions (temples, arming,
progress, the Maneuver with the conquest calculator), city founding, the end of a turn with
its personalities, the table's entries, undo through the log, Spanish, and every screen's
buttons at a phone's size (360x640), a tablet upright (800x1280) and on its side (1280x800)."""
from __future__ import annotations

import os
from pathlib import Path

from touch import assert_buttons_fit, press, screenshot, tap, wait_for_surface, walk

SIZES = {"phone": (360, 640), "tablet": (800, 1280), "landscape": (1280, 800)}
PLAYERS = ["Ana", "Ben", "Cai"]
START = {"greeks": {"Athens": "marble", "Sparta": "iron", "Corinth": "gold"},
         "romans": {"Roma": "marble", "Ostia": "iron", "Capua": "gold"},
         "germans": {"Rhenus": "marble", "Alba": "iron", "Suebia": "gold"}}


def shot_folder(shots) -> Path | None:
    """Screenshots are taken only when FORGE_ANTIKE_SHOTS names a folder (to look at them):
    each one costs a frame read back from the window."""
    folder = os.environ.get("FORGE_ANTIKE_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        return Path(folder)
    return None


def shoot(window, folder, name: str, pump) -> None:
    if folder is not None:
        screenshot(window, folder, name, pump)


def set_up(app, pump, players=PLAYERS, needed=None, options=None):
    """Home → Antike → players typed, options tapped → Start: the books."""
    home = app.screen("home")
    pump()
    tap(next(b for b in home.ids.new_games.children if "Antike" in b.text), pump)
    assert app.manager.current == "antike_setup"
    setup = app.screen("antike_setup")
    press(setup.parts["count"].buttons[len(players)], pump)
    for field, name in zip(setup.name_inputs, players, strict=True):
        field.text = name
    pump()
    if needed:
        press(setup.parts["needed"].buttons[needed], pump)
    for key, value in (options or {}).items():
        press(setup.parts[key].buttons[value], pump)
    tap(setup.ids.start, pump)
    assert app.manager.current == "antike_books", setup.ids.message.text
    return app.screen("antike_books")


def button(books, text: str):
    found = [b for b in books.action_buttons if b.text.startswith(text)]
    assert found, (text, [b.text for b in books.action_buttons])
    return found[0]


def form_tap(books, widget, pump) -> None:
    """A tap inside the open form (its list scrolled to the widget first when needed)."""
    press(widget, pump)


def ok(books, pump) -> None:
    note = books.popup.form["note"]
    tap(books.popup.form["ok"], pump)
    assert books.popup is None, (note.text, books.message)


NAMES = {"greeks": "Greeks", "romans": "Romans", "germans": "Germans"}


def start_cities(books, civ: str, cities: dict, pump, label: str = "") -> None:
    """A civilization's start cities: each province chosen where the app knows it, else
    typed once ("Another province"); `label` the button's words in another language."""
    press(button(books, label or "Start cities of " + NAMES.get(civ, civ)), pump)
    for province, resource in cities.items():
        chooser = books.start_form[resource]
        if province in chooser.buttons:
            form_tap(books, chooser.buttons[province], pump)
        else:
            chooser.field.text = province
            pump()
            form_tap(books, chooser.other_button, pump)
    ok(books, pump)


def rondel(books, space: str, pump, pay: dict | None = None, occurrence: int = 0) -> None:
    """Tap a space of the wheel and confirm its move (the payment changed if `pay`)."""
    state = books.session.state
    positions = [p for p, s in enumerate(state["settings"]["rondel"]) if s == space]
    wheel_button = books.wheel.spaces[positions[occurrence]]
    press(wheel_button, pump)
    assert books.popup is not None, (space, books.message)
    counters = [w for w in walk(books.popup) if hasattr(w, "key") and hasattr(w, "plus")]
    if pay is not None:
        for counter in counters:
            while counter.value > pay.get(counter.key, 0):
                form_tap(books, counter.minus, pump)
            while counter.value < pay.get(counter.key, 0):
                form_tap(books, counter.plus, pump)
    ok(books, pump)


def end_turn(books, pump) -> None:
    press(button(books, "End turn"), pump)
    if books.announcement is not None:
        tap(books.announcement.ok, pump)


def test_set_up_start_cities_and_a_first_round(app, pump, window, shots):
    folder = shot_folder(shots)
    books = set_up(app, pump)
    session = app.session
    assert session.state["phase"] == "cities"
    shoot(window, folder, "antike-cities", pump)
    for civ, cities in START.items():
        start_cities(books, civ, cities, pump)
    state = session.state
    assert state["phase"] == "play"
    assert state["civs"]["romans"]["cities"]["Capua"] == {"resource": "gold", "temple": False}
    assert "Capua" in app.settings["antike_provinces"]["west"]
    shoot(window, folder, "antike-wheel", pump)
    rondel(books, "gold", pump)
    assert session.state["civs"]["greeks"]["resources"]["gold"] == 4
    shoot(window, folder, "antike-after-gold", pump)
    end_turn(books, pump)
    assert session.state["turn"]["civ"] == "romans"


def rondel_at(books, position: int, pump) -> None:
    """Tap the wheel's space at `position` and confirm with the suggested payment."""
    press(books.wheel.spaces[position], pump)
    assert books.popup is not None, (position, books.message)
    ok(books, pump)


def next_space(books) -> int:
    """The space one step on from the civilization in turn's marker (free)."""
    state = books.session.state
    at = state["civs"][state["turn"]["civ"]]["rondel"]
    return 1 if at is None else (at + 1) % 8


def counter_of(box, unit: str):
    return next(c for c in walk(box) if getattr(c, "unit", None) == unit)


def temples(books, cities: list, pump) -> None:
    press(button(books, "Build temples"), pump)
    grid = books.popup.form["fields"][1]
    for city in cities:
        form_tap(books, grid.buttons[city], pump)
    ok(books, pump)


def progress(books, progresses: list, pump) -> None:
    press(button(books, "Buy progress"), pump)
    grid = books.popup.form["fields"][1]
    for name in progresses:
        form_tap(books, grid.buttons[name], pump)
    ok(books, pump)


def arm(books, units: dict, pump) -> None:
    press(button(books, "Arm ("), pump)
    fields = books.popup.form["fields"]
    for province, here in units.items():
        grid = fields[2]
        if grid.buttons[province].state != "down":
            form_tap(books, grid.buttons[province], pump)
        for unit, count in here.items():
            counter = counter_of(fields[3], unit)
            for _ in range(count):
                form_tap(books, counter.plus, pump)
    ok(books, pump)


def move(books, origin: str, to: str, units: dict, pump, border: str | None = None) -> None:
    """Units moved by the form: from a province chosen, counted, to a province chosen (or
    typed once when the app does not know it yet)."""
    press(button(books, "Move units"), pump)
    form = books.move_form
    if form["from"].buttons[origin].state != "down":
        form_tap(books, form["from"].buttons[origin], pump)
    for unit, count in units.items():
        counter = counter_of(books.popup, unit)
        for _ in range(count):
            form_tap(books, counter.plus, pump)
    chooser = form["to"]
    if to in chooser.buttons:
        form_tap(books, chooser.buttons[to], pump)
    else:
        chooser.field.text = to
        pump()
        form_tap(books, chooser.other_button, pump)
    if border:
        form_tap(books, form["border"].buttons[border], pump)
    ok(books, pump)


def conquer(books, province: str, pump) -> None:
    press(button(books, f"Conquer {province}"), pump)
    ok(books, pump)


def found(books, province: str, resource: str, pump) -> None:
    press(button(books, f"Found a city in {province}"), pump)
    form_tap(books, books.popup.form["fields"][1].buttons[resource], pump)
    ok(books, pump)


def at_every_size(app, window, pump, folder, name: str, widget=None) -> None:
    """The screen (or an open dialog) at a phone's, a tablet's and a tablet on its side's
    size: every button fits and holds its text (a screenshot of each when asked for); the
    window is back at the phone's size after."""
    old = tuple(window.size)
    try:
        for label, size in SIZES.items():
            if tuple(window.size) != size:
                window.size = size
                wait_for_surface(window, pump)
            pump()
            target = widget if widget is not None else app.manager.current_screen
            assert_buttons_fit(target, window, f"{name} at {label}")
            shoot(window, folder, f"{name}-{label}", pump)
    finally:
        window.size = old
        wait_for_surface(window, pump)


def at_phone_size(app, window, name: str, widget=None) -> None:
    """The screen or dialog at the phone's size (the window's own): every button fits."""
    assert tuple(window.size) == SIZES["phone"]
    assert_buttons_fit(widget if widget is not None else app.manager.current_screen, window,
                       name)


def correction(books, civ: str, amounts: dict, pump) -> None:
    """The table's correction: resources added to a civilization's books."""
    press(button(books, "Correction"), pump)
    fields = books.popup.form["fields"]
    form_tap(books, fields[0].buttons[civ], pump)
    for counter in fields[1:]:
        for _ in range(amounts.get(counter.label.text.lower(), 0)):
            form_tap(books, counter.plus, pump)
    ok(books, pump)


def other_turns(books, pump) -> None:
    """The Romans and the Germans move one space on (free) and end their turns."""
    for _ in range(2):
        rondel_at(books, next_space(books), pump)
        end_turn(books, pump)


def test_every_screen_and_form_at_three_sizes(app, pump, window, shots):
    """Set-up, start cities, the correction, the wheel and its confirmation, progress with the
    personality announced, temples, arming, the Maneuver's move form and the conquest
    calculator, conquest and founding: each at the three sizes."""
    folder = shot_folder(shots)
    tap(next(b for b in app.screen("home").ids.new_games.children if "Antike" in b.text), pump)
    at_every_size(app, window, pump, folder, "antike-setup")
    tap(app.screen("antike_setup").ids.back, pump)
    books = set_up(app, pump)
    session = app.session
    press(button(books, "Start cities of Greeks"), pump)
    at_phone_size(app, window, "antike-start-form", books.popup)
    tap(books.popup.form["cancel"], pump)
    for civ, cities in START.items():
        start_cities(books, civ, cities, pump)
    correction(books, "greeks", {"gold": 10, "marble": 5}, pump)
    assert session.state["civs"]["greeks"]["resources"] == {"marble": 7, "iron": 1, "gold": 13}
    at_every_size(app, window, pump, folder, "antike-wheel")
    press(books.wheel.spaces[4], pump)                      # Knowledge, the first move: free
    at_every_size(app, window, pump, folder, "antike-confirm", books.popup)
    ok(books, pump)
    press(button(books, "Buy progress"), pump)
    at_every_size(app, window, pump, folder, "antike-progress-form", books.popup)
    tap(books.popup.form["cancel"], pump)
    progress(books, ["wheel"], pump)
    press(button(books, "End turn"), pump)
    assert books.announcement is not None
    at_every_size(app, window, pump, folder, "antike-announcement", books.announcement)
    assert any("Scholar 1" in w.text for w in walk(books.announcement)
               if isinstance(getattr(w, "text", None), str))
    tap(books.announcement.ok, pump)
    other_turns(books, pump)
    rondel_at(books, 5, pump)                               # Temple: 1 step
    press(button(books, "Build temples"), pump)
    at_phone_size(app, window, "antike-temple-form", books.popup)
    form_tap(books, books.popup.form["fields"][1].buttons["Corinth"], pump)
    ok(books, pump)
    assert session.state["civs"]["greeks"]["cities"]["Corinth"]["temple"]
    end_turn(books, pump)
    other_turns(books, pump)
    rondel_at(books, 6, pump)                               # Arming: 1 step
    press(button(books, "Arm ("), pump)
    at_every_size(app, window, pump, folder, "antike-arm-form", books.popup)
    tap(books.popup.form["cancel"], pump)
    arm(books, {"Athens": {"legion": 2}}, pump)
    assert session.state["civs"]["greeks"]["units"] == {"Athens": {"legion": 2}}
    end_turn(books, pump)
    other_turns(books, pump)
    rondel_at(books, 7, pump)                               # Maneuver: 1 step
    press(button(books, "Move units"), pump)
    at_every_size(app, window, pump, folder, "antike-move-form", books.popup)
    destinations = books.move_form["to"].buttons
    assert "Sparta" in destinations and "Athens" not in destinations   # not where they stand
    tap(books.popup.form["cancel"], pump)
    move(books, "Athens", "Roma", {"legion": 1}, pump)
    move(books, "Athens", "Thracia", {"legion": 1}, pump)
    assert session.state["civs"]["greeks"]["units"] == {"Roma": {"legion": 1},
                                                        "Thracia": {"legion": 1}}
    calculator = [w.text for w in walk(books.ids.page) if "defence 1 = city 1" in
                  str(getattr(w, "text", ""))]
    assert calculator and "can be taken" in calculator[0], calculator
    at_every_size(app, window, pump, folder, "antike-maneuver")
    press(button(books, "Conquer Roma"), pump)
    at_phone_size(app, window, "antike-conquer-form", books.popup)
    ok(books, pump)
    assert "Roma" in session.state["civs"]["greeks"]["cities"]
    press(button(books, "End the maneuver"), pump)
    press(button(books, "Found a city in Thracia"), pump)
    at_phone_size(app, window, "antike-found-form", books.popup)
    form_tap(books, books.popup.form["fields"][1].buttons["gold"], pump)
    ok(books, pump)
    assert session.state["civs"]["greeks"]["cities"]["Thracia"]["resource"] == "gold"
    end_turn(books, pump)                                   # 5 cities: a King
    assert session.state["civs"]["greeks"]["personalities"]["king"] == [1]
    books.show_civ("romans")
    pump()
    at_phone_size(app, window, "antike-other-civ")
