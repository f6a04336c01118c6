"""The companion app driven through real touches on a real window (Xvfb), one behaviour a test."""
from __future__ import annotations

import json

import pytest
from touch import press, screenshot, tap, walk

from companion.app import CompanionApp


def test_home_fills_a_phone_window(app, window, shots, pump):
    image = screenshot(window, shots, "home", pump)
    assert app.manager.current == "home"
    assert image.size == (360, 640)
    low, high = image.convert("L").getextrema()
    assert high - low > 100, "the screenshot is blank"


def test_switching_language_updates_the_open_screen(app, window, shots, pump):
    tap(app.screen("home").ids.settings_button, pump)
    settings = app.screen("settings")
    assert settings.ids.back.text == "Back"
    tap(settings.ids.lang_es, pump)
    assert settings.ids.back.text == "Volver"
    assert settings.ids.mode_app.text == "Tira por mí"
    screenshot(window, shots, "settings-es", pump)
    tap(settings.ids.back, pump)
    assert app.screen("home").ids.dice_button.text == "Bandeja de dados"


def test_settings_are_saved_in_the_data_folder(app, pump):
    tap(app.screen("home").ids.settings_button, pump)
    tap(app.screen("settings").ids.mode_physical, pump)
    saved = json.loads(app.settings_path.read_text(encoding="utf-8"))
    assert saved["dice_mode"] == "physical"
    assert CompanionApp(data_dir=app.data_dir).dice_mode == "physical"


def test_motion_on_the_map_can_be_turned_off_and_stays_off(app, pump):
    assert app.motion and app.settings["motion"] is True
    tap(app.screen("home").ids.settings_button, pump)
    press(app.screen("settings").ids.motion, pump)
    assert app.settings["motion"] is False
    saved = json.loads(app.settings_path.read_text(encoding="utf-8"))
    assert saved["motion"] is False
    assert CompanionApp(data_dir=app.data_dir).settings["motion"] is False


def test_rolling_grows_the_history(app, window, shots, pump):
    tap(app.screen("home").ids.dice_button, pump)
    dice = app.screen("dice")
    tap(dice.ids.roll, pump)
    tap(dice.ids.roll, pump)
    assert len(dice.ids.history.text.splitlines()) == 2
    assert dice.ids.result.text != "–"
    image = screenshot(window, shots, "dice", pump)
    assert image.size == (360, 640)


def test_entering_real_dice_records_them(app, pump):
    app.set_setting("dice_mode", "physical")
    tap(app.screen("home").ids.dice_button, pump)
    dice = app.screen("dice")
    faces = {button.text: button for row in dice.ids.picker.children for button in row.children}
    tap(faces["4"], pump)
    tap(faces["V"], pump)
    tap(dice.ids.roll, pump)
    assert dice.ids.history.text.startswith("1.  4  V")
    assert "(entered)" in dice.ids.history.text


def test_new_game_joins_the_resume_list(app, pump):
    home = app.screen("home")
    new_game = home.ids.new_games.children[0]
    assert new_game.text == "New game: Tetrarchia"
    tap(new_game, pump)
    tap(app.screen("tetrarchia_setup").ids.start, pump)
    assert app.root.current in ("tetrarchia_board", "tetrarchia_guide")   # the set-up guide first
    app.show("home")
    pump()
    assert len(home.store.list_games()) == 1
    assert "Tetrarchia" in home.ids.saved_games.children[0].text


def test_a_wrapped_game_name_keeps_its_numeral_on_the_line_of_the_word_before(app, pump):
    home = app.screen("home")
    conquest = next(b for b in home.ids.new_games.children
                    if b.game_id == "conquest-of-the-empire-2")
    conquest.texture_update()
    lines = ["".join(word.text for word in line.words) for line in conquest._label._cached_lines]
    assert len(lines) > 1, "the phone window no longer wraps this name: the test proves nothing"
    assert all(line.strip() != "II" for line in lines), lines
    assert lines[-1].rstrip().endswith("Empire\u00a0II"), lines


def test_a_corrupt_saved_game_is_set_aside_with_a_message(app, window, shots, pump):
    home = app.screen("home")
    tap(home.ids.new_games.children[0], pump)
    tap(app.screen("tetrarchia_setup").ids.start, pump)
    app.show("home")
    pump()
    game_id = home.store.list_games()[0]["id"]
    (home.store.root / game_id / "snapshot.json").write_text("{ edited by hand", encoding="utf-8")
    tap(home.ids.saved_games.children[0], pump)
    assert app.root.current == "home"
    texts = [w.text for w in home.ids.saved_games.children]
    assert any("kept" in text for text in texts), texts
    assert not home.store.list_games()
    assert list(home.store.root.iterdir()), "the game's files are kept, not deleted"
    screenshot(window, shots, "home-corrupt-game", pump)



@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("mode", ["app", "physical"])
@pytest.mark.parametrize("name", ["home", "settings", "dice"])
def test_buttons_are_big_enough_and_inside_the_window(app, window, pump, name, mode, lang):
    from kivy.metrics import dp
    from kivy.uix.button import Button
    from kivy.uix.label import Label

    app.set_setting("lang", lang)
    app.set_setting("dice_mode", mode)
    app.show(name)
    pump()
    screen = app.screen(name)
    from kivy.uix.scrollview import ScrollView

    buttons = [w for w in walk(screen) if isinstance(w, Button)]
    assert buttons
    scrolled = {id(w) for s in walk(screen) if isinstance(s, ScrollView)
                for w in walk(s) if w is not s}
    for widget in walk(screen):
        if not isinstance(widget, Label) or not widget.text:
            continue
        left, bottom = widget.to_window(widget.x, widget.y)
        right, top = widget.to_window(widget.right, widget.top)
        where = f"{name}: {widget.text!r} at {left:.0f},{bottom:.0f}-{right:.0f},{top:.0f}"
        assert 0 <= left and right <= window.width, where
        if id(widget) not in scrolled:          # rows of a scrolled list may be out of view
            assert 0 <= bottom and top <= window.height, where
        if isinstance(widget, Button):
            assert widget.width >= dp(48) and widget.height >= dp(48), where
            text_width, text_height = widget.texture_size
            assert text_width <= widget.width and text_height <= widget.height, \
                f"text overflows: {where}"


def test_the_running_app_runs_full_garbage_collections_itself(app):
    import gc

    from companion.collector import NEVER

    assert gc.get_threshold()[2] == NEVER        # on_start ran: no automatic full passes
    app.dispatch("on_stop")
    assert gc.get_threshold()[2] != NEVER
