"""Tetrarchia set-up: the level's four digits, the edition, the players and the variants; Start
sets the game up (with real dice, asking for each set-up die) and opens the set-up guide, whose
map is the board's (`guide_map`).

The choices are those of content (rules.yaml's difficulty rows and variants, game.yaml's editions
and player counts); the game itself is set up by companion.session, and a combination the engine
refuses (EL GRANDE with 3 players in the earlier edition) is explained in the player's language.

The game's door for the app (companion.app): its main screen, whose turn it is and an action in
the players' words.
"""
from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import ListProperty, NumericProperty, StringProperty

from companion.screens.base import SetupScreen

GAME = "tetrarchia"
MAIN_SCREEN = "tetrarchia_board"
DIGITS = ([5, 4, 3], [3, 2, 1], [0, 1, 2], [0, 1, 2])     # fallback: rules.yaml difficulty rows
DEFAULT_LEVEL = [4, 2, 1, 1]


def player_name(who: str, tr) -> str:
    """An emperor's name in the players' language (the game catalog's)."""
    from forge.engine.tetrarchia.words import Names

    return Names(tr).emperor(who)


def action_words(action: dict, session) -> str:
    """A log entry's action in the board's words."""
    from forge.engine.tetrarchia.labels import action_label
    from forge.engine.tetrarchia.words import Names

    return action_label(action, session.translator, Names(session.translator))


def guide_map():
    """The board for the set-up guide (companion/screens/guide.py): the map of the board screen,
    the step's provinces in its `highlight`; a tapped province is named with its coordinate."""
    from companion.app import game_folder
    from companion.screens.tetrarchia_boardview import BoardView

    view = BoardView()
    view.load(game_folder(GAME, App.get_running_app().content_dir).parent)
    width, height = view.geometry["board"]["size"]
    view.ratio = height / width
    view.place_words = place_words
    return view


def place_words(place: str, session) -> str:
    """'TARRACONENSIS (I 6), in HISPANIA': a province tapped on the guide's map."""
    from forge.engine.tetrarchia.data import tables
    from forge.engine.tetrarchia.words import Names

    t, names = tables(), Names(session.translator)
    if place not in t.name:
        return names.sea(place)
    return session.translator._("{province} ({coordinate}), in {region}").format(
        province=names.province(place), coordinate=t.coordinate(place),
        region=names.region(t.region_of.get(place, "")))


def digit_choices(content_dir) -> list[list[int]]:
    """The allowed values of each level digit, from rules.yaml (low to high difficulty)."""
    import yaml

    try:
        rules = yaml.safe_load((content_dir / GAME / "rules.yaml").read_text("utf-8"))
        rows = rules["difficulty"]["rows"]
        return [sorted({row["low"], row["normal"], row["high"]}) for row in rows]
    except (OSError, KeyError, TypeError, ValueError):
        return [sorted(d) for d in DIGITS]


def variant_choices(content_dir) -> list[dict]:
    """rules.yaml's variants in their order: id, printed name, editions (None: every edition)."""
    import yaml

    try:
        rules = yaml.safe_load((content_dir / GAME / "rules.yaml").read_text("utf-8"))
        return [{"id": str(v["id"]), "name": str(v.get("name", v["id"])),
                 "editions": list(v["editions"]) if v.get("editions") else None}
                for v in rules.get("variants") or []]
    except (OSError, KeyError, TypeError, ValueError, AttributeError):
        return []


class TetrarchiaSetupScreen(SetupScreen):
    """Level digits with +/- buttons, edition, player and variant choices, and Start."""

    level = ListProperty(list(DEFAULT_LEVEL))
    edition = StringProperty("later")
    players = NumericProperty(1)
    variants = ListProperty([])     # the chosen variant ids, in rules.yaml order
    game = GAME

    def on_kv_post(self, _base):
        from companion.app import game_folder

        content_dir = game_folder(GAME, App.get_running_app().content_dir).parent
        self.choices = digit_choices(content_dir)
        self.all_variants = variant_choices(content_dir)
        self.variant_buttons = {}
        self.show_variants()

    def valid_variants(self) -> list[dict]:
        """The variants that apply to the chosen edition."""
        return [v for v in self.all_variants
                if v["editions"] is None or self.edition in v["editions"]]

    def on_edition(self, *_):
        """Another edition: drop the other edition's variants and show this one's."""
        valid = {v["id"] for v in self.valid_variants()}
        self.variants = [v for v in self.variants if v in valid]
        if hasattr(self, "all_variants"):
            self.show_variants()

    def show_variants(self) -> None:
        """One toggle button a variant of the edition, named as printed."""
        box = self.ids.variants
        box.clear_widgets()
        self.variant_buttons = {}
        for variant in self.valid_variants():
            button = Factory.Choice(text=variant["name"],
                                    state="down" if variant["id"] in self.variants else "normal")
            button.variant_id = variant["id"]
            button.bind(state=self._variant_toggled)
            self.variant_buttons[variant["id"]] = button
            box.add_widget(button)

    def _variant_toggled(self, button, state) -> None:
        chosen = set(self.variants)
        if state == "down":
            chosen.add(button.variant_id)
        else:
            chosen.discard(button.variant_id)
        self.variants = [v["id"] for v in self.all_variants if v["id"] in chosen]

    def step(self, digit: int, change: int) -> None:
        """Raise or lower one digit within its allowed values."""
        values = self.choices[digit]
        index = values.index(self.level[digit]) if self.level[digit] in values else 0
        index = min(max(index + change, 0), len(values) - 1)
        level = list(self.level)
        level[digit] = values[index]
        self.level = level

    def level_text(self) -> str:
        return "".join(str(d) for d in self.level)

    def options(self) -> dict:
        """The set-up options; `variants` only when some are chosen."""
        options = {"level": self.level_text(), "edition": self.edition,
                   "players": int(self.players)}
        if self.variants:
            options["variants"] = list(self.variants)
        return options

    def start(self) -> None:
        """Set up the game through the session (with real dice, asking for each set-up die)
        and open the set-up guide."""
        session = self.start_game()
        if session is not None:
            self.open_new(session)


SCREEN = TetrarchiaSetupScreen
