"""Conquest of the Empire II at the table: the battle resolver, land and naval.

Declare (where, attacker, defender, the support each side brings: galleys from next seas, units
lent by allies, diplomacy troops; places chosen from lists, companion.places), then round by
round (a naval battle against the holder of Fair Wind first asks him whether it is fought):
the dice each side rolls and why, a roll by the app or the faces entered from the table with
symbol buttons, the hits, each side's casualties, the retreat choices (defender first), the
result, and the withdrawal of leaders left alone when the engine asks for one (no other battle
before it). The engine decides everything: the steps and choices come from `legal_actions()`
and the battle in the state, the dice counts from its `dice_count`, hits and losses from its
events, refusals from `act()`.
"""
from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import ListProperty, ObjectProperty, StringProperty

from companion.places import PlaceChooser, hold_scroll, scrolled_down
from companion.screens.base import GameScreen
from companion.screens.conquest_names import (army_places, event_words, names, place_name,
                                              place_sections, symbol_name, unit_name)
from companion.screens.conquest_setup import MAIN_SCREEN
from companion.screens.conquest_withdraw import pending_withdrawals, show_withdrawal
from companion.widgets import big, body, choice, row

SIDES = ("attacker", "defender")


def tables():
    from forge.engine.conquest.data import tables as engine_tables

    return engine_tables()


class Words:
    """Place, unit, symbol, side and group names in the players' language."""

    def __init__(self, tr):
        self.tr, self.names = tr, names(tr)

    def place(self, where: str) -> str:
        return place_name(where, self.tr)

    def another(self, provinces: bool, seas: bool):
        """The words of the choice naming a place the lists lack, and the filter's hint."""
        tr = self.tr
        if provinces and seas:
            return (lambda name: tr._("Another place: {name}").format(name=name),
                    tr._("Find or type a place"))
        if seas:
            return (lambda name: tr._("Another sea: {name}").format(name=name),
                    tr._("Find or type a sea"))
        return (lambda name: tr._("Another province: {name}").format(name=name),
                tr._("Find or type a province"))

    def units(self, units: dict) -> str:
        return self.names.units({u: c for u, c in units.items() if c})

    def unit(self, unit: str) -> str:
        return unit_name(unit, self.tr)

    def symbol(self, symbol: str) -> str:
        """A die face's name: the unit it shows, or blank."""
        return symbol_name(symbol, self.tr)

    def side(self, side: str) -> str:
        return self.tr._("Attacker") if side == "attacker" else self.tr._("Defender")

    def group(self, group: str, player: str) -> str:
        if group == "own":
            return player
        if group == "diplomacy":
            return self.tr._("Diplomacy troops")
        return self.tr._("{ally} (lent)").format(ally=group)


def dice_reasons(battle: dict, side: str, tr) -> tuple[int, list[str]]:
    """The engine's dice count for a side, and the parts it is made of in words (from the
    battle's flags and the tables' numbers)."""
    from forge.engine.conquest.battle import dice_count, fighting

    t = tables()
    info, rule = battle["sides"][side], t.battle
    count = dice_count(t, battle, side)
    if battle["kind"] == "naval":
        galleys = fighting(t, battle, side).get("galley", 0)
        parts = [tr.ngettext("{n} galley", "{n} galleys", galleys).format(n=galleys)]
    else:
        parts = [tr._("base {n}").format(n=t.land_base)]
        if info.get("leader"):
            parts.append(tr._("+{n} leader").format(n=rule["leader_dice"]))
        if side == "defender" and battle.get("city"):
            parts.append(tr._("+{n} city").format(n=rule["city_dice"]))
    if info.get("training"):
        parts.append(tr._("+{n} training cards").format(n=rule["training_dice"] * info["training"]))
    return count, parts


