"""Tetrarchia set-up: the level's four digits, the edition and the players; Start opens the board.

The choices are those of content (rules.yaml's difficulty rows, game.yaml's editions and player
counts); the game itself is set up by companion.session.
"""
from __future__ import annotations

from kivy.app import App
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.screenmanager import Screen

DIGITS = ([5, 4, 3], [3, 2, 1], [0, 1, 2], [0, 1, 2])     # fallback: rules.yaml difficulty rows
DEFAULT_LEVEL = [4, 2, 1, 1]


def digit_choices(content_dir) -> list[list[int]]:
    """The allowed values of each level digit, from rules.yaml (low to high difficulty)."""
    import yaml

    try:
        rules = yaml.safe_load((content_dir / "tetrarchia" / "rules.yaml").read_text("utf-8"))
        rows = rules["difficulty"]["rows"]
        return [sorted({row["low"], row["normal"], row["high"]}) for row in rows]
    except (OSError, KeyError, TypeError, ValueError):
        return [sorted(d) for d in DIGITS]


class TetrarchiaSetupScreen(Screen):
    """Level digits with +/- buttons, edition and player choices, and Start."""

    level = ListProperty(list(DEFAULT_LEVEL))
    edition = StringProperty("later")
    players = NumericProperty(1)
    seed = None                 # tests set a seed; otherwise a random one

    def on_kv_post(self, _base):
        self.choices = digit_choices(App.get_running_app().content_dir)

    def step(self, digit: int, change: int) -> None:
        """Raise or lower one digit within its allowed values."""
        values = self.choices[digit]
        index = values.index(self.level[digit]) if self.level[digit] in values else 0
        index = min(max(index + change, 0), len(values) - 1)
        level = list(self.level)
        level[digit] = values[index]
        self.level = level

    def level_text(self) -> str:
        return "".join(str(d) for d in self.level)

    def options(self) -> dict:
        return {"level": self.level_text(), "edition": self.edition, "players": int(self.players)}

    def start(self) -> None:
        """Set up the game through the session and open the board."""
        import secrets

        from companion.app import rules_of
        from companion.session import TableSession

        app = App.get_running_app()
        home = app.screen("home")
        if home.store is None:
            home.store = home.open_store()
        seed = self.seed if self.seed is not None else secrets.randbits(32)
        try:
            session = TableSession.start(home.store, rules_of("tetrarchia"), self.options(), seed,
                                         lang=app.tr.lang, dice_mode=app.dice_mode)
        except Exception as error:          # the engine's refusal, in its words
            translated = getattr(error, "translated", None)
            self.ids.message.text = translated(app.tr) if callable(translated) else str(error)
            return
        self.ids.message.text = ""
        app.screen("tetrarchia_board").open(session)
        app.show("tetrarchia_board")


SCREEN = TetrarchiaSetupScreen
