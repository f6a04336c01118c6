"""The companion's look: a large system font grows text boxes rather than clipping them; dialogs,
fields, drawn dice and icons are in the game's colours."""
from __future__ import annotations

import time

import pytest
from touch import tap, walk

SCALE = 1.3               # Android's "large" font size


@pytest.fixture
def large_font_app(window, tmp_path, pump):
    """A companion app started while the system font scale is 1.3 (the sp unit follows it)."""
    from kivy.app import App
    from kivy.metrics import Metrics

    from companion.app import CompanionApp

    old = Metrics.fontscale
    Metrics.fontscale = SCALE
    companion = CompanionApp(data_dir=tmp_path / "data")
    companion._run_prepare()
    pump()
    try:
        yield companion
    finally:
        companion.dispatch("on_stop")
        for child in list(window.children):
            window.remove_widget(child)
        App._running_app = None
        Metrics.fontscale = old


def wait(pump, seconds: float) -> None:
    """Let the clock run (animations) for about `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        pump(1)
        time.sleep(0.01)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", ["home", "settings", "dice"])
def test_text_grows_rather_than_clips_with_a_large_system_font(large_font_app, window, pump,
                                                               name, lang):
    from kivy.metrics import dp, sp
    from kivy.uix.button import Button
    from kivy.uix.label import Label
    from kivy.uix.scrollview import ScrollView

    app = large_font_app
    assert sp(10) == pytest.approx(13)
    app.set_setting("lang", lang)
    app.show(name)
    pump(5)
    screen = app.screen(name)
    scrolled = {id(w) for s in walk(screen) if isinstance(s, ScrollView)
                for w in walk(s) if w is not s}
    labels = [w for w in walk(screen) if isinstance(w, Label) and w.text]
    assert labels
    for widget in labels:
        left, bottom = widget.to_window(widget.x, widget.y)
        right, top = widget.to_window(widget.right, widget.top)
        where = f"{name}: {widget.text!r} at {left:.0f},{bottom:.0f}-{right:.0f},{top:.0f}"
        text_width, text_height = widget.texture_size
        assert text_width <= widget.width + 1 and text_height <= widget.height + 1, \
            f"text clipped: {where} holds {widget.texture_size}"
        assert 0 <= left and right <= window.width, where
        if id(widget) not in scrolled:
            assert 0 <= bottom and top <= window.height, where
        if isinstance(widget, Button):
            assert widget.height >= dp(48), where


def test_the_dialog_is_parchment_under_an_ink_title_bar(app, pump):
    from kivy.uix.popup import Popup

    from companion.theme import ROUND_IMAGE
    from companion.widgets import Dialog, big, body, dialog, text_field

    theme = app.theme
    meant_for_dark = body("Go back to entry 1?", color=theme.accent_ink)
    field = text_field("Name")
    cancel, ok = big("Cancel"), big("Go back")
    popup = dialog("Undo", [meant_for_dark, field], [cancel, ok], size_hint=(0.9, None),
                   height=200, background="", background_color=(0.1, 0.1, 0.1, 1))
    assert isinstance(popup, Dialog) and isinstance(popup, Popup)
    popup.open()
    pump(4)
    assert popup.background == str(ROUND_IMAGE)
    assert tuple(popup.background_color) == tuple(theme.parchment)
    assert tuple(popup.title_color) == tuple(theme.parchment)
    assert tuple(popup._bar_colour.rgba) == tuple(theme.ink)
    assert popup._bar.pos[1] >= popup.y and popup._bar.size[1] > 0
    assert tuple(meant_for_dark.color) == tuple(theme.ink), "text would vanish on parchment"
    assert (cancel.emphasis, ok.emphasis) == ("secondary", "primary")
    assert tuple(field.background_color) == tuple(theme.field)
    assert field.background_normal == str(ROUND_IMAGE)
    assert popup.height >= popup.content.minimum_height, "the dialog grows to hold its parts"
    popup.dismiss(animation=False)
    pump()


def test_buttons_have_three_emphases_and_icons(app, pump):
    from companion.widgets import big, quiet, secondary

    theme = app.theme
    primary, outlined, text_only = big("Roll", icon="roll"), secondary("Back"), quiet("Skip")
    pump()
    assert tuple(primary.color) == tuple(theme.accent_ink)
    assert tuple(outlined.color) == tuple(text_only.color) == tuple(theme.accent)
    assert theme.button_fill("primary", False) == theme.accent
    assert theme.button_fill("primary", True) != theme.accent, "no pressed state"
    assert theme.button_fill("quiet", False)[3] == 0
    assert theme.button_image("secondary", False).endswith("ring.png"), "outlined at rest"
    assert theme.button_image("primary", False).endswith("round.png")
    assert tuple(outlined.background_color) == tuple(theme.accent)
    assert primary.padding[0] > 0, "the text makes room for the icon"
    assert primary._icon_group.children[0].children, "the icon is drawn"
    assert outlined.padding[0] == 0 and outlined._icon_group is None


def test_every_icon_draws(app, pump):
    from companion.icons import ICONS, Icon

    for name in ICONS:
        icon = Icon(name=name, size=(48, 48))
        assert len(icon.canvas.children) > 0, name


def test_a_die_face_tumbles_then_lands_on_the_value_given(app, pump):
    from companion.dieface import DieFace

    landed = []
    roman = DieFace(faces=["I", "II", "III", "IV", "V", "VI"], size=(64, 64))
    roman.bind(on_rolled=lambda face: landed.append(face.value))
    assert not roman.uses_pips() and DieFace().uses_pips()
    roman.roll(4)
    assert roman.rolling
    wait(pump, 1.0)
    assert not roman.rolling and (roman.shown, roman.value, roman.angle) == (4, 4, 0)
    assert landed == [4]
    roman.duration = 0
    roman.roll(2)
    assert landed == [4, 2] and roman.shown == 2


def test_the_dice_tray_throws_drawn_dice(app, pump):
    tap(app.screen("home").ids.dice_button, pump)
    dice = app.screen("dice")
    thrown = dice.ids.thrown
    assert len(thrown.faces) == 2 and all(face.value == 0 for face in thrown.faces)
    tap(dice.ids.roll, pump)
    assert all(face.rolling for face in thrown.faces)
    tap(dice.ids.roll, pump)                  # again before they land: the second throw shows
    assert dice.ids.result.opacity == 0
    wait(pump, 1.2)
    throw = dice.tray.history[-1]
    assert [face.shown for face in thrown.faces] == [d["value"] for d in throw.dice]
    assert dice.ids.result.opacity == 1 and dice.ids.result.text == dice.faces(throw)


def test_titles_use_the_kits_serif(app):
    from companion.theme import TITLE_FONT

    assert app.theme.title_font == TITLE_FONT
    assert app.screen("home").children[0].children[0].children[-1].font_name == TITLE_FONT


def test_spinners_and_toggles_are_in_the_games_colours(app, pump):
    from kivy.uix.spinner import Spinner
    from kivy.uix.togglebutton import ToggleButton

    theme = app.theme
    spinner = Spinner(text="Roma", values=["Roma", "Mediolanum"])
    app.screen("home").add_widget(spinner)
    spinner.is_open = True
    pump(3)
    assert tuple(spinner.background_color) == tuple(theme.field)
    option = spinner._dropdown.container.children[0]
    assert tuple(option.background_color) == tuple(theme.field)
    assert tuple(option.color) == tuple(theme.ink)
    spinner.is_open = False
    app.screen("home").remove_widget(spinner)
    toggle = ToggleButton(text="Ostia", state="down")
    assert tuple(toggle.background_color) == tuple(theme.accent)


def test_conquests_tray_shows_its_battle_dice_symbols(app, pump):
    from companion.dieface import symbol_texture

    app.game_id = "conquest-of-the-empire-2"
    app.show("dice")
    pump()
    dice = app.screen("dice")
    assert [die.id for die in dice.tray.dice] == ["battle-dice"]
    tap(dice.ids.roll, pump)
    wait(pump, 1.0)
    face = dice.ids.thrown.faces[0]
    assert face.faces[face.shown - 1].startswith("icon:")
    assert symbol_texture("infantry") is not None and symbol_texture("blank") is None
    assert "icon:" not in dice.ids.result.text and "icon:" not in dice.ids.history.text
