"""TETRARCHIA's board screen at the three sizes of a table (phone portrait 360x640, tablet
portrait 800x1280, tablet landscape 1280x800), played by taps only: a turn to the barbarian phase
and through it. A control counts as reachable only once it lies inside the window (after being
scrolled into view, for the rows of a list); every control the test checks, it taps.

Screenshots go to pytest's folder, or to $FORGE_SHOTS when set (to look at them).
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from touch import screenshot, tap, tap_province, walk, window_size

PHONE, TABLET, LANDSCAPE = (360, 640), (800, 1280), (1280, 800)
SIZES = {"phone": PHONE, "tablet": TABLET, "landscape": LANDSCAPE}
UPRISING_SEED = 9           # the first End turn after entering ROMA: an uprising of nine lines


def shots_folder(shots) -> Path:
    folder = Path(os.environ.get("FORGE_SHOTS") or shots)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def inside(widget, window) -> bool:
    left, bottom = widget.to_window(widget.x, widget.y)
    right, top = widget.to_window(widget.right, widget.top)
    return 0 <= left and right <= window.width + 0.5 and 0 <= bottom and \
        top <= window.height + 0.5


def scroll_of(widget):
    """The ScrollView a widget is in, or None (the window is its own parent)."""
    from kivy.uix.scrollview import ScrollView

    parent = widget.parent
    while parent is not None and not isinstance(parent, ScrollView):
        if parent.parent is parent:
            return None
        parent = parent.parent
    return parent


def visible_in_list(widget) -> bool:
    """Whether a widget inside a ScrollView lies within the list's visible part."""
    parent = scroll_of(widget)
    if parent is None:
        return True
    low = parent.to_window(parent.x, parent.y)[1]
    high = parent.to_window(parent.right, parent.top)[1]
    bottom = widget.to_window(widget.x, widget.y)[1]
    top = widget.to_window(widget.right, widget.top)[1]
    return low - 0.5 <= bottom and top <= high + 0.5


def reach(widget, window, pump):
    """Scroll a widget into view (if in a list) and check that a finger can reach it whole."""
    parent = scroll_of(widget)
    if parent is not None:
        parent.scroll_to(widget, padding=0, animate=False)
        pump(4)
    where = f"{widget.text!r} at {widget.to_window(*widget.pos)} size {widget.size}"
    assert inside(widget, window), f"off-screen: {where}"
    assert visible_in_list(widget), f"outside its list's view: {where}"
    assert widget.height >= 48 and widget.width >= 48, where
    return widget


def press(widget, window, pump) -> None:
    """Reach a control, then tap it."""
    tap(reach(widget, window, pump), pump)


def action_button(board, starts: str):
    for button in reversed(board.ids.actions.children):
        if button.text.startswith(starts):
            return button
    raise AssertionError(f"no {starts!r} in {[b.text for b in board.ids.actions.children]}")


def start_by_taps(app, window, pump, seed: int):
    home = app.screen("home")
    app.show("home")
    pump()
    press(home.ids.new_games.children[0], window, pump)
    setup = app.screen("tetrarchia_setup")
    setup.seed = seed
    pump()
    press(setup.ids.start, window, pump)
    if app.manager.current == "tetrarchia_guide":       # the set-up guide: straight to play
        press(app.screen("tetrarchia_guide").ids.play, window, pump)
    assert app.manager.current == "tetrarchia_board"
    board = app.screen("tetrarchia_board")
    pump(4)
    return board


