"""The table companion's only door to the engine: a stored game, its log in words, its dice.

Screens call `TableSession`; it never imports Kivy. Every change (act, undo, redo, goto) is
journaled and fsync'ed by the store before the call returns, so once a screen shows it, it is
saved. Engine errors (IllegalAction, ParseError, NeedRoll, BadRoll) pass through unchanged so
a screen can say why, or ask for the die that NeedRoll names. Generic over the rules object;
the words of the log come from the game's `describe(event, tr)` (forge.registry), what to change
on the table when going back or forward in the log from its `table_changes(before, after, tr,
names)`, when its engine package exports one.
"""
from __future__ import annotations

from typing import Callable

from forge.i18n import Translator
from forge.registry import engine_for

from companion.store import DICE_MODES, Game, Store


def describer_for(game: str) -> Callable[[dict, object], str] | None:
    """The describe(event, tr) function of a game, if it has an engine."""
    engine = engine_for(game)
    return engine.module.describe if engine else None


def table_changes_for(game: str) -> Callable | None:
    """The table_changes(before, after, tr, names) function of a game, if its engine has one."""
    engine = engine_for(game)
    return getattr(engine.module, "table_changes", None) if engine else None


class TableSession:
    """One game at the table, as the screens see it."""

    def __init__(self, game: Game, lang: str = "en",
                 describe: Callable[[dict, object], str] | None = None):
        self.game = game
        self.describe = describe or describer_for(game.rules.name)
        self.set_language(lang)
        self._save_progress()

    def _save_progress(self) -> None:
        """Keep the resume list's summary (season, round, whose turn) in the meta, if the game
        has one and it changed (the store writes round, turn and phase itself)."""
        engine = engine_for(self.game.rules.name)
        progress = engine.progress(self.state) if engine else None
        if progress is None:
            return
        if self.game.meta.get("progress") != progress:
            try:
                self.game.save_meta(sync_dir=False, progress=progress)
            except OSError:         # the change is saved; the meta is only a summary
                pass

    @classmethod
    def start(cls, store: Store, rules, options: dict, seed: int | None = None,
              lang: str = "en", dice_mode: str = "app", dice: list[int] | None = None,
              name: str | None = None) -> "TableSession":
        """A new game in the store (physical dice with no seed: set-up rolls go in `dice`)."""
        return cls(store.new_game(rules, options, seed, dice, name, dice_mode), lang)

    @classmethod
    def resume(cls, store: Store, game_id: str, lang: str = "en") -> "TableSession":
        """An existing game (StoreError subclasses say why it cannot be opened)."""
        return cls(store.open_game(game_id), lang)

    # --- reading ------------------------------------------------------------------------------

    @property
    def state(self) -> dict:
        """The state at the current log position (a copy)."""
        return self.game.session.state

    @property
    def position(self) -> int:
        return self.game.session.position

    @property
    def recovered(self) -> str | None:
        """What loading had to drop (a torn journal line), to tell the players once."""
        return self.game.recovered

    def legal_actions(self) -> list[dict]:
        return self.game.session.legal_actions()

    def goto_preview(self, index: int) -> dict:
        """What going to log entry `index` means at the table, to say before and after it:

        - `back`: whether it goes back (an undo) rather than forward (a redo);
        - `seen_dice`: "rolled" when entries it undoes hold dice the app rolled (the players saw
          them: a different action from there rolls new dice, forge.engine.core's reseed),
          "entered" when they hold only dice rolled at the table, else None;
        - `changes`: the game's `table_changes` from the table now to the table at `index`, in
          the players' language (None when the game cannot tell);
        - `places`: the provinces and seas concerned, for a map to ring (the game's
          `changed_places`, when its engine exports one; else empty).
        """
        session = self.game.session
        if not 0 <= index < len(session.entries):
            raise IndexError(f"the log has entries 0 to {len(session.entries) - 1}")
        undone = session.entries[index + 1:session.position + 1]
        sources = {r.get("source") for entry in undone for r in entry["rolls"]}
        seen = "rolled" if "rolled" in sources else "entered" if "entered" in sources else None
        changes: list[str] | None = None
        table = table_changes_for(self.game.rules.name)
        if table is not None:
            changes = []
        if table is not None and index != session.position:
            names = getattr(self.describe, "names", None)
            changes = table(session.states[session.position], session.states[index],
                            self.translator, names(self.translator) if names else None)
        places: list[str] = []
        engine = engine_for(self.game.rules.name)
        ringed = getattr(engine.module, "changed_places", None) if engine else None
        if ringed is not None and index != session.position:
            places = ringed(session.states[session.position], session.states[index])
        return {"index": index, "back": index < session.position, "seen_dice": seen,
                "changes": changes, "places": places}

    def log(self) -> list[dict]:
        """Every log entry: index, action, rolls, events in words, whether it is undone, and
        whether its dice are new ones after an undo over dice already seen (`new_dice`)."""
        session = self.game.session
        out = []
        for index, entry in enumerate(session.entries):
            words = []
            for event in entry["events"]:
                if self.describe is None:
                    words.append(event.get("kind", ""))
                else:
                    words.append(self.describe(event, self.translator))
            out.append({"index": index, "action": entry["action"], "rolls": entry["rolls"],
                        "events": entry["events"], "words": words,
                        "undone": index > session.position,
                        "new_dice": entry.get("reseed") is not None})
        return out

    # --- changing (each durable on return) ----------------------------------------------------

    def act(self, action: dict, dice: list[int] | None = None) -> dict:
        """Apply an action; in physical mode every die must be given (else NeedRoll)."""
        entry = self.game.act(action, dice, physical=self.dice_mode == "physical")
        self._save_progress()
        return entry

    def undo(self, steps: int = 1) -> None:
        self.game.undo(steps)
        self._save_progress()

    def redo(self, steps: int = 1) -> None:
        self.game.redo(steps)
        self._save_progress()

    def goto(self, index: int) -> None:
        self.game.goto(index)
        self._save_progress()

    # --- settings and life cycle --------------------------------------------------------------

    @property
    def dice_mode(self) -> str:
        return self.game.meta.get("dice_mode", "app")

    @dice_mode.setter
    def dice_mode(self, mode: str) -> None:
        if mode not in DICE_MODES:
            raise ValueError(f"dice mode is one of {DICE_MODES}, not {mode!r}")
        if mode == "app" and self.game.session.seed is None:
            raise ValueError("this game has no dice generator: its dice are physical")
        self.game.save_meta(dice_mode=mode)

    def set_language(self, lang: str) -> None:
        """Words of the log in another language (English where a translation is missing)."""
        self.lang = lang
        self.translator = Translator(lang, strict=False)
        self.game.store.tr = self.translator        # the store's messages follow

    def pause(self) -> None:
        """Snapshot now (App.on_pause and App.on_stop: after on_pause, on_resume may not come)."""
        self.game.snapshot()

    stop = pause
