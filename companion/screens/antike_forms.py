"""ANTIKE's forms on the books: what an action needs the table to say, asked in a dialog with
choices (places from lists, companion.places; counts on counters; the payment suggested and
changeable), and the previews a player reads before confirming (production, arming capacity,
temples, progress prices with their prerequisites and Scholars, the conquest calculator: in a
Maneuver beside its conquests, and at any time for any city with the units the table sets).

Nothing here applies a rule: the engine's legal actions give what is allowed and its costs,
its helpers the numbers shown (forge.engine.antike), and its refusals are shown in the note.
"""
from __future__ import annotations

import copy

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout

from companion.places import PlaceChooser
from companion.screens.antike_names import (
    PAYMENT,
    RESOURCES,
    UNITS,
    amounts_text,
    another,
    civ_label,
    names,
    place_name,
    province_sections,
    tables,
)
from companion.widgets import (
    Counter,
    body,
    caption,
    choice_grid,
    column,
    form_popup,
)

BORDERS = ("land", "water", "mixed")


def line(text: str, **kwargs):
    """A line of text as tall as it is, wrapped (previews and the books: no touch-high gaps)."""
    from kivy.uix.label import Label

    theme = App.get_running_app().theme
    label = Label(text=text, font_size=kwargs.get("font_size", "16sp"), color=theme.ink,
                  size_hint_y=None, halign="left", valign="top", padding=(dp(2), dp(2)))
    label.bind(width=lambda w, width: setattr(w, "text_size", (width, None)),
               texture_size=lambda w, size: setattr(w, "height", size[1]))
    return label


def holdings(book: dict) -> dict:
    return {**{r: book["resources"][r] for r in RESOURCES}, "coin": book["coins"]}


def suggest(book: dict, cost: dict) -> dict | None:
    from forge.engine.antike.payment import suggest as engine_suggest

    return engine_suggest(book, cost, tables())


def after_paying(book: dict, pay: dict | None) -> dict:
    """A copy of a civilization's books once `pay` is paid (for what it could do next)."""
    book = copy.deepcopy(book)
    for key, amount in (pay or {}).items():
        if key == "coin":
            book["coins"] -= amount
        else:
            book["resources"][key] -= amount
    return book


def affordable(book: dict, cost: dict, most: int) -> int:
    """How many times (up to `most`) a civilization can pay `cost`."""
    from forge.engine.antike.payment import times

    count = 0
    while count < most and suggest(book, times(cost, count + 1)) is not None:
        count += 1
    return count


def defence_parts(state: dict, owner: str, province: str) -> dict:
    """The defence power of a city and its parts: city (3 with a temple), units, progress."""
    from forge.engine.antike import military

    parts = military.defence_parts(tables(), state["civs"][owner], province)
    return {**parts, "power": sum(parts.values())}


class PaymentEditor(BoxLayout):
    """What a cost is paid with: a counter for marble, iron, gold and coins, filled with the
    engine's suggested payment (`suggest(cost)`), changeable by the players."""

    def __init__(self, book: dict, tr, on_change=None, **kwargs):
        super().__init__(orientation="vertical", size_hint_y=None, spacing=dp(4), **kwargs)
        self.bind(minimum_height=self.setter("height"))
        self.book, self.on_change = book, on_change
        held = holdings(book)
        self.add_widget(caption(tr._("Paid with (suggested; change it if you like)")))
        self.counters = {}
        for key in PAYMENT:
            counter = Counter(f"{names(tr).payment(key)} ({held[key]})", 0, held[key], 1, 0,
                              on_change=self.changed)
            counter.key = key
            self.counters[key] = counter
            self.add_widget(counter)

    def changed(self) -> None:
        if self.on_change:
            self.on_change()

    def suggest(self, cost: dict) -> None:
        pay = suggest(self.book, cost) or {}
        for key, counter in self.counters.items():
            counter.value = pay.get(key, 0)
            counter.shown.text = str(counter.value)

    def value(self) -> dict:
        return {key: counter.value for key, counter in self.counters.items() if counter.value}