def check_layout(board, window) -> None:
    """Header, map, list and the bottom row inside the window; the list has room."""
    ids = board.ids
    for widget in (ids.header, ids.map_area, ids.bottom_bar, ids.action_scroll, ids.home,
                   ids.log, ids.zoom_in, ids.zoom_out):
        assert inside(widget, window), f"{widget} at {widget.to_window(*widget.pos)} " \
                                       f"{widget.size}"
    if ids.actions.children:
        assert ids.action_scroll.height >= min(ids.actions.minimum_height, 2 * 56), \
            "the action list has no room"
    if window.width > window.height:                  # landscape: the map beside the column
        assert ids.map_area.right <= ids.panel.x
        assert ids.map_area.height > window.height * 0.6
        assert inside(ids.info, window) and ids.info.x < ids.panel.x    # the message under it
    else:
        assert ids.map_area.top <= ids.header.y + 1 and ids.map_area.y >= ids.info.top - 1


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_turn_and_the_barbarian_phase_by_taps(app, window, pump, shots, size, lang):
    folder = shots_folder(shots)
    app.set_setting("lang", lang)
    _ = app.tr._
    with window_size(window, SIZES[size], pump):
        board = start_by_taps(app, window, pump, UPRISING_SEED)
        check_layout(board, window)
        first = list(reversed(board.ids.actions.children))[0]
        assert first.action["type"] in ("end_turn", "enter")
        screenshot(window, folder, f"{size}-{lang}-start", pump)
        press(action_button(board, _("Enter {province}").format(province="ROMA")), window,
              pump)
        assert board.session.state["emperors"]["diocletian"]["at"] == "ROMA"
        check_layout(board, window)
        shown = list(reversed(board.ids.actions.children))
        assert shown[0].action["type"] == "end_turn"          # End turn first
        assert board.ids.action_scroll.scroll_y == pytest.approx(1, abs=0.005)
        assert "APVLIA" in board.ids.board.highlight
        texts = [b.text for b in shown]
        assert len(texts) == len(set(texts)), texts            # no move shown twice
        screenshot(window, folder, f"{size}-{lang}-entered", pump)
        # a province's details, from a tap on the map, and its move
        press(board.ids.zoom_in, window, pump)
        assert board.ids.board.zoom == 2
        tap_province(board, "APVLIA", pump)
        popup = board.popup
        assert popup is not None and popup.province == "APVLIA"
        press(popup.close, window, pump)
        assert board.popup is None
        press(board.ids.zoom_out, window, pump)
        assert board.ids.board.zoom == 1
        # the last row of the list too can be reached
        press(shown[-1], window, pump) if shown[-1].action["type"] == "protect" else \
            reach(shown[-1], window, pump)
        end = action_button(board, _("End turn"))
        press(end, window, pump)
        assert board.steps, "the barbarian phase is walked through"
        total = len(board.steps)
        for number in range(1, total + 1):
            step = board.steps[number - 1]
            assert _("Step {step} of {steps}").format(step=number, steps=total) in board.message
            assert board.ids.board.highlight == \
                __import__("companion.screens.tetrarchia_board", fromlist=["x"]).step_provinces(
                    step)
            check_layout(board, window)
            info, message = board.ids.info, board.ids.message
            if size != "phone":                                  # the whole step shows
                assert info.height >= message.height - 1, (info.height, message.height)
            button = board.step_button
            bottom = button.to_window(button.x, button.y)[1]
            if size == "landscape":     # first in the column, where End turn was
                scroll = board.ids.action_scroll
                top = button.to_window(button.x, button.top)[1]
                assert scroll.to_window(scroll.x, scroll.top)[1] - top <= 1
            else:   # no empty space under the button: it sits right above Home and Log
                bar = board.ids.bottom_bar
                assert bottom - bar.to_window(bar.x, bar.top)[1] <= 12 + 1
            if step["kind"] == "uprising":
                assert len(step["words"]) >= 9
                screenshot(window, folder, f"{size}-{lang}-uprising", pump)
            if number == 1:
                screenshot(window, folder, f"{size}-{lang}-barbarian-1", pump)
            press(button, window, pump)
        assert not board.steps
        assert board.emperor_text == app.screen("tetrarchia_board").emperor_text
        assert board.session.state["turn"] == "galerius"
        check_layout(board, window)
        assert list(reversed(board.ids.actions.children))[0].action["type"] in ("enter",
                                                                               "end_turn")


def board_cover(view) -> float:
    """The share of the map widget the drawn board covers (the rest: empty parchment)."""
    width, height = view.geometry["board"]["size"]
    k = view.scale()
    return min(width * k, view.width) * min(height * k, view.height) / (view.width * view.height)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_map_leaves_no_empty_bands(app, window, pump, shots, size):
    """The map's box has the board's shape (the drawn board covers it); in landscape the map
    and the message under it fill the left side's height."""
    with window_size(window, SIZES[size], pump):
        board = start_by_taps(app, window, pump, UPRISING_SEED)
        press(action_button(board, "Enter ROMA"), window, pump)
        view, ids = board.ids.board, board.ids
        assert view.zoom == 1
        assert board_cover(view) >= 0.98, f"{size}: the board covers {board_cover(view):.0%}"
        if size == "landscape":
            side = ids.map_area.parent
            assert ids.info.parent is side and ids.info.opacity == 1
            assert side.height >= window.height - 2 * 8 - 1
            assert ids.map_area.height + ids.info.height + side.spacing >= side.height - 1
            board_area = view.width * view.height * board_cover(view)
            assert board_area >= 0.68 * side.width * side.height
            assert ids.panel.width >= 400 - 1            # the column keeps its width
        screenshot(window, shots_folder(shots), f"{size}-en-bands", pump)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", ["en", "es"])
