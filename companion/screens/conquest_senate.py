"""CONQUEST OF THE EMPIRE II: the senate vote, an auction in senator cards.

With no vote being held: the engine's `call-vote` actions (one per unused Senate Vote card of
the player whose turn it is). While one is held (`state["senate"]`): the card and its text, who
called it, the high bid, whose turn it is to vote, his senator cards as toggle buttons (the
engine's `hand`), the total selected against the engine's `min`, Bid and Pass. When the vote is
won and the player with most influence in Italia draws one of the paid cards, the draw is rolled
by the app or, with real dice, entered by tapping the card drawn (a chance step). The result is
the log entry's events: the winner, the cards paid, who drew one (or nobody on a tie), the cards
out of the game and the benefit. Nothing is decided here: the engine accepts or refuses.
"""
from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import ListProperty, ObjectProperty, StringProperty
from kivy.uix.gridlayout import GridLayout

from companion.screens.base import GameScreen
from companion.screens.conquest_names import card_text, card_title, event_words, place_name
from companion.screens.conquest_setup import MAIN_SCREEN
from companion.theme import fresh_group
from companion.widgets import grow_with_text

HINTS = ("open", "min", "hand")         # a legal action's hints, not for the engine

RESULT_KINDS = ("vote-won", "vote-empty")


