"""Conquest of the Empire II at the table: the alliance auction.

Whose bid it is, the high bid and its proposal (the players' tokens in boxes A and B), a bid
(amount, box A, box B among the tokens the engine still offers) or a pass, and when the last
auction is won the result: alliances A and B, the turn-order boxes and the talents paid. The
minimum bid, the tokens on offer and the refusals all come from the engine
(`legal_actions()`, `act()`); nothing here decides a rule.
"""
from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import ListProperty, NumericProperty, ObjectProperty, StringProperty

from companion.screens.base import GameScreen
from companion.screens.conquest_names import event_words
from companion.screens.conquest_setup import MAIN_SCREEN
from companion.screens.conquest_start import guide_due


def season_auctions(session) -> list[dict]:
    """The auction-won events of the current season's auctions, in order (from the log)."""
    won: list[dict] = []
    for entry in session.log():
        if entry["undone"]:
            break
        for event in entry["events"]:
            if event.get("kind") == "auction-opened" and event.get("number") == 1:
                won = []
            elif event.get("kind") == "auction-won":
                won.append(event)
    return won


class ConquestAuctionScreen(GameScreen):
    """The alliance auction: whose bid, the high bid, a bid or a pass, the result."""

    title_text = StringProperty("")
    status = StringProperty("")         # whose bid, the high bid and its proposal
    boxes_text = StringProperty("")     # the turn-order boxes filled so far
    amount = NumericProperty(0)
    low = NumericProperty(0)            # the lowest bid the engine accepts now
    talents = NumericProperty(0)        # what the bidder holds
    box_a = StringProperty("")
    box_b = StringProperty("")
    tokens = ListProperty([])           # tokens not yet placed (the engine's `tokens`)
    finished = ObjectProperty(False)    # the season's auctions are over: the result shows
    back_text = StringProperty("")      # Back to the books, or on to the first season's guide

    def reset(self) -> None:
        """Another game: the bid's choices start again from the engine's offer."""
        self.tokens = []

    # --- showing ------------------------------------------------------------------------------

    def legal(self, kind: str) -> dict | None:
        for action in self.session.legal_actions():
            if action.get("type") == kind:
                return action
        return None

    def refresh(self, reset: bool = False) -> None:
        app = App.get_running_app()
        tr, session = app.tr, self.session
        if session is None:
            return
        session.set_language(tr.lang)
        state = session.state
        auction = state.get("auction")
        bid = self.legal("bid")
        self.finished = auction is None or bid is None
        boxes = state.get("boxes") or []
        self.boxes_text = "\n".join(
            tr._("Box {number} ({alliance}): {player}").format(
                number=i + 1, alliance="A" if i % 2 == 0 else "B", player=player)
            for i, player in enumerate(boxes)) or tr._("No turn-order box filled yet")
        self.show_part("bid_panel", not self.finished)
        self.show_part("bid_row", not self.finished)
        self.back_text = tr._("Next: starting units") if self.finished and guide_due(
            session) else tr._("Back to the books")
        if self.finished:
            self.show_result()
            return
        self.title_text = tr._("Alliance auction {number}").format(number=auction["number"])
        bidder = bid["player"]
        self.talents = state["books"][bidder]["talents"]
        high = auction.get("high")
        lines = [tr._("{player} to bid ({talents} talents)").format(
            player=bidder, talents=self.talents)]
        if high:
            if high.get("b"):
                lines.append(tr._("High bid: {player}, {bid} talents: box A {a}, box B {b}").format(
                    player=high["player"], bid=high["bid"], a=high["a"], b=high["b"]))
            else:
                lines.append(tr._("High bid: {player}, {bid} talents: box A {a} alone").format(
                    player=high["player"], bid=high["bid"], a=high["a"]))
        else:
            lines.append(tr._("No bid yet: {opener} opens the auction").format(
                opener=auction["opener"]))
        self.status = "\n".join(lines)
        low, tokens = int(bid.get("min", 0)), list(bid.get("tokens") or [])
        changed = reset or low != self.low or tokens != list(self.tokens)
        self.low, self.tokens = low, tokens
        if changed or self.amount < low:
            self.amount = low
        if self.box_a not in tokens or changed:
            self.box_a = tokens[0] if tokens else ""
        if len(tokens) == 1:
            self.box_b = ""
        elif self.box_b not in tokens or self.box_b == self.box_a or changed:
            self.box_b = next((t for t in tokens if t != self.box_a), "")
        self.build_tokens()
        self.ids.pass_button.disabled = self.legal("auction-pass") is None
        # the opener must bid: no Pass beside his Bid, which takes the whole row
        self.show_part("pass_button", not self.ids.pass_button.disabled)

    def show_part(self, name: str, visible: bool) -> None:
        """Put a part of the screen in its place, or take it out (hidden buttons must not
        linger at zero size)."""
        if not hasattr(self, "_places"):
            self._places = {}
        if name not in self._places:
            # ids hold weak proxies: keep the widget itself, or Kivy frees it once taken out
            widget = self.ids[name].__self__
            parent = widget.parent
            self._places[name] = (widget, parent, parent.children.index(widget))
        widget, parent, index = self._places[name]
        if visible and widget.parent is None:
            parent.add_widget(widget, index=min(index, len(parent.children)))
        elif not visible and widget.parent is not None:
            parent.remove_widget(widget)

    def build_tokens(self) -> None:
        """A choice button per token on offer, for box A and for box B (none for B when the
        engine offers a lone last token)."""
        for box_id, chosen, setter in (("box_a_row", self.box_a, self.choose_a),
                                       ("box_b_row", self.box_b, self.choose_b)):
            row = self.ids[box_id]
            row.clear_widgets()
            if box_id == "box_b_row" and len(self.tokens) < 2:
                row.height = 0
                continue
            row.height = dp(App.get_running_app().theme.button_dp)
            for token in self.tokens:
                button = Factory.Choice(text=token, group=None,
                                        state="down" if token == chosen else "normal")
                button.token = token
                button.bind(on_release=lambda b, setter=setter: setter(b.token))
                row.add_widget(button)
        tr = App.get_running_app().tr
        self.ids.box_b_label.text = tr._("Box B") if len(self.tokens) > 1 else \
            tr._("{player}'s token is the last one: it goes alone in box A").format(
                player=self.tokens[0] if self.tokens else "-")

    def choose_a(self, token: str) -> None:
        self.box_a = token
        if self.box_b == token:
            self.box_b = next((t for t in self.tokens if t != token), "")
        self.build_tokens()

    def choose_b(self, token: str) -> None:
        self.box_b = token
        if self.box_a == token:
            self.box_a = next((t for t in self.tokens if t != token), "")
        self.build_tokens()

    def step(self, by: int) -> None:
        """The amount stepper: never below the engine's minimum nor above the bidder's talents
        (the engine refuses more anyway)."""
        self.amount = max(self.low, min(self.amount + by, max(self.talents, self.low)))

    def show_result(self) -> None:
        """The season's alliances, turn order and the talents paid for each auction."""
        tr, state = App.get_running_app().tr, self.session.state
        self.title_text = tr._("Alliances and turn order")
        alliances = state.get("alliances") or {}
        lines = [tr._("Alliance A: {players}").format(players=", ".join(alliances.get("A", []))),
                 tr._("Alliance B: {players}").format(players=", ".join(alliances.get("B", [])))]
        for event in season_auctions(self.session):
            lines.append(tr._("Auction {number}: {player} paid {bid} talents").format(
                number=event["number"], player=event["player"], bid=event["bid"]))
        self.status = "\n".join(lines)
        order = state.get("order") or state.get("boxes") or []
        self.boxes_text = "\n".join(
            tr._("Box {number} ({alliance}): {player}").format(
                number=i + 1, alliance="A" if i % 2 == 0 else "B", player=player)
            for i, player in enumerate(order))
        self.tokens = []
        for row in ("box_a_row", "box_b_row"):
            self.ids[row].clear_widgets()

    # --- playing ------------------------------------------------------------------------------

    def send_bid(self) -> None:
        bid = self.legal("bid")
        if bid is None:
            return
        action = {"type": "bid", "player": bid["player"], "amount": int(self.amount),
                  "a": self.box_a, "b": self.box_b or None}
        self.play(action)

    def send_pass(self) -> None:
        action = self.legal("auction-pass")
        if action is not None:
            self.play({"type": "auction-pass", "player": action["player"]})

    def played(self, action: dict, entry: dict | None) -> None:
        """The action's events in words; the auction as it now stands."""
        last = self.session.log()[self.session.position]
        self.message = "\n".join(event_words(last["events"], self.session))
        self.refresh(reset=True)
        self.ids.body.scroll_y = 1

    def undo(self) -> None:
        if self.session is not None and self.session.position > 0:
            self.session.undo()
            self.message = ""
            self.refresh(reset=True)

    def back(self) -> None:
        """The books; once the first season's auctions are won, its guide for the starting
        units."""
        if self.finished and self.session is not None and guide_due(self.session):
            self.message = ""
            self.show_screen("conquest_start")
            return
        App.get_running_app().show(MAIN_SCREEN)


SCREEN = ConquestAuctionScreen
