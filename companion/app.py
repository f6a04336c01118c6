"""The table companion app: a phone beside the board.

`CompanionApp` owns the settings, the translator and a ScreenManager whose screens are built on
their first visit (each screen is `companion/screens/<name>.py` + `<name>.kv`). Screens hold no
rules: games go through companion.session, saves through companion.store, dice through
companion.dice.
"""
from __future__ import annotations

import importlib
import json
from pathlib import Path

from kivy.app import App
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import NoTransition, ScreenManager
from kivy.utils import platform

from companion.store import desktop_data_dir
from companion.theme import Theme, read_palette
from companion.translate import Translator
from forge.places import SHIPPED_CONTENT
from forge.safefs import write_atomic

DEFAULT_CONTENT = SHIPPED_CONTENT
SCREENS_DIR = Path(__file__).parent / "screens"
SCREENS = ("home", "settings", "dice", "tetrarchia_setup", "tetrarchia_board", "tetrarchia_log",
           "tetrarchia_end", "conquest_setup", "conquest_books", "conquest_log", "conquest_auction",
           "conquest_battle", "conquest_season", "conquest_senate", "conquest_end")
# game id -> its engine's module, where the module is not forge.engine.<game id>
ENGINES = {"conquest-of-the-empire-2": "forge.engine.conquest"}
# game id -> (set-up screen, main screen) for the games with screens of their own
GAME_SCREENS = {"tetrarchia": ("tetrarchia_setup", "tetrarchia_board"),
                "conquest-of-the-empire-2": ("conquest_setup", "conquest_books")}
DEFAULT_SETTINGS = {"lang": "en", "dice_mode": "app",  # dice_mode: "app" or "physical" (entered)
                    "keep_screen_on": False,           # Android: buildozer's android.wakelock
                    # CONQUEST OF THE EMPIRE II: the values printed on the table's board and dice,
                    # asked once and offered again at the next set-up ({"vp": {...}, "faces": [...]})
                    "conquest_board_values": None}
BACK_KEY = 27                                            # Escape on desktop, Back on Android

# The themed widgets every screen uses: big type, 48 dp minimum, parchment and ink.
WIDGETS_KV = """
#:import dp kivy.metrics.dp
<Body@Label>:
    color: app.theme.ink
    font_size: str(app.theme.text_sp) + "sp"
    text_size: self.width, None
    size_hint_y: None
    height: max(self.texture_size[1], dp(app.theme.touch_dp))
    valign: "middle"
<Title@Body>:
    font_size: str(app.theme.title_sp) + "sp"
    bold: True
    halign: "center"
<Section@Body>:
    bold: True
    color: app.theme.accent
<BigButton@Button>:
    font_size: str(app.theme.text_sp) + "sp"
    size_hint_y: None
    height: dp(app.theme.button_dp)
    min_width: dp(app.theme.touch_dp)
    background_normal: ""
    background_down: ""
    background_color: app.theme.accent if self.state == "normal" else app.theme.ink
    color: app.theme.accent_ink
    halign: "center"
    valign: "middle"
    text_size: self.width - dp(8), None
<Choice@ToggleButton>:
    font_size: str(app.theme.text_sp) + "sp"
    size_hint_y: None
    height: dp(app.theme.button_dp)
    background_normal: ""
    background_down: ""
    allow_no_selection: False
    background_color: app.theme.accent if self.state == "down" else app.theme.panel
    color: app.theme.accent_ink if self.state == "down" else app.theme.ink
    halign: "center"
    valign: "middle"
    text_size: self.width - dp(8), None
"""


def read_settings(path: Path) -> dict:
    """The saved settings, with defaults for anything missing or unreadable."""
    try:
        saved = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        saved = {}
    return {**DEFAULT_SETTINGS, **{k: v for k, v in saved.items() if k in DEFAULT_SETTINGS}}


def write_settings(path: Path, settings: dict) -> None:
    """Save settings crash-safely (temporary file, fsync, rename; never through a link)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(settings, ensure_ascii=False, indent=1).encode("utf-8"))


def games_in(content_dir: Path) -> list[tuple[str, str]]:
    """(id, name) of every game in a content folder that has a rules engine, by name."""
    import importlib.util

    import yaml

    games = []
    for game_yaml in sorted(content_dir.glob("*/game.yaml")):
        game_id = game_yaml.parent.name
        if importlib.util.find_spec(engine_module(game_id)) is None:
            continue
        meta = yaml.safe_load(game_yaml.read_text(encoding="utf-8")) or {}
        games.append((game_id, title_case(str(meta.get("title", game_id)))))
    return sorted(games, key=lambda game: game[1])


def engine_module(game_id: str) -> str:
    """The module of a game's rules engine (forge.engine.<game> unless ENGINES says otherwise)."""
    return ENGINES.get(game_id, f"forge.engine.{game_id}")


