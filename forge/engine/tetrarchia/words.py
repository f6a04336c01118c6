"""Events in words: one plain sentence per event, in the language of a translator.

`roll_reason(reason, tr)` words what a die is rolled for (NeedRoll's reason), for players entering
real dice. `describe(event, tr)` (forge.engine.words.EventWords) names the emperors as the game catalog
translates them when the translator has a `lang`. Province, region and sea names are Latin and
never translated.
"""
from __future__ import annotations

import re

from forge.engine import words
from forge.engine.tetrarchia.data import CONTENT_DIR, roman_numeral, tables
from forge.engine.tetrarchia.state import GAME


class Names(words.Names):
    """Names of emperors (translated), provinces, seas and discs for one language."""

    game, content_dir = GAME, CONTENT_DIR

    def __init__(self, tr):
        super().__init__(tr, tables())

    def emperor(self, emperor: str) -> str:
        english = self.t.emperor_name.get(emperor, emperor)
        return self.game_text(english, f"game/emperors/{emperor}/name")

    def province(self, province: str | None) -> str:
        return self.t.name.get(province, province or "")

    def sea(self, sea: str) -> str:
        return self.t.sea_name.get(sea, sea)

    def region(self, region: str) -> str:
        return self.t.region_name.get(region, region)

    def disc(self, piece: str) -> str:
        """'an Agitation disc', 'a Revolt disc', 'a disc of Maximian'."""
        _ = self.tr._
        if piece == "agitation":
            return _("an Agitation disc")
        if piece == "revolt":
            return _("a Revolt disc")
        return _("a disc of {emperor}").format(emperor=self.emperor(piece))


def rule_label(tr, rule: str | None) -> str:
    """A short name of the rule an event follows."""
    _ = tr._
    labels = {
        "setup": _("Set-up"), "setup.revolts": _("Set-up"), "setup.threats": _("Set-up"),
        "propagate": _("State of the Empire"), "remove_emperors": _("State of the Empire"),
        "result": _("Result"), "uprising": _("Uprising"), "aftermath": _("Aftermath"),
        "devastation": _("Devastation"), "advance": _("Barbarian advance"),
        "protect": _("Protect"), "protect_frontier": _("Protect the frontier"),
        "subdue": _("Subdue"), "attack_won": _("Victory"), "attack_lost": _("Defeat"),
        "defence_won": _("Victory"), "defence_lost": _("Defeat"),
        "imperivm": "IMPERIVM", "el-grande": "EL GRANDE", "patres-patriae": "PATRES PATRIAE",
    }
    return labels.get(rule, rule or "")


def _labelled(tr, rule: str | None, sentence: str) -> str:
    return tr._("{rule}: {sentence}").format(rule=rule_label(tr, rule), sentence=sentence)


def _die(event: dict) -> str:
    return roman_numeral(event["value"]) if event["die"] == "VI" else str(event["value"])


# --- one writer per kind of event -----------------------------------------------------------------

def _roll(event: dict, tr, n: Names) -> str:
    _ = tr._
    purpose = event.get("purpose", "")
    if purpose == "broken_link":
        a, b = event["between"]
        what = _("Broken link {a} – {b}").format(a=n.province(a), b=n.province(b))
    elif purpose == "combat_emperor":
        what = _("Battle, {emperor}").format(emperor=n.emperor(event["emperor"]))
    elif purpose == "combat_army":
        what = _("Battle, the army in {province}").format(province=n.province(event["province"]))
    elif purpose == "setup_revolt":
        what = _("Set-up, Revolt in {region}").format(region=n.region(event["region"]))
    elif purpose.startswith("setup_extra"):
        what = _("Set-up, extra Revolt disc")
    elif purpose == "setup_army":
        what = _("Set-up, barbarian army")
    elif purpose.startswith("aftermath"):
        what = _("Aftermath")
    else:
        what = _("State of the Empire")
    return _("{what}: the {die} die shows {value}.").format(what=what, die=event["die"],
                                                            value=_die(event))


