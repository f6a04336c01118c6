"""The end of a Tetrarchia game: victory or defeat and why, the 10-point score item by item,
EL GRANDE's standing when it was played; Log (to review or undo) and Home.

Everything comes from the session's state (`state["outcome"]`); the sentence saying why is the
log's own words for the engine's `end` event.
"""
from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.screens.base import EndScreen
from companion.screens.tetrarchia_board import names_for
from forge.engine.errors import N_
from forge.engine.words import counted

# the score items of rules.yaml, as the end screen names them
ITEMS = {
    "frontier_protected": N_("Protected frontiers"),
    "italia_free": N_("ITALIA without Revolt discs"),
    "frontier_open": N_("Unprotected frontiers"),
    "army_on_board": N_("Barbarian armies on the board"),
    "rebellion": N_("Regions in rebellion"),
}
RULERS = {"east": N_("East"), "west": N_("West")}


def score_lines(score: dict, tr) -> list[str]:
    """One line per score item: 'Protected frontiers (6): +6'."""
    lines = []
    for item in score.get("items", []):
        label = tr._(ITEMS.get(item["id"], item["id"]))
        points = item["points"]
        lines.append(f"{label} ({item['count']}): {points:+d}" if points else
                     f"{label} ({item['count']}): 0")
    return lines


def el_grande_lines(standing: dict, tr, names) -> list[str]:
    """Each emperor's side and points, el Grande first."""
    lines = []
    grande = standing.get("el_grande")
    points = standing.get("points", {})
    rulers = standing.get("rulers", {})
    for emperor in sorted(points, key=lambda e: (e != grande, -points[e])):
        text = counted(tr, "{emperor} ({side}): {points} point",
                       "{emperor} ({side}): {points} points", points[emperor]).format(
            emperor=names.emperor(emperor), side=tr._(RULERS.get(rulers.get(emperor), "-")),
            points=points[emperor])
        if emperor == grande:
            text = tr._("el Grande") + ": " + text
        lines.append(text)
    if grande is None:
        lines.append(tr._("No el Grande: the Tetrarchy is preserved."))
    return lines


class TetrarchiaEndScreen(EndScreen):
    """Victory or defeat, the score, EL GRANDE; Log and Home."""

    reason_text = StringProperty("")
    total_text = StringProperty("")
    lines_box = "score_items"

    def ended(self, state: dict) -> dict | None:
        return state.get("outcome") or None

    def still_playing(self) -> None:
        self.reason_text, self.total_text = "", ""

    def show_end(self, outcome: dict, box) -> None:
        from forge.engine.tetrarchia.words import describe

        tr = self.tr
        self.session.set_language(tr.lang)
        self.result_text = tr._("Victory") if outcome.get("result") == "victory" \
            else tr._("Defeat")
        self.reason_text = describe({"kind": "end", **{k: v for k, v in outcome.items()
                                                       if k != "score"}},
                                    self.session.translator)
        score = outcome.get("score") or {}
        self.total_text = tr._("Score: {total} out of {most}").format(
            total=score.get("total", 0), most=score.get("max", 10))
        for line in score_lines(score, tr):
            box.add_widget(Factory.Body(text=line))
        standing = outcome.get("el_grande")
        if standing:
            box.add_widget(Factory.Section(text="EL GRANDE"))
            for line in el_grande_lines(standing, tr, names_for(self.session)):
                box.add_widget(Factory.Body(text=line))


SCREEN = TetrarchiaEndScreen
