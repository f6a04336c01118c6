"""The set-up guide and the set-up with real dice, through real taps.

A new Tetrarchia game opens the guide: one step a group of pieces (the pieces, the fleets, the
Revolt disc of each outer region, the extra ones, the armies, the emperors), the map ringing the
step's provinces; the ticks are saved at once and survive Home and a store opened afresh from
disk (as after a kill); "Start playing" opens the board, and the guide opens again until the first
action. With real dice the set-up's dice are asked for one at a time and the log keeps them as
entered. Each at a phone's 360 x 640 and a landscape tablet's 1280 x 800; screenshots of the guide
go to pytest's folder, or to $FORGE_GUIDE_SHOTS when set.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from touch import assert_buttons_fit, screenshot, tap, walk, window_size

SEED = 7
PHONE, TABLET, LANDSCAPE = (360, 640), (800, 1280), (1280, 800)


def shot_folder(shots) -> Path:
    folder = Path(os.environ.get("FORGE_GUIDE_SHOTS") or shots)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def new_game(app, pump, level=None):
    """Home → New game → set-up (seeded) → Start."""
    home = app.screen("home")
    pump()
    tap(home.ids.new_games.children[0], pump)
    setup = app.screen("tetrarchia_setup")
    setup.seed = SEED
    if level is not None:
        setup.level = level
    tap(setup.ids.start, pump)
    return setup


def chips(guide):
    return list(reversed(guide.ids.chips.children))


def shown(guide) -> str:
    """The step's words and lines as shown."""
    return "\n".join([guide.ids.step.text] + [w.text for w in reversed(guide.ids.lines.children)])


def check_fits(app, window, name, pump):
    from kivy.uix.button import Button
    from kivy.uix.label import Label

    pump(5)
    assert app.manager.current == name
    screen = app.screen(name)
    assert_buttons_fit(screen, window, name)
    for widget in walk(screen):
        if isinstance(widget, Label) and not isinstance(widget, Button) and widget.text \
                and not widget.shorten:
            assert widget.texture_size[0] <= widget.width + 1, (name, widget.text)


@pytest.mark.parametrize("size", [PHONE, LANDSCAPE])
def test_the_guide_walks_the_set_up_and_keeps_its_ticks(app, window, pump, size):
    with window_size(window, size, pump):
        new_game(app, pump, level=[4, 2, 2, 2])
        assert app.manager.current == "tetrarchia_guide"
        guide = app.screen("tetrarchia_guide")
        session = guide.session
        ids = [step["id"] for step in guide.steps]
        assert ids == ["pieces", "fleets", "revolts", "extra", "armies", "emperors"]
        assert len(chips(guide)) == 6
        check_fits(app, window, "tetrarchia_guide", pump)
        assert guide.heading == "Set-up · step 1 of 6"
        assert "4 discs" in shown(guide)

        tap(guide.ids.done, pump)                       # pieces sorted
        assert guide.step_index == 1 and guide.done == ["pieces"]
        assert "MARE INTERNVM" in shown(guide)
        tap(guide.ids.done, pump)                       # fleets placed
        state = session.state
        revolts = [e["province"] for e in session.log()[0]["events"]
                   if e["kind"] == "place" and e.get("rule") == "setup.revolts"]
        assert guide.map.highlight == revolts and len(revolts) == 6
        assert set(guide.map.state["discs"]) == set(revolts)        # the board after the step
        assert not guide.map.state["figures"]
        for province in revolts:
            assert state["discs"][province] == "revolt"
        tap(chips(guide)[4], pump)                      # look at the armies first
        armies = sorted(p for p, f in state["figures"].items() if f == "army")
        assert sorted(guide.map.highlight) == armies and len(armies) == 2
        assert chips(guide)[4].current and not chips(guide)[4].ticked
        tap(chips(guide)[2], pump)
        tap(guide.ids.done, pump)                       # the revolts, then the extra discs
        assert guide.done == ["pieces", "fleets", "revolts"]
        assert guide.step_index == 3
        assert chips(guide)[2].ticked

        tap(guide.ids.home, pump)                       # Finish later: Home
        assert app.manager.current == "home"
        home = app.screen("home")
        home.store = None                               # a store read afresh from disk
        home.refresh()
        pump()
        tap(home.ids.saved_games.children[0], pump)
        pump(5)
        assert app.manager.current == "tetrarchia_guide"    # the unfinished guide again
        guide = app.screen("tetrarchia_guide")
        assert guide.session is not session
        assert guide.done == ["pieces", "fleets", "revolts"] and guide.step_index == 3

        tap(guide.ids.play, pump)
        pump(3)
        assert app.manager.current == "tetrarchia_board"
        board = app.screen("tetrarchia_board")
        assert board.can_show_guide()
        board.show_guide()                              # reopened before the first action
        pump()
        assert app.manager.current == "tetrarchia_guide"
        assert guide.done == ["pieces", "fleets", "revolts"]
        tap(guide.ids.play, pump)
        board.play(next(a for a in board.session.legal_actions() if a["type"] == "enter"))
        assert not board.can_show_guide()               # the board has changed: no guide
        app.show("home")
        pump()
        tap(app.screen("home").ids.saved_games.children[0], pump)
        pump(5)
        assert app.manager.current == "tetrarchia_board"


