"""Events in words: one plain sentence per event, in the language of a translator.

`describe(event, tr)` (forge.engine.words.EventWords) names powers, units and phases from the
rule data through the game's catalog; what the players named (provinces they entered, forces
no player owns) is shown as they named it.
"""
from __future__ import annotations

import re

from forge.engine import words
from forge.engine.core import N_
from forge.engine.pax_romana.data import CONTENT_DIR, GAME, tables


class Names(words.Names):
    """The names of the game's things in one language."""

    game, content_dir = GAME, CONTENT_DIR

    def __init__(self, tr):
        super().__init__(tr, tables())

    def power(self, power) -> str:
        entry = self.t.power.get(power)
        if entry is None:
            return str(power)
        return self.game_text(entry["name"], f"economy/powers/{power}/name")

    def unit(self, unit) -> str:
        entry = self.t.unit.get(unit)
        if entry is None:
            return str(unit)
        return self.game_text(entry["name"], f"units/units/{unit}/name")

    def phase(self, key) -> str:
        entry = next((p for p in self.t.phases if p["key"] == key), None)
        if entry is None:
            return str(key)
        return self.game_text(entry["name"], f"turn/phases/{entry['id']}/name")

    def card(self, card_id) -> str:
        entry = next((c for c in self.t.event_cards["cards"] if c["id"] == card_id), None)
        if entry is None:
            return str(card_id)
        return self.game_text(entry["name"], f"event_cards/cards/{card_id}/name")

    def province(self, province_id) -> str:
        found = self.t.province(province_id)
        if found is None:
            return str(province_id)
        group, province = found
        kind = "powers" if group["id"] in self.t.power else "territories"
        return self.game_text(province["name"],
                              f"economy/{kind}/{group['id']}/provinces/{province_id}/name")

    def side_word(self, side) -> str:
        """A side without its article (refusals say 'the {side}')."""
        return self.tr._(N_("attacker")) if side == "attacker" else self.tr._(N_("defender"))

    def side(self, side) -> str:
        return self.tr._(N_("the attacker")) if side == "attacker" else self.tr._(
            N_("the defender"))

    def stage(self, stage) -> str:
        """A land battle's step (battle.py stages)."""
        return self._word(STAGES, stage)

    def rating(self, rating) -> str:
        return self._word(RATINGS, rating)

    def choice(self, choice) -> str:
        """A battle choice: a retreat's or a re-roll's."""
        return self._word(CHOICES, choice)

    def temporary_source(self, source) -> str:
        return self._word(TEMPORARY_SOURCES, source)

    def place_kind(self, kind) -> str:
        """A city or a town (economy.yaml cities_and_towns)."""
        entry = next((k for k in self.t.economy["cities_and_towns"]["kinds"]
                      if k["id"] == kind), None)
        if entry is None:
            return str(kind)
        return self.game_text(entry["name"], f"economy/cities_and_towns/kinds/{kind}/name")

    def optional_rule(self, rule_id) -> str:
        """An optional rule's name (options.yaml)."""
        entry = self.t.optional_rules.get(rule_id)
        if entry is None:
            return str(rule_id)
        return self.game_text(entry["name"], f"options/optional_rules/{rule_id}/name")

    def _word(self, table: dict, key) -> str:
        return self.tr._(table[key]) if key in table else str(key)

    def units(self, counts: dict) -> str:
        if not counts:
            return self.tr._(N_("nothing"))
        return ", ".join(f"{n} {self.unit(u)}" for u, n in sorted(counts.items()))


STAGES = {"open": N_("opening"), "reroll": N_("re-roll"), "allocate": N_("shifts"),
          "retreat": N_("retreat"), "losses": N_("losses"), "over": N_("end")}
RATINGS = {"tactical": N_("Tactical"), "campaign": N_("Campaign")}
CHOICES = {"retreat": N_("retreat"), "stay": N_("stay"), "force": N_("force the retreat"),
           "none": N_("let it be"), "own": N_("re-roll its own die"),
           "enemy": N_("make the other side re-roll")}
TEMPORARY_SOURCES = {"mercenaries": N_("mercenaries"), "militia": N_("militia"),
                     "soldier_of_fortune": N_("the Soldier of Fortune's army"),
                     "invasion": N_("invaders")}


def _w(template: str, **makers):
    """A writer: `template` (translated) filled with the event's fields, some made by
    `makers` {field: function(event, names)}."""
    def write(event: dict, tr, names: Names) -> str:
        return tr._(template).format(**_fields(event, names, **makers))
    return write


