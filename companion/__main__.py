"""`python -m companion`: the table companion in a phone-shaped window (360 x 640 dp on desktop)."""
import os

os.environ.setdefault("KIVY_NO_ARGS", "1")

from kivy.config import Config        # noqa: E402  (the window size must be set before Window)
from kivy.utils import platform       # noqa: E402

if platform not in ("android", "ios"):
    Config.set("graphics", "width", "360")
    Config.set("graphics", "height", "640")
    Config.set("graphics", "resizable", "1")

from companion.app import main        # noqa: E402

main()
