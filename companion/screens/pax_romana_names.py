"""The names PAX ROMANA's screens show, in the players' language.

Powers, units and phases are the engine's own `Names` (forge.engine.pax_romana.words: the rule
data through the game's catalog); the causes of combat-roll shifts, the procedures and the
books' captions are worded here. The map is not in the text: where a procedure needs a map
fact the forms ask for it as a choice (terrain, city or town, home territory).
"""
from __future__ import annotations

UNITS_SHOWN = ("legion", "heavy_infantry", "light_infantry", "cavalry", "elephant", "militia",
               "garrison", "mercenary_heavy_infantry", "mercenary_light_infantry",
               "mercenary_cavalry", "barbarian_infantry", "tribal_infantry")
HINTS = ("modified", "absorbs", "lost_bp", "open", "cost", "name", "asks")


def names(tr):
    """The engine's names in the translator's language."""
    from forge.engine.pax_romana.words import Names

    return Names(tr)


def tables():
    from forge.engine.pax_romana import tables as load

    return load()


def power_label(state: dict, power: str, tr) -> str:
    """'Rome (Ana)'."""
    return tr._("{power} ({player})").format(power=names(tr).power(power),
                                             player=state["powers"][power]["player"])


def cause_words(cause: str, tr) -> str:
    """A combat-roll shift's cause in words (combat.yaml shifts.causes)."""
    words = {"ratio": tr._("the battle ratio"),
             "cavalry_superiority": tr._("cavalry superiority"),
             "cavalry_supremacy": tr._("cavalry supremacy"),
             "leader_tactics": tr._("the better leader's Tactics"),
             "leader_tactics_city": tr._("the better leader's Tactics (city or town)"),
             "mountain_fortress": tr._("the Mountain Fortress"),
             "amphibious_defence": tr._("defending against a landing"),
             "siege_technique": tr._("the higher siege bid"),
             "tactical_surprise": tr._("Tactical Surprise"),
             "archimedes": tr._("the Archimedes Effect"),
             "defender_retreats": tr._("the defender retreats")}
    return words.get(cause, cause.replace("_", " "))


def procedure_words(kind: str, tr) -> str:
    """A procedure's name on its button."""
    words = {"battle": tr._("Land battle"), "intercept": tr._("Interception"),
             "allowance": tr._("Movement allowance"), "path": tr._("Movement cost"),
             "retreat-before-battle": tr._("Retreat before battle"),
             "naval-disaster": tr._("Naval disaster"), "continuity": tr._("Naval continuity"),
             "naval-battle": tr._("Naval battle"), "pirates": tr._("Pirates"),
             "attrition": tr._("Attrition"), "sack": tr._("Sack and pillage"),
             "militia": tr._("Militia"), "income": tr._("Income"), "upkeep": tr._("Upkeep"),
             "victory": tr._("Victory points"), "event": tr._("Draw an event"),
             "rebellion": tr._("Rebellion"), "invasion": tr._("Barbarian invasion"),
             "harvest": tr._("Harvest"), "recruit": tr._("Recruit"),
             "punic-wars": tr._("Punic Wars event (scenario 2)"),
             "baghdad-loot": tr._("Baghdad loot (scenario 5)"),
             "naval-losses": tr._("Carried units' losses"),
             "garrisons": tr._("Garrisons"), "control": tr._("Control of a province"),
             "stranded": tr._("Stranded landing"), "draw-marker": tr._("Draw a marker"),
             "pay-activation": tr._("Pay the activation"),
             "set-leaders": tr._("Leaders in play"), "buy-objective": tr._("Buy an objective"),
             "next-phase": tr._("Next phase"), "adjust": tr._("Correction"),
             "allocate": tr._("Shifts"), "retreat": tr._("Retreat"),
             "losses": tr._("Losses"), "disease": tr._("Disease"),
             "draw-card": tr._("Draw an event card"), "play-card": tr._("Play a card"),
             "add-temporary": tr._("Temporary units"), "reroll": tr._("Re-roll"),
             "resolve": tr._("Apply an event"), "force": tr._("A force on the map"),
             "naval-move": tr._("Naval move"), "naval-enter": tr._("Enter a naval point"),
             "naval-continuity": tr._("Roll for Continuity"),
             "naval-pick-up": tr._("Pick up units"), "naval-land": tr._("Landing"),
             "naval-amphibious": tr._("Attack from the sea"),
             "naval-end": tr._("End the move here"),
             "communication": tr._("Line of communication")}
    return words.get(kind, kind)