def _fields(event: dict, names: Names, **makers) -> dict:
    """The event's fields with those `makers` {field: function(event, names)} make."""
    fields = dict(event)
    for key, make in makers.items():
        fields[key] = make(event, names)
    return fields


def _land(event: dict, tr) -> str:
    """The land units a fleet carries: '2 land units (9 BP)'."""
    return words.Counted("{n} land unit ({bp} BP)", "{n} land units ({bp} BP)",
                         event["land_units"], bp=event["land_bp"]).translated(tr)


def _power(event, names):
    return names.power(event.get("power"))


def _side(event, names):
    return names.side(event.get("side"))


def _leader(event) -> str:
    ratings = f"{event['tactical']}-{event['campaign']}"
    return f"{event['name']} {ratings}" if event.get("name") else ratings


CAUSES = {
    "ratio": N_("the battle ratio"), "cavalry_superiority": N_("cavalry superiority"),
    "cavalry_supremacy": N_("cavalry supremacy"), "leader_tactics": N_("the better leader"),
    "leader_tactics_city": N_("the better leader (at most 1 at a city or town)"),
    "mountain_fortress": N_("the Mountain Fortress"),
    "amphibious_defence": N_("the amphibious defence"),
    "siege_technique": N_("siege techniques"), "tactical_surprise": N_("Tactical Surprise"),
    "archimedes": N_("the Archimedes Effect"),
    "defender_retreats": N_("the defender's retreat"),
}


def _cause(event, names) -> str:
    cause = CAUSES.get(event["cause"])
    return names.tr._(cause) if cause else str(event["cause"])


REASONS_WHY = {
    "siege techniques": N_("siege techniques"), "bread and circuses": N_("bread and circuses"),
    "naval mutiny": N_("naval mutiny"), "alliance with Rhodes": N_("the alliance with Rhodes"),
    "rhodes_toll": N_("the Rhodian toll"), "sack": N_("the sack"), "income": N_("income"),
    "upkeep": N_("upkeep"), "recruiting": N_("recruiting"), "mercenaries": N_("mercenaries"),
    "activation": N_("the activation"), "objective": N_("a Possible Objective"),
    "civil war": N_("civil war"), "stability check": N_("the Stability Check"),
    "rebellion": N_("the rebellion"), "revenues": N_("revenues"), "disorder": N_("disorder"),
    "slave revolt": N_("the slave revolt"), "slave revolt over": N_("the slave revolt's end"),
    "barbarians near the capital": N_("barbarians near the capital"),
    "retreat before battle": N_("a retreat before battle"), "militia": N_("militia"),
    "harvest": N_("the harvest"), "most VP gained": N_("the most VP gained"),
    "baghdad loot": N_("the Baghdad loot"),
    "fewest VP gained": N_("the fewest VP gained"), "victory": N_("the Victory Phase"),
    "heavy_over_cvp": N_("heavy units over the CvP"),
    "heavy_over_3x_cvp": N_("heavy units over the CvP"),
    "heavy_over_4x_cvp": N_("heavy units over the CvP"),
}
# stability.yaml adjustments named after the card that makes them
CARD_CHANGES = {"political_scene_card": "change_in_political_scene",
                "conspiracy_card": "conspiracy", "raise_militia_card": "raise_the_militia",
                "successor_wars_greece": "successor_wars"}


def _why(event, names) -> str:
    """Why the books changed, in words: the engine's reason, a card, or the table's own words
    (a correction) as given."""
    why = event.get("why") or ""
    if why in REASONS_WHY:
        return names.tr._(REASONS_WHY[why])
    card = CARD_CHANGES.get(why, why)
    if any(c["id"] == card for c in names.t.event_cards["cards"]):
        return names.card(card)
    return str(why)


def _yes(tr, flag: bool, yes: str, no: str) -> str:
    return tr._(yes) if flag else tr._(no)


