"""CONQUEST OF THE EMPIRE II: the end of a season, step by step as the engine reports it.

Before scoring: the engine's one legal action (`end-season`) as a button. If the engine refuses
because the table has not entered a key province's VP (printed only on the board), the refusal
is shown with a form for that province's values, prefilled from the app setting
"conquest_board_values" (last game's board); saving sends the engine's `set-board-values`
action, remembers the values and asks the engine to score again.

After scoring: the end-season log entry's events, in the engine's order, walked through one step
at a time: taxes per player, VP per key province (a table: tokens, place, VP), chaos (cities,
the ranking, the VP penalties), cards (multiple-use cards face up again, diplomacy cards given
back), then the next season's auction (back to conquest_books) or the end (conquest_end).
Nothing is computed here: amounts, places and penalties are the events' own numbers; token
counts and the cards used are read from the states before and after.
"""
from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.textinput import TextInput

from companion.screens.base import GameScreen
from companion.screens.conquest_names import card_title, event_words, place_name
from companion.screens.conquest_setup import BOARD_VALUES, MAIN_SCREEN
from companion.screens.conquest_withdraw import pending_withdrawals, show_withdrawal
from companion.widgets import big, grid_row, table


# --- the season report, from the end-season log entry -----------------------------------------

def season_steps(events: list[dict]) -> list[dict]:
    """The end-season events grouped into the steps the table carries out, in order:
    taxes, vp, chaos, cards, next. Every event is in exactly one step."""
    order = ("taxes", "vp", "chaos", "cards", "next")
    steps = {kind: [] for kind in order}
    for event in events:
        kind, why = event.get("kind"), event.get("why")
        if kind == "talents" and why == "taxes":
            steps["taxes"].append(event)
        elif kind == "province-scored" or (kind == "vp" and why != "chaos"):
            steps["vp"].append(event)
        elif kind in ("chaos", "chaos-ranked") or (kind == "vp" and why == "chaos"):
            steps["chaos"].append(event)
        elif kind == "diplomacy-returned":
            steps["cards"].append(event)
        else:
            steps["next"].append(event)
    return [{"kind": kind, "events": steps[kind]} for kind in order]


