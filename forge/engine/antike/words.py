"""Events in words: one plain sentence per event, in the language of a translator.

`describe(event, tr)` (forge.engine.words.EventWords) names civilizations, resources, units,
progresses, spaces and personalities from tables.yaml through the game's catalog; provinces are
shown by their printed names when the game has a map (the event's `names`), else as the table
named them (the text has no map).
"""
from __future__ import annotations

from forge.engine import words
from forge.engine.antike.data import CONTENT_DIR, GAME, tables
from forge.engine.core import N_


class Names(words.Names):
    """The names of the game's things in one language."""

    game, content_dir = GAME, CONTENT_DIR

    def __init__(self, tr):
        super().__init__(tr, tables())

    def _civ_context(self, civ: str) -> str:
        side = self.t.civ_side[civ]
        return f"tables/sides/{side}/civilizations/{civ}/name"

    def civ(self, civ) -> str:
        if civ not in self.t.civ_name:
            return str(civ)
        return self.game_text(self.t.civ_name[civ], self._civ_context(civ))

    def resource(self, resource) -> str:
        names = {r["id"]: r["name"] for r in self.t.raw["resources"]}
        if resource not in names:
            return str(resource)
        return self.game_text(names[resource], f"tables/resources/{resource}/name")

    def payment(self, what) -> str:
        """A resource, or the coin."""
        if what == "coin":
            return self.game_text(self.t.raw["coin"]["name"], "tables/coin/name")
        return self.resource(what)

    def unit(self, unit) -> str:
        if unit not in self.t.unit_name:
            return str(unit)
        return self.game_text(self.t.unit_name[unit], f"tables/arming/units/{unit}/name")

    def progress(self, progress) -> str:
        entry = self.t.progresses.get(progress)
        if entry is None:
            return str(progress)
        return self.game_text(entry["name"], f"tables/knowledge/progresses/{progress}/name")

    def space(self, space) -> str:
        if space not in self.t.space_name:
            return str(space)
        return self.game_text(self.t.space_name[space], f"tables/rondel/spaces/{space}/name")

    def personality(self, kind) -> str:
        entry = self.t.personality.get(kind)
        if entry is None:
            return str(kind)
        return self.game_text(entry["name"], f"tables/personalities/types/{kind}/name")

    def pay(self, pay: dict) -> str:
        return ", ".join(f"{count} {self.payment(what)}" for what, count in pay.items()) or "-"

    def units(self, units: dict) -> str:
        return ", ".join(self.unit_count(unit, count) for unit, count in units.items()
                         if count) or "-"

    def unit_count(self, unit, count: int) -> str:
        """A number of units of one kind, in the number's form: '1 Legion', '2 Legions'."""
        if unit == "legion":
            text = words.counted(self.tr, "{n} Legion", "{n} Legions", count)
        elif unit == "galley":
            text = words.counted(self.tr, "{n} Galley", "{n} Galleys", count)
        else:
            return f"{count} {self.unit(unit)}"
        return text.format(n=count)

    def why(self, why: str) -> str:
        return self.tr._(REASONS[why]) if why in REASONS else str(why)

    def border(self, border: str) -> str:
        return self.tr._(BORDERS[border]) if border in BORDERS else str(border)

    def border_kind(self, kind: str) -> str:
        """A kind of border on its own: land, water, mixed."""
        return self.tr._(BORDER_KINDS[kind]) if kind in BORDER_KINDS else str(kind)


REASONS = {"rondel": N_("the rondel"), "temple": N_("temples"), "arming": N_("arming"),
           "progress": N_("progress"), "city": N_("a city")}
BORDERS = {"land": N_("a land border"), "water": N_("a water border"),
           "mixed": N_("a mixed border")}
BORDER_KINDS = {"land": N_("land"), "water": N_("water"), "mixed": N_("mixed")}


def _at(e, province) -> str:
    """A province of an event: its printed name on the map, else as the table named it."""
    return (e.get("names") or {}).get(province, province)


def _setup(e, tr, n):
    owners = ", ".join(tr._(N_("{civ} ({player})")).format(civ=n.civ(civ), player=player)
                       for civ, player in e["owners"].items())
    return tr._(N_("a game of Antike begins: {owners}")).format(owners=owners)


def _start_cities(e, tr, n):
    cities = ", ".join(f"{_at(e, province)} ({n.resource(resource)})"
                       for province, resource in e["cities"].items())
    return tr._(N_("{civ}: start cities in {cities}")).format(civ=n.civ(e["civ"]),
                                                                   cities=cities)


def _turn(e, tr, n):
    return tr._(N_("turn {number}: {civ} ({player})")).format(
        number=e["number"], civ=n.civ(e["civ"]), player=e["player"])


def _coin(e, tr, n):
    if e["resource"] == "coin":
        return tr._(N_("{civ}: a coin from the bank")).format(civ=n.civ(e["civ"]))
    return tr._(N_("{civ}: 1 {resource} instead of a coin (the bank has none)")).format(
        civ=n.civ(e["civ"]), resource=n.resource(e["resource"]))


def _rondel(e, tr, n):
    if not e["steps"]:
        return tr._(N_("{civ}: rondel marker placed on {space}")).format(
            civ=n.civ(e["civ"]), space=n.space(e["space"]))
    return tr._(N_("{civ}: {steps} spaces on the rondel to {space} (cost {cost})")).format(
        civ=n.civ(e["civ"]), steps=e["steps"], space=n.space(e["space"]), cost=e["cost"])