RESULTS = {
    "intercept": lambda e, tr, n: tr._(N_("Interception: {dice} plus {mods} = {total}, {verdict}"))
    .format(dice=sum(e["dice"]), mods=sum(e["modifiers"].values()), total=e["total"],
            verdict=_yes(tr, e["success"], N_("it succeeds"), N_("it fails"))),
    "allowance": lambda e, tr, n: tr._(N_("Movement allowance: rolled {roll}, {mp} MP"))
    .format(**e),
    "path": lambda e, tr, n: tr._(N_("The path costs {mp} MP")).format(**e),
    "retreat-before-battle": lambda e, tr, n: tr._(
        N_("{power} retreats before battle: rolled {roll}, {mp} MP")).format(
        power=n.power(e["power"]), roll=e["roll"], mp=e["mp"]),
    "naval-disaster": lambda e, tr, n: tr._(N_("Naval disaster roll {roll}: {outcome}")).format(
        roll=e["roll"], outcome={"none": tr._(N_("no effect")),
                                 "off_course": tr._(N_("off course")),
                                 "storm": tr._(N_("a storm"))}[e["result"]]),
    "continuity": lambda e, tr, n: tr._(N_("Continuity {total}: {outcome}")).format(
        total=e["total"], outcome=_yes(tr, e["result"] == "continue", N_("the fleet continues"),
                                       N_("the fleet is finished"))),
    "naval-battle": lambda e, tr, n: words.counted(
        tr, "Naval battle {attacker} to {defender}: the attacker loses {lost_a} squadron, "
        "the defender {lost_d}", "Naval battle {attacker} to {defender}: the attacker loses "
        "{lost_a} squadrons, the defender {lost_d}", e["lost"]["attacker"]).format(
        attacker=e["totals"]["attacker"], defender=e["totals"]["defender"],
        lost_a=e["lost"]["attacker"], lost_d=e["lost"]["defender"]),
    "pirates": lambda e, tr, n: tr._(N_("Pirates: {total}, {outcome}")).format(
        total=e["total"], outcome=_yes(tr, e["cleared"], N_("cleared"), N_("not cleared"))),
    "attrition": lambda e, tr, n: tr._(N_("Attrition roll {roll}: {percent}%, {lost} units lost"))
    .format(**e),
    "sack": lambda e, tr, n: tr._(N_("Sack: {outcome}, {loot} T of loot")).format(
        outcome=_yes(tr, e["sacked"], N_("sacked"), N_("not sacked")), loot=e["loot"]),
    "militia": lambda e, tr, n: tr._(N_("{power} raises {raised} militia (rolled {roll})"))
    .format(power=n.power(e["power"]), raised=e["raised"], roll=e["roll"]),
    "income": lambda e, tr, n: tr._(N_("{power} collects {total} T")).format(
        power=n.power(e["power"]), total=e["total"]),
    "upkeep": lambda e, tr, n: tr._(N_("{power} pays {cost} T of upkeep")).format(
        power=n.power(e["power"]), cost=e["cost"]),
    "victory": lambda e, tr, n: tr._(N_("Order of play: {order}")).format(
        order=", ".join(n.power(p) for p in e["order"])),
    "event": lambda e, tr, n: tr._(N_("Event roll {total}: {event}")).format(
        total=e["total"], event=entry_name("event", e["event"], n)),
    "rebellion": lambda e, tr, n: tr._(N_("Rebellion roll {total}: {area}")).format(
        total=e["total"], area=entry_name("rebellion", e["area"], n)),
    "invasion": lambda e, tr, n: tr._(N_("Invasion roll {total}: {invader}")).format(
        total=e["total"], invader=entry_name("invasion", e["invader"], n)),
    "harvest": lambda e, tr, n: tr._(N_("Harvest: {territory}, stability {change}")).format(**e),
    "punic-wars": lambda e, tr, n: _punic_wars(e, tr, n),
    "baghdad-loot": lambda e, tr, n: _baghdad_loot(e, tr, n),
    "recruit": lambda e, tr, n: tr._(N_("{power} recruits for {cost} T")).format(
        power=n.power(e["power"]), cost=e["cost"]),
    "garrisons": lambda e, tr, n: tr._(N_("{garrisons} garrisons")).format(**e),
    "control": lambda e, tr, n: tr._(N_("{power} and {province}: {outcome}")).format(
        power=n.power(e["power"]), province=e["province"],
        outcome=_yes(tr, e["controls"], N_("controls it"), N_("does not control it"))),
    "disease": lambda e, tr, n: tr._(N_("Disease roll {roll} against Campaign {campaign}: "
                                        "{outcome}")).format(
        roll=e["roll"], campaign=e["campaign"],
        outcome=_yes(tr, e["dies"], N_("the leader dies"), N_("the leader lives"))),
    "stranded": lambda e, tr, n: tr._(N_("Stranded landing roll {roll}: {outcome}")).format(
        roll=e["roll"], outcome=_yes(tr, e["lost"], N_("all is lost"),
                                     N_("back to the nearest controlled port"))),
}