def test_every_step_ticked_starts_the_game(app, window, pump):
    new_game(app, pump)
    guide = app.screen("tetrarchia_guide")
    assert [s["id"] for s in guide.steps] == ["pieces", "fleets", "revolts", "extra", "armies",
                                              "emperors"]
    for _ in guide.steps:
        tap(guide.ids.done, pump)
    assert guide.ids.done.text == "All done: start playing"
    assert all(c.ticked for c in chips(guide))
    tap(guide.ids.done, pump)
    pump(3)
    assert app.manager.current == "tetrarchia_board"
    assert guide.session.game.meta["guide"]["closed"] is True


@pytest.mark.parametrize("edited", [{"done": 5, "step": "x"}, {"done": [1, None], "step": -3},
                                    {"done": ["pieces"], "step": 99, "closed": "no"}, "guide"])
def test_an_edited_guide_progress_opens_a_usable_guide(app, window, pump, edited):
    new_game(app, pump)
    guide = app.screen("tetrarchia_guide")
    guide.session.game.meta["guide"] = edited           # as a hand-edited meta is read back
    app.show("home")
    pump()
    guide.open(guide.session)
    app.show("tetrarchia_guide")
    pump(3)
    assert 0 <= guide.step_index < len(guide.steps)
    assert all(isinstance(d, str) for d in guide.done)
    tap(guide.ids.done, pump)
    tap(guide.ids.play, pump)
    assert app.manager.current == "tetrarchia_board"


def test_the_log_reopens_the_guide_until_the_first_action(app, window, pump):
    new_game(app, pump)
    tap(app.screen("tetrarchia_guide").ids.play, pump)
    board = app.screen("tetrarchia_board")
    tap(board.ids.log, pump)
    log = app.screen("tetrarchia_log")
    assert log.guide_button is not None and log.guide_button.parent == log.ids.entries
    tap(log.guide_button, pump)
    assert app.manager.current == "tetrarchia_guide"
    tap(app.screen("tetrarchia_guide").ids.play, pump)
    board.play(board.session.legal_actions()[-1])
    pump(3)
    tap(board.ids.log, pump)
    assert all(getattr(w, "text", "") != "Open the set-up guide" for w in walk(log))


def test_the_guide_speaks_spanish_and_names_a_tapped_province(app, window, pump):
    app.set_setting("lang", "es")
    new_game(app, pump)
    guide = app.screen("tetrarchia_guide")
    assert guide.heading == "Preparación · paso 1 de 6"
    assert guide.ids.play.text == "Empezar a jugar"
    tap(guide.ids.done, pump)
    tap(guide.ids.done, pump)
    assert "Pon un disco de Revuelta en cada una" in shown(guide)
    province = guide.map.highlight[0]
    x, y = guide.map.centre_of(province)
    from kivy.tests.common import UnitTestTouch

    touch = UnitTestTouch(*guide.map.to_window(x, y))
    touch.touch_down()
    touch.touch_up()
    pump()
    assert guide.place_text.startswith(province.replace("_", " "))
    assert ", en " in guide.place_text


