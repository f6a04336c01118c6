"""Conquest of the Empire II: the battle resolver screen, driven by real taps (Xvfb).

The game is brought to a round of actions through the engine (auction, units by `adjust`);
the battle itself is declared, rolled, resolved and retreated from by taps.
"""
from __future__ import annotations

from test_conquest_auction import back_to_books, button, conquest_session, open_screen, press
from touch import assert_buttons_fit, screenshot, walk, window_size

PLAYERS = ["juan", "carlos", "ana", "ben"]


def at_war(app, units: dict, cities: dict | None = None, cards: list[str] | None = None):
    """Four players after the auction (A: juan, ana; B: carlos, ben; juan's turn), with
    units placed by the table's `adjust`."""
    session = conquest_session(app, {"players": PLAYERS, "first": "juan"})
    session.act({"type": "bid", "player": "juan", "amount": 0, "a": "juan", "b": "carlos"})
    for player in ("carlos", "ana", "ben"):
        session.act({"type": "auction-pass", "player": player})
    session.act({"type": "bid", "player": "carlos", "amount": 0, "a": "ana", "b": "ben"})
    for player in ("ana", "ben", "juan"):
        session.act({"type": "auction-pass", "player": player})
    assert session.state["alliances"] == {"A": ["juan", "ana"], "B": ["carlos", "ben"]}
    for player, places in units.items():
        session.act({"type": "adjust", "player": player, "units": places})
    if cities:
        session.act({"type": "adjust", "player": "juan", "cities": cities})
    return session


def pick(screen, role: str, text: str, pump):
    """Tap the choice answering `role` (where, defender, who, source ...) that reads `text`."""
    found = [w for w in walk(screen) if getattr(w, "role", None) == role and w.text == text]
    assert found, f"no {role} choice {text!r}"
    press(found[0], pump)


def chooser(screen, role: str):
    """The place chooser (companion.places) whose choices answer `role`."""
    from companion.places import PlaceChooser

    found = [w for w in walk(screen) if isinstance(w, PlaceChooser) and w.choice_role == role]
    assert found, f"no place chooser for {role}"
    return found[0]


def type_into(screen, role: str, text: str, pump):
    """Tap the filter field of the place chooser for `role` and type `text` into it."""
    field = chooser(screen, role).field
    press(field, pump)
    field.text = text
    pump()