def test_an_attack_is_confirmed_where_it_shows(app, window, pump, shots, size, lang):
    from test_tetrarchia_details import NARBONENSIS, board_with

    folder = shots_folder(shots)
    app.set_setting("lang", lang)
    with window_size(window, SIZES[size], pump):
        board = board_with(app, pump, NARBONENSIS)
        pump(4)
        check_layout(board, window)
        attack = [b for b in board.ids.actions.children if b.action["type"] == "attack"][0]
        press(attack, window, pump)
        popup = board.popup
        assert popup is not None
        reach(popup.no, window, pump)
        screenshot(window, folder, f"{size}-{lang}-attack-confirm", pump)
        press(popup.yes, window, pump)
        assert board.session.log()[-1]["action"]["type"] == "attack"
        # the result is in the message panel, from its first line, inside the window
        assert board.message and inside(board.ids.info, window)
        assert board.ids.info.height >= min(board.ids.message.height, 100)
        assert board.ids.info.scroll_y >= 0.995
        screenshot(window, folder, f"{size}-{lang}-attack-result", pump)


def test_the_walkthrough_survives_home_back_and_a_kill(app, window, pump, tmp_path):
    """Which step of which End turn is shown is saved with the game: Home, Back (Escape) and a
    new app on the same data folder (as after a kill) show the same step."""
    from kivy.base import EventLoop

    board = start_by_taps(app, window, pump, UPRISING_SEED)
    press(action_button(board, "Enter ROMA"), window, pump)
    press(action_button(board, "End turn"), window, pump)
    press(board.step_button, window, pump)
    press(board.step_button, window, pump)
    assert board.step_index == 2
    shown = board.message
    assert "Step 3 of" in shown
    press(board.ids.home, window, pump)
    home = app.screen("home")
    press(home.ids.saved_games.children[-1], window, pump)
    board = app.screen("tetrarchia_board")
    assert board.step_index == 2 and board.message == shown
    EventLoop.window.dispatch("on_keyboard", 27, 0, "", [])     # Back
    pump()
    assert app.manager.current == "home"
    press(home.ids.saved_games.children[-1], window, pump)
    assert app.manager.current == "tetrarchia_board"
    assert board.message == shown
    assert board.step_button in board.ids.actions.children

    # a kill: no on_stop, no snapshot; a new app on the same data folder resumes the game
    from kivy.app import App

    from companion.app import CompanionApp

    for child in list(window.children):
        window.remove_widget(child)
    App._running_app = None
    again = CompanionApp(data_dir=tmp_path / "data")
    again._run_prepare()
    pump()
    try:
        home = again.screen("home")
        press(home.ids.saved_games.children[-1], window, pump)
        board = again.screen("tetrarchia_board")
        assert again.manager.current == "tetrarchia_board"
        assert board.step_index == 2 and board.message == shown
        while board.steps:
            press(board.step_button, window, pump)
        assert board.session.game.meta.get("walkthrough") is None
    finally:
        for child in list(window.children):
            window.remove_widget(child)
        App._running_app = app          # the fixture stops the app it started


def test_zoomed_map_names_provinces_and_taps_still_open_them(app, window, pump, shots):
    from kivy.metrics import sp

    with window_size(window, PHONE, pump):
        board = start_by_taps(app, window, pump, UPRISING_SEED)
        view = board.ids.board
        assert view.initial_size(view.figure_size(view.scale())) >= sp(12)
        assert not view.names_shown()
        for _ in range(3):
            press(board.ids.zoom_in, window, pump)
        assert view.zoom >= 4 and view.names_shown()
        screenshot(window, shots_folder(shots), "phone-en-zoomed", pump)
        province = min(view.places(), key=lambda p: sum(
            (a - b) ** 2 for a, b in zip(view.centre_of(p), view.center)))
        x, y = view.centre_of(province)
        assert view.collide_point(x, y)
        tap_province(board, province, pump)
        assert board.popup is not None and board.popup.province == province
        press(board.popup.close, window, pump)
        # a drag pans the zoomed map; it opens nothing
        from kivy.tests.common import UnitTestTouch

        before = list(view.focus)
        finger = UnitTestTouch(*view.to_window(*view.center))
        finger.touch_down()
        finger.touch_move(finger.x + 80, finger.y + 40)
        finger.touch_up()
        pump()
        assert view.focus != before and board.popup is None
        while view.zoom > 1:
            press(board.ids.zoom_out, window, pump)


