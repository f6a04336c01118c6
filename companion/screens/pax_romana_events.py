"""PAX ROMANA's events drawn and applied: the event, card or table result waiting, what it does
in words, the map facts it asks (the players read them off their map), then applied by the
engine; the rolls of the Standard Event, Rebellion and Invasion tables; the forces events bring
(the Soldier of Fortune, invaders, rebels, Pontus, Pergamum, Rhodes, the slave army) with what
each may do; and what stays in force for the turn. Nothing here applies a rule: the engine
does (forge/engine/pax_romana/effects.py, forces.py).
"""
from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.screens.base import GameScreen
from companion.screens.pax_romana_forms import PaxPage, line
from companion.screens.pax_romana_names import (
    UNITS_SHOWN,
    names,
    procedure_words,
    table_result,
    tables,
    units_text,
)
from companion.widgets import card

SPACE_SIZES = range(1, 9)       # units in an occupied space (the Armenians' rolls)
BARBARIANS = ("barbarian_infantry", "tribal_infantry")     # never a power's units


def unit_label(unit: str, n) -> str:
    """A unit beside its counter: its name, or the abbreviation on its counter when the name
    would not fit a phone's width."""
    from companion.screens.pax_romana_forms import LONG_LABEL

    name = n.unit(unit)
    return name if len(name) <= LONG_LABEL else tables().unit[unit]["abbr"]


def behaviour(role: str) -> dict:
    """How a force behaves (forces.yaml)."""
    from forge.engine.pax_romana.forces import behaviour as rule

    return rule(tables(), role)


