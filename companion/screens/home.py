"""Home: start a new game of any game in the content folder, resume a saved one, open settings."""
from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.factory import Factory
from kivy.uix.screenmanager import Screen

from companion.app import GAME_SCREENS, SCREENS, games_in, rules_of


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
        if self.store is not None:
            self.refresh()

    def open_store(self):
        """The game store of the app's data folder, with the rules of every listed game."""
        from companion.store import Store

        app = App.get_running_app()
        games = games_in(app.content_dir)
        return Store(app.data_dir / "games", [rules_of(game_id) for game_id, _ in games],
                     lang=app.tr.lang)

    def refresh(self, notice: str = "") -> None:
        """Rebuild the game lists in the current language; `notice` is shown above the saved
        games (why one could not be opened)."""
        app = App.get_running_app()
        if self.store is None:
            self.store = self.open_store()
        self.ids.new_games.clear_widgets()
        for game_id, name in games_in(app.content_dir):
            button = Factory.BigButton(text=app.tr._("New game: {name}").format(name=name))
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
            entry = Factory.BigButton(text=self.describe(game))
            entry.bind(texture_size=self._fit_entry)
            entry.bind(on_release=lambda _b, g=game: self.resume(g))
            self.ids.saved_games.add_widget(entry)

    @staticmethod
    def _fit_entry(entry, texture_size) -> None:
        """A resume entry grows to its two lines (never below the button height)."""
        from kivy.metrics import dp

        theme = App.get_running_app().theme
        entry.height = max(dp(theme.button_dp), texture_size[1] + dp(12))

    def describe(self, meta: dict) -> str:
        """A resume entry: name and when it was last played; then the round and whose turn it
        is, or the result once the game is over."""
        when = (meta.get("updated") or meta.get("created") or "")[:16].replace("T", " ")
        first = f"{meta.get('name', meta.get('id'))} · {when}"
        second = self.progress(meta)
        return f"{first}\n{second}" if second else first

    def progress(self, meta: dict) -> str:
        """'Round 3 · Galerius' (the emperor's name translated), or 'Victory' / 'Defeat'."""
        tr = App.get_running_app().tr
        outcome = meta.get("outcome")
        if outcome or meta.get("finished"):
            result = outcome.get("result") if isinstance(outcome, dict) else None
            return {"victory": tr._("Victory"), "defeat": tr._("Defeat")}.get(
                result, tr._("Game over"))
        if isinstance(meta.get("progress"), dict):
            return self.season_progress(meta["progress"])
        if meta.get("round") is None:
            return ""
        turn = meta.get("turn")
        line = tr._("Round {round}").format(round=meta["round"])
        return f"{line} · {self.player_name(meta.get('game'), turn)}" if turn else line

    @staticmethod
    def season_progress(progress: dict) -> str:
        """A game played in seasons (CONQUEST OF THE EMPIRE II): 'Season 2 of 4 · Round 3 ·
        Livia', or the auction, the season's end, the winners."""
        tr = App.get_running_app().tr
        phase, player = progress.get("phase"), progress.get("player")
        if phase == "over":
            winners = ", ".join(progress.get("winners") or []) or "-"
            return tr._("Game over: {winners} wins").format(winners=winners)
        parts = [tr._("Season {season} of {seasons}").format(
            season=progress.get("season"), seasons=progress.get("seasons"))]
        if phase == "auction":
            parts.append(tr._("Alliance auction"))
        elif phase == "season-end":
            parts.append(tr._("Season end"))
        elif progress.get("round") is not None:
            parts.append(tr._("Round {round}").format(round=progress["round"]))
        if player and phase in ("actions", "auction"):
            parts.append(player)
        return " · ".join(parts)

    @staticmethod
    def player_name(game: str | None, who: str) -> str:
        """Whose turn, in the player's language (Tetrarchia: the game catalog's emperor names)."""
        if game == "tetrarchia":
            from forge.engine.tetrarchia.words import Names

            return Names(App.get_running_app().tr).emperor(who)
        return who

    def new_game(self, game_id: str) -> None:
        """Start a game of `game_id` through the session and list it."""
        import secrets

        from companion.session import TableSession

        app = App.get_running_app()
        setup = GAME_SCREENS.get(game_id, (f"{game_id}_setup",))[0]
        if setup in SCREENS:                        # a game with its own set-up screen
            app.show(setup)
            return
        TableSession.start(self.store, rules_of(game_id), {}, secrets.randbits(32),
                           lang=app.tr.lang, dice_mode=app.dice_mode)
        self.refresh()

    def resume(self, meta: dict) -> None:
        """Open a saved game on its board screen (if the game has one)."""
        from companion.session import TableSession
        from companion.store import StoreError

        app = App.get_running_app()
        board = GAME_SCREENS.get(meta.get("game"), (None, f"{meta.get('game')}_board"))[1]
        if board not in SCREENS:
            return
        try:
            session = TableSession.resume(self.store, meta["id"], lang=app.tr.lang)
        except StoreError as err:       # kept aside or left as it was: the message says which
            self.refresh(notice=str(err))
            return
        app.open_game(session, board)


SCREEN = HomeScreen
