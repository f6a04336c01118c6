"""The set-up guide: what to put where on the real board, one group of pieces at a time.

One guide for every game: a game's `<short name>_guide` screen is this one (companion.app). The
steps come from the game's engine (`forge.engine.<package>.guide.setup_guide(entry, state, tr)`,
read from the log's set-up entry); each has a title, words, lines and the places it concerns. A
game whose set-up screen module gives `guide_map()` (a map widget with `state` and `highlight`)
shows its map beside the words, the step's places highlighted and the board as it stands once
the step is done; a game without a map shows the words alone.

The players tick each step done (the big button), or tap a step's number to see it again; "Start
playing" opens the game's main screen. The progress is kept in the game's meta (`guide`: the
ticked step ids, the step shown, whether it was closed), so it survives Home and a kill; the guide
can be opened again until the first action (companion.screens.base).
"""
from __future__ import annotations

from kivy.app import App
from kivy.core.text import Label as CoreLabel
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    StringProperty,
)
from kivy.utils import escape_markup

from companion.screens.base import GameScreen, guide_meta, guide_module


class GuideScreen(GameScreen):
    """The steps of setting the real board up, a map of each (if the game has one), and ticks."""

    steps = ListProperty([])            # the engine's steps, in the players' language
    done = ListProperty([])             # ids of the steps ticked done
    step_index = NumericProperty(0)
    heading = StringProperty("")        # "Set-up · step 2 of 6"
    step_text = StringProperty("")      # the step's title, words and lines (markup)
    place_text = StringProperty("")     # the province tapped on the map, in words
    has_map = BooleanProperty(False)
    map_ratio = NumericProperty(0.65)   # the map's height / width
    map = None                          # the game's map widget, if it has one
    chips: tuple | list = ()            # the step-number buttons, in order
    text_size_sp = StringProperty("18sp")   # the step's words: larger on a tablet
    line_size_sp = StringProperty("16sp")   # the step's lines (one a piece)
    compact = BooleanProperty(True)     # a phone: smaller lines, the title in the words

    # --- opening and drawing -----------------------------------------------------------------

    def reset(self) -> None:
        guide = guide_meta(self.session) or {}
        done = guide.get("done")
        self.done = [d for d in done if isinstance(d, str)] if isinstance(done, list) else []
        step = guide.get("step", 0)
        self.step_index = step if isinstance(step, int) and step >= 0 else 0
        self.place_text = ""
        self._add_map()

    def _add_map(self) -> None:
        """The game's map, from its set-up module's `guide_map()` (once a game)."""
        from companion.app import game_module

        box = self.ids.map_box
        game = game_module(self.session.game.rules.name)
        factory = getattr(game, "guide_map", None)
        if self.map is not None and getattr(self.map, "game", None) == self.session.game.rules.name:
            return
        box.clear_widgets()
        self.map = factory() if factory else None
        self.has_map = self.map is not None
        if self.map is not None:
            self.map.game = self.session.game.rules.name
            self.map_ratio = getattr(self.map, "ratio", 0.65)
            if hasattr(self.map, "on_province"):
                self.map.bind(on_province=lambda _w, place: self.show_place(place))
            box.add_widget(self.map)

    def refresh(self) -> None:
        """The steps in the app's language, the step shown, its map and the ticks."""
        session = self.session
        if session is None:
            return
        session.set_language(App.get_running_app().tr.lang)
        guide = guide_module(session.game.rules.name)
        entry = session.game.session.entries[0]
        state = session.game.session.states[0]
        self.steps = guide.setup_guide(entry, state, session.translator) if guide else []
        if not self.steps:
            return
        self.step_index = min(self.step_index, len(self.steps) - 1)
        self.show_step()

    def show_step(self) -> None:
        tr = App.get_running_app().tr
        step = self.steps[self.step_index]
        ticked = step["id"] in self.done
        self.heading = tr._("Set-up · step {step} of {steps}").format(
            step=self.step_index + 1, steps=len(self.steps))
        title = escape_markup(step["title"])
        if ticked:
            title += " · " + escape_markup(tr._("done"))
        gap = " · " if self.compact else "\n"      # a phone: the title runs into the words
        self.step_text = f"[b]{title}[/b]{gap}" + escape_markup(step["text"])
        self.build_lines(step["lines"])
        self.build_chips()
        self.ids.done.text = self.done_text()
        if self.map is not None:
            if "state" in step:
                self.map.state = step["state"]
            self.map.highlight = list(step["places"])
        self.ids.scroll.scroll_y = 1

    def on_size(self, *_args):
        self.compact = min(self.width, self.height) < 600
        self.text_size_sp = "18sp" if self.compact else "22sp"
        self.line_size_sp = "17sp" if self.compact else "22sp"
        if self.steps:
            self.show_step()

    def on_kv_post(self, base):
        super().on_kv_post(base)
        self.ids.lines.bind(width=lambda *_: self.fit_columns())

    def build_lines(self, lines: list[str]) -> None:
        """The step's lines, one a piece, in one or two columns (`fit_columns`)."""
        grid = self.ids.lines
        grid.clear_widgets()
        for line in lines:
            label = Factory.Label(text="• " + line, color=App.get_running_app().theme.ink,
                                  font_size=self.line_size_sp, size_hint_y=None,
                                  halign="left", valign="top")
            label.bind(width=lambda w, value: setattr(w, "text_size", (value, None)),
                       texture_size=lambda w, value: setattr(w, "height", value[1]))
            measure = CoreLabel(text=label.text, font_size=label.font_size)
            measure.refresh()
            label.natural_width = measure.texture.size[0]
            grid.add_widget(label)
        self.fit_columns()

    def fit_columns(self) -> None:
        """Two columns when every line fits half the width (a phone shows the six Revolt
        discs in three rows), else one."""
        grid = self.ids.lines
        labels = grid.children
        if not labels:
            return
        widest = max(label.natural_width for label in labels)
        grid.cols = 2 if widest * 2 + dp(16) < grid.width else 1

    def done_text(self) -> str:
        """What the big button does now: tick this step (and show the next), or play."""
        tr = App.get_running_app().tr
        if len(self.done) >= len(self.steps) and self.steps[self.step_index]["id"] in self.done:
            return tr._("All done: start playing")
        if self.step_index >= len(self.steps) - 1:
            return tr._("Step done")
        return tr._("Done: next step")

    def build_chips(self) -> None:
        """One button a step, numbered; filled once ticked, the one shown outlined."""
        row = self.ids.chips
        if len(self.chips) != len(self.steps) or any(c.parent is not row for c in self.chips):
            row.clear_widgets()
            self.chips = []
            for index in range(len(self.steps)):
                chip = Factory.GuideChip(text=str(index + 1))
                chip.index = index
                chip.bind(on_release=lambda c: self.go_to(c.index))
                row.add_widget(chip)
                self.chips.append(chip)
        for index, chip in enumerate(self.chips):
            chip.ticked = self.steps[index]["id"] in self.done
            chip.current = index == self.step_index

    def show_place(self, place: str) -> None:
        """A place tapped on the map, in words (its name and, on a board of coordinates,
        where it is)."""
        names = getattr(self.map, "place_words", None)
        self.place_text = names(place, self.session) if names else place

    # --- the players' taps --------------------------------------------------------------------

    def go_to(self, index: int) -> None:
        """Show another step."""
        self.step_index = index
        self.place_text = ""
        self.save()
        self.show_step()

    def tick(self) -> None:
        """This step is done on the real board: ticked, and the next step not yet done shown;
        once every step is ticked, the game begins."""
        step = self.steps[self.step_index]
        if step["id"] in self.done and len(self.done) >= len(self.steps):
            self.start_playing()
            return
        if step["id"] not in self.done:
            self.done = list(self.done) + [step["id"]]
        ahead = [i for i in range(self.step_index + 1, len(self.steps))
                 if self.steps[i]["id"] not in self.done]
        waiting = ahead or [i for i, s in enumerate(self.steps) if s["id"] not in self.done]
        if waiting:
            self.step_index = waiting[0]
        self.place_text = ""
        self.save()
        self.show_step()

    def start_playing(self) -> None:
        """The guide is closed (it can be opened again until the first action): the game's main
        screen."""
        from companion.app import game_module

        self.save(closed=True)
        self.show_screen(game_module(self.session.game.rules.name).MAIN_SCREEN)

    def go_home(self) -> None:
        self.save()
        App.get_running_app().show("home")

    def save(self, closed: bool | None = None) -> None:
        """The guide's progress in the game's meta (written at once: it survives a kill)."""
        guide = dict(guide_meta(self.session) or {})
        guide.update(done=list(self.done), step=int(self.step_index))
        if closed is not None:
            guide["closed"] = closed
        guide.setdefault("closed", False)
        try:
            self.session.game.save_meta(guide=guide)
        except OSError:                 # only progress: the game itself is saved
            pass


SCREEN = GuideScreen