class PaxRomanaEventsScreen(PaxPage, GameScreen):
    """The event waiting, the rolls, the forces on the map and the effects in force."""

    title_text = StringProperty("")

    def refresh(self) -> None:
        if self.session is None:
            return
        self.session.set_language(self.tr.lang)
        state = self.session.state
        tr = self.tr
        self.title_text = tr._("Events and forces")
        page = self.ids.page
        page.clear_widgets()
        self.action_buttons = []
        self.build_pending(page, state)
        self.build_forces(page, state)
        self.build_status(page, state)
        self.build_rolls(page, state)
        self.ids.scroll.scroll_y = 1

    # --- the event waiting ------------------------------------------------------------------

    def entry_lines(self, pending: dict) -> list[str]:
        """The name and text of what waits, in the players' language."""
        from forge.engine.pax_romana.effects import entry_of
        from forge.engine.pax_romana.words import ENTRY_PLACES

        entry = entry_of(tables(), pending["source"], pending["id"])
        path = "/".join(ENTRY_PLACES[pending["source"]]) + f"/{pending['id']}"
        n = names(self.tr)
        lines = [n.game_text(entry["name"], f"{path}/name")]
        if entry.get("text"):
            lines.append(n.game_text(entry["text"], f"{path}/text"))
        return lines

    def build_pending(self, page, state: dict) -> None:
        tr = self.tr
        n = names(tr)
        pending = state.get("pending")
        page.add_widget(Factory.Section(text=tr._("Waiting to be applied")))
        if not pending:
            page.add_widget(line(tr._("No event waits.")))
            self.pending_lines = []
            return
        lines = table_result(state.get("last"), tr)[:1] + self.entry_lines(pending)
        if pending.get("power"):
            words = tr._("Played by {power}") if pending["source"] == "card" \
                else tr._("For {power}")
            lines.append(words.format(power=n.power(pending["power"])))
        named = len(lines) - len(self.entry_lines(pending)) - bool(pending.get("power"))
        result = card(*[line(text, bold=index == named) for index, text in enumerate(lines)])
        result.role = "pending"
        page.add_widget(result)
        self.pending_lines = lines
        self.pending_title, *self.pending_text = self.entry_lines(pending)
        if not pending.get("power"):
            self.build_power_choice(page, state)
        if self.concerned(state):
            self.add(page, tr._("Apply…"), self.form_resolve, {"type": "resolve"})

    def build_power_choice(self, page, state: dict) -> None:
        """Whom the event concerns, tapped first: what it asks depends on him (16.13)."""
        tr = self.tr
        n = names(tr)
        page.add_widget(line(tr._("Which power does it concern?")))
        chosen = self.concerned(state)
        for power in state["order"]:
            self.add(page, n.power(power), lambda p=power: self.choose_power(p),
                     emphasis="primary" if power == chosen else "secondary")

    def choose_power(self, power: str) -> None:
        self.chosen_power = (self.session.position, power)
        self.refresh()

    def concerned(self, state: dict) -> str | None:
        """The power the waiting event concerns: its own, or the one tapped for it."""
        pending = state.get("pending") or {}
        if pending.get("power"):
            return pending["power"]
        position, power = self.chosen_power
        return power if position == self.session.position else None

    chosen_power: tuple = (None, None)
    pending_lines: tuple | list = ()
    pending_title = ""
    pending_text: tuple | list = ()

    def fact_field(self, fact: str, state: dict, pending: dict) -> tuple | None:
        """The form field that asks one fact (events.yaml `facts`), by taps."""
        t = tables()
        tr = self.tr
        n = names(tr)
        entry = next(f for f in t.events["facts"] if f["id"] == fact)
        ask = n.game_text(entry["ask"], f"events/facts/{fact}/ask")
        key, kind = f"facts.{fact}", entry["kind"]
        powers = [(p, n.power(p)) for p in state["order"]]
        if kind == "bool":
            return ("bool", key, ask)
        if kind == "count":
            default = self.default_paid(state, pending) if fact == "paid" else 0
            return ("int", key, ask, 0, 20, default)
        if kind == "power":
            return ("choice", key, ask, [p for p in powers if p[0] != pending.get("power")]
                    or powers)
        if kind == "powers":
            return ("many", key, ask, powers)
        if kind == "units":
            shown = [u for u in UNITS_SHOWN if u.startswith("mercenary_")] \
                if fact == "mercenaries" else [u for u in UNITS_SHOWN if u not in BARBARIANS]
            return ("counts", key, ask, [(u, unit_label(u, n)) for u in shown])
        if kind == "spaces":
            return ("counts", key, ask, [(str(k), tr._("spaces with {count} units").format(
                count=k)) for k in SPACE_SIZES])
        if kind == "leader":
            return ("choice", key, ask, [(i, tr._("Leader {number}").format(number=i + 1))
                                         for i in range(2)])
        if kind == "objectives":
            return ("many", key, ask, [(o["id"], o["id"]) for o in
                                       t.victory["objectives"]["list"]])
        if kind == "card":
            return ("choice", key, ask, [("", tr._("the app draws it"))] + [
                (c["id"], n.card(c["id"])) for c in t.event_cards["cards"]])
        if kind == "bundle":
            return ("choice", key, ask, [(i, n.units(buy)) for i, buy in enumerate(
                t.economy["mercenaries"]["advanced"]["buys"])])
        return ("choice", key, ask, [("marker", tr._("an extra activation marker")),
                                     ("objective", tr._("an extra objective"))])

    def default_paid(self, state: dict, pending: dict) -> int:
        """Bread and circuses: the whole cost, or what the treasury holds."""
        from forge.engine.pax_romana.effects import entry_of

        entry = entry_of(tables(), pending["source"], pending["id"])
        cost = next((s.get("cost", 0) for s in entry.get("effects") or []
                     if s["do"] == "stability_check"), 0)
        power = pending.get("power")
        return min(cost, state["powers"][power]["treasury"]) if power else cost

    def resolve_fields(self, state: dict) -> list:
        from forge.engine.pax_romana.effects import questions

        pending = {**state["pending"], "power": self.concerned(state)}
        asked = questions({**state, "pending": pending}, tables())
        return [self.fact_field(fact, state, pending) for fact in asked]

    def active(self, state: dict) -> str | None:
        from forge.engine.pax_romana.turns import active_power

        return active_power(state)

    def leaders_note(self, state: dict) -> str:
        """The leaders in play by power (for the questions that name one)."""
        n = names(self.tr)
        parts = []
        for power in state["order"]:
            leaders = state["powers"][power]["leaders"]
            if leaders:
                parts.append(n.power(power) + ": " + ", ".join(
                    f"{i + 1}) {leader['tactical']}-{leader['campaign']}"
                    for i, leader in enumerate(leaders)))
        return "\n".join(parts)

    def form_resolve(self) -> None:
        state = self.session.state
        fields = self.resolve_fields(state)
        if not fields:
            self.play({"type": "resolve", "power": self.concerned(state)})
            return
        note = "\n".join(self.pending_text)
        if any(f[1] == "facts.leader" for f in fields):
            note += "\n" + self.leaders_note(state)

        power = self.concerned(state)

        def make(values: dict) -> dict:
            action = {"type": "resolve", "power": power, **values}
            facts = action.get("facts") or {}
            if facts.get("card") == "":
                facts.pop("card")
            return action

        self.open_form(self.pending_title, fields, make, note=note)

    # --- the rolls ------------------------------------------------------------------------

    def build_rolls(self, page, state: dict) -> None:
        tr = self.tr
        page.add_widget(Factory.Section(text=tr._("Roll a table")))
        kinds = ("event", "rebellion", "invasion") if state["game"] == "standard" \
            else ("rebellion", "invasion")
        for kind in kinds:
            self.add(page, procedure_words(kind, tr), lambda k=kind: self.play({"type": k}),
                     {"type": kind}, emphasis="secondary")
        self.add(page, procedure_words("punic-wars", tr),
                 lambda: self.play({"type": "punic-wars"}), {"type": "punic-wars"},
                 emphasis="secondary")
        self.add(page, procedure_words("baghdad-loot", tr) + "…", self.form_baghdad,
                 {"type": "baghdad-loot"}, emphasis="secondary")
        if state["game"] == "standard":
            self.add(page, tr._("Rhodes occupied by…"), self.form_rhodes,
                     {"type": "force", "force": "rhodes", "step": "occupy"},
                     emphasis="secondary")

    def form_baghdad(self) -> None:
        """Scenario 5: the Baghdad loot, for the power the Playbook names."""
        tr = self.tr
        n = names(tr)
        powers = [(p, n.power(p)) for p in self.session.state["order"]]
        self.open_form(procedure_words("baghdad-loot", tr),
                       [("choice", "power", tr._("Which power?"), powers)],
                       lambda v: {"type": "baghdad-loot", **v})

    def form_rhodes(self) -> None:
        """Standard Game: who occupies Rhodes has its squadrons (12.51)."""
        tr = self.tr
        n = names(tr)
        powers = [(p, n.power(p)) for p in self.session.state["order"]]
        self.open_form(tr._("Rhodes occupied by…"),
                       [("choice", "power", tr._("Which power?"), powers)],
                       lambda v: {"type": "force", "force": "rhodes", "step": "occupy", **v})

    # --- the forces -----------------------------------------------------------------------

    def force_lines(self, force: dict) -> list[str]:
        from forge.engine.pax_romana.words import force_name

        tr = self.tr
        n = names(tr)
        name = force_name(force["id"], n)
        if force.get("role") == "rebels":
            name = tr._("Rebels in {area}").format(area=name)
        lines = [name, units_text(force["units"], tr)]
        if force.get("leader"):
            leader = force["leader"]
            lines.append(tr._("Leader {tactical}-{campaign}").format(
                tactical=leader["tactical"], campaign=leader["campaign"]))
        if force.get("owner"):
            lines.append(tr._("Moved by {power}").format(power=n.power(force["owner"])))
        if force.get("against"):
            lines.append(tr._("Revolt against {power}").format(power=n.power(force["against"])))
        if force.get("expires"):
            lines.append(tr._("Leaves in turn {turn}").format(turn=force["expires"]))
        else:
            lines.append(tr._("Stays until destroyed"))
        return lines

    def build_forces(self, page, state: dict) -> None:
        tr = self.tr
        page.add_widget(Factory.Section(text=tr._("Forces on the map")))
        forces = state.get("forces") or []
        if not forces:
            page.add_widget(line(tr._("None.")))
        for force in forces:
            page.add_widget(card(*[line(text, bold=i == 0)
                                   for i, text in enumerate(self.force_lines(force))]))
            fid = force["id"]
            rule = behaviour(force["role"])
            if rule.get("activation"):
                self.add(page, tr._("Activate…"), lambda f=force: self.form_force(f, "activate"),
                         {"type": "force", "force": fid, "step": "activate"},
                         emphasis="secondary")
            self.add(page, tr._("Losses…"), lambda f=force: self.form_force(f, "losses"),
                     {"type": "force", "force": fid, "step": "losses"}, emphasis="secondary")
            if rule.get("barbarian_army"):
                self.add(page, tr._("Near a capital…"),
                         lambda f=force: self.form_force(f, "near_capital"),
                         {"type": "force", "force": fid, "step": "near_capital"},
                         emphasis="secondary")
            action = {"type": "force", "force": fid, "step": "remove"}
            self.add(page, tr._("Remove"), lambda a=action: self.play(a), action,
                     emphasis="secondary")

    def form_force(self, force: dict, step: str) -> None:
        tr = self.tr
        n = names(tr)
        state = self.session.state
        powers = [(p, n.power(p)) for p in state["order"] if p != force.get("against")]
        if step == "losses":
            fields = [("counts", "units", tr._("Units lost"),
                       [(u, unit_label(u, n)) for u in force["units"]])]
        elif step == "activate" and behaviour(force["role"])["moved_by"] != \
                "other_players":
            self.play({"type": "force", "force": force["id"], "step": step})
            return
        else:
            active = self.active(state)
            powers.sort(key=lambda p: p[0] != active)
            fields = [("choice", "power", tr._("Which power?"), powers)]
        self.open_form(self.force_lines(force)[0], fields,
                       lambda v: {"type": "force", "force": force["id"], "step": step, **v})

    # --- in force -------------------------------------------------------------------------

    def build_status(self, page, state: dict) -> None:
        from forge.engine.pax_romana.words import status_name

        tr = self.tr
        n = names(tr)
        page.add_widget(Factory.Section(text=tr._("In force")))
        statuses = state.get("status") or []
        if not statuses:
            page.add_widget(line(tr._("None.")))
        for status in statuses:
            page.add_widget(line(tr._("{power}: {name}").format(
                power=n.power(status["power"]), name=status_name(status["status"], n))))

    # --- playing --------------------------------------------------------------------------

    def played(self, action: dict, entry) -> None:
        last = self.session.log()[self.session.position]
        self.message = "\n".join(w for w in last["words"] if w)
        self.refresh()
        self.ids.info.scroll_y = 1

    def back(self) -> None:
        self.message = ""
        self.show_screen("pax_romana_books")


SCREEN = PaxRomanaEventsScreen