STOPS = {
    "off_course": N_("off course"), "storm": N_("a storm"), "pirates": N_("the pirates cleared"),
    "enemy_fleet": N_("an enemy fleet"), "enemy_retreated": N_("the enemy fleet retreated"),
    "won_naval_battle": N_("a naval battle won"), "tie": N_("a drawn naval battle"),
    "enemy_port": N_("a port the enemy occupies"),
    "port_outside_home": N_("a port outside home that is not friendly"),
    "landing_port": N_("landing in a non-friendly port"),
    "enemy_land": N_("non-friendly land units in the port"), "chosen": N_("the player's choice"),
}
ENDINGS = {
    "ended": N_("the move ends here"), "landed": N_("the troops have landed"),
    "destroyed": N_("the fleet and its troops are lost"),
    "pirates_repelled": N_("beaten off by the pirates, back to the last port, Finished"),
    "lost_naval_battle": N_("lost the naval battle: to the nearest friendly port, Finished"),
    "lost_at_high_seas": N_("Finished on the high seas: eliminated"),
    "landing_destroyed": N_("the landing force is destroyed"),
    "nearest_controlled_port": N_("back to the nearest controlled port"),
}
LOC_BLOCKS = {
    "enemy_occupied": N_("a space the enemy occupies"),
    "enemy_galleys": N_("enemy squadrons"), "barbarians": N_("barbarians or a tribe"),
    "independent": N_("an independent"), "pirates": N_("pirates"),
    "cilician_pirates": N_("the Cilician pirates"), "high_seas": N_("a high-seas point"),
    "slave_army": N_("the slave army"),
}


def _punic_wars(e, tr, n) -> str:
    """The Punic Wars event rolled: its name, and for a Playbook event that the table applies
    it (its effect is not in the rules)."""
    if e["playbook"]:
        name = n.game_text(next(x["name"] for x in n.t.events["punic_wars"]["names"]
                                if x["id"] == e["event"]),
                           f"events/punic_wars/names/{e['event']}/name")
        return tr._(N_("Punic Wars event {total}: {event}, from the Playbook: the table applies "
                       "it")).format(total=e["total"], event=name)
    source = "event" if any(x["id"] == e["event"] for x in n.t.events["events"]) \
        else "rebellion"
    return tr._(N_("Punic Wars event {total}: {event}")).format(
        total=e["total"], event=entry_name(source, e["event"], n))


def _baghdad_loot(e, tr, n) -> str:
    """The Baghdad loot rolled: the Talents and the Successor Wars."""
    text = tr._(N_("Baghdad loot roll {roll}: {power}'s treasury {change} T")).format(
        roll=e["roll"], power=n.power(e["power"]), change=f"{e['change']:+d}")
    if e["successor_wars"]:
        text += "; " + tr._(N_("the Successor Wars in the East begin (the Playbook's, at the "
                               "table)"))
    return text


def _words(table: dict, key, tr) -> str:
    return tr._(table[key]) if key in table else str(key)


def _communication(e, tr, n) -> str:
    e = {**e, "source": n.province(e["source"])}
    if not e["needed"]:
        return tr._(N_("{source} needs no line of communication")).format(source=e["source"])
    if e["connected"]:
        return tr._(N_("{source} is in communication")).format(source=e["source"])
    return tr._(N_("{source} is cut off at step {step} ({name}): {why}")).format(
        source=e["source"], step=e["blocked"]["step"], name=e["blocked"]["name"],
        why=_words(LOC_BLOCKS, e["blocked"]["why"], tr))


RESULTS["communication"] = _communication


def _result(event: dict, tr, names: Names) -> str:
    return RESULTS[event["procedure"]](event, tr, names)


