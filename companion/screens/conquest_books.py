"""CONQUEST OF THE EMPIRE II at the table: the books of every player and the actions of the turn.

The header says the season, the round, whose turn it is and the actions and card pick left; a
player switcher shows one player's ledger at a time (talents, VP and chaos in large numbers,
then influence per key province, cards held (multiple-use ones marked when used this season),
senators and units in play by place). Below come the engine's legal actions as buttons, with
their costs; actions with open fields (recruit, buy influence, ...) ask for them in a form (its
places chosen from lists, companion.places, never typed); the immediate cards and the Assassin
are played with their targets from the engine's lists (conquest_cards); the table's own entries
(starting units, province tokens, cards dealt from the draw pile, corrections) are at the end.
While leaders left alone after a lost battle must withdraw, that step (conquest_withdraw) is all
the books offer; while starting units wait off the board, the first round waits too (ruling
R32): the books name who still has to place them and lead to the guide. The other procedures
have their own screens: the alliance auction, battles, senate votes, the season's end and the
result.
Nothing here applies a rule: the engine does, and its refusals are shown in the players'
language.
"""
from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import StringProperty
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.popup import Popup

from companion.places import PlaceChooser
from companion.screens.base import GameScreen
from companion.screens.conquest_cards import CardForms, card_gist, card_label
from companion.screens.conquest_names import (card_title, place_name, place_sections, unit_name,
                                              units_text)
from companion.screens.conquest_start import GUIDED, guide_due
from companion.screens.conquest_withdraw import pending_withdrawals, show_withdrawal
from companion.theme import fresh_group
from companion.widgets import (Counter, body, caption, choice_grid, column, dialog,
                               grow_with_text, scrolled)
from forge.engine.conquest.labels import action_label
from forge.engine.conquest.legal import sea_by
from forge.engine.conquest.state import still_to_place

# the phases' own screens
PHASE_SCREENS = {"auction": "conquest_auction", "season-end": "conquest_season",
                 "over": "conquest_end"}
HINTS = ("open", "min", "choices", "tokens", "hand")   # a legal action's hints, not for the engine


def tables():
    from forge.engine.conquest import tables as load

    return load()