def hit_lines(before: dict | None, event: dict, words: Words) -> list[str]:
    """A roll's faces and hits, with the cap by matching units per type (the engine's `hits`
    for each unit type of the side as it stood when it rolled)."""
    from forge.engine.conquest.battle import fighting, hits

    t, tr = tables(), words.tr
    faces = event.get("faces") or []
    lines = [tr._("{side} ({player}) rolls: {faces}").format(
        side=words.side(event["side"]), player=event["player"],
        faces=", ".join(words.symbol(f) for f in faces) or "-")]
    battle = (before or {}).get("battle")
    if battle is not None:
        symbol = {u["id"]: u.get("symbol") for u in t.raw["units"]}
        for unit, count in fighting(t, battle, event["side"]).items():
            shown = faces.count(symbol.get(unit))
            if not shown:
                continue
            scored = hits(t, {unit: count}, faces)
            if scored < shown:
                lines.append(tr._("{unit}: rolled {faces}, in the battle {units}, hits {hits}").format(
                    faces=shown, unit=words.unit(unit), units=count, hits=scored))
            else:
                lines.append(tr._("{unit}: rolled {faces}, hits {hits}").format(
                    faces=shown, unit=words.unit(unit), hits=scored))
    lines.append(tr._("Hits in all: {hits}").format(hits=event.get("hits", 0)))
    return lines