def _place(event: dict, tr, n: Names) -> str:
    _ = tr._
    piece = event["piece"]
    if piece == "fleet":
        return _("A fleet is placed in {sea}.").format(sea=n.sea(event["sea"]))
    if piece == "army":
        sentence = _("a barbarian army appears in {province}.")
    elif piece in ("agitation", "revolt"):
        sentence = _("{disc} is placed in {province}.")
    else:
        sentence = _("{emperor} places one of his discs in {province}.")
    sentence = sentence.format(province=n.province(event["province"]), disc=n.disc(piece),
                               emperor=n.emperor(piece))
    covers = event.get("covers")
    if covers == "roma":
        sentence += " " + _("It covers ROMA's wildcard.")
    elif covers:
        sentence += " " + _("It covers the capital of {emperor}.").format(
            emperor=n.emperor(covers))
    return _labelled(tr, event.get("rule"), sentence)


def _replace(event: dict, tr, n: Names) -> str:
    sentence = tr._("{new} replaces {old} in {province}.").format(
        new=n.disc(event["piece"]), old=n.disc(event["was"]),
        province=n.province(event["province"]))
    return _labelled(tr, event.get("rule"), sentence)


def _remove(event: dict, tr, n: Names) -> str:
    _ = tr._
    if event["piece"] == "army":
        sentence = _("the army in {province} goes back to the reserve.")
    elif event["to"] == "reserve":
        sentence = _("{disc} leaves {province}, back to the reserve.")
    else:
        sentence = _("{disc} leaves {province}, back to its emperor.")
    sentence = sentence.format(disc=n.disc(event["piece"]), province=n.province(event["province"]))
    return _labelled(tr, event.get("rule"), sentence)


def _move(event: dict, tr, n: Names) -> str:
    _ = tr._
    piece, by = event["piece"], event.get("by")
    places = {"frm": n.province(event["from"]), "to": n.province(event["to"])}
    if piece == "fleet":
        return _("A fleet sails from {frm} to {to}.").format(frm=n.sea(event["from"]),
                                                            to=n.sea(event["to"]))
    if piece == "army":
        return _("The army in {frm} advances to {to}.").format(**places)
    who = n.emperor(piece)
    if by == "fleet":
        text = _("{emperor} crosses by fleet ({sea}) from {frm} to {to}.").format(
            emperor=who, sea=n.sea(event.get("sea", "")), **places)
    elif by == "attack":
        text = _("{emperor} moves into {to}.").format(emperor=who, **places)
    else:
        text = _("{emperor} moves from {frm} to {to}.").format(emperor=who, **places)
    if event.get("passing"):
        text += " " + _("He is only passing through: he must move on with his next action.")
    return text


def _withdraw(event: dict, tr, n: Names) -> str:
    _ = tr._
    who, where = n.emperor(event["emperor"]), n.province(event["province"])
    if event.get("rule") == "remove_emperors":
        text = _("{emperor} stands on a Revolt disc in {province} and leaves the board.")
    else:
        text = _("{emperor} is defeated in {province} and leaves the board.")
    return text.format(emperor=who, province=where)


def _enter(event: dict, tr, n: Names) -> str:
    return tr._("{emperor} comes onto the board in {province}.").format(
        emperor=n.emperor(event["emperor"]), province=n.province(event["province"]))


def _spend(event: dict, tr, n: Names) -> str:
    return tr._("{emperor} spends {pi} PI ({left} left).").format(
        emperor=n.emperor(event["emperor"]), pi=event["pi"], left=event["left"])


def _gain(event: dict, tr, n: Names) -> str:
    sentence = tr._("{emperor} gains {pi} PI ({left} to spend).").format(
        emperor=n.emperor(event["emperor"]), pi=event["pi"], left=event["left"])
    return _labelled(tr, event.get("rule"), sentence)


def _transfer(event: dict, tr, n: Names) -> str:
    sentence = tr._("{giver} gives {pi} PI to {taker}.").format(
        giver=n.emperor(event["from"]), taker=n.emperor(event["to"]), pi=event["pi"])
    return _labelled(tr, event.get("rule"), sentence)


