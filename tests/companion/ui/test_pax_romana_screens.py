"""The Pax Romana companion by taps: the set-up screen (powers, players, format and the
scenario's starting books), the books with the phase's steps, the activation bag drawn by the
app or entered, the procedures' forms, the battle screen with every step and its choices, real
dice entered by taps, undo through the log, Spanish, and every screen's buttons at a phone's
size (360x640), a tablet upright (800x1280) and on its side (1280x800)."""
from __future__ import annotations

import os
from pathlib import Path

from touch import assert_buttons_fit, press, screenshot, tap, window_size

SIZES = {"phone": (360, 640), "tablet": (800, 1280), "landscape": (1280, 800)}
PLAYERS = {"rome": "Ana", "carthage": "Ben", "greece": "Cai", "east": "Dan"}


def shot_folder() -> Path | None:
    """Screenshots only when FORGE_PAX_SHOTS names a folder (to look at them)."""
    folder = os.environ.get("FORGE_PAX_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        return Path(folder)
    return None


def at_every_size(screen, window, pump, name: str) -> None:
    """The screen's buttons fit at the three sizes (and a screenshot each when asked)."""
    folder = shot_folder()
    for size_name, size in SIZES.items():
        with window_size(window, size, pump):
            pump(3)
            assert_buttons_fit(screen, window, f"{name}-{size_name}")
            if folder is not None:
                screenshot(window, folder, f"{name}-{size_name}", pump)


def set_up(app, pump, players=PLAYERS, treasury=0, counters=None, powers=None, seed=7):
    """Home → Pax Romana → names typed, Talents counted up → Start: the books (the app's
    dice from `seed`, so every run rolls the same)."""
    home = app.screen("home")
    pump()
    tap(next(b for b in home.ids.new_games.children if "Pax Romana" in b.text), pump)
    assert app.manager.current == "pax_romana_setup"
    setup = app.screen("pax_romana_setup")
    if setup.seed is None:
        setup.seed = seed
    for power in [p for p in setup.chosen if powers and p not in powers]:
        press(setup.parts["powers"].buttons[power], pump)
    for power, field in setup.name_inputs.items():
        field.text = players.get(power, "")
    pump()
    for power in setup.powers():
        for _ in range(treasury):
            press(setup.counters[f"treasury:{power}"].plus, pump)
    for key, times in (counters or {}).items():
        for _ in range(times):
            press(setup.counters[key].plus, pump)
    tap(setup.ids.start, pump)
    assert app.manager.current == "pax_romana_books", setup.ids.message.text
    return app.screen("pax_romana_books")


def button(screen, text: str):
    found = [b for b in screen.action_buttons if b.text.startswith(text)]
    assert found, (text, [b.text for b in screen.action_buttons])
    return found[0]


def form_tap(screen, widget, pump) -> None:
    """A tap inside the open form (its list scrolled to the widget first when needed)."""
    press(widget, pump)


def ok(screen, pump) -> None:
    note = screen.popup.form["note"]
    tap(screen.popup.form["ok"], pump)
    assert screen.popup is None, (note.text, screen.message)


def fill(screen, pump, values: dict) -> None:
    """Fill the open form: counters tapped up or down to a number, choices and yes/no tapped,
    "many" choices tapped on, "counts" counters tapped up."""
    parts = screen.popup.fieldset.parts
    for key, value in values.items():
        part = parts[key]
        if hasattr(part, "plus"):
            while part.value < value:
                form_tap(screen, part.plus, pump)
            while part.value > value:
                form_tap(screen, part.minus, pump)
        elif isinstance(value, dict):
            for item, count in value.items():
                for _ in range(count):
                    form_tap(screen, part.buttons[item].plus, pump)
        elif isinstance(value, list):
            for item in value:
                form_tap(screen, part.buttons[item], pump)
        else:
            form_tap(screen, part.buttons[value], pump)


def entry_tap(battle, widget, pump) -> None:
    press(widget, pump)


def enter_side(battle, side: str, power: str, units: dict, pump, leader=None,
               elephants: int = 0) -> None:
    """One side of the battle entered on the battle screen by taps."""
    parts = battle.entry.parts
    press(parts[f"{side}.power"].buttons[power], pump)
    for unit, count in units.items():
        for _ in range(count):
            press(parts[f"{side}.units"].buttons[unit].plus, pump)
    if leader:
        press(parts[f"{side}.has_leader"].buttons[True], pump)
        for rating in ("tactical", "campaign"):
            counter = parts[f"{side}.leader.{rating}"]
            while counter.value < leader[rating]:
                press(counter.plus, pump)
            while counter.value > leader[rating]:
                press(counter.minus, pump)
    for _ in range(elephants):
        press(parts[f"{side}.elephants"].plus, pump)


def fight_through(battle, pump, choose=lambda actions: actions[-1]) -> None:
    """The battle's choices tapped until it is over: the allocation `choose` picks, the first
    retreat choice, the first legal loss allocation of each side (real dice: each a 4)."""
    session = battle.session
    for _ in range(20):
        if battle.dice_popup is not None:           # real dice: a 4 rolled at the table
            tap(battle.dice_popup.faces[3], pump)
            continue
        if session.state["battle"] is None:
            return
        choices = [b for b in battle.action_buttons if b.action]
        assert choices, battle.message
        stage = session.state["battle"]["stage"]
        picked = choose(choices) if stage == "allocate" else choices[0]
        press(picked, pump)
    assert session.state["battle"] is None


def test_set_up_books_and_a_battle_with_every_step(app, pump, window):
    books = set_up(app, pump, treasury=3)
    session = app.session
    state = session.state
    assert state["order"] == ["rome", "carthage", "greece", "east"]
    assert state["powers"]["rome"]["player"] == "Ana"
    assert state["powers"]["east"]["treasury"] == 3
    assert state["phase"] == "activation"
    at_every_size(books, window, pump, "pax-books")
    press(button(books, "First round: Rome"), pump)
    assert session.state["bag"]["drawn"] == ["rome"]
    press(button(books, "Rome pays the activation"), pump)
    ok(books, pump)
    assert session.state["powers"]["rome"]["treasury"] == 2
    press(button(books, "Land battle"), pump)
    battle = app.screen("pax_romana_battle")
    assert app.manager.current == "pax_romana_battle"
    enter_side(battle, "attacker", "rome", {"legion": 3, "cavalry": 1}, pump,
               leader={"tactical": 2, "campaign": 2})
    enter_side(battle, "defender", "carthage",
               {"heavy_infantry": 2, "light_infantry": 2, "elephant": 1}, pump, elephants=1)
    press(battle.fight_button, pump)
    fought = session.state["battle"]
    assert fought is not None, battle.message
    texts = "\n".join(w.text for w in battle.ids.page.children if hasattr(w, "text"))
    assert "Battle points 13" in texts and "the battle ratio" in texts, texts
    assert "the better leader's Tactics" in texts
    allocations = [b for b in battle.action_buttons if b.action]
    assert len(allocations) == fought["net"]["shifts"] + 1
    at_every_size(battle, window, pump, "pax-battle-shifts")
    fight_through(battle, pump)
    last = session.state["last"]
    assert last["kind"] == "battle" and last["stage"] == "over"
    texts = "\n".join(w.text for w in battle.ids.page.children if hasattr(w, "text"))
    assert "The battle is over" in texts
    at_every_size(battle, window, pump, "pax-battle-over")
    tap(battle.ids.back, pump)
    assert app.manager.current == "pax_romana_books"


def test_three_powers_in_another_order_with_the_scenario_books(app, pump, window):
    """Greece left out, the East moved up to play second, the Basic Plus format, turns 3 to
    5, Carthage starting with 7 Talents, stability 2 and 1 VP."""
    home = app.screen("home")
    pump()
    tap(next(b for b in home.ids.new_games.children if "Pax Romana" in b.text), pump)
    setup = app.screen("pax_romana_setup")
    press(setup.parts["powers"].buttons["greece"], pump)
    press(setup.up_buttons["east"], pump)
    assert setup.powers() == ["rome", "east", "carthage"]
    press(setup.parts["format"].buttons["basic_plus"], pump)
    for key, times in (("first_turn", 2), ("last_turn", 5), ("treasury:carthage", 7),
                       ("stability:carthage", 2), ("vp:carthage", 1)):
        for _ in range(times):
            press(setup.counters[key].plus, pump)
    at_every_size(setup, window, pump, "pax-setup")
    tap(setup.ids.start, pump)
    assert app.manager.current == "pax_romana_books", setup.ids.message.text
    state = app.session.state
    assert state["order"] == ["rome", "east", "carthage"] and state["format"] == "basic_plus"
    assert (state["turn"], state["last_turn"]) == (3, 5)
    book = state["powers"]["carthage"]
    assert (book["treasury"], book["stability"], book["vp"]) == (7, 2, 1)
    assert state["phase"] == "activation"
