"""CONQUEST OF THE EMPIRE II: the end of the game. The winner(s), the standings as the engine
ranked them (VP, then influence tokens to break a tie; `state["result"]`), and each player's
totals from his books; Log and Home.
"""
from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.screens.base import GameScreen
from companion.widgets import grid_row, table


class ConquestEndScreen(GameScreen):
    """Who won, the standings with the tie-break, and the players' totals."""

    result_text = StringProperty("")
    winners_text = StringProperty("")

    def refresh(self) -> None:
        app = App.get_running_app()
        tr = app.tr
        box = self.ids.standings
        box.clear_widgets()
        state = self.session.state if self.session is not None else {}
        result = state.get("result") or {}
        if state.get("phase") != "over" or not result:
            self.result_text = tr._("Still playing")
            self.winners_text = ""
            return
        winners = result.get("winners") or []
        self.result_text = tr._("The game is over")
        self.winners_text = (tr._("Winner: {players}") if len(winners) == 1 else
                             tr._("Winners (a full tie): {players}")).format(
            players=", ".join(winners))
        box.add_widget(Factory.Section(text=tr._("Standings")))
        box.add_widget(Factory.Body(text=tr._("By VP; equal VP are ranked by influence "
                                              "tokens on the board.")))
        grid = table(4, 0.4)
        grid_row(grid, [tr._("Player"), tr._("Place"), tr._("VP"), tr._("Tokens")], bold=True)
        for row in result.get("standings") or []:
            grid_row(grid, [row["player"], row["place"], row["vp"], row["influence"]])
        box.add_widget(grid)
        box.add_widget(Factory.Section(text=tr._("Totals")))
        for row in result.get("standings") or []:
            book = state["books"][row["player"]]
            box.add_widget(Factory.Body(text=tr._(
                "{player}: {vp} VP, {tokens} influence tokens, {talents} talents, {chaos} "
                "chaos, {cards} cards, senators worth {senators} votes").format(
                player=row["player"], vp=book["vp"], tokens=row["influence"],
                talents=book["talents"], chaos=book["chaos"], cards=len(book["cards"]),
                senators=sum(book["senators"]))))

    def show_log(self) -> None:
        self.show_screen("conquest_log")


SCREEN = ConquestEndScreen
