"""Events in words: one plain sentence per event, in the language of a translator.

`describe(event, tr)` (forge.engine.words.EventWords) names provinces, units and cards from
tables.yaml and cards.yaml through the game's catalog when the translator has a `lang`; player
names are shown as the table typed them.
"""
from __future__ import annotations

from forge.engine import words
from forge.engine.conquest.data import CONTENT_DIR, GAME, card_data, tables
from forge.engine.core import N_


SEA_BY = "sea-by-"           # a sea named by the key province it lies beside (legal.sea_by)


class Names(words.Names):
    """Province, unit and card names and gain reasons for one language."""

    game, content_dir = GAME, CONTENT_DIR

    def __init__(self, tr):
        super().__init__(tr, tables())

    def place(self, place) -> str:
        english = self.t.province_name.get(place)
        if english is None and isinstance(place, str) and place.startswith(SEA_BY):
            beside = place[len(SEA_BY):]
            if beside in self.t.province_name:
                return self.tr._(N_("the sea by {province}")).format(
                    province=self.place(beside))
        if english is None and place in self.t.named_place:
            return self.game_text(self.t.named_place[place], f"tables/named_places/{place}/name")
        if english is None:
            return str(place)
        return self.game_text(english, f"tables/key_provinces/{place}/name")

    def unit(self, unit: str) -> str:
        """A unit type by its name."""
        english = self.t.unit_name.get(unit, unit)
        return self.game_text(english, f"tables/units/{unit}/name")

    def units(self, units: dict) -> str:
        return ", ".join(self.unit_count(unit, count) for unit, count in units.items()) or "-"

    def unit_count(self, unit: str, count: int) -> str:
        """A number of units of one type, in the number's form: '1 Galley', '2 Galleys'."""
        tr = self.tr
        if unit == "infantry":
            text = words.counted(tr, "{n} Infantry", "{n} Infantry", count)
        elif unit == "cavalry":
            text = words.counted(tr, "{n} Cavalry", "{n} Cavalry", count)
        elif unit == "catapult":
            text = words.counted(tr, "{n} Catapult", "{n} Catapults", count)
        elif unit == "galley":
            text = words.counted(tr, "{n} Galley", "{n} Galleys", count)
        elif unit == "general":
            text = words.counted(tr, "{n} General", "{n} Generals", count)
        elif unit == "caesar":
            text = words.counted(tr, "{n} Caesar", "{n} Caesars", count)
        else:
            return f"{count} {self.unit(unit)}"
        return text.format(n=count)

    def names(self, players) -> str:
        return ", ".join(p for p in players if p) or "-"

    def card(self, card_id) -> str:
        """A card by its printed title (cards.yaml, through the game's catalog)."""
        card = card_data().get(card_id)
        if card is None:
            return str(card_id)
        return self.game_text(card["title"], f"cards/decks/{card['deck']}/cards/{card_id}/title")

    def cards(self, card_ids) -> str:
        return ", ".join(self.card(c) for c in card_ids) or "-"

    def why(self, why) -> str:
        """The reason of a gain or payment: a word of REASONS, a province, or a senate vote."""
        if why in REASONS:
            return self.tr._(REASONS[why])
        if why in self.t.province_name:
            return self.place(why)
        return str(why)

    def face(self, face) -> str:
        """A battle-die face: a unit's name, or 'blank'."""
        if face == "blank":
            return self.tr._(N_("blank"))
        if face not in self.t.unit_name:
            return str(face)
        return self.unit(face)


REASONS = {
    "alliance auction": N_("alliance auction"), "card": N_("a card"), "recruits": N_("recruits"),
    "recruit": N_("recruiting"), "influence": N_("influence"), "special tax": N_("special tax"),
    "merchant": N_("merchant"), "campaign plunder": N_("campaign plunder"),
    "correction": N_("correction"), "taxes": N_("taxes"), "cities": N_("cities"),
    "chaos": N_("chaos"), "battle lost": N_("battle lost"),
    "emergency-tax": N_("senate vote: emergency tax"),
    "bread-and-circuses": N_("senate vote: bread and circuses"),
    "hail-caesar": N_("senate vote: hail Caesar"), "new-legions": N_("senate vote: new legions"),
    "influence-in-rome": N_("senate vote: influence in Rome"),
    "barbarians": N_("Barbarians at the Gates"),
}


def _with_card(template: str):
    """Like words.formatted, with the event's card shown by its printed title."""
    def write(event, tr, names):
        return tr._(template).format(**{**event, "card": names.card(event["card"])})
    return write


def _amount(positive: str, negative: str):
    def write(event, tr, names):
        template = positive if event["amount"] >= 0 else negative
        return tr._(template).format(player=event["player"], amount=abs(event["amount"]),
                                     why=names.why(event["why"]))
    return write


def _battle(event, tr, names):
    template = (tr._("{attacker} attacks {defender} at sea in {where}") if event["fight"] == "naval"
                else tr._("{attacker} attacks {defender} in {where}"))
    return template.format(attacker=event["attacker"], defender=event["defender"],
                           where=names.place(event["where"]))