def test_land_battle_for_a_city_with_loans_galleys_and_entered_faces(app, pump, window, shots):
    session = at_war(app, {
        "juan": {"galatia": {"infantry": 2, "cavalry": 1, "general": 1},
                 "pontus": {"galley": 1}},
        "ana": {"galatia": {"infantry": 2}},
        "carlos": {"galatia": {"infantry": 3}}}, cities={"galatia": "carlos"})
    screen = open_screen(app, "conquest_battle", session, pump)
    assert screen.title_text == "Battle"
    assert_buttons_fit(screen, window, "declare")
    screenshot(window, shots, "battle-declare", pump)

    pick(screen, "where", "Galatia", pump)
    pick(screen, "defender", "carlos", pump)
    assert (screen.where, screen.defender) == ("galatia", "carlos")
    # ana lends 2 infantry to the attacker
    pick(screen, "who", "ana", pump)
    press(button(screen, "+1"), pump)
    press(button(screen, "Add"), pump)
    # juan's galley joins from Pontus
    pick(screen, "source", "Galleys from a sea", pump)
    pick(screen, "who", "juan", pump)
    pick(screen, "sea", "Pontus", pump)             # where juan's galley is: listed first
    press(button(screen, "Add"), pump)
    assert len(screen.support) == 2
    screenshot(window, shots, "battle-declare-support", pump)
    assert screen.declaration()["support"] == {
        "attacker": {"lent": {"ana": {"infantry": 2}}, "galleys": {"pontus": 1}}}
    press(button(screen, "Declare the battle"), pump)

    battle = session.state["battle"]
    assert battle["city"] and battle["due"] == ["defender"]
    assert screen.title_text == "Land battle in Galatia"
    texts = [w.text for w in walk(screen) if hasattr(w, "text")]
    assert any("carlos defends his city: he rolls first" in t for t in texts)
    assert any("4 dice: base 3, +1 leader" in t for t in texts)           # attacker
    assert any("4 dice: base 3, +1 city" in t for t in texts)             # defender
    assert any("ana (lent): 2 Infantry" in t for t in texts)
    assert_buttons_fit(screen, window, "roll")
    screenshot(window, shots, "battle-roll-city", pump)

    # the defender's faces from the table, by symbol
    for name in ("Infantry", "Infantry", "Blank", "Galley"):
        pick(screen, "face-defender", name, pump)
    assert screen.faces == {"defender": ["infantry", "infantry", "blank", "galley"]}
    press(button(screen, "Send the faces rolled at the table"), pump)
    battle = session.state["battle"]
    assert battle["step"] == "casualties" and battle["pending"] == {"attacker": 2}
    assert any("Hits in all: 2" in line for line in screen.rolls)
    screenshot(window, shots, "battle-casualties", pump)
    assert_buttons_fit(screen, window, "casualties")
    # no leader is offered as a casualty
    texts = [w.text for w in walk(screen) if hasattr(w, "text")]
    assert not any("General" in t and " of " in t for t in texts)
    # the attacker loses ana's two infantry
    row = next(w for w in walk(screen) if hasattr(w, "text") and
               w.text.startswith("ana (lent): Infantry"))
    plus = [c for c in row.parent.children if getattr(c, "text", "") == "+"][0]
    press(plus, pump)
    plus = [c for c in next(w for w in walk(screen) if hasattr(w, "text") and w.text.startswith(
        "ana (lent): Infantry")).parent.children if getattr(c, "text", "") == "+"][0]
    press(plus, pump)
    press(button(screen, "Remove these 2 of 2"), pump)
    battle = session.state["battle"]
    assert battle["step"] == "roll" and battle["due"] == ["attacker"]
    assert "ana" not in session.state["army"] or \
        not session.state["army"]["ana"].get("galatia")

    # the attacker rolls after his losses: 3 infantry faces but only 2 infantry: capped
    for name in ("Infantry", "Infantry", "Infantry", "Galley"):
        pick(screen, "face-attacker", name, pump)
    press(button(screen, "Send the faces rolled at the table"), pump)
    state = session.state
    assert state["battle"] is None
    assert state["cities"]["galatia"] == "juan"
    assert state["books"]["carlos"]["chaos"] == 2 and state["books"]["juan"]["chaos"] == 0
    assert screen.title_text == "The battle is over"
    result = "\n".join(screen.result)
    assert "Juan wins the battle in Galatia" in result
    assert "Infantry: rolled 3, in the battle 2, hits 2" in result
    assert "Galley: rolled 1, hits 1" in result
    assert "The city of Galatia belongs to juan" in result
    assert "Carlos takes 2 chaos (battle lost)" in result
    assert_buttons_fit(screen, window, "result")
    screenshot(window, shots, "battle-result", pump)
    back_to_books(app, screen, pump)


def test_hits_capped_by_matching_units_are_explained(app, pump, window, shots):
    session = at_war(app, {"juan": {"galatia": {"infantry": 2, "cavalry": 1}},
                           "carlos": {"galatia": {"infantry": 5}}})
    screen = open_screen(app, "conquest_battle", session, pump)
    pick(screen, "where", "Galatia", pump)
    pick(screen, "defender", "carlos", pump)
    press(button(screen, "Declare the battle"), pump)
    assert session.state["battle"]["due"] == ["attacker", "defender"]
    assert any(getattr(w, "text", "") == "Roll for me" for w in walk(screen))
    session.dice_mode = "physical"              # real dice: only the faces from the table
    screen.refresh()
    pump()
    assert not any(getattr(w, "text", "") == "Roll for me" for w in walk(screen))
    screenshot(window, shots, "battle-physical-roll", pump)
    for name in ("Infantry", "Infantry", "Infantry"):
        pick(screen, "face-attacker", name, pump)
    for name in ("Blank", "Blank", "Blank"):
        pick(screen, "face-defender", name, pump)
    press(button(screen, "Send the faces rolled at the table"), pump)
    assert "Carlos loses 2 Infantry" in screen.message
    assert "Infantry: rolled 3, in the battle 2, hits 2" in screen.rolls
    assert "Hits in all: 2" in screen.rolls
    screenshot(window, shots, "battle-hits-capped", pump)
    # retreat choices: the defender first
    battle = session.state["battle"]
    assert battle["step"] == "retreat" and battle["retreat_due"] == "defender"
    assert_buttons_fit(screen, window, "retreat")
    screenshot(window, shots, "battle-retreat", pump)
    press(button(screen, "Stay and fight on"), pump)
    assert session.state["battle"]["retreat_due"] == "attacker"
    # a refusal in the engine's words: nothing typed
    press(button(screen, "Retreat"), pump)
    assert screen.message.startswith("Not allowed:")
    # a province printed only on the table's board: typed, then chosen as another province
    type_into(screen, "retreat", "cappadocia", pump)
    assert not chooser(screen, "retreat").buttons.keys() - {"cappadocia"}
    pick(screen, "retreat", "Another province: cappadocia", pump)
    assert screen.retreat_to == "cappadocia"
    press(button(screen, "Retreat"), pump)
    state = session.state
    assert state["battle"] is None
    assert state["army"]["juan"]["cappadocia"] == {"infantry": 2, "cavalry": 1}
    assert "Carlos wins the battle in Galatia" in "\n".join(screen.result)