class ConquestBattleScreen(GameScreen):
    """The battle resolver: declaration, rounds, casualties, retreat and the result."""

    title_text = StringProperty("")
    # the declaration being prepared
    kind = StringProperty("land")
    where = StringProperty("")
    defender = StringProperty("")
    # support entries {side, source (galleys, lent, diplomacy, move), who, unit, sea, count}
    support = ListProperty([])
    entry = ObjectProperty(None)  # the support entry being put together
    # the round
    faces = ObjectProperty(None)  # side -> faces entered from the table
    remove = ObjectProperty(None)  # side -> {(group, unit): count} chosen as casualties
    retreat_to = StringProperty("")
    typed = ObjectProperty(None)  # the place choosers' filter texts, by role (kept on refresh)
    withdrawing = ObjectProperty(None)  # the withdrawal's destination and filter text
    rolls = ListProperty([])     # lines about the last roll (faces, hits, caps)
    result = ListProperty([])    # the last battle's outcome in words
    before = None                # the state before the last roll (for the hit explanation)

    def reset(self) -> None:
        self.rolls, self.result = [], []
        self.reset_declaration()
        self.faces, self.remove = {}, {}
        self.retreat_to = ""
        self.withdrawing = {}

    def reset_declaration(self) -> None:
        self.kind, self.where, self.defender = "land", "", ""
        self.support = []
        self.entry = {"side": "attacker", "source": "lent", "who": "", "unit": "infantry",
                      "sea": "", "count": 1}
        self.typed = {}

    # --- reading the engine -------------------------------------------------------------------

    def legal(self, kind: str, **match) -> dict | None:
        for action in self.session.legal_actions():
            if action.get("type") == kind and all(action.get(k) == v for k, v in match.items()):
                return action
        return None

    def legals(self, kind: str) -> list[dict]:
        return [a for a in self.session.legal_actions() if a.get("type") == kind]

    # --- showing ------------------------------------------------------------------------------

    def refresh(self) -> None:
        app = App.get_running_app()
        if self.session is None:
            return
        self.session.set_language(app.tr.lang)
        box = self.ids.content
        battle = self.session.state.get("battle")
        view = (self.result != [], battle and (battle["step"], battle["round"], battle["due"],
                                               battle.get("retreat_due")))
        # built again after a tap, the page stays scrolled where it was (the choice tapped low
        # on it stays under the finger); a new step shows its top
        offset = scrolled_down(self.ids.body) if view == self._view else 0
        self._view = view
        box.clear_widgets()
        if battle is not None:
            self.show_battle(box, battle)
        elif self.result or pending_withdrawals(self.session):
            self.show_result(box)
        else:
            self.show_declaration(box)
        hold_scroll(self.ids.body, offset)

    _view = None                # what the screen last showed

    def heading(self, box, text: str) -> None:
        box.add_widget(Factory.Section(text=text))

    # the declaration

    def show_declaration(self, box) -> None:
        tr = App.get_running_app().tr
        words = Words(tr)
        state = self.session.state
        land, naval = self.legal("battle"), self.legal("naval")
        self.title_text = tr._("Battle")
        if land is None and naval is None:
            box.add_widget(body(tr._("No battle can be declared now.")))
            return
        attacker = (land or naval)["player"]
        box.add_widget(body(tr._("{player} attacks").format(player=attacker)))
        kinds = []
        if land is not None:
            kinds.append(choice(tr._("Land battle"), self.kind == "land",
                                lambda: self.set_kind("land"), "kind"))
        if naval is not None:
            kinds.append(choice(tr._("Naval battle"), self.kind == "naval",
                                lambda: self.set_kind("naval"), "kind"))
        box.add_widget(row(*kinds))
        self.heading(box, tr._("Where (province or sea)"))
        at_sea = self.kind == "naval"
        box.add_widget(self.chooser(
            "where", self.where, lambda v: self.set_value("where", v),
            lambda v: setattr(self, "where", v), words, provinces=not at_sea, seas=at_sea,
            first=(tr._("Where {player}'s units stand").format(player=attacker),
                   army_places(state, [attacker], sea=at_sea))))
        self.heading(box, tr._("Defender"))
        others = [p for p in state["players"] if p != attacker]
        for start in range(0, len(others), 3):
            box.add_widget(row(*[choice(p, p == self.defender,
                                        lambda p=p: self.set_value("defender", p), "defender")
                                 for p in others[start:start + 3]]))
        if self.where and self.defender:
            box.add_widget(body(self.forces_text(attacker, self.defender, self.where, words),
                                font_size="18sp"))
        self.show_support_form(box, attacker, words)
        box.add_widget(big(tr._("Declare the battle"), self.declare))
        if self.message:
            box.add_widget(body(self.message, font_size="18sp"))

    def chooser(self, role: str, chosen: str, on_choose, on_change, words: Words,
                provinces: bool, seas: bool, first: tuple, leave_out=()) -> PlaceChooser:
        """A place chosen from the lists (companion.places), its filter text kept while the
        screen is built again."""
        other, hint = words.another(provinces, seas)
        typed = self.typed if self.typed is not None else {}
        self.typed = typed
        return PlaceChooser(
            place_sections(self.session.state, words.tr, provinces, seas, first, leave_out),
            chosen, on_choose, role=role, hint=hint, other=other, typed=typed.get(role, ""),
            on_type=lambda text: typed.__setitem__(role, text), on_change=on_change)

    def forces_text(self, attacker: str, defender: str, where: str, words: Words) -> str:
        """What each player has there now (from the state's army; the engine counts)."""
        tr, army = words.tr, self.session.state["army"]
        lines = []
        for player in (attacker, defender):
            units = army.get(player, {}).get(where, {})
            lines.append(tr._("{player} in {where}: {units}").format(
                player=player, where=words.place(where), units=words.units(units)))
        city = self.session.state["cities"].get(where)
        if city:
            lines.append(tr._("The city of {where} belongs to {owner}").format(
                where=words.place(where), owner=city))
        return "\n".join(lines)

    def show_support_form(self, box, attacker: str, words: Words) -> None:
        """The support each side brings, one entry at a time: galleys from a next sea, units
        lent by an ally, diplomacy troops (and at sea the attacker's galleys moving in)."""
        tr, t = words.tr, tables()
        entry = self.entry
        self.heading(box, tr._("Support"))
        for index, item in enumerate(self.support):
            box.add_widget(body(self.support_text(item, words), font_size="18sp"))
        if self.support:
            box.add_widget(big(tr._("Clear the support"), lambda: self.set_value("support", [])))
        box.add_widget(row(*[choice(words.side(s), entry["side"] == s,
                                    lambda s=s: self.set_entry("side", s), "side") for s in SIDES]))
        sources = [("lent", tr._("Lent by an ally")), ("galleys", tr._("Galleys from a sea")),
                   ("diplomacy", tr._("Diplomacy troops"))]
        if self.kind == "naval":
            sources = [("lent", tr._("Lent by an ally")), ("diplomacy", tr._("Diplomacy troops"))]
            if entry["side"] == "attacker":
                sources.insert(0, ("move", tr._("Galleys moving in")))
        if entry["source"] not in [s for s, _ in sources]:
            entry["source"] = sources[0][0]
        for start in range(0, len(sources), 2):
            box.add_widget(row(*[choice(text, entry["source"] == source,
                                        lambda s=source: self.set_entry("source", s), "source")
                                 for source, text in sources[start:start + 2]]))
        if entry["source"] in ("lent", "galleys"):
            side_player = attacker if entry["side"] == "attacker" else self.defender
            allies = [p for p in self.session.state["players"] if p != side_player]
            if entry["source"] == "galleys":
                allies = [side_player] + allies
            allies = [p for p in allies if p]
            for start in range(0, len(allies), 3):
                box.add_widget(row(*[choice(p, entry["who"] == p,
                                            lambda p=p: self.set_entry("who", p), "who")
                                     for p in allies[start:start + 3]]))
        if entry["source"] in ("galleys", "move") or self.kind == "naval":
            entry["unit"] = "galley"
        else:
            units = [u for u in t.unit_kind if t.unit_where[u] == "land"]
            if entry["source"] == "lent":
                units.append("galley")
            if entry["unit"] not in units:
                entry["unit"] = units[0]
            for start in range(0, len(units), 3):
                box.add_widget(row(*[choice(words.unit(u), entry["unit"] == u,
                                            lambda u=u: self.set_entry("unit", u), "unit")
                                     for u in units[start:start + 3]]))
        if entry["source"] in ("galleys", "move") or (entry["unit"] == "galley"
                                                      and entry["source"] == "lent"
                                                      and self.kind == "land"):
            owner = attacker if entry["source"] == "move" else entry["who"]
            self.heading(box, tr._("From which sea"))
            box.add_widget(self.chooser(
                "sea", entry["sea"], lambda v: self.set_entry("sea", v),
                lambda v: entry.__setitem__("sea", v), words, provinces=False, seas=True,
                first=(tr._("Where {player}'s units stand").format(player=owner),
                       army_places(self.session.state, [owner], sea=True) if owner else [])))
        count = Factory.Body(text=str(entry["count"]), halign="center", bold=True)
        box.add_widget(row(big("-1", lambda: self.set_entry("count", max(1, entry["count"] - 1))),
                           count,
                           big("+1", lambda: self.set_entry("count", entry["count"] + 1)),
                           big(tr._("Add"), self.add_support)))

    def support_text(self, item: dict, words: Words) -> str:
        tr = words.tr
        units = words.units({item["unit"]: item["count"]})
        side = words.side(item["side"])
        if item["source"] == "lent":
            text = tr._("{side}: {units} lent by {ally}").format(side=side, units=units,
                                                                 ally=item["who"])
        elif item["source"] == "galleys":
            text = tr._("{side}: {units} of {player} from {sea}").format(
                side=side, units=units, player=item["who"], sea=words.place(item["sea"]))
        elif item["source"] == "move":
            text = tr._("{side}: {units} moving in from {sea}").format(
                side=side, units=units, sea=words.place(item["sea"]))
        else:
            text = tr._("{side}: {units} of diplomacy").format(side=side, units=units)
        if item.get("sea") and item["source"] == "lent":
            text += " · " + words.place(item["sea"])
        return text

    def set_value(self, name: str, value) -> None:
        setattr(self, name, value)
        self.refresh()

    def set_kind(self, kind: str) -> None:
        """Land or naval: the place chosen for the other kind (a province, a sea) goes."""
        if kind != self.kind:
            self.where = ""
            (self.typed or {}).pop("where", None)
        self.set_value("kind", kind)

    def set_entry(self, key: str, value) -> None:
        self.entry[key] = value
        self.refresh()

    def add_support(self) -> None:
        tr = App.get_running_app().tr
        entry = dict(self.entry)
        if entry["source"] in ("lent", "galleys") and not entry["who"]:
            self.message = tr._("Choose whose units they are.")
        elif entry["source"] in ("galleys", "move") and not entry["sea"]:
            self.message = tr._("Choose the sea the galleys come from.")
        else:
            self.support = list(self.support) + [entry]
            self.entry["count"] = 1
            self.message = ""
        self.refresh()

    def declaration(self) -> dict | None:
        """The engine's action for the battle as prepared (None if it is not offered)."""
        base = self.legal("battle" if self.kind == "land" else "naval")
        if base is None:
            return None
        support: dict = {}
        moving: dict = {}
        for item in self.support:
            side = support.setdefault(item["side"], {})
            if item["source"] == "diplomacy":
                units = side.setdefault("diplomacy", {})
                units[item["unit"]] = units.get(item["unit"], 0) + item["count"]
            elif item["source"] == "move":
                moving[item["sea"]] = moving.get(item["sea"], 0) + item["count"]
            elif item["source"] == "galleys" and (self.kind == "naval" or item["who"] ==
                                                 (base["player"] if item["side"] == "attacker"
                                                  else self.defender)):
                seas = side.setdefault("galleys", {})
                seas[item["sea"]] = seas.get(item["sea"], 0) + item["count"]
            else:           # lent by an ally (galleys from a sea lent by an ally on land)
                lent = side.setdefault("lent", {}).setdefault(item["who"], {})
                if item["unit"] == "galley" and self.kind == "land":
                    seas = lent.setdefault("galleys", {})
                    seas[item["sea"]] = seas.get(item["sea"], 0) + item["count"]
                else:
                    lent[item["unit"]] = lent.get(item["unit"], 0) + item["count"]
        if self.kind == "land":
            action = {"type": "battle", "player": base["player"], "province": self.where,
                      "defender": self.defender}
        else:
            action = {"type": "naval", "player": base["player"], "to": self.where,
                      "battle": {"defender": self.defender}}
            if moving:
                action["galleys"] = moving
        if support:
            target = action if self.kind == "land" else action["battle"]
            target["support"] = support
        return action

    def declare(self) -> None:
        action = self.declaration()
        if action is not None:
            self.play(action)

    # the battle in progress

    def show_battle(self, box, battle: dict) -> None:
        app = App.get_running_app()
        tr = app.tr
        words = Words(tr)
        t = tables()
        where = words.place(battle["where"])
        if battle["step"] == "fair-wind":       # asked before the first round
            self.title_text = tr._("Naval battle in {where}").format(where=where)
        elif battle["kind"] == "naval":
            self.title_text = tr._("Naval battle in {where}").format(where=where)
            box.add_widget(body(tr._("Round {round} of at most {rounds}").format(
                round=battle["round"], rounds=t.battle["naval_max_rounds"])))
        else:
            self.title_text = tr._("Land battle in {where}").format(where=where)
            box.add_widget(body(tr._("Round {round}").format(round=battle["round"])))
        if battle.get("city"):
            box.add_widget(body(tr._("{player} defends his city: he rolls first and the "
                                     "attacker takes his losses before rolling").format(
                player=battle["sides"]["defender"]["player"]), font_size="18sp"))
        if self.message:
            box.add_widget(body(self.message, font_size="18sp"))
        if self.rolls:
            self.heading(box, tr._("Last roll"))
            box.add_widget(body("\n".join(self.rolls), font_size="18sp"))
        if battle["step"] == "fair-wind":
            self.show_fair_wind(box, battle, words)
        elif battle["step"] == "roll":
            self.show_roll(box, battle, words)
        elif battle["step"] == "casualties":
            self.show_casualties(box, battle, words)
        else:
            self.show_retreat(box, battle, words)
        for side in SIDES:
            info = battle["sides"][side]
            self.heading(box, tr._("{side}: {player}").format(side=words.side(side),
                                                               player=info["player"]))
            lines = []
            for group, units in info["groups"].items():
                if any(units.values()):
                    lines.append(words.group(group, info["player"]) + ": " + words.units(units))
            if info.get("leader"):
                lines.append(tr._("With a leader (leaders never fall)"))
            count, parts = dice_reasons(battle, side, tr)
            lines.append(tr._("{count} dice: {reasons}").format(count=count,
                                                                reasons=", ".join(parts)))
            box.add_widget(body("\n".join(lines) or "-", font_size="18sp"))

    def show_fair_wind(self, box, battle: dict, words: Words) -> None:
        """The holder of Fair Wind (the defender) is asked, before any die, whether the naval
        battle is fought: his two answers, as the engine lists them."""
        tr = words.tr
        answers = {a["use"]: a for a in self.legals("fair-wind")}
        if not answers:
            return
        holder = next(iter(answers.values()))["player"]
        attacker = battle["sides"]["attacker"]["player"]
        self.heading(box, tr._("Fair Wind: {player} decides").format(player=holder))
        box.add_widget(body(tr._("{player} may call off this naval battle before it begins: "
                                 "no chaos, and {attacker}'s action stays spent. Hand the "
                                 "device to {player}.").format(player=holder, attacker=attacker),
                            font_size="18sp"))
        if True in answers:
            box.add_widget(big(tr._("Use Fair Wind: no battle"),
                               lambda: self.play(answers[True]), role="fair-wind"))
        if False in answers:
            box.add_widget(big(tr._("Fight the battle"), lambda: self.play(answers[False]),
                               role="fair-wind"))

    def show_roll(self, box, battle: dict, words: Words) -> None:
        tr, t = words.tr, tables()
        action = self.legal("roll")
        sides = list(action["sides"]) if action else []
        faces = self.faces or {}
        if self.session.dice_mode == "app":
            box.add_widget(big(tr._("Roll for me"), lambda: self.play({"type": "roll"})))
            box.add_widget(body(tr._("Or enter the faces rolled at the table:"),
                                font_size="18sp"))
        for side in sides:
            count, parts = dice_reasons(battle, side, tr)
            entered = faces.get(side, [])
            self.heading(box, tr._("{side} rolls {count} dice ({reasons})").format(
                side=words.side(side), count=count, reasons=", ".join(parts)))
            box.add_widget(body(tr._("Entered: {faces}").format(
                faces=", ".join(words.symbol(f) for f in entered) or "-"), font_size="18sp"))
            if len(entered) < count:
                symbols = list(t.symbols)
                for start in range(0, len(symbols), 3):
                    box.add_widget(row(*[big(words.symbol(s),
                                             lambda s=s, side=side: self.add_face(side, s),
                                             role="face-" + side)
                                         for s in symbols[start:start + 3]]))
            if entered:
                box.add_widget(big(tr._("Clear the {side}'s faces").format(
                    side=words.side(side)), lambda side=side: self.clear_faces(side)))
        complete = all(len(faces.get(s, [])) == dice_reasons(battle, s, tr)[0] for s in sides)
        if complete and sides:
            box.add_widget(big(tr._("Send the faces rolled at the table"), self.send_faces))

    def add_face(self, side: str, symbol: str) -> None:
        faces = dict(self.faces or {})
        faces[side] = list(faces.get(side, [])) + [symbol]
        self.faces = faces
        self.refresh()

    def clear_faces(self, side: str) -> None:
        faces = dict(self.faces or {})
        faces.pop(side, None)
        self.faces = faces
        self.refresh()

    def send_faces(self) -> None:
        action = self.legal("roll")
        if action is None:
            return
        faces = {s: list((self.faces or {}).get(s, [])) for s in action["sides"]}
        self.play({"type": "roll", "faces": faces})

    def show_casualties(self, box, battle: dict, words: Words) -> None:
        tr = words.tr
        for action in self.legals("casualties"):
            side, owed = action["side"], action["count"]
            info = battle["sides"][side]
            chosen = (self.remove or {}).get(side, {})
            self.heading(box, tr._("{side} ({player}): units to remove: {count}").format(
                side=words.side(side), player=info["player"], count=owed))
            for group, units in info["groups"].items():
                for unit, count in units.items():
                    if not count:
                        continue
                    key = f"{group}|{unit}"
                    taken = chosen.get(key, 0)
                    label = Factory.Body(text=tr._("{who}: {unit} {taken} of {count}").format(
                        who=words.group(group, info["player"]), unit=words.unit(unit),
                        taken=taken, count=count), font_size="18sp")
                    box.add_widget(row(
                        label,
                        big("-", lambda s=side, k=key: self.pick(s, k, -1), size_hint_x=None,
                            width=dp(56)),
                        big("+", lambda s=side, k=key, c=count: self.pick(s, k, 1, c),
                            size_hint_x=None, width=dp(56))))
            total = sum(chosen.values())
            box.add_widget(big(tr._("Remove these {chosen} of {count}").format(
                chosen=total, count=owed), lambda s=side: self.send_casualties(s)))

    def pick(self, side: str, key: str, by: int, most: int | None = None) -> None:
        remove = {s: dict(v) for s, v in (self.remove or {}).items()}
        chosen = remove.setdefault(side, {})
        value = max(0, chosen.get(key, 0) + by)
        if most is not None:
            value = min(value, most)
        chosen[key] = value
        self.remove = remove
        self.refresh()

    def send_casualties(self, side: str) -> None:
        remove: dict = {}
        for key, count in (self.remove or {}).get(side, {}).items():
            if count:
                group, unit = key.split("|", 1)
                remove.setdefault(group, {})[unit] = count
        self.play({"type": "casualties", "side": side, "remove": remove})

    def show_retreat(self, box, battle: dict, words: Words) -> None:
        tr = words.tr
        stay = self.legal("stay")
        if stay is None:
            return
        side = stay["side"]
        player = battle["sides"][side]["player"]
        self.heading(box, tr._("{side} ({player}): stay or retreat?").format(
            side=words.side(side), player=player))
        if side == "defender":
            box.add_widget(body(tr._("The defender decides first; retreating loses the "
                                     "battle."), font_size="18sp"))
        box.add_widget(big(tr._("Stay and fight on"),
                           lambda: self.play({"type": "stay", "side": side})))
        self.heading(box, tr._("Retreat to"))
        listed = (self.legal("retreat") or {}).get("choices")
        if listed is not None:          # the game's map says where: only those places
            box.add_widget(PlaceChooser(
                [("", [(p, words.place(p)) for p in listed])], self.retreat_to,
                lambda v: self.set_value("retreat_to", v), role="retreat"))
        else:
            box.add_widget(self.chooser(
                "retreat", self.retreat_to, lambda v: self.set_value("retreat_to", v),
                lambda v: setattr(self, "retreat_to", v), words, provinces=True, seas=False,
                first=(tr._("Where {player}'s units stand").format(player=player),
                       army_places(self.session.state, [player], sea=False)),
                leave_out=(battle["where"],)))
        box.add_widget(big(tr._("Retreat"), lambda: self.play(
            {"type": "retreat", "side": side, "to": self.retreat_to})))

    # the result

    def show_result(self, box) -> None:
        """The last battle's outcome; while leaders left alone must withdraw, that step (and
        no other battle) follows."""
        tr = App.get_running_app().tr
        self.title_text = tr._("The battle is over")
        if pending_withdrawals(self.session):       # first: nothing goes on before it
            if self.message:
                box.add_widget(body(self.message, font_size="18sp"))
            if self.withdrawing is None:
                self.withdrawing = {}
            show_withdrawal(box, self.session, tr, self.withdrawing, self.withdraw)
            if self.result:
                self.heading(box, tr._("The battle"))
                box.add_widget(body("\n".join(self.result)))
            return
        if self.result:
            box.add_widget(body("\n".join(self.result)))
        box.add_widget(big(tr._("Another battle"), self.new_battle))

    def withdraw(self, action: dict | None) -> None:
        """The withdrawal step's button: its action, or a word when no place is chosen."""
        if action is None:
            self.message = self.tr._("Choose where the leaders go.")
            self.refresh()
            return
        self.play(action)

    def new_battle(self) -> None:
        self.result, self.rolls, self.message = [], [], ""
        self.retreat_to = ""
        self.reset_declaration()
        self.refresh()

    # --- playing ------------------------------------------------------------------------------

    def play(self, action: dict, dice: list[int] | None = None) -> bool:
        """Send an action, keeping the state before it (a roll's hits are explained from
        it)."""
        self.before = self.session.state
        return super().play(action, dice)

    def need_roll(self, action: dict, dice: list[int] | None, need) -> None:
        self.message = self.tr._("Real dice: enter the faces rolled at the table.")
        self.refresh()

    def refused(self, action: dict, error: Exception) -> None:
        super().refused(action, error)
        self.refresh()

    def played(self, action: dict, entry: dict | None) -> None:
        """The roll's faces and hits, the events in words, and the result once the battle is
        over."""
        self.message = ""
        events = self.session.log()[self.session.position]["events"]
        if action["type"] == "roll":
            words = Words(self.tr)
            self.rolls = [line for event in events if event.get("kind") == "battle-roll"
                          for line in hit_lines(self.before, event, words)]
            self.faces = {}
        said = event_words([e for e in events if e.get("kind") not in ("battle-roll",)],
                           self.session)
        if self.session.state.get("battle") is None and any(
                e.get("kind") in ("battle-over", "naval-cancelled") for e in events):
            self.result = list(self.rolls if action["type"] == "roll" else []) + said
            self.rolls = []
        elif action["type"] in ("battle", "naval") and self.session.state.get("battle") is None:
            self.result = said          # a naval move without a fight ends here too
        elif action["type"] == "withdraw":
            self.result = list(self.result) + said
            self.withdrawing = {}
        else:
            self.message = "\n".join(s for s in said if s)
        if action["type"] == "casualties":
            self.remove = {s: v for s, v in (self.remove or {}).items() if s != action["side"]}
        if action["type"] in ("battle", "naval"):
            self.reset_declaration()
        if action["type"] in ("stay", "retreat"):     # the other side chooses afresh
            self.retreat_to = ""
            (self.typed or {}).pop("retreat", None)
        self.refresh()

    def undo(self) -> None:
        if self.session is not None and self.session.position > 0:
            self.session.undo()
            self.message, self.rolls, self.result = "", [], []
            self.faces, self.remove = {}, {}
            self.refresh()

    def back(self) -> None:
        App.get_running_app().show(MAIN_SCREEN)


SCREEN = ConquestBattleScreen