@pytest.mark.parametrize("size", [PHONE, LANDSCAPE])
def test_real_dice_set_up_asks_for_each_die(app, window, pump, shots, size):
    app.set_setting("dice_mode", "physical")
    with window_size(window, size, pump):
        home = app.screen("home")
        pump()
        tap(home.ids.new_games.children[0], pump)
        setup = app.screen("tetrarchia_setup")
        setup.level = [4, 2, 1, 1]
        tap(setup.ids.start, pump)
        popup = setup.dice_popup
        assert popup is not None and app.manager.current == "tetrarchia_setup"
        assert popup.question.text == ("Set-up roll 1: roll the 6 die for the Revolt disc of "
                                       "HISPANIA (a 1 is rolled again), and tap what it shows.")
        assert [b.text for b in popup.faces] == ["1", "2", "3", "4", "5", "6"]
        assert popup.back.text == "Cancel"
        for button in popup.faces + [popup.back]:
            assert button.height >= 48 and button.width >= 48
            left, _bottom = button.to_window(button.x, button.y)
            assert 0 <= left and button.to_window(button.right, 0)[0] <= window.width
        tap(popup.faces[0], pump)                       # a 1: rolled again for HISPANIA
        popup = setup.dice_popup
        assert popup.question.text.startswith("Set-up roll 2: roll the 6 die for the Revolt "
                                              "disc of HISPANIA")
        tap(popup.faces[4], pump)                       # a mistake: 5
        tap(setup.dice_popup.back, pump)                # taken back
        assert setup.setup_dice == [1]
        entered = [1]
        for value in [4, 3, 5, 2, 6, 4]:                # I 4, II 3, III 5, IV 2, V 6, VI 4
            tap(setup.dice_popup.faces[value - 1], pump)
            entered.append(value)
        popup = setup.dice_popup
        assert popup.question.text == ("Set-up roll 8: roll the VI die for the region of an "
                                       "extra Revolt disc, and tap what it shows.")
        assert [b.text for b in popup.faces] == ["I", "II", "III", "IV", "V", "VI"]
        screenshot(window, shot_folder(shots), f"setup-dice-{size[0]}x{size[1]}", pump)
        tap(popup.faces[1], pump)                       # region II ...
        tap(setup.dice_popup.faces[5], pump)            # ... province 6
        assert setup.dice_popup.question.text.startswith(
            "Set-up roll 10: roll the VI die for the region of a barbarian army")
        tap(setup.dice_popup.faces[2], pump)            # the army in region III
        entered += [2, 6, 3]
        assert setup.dice_popup is None
        assert app.manager.current == "tetrarchia_guide"
        session = app.screen("tetrarchia_guide").session
        rolls = session.log()[0]["rolls"]
        assert [r["value"] for r in rolls] == entered
        assert {r["source"] for r in rolls} == {"entered"}
        assert session.dice_mode == "physical"


def test_real_dice_questions_in_spanish(app, window, pump, shots):
    app.set_setting("dice_mode", "physical")
    app.set_setting("lang", "es")
    home = app.screen("home")
    pump()
    tap(home.ids.new_games.children[0], pump)
    setup = app.screen("tetrarchia_setup")
    tap(setup.ids.start, pump)
    assert setup.dice_popup.question.text == (
        "Tirada de preparación 1: tira el dado 6 para el disco de Revuelta de HISPANIA "
        "(con un 1 se vuelve a tirar) y toca lo que salga.")
    assert setup.dice_popup.back.text == "Cancelar"
    screenshot(window, shot_folder(shots), "setup-dice-es-360x640", pump)
    tap(setup.dice_popup.back, pump)                    # no die entered: the question closes
    assert setup.dice_popup is None
    assert app.screen("home").store.list_games() == []