def title_case(title: str) -> str:
    """'CONQUEST OF THE EMPIRE II' -> 'Conquest of the Empire II' (roman numerals kept)."""
    small = {"of", "the", "and", "a", "in"}
    words = []
    for index, word in enumerate(title.split()):
        if word.isupper() and set(word) <= set("IVXLCDM"):
            words.append(word)
        elif index and word.lower() in small:
            words.append(word.lower())
        else:
            words.append(word.capitalize())
    return " ".join(words)


def rules_of(game_id: str):
    """The rules object of a game's engine (forge.engine.<game>.RULES)."""
    return importlib.import_module(engine_module(game_id)).RULES


def load_kv_once(filename: str, text: str | None = None) -> None:
    """Load kv rules once a process (a second app instance, as in tests, must not add them again)."""
    if filename in Builder.files:
        return
    if text is None:
        Builder.load_file(filename)
    else:
        Builder.load_string(text, filename=filename)


class CompanionApp(App):
    """The companion: settings, translator, theme and lazily built screens."""

    title = "Forge companion"
    tr = ObjectProperty(None)
    theme = ObjectProperty(None)
    dice_mode = StringProperty("app")
    keep_screen_on = BooleanProperty(False)
    session = ObjectProperty(None, allownone=True)   # the TableSession of the game being played

    def __init__(self, data_dir: str | Path | None = None,
                 content_dir: str | Path | None = None, game: str = "tetrarchia", **kwargs):
        super().__init__(**kwargs)
        self._data_dir = Path(data_dir) if data_dir else None
        self.content_dir = Path(content_dir) if content_dir else DEFAULT_CONTENT
        self.game_id = game
        self.settings = read_settings(self.settings_path)
        self.tr = Translator(self.settings["lang"])
        self.dice_mode = self.settings["dice_mode"]
        self.keep_screen_on = bool(self.settings["keep_screen_on"])
        self.theme = Theme.from_palette(read_palette(self.content_dir / game / "game.yaml"))

    @property
    def data_dir(self) -> Path:
        """Where settings and saved games live: the folder given, else Android's app folder,
        else the platform's user data folder (forge.places.companion_data_dir)."""
        if self._data_dir is None:
            self._data_dir = (Path(self.user_data_dir) if platform == "android"
                              else desktop_data_dir())
        return self._data_dir

    @property
    def settings_path(self) -> Path:
        return self.data_dir / "settings.json"

    def build(self):
        """The screen manager, showing Home."""
        load_kv_once("companion-widgets", WIDGETS_KV)
        Window.clearcolor = self.theme.parchment
        Window.bind(on_keyboard=self._on_key)
        self.manager = ScreenManager(transition=NoTransition())
        self.show("home")
        return self.manager

    def show(self, name: str) -> None:
        """Go to a screen, building it on its first visit."""
        if not self.manager.has_screen(name):
            self.manager.add_widget(self._build_screen(name))
        self.manager.current = name

    def screen(self, name: str):
        """A screen, built if needed (tests and other screens use this)."""
        if not self.manager.has_screen(name):
            self.manager.add_widget(self._build_screen(name))
        return self.manager.get_screen(name)

    def has_screen_files(self, name: str) -> bool:
        """Whether a screen exists in this build (its .py and .kv are in companion/screens)."""
        return (SCREENS_DIR / f"{name}.py").exists() and (SCREENS_DIR / f"{name}.kv").exists()

    def open_game(self, session, screen: str | None = None) -> None:
        """Make `session` the game being played and show its main screen (or `screen`)."""
        self.session = session
        game = session.game.rules.name
        name = screen or GAME_SCREENS.get(game, (None, f"{game}_board"))[1]
        target = self.screen(name)
        if hasattr(target, "open"):
            target.open(session)
        self.show(name)

    def _build_screen(self, name: str):
        load_kv_once(str(SCREENS_DIR / f"{name}.kv"))
        module = importlib.import_module(f"companion.screens.{name}")
        return module.SCREEN(name=name)

    def set_setting(self, key: str, value: str) -> None:
        """Change one setting, apply it at once and save it."""
        self.settings[key] = value
        if key == "lang":
            self.tr.lang = value
        elif key == "dice_mode":
            self.dice_mode = value
        elif key == "keep_screen_on":
            self.keep_screen_on = bool(value)
        write_settings(self.settings_path, self.settings)

    def _on_key(self, _window, key, *_args):
        """Back (Escape) returns to Home; on Home it leaves the app as usual."""
        if key == BACK_KEY and self.manager.current != "home":
            self.show("home")
            return True
        return False

    def on_pause(self):
        write_settings(self.settings_path, self.settings)
        return True

    def on_stop(self):
        write_settings(self.settings_path, self.settings)


def main(argv: list[str] | None = None) -> None:
    """Open the companion in a phone-shaped window on desktop."""
    CompanionApp().run()
