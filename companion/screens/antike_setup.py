"""ANTIKE set-up: the side of the board, the players in seat order, who plays which
civilization (the side's pairs with 2 players), the start player, the options where readings of
the rulebook differ (city cap, the cost of a full turn of the rondel, personalities to win with 3
civilizations, what Citizens count) and the rondel's order as on the table's board.

The rondel's order is remembered in the app's settings (`antike_rondel`), so the next game starts
with the table's board; it can be changed during a game too (the books' table entries). The start
cities are entered on the books once the game is set up (the civilization cards print them, the
text does not). Start sends the choices as the engine's set-up options; the engine refuses what it
must and its words are shown.

The game's door for the app (companion.app): its main screen, the settings it adds, the resume
list's words and an action in the log's words.
"""
from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.gridlayout import GridLayout

from companion.screens.antike_names import PROVINCES, names, tables
from companion.screens.base import SetupScreen
from companion.widgets import caption, choice_grid, text_field

GAME = "antike"
GAME_NAME = "Antike"
MAIN_SCREEN = "antike_books"
RONDEL = "antike_rondel"                # the app setting: the table's rondel order
SETTINGS = {RONDEL: None, PROVINCES: None}


def progress_text(progress: dict, tr) -> str:
    """'Turn 5 · Greeks (Ana)', the start cities still to enter, or the winner."""
    phase = progress.get("phase")
    if phase == "over":
        return tr._("Game over: {civ} wins").format(civ=names(tr).civ(progress.get("winner")))
    if phase == "cities":
        return tr._("Start cities")
    return tr._("Turn {number} · {civ} ({player})").format(
        number=progress.get("turn"), civ=names(tr).civ(progress.get("civ")),
        player=progress.get("player"))


def action_words(action: dict, session) -> str:
    """A log entry's action in the books' words."""
    from companion.screens.antike_words import action_label

    return action_label(action, session.translator, session.state)


def owner_groups(side: str, count: int) -> list[list[str]]:
    """The civilizations that change owner together: the pairs of the 2-player game, else
    one at a time, in the side's order for the count."""
    t = tables()
    if count == 2:
        return t.pairs(side)
    return [[civ] for civ in t.civilizations_for(side, count)]


