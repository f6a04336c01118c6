"""Driving the real app in tests: a finger's tap and a screenshot."""
from __future__ import annotations

from PIL import Image


def tap(widget, pump) -> None:
    """Touch a widget at its centre, as a finger would, and let the app react."""
    from kivy.tests.common import UnitTestTouch

    touch = UnitTestTouch(*widget.to_window(*widget.center))
    touch.touch_down()
    touch.touch_up()
    pump()


def screenshot(window, folder, name, pump) -> Image.Image:
    """Save the window as PNG (Kivy numbers the file) and open it."""
    pump()
    path = window.screenshot(str(folder / f"{name}.png"))
    with Image.open(path) as image:
        image.load()
        return image
