"""The table companion app: a phone beside the board.

`CompanionApp` owns the settings, the translator and a ScreenManager whose screens are built on
their first visit: a screen is a module of the package companion.screens (`<name>.py`, exporting
`SCREEN`, its rules in `<name>.kv` beside it), found in any folder on the package's path (as
engines are on forge.engine's). Screens hold no rules: games go through companion.session,
saves through companion.store, dice through companion.dice.

Nothing here names a game. The games are those forge.registry plays and the game search path
holds (forge.games.find_games). A game's screens are the modules named after its engine package
(`<short name>_*`); its set-up screen `<short name>_setup` is its door: it names the game's main
screen (`MAIN_SCREEN`) and may give the settings it adds (`SETTINGS`), how the resume list words
its progress (`progress_text(progress, tr)`) and its players (`player_name(who, tr)`), an
action in the log's words (`action_words(action, session)`), and a die's symbol face in words
(`face_words(symbol, tr)`: the dice tray's Conquest battle dice). A name `<short name>_<shared>` with
no module of its own is the shared screen `<shared>` (the game log: `tetrarchia_log`).

The theme follows the game being played (`game_id`): its game.yaml's palette; before a game is
chosen (Home, Settings) the neutral palette of companion.theme. WIDGETS_KV below is the look every
screen shares (buttons, cards, fields, dialogs); companion.widgets, .icons and .dieface its
Python side.
"""
from __future__ import annotations

import importlib
import json
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import NoTransition, ScreenManager
from kivy.utils import platform

import companion.widgets  # noqa: F401  (registers BigButton and Choice with Factory)
from companion.collector import Collector
from companion.store import desktop_data_dir
from companion.theme import FALLBACK_PALETTE, Theme, read_palette
from companion.translate import Translator
from forge.registry import engine_for
from forge.safefs import write_atomic

DEFAULT_SETTINGS = {"lang": "en", "dice_mode": "app",  # dice_mode: "app" or "physical" (entered)
                    "keep_screen_on": False,           # Android: buildozer's android.wakelock
                    "motion": True}                    # pieces glide on the map
BACK_KEY = 27                                            # Escape on desktop, Back on Android