def _losses_taken(event: dict, tr, names: Names) -> str:
    parts = []
    if event["eliminate"]:
        parts.append(tr._(N_("eliminates {units}")).format(units=names.units(event["eliminate"])))
    if event["reduce"]:
        parts.append(tr._(N_("reduces {units}")).format(units=names.units(event["reduce"])))
    if event["eliminate_reduced"]:
        parts.append(tr._(N_("eliminates reduced {units}")).format(
            units=names.units(event["eliminate_reduced"])))
    if event["walls"]:
        parts.append(tr._(N_("loses {walls} wall points")).format(walls=event["walls"]))
    taken = "; ".join(parts) or tr._(N_("loses nothing"))
    return tr._(N_("{power} ({side}) must lose {loss} BP: {taken} ({lost_bp} BP lost, "
                   "{after} BP left)")).format(power=names.power(event["power"]),
                                                side=names.side(event["side"]),
                                                taken=taken, **{k: event[k] for k in
                                                               ("loss", "lost_bp", "after")})


WRITERS = {
    "game-set-up": _w(N_("A game of Pax Romana from turn {first} to turn {last}")),
    "phase": _w(N_("Turn {turn}: the {name} Phase"), name=lambda e, n: n.phase(e["phase"])),
    "turn": _w(N_("Turn {turn} begins")),
    "game-over": _w(N_("The game ends after turn {turn}")),
    "battle-opened": _w(N_("{attacker_name} attacks {defender_name}"),
                        attacker_name=lambda e, n: n.power(e["attacker"]),
                        defender_name=lambda e, n: n.power(e["defender"])),
    "elephant": _w(N_("An elephant of {power} rolls {roll}"), power=_power),
    "battle-points": _w(N_("{power} ({side}) fights with {bp} BP"), power=_power, side=_side),
    "battle-roll": _w(N_("{power} ({side}) rolls {roll}"), power=_power, side=_side),
    "shift": lambda e, tr, n: words.counted(
        tr, "{power}: {shifts} shift for {cause} ({rule})",
        "{power}: {shifts} shifts for {cause} ({rule})", e["shifts"]).format(
        **_fields(e, n, power=_power, cause=_cause)),
    "net-shifts": lambda e, tr, n: words.counted(
        tr, "Shifts {attacker} to {defender}: {shifts} net shift",
        "Shifts {attacker} to {defender}: {shifts} net shifts", e["shifts"]).format(**e),
    "battle-outcome": _w(N_("Modified rolls: the attacker {a}, the defender {d}; losses "
                            "{pa}% and {pd}%"),
                         a=lambda e, n: e["modified"]["attacker"],
                         d=lambda e, n: e["modified"]["defender"],
                         pa=lambda e, n: e["loss_percent"]["attacker"],
                         pd=lambda e, n: e["loss_percent"]["defender"]),
    "retreat": _w(N_("{power} ({side}) chooses {choice}"), power=_power, side=_side),
    "losses-due": _w(N_("The attacker must lose {attacker} BP, the defender {defender} BP")),
    "losses-taken": _losses_taken,
    "leader-death": _w(N_("The leader of {power} rolls {roll}: {fate}"), power=_power,
                       fate=lambda e, n: n.tr._(N_("he dies")) if e["dies"]
                       else n.tr._(N_("he lives"))),
    "battle-over": _w(N_("The battle is over")),
    "treasury": _w(N_("{power}: {change} T ({why}), {treasury} T now"), power=_power,
                   why=_why),
    "stability": _w(N_("{power}: stability {change} ({why}), {stability} now"), power=_power,
                    why=_why),
    "vp": _w(N_("{power}: {change} VP ({why}), {vp} VP now"), power=_power, why=_why),
    "adjusted": _w(N_("{power}: {what} {change}, {now} now"), power=_power),
    "result": _result,
    "temporary-removed": lambda e, tr, n: words.counted(
        tr, "{power}: {count} {name} leaves the map", "{power}: {count} {name} leave the map",
        e["count"]).format(**_fields(e, n, power=_power, name=lambda e, n: n.unit(e["unit"]))),
    "card-drawn": _w(N_("{power} draws {name}"), power=_power,
                     name=lambda e, n: n.card(e["card"])),
    "hand-full": _w(N_("{power} holds more than {most} cards: it plays or discards one "
                       "before anything else"), power=_power),
    "temporary-added": lambda e, tr, n: words.counted(
        tr, "{power}: {count} {name} until the Elimination Phase of turn {expires}",
        "{power}: {count} {name} until the Elimination Phase of turn {expires}",
        e["count"]).format(**_fields(e, n, power=_power, name=lambda e, n: n.unit(e["unit"]))),
    "temporary-converted": lambda e, tr, n: words.counted(
        tr, "{power}: {count} {name} becomes {becomes}", "{power}: {count} {name} become "
        "{becomes}", e["count"]).format(**_fields(
            e, n, power=_power, name=lambda e, n: n.unit(e["unit"]),
            becomes=lambda e, n: n.unit(e["becomes"]))),
    "leaders-removed": _w(N_("{power}: last turn's leaders leave the map"), power=_power),
    "elite-boxed": _w(N_("{power}: Elite leader {leader} goes to the Elite leaders' box until "
                         "turn {returns}"), power=_power, leader=lambda e, n: _leader(e)),
    "elite-returned": _w(N_("{power}: Elite leader {leader} goes back into the bag"),
                         power=_power, leader=lambda e, n: _leader(e)),
    "reroll-attempt": _w(N_("{power} ({side}) tries for a re-roll: {total} against {needed}, "
                            "{outcome}"), power=_power, side=_side,
                         outcome=lambda e, n: n.tr._(N_("it succeeds")) if e["success"]
                         else n.tr._(N_("it fails"))),
    "reroll-declined": _w(N_("{power} ({side}) asks for no re-roll"), power=_power, side=_side),
    "battle-reroll": _w(N_("{power} ({side}) rolls again: {die}, modifier {signed}, {roll} "
                           "now"), power=_power, side=_side,
                        signed=lambda e, n: f"{e['drm']:+d}"),
    "card-played": _w(N_("{power} plays {name}"), power=_power,
                      name=lambda e, n: n.card(e["card"])),
    "card-discarded": _w(N_("{power} discards {name}"), power=_power,
                         name=lambda e, n: n.card(e["card"])),
    "deck-reshuffled": lambda e, tr, n: words.counted(
        tr, "The event deck is reshuffled: {cards} card",
        "The event deck is reshuffled: {cards} cards", e["cards"]).format(**e),
    "marker-drawn": _w(N_("Activation marker drawn: {name}"),
                       name=lambda e, n: n.power(e["marker"])),
    "activation-paid": _w(N_("{power} pays {cost} T for its activation"), power=_power),
    "leaders-set": _w(N_("{power} has its leaders in play"), power=_power),
    "objective-bought": _w(N_("{power} buys objective {objective} for {cost} T"), power=_power),
    "naval-move-begun": lambda e, tr, n: words.counted(
        tr, "{power} sets sail: {squadrons} squadron carrying {land}",
        "{power} sets sail: {squadrons} squadrons carrying {land}", e["squadrons"]).format(
        **_fields(e, n, power=_power, land=lambda e, n: _land(e, n.tr))),
    "naval-point": _w(N_("{power} enters {name}"), power=_power,
                      name=lambda e, n: e["name"] or _words(POINTS, e["point"], n.tr)),
    "squadrons-lost": lambda e, tr, n: words.counted(
        tr, "{power} loses {lost} squadron, {galleys} left on its books",
        "{power} loses {lost} squadrons, {galleys} left on its books", e["lost"]).format(
        **_fields(e, n, power=_power)),
    "transported-lost": lambda e, tr, n: (
        tr._(N_("{power} loses every land unit it carries ({bp} BP)")) if e["everything"]
        else tr._(N_("{power} loses {bp} BP of the land units it carries, {bp_left} BP left "
                     "aboard"))).format(power=n.power(e["power"]), bp=e["bp"],
                                        bp_left=e["bp_left"]),
    "transported-hit": lambda e, tr, n: tr._(N_(
        "{power}'s carried land units lose {loss} BP: the players choose which")).format(
        power=n.power(e["power"]), loss=e["loss"]),
    "enemy-fleet-retreats": _w(N_("The enemy fleet retreats before {power}"), power=_power),
    "naval-battle-unescorted": _w(N_("The transport of {power} has no escort: its land units "
                                     "are lost"), power=_power),
    "naval-stop": _w(N_("{power} stops: {why}"), power=_power,
                     why=lambda e, n: ", ".join(_words(STOPS, r, n.tr) for r in e["reasons"])),
    "naval-finished": _w(N_("{power} is Finished for this activation"), power=_power),
    "amphibious-forced": _w(N_("{power} failed to pass and must attack from the sea"),
                            power=_power),
    "naval-picked-up": lambda e, tr, n: words.counted(
        tr, "{power} picks up {squadrons} squadron and {land}",
        "{power} picks up {squadrons} squadrons and {land}", e["squadrons"]).format(
        **_fields(e, n, power=_power, land=lambda e, n: _land(e, n.tr))),
    "naval-landed": _w(N_("{power} lands {units} units ({bp} BP) for {mp} MP"), power=_power),
    "amphibious-attack": _w(N_("{power} attacks from the sea with {bp} BP: fight the battle "
                               "(amphibious)"), power=_power),
    "naval-sails-on": _w(N_("{power} sails on from the landing"), power=_power),
    "naval-over": _w(N_("{power}'s naval move is over: {how}"), power=_power,
                     how=lambda e, n: _words(ENDINGS, e["ended"], n.tr)),
}
POINTS = {"port": N_("a port"), "transit": N_("a naval transit point"),
          "high_seas": N_("a high-seas transit point")}