def take_casualties(screen, session, pump):
    """Choose the owed losses with the + buttons, first rows first, and send them."""
    from kivy.uix.button import Button

    for action in session.legal_actions():
        owed = action["count"]
        while sum((screen.remove or {}).get(action["side"], {}).values()) < owed:
            before = dict((screen.remove or {}).get(action["side"], {}))
            plus = [w for w in walk(screen) if isinstance(w, Button) and w.text == "+"]
            for candidate in reversed(plus):            # in the order shown
                press(candidate, pump)
                if (screen.remove or {}).get(action["side"], {}) != before:
                    break
        press(button(screen, f"Remove these {owed} of {owed}"), pump)


def test_naval_battle_rolled_by_the_app_lasts_at_most_three_rounds(app, pump, window, shots):
    session = at_war(app, {"juan": {"aegean": {"galley": 1}, "ionian": {"galley": 1}},
                           "ana": {"aegean": {"galley": 1}},
                           "carlos": {"aegean": {"galley": 3}}})
    screen = open_screen(app, "conquest_battle", session, pump)
    pick(screen, "kind", "Naval battle", pump)
    pick(screen, "where", "Aegean", pump)            # juan's galley is there: listed first
    pick(screen, "defender", "carlos", pump)
    # juan's galley sails in from the Ionian sea; ana lends her galley
    pick(screen, "source", "Galleys moving in", pump)
    pick(screen, "sea", "Ionian", pump)
    press(button(screen, "Add"), pump)
    pick(screen, "source", "Lent by an ally", pump)
    pick(screen, "who", "ana", pump)
    press(button(screen, "Add"), pump)
    assert screen.declaration() == {
        "type": "naval", "player": "juan", "to": "aegean", "galleys": {"ionian": 1},
        "battle": {"defender": "carlos", "support": {"attacker": {"lent": {"ana": {"galley": 1}}}}}}
    screenshot(window, shots, "naval-declare", pump)
    press(button(screen, "Declare the battle"), pump)
    battle = session.state["battle"]
    assert battle["kind"] == "naval"
    texts = [w.text for w in walk(screen) if hasattr(w, "text")]
    assert any("Round 1 of at most 3" in t for t in texts)
    assert any("3 dice: 3 galleys" in t for t in texts)
    assert any("ana (lent): 1 Galley" in t for t in texts)
    screenshot(window, shots, "naval-roll", pump)
    rolls = 0
    while session.state["battle"] is not None:
        step = session.state["battle"]["step"]
        assert step in ("roll", "casualties")              # no retreat at sea
        if step == "casualties":
            take_casualties(screen, session, pump)
            continue
        rolls += 1
        assert rolls <= 3
        press(button(screen, "Roll for me"), pump)
    assert screen.title_text == "The battle is over"
    assert_buttons_fit(screen, window, "naval result")
    screenshot(window, shots, "naval-result", pump)
    press(button(screen, "Another battle"), pump)
    assert screen.title_text == "Battle"


def test_battle_fits_a_large_window(app, pump, window, shots):
    session = at_war(app, {"juan": {"galatia": {"infantry": 2}},
                           "carlos": {"galatia": {"infantry": 2}}})
    session.act({"type": "battle", "player": "juan", "province": "galatia",
                 "defender": "carlos"})
    screen = open_screen(app, "conquest_battle", session, pump)
    with window_size(window, (1280, 800), pump):
        assert_buttons_fit(screen, window, "battle big")
        screenshot(window, shots, "battle-big", pump)
    app.set_setting("lang", "es")
    pump(4)
    assert screen.title_text == "Batalla terrestre en Galacia"
    assert button(screen, "Tira por mí")
    assert_buttons_fit(screen, window, "battle es")
    screenshot(window, shots, "battle-es", pump)
