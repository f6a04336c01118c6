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

A game whose engine package has a `guide` module (`setup_guide(entry, state, tr)`: the steps of
setting the real board up, forge/engine/tetrarchia/guide.py) opens its set-up guide, the shared
screen `<short name>_guide` (companion/screens/guide.py), once a new game is set up; any game
screen can open it again until the first action (`can_show_guide`, `show_guide`), and the game's
main screen sends the players back to it while it was left unfinished (Home, a kill).

With real dice (the app's dice mode "physical") `SetupScreen.start_game` asks for each set-up
die in turn, in a popup of face buttons, before the game is stored; the game starts with the
entered values (logged as "entered").
"""
from __future__ import annotations

import copy
import importlib
from importlib.util import find_spec

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import ListProperty, ObjectProperty, StringProperty
from kivy.uix.gridlayout import GridLayout
from kivy.uix.screenmanager import Screen

from companion.dieface import FaceButton
from companion.translate import in_words
from companion.widgets import grow_with_text
from forge.engine.dice import BadRoll, NeedRoll
from forge.engine.errors import ActionError

REFUSALS = (ActionError, BadRoll)       # what the engine says no with, in words for players


def refusal_text(error: Exception, tr) -> str:
    """'Not allowed: <the engine's reason>' in the translator's language."""
    return tr._("Not allowed: {reason}").format(reason=in_words(error, tr))


def guide_module(game_id: str | None):
    """A game's set-up guide module (`forge.engine.<package>.guide`), None if it has none."""
    from forge.registry import engine_for

    engine = engine_for(game_id) if game_id else None
    if engine is None or find_spec(f"{engine.package}.guide") is None:
        return None
    return importlib.import_module(f"{engine.package}.guide")


def guide_screen(game_id: str) -> str:
    """The name of a game's guide screen (the shared screen `guide`)."""
    from forge.registry import engine_for

    return f"{engine_for(game_id).short_name}_guide"


def guide_meta(session) -> dict | None:
    """The guide's saved progress: {"done": [step ids], "step": shown, "closed": bool}, or None
    for a game whose guide was never opened."""
    guide = session.game.meta.get("guide") if session is not None else None
    return guide if isinstance(guide, dict) else None


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

    def add(self, box, text: str, callback, action=None, emphasis: str = "primary"):
        """A button of the page in `box`, calling `callback` when tapped: `action` the engine's
        action it plays, if any; kept in the screen's `action_buttons` (a list it starts
        anew on each drawing)."""
        button = grow_with_text(Factory.BigButton(text=text, emphasis=emphasis))
        button.action = action
        button.bind(on_release=lambda _b: callback())
        box.add_widget(button)
        self.action_buttons.append(button)
        return button

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

    # --- the set-up guide ---------------------------------------------------------------------

    def can_show_guide(self) -> bool:
        """Whether the set-up guide can be opened: the game has one and no action was played
        (position 0: the real board still stands as set up)."""
        session = self.session
        return session is not None and session.position == 0 and \
            guide_module(session.game.rules.name) is not None

    def show_guide(self) -> None:
        """Open the game's set-up guide again (until the first action)."""
        if self.can_show_guide():
            self.show_screen(guide_screen(self.session.game.rules.name))

    def on_enter(self, *_args):
        """The game's main screen of a game whose guide was left unfinished (Home, Back, a
        kill) sends the players back to the guide."""
        from companion.app import game_module

        session = self.session
        if session is None or not self.can_show_guide():
            return
        guide, game = guide_meta(session), game_module(session.game.rules.name)
        if guide is None or guide.get("closed") or game is None or \
                self.name != game.MAIN_SCREEN:
            return
        Clock.schedule_once(lambda _dt: self._back_to_guide(session), 0)

    def _back_to_guide(self, session) -> None:
        app = App.get_running_app()
        if app.manager.current == self.name and self.session is session:
            self.show_guide()


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
    `start_game` sets the game up and says why when the engine refuses (in `ids.message`).

    With real dice, `start_game` first asks for the set-up's dice one at a time (`dice_popup`,
    face buttons); each tap calls the screen's `start()` again, which comes back here with one
    more die, until the set-up needs no more and the game is stored with them (or the players
    let the app roll the rest). `open_new`
    shows a new game: its set-up guide if it has one, else its main screen."""

    game = ""                       # the game id
    seed = None                     # tests set a seed; otherwise a random one
    setup_dice = ListProperty([])   # real dice entered for the set-up so far
    dice_popup = None               # the popup asking for a set-up die (tests tap its faces)
    setup_rolls: tuple | list = ()  # the entered dice as the set-up used them (die, value)
    roll_rest = False               # "App rolls the rest": the next start rolls what is missing

    def options(self) -> dict:
        """The engine's set-up options from the choices made."""
        return {}

    def start(self) -> None:
        """Start the game (each game's screen says how; the dice popup calls it again)."""
        session = self.start_game()
        if session is not None:
            self.open_new(session)

    def open_new(self, session) -> None:
        """A new game: its set-up guide if the game has one, else its main screen."""
        app = App.get_running_app()
        if guide_module(self.game) is None:
            app.open_game(session)
            return
        session.game.save_meta(guide={"done": [], "step": 0, "closed": False})
        app.open_game(session, guide_screen(self.game))

    def start_game(self, name: str | None = None):
        """A new game in the app's store from `options()`, or None (the refusal shown, or a
        set-up die asked for)."""
        import secrets

        from companion.app import rules_of
        from companion.session import TableSession

        app = App.get_running_app()
        rules = rules_of(self.game)
        options = self.options()
        physical = app.dice_mode == "physical"
        if physical and not self.roll_rest:
            try:
                need = self.missing_die(rules, options)
            except REFUSALS as error:
                self.close_dice_popup()
                self.setup_dice = []
                self.ids.message.text = in_words(error, app.tr)
                return None
            if need is not None:
                self.ask_die(need)
                return None
        store = app.screen("home").game_store()
        seed = self.seed if self.seed is not None else secrets.randbits(32)
        try:
            session = TableSession.start(store, rules, options, seed, lang=app.tr.lang,
                                         dice_mode=app.dice_mode, name=name,
                                         dice=list(self.setup_dice) if physical else None)
        except REFUSALS as error:
            self.ids.message.text = in_words(error, app.tr)
            return None
        finally:
            self.close_dice_popup()
            self.roll_rest = False
        self.setup_dice = []
        self.ids.message.text = ""
        return session

    # --- real dice for the set-up ---------------------------------------------------------

    def missing_die(self, rules, options: dict):
        """The set-up tried with the dice entered so far and no generator: the NeedRoll of the
        next die it needs, or None when they are enough (a refusal passes through)."""
        from forge.engine import inputs
        from forge.engine.dice import Dice

        inputs.check_options(rules.options_schema, options)
        trial = Dice(list(self.setup_dice), None, [], dict(rules.dice_faces))
        try:
            rules.setup(copy.deepcopy(options), trial)
        except NeedRoll as need:
            return need
        finally:
            self.setup_rolls = trial.rolls
        return None

    def printed_die(self, die: str):
        """The printed die (companion.dice.Die) the rules call `die`, None if the game's
        content has none."""
        from companion.app import game_folder
        from companion.dice import printed_die

        folder = game_folder(self.game, App.get_running_app().content_dir)
        return printed_die(self.game, die, folder.parent) if folder is not None else None

    def die_faces(self, die: str) -> tuple[str, ...]:
        """The faces of the die the rules call `die`, as printed (the game's content)."""
        from companion.app import rules_of

        printed = self.printed_die(die)
        if printed is not None:
            return printed.faces
        sides = dict(rules_of(self.game).dice_faces).get(die, 6)
        return tuple(str(n) for n in range(1, sides + 1))

    def die_question(self, need) -> str:
        """'Set-up roll 3: roll the VI die for … and tap its result.' in the players' words
        (the game's guide module words the reason, `roll_reason`)."""
        tr = App.get_running_app().tr
        guide = guide_module(self.game)
        words = getattr(guide, "roll_reason", None)
        reason = words(need.reason, tr) if words else need.reason
        return tr._("Set-up roll {number}: roll the {die} die for {reason}, and tap what it "
                    "shows.").format(number=need.index + 1, die=need.die, reason=reason)

    def ask_die(self, need) -> None:
        """The popup asking for the die the set-up needs next, its faces as buttons."""
        app = App.get_running_app()
        tr = app.tr
        self.close_dice_popup()
        question = Factory.Body(text=self.die_question(need), color=app.theme.accent_ink)
        entered = Factory.Body(text=self.entered_text(), font_size="16sp",
                               color=app.theme.accent_ink)
        faces = GridLayout(cols=3, spacing=dp(6), size_hint_y=None,
                           row_default_height=dp(64), row_force_default=True)
        faces.bind(minimum_height=faces.setter("height"))
        faces.buttons = []
        for value, face in enumerate(self.die_faces(need.die), start=1):
            button = self.face_button(need.die, value, face)
            button.bind(on_release=lambda _b, v=value: self.enter_die(v))
            faces.add_widget(button)
            faces.buttons.append(button)
        back = Factory.BigButton(text=tr._("Back one die") if self.setup_dice
                                 else tr._("Cancel"))
        back.bind(on_release=lambda *_: self.back_one_die())
        rest = Factory.BigButton(text=tr._("App rolls the rest"))
        rest.bind(on_release=lambda *_: self.app_rolls_the_rest())
        from companion.widgets import dialog, scrolled

        self.dice_popup = dialog(tr._("Set-up dice"), [scrolled(question, entered, faces)],
                                 [back, rest], size_hint=(0.94, 0.8), title_size="20sp")
        self.dice_popup.faces, self.dice_popup.back = faces.buttons, back
        self.dice_popup.rest = rest
        self.dice_popup.question, self.dice_popup.need = question, need
        self.dice_popup.open()

    def face_button(self, die: str, value: int, face: str):
        """A face to tap: drawn as on the printed die (the dice tray's look) when the game prints
        that die with these faces, else a button with the face's words."""
        from companion.screens.dice import die_look

        printed = self.printed_die(die)
        if printed is not None and printed.faces[value - 1:value] == (face,):
            return FaceButton(value=value, duration=0, **die_look(printed))
        theme = App.get_running_app().theme
        return Factory.BigButton(text=face, font_size=f"{theme.title_sp}sp", height=dp(64),
                                 bold=True)

    def entered_text(self) -> str:
        """'Entered so far: 4, 1, 6' (nothing yet: how the dice are taken)."""
        tr = App.get_running_app().tr
        if not self.setup_dice:
            return tr._("Roll the real dice; the app keeps what they show.")
        shown = []
        for roll in self.setup_rolls:
            faces = self.die_faces(roll["die"])
            shown.append(faces[roll["value"] - 1] if roll["value"] <= len(faces)
                         else str(roll["value"]))
        return tr._("Entered so far: {dice}").format(dice=", ".join(shown))

    def enter_die(self, value: int) -> None:
        """A face tapped: one more set-up die, and the set-up tried again."""
        self.setup_dice = list(self.setup_dice) + [value]
        self.start()

    def app_rolls_the_rest(self) -> None:
        """The players would rather not roll the rest: the dice entered so far are kept
        ("entered"), the app rolls the others ("rolled")."""
        self.roll_rest = True
        self.start()

    def back_one_die(self) -> None:
        """Take the last entered die back (a wrong tap), or with none entered give up asking."""
        if not self.setup_dice:
            self.close_dice_popup()
            return
        self.setup_dice = list(self.setup_dice)[:-1]
        self.start()

    def close_dice_popup(self) -> None:
        if self.dice_popup is not None:
            self.dice_popup.dismiss(animation=False)
            self.dice_popup = None
