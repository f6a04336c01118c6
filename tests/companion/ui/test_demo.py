"""Screenshots show the whole window, and the demo walks the real app through a turn."""
from __future__ import annotations

from touch import screenshot


def test_screenshots_have_no_black_band(app, window, shots, pump):
    for _ in range(5):      # a frame read back before Xvfb finished the surface is shot again
        image = screenshot(window, shots, "home", pump).convert("RGB")
        top = [image.getpixel((x, y)) for y in range(0, 48, 4) for x in (2, 180, 357)]
        if (0, 0, 0) not in top:
            break
        pump()
    assert (0, 0, 0) not in top, "the top of the screenshot is black"


def test_the_demo_script_plays_a_turn_and_shoots_every_screen(app, window, tmp_path, pump,
                                                              capsys):
    import json

    from companion.demo import Demo

    demo = Demo(app, tmp_path / "demo")
    (tmp_path / "demo").mkdir()
    while demo.steps:                       # what the Clock does in `--demo`, frame by frame
        demo.steps.pop(0)()
        pump()
    names = [path.name for path in demo.shots]
    assert names[:3] == ["01-home.png", "02-settings.png", "03-settings-es.png"]
    assert {"04-dice.png", "06-guide.png", "09-barbarian.png", "10-log.png"} <= set(names)
    assert all(path.stat().st_size > 5000 for path in demo.shots), "a blank screenshot"
    confirmed = [line.split(" ", 3) for line in capsys.readouterr().out.splitlines()
                 if line.startswith("CONFIRMED ")]
    assert [json.loads(c[3])["type"] for c in confirmed] == ["enter", "move", "end_turn", "enter"]
    assert app.screen("tetrarchia_board").session.position == 1     # the undo from the log
    assert app.manager.current == "home"


def test_keep_the_screen_on_is_saved(app, pump):
    import json

    from touch import tap

    from companion.app import CompanionApp

    tap(app.screen("home").ids.settings_button, pump)
    choice = app.screen("settings").ids.keep_screen_on
    assert choice.state == "normal" and app.keep_screen_on is False
    tap(choice, pump)
    assert choice.state == "down" and app.keep_screen_on is True
    assert json.loads(app.settings_path.read_text(encoding="utf-8"))["keep_screen_on"] is True
    assert CompanionApp(data_dir=app.data_dir).keep_screen_on is True
    tap(choice, pump)
    assert json.loads(app.settings_path.read_text(encoding="utf-8"))["keep_screen_on"] is False