# The look every screen shares (companion.widgets has the Python side): parchment pages, type in
# sp (it follows the system's font scale: labels and buttons grow with their text), the kit's
# serif for titles, buttons of three emphases with rounded corners and a pressed state, cards,
# and Kivy's own text fields, spinners, toggles and popups in the same colours.
WIDGETS_KV = """
#:import dp kivy.metrics.dp
#:import ROUND_IMAGE companion.theme.ROUND_IMAGE
#:import ROUND_BORDER companion.theme.ROUND_BORDER
<Body@Label>:
    color: app.theme.ink
    font_size: str(app.theme.text_sp) + "sp"
    text_size: self.width, None
    size_hint_y: None
    height: max(self.texture_size[1], dp(app.theme.touch_dp))
    valign: "middle"
<Title@Body>:
    font_size: str(app.theme.title_sp) + "sp"
    font_name: app.theme.title_font
    bold: True
    halign: "center"
    height: max(self.texture_size[1] + dp(10), dp(app.theme.touch_dp))
    canvas.after:
        Color:
            rgba: app.theme.gold
        SmoothLine:
            points: self.center_x - dp(28), self.y + dp(3), self.center_x + dp(28), self.y + dp(3)
            width: dp(1)
<Section@Body>:
    font_name: app.theme.title_font
    font_size: str(app.theme.section_sp) + "sp"
    bold: True
    color: app.theme.accent
    height: max(self.texture_size[1] + dp(12), dp(36))
    valign: "bottom"
    canvas.after:
        Color:
            rgba: app.theme.line
        Line:
            points: self.x, self.y + dp(1), self.right, self.y + dp(1)
            width: 1
<Caption@Body>:
    font_size: str(app.theme.small_sp) + "sp"
    color: app.theme.muted
    height: max(self.texture_size[1], dp(24))
<Card@BoxLayout>:
    orientation: "vertical"
    size_hint_y: None
    height: self.minimum_height
    padding: dp(12)
    spacing: dp(8)
    canvas.before:
        Color:
            rgba: app.theme.shadow
        SmoothRoundedRectangle:
            pos: self.x, self.y - dp(2)
            size: self.size
            radius: [dp(app.theme.radius_dp) + dp(2)]
        Color:
            rgba: app.theme.card
        SmoothRoundedRectangle:
            pos: self.pos
            size: self.size
            radius: [dp(app.theme.radius_dp) + dp(2)]
        Color:
            rgba: app.theme.line
        SmoothLine:
            rounded_rectangle: self.x, self.y, self.width, self.height, dp(app.theme.radius_dp) + dp(2)
            width: dp(0.6)
<BottomBar>:
    spacing: dp(8)
<BigButton>:
    font_size: str(app.theme.text_sp) + "sp"
    size_hint_y: None
    height: max(dp(app.theme.button_dp), self.texture_size[1] + dp(16))
    border: ROUND_BORDER, ROUND_BORDER, ROUND_BORDER, ROUND_BORDER
    background_normal: app.theme.button_image(self.emphasis, self.toggles and self.state == "down")
    background_down: app.theme.button_image(self.emphasis, not self.toggles)
    background_disabled_normal: str(ROUND_IMAGE)
    background_disabled_down: str(ROUND_IMAGE)
    background_color: app.theme.button_tint(self.emphasis, self.state == "down" and not self.toggles, self.disabled)
    color: app.theme.button_text(self.emphasis)
    disabled_color: app.theme.muted
    halign: "center"
    valign: "middle"
    text_size: self.width - dp(8), None
<Choice>:
    emphasis: "primary" if self.state == "down" else "secondary"
    allow_no_selection: False
    color: app.theme.accent_ink if self.state == "down" else app.theme.ink
<ToggleButton>:
    background_normal: ""
    background_down: ""
    background_color: app.theme.accent if self.state == "down" else app.theme.card
    color: app.theme.accent_ink if self.state == "down" else app.theme.ink
<TextInput>:
    background_normal: str(ROUND_IMAGE)
    background_active: str(ROUND_IMAGE)
    background_disabled_normal: str(ROUND_IMAGE)
    border: ROUND_BORDER, ROUND_BORDER, ROUND_BORDER, ROUND_BORDER
    background_color: app.theme.field
    foreground_color: app.theme.ink
    hint_text_color: app.theme.muted
    cursor_color: app.theme.accent
    selection_color: app.theme.accent[:3] + (0.3,)
    font_size: str(app.theme.text_sp) + "sp"
    padding: dp(12), (self.height - self.line_height) / 2 if not self.multiline else dp(10)
    height: max(dp(app.theme.button_dp), self.line_height + dp(20)) if not self.multiline else self.height
    canvas.after:
        Color:
            rgba: app.theme.accent if self.focus else app.theme.line
        SmoothLine:
            rounded_rectangle: self.x + dp(0.5), self.y + dp(0.5), self.width - dp(1), self.height - dp(1), ROUND_BORDER
            width: dp(1.5) if self.focus else dp(0.8)
<Spinner>:
    background_normal: str(ROUND_IMAGE)
    background_down: str(ROUND_IMAGE)
    background_disabled_normal: str(ROUND_IMAGE)
    border: ROUND_BORDER, ROUND_BORDER, ROUND_BORDER, ROUND_BORDER
    background_color: app.theme.field if self.state == "normal" else app.theme.panel
    color: app.theme.ink
    font_size: str(app.theme.text_sp) + "sp"
    size_hint_y: None
    height: max(dp(app.theme.button_dp), self.texture_size[1] + dp(16))
    canvas.after:
        Color:
            rgba: app.theme.accent
        SmoothTriangle:
            points: self.right - dp(26), self.center_y + dp(3), self.right - dp(14), self.center_y + dp(3), self.right - dp(20), self.center_y - dp(4)
<SpinnerOption>:
    background_normal: ""
    background_down: ""
    background_color: app.theme.field if self.state == "normal" else app.theme.panel
    color: app.theme.ink
    font_size: str(app.theme.text_sp) + "sp"
    height: max(dp(app.theme.button_dp), self.texture_size[1] + dp(16))
<ModalView>:
    background: str(ROUND_IMAGE)
    border: ROUND_BORDER, ROUND_BORDER, ROUND_BORDER, ROUND_BORDER
    background_color: app.theme.parchment
    overlay_color: app.theme.ink[:3] + (0.55,)
<Popup>:
    title_color: app.theme.ink
    title_font: app.theme.title_font
    title_size: str(app.theme.text_sp + 2) + "sp"
    separator_color: app.theme.gold
    separator_height: dp(3)
<Dialog>:
    title_color: app.theme.parchment
"""


