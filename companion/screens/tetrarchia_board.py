"""Tetrarchia at the table: the board as it stands, whose turn, PI left, and the legal actions.

Everything comes from companion.session: the state to draw, `legal_actions()` for the buttons,
`act()` to play one, the engine's own message when it refuses, NeedRoll's die when real dice must
be entered, and the log's words to show what the barbarian phase did on the board.
"""
from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.popup import Popup
from kivy.uix.scrollview import ScrollView

from companion.screens.tetrarchia_boardview import BoardView  # noqa: F401  (the .kv uses it)
from companion.screens.base import GameScreen
from companion.theme import rgba
from companion.widgets import dialog, grow_with_text, scrolled
from forge.engine.tetrarchia.labels import action_label

HINTS = ("cost", "discs", "gain")       # what a legal action tells the player, not the engine


def names_for(session):
    """Names of emperors, provinces and seas in the session's language (the log's own names)."""
    from forge.engine.tetrarchia.words import Names

    return Names(session.translator)


def attack_text(action: dict, odds: dict, tr, names) -> str:
    """'Attack NARBONENSIS · 2 PI · win 67 %: (VI+3)×2 against 6+7'."""
    from companion.screens.tetrarchia_odds import percent, values_text

    roman, army = values_text(odds)
    return action_label(action, tr, names) + " · " + tr._(
        "win {percent} %: {roman} against {army}").format(
        percent=percent(odds["win"]), roman=roman, army=army)


def province_details(state: dict, province: str, names, tr) -> tuple[str, list[str]]:
    """A province's name (with its coordinate) and lines of details: region, what it holds,
    capital or ROMA, coastal seas, links. Board facts from the engine's tables, pieces from
    the state."""
    from forge.engine.tetrarchia.data import tables

    t, _ = tables(), tr._
    name = names.province(province)
    region = t.region_of.get(province, "")
    title = name
    lines = []
    if province in t.roman and t.region_index.get(region, 0):
        title = f"{name} ({t.coordinate(province)})"
        lines.append(_("Coordinate: {coordinate}").format(coordinate=t.coordinate(province)))
    if province in t.frontier:
        lines.append(_("Frontier"))
    if region:
        lines.append(_("Region: {region}").format(region=names.region(region)))
    disc = (state.get("discs") or {}).get(province)
    figure = (state.get("figures") or {}).get(province)
    held = []
    if disc:
        held.append(names.disc(disc))
    if figure == "army":
        held.append(_("a barbarian army"))
    elif figure:
        held.append(names.emperor(figure))
    for emperor, where in (state.get("emperors") or {}).items():
        if where.get("at") == province and emperor != figure:
            held.append(_("{emperor} passing through").format(emperor=names.emperor(emperor)))
    lines.append(_("Holds: {pieces}").format(pieces=", ".join(held) if held else _("nothing")))
    owner = t.capital_owner.get(province)
    if owner:
        lines.append(_("Capital of {emperor}").format(emperor=names.emperor(owner)) + " · " +
                     (_("painted disc covered") if disc else _("painted disc showing")))
    if province == t.roma:
        lines.append(_("ROMA: the four-colour disc counts for every emperor") + " · " +
                     (_("painted disc covered") if disc else _("painted disc showing")))
    seas = t.coast.get(province) or ()
    if seas:
        lines.append(_("Coast of: {seas}").format(seas=", ".join(names.sea(s) for s in seas)))
    links = [names.province(n) + ("" if t.kind(province, n) == "normal" else
                                  " (" + _("broken link") + ")")
             for n in t.neighbours.get(province, ())]
    if links:
        lines.append(_("Links: {links}").format(links=", ".join(links)))
    return title, lines


def province_actions(state: dict, actions: list[dict], province: str) -> list[dict]:
    """The legal actions that concern a province: entering it, moving to it, attacking it, and
    protecting or subduing there when the emperor whose turn it is stands in it."""
    turn = state.get("turn")
    here = ((state.get("emperors") or {}).get(turn) or {}).get("at") == province
    out = []
    for action in actions:
        kind = action.get("type")
        if (kind == "enter" and action.get("province", "ROMA") == province) or \
                (kind == "move" and action.get("to") == province) or \
                (kind == "attack" and action.get("target") == province) or \
                (kind in ("protect", "subdue") and here):
            out.append(action)
    return out