class ConquestBooksScreen(CardForms, GameScreen):
    """Header, player switcher, one player's ledger, and the actions of the turn."""

    header_text = StringProperty("")
    player_text = StringProperty("")
    left_text = StringProperty("")
    shown_player = StringProperty("")       # whose ledger is shown
    ledger_title = StringProperty("")       # the shown player's name, over his figures
    talents_text = StringProperty("")
    vp_text = StringProperty("")
    chaos_text = StringProperty("")
    popup = None                            # the open form, for tests
    form = None                             # the form's parts (fields, collect), for tests

    def open(self, session) -> None:
        """Show a game (new or resumed); a battle or vote in progress goes to its screen, and
        a game just set up or resumed in its first season's table steps to the guide."""
        App.get_running_app().session = session
        arriving = session is not self.session
        super().open(session)
        # shown once the app has put this screen up (open_game shows it after opening it)
        self._to_guide = not self.follow() and arriving and guide_due(session)

    _to_guide = False

    def on_enter(self, *_):
        if self._to_guide:
            self._to_guide = False
            self.go("conquest_start")

    def reset(self) -> None:
        self.shown_player = ""
        self._turn_of = None

    def on_pre_enter(self, *_):
        app = App.get_running_app()
        if app.session is not None and app.session is not self.session:
            self.session = app.session
            self.reset()
        self.refresh()

    def follow(self) -> bool:
        """A battle or senate vote in progress: go to its screen."""
        state = self.session.state if self.session else {}
        for key, name in (("battle", "conquest_battle"), ("senate", "conquest_senate")):
            if state.get(key):
                self.go(name)
                return True
        return False

    def go(self, name: str) -> None:
        """Another screen of the game, reading the same session."""
        self.message = ""          # what happens there is told there; no stale words on return
        self.show_screen(name)

    # --- showing --------------------------------------------------------------------------------

    def current(self) -> str | None:
        """The player who must withdraw his leaders, else whose turn it is, or who must bid
        (None between procedures)."""
        state = self.session.state
        pending = state.get("withdrawal")
        if pending and pending.get("players"):
            return pending["players"][0]
        turn = state.get("turn")
        if state.get("phase") == "actions" and turn:
            return state["order"][turn["index"]]
        if state.get("phase") == "auction" and state.get("auction"):
            return state["auction"]["bidder"]
        return None

    def refresh(self) -> None:
        app = App.get_running_app()
        if self.session is None:
            return
        tr = app.tr
        self.session.set_language(tr.lang)
        state = self.session.state
        phase = state.get("phase")
        head = tr._("Season {season} of {seasons}").format(season=state.get("season"),
                                                            seasons=state.get("seasons"))
        current = self.current()
        if phase == "actions":
            head += " · " + tr._("Round {round}").format(round=state.get("round"))
        if phase == "actions" and not state.get("withdrawal"):     # the turn's, not his
            turn = state.get("turn") or {}
            self.left_text = tr._("Actions: {actions}\nCard picks: {picks}").format(
                actions=turn.get("actions_left", 0), picks=turn.get("card_picks_left", 0))
        else:
            self.left_text = ""
        phase_words = {"auction": tr._("Alliance auction"), "season-end": tr._("Season end"),
                       "over": tr._("Game over")}
        if phase in phase_words:
            head += " · " + phase_words[phase]
        self.header_text = head
        self.player_text = current or ""
        # the ledger follows whoever is to act whenever that changes (after an action here, or
        # an auction or a battle on their own screens), so the figures are always those of the
        # player named over them
        if self.shown_player not in state["players"] or (
                current and (self._follow_turn or current != self._turn_of)):
            self.shown_player = current or state["players"][0]
        self._follow_turn = False
        self._turn_of = current
        self.build_switcher()
        self.build_ledger()
        self.build_actions()

    _follow_turn = True
    _turn_of = None                         # who was to act when the screen last drew

    def build_switcher(self) -> None:
        """One button a player; the shown one is pressed, the one whose turn it is marked."""
        state = self.session.state
        box = self.ids.switcher
        box.clear_widgets()
        current = self.current()
        group = fresh_group("conquest-ledger")
        for player in state["players"]:
            text = ("» " if player == current else "") + player
            button = Factory.Choice(text=text, group=group, shorten=True,
                                    state="down" if player == self.shown_player else "normal")
            button.player = player
            button.bind(on_release=lambda b: self.show_player(b.player))
            box.add_widget(button)

    def show_player(self, player: str) -> None:
        self.shown_player = player
        self.build_switcher()
        self.build_ledger()

    def ledger_lines(self, player: str) -> dict[str, str]:
        """A player's books in words: influence, cards, senators, units, alliance, cities."""
        tr, state = self.tr, self.session.state
        book = state["books"][player]
        influence = ", ".join(f"{place_name(p, tr)} {n}"
                              for p, n in book["influence"].items() if n) or "-"
        cards = []
        for card in book["cards"]:
            info = state["cards"].get(card) or {}
            words = card_title(card, tr)
            if card in book["used"]:
                words += " (" + tr._("used this season") + ")"
            elif info.get("class") == "multiple-use":
                words += " (" + tr._("ready") + ")"
            cards.append(words)
        units = []
        for where, here in state["army"][player].items():
            if not here:
                continue
            if where == "unplaced":
                units.append(tr._("Not yet placed: {units}").format(units=units_text(here, tr)))
            else:
                units.append(f"{place_name(where, tr)}: {units_text(here, tr)}")
        alliance = next((name for name, group in (state.get("alliances") or {}).items()
                         if player in group), None)
        cities = [place_name(p, tr) for p, owner in (state.get("cities") or {}).items()
                  if owner == player]
        lines = {"influence": tr._("Influence: {provinces}").format(provinces=influence),
                 "cards": tr._("Cards: {cards}").format(cards="; ".join(cards) or "-"),
                 "senators": tr._("Senators: {values}").format(
                     values=", ".join(str(v) for v in book["senators"]) or "-"),
                 "units": tr._("Units: {places}").format(places="; ".join(units) or "-")}
        if cities:
            lines["cities"] = tr._("Cities: {cities}").format(cities=", ".join(cities))
        if alliance:
            order = state.get("order") or []
            lines["alliance"] = tr._("Alliance {alliance} · turn {place}").format(
                alliance=alliance, place=order.index(player) + 1 if player in order else "-")
        return lines

    def build_ledger(self) -> None:
        state = self.session.state
        player = self.shown_player
        book = state["books"][player]
        self.ledger_title = player
        self.talents_text = str(book["talents"])
        self.vp_text = str(book["vp"])
        self.chaos_text = str(book["chaos"])
        box = self.ids.ledger
        box.clear_widgets()
        app = App.get_running_app()
        for key, text in self.ledger_lines(player).items():
            label = Label(text=text, font_size="16sp", color=app.theme.ink, size_hint_y=None,
                          halign="left", valign="top", padding=(dp(2), dp(2)))
            label.bind(width=lambda w, width: setattr(w, "text_size", (width, None)),
                       texture_size=lambda w, size: setattr(w, "height", size[1]))
            label.key = key
            box.add_widget(label)

    def build_actions(self) -> None:
        """The buttons of the phase: the turn's legal actions, the ways to the other screens,
        then the table's entries."""
        app = App.get_running_app()
        tr, state = app.tr, self.session.state
        box = self.ids.actions
        box.clear_widgets()
        self.action_buttons = []
        phase = state.get("phase")

        def add(text, callback, action=None):
            button = grow_with_text(Factory.BigButton(text=text))
            button.action = action
            button.bind(on_release=lambda _b: callback())
            box.add_widget(button)
            self.action_buttons.append(button)
            return button

        if state.get("battle"):
            add(tr._("Battle in progress: continue"), lambda: self.go("conquest_battle"))
        elif state.get("senate"):
            add(tr._("Senate vote in progress: continue"), lambda: self.go("conquest_senate"))
        elif pending_withdrawals(self.session):     # nothing else until it is done
            self.action_buttons.append(show_withdrawal(box, self.session, tr,
                                                       self.withdrawing, self.withdraw))
            self.ids.action_scroll.scroll_y = 1
            return
        elif phase in PHASE_SCREENS:
            words = {"auction": tr._("Alliance auction"), "season-end": tr._("Season end"),
                     "over": tr._("Result")}[phase]
            add(words, lambda n=PHASE_SCREENS[phase]: self.go(n))
        elif phase == "actions" and still_to_place(state):
            box.add_widget(Factory.Section(text=tr._("Actions of {player}").format(
                player=self.current())))
            box.add_widget(body(tr._("The first round begins once every starting unit is on "
                                     "the board. Still to place theirs: {players}.").format(
                players=", ".join(still_to_place(state)))))
            add(tr._("Place starting units…"), lambda: self.go("conquest_start"))
        elif phase == "actions":
            box.add_widget(Factory.Section(text=tr._("Actions of {player}").format(
                player=self.current())))
            battle_shown = False
            legal = self.session.legal_actions()        # the cards on offer after the rest
            legal = [a for a in legal if a.get("type") != "take-card"] + \
                [a for a in legal if a.get("type") == "take-card"]
            for action in legal:
                kind = action.get("type")
                if kind in GUIDED:
                    continue            # the first season's table steps: the guide below
                if kind in ("battle", "naval"):
                    if not battle_shown:
                        add(tr._("Battle"), lambda: self.go("conquest_battle"), action)
                        battle_shown = True
                    continue
                if kind == "call-vote":
                    continue            # the Senate vote button below
                label = card_label(action, tr, state) if kind in ("play-card", "use-card") \
                    else None
                add(label or action_label(action, tr, state), lambda a=action: self.choose(a),
                    action)
            if self.vote_cards():
                add(tr._("Senate vote"), lambda: self.go("conquest_senate"))
        if phase != "over":
            box.add_widget(Factory.Section(text=tr._("The table's entries")))
            steps = [a["type"] for a in self.session.legal_actions() if a.get("type") in GUIDED]
            if "starting-influence" in steps:
                add(tr._("Starting influence…"), lambda: self.go("conquest_start"))
            elif "place" in steps and not still_to_place(state):
                add(tr._("Place starting units…"), lambda: self.go("conquest_start"))
            add(tr._("Lay out province tokens…"), lambda: self.choose({"type": "place-tokens"}))
            add(tr._("Deal cards on offer…"), lambda: self.choose({"type": "offer-cards"}))
            add(tr._("Move units by a card or a correction (not an action)…"),
                lambda: self.choose({"type": "relocate"}))
            add(tr._("Correction…"), lambda: self.choose({"type": "adjust"}))
        self.ids.action_scroll.scroll_y = 1

    def vote_cards(self) -> list[str]:
        """The senate vote cards the player whose turn it is holds, unused this season."""
        player = self.current()
        if not player or self.session.state.get("phase") != "actions":
            return []
        return [a["card"] for a in self.session.legal_actions() if a.get("type") == "call-vote"]

    # --- playing --------------------------------------------------------------------------------

    def choose(self, action: dict) -> None:
        """A tapped action: played at once when it is complete, else its form opens."""
        kind = action.get("type")
        if kind == "take-card":
            state = self.session.state
            info = state["cards"].get(action["card"]) or {}
            known = (state["settings"].get("costs") or {}).get(action["card"])
            if info.get("cost") is None and known is None and info.get("class") != "senator":
                self.form_card_cost(action)
                return
        if kind in ("play-card", "use-card") and self.card_form(action):
            return
        forms = {"recruit": self.form_recruit, "buy-influence": self.form_buy,
                 "special-tax": self.form_tax, "move": self.form_move,
                 "relocate": self.form_move,
                 "place-tokens": self.form_tokens,
                 "offer-cards": self.form_cards, "adjust": self.form_adjust}
        if kind in forms:
            forms[kind](action)
            return
        self.play(action)

    def play(self, action: dict, dice: list[int] | None = None) -> bool:
        """Send an action to the engine (a legal action without its hints); say why if it
        refuses. True when it was played. A card taken with the cost the rulebook does not
        give: that cost is entered first (set-board-values costs), so it is asked only once."""
        clean = {k: v for k, v in action.items() if k not in HINTS} if "open" in action \
            else dict(action)
        if clean.get("type") == "take-card" and clean.get("cost") is not None:
            card = clean["card"]
            state = self.session.state
            if (state["cards"].get(card) or {}).get("cost") is None and \
                    card not in (state["settings"].get("costs") or {}):
                if not super().play({"type": "set-board-values",
                                     "costs": {card: clean["cost"]}}):
                    return False
                clean = {k: v for k, v in clean.items() if k != "cost"}
        return super().play(clean, dice)

    def withdraw(self, action: dict | None) -> None:
        """The withdrawal step's button: its action, or a word when no place is chosen."""
        if action is None:
            self.message = self.tr._("Choose where the leaders go.")
            return
        self.play(action)

    @property
    def withdrawing(self) -> dict:
        """The withdrawal's destination and filter text, kept while the screen is rebuilt."""
        if self._withdrawing is None:
            self._withdrawing = {}
        return self._withdrawing

    _withdrawing = None

    def played(self, action: dict, entry: dict | None) -> None:
        """The action's words; the ledger of whose turn it is now; a battle or vote begun goes
        to its screen."""
        if action.get("type") == "withdraw":
            self._withdrawing = None
        last = self.session.log()[-1]
        self.message = "\n".join(w for w in last["words"] if w)
        self._follow_turn = True
        self.refresh()
        self.ids.info.scroll_y = 1
        self.follow()

    # --- forms ----------------------------------------------------------------------------------

    def open_form(self, title: str, fields: list, collect, summary=None) -> Popup:
        """A popup with the fields (widgets), a live summary line, Cancel and OK. `collect()`
        gives the action to send (or None while incomplete); `summary()` its cost in words."""
        app = App.get_running_app()
        tr = app.tr
        scroll = scrolled(*fields)
        note = Factory.Body(text="", color=app.theme.accent, font_size="16sp")
        cancel = Factory.BigButton(text=tr._("Cancel"))
        ok = Factory.BigButton(text=tr._("OK"))
        self.popup = dialog(title, [scroll, note], [cancel, ok], size_hint=(0.96, 0.9),
                            title_size=f"{app.theme.text_sp}sp", background="",
                            background_color=app.theme.parchment, title_color=app.theme.ink,
                            separator_color=app.theme.accent)

        def update(*_):
            note.text = summary() if summary else ""

        def submit(*_):
            action = collect()
            if action is None:
                note.text = tr._("Fill in the form first.")
                return
            if self.play(action):
                self.close_popup()
            else:
                note.text = self.message

        cancel.bind(on_release=lambda *_: self.close_popup())
        ok.bind(on_release=submit)
        self.form = {"ok": ok, "cancel": cancel, "note": note, "update": update, "scroll": scroll,
                     "collect": collect, "fields": fields}
        update()
        self.popup.open()
        return self.popup

    def close_popup(self) -> None:
        if self.popup is not None:
            self.popup.dismiss(animation=False)
            self.popup = None
            self.form = None

    def _update(self):
        if self.form:
            self.form["update"]()

    def form_card_cost(self, action: dict) -> None:
        tr = App.get_running_app().tr
        cost = Counter(tr._("Cost printed on the card"), 0, 100, 5, 0)
        self.open_form(card_title(action["card"], tr),
                       [caption(tr._("The rulebook gives no cost for this card.")), cost],
                       lambda: {**action, "cost": cost.value})

    def form_recruit(self, action: dict) -> None:
        """Recruit in a province with influence; galleys go to a sea chosen from the list (those
        beside the province first), shown once galleys are counted."""
        app = App.get_running_app()
        tr, state, t = app.tr, self.session.state, tables()
        player = action["player"]
        held = [p for p, n in state["books"][player]["influence"].items() if n]
        chosen = {"province": held[0] if len(held) == 1 else None, "sea": "", "typed": ""}
        sea_box = column()

        def show_seas(rebuild: bool = False):
            ships = any(c.value for u, c in counters.items() if t.unit_where[u] == "sea")
            if ships == bool(sea_box.children) and not rebuild:
                return
            sea_box.clear_widgets()
            if ships:
                sea_box.add_widget(caption(tr._("Sea for the galleys")))
                sea_box.add_widget(self.sea_chooser(held, chosen, "recruit-sea"))

        def province(value):
            chosen["province"] = value
            show_seas(rebuild=True)
            self._update()

        grid = choice_grid([(p, place_name(p, tr)) for p in held], "conquest-recruit",
                           chosen["province"], province)
        counters = {u: Counter(unit_name(u, tr) + " · " + str(c), 0, 20, 1, 0,
                               on_change=lambda: (self._update(), show_seas()))
                    for u, c in t.unit_cost.items() if c is not None}

        def cost():
            return sum(t.unit_cost[u] * c.value for u, c in counters.items())

        def collect():
            units = {u: c.value for u, c in counters.items() if c.value}
            if not chosen["province"] or not units:
                return None
            out = {"type": "recruit", "player": player, "province": chosen["province"],
                   "units": units}
            if chosen["sea"] and sea_box.children:
                out["sea"] = chosen["sea"]
            return out

        fields = [caption(tr._("Where (a province with your influence)")), grid,
                  caption(tr._("Units (talents each)"))] + list(counters.values()) + [sea_box]
        if not held:
            fields.insert(0, caption(tr._("{player} has no influence yet.").format(
                player=player)))
        self.open_form(tr._("Recruit"), fields, collect, lambda: tr._(
            "Cost: {talents} talents, +{chaos} chaos").format(talents=cost(),
                                                              chaos=t.chaos["recruit"]))

    def sea_chooser(self, held: list, chosen: dict, role: str) -> PlaceChooser:
        """The seas to choose from for recruited galleys: beside the province chosen (or else
        beside each province with influence) first, then every other sea; `chosen` keeps the
        sea and the text typed while the list is built again."""
        tr, state = self.tr, self.session.state
        if chosen["province"]:
            first = (tr._("Next to {province}").format(
                province=place_name(chosen["province"], tr)), [sea_by(chosen["province"])])
        else:
            first = (tr._("Next to your provinces"), [sea_by(p) for p in held])
        return PlaceChooser(
            place_sections(state, tr, provinces=False, first=first), chosen["sea"],
            lambda v: chosen.update(sea=v), role=role, hint=tr._("Find or type a sea"),
            other=lambda name: tr._("Another sea: {name}").format(name=name),
            typed=chosen["typed"], on_type=lambda text: chosen.update(typed=text))

    def form_buy(self, action: dict) -> None:
        app = App.get_running_app()
        tr, state, t = app.tr, self.session.state, tables()
        player = action["player"]
        chosen = {"province": None}
        tokens = state.get("tokens") or {}
        grid = choice_grid([(p, place_name(p, tr) + (f" ({tokens[p]})" if tokens.get(p)
                                                           else ""))
                            for p in t.key_provinces], "conquest-buy", None,
                           lambda v: (chosen.update(province=v), self._update()))
        from_tokens = Counter(tr._("Province tokens"), 0, t.economy["buys_with_caesar"], 1, 0,
                              on_change=self._update)
        from_players = {p: Counter(tr._("From {player}").format(player=p), 0,
                                   t.economy["buys_with_caesar"], 1, 0, on_change=self._update)
                        for p in state["players"] if p != player}
        price = t.economy["influence_price"]

        def purchases():
            out = ["token"] * from_tokens.value
            for other, counter in from_players.items():
                out += [other] * counter.value
            return out

        def collect():
            if not chosen["province"] or not purchases():
                return None
            return {"type": "buy-influence", "player": player, "province": chosen["province"],
                    "purchases": purchases()}

        fields = [caption(tr._("Key province (tokens on offer)")), grid,
                  caption(tr._("Buy from")), from_tokens] + list(from_players.values())
        self.open_form(tr._("Buy influence"), fields, collect, lambda: tr._(
            "Cost: {talents} talents").format(talents=price * len(purchases())))

    def form_tax(self, action: dict) -> None:
        tr = App.get_running_app().tr
        rule = tables().economy["special_tax"]
        chosen = {"amount": None}
        grid = choice_grid([(a, tr._("+{talents} talents, +{chaos} chaos").format(
            talents=a, chaos=a // rule["step"] * rule["chaos_per_step"]))
            for a in action.get("choices") or range(rule["step"], rule["max"] + 1,
                                                    rule["step"])],
            "conquest-tax", None, lambda v: chosen.update(amount=v), cols=1)
        self.open_form(tr._("Special tax"), [grid], lambda: None if chosen["amount"] is None
                       else {"type": "special-tax", "player": action["player"],
                             "amount": chosen["amount"]})

    def _unit_counters(self, units: dict, tr, land_only: bool = False) -> dict:
        t = tables()
        return {u: Counter(unit_name(u, tr), 0, n, 1, 0, on_change=self._update)
                for u, n in units.items() if not (land_only and t.unit_where[u] == "sea")}

    def form_move(self, action: dict) -> None:
        """Move land units (an action), or with `relocate` any units of any player: a move a
        card grants or the table corrects, not an action (leaders left alone after a lost battle
        withdraw at the withdrawal step, which the engine asks for itself)."""
        app = App.get_running_app()
        tr, state = app.tr, self.session.state
        relocate = action.get("type") == "relocate"
        chosen = {"player": action.get("player") or self.shown_player or self.current()
                  or state["players"][0], "from": None}
        box = column()
        from_box = column()
        counters: dict = {}

        def pick(where):
            chosen["from"] = where
            box.clear_widgets()
            counters.clear()
            counters.update(self._unit_counters(state["army"][chosen["player"]][where], tr,
                                                land_only=not relocate))
            for counter in counters.values():
                box.add_widget(counter)

        def pick_player(player):
            chosen["player"], chosen["from"] = player, None
            box.clear_widgets()
            from_box.clear_widgets()
            counters.clear()
            places = [w for w in state["army"][player] if w != "unplaced"]
            from_box.add_widget(choice_grid([(w, place_name(w, tr)) for w in places],
                                            "conquest-move", None, pick))

        pick_player(chosen["player"])
        if relocate:            # any units, galleys too: a province or a sea
            dest = PlaceChooser(place_sections(state, tr), None,
                                lambda v: chosen.update(to=v), role="to",
                                hint=tr._("Find or type a place"),
                                other=lambda name: tr._("Another place: {name}").format(
                                    name=name))
        else:
            dest = PlaceChooser(place_sections(state, tr, seas=False), None,
                                lambda v: chosen.update(to=v), role="to",
                                hint=tr._("Find or type a province"),
                                other=lambda name: tr._("Another province: {name}").format(
                                    name=name))

        def collect():
            units = {u: c.value for u, c in counters.items() if c.value}
            to = chosen.get("to")
            if not chosen["from"] or not units or not to:
                return None
            if relocate:
                return {"type": "relocate", "player": chosen["player"], "from": chosen["from"],
                        "to": to, "units": units}
            return {"type": "move", "player": chosen["player"], "from": chosen["from"],
                    "to": {to: units}}

        fields = [caption(tr._("From")), from_box, box, caption(tr._("To")), dest]
        if relocate:
            fields = [caption(tr._("Player")),
                      choice_grid([(p, p) for p in state["players"]], "conquest-relocate",
                                  chosen["player"], pick_player)] + fields
        title = tr._("Move units by a card or a correction") if relocate \
            else tr._("Move land units")
        self.open_form(title, fields, collect)

    def form_tokens(self, action: dict) -> None:
        app = App.get_running_app()
        tr, t = app.tr, tables()
        counters = {p: Counter(place_name(p, tr), 0, 12, 1, 0) for p in t.key_provinces}

        def collect():
            tokens = {p: c.value for p, c in counters.items() if c.value}
            return {"type": "place-tokens", "tokens": tokens} if tokens else None

        self.open_form(tr._("Province tokens drawn"), list(counters.values()), collect)

    def form_cards(self, action: dict) -> None:
        """The cards dealt face up, from the draw pile as the engine counts it (deck.py): a
        card of one copy is a toggle, a card of several a counter up to the copies left."""
        from forge.engine.conquest.deck import draw_pile

        app = App.get_running_app()
        tr, state = app.tr, self.session.state
        pile = draw_pile(state)
        cards = sorted(pile, key=lambda c: (card_title(c, tr), c))
        chosen: dict[str, int] = {}
        grid = GridLayout(cols=1, size_hint_y=None, spacing=dp(6))
        grid.bind(minimum_height=grid.setter("height"))

        def toggled(button, value):
            chosen[button.card] = 1 if value == "down" else 0

        def counted(card, counter):
            chosen[card] = counter.value
            self._update()

        titles = {}
        for card in cards:
            titles.setdefault(card_title(card, tr), []).append(card)
        for card in cards:
            text = card_title(card, tr)
            if len(titles[text]) > 1:            # Fleet Command of the Aegean, of Alexandria
                text = f"{text} ({card_gist(card, tr)})"
            if pile[card] == 1:
                widget = Factory.ToggleButton(text=text, size_hint_y=None,
                                              height=dp(app.theme.button_dp),
                                              font_size=f"{app.theme.text_sp - 2}sp",
                                              shorten=True, halign="center",
                                              valign="middle")
                widget.bind(state=toggled,
                            size=lambda w, size: setattr(w, "text_size", (size[0] - dp(12),
                                                                          size[1])))
            else:
                widget = Counter(tr._("{card} · {left} left").format(card=text,
                                                                    left=pile[card]),
                                 0, pile[card], 1, 0)
                widget.on_change = (lambda c=card, w=widget: counted(c, w))
            widget.card = card
            grid.add_widget(widget)

        def collect():
            dealt = [c for c, n in chosen.items() for _ in range(n)]     # in the order tapped
            return {"type": "offer-cards", "cards": dealt} if dealt else None

        fields = [grid] if cards else [caption(tr._("The draw pile is empty."))]
        self.open_form(tr._("Cards dealt face up"), fields, collect, lambda: tr.ngettext(
            "{count} card chosen", "{count} cards chosen", sum(chosen.values())).format(
            count=sum(chosen.values())))

    def form_adjust(self, action: dict) -> None:
        app = App.get_running_app()
        tr, state, t = app.tr, self.session.state, tables()
        chosen = {"player": self.shown_player, "province": None}
        players = choice_grid([(p, p) for p in state["players"]], "conquest-adjust",
                              chosen["player"], lambda v: chosen.update(player=v))
        talents = Counter(tr._("Talents"), -500, 500, 5, 0)
        chaos = Counter(tr._("Chaos"), -50, 50, 1, 0)
        vp = Counter(tr._("VP"), -100, 100, 1, 0)
        provinces = choice_grid([(p, place_name(p, tr)) for p in t.key_provinces],
                                "conquest-adjust-province", None,
                                lambda v: chosen.update(province=v))
        influence = Counter(tr._("Influence"), -12, 12, 1, 0)

        def collect():
            out = {"type": "adjust", "player": chosen["player"]}
            for key, counter in (("talents", talents), ("chaos", chaos), ("vp", vp)):
                if counter.value:
                    out[key] = counter.value
            if influence.value and chosen["province"]:
                out["influence"] = {chosen["province"]: influence.value}
            return out if len(out) > 2 else None

        self.open_form(tr._("Correction"),
                       [caption(tr._("Player")), players, talents, chaos, vp,
                        caption(tr._("Influence in a key province (e.g. the tokens drawn at "
                                     "the start)")), provinces, influence], collect)

    def show_log(self) -> None:
        self.go("conquest_log")


SCREEN = ConquestBooksScreen
