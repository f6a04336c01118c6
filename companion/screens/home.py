"""Home: start a new game of any game in the content folder, resume a saved one, open settings."""
from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.factory import Factory
from kivy.uix.screenmanager import Screen

from companion.app import game_module, game_screens, games_in, rules_of
from companion.widgets import grow_with_text


def keep_short_last_word(name: str) -> str:
    """`name` with a short last word (a numeral such as 'II') bound to the word before it by a
    no-break space, so that a wrapped title never leaves it alone on a line."""
    head, space, last = name.rpartition(" ")
    return f"{head}\u00a0{last}" if space and len(last) <= 3 else name


class HomeScreen(Screen):
    """New-game buttons (one per game), the resume list, and the way to the other screens."""

    store = None

    def on_kv_post(self, _base):
        App.get_running_app().tr.bind(lang=lambda *_: self.refresh())
        Window.bind(on_flip=self._after_first_frame)

    def _after_first_frame(self, *_):
        """Fill the lists once the screen shows: opening the store imports the rules engines."""
        Window.unbind(on_flip=self._after_first_frame)
        Clock.schedule_once(lambda _dt: self.refresh())

    def on_pre_enter(self, *_):
        App.get_running_app().game_id = ""          # no game chosen: the neutral theme
        if self.store is not None:
            self.refresh()

    def open_store(self):
        """The game store of the app's data folder, with the rules of every listed game."""
        from companion.store import Store

        app = App.get_running_app()
        games = games_in(app.content_dir)
        return Store(app.data_dir / "games", [rules_of(game_id) for game_id, _ in games],
                     lang=app.tr.lang)

    def game_store(self):
        """The game store, opened on first use."""
        if self.store is None:
            self.store = self.open_store()
        return self.store

    def refresh(self, notice: str = "") -> None:
        """Rebuild the game lists in the current language; `notice` is shown above the saved
        games (why one could not be opened)."""
        app = App.get_running_app()
        self.game_store()
        self.ids.new_games.clear_widgets()
        for game_id, name in games_in(app.content_dir):
            button = Factory.BigButton(text=app.tr._("New game: {name}").format(
                name=keep_short_last_word(name)))
            button.game_id = game_id
            button.bind(on_release=lambda _b, g=game_id: self.new_game(g))
            self.ids.new_games.add_widget(button)
        self.ids.saved_games.clear_widgets()
        if notice:
            self.ids.saved_games.add_widget(Factory.Body(text=notice))
        saved = self.store.list_games()
        if not saved:
            self.ids.saved_games.add_widget(Factory.Body(text=app.tr._("No saved games yet.")))
        for game in saved:
            entry = grow_with_text(Factory.BigButton(text=self.describe(game),
                                                     emphasis="secondary"))
            entry.bind(on_release=lambda _b, g=game: self.resume(g))
            self.ids.saved_games.add_widget(entry)

    def describe(self, meta: dict) -> str:
        """A resume entry: name and when it was last played; then the round and whose turn it
        is, or the result once the game is over."""
        when = (meta.get("updated") or meta.get("created") or "")[:16].replace("T", " ")
        first = f"{meta.get('name', meta.get('id'))} · {when}"
        second = self.progress(meta)
        return f"{first}\n{second}" if second else first

    def progress(self, meta: dict) -> str:
        """'Round 3 · Galerius' (in the game's words), or 'Victory' / 'Defeat'."""
        tr = App.get_running_app().tr
        outcome = meta.get("outcome")
        if outcome or meta.get("finished"):
            result = outcome.get("result") if isinstance(outcome, dict) else None
            return {"victory": tr._("Victory"), "defeat": tr._("Defeat")}.get(
                result, tr._("Game over"))
        game = game_module(meta.get("game"))
        if isinstance(meta.get("progress"), dict):
            words = getattr(game, "progress_text", None)
            return words(meta["progress"], tr) if words else ""
        if meta.get("round") is None:
            return ""
        turn = meta.get("turn")
        line = tr._("Round {round}").format(round=meta["round"])
        if not turn:
            return line
        name = getattr(game, "player_name", None)
        return f"{line} · {name(turn, tr) if name else turn}"

    def new_game(self, game_id: str) -> None:
        """Start a game of `game_id` through the session and list it."""
        import secrets

        from companion.session import TableSession

        app = App.get_running_app()
        screens = game_screens(game_id)
        if screens is not None:                     # a game with its own set-up screen
            app.game_id = game_id
            app.show(screens[0])
            return
        TableSession.start(self.store, rules_of(game_id), {}, secrets.randbits(32),
                           lang=app.tr.lang, dice_mode=app.dice_mode)
        self.refresh()

    def resume(self, meta: dict) -> None:
        """Open a saved game on its main screen (if the game has screens)."""
        from companion.session import TableSession
        from companion.store import StoreError

        app = App.get_running_app()
        screens = game_screens(meta.get("game"))
        if screens is None:
            return
        try:
            session = TableSession.resume(self.store, meta["id"], lang=app.tr.lang)
        except StoreError as err:       # kept aside or left as it was: the message says which
            self.refresh(notice=str(err))
            return
        app.open_game(session)


SCREEN = HomeScreen