@pytest.mark.parametrize("lang", ["en", "es"])
def test_screenshots_of_the_guide(app, window, pump, shots, lang):
    """The guide at each size (a screenshot of its revolts step): every control fits."""
    folder = shot_folder(shots)
    app.set_setting("lang", lang)
    new_game(app, pump, level=[4, 2, 2, 2])
    guide = app.screen("tetrarchia_guide")
    for size in (PHONE, TABLET, LANDSCAPE):
        with window_size(window, size, pump):
            guide.go_to(0)
            pump(3)
            check_fits(app, window, "tetrarchia_guide", pump)
            screenshot(window, folder, f"guide-{lang}-{size[0]}x{size[1]}-pieces", pump)
            tap(guide.ids.done, pump)
            tap(guide.ids.done, pump)
            pump(5)
            check_fits(app, window, "tetrarchia_guide", pump)
            screenshot(window, folder, f"guide-{lang}-{size[0]}x{size[1]}", pump)
            guide.go_to(5)
            pump(3)
            screenshot(window, folder, f"guide-{lang}-{size[0]}x{size[1]}-emperors", pump)
            guide.done = []


CHILD = r'''
import json, os, sys
from kivy.clock import Clock
from kivy.tests.common import UnitTestTouch
from companion.app import CompanionApp

app = CompanionApp(data_dir=sys.argv[1])


def tap(widget):
    touch = UnitTestTouch(*widget.to_window(*widget.center))
    touch.touch_down()
    touch.touch_up()


def begin(_dt):
    home = app.screen("home")
    home.refresh()
    home.new_game("tetrarchia")
    setup = app.screen("tetrarchia_setup")
    setup.seed = 7
    setup.start()
    Clock.schedule_once(ticks, 0.3)


def ticks(_dt):
    guide = app.screen("tetrarchia_guide")
    if app.manager.current != "tetrarchia_guide" or guide.ids.done.width < 48:
        Clock.schedule_once(ticks, 0.2)             # not laid out yet
        return
    if len(guide.done) < 3:
        tap(guide.ids.done)
        Clock.schedule_once(ticks, 0.2)
        return
    print("TICKED " + json.dumps(list(guide.done)), flush=True)


app.bind(on_start=lambda *_: Clock.schedule_once(begin, 0.5))
app.run()
'''


def test_the_guide_survives_a_kill(app, window, pump, tmp_path):
    """A child app starts a game, taps "Done" on three steps and is killed with SIGKILL; the
    game reopened from its data folder shows the guide with those ticks."""
    import json

    from touch import killed_after, reopen_first_saved

    data = tmp_path / "data"
    said = killed_after(CHILD, [data], "TICKED")
    assert said, "the child app did not tick the guide"
    ticked = json.loads(said)
    assert ticked == ["pieces", "fleets", "revolts"]
    reopen_first_saved(app, data, pump)
    assert app.manager.current == "tetrarchia_guide"
    guide = app.screen("tetrarchia_guide")
    assert guide.done == ticked and guide.step_index == 3


def test_real_dice_set_up_the_app_may_roll_the_rest(app, window, pump):
    app.set_setting("dice_mode", "physical")
    home = app.screen("home")
    pump()
    tap(home.ids.new_games.children[0], pump)
    setup = app.screen("tetrarchia_setup")
    tap(setup.ids.start, pump)
    tap(setup.dice_popup.faces[3], pump)                # HISPANIA: 4
    tap(setup.dice_popup.faces[1], pump)                # GALLIA: 2
    assert setup.dice_popup.rest.text == "App rolls the rest"
    tap(setup.dice_popup.rest, pump)
    assert setup.dice_popup is None and app.manager.current == "tetrarchia_guide"
    rolls = app.screen("tetrarchia_guide").session.log()[0]["rolls"]
    assert [(r["value"], r["source"]) for r in rolls[:2]] == [(4, "entered"), (2, "entered")]
    assert {r["source"] for r in rolls[2:]} == {"rolled"} and len(rolls) >= 6
