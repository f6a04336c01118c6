"""PAX ROMANA at the table: every power's books and the turn's phases in order.

The header says the turn and phase and the order of play; a switcher shows one power's books
at a time (Talents, stability and its band, VP, heavy units against the Maximum Manpower,
galleys, then its leaders, cards, objectives and temporary units with the turn they leave).
The phase's own steps come first: each power's income and upkeep, the leaders in play, the
objectives bought and units recruited, the activation bag (drawn by the app, or the marker the
table drew tapped), the payment of the active power's activation, the victory phase's GOP and
CvP; then "Next phase". The table's procedures (the land battle on its own screen, the others
in forms) are below, and the table's entries at the end: temporary units (mercenaries, militia;
the Soldier of Fortune and invaders are forces the events screen places) and corrections. A hand over the card limit is a step of its
own: until its holder plays or discards, the page offers nothing else. Nothing here applies a
rule: the engine does, and its refusals are shown in the players' language.
"""
from __future__ import annotations

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.screens.base import GameScreen
from companion.screens.pax_romana_forms import PaxPage, line
from companion.screens.pax_romana_names import (
    card_lines,
    card_name,
    home_provinces,
    names,
    other_provinces,
    power_label,
    procedure_words,
    table_result,
    tables,
)
from companion.widgets import card, column, switcher

FORMS = ("intercept", "allowance", "path", "retreat-before-battle", "naval-disaster",
         "continuity", "naval-battle", "pirates", "attrition", "sack", "militia", "harvest",
         "disease", "garrisons", "control")
NO_FIELDS = ("event", "rebellion", "invasion", "stranded")
TEMPORARY_UNITS = ("mercenary_heavy_infantry", "mercenary_light_infantry", "mercenary_cavalry",
                   "militia", "heavy_infantry", "light_infantry", "cavalry", "elephant",
                   "barbarian_infantry")
WIDE_DP = 900           # from this width (on its side) the page has two columns