ADVANCE_ENDS = ("move", "block", "combat")      # what ends one army's step in the advance


def barbarian_steps(entry: dict) -> list[dict]:
    """An end_turn log entry's events and words grouped into the barbarian phase's steps, in
    order: the State of the Empire, each roll with its result, an uprising with its aftermath,
    each army's advance. Each step: `kind` (state, roll, uprising, advance), `events`, `words`,
    `dice` [(die, value)]. Every event of the entry is in exactly one step, in order."""
    steps: list[dict] = []
    section, army = "state", None       # army: the provinces of the army now advancing

    def start(kind):
        steps.append({"kind": kind, "events": [], "words": [], "dice": []})

    for event, words in zip(entry["events"], entry["words"]):
        kind = event.get("kind")
        if kind == "step":
            section = event.get("step")
            if section == "advance":
                start("advance")
                army = None
        elif section != "advance":
            if kind == "roll" and event.get("purpose") == "state_region":
                start("roll")
            elif kind == "uprising" and (not steps or steps[-1]["kind"] != "uprising"):
                start("uprising")
        else:
            where = _army_of(event)
            if where is not None:
                if army is not None and not (where & army):
                    start("advance")
                    army = set()
                army = (army or set()) | where
        if not steps:
            start("state")
        step = steps[-1]
        step["events"].append(event)
        step["words"].append(words)
        if kind == "roll":
            step["dice"].append((event.get("die"), event.get("value")))
    return steps


def _army_of(event: dict) -> set | None:
    """The provinces of the army an advance event is about (None: not about one army)."""
    kind = event.get("kind")
    if kind == "roll" and event.get("purpose") == "broken_link":
        return set(event.get("between") or ())
    if kind == "link":
        return set(event.get("between") or ())
    if kind == "move" and event.get("piece") == "army":
        return {event.get("from"), event.get("to")}
    if kind == "block":
        return {event.get("army"), event.get("to")}
    if kind == "combat" and event.get("attacker") == "army":
        return {event.get("army_at"), event.get("emperor_at")}
    return None


