"""ANTIKE's conquest calculator on the books: in a Maneuver, a line for each city of another
civilization where the active one's units stand, with its conquest's button; and at any time,
from the books, a dialog where the table picks any city by its name (on a map, its printed
name) and sets the legions and galleys it would bring, and reads the defence power in parts,
whether the conquest can succeed, how many more units it needs, the losses (all or nothing)
and the rules that would refuse it. Nothing here is played: the numbers are the engine's
(forge.engine.antike.calculator, which reads military.defence_parts).
"""
from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory

from companion.places import PlaceChooser
from companion.screens.antike_forms import amounts_units, line
from companion.screens.antike_names import UNITS, names, place_name, tables
from companion.widgets import Counter, caption, column, dialog, scrolled


class AntikeCalculator:
    """The conquest calculator of the books screen (a GameScreen with `session`, `tr` and
    `shown_civ`)."""

    calculator = None               # the calculator's dialog, while open

    def conquest_lines(self, civ: str) -> list[tuple[str, dict | None]]:
        """The conquest calculator in a Maneuver: each city of another civilization where the
        active one's units stand, its defence power in parts, the attackers with a maneuver left
        and whether they can take it (with the engine's conquest when they can)."""
        from forge.engine.antike.calculator import LAST_CITY, forecast, ready
        from forge.engine.antike.state import city_owner

        tr, state = self.tr, self.session.state
        n = names(tr)
        legal = {a["province"]: a for a in self.session.legal_actions()
                 if a["type"] == "conquer"}
        out = []
        for province in state["civs"][civ]["units"]:
            owner = city_owner(state, province)
            if owner is None or owner == civ:
                continue
            seen = forecast(state, tables(), civ, province, ready(state, civ, province))
            if LAST_CITY in seen.refusals:
                verdict = tr._("the last city of a civilization cannot be conquered")
            elif seen.enough:
                verdict = tr._("can be taken (attackers lost: {power})").format(power=seen.power)
            else:
                verdict = tr._("not enough: {count} more needed").format(count=seen.short)
            text = tr._("{province} ({owner}): defence {power} = city {city} + units {units} + "
                        "progress {progress}; your units there with a maneuver left: {count}; "
                        "{verdict}").format(province=place_name(state, province),
                                            owner=n.civ(owner), power=seen.power,
                                            count=seen.count, verdict=verdict, **seen.parts)
            out.append((text, legal.get(province)))
        return out

    def open_calculator(self, civ: str | None = None):
        """The conquest calculator at any time, for `civ` (the books shown): a city picked by
        its name, the legions and galleys it would bring (filled in with its units there, those
        with a maneuver left during its Maneuver), and the forecast in words. Nothing is
        played: it only reads the state."""
        from forge.engine.antike.calculator import forecast, ready, targets

        tr, state = self.tr, self.session.state
        n = names(tr)
        theme = App.get_running_app().theme
        civ = civ or self.shown_civ
        chosen = {"province": None}
        details = column()
        note = Factory.Body(text="", color=theme.accent, font_size=f"{theme.text_sp}sp")

        def show():
            details.clear_widgets()
            if chosen["province"] is None:
                note.text = tr._("Pick a city to see its defence power.")
                return
            units = {unit: counter.value for unit, counter in counters.items()}
            seen = forecast(state, tables(), civ, chosen["province"], units)
            note.text, lines = self.forecast_words(civ, seen)
            for text in lines:
                details.add_widget(line(text, font_size=f"{theme.small_sp}sp"))

        def pick(province):
            chosen["province"] = province
            brought = ready(state, civ, province)
            for unit, counter in counters.items():
                counter.value = min(brought[unit], counter.high)
                counter.shown.text = str(counter.value)
            show()
            reveal()

        counters = {unit: Counter(n.unit(unit), 0, units_owned(state["civs"][civ], unit), 1, 0,
                                  on_change=show) for unit in UNITS}
        sections = [(n.civ(owner) if owner != civ else tr._("Your cities"),
                     [(p, place_name(state, p)) for p in cities])
                    for owner, cities in targets(state, civ).items()]
        chooser = PlaceChooser(sections, None, pick, role="target", hint=tr._("Find a city"))
        fields = [caption(tr._("Nothing is played here: pick a city of another civilization "
                               "and the units you would bring.")),
                  caption(tr._("City to take")), chooser, details]
        scroll = scrolled(*fields)

        def reveal(*_):
            """The chosen city's numbers, below the list, in view (a list that fits stays put)."""
            if chosen["province"] is not None:
                scroll.scroll_y = 0 if scroll.children[0].height > scroll.height else 1

        scroll.children[0].bind(height=reveal)
        scroll.bind(height=reveal)
        bring = caption(tr._("Units you would bring (filled in with yours already there)"))
        close = Factory.BigButton(text=tr._("OK"))
        popup = dialog(tr._("Conquest calculator: {civ}").format(civ=n.civ(civ)),
                       [scroll, bring, *counters.values(), note], [close],
                       size_hint=(0.96, 0.92), title_size=f"{theme.text_sp}sp")
        close.bind(on_release=lambda *_: self.close_calculator())
        popup.form = {"chooser": chooser, "counters": counters, "details": details,
                      "note": note, "ok": close, "fields": fields, "scroll": scroll}
        self.calculator = popup
        show()
        popup.open()
        return popup

    def close_calculator(self) -> None:
        if self.calculator is not None:
            self.calculator.dismiss(animation=False)
            self.calculator = None

    def forecast_words(self, civ: str, seen) -> tuple[str, list[str]]:
        """A forecast in words: the verdict (a refusal first), then the defence power in parts,
        the losses (all or nothing) and the city cap."""
        tr, state = self.tr, self.session.state
        n = names(tr)
        where = place_name(state, seen.province)
        if seen.owner is None:
            return tr._("{province} has no city of another civilization").format(
                province=where), []
        owner = n.civ(seen.owner)
        lines = [tr._("{province}, a city of {owner}").format(province=where, owner=owner),
                 tr._("Defence power {power} = city {city} + units {units} + progress "
                      "{progress}").format(power=seen.power, **seen.parts)]
        if seen.enough:
            verdict = tr._("Can be taken: attackers {count}, defence power {power}.").format(
                count=seen.count, power=seen.power)
        else:
            verdict = tr._("Not enough: attackers {count}, defence power {power}; {more} more "
                           "needed.").format(count=seen.count, power=seen.power, more=seen.short)
        refused = [refusal_words(code, tr).format(province=where, owner=owner)
                   for code in seen.refusals]
        if refused:
            return refused[0], lines + refused[1:] + [verdict]
        if seen.enough:
            losses = amounts_units(seen.losses, tr)
            lines.append(tr._("All or nothing: you lose {losses}; the defender loses the city and "
                              "{units} there.").format(losses=losses,
                                                       units=amounts_units(seen.defenders, tr))
                         if any(seen.defenders.values()) else
                         tr._("All or nothing: you lose {losses}; the defender loses the "
                              "city.").format(losses=losses))
            if seen.temple:
                lines.append(tr._("Its temple is destroyed (it counts for the Generals)."))
        else:
            lines.append(tr._("All or nothing: without enough units there is no conquest and "
                              "nothing is lost."))
        if seen.at_cap:
            lines.append(tr._("At the city cap ({cap}): taking it means giving up one of your "
                              "cities.").format(cap=state["settings"]["city_cap"]))
        return verdict, lines


def units_owned(book: dict, unit: str) -> int:
    """A civilization's units of a type, on the board and in its supply."""
    return sum(here.get(unit, 0) for here in book["units"].values()) + book["supply"][unit]


def refusal_words(code: str, tr) -> str:
    """A rule the calculator says would refuse a conquest, still to be filled in."""
    from forge.engine.antike.calculator import LAST_CITY, OWN_CITY

    if code == OWN_CITY:
        return tr._("{province} is your own city: it cannot be conquered.")
    if code == LAST_CITY:
        return tr._("{province} is the last city of {owner}: it cannot be conquered.")
    return tr._("{province} has no city of another civilization")