# --- every glyph drawn ---------------------------------------------------------------------------

def font_cmap(path: str) -> set[int]:
    """The code points a TrueType font maps to glyphs (its cmap, formats 4 and 12)."""
    import struct

    data = Path(path).read_bytes()
    tables = {}
    count = struct.unpack(">H", data[4:6])[0]
    for i in range(count):
        tag, _check, offset, _length = struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i])
        tables[tag] = offset
    cmap = tables[b"cmap"]
    points: set[int] = set()
    for i in range(struct.unpack(">H", data[cmap + 2:cmap + 4])[0]):
        _platform, _encoding, offset = struct.unpack(
            ">HHI", data[cmap + 4 + 8 * i:cmap + 12 + 8 * i])
        at = cmap + offset
        form = struct.unpack(">H", data[at:at + 2])[0]
        if form == 4:
            segments = struct.unpack(">H", data[at + 6:at + 8])[0] // 2
            ends = struct.unpack(f">{segments}H", data[at + 14:at + 14 + 2 * segments])
            base = at + 16 + 2 * segments
            starts = struct.unpack(f">{segments}H", data[base:base + 2 * segments])
            deltas = struct.unpack(f">{segments}h", data[base + 2 * segments:base + 4 * segments])
            ranges_at = base + 4 * segments
            offsets = struct.unpack(f">{segments}H", data[ranges_at:ranges_at + 2 * segments])
            for n in range(segments):
                for code in range(starts[n], ends[n] + 1):
                    if code == 0xFFFF:
                        continue
                    if offsets[n] == 0:
                        glyph = (code + deltas[n]) & 0xFFFF
                    else:
                        where = ranges_at + 2 * n + offsets[n] + 2 * (code - starts[n])
                        glyph = struct.unpack(">H", data[where:where + 2])[0]
                        glyph = (glyph + deltas[n]) & 0xFFFF if glyph else 0
                    if glyph:
                        points.add(code)
        elif form == 12:
            groups = struct.unpack(">I", data[at + 12:at + 16])[0]
            for n in range(groups):
                start, end, first = struct.unpack(">III", data[at + 16 + 12 * n:at + 28 + 12 * n])
                if first or start:
                    points.update(range(start, end + 1))
    return points


def font_file(label) -> str:
    """The font file a Kivy label draws with."""
    from kivy.core.text import LabelBase
    from kivy.resources import resource_find

    fonts = LabelBase._fonts.get(label.font_name)
    if fonts:
        return fonts[2 if getattr(label, "bold", False) else 0]
    return resource_find(label.font_name) or resource_find(label.font_name + ".ttf")


