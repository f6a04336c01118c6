"""CONQUEST OF THE EMPIRE II at the table: the first season, guided.

After the set-up the players are walked through the season's table steps in the rulebook's
order: each player's starting influence (the four province tokens he draws, from the first player
on), the alliance auction (its own screen), then each player's starting units in turn order. Each
step says what to do on the real board and asks only for what the engine lists as due: the steps
are the engine's legal actions `starting-influence` and `place` (forge.engine.conquest.legal), the
provinces offered are the ones those actions name (never typed), and every refusal is the
engine's. Nothing is kept here: the step shown follows from the game's state, so Home, Back or a
kill and a resume come back to the same step.
"""
from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import StringProperty

from companion.screens.base import GameScreen
from companion.screens.conquest_names import place_label, place_name, unit_name, units_text
from companion.screens.conquest_setup import MAIN_SCREEN
from companion.widgets import Counter, big, choice_grid, row
from forge.engine.conquest.state import still_to_place

GUIDED = ("starting-influence", "place")        # the legal actions this screen carries out


def guide_due(session) -> bool:
    """Whether the first season still has a guided step (influence or starting units)."""
    return any(a.get("type") in GUIDED for a in session.legal_actions())


def placing_first(legal: list[dict], state: dict) -> list[dict]:
    """The listed starting placements, those the first round waits for first (players with
    influence to place on, ruling R32): a player with nowhere to place holds nobody up."""
    place = [a for a in legal if a.get("type") == "place"]
    waiting = still_to_place(state)
    return sorted(place, key=lambda a: a["player"] not in waiting)