def reading_value_words(value, tr) -> str:
    """A reading's value on its button (options.yaml readings `values`); a number as it is."""
    if isinstance(value, bool):
        return tr._("Yes") if value else tr._("No")
    words = {"rule": tr._("The rule"), "card": tr._("The card"), "text": tr._("The text"),
             "as_written": tr._("As written"), "at_most": tr._("At or below"),
             "below": tr._("Below"), "up": tr._("Round up"), "down": tr._("Round down"),
             "more_than": tr._("Above it"), "at_least": tr._("At it"),
             "reading": tr._("Our reading"), "entered": tr._("Entered by the table"),
             "one_lusitanian_space": tr._("One space"),
             "every_empty_lusitanian_space": tr._("Each empty space"),
             "favour": tr._("On the die"), "attempt": tr._("In the attempt"),
             "moving_army": tr._("The moving army's"), "card_player": tr._("The card player's")}
    return words.get(value, str(value))


def action_label(action: dict, tr) -> str:
    """A log entry's action in words: the procedure and the power it is for."""
    text = procedure_words(action.get("type", ""), tr)
    power = action.get("power") or action.get("marker")
    if power:
        text += " · " + names(tr).power(power)
    if action.get("type") == "battle":
        n = names(tr)
        text += " · " + tr._("{attacker} against {defender}").format(
            attacker=n.power(action["attacker"]["power"]),
            defender=n.power(action["defender"]["power"]))
    return text


def units_text(counts: dict, tr) -> str:
    return names(tr).units({u: n for u, n in (counts or {}).items() if n})


def home_provinces(power: str) -> list[tuple[str, str]]:
    """(id, name) of a power's provinces (economy.yaml)."""
    return [(p["id"], p["name"]) for p in tables().power[power]["provinces"]]


def other_provinces(power: str) -> list[tuple[str, str]]:
    """(id, name) of every other province: the other powers' and the territories'."""
    t = tables()
    groups = [g for g in (*t.economy["powers"], *t.economy["territories"]) if g["id"] != power]
    return [(p["id"], p["name"]) for g in groups for p in g["provinces"]]



def table_result(last: dict | None, tr) -> list[str]:
    """What an event, rebellion or invasion roll found, in words: the dice, the name and what
    the table does (events.yaml's text); nothing for other procedures."""
    if not last or last.get("kind") not in ("event", "rebellion", "invasion"):
        return []
    n = names(tr)
    events = tables().events
    kind = last["kind"]
    if kind == "event":
        entry = next((e for e in events["events"] if e["id"] == last.get("event")), None)
        path = f"events/events/{last.get('event')}"
    elif kind == "rebellion":
        entry = next((a for a in events["rebellion"]["areas"] if a["id"] == last.get("area")),
                     None)
        path = f"events/rebellion/areas/{last.get('area')}"
    else:
        entry = next((i for i in events["invasion"]["invaders"]
                      if i["id"] == last.get("invader")), None)
        path = f"events/invasion/invaders/{last.get('invader')}"
    dice = " + ".join(str(d) for d in last.get("dice") or [])
    lines = [tr._("Dice {dice} = {total}").format(dice=dice, total=last.get("total"))]
    if entry is None:
        lines.append(tr._("Nothing happens."))
        return lines
    lines.append(n.game_text(entry["name"], f"{path}/name"))
    if entry.get("text"):
        lines.append(n.game_text(entry["text"], f"{path}/text"))
    return lines


def card_name(card_id: str, tr) -> str:
    """An event card's title (event_cards.yaml) in the players' language."""
    card = next((c for c in tables().event_cards["cards"] if c["id"] == card_id), None)
    if card is None:
        return str(card_id)
    return names(tr).game_text(card["name"], f"event_cards/cards/{card_id}/name")


def card_lines(card_id: str, tr) -> list[str]:
    """An event card's title and text."""
    card = next((c for c in tables().event_cards["cards"] if c["id"] == card_id), None)
    if card is None:
        return [str(card_id)]
    return [card_name(card_id, tr),
            names(tr).game_text(card.get("text", ""), f"event_cards/cards/{card_id}/text")]
