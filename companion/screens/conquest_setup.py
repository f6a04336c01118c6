"""CONQUEST OF THE EMPIRE II set-up: the players in seat order, 4 or 5 seasons, the first player
(named or drawn), the dice mode, and the values printed on the table's board and dice.

The board values (the VP of the key provinces the rulebook does not give, the six battle-die
faces) are asked once and remembered in the app settings (`conquest_board_values`), so the next
game starts with them filled in. Start sends everything as the engine's set-up options; the
engine refuses what it must (same names, ...) and its words are shown.

The game's door for the app (companion.app): its main screen, the setting it adds, the resume
list's words for a game in progress and an action in the players' words.
"""
from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.textinput import TextInput

from companion.screens.base import SetupScreen
from companion.screens.conquest_names import place_name, symbol_name
from companion.theme import fresh_group

GAME = "conquest-of-the-empire-2"
GAME_NAME = "Conquest of the Empire II"
MAIN_SCREEN = "conquest_books"
BOARD_VALUES = "conquest_board_values"
# the values printed on the table's board and dice, asked once and offered again at the next
# set-up ({"vp": {...}, "faces": [...]})
SETTINGS = {BOARD_VALUES: None}


def progress_text(progress: dict, tr) -> str:
    """A game in progress for the resume list: 'Season 2 of 4 · Round 3 · Livia', or the
    auction, the season's end, the winners."""
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


def action_words(action: dict, session) -> str:
    """A log entry's action in the books' words."""
    from forge.engine.conquest.labels import action_label

    return action_label(action, session.translator, session.state)


def board_gaps() -> list[tuple[str, int]]:
    """(key province, places) of the key provinces whose VP only the board gives."""
    from forge.engine.conquest import tables

    t = tables()
    return [(p, t.places[p]) for p in t.key_provinces if p not in t.vp]