class PaxRomanaBooksScreen(PaxPage, GameScreen):
    """Header, power switcher, numbers, the phase's steps, procedures, books."""

    header_text = StringProperty("")
    turn_text = StringProperty("")
    numbers = ListProperty([])
    captions = ListProperty([])
    shown_power = StringProperty("")

    _narrow = _wide = None

    def on_kv_post(self, base):
        super().on_kv_post(base)
        from kivy.core.window import Window

        Window.bind(width=self._on_width)

    def _on_width(self, *_):
        from kivy.clock import Clock

        if self.session is not None and self._narrow is not None and \
                (self._narrow, self._wide) != (self.narrow(), self.wide()):
            Clock.schedule_once(lambda _dt: self.refresh())

    def narrow(self) -> bool:
        from kivy.core.window import Window

        return Window.width < dp(560)

    def reset(self) -> None:
        self.shown_power = ""

    # --- showing --------------------------------------------------------------------------------

    def refresh(self) -> None:
        if self.session is None:
            return
        self.session.set_language(self.tr.lang)
        state = self.session.state
        if self.shown_power not in state["powers"]:
            self.shown_power = self.active() or state["order"][0]
        if state.get("hand_limit"):                 # the holder's hand, in his books
            self.shown_power = state["hand_limit"]["power"]
        self.show_header(state)
        self.build_switcher(state)
        self.show_numbers(state)
        self.build_page(state)

    def active(self) -> str | None:
        from forge.engine.pax_romana.turns import active_power

        return active_power(self.session.state)

    def show_header(self, state: dict) -> None:
        tr = self.tr
        n = names(tr)
        order = " › ".join(n.power(p) for p in state["order"])
        self.header_text = tr._("Order of play: {order}").format(order=order)
        if state["phase"] == "over":
            self.turn_text = tr._("Game over")
            return
        self.turn_text = tr._("Turn {number} of {last} · {phase}").format(
            number=state["turn"], last=state["last_turn"], phase=n.phase(state["phase"]))
        active = self.active()
        if active:
            self.turn_text += " · " + tr._("{power} is active").format(power=n.power(active))

    def build_switcher(self, state: dict) -> None:
        box = self.ids.switcher
        self._narrow, self._wide = self.narrow(), self.wide()
        box.cols = min(2 if self._narrow else 4, len(state["order"]))
        n = names(self.tr)
        self.power_buttons = switcher(box, [(p, n.power(p)) for p in state["order"]],
                                      self.active(), self.shown_power, self.show_power,
                                      "pax-power")

    def show_power(self, power: str) -> None:
        self.shown_power = power
        self.refresh()

    def show_numbers(self, state: dict) -> None:
        from forge.engine.pax_romana.progress import standings

        tr = self.tr
        row = next(r for r in standings(state) if r["power"] == self.shown_power)
        self.numbers = [str(row["treasury"]), str(row["stability"]), str(row["vp"]),
                        f"{row['heavy']}/{row['max_manpower']}", str(row["galleys"])]
        self.captions = [tr._("Talents"), self.band_words(row["band"]), tr._("VP"),
                         tr._("heavy/MaxPH"), tr._("galleys")]

    def band_words(self, band: str) -> str:
        tr = self.tr
        return {"stable": tr._("stable"), "unrest": tr._("unrest"),
                "turmoil": tr._("turmoil")}.get(band, band)

    def wide(self) -> bool:
        """On a window on its side: the phase beside the procedures and books."""
        from kivy.core.window import Window

        return Window.width >= dp(WIDE_DP) and Window.width > Window.height

    def build_page(self, state: dict) -> None:
        page = self.ids.page
        page.clear_widgets()
        self.action_buttons = []
        left = right = page
        if self.wide():
            left, right = column(), column()
            holder = BoxLayout(orientation="vertical", size_hint_y=None)   # left at the top
            holder.add_widget(left)
            holder.add_widget(Widget())

            def fit(*_):
                holder.height = max(left.height, right.height)

            left.bind(height=fit)
            right.bind(height=fit)
            grid = GridLayout(cols=2, size_hint_y=None, spacing=dp(12))
            grid.bind(minimum_height=grid.setter("height"))
            grid.add_widget(holder)
            grid.add_widget(right)
            page.add_widget(grid)
        if state.get("hand_limit"):
            self.build_hand_limit(left, state)
            self.build_books(right, state)
            self.ids.scroll.scroll_y = 1
            return
        if state["phase"] != "over":
            self.build_phase(left, state)
        self.build_books(right, state)
        if state["phase"] != "over" and not state["battle"]:
            self.build_procedures(right)
        if state["phase"] != "over":
            right.add_widget(Factory.Section(text=self.tr._("The table's entries")))
            if not state["battle"]:
                self.add(right, self.tr._("Temporary units…"), self.form_temporary,
                         {"type": "add-temporary"}, emphasis="secondary")
            self.add(right, self.tr._("Correction…"), self.form_adjust, emphasis="secondary")
        self.ids.scroll.scroll_y = 1

    # --- a step that waits ----------------------------------------------------------------------

    def build_hand_limit(self, box, state: dict) -> None:
        """A hand over the limit (17.14): its holder plays or discards a card before anything
        else; the last card drawn is shown, then each card's two buttons."""
        tr = self.tr
        n = names(tr)
        limit = state["hand_limit"]
        power = limit["power"]
        held = state["powers"][power]["cards"]
        box.add_widget(Factory.Section(text=tr._("Too many cards in hand")))
        box.add_widget(line(tr._("{power} holds {count} cards and may keep {most}: it plays "
                                 "or discards one before anything else.").format(
            power=n.power(power), count=len(held), most=limit["most"]), bold=True))
        self.build_result(box, state)
        for action in self.session.legal_actions():
            words = (tr._("Discard {card}") if action.get("discard")
                     else tr._("Play {card}")).format(card=card_name(action["card"], tr))
            self.add(box, words, lambda a=action: self.play(a), action,
                     emphasis="secondary" if action.get("discard") else "primary")

    # --- the phase ------------------------------------------------------------------------------

    def build_phase(self, box, state: dict) -> None:
        tr = self.tr
        n = names(tr)
        phase = state["phase"]
        box.add_widget(Factory.Section(text=tr._("{phase} Phase").format(phase=n.phase(phase))))
        if state["battle"]:
            box.add_widget(line(tr._("A battle is being fought: finish it first.")))
            self.add(box, tr._("Back to the battle"), self.open_battle, {"type": "battle"})
            return
        powers = state["order"]
        if phase == "income":
            for power in powers:
                self.add(box, tr._("Income of {power}…").format(power=n.power(power)),
                         lambda p=power: self.form_income(p), {"type": "income", "power": power})
        elif phase == "upkeep":
            for power in powers:
                self.add(box, tr._("Upkeep of {power}…").format(power=n.power(power)),
                         lambda p=power: self.form_upkeep(p), {"type": "upkeep", "power": power})
        elif phase == "elimination":
            box.add_widget(line(tr._("Temporary units whose turn has come leave the map; the "
                                     "rest stay (see each power's books).")))
        elif phase == "leader_selection":
            for power in powers:
                self.add(box, tr._("Leaders of {power}…").format(power=n.power(power)),
                         lambda p=power: self.form_leaders(p),
                         {"type": "set-leaders", "power": power})
        elif phase == "manpower":
            for power in powers:
                self.add(box, tr._("Objective for {power}…").format(power=n.power(power)),
                         lambda p=power: self.form_objective(p),
                         {"type": "buy-objective", "power": power}, emphasis="secondary")
                self.add(box, tr._("Recruit for {power}…").format(power=n.power(power)),
                         lambda p=power: self.form_recruit(p),
                         {"type": "recruit", "power": power}, emphasis="secondary")
        elif phase == "activation":
            self.build_bag(box, state)
        elif phase == "attrition":
            box.add_widget(line(tr._("Each force out of supply or in the Alps: its attrition "
                                     "roll (Procedures below).")))
            self.add(box, procedure_words("attrition", tr) + "…",
                     lambda: self.form_procedure("attrition"), {"type": "attrition"})
        elif phase == "victory":
            self.add(box, tr._("GOP and CvP of every power…"), self.form_victory,
                     {"type": "victory"})
        elif phase == "order_of_play":
            box.add_widget(line(tr._("Next turn's order of play: {order}").format(
                order=", ".join(n.power(p) for p in state["order"]))))
        self.build_result(box, state)
        if state.get("pending"):
            self.add(box, tr._("An event waits: apply it…"),
                     lambda: self.show_screen("pax_romana_events"), {"type": "resolve"})
        keys = [p["key"] for p in tables().phases]
        index = keys.index(phase)
        following = (n.phase(keys[index + 1]) if index + 1 < len(keys)
                     else tr._("turn {number}").format(number=state["turn"] + 1))
        self.next_button = self.add(box, tr._("Next: {phase}").format(phase=following),
                                    lambda: self.play({"type": "next-phase"}),
                                    {"type": "next-phase"})

    def build_result(self, box, state: dict) -> None:
        """The latest event, rebellion or invasion drawn: its dice, name and what to do."""
        action = self.session.log()[self.session.position]["action"] or {}
        lines = table_result(state.get("last"), self.tr) \
            if action.get("type") in ("event", "rebellion", "invasion") else []
        drawn = next((e for e in self.session.log()[self.session.position]["events"]
                      if e.get("kind") in ("card-drawn", "card-played")), None)
        if drawn is not None:
            lines = [names(self.tr).power(drawn["power"])] + card_lines(drawn["card"], self.tr)
        if lines:
            result = card(*[line(text, bold=index == 1) for index, text in enumerate(lines)])
            result.role = "result"
            box.add_widget(result)
            self.result_lines = lines

    result_lines: tuple | list = ()

    def build_bag(self, box, state: dict) -> None:
        tr = self.tr
        n = names(tr)
        bag = state["bag"]
        left: dict = {}
        for marker in bag["markers"]:
            left[marker] = left.get(marker, 0) + 1
        shown = ", ".join(f"{n.power(m) if m != 'event' else tr._('Event')} ×{c}"
                          for m, c in left.items()) or "-"
        box.add_widget(line(tr._("In the bag: {markers}").format(markers=shown)))
        drawn = ", ".join(n.power(m) if m != "event" else tr._("Event") for m in bag["drawn"])
        box.add_widget(line(tr._("Drawn: {markers}").format(markers=drawn or "-")))
        legal = [a for a in self.session.legal_actions() if a["type"] == "draw-marker"]
        if legal:
            fixed = legal[0].get("marker")
            if fixed:
                self.add(box, tr._("First round: {power}'s marker").format(
                    power=n.power(fixed)), lambda: self.play(legal[0]), legal[0])
            else:
                self.add(box, tr._("The app draws a marker"),
                         lambda: self.play({"type": "draw-marker"}), {"type": "draw-marker"})
                box.add_widget(line(tr._("Or the marker drawn from the real bag:")))
                for marker in left:
                    action = {"type": "draw-marker", "marker": marker}
                    self.add(box, n.power(marker) if marker != "event" else tr._("Event"),
                             lambda a=action: self.play(a), action, emphasis="secondary")
        active = self.active()
        if active:
            self.add(box, tr._("{power} pays the activation…").format(power=n.power(active)),
                     lambda: self.form_pay(active), {"type": "pay-activation", "power": active})
            self.add(box, tr._("Land battle"), self.open_battle, {"type": "battle"})
        if active and state.get("deck") is not None:
            self.build_cards(box, state, active)
        if bag["drawn"] and bag["drawn"][-1] == "event":
            self.add(box, procedure_words("event", tr),
                     lambda: self.play({"type": "event"}), {"type": "event"})

    def build_cards(self, box, state: dict, power: str) -> None:
        """The Advanced Game's event cards of the active power: the next card drawn by the app
        or the one the table drew, and each card of its hand played or discarded."""
        tr = self.tr
        n = names(tr)
        deck = state["deck"]
        box.add_widget(line(tr._("Event cards: {left} in the deck").format(
            left=len(deck["cards"]))))
        if deck["cards"]:
            action = {"type": "draw-card", "power": power}
            self.add(box, tr._("The app draws a card for {power}").format(power=n.power(power)),
                     lambda: self.play(action), action)
            self.add(box, tr._("The card drawn at the table…"), lambda: self.form_card(power),
                     {"type": "draw-card", "power": power, "card": None},
                     emphasis="secondary")
        for held in sorted(set(state["powers"][power]["cards"])):
            play = {"type": "play-card", "power": power, "card": held}
            self.add(box, tr._("Play {card}").format(card=card_name(held, tr)),
                     lambda a=play: self.play(a), play, emphasis="secondary")
            discard = {**play, "discard": True}
            self.add(box, tr._("Discard {card}").format(card=card_name(held, tr)),
                     lambda a=discard: self.play(a), discard, emphasis="secondary")

    def form_card(self, power: str) -> None:
        tr = self.tr
        left = sorted(set(self.session.state["deck"]["cards"]))
        self.open_form(tr._("The card drawn at the table"),
                       [("choice", "card", tr._("Card"), [(c, card_name(c, tr)) for c in left])],
                       lambda v: {"type": "draw-card", "power": power, **v})

    # --- procedures -------------------------------------------------------------------------

    def build_procedures(self, box) -> None:
        tr = self.tr
        box.add_widget(Factory.Section(text=tr._("Procedures")))
        self.add(box, tr._("Events and forces…"), lambda: self.show_screen("pax_romana_events"),
                 emphasis="secondary")
        self.add(box, procedure_words("battle", tr) + "…", self.open_battle,
                 {"type": "battle"}, emphasis="secondary")
        self.add(box, tr._("Naval move…"), lambda: self.show_screen("pax_romana_naval"),
                 {"type": "naval-move"}, emphasis="secondary")
        for kind in FORMS:
            self.add(box, procedure_words(kind, tr) + "…",
                     lambda k=kind: self.form_procedure(k), {"type": kind},
                     emphasis="secondary")
        for kind in NO_FIELDS:
            self.add(box, procedure_words(kind, tr), lambda k=kind: self.play({"type": k}),
                     {"type": kind}, emphasis="secondary")

    def open_battle(self) -> None:
        self.message = ""
        self.show_screen("pax_romana_battle")

    def power_options(self) -> list[tuple]:
        n = names(self.tr)
        return [(p, n.power(p)) for p in self.session.state["order"]]

    def procedure_fields(self, kind: str) -> list:
        tr = self.tr
        yes = lambda key, words: ("bool", key, words)
        if kind == "intercept":
            return [("int", "tactical", tr._("Tactics of the intercepting leader"), 0, 4, 1),
                    ("choice", "from", tr._("Intercepting from"),
                     [("open", tr._("open space")), ("town", tr._("town")),
                      ("city", tr._("city"))]),
                    yes("into_city", tr._("Into a city?"))]
        if kind == "allowance":
            return [("int", "campaign", tr._("Campaign rating"), 0, 6, 2),
                    yes("leader", tr._("With a leader?")), yes("alone", tr._("Leader alone?"))]
        if kind == "path":
            steps = [(s["id"], s.get("text") or s["id"]) for s in
                     tables().movement["mp_costs"]["steps"]]
            return [("counts", "steps", tr._("Steps of the path"), steps),
                    ("int", "allowance", tr._("Movement allowance (0: not checked)"), 0, 20, 0)]
        if kind == "retreat-before-battle":
            return [("choice", "power", tr._("Who retreats"), self.power_options()),
                    ("choice", "cavalry", tr._("The enemy's cavalry"),
                     [("none", tr._("none")), ("superiority", tr._("superiority")),
                      ("supremacy", tr._("supremacy"))]),
                    yes("home", tr._("From its home territory?")),
                    yes("by_sea", tr._("By sea?")),
                    yes("mountain_fortress", tr._("From a Mountain Fortress?"))]
        if kind == "naval-disaster":
            return [yes("high_seas", tr._("On the high seas?"))]
        if kind == "continuity":
            return [yes("leader", tr._("With a leader?")),
                    yes("enemy_retreated", tr._("The enemy retreated?")),
                    yes("won_naval_battle", tr._("Won a naval battle?"))]
        if kind == "naval-battle":
            fields = []
            for side, words in (("attacker", tr._("Attacker")), ("defender", tr._("Defender"))):
                fields += [("int", f"{side}.squadrons", words + ": " + tr._("squadrons"),
                            0, 30, 1),
                           yes(f"{side}.leader", words + ": " + tr._("with a leader?")),
                           yes(f"{side}.galley_technology",
                               words + ": " + tr._("galley technology?"))]
            return fields
        if kind == "pirates":
            return [("int", "galley_bp", tr._("Galley BP"), 0, 30, 1),
                    yes("leader", tr._("With a leader?")), yes("cilician", tr._("Cilicia?"))]
        if kind == "attrition":
            return [("int", "units", tr._("Units in the force"), 0, 60, 1)]
        if kind == "sack":
            return [("choice", "power", tr._("Who sacks"), self.power_options()),
                    ("choice", "kind", tr._("What is sacked"),
                     [("town", tr._("town")), ("city", tr._("city"))]),
                    ("int", "campaign", tr._("Campaign rating"), 0, 6, 2),
                    yes("mercenaries", tr._("Mercenaries in the force?")),
                    yes("barbarians", tr._("Barbarians?"))]
        if kind == "militia":
            return [("choice", "power", tr._("Whose militia"), self.power_options())]
        if kind == "harvest":
            return [("choice", "change", tr._("The harvest"),
                     [("event", tr._("a die says even or odd")),
                      ("event_even", tr._("event roll even")),
                      ("event_odd", tr._("event roll odd")),
                      ("bounteous", tr._("bounteous")), ("famine", tr._("famine"))])]
        if kind == "disease":
            return [("int", "campaign", tr._("Campaign of the best leader"), 0, 6, 2),
                    ("choice", "source", tr._("Called by"),
                     [("event", tr._("an event")), ("card", tr._("a card"))])]
        if kind == "garrisons":
            units = self.unit_options()
            return [("counts", "units", tr._("Units broken down"), units),
                    ("counts", "reduced", tr._("Reduced units broken down"), units)]
        if kind == "control":
            provinces = [(pid, name) for group in (tables().economy["powers"],
                                                   tables().economy["territories"])
                         for g in group for pid, name in ((p["id"], p["name"])
                                                          for p in g["provinces"])]
            return [("choice", "power", tr._("Which power"), self.power_options()),
                    ("choice", "province", tr._("Province"), provinces),
                    ("int", "spaces", tr._("Spaces in the province"), 1, 20, 3),
                    ("int", "held", tr._("Spaces it holds"), 0, 20, 2),
                    yes("capital", tr._("Holds the capital?")),
                    ("int", "other_most", tr._("Most held by another power"), 0, 20, 0)]
        return []

    def unit_options(self) -> list[tuple]:
        n = names(self.tr)
        t = tables()
        return [(u, n.unit(u)) for u in t.unit if u != "galley_squadron"]

    def form_procedure(self, kind: str) -> None:
        def make(values: dict) -> dict:
            action = {"type": kind, **values}
            if kind == "path":
                action["steps"] = [s for s, c in values["steps"].items() for _ in range(c)]
                if not values["allowance"]:
                    action.pop("allowance")
            if kind == "allowance" and not values["leader"]:
                action.pop("campaign")
            return action

        self.open_form(procedure_words(kind, self.tr), self.procedure_fields(kind), make)

    # --- the phases' forms ------------------------------------------------------------------

    def form_income(self, power: str) -> None:
        tr = self.tr
        fields = [("many", "provinces", tr._("Provinces it controls"),
                   home_provinces(power) + other_provinces(power)),
                  ("int", "towns.full", tr._("Towns"), 0, 30, 0),
                  ("int", "towns.reduced", tr._("Reduced towns"), 0, 30, 0),
                  ("int", "cities.full", tr._("Cities"), 0, 30, 0),
                  ("int", "cities.reduced", tr._("Reduced cities"), 0, 30, 0),
                  ("bool", "mine", tr._("The mine?"))]
        self.open_form(tr._("Income of {power}").format(power=names(tr).power(power)), fields,
                       lambda v: {"type": "income", "power": power, **v})

    def form_upkeep(self, power: str) -> None:
        tr = self.tr
        book = self.session.state["powers"][power]
        fields = [("int", "galleys_paid", tr._("Galleys paid for"), 0, 60, book["galleys"]),
                  ("int", "heavy_paid", tr._("Heavy units above MaxPH paid for"), 0, 60, 0)]
        self.open_form(tr._("Upkeep of {power}").format(power=names(tr).power(power)), fields,
                       lambda v: {"type": "upkeep", "power": power, **v})

    def form_leaders(self, power: str) -> None:
        tr = self.tr
        rule = tables().units["leaders"]
        fields = [("choice", "count", tr._("Leaders in play"),
                   [(c, str(c)) for c in range(rule["in_play_per_turn"] + 1)])]
        for index in range(rule["in_play_per_turn"]):
            label = tr._("Leader {number}").format(number=index + 1)
            fields += [("int", f"l{index}.tactical", label + ": " + tr._("Tactics"),
                        rule["tactical"]["min"], rule["tactical"]["max"], rule["tactical"]["min"]),
                       ("int", f"l{index}.campaign", label + ": " + tr._("Campaign"),
                        rule["campaign"]["min"], rule["campaign"]["max"], rule["campaign"]["min"]),
                       ("bool", f"l{index}.elite", label + ": " + tr._("Elite?"))]

        def make(values: dict) -> dict:
            leaders = [values[f"l{i}"] for i in range(values["count"])]
            return {"type": "set-leaders", "power": power, "leaders": leaders}

        self.open_form(tr._("Leaders of {power}").format(power=names(tr).power(power)), fields,
                       make)

    def form_objective(self, power: str) -> None:
        tr = self.tr
        n = names(tr)
        objectives = [(o["id"], f"{o['id']}. " + n.game_text(
            o["name"], f"victory/objectives/list/{o['id']}/name"))
            for o in tables().victory["objectives"]["list"]]
        self.open_form(tr._("Objective for {power}").format(power=n.power(power)),
                       [("choice", "objective", tr._("Objective"), objectives)],
                       lambda v: {"type": "buy-objective", "power": power, **v})

    def form_recruit(self, power: str) -> None:
        tr = self.tr
        fields = [("choice", "province", tr._("Province"),
                   home_provinces(power) + other_provinces(power)),
                  ("counts", "units", tr._("Units raised"), self.unit_options()),
                  ("bool", "cut_off", tr._("Cut off?"))]
        self.open_form(tr._("Recruit for {power}").format(power=names(tr).power(power)),
                       fields, lambda v: {"type": "recruit", "power": power, **v})

    def form_pay(self, power: str) -> None:
        tr = self.tr
        operations = [(o["id"], names(tr).game_text(
            o["name"], f"turn/operations/{o['id']}/name"))
            for o in tables().turn["operations"]
            if not (o.get("standard_only") and self.session.state["game"] != "standard")]
        from forge.engine.pax_romana.turns import after_civil_war

        note = tr._("After the civil war each marker costs {cost} T this turn.").format(
            cost=tables().cost("activation_after_civil_war")) \
            if after_civil_war(self.session.state, power) else ""
        self.open_form(tr._("{power} pays the activation").format(power=names(tr).power(power)),
                       [("choice", "operation", tr._("Operation"), operations)],
                       lambda v: {"type": "pay-activation", "power": power, **v}, note=note)

    def form_victory(self) -> None:
        tr = self.tr
        n = names(tr)
        fields = []
        for power in self.session.state["order"]:
            fields += [("int", f"gop.{power}", n.power(power) + ": " + tr._("GOP"), 0, 99, 0),
                       ("int", f"cvp.{power}", n.power(power) + ": " + tr._("CvP"), 0, 99, 0)]
        self.open_form(procedure_words("victory", tr), fields,
                       lambda v: {"type": "victory", **v})

    def form_temporary(self) -> None:
        """Temporary units into a power's books: where they come from, the units, and for
        mercenaries whether they are paid now; the engine says the turn they leave. The Soldier
        of Fortune and invaders are forces the events screen places, not offered here."""
        tr = self.tr
        n = names(tr)
        sources = [("mercenaries", tr._("Mercenaries")), ("militia", tr._("Militia"))]
        units = [(u, n.unit(u)) for u in TEMPORARY_UNITS if u in tables().unit and not (
            tables().unit[u].get("advanced_only") and self.session.state["game"] != "advanced")]
        fields = [("choice", "power", tr._("Which power"), self.power_options()),
                  ("choice", "source", tr._("They come from"), sources),
                  ("counts", "units", tr._("Units"), units),
                  ("bool", "pay", tr._("Mercenaries paid for now?"))]
        note = tr._("They leave in the Elimination Phase of turn {turn}.").format(
            turn=self.session.state["turn"] + 1)
        self.open_form(tr._("Temporary units"), fields,
                       lambda v: {"type": "add-temporary", **v}, note=note)

    def form_adjust(self) -> None:
        tr = self.tr
        fields = [("choice", "power", tr._("Which power"), self.power_options())]
        for key, words in (("treasury", tr._("Talents")), ("stability", tr._("Stability")),
                           ("vp", tr._("VP")), ("heavy", tr._("Heavy units")),
                           ("galleys", tr._("Galleys"))):
            fields.append(("int", key, words + " (±)", -50, 50, 0))
        self.open_form(tr._("Correction"), fields,
                       lambda v: {"type": "adjust", **{k: x for k, x in v.items() if x},
                                  "why": tr._("the table's correction")})

    # --- the books ------------------------------------------------------------------------------

    def book_lines(self, state: dict, power: str) -> list[str]:
        tr = self.tr
        n = names(tr)
        book = state["powers"][power]
        lines = [power_label(state, power, tr),
                 tr._("VP this turn {vp} · GOP {gop} · CvP {cvp}").format(
                     vp=book["vp_turn"], gop=book["gop"], cvp=book["cvp"])]
        leaders = "; ".join(
            (leader.get("name") or tr._("leader")) + f" {leader['tactical']}-"
            f"{leader['campaign']}" + (" " + tr._("Elite") if leader.get("elite") else "")
            for leader in book["leaders"])
        lines.append(tr._("Leaders: {leaders}").format(leaders=leaders or "-"))
        lines.append(tr._("Cards: {cards}").format(
            cards=", ".join(card_name(c, tr) for c in book["cards"]) or "-"))
        lines.append(tr._("Objectives: {objectives}").format(
            objectives=", ".join(book["objectives"]) or "-"))
        lines.append(tr._("Temporary units: {units}").format(
            units=self.temporary_words(book) or "-"))
        if book.get("elite_box"):
            boxed = "; ".join(tr._("{leader}, back in the bag in turn {turn}").format(
                leader=(b.get("name") or tr._("leader")) + f" {b['tactical']}-{b['campaign']}",
                turn=b["returns"]) for b in book["elite_box"])
            lines.append(tr._("Elite leaders' box: {leaders}").format(leaders=boxed))
        last = state.get("last")
        if last and last.get("kind") == "battle":
            lines.append(tr._("Last battle: {attacker} against {defender}").format(
                attacker=n.power(last["attacker"]["power"]),
                defender=n.power(last["defender"]["power"])))
        return lines

    def temporary_words(self, book: dict) -> str:
        """Each temporary unit and the turn it leaves (mercenary cavalry: becomes cavalry)."""
        tr = self.tr
        n = names(tr)
        parts = []
        for entry in book["temporary"]:
            becomes = tables().unit.get(entry["unit"], {}).get("becomes_in_elimination")
            if becomes:
                parts.append(tr.ngettext("{count} {unit} becomes {becomes} in turn {turn}",
                                         "{count} {unit} become {becomes} in turn {turn}",
                                         entry["count"]).format(
                    count=entry["count"], unit=n.unit(entry["unit"]), becomes=n.unit(becomes),
                    turn=entry["expires"]))
            else:
                parts.append(tr.ngettext("{count} {unit} leaves in turn {turn}",
                                         "{count} {unit} leave in turn {turn}",
                                         entry["count"]).format(
                    count=entry["count"], unit=n.unit(entry["unit"]), turn=entry["expires"]))
        return "; ".join(parts)

    def build_books(self, box, state: dict) -> None:
        box.add_widget(Factory.Section(text=self.tr._("Books")))
        for text in self.book_lines(state, self.shown_power):
            box.add_widget(line(text))

    # --- playing ------------------------------------------------------------------------------

    def played(self, action: dict, entry) -> None:
        last = self.session.log()[self.session.position]
        self.message = "\n".join(w for w in last["words"] if w)
        self.refresh()
        self.ids.info.scroll_y = 1


SCREEN = PaxRomanaBooksScreen