class ConquestSenateScreen(GameScreen):
    """Call a senate vote, bid or pass in it, and see what it gave."""

    title_text = StringProperty("")
    status_text = StringProperty("")
    selected = ListProperty([])         # indexes into the bidder's hand
    need = ObjectProperty(None, allownone=True)    # (action, paid senators) while drawing
    legions_to = StringProperty("")

    def reset(self) -> None:
        self.need, self.selected = None, []

    # --- showing ------------------------------------------------------------------------------

    def _button(self, text, on_release, box, cls="BigButton"):
        button = grow_with_text(getattr(Factory, cls)(text=text))
        if on_release is not None:
            button.bind(on_release=lambda *_: on_release())
        box.add_widget(button)
        return button

    def refresh(self) -> None:
        session = self.session
        if session is None:
            return
        tr = App.get_running_app().tr
        session.set_language(tr.lang)
        content, actions = self.ids.content, self.ids.actions
        content.clear_widgets()
        actions.clear_widgets()
        self.ids.scroll.scroll_y = 1
        self.bid_button = self.pass_button = None
        self.toggles, self.draw_buttons, self.call_buttons = [], [], []
        senate = session.state.get("senate")
        self.title_text = tr._("Senate vote")
        if self.need is not None:
            self.show_draw(content, actions)
        elif senate:
            self.show_vote(senate, content, actions)
        elif self.result_entry() is not None:
            self.show_result(self.result_entry(), content)
            if any(a.get("type") == "call-vote" for a in session.legal_actions()):
                self.show_call(content, actions, again=True)
        else:
            self.show_call(content, actions)

    def result_entry(self) -> dict | None:
        """The log entry at the current position, if it ended a vote."""
        session = self.session
        entries = session.game.session.entries
        entry = entries[session.position] if session.position < len(entries) else None
        if entry and any(e.get("kind") in RESULT_KINDS for e in entry["events"]):
            return entry
        return None

    def _card_lines(self, card: str, content) -> None:
        tr = App.get_running_app().tr
        content.add_widget(Factory.Section(text=card_title(card, tr)))
        text = card_text(card, tr)
        if text:
            content.add_widget(Factory.Body(text=text, font_size="16sp"))

    def show_call(self, content, actions, again: bool = False) -> None:
        tr = App.get_running_app().tr
        calls = [a for a in self.session.legal_actions() if a.get("type") == "call-vote"]
        if again:                       # under the result of the vote just held
            content.add_widget(Factory.Section(text=tr._("Another vote")))
            for action in calls:
                self._call_button(action, content)
            return
        self.status_text = ""
        if not calls:
            content.add_widget(Factory.Body(text=tr._(
                "No senate vote can be called now: the player whose turn it is holds no "
                "Senate Vote card unused this season.")))
            return
        player = calls[0]["player"]
        self.status_text = tr._("{player} may call a vote (no action spent).").format(
            player=player)
        for action in calls:
            self._call_button(action, content)

    def _call_button(self, action: dict, content) -> None:
        """A Senate Vote card's title and text, and the button calling it."""
        tr = App.get_running_app().tr
        self._card_lines(action["card"], content)
        button = self._button(tr._("Call the vote: {card}").format(
            card=card_title(action["card"], tr)), lambda: self.play(action), content)
        button.action = action
        self.call_buttons.append(button)

    def show_vote(self, senate, content, actions) -> None:
        tr = App.get_running_app().tr
        legal = self.session.legal_actions()
        bid = next((a for a in legal if a.get("type") == "vote-bid"), None)
        passing = next((a for a in legal if a.get("type") == "vote-pass"), None)
        self.title_text = tr._("Senate vote: {card}").format(
            card=card_title(senate["card"], tr))
        high = senate.get("high")
        lines = [tr._("Called by {player}").format(player=senate["caller"])]
        if high:
            lines.append(tr._("High bid: {player}, {votes} votes ({senators})").format(
                player=high["player"], votes=sum(high["senators"]),
                senators=", ".join(map(str, high["senators"]))))
        else:
            lines.append(tr._("No bid yet"))
        self.status_text = "\n".join(lines)
        self._card_lines(senate["card"], content)
        for words in self.history():
            content.add_widget(Factory.Body(text=words, font_size="16sp"))
        if bid is None:
            return
        hand = bid.get("hand") or []
        self.selected = [i for i in self.selected if i < len(hand)]
        content.add_widget(Factory.Section(text=tr._("{player}: reveal senators to bid, or "
                                                     "pass").format(player=bid["player"])))
        grid = GridLayout(cols=min(4, max(1, len(hand))), size_hint_y=None, spacing=dp(6))
        grid.bind(minimum_height=grid.setter("height"))
        for index, value in enumerate(hand):
            toggle = self._button(tr._("Senator {value}").format(value=value), None, grid,
                                  cls="Choice")
            toggle.state = "down" if index in self.selected else "normal"
            toggle.bind(state=lambda t, state, i=index: self.toggle(i, state == "down"))
            toggle.value = value
            self.toggles.append(toggle)
        content.add_widget(grid)
        self.sum_label = Factory.Body(halign="center")
        content.add_widget(self.sum_label)
        self.legion_toggles = []
        if "new-legions" in senate["card"]:
            from forge.engine.conquest.data import card_effects

            effects = card_effects()
            provinces = effects["legion_provinces"]
            self.legions_to = self.legions_to or provinces[0]
            content.add_widget(Factory.Body(text=tr._("The {count} legions go to:").format(
                count=effects["votes"]["new-legions"]["amount"])))
            row = GridLayout(cols=len(provinces), size_hint_y=None, spacing=dp(6))
            row.bind(minimum_height=row.setter("height"))
            group = fresh_group("legions")
            for province in provinces:
                toggle = self._button(place_name(province, self.session.translator), None, row,
                                      cls="Choice")
                toggle.group = group
                toggle.state = "down" if province == self.legions_to else "normal"
                toggle.bind(on_release=lambda _t, p=province: setattr(self, "legions_to", p))
                self.legion_toggles.append(toggle)
            content.add_widget(row)
        self.bid = bid
        self.bid_button = self._button("", self.send_bid, actions)
        if passing is not None:
            self.pass_button = self._button(tr._("{player} passes").format(
                player=passing["player"]), lambda: self.play(passing), actions)
        self.show_sum()

    def history(self) -> list[str]:
        """The bids and passes of the vote being held, in words (from the log)."""
        log = self.session.log()[: self.session.position + 1]
        words = []
        for entry in reversed(log):
            kinds = [e.get("kind") for e in entry["events"]]
            shown = [e for e in entry["events"] if e.get("kind") in ("vote-bid", "vote-pass")]
            words[:0] = event_words(shown, self.session)
            if "vote-called" in kinds:
                break
        return words

    def toggle(self, index: int, down: bool) -> None:
        chosen = set(self.selected)
        chosen.add(index) if down else chosen.discard(index)
        self.selected = sorted(chosen)
        self.message = ""
        self.show_sum()

    def chosen_values(self) -> list[int]:
        return [self.toggles[i].value for i in self.selected]

    def show_sum(self) -> None:
        if self.bid_button is None:
            return
        tr = App.get_running_app().tr
        values = self.chosen_values()
        self.sum_label.text = tr._("Selected: {votes} votes; a bid needs at least {min}").format(
            votes=sum(values), min=self.bid.get("min", 1))
        self.bid_button.text = tr._("{player} bids {votes} votes").format(
            player=self.bid["player"], votes=sum(values))
        self.bid_button.disabled = not values

    def show_draw(self, content, actions) -> None:
        """Real dice: the player first in Italia draws one of the paid senator cards."""
        tr = App.get_running_app().tr
        _action, paid = self.need
        card = (self.session.state.get("senate") or {}).get("card", "")
        self.title_text = tr._("Senate vote: {card}").format(card=card_title(card, tr))
        self.status_text = tr._("The winner pays his senators. The player with most influence "
                                "in Italia draws one of them at random.")
        content.add_widget(Factory.Body(text=tr._("Shuffle the paid cards face down, draw one "
                                                  "and tap the card drawn:")))
        grid = GridLayout(cols=min(3, len(paid)), size_hint_y=None, spacing=dp(6))
        grid.bind(minimum_height=grid.setter("height"))
        for index, value in enumerate(paid, start=1):
            button = self._button(tr._("Senator {value}").format(value=value),
                                  lambda i=index: self.enter_draw(i), grid)
            self.draw_buttons.append(button)
        content.add_widget(grid)

    def show_result(self, entry, content) -> None:
        tr = App.get_running_app().tr
        won = next((e for e in entry["events"] if e.get("kind") in RESULT_KINDS), {})
        self.title_text = tr._("Senate vote: {card}").format(
            card=card_title(won.get("card", ""), tr))
        self.status_text = tr._("The vote is over.")
        start = [e.get("kind") for e in entry["events"]].index(won.get("kind"))
        card = won.get("card", "")
        title = card_title(card, tr)
        for event in entry["events"][start:]:
            if event.get("kind") in ("turn", "action", "round", "rounds-over"):
                continue
            shown = dict(event)
            if shown.get("card") == card:
                shown["card"] = title               # the card's printed title, not its id
            if shown.get("why") and shown["why"] in card:
                shown["why"] = title
            content.add_widget(Factory.Body(text=event_words([shown], self.session)[0]))

    # --- playing ------------------------------------------------------------------------------

    def send_bid(self) -> None:
        values = self.chosen_values()
        action = {"type": "vote-bid", "player": self.bid["player"], "senators": values}
        if "new-legions" in (self.session.state.get("senate") or {}).get("card", ""):
            action["legions_to"] = self.legions_to
        self.play(action)

    def play(self, action: dict, dice: list[int] | None = None) -> bool:
        """Send an action without a legal action's hints; True when the engine took it."""
        return super().play({k: v for k, v in action.items() if k not in HINTS}, dice)

    def need_roll(self, action: dict, dice: list[int] | None, need) -> None:
        """Real dice: the senator card drawn from the paid ones is asked."""
        high = (self.session.state.get("senate") or {}).get("high") or {}
        self.need = (action, list(high.get("senators") or []))
        self.message = ""
        self.refresh()

    def played(self, action: dict, entry: dict | None) -> None:
        self.message, self.need, self.selected = "", None, []
        self.refresh()

    def enter_draw(self, index: int) -> None:
        """The paid card drawn (its place among the paid cards), entered from the table."""
        if self.need is None:
            return
        action, _paid = self.need
        self.play(action, [index])

    def back(self) -> None:
        App.get_running_app().show(MAIN_SCREEN)


SCREEN = ConquestSenateScreen