class ConquestSetupScreen(SetupScreen):
    """Names, seasons, first player, dice mode, board values; Start opens the books."""

    count = NumericProperty(4)              # players
    seasons = NumericProperty(4)
    first = StringProperty("")              # "" : drawn
    faces = ListProperty([])
    game = GAME

    def on_kv_post(self, _base):
        app = App.get_running_app()
        self.name_inputs: list[TextInput] = []
        self.vp_inputs: dict[str, list[TextInput]] = {}
        self.face_buttons: list = []
        self.first_buttons: dict[str, object] = {}
        saved = app.settings.get(BOARD_VALUES) or {}
        from forge.engine.conquest import tables

        self.faces = list(saved.get("faces") or tables().faces)
        self.saved_vp = dict(saved.get("vp") or {})
        self.build_names()
        self.build_board_values()
        app.tr.bind(lang=lambda *_: self.relabel())

    def on_pre_enter(self, *_):
        self.ids.message.text = ""

    # --- players --------------------------------------------------------------------------------

    def on_count(self, *_):
        if hasattr(self, "name_inputs"):
            self.build_names()

    def build_names(self) -> None:
        """One text field a player, in seat order, keeping the names already typed."""
        app = App.get_running_app()
        typed = [field.text for field in self.name_inputs]
        box = self.ids.names
        box.clear_widgets()
        self.name_inputs = []
        for seat in range(int(self.count)):
            field = TextInput(text=typed[seat] if seat < len(typed) else "", multiline=False,
                              hint_text=app.tr._("Player {number}").format(number=seat + 1),
                              font_size=f"{app.theme.text_sp}sp", size_hint_y=None,
                              height=dp(app.theme.button_dp), write_tab=False,
                              padding=(dp(8), dp(14)))
            field.bind(text=lambda *_: self.build_first())
            self.name_inputs.append(field)
            box.add_widget(field)
        self.build_first()

    def names(self) -> list[str]:
        """The players' names, a field left empty giving its hint ('Player 3')."""
        return [field.text.strip() or field.hint_text for field in self.name_inputs]

    def build_first(self) -> None:
        """'Drawn' and one choice a player for who opens the first auction."""
        app = App.get_running_app()
        box = self.ids.first
        box.clear_widgets()
        names = self.names()
        if self.first and self.first not in names:
            self.first = ""
        self.first_buttons = {}
        group = fresh_group("conquest-first")
        for value, text in [("", app.tr._("Drawn"))] + [(n, n) for n in names]:
            button = Factory.Choice(text=text, group=group,
                                    state="down" if value == self.first else "normal")
            button.bind(on_release=lambda _b, v=value: setattr(self, "first", v))
            self.first_buttons[value] = button
            box.add_widget(button)

    # --- board values -----------------------------------------------------------------------------

    def build_board_values(self) -> None:
        """A row a key province (its VP for 1st, 2nd (3rd) place) and the six die faces."""
        app = App.get_running_app()
        box = self.ids.board_values
        box.clear_widgets()
        self.vp_inputs = {}
        for province, places in board_gaps():
            row = BoxLayout(size_hint_y=None, height=dp(app.theme.button_dp), spacing=dp(6))
            label = Label(text=place_name(province, app.tr), color=app.theme.ink,
                          font_size=f"{app.theme.text_sp - 2}sp", halign="left", valign="middle",
                          shorten=True, shorten_from="right")
            label.bind(size=lambda w, s: setattr(w, "text_size", s))
            label.province = province
            row.add_widget(label)
            saved = self.saved_vp.get(province) or []
            fields = []
            for place in range(places):
                field = TextInput(text=str(saved[place]) if place < len(saved) else "",
                                  input_filter="int", multiline=False, write_tab=False,
                                  hint_text=f"{place + 1}.", halign="center",
                                  font_size=f"{app.theme.text_sp}sp", size_hint_x=None,
                                  width=dp(56), padding=(dp(6), dp(14)))
                fields.append(field)
                row.add_widget(field)
            self.vp_inputs[province] = fields
            box.add_widget(row)
        faces = self.ids.faces
        faces.clear_widgets()
        self.face_buttons = []
        for index in range(6):
            button = Factory.BigButton()
            button.bind(on_release=lambda _b, i=index: self.next_face(i))
            self.face_buttons.append(button)
            faces.add_widget(button)
        self.show_faces()

    def next_face(self, index: int) -> None:
        """A tap on a die face: the next symbol."""
        from forge.engine.conquest import tables

        symbols = list(tables().symbols)
        faces = list(self.faces)
        faces[index] = symbols[(symbols.index(faces[index]) + 1) % len(symbols)] \
            if faces[index] in symbols else symbols[0]
        self.faces = faces

    def on_faces(self, *_):
        if getattr(self, "face_buttons", None):
            self.show_faces()

    def show_faces(self) -> None:
        app = App.get_running_app()
        for index, button in enumerate(self.face_buttons):
            button.text = f"{index + 1}: " + symbol_name(self.faces[index], app.tr)

    def relabel(self) -> None:
        """The language changed: names of provinces, symbols, hints and 'Drawn'."""
        app = App.get_running_app()
        for seat, field in enumerate(self.name_inputs):
            field.hint_text = app.tr._("Player {number}").format(number=seat + 1)
        for row in self.ids.board_values.children:
            for child in row.children:
                if hasattr(child, "province"):
                    child.text = place_name(child.province, app.tr)
        self.show_faces()
        self.build_first()

    def board_values(self) -> dict:
        """The VP rows filled in completely (others are left for later) and the faces."""
        vp = {}
        for province, fields in self.vp_inputs.items():
            values = [field.text.strip() for field in fields]
            if all(values):
                vp[province] = [int(v) for v in values]
        return {"vp": vp, "faces": list(self.faces)}

    def missing_vp(self) -> list[str]:
        return [p for p, fields in self.vp_inputs.items()
                if not all(field.text.strip() for field in fields)]

    # --- real dice: the first player drawn at the table ----------------------------------------

    def die_faces(self, die: str) -> tuple[str, ...]:
        """The first player's draw (the engine's d<players>) offers the players by name."""
        names = self.names()
        if die == f"d{len(names)}":
            return tuple(names)
        return super().die_faces(die)

    def die_question(self, need) -> str:
        """The engine's set-up draw (NeedRoll: the first player) in the players' words."""
        if need.reason == "first player":
            return App.get_running_app().tr._(
                "Draw the first player at random at the table (a die, or names from a cup), "
                "and tap who opens the first auction.")
        return super().die_question(need)

    def ask_die(self, need) -> None:
        """The set-up die's popup; players' names on its buttons in the size of other text."""
        super().ask_die(need)
        popup = self.dice_popup
        if popup is not None and need.die == f"d{len(self.names())}":
            app = App.get_running_app()
            for button in popup.faces:
                button.font_size = f"{app.theme.text_sp}sp"
                button.shorten, button.shorten_from = True, "right"

    # --- start --------------------------------------------------------------------------------------

    def options(self) -> dict:
        """The engine's set-up options."""
        values = self.board_values()
        options = {"players": self.names(), "seasons": int(self.seasons),
                   "faces": values["faces"]}
        if values["vp"]:
            options["vp"] = values["vp"]
        if self.first:
            options["first"] = self.first
        return options

    def start(self) -> None:
        """Set the game up through the session, remember the board values, open the books."""
        session = self.start_game(name=GAME_NAME)
        if session is None:
            return
        app = App.get_running_app()
        values = self.board_values()
        app.set_setting(BOARD_VALUES, {**values, "vp": {**self.saved_vp, **values["vp"]}})
        self.saved_vp = {**self.saved_vp, **values["vp"]}
        app.open_game(session)


SCREEN = ConquestSetupScreen