def _out(event: dict, tr, n: Names) -> str:
    sentence = tr._("{emperor} takes one of his discs out of the game.").format(
        emperor=n.emperor(event["emperor"]))
    return _labelled(tr, event.get("rule"), sentence)


def _recover(event: dict, tr, n: Names) -> str:
    sentence = tr._("{emperor} gets back one of his discs taken out of the game.").format(
        emperor=n.emperor(event["emperor"]))
    return _labelled(tr, event.get("rule"), sentence)


def _glory(event: dict, tr, n: Names) -> str:
    _ = tr._
    text = _("{emperor} takes a glory disc ({glory} in all).") if event["change"] > 0 else \
        _("{emperor} gives back a glory disc ({glory} left).")
    sentence = text.format(emperor=n.emperor(event["emperor"]), glory=event["glory"])
    return _labelled(tr, event.get("rule"), sentence)


def _result(event: dict, tr, n: Names) -> str:
    _ = tr._
    texts = {
        "none": _("the dice point to {province} ({coordinate}): an emperor's disc protects "
                  "it."),
        "agitation": _("the dice point to {province} ({coordinate}), which holds no disc."),
        "revolt": _("the dice point to {province} ({coordinate}), which holds an Agitation "
                    "disc."),
        "uprising": _("the dice point to {province} ({coordinate}), which holds a Revolt "
                      "disc."),
    }
    province = event["province"]
    sentence = texts[event["effect"]].format(province=n.province(province),
                                             coordinate=n.t.coordinate(province))
    return _labelled(tr, "result", sentence)


def _uprising(event: dict, tr, n: Names) -> str:
    return tr._("Uprising in {province}!").format(province=n.province(event["province"]))


def _aftermath(event: dict, tr, n: Names) -> str:
    return tr._("No army is left in the reserve: the uprising has no aftermath.")


def _link(event: dict, tr, n: Names) -> str:
    a, b = (n.province(p) for p in event["between"])
    text = tr._("The broken link {a} – {b} connects them.") if event["connected"] else \
        tr._("The broken link {a} – {b} is cut.")
    return text.format(a=a, b=b)


def _block(event: dict, tr, n: Names) -> str:
    _ = tr._
    texts = {
        "army": _("the army in {army} is blocked by the army in {to}."),
        "broken_link": _("the army in {army} cannot cross the broken link to {to}."),
        "imperivm": _("{emperor} stops the army in {army} before it attacks him."),
        "no_route": _("the army in {army} has no route to follow."),
    }
    sentence = texts[event["reason"]].format(
        army=n.province(event["army"]), to=n.province(event.get("to")),
        emperor=n.emperor(event.get("emperor", "")))
    return _labelled(tr, event.get("rule"), sentence)


def _values(side: dict, emperor: bool) -> str:
    die = roman_numeral(side["die"]) if emperor else str(side["die"])
    text = f"{die} + {side['support']}"
    if side.get("boost"):
        text += f" + {side['boost']}"
    if side["multiplier"] > 1:
        return f"({text}) × {side['multiplier']} = {side['value']}"
    return f"{text} = {side['value']}"


def _combat(event: dict, tr, n: Names) -> str:
    _ = tr._
    fields = {"emperor": n.emperor(event["emperor"]), "army": n.province(event["army_at"]),
              "province": n.province(event["emperor_at"]),
              "roman": _values(event["roman"], True),
              "barbarian": _values(event["barbarian"], False)}
    if event["attacker"] == "emperor":
        text = _("{emperor} attacks the army in {army}: {roman} against {barbarian}.")
    else:
        text = _("The army in {army} attacks {emperor} in {province}: {roman} against "
                 "{barbarian}.")
    results = {"emperor": _("{emperor} wins."), "army": _("The army wins."),
               "tie": _("A tie: nothing happens.")}
    return text.format(**fields) + " " + results[event["winner"]].format(**fields)


def _decide(event: dict, tr, n: Names) -> str:
    _ = tr._
    who = n.emperor(event["emperor"])
    if event["decision"] == "boost":
        return _("{emperor} may add up to {most} to his combat value, one disc out of the "
                 "game for each (IMPERIVM): {roman} against {barbarian} now.").format(
            emperor=who, most=event["most"], roman=event["roman"], barbarian=event["barbarian"])
    return _("{emperor} may stop the army in {army} before it attacks him, taking one disc "
             "out of the game (IMPERIVM).").format(emperor=who, army=n.province(event["army"]))


