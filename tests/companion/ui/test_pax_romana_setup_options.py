"""The Pax Romana set-up by taps: the optional rules of the chosen game as switches with their
descriptions (the re-roll switched on), the readings of the rules as choices with their rulings
(the ratio table's printed cells, Turmoil from -3), both sent as the engine's set-up options; a
Standard format offers the event markers and not the Advanced Game's rules; in Spanish the names
and descriptions are translated. Looked at on a phone (360x640)."""
from __future__ import annotations

from test_pax_romana_screens import shot_folder
from touch import assert_buttons_fit, press, screenshot, show, tap, window_size


def open_setup(app, pump):
    home = app.screen("home")
    pump()
    tap(next(b for b in home.ids.new_games.children if "Pax Romana" in b.text), pump)
    assert app.manager.current == "pax_romana_setup"
    return app.screen("pax_romana_setup")


def texts(setup) -> str:
    return "\n".join(getattr(w, "text", "") for w in setup.ids.parts.walk())


def look(setup, window, pump, widget, name: str) -> None:
    """The set-up at a phone's size scrolled to `widget`: its buttons fit (and a screenshot
    when FORGE_PAX_SHOTS names a folder)."""
    with window_size(window, (360, 640), pump):
        pump(3)
        show(widget, pump)
        assert_buttons_fit(setup, window, name)
        folder = shot_folder()
        if folder is not None:
            screenshot(window, folder, name, pump)


def test_optional_rules_and_readings_go_into_the_set_up(app, pump, window):
    setup = open_setup(app, pump)
    shown = texts(setup)
    assert "Optional rules" in shown and "Readings of the rules" in shown
    assert "Re-rolls" in shown and "its leader may try for a re-roll" in shown
    assert "(ruling P1)" in shown
    assert "Event markers" not in shown             # a Standard Game rule
    reroll = setup.parts["optional"]["reroll"]
    assert reroll.state == "normal"
    assert setup.parts["optional"]["legionary_cavalry"].state == "down"   # Advanced default
    press(reroll, pump)
    assert reroll.state == "down"
    press(setup.parts["readings"]["ratio_source"].buttons["card"], pump)
    press(setup.parts["readings"]["turmoil_from"].buttons[-3], pump)
    look(setup, window, pump, setup.parts["readings"]["ratio_source"], "pax-setup-options")
    tap(setup.ids.start, pump)
    assert app.manager.current == "pax_romana_books", setup.ids.message.text
    state = app.session.state
    assert state["optional"]["reroll"] is True
    assert state["readings"]["ratio_source"] == "card"
    assert state["readings"]["turmoil_from"] == -3
    assert state["readings"]["event_5"] == "text"


def test_a_standard_format_offers_its_own_rules(app, pump, window):
    setup = open_setup(app, pump)
    press(setup.parts["format"].buttons["basic_ii"], pump)
    rules = setup.parts["optional"]
    assert "event_markers" in rules and "mountain_attrition" not in rules
    assert rules["legionary_cavalry"].state == "normal"         # Standard default
    press(rules["event_markers"].buttons[2], pump)
    press(setup.parts["readings"]["reduction_in_standard_game"].buttons[False], pump)
    look(setup, window, pump, rules["event_markers"], "pax-setup-standard-rules")
    tap(setup.ids.start, pump)
    assert app.manager.current == "pax_romana_books", setup.ids.message.text
    state = app.session.state
    assert state["optional"]["event_markers"] == 2
    assert state["readings"]["reduction_in_standard_game"] is False


def test_the_options_in_spanish(app, pump, window):
    app.set_setting("lang", "es")
    pump()
    setup = open_setup(app, pump)
    shown = texts(setup)
    assert "Reglas opcionales" in shown and "Lecturas de las reglas" in shown
    assert "Optional rules" not in shown and "Re-rolls" not in shown
    rounding = setup.parts["readings"]["naval_loss_rounding"]
    assert rounding.buttons["up"].text == "Redondear hacia arriba"
    look(setup, window, pump, rounding, "pax-setup-options-es")