def screen_folders() -> list[Path]:
    """The folders screens are found in: those of the companion.screens package's path."""
    import companion.screens

    return [Path(folder) for folder in companion.screens.__path__]


def has_screen_module(name: str) -> bool:
    """Whether a screen module `name` is in one of the screen folders."""
    return any((folder / f"{name}.py").exists() for folder in screen_folders())


def setup_modules() -> list[ModuleType]:
    """The set-up screen module of every game with screens (`*_setup.py`), by name."""
    names = sorted({path.stem for folder in screen_folders()
                    for path in folder.glob("*_setup.py")})
    return [importlib.import_module(f"companion.screens.{name}") for name in names]


def default_settings() -> dict:
    """The app's own settings with the ones each game's set-up module adds (`SETTINGS`)."""
    defaults = dict(DEFAULT_SETTINGS)
    for module in setup_modules():
        defaults.update(getattr(module, "SETTINGS", {}))
    return defaults


def read_settings(path: Path) -> dict:
    """The saved settings, with defaults for anything missing or unreadable."""
    defaults = default_settings()
    try:
        saved = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        saved = {}
    return {**defaults, **{k: v for k, v in saved.items() if k in defaults}}


def write_settings(path: Path, settings: dict) -> None:
    """Save settings crash-safely (temporary file, fsync, rename; never through a link)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(settings, ensure_ascii=False, indent=1).encode("utf-8"))


def game_folder(game_id: str, content_dir: Path | None = None) -> Path | None:
    """A game's content folder as the game search path finds it (None: no such game)."""
    from forge.games import find_games

    source = find_games(content_dir).get(game_id)
    return source.folder if source else None


def games_in(content_dir: Path) -> list[tuple[str, str]]:
    """(id, name) of every game on the search path that has a rules engine, by name."""
    import yaml

    from forge.games import find_games

    games = []
    for game_id, source in find_games(content_dir).items():
        if engine_for(game_id) is None:
            continue
        meta = yaml.safe_load((source.folder / "game.yaml").read_text(encoding="utf-8")) or {}
        games.append((game_id, title_case(str(meta.get("title", game_id)))))
    return sorted(games, key=lambda game: game[1])


def rules_of(game_id: str):
    """The rules object of a game's engine (forge.registry)."""
    return engine_for(game_id).rules


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


def game_module(game_id: str | None) -> ModuleType | None:
    """A game's set-up screen module (`<engine short name>_setup`), None if it has none."""
    engine = engine_for(game_id) if game_id else None
    if engine is None or not has_screen_module(f"{engine.short_name}_setup"):
        return None
    return importlib.import_module(f"companion.screens.{engine.short_name}_setup")


def game_screens(game_id: str | None) -> tuple[str, str] | None:
    """(set-up screen, main screen) of a game with screens of its own, else None."""
    module = game_module(game_id)
    if module is None:
        return None
    return module.__name__.rsplit(".", 1)[1], module.MAIN_SCREEN


def screen_module(name: str) -> ModuleType:
    """The module of a screen: companion.screens.<name>, or for `<game>_<shared>` with no
    module of its own the shared screen's (a game's log is the shared log)."""
    if not has_screen_module(name) and "_" in name:
        shared = name.rsplit("_", 1)[1]
        if has_screen_module(shared):
            name = shared
    return importlib.import_module(f"companion.screens.{name}")


@cache
def theme_of(game_id: str, content_dir: Path | None = None) -> Theme:
    """The theme of a game's palette; the neutral one for no game (or one not found)."""
    folder = game_folder(game_id, content_dir) if game_id else None
    palette = read_palette(folder / "game.yaml") if folder else FALLBACK_PALETTE
    return Theme.from_palette(palette)


