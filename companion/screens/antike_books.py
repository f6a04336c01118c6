"""ANTIKE at the table: every civilization's books and the turn in play.

The header says the turn and whose it is, with the coin taken; a switcher shows one
civilization's books at a time (resources and coins in large numbers with its personalities
against the number to win, then its cities with or without temple by resource, units by
province, progress and personalities). The rondel is drawn as a wheel (antike_wheel) with the
cost of every space and what it would yield this turn; tapping a space asks for its payment
(suggested, changeable) after a preview. Then the space's action (temples, arming, progress,
the Maneuver with its moves, battles and the conquest calculator), city founding and the end of
the turn; the personalities the end of a turn awards are announced (which card, why), and the
victory leads to the end screen. The conquest calculator is open from the books at any time
(any city, the units the table sets; nothing played). The start cities are entered here before
the first turn, and the table's entries (seas, the rondel's order, the bank's coins,
corrections) are at the end.
Nothing here applies a rule: the engine does, and its refusals are shown in the players'
language.
"""
from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.screens.antike_calculator import AntikeCalculator
from companion.screens.antike_forms import (
    AntikeForms,
    after_paying,
    amounts_units,
    line,
)
from companion.screens.antike_names import (
    RESOURCES,
    action_provinces,
    civ_label,
    names,
    place_name,
    remember,
    tables,
)
from companion.screens.antike_wheel import RondelWheel
from companion.screens.antike_words import personality_reasons
from companion.screens.base import GameScreen
from companion.widgets import body, column, dialog, switcher

HINTS = ("open", "cost", "steps", "yield", "eligible", "power", "capacity", "prices",
         "choices", "name", "max")
WIDE_DP = 900           # from this width the wheel stands beside the books