def _phase(event: dict, tr, n: Names) -> str:
    if event["phase"] == "barbarian":
        return tr._("Barbarian phase.")
    return tr._("The lost battle ends the Roman phase of {emperor}.").format(
        emperor=n.emperor(event["emperor"]))


def _step(event: dict, tr, n: Names) -> str:
    return tr._("State of the Empire.") if event["step"] == "state" else \
        tr._("Barbarian advance.")


def _turn(event: dict, tr, n: Names) -> str:
    return tr._("Round {round}: turn of {emperor}, {pi} PI.").format(
        round=event["round"], emperor=n.emperor(event["emperor"]), pi=event["pi"])


def _position(event: dict, tr, n: Names) -> str:
    return tr._("The game starts from a given position.")


def _end(event: dict, tr, n: Names) -> str:
    _ = tr._
    if event["result"] == "victory":
        text = _("Roma Victrix! Every frontier is protected.")
    elif event["reason"] == "roma_taken":
        text = _("A barbarian army enters ROMA: the Empire is lost.")
    else:
        text = _("{disc} is needed and none is left in the reserve: the Empire is lost.").format(
            disc=n.disc(event.get("piece", "revolt")))
    score = event.get("score")
    if score:
        text += " " + _("Score: {total} out of {most}.").format(total=score["total"],
                                                                 most=score["max"])
    return text


WRITERS: dict[str, words.Writer] = {
    "roll": _roll, "place": _place, "replace": _replace, "remove": _remove, "move": _move,
    "withdraw": _withdraw, "enter": _enter, "spend": _spend, "gain": _gain,
    "transfer": _transfer, "out": _out, "recover": _recover, "glory": _glory,
    "result": _result, "uprising": _uprising, "aftermath": _aftermath, "link": _link,
    "block": _block, "combat": _combat, "decide": _decide, "phase": _phase, "step": _step,
    "turn": _turn, "position": _position, "end": _end,
}

describe = words.EventWords(WRITERS, Names)


# what a die is rolled for, as the engine writes it (NeedRoll.reason, English)
ROLL_REASONS = (
    (r"State of the Empire: (region|province)", "state"),
    (r"aftermath of the uprising: (region|province)", "aftermath"),
    (r"broken link (.+) - (.+)", "link"),
    (r"combat: army in (\S+)", "army"),
    (r"combat: (\S+)", "emperor"),
    (r"set-up: Revolt in (.+)", "setup_revolt"),
    (r"set-up: extra Revolt, (region|province)", "setup_extra"),
    (r"set-up: army, (region|province)", "setup_army"),
)


def roll_reason(reason: str, tr, names: Names | None = None) -> str:
    """What a die is rolled for (the engine's NeedRoll reason) in the players' language, in the
    words the log uses for that roll; a reason it does not know is given as it is."""
    n, _ = names or Names(tr), tr._
    which = {"region": _("which region"), "province": _("which province")}
    for pattern, kind in ROLL_REASONS:
        found = re.fullmatch(pattern, reason)
        if not found:
            continue
        part = found.group(1)
        if kind == "state":
            return _("State of the Empire") + ", " + which[part]
        if kind == "aftermath":
            return _("Aftermath") + ", " + which[part]
        if kind == "link":
            return _("Broken link {a} – {b}").format(a=part, b=found.group(2))
        if kind == "army":
            return _("Battle, the army in {province}").format(province=n.province(part))
        if kind == "emperor":
            return _("Battle, {emperor}").format(emperor=n.emperor(part))
        if kind == "setup_revolt":
            return _("the Revolt disc of {region} (a 1 is rolled again)").format(
                region=n.region(part))
        if kind == "setup_extra":
            return _("the region of an extra Revolt disc") if part == "region" else \
                _("the province of an extra Revolt disc")
        if part == "region":                        # a set-up army's region (its province: 6)
            return _("the region of a barbarian army")
    return reason

