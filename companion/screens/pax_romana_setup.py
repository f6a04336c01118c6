"""PAX ROMANA set-up: the powers in play (2-4) and their players, the game format, the optional
rules of its game (options.yaml, each with its description), the readings of the rules where
the text is damaged or contradicts itself (each with its ruling), and the scenario's facts the
text does not give (the first and last turns, each power's starting Talents, stability and VP),
entered by the table from its scenario sheet. The order of play is the order the powers are
listed in (tap a power's arrow to move it up). Start sends the choices as the engine's set-up
options; the engine refuses what it must and its words are shown.

The game's door for the app (companion.app): its main screen, the resume list's words and an
action in the log's words.
"""
from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp

from companion.screens.base import SetupScreen
from companion.screens.pax_romana_names import (
    action_label,
    names,
    reading_value_words,
    tables,
)
from companion.widgets import (
    Counter,
    caption,
    choice,
    choice_grid,
    row,
    secondary,
    text_field,
)

GAME = "pax-romana"
GAME_NAME = "Pax Romana"
MAIN_SCREEN = "pax_romana_books"


def progress_text(progress: dict, tr) -> str:
    """'Turn 3 · Activation · Rome leads'."""
    if progress.get("phase") == "over":
        return tr._("Game over")
    n = names(tr)
    text = tr._("Turn {number} · {phase}").format(number=progress.get("turn"),
                                                   phase=n.phase(progress.get("phase")))
    if progress.get("leader"):
        text += " · " + tr._("{power} leads").format(power=n.power(progress["leader"]))
    return text


def player_name(who: str, tr) -> str:
    return names(tr).power(who)


def action_words(action: dict, session) -> str:
    return action_label(action, session.translator)