class AntikeForms:
    """The forms and previews of the books screen (a GameScreen with `session` and `play`)."""

    popup = None

    def open_popup(self, title: str, fields: list, collect, summary=None, ok_text: str = ""):
        """A form: `collect()` gives the action (None while incomplete); OK plays it."""
        tr = self.tr

        def submit():
            action = collect()
            if action is None:
                return tr._("Fill in the form first.")
            if self.play(action):
                self.popup = None
                return None
            return self.message

        self.popup = form_popup(title, fields, submit, summary, ok_text=ok_text,
                                on_cancel=lambda: setattr(self, "popup", None))
        self.popup.open()
        return self.popup

    def update_form(self) -> None:
        if self.popup is not None:
            self.popup.form["update"]()

    def book(self, civ: str | None = None) -> dict:
        state = self.session.state
        return state["civs"][civ or state["turn"]["civ"]]

    # --- the rondel --------------------------------------------------------------------------

    def space_preview(self, space: str, book: dict) -> list[str]:
        """What a space would do this turn, in words (after paying the move)."""
        from forge.engine.antike.evolution import arming_capacity, production

        tr, t, state = self.tr, tables(), self.session.state
        n = names(tr)
        kind = t.space_kind[space]
        if kind == "production":
            resource = t.space_resource[space]
            return [tr._("Produces {amount} {resource}.").format(
                amount=production(t, book, resource), resource=n.resource(resource))]
        if space == "temple":
            free = [p for p, c in book["cities"].items() if not c["temple"]]
            most = affordable(book, t.temple_cost, min(len(free), state["bank"]["temples"]))
            return [tr._("Temples you can build: {count} ({cost} marble each; the bank has "
                         "{bank}).").format(count=most, cost=t.temple_cost["marble"],
                                            bank=state["bank"]["temples"])]
        if space == "arming":
            capacity = arming_capacity(t, book)
            most = affordable(book, t.arming_cost, min(capacity, sum(book["supply"].values())))
            return [tr.ngettext("Arming capacity {capacity}; you can pay for {count} unit (1 "
                                "iron each).", "Arming capacity {capacity}; you can pay for "
                                "{count} units (1 iron each).", most).format(
                capacity=capacity, count=most)]
        if space == "knowledge":
            return self.progress_lines(book)
        return self.maneuver_preview(book)

    def progress_lines(self, book: dict) -> list[str]:
        """Each progress not owned: its price now, its prerequisite, the Scholar of a first
        owner."""
        from forge.engine.antike.evolution import price

        tr, t, state = self.tr, tables(), self.session.state
        n = names(tr)
        civ = next(c for c, b in state["civs"].items() if b is book) \
            if any(b is book for b in state["civs"].values()) else state["turn"]["civ"]
        lines = []
        for progress, entry in t.progresses.items():
            if progress in book["progress"]:
                continue
            parts = [tr._("{progress}: {price} gold").format(
                progress=n.progress(progress), price=price(state, t, civ, progress))]
            needs = entry.get("needs")
            if needs and needs not in book["progress"]:
                parts.append(tr._("needs {progress}").format(progress=n.progress(needs)))
            if progress not in state["first_owner"]:
                parts.append(tr._("Scholar"))
            lines.append(" · ".join(parts))
        if not lines:
            return [tr._("Every progress is owned.")]
        return [tr._("Prices now (Scholar: the first owner takes one):")] + lines

    def maneuver_preview(self, book: dict) -> list[str]:
        from forge.engine.antike.military import maneuvers

        tr, t = self.tr, tables()
        units = {u: sum(here.get(u, 0) for here in book["units"].values()) for u in UNITS}
        lines = [tr._("Units on the board: {units}; maneuvers each: {legion} legion, {galley} "
                      "galley.").format(units=amounts_units(units, tr) or "-",
                                        legion=maneuvers(t, book, "legion"),
                                        galley=maneuvers(t, book, "galley"))]
        return lines

    def confirm_space(self, action: dict) -> None:
        """The move to a space: what it costs and would yield, and the payment."""
        tr, state = self.tr, self.session.state
        n = names(tr)
        civ = action["civ"]
        book = state["civs"][civ]
        cost = action["cost"]["any"]
        fields = [body(tr._("{steps} spaces forward; cost {cost}.").format(
            steps=action["steps"], cost=cost) if action["steps"] else
            tr._("The first move: free."))]
        paid = after_paying(book, action.get("pay"))
        fields += [line(text) for text in self.space_preview(action["name"], paid)]
        payment = None
        if cost:
            payment = PaymentEditor(book, tr, on_change=self.update_form)
            payment.suggest({"any": cost})
            fields.append(payment)

        def collect():
            out = {"type": "rondel", "civ": civ, "space": action["space"]}
            if payment is not None:
                out["pay"] = payment.value()
            return out

        def summary():
            if payment is None:
                return ""
            return tr._("Paying {paid} of {cost}.").format(
                paid=sum(payment.value().values()), cost=cost)

        self.open_popup(tr._("Move to {space}").format(space=n.space(action["name"])), fields,
                        collect, summary, ok_text=tr._("Move"))

    # --- the spaces' actions -------------------------------------------------------------------

    def form_temples(self, action: dict) -> None:
        tr = self.tr
        t = tables()
        civ = action["civ"]
        book = self.book(civ)
        chosen: list = []
        payment = PaymentEditor(book, tr, on_change=self.update_form)

        def toggle(province):
            if province in chosen:
                chosen.remove(province)
            else:
                chosen.append(province)
            payment.suggest({"marble": t.temple_cost["marble"] * len(chosen)})
            self.update_form()

        grid = toggles([(p, p) for p in action["choices"]], toggle)
        fields = [caption(tr._("Cities to get a temple (up to {count})").format(
            count=action["max"])), grid, payment]

        def collect():
            if not chosen:
                return None
            return {"type": "build-temples", "civ": civ, "cities": list(chosen),
                    "pay": payment.value()}

        self.open_popup(tr._("Build temples"), fields, collect, lambda: tr.ngettext(
            "{count} temple: {cost} marble", "{count} temples: {cost} marble", len(chosen)).format(
            count=len(chosen), cost=t.temple_cost["marble"] * len(chosen)))

    def form_arm(self, action: dict) -> None:
        tr = self.tr
        civ = action["civ"]
        book = self.book(civ)
        units: dict = {}
        chosen = {"province": action["choices"][0]}
        counter_box = column()
        payment = PaymentEditor(book, tr, on_change=self.update_form)

        def total():
            return sum(sum(here.values()) for here in units.values())

        def changed(province, unit, counter):
            units.setdefault(province, {u: 0 for u in UNITS})[unit] = counter.value
            payment.suggest({"iron": total()} if total() else {})
            self.update_form()

        def pick(province):
            chosen["province"] = province
            counter_box.clear_widgets()
            here = units.get(province, {})
            for unit in UNITS:
                counter = Counter(names(tr).unit(unit), 0, action["max"], 1, here.get(unit, 0))
                counter.unit = unit
                counter.on_change = (lambda p=province, u=unit, c=counter: changed(p, u, c))
                counter_box.add_widget(counter)

        grid = choice_grid([(p, p) for p in action["choices"]], "antike-arm",
                           chosen["province"], pick)
        if chosen["province"]:
            pick(chosen["province"])
        fields = [body(tr._("Arming capacity {capacity}; you can pay for {count}.").format(
            capacity=action["capacity"], count=action["max"])),
            caption(tr._("Where (a province with your city)")), grid, counter_box, payment]

        def collect():
            placed = {p: {u: n for u, n in here.items() if n} for p, here in units.items()
                      if any(here.values())}
            if not placed:
                return None
            return {"type": "arm", "civ": civ, "units": placed, "pay": payment.value()}

        def summary():
            where = "; ".join(f"{place_name(self.session.state, p)}: {amounts_units(here, tr)}"
                              for p, here in units.items()
                              if any(here.values()))
            return tr._("{count} of {capacity} units · {where}").format(
                count=total(), capacity=action["capacity"], where=where or "-")

        self.open_popup(tr._("Arming"), fields, collect, summary)

    def form_progress(self, actions: list) -> None:
        """Progresses to buy at once, in the order tapped (an advanced one after its
        elementary one), with their prices now, prerequisites and Scholars."""
        from forge.engine.antike.evolution import price

        tr, t, state = self.tr, tables(), self.session.state
        n = names(tr)
        civ = actions[0]["civ"]
        book = self.book(civ)
        prices = actions[0]["prices"]
        chosen: list = []
        payment = PaymentEditor(book, tr, on_change=self.update_form)

        def cost():
            return sum(prices[p] for p in chosen)

        def toggle(progress):
            if progress in chosen:
                chosen.remove(progress)
            else:
                chosen.append(progress)
            payment.suggest({"gold": cost()} if chosen else {})
            self.update_form()

        options = []
        for progress in prices:
            text = tr._("{progress}: {price} gold").format(progress=n.progress(progress),
                                                         price=price(state, t, civ, progress))
            needs = t.progresses[progress].get("needs")
            if needs and needs not in book["progress"]:
                text += " · " + tr._("needs {progress}").format(progress=n.progress(needs))
            if progress not in state["first_owner"]:
                text += " · " + tr._("Scholar")
            options.append((progress, text))
        grid = toggles(options, toggle, cols=1)
        fields = [caption(tr._("Tap the progresses to buy, in order")), grid, payment]

        def collect():
            if not chosen:
                return None
            return {"type": "buy-progress", "civ": civ, "progresses": list(chosen),
                    "pay": payment.value()}

        self.open_popup(tr._("Knowledge"), fields, collect, lambda: tr._(
            "{progresses}: {cost} gold").format(
            progresses=", ".join(n.progress(p) for p in chosen), cost=cost()) if chosen
            else tr._("Nothing chosen yet."))

    def form_move(self, actions: list) -> None:
        """Units across one border: from (a province with units that can still maneuver),
        how many, to (a province chosen or typed once), and the border's kind."""
        tr, state = self.tr, self.session.state
        n = names(tr)
        civ = actions[0]["civ"]
        ready = {a["from"]: a["units"] for a in actions}
        borders = {(a["from"], a["to"]): a.get("border") for a in actions if a.get("to")}
        chosen = {"from": actions[0]["from"] if len(ready) == 1 else None, "to": "",
                  "border": None, "typed": ""}
        counters: dict = {}
        counter_box = column()

        def pick(province):
            chosen["from"] = province
            counter_box.clear_widgets()
            counters.clear()
            for unit in UNITS:
                if ready[province].get(unit):
                    counter = Counter(n.unit(unit), 0, ready[province][unit], 1, 0,
                                      on_change=self.update_form)
                    counter.unit = unit
                    counters[unit] = counter
                    counter_box.add_widget(counter)
            self.update_form()

        origin = choice_grid([(p, f"{place_name(state, p)} ({amounts_units(u, tr)})")
                              for p, u in ready.items()], "antike-from", chosen["from"], pick,
                             cols=1)
        origin.role = "from"
        if chosen["from"]:
            pick(chosen["from"])
        neighbours = (tr._("Neighbours"), [to for _o, to in borders])
        staying = [chosen["from"]] if len(ready) == 1 else []     # not a destination
        dest = PlaceChooser(province_sections(state, tr, first=neighbours, leave_out=staying),
                            None,
                            lambda v: (chosen.update(to=v), self.update_form()), role="to",
                            hint=tr._("Find or type a province"), other=another(tr),
                            on_type=lambda text: chosen.update(typed=text))
        border = choice_grid([(b, n.border(b)) for b in BORDERS], "antike-border", None,
                             lambda v: (chosen.update(border=v), self.update_form()), cols=1)
        border.role = "border"

        def moving():
            return {u: c.value for u, c in counters.items() if c.value}

        def border_of(units):
            if (chosen["from"], chosen["to"]) in borders:       # the map's
                return borders[(chosen["from"], chosen["to"])]
            if chosen["border"]:
                return chosen["border"]
            if units.get("legion") and units.get("galley"):
                return "mixed"
            return "water" if units.get("galley") else "land"

        def collect():
            units = moving()
            if not chosen["from"] or not units or not chosen["to"]:
                return None
            return {"type": "move", "civ": civ, "from": chosen["from"], "to": chosen["to"],
                    "units": units, "border": border_of(units)}

        def summary():
            units = moving()
            if not units:
                return tr._("Choose the units that move.")
            state = self.session.state
            return tr._("{units} from {origin} to {to} across {border}").format(
                units=amounts_units(units, tr),
                origin=place_name(state, chosen["from"]) if chosen["from"] else "?",
                to=place_name(state, chosen["to"]) if chosen["to"] else "?",
                border=n.border(border_of(units)))

        fields = [caption(tr._("From")), origin, counter_box, caption(tr._("To")), dest]
        if not borders:             # without a map the table names the border
            fields += [caption(tr._("Border (without a choice: land for legions, water for "
                                    "galleys)")), border]
        self.move_form = {"from": origin, "to": dest, "border": border, "counters": counters}
        self.open_popup(tr._("Move units"), fields, collect, summary)

    def form_conquer(self, action: dict) -> None:
        """A conquest: the calculator's numbers, which attackers are lost (both types
        attacking), the city given up at the cap."""
        tr = self.tr
        power = action["power"]
        attackers = action["eligible"]
        fields = [body(tr._("Defence power {power}; attackers {units}. All or nothing: the "
                            "attacker loses {power} units.").format(
            power=power, units=amounts_units(attackers, tr)))]
        lost = None
        low = max(0, power - attackers.get("galley", 0))
        high = min(power, attackers.get("legion", 0))
        if attackers.get("legion") and attackers.get("galley") and low < high:
            lost = Counter(tr._("Legions lost"), low, high, 1,
                           action["losses"].get("legion", low), on_change=self.update_form)
            fields.append(lost)
        abandon = {"city": None}
        if "abandon" in (action.get("open") or []):
            fields.append(caption(tr._("At the city cap: the city you give up")))
            fields.append(choice_grid([(p, p) for p in self.book(action["civ"])["cities"]],
                                      "antike-abandon", None,
                                      lambda v: abandon.update(city=v), cols=1))

        def losses():
            if lost is None:
                return dict(action["losses"])
            return {"legion": lost.value, "galley": power - lost.value}

        def collect():
            out = {"type": "conquer", "civ": action["civ"], "province": action["province"],
                   "units": attackers, "losses": losses()}
            if "abandon" in (action.get("open") or []):
                if abandon["city"] is None:
                    return None
                out["abandon"] = abandon["city"]
            return out

        self.open_popup(tr._("Conquer {province}").format(
            province=place_name(self.session.state, action["province"])),
                        fields, collect, lambda: tr._("Losses: {units}").format(
                            units=amounts_units(losses(), tr)), ok_text=tr._("Conquer"))

    def form_found(self, action: dict) -> None:
        tr = self.tr
        n = names(tr)
        civ = action["civ"]
        chosen = {"resource": None}
        payment = PaymentEditor(self.book(civ), tr, on_change=self.update_form)
        payment.suggest(action["cost"])
        grid = choice_grid([(r, n.resource(r)) for r in RESOURCES], "antike-site", None,
                           lambda v: chosen.update(resource=v), cols=3)
        grid.role = "resource"
        fields = [caption(tr._("The resource of the city site (on your board)")), grid,
                  payment]
        if action.get("resource"):  # the map's site
            chosen["resource"] = action["resource"]
            fields = [body(tr._("A {resource} city.").format(
                resource=n.resource(action["resource"]))), payment]

        def collect():
            if chosen["resource"] is None:
                return None
            return {"type": "found-city", "civ": civ, "province": action["province"],
                    "resource": chosen["resource"], "pay": payment.value()}

        self.open_popup(tr._("Found a city in {province}").format(
                            province=place_name(self.session.state, action["province"])),
                        fields, collect, lambda: tr._("Cost: {cost}").format(
                            cost=amounts_text(action["cost"], tr)), ok_text=tr._("Found"))

    # --- the start cities ----------------------------------------------------------------------

    def form_start_cities(self, civ: str) -> None:
        """Three cities, one of each resource: each province chosen from the known ones or
        typed once."""
        tr, state = self.tr, self.session.state
        n = names(tr)
        taken = [p for book in state["civs"].values() for p in book["cities"]]
        chosen = {r: "" for r in RESOURCES}
        fields = []
        choosers = {}
        for resource in RESOURCES:
            fields.append(caption(tr._("{resource} city").format(
                resource=n.resource(resource))))
            chooser = PlaceChooser(
                province_sections(state, tr, leave_out=taken), None,
                lambda v, r=resource: (chosen.update({r: v}), self.update_form()),
                role=resource, hint=tr._("Find or type a province"), other=another(tr))
            choosers[resource] = chooser
            fields.append(chooser)
        self.start_form = choosers

        def collect():
            if not all(chosen.values()):
                return None
            return {"type": "start-cities", "civ": civ,
                    "cities": {chosen[r]: r for r in RESOURCES}}

        self.open_popup(tr._("Start cities of {civ}").format(civ=civ_label(state, civ, tr)),
                        fields, collect, lambda: " · ".join(
                            f"{n.resource(r)}: {chosen[r] or '?'}" for r in RESOURCES))

    # --- the table's entries -------------------------------------------------------------------

    def form_seas(self) -> None:
        tr, state = self.tr, self.session.state
        chosen = {"civ": self.shown_civ}
        counter = Counter(tr._("Seas occupied"), 0, 50, 1, state["civs"][self.shown_civ]["seas"])

        def pick(civ):
            chosen["civ"] = civ
            counter.value = state["civs"][civ]["seas"]
            counter.shown.text = str(counter.value)

        fields = [choice_grid([(c, civ_label(state, c, tr)) for c in state["order"]],
                              "antike-seas", chosen["civ"], pick, cols=1), counter]
        self.open_popup(tr._("Seas occupied (Navigators)"), fields, lambda: {
            "type": "set-seas", "civ": chosen["civ"], "seas": counter.value})

    def form_rondel(self) -> None:
        tr, state = self.tr, self.session.state
        n = names(tr)
        order = list(state["settings"]["rondel"])
        spaces = list(tables().space_name)
        grid = column()
        buttons = []

        def show():
            for position, button in enumerate(buttons):
                button.text = f"{position + 1}. {n.space(order[position])}"

        def cycle(position):
            order[position] = spaces[(spaces.index(order[position]) + 1) % len(spaces)]
            show()

        for position in range(8):
            button = Factory.BigButton(emphasis="secondary")
            button.bind(on_release=lambda _b, p=position: cycle(p))
            buttons.append(button)
            grid.add_widget(button)
        show()
        self.open_popup(tr._("The rondel as on your board"),
                        [caption(tr._("Clockwise from the top; tap a space to change it.")),
                         grid], lambda: {"type": "set-rondel-order", "rondel": list(order)})

    def form_bank(self) -> None:
        tr, state = self.tr, self.session.state
        coins = state["bank"]["coins"]
        chosen = {"unlimited": coins is None}
        counter = Counter(tr._("Coins left in the bank"), 0, 200, 1, coins or 0)
        grid = choice_grid([(True, tr._("They never run out")), (False, tr._("Counted"))],
                           "antike-bank", chosen["unlimited"],
                           lambda v: chosen.update(unlimited=v), cols=1)
        self.open_popup(tr._("The bank's coins"), [grid, counter], lambda: {
            "type": "set-bank", "coins": None if chosen["unlimited"] else counter.value})

    def form_adjust(self) -> None:
        tr, state = self.tr, self.session.state
        n = names(tr)
        chosen = {"civ": self.shown_civ}
        counters = {key: Counter(n.payment(key), -50, 50, 1, 0) for key in PAYMENT}
        fields = [choice_grid([(c, civ_label(state, c, tr)) for c in state["order"]],
                              "antike-adjust", chosen["civ"],
                              lambda v: chosen.update(civ=v), cols=1)] + list(counters.values())

        def collect():
            resources = {r: counters[r].value for r in RESOURCES if counters[r].value}
            out = {"type": "adjust", "civ": chosen["civ"]}
            if resources:
                out["resources"] = resources
            if counters["coin"].value:
                out["coins"] = counters["coin"].value
            return out if len(out) > 2 else None

        self.open_popup(tr._("Correction"), fields, collect)


def amounts_units(units: dict, tr) -> str:
    return names(tr).units({u: units.get(u, 0) for u in UNITS})


def toggles(options: list, on_toggle, cols: int = 2):
    """Choices any number of which may be on (each tap turns one on or off)."""
    from kivy.uix.gridlayout import GridLayout

    theme = App.get_running_app().theme
    grid = GridLayout(cols=cols, size_hint_y=None, spacing=dp(6))
    grid.bind(minimum_height=grid.setter("height"))
    grid.buttons = {}
    for value, text in options:
        button = Factory.Choice(text=text, size_hint_y=None)
        button.text_size = (None, None)
        button.bind(width=lambda b, w: setattr(b, "text_size", (w - dp(12), None)),
                    texture_size=lambda b, s: setattr(
                        b, "height", max(dp(theme.button_dp), s[1] + dp(16))))
        button.height = dp(theme.button_dp)
        button.bind(on_release=lambda _b, v=value: on_toggle(v))
        grid.buttons[value] = button
        grid.add_widget(button)
    return grid