def load_kv_once(filename: str, text: str | None = None) -> None:
    """Load kv rules once a process (a second app instance, as in tests, must not add them
    again)."""
    if filename in Builder.files:
        return
    if text is None:
        Builder.load_file(filename)
    else:
        Builder.load_string(text, filename=filename)


def load_screen_rules(screen_class) -> None:
    """The .kv rules of a screen class and of the screen classes it is built on (each module's
    `.kv` beside it)."""
    for cls in reversed(screen_class.__mro__):
        if cls.__module__.startswith("companion.screens."):
            path = Path(sys.modules[cls.__module__].__file__).with_suffix(".kv")
            if path.exists():
                load_kv_once(str(path))


class CompanionApp(App):
    """The companion: settings, translator, theme and lazily built screens."""

    title = "Forge companion"
    tr = ObjectProperty(None)
    theme = ObjectProperty(None)
    dice_mode = StringProperty("app")
    keep_screen_on = BooleanProperty(False)
    motion = BooleanProperty(True)
    session = ObjectProperty(None, allownone=True)   # the TableSession of the game being played
    game_id = StringProperty("")                      # the game being played or set up ("": none)

    def __init__(self, data_dir: str | Path | None = None,
                 content_dir: str | Path | None = None, **kwargs):
        super().__init__(**kwargs)
        self._data_dir = Path(data_dir) if data_dir else None
        self.content_dir = Path(content_dir) if content_dir else None   # None: the search path
        self.settings = read_settings(self.settings_path)
        self.tr = Translator(self.settings["lang"])
        self.dice_mode = self.settings["dice_mode"]
        self.keep_screen_on = bool(self.settings["keep_screen_on"])
        self.motion = bool(self.settings["motion"])
        self.theme = theme_of("", self.content_dir)

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

    def on_game_id(self, _app, game_id: str) -> None:
        """Another game at the table: its palette colours every screen."""
        self.theme = theme_of(game_id, self.content_dir)
        Window.clearcolor = self.theme.parchment

    def show(self, name: str) -> None:
        """Go to a screen, building it on its first visit."""
        self.screen(name)
        self.manager.current = name

    def screen(self, name: str):
        """A screen, built if needed (tests and other screens use this)."""
        if not self.manager.has_screen(name):
            self.manager.add_widget(self._build_screen(name))
        return self.manager.get_screen(name)

    def open_game(self, session, screen: str | None = None) -> None:
        """Make `session` the game being played and show its main screen (or `screen`)."""
        self.session = session
        self.game_id = session.game.rules.name
        name = screen or game_screens(self.game_id)[1]
        target = self.screen(name)
        if hasattr(target, "open"):
            target.open(session)
        self.show(name)

    def _build_screen(self, name: str):
        screen_class = screen_module(name).SCREEN
        load_screen_rules(screen_class)
        return screen_class(name=name)

    def set_setting(self, key: str, value) -> None:
        """Change one setting, apply it at once and save it."""
        self.settings[key] = value
        if key == "lang":
            self.tr.lang = value
        elif key == "dice_mode":
            self.dice_mode = value
        elif key == "keep_screen_on":
            self.keep_screen_on = bool(value)
        elif key == "motion":
            self.motion = bool(value)
        write_settings(self.settings_path, self.settings)

    def _on_key(self, _window, key, *_args):
        """Back (Escape) returns to Home; on Home it leaves the app as usual."""
        if key == BACK_KEY and self.manager.current != "home":
            self.show("home")
            return True
        return False

    def on_start(self):
        """Start-up is over: the garbage collector from now on runs between taps."""
        self.collector = Collector()
        self.collector.start(Clock, Window)

    def on_pause(self):
        write_settings(self.settings_path, self.settings)
        return True

    def on_stop(self):
        write_settings(self.settings_path, self.settings)
        collector = getattr(self, "collector", None)
        if collector is not None:
            collector.stop()


def main(argv: list[str] | None = None) -> None:
    """Open the companion in a phone-shaped window on desktop."""
    CompanionApp().run()
