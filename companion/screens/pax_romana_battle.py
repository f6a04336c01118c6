"""PAX ROMANA's land battle (10), every step shown.

With no battle being fought the page is the entry of both sides: each side's power, units
(full and reduced), leader (picked from the power's leaders in its books, with his name and
Elite mark, or his ratings counted in for a leader not in the books), elephants committed; the
defence (a city or town and its walls), the terrain, a landing, the siege bids and the Advanced
Game's cards. "Fight" opens the battle (the dice rolled by the app, or entered from the table's
real dice).

During the battle the page shows the battle points of each side (units, reduced units, walls,
elephants and what they cancelled, cavalry and its edge), the ratio and its shifts, every other
shift with its cause and rule, the net shifts, both rolls, then the choice of the moment: the
optional re-roll (10.55) of the side whose turn it is, with what it needs, every legal split of
the net shifts with the modified rolls it gives, the retreat choices, and each side's legal loss
allocations (the units that may absorb the loss and how much each absorbs). Once it is over:
the losses taken, retreat, leader death, regroup and the militia check, and the battle's log in
words. Nothing here applies a rule: the engine does.
"""
from __future__ import annotations

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.screens.base import GameScreen
from companion.screens.pax_romana_forms import FieldSet, PaxForms, line
from companion.screens.pax_romana_names import (
    HINTS,
    UNITS_SHOWN,
    cause_words,
    names,
    units_text,
)
from companion.theme import fresh_group
from companion.widgets import caption, column, grow_with_text

SIDES = ("attacker", "defender")
REDUCIBLE = ("legion", "heavy_infantry", "mercenary_heavy_infantry")
WIDE_DP = 700           # from this width the two sides stand side by side


def wide() -> bool:
    return Window.width >= dp(WIDE_DP)


def side_words(side: str, tr) -> str:
    return tr._("Attacker") if side == "attacker" else tr._("Defender")


class Entry:
    """Several field sets read as one form (the two sides and the battle's place)."""

    def __init__(self, fieldsets: list):
        self.fieldsets = fieldsets

    @property
    def parts(self) -> dict:
        return {k: v for f in self.fieldsets for k, v in f.parts.items()}

    def collect(self) -> dict:
        out: dict = {}
        for fieldset in self.fieldsets:
            out.update(fieldset.collect())
        return out


