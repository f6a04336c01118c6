"""CONQUEST OF THE EMPIRE II: the immediate cards and the Assassin played from the books, each with
its targets chosen from the engine's lists.

`legal_actions` lists one `play-card` per immediate card that can be played now (its `effect`,
its `targets`, and `open` naming the fields to fill, `cost` among them while the rulebook gives
none and the table has not entered it yet), and the Assassin's `use-card` with its targets
(engine.md, "Cards played"). Each form here shows the card's text, offers exactly those targets
(places with the shared chooser, companion.places; players and units as choice buttons and
counters), asks the printed cost once when the rulebook leaves it out, and sends the action; the
engine applies it and its events, in words, say what to change on the board. Nothing here
applies a rule.
"""
from __future__ import annotations

from kivy.app import App

from companion.places import PlaceChooser
from companion.screens.conquest_names import (card_text, card_title, place_label, place_name,
                                              unit_name, units_text)
from companion.widgets import Counter, caption, choice_grid, column


def card_gist(card: str, tr) -> str:
    """What tells apart cards of one title: the places on the card ('Asia / Galatia', 'Aegean
    Sea'), else ''."""
    from forge.engine.conquest.cards import card_play

    play = card_play().get(card) or {}
    if "city" in play:
        return " / ".join(place_name(p, tr) for p in play["city"])
    for key in ("sea", "to"):
        if key in play:
            return place_label(play[key], tr)
    return ""


def card_label(action: dict, tr, state: dict) -> str | None:
    """A card action's button words: 'Play City Construction (Asia / Galatia) · 40 talents'
    (None: the usual label of forge.engine.conquest.labels)."""
    if action.get("type") == "use-card" and action.get("effect") == "remove":
        return tr._("Use {card}: choose its target…").format(card=card_title(action["card"], tr))
    if action.get("type") != "play-card":
        return None
    from forge.engine.conquest.cards import known_cost

    card = action["card"]
    title = card_title(card, tr)
    gist = card_gist(card, tr)
    if gist:
        title = f"{title} ({gist})"
    cost = known_cost(state, card)
    if cost is None:
        return tr._("Play {card} · enter its cost").format(card=title)
    return tr._("Play {card} · {cost} talents").format(card=title, cost=cost)