# --- events applied, forces and statuses (effects.py, forces.py) ------------------------------

ENTRY_PLACES = {"event": ("events", "events"), "card": ("event_cards", "cards"),
                "rebellion": ("events", "rebellion", "areas"),
                "invasion": ("events", "invasion", "invaders")}
STEP_WORDS = {
    "no_event": N_("no event"), "rolls_again": N_("Rome rolls again"),
    "nobody_qualifies": N_("nobody qualifies: the drawer loses 1 stability"),
    "bread_and_circuses": N_("bread and circuses"), "disorder": N_("disorder"),
    "garrisons_lost": N_("every garrison of the power is removed"),
    "civil_war": N_("civil war"), "no_leader": N_("no leader in play"),
    "no_elite": N_("no Elite leader in play"), "no_rebels": N_("no rebels placed"),
    "space_rolls": N_("spaces rolled for"), "ambush": N_("the ambushed army loses BP"),
    "hand_returned": N_("the hand goes back into the deck"),
    "objectives": N_("objectives changed"), "no_militia": N_("no militia"),
    "militia": N_("militia raised"), "dictator": N_("a Dictator: the table draws 3 leaders"),
    "marker_added": N_("an extra activation marker goes in the bag"),
    "card_taken": N_("a card taken"), "garrison_may_go": N_("one garrison in Gaul may go"),
    "massive": N_("the massive rebellion"), "local": N_("a local rebellion"),
}


