"""PAX ROMANA's naval move walked by taps: the fleet set out (squadrons, leader, the land units
it carries and their MP), each port or transit point entered as the players read it off their
map, every die with what it decides, the stops and their reasons, Continuity, picking up,
landing and amphibious attacks, and how the move ends. Nothing here applies a rule: the engine
does (forge/engine/pax_romana/naval.py).
"""
from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.screens.base import GameScreen
from companion.screens.pax_romana_forms import PaxPage, line
from companion.screens.pax_romana_names import UNITS_SHOWN, names, units_text
from companion.widgets import card

POINT_KINDS = ("port", "transit", "high_seas")
PORT_FACTS = ("home", "friendly", "enemy", "enemy_land", "land_here")
OUTCOMES = ("landed", "again", "sail", "stranded")


class PaxRomanaNavalScreen(PaxPage, GameScreen):
    """The naval move under way (or the button to set one out) and its steps."""

    kept_hints = ("lost_bp",)          # a carried-losses choice sends the BP it absorbs

    title_text = StringProperty("")

    def refresh(self) -> None:
        if self.session is None:
            return
        self.session.set_language(self.tr.lang)
        tr = self.tr
        self.title_text = tr._("Naval move")
        page = self.ids.page
        page.clear_widgets()
        self.action_buttons = []
        naval = self.session.state.get("naval")
        self.build_rolls(page)
        if naval:
            self.build_steps(page, naval)
            self.build_fleet(page, naval)
        else:
            self.build_start(page)
        self.ids.scroll.scroll_y = 1

    # --- words ------------------------------------------------------------------------------

    def point_words(self, kind: str) -> str:
        tr = self.tr
        return {"port": tr._("a port"), "transit": tr._("a naval transit point"),
                "high_seas": tr._("a high-seas transit point")}[kind]

    def stage_words(self, stage: str) -> str:
        tr = self.tr
        return {"moving": tr._("Sailing: enter the next point"),
                "stopped": tr._("Stopped: roll for Continuity to sail on"),
                "finished": tr._("Finished for this activation"),
                "amphibious": tr._("Amphibious attack: fight the land battle, then give its "
                                   "outcome")}[stage]

    def fleet_lines(self, naval: dict) -> list[str]:
        """The fleet, what it carries, its MP and where it is, in words."""
        from forge.engine.pax_romana.naval import left
        from forge.engine.pax_romana.words import STOPS, _words

        tr = self.tr
        n = names(tr)
        lines = [n.power(naval["power"]),
                 tr._("Squadrons: {squadrons}").format(squadrons=naval["squadrons"])]
        if naval["leader"]:
            lines.append(tr._("With a leader"))
        carried = naval["land"]
        if carried["units"]:
            lines.append(tr._("Land units carried: {units} ({bp} BP)").format(**carried))
        if carried.get("carried") and any(carried["carried"]["units"].values()):
            lines.append(units_text(carried["carried"]["units"], tr))
        if carried.get("carried") and any(carried["carried"]["reduced"].values()):
            lines.append(tr._("reduced: {units}").format(
                units=units_text(carried["carried"]["reduced"], tr)))
        mp = left(naval)
        lines.append(tr._("No MP: galleys alone") if mp is None
                     else tr._("{mp} MP left").format(mp=mp))
        lines.append(tr._("At {point}").format(point=self.point_words(naval["at"]["point"])))
        if naval.get("stop"):
            lines.append(tr._("Stopped by: {why}").format(why=", ".join(
                _words(STOPS, r, tr) for r in dict.fromkeys(naval["stop"]["reasons"]))))
        else:
            lines.append(self.stage_words(naval["stage"]))
        if naval["points"]:
            lines.append(tr._("Points entered: {count}").format(count=len(naval["points"])))
        return lines

    # --- the page -----------------------------------------------------------------------------

    def build_start(self, page) -> None:
        tr = self.tr
        page.add_widget(Factory.Section(text=tr._("No naval move under way")))
        last = self.session.state.get("last") or {}
        if last.get("kind") == "naval-move" and last.get("ended"):
            from forge.engine.pax_romana.words import ENDINGS, _words

            page.add_widget(card(line(tr._("The last naval move: {how}").format(
                how=_words(ENDINGS, last["ended"], tr)), bold=True)))
        self.add(page, tr._("Set sail…"), self.form_start, {"type": "naval-move"})

    def build_fleet(self, page, naval: dict) -> None:
        page.add_widget(Factory.Section(text=self.tr._("The fleet")))
        fleet = card(*[line(text, bold=i == 0)
                       for i, text in enumerate(self.fleet_lines(naval))])
        fleet.role = "fleet"
        page.add_widget(fleet)

    def build_steps(self, page, naval: dict) -> None:
        tr = self.tr
        legal = [a for a in self.session.legal_actions() if a["type"].startswith("naval-")]
        kinds = {a["type"] for a in legal}
        if "naval-losses" in kinds:
            self.build_absorb(page, naval, [a for a in legal if a["type"] == "naval-losses"])
            return
        page.add_widget(Factory.Section(text=self.stage_words(naval["stage"])))
        if "naval-enter" in kinds:
            for kind in POINT_KINDS:
                self.add(page, tr._("Enter {point}…").format(point=self.point_words(kind)),
                         lambda k=kind: self.form_enter(k),
                         {"type": "naval-enter", "point": kind})
        if "naval-continuity" in kinds:
            self.add(page, tr._("Roll for Continuity"),
                     lambda: self.play({"type": "naval-continuity"}),
                     {"type": "naval-continuity"})
            if any(a.get("attack_again") for a in legal):
                action = {"type": "naval-continuity", "attack_again": True}
                self.add(page, tr._("Roll for Continuity and attack again"),
                         lambda a=action: self.play(a), action, emphasis="secondary")
                action = {"type": "naval-continuity", "enemy_attacks": True}
                self.add(page, tr._("Roll for Continuity; the enemy attacks as it leaves"),
                         lambda a=action: self.play(a), action, emphasis="secondary")
        if "naval-amphibious" in kinds:
            self.add(page, tr._("Fight the land battle…"),
                     lambda: self.show_screen("pax_romana_battle"), {"type": "battle"})
            for outcome in OUTCOMES:
                self.add(page, self.outcome_words(outcome) + "…",
                         lambda o=outcome: self.form_outcome(o),
                         {"type": "naval-amphibious", "outcome": outcome},
                         emphasis="secondary")
        if "naval-land" in kinds:
            self.add(page, tr._("Land units…"), self.form_land, {"type": "naval-land"},
                     emphasis="secondary")
            if any(a.get("attack") for a in legal):
                action = {"type": "naval-land", "attack": True}
                self.add(page, tr._("Attack from the sea"), lambda a=action: self.play(a),
                         action, emphasis="secondary")
        if "naval-pick-up" in kinds:
            self.add(page, tr._("Pick up…"), self.form_pick_up, {"type": "naval-pick-up"},
                     emphasis="secondary")
        if "naval-end" in kinds:
            self.add(page, tr._("End the move here"), lambda: self.play({"type": "naval-end"}),
                     {"type": "naval-end"}, emphasis="secondary")

    def build_absorb(self, page, naval: dict, choices: list[dict]) -> None:
        """The land BP lost by the carried units: one button per legal allocation (P88)."""
        tr = self.tr
        page.add_widget(Factory.Section(text=tr._(
            "Which carried units absorb the {loss} BP lost?").format(
            loss=naval["absorb"]["loss"])))
        for action in choices:
            self.add(page, self.allocation_words(action), lambda a=action: self.play(a), action)

    def allocation_words(self, action: dict) -> str:
        tr = self.tr
        parts = []
        for key, words in (("eliminate", tr._("eliminate {units}")),
                           ("reduce", tr._("reduce {units}")),
                           ("eliminate_reduced", tr._("eliminate reduced {units}"))):
            if any((action.get(key) or {}).values()):
                parts.append(words.format(units=units_text(action[key], tr)))
        return "; ".join(parts) or tr._("nothing")

    def outcome_words(self, outcome: str) -> str:
        tr = self.tr
        return {"landed": tr._("The defender left: landed"),
                "again": tr._("Attack again"), "sail": tr._("Sail on to land elsewhere"),
                "stranded": tr._("Stranded: roll the die")}[outcome]

    def build_rolls(self, page) -> None:
        """The latest step's dice, each with what it decided, and its events in words."""
        from forge.engine.pax_romana.words import roll_reason

        tr = self.tr
        log = self.session.log()
        if not log or not str(log[self.session.position]["action"].get("type", "")).startswith(
                "naval"):
            return
        entry = log[self.session.position]
        page.add_widget(Factory.Section(text=tr._("What happened")))
        lines = [line(tr._("Rolled {value} for {reason}").format(
            value=roll["value"], reason=roll_reason(roll["reason"], tr)), bold=True)
            for roll in entry["rolls"]]
        lines += [line(text) for text in entry["words"] if text]
        result = card(*lines)
        result.role = "rolls"
        page.add_widget(result)

    # --- forms --------------------------------------------------------------------------------

    def power_options(self) -> list[tuple]:
        n = names(self.tr)
        return [(p, n.power(p)) for p in self.session.state["order"]]

    def form_start(self) -> None:
        tr = self.tr
        fields = [
            ("choice", "power", tr._("Whose fleet?"), self.power_options()),
            ("int", "squadrons", tr._("Squadrons"), 0, 30, 1),
            ("bool", "leader", tr._("A leader with the fleet")),
            ("int", "campaign", tr._("His Campaign"), 0, 9, 0),
            ("bool", "galley_technology", tr._("Galley technology")),
            ("int", "land_units", tr._("Land units carried"), 0, 30, 0),
            ("int", "land_bp", tr._("Their BP"), 0, 90, 0),
            ("counts", "carried", tr._("Or the land units carried, by kind (they choose "
                                       "their losses)"),
             [(u, names(tr).unit(u)) for u in UNITS_SHOWN if u != "garrison"]),
            ("int", "mp", tr._("Their MP when they embark"), 0, 30, 0),
            ("choice", "at", tr._("Sets out from"), [("port", tr._("a port")),
                                                     ("transit", tr._("a naval transit point"))]),
        ]

        def make(values: dict) -> dict:
            action = {"type": "naval-move", **values}
            if action.get("carried"):
                action.pop("land_units")
                action.pop("land_bp")
                action["land_units"] = sum(action["carried"].values())
            else:
                action.pop("carried", None)
            if not action["land_units"]:
                action.pop("mp")
            if not action["leader"]:
                action.pop("campaign")
            return action

        self.open_form(tr._("Set sail"), fields, make)

    def form_enter(self, kind: str) -> None:
        tr = self.tr
        naval = self.session.state["naval"]
        n = names(tr)
        enemies = [(p, n.power(p)) for p in self.session.state["order"] if p != naval["power"]]
        fields = []
        if kind == "port":
            words = {"home": tr._("In its home territory"),
                     "friendly": tr._("Friendly (its land units or garrison there)"),
                     "enemy": tr._("Occupied by the enemy"),
                     "enemy_land": tr._("Non-friendly land units there"),
                     "land_here": tr._("It lands troops here")}
            fields += [("bool", key, words[key]) for key in PORT_FACTS]
        fields += [
            ("int", "enemy_fleet.squadrons", tr._("Enemy squadrons there"), 0, 30, 0),
            ("choice", "enemy_fleet.power", tr._("Whose squadrons?"), enemies),
            ("bool", "enemy_fleet.leader", tr._("An enemy leader with them")),
            ("bool", "enemy_fleet.galley_technology", tr._("Enemy galley technology")),
            ("bool", "enemy_fleet.retreats", tr._("The enemy fleet retreats")),
            ("bool", "lets_pass", tr._("The enemy lets it pass")),
            ("bool", "pirates", tr._("Pirates there")),
            ("bool", "cilician", tr._("The Cilician pirates")),
        ]
        if kind == "port":
            fields.append(("bool", "rhodes", tr._("Rhodes (its toll)")))
        if kind != "high_seas":
            fields.append(("bool", "stop", tr._("The player stops here")))

        def make(values: dict) -> dict:
            action = {"type": "naval-enter", "point": kind, **values}
            if not action["enemy_fleet"]["squadrons"]:
                action.pop("enemy_fleet")
            return {k: v for k, v in action.items() if v is not False}

        self.open_form(tr._("Enter {point}").format(point=self.point_words(kind)), fields, make)

    def form_pick_up(self) -> None:
        tr = self.tr
        fields = [("int", "squadrons", tr._("Squadrons"), 0, 30, 0),
                  ("int", "land_units", tr._("Land units"), 0, 30, 0),
                  ("int", "land_bp", tr._("Their BP"), 0, 90, 0)]
        self.open_form(tr._("Pick up"), fields, lambda v: {"type": "naval-pick-up", **v})

    def form_land(self) -> None:
        tr = self.tr
        carried = self.session.state["naval"]["land"]
        fields = [("int", "land_units", tr._("Land units that land"), 1, carried["units"],
                   carried["units"]),
                  ("int", "land_bp", tr._("Their BP"), 0, carried["bp"], carried["bp"])]
        self.open_form(tr._("Land units"), fields, lambda v: {"type": "naval-land", **v})

    def form_outcome(self, outcome: str) -> None:
        tr = self.tr
        carried = self.session.state["naval"]["land"]
        fields = [("int", "lost_bp", tr._("BP the landing force lost in the battle"), 0,
                   carried["bp"], 0)]
        self.open_form(self.outcome_words(outcome), fields,
                       lambda v: {"type": "naval-amphibious", "outcome": outcome, **v})

    # --- playing ------------------------------------------------------------------------------

    def played(self, action: dict, entry) -> None:
        self.message = ""
        self.refresh()

    def back(self) -> None:
        self.message = ""
        self.show_screen("pax_romana_books")


SCREEN = PaxRomanaNavalScreen