def missing_glyphs(root, cmaps: dict) -> list[str]:
    from kivy.uix.label import Label

    missing = []
    for widget in walk(root):
        if isinstance(widget, Label) and widget.text:
            path = font_file(widget)
            if path not in cmaps:
                cmaps[path] = font_cmap(path)
            lost = {c for c in widget.text if c not in "\n\t" and ord(c) not in cmaps[path]}
            if lost:
                missing.append(f"{widget.text!r}: {sorted(lost)} not in {Path(path).name}")
    return missing


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_string_the_screens_show_has_its_glyphs(app, window, pump, lang):
    from test_tetrarchia_details import END, NARBONENSIS, board_with

    app.set_setting("lang", lang)
    cmaps: dict = {}
    seen: list[str] = []
    board = start_by_taps(app, window, pump, UPRISING_SEED)
    seen += missing_glyphs(board, cmaps)
    press(action_button(board, app.tr._("Enter {province}").format(province="ROMA")), window,
          pump)
    seen += missing_glyphs(board, cmaps)
    tap_province(board, "APVLIA", pump)
    seen += missing_glyphs(board.popup, cmaps)
    board.close_popup()
    press(action_button(board, app.tr._("End turn")), window, pump)
    while board.steps:
        seen += missing_glyphs(board, cmaps)
        press(board.step_button, window, pump)
    board = board_with(app, pump, NARBONENSIS)
    seen += missing_glyphs(board, cmaps)
    attack = [b for b in board.ids.actions.children if b.action["type"] == "attack"][0]
    press(attack, window, pump)
    seen += missing_glyphs(board.popup, cmaps)
    press(board.popup.yes, window, pump)
    seen += missing_glyphs(board, cmaps)
    board = start_by_taps(app, window, pump, UPRISING_SEED)
    app.set_setting("dice_mode", "physical")
    board.session.dice_mode = "physical"
    press(action_button(board, app.tr._("Enter {province}").format(province="ROMA")), window,
          pump)
    press(action_button(board, app.tr._("End turn")), window, pump)
    assert board.need is not None
    seen += missing_glyphs(board, cmaps)
    app.set_setting("dice_mode", "app")
    board = board_with(app, pump, END)
    press([b for b in board.ids.actions.children if b.action["type"] == "protect"][0], window,
          pump)
    assert app.manager.current == "tetrarchia_end"
    end = app.screen("tetrarchia_end")
    lines = [w.text for w in end.ids.score_items.children]
    assert app.tr._("Protected frontiers") + " (6): +6" in lines
    if lang == "es":
        assert "Fronteras protegidas (6): +6" in lines
    seen += missing_glyphs(end, cmaps)
    assert not seen, "\n".join(seen)


def test_the_font_check_finds_a_missing_glyph():
    from kivy.core.text import LabelBase

    cmap = font_cmap(LabelBase._fonts["Roboto"][0])
    assert ord("A") in cmap and ord("ó") in cmap and ord("·") in cmap
    assert 0x2192 not in cmap           # "→": the empty box the Dice rolled line showed


def test_two_fingers_pinch_the_map(app, window, pump):
    from kivy.tests.common import UnitTestTouch

    with window_size(window, TABLET, pump):
        board = start_by_taps(app, window, pump, UPRISING_SEED)
        view = board.ids.board
        x, y = view.to_window(*view.center)
        one, two = UnitTestTouch(x - 40, y), UnitTestTouch(x + 40, y)
        one.touch_down()
        two.touch_down()
        two.touch_move(x + 120, y)
        two.touch_up()
        one.touch_up()
        pump()
        assert view.zoom == pytest.approx(2.0, rel=0.05)
        assert board.popup is None                  # a pinch opens nothing
        view.show_whole()
        pump()
        assert view.zoom == 1


KILLED_CHILD = r'''
import json, sys
from kivy.config import Config
Config.set("graphics", "width", "360")
Config.set("graphics", "height", "640")
from kivy.clock import Clock
from companion.app import CompanionApp
from companion.demo import action_button

app = CompanionApp(data_dir=sys.argv[1])


def begin(_dt):
    home = app.screen("home")
    home.refresh()
    home.new_game("tetrarchia")
    setup = app.screen("tetrarchia_setup")
    setup.seed = int(sys.argv[2])
    setup.start()
    Clock.schedule_once(play, 0.3)


def play(_dt):
    if app.manager.current == "tetrarchia_guide":
        app.screen("tetrarchia_guide").start_playing()
        Clock.schedule_once(play, 0.3)
        return
    board = app.screen("tetrarchia_board")
    board.choose(action_button(board, "Enter ROMA").action)
    board.choose(action_button(board, "End turn").action)
    board.next_step()
    board.next_step()
    print("STEPPED " + json.dumps([board.step_index, board.message]), flush=True)


app.bind(on_start=lambda *_: Clock.schedule_once(begin, 0.5))
app.run()
'''


def test_the_walkthrough_survives_a_real_kill(app, window, pump, tmp_path):
    """A child app plays an End turn, walks two barbarian steps on and is killed with SIGKILL;
    the game reopened from its data folder shows the same step."""
    import json

    from touch import killed_after, reopen_first_saved

    data = tmp_path / "data"
    said = killed_after(KILLED_CHILD, [data, UPRISING_SEED], "STEPPED")
    assert said, "the child app did not walk the steps"
    step, shown = json.loads(said)
    assert step == 2 and "Step 3 of" in shown
    reopen_first_saved(app, data, pump)
    board = app.screen("tetrarchia_board")
    assert app.manager.current == "tetrarchia_board"
    assert board.step_index == 2 and board.message == shown
