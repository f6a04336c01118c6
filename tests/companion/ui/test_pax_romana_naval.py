"""Pax Romana's naval move walked by taps with real dice: a Roman transport sets out from the
books, a transit point's disaster die is shown with what it decided, a stop outside home and
its Continuity roll, an amphibious attack, the stranded die; a storm on the high seas sinks
squadrons and land BP; every step's buttons fit at a phone's size (360x640), a tablet upright
and on its side."""
from __future__ import annotations

from test_pax_romana_screens import at_every_size, button, fill, ok, set_up
from touch import press, tap


def open_naval(app, pump):
    app.set_setting("dice_mode", "physical")
    books = set_up(app, pump)
    press(button(books, "Naval move"), pump)
    assert app.manager.current == "pax_romana_naval"
    return app.screen("pax_romana_naval")


def page_text(screen) -> str:
    texts = []

    def walk(widget):
        if hasattr(widget, "text") and isinstance(widget.text, str):
            texts.append(widget.text)
        for child in widget.children:
            walk(child)

    walk(screen.ids.page)
    return "\n".join(texts)


def roll(screen, pump, *faces: int) -> None:
    """Dice rolled at the table, tapped one by one."""
    for face in faces:
        assert screen.dice_popup is not None, screen.message
        tap(screen.dice_popup.faces[face - 1], pump)
    assert screen.dice_popup is None


def set_sail(naval, pump, label="Set sail", **values) -> None:
    press(button(naval, label), pump)
    fill(naval, pump, values)
    ok(naval, pump)


def enter(naval, pump, point: str, values: dict | None = None, dice=(), label="Enter") -> None:
    press(button(naval, f"{label} {point}"), pump)
    fill(naval, pump, values or {})
    tap(naval.popup.form["ok"], pump)
    roll(naval, pump, *dice)
    assert naval.popup is None, naval.message


def test_a_transport_sails_stops_attacks_from_the_sea_and_is_stranded(app, pump, window):
    naval = open_naval(app, pump)
    session = app.session
    at_every_size(naval, window, pump, "pax-naval-start")
    set_sail(naval, pump, squadrons=2, leader=True, campaign=3, land_units=2, land_bp=8, mp=5)
    state = session.state["naval"]
    assert (state["squadrons"], state["land"], state["spent"]) == (2, {"units": 2, "bp": 8}, 2)
    assert "Land units carried: 2 (8 BP)" in page_text(naval)
    assert "3 MP left" in page_text(naval)
    enter(naval, pump, "a naval transit point", dice=[3])
    text = page_text(naval)
    assert "Rolled 3 for naval disaster" in text and "no effect" in text, text
    at_every_size(naval, window, pump, "pax-naval-disaster")
    enter(naval, pump, "a port")
    assert session.state["naval"]["stage"] == "stopped"
    assert "Stopped by: a port outside home that is not friendly" in page_text(naval)
    at_every_size(naval, window, pump, "pax-naval-stopped")
    press(button(naval, "Roll for Continuity"), pump)
    roll(naval, pump, 4, 4)
    text = page_text(naval)
    assert "Continuity 7: the fleet continues" in text, text
    enter(naval, pump, "a port", {"enemy": True, "enemy_land": True})
    press(button(naval, "Attack from the sea"), pump)
    assert session.state["naval"]["stage"] == "amphibious"
    assert "1 MP left" in page_text(naval)
    at_every_size(naval, window, pump, "pax-naval-amphibious")
    press(button(naval, "Stranded"), pump)
    fill(naval, pump, {"lost_bp": 3})
    tap(naval.popup.form["ok"], pump)
    roll(naval, pump, 5)
    last = session.state["last"]
    assert session.state["naval"] is None
    assert (last["ended"], last["land"]["bp"]) == ("nearest_controlled_port", 5)
    text = page_text(naval)
    assert "No naval move under way" in text and "back to the nearest controlled port" in text
    at_every_size(naval, window, pump, "pax-naval-over")
    tap(naval.ids.back, pump)
    assert app.manager.current == "pax_romana_books"


def test_a_storm_on_the_high_seas_is_shown_with_its_losses(app, pump, window):
    naval = open_naval(app, pump)
    session = app.session
    set_sail(naval, pump, squadrons=3, land_units=2, land_bp=6, mp=6)
    enter(naval, pump, "a high-seas transit point", dice=[5, 2])
    state = session.state["naval"]
    assert (state["squadrons"], state["land"]["bp"], state["stage"]) == (1, 4, "stopped")
    text = page_text(naval)
    assert "Rolled 5 for naval disaster" in text and "Rolled 2 for the storm's losses" in text
    assert "loses 2 squadrons" in text
    at_every_size(naval, window, pump, "pax-naval-storm")
    assert not [b for b in naval.action_buttons if b.text.startswith("End the move")]
    press(button(naval, "Roll for Continuity"), pump)
    roll(naval, pump, 6, 5)
    assert session.state["last"]["ended"] == "lost_at_high_seas"
    assert "Finished on the high seas: eliminated" in page_text(naval)


def test_the_naval_move_in_spanish(app, pump, window):
    naval = open_naval(app, pump)
    app.set_setting("lang", "es")
    pump()
    set_sail(naval, pump, "Hacerse a la mar", squadrons=2, land_units=1, land_bp=4, mp=4)
    enter(naval, pump, "un punto de tránsito de alta mar", dice=[3], label="Entrar en")
    text = page_text(naval)
    assert "Sacó 3 para el desastre naval" in text and "fuera de rumbo" in text, text
    assert "Detenida por: fuera de rumbo" in text
    at_every_size(naval, window, pump, "pax-naval-es")


def test_a_storm_hits_the_carried_units_and_the_players_choose_which_absorb_it(app, pump,
                                                                              window):
    """The land units carried named by kind: a storm's land BP lost is absorbed as the players
    tap, among the legal allocations (a legion reduced, or two light infantry)."""
    naval = open_naval(app, pump)
    session = app.session
    book = session.state["powers"]["rome"]
    book["galleys"] = 3
    set_sail(naval, pump, squadrons=3, carried={"legion": 1, "light_infantry": 2}, mp=6)
    assert session.state["naval"]["land"]["bp"] == 6
    enter(naval, pump, "a high-seas transit point", dice=[5, 2])
    assert session.state["naval"]["absorb"]["loss"] == 2
    assert "Which carried units absorb the 2 BP lost?" in page_text(naval)
    choices = [b.text for b in naval.action_buttons]
    assert any(t.startswith("reduce") for t in choices), choices
    assert not any(t.startswith("Roll for Continuity") for t in choices)
    at_every_size(naval, window, pump, "pax-naval-carried-losses")
    press(button(naval, "reduce"), pump)
    land = session.state["naval"]["land"]
    assert (land["units"], land["bp"]) == (3, 4)
    assert land["carried"]["reduced"] == {"legion": 1}
    assert button(naval, "Roll for Continuity")
