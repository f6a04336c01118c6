"""CONQUEST OF THE EMPIRE II: the end of the game. The winner(s), the standings as the engine
ranked them (VP, then influence tokens to break a tie; `state["result"]`), and each player's
totals from his books; Log and Home.
"""
from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.screens.base import EndScreen
from companion.widgets import grid_row, table


class ConquestEndScreen(EndScreen):
    """Who won, the standings with the tie-break, and the players' totals."""

    winners_text = StringProperty("")
    lines_box = "standings"

    def ended(self, state: dict) -> dict | None:
        return state.get("result") if state.get("phase") == "over" else None

    def still_playing(self) -> None:
        self.winners_text = ""

    def show_end(self, result: dict, box) -> None:
        tr, state = self.tr, self.session.state
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


SCREEN = ConquestEndScreen
