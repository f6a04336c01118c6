"""ANTIKE: the end of the game. The winner (by personalities, or the first temple destroyed
once all are out), the standings the engine ranks (personalities, then cities) and each
civilization's personalities; Log and Home."""
from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.screens.antike_names import civ_label, names
from companion.screens.base import EndScreen
from companion.widgets import body, grid_row, table


class AntikeEndScreen(EndScreen):
    """Who won, the standings and the personalities held."""

    winner_text = StringProperty("")
    lines_box = "standings"

    def ended(self, state: dict) -> dict | None:
        return state.get("result") if state.get("phase") == "over" else None

    def still_playing(self) -> None:
        self.winner_text = ""

    def show_end(self, result: dict, box) -> None:
        from forge.engine.antike import standings

        tr, state = self.tr, self.session.state
        n = names(tr)
        self.result_text = tr._("The game is over")
        winner = civ_label(state, result["winner"], tr)
        self.winner_text = (tr._("{civ} wins: the first temple destroyed once every "
                                 "personality is out") if result["deadlock"] else
                            tr._("{civ} wins with {count} personalities")).format(
            civ=winner, count=result["personalities"])
        box.add_widget(Factory.Section(text=tr._("Standings")))
        grid = table(3, 0.36)
        grid_row(grid, [tr._("Civilization"), tr._("Personalities"),
                        tr._("Cities (temples)")], bold=True)
        for row in standings(state):
            grid_row(grid, [n.civ(row["civ"]), row["personalities"],
                            f"{row['cities']} ({row['temples']})"])
        box.add_widget(grid)
        box.add_widget(Factory.Section(text=tr._("Personalities")))
        for civ in state["order"]:
            held = [f"{n.personality(k)} {', '.join(map(str, v))}"
                    for k, v in state["civs"][civ]["personalities"].items() if v]
            box.add_widget(body(f"{civ_label(state, civ, tr)}: {'; '.join(held) or '-'}"))


SCREEN = AntikeEndScreen