class ConquestSeasonScreen(GameScreen):
    """The end of a season: score it, or walk through what the scoring did."""

    title_text = StringProperty("")
    step_text = StringProperty("")
    steps = ListProperty([])
    step_index = NumericProperty(0)
    asking = StringProperty("")         # the key province whose VP the form asks for
    inputs = ListProperty([])           # the form's TextInputs, one per place
    report_at = NumericProperty(-1)     # the log position of the report being walked through

    def reset(self) -> None:
        self.asking, self.steps = "", []

    # --- showing ------------------------------------------------------------------------------

    def refresh(self) -> None:
        session = self.session
        if session is None:
            return
        tr = App.get_running_app().tr
        session.set_language(tr.lang)
        state = session.state
        self.title_text = tr._("End of season {season} of {seasons}").format(
            season=self._scored_season(), seasons=state.get("seasons", 4))
        entry = self._report_entry()
        if entry is None:
            self.steps, self.report_at = [], -1
        elif self.report_at != session.position or not self.steps:
            self.steps, self.step_index = season_steps(entry["events"]), 0
            self.report_at = session.position
        if pending_withdrawals(session):        # never scored past a pending withdrawal
            self.show_withdrawal()
        elif self.steps:
            self.show_step()
        elif self.asking:
            self.show_form()
        else:
            self.show_ready()

    def _report_entry(self) -> dict | None:
        """The end-season entry at the log position (the season just scored), if it is one."""
        session = self.session
        entries = session.game.session.entries
        entry = entries[session.position] if session.position < len(entries) else None
        if entry and entry["action"].get("type") == "end-season":
            return entry
        return None

    def _scored_season(self) -> int:
        entry = self._report_entry()
        if entry is not None:
            for event in entry["events"]:
                if event.get("kind") == "season-over":
                    return event["season"]
        return self.session.state.get("season", 1)

    def _states(self) -> tuple[dict, dict]:
        """The states before and after the end-season entry being reported."""
        session = self.session.game.session
        return session.states[self.session.position - 1], session.states[self.session.position]

    def _clear(self) -> tuple:
        content, actions = self.ids.content, self.ids.actions
        content.clear_widgets()
        actions.clear_widgets()
        self.ids.scroll.scroll_y = 1
        return content, actions

    def _button(self, text: str, on_release, box) -> object:
        button = big(text, on_release)
        box.add_widget(button)
        return button

    def show_ready(self) -> None:
        """Before scoring: what the end of the season does and the engine's action for it."""
        tr = App.get_running_app().tr
        content, actions = self._clear()
        self.step_text = ""
        legal = [a for a in self.session.legal_actions() if a.get("type") == "end-season"]
        if not legal:
            content.add_widget(Factory.Body(text=tr._("The season is not over yet.")))
            return
        for line in (tr._("The last round of actions is over."),
                     tr._("Scoring the season collects the taxes, scores the key provinces, "
                          "ranks the chaos and gives the cards back."),
                     tr._("You will see each step to carry out on the board.")):
            content.add_widget(Factory.Body(text=line))
        self.end_button = self._button(tr._("Score the season"),
                                       lambda: self.score(legal[0]), actions)

    def show_withdrawal(self) -> None:
        """Leaders left alone after a lost battle withdraw first (the engine lists nothing
        else)."""
        tr = App.get_running_app().tr
        content, actions = self._clear()
        self.step_text = ""
        if self._withdrawing is None:
            self._withdrawing = {}
        show_withdrawal(content, self.session, tr, self._withdrawing, self.withdraw)

    _withdrawing = None

    def withdraw(self, action: dict | None) -> None:
        if action is None:
            self.message = self.tr._("Choose where the leaders go.")
            return
        if self.play(action):
            self._withdrawing = None
            self.refresh()

    def show_form(self) -> None:
        """The values printed on the board for one key province, to enter."""
        from forge.engine.conquest.data import tables

        app = App.get_running_app()
        tr = app.tr
        content, actions = self._clear()
        province = self.asking
        places = tables().places[province]
        saved = ((app.settings.get(BOARD_VALUES) or {}).get("vp") or {}).get(province) or []
        self.step_text = tr._("Board values")
        content.add_widget(Factory.Body(text=tr._(
            "Enter the VP printed on your board for {province}, for each place.").format(
            province=place_name(province, self.session.translator))))
        if saved:
            content.add_widget(Factory.Body(text=tr._("Filled in from your last game: check "
                                                      "them against the board.")))
        grid = table(2, 0.6)
        inputs = []
        for place in range(1, places + 1):
            grid.add_widget(Factory.Body(text=tr._("Place {place}").format(place=place)))
            box = TextInput(multiline=False, input_filter="int", input_type="number",
                            size_hint_y=None, height=dp(app.theme.button_dp),
                            font_size=f"{app.theme.text_sp}sp", write_tab=False,
                            text=str(saved[place - 1]) if place <= len(saved) else "")
            grid.add_widget(box)
            inputs.append(box)
        content.add_widget(grid)
        self.inputs = inputs
        self.save_button = self._button(tr._("Save and score"), self.save_values, actions)

    def show_step(self) -> None:
        """One step of the season's report and its 'Done' button."""
        tr = App.get_running_app().tr
        content, actions = self._clear()
        step = self.steps[self.step_index]
        titles = {"taxes": tr._("Taxes"), "vp": tr._("Victory points"),
                  "chaos": tr._("Chaos"), "cards": tr._("Cards"),
                  "next": tr._("Next")}
        self.step_text = tr._("Step {step} of {steps}: {what}").format(
            step=self.step_index + 1, steps=len(self.steps), what=titles[step["kind"]])
        getattr(self, f"_show_{step['kind']}")(step["events"], content)
        last = self.step_index >= len(self.steps) - 1
        if not last:
            self.next_button = self._button(tr._("Done: next"), self.next_step, actions)
        elif self.session.state.get("phase") == "over":
            self.next_button = self._button(tr._("See the result"), self.show_end, actions)
        else:
            self.next_button = self._button(tr._("Done: back to the books"), self.finish,
                                            actions)

    def _show_taxes(self, events, content) -> None:
        tr = App.get_running_app().tr
        before, _after = self._states()
        content.add_widget(Factory.Body(text=tr._("Each player takes these talents from the "
                                                  "bank:")))
        grid = table(4, 0.34)
        grid_row(grid, [tr._("Player"), tr._("Tokens"), tr._("In own city"), tr._("Talents")],
                 bold=True)
        paid = {e["player"]: e["amount"] for e in events}
        cities = before.get("cities") or {}
        for player in before["players"]:
            influence = before["books"][player]["influence"]
            own = sum(n for p, n in influence.items() if cities.get(p) == player)
            grid_row(grid, [player, sum(influence.values()), own, f"+{paid.get(player, 0)}"])
        content.add_widget(grid)

    def _show_vp(self, events, content) -> None:
        tr = App.get_running_app().tr
        before, _after = self._states()
        scored = [e for e in events if e.get("kind") == "province-scored"]
        if not scored:
            content.add_widget(Factory.Body(text=tr._("Nobody has influence in a key "
                                                      "province: no VP this season.")))
            return
        content.add_widget(Factory.Body(text=tr._("Each key province scores by influence; "
                                                  "equal tokens share a place.")))
        for event in scored:
            province = event["province"]
            content.add_widget(Factory.Section(text=place_name(province, self.session.translator)))
            grid = table(4, 0.34)
            grid_row(grid, [tr._("Player"), tr._("Tokens"), tr._("Place"), tr._("VP")],
                     bold=True)
            places = event.get("places") or {}
            for player in sorted(places, key=lambda p: places[p]):
                tokens = before["books"][player]["influence"].get(province, 0)
                grid_row(grid, [player, tokens, places[player],
                                f"+{event['vp'].get(player, 0)}"])
            content.add_widget(grid)

    def _show_chaos(self, events, content) -> None:
        tr = App.get_running_app().tr
        before, after = self._states()
        lost = {e["player"]: -e["amount"] for e in events
                if e.get("kind") == "chaos" and e.get("why") == "cities"}
        ranked = next((e for e in events if e.get("kind") == "chaos-ranked"), {})
        places = ranked.get("places") or {}
        penalty = {e["player"]: e["amount"] for e in events
                   if e.get("kind") == "vp" and e.get("why") == "chaos"}
        content.add_widget(Factory.Body(text=tr._("Each city removes chaos; then the most "
                                                  "chaos loses VP, and the next (equal chaos "
                                                  "shares a place).")))
        grid = table(5, 0.28)
        grid_row(grid, [tr._("Player"), tr._("Cities"), tr._("Chaos"), tr._("Place"),
                        tr._("VP")], bold=True)
        for player in sorted(before["players"], key=lambda p: places.get(p, 99)):
            cities = sum(1 for owner in (before.get("cities") or {}).values() if owner == player)
            chaos_before = before["books"][player]["chaos"]
            chaos_after = after["books"][player]["chaos"] if after.get("books") else chaos_before
            chaos = (f"{chaos_before} » {chaos_after}" if player in lost else str(chaos_after))
            grid_row(grid, [player, cities, chaos, places.get(player, "-"),
                            f"{penalty[player]:+d}" if player in penalty else "0"])
        content.add_widget(grid)

    def _show_cards(self, events, content) -> None:
        tr = App.get_running_app().tr
        before, _after = self._states()
        lines = []
        for player in before["players"]:
            used = before["books"][player].get("used") or []
            if used:
                lines.append(tr._("{player}: turn face up {cards}").format(
                    player=player, cards=", ".join(card_title(c, tr) for c in used)))
        for event in events:
            lines.append(tr._("{player}: give back {cards} (to the cards on offer)").format(
                player=event["player"],
                cards=", ".join(card_title(c, tr) for c in event["cards"])))
        if not lines:
            lines.append(tr._("No card was used this season and no diplomacy card is held."))
        content.add_widget(Factory.Body(text=tr._("Multiple-use cards and senate votes are "
                                                  "ready again; diplomacy cards go back.")))
        for line in lines:
            content.add_widget(Factory.Body(text=line))

    def _show_next(self, events, content) -> None:
        for words in event_words(events, self.session):
            content.add_widget(Factory.Body(text=words))

    # --- playing ------------------------------------------------------------------------------

    def refused(self, action: dict, error: Exception) -> None:
        """The engine's refusal; the board-values form when the VP of the key province it
        names are missing."""
        from forge.engine.conquest.data import tables

        super().refused(action, error)
        named = getattr(error, "fields", {}).get("province")
        ids = {name: key for key, name in tables().province_name.items()}
        if action.get("type") == "end-season" and named in ids:
            self.asking = ids[named]
            self.show_form()

    def played(self, action: dict, entry: dict | None) -> None:
        self.message = ""

    def score(self, action: dict) -> None:
        """The end-season action; on success, its report from the first step."""
        if self.play(action):
            self.steps, self.step_index = [], 0
            self.refresh()

    def save_values(self) -> None:
        """The values entered for one province: to the engine, to the settings, then score."""
        app = App.get_running_app()
        tr = app.tr
        province = self.asking
        try:
            values = [int(box.text) for box in self.inputs]
        except ValueError:
            self.message = tr._("Enter a number for every place.")
            return
        if not self.play({"type": "set-board-values", "vp": {province: values}}):
            return
        saved = dict(app.settings.get(BOARD_VALUES) or {})
        saved["vp"] = {**(saved.get("vp") or {}), province: values}
        app.set_setting(BOARD_VALUES, saved)
        self.asking = ""
        legal = [a for a in self.session.legal_actions() if a.get("type") == "end-season"]
        if legal:
            self.score(legal[0])

    def next_step(self) -> None:
        if self.step_index < len(self.steps) - 1:
            self.step_index += 1
            self.show_step()

    def finish(self) -> None:
        App.get_running_app().show(MAIN_SCREEN)

    def show_end(self) -> None:
        self.show_screen("conquest_end")


SCREEN = ConquestSeasonScreen
