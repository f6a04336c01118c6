"""`python -m companion`: the table companion in a phone-shaped window (360 x 640 dp on desktop)."""
import os

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")    # Kivy's log goes to its file, not the terminal

from kivy.config import Config        # noqa: E402  (the window size must be set before Window)
from kivy.utils import platform       # noqa: E402

if platform not in ("android", "ios"):
    Config.set("graphics", "width", "360")
    Config.set("graphics", "height", "640")
    Config.set("graphics", "resizable", "1")

import argparse                        # noqa: E402

from companion.app import main        # noqa: E402

parser = argparse.ArgumentParser(prog="python -m companion", description="The table companion.")
parser.add_argument("--demo", metavar="DIR",
                    help="play a scripted Tetrarchia turn, save a screenshot of each screen in DIR, "
                         "then exit (in a temporary data folder: saved games are not touched)")
parser.add_argument("--data", metavar="DIR", help=argparse.SUPPRESS)   # demo's data folder
parser.add_argument("--step-delay", type=float, default=0.0, help=argparse.SUPPRESS)
args = parser.parse_args()
if args.demo:
    from companion.demo import run_demo  # noqa: E402

    raise SystemExit(run_demo(args.demo, data_dir=args.data, step_delay=args.step_delay))
main()