def entry_name(source: str, entry_id: str, names: Names) -> str:
    """The name of an event, a card, a rebel area or an invader, in the players' language."""
    place = ENTRY_PLACES.get(source)
    if place is None:
        return str(entry_id)
    found = names.t.files[place[0]]
    for key in place[1:]:
        found = found[key]
    entry = next((e for e in found if e["id"] == entry_id), None)
    if entry is None:
        return str(entry_id)
    return names.game_text(entry["name"], "/".join(place) + f"/{entry_id}/name")


def force_name(force_id: str, names: Names) -> str:
    """The name of a force on the map (units.yaml forces, a rebel area or an invader)."""
    base = force_id.rsplit("-", 1)[0] if force_id[-1:].isdigit() else force_id
    entry = next((f for f in names.t.units["forces"] if f["id"] == base), None)
    if entry is not None:
        return names.game_text(entry["name"], f"units/forces/{base}/name")
    for source in ("rebellion", "invasion"):
        found = entry_name(source, base, names)
        if found != base:
            return found
    return str(force_id)


def status_name(status_id: str, names: Names) -> str:
    entry = next((s for s in names.t.events["statuses"] if s["id"] == status_id), None)
    if entry is None:
        return str(status_id)
    return names.game_text(entry["name"], f"events/statuses/{status_id}/name")


def _activated(event: dict, tr, names: Names) -> str:
    name = force_name(event["id"], names)
    if event.get("major_moves") is not None:
        return tr._(N_("{name} is activated: {major} Major and {minor} Minor Moves")).format(
            name=name, major=event["major_moves"], minor=event["minor_moves"])
    return tr._(N_("{name} is activated")).format(name=name)


def _applied(event: dict, tr, names: Names) -> str:
    name = entry_name(event["source"], event["id"], names)
    if not event["steps"]:
        return tr._(N_("{name} applied")).format(name=name)
    steps = "; ".join(_words(STEP_WORDS, step["what"], tr) for step in event["steps"])
    return tr._(N_("{name} applied: {steps}")).format(name=name, steps=steps)