class PaxRomanaBattleScreen(PaxForms, GameScreen):
    """The entry of both sides, then each step of the battle and its choices."""

    title_text = StringProperty("")
    entry = None            # the FieldSet of the sides being entered
    entering = False        # "Another battle" tapped: the entry, not the last result

    _wide = None

    def on_kv_post(self, base):
        super().on_kv_post(base)
        Window.bind(width=self._on_width)

    def _on_width(self, *_):
        """Turned on its side or back: the two sides laid out again (what was entered
        stays)."""
        if self.session is not None and self._wide is not None and self._wide != wide():
            Clock.schedule_once(lambda _dt: self.refresh())

    def reset(self) -> None:
        self.entry = None
        self.entering = False

    def just_fought(self, state: dict) -> bool:
        """Whether the latest log entry ended a battle (its result is shown)."""
        if self.entering or (state.get("last") or {}).get("kind") != "battle":
            return False
        action = self.session.log()[self.session.position]["action"] or {}
        return action.get("type") in ("battle", "allocate", "retreat", "losses")

    def battle_start(self) -> int:
        """The log index where the shown battle opened."""
        log = self.session.log()
        for index in range(self.session.position, -1, -1):
            if (log[index]["action"] or {}).get("type") == "battle":
                return index
        return self.session.position

    def refresh(self) -> None:
        if self.session is None:
            return
        self.session.set_language(self.tr.lang)
        state = self.session.state
        page = self.ids.page
        page.clear_widgets()
        self._wide = wide()
        self.action_buttons = []
        tr = self.tr
        self.title_text = tr._("Land battle")
        if state["battle"]:
            self.show_battle(page, state["battle"])
            self.show_log_words(page)
        elif self.just_fought(state):
            self.show_battle(page, state["last"])
            self.show_over(page, state["last"])
            self.show_log_words(page)
            self.add(page, tr._("Another battle"), self.new_battle, emphasis="secondary")
        else:
            self.build_entry(page, state)

    # --- entering both sides ----------------------------------------------------------------

    def build_entry(self, page, state: dict) -> None:
        tr = self.tr
        n = names(tr)
        powers = [(p, n.power(p)) for p in state["order"]]
        sides = []
        for index, (side, words) in enumerate((("attacker", tr._("Attacker")),
                                               ("defender", tr._("Defender")))):
            chosen = powers[index:] + powers[:index]
            sides.append([("choice", f"{side}.power", words, chosen),
                       ("counts", f"{side}.units", words + ": " + tr._("units"),
                        [(u, n.unit(u)) for u in UNITS_SHOWN]),
                       ("counts", f"{side}.reduced", words + ": " + tr._("reduced units"),
                        [(u, n.unit(u)) for u in REDUCIBLE]),
                       ("bool", f"{side}.has_leader", words + ": " + tr._("a leader?")),
                       ("int", f"{side}.leader.tactical", tr._("Leader's Tactics"), 0, 4, 1),
                       ("int", f"{side}.leader.campaign", tr._("Leader's Campaign"), 0, 6, 2),
                       ("int", f"{side}.elephants", tr._("Elephants committed"), 0, 10, 0)])
        fields = [("choice", "defence.kind", tr._("The defender uses"),
                    [("", tr._("no city or town")), ("town", tr._("a town")),
                     ("city", tr._("a city"))]),
                   ("int", "defence.walls", tr._("Wall points"), 0, 10, 0),
                   ("choice", "terrain", tr._("Terrain"),
                    [("open", tr._("open")), ("mountain_fortress", tr._("Mountain Fortress"))]),
                   ("bool", "amphibious", tr._("An amphibious attack?")),
                   ("bool", "intercepted_landing", tr._("Was the landing intercepted?")),
                   ("int", "mp", tr._("Attacker's MP left (0: not counted)"), 0, 30, 0),
                   ("int", "siege_bids.attacker", tr._("Attacker's siege bid (T)"), 0, 30, 0),
                   ("int", "siege_bids.defender", tr._("Defender's siege bid (T)"), 0, 30, 0)]
        if state["game"] == "advanced":
            fields += [("choice", "cards.tactical_surprise", tr._("Tactical Surprise played by"),
                        [("", tr._("nobody")), ("attacker", tr._("the attacker")),
                         ("defender", tr._("the defender"))]),
                       ("bool", "cards.archimedes", tr._("The Archimedes Effect?"))]
        if self.entry is None or self.entry.lang != tr.lang:
            self.entry = Entry([FieldSet(side, tr) for side in sides] + [FieldSet(fields, tr)])
            self.entry.lang = tr.lang
            for side, fieldset in zip(SIDES, self.entry.fieldsets, strict=False):
                self.add_leader_choices(fieldset, side, state)
        attacker, defender, common = self.entry.fieldsets
        for side, fieldset in zip(SIDES, (attacker, defender), strict=True):
            self.show_leaders(fieldset, side, fieldset.values[f"{side}.power"])
        for fieldset in self.entry.fieldsets:
            for widget in fieldset.widgets:
                if widget.parent is not None:
                    widget.parent.remove_widget(widget)
        page.add_widget(Factory.Section(text=tr._("Both sides")))
        if wide():
            grid = GridLayout(cols=2, size_hint_y=None, spacing=dp(16))
            grid.bind(minimum_height=grid.setter("height"))
            grid.add_widget(column(*attacker.widgets))
            grid.add_widget(column(*defender.widgets))
            page.add_widget(grid)
        else:
            for widget in attacker.widgets + defender.widgets:
                page.add_widget(widget)
        page.add_widget(Factory.Section(text=tr._("Where and how")))
        for widget in common.widgets:
            page.add_widget(widget)
        self.fight_button = self.add(page, tr._("Fight"), self.fight)

    def add_leader_choices(self, fieldset: FieldSet, side: str, state: dict) -> None:
        """The leaders in play of the side's power (its books) as buttons that fill the side's
        leader in; they follow the power chosen. The counters stay for a leader not in the
        books."""
        holder = column()
        at = fieldset.widgets.index(fieldset.parts[f"{side}.has_leader"]) + 1
        fieldset.widgets[at:at] = [holder]
        fieldset.parts[f"{side}.leaders_in_play"] = []
        fieldset.parts[f"{side}.leader_holder"] = holder
        for power, button in fieldset.parts[f"{side}.power"].buttons.items():
            button.bind(on_release=lambda _b, p=power: self.show_leaders(fieldset, side, p))
        self.show_leaders(fieldset, side, fieldset.values[f"{side}.power"])

    def show_leaders(self, fieldset: FieldSet, side: str, power: str) -> None:
        """The buttons of `power`'s leaders in play, in place of the last power's."""
        holder = fieldset.parts[f"{side}.leader_holder"]
        holder.clear_widgets()
        buttons = []
        leaders = self.session.state["powers"].get(power, {}).get("leaders") or []
        if leaders:
            holder.add_widget(caption(self.tr._("Its leaders in play (the books):")))
        picked = fieldset.values.get(f"{side}.picked") or {}
        group = fresh_group(f"pax-leader-{side}")
        for leader in leaders:
            chosen = picked.get("power") == power and all(
                picked.get(k) == leader.get(k) for k in ("name", "tactical", "campaign"))
            button = grow_with_text(Factory.Choice(text=self.leader_words(power, leader),
                                                   group=group,
                                                   state="down" if chosen else "normal"))
            button.bind(on_release=lambda _b, p=power, le=leader:
                        self.fill_leader(fieldset, side, {**le, "power": p}))
            buttons.append(button)
            holder.add_widget(button)
        fieldset.parts[f"{side}.leaders_in_play"] = buttons
        fieldset.values.setdefault(f"{side}.picked", None)

    def leader_words(self, power: str, leader: dict) -> str:
        """'Rome: leader 2-4', 'Carthage: Hannibal 4-6 (Elite)'."""
        tr = self.tr
        n = names(tr)
        if leader.get("name"):
            text = tr._("{power}: {name} {tactical}-{campaign}").format(
                power=n.power(power), name=leader["name"], tactical=leader["tactical"],
                campaign=leader["campaign"])
        else:
            text = tr._("{power}: leader {tactical}-{campaign}").format(
                power=n.power(power), tactical=leader["tactical"], campaign=leader["campaign"])
        return text + (" " + tr._("(Elite)") if leader.get("elite") else "")

    def fill_leader(self, fieldset: FieldSet, side: str, leader: dict) -> None:
        has = fieldset.parts[f"{side}.has_leader"]
        has.buttons[True].state, has.buttons[False].state = "down", "normal"
        fieldset.values[f"{side}.has_leader"] = True
        for rating in ("tactical", "campaign"):
            counter = fieldset.parts[f"{side}.leader.{rating}"]
            counter.value = min(max(leader[rating], counter.low), counter.high)
            counter.shown.text = str(counter.value)
        fieldset.values[f"{side}.picked"] = dict(leader)

    @staticmethod
    def picked_leader(given: dict) -> dict:
        """The side's leader: the ratings entered, with the name and Elite mark of the leader
        picked from the books while his ratings still stand."""
        leader = dict(given["leader"])
        picked = given.get("picked")
        if picked and picked["power"] == given["power"] and (
                picked["tactical"], picked["campaign"]) == (leader["tactical"],
                                                            leader["campaign"]):
            if picked.get("name"):
                leader["name"] = picked["name"]
            if picked.get("elite"):
                leader["elite"] = True
        return leader

    def battle_action(self) -> dict:
        values = self.entry.collect()
        action = {"type": "battle"}
        for side in SIDES:
            given = values[side]
            force = {"power": given["power"], "units": given["units"],
                     "reduced": given["reduced"], "elephants": given["elephants"]}
            if given["has_leader"]:
                force["leader"] = self.picked_leader(given)
            action[side] = force
        if values["defence"]["kind"]:
            action["defence"] = values["defence"]
        action["terrain"] = values["terrain"]
        if values["amphibious"]:
            action["amphibious"] = True
            action["intercepted_landing"] = values["intercepted_landing"]
        if values["mp"]:
            action["mp"] = values["mp"]
        bids = {k: v for k, v in values["siege_bids"].items() if v}
        if bids:
            action["siege_bids"] = bids
        cards = {k: v for k, v in (values.get("cards") or {}).items() if v}
        if cards:
            action["cards"] = cards
        return action

    def fight(self) -> None:
        self.entering = False
        if self.play(self.battle_action()):
            self.entry = None

    def new_battle(self) -> None:
        self.entering = True
        self.message = ""
        self.refresh()

    # --- the battle's steps -------------------------------------------------------------------

    def side_lines(self, battle: dict, side: str) -> list[str]:
        tr = self.tr
        n = names(tr)
        force = battle[side]
        words = tr._("Attacker") if side == "attacker" else tr._("Defender")
        lines = [f"{words}: {n.power(force['power'])}"]
        if battle.get("stage") == "over":
            lines.append(tr._("Units left: {units}").format(
                units=units_text(force["units"], tr)))
        else:
            lines.append(tr._("Units: {units}").format(units=units_text(force["units"], tr)))
        if any((force.get("reduced") or {}).values()):
            lines.append(tr._("Reduced: {units}").format(
                units=units_text(force["reduced"], tr)))
        leader = force.get("leader")
        if leader:
            text = tr._("Leader: Tactics {tactical}, Campaign {campaign}").format(
                tactical=leader["tactical"], campaign=leader["campaign"])
            if leader.get("name"):
                text = leader["name"] + " · " + text
            lines.append(text + (" " + tr._("(Elite)") if leader.get("elite") else ""))
        if force.get("elephants"):
            lines.append(tr.ngettext("Elephants committed {count}: {lost} BP lost, {cancelled} "
                                     "cavalry cancelled", "Elephants committed {count}: {lost} "
                                     "BP lost, {cancelled} cavalry cancelled",
                                     force["elephants"]).format(
                count=force["elephants"], lost=force.get("elephant_loss", 0),
                cancelled=force.get("cavalry_cancelled", 0)))
        if force.get("bp_walls"):
            lines.append(tr._("Battle points {bp}: units {units} + walls {walls}").format(
                bp=force["bp"], units=force["bp_units"], walls=force["bp_walls"]))
        else:
            lines.append(tr._("Battle points {bp}").format(bp=force["bp"]))
        cavalry = force.get("cavalry") or {}
        if cavalry.get("edge"):
            lines.append(tr._("Cavalry {edge}").format(
                edge=tr._("superiority") if cavalry["edge"] == "superiority"
                else tr._("supremacy")))
        if force.get("roll") is not None:
            lines.append(tr._("Roll {roll}").format(roll=force["roll"]))
        return lines

    def show_battle(self, page, battle: dict) -> None:
        tr = self.tr
        n = names(tr)
        page.add_widget(Factory.Section(text=tr._("Battle points and rolls")))
        shown = [line("\n".join(self.side_lines(battle, side))) for side in SIDES]
        if wide():
            grid = GridLayout(cols=2, size_hint_y=None, spacing=dp(16))
            grid.bind(minimum_height=grid.setter("height"))
            holders = []
            for widget in shown:            # each side read from the top of its column
                holder = BoxLayout(orientation="vertical", size_hint_y=None)
                holder.add_widget(widget)
                holder.add_widget(Widget())
                holders.append(holder)
                grid.add_widget(holder)

            def even(*_):
                tallest = max(w.height for w in shown)
                for holder in holders:
                    holder.height = tallest

            for widget in shown:
                widget.bind(height=even)
            even()
            page.add_widget(grid)
        else:
            for widget in shown:
                page.add_widget(widget)
        ratio = battle.get("ratio")
        if ratio:
            page.add_widget(Factory.Section(text=tr._("Ratio and shifts")))
            page.add_widget(line(tr.ngettext("Ratio {larger} to {smaller}: {shifts} shift to "
                                             "{side}", "Ratio {larger} to {smaller}: {shifts} "
                                             "shifts to {side}", ratio["shifts"]).format(
                larger=ratio["larger"], smaller=ratio["smaller"], shifts=ratio["shifts"],
                side=n.side(ratio["side"]) if ratio.get("side") else "-")))
        for shift in battle.get("shifts") or []:
            page.add_widget(line(tr._("{side}: {shifts} for {cause} ({rule})").format(
                side=side_words(shift["side"], tr), shifts=shift["shifts"],
                cause=cause_words(shift["cause"], tr), rule=shift["rule"])))
        net = battle.get("net")
        if net:
            page.add_widget(line(tr.ngettext("Net: {shifts} shift to {side}",
                                             "Net: {shifts} shifts to {side}",
                                             net["shifts"]).format(
                shifts=net["shifts"], side=n.side(net["side"])) if net.get("side") and
                net["shifts"] else tr._("Net: no shifts"), bold=True))
        if battle.get("modified"):
            page.add_widget(line(tr._("Modified rolls: attacker {a}, defender {d}; losses "
                                      "{pa}% and {pd}%").format(
                a=battle["modified"]["attacker"], d=battle["modified"]["defender"],
                pa=battle["loss_percent"]["attacker"],
                pd=battle["loss_percent"]["defender"]), bold=True))
        if battle.get("winner"):
            page.add_widget(line(tr._("Winner: {side}").format(side=n.side(battle["winner"]))
                                 if battle["winner"] in SIDES else tr._("A tie")))
        if battle.get("loss"):
            page.add_widget(line(tr._("Losses due: attacker {a} BP, defender {d} BP").format(
                a=battle["loss"]["attacker"], d=battle["loss"]["defender"]), bold=True))
        self.show_rerolls(page, battle)
        stage = battle.get("stage")
        if stage in ("reroll", "allocate", "retreat", "losses"):
            self.show_choices(page, battle, stage)

    def show_rerolls(self, page, battle: dict) -> None:
        """The re-roll attempts so far (10.55) and the die rolled again."""
        tr = self.tr
        n = names(tr)
        step = battle.get("reroll") or {}
        for attempt in step.get("attempts") or []:
            page.add_widget(line(tr._("{power} tries for a re-roll: {dice} = {total}, needs "
                                      "{needed} or less: {outcome}").format(
                power=n.power(battle[attempt["side"]]["power"]),
                dice=" + ".join(str(d) for d in attempt["dice"]), total=attempt["total"],
                needed=attempt["needed"],
                outcome=tr._("success") if attempt["success"] else tr._("failure"))))
        rerolled = step.get("rerolled")
        if rerolled:
            page.add_widget(line(tr._("{power} rolls again: {die}, modifier {drm}, roll {roll}")
                                 .format(power=n.power(battle[rerolled["side"]]["power"]),
                                         die=rerolled["die"], drm=f"{rerolled['drm']:+d}",
                                         roll=rerolled["roll"]), bold=True))

    def show_choices(self, page, battle: dict, stage: str) -> None:
        tr = self.tr
        n = names(tr)
        legal = self.session.legal_actions()
        if stage == "reroll":
            self.show_reroll_choices(page, battle, legal)
        elif stage == "allocate":
            net = battle["net"]
            other = "defender" if net["side"] == "attacker" else "attacker"
            page.add_widget(Factory.Section(text=tr.ngettext(
                "{side} uses {shifts} shift", "{side} uses {shifts} shifts",
                net["shifts"]).format(
                side=n.power(battle[net["side"]]["power"]), shifts=net["shifts"])))
            for action in legal:
                raised = action["raise"]
                text = tr._("{power} {own} · {other} {theirs} (own +{up}, other −{down})"
                            ).format(power=n.power(battle[net["side"]]["power"]),
                                     other=n.power(battle[other]["power"]), up=raised,
                                     down=net["shifts"] - raised,
                                     own=action["modified"][net["side"]],
                                     theirs=action["modified"][other])
                self.add(page, text, lambda a=action: self.play(a), action)
        elif stage == "retreat":
            side = battle["retreat_by"]
            page.add_widget(Factory.Section(text=tr._("{power} decides").format(
                power=n.power(battle[side]["power"]))))
            words = {"retreat": tr._("Retreat (the winner's roll counts 1 less)"),
                     "stay": tr._("Stay"), "force": tr._("Force the retreat (1 MP)"),
                     "none": tr._("Do not force it")}
            for action in legal:
                self.add(page, words[action["choice"]], lambda a=action: self.play(a), action)
        else:
            for side in SIDES:
                mine = [a for a in legal if a["side"] == side]
                if not mine:
                    continue
                force = battle[side]
                page.add_widget(Factory.Section(text=tr._("{power} loses {bp} BP").format(
                    power=n.power(force["power"]), bp=battle["loss"][side])))
                page.add_widget(line(self.absorbers(force)))
                for action in mine:
                    self.add(page, self.allocation_words(action), lambda a=action: self.play(a),
                             action, emphasis="secondary")

    def show_reroll_choices(self, page, battle: dict, legal: list) -> None:
        """The side whose re-roll it is: try for its own die, the other's, or none (10.55)."""
        tr = self.tr
        n = names(tr)
        from companion.screens.pax_romana_names import tables

        step = battle["reroll"]
        side = step["by"]
        rule = tables().combat["reroll"]
        leader = battle[side].get("leader") or {"tactical": 0, "campaign": 0}
        needed = leader["tactical"] + leader["campaign"]
        page.add_widget(Factory.Section(text=tr._("{power} may try for a re-roll").format(
            power=n.power(battle[side]["power"]))))
        if side == step["larger"]:
            part = rule["larger"]
            own, enemy = part["own_reroll_drm"], part["enemy_reroll_drm"]
            elite_reading = self.session.state["readings"].get("reroll_elite")
            if leader.get("elite") and elite_reading == "favour":
                own, enemy = own + part["elite_drm"], enemy - part["elite_drm"]
            elif leader.get("elite"):
                needed += part["elite_drm"]
            page.add_widget(line(tr._("2d6 at most {needed} (the leader's Tactics plus "
                                      "Campaign), then its own die again ({own}) or the "
                                      "other's again ({enemy}).").format(
                needed=needed, own=f"{own:+d}", enemy=f"{enemy:+d}")))
        else:
            page.add_widget(line(tr._("The larger side failed. 2d6 {drm} at most {needed}, then "
                                      "either die again, as it falls.").format(
                drm=f"{rule['smaller_after_failure']['drm']:+d}", needed=needed)))
        words = {"own": tr._("Try: re-roll our own die"),
                 "enemy": tr._("Try: the other side re-rolls"),
                 "none": tr._("No re-roll")}
        for action in legal:
            self.add(page, words[action["choice"]], lambda a=action: self.play(a), action,
                     emphasis="secondary" if action["choice"] == "none" else "primary")

    def absorbers(self, force: dict) -> str:
        """The units that may absorb the loss, with their BP."""
        tr = self.tr
        from companion.screens.pax_romana_names import tables

        t = tables()
        n = names(tr)
        parts = []
        for unit, count in (force.get("units") or {}).items():
            entry = t.unit.get(unit) or {}
            if count:
                parts.append(f"{count} {n.unit(unit)} ({entry.get('bp', '?')} BP)")
        for unit, count in (force.get("reduced") or {}).items():
            if count:
                parts.append(tr.ngettext("{count} reduced {unit}", "{count} reduced {unit}",
                                         count).format(count=count, unit=n.unit(unit)))
        return tr._("May absorb: {units}").format(units=", ".join(parts) or "-")

    def allocation_words(self, action: dict) -> str:
        tr = self.tr
        parts = []
        if any(action.get("eliminate", {}).values()):
            parts.append(tr._("eliminate {units}").format(
                units=units_text(action["eliminate"], tr)))
        if any(action.get("reduce", {}).values()):
            parts.append(tr._("reduce {units}").format(units=units_text(action["reduce"], tr)))
        if any(action.get("eliminate_reduced", {}).values()):
            parts.append(tr._("eliminate reduced {units}").format(
                units=units_text(action["eliminate_reduced"], tr)))
        if action.get("walls"):
            parts.append(tr._("{walls} wall points").format(walls=action["walls"]))
        text = "; ".join(parts) or tr._("nothing")
        return tr._("{allocation} ({bp} BP)").format(allocation=text,
                                                     bp=action.get("lost_bp", 0))

    def show_over(self, page, battle: dict) -> None:
        tr = self.tr
        n = names(tr)
        page.add_widget(Factory.Section(text=tr._("The battle is over")))
        for side in SIDES:
            taken = (battle.get("taken") or {}).get(side)
            if taken is not None:
                page.add_widget(line(tr._("{power}: {allocation}").format(
                    power=n.power(battle[side]["power"]),
                    allocation=self.allocation_words(taken))))
        if battle.get("regroup"):
            page.add_widget(line(tr._("The attacker regroups.")))
        if battle.get("militia_check"):
            page.add_widget(line(tr._("{side} may call out its militia.").format(
                side=n.power(battle[battle["militia_check"]]["power"]))))
        if battle.get("mp_left") is not None:
            page.add_widget(line(tr._("The attacker has {mp} MP left.").format(
                mp=battle["mp_left"])))

    def show_log_words(self, page) -> None:
        """The battle's entries of the log, in words."""
        page.add_widget(Factory.Section(text=self.tr._("Every step")))
        log = self.session.log()
        for entry in log[self.battle_start():self.session.position + 1]:
            for words in entry["words"]:
                if words:
                    page.add_widget(line(words, font_size="14sp"))

    # --- playing ------------------------------------------------------------------------------

    def play(self, action: dict, dice=None) -> bool:
        clean = {k: v for k, v in action.items() if k not in HINTS}
        return super().play(clean, dice)

    def played(self, action: dict, entry) -> None:
        self.message = ""
        self.refresh()
        self.ids.scroll.scroll_y = 1

    def back(self) -> None:
        self.show_screen("pax_romana_books")

    def show_log(self) -> None:
        self.show_screen("pax_romana_log")


SCREEN = PaxRomanaBattleScreen
