"""Every card the engine plays, as `legal_actions` lists it, is accepted once its open fields are
filled from its own `targets`: the list the companion's buttons come from never offers a card
the rules then refuse, and a card with no target is not listed."""
from forge.engine.conquest import RULES
from forge.engine.conquest.cards import card_play
from forge.engine.core import Session

PLAYERS = ["angela", "bernardo"]
IMMEDIATE = sorted(c for c in card_play() if c != "assassin")


def game(offer, army, **books) -> Session:
    session = Session(RULES, {"players": PLAYERS, "first": "angela"}, seed=None)
    start = session.states[0]
    start.update({"phase": "actions", "auction": None, "order": list(PLAYERS),
                  "alliances": {"A": ["angela"], "B": ["bernardo"]},
                  "turn": {"index": 0, "actions_left": 2, "card_picks_left": 1, "played": []},
                  "offer": list(offer), "army": {p: army.get(p, {}) for p in PLAYERS}})
    for player, book in books.items():
        start["books"][player].update(book)
    start["books"]["angela"]["talents"] = 200
    return session


def filled(act: dict) -> dict:
    """The listed action with its open fields chosen from its targets."""
    done = {k: v for k, v in act.items() if k not in ("open", "targets", "count",
                                                      "destination", "effect")}
    targets, effect = act.get("targets"), act.get("effect")
    if effect == "city":
        done["province"] = targets[0]
    elif effect == "senator":
        done["target"] = targets[0]
    elif effect == "sea":
        done["from"] = targets[0]
    elif effect == "move":
        origin, units = next(iter(targets.items()))
        left, chosen = act["count"], {}
        for unit in ("infantry", "cavalry", "catapult"):
            take = min(left, units.get(unit, 0))
            if take:
                chosen[unit], left = take, left - take
        done.update({"from": origin, "units": chosen})
    elif effect == "revolt":
        province, armies = next(iter(targets.items()))
        done.update({"province": province, "target": armies[0], "losses": {}})
    elif effect == "remove":
        general = targets["general"]
        if general:
            player, places = next(iter(general.items()))
            done.update({"target": player, "where": places[0]})
        else:
            done.update({"target": targets["senator"][0], "senator": True})
    if "cost" in act.get("open", []):
        done["cost"] = 10
    return done


def test_each_listed_card_is_accepted_with_its_own_targets():
    army = {"angela": {"egypt": {"caesar": 1}, "achaia": {"general": 1, "infantry": 3,
                                                          "cavalry": 2},
                       "sea-by-italia": {"galley": 1}},
            "bernardo": {"sicilia": {"infantry": 2, "general": 1}}}
    for card in IMMEDIATE:
        session = game([card], army, angela={"cards": ["assassin"]})
        listed = [a for a in session.legal_actions()
                  if a.get("card") in (card, "assassin") and a["type"] != "take-card"]
        assert {a["card"] for a in listed} == {card, "assassin"}, (card, listed)
        for act in listed:
            session.act(filled(act), dice_values=[1])
            session.undo()


def test_a_card_without_a_target_is_not_listed():
    army = {"angela": {"moesia": {"caesar": 1, "infantry": 2}}, "bernardo": {}}
    session = game(IMMEDIATE, army, bernardo={"senators": []},
                   angela={"cards": ["assassin"], "senators": []})
    session.states[session.position]["cities"] = {p: "bernardo" for p in (
        "egypt", "numidia", "hispania", "sicilia", "italia", "neapolis", "mesopotamia",
        "narbonensis", "achaia", "asia", "galatia")}
    listed = {a["card"] for a in session.legal_actions() if a["type"] in ("play-card",
                                                                        "use-card")}
    assert listed == {"slave-revolt"}, listed