WRITERS.update({
    "event-pending": _w(N_("{name} waits to be applied"),
                        name=lambda e, n: entry_name(e["source"], e["id"], n)),
    "event-applied": _applied,
    "status-added": _w(N_("{power}: {name} until it ends"), power=_power,
                       name=lambda e, n: status_name(e["status"], n)),
    "force-placed": _w(N_("{name} on the map: {units}"),
                       name=lambda e, n: force_name(e["id"], n),
                       units=lambda e, n: n.units(e["units"])),
    "force-allied": _w(N_("{name} is allied with {power}"),
                       name=lambda e, n: force_name(e["id"], n),
                       power=lambda e, n: n.power(e["owner"])),
    "force-occupied": _w(N_("{power} occupies {name}: {units}"),
                         name=lambda e, n: force_name(e["id"], n),
                         power=lambda e, n: n.power(e["owner"]),
                         units=lambda e, n: n.units(e["units"])),
    "force-grown": _w(N_("The slave army grows to {units} and moves one space"),
                      units=lambda e, n: n.units(e["units"])),
    "force-activated": _activated,
    "force-losses": _w(N_("{name} loses {lost}"), name=lambda e, n: force_name(e["id"], n),
                       lost=lambda e, n: n.units(e["units"])),
    "force-removed": _w(N_("{name} leaves the map"), name=lambda e, n: force_name(e["id"], n)),
    "units-eliminated": _w(N_("{power} loses {lost} ({bp} BP)"), power=_power,
                           lost=lambda e, n: n.units(e["units"])),
    "leader-removed": _w(N_("{power} loses its leader {leader}"), power=_power,
                         leader=lambda e, n: _leader(e["leader"])),
    "card-cancelled": _w(N_("{name} is cancelled"), name=lambda e, n: n.card(e["card"])),
})

describe = words.EventWords(WRITERS, Names)


REASONS = {
    "movement allowance": N_("the movement allowance"),
    "retreat before battle": N_("the retreat before battle"),
    "naval disaster": N_("naval disaster"),
    "storm losses": N_("the storm's losses"),
    "continuity": N_("the fleet's Continuity"),
    "naval battle winner's loss": N_("the naval battle winner's loss"),
    "clearing pirates": N_("clearing the pirates"),
    "attrition": N_("attrition"),
    "sack": N_("the sack"),
    "loot": N_("the loot"),
    "go on after the sack": N_("going on after the sack"),
    "militia": N_("the militia"),
    "disease": N_("disease"),
    "harvest": N_("the harvest"),
    "harvest, again": N_("the harvest, again"),
    "harvest, even or odd": N_("the harvest, even or odd"),
    "stranded landing": N_("the stranded landing"),
    "cavalry roll to stop the retreat": N_("the cavalry roll to stop the retreat"),
    "event card": N_("the event card"),
    "punic wars event": N_("the Punic Wars event"),
    "baghdad loot": N_("the Baghdad loot"),
    "activation marker": N_("the activation marker"),
}
REASONS.update({
    "civil war": N_("the civil war, space by space"), "space roll": N_("the space's roll"),
    "ambush": N_("the ambush"), "gallic rebellion": N_("the Gallic rebellion"),
    "pergamum": N_("Pergamum's leader"), "barbarian infantry": N_("the barbarian infantry"),
})
SIDE_REASONS = (          # (the engine's reason with a side, a number or a power; its words)
    (re.compile(r"battle roll of the (attacker|defender)$"),
     N_("the battle roll of the {side}")),
    (re.compile(r"naval battle roll of the (attacker|defender)$"),
     N_("the naval battle roll of the {side}")),
    (re.compile(r"re-roll attempt of the (attacker|defender)$"),
     N_("the re-roll attempt of the {side}")),
    (re.compile(r"re-roll of the (attacker|defender)$"), N_("the re-roll of the {side}")),
    (re.compile(r"elephant (\d+) of the (attacker|defender)$"),
     N_("elephant {n} of the {side}")),
    (re.compile(r"order of play: (.+)$"), N_("the order of play: {power}")),
)


def roll_reason(reason: str, tr) -> str:
    """What a die the engine asks for decides, in the translator's language (the reason as
    given when the engine has no words for it)."""
    if reason in REASONS:
        return tr._(REASONS[reason])
    names = Names(tr)
    for pattern, template in SIDE_REASONS:
        found = pattern.match(reason)
        if found:
            parts = found.groups()
            side = next((names.side_word(p) for p in parts if p in ("attacker", "defender")),
                        "")
            number = next((p for p in parts if p.isdigit()), "")
            return tr._(template).format(side=side, n=number, power=names.power(parts[-1]))
    return reason