def _battle_over(event, tr, names):
    if event["winner"] is None:
        return tr._("The battle in {where} ends without a winner").format(
            where=names.place(event["where"]))
    return tr._("{winner} wins the battle in {where}").format(
        winner=event["winner"], where=names.place(event["where"]))


def _scored(event, tr, names):
    shown = ", ".join(f"{p} {v}" for p, v in event["vp"].items()) or "-"
    return tr._("{province} scores: {vp}").format(province=names.place(event["province"]),
                                                   vp=shown)


WRITERS: dict[str, words.Writer] = {
    "setup": lambda e, tr, n: tr._("A new game for {players}; {first} opens the first "
                                   "auction").format(players=n.names(e["players"]),
                                                     first=e["first"]),
    "auction-opened": words.formatted(N_("Alliance auction {number} opens with {opener}")),
    "bid": lambda e, tr, n: tr._("{player} bids {amount} talents for {a} and {b}").format(
        player=e["player"], amount=e["amount"], a=e["a"], b=e["b"] or "-"),
    "auction-pass": words.formatted(N_("{player} passes")),
    "auction-won": lambda e, tr, n: tr._("{player} wins auction {number} for {bid} talents: "
                                         "{a} in box A, {b} in box B").format(
        player=e["player"], number=e["number"], bid=e["bid"], a=e["a"], b=e["b"] or "-"),
    "alliances": lambda e, tr, n: tr._("Alliance A: {a}; alliance B: {b}; turn order: "
                                       "{order}").format(a=n.names(e["a"]), b=n.names(e["b"]),
                                                         order=n.names(e["order"])),
    "turn": words.formatted(N_("Season {season}, round {round}: {player}'s turn")),
    "action": lambda e, tr, n: words.counted(tr, "{player}: {left} action left this round",
                                             "{player}: {left} actions left this round",
                                             e["left"]).format(**e),
    "round": words.formatted(N_("Round {round} of season {season} begins")),
    "rounds-over": words.formatted(N_("The rounds of season {season} are over: taxes and scoring")),
    "talents": _amount(N_("{player} gains {amount} talents ({why})"),
                       N_("{player} pays {amount} talents ({why})")),
    "chaos": _amount(N_("{player} takes {amount} chaos ({why})"),
                     N_("{player} discards {amount} chaos ({why})")),
    "vp": _amount(N_("{player} gains {amount} VP ({why})"),
                  N_("{player} loses {amount} VP ({why})")),
    "card-taken": _with_card(N_("{player} takes the card {card} for {cost} talents")),
    "recruited": lambda e, tr, n: tr._("{player} recruits {units} in {province}").format(
        player=e["player"], units=n.units(e["units"]), province=n.place(e["province"])),
    "influence-bought": lambda e, tr, n: tr._("{player} buys influence in {province} from "
                                              "{source}").format(
        player=e["player"], province=n.place(e["province"]),
        source=tr._("the province tokens") if e["source"] == "token" else e["source"]),
    "passed": words.formatted(N_("{player} passes")),
    "moved": lambda e, tr, n: tr._("{player} moves {units} from {origin} to {to}").format(
        player=e["player"], units=n.units(e["units"]), origin=n.place(e["origin"]),
        to=n.place(e["to"])),
    "card-used": _with_card(N_("{player} uses {card}")),
    "board-values": lambda e, tr, n: tr._("The table enters the values printed on its board "
                                          "and dice"),
    "tokens-placed": lambda e, tr, n: tr._("Province tokens laid out: {tokens}").format(
        tokens=", ".join(f"{n.place(p)} {c}" for p, c in e["tokens"].items())),
    "cards-offered": lambda e, tr, n: tr._("Cards on offer: {cards}").format(
        cards=n.cards(e["cards"])),
    "placed": lambda e, tr, n: tr._("{player} places {units} in {where}").format(
        player=e["player"], units=n.units(e["units"]), where=n.place(e["where"])),
    "starting-influence": lambda e, tr, n: tr._("{player} starts with influence in "
                                                "{provinces}").format(
        player=e["player"], provinces=", ".join(f"{n.place(p)} {c}"
                                                for p, c in e["provinces"].items())),
    "influence": lambda e, tr, n: tr._("{player}'s influence in {province} changes by "
                                       "{amount}").format(
        player=e["player"], province=n.place(e["province"]), amount=e["amount"]),
    "units": lambda e, tr, n: tr._("{player}'s units in {where} change by {units}").format(
        player=e["player"], where=n.place(e["where"]), units=n.units(e["units"])),
    "city": lambda e, tr, n: tr._("The city of {province} belongs to {owner}").format(
        province=n.place(e["province"]), owner=e["owner"] or "-"),
    "battle": _battle,
    "battle-round": lambda e, tr, n: tr._("Battle round {round}: the attacker rolls "
                                          "{attacker} dice, the defender {defender}").format(
        round=e["round"], attacker=e["dice"]["attacker"], defender=e["dice"]["defender"]),
    "battle-roll": lambda e, tr, n: tr._("{player} rolls {faces} (hits: {hits})").format(
        player=e["player"], faces=", ".join(n.face(f) for f in e["faces"]), hits=e["hits"]),
    "losses": lambda e, tr, n: tr._("{player} loses {units}").format(
        player=e["player"], units=n.units({e["unit"]: e["count"]})),
    "retreat": lambda e, tr, n: tr._("{player} retreats to {to}").format(
        player=e["player"], to=n.place(e["to"])),
    "stay": words.formatted(N_("{player} stays and fights on")),
    "battle-over": _battle_over,
    "withdraw-leaders": lambda e, tr, n: tr._("{player} must withdraw the leaders left alone "
                                              "in {where} to a next province before play "
                                              "goes on").format(
        player=e["player"], where=n.place(e["where"])),
    "withdrawn": lambda e, tr, n: tr._("{player} withdraws {units} from {origin} to "
                                       "{to}").format(
        player=e["player"], units=n.units(e["units"]), origin=n.place(e["origin"]),
        to=n.place(e["to"])),
    "fair-wind-asked": lambda e, tr, n: tr._("{player} holds Fair Wind and decides whether "
                                             "the naval battle in {sea} is fought").format(
        player=e["player"], sea=n.place(e["sea"])),
    "fair-wind-declined": lambda e, tr, n: tr._("{player} does not use Fair Wind: the naval "
                                                "battle in {sea} is fought").format(
        player=e["player"], sea=n.place(e["sea"])),
    "naval-cancelled": words.formatted(N_("{defender} cancels the naval battle with Fair Wind")),
    "vote-called": _with_card(N_("{player} calls the senate vote {card}")),
    "vote-bid": words.formatted(N_("{player} reveals senators worth {votes} votes")),
    "vote-pass": words.formatted(N_("{player} passes")),
    "vote-empty": _with_card(N_("Nobody votes: {card} is used for this season")),
    "vote-won": _with_card(N_("{player} wins the vote {card} and pays senators worth {votes} "
                              "votes")),
    "senator-drawn": words.formatted(N_("{player}, first in Italia, draws a senator worth "
                                        "{value}")),
    "no-italia-majority": lambda e, tr, n: tr._("Nobody leads in Italia: no senator is drawn"),
    "senators-removed": lambda e, tr, n: tr._("Senator cards out of the game: {senators}").format(
        senators=", ".join(map(str, e["senators"])) or "-"),
    "province-scored": _scored,
    "chaos-ranked": lambda e, tr, n: tr._("Chaos ranking: {places}").format(
        places=", ".join(f"{p} {place}" for p, place in e["places"].items()) or "-"),
    "diplomacy-returned": lambda e, tr, n: tr._("{player} gives back {cards}").format(
        player=e["player"], cards=n.cards(e["cards"])),
    # the cards played (cards.py): each a change to make on the board
    "card-costs": lambda e, tr, n: tr._("The table enters the costs printed on its cards: "
                                        "{costs}").format(
        costs=", ".join(f"{n.card(c)} {v}" for c, v in e["costs"].items()) or "-"),
    "city-built": lambda e, tr, n: tr._("{player} builds a city in {province}: put a city "
                                        "there, beside his units").format(
        player=e["player"], province=n.place(e["province"])),
    "influence-placed": lambda e, tr, n: tr._("{player} puts {amount} influence token in "
                                              "{province}, where his caesar stands").format(
        player=e["player"], amount=e["amount"], province=n.place(e["province"])),
    "senator-bribed": lambda e, tr, n: tr._("{player} takes a Senator worth {value} at random "
                                            "from {target}'s hand").format(**e),
    "units-added": lambda e, tr, n: tr._("Put {units} of {player} in {where}").format(
        player=e["player"], units=n.units(e["units"]), where=n.place(e["where"])),
    "units-removed": lambda e, tr, n: tr._("Remove {units} of {player} from {where}").format(
        player=e["player"], units=n.units(e["units"]), where=n.place(e["where"])),
    "slave-revolt": lambda e, tr, n: tr._("{slaves} slaves rise in {province} and attack "
                                          "{target}'s army first").format(
        slaves=n.units(e["slaves"]), province=n.place(e["province"]), target=e["target"]),
    "revolt-over": lambda e, tr, n: tr._("The slave revolt in {province} is over: remove the "
                                         "slaves left").format(
        province=n.place(e["province"])),
    "general-assassinated": lambda e, tr, n: tr._("Remove {target}'s general from {where}: "
                                                  "the Assassin struck").format(
        target=e["target"], where=n.place(e["where"])),
    "senator-assassinated": lambda e, tr, n: tr._("{target}'s Senator worth {value}, drawn at "
                                                  "random, leaves the game: the Assassin "
                                                  "struck").format(**e),
    "season-over": words.formatted(N_("Season {season} is over")),
    "game-over": lambda e, tr, n: tr._("The game is over: {winners} wins").format(
        winners=n.names(e["winners"])),
}

describe = words.EventWords(WRITERS, Names)
