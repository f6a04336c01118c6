"""What every screen of a game being played shares: its session, its message, its language, and
`play`, the one way an action reaches the engine; and what a game's set-up screen shares: starting
the game from its options.

A screen shows `session` (a companion.session.TableSession); `open(session)` shows a game,
`refresh()` draws it again (after a change, or in another language). On entering, a screen
follows the app's game being played (`app.session`). `play(action, dice)` sends an action and
catches the engine's named errors: a refusal (forge.engine.errors.ActionError: ParseError,
IllegalAction) or an impossible entered die (BadRoll) is put in `message` in the players'
language; a die to enter from the table (NeedRoll) goes to `need_roll`; a save the system refused
(OSError: the store has put the game back as it is on disk) is said in `message`. Anything else
is a bug and is not caught.
"""
from __future__ import annotations

from kivy.app import App
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.translate import in_words
from forge.engine.dice import BadRoll, NeedRoll
from forge.engine.errors import ActionError

REFUSALS = (ActionError, BadRoll)       # what the engine says no with, in words for players


def refusal_text(error: Exception, tr) -> str:
    """'Not allowed: <the engine's reason>' in the translator's language."""
    return tr._("Not allowed: {reason}").format(reason=in_words(error, tr))


class GameScreen(Screen):
    """A screen of the game being played: session, message, language and `play`."""

    session = ObjectProperty(None, allownone=True)
    message = StringProperty("")        # the last action in words, or why it was refused

    def on_kv_post(self, _base):
        App.get_running_app().tr.bind(lang=lambda *_: self.on_language())

    def on_language(self) -> None:
        """The players switched language: everything shown again in the new one."""
        self.refresh()

    def open(self, session) -> None:
        """Show a game (a new one, a resumed one, or the one another screen hands over)."""
        self.session = session
        self.message = ""
        self.reset()
        self.refresh()

    def on_pre_enter(self, *_args):
        """Follow the app's game being played; draw the screen again."""
        session = App.get_running_app().session
        if session is not None and session is not self.session:
            self.open(session)
        elif self.session is not None:
            self.refresh()

    def reset(self) -> None:
        """Forget what the screen was showing of the previous game (a screen's own state)."""

    def refresh(self) -> None:
        """Draw the screen from the session (in the app's language)."""

    @property
    def tr(self):
        """The app's translator."""
        return App.get_running_app().tr

    def play(self, action: dict, dice: list[int] | None = None) -> bool:
        """Send an action to the engine; True when it was played. A refusal goes to `refused`,
        a die still to enter from the table to `need_roll`; `played` follows a success."""
        try:
            entry = self.session.act(action, dice)
        except NeedRoll as need:
            self.need_roll(action, dice, need)
            return False
        except REFUSALS as error:
            self.refused(action, error)
            return False
        except OSError as error:            # the store kept the game as it was on disk
            self.message = self.tr._("Not saved ({reason}): the action was not kept.").format(
                reason=error.strerror or error)
            self.refresh()
            return False
        self.played(action, entry)
        return True

    def refused(self, action: dict, error: Exception) -> None:
        """The engine said no: its reason in the players' language."""
        self.message = refusal_text(error, self.tr)

    def need_roll(self, action: dict, dice: list[int] | None, need: NeedRoll) -> None:
        """Real dice: a die the engine needs was not entered (a screen that asks for it says
        so; by default it is a refusal like any other)."""
        self.refused(action, need)

    def played(self, action: dict, entry: dict | None) -> None:
        """The engine took the action: by default its events in words, then the screen again."""
        last = self.session.log()[self.session.position]
        self.message = "\n".join(w for w in last["words"] if w)
        self.refresh()

    def show_screen(self, name: str) -> None:
        """Another screen of the game, reading the same session."""
        app = App.get_running_app()
        app.session = self.session
        target = app.screen(name)
        target.open(self.session)
        app.show(name)


class EndScreen(GameScreen):
    """The end of a game: `result_text`, and the game's own lines in the box its .kv names
    `lines_box`; "Still playing" while the game runs; its log (`<game>_log`) and Home."""

    result_text = StringProperty("")
    lines_box = "lines"

    def refresh(self) -> None:
        box = self.ids[self.lines_box]
        box.clear_widgets()
        ended = self.ended(self.session.state) if self.session is not None else None
        if not ended:
            self.result_text = self.tr._("Still playing")
            self.still_playing()
            return
        self.show_end(ended, box)

    def ended(self, state: dict) -> dict | None:
        """What the game's state says of its end, or None while it runs."""
        raise NotImplementedError

    def still_playing(self) -> None:
        """Clear the screen's own texts while the game runs."""

    def show_end(self, ended: dict, box) -> None:
        """Show the end: `result_text`, the screen's own texts, lines in `box`."""
        raise NotImplementedError

    def show_log(self) -> None:
        self.show_screen(self.name.rsplit("_", 1)[0] + "_log")


class SetupScreen(Screen):
    """A game's set-up screen: its choices become the engine's set-up options (`options()`);
    `start_game` sets the game up and says why when the engine refuses (in `ids.message`)."""

    game = ""                       # the game id
    seed = None                     # tests set a seed; otherwise a random one

    def options(self) -> dict:
        """The engine's set-up options from the choices made."""
        return {}

    def start_game(self, name: str | None = None):
        """A new game in the app's store from `options()`, or None (the refusal shown)."""
        import secrets

        from companion.app import rules_of
        from companion.session import TableSession

        app = App.get_running_app()
        store = app.screen("home").game_store()
        seed = self.seed if self.seed is not None else secrets.randbits(32)
        try:
            session = TableSession.start(store, rules_of(self.game), self.options(), seed,
                                         lang=app.tr.lang, dice_mode=app.dice_mode, name=name)
        except REFUSALS as error:
            self.ids.message.text = in_words(error, app.tr)
            return None
        self.ids.message.text = ""
        return session