class AntikeSetupScreen(SetupScreen):
    """Side, players, civilizations, start player, options, rondel order; Start opens the
    books."""

    game = GAME

    def on_kv_post(self, _base):
        app = App.get_running_app()
        t = tables()
        self.side = "west"
        self.count = 3
        self.name_inputs = []
        self.owner_of: list[int] = []           # a seat per owner group
        self.first = ""                         # "": the red circle, else the first
        self.city_cap = t.city_cap[0]
        self.repeat_cost = t.repeat[0]
        self.needed = None                      # None: the table's number for the count
        self.citizens = "owned"
        self.rondel = list(app.settings.get(RONDEL) or t.rondel_order)
        self.parts = {}
        self.build()
        app.tr.bind(lang=lambda *_: self.build())

    def on_pre_enter(self, *_):
        self.ids.message.text = ""

    # --- building ------------------------------------------------------------------------------

    def build(self) -> None:
        """Every part of the page, from the choices made (names typed are kept)."""
        tr = App.get_running_app().tr
        typed = [field.text for field in self.name_inputs]
        box = self.ids.parts
        box.clear_widgets()
        t = tables()
        add = box.add_widget
        add(Factory.Section(text=tr._("Side of the board")))
        self.parts["side"] = choice_grid(
            [(side, names(tr).game_text(entry["name"], f"tables/sides/{side}/name"))
             for side, entry in t.sides.items()], "antike-side", self.side, self.choose_side,
            cols=1, wrap=True)
        add(self.parts["side"])
        add(Factory.Section(text=tr._("Players, in seat order")))
        self.parts["count"] = choice_grid([(n, str(n)) for n in range(t.players[0],
                                                                       t.players[1] + 1)],
                                          "antike-count", self.count, self.choose_count, cols=5)
        add(self.parts["count"])
        self.name_inputs = []
        for seat in range(self.count):
            field = text_field(tr._("Player {number}").format(number=seat + 1),
                               typed[seat] if seat < len(typed) else "",
                               lambda _text: self.build_owners())
            field.height = dp(App.get_running_app().theme.button_dp)
            self.name_inputs.append(field)
            add(field)
        add(Factory.Section(text=tr._("Who plays which civilization (tap to change)")))
        self.parts["owners"] = GridLayout(cols=1, size_hint_y=None, spacing=dp(6))
        self.parts["owners"].bind(minimum_height=self.parts["owners"].setter("height"))
        add(self.parts["owners"])
        add(Factory.Section(text=tr._("Start player")))
        self.parts["first_box"] = GridLayout(cols=1, size_hint_y=None)
        self.parts["first_box"].bind(minimum_height=self.parts["first_box"].setter("height"))
        add(self.parts["first_box"])
        self.build_owners()
        self.build_options(add, tr, t)
        self.build_rondel(add, tr)

    def build_options(self, add, tr, t) -> None:
        add(Factory.Section(text=tr._("Options")))
        add(caption(tr._("Most cities a civilization may have")))
        self.parts["city_cap"] = choice_grid([(n, str(n)) for n in t.city_cap[1]],
                                             "antike-cap", self.city_cap,
                                             lambda v: setattr(self, "city_cap", v))
        add(self.parts["city_cap"])
        add(caption(tr._("Cost of going round the rondel to the same space")))
        self.parts["repeat"] = choice_grid([(n, str(n)) for n in t.repeat[1]], "antike-repeat",
                                           self.repeat_cost,
                                           lambda v: setattr(self, "repeat_cost", v))
        add(self.parts["repeat"])
        civs = self.civilizations()
        default, choices = t.needed[len(civs)]
        if len(choices) > 1:
            add(caption(tr._("Personalities to win with {count} civilizations").format(
                count=len(civs))))
            self.parts["needed"] = choice_grid([(n, str(n)) for n in choices], "antike-needed",
                                               self.needed or default,
                                               lambda v: setattr(self, "needed", v))
            add(self.parts["needed"])
        else:
            self.needed = None
            add(caption(tr._("Personalities to win: {count}").format(count=default)))
        add(caption(tr._("Citizens count temples")))
        self.parts["citizens"] = choice_grid(
            [("owned", tr._("owned")), ("built", tr._("built"))], "antike-citizens",
            self.citizens, lambda v: setattr(self, "citizens", v))
        add(self.parts["citizens"])

    def build_rondel(self, add, tr) -> None:
        """The 8 spaces clockwise as on the table's board; a tap changes a space."""
        add(Factory.Section(text=tr._("The rondel as on your board")))
        add(caption(tr._("Clockwise from the top; tap a space to change it.")))
        grid = GridLayout(cols=2, size_hint_y=None, spacing=dp(6),
                          row_default_height=dp(App.get_running_app().theme.button_dp),
                          row_force_default=True)
        grid.bind(minimum_height=grid.setter("height"))
        grid.buttons = []
        for position in range(8):
            button = Factory.BigButton(emphasis="secondary", shorten=True)
            button.bind(on_release=lambda _b, p=position: self.next_space(p))
            grid.buttons.append(button)
            grid.add_widget(button)
        self.parts["rondel"] = grid
        add(grid)
        self.show_rondel()

    def show_rondel(self) -> None:
        tr = App.get_running_app().tr
        for position, button in enumerate(self.parts["rondel"].buttons):
            button.text = f"{position + 1}. {names(tr).space(self.rondel[position])}"

    def next_space(self, position: int) -> None:
        spaces = list(tables().space_name)
        current = self.rondel[position]
        self.rondel[position] = spaces[(spaces.index(current) + 1) % len(spaces)]
        self.show_rondel()

    # --- choices -----------------------------------------------------------------------------

    def choose_side(self, side: str) -> None:
        self.side, self.first = side, ""
        self.owner_of = []
        self.build()

    def choose_count(self, count: int) -> None:
        self.count, self.first, self.needed = count, "", None
        self.owner_of = []
        self.build()

    def names(self) -> list[str]:
        """The players' names, a field left empty giving its hint ('Player 3')."""
        return [field.text.strip() or field.hint_text for field in self.name_inputs]

    def civilizations(self) -> list[str]:
        return [civ for group in owner_groups(self.side, self.count) for civ in group]

    def build_owners(self) -> None:
        """A button a civilization (a pair with 2 players) naming its player; a tap gives it
        to the next player."""
        tr = App.get_running_app().tr
        groups = owner_groups(self.side, self.count)
        if len(self.owner_of) != len(groups):
            self.owner_of = [index % self.count for index in range(len(groups))]
        players = self.names()
        box = self.parts["owners"]
        box.clear_widgets()
        box.buttons = []
        for index, group in enumerate(groups):
            civs = " + ".join(names(tr).civ(civ) for civ in group)
            button = Factory.BigButton(
                text=tr._("{civ} ({player})").format(civ=civs,
                                                     player=players[self.owner_of[index]]),
                emphasis="secondary", shorten=True)
            button.group = group
            button.bind(on_release=lambda _b, i=index: self.next_owner(i))
            box.buttons.append(button)
            box.add_widget(button)
        box.height = box.minimum_height
        self.build_first()

    def next_owner(self, index: int) -> None:
        self.owner_of[index] = (self.owner_of[index] + 1) % self.count
        self.build_owners()

    def build_first(self) -> None:
        tr = App.get_running_app().tr
        box = self.parts["first_box"]
        box.clear_widgets()
        civs = self.civilizations()
        if self.first not in civs:
            self.first = ""
        options = [("", tr._("As the cards say (red circle)"))] + \
            [(civ, names(tr).civ(civ)) for civ in civs]
        self.parts["first"] = choice_grid(options, "antike-first", self.first,
                                          lambda v: setattr(self, "first", v))
        box.add_widget(self.parts["first"])

    # --- start ---------------------------------------------------------------------------------

    def owners(self) -> dict:
        players = self.names()
        return {civ: players[self.owner_of[index]]
                for index, group in enumerate(owner_groups(self.side, self.count))
                for civ in group}

    def options(self) -> dict:
        """The engine's set-up options."""
        options = {"players": self.names(), "side": self.side,
                   "civilizations": self.civilizations(), "owners": self.owners(),
                   "city_cap": self.city_cap, "repeat_cost": self.repeat_cost,
                   "citizens": self.citizens, "rondel": list(self.rondel)}
        if self.first:
            options["first"] = self.first
        if self.needed:
            options["needed"] = self.needed
        return options

    def start(self) -> None:
        """Set the game up, remember the rondel's order, open the books (start cities)."""
        session = self.start_game(name=GAME_NAME)
        if session is None:
            return
        App.get_running_app().set_setting(RONDEL, list(self.rondel))
        self.open_new(session)


SCREEN = AntikeSetupScreen