class AntikeBooksScreen(AntikeCalculator, AntikeForms, GameScreen):
    """Header, civilization switcher, numbers, the wheel, the actions and the books."""

    header_text = StringProperty("")
    turn_text = StringProperty("")
    numbers = ListProperty([])
    captions = ListProperty([])
    shown_civ = StringProperty("")
    announcement = None             # the personalities' dialog, for tests
    move_form = None
    start_form = None

    def on_kv_post(self, base):
        super().on_kv_post(base)
        self.wheel = RondelWheel()
        self.wheel.on_space = self.tap_space
        self._wide = None

    def on_enter(self, *args):
        Window.bind(width=self._on_width)       # while shown: the layout follows the window
        return super().on_enter(*args)

    def on_leave(self, *_args):
        Window.unbind(width=self._on_width)

    def _on_width(self, *_):
        if self.manager is None or self.manager.parent is None:     # the app has closed
            Window.unbind(width=self._on_width)
            return
        if self.session is not None and self._wide is not None and \
                self._wide != self.wide():
            Clock.schedule_once(lambda _dt: self.refresh())

    def wide(self) -> bool:
        return Window.width >= dp(WIDE_DP) and Window.width > Window.height

    def reset(self) -> None:
        self.shown_civ = ""
        self._turn_of = None

    _turn_of = None

    def on_pre_enter(self, *_):
        app = App.get_running_app()
        if app.session is not None and app.session is not self.session:
            self.session = app.session
            self.reset()
        if self.session is not None:
            self.refresh()

    # --- showing --------------------------------------------------------------------------------

    def current(self) -> str | None:
        turn = self.session.state.get("turn")
        return turn["civ"] if turn else None

    def refresh(self) -> None:
        if self.session is None:
            return
        tr = self.tr
        self.session.set_language(tr.lang)
        state = self.session.state
        current = self.current()
        if self.shown_civ not in state["civs"] or (current and current != self._turn_of):
            self.shown_civ = current or state["order"][0]
        self._turn_of = current
        self.show_header(state)
        self.build_switcher(state)
        self.show_numbers(state)
        self.build_page(state)

    def show_header(self, state: dict) -> None:
        tr = self.tr
        n = names(tr)
        turn = state.get("turn")
        settings = state["settings"]
        self.header_text = tr._("{count} personalities to win · city cap {cap}").format(
            count=settings["needed"], cap=settings["city_cap"])
        if state["phase"] == "cities":
            self.turn_text = tr._("Enter the start cities")
        elif state["phase"] == "over":
            self.turn_text = tr._("Game over: {civ} wins").format(civ=n.civ(state["winner"]))
        else:
            coin = turn["coin"]
            taken = (tr._("coin taken") if coin == "coin" else
                     tr._("no coin yet") if coin is None else
                     tr._("took {resource}").format(resource=n.resource(coin)))
            self.turn_text = tr._("Turn {number}: {civ} · {coin}").format(
                number=turn["number"], civ=civ_label(state, turn["civ"], tr), coin=taken)

    def build_switcher(self, state: dict) -> None:
        box = self.ids.switcher
        box.cols = min(3, len(state["order"]))
        n = names(self.tr)
        self.civ_buttons = switcher(box, [(civ, n.civ(civ)) for civ in state["order"]],
                                    self.current(), self.shown_civ, self.show_civ, "antike-civ")

    def show_civ(self, civ: str) -> None:
        self.shown_civ = civ
        state = self.session.state
        self.build_switcher(state)
        self.show_numbers(state)
        self.build_page(state)

    def show_numbers(self, state: dict) -> None:
        from forge.engine.antike.state import personality_count

        tr = self.tr
        n = names(tr)
        book = state["civs"][self.shown_civ]
        self.numbers = [str(book["resources"][r]) for r in RESOURCES] + [
            str(book["coins"]), f"{personality_count(book)}/{state['settings']['needed']}"]
        self.captions = [n.resource(r) for r in RESOURCES] + [n.payment("coin"),
                                                             tr._("personalities")]

    def build_page(self, state: dict) -> None:
        page = self.ids.page
        page.clear_widgets()
        self.action_buttons = []
        self._wide = self.wide()
        left, right = column(), column()
        if self._wide:            # the wheel on the left, at the top; the rest on the right
            left = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(6))
            right.bind(height=lambda _w, h: setattr(left, "height", max(h, self.wheel.height)))
            grid = GridLayout(cols=2, size_hint_y=None, spacing=dp(12))
            grid.bind(minimum_height=grid.setter("height"))
            grid.add_widget(left)
            grid.add_widget(right)
            page.add_widget(grid)
        else:
            page.add_widget(left)
            right = left
        if state["phase"] == "cities":
            self.build_start_cities(right, state)
        elif state["phase"] == "over":
            self.add(right, self.tr._("Result"), lambda: self.show_screen("antike_end"))
        moved = state["phase"] == "play" and state["turn"]["space"] is not None
        if state["phase"] == "play" and moved and not self._wide:
            self.build_actions(right, state)           # the space's action first, on a phone
        if state["phase"] != "cities":
            self.build_wheel(left, state)
        if state["phase"] == "play" and (self._wide or not moved):
            self.build_actions(right, state)
        self.build_books(right, state)
        if state["phase"] != "over":
            self.build_entries(right)
        self.ids.scroll.scroll_y = 1

    # --- the wheel -------------------------------------------------------------------------------

    def wheel_spaces(self, state: dict) -> list[dict]:
        """The 8 spaces for the shown civilization: name, cost, what it would yield."""
        from forge.engine.antike.turns import rondel_steps

        tr, t = self.tr, tables()
        n = names(tr)
        civ = self.shown_civ
        book = state["civs"][civ]
        choosing = state["phase"] == "play" and civ == self.current() and \
            state["turn"]["coin"] is not None and state["turn"]["space"] is None
        legal = {a["space"]: a for a in self.session.legal_actions() if a["type"] == "rondel"} \
            if choosing else {}
        self.rondel_actions = legal
        spaces = []
        for position, space in enumerate(state["settings"]["rondel"]):
            _steps, cost = rondel_steps(state, book, position, t)
            lines = [n.space(space)]
            lines.append(tr._("free") if not cost else tr._("cost {cost}").format(cost=cost))
            action = legal.get(position)
            paid = after_paying(book, action["pay"]) if action else book
            lines.append(self.space_gist(space, paid, action))
            spaces.append({"space": space, "enabled": position in legal,
                           "lines": [line for line in lines if line]})
        return spaces

    def space_gist(self, space: str, book: dict, action) -> str:
        """A space's yield in a few words ('+3 Gold', 'arm 4', '2 temples')."""
        from forge.engine.antike.evolution import arming_capacity, production
        from forge.engine.antike.payment import suggest as engine_suggest
        from forge.engine.antike.payment import times

        tr, t = self.tr, tables()
        n = names(tr)
        kind = t.space_kind[space]
        if kind == "production":
            resource = t.space_resource[space]
            return f"+{production(t, book, resource)} {n.resource(resource)}"
        if space == "arming":
            return tr._("arming: {count}").format(count=arming_capacity(t, book))
        if space == "temple":
            free = sum(1 for c in book["cities"].values() if not c["temple"])
            most = 0
            while most < free and engine_suggest(book, times(t.temple_cost, most + 1), t):
                most += 1
            return tr._("temples: {count}").format(count=most)
        if space == "knowledge":
            return tr._("gold: {count}").format(count=book["resources"]["gold"] + book["coins"])
        units = sum(sum(here.values()) for here in book["units"].values())
        return tr._("units: {count}").format(count=units)

    def build_wheel(self, box, state: dict) -> None:
        tr = self.tr
        n = names(tr)
        book = state["civs"][self.shown_civ]
        spaces = self.wheel_spaces(state)
        at = book["rondel"]
        hub = n.civ(self.shown_civ)
        if at is not None:
            hub += "\n" + n.space(state["settings"]["rondel"][at])
        others = [(state["civs"][civ]["rondel"], n.civ(civ)[:3]) for civ in state["order"]
                  if civ != self.shown_civ and state["civs"][civ]["rondel"] is not None]
        self.wheel.show(spaces, at, hub, others)
        if self.wheel.parent is not None:
            self.wheel.parent.remove_widget(self.wheel)
        box.add_widget(self.wheel)
        if self._wide:
            box.add_widget(Widget())        # keeps the wheel at the top of its column
        Clock.schedule_once(lambda _dt: self.wheel.fit_height(), 0)

    def tap_space(self, position: int) -> None:
        action = getattr(self, "rondel_actions", {}).get(position)
        if action is not None:
            self.confirm_space(action)

    # --- the turn's actions ----------------------------------------------------------------------

    def build_actions(self, box, state: dict) -> None:
        tr = self.tr
        n = names(tr)
        turn = state["turn"]
        current = turn["civ"]
        if self.shown_civ != current:
            box.add_widget(body(tr._("It is the turn of {civ}.").format(
                civ=civ_label(state, current, tr))))
            self.add(box, tr._("Show {civ}").format(civ=n.civ(current)),
                     lambda: self.show_civ(current), emphasis="secondary")
            return
        legal = self.session.legal_actions()
        kinds: dict = {}
        for action in legal:
            kinds.setdefault(action["type"], []).append(action)
        if "take-resource" in kinds:
            box.add_widget(Factory.Section(text=tr._("The bank has no coins: take a resource")))
            for action in kinds["take-resource"]:
                self.add(box, n.resource(action["resource"]), lambda a=action: self.play(a),
                         action)
            return
        if turn["space"] is None:
            box.add_widget(Factory.Section(text=tr._("Choose a space on the rondel")))
            box.add_widget(body(tr._("Tap a space of the wheel: its cost and what it yields "
                                     "are shown before you confirm.")))
            return
        space = state["settings"]["rondel"][turn["space"]]
        box.add_widget(Factory.Section(text=tr._("On {space}").format(space=n.space(space))))
        if "build-temples" in kinds:
            action = kinds["build-temples"][0]
            self.add(box, tr._("Build temples (up to {count})…").format(count=action["max"]),
                     lambda: self.form_temples(action), action)
        if "arm" in kinds:
            action = kinds["arm"][0]
            self.add(box, tr._("Arm (capacity {capacity}, up to {count})…").format(
                capacity=action["capacity"], count=action["max"]),
                lambda: self.form_arm(action), action)
        if "buy-progress" in kinds:
            actions = kinds["buy-progress"]
            self.add(box, tr._("Buy progress…"), lambda: self.form_progress(actions),
                     actions[0])
        elif space == "knowledge" and not turn["done"]:
            box.add_widget(line("\n".join(self.progress_lines(state["civs"][current]))))
        if turn["maneuver"] is not None:
            self.build_maneuver(box, state, kinds)
        if "found-city" in kinds:
            box.add_widget(Factory.Section(text=tr._("Found cities")))
            for action in kinds["found-city"]:
                self.add(box, tr._("Found a city in {province}…").format(
                    province=place_name(state, action["province"])),
                    lambda a=action: self.form_found(a), action)
        if "end-turn" in kinds:
            self.end_button = self.add(box, tr._("End turn"),
                                       lambda: self.play(kinds["end-turn"][0]),
                                       kinds["end-turn"][0])

    def build_maneuver(self, box, state: dict, kinds: dict) -> None:
        tr = self.tr
        n = names(tr)
        civ = state["turn"]["civ"]
        units = state["turn"]["maneuver"]["units"]
        left = "; ".join(
            f"{place_name(state, p)}: "
            + ", ".join(f"{len(v)} {n.unit(u)} ({'/'.join(map(str, v))})"
                        for u, v in here.items() if v)
            for p, here in units.items()) or "-"
        box.add_widget(body(tr._("Maneuvers left: {units}").format(units=left)))
        if "move" in kinds:
            self.add(box, tr._("Move units…"), lambda: self.form_move(kinds["move"]),
                     kinds["move"][0])
        for action in kinds.get("battle", []):
            text = tr._("Battle of {unit} in {province}: {civ} against {against}").format(
                unit=n.unit(action["unit"]),
                province=place_name(state, action["province"]),
                civ=n.civ(action["civ"]), against=n.civ(action["against"]))
            self.add(box, text, lambda a=action: self.play(a), action, emphasis="secondary")
        calculator = self.conquest_lines(civ)
        if calculator:
            box.add_widget(Factory.Section(text=tr._("Conquest")))
        for text, action in calculator:
            box.add_widget(line(text, font_size=f"{App.get_running_app().theme.small_sp}sp"))
            if action is not None:
                self.add(box, tr._("Conquer {province}…").format(
                    province=place_name(state, action["province"])),
                         lambda a=action: self.form_conquer(a), action)
        if "end-maneuver" in kinds:
            self.add(box, tr._("End the maneuver"), lambda: self.play(kinds["end-maneuver"][0]),
                     kinds["end-maneuver"][0], emphasis="secondary")

    def build_start_cities(self, box, state: dict) -> None:
        tr = self.tr
        box.add_widget(Factory.Section(text=tr._("Start cities")))
        box.add_widget(body(tr._("Each civilization's card names its three start cities, one "
                                 "of each resource.")))
        for civ in state["order"]:
            if not state["civs"][civ]["cities"]:
                self.add(box, tr._("Start cities of {civ}…").format(
                    civ=civ_label(state, civ, tr)), lambda c=civ: self.form_start_cities(c),
                    {"type": "start-cities", "civ": civ})

    # --- the books --------------------------------------------------------------------------------

    def book_lines(self, state: dict, civ: str) -> list[str]:
        from forge.engine.antike.evolution import arming_capacity

        tr, t = self.tr, tables()
        n = names(tr)
        book = state["civs"][civ]
        lines = [civ_label(state, civ, tr)]
        for resource in RESOURCES:
            cities = [p + (" (" + tr._("temple") + ")" if c["temple"] else "")
                      for p, c in book["cities"].items() if c["resource"] == resource]
            lines.append(tr._("{resource} cities: {cities}").format(
                resource=n.resource(resource), cities=", ".join(cities) or "-"))
        lines.append(tr._("Cities {count} of {cap} · arming capacity {capacity}").format(
            count=len(book["cities"]), cap=state["settings"]["city_cap"],
            capacity=arming_capacity(t, book)))
        units = "; ".join(f"{p}: {amounts_units(here, tr)}" for p, here in book["units"].items())
        lines.append(tr._("Units: {units}").format(units=units or "-"))
        lines.append(tr._("In the supply: {units}").format(
            units=amounts_units(book["supply"], tr)))
        lines.append(tr._("Progress: {progress}").format(
            progress=", ".join(n.progress(p) for p in book["progress"]) or "-"))
        held = [f"{n.personality(k)} {', '.join(map(str, v))}"
                for k, v in book["personalities"].items() if v]
        lines.append(tr._("Personalities: {cards}").format(cards="; ".join(held) or "-"))
        lines.append(tr._("Temples destroyed {destroyed} · seas {seas}").format(
            destroyed=book["temples_destroyed"], seas=book["seas"]))
        return lines

    def build_books(self, box, state: dict) -> None:
        tr = self.tr
        box.add_widget(Factory.Section(text=tr._("Books")))
        for text in self.book_lines(state, self.shown_civ):
            box.add_widget(line(text))
        if state["phase"] == "play":
            self.add(box, tr._("Conquest calculator…"), self.open_calculator,
                     emphasis="secondary")

    def build_entries(self, box) -> None:
        tr = self.tr
        box.add_widget(Factory.Section(text=tr._("The table's entries")))
        for text, form in ((tr._("Seas occupied…"), self.form_seas),
                           (tr._("The rondel's order…"), self.form_rondel),
                           (tr._("The bank's coins…"), self.form_bank),
                           (tr._("Correction…"), self.form_adjust)):
            self.add(box, text, form, emphasis="secondary")

    # --- playing ---------------------------------------------------------------------------------

    def play(self, action: dict, dice=None) -> bool:
        clean = {k: v for k, v in action.items() if k not in HINTS}
        return super().play(clean, dice)

    def played(self, action: dict, entry) -> None:
        """The action's words; provinces typed are remembered; personalities announced; the
        books of whose turn it is now."""
        state = self.session.state
        remember(state["side"], action_provinces(action))
        last = self.session.log()[self.session.position]
        self.message = "\n".join(w for w in last["words"] if w)
        self.refresh()
        self.ids.info.scroll_y = 1
        self.announce(last["events"], state)

    def announce(self, events: list, state: dict) -> None:
        """The personalities awarded (which card, why) and the victory, in a dialog."""
        tr = self.tr
        lines = personality_reasons(events, state, tr)
        won = next((e for e in events if e.get("kind") == "won"), None)
        if won:
            lines.append(self.session.describe(won, self.session.translator))
        if not lines:
            if state["phase"] == "over":
                self.show_screen("antike_end")
            return
        ok = Factory.BigButton(text=tr._("See the result") if won else tr._("OK"))
        self.announcement = dialog(
            tr._("Victory") if won else tr._("Personalities"),
            [body(line) for line in lines], [ok], size_hint=(0.9, None), height=dp(200))
        ok.bind(on_release=lambda *_: self.close_announcement())
        self.announcement.ok = ok
        self.announcement.open()

    def close_announcement(self) -> None:
        if self.announcement is not None:
            self.announcement.dismiss(animation=False)
            self.announcement = None
        if self.session.state["phase"] == "over":
            self.show_screen("antike_end")

    def show_log(self) -> None:
        self.message = ""
        self.show_screen("antike_log")


SCREEN = AntikeBooksScreen