class ConquestStartScreen(GameScreen):
    """One table step of the first season at a time, from the engine's legal actions."""

    title_text = StringProperty("")
    step_text = StringProperty("")
    parts = None                # what the step shows, by name, for tests

    def reset(self) -> None:
        self.drawn: list[str] = []          # provinces tapped for the starting influence
        self.where = ""                     # where the starting units go
        self.step_key = None

    # --- showing ------------------------------------------------------------------------------

    def refresh(self) -> None:
        session = self.session
        if session is None:
            return
        tr = self.tr
        session.set_language(tr.lang)
        self.title_text = tr._("First season")
        legal = session.legal_actions()
        influence = [a for a in legal if a.get("type") == "starting-influence"]
        place = placing_first(legal, session.state)
        content, actions = self._clear()
        self.parts = {}
        if influence:
            self.show_influence(influence[0], content, actions)
        elif session.state.get("phase") == "auction":
            self.show_auction(content, actions)
        elif place:
            self.show_place(place[0], content, actions)
        else:
            self.show_done(content, actions)

    def _clear(self):
        content, actions = self.ids.content, self.ids.actions
        content.clear_widgets()
        actions.clear_widgets()
        return content, actions

    def _key(self, *key) -> bool:
        """Whether the step shown is another one than last time (its choices start afresh)."""
        changed = key != self.step_key
        self.step_key = key
        if changed:
            self.ids.scroll.scroll_y = 1
        return changed

    def _cols(self) -> int:
        return 3 if self.width > dp(640) else 2

    def _say(self, box, *lines) -> None:
        for line in lines:
            box.add_widget(Factory.Body(text=line))

    def show_influence(self, action: dict, content, actions) -> None:
        """A player's starting influence: what to draw and lay, then the provinces tapped."""
        tr = self.tr
        player, count = action["player"], action.get("count", 4)
        due = [a["player"] for a in self.session.legal_actions()
               if a.get("type") == "starting-influence"]
        if self._key("influence", player):
            self.drawn = []
            self.message = ""
        total = len(self.session.state["players"])
        self.step_text = tr._("Starting influence: {player} ({done} of {total} done)").format(
            player=player, done=total - len(due), total=total)
        self._say(content,
                  tr._("{player} draws {count} province tokens at random from the pool. An "
                       "Italia token goes back and another is drawn.").format(
                      player=player, count=count),
                  tr._("On the board, put one of {player}'s influence tokens on the key "
                       "province of each token drawn; those tokens then leave the game.").format(
                      player=player),
                  tr._("Tap the provinces drawn (twice for a province drawn twice):"))
        chosen = ", ".join(self._drawn_text(p) for p in dict.fromkeys(self.drawn)) or "-"
        content.add_widget(Factory.Section(text=tr._("Drawn ({done} of {count}): {provinces}")
                                           .format(done=len(self.drawn), count=count,
                                                   provinces=chosen)))
        grid = choice_grid([(p, self._drawn_text(p)) for p in action["choices"]],
                           "conquest-start-influence", None, self.draw, cols=self._cols())
        for province, button in grid.buttons.items():
            button.state = "down" if province in self.drawn else "normal"
        content.add_widget(grid)
        clear = big(tr._("Start again"), self.clear_drawn, role="clear")
        done = big(tr._("Done: {player}'s influence is on the board").format(player=player),
                   lambda: self.send_influence(action), role="done")
        actions.add_widget(row(clear, height=clear.height))
        actions.add_widget(done)
        self.parts = {"provinces": grid, "done": done, "clear": clear, "player": player}

    def _drawn_text(self, province: str) -> str:
        name = place_name(province, self.tr)
        times = self.drawn.count(province)
        return f"{name} ×{times}" if times > 1 else name

    def draw(self, province: str) -> None:
        """A province token drawn: one more influence token there (up to the tokens due)."""
        legal = next((a for a in self.session.legal_actions()
                      if a.get("type") == "starting-influence"), None)
        if legal is not None and len(self.drawn) < legal.get("count", 4):
            self.drawn.append(province)
            self.message = ""
        else:
            self.message = self.tr._("All the tokens drawn are chosen: tap Start again to "
                                     "change them.")
        self.refresh()

    def clear_drawn(self) -> None:
        self.drawn = []
        self.message = ""
        self.refresh()

    def send_influence(self, action: dict) -> None:
        provinces: dict[str, int] = {}
        for province in self.drawn:
            provinces[province] = provinces.get(province, 0) + 1
        self.play({"type": "starting-influence", "player": action["player"],
                   "provinces": provinces})

    def show_auction(self, content, actions) -> None:
        tr = self.tr
        self._key("auction")
        state = self.session.state
        auction = state.get("auction") or {}
        self.step_text = tr._("Alliance auction")
        self._say(content,
                  tr._("Everyone's influence is on the board."),
                  tr._("Now lay out the season's province tokens ({tokens}, two a player) and "
                       "deal {cards} conquest cards face up; you can note them in the books "
                       "(The table's entries).").format(tokens=2 * len(state["players"]),
                                                        cards=2 * len(state["players"])),
                  tr._("Then hold the alliance auctions: {opener} opens the first one.").format(
                      opener=auction.get("opener", "-")))
        go = big(tr._("Go to the alliance auction"), self.to_auction, role="auction")
        actions.add_widget(go)
        self.parts = {"auction": go}

    def show_place(self, action: dict, content, actions) -> None:
        """A player's starting units: where (his influence, or a sea beside it for the galley)
        and how many of each, until all are on the board."""
        tr = self.tr
        player = action["player"]
        state = self.session.state
        order = state.get("order") or []
        if self._key("place", player):
            self.where = ""
            self.counters = {}
        unplaced = dict(action.get("unplaced") or state["army"][player].get("unplaced") or {})
        self.step_text = tr._("Starting units: {player} (turn {place} of {total})").format(
            player=player, place=order.index(player) + 1 if player in order else "-",
            total=len(order))
        self._say(content,
                  tr._("In turn order each player sets all his starting units on the board: "
                       "land units only in provinces with his influence, the galley in a sea "
                       "next to one of them."),
                  tr._("Still to place: {units}").format(units=units_text(unplaced, tr)))
        t = _tables()
        land = {u: n for u, n in unplaced.items() if t.unit_where[u] == "land"}
        sea = {u: n for u, n in unplaced.items() if t.unit_where[u] == "sea"}
        provinces = [(p, place_name(p, tr)) for p in action.get("choices") or []] \
            if land else []
        seas = [(s, place_label(s, tr)) for s in action.get("seas") or []] \
            if sea else []
        if self.where not in dict(provinces + seas):
            self.where = ""
        content.add_widget(Factory.Section(text=tr._("Where")))
        if not provinces and not seas:
            self._say(content, tr._("{player} has no influence on the board, so his units have "
                                    "nowhere to go: enter his starting influence first "
                                    "(Correction… in the books if it was missed).").format(
                player=player))
        # one group of choices: the provinces (land units), then the seas (the galley), each
        # sea on a line of its own on a phone so its whole name shows
        grid = choice_grid(provinces, "conquest-start-where", self.where, self.choose_where,
                           cols=self._cols())
        sea_grid = choice_grid(seas, "conquest-start-where", self.where, self.choose_where,
                               cols=self._cols() - 1)
        group = next(iter(grid.buttons.values())).group if grid.buttons else None
        for button in sea_grid.buttons.values():
            button.group = group
        if provinces:
            content.add_widget(grid)
        if seas:
            content.add_widget(Factory.Body(text=tr._("For the galley:"),
                                            font_size="16sp"))
            content.add_widget(sea_grid)
        self.parts = {"where": _Both(grid.buttons, sea_grid.buttons), "player": player}
        if not self.where:
            if provinces or seas:
                self._say(content, tr._("Tap where the next figures go."))
            return
        at_sea = self.where in (action.get("seas") or [])
        here = sea if at_sea else land
        heading = Factory.Section(text=tr._("Units placed in {where}").format(
            where=place_name(self.where, tr)))
        content.add_widget(heading)
        old = {u: c.value for u, c in (self.counters or {}).items()}
        self.counters = {}
        for unit, count in here.items():
            value = count if at_sea else min(old.get(unit, 0), count)
            counter = Counter(unit_name(unit, tr), 0, count, 1, value)
            self.counters[unit] = counter
            content.add_widget(counter)
        if self.scroll_to_units:        # the where just chosen: its counters into view
            self.scroll_to_units = False
            last = list(self.counters.values())[-1] if self.counters else heading
            Clock.schedule_once(lambda _dt: self._show_units(heading, last), 0)
        every = big(tr._("All of them here"), self.all_here, role="all")
        place = big(tr._("Place them"), lambda: self.send_place(player), role="place")
        actions.add_widget(row(every, place, spacing=8))
        self.parts.update(counters=self.counters, all=every, place=place)

    scroll_to_units = False

    def choose_where(self, where: str) -> None:
        self.where = where
        self.message = ""
        self.scroll_to_units = True
        self.refresh()

    def _show_units(self, heading, last) -> None:
        scroll = self.ids.scroll
        if heading.parent is None:
            return
        scroll.scroll_to(last, padding=0, animate=False)
        scroll.scroll_to(heading, padding=0, animate=False)

    def all_here(self) -> None:
        for counter in (self.counters or {}).values():
            counter.change(counter.high - counter.value)

    def send_place(self, player: str) -> None:
        units = {u: c.value for u, c in (self.counters or {}).items() if c.value}
        if not units:
            self.message = self.tr._("Choose how many figures go there first.")
            return
        self.play({"type": "place", "player": player, "where": self.where, "units": units})

    def show_done(self, content, actions) -> None:
        tr = self.tr
        self._key("done")
        self.step_text = tr._("Ready to play")
        self._say(content, tr._("Every player's influence and starting units are on the "
                                "board. The first round of actions begins."))
        go = big(tr._("Go to the books"), self.to_books, role="books")
        actions.add_widget(go)
        self.parts = {"books": go}

    # --- playing ------------------------------------------------------------------------------

    def played(self, action: dict, entry: dict | None) -> None:
        last = self.session.log()[self.session.position]
        self.message = "\n".join(w for w in last["words"] if w)
        if action["type"] == "place":
            self.counters = {}
            self.where = ""
        self.refresh()

    def refused(self, action: dict, error: Exception) -> None:
        super().refused(action, error)
        self.refresh()

    def undo(self) -> None:
        if self.session is not None and self.session.position > 0:
            self.session.undo()
            self.message = ""
            self.step_key = None
            self.refresh()

    def to_auction(self) -> None:
        self.message = ""
        self.show_screen("conquest_auction")

    def to_books(self) -> None:
        self.message = ""
        App.get_running_app().show(MAIN_SCREEN)


class _Both(dict):
    """The where choices, provinces and seas, by place id (for tests)."""

    def __init__(self, *parts):
        super().__init__()
        for part in parts:
            self.update(part)

    @property
    def buttons(self):
        return self


def _tables():
    from forge.engine.conquest import tables

    return tables()


SCREEN = ConquestStartScreen
