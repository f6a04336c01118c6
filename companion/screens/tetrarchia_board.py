"""Tetrarchia at the table: the board as it stands, whose turn, PI left, and the legal actions.

Everything comes from companion.session: the state to draw, `legal_actions()` for the buttons,
`act()` to play one, the engine's own message when it refuses, NeedRoll's die when real dice must
be entered, and the log's words to show what the barbarian phase did on the board.

After an action the map's moved pieces glide to their new places and the changed places flash
(`show_state`; what moved comes from the states before and after, or from a barbarian step's own
moves); the app's setting "motion" set to False turns that off. Undo and resuming jump.
"""
from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import (
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.popup import Popup
from kivy.uix.scrollview import ScrollView

from companion.dieface import FaceButton
from companion.screens.base import GameScreen
from companion.screens.tetrarchia_boardview import BoardView  # noqa: F401  (the .kv uses it)
from companion.theme import rgba
from companion.widgets import dialog, grow_with_text, scrolled
from forge.engine.errors import N_
from forge.engine.tetrarchia.labels import action_label
from forge.engine.tetrarchia.words import roll_reason

HINTS = ("cost", "discs", "gain")       # what a legal action tells the player, not the engine
LANDSCAPE = 1.15            # wider than tall by this much: the map beside the column
COLUMN_DP = 400             # the column's width beside the map in landscape
MESSAGE_DP = 120            # landscape: the least height of the message under the map
POOL = 28                   # action buttons made with the screen (a turn rarely needs more)
SHOWN_ROWS = 1.6            # action buttons the list always has room for (when it has them)

# the order of the action list: End turn first, then what the emperor does where he stands,
# then his moves (cheapest first), then the fleets
KIND_ORDER = {"end_turn": 0, "block": 1, "boost": 1, "enter": 2, "protect": 3, "subdue": 3,
              "attack": 4, "imperium": 5, "transfer": 6, "move": 7, "sail": 8}

# the dice the engine names (NeedRoll.die), for players
DIE_NAMES = {"VI": N_("the die with Roman numerals (I-VI)"),
             "6": N_("the die with numbers (1-6)")}


def names_for(session):
    """Names of emperors, provinces and seas in the session's language (the log's own names)."""
    from forge.engine.tetrarchia.words import Names

    return Names(fast_translator(session.translator))


_FAST: dict = {}


def fast_translator(tr):
    """A translator like the session's whose catalog is looked up once: forge.i18n's looks for
    playable games again at every message (72 ms for the words of one End turn)."""
    from forge.i18n import Translator

    key = (tr.lang, tr.strict)
    if key not in _FAST:
        class Fast(Translator):
            _found = None

            @property
            def messages(self):
                if self._found is None:
                    self._found = super().messages
                return self._found

        _FAST[key] = Fast(tr.lang, tr.strict)
    return _FAST[key]


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


def die_name(die: str, tr) -> str:
    """'the die with Roman numerals (I-VI)': a die the engine names, for players."""
    return tr._(DIE_NAMES[die]) if die in DIE_NAMES else die


def dice_text(dice, tr) -> str:
    """'VI die: III, 6 die: 4': each die rolled and the face it shows."""
    from forge.engine.tetrarchia.data import roman_numeral

    return ", ".join(tr._("{die} die: {value}").format(
        die=die, value=roman_numeral(value) if die == "VI" else value) for die, value in dice)


def shown_actions(actions: list[dict]) -> list[dict]:
    """The legal actions as the list shows them: one move to a place when the moves there by
    link and by fleet cost the same and do the same (the one by link kept); End turn first,
    then what the emperor does where he stands, then moves (cheapest first, by name), then
    the fleets."""
    kept: dict = {}
    out: list[dict] = []
    for action in actions:
        if action.get("type") == "move":
            key = tuple(action.get(k) for k in ("to", "emperor", "cost", "discs", "gain"))
            if key in kept:
                index = kept[key]
                if out[index].get("by") == "fleet" and action.get("by") != "fleet":
                    out[index] = action
                continue
            kept[key] = len(out)
        out.append(action)
    rank = {id(a): n for n, a in enumerate(out)}
    return sorted(out, key=lambda a: (KIND_ORDER.get(a.get("type"), 9),
                                      a.get("cost", 0) if a.get("type") == "move" else 0,
                                      str(a.get("to", "")) if a.get("type") == "move" else "",
                                      rank[id(a)]))


def action_provinces(state: dict, actions: list[dict]) -> list[str]:
    """The provinces the legal actions concern: where to enter, move or attack, and where the
    emperor stands when he can act there."""
    turn = state.get("turn")
    here = ((state.get("emperors") or {}).get(turn) or {}).get("at")
    out: dict = {}
    for action in actions:
        kind = action.get("type")
        if kind == "enter":
            out[action.get("province", "ROMA")] = True
        elif kind == "move":
            out[action.get("to")] = True
        elif kind == "attack":
            out[action.get("target")] = True
        elif kind in ("protect", "subdue") and here:
            out[here] = True
    return [p for p in out if p]


def step_provinces(step: dict) -> list[str]:
    """The provinces a barbarian step changes or names (what to look at on the real board)."""
    from forge.engine.tetrarchia.data import tables

    t = tables()
    known = set(t.name)
    out: dict = {}
    for event in step["events"]:
        for key, value in event.items():
            if key in ("kind", "rule", "purpose", "reason", "die", "value"):
                continue
            for item in value if isinstance(value, (list, tuple)) else [value]:
                if isinstance(item, str) and item in known:
                    out[item] = True
    return list(out)


def moved_markers(before: dict, after: dict) -> dict:
    """The markers of `after` that left another place of `before`: the map's marker key
    (BoardView.marker_keys) -> the province or sea it left. Emperors that changed province;
    barbarian armies and fleets paired with the neighbouring place they left, the pairing the
    engine's table changes word ("Move the barbarian army from ... to ...")."""
    from forge.engine.tetrarchia.data import tables
    from forge.engine.tetrarchia.table_changes import _pairs

    t = tables()
    moves: dict = {}
    figures = after.get("figures") or {}
    for emperor, where in (after.get("emperors") or {}).items():
        old = ((before.get("emperors") or {}).get(emperor) or {}).get("at")
        new = where.get("at")
        if old and new and old != new:
            key = ("figure", new) if figures.get(new) == emperor else ("passing", new, emperor)
            moves[key] = old
    armies = [{p for p, f in (s.get("figures") or {}).items() if f == "army"}
              for s in (before, after)]
    gone, come = sorted(armies[0] - armies[1]), sorted(armies[1] - armies[0])
    for frm, to in _pairs(gone, come, lambda p: t.neighbours.get(p, ())):
        moves[("figure", to)] = frm
    old_fleets, new_fleets = list(before.get("fleets") or []), list(after.get("fleets") or [])
    for sea in list(old_fleets):
        if sea in new_fleets:
            old_fleets.remove(sea)
            new_fleets.remove(sea)
    for frm, to in _pairs(old_fleets, new_fleets, lambda s: t.sea_next.get(s, ())):
        moves[("fleet", to, (after.get("fleets") or []).count(to) - 1)] = frm
    return moves


def step_moves(step: dict, state: dict) -> dict:
    """The armies a barbarian step moved that the map shows where they went (the step's own
    move events): marker key -> the province each left."""
    figures = state.get("figures") or {}
    return {("figure", e["to"]): e["from"] for e in step["events"]
            if e.get("kind") == "move" and e.get("piece") == "army" and
            figures.get(e.get("to")) == "army" and e.get("from")}


def motion_on() -> bool:
    """Whether the map moves its pieces (the app's setting "motion"; on unless set off)."""
    settings = getattr(App.get_running_app(), "settings", None) or {}
    return bool(settings.get("motion", True))


def entry_with_words(session, index: int) -> dict:
    """One log entry with its events in words (session.log() words every entry of the game)."""
    entry = session.game.session.entries[index]
    describe, tr = session.describe, fast_translator(session.translator)
    words = [describe(e, tr) if describe else e.get("kind", "")
             for e in entry["events"]]
    return {"index": index, "action": entry["action"], "rolls": entry["rolls"],
            "events": entry["events"], "words": words}


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
    hint = StringProperty("")       # landscape: what the message panel says before a message
    need = ObjectProperty(None, allownone=True)    # (action, dice so far, die) while rolling
    pi = NumericProperty(0)
    popup = None            # the open details or attack confirmation, for tests
    steps = ListProperty([])    # the barbarian phase's steps still being walked through
    step_index = NumericProperty(0)
    step_entry = NumericProperty(-1)    # the end_turn log entry the steps come from
    step_button = None      # "Done: next" / "Done" while walking through the steps
    landscape = ObjectProperty(None, allownone=True)    # the arrangement laid out (None: none)
    zoom_at = ListProperty([0, 0])      # the zoom buttons: the drawn board's top-right corner
    # the state drawn before the action just played, what the map glides from while `played`
    # shows the new one; None: the map jumps (an undo, a resumed game, a language)
    moved_from = None

    def __init__(self, **kwargs):
        self._buttons: list = []        # every action button made, for reuse
        self._later: list = []          # (button, words) written once the frame is on screen
        # landscape: the map with the message under it, left of the column
        self._side = BoxLayout(orientation="vertical", spacing=dp(4), size_hint_x=None)
        super().__init__(**kwargs)

    def on_kv_post(self, base):
        super().on_kv_post(base)
        from companion.app import game_folder

        self.ids.board.load(game_folder("tetrarchia", App.get_running_app().content_dir).parent)
        self.ids.board.bind(on_province=lambda _w, province: self.show_province(province))
        self._fit = Clock.create_trigger(self.fit_panel, -1)
        self.ids.map_area.bind(pos=self.place_zoom, size=self.place_zoom)
        self.bind(size=self.arrange, steps=self._fit)
        for _ in range(POOL):               # made now, not on the tap that first needs them
            self._action_button()
        for widget, names in ((self.ids.panel, ("size",)), (self.ids.message, ("texture_size",)),
                              (self.ids.actions, ("minimum_height",)),
                              (self.ids.dice_row, ("height",)),
                              (self.ids.map_area, ("height",))):
            for name in names:
                widget.bind(**{name: self._fit})
        self.arrange()

    # --- layout -------------------------------------------------------------------------------

    def arrange(self, *_):
        """Portrait: the map under the header, the message under the map. Landscape: the map
        and the message under it on the left, as wide as leaves the column its width and the
        message its room, the map's box of the board's own shape (no empty bands)."""
        frame, area, side = self.ids.frame, self.ids.map_area, self._side
        landscape = self.width > self.height * LANDSCAPE
        if landscape != self.landscape:
            self.landscape = landscape
            self.place_parts(landscape)
        pad = frame.padding[0] * 2
        aspect = self.board_aspect()
        area.size_hint = (1, None)
        if landscape:
            room = self.height - pad - dp(MESSAGE_DP) - side.spacing
            width = min(self.width - pad - frame.spacing - dp(COLUMN_DP), room * aspect)
            side.width = max(width, dp(100))
            area.height = side.width / aspect
        else:
            width = self.width - pad
            area.height = min(width / aspect, (self.height - pad) * 0.5)
        self._fit()

    def place_parts(self, landscape: bool) -> None:
        """Move the map and the message between the column (portrait) and the side beside it."""
        frame, panel, side = self.ids.frame, self.ids.panel, self._side
        area, info = self.ids.map_area, self.ids.info
        for widget in (area, info, side):
            if widget.parent is not None:
                widget.parent.remove_widget(widget)
        if landscape:
            side.add_widget(area)
            side.add_widget(info)
            info.size_hint_y = 1
            frame.add_widget(side, index=len(frame.children))          # on the left
        else:
            info.size_hint_y = None
            panel.add_widget(area, index=len(panel.children) - 1)      # under the header
            panel.add_widget(info, index=len(panel.children) - 2)      # under the map

    def board_aspect(self) -> float:
        """The printed board's width over its height."""
        geometry = self.ids.board.geometry
        width, height = geometry["board"]["size"] if geometry else (390, 255)
        return width / height

    def place_zoom(self, *_):
        """The zoom buttons in the top-right corner of the board as drawn (not of its box)."""
        area, buttons = self.ids.map_area, self.ids.zoom_buttons
        geometry = self.ids.board.geometry
        width, height = geometry["board"]["size"] if geometry else (390, 255)
        k = min(area.width / width, area.height / height)
        self.zoom_at = [min(area.right, area.center_x + width * k / 2) - buttons.width,
                        min(area.top, area.center_y + height * k / 2) - buttons.height]

    def fit_panel(self, *_):
        """Share the column's height: the message grows with its text up to what leaves the
        action list room for a few buttons; while walking through the barbarian phase the
        step's text takes all the room above its button."""
        ids = self.ids
        panel = ids.panel
        self.place_zoom()
        if self.landscape:          # the message has its place under the map
            ids.action_scroll.size_hint_y = 1
            return
        fixed = [w for w in panel.children if w not in (ids.info, ids.action_scroll)]
        used = sum(w.height for w in fixed) + panel.spacing * (len(panel.children) - 1)
        room = max(panel.height - used, 0)
        listed = ids.actions.minimum_height
        if self.steps:
            ids.action_scroll.size_hint_y = None
            ids.action_scroll.height = listed
            ids.info.height = max(room - listed, 0) if self.message else 0
            return
        ids.action_scroll.size_hint_y = 1
        keep = min(listed, dp(App.get_running_app().theme.button_dp) * SHOWN_ROWS + dp(12))
        text = ids.message.height if self.message else 0
        ids.info.height = max(min(text, room - keep), 0)

    def reset(self) -> None:
        self.need = None
        self.steps = []
        self.step_entry = -1
        if self.ids.board.zoom != 1:
            self.ids.board.show_whole()
        self.restore_steps()

    def on_pre_enter(self, *args):
        super().on_pre_enter(*args)
        if self.session is not None and not self.steps:
            self.restore_steps()
            if self.steps:
                self.refresh()

    def on_language(self) -> None:
        if self.session is not None:
            self.session.set_language(App.get_running_app().tr.lang)
            if self.steps:          # the steps' words in the new language, same step shown
                self.steps = barbarian_steps(entry_with_words(self.session, self.step_entry))
            self.refresh()

    # --- the walk-through is saved with the game ----------------------------------------------

    def save_steps(self) -> None:
        """Which end_turn entry and step are shown, in the game's meta (or that none is)."""
        if self.session is None:
            return
        value = {"entry": self.step_entry, "step": self.step_index} if self.steps else None
        game = self.session.game
        if game.meta.get("walkthrough") == value:
            return
        try:
            game.save_meta(sync_dir=False, walkthrough=value)
        except OSError:             # the walk-through is only where the players are reading
            game.meta["walkthrough"] = value

    def restore_steps(self) -> None:
        """The walk-through left (Home, Back, a kill) at the entry the game stands on."""
        if self.session is None:
            return
        saved = self.session.game.meta.get("walkthrough")
        if not isinstance(saved, dict):
            return
        index, step = saved.get("entry"), saved.get("step")
        session = self.session
        if not isinstance(index, int) or not isinstance(step, int) or \
                index != session.position or index < 1 or \
                session.game.session.entries[index]["action"].get("type") != "end_turn":
            return
        steps = barbarian_steps(entry_with_words(session, index))
        if 0 <= step < len(steps):
            self.steps, self.step_index, self.step_entry = steps, step, index

    # --- showing ------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Header, board and action buttons from the session's current state."""
        app = App.get_running_app()
        tr, session = app.tr, self.session
        if session is None:
            return
        session.set_language(tr.lang)
        state, names = session.state, names_for(session)
        self.show_state(state)
        self.round_text = tr._("Round {round}").format(round=state.get("round", 1))
        turn = state.get("turn")
        self.emperor_text = names.emperor(turn) if turn else ""
        colour = self.ids.board.geometry.get("emperors", {}).get(turn, {}).get("color", "#2a2118")
        self.emperor_colour = list(rgba(colour))
        self.pi = state.get("pi", 0)
        self.pi_text = tr._("{pi} PI").format(pi=self.pi)
        self.hint = tr._("Tap a province on the map for its details. What each action does on "
                         "the board is told here.")
        outcome = state.get("outcome")
        if outcome:
            if outcome.get("result") == "victory":
                self.round_text = tr._("Victory")
            else:
                self.round_text = tr._("Defeat")
        self.build_actions()
        self.build_dice()

    def show_state(self, state: dict) -> None:
        """The map shows `state`: after an action just played, its moved pieces glide there and
        the places that changed flash (the barbarian step's armies, while walking through);
        otherwise, or with motion off, at once."""
        board, before = self.ids.board, self.moved_from
        if before is None or not motion_on():
            board.stop_motion()
            board.state = state
            return
        from forge.engine.tetrarchia.table_changes import changed_places

        if self.steps:
            board.glide_to(state, step_moves(self.steps[self.step_index], state))
        else:
            board.glide_to(state, moved_markers(before, state), changed_places(before, state))

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
        state = self.session.state
        legal = self.session.legal_actions()
        actions = shown_actions(legal)
        self.ids.board.highlight = action_provinces(state, legal) if self.need is None else []
        texts = [attack_text(action, self.odds(action), app.tr, names)
                 if action.get("type") == "attack" else action_label(action, app.tr, names)
                 for action in actions]
        # a button keeps its text where it can: drawing a button's words is the slow part
        pool: dict = {}
        for button in self._buttons:
            pool.setdefault(button.text, []).append(button)
        chosen = [pool[text].pop(0) if pool.get(text) else None for text in texts]
        spare = [b for left in pool.values() for b in left]
        ordered, later = [], []
        shown = int(self.ids.action_scroll.height / dp(50)) + 2     # the rows in view, and one
        for button, text, action in zip(chosen, texts, actions):
            if button is None:
                button = spare.pop() if spare else self._action_button()
                if len(ordered) < shown:
                    button.text = text
                else:               # below the view: its words once this frame is on screen
                    later.append((button, text))
            button.action = action
            ordered.append(button)
        if list(reversed(box.children)) != ordered:
            box.clear_widgets()
            for button in ordered:
                box.add_widget(button)
        self._later = later
        if later:
            from kivy.core.window import Window

            Window.unbind(on_flip=self._after_flip)
            Window.bind(on_flip=self._after_flip)
        self.to_top()

    def _after_flip(self, window, *_):
        window.unbind(on_flip=self._after_flip)
        Clock.schedule_once(self._fill_later, 0)

    def _fill_later(self, *_):
        """The words of the buttons below the list's view, drawn on the frame after the tap's."""
        later, self._later = self._later, []
        for button, text in later:
            button.text = text

    def to_top(self, *_):
        """The message and the action list from their first line (now and once laid out)."""
        self._top_again()
        Clock.schedule_once(self._top_again, 0)

    def _top_again(self, *_):
        for scroll in (self.ids.action_scroll, self.ids.info):
            effect = scroll.effect_y
            if effect is not None:          # no glide or spring left from the list before
                effect.velocity = 0
                effect.cancel()
            scroll.scroll_y = 1
            scroll._update_effect_bounds()

    def _action_button(self):
        """A new action button (not yet in the list)."""
        button = grow_with_text(Factory.BigButton())
        button.bind(on_release=lambda b: self.choose(b.action))
        self._buttons.append(button)        # kept for reuse, in the list or not
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
        look = die_look_of(die)
        for value in range(1, len(look["faces"]) + 1):
            button = FaceButton(value=value, duration=0, **look)
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
        wide = self.width > dp(700)
        self.popup = dialog(title, [scroll], buttons, title_size="20sp",
                            size_hint=(0.6 if wide else 0.94, 0.7 if listed else 0.45))
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
            for action in shown_actions(province_actions(
                    self.session.state, self.session.legal_actions(), province)):
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
        action = {k: v for k, v in action.items() if k not in HINTS}
        if action.get("type") != "end_turn" or self.session is None:
            return super().play(action, dice)
        # the walk-through's start rides in the meta the store writes with the End turn's
        # journal line (one write less on the slowest tap); taken back if the engine refuses
        game = self.session.game
        before = game.meta.get("walkthrough")
        game.meta["walkthrough"] = {"entry": self.session.position + 1, "step": 0}
        played = False
        try:
            played = super().play(action, dice)
        finally:
            if not played:
                game.meta["walkthrough"] = before
        return played

    def need_roll(self, action: dict, dice: list[int] | None, need) -> None:
        """Real dice: the face buttons of the die the engine waits for."""
        self.need = (action, list(dice or []), need.die)
        tr = self.tr
        self.message = tr._("{reason}: roll {die} and tap its result.").format(
            die=die_name(need.die, tr), reason=roll_reason(need.reason, tr,
                                                           names_for(self.session)))
        self.ids.board.highlight = []
        self.build_dice()
        self.to_top()

    def refused(self, action: dict, error: Exception) -> None:
        self.need = None
        super().refused(action, error)
        self.build_dice()
        self.to_top()

    def played(self, action: dict, entry: dict | None) -> None:
        """The log's words for the action; after an end of turn, the barbarian phase step by
        step; the end screen once the game is over."""
        self.need = None
        session = self.session
        before = self.ids.board.state
        last = entry_with_words(session, session.position) if entry is not None else None
        words = last["words"] if last is not None else []
        steps = barbarian_steps(last) if last is not None and \
            action.get("type") == "end_turn" else []
        if steps:
            self.steps, self.step_index, self.step_entry = steps, 0, session.position
        else:
            self.steps = []
            self.message = "\n".join(words)
        self.save_steps()
        self.moved_from = before
        try:
            self.refresh()
        finally:
            self.moved_from = None
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
            lines.append(tr._("Dice rolled: {dice}").format(dice=dice_text(step["dice"], tr)))
        return "\n".join(lines + step["words"])

    def show_step(self) -> None:
        """The current step in the message panel and its button in place of the actions; the
        step's provinces ringed on the map."""
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
        self.ids.board.highlight = step_provinces(self.steps[self.step_index])
        self.to_top()
        self._fit()

    def next_step(self) -> None:
        """The players have made this step's changes: the next one, or back to the actions."""
        if not self.steps:
            return
        if self.step_index < len(self.steps) - 1:
            self.step_index += 1
            self.save_steps()
            self.show_step()
            board = self.ids.board
            moves = step_moves(self.steps[self.step_index], board.state) if board.state else {}
            if moves and motion_on():
                board.glide_to(board.state, moves)
            return
        self.steps = []
        self.save_steps()
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


def die_look_of(rules_name: str) -> dict:
    """How the die the rules call `rules_name` is drawn (its faces, pips and ink), as the dice
    tray draws it."""
    from companion.dice import printed_die
    from companion.screens.dice import die_look

    die = printed_die("tetrarchia", rules_name)
    return die_look(die) if die is not None else {"faces": list(die_faces(rules_name))}


def die_faces(rules_name: str) -> tuple[str, ...]:
    """The face labels of the die the rules call `rules_name`, from the game's content."""
    from companion.dice import printed_die

    die = printed_die("tetrarchia", rules_name)
    return die.faces if die is not None else tuple(str(n) for n in range(1, 7))