class CardForms:
    """The books' forms for the card actions (mixed into the books screen: `open_form`,
    `_update`, `session`, `play`)."""

    def card_form(self, action: dict) -> bool:
        """Open the form of a card action; False when the action needs none (a multiple-use
        card used as it is)."""
        forms = {"city": self.form_city, "influence": self.form_influence,
                 "senator": self.form_bribe, "sea": self.form_fleet,
                 "move": self.form_barbarians, "revolt": self.form_revolt,
                 "remove": self.form_assassin}
        form = forms.get(action.get("effect"))
        if form is None:
            return False
        form(action)
        return True

    # --- parts every card form shares -----------------------------------------------------------

    def card_parts(self, action: dict) -> tuple[list, object]:
        """The card's printed text, and the printed cost's counter when the rulebook gives none
        (else None): asked once, the engine remembers it."""
        tr = App.get_running_app().tr
        parts = []
        text = card_text(action["card"], tr)
        if text:
            parts.append(caption(text))
        cost = None
        if "cost" in (action.get("open") or []):
            cost = Counter(tr._("Cost printed on the card"), 0, 100, 5, 0)
            parts += [caption(tr._("The rulebook gives no cost for this card: enter the one "
                                   "printed on yours (asked once).")), cost]
        return parts, cost

    def send_card(self, action: dict, cost, **fields) -> dict:
        """The action to send: the listed one's fixed fields, the chosen ones, the cost."""
        out = {"type": action["type"], "player": action["player"], "card": action["card"]}
        out.update({k: v for k, v in fields.items() if v is not None})
        if cost is not None:
            out["cost"] = cost.value
        return out

    def open_card_form(self, action: dict, fields: list, collect, summary=None) -> None:
        tr = App.get_running_app().tr
        title = card_title(action["card"], tr)
        gist = card_gist(action["card"], tr)
        self.open_form(f"{title} ({gist})" if gist else title, fields, collect, summary)

    def places_chooser(self, heading: str, places, chosen: dict, key: str, role: str,
                       then=None) -> PlaceChooser:
        """The places a card offers (only those: no other place can be named)."""
        tr = App.get_running_app().tr

        def choose(value):
            chosen[key] = value
            if then is not None:
                then(value)
            self._update()

        return PlaceChooser([(heading, [(p, place_label(p, tr)) for p in places])],
                            chosen.get(key), choose, role=role)

    def senator_drawn(self, target: str, chosen: dict, box) -> None:
        """The Senator drawn from the target's hand: by the app (roll-for-me dice), or the value
        of the card the table drew."""
        tr = App.get_running_app().tr
        box.clear_widgets()
        chosen["drawn"] = None
        hand = sorted(set(self.session.state["books"][target]["senators"]))
        options = [(value, tr._("Drawn at the table: {value}").format(value=value))
                   for value in hand]
        if self.session.dice_mode == "app":
            options.insert(0, ("app", tr._("Drawn at random by the app")))
            chosen["drawn"] = "app"
        box.add_widget(caption(tr._("The Senator taken from {player}'s hand").format(
            player=target)))
        box.add_widget(choice_grid(options, "conquest-card-drawn", chosen["drawn"],
                                   lambda v: (chosen.__setitem__("drawn", v), self._update()),
                                   cols=1))

    # --- the cards ------------------------------------------------------------------------------

    def form_city(self, action: dict) -> None:
        tr = App.get_running_app().tr
        parts, cost = self.card_parts(action)
        chosen = {"province": None}
        parts += [caption(tr._("Where the city is built")),
                  self.places_chooser("", action.get("targets") or [], chosen, "province",
                                      "card-province")]
        self.open_card_form(action, parts, lambda: chosen["province"] and self.send_card(
            action, cost, province=chosen["province"]))

    def form_influence(self, action: dict) -> None:
        tr = App.get_running_app().tr
        parts, cost = self.card_parts(action)
        parts.append(caption(tr._("The influence token goes to {province}, where {player}'s "
                                  "caesar stands.").format(
            province=place_name(action["province"], tr), player=action["player"])))
        self.open_card_form(action, parts, lambda: self.send_card(action, cost))

    def form_bribe(self, action: dict) -> None:
        tr = App.get_running_app().tr
        parts, cost = self.card_parts(action)
        chosen = {"target": None, "drawn": None}
        drawn_box = column()

        def pick(player):
            chosen["target"] = player
            self.senator_drawn(player, chosen, drawn_box)
            self._update()

        parts += [caption(tr._("The player whose Senator is taken")),
                  choice_grid([(p, p) for p in action.get("targets") or []],
                              "conquest-card-target", None, pick), drawn_box]

        def collect():
            if not chosen["target"] or chosen["drawn"] is None:
                return None
            drawn = None if chosen["drawn"] == "app" else chosen["drawn"]
            return self.send_card(action, cost, target=chosen["target"], drawn=drawn)

        self.open_card_form(action, parts, collect)

    def form_fleet(self, action: dict) -> None:
        from forge.engine.conquest.cards import card_play

        tr = App.get_running_app().tr
        parts, cost = self.card_parts(action)
        play = card_play()[action["card"]]
        chosen = {"from": None}
        parts += [caption(tr._("The galley that moves to {sea}, then {count} more are put "
                               "there").format(sea=place_name(play["sea"], tr),
                                               count=play["galleys"])),
                  self.places_chooser(tr._("Where {player}'s galleys stand").format(
                      player=action["player"]), action.get("targets") or [], chosen, "from",
                      "card-from")]
        self.open_card_form(action, parts, lambda: chosen["from"] and self.send_card(
            action, cost, **{"from": chosen["from"]}))

    def form_barbarians(self, action: dict) -> None:
        from forge.engine.conquest.data import tables

        tr = App.get_running_app().tr
        t = tables()
        parts, cost = self.card_parts(action)
        targets = action.get("targets") or {}
        need = action.get("count", 0)
        chosen = {"from": None}
        counters: dict = {}
        box = column()

        def origin(where):
            box.clear_widgets()
            counters.clear()
            for unit, count in targets.get(where, {}).items():
                if count:
                    counters[unit] = Counter(unit_name(unit, tr), 0, count, 1, 0,
                                             on_change=self._update)
                    box.add_widget(counters[unit])

        def military():
            return sum(c.value for u, c in counters.items() if u in t.land_military)

        def collect():
            units = {u: c.value for u, c in counters.items() if c.value}
            if not chosen["from"] or military() != need:
                return None
            return self.send_card(action, cost, units=units, **{"from": chosen["from"]})

        parts += [caption(tr._("{count} land military units move into {province} (leaders "
                               "may go along), from a province with {player}'s general or "
                               "caesar").format(count=need,
                                                province=place_label(action["destination"], tr),
                                                player=action["player"])),
                  self.places_chooser(tr._("From"), list(targets), chosen, "from", "card-from",
                                      then=origin), box]
        self.open_card_form(action, parts, collect, lambda: tr._(
            "Land military units chosen: {chosen} of {count}").format(chosen=military(),
                                                                       count=need))

    def form_revolt(self, action: dict) -> None:
        from forge.engine.conquest.data import tables

        tr = App.get_running_app().tr
        t, state = tables(), self.session.state
        parts, cost = self.card_parts(action)
        targets = action.get("targets") or {}
        chosen = {"province": None, "target": None}
        losses: dict = {}
        box = column()

        def province(where):
            chosen["target"] = None
            box.clear_widgets()
            losses.clear()
            armies = targets.get(where, [])
            box.add_widget(caption(tr._("The army the slaves attack first")))
            box.add_widget(choice_grid([(p, p) for p in armies], "conquest-card-target",
                                       None, lambda v: (chosen.__setitem__("target", v),
                                                        self._update())))
            box.add_widget(caption(tr._("The units the slaves killed, as the table fought "
                                        "it out with the battle dice")))
            for player in armies:
                here = state["army"][player].get(where, {})
                for unit in t.land_military:
                    if here.get(unit):
                        counter = Counter(f"{player}: {unit_name(unit, tr)}", 0, here[unit], 1,
                                          0, on_change=self._update)
                        losses[(player, unit)] = counter
                        box.add_widget(counter)

        def collect():
            if not chosen["province"] or not chosen["target"]:
                return None
            lost: dict = {}
            for (player, unit), counter in losses.items():
                if counter.value:
                    lost.setdefault(player, {})[unit] = counter.value
            return self.send_card(action, cost, province=chosen["province"],
                                  target=chosen["target"], losses=lost)

        def summary():
            lost: dict = {}
            for (player, unit), counter in losses.items():
                if counter.value:
                    lost.setdefault(player, {})[unit] = counter.value
            return "; ".join(f"{p}: {units_text(u, tr)}" for p, u in lost.items())

        parts += [self.places_chooser(tr._("Where the slaves rise"), list(targets), chosen,
                                      "province", "card-province", then=province), box]
        self.open_card_form(action, parts, collect, summary)

    def form_assassin(self, action: dict) -> None:
        tr = App.get_running_app().tr
        parts, _cost = self.card_parts(action)
        targets = action.get("targets") or {}
        generals = [(f"{player}|{where}", tr._("{player}'s general in {where}").format(
            player=player, where=place_label(where, tr)))
            for player, places in (targets.get("general") or {}).items() for where in places]
        chosen = {"general": None, "target": None, "drawn": None}
        drawn_box = column()
        grids = {}

        def release(kind):
            """One target in all: the other list's choice is let go."""
            for button in getattr(grids.get(kind), "buttons", {}).values():
                button.state = "normal"

        def general(value):
            chosen.update(general=value, target=None, drawn=None)
            drawn_box.clear_widgets()
            release("senator")
            self._update()

        def senator(player):
            chosen.update(general=None, target=player)
            self.senator_drawn(player, chosen, drawn_box)
            release("general")
            self._update()

        if generals:
            grids["general"] = choice_grid(generals, "conquest-card-general", None, general,
                                           cols=1)
            parts += [caption(tr._("A general off the board")), grids["general"]]
        if targets.get("senator"):
            grids["senator"] = choice_grid([(p, p) for p in targets["senator"]],
                                           "conquest-card-target", None, senator)
            parts += [caption(tr._("Or a Senator at random from a player's hand")),
                      grids["senator"], drawn_box]

        def collect():
            if chosen["general"]:
                player, where = chosen["general"].split("|", 1)
                return self.send_card(action, None, target=player, where=where)
            if chosen["target"] and chosen["drawn"] is not None:
                drawn = None if chosen["drawn"] == "app" else chosen["drawn"]
                return self.send_card(action, None, target=chosen["target"], senator=True,
                                      drawn=drawn)
            return None

        self.open_card_form(action, parts, collect)