class TetrarchiaBoardScreen(GameScreen):
    """The board, the header, the message panel, the dice pad and the legal actions."""

    round_text = StringProperty("")
    emperor_text = StringProperty("")
    emperor_colour = ListProperty([0, 0, 0, 1])
    pi_text = StringProperty("")
    need = ObjectProperty(None, allownone=True)    # (action, dice so far, die) while rolling
    pi = NumericProperty(0)
    popup = None            # the open details or attack confirmation, for tests
    steps = ListProperty([])    # the barbarian phase's steps still being walked through
    step_index = NumericProperty(0)
    step_button = None      # "Done: next" / "Done" while walking through the steps

    def on_kv_post(self, base):
        super().on_kv_post(base)
        from companion.app import game_folder

        self.ids.board.load(game_folder("tetrarchia", App.get_running_app().content_dir).parent)
        self.ids.board.bind(on_province=lambda _w, province: self.show_province(province))

    def reset(self) -> None:
        self.need = None
        self.steps = []

    def on_language(self) -> None:
        if self.session is not None:
            self.session.set_language(App.get_running_app().tr.lang)
            if self.steps:          # the steps' words in the new language, same step shown
                self.steps = barbarian_steps(self.session.log()[self.session.position])
            self.refresh()

    # --- showing ------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Header, board and action buttons from the session's current state."""
        app = App.get_running_app()
        tr, session = app.tr, self.session
        if session is None:
            return
        session.set_language(tr.lang)
        state, names = session.state, names_for(session)
        self.ids.board.state = state
        self.round_text = tr._("Round {round}").format(round=state.get("round", 1))
        turn = state.get("turn")
        self.emperor_text = names.emperor(turn) if turn else ""
        colour = self.ids.board.geometry.get("emperors", {}).get(turn, {}).get("color", "#2a2118")
        self.emperor_colour = list(rgba(colour))
        self.pi = state.get("pi", 0)
        self.pi_text = tr._("{pi} PI").format(pi=self.pi)
        outcome = state.get("outcome")
        if outcome:
            if outcome.get("result") == "victory":
                self.round_text = tr._("Victory")
            else:
                self.round_text = tr._("Defeat")
        self.build_actions()
        self.build_dice()

    def build_actions(self) -> None:
        """One big button per legal action; buttons are reused, not rebuilt, after each tap."""
        app = App.get_running_app()
        names = names_for(self.session)
        box = self.ids.actions
        if self.step_button is not None and self.step_button.parent is box:
            box.remove_widget(self.step_button)
        if self.steps:
            box.clear_widgets()
            self.show_step()
            return
        actions = self.session.legal_actions()
        buttons = list(reversed(box.children))          # in the order they are shown
        while len(buttons) < len(actions):
            buttons.append(self._action_button(box))
        for extra in buttons[len(actions):]:
            box.remove_widget(extra)
        for button, action in zip(buttons, actions):
            if action.get("type") == "attack":
                button.text = attack_text(action, self.odds(action), app.tr, names)
            else:
                button.text = action_label(action, app.tr, names)
            button.action = action
        box.parent.scroll_y = 1

    def _action_button(self, box):
        """A new action button, added at the end of the list."""
        button = grow_with_text(Factory.BigButton())
        button.bind(on_release=lambda b: self.choose(b.action))
        box.add_widget(button)
        return button

    def build_dice(self) -> None:
        """The face buttons while the engine waits for a die entered from the table."""
        row = self.ids.dice_row
        row.clear_widgets()
        if self.need is None:
            row.height = 0
            return
        row.height = dp(App.get_running_app().theme.button_dp)
        _action, _dice, die = self.need
        for value, face in enumerate(die_faces(die), start=1):
            button = Factory.BigButton(text=face)
            button.bind(on_release=lambda _b, v=value: self.enter_die(v))
            row.add_widget(button)

    # --- details and confirmation --------------------------------------------------------------

    def odds(self, action: dict) -> dict:
        from companion.screens.tetrarchia_odds import fight_odds

        return fight_odds(self.session.state, action["target"])

    def _popup(self, title: str, body: str, buttons: list, listed: list = ()) -> Popup:
        """A popup with scrollable text (and `listed` big buttons under it, one a line) and a
        row of big buttons, inside a phone's screen."""
        app = App.get_running_app()
        text = Factory.Body(text=body, color=app.theme.accent_ink, font_size="18sp")
        if listed:
            text.size_hint_y = None
            text.bind(width=lambda w, width: setattr(w, "text_size", (width, None)),
                      texture_size=lambda w, size: setattr(w, "height", size[1]))
            scroll = scrolled(text, *listed)
        else:
            scroll = ScrollView(do_scroll_x=False)
            scroll.add_widget(text)
        self.popup = dialog(title, [scroll], buttons, title_size="20sp", size_hint=(0.94, 0.7))
        self.popup.open()
        return self.popup

    def close_popup(self) -> None:
        if self.popup is not None:
            self.popup.dismiss(animation=False)     # gone at once: the next tap reaches the list
            self.popup = None

    def show_province(self, province: str) -> None:
        """A tapped province's details: name, coordinate, region, pieces, capital, seas, links."""
        if self.session is None:
            return
        app = App.get_running_app()
        title, lines = province_details(self.session.state, province, names_for(self.session),
                                        app.tr)
        close = Factory.BigButton(text=app.tr._("Close"))
        close.bind(on_release=lambda *_: self.close_popup())
        listed = []
        if not self.steps and self.need is None:
            names = names_for(self.session)
            for action in province_actions(self.session.state, self.session.legal_actions(),
                                           province):
                button = grow_with_text(Factory.BigButton(text=action_label(action, app.tr,
                                                                           names)))
                button.action = action
                button.bind(on_release=lambda b: (self.close_popup(), self.choose(b.action)))
                listed.append(button)
        popup = self._popup(title, "\n".join(lines), [close], listed)
        popup.province, popup.close, popup.actions = province, close, listed

    def choose(self, action: dict) -> None:
        """A tapped action: attacks first show their odds and ask; the rest are played."""
        if action.get("type") != "attack":
            self.play(action)
            return
        from companion.screens.tetrarchia_odds import percent, values_text

        app = App.get_running_app()
        tr, names = app.tr, names_for(self.session)
        odds = self.odds(action)
        roman, army = values_text(odds)
        body = "\n".join([
            action_label(action, tr, names),
            tr._("Emperor {roman} against army {army}").format(roman=roman, army=army),
            tr._("Win {win} % · tie {tie} % · lose {lose} %").format(
                win=percent(odds["win"]), tie=percent(odds["tie"]), lose=percent(odds["lose"]))])
        cancel = Factory.BigButton(text=tr._("Cancel"))
        attack = Factory.BigButton(text=tr._("Attack"))
        cancel.bind(on_release=lambda *_: self.close_popup())
        attack.bind(on_release=lambda *_: (self.close_popup(), self.play(action)))
        popup = self._popup(tr._("Attack?"), body, [cancel, attack])
        popup.yes, popup.no = attack, cancel

    # --- playing ------------------------------------------------------------------------------

    def play(self, action: dict, dice: list[int] | None = None) -> bool:
        """Apply an action (without the hints of a legal action); say why if the engine
        refuses; ask for a die if one is needed."""
        return super().play({k: v for k, v in action.items() if k not in HINTS}, dice)

    def need_roll(self, action: dict, dice: list[int] | None, need) -> None:
        """Real dice: the face buttons of the die the engine waits for."""
        self.need = (action, list(dice or []), need.die)
        self.message = self.tr._("Roll the {die} die ({reason}) and tap its result.").format(
            die=need.die, reason=need.reason)
        self.build_dice()

    def refused(self, action: dict, error: Exception) -> None:
        self.need = None
        super().refused(action, error)
        self.build_dice()

    def played(self, action: dict, entry: dict | None) -> None:
        """The log's words for the action; after an end of turn, the barbarian phase step by
        step; the end screen once the game is over."""
        self.need = None
        last = self.session.log()[-1] if entry is not None else None
        words = last["words"] if last is not None else []
        steps = barbarian_steps(last) if last is not None and \
            action.get("type") == "end_turn" else []
        if steps:
            self.steps, self.step_index = steps, 0
        else:
            self.steps = []
            self.message = "\n".join(words)
        self.refresh()
        self.ids.info.scroll_y = 1
        if self.session.state.get("outcome"):
            self.show_end()

    # --- the barbarian phase, step by step ----------------------------------------------------

    def step_text(self, index: int) -> str:
        """'Step 2 of 5', the dice rolled and the changes to make, in the players' language."""
        tr = App.get_running_app().tr
        step = self.steps[index]
        lines = [tr._("Barbarian phase: mirror these changes on the board.") + " " +
                 tr._("Step {step} of {steps}").format(step=index + 1, steps=len(self.steps))]
        if step["dice"]:
            lines.append(tr._("Dice rolled: {dice}").format(
                dice=", ".join(f"{die} → {value}" for die, value in step["dice"])))
        return "\n".join(lines + step["words"])

    def show_step(self) -> None:
        """The current step in the message panel and its button in place of the actions."""
        app = App.get_running_app()
        tr = app.tr
        if self.step_button is None:
            self.step_button = grow_with_text(Factory.BigButton())
            self.step_button.bind(on_release=lambda *_: self.next_step())
        last = self.step_index >= len(self.steps) - 1
        self.step_button.text = tr._("Done") if last else tr._("Done: next")
        if self.step_button.parent is not None:
            self.step_button.parent.remove_widget(self.step_button)
        self.ids.actions.add_widget(self.step_button)
        self.message = self.step_text(self.step_index)
        self.ids.info.scroll_y = 1
        self.ids.actions.parent.scroll_y = 1

    def next_step(self) -> None:
        """The players have made this step's changes: the next one, or back to the actions."""
        if not self.steps:
            return
        if self.step_index < len(self.steps) - 1:
            self.step_index += 1
            self.show_step()
            return
        self.steps = []
        self.message = ""
        self.ids.actions.remove_widget(self.step_button)
        self.build_actions()

    def show_end(self) -> None:
        self.show_screen("tetrarchia_end")

    def enter_die(self, value: int) -> None:
        """A die entered from the table: retry the waiting action with it."""
        if self.need is None:
            return
        action, dice, _die = self.need
        self.play(action, dice + [value])

    def show_log(self) -> None:
        self.show_screen("tetrarchia_log")


SCREEN = TetrarchiaBoardScreen


def die_faces(rules_name: str) -> tuple[str, ...]:
    """The face labels of the die the rules call `rules_name`, from the game's content."""
    from companion.dice import game_dice

    for die in game_dice("tetrarchia"):
        if die.rules_name == rules_name:
            return die.faces
    return tuple(str(n) for n in range(1, 7))