def _paid(e, tr, n):
    return tr._(N_("{civ}: {pay} paid for {why}")).format(civ=n.civ(e["civ"]),
                                                         pay=n.pay(e["pay"]), why=n.why(e["why"]))


def _produced(e, tr, n):
    return tr._(N_("{civ}: {amount} {resource} produced")).format(
        civ=n.civ(e["civ"]), amount=e["amount"], resource=n.resource(e["resource"]))


def _temple(e, tr, n):
    return tr._(N_("{civ}: a temple built in {province}")).format(
        civ=n.civ(e["civ"]), province=_at(e, e["province"]))


def _armed(e, tr, n):
    return tr._(N_("{civ}: {units} recruited in {province}")).format(
        civ=n.civ(e["civ"]), units=n.units({u: e.get(u, 0) for u in ("legion", "galley")}),
        province=_at(e, e["province"]))


def _progress(e, tr, n):
    template = (N_("{civ}: {progress} for {price} gold, the first to acquire it") if e["first"]
                else N_("{civ}: {progress} for {price} gold"))
    return tr._(template).format(civ=n.civ(e["civ"]), progress=n.progress(e["progress"]),
                                 price=e["price"])


def _moved(e, tr, n):
    return tr._(N_("{civ}: {units} from {origin} to {to} across {border}")).format(
        civ=n.civ(e["civ"]), units=n.units({u: e.get(u, 0) for u in ("legion", "galley")}),
        origin=_at(e, e["from"]), to=_at(e, e["to"]), border=n.border(e["border"]))


def _battle(e, tr, n):
    losses = ", ".join(f"{n.civ(civ)} {count}" for civ, count in e["removed"].items())
    return tr._(N_("battle of {unit} in {province} ({civ} demands it): losses {losses}")).format(
        unit=n.unit(e["unit"]), province=_at(e, e["province"]), civ=n.civ(e["demanded_by"]),
        losses=losses)


def _conquered(e, tr, n):
    text = tr._(N_("{civ}: {province} conquered from {owner} (defence power {power}), losing "
                   "{losses}; losses of {owner}: {defender_losses}")).format(
        civ=n.civ(e["civ"]), province=_at(e, e["province"]), owner=n.civ(e["owner"]),
        power=e["power"],
        losses=n.units(e["losses"]), defender_losses=n.units(e["defender_losses"]))
    if e["temple"]:
        text += " " + tr._(N_("(its temple is destroyed)"))
    return text


def _abandoned(e, tr, n):
    return tr._(N_("{civ}: the city of {province} given up")).format(
        civ=n.civ(e["civ"]), province=_at(e, e["province"]))


def _maneuver_ended(e, tr, n):
    return tr._(N_("{civ}: maneuver over")).format(civ=n.civ(e["civ"]))


def _founded(e, tr, n):
    return tr._(N_("{civ}: a city founded in {province} ({resource})")).format(
        civ=n.civ(e["civ"]), resource=n.resource(e["resource"]),
        province=_at(e, e["province"]))


def _personality(e, tr, n):
    return tr._(N_("{civ}: personality {personality} {number}")).format(
        civ=n.civ(e["civ"]), personality=n.personality(e["personality"]), number=e["number"])


def _pile_empty(e, tr, n):
    return tr._(N_("{civ}: a {personality} is due, but none is left")).format(
        civ=n.civ(e["civ"]), personality=n.personality(e["personality"]))


def _deadlock(e, tr, n):
    return tr._(N_("all the personalities are out without a winner: the first civilization to "
                   "destroy a temple wins"))


def _won(e, tr, n):
    if e["deadlock"]:
        return tr._(N_("victory for {civ}: the first temple destroyed once all the "
                       "personalities are out")).format(civ=n.civ(e["civ"]))
    return tr._(N_("victory for {civ}, with {personalities} personalities")).format(
        civ=n.civ(e["civ"]), personalities=e["personalities"])


def _seas(e, tr, n):
    return tr._(N_("{civ}: {seas} seas occupied")).format(civ=n.civ(e["civ"]), seas=e["seas"])


def _rondel_order(e, tr, n):
    return tr._(N_("the rondel's order is {spaces}")).format(
        spaces=", ".join(n.space(s) for s in e["rondel"]))


def _bank(e, tr, n):
    if e["coins"] is None:
        return tr._(N_("the bank's coins never run out"))
    return tr._(N_("the bank has {coins} coins")).format(coins=e["coins"])


def _adjusted(e, tr, n):
    text = tr._(N_("correction for {civ}")).format(civ=n.civ(e["civ"]))
    return f"{text}: {e['why']}" if e.get("why") else text


WRITERS = {
    "setup": _setup, "start-cities": _start_cities, "turn": _turn, "coin": _coin,
    "rondel": _rondel, "paid": _paid, "produced": _produced, "temple-built": _temple,
    "armed": _armed, "progress": _progress, "moved": _moved, "battle": _battle,
    "conquered": _conquered, "city-abandoned": _abandoned, "maneuver-ended": _maneuver_ended,
    "city-founded": _founded, "personality": _personality, "pile-empty": _pile_empty,
    "deadlock": _deadlock, "won": _won, "seas": _seas, "rondel-order": _rondel_order,
    "bank": _bank, "adjusted": _adjusted,
}

describe = words.EventWords(WRITERS, Names)