class PaxRomanaSetupScreen(SetupScreen):
    """Powers, players, format, turns and the scenario's starting books; Start opens the
    books."""

    game = GAME

    def on_kv_post(self, _base):
        app = App.get_running_app()
        t = tables()
        self.chosen = list(t.powers)
        self.order = list(t.powers)
        self.format = "advanced"
        self.optional = {}
        self.readings = {}
        self.first_turn = 1
        self.typed = {}
        self.counters = {}
        self.parts = {}
        self.build()
        app.tr.bind(lang=lambda *_: self.build())

    def on_pre_enter(self, *_):
        self.ids.message.text = ""

    def build(self) -> None:
        tr = App.get_running_app().tr
        n = names(tr)
        t = tables()
        for power, field in getattr(self, "name_inputs", {}).items():
            self.typed[power] = field.text
        kept = {key: c.value for key, c in self.counters.items()}
        box = self.ids.parts
        box.clear_widgets()
        add = box.add_widget
        add(Factory.Section(text=tr._("Powers in play")))
        self.parts["powers"] = grid = choice_grid(
            [(p, n.power(p)) for p in t.powers], "pax-powers", None, self.toggle_power, cols=2)
        for power, button in grid.buttons.items():
            button.group = None
            button.state = "down" if power in self.chosen else "normal"
        add(grid)
        add(Factory.Section(text=tr._("Players, in the order of play")))
        self.name_inputs, self.up_buttons = {}, {}
        for index, power in enumerate(p for p in self.order if p in self.chosen):
            field = text_field(tr._("Player of {power}").format(power=n.power(power)),
                               self.typed.get(power, ""))
            field.height = dp(App.get_running_app().theme.button_dp)
            self.name_inputs[power] = field
            up = secondary("↑", lambda p=power: self.move_up(p), role="up")
            up.size_hint_x, up.width = None, dp(52)
            up.disabled = index == 0
            self.up_buttons[power] = up
            add(row(field, up))
        add(Factory.Section(text=tr._("Game")))
        self.parts["format"] = choice_grid(
            [(key, n.game_text(entry["name"], f"turn/formats/{key}/name"))
             for key, entry in t.formats.items()], "pax-format", self.format,
            self.choose_format, cols=2)
        add(self.parts["format"])
        self.build_optional(add, tr)
        self.build_readings(add, tr)
        add(Factory.Section(text=tr._("The scenario (from its sheet)")))
        self.counters = {}
        self.counters["first_turn"] = Counter(tr._("First turn"), 1, 10, 1,
                                              kept.get("first_turn", 1))
        add(self.counters["first_turn"])
        self.counters["last_turn"] = Counter(tr._("Last turn (0: the format's)"), 0, 10, 1,
                                             kept.get("last_turn", 0))
        add(self.counters["last_turn"])
        for power in (p for p in self.order if p in self.chosen):
            add(caption(n.power(power)))
            for key, text, low, high in (("treasury", tr._("Talents"), 0, 200),
                                         ("stability", tr._("Stability"), -20, 20),
                                         ("vp", tr._("Victory points"), 0, 200)):
                counter = Counter(text, low, high, 1, kept.get(f"{key}:{power}", 0))
                self.counters[f"{key}:{power}"] = counter
                add(counter)

    def build_optional(self, add, tr) -> None:
        """The optional rules of the chosen game: a switch each (a choice of values for the
        event markers), with what it does and its rule."""
        n = names(tr)
        add(Factory.Section(text=tr._("Optional rules")))
        self.parts["optional"] = {}
        for rule in self.shown_rules():
            rule_id, value = rule["id"], self.rule_value(rule)
            if "values" in rule:
                add(caption(n.optional_rule(rule_id)))
                widget = choice_grid([(v, str(v)) for v in rule["values"]],
                                     f"pax-rule-{rule_id}", value,
                                     lambda v, r=rule_id: self.optional.__setitem__(r, v),
                                     cols=len(rule["values"]))
            else:
                widget = choice(n.optional_rule(rule_id), bool(value), lambda: None,
                                role=f"rule-{rule_id}")
                widget.shorten = True
                widget.bind(state=lambda b, state, r=rule_id: self.optional.__setitem__(
                    r, state == "down"))
            self.parts["optional"][rule_id] = widget
            add(widget)
            about = tr._("Rule {rule}").format(rule=rule["rule"])
            if rule.get("text"):
                about = n.game_text(rule["text"], f"options/optional_rules/{rule_id}/text") + \
                    " (" + about + ")"
            add(caption(about))

    def build_readings(self, add, tr) -> None:
        """Each reading of the rules: what it decides, its ruling, and its values to pick."""
        n = names(tr)
        add(Factory.Section(text=tr._("Readings of the rules")))
        self.parts["readings"] = {}
        for reading_id, reading in tables().readings.items():
            add(caption(tr._("{text} (ruling {ruling})").format(
                text=n.game_text(reading["text"], f"options/readings/{reading_id}/text"),
                ruling=reading["ruling"])))
            values = reading["values"]
            numbers = all(isinstance(v, int) and not isinstance(v, bool) for v in values)
            grid = choice_grid([(v, reading_value_words(v, tr)) for v in values],
                               f"pax-reading-{reading_id}",
                               self.readings.get(reading_id, reading["default"]),
                               lambda v, r=reading_id: self.readings.__setitem__(r, v),
                               cols=len(values) if numbers else 2, wrap=not numbers)
            self.parts["readings"][reading_id] = grid
            add(grid)

    def game_kind(self) -> str:
        """The chosen format's game: standard or advanced."""
        return tables().formats[self.format]["game"]

    def shown_rules(self) -> list[dict]:
        """The optional rules that belong to the chosen format's game."""
        game = self.game_kind()
        return [rule for rule in tables().optional_rules.values()
                if not (rule.get("advanced_only") and game != "advanced")
                and not (rule.get("standard_only") and game != "standard")]

    def rule_value(self, rule: dict):
        """An optional rule as chosen, or its default in the chosen game."""
        if rule["id"] in self.optional:
            return self.optional[rule["id"]]
        if "default" in rule:
            return rule["default"]
        return rule["default_advanced" if self.game_kind() == "advanced" else "default_standard"]

    def choose_format(self, key: str) -> None:
        self.format = key
        self.build()

    def toggle_power(self, power: str) -> None:
        if power in self.chosen:
            self.chosen.remove(power)
        else:
            self.chosen.append(power)
        self.build()

    def move_up(self, power: str) -> None:
        shown = [p for p in self.order if p in self.chosen]
        index = shown.index(power)
        if index:
            shown[index - 1], shown[index] = shown[index], shown[index - 1]
            self.order = shown + [p for p in self.order if p not in shown]
            self.build()

    def powers(self) -> list[str]:
        return [p for p in self.order if p in self.chosen]

    def options(self) -> dict:
        powers = self.powers()
        players = {p: (self.name_inputs[p].text.strip() or names(App.get_running_app().tr)
                       .power(p)) for p in powers}
        options = {"powers": powers, "players": players, "format": self.format,
                   "order": powers, "first_turn": self.counters["first_turn"].value}
        if self.counters["last_turn"].value:
            options["last_turn"] = self.counters["last_turn"].value
        for key in ("treasury", "stability", "vp"):
            options[key] = {p: self.counters[f"{key}:{p}"].value for p in powers}
        shown = {rule["id"] for rule in self.shown_rules()}
        optional = {k: v for k, v in self.optional.items() if k in shown}
        if optional:
            options["optional"] = optional
        if self.readings:
            options["readings"] = dict(self.readings)
        return options

    def start(self) -> None:
        session = self.start_game(name=GAME_NAME)
        if session is not None:
            self.open_new(session)


SCREEN = PaxRomanaSetupScreen
